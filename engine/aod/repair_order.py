"""The Repair SE used through a Ranged order (AOD-7.3, AOD-17.2, AOD-26.14 [INVENTED] Repair).

Rules: AOD-7.3 (Repair SE is used through combat orders [GAP]: a Ranged order here, as AOD-26.14
says), AOD-26.14 (one friendly unit other than itself, in base contact, carrying the wrench or
cross symbol and showing no black repair marker; 3d6 + attack >= 17 repairs 1 click; repair never
changes heat), AOD-11.4 (a critical repairs 1 click more; white 1 + 1 fails and gives the unit
being repaired 1 pushing click), AOD-17.2 (the dial turns back one click at a time and stops at
the green starting marker or a black repair marker: `engine.aod.dial.repair`).

`repair_order` is the handler: the order's guards, `repair_problem` (the SE, the friend, the
contact, `engine.aod.dial.repair_target_problem`), `give_order`, the roll
(`engine.aod.dial.roll_repair`), then `after_order` (pushing, as any Ranged order).
"""

from __future__ import annotations

from engine.aod.commands import RepairUnit
from engine.aod.context import Ctx
from engine.aod.dial import repair_target_problem, roll_repair
from engine.aod.effects import record_damage
from engine.aod.events import RepairAttempted, UnitRepaired
from engine.aod.fighters import combatant, target_index
from engine.aod.geometry import in_contact
from engine.aod.state import AoDState, OrderKind
from engine.aod.turns import after_order, give_order, order_unit
from engine.game import Command, IllegalCommand

__all__ = ["REPAIR", "REPAIR_CODE", "repair_commands", "repair_order", "repair_problem"]

REPAIR = "RP"
"""AOD-26.14: the Repair SE's code."""
REPAIR_CODE = "repair/not_allowed"
"""The refusal code of a repair the rules do not allow."""


def repair_problem(state: AoDState, index: int, target: int) -> str:
    """AOD-26.14 / AOD-11.7: why unit ``index`` may not repair ``target`` now, or "".

    Its Repair SE must be in force (showing, not switched off or suspended); the target a
    friend, not itself, in base contact, and repairable (`engine.aod.dial.repair_target_problem`).
    """
    unit, other = state.units[index], state.units[target]
    field, indices = state.battlefield()
    if not combatant(state, index, indices.index(index)).shows(REPAIR):
        return f"{unit.ident} shows no Repair equipment."
    if target == index:
        return f"{unit.ident} cannot repair itself."
    if other.owner != unit.owner:
        return f"{other.ident} is not a friendly unit."
    if not in_contact(field.units[indices.index(index)], field.units[indices.index(target)]):
        return f"{unit.ident} must be in base contact with {other.ident} to repair it."
    return repair_target_problem(state.definition(target), other.dial)


def repair_order(ctx: Ctx, command: Command) -> None:
    """AOD-26.14: a Ranged order using the Repair SE: roll 3d6 + attack against 17."""
    assert isinstance(command, RepairUnit)  # noqa: S101 - dispatched by type
    index = order_unit(ctx, command.unit, OrderKind.RANGED)
    target = target_index(ctx.state, command.target)
    problem = repair_problem(ctx.state, index, target)
    if problem:
        raise IllegalCommand(REPAIR_CODE, problem)
    pushed = give_order(ctx, index, OrderKind.RANGED)
    state = ctx.state
    _, indices = state.battlefield()
    attack = combatant(state, index, indices.index(index)).attack
    aimed = state.units[target]
    rolled = roll_repair(state.definition(target), aimed.dial, attack, ctx.dice)
    ctx.emit(RepairAttempted(index, target, rolled.dice, attack, rolled.success))
    if rolled.repaired is not None and rolled.repaired.repaired:
        done = rolled.repaired
        ctx.emit(UnitRepaired(target, done.repaired, done.status.click, "repair"))
    if rolled.pushed is not None:  # AOD-11.4: the fumble's click to the unit being repaired
        record_damage(ctx, target, rolled.pushed, "repair fumble", by=None, tokens=aimed.tokens)
    after_order(ctx, index, pushed=pushed, heat=())


def repair_commands(state: AoDState, index: int) -> list[Command]:
    """The repairs unit ``index`` may make now: each friend in contact it may repair."""
    unit = state.units[index]
    _, indices = state.battlefield()
    return [
        RepairUnit(unit.ident, state.units[friend].ident)
        for friend in indices
        if state.units[friend].owner == unit.owner
        and friend != index
        and not repair_problem(state, index, friend)
    ]
