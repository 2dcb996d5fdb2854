"""The game log: a line per command and per event, wrapped to the panel, the current one marked.

A `ScrollView` drawing rows with `render_line` (STYLE 16): each told line is wrapped once per width
and kept (by the line itself), so showing other lines wraps only the new ones. In a replay,
`current` marks the event the replay stands on (with ``>`` and a style), and the log scrolls to keep
it in view; in play it follows the newest line.

`EventLog.show_story` shows a `tui.widgets.story.Story` lazily: only the last few screenfuls of
lines up to the position are asked for (and so told and wrapped); scrolling near the top brings
the lines before them, a chunk at a time, keeping the same lines in view.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, ClassVar

from rich.segment import Segment
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.style import Style

    from engine.narration import Told
    from tui.widgets.story import Story

__all__ = ["EventLog", "wrap_told"]

INDENT = "  "
"""Event lines are indented under their command."""
MARK = "> "
"""The current line in a replay (the command lines' own prefix is "# ")."""
SCREENS = 2
"""`EventLog.show_story` asks for this many screenfuls of lines before the position (at least
`CHUNK`); scrolling within a screenful of the top asks for `CHUNK` more."""
CHUNK = 40


def wrap_told(told: Told, width: int) -> list[str]:
    """Wrap one told line to ``width`` columns, with its prefix.

    Args:
        told: the line.
        width: the panel's width.

    Returns:
        The rows: a command is "# choose la2", events are indented, continuation rows too.
    """
    prefix = "# " if told.is_command else INDENT
    room = max(8, width - len(prefix) - len(MARK))
    text = told.text
    if len(text) <= room and text.isprintable() and not text.endswith(" "):
        return [prefix + text]  # what textwrap gives a short line, without its regular expressions
    parts = textwrap.wrap(text, room, break_on_hyphens=False) or [""]
    return [(prefix if i == 0 else " " * len(prefix)) + part for i, part in enumerate(parts)]


class EventLog(ScrollView, can_focus=False):
    """The log panel. It takes no focus, so the keys stay the game's (the mouse scrolls it)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "event-log--command",
        "event-log--event",
        "event-log--current",
    }
    """
    | Class | Description |
    | :- | :- |
    | `event-log--command` | A command's line. |
    | `event-log--event` | An event's line. |
    | `event-log--current` | The event a replay stands on. |
    """

    DEFAULT_CSS = """
    EventLog { height: 1fr; overflow-x: hidden; scrollbar-size-vertical: 1; }
    EventLog > .event-log--command { color: $primary; text-style: bold; }
    EventLog > .event-log--event { color: $foreground; }
    EventLog > .event-log--current { background: $accent-muted; text-style: bold; }
    """

    def __init__(
        self,
        *,
        name: str | None = None,
        id: str | None = None,  # noqa: A002 - Textual's name
        classes: str | None = None,
    ) -> None:
        """Create an empty log.

        Args:
            name: The widget's name.
            id: The widget's id.
            classes: The widget's classes.
        """
        super().__init__(name=name, id=id, classes=classes)
        self._told: list[Told] = []
        self._current: int | None = None
        self._width = 0  # the width ``_wrapped`` was wrapped to
        self._wrapped: dict[int, tuple[Told, list[str]]] = {}  # id(told) -> (told, its rows)
        self._rows: list[tuple[int, str]] = []  # (told index, text) per row
        self._first_row: dict[int, int] = {}  # told index -> its first row
        self._story: Story | None = None
        self._position: tuple[int, int] | None = None
        self._limit = 0  # lines asked of the story
        self._earlier = False  # the story has lines before the ones shown
        self._extending = False
        self._styles: tuple[Style, Style, Style, Style] | None = None  # until the theme changes

    @property
    def told(self) -> Sequence[Told]:
        """The lines shown."""
        return tuple(self._told)

    @property
    def current(self) -> int | None:
        """The index (in `told`) of the marked line, or None."""
        return self._current

    def show(self, told: Sequence[Told], current: int | None = None) -> None:
        """Show these lines; mark ``current`` and scroll to it, or follow the end when None.

        Args:
            told: the lines, oldest first (routine lines are left out by the caller).
            current: the index of the line to mark.
        """
        self._story = None
        self._earlier = False
        self._limit = 0
        self._set(told, current)

    def show_story(self, story: Story, position: tuple[int, int] | None = None) -> None:
        """Show the story up to a replay position (None: all of it, following the end).

        Only the last `SCREENS` screenfuls of lines are asked for; the last one is marked at a
        position. Scrolling near the top shows the lines before them.

        Args:
            story: the game's story.
            position: (commands applied, events of the next one applied), or None in play.
        """
        kept = self._limit if position is None and self._story is story else 0
        self._story = story
        self._position = position
        self._limit = max(kept, CHUNK, SCREENS * (self.size.height or 20))
        lines, current = self._fetch(self._limit)
        self._earlier = len(lines) >= self._limit
        self._set(lines, current)

    def _fetch(self, limit: int) -> tuple[list[Told], int | None]:
        """The last ``limit`` lines of the story up to the position, and the current one."""
        story = self._story
        if story is None:  # pragma: no cover - only called with a story
            return [], None
        return story.lines(self._position, limit=limit)

    def _set(self, told: Sequence[Told], current: int | None) -> None:
        """Show the lines; in play a reader scrolled back keeps their place until a line comes."""
        old = self._told
        same = (
            current is None
            and self._current is None
            and len(old) == len(told)
            and (not told or old[-1] is told[-1])
        )
        self._told = list(told)
        self._current = current
        self._layout()
        if same:
            self.refresh()
            return
        self._follow()
        # Again once the new virtual size is laid out, or the scroll stops short of the end.
        self.call_after_refresh(self._follow)
        self.refresh()

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        """Scrolled: near the top of a story's lines, bring in the lines before them."""
        super().watch_scroll_y(old_value, new_value)
        if self._earlier and new_value < old_value and new_value < self.size.height:
            self.call_later(self._earlier_lines)

    def _earlier_lines(self) -> None:
        """Add `CHUNK` lines before the ones shown, the same lines staying in view."""
        story = self._story
        if story is None or not self._earlier or self._extending:
            return
        self._extending = True
        try:
            rows = len(self._rows)
            self._limit += CHUNK
            lines, current = self._fetch(self._limit)
            self._earlier = len(lines) >= self._limit
            self._told = lines
            self._current = current if self._position is not None else None
            self._layout()
            self.scroll_to(y=self.scroll_y + len(self._rows) - rows, animate=False, immediate=True)
            self.refresh()
        finally:
            self._extending = False

    def _follow(self) -> None:
        """Scroll to the end in play, or to put the current line in the middle in a replay."""
        if self._current is None:
            self.scroll_end(animate=False, immediate=True, x_axis=False)
        else:
            middle = self._row_of(self._current) - self.size.height // 2
            self.scroll_to(y=max(0, middle), animate=False, immediate=True)

    def on_resize(self) -> None:
        """Wrap again to the new width, and keep the same line in view.

        A story's lines were asked for before the log knew its height: a log taller than they
        fill asks for `SCREENS` screenfuls of its new height.
        """
        self._layout()
        wanted = SCREENS * self.size.height
        if self._story is not None and self._earlier and len(self._rows) < wanted:
            self._limit = max(self._limit, wanted)
            lines, current = self._fetch(self._limit)
            self._earlier = len(lines) >= self._limit
            self._told = list(lines)
            self._current = current
            self._layout()
        self._follow()

    def prepare(self, story: Story, position: tuple[int, int] | None) -> None:
        """Tell and wrap now the lines `show_story` would show at ``position``; show nothing.

        A replay calls it once its first frame is drawn, for its end (issue 14 row 1: the first
        End then finds its lines told and wrapped, as every later End does).

        Args:
            story: the game's story.
            position: (commands applied, events of the next one applied), or None in play.
        """
        limit = max(CHUNK, SCREENS * (self.size.height or 20))
        lines, _ = story.lines(position, limit=limit)
        self._rewidth()
        for told in lines:
            self._wrap(told)

    def _rewidth(self) -> int:
        """The width the lines wrap to; a new one forgets the lines wrapped to the old."""
        # One column is kept for the scrollbar, so wrapping does not change when it appears.
        width = max(10, (self.size.width or 80) - 1)
        if width != self._width:
            self._width = width
            self._wrapped = {}
        return width

    def _wrap(self, told: Told) -> list[str]:
        """The rows of one line at `_width`, wrapped once and kept."""
        cached = self._wrapped.get(id(told))
        if cached is None or cached[0] is not told:
            cached = self._wrapped[id(told)] = (told, wrap_told(told, self._width))
        return cached[1]

    def _layout(self) -> None:
        width = self._rewidth()
        wrap = self._wrap
        rows: list[tuple[int, str]] = []
        first_row: dict[int, int] = {}
        for index, told in enumerate(self._told):
            first_row[index] = len(rows)
            rows.extend((index, text) for text in wrap(told))
        self._rows = rows
        self._first_row = first_row
        self._set_virtual_size(Size(width, len(rows)))

    def _set_virtual_size(self, size: Size) -> None:
        """Set the scrolled size; lay out again only when the scrollbar appears or goes.

        The log's own size is fixed by its container; only the scrollbar's presence changes the
        screen's layout, and showing or hiding it asks for that layout at once (so the layout
        that follows does not find it changed and ask for a second one). Otherwise the scrollbar
        is updated, and the rows repainted, in place.
        """
        if not self.is_mounted or self.container_size.height <= 0:
            self.virtual_size = size
            return
        self.set_reactive(EventLog.virtual_size, size)
        self._scroll_update(size)  # shows or hides the scrollbar (a layout) if it must
        self.refresh()

    def _row_of(self, index: int) -> int:
        return self._first_row.get(index, 0)

    def render_line(self, y: int) -> Strip:
        """Draw one row of the log."""
        scroll_x, scroll_y = self.scroll_offset
        row = scroll_y + y
        width = self.size.width
        base = self.rich_style
        if row >= len(self._rows):
            return Strip.blank(width, base)
        index, text = self._rows[row]
        told = self._told[index]
        style = self._style_of(told, index)
        current = index == self._current
        first = row == 0 or self._rows[row - 1][0] != index
        prefix = MARK if current and first else "  "
        segments = [Segment(prefix + text, base + style)]
        return Strip(segments).crop_extend(scroll_x, scroll_x + width, base + style)

    def _style_of(self, told: Told, index: int) -> Style:
        styles = self._styles
        if styles is None:
            get = self.get_component_rich_style
            command, event = (
                get("event-log--command", partial=True),
                get("event-log--event", partial=True),
            )
            current = get("event-log--current", partial=True)
            styles = self._styles = (command, event, command + current, event + current)
        return styles[(0 if told.is_command else 1) + (2 if index == self._current else 0)]

    def notify_style_update(self) -> None:
        """Redraw with the new theme."""
        self._styles = None
        super().notify_style_update()
        self.refresh()
