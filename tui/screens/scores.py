"""Show a high-score table (a ruleset's `saves.scores.ScoreBook`), from the menu or at the end."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events, on
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

if TYPE_CHECKING:
    from collections.abc import Sequence
    from collections.abc import Set as AbstractSet

    from rich.console import JustifyMethod
    from textual.app import ComposeResult

    from saves.scores import ScoreBook, ScoreTable


_TABLE_FRAME = 2
"""Columns the table keeps for its vertical scroll bar."""
_CELL_PADDING = 2
"""Blank columns around each cell (`DataTable.cell_padding` on either side)."""
_NARROWEST_WRAP = 6
"""A wrapping column is never narrower than this (or than its heading)."""


def column_widths(
    columns: Sequence[str],
    rows: Sequence[Sequence[str]],
    wrap: AbstractSet[str],
    width: int,
    *,
    optional: AbstractSet[str] = frozenset(),
) -> list[int | None]:
    """Fit the columns into ``width``: each as wide as its longest text, the wrapping ones less.

    The columns that do not wrap keep their longest text (heading or cell). The wrapping ones
    share what is left, the narrower first taking only what it needs; each gets at least its
    heading (and `_NARROWEST_WRAP`), so on a very narrow screen the table scrolls sideways instead.
    An ``optional`` column whose text would wrap to more than two lines is left out (the
    screen's detail line has its text for the highlighted row), last one first.

    Args:
        columns: The headings.
        rows: Each row's texts, in `columns` order.
        wrap: The headings of the columns that may wrap.
        width: The room for the whole table, cell padding included.
        optional: The headings of the columns that may be left out.

    Returns:
        One content width per column; None for a column left out.
    """
    natural = [
        max([len(label), *(max(map(len, row[i].splitlines() or [""])) for row in rows)])
        for i, label in enumerate(columns)
    ]
    shown = list(range(len(columns)))
    while True:
        widths: list[int | None] = [None] * len(columns)
        for i in shown:
            widths[i] = natural[i]
        wrapping = sorted((i for i in shown if columns[i] in wrap), key=natural.__getitem__)
        left = width - _CELL_PADDING * len(shown)
        left -= sum(natural[i] for i in shown if columns[i] not in wrap)
        for number, i in enumerate(wrapping):
            share = left // (len(wrapping) - number)
            least = max(len(columns[i]), _NARROWEST_WRAP)
            given = max(least, min(natural[i], share))
            widths[i] = given
            left -= given
        too_narrow = [
            i
            for i in shown
            if columns[i] in optional and _most_lines([row[i] for row in rows], widths[i]) > 2  # noqa: PLR2004
        ]
        if not too_narrow:
            return widths
        shown.remove(too_narrow[-1])


def _most_lines(texts: Sequence[str], width: int | None) -> int:
    """The most lines any of ``texts`` takes, word-wrapped to ``width``."""
    if width is None:
        return 0
    return max(
        (len(textwrap.wrap(text, width, break_on_hyphens=False)) for text in texts), default=0
    )


class HighScoresScreen(Screen[None]):
    """The table, best first; a new entry can be singled out by its rank.

    The screen is handed the table already read (`saves.scores.load_scores`), damaged-file warning
    and all; it reads and writes no files itself. The columns are fitted to the screen's width
    (`column_widths`), again on every resize, so no text is cut: the book's long columns wrap, an
    optional one that would need more than two lines is left out, and the lines under the table
    (`ScoreBook.detail`, wrapped) give the highlighted entry in full.
    """

    DEFAULT_CSS = """
    #scores-heading {
        height: 1;
        width: 100%;
        padding: 0 1;
        background: $panel;
        color: $foreground;
        text-style: bold;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    #scores-table {
        height: 1fr;
    }
    #scores-detail {
        height: auto;
        max-height: 6;
        padding: 0 1;
        background: $surface;
        color: $text-muted;
    }
    HighScoresScreen > .high-scores--new {
        color: $success;
        text-style: bold;
    }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"high-scores--new"}
    """
    | Class | Description |
    | :- | :- |
    | `high-scores--new` | The row of the score just added. |
    """

    BINDINGS = [
        Binding("escape,q", "back", "Back", key_display="Esc", tooltip="Close the high scores"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Up, Down, PgUp, PgDn | Move in the table. |
    | Left, Right | Scroll sideways along a long row. |
    | Escape, q | Close the high scores. |
    """

    def __init__(
        self, table: ScoreTable[Any], book: ScoreBook[Any], *, highlight: int | None = None
    ) -> None:
        """Create the screen.

        Args:
            table: The table to show.
            book: What its entries are and how they are shown.
            highlight: The rank (1-based) of the entry to single out, e.g. the score just added;
                the cursor starts on it.
        """
        super().__init__()
        self.scores = table
        self.book = book
        self.highlight = highlight

    def compose(self) -> ComposeResult:
        """Lay out the heading, the table, the detail line and the key hints."""
        yield Static(f"High scores - {self.book.title}", id="scores-heading", markup=False)
        yield DataTable[Text](id="scores-table", cursor_type="row", zebra_stripes=True)
        yield Static("", id="scores-detail", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        """Fill the table, put the cursor on the new entry, and report a damaged file."""
        self._fill(self.size.width)
        table = self.table
        if self.highlight is not None and 1 <= self.highlight <= table.row_count:
            table.move_cursor(row=self.highlight - 1)
        self._update_detail()
        if self.scores.warning is not None:
            self.notify(self.scores.warning, severity="warning", timeout=10, markup=False)

    def on_resize(self, event: events.Resize) -> None:
        """Fit the columns to the new width, keeping the cursor's row."""
        if event.size.width != self._filled_width:
            row = self.table.cursor_row
            self._fill(event.size.width)
            self.table.move_cursor(row=row)

    _filled_width: int = -1
    """The screen width the columns were last fitted to."""

    def _fill(self, width: int) -> None:
        """(Re)build the columns, fitted to ``width`` (`column_widths`), and the rows.

        A column of `ScoreBook.wrap` wraps its text within its width (the row grows); the others
        are as wide as their longest text, so nothing is cut at 80 columns.
        """
        self._filled_width = width
        table = self.table
        table.clear(columns=True)
        columns = self.book.columns
        rows = [self.book.cells(rank, entry) for rank, entry in enumerate(self.scores.entries, 1)]
        widths = column_widths(
            columns, rows, self.book.wrap, width - _TABLE_FRAME, optional=self.book.optional
        )
        shown = [i for i, column_width in enumerate(widths) if column_width is not None]
        for i in shown:
            label = columns[i]
            table.add_column(
                Text(label, justify=self._justify(label)), key=label.lower(), width=widths[i]
            )
        new_style = self.get_component_rich_style("high-scores--new", partial=True)
        for rank, row in enumerate(rows, 1):
            style = new_style if rank == self.highlight else ""
            cells = (
                Text(row[i], style=style, justify=self._justify(columns[i]), overflow="fold")
                for i in shown
            )
            table.add_row(*cells, key=str(rank), height=None)

    @property
    def table(self) -> DataTable[Text]:
        """The table widget."""
        return self.query_one("#scores-table", DataTable)

    @property
    def highlighted_entry(self) -> Any | None:  # noqa: ANN401 - the book's entry type
        """The entry under the cursor, or None when the table is empty."""
        entries = self.scores.entries
        if not entries:
            return None
        return entries[min(self.table.cursor_row, len(entries) - 1)]

    def _justify(self, label: str) -> JustifyMethod:
        """Align numbers to the right, text to the left."""
        return "right" if label in self.book.numeric else "left"

    def action_back(self) -> None:
        """Return to the previous screen."""
        self.dismiss()

    @on(DataTable.RowHighlighted, "#scores-table")
    def _row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """Describe the entry under the cursor."""
        event.stop()
        self._update_detail()

    def _update_detail(self) -> None:
        """Write the detail line for the highlighted entry, or say the table is empty."""
        entry = self.highlighted_entry
        text = self.book.empty if entry is None else self.book.detail(entry)
        self.query_one("#scores-detail", Static).update(text)
