"""BT-M-18, BT-M-21, BT-M-22: what it costs a 'Mech to enter a hex, and what it may not enter.

Every case is a 'Mech in 0405 facing north stepping into 0404 (or on up the column), checked with
the dice-free `plan_move` and, for the worked examples, by really walking the step.
"""

from __future__ import annotations

import pytest

from engine.battletech.board import Building, BuildingClass, Terrain, Woods
from engine.battletech.commands import Move, Step, StepKind
from engine.battletech.rules.movement import plan_move
from engine.battletech.state import BTState, MoveMode
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, play, start, terrain_board

F = Step(StepKind.FORWARD)
B = Step(StepKind.BACKWARD)


def one_mech(walk: int = 5, **hexes: Terrain) -> BTState:
    """A 50-ton 'Mech in 0405 facing N; an enemy far off in 0808 so the game goes on."""
    board = terrain_board(8, 8, **hexes)
    return start(board, [(design(50, walk), 0, "0405", Facing.N), (design(), 1, "0808", Facing.S)])


def step_cost(state: BTState, steps=(F,), mode: MoveMode = MoveMode.WALK) -> tuple[int, ...]:
    """The MP of each step of a legal plan."""
    return tuple(s.mp for s in plan_move(state, 0, mode, steps).steps)


def psr_modifiers(state: BTState, steps=(F,)) -> list[tuple[str, int]]:
    """(reason, total modifier) of every roll the plan needs."""
    checks = plan_move(state, 0, MoveMode.WALK, steps).checks
    return [(c.reason, sum(v for _, v in c.modifiers)) for c in checks]


# ---------------------------------------------------------------- BT-M-18: worked costs


@pytest.mark.parametrize(
    ("here", "there", "cost", "rolls"),
    [
        pytest.param(Terrain(), Terrain(), 1, [], id="L0 clear -> L0 clear"),
        pytest.param(
            Terrain(), Terrain(level=1, woods=Woods.LIGHT), 3, [], id="L0 -> L1 light woods"
        ),
        pytest.param(
            Terrain(), Terrain(level=2, woods=Woods.HEAVY), 5, [], id="L0 -> L2 heavy woods"
        ),
        pytest.param(Terrain(), Terrain(water=1), 3, [("water", -1)], id="L0 -> depth 1"),
        pytest.param(Terrain(), Terrain(water=2), 6, [("water", 0)], id="L0 -> depth 2"),
        pytest.param(Terrain(water=1), Terrain(water=1), 2, [("water", -1)], id="D1 -> D1"),
        pytest.param(Terrain(water=1), Terrain(), 2, [], id="D1 -> L0 clear"),
    ],
)
def test_worked_costs_table(here, there, cost, rolls):
    """BT-M-18 "Worked costs": terrain cost plus elevation change, and the PSR the hex asks."""
    state = one_mech(walk=6, h0405=here, h0404=there)
    assert step_cost(state) == (cost,)
    assert psr_modifiers(state) == rolls


def test_worked_cost_depth_3_is_prohibited_when_walking():
    """BT-M-18 worked costs: Level 0 -> Depth 3 water is a 3-level change, prohibited."""
    state = one_mech(walk=8, h0404=Terrain(water=3))
    with pytest.raises(IllegalCommand) as caught:
        plan_move(state, 0, MoveMode.WALK, (F,))
    assert caught.value.code == "move/blocked"
    assert "step 1 (F)" in caught.value.message


def test_worked_cost_road_through_heavy_woods_is_1():
    """BT-M-18 worked costs / BT-M-27.2: along a road through heavy woods, 1 MP."""
    road = 0b001001  # exits N and S
    state = one_mech(
        h0405=Terrain(road=road),
        h0404=Terrain(woods=Woods.HEAVY, road=road),
        h0403=Terrain(woods=Woods.HEAVY, road=road),
    )
    plan = plan_move(state, 0, MoveMode.WALK, (F, F))
    assert [s.mp for s in plan.steps] == [1, 1]
    assert all(s.road for s in plan.steps)


def test_worked_costs_are_what_walking_spends():
    """BT-M-18: L0 clear -> L1 light woods (3) -> L2 heavy woods (3 + 1) spends 7 of 7 MP."""
    state = one_mech(
        walk=7, h0404=Terrain(level=1, woods=Woods.LIGHT), h0403=Terrain(level=2, woods=Woods.HEAVY)
    )
    after, events = play(state, Move(0, MoveMode.WALK, (F, F)))
    mover = after.unit(0)
    assert mover.hex == Hex.from_label("0403")
    assert mover.movement is not None
    assert mover.movement.mp_spent == 7
    assert [getattr(e, "mp", None) for e in events[1:3]] == [3, 4]


# ---------------------------------------------------------------- BT-M-21: terrain costs


@pytest.mark.parametrize(
    ("terrain", "cost"),
    [
        pytest.param(Terrain(), 1, id="clear"),
        pytest.param(Terrain(pavement=True), 1, id="pavement"),
        pytest.param(Terrain(rough=True), 2, id="rough"),
        pytest.param(Terrain(woods=Woods.LIGHT), 2, id="light woods"),
        pytest.param(Terrain(woods=Woods.HEAVY), 3, id="heavy woods"),
        pytest.param(Terrain(water=0), 1, id="depth 0 water"),
        pytest.param(Terrain(rubble=True), 2, id="rubble"),
        pytest.param(Terrain(building=Building(BuildingClass.LIGHT, 15)), 2, id="light bldg"),
        pytest.param(Terrain(building=Building(BuildingClass.MEDIUM, 40)), 3, id="medium bldg"),
        pytest.param(Terrain(building=Building(BuildingClass.HEAVY, 90)), 4, id="heavy bldg"),
        pytest.param(
            Terrain(building=Building(BuildingClass.HARDENED, 150)), 5, id="hardened bldg"
        ),
    ],
)
def test_terrain_cost_table(terrain, cost):
    """BT-M-21: the MP to enter one hex of each terrain at the same level."""
    assert step_cost(one_mech(h0404=terrain)) == (cost,)


def test_water_depth_3_costs_4_plus_elevation():
    """BT-M-21: Depth 2+ water costs 4; from Depth 1 into Depth 3 adds the 2-level change."""
    state = one_mech(walk=8, h0405=Terrain(water=1), h0404=Terrain(water=3))
    assert step_cost(state) == (6,)


def test_depth_0_water_needs_no_roll():
    """BT-M-8.5: Depth 0 water costs 1 and needs no PSR."""
    state = one_mech(h0404=Terrain(water=0))
    assert psr_modifiers(state) == []


def test_enter_only_with_enough_mp():
    """BT-M-18 item 2: with 1 of 5 MP left a 'Mech may not enter a 2-MP rough hex."""
    rough = Terrain(rough=True)
    state = one_mech(walk=5, h0404=rough, h0403=rough, h0402=rough)
    steps = (F, F, F)
    with pytest.raises(IllegalCommand) as caught:
        plan_move(state, 0, MoveMode.WALK, steps)
    assert caught.value.code == "move/insufficient_mp"
    assert "step 3 (F)" in caught.value.message
    assert "costs 2 MP, 1 of 5 left" in caught.value.message


# ---------------------------------------------------------------- BT-M-22: elevation


@pytest.mark.parametrize(
    ("here", "there", "cost"),
    [
        pytest.param(0, 1, 2, id="up 1"),
        pytest.param(0, 2, 3, id="up 2"),
        pytest.param(1, 0, 2, id="down 1"),
        pytest.param(2, 0, 3, id="down 2"),
        pytest.param(0, -1, 2, id="into a depression"),
        pytest.param(-2, 0, 3, id="out of a sublevel 2"),
        pytest.param(3, 2, 2, id="hill to hill"),
    ],
)
def test_elevation_change_costs_1_per_level(here, there, cost):
    """BT-M-22: a 'Mech pays +1 MP per level changed, up or down, up to 2 levels."""
    state = one_mech(h0405=Terrain(level=here), h0404=Terrain(level=there))
    assert step_cost(state) == (cost,)


@pytest.mark.parametrize(("here", "there"), [(0, 3), (3, 0), (0, -3), (1, 4)])
def test_three_levels_are_prohibited(here, there):
    """BT-M-22 / BT-M-23: a change of 3+ levels is prohibited to a 'Mech."""
    state = one_mech(walk=9, h0405=Terrain(level=here), h0404=Terrain(level=there))
    with pytest.raises(IllegalCommand) as caught:
        plan_move(state, 0, MoveMode.WALK, (F,))
    assert caught.value.code == "move/blocked"


@pytest.mark.parametrize(
    ("there", "cost"),
    [
        pytest.param(Terrain(level=1, rough=True), 3, id="rough on a hill"),
        pytest.param(Terrain(level=-2, woods=Woods.HEAVY), 5, id="heavy woods below"),
        pytest.param(Terrain(level=1, rubble=True), 3, id="rubble on a hill"),
    ],
)
def test_elevation_cost_adds_to_terrain_cost(there, cost):
    """BT-M-21 clarifications: elevation-change costs are added to the terrain cost."""
    assert step_cost(one_mech(h0404=there)) == (cost,)


def test_woods_do_not_change_the_standing_level():
    """BT-M-22 reading: units stand on the ground in woods, so woods to woods is level."""
    state = one_mech(
        h0405=Terrain(level=1, woods=Woods.HEAVY), h0404=Terrain(level=1, woods=Woods.HEAVY)
    )
    assert step_cost(state) == (3,)


@pytest.mark.parametrize(
    ("water", "level", "cost"),
    [
        pytest.param(1, 1, 3, id="depth 1 bottom to a level 1 hill"),
        pytest.param(0, 1, 2, id="depth 0 water is at its surface"),
        pytest.param(2, 0, 3, id="depth 2 bottom up to clear"),
    ],
)
def test_a_mech_in_water_stands_on_the_bottom(water, level, cost):
    """BT-M-22 reading: the level climbed out of water is measured from the water bottom."""
    state = one_mech(h0405=Terrain(water=water), h0404=Terrain(level=level))
    assert step_cost(state) == (cost,)


def test_climbing_out_of_depth_2_onto_a_hill_is_too_steep():
    """BT-M-22: Depth 2 bottom (-2) to a Level 1 hill is a 3-level change."""
    state = one_mech(h0405=Terrain(water=2), h0404=Terrain(level=1))
    with pytest.raises(IllegalCommand) as caught:
        plan_move(state, 0, MoveMode.WALK, (F,))
    assert caught.value.code == "move/blocked"


@pytest.mark.parametrize(
    "there",
    [
        pytest.param(Terrain(level=1), id="up a level"),
        pytest.param(Terrain(level=-1), id="down a level"),
        pytest.param(Terrain(water=1), id="into depth 1 water"),
    ],
)
def test_moving_backward_never_changes_level(there):
    """BT-M-19 item 6 / BT-M-22: a unit moving backward may not change level or depth."""
    state = one_mech(h0406=there)
    with pytest.raises(IllegalCommand) as caught:
        plan_move(state, 0, MoveMode.WALK, (B,))
    assert caught.value.code == "move/blocked"


def test_moving_backward_on_the_level_costs_the_terrain():
    """BT-M-19 item 6: backward into level rough terrain is legal and costs 2."""
    state = one_mech(h0406=Terrain(rough=True))
    plan = plan_move(state, 0, MoveMode.WALK, (B,))
    assert [(s.hex, s.mp, s.backward) for s in plan.steps] == [(Hex.from_label("0406"), 2, True)]
