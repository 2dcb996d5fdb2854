"""The BattleTech command language (DESIGN 3): every command reads back from its text."""

from __future__ import annotations

import pytest

from engine.battletech import RULESET, format_command
from engine.battletech.commands import (
    Deploy,
    DumpAmmo,
    Eject,
    EndMove,
    EndPhase,
    FireWeapons,
    Jump,
    Move,
    PhysicalAttack,
    RollInitiative,
    Shot,
    Step,
    StepKind,
)
from engine.battletech.designs.mech import Location
from engine.battletech.state import AttackKind, MoveMode
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
        ("move 1 walk F F charge 2", Move(0, MoveMode.WALK, (F, F), charge=1)),
        (
            "jump 1 0404 0403 SW dfa 2",
            Jump(0, (Hex.from_label("0404"), Hex.from_label("0403")), Facing.SW, dfa=1),
        ),
        ("eject 2", Eject(1)),
        ("hold 1", FireWeapons(0)),
        ("fire 1 at 2 1 3", FireWeapons(0, (Shot(0, 1), Shot(2, 1)), primary=1)),
        ("fire 1 twist r 1@2", FireWeapons(0, (Shot(0, 1),), twist=1, primary=1)),
        ("fire 1 flip 2@2", FireWeapons(0, (Shot(1, 1),), flip_arms=True, primary=1)),
        ("fire 1 4@0303", FireWeapons(0, (Shot(3, None, Hex.from_label("0303")),))),
        ("fire 1 at 2 1:HD", FireWeapons(0, (Shot(0, 1, None, Location.HD),), primary=1)),
        ("punch 1 2", PhysicalAttack(0, AttackKind.PUNCH, 1)),
        ("punch 1 2 LA", PhysicalAttack(0, AttackKind.PUNCH, 1, Location.LA)),
        ("kick 2 1 RL", PhysicalAttack(1, AttackKind.KICK, 0, Location.RL)),
        ("push 1 2", PhysicalAttack(0, AttackKind.PUSH, 1)),
        ("club 1 2", PhysicalAttack(0, AttackKind.CLUB, 1)),
        ("nophysical 2", PhysicalAttack(1)),
        ("dump 1 3 4", DumpAmmo(0, (2, 3))),
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
        ("fire 1", "name the weapons to fire"),
        ("fire 1 2", "weapon 2 has no target"),
        ("fire 1 x@2", "items are numbered from 1"),
        ("fire 1 twist up 1@2", "twist L or twist R"),
        ("fire 1 1@2:XX", "locations are HD CT LT RT LA RA LL RL"),
        ("kick 1 2 ZZ", "locations are HD CT"),
        ("dump 1 0", "items are numbered from 1"),
        ("punch 1", "type 'help'"),
    ],
)
def test_bad_lines_are_refused_with_a_reason(text: str, why: str) -> None:
    """A line that is not a command gets one readable sentence, never a traceback."""
    with pytest.raises(IllegalCommand) as refused:
        RULESET.parse_command(text, STATE)
    assert refused.value.code == "command/parse"
    assert why in refused.value.message
