"""The STAR deck on the play screen: the hand, and the answer a window asks (DW-8).

`hand_lines`: the cards of the seat due, each with its type (S, T, A, R, counter) and Sturginium,
for the order panel; `answer_options`: the window's choices numbered for the keys 1-9 (a card to
play or discard), the pass being ``x``; `answer_lines`: the window's question and those choices.
Pure: text from the state and the legal commands, no widgets.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.dystopian.commands import PlayCard
from engine.dystopian.star_commands import DiscardCard
from engine.dystopian.star_segment import window_prompt
from engine.dystopian.state import DWState
from engine.game import Command

__all__ = ["answer_lines", "answer_options", "hand_lines"]


def _names(state: DWState) -> dict[str, str]:
    return {c.id: c.name for c in state.setup.deck}


def hand_lines(state: DWState, seat: int, *, compact: bool = False) -> list[str]:
    """DW-8.3: ``seat``'s hand, a card a line with its type and Sturginium (none without a deck)."""
    if state.star is None:
        return []
    cards = {c.id: c for c in state.setup.deck}
    hand = state.star.hands[seat]
    lines = [f"{state.players[seat]}'s hand ({len(hand)}):" if hand else "Hand: no cards."]
    for ident in hand:
        card = cards.get(ident)
        if card is None:
            continue
        symbols = f", {card.sturginium} Sturginium" if card.sturginium and not compact else ""
        lines.append(f"  {card.name} [{card.type.value}{symbols}]")
    return lines


def answer_options(legal: Sequence[Command]) -> list[Command]:
    """The window's cards to play or discard, in the order the keys 1-9 pick them."""
    return [c for c in legal if isinstance(c, PlayCard | DiscardCard)]


def _describe(state: DWState, command: Command) -> str:
    names = _names(state)
    if isinstance(command, DiscardCard):
        return f"discard {names.get(command.card, command.card)}"
    assert isinstance(command, PlayCard)  # noqa: S101 - answer_options lists only these
    name = names.get(command.card, command.card)
    return f"play {name} on {command.model}" if command.model else f"play {name}"


def answer_lines(state: DWState, legal: Sequence[Command], *, compact: bool = False) -> list[str]:
    """The open window: its question, the numbered cards (keys 1-9) and x to pass, the hand."""
    asked = state.star.window if state.star is not None else None
    if asked is None:
        return []
    options = answer_options(legal)
    lines = [window_prompt(state)]
    lines += [f"{n}. {_describe(state, c)}" for n, c in enumerate(options[:9], start=1)]
    lines.append("Keys: 1-9 the card, x pass" if options else "Keys: x pass")
    return lines + hand_lines(state, asked.player, compact=compact)
