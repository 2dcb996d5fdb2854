"""``hexmech play --ruleset NAME`` and ``hexmech replay SAVE`` open screens over the menu."""

from __future__ import annotations

from pathlib import Path

from textual.screen import Screen

from engine.dice import Dice
from engine.game import Game
from engine.papermech import RULESET, PaperSetup, legal_commands
from tests.tui.fakes import FakeStore
from tests.tui.test_cli import hexmech
from tui.app import HexmechApp
from tui.screens.menu import MainMenuScreen


async def test_the_first_screen_opens_over_the_menu(tmp_path: Path) -> None:
    """The command line's screen is on top; leaving it shows the menu."""
    store = FakeStore()
    first = Screen()
    app = HexmechApp(
        tmp_path, list_saves=store.list_saves, delete_save=store.delete_save, first=lambda: first
    )
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.screen is first
        app.pop_screen()
        await pilot.pause()
        assert isinstance(app.screen, MainMenuScreen)


def test_replay_of_a_file_that_is_not_a_save_is_bad_input(race_env, tmp_path: Path) -> None:
    """Exit 2 and one line naming the file; no traceback."""
    junk = tmp_path / "junk.jsonl"
    junk.write_text("hello\n")
    result = hexmech(["replay", str(junk)], race_env)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert "junk.jsonl" in result.stderr


def test_replay_of_a_missing_file_is_bad_input(race_env, tmp_path: Path) -> None:
    """Exit 2 and one line."""
    result = hexmech(["replay", str(tmp_path / "nope.jsonl")], race_env)
    assert result.returncode == 2
    assert "No such file" in result.stderr


def test_replay_of_a_ruleset_without_a_replay_screen_says_so(headless_env, tmp_path: Path) -> None:
    """A ruleset without an interface has no screens: exit 2, 'not available yet'."""
    save = tmp_path / "race.jsonl"
    args = ["play", "--headless", "--ruleset", "headless-race", "--seed", "1", "--save", str(save)]
    hexmech(args, headless_env, "step 1\n")
    result = hexmech(["replay", str(save)], headless_env)
    assert result.returncode == 2
    assert "not available yet" in result.stderr


def test_play_with_a_bad_scenario_fails_before_the_screen_opens(race_env, tmp_path: Path) -> None:
    """A scenario error is one line and exit 2, and no save is left behind."""
    args = ["--saves", str(tmp_path), "play", "--ruleset", "papermech", "--scenario", "nope"]
    result = hexmech(args, race_env)
    assert result.returncode == 2
    assert "no scenario 'nope'" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_finished_game_can_be_replayed_from_the_save(tmp_path: Path) -> None:
    """The replay factory rebuilds every step of a finished game from the file."""
    from saves.journal import Journal  # noqa: PLC0415
    from tests.engine.papermech.test_properties import CREATED  # noqa: PLC0415
    from tui.papermech.screen import PaperMechScreen, replay_or_explain  # noqa: PLC0415

    path = tmp_path / "done.jsonl"
    with Journal.create(path, RULESET, PaperSetup(), created=CREATED, seed=4) as journal:
        while not journal.game.summary.over:
            journal.execute(legal_commands(journal.game.state)[-1])
        expected = journal.game.state
    screen = replay_or_explain(path)
    assert isinstance(screen, PaperMechScreen)
    assert screen.replaying
    assert screen.game.state == expected
    reference = Game(RULESET, PaperSetup(), Dice(4))
    assert screen.game.state_at(0) == reference.state
