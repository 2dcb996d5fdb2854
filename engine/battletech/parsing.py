"""The command language's shared readers: a refusal to read, and a unit's number.

`engine.battletech.language` and the rule families that read their own commands
(`engine.battletech.antimechevents`) use these, so every "cannot read" line is worded alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.game import IllegalCommand

if TYPE_CHECKING:
    from engine.battletech.state import BTState

__all__ = ["fail", "unit_number"]


def fail(text: str, why: str) -> IllegalCommand:
    """The one-line refusal of a command line that cannot be read."""
    return IllegalCommand("command/parse", f"cannot read {text.strip()!r}: {why}")


def unit_number(text: str, word: str, state: BTState) -> int:
    """The unit index ``word`` names (units are numbered from 1 on the screen)."""
    if not word.isdigit() or not 1 <= int(word) <= len(state.units):
        raise fail(text, f"units are numbered 1 to {len(state.units)}")
    return int(word) - 1
