"""Show the help page: what the game modes are and the keys of every screen.

The key tables are built from the screens' own `BINDINGS`, so they cannot drift from what the keys
do. A ruleset's screens join the page through its interface (`tui.ui.RulesetUI.help_sections`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown, Static

from tui import registry
from tui.screens.confirm import ConfirmScreen
from tui.screens.menu import MainMenuScreen
from tui.screens.saves import SaveBrowserScreen
from tui.screens.scores import HighScoresScreen

if TYPE_CHECKING:
    from collections.abc import Iterable

    from textual.app import ComposeResult
    from textual.binding import BindingType
    from textual.dom import DOMNode

INTRO = """\
Mech wargames on an ASCII hex map. Every command you give is written to a save file as you play,
so a game can be undone, resumed from **Continue** or **Load**, and replayed step by step.
"""
"""The hand-written opening of the page."""

MODES_AFTER = """\
- **Replays**: watch a saved game again, one command (or one event) at a time; a game still being
  played is followed live.
"""
"""The game modes every ruleset shares, after the rulesets' own."""

MOVING = """\
## Moving around

Everything works from the keyboard. Arrow keys move, Enter chooses, Tab moves between controls,
Escape goes back. The bar at the bottom of every screen shows its keys.
"""
"""How to get about, above the key tables."""


def intro_markdown() -> str:
    """The page above the key tables: the intro, every ruleset's game mode, and moving around."""
    modes = [ui.help_intro for ui in registry.all_uis()]
    books = registry.score_books()
    if books:
        games = " and ".join(book.title for book in books)
        modes.append(
            f"- **High scores**: the best {games} games (practice games, with undo past dice,\n"
            "  stay off it).\n"
        )
    return "\n".join([INTRO, "## Game modes\n", "".join([*modes, MODES_AFTER]), MOVING])


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
    "home": "Home",
    "end": "End",
    "pageup": "PgUp",
    "pagedown": "PgDn",
    "backspace": "Backspace",
    "space": "Space",
    "left_square_bracket": "[",
    "right_square_bracket": "]",
    "comma": ",",
    "full_stop": ".",
    "colon": ":",
    "plus": "+",
    "minus": "-",
    "equals_sign": "=",
}


def key_name(key: str) -> str:
    """Spell a Textual key name the way it is printed on keyboards.

    Args:
        key: E.g. "question_mark", "ctrl+q", "f1".

    Returns:
        E.g. "?", "Ctrl+Q", "F1".
    """
    *modifiers, base = key.split("+")
    if base in _KEY_NAMES:
        base = _KEY_NAMES[base]
    elif len(base) > 1 or modifiers:
        base = base.upper()
    return "+".join([*(m.capitalize() for m in modifiers), base])


def keys_list(bindings: Iterable[BindingType]) -> str:
    """Write a Markdown list of keys and what they do, one line per action.

    A binding's `tooltip` is the long description used here; its footer label stands in without one.
    Bindings with no description (hidden helpers) and system bindings are left out.

    Args:
        bindings: A `BINDINGS` list.

    Returns:
        The list, or an empty string when no binding has a description.
    """
    keys: dict[tuple[str, str], list[str]] = {}
    texts: dict[tuple[str, str], str] = {}
    for binding in Binding.make_bindings(bindings):
        if not binding.description or binding.system:
            continue
        text = binding.tooltip or binding.description
        # One action with several arguments but one description (weapon 1 .. 10) is one line.
        name, _, _ = binding.action.partition("(")
        group = (name, text) if name != binding.action else (binding.action, "")
        found = keys.setdefault(group, [])
        if f"`{key_name(binding.key)}`" not in found:
            found.append(f"`{key_name(binding.key)}`")
        texts.setdefault(group, text)
    return "\n".join(f"- {', '.join(keys[group])}: {texts[group]}" for group in keys)


class HelpScreen(Screen[None]):
    """A scrollable Markdown page; the keys of the screen it was opened from come first."""

    BINDINGS = [
        Binding("escape", "close", "Close", tooltip="Close the help"),
        Binding("home", "scroll('home')", "Top", show=False, tooltip="Scroll to the top"),
        Binding("end", "scroll('end')", "Bottom", show=False, tooltip="Scroll to the bottom"),
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
        yield Static("hexmech - help", id="help-heading")
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
        The Markdown text: the intro, then the keys of each section that has any.
    """
    parts = [intro_markdown(), "## Keys"]
    for heading, owner in sections:
        keys = keys_list(owner.BINDINGS)
        if keys:
            parts += [f"### {heading}", keys]
    return "\n\n".join(parts)


def key_sections(app_class: type[DOMNode]) -> list[tuple[str, type[DOMNode]]]:
    """List the screens whose keys the help page shows, the app-wide keys first.

    Args:
        app_class: The app class, for the keys that work everywhere.

    Returns:
        (heading, class) pairs: the generic screens, then every ruleset's (`tui.registry`).
    """
    rulesets = [section for ui in registry.all_uis() for section in ui.help_sections()]
    return [("Everywhere", app_class), *MENU_SECTIONS, *rulesets, *LAST_SECTIONS]


MENU_SECTIONS: list[tuple[str, type[DOMNode]]] = [
    ("Main menu", MainMenuScreen),
    ("Saved games", SaveBrowserScreen),
]
"""The generic screens listed before the rulesets' own."""

LAST_SECTIONS: list[tuple[str, type[DOMNode]]] = [
    ("High scores", HighScoresScreen),
    ("Questions (yes/no)", ConfirmScreen),
    ("Help", HelpScreen),
]
"""The generic screens listed after the rulesets' own."""
