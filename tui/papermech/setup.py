"""Set up a new game of Paper 'Mech: pilot, single game or campaign, dice seed, undo and loadout.

The clock and the random seed are handed in (`today`, `random_seed`), so the form is the same every
time a test opens it. Starting dismisses the screen with a `PaperStart`; the caller starts the game.

The app has no settings file, so the form remembers the pilot's name and the mode (single game or
campaign, and its battles) for the rest of the session (`remembered`): the next new game starts
with them. Text typed in a field is never lost: coming back to a field (after the loadout editor,
or with Up and Down) puts the cursor at its end instead of selecting the text to be typed over.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

import attrs
from textual import on
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Static

from engine.papermech.state import Loadout, PaperSetup
from saves.scores import daily_seed
from tui.papermech.loadout import LoadoutBuilderScreen, penalty_text, weight_text

if TYPE_CHECKING:
    from collections.abc import Iterable
    from datetime import date

    from textual.app import App, ComposeResult
    from textual.widget import Widget

PILOT_MAX = 24
"""The longest pilot name (it has to fit the high-score table)."""

MODES: tuple[str, ...] = ("Single game (4 waves)", "Campaign")
"""The game modes, in the order Left and Right step through them."""

BATTLES: tuple[int, ...] = (2, 3, 4, 5)
"""How many battles a campaign may have."""

DEFAULT_BATTLES = 3
"""The campaign length chosen when Campaign is first picked."""

SEEDS: tuple[str, ...] = ("random", "daily", "number")
"""Where the dice seed comes from."""

UNDO: tuple[str, ...] = ("not past dice rolls", "practice: undo anything")
"""The undo modes; the second is a practice game."""

UNDO_NOTES: tuple[str, ...] = ("undo stops at a dice roll", "not entered on the high-score table")
"""What each undo mode means for the player."""


@attrs.frozen
class PaperStart:
    """Everything needed to start a Paper 'Mech game, as chosen on the new-game form.

    Attributes:
        setup: The loadout, the number of battles (1 for a single game) and the pilot's name.
        seed: The dice seed.
        daily: True when the seed is the daily one (`saves.scores.daily_seed`).
        practice: True for undo past dice rolls; such a game stays off the high-score table.
    """

    setup: PaperSetup
    seed: int
    daily: bool
    practice: bool


@attrs.frozen
class FormMemory:
    """What the last game started from the form was set up with, for the next one.

    Attributes:
        pilot: The pilot's name.
        battles: 1 for a single game, else the campaign's battles.
    """

    pilot: str
    battles: int


_MEMORY: weakref.WeakKeyDictionary[App[Any], FormMemory] = weakref.WeakKeyDictionary()
"""Each running app's `FormMemory` (an SSH server runs one app per session: each its own)."""


def remembered(app: App[Any]) -> FormMemory | None:
    """The pilot and mode of the last game started in ``app``'s session (None before one)."""
    return _MEMORY.get(app)


class Choice(Static, can_focus=True):
    """One line, "◂ option ▸": Left and Right step through fixed options, wrapping around."""

    BINDINGS = [
        Binding("left", "step(-1)", "Previous", show=False),
        Binding("right", "step(1)", "Next", show=False),
        Binding("enter", "app.focus_next", "Next field", show=False),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Left, Right | The previous or next option. |
    | Enter | Go on to the next field. |
    """

    index: reactive[int] = reactive(0, init=False, layout=True)
    """The chosen option."""

    class Changed(Message):
        """Another option was chosen."""

        def __init__(self, choice: Choice) -> None:
            """Carry the widget that changed.

            Args:
                choice: The widget; its `index` and `value` are the new choice.
            """
            super().__init__()
            self.choice = choice

        @property
        def control(self) -> Choice:
            """The widget that changed (so `@on(Choice.Changed, "#id")` works)."""
            return self.choice

    def __init__(self, options: Iterable[str], *, index: int = 0, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        """Create the chooser.

        Args:
            options: What can be chosen, in order.
            index: The option chosen at first.
            id: The widget id.
        """
        super().__init__(id=id, markup=False)
        self.options = tuple(options)
        self.set_reactive(Choice.index, index)

    @property
    def value(self) -> str:
        """The chosen option."""
        return self.options[self.index]

    def render(self) -> str:
        """Draw the chosen option between arrows."""
        return f"◂ {self.value} ▸"

    def watch_index(self) -> None:
        """Tell the screen."""
        self.post_message(self.Changed(self))

    def action_step(self, step: int) -> None:
        """Choose the next or previous option.

        Args:
            step: +1 or -1.
        """
        self.index = (self.index + step) % len(self.options)

    def on_click(self) -> None:
        """A click chooses the next option."""
        self.action_step(1)


class PaperSetupScreen(Screen[PaperStart | None]):
    """The new-game form; dismisses with a `PaperStart`, or None when cancelled."""

    CSS_PATH = "paper_setup.tcss"

    BINDINGS = [
        Binding("ctrl+s", "start", "Start", tooltip="Start the game"),
        Binding("ctrl+l", "edit_loadout", "Loadout", tooltip="Edit the loadout"),
        Binding("escape", "cancel", "Cancel", tooltip="Cancel: start no game"),
        Binding("down", "app.focus_next", "Next field", show=False, tooltip="Next field"),
        Binding("up", "app.focus_previous", "Previous field", show=False, tooltip="Previous field"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Up, Down, Tab, Shift+Tab | Move between the fields. |
    | Left, Right | Change the highlighted choice. |
    | Enter | Press the focused button, or go on to the next field. |
    | Ctrl+S | Start the game. |
    | Ctrl+L | Edit the loadout. |
    | Escape | Cancel: back to where the form was opened from. |
    """

    def __init__(self, *, today: date, random_seed: int, pilot: str | None = None) -> None:
        """Create the form.

        Args:
            today: The local date, for the daily seed.
            random_seed: The seed used when the player keeps "random".
            pilot: The name the pilot field starts with; None for the one of the session's last
                game (`remembered`), else "Pilot".
        """
        super().__init__()
        self.today = today
        self.random_seed = random_seed
        self.pilot = None if pilot is None else pilot[:PILOT_MAX]
        self.loadout = Loadout()

    def compose(self) -> ComposeResult:
        """Lay out the fields, the loadout, the error line, the buttons and the key hints.

        The pilot's name and the mode start as the session's last game had them (`remembered`).
        """
        memory = remembered(self.app)
        pilot = self.pilot if self.pilot is not None else memory.pilot if memory else "Pilot"
        battles = memory.battles if memory else 1
        yield Static("New game - Paper 'Mech", id="ps-heading", markup=False)
        with VerticalScroll(id="ps-form", can_focus=False):
            with Horizontal(classes="ps-row"):
                yield Label("Pilot", classes="ps-label")
                yield Input(
                    pilot, max_length=PILOT_MAX, id="ps-pilot", compact=True, select_on_focus=False
                )
            with Horizontal(classes="ps-row"):
                yield Label("Mode", classes="ps-label")
                yield Choice(MODES, index=int(battles > 1), id="ps-mode")
            with Horizontal(classes="ps-row", id="ps-battles-row"):
                yield Label("Battles", classes="ps-label")
                campaign = battles if battles in BATTLES else DEFAULT_BATTLES
                yield Choice(map(str, BATTLES), index=BATTLES.index(campaign), id="ps-battles")
                yield Static("of 4 waves each", classes="ps-note", markup=False)
            with Horizontal(classes="ps-row"):
                yield Label("Seed", classes="ps-label")
                yield Choice(SEEDS, id="ps-seed")
                yield Static("", id="ps-seed-note", classes="ps-note", markup=False)
                yield Input(
                    placeholder="a whole number",
                    max_length=18,
                    id="ps-seed-number",
                    compact=True,
                    select_on_focus=False,
                )
            with Horizontal(classes="ps-row"):
                yield Label("Undo", classes="ps-label")
                yield Choice(UNDO, id="ps-undo")
                yield Static("", id="ps-undo-note", classes="ps-note", markup=False)
            with Horizontal(classes="ps-row", id="ps-loadout-row"):
                yield Label("Loadout", classes="ps-label")
                with Vertical(id="ps-loadout-box"):
                    yield Static("", id="ps-loadout", markup=False)
                    with Horizontal(id="ps-loadout-foot"):
                        yield Static("", id="ps-weight", markup=False)
                        yield Button("Edit loadout (Ctrl+L)", id="ps-edit", compact=True)
            yield Static("", id="ps-error", markup=False)
            with Horizontal(id="ps-buttons"):
                yield Button("Start", id="ps-start", variant="primary")
                yield Button("Cancel", id="ps-cancel")
        yield Footer()

    def on_mount(self) -> None:
        """Fill in the notes and the loadout line; the pilot's name has the focus, selected.

        Selected this once, so that typing a new name replaces it; later visits to the field
        keep its text (``select_on_focus`` is off).
        """
        self._show_choices()
        self._show_loadout()
        pilot = self.query_one("#ps-pilot", Input)
        pilot.focus()
        pilot.select_all()

    # ------------------------------------------------------------------ reading the form
    @property
    def battles(self) -> int:
        """1 for a single game, else the campaign's battles."""
        if self.query_one("#ps-mode", Choice).index == 0:
            return 1
        return BATTLES[self.query_one("#ps-battles", Choice).index]

    @property
    def practice(self) -> bool:
        """Whether undo may go past dice rolls (a practice game)."""
        return self.query_one("#ps-undo", Choice).index == 1

    def read_form(self) -> PaperStart:
        """Read the form into a `PaperStart`.

        Returns:
            What the player chose.

        Raises:
            ValueError: The pilot has no name or the seed is not a whole number; the message is
                the one-line error the form shows.
        """
        pilot = self.query_one("#ps-pilot", Input).value.strip()
        if not pilot:
            raise ValueError("The pilot needs a name.")
        seed, daily = self._read_seed()
        return PaperStart(
            setup=PaperSetup(self.loadout, self.battles, pilot),
            seed=seed,
            daily=daily,
            practice=self.practice,
        )

    def _read_seed(self) -> tuple[int, bool]:
        """The seed and whether it is the daily one; ValueError for a bad typed seed."""
        kind = self.query_one("#ps-seed", Choice).value
        if kind == "random":
            return self.random_seed, False
        if kind == "daily":
            return daily_seed(self.today), True
        text = self.query_one("#ps-seed-number", Input).value.strip()
        if not text:
            raise ValueError("Type the seed (a whole number), or choose random or daily.")
        if not (text.isascii() and text.isdigit()):
            raise ValueError(f"The seed must be a whole number such as 1234, not {text!r}.")
        return int(text), False

    # ------------------------------------------------------------------ actions
    def action_start(self) -> None:
        """Dismiss with the game to start, or show what is wrong with the form."""
        try:
            start = self.read_form()
        except ValueError as error:
            self._error(str(error))
            return
        _MEMORY[self.app] = FormMemory(start.setup.pilot, start.setup.battles)
        self.dismiss(start)

    def action_cancel(self) -> None:
        """Dismiss with None: no game."""
        self.dismiss(None)

    def action_edit_loadout(self) -> None:
        """Open the loadout builder; a loadout it accepts replaces the current one."""
        focused = self.focused

        def keep(loadout: Loadout | None) -> None:
            if loadout is not None:
                self.loadout = loadout
                self._show_loadout()
            self._refocus(focused)

        self.app.push_screen(LoadoutBuilderScreen(self.loadout, title="Loadout - new game"), keep)

    def _refocus(self, widget: Widget | None) -> None:
        """Give the focus back to the field that had it before the loadout editor, text kept.

        Up and Down then move on from that field as before; an Input keeps what was typed, its
        cursor at the end.
        """
        target = widget if widget is not None and widget.is_attached else None
        if target is None:
            target = self.query_one("#ps-pilot", Input)
        target.focus(scroll_visible=False)
        if isinstance(target, Input):
            target.cursor_position = len(target.value)

    # ------------------------------------------------------------------ events
    @on(Button.Pressed, "#ps-start")
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#ps-cancel")
    def _cancel_pressed(self) -> None:
        self.action_cancel()

    @on(Button.Pressed, "#ps-edit")
    def _edit_pressed(self) -> None:
        self.action_edit_loadout()

    @on(Input.Submitted)
    def _field_submitted(self) -> None:
        """Enter in a text field goes on to the next field."""
        self.focus_next()

    @on(Choice.Changed)
    @on(Input.Changed)
    def _field_changed(self) -> None:
        """Show the notes of the new choices and forget an old error."""
        self._show_choices()
        self._error("")

    # ------------------------------------------------------------------ drawing
    def _show_choices(self) -> None:
        """Show or hide the battles and seed-number fields and write the notes."""
        self.set_class(self.query_one("#ps-mode", Choice).index == 1, "-campaign")
        seed = self.query_one("#ps-seed", Choice).value
        self.set_class(seed == "number", "-typed-seed")
        note = {
            "random": f"{self.random_seed}",
            "daily": f"{daily_seed(self.today)}: the same for every player today",
        }.get(seed, "")
        self.query_one("#ps-seed-note", Static).update(note)
        undo = self.query_one("#ps-undo-note", Static)
        undo.update(UNDO_NOTES[1] if self.practice else UNDO_NOTES[0])
        undo.set_class(self.practice, "-practice")

    def _show_loadout(self) -> None:
        """Write the loadout and its weight."""
        self.query_one("#ps-loadout", Static).update(self.loadout.describe())
        weight = f"{weight_text(self.loadout)}, {penalty_text(self.loadout)}"
        line = self.query_one("#ps-weight", Static)
        line.update(weight)
        line.set_class(self.loadout.penalty > 0, "-over")

    def _error(self, text: str) -> None:
        """Write the error line (empty to clear it)."""
        self.query_one("#ps-error", Static).update(text)
