"""Night rules for BattleTech (NT-5, issue 16): who is known, who is exempt, straying, jitter fire.

The ruleset-agnostic rules are `engine.night`; this module is their BattleTech reading (NT-5):

- `known_enemies` / `is_known` (issue 16 item 3): with a scenario ``visibility`` range, an enemy
  beyond it from every unit of a side, not in or beside a lit hex and that has not fired this
  turn, is not known to that side. "Known enemy" in NT-1 and NT-3 follows this.
- `exemption` (NT-1, NT-5): LOS to a known enemy; on or beside a road, pavement, bridge or
  depth 0-1 water; on or beside a lit hex.
- `movement_check` (NT-2): before a unit enters a new hex, once per turn, while not exempt.
- `stray` (NT-3, NT-5): the stray roll, the straight-line stray at walking MP, its stops.
- `jitter_fire` (NT-4, NT-5): one random ready weapon fired at nothing.
- `view` (issue 16 item 3): a side's view of the state, unknown enemies hidden.

DESIGN readings where NT-5 says nothing:

- The movement roll is made once a turn (NT-2), before the first hex the unit would enter from a
  hex where it is not exempt; a unit that kept its way, or whose stray met a friend, moves on
  without another roll that turn.
- A straying 'Mech turns to the stray's direction the short way (1 MP a hexside, as in normal
  movement), then walks forward; it keeps its declared mode (a declared run still heats as one).
- A jump is a move into new hexes: the roll comes before take-off, and a unit that strays walks
  its stray instead of jumping (its move then ends).
- "Unable to act": its move ends and it declares no attacks this turn.
- Jitter fire by the nearest enemy: of equally near ones the moving side chooses (NT-4): the move
  waits (`JitterAsked`, ``state.night.asking``) for `ChooseJitterFirer`
  (`engine.battletech.rules.nightchoice`). It chooses among the equally near enemies it knows of;
  when it knows of fewer than two, there is nothing to choose and the lowest unit index fires.
- NT-1's advancing units have no BattleTech counterpart; entering the board is deployment, which
  is not movement.
"""

from __future__ import annotations

import attrs

from engine.battletech import events as ev
from engine.battletech.context import Ctx
from engine.battletech.nightevents import (
    JitterAsked,
    JitterFired,
    MovementRolled,
    StrayEnded,
    StrayRolled,
)
from engine.battletech.rules.condition import walk_mp
from engine.battletech.rules.los import line_of_sight
from engine.battletech.rules.nightsight import (
    gunflashes,
    is_known,
    known_enemies,
    lit_hexes,
    near_lit,
)
from engine.battletech.state import BTState, MoveMode, UnitState
from engine.hexes import Facing, Hex
from engine.night import Jitter, Stop, jitter, stray_direction, strays, walk_stray

__all__ = [
    "exemption",
    "goes_on",
    "gunflashes",
    "is_known",
    "is_unable",
    "jitter_fire",
    "known_enemies",
    "lit_hexes",
    "lost",
    "lost_before_jump",
    "movement_check",
    "must_check",
    "nearest_enemies",
    "ready_weapons",
    "stray",
    "stray_chance",
    "stray_walk",
    "view",
    "waits",
]


# ---------------------------------------------------------------- seeing at night


def view(state: BTState, seat: int | None) -> BTState:
    """Issue 16 item 3: side ``seat``'s view: unknown enemies are hidden (None: the whole state).

    A hidden unit keeps its index; its ``hex`` is None and its index is in ``night.hidden``, so
    the board draws nothing and panels skip it.
    """
    night = state.night
    if night is None or seat is None or not 0 <= seat < len(state.sides):
        return state
    known = known_enemies(state, seat)
    hidden = frozenset(
        i
        for i, u in enumerate(state.units)
        if u.side != seat and u.on_map and u.hex is not None and i not in known
    )
    if not hidden:
        return state
    units = tuple(
        attrs.evolve(u, hex=None, movement=None) if i in hidden else u
        for i, u in enumerate(state.units)
    )
    return attrs.evolve(state, units=units, night=attrs.evolve(night, hidden=hidden))


# ---------------------------------------------------------------- NT-1: exemption


def _guides(state: BTState, where: Hex) -> bool:
    """NT-5: a road, pavement, bridge or depth 0-1 water (a stream) in ``where``."""
    terrain = state.board.get(where)
    if terrain is None:
        return False
    water = terrain.water is not None and terrain.water <= 1
    return terrain.has_road or terrain.pavement or terrain.bridge is not None or water


def _sees_known_enemy(state: BTState, index: int) -> bool:
    unit = state.units[index]
    for enemy in sorted(known_enemies(state, unit.side)):
        if line_of_sight(state, index, enemy).clear:
            return True
    return False


def exemption(state: BTState, index: int, where: Hex | None = None) -> str:  # noqa: PLR0911
    """NT-1/NT-5: why unit ``index`` (standing in ``where``, default its hex) need not check.

    Returns "" when it is not exempt and must make the movement roll.
    """
    unit = state.units[index]
    here = where if where is not None else unit.hex
    if here is None:
        return "not on the map"
    if state.night is None:
        return "daylight"
    if near_lit(here, lit_hexes(state)):
        return "on or beside a lit hex"
    if any(_guides(state, h) for h in (here, *here.neighbors())):
        return "on or beside a road, pavement, bridge or stream"
    if where is None or where == unit.hex:
        if _sees_known_enemy(state, index):
            return "it sees a known enemy"
    else:
        moved = state.replace_unit(index, attrs.evolve(unit, hex=here))
        if _sees_known_enemy(moved, index):
            return "it sees a known enemy"
    return ""


def must_check(state: BTState, index: int, where: Hex | None = None) -> bool:
    """NT-1/NT-2: entering a new hex from ``where`` needs the movement roll now."""
    night = state.night
    if night is None or night.is_checked(index, state.turn):
        return False
    return exemption(state, index, where) == ""


def stray_chance(state: BTState, index: int) -> float:
    """NT-2: the chance the movement roll strays, for the Orders panel (0 when exempt)."""
    night = state.night
    if night is None or not must_check(state, index):
        return 0.0
    need = night.care_of(index).white_needed
    return (7 - need) / 36


def is_unable(state: BTState, index: int) -> bool:
    """NT-3: unit ``index`` is marked unable to act further this turn."""
    night = state.night
    return night is not None and night.is_unable(index, state.turn)


# ---------------------------------------------------------------- NT-2: the movement roll


def movement_check(ctx: Ctx, index: int, where: Hex) -> bool:
    """NT-2: roll the movement roll if the unit must check before leaving ``where``.

    Returns True when it strays (`stray` must follow); False when it goes on as plotted.
    """
    state = ctx.state
    night = state.night
    if night is None or not must_check(state, index, where):
        return False
    coloured, white = ctx.roll(2)
    care = night.care_of(index)
    verdict = strays(care, coloured, white)
    why = f"in {where.label}: no light, road or stream near, no known enemy in sight"
    ctx.emit(MovementRolled(index, coloured, white, care.value, verdict, why))
    return verdict


# ---------------------------------------------------------------- NT-3/NT-4: the stray


def nearest_enemies(state: BTState, index: int) -> tuple[int, tuple[int, ...]]:
    """NT-4: the enemies able to fire nearest unit ``index``: their distance and their indexes.

    Several when equally near (the moving side then chooses, see `stray`); none: (0, ()).
    """
    from engine.battletech.rules.tohit import cannot_fire  # noqa: PLC0415 - heavy, rarely needed

    unit = state.units[index]
    if unit.hex is None:
        return 0, ()
    found: dict[int, list[int]] = {}
    for other, enemy in enumerate(state.units):
        if enemy.side == unit.side or not enemy.on_map or enemy.hex is None:
            continue
        if cannot_fire(enemy) or not ready_weapons(enemy):
            continue
        found.setdefault(unit.hex.distance(enemy.hex), []).append(other)
    if not found:
        return 0, ()
    distance = min(found)
    return distance, tuple(found[distance])


def waits(state: BTState) -> bool:
    """NT-4: a stray waits for the moving side to choose who jitter-fires."""
    return state.night is not None and state.night.asking is not None


def ready_weapons(unit: UnitState) -> list[int]:
    """The weapons a unit could fire now: working, not fired this turn, with ammunition."""
    from engine.battletech.rules.tohit import ammo_bins, weapon_destroyed, weapon_spec  # noqa: PLC0415

    ready = []
    for i, item in enumerate(unit.mech_design.equipment):
        spec = weapon_spec(unit, i)
        if spec is None or i in unit.this_turn.fired or weapon_destroyed(unit, item):
            continue
        if spec.uses_ammo and not ammo_bins(unit, spec):
            continue
        ready.append(i)
    return ready


def jitter_fire(ctx: Ctx, index: int, *, moving: bool) -> bool:
    """NT-4/NT-5: unit ``index`` fires one random ready weapon at nothing.

    The weapon is picked by one die of as many sides as it has ready weapons; its heat counts
    (``fired``), one shot of ammunition is spent, and its hex is lit until the end of the turn.
    Returns False when it cannot fire (no jitter fire then).
    """
    from engine.battletech.rules.tohit import ammo_bins, cannot_fire, weapon_spec  # noqa: PLC0415

    unit = ctx.state.units[index]
    ready = ready_weapons(unit)
    if unit.hex is None or cannot_fire(unit) or not ready:
        return False
    roll = ctx.dice.die(len(ready)) if len(ready) > 1 else 1
    weapon = ready[roll - 1]
    ctx.emit(JitterFired(index, weapon, unit.hex, roll, moving=moving))
    spec = weapon_spec(unit, weapon)
    if spec is not None and spec.uses_ammo:
        bins = ammo_bins(unit, spec)
        fullest = max(bins, key=lambda b: (unit.ammo[b], -b))
        ctx.emit(ev.AmmoSpent(index, fullest))
    return True


def _closer(state: BTState, index: int, here: Hex, there: Hex) -> bool:
    unit = state.units[index]
    for enemy in known_enemies(state, unit.side):
        where = state.units[enemy].hex
        if where is not None and there.distance(where) < here.distance(where):
            return True
    return False


def stray(ctx: Ctx, index: int, allowance: int = 0) -> Stop:
    """NT-3/NT-4/NT-5: the stray roll, any jitter fire, then the straight-line stray.

    When the nearest enemies the moving side knows of are equally near, the stray waits for its
    choice (NT-4): `JitterAsked` (with ``allowance``, the move's MP, 0 after a jump's roll) and
    a Stop; `waits` is then True and the move must not end (`engine.battletech.rules.nightchoice`).

    The unit turns to the stray's direction and walks forward, spending MP as in normal movement
    (walking MP only), and stops before: the map edge, a hex it cannot enter, a hex needing a
    piloting roll (water 1+, rubble, buildings, a bridge that would collapse), a lit hex, a hex
    closer to a known enemy, an enemy's hex (all forbidden: marked unable to act), and a
    friendly unit's hex (free to finish its move normally). It stops once it sees a known enemy
    (marked, NT-3's example). Running out of MP is no mark.
    """
    state = ctx.state
    night = state.night
    unit = state.units[index]
    assert night is not None  # noqa: S101 - checked by the caller
    coloured, white = ctx.roll(2)
    direction = Facing(stray_direction(coloured) - 1)
    shots = jitter(coloured, white, gunflash=night.gunflash)
    ctx.emit(StrayRolled(index, coloured, white, direction, shots.value))
    if shots is Jitter.SELF and jitter_fire(ctx, index, moving=True):
        stop = Stop("it fired in the dark: its movement is cancelled")
        ctx.emit(StrayEnded(index, (), stop.reason))
        return stop
    if shots is Jitter.ENEMY:
        distance, nearest = nearest_enemies(ctx.state, index)
        side = unit.side
        choosable = tuple(e for e in nearest if is_known(ctx.state, side, e))
        if len(choosable) > 1:
            ctx.emit(JitterAsked(index, choosable, distance, direction, allowance))
            return Stop("the moving side chooses which enemy fires in the dark")
        if nearest:
            jitter_fire(ctx, nearest[0], moving=False)
    return stray_walk(ctx, index, direction)


def stray_walk(ctx: Ctx, index: int, direction: Facing) -> Stop:  # noqa: C901, PLR0915 - NT-3
    """NT-3/NT-5: the straight-line stray in ``direction`` after the stray roll (see `stray`)."""
    from engine.battletech.rules.movement import enter_cost, standing_level  # noqa: PLC0415

    state = ctx.state
    unit = state.units[index]
    start = unit.hex
    assert start is not None  # noqa: S101 - checked by the caller
    movement = unit.movement
    spent = movement.mp_spent if movement is not None else 0
    points = max(0, walk_mp(unit) - spent)
    turns = min((int(direction) - int(unit.facing)) % 6, (int(unit.facing) - int(direction)) % 6)
    sense = 1 if (int(direction) - int(unit.facing)) % 6 <= 3 else -1  # noqa: PLR2004
    if unit.mech.prone:
        stop = Stop("it is prone and cannot stray", unable=False)
        ctx.emit(StrayEnded(index, (), stop.reason))
        return stop
    if turns > points:
        stop = Stop("it ran out of movement points turning")
        ctx.emit(StrayEnded(index, (), stop.reason))
        return stop
    facing = unit.facing
    for _ in range(turns):
        facing = facing.turn(sense)
        ctx.emit(ev.UnitTurned(index, facing, 1))
    points -= turns
    board = state.board
    lit = lit_hexes(state)
    here_terrain = board.terrain(start)
    levels = {start: standing_level(here_terrain, on_bridge=unit.standing_on_bridge(here_terrain))}
    roads: dict[Hex, bool] = {}
    tonnage = unit.mech_design.tonnage

    def next_position(here: Hex) -> Hex | None:
        there = here.neighbor(direction)
        return there if there in board else None

    def stop_before(here: Hex, there: Hex) -> Stop | None:
        others = [o for o in ctx.state.units_at(there) if o != index]
        if any(ctx.state.units[o].side != unit.side for o in others):
            return Stop(f"an enemy unit blocks {there.label}", unable=True)
        if others:
            return Stop("it met a friendly unit", free=True)
        if there in lit:
            return Stop(f"{there.label} is lit", unable=True)
        if _closer(ctx.state, index, here, there):
            return Stop("it would move closer to a known enemy", unable=True)
        return None

    def cost(here: Hex, there: Hex) -> int | Stop:
        result = enter_cost(board, here, levels[here], direction, backward=False)
        if isinstance(result, str):
            return Stop(f"{there.label}: {result}", unable=True)
        mp, level, road, terrain = result
        on_bridge = road and terrain.bridge is not None
        depth = 0 if on_bridge or terrain.water is None else terrain.water
        building = board.terrain(here).building is not None or terrain.building is not None
        if depth >= 1 or terrain.rubble or building:
            return Stop(f"{there.label} would need a piloting roll", unable=True)
        if on_bridge and terrain.bridge is not None and tonnage > terrain.bridge.cf:
            return Stop(f"the bridge at {there.label} would not bear it", unable=True)
        levels[there] = level
        roads[there] = road
        return mp

    def stop_after(there: Hex) -> Stop | None:
        moved = attrs.evolve(ctx.state.units[index], hex=there)
        if _sees_known_enemy(ctx.state.replace_unit(index, moved), index):
            return Stop(f"it sees a known enemy from {there.label}", unable=True)
        return None

    walk = walk_stray(
        start,
        points,
        next_position=next_position,
        cost=cost,
        stop_before=stop_before,
        stop_after=stop_after,
    )
    for there, mp in zip(walk.path, walk.costs, strict=True):
        ctx.emit(ev.UnitEntered(index, there, mp, road=roads.get(there, False)))
    stop = walk.stop
    ctx.emit(StrayEnded(index, walk.path, stop.reason, unable=stop.unable, free=stop.free))
    return stop


# ---------------------------------------------------------------- hooks of the movement rules


def lost(ctx: Ctx, index: int) -> Stop | None:
    """NT-1..NT-3: before unit ``index`` enters a new hex: the movement roll and any stray.

    Returns None when the unit goes on as plotted, else how its stray stopped (the plotted path
    is abandoned). Called by `engine.battletech.rules.flow` before every hex a ground move enters.
    """
    from engine.battletech.rules.movement import allowance  # noqa: PLC0415 - movement imports much

    state = ctx.state
    unit = state.units[index]
    where = unit.hex
    if not state.units[index].is_mech:
        return None  # kmove guard: night navigation (NT-1..5) is for 'Mechs (issue 20)
    if state.night is None or where is None or not movement_check(ctx, index, where):
        return None
    mode = unit.movement.mode if unit.movement is not None else MoveMode.WALK
    return stray(ctx, index, allowance(unit, mode))


def goes_on(state: BTState, index: int, allowance: int) -> bool:
    """NT-3: after a stray that met a friendly unit, the unit may finish its move normally.

    True when it was freed and has MP left of ``allowance``: it stays the active unit.
    """
    night = state.night
    unit = state.units[index]
    movement = unit.movement
    if night is None or movement is None or unit.destroyed or not unit.on_map:
        return False
    free = night.turn == state.turn and index in night.free
    return free and allowance - movement.mp_spent > 0


def lost_before_jump(ctx: Ctx, index: int) -> Stop | None:
    """NT-1/NT-2/NT-5: a jump is a move into new hexes: the movement roll before take-off.

    A unit that strays does not jump: it starts a walking move and strays (no jumping while
    straying, NT-5); its move then ends. None: the jump goes ahead.
    """
    state = ctx.state
    where = state.units[index].hex
    if not state.units[index].is_mech:
        return None  # kmove guard: night navigation (NT-1..5) is for 'Mechs (issue 20)
    if state.night is None or where is None or not movement_check(ctx, index, where):
        return None
    ctx.emit(ev.MovementStarted(index, MoveMode.WALK))
    return stray(ctx, index)
