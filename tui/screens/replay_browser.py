"""The replay browser: every save of a directory, sortable and filtered; Enter watches one.

Columns: the game (ruleset), its players or pilot and loadout, when it started, its latest turn or
wave, its result, and the file's size. ``s`` picks the next column to sort by and ``r`` reverses
the order (a click on a column's header does both); ``/`` opens the filter, which keeps the rows
with every typed word somewhere in them (file name and unit names included). The list reads only
the ends of each save and rereads only the files that changed (`tui.screens._catalog`), every
`RESCAN_EVERY` seconds while it shows, so live games move on by themselves.

Enter opens the highlighted save with `tui.screens.watch.watch`: a finished game from its start,
a game in progress at its newest move, following it. A damaged save is listed with its reason and
opening it says so in one line. Read-only (``hexmech browse --read-only``, the SSH server): no
delete. Escape (or ``q``) goes back, or on the app's first screen asks to quit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from attrs import frozen
from rich.text import Text
from textual import on
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, Static

from tui.screens._catalog import ReplayRow, SaveCatalog
from tui.screens.confirm import ConfirmScreen
from tui.screens.watch import watch
from tui.widgets.save_table import format_size

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from pathlib import Path

    from rich.style import Style
    from textual.app import ComposeResult
    from textual.binding import BindingType
    from textual.coordinate import Coordinate

__all__ = [
    "COLUMNS",
    "RESCAN_EVERY",
    "Column",
    "ReplayBrowserScreen",
    "ReplayTable",
    "matches",
    "sort_rows",
]

RESCAN_EVERY = 2.0
"""Seconds between two looks at the directory while the browser shows (changed files only)."""

WIDE_DATES = 100
"""From this many columns on, dates show their year."""


@frozen
class Column:
    """A column of the browser.

    Attributes:
        key: its name.
        label: its heading.
        text: the cell's words for a row.
        order: the sort key for a row.
        width: the widest it gets (0: whatever is left).
    """

    key: str
    label: str
    text: Callable[[ReplayRow], str]
    order: Callable[[ReplayRow], Any]
    width: int = 0


def _started(row: ReplayRow, *, year: bool = True) -> str:
    if row.created is None:
        return "-"
    local = row.created.astimezone() if row.created.tzinfo is not None else row.created
    return local.strftime("%Y-%m-%d %H:%M" if year else "%m-%d %H:%M")


def _timestamp(row: ReplayRow) -> float:
    if row.created is None:
        return 0.0
    created = row.created if row.created.tzinfo else row.created.astimezone()
    return created.timestamp()


def _result(row: ReplayRow) -> str:
    if row.error is not None:
        return "damaged"
    return row.result or "in progress"


COLUMNS: tuple[Column, ...] = (
    Column("game", "Game", lambda r: r.path.name if r.error else r.title, lambda r: r.title, 11),
    Column("who", "Players / loadout", lambda r: r.reason or r.who, lambda r: r.who.lower()),
    Column("started", "Started", _started, _timestamp, 16),
    Column("turns", "Turn", lambda r: r.progress, lambda r: (r.ruleset, r.progress_key), 9),
    Column("result", "Result", _result, lambda r: (r.status, _result(r)), 13),
    Column("size", "Size", lambda r: format_size(r.size), lambda r: r.size, 7),
)
"""The browser's columns, left to right."""

DEFAULT_SORT = 2
"""Newest first: by Started, reversed."""


def matches(row: ReplayRow, words: Sequence[str]) -> bool:
    """Whether every word (lower case) is in one of the row's columns, file or unit names."""
    text = " ".join([row.search, *(c.text(row).lower() for c in COLUMNS)])
    return all(word in text for word in words)


def sort_rows(rows: Sequence[ReplayRow], column: int, *, reverse: bool) -> list[ReplayRow]:
    """Sort rows by a column, equal ones by file name; ``reverse`` turns the whole list over."""
    order = COLUMNS[column].order
    ordered = sorted(sorted(rows, key=lambda r: r.path.name), key=order)
    return ordered[::-1] if reverse else ordered


def _fit(text: str, width: int, ellipsis: str) -> str:
    return text if len(text) <= width else text[: max(0, width - 1)] + ellipsis


class ReplayTable(DataTable[Text]):
    """The browser's table: a row per save; damaged and finished saves styled apart."""

    DEFAULT_CSS = """
    ReplayTable {
        height: 1fr;
    }
    ReplayTable > .replay-table--damaged {
        color: $error;
        text-style: italic;
    }
    ReplayTable > .replay-table--finished {
        color: $text-muted;
    }
    ReplayTable > .replay-table--live {
        color: $success;
    }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "replay-table--damaged",
        "replay-table--finished",
        "replay-table--live",
    }
    """
    | Class | Description |
    | :- | :- |
    | `replay-table--damaged` | A save that cannot be read. |
    | `replay-table--finished` | A finished game. |
    | `replay-table--live` | A game in progress. |
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select_cursor", "Watch"),
        Binding("home", "first_row", "First", show=False, tooltip="The first save"),
        Binding("end", "last_row", "Last", show=False, tooltip="The last save"),
    ]

    def action_first_row(self) -> None:
        """Home: the cursor to the first row (DataTable's Home only scrolls; issue 13.9)."""
        if self.row_count:
            self.move_cursor(row=0)

    def action_last_row(self) -> None:
        """End: the cursor to the last row, scrolled into view."""
        if self.row_count:
            self.move_cursor(row=self.row_count - 1)

    def row_style(self, row: ReplayRow) -> Style | str:
        """The style of a row, from the component classes."""
        name = {"damaged": "damaged", "finished": "finished"}.get(row.status, "live")
        return self.get_component_rich_style(f"replay-table--{name}", partial=True)

    def watch_cursor_coordinate(
        self, old_coordinate: Coordinate, new_coordinate: Coordinate
    ) -> None:
        """Move the cursor, and update the detail line at once, in the same frame (issue 14).

        The detail line would follow a message later, often in a frame of its own: each frame
        draws every widget's lines again, so a key cost two frames instead of one.
        """
        super().watch_cursor_coordinate(old_coordinate, new_coordinate)
        screen = self.parent
        if old_coordinate != new_coordinate and isinstance(screen, ReplayBrowserScreen):
            screen.show_detail()


class FilterInput(Input):
    """The filter line (its keys are the screen's: Enter or Down to the list, Escape clears)."""


class SteadyFooter(Footer):
    """The keys, recomposed only when the keys shown change (not on every cursor move).

    Textual's footer rebuilds all its keys whenever a screen's bindings may have changed, and each
    rebuilt key restyles itself: most of a key's cost in the browser (issue 14, row 4).
    """

    _shown: tuple[object, ...] | None = None
    _pending = False

    def _keys(self) -> tuple[object, ...]:
        return tuple(
            (binding.key, binding.action, binding.description, binding.show, enabled, tooltip)
            for (_, binding, enabled, tooltip) in self.screen.active_bindings.values()
        )

    def bindings_changed(self, screen: Screen[Any]) -> None:
        """Recompose once (not once per change before it happens), and only for new keys."""
        ours = self.is_attached and screen is self.screen and screen.app.app_focus
        if ours and (self._pending or (self._shown is not None and self._keys() == self._shown)):
            self._bindings_ready = True
            return
        super().bindings_changed(screen)
        self._pending = ours

    def compose(self) -> ComposeResult:
        """Textual's keys, remembering which were shown."""
        self._pending = False
        self._shown = self._keys() if self._bindings_ready else None
        yield from super().compose()


class ReplayBrowserScreen(Screen[None]):
    """List the saves of a directory to watch them: sort, filter, open; delete unless read-only."""

    CSS_PATH = "replay_browser.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", "Watch", tooltip="Watch the highlighted save"),
        Binding("slash", "filter", "Filter", key_display="/", priority=True, tooltip="Filter"),
        Binding("s", "sort", "Sort", tooltip="Sort by the next column"),
        Binding("r", "reverse", "Reverse", tooltip="Reverse the order"),
        Binding("d,delete", "delete", "Delete", tooltip="Delete the highlighted save (asks)"),
        Binding("f5,ctrl+r", "refresh", "Refresh", show=False, tooltip="Read the folder again"),
        Binding("escape,q", "back", "Back", key_display="Esc", tooltip="Back (or quit)"),
        # Priority (with / above): the App runs these in the order the keys arrive, before any
        # widget sees the next key, so "/bob" typed in one go (a paste, one packet over a slow
        # link) filters for "bob", and the keys after Enter go to the list again.
        Binding("enter,down", "filter_done", "List", show=False, priority=True),
        Binding("escape", "filter_clear", "Clear", show=False, priority=True),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Up, Down, PgUp, PgDn | Move in the list. |
    | Enter | Watch the save: from its start, or live when the game goes on. |
    | / | Filter: type words (Escape clears, Enter or Down back to the list). |
    | s, r | Sort by the next column; reverse the order (or click a header). |
    | d, Delete | Delete the save (asks first; not when read-only). |
    | F5 | Read the folder again (it is also reread every two seconds). |
    | Escape, q | Back; on the first screen, quit (asks first). |
    """

    def __init__(
        self,
        directory: Path,
        *,
        read_only: bool = False,
        ascii_only: bool = False,
        catalog: SaveCatalog | None = None,
    ) -> None:
        """Create the browser.

        Args:
            directory: the saves directory.
            read_only: no delete (the SSH server, ``hexmech browse --read-only``).
            ascii_only: draw with ASCII characters only.
            catalog: the cache of described saves (a fresh one when None).
        """
        super().__init__()
        self.directory = directory
        self.read_only = read_only
        self.ascii_only = ascii_only
        self.catalog = catalog or SaveCatalog(directory)
        self.rows: list[ReplayRow] = []
        self.shown: list[ReplayRow] = []
        self.sort_column = DEFAULT_SORT
        self.reverse = True
        self._error: str | None = None
        self._had_row: bool | None = None
        self._detail_text: str | None = None

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        """The heading, the filter line, the table, the detail line and the keys."""
        yield Static(id="rb-heading", markup=False)
        yield FilterInput(placeholder="/ filter: any words", id="rb-filter", compact=True)
        yield ReplayTable(id="rb-table", cursor_type="row", zebra_stripes=True)
        yield Static(id="rb-detail", markup=False)
        yield SteadyFooter()

    @property
    def table(self) -> ReplayTable:
        """The list of saves."""
        return self.query_one(ReplayTable)

    @property
    def filter_words(self) -> list[str]:
        """The filter's words, lower case."""
        return self.query_one(FilterInput).value.lower().split()

    @property
    def highlighted(self) -> ReplayRow | None:
        """The save under the cursor, or None when the list is empty."""
        if not self.shown:
            return None
        return self.shown[min(self.table.cursor_row, len(self.shown) - 1)]

    def on_mount(self) -> None:
        """Read the folder, keep rereading it while shown, and give the list the keys."""
        self.action_refresh()
        self.set_interval(RESCAN_EVERY, self._rescan)
        self.table.focus()

    def on_screen_resume(self) -> None:
        """Back from a replay: the games may have moved on."""
        if self.is_mounted:
            self.action_refresh()

    def on_resize(self) -> None:
        """Fit the columns to the new width."""
        self._fill()

    # ------------------------------------------------------------------ reading and drawing
    def action_refresh(self) -> None:
        """Read the saves directory again (only the files that changed are read)."""
        self._read()
        self._fill()

    def _read(self) -> bool:
        """Scan the directory; True when the list or the error changed."""
        before = (self.rows, self._error)
        try:
            self.rows = self.catalog.scan()
            self._error = None
        except OSError as error:
            self.rows = []
            self._error = f"Cannot read {self.directory}: {error.strerror or error}"
        return (self.rows, self._error) != before

    def _rescan(self) -> None:
        """Every few seconds while the list shows: redraw only when a save changed."""
        if self.app.screen is self and self._read():
            self._fill()

    def _fill(self) -> None:
        """Sort, filter and show the rows, keeping the cursor on the same save."""
        if not self.is_mounted:
            return
        table = self.table
        keep = self.highlighted.path if self.highlighted is not None else None
        words = self.filter_words
        rows = [r for r in self.rows if matches(r, words)]
        self.shown = sort_rows(rows, self.sort_column, reverse=self.reverse)
        widths = self._widths()
        ellipsis = "~" if self.ascii_only else "…"
        year = self.size.width >= WIDE_DATES
        table.clear(columns=True)
        for index, (column, width) in enumerate(zip(COLUMNS, widths, strict=True)):
            table.add_column(self._label(index, column), width=width, key=column.key)
        for row in self.shown:
            style = table.row_style(row)
            cells = [
                _started(row, year=year) if column.key == "started" else column.text(row)
                for column in COLUMNS
            ]
            table.add_row(
                *(
                    Text(_fit(cell, width, ellipsis), style=style, no_wrap=True)
                    for cell, width in zip(cells, widths, strict=True)
                ),
                key=str(row.path),
            )
        paths = [r.path for r in self.shown]
        if keep in paths:
            table.move_cursor(row=paths.index(keep))
        self._heading()
        self._detail()
        self.refresh_bindings()

    def _label(self, index: int, column: Column) -> Text:
        if index != self.sort_column:
            return Text(column.label)
        up, down = ("^", "v") if self.ascii_only else ("▲", "▼")
        return Text(f"{column.label} {down if self.reverse else up}", style="bold")

    def _widths(self) -> list[int]:
        """Column widths for the screen's width: the players column takes what is left."""
        year = self.size.width >= WIDE_DATES
        widths = [
            (16 if year else 11) if column.key == "started" else column.width for column in COLUMNS
        ]
        padding = 2 * self.table.cell_padding * len(COLUMNS)
        scrollbar = 2 if len(self.shown) + 1 > max(1, self.table.size.height) else 0
        room = self.size.width - sum(widths) - padding - scrollbar
        who = COLUMNS.index(next(c for c in COLUMNS if c.key == "who"))
        widths[who] = max(10, room)
        return widths

    def _heading(self) -> None:
        total, shown = len(self.rows), len(self.shown)
        count = f"{total} save{'s' if total != 1 else ''}"
        if shown != total:
            count = f"{shown} of {count}"
        # Read-only is what strangers see (the SSH server): the folder's name, not its path.
        where = self.directory.name if self.read_only else str(self.directory)
        mode = "   read-only" if self.read_only else ""
        text = f"Replays in {where}   {count}{mode}"
        self.query_one("#rb-heading", Static).update(text)

    def _detail(self) -> None:
        row = self.highlighted
        if self._error is not None:
            text = self._error
        elif row is None:
            text = "No saves match the filter." if self.rows else f"No saves in {self.directory}."
        elif row.error is not None:
            text = row.error
        else:
            commands = f"{row.entries} command{'s' if row.entries != 1 else ''}"
            live = " - Enter follows it live" if row.result is None else ""
            text = f"{row.path.name} - {commands} - {row.status}{live}"
        if text == self._detail_text:  # the cursor's move updated it already
            return
        self._detail_text = text
        # One line of fixed height and width (replay_browser.tcss): no layout on a cursor move.
        self.query_one("#rb-detail", Static).update(text, layout=False)

    def show_detail(self) -> None:
        """Update the detail line for the save under the cursor (when the screen is up)."""
        if self.is_mounted:
            self._detail()

    # ------------------------------------------------------------------ keys
    @property
    def filtering(self) -> bool:
        """Whether the filter line has the keys (now: ``has_focus`` follows a message later)."""
        return self.is_mounted and self.focused is self.query_one(FilterInput)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No delete when read-only; open and delete only with a save under the cursor."""
        del parameters
        if action in {"filter_done", "filter_clear"}:
            return self.filtering
        if action == "filter":
            return not self.filtering
        if action == "delete" and self.read_only:
            return False
        if action in {"open", "delete"} and self.is_mounted:
            return self.highlighted is not None or None
        return True

    def action_open(self) -> None:
        """Watch the highlighted save (live if its game goes on); a damaged one says why."""
        row = self.highlighted
        if row is None:
            return
        if row.error is not None:
            self.notify(row.error, severity="error", timeout=8, markup=False)
            return
        self.app.push_screen(watch(row.path, root=self.directory))

    def action_filter(self) -> None:
        """Give the keys to the filter line."""
        # At once, not after a refresh: keys typed right after / (a paste, a slow link sending
        # "/bob" in one packet) must reach the filter, not the list.
        self.set_focus(self.query_one(FilterInput))

    def action_filter_done(self) -> None:
        """Give the keys back to the list, keeping the filter."""
        self.set_focus(self.table)

    def action_filter_clear(self) -> None:
        """Empty the filter and give the keys back to the list."""
        self.query_one(FilterInput).value = ""
        self.set_focus(self.table)

    def action_sort(self) -> None:
        """Sort by the next column (ascending)."""
        self._sort_by((self.sort_column + 1) % len(COLUMNS))

    def action_reverse(self) -> None:
        """Reverse the order."""
        self.reverse = not self.reverse
        self._fill()

    def _sort_by(self, column: int) -> None:
        if column == self.sort_column:
            self.reverse = not self.reverse
        else:
            self.sort_column, self.reverse = column, False
        self._fill()

    def action_delete(self) -> None:
        """Delete the highlighted save after asking (never when read-only)."""
        row = self.highlighted
        if row is None or self.read_only:
            return

        def delete(confirmed: bool | None) -> None:
            if not confirmed:
                return
            try:
                row.path.unlink()
            except OSError as error:
                self.notify(
                    f"Cannot delete {row.path.name}: {error.strerror}",
                    severity="error",
                    markup=False,
                )
            else:
                self.catalog.forget(row.path)
                self.notify(f"Deleted {row.path.name}", markup=False)
            self.action_refresh()

        question = f"Delete {row.path.name}?\nThe game cannot be recovered."
        self.app.push_screen(ConfirmScreen(question, yes="Delete", no="Keep"), delete)

    def action_back(self) -> None:
        """Back to the previous screen; on the app's first screen, ask to quit."""
        if len(self.app.screen_stack) > 1 and self.app.screen_stack[0] is not self:
            self.dismiss()
            return

        def leave(confirmed: bool | None) -> None:
            if confirmed:
                self.app.exit()

        self.app.push_screen(ConfirmScreen("Quit hexmech?", yes="Quit", no="Stay"), leave)

    # ------------------------------------------------------------------ events
    @on(Input.Changed, "#rb-filter")
    def _filtered(self, event: Input.Changed) -> None:
        event.stop()
        self._fill()
        if self.shown:
            self.table.move_cursor(row=0)
            self._detail()

    @on(DataTable.RowSelected, "#rb-table")
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    @on(DataTable.RowHighlighted, "#rb-table")
    def _row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        self._detail()
        # The keys shown depend only on whether a save is under the cursor: redrawing the footer
        # on every move cost most of a key's time (issue 14, row 4).
        has_row = self.highlighted is not None
        if has_row != self._had_row:
            self._had_row = has_row
            self.refresh_bindings()

    @on(DataTable.HeaderSelected, "#rb-table")
    def _header_clicked(self, event: DataTable.HeaderSelected) -> None:
        event.stop()
        self._sort_by(event.column_index)
