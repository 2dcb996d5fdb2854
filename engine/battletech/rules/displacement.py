"""Displacement, accidental falls from above and the domino effect (BT-C-46..48, BT-M-26).

A unit forced out of its hex by a charge, a push, a DFA, a skid or another displaced unit
(`displace`): whether the hex may be entered with every domino it sets off (`chain_legal`,
BT-C-46), the fall onto a unit 2+ levels below (BT-C-47 / BT-M-26.3), the domino effect and the
dodge out of it (BT-C-48 / BT-M-26.4), a unit stepping aside to a neighbour (`aside`, after a DFA
or a fall from above), and the damage of a failed building roll (`building_damage`, BT-M-41 #4).
The attacks that cause displacements are in `engine.battletech.rules.physical`.

DESIGN decisions where the digest leaves a choice (each also named where it is made):

- The occupant shoved by a domino always tries to dodge when the rules allow it (BT-C-48), forward
  first, then backward; a 'Mech that stood still counts its Walk MP as left over.
- A 'Mech falling onto another from 2+ levels above that misses lands in the free hex next to the
  target nearest to the hex it fell from, never back in that hex (BT-C-47).
- A unit stepping aside by choice (a missed DFA's target) prefers an empty hex, then the least
  drop or climb, then the nearest to straight away.
- Vehicles, platoons and squads (BT-C-46, BT-M-26.2): displaced only into terrain their motion
  may enter and at most 1 level up (their climb, BT-M-22); a ground vehicle may be displaced
  into Depth 1+ water all the same, and is destroyed there. They never fall (BT-M-37.1): one
  displaced 2+ levels down onto another unit shoves it on as a domino, no fall from above.
- A 'Mech falling 2+ levels into a hex with several units strikes the first 'Mech or vehicle
  there (BT-C-47 picks at random); a vehicle is hit with no roll, on its Front column as by a
  DFA (BT-M-26.3); infantry alone there is always missed.
"""

from __future__ import annotations

import math

from engine.battletech import events as ev
from engine.battletech.board import Terrain
from engine.battletech.context import Ctx
from engine.battletech.designs import InfantryDesign, VehicleDesign
from engine.battletech.kinds import infantry as inf
from engine.battletech.kinds import vehicle_terrain as vt
from engine.battletech.kinds.vehicle import VehicleBody
from engine.battletech.rules.buildings import damage_building
from engine.battletech.rules.condition import can_move, walk_mp
from engine.battletech.rules.contact import level_of, psr, side_from, strike
from engine.battletech.rules.damage import apply_damage, fall, piloting_roll
from engine.battletech.rules.movement import MAX_LEVEL_CHANGE, allowance, enter_cost
from engine.battletech.rules.tohit import target_movement
from engine.battletech.state import BTState, MoveMode, UnitState
from engine.battletech.tables import HIT_LOCATION, PHYSICAL_BASE, Column
from engine.hexes import Facing, Hex

__all__ = ["aside", "building_damage", "chain_legal", "displace"]

_CANNOT_HIT = 13
"""BT-C-14: a number above 12 cannot hit (an accidental fall onto infantry, BT-C-47)."""


def _ground(unit: UnitState, terrain: Terrain) -> int:
    """The level ``unit`` would stand at in ``terrain`` (a hover vehicle floats, BT-M-37.4)."""
    design = unit.design
    if isinstance(design, VehicleDesign):
        return vt.standing_level(design.motion, terrain)
    return terrain.bottom


def _origin_level(state: BTState, unit: int, origin: Hex) -> int:
    me = state.units[unit]
    if me.hex == origin:
        return level_of(state, me)
    return _ground(me, state.board.terrain(origin))


def _from_above(state: BTState, unit: int, origin: Hex, to: Hex) -> bool:
    """BT-C-47: entering ``to`` from 2+ levels above (not a 'Mech that already fell into it).

    Only a 'Mech falls (BT-M-37.1, DESIGN above).
    """
    me = state.units[unit]
    if not me.is_mech or (me.hex == to and me.mech.prone):
        return False
    return _origin_level(state, unit, origin) - state.board.terrain(to).bottom >= 2  # noqa: PLR2004


def _closed(unit: UnitState, terrain: Terrain) -> bool:
    """BT-C-46 / BT-M-26.2: True when ``unit`` may not be displaced into ``terrain`` at all.

    A vehicle: terrain its motion may not enter (BT-M-23), but water it may always be displaced
    into (`vt.displaced_into`: it is destroyed there). A platoon or squad: the infantry column of
    BT-M-23 (its carrier's for mechanized infantry). 'Mechs: only the climb limits it.
    """
    design = unit.design
    if isinstance(design, VehicleDesign):
        if vt.displaced_into(design.motion, terrain):
            return False
        return vt.prohibited(design.motion, terrain) is not None
    if unit.is_mech:
        return False
    motion = design.motion if isinstance(design, InfantryDesign) else None
    return inf.prohibited_terrain(inf.terrain_column(motion), terrain) is not None


def _fatal(unit: UnitState, terrain: Terrain) -> bool:
    """True when being displaced into ``terrain`` destroys ``unit`` (BT-M-26.2: water)."""
    design = unit.design
    return isinstance(design, VehicleDesign) and vt.displaced_into(design.motion, terrain)


def chain_legal(state: BTState, unit: int, origin: Hex, to: Hex, direction: Facing) -> bool:
    """BT-C-46/48: may ``unit`` be forced from ``origin`` into ``to``, with every domino on?"""
    terrain = state.board.get(to)
    if terrain is None:
        return False  # off the map
    me = state.units[unit]
    if _closed(me, terrain):
        return False  # BT-C-46: a hex it could not enter
    level = _origin_level(state, unit, origin)
    climb = MAX_LEVEL_CHANGE if me.is_mech else 1  # BT-M-22: other kinds climb 1 level a hex
    if _ground(me, terrain) - level > climb:
        return False  # BT-C-46: higher than a walking climb
    occupants = [o for o in state.units_at(to) if o != unit]
    if not occupants or _from_above(state, unit, origin, to):
        return True
    onward = to.neighbor(direction)
    return all(chain_legal(state, o, to, onward, direction) for o in occupants)


def displace(ctx: Ctx, unit: int, to: Hex, direction: Facing, cause: str) -> bool:
    """BT-C-46..48: force ``unit`` into ``to`` (moving in ``direction``).

    With accidental falls from above and the domino effect. Returns False when the displacement is
    illegal (nothing moves).

    ``unit`` may already be in ``to`` (it moved or fell into a friend's hex, BT-M-26.1): the hex
    it came from is then the one behind it in ``direction``, and only the others move. Standing
    there after a drop of 2+ levels it falls onto them (BT-C-47, its fall included); already
    fallen (prone) it shoves them on (BT-C-48).
    """
    me = ctx.state.units[unit]
    if me.hex is None or me.destroyed:
        return False
    origin = me.hex if me.hex != to else to.neighbor(direction.opposite)
    if not chain_legal(ctx.state, unit, origin, to, direction):
        return False
    _enter(ctx, unit, origin, to, direction, cause)
    return True


def _enter(  # noqa: PLR0917 - one step of a chain of displacements
    ctx: Ctx, unit: int, origin: Hex, to: Hex, direction: Facing, cause: str
) -> None:
    """Move ``unit`` into ``to`` (already checked legal), resolving whoever stands there."""
    state = ctx.state
    occupants = [o for o in state.units_at(to) if o != unit and not _flying(state.units[o])]
    if occupants and _from_above(state, unit, origin, to):
        # BT-C-47: a 'Mech or vehicle there is struck (DESIGN: the first of several, where the
        # digest rolls at random); infantry alone is always missed.
        struck = [o for o in occupants if not _foot(state.units[o])] or occupants
        _fall_onto(ctx, unit, origin, to, direction, struck[0], cause)
        return
    shoved = False
    for occupant in occupants:
        if _dodge(ctx, occupant, direction):
            continue
        _enter(ctx, occupant, to, to.neighbor(direction), direction, "domino")
        if ctx.state.units[occupant].is_mech:
            psr(ctx, occupant, "domino", 0)  # BT-C-48: both 'Mechs roll (no PSR for others)
        shoved = True
    if shoved:
        psr(ctx, unit, "domino", 0)
    if ctx.state.units[unit].hex != to:
        ctx.emit(ev.UnitDisplaced(unit, to, cause))
    _sunk(ctx, unit, to)


def _sunk(ctx: Ctx, unit: int, where: Hex) -> None:
    """BT-C-46 / BT-M-26.2: a vehicle displaced into water it cannot enter is destroyed."""
    me = ctx.state.units[unit]
    design = me.design
    if not isinstance(design, VehicleDesign) or not me.on_map or me.hex != where:
        return
    if vt.displaced_into(design.motion, ctx.state.board.terrain(where)):
        ctx.emit(ev.UnitDestroyed(unit, "displaced into water it cannot enter (BT-C-46)"))


def _mp_left(unit: UnitState) -> int:
    """MP left over from the Movement phase (DESIGN: standing still leaves the Walk MP)."""
    movement = unit.movement
    if movement is None or movement.mode is MoveMode.STILL:
        return walk_mp(unit)
    if movement.mode is MoveMode.JUMP:
        return 0
    return allowance(unit, movement.mode) - movement.mp_spent


def _flying(unit: UnitState) -> bool:
    """A VTOL in flight: ground units are displaced beneath it (BT-M-25, BT-M-37.3)."""
    return isinstance(unit.body, VehicleBody) and unit.body.airborne


def _dodge(ctx: Ctx, unit: int, direction: Facing) -> bool:
    """BT-C-48: the occupant steps one hex forward or backward instead of being shoved.

    Only when shoved through one of its four side hexsides, standing, able to move, with the MP
    left, and on a passed PSR (a failure is a fall, and it is shoved after all). DESIGN: it always
    tries when it may, forward first.
    """
    state = ctx.state
    me = state.units[unit]
    if me.hex is None or not me.is_mech or me.mech.prone or can_move(me) is not None:
        return False  # DESIGN: a vehicle, platoon or squad does not step aside (BT-C-48)
    coming_from = (direction.opposite - me.facing) % 6
    if coming_from in {0, 3}:
        return False  # front to front or front to back: no dodge
    left = _mp_left(me)
    level = level_of(state, me)
    step: Hex | None = None
    for way, backward in ((me.facing, False), (me.facing.opposite, True)):
        result = enter_cost(state.board, me.hex, level, way, backward=backward)
        where = me.hex.neighbor(way)
        if isinstance(result, str) or result[0] > left or state.units_at(where):
            continue
        step = where
        break
    if step is None:
        return False
    if not piloting_roll(ctx, unit, "dodge"):
        fall(ctx, unit, me.hex, 0, "failed to dodge a domino")
        return False
    ctx.emit(ev.UnitDisplaced(unit, step, "stepped out of the way"))
    return True


def _fall_modifiers(state: BTState, target: int) -> tuple[tuple[str, int], ...]:
    """BT-C-47: base 7, the target's movement and its hex's terrain (BT-C-15 values)."""
    other = state.units[target]
    terms: list[tuple[str, int]] = [("fall base", PHYSICAL_BASE["fall"])]
    movement = other.movement
    if movement is not None:
        if moved := target_movement(movement.counted):
            terms.append((f"target moved {movement.counted} hexes", moved))
        if movement.jumped:
            terms.append(("target jumped", 1))
    assert other.hex is not None  # noqa: S101 - on the map
    terrain = state.board.terrain(other.hex)
    if terrain.woods:
        woods = terrain.woods.name.lower()
        terms.append((f"target in {woods} woods", int(terrain.woods)))
    if terrain.water == 1 and not other.standing_on_bridge(terrain):
        terms.append(("target in depth 1 water", -1))
    return tuple(terms)


def _foot(unit: UnitState) -> bool:
    """A platoon or a battle armor squad."""
    return not unit.is_mech and not isinstance(unit.body, VehicleBody)


def _whom(state: BTState, target: int) -> str:
    """The unit a 'Mech fell onto, in words ("another 'Mech", "a vehicle", "infantry")."""
    other = state.units[target]
    if other.is_mech:
        return "another 'Mech"
    return "infantry" if _foot(other) else "a vehicle"


def _fall_roll(
    ctx: Ctx, target: int
) -> tuple[tuple[tuple[str, int], ...], int, tuple[int, ...], bool]:
    """BT-C-47: (terms, number, roll, hit) of a 'Mech falling onto ``target``.

    A 'Mech: 2D6 against base 7 and its movement and terrain. A vehicle is hit automatically and
    infantry always missed, with no roll.
    """
    other = ctx.state.units[target]
    if isinstance(other.body, VehicleBody):
        return (("a vehicle is hit automatically (BT-C-47)", 0),), 0, (), True
    if _foot(other):
        missed = (("infantry is always missed (BT-C-47)", _CANNOT_HIT),)
        return missed, _CANNOT_HIT, (), False
    terms = _fall_modifiers(ctx.state, target)
    number = sum(v for _, v in terms)
    roll = ctx.roll(2)
    return terms, number, roll, sum(roll) >= number


def _fall_onto(  # noqa: PLR0917 - the whole accidental fall
    ctx: Ctx, unit: int, origin: Hex, to: Hex, direction: Facing, target: int, cause: str
) -> None:
    """BT-C-47: ``unit`` drops 2+ levels into ``target``'s hex."""
    state = ctx.state
    me = state.units[unit]
    level = _origin_level(state, unit, origin)
    drop = level - state.board.terrain(to).bottom
    terms, number, roll, hit = _fall_roll(ctx, target)
    if hit:
        ctx.emit(ev.FellOntoUnit(unit, target, number, terms, roll, hit=True))
        vehicle = isinstance(state.units[target].body, VehicleBody)
        side = "front" if vehicle else side_from(state, origin, target)  # BT-M-26.3: as a DFA
        damage = math.ceil(me.mech_design.tonnage / 10)
        strike(ctx, unit, target, damage, "punch", side)
        psr(ctx, target, "hit by a falling 'Mech", 2)  # BT-C-47: as a DFA hit
        if ctx.state.units[target].on_map and not aside(
            ctx, target, (direction,), "struck by a falling 'Mech", keep_clear=origin
        ):
            ctx.emit(ev.UnitDestroyed(target, "crushed by a falling 'Mech (BT-C-47)", by=unit))
        if ctx.state.units[unit].hex != to:
            ctx.emit(ev.UnitDisplaced(unit, to, cause))
        fall(ctx, unit, to, drop, f"fell onto {_whom(state, target)}", fixed_rear=True)
        return
    landing, tie = _landing(ctx, origin, to)
    ctx.emit(
        ev.FellOntoUnit(
            unit, target, number, terms, roll, hit=False, landing=landing, landing_roll=tie
        )
    )
    levels = max(level - ctx.state.board.terrain(landing).bottom, 0)
    if landing != ctx.state.units[unit].hex:
        ctx.emit(ev.UnitDisplaced(unit, landing, cause))
    fall(ctx, unit, landing, levels, f"fell beside {_whom(state, target)}")


def _landing(ctx: Ctx, origin: Hex, to: Hex) -> tuple[Hex, tuple[int, ...]]:
    """BT-C-47 miss: the free neighbour of ``to`` nearest ``origin``; a die breaks ties."""
    state = ctx.state
    free = [h for h in to.neighbors() if h != origin and h in state.board and not state.units_at(h)]
    if not free:
        return origin, ()  # DESIGN: nowhere else: it falls back where it came from
    nearest = min(h.distance(origin) for h in free)
    tied = [h for h in free if h.distance(origin) == nearest]
    if len(tied) == 1:
        return tied[0], ()
    die = ctx.die()
    return tied[(die - 1) * len(tied) // 6], (die,)


def aside(
    ctx: Ctx,
    unit: int,
    aways: tuple[Facing, ...],
    cause: str,
    *,
    keep_clear: Hex | None = None,
    choose: bool = False,
) -> bool:
    """Displace ``unit`` to a neighbour after a DFA or a fall from above; False when none is legal.

    A hit sends it straight away (``aways``: the first legal of them), else to the nearest legal
    hex (right before left). A miss lets it choose (``choose``; DESIGN: never water that would
    sink it if it has another hex, then an empty hex, the least drop or climb, then the nearest
    to straight away). ``keep_clear`` is never used (the
    hex a falling 'Mech still stands in).
    """
    state = ctx.state
    me = state.units[unit]
    assert me.hex is not None  # noqa: S101 - on the map
    here = me.hex
    order = list(aways)
    for turn in (1, -1, 2, -2, 3):
        if aways[0].turn(turn) not in order:
            order.append(aways[0].turn(turn))
    candidates = [
        (d, here.neighbor(d))
        for d in order
        if here.neighbor(d) != keep_clear and chain_legal(state, unit, here, here.neighbor(d), d)
    ]
    if not candidates:
        return False
    if choose:
        level = level_of(state, me)

        def preference(item: tuple[Facing, Hex]) -> tuple[bool, bool, int]:
            where = item[1]
            terrain = state.board.terrain(where)
            change = abs(_ground(me, terrain) - level)
            return _fatal(me, terrain), bool(state.units_at(where)), change

        candidates.sort(key=preference)
    direction, where = candidates[0]
    return displace(ctx, unit, where, direction, cause)


def building_damage(ctx: Ctx, index: int, cf: int, where: Hex) -> None:
    """BT-M-41 #4 (ASSUMPTION): a failed building roll.

    The unit takes ceil(CF / 10) on one Front location; the building takes ceil(tonnage / 10),
    and may collapse on whoever is inside (`engine.battletech.rules.buildings.damage_building`).
    """
    unit = ctx.state.units[index]
    roll = ctx.roll(2)
    location = HIT_LOCATION[Column.FRONT][sum(roll) - 2]
    apply_damage(ctx, index, location, math.ceil(cf / 10), roll=roll, tac=sum(roll) == 2)  # noqa: PLR2004
    damage_building(ctx, where, math.ceil(unit.mech_design.tonnage / 10))
