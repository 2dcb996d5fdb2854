"""The main menu: every entry either opens its screen or says it is not available yet."""

from __future__ import annotations

import pytest
from textual.screen import Screen
from textual.widgets import OptionList, Static

from tests.tui.fakes import BATTLETECH, DAMAGED, OLD_RACE, PAPERMECH, FakeStore, messages
from tui.screens.confirm import ConfirmScreen
from tui.screens.help import HelpScreen
from tui.screens.menu import MainMenuScreen, menu_entries
from tui.screens.saves import SaveBrowserScreen

SIZE = (80, 24)


class GameStub(Screen[None]):
    """Stands in for a ruleset's screen; remembers what it was opened with."""

    def __init__(self, path, *, running=False):
        super().__init__()
        self.path = path
        self.game_running = running

    def compose(self):
        yield Static("a game")


def menu_keys(entry_id):
    """Return the keys that move the menu cursor from the top to an entry and choose it."""
    index = next(i for i, entry in enumerate(menu_entries()) if entry.id == entry_id)
    return ["down"] * index + ["enter"]


async def test_app_starts_on_the_main_menu_with_every_entry(make_app):
    """The first screen is the menu, listing every kind of entry, in order."""
    app = make_app()
    async with app.run_test(size=SIZE):
        assert isinstance(app.screen, MainMenuScreen)
        menu = app.screen.query_one("#main-menu", OptionList)
        labels = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert labels == [
            "New game: BattleTech",
            "New game: Paper 'Mech",
            "New game: MechWarrior: Age of Destruction",
            "New game: Dystopian Wars",
            "Tutorial (BattleTech)",
            "Continue",
            "Load",
            "Replays",
            "High scores",
            "Settings",
            "Help",
            "Quit",
        ]
        assert app.title == "hexmech"
        assert menu.has_focus


@pytest.mark.parametrize(
    ("entry", "notice"),
    [
        ("new-battletech", "BattleTech is not available yet"),
        ("new-papermech", "Paper 'Mech is not available yet"),
        ("continue", "Paper 'Mech is not available yet"),
    ],
)
async def test_unavailable_entries_say_so_and_stay_on_the_menu(make_app, entry, notice):
    """With no ruleset screens registered, choosing an entry shows a notice, not a crash."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        # Act
        await pilot.press(*menu_keys(entry))
        # Assert
        assert messages(app) == [notice]
        assert len(app.screen_stack) == 1
        assert isinstance(app.screen, MainMenuScreen)


async def test_continue_without_a_game_in_progress_says_so(make_app):
    """Only finished and damaged saves: Continue has nothing to resume."""
    app = make_app(fake=FakeStore([BATTLETECH, DAMAGED]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        assert messages(app) == ["No game to continue"]
        assert isinstance(app.screen, MainMenuScreen)


async def test_continue_with_an_empty_directory_says_so(make_app):
    """No saves at all is the same as no game in progress."""
    app = make_app(fake=FakeStore([]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*menu_keys("continue"))
        assert messages(app) == ["No game to continue"]


async def test_continue_resumes_the_newest_game_in_progress_on_its_screen(make_app):
    """Continue skips finished and damaged saves and opens the newest in-progress one."""
    # Arrange: two games in progress; the race one is older
    fake = FakeStore([BATTLETECH, DAMAGED, PAPERMECH, OLD_RACE])
    app = make_app(fake=fake, screens={"papermech": GameStub, "race": GameStub})
    async with app.run_test(size=SIZE) as pilot:
        # Act
        await pilot.press("c")
        # Assert
        assert isinstance(app.screen, GameStub)
        assert app.screen.path == PAPERMECH.path
        assert messages(app) == []


async def test_new_game_opens_the_registered_screen_without_a_save(make_app):
    """Once a ruleset has a screen, its New game entry opens it with no save path."""
    app = make_app(screens={"papermech": GameStub})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*menu_keys("new-papermech"))
        assert isinstance(app.screen, GameStub)
        assert app.screen.path is None


async def test_unreadable_saves_directory_gives_a_one_line_error(make_app):
    """A directory the store cannot read is an error notice, not a traceback."""
    app = make_app(fake=FakeStore(list_error=PermissionError(13, "Permission denied")))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        assert messages(app) == ["Cannot read /saves: [Errno 13] Permission denied"]
        assert isinstance(app.screen, MainMenuScreen)


@pytest.mark.parametrize("keys", [["l"], menu_keys("load")])
async def test_load_opens_the_save_browser(make_app, store, keys):
    """Load, by its key or from the menu, opens the save browser on the saves directory."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*keys)
        assert isinstance(app.screen, SaveBrowserScreen)
        assert store.listed == [app.library.directory]


@pytest.mark.parametrize("keys", [["q"], ["ctrl+q"], menu_keys("quit")])
async def test_quit_exits_at_once_when_no_game_is_running(make_app, keys):
    """Nothing to lose: q, Ctrl+Q and the Quit entry exit without a question."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*keys)
    assert app.return_code == 0


async def test_quit_during_a_game_asks_first(make_app):
    """With a game on screen, quitting asks; No stays, Yes quits."""
    app = make_app(screens={"battletech": lambda path: GameStub(path, running=True)})
    async with app.run_test(size=SIZE) as pilot:
        # Arrange: a game is being played
        await pilot.press(*menu_keys("new-battletech"))
        assert app.game_running
        # Act: quit, then answer no
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        # Assert: still playing
        assert isinstance(app.screen, GameStub)
        assert app.return_code is None
        # Act: quit again, answer yes
        await pilot.press("ctrl+q", "y")
    assert app.return_code == 0


@pytest.mark.parametrize("key", ["question_mark", "f1"])
async def test_help_opens_from_the_menu_and_closes_again(make_app, key):
    """? and F1 open the help page; the same key or Escape closes it."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(key)
        assert isinstance(app.screen, HelpScreen)
        await pilot.press(key)
        assert isinstance(app.screen, MainMenuScreen)
        await pilot.press(key, "escape")
        assert isinstance(app.screen, MainMenuScreen)
        assert len(app.screen_stack) == 1


async def test_help_entry_of_the_menu_opens_help(make_app):
    """The Help entry does what ? does."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*menu_keys("help"))
        assert isinstance(app.screen, HelpScreen)


async def test_replays_opens_the_replay_browser_over_the_saves_folder(tmp_path):
    """Replays lists the real saves folder in the replay browser; Escape goes back to the menu."""
    from tests.tui.replay_games import paper_save  # noqa: PLC0415
    from tui.app import HexmechApp  # noqa: PLC0415
    from tui.papermech.screen import PaperMechScreen  # noqa: PLC0415
    from tui.screens.replay_browser import ReplayBrowserScreen  # noqa: PLC0415

    paper_save(tmp_path, name="paper")
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*menu_keys("replays"))
        assert isinstance(app.screen, ReplayBrowserScreen)
        assert app.screen.directory == tmp_path
        assert [row.path.name for row in app.screen.shown] == ["paper.jsonl"]
        await pilot.press("enter")
        assert isinstance(app.screen, PaperMechScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, ReplayBrowserScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, MainMenuScreen)
