"""The STAR deck's commands in the turn machine: cards played, answers given (DW-8, DW-7.1).

- `PlayCard` outside a window: an S or A card of the active player (`cards.play_card`), then the
  other player may counter it (DW-8.2). In a window: the T card chosen face down, the R card on
  the attacked model, or the counter card (`answers.answer_problem`).
- `PassAnswer`: no card; `DiscardCard`: one card discarded in the End Phase (DW-8.3).
- After a window closes the game goes on where it stopped (`_go_on`): the next player's T card,
  the reveal and its counters, then the initiative (DW-7.1 phase 2); the End Phase after the
  discards (DW-7.3 step 6); the active player's activation after an R or counter card.

`window_problem` is the guard `engine.dystopian.rules.decide` runs first: while a window is open
only its seat's answers are accepted, and answers only while one is.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from engine.dystopian.answers import (
    ANSWER,
    answer_options,
    answer_problem,
    ask_turn_card,
    counter_strength,
    offer_counter,
    offer_counters,
    reveal_turn_cards,
    window,
)
from engine.dystopian.cards import key, play_card
from engine.dystopian.commands import PlayCard
from engine.dystopian.context import Ctx
from engine.dystopian.events import CardsDiscarded
from engine.dystopian.star_commands import DiscardCard, PassAnswer
from engine.dystopian.star_events import (
    AnswerAsked,
    AnswerPassed,
    CardCountered,
    ReactionPlayed,
    TurnCardChosen,
)
from engine.dystopian.star_state import AnswerKind, Window
from engine.dystopian.state import DWState
from engine.dystopian.turns import END_PHASE, resume_end_phase, roll_2d6_off, roll_initiative
from engine.game import Command, IllegalCommand

__all__ = ["STAR_HANDLERS", "star_options", "window_problem", "window_prompt"]

_ANSWERS = (PlayCard, PassAnswer, DiscardCard)
_CARDS_STEP = next(n for n, (name, _) in enumerate(END_PHASE) if name.startswith("6 "))


def window_problem(state: DWState, command: Command) -> str:
    """Why ``command`` may not be given now because of the answer windows, or ""."""
    asked = window(state)
    if asked is None:
        if isinstance(command, PassAnswer | DiscardCard):
            return "Nothing is asked of you: there is nothing to pass or discard now."
        return ""
    if not isinstance(command, _ANSWERS):
        return f"{state.players[asked.player]} must answer first: {window_prompt(state)}"
    return ""


def _play(ctx: Ctx, command: Command) -> None:
    """DW-8.2: a card played: S or A in an activation, T, R or counter in a window."""
    assert isinstance(command, PlayCard)  # noqa: S101 - dispatched by type
    asked = window(ctx.state)
    if asked is None:
        play_card(ctx, command)
        activation = ctx.state.activation
        assert activation is not None  # noqa: S101 - play_card checked it
        offer_counter(ctx, ctx.state.squadrons[activation.squadron].owner, key(command.card))
        return
    found = answer_problem(ctx.state, command, asked)
    if isinstance(found, str):
        raise IllegalCommand(ANSWER, found)
    state = ctx.state
    if asked.kind is AnswerKind.TURN:
        ctx.emit(TurnCardChosen(asked.player, found.card))
    elif asked.kind is AnswerKind.REACTION:
        model = state.index_of(found.model)
        assert model is not None  # noqa: S101 - answer_problem found it
        ctx.emit(ReactionPlayed(asked.player, found.card, asked.attack, model))
        if offer_counter(ctx, asked.player, found.card):
            return
    else:
        pool = (*asked.pool, found.card)
        target = next(c for c in state.setup.deck if c.id == asked.card)
        if counter_strength(state, pool) < target.sturginium:  # DW-8.2: they add together
            ctx.emit(AnswerAsked(attrs.evolve(asked, pool=pool)))
            return
        ctx.emit(CardCountered(asked.player, pool, asked.card, asked.owner))
    _go_on(ctx, asked)


def _pass(ctx: Ctx, command: Command) -> None:
    """No card now; in the T step the choice is "none" (DW-8.2)."""
    del command
    asked = window(ctx.state)
    assert asked is not None  # noqa: S101 - window_problem checked it
    if asked.kind is AnswerKind.TURN:
        ctx.emit(TurnCardChosen(asked.player, ""))
    else:
        ctx.emit(AnswerPassed(asked.player))
    _go_on(ctx, asked)


def _discard(ctx: Ctx, command: Command) -> None:
    """DW-8.3: in the End Phase, one card of the hand discarded at will; the window stays."""
    assert isinstance(command, DiscardCard)  # noqa: S101 - dispatched by type
    asked = window(ctx.state)
    star = ctx.state.star
    assert asked is not None  # noqa: S101 - window_problem checked it
    assert star is not None  # noqa: S101 - a window needs the deck
    if asked.kind is not AnswerKind.DISCARD:
        raise IllegalCommand(ANSWER, "Cards are discarded at will only in the End Phase (DW-8.3).")
    card = key(command.card)
    if card not in star.hands[asked.player]:
        raise IllegalCommand(ANSWER, f"There is no {command.card} in your hand.")
    ctx.emit(CardsDiscarded(asked.player, (card,)))


def _go_on(ctx: Ctx, closed: Window) -> None:
    """After ``closed``: the next question, or the game where it stopped."""
    if closed.kind is AnswerKind.DISCARD:
        resume_end_phase(ctx, _CARDS_STEP)  # DW-7.3 step 6 goes on
        return
    queue = closed.queue
    if closed.kind is AnswerKind.TURN:
        if ask_turn_card(ctx, closed.first):
            return
        rounds, winner = roll_2d6_off(ctx) if closed.first < 0 else ((), closed.first)
        queue = reveal_turn_cards(ctx, closed.first, rounds, winner)
    elif ctx.state.initiative is not None:
        return  # DW-8.2: an answer in an activation; the active player goes on
    if not offer_counters(ctx, queue):  # DW-8.2: a revealed T card may be countered
        roll_initiative(ctx)  # DW-7.1 phase 2


def star_options(state: DWState) -> list[Command]:
    """The answers open now (cards, discards, the pass), for `rules.legal_commands`."""
    asked = window(state)
    if asked is None or state.star is None:
        return []
    found: list[Command] = [*answer_options(state)]
    if asked.kind is AnswerKind.DISCARD:
        found += [DiscardCard(c) for c in dict.fromkeys(state.star.hands[asked.player])]
    return [*found, PassAnswer()]


def window_prompt(state: DWState) -> str:
    """What the open window asks, in one line."""
    asked = window(state)
    if asked is None:
        return ""
    who = state.players[asked.player]
    names = {c.id: c.name for c in state.setup.deck}
    match asked.kind:
        case AnswerKind.TURN:
            return f"{who}: choose a T card face down (play CARD), or none (pass)."
        case AnswerKind.REACTION:
            return f"{who}: answer the attack with an R card (play CARD on MODEL), or pass."
        case AnswerKind.COUNTER:
            name = names.get(asked.card, asked.card)
            down = f" ({len(asked.pool)} down: add more)" if asked.pool else ""
            return f"{who}: counter {name}{down} (play CARD), or pass."
    return f"{who}: discard cards at will (discard CARD), then pass to draw (End Phase)."


STAR_HANDLERS: dict[type[Command], Callable[[Ctx, Command], None]] = {
    PlayCard: _play,
    PassAnswer: _pass,
    DiscardCard: _discard,
}
"""The STAR deck's command handlers (DW-8)."""
