"""Dystopian Wars random obstacles, an optional rule (DW-25.1): how many, what, and where.

Rules: DW-25.1 (1D6 pieces; 2D6 each on the table: 2-3 an energy vortex, 4-6 a reef on water or
woods on land, 7 a building, 8-10 a sandbank on water or a swamp on land, 11-12 a Fortress;
1D6 for the piece's section of six equal numbered sections; buildings and fortresses on land or
water), DW-28.10 (the sections are 12 x 12-hex areas of a 36 x 24 board, three by two).

Adopted readings [INTERP]:

- The placing player's choice inside a section is made for them, so that no seat is asked: the
  piece goes on the free hex nearest the section's centre (free: the board's base terrain, no
  piece yet), the first in the kernel's spiral order on a tie. A section with no free hex takes
  no piece (DW-25.1 "re-roll, or use an island or mountain" is left to the table).
- The Fortress of DW-25.4 is a neutral model that fires in the End Phase; the turn machine has
  no neutral player, so here it stands as what it is as terrain: Hard, height level 1, blocking
  surface lines (DW-25.4's class line), the hard building of DW-28.9.
- A vortex is placed Small (DW-25.3: one hex, DW-28.10); it blocks every line (DW-14.2). Its
  pull and growth are not played by the turn machine.
- On a board that is not 36 x 24 the six sections are the board cut into three columns and two
  rows of equal size (the remainder to the last).

Every function is pure; the dice come from the `DiceSource` passed in and are kept in the
result, so the terrain it gives is data a setup holds.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any, Final

from attrs import frozen

from engine.dice import Dice, DiceSource
from engine.dystopian.terrain import Cell, TerrainKind, TerrainMap
from engine.hexes import Hex
from engine.tomlfile import integer

__all__ = [
    "OBSTACLE_SEED_MAX",
    "OBSTACLE_TABLE",
    "SECTIONS",
    "Obstacle",
    "ObstacleRoll",
    "obstacle_for",
    "place_obstacles",
    "roll_obstacles",
    "scenario_obstacles",
    "section_hexes",
]

SECTIONS = 6
"""DW-25.1: the table is split into 6 equal numbered sections."""


class Obstacle(enum.StrEnum):
    """DW-25.1: the pieces the 2D6 table gives."""

    VORTEX = "energy vortex"
    REEF = "reef"
    WOODS = "woods"
    BUILDING = "building"
    SANDBANK = "sandbank"
    SWAMP = "swamp"
    FORTRESS = "fortress"


OBSTACLE_TABLE: Final = {
    2: (Obstacle.VORTEX, Obstacle.VORTEX),
    3: (Obstacle.VORTEX, Obstacle.VORTEX),
    4: (Obstacle.REEF, Obstacle.WOODS),
    5: (Obstacle.REEF, Obstacle.WOODS),
    6: (Obstacle.REEF, Obstacle.WOODS),
    7: (Obstacle.BUILDING, Obstacle.BUILDING),
    8: (Obstacle.SANDBANK, Obstacle.SWAMP),
    9: (Obstacle.SANDBANK, Obstacle.SWAMP),
    10: (Obstacle.SANDBANK, Obstacle.SWAMP),
    11: (Obstacle.FORTRESS, Obstacle.FORTRESS),
    12: (Obstacle.FORTRESS, Obstacle.FORTRESS),
}
"""DW-25.1: 2D6 -> (the piece on water, the piece on land)."""

_TERRAIN: Final = {
    Obstacle.VORTEX: TerrainKind.VORTEX,
    Obstacle.REEF: TerrainKind.REEF,
    Obstacle.WOODS: TerrainKind.WOODS,
    Obstacle.BUILDING: TerrainKind.BUILDING_MEDIUM,
    Obstacle.SANDBANK: TerrainKind.SANDBANK,
    Obstacle.SWAMP: TerrainKind.SWAMP,
    Obstacle.FORTRESS: TerrainKind.BUILDING_HARD,
}
"""The hex terrain each piece becomes (DW-28.9); a building of any kind is taken as Medium."""


def obstacle_for(total: int, *, water: bool) -> Obstacle:
    """DW-25.1: the piece a 2D6 ``total`` gives on a water (or a land) board.

    Raises:
        KeyError: a total outside 2-12.
    """
    on_water, on_land = OBSTACLE_TABLE[total]
    return on_water if water else on_land


@frozen
class ObstacleRoll:
    """One piece's dice (DW-25.1): its 2D6, the piece, its section's D6 and where it went."""

    faces: tuple[int, int]
    obstacle: Obstacle
    section: int
    hex: Hex | None
    """None: the section had no free hex left."""


def section_hexes(terrain: TerrainMap, section: int) -> tuple[Hex, ...]:
    """DW-25.1 / DW-28.10: the hexes of section 1-6: three columns by two rows, numbered by row."""
    col_band, row_band = (section - 1) % 3, (section - 1) // 3
    width, height = terrain.width // 3, terrain.height // 2
    cols = range(col_band * width, terrain.width if col_band == 2 else (col_band + 1) * width)  # noqa: PLR2004 - the last of three
    rows = range(row_band * height, terrain.height if row_band == 1 else height)
    return tuple(Hex.from_offset(c, r) for c in cols for r in rows)


def _free_hex(terrain: TerrainMap, section: int, taken: set[Hex]) -> Hex | None:
    """[INTERP] The free hex of the section nearest its centre (ties: the spiral's order)."""
    hexes = section_hexes(terrain, section)
    cols = [h.to_offset().col for h in hexes]
    rows = [h.to_offset().row for h in hexes]
    centre = Hex.from_offset((min(cols) + max(cols)) // 2, (min(rows) + max(rows)) // 2)
    inside = set(hexes)
    for where in centre.spiral(max(terrain.width, terrain.height)):
        if where in inside and where not in taken and terrain[where].kind is terrain.base:
            return where
    return None


def roll_obstacles(dice: DiceSource, terrain: TerrainMap) -> tuple[ObstacleRoll, ...]:
    """DW-25.1: 1D6 pieces, each 2D6 on the table and 1D6 for its section, placed in turn."""
    water = terrain.base is TerrainKind.WATER
    taken: set[Hex] = set()
    rolled = []
    for _ in range(dice.die(6)):
        first, second = dice.die(6), dice.die(6)
        obstacle = obstacle_for(first + second, water=water)
        section = dice.die(SECTIONS)
        where = _free_hex(terrain, section, taken)
        if where is not None:
            taken.add(where)
        rolled.append(ObstacleRoll((first, second), obstacle, section, where))
    return tuple(rolled)


def place_obstacles(terrain: TerrainMap, rolls: tuple[ObstacleRoll, ...]) -> TerrainMap:
    """The board with each rolled piece on its hex (DW-28.9's terrain for it)."""
    cells = dict(terrain.cells)
    for roll in rolls:
        if roll.hex is not None:
            cells[roll.hex] = Cell(_TERRAIN[roll.obstacle])
    return TerrainMap.of(cells, terrain.width, terrain.height, terrain.base)


OBSTACLE_SEED_MAX = 2**31 - 1
"""The largest seed a scenario's ``obstacles`` key may give."""


def scenario_obstacles(scenario: Mapping[str, Any], terrain: TerrainMap) -> TerrainMap:
    """DW-25.1 as a scenario option: ``obstacles = SEED`` rolls the pieces onto the board.

    The rolls come from the kernel's seeded `Dice` (DESIGN 2: counter-based, no global random
    generator), so the same scenario file always gives the same board, and the board a game
    starts from is the setup's terrain, kept in its save. ``0`` or no key: no obstacles.

    Raises:
        DataFileError: the seed is not a whole number from 0 to 2**31 - 1.
    """
    seed = integer(scenario, "obstacles", (), 0, OBSTACLE_SEED_MAX, 0)
    if not seed:
        return terrain
    return place_obstacles(terrain, roll_obstacles(Dice(seed), terrain))
