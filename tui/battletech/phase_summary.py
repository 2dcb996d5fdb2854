"""The pause after a resolution: what weapon fire, physical attacks or heat just did, in one page.

A command that resolves a phase (the last declaration of weapon fire or physical attacks, which
also runs the Heat phase and the End phase) writes many lines in the log, and the game goes on to
the next prompt at once. `after_command` sums the command's events up
(`engine.battletech.narrate.phase_summary`) and, in live play, shows them in `PhaseSummaryScreen`,
which waits for a key: who fired at whom and what hit, damage by location, criticals, falls,
explosions, shutdowns and deaths. The player's preference (`saves.preferences.Preferences.
phase_summary`) turns the pause off: ``o`` in the summary, or ``p`` in the history view
(`tui.screens.history`). Replays, following a save and a quiet phase never pause.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import attrs
from rich.text import Text
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from engine.battletech.narrate.phase_summary import summarize, summary_lines
from saves.preferences import load_preferences, save_preferences
from tui.battletech.night import shared_summary
from tui.screens.game import saves_dir_of

if TYPE_CHECKING:
    from textual.app import ComposeResult
    from textual.binding import BindingType
    from textual.screen import Screen

    from engine.battletech.state import BTState

__all__ = ["PhaseSummaryScreen", "after_command", "pausing", "set_pausing"]

KINDS = ("title", "fire", "unit", "critical", "explosion", "fall", "shutdown", "death", "text")
"""The kinds of line `summary_lines` gives, each a component class of the summary."""


def pausing(screen: Screen[Any]) -> bool:
    """Whether the player wants the pause (the saved preference; a damaged file: the default)."""
    preferences, _warning = load_preferences(saves_dir_of(screen))
    return preferences.phase_summary


def set_pausing(screen: Screen[Any], on: bool) -> bool:
    """Save the preference; a folder that cannot be written is one line. Returns the success."""
    directory = saves_dir_of(screen)
    preferences, _warning = load_preferences(directory)
    try:
        save_preferences(directory, attrs.evolve(preferences, phase_summary=on))
    except OSError as error:
        screen.notify(
            f"Cannot save the setting: {error.strerror or error}",
            severity="error",
            markup=False,
        )
        return False
    return True


def after_command(screen: Any, before: BTState) -> None:  # noqa: ANN401 - the BattleTech screen
    """A command was accepted in live play: show the summary of what it resolved, if anything.

    Args:
        screen: the BattleTech play screen (its game has the new entry last).
        before: the state before the command.
    """
    if screen.replaying or screen.journal is None or not screen.game.entries:
        return
    if getattr(screen, "watching", False):  # the computer plays every side: nobody to wait for
        return
    summaries = summarize(screen.game.entries[-1].events, before)
    summaries = shared_summary(summaries, before, screen.game.state)  # night: what all know
    if not any(summary.notable for summary in summaries) or not pausing(screen):
        return
    screen.app.push_screen(PhaseSummaryScreen(summary_lines(screen.game.state, summaries)))


class PhaseSummaryScreen(ModalScreen[None]):
    """The summary of a resolution, over the board, until a key is pressed."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "close", "Go on", key_display="Enter", tooltip="Go on"),
        Binding("o", "pause_off", "No pauses", tooltip="Stop pausing after each phase"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Enter, Space, Escape | Close the summary: the game goes on. |
    | o | Close it, and do not pause after the phases again (l, then p turns it back on). |
    | Up, Down, PgUp, PgDn | Scroll a long summary. |
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {f"phase-summary--{kind}" for kind in KINDS}

    CSS = """
    PhaseSummaryScreen.-phase-summary { background: $background 60%; }
    """
    """The board shows through (the app's stylesheet makes every screen opaque)."""

    DEFAULT_CSS = """
    PhaseSummaryScreen {
        align: center middle;
    }
    PhaseSummaryScreen #summary-dialog {
        width: 96%;
        max-width: 104;
        height: auto;
        max-height: 90%;
        border: thick $accent;
        border-title-color: $accent;
        border-subtitle-color: $text-muted;
        background: $panel;
        padding: 0 1;
    }
    PhaseSummaryScreen #summary-scroll {
        width: 100%;
        height: auto;
        max-height: 100%;
        scrollbar-size-vertical: 1;
    }
    PhaseSummaryScreen #summary-text { width: 100%; }
    PhaseSummaryScreen > .phase-summary--title { color: $accent; text-style: bold underline; }
    PhaseSummaryScreen > .phase-summary--fire { color: $foreground; }
    PhaseSummaryScreen > .phase-summary--unit { color: $foreground; text-style: bold; }
    PhaseSummaryScreen > .phase-summary--critical { color: $warning; }
    PhaseSummaryScreen > .phase-summary--explosion { color: $error; text-style: bold; }
    PhaseSummaryScreen > .phase-summary--fall { color: $warning; }
    PhaseSummaryScreen > .phase-summary--shutdown { color: $warning; text-style: bold; }
    PhaseSummaryScreen > .phase-summary--death { color: $error; text-style: bold reverse; }
    PhaseSummaryScreen > .phase-summary--text { color: $text-muted; }
    """

    def __init__(self, lines: list[tuple[str, str]]) -> None:
        """Create the summary.

        Args:
            lines: (text, kind) per line, as `summary_lines` gives them.
        """
        super().__init__(classes="-phase-summary")
        self.lines = lines

    @property
    def text(self) -> str:
        """The summary as plain text (tests, tools)."""
        return "\n".join(text for text, _ in self.lines)

    def compose(self) -> ComposeResult:
        """The lines in a box, the keys on its lower border."""
        with Vertical(id="summary-dialog") as dialog:
            dialog.border_title = "What happened"
            dialog.border_subtitle = "Enter: go on   o: no more pauses"
            with VerticalScroll(id="summary-scroll"):
                yield Static(id="summary-text", markup=False)

    def on_mount(self) -> None:
        """Write the lines in their styles; the scroll takes the arrows."""
        text = Text(no_wrap=False, end="")
        for number, (line, kind) in enumerate(self.lines):
            if number:
                text.append("\n")
            text.append(line, style=self.get_component_rich_style(f"phase-summary--{kind}"))
        self.query_one("#summary-text", Static).update(text)
        self.query_one("#summary-scroll").focus()

    def action_close(self) -> None:
        """Go on with the game."""
        self.dismiss(None)

    def action_pause_off(self) -> None:
        """Do not pause after the phases again (saved in settings.json beside the saves)."""
        if set_pausing(self, False):  # noqa: FBT003 - the new value
            self.notify(
                "No more pauses after each phase (l opens the log, p there turns them back on)",
                markup=False,
            )
        self.dismiss(None)
