"""The AoD command language: every command written and read back, and readable refusals."""

from __future__ import annotations

import pytest

from engine.aod.commands import (
    CallTime,
    DeployUnit,
    EndTurn,
    FreeSpin,
    MoveUnit,
    PlaceTerrain,
    RollFirstPlayer,
    VentUnit,
    WithdrawForce,
)
from engine.aod.language import COMMAND_HELP, format_command, parse_command
from engine.aod.movement import Altitude
from engine.aod.state import AoDState
from engine.game import Command, IllegalCommand, KernelCode
from engine.hexes import Facing, Hex
from tests.engine.aod._game import arrange, setup

H = Hex.from_label
GAME = setup(["HX-009", "HX-001", "HX-001", "HX-007"], ["HX-010", "HX-001"])
STATE = arrange(
    GAME,
    {
        "HX-009a": ("0505", Facing.S),
        "HX-001a": ("0705", Facing.SW),
        "HX-007a": ("0905", Facing.S),
        "HX-010a": ("0515", Facing.N),
    },
)


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("roll", RollFirstPlayer()),
        ("pass", EndTurn()),
        ("time", CallTime()),
        ("withdraw", WithdrawForce()),
        ("place Rubble field 1224 1", PlaceTerrain("Rubble field", H("1224"), 1)),
        ("place Woods 1013 0", PlaceTerrain("Woods", H("1013"))),
        ("vent HX-009a", VentUnit("HX-009a")),
        ("spin HX-010a SE", FreeSpin("HX-010a", Facing.SE)),
        ("spin HX-010a stay", FreeSpin("HX-010a", None)),
        ("deploy HX-009a 0902 S", DeployUnit("HX-009a", H("0902"), Facing.S)),
        (
            "deploy HX-007a 1001 SE cruising",
            DeployUnit("HX-007a", H("1001"), Facing.SE, Altitude.CRUISING),
        ),
        ("move HX-009a 0507 face NE", MoveUnit("HX-009a", H("0507"), Facing.NE)),
        (
            "move HX-009a 0506 0507 face S run",
            MoveUnit("HX-009a", H("0507"), Facing.S, run=True, via=(H("0506"),)),
        ),
        (
            "move HX-007a 0908 face S cruising",
            MoveUnit("HX-007a", H("0908"), Facing.S, altitude=Altitude.CRUISING),
        ),
    ],
)
def test_each_command_is_written_as_it_is_read(text: str, command: Command) -> None:
    """`format_command` writes what `parse_command` reads, both ways."""
    assert parse_command(text, STATE) == command
    assert format_command(command) == text


def test_a_move_without_face_keeps_the_units_facing_and_names_are_any_case() -> None:
    """AOD-8.1: the facing after moving is the owner's choice; by default the one it had."""
    assert parse_command("MOVE hx-001a 0706", STATE) == MoveUnit("HX-001a", H("0706"), Facing.SW)


def test_a_collector_number_alone_names_the_only_copy() -> None:
    """A unit with one copy in the game may be named without its letter."""
    assert parse_command("vent HX-009", STATE) == VentUnit("HX-009a")


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("vent HX-001", "HX-001 names 3 units (HX-001a, HX-001b, HX-001c): add the letter"),
        ("vent HX-404", "there is no unit HX-404"),
        ("move HX-009a 5", "'5' is not a hex label like 0406"),
        ("move HX-009a face N", "a move names the hex it ends in"),
        ("spin HX-010a up", "'up' is not a facing (N NE SE S SW NW)"),
        ("fire HX-009a HX-010a", "unknown command 'fire'"),
        ("", "an empty command"),
        ("place Woods", "place names a piece, the hex of its anchor and a turn 0-5"),
        ("place Woods 1013 7", "'7' is not a turn 0-5"),
    ],
)
def test_what_is_not_understood_is_said(text: str, why: str) -> None:
    """A line the language cannot read is refused with what went wrong."""
    with pytest.raises(IllegalCommand) as refused:
        parse_command(text, STATE)
    assert refused.value.code == KernelCode.PARSE
    assert refused.value.message == f"{why} (in {text!r}); type help for commands."


def test_the_help_names_every_verb() -> None:
    """``hexmech help commands`` lists the whole language."""
    for verb in ("roll", "place", "deploy", "move", "vent", "spin", "pass", "time", "withdraw"):
        assert any(line.startswith(verb) for line in COMMAND_HELP.splitlines())


def test_a_unit_name_of_a_fresh_game_parses_before_deployment() -> None:
    """Deployment names units that are not on the board yet."""
    state = AoDState.start(GAME)
    assert parse_command("deploy hx-010a 1019", state) == DeployUnit("HX-010a", H("1019"), Facing.N)
