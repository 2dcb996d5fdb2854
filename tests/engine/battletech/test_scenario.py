"""BattleTech scenarios: a TOML table and a library in, a setup out; bad tables say why."""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest

from engine.battletech import RULESET
from engine.battletech.board import Board
from engine.battletech.data.scenario import build_setup
from engine.battletech.designs.mech import MechDesign
from engine.battletech.state import Phase, Pilot
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design


class FakeLibrary:
    """Boards and designs by name, no files."""

    def __init__(self) -> None:
        self.designs = {
            "Atlas AS7-D": design(100, 3, 0, name="Atlas"),
            "Timber Wolf Prime": attrs_clan(design(75, 5, 0, name="Timber Wolf")),
        }

    def board(self, name: str) -> Board:
        if name != "plain":
            msg = f"no board called {name!r}"
            raise ValueError(msg)
        return Board.blank(16, 17, "plain")

    def unit(self, name: str) -> MechDesign:
        try:
            return self.designs[name]
        except KeyError:
            msg = f"no 'Mech called {name!r}"
            raise ValueError(msg) from None

    def generate(self, style: str, width: int, height: int, seed: int) -> Board:
        return Board.blank(width, height, f"{style}-{seed}")

    def combine(self, grid: list[list[Board]]) -> Board:
        return Board.blank(
            sum(b.width for b in grid[0]), sum(row[0].height for row in grid), "combined"
        )


def attrs_clan(d: MechDesign) -> MechDesign:
    """The design as a Clan one."""
    return attrs.evolve(d, tech_base="Clan")


LIBRARY = FakeLibrary()


def _table(**changes: Any) -> dict[str, Any]:
    table: dict[str, Any] = {
        "title": "Test",
        "board": "plain",
        "side": [
            {"name": "Blue", "units": ["Atlas AS7-D"]},
            {
                "name": "Red",
                "units": [{"unit": "Timber Wolf Prime", "hex": "0815", "facing": "N"}],
            },
        ],
    }
    table.update(changes)
    return table


def test_a_scenario_builds_its_setup_with_default_skills() -> None:
    """BT-M-13: Inner Sphere pilots default to 5/4 (piloting/gunnery), Clan pilots to 4/3."""
    setup = build_setup(_table(), LIBRARY)
    assert setup.sides == ("Blue", "Red")
    atlas, wolf = setup.units
    assert atlas.pilot == Pilot("MechWarrior", 4, 5)
    assert wolf.pilot == Pilot("MechWarrior", 3, 4)
    assert atlas.hex is None
    assert wolf.hex == Hex.from_label("0815")
    assert wolf.facing is Facing.N


def test_undeployed_units_start_the_game_in_deployment() -> None:
    """Units without a hex are placed in play, side 0 first."""
    state = RULESET.start(build_setup(_table(), LIBRARY))
    assert state.phase is Phase.DEPLOYMENT
    assert state.side_to_act == 0


def test_generated_and_combined_maps() -> None:
    """A [map] table generates a board; boards = [[...]] combines sheets."""
    generated = build_setup(
        _table(map={"style": "hills", "width": 20, "height": 18, "seed": 3}), LIBRARY
    )
    assert (generated.board.width, generated.board.height) == (20, 18)
    combined = build_setup(_table(boards=[["plain", "plain"], ["plain", "plain"]]), LIBRARY)
    assert (combined.board.width, combined.board.height) == (32, 34)


@pytest.mark.parametrize(
    ("changes", "why"),
    [
        ({"weather": "rain"}, "unknown scenario keys: weather"),
        ({"board": "moon"}, "no board called 'moon'"),
        ({"board": 3}, "a scenario needs board = NAME"),
        ({"side": [{"name": "Alone", "units": ["Atlas AS7-D"]}]}, "2 to 4 [[side]] tables"),
        ({"side": [{"units": []}, {"units": ["Atlas AS7-D"]}]}, "side 1 needs at least one unit"),
        ({"side": [{"units": ["Locust"]}, {"units": ["Atlas AS7-D"]}]}, "no 'Mech called 'Locust'"),
        (
            {
                "side": [
                    {"units": [{"unit": "Atlas AS7-D", "hex": "9999"}]},
                    {"units": ["Atlas AS7-D"]},
                ]
            },
            "off the map",
        ),
        (
            {
                "side": [
                    {"units": [{"unit": "Atlas AS7-D", "facing": "UP"}]},
                    {"units": ["Atlas AS7-D"]},
                ]
            },
            "facing is one of",
        ),
        (
            {
                "side": [
                    {"units": [{"unit": "Atlas AS7-D", "gunnery": 11}]},
                    {"units": ["Atlas AS7-D"]},
                ]
            },
            "gunnery must be a whole number from 0 to 8",
        ),
        (
            {
                "side": [
                    {"units": [{"unit": "Atlas AS7-D", "hex": "0101"}]},
                    {"units": [{"unit": "Atlas AS7-D", "hex": "0101"}]},
                ]
            },
            "two units are placed in the same hex",
        ),
        ({"deploy_rows": 0}, "deploy_rows must be a whole number"),
    ],
)
def test_bad_scenarios_say_what_is_wrong(changes: dict[str, Any], why: str) -> None:
    """A bad scenario is one ValueError naming the problem."""
    with pytest.raises(ValueError, match=re.escape(why)):
        build_setup(_table(**changes), LIBRARY)


def test_the_ruleset_needs_a_library_for_scenarios() -> None:
    """Without the file library (engine alone), make_setup says what is missing."""
    saved = RULESET.library
    RULESET.library = None
    try:
        with pytest.raises(ValueError, match="library"):
            RULESET.make_setup(None)
    finally:
        RULESET.library = saved
