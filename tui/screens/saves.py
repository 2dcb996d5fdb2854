"""Browse saved games: open, delete (after asking), refresh."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from tui.screens._library import damage_report
from tui.screens.confirm import ConfirmScreen
from tui.widgets.save_table import SaveTable, format_size

if TYPE_CHECKING:
    from textual.app import ComposeResult

    from tui.screens._library import SaveLibrary, SaveSummary


def describe(save: SaveSummary) -> str:
    """Write the one-line detail shown under the table for the highlighted save.

    Args:
        save: The save.

    Returns:
        The file name with its error, or with its players and length.
    """
    if save.error is not None:
        return damage_report(save)
    parts = [save.path.name]
    if save.players:
        parts.append(", ".join(save.players))
    parts.append(f"{save.entries} command{'s' if save.entries != 1 else ''}")
    parts.append(format_size(save.size))
    return " - ".join(parts)


class SaveBrowserScreen(Screen[None]):
    """List the saves of a directory; opening one is the app's business (`OpenRequested`)."""

    BINDINGS = [
        Binding("escape", "back", "Back", tooltip="Back to the main menu"),
        Binding("enter", "open", "Open", tooltip="Open the highlighted save"),
        Binding("d,delete", "delete", "Delete", tooltip="Delete the highlighted save (asks first)"),
        Binding("r", "refresh", "Refresh", tooltip="Read the saves directory again"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Up, Down, PgUp, PgDn | Move in the list. |
    | Enter | Open the highlighted save. |
    | d, Delete | Delete the highlighted save (asks first). |
    | r | Read the directory again. |
    | Escape | Back to the main menu. |
    """

    class OpenRequested(Message):
        """The player asked to open a save."""

        def __init__(self, save: SaveSummary, *, replay: bool = False) -> None:
            """Carry the save to open.

            Args:
                save: The chosen save.
                replay: Watch it from the start instead of playing on.
            """
            super().__init__()
            self.save = save
            self.replay = replay

    def __init__(self, library: SaveLibrary, *, replay: bool = False) -> None:
        """Create the browser.

        Args:
            library: Where the saves are and how to list and delete them.
            replay: The Replays browser: Enter watches a save from its start.
        """
        super().__init__()
        self.library = library
        self.replay = replay

    def compose(self) -> ComposeResult:
        """Lay out the heading, the table, the detail line and the key hints."""
        yield Static(f"Saved games in {self.library.directory}", id="saves-heading", markup=False)
        yield SaveTable(id="saves-table")
        yield Static("", id="saves-detail", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        """Read the directory."""
        self.action_refresh()

    @property
    def table(self) -> SaveTable:
        """The table of saves."""
        return self.query_one("#saves-table", SaveTable)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Grey out Open and Delete while there is nothing to open or delete."""
        del parameters
        if action in {"open", "delete"} and self.is_mounted:
            return self.table.highlighted_save is not None or None
        return True

    def action_refresh(self) -> None:
        """Read the saves directory again and redraw the list."""
        try:
            saves = self.library.scan()
        except OSError as error:
            saves = []
            self.notify(
                f"Cannot read {self.library.directory}: {error}", severity="error", markup=False
            )
        self.table.show(saves)
        self._update_detail()
        self.refresh_bindings()

    def action_back(self) -> None:
        """Return to the previous screen."""
        self.dismiss()

    def action_open(self) -> None:
        """Ask the app to open the highlighted save."""
        save = self.table.highlighted_save
        if save is not None:
            self.post_message(self.OpenRequested(save, replay=self.replay))

    def action_delete(self) -> None:
        """Delete the highlighted save, after a confirmation that defaults to No."""
        save = self.table.highlighted_save
        if save is None:
            return

        def delete_if_confirmed(confirmed: bool | None) -> None:
            if confirmed:
                self._delete(save)

        question = f"Delete {save.path.name}?\nThe game cannot be recovered."
        self.app.push_screen(ConfirmScreen(question, yes="Delete", no="Keep"), delete_if_confirmed)

    def _delete(self, save: SaveSummary) -> None:
        """Delete one save now and say how it went."""
        try:
            self.library.delete(save)
        except OSError as error:
            self.notify(f"Cannot delete {save.path.name}: {error}", severity="error", markup=False)
        else:
            self.notify(f"Deleted {save.path.name}", markup=False)
        self.action_refresh()

    @on(DataTable.RowSelected, "#saves-table")
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        """Open the save on Enter or a click."""
        event.stop()
        self.action_open()

    @on(DataTable.RowHighlighted, "#saves-table")
    def _row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """Describe the save under the cursor."""
        event.stop()
        self._update_detail()

    def _update_detail(self) -> None:
        """Write the detail line for the highlighted save, or say the directory is empty."""
        save = self.table.highlighted_save
        if save is not None:
            text = describe(save)
        else:
            text = "No saved games yet. Start one from the main menu."
        self.query_one("#saves-detail", Static).update(text)
