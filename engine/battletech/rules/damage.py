"""Damage, critical hits, falls and the MechWarrior (BT-C-26..34, BT-M-15/16, BT-M-30, BT-M-33..36).

`apply_damage` runs the damage procedure of BT-C-26 for one packet: armor, internal structure, the
critical-chance roll of every location whose structure it damages (BT-C-29, with the "start of the
phase" rule of step 4 and the through-armor roll of a location roll of 2, BT-C-22), the slot found
with rerolls (BT-C-30), each component's effect (BT-C-31), ammunition and Gauss explosions (BT-C-32,
CASE), destroyed locations and transfer inward (BT-C-27/28).

PSRs and automatic falls caused by damage go to ``ctx.tally`` while an attack phase (or the Heat
phase) is being resolved; `combat.end_of_phase` rolls them. Outside (falls, skids and buildings in
the Movement phase) they are immediate: the PSR counts the new damage as preexisting, once
(BT-M-30 item 3), and an automatic fall happens at once.
"""

from __future__ import annotations

import math

from engine.battletech import events as ev
from engine.battletech.context import Ctx
from engine.battletech.designs.mech import Location
from engine.battletech.envstate import fall_by_gravity, gravity_of
from engine.battletech.rules import crits, kinddamage, vacuum
from engine.battletech.rules.condition import component_hits, gyro_hits, preexisting
from engine.battletech.state import UnitState
from engine.battletech.tables import (
    CONSCIOUSNESS,
    CRITICAL_CHANCE,
    FALL_FACING,
    HIT_LOCATION,
    TRANSFER,
    Column,
)
from engine.hexes import Facing, Hex

__all__ = [
    "DEADLY_WOUNDS",
    "EXPLOSION_WOUNDS",
    "PSR_GYRO",
    "PSR_HIP",
    "PSR_LEG_ACTUATOR",
    "apply_damage",
    "critical_chance",
    "damage_groups",
    "explode_ammo",
    "fall",
    "fall_damage",
    "piloting_roll",
    "queue_fall",
    "queue_psr",
    "wound",
]

DEADLY_WOUNDS = 6
"""BT-M-16: the sixth wound kills the MechWarrior."""

EXPLOSION_WOUNDS = 2
"""BT-C-31/32: neural feedback from an internal explosion wounds the MechWarrior twice."""

PSR_GYRO = ("gyro hit", 3)
"""BT-C-49: the PSR event of a first gyro hit."""

PSR_HIP = ("hip actuator hit", 2)
"""BT-C-49: the PSR event of a hip actuator critical."""

PSR_LEG_ACTUATOR = ("leg actuator hit", 1)
"""BT-C-49: the PSR event of an upper-leg, lower-leg or foot actuator critical."""

_SIDE_ARM = {Location.LT: Location.LA, Location.RT: Location.RA}
_BLOWN_OFF = frozenset({Location.HD, Location.LA, Location.RA, Location.LL, Location.RL})
"""BT-C-29: a 12 on the critical chance roll blows these off (torsos take 3 criticals)."""
_NEVER_TRANSFER = frozenset({Location.HD, Location.CT})
_LEG_ACTUATORS = frozenset({"upper leg", "lower leg", "foot"})


def piloting_roll(
    ctx: Ctx,
    index: int,
    reason: str,
    modifiers: tuple[tuple[str, int], ...] = (),
    *,
    damage: tuple[tuple[str, int], ...] | None = None,
    shutdown_ok: bool = False,
) -> bool:
    """BT-M-30: roll a PSR for unit ``index``: Piloting + ``modifiers`` + preexisting damage.

    An unconscious pilot or a shut-down 'Mech fails without a roll (BT-M-30 item 5), except that
    a 'Mech that shut down in this phase rolls normally (``shutdown_ok``, BT-C-54). Returns True
    when the 'Mech stays up (or the pilot is unhurt, for ``injury``). ``damage`` replaces the
    preexisting-damage modifiers when the caller took them before this phase's damage.
    """
    unit = ctx.state.units[index]
    pre = preexisting(unit) if damage is None else damage
    named = (("piloting", unit.pilot.piloting), *modifiers, *pre)
    target = sum(value for _, value in named)
    if not unit.mech.conscious or (unit.mech.shutdown and not shutdown_ok):
        ctx.emit(ev.PilotingRoll(index, reason, target, named, (), success=False, automatic=True))
        return False
    roll = ctx.roll(2)
    success = sum(roll) >= target
    ctx.emit(ev.PilotingRoll(index, reason, target, named, roll, success=success))
    return success


def wound(ctx: Ctx, index: int, wounds: int, cause: str, *, by: int | None = None) -> None:
    """BT-M-15/16: wound the MechWarrior; a conscious one rolls to stay awake; six wounds kill.

    An ejected MechWarrior can still be hurt (landing, BT-C-59); ``by`` is credited with a kill.
    """
    unit = ctx.state.units[index]
    if not unit.is_mech or (unit.destroyed and not unit.mech.ejected):
        return  # only a MechWarrior's wounds are tracked (BT-M-15)
    total = min(unit.mech.wounds + wounds, DEADLY_WOUNDS)
    ctx.emit(ev.PilotWounded(index, wounds, total, cause))
    if total >= DEADLY_WOUNDS:
        ctx.emit(ev.UnitDestroyed(index, "MechWarrior killed", by=by))
        return
    if unit.mech.conscious:  # BT-M-16 item 2: an unconscious pilot makes no roll
        target = CONSCIOUSNESS[total]
        roll = ctx.roll(2)
        ctx.emit(ev.ConsciousnessRolled(index, target, roll, conscious=sum(roll) >= target))


def queue_psr(ctx: Ctx, index: int, reason: str, modifier: int) -> None:
    """BT-C-49: a PSR event for unit ``index`` (rolled at the end of the phase).

    Outside an attack phase it is rolled at once, the new damage counted as preexisting (once),
    and a failure is a fall in the unit's hex. Prone units make no fall-avoidance PSRs (BT-M-30).
    Only 'Mechs make PSRs (vehicles and infantry never fall, BT-M-31).
    """
    if not ctx.state.units[index].is_mech:
        return
    if ctx.tally is not None:
        ctx.tally.psrs.setdefault(index, []).append((reason, modifier))
        return
    unit = ctx.state.units[index]
    if not unit.on_map or unit.mech.prone or unit.hex is None:
        return
    if not piloting_roll(ctx, index, reason):
        fall(ctx, index, unit.hex, 0, f"failed the {reason} roll")


def queue_fall(ctx: Ctx, index: int, why: str) -> None:
    """BT-C-49: an automatic fall (gyro or leg destroyed): at the end of the phase, or at once."""
    if not ctx.state.units[index].is_mech:
        return  # only a 'Mech falls (BT-M-31)
    if ctx.tally is not None:
        ctx.tally.falls.setdefault(index, why)
        return
    unit = ctx.state.units[index]
    if unit.on_map and not unit.mech.prone and unit.hex is not None:
        fall(ctx, index, unit.hex, 0, why)


def damage_groups(total: int) -> tuple[int, ...]:
    """BT-M-35 item 3: groups of 5 points and one smaller remainder (33 -> 5 x 6 + 3)."""
    fives, rest = divmod(total, 5)
    return (5,) * fives + ((rest,) if rest else ())


def apply_damage(  # noqa: C901, PLR0912 - BT-C-26 is one procedure of eight steps
    ctx: Ctx,
    index: int,
    location: Location,
    amount: int,
    *,
    rear: bool = False,
    roll: tuple[int, ...] = (),
    tac: bool = False,
    source: int | None = None,
    explosion: bool = False,
) -> None:
    """BT-C-26..28: one damage packet of ``amount`` points on ``location`` of unit ``index``.

    Armor first (rear armor for ``rear`` torso hits, and for torsos the damage transfers into),
    then internal structure with a critical-chance roll in every location whose structure it
    damages; a destroyed location's remaining damage moves inward. ``tac`` marks a location roll
    of 2: one more critical-chance roll in the location that takes the damage (BT-C-22).
    ``explosion`` is an ammunition or Gauss explosion: it starts at the structure and its excess
    goes to the next location's structure, or is vented by CASE in the exploding location (steps
    7-8). ``source`` is the attacking unit (the after-action report, kills). Any hit on the head
    wounds the MechWarrior (BT-C-33). Hits on the rear torso set off ammunition being dumped
    (BT-C-58).

    DESIGN: a vehicle, platoon or squad that rules written for 'Mechs damage (artillery, a
    collapsing building, a skid) takes the packet by its own kind's tables (`kinddamage`): a
    vehicle on its front column (rear for ``rear``), a platoon as direct damage, a trooper.
    """
    if not ctx.state.units[index].is_mech:
        column = Column.REAR if rear else Column.FRONT
        kinddamage.damage_unit(ctx, index, [amount], column=column, spec=None, source=source)
        return
    origin = location
    came_from: Location | None = None
    remaining = amount
    head_hit = location is Location.HD and not explosion
    while remaining > 0:
        unit = ctx.state.units[index]
        if unit.destroyed:
            return
        has_rear = rear and location.has_rear
        internal_left = unit.mech.internal_at(location)
        if internal_left > 0:
            to_armor = (
                0 if explosion else min(unit.mech.armor_at(location, rear=has_rear), remaining)
            )
            to_internal = min(internal_left, remaining - to_armor)
            remaining -= to_armor + to_internal
            ctx.emit(
                ev.DamageApplied(
                    index,
                    location,
                    to_armor,
                    to_internal,
                    rear=has_rear,
                    roll=roll if came_from is None else (),
                    transferred_from=came_from,
                    source=source,
                )
            )
            if ctx.tally is not None:
                ctx.tally.damage[index] = ctx.tally.damage.get(index, 0) + to_armor + to_internal
            if has_rear and source is not None:
                _rear_hit_on_dumping(ctx, index, source)
            vacuum.breach(ctx, index, location, rear=has_rear)  # BT-C-61.5
            gone = False
            if tac:  # BT-C-22: the through-armor roll, where the damage landed
                tac = False
                gone = critical_chance(ctx, index, location, tac=True, source=source)
            if to_internal and not gone and not ctx.state.units[index].destroyed:
                gone = critical_chance(ctx, index, location, source=source)  # step 4
            if to_internal >= internal_left and not gone:  # step 5
                _destroy_location(ctx, index, location, source)
            if ctx.state.units[index].destroyed:
                return
        if remaining <= 0:
            break
        if explosion and crits.has_case(unit.mech_design, origin):  # step 8: vented
            break
        target = TRANSFER[location]
        if target is None:
            break
        came_from, location = location, target
    if head_hit and not ctx.state.units[index].destroyed:
        wound(ctx, index, 1, "head hit", by=source)


def _destroy(ctx: Ctx, index: int, cause: str, by: int | None) -> None:
    """BT-C-34: the 'Mech is out (once: the first cause is the one recorded)."""
    if not ctx.state.units[index].destroyed:
        ctx.emit(ev.UnitDestroyed(index, cause, by=by))


def _destroy_location(ctx: Ctx, index: int, location: Location, source: int | None) -> None:
    """BT-C-28 / BT-C-34: a location is gone, and what goes with it."""
    ctx.emit(ev.LocationDestroyed(index, location))
    if not ctx.state.units[index].destroyed:
        _after_loss(ctx, index, location, source)


def _after_loss(ctx: Ctx, index: int, location: Location, source: int | None) -> None:
    """What losing ``location`` (destroyed or blown off) does to the 'Mech."""
    name = location.long_name.lower()
    if location in _NEVER_TRANSFER:
        _destroy(ctx, index, f"{name} destroyed", source)
        return
    unit = ctx.state.units[index]
    arm = _SIDE_ARM.get(location)
    if arm is not None:
        if not unit.mech.location_destroyed(arm):
            ctx.emit(ev.LocationDestroyed(index, arm))
        if crits.is_xl(unit.mech_design) and not unit.design.is_clan:
            _destroy(ctx, index, f"XL engine lost with the {name}", source)
            return
    if crits.engine_hits(ctx.state.units[index]) >= crits.ENGINE_HITS_DESTROY:
        _destroy(ctx, index, "engine destroyed", source)  # Clan XL, BT-C-90.17
        return
    if location.is_leg:
        queue_fall(ctx, index, f"{name} destroyed")


def critical_chance(
    ctx: Ctx, index: int, location: Location, *, tac: bool = False, source: int | None = None
) -> bool:
    """BT-C-29: roll on the critical chance table for ``location`` and apply the result.

    8-9 one critical, 10-11 two, 12 three in a torso, or the head or limb blown off (the return
    value is then True: the location is gone).
    """
    roll = ctx.roll(2)
    total = sum(roll)
    if total == 12 and location in _BLOWN_OFF:  # noqa: PLR2004 - BT-C-29
        ctx.emit(ev.CriticalChanceRolled(index, location, roll, 0, blown_off=True, tac=tac))
        ctx.emit(ev.LocationDestroyed(index, location, blown_off=True))
        if location is Location.HD:
            _destroy(ctx, index, "head blown off", source)
        elif location.is_leg:
            queue_fall(ctx, index, f"{location.long_name.lower()} blown off")
        return True
    hits = CRITICAL_CHANCE[total - 2]
    ctx.emit(ev.CriticalChanceRolled(index, location, roll, hits, tac=tac))
    for _ in range(hits):
        if ctx.state.units[index].destroyed:
            break
        _critical(ctx, index, location, source)
    return False


def _phase_start(ctx: Ctx, index: int) -> UnitState:
    """The unit as it was at the start of the phase (BT-C-26 step 4), or now outside one."""
    state = ctx.tally.start if ctx.tally is not None else ctx.state
    return state.units[index]


def _passes_on(start: UnitState, where: Location, *, first: bool) -> bool:
    """BT-C-26 step 4: nothing in ``where`` could take a critical at the start of the phase."""
    return (not first and start.mech.location_destroyed(where)) or not crits.open_lines(
        start, where
    )


def _critical(ctx: Ctx, index: int, location: Location, source: int | None) -> None:
    """BT-C-26 step 4 / BT-C-30: find the line one critical hits, and apply its effect.

    A location that held nothing hittable at the start of the phase (or, for the locations it
    passes to, was destroyed then) passes the critical inward (never out of the head or center
    torso); one whose lines were all used up earlier in this phase loses it. Otherwise the line is
    rolled (1D6 for the head and legs; two dice read apart for 12-line locations: block, then
    line) and rerolled until it finds an open line.
    """
    start = _phase_start(ctx, index)
    where = location
    while _passes_on(start, where, first=where is location):
        inward = TRANSFER[where]
        if where in _NEVER_TRANSFER or inward is None:
            ctx.emit(ev.CriticalLost(index, where, "nothing to hit"))
            return
        where = inward
    unit = ctx.state.units[index]
    open_now = crits.open_lines(unit, where)
    if not open_now:
        ctx.emit(ev.CriticalLost(index, where, "used up this phase"))
        return
    lines = len(unit.mech_design.slots_at(where))
    rolls: list[tuple[int, ...]] = []
    while True:
        if lines <= 6:  # noqa: PLR2004 - BT-C-30: head and legs
            dice: tuple[int, ...] = (ctx.die(),)
            slot = dice[0] - 1
        else:
            dice = ctx.roll(2)
            slot = (0 if dice[0] <= 3 else 6) + dice[1] - 1  # noqa: PLR2004 - upper block 1-3
        rolls.append(dice)
        if slot in open_now:
            break
    name = unit.mech_design.slots_at(where)[slot]
    ctx.emit(ev.CriticalHit(index, where, slot, name, roll=dice, rerolled=tuple(rolls[:-1])))
    _effect(ctx, index, where, slot, source)


def _effect(  # noqa: C901 - BT-C-31, one line per component
    ctx: Ctx, index: int, location: Location, slot: int, source: int | None
) -> None:
    """BT-C-31: what a critical on that line does now (lasting effects are read from the crits)."""
    unit = ctx.state.units[index]
    design = unit.mech_design
    item = crits.item_at(design, location, slot)
    if item is not None:
        mounted = design.equipment[item]
        if mounted.shots > 0 or crits.ammo_shot_damage(mounted):
            explode_ammo(ctx, index, item, "critical", source=source)
            return
        blast = crits.explosive_damage(mounted)
        first = sum(1 for line in mounted.slots if unit.mech.slot_hit(location, line)) == 1
        if blast and first:
            ctx.emit(ev.ComponentExploded(index, item, blast))
            _explode(ctx, index, location, blast, source)
        return
    kind = crits.component(design.slots_at(location)[slot])
    if kind == "cockpit":
        _destroy(ctx, index, "cockpit destroyed", source)
    elif kind == "engine":
        if crits.engine_hits(unit) >= crits.ENGINE_HITS_DESTROY:
            _destroy(ctx, index, "engine destroyed", source)
    elif kind == "gyro":
        if gyro_hits(unit) >= crits.GYRO_HITS_DESTROY:
            queue_fall(ctx, index, "gyro destroyed")
        else:
            queue_psr(ctx, index, *PSR_GYRO)
    elif kind == "hip":
        queue_psr(ctx, index, *PSR_HIP)
    elif kind in _LEG_ACTUATORS and not component_hits(unit, location, "hip"):
        # BT-M-32.1: a locked hip replaces the other actuator modifiers of that leg
        queue_psr(ctx, index, *PSR_LEG_ACTUATOR)


def explode_ammo(
    ctx: Ctx,
    index: int,
    bin_: int,
    cause: str,
    *,
    source: int | None = None,
    pick: tuple[int, ...] = (),
) -> None:
    """BT-C-32: ammunition bin ``bin_`` explodes: shots left x damage a shot, from its structure.

    An empty bin, or Gauss ammunition, does not explode. The MechWarrior takes 2 damage.
    """
    unit = ctx.state.units[index]
    mounted = unit.mech_design.equipment[bin_]
    shots = unit.ammo[bin_]
    damage = shots * crits.ammo_shot_damage(mounted)
    if damage <= 0 or unit.destroyed:
        return
    ctx.emit(ev.AmmoExploded(index, bin_, shots, damage, cause, pick=pick))
    _explode(ctx, index, mounted.location, damage, source)


def _explode(ctx: Ctx, index: int, location: Location, damage: int, source: int | None) -> None:
    """BT-C-32: an internal explosion's damage and the pilot's 2 damage (auto-eject: BT-C-59)."""
    if ctx.tally is not None:
        ctx.tally.explosions.add(index)
    apply_damage(ctx, index, location, damage, source=source, explosion=True)
    wound(ctx, index, EXPLOSION_WOUNDS, "ammunition explosion", by=source)


def _rear_hit_on_dumping(ctx: Ctx, index: int, source: int) -> None:
    """BT-C-58: a hit on the rear torso sets off the ammunition being dumped."""
    unit = ctx.state.units[index]
    for bin_ in sorted(unit.dumping):
        if not ctx.state.units[index].destroyed:
            explode_ammo(ctx, index, bin_, "dumping", source=source)


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
    injury: tuple[tuple[str, int], ...] | None = None,
    shutdown_ok: bool = False,
) -> None:
    """BT-M-33..36: unit ``index`` falls into ``where`` from ``levels`` above it.

    Rolls the new facing (BT-M-34.1; ``fixed_rear`` counts as a 4 without a die), the damage in
    groups of 5 on that column (BT-M-34.2, BT-M-35; a location roll of 2 also rolls for a
    critical, BT-C-22), then the MechWarrior's injury roll at +1 per level fallen (BT-M-36).
    ``injury`` gives that roll's damage modifiers (the phase's events and the damage before the
    phase, BT-M-36) instead of the preexisting damage before this fall; ``shutdown_ok`` lets a
    'Mech that shut down in this phase roll it normally (BT-C-54).
    """
    unit = ctx.state.units[index]
    before = preexisting(unit) if injury is None else injury
    terrain = ctx.state.board.terrain(where)
    on_deck = unit.standing_on_bridge(terrain) and where == unit.hex
    water = (terrain.water or 0) >= 1 and not on_deck
    face_roll = None if fixed_rear else ctx.die()
    turn, column = FALL_FACING[4 if face_roll is None else face_roll]
    facing = Facing(unit.facing).turn(turn)
    total = fall_damage(unit.mech_design.tonnage, levels, water=water)
    total = fall_by_gravity(total, gravity_of(ctx.state.environment))  # BT-M-39.3
    ctx.emit(
        ev.UnitFell(index, where, levels, face_roll, facing, column.value, total, water, cause)
    )
    for group in damage_groups(total):
        roll = ctx.roll(2)
        location = HIT_LOCATION[column][sum(roll) - 2]
        rear = column is Column.REAR
        apply_damage(ctx, index, location, group, rear=rear, roll=roll, tac=sum(roll) == 2)  # noqa: PLR2004
        if ctx.state.units[index].destroyed:
            return
    levels_term = (("levels fallen", levels),)
    if not piloting_roll(ctx, index, "injury", levels_term, damage=before, shutdown_ok=shutdown_ok):
        wound(ctx, index, 1, "fall")
