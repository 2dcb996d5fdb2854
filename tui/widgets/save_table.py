"""Show a list of saved games as a table, one row per journal file."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.widgets import DataTable

if TYPE_CHECKING:
    from collections.abc import Sequence
    from datetime import datetime

    from tui.screens._library import SaveSummary

COLUMNS: tuple[str, ...] = ("File", "Game", "Started", "Turn", "Status", "Size")
"""Column labels, left to right."""

FILE_WIDTH = 20
"""Longest file name shown in full in the table; the detail line below shows any name in full."""

_UNITS = ("B", "kB", "MB", "GB")


def format_size(size: int) -> str:
    """Format a byte count the way people read it.

    Args:
        size: Bytes.

    Returns:
        E.g. "812 B", "3.4 kB", "12 MB" (powers of 1000).
    """
    value = float(size)
    for unit in _UNITS:
        if value < 1000 or unit == _UNITS[-1]:
            break
        value /= 1000
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


def shorten(name: str, width: int = FILE_WIDTH) -> str:
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
        for index, save in enumerate(self._saves):
            self.add_row(*self._cells(save), key=str(index))
        if self._saves:
            self.move_cursor(row=min(row, len(self._saves) - 1))

    def _cells(self, save: SaveSummary) -> list[Text]:
        """Build the cells of one row, as Text so names are never read as markup."""
        style = ""
        if save.error is not None:
            style = self.get_component_rich_style("save-table--damaged", partial=True)
        elif save.result is not None:
            style = self.get_component_rich_style("save-table--finished", partial=True)
        values = (
            shorten(save.path.name),
            save.title or save.ruleset or "?",
            format_started(save.created),
            save.turn or "-",
            format_status(save),
            format_size(save.size),
        )
        return [Text(value, style=style, no_wrap=True) for value in values]
