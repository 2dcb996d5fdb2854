"""The proof of issue 12: a ruleset joins the TUI through the registry alone.

The test suite's race (`tests.support.race`) gets a minimal interface (`tests.support.race_ui`)
without an edit to any generic module: registered, it is offered by the main menu, played (keys
and the ``:`` line), saved after every move, resumed with Continue, and replayed from the replay
browser and from ``hexmech replay``.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from textual.widgets import OptionList

from engine import registry as rules
from saves.journal import Journal, read_game
from tests.support import race_ui
from tests.support.race import RULESET, Step
from tests.support.race_ui import RaceScreen
from tui import registry
from tui.app import HexmechApp
from tui.screens.help import help_markdown, key_sections
from tui.screens.menu import MainMenuScreen, menu_entries
from tui.screens.replay_browser import ReplayBrowserScreen
from tui.screens.watch import watch
from tui.widgets.banner import subtitle

SIZE = (100, 30)
NOW = datetime(2026, 11, 27, tzinfo=UTC)


@pytest.fixture
def listed():
    """The race's interface, found through its module's UI_SPEC and listed like a built-in one."""
    rules.register(RULESET)
    ui = registry.get("race")
    assert ui is race_ui.UI
    registry.register(ui)
    yield ui
    registry.unregister("race")


def saved_lines(folder):
    (path,) = folder.glob("race-*.jsonl")
    return path, [json.loads(line) for line in path.read_bytes().splitlines()]


async def choose(pilot, app, entry_id):
    menu = app.screen.query_one("#main-menu", OptionList)
    index = next(i for i, entry in enumerate(app.screen.entries) if entry.id == entry_id)
    menu.highlighted = index
    await pilot.press("enter")
    await pilot.pause()


def test_the_menu_help_and_banner_list_the_race_once_registered(listed):
    assert ("new-race", "New game: Race") in [(e.id, e.label) for e in menu_entries()]
    assert "a test race" in subtitle()
    page = help_markdown(key_sections(HexmechApp))
    assert "- **Race**: the test suite's race" in page
    assert "### Race: play and replay" in page
    registry.unregister("race")
    assert "new-race" not in [e.id for e in menu_entries()]


async def test_a_race_is_opened_from_the_menu_played_saved_resumed_and_replayed(listed, tmp_path):
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        # Arrange: the menu offers the race
        assert isinstance(app.screen, MainMenuScreen)
        # Act: start one, step 2 with a key, step 3 on the command line, undo and redo
        await choose(pilot, app, "new-race")
        assert isinstance(app.screen, RaceScreen)
        await pilot.press("2")
        await pilot.press("colon", *"step 3", "enter")
        await pilot.press("z", "y")
        await pilot.pause()
        # Assert: every move is on disk (two entries, an undo and a redo marker)
        path, lines = saved_lines(tmp_path)
        assert [line.get("op") for line in lines[1:]] == [None, None, "undo", "redo"]
        assert read_game(path.read_bytes()).game.state.track.positions == (2, 3)
        assert "Red: 2/20  Blue: 3/20" in str(app.screen.query_one("#race-track").render())

        # Act: back to the menu, then Continue
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainMenuScreen)
        await pilot.press("c")
        await pilot.pause()
        # Assert: the same race, Red to move, and it plays on
        screen = app.screen
        assert isinstance(screen, RaceScreen)
        assert not screen.replaying
        assert screen.game.state.track.positions == (2, 3)
        await pilot.press("1")
        await pilot.pause()
        assert read_game(path.read_bytes()).game.state.track.positions == (3, 3)

        # Act: back, then the replay browser, Enter on the race
        await pilot.press("escape")
        await pilot.pause()
        await choose(pilot, app, "replays")
        assert isinstance(app.screen, ReplayBrowserScreen)
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        replay = app.screen
        # Assert: the race is watched from its newest move (it goes on: followed), steps back
        assert isinstance(replay, RaceScreen)
        assert replay.replaying
        assert replay.cursor.index == 3
        await pilot.press("home")
        assert replay.current().track.positions == (0, 0)
        await pilot.press("right")
        assert replay.current().track.positions == (2, 0)


async def test_hexmech_replay_of_a_race_save_opens_the_race_screen(listed, tmp_path):
    path = tmp_path / "race.jsonl"
    with Journal.create(path, RULESET, RULESET.make_setup(None), created=NOW, seed=1) as j:
        j.execute(Step(3))
        j.execute(Step(1))
    app = HexmechApp(tmp_path, first=lambda: watch(path, follow=False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RaceScreen)
        assert screen.cursor.index == 0
        await pilot.press("end")
        assert screen.current().track.positions == (3, 1)
