"""The Assault order (AOD-15): a 'Mech moves, then attacks; +1 heat, +1 defense for the target.

Rules: AOD-15 (who may assault; half speed then a ranged attack, or full speed then close
combat; no run, no formation; +1 heat after the order on top of pushing; the target's +1
defense), AOD-7.3 (the order table: a 'Mech touching no enemy), AOD-8.1 to AOD-8.3 (the move's
path and allowance, terrain as usual), AOD-8.5 (free spins), AOD-12.6 and AOD-14 (the attacks:
`engine.aod.combat` and `engine.aod.closecombat`), AOD-11.8 (the attack sequence), AOD-21 (the
faction abilities the attacks trigger, through `engine.aod.ranged_order`).

`assault_order` is the handler: the order's guards, `engine.aod.combat.assault_problem`, the
path within `engine.aod.combat.assault_allowance`, the attack judged where the move ends (an
illegal one refuses the whole command, so nothing is given or moved), then the order, the move,
the attack (`engine.aod.ranged_order.fire`, or `engine.aod.close_order.close_attack`, the close
attack the Close Combat order makes), the free spins, and `after_order` with `HeatCause.ASSAULT`.
The speed is the unit's current one (heat and cards, AOD-6.4). An assaulting 'Mech touches no
enemy at the start, so it never rolls to break away.

[DESIGN] The enemies the assault ends beside are offered their free spins (AOD-8.5) after its
attack, not between the move and the attack: a command does not wait for other players' answers
in the middle. Their spin cannot change the attack already made.
"""

from __future__ import annotations

from engine.aod.close_order import close_attack, close_attack_problem
from engine.aod.closecombat import close_problem
from engine.aod.combat import (
    AssaultMode,
    AttackOrder,
    assault_allowance,
    assault_problem,
)
from engine.aod.commands import AssaultUnit, CloseCombat
from engine.aod.context import AoDCode, Ctx, label
from engine.aod.events import HeatCause, UnitMoved
from engine.aod.fighters import combatant, target_index
from engine.aod.geometry import Battlefield
from engine.aod.movement import check_path, starts_hindered
from engine.aod.moving import offer_spins
from engine.aod.ranged_order import (
    aim,
    fire,
    lock_target,
    ranged_options,
    refusal,
)
from engine.aod.reach import reach
from engine.aod.state import AoDState, OrderKind
from engine.aod.turns import after_order, give_order, order_unit
from engine.aod.units import WeaponSlot
from engine.game import Command, IllegalCommand
from engine.hexes import Hex

__all__ = ["MAX_ENDS", "assault_allowance_of", "assault_options", "assault_order"]

MAX_ENDS: int = 3
"""End hexes `assault_options` tries for a ranged assault besides standing still (menus)."""


def assault_allowance_of(state: AoDState, index: int, *, close: bool) -> int:
    """AOD-15 / AOD-8.3: the assault's hexes: current speed, halved for a ranged attack."""
    field, indices = state.battlefield()
    at = indices.index(index)
    speed = combatant(state, index, at).speed
    mode = AssaultMode.CLOSE if close else AssaultMode.RANGED
    return assault_allowance(speed, mode, hindering_start=starts_hindered(field, at))


def _path_cost(state: AoDState, index: int, command: AssaultUnit) -> int:
    """AOD-8.1 / AOD-8.2 / AOD-15: the cost of the plotted path, or of the cheapest legal one."""
    unit = state.units[index]
    if command.to == unit.hex and not command.via:
        return 0
    budget = assault_allowance_of(state, index, close=command.close)
    field, indices = state.battlefield()
    at = indices.index(index)
    if command.via:
        path = (*command.via, command.to)
        problem = check_path(field, at, path, budget)
        if problem is not None:
            raise refusal(f"{AoDCode.PATH}: {problem}", f"{unit.ident} cannot move so")
        return len(path)
    cost = reach(state, index, budget).get((command.to, unit.altitude))
    if cost is None:
        raise IllegalCommand(
            AoDCode.UNREACHABLE,
            f"{unit.ident} cannot reach {label(command.to)} in this assault (allowance {budget}).",
        )
    return cost


def _close_target(
    state: AoDState, index: int, command: AssaultUnit, moved: tuple[Battlefield, tuple[int, ...]]
) -> int:
    """AOD-14.1 / AOD-15: the one close-combat target, judged where the move ends."""
    unit = state.units[index]
    if len(command.targets) != 1:
        raise IllegalCommand(
            "close/targets", f"{unit.ident} fights one enemy in close combat; name one."
        )
    target = target_index(state, command.targets[0])
    strike = _strike(state, index, target, command)
    why = close_attack_problem(state, index, target, strike, AttackOrder.ASSAULT, field=moved)
    if why is not None:
        raise refusal(why, f"{unit.ident} cannot strike {state.units[target].ident}")
    return target


def _strike(state: AoDState, index: int, target: int, command: AssaultUnit) -> CloseCombat:
    """The Assault's close half as the close attack `engine.aod.close_order` makes (AOD-15)."""
    secondary = command.slot is WeaponSlot.SECONDARY
    return CloseCombat(state.units[index].ident, state.units[target].ident, secondary=secondary)


def assault_order(ctx: Ctx, command: Command) -> None:
    """AOD-15: an Assault order: the move, then the ranged or close-combat attack, +1 heat."""
    assert isinstance(command, AssaultUnit)  # noqa: S101 - dispatched by type
    index = order_unit(ctx, command.unit, OrderKind.ASSAULT)
    state = ctx.state
    unit = state.units[index]
    field, indices = state.battlefield()
    at = indices.index(index)
    if (why := assault_problem(field, combatant(state, index, at))) is not None:
        raise refusal(why, f"{unit.ident} cannot assault")
    cost = _path_cost(state, index, command)
    moved = (field.moved(at, command.to, command.facing), indices)
    if command.close:
        targets: tuple[int, ...] = (_close_target(state, index, command, moved),)
    else:
        targets = aim(
            state,
            index,
            command.targets,
            command.slot,
            order=AttackOrder.ASSAULT,
            split=command.split,
            field=moved,
        )
    pushed = give_order(ctx, index, OrderKind.ASSAULT)
    shifted = command.to != unit.hex
    if shifted or command.facing != unit.facing:
        ctx.emit(UnitMoved(index, command.to, command.facing, unit.altitude, cost))
    if command.close:
        strike = _strike(state, index, targets[0], command)
        close_attack(ctx, index, targets[0], strike, AttackOrder.ASSAULT)
    else:
        fire(ctx, index, targets, command.slot, order=AttackOrder.ASSAULT, split=command.split)
    if shifted and ctx.state.units[index].on_board:
        offer_spins(ctx, index)  # AOD-8.5, after the attack ([DESIGN] above)
    after_order(ctx, index, pushed=pushed, heat=(HeatCause.ASSAULT,))


def assault_options(state: AoDState, index: int) -> list[Command]:
    """A bounded list of legal Assault orders for unit ``index`` (menus, bots, property tests).

    Ranged: standing still and up to `MAX_ENDS` end hexes within half speed, facing as now,
    each with the attacks `engine.aod.ranged_order.ranged_options` lists there. Close: for each
    enemy, the first hex beside it within full speed from which it faces and may strike it.
    """
    unit = state.units[index]
    start = unit.hex
    if start is None:
        return []
    field, indices = state.battlefield()
    at = indices.index(index)
    if assault_problem(field, combatant(state, index, at)) is not None:
        return []
    found: list[Command] = []
    half = reach(state, index, assault_allowance_of(state, index, close=False))
    ends = [start, *sorted(h for h, _ in half if h != start)[:MAX_ENDS]]
    for end in ends:
        moved = (field.moved(at, end, unit.facing), indices)
        for targets, slot, _ in ranged_options(
            state, index, order=AttackOrder.ASSAULT, field=moved
        ):
            found.append(AssaultUnit(unit.ident, end, unit.facing, targets, slot=slot))
    full = reach(state, index, assault_allowance_of(state, index, close=True))
    found += _close_options(state, index, {h for h, _ in full} | {start})
    return found


def _close_options(state: AoDState, index: int, reach: set[Hex]) -> list[Command]:
    unit = state.units[index]
    field, indices = state.battlefield()
    at = indices.index(index)
    attacker = combatant(state, index, at)
    bound = lock_target(state, index)
    found: list[Command] = []
    for enemy in indices:
        other = state.units[enemy]
        if other.owner == unit.owner or other.hex is None:
            continue
        if bound is not None and enemy != bound:
            continue
        aimed = combatant(state, enemy, indices.index(enemy))
        for end in sorted(h for h in other.hex.neighbors() if h in reach):
            facing = end.direction_to(other.hex)
            if facing is None:
                continue
            board = field.moved(at, end, facing)
            if close_problem(board, attacker, aimed, order=AttackOrder.ASSAULT) is None:
                found.append(AssaultUnit(unit.ident, end, facing, (other.ident,), close=True))
                break
    return found
