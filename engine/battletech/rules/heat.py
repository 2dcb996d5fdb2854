"""Heat: generation, dissipation, the heat scale, shutdown and restart (BT-C-50..56).

The Heat phase (`heat_phase`) totals each 'Mech's heat by source (`heat_sources`: movement, weapons
fired, engine criticals, a burning hex, a hostile temperature), subtracts what its working heat
sinks dissipate (`dissipation`, with the water bonus) and applies the heat scale: restart or
shutdown rolls, the ammunition-explosion roll, and the damage a broken life support lets the heat
do to the MechWarrior. PSRs it causes (a shutdown, damage from an explosion) are rolled at the end
of the phase like an attack phase's (`combat.end_of_phase`), and so is auto-eject.
"""

from __future__ import annotations

import math
from collections import Counter

from engine.battletech import events as ev
from engine.battletech.context import Ctx, Tally
from engine.battletech.data import catalogue
from engine.battletech.data.catalogue import WeaponSpec
from engine.battletech.designs.mech import Location
from engine.battletech.rules import crits, special
from engine.battletech.rules.combat import end_of_phase
from engine.battletech.rules.damage import explode_ammo, queue_psr, wound
from engine.battletech.rules.sinks_on import switched_on
from engine.battletech.state import BTState, MoveMode, UnitState
from engine.battletech.tables import heat_ammo_target, heat_shutdown_target

__all__ = [
    "BURNING_HEX_HEAT",
    "ENGINE_HEAT",
    "PSR_SHUTDOWN",
    "WATER_BONUS_CAP",
    "dissipation",
    "engine_heat",
    "heat_phase",
    "heat_sources",
    "movement_heat",
    "movement_sources",
    "submerged",
    "submerged_life_support",
    "temperature_heat",
    "weapon_heat",
]

ENGINE_HEAT = (0, 5, 10)
"""BT-C-51: heat a turn by engine criticals taken (the second hit makes 10 in all, not 15)."""

BURNING_HEX_HEAT = 5
"""BT-C-51 / BT-C-60.4: a 'Mech in a burning hex during the Heat phase."""

WATER_BONUS_CAP = 6
"""BT-C-52: heat sinks underwater dissipate at most 6 extra points a turn."""

PSR_SHUTDOWN = ("engine shut down", 3)
"""BT-C-49/54: the PSR of the turn a 'Mech shuts down."""

_RESTART_BELOW = 14
"""BT-C-55: below this heat a shut-down engine restarts by itself."""
_NO_RESTART = 30
"""BT-C-53/54: at 30 or more the engine shuts down without a roll and cannot restart."""
_LIFE_SUPPORT = ((26, 2), (15, 1))
"""BT-C-54 / BT-C-91.6: with a life-support critical, heat 15-25 wounds once, 26+ twice."""


def _spec(unit: UnitState, index: int) -> WeaponSpec | None:
    if not 0 <= index < len(unit.design.equipment):
        return None
    name = unit.design.equipment[index].name
    spec = catalogue.SPECS.get(name) or catalogue.find(name, unit.design.tech_base)
    return spec if isinstance(spec, WeaponSpec) else None


def weapon_heat(unit: UnitState, weapons: frozenset[int] | tuple[int, ...]) -> int:
    """BT-C-51: the heat firing ``weapons`` (equipment indexes) of ``unit`` makes."""
    return sum(spec.heat for index in weapons if (spec := _spec(unit, index)) is not None)


def movement_sources(unit: UnitState) -> tuple[tuple[str, int], ...]:
    """BT-C-51 / BT-M-32.3: this turn's movement heat by source.

    Walk 1, run 2 (only if it entered a hex or turned, BT-M-20.2), a jump max(3, hexes jumped),
    and what the unit's `Movement` added on the way: 1 a stand attempt, 2 a burning hex entered.
    """
    movement = unit.movement
    if movement is None:
        return ()
    sources: list[tuple[str, int]] = []
    jumped = 0
    if movement.mode is MoveMode.JUMP and movement.jumped:
        jumped = max(3, movement.jumped)
        sources.append((f"jumped {movement.jumped} hexes", jumped))
    elif movement.hexes > 0 or movement.turns > 0:
        if movement.mode is MoveMode.WALK:
            sources.append(("walked", 1))
        elif movement.mode is MoveMode.RUN:
            sources.append(("ran", 2))
    if movement.heat - jumped > 0:
        sources.append(("standing up, burning hexes", movement.heat - jumped))
    return tuple(sources)


def movement_heat(unit: UnitState) -> int:
    """BT-C-51: heat of this turn's movement (walk 1, run 2, jump >= 3, stand attempts, fire).

    0 for a vehicle, platoon or squad: they track no heat (BT-M-3, BT-M-4).
    """
    if not unit.is_mech:
        return 0
    return sum(heat for _, heat in movement_sources(unit))


def engine_heat(unit: UnitState) -> int:
    """BT-C-51: +5 a turn after one engine critical, +10 after two."""
    return ENGINE_HEAT[min(crits.engine_hits(unit), len(ENGINE_HEAT) - 1)]


def temperature_heat(celsius: int | None) -> int:
    """BT-C-61.1: +1 a turn per 10 degrees (or part) above 50; -1 per 10 (or part) below -30."""
    if celsius is None:
        return 0
    if celsius > 50:  # noqa: PLR2004
        return math.ceil((celsius - 50) / 10)
    if celsius < -30:  # noqa: PLR2004
        return -math.ceil((-30 - celsius) / 10)
    return 0


def heat_sources(state: BTState, unit: UnitState) -> tuple[tuple[str, int], ...]:
    """BT-C-51: the heat ``unit`` builds up this turn, by source.

    A shut-down 'Mech makes none of its own (not even from engine criticals); a burning hex and
    the temperature still heat it: ``state.temperature`` in degrees Celsius (BT-C-61.1). A hex in
    ``state.new_fires`` (set alight this turn) does not heat it until the next turn (BT-C-60.4).
    """
    sources: list[tuple[str, int]] = []
    if not unit.mech.shutdown:
        sources += movement_sources(unit)
        fired = Counter(
            spec.name
            for index in sorted(unit.this_turn.fired)
            if (spec := _spec(unit, index)) is not None
        )
        for index in sorted(unit.this_turn.fired):
            spec = _spec(unit, index)
            if spec is None or spec.name not in fired:
                continue
            count = fired.pop(spec.name)
            name = spec.name if count == 1 else f"{count} x {spec.name}"
            sources.append((name, count * spec.heat))
        sources += special.extra_heat(unit)  # BT-C-75: Ultra double rate, AMS
        if engine := engine_heat(unit):
            sources.append(("engine hits", engine))
    new_fires = state.new_fires
    if unit.hex is not None and state.board.terrain(unit.hex).fire and unit.hex not in new_fires:
        sources.append(("burning hex", BURNING_HEX_HEAT))
    celsius = state.temperature
    if weather := temperature_heat(celsius):
        sources.append((f"temperature {celsius} C", weather))
    return tuple((name, heat) for name, heat in sources if heat)


def _sinks(unit: UnitState) -> tuple[int, list[tuple[Location, int]]]:
    """(dissipation of the engine's own sinks, [(location, dissipation)] of each working sink).

    ``design.heat_sinks`` counts every sink; those not on a critical line are in the engine.
    """
    design = unit.mech_design
    per = 2 if design.double_heat_sinks else 1
    mounted: list[tuple[Location, int]] = []
    lines = 0
    for index, item in enumerate(design.equipment):
        spec = catalogue.SPECS.get(item.name)
        if spec is None:
            is_sink, value = "heat sink" in item.name.lower(), per
        else:
            heat = spec.heat if isinstance(spec, catalogue.EquipmentSpec) else 0
            is_sink, value = "heat_sink" in spec.flags, -heat if heat < 0 else per
        if not is_sink:
            continue
        lines += 1
        if not crits.item_destroyed(unit, index):
            mounted.append((item.location, value))
    return max(design.heat_sinks - lines, 0) * per, mounted


def submerged(state: BTState, unit: UnitState) -> bool:
    """BT-C-52: standing in Depth 2+, or prone in Depth 1+ (every heat sink is underwater)."""
    return _depth(state, unit) >= 2 or (unit.mech.prone and _depth(state, unit) >= 1)  # noqa: PLR2004


def _depth(state: BTState, unit: UnitState) -> int:
    if unit.hex is None:
        return 0
    terrain = state.board.terrain(unit.hex)
    return 0 if unit.standing_on_bridge(terrain) else (terrain.water or 0)


def dissipation(state: BTState, unit: UnitState) -> int:
    """BT-C-52: heat dissipated this turn: working heat sinks plus the water bonus (at most 6).

    Single sinks 1, double 2; a sink hit by a critical or in a destroyed location is gone
    (BT-C-31). Underwater a sink dissipates twice: all of them when submerged, only the leg
    sinks when standing in Depth 1; the extra is capped at 6.
    """
    engine, mounted = switched_on(unit, *_sinks(unit))  # BT-C-52: sinks switched off
    total = engine + sum(value for _, value in mounted)
    if submerged(state, unit):
        extra = total
    elif _depth(state, unit) == 1:
        extra = sum(value for location, value in mounted if location.is_leg)
    else:
        extra = 0
    return total + min(extra, WATER_BONUS_CAP)


def heat_phase(ctx: Ctx) -> None:
    """BT-C-53..56: the Heat phase.

    Every 'Mech on the map records its heat (`HeatChanged` with its sources), then the
    heat-scale rolls: restart or shutdown (with the +3 PSR on shutting down), ammunition
    explosion, life-support damage to the pilot. The phase ends like an attack phase: its PSRs
    and auto-eject (`combat.end_of_phase`).
    """
    outer = ctx.tally
    ctx.tally = Tally(start=ctx.state)
    try:
        for index in range(len(ctx.state.units)):
            unit = ctx.state.units[index]
            if unit.on_map and unit.is_mech:  # vehicles and infantry track no heat (BT-M-3/4)
                _record(ctx, index)
                _scale(ctx, index)
        end_of_phase(ctx)
    finally:
        ctx.tally = outer


def _record(ctx: Ctx, index: int) -> None:
    """BT-C-53 steps 1-4: generated minus dissipated onto the current heat, never below 0."""
    unit = ctx.state.units[index]
    sources = heat_sources(ctx.state, unit)
    generated = sum(heat for _, heat in sources)
    dissipated = dissipation(ctx.state, unit)
    heat = max(unit.mech.heat + generated - dissipated, 0)
    if generated or unit.mech.heat:
        ctx.emit(ev.HeatChanged(index, generated, dissipated, heat, sources))


def _scale(ctx: Ctx, index: int) -> None:
    """BT-C-54..56: the heat scale's rolls at the new heat."""
    unit = ctx.state.units[index]
    heat = unit.mech.heat
    if unit.mech.shutdown:
        _restart(ctx, index)
    elif (target := heat_shutdown_target(heat)) is not None:
        if heat >= _NO_RESTART:
            ctx.emit(ev.ShutdownRolled(index, heat, target, (), shutdown=True, automatic=True))
            queue_psr(ctx, index, *PSR_SHUTDOWN)
        else:
            roll = ctx.roll(2)
            down = sum(roll) < target
            ctx.emit(ev.ShutdownRolled(index, heat, target, roll, shutdown=down))
            if down:
                queue_psr(ctx, index, *PSR_SHUTDOWN)
    _ammo_explosion(ctx, index)
    unit = ctx.state.units[index]
    if unit.on_map and crits.life_support_hit(unit):
        for limit, wounds in _LIFE_SUPPORT:
            if heat >= limit:
                wound(ctx, index, wounds, "heat without life support")
                break


def _restart(ctx: Ctx, index: int) -> None:
    """BT-C-55: below 14 the engine restarts by itself; else a conscious pilot may roll."""
    unit = ctx.state.units[index]
    if unit.mech.heat < _RESTART_BELOW:
        ctx.emit(ev.EngineRestarted(index))
        return
    target = heat_shutdown_target(unit.mech.heat)
    if unit.mech.heat >= _NO_RESTART or target is None or not unit.mech.conscious:
        return
    roll = ctx.roll(2)
    ctx.emit(ev.EngineRestarted(index, target, roll, success=sum(roll) >= target))


def _ammo_explosion(ctx: Ctx, index: int) -> None:
    """BT-C-54/56: at 19+ roll to avoid an explosion; the bin is chosen by BT-C-56."""
    unit = ctx.state.units[index]
    target = heat_ammo_target(unit.mech.heat)
    bins = crits.heat_explosion_bins(unit)
    if target is None or not bins or not unit.on_map:
        return
    roll = ctx.roll(2)
    exploded = sum(roll) < target
    ctx.emit(ev.HeatExplosionRolled(index, unit.mech.heat, target, roll, exploded=exploded))
    if exploded:
        choice, pick = _pick(ctx, len(bins))
        explode_ammo(ctx, index, bins[choice], "heat", pick=pick)


def _pick(ctx: Ctx, count: int) -> tuple[int, tuple[int, ...]]:
    """BT-C-56: one of ``count`` tied bins at random (fair dice, rerolled; no dice for one)."""
    if count <= 1:
        return 0, ()
    dice_per = 1
    while 6**dice_per < count:
        dice_per += 1
    span = 6**dice_per
    limit = span - span % count
    rolled: list[int] = []
    while True:
        value = 0
        for _ in range(dice_per):
            die = ctx.die()
            rolled.append(die)
            value = value * 6 + die - 1
        if value < limit:
            return value % count, tuple(rolled)


def submerged_life_support(ctx: Ctx) -> None:
    """BT-C-31: the End phase's damage to a MechWarrior without life support under water.

    A 'Mech with a life-support critical that is submerged (standing in Depth 2+, prone in
    Depth 1+) costs its MechWarrior 1 damage.
    """
    for index, unit in enumerate(ctx.state.units):
        if not unit.is_mech:
            continue  # only a MechWarrior has life support to lose (BT-C-31)
        if unit.on_map and crits.life_support_hit(unit) and submerged(ctx.state, unit):
            wound(ctx, index, 1, "submerged without life support")
