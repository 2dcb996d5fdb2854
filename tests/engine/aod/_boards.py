"""Hand-built AoD boards for the geometry tests: terrain by label, units by label."""

from __future__ import annotations

from collections.abc import Iterable

from engine.aod.geometry import Battlefield, Occupant
from engine.aod.terrain import HexTerrain, TerrainMap, TerrainType
from engine.aod.units import SpeedMode, UnitType
from engine.hexes import Facing, Hex

WOODS = HexTerrain(TerrainType.HINDERING, feature=1)
OTHER_WOODS = HexTerrain(TerrainType.HINDERING, feature=2)
WALL = HexTerrain(TerrainType.BLOCKING, feature=3)
HILL = HexTerrain(TerrainType.CLEAR, elevated=True, feature=4)
OTHER_HILL = HexTerrain(TerrainType.CLEAR, elevated=True, feature=5)
WOODED_HILL = HexTerrain(TerrainType.HINDERING, elevated=True, feature=6)
SHALLOW = HexTerrain(TerrainType.SHALLOW, feature=7)
DEEP = HexTerrain(TerrainType.DEEP, feature=8)

_KINDS = {
    SpeedMode.MECH: UnitType.MECH,
    SpeedMode.QUAD: UnitType.MECH,
    SpeedMode.FOOT: UnitType.INFANTRY,
}


def at(label: str) -> Hex:
    """The hex of a map label ("0101" is the top-left hex)."""
    return Hex.from_label(label)


def terrain(cells: Iterable[tuple[str | Hex, HexTerrain]] = (), size: int = 20) -> TerrainMap:
    """A ``size`` x ``size`` map with the given hexes set."""
    return TerrainMap.of(
        ((at(where) if isinstance(where, str) else where, kind) for where, kind in cells),
        size,
        size,
    )


def unit(
    where: str | Hex,
    mode: SpeedMode = SpeedMode.MECH,
    side: int | None = 0,
    facing: Facing = Facing.N,
    *,
    kind: UnitType | None = None,
    cruising: bool = False,
) -> Occupant:
    """A unit in ``where``; the kind follows the mode (vehicle unless 'Mech or foot)."""
    place = at(where) if isinstance(where, str) else where
    return Occupant(place, facing, kind or _KINDS.get(mode, UnitType.VEHICLE), mode, side, cruising)


def field(board: TerrainMap, *units: Occupant) -> Battlefield:
    """The battlefield of ``board`` with ``units`` (indices in the order given)."""
    return Battlefield(board, units)
