"""The Settings screen (issue 13 item 4) and the new game left untouched (item 8).

Settings: three toggles from the main menu, each saved to settings.json at once; a folder that
cannot be written is one line and nothing changes; a damaged file is one line and the defaults.
A new game left before its first command is not kept, so Continue goes on with the game that was
being played; a game with a command is kept, even when every command was taken back.
"""

from __future__ import annotations

import json

from textual.widgets import OptionList

from engine.battletech.commands import RollInitiative
from saves.preferences import Preferences, load_preferences
from tests.tui.fakes import messages
from tests.tui.test_bt_play import PLACES, deployed, library, new_journal
from tests.tui.test_main_menu import menu_keys
from tui.app import HexmechApp
from tui.battletech.screen import BattleTechScreen
from tui.papermech.screen import PaperMechScreen
from tui.screens.menu import MainMenuScreen
from tui.screens.settings import OPTIONS, SettingsScreen

__all__ = ["library"]  # the fixture, used by name

SIZE = (80, 24)


def shown(app) -> list[str]:
    """The settings as listed: their first lines ("[x] Phase summaries: on")."""
    options = app.screen.query_one("#settings-list", OptionList)
    return [
        str(options.get_option_at_index(i).prompt).splitlines()[0]
        for i in range(options.option_count)
    ]


# ---------------------------------------------------------------- Settings
async def test_settings_from_the_menu_toggle_and_save_at_once(tmp_path):
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*menu_keys("settings"))
        assert isinstance(app.screen, SettingsScreen)
        assert shown(app) == [
            "[x] Handover prompt in hot-seat games: on",
            "[x] Phase summaries: on",
            "[x] Guided first game: on",
        ]
        assert not (tmp_path / "settings.json").exists()  # nothing written until a change
        # Act: Space on the first, Enter on the third
        await pilot.press("space")
        assert load_preferences(tmp_path) == (Preferences(handover=False), None)
        await pilot.press("down", "down", "enter")
        # Assert: on disk at once, and on screen
        assert json.loads((tmp_path / "settings.json").read_text()) == {
            "handover": False,
            "phase_summary": True,
            "tutorial": False,
        }
        assert shown(app)[0] == "[ ] Handover prompt in hot-seat games: off"
        assert shown(app)[2] == "[ ] Guided first game: off"
        await pilot.press("escape")
        assert isinstance(app.screen, MainMenuScreen)
        # Again (the menu's cursor is still on Settings): it opens with what was saved
        await pilot.press("enter")
        assert shown(app)[0].startswith("[ ]")
        await pilot.press("space")
        assert load_preferences(tmp_path)[0].handover is True


async def test_a_folder_that_cannot_be_written_is_one_line_and_nothing_changes(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(SettingsScreen(blocker / "saves"))
        await pilot.pause()
        await pilot.press("space")
        assert [m for m in messages(app) if m.startswith("Cannot save")] == [
            "Cannot save the settings: Not a directory"
        ]
        assert shown(app)[0] == "[x] Handover prompt in hot-seat games: on"
        assert app.screen.preferences == Preferences()


async def test_a_damaged_file_is_one_warning_and_the_defaults(tmp_path):
    (tmp_path / "settings.json").write_text("{not json")
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*menu_keys("settings"))
        assert messages(app) == ["settings.json is damaged (not JSON); using the defaults"]
        assert all(line.startswith("[x]") for line in shown(app))
        await pilot.press("down", "space")  # the next change rewrites it whole
        assert load_preferences(tmp_path) == (Preferences(phase_summary=False), None)


def test_every_preference_has_its_toggle():
    import attrs  # noqa: PLC0415

    assert [option.field for option in OPTIONS] == [f.name for f in attrs.fields(Preferences)]


# ---------------------------------------------------------------- the new game left untouched
def saves_in(folder):
    return sorted(p.name for p in folder.glob("*.jsonl"))


async def test_a_battletech_game_left_before_any_command_is_not_kept(tmp_path, library):
    # Arrange: a game with moves, older
    older = new_journal(tmp_path, library)
    deployed(older, PLACES)
    older.execute(RollInitiative())
    older.close()
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        # Act: a new game from the menu, then straight back
        await pilot.press(*menu_keys("new-battletech"), "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, BattleTechScreen)
        fresh = app.screen.path
        assert fresh.exists()
        await pilot.press("escape")
        await pilot.pause()
        # Assert: gone, said, and Continue resumes the older game
        assert isinstance(app.screen, MainMenuScreen)
        assert not fresh.exists()
        assert saves_in(tmp_path) == [older.path.name]
        assert "No command was given: the new game was not kept" in messages(app)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, BattleTechScreen)
        assert app.screen.path == older.path
        # Leaving a resumed game keeps it, of course
        await pilot.press("escape")
        await pilot.pause()
        assert saves_in(tmp_path) == [older.path.name]


async def test_a_new_game_with_a_command_is_kept_even_when_undone(tmp_path, library):
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*menu_keys("new-battletech"), "ctrl+s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleTechScreen)
        await pilot.press("enter")  # deploy the first unit
        assert screen.game.cursor == 1
        await pilot.press("z")
        assert screen.game.cursor == 0
        await pilot.press("escape")
        await pilot.pause()
        assert saves_in(tmp_path) == [screen.path.name]


async def test_a_paper_mech_game_left_before_any_command_is_not_kept(tmp_path):
    app = HexmechApp(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press(*menu_keys("new-papermech"))
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, PaperMechScreen)
        fresh = app.screen.path
        assert fresh.exists()
        assert not app.screen.game.log
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainMenuScreen)
        assert saves_in(tmp_path) == []
        await pilot.press("c")
        assert messages(app)[-1] == "No game to continue"


async def test_an_old_save_opened_untouched_is_left_alone(tmp_path, library):
    """Only the save the new-game screen created goes: one opened from Load or Continue stays."""
    journal = new_journal(tmp_path, library)
    path = journal.path
    journal.close()
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, BattleTechScreen)
        assert app.screen.path == path
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainMenuScreen)
    assert path.exists()
