"""Age of Destruction geometry on the hex board: occupancy, base contact, facing, arcs, free spin.

Rules: AOD-6.1 / AOD-26.4 (base contact is adjacency, one unit per hex), AOD-6.2 / AOD-26.5
(facing and arcs), AOD-8.5 (free spin), AOD-8.6 (how each speed mode treats the terrain).

The board is the kernel's flat-top board: a unit faces one of the six kernel facings (N, NE, SE,
S, SW, NW, clockwise), and arcs are taken relative to it (AOD-26.3's project decision). Arc tests
use exact integer arithmetic: cube coordinates embed the hex plane in space up to a common scale,
so the dot product of two cube vectors is proportional to the true one, and the digest's angle
tests ("theta <= 90", "theta >= 120", inclusive) become integer comparisons with no epsilon.

The geometry sees a unit as an `Occupant`: where it stands, which way it faces, its base type and
speed mode, its side and its altitude. The game state (dials, orders, captives) is built later;
the rules that need more (a shut-down 'Mech cannot spin) filter what these functions return.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator

import attrs
from attrs import frozen

from engine.aod.terrain import HexTerrain, TerrainMap, TerrainType
from engine.aod.units import SpeedMode, UnitType
from engine.hexes import Facing, Hex

__all__ = [
    "DEFAULT_ARCS",
    "Arc",
    "Arcs",
    "Battlefield",
    "Occupant",
    "arc_of",
    "close_combat_problem",
    "contact_pairs",
    "contacts",
    "enemy_contacts",
    "facing_towards",
    "free_spin_facings",
    "free_spins",
    "in_contact",
    "mode_terrain",
    "must_break_away",
    "neighbours_in",
    "rear_approach",
    "submerged",
]


_C, _H, _B = TerrainType.CLEAR, TerrainType.HINDERING, TerrainType.BLOCKING

# AOD-8.6: what hindering, shallow and deep terrain count as for each ground mode (clear is
# clear and blocking is blocking for everyone). A VTOL here is at NOE; at cruising altitude it
# ignores terrain (AOD-8.9), which the movement rules handle.
_MODE_TABLE: dict[SpeedMode, tuple[TerrainType, TerrainType, TerrainType]] = {
    SpeedMode.FOOT: (_H, _H, _B),
    SpeedMode.AQUATIC: (_H, _C, _C),
    SpeedMode.HOVER: (_B, _C, _C),
    SpeedMode.TRACKED: (_C, _C, _B),  # AOD-25 #11: tracked units treat shallow water as clear
    SpeedMode.WHEELED: (_H, _B, _B),
    SpeedMode.MECH: (_H, _C, _H),
    SpeedMode.QUAD: (_H, _C, _H),
    SpeedMode.VTOL: (_B, _C, _C),
}

_SUBMERSIBLE = frozenset({SpeedMode.AQUATIC, SpeedMode.MECH, SpeedMode.QUAD})
"""AOD-8.6 / AOD-19.5: modes that sink below the surface of deep water (the others cannot enter
it, or stay on top: hover, VTOL)."""


def mode_terrain(terrain: HexTerrain, mode: SpeedMode) -> TerrainType:
    """AOD-8.6 / AOD-19.4: what a hex counts as for moving in ``mode``: clear, hindering, blocking.

    Elevation is not a terrain type: the movement rules handle it (AOD-19.6).
    """
    kind = terrain.type
    if kind is TerrainType.HINDERING:
        return _MODE_TABLE[mode][0]
    if kind is TerrainType.SHALLOW:
        return _MODE_TABLE[mode][1]
    if kind is TerrainType.DEEP:
        return _MODE_TABLE[mode][2]
    return kind


@frozen
class Occupant:
    """A unit as the board geometry sees it (AOD-26.4: one hex, one facing)."""

    hex: Hex
    facing: Facing
    kind: UnitType
    mode: SpeedMode
    side: int | None
    """The side (team) it fights for; friendly units share a side. None: a captive, neither
    friendly nor enemy to anyone (AOD-6.3, AOD-14.4)."""
    cruising: bool = False
    """AOD-8.9: a VTOL at cruising altitude (never in base contact)."""

    def is_enemy_of(self, other: Occupant) -> bool:
        """AOD-6.3: True if the two units are on opposing sides (captives are nobody's enemy)."""
        return self.side is not None and other.side is not None and self.side != other.side

    def is_friend_of(self, other: Occupant) -> bool:
        """AOD-6.3: True if the two units are on the same side (captives are nobody's friend)."""
        return self.side is not None and self.side == other.side


@frozen
class Battlefield:
    """The terrain and the units on it: what every geometry question reads.

    ``units`` keeps the caller's order, so a unit is named by its index; at most one unit may
    stand in a hex (AOD-26.4).
    """

    terrain: TerrainMap
    units: tuple[Occupant, ...] = ()
    _at: dict[Hex, int] = attrs.field(init=False, eq=False, repr=False, hash=False, factory=dict)

    def __attrs_post_init__(self) -> None:
        for index, unit in enumerate(self.units):
            if unit.hex in self._at:
                msg = f"two units in hex {unit.hex!r}: at most one unit per hex (AOD-26.4)"
                raise ValueError(msg)
            if not self.terrain.on_board(unit.hex):
                msg = f"unit {index} stands off the board at {unit.hex!r}"
                raise ValueError(msg)
            self._at[unit.hex] = index

    def index_at(self, where: Hex) -> int | None:
        """The index of the unit in ``where``, if any."""
        return self._at.get(where)

    def unit_at(self, where: Hex) -> Occupant | None:
        """The unit in ``where``, if any."""
        index = self._at.get(where)
        return None if index is None else self.units[index]

    def elevated(self, unit: Occupant) -> bool:
        """AOD-19.6: True if ``unit`` stands on elevated terrain (a cruising VTOL does not)."""
        return not unit.cruising and self.terrain[unit.hex].elevated

    def moved(self, index: int, where: Hex, facing: Facing | None = None) -> Battlefield:
        """Return the battlefield with unit ``index`` moved to ``where`` (and turned)."""
        unit = self.units[index]
        turned = attrs.evolve(unit, hex=where, facing=unit.facing if facing is None else facing)
        units = (*self.units[:index], turned, *self.units[index + 1 :])
        return Battlefield(self.terrain, units)


def submerged(terrain: TerrainMap, unit: Occupant) -> bool:
    """AOD-19.5: True if ``unit`` is submerged: in deep water, in a mode that sinks."""
    return (
        not unit.cruising
        and unit.mode in _SUBMERSIBLE
        and terrain[unit.hex].type is TerrainType.DEEP
    )


# ---- base contact (AOD-6.1, AOD-26.4) --------------------------------------------------------


def in_contact(a: Occupant, b: Occupant) -> bool:
    """AOD-6.1 / AOD-26.4: base contact is adjacency; never for a cruising VTOL.

    Across elevation levels adjacency still counts (the top-down rule, AOD-19.6).
    """
    return not (a.cruising or b.cruising) and a.hex.distance(b.hex) == 1


def contacts(field: Battlefield, index: int) -> tuple[int, ...]:
    """AOD-6.1: the indices of every unit in base contact with unit ``index``, in facing order."""
    unit = field.units[index]
    if unit.cruising:
        return ()
    found = []
    for where in unit.hex.neighbors():
        other = field.index_at(where)
        if other is not None and not field.units[other].cruising:
            found.append(other)
    return tuple(found)


def contact_pairs(field: Battlefield) -> tuple[tuple[int, int], ...]:
    """AOD-6.1: every pair of units in base contact, as (lower index, higher index), sorted."""
    return tuple(
        sorted((i, j) for i in range(len(field.units)) for j in contacts(field, i) if i < j)
    )


def enemy_contacts(field: Battlefield, index: int) -> tuple[int, ...]:
    """AOD-6.1 / AOD-6.3: the enemies in base contact with unit ``index`` (captives left out)."""
    unit = field.units[index]
    return tuple(i for i in contacts(field, index) if unit.is_enemy_of(field.units[i]))


def must_break_away(field: Battlefield, index: int) -> bool:
    """AOD-8.4 / AOD-26.7: a Move order starts with a break-away roll (rolled elsewhere).

    True when a non-cruising enemy is adjacent; captives are ignored.
    """
    return bool(enemy_contacts(field, index))


# ---- facing and arcs (AOD-6.2, AOD-26.5) ------------------------------------------------------


class Arc(enum.StrEnum):
    """AOD-26.5: where a hex lies as seen from a unit: front, flank (only at range) or rear."""

    FRONT = "front"
    FLANK = "flank"
    REAR = "rear"


def _cube(h: Hex) -> tuple[int, int, int]:
    return (h.q, h.r, -h.q - h.r)


# cos^2 of the half-angles the arcs may use (multiples of 30 degrees), as (numerator, denominator).
_COS2 = {0: (1, 1), 30: (3, 4), 60: (1, 4), 90: (0, 1), 120: (1, 4), 150: (3, 4), 180: (1, 1)}


def _within(dot: int, norm2: int, half_angle: int) -> bool:
    """True if the angle theta with cos(theta) = dot / sqrt(norm2) is at most ``half_angle``.

    Exact: both sides are squared with their signs kept (cos is decreasing on 0..180 degrees).
    """
    num, den = _COS2[half_angle]
    if half_angle <= 90:  # noqa: PLR2004 - cos(half_angle) >= 0
        return dot >= 0 and dot * dot * den >= num * norm2
    return dot >= 0 or dot * dot * den <= num * norm2


@frozen
class Arcs:
    """AOD-26.5: the arcs' half-angles in degrees, configurable per base type.

    The digest's defaults: a 180-degree front (``front_half_angle`` 90) and a 120-degree rear
    (``rear_half_angle`` 60, measured from straight back). Both boundaries are inclusive. For exact
    integer tests the half-angles are multiples of 30 degrees.
    """

    front_half_angle: int = attrs.field(default=90)
    rear_half_angle: int = attrs.field(default=60)

    @front_half_angle.validator
    @rear_half_angle.validator
    def _check(self, attribute: attrs.Attribute[int], value: int) -> None:
        if value not in _COS2:
            msg = f"{attribute.name} must be a multiple of 30 from 0 to 180, not {value}"
            raise ValueError(msg)

    def arc(self, origin: Hex, facing: Facing, other: Hex) -> Arc:
        """The arc of ``origin``'s unit facing ``facing`` that ``other`` lies in.

        Raises:
            ValueError: ``other`` is ``origin`` (a unit's own hex is in no arc).
        """
        if other == origin:
            msg = "a unit's own hex lies in none of its arcs"
            raise ValueError(msg)
        f = _cube(facing.delta)
        v = _cube(other - origin)
        dot = f[0] * v[0] + f[1] * v[1] + f[2] * v[2]
        # |f|^2 = 2 for every facing, so cos(theta)^2 = dot^2 / (2 |v|^2).
        norm2 = 2 * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2])
        if _within(dot, norm2, self.front_half_angle):
            return Arc.FRONT
        if _within(-dot, norm2, self.rear_half_angle):
            return Arc.REAR
        return Arc.FLANK


DEFAULT_ARCS = Arcs()
"""AOD-26.5: the digest's arcs (180-degree front, 120-degree rear)."""


def arc_of(unit: Occupant, other: Hex, arcs: Arcs = DEFAULT_ARCS) -> Arc:
    """AOD-26.5: the arc of ``unit`` that hex ``other`` lies in (front, flank or rear)."""
    return arcs.arc(unit.hex, unit.facing, other)


def free_spin_facings(
    unit: Occupant, newcomer: Hex, arcs: Arcs = DEFAULT_ARCS
) -> tuple[Facing, ...]:
    """AOD-8.5 / AOD-26.5: the facings a free spin may choose: those with ``newcomer`` in front.

    For an adjacent newcomer these are three facings (the newcomer's direction and one either
    side). The unit's current facing is among them when the newcomer is already in front.
    """
    return tuple(f for f in Facing if arcs.arc(unit.hex, f, newcomer) is Arc.FRONT)


def free_spins(
    field: Battlefield, mover: int, arcs: Arcs = DEFAULT_ARCS
) -> dict[int, tuple[Facing, ...]]:
    """AOD-8.5: the enemies in base contact with ``mover`` after its move, and how each may spin.

    Vehicles and Quad 'Mechs never spin; captives are no one's enemy. Shut-down and captured
    'Mechs and the targets of a DFA or of a charge or ram from the rear cannot spin either: the
    caller, which knows the game state, leaves those out.
    """
    newcomer = field.units[mover]
    spins: dict[int, tuple[Facing, ...]] = {}
    for index in enemy_contacts(field, mover):
        unit = field.units[index]
        if unit.kind is UnitType.VEHICLE or unit.mode is SpeedMode.QUAD:
            continue
        spins[index] = free_spin_facings(unit, newcomer.hex, arcs)
    return spins


def rear_approach(target: Occupant, start: Hex, end: Hex, arcs: Arcs = DEFAULT_ARCS) -> bool:
    """AOD-16.2 / AOD-26.5: a charge or ram from the rear: start in the rear arc, end behind.

    The start hex lies in the target's rear arc and the end hex is one of its rear neighbours.
    """
    return (
        start != target.hex
        and arcs.arc(target.hex, target.facing, start) is Arc.REAR
        and end.distance(target.hex) == 1
        and arcs.arc(target.hex, target.facing, end) is Arc.REAR
    )


def close_combat_problem(  # noqa: PLR0911 - one guard per rule
    field: Battlefield, attacker: int, target: int, arcs: Arcs = DEFAULT_ARCS
) -> str | None:
    """AOD-14.1 / AOD-19.7 / AOD-26.5: why ``attacker`` may not close-attack ``target``, or None.

    Geometry only: enemies in base contact (across levels too), the target in the attacker's
    front arc (a Quad: anywhere), the water and abrupt-terrain restrictions. Whether the unit may
    fight at all (its kind, order and state) is the caller's question.
    """
    unit, aim = field.units[attacker], field.units[target]
    terrain = field.terrain
    if attacker == target or not unit.is_enemy_of(aim):
        return "close/not_enemy: only an enemy unit may be attacked (AOD-6.3, AOD-14.4)"
    if not in_contact(unit, aim):
        return "close/no_contact: close combat needs base contact (AOD-14.1)"
    if unit.mode is not SpeedMode.QUAD and arc_of(unit, aim.hex, arcs) is not Arc.FRONT:
        return "close/not_in_front_arc: the target must touch the front arc (AOD-14.1)"
    if submerged(terrain, aim) and not submerged(terrain, unit):
        return "close/submerged: only a submerged enemy may attack a submerged unit (AOD-19.5)"
    here, there = terrain[unit.hex], terrain[aim.hex]
    if there.type is TerrainType.SHALLOW and not (
        here.type is TerrainType.SHALLOW and here.feature == there.feature
    ):
        return "close/water: a unit in shallow water is attacked only from that water (AOD-14.1)"
    if (here.elevated and here.abrupt) != (there.elevated and there.abrupt):
        return "close/abrupt: no close combat across an abrupt edge (AOD-19.7, AOD-25 #17)"
    return None


def neighbours_in(unit: Occupant, arc: Arc, arcs: Arcs = DEFAULT_ARCS) -> Iterator[Hex]:
    """AOD-26.5: the adjacent hexes in ``arc`` of ``unit`` (3 front and 3 rear by default)."""
    return (h for h in unit.hex.neighbors() if arcs.arc(unit.hex, unit.facing, h) is arc)


def facing_towards(origin: Hex, other: Hex) -> Facing:
    """The facing whose front points most nearly at ``other`` (AOD-8.1); N for the same hex."""
    v = other - origin
    return max(Facing, key=lambda f: f.delta.q * v.q + f.delta.r * v.r + f.delta.s * v.s)
