"""The base of every game screen: open, play or replay a game, and everything both rulesets share.

`GameScreen` is a plain base class (DESIGN 5): a ruleset's screen subclasses it and adds its
panels, its keys and its drawing. The base holds the plumbing every game screen needs:

- **Opening.** A screen is built from a `saves.journal.Journal` (live play: every command is on
  disk before it is applied) or from a `Game` and its save (a replay, read only); `open_save`
  plays a game that goes on and replays a finished one, `replay_save` replays from the start, and
  a save that cannot be read gives `Unopenable`, a screen that says why and closes.
- **Playing.** `execute` gives a command to the journal and shows a refusal in one line; undo and
  redo go through the journal; the ``:`` command line reads a command with the ruleset's
  ``parse_command`` (``undo`` and ``redo`` are words of it too).
- **Replaying.** The replay controls (`tui.screens._replay.ReplayControls`, owned by the screen):
  step, jump by marks, go to a turn or wave, play and pause, speed, and following a save that
  another process writes.
- **The view.** Every panel draws from `shown` of a state: the state as `viewer`, the seat whose
  view is drawn, may see it.

A subclass sets `PREFIX` (its widgets' ids: ``{PREFIX}-header``, ``{PREFIX}-prompt``,
``{PREFIX}-command``), `COMMAND_HINT` and `LIVE_ACTIONS`, yields its panels in `compose_panels`,
draws them in `redraw` (which ends by calling `redrawn`), and puts the keys in play in `refocus`.
It may answer `allows` (which keys act now), `game_over`, `drop_plan`, `command_word`,
`replay_moved`, `titles`, `relayout` and `footer`.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Self

from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from engine.dice import DiceExhaustedError
from engine.game import IllegalCommand, Rejected, UndoPolicy
from saves.journal import Journal, JournalWriteError, Loaded, SaveError, check_kept, read_game
from saves.store import default_saves_dir, new_save_path
from saves.text import printable
from tui.screens._replay import REPLAY_ACTIONS, ReplayControls
from tui.widgets.fixed import update_static
from tui.widgets.footer import KeysFooter
from tui.widgets.story import ReplayCursor, Story

if TYPE_CHECKING:
    from textual.app import ComposeResult

    from engine.game import Command, Game, Seat
    from saves.tail import JournalTail
    from tui.screens._marks import Mark
    from tui.widgets.timeline import Timeline, TimelineView

    AnyGame = Game[Any, Any, Any, Any]

__all__ = [
    "COMMAND_LINE_BINDING",
    "GameScreen",
    "NewGame",
    "Unopenable",
    "create_save",
    "saves_dir_of",
    "seats_due",
]

COMMAND_LINE_BINDING = Binding(
    "colon", "command_line", "Cmd", key_display=":", tooltip="Type a command"
)
"""The ``:`` key that opens the command line (every game screen binds it)."""


def seats_due(game: AnyGame) -> frozenset[Seat]:
    """Return the seats that must act now, as the ruleset says (DESIGN 2).

    Args:
        game: the game.
    """
    return game.seats_to_act


def saves_dir_of(screen: Screen[Any]) -> Path:
    """Return the folder the app keeps its saves in (the user data dir when it names none)."""
    library = getattr(screen.app, "library", None)
    directory = getattr(library, "directory", None)
    return directory if isinstance(directory, Path) else default_saves_dir()


def create_save(
    saves_dir: Path,
    ruleset: Any,  # noqa: ANN401 - any ruleset
    setup: object,
    *,
    seed: int,
    undo_policy: UndoPolicy = UndoPolicy.HOTSEAT,
    now: datetime | None = None,
) -> Journal:
    """Create the save of a new game, named after its ruleset and the time, in ``saves_dir``.

    Args:
        saves_dir: where saves live.
        ruleset: the rules.
        setup: the game's setup.
        seed: the dice seed.
        undo_policy: hot-seat (undo stops at a roll) or solo.
        now: the creation time (the clock when None).

    Returns:
        The journal, its header already on disk.

    Raises:
        OSError: the save cannot be created.
    """
    created = now or datetime.now(UTC)
    path = new_save_path(saves_dir, ruleset.name, created)
    return Journal.create(path, ruleset, setup, created=created, seed=seed, undo_policy=undo_policy)


class NewGame(Screen[None]):
    """Ask for a new game's setup, create its save, then put the game in this screen's place.

    A ruleset's new-game screen says which form asks (`setup_form`: a screen that returns what
    was chosen, or None to go back), how the choice becomes a save (`start`) and which screen
    plays it (`game_screen`). A save that cannot be created is one line, and back to the menu.
    """

    def compose(self) -> ComposeResult:
        """Nothing of its own: the setup form covers it."""
        yield Static("")

    def on_mount(self) -> None:
        """Show the setup form."""
        self.app.push_screen(self.setup_form(), self._chosen)

    def setup_form(self) -> Screen[Any]:
        """Return the form that asks for the setup."""
        raise NotImplementedError

    def start(self, chosen: Any, saves_dir: Path) -> Journal:  # noqa: ANN401 - the form's answer
        """Create the save of the game ``chosen`` on the form, in ``saves_dir``."""
        raise NotImplementedError

    def game_screen(self, journal: Journal) -> Screen[Any]:
        """Return the screen that plays the new game."""
        raise NotImplementedError

    def _chosen(self, chosen: object) -> None:
        if chosen is None:
            self.dismiss()
            return
        try:
            journal = self.start(chosen, saves_dir_of(self))
        except OSError as error:
            self.notify(
                f"Cannot create the save: {error}", severity="error", timeout=10, markup=False
            )
            self.dismiss()
            return
        screen = self.game_screen(journal)
        if isinstance(screen, GameScreen):
            screen.fresh = True
        self.app.switch_screen(screen)


class Unopenable(Screen[None]):
    """Say why a save cannot be opened, and go back."""

    def __init__(self, reason: str) -> None:
        """Create the screen.

        Args:
            reason: the line to show; it may quote the file (its name, a key), so its control
                characters are escaped and it is shown as plain text, never as markup.
        """
        super().__init__()
        self.reason = printable(reason)

    def on_mount(self) -> None:
        """Report and close."""
        self.notify(self.reason, severity="error", timeout=10, markup=False)
        self.dismiss()


class GameScreen(Screen[None]):
    """Play a game (from a journal) or replay one (from a game): the part every ruleset shares."""

    DEFAULT_CSS = """
    GameScreen .game-command {
        display: none;
        dock: bottom;
        margin-bottom: 1;
    }
    GameScreen .game-command.-open {
        display: block;
    }
    """
    """The command line: hidden until ``:`` opens it, above the footer."""

    AUTO_FOCUS: ClassVar[str | None] = ""
    """Nothing at first: `refocus` gives the keys to play's widget, or to nothing in a replay."""

    PREFIX: ClassVar[str] = "game"
    """The start of the ids of the header, the prompt line and the command line."""

    COMMAND_HINT: ClassVar[str] = "a command (Enter gives it, Esc closes)"
    """The command line's placeholder."""

    COMPACT_BELOW: ClassVar[tuple[int, int]] = (120, 38)
    """Below this many columns or rows the screen uses its compact layout (it fits 80 x 24)."""

    REFUSED: ClassVar[str] = "Not allowed"
    """The title of the line that says why a command was refused."""

    LIVE_ACTIONS: ClassVar[frozenset[str]] = frozenset({"undo", "redo", "command_line"})
    """The actions of play: a screen shows them only in live play."""

    REPLAY_ACTIONS: ClassVar[frozenset[str]] = REPLAY_ACTIONS
    """The actions of a replay: a screen shows them only while replaying."""

    def __init__(
        self,
        *,
        journal: Journal | None = None,
        game: AnyGame | None = None,
        path: Path | None = None,
    ) -> None:
        """Create the screen for live play (``journal``) or a replay (``game``).

        Args:
            journal: the game to play; it is closed when the screen goes.
            game: a game to replay (read only).
            path: the replayed game's save, for the heading.

        Raises:
            ValueError: neither or both of ``journal`` and ``game`` given.
        """
        super().__init__()
        if journal is not None and game is None:
            self.game: AnyGame = journal.game
            self.path: Path | None = journal.path
        elif game is not None and journal is None:
            self.game = game
            self.path = path
        else:
            raise ValueError("give a journal to play or a game to replay")
        self.journal = journal
        self.replaying = journal is None
        self.cursor = ReplayCursor.of(self.game, at_end=True)
        self.controls = ReplayControls(self)
        self.compact = False
        self.story = Story()
        self._shown_cache: tuple[object, int | None, Any] | None = None
        self._reopen = False  # the kept state was refused while another screen covered this
        self.unchecked: Loaded | None = None
        """A save opened from the state it kept: its earlier entries are folded after the first
        frame, a chunk at a time, and compared (`saves.journal.check_kept`)."""
        self._bindings_key: tuple[int, int] | None = None  # the game the keys were shown for
        self.fresh = False
        """A new game's screen (`NewGame`): its save goes if it is left before any command."""

    # ------------------------------------------------------------------ opening saves
    @classmethod
    def replay(cls, path: Path) -> Self:
        """Watch a saved game from its start.

        Raises:
            SaveError: the file cannot be read as a save.
            OSError: the file cannot be read.
        """
        loaded = read_game(path.read_bytes(), path.name)
        screen = cls(game=loaded.game, path=path)
        screen.cursor = ReplayCursor.of(loaded.game)
        return screen

    @classmethod
    def open_save(cls, path: Path, *, kept: bool = True) -> Screen[Any]:
        """Return the screen of a save: a game still going on plays, a finished one is replayed.

        The save is read once, through the journal that plays it (a finished game's journal is
        closed at once, its lock released); one that cannot be opened for writing (another
        window plays it, a read-only file) is read without a journal and replayed if finished.
        A save that cannot be read gives a screen that says why and closes.

        ``kept``: start from the last state the save kept (format 4), and fold the entries
        before it after the first frame (`unchecked`); False folds every entry first.
        """
        try:
            journal = Journal.open(path, kept=kept)
        except SaveError:
            return cls._read_only(path, None)
        except OSError as error:
            return cls._read_only(path, error)
        if journal.game.summary.over:
            journal.close()
            screen = cls(game=journal.game, path=path)
        else:
            screen = cls(journal=journal)
        screen.unchecked = journal.restored
        return screen

    @classmethod
    def _read_only(cls, path: Path, refusal: OSError | None) -> Screen[Any]:
        """A save the journal could not open: its replay if finished, else why it cannot play.

        Args:
            path: the save.
            refusal: why the journal could not open it for writing; None when it could not be
                read as a save (read again here, so the reason names the file as a replay does).
        """
        try:
            loaded = read_game(path.read_bytes(), path.name)
        except OSError as error:
            return Unopenable(f"Cannot open {path.name}: {error.strerror or error}")
        except SaveError as error:
            return Unopenable(str(error))
        if loaded.game.summary.over:
            return cls(game=loaded.game, path=path)
        return Unopenable(str(refusal) if refusal is not None else f"Cannot open {path.name}")

    @classmethod
    def replay_save(cls, path: Path) -> Screen[Any]:
        """Return the replay of ``path`` from its start, or a screen that says why it cannot."""
        try:
            return cls.replay(path)
        except OSError as error:
            return Unopenable(f"Cannot open {path.name}: {error.strerror or error}")
        except SaveError as error:
            return Unopenable(str(error))

    # ------------------------------------------------------------------ queries
    @property
    def game_running(self) -> bool:
        """True while a live game is not over (quitting then asks first)."""
        return not self.replaying and not self.game.summary.over

    @property
    def position(self) -> tuple[int, int]:
        """Replay: (commands applied, events of the next command applied)."""
        return self.cursor.position

    @property
    def viewer(self) -> Seat | None:
        """The seat whose view is drawn: None for a replay or a spectator, else the one due.

        In hot-seat play that is the single seat that must act now; while several (or none) must,
        nobody's view is drawn (None).
        """
        if self.replaying:
            return None
        due = seats_due(self.game)
        return next(iter(due)) if len(due) == 1 else None

    def shown(self, state: Any) -> Any:  # noqa: ANN401 - the ruleset's state
        """Return the state as the `viewer` may see it: every panel draws from this.

        Args:
            state: the game's state or the replay's.
        """
        return self.game.ruleset.view(state, self.viewer)

    def current(self) -> Any:  # noqa: ANN401 - the ruleset's state
        """Return the state shown: the game's, or the replay's position's, as `shown` gives it.

        The view is taken once per state and viewer, so that what the panels keep while the state
        stays the same (found by identity) keeps working when `shown` builds a new state.
        """
        state = self.controls.state() if self.replaying else self.game.state
        viewer = self.viewer
        cached = self._shown_cache
        if cached is None or cached[0] is not state or cached[1] != viewer:
            cached = self._shown_cache = (state, viewer, self.shown(state))
        return cached[2]

    # ------------------------------------------------------------------ layout
    def wants_compact(self) -> bool:
        """Whether the terminal is below `COMPACT_BELOW` (the compact layout)."""
        width, height = self.app.size
        return width < self.COMPACT_BELOW[0] or height < self.COMPACT_BELOW[1]

    def compose(self) -> ComposeResult:
        """Lay out the header, the prompt, the timeline, the panels, the command line, the keys."""
        self.compact = self.wants_compact()
        self.set_class(self.compact, "-compact")
        self.set_class(self.replaying, "-replay")
        yield Static(id=f"{self.PREFIX}-header", markup=False)
        yield Static(id=f"{self.PREFIX}-prompt", markup=False)
        yield from self.controls.compose()
        yield from self.compose_panels()
        yield Input(
            placeholder=self.COMMAND_HINT,
            id=f"{self.PREFIX}-command",
            classes="game-command",
            disabled=self.replaying,
        )
        yield self.footer()

    def compose_panels(self) -> ComposeResult:
        """Yield the ruleset's panels (wide or compact, as ``self.compact`` says)."""
        yield from ()

    def footer(self) -> Footer:
        """Return the footer that shows the keys."""
        return KeysFooter()

    def on_mount(self) -> None:
        """Tell the game so far and draw it."""
        self.story.retell(self.game, everything=self.replaying)
        self.titles()
        self.redraw(follow=True)
        if self.journal is not None:
            for warning in self.journal.warnings:
                self.notify(warning, severity="warning", timeout=10, markup=False)
        self.refocus()
        if self.unchecked is not None:
            self.set_timer(self.CHECK_AFTER, self._start_check)

    CHECK_AFTER: ClassVar[float] = 0.25
    """Seconds after the first frame before the entries a kept state skipped are folded."""

    def _start_check(self) -> None:
        """Fold the entries before the kept state, one chunk per tick (`unchecked`)."""
        if self.unchecked is None:
            return
        steps = check_kept(self.unchecked, self.path.name if self.path else "<save>")

        def step() -> None:
            try:
                next(steps)
            except StopIteration:
                timer.stop()
                self.unchecked = None
            except SaveError as error:
                timer.stop()
                self.unchecked = None
                self._kept_state_refused(error)

        timer = self.set_interval(0.01, step)

    def _kept_state_refused(self, error: SaveError) -> None:
        """The save's entries do not give the state it kept: open it again from its entries.

        At once if this screen is on top, else when it comes back (`on_screen_resume`).
        """
        self.notify(
            f"{error} (opened again from its moves)", severity="warning", timeout=10, markup=False
        )
        self._reopen = True
        if self.app.screen is self:
            self._open_again()

    def _open_again(self) -> None:
        """Replace this screen by the same save opened with every entry folded."""
        self._reopen = False
        if self.journal is not None:
            self.journal.close()  # its lock: the save is opened again below
        if self.path is not None:
            self.app.switch_screen(type(self).open_save(self.path, kept=False))

    async def on_resize(self) -> None:
        """Switch between the wide and the compact layout when the terminal crosses the line."""
        if self.wants_compact() != self.compact:
            await self.relayout()

    async def relayout(self) -> None:
        """Compose again in the other layout and draw it."""
        await self.recompose()
        self.titles()
        self.redraw()
        self.refocus()

    def titles(self) -> None:
        """Put the panels' titles on their borders (the wide layout has them)."""

    def refocus(self) -> None:
        """Give the keys to the widget that takes them in play; to nothing in a replay."""
        self.set_focus(None)

    def on_unmount(self) -> None:
        """Close the save (everything is on disk already) and stop the replay clock."""
        self.controls.pause()
        self.controls.release()
        if self.journal is not None:
            self.journal.close()
            self.forget_untouched()

    def forget_untouched(self) -> None:
        """Delete the save of a new game left before its first command (issue 13 item 8).

        Starting a game and going straight back is not a game in progress: kept, it would be
        the one Continue resumes, before the game the player was really playing. Only the save
        this screen created goes, and only while its log is empty (a command taken back by undo
        still keeps the game); a file that cannot be removed stays.
        """
        if not self.fresh or self.path is None or self.game.log:
            return
        try:
            self.path.unlink()
        except OSError:
            return
        self.fresh = False
        self.app.notify("No command was given: the new game was not kept", markup=False)

    # ------------------------------------------------------------------ drawing
    def redraw(self, *, follow: bool = False) -> None:
        """Draw every panel from `current`; end with `redrawn`.

        Args:
            follow: a command was given or taken back: bring what acts next into view.
        """
        del follow
        self.redrawn()

    def redrawn(self) -> None:
        """Show the keys that act now and the timeline (the end of every redraw).

        In a replay the keys that act depend on the game, not on the position: they are shown
        again only when the game changed (a followed save grew), not at every step, since the
        footer builds its keys anew each time.
        """
        key = (self.game.cursor, len(self.game.log)) if self.replaying else None
        if key is None or key != self._bindings_key:
            self._bindings_key = key
            self.refresh_bindings()
        self.controls.redrawn()

    def show_heading(self, parts: list[str], prompt: str) -> None:
        """Write the header (``parts`` spaced out) and the prompt line."""
        update_static(self.query_one(f"#{self.PREFIX}-header", Static), "   ".join(parts))
        update_static(self.query_one(f"#{self.PREFIX}-prompt", Static), prompt)

    def replay_line(self, now: str) -> str:
        """Return the prompt line of a replay: where it stands, its clock, and what happens.

        Args:
            now: what the state between two commands asks for; inside a command the event just
                applied is told instead.
        """
        index, events = self.cursor.position
        where = f"REPLAY  command {index} / {len(self.cursor.sizes)}"
        if events:
            where += f", event {events} / {len(self.game.log[index].events)}"
            now = self.story.event(index, events).text
        return f"{where}   {self.controls.clock}   - {now}"

    # ------------------------------------------------------------------ which keys act
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show replay keys in a replay, play keys in play; then ask `allows`."""
        if action in self.REPLAY_ACTIONS:
            return self.replaying
        if action in self.LIVE_ACTIONS and self.replaying:
            return False
        return self.allows(action, parameters)

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool:
        """Whether a key acts now (past the play/replay split); every key by default."""
        del action, parameters
        return True

    # ------------------------------------------------------------------ playing
    def execute(self, command: Command) -> bool:
        """Give the game a command through the journal (saved before it is applied).

        Args:
            command: the command.

        Returns:
            True when it was accepted; a refusal is shown in one line with the reason.
        """
        if self.journal is None:
            return False
        over = self.game.summary.over
        try:
            outcome = self.journal.execute(command, seat=self.acting_seat())
        except OSError as error:
            self.cannot_save(error)
            return False
        except DiceExhaustedError as error:
            self.notify(str(error), severity="error", markup=False)
            return False
        if isinstance(outcome, Rejected):
            self.refuse(outcome.reason, title=self.REFUSED)
            return False
        self.drop_plan()
        self.story.sync(self.game)
        self.redraw()
        if not over and self.game.summary.over:
            self.game_over()
        return True

    def acting_seat(self) -> Seat | None:
        """The seat a person's command is given for: None, whoever is due (hot-seat)."""
        return None

    def cannot_save(self, error: OSError) -> None:
        """Say in one line that a change could not be saved (and was not made).

        A journal whose write failed (`JournalWriteError`: a full disk, a file made read-only)
        takes no more commands, undo or redo: each is refused with the same line; the game up to
        the failure is on disk.
        """
        if isinstance(error, JournalWriteError):
            message = str(error)
        else:
            message = f"cannot save the game: {error.strerror or error}"
        self.notify(message, title="Not saved", severity="error", timeout=10, markup=False)

    def refuse(self, message: str, *, title: str = "") -> None:
        """Say in one line why a key or a command did nothing.

        Args:
            message: the reason (usually the engine's).
            title: a word on what was refused.
        """
        self.notify(message, title=title, severity="warning", markup=False)

    def drop_plan(self) -> None:
        """Forget what the player was preparing (the game changed under it)."""

    def game_over(self) -> None:
        """The command just given ended the game: say so."""

    def action_undo(self) -> None:
        """Take back the last command, as far as the game's undo setting allows."""
        self.history(undo=True)

    def action_redo(self) -> None:
        """Give again the command undo took back."""
        self.history(undo=False)

    def history(self, *, undo: bool) -> None:
        """Undo (or redo) through the journal; a refusal is shown with its reason."""
        if self.journal is None:
            return
        try:
            outcome = self.journal.undo() if undo else self.journal.redo()
        except OSError as error:
            self.cannot_save(error)
            return
        if isinstance(outcome, Rejected):
            self.refuse(outcome.reason, title="Undo" if undo else "Redo")
            return
        self.drop_plan()
        self.story.sync(self.game)
        self.redraw(follow=True)
        line = self.entry_line(outcome.index)
        if line:
            said = "Undone" if undo else "Redone"
            self.notify(f"{said}: {line}", title="Undo" if undo else "Redo", markup=False)

    def entry_line(self, index: int) -> str:
        """Say what log entry ``index`` did, as the ruleset tells its command (undo and redo).

        The command's own line of `Ruleset.tell`, without the command language that a
        BattleTech line adds in brackets: "Davion: Griffin [G] walks F F R".
        """
        game = self.game
        try:
            entry = game.log[index]
            told, _ = game.ruleset.tell(index, entry.command, entry.events, game.state_at(index))
        except IndexError:
            return ""
        line = next((t.text for t in told if t.is_command), "")
        return line.split("   (", 1)[0].strip()

    # ------------------------------------------------------------------ the command line
    @property
    def command_line(self) -> Input:
        """The ``:`` line."""
        return self.query_one(f"#{self.PREFIX}-command", Input)

    def action_command_line(self) -> None:
        """Open the command line."""
        line = self.command_line
        line.add_class("-open")
        line.value = ""
        line.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """A line typed on the command line: undo, redo, a word of the screen's, or a command."""
        if event.input.id != f"{self.PREFIX}-command":
            return
        event.stop()
        text = event.value.strip()
        word = text.split(maxsplit=1)[0].lower() if text else ""
        if not text:
            self.close_command_line()
            return
        if word in {"undo", "redo"}:
            self.history(undo=word == "undo")
            self.close_command_line()
            return
        if self.command_word(word):
            return
        try:
            command = self.game.ruleset.parse_command(text, self.game.state)
        except IllegalCommand as illegal:
            self.refuse(illegal.message, title="Command")
            return
        if self.execute(command):
            self.close_command_line()

    def command_word(self, word: str) -> bool:
        """Act on a word of the screen's own typed first on the command line (True if it did)."""
        del word
        return False

    def close_command_line(self) -> bool:
        """Close the command line if it is open (True), and give the keys back."""
        line = self.command_line
        was_open = line.has_class("-open")
        line.remove_class("-open")
        line.value = ""
        self.refocus()
        return was_open

    def action_back(self) -> None:
        """Close the command line, or go back to the menu (the game is already saved)."""
        if self.command_line.has_class("-open"):
            self.close_command_line()
            return
        self.dismiss()

    # ------------------------------------------------------------------ replaying
    def follow(self, tail: JournalTail) -> None:
        """Follow a save as it grows (call before the screen is shown); the replay's game is its.

        Args:
            tail: the save, read up to now; ``tail.game`` must be this screen's ``game``.
        """
        self.controls.follow(tail)

    @property
    def following(self) -> bool:
        """Whether the screen follows a save that another process writes."""
        return self.controls.following

    @property
    def replay_marks(self) -> tuple[Mark, ...]:
        """Where every turn and phase (or wave) begins in the entries in effect."""
        return self.controls.marks

    def timeline_view(self) -> TimelineView:
        """Return what the timeline shows at the replay's position."""
        return self.controls.timeline_view()

    def replay_moved(self) -> None:
        """The replay's cursor moved and the screen was drawn (for a screen to follow it)."""

    def action_step_replay(self, step: int) -> None:
        """Replay: one command forward (1) or back (-1)."""
        self.controls.step(step)

    def action_step_event(self, step: int) -> None:
        """Replay: one event forward (1) or back (-1)."""
        self.controls.step_event(step)

    def action_seek(self, where: int) -> None:
        """Replay: the start (0) or the end (-1)."""
        self.controls.seek(where)

    def action_timeline_seek(self, index: int) -> None:
        """Replay: go to the start of command ``index``."""
        self.controls.go(self.cursor.go(index))

    def on_timeline_seek(self, message: Timeline.Seek) -> None:
        """A click on the timeline: go there."""
        message.stop()
        self.action_timeline_seek(message.index)

    def action_jump(self, step: int, major: bool = True) -> None:
        """Replay: the start of the next (1) or previous (-1) turn or wave (``major``), or phase."""
        self.controls.jump(step, major=major)

    def action_goto(self) -> None:
        """Replay: ask for a turn or wave number and go to its start."""
        self.controls.ask_goto()

    def action_play(self) -> None:
        """Replay: play (a command per tick) or pause."""
        self.controls.play()

    def action_speed(self, step: int) -> None:
        """Replay: faster (1) or slower (-1)."""
        self.controls.change_speed(step)

    def on_screen_resume(self) -> None:
        """Back on top (after the go-to question): draw again, so the log scrolls to the event.

        A log scrolled while another screen covered this one does not keep its scroll. A save
        whose kept state was refused meanwhile is opened again now (`_kept_state_refused`).
        """
        if self._reopen:
            self._open_again()
            return
        if self.replaying:
            self.call_after_refresh(self.redraw)
