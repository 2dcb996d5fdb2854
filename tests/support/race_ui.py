"""The race's interface: the least a ruleset writes to be played in the TUI (issue 12, item 10).

Nothing generic is edited for it: `tests.support.race` names this module in ``UI_SPEC``, and a
test registers the object with `tui.registry.register`. The main menu then offers a new race, the
game screen (a `tui.screens.game.GameScreen`) plays it with number keys and the ``:`` line, every
move is saved as it is made, Continue and Load resume it, and the replay browser watches it.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any, ClassVar

from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from tests.support.race import RULESET, RaceState, Roll, Step
from tui.screens.game import COMMAND_LINE_BINDING, GameScreen, create_save, saves_dir_of
from tui.widgets.log import EventLog

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

    from textual.app import ComposeResult
    from textual.binding import BindingType
    from textual.dom import DOMNode

    from engine.game import Game


class RaceScreen(GameScreen):
    """The track, the log, and keys: 1-3 step, r rolls; undo, redo and the replay keys."""

    PREFIX = "race"
    COMMAND_HINT = "a command: step N, roll, resign, undo (Esc closes)"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "step(1)", "Step 1"),
        Binding("2", "step(2)", "Step 2"),
        Binding("3", "step(3)", "Step 3"),
        Binding("r", "roll", "Roll"),
        Binding("z", "undo", "Undo"),
        Binding("y", "redo", "Redo"),
        COMMAND_LINE_BINDING,
        Binding("left", "step_replay(-1)", "Back"),
        Binding("right", "step_replay(1)", "Fwd"),
        Binding("home", "seek(0)", "Start"),
        Binding("end", "seek(-1)", "End"),
        Binding("escape", "back", "Menu"),
    ]
    LIVE_ACTIONS = frozenset({"step", "roll", "undo", "redo", "command_line"})

    def compose_panels(self) -> ComposeResult:
        """The track and the log."""
        yield Static(id="race-track")
        yield EventLog(id="race-log")

    def redraw(self, *, follow: bool = False) -> None:
        """Draw the track and the log from the state shown."""
        state: RaceState = self.current()
        players = state.setup.players
        track = "  ".join(
            f"{name}: {spaces}/{state.setup.goal}"
            for name, spaces in zip(players, state.track.positions, strict=True)
        )
        self.query_one("#race-track", Static).update(track)
        lines, current = self.story.lines(self.position if self.replaying else None)
        self.query_one(EventLog).show(lines, current)
        summary = RULESET.summary(state)
        now = summary.result or f"{players[state.current]} to move ({summary.turn})"
        self.show_heading(["Race"], self.replay_line(now) if self.replaying else now)
        super().redraw(follow=follow)

    def action_step(self, spaces: int) -> None:
        """Step 1-3 spaces."""
        self.execute(Step(spaces))

    def action_roll(self) -> None:
        """Roll a die and move."""
        self.execute(Roll())


class NewRace(Screen[None]):
    """Create a new race's save in the app's folder, then put the race in this screen's place."""

    def compose(self) -> ComposeResult:
        """Nothing of its own."""
        yield Static("")

    def on_mount(self) -> None:
        """Start the race."""
        setup = RULESET.make_setup(None)
        try:
            journal = create_save(saves_dir_of(self), RULESET, setup, seed=secrets.randbits(32))
        except OSError as error:
            self.notify(f"Cannot create the save: {error}", severity="error")
            self.dismiss()
            return
        self.app.switch_screen(RaceScreen(journal=journal))


class RaceUI:
    """The `tui.ui.RulesetUI` of the race."""

    name = "race"
    title = "Race"
    tagline = "a test race"
    help_intro = "- **Race**: the test suite's race: step 1-3 spaces or roll a die to the goal.\n"
    menu = True
    marks = None
    words = None
    sim: str | None = None
    validate: str | None = None
    scores: str | None = None

    def new_game(self) -> Screen[Any]:
        """A new race at once (it has no setup to ask for)."""
        return NewRace()

    def open_game(self, path: Path) -> Screen[Any]:
        """Race on, or replay a finished race."""
        return RaceScreen.open_save(path)

    def replay_save(self, path: Path) -> Screen[Any]:
        """Replay from the start."""
        return RaceScreen.replay_save(path)

    def replay(self, game: Game[Any, Any, Any, Any], path: Path | None) -> Screen[Any]:
        """Watch a race already read."""
        return RaceScreen(game=game, path=path)

    def help_sections(self) -> list[tuple[str, type[DOMNode]]]:
        """The race's keys."""
        return [("Race: play and replay", RaceScreen)]

    def replay_sections(self) -> list[tuple[str, type[DOMNode]]]:
        """The same keys."""
        return [("Race replay", RaceScreen)]

    def install(self, folders: Sequence[Path]) -> None:
        """The race reads no files."""
        del folders


UI = RaceUI()
