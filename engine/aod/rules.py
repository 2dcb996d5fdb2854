"""The AoD turn machine: `decide` a command into events, and what may be commanded now.

Rules: AOD-5 steps 5 and 9 (first player, deployment; AOD-26.10 on hexes), AOD-7 (stages, the
order pool, one order per unit, the order table, tokens, pushing, clean-up), AOD-8 (Move orders:
allowance, path, break-away, run, free spin, VTOL altitude), AOD-10.3 (Vent), AOD-22 (the end).

Guards run in a fixed order, one per rule (STYLE 6): the stage allows the command; the unit is
known, the active player's, on the board; it has had no order this turn; an order is left; the
order is one its type and state allow; the order's own checks. A refusal raises `IllegalCommand`
with a code (`AoDCode`) and a sentence a player can read.

Events are applied as they are raised (`_Ctx.emit`), so later rules see earlier effects.

Seams for the other rule modules (the lead wires them):

- ``_change_heat`` / ``_apply_heat`` apply heat through `engine.aod.heat` (the total first, the
  checks loop, shutdown with two tokens, restart), and record ammo damage; energy-hit heat (once a
  turn, AOD-10.1) is combat's to call through them.
- ``_record_damage`` records a `engine.aod.dial.DamageTaken` (any kind: combat's hits too):
  elimination and its VP (AOD-17.4, AOD-25 #26), a VTOL's forced descent (AOD-8.9).
- Combat orders (ranged, close, assault, special attacks) are `OrderKind`s already; each needs a
  command class and a resolver called between `_give_order` and `_after_order`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator, Sequence

from engine.aod.commands import (
    CallTime,
    DeployUnit,
    EndTurn,
    FreeSpin,
    MoveUnit,
    RollFirstPlayer,
    VentUnit,
    WithdrawForce,
)
from engine.aod.dial import DamageKind, DamageTaken, take_damage
from engine.aod.events import (
    BreakAwayRolled,
    DeployerChanged,
    FirstPlayerRolled,
    ForceWithdrawn,
    FreeSpinsOffered,
    GameEnded,
    HeatCause,
    HeatChanged,
    OrderGiven,
    TokensRemoved,
    TurnBegan,
    TurnEnded,
    UnitDamaged,
    UnitDeployed,
    UnitEliminated,
    UnitMoved,
    UnitSpun,
)
from engine.aod.evolve import evolve
from engine.aod.geometry import enemy_contacts, free_spins, mode_terrain, submerged
from engine.aod.heat import SHUTDOWN_TOKENS, HeatOutcome, add_heat, clean_up, cool, vent
from engine.aod.movement import (
    Altitude,
    allowance,
    check_path,
    forced_descent_hexes,
    reachable_states,
    starts_hindered,
)
from engine.aod.orders import (
    IMPLEMENTED,
    Contact,
    allowed_orders,
    break_away_rule,
    is_push,
    push_effect,
    tokens_after_cleanup,
)
from engine.aod.scoring import (
    elimination_scorer,
    final_scores,
    game_over_reason,
    judge,
    zone_points,
)
from engine.aod.state import AoDState, OrderKind, SpinOffer, Stage
from engine.aod.terrain import TerrainType
from engine.aod.units import SpeedMode, UnitType
from engine.dice import DiceSource
from engine.game import Command, Event, IllegalCommand, KernelCode, Seat
from engine.hexes import Facing, Hex

__all__ = [
    "AoDCode",
    "decide",
    "legal_commands",
    "move_allowance",
    "orderable",
    "seats_to_act",
]


class AoDCode(enum.StrEnum):
    """Rejection codes of the AoD rules (STYLE 5)."""

    STAGE = "turn/wrong_stage"
    SPIN_PENDING = "turn/free_spin_pending"
    UNKNOWN_UNIT = "unit/unknown"
    NOT_YOURS = "unit/not_yours"
    OFF_BOARD = "unit/not_on_board"
    DEPLOYED = "deploy/already_deployed"
    OUTSIDE_ZONE = "deploy/outside_zone"
    OCCUPIED = "deploy/occupied"
    TERRAIN = "deploy/terrain"
    ALTITUDE = "unit/altitude"
    ORDERED = "order/already_ordered"
    NO_ORDERS = "order/none_left"
    NOT_ALLOWED = "order/not_allowed"
    RUN = "move/cannot_run"
    PATH = "move/path"
    UNREACHABLE = "move/unreachable"
    NO_SPIN = "spin/not_offered"
    SPIN_FACING = "spin/facing"


class _Ctx:
    """The state as events are raised: each event is applied at once (``Ctx.emit``)."""

    def __init__(self, state: AoDState, dice: DiceSource) -> None:
        self.state = state
        self.dice = dice
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)


def decide(state: AoDState, command: Command, dice: DiceSource) -> list[Event]:
    """Validate ``command`` and resolve it into events (raises `IllegalCommand`)."""
    if state.stage is Stage.OVER:
        raise IllegalCommand(KernelCode.GAME_OVER, "The game is over.")
    ctx = _Ctx(state, dice)
    handler = _HANDLERS.get(type(command))
    if handler is None:
        raise IllegalCommand(KernelCode.PARSE, f"Age of Destruction has no command {command!r}.")
    handler(ctx, command)
    return ctx.events


# ---- guards -------------------------------------------------------------------------------------


def _stage(state: AoDState, *stages: Stage) -> None:
    """The command belongs to this stage of the game."""
    if state.stage not in stages:
        names = " or ".join(s.value for s in stages)
        raise IllegalCommand(
            AoDCode.STAGE, f"That is done in the {names} stage; this is the {state.stage.value}."
        )


def _no_spins(state: AoDState) -> None:
    """AOD-8.5: a free spin is made at once, before the next order."""
    if state.spins:
        offer = state.spins[0]
        raise IllegalCommand(
            AoDCode.SPIN_PENDING,
            f"{state.units[offer.unit].ident} may first spin to face "
            f"{state.units[offer.mover].ident} (spin {state.units[offer.unit].ident} <facing> or "
            "stay).",
        )


def _own_unit(state: AoDState, ident: str) -> int:
    """The active player's unit named ``ident``."""
    index = state.index_of(ident)
    if index is None:
        raise IllegalCommand(AoDCode.UNKNOWN_UNIT, f"There is no unit {ident}.")
    owner = state.units[index].owner
    if owner != state.active:
        raise IllegalCommand(
            AoDCode.NOT_YOURS,
            f"{state.units[index].ident} belongs to {state.players[owner]}, "
            f"and it is {state.players[state.active]}'s turn.",
        )
    return index


def _standing_problem(state: AoDState, index: int, where: Hex, altitude: Altitude) -> str:
    """AOD-19.3 / AOD-8.6: why unit ``index`` may not stand in ``where``, or ""."""
    terrain = state.setup.terrain[where]
    printed = state.definition(index)
    if terrain.type is TerrainType.BLOCKING:
        return f"{where.label} is blocking terrain."
    if altitude is Altitude.NOE and mode_terrain(terrain, printed.speed_mode) is (
        TerrainType.BLOCKING
    ):
        return f"{where.label} is blocking terrain for {printed.speed_mode} units."
    return ""


# ---- first player and deployment (AOD-5) --------------------------------------------------------


def _roll_first(ctx: _Ctx, command: Command) -> None:
    """AOD-5 step 5 / AOD-26.10: 3d6 each; the highest goes first; the tied re-roll."""
    del command
    _stage(ctx.state, Stage.FIRST_PLAYER)
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


def _deploy(ctx: _Ctx, command: Command) -> None:
    """AOD-5 step 9 / AOD-26.10: one unit into its owner's zone, then the next player's turn."""
    assert isinstance(command, DeployUnit)  # noqa: S101 - dispatched by type
    state = ctx.state
    _stage(state, Stage.DEPLOYMENT)
    index = _own_unit(state, command.unit)
    unit = state.units[index]
    if unit.hex is not None:  # AOD-5 step 9: each unit is placed once
        raise IllegalCommand(AoDCode.DEPLOYED, f"{unit.ident} is already at {unit.hex.label}.")
    if command.hex not in state.setup.zone(unit.owner):  # AOD-26.10: the hex inside the zone
        raise IllegalCommand(
            AoDCode.OUTSIDE_ZONE,
            f"{_label(command.hex)} is outside {state.players[unit.owner]}'s deployment zone.",
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
    if any(ctx.state.units[n].hex is None for n in ctx.state.owned(unit.owner)):
        return
    waiting = _next_seats(ctx.state, unit.owner, lambda p: _undeployed(ctx.state, p))
    if waiting is not None:  # AOD-5 step 9: the player to the left follows
        ctx.emit(DeployerChanged(waiting))
        return
    first = ctx.state.first if ctx.state.first is not None else 0
    _begin_turn(ctx, first)  # AOD-5 step 11: the first player takes the first turn


def _undeployed(state: AoDState, player: int) -> bool:
    return any(state.units[n].hex is None for n in state.owned(player))


def _next_seats(state: AoDState, after: int, wanted: Callable[[int], bool]) -> int | None:
    """The next seat to the left of ``after`` that is ``wanted`` (``after`` itself last)."""
    count = len(state.setup.players)
    for step in range(1, count + 1):
        seat = (after + step) % count
        if wanted(seat):
            return seat
    return None


def _label(where: Hex) -> str:
    try:
        return where.label
    except ValueError:
        return f"({where.q}, {where.r})"


# ---- turns (AOD-7.1, AOD-7.6) -------------------------------------------------------------------


def _begin_turn(ctx: _Ctx, player: int) -> None:
    """AOD-7.1 command stage and AOD-7.2: the orders, and the deployment-zone VP (AOD-22.2 #3)."""
    state = ctx.state
    first = state.first if state.first is not None else 0
    count = len(state.setup.players)
    place = (player - first) % count
    previous = (state.active - first) % count
    new_round = state.turn == 0 or place <= previous
    number = state.round + 1 if new_round else state.round
    if number > state.setup.round_limit:  # AOD-26.16 / AOD-25 #28: the round limit
        _end_game(ctx, f"the {state.setup.round_limit}-round limit was reached")
        return
    ctx.emit(
        TurnBegan(player, state.turn + 1, number, state.setup.orders, zone_points(state, player))
    )


def _finish_turn(ctx: _Ctx) -> None:
    """AOD-7.6: orders left are lost; heat, then tokens; the player to the left is active."""
    state = ctx.state
    player = state.active
    ctx.emit(TurnEnded(player, state.orders_left))
    for index in state.owned(player):  # step 1: heat ([INTERP] AOD-25 #33: heat first)
        if ctx.state.units[index].on_board and ctx.state.definition(index).is_mech:
            _clean_up_heat(ctx, index)
    for index in state.owned(player):  # step 2: tokens
        unit = ctx.state.units[index]
        if not unit.on_board:
            continue
        kept = tokens_after_cleanup(unit.tokens, unit.order, shutdown=unit.dial.shutdown)
        if kept != unit.tokens:
            ctx.emit(TokensRemoved(index, kept))
    if _check_end(ctx):
        return
    following = _next_seats(ctx.state, player, ctx.state.in_play)  # step 3: to the left
    if following is None:
        _end_game(ctx, "no unit is left on the battlefield")
        return
    _begin_turn(ctx, following)


def _end_turn(ctx: _Ctx, command: Command) -> None:
    """AOD-7.2: the player ends his order stage; the orders not given are lost."""
    del command
    _stage(ctx.state, Stage.ORDER)
    _no_spins(ctx.state)
    _finish_turn(ctx)


def _call_time(ctx: _Ctx, command: Command) -> None:
    """AOD-22.1 items 2-3: the time limit ran out, or every player agreed to stop."""
    del command
    _stage(ctx.state, Stage.ORDER)
    _end_game(ctx, "time was called")


def _withdraw(ctx: _Ctx, command: Command) -> None:
    """AOD-22.4: the active player removes his force; the turn passes, or the game ends."""
    del command
    _stage(ctx.state, Stage.ORDER)
    player = ctx.state.active
    units = tuple(n for n in ctx.state.owned(player) if ctx.state.units[n].on_board)
    ctx.emit(ForceWithdrawn(player, units))
    if not _check_end(ctx):
        _finish_turn(ctx)


def _check_end(ctx: _Ctx) -> bool:
    """AOD-22.1 item 1: end the game when at most one player has a functional unit."""
    if ctx.state.stage is Stage.OVER:
        return True
    reason = game_over_reason(ctx.state)
    if reason is None:
        return False
    _end_game(ctx, reason)
    return True


def _end_game(ctx: _Ctx, reason: str) -> None:
    """AOD-22.2 / AOD-22.3: score the three conditions and name the winner."""
    ctx.emit(GameEnded(judge(final_scores(ctx.state), reason, ctx.dice)))


# ---- orders (AOD-7.2 to AOD-7.5) ----------------------------------------------------------------


def _unit_context(state: AoDState, index: int) -> tuple[bool, bool]:
    """(in base contact with an enemy, submerged) for the order table (AOD-7.3)."""
    field, indices = state.battlefield()
    at = indices.index(index)
    return bool(enemy_contacts(field, at)), submerged(field.terrain, field.units[at])


def _allowed(state: AoDState, index: int) -> frozenset[OrderKind]:
    contact, under = _unit_context(state, index)
    return allowed_orders(
        state.definition(index), state.units[index].dial, enemy_contact=contact, submerged=under
    )


def orderable(state: AoDState, index: int) -> frozenset[OrderKind]:
    """The orders unit ``index`` may receive now, of those the engine resolves (AOD-7.2, 7.3)."""
    unit = state.units[index]
    if (
        state.stage is not Stage.ORDER
        or unit.owner != state.active
        or not unit.on_board
        or unit.order is not None
        or state.orders_left <= 0
    ):
        return frozenset()
    return _allowed(state, index) & IMPLEMENTED


def _order_unit(ctx: _Ctx, ident: str, kind: OrderKind) -> int:
    """The guards every order passes (AOD-7.2, AOD-7.3), in order; the unit's index."""
    state = ctx.state
    _stage(state, Stage.ORDER)
    _no_spins(state)
    index = _own_unit(state, ident)
    unit = state.units[index]
    if not unit.on_board:
        raise IllegalCommand(AoDCode.OFF_BOARD, f"{unit.ident} is not on the battlefield.")
    if unit.order is not None:  # AOD-7.2: one order per unit per turn
        raise IllegalCommand(
            AoDCode.ORDERED, f"{unit.ident} has had its order this turn ({unit.order.value})."
        )
    if state.orders_left <= 0:  # AOD-7.2: build total / 150 orders a turn
        raise IllegalCommand(AoDCode.NO_ORDERS, "No orders are left this turn: end the turn.")
    if kind not in _allowed(state, index):  # AOD-7.3
        raise IllegalCommand(AoDCode.NOT_ALLOWED, _not_allowed(state, index, kind))
    return index


def _not_allowed(state: AoDState, index: int, kind: OrderKind) -> str:
    """The sentence for an order the table of AOD-7.3 forbids."""
    unit, printed = state.units[index], state.definition(index)
    if unit.dial.shutdown and state.heavy_damage(index):
        return f"{unit.ident} is shut down and heavily damaged: it can take no order."
    if unit.dial.shutdown:
        return f"{unit.ident} is shut down: it can only vent."
    if state.heavy_damage(index):
        return f"{unit.ident} shows Heavy Damage: it can only move."
    if kind is OrderKind.VENT and not printed.is_mech:
        return f"Only 'Mechs vent; {unit.ident} is {printed.unit_type.value}."
    return f"{unit.ident} cannot take a {kind.value} order now."


def _give_order(ctx: _Ctx, index: int, kind: OrderKind) -> bool:
    """AOD-7.4 / AOD-7.5: count the order and place its token; whether it is a push."""
    unit = ctx.state.units[index]
    pushed = is_push(kind, unit.tokens)
    tokens = unit.tokens if kind is OrderKind.VENT or pushed else 1
    ctx.emit(OrderGiven(index, kind, pushed, tokens))
    return pushed


def _after_order(ctx: _Ctx, index: int, *, pushed: bool, heat: Sequence[HeatCause]) -> None:
    """AOD-7.5 / AOD-10.2: the push's cost and the order's heat, then the end-of-turn checks."""
    printed = ctx.state.definition(index)
    causes = list(heat)
    if pushed:
        effect = push_effect(printed)
        if effect.heat:
            causes.insert(0, HeatCause.PUSHED)
        if effect.clicks:
            _damage(ctx, index, effect.clicks, "pushed", by=None, tokens=2)
    if causes and printed.is_mech and ctx.state.units[index].on_board:
        _change_heat(ctx, index, tuple(causes), len(causes))
    if _check_end(ctx) or ctx.state.spins:
        return
    state = ctx.state
    if state.orders_left <= 0 or not any(orderable(state, n) for n in state.owned(state.active)):
        _finish_turn(ctx)


# ---- the seams: heat and damage -----------------------------------------------------------------


def _change_heat(ctx: _Ctx, index: int, causes: tuple[HeatCause, ...], change: int) -> None:
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
    _apply_heat(ctx, index, causes, outcome)


def _clean_up_heat(ctx: _Ctx, index: int) -> None:
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
        _apply_heat(ctx, index, tuple(causes), outcome)


def _water(state: AoDState, index: int) -> TerrainType | None:
    """AOD-10.3: the water the unit started and ended its owner's turn in (deep only if both)."""
    unit = state.units[index]
    if unit.turn_start is None or unit.hex is None:
        return None
    kinds = {state.setup.terrain[unit.turn_start].type, state.setup.terrain[unit.hex].type}
    if not kinds <= {TerrainType.SHALLOW, TerrainType.DEEP}:
        return None
    return TerrainType.DEEP if kinds == {TerrainType.DEEP} else TerrainType.SHALLOW


def _apply_heat(ctx: _Ctx, index: int, causes: tuple[HeatCause, ...], outcome: HeatOutcome) -> None:
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
        _record_damage(ctx, index, hit, "ammo explosion", by=None, tokens=tokens)


def _damage(ctx: _Ctx, index: int, clicks: int, cause: str, *, by: int | None, tokens: int) -> None:
    """AOD-7.5 / AOD-11.5: pushing clicks, which nothing prevents (`engine.aod.dial`)."""
    unit, printed = ctx.state.units[index], ctx.state.definition(index)
    hit = take_damage(printed, unit.dial, clicks, DamageKind.PUSHING)
    _record_damage(ctx, index, hit, cause, by=by, tokens=tokens)


def _record_damage(
    ctx: _Ctx, index: int, hit: DamageTaken, cause: str, *, by: int | None, tokens: int
) -> None:
    """AOD-17.1 to AOD-17.4: the dial turned; elimination scores (AOD-25 #26); a VTOL lands."""
    unit = ctx.state.units[index]
    ctx.emit(UnitDamaged(index, hit.kind, hit.taken, hit.status.click, tokens, cause, by))
    if hit.eliminated:
        scorer = elimination_scorer(ctx.state, index, by)
        ctx.emit(UnitEliminated(index, scorer, unit.points))
    elif hit.forced_descent and unit.altitude is Altitude.CRUISING:
        _forced_descent(ctx, index)


def _forced_descent(ctx: _Ctx, index: int) -> None:
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


# ---- Move (AOD-8) -------------------------------------------------------------------------------


def move_allowance(state: AoDState, index: int, *, run: bool = False) -> int:
    """AOD-8.3: the hexes a Move order covers: modified speed, run x2, hindering start half."""
    unit = state.units[index]
    speed = state.click(index).speed
    dial = state.heat_dial(index)
    if dial is not None and not unit.dial.shutdown:
        speed += dial.positions[min(unit.dial.heat, dial.shutdown_position)].speed
    field, indices = state.battlefield()
    return allowance(speed, run=run, hindering_start=starts_hindered(field, indices.index(index)))


def _move(ctx: _Ctx, command: Command) -> None:
    """AOD-8: a Move order: the path, the break-away roll, the move, free spins, run heat."""
    assert isinstance(command, MoveUnit)  # noqa: S101 - dispatched by type
    index = _order_unit(ctx, command.unit, OrderKind.MOVE)
    state = ctx.state
    unit, printed = state.units[index], state.definition(index)
    if command.run and not printed.is_mech:  # AOD-8.7: 'Mechs and Quads run
        raise IllegalCommand(AoDCode.RUN, f"Only 'Mechs run; {unit.ident} is {printed.unit_type}.")
    altitude = unit.altitude if command.altitude is None else command.altitude
    if altitude is not unit.altitude and printed.speed_mode is not SpeedMode.VTOL:
        raise IllegalCommand(AoDCode.ALTITUDE, f"Only a VTOL flies; {unit.ident} is not one.")
    cost = _path_cost(state, index, command, altitude)
    pushed = _give_order(ctx, index, OrderKind.MOVE)
    moved, infantry = _break_away(ctx, index)
    heat: list[HeatCause] = []
    if moved:
        ctx.emit(UnitMoved(index, command.to, command.facing, altitude, cost, command.run))
        _push_infantry(ctx, index, infantry)
        if command.run:
            heat.append(HeatCause.RUN)  # AOD-8.7: +1, none after a failed break-away
        if command.to != unit.hex:
            _offer_spins(ctx, index)
    elif _failed_may_rotate(state, index) and command.facing != unit.facing:
        assert unit.hex is not None  # noqa: S101 - on the board (guarded)
        ctx.emit(UnitMoved(index, unit.hex, command.facing, unit.altitude, 0))
    _after_order(ctx, index, pushed=pushed, heat=heat)


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
        problem = check_path(field, at, path, budget)
        if problem is not None:
            raise IllegalCommand(AoDCode.PATH, f"{unit.ident} cannot move so: {problem}.")
        return len(path)
    cost = reachable_states(field, at, budget).get((command.to, altitude))
    if cost is None:
        where = _label(command.to)
        raise IllegalCommand(
            AoDCode.UNREACHABLE,
            f"{unit.ident} cannot reach {where} at {altitude.value} altitude this turn "
            f"(allowance {budget}).",
        )
    return cost


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


def _break_away(ctx: _Ctx, index: int) -> tuple[bool, tuple[int, ...]]:
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


def _push_infantry(ctx: _Ctx, index: int, infantry: Sequence[int]) -> None:
    """AOD-8.4: each enemy infantry unit a breaking-away 'Mech left takes 1 pushing click."""
    owner = ctx.state.units[index].owner
    for other in infantry:
        if ctx.state.units[other].on_board:
            _damage(ctx, other, 1, "break-away", by=owner, tokens=ctx.state.units[other].tokens)


def _failed_may_rotate(state: AoDState, index: int) -> bool:
    """AOD-8.4: infantry and 'Mech-mode units may still turn after a failed break-away."""
    return break_away_rule(state.definition(index), ()).may_rotate


def _offer_spins(ctx: _Ctx, index: int) -> None:
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


def _spin(ctx: _Ctx, command: Command) -> None:
    """AOD-8.5: the owner of a unit offered a free spin turns it, or declines."""
    assert isinstance(command, FreeSpin)  # noqa: S101 - dispatched by type
    state = ctx.state
    _stage(state, Stage.ORDER)
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
    after = ctx.state
    if not after.spins and (
        after.orders_left <= 0 or not any(orderable(after, n) for n in after.owned(after.active))
    ):
        _finish_turn(ctx)


# ---- Vent (AOD-10.3) ----------------------------------------------------------------------------


def _vent(ctx: _Ctx, command: Command) -> None:
    """AOD-10.3: cool by the vent rating; no token, no push, tokens kept (AOD-7.4)."""
    assert isinstance(command, VentUnit)  # noqa: S101 - dispatched by type
    index = _order_unit(ctx, command.unit, OrderKind.VENT)
    _give_order(ctx, index, OrderKind.VENT)
    unit, printed, dial = (
        ctx.state.units[index],
        ctx.state.definition(index),
        ctx.state.heat_dial(index),
    )
    if dial is not None:
        suspended = unit.heat_rolls_suspended
        outcome = vent(printed, dial, unit.dial, ctx.dice, checks_suspended=suspended)
        _apply_heat(ctx, index, (HeatCause.VENT,), outcome)
    _after_order(ctx, index, pushed=False, heat=())


_HANDLERS: dict[type[Command], Callable[[_Ctx, Command], None]] = {
    RollFirstPlayer: _roll_first,
    DeployUnit: _deploy,
    MoveUnit: _move,
    VentUnit: _vent,
    FreeSpin: _spin,
    EndTurn: _end_turn,
    CallTime: _call_time,
    WithdrawForce: _withdraw,
}


# ---- who acts, and what they may do -------------------------------------------------------------


def seats_to_act(state: AoDState) -> frozenset[Seat]:
    """The seats due: anyone rolls for first player; the deployer; a spin's owner; the active."""
    if state.stage is Stage.OVER:
        return frozenset()
    if state.stage is Stage.FIRST_PLAYER:
        return frozenset(range(len(state.setup.players)))
    if state.spins:
        return frozenset({state.units[state.spins[0].unit].owner})
    return frozenset({state.active})


def legal_commands(state: AoDState) -> list[Command]:
    """Every command the rules accept now, for menus, bots and property tests.

    Deployments face the enemy's side of the board; moves keep the unit's facing (turning in
    place lists the other five); calling time and withdrawing end games and are not listed.
    """
    if state.stage is Stage.OVER:
        return []
    if state.stage is Stage.FIRST_PLAYER:
        return [RollFirstPlayer()]
    if state.stage is Stage.DEPLOYMENT:
        return list(_deployments(state))
    if state.spins:
        offer = state.spins[0]
        ident = state.units[offer.unit].ident
        return [FreeSpin(ident, None), *(FreeSpin(ident, f) for f in offer.facings)]
    found: list[Command] = [EndTurn()]
    for index in state.owned(state.active):
        kinds = orderable(state, index)
        if OrderKind.VENT in kinds:
            found.append(VentUnit(state.units[index].ident))
        if OrderKind.MOVE in kinds:
            found += _moves(state, index)
    return found


def _deployments(state: AoDState) -> Iterator[Command]:
    zone = sorted(state.setup.zone(state.active))
    taken = {u.hex for u in state.units if u.on_board}
    for index in state.owned(state.active):
        unit = state.units[index]
        if unit.hex is not None:
            continue
        for where in zone:
            if where not in taken and not _standing_problem(state, index, where, Altitude.NOE):
                yield DeployUnit(unit.ident, where, unit.facing)


def _moves(state: AoDState, index: int) -> list[Command]:
    unit, printed = state.units[index], state.definition(index)
    field, indices = state.battlefield()
    at = indices.index(index)
    vtol = printed.speed_mode is SpeedMode.VTOL
    start = unit.hex
    assert start is not None  # noqa: S101 - orderable units are on the board
    found: list[Command] = [MoveUnit(unit.ident, start, f) for f in Facing if f != unit.facing]
    walked = reachable_states(field, at, move_allowance(state, index))
    runs = (
        reachable_states(field, at, move_allowance(state, index, run=True))
        if printed.is_mech
        else {}
    )
    for run, ends in ((False, walked), (True, {k: v for k, v in runs.items() if k not in walked})):
        for where, altitude in sorted(ends):
            if where == start and altitude is unit.altitude:
                continue
            found.append(MoveUnit(unit.ident, where, unit.facing, run, altitude if vtol else None))
    return found
