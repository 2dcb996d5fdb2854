"""Transport (BT-C-35.13, BT-M-25, BT-C-24.3): vehicles carry infantry platoons in troop space.

The digest leaves the rules open; this module takes the simplest reading consistent with
MegaMek's source (``MoveStep`` LOAD/UNLOAD, ``UnitManager.loadUnit``/``unloadUnit``,
``EntityManager.destroyEntity``), every choice marked DESIGN:

- DESIGN (capacity): a vehicle's troop space is its ``.blk`` ``TroopSpace`` in tons
  (`engine.battletech.data.transporters`); a platoon weighs its full strength times a weight a
  man (`MAN_TONS`: foot 0.085 t, jump 0.165, motorized 0.195, mechanized 1, after MegaMek's
  ``Infantry.getWeight``, recalled: not found in the stored copy), rounded up to the half ton
  (a foot platoon of 28: 2.5 t). Only conventional platoons ride (battle armor clinging to
  'Mechs and squads in troop space are not played yet).
- DESIGN (loading, MegaMek ``STEP_LOAD``): the carrier loads, in its Movement-phase slot, a
  friendly platoon in its hex that has not moved this turn, for 1 MP of its own move; the
  platoon's move is used (MegaMek: "the unit being loaded loses its turn"). With no steps it
  loads where it stands and may go on moving in the same mode; given steps it first moves
  (a `Move`, into the platoon's hex) and its move ends with the load. A VTOL must be landed.
- DESIGN (unloading, MegaMek ``STEP_UNLOAD``): 0 MP, the last act of the carrier's move (in
  place, or after moving ``steps``); the platoons get out in the carrier's hex, which must be
  terrain they may enter (BT-M-23) within the stacking limits (BT-M-25), facing as the
  carrier. They may not move again that phase but fire as usual. A platoon loaded this turn
  stays aboard until the next (no load-and-unload in one move). A VTOL must be landed.
- DESIGN (aboard): a passenger is off the map: not attacked, not seen, not counted for
  stacking (BT-M-25 "not counted"), never asked to move; it moves with its carrier
  (`position`). It may not fire (MegaMek: carried units are off the board).
- DESIGN (Cargo/infantry hit, BT-C-24.3; TW as MegaMek plays it: "only damages the
  transported units"): one passenger (1D6 picks among several, rerolled past the last
  multiple of their number) takes the damage of the hit that caused the critical, each point
  one man (MegaMek's ``damageEntity`` on a platoon: no weapon class, no x2 in the open).
- DESIGN (carrier destroyed, MegaMek ``destroyEntity``): the passengers of a ground vehicle, or
  of a landed VTOL, get out into its hex (`UnitUnloaded`, ``escaped``); one that may not stand
  there (prohibited terrain, stacking limits) is destroyed. A VTOL destroyed in flight or in
  its crash takes its passengers with it (TW p. 224); a VTOL that survives a crash landing:
  each passenger survives on 1D6 1-3 (TW p. 224, as MegaMek's issue 2034 reads it).
- DESIGN (withdrawal): passengers leave the map with their carrier.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from engine.battletech import events as ev
from engine.battletech import kindevents as kev
from engine.battletech.commands import BTCommand, Move, Step, StepKind
from engine.battletech.designs import InfantryDesign, VehicleDesign
from engine.battletech.kinds.infantry import InfantryBody, Occupant, stacking_problem
from engine.battletech.kinds.vehicle import VehicleBody
from engine.battletech.kinds.vehicle_tables import Crit
from engine.battletech.rules import kindmove, movement, turn
from engine.battletech.rules.aboard import (
    MAN_TONS,
    carrier_of,
    carrying,
    passenger_tons,
    passengers,
    position,
    space_left,
)
from engine.battletech.state import BTState, MoveMode, Phase, UnitState
from engine.battletech.transportcommands import LoadUnit, UnloadUnit
from engine.battletech.transportevents import (
    CargoHit,
    CrashSurvivalRolled,
    UnitLoaded,
    UnitUnloaded,
)
from engine.game import IllegalCommand
from engine.hexes import Hex

if TYPE_CHECKING:
    from engine.battletech.context import Ctx
    from engine.battletech.events import BTEvent

__all__ = [
    "LOAD_MP",
    "MAN_TONS",
    "carrier_of",
    "carrying",
    "check",
    "follow",
    "options",
    "order",
    "passenger_tons",
    "passengers",
    "position",
    "space_left",
]

LOAD_MP: Final = 1
"""DESIGN (MegaMek ``STEP_LOAD``): the carrier's MP a load costs; unloading costs none."""


_CRASH_SURVIVAL: Final = 3
"""TW p. 224: a passenger of a VTOL that survives its crash lives on 1D6 <= 3."""

Mover = Callable[["Ctx", Move], None]
"""The flow's move (validate, walk, end): how a load or unload after steps moves the carrier."""
Finisher = Callable[["Ctx", int], None]
"""The flow's end of a unit's move (its slot used, the next slots dealt)."""


# ------------------------------------------------------------------ guards
def _fail(code: str, why: str) -> IllegalCommand:
    return IllegalCommand(f"transport/{code}", why)


def _unit(state: BTState, index: int) -> UnitState:
    if not 0 <= index < len(state.units):
        raise _fail("unknown", f"there is no unit {index + 1}")
    return state.units[index]


def _carrier(state: BTState, index: int, what: str) -> UnitState:
    """Guards shared by both orders: the phase, a carrier on the map, its slot, its move."""
    if state.phase is not Phase.MOVEMENT:
        raise _fail("phase", f"units {what} in the Movement phase, not the {state.phase.value}")
    unit = _unit(state, index)
    design = unit.design
    if not isinstance(design, VehicleDesign) or design.troop_space <= 0:
        raise _fail("not_carrier", f"the {unit.name} has no troop space (BT-C-35.13)")
    if not unit.on_map:
        raise _fail("off_map", f"the {unit.name} is not on the map")
    if state.side_to_act != unit.side:
        side = state.side_to_act
        who = state.sides[side] if side is not None else "nobody"
        raise _fail("turn", f"it is {who}'s turn to move (BT-M-11)")
    if state.active is not None and state.active != index:
        other = state.units[state.active]
        raise _fail("active", f"the {other.name} has not finished its move (BT-M-18 item 6)")
    if unit.movement is not None and unit.movement.done:
        raise _fail("done", f"the {unit.name} has already moved this turn")
    if isinstance(unit.body, VehicleBody) and unit.body.airborne:
        raise _fail("flying", f"the {unit.name} must land first (DESIGN: a VTOL loads landed)")
    return unit


def _mode(unit: UnitState, mode: MoveMode, *, steps: bool) -> MoveMode:
    """The mode the carrier moves in: its own once started, else the order's."""
    if unit.movement is not None:
        if steps and unit.movement.mode is not mode:
            msg = f"the {unit.name} is moving in {unit.movement.mode.value} mode this turn"
            raise _fail("mode", msg)
        return unit.movement.mode
    return mode


def _end_hex(state: BTState, index: int, mode: MoveMode, command: LoadUnit | UnloadUnit) -> Hex:
    """Where the carrier will be when it loads or unloads: its hex, or its plotted move's end."""
    unit = state.units[index]
    assert unit.hex is not None  # noqa: S101 - `_carrier` checked it is on the map
    if not command.steps:
        return unit.hex
    if mode not in {MoveMode.WALK, MoveMode.RUN}:
        raise _fail("mode", "a carrier moves before loading in walk (cruise) or run (flank) mode")
    plan = movement.plan_move(state, index, mode, command.steps)
    if isinstance(command, LoadUnit) and plan.mp_spent + LOAD_MP > plan.allowance:
        msg = f"{plan.mp_spent} MP of moving and {LOAD_MP} to load is more than {plan.allowance}"
        raise _fail("mp", msg)
    return plan.end[0]


def _check_load(state: BTState, command: LoadUnit) -> MoveMode:
    carrier = _carrier(state, command.unit, "load")
    mode = _mode(carrier, command.mode, steps=bool(command.steps))
    rider = _unit(state, command.passenger)
    if command.passenger == command.unit or not isinstance(rider.design, InfantryDesign):
        raise _fail("kind", f"the {rider.name} is not an infantry platoon (BT-C-35.13)")
    if rider.side != carrier.side:
        raise _fail("enemy", f"the {rider.name} is not on the {carrier.name}'s side")
    if not rider.on_map:
        raise _fail("off_map", f"the {rider.name} is not on the map")
    if rider.movement is not None:
        raise _fail("moved", f"the {rider.name} has moved this turn (DESIGN, MegaMek)")
    tons, free = passenger_tons(rider), space_left(state, command.unit)
    if tons > free:
        raise _fail("space", f"the {rider.name} needs {tons:g} t, the {carrier.name} has {free:g}")
    where = _end_hex(state, command.unit, mode, command)
    if rider.hex != where:
        raise _fail("hex", f"the {rider.name} is not in the hex where the {carrier.name} loads")
    if not command.steps:
        if mode not in {MoveMode.WALK, MoveMode.RUN}:
            raise _fail("mode", "a carrier loads in walk (cruise) or run (flank) mode")
        spent = carrier.movement.mp_spent if carrier.movement is not None else 0
        limit = kindmove.allowance(carrier, mode)
        if spent + LOAD_MP > limit:
            raise _fail("mp", f"loading takes {LOAD_MP} MP: the {carrier.name} has {limit - spent}")
    return mode


def _unloading(state: BTState, command: UnloadUnit) -> tuple[int, ...]:
    aboard = passengers(state, command.unit)
    riders = command.passengers or aboard
    if not riders:
        raise _fail("empty", f"nobody is aboard the {state.units[command.unit].name}")
    for index in riders:
        rider = _unit(state, index)
        if index not in aboard:
            raise _fail("not_aboard", f"the {rider.name} is not aboard")
        if rider.movement is not None:
            raise _fail("just_loaded", f"the {rider.name} was loaded this turn (DESIGN)")
    if len(set(riders)) != len(riders):
        raise _fail("twice", "a passenger is named twice")
    return riders


def _exit_problem(state: BTState, riders: tuple[int, ...], where: Hex, carrier: int) -> str | None:
    """Why ``riders`` may not get out into ``where`` with ``carrier`` there (BT-M-23, BT-M-25)."""
    terrain = state.board.terrain(where)
    for index in riders:
        why = kindmove.deploy_problem(state.units[index], terrain)
        if why is not None:
            return f"the {state.units[index].name} cannot stand in {where.label}: {why}"
    present = [o for o in state.units_at(where) if o != carrier]
    if any(state.units[o].side != state.units[carrier].side for o in present):
        return f"{where.label} holds an enemy unit (BT-M-25)"
    everyone = (*present, carrier, *riders)
    occupants = [Occupant(state.units[o].side, kindmove.kind_of(state.units[o])) for o in everyone]
    return stacking_problem(occupants)


def _check_unload(state: BTState, command: UnloadUnit) -> tuple[MoveMode, tuple[int, ...]]:
    carrier = _carrier(state, command.unit, "unload")
    mode = _mode(carrier, command.mode, steps=bool(command.steps))
    riders = _unloading(state, command)
    where = _end_hex(state, command.unit, mode, command)
    why = _exit_problem(state, riders, where, command.unit)
    if why is not None:
        raise _fail("exit", why)
    return mode, riders


def check(state: BTState, command: LoadUnit | UnloadUnit) -> None:
    """Check a transport order without dice (for the legal-command list).

    Raises:
        IllegalCommand: the first guard that fails, naming the rule.
    """
    if isinstance(command, LoadUnit):
        _check_load(state, command)
    else:
        _check_unload(state, command)


# ------------------------------------------------------------------ orders
def order(ctx: Ctx, command: LoadUnit | UnloadUnit, move: Mover, finish: Finisher) -> None:
    """Resolve a transport order; ``move`` and ``finish`` are the flow's move and end of move.

    Raises:
        IllegalCommand: a guard fails (nothing has happened then).
    """
    if isinstance(command, LoadUnit):
        _load(ctx, command, move)
    else:
        _unload(ctx, command, move, finish)


def _load(ctx: Ctx, command: LoadUnit, move: Mover) -> None:
    mode = _check_load(ctx.state, command)
    index = command.unit
    if command.steps:
        move(ctx, Move(index, mode, command.steps))
        carrier, rider = ctx.state.units[index], ctx.state.units[command.passenger]
        if ctx.state.phase is not Phase.MOVEMENT or carrier.destroyed or rider.hex != carrier.hex:
            return  # the move was cut short (a skid, a stray): the load lapses
    elif ctx.state.units[index].movement is None:
        ctx.emit(ev.MovementStarted(index, mode))
    ctx.emit(UnitLoaded(index, command.passenger, LOAD_MP))
    _reslot(ctx)


def _unload(ctx: Ctx, command: UnloadUnit, move: Mover, finish: Finisher) -> None:
    mode, riders = _check_unload(ctx.state, command)
    index = command.unit
    if command.steps:
        move(ctx, Move(index, mode, command.steps))
        carrier = ctx.state.units[index]
        if ctx.state.phase is not Phase.MOVEMENT or not carrier.on_map or carrier.hex is None:
            return
        if _exit_problem(ctx.state, riders, carrier.hex, index) is not None:
            return  # it did not get where it meant to: they stay aboard
        _set_down(ctx, index, riders)
        return
    if ctx.state.units[index].movement is None:
        ctx.emit(ev.MovementStarted(index, MoveMode.STILL))
    _set_down(ctx, index, riders)
    finish(ctx, index)


def _set_down(ctx: Ctx, carrier: int, riders: tuple[int, ...]) -> None:
    unit = ctx.state.units[carrier]
    assert unit.hex is not None  # noqa: S101 - checked on the map
    for rider in riders:
        ctx.emit(UnitUnloaded(carrier, rider, unit.hex, unit.facing))


def _reslot(ctx: Ctx) -> None:
    """A loaded platoon no longer moves: drop a slot only it could use (BT-M-11)."""
    state = ctx.state
    if state.active is not None:
        return  # the mover's own end of move filters the slots (`flow._finish`)

    def waiting(side: int) -> int:
        return sum(1 for u in state.units if u.side == side and u.on_map and u.movement is None)

    slots = tuple((side, n) for side, n in state.slots if waiting(side))
    if slots != state.slots:
        ctx.emit(ev.SlotsDealt(slots))
    if not ctx.state.slots:
        dealt = turn.ratio_slots(state.order, {side: waiting(side) for side in state.order})
        if dealt:
            ctx.emit(ev.SlotsDealt(dealt))


# ------------------------------------------------------------------ what follows other events
def follow(ctx: Ctx, event: BTEvent) -> None:
    """What an event does to passengers: a carrier lost, a cargo hit, a crash, a withdrawal."""
    match event:
        case ev.UnitDestroyed():
            _carrier_destroyed(ctx, event.unit, event.by)
        case kev.VehicleCritical(crit=Crit.CARGO):
            _cargo_hit(ctx, event.unit)
        case kev.VTOLCrashed():
            _crashed(ctx, event.unit)
        case ev.UnitWithdrew():
            for rider in passengers(ctx.state, event.unit):
                ctx.emit(ev.UnitWithdrew(rider, event.hex))
        case _:
            return


def _crashed_now(ctx: Ctx, carrier: int) -> bool:
    return any(isinstance(e, kev.VTOLCrashed) and e.unit == carrier for e in ctx.events)


def _carrier_destroyed(ctx: Ctx, carrier: int, by: int | None) -> None:
    riders = passengers(ctx.state, carrier)
    if not riders:
        return
    unit = ctx.state.units[carrier]
    body = unit.body
    vtol_lost = isinstance(body, VehicleBody) and (body.airborne or _crashed_now(ctx, carrier))
    for rider in riders:
        if vtol_lost or unit.hex is None:
            ctx.emit(ev.UnitDestroyed(rider, f"lost with the {unit.name} (TW p. 224)", by=by))
            continue
        why = _exit_problem(ctx.state, (rider,), unit.hex, carrier)
        if why is not None:
            ctx.emit(ev.UnitDestroyed(rider, f"trapped in the wreck: {why}", by=by))
        else:
            ctx.emit(UnitUnloaded(carrier, rider, unit.hex, unit.facing, escaped=True))


def _cargo_hit(ctx: Ctx, carrier: int) -> None:
    riders = passengers(ctx.state, carrier)
    if not riders:
        return
    hit = next(
        (e for e in reversed(ctx.events) if isinstance(e, kev.VehicleHit) and e.unit == carrier),
        None,
    )
    damage = hit.damage if hit is not None else 0
    source = hit.source if hit is not None else None
    rolls: list[int] = []
    pick = riders[0]
    if len(riders) > 1:
        top = len(riders) * (6 // len(riders))
        while not rolls or rolls[-1] > top:
            rolls.append(ctx.die())
        pick = riders[(rolls[-1] - 1) % len(riders)]
    ctx.emit(CargoHit(carrier, pick, damage, tuple(rolls)))
    ctx.emit(kev.TroopersLost(pick, damage, damage, "cargo hit", source=source))
    body = ctx.state.units[pick].body
    if isinstance(body, InfantryBody) and body.destroyed:
        ctx.emit(ev.UnitDestroyed(pick, "killed aboard by a cargo hit (BT-C-24.3)", by=source))


def _crashed(ctx: Ctx, carrier: int) -> None:
    for rider in passengers(ctx.state, carrier):
        die = ctx.die()
        survived = die <= _CRASH_SURVIVAL
        ctx.emit(CrashSurvivalRolled(carrier, rider, die, survived))
        if not survived:
            name = ctx.state.units[carrier].name
            ctx.emit(ev.UnitDestroyed(rider, f"killed in the {name}'s crash (TW p. 224)"))


# ------------------------------------------------------------------ the legal orders
def options(state: BTState, index: int) -> list[BTCommand]:
    """Every transport order unit ``index`` may give now (checked: each is accepted).

    Loads in place, loads at the end of a move into a platoon's hex (one path each, walking),
    unloads of everyone aboard in place and at every reachable end (walking).
    """
    unit = state.units[index]
    design = unit.design
    if not isinstance(design, VehicleDesign) or design.troop_space <= 0 or not unit.on_map:
        return []
    mode = unit.movement.mode if unit.movement is not None else MoveMode.WALK
    friends = [
        i
        for i, u in enumerate(state.units)
        if i != index and u.side == unit.side and u.on_map and isinstance(u.design, InfantryDesign)
    ]
    candidates: list[LoadUnit | UnloadUnit] = [LoadUnit(index, rider, mode) for rider in friends]
    ends = _walk_ends(state, index, mode)
    for rider in friends:
        where = state.units[rider].hex
        steps = ends.get(where) if where is not None else None
        if steps:
            candidates.append(LoadUnit(index, rider, mode, steps))
    if passengers(state, index):
        candidates.append(UnloadUnit(index))
        candidates += [UnloadUnit(index, (), mode, steps) for steps in ends.values() if steps]
    result: list[BTCommand] = []
    for command in candidates:
        try:
            check(state, command)
        except IllegalCommand:
            continue
        result.append(command)
    return result


def _walk_ends(state: BTState, index: int, mode: MoveMode) -> dict[Hex, tuple[Step, ...]]:
    """The cheapest steps to each hex the carrier can reach this turn in ``mode`` (None: none)."""
    unit = state.units[index]
    if mode not in {MoveMode.WALK, MoveMode.RUN} or (
        unit.movement is not None and unit.movement.done
    ):
        return {}
    ends: dict[Hex, tuple[Step, ...]] = {}
    try:
        reach = movement.reachable(state, index, mode)
    except IllegalCommand:
        return {}
    for (where, _), spot in sorted(reach.items(), key=lambda item: item[1].mp):
        if where == unit.hex or where in ends or not spot.steps:
            continue
        if any(s.kind in {StepKind.PRONE, StepKind.STAND} for s in spot.steps):
            continue
        ends[where] = spot.steps
    return ends
