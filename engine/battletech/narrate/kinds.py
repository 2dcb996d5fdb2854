"""The log's sentences for damage to vehicles, platoons and battle armor (BT-C-24, BT-C-35).

For example::

Vedette Medium Tank [V] is hit on the front (rolled 2+5=7): 5 damage, armor 20 -> 15.
Vedette Medium Tank [V]: critical roll on the front, rolled 5+4=9: sensors.
Vedette Medium Tank [V]: motive roll 4+4=8 +2 = 10: heavy damage, Cruising MP 5 -> 3.
Yellow Jacket Gunship [Y] is hit on the rotor (rolled 1+2=3, motive roll): 10 damage, armor 2
-> 0, structure 3 -> 0, the rotor is gone.
Yellow Jacket Gunship [Y] crashes: it falls from elevation 2 to the ground (facing die 4: now
faces SE): 9 damage.
Foot Platoon (Laser) [F] loses 2 men (5 direct damage, in the open x2): 26 left.
Cavalier Battle Armor [C]: trooper 3 takes 5 (rolled 3): 6 -> 1.
Cavalier Battle Armor [C]: trooper 1 takes 2 (rolled 1 after 5, 4 for empty places): 8 -> 6.
"""

from __future__ import annotations

from engine.battletech.designs import VehicleDesign
from engine.battletech.kindevents import (
    CrewRecovered,
    MotiveDamaged,
    TrooperHit,
    TroopersLost,
    VehicleCritical,
    VehicleHit,
    VTOLCrashed,
)
from engine.battletech.kinds.battle_armor import BattleArmorBody
from engine.battletech.kinds.infantry import InfantryBody
from engine.battletech.kinds.vehicle import MotiveDamage, VehicleBody, cruise_mp
from engine.battletech.kinds.vehicle_tables import Crit
from engine.battletech.narrate.sentences import describe
from engine.battletech.narrate.words import dice_text, unit_name
from engine.battletech.state import BTState

__all__: list[str] = []


def _armor(state: BTState, unit: int, location: object) -> tuple[int, int]:
    body, design = state.units[unit].body, state.units[unit].design
    if not isinstance(body, VehicleBody) or not isinstance(design, VehicleDesign):
        return 0, 0
    if location not in design.locations:
        return 0, 0
    i = design.locations.index(location)
    return body.armor[i], body.internal[i]


@describe.register
def _hit(event: VehicleHit, before: BTState, after: BTState) -> str:
    where = event.location.value.lower()
    armor, internal = _armor(before, event.unit, event.location)
    armor_after, internal_after = _armor(after, event.unit, event.location)
    parts = [f"{event.damage} damage"]
    if event.armor:
        parts.append(f"armor {armor} -> {armor_after}")
    if event.internal:
        parts.append(f"structure {internal} -> {internal_after}")
    if event.internal and internal and not internal_after:
        side = f"{where} side" if where in {"left", "right"} else where
        parts.append(f"the {side} is gone" if where in _SHED else f"the {side} is destroyed")
    notes = [f"rolled {dice_text(event.roll)}"] if event.roll else []
    notes += ["critical chance"] * event.crit + ["motive roll"] * event.motive
    said = f" ({', '.join(notes)})" if notes else ""
    return f"{unit_name(before, event.unit)} is hit on the {where}{said}: {', '.join(parts)}."


_SHED = frozenset({"rotor", "turret", "front turret"})
"""Locations a vehicle loses and fights on without (BT-C-24.1, BT-M-37.6: a rotor brings a VTOL
down, the next lines say)."""


@describe.register
def _critical(event: VehicleCritical, before: BTState, after: BTState) -> str:
    del after
    where = event.location.value.lower()
    what = event.crit.value
    if event.weapon is not None:
        design = before.units[event.unit].design
        name = design.equipment[event.weapon].name if event.weapon < len(design.equipment) else ""
        what += f": the {name} (die {event.weapon_roll})"
    if event.crit is Crit.NONE:
        what = "no critical"
    return (
        f"{unit_name(before, event.unit)}: critical roll on the {where}, rolled "
        f"{dice_text(event.roll)}: {what}."
    )


def _cruise(state: BTState, unit: int) -> int:
    body, design = state.units[unit].body, state.units[unit].design
    if isinstance(body, VehicleBody) and isinstance(design, VehicleDesign):
        return cruise_mp(design, body)
    return 0


@describe.register
def _motive(event: MotiveDamaged, before: BTState, after: BTState) -> str:
    result = {
        MotiveDamage.NONE: "no effect",
        MotiveDamage.MINOR: "minor damage",
        MotiveDamage.MODERATE: "moderate damage",
        MotiveDamage.HEAVY: "heavy damage",
        MotiveDamage.MAJOR: "major damage: immobilized",
    }[event.result]
    total = sum(event.roll) + event.modifier
    was, now = _cruise(before, event.unit), _cruise(after, event.unit)
    mp = f", Cruising MP {was} -> {now}" if was != now else ""
    if was and not now and event.result is not MotiveDamage.MAJOR:
        mp += ": it cannot move"  # BT-M-37.5: no Cruising MP left
    added = f" {event.modifier:+d} = {total}" if event.modifier else ""
    rolled = f"motive roll {dice_text(event.roll)}{added}"
    return f"{unit_name(before, event.unit)}: {rolled}: {result}{mp}."


@describe.register
def _crashed(event: VTOLCrashed, before: BTState, after: BTState) -> str:
    """BT-M-37.6: the VTOL comes down from its elevation, to the ground or onto a roof."""
    was, now = _elevation(before, event.unit), _elevation(after, event.unit)
    onto = f"onto the roof at elevation {now}" if now > 0 else "to the ground"
    fall = f"falls from elevation {was} {onto}" if was > now else "comes down where it is"
    facing = after.units[event.unit].facing.name
    ice = f", ice die {event.ice_die}" if event.ice_die is not None else ""
    hurt = f"{event.damage} damage" if event.damage else "no damage"
    return (
        f"{unit_name(before, event.unit)} crashes: it {fall} (facing die {event.facing_die}{ice}: "
        f"now faces {facing}): {hurt}."
    )


def _elevation(state: BTState, unit: int) -> int:
    body = state.units[unit].body
    return body.elevation if isinstance(body, VehicleBody) else 0


def _men(state: BTState, unit: int) -> int:
    body = state.units[unit].body
    if isinstance(body, InfantryBody):
        return body.troopers
    if isinstance(body, BattleArmorBody):
        return body.troopers
    return 0


@describe.register
def _troopers(event: TroopersLost, before: BTState, after: BTState) -> str:
    dice = f", dice {dice_text(event.dice)}" if event.dice else ""
    opened = ", in the open x2" if event.in_open else ""
    men = "man" if event.lost == 1 else "men"
    return (
        f"{unit_name(before, event.unit)} loses {event.lost} {men} ({event.damage} "
        f"{event.conversion} damage{dice}{opened}): {_men(after, event.unit)} left."
    )


@describe.register
def _trooper(event: TrooperHit, before: BTState, after: BTState) -> str:
    rows = []
    for state in (before, after):
        body = state.units[event.unit].body
        armor = body.armor if isinstance(body, BattleArmorBody) else ()
        rows.append(armor[event.trooper] if event.trooper < len(armor) else 0)
    down = " (out of action)" if rows[1] == 0 else ""
    return (
        f"{unit_name(before, event.unit)}: trooper {event.trooper + 1} takes {event.damage} "
        f"({_trooper_dice(event.rolls)}): {rows[0]} -> {rows[1]}{down}."
    )


def _trooper_dice(rolls: tuple[int, ...]) -> str:
    """BT-C-35 item 2: the 1D6 that picked the trooper, after those that hit empty places.

    Separate dice, never a sum: "rolled 1", "rolled 1 after 5, 4 for empty places".
    """
    if not rolls:
        return "no roll"
    if len(rolls) == 1:
        return f"rolled {rolls[0]}"
    empty = ", ".join(str(die) for die in rolls[:-1])
    return f"rolled {rolls[-1]} after {empty} for empty places"


@describe.register
def _recovered(event: CrewRecovered, before: BTState, after: BTState) -> str:
    del after
    if event.left <= 0:
        return f"{unit_name(before, event.unit)}'s crew is no longer stunned."
    turns = "turn" if event.left == 1 else "turns"
    return f"{unit_name(before, event.unit)}'s crew stays stunned ({event.left} more {turns})."
