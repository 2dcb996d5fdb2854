"""Dystopian Wars battlefields: a scenario's own map and Method 2 random terrain (DW-22.7).

- `scenario_cells`: the hexes a scenario lists, by terrain kind (``board.terrain``, a table of
  `TerrainKind` names, each a list of map labels: ``reef = ["1010", "1011"]``).
- `method_two`: DW-22.7 Method 2 (the seed's second "Method 1", DW-27 item 9). The table is
  divided into 2' x 2' areas (12 x 12 hexes, DW-28.3: the 36 x 24 board is six, each touching
  an edge); both players roll 1D6 for every area, alternately; on 5+ the roller rolls 1D6 for
  the feature (the water or the land column of DW-22.7's table) and places it in the area. An
  energy phenomenon (6) rolls 1D6 again: 1-2 D6 energy portals, 4+ one Small vortex, 3 rolled
  again (DW-27 item 9).

Every die is kept in the `Battlefield` it returns. The dice come from the caller: the scenario
reader rolls them with the kernel's seeded `engine.dice.Dice` of the scenario's
``board.random_seed``, so the same scenario gives the same map, and the setup a save holds
carries the map itself (no die is rolled again on loading).

Adopted readings [INTERP]: the player does not choose where a feature goes: two more dice place
its centre, a column of the area (a die of as many sides as the area has columns) and a row (as
many as the rows the centre may take); the centre never lies within one hex of a deployment zone
(DW-22.8: 4 rows deep), so every fleet keeps its zone clear. A feature is the centre hex and its
six neighbours (a building is one hex, a medium one; a mountain has a ring of open ground on
water or hills on land; portals stand on the centre and the ring hexes in order; a Small vortex
is one hex, DW-28.10); a later feature replaces the hexes of an earlier one; hexes off the board
are dropped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from attrs import frozen

from engine.dice import Dice, DiceSource
from engine.dystopian.state import DEPLOYMENT_DEPTH, PLAYERS
from engine.dystopian.terrain import Cell, TerrainKind, TerrainMap
from engine.hexes import Hex
from engine.tomlfile import DataFileError

__all__ = [
    "AREA_HEXES",
    "AreaRoll",
    "Battlefield",
    "Feature",
    "areas",
    "method_two",
    "scenario_cells",
    "scenario_terrain",
]

AREA_HEXES = 12
"""DW-22.7 / DW-28.3: a 2' (24") area side is 12 hexes."""
FEATURE_ON = 5
"""DW-22.7: an area roll of 5+ places a feature."""
_PORTALS = 2
"""DW-22.7: an energy roll of 1-2 places D6 portals."""
_REROLL = 3
"""DW-27 item 9: the energy roll's 3 has no result and is rolled again."""
_TERRAIN_KEY = ("board", "terrain")

_K = TerrainKind
_WATER_TABLE = {1: _K.BUILDING_MEDIUM, 2: _K.GROUND, 3: _K.REEF, 4: _K.SANDBANK, 5: _K.MOUNTAIN}
"""DW-22.7, water board: building (an oil rig), landmass, reef, sandbank, mountain or island."""
_LAND_TABLE = {1: _K.BUILDING_MEDIUM, 2: _K.WATER, 3: _K.WOODS, 4: _K.SWAMP, 5: _K.MOUNTAIN}
"""DW-22.7, land board: built-up area, sea or lake, woods, marsh or swamp, mountain or hill."""


@frozen
class AreaRoll:
    """One player's D6 for one area (DW-22.7): 5+ places a feature."""

    area: int
    player: int
    face: int


@frozen
class Feature:
    """A feature placed in an area (DW-22.7).

    Attributes:
        area: the area's index (`areas` order).
        player: who rolled it.
        faces: the type die (and the energy dice: the phenomenon's D6s, the portals' D6).
        kind: the terrain it brings (the centre's, for a mountain).
        hex: its centre, placed by the two position dice ``place``.
        place: the column and row dice.
        hexes: every hex it covers, on the board.
    """

    area: int
    player: int
    faces: tuple[int, ...]
    kind: TerrainKind
    hex: Hex
    place: tuple[int, int]
    hexes: tuple[Hex, ...]


@frozen
class Battlefield:
    """A Method 2 battlefield: every area roll, every feature, and the map they make."""

    rolls: tuple[AreaRoll, ...]
    features: tuple[Feature, ...]
    terrain: TerrainMap


def areas(width: int, height: int) -> tuple[tuple[range, range], ...]:
    """DW-22.7: the 2' x 2' areas (columns, rows), row of areas by row, left to right."""
    return tuple(
        (range(c, min(c + AREA_HEXES, width)), range(r, min(r + AREA_HEXES, height)))
        for r in range(0, height, AREA_HEXES)
        for c in range(0, width, AREA_HEXES)
    )


def _centre_rows(rows: range, height: int) -> range:
    """[INTERP] The rows a centre may take: its ring stays out of both deployment zones."""
    low = max(rows.start, DEPLOYMENT_DEPTH + 1)
    high = min(rows.stop, height - DEPLOYMENT_DEPTH - 1)
    return range(low, max(low, high))


def _footprint(
    kind: TerrainKind, centre: Hex, faces: list[int], dice: DiceSource, base: TerrainKind
) -> list[tuple[Hex, TerrainKind]]:
    """The hexes a feature covers and their terrain (before dropping those off the board)."""
    ring = list(centre.ring(1))
    if kind is TerrainKind.BUILDING_MEDIUM:
        return [(centre, kind)]
    if kind is TerrainKind.MOUNTAIN:
        skirt = TerrainKind.GROUND if base is TerrainKind.WATER else TerrainKind.HILL
        return [(centre, kind), *((h, skirt) for h in ring)]
    if kind is TerrainKind.PORTAL:
        count = dice.die(6)
        faces.append(count)
        return [(h, kind) for h in [centre, *ring][:count]]
    if kind is TerrainKind.VORTEX:
        return [(centre, kind)]
    return [(h, kind) for h in [centre, *ring]]


def _feature_kind(dice: DiceSource, base: TerrainKind, faces: list[int]) -> TerrainKind:
    """DW-22.7: the type die, and for an energy phenomenon its own die (3 again)."""
    face = dice.die(6)
    faces.append(face)
    table = _WATER_TABLE if base is TerrainKind.WATER else _LAND_TABLE
    if face in table:
        return table[face]
    while True:
        energy = dice.die(6)
        faces.append(energy)
        if energy != _REROLL:
            return TerrainKind.PORTAL if energy <= _PORTALS else TerrainKind.VORTEX


def method_two(dice: DiceSource, width: int, height: int, base: TerrainKind) -> Battlefield:
    """DW-22.7 Method 2 on a ``width`` x ``height`` board of ``base`` (water or land).

    For each area in turn, each player rolls (the first seat first); a 5+ rolls the feature and
    its place at once (the same player).
    """
    rolls: list[AreaRoll] = []
    features: list[Feature] = []
    cells: dict[Hex, Cell] = {}
    board = TerrainMap(width, height, base)
    for number, (cols, rows) in enumerate(areas(width, height)):
        for player in range(PLAYERS):
            face = dice.die(6)
            rolls.append(AreaRoll(number, player, face))
            centre_rows = _centre_rows(rows, height)
            if face < FEATURE_ON or not centre_rows:
                continue
            faces: list[int] = []
            kind = _feature_kind(dice, base, faces)
            col, row = dice.die(len(cols)), dice.die(len(centre_rows))
            centre = Hex.from_offset(cols[col - 1], centre_rows[row - 1])
            covered = [
                (h, k) for h, k in _footprint(kind, centre, faces, dice, base) if board.on_board(h)
            ]
            cells.update((h, Cell(k)) for h, k in covered)
            hexes = tuple(h for h, _ in covered)
            features.append(Feature(number, player, tuple(faces), kind, centre, (col, row), hexes))
    return Battlefield(tuple(rolls), tuple(features), TerrainMap.of(cells, width, height, base))


def scenario_cells(table: Mapping[str, Any]) -> dict[Hex, Cell]:
    """A scenario's own map: ``{kind name: [labels]}`` -> the cells (DW-22.7 fixed maps).

    Raises:
        DataFileError: an unknown kind, a label that is not a hex, or a hex listed twice, with
            its key (``board.terrain.KIND``).
    """
    cells: dict[Hex, Cell] = {}
    for name, labels in table.items():
        at = (*_TERRAIN_KEY, str(name))
        try:
            kind = TerrainKind[str(name).upper()]
        except KeyError:
            known = ", ".join(k.name.lower() for k in TerrainKind)
            msg = f"board.terrain: {str(name)!r:.40} is not a terrain kind (known: {known})"
            raise DataFileError(msg, at) from None
        if not isinstance(labels, Sequence) or isinstance(labels, str):
            msg = f"board.terrain.{name}: expected a list of hex labels"
            raise DataFileError(msg, at)
        for label in labels:
            where = _hex(str(name), label)
            if where in cells:
                raise DataFileError(f"board.terrain.{name}: {label} is listed twice", at)
            cells[where] = Cell(kind)
    return cells


def scenario_terrain(
    board: Mapping[str, Any], width: int, height: int, base: TerrainKind
) -> TerrainMap:
    """The scenario's board: ``random_seed`` (Method 2 rolled with it), then ``terrain``.

    A listed hex replaces what the random terrain put there.

    Raises:
        DataFileError: a bad ``terrain`` table, or a hex off the board.
    """
    cells: dict[Hex, Cell] = {}
    seed = board.get("random_seed")
    if seed is not None:
        cells.update(method_two(Dice(int(seed)), width, height, base).terrain.cells)
    listed = board.get("terrain", {})
    if not isinstance(listed, Mapping):
        msg = "board.terrain: expected a table of terrain kinds, each a list of hex labels"
        raise DataFileError(msg, _TERRAIN_KEY)
    cells.update(scenario_cells(listed))
    try:
        return TerrainMap.of(cells, width, height, base)
    except ValueError as error:
        raise DataFileError(f"board.terrain: {error}", _TERRAIN_KEY) from None


def _hex(name: str, label: object) -> Hex:
    """One map label of a terrain list."""
    try:
        return Hex.from_label(str(label))
    except ValueError:
        msg = f"board.terrain.{name}: {str(label)!r:.20} is not a hex label like 0505"
        raise DataFileError(msg, (*_TERRAIN_KEY, name)) from None
