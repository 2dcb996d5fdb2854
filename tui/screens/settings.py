"""Settings: the player's preferences, each turned on or off and saved at once (issue 13 item 4).

Three toggles, one per field of `saves.preferences.Preferences`: the hot-seat handover prompt,
the phase summaries, the guided first game. Each change is written to ``settings.json`` in the
saves folder when it is made (there is no Save button to forget); a file that cannot be written
is one line of error and the toggle goes back to what is on disk. A damaged file is one line of
warning when the screen opens, and the defaults are shown (the next change rewrites the file).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

import attrs
from rich.text import Text
from textual import on
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option as OptionItem

from saves.preferences import Preferences, load_preferences, save_preferences
from saves.store import default_saves_dir

if TYPE_CHECKING:
    from textual.app import ComposeResult
    from textual.binding import BindingType

__all__ = ["OPTIONS", "Option", "SettingsScreen"]


@attrs.frozen
class Option:
    """One toggle of the screen.

    Attributes:
        field: the `Preferences` field it sets (also the checkbox's id).
        label: what the player reads.
        help: one line on what it does.
    """

    field: str
    label: str
    help: str


OPTIONS: tuple[Option, ...] = (
    Option(
        "handover",
        "Handover prompt in hot-seat games",
        "Between turns, hide the board until the next player presses Enter.",
    ),
    Option(
        "phase_summary",
        "Phase summaries",
        "After fire, physical attacks and heat: what happened, then a key.",
    ),
    Option(
        "tutorial",
        "Guided first game",
        "Explain each phase as it comes, for players new to the rules.",
    ),
)
"""The toggles, top to bottom."""


class SettingsScreen(Screen[None]):
    """Turn the preferences on and off; every change is saved at once."""

    DEFAULT_CSS = """
    SettingsScreen {
        align: center top;
    }
    SettingsScreen #settings-page {
        width: 80;
        max-width: 100%;
        height: 1fr;
        padding: 1 2 0 2;
    }
    SettingsScreen #settings-title {
        text-style: bold;
        color: $accent;
        margin-bottom: 1;
    }
    SettingsScreen #settings-list {
        height: auto;
        max-height: 1fr;
        border: round $primary 40%;
    }
    SettingsScreen #settings-where {
        color: $text-muted;
        margin-top: 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back", tooltip="Back to the main menu (changes are saved)"),
        Binding(
            "space",
            "flip",
            "On/off",
            key_display="Spc",
            tooltip="Turn the highlighted setting on or off (saved at once)",
        ),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Up, Down | Move between the settings. |
    | Space, Enter | Turn the highlighted setting on or off (saved at once). |
    | Escape | Back to the main menu. |
    """

    def __init__(self, directory: Path | None = None) -> None:
        """Create the screen.

        Args:
            directory: the saves folder that holds ``settings.json`` (the app's when None).
        """
        super().__init__()
        self._directory = directory
        self.preferences = Preferences()
        self._warning: str | None = None

    @property
    def directory(self) -> Path:
        """The folder of ``settings.json``: the one given, else the app's saves folder."""
        if self._directory is not None:
            return self._directory
        library = getattr(self.app, "library", None)
        directory = getattr(library, "directory", None)
        return directory if isinstance(directory, Path) else default_saves_dir()

    @property
    def options(self) -> OptionList:
        """The list of settings."""
        return self.query_one("#settings-list", OptionList)

    def prompt(self, option: Option) -> Text:
        """One setting as listed: "[x] Phase summaries: on", its help below."""
        chosen = bool(getattr(self.preferences, option.field))
        text = Text(f"[{'x' if chosen else ' '}] {option.label}: ")
        text.append("on" if chosen else "off", style="bold" if chosen else "dim")
        text.append(f"\n    {option.help}", style="dim")
        return text

    def compose(self) -> ComposeResult:
        """The title, the settings with their help, and where they are kept."""
        self.preferences, self._warning = load_preferences(self.directory)
        with Vertical(id="settings-page"):
            yield Static("Settings", id="settings-title")
            yield OptionList(
                *(OptionItem(self.prompt(option), id=option.field) for option in OPTIONS),
                id="settings-list",
            )
            yield Static(
                f"Saved at once in {self.directory / 'settings.json'}",
                id="settings-where",
                markup=False,
            )
        yield Footer()

    def on_mount(self) -> None:
        """Put the cursor on the first setting; say if the file was damaged."""
        self.options.focus()
        self.options.highlighted = 0
        if self._warning:
            self.notify(self._warning, severity="warning", timeout=10, markup=False)

    def action_flip(self) -> None:
        """Turn the highlighted setting on or off."""
        index = self.options.highlighted
        if index is not None:
            self.flip(OPTIONS[index])

    @on(OptionList.OptionSelected, "#settings-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        """Enter (or a click) on a setting turns it on or off."""
        event.stop()
        self.flip(OPTIONS[event.option_index])

    def flip(self, option: Option) -> None:
        """Turn ``option`` on or off and save at once; a failed save says so and changes nothing.

        Args:
            option: the setting.
        """
        value = not getattr(self.preferences, option.field)
        wanted = attrs.evolve(self.preferences, **{option.field: value})
        try:
            save_preferences(self.directory, wanted)
        except OSError as error:
            self.notify(
                f"Cannot save the settings: {error.strerror or error}",
                severity="error",
                timeout=10,
                markup=False,
            )
            return
        self.preferences = wanted
        self.options.replace_option_prompt(option.field, self.prompt(option))

    def action_back(self) -> None:
        """Back to the menu (everything is saved already)."""
        self.dismiss()
