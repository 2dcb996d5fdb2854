"""Heat and damage as the turn machine records them (AOD-10, AOD-17): the seams of the rules.

- `change_heat` applies the total heat (+) or cooling (-) of one order through `engine.aod.heat`
  (the checks loop of AOD-10.2, shutdown with two tokens, restart, AOD-10.4, AOD-10.5);
  `clean_up_heat` is clean-up's step 1 (-1 with no order, water cooling, AOD-7.6, AOD-10.3).
  Energy-hit heat (once a turn, AOD-10.1) is for ranged combat to call through `change_heat`
  with `HeatCause.ENERGY`.
- `damage` deals pushing clicks (AOD-7.5) through `engine.aod.dial.take_damage`;
  `record_damage` records any `engine.aod.dial.DamageTaken` (combat's hits too): elimination and
  its VP (AOD-17.4, AOD-25 #26), a VTOL's forced descent (AOD-8.9), a transport's passengers
  lost with it or unloaded by its Heavy Damage (AOD-9.2, `engine.aod.aboard`).
"""

from __future__ import annotations

from engine.aod.aboard import forced_unload, lose_passengers
from engine.aod.captive_state import escort_lost
from engine.aod.context import Ctx
from engine.aod.dial import DamageKind, DamageTaken, take_damage
from engine.aod.events import (
    HeatCause,
    HeatChanged,
    UnitDamaged,
    UnitEliminated,
    UnitMoved,
)
from engine.aod.heat import SHUTDOWN_TOKENS, HeatOutcome, add_heat, clean_up, cool
from engine.aod.movement import (
    Altitude,
    forced_descent_hexes,
)
from engine.aod.scoring import (
    elimination_scorer,
)
from engine.aod.state import AoDState
from engine.aod.terrain import TerrainType

__all__ = ["apply_heat", "change_heat", "clean_up_heat", "damage", "record_damage"]


def change_heat(ctx: Ctx, index: int, causes: tuple[HeatCause, ...], change: int) -> None:
    """AOD-10.2 to AOD-10.5: the total heat (+) or cooling (-) of one order, then its checks.

    `engine.aod.heat` applies the total, rolls the checks the dial shows in a loop, shuts down
    (automatically at the radiation symbols, or by a failed check) and restarts (at start, or by
    a roll while cooling); heat is ignored while shut down (AOD-25 #37).
    """
    unit, printed, dial = (
        ctx.state.units[index],
        ctx.state.definition(index),
        ctx.state.heat_dial(index),
    )
    if dial is None:
        return
    suspended = unit.heat_rolls_suspended
    if change >= 0:
        outcome = add_heat(printed, dial, unit.dial, change, ctx.dice, checks_suspended=suspended)
    else:
        outcome = cool(printed, dial, unit.dial, -change, ctx.dice, checks_suspended=suspended)
    apply_heat(ctx, index, causes, outcome)


def clean_up_heat(ctx: Ctx, index: int) -> None:
    """AOD-7.6 step 1 / AOD-10.3: -1 with no order, water cooling, then the checks."""
    unit, printed, dial = (
        ctx.state.units[index],
        ctx.state.definition(index),
        ctx.state.heat_dial(index),
    )
    if dial is None:
        return
    outcome = clean_up(
        printed,
        dial,
        unit.dial,
        ctx.dice,
        ordered=unit.order is not None,
        water=_water(ctx.state, index),
        checks_suspended=unit.heat_rolls_suspended,
    )
    if outcome.status != outcome.before or outcome.rolls:
        causes = [HeatCause.IDLE] if unit.order is None else []
        if _water(ctx.state, index) is not None:
            causes.append(HeatCause.WATER)
        apply_heat(ctx, index, tuple(causes), outcome)


def _water(state: AoDState, index: int) -> TerrainType | None:
    """AOD-10.3: the water the unit started and ended its owner's turn in (deep only if both)."""
    unit = state.units[index]
    if unit.turn_start is None or unit.hex is None:
        return None
    kinds = {state.terrain[unit.turn_start].type, state.terrain[unit.hex].type}
    if not kinds <= {TerrainType.SHALLOW, TerrainType.DEEP}:
        return None
    return TerrainType.DEEP if kinds == {TerrainType.DEEP} else TerrainType.SHALLOW


def apply_heat(ctx: Ctx, index: int, causes: tuple[HeatCause, ...], outcome: HeatOutcome) -> None:
    """Record a heat outcome: the dial, the tokens (AOD-10.4, AOD-10.5), any ammo damage."""
    unit = ctx.state.units[index]
    tokens = unit.tokens
    if outcome.shutdown is not None:
        tokens = SHUTDOWN_TOKENS
    elif outcome.restarted:
        tokens = 0
    after = outcome.status
    ctx.emit(
        HeatChanged(
            index,
            causes,
            after.heat - outcome.before.heat,
            after.heat,
            after.shutdown,
            tokens,
            outcome.rolls,
            suspended=outcome.restarted_by_roll,
        )
    )
    for hit in outcome.damage:  # AOD-26.14: an ammo explosion, unreducible
        record_damage(ctx, index, hit, "ammo explosion", by=None, tokens=tokens)


def damage(ctx: Ctx, index: int, clicks: int, cause: str, *, by: int | None, tokens: int) -> None:
    """AOD-7.5 / AOD-11.5: pushing clicks, which nothing prevents (`engine.aod.dial`)."""
    unit, printed = ctx.state.units[index], ctx.state.definition(index)
    hit = take_damage(printed, unit.dial, clicks, DamageKind.PUSHING)
    record_damage(ctx, index, hit, cause, by=by, tokens=tokens)


def record_damage(
    ctx: Ctx, index: int, hit: DamageTaken, cause: str, *, by: int | None, tokens: int
) -> None:
    """AOD-17.1 to AOD-17.4: the dial turned; elimination scores (AOD-25 #26); a VTOL lands."""
    unit = ctx.state.units[index]
    ctx.emit(UnitDamaged(index, hit.kind, hit.taken, hit.status.click, tokens, cause, by))
    if hit.eliminated:
        scorer = elimination_scorer(ctx.state, index, by)
        ctx.emit(UnitEliminated(index, scorer, unit.points))
        escort_lost(ctx, index)  # AOD-14.4: its captive is freed, or lost
        lose_passengers(ctx, index, by)  # AOD-9.2 / AOD-17.4
    elif hit.forced_descent and unit.altitude is Altitude.CRUISING:
        _forced_descent(ctx, index)
    if hit.must_unload and not hit.eliminated:  # AOD-9.2 / AOD-17.3: all off at once
        forced_unload(ctx, index, cruising=unit.altitude is Altitude.CRUISING)


def _forced_descent(ctx: Ctx, index: int) -> None:
    """AOD-8.9 / AOD-25 #21 / AOD-26.7: Heavy Damage drops a VTOL to NOE at once.

    Where its own hex is illegal at NOE it lands in the nearest legal one; among several equally
    near the first in map order is taken (the owner's choice is not asked yet).
    """
    state = ctx.state
    unit = state.units[index]
    field, indices = state.battlefield()
    landing = forced_descent_hexes(field, indices.index(index))
    if unit.hex is None or not landing:
        return
    where = unit.hex if unit.hex in landing else landing[0]
    ctx.emit(UnitMoved(index, where, unit.facing, Altitude.NOE, 0))
