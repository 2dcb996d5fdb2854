"""Run the hexmech Textual application: the main menu and the screens it leads to."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, TypeAlias, runtime_checkable

from textual.app import App
from textual.binding import Binding

from tui import registry
from tui.screens._library import SaveLibrary, damage_report, newest_in_progress
from tui.screens.menu import MainMenuScreen
from tui.theme import HEXMECH_THEME, MONO_THEME, THEMES, wants_mono

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence
    from pathlib import Path

    from textual.screen import Screen

    from saves.scores import ScoreBook
    from tui.screens._library import SaveSummary
    from tui.screens.saves import SaveBrowserScreen

ScreenFactory: TypeAlias = "Callable[[Path | None], Screen[Any]]"
"""Build the screen of a ruleset: None starts a new game, a path resumes that saved journal."""


class _Registered:
    """The screens of every ruleset with an interface (`tui.registry`), as factories by name."""

    def __init__(self, *, replays: bool) -> None:
        self._replays = replays

    def get(self, name: str) -> Callable[..., Screen[Any]] | None:
        ui = registry.get(name)
        if ui is None:
            return None
        if self._replays:
            return ui.replay_save
        return lambda path: ui.new_game() if path is None else ui.open_game(path)


@runtime_checkable
class GameScreen(Protocol):
    """A screen playing a game: quitting while `game_running` is true asks first.

    At its end a game with a score calls `HexmechApp.record_score`, which adds the score to its
    table and shows it.
    """

    @property
    def game_running(self) -> bool:
        """True while a game is being played on this screen."""


class HexmechApp(App[None]):
    """The hexmech terminal app: a main menu, a save browser, help, and the ruleset screens."""

    CSS_PATH = "app.tcss"
    TITLE = "hexmech"
    BINDINGS = [
        Binding(
            "question_mark,f1", "help", "Help", key_display="?", tooltip="Open or close the help"
        ),
        Binding("q", "quit", "Quit", tooltip="Quit hexmech"),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True, tooltip="Quit hexmech"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | ?, F1 | Open or close the help page. |
    | q, Ctrl+Q | Quit (asks first while a game is being played). |
    """

    def __init__(
        self,
        saves_dir: Path | None = None,
        *,
        mono: bool = False,
        list_saves: Callable[[Path], Sequence[SaveSummary]] | None = None,
        delete_save: Callable[[Path], None] | None = None,
        screens: Mapping[str, ScreenFactory] | None = None,
        first: Callable[[], Screen[Any]] | None = None,
        replays: Mapping[str, Callable[[Path], Screen[Any]]] | None = None,
    ) -> None:
        """Create the app.

        Args:
            saves_dir: Where saves live; `saves.store.default_saves_dir()` when None.
            mono: Use the black-and-white theme (it is also used when NO_COLOR is set).
            list_saves: Replaces `saves.store.list_saves` (tests pass fakes).
            delete_save: Replaces `saves.store.delete_save`.
            screens: Ruleset name -> screen factory (tests); the interface registry when None.
            first: A screen to open over the menu at start (``hexmech play``, ``hexmech replay``).
            replays: Ruleset name -> replay screen factory (tests); the interface registry when
                None.
        """
        super().__init__()
        self.library = SaveLibrary.create(saves_dir, list_saves, delete_save)
        self.ruleset_screens: Mapping[str, ScreenFactory] | _Registered = (
            _Registered(replays=False) if screens is None else screens
        )
        self._first = first
        self.ruleset_replays: Mapping[str, Callable[[Path], Screen[Any]]] | _Registered = (
            _Registered(replays=True) if replays is None else replays
        )
        for theme in THEMES:
            self.register_theme(theme)
        self.theme = (MONO_THEME if wants_mono(mono=mono) else HEXMECH_THEME).name

    def get_default_screen(self) -> Screen[None]:
        """Start on the main menu."""
        return MainMenuScreen()

    def on_mount(self) -> None:
        """Open the first screen, if the command line asked for one."""
        if self._first is not None:
            self.push_screen(self._first())

    def action_new_game(self, ruleset: str) -> None:
        """Start a new game of a ruleset, or say it cannot be played yet.

        Args:
            ruleset: The registry name, e.g. "papermech".
        """
        factory = self.ruleset_screens.get(ruleset)
        if factory is None:
            self.notify(f"{registry.title(ruleset)} is not available yet", severity="warning")
            return
        self.push_screen(factory(None))

    def action_continue_game(self) -> None:
        """Resume the newest game in progress."""
        saves = self._scan()
        if saves is None:
            return
        save = newest_in_progress(saves)
        if save is None:
            self.notify("No game to continue", severity="warning")
            return
        self.open_save(save)

    def action_load_game(self) -> None:
        """Open the save browser."""
        from tui.screens.saves import SaveBrowserScreen  # noqa: PLC0415 - not for the menu

        self.push_screen(SaveBrowserScreen(self.library))

    def action_replays(self) -> None:
        """Open the replay browser: sort, filter, watch (live when a game goes on)."""
        from tui.screens.replay_browser import ReplayBrowserScreen  # noqa: PLC0415 - on demand

        self.push_screen(ReplayBrowserScreen(self.library.directory))

    def action_high_scores(self) -> None:
        """Show the high-score table of the games that keep one."""
        books = registry.score_books()
        if not books:
            self.notify("No game here keeps high scores", severity="warning")
            return
        # One table today; when a second ruleset keeps scores, this asks which.
        self.show_high_scores(books[0])

    def scores_path(self, book: ScoreBook[Any]) -> Path:
        """Where a high-score table lives: its file in the saves directory."""
        return book.path_for(self.library.directory)

    def show_high_scores(self, book: ScoreBook[Any], highlight: int | None = None) -> None:
        """Read a high-score table and show it; a damaged file is shown as a warning.

        Args:
            book: The table's ruleset book.
            highlight: The rank of an entry to single out (the score just added).
        """
        from tui.screens.scores import HighScoresScreen  # noqa: PLC0415 - not for the menu

        table = book.load(self.scores_path(book))
        self.push_screen(HighScoresScreen(table, book, highlight=highlight))

    def record_score(self, entry: Any) -> int:  # noqa: ANN401 - any ruleset's entry
        """Add the score of a finished game to its table, then show the table with it singled out.

        The table is the book whose entries are of the entry's type (`tui.registry.score_books`).
        A damaged table is set aside (and the player told so); a table that cannot be written is
        an error notice, and the table is shown as it was.

        Args:
            entry: The score.

        Returns:
            The entry's rank, or 0 when it did not make the table or could not be saved.
        """
        book = next((b for b in registry.score_books() if isinstance(entry, b.entry_type)), None)
        if book is None:
            self.notify("This game has no high-score table", severity="warning")
            return 0
        path = self.scores_path(book)
        try:
            rank = book.add(
                path,
                entry,
                on_warning=lambda warning: self.notify(
                    warning, severity="warning", timeout=10, markup=False
                ),
            )
        except OSError as error:
            self.notify(f"Cannot save the score to {path}: {error}", severity="error", markup=False)
            rank = 0
        else:
            if rank == 0:
                self.notify(f"{entry.score} points: not enough for the high scores this time")
        self.show_high_scores(book, highlight=rank or None)
        return rank

    def action_help(self) -> None:
        """Open the help page, or close it when it is showing."""
        from tui.screens.help import HelpScreen, key_sections  # noqa: PLC0415 - not for the menu

        if isinstance(self.screen, HelpScreen):
            self.screen.dismiss()
            return
        self.push_screen(HelpScreen(key_sections(type(self)), first=type(self.screen)))

    async def action_quit(self) -> None:
        """Quit, asking first while a game is being played."""
        if not self.game_running:
            self.exit()
            return

        def quit_if_confirmed(confirmed: bool | None) -> None:
            if confirmed:
                self.exit()

        from tui.screens.confirm import ConfirmScreen  # noqa: PLC0415 - not for the menu

        question = "Quit hexmech?\nThe game is saved; Continue resumes it."
        self.push_screen(ConfirmScreen(question, yes="Quit", no="Stay"), quit_if_confirmed)

    @property
    def game_running(self) -> bool:
        """True when some screen on the stack is playing a game."""
        return any(isinstance(s, GameScreen) and s.game_running for s in self.screen_stack)

    def open_save(self, save: SaveSummary, *, replay: bool = False) -> None:
        """Open a saved game on its ruleset's screen, or say why it cannot be opened.

        Args:
            save: The save to open.
            replay: Watch it from its start instead of playing on.
        """
        if save.error is not None:
            self.notify(damage_report(save), severity="error", markup=False)
            return
        if replay:
            watch = self.ruleset_replays.get(save.ruleset)
            if watch is None:
                title = save.title or registry.title(save.ruleset)
                self.notify(f"Replays of {title} are not available yet", severity="warning")
                return
            self.push_screen(watch(save.path))
            return
        factory = self.ruleset_screens.get(save.ruleset)
        if factory is None:
            title = save.title or registry.title(save.ruleset)
            self.notify(f"{title} is not available yet", severity="warning", markup=False)
            return
        self.push_screen(factory(save.path))

    def on_save_browser_screen_open_requested(
        self, message: SaveBrowserScreen.OpenRequested
    ) -> None:
        """Open the save chosen in the save browser."""
        self.open_save(message.save, replay=message.replay)

    def _scan(self) -> list[SaveSummary] | None:
        """List the saves, or say in one line why the directory cannot be read."""
        try:
            return self.library.scan()
        except OSError as error:
            self.notify(
                f"Cannot read {self.library.directory}: {error}", severity="error", markup=False
            )
            return None


def run_app(
    saves_dir: Path | None = None,
    mono: bool = False,
    first: Callable[[], Screen[Any]] | None = None,
) -> None:
    """Run the TUI until the player quits.

    Args:
        saves_dir: Where saves live; the user data directory when None.
        mono: Use the black-and-white theme.
        first: A screen to open over the main menu at start.
    """
    HexmechApp(saves_dir, mono=mono, first=first).run()
