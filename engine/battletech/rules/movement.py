"""Ground movement and jumping, checked step by step without dice (BT-M-18..29, BT-M-40).

`plan_move` and `plan_jump` validate a whole plotted path and say which step is illegal and why
(an `IllegalCommand` naming the step); a valid plan lists every MP spent and every roll the path
will need, so the screen can warn before the player confirms. `reachable` answers "where can this
unit get to", every (hex, facing) with its MP cost, for the board overlay.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

import attrs
from attrs import frozen

from engine.battletech.board import Board, Terrain, Woods
from engine.battletech.commands import Step, StepKind
from engine.battletech.envstate import ONE_G, gravity_of
from engine.battletech.rules import buildings, environment, kindmove
from engine.battletech.rules.condition import (
    arm_modifier,
    can_move,
    gyro_hits,
    jump_mp,
    needs_landing_psr,
    needs_running_psr,
    preexisting,
    run_allowance,
    walk_mp,
)
from engine.battletech.rules.moveplan import Check, Plan, PlannedStep, Reach, check_start
from engine.battletech.rules.victory import tonnage
from engine.battletech.state import BTState, MoveMode, UnitState
from engine.battletech.tables import (
    RUBBLE_PSR,
    WATER_PSR,
    building_hexes_modifier,
    skid_modifier,
)
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex

__all__ = [
    "MAX_LEVEL_CHANGE",
    "Check",
    "Plan",
    "PlannedStep",
    "Reach",
    "allowance",
    "enter_cost",
    "jump_path",
    "jump_paths",
    "plan_jump",
    "plan_move",
    "reachable",
    "reachable_any",
    "reachable_hexes",
    "standing_level",
    "terrain_cost",
    "unit_level",
]

MAX_LEVEL_CHANGE = 2
"""BT-M-22: a 'Mech may climb or descend at most 2 levels per hex entered."""


def _step_name(index: int, step: Step) -> str:
    return f"step {index + 1} ({step.kind.value})"


def _illegal(code: str, index: int, step: Step, why: str) -> IllegalCommand:
    return IllegalCommand(f"move/{code}", f"{_step_name(index, step)}: {why}")


def allowance(
    unit: UnitState, mode: MoveMode, gravity: Fraction = ONE_G, *, masc_on: bool = False
) -> int:
    """BT-M-20: the MP the mode allows this turn (walk, run; 0 otherwise).

    At ``gravity`` (BT-M-39.3); ``masc_on``: running with the MASC switched on (BT-C-75: Walk MP
    x 2).
    """
    if mode is MoveMode.WALK:
        return walk_mp(unit, gravity=gravity)
    if mode is MoveMode.RUN:
        return run_allowance(unit, gravity, masc_on=masc_on)
    return 0


def terrain_cost(terrain: Terrain) -> int:
    """BT-M-21: MP to enter a hex of this terrain, before elevation (the most costly feature)."""
    cost = 1
    if terrain.woods is Woods.LIGHT or terrain.rough or terrain.rubble:
        cost = 2
    if terrain.woods is Woods.HEAVY:
        cost = 3
    if terrain.water is not None and terrain.water >= 1:
        cost = max(cost, 2 if terrain.water == 1 else 4)
    if terrain.building is not None:
        cost = max(cost, terrain.building.cls.cost)
    if terrain.swamp:  # BT-M-39.1 (optional rule): +1
        cost += 1
    return cost


def standing_level(terrain: Terrain, *, on_bridge: bool = False) -> int:
    """BT-M-22: the level a 'Mech stands at: water bottom in water, the surface on a bridge."""
    if on_bridge:
        return terrain.level + (terrain.bridge.height if terrain.bridge is not None else 0)
    return terrain.bottom


def unit_level(state: BTState, unit: UnitState) -> int:
    """BT-M-22: the level ``unit`` stands at (the water bottom, a bridge deck); it is on the map."""
    assert unit.hex is not None  # noqa: S101 - callers check the unit is on the map
    terrain = state.board.terrain(unit.hex)
    return standing_level(terrain, on_bridge=unit.standing_on_bridge(terrain))


def _along_road(here: Terrain, there: Terrain, direction: Facing) -> bool:
    """BT-M-27.2: moving from a road hex into a connected hex of the same road."""
    return here.road_exit(direction) and there.road_exit(direction.opposite)


def _skid_surface(terrain: Terrain, *, on_road: bool) -> bool:
    """BT-M-29.1: pavement, or a road hex the unit is moving along (BT-M-8.7)."""
    return terrain.pavement or (terrain.has_road and on_road)


def enter_cost(
    board: Board, here: Hex, level: int, direction: Facing, *, backward: bool
) -> tuple[int, int, bool, Terrain] | str:
    """The cost of entering the next hex in ``direction`` from ``here`` (standing at ``level``).

    Returns (MP, new standing level, along the road, terrain), or the reason it is impossible.
    """
    there = here.neighbor(direction)
    terrain = board.get(there)
    if terrain is None:
        return "that hex is off the map"
    road = _along_road(board.terrain(here), terrain, direction)
    on_bridge = road and terrain.bridge is not None
    new_level = standing_level(terrain, on_bridge=on_bridge)
    change = abs(new_level - level)
    if backward and change:
        return "a 'Mech moving backward cannot change level (BT-M-19)"
    if change > MAX_LEVEL_CHANGE:
        return f"a {change}-level change is too steep for a 'Mech (BT-M-22: 2 at most)"
    cost = (1 if road else terrain_cost(terrain)) + change
    return cost, new_level, road, terrain


def _water_depth(terrain: Terrain, *, on_bridge: bool) -> int:
    return 0 if on_bridge or terrain.water is None else terrain.water


def _fall_place(a: Hex, a_level: int, b: Hex, b_terrain: Terrain, b_level: int) -> tuple[Hex, int]:
    """BT-M-33.2 (terrain falls): the lower hex of the two (B when equal), levels fallen."""
    if b_level <= a_level:
        surface = b_terrain.level
        return b, max(a_level - surface, 0)
    return a, 0


@frozen
class _Walker:
    """The position and counters while a path is checked."""

    hex: Hex
    facing: Facing
    prone: bool
    level: int
    mp: int
    hexes: int
    turns_here: int = 0
    turns_total: int = 0
    skid_checked: bool = False
    minimum: bool = False
    on_bridge: bool = False
    on_road: bool = False
    """The unit came into this hex along its road (or starts the move in a road hex)."""


def _start(
    state: BTState, index: int, mode: MoveMode, *, masc_on: bool = False
) -> tuple[UnitState, int, int]:
    """Guards common to every ground move; returns the unit, its MP spent and allowance."""
    unit = state.units[index]
    check_start(unit, mode, can_move(unit))
    movement = unit.movement  # BT-M-24.3: a prone 'Mech may declare run to stand up
    spent = movement.mp_spent if movement is not None else 0
    return unit, spent, allowance(unit, mode, gravity_of(state.environment), masc_on=masc_on)


@frozen
class _Move:
    """What every step of one plotted ground move is checked against."""

    state: BTState
    index: int
    unit: UnitState
    mode: MoveMode
    limit: int
    """The move's MP allowance."""
    intended: int
    """Hexes entered this turn once the path is done (BT-M-29.2's skid modifier)."""
    gyro_gone: bool


def plan_move(
    state: BTState,
    index: int,
    mode: MoveMode,
    steps: tuple[Step, ...],
    *,
    masc_on: bool = False,
) -> Plan:
    """BT-M-18..29 / BT-M-40: check a plotted ground move, step by step, without dice.

    Each kind of step is checked by its own function (`_STEPS`); ``masc_on``: a run with the MASC
    switched on (BT-C-75, `engine.battletech.rules.masc`).

    Raises:
        IllegalCommand: naming the first illegal step and the rule it breaks.
    """
    if not state.units[index].is_mech:
        return kindmove.plan_move(state, index, mode, steps)  # vehicles, infantry, battle armor
    unit, spent, limit = _start(state, index, mode, masc_on=masc_on)
    assert unit.hex is not None  # noqa: S101 - checked by _start
    movement = unit.movement
    if mode is MoveMode.STILL and steps:
        raise _illegal("still", 0, steps[0], "a 'Mech standing still takes no steps (BT-M-20.1)")
    here = state.board.terrain(unit.hex)
    on_bridge = unit.standing_on_bridge(here)
    walker = _Walker(
        hex=unit.hex,
        facing=unit.facing,
        prone=unit.mech.prone,
        level=standing_level(here, on_bridge=on_bridge),
        mp=spent,
        hexes=movement.hexes if movement is not None else 0,
        minimum=movement.minimum if movement is not None else False,
        on_bridge=on_bridge,
        on_road=here.has_road,
    )
    move = _Move(
        state,
        index,
        unit,
        mode,
        limit,
        intended=walker.hexes + sum(1 for s in steps if s.kind in _HEX_STEPS),
        gyro_gone=gyro_hits(unit) >= 2,  # noqa: PLR2004 - destroyed on the second hit
    )
    planned: list[PlannedStep] = []
    # BT-M-20.3 / BT-M-32.1: a hip or gyro hit needs one PSR per turn before the run leaves
    # its hex (after standing up, if it stands first).
    run_check = (
        mode is MoveMode.RUN
        and needs_running_psr(unit)
        and not (movement is not None and movement.run_rolled)
    )
    for i, step in enumerate(steps):
        if walker.minimum:
            raise _illegal("minimum", i, step, "Minimum Movement ends the unit's move (BT-M-18)")
        run = None
        if run_check and step.kind in _HEX_STEPS:
            run = Check("run_damage", (), fall_hex=walker.hex, fall_levels=0)
            run_check = False
        walker, done = _STEPS[step.kind](move, walker, i, step)
        if run is not None:
            done = attrs.evolve(done, before=(run, *done.before))
        planned.append(done)
    # BT-M-25: the move may not end in a hex with another unit. DESIGN: a 'Mech that never left
    # its hex (it stood up or turned in place) ends where it already stands: an enemy swarmer
    # let go there (BT-C-35.10) does not pin it to the ground.
    for other in state.units_at(walker.hex):
        if other != index and planned and walker.hex != unit.hex:
            last = len(planned) - 1
            what = "another 'Mech" if state.units[other].is_mech else "another unit"
            why = f"it would end in {walker.hex.label} with {what} (BT-M-25)"
            raise _illegal("stacking", last, steps[last], why)
    return Plan(index, mode, tuple(planned), limit, walker.mp, walker.hexes)


def _turn(move: _Move, walker: _Walker, i: int, step: Step) -> tuple[_Walker, PlannedStep]:
    """BT-M-24.1: a turn of one hexside, left or right, for 1 MP.

    With a destroyed gyro, one hexside per turn (BT-M-24.4); a running 'Mech's second turn in a
    hex of pavement or ice needs a skid roll there (BT-M-29.1).
    """
    if move.gyro_gone and walker.turns_total >= 1:
        why = "with a destroyed gyro a 'Mech turns one hexside per turn (BT-M-24.4)"
        raise _illegal("gyro", i, step, why)
    cost = 1
    if walker.mp + cost > move.limit:
        why = f"no MP left to turn ({walker.mp} of {move.limit} spent)"
        raise _illegal("insufficient_mp", i, step, why)
    facing = walker.facing.turn(-1 if step.kind is StepKind.LEFT else 1)
    turns_here = walker.turns_here + 1
    after: tuple[Check, ...] = ()
    skid_checked = walker.skid_checked
    if (
        move.mode is MoveMode.RUN
        and turns_here == 2  # noqa: PLR2004 - BT-M-29.1: two in a row
        and not walker.skid_checked
        and _skid_surface(move.state.board.terrain(walker.hex), on_road=walker.on_road)
        and not walker.prone
    ):
        after = (_skid_check(walker.hex, move.intended),)
        skid_checked = True
    walker = attrs.evolve(
        walker,
        facing=facing,
        mp=walker.mp + cost,
        turns_here=turns_here,
        turns_total=walker.turns_total + 1,
        skid_checked=skid_checked,
    )
    return walker, PlannedStep(
        index=i,
        step=step,
        hex=walker.hex,
        facing=walker.facing,
        prone=walker.prone,
        mp=cost,
        after=after,
    )


def _go_prone(move: _Move, walker: _Walker, i: int, step: Step) -> tuple[_Walker, PlannedStep]:
    """BT-M-24.2: dropping prone, 1 MP."""
    if walker.prone:
        raise _illegal("prone", i, step, "the 'Mech is already prone")
    cost = 1
    if walker.mp + cost > move.limit:
        why = f"dropping prone costs 1 MP ({walker.mp} of {move.limit} spent)"
        raise _illegal("insufficient_mp", i, step, why)
    walker = attrs.evolve(walker, prone=True, mp=walker.mp + cost)
    return walker, PlannedStep(
        index=i, step=step, hex=walker.hex, facing=walker.facing, prone=walker.prone, mp=cost
    )


def _stand(move: _Move, walker: _Walker, i: int, step: Step) -> tuple[_Walker, PlannedStep]:
    """BT-M-24.3: standing up, 2 MP and a PSR, facing any way (``step.facing``).

    Never with a destroyed gyro (BT-M-32); one attempt for 1 MP under Minimum Movement (BT-M-18
    item 5).
    """
    if not walker.prone:
        raise _illegal("standing", i, step, "the 'Mech is already standing")
    if move.gyro_gone:
        raise _illegal("gyro", i, step, "with a destroyed gyro it can never stand (BT-M-32)")
    limit = move.limit
    if limit == 0:
        raise _illegal("no_mp", i, step, "it has no MP this turn, so it cannot stand")
    minimum = False
    if limit == 1 and walker.mp == 0:
        cost, minimum = 1, True  # BT-M-18 item 5: one attempt under Minimum Movement
    else:
        cost = 2
        if walker.mp + cost > limit:
            why = f"standing up costs 2 MP ({walker.mp} of {limit} spent)"
            raise _illegal("insufficient_mp", i, step, why)
    after = (Check("stand", arm_modifier(move.unit), fall_hex=walker.hex),)
    facing = step.facing if step.facing is not None else walker.facing
    walker = attrs.evolve(walker, prone=False, facing=facing, mp=walker.mp + cost, minimum=minimum)
    return walker, PlannedStep(
        index=i,
        step=step,
        hex=walker.hex,
        facing=walker.facing,
        prone=walker.prone,
        mp=cost,
        minimum=minimum,
        after=after,
    )


def _walk(move: _Move, walker: _Walker, i: int, step: Step) -> tuple[_Walker, PlannedStep]:
    """BT-M-19..22: one hex forward or backward, with what entering it costs and needs.

    Guards: no crawling (BT-M-24.4), no running backward or into water (BT-M-20.3), no enemy in
    the hex (BT-M-25), the MP (BT-M-18 item 5: Minimum Movement); the skid roll before leaving a
    hex where the unit turned (BT-M-29.1, BT-M-39.2); the rolls for entering (`_entry_checks`).
    """
    state, unit, limit = move.state, move.unit, move.limit
    board = state.board
    backward = step.kind is StepKind.BACKWARD
    if walker.prone:
        why = "a prone 'Mech cannot crawl: stand up first (BT-M-24.4)"
        raise _illegal("prone", i, step, why)
    if backward and move.mode is MoveMode.RUN:
        raise _illegal("backward", i, step, "a running 'Mech cannot move backward")
    direction = walker.facing.opposite if backward else walker.facing
    result = enter_cost(board, walker.hex, walker.level, direction, backward=backward)
    if isinstance(result, str):
        raise _illegal("blocked", i, step, result)
    cost, new_level, road, terrain = result
    there = walker.hex.neighbor(direction)
    on_bridge = road and terrain.bridge is not None
    depth = _water_depth(terrain, on_bridge=on_bridge)
    if move.mode is MoveMode.RUN and depth >= 1:
        why = "a running 'Mech cannot enter Depth 1+ water (BT-M-20.3)"
        raise _illegal("water", i, step, why)
    for other in state.units_at(there):
        if other != move.index and state.units[other].side != unit.side:
            why = f"{there.label} holds an enemy unit (BT-M-25)"
            raise _illegal("stacking", i, step, why)
    minimum = False
    if walker.mp + cost > limit:
        if walker.hexes == 0 and not backward and limit >= 1:
            minimum = True  # BT-M-18 item 5: one hex straight forward, whatever it costs
            cost = max(limit - walker.mp, 0)
        else:
            why = (
                f"entering {there.label} costs {cost} MP, "
                f"{max(limit - walker.mp, 0)} of {limit} left"
            )
            raise _illegal("insufficient_mp", i, step, why)
    before: tuple[Check, ...] = ()
    # BT-M-29.1: a skid check in the hex where the running 'Mech turned, before it leaves.
    if (
        walker.turns_here >= 1
        and not walker.skid_checked
        and (
            (
                move.mode is MoveMode.RUN
                and _skid_surface(board.terrain(walker.hex), on_road=walker.on_road or road)
            )
            or environment.ice_skid(board.terrain(walker.hex), terrain)  # BT-M-39.2
        )
    ):
        before = (_skid_check(walker.hex, move.intended),)
    hexes = walker.hexes + 1
    entry = _entry_checks(move, walker, there, terrain, new_level, hexes, on_bridge=on_bridge)
    after, collapse, crush = entry
    walker = _Walker(
        hex=there,
        facing=walker.facing,
        prone=False,
        level=new_level,
        mp=walker.mp + cost,
        hexes=hexes,
        turns_total=walker.turns_total,
        minimum=minimum,
        on_bridge=on_bridge,
        on_road=road,
    )
    return walker, PlannedStep(
        index=i,
        step=step,
        hex=walker.hex,
        facing=walker.facing,
        prone=walker.prone,
        mp=cost,
        entered=True,
        backward=backward,
        road=road,
        minimum=minimum,
        before=before,
        after=after,
        collapse=collapse,
        crush=crush,
    )


def _entry_checks(  # noqa: PLR0917 - the hex left and the hex entered
    move: _Move,
    walker: _Walker,
    there: Hex,
    terrain: Terrain,
    new_level: int,
    hexes: int,
    *,
    on_bridge: bool,
) -> tuple[tuple[Check, ...], int, int]:
    """The rolls and collapses of entering ``there``: (checks after the step, collapse, crush).

    A building roll entering or leaving a building hex (BT-M-31.4) and a building that more
    tonnage than its CF crushes (BT-M-41 #4), a bridge that gives way (BT-M-28), water and rubble
    PSRs (BT-M-31) and the swamp and ice rolls (BT-M-39.1/39.2).
    """
    state, unit = move.state, move.unit
    after: list[Check] = []
    collapse = crush = 0
    here_terrain = state.board.terrain(walker.hex)
    if terrain.building is not None:
        inside = tonnage(unit) + buildings.weight_inside(state, there, without=move.index)
        if inside > terrain.building.cf:
            crush = math.ceil(inside)  # BT-M-41 #4 (ASSUMPTION): more tonnage than CF: collapse
    if here_terrain.building is not None or terrain.building is not None:
        # BT-M-31.4: entering or leaving a building hex: a roll to avoid damage.
        classes = [t.building for t in (here_terrain, terrain) if t.building is not None]
        worst = max(classes, key=lambda b: b.cls)
        entering = terrain.building or worst
        after.append(
            Check(
                "building",
                (
                    (f"{worst.cls.name.lower()} building", worst.cls.psr_modifier),
                    (f"{hexes} hexes moved", building_hexes_modifier(hexes)),
                ),
                building_cf=entering.cf,
                building_hex=there if terrain.building is not None else walker.hex,
            )
        )
    if on_bridge and terrain.bridge is not None:
        # a VTOL in flight over the bridge weighs nothing (BT-M-37.3, `buildings.weighs`)
        weight = tonnage(unit) + buildings.weight_inside(state, there, without=move.index)
        if weight > terrain.bridge.cf:
            collapse = math.ceil(weight)  # BT-M-28: the bridge gives way
    depth = _water_depth(terrain, on_bridge=on_bridge)
    if depth >= 1 and not collapse:
        fall_hex, levels = _fall_place(walker.hex, walker.level, there, terrain, new_level)
        modifier = WATER_PSR.get(depth, 1)
        after.append(
            Check(
                "water",
                ((f"depth {depth} water", modifier),),
                fall_hex,
                levels,
                other_hex=walker.hex if fall_hex == there else there,
            )
        )
    if terrain.rubble:
        fall_hex, levels = _fall_place(walker.hex, walker.level, there, terrain, new_level)
        after.append(
            Check(
                "rubble",
                (("rubble", RUBBLE_PSR),),
                fall_hex,
                levels,
                other_hex=walker.hex if fall_hex == there else there,
            )
        )
    # BT-M-39.1/39.2: bogging down in a swamp, breaking the ice
    rolls = environment.entry_rolls(state, there)
    after.extend(Check(reason, (), fall_hex=there) for reason in rolls)
    return tuple(after), collapse, crush


_HEX_STEPS = frozenset({StepKind.FORWARD, StepKind.BACKWARD})
"""The steps that enter a hex."""

_STEPS: dict[StepKind, Callable[[_Move, _Walker, int, Step], tuple[_Walker, PlannedStep]]] = {
    StepKind.FORWARD: _walk,
    StepKind.BACKWARD: _walk,
    StepKind.LEFT: _turn,
    StepKind.RIGHT: _turn,
    StepKind.PRONE: _go_prone,
    StepKind.STAND: _stand,
}
"""The check of each kind of step: (the move, the position before, step number, step) -> the
position after and the planned step."""


def _skid_check(where: Hex, intended: int) -> Check:
    """BT-M-29.2: the skid roll, its modifier set by the hexes intended this turn."""
    modifier = skid_modifier(intended)
    return Check("skid", ((f"{intended} hexes this turn", modifier),), fall_hex=where)


def plan_jump(  # noqa: C901, PLR0912 - BT-M-20.4, one guard per rule
    state: BTState, index: int, path: tuple[Hex, ...], facing: Facing
) -> Plan:
    """BT-M-20.4: check a jump along ``path`` (landing hex last).

    Raises:
        IllegalCommand: why the jump is impossible, naming the hex at fault.
    """
    unit = state.units[index]
    if not unit.is_mech:
        return kindmove.plan_jump(state, index, path, facing)  # jump infantry, battle armor
    if unit.hex is None:
        raise IllegalCommand("move/not_deployed", f"the {unit.name} is not on the map")
    why = can_move(unit)
    if why is not None:
        raise IllegalCommand("move/cannot_move", f"the {unit.name} cannot move: {why}")
    if unit.movement is not None:
        raise IllegalCommand("jump/started", "a jump takes the whole movement (BT-M-20.4)")
    if unit.mech.prone:
        raise IllegalCommand("jump/prone", "a prone 'Mech cannot jump (BT-M-20.4)")
    board = state.board
    start = board.terrain(unit.hex)
    mp = jump_mp(unit, start, gravity_of(state.environment))
    if mp <= 0:
        raise IllegalCommand("jump/no_jets", f"the {unit.name} has no Jump MP here")
    if not path:
        raise IllegalCommand("jump/empty", "a jump needs at least one hex")
    landing = path[-1]
    if len(path) > mp:
        msg = f"{len(path)} hexes is beyond the {unit.name}'s {mp} Jump MP"
        raise IllegalCommand("jump/too_far", msg)
    if unit.hex.distance(landing) != len(path):
        msg = f"the path to {_label(landing)} is not a shortest path (BT-M-20.4)"
        raise IllegalCommand("jump/not_shortest", msg)
    ceiling = standing_level(start, on_bridge=unit.standing_on_bridge(start)) + mp
    previous = unit.hex
    for where in path:
        if where.distance(previous) != 1:
            msg = f"{_label(where)} is not next to {_label(previous)}"
            raise IllegalCommand("jump/gap", msg)
        terrain = board.get(where)
        if terrain is None:
            raise IllegalCommand("jump/off_map", f"{_label(where)} is off the map")
        building = terrain.building.height if terrain.building is not None else 0
        if terrain.level + building > ceiling:
            msg = (
                f"{where.label} rises to level {terrain.level + building}, above what "
                f"{mp} Jump MP can clear (BT-M-20.4 item 3)"
            )
            raise IllegalCommand("jump/too_high", msg)
        previous = where
    for other in state.units_at(landing):
        if other != index:
            what = "another 'Mech" if state.units[other].is_mech else "another unit"
            msg = f"{landing.label} already holds {what} (BT-M-25)"
            raise IllegalCommand("jump/stacking", msg)
    after: tuple[Check, ...] = ()
    if needs_landing_psr(unit):  # BT-M-20.4 item 6
        after = (Check("landing", (), fall_hex=landing),)
    after += tuple(  # BT-M-39.1/39.2: stuck on landing in a swamp; the ice breaks on 4+
        Check(reason, (), fall_hex=landing) for reason in environment.landing_rolls(state, landing)
    )
    step = PlannedStep(
        index=0,
        step=Step(StepKind.FORWARD),
        hex=landing,
        facing=facing,
        prone=False,
        mp=len(path),
        entered=True,
        after=after,
    )
    return Plan(index, MoveMode.JUMP, (step,), mp, len(path), len(path))


def _label(where: Hex) -> str:
    try:
        return where.label
    except ValueError:
        return f"({where.q},{where.r})"


# ---------------------------------------------------------------- reachable positions


_FACINGS = tuple(Facing)
_DQ = tuple(f.delta.q for f in Facing)
_DR = tuple(f.delta.r for f in Facing)
_LEFT, _RIGHT = Step(StepKind.LEFT), Step(StepKind.RIGHT)
_FORWARD, _BACKWARD = Step(StepKind.FORWARD), Step(StepKind.BACKWARD)


@frozen
class _Cell:
    """What a ground move reads of one hex (BT-M-21/22/27/28), precomputed once per board."""

    cost: int
    """`terrain_cost` of the hex."""
    bottom: int
    """The level a 'Mech stands at off any bridge (`Terrain.bottom`)."""
    deck: int | None
    """The bridge deck's level, None without a bridge."""
    exits: int
    """Road and bridge exits (bit ``i``: `Facing` ``i``)."""
    water: int
    """Depth of water (0: none or ankle deep)."""
    rubble: bool
    building: bool
    top: int
    """Ground level plus building height: what a jump must clear (BT-M-20.4 item 3)."""


def _cell(terrain: Terrain) -> _Cell:
    bridge = terrain.bridge
    return _Cell(
        cost=terrain_cost(terrain),
        bottom=terrain.bottom,
        deck=terrain.level + bridge.height if bridge is not None else None,
        exits=terrain.road | (bridge.exits if bridge is not None else 0),
        water=terrain.water or 0,
        rubble=terrain.rubble,
        building=terrain.building is not None,
        top=terrain.level + (terrain.building.height if terrain.building is not None else 0),
    )


def _cells(board: Board) -> tuple[_Cell, ...]:
    """Every hex's `_Cell`, in the order of ``board.hexes`` (memoised on the board)."""
    return board.per_hex("movement", _cell)


def _index(board: Board, q: int, r: int) -> int:
    """The index in ``board.hexes`` of axial (q, r); -1 when off the board."""
    row = r + (q - (q & 1)) // 2
    if 0 <= q < board.width and 0 <= row < board.height:
        return q * board.height + row
    return -1


def _search(  # noqa: C901, PLR0912, PLR0915 - the hot loop of reachable, kept flat
    state: BTState,
    index: int,
    mode: MoveMode,
    limit: int,
    starts: list[tuple[int, Facing, int, tuple[Step, ...], tuple[str, ...]]],
) -> dict[tuple[Hex, Facing], tuple[int, tuple[Step, ...], tuple[str, ...]]]:
    """Dijkstra over (hex, facing): the cheapest MP, and the first cheapest path, to each.

    ``starts``: (mp, facing, level, steps, rolls) in the unit's own hex.

    Costs are small integers, so the queue is one first-in-first-out list per MP total: the
    positions are settled in the order (MP, push order), exactly that of a binary heap keyed
    on (MP, a push counter).
    """
    unit = state.units[index]
    assert unit.hex is not None  # noqa: S101 - checked by the caller
    board = state.board
    cells = _cells(board)
    width, height = board.width, board.height
    enemies = {
        (other.hex.q, other.hex.r)
        for i, other in enumerate(state.units)
        if i != index and other.on_map and other.hex is not None and other.side != unit.side
    }
    walking = mode is MoveMode.WALK
    running = mode is MoveMode.RUN
    q0, r0 = unit.hex.q, unit.hex.r
    first = min(mp for mp, *_ in starts)
    last = max(limit, first)  # a unit may already have spent more than it now has (heat)
    buckets: list[list[tuple[int, int, int, int, tuple[Step, ...], tuple[str, ...]]]] = [
        [] for _ in range(last + 1)
    ]
    for mp, facing, level, steps, rolls in starts:
        buckets[mp].append((q0, r0, int(facing), level, steps, rolls))
    best: dict[tuple[int, int, int], tuple[int, tuple[Step, ...], tuple[str, ...]]] = {}
    for mp in range(first, last + 1):
        for q, r, f, level, steps, rolls in buckets[mp]:
            key = (q, r, f)
            if key in best:
                continue
            best[key] = (mp, steps, rolls)
            if mp + 1 <= limit:
                turns = buckets[mp + 1]
                left, right = (f - 1) % 6, (f + 1) % 6
                if (q, r, left) not in best:
                    turns.append((q, r, left, level, (*steps, _LEFT), rolls))
                if (q, r, right) not in best:
                    turns.append((q, r, right, level, (*steps, _RIGHT), rolls))
            here = cells[q * height + r + (q - (q & 1)) // 2]
            for direction, backward in ((f, False), ((f + 3) % 6, True)):
                if backward and not walking:
                    break
                tq, tr = q + _DQ[direction], r + _DR[direction]
                row = tr + (tq - (tq & 1)) // 2
                if not (0 <= tq < width and 0 <= row < height):
                    continue
                there = cells[tq * height + row]
                road = bool(here.exits >> direction & 1 and there.exits >> (direction + 3) % 6 & 1)
                deck = there.deck
                on_bridge = road and deck is not None
                new_level = deck if road and deck is not None else there.bottom
                change = abs(new_level - level)
                if (backward and change) or change > MAX_LEVEL_CHANGE:
                    continue
                total = mp + (1 if road else there.cost) + change
                if total > limit or (tq, tr, f) in best:
                    continue
                depth = 0 if on_bridge else there.water
                if (running and depth >= 1) or (tq, tr) in enemies:
                    continue
                more = rolls
                if depth >= 1 or there.rubble or there.building or here.building:
                    extra = []
                    if depth >= 1:
                        extra.append("water")
                    if there.rubble:
                        extra.append("rubble")
                    if there.building or here.building:
                        extra.append("building")
                    more = (*rolls, *extra)
                step = _BACKWARD if backward else _FORWARD
                buckets[total].append((tq, tr, f, new_level, (*steps, step), more))
    hexes: dict[tuple[int, int], Hex] = {}
    result: dict[tuple[Hex, Facing], tuple[int, tuple[Step, ...], tuple[str, ...]]] = {}
    for (q, r, f), found in best.items():
        where = hexes.get((q, r))
        if where is None:
            where = hexes[q, r] = Hex(q, r)
        result[where, _FACINGS[f]] = found
    return result


def reachable(  # noqa: C901, PLR0911, PLR0912 - the search and its special starts
    state: BTState, index: int, mode: MoveMode, *, masc_on: bool = False
) -> dict[tuple[Hex, Facing], Reach]:
    """Every (hex, facing) the unit can end its move in this turn, with the cheapest MP cost.

    For walk and run: a Dijkstra search over (hex, facing) with the costs of BT-M-19/21/22,
    passing through friendly units but never ending with another 'Mech (BT-M-25), plus the
    Minimum Movement hex (BT-M-18). A prone unit stands first (free facing). For jump: every hex
    within Jump MP with a legal shortest path, in any facing. Rolls are listed, not rolled: the
    result assumes every roll succeeds. Skid checks are not predicted here (`plan_move` lists them).

    Of two paths of equal cost the one found first is kept (turns before steps, left before
    right, forward before backward), and the positions come in the order they are settled.
    """
    unit = state.units[index]
    if not unit.is_mech:
        return kindmove.reachable(state, index, mode)  # vehicles, infantry, battle armor
    if unit.hex is None or can_move(unit) is not None:
        return {}
    if mode is MoveMode.JUMP:
        return _reachable_jump(state, index)
    if mode is MoveMode.STILL:
        return {(unit.hex, unit.facing): Reach(unit.hex, unit.facing, 0, ())}
    movement = unit.movement
    if movement is not None and (movement.done or movement.mode is not mode):
        return {}
    limit = allowance(unit, mode, gravity_of(state.environment), masc_on=masc_on)
    spent = movement.mp_spent if movement is not None else 0
    entered_any = movement is not None and movement.hexes > 0
    here = state.board.terrain(unit.hex)
    start_level = standing_level(here, on_bridge=unit.standing_on_bridge(here))
    starts: list[tuple[int, Facing, int, tuple[Step, ...], tuple[str, ...]]] = []
    if unit.mech.prone:
        if gyro_hits(unit) >= 2 or limit == 0:  # noqa: PLR2004 - destroyed gyro
            return {(unit.hex, unit.facing): Reach(unit.hex, unit.facing, spent, ())}
        cost = 1 if limit == 1 and spent == 0 else 2
        if spent + cost > limit:
            return {(unit.hex, unit.facing): Reach(unit.hex, unit.facing, spent, ())}
        if cost == 1:  # Minimum Movement stand: the move ends there
            return {
                (unit.hex, facing): Reach(
                    unit.hex,
                    facing,
                    spent + 1,
                    (Step(StepKind.STAND, facing),),
                    ("stand",),
                    minimum=True,
                    mode=mode,
                )
                for facing in Facing
            }
        starts = [
            (spent + cost, facing, start_level, (Step(StepKind.STAND, facing),), ("stand",))
            for facing in Facing
        ]
    else:
        starts = [(spent, unit.facing, start_level, (), ())]
    taken = {other.hex for i, other in enumerate(state.units) if i != index and other.on_map}
    result: dict[tuple[Hex, Facing], Reach] = {}
    at_start: list[Reach] = []
    home = unit.hex
    for (hex_, facing), (mp, steps, rolls) in _search(state, index, mode, limit, starts).items():
        if hex_ in taken:
            continue  # passing through a friend is fine; ending with it is not (BT-M-25)
        reach = result[(hex_, facing)] = Reach(hex_, facing, mp, steps, rolls, mode=mode)
        if hex_.q == home.q and hex_.r == home.r:
            at_start.append(reach)
    if not entered_any and not unit.mech.prone and limit >= 1:
        _add_minimum(state, mode, limit, start_level, result, at_start)
    return result


def _add_minimum(  # noqa: PLR0917 - one private helper of reachable
    state: BTState,
    mode: MoveMode,
    limit: int,
    level: int,
    result: dict[tuple[Hex, Facing], Reach],
    at_start: list[Reach],
) -> None:
    """BT-M-18 item 5: the one hex straight ahead, from each facing the unit can still turn to.

    ``at_start``: the positions of ``result`` in the unit's own hex, in their order there.
    """
    for reach in at_start:
        hex_, facing = reach.hex, reach.facing
        there = hex_.neighbor(facing)
        outcome = enter_cost(state.board, hex_, level, facing, backward=False)
        if isinstance(outcome, str) or (there, facing) in result or state.units_at(there):
            continue
        cost, _, _, terrain = outcome
        if reach.mp + cost <= limit:
            continue
        if mode is MoveMode.RUN and (terrain.water or 0) >= 1:
            continue
        steps = (*reach.steps, Step(StepKind.FORWARD))
        result[(there, facing)] = Reach(
            there, facing, limit, steps, reach.rolls, minimum=True, mode=mode
        )


def _reachable_jump(state: BTState, index: int) -> dict[tuple[Hex, Facing], Reach]:
    unit = state.units[index]
    assert unit.hex is not None  # noqa: S101 - checked by the caller
    if unit.mech.prone or unit.movement is not None:
        return {}
    paths = jump_paths(state, index)
    taken = {other.hex for other in state.units if other.on_map}
    rolls = ("landing",) if needs_landing_psr(unit) else ()
    result: dict[tuple[Hex, Facing], Reach] = {}
    radius = max((len(path) for path in paths.values()), default=0)
    for target in unit.hex.spiral(radius)[1:]:  # ring by ring, clockwise from due north
        path = paths.get(target)
        if path is None or target in taken:
            continue
        steps = (_FORWARD,) * len(path)
        for facing in Facing:
            result[(target, facing)] = Reach(
                target, facing, len(path), steps, rolls, mode=MoveMode.JUMP
            )
    return result


def _ceiling(state: BTState, index: int, mp: int) -> int:
    """BT-M-20.4 item 3: the highest level a jump of ``mp`` Jump MP can clear."""
    unit = state.units[index]
    assert unit.hex is not None  # noqa: S101 - checked by the callers
    terrain = state.board.terrain(unit.hex)
    return standing_level(terrain, on_bridge=unit.standing_on_bridge(terrain)) + mp


def _jump_path(
    state: BTState, index: int, start: Hex, target: Hex, mp: int
) -> tuple[Hex, ...] | None:
    """BT-M-20.4: any legal shortest path from ``start`` to ``target`` (None if every one fails)."""
    ceiling = _ceiling(state, index, mp)

    def ok(where: Hex) -> bool:
        terrain = state.board.get(where)
        if terrain is None:
            return False
        height = terrain.building.height if terrain.building is not None else 0
        return terrain.level + height <= ceiling

    frontier: dict[Hex, tuple[Hex, ...]] = {start: ()}
    for _ in range(start.distance(target)):
        step: dict[Hex, tuple[Hex, ...]] = {}
        for where, path in frontier.items():
            for nxt in where.neighbors():
                if (
                    nxt.distance(target) == where.distance(target) - 1
                    and nxt not in step
                    and ok(nxt)
                ):
                    step[nxt] = (*path, nxt)
        frontier = step
    return frontier.get(target)


def jump_paths(state: BTState, index: int) -> dict[Hex, tuple[Hex, ...]]:  # noqa: C901 - hot
    """BT-M-20.4: the `jump_path` of every hex the unit could land in, whoever stands there.

    One breadth-first search outwards, ring by ring, keeping the first path found to each hex:
    a shortest path to a hex passes only hexes nearer the start, so the search meets the hexes
    of each ring in the order the single-target search of `jump_path` meets them, and finds
    the same path. Empty for a unit off the map or without Jump MP.
    """
    unit = state.units[index]
    if not unit.is_mech:
        return kindmove.jump_paths(state, index)
    if unit.hex is None:
        return {}
    board = state.board
    mp = jump_mp(unit, board.terrain(unit.hex), gravity_of(state.environment))
    if mp <= 0:
        return {}
    ceiling = _ceiling(state, index, mp)
    cells = _cells(board)
    q0, r0 = unit.hex.q, unit.hex.r
    frontier: dict[tuple[int, int], tuple[Hex, ...]] = {(q0, r0): ()}
    paths: dict[Hex, tuple[Hex, ...]] = {}
    for radius in range(1, mp + 1):
        ring: dict[tuple[int, int], tuple[Hex, ...]] = {}
        for (q, r), path in frontier.items():
            for dq, dr in zip(_DQ, _DR, strict=True):
                nq, nr = q + dq, r + dr
                if (nq, nr) in ring:
                    continue
                dq0, dr0 = nq - q0, nr - r0
                if (abs(dq0) + abs(dr0) + abs(dq0 + dr0)) // 2 != radius:
                    continue
                at = _index(board, nq, nr)
                if at < 0 or cells[at].top > ceiling:
                    continue
                where = Hex(nq, nr)
                ring[nq, nr] = (*path, where)
        for path in ring.values():
            paths[path[-1]] = path
        frontier = ring
    return paths


def jump_path(state: BTState, index: int, target: Hex) -> tuple[Hex, ...] | None:
    """A legal shortest jump path to ``target`` for the screen (None when there is none)."""
    unit = state.units[index]
    if not unit.is_mech:
        return kindmove.jump_paths(state, index).get(target)
    if unit.hex is None:
        return None
    mp = jump_mp(unit, state.board.terrain(unit.hex), gravity_of(state.environment))
    if unit.hex.distance(target) > mp:
        return None
    return _jump_path(state, index, unit.hex, target, mp)


def reachable_any(state: BTState, index: int) -> dict[tuple[Hex, Facing], Reach]:
    """Every (hex, facing) the unit can reach this turn in any mode, and the mode to use.

    Walking where it can, else running, else jumping: the least heat first (BT-M-32.3).
    """
    best: dict[tuple[Hex, Facing], Reach] = {}
    for mode in (MoveMode.WALK, MoveMode.RUN, MoveMode.JUMP):
        for key, reach in reachable(state, index, mode).items():
            best.setdefault(key, reach)
    return best


def reachable_hexes(
    state: BTState, index: int, mode: MoveMode, *, masc_on: bool = False
) -> dict[Hex, int]:
    """The cheapest MP cost of every reachable hex (any facing), for the board overlay."""
    costs: dict[Hex, int] = {}
    for (hex_, _), reach in reachable(state, index, mode, masc_on=masc_on).items():
        if hex_ not in costs or reach.mp < costs[hex_]:
            costs[hex_] = reach.mp
    return costs


def psr_target(unit: UnitState, check: Check) -> int:
    """The target number a check will roll against (for warnings before confirming).

    A vehicle's Driving roll takes no 'Mech modifiers (BT-M-37.1): its check names them all.
    """
    damage = preexisting(unit) if unit.is_mech else ()
    return unit.pilot.piloting + sum(v for _, v in check.modifiers) + sum(v for _, v in damage)
