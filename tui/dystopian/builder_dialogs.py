"""The fleet builder's small dialogs: a squadron's options, wings, and opening a fleet (DW-22).

- `OptionsDialog`: the options the card offers, bought for every model of the squadron (DW-3.4).
- `WingsDialog`: the free wings' composition (DW-20.1: none or one of four) or a carrier's wings
  within its capacity, and each wing's kind.
- `FleetPicker`: a fleet to start from (any fleet of the library), or one of the user's own
  fleet files to delete (after a question).

Each answers by `dismiss`; none touches a file or the engine's state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from attrs import frozen
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from engine.dystopian.fleet_builder import layout_of, layout_text, next_kind, wings_for

if TYPE_CHECKING:
    from collections.abc import Sequence

    from textual.app import ComposeResult

    from engine.dystopian.fleet import Wing
    from engine.dystopian.fleet_builder import Layout
    from engine.dystopian.models import ModelCard

__all__ = ["FleetPicker", "OptionsDialog", "Picked", "WingsDialog", "wing_words"]


@frozen
class Picked:
    """The picker's answer: open the fleet ``name``, or delete its file."""

    name: str
    delete: bool = False


def wing_words(wings: Sequence[Wing]) -> str:
    """``"4 fighters, 3 torpedo bombers, 1 recon"``, or ``"none"``."""
    if not wings:
        return "none"
    return ", ".join(f"{w.tokens} {_kind(w)}" for w in wings)


def _kind(wing: Wing) -> str:
    """``"fighters"``, ``"torpedo bombers"``; ``"recon"`` stays as it is."""
    words = wing.kind.value.replace("_", " ")
    return words if wing.is_recon or wing.tokens == 1 else f"{words}s"


class OptionsDialog(ModalScreen[tuple[str, ...]]):
    """Buy or drop the card's options for a squadron; Escape keeps what is ticked."""

    CSS_PATH = "builder.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "buy", "Buy/drop", tooltip="Buy or drop the highlighted option"),
        Binding("escape", "done", "Done", tooltip="Keep the options ticked"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Up, Down | The option. |
    | Space, Enter | Buy or drop it. |
    | Escape | Done. |
    """

    def __init__(self, card: ModelCard, chosen: Sequence[str]) -> None:
        """Create the dialog for ``card``'s options, ``chosen`` ticked."""
        super().__init__()
        self.card = card
        self.chosen = set(chosen)

    def compose(self) -> ComposeResult:
        """The card's options, each with its cost a model."""
        with Vertical(classes="dwb-dialog"):
            yield Static(f"Options of the {self.card.name}", classes="dwb-title", markup=False)
            yield OptionList(*self._rows(), id="dwb-options")
            yield Static(
                "Space or Enter buys or drops; Escape keeps.", classes="dwb-hint", markup=False
            )
        yield Footer()

    def _rows(self) -> list[Option]:
        return [
            Option(
                Content(f"[{'x' if o.id in self.chosen else ' '}] {o.name} +{o.points} pts"), o.id
            )
            for o in self.card.options
        ]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter toggles the option."""
        event.stop()
        self.action_buy()

    def action_buy(self) -> None:
        """Buy or drop the highlighted option."""
        options = self.query_one(OptionList)
        at = options.highlighted
        if at is None or not 0 <= at < len(self.card.options):
            return
        self.chosen ^= {self.card.options[at].id}
        options.set_options(self._rows())
        options.highlighted = at

    def action_done(self) -> None:
        """Keep the ticked options, in the card's order."""
        self.dismiss(tuple(o.id for o in self.card.options if o.id in self.chosen))


class WingsDialog(ModalScreen[tuple["Wing", ...]]):
    """Choose the wings' composition and each wing's kind (DW-20.1); Escape keeps them."""

    CSS_PATH = "builder.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "layout(-1)", "Composition", key_display="←→"),
        Binding("right", "layout(1)", "Composition", show=False),
        Binding("up", "wing(-1)", "Wing", key_display="↑↓"),
        Binding("down", "wing(1)", "Wing", show=False),
        Binding("space,enter", "kind", "Kind", tooltip="Fighter, bomber, torpedo bomber"),
        Binding("escape", "done", "Done", tooltip="Keep these wings"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Left, Right | The previous (next) composition. |
    | Up, Down | The wing whose kind changes. |
    | Space, Enter | The wing's next kind: fighter, bomber, torpedo bomber (recon stays). |
    | Escape | Done: keep these wings. |
    """

    def __init__(self, title: str, layouts: Sequence[Layout], wings: Sequence[Wing]) -> None:
        """Create the dialog.

        Args:
            title: what the wings are: ``"Free wings (DW-20.1)"``.
            layouts: the compositions offered (`engine.dystopian.fleet_builder`).
            wings: the wings now.
        """
        super().__init__()
        self.title_text = title
        self.layouts = tuple(layouts) or ((),)
        shape = layout_of(wings)
        self.at = self.layouts.index(shape) if shape in self.layouts else 0
        self.kinds = [w.kind for w in wings if not w.is_recon]
        self.wings = wings_for(self.layouts[self.at], self.kinds)
        self.row = 0

    def compose(self) -> ComposeResult:
        """The composition and one line a wing."""
        with Vertical(classes="dwb-dialog"):
            yield Static(self.title_text, classes="dwb-title", markup=False)
            yield Static(id="dwb-wings", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        """Show the wings."""
        self._show()

    def _show(self) -> None:
        layout = self.layouts[self.at]
        lines = [f"Composition {self.at + 1} of {len(self.layouts)}: {layout_text(layout)}", ""]
        for n, wing in enumerate(self.wings):
            mark = ">" if n == self.row else " "
            lines.append(f"{mark} wing {n + 1}: {wing.tokens} {_kind(wing)}")
        if not self.wings:
            lines.append("  no wings")
        self.query_one("#dwb-wings", Static).update("\n".join(lines))

    def action_layout(self, step: int) -> None:
        """The previous or next composition, the kinds kept where they fit."""
        self.at = (self.at + step) % len(self.layouts)
        self.wings = wings_for(self.layouts[self.at], self.kinds)
        self.row = min(self.row, max(len(self.wings) - 1, 0))
        self._show()

    def action_wing(self, step: int) -> None:
        """The wing above or below."""
        if self.wings:
            self.row = (self.row + step) % len(self.wings)
            self._show()

    def action_kind(self) -> None:
        """The highlighted wing's next kind (a recon wing stays recon, DW-20.1)."""
        if not self.wings or self.wings[self.row].is_recon:
            return
        others = sum(1 for w in self.wings[: self.row] if not w.is_recon)
        current = [w.kind for w in self.wings if not w.is_recon]
        current[others] = next_kind(current[others])
        self.kinds = current + self.kinds[len(current) :]
        self.wings = wings_for(self.layouts[self.at], self.kinds)
        self._show()

    def action_done(self) -> None:
        """Keep these wings."""
        self.dismiss(self.wings)


class FleetPicker(ModalScreen[Picked | None]):
    """Pick a fleet to start from; ``d`` asks to delete one of the user's own fleet files."""

    CSS_PATH = "builder.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "delete", "Delete file", tooltip="Delete your fleet file (asks first)"),
        Binding("escape", "cancel", "Back"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Up, Down, Enter | Open the fleet (a copy when it is not yours). |
    | d | Delete your fleet's file, after a question. |
    | Escape | Back to the builder. |
    """

    def __init__(self, names: Sequence[str], mine: Sequence[str]) -> None:
        """Create the picker over ``names``; ``mine`` are the user's own (deletable) fleets."""
        super().__init__()
        self.names = sorted(names)
        self.mine = set(mine)
        self.deleted: str | None = None

    def compose(self) -> ComposeResult:
        """The fleets, the user's marked ``(yours)``."""
        with Vertical(classes="dwb-dialog"):
            yield Static("Open a fleet", classes="dwb-title", markup=False)
            yield OptionList(
                *[
                    Option(Content(f"{n}{'  (yours)' if n in self.mine else ''}"), n)
                    for n in self.names
                ],
                id="dwb-picker",
            )
            yield Static(
                "Enter opens; d deletes your own file; Escape goes back.",
                classes="dwb-hint",
                markup=False,
            )
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter opens the fleet."""
        event.stop()
        self.dismiss(Picked(event.option.id or ""))

    def action_delete(self) -> None:
        """Ask the builder to delete the highlighted fleet's file (it asks the question)."""
        options = self.query_one(OptionList)
        at = options.highlighted
        if at is None:
            return
        name = self.names[at]
        if name not in self.mine:
            self.notify(
                "Only your own fleet files can be deleted.", severity="warning", markup=False
            )
            return
        self.dismiss(Picked(name, delete=True))

    def action_cancel(self) -> None:
        """Back without a fleet."""
        self.dismiss(None)
