"""Boarding and unloading as the transport's Move order (AOD-9.3, AOD-25 #4).

Rules: AOD-9.1 (capacity: infantry 1, vehicles 3), AOD-9.2 (passengers are off the board and
take no orders), AOD-9.3 (friendly units that started the turn touching the transport's rear arc
and touch no enemy board it; unloaded passengers go in free hexes behind it touching no enemy;
one that cannot be placed is eliminated; loading or unloading spends half its movement, rounded
up: `engine.aod.movement.allowance` with ``loading=True``), AOD-9.4 (a cruising VTOL loads and
unloads only units with Jump Jets), AOD-25 #4 (the order goes to the transport), AOD-7.4 / AOD-7.5
(the transport's token and pushing; boarders lose their tokens), AOD-8.4 / AOD-8.5 (a transport
held by enemies rolls to break away before it moves; free spins after).

- `load_order` (`engine.aod.commands.LoadTransport`): the passengers board, then the transport
  may move on with what is left of its allowance.
- `unload_order` (`engine.aod.commands.UnloadTransport`): the transport may move first, sets
  its passengers down behind it, then may move on (a cruising VTOL may not, AOD-9.4), all
  within the half allowance. [DESIGN] A failed break-away before the first leg keeps it in
  place and unloads nobody (the places were chosen for the hex it was going to).
- `transport_commands`: loading each unit that may board, and unloading everyone where the
  transport stands, for menus and bots.

- `deploy_aboard_order` (`engine.aod.commands.DeployAboard`): a unit begins the game aboard a
  friendly transport already deployed (AOD-9.2); `waiting_to_deploy` is who is still to place.

What befalls passengers when the transport is hit is `engine.aod.aboard`.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from engine.aod.aboard import passengers, piece
from engine.aod.commands import DeployAboard, LoadTransport, UnloadTransport
from engine.aod.context import Ctx, label, next_seat, own_unit, require_stage
from engine.aod.events import (
    DeployerChanged,
    Disembarked,
    UnitEliminated,
    UnitMoved,
    UnitsBoarded,
    UnitsUnloaded,
)
from engine.aod.evolve import evolve
from engine.aod.geometry import Battlefield
from engine.aod.movement import allowance, starts_hindered
from engine.aod.moving import break_away, offer_spins
from engine.aod.reach import reach
from engine.aod.scoring import elimination_scorer
from engine.aod.state import AoDState, OrderKind, Stage
from engine.aod.transport import (
    Placement,
    board_problem,
    carry_problem,
    deploy_aboard_problem,
    unload,
    unload_ends_move,
    unload_hexes,
)
from engine.aod.turns import after_order, begin_turn, give_order, order_unit, orderable
from engine.game import Command, IllegalCommand
from engine.hexes import Facing, Hex

__all__ = [
    "TransportCode",
    "deploy_aboard_commands",
    "deploy_aboard_order",
    "load_allowance",
    "load_order",
    "transport_commands",
    "unload_order",
    "waiting_to_deploy",
]


class TransportCode(enum.StrEnum):
    """Rejection codes of boarding and unloading (STYLE 5)."""

    CARRY = "transport/cannot_carry"
    BOARD = "transport/board"
    NOT_ABOARD = "transport/not_aboard"
    PLACE = "transport/place"
    MOVE = "transport/move"


def load_allowance(state: AoDState, index: int, field: Battlefield, at: int) -> int:
    """AOD-8.3 / AOD-9.3 / AOD-26.7: the hexes left once loading or unloading spent half."""
    unit = state.units[index]
    speed = state.click(index).speed
    dial = state.heat_dial(index)
    if dial is not None and not unit.dial.shutdown:
        speed += dial.positions[min(unit.dial.heat, dial.shutdown_position)].speed
    return allowance(speed, loading=True, hindering_start=starts_hindered(field, at))


def _budget(state: AoDState, index: int) -> int:
    """AOD-9.3: the transport's allowance for this order, from where it starts."""
    field, indices = state.battlefield()
    return load_allowance(state, index, field, indices.index(index))


def _move_cost(state: AoDState, index: int, to: Hex | None, budget: int) -> int:
    """AOD-8.1 / AOD-26.7: the cost of the transport's move to ``to`` (0: it stays)."""
    unit = state.units[index]
    if to is None or to == unit.hex:
        return 0
    cost = reach(state, index, budget).get((to, unit.altitude))
    if cost is None:
        raise IllegalCommand(
            TransportCode.MOVE,
            f"{unit.ident} cannot reach {label(to)} with the half move loading or unloading "
            f"leaves ({budget} hexes).",
        )
    return cost


def _boarders(ctx: Ctx, transport: int, idents: Sequence[str]) -> tuple[int, ...]:
    """AOD-9.1 / AOD-9.3: the units boarding, each checked against the bays already filled."""
    state = ctx.state
    field, indices = state.battlefield()
    t_at = indices.index(transport)
    carrier = piece(state, transport)
    filled = [state.definition(n) for n in passengers(state, transport)]
    found: list[int] = []
    if not idents:
        raise IllegalCommand(TransportCode.BOARD, "Name the units that board.")
    for ident in idents:
        index = own_unit(state, ident)
        unit = state.units[index]
        if not unit.on_board or index in found:
            raise IllegalCommand(TransportCode.BOARD, f"{unit.ident} cannot board now.")
        why = board_problem(
            field, t_at, indices.index(index), carrier, piece(state, index), aboard=filled
        )
        if not why and unit.hex != unit.turn_start:  # AOD-9.3: from where it started the turn
            why = f"{unit.ident} moved this turn: boarders start the turn behind the transport."
        if why:
            raise IllegalCommand(TransportCode.BOARD, why)
        filled.append(state.definition(index))
        found.append(index)
    return tuple(found)


def load_order(ctx: Ctx, command: Command) -> None:
    """AOD-9.3: the transport's Move order loads units behind it, then it may move on."""
    assert isinstance(command, LoadTransport)  # noqa: S101 - dispatched by type
    index = order_unit(ctx, command.transport, OrderKind.MOVE)
    state = ctx.state
    why = carry_problem(piece(state, index))
    if why:  # AOD-9.1 / AOD-9.2 / AOD-17.3
        raise IllegalCommand(TransportCode.CARRY, why)
    boarding = _boarders(ctx, index, command.passengers)
    loaded = evolve(state, UnitsBoarded(index, boarding))  # their hexes are free to cross
    cost = _move_cost(loaded, index, command.to, _budget(state, index))
    pushed = give_order(ctx, index, OrderKind.MOVE)
    ctx.emit(UnitsBoarded(index, boarding))
    start = ctx.state.units[index].hex
    _move(ctx, index, command.to, command.facing, cost)
    _spins(ctx, index, start)
    after_order(ctx, index, pushed=pushed, heat=())


def _move(
    ctx: Ctx, index: int, to: Hex | None, facing: Facing | None, cost: int, *, held: bool = True
) -> bool:
    """AOD-8.4 / AOD-8.1: break away if ``held`` by enemies, move and turn; whether it may go on.

    ``held`` False: it already broke away earlier in this order.
    """
    unit = ctx.state.units[index]
    assert unit.hex is not None  # noqa: S101 - the transport is on the board
    end = unit.hex if to is None else to
    turned = unit.facing if facing is None else facing
    if end == unit.hex and turned == unit.facing:
        return True
    if held and end != unit.hex and not break_away(ctx, index)[0]:
        return False
    ctx.emit(UnitMoved(index, end, turned, unit.altitude, cost))
    return True


def _spins(ctx: Ctx, index: int, start: Hex | None) -> None:
    """AOD-8.5: enemies beside the transport where its move ended may turn to face it."""
    if ctx.state.units[index].hex != start:
        offer_spins(ctx, index)


def _facing(wanted: Facing | None, current: Facing) -> Facing:
    return current if wanted is None else wanted


def _placements(
    state: AoDState, transport: int, command: UnloadTransport
) -> tuple[tuple[int, ...], list[Placement | None]]:
    """AOD-9.3: the passengers named, each aboard this transport, and where each goes."""
    riders: list[int] = []
    wanted: list[Placement | None] = []
    aboard = passengers(state, transport)
    unit = state.units[transport]
    if not command.drops:
        raise IllegalCommand(TransportCode.NOT_ABOARD, "Name the passengers that unload.")
    for ident, where, facing in command.drops:
        index = state.index_of(ident)
        if index is None or index not in aboard or index in riders:
            raise IllegalCommand(TransportCode.NOT_ABOARD, f"{ident} is not aboard {unit.ident}.")
        riders.append(index)
        turned = facing if facing is not None else _facing(command.facing, unit.facing)
        wanted.append(None if where is None else (where, turned))
    return tuple(riders), wanted


def unload_order(ctx: Ctx, command: Command) -> None:
    """AOD-9.3: the transport's Move order: it may move, then sets passengers down behind it."""
    assert isinstance(command, UnloadTransport)  # noqa: S101 - dispatched by type
    index = order_unit(ctx, command.transport, OrderKind.MOVE)
    state = ctx.state
    riders, wanted = _placements(state, index, command)
    field, indices = state.battlefield()
    at = indices.index(index)
    budget = _budget(state, index)
    cost = _move_cost(state, index, command.to, budget)
    unit = state.units[index]
    assert unit.hex is not None  # noqa: S101 - the transport is on the board
    end = unit.hex if command.to is None else command.to
    turned = _facing(command.facing, unit.facing)
    there = field.moved(at, end, turned)
    pieces = [piece(state, n) for n in riders]
    done = unload(there, at, pieces, wanted, side=unit.owner)
    if done.problem:  # AOD-9.3 / AOD-9.4: behind it, touching no enemy, or lost only if no room
        raise IllegalCommand(TransportCode.PLACE, done.problem)
    placed = tuple(Disembarked(riders[n], where, f) for n, (where, f) in done.placed)
    onward = 0
    if command.then is not None or command.then_facing is not None:
        if unload_ends_move(there.units[at]):  # AOD-9.4: a cruising VTOL stops once unloaded
            raise IllegalCommand(
                TransportCode.MOVE, f"{unit.ident} flies high: it moves no further after unloading."
            )
        later = evolve(state, UnitMoved(index, end, turned, unit.altitude, cost))
        later = evolve(later, UnitsUnloaded(index, placed))
        onward = _move_cost(later, index, command.then, budget - cost)  # AOD-9.3: what is left
    pushed = give_order(ctx, index, OrderKind.MOVE)
    start = unit.hex
    if _move(ctx, index, command.to, command.facing, cost):
        ctx.emit(UnitsUnloaded(index, placed))
        for number in done.eliminated:  # AOD-9.3: no room: the owner chose it to be lost
            lost = riders[number]
            scorer = elimination_scorer(ctx.state, lost, None)
            ctx.emit(UnitEliminated(lost, scorer, ctx.state.units[lost].points))
        held = ctx.state.units[index].hex == start  # AOD-8.4: one break-away roll an order
        _move(ctx, index, command.then, command.then_facing, onward, held=held)
    _spins(ctx, index, start)
    after_order(ctx, index, pushed=pushed, heat=())


def waiting_to_deploy(state: AoDState, index: int) -> bool:
    """AOD-5 step 9 / AOD-9.2: unit ``index`` is neither on the board nor aboard a transport."""
    unit = state.units[index]
    return unit.hex is None and unit.aboard is None and not unit.eliminated


def _deploy_problem(state: AoDState, rider: int, transport: int) -> str:
    """AOD-9.1 / AOD-9.2: why unit ``rider`` may not begin the game aboard ``transport``."""
    unit, carrier = state.units[rider], state.units[transport]
    if not waiting_to_deploy(state, rider):  # AOD-5 step 9: each unit is placed once
        return f"{unit.ident} is already deployed."
    if carrier.owner != unit.owner:  # AOD-9.2: friendly units
        return f"{carrier.ident} is not {state.players[unit.owner]}'s."
    if not carrier.on_board:  # [DESIGN] the transport is deployed first
        return f"Deploy {carrier.ident} first: passengers board a transport on the board."
    aboard = [state.definition(n) for n in (*passengers(state, transport), rider)]
    return carry_problem(piece(state, transport)) or deploy_aboard_problem(
        state.definition(transport), aboard
    )


def deploy_aboard_order(ctx: Ctx, command: Command) -> None:
    """AOD-9.2 / AOD-5 step 9: a unit begins the game aboard a friendly transport."""
    assert isinstance(command, DeployAboard)  # noqa: S101 - dispatched by type
    state = ctx.state
    require_stage(state, Stage.DEPLOYMENT)
    index = own_unit(state, command.unit)
    transport = own_unit(state, command.transport)
    why = _deploy_problem(state, index, transport)
    if why:
        raise IllegalCommand(TransportCode.BOARD, why)
    ctx.emit(UnitsBoarded(transport, (index,)))
    owner = state.units[index].owner
    if any(waiting_to_deploy(ctx.state, n) for n in ctx.state.owned(owner)):
        return
    waiting = next_seat(  # AOD-5 step 9: the player to the left follows
        ctx.state, owner, lambda p: any(waiting_to_deploy(ctx.state, n) for n in ctx.state.owned(p))
    )
    if waiting is not None:
        ctx.emit(DeployerChanged(waiting))
        return
    begin_turn(ctx, ctx.state.first if ctx.state.first is not None else 0)  # AOD-5 step 11


def deploy_aboard_commands(state: AoDState) -> list[Command]:
    """Each waiting unit of the deployer that may begin aboard each of his transports."""
    if state.stage is not Stage.DEPLOYMENT:
        return []
    mine = state.owned(state.active)
    return [
        DeployAboard(state.units[rider].ident, state.units[carrier].ident)
        for carrier in mine
        if state.definition(carrier).is_transport
        for rider in mine
        if rider != carrier and not _deploy_problem(state, rider, carrier)
    ]


def transport_commands(state: AoDState) -> list[Command]:
    """Boarding and unloading the rules accept now, for menus and bots (bounded).

    Each unit that may board alone, the transport staying put; and everyone aboard unloaded
    where the transport stands, each in the first free hex behind it.
    """
    found: list[Command] = []
    field, indices = state.battlefield()
    for index in state.owned(state.active):
        unit = state.units[index]
        if (
            OrderKind.MOVE not in orderable(state, index)
            or not state.definition(index).is_transport
        ):
            continue
        at = indices.index(index)
        carrier = piece(state, index)
        aboard = passengers(state, index)
        if not carry_problem(carrier):
            filled = [state.definition(n) for n in aboard]
            for other in state.owned(state.active):
                rider = state.units[other]
                if (
                    rider.on_board
                    and other != index
                    and rider.hex == rider.turn_start
                    and not board_problem(
                        field, at, indices.index(other), carrier, piece(state, other), aboard=filled
                    )
                ):
                    found.append(LoadTransport(unit.ident, (rider.ident,)))
        if aboard:
            found.append(_unload_here(state, index, field, at, aboard))
    return found


def _unload_here(
    state: AoDState, index: int, field: Battlefield, at: int, aboard: tuple[int, ...]
) -> UnloadTransport:
    """Everyone aboard set down in the first free hexes behind the transport, or lost."""
    unit = state.units[index]
    now = field
    drops: list[tuple[str, Hex | None, Facing | None]] = []
    for rider in aboard:
        hexes = unload_hexes(now, at, state.definition(rider).speed_mode, side=unit.owner)
        if not hexes:
            drops.append((state.units[rider].ident, None, None))
            continue
        drops.append((state.units[rider].ident, hexes[0], None))
        now = unload(
            now, at, [piece(state, rider)], [(hexes[0], unit.facing)], side=unit.owner
        ).field
    return UnloadTransport(unit.ident, tuple(drops))
