"""Ask a yes/no question before doing something that cannot be undone."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Label

if TYPE_CHECKING:
    from textual.app import ComposeResult


class ConfirmScreen(ModalScreen[bool]):
    """A modal question answered with y or n; Enter and Escape answer No.

    Dismisses with True only for an explicit yes (the `y` key or the Yes button).
    """

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", tooltip="Answer yes: go ahead"),
        Binding("n,escape", "answer(False)", "No", tooltip="Answer no: leave things as they are"),
        Binding("left,right", "app.focus_next", show=False),
    ]
    """
    | Key | Action |
    | :- | :- |
    | y | Answer yes. |
    | n, Escape | Answer no. |
    | Enter | Press the focused button (No unless you moved to Yes). |
    """

    def __init__(self, question: str, *, yes: str = "Yes", no: str = "No") -> None:
        """Create the dialog.

        Args:
            question: One or two lines saying what will happen.
            yes: Label of the confirming button, e.g. "Delete".
            no: Label of the cancelling button.
        """
        super().__init__()
        self.question = question
        self.yes_label = yes
        self.no_label = no

    def compose(self) -> ComposeResult:
        """Lay out the question above the two buttons."""
        with Vertical(id="confirm-dialog"):
            yield Label(self.question, id="confirm-question")
            with Horizontal(id="confirm-buttons"):
                yield Button(f"{self.yes_label} (y)", id="confirm-yes")
                yield Button(f"{self.no_label} (n)", id="confirm-no")
        yield Footer()

    def on_mount(self) -> None:
        """Focus No, so a stray Enter does not destroy anything."""
        self.query_one("#confirm-no", Button).focus()

    def action_answer(self, answer: bool) -> None:
        """Close the dialog with an answer.

        Args:
            answer: True for yes.
        """
        self.dismiss(answer)

    @on(Button.Pressed)
    def _button_pressed(self, event: Button.Pressed) -> None:
        """Answer by the button that was pressed."""
        self.dismiss(event.button.id == "confirm-yes")
