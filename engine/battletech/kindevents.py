"""The events of damage to vehicles, infantry platoons and battle armor squads (BT-C-24, BT-C-35).

Each carries the dice that decided it. Their mutators are registered on
`engine.battletech.evolve.evolve` when this module is imported (`engine.battletech` imports it,
so every folding of a log knows them); each applies the kind's own rule
(`engine.battletech.kinds`) to the unit's body. A unit the damage destroys gets the core
`events.UnitDestroyed` after them.
"""

from __future__ import annotations

import attrs
from attrs import frozen

from engine.battletech.designs import VehicleDesign
from engine.battletech.designs.vehicle import VehicleLocation
from engine.battletech.events import BTEvent
from engine.battletech.evolve import evolve
from engine.battletech.kinds import battle_armor, infantry
from engine.battletech.kinds.battle_armor import BattleArmorBody
from engine.battletech.kinds.infantry import InfantryBody
from engine.battletech.kinds.vehicle import MotiveDamage, VehicleBody, end_turn
from engine.battletech.kinds.vehicle_damage import damage_vehicle, vtol_crash
from engine.battletech.kinds.vehicle_tables import Crit, apply_critical, apply_motive
from engine.battletech.state import Body, BTState

__all__ = [
    "KIND_EVENTS",
    "CrewRecovered",
    "MotiveDamaged",
    "TrooperHit",
    "TroopersLost",
    "VTOLCrashed",
    "VehicleCritical",
    "VehicleHit",
]


@frozen
class VehicleHit(BTEvent):
    """BT-C-24.1/24.2: ``damage`` points on a vehicle's ``location`` (armor, then structure).

    ``roll`` is the 2D6 that placed it (and the turret die of a two-turret vehicle); ``armor``
    and ``internal`` what each lost (the rest is lost, BT-M-3). ``crit`` and ``motive`` are the
    table's marks: a critical chance, a Motive System Damage roll (BT-M-37.5).
    """

    TAG = "bt/vehicle_hit"
    unit: int
    location: VehicleLocation
    damage: int
    roll: tuple[int, ...] = ()
    armor: int = 0
    internal: int = 0
    crit: bool = False
    motive: bool = False
    source: int | None = None


@frozen
class VehicleCritical(BTEvent):
    """BT-C-24.3/24.4: a critical roll on ``location``'s table and its result (``crit``).

    ``weapon`` is the weapon a malfunction or destruction struck, picked by ``weapon_roll``.
    """

    TAG = "bt/vehicle_critical"
    unit: int
    location: VehicleLocation
    roll: tuple[int, ...]
    crit: Crit
    weapon: int | None = None
    weapon_roll: int | None = None


@frozen
class MotiveDamaged(BTEvent):
    """BT-M-37.5: the Motive System Damage roll: 2D6 ``roll`` + ``modifier`` gives ``result``."""

    TAG = "bt/motive"
    unit: int
    roll: tuple[int, ...]
    modifier: int
    result: MotiveDamage


@frozen
class VTOLCrashed(BTEvent):
    """BT-M-37.6: a VTOL comes down in its hex; ``facing_die`` 1D6 (less 1: the fall-facing result).

    ``ice_die`` the 1D6 that may break ice under it; ``damage`` the crash damage, placed by the
    `VehicleHit` events that follow.
    """

    TAG = "bt/vtol_crashed"
    unit: int
    facing_die: int
    damage: int
    ice_die: int | None = None


@frozen
class TroopersLost(BTEvent):
    """BT-C-35 item 1, BT-C-35.6: a conventional platoon loses ``lost`` men to one attack.

    ``damage`` the attack's damage (with any burst ``dice`` in it), ``conversion`` the class that
    turned it into men ("direct", "missile", "infantry" ...), ``in_open`` the x2 of open ground.
    """

    TAG = "bt/troopers_lost"
    unit: int
    lost: int
    damage: int
    conversion: str
    dice: tuple[int, ...] = ()
    in_open: bool = False
    source: int | None = None


@frozen
class TrooperHit(BTEvent):
    """BT-C-35 item 2: ``damage`` on battle armor trooper ``trooper`` (0-based).

    ``rolls`` are the 1D6s rolled for him, the rerolls of empty places first.
    """

    TAG = "bt/trooper_hit"
    unit: int
    trooper: int
    damage: int
    rolls: tuple[int, ...]
    source: int | None = None


@frozen
class CrewRecovered(BTEvent):
    """BT-C-24.3: the End phase counts a stunned vehicle crew's turns down (``left`` to go)."""

    TAG = "bt/crew_recovered"
    unit: int
    left: int


KIND_EVENTS: tuple[type[BTEvent], ...] = (
    VehicleHit,
    VehicleCritical,
    MotiveDamaged,
    VTOLCrashed,
    TroopersLost,
    TrooperHit,
    CrewRecovered,
)


def _vehicle(state: BTState, index: int) -> tuple[VehicleDesign, VehicleBody]:
    unit = state.units[index]
    if not isinstance(unit.design, VehicleDesign) or not isinstance(unit.body, VehicleBody):
        msg = f"{unit.name} is not a vehicle"
        raise TypeError(msg)
    return unit.design, unit.body


def _with_body(state: BTState, index: int, body: Body) -> BTState:
    unit = state.units[index]
    return state.replace_unit(index, attrs.evolve(unit, body=body))


@evolve.register
def _vehicle_hit(event: VehicleHit, state: BTState) -> BTState:
    design, body = _vehicle(state, event.unit)
    body, _ = damage_vehicle(design, body, event.location, event.damage)
    return _with_body(state, event.unit, body)


@evolve.register
def _vehicle_critical(event: VehicleCritical, state: BTState) -> BTState:
    design, body = _vehicle(state, event.unit)
    body = apply_critical(design, body, event.location, event.crit, weapon=event.weapon)
    return _with_body(state, event.unit, body)


@evolve.register
def _motive(event: MotiveDamaged, state: BTState) -> BTState:
    design, body = _vehicle(state, event.unit)
    return _with_body(state, event.unit, apply_motive(design, body, event.result))


@evolve.register
def _crashed(event: VTOLCrashed, state: BTState) -> BTState:
    design, body = _vehicle(state, event.unit)
    unit = state.units[event.unit]
    if unit.hex is None:
        return state
    terrain = state.board.terrain(unit.hex)
    body, crash = vtol_crash(design, body, terrain, event.facing_die - 1, ice_roll=event.ice_die)
    moved = attrs.evolve(unit, body=body, facing=unit.facing.turn(crash.turn))
    return state.replace_unit(event.unit, moved)


@evolve.register
def _troopers(event: TroopersLost, state: BTState) -> BTState:
    body = state.units[event.unit].body
    if not isinstance(body, InfantryBody):
        return state
    return _with_body(state, event.unit, infantry.lose_troopers(body, event.lost))


@evolve.register
def _trooper(event: TrooperHit, state: BTState) -> BTState:
    body = state.units[event.unit].body
    if not isinstance(body, BattleArmorBody):
        return state
    body = battle_armor.damage_trooper(body, event.trooper, event.damage)
    return _with_body(state, event.unit, body)


@evolve.register
def _recovered(event: CrewRecovered, state: BTState) -> BTState:
    body = state.units[event.unit].body
    if not isinstance(body, VehicleBody):
        return state
    return _with_body(state, event.unit, end_turn(body))
