"""What the board shows of a game: a marker per unit, the deploying unit's ghost, the last path.

Pure functions of the state (and the log entries applied), for `tui.battletech.screen`: the
screen pushes their results into the `HexBoard` (attributes down, STYLE 17).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.battletech.commands import EndMove, EndPhase, Jump, Move, RollInitiative
from tui.battletech.kind_words import prone as is_prone
from tui.battletech.widgets.kind_glyphs import kind_glyph
from tui.widgets.hexboard import UnitMarker

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine.battletech.state import BTState
    from engine.game import Entry
    from engine.hexes import Facing, Hex
    from tui.battletech.widgets.plotting import Preview

__all__ = ["ghost_marker", "last_path", "unit_markers"]


def unit_markers(
    state: BTState,
    letters: Sequence[str],
    *,
    selected: int | None = None,
    moving: tuple[int, Preview] | None = None,
) -> list[UnitMarker]:
    """A marker for every unit on the map; a unit being plotted stands at its plotted end.

    Args:
        state: the game.
        letters: each unit's board letter.
        selected: the unit being ordered (drawn reversed).
        moving: (unit, preview) of a plotted move.

    Returns:
        The markers, in setup order.
    """
    markers = []
    for index, unit in enumerate(state.units):
        if unit.hex is None or unit.destroyed:
            continue
        where, facing, prone = unit.hex, unit.facing, is_prone(unit)
        if moving is not None and moving[0] == index:
            view = moving[1]
            where, facing, prone = view.end, view.facing, view.prone
        markers.append(
            UnitMarker(
                where,
                letters[index],
                facing,
                unit.side,
                prone=prone,
                kind=kind_glyph(unit.design),
                selected=index == selected,
                label=f"{letters[index]} {unit.name} ({state.sides[unit.side]})",
            )
        )
    return markers


def ghost_marker(
    state: BTState, letters: Sequence[str], index: int, where: Hex, facing: Facing
) -> UnitMarker:
    """The unit being deployed, drawn where it would go."""
    unit = state.units[index]
    return UnitMarker(
        where,
        letters[index],
        facing,
        unit.side,
        kind=kind_glyph(unit.design),
        selected=True,
        label=f"{letters[index]} {unit.name}",
    )


def last_path(state: BTState, entries: Sequence[Entry[Any, Any]]) -> tuple[Hex, ...]:
    """The hexes the last unit to move went through this turn (empty after a new turn)."""
    for entry in reversed(entries):
        command = entry.command
        if isinstance(command, Move | Jump | EndMove):
            movement = state.units[command.unit].movement
            return movement.path if movement is not None else ()
        if isinstance(command, EndPhase | RollInitiative):
            return ()
    return ()
