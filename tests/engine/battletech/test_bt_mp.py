"""BT-M-20.6, BT-M-20.3, BT-M-32.3: current Walk, Run and Jump MP after damage and heat.

Walk MP is computed in the digest's order: legs, hips, other leg actuators, heat, never below 0;
Run MP = ceil(1.5 x Walk), 0 with a destroyed leg; Jump MP falls only with lost jets.
"""

from __future__ import annotations

import pytest

from engine.battletech.commands import Move, Step, StepKind
from engine.battletech.designs.mech import Location, run_mp
from engine.battletech.rules.condition import jump_mp, run_allowance, walk_mp
from engine.battletech.rules.movement import allowance, plan_move
from engine.battletech.state import BTState, MoveMode
from engine.battletech.tables import heat_mp_loss
from engine.game import IllegalCommand
from engine.hexes import Facing
from tests.engine.battletech._build import design, play, start, state_with, terrain_board

F = Step(StepKind.FORWARD)
LL, RL, LT, RT = Location.LL, Location.RL, Location.LT, Location.RT
HIP, UPPER, LOWER, FOOT = 0, 1, 2, 3


def mech(walk: int = 5, jump: int = 0, crits=(), gone=(), heat: int = 0) -> BTState:
    """A 50-ton 'Mech in 0512 facing N on a 14 x 14 board, with the damage and heat given."""
    board = terrain_board(14, 14)
    units = [(design(50, walk, jump), 0, "0512", Facing.N), (design(), 1, "1414", Facing.N)]
    state = start(board, units)
    unit = state.unit(0)
    internal = tuple(
        0 if loc in gone else value for loc, value in zip(Location, unit.mech.internal, strict=True)
    )
    return state_with(state, 0, crits=frozenset(crits), internal=internal, heat=heat)


@pytest.mark.parametrize(("walk", "run"), [(0, 0), (1, 2), (2, 3), (3, 5), (4, 6), (5, 8), (8, 12)])
def test_run_is_one_and_a_half_walk_rounded_up(walk, run):
    """BT-M-20.3: Run MP = ceil(1.5 x Walk MP), integer form (3 * walk + 1) // 2."""
    assert run_mp(walk) == run


@pytest.mark.parametrize(
    ("walk", "crits", "gone", "heat", "expected"),
    [
        pytest.param(5, (), (), 0, (5, 8), id="undamaged"),
        pytest.param(1, (), (), 0, (1, 2), id="Walk 1 -> Run 2"),
        pytest.param(6, (), (LL,), 0, (1, 0), id="one leg destroyed: 1, cannot run"),
        pytest.param(6, (), (LL, RL), 0, (0, 0), id="both legs destroyed: 0"),
        pytest.param(5, ((LL, HIP),), (), 0, (3, 5), id="one hip: ceil(5/2)"),
        pytest.param(6, ((LL, HIP),), (), 0, (3, 5), id="one hip: 6/2"),
        pytest.param(6, ((LL, HIP), (LL, FOOT)), (), 0, (3, 5), id="hip covers its own foot"),
        pytest.param(6, ((LL, HIP), (RL, FOOT)), (), 0, (2, 3), id="hip, then other foot -1"),
        pytest.param(5, ((LL, HIP), (RL, HIP)), (), 0, (0, 0), id="both hips: 0"),
        pytest.param(5, ((LL, LOWER), (LL, FOOT)), (), 0, (3, 5), id="two actuators -2"),
        pytest.param(
            5, ((LL, UPPER), (LL, LOWER), (LL, FOOT), (RL, FOOT)), (), 0, (1, 2), id="four -4"
        ),
        pytest.param(5, (), (), 5, (4, 6), id="heat 5: -1"),
        pytest.param(5, (), (), 10, (3, 5), id="heat 10: -2"),
        pytest.param(5, (), (), 25, (0, 0), id="heat 25: -5"),
        pytest.param(6, ((LL, HIP),), (), 5, (2, 3), id="hip before heat: ceil(6/2) - 1"),
        pytest.param(7, ((LL, HIP), (RL, FOOT)), (), 5, (2, 3), id="hip, actuator, heat"),
        pytest.param(6, (), (LL,), 5, (0, 0), id="one leg then heat"),
        pytest.param(6, ((RL, HIP),), (LL,), 0, (1, 0), id="leg gone: hips skipped"),
        pytest.param(6, ((RL, FOOT), (RL, LOWER)), (LL,), 0, (1, 0), id="leg gone: actuators"),
        pytest.param(
            4,
            ((LL, UPPER), (LL, LOWER), (LL, FOOT), (RL, UPPER), (RL, LOWER), (RL, FOOT)),
            (),
            0,
            (0, 0),
            id="never below 0",
        ),
        pytest.param(8, ((LL, HIP),), (), 30, (0, 0), id="hip and heat 30"),
    ],
)
def test_walk_mp_order(walk, crits, gone, heat, expected):
    """BT-M-20.6 reading: legs -> hips -> actuators -> heat -> at least 0; Run from the result."""
    expected_walk, expected_run = expected
    unit = mech(walk, crits=crits, gone=gone, heat=heat).unit(0)
    assert walk_mp(unit) == expected_walk
    assert run_allowance(unit) == expected_run
    assert allowance(unit, MoveMode.WALK) == expected_walk
    assert allowance(unit, MoveMode.RUN) == expected_run


@pytest.mark.parametrize(
    ("heat", "loss"),
    [
        (0, 0),
        (4, 0),
        (5, 1),
        (9, 1),
        (10, 2),
        (14, 2),
        (15, 3),
        (19, 3),
        (20, 4),
        (24, 4),
        (25, 5),
        (29, 5),
        (30, 5),
        (34, 5),
    ],
)
def test_heat_table(heat, loss):
    """BT-M-32.3: Walk MP -0 at 0-4, -1 at 5-9, -2 at 10-14, -3 at 15-19, -4 at 20-24, -5 at 25+."""
    assert heat_mp_loss(heat) == loss
    assert walk_mp(mech(8, heat=heat).unit(0)) == 8 - loss


def test_heat_loss_shrinks_again_as_heat_drops():
    """BT-M-32.3: the loss is not cumulative: the same 'Mech at heat 12 then 3."""
    hot = mech(5, heat=12).unit(0)
    assert (walk_mp(hot), walk_mp(hot, heat=3)) == (3, 5)


def _moves(state: BTState, mode: MoveMode, hexes: int) -> str:
    """Say "ok" when the unit may move ``hexes`` hexes straight on in ``mode``, else the code."""
    try:
        plan_move(state, 0, mode, (F,) * hexes)
    except IllegalCommand as illegal:
        return illegal.code
    return "ok"


@pytest.mark.parametrize(
    ("state", "walk"),
    [
        pytest.param(mech(5, heat=10), 3, id="heat 10"),
        pytest.param(mech(6, crits=((RL, HIP),)), 3, id="hip"),
        pytest.param(mech(5, crits=((LL, FOOT),)), 4, id="foot"),
    ],
)
def test_reduced_walk_mp_limits_a_walk(state, walk):
    """BT-M-20.6: the reduced Walk MP bounds a walk."""
    assert _moves(state, MoveMode.WALK, walk) == "ok"
    assert _moves(state, MoveMode.WALK, walk + 1) == "move/insufficient_mp"


def test_run_mp_is_recomputed_from_the_reduced_walk():
    """BT-M-20.3: Walk 5 at heat 10 walks 3, so it runs ceil(4.5) = 5, not 8."""
    state = mech(5, heat=10)
    assert _moves(state, MoveMode.RUN, 5) == "ok"
    assert _moves(state, MoveMode.RUN, 6) == "move/insufficient_mp"


def test_a_mech_with_a_destroyed_leg_cannot_run():
    """BT-M-20.6 item 7 / BT-M-32.1: a destroyed leg: Walk 1 and no running."""
    state = mech(6, gone=(LL,))
    with pytest.raises(IllegalCommand) as caught:
        play(state, Move(0, MoveMode.RUN, (F,)))
    assert caught.value.code == "move/insufficient_mp"
    after, _ = play(state, Move(0, MoveMode.WALK, (F,)))
    assert after.unit(0).movement.mp_spent == 1


@pytest.mark.parametrize(
    ("crits", "gone", "heat", "expected"),
    [
        pytest.param((), (), 0, 4, id="undamaged"),
        pytest.param(((LT, 0),), (), 0, 3, id="one jet hit"),
        pytest.param(((LT, 0), (RT, 1)), (), 0, 2, id="two jets hit"),
        pytest.param((), (LT,), 0, 2, id="torso with two jets destroyed"),
        pytest.param(((LT, 0),), (LT,), 0, 2, id="a jet is lost once"),
        pytest.param((), (), 30, 4, id="heat never reduces Jump MP"),
        pytest.param(((LL, HIP), (RL, FOOT)), (), 0, 4, id="leg actuators do not reduce it"),
        pytest.param((), (LL,), 0, 4, id="destroyed leg without jets"),
    ],
)
def test_jump_mp(crits, gone, heat, expected):
    """BT-M-20.6: Jump MP = file Jump MP - 1 per jet lost (hit or in a destroyed location)."""
    assert jump_mp(mech(5, 4, crits, gone, heat).unit(0)) == expected
