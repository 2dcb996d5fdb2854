"""The hot-seat handover: "Pass the terminal to Kurita" between two people (issue 13 item 4).

In a hot-seat game the terminal goes from one player to the other when the side to act changes.
Without a pause the next player's board shows up at once, under the eyes of the one who just
moved. When the preference is on (`saves.preferences.Preferences.handover`), the screen covers
the board with `HandoverScreen` until the next player presses Enter.

Who is seated is the last side a person took the terminal for. A handover is due when one side
alone must act (`GameScreen.viewer`), it is played by a person, and it is not the seated side
(`needs_handover`). A computer side is never handed the terminal: pass a predicate that says which
sides are people (`Handover.is_person`, every side by default). Nobody is asked while several
sides may act at once (initiative, the end of the movement phase), nor in a replay or while
watching a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from saves.preferences import load_preferences

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from textual.app import ComposeResult
    from textual.binding import BindingType

    from tui.screens.game import GameScreen

__all__ = ["Handover", "HandoverScreen", "everyone", "handover_wanted", "needs_handover"]


def everyone(side: int) -> bool:
    """Every side is played by a person (hot-seat): the default `is_person`."""
    del side
    return True


def needs_handover(
    previous_side: int | None,
    next_side: int | None,
    is_person: Callable[[int], bool] = everyone,
) -> bool:
    """Whether the terminal must be passed before ``next_side`` acts.

    Args:
        previous_side: the side a person last took the terminal for (None: nobody yet).
        next_side: the side that alone must act now (None: several sides, or none).
        is_person: whether a side is played by a person at this terminal.

    Returns:
        True when a person's side must act and the terminal is still with another side.
    """
    if next_side is None or previous_side is None or next_side == previous_side:
        return False
    return is_person(next_side)


def handover_wanted(directory: Path | None) -> bool:
    """Whether the player wants the prompt: `Preferences.handover` in ``directory`` (on if none)."""
    return directory is None or load_preferences(directory)[0].handover


class HandoverScreen(ModalScreen[str]):
    """Hide the board until the next player takes the terminal.

    Dismissed with "take" (Enter: the next player is seated), "undo" (z: the player who just
    acted takes the last command back instead) or "menu" (Escape: leave, the game is saved).
    """

    DEFAULT_CSS = """
    HandoverScreen {
        align: center middle;
        background: $background;
    }
    HandoverScreen #handover-box {
        width: 72;
        max-width: 100%;
        height: auto;
        padding: 1 3;
        border: heavy $accent;
        background: $surface;
    }
    HandoverScreen #handover-title {
        text-style: bold;
        color: $accent;
        width: auto;
    }
    HandoverScreen .handover-line {
        width: 100%;
        margin-top: 1;
    }
    """
    """Opaque: nothing of the board shows through."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "answer('take')", "Take the terminal", key_display="Enter"),
        Binding("z", "answer('undo')", "Undo", tooltip="Take back the last command instead"),
        Binding("escape", "answer('menu')", "Menu", tooltip="Back to the menu (the game is saved)"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Enter | The next player has the terminal: show the board. |
    | z | The player who just acted takes the last command back instead. |
    | Escape | Back to the menu (the game is saved). |
    """

    def __init__(self, side: str, now: str, last: str = "") -> None:
        """Create the prompt.

        Args:
            side: the name of the side to take the terminal.
            now: what that side is asked to do ("Kurita: move a unit.").
            last: what was done just before, if anything (the last command's line).
        """
        super().__init__()
        self.side = side
        self.now = now
        self.last = last

    def compose(self) -> ComposeResult:
        """The box in the middle of an empty screen, the keys below."""
        with Vertical(id="handover-box"):
            yield Static(
                f"Pass the terminal to {self.side}: press Enter", id="handover-title", markup=False
            )
            if self.last:
                yield Static(f"Last: {self.last}", classes="handover-line", markup=False)
            yield Static(f"Next: {self.now}", classes="handover-line", markup=False)
            yield Static(
                "z: take the last command back instead", classes="handover-line", markup=False
            )
        yield Footer()

    def action_answer(self, answer: str) -> None:
        """Close the prompt with what the player chose."""
        self.dismiss(answer)


class Handover:
    """Watch a live game screen for a change of player and ask for the handover.

    The screen calls `check` after it drew a new state; `Handover` decides, asks, and answers.

    Attributes:
        is_person: which sides a person plays here (a computer side never gets the prompt).
        seated: the side a person last took the terminal for (None until the first check).
    """

    def __init__(
        self,
        screen: GameScreen,
        *,
        is_person: Callable[[int], bool] = everyone,
        forced: Callable[[], bool] = lambda: False,
    ) -> None:
        """Watch ``screen``; the preference is read on the first check.

        ``forced``: whether the prompt is due whatever the preference (a night game, issue 16).
        """
        self.screen = screen
        self.is_person = is_person
        self.forced = forced
        self.seated: int | None = None
        self.asking = False
        self._enabled: bool | None = None

    @property
    def enabled(self) -> bool:
        """The player's preference (read once, from the saves folder's settings.json)."""
        if self._enabled is None:
            library = getattr(self.screen.app, "library", None)
            self._enabled = handover_wanted(getattr(library, "directory", None))
        return self._enabled

    def due(self) -> int | None:
        """The side a person must take the terminal for now, or None."""
        screen = self.screen
        if screen.replaying or screen.game.summary.over:
            return None
        side = screen.viewer
        if side is None:
            return None
        if self.seated is None or not self.is_person(self.seated):
            # the first side to act, or after a computer's turn: the person there is seated
            if self.is_person(side):
                self.seated = side
            return None
        if not needs_handover(self.seated, side, self.is_person):
            return None
        return side

    def check(self) -> None:
        """Ask for the handover if it is due now (once; the answer is awaited)."""
        if self.asking:
            return
        side = self.due()
        if side is None:
            return
        if not self.enabled and not self.forced():
            self.seated = side
            return
        self.asking = True
        self.screen.call_later(self._ask)

    def _ask(self) -> None:
        screen = self.screen
        side = self.due()
        if side is None or not screen.is_attached:
            self.asking = False
            return
        from engine.battletech.rules.flow import prompt_text  # noqa: PLC0415 - the ruleset's words

        state = screen.game.state
        names = getattr(state, "sides", ())
        name = names[side] if 0 <= side < len(names) else f"side {side}"
        screen.app.push_screen(
            HandoverScreen(name, prompt_text(state), self._last_line()), self._answered
        )

    def _last_line(self) -> str:
        game = self.screen.game
        if not game.cursor:
            return ""
        told = self.screen.story.entry(game.cursor - 1)
        if not told:
            return ""
        text = told[0].text.split("   (", 1)[0]
        outcome = next((line.text for line in told[1:] if not line.is_command), "")
        # what the command decided too: who won the initiative, where the unit ended, what hit
        return f"{text} -> {outcome}" if outcome else text

    def _answered(self, answer: str | None) -> None:
        self.asking = False
        screen = self.screen
        if answer == "undo":
            screen.action_undo()
            self.check()  # undo refused (a roll): ask again
            return
        if answer == "menu":
            screen.action_back()
            return
        side = screen.viewer
        if side is not None:
            self.seated = side
