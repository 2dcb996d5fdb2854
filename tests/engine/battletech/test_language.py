"""The BattleTech command language (DESIGN 3): every command reads back from its text."""

from __future__ import annotations

import pytest

from engine.battletech import RULESET, format_command
from engine.battletech.commands import (
    Deploy,
    EndMove,
    EndPhase,
    Jump,
    Move,
    RollInitiative,
    Step,
    StepKind,
)
from engine.battletech.state import MoveMode
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, start, terrain_board

STATE = start(terrain_board(), [(design(), 0, "0405", Facing.N), (design(), 1, "0801", Facing.S)])
F, B, L, R = (Step(k) for k in (StepKind.FORWARD, StepKind.BACKWARD, StepKind.LEFT, StepKind.RIGHT))


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("deploy 1 0802 S", Deploy(0, Hex.from_label("0802"), Facing.S)),
        ("roll", RollInitiative()),
        ("initiative", RollInitiative()),
        ("move 1 walk F F R F", Move(0, MoveMode.WALK, (F, F, R, F))),
        ("move 2 run ffrf", Move(1, MoveMode.RUN, (F, F, R, F))),
        ("move 1 walk B L", Move(0, MoveMode.WALK, (B, L))),
        ("move 1 walk U:NE F", Move(0, MoveMode.WALK, (Step(StepKind.STAND, Facing.NE), F))),
        ("move 1 walk P", Move(0, MoveMode.WALK, (Step(StepKind.PRONE),))),
        ("still 2", Move(1, MoveMode.STILL)),
        ("move 2 still", Move(1, MoveMode.STILL)),
        (
            "jump 1 0404 0403 SW",
            Jump(0, (Hex.from_label("0404"), Hex.from_label("0403")), Facing.SW),
        ),
        ("done 1", EndMove(0)),
        ("end", EndPhase()),
    ],
)
def test_commands_read_and_write(text: str, command: object) -> None:
    """Each line reads to its command, and the command writes back to a line that reads the same."""
    parsed = RULESET.parse_command(text, STATE)
    assert parsed == command
    assert RULESET.parse_command(format_command(parsed), STATE) == command  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("move 3 walk F", "units are numbered 1 to 2"),
        ("move 1 walk X", "'X' is not a step"),
        ("move 1 fly F", "move UNIT walk|run STEPS"),
        ("deploy 1 0000 S", "columns and rows are numbered from 01"),
        ("deploy 1 0802 UP", "facings are N, NE, SE, S, SW and NW"),
        ("jump 1 NE", "type 'help'"),
        ("dance", "type 'help'"),
    ],
)
def test_bad_lines_are_refused_with_a_reason(text: str, why: str) -> None:
    """A line that is not a command gets one readable sentence, never a traceback."""
    with pytest.raises(IllegalCommand) as refused:
        RULESET.parse_command(text, STATE)
    assert refused.value.code == "command/parse"
    assert why in refused.value.message
