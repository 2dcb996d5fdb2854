"""The engine's former (slow, straightforward) line-of-sight and reach searches, kept as references.

Issue 14 rows 7-10 replaced `los.line_of_sight` and `movement.reachable` by faster searches over
per-board tables; these are the code they replaced, verbatim but for imports, so the property
tests can check the fast paths give exactly the same answers (and ``tests/bench/bench_bt_engine.py``
can time the old path beside the new).
"""

# ruff: noqa: C901, PLR0911, PLR0912, PLR0917

from __future__ import annotations

import functools
import heapq
import itertools
from collections.abc import Callable, Iterator

from attrs import frozen

from engine.battletech.board import Terrain, Woods
from engine.battletech.commands import Step, StepKind
from engine.battletech.rules.condition import can_move, gyro_hits, jump_mp, needs_landing_psr
from engine.battletech.rules.los import (
    Sight,
    _cover_height,
    _depth,
    _label,
    _target_end,
    hex_height,
    submerged,
    unit_height,
)
from engine.battletech.rules.movement import (
    Reach,
    _water_depth,
    allowance,
    enter_cost,
    standing_level,
)
from engine.battletech.state import BTState, MoveMode, UnitState
from engine.hexes import Facing, Hex, hexside_line

__all__ = ["jump_path", "line_of_sight", "reachable"]

_steps = functools.lru_cache(maxsize=8192)(hexside_line)
"""`hexes.hexside_line`, remembered: a pure function asked for the same lines again and again."""


@frozen
class _Effect:
    """What one candidate hex of the line does: blocks, adds woods weight, gives cover."""

    where: Hex
    block: str = ""
    woods: Woods = Woods.NONE
    cover: bool = False

    @property
    def weight(self) -> int:
        """BT-C-7: light woods weigh 1, heavy 2 (3 blocks)."""
        return int(self.woods)

    @property
    def worse(self) -> tuple[bool, bool, int]:
        """The order of BT-C-4 IMPL: blocking, then partial cover (+3), then woods weight."""
        return (bool(self.block), self.cover, self.weight)


@frozen
class _Ends:
    """The two ends of a line: hexes and LOS heights, which one is higher."""

    attacker: Hex
    target: Hex
    attacker_height: int
    target_height: int

    @property
    def low(self) -> int:
        return min(self.attacker_height, self.target_height)

    @property
    def high(self) -> int:
        return max(self.attacker_height, self.target_height)

    def intervenes(self, where: Hex, height: int) -> bool:
        """BT-C-6 [AMBIG], the digest's per-hex rule, with the dead-zone test (steps 3-4)."""
        if height > self.high:
            return True
        if height <= self.low:
            return False
        if self.attacker_height >= self.target_height:
            upper, lower = self.attacker, self.target
        else:
            upper, lower = self.target, self.attacker
        a = height - self.low
        b = self.high - height
        c = 2 * (a - b)
        d = where.distance(upper) - where.distance(lower)
        return c + d > 0


def _effect(
    state: BTState, ends: _Ends, where: Hex, *, covers: Callable[[Terrain], bool] | None
) -> _Effect:
    """The effect of one intervening hex; ``covers`` tests partial cover (None: not next to it)."""
    terrain = state.board.get(where)
    if terrain is None:
        return _Effect(where)
    if ends.intervenes(where, terrain.level):
        what = "water" if terrain.water is not None else "ground"
        return _Effect(where, block=f"level {terrain.level} {what} in {_label(where)}")
    if terrain.building is not None and ends.intervenes(where, hex_height(terrain)):
        return _Effect(where, block=f"a building in {_label(where)}")
    woods = terrain.woods
    if woods and not ends.intervenes(where, terrain.level + 2):
        woods = Woods.NONE
    return _Effect(where, woods=woods, cover=covers is not None and covers(terrain))


def _choose(steps: list[tuple[_Effect, ...]]) -> list[_Effect]:
    """BT-C-4 item 4 / IMPL: make each defender's choice the one worse for the attacker.

    Effects add up (woods weights) and any block or any cover is enough, so the worst line is
    found pair by pair: first any blocking hex; else the heaviest woods, if together they block;
    else a covering hex (+3 beats any open woods total, which is at most 2); else the heaviest.
    """
    chosen = [max(step, key=lambda e: (bool(e.block), e.weight)) for step in steps]
    if any(e.block for e in chosen) or sum(e.weight for e in chosen) >= 3:
        return chosen
    return [max(step, key=lambda e: e.worse) for step in steps]


def _woods_words(effects: list[_Effect]) -> str:
    light = [_label(e.where) for e in effects if e.woods == Woods.LIGHT]
    heavy = [_label(e.where) for e in effects if e.woods == Woods.HEAVY]
    parts = []
    if heavy:
        parts.append(f"heavy woods in {_and(heavy)}")
    if light:
        parts.append(f"light woods in {_and(light)}")
    return " and ".join(parts)


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def line_of_sight(state: BTState, attacker: int, target: int | Hex) -> Sight:
    """BT-C-4..9: the line of sight from unit ``attacker`` to a unit or a hex.

    Adjacent units always see each other (BT-C-4 item 6); units in the way never matter
    (item 7); Depth 2+ water and prone 'Mechs in Depth 1+ block (BT-C-9). A unit that declared
    a DFA is airborne one level above the higher of its hex and the target's (BT-C-43).

    A hex target (clearing woods, starting a fire: BT-C-57/60) is seen one level above its
    ground, where a standing 'Mech in it would be, or at the top of its building (DESIGN); it
    never has cover, and its own terrain adds nothing (BT-C-18.3).
    """
    board = state.board
    shooter = state.units[attacker]
    if not shooter.on_map or shooter.hex is None:
        return Sight(clear=False, reason=f"the {shooter.name} is not on the map")
    # BT-C-9 / BT-C-90.10: nothing sees out of deep water.
    if depth := submerged(state, attacker):
        return Sight(clear=False, reason=f"the {shooter.name} is under water (depth {depth})")
    end = _target_end(state, target)
    if isinstance(end, str):
        return Sight(clear=False, reason=end)
    source = shooter.hex
    if end.hex == source:
        return Sight(clear=False, reason="the target is in the attacker's own hex (BT-C-2)")
    height = unit_height(state, attacker)
    ends = _Ends(source, end.hex, height, end.height)

    def covers(hexside: Terrain) -> bool:
        # BT-C-8: a hex next to the target as high as the target; the attacker not above it.
        return end.standing and height <= end.height and _cover_height(hexside) == end.height

    steps = _steps(source, end.hex)[1:-1]
    last = len(steps) - 1
    chosen = _choose(
        [
            tuple(
                _effect(state, ends, where, covers=covers if i == last else None)
                # A hex off the map is never the defender's choice.
                for where in (tuple(w for w in step if w in board) or step)
            )
            for i, step in enumerate(steps)
        ]
    )
    in_water = shooter.this_turn.dfa is None and _depth(shooter, board.terrain(source)) >= 1
    light = sum(1 for e in chosen if e.woods == Woods.LIGHT)
    heavy = sum(1 for e in chosen if e.woods == Woods.HEAVY)
    common = {
        "hexes": tuple(e.where for e in chosen),
        "choices": tuple((step[0], step[1]) for step in steps if len(step) == 2),
        "light_woods": light,
        "heavy_woods": heavy,
        "attacker_cover": _self_cover(state, shooter, height, end.height, chosen),
    }
    # Adjacent units have no hex between them: they always see each other (BT-C-4 item 6).
    if blocks := [e.block for e in chosen if e.block]:
        return Sight(clear=False, reason=_and(blocks), **common)  # type: ignore[arg-type]
    if light + 2 * heavy >= 3:
        return Sight(clear=False, reason=_woods_words(chosen), **common)  # type: ignore[arg-type]
    cover = end.water_cover or any(e.cover for e in chosen)
    terms: list[tuple[str, int]] = []
    if light:
        terms.append(("intervening light woods", light))
    if heavy:
        terms.append(("intervening heavy woods", 2 * heavy))
    terms += end.modifiers
    if cover:
        terms.append(("partial cover", 3))
    if in_water:
        terms.append(("attacker in water", 1))  # BT-C-9 / BT-C-15
    return Sight(
        clear=True,
        partial_cover=cover,
        modifiers=tuple(terms),
        **common,  # type: ignore[arg-type]
    )


def _self_cover(
    state: BTState, shooter: UnitState, height: int, target_height: int, chosen: list[_Effect]
) -> bool:
    """BT-C-8 last item: the attacker's own partial cover (its leg weapons cannot fire).

    DESIGN: Depth 1 water round a standing attacker's legs covers them too (BT-C-9).
    """
    if shooter.this_turn.dfa is not None or shooter.mech.prone or shooter.hex is None:
        return False
    if _depth(shooter, state.board.terrain(shooter.hex)) == 1:
        return True
    if not chosen or target_height > height:
        return False
    first = state.board.get(chosen[0].where)
    return first is not None and _cover_height(first) == height


# ---------------------------------------------------------------------------------- arcs


def _neighbours(
    state: BTState, index: int, mode: MoveMode, node: tuple[Hex, Facing, int]
) -> Iterator[tuple[Hex, Facing, int, int, Step, tuple[str, ...]]]:
    """Moves from (hex, facing, level): (hex, facing, level, cost, step, rolls)."""
    here, facing, level = node
    yield here, facing.turn(-1), level, 1, Step(StepKind.LEFT), ()
    yield here, facing.turn(1), level, 1, Step(StepKind.RIGHT), ()
    directions = [(facing, False)]
    if mode is MoveMode.WALK:
        directions.append((facing.opposite, True))
    unit = state.units[index]
    for direction, backward in directions:
        result = enter_cost(state.board, here, level, direction, backward=backward)
        if isinstance(result, str):
            continue
        cost, new_level, road, terrain = result
        there = here.neighbor(direction)
        depth = _water_depth(terrain, on_bridge=road and terrain.bridge is not None)
        if mode is MoveMode.RUN and depth >= 1:
            continue
        if any(state.units[o].side != unit.side for o in state.units_at(there) if o != index):
            continue
        rolls = []
        if depth >= 1:
            rolls.append("water")
        if terrain.rubble:
            rolls.append("rubble")
        if terrain.building is not None or state.board.terrain(here).building is not None:
            rolls.append("building")
        kind = StepKind.BACKWARD if backward else StepKind.FORWARD
        yield there, facing, new_level, cost, Step(kind), tuple(rolls)


def reachable(state: BTState, index: int, mode: MoveMode) -> dict[tuple[Hex, Facing], Reach]:
    """Every (hex, facing) the unit can end its move in this turn, with the cheapest MP cost.

    For walk and run: a Dijkstra search over (hex, facing) with the costs of BT-M-19/21/22,
    passing through friendly units but never ending with another 'Mech (BT-M-25), plus the
    Minimum Movement hex (BT-M-18). A prone unit stands first (free facing). For jump: every hex
    within Jump MP with a legal shortest path, in any facing. Rolls are listed, not rolled: the
    result assumes every roll succeeds. Skid checks are not predicted here (`plan_move` lists them).
    """
    unit = state.units[index]
    if unit.hex is None or can_move(unit) is not None:
        return {}
    if mode is MoveMode.JUMP:
        return _reachable_jump(state, index)
    if mode is MoveMode.STILL:
        return {(unit.hex, unit.facing): Reach(unit.hex, unit.facing, 0, ())}
    movement = unit.movement
    if movement is not None and (movement.done or movement.mode is not mode):
        return {}
    limit = allowance(unit, mode)
    spent = movement.mp_spent if movement is not None else 0
    entered_any = movement is not None and movement.hexes > 0
    here = state.board.terrain(unit.hex)
    start_level = standing_level(here, on_bridge=unit.standing_on_bridge(here))
    counter = itertools.count()
    best: dict[tuple[Hex, Facing], tuple[int, tuple[Step, ...], tuple[str, ...]]] = {}
    queue: list[tuple[int, int, Hex, Facing, int, tuple[Step, ...], tuple[str, ...]]] = []
    if unit.mech.prone:
        if gyro_hits(unit) >= 2 or limit == 0:
            return {(unit.hex, unit.facing): Reach(unit.hex, unit.facing, spent, ())}
        cost = 1 if limit == 1 and spent == 0 else 2
        if spent + cost > limit:
            return {(unit.hex, unit.facing): Reach(unit.hex, unit.facing, spent, ())}
        for facing in Facing:
            stand = (Step(StepKind.STAND, facing),)
            heapq.heappush(
                queue,
                (spent + cost, next(counter), unit.hex, facing, start_level, stand, ("stand",)),
            )
        if cost == 1:  # Minimum Movement stand: the move ends there
            return {
                (hex_, facing): Reach(
                    hex_, facing, spent + 1, steps, rolls, minimum=True, mode=mode
                )
                for _, _, hex_, facing, _, steps, rolls in queue
            }
    else:
        heapq.heappush(queue, (spent, next(counter), unit.hex, unit.facing, start_level, (), ()))
    while queue:
        mp, _, hex_, facing, level, steps, rolls = heapq.heappop(queue)
        key = (hex_, facing)
        if key in best:
            continue
        best[key] = (mp, steps, rolls)
        for there, new_facing, new_level, cost, step, more in _neighbours(
            state, index, mode, (hex_, facing, level)
        ):
            if mp + cost > limit or (there, new_facing) in best:
                continue
            heapq.heappush(
                queue,
                (
                    mp + cost,
                    next(counter),
                    there,
                    new_facing,
                    new_level,
                    (*steps, step),
                    (*rolls, *more),
                ),
            )
    result: dict[tuple[Hex, Facing], Reach] = {}
    for (hex_, facing), (mp, steps, rolls) in best.items():
        if any(o != index for o in state.units_at(hex_)):
            continue  # passing through a friend is fine; ending with it is not (BT-M-25)
        result[(hex_, facing)] = Reach(hex_, facing, mp, steps, rolls, mode=mode)
    if not entered_any and not unit.mech.prone and limit >= 1:
        _add_minimum(state, unit, mode, limit, start_level, result)
    return result


def _add_minimum(
    state: BTState,
    unit: UnitState,
    mode: MoveMode,
    limit: int,
    level: int,
    result: dict[tuple[Hex, Facing], Reach],
) -> None:
    """BT-M-18 item 5: the one hex straight ahead, from each facing the unit can still turn to."""
    for (hex_, facing), reach in list(result.items()):
        if hex_ != unit.hex:
            continue
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
    assert unit.hex is not None
    if unit.mech.prone or unit.movement is not None:
        return {}
    mp = jump_mp(unit, state.board.terrain(unit.hex))
    result: dict[tuple[Hex, Facing], Reach] = {}
    for radius in range(1, mp + 1):
        for target in unit.hex.ring(radius):
            if target not in state.board or state.units_at(target):
                continue
            path = _jump_path(state, index, unit.hex, target, mp)
            if path is None:
                continue
            rolls = ("landing",) if needs_landing_psr(unit) else ()
            for facing in Facing:
                steps = tuple(Step(StepKind.FORWARD) for _ in path)
                result[(target, facing)] = Reach(
                    target, facing, len(path), steps, rolls, mode=MoveMode.JUMP
                )
    return result


def _jump_path(
    state: BTState, index: int, start: Hex, target: Hex, mp: int
) -> tuple[Hex, ...] | None:
    """BT-M-20.4: any legal shortest path from ``start`` to ``target`` (None if every one fails)."""
    terrain = state.board.terrain(start)
    on_deck = state.units[index].standing_on_bridge(terrain)
    ceiling = standing_level(terrain, on_bridge=on_deck) + mp

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


def jump_path(state: BTState, index: int, target: Hex) -> tuple[Hex, ...] | None:
    """A legal shortest jump path to ``target`` for the screen (None when there is none)."""
    unit = state.units[index]
    if unit.hex is None:
        return None
    mp = jump_mp(unit, state.board.terrain(unit.hex))
    if unit.hex.distance(target) > mp:
        return None
    return _jump_path(state, index, unit.hex, target, mp)
