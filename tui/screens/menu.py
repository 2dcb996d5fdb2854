"""Show the main menu: new games, the tutorial, continue, load, replays, scores, settings, help."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from textual import on
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList
from textual.widgets.option_list import Option

from tui import registry
from tui.widgets import Banner

if TYPE_CHECKING:
    from textual.app import ComposeResult


@attrs.frozen
class MenuEntry:
    """One line of the main menu.

    Attributes:
        id: The option id, also used by tests to find the entry.
        label: What the player reads.
        action: The action the entry runs, e.g. "app.load_game" (the app's) or "settings" (the
            menu screen's own).
    """

    id: str
    label: str
    action: str


def menu_entries() -> tuple[MenuEntry, ...]:
    """The entries of the main menu, top to bottom.

    A new game of every ruleset whose interface asks for one (`tui.registry`), the tutorial of
    the first that has one (its ``tutorial``: a guided first game), then the rest.
    """
    uis = [ui for ui in registry.all_uis() if ui.menu]
    tutorial = next((ui for ui in uis if getattr(ui, "tutorial", None)), None)
    return (
        *(
            MenuEntry(f"new-{ui.name}", f"New game: {ui.title}", f"app.new_game({ui.name!r})")
            for ui in uis
        ),
        *(
            [
                MenuEntry(
                    "tutorial",
                    f"Tutorial ({tutorial.title})",
                    f"screen.tutorial({tutorial.name!r})",
                )
            ]
            if tutorial is not None
            else []
        ),
        *GENERAL,
    )


GENERAL: tuple[MenuEntry, ...] = (
    MenuEntry("continue", "Continue", "app.continue_game"),
    MenuEntry("load", "Load", "app.load_game"),
    MenuEntry("replays", "Replays", "app.replays"),
    MenuEntry("high-scores", "High scores", "app.high_scores"),
    MenuEntry("settings", "Settings", "settings"),
    MenuEntry("help", "Help", "app.help"),
    MenuEntry("quit", "Quit", "app.quit"),
)
"""The entries under the new games."""


class MainMenuScreen(Screen[None]):
    """The first screen: a banner over the menu. Every entry runs an action (most the app's)."""

    BINDINGS = [
        Binding(
            "c", "app.continue_game", "Continue", tooltip="Continue the newest game in progress"
        ),
        Binding("l", "app.load_game", "Load", tooltip="Choose a saved game to load"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Up, Down | Move in the menu. |
    | Enter | Choose the highlighted entry. |
    | c | Continue the newest game in progress. |
    | l | Load a saved game. |
    """

    def __init__(self) -> None:
        super().__init__()
        self.entries = menu_entries()

    def compose(self) -> ComposeResult:
        """Lay out the banner and the menu, with the key hints at the bottom."""
        with Vertical(id="menu-page"):
            yield Banner()
            with Center():
                yield OptionList(
                    *(Option(entry.label, id=entry.id) for entry in self.entries), id="main-menu"
                )
        yield Footer()

    def action_tutorial(self, ruleset: str) -> None:
        """Start the guided first game of a ruleset: its interface's ``tutorial`` starts it."""
        spec = getattr(registry.get(ruleset), "tutorial", None)
        if spec is None:
            self.notify(f"{registry.title(ruleset)} has no tutorial", severity="warning")
            return
        registry.load(spec)(self.app)

    def action_settings(self) -> None:
        """Open the settings: the handover prompt, phase summaries, the guided first game."""
        from tui.screens.settings import SettingsScreen  # noqa: PLC0415 - not for the first paint

        self.app.push_screen(SettingsScreen())

    @on(OptionList.OptionSelected, "#main-menu")
    async def _entry_chosen(self, event: OptionList.OptionSelected) -> None:
        """Run the action of the chosen entry."""
        entry = next(e for e in self.entries if e.id == event.option_id)
        await self.run_action(entry.action)
