"""The AoD turn machine: `decide` a command into events, and what may be commanded now.

Rules: AOD-5 steps 5, 6 and 9 (first player, the terrain pool, deployment; AOD-26.10 on hexes),
AOD-7 (stages, the order pool, one order per unit, the order table, tokens, pushing, clean-up),
AOD-8 (Move orders: allowance, path, break-away, run, free spin, VTOL altitude), AOD-10.3 (Vent),
AOD-22 (the end).

Guards run in a fixed order, one per rule (STYLE 6): the stage allows the command; the unit is
known, the active player's, on the board; it has had no order this turn; an order is left; the
order is one its type and state allow; the order's own checks. A refusal raises `IllegalCommand`
with a code (`engine.aod.context.AoDCode`) and a sentence a player can read.

The parts: `engine.aod.context` (the context that applies events as they are raised, the shared
guards), `engine.aod.turns` (the turn, the order bookkeeping, clean-up, the end),
`engine.aod.moving` (the Move order and free spins), `engine.aod.effects` (heat and damage: the
seams the dial rules fill). A combat order is a command class here and a resolver called between
`turns.give_order` and `turns.after_order`.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterator

from engine.aod.artillery_order import fire_commands, fire_order
from engine.aod.assault_order import assault_options, assault_order
from engine.aod.captive_state import (
    escort_destinations,
    escorts_gone,
    held_captives_scored,
    withdrawing,
)
from engine.aod.close_order import close_commands, close_order
from engine.aod.commands import (
    AssaultUnit,
    CallTime,
    CloseCombat,
    CloseFormation,
    DeployAboard,
    DeployUnit,
    EndTurn,
    FireArtillery,
    FireOnMove,
    FreeSpin,
    LoadTransport,
    MoveFormation,
    MoveUnit,
    PlaceTerrain,
    RangedAttack,
    RangedFormation,
    RepairUnit,
    RollFirstPlayer,
    SpecialMove,
    UnloadTransport,
    VentUnit,
    WithdrawForce,
)
from engine.aod.context import (
    AoDCode,
    Ctx,
    label,
    next_seat,
    own_unit,
    require_no_spins,
    require_stage,
)
from engine.aod.effects import apply_heat
from engine.aod.events import (
    DeployerChanged,
    FirstPlayerRolled,
    ForceWithdrawn,
    HeatCause,
    UnitDeployed,
)
from engine.aod.formation_attack import (
    close_formation_commands,
    close_formation_order,
    ranged_formation_commands,
    ranged_formation_order,
)
from engine.aod.formation_order import formation_commands, formation_order
from engine.aod.geometry import mode_terrain
from engine.aod.heat import vent
from engine.aod.movement import Altitude
from engine.aod.moving import move_allowance, move_order, spin_order
from engine.aod.placing import begin_placing, place_terrain, placements, stop_placing
from engine.aod.ranged_order import ranged_commands, ranged_order
from engine.aod.reach import reach
from engine.aod.repair_order import repair_commands, repair_order
from engine.aod.special_order import special_commands, special_order
from engine.aod.state import AoDState, OrderKind, Stage
from engine.aod.terrain import TerrainType
from engine.aod.transport_order import (
    deploy_aboard_commands,
    deploy_aboard_order,
    load_order,
    transport_commands,
    unload_order,
    waiting_to_deploy,
)
from engine.aod.turns import (
    after_order,
    begin_turn,
    check_end,
    end_game,
    finish_turn,
    give_order,
    order_unit,
    orderable,
)
from engine.aod.units import SpeedMode
from engine.aod.vtol_fire_order import fire_on_move_commands, fire_on_move_order
from engine.dice import DiceSource
from engine.game import Command, Event, IllegalCommand, KernelCode, Seat
from engine.hexes import Facing, Hex

__all__ = [
    "AoDCode",
    "decide",
    "legal_commands",
    "listed_attacks",
    "listed_deployments",
    "listed_moves",
    "listed_vents",
    "move_allowance",
    "order_words",
    "orderable",
    "prompt_text",
    "seats_to_act",
]


def decide(state: AoDState, command: Command, dice: DiceSource) -> list[Event]:
    """Validate ``command`` and resolve it into events (raises `IllegalCommand`)."""
    if state.stage is Stage.OVER:
        raise IllegalCommand(KernelCode.GAME_OVER, "The game is over.")
    ctx = Ctx(state, dice)
    handler = _HANDLERS.get(type(command))
    if handler is None:
        raise IllegalCommand(KernelCode.PARSE, f"Age of Destruction has no command {command!r}.")
    handler(ctx, command)
    return ctx.events


def _standing_problem(state: AoDState, index: int, where: Hex, altitude: Altitude) -> str:
    """AOD-19.3 / AOD-8.6: why unit ``index`` may not stand in ``where``, or ""."""
    terrain = state.terrain[where]
    printed = state.definition(index)
    if terrain.type is TerrainType.BLOCKING:
        return f"{where.label} is blocking terrain."
    if altitude is Altitude.NOE and mode_terrain(terrain, printed.speed_mode) is (
        TerrainType.BLOCKING
    ):
        return f"{where.label} is blocking terrain for {printed.speed_mode} units."
    return ""


def _roll_first(ctx: Ctx, command: Command) -> None:
    """AOD-5 step 5 / AOD-26.10: 3d6 each; the highest goes first; the tied re-roll."""
    del command
    require_stage(ctx.state, Stage.FIRST_PLAYER)
    rolling = list(range(len(ctx.state.setup.players)))
    rounds = []
    while True:
        rolled = tuple((seat, ctx.dice.roll(3, 6)) for seat in rolling)
        rounds.append(rolled)
        best = max(sum(dice) for _, dice in rolled)
        rolling = [seat for seat, dice in rolled if sum(dice) == best]
        if len(rolling) == 1:
            break
    ctx.emit(FirstPlayerRolled(tuple(rounds), rolling[0]))
    begin_placing(ctx)  # AOD-5 step 6, or deployment


def _deploy(ctx: Ctx, command: Command) -> None:
    """AOD-5 step 9 / AOD-26.10: one unit into its owner's zone, then the next player's turn."""
    assert isinstance(command, DeployUnit)  # noqa: S101 - dispatched by type
    state = ctx.state
    require_stage(state, Stage.DEPLOYMENT)
    index = own_unit(state, command.unit)
    unit = state.units[index]
    if unit.hex is not None:  # AOD-5 step 9: each unit is placed once
        raise IllegalCommand(AoDCode.DEPLOYED, f"{unit.ident} is already at {unit.hex.label}.")
    if unit.aboard is not None:  # AOD-9.2: it begins the game aboard a transport
        raise IllegalCommand(AoDCode.DEPLOYED, f"{unit.ident} is already aboard a transport.")
    if command.hex not in state.setup.zone(unit.owner):  # AOD-26.10: the hex inside the zone
        raise IllegalCommand(
            AoDCode.OUTSIDE_ZONE,
            f"{label(command.hex)} is outside {state.players[unit.owner]}'s deployment zone.",
        )
    other = next((u for u in state.units if u.on_board and u.hex == command.hex), None)
    if other is not None:  # AOD-26.4: one unit per hex
        raise IllegalCommand(
            AoDCode.OCCUPIED, f"{other.ident} already stands in {command.hex.label}."
        )
    if command.altitude is Altitude.CRUISING and state.definition(index).speed_mode is not (
        SpeedMode.VTOL
    ):  # AOD-5 step 10: only a VTOL begins at cruising altitude
        raise IllegalCommand(AoDCode.ALTITUDE, f"Only a VTOL flies; {unit.ident} is not one.")
    problem = _standing_problem(state, index, command.hex, command.altitude)
    if problem:  # AOD-19.3 / AOD-8.6
        raise IllegalCommand(AoDCode.TERRAIN, f"{unit.ident} cannot stand there: {problem}")
    ctx.emit(UnitDeployed(index, command.hex, command.facing, command.altitude))
    if any(waiting_to_deploy(ctx.state, n) for n in ctx.state.owned(unit.owner)):
        return
    waiting = next_seat(ctx.state, unit.owner, lambda p: _undeployed(ctx.state, p))
    if waiting is not None:  # AOD-5 step 9: the player to the left follows
        ctx.emit(DeployerChanged(waiting))
        return
    first = ctx.state.first if ctx.state.first is not None else 0
    begin_turn(ctx, first)  # AOD-5 step 11: the first player takes the first turn


def _undeployed(state: AoDState, player: int) -> bool:
    return any(waiting_to_deploy(state, n) for n in state.owned(player))


def _end_turn(ctx: Ctx, command: Command) -> None:
    """AOD-7.2: the player ends his order stage; the orders not given are lost.

    In the terrain stage: the placing ends ([DESIGN], `engine.aod.placing`).
    """
    del command
    if ctx.state.stage is Stage.TERRAIN:
        stop_placing(ctx)
        return
    require_stage(ctx.state, Stage.ORDER)
    require_no_spins(ctx.state)
    finish_turn(ctx)


def _call_time(ctx: Ctx, command: Command) -> None:
    """AOD-22.1 items 2-3: the time limit ran out, or every player agreed to stop."""
    del command
    require_stage(ctx.state, Stage.ORDER)
    end_game(ctx, "time was called")


def _withdraw(ctx: Ctx, command: Command) -> None:
    """AOD-22.4: the active player removes his force; the turn passes, or the game ends."""
    del command
    require_stage(ctx.state, Stage.ORDER)
    player = ctx.state.active
    units = withdrawing(ctx.state, player)
    ctx.emit(ForceWithdrawn(player, units))
    held_captives_scored(ctx, player)  # AOD-22.4: as if eliminated, for their holders
    escorts_gone(ctx, units)  # AOD-14.4: their captives go free
    if not check_end(ctx):
        finish_turn(ctx)


def _vent(ctx: Ctx, command: Command) -> None:
    """AOD-10.3: cool by the vent rating; no token, no push, tokens kept (AOD-7.4)."""
    assert isinstance(command, VentUnit)  # noqa: S101 - dispatched by type
    index = order_unit(ctx, command.unit, OrderKind.VENT)
    give_order(ctx, index, OrderKind.VENT)
    unit, printed, dial = (
        ctx.state.units[index],
        ctx.state.definition(index),
        ctx.state.heat_dial(index),
    )
    if dial is not None:
        suspended = unit.heat_rolls_suspended
        outcome = vent(printed, dial, unit.dial, ctx.dice, checks_suspended=suspended)
        apply_heat(ctx, index, (HeatCause.VENT,), outcome)
    after_order(ctx, index, pushed=False, heat=())


_HANDLERS: dict[type[Command], Callable[[Ctx, Command], None]] = {
    RollFirstPlayer: _roll_first,
    PlaceTerrain: place_terrain,
    DeployUnit: _deploy,
    MoveUnit: move_order,
    VentUnit: _vent,
    FreeSpin: spin_order,
    EndTurn: _end_turn,
    CallTime: _call_time,
    WithdrawForce: _withdraw,
    RangedAttack: ranged_order,
    AssaultUnit: assault_order,
    RepairUnit: repair_order,
    CloseCombat: close_order,
    SpecialMove: special_order,
    FireArtillery: fire_order,
    MoveFormation: formation_order,
    CloseFormation: close_formation_order,
    RangedFormation: ranged_formation_order,
    LoadTransport: load_order,
    UnloadTransport: unload_order,
    DeployAboard: deploy_aboard_order,
    FireOnMove: fire_on_move_order,
}


def seats_to_act(state: AoDState) -> frozenset[Seat]:
    """The seats due: anyone rolls for first player; the deployer; a spin's owner; the active."""
    if state.stage is Stage.OVER:
        return frozenset()
    if state.stage is Stage.FIRST_PLAYER:
        return frozenset(range(len(state.setup.players)))
    if state.spins:
        return frozenset({state.units[state.spins[0].unit].owner})
    return frozenset({state.active})


def prompt_text(state: AoDState) -> str:
    """What is asked now, in one line, for the command line and the status bar."""
    players = state.players
    who = players[state.active]
    if state.stage is Stage.OVER:
        return "The game is over."
    if state.stage is Stage.FIRST_PLAYER:
        return "Roll for the first player (roll)."
    if state.stage is Stage.TERRAIN:
        return f"{who}: lay a terrain piece from the pool (place PIECE HEX [TURN]), or pass."
    if state.stage is Stage.DEPLOYMENT:
        waiting = [
            state.units[n].ident for n in state.owned(state.active) if waiting_to_deploy(state, n)
        ]
        return f"{who}: deploy {', '.join(waiting)} in your zone (deploy UNIT HEX [FACING])."
    if state.spins:
        offer = state.spins[0]
        spinner, mover = state.units[offer.unit], state.units[offer.mover]
        return (
            f"{players[spinner.owner]}: {spinner.ident} may turn to face {mover.ident} "
            f"(spin {spinner.ident} {'|'.join(f.name for f in offer.facings)}|stay)."
        )
    words = ", ".join(order_words(state)) or "none to give now"
    return f"{who}: {state.orders_left} orders left ({words}), or pass."


def order_words(state: AoDState) -> list[str]:
    """The verbs of the orders the active player's units may take now (AOD-7.3), in menu order.

    Judged per unit by `engine.aod.turns.orderable` (cheap: no target is searched for a move or a
    shot, so "fire" may find none); "close" needs a legal close attack (an enemy in contact,
    AOD-14.1); the artillery, formation, board and unload words need a unit able to give them
    (AOD-13, AOD-18, AOD-9).
    """
    kinds: set[OrderKind] = set()
    artillery = transport = close = False
    movers = 0
    for index in state.owned(state.active):
        allowed = orderable(state, index)
        kinds |= allowed
        printed = state.definition(index)
        movers += OrderKind.MOVE in allowed
        artillery = artillery or (OrderKind.RANGED in allowed and printed.is_artillery)
        transport = transport or (OrderKind.MOVE in allowed and printed.is_transport)
        close = close or (OrderKind.CLOSE in allowed and bool(close_commands(state, index)))
    listed = [
        ("move", OrderKind.MOVE in kinds),
        ("vent", OrderKind.VENT in kinds),
        ("fire", OrderKind.RANGED in kinds),
        ("close", close),
        ("assault", OrderKind.ASSAULT in kinds),
        ("artillery", artillery),
        ("formation", movers > 1),
        ("board", transport),
        ("unload", transport),
    ]
    return [word for word, able in listed if able]


def legal_commands(state: AoDState) -> list[Command]:
    """Every command the rules accept now, for menus, bots and property tests.

    Deployments face the enemy's side of the board; moves keep the unit's facing (turning in
    place lists the other five); calling time and withdrawing end games and are not listed.
    """
    if state.stage is Stage.OVER:
        return []
    if state.stage is Stage.FIRST_PLAYER:
        return [RollFirstPlayer()]
    if state.stage is Stage.TERRAIN:
        return list(placements(state))
    if state.stage is Stage.DEPLOYMENT:
        return [*_deployments(state), *deploy_aboard_commands(state)]
    if state.spins:
        offer = state.spins[0]
        ident = state.units[offer.unit].ident
        return [FreeSpin(ident, None), *(FreeSpin(ident, f) for f in offer.facings)]
    found: list[Command] = [EndTurn()]
    for index in state.owned(state.active):
        found += _orders_of(state, index)
    found += fire_commands(state)
    found += formation_commands(state)
    found += close_formation_commands(state)
    found += ranged_formation_commands(state)
    found += transport_commands(state)
    return found


def _orders_of(state: AoDState, index: int) -> list[Command]:
    """The orders listed for unit ``index``: vent, moves, special attacks, fire, close combat."""
    return [*_vents_of(state, index), *_moves_of(state, index), *_attacks_of(state, index)]


def _vents_of(state: AoDState, index: int) -> list[Command]:
    if OrderKind.VENT in orderable(state, index):
        return [VentUnit(state.units[index].ident)]
    return []


def _moves_of(state: AoDState, index: int) -> list[Command]:
    return _moves(state, index) if OrderKind.MOVE in orderable(state, index) else []


def _attacks_of(state: AoDState, index: int) -> list[Command]:
    """Unit ``index``'s orders other than vent and move: special attacks, fire, close combat."""
    kinds = orderable(state, index)
    found: list[Command] = []
    if OrderKind.MOVE in kinds:
        found += special_commands(state, index) + fire_on_move_commands(state, index)
    if OrderKind.RANGED in kinds:
        found += ranged_commands(state, index) + repair_commands(state, index)
    if OrderKind.ASSAULT in kinds:
        found += assault_options(state, index)
    if OrderKind.CLOSE in kinds:
        found += close_commands(state, index)
    return found


def _giving_orders(state: AoDState) -> bool:
    return state.stage is Stage.ORDER and not state.spins


def listed_vents(state: AoDState) -> list[Command]:
    """The Vent orders `legal_commands` lists now, in its order (AOD-10.3)."""
    if not _giving_orders(state):
        return []
    return [c for n in state.owned(state.active) for c in _vents_of(state, n)]


def listed_moves(state: AoDState, units: Container[int] | None = None) -> list[Command]:
    """The Move orders of single units `legal_commands` lists now, in its order (AOD-8).

    ``units``: only the moves of these (unit indices; None: every unit).
    """
    if not _giving_orders(state):
        return []
    mine = [n for n in state.owned(state.active) if units is None or n in units]
    return [c for n in mine for c in _moves_of(state, n)]


def listed_attacks(state: AoDState) -> list[Command]:
    """Every order `legal_commands` lists now that may name an enemy, in its order.

    It leaves out the end of the turn, vents, moves, movement formations and transport orders:
    they name only the player's own units and free hexes (AOD-8, AOD-18.2, AOD-9), and the
    moves and formations cost the most to list. For a player looking for an attack.
    """
    if not _giving_orders(state):
        return []
    found = [c for n in state.owned(state.active) for c in _attacks_of(state, n)]
    found += fire_commands(state)
    found += close_formation_commands(state)
    found += ranged_formation_commands(state)
    return found


def listed_deployments(state: AoDState) -> Iterator[DeployUnit]:
    """The deployments `legal_commands` lists now (AOD-5 step 9), in its order, one at a time.

    Unit by unit, each in every hex of its zone where it may stand: a player placing the first
    waiting unit reads only the first unit's.
    """
    if state.stage is not Stage.DEPLOYMENT:
        return iter(())
    return _deployments(state)


def _deployments(state: AoDState) -> Iterator[DeployUnit]:
    zone = sorted(state.setup.zone(state.active))
    taken = {u.hex for u in state.units if u.on_board}
    for index in state.owned(state.active):
        unit = state.units[index]
        if not waiting_to_deploy(state, index):
            continue
        for where in zone:
            if where not in taken and not _standing_problem(state, index, where, Altitude.NOE):
                yield DeployUnit(unit.ident, where, unit.facing)


def _moves(state: AoDState, index: int) -> list[Command]:
    if state.captive_of(index) is not None:  # AOD-14.4: the escort takes its captive along
        return [*escort_destinations(state, index)]
    unit, printed = state.units[index], state.definition(index)
    vtol = printed.speed_mode is SpeedMode.VTOL
    start = unit.hex
    assert start is not None  # noqa: S101 - orderable units are on the board
    found: list[Command] = [MoveUnit(unit.ident, start, f) for f in Facing if f != unit.facing]
    # the run first: the walk is then read off the same search (`engine.aod.reach`)
    runs = reach(state, index, move_allowance(state, index, run=True)) if printed.is_mech else {}
    walked = reach(state, index, move_allowance(state, index))
    for run, ends in ((False, walked), (True, {k: v for k, v in runs.items() if k not in walked})):
        for where, altitude in sorted(ends, key=_hex_order):
            if where == start and altitude is unit.altitude:
                continue
            found.append(MoveUnit(unit.ident, where, unit.facing, run, altitude if vtol else None))
    return found


def _hex_order(end: tuple[Hex, Altitude]) -> tuple[int, int, str]:
    """The order of (hex, altitude) pairs (`engine.hexes.Hex` orders by q, then r), cheaply."""
    where, altitude = end
    return where.q, where.r, altitude.value
