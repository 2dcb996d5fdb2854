"""Dystopian Wars terrain on hexes: one terrain type per hex and what it does, as data.

Rules: DW-13.1 (terrain classes and their contact dice: Soft 4D6, Medium 8D6, Hard 12D6), DW-13.2
(pieces, line-of-sight heights), DW-13.3 (treacherous terrain: woods, swamps, reefs; the size test
as a table), DW-11.7 (the sea bogs land models down), DW-11.9 (submerged naval models collide in
treacherous terrain, burrowers only with mountains), DW-28.9 (the hex table: what each kind of
piece may do entering each terrain, the dice, the LoS height H, treacherous, blocking submerged
LoS), DW-28.10 (areas: mine drop, trigger, blast, CC reach and minefields; vortex footprint, reach
and pull; portals are entered, their exit roll is the caller's), DW-18.6 (mines), DW-25.3
(vortices), DW-24 Amphibious Capability (a mode entering land or sea), DW-27 item 10 (sandbanks
are an obstacle for surface and submerged naval models).

DW-28.9 marks some cells "-" (a naval model in woods, a land model on a reef): terrain such a
model cannot reach on a real map. INTERP: they count as "blocked", with the terrain's own contact
dice, so every combination has one answer. A burrower's "blocked" by open water (no dice printed)
uses the sea's Soft 4D6, as for a land model (DW-11.7).

The board is the kernel's flat-top board (DESIGN 2.1), 36 x 24 hexes by default (DW-28.1), open
water unless listed (a naval game; a land battle sets ``base`` to open ground).
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Iterable, Iterator, Mapping

import attrs
from attrs import frozen

from engine.dystopian.geometry import Level, Piece, Sector, Size, sectors_of
from engine.hexes import Facing, Hex, line

__all__ = [
    "BLAST_RADIUS",
    "BOARD_HEIGHT",
    "BOARD_WIDTH",
    "Board",
    "Cell",
    "Entry",
    "EntryRule",
    "Mode",
    "TerrainClass",
    "TerrainKind",
    "TerrainMap",
    "blast_hexes",
    "blast_victims",
    "entry_rule",
    "los_height",
    "mine_cc_reach",
    "mine_drop_hex",
    "minefield_problem",
    "mines_entered",
    "mode_for",
    "treacherous_collides",
    "treacherous_for",
    "vortex_footprint",
    "vortex_pull",
    "vortex_reach",
]

BOARD_WIDTH = 36
"""DW-28.1: a 6-foot table is 36 hexes wide."""
BOARD_HEIGHT = 24
"""DW-28.1: a 4-foot table is 24 hexes deep."""


class TerrainClass(enum.IntEnum):
    """DW-13.1: the terrain classes, valued by the dice they roll against a model."""

    SOFT = 4
    MEDIUM = 8
    HARD = 12


class TerrainKind(enum.StrEnum):
    """DW-28.9: the terrain types a hex can hold; the values are the board glyphs."""

    WATER = "~"
    GROUND = "."
    REEF = "%"
    SANDBANK = ":"
    SWAMP = ","
    WOODS = "T"
    HILL = "^"
    MOUNTAIN = "A"
    BUILDING_SOFT = "#s"
    BUILDING_MEDIUM = "#m"
    BUILDING_HARD = "#h"
    PORTAL = "O"
    VORTEX = "@"

    @property
    def glyph(self) -> str:
        """DW-28.9: the one character the board shows for an empty hex of this terrain."""
        return self.value[0]


class Mode(enum.StrEnum):
    """DW-28.9: the columns of the terrain table, how a piece is moving."""

    NAVAL = "naval surface"
    NAVAL_SUBMERGED = "naval submerged"
    LAND = "land"
    BURROWER = "burrower submerged"
    AIR = "air"
    AMPHIBIOUS = "amphibious"
    """DW-24 Amphibious Capability: a surface model that moves on land or sea."""


def mode_for(level: Level, *, land: bool, amphibious: bool = False) -> Mode:
    """DW-28.9: the terrain-table column for a piece at ``level`` (``land``: a land model)."""
    if level.airborne:
        return Mode.AIR
    if level is Level.SUBMERGED:
        return Mode.BURROWER if land else Mode.NAVAL_SUBMERGED
    if amphibious:
        return Mode.AMPHIBIOUS
    return Mode.LAND if land else Mode.NAVAL


class Entry(enum.StrEnum):
    """DW-28.9: what happens when a piece steps into a hex."""

    ENTER = "enter"
    """The piece enters."""
    BLOCKED = "blocked"
    """The step does not happen: the piece stays put, stops, and takes the dice (a contact)."""
    COLLIDE = "collide"
    """The piece enters and collides (automatic collision): it stops there and takes the dice."""


@frozen
class EntryRule:
    """DW-28.9: one cell of the terrain table: the entry and the dice a contact rolls."""

    entry: Entry
    dice: int = 0
    """The terrain's dice against the model (DW-13.1) when blocked or colliding; 0 otherwise."""


_KIND_CLASS: dict[TerrainKind, TerrainClass | None] = {
    TerrainKind.WATER: None,
    TerrainKind.GROUND: None,
    TerrainKind.REEF: TerrainClass.MEDIUM,
    TerrainKind.SANDBANK: TerrainClass.SOFT,
    TerrainKind.SWAMP: TerrainClass.SOFT,
    TerrainKind.WOODS: TerrainClass.MEDIUM,
    TerrainKind.HILL: TerrainClass.MEDIUM,
    TerrainKind.MOUNTAIN: TerrainClass.HARD,
    TerrainKind.BUILDING_SOFT: TerrainClass.SOFT,
    TerrainKind.BUILDING_MEDIUM: TerrainClass.MEDIUM,
    TerrainKind.BUILDING_HARD: TerrainClass.HARD,
    TerrainKind.PORTAL: None,
    TerrainKind.VORTEX: None,
}
"""DW-28.9's "dice on contact" column (DW-13.1)."""

_P = EntryRule(Entry.ENTER)
_SEA = EntryRule(Entry.BLOCKED, TerrainClass.SOFT)  # DW-11.7: bogged down, Soft 4D6
_COAST = EntryRule(Entry.BLOCKED, TerrainClass.MEDIUM)  # DW-28.9: coast, Medium 8D6 (invented)


def _blocked(kind: TerrainKind) -> EntryRule:
    cls = _KIND_CLASS[kind]
    return EntryRule(Entry.BLOCKED, 0 if cls is None else int(cls))


def _collide(kind: TerrainKind) -> EntryRule:
    cls = _KIND_CLASS[kind]
    return EntryRule(Entry.COLLIDE, 0 if cls is None else int(cls))


_K = TerrainKind
_ENTRY: dict[TerrainKind, tuple[EntryRule, EntryRule, EntryRule, EntryRule, EntryRule]] = {
    # Columns: naval surface, naval submerged, land, burrower submerged, air.
    _K.WATER: (_P, _P, _SEA, _SEA, _P),
    _K.GROUND: (_COAST, _COAST, _P, _P, _P),
    _K.REEF: (_P, _collide(_K.REEF), _blocked(_K.REEF), _blocked(_K.REEF), _P),
    _K.SANDBANK: (_blocked(_K.SANDBANK), _blocked(_K.SANDBANK), _P, _P, _P),
    _K.SWAMP: (_blocked(_K.SWAMP), _blocked(_K.SWAMP), _P, _P, _P),
    _K.WOODS: (_blocked(_K.WOODS), _blocked(_K.WOODS), _P, _P, _P),
    _K.HILL: (_blocked(_K.HILL), _blocked(_K.HILL), _P, _P, _P),
    _K.MOUNTAIN: (
        _blocked(_K.MOUNTAIN),
        _blocked(_K.MOUNTAIN),
        _blocked(_K.MOUNTAIN),
        _collide(_K.MOUNTAIN),
        _P,
    ),
    _K.BUILDING_SOFT: (*(_blocked(_K.BUILDING_SOFT),) * 3, _P, _P),
    _K.BUILDING_MEDIUM: (*(_blocked(_K.BUILDING_MEDIUM),) * 3, _P, _P),
    _K.BUILDING_HARD: (*(_blocked(_K.BUILDING_HARD),) * 3, _P, _P),
    # DW-28.10: a portal is entered (the exit roll is the caller's); a vortex pulls, later.
    _K.PORTAL: (_P, _P, _P, _P, _P),
    _K.VORTEX: (_P, _P, _P, _P, _P),
}
_MODE_COLUMN = {mode: i for i, mode in enumerate(Mode)}


def entry_rule(kind: TerrainKind, mode: Mode) -> EntryRule:
    """DW-28.9: what happens when a piece moving in ``mode`` steps into ``kind`` terrain.

    An amphibious model (DW-24) enters what a land or a naval model could; elsewhere it is
    blocked as a land model would be.
    """
    if mode is Mode.AMPHIBIOUS:
        land = entry_rule(kind, Mode.LAND)
        naval = entry_rule(kind, Mode.NAVAL)
        return naval if land.entry is not Entry.ENTER and naval.entry is Entry.ENTER else land
    return _ENTRY[kind][_MODE_COLUMN[mode]]


_TREACHEROUS = frozenset({TerrainKind.REEF, TerrainKind.SWAMP, TerrainKind.WOODS})


def treacherous_for(kind: TerrainKind, mode: Mode) -> bool:
    """DW-13.3 / DW-28.9: True if moving fast into, through or out of ``kind`` needs a test.

    Only surface movers test: flyers ignore terrain (DW-13.2), submerged naval models collide
    outright instead (`entry_rule` gives COLLIDE) and burrowers care only for mountains (DW-11.9).
    """
    return kind in _TREACHEROUS and mode in {Mode.NAVAL, Mode.LAND, Mode.AMPHIBIOUS}


_TEST_FAILS = {
    Size.TINY: 1,
    Size.SMALL: 1,
    Size.MEDIUM: 2,
    Size.LARGE: 3,
    Size.MASSIVE: 3,
}


def treacherous_collides(size: Size, face: int) -> bool:
    """DW-13.3: the size test's D6 (which never explodes): True on a collision.

    Small or Tiny collide on 1, Medium on 1-2, Large or Massive on 1-3.
    """
    return face <= _TEST_FAILS[size]


@frozen
class Cell:
    """One hex's terrain (DW-28.9)."""

    kind: TerrainKind
    large: bool = False
    """A large building: LoS height 2 instead of 1 (DW-28.9)."""

    @property
    def dice(self) -> int:
        """DW-13.1: the dice this terrain rolls against a model in contact (0: none)."""
        cls = _KIND_CLASS[self.kind]
        return 0 if cls is None else int(cls)

    @property
    def blocks_submerged_los(self) -> bool:
        """DW-13.2 / DW-28.9: reefs, sandbanks and mountains block lines to or from submerged."""
        return self.kind in {TerrainKind.REEF, TerrainKind.SANDBANK, TerrainKind.MOUNTAIN}

    @property
    def woods(self) -> bool:
        """DW-13.4: woods, for the targeting rules."""
        return self.kind is TerrainKind.WOODS


_HEIGHT = {
    TerrainKind.WOODS: 1,
    TerrainKind.HILL: 1,
    TerrainKind.MOUNTAIN: 3,
    TerrainKind.BUILDING_SOFT: 1,
    TerrainKind.BUILDING_MEDIUM: 1,
    TerrainKind.BUILDING_HARD: 1,
}


def los_height(cell: Cell) -> int:
    """DW-28.9: the LoS height H of a hex (buildings 1, large ones 2; mountains 3)."""
    height = _HEIGHT.get(cell.kind, 0)
    if cell.large and cell.kind in {
        TerrainKind.BUILDING_SOFT,
        TerrainKind.BUILDING_MEDIUM,
        TerrainKind.BUILDING_HARD,
    }:
        return 2
    return height


@frozen
class TerrainMap:
    """The board's terrain: ``width`` x ``height`` kernel hexes, ``base`` unless listed (DW-28.9).

    ``cells`` lists the hexes that differ from ``base``, sorted; build maps with `TerrainMap.of`.
    """

    width: int = BOARD_WIDTH
    height: int = BOARD_HEIGHT
    base: TerrainKind = TerrainKind.WATER
    cells: tuple[tuple[Hex, Cell], ...] = ()
    _lookup: dict[Hex, Cell] = attrs.field(
        init=False, eq=False, repr=False, hash=False, factory=dict
    )

    def __attrs_post_init__(self) -> None:
        if self.width < 1 or self.height < 1:
            msg = f"a board needs at least one column and one row, not {self.width}x{self.height}"
            raise ValueError(msg)
        lookup = dict(self.cells)
        if len(lookup) != len(self.cells):
            msg = "a terrain map lists a hex twice"
            raise ValueError(msg)
        off = [h for h in lookup if not self.on_board(h)]
        if off:
            msg = f"terrain listed off the {self.width}x{self.height} board at {off[0]!r}"
            raise ValueError(msg)
        self._lookup.update(lookup)

    @classmethod
    def of(
        cls,
        cells: Mapping[Hex, Cell] | Iterable[tuple[Hex, Cell]] = (),
        width: int = BOARD_WIDTH,
        height: int = BOARD_HEIGHT,
        base: TerrainKind = TerrainKind.WATER,
    ) -> TerrainMap:
        """Return a map from hex -> cell pairs; cells equal to the base are dropped."""
        pairs = cells.items() if isinstance(cells, Mapping) else cells
        plain = Cell(base)
        kept = tuple(sorted(((h, c) for h, c in pairs if c != plain), key=lambda p: p[0]))
        return cls(width, height, base, kept)

    def on_board(self, where: Hex) -> bool:
        """DW-28.4: True if ``where`` lies on the board (a step off it loses the model)."""
        col, row = where.to_offset()
        return 0 <= col < self.width and 0 <= row < self.height

    def cell(self, where: Hex) -> Cell | None:
        """The terrain of ``where``, or None off the board."""
        found = self._lookup.get(where)
        if found is None and self.on_board(where):
            return Cell(self.base)
        return found

    def __getitem__(self, where: Hex) -> Cell:
        found = self.cell(where)
        if found is None:
            raise KeyError(where)
        return found

    def __contains__(self, where: object) -> bool:
        return isinstance(where, Hex) and self.on_board(where)

    def __iter__(self) -> Iterator[Hex]:
        """Every hex of the board, column by column."""
        for col in range(self.width):
            for row in range(self.height):
                yield Hex.from_offset(col, row)


@frozen
class Board:
    """The terrain and the pieces on it: what movement and line of sight read (DW-28.5).

    ``pieces`` keeps the caller's order, so a piece is named by its index. One piece per hex.
    """

    terrain: TerrainMap
    pieces: tuple[Piece, ...] = ()
    _at: dict[Hex, int] = attrs.field(init=False, eq=False, repr=False, hash=False, factory=dict)

    def __attrs_post_init__(self) -> None:
        for index, piece in enumerate(self.pieces):
            if piece.hex in self._at:
                msg = f"two pieces in hex {piece.hex!r}: one piece per hex (DW-28.5)"
                raise ValueError(msg)
            if not self.terrain.on_board(piece.hex):
                msg = f"piece {index} stands off the board at {piece.hex!r}"
                raise ValueError(msg)
            self._at[piece.hex] = index

    def index_at(self, where: Hex) -> int | None:
        """The index of the piece in ``where``, if any."""
        return self._at.get(where)

    def piece_at(self, where: Hex) -> Piece | None:
        """The piece in ``where``, if any."""
        index = self._at.get(where)
        return None if index is None else self.pieces[index]


# ---- areas and special effects (DW-28.10) -----------------------------------------------------

BLAST_RADIUS = 1
"""DW-28.3 / DW-28.10: a 4"-diameter template is a hex and its six neighbours."""
_MINE_CC = (1, 2)
_MINEFIELD_BAND = 6
_MINEFIELD_SPACING = 2


def mine_drop_hex(piece: Piece) -> Hex:
    """DW-18.6 / DW-28.10: a mine is dropped in the hex directly ahead of the bow.

    If that hex holds a surface or flying model the mine explodes at once (the caller checks
    `Board.piece_at`); the dropper does not set it off in this activation.
    """
    return piece.hex.neighbor(piece.facing)


def mines_entered(hexes: Iterable[Hex], mines: Collection[Hex]) -> tuple[Hex, ...]:
    """DW-18.6 / DW-28.10: the mine hexes a move enters, in order (its start hex excluded).

    Pass a `Walk`'s hexes and the mines this model may set off (not its own, dropped in this
    activation). The model may finish its move after each blast (DW-18.6).
    """
    path = tuple(hexes)
    return tuple(h for h in path[1:] if h in mines)


def blast_hexes(mine: Hex) -> tuple[Hex, ...]:
    """DW-28.10: the blast covers the mine hex and its six neighbours."""
    return mine.spiral(BLAST_RADIUS)


def blast_victims(board: Board, mine: Hex) -> tuple[int, ...]:
    """DW-18.6 / DW-28.10: every surface and submerged piece in the blast; each takes full hits.

    Flyers and wings are not hit.
    """
    found = []
    for where in blast_hexes(mine):
        index = board.index_at(where)
        if index is not None:
            piece = board.pieces[index]
            if not piece.token and not piece.level.airborne:
                found.append(index)
    return tuple(found)


def mine_cc_reach(distance: int) -> bool:
    """DW-18.6 / DW-28.10: CC may fire at a mine 1-2 hexes away at the end of a move."""
    lo, hi = _MINE_CC
    return lo <= distance <= hi


def minefield_problem(terrain: TerrainMap, where: Hex, taken: Iterable[Hex]) -> str:
    """DW-24 Minefields / DW-28.10: why a mine cannot be placed at ``where``, or "".

    Within 6 rows of the centre line between the long edges, on the board, and at least 2
    hexes from every piece and every other mine (``taken``).
    """
    if not terrain.on_board(where):
        return "A mine must go on the board."
    row = where.to_offset().row
    if abs(2 * row + 1 - terrain.height) > 2 * _MINEFIELD_BAND:
        return "Mines go within 6 hexes of the centre line."
    if any(where.distance(h) < _MINEFIELD_SPACING for h in taken):
        return "A mine must be at least 2 hexes from every model and every other mine."
    return ""


_VORTEX_RADIUS = {Size.SMALL: 0, Size.MEDIUM: 1, Size.LARGE: 1, Size.MASSIVE: 2}
_VORTEX_REACH = {Size.SMALL: 4, Size.MEDIUM: 8, Size.LARGE: 12, Size.MASSIVE: 16}


def vortex_footprint(centre: Hex, size: Size) -> tuple[Hex, ...]:
    """DW-25.3 / DW-28.10: the vortex's hexes: radius 0 (Small), 1 (Medium, Large), 2 (Massive).

    Raises:
        KeyError: a Tiny vortex (vortices start Small).
    """
    return centre.spiral(_VORTEX_RADIUS[size])


def vortex_reach(size: Size) -> int:
    """DW-25.3 / DW-28.10: the vortex pulls pieces within its band: 4, 8, 12 or 16 hexes."""
    return _VORTEX_REACH[size]


def vortex_pull(piece: Piece, centre: Hex, distance: int) -> tuple[Facing, tuple[Hex, ...]]:
    """DW-28.10: turn 1 hexside toward the vortex, then ``distance`` (ceil(1D6 / 2)) hexes in.

    Each step goes to the neighbour nearest the centre, along the kernel's line to it (its
    +epsilon variant breaks ties); the pull stops at the centre. A piece whose bow is already
    toward the centre keeps its facing; one dead astern turns clockwise (INTERP). Entering the
    footprint, or the centre, attacks it (the caller rolls; DW-25.3).
    """
    facing = piece.facing
    if piece.hex != centre:
        held = sectors_of(piece.hex, facing, centre)
        if Sector.F not in held:
            port = held <= {Sector.FP, Sector.AP, Sector.A} and held != {Sector.A}
            facing = facing.turn(-1 if port else 1)
    route = line(piece.hex, centre)[1 : distance + 1]
    return facing, route
