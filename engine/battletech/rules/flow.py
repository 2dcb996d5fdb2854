"""BattleTech `decide`: deployment, initiative, alternation and movement (BT-M-9..36).

Each command is checked in a fixed guard order (STYLE 6): the phase allows it, the unit is the one
whose turn it is, the path is legal (`engine.battletech.rules.movement`), then it is resolved.
Rolls are made while resolving, through `Ctx`, and every die is written into the event it decided.
"""

from __future__ import annotations

import attrs

from engine.battletech import events as ev
from engine.battletech.antimechevents import BrushOff, LegAttack, StopSwarm, SwarmAttack
from engine.battletech.commands import (
    BTCommand,
    Deploy,
    DumpAmmo,
    Eject,
    EndMove,
    EndPhase,
    FireWeapons,
    Jump,
    Move,
    PhysicalAttack,
    RollInitiative,
    StepKind,
    SwitchHeatSinks,
    TakeClub,
)
from engine.battletech.context import Ctx
from engine.battletech.kindmoveevents import ElevationChanged
from engine.battletech.kinds.vehicle import VehicleBody
from engine.battletech.nightcommands import ChooseJitterFirer
from engine.battletech.rules import (
    antimech,
    buildings,
    combat,
    displacement,
    environment,
    kindmove,
    mascroll,
    night,
    nightchoice,
    physical,
    sinks,
    skids,
    transport,
    turn,
)
from engine.battletech.rules.damage import fall, piloting_roll
from engine.battletech.rules.heat import movement_heat
from engine.battletech.rules.movement import Check, Plan, PlannedStep, plan_jump, plan_move
from engine.battletech.rules.victory import immediate_result
from engine.battletech.state import BTState, Movement, MoveMode, Phase, UnitState
from engine.battletech.transportcommands import LoadUnit, UnloadUnit
from engine.dice import DiceSource
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex

__all__ = [
    "can_end_phase",
    "check_charge_move",
    "deal_slots",
    "decide",
    "deploy_zone",
    "pending",
    "prompt_text",
    "why_not_end_phase",
]

_FALLS = {"water", "rubble", "stand", "run_damage", "landing"}


# ---------------------------------------------------------------- queries


def pending(state: BTState, side: int | None = None) -> tuple[int, ...]:
    """Units still to move this phase (on the map, alive, not yet moved), optionally of one side."""
    return tuple(
        i
        for i, u in enumerate(state.units)
        if u.on_map and u.movement is None and (side is None or u.side == side)
    )


def deal_slots(state: BTState) -> tuple[tuple[int, int], ...]:
    """BT-M-11: the next movement "pair" among the units still to move (`turn.ratio_slots`)."""
    counts = {side: len(pending(state, side)) for side in state.order}
    return turn.ratio_slots(state.order, counts)


def deploy_zone(state: BTState, side: int) -> frozenset[Hex]:
    """The hexes a side may deploy in: ``deploy_rows`` rows (or columns) from its home edge.

    Side 0 north, 1 south, 2 west, 3 east (and round again for more sides).
    """
    board = state.board
    rows = max(1, state.deploy_rows)
    zone = set()
    for where in board.positions():
        col, row = where.to_offset()
        edge = side % 4
        inside = (
            (edge == 0 and row < rows)
            or (edge == 1 and row >= board.height - rows)
            or (edge == 2 and col < rows)  # noqa: PLR2004 - west
            or (edge == 3 and col >= board.width - rows)  # noqa: PLR2004 - east
        )
        if inside:
            zone.add(where)
    return frozenset(zone)


def can_end_phase(state: BTState) -> bool:
    """True when the Movement phase is finished and `EndPhase` may close the turn."""
    return state.phase is Phase.MOVEMENT and state.active is None and not pending(state)


def why_not_end_phase(state: BTState) -> str | None:  # noqa: PLR0911 - one reason per phase
    """Why `EndPhase` cannot close the phase now, in one line; None when it can (BT-M-9).

    Only the Movement phase is closed by a player; deployment and the attack phases end by
    themselves once every unit has deployed or declared (BT-M-11), and initiative by its roll
    (BT-M-10). The line names what is still pending: the unit still in its move, or the units
    still to move (or to deploy, or to declare), by side.
    """
    if can_end_phase(state):
        return None
    match state.phase:
        case Phase.OVER:
            return "The game is over."
        case Phase.DEPLOYMENT:
            waiting = tuple(
                i for i, u in enumerate(state.units) if u.hex is None and not u.destroyed
            )
            return "Deployment ends by itself once every unit is placed; " + _still(
                state, waiting, "to deploy"
            )
        case Phase.INITIATIVE:
            return f"Turn {state.turn} has not begun: roll initiative first."
        case Phase.WEAPON | Phase.PHYSICAL:
            what = "weapon attack" if state.phase is Phase.WEAPON else "physical attack"
            return f"The {what} phase ends by itself once every unit has declared; " + _still(
                state, turn.declarers(state), "to declare"
            )
        case Phase.MOVEMENT:
            if state.active is not None:
                unit = state.units[state.active]
                return (
                    f"The {unit.name} ({state.sides[unit.side]}) is still in its move: "
                    "end it first."
                )
            return "Not every unit has moved; " + _still(state, pending(state), "to move")
    return f"There is no phase to end in the {state.phase.value} phase."


_NAMED = 3
"""How many units `why_not_end_phase` names before it counts the rest."""


def _still(state: BTState, units: tuple[int, ...], what: str) -> str:
    """The pending units by side: "still to move: Davion 2 (Griffin GRF-1N, Atlas AS7-D)"."""
    if not units:
        return f"nothing is left {what}."
    by_side: dict[int, list[int]] = {}
    for index in units:
        by_side.setdefault(state.units[index].side, []).append(index)
    named = 0
    parts = []
    for side in sorted(by_side):
        indices = by_side[side]
        names = [state.units[i].name for i in indices[: max(0, _NAMED - named)]]
        named += len(names)
        rest = len(indices) - len(names)
        listed = ", ".join(names + ([f"{rest} more"] if rest and names else []))
        parts.append(f"{state.sides[side]} {len(indices)}" + (f" ({listed})" if names else ""))
    return f"still {what}: " + ", ".join(parts) + "."


def prompt_text(state: BTState) -> str:  # noqa: PLR0911 - one sentence per situation
    """What the game is waiting for, in one sentence."""
    if state.phase is Phase.OVER:
        if state.winner is None:
            return "The game is over: a draw."
        return f"The game is over: {state.sides[state.winner]} won."
    if state.phase is Phase.DEPLOYMENT:
        side = state.side_to_act
        name = state.sides[side] if side is not None else "?"
        return f"{name}: deploy a unit in your zone."
    if state.phase is Phase.INITIATIVE:
        return f"Turn {state.turn}: roll initiative."
    if state.phase in {Phase.WEAPON, Phase.PHYSICAL}:
        side = state.side_to_act
        if side is None:
            return "Resolving attacks."
        count = state.slots[0][1] if state.slots else 1
        units = "a unit" if count == 1 else f"{count} units"
        what = "weapon fire" if state.phase is Phase.WEAPON else "physical attacks"
        return f"{state.sides[side]}: declare {what} for {units}."
    if state.active is not None:
        unit = state.units[state.active]
        return f"{state.sides[unit.side]}: the {unit.name} may go on moving, or end its move."
    if can_end_phase(state):
        return "Every unit has moved: end the phase."
    side = state.side_to_act
    if side is None:
        return "Waiting."
    count = state.slots[0][1] if state.slots else 1
    units = "a unit" if count == 1 else f"{count} units"
    return f"{state.sides[side]}: move {units}."


# ---------------------------------------------------------------- decide


def decide(state: BTState, command: BTCommand, dice: DiceSource) -> list[ev.BTEvent]:  # noqa: C901, PLR0912 - one case per command
    """Validate ``command`` and resolve it into events.

    Raises:
        IllegalCommand: the command breaks a rule; the message says which and why.
    """
    if state.phase is Phase.OVER:
        raise IllegalCommand("game/over", "the game is over")
    nightchoice.refuse_while_asking(state, command)  # NT-4: the moving side chooses first
    ctx = Ctx(state, dice, transport.follow)
    match command:
        case Deploy():
            _deploy(ctx, command)
        case RollInitiative():
            _initiative(ctx)
        case Move():
            _move(ctx, command)
        case Jump():
            _jump(ctx, command)
        case EndMove():
            _end_move(ctx, command)
        case EndPhase():
            _end_phase(ctx)
        case FireWeapons():
            turn.fire(ctx, command)
        case PhysicalAttack():
            turn.strike(ctx, command)
        case DumpAmmo():
            turn.dump_ammo(ctx, command)
        case Eject():
            _eject(ctx, command)
        case TakeClub():
            turn.grab_club(ctx, command)
        case SwitchHeatSinks():
            sinks.switch_heat_sinks(ctx, command)
        case ChooseJitterFirer():
            nightchoice.choose(ctx, command, _finish)
        case LoadUnit() | UnloadUnit():
            transport.order(ctx, command, _move, _finish)  # BT-C-35.13
        case LegAttack() | SwarmAttack() | StopSwarm() | BrushOff():
            turn.anti_mech(ctx, command)  # BT-C-35.8..35.10
        case _:
            raise IllegalCommand("command/unknown", f"not a BattleTech command: {command!r}")
    _check_victory(ctx)
    return ctx.events


def _deploy(ctx: Ctx, command: Deploy) -> None:
    state = ctx.state
    if state.phase is not Phase.DEPLOYMENT:
        raise IllegalCommand("deploy/phase", "units deploy before the first turn only")
    unit = _unit(state, command.unit)
    if unit.hex is not None:
        raise IllegalCommand("deploy/placed", f"the {unit.name} is already on the map")
    if unit.side != state.side_to_act:
        side = state.side_to_act
        who = state.sides[side] if side is not None else "nobody"
        raise IllegalCommand("deploy/turn", f"it is {who}'s turn to deploy")
    if command.hex not in state.board:
        raise IllegalCommand("deploy/off_map", "that hex is off the map")
    if command.hex not in deploy_zone(state, unit.side):
        msg = f"{command.hex.label} is outside {state.sides[unit.side]}'s deployment zone"
        raise IllegalCommand("deploy/zone", msg)
    for other in state.units_at(command.hex):
        what = "a 'Mech" if state.units[other].is_mech else "another unit"
        raise IllegalCommand("deploy/stacking", f"{command.hex.label} already holds {what}")
    why = kindmove.deploy_problem(unit, state.board.terrain(command.hex))
    if why is not None:  # BT-M-23: a vehicle or platoon never stands where it cannot go
        raise IllegalCommand("deploy/terrain", f"the {unit.name} cannot deploy there: {why}")
    ctx.emit(ev.UnitDeployed(command.unit, command.hex, command.facing))
    _next_deployer(ctx, unit.side)


def _next_deployer(ctx: Ctx, last: int) -> None:
    state = ctx.state
    if state.slots:
        return
    waiting = {u.side for u in state.units if u.hex is None and not u.destroyed}
    if not waiting:
        ctx.emit(ev.PhaseStarted(Phase.INITIATIVE, 1))
        return
    count = len(state.sides)
    for step in range(1, count + 1):
        side = (last + step) % count
        if side in waiting:
            ctx.emit(ev.SlotsDealt(((side, 1),)))
            return


def _initiative(ctx: Ctx) -> None:
    """BT-M-10: every side rolls 2D6; tied sides re-roll among themselves; lowest moves first."""
    state = ctx.state
    if state.phase is not Phase.INITIATIVE:
        raise IllegalCommand(
            "initiative/phase",
            f"initiative is rolled at the start of a turn, not in the {state.phase.value} phase",
        )
    sides = [
        s
        for s in range(len(state.sides))
        if any(u.side == s and not u.destroyed for u in state.units)
    ]
    keys: dict[int, list[int]] = {s: [] for s in sides}
    rounds: list[tuple[tuple[int, int, int], ...]] = []
    rolling = sides
    while rolling:
        this_round = []
        for side in rolling:
            a, b = ctx.roll(2)
            keys[side].append(a + b)
            this_round.append((side, a, b))
        rounds.append(tuple(this_round))
        groups: dict[tuple[int, ...], list[int]] = {}
        for side in sides:
            groups.setdefault(tuple(keys[side]), []).append(side)
        rolling = sorted(s for group in groups.values() if len(group) > 1 for s in group)
    order = tuple(sorted(sides, key=lambda s: keys[s]))
    ctx.emit(ev.InitiativeRolled(state.turn, tuple(rounds), order))
    ctx.emit(ev.PhaseStarted(Phase.MOVEMENT, state.turn))
    environment.unstick(ctx)  # BT-M-39.1: stuck units try to pull free
    _deal(ctx)


def _deal(ctx: Ctx) -> None:
    slots = deal_slots(ctx.state)
    if slots:
        ctx.emit(ev.SlotsDealt(slots))


def _unit(state: BTState, index: int) -> UnitState:
    if not 0 <= index < len(state.units):
        raise IllegalCommand("unit/unknown", f"there is no unit {index + 1}")
    return state.units[index]


def _check_mover(state: BTState, index: int) -> UnitState:
    """Guards shared by Move and Jump: the phase, the side's slot, the active unit."""
    if state.phase is not Phase.MOVEMENT:
        raise IllegalCommand(
            "move/phase", f"units move in the Movement phase, not the {state.phase.value} phase"
        )
    unit = _unit(state, index)
    if unit.hex is None or unit.destroyed:
        raise IllegalCommand("move/off_map", f"the {unit.name} is not on the map")
    if state.active is not None and state.active != index:
        other = state.units[state.active]
        msg = f"the {other.name} has not finished its move (BT-M-18 item 6)"
        raise IllegalCommand("move/active", msg)
    if unit.movement is not None and unit.movement.done:
        raise IllegalCommand("move/done", f"the {unit.name} has already moved this turn")
    side = state.side_to_act
    if side != unit.side:
        who = state.sides[side] if side is not None else "nobody"
        raise IllegalCommand("move/turn", f"it is {who}'s turn to move (BT-M-11)")
    return unit


def _move(ctx: Ctx, command: Move) -> None:  # noqa: C901 - one guard per rule
    state = ctx.state
    unit = _check_mover(state, command.unit)
    if command.mode is MoveMode.JUMP:
        raise IllegalCommand("move/jump_path", "a jump is given as hexes: jump UNIT HEX... FACING")
    if command.mode is MoveMode.RUN and unit.dumping:
        msg = f"the {unit.name} is dumping ammunition: it may not run or jump (BT-C-58)"
        raise IllegalCommand("move/dumping", msg)
    if command.masc and not unit.is_mech:
        raise IllegalCommand("move/masc", f"the {unit.name} has no MASC (BT-C-75: 'Mechs only)")
    rolls_masc = mascroll.switching_on(unit, command)  # BT-C-75: refused before any die
    plan = plan_move(state, command.unit, command.mode, command.steps, masc_on=command.masc)
    if command.charge is not None:
        _check_charge(state, plan, command.charge)
    if unit.movement is None:
        ctx.emit(ev.MovementStarted(command.unit, command.mode))
    if command.mode is MoveMode.STILL:
        _finish(ctx, command.unit)
        return
    if rolls_masc and not mascroll.roll_masc(ctx, command.unit):
        _finish(ctx, command.unit)  # BT-C-75: the MASC failed before the first step
        return
    outcome = _execute(ctx, plan)
    if outcome != "skid":  # a sideslip sets the VTOL's elevation itself (`skids.sideslip`)
        _elevation(ctx, plan)
    unit = ctx.state.units[command.unit]
    movement = unit.movement
    if unit.destroyed or movement is None:
        _finish(ctx, command.unit)
        return
    left = plan.allowance - movement.mp_spent
    if outcome == "fell" and left > 0 and not movement.minimum and unit.is_mech:
        return  # BT-M-30 item 3: it may try to stand and go on with its MP: still active
    if outcome == "strayed" and (
        night.waits(ctx.state) or night.goes_on(ctx.state, command.unit, plan.allowance)
    ):
        return  # NT-4: the mover chooses who jitter-fires; NT-3: it met a friend: still active
    if command.charge is not None and outcome == "ok":
        # BT-C-42: declared now, resolved in the Physical phase (a fall cancels it).
        ctx.emit(ev.ChargeDeclared(command.unit, command.charge))
    _finish(ctx, command.unit)


def _elevation(ctx: Ctx, plan: Plan) -> None:
    """BT-M-37.3: a VTOL's elevation after its move (`kindmove.plan_move` plots it)."""
    unit = ctx.state.units[plan.unit]
    body = unit.body
    if plan.elevation is None or unit.destroyed or not isinstance(body, VehicleBody):
        return
    if body.elevation != plan.elevation:
        ctx.emit(ElevationChanged(plan.unit, plan.elevation))


def check_charge_move(state: BTState, command: Move) -> None:
    """BT-C-42: check that ``command`` (a move with ``charge``) may be declared now, without dice.

    Raises:
        IllegalCommand: why not.
    """
    if command.charge is None:
        return
    plan = plan_move(state, command.unit, command.mode, command.steps, masc_on=command.masc)
    _check_charge(state, plan, command.charge)


def _check_charge(state: BTState, plan: Plan, target: int) -> None:
    """BT-C-42: check the charge against where the plotted move ends, before any die."""
    index = plan.unit
    unit = state.units[index]
    if not plan.steps:
        raise IllegalCommand("charge/still", "a charge is declared with a move")
    last = plan.steps[-1]
    before = unit.movement or Movement(mode=plan.mode)
    moved = Movement(
        mode=plan.mode,
        mp_spent=plan.mp_spent,
        hexes=before.hexes + plan.hexes,
        backward=before.backward or any(s.backward for s in plan.steps),
    )
    after = attrs.evolve(
        unit,
        hex=last.hex,
        facing=last.facing,
        movement=moved,
        body=attrs.evolve(unit.mech, prone=last.prone) if unit.is_mech else unit.body,
    )
    physical.check_charge(state.replace_unit(index, after), index, target)


def _jump(ctx: Ctx, command: Jump) -> None:
    unit = _check_mover(ctx.state, command.unit)
    if unit.dumping:
        msg = f"the {unit.name} is dumping ammunition: it may not run or jump (BT-C-58)"
        raise IllegalCommand("move/dumping", msg)
    plan = plan_jump(ctx.state, command.unit, command.path, command.facing)
    if command.dfa is not None:
        physical.check_dfa(ctx.state, command.unit, command.path, command.dfa)
    if night.lost_before_jump(ctx, command.unit) is not None:
        if not night.waits(ctx.state):  # NT-4: else the moving side chooses first
            _finish(ctx, command.unit)  # NT-5: a straying unit walks; it never jumps
        return
    ctx.emit(ev.MovementStarted(command.unit, MoveMode.JUMP))
    ctx.emit(ev.UnitJumped(command.unit, command.path, command.facing, len(command.path)))
    fell = False
    for check in plan.steps[0].after:
        if _resolve(ctx, plan, plan.steps[0], check) != "ok":
            fell = True
            break
    if command.dfa is not None and not fell and command.path:
        # BT-C-43: declared now, resolved in the Physical phase.
        ctx.emit(ev.DFADeclared(command.unit, command.dfa, command.path[-1]))
    _finish(ctx, command.unit)


def _eject(ctx: Ctx, command: Eject) -> None:
    """BT-C-59: the MechWarrior ejects instead of moving."""
    unit = _check_mover(ctx.state, command.unit)
    if unit.movement is not None:
        msg = f"the {unit.name} has started moving: a MechWarrior ejects instead of moving"
        raise IllegalCommand("eject/moved", msg)
    combat.eject(ctx, command.unit)
    state = ctx.state
    slots = tuple((side, n) for side, n in state.slots if pending(state, side))
    if slots != state.slots:
        ctx.emit(ev.SlotsDealt(slots))
    if not ctx.state.slots:
        _deal(ctx)


def _end_move(ctx: Ctx, command: EndMove) -> None:
    state = ctx.state
    if state.active != command.unit:
        unit = _unit(state, command.unit)
        msg = f"the {unit.name} is not in the middle of a move"
        raise IllegalCommand("move/not_active", msg)
    _finish(ctx, command.unit)


def _finish(ctx: Ctx, index: int) -> None:
    """End a unit's move, then deal the next slots (BT-M-11) when this pair is used up.

    A 'Mech that fell into another 'Mech's hex and did not leave it shoves that one on in its
    direction of travel, or the other steps aside (BT-M-26.1/26.4, BT-C-48).
    """
    unit = ctx.state.units[index]
    if (
        unit.is_mech  # BT-M-25: other kinds end their moves only where they may stack
        and unit.hex is not None
        and any(o != index for o in ctx.state.units_at(unit.hex))
    ):
        path = unit.movement.path if unit.movement is not None else ()
        travel = path[-2].direction_to(path[-1]) if len(path) >= 2 else None  # noqa: PLR2004
        displacement.displace(ctx, index, unit.hex, travel or unit.facing, "domino")
        unit = ctx.state.units[index]
    movement = unit.movement
    hexes = movement.counted if movement is not None else 0
    ctx.emit(ev.MovementEnded(index, hexes, movement_heat(unit)))
    antimech.after_move(ctx, index)  # BT-C-35.9/35.10: swarmers carried along or shaken off
    state = ctx.state
    slots = tuple((side, n) for side, n in state.slots if pending(state, side))
    if slots != state.slots:
        ctx.emit(ev.SlotsDealt(slots))
    if not ctx.state.slots:
        _deal(ctx)


def _execute(ctx: Ctx, plan: Plan) -> str:
    """Walk a checked plan, rolling what it needs; stop at the first fall or skid."""
    index = plan.unit
    for planned in plan.steps:
        if planned.entered and night.lost(ctx, index) is not None:
            return "strayed"  # NT-1..NT-3: the plotted path is abandoned
        for check in planned.before:
            outcome = _resolve(ctx, plan, planned, check)
            if outcome != "ok":
                return outcome
        _step_event(ctx, index, planned)
        if _collapse(ctx, index, planned):
            return "fell"
        for check in planned.after:
            outcome = _resolve(ctx, plan, planned, check)
            if outcome != "ok":
                return outcome
        if ctx.state.units[index].destroyed:
            return "destroyed"
    return "ok"


def _collapse(ctx: Ctx, index: int, planned: PlannedStep) -> bool:
    """A bridge (BT-M-28) or building (BT-M-41 #4) gives way under the step: everyone falls."""
    where = planned.hex
    terrain = ctx.state.board.terrain(where)
    if planned.collapse:
        cf = terrain.bridge.cf if terrain.bridge is not None else 0
        ctx.emit(ev.BridgeCollapsed(where, planned.collapse, cf))
        cause = "the bridge collapsed"  # BT-M-28 reading: into the water, 0 levels, halved
    elif planned.crush and terrain.building is not None:  # not already fallen (BT-M-41 #4)
        cf = terrain.building.cf if terrain.building is not None else 0
        ctx.emit(ev.BuildingDamaged(where, cf, collapsed=True))
        cause = "the building collapsed"  # the hex is rubble from now on
    else:
        return False
    for other in (*(o for o in ctx.state.units_at(where) if o != index), index):
        buildings.fall_in(ctx, other, where, 0, cause)  # every kind (BT-M-28, BT-M-41 #4)
    return True


def _step_event(ctx: Ctx, index: int, planned: PlannedStep) -> None:
    kind = planned.step.kind
    if kind in {StepKind.LEFT, StepKind.RIGHT}:
        ctx.emit(ev.UnitTurned(index, planned.facing, planned.mp))
    elif kind is StepKind.PRONE:
        ctx.emit(ev.UnitDroppedProne(index, planned.mp))
    elif kind is StepKind.STAND:
        ctx.emit(ev.StandAttempted(index, planned.mp))
    else:
        ctx.emit(
            ev.UnitEntered(
                index,
                planned.hex,
                planned.mp,
                backward=planned.backward,
                road=planned.road,
                minimum=planned.minimum,
            )
        )


def _resolve(ctx: Ctx, plan: Plan, planned: PlannedStep, check: Check) -> str:  # noqa: C901, PLR0911
    """Roll one check and apply a failure: "ok", "fell", "skid" or "destroyed"."""
    index = plan.unit
    unit = ctx.state.units[index]
    if unit.destroyed:
        return "destroyed"
    if not unit.is_mech:
        return _driving(ctx, plan, planned, check)
    if check.reason in environment.ROLLS:  # BT-M-39.1/39.2: stuck in a swamp, through the ice
        where = check.fall_hex if check.fall_hex is not None else planned.hex
        return environment.resolve(ctx, index, where, check.reason)
    if check.reason in _FALLS - {"stand"} and unit.mech.prone:
        return "ok"  # BT-M-30 item 2: a prone 'Mech cannot fall further
    if piloting_roll(ctx, index, check.reason, check.modifiers):
        if check.reason == "stand":
            ctx.emit(ev.UnitStood(index, planned.facing))
        return "ok"
    if check.reason == "building":
        _building_damage(ctx, index, planned, check)
        after = ctx.state.units[index]
        if after.destroyed:
            return "destroyed"
        return "fell" if after.mech.prone else "ok"  # a critical (gyro, leg) may have felled it
    if check.reason == "skid":
        _skid(ctx, plan, planned, check)
        return "skid"
    where = check.fall_hex if check.fall_hex is not None else planned.hex
    causes = {
        "water": "failed the water roll",
        "rubble": "failed the rubble roll",
        "stand": "failed to stand",
        "run_damage": "failed to run on damaged legs",
        "landing": "failed the landing roll",
    }
    cause = causes[check.reason]
    shared = any(o != index for o in ctx.state.units_at(where))
    if shared and where == ctx.state.units[index].hex and check.fall_levels >= 2:  # noqa: PLR2004
        # BT-M-33.4 / BT-C-47: it dropped 2+ levels into another 'Mech's hex: a fall from
        # above onto that 'Mech (the roll, the damage, its own fall and where it lands).
        direction = _travel_direction(ctx.state, index, where, planned)
        displacement.displace(ctx, index, where, direction, cause)
    else:
        # A fall into a hex another 'Mech holds (1 level or less) is a domino effect once the
        # move ends there (BT-M-26.1: it may still stand up and leave): see `_finish`.
        fall(ctx, index, where, check.fall_levels, cause)
    return "destroyed" if ctx.state.units[index].destroyed else "fell"


def _driving(ctx: Ctx, plan: Plan, planned: PlannedStep, check: Check) -> str:
    """BT-M-37.1: a vehicle's Driving rolls in its move (`skids.driving`); vehicles never fall."""
    return skids.driving(ctx, plan, planned, check)


def _building_damage(ctx: Ctx, index: int, planned: PlannedStep, check: Check) -> None:
    """BT-M-41 #4 (ASSUMPTION): a failed building roll in movement.

    `engine.battletech.rules.displacement.building_damage` does the damage.
    """
    where = check.building_hex if check.building_hex is not None else planned.hex
    displacement.building_damage(ctx, index, check.building_cf, where)


def _skid(ctx: Ctx, plan: Plan, planned: PlannedStep, check: Check) -> None:
    """BT-M-29.4/29.7: fall in the turning hex, then slide half the hexes still intended.

    The slide, its collisions and the units getting out of the way: `engine.battletech.rules.skids`.
    """
    index = plan.unit
    start = check.fall_hex if check.fall_hex is not None else planned.hex
    position = plan.steps.index(planned)
    later = plan.steps[position:] if check in planned.before else plan.steps[position + 1 :]
    remaining = sum(1 for s in later if s.entered)
    length = remaining // 2
    direction = _travel_direction(ctx.state, index, start, planned)
    fall(ctx, index, start, 0, "skidded")
    unit = ctx.state.units[index]
    if unit.destroyed or length == 0:
        ctx.emit(ev.UnitSkidded(index, (), ""))
        return
    skids.slide(ctx, index, start, direction, length)


def _travel_direction(state: BTState, index: int, where: Hex, planned: PlannedStep) -> Facing:
    """The direction the unit was travelling before the facing change (BT-M-29.4 item 4)."""
    movement = state.units[index].movement
    path = movement.path if movement is not None else ()
    if len(path) >= 2 and path[-1] == where:  # noqa: PLR2004
        direction = path[-2].direction_to(path[-1])
        if direction is not None:
            return direction
    return planned.facing


def _end_phase(ctx: Ctx) -> None:
    """BT-M-9: close the Movement phase; the attack phases follow (`rules.turn`)."""
    state = ctx.state
    if state.phase is not Phase.MOVEMENT:
        raise IllegalCommand(
            "phase/not_movement", f"nothing to end in the {state.phase.value} phase"
        )
    if state.active is not None or pending(state):
        waiting = len(pending(state)) + (1 if state.active is not None else 0)
        msg = f"{waiting} unit{'s' if waiting != 1 else ''} still to move"
        raise IllegalCommand("phase/units_pending", msg)
    environment.overspeed(ctx)  # BT-M-39.3: MP beyond the 1 G allowance in low gravity
    turn.end_movement_phase(ctx)


def _check_victory(ctx: Ctx) -> None:
    """BT-M-12 and the scenario's conditions (`engine.battletech.rules.victory`)."""
    if ctx.state.phase is Phase.OVER:
        return
    result = immediate_result(ctx.state)
    if result is not None:
        ctx.emit(ev.GameEnded(*result))
