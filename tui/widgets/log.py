"""The game log: a line per command and per event, wrapped to the panel, the current one marked.

A `ScrollView` drawing rows with `render_line` (STYLE 16): each told line is wrapped once per width
and kept; setting new lines re-wraps only the ones that changed. In a replay, `current` marks the
event the replay stands on (with ``>`` and a style), and the log scrolls to keep it in view; in play
it follows the newest line.
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

__all__ = ["EventLog", "wrap_told"]

INDENT = "  "
"""Event lines are indented under their command."""
MARK = "> "
"""The current line in a replay (the command lines' own prefix is "# ")."""


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
    parts = textwrap.wrap(told.text, room, break_on_hyphens=False) or [""]
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
        self._wrapped: dict[int, tuple[int, list[str]]] = {}  # told index -> (width, rows)
        self._rows: list[tuple[int, str]] = []  # (told index, text) per row

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
        keep = 0
        for keep, (old, new) in enumerate(zip(self._told, told, strict=False)):  # noqa: B007
            if old != new:
                break
        else:
            keep = min(len(self._told), len(told))
        self._wrapped = {i: v for i, v in self._wrapped.items() if i < keep}
        self._told = list(told)
        self._current = current
        self._layout()
        self._follow()
        # Again once the new virtual size is laid out, or the scroll stops short of the end.
        self.call_after_refresh(self._follow)
        self.refresh()

    def _follow(self) -> None:
        """Scroll to the end in play, or to put the current line in the middle in a replay."""
        if self._current is None:
            self.scroll_end(animate=False, immediate=True, x_axis=False)
        else:
            middle = self._row_of(self._current) - self.size.height // 2
            self.scroll_to(y=max(0, middle), animate=False, immediate=True)

    def on_resize(self) -> None:
        """Wrap again to the new width, and keep the same line in view."""
        self._layout()
        self._follow()

    def _layout(self) -> None:
        # One column is kept for the scrollbar, so wrapping does not change when it appears.
        width = max(10, (self.size.width or 80) - 1)
        rows: list[tuple[int, str]] = []
        for index, told in enumerate(self._told):
            cached = self._wrapped.get(index)
            if cached is None or cached[0] != width:
                cached = (width, wrap_told(told, width))
                self._wrapped[index] = cached
            rows.extend((index, text) for text in cached[1])
        self._rows = rows
        self.virtual_size = Size(width, len(rows))

    def _row_of(self, index: int) -> int:
        return next((y for y, (i, _) in enumerate(self._rows) if i == index), 0)

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
        role = "command" if told.is_command else "event"
        style = self.get_component_rich_style(f"event-log--{role}", partial=True)
        if index == self._current:
            style += self.get_component_rich_style("event-log--current", partial=True)
        return style

    def notify_style_update(self) -> None:
        """Redraw with the new theme."""
        super().notify_style_update()
        self.refresh()
