"""What the AoD interface delegates to (`tui.aod.screen`): opening, replaying, help pages."""

from __future__ import annotations

import pytest

from engine import registry
from engine.aod.ruleset import RULESET
from engine.aod.state import Stage
from saves.journal import read_game
from tests.tui.aod.test_screen_play import (  # noqa: F401 - the fixture
    SIZE,
    library,
    ready_to_order,
)
from tui.aod import screen as entry
from tui.aod.board_view import AoDLegend
from tui.aod.game_screen import AoDScreen, NewAoDGame
from tui.aod.rules import AoDRulesScreen
from tui.app import HexmechApp
from tui.screens.game import Unopenable
from tui.screens.help import help_markdown


@pytest.fixture
def known(monkeypatch):
    """The ruleset known by name, as its registry line will make it, for opening saves."""
    monkeypatch.setitem(registry._loaded, RULESET.name, RULESET)


def test_a_new_game_starts_with_the_setup_form():
    """new_game(): the form first, then the game in its place."""
    assert isinstance(entry.new_game(), NewAoDGame)


def test_a_save_plays_on_and_replays(tmp_path, library, known):  # noqa: F811
    """open_game plays a game going on; replay_save replays it from its first command."""
    journal = ready_to_order(tmp_path, library)
    path = journal.path
    entries = len(journal.game.log)
    journal.close()
    opened = entry.open_game(path)
    assert isinstance(opened, AoDScreen)
    assert not opened.replaying
    assert opened.game.state.stage is Stage.ORDER
    opened.journal.close()
    replayed = entry.replay_save(path)
    assert isinstance(replayed, AoDScreen)
    assert replayed.replaying
    assert replayed.cursor.position == (0, 0)
    assert len(replayed.game.log) == entries
    assert isinstance(entry.replay_save(tmp_path / "missing.jsonl"), Unopenable)


async def test_the_replay_steps_through_the_game(tmp_path, library, known):  # noqa: F811
    """A game already read: Right steps a command, the log marks it; no order keys."""
    journal = ready_to_order(tmp_path, library)
    game = read_game(journal.path.read_bytes(), journal.path.name).game
    journal.close()
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(entry.replay(game, journal.path))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, AoDScreen)
        await pilot.press("home", "right")
        assert screen.cursor.position == (1, 0)
        assert screen.state.stage is Stage.DEPLOYMENT
        assert "REPLAY  command 1 /" in str(screen.query_one("#aod-prompt").render())
        assert not screen.check_action("order", ("m",))
        assert screen.groups() == {}


def test_help_lists_every_screen_and_its_keys():
    """The help page: the form, the board, play and replay, the hand-over, the score, the rules."""
    sections = entry.help_sections()
    assert [heading.split(": ")[-1] for heading, _ in sections] == [
        "new game",
        "the board",
        "play and replay",
        "passing the terminal (hot-seat)",
        "the result",
        "rules summary",
    ]
    page = help_markdown(sections)
    for words in ("A Move order for the selected unit", "End your turn", "Start the game"):
        assert words in page
    # issue 17: the orders of several units and the side panels have their own lines
    for line in (
        "- `o`: A formation led by the selected unit: Space adds friends, Enter moves or attacks",
        "- `l`: Units behind the transport board it: Space adds each, Enter where it ends",
        "- `u`: The transport sets passengers down: Enter where, 1-9 which passengers",
        "- `t`: Long-range fire: Enter on a hex of the band; Space adds artillery",
        "- `Space`: Formation, boarding, artillery: add or remove the unit under the cursor",
        "- `d`: Show or hide the order and dial panels (the board takes their room)",
    ):
        assert line in page.splitlines()
    assert entry.replay_sections() == [("MechWarrior: Age of Destruction replay", AoDScreen)]


async def test_question_mark_opens_the_rules_summary(tmp_path, library):  # noqa: F811
    """The rules page (from the digest, in plain words) opens over the game and closes."""
    journal = ready_to_order(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(AoDScreen(journal=journal))
        await pilot.pause()
        game = app.screen
        await pilot.press("question_mark")
        assert isinstance(app.screen, AoDRulesScreen)
        await pilot.press("escape")
        assert app.screen is game


async def test_the_legend_names_the_terrain_glyphs(tmp_path, library):  # noqa: F811
    """L shows the board's key (AOD-26.12 glyphs) beside the board, and hides it again."""
    journal = ready_to_order(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(AoDScreen(journal=journal))
        await pilot.pause()
        screen = app.screen
        await pilot.press("L")
        legend = screen.query_one(AoDLegend)
        shown = str(legend.render())
        for words in ("hindering", "blocking", "shallow water", "deep water", "elevated"):
            assert words in shown
        await pilot.press("L")
        await pilot.pause()
        assert not screen.query(AoDLegend)
