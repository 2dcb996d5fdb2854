"""Special attacks (AOD-16): a Move order that ends in base contact and attacks on impact.

Rules: AOD-16.1 (vehicles and 'Mechs, one non-infantry target, not after starting the turn in
contact with an enemy, rear approach), AOD-16.2 (charge: a run, +2 defense for terrain on the
line, +2 from the rear, primary +1, half primary self-damage; DFA: a Jump Jets jump, +2 defense,
primary +2, 1 or 2 clicks self-damage; ram: a ground vehicle, +2 from the rear, 2 clicks, 1
self-damage; the target's free spin), AOD-10.1 / AOD-25 #12 (+1 heat for a charge or DFA, a
charge's run +1 more), AOD-21.2 (*Merciless*: an extra d6 for a DFA, lighter self-damage),
AOD-26.14 Jump Jets ([INVENTED]: a jump ignores terrain and units on the way, costs a hex per
hex, is not halved by a hindering start, and must end in a legal hex).

The rules are `engine.aod.closecombat`'s (`special_problem`, `resolve_special`). `SpecialMove` is
its own command class but a Move order (`OrderKind.MOVE`): the same token, push and one-order
rule. It keeps `engine.aod.commands.MoveUnit` and its saves unchanged, and a special move
always has a target. The dice: 3d6 (white, white, black), then *Merciless*'s d6.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from attrs import evolve

from engine.aod.close_order import (
    apply_self_damage,
    combat_problem_text,
)
from engine.aod.closecombat import SpecialKind, resolve_special, special_problem
from engine.aod.combat import AttackDice
from engine.aod.commands import SpecialMove
from engine.aod.context import AoDCode, Ctx, label
from engine.aod.dial import DamageKind
from engine.aod.events import FreeSpinsOffered, HeatCause, SpecialAttackRolled, UnitMoved
from engine.aod.factions import merciless, rank_bonus, roll_merciless
from engine.aod.fighters import combatant, target_index
from engine.aod.geometry import Battlefield, enemy_contacts, free_spins, mode_terrain
from engine.aod.movement import Altitude, allowance, check_path
from engine.aod.moving import move_allowance
from engine.aod.ranged_order import deal, lock_on, lock_text, require_lock
from engine.aod.reach import reach
from engine.aod.state import AoDState, OrderKind, SpinOffer
from engine.aod.terrain import TerrainType
from engine.aod.turns import after_order, give_order, order_unit
from engine.aod.units import UnitType
from engine.game import Command, IllegalCommand
from engine.hexes import Facing, Hex

__all__ = ["jump_allowance", "special_commands", "special_order"]

_HEAT = {
    SpecialKind.CHARGE: (HeatCause.RUN, HeatCause.SPECIAL),
    SpecialKind.DFA: (HeatCause.SPECIAL,),
    SpecialKind.RAM: (),
}
"""AOD-10.1 / AOD-16.2 / AOD-25 #12: a charge's run and attack, a DFA's +1, nothing for a ram."""


def jump_allowance(state: AoDState, index: int) -> int:
    """AOD-26.14 Jump Jets: the hexes a jump covers: the modified speed, never halved."""
    unit = state.units[index]
    speed = state.click(index).speed
    dial = state.heat_dial(index)
    if dial is not None and not unit.dial.shutdown:
        speed += dial.positions[min(unit.dial.heat, dial.shutdown_position)].speed
    return allowance(speed)


def _landing_problem(state: AoDState, index: int, where: Hex) -> str:
    """AOD-26.14 Jump Jets: why a jump may not end in ``where``, or ""."""
    if where not in state.terrain:
        return f"{label(where)} is off the board"
    if any(u.on_board and u.hex == where for n, u in enumerate(state.units) if n != index):
        return f"{where.label} is occupied"
    mode = state.definition(index).speed_mode
    if mode_terrain(state.terrain[where], mode) is TerrainType.BLOCKING:
        return f"{where.label} is blocking terrain for {mode} units"
    return ""


def _cost(state: AoDState, index: int, command: SpecialMove) -> int:
    """AOD-8 / AOD-16.2: the cost of the move: a run (charge), a jump (DFA) or a walk (ram)."""
    unit = state.units[index]
    field, indices = state.battlefield()
    at = indices.index(index)
    if command.kind is SpecialKind.DFA:
        assert unit.hex is not None  # noqa: S101 - on the board (guarded)
        budget, distance = jump_allowance(state, index), unit.hex.distance(command.to)
        problem = _landing_problem(state, index, command.to)
        if command.via:
            problem = "a jump takes no plotted path"
        elif distance > budget:
            problem = f"the jump is {distance} hexes and the allowance is {budget}"
        if problem:
            raise IllegalCommand(AoDCode.PATH, f"{unit.ident} cannot jump so: {problem}.")
        return distance
    budget = move_allowance(state, index, run=command.kind is SpecialKind.CHARGE)
    if command.via:
        path = (*command.via, command.to)
        why = check_path(field, at, path, budget)
        if why is not None:
            said = re.sub(r" \(AOD-[^)]*\)", "", why)  # the player reads words, not section ids
            raise IllegalCommand(AoDCode.PATH, f"{unit.ident} cannot move so: {said}.")
        return len(path)
    cost = reach(state, index, budget).get((command.to, Altitude.NOE))
    if cost is None:
        raise IllegalCommand(
            AoDCode.UNREACHABLE,
            f"{unit.ident} cannot reach {label(command.to)} this turn (allowance {budget}).",
        )
    return cost


def _after(field: Battlefield, at: int, to: Hex, facing: Facing) -> Battlefield:
    """The battlefield with unit ``at`` moved to ``to`` facing ``facing`` (same indices)."""
    moved = evolve(field.units[at], hex=to, facing=facing)
    return Battlefield(field.terrain, (*field.units[:at], moved, *field.units[at + 1 :]))


def _problem(state: AoDState, index: int, target: int, command: SpecialMove) -> str | None:
    """AOD-16.1 / AOD-16.2: why this special attack may not be made, or None."""
    field, indices = state.battlefield()
    at, aim = indices.index(index), indices.index(target)
    after = _after(field, at, command.to, command.facing)
    engaged = state.units[index].engaged or bool(enemy_contacts(field, at))
    return special_problem(
        after,
        combatant(state, index, at),
        combatant(state, target, aim),
        command.kind,
        contact_at_turn_start=engaged,
        ran=command.kind is SpecialKind.CHARGE,
        jumped=command.kind is SpecialKind.DFA,
    )


def special_order(ctx: Ctx, command: Command) -> None:
    """AOD-16 / AOD-11.8: the move, the attack, damage both ways, the target's spin, heat."""
    assert isinstance(command, SpecialMove)  # noqa: S101 - dispatched by type
    index = order_unit(ctx, command.unit, OrderKind.MOVE)
    state = ctx.state
    target = target_index(state, command.target)
    require_lock(state, index, [target])  # AOD-21.1, AOD-21.2: a bound unit attacks its target
    cost = _cost(state, index, command)
    problem = _problem(state, index, target, command)
    if problem is not None:  # AOD-16.1, AOD-16.2
        raise IllegalCommand(AoDCode.NOT_ALLOWED, combat_problem_text(problem))
    pushed = give_order(ctx, index, OrderKind.MOVE)
    before, indices = ctx.state.battlefield()
    at, aim = indices.index(index), indices.index(target)
    attacker, defender = combatant(state, index, at), combatant(state, target, aim)
    run = command.kind is SpecialKind.CHARGE
    ctx.emit(UnitMoved(index, command.to, command.facing, Altitude.NOE, cost, run))
    after, _ = ctx.state.battlefield()
    printed, catalogue = state.definition(index), state.setup.catalogue()
    bonus = rank_bonus(after, at, aim, printed, state.definition(target), catalogue=catalogue)
    dice = AttackDice.roll(ctx.dice)
    extra = None
    if command.kind is SpecialKind.DFA and merciless(printed, catalogue):
        extra = roll_merciless(ctx.dice)  # AOD-21.2
    result = resolve_special(
        before,
        after,
        attacker,
        defender,
        command.kind,
        dice=dice,
        merciless_die=extra,
        bonus=0 if bonus is None else bonus.clicks,
    )
    need = result.need
    ctx.emit(
        SpecialAttackRolled(
            index,
            target,
            command.kind,
            (dice.white1, dice.white2, dice.black),
            need.modified_attack,
            need.modified_defense,
            result.hit,
            extra,
        )
    )
    # AOD-16.1: impact damage, no armour; an elimination triggers Scavenger and Fanaticism
    deal(ctx, index, [(target, result.clicks, False)], DamageKind.IMPACT, str(command.kind))
    apply_self_damage(ctx, index, result.self_damage)
    lock_on(ctx, index, (target,), bonus, hit=result.hit)  # AOD-21.1, AOD-21.2
    if ctx.state.units[index].on_board:
        _offer_spins(ctx, index, target, may_spin=result.target_may_spin)
    after_order(ctx, index, pushed=pushed, heat=_HEAT[command.kind])


def _offer_spins(ctx: Ctx, index: int, target: int, *, may_spin: bool) -> None:
    """AOD-8.5 / AOD-16.2: enemies the attacker now touches may turn to face it.

    The target only if the attack allows it: not after a DFA unless it missed a 'Mech, not
    after a charge or ram from the rear.
    """
    state = ctx.state
    field, indices = state.battlefield()
    offers = []
    for at, facings in free_spins(field, indices.index(index)).items():
        other = indices[at]
        unit = state.units[other]
        if unit.dial.shutdown or unit.facing in facings or (other == target and not may_spin):
            continue
        offers.append(SpinOffer(other, index, facings))
    if offers:
        ctx.emit(FreeSpinsOffered(tuple(offers)))


def special_commands(state: AoDState, index: int) -> list[Command]:
    """Every special attack unit ``index`` may make now: each target, kind and side of it.

    The attacker ends facing the target. Bounded: at most 6 hexes per target and kind; where the
    move may end is asked only for the hexes beside a target near enough (a step costs at least
    1, so a hex farther than the allowance is never reached).
    """
    unit, printed = state.units[index], state.definition(index)
    if unit.hex is None or unit.engaged or printed.unit_type is UnitType.INFANTRY:
        return []
    kinds = (SpecialKind.CHARGE, SpecialKind.DFA) if printed.is_mech else (SpecialKind.RAM,)
    found: list[Command] = []
    for kind in kinds:
        budget = _budget(state, index, kind)
        ends: Callable[[Hex], bool] | None = None
        for target, there in _targets(state, index, budget):
            ends = ends or _ends(state, index, kind, budget)
            for where in sorted(there.ring(1)):
                facing = where.direction_to(there)
                if facing is None or not ends(where):
                    continue
                command = SpecialMove(unit.ident, kind, where, facing, state.units[target].ident)
                if _problem(state, index, target, command) is None:
                    found.append(command)
    return found


def _targets(state: AoDState, index: int, budget: int) -> list[tuple[int, Hex]]:
    """The enemies unit ``index`` may charge, DFA or ram within ``budget`` hexes, and their hexes.

    Not infantry (AOD-16.1), not one a Ruthlessness or Zellbrigen lock forbids (AOD-21.1,
    AOD-21.2), and near enough that a hex beside it is within the allowance.
    """
    unit = state.units[index]
    assert unit.hex is not None  # noqa: S101 - the caller checked
    found = []
    for target, other in enumerate(state.units):
        if other.owner == unit.owner or not other.on_board or other.hex is None:
            continue
        if state.definition(target).unit_type is UnitType.INFANTRY:  # AOD-16.1
            continue
        if unit.hex.distance(other.hex) > budget + 1:  # no hex beside it within reach
            continue
        if lock_text(state, index, [target]):  # AOD-21.1, AOD-21.2
            continue
        found.append((target, other.hex))
    return found


def _budget(state: AoDState, index: int, kind: SpecialKind) -> int:
    """The hexes a special move of ``kind`` covers: a jump, a run or a walk (AOD-8, AOD-26.14)."""
    if kind is SpecialKind.DFA:
        return jump_allowance(state, index)
    return move_allowance(state, index, run=kind is SpecialKind.CHARGE)


def _ends(state: AoDState, index: int, kind: SpecialKind, budget: int) -> Callable[[Hex], bool]:
    """Whether a special move of ``kind`` may end in a hex: a run, a jump or a walk (AOD-8, 26.14).

    A jump lands within ``budget`` hexes anywhere free and not blocking; a charge or a ram ends
    where its move reaches at ground level (`engine.aod.reach`).
    """
    start = state.units[index].hex
    assert start is not None  # noqa: S101 - on the board (guarded)
    if kind is SpecialKind.DFA:
        return lambda where: (
            start.distance(where) <= budget and not _landing_problem(state, index, where)
        )
    reached = reach(state, index, budget)  # the listing's own search of this state
    return lambda where: (where, Altitude.NOE) in reached
