"""Skids: a 'Mech's slide after a failed skid roll, and a vehicle's Driving rolls in its move.

Vehicles (`driving`, `vehicle_skid`, `sideslip`): BT-M-29.5..29.8, BT-M-37.5..37.7, BT-M-41 #8;
each is told in their docstrings. The rest of this text is the 'Mech's slide.

BT-M-29.4 item 4 and BT-M-29.7: the 'Mech slides ``length`` hexes in its direction of travel
before the turn; each hex slid deals ⌈⌈tons / 10⌉ / 2⌉ on the Front column (halved again in
the Depth 1+ water hex that stops it), woods count 2 (light) or 3 (heavy) hexes of the length and
deal a normal fall each, higher ground stops it in the hex before.

Collisions (BT-M-29.7, reading of the digest):

- A hex holding a unit: first each unit there that has not moved this phase may get out of the
  way (BT-M-29.8, `_dodge`); whoever stays is hit as by a charge with the hexes skidded so far
  (no CF subtraction): ⌈tons x hexes / 10⌉ to it in 5-point groups, on the column the skidder
  comes from, ⌈its tons / 20⌉ to the skidder's Front (BT-C-91.1), and the unit hit makes the
  charge PSR (+2). A destroyed unit lets the skid go on; else the unit hit is shoved one hex
  on, the skidder follows into its hex (as after a successful charge, BT-C-42) and the skid ends.
  **ASSUMPTION**: the collision needs no to-hit roll (the digest names none).
- A building: it takes the charge's damage (the hexes skidded so far); the skidder takes
  ⌈its own tons / 20⌉ (a target without tonnage). If the building collapses and the length left
  minus ⌈CF / 10⌉ is still above 0 the skid goes on through the rubble, else it ends in the hex
  before. Units inside a collapsing building fall (as in `flow._collapse`).

Getting out of the way (BT-M-29.8): a 'Mech standing in the hex that has not moved this phase
makes a PSR just before the skidding unit enters. Success: it makes its move at once. **DESIGN**
(a move in the middle of another unit's move cannot be plotted): its move is one step aside, into
the first free hex next to it (clockwise from its front) off the skid's line that it could be
pushed into (BT-C-46), with no water, building, rubble or fire; with none it stays. Failure: it
stays put. Either way it has used its movement for the phase (`SkidDodged`). Infantry that has
not moved steps aside (no roll, DESIGN: in place, the slide passes); infantry that has is run
over, ⌈tons / 5⌉ as direct damage, and the slide goes on (BT-M-29.8); the slide never ends in
its hex (DESIGN: it stops before). A vehicle stops the slide (DESIGN); a VTOL in flight is
passed under.
"""

from __future__ import annotations

import math
from typing import Final

from engine.battletech import events as ev
from engine.battletech import kindevents as kev
from engine.battletech.board import Terrain
from engine.battletech.context import Ctx
from engine.battletech.designs.vehicle import Motion, VehicleDesign
from engine.battletech.kindmoveevents import ElevationChanged
from engine.battletech.kinds.battle_armor import BattleArmorBody
from engine.battletech.kinds.infantry import InfantryBody, skid_damage_to_infantry
from engine.battletech.kinds.vehicle import VehicleBody
from engine.battletech.kinds.vehicle_damage import (
    FALL_SIDE,
    forced_landing_elevation,
    sideslip_crash_damage,
    sideslip_hexes,
    skid_motive_modifiers,
    skid_obstacle_damage,
)
from engine.battletech.kinds.vehicle_tables import motive_modifier, motive_result
from engine.battletech.kinds.vehicle_terrain import prohibited, standing_level, vtol_floor
from engine.battletech.rules import (
    buildings,
    contact,
    displacement,
    kinddamage,
    kindmove,
    physical,
)
from engine.battletech.rules.damage import apply_damage, damage_groups, fall, piloting_roll
from engine.battletech.rules.moveplan import Check, Plan, PlannedStep
from engine.battletech.state import BTState, Phase
from engine.battletech.tables import HIT_LOCATION, Column
from engine.hexes import Facing, Hex

__all__ = [
    "DRIVING",
    "driving",
    "leading_side",
    "sideslip",
    "slide",
    "travel_direction",
    "vehicle_skid",
    "vehicle_tons",
]


def slide(ctx: Ctx, index: int, start: Hex, direction: Facing, length: int) -> None:  # noqa: C901, PLR0912, PLR0915 - one stop per obstacle
    """BT-M-29.4/29.7/29.8: slide unit ``index`` (fallen in ``start``) ``length`` hexes."""
    board = ctx.state.board
    lost_level = board.terrain(start).level
    unit = ctx.state.units[index]
    tonnage = unit.mech_design.tonnage
    slid: list[Hex] = []  # every hex slid, for the per-hex damage
    path: list[Hex] = []  # the hexes not yet told in a `UnitSkidded`
    stopped = ""
    left = length
    here = start
    woods_hits = 0
    halved = False
    ended = False
    while left > 0:
        there = here.neighbor(direction)
        terrain = ctx.state.board.get(there)
        if terrain is None:
            stopped = "the map edge"
            break
        if terrain.building is not None:
            _flush(ctx, index, path)
            path = []
            left = _building(ctx, index, there, len(slid), left)
            if left <= 0 or ctx.state.board.terrain(there).building is not None:
                stopped = "a building"
                break
            if ctx.state.units[index].destroyed:
                ended = True
                break
            continue  # the rubble of the building: look again at who is in it
        if terrain.bottom > lost_level:
            stopped = "higher ground"
            break
        kinds = [
            o
            for o in ctx.state.units_at(there)
            if not ctx.state.units[o].is_mech and _grounded(ctx, o)
        ]
        if any(not _infantry(ctx, o) for o in kinds):
            # DESIGN: a vehicle in the way stops the skid (BT-M-29.7's "another unit"; the
            # rams of 'Mechs on vehicles are not built); a VTOL in flight is passed under
            stopped = "another unit"
            break
        mechs = [o for o in ctx.state.units_at(there) if ctx.state.units[o].is_mech]
        if kinds and (mechs or left - 1 - int(terrain.woods) <= 0):
            stopped = "another unit"  # DESIGN: it never ends its slide in their hex
            break
        if kinds:  # BT-M-29.8: infantry steps aside or is run over
            _flush(ctx, index, path)
            path = []
            for other in kinds:
                _over_infantry(ctx, index, other, tonnage)
        if any(o != index for o in mechs):
            _flush(ctx, index, path)
            path = []
            if _collide(ctx, index, there, direction, len(slid)):
                ended = True  # against the unit (it was told), or the skidder is destroyed
                break
            if any(o != index for o in ctx.state.units_at(there)):
                stopped = "another unit"
                break
        path.append(there)
        slid.append(there)
        here = there
        left -= 1 + int(terrain.woods)  # light woods count 2 skid hexes, heavy 3
        if terrain.woods:
            woods_hits += 1
        if (terrain.water or 0) >= 1:
            stopped, halved = "water", True
            break
    if not ended and (path or stopped or not slid):
        ctx.emit(ev.UnitSkidded(index, tuple(path), stopped))
    per_hex = math.ceil(math.ceil(tonnage / 10) / 2)
    for n, _ in enumerate(slid):
        damage = per_hex
        if halved and n == len(slid) - 1:
            damage = math.ceil(damage / 2)
        _one_group(ctx, index, damage)
    for _ in range(woods_hits):
        _one_group(ctx, index, math.ceil(tonnage / 10))


DRIVING: Final = frozenset({"skid", "sideslip", "building"})
"""The Driving rolls a vehicle makes in its move (BT-M-37.1, BT-M-41 #8)."""


def driving(ctx: Ctx, plan: Plan, planned: PlannedStep, check: Check) -> str:
    """BT-M-29.3 / BT-M-37.1 / BT-M-37.7: a vehicle's Driving roll in its move; it never falls.

    Driving skill (kept as the crew's ``piloting``) + the check's modifiers, no 'Mech modifiers;
    2D6 in a `PilotingRoll`. A failed ``skid``: a plain skid (BT-M-37.7's reading: the Failed
    Maneuver Table was not found, no spin), `vehicle_skid` with half the hexes still intended
    (BT-M-29.4 item 2). A failed ``sideslip`` (a VTOL): `sideslip` by the margin of failure. A
    failed ``building`` roll: `buildings.kind_building_damage`, and the move goes on. Platoons
    and squads make no rolls in movement (BT-M-30 item 1).

    Returns "ok", "skid" or "destroyed" (`flow._execute`'s outcomes).
    """
    index = plan.unit
    unit = ctx.state.units[index]
    if check.reason not in DRIVING or not isinstance(unit.body, VehicleBody):
        return "ok"
    named = (("driving", unit.pilot.piloting), *check.modifiers)
    target = sum(value for _, value in named)
    roll = ctx.roll(2)
    success = sum(roll) >= target
    ctx.emit(ev.PilotingRoll(index, check.reason, target, named, roll, success=success))
    if success:
        return "ok"
    if check.reason == "building":
        where = check.building_hex if check.building_hex is not None else planned.hex
        buildings.kind_building_damage(ctx, index, check.building_cf, where)
        return "destroyed" if ctx.state.units[index].destroyed else "ok"
    start = check.fall_hex if check.fall_hex is not None else planned.hex
    direction = travel_direction(ctx.state, index, start, planned)
    if check.reason == "sideslip":
        sideslip(ctx, index, direction, target - sum(roll), check.elevation)
    else:
        position = plan.steps.index(planned)
        later = plan.steps[position:] if check in planned.before else plan.steps[position + 1 :]
        vehicle_skid(ctx, index, direction, sum(1 for s in later if s.entered) // 2)
    return "destroyed" if ctx.state.units[index].destroyed else "skid"


def travel_direction(state: BTState, index: int, where: Hex, planned: PlannedStep) -> Facing:
    """The direction the unit was travelling before the facing change (BT-M-29.4 item 4)."""
    movement = state.units[index].movement
    path = movement.path if movement is not None else ()
    if len(path) >= 2 and path[-1] == where:  # noqa: PLR2004 - the last two hexes entered
        direction = path[-2].direction_to(path[-1])
        if direction is not None:
            return direction
    return planned.facing


def leading_side(facing: Facing, direction: Facing) -> Column:
    """BT-M-29.6: the side of a vehicle facing ``direction``.

    DESIGN: front 0, right 1-2, rear 3, left 4-5 hexsides clockwise from its facing (the sides
    of BT-M-37.6's fall table).
    """
    return FALL_SIDE[(int(direction) - int(facing)) % 6]


def vehicle_skid(ctx: Ctx, index: int, direction: Facing, length: int) -> None:  # noqa: C901, PLR0912, PLR0915 - one stop per obstacle
    """BT-M-29.5 / BT-M-29.7: a ground vehicle that failed its Driving roll slides, facing kept.

    Its move ends; it slides ``length`` hexes in ``direction`` (its travel before the turn) from
    the hex where it lost control:

    - the map edge and higher ground (above the level it lost control at) stop it in the hex
      before; Depth 1+ water stops it in the water hex (BT-M-29.7), where a vehicle that may not
      enter that water is destroyed (BT-M-37.1 / BT-M-26.2, read for a skid); a hover vehicle
      slides on over water (BT-M-37.4: the surface is its ground);
    - light woods count 2 skid hexes, heavy 3, each dealing ⌈tons / 10⌉ (BT-M-29.7's
      ASSUMPTION for vehicles, `skid_obstacle_damage`); DESIGN: woods it may not drive into
      still take it (a skid is not a move);
    - a building takes the skid as a charge (the hexes skidded so far, ⌈tons x hexes / 10⌉,
      `buildings.damage_building`) and the vehicle ⌈its own tons / 20⌉; a collapse lets it go on
      with ⌈CF / 10⌉ hexes less, else it stops before (BT-M-29.7);
    - a platoon or squad in the way: one that has not moved steps aside (BT-M-29.8, no roll;
      DESIGN: it stays where it is and the skid passes), one that has takes ⌈tons / 5⌉ as direct
      damage (`infantry.skid_damage_to_infantry`) and the skid goes on; DESIGN: never ending in
      its hex (it stops before when that hex would be the last). Any other unit stops it before
      (DESIGN: the rams of vehicles are not built); a VTOL in flight is passed under;
    - the damage goes to the side facing the skid (`leading_side`, 5-point groups);
    - then one Motive System Damage roll per hex skidded, one for a skid of length 0, +1 over
      rough or rubble (BT-M-29.5, BT-M-37.5: no direction modifier).
    """
    unit = ctx.state.units[index]
    design = unit.design
    here = unit.hex
    if here is None or not isinstance(design, VehicleDesign):
        return
    board = ctx.state.board
    start = board.terrain(here)
    lost_level = standing_level(design.motion, start)
    side = leading_side(unit.facing, direction)
    tons = design.tonnage
    path: list[Hex] = []
    slid: list[Terrain] = []
    stopped = ""
    left = length
    woods_hits = 0
    drowned = False
    while left > 0:
        there = here.neighbor(direction)
        terrain = ctx.state.board.get(there)
        if terrain is None:
            stopped = "the map edge"
            break
        if terrain.building is not None:
            _flush(ctx, index, path)
            path = []
            left = _vehicle_building(ctx, index, there, len(slid), left, side)
            if left <= 0 or ctx.state.board.terrain(there).building is not None:
                stopped = "a building"
                break
            if ctx.state.units[index].destroyed:
                return
            continue  # the rubble of the building: look again
        if standing_level(design.motion, terrain) > lost_level:
            stopped = "higher ground"
            break
        others = [o for o in ctx.state.units_at(there) if o != index and _grounded(ctx, o)]
        if any(not _infantry(ctx, o) for o in others):
            stopped = "another unit"
            break
        cost = 1 + int(terrain.woods)  # light woods count 2 skid hexes, heavy 3
        if others and left - cost <= 0:
            stopped = "another unit"  # DESIGN: it never ends its skid in their hex
            break
        if others:
            _flush(ctx, index, path)
            path = []
        for other in others:
            _over_infantry(ctx, index, other, tons)
        path.append(there)
        slid.append(terrain)
        here = there
        left -= cost
        woods_hits += bool(terrain.woods)
        if (terrain.water or 0) >= 1 and design.motion is not Motion.HOVER and not terrain.ice:
            stopped, drowned = "water", prohibited(design.motion, terrain) is not None
            break
    ctx.emit(ev.UnitSkidded(index, tuple(path), stopped))
    if drowned:
        why = "it skidded into water it cannot enter (BT-M-26.2)"
        ctx.emit(ev.UnitDestroyed(index, why))
        return
    for _ in range(woods_hits):
        _vehicle_groups(ctx, index, skid_obstacle_damage(tons), side)
    for rough in skid_motive_modifiers(start, slid):
        if ctx.state.units[index].destroyed:
            return
        modifier = motive_modifier(design.motion, None, rough=rough)
        roll = ctx.roll(2)
        ctx.emit(kev.MotiveDamaged(index, roll, modifier, motive_result(sum(roll) + modifier)))


def _grounded(ctx: Ctx, other: int) -> bool:
    """A unit on the ground (a VTOL in flight is passed under, BT-M-37.3)."""
    body = ctx.state.units[other].body
    return not (isinstance(body, VehicleBody) and body.airborne)


def _infantry(ctx: Ctx, other: int) -> bool:
    return isinstance(ctx.state.units[other].body, InfantryBody | BattleArmorBody)


def _over_infantry(ctx: Ctx, index: int, other: int, tons: float) -> None:
    """BT-M-29.8: infantry that has not moved steps aside; else it takes ⌈tons / 5⌉."""
    target = ctx.state.units[other]
    if target.movement is None and ctx.state.phase is Phase.MOVEMENT:
        return  # BT-M-29.8: it steps aside, no roll (DESIGN: in place, the skid passes)
    assert target.hex is not None  # noqa: S101 - a unit in the hex
    ctx.emit(ev.SkidCollided(index, target.hex, other, 0))
    damage = skid_damage_to_infantry(math.ceil(tons))
    kinddamage.damage_unit(ctx, other, [damage], column=Column.FRONT, spec=None, source=index)


def _vehicle_groups(ctx: Ctx, index: int, amount: int, side: Column) -> None:
    """Skid damage to a vehicle: 5-point groups on ``side`` (BT-C-24, BT-M-29.6)."""
    groups = [g for g in damage_groups(amount) if g > 0]
    if groups and not ctx.state.units[index].destroyed:
        kinddamage.damage_unit(ctx, index, groups, column=side, spec=None)


def _vehicle_building(  # noqa: PLR0917 - the skid's state at the building
    ctx: Ctx, index: int, there: Hex, hexes: int, left: int, side: Column
) -> int:
    """BT-M-29.7: a vehicle's skid hits the building in ``there``; the length left (0: it ends)."""
    building = ctx.state.board.terrain(there).building
    assert building is not None  # noqa: S101 - the caller checked
    cf = building.cf
    tons = math.ceil(vehicle_tons(ctx, index))
    ctx.emit(ev.SkidCollided(index, there, None, hexes))
    collapsed = buildings.damage_building(ctx, there, physical.charge_damage(tons, hexes))
    _vehicle_groups(ctx, index, physical.charge_damage_to_attacker(tons), side)
    return left - math.ceil(cf / 10) if collapsed else 0


def vehicle_tons(ctx: Ctx, index: int) -> float:
    """A vehicle's tonnage (0 for any other kind)."""
    design = ctx.state.units[index].design
    return design.tonnage if isinstance(design, VehicleDesign) else 0


def sideslip(ctx: Ctx, index: int, direction: Facing, margin: int, elevation: int) -> None:
    """BT-M-41 #8 / BT-M-37.6 (ASSUMPTION): a VTOL that failed its sideslip roll drifts.

    It drifts in its direction of travel before the turn (BT-M-41 #8) by the margin of failure,
    at most the hexes it entered this turn less 1 (BT-M-37.6, `sideslip_hexes`), at the
    elevation it flew at, and its move ends. No damage unless a hex ahead rises above that
    elevation (`vtol_floor`: woods, a building; the map edge stops it without harm, and so do
    units it may not end its move with, BT-M-25, DESIGN: it stops short of them): then it
    crashes into it: ⌈(hexes moved this turn, the slip and that hex included) x tons / 10⌉ in
    5-point groups on the side that hit (BT-M-37.6, `sideslip_crash_damage`), and it comes down
    in the hex it reached (DESIGN: on the ground or the roof there, `forced_landing_elevation`;
    in Depth 1+ water it is destroyed, BT-M-37.6).
    """
    unit = ctx.state.units[index]
    design = unit.design
    here = unit.hex
    if here is None or not isinstance(design, VehicleDesign):
        return
    before = unit.movement.hexes if unit.movement is not None else 0
    length = sideslip_hexes(margin, before)
    start = here
    path: list[Hex] = []
    stopped = ""
    crashed = False
    for _ in range(length):
        there = here.neighbor(direction)
        terrain = ctx.state.board.get(there)
        if terrain is None:
            stopped = "the map edge"
            break
        if vtol_floor(terrain) > elevation:
            stopped, crashed = "terrain above its elevation", True
            break
        path.append(there)
        here = there
    while path and kindmove.end_problem(ctx.state, index, path[-1]) is not None:
        path.pop()  # DESIGN: it never ends in a hex it may not stack in (BT-M-25)
        stopped, crashed = "the units in the next hex", False
    here = path[-1] if path else start
    ctx.emit(ev.UnitSkidded(index, tuple(path), stopped))
    if not crashed:
        body = ctx.state.units[index].body
        if isinstance(body, VehicleBody) and body.elevation != elevation:
            ctx.emit(ElevationChanged(index, elevation))
        return
    moved = before + len(path) + 1
    side = leading_side(unit.facing, direction)
    _vehicle_groups(ctx, index, sideslip_crash_damage(moved, design.tonnage), side)
    if ctx.state.units[index].destroyed:
        return
    terrain = ctx.state.board.terrain(here)
    ctx.emit(ElevationChanged(index, forced_landing_elevation(terrain)))
    if (terrain.water or 0) >= 1 and not terrain.ice and terrain.bridge is None:
        ctx.emit(ev.UnitDestroyed(index, "it crashed into water (BT-M-37.6)"))


def _flush(ctx: Ctx, index: int, path: list[Hex]) -> None:
    """Tell the hexes slid so far before a collision is resolved from the hex reached."""
    if path:
        ctx.emit(ev.UnitSkidded(index, tuple(path)))


def _one_group(ctx: Ctx, index: int, damage: int) -> None:
    """One group of skid damage on the Front column (BT-M-29.4 item 4)."""
    if ctx.state.units[index].destroyed or damage <= 0:
        return
    roll = ctx.roll(2)
    location = HIT_LOCATION[Column.FRONT][sum(roll) - 2]
    apply_damage(ctx, index, location, damage, roll=roll, tac=sum(roll) == 2)  # noqa: PLR2004 - BT-C-22


def _front_damage(ctx: Ctx, index: int, amount: int, source: int | None = None) -> None:
    for group in damage_groups(amount):
        if ctx.state.units[index].destroyed or group <= 0:
            return
        roll = ctx.roll(2)
        location = HIT_LOCATION[Column.FRONT][sum(roll) - 2]
        tac = sum(roll) == 2  # noqa: PLR2004 - BT-C-22
        apply_damage(ctx, index, location, group, roll=roll, tac=tac, source=source)


def _building(ctx: Ctx, index: int, there: Hex, hexes: int, left: int) -> int:
    """BT-M-29.7: the skid hits the building in ``there``; return the length left (0: it ends)."""
    building = ctx.state.board.terrain(there).building
    assert building is not None  # noqa: S101 - the caller checked
    cf = building.cf
    tons = ctx.state.units[index].mech_design.tonnage
    ctx.emit(ev.SkidCollided(index, there, None, hexes))
    damage = physical.charge_damage(tons, hexes)
    collapsed = damage >= cf
    if damage > 0:
        ctx.emit(ev.BuildingDamaged(there, damage, collapsed=collapsed))
    _front_damage(ctx, index, physical.charge_damage_to_attacker(tons))
    if not collapsed:
        return 0
    for other in ctx.state.units_at(there):
        fall(ctx, other, there, 0, "the building collapsed")
    return left - math.ceil(cf / 10)


def _collide(ctx: Ctx, index: int, there: Hex, direction: Facing, hexes: int) -> bool:
    """BT-M-29.7/29.8: dodges, then a charge at whoever stayed; True when the skid ended here."""
    for other in [o for o in ctx.state.units_at(there) if o != index]:
        if _may_dodge(ctx, other):
            _dodge(ctx, other, index, there, direction)
    me = ctx.state.units[index]
    if me.hex is None:
        return True
    for other in [o for o in ctx.state.units_at(there) if o != index]:
        if ctx.state.units[index].destroyed:
            return True
        _ram(ctx, index, other, me.hex, hexes)
    if ctx.state.units[index].destroyed:
        return True
    standing = [o for o in ctx.state.units_at(there) if o != index]
    if not standing:
        return False  # every unit hit was destroyed: the skid goes on
    moved = [
        displacement.displace(ctx, o, there.neighbor(direction), direction, "hit by a skid")
        for o in standing
    ]
    if all(moved) and not ctx.state.units_at(there):
        ctx.emit(ev.UnitDisplaced(index, there, "followed through (skid)"))
    return True


def _ram(ctx: Ctx, index: int, other: int, origin: Hex, hexes: int) -> None:
    """BT-M-29.7: the skidder hits ``other`` from ``origin`` as a charge of ``hexes`` hexes."""
    me, target = ctx.state.units[index], ctx.state.units[other]
    where = target.hex
    assert where is not None  # noqa: S101 - a unit in the hex
    ctx.emit(ev.SkidCollided(index, where, other, hexes))
    side = contact.side_from(ctx.state, origin, other)  # the charge's column
    for group in damage_groups(physical.charge_damage(me.mech_design.tonnage, hexes)):
        if ctx.state.units[other].destroyed or group <= 0:
            break
        location, roll = contact.locate(ctx, "normal", side)  # BT-C-22
        tac = sum(roll) == 2  # noqa: PLR2004 - BT-C-22
        rear = side == "rear"
        apply_damage(ctx, other, location, group, rear=rear, roll=roll, tac=tac, source=index)
    _front_damage(ctx, index, physical.charge_damage_to_attacker(target.mech_design.tonnage))
    if not ctx.state.units[other].destroyed:
        contact.psr(ctx, other, "charged", 2)  # BT-C-42's PSR, rolled now


def _may_dodge(ctx: Ctx, other: int) -> bool:
    """BT-M-29.8: a standing 'Mech that has not moved this Movement phase may try."""
    unit = ctx.state.units[other]
    return (
        ctx.state.phase is Phase.MOVEMENT
        and unit.movement is None
        and unit.on_map
        and not unit.mech.prone
        and unit.mech.conscious
        and not unit.mech.shutdown
    )


def _dodge(ctx: Ctx, other: int, skidder: int, there: Hex, direction: Facing) -> None:
    """BT-M-29.8: the PSR, then one step aside (DESIGN) or staying put; its move is used."""
    if not piloting_roll(ctx, other, "dodge"):
        ctx.emit(ev.SkidDodged(other, skidder, None))
        return
    ctx.emit(ev.SkidDodged(other, skidder, _aside(ctx, other, there, direction)))


def _aside(ctx: Ctx, other: int, there: Hex, direction: Facing) -> Hex | None:
    """DESIGN: the first free hex next to ``there``, clockwise from its front, off the line."""
    state = ctx.state
    unit = state.units[other]
    line = {there.neighbor(direction), there.neighbor(direction.opposite)}
    for turn in range(6):
        way = unit.facing.turn(turn)
        to = there.neighbor(way)
        terrain = state.board.get(to)
        if terrain is None or to in line or state.units_at(to):
            continue
        if terrain.building is not None or (terrain.water or 0) >= 1 or terrain.fire:
            continue  # DESIGN: no hex that would need a roll or burn it
        if terrain.rubble:
            continue
        if displacement.chain_legal(state, other, there, to, way):  # BT-C-46 limits
            return to
    return None
