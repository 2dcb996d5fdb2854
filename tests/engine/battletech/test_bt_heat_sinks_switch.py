"""BT-C-52: switching heat sinks off in the End phase, and back on a turn later at the earliest.

The test 'Mech has 10 single heat sinks, all in its engine (10 dissipated a turn). End phase
declarations are made before the next initiative roll (the Initiative phase of turn T + 1 is the
End phase of turn T).
"""

from __future__ import annotations

import attrs
import pytest

from engine.battletech import RULESET
from engine.battletech import events as ev
from engine.battletech.board import Terrain
from engine.battletech.commands import SwitchHeatSinks
from engine.battletech.language import format_command, parse_command
from engine.battletech.narrate import describe
from engine.battletech.rules.heat import dissipation
from engine.battletech.rules.sinks import can_switch, sink_count
from engine.battletech.state import BTState, Phase
from engine.game import IllegalCommand
from engine.hexes import Facing
from tests.engine.battletech._build import design, play, start, state_with, terrain_board


def end_phase(turn: int = 2, **hexes: Terrain) -> BTState:
    """The End phase of turn ``turn - 1``: the Initiative phase of ``turn``."""
    board = terrain_board(8, 8, **hexes)
    state = start(board, [(design(), 0, "0303", Facing.N), (design(), 1, "0606", Facing.S)])
    return attrs.evolve(state, phase=Phase.INITIATIVE, turn=turn, slots=())


def test_switching_sinks_off_cuts_dissipation():
    """BT-C-52: 4 of 10 single sinks off: 6 dissipated instead of 10."""
    state = end_phase()
    assert sink_count(state.unit(0)) == 10
    assert dissipation(state, state.unit(0)) == 10
    after, events = play(state, SwitchHeatSinks(0, 4))
    assert events == [ev.HeatSinksSwitched(0, 4, 1)]
    assert after.unit(0).mech.sinks_off == 4
    assert dissipation(after, after.unit(0)) == 6
    assert dissipation(after, after.unit(1)) == 10


def test_switched_off_sinks_give_no_water_bonus():
    """BT-C-52: submerged (Depth 2), the working sinks double (at most +6); sinks off give none."""
    state = end_phase(h0303=Terrain(water=2))
    assert dissipation(state, state.unit(0)) == 16  # 10 + 6 (capped)
    state = state_with(state, 0, sinks_off=7)
    assert dissipation(state, state.unit(0)) == 6  # 3 + 3


def test_sinks_come_back_on_only_in_the_next_end_phase():
    """BT-C-52: off in the End phase of turn 1: not on again then, only in turn 2's End phase."""
    state, _ = play(end_phase(2), SwitchHeatSinks(0, 4))
    with pytest.raises(IllegalCommand, match="next one"):
        play(state, SwitchHeatSinks(0, 0))
    later = attrs.evolve(state, turn=3)
    after, events = play(later, SwitchHeatSinks(0, 0))
    assert events == [ev.HeatSinksSwitched(0, 0, 2)]
    assert dissipation(after, after.unit(0)) == 10


def test_more_may_go_off_at_once_and_the_wait_starts_again():
    """BT-C-52: "as many as wanted" in any End phase; the newest switch-off sets the wait."""
    state, _ = play(end_phase(2), SwitchHeatSinks(0, 2))
    state, _ = play(attrs.evolve(state, turn=3), SwitchHeatSinks(0, 5))
    assert state.unit(0).mech.sinks_off_turn == 2
    assert can_switch(state, 0, 0) != ""
    assert can_switch(attrs.evolve(state, turn=4), 0, 0) == ""


@pytest.mark.parametrize(
    ("phase", "off", "words"),
    [
        (Phase.MOVEMENT, 2, "End phase"),
        (Phase.INITIATIVE, 11, "0 to 10"),
        (Phase.INITIATIVE, 0, "already"),
    ],
)
def test_refusals(phase, off, words):
    """BT-C-52: only in the End phase, at most the working sinks, and a change."""
    state = attrs.evolve(end_phase(), phase=phase)
    with pytest.raises(IllegalCommand, match=words):
        play(state, SwitchHeatSinks(0, off))


def test_the_command_line_and_the_log():
    """``sinks UNIT N`` reads and writes the command; the log names the earliest turn back on."""
    state = end_phase()
    command = parse_command("sinks 1 3", state)
    assert command == SwitchHeatSinks(0, 3)
    assert format_command(command) == "sinks 1 3"
    after, events = play(state, command)
    said = describe(events[0], state, after)
    assert "3 heat sinks off" in said
    assert "turn 2" in said
    assert SwitchHeatSinks in RULESET.command_types
