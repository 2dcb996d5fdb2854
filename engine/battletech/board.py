"""BattleTech maps: what each hex holds (BT-M-6..8) and the board as a whole.

The engine's board is plain data: a width, a height and one `Terrain` per hex in offset order. File
formats (MegaMek ``.board``) are read and written in `engine.battletech.data.boardfile`; random
maps come from `engine.battletech.data.mapgen`. Every position in the engine is an axial `Hex`;
labels ("0203") appear only at the file and screen boundary (DESIGN 2.1).
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import attrs
from attrs import frozen

from engine.hexes import Facing, Hex

T = TypeVar("T")

__all__ = [
    "Board",
    "Bridge",
    "Building",
    "BuildingClass",
    "Terrain",
    "Woods",
]


class Woods(enum.IntEnum):
    """BT-M-8.2/8.3: no woods, light woods or heavy woods (jungle counts as woods, BT-M-41 #15)."""

    NONE = 0
    LIGHT = 1
    HEAVY = 2


class BuildingClass(enum.IntEnum):
    """BT-M-8.9: the four building (and bridge) classes; values follow MegaMek's levels."""

    LIGHT = 1
    MEDIUM = 2
    HEAVY = 3
    HARDENED = 4

    @property
    def cost(self) -> int:
        """BT-M-21: MP to enter a building hex of this class (2, 3, 4, 5)."""
        return int(self) + 1

    @property
    def psr_modifier(self) -> int:
        """BT-M-31.4: PSR modifier to enter or leave (0, +1, +2, +5)."""
        return (0, 1, 2, 5)[int(self) - 1]

    @property
    def default_cf(self) -> int:
        """BT-M-41 #4/#5 (ASSUMPTION): the top of the class's CF range (15, 40, 90, 150)."""
        return (15, 40, 90, 150)[int(self) - 1]


@frozen
class Building:
    """BT-M-8.9: a building standing in a hex."""

    cls: BuildingClass
    cf: int
    """Construction Factor now (BT-M-41 #4)."""
    height: int = 1
    """Levels above the hex's ground level (LOS, BT-M-7 item 5)."""


@frozen
class Bridge:
    """BT-M-8.8 / BT-M-28: a road crossing a water hex."""

    cls: BuildingClass = BuildingClass.MEDIUM
    cf: int = 40
    """BT-M-28: an unmarked bridge is Medium with CF 40."""
    exits: int = 0
    """Bit ``i`` set = the bridge leads out through hexside ``i`` (`Facing` order)."""
    height: int = 0
    """Levels of the deck above the water surface (MegaMek ``bridge_elev``)."""


@frozen
class Terrain:
    """Everything in one hex that the rules read (BT-M-7, BT-M-8).

    The default is Clear terrain at Level 0 (BT-M-6). A hex may combine features (a road through
    woods, a building on a hill); the rules decide how they interact.
    """

    level: int = 0
    """Ground level (BT-M-7); for water, the surface level."""
    woods: Woods = Woods.NONE
    water: int | None = None
    """None: no water; otherwise the depth (0 = ankle deep, BT-M-8.5)."""
    rough: bool = False
    rubble: bool = False
    pavement: bool = False
    road: int = 0
    """Road exits as a bitmask over the six hexsides (bit ``i`` = `Facing` ``i``); 0 = no road."""
    building: Building | None = None
    bridge: Bridge | None = None
    fire: bool = False
    """BT-M-8.12: the hex is burning."""
    swamp: bool = False
    """BT-M-39.1 (optional rule): swampy ground."""
    ice: bool = False
    """BT-M-39.2 (optional rule): ice-covered."""

    @property
    def is_clear(self) -> bool:
        """True for plain Clear terrain (any level)."""
        return self == Terrain(level=self.level)

    @property
    def has_road(self) -> bool:
        """True if a road (or a bridge's road) runs through the hex."""
        return self.road != 0 or self.bridge is not None

    def road_exit(self, facing: Facing) -> bool:
        """True if the road or bridge of this hex leaves through hexside ``facing``."""
        exits = self.road | (self.bridge.exits if self.bridge is not None else 0)
        return bool(exits >> int(facing) & 1)

    @property
    def bottom(self) -> int:
        """The level a unit on the ground stands at: the water bottom in water (BT-M-22)."""
        return self.level - (self.water or 0)

    @property
    def height(self) -> int:
        """Levels this hex's features rise above the ground, for LOS (BT-M-7 item 5)."""
        woods = 2 if self.woods else 0
        building = self.building.height if self.building is not None else 0
        return max(woods, building)


@frozen
class Board:
    """A rectangular map of ``width`` columns by ``height`` rows (odd-q flat-top layout).

    ``hexes`` holds one `Terrain` per hex, column by column: the hex at 0-based column ``c``, row
    ``r`` is ``hexes[c * height + r]``.
    """

    width: int
    height: int
    hexes: tuple[Terrain, ...] = attrs.field()
    name: str = ""

    @hexes.validator
    def _check_size(self, _: attrs.Attribute[object], value: tuple[Terrain, ...]) -> None:
        if self.width < 1 or self.height < 1:
            msg = f"a board needs at least one column and one row, not {self.width}x{self.height}"
            raise ValueError(msg)
        if len(value) != self.width * self.height:
            size = self.width * self.height
            msg = f"a {self.width}x{self.height} board needs {size} hexes, got {len(value)}"
            raise ValueError(msg)

    @classmethod
    def blank(cls, width: int, height: int, name: str = "") -> Board:
        """Return a board of Clear Level 0 hexes."""
        return cls(width, height, (Terrain(),) * (width * height), name)

    @functools.cached_property
    def derived(self) -> dict[str, Any]:
        """A memo of tables derived from this board by the rules (per-hex LOS and movement data).

        A board never changes (a terrain change makes a new board, with an empty memo), so a
        table computed once from ``hexes`` stays true for the board's life; it is not a field
        (never saved, compared or hashed). Each module keeps one entry under its own key.
        """
        return {}

    def per_hex(self, key: str, make: Callable[[Terrain], T]) -> tuple[T, ...]:
        """``make(terrain)`` of every hex, in the order of `hexes`, kept in `derived` under ``key``.

        Boards share `Terrain` objects (a sheet is mostly a few kinds of hex), so ``make`` runs
        once per distinct object, not once per hex.
        """
        cells: tuple[T, ...] | None = self.derived.get(key)
        if cells is None:
            known: dict[int, T] = {}
            built = []
            for terrain in self.hexes:
                cell = known.get(id(terrain))
                if cell is None:
                    cell = known[id(terrain)] = make(terrain)
                built.append(cell)
            cells = self.derived[key] = tuple(built)
        return cells

    def __contains__(self, where: object) -> bool:
        if not isinstance(where, Hex):
            return False
        col = where.q
        row = where.r + (col - (col & 1)) // 2  # `Hex.to_offset`, inlined: a hot path
        return 0 <= col < self.width and 0 <= row < self.height

    def terrain(self, where: Hex) -> Terrain:
        """Return the terrain of a hex on the board.

        Raises:
            KeyError: the hex is off the board.
        """
        col = where.q
        row = where.r + (col - (col & 1)) // 2  # `Hex.to_offset`, inlined: a hot path
        if not (0 <= col < self.width and 0 <= row < self.height):
            raise KeyError(where)
        return self.hexes[col * self.height + row]

    def get(self, where: Hex) -> Terrain | None:
        """Return the terrain of a hex, or None when it is off the board."""
        col = where.q
        row = where.r + (col - (col & 1)) // 2  # `Hex.to_offset`, inlined: a hot path
        if not (0 <= col < self.width and 0 <= row < self.height):
            return None
        return self.hexes[col * self.height + row]

    def positions(self) -> Iterator[Hex]:
        """Every hex of the board, column by column (the order of ``hexes``)."""
        for col in range(self.width):
            for row in range(self.height):
                yield Hex.from_offset(col, row)

    def items(self) -> Iterator[tuple[Hex, Terrain]]:
        """Every (hex, terrain) pair, column by column."""
        return zip(self.positions(), self.hexes, strict=True)

    def replace(self, where: Hex, terrain: Terrain) -> Board:
        """Return a copy with one hex's terrain replaced (terrain conversion, fire, collapse)."""
        col, row = where.to_offset()
        index = col * self.height + row
        if where not in self:
            raise KeyError(where)
        hexes = (*self.hexes[:index], terrain, *self.hexes[index + 1 :])
        return attrs.evolve(self, hexes=hexes)
