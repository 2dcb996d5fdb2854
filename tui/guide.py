"""The guide of a first game: a box that explains the phase in play and the keys that act in it.

A ruleset says what to explain (a `Tutor`: the `Lesson` of the moment, and the first-time moments
that call for a tip); this module shows it and keeps the player's choice:

- **What it shows.** The lesson's title and text, then its keys. A key is named by the action it
  runs (`KeyHint`), and its name is read from the screen's real `BINDINGS` (and its widgets', such
  as the board's), so the guide cannot name a key that does nothing. A first-time tip (the first
  unit selected, the first refusal ...) comes with the lesson while its moment lasts, until the
  next command at most; in the compact layout it takes the place of the lesson's text.
- **When it shows.** In live play (never in a replay), while the player's preference
  `saves.preferences.Preferences.tutorial` is on (it is on for a new player) or the game is the
  tutorial itself (`Tutor.forced`), and while the ruleset has something to explain.
- **The keys.** ``k`` hides the guide for this game (and shows it again); ``K`` turns it off for
  good (or on again), written to ``settings.json`` in the saves folder. A file that cannot be
  written is a one-line notice; the guide is hidden all the same.

A screen takes the guide with `Guided` (first of its bases), binds `GUIDE_BINDINGS`, and yields
the ruleset's panel (a `GuidePanel`) among its panels.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

import attrs
from attrs import frozen
from rich.text import Text
from textual.actions import parse as parse_action
from textual.binding import Binding
from textual.widgets import Static

from saves.preferences import Preferences, load_preferences, save_preferences
from tui.screens.game import GameScreen, saves_dir_of
from tui.screens.help import key_name

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence

    from textual.dom import DOMNode

__all__ = [
    "GUIDE_BINDINGS",
    "Guide",
    "GuidePanel",
    "Guided",
    "KeyHint",
    "Lesson",
    "Tutor",
    "bound_key",
    "first_sentence",
    "keys_text",
    "read_preferences",
]

GUIDE_BINDINGS = [
    Binding("k", "guide", "Guide", show=False, tooltip="Hide the guide, or show it again"),
    Binding(
        "K",
        "guide_for_good",
        "Guide off",
        show=False,
        tooltip="Turn the guide off (or on) for good",
    ),
]
"""The guide's keys (every guided screen binds them; the guide names them in its last line)."""


COMPACT_KEYS = 4
"""The compact layout (80 x 24) names this many keys at most: a lesson lists the keys it needs
most first (the footer and the Orders panel have the rest)."""


@frozen
class KeyHint:
    """Keys the guide names: the actions they run, and what they do here.

    Attributes:
        actions: The actions, exactly as bound (``"mode('walk')"``); their keys are named in order.
        what: What they do, e.g. "walk".
    """

    actions: tuple[str, ...]
    what: str


@frozen
class Lesson:
    """What the guide explains: a title, a few sentences, the keys that act.

    Attributes:
        title: The phase or step, e.g. "Movement".
        text: Plain sentences (no markup).
        keys: The keys to press, in the order a player needs them.
    """

    title: str
    text: str
    keys: tuple[KeyHint, ...] = ()


class Tutor(Protocol):
    """What a ruleset's guide knows: when to explain, what, and the tips of first times."""

    def forced(self, screen: Any) -> bool:  # noqa: ANN401 - the ruleset's screen
        """Whether this game is the tutorial (the guide shows whatever the preference says)."""
        ...

    def lesson(self, screen: Any) -> Lesson | None:  # noqa: ANN401 - the ruleset's screen
        """The lesson of the moment, or None when there is nothing to explain now."""
        ...

    def moments(self, screen: Any) -> Sequence[str]:  # noqa: ANN401 - the ruleset's screen
        """The first-time moments that hold now (each has a tip in `tips`)."""
        ...

    def tips(self) -> dict[str, Lesson]:
        """Every first-time tip by its moment (``"refusal"`` is the first refused key)."""
        ...

    def owners(self, screen: Any) -> Sequence[type[DOMNode]]:  # noqa: ANN401 - its screen
        """The classes whose `BINDINGS` the guide names keys from (the screen's first)."""
        ...


def bound_key(owners: Iterable[type[DOMNode]], action: str) -> str | None:
    """Name the key bound to ``action`` (as the footer shows it, else its first key), or None.

    Args:
        owners: The classes whose own `BINDINGS` are searched, in order.
        action: The action exactly as bound, e.g. ``"step('F')"``.
    """
    return _bound_key(tuple(owners), action)


@functools.lru_cache(maxsize=512)
def _bound_key(owners: tuple[type[DOMNode], ...], action: str) -> str | None:
    """`bound_key`, read once per classes and action (a class's `BINDINGS` do not change)."""
    for owner in owners:
        for binding in Binding.make_bindings(owner.__dict__.get("BINDINGS", [])):
            if binding.action == action:
                return binding.key_display or key_name(binding.key)
    return None


def keys_text(
    owners: Sequence[type[DOMNode]],
    keys: Iterable[KeyHint],
    acts: Callable[[str], bool] = lambda _: True,
) -> str:
    """Write keys as a line: ``"1 walk · i/Enter roll"``.

    Args:
        owners: The classes whose `BINDINGS` name the keys (`bound_key`).
        keys: The keys to name.
        acts: Whether an action acts now; an action that does not, or is not bound, is left out.
    """
    parts = []
    for hint in keys:
        names = [bound_key(owners, action) for action in hint.actions if acts(action)]
        found = [name for name in names if name is not None]
        if found:
            parts.append(f"{'/'.join(found)} {hint.what}")
    return " · ".join(parts)


def read_preferences(directory: Any) -> tuple[Preferences, str | None]:  # noqa: ANN401 - a Path
    """Read the player's preferences (the tests put a stand-in here)."""
    return load_preferences(directory)


class GuidePanel(Static):
    """The guide's box: hidden until the guide has something to show."""

    DEFAULT_CSS = """
    GuidePanel {
        display: none;
        height: auto;
        width: 1fr;
        padding: 0 1;
    }
    GuidePanel.-shown {
        display: block;
    }
    GuidePanel > .guide--title { color: $warning; text-style: bold; }
    GuidePanel > .guide--keys { color: $accent; text-style: bold; }
    GuidePanel > .guide--off { color: $text-muted; }
    """
    SCOPED_CSS = False  # a ruleset's panel places itself by the screen's classes (compact)

    COMPONENT_CLASSES: ClassVar[set[str]] = {"guide--title", "guide--keys", "guide--off"}
    """
    | Class | Description |
    | :- | :- |
    | `guide--title` | The phase or step. |
    | `guide--keys` | The keys to press. |
    | `guide--off` | How to hide the guide. |
    """

    LABEL_COMPACT: ClassVar[bool] = True
    """Say "Guide" in the compact layout's text (a panel whose border shows the title does not)."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:  # noqa: A002
        """Create the empty, hidden box."""
        super().__init__("", id=id, classes=classes, markup=False)
        self.shown: tuple[object, ...] = ()

    def show(
        self, lesson: Lesson | None, tip: Lesson | None, keys: str, *, compact: bool = False
    ) -> None:
        """Show a lesson, the tip of the moment and the keys line; no lesson hides the box.

        The wide layout has the lesson's whole text and the tip under it; the compact one (80 x
        24) the title and the lesson's first sentence (the tip instead, when there is one), then
        the keys, in as few lines as it can.
        """
        self.set_class(lesson is not None, "-shown")
        if lesson is None:
            self.shown = ()
            return
        if (lesson, tip, keys, compact, self.app.theme) == self.shown[:5]:
            return
        self.shown = (lesson, tip, keys, compact, self.app.theme)
        self.border_title = "Guide"
        title, bold, dim = (
            self.get_component_rich_style(f"guide--{role}", partial=True)
            for role in ("title", "keys", "off")
        )
        off = "k hide · K off for good"
        text = Text()
        if compact:  # two or three lines: the title and a sentence, the keys
            label = "Guide - " if self.LABEL_COMPACT else ""
            text.append(f"{label}{lesson.title}: ", style=title)
            text.append(tip.text if tip is not None else first_sentence(lesson.text))
            text.append("\n" + (f"{keys} · " if keys else ""), style=bold)
            text.append(off, style=dim)
        else:
            text.append(lesson.title, style=title)
            text.append("\n" + lesson.text)
            if tip is not None:
                text.append("\nFirst time: ", style=title)
                text.append(tip.text)
            if keys:
                text.append("\n" + keys, style=bold)
            text.append("\n" + off, style=dim)
        self.update(text)


def first_sentence(text: str) -> str:
    """The text up to its first full stop (all of it when it has one sentence)."""
    head, stop, _ = text.partition(". ")
    return head + "." if stop else text


class Guide:
    """One screen's guide: whether it shows, the tip of the moment, and the tips already given."""

    def __init__(self, screen: GameScreen, tutor: Tutor) -> None:
        """Serve ``screen`` with the lessons of ``tutor`` (the preferences are read when shown)."""
        self.screen = screen
        self.tutor = tutor
        self.preferences: Preferences | None = None
        self.hidden = False
        self.seen: set[str] = set()
        self.tip: tuple[str, int, str] | None = None  # the tip shown, its command and lesson
        self._refused = False
        self._box: GuidePanel | None = None

    # ------------------------------------------------------------------ what to show
    def wanted(self) -> bool:
        """Whether the guide is on for this game: the tutorial, or the preference says so."""
        if self.screen.replaying:
            return False
        if self.tutor.forced(self.screen):
            return True
        return self._preferences().tutorial

    @property
    def showing(self) -> bool:
        """Whether the box is on the screen now."""
        panel = self._panel()
        return panel is not None and panel.has_class("-shown")

    def _preferences(self) -> Preferences:
        if self.preferences is None:
            self.preferences, warning = read_preferences(saves_dir_of(self.screen))
            if warning is not None:
                self.screen.notify(warning, severity="warning", markup=False)
        return self.preferences

    def _panel(self) -> GuidePanel | None:
        """The screen's box (found again after the screen composed itself anew)."""
        panel = self._box
        if panel is None or not panel.is_attached:
            found = self.screen.query(GuidePanel)
            panel = self._box = found.first() if found else None
        return panel

    def current(self) -> tuple[Lesson | None, Lesson | None]:
        """The lesson to show now (None: nothing), and the first-time tip that goes with it."""
        if self.hidden or not self.wanted():
            return None, None
        lesson = self.tutor.lesson(self.screen)
        if lesson is None:
            return None, None
        now = self.screen.game.cursor
        moments = list(self.tutor.moments(self.screen))
        if self._refused:
            moments.insert(0, "refusal")
            self._refused = False
        fresh = next((m for m in moments if m not in self.seen), None)
        if fresh is not None:
            self.seen.add(fresh)
            self.tip = (fresh, now, lesson.title)
        if self.tip is not None:
            moment, at, title = self.tip
            gone = moment != "refusal" and moment not in moments
            if gone or at != now or title != lesson.title:
                self.tip = None
        if self.tip is not None:
            return lesson, self.tutor.tips()[self.tip[0]]
        return lesson, None

    def follow(self) -> None:
        """Draw the box for the game as it stands (every redraw ends here)."""
        panel = self._panel()
        if panel is None:
            return
        lesson, tip = self.current()
        hints = list(lesson.keys) if lesson is not None else []
        extra = []
        if tip is not None:
            extra = [hint for hint in tip.keys if hint.actions not in {h.actions for h in hints}]
        if self.screen.compact:  # the tip's own keys first, and the first few only
            hints = [*extra, *hints][:COMPACT_KEYS]
        else:
            hints += extra
        line = keys_text(self.tutor.owners(self.screen), hints, self._acts)
        panel.show(lesson, tip, line, compact=self.screen.compact)

    def _acts(self, action: str) -> bool:
        """Whether the screen lets an action of its own act now (another node's always does)."""
        namespace, name, parameters = parse_action(action)
        if namespace or not hasattr(self.screen, f"action_{name}"):
            return True
        return self.screen.check_action(name, parameters) is not False

    def refused(self) -> None:
        """A key was refused: the first time, the next drawing gives the refusal's tip."""
        if "refusal" not in self.seen:
            self._refused = True
            self.follow()

    # ------------------------------------------------------------------ the keys
    def toggle(self) -> None:
        """Hide the guide for this game, or show it again (also when it is off for good)."""
        if self.screen.replaying:
            return
        if self.hidden or not self.wanted():
            self.hidden = False
            self.preferences = attrs.evolve(self._preferences(), tutorial=True)
            self.follow()
            if not self.showing:
                self.screen.notify("The guide has nothing to explain here.", markup=False)
            return
        self.hidden = True
        self.follow()
        self.screen.notify("Guide hidden: k shows it again, K turns it off for good.")

    def toggle_for_good(self) -> None:
        """Turn the guide off for good (on again if it was off); a failed write is one line."""
        if self.screen.replaying:
            return
        directory = saves_dir_of(self.screen)
        stored, _ = read_preferences(directory)
        on = not stored.tutorial
        self.preferences = attrs.evolve(stored, tutorial=on)
        self.hidden = not on
        try:
            save_preferences(directory, self.preferences)
        except OSError as error:
            self.screen.notify(
                f"Cannot save the settings: {error.strerror or error}",
                severity="error",
                markup=False,
            )
        else:
            self.screen.notify(
                "The guide is on for every game (K turns it off)."
                if on
                else "The guide is off for good (K turns it on again)."
            )
        self.follow()


class Guided(GameScreen):
    """A game screen with a guide: put it first among the screen's bases.

    It keeps the screen's `Guide` (made on first use with `TUTOR`), draws it at the end of every
    redraw, and answers the guide's keys (`GUIDE_BINDINGS`, which the screen binds).
    """

    TUTOR: ClassVar[Tutor]
    """The ruleset's lessons."""

    _guide: Guide | None = None

    @property
    def guide(self) -> Guide:
        """The screen's guide."""
        if self._guide is None:
            self._guide = Guide(self, self.TUTOR)
        return self._guide

    def redrawn(self) -> None:
        """The base's end of a redraw, then the guide's box."""
        super().redrawn()
        self.guide.follow()

    def refuse(self, message: str, *, title: str = "") -> None:
        """The base's refusal, then the guide's tip on the first one."""
        super().refuse(message, title=title)
        self.guide.refused()

    def action_guide(self) -> None:
        """Hide the guide for this game, or show it again."""
        self.guide.toggle()

    def action_guide_for_good(self) -> None:
        """Turn the guide off (or on) for good."""
        self.guide.toggle_for_good()
