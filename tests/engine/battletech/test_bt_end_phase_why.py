"""BT-M-9..11: why `EndPhase` cannot close the phase yet (`why_not_end_phase`, issue 13 item 4).

The line names what is pending: the units still to move, by side, or the unit still in its move;
the phases a player does not close say how they end. None exactly when `can_end_phase` holds.
"""

from __future__ import annotations

import attrs
import pytest

from engine.battletech import RULESET
from engine.battletech.commands import EndPhase, Move, RollInitiative, Step, StepKind
from engine.battletech.rules.flow import can_end_phase, pending, why_not_end_phase
from engine.battletech.state import BTSetup, MoveMode, Phase, Pilot, UnitSetup
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, play, start, terrain_board

H = Hex.from_label
MOVE = "Not every unit has moved; still to move: "


def movement(blue: int, red: int):
    """The Movement phase of turn 1: ``blue`` 'Mechs in row 01, ``red`` in row 08."""
    units = [(design(name=f"Blue{c}"), 0, f"{c + 1:02d}01", Facing.S) for c in range(blue)]
    units += [(design(name=f"Red{c}"), 1, f"{c + 1:02d}08", Facing.N) for c in range(red)]
    return start(terrain_board(8, 8), units)


def test_it_names_every_unit_still_to_move_by_side():
    state = movement(1, 2)
    assert why_not_end_phase(state) == (MOVE + "Blue 1 (Blue0 T-50), Red 2 (Red0 T-50, Red1 T-50).")


def test_after_some_moves_only_the_units_left_are_named():
    state = movement(1, 2)
    state, _ = play(state, Move(0, MoveMode.STILL))
    assert (
        why_not_end_phase(state)
        == "Not every unit has moved; still to move: Red 2 (Red0 T-50, Red1 T-50)."
    )


def test_past_three_names_the_rest_are_counted():
    state = movement(5, 1)
    line = why_not_end_phase(state)
    assert line == (MOVE + "Blue 5 (Blue0 T-50, Blue1 T-50, Blue2 T-50, 2 more), Red 1.")


def test_none_exactly_when_the_phase_may_end_and_the_engine_agrees():
    state = movement(1, 1)
    while pending(state):
        side = state.side_to_act
        assert why_not_end_phase(state) is not None
        with pytest.raises(IllegalCommand):
            play(state, EndPhase())
        state, _ = play(state, Move(min(pending(state, side)), MoveMode.STILL))
    assert can_end_phase(state)
    assert why_not_end_phase(state) is None
    state, _ = play(state, EndPhase())
    assert state.phase is not Phase.MOVEMENT


def test_a_unit_in_the_middle_of_its_move_must_end_it_first():
    state = movement(1, 1)
    state = attrs.evolve(state, active=0)
    assert why_not_end_phase(state) == "The Blue0 T-50 (Blue) is still in its move: end it first."


def test_deployment_and_initiative_say_how_they_end():
    setup = BTSetup(
        terrain_board(8, 8),
        ("Blue", "Red"),
        (
            UnitSetup(design(name="Scout"), 0, Pilot(), None, Facing.S),
            UnitSetup(design(name="Brute"), 1, Pilot(), None, Facing.N),
        ),
    )
    state = RULESET.start(setup)
    assert state.phase is Phase.DEPLOYMENT
    assert why_not_end_phase(state) == (
        "Deployment ends by itself once every unit is placed; "
        "still to deploy: Blue 1 (Scout T-50), Red 1 (Brute T-50)."
    )
    placed = BTSetup(
        setup.board,
        setup.sides,
        tuple(
            UnitSetup(u.design, u.side, u.pilot, H(label), u.facing)
            for u, label in zip(setup.units, ("0101", "0108"), strict=True)
        ),
    )
    state = RULESET.start(placed)
    assert state.phase is Phase.INITIATIVE
    assert why_not_end_phase(state) == "Turn 1 has not begun: roll initiative first."
    state, _ = play(state, RollInitiative(), (1, 1, 6, 6))
    assert state.phase is Phase.MOVEMENT
    assert "still to move" in (why_not_end_phase(state) or "")


def test_an_attack_phase_names_the_units_still_to_declare():
    """Two unarmed 'Mechs side by side: no weapon fire, so the physical phase, both may punch."""
    state = start(
        terrain_board(8, 8),
        [(design(name="Blue0"), 0, "0404", Facing.S), (design(name="Red0"), 1, "0405", Facing.N)],
    )
    for _ in (0, 1):
        side = state.side_to_act
        mover = min(pending(state, side))
        state, _ = play(state, Move(mover, MoveMode.STILL))
    state, _ = play(state, EndPhase())
    assert state.phase is Phase.PHYSICAL
    assert why_not_end_phase(state) == (
        "The physical attack phase ends by itself once every unit has declared; "
        "still to declare: Blue 1 (Blue0 T-50), Red 1 (Red0 T-50)."
    )


def test_a_walk_in_progress_is_not_an_end():
    """A unit that has moved is no longer named (a step forward, then the other side)."""
    state = movement(1, 1)
    state, _ = play(state, Move(0, MoveMode.WALK, (Step(StepKind.FORWARD),)))
    assert "Blue0" not in (why_not_end_phase(state) or "")
