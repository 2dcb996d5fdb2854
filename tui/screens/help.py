"""Show the help page: what the game modes are and the keys of every screen.

The key tables are built from the screens' own `BINDINGS`, so they cannot drift from what the keys do.
A new screen joins the page by adding itself to `KEY_SECTIONS`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown, Static

from tui.screens.confirm import ConfirmScreen
from tui.screens.menu import MainMenuScreen
from tui.screens.saves import SaveBrowserScreen

if TYPE_CHECKING:
    from collections.abc import Iterable

    from textual.app import ComposeResult
    from textual.binding import BindingType
    from textual.dom import DOMNode

INTRO = """\
# hexmech

Mech wargames on an ASCII hex map. Every command you give is written to a save file as you play,
so a game can be undone, resumed from **Continue** or **Load**, and replayed step by step.

## Game modes

- **BattleTech**: hot-seat for two or more players sharing one keyboard, by the Master Rules.
- **Paper 'Mech**: the solo game: you against the game's own tables, wave after wave.
- **Replays**: watch a saved game again, one command at a time.

The screens for each mode arrive with their own releases; until then the menu says
"not available yet".

## Moving around

Everything works from the keyboard. Arrow keys move, Enter chooses, Tab moves between controls,
Escape goes back. The bar at the bottom of every screen shows its keys.
"""
"""The hand-written part of the page, above the key tables."""

_KEY_NAMES = {
    "question_mark": "?",
    "escape": "Esc",
    "enter": "Enter",
    "delete": "Del",
    "left": "Left",
    "right": "Right",
    "up": "Up",
    "down": "Down",
    "tab": "Tab",
}


def key_name(key: str) -> str:
    """Spell a Textual key name the way it is printed on keyboards.

    Args:
        key: E.g. "question_mark", "ctrl+q", "f1".

    Returns:
        E.g. "?", "Ctrl+Q", "F1".
    """
    *modifiers, base = key.split("+")
    base = _KEY_NAMES.get(base, base.upper() if len(base) > 1 else base)
    return "+".join([*(m.capitalize() for m in modifiers), base])


def keys_table(bindings: Iterable[BindingType]) -> str:
    """Write a Markdown table of keys and what they do, one row per action.

    Args:
        bindings: A `BINDINGS` list.

    Returns:
        The table, or an empty string when no binding has a description.
    """
    rows: dict[str, list[str]] = {}
    descriptions: dict[str, str] = {}
    for binding in Binding.make_bindings(bindings):
        if not binding.description or binding.system:
            continue
        rows.setdefault(binding.action, []).append(key_name(binding.key))
        descriptions.setdefault(binding.action, binding.description)
    if not rows:
        return ""
    lines = ["| Key | Action |", "| :- | :- |"]
    lines += [f"| {', '.join(keys)} | {descriptions[action]} |" for action, keys in rows.items()]
    return "\n".join(lines)


class HelpScreen(Screen[None]):
    """A scrollable Markdown page; the keys of the screen it was opened from come first."""

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("home", "scroll('home')", "Top", show=False),
        Binding("end", "scroll('end')", "Bottom", show=False),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Up, Down, PgUp, PgDn, Home, End | Scroll. |
    | Escape, ?, F1 | Close the help. |
    """

    def __init__(
        self,
        sections: Iterable[tuple[str, type[DOMNode]]],
        *,
        first: type[DOMNode] | None = None,
    ) -> None:
        """Create the page.

        Args:
            sections: (heading, class with `BINDINGS`) for every screen, in page order.
            first: The class of the screen help was opened from; its keys are listed first.
        """
        super().__init__()
        ordered = sorted(sections, key=lambda section: section[1] is not first)
        self.markdown = help_markdown(ordered)

    def compose(self) -> ComposeResult:
        """Lay out the heading, the page and the key hints."""
        yield Static("Help", id="help-heading")
        with VerticalScroll(id="help-scroll"):
            yield Markdown(self.markdown, id="help-page")
        yield Footer()

    def on_mount(self) -> None:
        """Focus the page so the arrow keys scroll it."""
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        """Return to the screen help was opened from."""
        self.dismiss()

    def action_scroll(self, where: str) -> None:
        """Scroll the page to its top or bottom.

        Args:
            where: "home" or "end".
        """
        scroll = self.query_one("#help-scroll", VerticalScroll)
        if where == "home":
            scroll.scroll_home()
        else:
            scroll.scroll_end()


def help_markdown(sections: Iterable[tuple[str, type[DOMNode]]]) -> str:
    """Assemble the whole help page.

    Args:
        sections: (heading, class with `BINDINGS`) in page order.

    Returns:
        The Markdown text: the intro, then one key table per section that has keys.
    """
    parts = [INTRO, "## Keys"]
    for heading, owner in sections:
        table = keys_table(owner.BINDINGS)
        if table:
            parts += [f"### {heading}", table]
    return "\n\n".join(parts)


def key_sections(app_class: type[DOMNode]) -> list[tuple[str, type[DOMNode]]]:
    """List the screens whose keys the help page shows, the app-wide keys first.

    Args:
        app_class: The app class, for the keys that work everywhere.

    Returns:
        (heading, class) pairs. Screens of later issues belong in `SCREEN_SECTIONS`.
    """
    return [("Everywhere", app_class), *SCREEN_SECTIONS]


SCREEN_SECTIONS: list[tuple[str, type[DOMNode]]] = [
    ("Main menu", MainMenuScreen),
    ("Saved games", SaveBrowserScreen),
    ("Questions (yes/no)", ConfirmScreen),
    ("Help", HelpScreen),
]
"""Every screen with keys, in page order. A new screen adds (heading, class) here."""

