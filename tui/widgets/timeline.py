"""The replay timeline: a bar from the first command to the last, the turns or waves marked on it.

```
━━━━━╋━━━━━━━╋━━━●───────┼───────┼────  42/120 turn 3/6
     1       2       3       4       5
```

The filled part is what has been replayed, ``●`` is where the replay stands, and every mark is the
start of a turn (BattleTech) or a wave (Paper 'Mech), numbered on the second row when there is room
(one row only with the ``-compact`` class, for 80 x 24). The words on the right say the position,
the total and the turn or wave; ``LIVE`` when the save is being followed and the replay is at its
newest move.

The screen hands it a `TimelineView` (`Timeline.show`); the bar itself is the pure function
`timeline_rows`. A click on the bar posts `Timeline.Seek` with the command under the mouse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from attrs import field, frozen
from rich.style import Style
from rich.text import Text
from textual.message import Message
from textual.widget import Widget

if TYPE_CHECKING:
    from collections.abc import Mapping

    from textual import events

__all__ = ["ASCII", "UNICODE", "Glyphs", "Timeline", "TimelineView", "timeline_rows"]

MIN_BAR = 10
"""The bar never gets narrower than this; the words on the right are cut instead."""


@frozen
class Glyphs:
    """The characters of the bar."""

    done: str = "━"
    todo: str = "─"
    mark_done: str = "╋"
    mark_todo: str = "┼"
    cursor: str = "●"
    live: str = "●"


UNICODE = Glyphs()
"""The bar in box-drawing characters."""
ASCII = Glyphs("=", "-", "+", "|", "#", "*")
"""The bar in ASCII, for terminals without Unicode (``--ascii``)."""


@frozen
class TimelineView:
    """What the timeline shows.

    Attributes:
        total: commands in the game.
        index: commands replayed.
        events: events of the next command replayed.
        size: events of the next command (0 at the end).
        marks: (command index, number shown under the bar) of each turn or wave.
        where: the turn or wave the replay is in ("turn 3"), "" when the game has no marks.
        last: the last turn or wave of the game ("6"), "" when the game has no marks.
        clock: the replay's speed and whether it plays ("2x playing").
        following: the save is being followed as it grows.
    """

    total: int = 0
    index: int = 0
    events: int = 0
    size: int = 0
    marks: tuple[tuple[int, str], ...] = field(default=())
    where: str = ""
    last: str = ""
    clock: str = ""
    following: bool = False

    @property
    def at_end(self) -> bool:
        """Whether the replay stands after the last command."""
        return self.index >= self.total

    @property
    def fraction(self) -> float:
        """How far through the game the replay is, 0 to 1 (events count as parts of a command)."""
        if self.total <= 0:
            return 0.0
        part = self.events / self.size if self.size else 0.0
        return min(1.0, (self.index + part) / self.total)


def _column(index: float, total: int, width: int) -> int:
    """The bar column of a command index (the last column is the end of the game)."""
    if total <= 0 or width <= 1:
        return 0
    return round(index * (width - 1) / total)


def words(view: TimelineView, glyphs: Glyphs = UNICODE) -> str:
    """The words right of the bar: "42/120 turn 3/6 1x paused", with LIVE when following."""
    parts = [f"{view.index}/{view.total}"]
    if view.where:
        parts.append(f"{view.where}/{view.last}" if view.last else view.where)
    if view.clock:
        parts.append(view.clock)
    if view.following:
        parts.append(f"{glyphs.live} LIVE" if view.at_end else "End: live")
    return " ".join(parts)


def bar_width(view: TimelineView, width: int, glyphs: Glyphs = UNICODE) -> int:
    """How many columns the bar takes in a row of ``width`` (the rest is the words)."""
    return max(MIN_BAR, width - len(words(view, glyphs)) - 2)


def timeline_rows(
    view: TimelineView,
    width: int,
    *,
    rows: int = 2,
    glyphs: Glyphs = UNICODE,
    styles: Mapping[str, Style | str] | None = None,
) -> list[Text]:
    """Draw the timeline.

    Args:
        view: what to show.
        width: the columns available.
        rows: 1 (the bar and its words) or 2 (the marks numbered under the bar).
        glyphs: the characters (`UNICODE` or `ASCII`).
        styles: "done", "todo", "mark", "cursor", "words", "live" -> style.

    Returns:
        The rows, each at most ``width`` cells.
    """
    style = dict(styles or {})
    span = bar_width(view, width, glyphs)
    here = _column(view.fraction * view.total, view.total, span)
    cells = [glyphs.done if x < here else glyphs.todo for x in range(span)]
    for index, _ in view.marks:
        x = _column(index, view.total, span)
        cells[x] = glyphs.mark_done if x < here else glyphs.mark_todo
    cells[here] = glyphs.cursor
    bar = Text(no_wrap=True, overflow="crop", end="")
    # One span per run of cells drawn alike, not one per mark: a long game has a mark in almost
    # every column, and each span costs the screen a style to convert at every frame.
    marks = (glyphs.mark_done, glyphs.mark_todo)
    ends = {span, here, here + 1}  # the cursor is a run of its own
    start = 0
    for x in range(1, span + 1):
        if x in ends or (cells[x] in marks) != (cells[start] in marks):
            part = "done" if start < here else "todo"
            kind = "cursor" if start == here else "mark" if cells[start] in marks else part
            bar.append("".join(cells[start:x]), _styled(style, kind, part))
            start = x
    text = words(view, glyphs)
    bar.append("  ")
    live = f"{glyphs.live} LIVE"
    if view.following and view.at_end and text.endswith(live):
        bar.append(text[: -len(live)], style.get("words", ""))
        bar.append(live, style.get("live", ""))
    else:
        bar.append(text, style.get("words", ""))
    bar.truncate(width)
    result = [bar]
    if rows > 1:
        result.append(_numbers(view, span, style.get("words", "")))
    return result


def _styled(style: Mapping[str, Style | str], kind: str, part: str) -> Style | str:
    """A run's style: a mark's on top of its part's (done or todo), as the bar stylized them."""
    if kind != "mark":
        return style.get(kind, "")
    base, mark = style.get(part, ""), style.get("mark", "")
    if not base:
        return mark
    if not mark:
        return base
    return Style.combine(
        [
            Style.parse(base) if isinstance(base, str) else base,
            Style.parse(mark) if isinstance(mark, str) else mark,
        ]
    )


def _numbers(view: TimelineView, span: int, style: Style | str) -> Text:
    """The marks' numbers under the bar, each where it fits without touching the one before."""
    row = [" "] * span
    free = 0
    for index, number in view.marks:
        x = _column(index, view.total, span)
        if x < free or x + len(number) > span:
            continue
        row[x : x + len(number)] = number
        free = x + len(number) + 1
    return Text("".join(row).rstrip(), style=style, no_wrap=True, end="")


class Timeline(Widget):
    """Where a replay stands: a bar over the whole game with its turns or waves marked."""

    DEFAULT_CSS = """
    Timeline {
        height: 2;
        width: 100%;
        padding: 0 1;
        background: $surface;
    }
    Timeline.-compact {
        height: 1;
    }
    Timeline > .timeline--done { color: $primary; }
    Timeline > .timeline--todo { color: $text-muted; }
    Timeline > .timeline--mark { color: $secondary; text-style: bold; }
    Timeline > .timeline--cursor { color: $accent; text-style: bold; }
    Timeline > .timeline--words { color: $text-muted; }
    Timeline > .timeline--live { color: $success; text-style: bold reverse; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "timeline--done",
        "timeline--todo",
        "timeline--mark",
        "timeline--cursor",
        "timeline--words",
        "timeline--live",
    }
    """
    | Class | Description |
    | :- | :- |
    | `timeline--done` | The part of the bar already replayed. |
    | `timeline--todo` | The part still to come. |
    | `timeline--mark` | A turn or wave mark. |
    | `timeline--cursor` | Where the replay stands. |
    | `timeline--words` | The position and the numbers of the marks. |
    | `timeline--live` | LIVE: following a save that grows, at its newest move. |
    """

    class Seek(Message):
        """The player clicked the bar: go to command ``index``."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(
        self,
        *,
        ascii_only: bool = False,
        id: str | None = None,  # noqa: A002 - Textual's name
        classes: str | None = None,
    ) -> None:
        """Create an empty timeline.

        Args:
            ascii_only: Draw with ASCII characters only.
            id: The widget id.
            classes: CSS classes.
        """
        super().__init__(id=id, classes=classes)
        self.ascii_only = ascii_only
        self.view = TimelineView()
        self._styles: dict[str, Style] | None = None  # the parts' styles, until the theme changes

    def notify_style_update(self) -> None:
        """The theme or the classes changed: take the parts' styles again."""
        self._styles = None
        super().notify_style_update()

    @property
    def glyphs(self) -> Glyphs:
        """The characters in use."""
        return ASCII if self.ascii_only else UNICODE

    def show(self, view: TimelineView) -> None:
        """Show a new position (redraws only when something changed)."""
        if view != self.view:
            self.view = view
            self.refresh()

    def render(self) -> Text:
        """Draw the bar (and its numbers when two rows fit)."""
        styles = self._styles
        if styles is None:
            names = ("done", "todo", "mark", "cursor", "words", "live")
            styles = self._styles = {
                n: self.get_component_rich_style(f"timeline--{n}", partial=True) for n in names
            }
        rows = timeline_rows(
            self.view,
            self.content_size.width,
            rows=max(1, self.content_size.height),
            glyphs=self.glyphs,
            styles=styles,
        )
        return Text("\n").join(rows)

    def on_click(self, event: events.Click) -> None:
        """Seek to the command under the mouse (on the bar)."""
        span = bar_width(self.view, self.content_size.width, self.glyphs)
        x = event.x - self.styles.padding.left
        if 0 <= x < span and self.view.total:
            self.post_message(self.Seek(round(x * self.view.total / max(1, span - 1))))
