"""The commands of the STAR deck's answer windows (DW-8.2, DW-8.3).

A T, R or counter card is played with `engine.dystopian.commands.PlayCard` in its window (an R
card names the player's model it protects); these two are the rest:

- `PassAnswer`: play no card now (``decline``; ``pass`` while a window is open);
- `DiscardCard`: discard one card of the hand in the End Phase (DW-8.3: any number, one a
  command, before drawing); the window stays open until the player passes.
"""

from __future__ import annotations

from attrs import frozen

from engine.dystopian.commands import DWCommand

__all__ = ["STAR_COMMANDS", "DiscardCard", "PassAnswer"]


@frozen
class PassAnswer(DWCommand):
    """Play no card in the answer window (or keep the rest of the hand in the End Phase)."""

    TAG = "dw_pass_answer"


@frozen
class DiscardCard(DWCommand):
    """DW-8.3: discard ``card`` from the hand in the End Phase, before drawing."""

    TAG = "dw_discard_card"
    card: str


STAR_COMMANDS: tuple[type[DWCommand], ...] = (PassAnswer, DiscardCard)
"""The answer windows' commands (DW-8)."""
