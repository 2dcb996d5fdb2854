"""The events of the STAR deck's answers (DW-8.2, DW-8.3, DW-7.1 phase 1; DW-28.12's effects).

The S and A cards' `CardPlayed`, the draws, discards and shuffles are in `engine.dystopian.events`;
these are the answer windows (`engine.dystopian.star_state.Window`), the T cards chosen face down
and revealed, the R cards, the counter cards' cancellations, and what a card changed when it took
effect (for the log).
"""

from __future__ import annotations

from attrs import frozen

from engine.dystopian.events import DWEvent
from engine.dystopian.star_state import Window

__all__ = [
    "STAR_EVENTS",
    "AnswerAsked",
    "AnswerPassed",
    "CardCountered",
    "CardTookEffect",
    "ReactionPlayed",
    "TurnCardChosen",
    "TurnCardsRevealed",
]


@frozen
class AnswerAsked(DWEvent):
    """DW-8.2 / DW-8.3: ``window.player`` is asked to answer; nothing else happens until then."""

    TAG = "dw_answer_asked"
    window: Window


@frozen
class AnswerPassed(DWEvent):
    """``player`` plays no card (or, in the End Phase, discards no more): the window closes."""

    TAG = "dw_answer_passed"
    player: int


@frozen
class TurnCardChosen(DWEvent):
    """DW-8.2 T: ``player`` chose ``card`` face down ("": none); it stays in hand till revealed."""

    TAG = "dw_turn_card_chosen"
    player: int
    card: str


@frozen
class TurnCardsRevealed(DWEvent):
    """DW-8.2 T: the chosen T cards revealed together, in the order they resolve.

    Attributes:
        rounds: turn 1 only: the 2D6 each (ties again) that decide who resolves first.
        order: the players in the order their cards resolve.
        cards: each player's card in that order ("": none).
    """

    TAG = "dw_turn_cards_revealed"
    rounds: tuple[tuple[tuple[int, int], tuple[int, int]], ...]
    order: tuple[int, ...]
    cards: tuple[str, ...]


@frozen
class ReactionPlayed(DWEvent):
    """DW-8.2 R: ``player`` played ``card`` on ``model`` against the ``attack``-th attack."""

    TAG = "dw_reaction_played"
    player: int
    card: str
    attack: int
    model: int


@frozen
class CardCountered(DWEvent):
    """DW-8.2 Sturginium: ``player``'s ``counters`` cancel ``owner``'s ``card``: all discarded."""

    TAG = "dw_card_countered"
    player: int
    counters: tuple[str, ...]
    card: str
    owner: int


@frozen
class CardTookEffect(DWEvent):
    """DW-28.12: ``card`` changed a number for ``model`` (the log's record; the state keeps it).

    ``before`` and ``after``: hits (Reinforced Bulkheads), the number needed (Evasive Manoeuvre);
    Damage Control's extra repair roll: 0 and 1, the roll follows as a `RepairRolled`.
    """

    TAG = "dw_card_took_effect"
    card: str
    model: int
    before: int = 0
    after: int = 0


STAR_EVENTS: tuple[type[DWEvent], ...] = (
    AnswerAsked,
    AnswerPassed,
    TurnCardChosen,
    TurnCardsRevealed,
    ReactionPlayed,
    CardCountered,
    CardTookEffect,
)
"""The answer windows' events (DW-8)."""
