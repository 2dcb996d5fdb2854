"""Dystopian Wars geometry on the kernel hex board: scale, sectors, arcs, channels, bands, heights.

Rules: DW-28.1 / DW-28.3 (1 hex = 2 inches; converting the rules' distances), DW-28.6 (the six
60-degree sectors, the DW arcs as sets of sectors, full or half AD on a spine, the fixed channels),
DW-28.7 (range bands, the minimum-elevation limits, primaries at RB1, indirect-fire bands),
DW-14.3 / DW-14.4 (arcs, targets partly inside an arc), DW-14.6 (elevation limits),
DW-3.1 (size classes), DW-1 (the three layers).

The board is the kernel's flat-top board (DESIGN 2.1, the project decision in DW-28.2): a model
faces one of the six kernel facings and every sector is taken relative to it. DW-28.6's table,
written for pointy-top hexes facing east, becomes: the fore sector F is the 60-degree wedge
around the model's facing, and clockwise from it come FS, AS, A, AP and FP (starboard is the
clockwise side, port the counter-clockwise one). The wedge around a kernel direction is decided by
the ordering of the cube coordinates of the target's offset, exactly as in DW-28.6: inside the
wedge the coordinate that the direction raises is the largest and the one it lowers the smallest;
two equal coordinates put the target on a spine, in both neighbouring sectors. All integers.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

from attrs import frozen

from engine.hexes import Facing, Hex

__all__ = [
    "AA_REACH",
    "ARC_SECTORS",
    "BOMB_REACH",
    "CC_REACH",
    "INCHES_PER_HEX",
    "MAX_RANGE",
    "RB1_LIMIT",
    "Arc",
    "Channel",
    "Cover",
    "Level",
    "Piece",
    "RangeBand",
    "Sector",
    "Size",
    "arc_cover",
    "channel_cover",
    "hexes_for_inches",
    "in_base_contact",
    "inches_for_hexes",
    "indirect_fire_problem",
    "ordnance_height_problem",
    "primary_modifier",
    "range_band",
    "sector_cover",
    "sectors_of",
]

INCHES_PER_HEX = 2
"""DW-28.1: one hex is 2 inches from centre to centre."""


def hexes_for_inches(inches: int) -> int:
    """DW-28.3: a rule distance in inches as a hex distance (1" -> 0, 2" -> 1, 8" -> 4, 32" -> 16).

    Minimum moves round up instead (``movement.min_hexes``), movement uses ``movement_points``.
    """
    return inches // INCHES_PER_HEX


def inches_for_hexes(distance: int) -> int:
    """DW-28.2: a hex distance ``d`` in inches, ``2 d``."""
    return INCHES_PER_HEX * distance


def in_base_contact(a: Hex, b: Hex) -> bool:
    """DW-28.3 / DW-28.5: base contact is adjacency (d = 1); a recorded contact ends without it."""
    return a.distance(b) == 1


class Size(enum.IntEnum):
    """DW-3.1: the size classes, smallest to largest; the numbers are DW-28.8's classes ``c``."""

    TINY = 0
    SMALL = 1
    MEDIUM = 2
    LARGE = 3
    MASSIVE = 4


class Level(enum.StrEnum):
    """DW-1 / DW-11.1: the heights a piece can be at (obscured is the air layer's high band)."""

    SUBMERGED = "submerged"
    SURFACE = "surface"
    FLYING = "flying"
    OBSCURED = "obscured"

    @property
    def airborne(self) -> bool:
        """True for the air layer: flying or obscured (DW-1)."""
        return self in {Level.FLYING, Level.OBSCURED}


@frozen
class Piece:
    """A model or token as the board geometry sees it (DW-28.5: one piece per hex).

    The integrator builds it from the model's card and markers; the geometry needs no more.
    """

    hex: Hex
    facing: Facing
    size: Size
    level: Level
    side: int
    """The fleet it belongs to; pieces of one side are friends (DW-12.3)."""
    diving: bool = False
    """A diving model (DW-14.2): when surfaced it blocks and is blocked differently."""
    hulking: bool = False
    """DW-14.1: the Hulking MAR (one size class larger for LoS)."""
    token: bool = False
    """A tiny-flyer wing or other token: never blocks LoS, never collides by accident."""

    def is_enemy_of(self, other: Piece) -> bool:
        """DW-12.3: pieces of different sides are enemies."""
        return self.side != other.side


# ---- sectors and arcs (DW-28.6, DW-14.3, DW-14.4) -------------------------------------------


class Sector(enum.IntEnum):
    """DW-28.6: the six 60-degree sectors, numbered clockwise from the bow (kernel order)."""

    F = 0
    FS = 1
    AS = 2
    A = 3
    AP = 4
    FP = 5


def _cube(h: Hex) -> tuple[int, int, int]:
    return (h.q, h.r, h.s)


def _wedge(direction: Facing) -> tuple[int, int, int]:
    """The cube indices (raised, unchanged, lowered) by one step in ``direction``."""
    delta = _cube(direction.delta)
    return (delta.index(1), delta.index(0), delta.index(-1))


_WEDGES = tuple(_wedge(f) for f in Facing)


def sectors_of(origin: Hex, facing: Facing, target: Hex) -> frozenset[Sector]:
    """DW-28.6: the sectors of a model in ``origin`` facing ``facing`` that hold ``target``.

    One sector when the target is strictly inside it; two when it lies on a spine (two equal cube
    coordinates: the 2nd, 4th, 6th... hex along a +-30, +-90 or +-150 degree line).

    Raises:
        ValueError: ``target`` is ``origin`` (a model's own hex is in no sector).
    """
    if target == origin:
        msg = "a model's own hex lies in none of its sectors"
        raise ValueError(msg)
    v = _cube(target - origin)
    found = set()
    for direction, (high, mid, low) in zip(Facing, _WEDGES, strict=True):
        if v[high] >= v[mid] >= v[low]:
            found.add(Sector((direction - facing) % 6))
    return frozenset(found)


class Arc(enum.StrEnum):
    """DW-4.1 / DW-14.3: the fire arcs a card can print (fixed channels are `Channel`).

    The values are the card notation (the data model's ``Arc`` values), so ``Arc(value)`` reads
    a card's arc. A P/S broadside (``"broadside"``) is two arcs, `Arc.PORT` and
    `Arc.STARBOARD`, each at the printed AD (DW-4.1).
    """

    FORE_90 = "90-fore"
    AFT_90 = "90-aft"
    PORT = "broadside-port"
    STARBOARD = "broadside-starboard"
    PORT_90 = "90-port"
    """The same sectors as the port broadside (DW-28.6)."""
    STARBOARD_90 = "90-starboard"
    FORE_180 = "180-fore"
    AFT_180 = "180-aft"
    OFFSET_FORE_STARBOARD = "offset-fore-starboard"
    OFFSET_FORE_PORT = "offset-fore-port"
    OFFSET_AFT_STARBOARD = "offset-aft-starboard"
    OFFSET_AFT_PORT = "offset-aft-port"
    FORE_270 = "270-fore"
    """Also the UPG generator's 270 degrees from the centre."""
    AFT_270 = "270-aft"
    ALL_ROUND = "360"


_S = Sector
ARC_SECTORS: dict[Arc, frozenset[Sector]] = {
    Arc.FORE_90: frozenset({_S.F}),
    Arc.AFT_90: frozenset({_S.A}),
    Arc.PORT: frozenset({_S.FP, _S.AP}),
    Arc.STARBOARD: frozenset({_S.FS, _S.AS}),
    Arc.PORT_90: frozenset({_S.FP, _S.AP}),
    Arc.STARBOARD_90: frozenset({_S.FS, _S.AS}),
    Arc.FORE_180: frozenset({_S.FP, _S.F, _S.FS}),
    Arc.AFT_180: frozenset({_S.AP, _S.A, _S.AS}),
    Arc.OFFSET_FORE_STARBOARD: frozenset({_S.F, _S.FS, _S.AS}),
    Arc.OFFSET_FORE_PORT: frozenset({_S.F, _S.FP, _S.AP}),
    Arc.OFFSET_AFT_STARBOARD: frozenset({_S.A, _S.AS, _S.FS}),
    Arc.OFFSET_AFT_PORT: frozenset({_S.A, _S.AP, _S.FP}),
    Arc.FORE_270: frozenset(set(_S) - {_S.A}),
    Arc.AFT_270: frozenset(set(_S) - {_S.F}),
    Arc.ALL_ROUND: frozenset(_S),
}
"""DW-28.6: each DW arc as the set of hex sectors it covers (the Fortress's fore, aft, port and
starboard are `Arc.FORE_90`, `Arc.AFT_90`, `Arc.PORT` and `Arc.STARBOARD`)."""


class Cover(enum.StrEnum):
    """DW-14.4 / DW-28.6: how much of a weapon's AD reaches a target, by arc or channel."""

    FULL = "full"
    HALF = "half"
    NONE = "none"


def sector_cover(arc_sectors: Iterable[Sector], held: Iterable[Sector]) -> Cover:
    """DW-28.6: full when every sector holding the target is in the arc, half when some are.

    Half is DW-14.4's "partly outside one edge": a target on a spine that is the arc's edge.
    """
    arc, where = frozenset(arc_sectors), frozenset(held)
    if where <= arc:
        return Cover.FULL
    return Cover.HALF if where & arc else Cover.NONE


def arc_cover(arc: Arc, origin: Hex, facing: Facing, target: Hex) -> Cover:
    """DW-28.6: the cover of weapon ``arc`` of a model in ``origin`` facing ``facing``.

    Raises:
        ValueError: ``target`` is ``origin``.
    """
    return sector_cover(ARC_SECTORS[arc], sectors_of(origin, facing, target))


class Channel(enum.StrEnum):
    """DW-14.3 / DW-28.6: the fixed channels, corridors that never pivot or aim (card notation)."""

    FORE = "channel-fore"
    AFT = "channel-aft"
    PORT = "channel-port"
    STARBOARD = "channel-starboard"


def channel_cover(channel: Channel, origin: Hex, facing: Facing, target: Hex) -> Cover:
    """DW-28.6: full, half or no AD from fixed ``channel`` at ``target``, by its centre.

    Turned so the model faces north (the kernel's `Hex.rotate`), the fore channel is the row
    straight ahead (q = 0, r < 0) and the aft one the row straight behind; the port and
    starboard channels run along the 90-degree spines (r = s, q < 0 to port, q > 0 to
    starboard), full on the spine and half on the hexes either side of it (|r - s| = 1, the
    target's centre 0.5 hex spacings from the centre line, on the channel's edge).

    Raises:
        ValueError: ``target`` is ``origin``.
    """
    if target == origin:
        msg = "a model's own hex lies in none of its channels"
        raise ValueError(msg)
    v = (target - origin).rotate(-facing)
    q, r, s = v.q, v.r, v.s
    if channel in {Channel.FORE, Channel.AFT}:
        ahead = r < 0 if channel is Channel.FORE else r > 0
        return Cover.FULL if q == 0 and ahead else Cover.NONE
    side = q < 0 if channel is Channel.PORT else q > 0
    if not side:
        return Cover.NONE
    offset = abs(r - s)
    if offset == 0:
        return Cover.FULL
    return Cover.HALF if offset == 1 else Cover.NONE


# ---- range bands and heights (DW-15.2, DW-28.7, DW-14.6) --------------------------------------


class RangeBand(enum.IntEnum):
    """DW-15.2 / DW-28.7: the four range bands, 4 hexes each."""

    RB1 = 1
    RB2 = 2
    RB3 = 3
    RB4 = 4


RB1_LIMIT = 4
"""DW-28.7: the last hex distance of RB1 (8")."""
MAX_RANGE = 16
"""DW-28.3 / DW-28.7: 32", the last hex distance of RB4; nothing fires further."""
AA_REACH = 4
"""DW-28.7: AA reaches 8" (d <= 4)."""
CC_REACH = 2
"""DW-28.7: CC reaches 4" (d <= 2)."""
BOMB_REACH = 2
"""DW-28.6: bombs fire down the aft channel to d <= 2 (4", DW-27 item 8)."""
_INDIRECT = (9, 16)
_FORWARD_OBSERVER = (5, 8)


def range_band(distance: int) -> RangeBand | None:
    """DW-28.7: the band of hex ``distance``: 1-4 RB1, 5-8 RB2, 9-12 RB3, 13-16 RB4, else None."""
    if not 1 <= distance <= MAX_RANGE:
        return None
    return RangeBand((distance - 1) // RB1_LIMIT + 1)


def primary_modifier(distance: int) -> int:
    """DW-4.1 / DW-28.7: primaries roll -1 to hit on every die at d <= 4 (RB1)."""
    return -1 if range_band(distance) is RangeBand.RB1 else 0


def ordnance_height_problem(
    shooter: Level,
    target: Level,
    distance: int,
    *,
    target_diving: bool = False,
    torpedo: bool = False,
    towering_primary: bool = False,
) -> str:
    """DW-14.6 / DW-28.7 / DW-11.9: why ordnance cannot be fired at that height, or "".

    Args:
        shooter: The firing model's level.
        target: The target's level.
        distance: The hex distance.
        target_diving: The target is a diving model (surfaced or submerged).
        torpedo: The weapon is a torpedo (or one the card allows submerged).
        towering_primary: A primary of a model with the Towering MAR.
    """
    close = distance <= RB1_LIMIT
    if shooter is Level.SUBMERGED:
        # DW-11.9: torpedoes only, and only at surface or submerged targets.
        if target.airborne:
            return "A submerged model cannot fire at flyers."
        if not torpedo:
            return "A submerged model can fire only torpedoes."
    if shooter is Level.OBSCURED and target is Level.SUBMERGED:
        return "A model flying high cannot fire at submerged models."
    if shooter is Level.SURFACE and close:
        # DW-14.6: above the guns' maximum elevation, or below their minimum.
        if target.airborne and not towering_primary:
            return "Guns cannot elevate enough to hit a flyer this close; use Ack-Ack."
        if target_diving:
            return "Guns cannot depress enough to hit a diving model this close; use charges."
    return ""


def indirect_fire_problem(distance: int, *, forward_observer: bool = False) -> str:
    """DW-28.7: indirect fire reaches d 9-16 only (Forward Observer: 5-8 as well)."""
    lo, hi = _INDIRECT
    if lo <= distance <= hi:
        return ""
    lo, hi = _FORWARD_OBSERVER
    if forward_observer and lo <= distance <= hi:
        return ""
    return "Indirect fire reaches only targets 9 to 16 hexes away."
