"""Weapon attacks by and on vehicles, infantry platoons and battle armor squads: the to-hit side.

`engine.battletech.rules.tohit` asks here whenever the attacker or the target is not a 'Mech:
why such a unit cannot fire (BT-C-24.3, BT-C-34), which of its weapons may (BT-C-12, BT-C-24.3),
their arcs (BT-C-10: vehicle front/sides/rear/turret; infantry fires all round), the terms its
own damage adds (BT-C-24.3 crew, sensors, stabilizers) and the terms the target's kind adds
(BT-C-18.8 immobile vehicle, an airborne VTOL, BT-C-35 battle armor +1), and the infantry range
brackets (BT-C-35.7). Pure functions of the state; the rules themselves live in
`engine.battletech.kinds`.

DESIGN points:
- a platoon attacks with all its men as one attack, declared on its first item (the primary
  weapon, BT-C-35.6); its other items (the secondary weapon, field guns) do not fire;
- a jammed turret fires straight ahead of the hull (its last direction is not tracked);
- a vehicle's movement gives the 'Mech terms of its declared mode (cruise as walking, flank as
  running, BT-M-20); infantry and battle armor ignore their own movement (BT-C-18.1).
"""

from __future__ import annotations

from engine.battletech.designs import BattleArmorDesign, InfantryDesign, VehicleDesign
from engine.battletech.designs.vehicle import VehicleLocation
from engine.battletech.kinds import battle_armor, infantry, vehicle_combat
from engine.battletech.kinds.battle_armor import BattleArmorBody
from engine.battletech.kinds.infantry import InfantryBody
from engine.battletech.kinds.vehicle import VehicleBody
from engine.battletech.kinds.vehicle_tables import TURRETS
from engine.battletech.rules import los
from engine.battletech.rules.los import Arc, arcs_of
from engine.battletech.state import BTState, UnitState
from engine.battletech.tables import Column
from engine.hexes import Hex

__all__ = [
    "PLATOON_WEAPON",
    "attack_side",
    "attacker_terms",
    "cannot_fire",
    "in_arc",
    "infantry_range",
    "is_infantry",
    "kind_of",
    "target_terms",
    "unusable",
]

PLATOON_WEAPON = 0
"""DESIGN (BT-C-35.6): the item a platoon's attack is declared on (its primary weapon)."""


def attack_side(state: BTState, origin: Hex, target: int) -> tuple[Column, bool]:
    """BT-C-21: `los.attack_side`, with a vehicle's own sides.

    A vehicle: its vertices (front 330-30, right 30-150, rear 150-210, left 210-330), the
    defender's choice on a vertex by armor (`vehicle_combat.defender_choice`, DESIGN). Infantry
    and battle armor have no sides: the front. A 'Mech: `los.attack_side`.
    """
    unit = state.units[target]
    design, body = unit.design, unit.body
    if not isinstance(design, VehicleDesign) or not isinstance(body, VehicleBody):
        return los.attack_side(state, origin, target)
    if unit.hex is None or unit.hex == origin:
        return Column.FRONT, False
    columns = vehicle_combat.attack_side(origin, unit.hex, unit.facing)
    if len(columns) == 1:
        return columns[0], False
    return vehicle_combat.defender_choice(design, body, columns), True


def kind_of(unit: UnitState) -> infantry.UnitKind:
    """The unit's kind as the infantry rules name it ("mech", "vehicle", ...)."""
    match unit.body:
        case VehicleBody():
            return "vehicle"
        case InfantryBody():
            return "infantry"
        case BattleArmorBody():
            return "battle armor"
        case _:
            return "mech"


def is_infantry(unit: UnitState) -> bool:
    """A conventional platoon (BT-M-4)."""
    return isinstance(unit.body, InfantryBody)


def cannot_fire(unit: UnitState) -> str:
    """Why a vehicle, platoon or squad can make no weapon attack this phase ("" when it can).

    BT-C-34 destroyed; BT-C-24.3 a stunned crew; BT-C-42 a vehicle charging this turn.
    """
    why = ""
    body = unit.body
    if unit.destroyed:
        why = "it is destroyed"
    elif unit.hex is None:
        why = "it is not on the map"
    elif isinstance(body, VehicleBody) and body.destroyed:
        why = f"it is destroyed ({body.destroyed})"
    elif isinstance(body, VehicleBody) and body.stunned > 0:
        why = "its crew is stunned (BT-C-24.3)"
    elif isinstance(body, InfantryBody | BattleArmorBody) and body.destroyed:
        why = "no trooper is left (BT-C-34)"
    elif unit.this_turn.charging is not None:
        why = "it is charging: no weapon attacks (BT-C-42)"
    return why


def unusable(unit: UnitState, weapon: int) -> str:
    """Why weapon ``weapon`` of a vehicle, platoon or squad cannot fire now ("" when it can).

    Vehicles: `vehicle_combat.cannot_fire` with the unit's bins (BT-C-12, BT-C-24.3). A
    platoon fires its men as one attack on `PLATOON_WEAPON`, whose weapons must have rules
    (BT-C-35.6). A battle armor trooper's own weapon fires only while he is in action; a
    jettisoned body-mounted launcher never again (BT-C-35.8).
    """
    design, body = unit.design, unit.body
    if isinstance(design, VehicleDesign) and isinstance(body, VehicleBody):
        return vehicle_combat.cannot_fire(design, body, weapon, unit.ammo) or ""
    if isinstance(design, InfantryDesign):
        if weapon != PLATOON_WEAPON:
            return "a platoon fires all its men as one attack, with its first weapon (BT-C-35.6)"
        if infantry.design_damage_per_trooper(design) is None:
            return f"the {_no_rules(design)} has no rules (BT-C-35.6)"
        return ""
    if isinstance(design, BattleArmorDesign) and isinstance(body, BattleArmorBody):
        return _squad_unusable(design, body, weapon)
    return ""


def _squad_unusable(design: BattleArmorDesign, body: BattleArmorBody, weapon: int) -> str:
    """BT-C-35, BT-C-35.8: a trooper's own weapon while he is out; a jettisoned launcher."""
    if battle_armor.launcher_jettisoned(design, body, weapon):
        return "the squad jettisoned its missile launcher (BT-C-35.8)"
    where = design.equipment[weapon].location
    if where.startswith("Trooper"):
        index = int(where.split()[-1]) - 1
        if not 0 <= index < len(body.armor) or body.armor[index] <= 0:
            return f"trooper {index + 1} is out of action (BT-C-35)"
    return ""


def _no_rules(design: InfantryDesign) -> str:
    """The first of the platoon's weapons the infantry weapon table does not know (BT-C-35.6)."""
    unknown = infantry.unknown_weapons(design)
    return unknown[0] if unknown else design.primary


def _turret(location: str) -> VehicleLocation | None:
    return next((t for t in TURRETS if str(t) == location), None)


def in_arc(unit: UnitState, weapon: int, where: Hex) -> bool:
    """BT-C-10/11: can weapon ``weapon`` of a vehicle, platoon or squad fire at ``where``?

    Infantry and battle armor fire all round (`infantry.fires_all_round`). A vehicle's
    front, side and rear mounts fire into that arc of the hull (`vehicle_combat.mount_arcs`);
    a free turret turns to any target; a locked turret keeps its offset from the hull and a
    jammed one points ahead (DESIGN) (`vehicle_combat.turret_facing`).
    """
    if unit.hex is None:
        return False
    if infantry.fires_all_round(kind_of(unit)):
        return True
    body = unit.body
    location = unit.design.equipment[weapon].location
    turret = _turret(location)
    if turret is not None and isinstance(body, VehicleBody):
        locked = any(t is turret for t, _ in body.locked_turrets)
        if not locked and turret not in body.jammed_turrets:
            return True
        facing = vehicle_combat.turret_facing(body, turret, unit.facing, unit.facing)
        return Arc.FRONT in arcs_of(unit.hex, facing, where)
    return bool(vehicle_combat.mount_arcs(location) & arcs_of(unit.hex, unit.facing, where))


def attacker_terms(unit: UnitState, weapon: int) -> list[tuple[str, int]]:
    """BT-C-15 / BT-C-18.1 / BT-C-24.3: the attacker's own terms for a non-'Mech.

    A vehicle: its declared mode (cruise +1 as walking, flank +2 as running), then its
    criticals (`vehicle_combat.attacker_modifiers`). Infantry and battle armor: none
    (`infantry.attacker_movement_modifier`).
    """
    terms: list[tuple[str, int]] = []
    movement = unit.movement
    kind = kind_of(unit)
    if movement is not None:
        value = infantry.attacker_movement_modifier(kind, movement.mode.attacker_modifier)
        if movement.minimum and kind == "vehicle":
            value = max(value, 2)
        if value:
            words = {"walk": "attacker cruised", "run": "attacker flanked"}
            terms.append(
                (words.get(movement.mode.value, f"attacker moved ({movement.mode})"), value)
            )
    design, body = unit.design, unit.body
    if isinstance(design, VehicleDesign) and isinstance(body, VehicleBody):
        terms += vehicle_combat.attacker_modifiers(design, body, weapon)
    return terms


def target_terms(state: BTState, target: int) -> list[tuple[str, int]]:
    """BT-C-18.8 / BT-C-35: the terms a non-'Mech target's own state adds.

    A vehicle: immobile -4, airborne VTOL +1 (`vehicle_combat.target_modifiers`). Battle armor
    +1, a platoon +0 (`infantry.target_to_hit_modifier`). Movement terms are the caller's.
    """
    unit = state.units[target]
    design, body = unit.design, unit.body
    if isinstance(design, VehicleDesign) and isinstance(body, VehicleBody):
        return list(vehicle_combat.target_modifiers(design, body))
    if value := infantry.target_to_hit_modifier(kind_of(unit)):
        return [("battle armor target", value)]
    return []


def infantry_range(unit: UnitState, distance: int) -> tuple[str, list[tuple[str, int]]] | str:
    """BT-C-35.7: a platoon's range band and term at ``distance``, or why it cannot reach.

    The band is "short" at +0 (or in its own hex), else "medium" up to +2, "long" beyond.
    """
    design = unit.design
    assert isinstance(design, InfantryDesign)  # noqa: S101 - callers check is_infantry
    weapon = infantry.platoon_weapon(design)
    if weapon is None:
        return f"the {_no_rules(design)} has no rules (BT-C-35.6)"
    reach = weapon.range
    modifier = infantry.infantry_range_modifier(
        reach,
        distance,
        point_blank=weapon.point_blank,
        encumbering=weapon.encumbering,
        burst=weapon.burst,
    )
    if modifier is None:
        return f"out of range: {distance} hexes, beyond the platoon's range {reach} (BT-C-35.7)"
    band = "short" if modifier <= 0 else "medium" if modifier <= 2 else "long"  # noqa: PLR2004
    terms = [(f"infantry range {distance}", modifier)] if modifier else []
    return band, terms
