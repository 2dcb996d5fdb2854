"""Age of Destruction line of fire on the hex board, with the skim rule.

Rules: AOD-12.2 (what a LOF needs), AOD-12.3 (what blocks it), AOD-12.4 (base-contact
restrictions), AOD-12.5 (the geometric modifiers: rear arc, hindering, height advantage),
AOD-19.2 / AOD-19.6 (hindering and elevated terrain), AOD-8.9 (cruising VTOLs), AOD-26.6 (on hexes).

The line is the kernel's line between the two hex centres, drawn twice with opposite nudges
(`engine.hexes.line_pair`; the kernel's nudge is (1, 2, -3) x epsilon where the digest wrote
(1, 1, -2) x epsilon: any nudge off the hexside directions splits a skimming line the same way).
Where the two lines differ the LOF skims a hexside; each line is judged on its own and the one
more favourable to the attacker counts (AOD-26.6): clear beats blocked, then no hindering beats +1.
"""

from __future__ import annotations

from attrs import frozen

from engine.aod.geometry import (
    DEFAULT_ARCS,
    Arc,
    Arcs,
    Battlefield,
    Occupant,
    arc_of,
    enemy_contacts,
    submerged,
)
from engine.aod.terrain import TerrainType
from engine.aod.units import SpeedMode, UnitType
from engine.hexes import Hex, line_pair

__all__ = [
    "LineOfFire",
    "cannot_fire",
    "cannot_fire_indirect",
    "charge_crosses_terrain",
    "contact_modifier",
    "height_advantage",
    "line_of_fire",
    "through_rear_arc",
]


@frozen
class LineOfFire:
    """AOD-26.6: the judged line from an attacker to a target."""

    hexes: tuple[Hex, ...]
    """The line that counts, attacker's hex first, target's hex last."""
    blocked: bool
    hindering: bool
    """AOD-12.5 / AOD-19.2: the target gets +1 defense for hindering terrain."""
    skims: bool
    """The two nudged lines differ: the LOF runs along a hexside (AOD-26.6)."""
    why: str = ""
    """What blocks the line, for the player (empty when clear)."""


@frozen
class _Ends:
    """What the blocking rules read about the two ends of a line (AOD-12.3, AOD-19.6)."""

    mech_target: bool
    """AOD-12.3 / AOD-25 #6: only 'Mech bases block a LOF to a 'Mech."""
    high_a: bool
    high_t: bool
    own_hill: int
    """AOD-19.6: the feature of the one elevated unit's hex (exactly one elevated), else 0."""

    @classmethod
    def of(cls, field: Battlefield, attacker: Occupant, target: Occupant) -> _Ends:
        high_a, high_t = field.elevated(attacker), field.elevated(target)
        own_hill = 0
        if high_a != high_t:
            own_hill = field.terrain[(attacker if high_a else target).hex].feature
        return cls(target.kind is UnitType.MECH, high_a, high_t, own_hill)


def _blocker(field: Battlefield, ends: _Ends, where: Hex) -> str:  # noqa: PLR0911 - per rule
    """Why the intermediate hex ``where`` blocks the line, or "" (AOD-12.3, AOD-19.6, AOD-26.6)."""
    terrain = field.terrain
    here = terrain.cell(where)
    if here is None:
        return ""  # a skim along the board edge: the half off the board holds nothing
    if here.type is TerrainType.BLOCKING:
        return f"blocking terrain at {where.label} (AOD-12.3)"
    high = ends.high_a or ends.high_t
    if here.elevated:
        if not high:
            return f"elevated terrain at {where.label} between two ground units (AOD-19.6)"
        if ends.high_a != ends.high_t and (ends.own_hill == 0 or here.feature != ends.own_hill):
            return f"another elevated feature at {where.label} (AOD-19.6)"
    unit = field.unit_at(where)
    if unit is None or unit.cruising or submerged(terrain, unit):
        return ""  # AOD-12.3: cruising and submerged bases never block
    if high and not here.elevated:
        return ""  # AOD-19.6: with elevation only bases on elevated terrain block
    if ends.mech_target and unit.kind is not UnitType.MECH:
        return ""  # AOD-12.3 / AOD-25 #6: only 'Mech bases block a LOF to a 'Mech
    return f"a unit's base at {where.label} (AOD-12.3)"


def _hindering(
    field: Battlefield, attacker: Occupant, target: Occupant, line: tuple[Hex, ...]
) -> bool:
    """AOD-19.2 / AOD-19.6 / AOD-26.6: whether hindering terrain on ``line`` gives the target +1."""
    terrain = field.terrain
    if target.cruising:
        return False  # AOD-19.2 table: a ground unit never gets it against a cruising VTOL
    target_hex = terrain[target.hex]
    if attacker.cruising:
        return target_hex.type is TerrainType.HINDERING  # AOD-19.2: only the target's own cover
    own = terrain[attacker.hex]
    # AOD-19.2: the attacker's own feature is ignored, unless the target stands in it too
    # (AOD-25 #8). Feature 0 is plain ground: no hex shares it as a feature.
    own_cover = own.type is TerrainType.HINDERING and own.feature not in {0, target_hex.feature}
    elevation = field.elevated(attacker) or field.elevated(target)
    for where in line[1:]:  # the target's own hex counts, the attacker's does not
        here = terrain.cell(where)
        if here is None or here.type is not TerrainType.HINDERING:
            continue
        if own_cover and here.feature == own.feature:
            continue
        if elevation and not here.elevated and where != target.hex:
            continue  # AOD-19.6: ground-level hindering between them is ignored
        return True
    return False


def _judge(
    field: Battlefield, attacker: Occupant, target: Occupant, line: tuple[Hex, ...]
) -> tuple[str, bool]:
    why = ""
    if not (attacker.cruising or target.cruising):  # AOD-8.9: nothing blocks such a line
        ends = _Ends.of(field, attacker, target)
        for where in line[1:-1]:
            why = _blocker(field, ends, where)
            if why:
                break
    return why, _hindering(field, attacker, target, line)


def line_of_fire(field: Battlefield, attacker: int, target: int) -> LineOfFire:
    """AOD-12.2 / AOD-12.3 / AOD-26.6: the line of fire from unit ``attacker`` to unit ``target``.

    Front arc and range are not part of the line (see `cannot_fire`).
    """
    shooter, aim = field.units[attacker], field.units[target]
    plus, minus = line_pair(shooter.hex, aim.hex)
    first = _judge(field, shooter, aim, plus)
    skims = plus != minus
    best, line = first, plus
    if skims:
        second = _judge(field, shooter, aim, minus)
        if (bool(second[0]), second[1]) < (bool(first[0]), first[1]):
            best, line = second, minus
    why, hindering = best
    return LineOfFire(line, bool(why), hindering, skims, why)


def contact_modifier(field: Battlefield, attacker: int, target: int) -> tuple[str, int] | None:
    """AOD-12.4 / AOD-12.5: the base-contact modifier to the target's defense, if any.

    Returns ("called shot", 2) when the attacker touches an enemy and shoots another one it does
    not touch (waived for a Quad touched only by infantry), ("friendly fire", 2 or 1 against a
    'Mech) when the attacker touches no enemy and the target touches a friend of the attacker.
    Whether the shot is allowed at all is `cannot_fire`'s question.
    """
    shooter, aim = field.units[attacker], field.units[target]
    touching = enemy_contacts(field, attacker)
    if touching:
        if target in touching:
            return None
        only_infantry = all(field.units[i].kind is UnitType.INFANTRY for i in touching)
        if shooter.mode is SpeedMode.QUAD and only_infantry:
            return None
        return ("called shot", 2)
    if _touches_friend_of(field, target, shooter):
        return ("friendly fire", 1 if aim.kind is UnitType.MECH else 2)
    return None


def _touches_friend_of(field: Battlefield, index: int, of: Occupant) -> bool:
    unit = field.units[index]
    if unit.cruising:
        return False
    return any(
        (other := field.unit_at(where)) is not None
        and not other.cruising
        and of.is_friend_of(other)
        for where in unit.hex.neighbors()
    )


def _aim_problem(
    field: Battlefield, attacker: int, target: int, arcs: Arcs, arc_rule: str
) -> str | None:
    """The guards direct and indirect fire share: an enemy, neither submerged, in the front arc.

    ``arc_rule`` the section the front-arc refusal cites (AOD-12.2 direct, AOD-12.7 indirect).
    """
    shooter, aim = field.units[attacker], field.units[target]
    if attacker == target or not shooter.is_enemy_of(aim):
        return "attack/not_enemy: only an enemy unit may be attacked (AOD-6.3, AOD-14.4)"
    if submerged(field.terrain, shooter) or submerged(field.terrain, aim):
        return "attack/submerged: submerged units neither fire nor are fired at (AOD-19.5)"
    if arc_of(shooter, aim.hex, arcs) is not Arc.FRONT:
        return f"attack/not_in_front_arc: the target is outside the front arc ({arc_rule})"
    return None


def cannot_fire(
    field: Battlefield,
    attacker: int,
    target: int,
    min_range: int,
    max_range: int,
    *,
    arcs: Arcs = DEFAULT_ARCS,
) -> str | None:
    """AOD-12.1..12.4: why unit ``attacker`` may not make a ranged attack on ``target``, or None.

    Checks the geometry only (the order, the unit's state and its weapon values are the caller's).
    """
    shooter, aim = field.units[attacker], field.units[target]
    if (why := _aim_problem(field, attacker, target, arcs, "AOD-12.2")) is not None:
        return why
    distance = shooter.hex.distance(aim.hex)
    if not min_range <= distance <= max_range:
        return (
            f"attack/out_of_range: the target is {distance} hexes away, "
            f"the range is {min_range}-{max_range} (AOD-12.2)"
        )
    touching = enemy_contacts(field, attacker)
    if touching and target not in touching and _touches_friend_of(field, target, shooter):
        return (
            "attack/engaged: an attacker in contact may not shoot an enemy in contact with "
            "its friends (AOD-12.4)"
        )
    lof = line_of_fire(field, attacker, target)
    if lof.blocked:
        return f"attack/no_line_of_fire: blocked by {lof.why}"
    return None


def height_advantage(field: Battlefield, attacker: int, target: int) -> bool:
    """AOD-12.5 / AOD-19.6 / AOD-26.6: the target gets +1 defense for being above the attacker.

    A ground-level attacker against a target on an elevated hex, or a cruising VTOL target and an
    attacker neither on an elevated hex nor cruising.
    """
    shooter, aim = field.units[attacker], field.units[target]
    low = not (shooter.cruising or field.elevated(shooter))
    return low and (aim.cruising or field.elevated(aim))


def through_rear_arc(
    field: Battlefield, attacker: int, target: int, arcs: Arcs = DEFAULT_ARCS
) -> bool:
    """AOD-12.5 / AOD-26.5: the LOF passes through the target's rear arc (+2 attack).

    On hexes: the attacker's hex lies in the target's rear arc.
    """
    shooter, aim = field.units[attacker], field.units[target]
    return arc_of(aim, shooter.hex, arcs) is Arc.REAR


def cannot_fire_indirect(
    field: Battlefield,
    attacker: int,
    target: int,
    min_range: int,
    max_range: int,
    *,
    arcs: Arcs = DEFAULT_ARCS,
) -> str | None:
    """AOD-12.7 / AOD-12.4 / AOD-26.6: why indirect fire at ``target`` is not allowed, or None.

    Geometry only: front arc and range hold, terrain and bases are ignored, the attacker touches
    no enemy, the target touches no friend of the attacker, and the direct LOF is blocked. The
    weapon (ballistic, max range > 0) and the attack value are the caller's.
    """
    shooter, aim = field.units[attacker], field.units[target]
    if (why := _aim_problem(field, attacker, target, arcs, "AOD-12.7")) is not None:
        return why
    distance = shooter.hex.distance(aim.hex)
    if not min_range <= distance <= max_range:
        return f"attack/out_of_range: the target is {distance} hexes away (AOD-12.7)"
    if enemy_contacts(field, attacker):
        return "attack/engaged: indirect fire needs an attacker touching no enemy (AOD-12.7)"
    if _touches_friend_of(field, target, shooter):
        return "attack/engaged: the target touches a friendly unit (AOD-12.7)"
    if not line_of_fire(field, attacker, target).blocked:
        return "attack/not_blocked: indirect fire only where the direct LOF is blocked (AOD-12.7)"
    return None


def charge_crosses_terrain(field: Battlefield, attacker: int, target: int) -> bool:
    """AOD-16.2 / AOD-25 #40 / AOD-26.6: the charge's +2 defense for terrain on the line.

    True when the line (not the path) crosses an intermediate hex that is hindering, blocking or
    elevated, or that holds a non-infantry unit; water and plain clear hexes do not count. On a
    skim the line better for the attacker (without the +2) counts.
    """
    shooter, aim = field.units[attacker], field.units[target]

    def crosses(line: tuple[Hex, ...]) -> bool:
        for where in line[1:-1]:
            here = field.terrain.cell(where)
            if here is None:
                continue
            if here.elevated or here.type in {TerrainType.HINDERING, TerrainType.BLOCKING}:
                return True
            unit = field.unit_at(where)
            if unit is not None and unit.kind is not UnitType.INFANTRY:
                return True
        return False

    plus, minus = line_pair(shooter.hex, aim.hex)
    return crosses(plus) and (minus == plus or crosses(minus))
