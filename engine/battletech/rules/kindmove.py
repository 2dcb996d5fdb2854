"""Movement of vehicles, infantry platoons and battle armor squads (BT-M-3, BT-M-4, BT-M-37).

`engine.battletech.rules.movement` hands every unit that is not a 'Mech to this module: the
same `Plan` and `Reach` come back, so the flow, the options and the screen treat every kind
alike. The rules of each kind live in `engine.battletech.kinds` (pure tables); this module only
walks a plotted path through them.

- Vehicles: Walk/Run moves are Cruise/Flank (BT-M-20, BT-M-37.1, `kinds.vehicle.allowance`,
  motive damage and immobile included), terrain costs and the prohibited terrain of the motion
  type (BT-M-21..23, `kinds.vehicle_terrain.ground_enter_cost`), no backward move at flank
  (BT-M-19), hover over water (BT-M-37.4). A VTOL flies at its elevation (BT-M-37.3,
  `vtol_enter_cost`); DESIGN: its plotted move keeps the elevation it has and climbs by itself
  (paying 1 MP a level, BT-M-41 #9) where the terrain below rises above it; a landed VTOL takes
  off (1 MP) as its first hex begins. DESIGN: a flying VTOL passes over any unit but ends its
  move under the stacking limits like a ground unit (the 'Mech rules read one 'Mech a hex).
- Infantry and battle armor: one ground allowance, no run (BT-M-4), facing changes free
  (BT-M-21 note 5), `kinds.infantry.infantry_step_cost`; jump infantry and battle armor jump
  (BT-M-20.4 with their jump MP, no landing roll).
- Stacking (BT-M-25, `kinds.infantry.stacking_problem`): never into an enemy's hex; a unit that
  is not a 'Mech may end its move with friendly units that are not 'Mechs within the limits.
  DESIGN: a hex holding a 'Mech takes no other unit (the 'Mech rules of displacement read one
  unit a hex).
- No piloting skill rolls for these kinds (BT-M-37.1: they never fall). A vehicle's Driving
  rolls are planned here and rolled by `skids.driving`: skids of ground vehicles (BT-M-29.1,
  BT-M-39.2 ice), the roll into or out of a building (BT-M-8.9, BT-M-31.4), a flank-speed
  VTOL's sideslip (BT-M-41 #8, BT-M-37.6). BT-M-37.7: a failed skid roll is a plain skid (the
  Failed Maneuver Table was not found: no spin).
- Buildings (BT-M-41 #4): a step whose tonnage with the units in the hex exceeds the CF
  brings the building down (`crush_weight`, `buildings.fall_in`); the move ends there.
"""

from __future__ import annotations

import heapq
import math
from fractions import Fraction

import attrs
from attrs import frozen

from engine.battletech.board import Terrain
from engine.battletech.commands import Step, StepKind
from engine.battletech.designs import BattleArmorDesign, InfantryDesign, VehicleDesign
from engine.battletech.designs.infantry import InfantryMotion
from engine.battletech.designs.vehicle import Motion, flank_mp
from engine.battletech.envstate import by_gravity, gravity_of
from engine.battletech.kinds import infantry as inf
from engine.battletech.kinds import vehicle as veh
from engine.battletech.kinds import vehicle_terrain as vt
from engine.battletech.kinds.battle_armor import BattleArmorBody, ba_mp
from engine.battletech.kinds.infantry import InfantryBody, Occupant, UnitKind
from engine.battletech.kinds.vehicle import VehicleBody
from engine.battletech.rules import buildings, environment
from engine.battletech.rules.moveplan import Check, Plan, PlannedStep, Reach, check_start
from engine.battletech.rules.victory import tonnage
from engine.battletech.state import BTState, MoveMode, UnitState
from engine.battletech.tables import building_hexes_modifier, skid_modifier
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex

__all__ = [
    "allowance",
    "bridge_weight",
    "can_move",
    "crush_weight",
    "deploy_problem",
    "jump_mp",
    "kind_of",
    "plan_jump",
    "plan_move",
    "reachable",
    "start_level",
]


def kind_of(unit: UnitState) -> UnitKind:
    """The unit's kind as the stacking rules name it (BT-M-25)."""
    match unit.body:
        case VehicleBody():
            return "vehicle"
        case InfantryBody():
            return "infantry"
        case BattleArmorBody():
            return "battle armor"
        case _:
            return "mech"


def _flying(unit: UnitState) -> bool:
    """A VTOL in flight (BT-M-37.3)."""
    return isinstance(unit.body, VehicleBody) and unit.body.airborne


def can_move(unit: UnitState) -> str | None:
    """Why the unit cannot move at all this turn (None: it may). BT-C-24.3, BT-M-37.5, BT-M-39.1."""
    if unit.destroyed:
        return "it is destroyed"
    if unit.stuck:
        return "it is stuck in a swamp (BT-M-39.1)"
    body, design = unit.body, unit.design
    if isinstance(body, VehicleBody) and isinstance(design, VehicleDesign):
        return veh.movement_blocked(design, body)
    if isinstance(body, InfantryBody | BattleArmorBody) and body.stuck:
        return "it is stuck in a swamp (BT-M-39.1)"
    if isinstance(body, InfantryBody | BattleArmorBody) and body.swarming is not None:
        return "it swarms another unit and moves with it (BT-C-35.9)"
    return None


def allowance(unit: UnitState, mode: MoveMode, gravity: Fraction = Fraction(1)) -> int:
    """BT-M-20 / BT-M-37.1 / BT-M-4: the MP of ``mode`` for a unit that is not a 'Mech.

    A vehicle's Walk is its Cruising MP and its Run its Flank MP (after motive damage); a platoon
    or squad has one ground allowance (Walk) and no Run. Gravity (BT-M-39.3, `by_gravity`) scales
    the Cruising or ground MP as it scales a 'Mech's Walk MP; Flank MP follows from it.
    """
    design, body = unit.design, unit.body
    if isinstance(design, VehicleDesign) and isinstance(body, VehicleBody):
        if mode not in {MoveMode.WALK, MoveMode.RUN}:
            return 0
        cruise = by_gravity(veh.cruise_mp(design, body), gravity)
        return flank_mp(cruise) if mode is MoveMode.RUN else cruise
    if mode is not MoveMode.WALK:
        return 0
    if isinstance(design, InfantryDesign):
        return by_gravity(inf.infantry_mp(design)[0], gravity)
    if isinstance(design, BattleArmorDesign) and isinstance(body, BattleArmorBody):
        return by_gravity(ba_mp(design, body)[0], gravity)
    return 0


def jump_mp(unit: UnitState, gravity: Fraction = Fraction(1)) -> int:
    """BT-M-4: the Jump MP of jump infantry and battle armor (0 for every other kind)."""
    design, body = unit.design, unit.body
    if isinstance(design, InfantryDesign):
        return by_gravity(inf.infantry_mp(design)[1], gravity)
    if isinstance(design, BattleArmorDesign) and isinstance(body, BattleArmorBody):
        return by_gravity(ba_mp(design, body)[1], gravity)
    return 0


def _infantry_motion(unit: UnitState) -> InfantryMotion | None:
    return unit.design.motion if isinstance(unit.design, InfantryDesign) else None


def start_level(state: BTState, unit: UnitState) -> int:
    """BT-M-22: the level the unit stands at in its hex (a VTOL: its hex's level)."""
    assert unit.hex is not None  # noqa: S101 - callers check the unit is on the map
    terrain = state.board.terrain(unit.hex)
    if unit.standing_on_bridge(terrain) and terrain.bridge is not None:
        return terrain.level + terrain.bridge.height
    if isinstance(unit.design, VehicleDesign):
        return vt.standing_level(unit.design.motion, terrain)
    hover = _infantry_motion(unit) is InfantryMotion.MECHANIZED_HOVER
    return terrain.level if hover and terrain.water is not None else terrain.bottom


def deploy_problem(unit: UnitState, terrain: Terrain) -> str | None:
    """BT-M-23: why the unit may not be set up in ``terrain`` (a hex it could never enter)."""
    design = unit.design
    if isinstance(design, VehicleDesign):
        if design.motion is Motion.VTOL:
            return vt.vtol_can_land(terrain)  # it deploys landed (BT-M-37.3)
        return vt.prohibited(design.motion, terrain)
    if isinstance(design, InfantryDesign | BattleArmorDesign):
        return inf.prohibited_terrain(inf.terrain_column(_infantry_motion(unit)), terrain)
    return None


@frozen
class _Pos:
    """Where a plotted move stands: hex, facing, standing level, VTOL elevation, MP, hexes."""

    hex: Hex
    facing: Facing
    level: int
    elevation: int
    mp: int
    hexes: int
    minimum: bool = False


def _along_road(here: Terrain, there: Terrain, direction: Facing) -> bool:
    """BT-M-27.2: from a road hex into a connected hex of the same road."""
    return here.road_exit(direction) and there.road_exit(direction.opposite)


def _enter(  # noqa: PLR0911 - one answer per kind of mover
    state: BTState, unit: UnitState, pos: _Pos, direction: Facing, *, backward: bool, flank: bool
) -> tuple[int, int, int, bool] | str:
    """Entering the next hex: (MP, new level, new elevation, along the road), or why not."""
    there = pos.hex.neighbor(direction)
    terrain = state.board.get(there)
    if terrain is None:
        return "that hex is off the map"
    here = state.board.terrain(pos.hex)
    road = _along_road(here, terrain, direction)
    design = unit.design
    if isinstance(design, VehicleDesign):
        if backward and flank:
            return vt.backward_refused(flank=True) or ""
        if design.motion is Motion.VTOL:
            takeoff = 1 if pos.elevation <= 0 else 0  # BT-M-41 #9: lift off in place first
            start = max(pos.elevation, 1)
            wanted = max(start, vt.vtol_floor(terrain))
            cost = vt.vtol_enter_cost(terrain, start, wanted)
            if isinstance(cost, str):
                return cost
            return takeoff + cost, terrain.level, wanted, False
        result = vt.ground_enter_cost(
            design.motion, pos.level, terrain, along_road=road, backward=backward
        )
        if isinstance(result, str):
            return result
        return result[0], result[1], 0, road
    step = inf.infantry_step_cost(_infantry_motion(unit), pos.level, terrain, along_road=road)
    if isinstance(step, str):
        return step
    return step[0], step[1], 0, road


def crush_weight(state: BTState, index: int, there: Hex, elevation: int = 0) -> int:
    """BT-M-41 #4 (ASSUMPTION): the tons that collapse the building in ``there`` (0: it holds).

    The unit entering and every unit of any kind standing in the hex (`buildings.weight_inside`)
    against the building's CF; a VTOL in flight (``elevation`` > 0) weighs nothing. DESIGN: the
    move ends in the collapse (`flow._collapse`; the unit falls, `buildings.fall_in`).
    """
    building = state.board.terrain(there).building
    unit = state.units[index]
    if building is None or (_is_vtol(unit) and elevation > 0):
        return 0
    inside = tonnage(unit) + buildings.weight_inside(state, there, without=index)
    return math.ceil(inside) if inside > building.cf else 0


def bridge_weight(state: BTState, index: int, there: Hex, elevation: int = 0, *, road: bool) -> int:
    """BT-M-28 (reading): the tons that bring down the bridge in ``there`` (0: it holds).

    A unit that drives onto the deck (``road``: along the road) with every unit of the hex
    (`buildings.weight_inside`) against the bridge's CF; a VTOL in flight weighs nothing. The
    units fall into the water (`buildings.fall_in`).
    """
    bridge = state.board.terrain(there).bridge
    unit = state.units[index]
    if bridge is None or not road or (_is_vtol(unit) and elevation > 0):
        return 0
    weight = tonnage(unit) + buildings.weight_inside(state, there, without=index)
    return math.ceil(weight) if weight > bridge.cf else 0


def _turn_cost(unit: UnitState) -> int:
    """BT-M-24.1: 1 MP a hexside for a vehicle; free for infantry (BT-M-21 note 5)."""
    return 1 if isinstance(unit.design, VehicleDesign) else 0


def _enemy_in(state: BTState, index: int, where: Hex) -> bool:
    """BT-M-25: a hex holding a unit of another side (a flying VTOL passes over)."""
    me = state.units[index]
    if _flying(me):
        return False
    return any(
        o != index and state.units[o].side != me.side and not _flying(state.units[o])
        for o in state.units_at(where)
    )


def end_problem(state: BTState, index: int, where: Hex) -> str | None:
    """BT-M-25: why the unit may not end its move in ``where`` with the units already there."""
    me = state.units[index]
    others = [state.units[o] for o in state.units_at(where) if o != index]
    if not others:
        return None
    if any(o.is_mech for o in others):
        return f"{where.label} holds a 'Mech (BT-M-25)"
    if any(o.side != me.side for o in others):
        return f"{where.label} holds an enemy unit (BT-M-25)"
    occupants = [Occupant(o.side, kind_of(o)) for o in (*others, me)]
    return inf.stacking_problem(occupants)


def _illegal(code: str, index: int, step: Step, why: str) -> IllegalCommand:
    return IllegalCommand(f"move/{code}", f"step {index + 1} ({step.kind.value}): {why}")


def _start(state: BTState, index: int, mode: MoveMode) -> tuple[UnitState, _Pos, int]:
    unit = state.units[index]
    start = check_start(unit, mode, can_move(unit))
    movement = unit.movement
    if mode is MoveMode.RUN and not isinstance(unit.design, VehicleDesign):
        msg = f"the {unit.name} has one ground allowance and no run (BT-M-4)"
        raise IllegalCommand("move/mode", msg)
    limit = allowance(unit, mode, gravity_of(state.environment))
    elevation = unit.body.elevation if isinstance(unit.body, VehicleBody) else 0
    pos = _Pos(
        start,
        unit.facing,
        start_level(state, unit),
        elevation,
        movement.mp_spent if movement is not None else 0,
        movement.hexes if movement is not None else 0,
        minimum=movement.minimum if movement is not None else False,
    )
    return unit, pos, limit


def plan_move(state: BTState, index: int, mode: MoveMode, steps: tuple[Step, ...]) -> Plan:
    """BT-M-18..25 / BT-M-37: check a plotted move of a unit that is not a 'Mech, without dice.

    Returns a `movement.Plan` (its ``elevation``: a VTOL's elevation at the end). A ground
    vehicle that starts its turn on a road and keeps to it has 1 MP more (BT-M-27.3).

    Raises:
        IllegalCommand: naming the first illegal step and the rule it breaks.
    """
    try:
        return _plan(state, index, mode, steps, road_bonus=False)
    except IllegalCommand as exc:
        if exc.code != "move/insufficient_mp" or not road_start(state, state.units[index]):
            raise
        try:
            return _plan(state, index, mode, steps, road_bonus=True)
        except IllegalCommand:
            raise exc from None


def road_start(state: BTState, unit: UnitState) -> bool:
    """BT-M-27.3: a ground vehicle starting its turn in a road hex (a road is paved, BT-M-8.7)."""
    design = unit.design
    return (
        isinstance(design, VehicleDesign)
        and design.motion in veh.GROUND
        and unit.movement is None
        and unit.hex is not None
        and state.board.terrain(unit.hex).has_road
    )


def _plan(  # noqa: C901, PLR0912, PLR0915 - one guard per rule
    state: BTState, index: int, mode: MoveMode, steps: tuple[Step, ...], *, road_bonus: bool
) -> Plan:
    """`plan_move` with or without BT-M-27.3's road bonus (+1 MP, every hex along the road)."""
    unit, pos, limit = _start(state, index, mode)
    limit += road_bonus
    if mode is MoveMode.STILL and steps:
        raise _illegal("still", 0, steps[0], "a unit standing still takes no steps (BT-M-20.1)")
    flank = mode is MoveMode.RUN
    planned: list[PlannedStep] = []
    for i, step in enumerate(steps):
        if pos.minimum:
            raise _illegal("minimum", i, step, "Minimum Movement ends the unit's move (BT-M-18)")
        if step.kind in {StepKind.PRONE, StepKind.STAND}:
            why = f"only a 'Mech can {'drop prone' if step.kind is StepKind.PRONE else 'stand'}"
            raise _illegal("kind", i, step, f"{why} (BT-M-24)")
        if step.kind in {StepKind.LEFT, StepKind.RIGHT}:
            cost = _turn_cost(unit)
            if pos.mp + cost > limit:
                why = f"no MP left to turn ({pos.mp} of {limit} spent)"
                raise _illegal("insufficient_mp", i, step, why)
            facing = pos.facing.turn(-1 if step.kind is StepKind.LEFT else 1)
            pos = attrs.evolve(pos, facing=facing, mp=pos.mp + cost)
            planned.append(PlannedStep(i, step, pos.hex, pos.facing, prone=False, mp=cost))
            continue
        backward = step.kind is StepKind.BACKWARD
        direction = pos.facing.opposite if backward else pos.facing
        result = _enter(state, unit, pos, direction, backward=backward, flank=flank)
        if isinstance(result, str):
            raise _illegal("blocked", i, step, result)
        cost, level, elevation, road = result
        there = pos.hex.neighbor(direction)
        if road_bonus and not road:
            why = "the road bonus holds only while the vehicle stays on the road (BT-M-27.3)"
            raise _illegal("road", i, step, why)
        if _enemy_in(state, index, there):
            raise _illegal("stacking", i, step, f"{there.label} holds an enemy unit (BT-M-25)")
        minimum = False
        if pos.mp + cost > limit:
            if pos.hexes == 0 and not backward and limit >= 1:
                minimum, cost = True, max(limit - pos.mp, 0)  # BT-M-18 item 5
            else:
                left = max(limit - pos.mp, 0)
                why = f"entering {there.label} costs {cost} MP, {left} of {limit} left"
                raise _illegal("insufficient_mp", i, step, why)
        pos = _Pos(there, pos.facing, level, elevation, pos.mp + cost, pos.hexes + 1, minimum)
        planned.append(
            PlannedStep(
                i,
                step,
                there,
                pos.facing,
                prone=False,
                mp=cost,
                entered=True,
                backward=backward,
                road=road,
                minimum=minimum,
                crush=crush_weight(state, index, there, elevation),
                collapse=bridge_weight(state, index, there, elevation, road=road),
            )
        )
    if planned:
        crowded = end_problem(state, index, pos.hex)
        if crowded is not None:
            last = len(planned) - 1
            raise _illegal("stacking", last, steps[last], f"it cannot end there: {crowded}")
    hexes = sum(1 for p in planned if p.entered)
    end = pos.elevation if _is_vtol(unit) else None
    before = unit.movement.hexes if unit.movement is not None else 0
    if isinstance(unit.design, VehicleDesign) and unit.design.motion in veh.GROUND:
        planned = _building_checks(state, unit, planned, before)
        planned = _skid_checks(state, unit, planned, flank=flank, intended=before + hexes)
    elif _is_vtol(unit) and flank:
        planned = _sideslip_checks(state, unit, planned, before + hexes)
    return Plan(index, mode, tuple(planned), limit, pos.mp, hexes, elevation=end)


def _skid_checks(
    state: BTState, unit: UnitState, planned: list[PlannedStep], *, flank: bool, intended: int
) -> list[PlannedStep]:
    """BT-M-29.1 / BT-M-39.2: the Driving rolls a ground vehicle's plotted move needs.

    At flank speed, one roll in each paved (or road, moving along it) hex where it turns and then
    moves on or turns a second hexside; at any speed a turn then a move into or out of ice. The
    modifier: the hexes intended this turn (BT-M-29.2) and the vehicle's Driving penalties
    (BT-M-37.5, `kinds.vehicle.driving_modifier`).
    """
    assert unit.hex is not None  # noqa: S101 - a planned unit is on the map
    board = state.board
    modifiers = _driving_modifiers(unit, intended)
    here, on_road = unit.hex, board.terrain(unit.hex).has_road
    turns, checked = 0, False
    result: list[PlannedStep] = []
    for step in planned:
        terrain = board.terrain(here)
        paved = terrain.pavement or (terrain.has_road and (on_road or step.road))
        if step.entered:
            iced = environment.ice_skid(terrain, board.terrain(step.hex))
            if turns and not checked and ((flank and paved) or iced):
                check = Check("skid", modifiers, fall_hex=here)
                step = attrs.evolve(step, before=(check,))  # noqa: PLW2901 - its checked copy
            here, on_road, turns, checked = step.hex, step.road, 0, False
        else:
            turns += 1
            if flank and turns == 2 and not checked and paved:  # noqa: PLR2004 - BT-M-29.1
                step = attrs.evolve(step, after=(Check("skid", modifiers, fall_hex=here),))  # noqa: PLW2901
                checked = True
        result.append(step)
    return result


def _driving_modifiers(unit: UnitState, intended: int) -> tuple[tuple[str, int], ...]:
    """BT-M-29.2 and BT-M-37.5: the skid modifier of the hexes intended, the vehicle's damage."""
    body = unit.body
    penalty = veh.driving_modifier(body) if isinstance(body, VehicleBody) else 0
    modifiers: tuple[tuple[str, int], ...] = (
        (f"{intended} hexes this turn", skid_modifier(intended)),
    )
    return (*modifiers, ("vehicle damage", penalty)) if penalty else modifiers


def _building_checks(
    state: BTState, unit: UnitState, planned: list[PlannedStep], before: int
) -> list[PlannedStep]:
    """BT-M-8.9 / BT-M-31.4 / BT-M-37.1: a ground vehicle's Driving roll into or out of a building.

    One roll per hex entered when the hex left or the hex entered holds a building: the higher
    class's modifier and the hexes entered this turn, this one included (BT-M-31.4, "vehicles use
    the same table with their Driving skill"), plus the vehicle's Driving penalties (BT-M-37.5).
    A failure: `buildings.kind_building_damage`. None where the step brings the building down.
    """
    assert unit.hex is not None  # noqa: S101 - a planned unit is on the map
    board = state.board
    body = unit.body
    penalty = veh.driving_modifier(body) if isinstance(body, VehicleBody) else 0
    here, hexes = unit.hex, before
    result: list[PlannedStep] = []
    for step in planned:
        if step.entered:
            hexes += 1
            old, new = board.terrain(here).building, board.terrain(step.hex).building
            classes = [b for b in (old, new) if b is not None]
            if classes and not step.crush:
                worst = max(classes, key=lambda b: b.cls)
                named: tuple[tuple[str, int], ...] = (
                    (f"{worst.cls.name.lower()} building", worst.cls.psr_modifier),
                    (f"{hexes} hexes moved", building_hexes_modifier(hexes)),
                )
                if penalty:
                    named = (*named, ("vehicle damage", penalty))
                entering = new or worst
                check = Check(
                    "building",
                    named,
                    building_cf=entering.cf,
                    building_hex=step.hex if new is not None else here,
                )
                step = attrs.evolve(step, after=(*step.after, check))  # noqa: PLW2901
            here = step.hex
        result.append(step)
    return result


def _sideslip_checks(
    state: BTState, unit: UnitState, planned: list[PlannedStep], intended: int
) -> list[PlannedStep]:
    """BT-M-41 #8 / BT-M-37.6: a flank-speed VTOL's Driving roll against a sideslip.

    Before each hex it enters after a facing change (one roll a hex, as skids, BT-M-29.1), with
    BT-M-29.2's skid modifier of the hexes intended and its Driving penalties (BT-M-37.5). The
    check keeps the elevation the VTOL flies at when it rolls (the plotted climb of `_enter`:
    at least 1, and up to each hex's `vtol_floor`). A failure: `skids.sideslip`.
    """
    modifiers = _driving_modifiers(unit, intended)
    elevation = max(unit.body.elevation if isinstance(unit.body, VehicleBody) else 0, 1)
    here = unit.hex
    turned = False
    result: list[PlannedStep] = []
    for step in planned:
        if step.entered:
            if turned:
                check = Check("sideslip", modifiers, fall_hex=here, elevation=elevation)
                step = attrs.evolve(step, before=(check,))  # noqa: PLW2901 - its checked copy
            here, turned = step.hex, False
            elevation = max(elevation, vt.vtol_floor(state.board.terrain(step.hex)))
        else:
            turned = True
        result.append(step)
    return result


def _is_vtol(unit: UnitState) -> bool:
    return isinstance(unit.design, VehicleDesign) and unit.design.motion is Motion.VTOL


def plan_jump(  # noqa: C901, PLR0912 - BT-M-20.4, one guard per rule
    state: BTState, index: int, path: tuple[Hex, ...], facing: Facing
) -> Plan:
    """BT-M-20.4 with BT-M-4: a jump of jump infantry or battle armor (no landing roll).

    Returns a `movement.Plan`. Raises `IllegalCommand` naming the hex at fault.
    """
    unit = state.units[index]
    if unit.hex is None:
        raise IllegalCommand("move/not_deployed", f"the {unit.name} is not on the map")
    why = can_move(unit)
    if why is not None:
        raise IllegalCommand("move/cannot_move", f"the {unit.name} cannot move: {why}")
    if unit.movement is not None:
        raise IllegalCommand("jump/started", "a jump takes the whole movement (BT-M-20.4)")
    mp = jump_mp(unit, gravity_of(state.environment))
    if mp <= 0:
        raise IllegalCommand("jump/no_jets", f"the {unit.name} cannot jump (BT-M-4)")
    if not path:
        raise IllegalCommand("jump/empty", "a jump needs at least one hex")
    if len(path) > mp:
        msg = f"{len(path)} hexes is beyond the {unit.name}'s {mp} Jump MP"
        raise IllegalCommand("jump/too_far", msg)
    landing = path[-1]
    if unit.hex.distance(landing) != len(path):
        raise IllegalCommand("jump/not_shortest", "the path is not a shortest path (BT-M-20.4)")
    ceiling = start_level(state, unit) + mp
    previous = unit.hex
    for where in path:
        terrain = state.board.get(where)
        if where.distance(previous) != 1 or terrain is None:
            raise IllegalCommand("jump/gap", "each hex of a jump is next to the one before")
        if terrain.height + terrain.level > ceiling:
            msg = f"{where.label} rises above what {mp} Jump MP can clear (BT-M-20.4 item 3)"
            raise IllegalCommand("jump/too_high", msg)
        previous = where
    terrain = state.board.terrain(landing)
    column = inf.terrain_column(_infantry_motion(unit))
    why = inf.prohibited_terrain(column, terrain)
    if why is None and _enemy_in(state, index, landing):
        why = f"{landing.label} holds an enemy unit (BT-M-25)"
    if why is None:
        why = end_problem(state, index, landing)
    if why is not None:
        raise IllegalCommand("jump/landing", f"it cannot land in {landing.label}: {why}")
    step = PlannedStep(0, Step(StepKind.FORWARD), landing, facing, prone=False, mp=len(path))
    step = attrs.evolve(step, entered=True)
    return Plan(index, MoveMode.JUMP, (step,), mp, len(path), len(path))


def jump_paths(state: BTState, index: int) -> dict[Hex, tuple[Hex, ...]]:
    """BT-M-20.4: a legal shortest path to each hex the unit could land in (ring by ring)."""
    unit = state.units[index]
    mp = jump_mp(unit, gravity_of(state.environment))
    if unit.hex is None or mp <= 0:
        return {}
    ceiling = start_level(state, unit) + mp
    frontier: dict[Hex, tuple[Hex, ...]] = {unit.hex: ()}
    paths: dict[Hex, tuple[Hex, ...]] = {}
    for radius in range(1, mp + 1):
        ring: dict[Hex, tuple[Hex, ...]] = {}
        for where, path in frontier.items():
            for nxt in where.neighbors():
                if nxt in ring or unit.hex.distance(nxt) != radius:
                    continue
                terrain = state.board.get(nxt)
                if terrain is None or terrain.level + terrain.height > ceiling:
                    continue
                ring[nxt] = (*path, nxt)
        paths.update({path[-1]: path for path in ring.values()})
        frontier = ring
    return paths


_LEFT, _RIGHT = Step(StepKind.LEFT), Step(StepKind.RIGHT)
_FORWARD, _BACKWARD = Step(StepKind.FORWARD), Step(StepKind.BACKWARD)


def reachable(  # noqa: C901, PLR0912 - the search and the jump landings
    state: BTState, index: int, mode: MoveMode
) -> dict[tuple[Hex, Facing], Reach]:
    """Every (hex, facing) the unit can end this move in, with the cheapest path (`movement.Reach`).

    A search over (hex, facing) with `plan_move`'s costs; each position keeps the first cheapest
    path found (turns before steps). Jumps: every landing hex of `jump_paths`, any facing.
    """
    unit = state.units[index]
    if unit.hex is None or can_move(unit) is not None:
        return {}
    if mode is MoveMode.STILL:
        return {(unit.hex, unit.facing): Reach(unit.hex, unit.facing, 0, ())}
    if mode is MoveMode.JUMP:
        if unit.movement is not None:
            return {}
        result: dict[tuple[Hex, Facing], Reach] = {}
        for target, path in jump_paths(state, index).items():
            try:
                plan_jump(state, index, path, unit.facing)
            except IllegalCommand:
                continue
            for facing in Facing:
                steps = (_FORWARD,) * len(path)
                result[target, facing] = Reach(target, facing, len(path), steps, mode=mode)
        return result
    try:
        _, start, limit = _start(state, index, mode)
    except IllegalCommand:
        return {}
    best = _search(state, index, start, limit, flank=mode is MoveMode.RUN, road_only=False)
    if road_start(state, unit):  # BT-M-27.3: 1 MP more, every hex along the road
        bonus = _search(state, index, start, limit + 1, flank=mode is MoveMode.RUN, road_only=True)
        for key, found in bonus.items():
            best.setdefault(key, found)
    reach: dict[tuple[Hex, Facing], Reach] = {}
    for (hex_, facing), (mp, steps, minimum) in best.items():
        if steps and end_problem(state, index, hex_) is None:
            reach[hex_, facing] = Reach(hex_, facing, mp, steps, minimum=minimum, mode=mode)
        elif not steps:
            reach[hex_, facing] = Reach(hex_, facing, mp, steps, mode=mode)
    return reach


def _search(  # noqa: C901, PLR0912 - the hot loop, kept flat
    state: BTState, index: int, start: _Pos, limit: int, *, flank: bool, road_only: bool
) -> dict[tuple[Hex, Facing], tuple[int, tuple[Step, ...], bool]]:
    """Dijkstra over (hex, facing) from ``start`` within ``limit`` MP: the first cheapest path.

    ``road_only``: every hex entered along the road (BT-M-27.3), no Minimum Movement.
    """
    unit = state.units[index]
    counter = 0
    queue: list[tuple[int, int, _Pos, tuple[Step, ...]]] = [(start.mp, 0, start, ())]
    best: dict[tuple[Hex, Facing], tuple[int, tuple[Step, ...], bool]] = {}
    while queue:
        mp, _, pos, steps = heapq.heappop(queue)
        key = (pos.hex, pos.facing)
        if key in best:
            continue
        best[key] = (mp, steps, pos.minimum)
        if pos.minimum:
            continue
        moves: list[tuple[_Pos, Step]] = []
        turn = _turn_cost(unit)
        if mp + turn <= limit:
            for step, side in ((_LEFT, -1), (_RIGHT, 1)):
                moves.append((attrs.evolve(pos, facing=pos.facing.turn(side), mp=mp + turn), step))
        for step, backward in ((_FORWARD, False), (_BACKWARD, True)):
            if backward and flank:
                continue
            direction = pos.facing.opposite if backward else pos.facing
            result = _enter(state, unit, pos, direction, backward=backward, flank=flank)
            if isinstance(result, str) or (road_only and not result[3]):
                continue
            cost, level, elevation, _ = result
            there = pos.hex.neighbor(direction)
            if _enemy_in(state, index, there):
                continue
            minimum = False
            if mp + cost > limit:
                first = pos.hexes == 0 and not steps_enter(steps)
                if first and not backward and limit >= 1 and not road_only:
                    minimum, cost = True, max(limit - mp, 0)
                else:
                    continue
            moves.append((_Pos(there, pos.facing, level, elevation, mp + cost, 1, minimum), step))
        for nxt, step in moves:
            if (nxt.hex, nxt.facing) not in best:
                counter += 1
                heapq.heappush(queue, (nxt.mp, counter, nxt, (*steps, step)))
    return best


def steps_enter(steps: tuple[Step, ...]) -> bool:
    """True when the steps enter a hex (Minimum Movement is for a first hex only, BT-M-18)."""
    return any(s.kind in {StepKind.FORWARD, StepKind.BACKWARD} for s in steps)
