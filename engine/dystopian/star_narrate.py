"""The STAR deck's answers told in words, with their dice (DW-8.2, DW-8.3, DW-28.12).

`STAR_SAID` maps each event class of `engine.dystopian.star_events` to its sentence; `star_rolls`
gives the dice an event rolled (the 2D6 each deciding the T cards' order on turn 1).
`engine.dystopian.narrate` registers both. A T card chosen face down is not named until revealed,
nor is it in the command's line (`face_down`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.dystopian.star_events import (
    AnswerAsked,
    AnswerPassed,
    CardCountered,
    CardTookEffect,
    ReactionPlayed,
    TurnCardChosen,
    TurnCardsRevealed,
)
from engine.dystopian.star_state import AnswerKind
from engine.dystopian.state import DWState
from engine.game import Event
from engine.narration import Roll

__all__ = ["STAR_SAID", "face_down", "star_rolls"]


def _card(state: DWState, ident: str) -> str:
    card = next((c for c in state.setup.deck if c.id == ident), None)
    return ident if card is None else f"{card.name} ({card.type.value})"


def _model(state: DWState, index: int) -> str:
    return f"{state.card(index).name} {state.models[index].ident}"


_ASKED = {
    AnswerKind.TURN: "may choose a T card face down",
    AnswerKind.REACTION: "may answer the attack with an R card",
    AnswerKind.COUNTER: "may counter",
    AnswerKind.DISCARD: "may discard cards before drawing",
}


def _asked(event: AnswerAsked, before: DWState, after: DWState) -> str:
    del after
    asked = event.window
    if asked.pool:  # DW-8.2: counter cards adding up
        down = ", ".join(_card(before, c) for c in asked.pool)
        target = _card(before, asked.card)
        return f"{before.players[asked.player]} puts down {down} against {target}: not enough yet."
    what = _ASKED[asked.kind]
    if asked.kind is AnswerKind.COUNTER:
        what += f" {before.players[asked.owner]}'s {_card(before, asked.card)}"
    return f"{before.players[asked.player]} {what}."


def _passed(event: AnswerPassed, before: DWState, after: DWState) -> str:
    del after
    asked = before.star.window if before.star is not None else None
    if asked is not None and asked.kind is AnswerKind.DISCARD:
        return f"{before.players[event.player]} keeps the rest of the hand."
    return f"{before.players[event.player]} plays no card."


def _chosen(event: TurnCardChosen, before: DWState, after: DWState) -> str:
    del after
    who = before.players[event.player]
    return f"{who} chooses a T card face down." if event.card else f"{who} plays no T card."


def _revealed(event: TurnCardsRevealed, before: DWState, after: DWState) -> str:
    del after
    shown = [
        f"{before.players[p]}: {_card(before, c) if c else 'none'}"
        for p, c in zip(event.order, event.cards, strict=True)
    ]
    rolled = "; then ".join(
        ", ".join(f"{before.players[p]} {a}+{b}={a + b}" for p, (a, b) in enumerate(pair))
        for pair in event.rounds
    )
    why = f" (turn 1, 2D6 each: {rolled})" if rolled else ""
    return f"The T cards are revealed, in the order they resolve{why}: {'; '.join(shown)}."


def _reaction(event: ReactionPlayed, before: DWState, after: DWState) -> str:
    del after
    who, card = before.players[event.player], _card(before, event.card)
    return f"{who} answers with {card} on {_model(before, event.model)}."


def _countered(event: CardCountered, before: DWState, after: DWState) -> str:
    del after
    counters = ", ".join(_card(before, c) for c in event.counters)
    target = f"{before.players[event.owner]}'s {_card(before, event.card)}"
    return f"{before.players[event.player]} plays {counters}: {target} is cancelled."


def _took_effect(event: CardTookEffect, before: DWState, after: DWState) -> str:
    del after
    model = _model(before, event.model)
    match event.card:
        case "reinforced_bulkheads":
            return f"Reinforced Bulkheads: {event.before} hits on {model} become {event.after}."
        case "evasive_manoeuvre":
            return f"Evasive Manoeuvre: {model} is hit only on 5-6."
        case "damage_control":
            return f"Damage Control: {model} makes an extra repair roll."
    return f"{_card(before, event.card)} takes effect on {model}."


STAR_SAID: dict[type, Callable[[Any, DWState, DWState], str]] = {
    AnswerAsked: _asked,
    AnswerPassed: _passed,
    TurnCardChosen: _chosen,
    TurnCardsRevealed: _revealed,
    ReactionPlayed: _reaction,
    CardCountered: _countered,
    CardTookEffect: _took_effect,
}
"""Each answer event's sentence."""


def star_rolls(event: Event) -> Sequence[Roll]:
    """The dice an answer event rolled: turn 1's 2D6 each for the T cards' order."""
    if isinstance(event, TurnCardsRevealed):
        rounds = event.rounds
        return tuple(Roll(f"player {p + 1}", pair) for r in rounds for p, pair in enumerate(r))
    return ()


def face_down(headline: str, events: Sequence[Event]) -> str:
    """DW-8.2 T: the command line of a T card chosen face down does not name it."""
    if any(isinstance(e, TurnCardChosen) and e.card for e in events):
        return "play (a T card, face down)"
    return headline
