"""Hex-grid maths for BattleTech-style maps: coordinates, facings, distance, rotation and lines.

Conventions (DESIGN 2.1):

- Maps are flat-top hexes in columns. A map label "XXYY" is (column + 1, row + 1), so "0101" is the
  top-left hex. Odd 0-based columns (labels 02, 04, ...) sit half a hex lower: Red Blob Games'
  "odd-q" offset layout.
- Inside the engine every hex is a `Hex(q, r)` in axial coordinates (the cube coordinate
  ``s = -q - r`` is derived). Offsets and labels exist only at the boundaries: map files, the
  screen and log text.

      offset -> axial:  q = col;  r = row - (col - (col & 1)) // 2
      axial -> offset:  col = q;  row = r + (q - (q & 1)) // 2

- Facings count clockwise from north, ``N=0 NE=1 SE=2 S=3 SW=4 NW=5``, with the axial deltas
  N (0,-1) NE (+1,-1) SE (+1,0) S (0,+1) SW (-1,+1) NW (-1,0). Rotation is clockwise in the
  same sense: one step turns N into NE.
- A line between two hex centres is drawn twice, nudged by +epsilon and -epsilon. Where the two
  variants differ the line runs exactly along a hexside; the geometry reports both candidate hexes
  and the rules pick one (BattleTech: the defender's choice).

Everything here is integer arithmetic, including the line draw (see `line_pair`), so results are
exact, symmetric and identical on every machine.
"""

from __future__ import annotations

import functools
from enum import IntEnum
from typing import NamedTuple

import attrs

__all__ = [
    "Facing",
    "Hex",
    "OffsetCoord",
    "facing_difference",
    "hexside_line",
    "line",
    "line_pair",
]

_FACINGS = 6


class Facing(IntEnum):
    """A hexside direction, numbered clockwise from north (BattleTech order)."""

    N = 0
    NE = 1
    SE = 2
    S = 3
    SW = 4
    NW = 5

    def turn(self, steps: int) -> Facing:
        """Return the facing after ``steps`` hexside turns clockwise (negative: counter-clockwise).

        Args:
            steps: Number of 60-degree turns; any integer, taken modulo 6.

        Returns:
            The new facing.
        """
        return Facing((self + steps) % _FACINGS)

    @property
    def opposite(self) -> Facing:
        """The facing pointing the other way (N <-> S, NE <-> SW, SE <-> NW)."""
        return self.turn(3)

    @property
    def delta(self) -> Hex:
        """The axial step one hex in this direction."""
        return _DELTAS[self]


def facing_difference(a: Facing, b: Facing) -> int:
    """Return how many hexside turns separate two facings, the shorter way round.

    Args:
        a: One facing.
        b: The other facing.

    Returns:
        0 (same facing) to 3 (opposite facings).
    """
    diff = (b - a) % _FACINGS
    return min(diff, _FACINGS - diff)


class OffsetCoord(NamedTuple):
    """A 0-based (column, row) position in the odd-q map layout; for files and the screen only."""

    col: int
    """0-based column, left to right."""
    row: int
    """0-based row, top to bottom."""


@attrs.frozen(order=True)
class Hex:
    """One hex in axial coordinates; the engine's only hex type.

    Ordering is by ``q`` then ``r``; it has no geometric meaning but makes sorting deterministic.
    """

    q: int
    """Axial column; equal to the 0-based map column."""
    r: int
    """Axial row; grows southwards within a column (the N neighbour is ``r - 1``)."""

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def distance(self, other: Hex) -> int:
        """Return the number of hex steps between this hex and ``other``.

        Args:
            other: The hex to measure to.

        Returns:
            The hex distance (0 for the same hex).
        """
        dq = self.q - other.q
        dr = self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def neighbor(self, facing: Facing) -> Hex:
        """Return the adjacent hex across the hexside ``facing``.

        Args:
            facing: The direction to step in.

        Returns:
            The neighbouring hex.
        """
        return self + _DELTAS[facing]

    def neighbors(self) -> tuple[Hex, ...]:
        """Return the six adjacent hexes in facing order (N, NE, SE, S, SW, NW)."""
        return tuple(self + delta for delta in _DELTAS)

    def rotate(self, steps: int) -> Hex:
        """Return this hex rotated about the origin by ``steps`` x 60 degrees clockwise.

        Args:
            steps: Number of 60-degree turns; any integer, taken modulo 6.

        Returns:
            The rotated hex (rotating N by one step gives NE).
        """
        q, r = self.q, self.r
        for _ in range(steps % _FACINGS):
            # Red Blob's "rotate right": (q, r, s) -> (-r, -s, -q).
            q, r = -r, q + r
        return Hex(q, r)

    def rotate_around(self, center: Hex, steps: int) -> Hex:
        """Return this hex rotated about ``center`` by ``steps`` x 60 degrees clockwise.

        Args:
            center: The hex to rotate about.
            steps: Number of 60-degree turns; any integer, taken modulo 6.

        Returns:
            The rotated hex.
        """
        return (self - center).rotate(steps) + center

    def ring(self, radius: int) -> tuple[Hex, ...]:
        """Return the hexes at exactly ``radius`` from this one, clockwise from due north.

        Args:
            radius: Distance of the ring; 0 gives just this hex.

        Returns:
            ``6 * radius`` hexes (1 for radius 0).

        Raises:
            ValueError: If ``radius`` is negative.
        """
        if radius < 0:
            raise ValueError(f"ring radius must be >= 0, got {radius}")
        if radius == 0:
            return (self,)
        hexes: list[Hex] = []
        current = Hex(self.q, self.r - radius)  # the corner due north
        for corner in Facing:
            # From the corner in direction `corner`, walk two facings further clockwise
            # to reach the next corner: N -> (SE) -> NE -> (S) -> SE ...
            step = _DELTAS[corner.turn(2)]
            for _ in range(radius):
                hexes.append(current)
                current += step
        return tuple(hexes)

    def spiral(self, radius: int) -> tuple[Hex, ...]:
        """Return every hex within ``radius`` of this one: this hex, then ring 1, ring 2, ...

        Args:
            radius: Largest distance included.

        Returns:
            ``1 + 3 * radius * (radius + 1)`` hexes.

        Raises:
            ValueError: If ``radius`` is negative.
        """
        if radius < 0:
            raise ValueError(f"spiral radius must be >= 0, got {radius}")
        return tuple(h for k in range(radius + 1) for h in self.ring(k))

    def direction_to(self, other: Hex) -> Facing | None:
        """Return the facing that points straight at ``other``, if there is one.

        Args:
            other: The hex to look at.

        Returns:
            The facing when ``other`` lies on one of the six straight hex rows through this hex,
            else None (also None for the same hex).
        """
        dq, dr = other.q - self.q, other.r - self.r
        ds = -dq - dr
        result: Facing | None = None
        if dq == 0 and dr != 0:
            result = Facing.S if dr > 0 else Facing.N
        elif dr == 0 and dq != 0:
            result = Facing.SE if dq > 0 else Facing.NW
        elif ds == 0 and dq != 0:
            result = Facing.NE if dq > 0 else Facing.SW
        return result

    @classmethod
    def from_offset(cls, col: int, row: int) -> Hex:
        """Return the hex at 0-based map column ``col`` and row ``row`` (odd-q layout).

        Args:
            col: 0-based column.
            row: 0-based row.

        Returns:
            The hex in axial coordinates.
        """
        return cls(col, row - (col - (col & 1)) // 2)

    def to_offset(self) -> OffsetCoord:
        """Return the 0-based (column, row) of this hex in the odd-q map layout."""
        return OffsetCoord(self.q, self.r + (self.q - (self.q & 1)) // 2)

    @classmethod
    def from_label(cls, label: str) -> Hex:
        """Return the hex for a map label such as ``"0203"`` (column 2, row 3, 1-based).

        The label is split in half, so wide maps can use ``"101006"`` (column 101, row 6).

        Args:
            label: An even number of ASCII digits, column first; both halves at least 1.

        Returns:
            The hex.

        Raises:
            ValueError: If the label is not an even-length digit string or names column/row 0.
        """
        if not (label.isascii() and label.isdigit()) or len(label) % 2:
            raise ValueError(
                f"bad hex label {label!r}: expected an even number of digits, like '0203'"
            )
        half = len(label) // 2
        col, row = int(label[:half]), int(label[half:])
        if col == 0 or row == 0:
            raise ValueError(f"bad hex label {label!r}: columns and rows are numbered from 01")
        return cls.from_offset(col - 1, row - 1)

    @property
    def label(self) -> str:
        """The map label: "XXYY" (1-based column, row); "XXXYYY" when either is 100 or more.

        Raises:
            ValueError: If the hex lies above or left of "0101" and so has no label.
        """
        col, row = self.to_offset()
        if col < 0 or row < 0:
            raise ValueError(f"{self!r} is off the map (column {col}, row {row}): no label")
        width = max(2, len(str(max(col, row) + 1)))  # 2 digits each below 100, then wider
        return f"{col + 1:0{width}d}{row + 1:0{width}d}"


_DELTAS: tuple[Hex, ...] = (
    Hex(0, -1),  # N
    Hex(1, -1),  # NE
    Hex(1, 0),  # SE
    Hex(0, 1),  # S
    Hex(-1, 1),  # SW
    Hex(-1, 0),  # NW
)

# The line draw nudges every point by (1, 2, -3) / (_SCALE * n) in cube units, n being the line's
# length in hexes. Red Blob uses (1e-6, 2e-6, -3e-6); the unequal parts keep the rounding from
# tying again, and the sum of zero keeps the point on the q + r + s = 0 plane. Working in integers
# scaled by _SCALE * n makes the nudge exact: 3 / (8n) is below the 1 / (2n) that separates a
# lerp point from any rounding boundary it is not already on, so it only ever breaks exact ties.
_NUDGE = (1, 2, -3)
_SCALE = 8


_ORIGIN = Hex(0, 0)


def _cube_round(point: tuple[int, int, int], denominator: int) -> Hex:
    """Return the hex nearest the cube point ``point / denominator`` (Red Blob's cube_round).

    The caller guarantees no coordinate is exactly halfway and no two rounding errors are equal.
    """
    rounded = [(2 * v + denominator) // (2 * denominator) for v in point]
    q, r, s = rounded
    if q + r + s != 0:
        # Reset the coordinate that was rounded furthest so that q + r + s == 0 again.
        q_err, r_err, s_err = (
            abs(v - k * denominator) for v, k in zip(point, rounded, strict=True)
        )
        if q_err > r_err and q_err > s_err:
            q = -r - s
        elif r_err > s_err:
            r = -q - s
        # Otherwise s is the one to reset, and s is implied by q and r anyway.
    return Hex(q, r)


def _nudged_line(a: Hex, b: Hex, sign: int) -> tuple[Hex, ...]:
    """Return the hexes on the line from ``a`` to ``b`` with the nudge ``sign`` x epsilon."""
    n = a.distance(b)
    if n == 0:
        return (a,)
    denominator = _SCALE * n
    starts = (a.q, a.r, a.s)
    spans = (b.q - a.q, b.r - a.r, b.s - a.s)
    hexes = []
    for i in range(n + 1):
        # Lerp at t = i / n, with all three coordinates scaled by `denominator`.
        point = tuple(
            (start * n + span * i) * _SCALE + sign * nudge
            for start, span, nudge in zip(starts, spans, _NUDGE, strict=True)
        )
        hexes.append(_cube_round((point[0], point[1], point[2]), denominator))
    return tuple(hexes)


def line_pair(a: Hex, b: Hex) -> tuple[tuple[Hex, ...], tuple[Hex, ...]]:
    """Return the line from ``a`` to ``b`` drawn twice, nudged by +epsilon and by -epsilon.

    Both variants start at ``a``, end at ``b`` and have ``a.distance(b) + 1`` hexes, each a
    neighbour of the one before. They differ exactly where the line runs along a hexside
    (DESIGN 2.1). Reversing the endpoints reverses each variant: ``line_pair(b, a)`` is
    ``(plus[::-1], minus[::-1])``.

    Args:
        a: The start hex.
        b: The end hex.

    Returns:
        ``(plus, minus)``.
    """
    plus, minus = _relative_pair(b.q - a.q, b.r - a.r)
    q, r = a.q, a.r
    moved = tuple(Hex(q + h.q, r + h.r) for h in plus)
    if minus == plus:
        return moved, moved
    return moved, tuple(Hex(q + h.q, r + h.r) for h in minus)


@functools.lru_cache(maxsize=8192)
def _relative_pair(dq: int, dr: int) -> tuple[tuple[Hex, ...], tuple[Hex, ...]]:
    """The pair of lines from the origin to ``Hex(dq, dr)``, drawn once per step.

    The integer line draw commutes with moving both ends by a whole hex (every lerp point moves
    by exactly that many denominators), so `line_pair` draws one pair per step and moves it.
    """
    end = Hex(dq, dr)
    return _nudged_line(_ORIGIN, end, 1), _nudged_line(_ORIGIN, end, -1)


def line(a: Hex, b: Hex) -> tuple[Hex, ...]:
    """Return the hexes on the line from ``a`` to ``b``, ends included (the +epsilon variant).

    Use `line_pair` or `hexside_line` wherever a line along a hexside matters to the rules.

    Args:
        a: The start hex.
        b: The end hex.

    Returns:
        ``a.distance(b) + 1`` hexes from ``a`` to ``b``, each a neighbour of the one before.
    """
    return _nudged_line(a, b, 1)


def hexside_line(a: Hex, b: Hex) -> tuple[tuple[Hex, ...], ...]:
    """Return the line from ``a`` to ``b`` as steps, each one hex or a pair split by a hexside.

    A step of two hexes ``(plus, minus)`` means the line runs along the hexside between them; the
    rules, not the geometry, decide which one counts (BattleTech: the defender chooses).

    Args:
        a: The start hex.
        b: The end hex.

    Returns:
        ``a.distance(b) + 1`` steps; the first is ``(a,)`` and the last ``(b,)``.
    """
    plus, minus = line_pair(a, b)
    return tuple((p,) if p == m else (p, m) for p, m in zip(plus, minus, strict=True))
