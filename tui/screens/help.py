"""Show the help page: the keys of the screen it was opened from, grouped, then the game modes.

The page is built when it opens from the live screen below it: that screen's own `BINDINGS`, the
bindings of the widget that has the keys (the BattleTech board) and the app's, less every key the
screen does not accept now (`check_action` says no: the read-only browser has no delete) and every
key a closer widget takes. A ruleset may sort a screen's keys under headings by mode and phase
(`KeyGroup`, from its interface's optional ``key_groups``): a key that means two things (Tab: the
next unit, or in the weapon phase the next target) is then listed under each mode it works in.
Only the groups of the mode shown are listed: a replay lists no play key.

The page is one widget drawn from a Markdown subset (`tui.screens._page`), so it opens at once.
`help_markdown` writes the whole reference (every screen's keys, ungrouped), for tests and tools.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import attrs
from rich.style import Style
from rich.text import Text
from textual.actions import SkipAction, parse
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.keys import format_key
from textual.screen import Screen
from textual.widgets import Static

from tui import registry
from tui.screens._page import PageView
from tui.screens.confirm import ConfirmScreen
from tui.screens.menu import MainMenuScreen
from tui.screens.saves import SaveBrowserScreen
from tui.screens.scores import HighScoresScreen
from tui.screens.settings import SettingsScreen

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence

    from textual.app import ComposeResult
    from textual.binding import BindingType
    from textual.dom import DOMNode

__all__ = [
    "HelpScreen",
    "KeyGroup",
    "help_markdown",
    "key_name",
    "key_sections",
    "keys_list",
    "screen_keys_markdown",
]

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
Escape goes back. The bar at the bottom of every screen shows the keys that work there now; `F1`
(or `?` where a game does not take it) opens this page, which lists the keys of the screen it was
opened from.
"""
"""How to get about, after the keys."""

VIEWER = """## Watching

This is a viewer of the saved games of one folder: Enter on a save watches it from its first
command, step by step or played at a speed; a game still being played is followed live as its
players move. Nothing here changes a save. The bar at the bottom shows the keys that work now;
`F1` or `?` opens this page, which lists the keys of the screen it was opened from.
"""
"""The prose in the replay browser app (``hexmech browse``, the SSH viewer): no game modes."""


def intro_markdown() -> str:
    """The page's prose: the intro, every ruleset's game mode, and moving around."""
    modes = [ui.help_intro for ui in registry.all_uis() if ui.menu]
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
    "insert": "Ins",
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
}


def key_name(key: str) -> str:
    """Spell a Textual key name the way a person types it.

    Args:
        key: E.g. "question_mark", "less_than_sign", "ctrl+q", "f1", "shift+tab".

    Returns:
        E.g. "?", "<", "Ctrl+Q", "F1", "Shift+Tab".
    """
    *modifiers, base = key.split("+") if key != "plus" else ["plus"]
    if base in _KEY_NAMES:
        base = _KEY_NAMES[base]
    elif len(base) > 1:
        character = format_key(base)  # "less_than_sign" -> "<", "slash" -> "/"
        if len(character) == 1 and character.isprintable() and not character.isspace():
            base = character
        else:
            base = base.upper() if base[0] == "f" and base[1:].isdigit() else base.capitalize()
    elif modifiers:
        base = base.upper()
    return "+".join([*(m.capitalize() for m in modifiers), base])


def _code(key: str) -> str:
    """A key as Markdown inline code (a backquote key cannot be code: it is spelled out)."""
    return "`Backquote`" if key == "`" else f"`{key}`"


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
        if _code(key_name(binding.key)) not in found:
            found.append(_code(key_name(binding.key)))
        texts.setdefault(group, text)
    return "\n".join(f"- {', '.join(keys[group])}: {texts[group]}" for group in keys)


# ------------------------------------------------------------------ the keys of one screen
@attrs.frozen
class KeyGroup:
    """The keys of one mode or phase of a screen, under a heading (a ruleset declares them).

    Attributes:
        heading: e.g. "Weapon attacks".
        keys: (action, text) in line order. The action is a binding's whole action
            ("step('U')") or its name ("weapon": every binding of it); the text says what the
            keys do in this mode ("" keeps the binding's tooltip).
        when: "play" (live play only), "replay" (a replay only) or "always".
        now: whether the live screen is in this group's mode (its phase): the group is then
            listed first, its heading marked "(now)"; None: never marked.
    """

    heading: str
    keys: tuple[tuple[str, str], ...]
    when: Literal["play", "replay", "always"] = "always"
    now: Callable[[Any], bool] | None = None

    def is_now(self, screen: object) -> bool:
        """Whether ``screen`` is in this group's mode now (False when it cannot say)."""
        if self.now is None:
            return False
        try:
            return bool(self.now(screen))
        except Exception:  # noqa: BLE001 - a screen not yet mounted: no mark
            return False


Line = tuple[list[str], str]
"""A line of a key table: the keys (as typed), what they do."""


def _accepts(node: DOMNode, binding: Binding) -> bool:
    """Whether ``node`` takes the binding's action now (`check_action` says no: it does not)."""
    try:
        _, name, parameters = parse(binding.action)
    except Exception:  # noqa: BLE001 - an action Textual cannot parse is not listed
        return False
    if "." in binding.action.partition("(")[0]:
        return True  # "app.help": another node's action, always there
    try:
        return node.check_action(name, parameters) is not False
    except SkipAction:
        return False
    except Exception:  # noqa: BLE001 - a screen that cannot answer yet keeps its keys
        return True


def _lines(
    bindings: Sequence[Binding], taken: set[str], texts: dict[str, str] | None
) -> list[Line]:
    """Gather bindings into lines: one per action (or per text), keys in binding order."""
    lines: dict[str, Line] = {}
    for binding in bindings:
        if binding.key in taken:
            continue
        name = binding.action.partition("(")[0]
        text = ""
        if texts is not None:
            text = texts.get(binding.action, texts.get(name, ""))
        text = text or binding.tooltip or binding.description
        keys, _ = lines.setdefault(text, ([], text))
        if key_name(binding.key) not in keys:
            keys.append(key_name(binding.key))
    return list(lines.values())


def _matches(binding: Binding, pattern: str) -> bool:
    return binding.action == pattern or binding.action.partition("(")[0] == pattern


def node_groups(
    node: DOMNode,
    heading: str,
    groups: Sequence[KeyGroup] | None,
    *,
    replaying: bool,
    taken: set[str],
) -> list[tuple[str, list[Line]]]:
    """The key tables of one node (a screen, the focused widget, the app), as it stands now.

    Args:
        node: the live node; its class's `BINDINGS` are listed.
        heading: the heading when the node has no groups.
        groups: the ruleset's groups for the node's class, or None.
        replaying: whether the screen shows a replay (picks the groups' mode).
        taken: keys a closer node takes (left out here); this node's keys are added to it.

    Returns:
        (heading, lines) of every table that has a line.
    """
    # A group names its keys and says what they do: a binding without a footer label (pick 2..9)
    # is listed there too; without groups only the described bindings are.
    bindings = [
        b
        for b in Binding.make_bindings(type(node).BINDINGS)
        if (b.description or groups is not None) and not b.system
    ]
    tables: list[tuple[str, list[Line]]] = []
    if groups is None:
        accepted = [b for b in bindings if _accepts(node, b)]
        lines = _lines(accepted, taken, None)
        if lines:
            tables.append((heading, lines))
        mine = accepted
    else:
        mine = []
        listed: set[str] = set()
        mode = "replay" if replaying else "play"
        shown = [group for group in groups if group.when in {"always", mode}]
        now = [group for group in shown if group.is_now(node)]
        for group in [*now, *(group for group in shown if group not in now)]:
            chosen: list[Binding] = []
            texts: dict[str, str] = {}
            for pattern, text in group.keys:
                found = [b for b in bindings if _matches(b, pattern)]
                chosen += found
                if text:
                    texts[pattern] = text
                listed.update(b.action for b in found)
            lines = _lines(chosen, taken, texts)
            if lines:
                tables.append((f"{group.heading} (now)" if group in now else group.heading, lines))
            mine += chosen
        rest = [
            b for b in bindings if b.action not in listed and b.description and _accepts(node, b)
        ]
        if rest:  # a key no group declares is still listed (a test keeps this empty)
            tables.append(("Other keys", _lines(rest, taken, None)))
            mine += rest
    taken.update(b.key for b in mine if not b.priority)
    return tables


def _groups_for(owner: type[DOMNode]) -> Sequence[KeyGroup] | None:
    """The ruleset's key groups of a class, or None (the optional ``RulesetUI.key_groups``)."""
    for ui in registry.all_uis():
        declared = getattr(ui, "key_groups", None)
        groups = declared(owner) if declared is not None else None
        if groups is not None:
            return list(groups)
    return None


def _heading(owner: type[DOMNode], headings: dict[type[DOMNode], str]) -> str | None:
    for cls in owner.__mro__:
        if cls in headings:
            return headings[cls]
    return None


def _runs(keys: Sequence[str]) -> list[str]:
    """Number keys in a run of three or more as one name: 1 2 3 ... 9 -> "1-9"."""
    out: list[str] = []
    run: list[str] = []
    for key in [*keys, ""]:
        if len(key) == 1 and key.isdigit() and (not run or int(key) == int(run[-1]) + 1):
            run.append(key)
            continue
        out += [f"{run[0]}-{run[-1]}"] if len(run) > 2 else run  # noqa: PLR2004 - a run of 3
        run = [key] if len(key) == 1 and key.isdigit() else []
        if key and not run:
            out.append(key)
    return out


def table_markdown(lines: Sequence[Line]) -> str:
    """A key table, as a Markdown list like `keys_list`'s: "- `Tab`, `u`: what they do"."""
    return "\n".join(
        f"- {', '.join(_code(key) for key in _runs(keys))}: {text}" for keys, text in lines
    )


def screen_keys_markdown(
    screen: Screen[object], sections: Iterable[tuple[str, type[DOMNode]]]
) -> str:
    """The keys a live screen accepts, under headings: its modes, the focused widget, the app.

    Args:
        screen: the screen help was opened from.
        sections: (heading, class) pairs naming the screens and widgets (`key_sections`).

    Returns:
        Markdown: a ``##`` heading naming the screen, then a ``###`` table per group.
    """
    headings = {owner: heading for heading, owner in sections}
    app = screen.app
    replaying = bool(getattr(screen, "replaying", False))
    taken: set[str] = set()
    # The closest node first takes its keys (the board's q over the app's quit); the screen's
    # tables are shown first all the same: its mode and phase keys matter most.
    widgets: list[tuple[str, list[Line]]] = []
    focused = screen.focused
    if focused is not None:
        for node in focused.ancestors_with_self:
            if node is screen:
                break
            heading = _heading(type(node), headings)
            if heading is not None:
                widgets += node_groups(
                    node, heading, _groups_for(type(node)), replaying=replaying, taken=taken
                )
    name = _heading(type(screen), headings) or "This screen"
    tables = node_groups(screen, name, _groups_for(type(screen)), replaying=replaying, taken=taken)
    tables += widgets
    tables += node_groups(app, "Everywhere", None, replaying=replaying, taken=taken)
    title = "replay" if replaying and "replay" not in name.lower() else ""
    parts = [f"## Keys: {name}{f' ({title})' if title else ''}"]
    for heading, lines in tables:
        parts += [f"### {heading}", table_markdown(lines)]
    parts.append(
        "### This help page\n\n- `Up`, `Down`, `PgUp`, `PgDn`: scroll\n"
        "- `Home`, `End`: the top, the bottom\n- `Esc`, `?`, `F1`: close it"
    )
    return "\n\n".join(parts)


KEY_LINE = (
    ("Esc", "close"),
    ("Up Down PgUp PgDn", "scroll"),
    ("Home End", "top, bottom"),
    ("q", "quit"),
)
"""The help page's keys, in a line at its foot (Textual's footer would cost more than the page:
its keys restyle themselves one by one when it is first shown)."""


def key_line(variables: dict[str, str]) -> Text:
    """`KEY_LINE` drawn like a footer: keys bold in the theme's accent colour."""
    key = Style(color=variables.get("accent"), bold=True)
    line = Text(" ", no_wrap=True, overflow="ellipsis")
    for keys, what in KEY_LINE:
        line.append(keys, style=key)
        line.append(f" {what}   ")
    return line


class HelpScreen(Screen[None]):
    """The help page: the keys of the screen it was opened from first, then the game modes."""

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
        """Create the page (it is written when shown, from the screen below it).

        Args:
            sections: (heading, class with `BINDINGS`): the names of the screens and widgets.
            first: The class of the screen help was opened from (without a screen below, the
                whole reference is shown, this screen's keys first).
        """
        super().__init__()
        self.sections = list(sections)
        self.first = first
        self.markdown = ""

    def write(self) -> str:
        """The page: the keys of the screen below (or every screen's), then the modes."""
        below = [screen for screen in self.app.screen_stack if screen is not self]
        if not below:
            ordered = sorted(self.sections, key=lambda section: section[1] is not self.first)
            return help_markdown(ordered)
        keys = screen_keys_markdown(below[-1], self.sections)
        if not any(owner is MainMenuScreen for _, owner in self.sections):
            return f"{keys}\n\n{VIEWER}"  # the replay browser app: no menu, no new game
        return f"{keys}\n\n## About hexmech\n\n{intro_markdown()}"

    def compose(self) -> ComposeResult:
        """Lay out the heading, the page and the key hints."""
        self.markdown = self.write()
        yield Static("hexmech - help", id="help-heading")
        with VerticalScroll(id="help-scroll") as scroll:
            # The scrollbar's room is kept, so the page is laid out once (at one width). Inline
            # styles: CSS of the screen's own would restyle the whole app when it first opens.
            scroll.styles.scrollbar_gutter = "stable"
            yield PageView(self.markdown, id="help-page")
        variables: dict[str, str] = getattr(self.app, "theme_variables", None) or {}
        keys = Static(key_line(variables), id="help-keys")
        keys.styles.background = variables.get("panel", "black")
        yield keys

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
    """Assemble the whole reference: every screen's keys (not only one screen's).

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
    ("Settings", SettingsScreen),
]
"""The generic screens listed before the rulesets' own."""

LAST_SECTIONS: list[tuple[str, type[DOMNode]]] = [
    ("High scores", HighScoresScreen),
    ("Questions (yes/no)", ConfirmScreen),
    ("Help", HelpScreen),
]
"""The generic screens listed after the rulesets' own."""
