"""A fast VTOL's Move order with a ranged attack during the move (AOD-8.9, AOD-12.1).

Rules: AOD-8.9 (a VTOL of speed 13 or more may make a ranged attack during a Move order; its
movement for that order is ``speed - 12``, spent before the attack, after it, or both; altitude
changes cost 2 as usual; the seed's example: speed 20 gives 8: climb 2, fire, move 4, descend 2),
AOD-12.1 (the one ranged attack made without a Ranged or Assault order), AOD-26.7 (the allowance
on hexes), AOD-8.4 (a VTOL at NOE touching an enemy must break away first), AOD-8.5 (free spins),
AOD-11.8 (the attack sequence, through `engine.aod.ranged_order.fire`).

`fire_on_move_order` is the handler: the order's guards (a Move order), the shooter's checks
(`engine.aod.combat.fires_on_move` through the attack's `aim`), the first leg to the firing hex
and altitude within ``speed - 12``, the attack judged there (an illegal one refuses the whole
command, so nothing is given or moved), the second leg with what is left, judged from the firing
hex; then the order, the break-away roll, the moves and the attack in that order, free spins and
`after_order`.

[DESIGN] A VTOL that fails to break away neither moves nor rotates (AOD-8.4, vehicles); its
attack, declared from the firing hex, is made only if that hex and facing are where it stands.
If the attack leaves it off the battlefield or changes its altitude (a critical miss's click
bringing Heavy Damage forces it down, AOD-8.9), the rest of the move is lost.
"""

from __future__ import annotations

import attrs

from engine.aod.combat import AttackOrder, fires_on_move, weapon_for
from engine.aod.commands import FireOnMove
from engine.aod.context import AoDCode, Ctx, label
from engine.aod.events import UnitMoved
from engine.aod.fighters import combatant, target_index
from engine.aod.geometry import Battlefield, facing_towards
from engine.aod.movement import Altitude, allowance, reachable_states, starts_hindered
from engine.aod.moving import break_away, offer_spins
from engine.aod.ranged_order import aim, fire, refusal
from engine.aod.state import AoDState, OrderKind
from engine.aod.turns import after_order, give_order, order_unit
from engine.game import Command, IllegalCommand
from engine.hexes import Facing, Hex

__all__ = ["fire_on_move_allowance", "fire_on_move_commands", "fire_on_move_order"]

_PLACES_PER_TARGET = 2
"""How many firing places `fire_on_move_commands` lists for each enemy (the cheapest first)."""


def fire_on_move_allowance(state: AoDState, index: int) -> int:
    """AOD-8.9 / AOD-26.7: the hexes a VTOL firing on the move covers: current speed - 12."""
    field, indices = state.battlefield()
    at = indices.index(index)
    speed = combatant(state, index, at).speed
    return allowance(speed, vtol_firing=True, hindering_start=starts_hindered(field, at))


def fire_on_move_commands(state: AoDState, index: int) -> list[Command]:
    """AOD-8.9: a fast VTOL's strafes, bounded: for each enemy, the cheapest firing places.

    For each enemy on the board, up to `_PLACES_PER_TARGET` places (hex and altitude) within
    ``speed - 12`` from which the attack is legal (`aim`, judged there), facing the enemy, the
    nearest first; no second leg (the `:` line gives one). The caller checks the Move order.
    """
    unit = state.units[index]
    if unit.hex is None or not unit.on_board:
        return []
    field, indices = state.battlefield()
    at = indices.index(index)
    if not fires_on_move(combatant(state, index, at)):
        return []
    weapon = weapon_for(state.definition(index))
    if weapon is None:
        return []
    reach = 2 * weapon.max_range  # AOD-12.9: at most doubled (anti-air on a cruising VTOL)
    budget = fire_on_move_allowance(state, index)
    places = sorted(
        reachable_states(field, at, budget).items(),
        key=lambda item: (item[1], item[0][0], item[0][1].value),
    )
    found: list[Command] = []
    for other in state.units:
        if other.owner == unit.owner or not other.on_board or other.hex is None:
            continue
        if unit.hex.distance(other.hex) > budget + reach:  # out of range from every place
            continue
        near = [p for p, _cost in places if p[0].distance(other.hex) <= reach]  # `aim` refuses
        found += _strafes_at(state, index, other.ident, near)  # the others: out of range
    return found


def _strafes_at(
    state: AoDState, index: int, target: str, places: list[tuple[Hex, Altitude]]
) -> list[Command]:
    """The first `_PLACES_PER_TARGET` of ``places`` from which unit ``index`` may fire at target."""
    unit = state.units[target_index(state, target)]
    assert unit.hex is not None  # noqa: S101 - the caller checked
    field, indices = state.battlefield()
    at = indices.index(index)
    shooter = state.units[index]
    found: list[Command] = []
    for where, high in places:
        facing = facing_towards(where, unit.hex)
        there = _placed(field, at, where, facing, high)
        try:
            aim(state, index, (target,), None, order=AttackOrder.MOVE, field=(there, indices))
        except IllegalCommand:
            continue
        altitude = None if high is shooter.altitude else high
        found.append(FireOnMove(shooter.ident, where, facing, (target,), altitude))
        if len(found) == _PLACES_PER_TARGET:
            break
    return found


def _placed(
    field: Battlefield, at: int, where: Hex, facing: Facing, altitude: Altitude
) -> Battlefield:
    """The battlefield with unit ``at`` in ``where``, facing ``facing``, at ``altitude``."""
    moved = field.moved(at, where, facing)
    unit = attrs.evolve(moved.units[at], cruising=altitude is Altitude.CRUISING)
    return Battlefield(moved.terrain, (*moved.units[:at], unit, *moved.units[at + 1 :]))


def _leg(field: Battlefield, at: int, to: tuple[Hex, Altitude], budget: int, ident: str) -> int:
    """AOD-8.9 / AOD-26.7: the cheapest cost of one leg, or a refusal naming what is left."""
    cost = reachable_states(field, at, budget).get(to)
    if cost is None:
        raise IllegalCommand(
            AoDCode.UNREACHABLE,
            f"{ident} cannot reach {label(to[0])} at {to[1].value} altitude firing on the move "
            f"({budget} hexes left of speed - 12).",
        )
    return cost


def fire_on_move_order(ctx: Ctx, command: Command) -> None:
    """AOD-8.9: a fast VTOL's Move order: move, fire, move on, within ``speed - 12``."""
    assert isinstance(command, FireOnMove)  # noqa: S101 - dispatched by type
    index = order_unit(ctx, command.unit, OrderKind.MOVE)
    state = ctx.state
    unit = state.units[index]
    assert unit.hex is not None  # noqa: S101 - on the board (guarded)
    field, indices = state.battlefield()
    at = indices.index(index)
    if not fires_on_move(combatant(state, index, at)):
        why = "attack/order: only a VTOL of speed 13 or more fires on the move (AOD-8.9)"
        raise refusal(why, f"{unit.ident} cannot fire")
    budget = fire_on_move_allowance(state, index)
    high = unit.altitude if command.at_altitude is None else command.at_altitude
    first = _leg(field, at, (command.at, high), budget, unit.ident)
    there = _placed(field, at, command.at, command.at_facing, high)
    targets = aim(
        state,
        index,
        command.targets,
        None,
        order=AttackOrder.MOVE,
        split=command.split,
        field=(there, indices),
    )
    start = (unit.hex, unit.facing, unit.altitude)
    firing = (command.at, command.at_facing, high)
    ending = (
        command.at if command.to is None else command.to,
        command.at_facing if command.facing is None else command.facing,
        high if command.altitude is None else command.altitude,
    )
    second = _leg(there, at, (ending[0], ending[2]), budget - first, unit.ident)
    pushed = give_order(ctx, index, OrderKind.MOVE)
    moved, _ = break_away(ctx, index)  # a VTOL pushes no infantry (AOD-8.4)
    if moved and firing != start:
        ctx.emit(UnitMoved(index, *firing, first))
    if moved or firing == start:
        fire(ctx, index, targets, None, order=AttackOrder.MOVE, split=command.split)
    now = ctx.state.units[index]
    if moved and now.on_board and now.altitude is high and ending != firing:
        ctx.emit(UnitMoved(index, *ending, second))
    now = ctx.state.units[index]
    if moved and now.on_board and (now.hex, now.altitude) != (unit.hex, unit.altitude):
        offer_spins(ctx, index)  # AOD-8.5, after the whole order (as the Assault's)
    after_order(ctx, index, pushed=pushed, heat=())
