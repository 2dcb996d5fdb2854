"""Terrain pieces as data: hex templates placed by anchor hex and rotation (AOD-26.8, AOD-5).

A piece's shape is a set of axial offsets from its anchor on the kernel's flat-top hexes
(`engine.hexes`); placing it rotates the offsets clockwise in 60-degree steps about the anchor and
adds the anchor. The per-hex terrain it produces (and line of fire over it) belongs to the
terrain model of the ruleset; this module only knows shapes, types and the placement spacing of
AOD-26.10.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Final

from attrs import frozen

from engine.hexes import Facing, Hex

__all__ = [
    "MIN_GAP",
    "AccessSide",
    "Piece",
    "Placement",
    "TerrainType",
    "spacing_problem",
]

MIN_GAP: Final = 4
"""Hex distance between pieces, and from other zones: 3 clear hexes between (AOD-26.10)."""
EDGE_GAP: Final = 3
"""No piece hex within 3 hexes of a board edge (AOD-26.10)."""


class TerrainType(StrEnum):
    """The terrain types of a hex (AOD-19.1, AOD-26.8)."""

    CLEAR = "clear"
    HINDERING = "hindering"
    BLOCKING = "blocking"
    SHALLOW = "shallow"
    DEEP = "deep"


@frozen
class AccessSide:
    """An access point of an abrupt piece: one hexside of one of its hexes (AOD-19.7, AOD-26.8)."""

    offset: Hex
    side: Facing


@frozen
class Piece:
    """A terrain piece of the library (AOD-26.8).

    Attributes:
        name: its name, which scenarios and pools use ("Woods").
        type: the terrain type of every hex.
        hexes: axial offsets from the anchor; (0, 0) is one of them.
        elevated: one height level (AOD-19.6).
        abrupt: abrupt elevated: entered only through its access sides (AOD-19.7).
        access: the access hexsides of an abrupt piece.
        standard: allowed in the standard game (no elevation, no deep water; AOD-5, AOD-23.1).
    """

    name: str
    type: TerrainType
    hexes: tuple[Hex, ...]
    elevated: bool = False
    abrupt: bool = False
    access: tuple[AccessSide, ...] = ()
    standard: bool = False

    def placed(self, anchor: Hex, rotation: int) -> tuple[Hex, ...]:
        """The board hexes the piece covers at ``anchor``, turned ``rotation`` x 60 degrees."""
        return tuple(offset.rotate(rotation) + anchor for offset in self.hexes)

    def placed_access(self, anchor: Hex, rotation: int) -> tuple[tuple[Hex, Facing], ...]:
        """The access hexsides at ``anchor`` and ``rotation``: (board hex, side) pairs."""
        return tuple(
            (a.offset.rotate(rotation) + anchor, a.side.turn(rotation)) for a in self.access
        )


@frozen
class Placement:
    """A piece on the board: its name, anchor hex and rotation in 60-degree steps (AOD-26.8)."""

    piece: str
    anchor: Hex
    rotation: int = 0


def spacing_problem(
    covered: Iterable[tuple[str, tuple[Hex, ...]]],
    width: int,
    height: int,
    zones: Iterable[tuple[str, frozenset[Hex]]] = (),
) -> str | None:
    """The first breach of the setup spacing of AOD-5 step 6 in hexes (AOD-26.10), or None.

    Args:
        covered: each placed piece's name and board hexes, in placement order.
        width: board columns.
        height: board rows.
        zones: deployment zones by name, each the hexes it holds.
    """
    placed = list(covered)
    zone_list = list(zones)
    for index, (name, hexes) in enumerate(placed):
        for cell in hexes:
            col, row = cell.to_offset()
            if not (0 <= col < width and 0 <= row < height):
                return f"{name}: a hex at column {col + 1}, row {row + 1} is off the board"
            if min(col, row, width - 1 - col, height - 1 - row) < EDGE_GAP:
                return f"{name}: hex {cell.label} is within {EDGE_GAP} hexes of a board edge"
        for other, other_hexes in placed[:index]:
            gap = min(a.distance(b) for a in hexes for b in other_hexes)
            if gap < MIN_GAP:
                return f"{name} is {_hexes(gap)} from {other} (at least {MIN_GAP})"
        for zone, zone_hexes in zone_list:
            gap = min(a.distance(b) for a in hexes for b in zone_hexes)
            if gap < MIN_GAP:
                return f"{name} is {_hexes(gap)} from {zone}'s deployment zone (at least {MIN_GAP})"
    return None


def _hexes(count: int) -> str:
    return f"{count} hex" if count == 1 else f"{count} hexes"
