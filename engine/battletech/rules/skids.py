"""A 'Mech's slide after a failed skid roll: terrain, collisions, units getting out of the way.

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
stays put. Either way it has used its movement for the phase (`SkidDodged`). Infantry is not in
these rules.
"""

from __future__ import annotations

import math

from engine.battletech import events as ev
from engine.battletech.context import Ctx
from engine.battletech.designs.vehicle import VehicleDesign
from engine.battletech.kinds.vehicle_terrain import prohibited
from engine.battletech.rules import contact, displacement, physical
from engine.battletech.rules.damage import apply_damage, damage_groups, fall, piloting_roll
from engine.battletech.state import Phase
from engine.battletech.tables import HIT_LOCATION, Column
from engine.hexes import Facing, Hex

__all__ = ["slide"]


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
        if any(not ctx.state.units[o].is_mech for o in ctx.state.units_at(there)):
            # DESIGN: a vehicle, platoon or squad in the way stops the skid (BT-M-29.7's
            # "another unit"); BT-M-29.8's infantry damage and the rams on other kinds wait
            # for their damage rules (issue 20)
            stopped = "another unit"
            break
        if any(o != index for o in ctx.state.units_at(there)):
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


def vehicle_skid(ctx: Ctx, index: int, direction: Facing, length: int) -> None:
    """BT-M-29.5: a vehicle that failed its Driving roll slides ``length`` hexes, facing kept.

    Its move ends; it slides in ``direction`` (its travel before the turn) from the hex where it
    lost control. DESIGN (until the vehicle damage rules land, issue 20): the slide stops before
    the map edge, higher ground, a hex the vehicle could not enter (BT-M-23), a building or any
    unit, and does no damage; the Motive System Damage roll per hex skidded (BT-M-29.5,
    BT-M-37.5) is not rolled yet.
    """
    unit = ctx.state.units[index]
    design = unit.design
    here = unit.hex
    if here is None or not isinstance(design, VehicleDesign):
        return
    board = ctx.state.board
    lost_level = board.terrain(here).level
    path: list[Hex] = []
    stopped = ""
    for _ in range(length):
        there = here.neighbor(direction)
        terrain = board.get(there)
        if terrain is None:
            stopped = "the map edge"
            break
        if terrain.level > lost_level:
            stopped = "higher ground"
            break
        if terrain.building is not None or prohibited(design.motion, terrain) is not None:
            stopped = "terrain it cannot enter"
            break
        if ctx.state.units_at(there):
            stopped = "another unit"
            break
        path.append(there)
        here = there
    ctx.emit(ev.UnitSkidded(index, tuple(path), stopped))


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
