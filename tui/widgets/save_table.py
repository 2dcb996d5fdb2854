"""Show a list of saved games as a table, one row per journal file."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.binding import Binding
from textual.widgets import DataTable

if TYPE_CHECKING:
    from collections.abc import Sequence
    from datetime import datetime

    from rich.style import Style
    from textual.binding import BindingType

    from tui.screens._library import SaveSummary

COLUMNS: tuple[str, ...] = ("File", "Game", "Started", "Turn", "Status", "Size")
"""Column labels, left to right."""

MIN_FILE_WIDTH = 10
"""The File column never gets narrower than this; the table scrolls sideways instead."""

SCROLLBAR_ROOM = 2
"""Columns kept free for the vertical scrollbar once the list is taller than the table."""

_UNITS = ("B", "kB", "MB", "GB")
_STEP = 1000


def format_size(size: int) -> str:
    """Format a byte count the way people read it.

    Args:
        size: Bytes.

    Returns:
        E.g. "812 B", "3.4 kB", "12 MB" (powers of 1000).
    """
    value = float(size)
    for unit in _UNITS:
        if value < _STEP or unit == _UNITS[-1]:
            break
        value /= _STEP
    if unit == "B":
        return f"{size} B"
    return f"{value:.1f} {unit}" if value < 10 else f"{value:.0f} {unit}"  # noqa: PLR2004


def format_started(created: datetime | None) -> str:
    """Format when a game started, in local time when the time zone is known.

    Args:
        created: The save's creation time.

    Returns:
        "YYYY-MM-DD HH:MM", or "-" when unknown.
    """
    if created is None:
        return "-"
    local = created.astimezone() if created.tzinfo is not None else created
    return local.strftime("%Y-%m-%d %H:%M")


def format_status(save: SaveSummary) -> str:
    """Say where a game stands: its result when finished, else its status.

    Args:
        save: The save.

    Returns:
        E.g. "in progress", "Red wins", "damaged".
    """
    if save.error is not None:
        return "damaged"
    return save.result or save.status


def shorten(name: str, width: int) -> str:
    """Fit a file name into `width` cells, keeping both ends (where the dates usually are).

    Args:
        name: The file name.
        width: The room available (at least 3).

    Returns:
        The name, or its head and tail around an ellipsis.
    """
    if len(name) <= width:
        return name
    tail = (width - 1) // 2
    head = width - 1 - tail
    return f"{name[:head]}…{name[-tail:]}"


class SaveTable(DataTable[Text]):
    """A table of saves; damaged saves are drawn with the `save-table--damaged` style.

    The screen that owns it hands it saves with `show`; it never reads or deletes files itself.
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "select_cursor", "Open")]
    """Enter opens the highlighted save (the table posts `RowSelected`); shown in the footer."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"save-table--damaged", "save-table--finished"}
    """
    | Class | Description |
    | :- | :- |
    | `save-table--damaged` | A save that could not be read. |
    | `save-table--finished` | A finished game. |
    """

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        """Create an empty table with a row cursor.

        Args:
            id: The widget id.
        """
        super().__init__(id=id, cursor_type="row", zebra_stripes=True)
        self._saves: list[SaveSummary] = []

    def on_mount(self) -> None:
        """Add the columns."""
        for label in COLUMNS:
            self.add_column(label, key=label.lower())

    @property
    def saves(self) -> list[SaveSummary]:
        """The saves shown, top to bottom."""
        return list(self._saves)

    @property
    def highlighted_save(self) -> SaveSummary | None:
        """The save under the cursor, or None when the table is empty."""
        if not self._saves:
            return None
        return self._saves[min(self.cursor_row, len(self._saves) - 1)]

    def show(self, saves: Sequence[SaveSummary]) -> None:
        """Replace the rows, keeping the cursor on the same line number where possible.

        Args:
            saves: The saves to list, top to bottom.
        """
        row = self.cursor_row
        self._saves = list(saves)
        self.clear()
        rows = [_row_values(save) for save in self._saves]
        file_width = self._file_width(rows)
        for index, (save, values) in enumerate(zip(self._saves, rows, strict=True)):
            name, *rest = values
            style = self._row_style(save)
            cells = [shorten(name, file_width), *rest]
            self.add_row(*(Text(cell, style=style, no_wrap=True) for cell in cells), key=str(index))
        if self._saves:
            self.move_cursor(row=min(row, len(self._saves) - 1))

    def on_resize(self) -> None:
        """Fit the file names to the new width."""
        if self._saves:
            self.show(self._saves)

    def _file_width(self, rows: Sequence[Sequence[str]]) -> int:
        """Give the File column whatever width the other columns leave free."""
        others = sum(
            max([len(label), *(len(row[column]) for row in rows)])
            for column, label in enumerate(COLUMNS)
            if column > 0
        )
        room = self.size.width - others - 2 * self.cell_padding * len(COLUMNS)
        if len(rows) + 1 > self.size.height:  # the rows and the header overflow
            room -= SCROLLBAR_ROOM
        return max(MIN_FILE_WIDTH, room)

    def _row_style(self, save: SaveSummary) -> Style | str:
        """Pick the style of a row from the component classes."""
        if save.error is not None:
            return self.get_component_rich_style("save-table--damaged", partial=True)
        if save.result is not None:
            return self.get_component_rich_style("save-table--finished", partial=True)
        return ""


def _row_values(save: SaveSummary) -> tuple[str, ...]:
    """Return the texts of one row, the file name still at full length."""
    return (
        save.path.stem,
        save.title or save.ruleset or "?",
        format_started(save.created),
        save.turn or "-",
        format_status(save),
        format_size(save.size),
    )
