"""Show a high-score table (a ruleset's `saves.scores.ScoreBook`), from the menu or at the end."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

if TYPE_CHECKING:
    from rich.console import JustifyMethod
    from textual.app import ComposeResult

    from saves.scores import ScoreBook, ScoreTable


class HighScoresScreen(Screen[None]):
    """The table, best first; a new entry can be singled out by its rank.

    The screen is handed the table already read (`saves.scores.load_scores`), damaged-file warning
    and all; it reads and writes no files itself.
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
        height: 1;
        padding: 0 1;
        background: $surface;
        color: $text-muted;
        text-wrap: nowrap;
        text-overflow: ellipsis;
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
        table = self.table
        columns = self.book.columns
        for label in columns:
            table.add_column(Text(label, justify=self._justify(label)), key=label.lower())
        new_style = self.get_component_rich_style("high-scores--new", partial=True)
        for rank, entry in enumerate(self.scores.entries, 1):
            style = new_style if rank == self.highlight else ""
            cells = (
                Text(cell, style=style, no_wrap=True, justify=self._justify(label))
                for label, cell in zip(columns, self.book.cells(rank, entry), strict=True)
            )
            table.add_row(*cells, key=str(rank))
        if self.highlight is not None and 1 <= self.highlight <= table.row_count:
            table.move_cursor(row=self.highlight - 1)
        self._update_detail()
        if self.scores.warning is not None:
            self.notify(self.scores.warning, severity="warning", timeout=10, markup=False)

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
