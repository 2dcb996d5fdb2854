"""The fast line-of-sight and reach searches give exactly the answers of the former code (issue 14).

`tests.engine.battletech._reference` keeps the straightforward implementations that
`los.line_of_sight`, `movement.reachable` and `movement.jump_path` replaced; on random maps (levels,
woods, water, rough, rubble, roads, bridges, buildings) with random 'Mechs (sides, facings, prone,
on a bridge, part-moved, hot, damaged, airborne in a DFA) every answer must be equal, in the same
order (the random policy picks among them by position).
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.battletech import RULESET
from engine.battletech.board import Board, Bridge, Building, BuildingClass, Terrain, Woods
from engine.battletech.bot import builtin as policies
from engine.battletech.commands import Jump, Move
from engine.battletech.designs.mech import Location
from engine.battletech.rules.los import _origin_line, _shape, line_of_sight
from engine.battletech.rules.movement import jump_path, jump_paths, reachable
from engine.battletech.state import BTSetup, BTState, Movement, MoveMode, Phase, Pilot, UnitSetup
from engine.hexes import Facing, Hex, hexside_line, line_pair
from tests.engine.battletech import _reference as ref
from tests.engine.battletech._build import design, evolved_unit

SEEDS = st.integers(min_value=0, max_value=2**32)


@st.composite
def terrains(draw: st.DrawFn) -> Terrain:
    """One hex: mostly plain, sometimes any combination the rules read."""
    if draw(st.integers(0, 3)) == 0:
        return Terrain(level=draw(st.integers(-1, 2)))
    water = draw(st.sampled_from([None, None, None, 0, 1, 2, 3]))
    bridge = None
    if water is not None and draw(st.booleans()):
        bridge = Bridge(
            draw(st.sampled_from(list(BuildingClass))),
            draw(st.integers(1, 90)),
            draw(st.integers(0, 63)),
            draw(st.integers(0, 2)),
        )
    building = None
    if water is None and draw(st.integers(0, 4)) == 0:
        building = Building(
            draw(st.sampled_from(list(BuildingClass))),
            draw(st.integers(1, 90)),
            draw(st.integers(1, 4)),
        )
    return Terrain(
        level=draw(st.integers(-2, 5)),
        woods=draw(st.sampled_from([Woods.NONE, Woods.NONE, Woods.LIGHT, Woods.HEAVY])),
        water=water,
        rough=draw(st.booleans()),
        rubble=draw(st.booleans()),
        pavement=draw(st.booleans()),
        road=draw(st.sampled_from([0, 0, 9, 18, 36, 63, draw(st.integers(0, 63))])),
        building=building,
        bridge=bridge,
        swamp=draw(st.integers(0, 5)) == 0,
    )


@st.composite
def boards(draw: st.DrawFn) -> Board:
    width = draw(st.integers(3, 12))
    height = draw(st.integers(3, 12))
    palette = draw(st.lists(terrains(), min_size=1, max_size=8))
    hexes = tuple(draw(st.sampled_from(palette)) for _ in range(width * height))
    return Board(width, height, hexes)


L = Location


@st.composite
def states(draw: st.DrawFn) -> BTState:
    """Two to six 'Mechs anywhere on a random board, in random conditions."""
    board = draw(boards())
    cells = [Hex.from_offset(c, r) for c in range(board.width) for r in range(board.height)]
    count = draw(st.integers(2, 6))
    units = []
    for i in range(count):
        walk = draw(st.integers(1, 8))
        jump = draw(st.integers(0, 8))
        where = draw(st.sampled_from(cells))
        side = draw(st.integers(0, 1)) if i > 1 else i
        units.append(
            UnitSetup(
                design(50, walk, jump), side, Pilot(), where, draw(st.sampled_from(list(Facing)))
            )
        )
    state = RULESET.start(BTSetup(board, ("Blue", "Red"), tuple(units)))
    changed = []
    for i, unit in enumerate(state.units):
        movement = None
        if draw(st.integers(0, 3)) == 0:
            mode = draw(st.sampled_from([MoveMode.WALK, MoveMode.RUN, MoveMode.JUMP]))
            movement = Movement(
                mode, mp_spent=draw(st.integers(0, 9)), hexes=draw(st.integers(0, 2))
            )
        crits = frozenset()
        if draw(st.integers(0, 4)) == 0:
            # A hit on some critical line: gyro, a hip, a leg actuator, a jump jet, ...
            location = draw(st.sampled_from(list(Location)))
            slots = unit.mech_design.slots_at(location)
            crits = frozenset({(location, draw(st.integers(0, len(slots) - 1)))})
        dfa = None
        if draw(st.integers(0, 5)) == 0:
            dfa = draw(st.integers(0, count - 1))
        changed.append(
            evolved_unit(
                unit,
                prone=draw(st.integers(0, 3)) == 0,
                on_bridge=draw(st.booleans()),
                heat=draw(st.sampled_from([0, 0, 5, 10, 15, 25])),
                movement=movement,
                crits=crits,
                dfa=dfa if dfa != i else None,
                destroyed=draw(st.integers(0, 15)) == 0,
            )
        )
    return attrs.evolve(state, units=tuple(changed), phase=Phase.MOVEMENT)


@settings(max_examples=150, deadline=None)
@given(states())
def test_reachable_matches_the_former_search(state: BTState) -> None:
    """Walk, run, jump and still: the same positions, costs, paths and rolls, in the same order."""
    for index in range(len(state.units)):
        for mode in MoveMode:
            fast = reachable(state, index, mode)
            slow = ref.reachable(state, index, mode)
            assert list(fast.items()) == list(slow.items()), (index, mode)


@settings(max_examples=150, deadline=None)
@given(states())
def test_jump_paths_match_the_single_target_search(state: BTState) -> None:
    """`jump_paths` gives, for every hex, the very path the single-target search finds."""
    for index, unit in enumerate(state.units):
        if unit.hex is None:
            continue
        paths = jump_paths(state, index)
        for where in unit.hex.spiral(9)[1:]:
            expected = ref.jump_path(state, index, where)
            assert paths.get(where) == expected, (index, where)
            assert jump_path(state, index, where) == expected


@settings(max_examples=200, deadline=None)
@given(states(), st.data())
def test_line_of_sight_matches_the_former_code(state: BTState, data: st.DataObject) -> None:
    """Every ordered pair of units, and some hex targets: the same `Sight`, reasons included."""
    board = state.board
    for attacker in range(len(state.units)):
        for target in range(len(state.units)):
            assert line_of_sight(state, attacker, target) == ref.line_of_sight(
                state, attacker, target
            ), (attacker, target)
        for _ in range(3):
            where = Hex.from_offset(
                data.draw(st.integers(-1, board.width)), data.draw(st.integers(-1, board.height))
            )
            assert line_of_sight(state, attacker, where) == ref.line_of_sight(
                state, attacker, where
            )


@given(st.integers(-40, 40), st.integers(-40, 40), st.integers(-40, 40), st.integers(-40, 40))
def test_hexside_lines_are_translations_of_each_other(aq: int, ar: int, bq: int, br: int) -> None:
    """The fast LOS draws each line from the origin and moves it: the geometry allows that."""
    a, b = Hex(aq, ar), Hex(bq, br)
    moved = tuple(tuple(h + a for h in step) for step in hexside_line(Hex(0, 0), b - a))
    assert moved == hexside_line(a, b)


@given(st.integers(-60, 60), st.integers(-60, 60))
def test_the_origin_line_is_line_pair(dq: int, dr: int) -> None:
    """`los._origin_line` draws exactly `hexes.line_pair` from the origin, both variants."""
    plus, minus = line_pair(Hex(0, 0), Hex(dq, dr))
    expected = [((p.q, p.r), (m.q, m.r)) for p, m in zip(plus, minus, strict=True)]
    assert _origin_line(dq, dr) == expected


@given(st.integers(-40, 40), st.integers(-40, 40))
def test_line_shapes_are_the_hexside_lines(dq: int, dr: int) -> None:
    """`los._shape` (drawn, or the reverse of the line back) is `hexside_line` without its ends."""
    end = Hex(dq, dr)
    expected = tuple(
        tuple((h.q, h.r, h.distance(Hex(0, 0)) - h.distance(end)) for h in step)
        for step in hexside_line(Hex(0, 0), end)[1:-1]
    )
    assert _shape(dq, dr) == expected


@settings(max_examples=40, deadline=None)
@given(states(), SEEDS)
def test_the_random_policy_builds_the_moves_it_lists(state: BTState, seed: int) -> None:
    """`policies._moves` makes each command when asked: the same commands, in the same order."""
    for index, unit in enumerate(state.units):
        for mode in (MoveMode.WALK, MoveMode.RUN):
            lazy = policies._moves(state, index, mode)
            expected = [
                Move(index, mode, reach.steps)
                for (where, facing), reach in reachable(state, index, mode).items()
                if reach.steps
                and not (where == unit.hex and facing == unit.facing and not unit.mech.prone)
            ]
            assert list(lazy) == expected
            assert len(lazy) == len(expected)
            if expected:
                assert lazy[-1] == expected[-1]
                assert lazy[1:3] == expected[1:3]
                pick, again = random.Random(seed), random.Random(seed)  # noqa: S311 - a game policy
                assert pick.choice(lazy) == again.choice(expected)
            with pytest.raises(IndexError):
                lazy[len(expected)]
        paths = jump_paths(state, index)
        jumps = policies._moves(state, index, MoveMode.JUMP)
        assert list(jumps) == [
            Jump(index, paths[where], facing)
            for where, facing in reachable(state, index, MoveMode.JUMP)
            if where != unit.hex and where in paths
        ]
