"""Damage, falls and the MechWarrior (BT-M-15, BT-M-16, BT-M-30, BT-M-33..36; BT-C-26..28).

Used by movement (falls, skids, buildings); the combat issue adds weapon and physical damage on
top of `apply_damage`. Critical-chance rolls (BT-C-29) are not rolled yet: they belong to the
combat rules, so fall damage here reaches armor and internal structure only.
"""

from __future__ import annotations

import math

from engine.battletech import events as ev
from engine.battletech.condition import preexisting
from engine.battletech.context import Ctx
from engine.battletech.tables import CONSCIOUSNESS, FALL_FACING, HIT_LOCATION, TRANSFER, Column
from engine.battletech.units import Location
from engine.hexes import Facing, Hex

__all__ = [
    "DEADLY_WOUNDS",
    "apply_damage",
    "damage_groups",
    "fall",
    "fall_damage",
    "piloting_roll",
    "wound",
]

DEADLY_WOUNDS = 6
"""BT-M-16: the sixth wound kills the MechWarrior."""

_SIDE_ARM = {Location.LT: Location.LA, Location.RT: Location.RA}


def piloting_roll(
    ctx: Ctx,
    index: int,
    reason: str,
    modifiers: tuple[tuple[str, int], ...] = (),
    *,
    damage: tuple[tuple[str, int], ...] | None = None,
) -> bool:
    """BT-M-30: roll a PSR for unit ``index``: Piloting + ``modifiers`` + preexisting damage.

    An unconscious pilot or a shut-down 'Mech fails without a roll (BT-M-30 item 5). Returns True
    when the 'Mech stays up (or the pilot is unhurt, for ``injury``). ``damage`` replaces the
    preexisting-damage modifiers when the caller took them before this phase's damage.
    """
    unit = ctx.state.units[index]
    pre = preexisting(unit) if damage is None else damage
    named = (("piloting", unit.pilot.piloting), *modifiers, *pre)
    target = sum(value for _, value in named)
    if not unit.conscious or unit.shutdown:
        ctx.emit(ev.PilotingRoll(index, reason, target, named, (), success=False, automatic=True))
        return False
    roll = ctx.roll(2)
    success = sum(roll) >= target
    ctx.emit(ev.PilotingRoll(index, reason, target, named, roll, success=success))
    return success


def wound(ctx: Ctx, index: int, wounds: int, cause: str) -> None:
    """BT-M-15/16: wound the MechWarrior; a conscious one rolls to stay awake; six wounds kill."""
    unit = ctx.state.units[index]
    if unit.destroyed:
        return
    total = min(unit.wounds + wounds, DEADLY_WOUNDS)
    ctx.emit(ev.PilotWounded(index, wounds, total, cause))
    if total >= DEADLY_WOUNDS:
        ctx.emit(ev.UnitDestroyed(index, "MechWarrior killed"))
        return
    if unit.conscious:  # BT-M-16 item 2: an unconscious pilot makes no roll
        target = CONSCIOUSNESS[total]
        roll = ctx.roll(2)
        ctx.emit(ev.ConsciousnessRolled(index, target, roll, conscious=sum(roll) >= target))


def damage_groups(total: int) -> tuple[int, ...]:
    """BT-M-35 item 3: groups of 5 points and one smaller remainder (33 -> 5 x 6 + 3)."""
    fives, rest = divmod(total, 5)
    return (5,) * fives + ((rest,) if rest else ())


def apply_damage(
    ctx: Ctx,
    index: int,
    location: Location,
    amount: int,
    *,
    rear: bool = False,
    roll: tuple[int, ...] = (),
) -> None:
    """BT-C-26/27/28: put ``amount`` points on ``location``: armor, then structure, then inward.

    A destroyed side torso takes its arm with it; a destroyed head or center torso destroys the
    'Mech. Any hit on the head wounds the MechWarrior (BT-M-15).
    """
    source: Location | None = None
    remaining = amount
    head_hit = location is Location.HD
    while remaining > 0:
        unit = ctx.state.units[index]
        if unit.destroyed:
            return
        has_rear = rear and location.has_rear
        armor_left = unit.armor_at(location, rear=has_rear)
        internal_left = unit.internal_at(location)
        if internal_left <= 0:  # already destroyed: straight on inward (BT-C-27)
            target = TRANSFER[location]
            if target is None:
                return
            source, location = location, target
            continue
        to_armor = min(armor_left, remaining)
        to_internal = min(internal_left, remaining - to_armor)
        remaining -= to_armor + to_internal
        ctx.emit(
            ev.DamageApplied(
                index,
                location,
                to_armor,
                to_internal,
                rear=has_rear,
                roll=roll if source is None else (),
                transferred_from=source,
            )
        )
        if to_internal and to_internal >= internal_left:
            _destroy_location(ctx, index, location)
            if ctx.state.units[index].destroyed:
                return
        target = TRANSFER[location]
        if remaining <= 0 or target is None:
            break
        source, location = location, target
    if head_hit and not ctx.state.units[index].destroyed:
        wound(ctx, index, 1, "head hit")


def _destroy_location(ctx: Ctx, index: int, location: Location) -> None:
    """BT-C-28 / BT-M-12: a location is gone, and what goes with it."""
    ctx.emit(ev.LocationDestroyed(index, location))
    if location in {Location.HD, Location.CT}:
        ctx.emit(ev.UnitDestroyed(index, f"{location.long_name.lower()} destroyed"))
        return
    arm = _SIDE_ARM.get(location)
    if arm is not None and not ctx.state.units[index].location_destroyed(arm):
        ctx.emit(ev.LocationDestroyed(index, arm))


def fall_damage(tonnage: int, levels: int, *, water: bool) -> int:
    """BT-M-35: ceil(tonnage / 10) x (levels + 1), halved (rounding up) in Depth 1+ water."""
    damage = math.ceil(tonnage / 10) * (max(levels, 0) + 1)
    return math.ceil(damage / 2) if water else damage


def fall(
    ctx: Ctx,
    index: int,
    where: Hex,
    levels: int,
    cause: str,
    *,
    fixed_rear: bool = False,
) -> None:
    """BT-M-33..36: unit ``index`` falls into ``where`` from ``levels`` above it.

    Rolls the new facing (BT-M-34.1; ``fixed_rear`` counts as a 4 without a die), the damage in
    groups of 5 on that column (BT-M-34.2, BT-M-35), then the MechWarrior's injury roll at
    +1 per level fallen (BT-M-36).
    """
    unit = ctx.state.units[index]
    before = preexisting(unit)  # BT-M-31.3: this fall's own damage is not yet "preexisting"
    terrain = ctx.state.board.terrain(where)
    on_deck = unit.standing_on_bridge(terrain) and where == unit.hex
    water = (terrain.water or 0) >= 1 and not on_deck
    face_roll = None if fixed_rear else ctx.die()
    turn, column = FALL_FACING[4 if face_roll is None else face_roll]
    facing = Facing(unit.facing).turn(turn)
    total = fall_damage(unit.design.tonnage, levels, water=water)
    ctx.emit(
        ev.UnitFell(index, where, levels, face_roll, facing, column.value, total, water, cause)
    )
    for group in damage_groups(total):
        roll = ctx.roll(2)
        location = HIT_LOCATION[column][sum(roll) - 2]
        apply_damage(ctx, index, location, group, rear=column is Column.REAR, roll=roll)
        if ctx.state.units[index].destroyed:
            return
    if not piloting_roll(ctx, index, "injury", (("levels fallen", levels),), damage=before):
        wound(ctx, index, 1, "fall")
