"""A vehicle in combat: which weapons may fire, to-hit modifiers, physical attacks (BT-C-24).

Weapon-fire restrictions from criticals and ammunition (BT-C-24.3, BT-C-12), the to-hit
modifiers a vehicle's damage gives its own attacks and its state gives attacks against it
(BT-C-15, BT-C-18.8), and which physical attacks reach a vehicle, on which column (BT-C-36..47).
Pure functions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.battletech.data import catalogue
from engine.battletech.designs.vehicle import Motion, VehicleDesign, VehicleLocation
from engine.battletech.kinds.vehicle import VehicleBody, is_immobile
from engine.battletech.kinds.vehicle_damage import FALL_SIDE
from engine.battletech.kinds.vehicle_tables import MAX_SENSOR_HITS, hit_location, unpowered
from engine.battletech.rules.los import Arc
from engine.battletech.state import AttackKind
from engine.battletech.tables import Column
from engine.hexes import Facing, Hex

__all__ = [
    "AIRBORNE_VTOL_TO_HIT",
    "ammo_bins",
    "attack_side",
    "attacker_modifiers",
    "cannot_fire",
    "charge_refused",
    "charge_table",
    "default_skills",
    "defender_choice",
    "mount_arcs",
    "physical_column",
    "physical_refused",
    "spend_ammo",
    "target_modifiers",
    "turret_facing",
    "vehicle_attack_refused",
]

AIRBORNE_VTOL_TO_HIT: Final = 1
"""DESIGN (BT-M-37.6 leaves to-hit against VTOLs open; TW's "airborne VTOL" target modifier,
MegaMek's airborne-VTOL target modifier, not re-read): +1 to hit a VTOL in flight."""


def _put(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return (*values[:index], value, *values[index + 1 :])


# ---------------------------------------------------------------------------------- firing
def ammo_bins(design: VehicleDesign, weapon: int) -> tuple[int, ...]:
    """BT-C-12: the bins (equipment indexes) feeding weapon ``weapon``, anywhere on the vehicle."""
    key = design.equipment[weapon].name
    return tuple(
        i
        for i, item in enumerate(design.equipment)
        if isinstance(item.spec, catalogue.AmmoSpec) and item.spec.weapon == key
    )


def _uses_ammo(design: VehicleDesign, weapon: int) -> bool:
    spec = design.equipment[weapon].spec
    return isinstance(spec, catalogue.WeaponSpec) and spec.uses_ammo


def spend_ammo(design: VehicleDesign, ammo: tuple[int, ...], weapon: int) -> tuple[int, ...]:
    """BT-C-12: one shot from the first bin of the weapon's ammunition with shots left.

    ``ammo`` is the unit's shots per equipment index (``UnitState.ammo``); returns it spent.

    Raises:
        ValueError: the weapon has no shots left (`cannot_fire` says so first).
    """
    for i in ammo_bins(design, weapon):
        if ammo[i] > 0:
            return _put(ammo, i, ammo[i] - 1)
    msg = f"{design.equipment[weapon].name} has no ammunition left"
    raise ValueError(msg)


def cannot_fire(  # noqa: PLR0911
    design: VehicleDesign, body: VehicleBody, weapon: int, ammo: Sequence[int]
) -> str | None:
    """Why weapon ``weapon`` may not fire this turn (None: it may). BT-C-24.3, BT-C-12.

    ``ammo``: the unit's shots per equipment index (``UnitState.ammo``).

    In order: the vehicle is destroyed; the crew is stunned; the weapon is destroyed (or its
    turret blown off); it jammed; the engine hit cut its power (energy weapons); its ammunition
    is spent.
    """
    item = design.equipment[weapon]
    if body.destroyed:
        return "the vehicle is destroyed"
    if body.stunned > 0:
        return "the crew is stunned (BT-C-24.3)"
    if weapon in body.destroyed_weapons or item.location in {str(t) for t in body.lost_turrets}:
        return f"the {item.name} is destroyed (BT-C-24.3)"
    if weapon in body.jammed_weapons:
        return f"the {item.name} is jammed (BT-C-24.3)"
    if unpowered(design, body, weapon):
        return f"the engine hit left the {item.name} without power (BT-C-24.3)"
    if _uses_ammo(design, weapon) and not any(ammo[i] > 0 for i in ammo_bins(design, weapon)):
        return f"the {item.name} has no ammunition left (BT-C-12)"
    return None


def attacker_modifiers(
    design: VehicleDesign, body: VehicleBody, weapon: int
) -> tuple[tuple[str, int], ...]:
    """BT-C-24.3: to-hit modifiers a vehicle's damage adds to its weapon ``weapon``'s attacks.

    Sensors +1 per hit (at most 4); a stabilizer hit in the weapon's location +1; commander hit
    +1 [MegaMek]. (Attacker movement: cruise counts as walk, flank as run, BT-M-20.)
    """
    mods: list[tuple[str, int]] = []
    if body.sensor_hits:
        mods.append(("sensor damage", min(MAX_SENSOR_HITS, body.sensor_hits)))
    if design.equipment[weapon].location in {str(loc) for loc in body.stabilizers}:
        mods.append(("stabilizer damage", 1))
    if body.commander_hit:
        mods.append(("commander hit", 1))
    return tuple(mods)


def target_modifiers(design: VehicleDesign, body: VehicleBody) -> tuple[tuple[str, int], ...]:
    """BT-C-15 / BT-C-18.8: modifiers to hit this vehicle that come from its own state.

    Immobile (0 Cruising MP: major motive damage, engine hit, BT-M-37.5) -4; a VTOL in flight
    +1 (`AIRBORNE_VTOL_TO_HIT`, DESIGN), not one that crashed onto a roof and lies there (its
    rotor is gone: BT-M-37.6). Skidding, swamp and movement come from the turn. Partial cover
    never applies to a vehicle (BT-C-24.1).
    """
    mods: list[tuple[str, int]] = []
    if is_immobile(design, body):
        mods.append(("immobile target", -4))
    if design.motion is Motion.VTOL and body.airborne and not body.rotor_destroyed:
        mods.append(("airborne VTOL", AIRBORNE_VTOL_TO_HIT))
    return tuple(mods)


# ---------------------------------------------------------------------------------- physical
def charge_refused(attacker: VehicleDesign | None, target: VehicleDesign | None) -> str | None:
    """BT-C-36 / BT-C-42: why this charge may not be made (None: it may).

    ``attacker``/``target``: the vehicle designs, None for a 'Mech. VTOLs never charge;
    'Mechs may not charge vehicles; vehicles may charge vehicles and 'Mechs (prone ones too).
    DESIGN: an airborne VTOL is never the target of a charge (it is not in the hex ahead).
    """
    if attacker is not None and attacker.motion is Motion.VTOL:
        return "a VTOL cannot charge (BT-C-36)"
    if attacker is None and target is not None:
        return "a 'Mech may not charge a vehicle (BT-C-42)"
    return None


def physical_refused(  # noqa: C901, PLR0911 - one answer per attack kind
    kind: AttackKind,
    *,
    level_difference: int,
    attacker_prone: bool = False,
    same_hex: bool = False,
    airborne: bool = False,
) -> str | None:
    """BT-C-41, BT-C-43..45: why a 'Mech's physical attack ``kind`` cannot reach a vehicle.

    ``level_difference``: the vehicle's level minus the 'Mech's standing level (BT-M-22; a VTOL
    counts its elevation, a 'Mech in Depth 1 water stands 1 lower). Kick: same level (a stomp
    in its own hex); punch, club, hatchet, sword: a vehicle 1 level higher (a 'Mech on lower
    ground or in Depth 1 water); a prone 'Mech only punches a vehicle in its own hex; DFA: any
    level; push: 'Mechs only (BT-C-40); charge: `charge_refused`. An airborne VTOL: DESIGN after
    MegaMek ``PunchAttackAction``: punches, clubs, hatchets and swords reach it 1-2 levels up;
    nothing else (no kick, stomp, DFA).
    """
    if kind is AttackKind.CHARGE:
        return "a 'Mech may not charge a vehicle (BT-C-42)"
    if kind is AttackKind.PUSH:
        return "only a 'Mech can be pushed (BT-C-40)"
    arm = kind in {AttackKind.PUNCH, AttackKind.CLUB, AttackKind.HATCHET, AttackKind.SWORD}
    if airborne:
        if arm and 1 <= level_difference <= 2:  # noqa: PLR2004 - MegaMek's reach
            return None
        return "only punches and clubs reach a VTOL in flight, 1-2 levels up (BT-C-44)"
    if attacker_prone:
        if kind is AttackKind.PUNCH and same_hex:
            return None
        return "a prone 'Mech may only punch a vehicle in its own hex (BT-C-45)"
    if kind is AttackKind.DFA:
        return None
    if kind is AttackKind.KICK:
        return None if level_difference == 0 else "a kick reaches a vehicle at its level (BT-C-44)"
    if arm:
        if level_difference == 1:
            return None
        return "a 'Mech punches or clubs a vehicle only from 1 level lower (BT-C-44)"
    return f"a {kind} cannot target a vehicle"


def physical_column(kind: AttackKind, side: Column, *, stomp_roll: int | None = None) -> Column:
    """BT-C-24.1 / BT-C-41 / BT-C-43: the vehicle hit table column of a physical attack.

    DFA (and an accidental fall from above, BT-C-47): the Front column. A stomp from the
    vehicle's own hex: a random side, DESIGN: ``stomp_roll`` 1D6 read like BT-M-37.6's facing
    result (1 front, 2-3 right, 4 rear, 5-6 left). Anything else: the side attacked. A
    charging vehicle's own damage: the Front column (BT-C-42, pass AttackKind.DFA's column or
    Column.FRONT directly).
    """
    if kind is AttackKind.DFA:
        return Column.FRONT
    if stomp_roll is not None:
        return FALL_SIDE[(stomp_roll - 1) % 6]
    return side


def vehicle_attack_refused(kind: AttackKind, design: VehicleDesign) -> str | None:
    """BT-C-36: a vehicle attacks with its weapons or charges (not a VTOL); nothing else."""
    if kind is AttackKind.WEAPON:
        return None
    if kind is AttackKind.CHARGE:
        return "a VTOL cannot charge (BT-C-36)" if design.motion is Motion.VTOL else None
    return f"a vehicle cannot {kind}: vehicles only charge (BT-C-36)"


def charge_table(*, target_is_mech: bool, target_prone: bool = False) -> str:
    """BT-C-42: the table a charging vehicle's damage to its target is located on.

    "kick" (BT-C-23) against a standing 'Mech; "mech" (the normal 2D6 table) against a prone
    one; "vehicle" (BT-C-24.1, the column of the side hit) against a vehicle. The charging
    vehicle's own damage: BT-C-24.1's Front column (DERIVED), and it compares its crew's
    Driving skill where the rule says Piloting.
    """
    if not target_is_mech:
        return "vehicle"
    return "mech" if target_prone else "kick"


# ---------------------------------------------------------------------------------- arcs, sides
def mount_arcs(location: str) -> frozenset[Arc]:
    """BT-C-10: the arcs a vehicle weapon mounted in ``location`` fires into.

    Front, left, right, rear: that arc only. A turret: the front arc turned to the turret's
    direction (`turret_facing`). DESIGN: a body-mounted weapon fires into the front arc.
    """
    return frozenset({_ARCS.get(location, Arc.FRONT)})


_ARCS: Final = {
    str(VehicleLocation.LEFT): Arc.LEFT,
    str(VehicleLocation.RIGHT): Arc.RIGHT,
    str(VehicleLocation.REAR): Arc.REAR,
}


def turret_facing(
    body: VehicleBody, turret: VehicleLocation, hull: Facing, wanted: Facing, *, current: int = 0
) -> Facing:
    """BT-C-10/11, BT-C-24.3: the direction a turret's arc is centred on this attack.

    A free turret points where the attack wants (``wanted``). A locked turret keeps its
    offset from the hull (its arc turns with the hull); a jammed one stays at ``current``
    hexsides from the hull's front (DESIGN: the integration tracks its last direction; 0 =
    straight ahead).
    """
    for locked, offset in body.locked_turrets:
        if locked is turret:
            return hull.turn(offset)
    if turret in body.jammed_turrets:
        return hull.turn(current)
    return wanted


# BT-C-21's vehicle vertices (bearings 30, 150, 210, 330 from the vehicle's front) and the
# sides before and after each, clockwise.
_VERTICES: Final = (
    (Hex(1, -2), Column.FRONT, Column.RIGHT),
    (Hex(1, 1), Column.RIGHT, Column.REAR),
    (Hex(-1, 2), Column.REAR, Column.LEFT),
    (Hex(-1, -1), Column.LEFT, Column.FRONT),
)


def _cross(a: Hex, b: Hex) -> int:
    return a.q * b.r - a.r * b.q


def attack_side(origin: Hex, where: Hex, facing: Facing) -> tuple[Column, ...]:
    """BT-C-21: the side of a vehicle at ``where``, facing ``facing``, hit from ``origin``.

    Front `330..30` degrees (the front hexside only), right `30..150`, rear `150..210`, left
    `210..330`, measured from the vehicle toward the attacker. Returns one column, or the two
    on either side of a vertex (30, 150, 210, 330: the defender chooses, `defender_choice`).
    The vehicle's own hex: the front.
    """
    if origin == where:
        return (Column.FRONT,)
    v = (origin - where).rotate(-int(facing))
    for vertex, before, after in _VERTICES:
        if _cross(vertex, v) == 0 and vertex.q * v.q > 0:
            return (before, after)
    for (start, _, column), (end, _, _) in zip(
        _VERTICES, (*_VERTICES[1:], _VERTICES[0]), strict=True
    ):
        if _cross(start, v) > 0 and _cross(end, v) < 0:
            return (column,)
    return (Column.FRONT,)  # pragma: no cover - every bearing is in a sector or on a vertex


_ODDS: Final = (1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1)
"""Ways to roll 2 .. 12 on 2D6 (of 36)."""


def defender_choice(
    design: VehicleDesign, body: VehicleBody, columns: tuple[Column, ...]
) -> Column:
    """BT-C-21 automatic play (DESIGN, as for 'Mechs): the side best for the defender.

    The column whose hits find the most armor and structure over the 36 rolls of 2D6 (two
    turrets: a turret roll of 4). Ties go to the first column given.
    """

    def protection(column: Column) -> int:
        total = 0
        for odds, roll in zip(_ODDS, range(2, 13), strict=True):
            location = hit_location(design, column, roll, turret_roll=4, body=body).location
            total += odds * (body.armor_at(design, location) + body.internal_at(design, location))
        return total

    return max(columns, key=lambda c: (protection(c), -columns.index(c)))


def default_skills(*, clan: bool) -> tuple[int, int]:
    """BT-M-13 / BT-C-14: a vehicle crew's (Driving, Gunnery): Inner Sphere 5/4, Clan 6/5."""
    return (6, 5) if clan else (5, 4)
