"""BattleTech sentences that said untrue things: a move's extra heat, an automatic PSR failure."""

from __future__ import annotations

import attrs
import pytest

from engine.battletech import events as ev
from engine.battletech.narrate import describe
from engine.battletech.state import Movement, MoveMode
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, evolved_unit, start, terrain_board

H = Hex.from_label
LUMPED = "standing up, burning hexes"  # the engine's one name for a move's extra heat


@pytest.fixture
def griffin():
    """Blue's Griffin at 0303 facing N, Red's at 0306 (as in test_narrate)."""
    return start(
        terrain_board(8, 8),
        [
            (design(55, 5, 5, name="Griffin"), 0, "0303", Facing.N),
            (design(55, 5, 0, name="Griffin"), 1, "0306", Facing.S),
        ],
    )


def moved(state, path, *, fires=(), new_fires=()):
    """Unit 0 walked along ``path`` (labels); ``fires`` burn now, ``new_fires`` since the move."""
    board = state.board
    for label in (*fires, *new_fires):
        board = board.replace(H(label), attrs.evolve(board.get(H(label)), fire=True))
    walk = Movement(MoveMode.WALK, hexes=len(path) - 1, path=tuple(H(p) for p in path))
    state = attrs.evolve(state, board=board, new_fires=frozenset(H(p) for p in new_fires))
    return state.replace_unit(0, state.units[0].with_movement(walk))


def heat_line(before, extra):
    event = ev.HeatChanged(0, 1 + extra, 10, 0, (("walked", 1), (LUMPED, extra)))
    return describe(event, before, before)


def test_standing_up_with_no_fire_on_the_map_says_standing_up_only(griffin) -> None:
    """BT-M-24.3: +1 is one stand attempt; no burning hex is named (issue 13)."""
    line = heat_line(moved(griffin, ["0303", "0302"]), 1)
    assert "(walked +1, standing up +1)" in line
    assert "burning" not in line


def test_two_stand_attempts_are_counted(griffin) -> None:
    """Each attempt makes 1 heat."""
    line = heat_line(moved(griffin, ["0303"]), 2)
    assert "(walked +1, 2 stand attempts +2)" in line


def test_a_burning_hex_entered_is_named_and_makes_2(griffin) -> None:
    """BT-M-32.3: +2 a burning hex moved through; with a stand attempt as well, both are named."""
    assert "(walked +1, entering a burning hex +2)" in heat_line(
        moved(griffin, ["0303", "0302"], fires=["0302"]), 2
    )
    assert "(walked +1, standing up +1, entering 2 burning hexes +4)" in heat_line(
        moved(griffin, ["0303", "0302", "0301"], fires=["0302", "0301"]), 5
    )


def test_the_start_hex_and_a_hex_set_alight_after_the_move_make_no_fire_heat(griffin) -> None:
    """BT-C-60.4: the start hex was not entered; a fire started this turn was not there then."""
    before = moved(griffin, ["0303", "0302"], fires=["0303"], new_fires=["0302"])
    assert "(walked +1, standing up +1)" in heat_line(before, 1)


def test_a_figure_that_does_not_split_names_both_with_their_rates(griffin) -> None:
    """An odd log (1 heat, yet a burning hex entered): both sources, never a wrong split."""
    line = heat_line(moved(griffin, ["0303", "0302"], fires=["0302"]), 1)
    assert "stand attempts +1 each, burning hexes entered +2 each +1" in line


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"conscious": False}, "the MechWarrior is unconscious"),
        ({"shutdown": True}, "the 'Mech is shut down"),
    ],
)
def test_an_automatic_psr_failure_says_why(griffin, change, why) -> None:
    """BT-M-30 item 5: the pilot is out, or the 'Mech is shut down; not "no one at the controls"."""
    before = griffin.replace_unit(0, evolved_unit(griffin.units[0], **change))
    roll = ev.PilotingRoll(0, "skid", 5, (("piloting", 5),), (), success=False, automatic=True)
    line = describe(roll, before, before)
    assert line.endswith(f"target 5 (piloting 5): fails automatically ({why}).")
