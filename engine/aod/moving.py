"""The Move order (AOD-8): allowance, path, break-away, the move, free spins, run heat.

Rules: AOD-8.1 to AOD-8.3 (allowance, through `engine.aod.movement`), AOD-8.4 (break-away, the
thresholds of `engine.aod.orders.break_away_rule`), AOD-8.5 (free spins offered to the enemies
beside the newcomer, answered by their owners), AOD-8.7 (run), AOD-8.9 (VTOL altitude).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.aod.captive_state import carry_captive, plan_pair
from engine.aod.commands import (
    FreeSpin,
    MoveUnit,
)
from engine.aod.context import AoDCode, Ctx, label, require_stage
from engine.aod.effects import damage
from engine.aod.events import (
    BreakAwayRolled,
    FreeSpinsOffered,
    HeatCause,
    UnitMoved,
    UnitSpun,
)
from engine.aod.geometry import enemy_contacts, free_spins
from engine.aod.movement import (
    Altitude,
    allowance,
    check_path,
    starts_hindered,
)
from engine.aod.orders import (
    Contact,
    break_away_rule,
)
from engine.aod.reach import reach
from engine.aod.state import AoDState, OrderKind, SpinOffer, Stage
from engine.aod.turns import after_order, end_turn_if_done, give_order, order_unit
from engine.aod.units import SpeedMode, UnitType
from engine.game import Command, IllegalCommand
from engine.hexes import Hex

__all__ = [
    "break_away",
    "failed_may_rotate",
    "move_allowance",
    "move_order",
    "offer_spins",
    "spin_order",
]

_RULE_IDS = re.compile(r" \(AOD-[^)]*\)")
"""A rule reference in a movement message, such as " (AOD-8.2, 8.6)"."""


def move_allowance(state: AoDState, index: int, *, run: bool = False) -> int:
    """AOD-8.3: the hexes a Move order covers: modified speed, run x2, hindering start half."""
    unit = state.units[index]
    speed = state.click(index).speed
    dial = state.heat_dial(index)
    if dial is not None and not unit.dial.shutdown:
        speed += dial.positions[min(unit.dial.heat, dial.shutdown_position)].speed
    field, indices = state.battlefield()
    return allowance(speed, run=run, hindering_start=starts_hindered(field, indices.index(index)))


def move_order(ctx: Ctx, command: Command) -> None:
    """AOD-8: a Move order: the path, the break-away roll, the move, free spins, run heat."""
    assert isinstance(command, MoveUnit)  # noqa: S101 - dispatched by type
    index = order_unit(ctx, command.unit, OrderKind.MOVE)
    state = ctx.state
    unit, printed = state.units[index], state.definition(index)
    if command.run and not printed.is_mech:  # AOD-8.7: 'Mechs and Quads run
        raise IllegalCommand(AoDCode.RUN, f"Only 'Mechs run; {unit.ident} is {printed.unit_type}.")
    altitude = unit.altitude if command.altitude is None else command.altitude
    if altitude is not unit.altitude and printed.speed_mode is not SpeedMode.VTOL:
        raise IllegalCommand(AoDCode.ALTITUDE, f"Only a VTOL flies; {unit.ident} is not one.")
    pair = plan_pair(state, index, command) if state.captive_of(index) is not None else None
    cost = pair.cost if pair is not None else _path_cost(state, index, command, altitude)
    pushed = give_order(ctx, index, OrderKind.MOVE)
    moved, infantry = break_away(ctx, index)
    heat: list[HeatCause] = []
    if moved:
        ctx.emit(UnitMoved(index, command.to, command.facing, altitude, cost, command.run))
        if pair is not None:  # AOD-14.4: the captive goes with its escort
            carry_captive(ctx, index, pair)
        _push_infantry(ctx, index, infantry)
        if command.run:
            heat.append(HeatCause.RUN)  # AOD-8.7: +1, none after a failed break-away
        if command.to != unit.hex or altitude is not unit.altitude:  # it moved (AOD-8.1)
            offer_spins(ctx, index)
    elif failed_may_rotate(state, index) and command.facing != unit.facing:
        assert unit.hex is not None  # noqa: S101 - on the board (guarded)
        ctx.emit(UnitMoved(index, unit.hex, command.facing, unit.altitude, 0))
    after_order(ctx, index, pushed=pushed, heat=heat)


def _path_cost(state: AoDState, index: int, command: MoveUnit, altitude: Altitude) -> int:
    """AOD-8.1 / 8.2 / 26.7: the cost of the plotted path, or of the cheapest legal one."""
    unit = state.units[index]
    budget = move_allowance(state, index, run=command.run)
    field, indices = state.battlefield()
    at = indices.index(index)
    if command.via:
        if altitude is not unit.altitude:
            raise IllegalCommand(
                AoDCode.ALTITUDE, "Give a VTOL's change of altitude without a plotted path."
            )
        path = (*command.via, command.to)
        problem = _gap(unit.hex, path) or check_path(field, at, path, budget)
        if problem is not None:
            said = _RULE_IDS.sub("", problem)  # the player reads words, not section ids
            raise IllegalCommand(AoDCode.PATH, f"{unit.ident} cannot move so: {said}.")
        return len(path)
    cost = reach(state, index, budget).get((command.to, altitude))
    if cost is None:
        where = label(command.to)
        raise IllegalCommand(
            AoDCode.UNREACHABLE,
            f"{unit.ident} cannot reach {where} at {altitude.value} altitude this turn "
            f"(allowance {budget}).",
        )
    return cost


def _gap(start: Hex | None, path: tuple[Hex, ...]) -> str | None:
    """AOD-8.1: a plotted path goes hex by hex; the first step that does not, in words."""
    here = start
    for number, there in enumerate(path, start=1):
        if here is not None and here.distance(there) != 1:
            return f"step {number}: {label(there)} is not next to {label(here)}"
        here = there
    return None


def _contacts(state: AoDState, index: int) -> list[tuple[int, UnitType, Contact]]:
    """The enemies in base contact with unit ``index``: index, type, disabled or not (AOD-8.4)."""
    field, indices = state.battlefield()
    found = []
    for at in enemy_contacts(field, indices.index(index)):
        other = indices[at]
        disabled = state.units[other].dial.shutdown or state.heavy_damage(other)
        kind = Contact.DISABLED if disabled else Contact.ACTIVE
        found.append((other, state.definition(other).unit_type, kind))
    return found


def break_away(ctx: Ctx, index: int) -> tuple[bool, tuple[int, ...]]:
    """AOD-8.4: roll to break away when enemies hold the unit.

    Returns whether it may change position, and the enemy infantry a 'Mech in 'Mech mode that
    broke away pushes (1 click each, dealt after the move).
    """
    contacts = _contacts(ctx.state, index)
    rule = break_away_rule(ctx.state.definition(index), [(k, c) for _, k, c in contacts])
    if not contacts:
        return True, ()
    roll = ctx.dice.die(6) if rule.needed else None
    success = roll is None or roll > rule.fails_on
    ctx.emit(BreakAwayRolled(index, roll, rule.fails_on, success))
    if not (success and rule.pushes_infantry):
        return success, ()
    return True, tuple(other for other, kind, _ in contacts if kind is UnitType.INFANTRY)


def _push_infantry(ctx: Ctx, index: int, infantry: Sequence[int]) -> None:
    """AOD-8.4: each enemy infantry unit a breaking-away 'Mech left takes 1 pushing click."""
    owner = ctx.state.units[index].owner
    for other in infantry:
        if ctx.state.units[other].on_board:
            damage(ctx, other, 1, "break-away", by=owner, tokens=ctx.state.units[other].tokens)


def failed_may_rotate(state: AoDState, index: int) -> bool:
    """AOD-8.4: infantry and 'Mech-mode units may still turn after a failed break-away."""
    return break_away_rule(state.definition(index), ()).may_rotate


def offer_spins(ctx: Ctx, index: int) -> None:
    """AOD-8.5: enemies now touching the mover may turn to face it (shut-down 'Mechs cannot).

    Only enemies whose front arc does not already hold the mover are asked.
    """
    state = ctx.state
    field, indices = state.battlefield()
    offers = []
    for at, facings in free_spins(field, indices.index(index)).items():
        other = indices[at]
        unit = state.units[other]
        if unit.dial.shutdown or unit.facing in facings:
            continue
        offers.append(SpinOffer(other, index, facings))
    if offers:
        ctx.emit(FreeSpinsOffered(tuple(offers)))


def spin_order(ctx: Ctx, command: Command) -> None:
    """AOD-8.5: the owner of a unit offered a free spin turns it, or declines."""
    assert isinstance(command, FreeSpin)  # noqa: S101 - dispatched by type
    state = ctx.state
    require_stage(state, Stage.ORDER)
    index = state.index_of(command.unit)
    offer = state.spins[0] if state.spins else None
    if offer is None or index != offer.unit:
        raise IllegalCommand(AoDCode.NO_SPIN, f"{command.unit} has no free spin to make now.")
    if command.facing is not None and command.facing not in offer.facings:
        allowed = ", ".join(f.name for f in offer.facings)
        raise IllegalCommand(
            AoDCode.SPIN_FACING,
            f"A free spin turns {state.units[index].ident} to face "
            f"{state.units[offer.mover].ident}: {allowed}.",
        )
    ctx.emit(UnitSpun(index, command.facing))
    end_turn_if_done(ctx)
