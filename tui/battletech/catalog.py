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


def _phase(get: Getter) -> tuple[tuple[int, ...], str]:
    """BT-M-9: a phase of turn N began."""
    turn = int(get("turn"))
    return (turn,), f"turn {turn} {get('phase')}"


def _turn_ended(get: Getter) -> tuple[tuple[int, ...], str]:
    """BT-M-9 step 15: turn N is over; turn N + 1 begins with its Initiative phase."""
    turn = int(get("turn")) + 1
    return (turn,), f"turn {turn} initiative"


MARKS = MarkRule(
    reads={"bt/phase": _phase, "bt/turn_ended": _turn_ended},
    title=lambda number: f"turn {number[0]}",
    unit="turn",
    before="start",
)
"""Turns (major) and phases (minor)."""


def _result(event: dict[str, Any], setup: dict[str, Any], progress: str) -> str:
    del progress
    winner, sides = event.get("winner"), setup.get("sides") or []
    if isinstance(winner, int) and isinstance(sides, list) and 0 <= winner < len(sides):
        return f"{sides[winner]} won"
    return "draw"


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
