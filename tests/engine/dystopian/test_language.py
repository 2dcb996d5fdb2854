"""The Dystopian Wars command language: every command read and written back (DW-28.4 paths)."""

from __future__ import annotations

import pytest

from engine.dystopian.commands import (
    Activate,
    ChooseEdge,
    DeployModel,
    EndActivation,
    MoveModel,
    RollOff,
)
from engine.dystopian.geometry import Level
from engine.dystopian.language import format_command, parse_command
from engine.dystopian.movement import MarkerAction
from engine.dystopian.state import DWState, Edge
from engine.game import Command, IllegalCommand, KernelCode
from engine.hexes import Facing
from tests.engine.dystopian._assets import fleets
from tests.engine.dystopian._game import H, arrange, setup

NAVAL = fleets()["Sample naval fleet"]
STATE = arrange(setup(NAVAL, NAVAL), {})


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("roll", RollOff()),
        ("edge top", ChooseEdge(Edge.TOP)),
        ("EDGE Bottom", ChooseEdge(Edge.BOTTOM)),
        ("deploy bb-1 0502", DeployModel("BB-1", H("0502"), Facing.S)),
        ("deploy BB-2 0522", DeployModel("BB-2", H("0522"), Facing.N)),
        ("deploy CR-1 0702 se", DeployModel("CR-1", H("0702"), Facing.SE)),
        ("deploy FF-1 0702 nw obscured", DeployModel("FF-1", H("0702"), Facing.NW, Level.OBSCURED)),
        ("activate CR-1", Activate("CR-1")),
        ("activate cr-1 element cr-3", Activate("CR-1", "CR-3")),
        ("move BB-1 ffrf", MoveModel("BB-1", "FFRF")),
        ("move CR-1 stay restart", MoveModel("CR-1", "", MarkerAction.RESTART)),
        ("move CR-1 FF stop", MoveModel("CR-1", "FF", MarkerAction.STOP)),
        ("move CR-1 stay reverse", MoveModel("CR-1", "", MarkerAction.START_REVERSING)),
        ("move CR-1 stay stop-reversing", MoveModel("CR-1", "", MarkerAction.STOP_REVERSING)),
        ("move CR-1 B", MoveModel("CR-1", "B")),
        (
            "move CR-1 FFL submerged reroll",
            MoveModel("CR-1", "FFL", None, Level.SUBMERGED, reroll=True),
        ),
        ("end", EndActivation()),
        ("pass", EndActivation()),
    ],
)
def test_commands_are_read(text: str, command: Command) -> None:
    """Each command reads as documented in the command help (deploy faces the middle)."""
    assert parse_command(text, STATE) == command


@pytest.mark.parametrize(
    "command",
    [
        RollOff(),
        ChooseEdge(Edge.BOTTOM),
        DeployModel("BB-1", H("0502"), Facing.S),
        DeployModel("SS-1", H("0502"), Facing.S, Level.SUBMERGED),
        Activate("CR-2"),
        Activate("CR-2", "CR-1"),
        MoveModel("BB-1", "FFRFL"),
        MoveModel("BB-1", "", MarkerAction.STOP_REVERSING),
        MoveModel("BB-1", "FF", MarkerAction.STOP, Level.SURFACE, reroll=True),
        MoveModel("BB-1", "FFF", level=Level.SUBMERGED, rams=(H("0506"), H("0507"))),
        EndActivation(),
    ],
)
def test_format_and_parse_round_trip(command: Command) -> None:
    """``format_command`` writes what ``parse_command`` reads back equal."""
    state = DWState.start(setup(NAVAL, fleets()["Sample carrier group"]))
    assert parse_command(format_command(command), state) == command


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "an empty command"),
        ("fire BB-1", "unknown command 'fire'"),
        ("move ZZ-9 F", "there is no model ZZ-9"),
        ("deploy BB-1 ZZ", "'ZZ' is not a hex label like 0406"),
        ("deploy BB-1 0502 up", "'up' is not a facing (N NE SE S SW NW)"),
        ("move BB-1 FXF", "a path is made of F, B, L and R, not 'X'"),
        ("move BB-1 F sideways", "'sideways' is not a marker, a level, reroll or ram"),
        ("edge left", "unknown command 'edge'"),
        ("move BB-1 F R F", "'R' is not a marker, a level, reroll or ram"),  # a path is one word
    ],
)
def test_what_is_not_understood_is_said(text: str, why: str) -> None:
    """A parse failure names what was not understood."""
    with pytest.raises(IllegalCommand) as failed:
        parse_command(text, STATE)
    assert failed.value.code == KernelCode.PARSE
    assert why in failed.value.message


def test_format_refuses_a_foreign_command() -> None:
    """Only Dystopian Wars commands have words here."""
    with pytest.raises(TypeError):
        format_command(Command())
