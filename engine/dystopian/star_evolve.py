"""Apply the STAR deck's answer events to the state (DW-8.2, DW-8.3): no dice, no validation.

`STAR_APPLY` maps each event class of `engine.dystopian.star_events` to its mutator;
`engine.dystopian.evolve` registers them with its dispatcher.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from attrs import evolve as _replace

from engine.dystopian.star_events import (
    AnswerAsked,
    AnswerPassed,
    CardCountered,
    CardTookEffect,
    ReactionPlayed,
    TurnCardChosen,
    TurnCardsRevealed,
)
from engine.dystopian.star_state import AnswerKind, Reaction, TurnCard
from engine.dystopian.state import DWState, StarDeck

__all__ = ["STAR_APPLY"]


def _star(state: DWState) -> StarDeck:
    assert state.star is not None  # noqa: S101 - the answers exist only with the deck
    return state.star


def _less(cards: tuple[str, ...], gone: tuple[str, ...]) -> tuple[str, ...]:
    left = list(cards)
    for card in gone:
        left.remove(card)
    return tuple(left)


def _from_hand(star: StarDeck, player: int, cards: tuple[str, ...]) -> StarDeck:
    """``cards`` leave ``player``'s hand for the discard pile (DW-8.3: played cards)."""
    hands = list(star.hands)
    hands[player] = _less(hands[player], cards)
    return _replace(star, hands=tuple(hands), discard=(*star.discard, *cards))


def _asked(event: AnswerAsked, state: DWState) -> DWState:
    return _replace(state, star=_replace(_star(state), window=event.window))


def _passed(event: AnswerPassed, state: DWState) -> DWState:
    star = _star(state)
    done = star.discarded
    if star.window is not None and star.window.kind is AnswerKind.DISCARD:
        done = (*done, (state.turn, event.player))
    return _replace(state, star=_replace(star, window=None, discarded=done))


def _chosen(event: TurnCardChosen, state: DWState) -> DWState:
    star = _star(state)
    chosen = (*star.chosen, (event.player, event.card))
    return _replace(state, star=_replace(star, window=None, chosen=chosen))


def _revealed(event: TurnCardsRevealed, state: DWState) -> DWState:
    star = _replace(_star(state), chosen=())
    for player, card in zip(event.order, event.cards, strict=True):
        if card:
            star = _from_hand(star, player, (card,))
            star = _replace(star, turn_cards=(*star.turn_cards, TurnCard(state.turn, player, card)))
    return _replace(state, star=star)


def _reaction(event: ReactionPlayed, state: DWState) -> DWState:
    star = _from_hand(_star(state), event.player, (event.card,))
    activation = state.activation
    squadron = activation.squadron if activation is not None else -1
    played = Reaction(state.turn, squadron, event.attack, event.player, event.card, event.model)
    star = _replace(star, window=None, reactions=(*star.reactions, played))
    return _replace(state, star=star)


def _countered(event: CardCountered, state: DWState) -> DWState:
    """DW-8.2: the counters discarded; the cancelled card's effect void, wherever it is."""
    star = _from_hand(_star(state), event.player, event.counters)
    star = _replace(
        star,
        window=None,
        turn_cards=_drop_last(
            star.turn_cards, lambda t: t.card == event.card and t.player == event.owner
        ),
        reactions=_drop_last(
            star.reactions, lambda r: r.card == event.card and r.player == event.owner
        ),
    )
    activation = state.activation
    if activation is not None:
        cards = _drop_last(activation.cards, lambda p: p.card == event.card)
        activation = _replace(activation, cards=cards)
    return _replace(state, star=star, activation=activation)


def _drop_last(items: tuple[Any, ...], match: Callable[[Any], bool]) -> tuple[Any, ...]:
    """``items`` less the last one ``match`` picks (the card just played)."""
    for n in range(len(items) - 1, -1, -1):
        if match(items[n]):
            return (*items[:n], *items[n + 1 :])
    return items


def _took_effect(event: CardTookEffect, state: DWState) -> DWState:
    del event
    return state


STAR_APPLY: dict[type, Callable[[Any, DWState], DWState]] = {
    AnswerAsked: _asked,
    AnswerPassed: _passed,
    TurnCardChosen: _chosen,
    TurnCardsRevealed: _revealed,
    ReactionPlayed: _reaction,
    CardCountered: _countered,
    CardTookEffect: _took_effect,
}
"""Each answer event's mutator."""
