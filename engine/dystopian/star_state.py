"""The STAR deck's answer windows and the cards in play outside an activation (DW-8.2, DW-7.1).

An answer window is a short stage in which one seat, not always the active player, may play a
card or pass (`Window`): the T cards chosen face down at the start of the turn (DW-7.1 phase 1),
an R card against the attack just declared on one of its models, a Sturginium counter card against
the card the opponent just played, and the discards at will of the End Phase (DW-8.3). While a
window is open nothing else may be commanded (`engine.dystopian.answers`).
"""

from __future__ import annotations

import enum

from attrs import frozen

__all__ = ["AnswerKind", "Reaction", "TurnCard", "Window"]


class AnswerKind(enum.StrEnum):
    """What a window asks (DW-8.2, DW-8.3)."""

    TURN = "turn"
    """DW-7.1 phase 1 / DW-8.2 T: choose one T card face down, or none."""
    REACTION = "reaction"
    """DW-8.2 R: one R card on one of the player's models the attack just declared aims at."""
    COUNTER = "counter"
    """DW-8.2 Sturginium: a counter card against the card just played."""
    DISCARD = "discard"
    """DW-8.3 / DW-7.3 step 6: discard any number of cards before drawing."""


@frozen
class Window:
    """DW-8.2: the answer asked of ``player`` now.

    Attributes:
        kind: what is asked.
        player: the seat that answers.
        card: COUNTER: the card that may be cancelled.
        owner: COUNTER: the player who played it.
        attack: REACTION: the attack's index among the activation's declared attacks.
        queue: TURN and COUNTER: the revealed T cards, (player, card), still to be offered
            to the counter cards, in the order they resolve (DW-8.2).
        first: TURN: the player who resolves first (the previous turn's initiative, DW-8.2);
            -1 on turn 1, when 2D6 each decide it at the reveal.
        pool: COUNTER: the counter cards put down so far, too weak together to cancel the card
            yet (DW-8.2: several counter cards add together); still in the hand until then.
    """

    kind: AnswerKind
    player: int
    card: str = ""
    owner: int = -1
    attack: int = -1
    queue: tuple[tuple[int, str], ...] = ()
    first: int = -1
    pool: tuple[str, ...] = ()


@frozen
class TurnCard:
    """DW-8.2 T: a T card in play in ``turn`` for ``player`` (it lasts until the turn ends)."""

    turn: int
    player: int
    card: str


@frozen
class Reaction:
    """DW-8.2 R: an R card played on ``model`` against one declared attack.

    The attack is the ``attack``-th declared by ``squadron`` in ``turn`` (a squadron activates
    once a turn, DW-7.1); the card's effect ends when that attack is resolved.
    """

    turn: int
    squadron: int
    attack: int
    player: int
    card: str
    model: int
