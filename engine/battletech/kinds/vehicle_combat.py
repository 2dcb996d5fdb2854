"""A vehicle in combat: which weapons may fire, to-hit modifiers, physical attacks (BT-C-24).

Weapon-fire restrictions from criticals and ammunition (BT-C-24.3, BT-C-12), the to-hit
modifiers a vehicle's damage gives its own attacks and its state gives attacks against it
(BT-C-15, BT-C-18.8), and which physical attacks reach a vehicle, on which column (BT-C-36..47).
Pure functions.
"""

from __future__ import annotations

from typing import Final

import attrs

from engine.battletech import catalogue
from engine.battletech.designs.vehicle import Motion, VehicleDesign
from engine.battletech.kinds.vehicle import VehicleBody, is_immobile
from engine.battletech.kinds.vehicle_damage import FALL_SIDE
from engine.battletech.kinds.vehicle_tables import MAX_SENSOR_HITS, unpowered
from engine.battletech.state import AttackKind
from engine.battletech.tables import Column

__all__ = [
    "AIRBORNE_VTOL_TO_HIT",
    "ammo_bins",
    "attacker_modifiers",
    "cannot_fire",
    "charge_refused",
    "physical_column",
    "physical_refused",
    "spend_ammo",
    "target_modifiers",
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


def spend_ammo(design: VehicleDesign, body: VehicleBody, weapon: int) -> VehicleBody:
    """BT-C-12: one shot from the first bin of the weapon's ammunition with shots left.

    Raises:
        ValueError: the weapon has no shots left (`cannot_fire` says so first).
    """
    for i in ammo_bins(design, weapon):
        if body.ammo[i] > 0:
            return attrs.evolve(body, ammo=_put(body.ammo, i, body.ammo[i] - 1))
    msg = f"{design.equipment[weapon].name} has no ammunition left"
    raise ValueError(msg)


def cannot_fire(design: VehicleDesign, body: VehicleBody, weapon: int) -> str | None:  # noqa: PLR0911
    """Why weapon ``weapon`` may not fire this turn (None: it may). BT-C-24.3, BT-C-12.

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
    if _uses_ammo(design, weapon) and not any(body.ammo[i] > 0 for i in ammo_bins(design, weapon)):
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
    +1 (`AIRBORNE_VTOL_TO_HIT`, DESIGN). Skidding, swamp and movement come from the turn.
    Partial cover never applies to a vehicle (BT-C-24.1).
    """
    mods: list[tuple[str, int]] = []
    if is_immobile(design, body):
        mods.append(("immobile target", -4))
    if design.motion is Motion.VTOL and body.airborne:
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
