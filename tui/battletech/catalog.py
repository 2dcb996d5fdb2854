"""How the timeline and the replay browser read a BattleTech save: its marks and its words.

Marks (BT-M-9): a turn begins where the previous one ended (`TurnEnded`: its Initiative phase; the
first turn, at its `PhaseStarted`), and each later phase at its `PhaseStarted`. Words: the sides
and the scenario's title from the header's setup, the units' names to filter by, and the winner
from the `GameEnded` event, all read from raw JSON (the browser does not load the save).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tui.screens._catalog import HeaderWords
from tui.screens._marks import MarkRule

if TYPE_CHECKING:
    from tui.screens._marks import Getter

__all__ = ["MARKS", "WORDS"]


def _turn(get: Getter) -> int:
    """The event's turn number; a value that is not one (text, a bool, a float) is damage.

    Raises:
        ValueError: the turn is not a whole number.
    """
    turn = get("turn")
    if not isinstance(turn, int) or isinstance(turn, bool):
        raise ValueError(f"the turn {turn!r} is not a number")  # noqa: TRY004 - damage, not a bug
    return turn


def _phase(get: Getter) -> tuple[tuple[int, ...], str]:
    """BT-M-9: a phase of turn N began.

    Raises:
        ValueError: the turn is not a number or the phase not a name.
    """
    turn, phase = _turn(get), get("phase")
    if not isinstance(phase, str):
        raise ValueError(f"the phase {phase!r} is not a phase")  # noqa: TRY004 - damage, not a bug
    return (turn,), f"turn {turn} {phase}"


def _turn_ended(get: Getter) -> tuple[tuple[int, ...], str]:
    """BT-M-9 step 15: turn N is over; turn N + 1 begins with its Initiative phase.

    Raises:
        ValueError: the turn is not a number.
    """
    turn = _turn(get) + 1
    return (turn,), f"turn {turn} initiative"


MARKS = MarkRule(
    reads={"bt/phase": _phase, "bt/turn_ended": _turn_ended},
    title=lambda number: f"turn {number[0]}",
    unit="turn",
    before="start",
)
"""Turns (major) and phases (minor)."""


def _result(event: dict[str, Any], setup: dict[str, Any], progress: str) -> str:
    """The winner's words; a winner that is not a side's number, nor None for a draw, is damage.

    Raises:
        ValueError: the winner names no side of the setup.
    """
    del progress
    winner, sides = event.get("winner"), setup.get("sides")
    if winner is None:
        return "draw"
    if type(winner) is not int or not isinstance(sides, list) or not 0 <= winner < len(sides):
        raise ValueError(f"the winner {winner!r} is not one of the sides")
    return f"{sides[winner]} won"


def _who(setup: dict[str, Any]) -> str:
    sides = setup.get("sides")
    names = " v ".join(str(side) for side in sides) if isinstance(sides, list) else ""
    title = setup.get("title")
    return f"{names} ({title})" if title else names


def _units(setup: dict[str, Any]) -> str:
    units = setup.get("units")
    designs = (
        unit.get("design") if isinstance(unit, dict) else None
        for unit in (units if isinstance(units, list) else [])
    )
    return " ".join(
        f"{d.get('chassis', '')} {d.get('model', '')}" for d in designs if isinstance(d, dict)
    )


WORDS = HeaderWords(who=_who, search=_units, end_tag="bt/game_ended", result=_result)
"""The sides, the units and the winner."""
