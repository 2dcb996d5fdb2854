"""Age of Destruction terrain on the hex board: per-hex terrain, the map, pieces and zones.

Rules: AOD-19 (terrain types), AOD-26.8 (terrain on hexes, pieces as hex templates; the [INVENTED]
starter library is data, ``assets/aod/catalogue/terrain.aod.toml``), AOD-5 and AOD-26.10
(deployment zones, piece placement).

The board is the kernel's flat-top board (DESIGN 2.1, AOD-26.3's project decision): a piece is a
template of offsets from its anchor hex, turned in 60-degree steps by `Hex.rotate` (clockwise, N
-> NE), and an abrupt piece's access hexsides turn with it by `Facing.turn`.

Deployment zones (AOD-26.10) on the flat-top board: the digest's "rows 0-2, columns 8-27" are read
in the kernel's 0-based offset coordinates (odd-q; labels "0901".."2803" for the top zone). A row
of the flat-top board zigzags by half a hex, but every column still holds exactly three zone hexes
and the zone's inner hexes are exactly 3 hex steps from the edge, so the 3" depth and the 8" edge
margin (columns 0-7 and 28-35 excluded) are kept exactly. Side zones (3-4 players) are columns
0-2 or 33-35, rows 8-27.

Placement (AOD-26.10): "3 clear hexes" between a piece and a board edge means no piece hex in the
outer three columns or rows (offset column or row < 3 or > size - 4); between a piece and another
piece or another player's zone it means a hex distance of at least 4.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

import attrs
from attrs import frozen

from engine.hexes import Facing, Hex

__all__ = [
    "CLEAR",
    "EDGE_MARGIN",
    "PIECE_SPACING",
    "STANDARD_SIZE",
    "ZONE_DEPTH",
    "ZONE_MARGIN",
    "Edge",
    "Grid",
    "HexTerrain",
    "PlacedPiece",
    "Placement",
    "SpacingBreach",
    "TerrainMap",
    "TerrainPiece",
    "TerrainType",
    "deployment_zone",
    "placement_problem",
    "spacing_breach",
    "spacing_problem",
]

STANDARD_SIZE = 36
"""AOD-5 / AOD-26.10: the standard 36" board is 36 x 36 hexes (1 hex = 1", AOD-26.2)."""
ZONE_DEPTH = 3
"""AOD-5 item 3: a deployment zone is 3" (3 hexes) deep."""
ZONE_MARGIN = 8
"""AOD-5 item 3: a deployment zone stays 8" (8 hexes) from every other board edge."""
PIECE_SPACING = 4
"""AOD-26.10: 3 clear hexes between pieces and zones, i.e. a hex distance of at least 4."""
EDGE_MARGIN = 3
"""AOD-26.10: no piece hex in the three outer columns or rows of the board."""


class TerrainType(enum.StrEnum):
    """AOD-19.1 / AOD-26.8: the five terrain types of a hex (elevation is a separate flag)."""

    CLEAR = "clear"
    HINDERING = "hindering"
    BLOCKING = "blocking"
    SHALLOW = "shallow"
    """Shallow water: hindering for movement, no effect on a LOF (AOD-19.4)."""
    DEEP = "deep"
    """Deep water: blocking for movement, no effect on a LOF (AOD-19.4)."""


@frozen
class HexTerrain:
    """AOD-26.8: what one hex holds. The default is plain clear ground, part of no feature."""

    type: TerrainType = TerrainType.CLEAR
    elevated: bool = False
    """AOD-19.6: the hex is on elevated terrain (every elevation has the same single height)."""
    abrupt: bool = False
    """AOD-19.7: abrupt elevated terrain, entered or left only through an access hexside."""
    feature: int = 0
    """AOD-19.1: the terrain feature (piece) the hex belongs to; 0 = none (plain ground)."""
    access: frozenset[Facing] = frozenset()
    """AOD-19.7 / AOD-26.7: the hexsides of this abrupt hex that are access points."""

    @property
    def is_clear(self) -> bool:
        """True for plain clear ground: clear, not elevated (AOD-5 item 4: not a pool piece)."""
        return self.type is TerrainType.CLEAR and not self.elevated


CLEAR = HexTerrain()
"""The terrain of every hex a map does not list."""


@frozen
class TerrainMap:
    """The board's terrain: a ``width`` x ``height`` flat-top board, clear unless listed (AOD-26.8).

    ``cells`` lists the non-clear hexes, sorted; build maps with `TerrainMap.of`. Reading a hex
    with ``map[hex]`` gives its terrain (`CLEAR` for unlisted hexes on the board) and raises
    KeyError off the board. The map is a frozen value: `with_piece` returns a new one.

    It reads like a mapping (``[]``, ``get``, ``in``, iteration over the board's hexes) but is not
    a `collections.abc.Mapping`, so that a save stores it as its fields (the listed cells), not as
    a dict of every hex.
    """

    width: int = STANDARD_SIZE
    height: int = STANDARD_SIZE
    cells: tuple[tuple[Hex, HexTerrain], ...] = ()
    _lookup: dict[Hex, HexTerrain] = attrs.field(
        init=False, eq=False, repr=False, hash=False, factory=dict
    )
    derived: dict[object, Any] = attrs.field(
        init=False, eq=False, repr=False, hash=False, factory=dict
    )
    """A memo of tables the rules derive from this map (never saved, compared or hashed); a map
    never changes, so a table computed once stays true. Each module keeps its own keys."""

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
        cells: Mapping[Hex, HexTerrain] | Iterable[tuple[Hex, HexTerrain]] = (),
        width: int = STANDARD_SIZE,
        height: int = STANDARD_SIZE,
    ) -> TerrainMap:
        """Return a map from hex -> terrain pairs; clear hexes are dropped, the rest sorted."""
        pairs = cells.items() if isinstance(cells, Mapping) else cells
        kept = tuple(sorted((h, t) for h, t in pairs if t != CLEAR))
        return cls(width, height, kept)

    def on_board(self, where: Hex) -> bool:
        """True if ``where`` lies on the board (AOD-26.3: the edge is a hard limit)."""
        col = where.q
        row = where.r + (col - (col & 1)) // 2  # `Hex.to_offset`, inlined: a hot path
        return 0 <= col < self.width and 0 <= row < self.height

    def cell(self, where: Hex) -> HexTerrain | None:
        """Return the terrain of ``where``, or None when it is off the board (a fast `get`)."""
        terrain = self._lookup.get(where)
        if terrain is None and self.on_board(where):
            return CLEAR
        return terrain

    def grid(self) -> Grid:
        """The board's hexes as numbered cells with their neighbours (cached; for searches)."""
        grid: Grid | None = self.derived.get(Grid)
        if grid is None:
            grid = self.derived[Grid] = Grid.of(self)
        return grid

    def get(self, where: Hex) -> HexTerrain | None:
        """Return the terrain of ``where``, or None when it is off the board."""
        return self.cell(where)

    def __contains__(self, where: object) -> bool:
        return isinstance(where, Hex) and self.on_board(where)

    def __getitem__(self, where: Hex) -> HexTerrain:
        terrain = self._lookup.get(where)
        if terrain is not None:
            return terrain
        if not self.on_board(where):
            raise KeyError(where)
        return CLEAR

    def __iter__(self) -> Iterator[Hex]:
        """Every hex of the board, column by column."""
        for col in range(self.width):
            for row in range(self.height):
                yield Hex.from_offset(col, row)

    def __len__(self) -> int:
        return self.width * self.height

    def features(self) -> dict[int, frozenset[Hex]]:
        """The hexes of each feature id (0, plain ground, is left out)."""
        found: dict[int, set[Hex]] = {}
        for where, terrain in self.cells:
            if terrain.feature:
                found.setdefault(terrain.feature, set()).add(where)
        return {feature: frozenset(hexes) for feature, hexes in found.items()}

    def with_piece(self, placed: PlacedPiece, feature: int) -> TerrainMap:
        """Return this map with ``placed`` laid on it as feature ``feature`` (over what was there).

        Raises:
            ValueError: a hex of the piece is off the board, or ``feature`` is not positive.
        """
        if feature < 1:
            msg = f"a terrain feature id is a positive number, not {feature}"
            raise ValueError(msg)
        cells = dict(self.cells)
        cells.update(placed.terrain(feature))
        return TerrainMap.of(cells, self.width, self.height)


@frozen
class Grid:
    """The board as numbered cells, for fast searches: cell ``i`` is ``hexes[i]``.

    ``neighbours[i][f]`` is the cell across hexside ``f`` (`Facing` order) or -1 off the board;
    ``terrain[i]`` is the cell's terrain.
    """

    hexes: tuple[Hex, ...]
    index: dict[Hex, int]
    neighbours: tuple[tuple[int, ...], ...]
    terrain: tuple[HexTerrain, ...]

    @classmethod
    def of(cls, board: TerrainMap) -> Grid:
        """Number the hexes of ``board`` column by column."""
        hexes = tuple(board)
        index = {where: i for i, where in enumerate(hexes)}
        neighbours = tuple(
            tuple(index.get(there, -1) for there in where.neighbors()) for where in hexes
        )
        return cls(hexes, index, neighbours, tuple(board[where] for where in hexes))


@frozen
class TerrainPiece:
    """AOD-26.8: a terrain piece as a hex template; ``cells`` are offsets from the anchor hex.

    ``access`` lists the access hexsides of an abrupt piece as (offset, hexside) pairs, in the
    unrotated orientation (AOD-19.7: at least one, fixed when the piece enters the pool).
    """

    name: str
    type: TerrainType
    cells: tuple[Hex, ...]
    elevated: bool = False
    abrupt: bool = False
    access: tuple[tuple[Hex, Facing], ...] = ()
    standard: bool = True
    """AOD-5 item 4 / AOD-23.1: allowed in the standard game (no elevation, no deep water)."""

    def __attrs_post_init__(self) -> None:
        if Hex(0, 0) not in self.cells or len(set(self.cells)) != len(self.cells):
            msg = f"piece {self.name!r}: its cells must be distinct and include the anchor (0, 0)"
            raise ValueError(msg)
        if self.abrupt and not (self.elevated and self.access):
            msg = f"piece {self.name!r}: an abrupt piece is elevated with an access hexside"
            raise ValueError(msg)
        if any(cell not in self.cells for cell, _ in self.access):
            msg = f"piece {self.name!r}: an access hexside lies on a hex outside the piece"
            raise ValueError(msg)

    def place(self, anchor: Hex, rotation: int = 0) -> PlacedPiece:
        """Return the piece laid with its anchor on ``anchor``, turned ``rotation`` x 60 degrees.

        Rotation is clockwise (N -> NE), taken modulo 6 (AOD-26.8).
        """
        return PlacedPiece(self, anchor, rotation % 6)


@frozen
class PlacedPiece:
    """A terrain piece on the board: the template, its anchor hex and its rotation (0-5).

    `Placement` is the same by the piece's name, as a scenario file gives it.
    """

    piece: TerrainPiece
    anchor: Hex
    rotation: int

    @property
    def covered(self) -> tuple[Hex, ...]:
        """The board hexes the piece covers, in the order of the template's ``cells``."""
        return tuple(cell.rotate(self.rotation) + self.anchor for cell in self.piece.cells)

    @property
    def hexes(self) -> frozenset[Hex]:
        """The board hexes the piece covers."""
        return frozenset(self.covered)

    @property
    def access(self) -> frozenset[tuple[Hex, Facing]]:
        """The access hexsides on the board, as (hex, hexside) pairs (AOD-19.7)."""
        return frozenset(
            (cell.rotate(self.rotation) + self.anchor, side.turn(self.rotation))
            for cell, side in self.piece.access
        )

    def terrain(self, feature: int) -> dict[Hex, HexTerrain]:
        """The terrain of each covered hex, as feature ``feature`` (AOD-26.8 per-hex data)."""
        sides: dict[Hex, set[Facing]] = {}
        for where, side in self.access:
            sides.setdefault(where, set()).add(side)
        piece = self.piece
        return {
            where: HexTerrain(
                piece.type,
                elevated=piece.elevated,
                abrupt=piece.abrupt,
                feature=feature,
                access=frozenset(sides.get(where, ())),
            )
            for where in self.hexes
        }


@frozen
class Placement:
    """A piece on the board by name: its anchor hex and rotation in 60-degree steps (AOD-26.8).

    What a scenario file lists; `TerrainPiece.place` with the named piece gives the `PlacedPiece`.
    """

    piece: str
    anchor: Hex
    rotation: int = 0


class Edge(enum.StrEnum):
    """AOD-5 item 2: the board edge a player starts from (top = row 0, left = column 0)."""

    TOP = "top"
    BOTTOM = "bottom"
    LEFT = "left"
    RIGHT = "right"


def deployment_zone(
    edge: Edge, width: int = STANDARD_SIZE, height: int = STANDARD_SIZE
) -> frozenset[Hex]:
    """AOD-5 item 3 / AOD-26.10: the zone along ``edge``, 3 hexes deep, 8 from the other edges.

    On the 36 x 36 board the top zone is offset rows 0-2, columns 8-27 (labels 0901-2803); see the
    module docstring for how this sits on the flat-top board.
    """
    if edge in (Edge.TOP, Edge.BOTTOM):
        cols = range(ZONE_MARGIN, width - ZONE_MARGIN)
        rows = range(ZONE_DEPTH) if edge is Edge.TOP else range(height - ZONE_DEPTH, height)
    else:
        rows = range(ZONE_MARGIN, height - ZONE_MARGIN)
        cols = range(ZONE_DEPTH) if edge is Edge.LEFT else range(width - ZONE_DEPTH, width)
    return frozenset(Hex.from_offset(col, row) for col in cols for row in rows)


@frozen
class SpacingBreach:
    """AOD-26.10: the first spacing rule a piece breaks (see `spacing_breach`).

    ``rule`` is ``off_board``, ``near_edge`` or ``too_close``; ``where`` is the piece hex that
    breaks it (off the board or near the edge); ``gap`` the distance and ``near`` the name of the
    piece or zone it is too close to, ``zone`` telling which.
    """

    rule: str
    where: Hex | None = None
    gap: int = 0
    near: str = ""
    zone: bool = False


def spacing_breach(
    piece: Iterable[Hex],
    width: int,
    height: int,
    others: Iterable[tuple[str, Iterable[Hex]]] = (),
    zones: Iterable[tuple[str, Iterable[Hex]]] = (),
) -> SpacingBreach | None:
    """AOD-5 item 6 / AOD-26.10: the first spacing rule ``piece`` breaks, or None.

    The one statement of the rule: every piece hex on the board and 3 clear hexes from its
    edges, then a hex distance of at least `PIECE_SPACING` to each other piece, then to each
    other player's deployment zone.

    Args:
        piece: The hexes the piece covers, in the order they are checked against the edges.
        width: Board columns.
        height: Board rows.
        others: Each piece already on the board: its name and hexes.
        zones: The deployment zones of the *other* players: name and hexes.
    """
    cells = tuple(piece)
    for where in cells:
        col, row = where.to_offset()
        if not (0 <= col < width and 0 <= row < height):
            return SpacingBreach("off_board", where)
        if min(col, row, width - 1 - col, height - 1 - row) < EDGE_MARGIN:
            return SpacingBreach("near_edge", where)
    for is_zone, groups in ((False, others), (True, zones)):
        for name, group in groups:
            gap = min((a.distance(b) for a in cells for b in group), default=PIECE_SPACING)
            if gap < PIECE_SPACING:
                return SpacingBreach("too_close", gap=gap, near=name, zone=is_zone)
    return None


def placement_problem(
    piece: frozenset[Hex],
    board: TerrainMap,
    others: Sequence[frozenset[Hex]] = (),
    zones: Sequence[frozenset[Hex]] = (),
) -> str | None:
    """AOD-5 item 6 / AOD-26.10: why ``piece`` may not be placed, or None if it may.

    Args:
        piece: The hexes the new piece would cover.
        board: The map (for its size).
        others: The hexes of each piece already on the board.
        zones: The deployment zones of the *other* players.

    Returns:
        The first broken rule (`spacing_breach`) as one readable line with its code, or None.
    """
    breach = spacing_breach(
        sorted(piece),
        board.width,
        board.height,
        [("", group) for group in others],
        [("", group) for group in zones],
    )
    if breach is None:
        return None
    if breach.where is not None:
        col, row = breach.where.to_offset()
        if breach.rule == "off_board":
            return f"terrain/off_board: hex {col},{row} is off the board (AOD-26.10)"
        return (
            f"terrain/near_edge: hex {breach.where.label} is within 3 hexes of a board edge "
            "(AOD-26.10: 3 clear hexes to the edge)"
        )
    kind = "deployment zone" if breach.zone else "piece"
    return (
        f"terrain/too_close: the piece is {breach.gap} hexes from another {kind} "
        "(AOD-26.10: at least 3 clear hexes, distance 4)"
    )


def spacing_problem(
    covered: Iterable[tuple[str, Iterable[Hex]]],
    width: int,
    height: int,
    zones: Iterable[tuple[str, Iterable[Hex]]] = (),
) -> str | None:
    """The first breach of AOD-5 step 6 / AOD-26.10 among placed pieces, naming them, or None.

    Each piece is checked (`spacing_breach`) against the edges, the pieces before it and the
    zones; the message names the pieces and zones ("Woods is 2 hexes from Pond (at least 4)"),
    as a scenario file's reader reports it.

    Args:
        covered: each placed piece's name and board hexes, in placement order.
        width: board columns.
        height: board rows.
        zones: deployment zones by name, each the hexes it holds.
    """
    placed = [(name, tuple(hexes)) for name, hexes in covered]
    zone_list = [(name, tuple(hexes)) for name, hexes in zones]
    for index, (name, hexes) in enumerate(placed):
        breach = spacing_breach(hexes, width, height, placed[:index], zone_list)
        if breach is None:
            continue
        if breach.where is not None:
            col, row = breach.where.to_offset()
            if breach.rule == "off_board":
                return f"{name}: a hex at column {col + 1}, row {row + 1} is off the board"
            return f"{name}: hex {breach.where.label} is within {EDGE_MARGIN} hexes of a board edge"
        near = f"{breach.near}'s deployment zone" if breach.zone else breach.near
        return f"{name} is {_hexes(breach.gap)} from {near} (at least {PIECE_SPACING})"
    return None


def _hexes(count: int) -> str:
    return f"{count} hex" if count == 1 else f"{count} hexes"
