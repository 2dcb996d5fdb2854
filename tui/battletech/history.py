"""What undo took back and redo gave again, in BattleTech's words (issue 13 item 4).

The base screen says the command's own line (`GameScreen.entry_line`): "Kurita: Shadow Hawk [s]
walks F F R". A walk or a run names its steps, not where they led: `with_destination` adds the
hex the unit ended in, "... walks F F R to 0612", read from the states before and after the entry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.battletech.commands import Move

if TYPE_CHECKING:
    from engine.game import Game

__all__ = ["with_destination"]


def with_destination(game: Game[Any, Any, Any, Any], index: int, line: str) -> str:
    """Add where entry ``index``'s move ended to its ``line`` ("walks F F to 0612").

    Args:
        game: the game (its log holds the entry).
        index: the entry's index in the log.
        line: the command's line as the ruleset tells it.

    Returns:
        The line, with " to HEX" when the entry is a `Move` that changed the unit's hex; the line
        as it was otherwise (a jump already names its landing).
    """
    try:
        command = game.log[index].command
        if not isinstance(command, Move) or not line:
            return line
        before = game.state_at(index).units[command.unit].hex
        after = game.state_at(index + 1).units[command.unit].hex
    except IndexError:
        return line
    if after is None or after == before:
        return line
    return f"{line} to {after.label}"
