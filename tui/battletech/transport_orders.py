"""Transport on the play screen (BT-C-35.13): ``T`` lists the selected carrier's orders.

In the Movement phase, with a vehicle that has troop space selected (and no move being
plotted), ``T`` opens `TransportScreen`: the loads and unloads the rules accept now
(`engine.battletech.rules.transport.options`), numbered 1-9 with their words and command line.
A digit gives that order through the screen's ``execute``; Escape closes the list. The same
orders are typed on the ``:`` line: ``load UNIT PLATOON [walk STEPS]``, ``unload UNIT``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from engine.battletech.narrate.commands import command_text
from engine.battletech.rules import transport
from engine.battletech.state import BTState, Phase

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.app import ComposeResult
    from textual.binding import BindingType

    from engine.battletech.commands import BTCommand
    from tui.battletech.screen import BattleTechScreen

__all__ = ["TRANSPORT_BINDING", "TransportScreen", "transport_choices", "transport_keys"]

TRANSPORT_BINDING = Binding(
    "T", "transport", "Carry", tooltip="Load or unload infantry (BT-C-35.13)"
)
"""The key, for the screen's BINDINGS."""

_MOST = 9
"""Orders listed at most (keys 1-9)."""


def transport_choices(state: BTState, unit: int | None) -> list[tuple[BTCommand, str]]:
    """The orders ``unit`` may give now and their log words, at most nine."""
    if unit is None or state.phase is not Phase.MOVEMENT:
        return []
    orders = transport.options(state, unit)[:_MOST]
    return [(order, command_text(order, state)) for order in orders]


def transport_keys(
    screen: BattleTechScreen, state: BTState
) -> dict[str, Callable[[tuple[object, ...]], bool]]:
    """The ``transport`` key's rule: a carrier selected that has an order to give."""
    if state.phase is not Phase.MOVEMENT or screen.plot is not None:
        return {}
    selected = screen.selected
    return {"transport": lambda _: bool(transport_choices(state, selected))}  # asked on T only


class TransportScreen(ModalScreen[object]):
    """The selected carrier's transport orders; a digit gives one, Escape none."""

    DEFAULT_CSS = """
    TransportScreen {
        align: center middle;
        background: $background 60%;
    }
    TransportScreen > Vertical {
        width: 80;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        padding: 0 1;
        border: thick $warning;
        background: $surface;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,n", "close", "Cancel", tooltip="Close: give nothing"),
        *(Binding(str(k), f"pick({k})", str(k), show=False) for k in range(1, _MOST + 1)),
    ]

    def __init__(self, screen: BattleTechScreen, choices: list[tuple[BTCommand, str]]) -> None:
        super().__init__()
        self.owner = screen
        self.choices = choices

    def compose(self) -> ComposeResult:
        """The orders, numbered, and the footer."""
        lines = ["Transport (BT-C-35.13): press the order's number, Escape to cancel.", ""]
        lines += [f"{n}  {words}" for n, (_, words) in enumerate(self.choices, start=1)]
        with Vertical():
            yield Static("\n".join(lines), id="bt-transport-body", markup=False)
        yield Footer()

    def action_pick(self, number: int) -> None:
        """Give order ``number`` (1-based) and close."""
        if 1 <= number <= len(self.choices):
            command = self.choices[number - 1][0]
            self.dismiss(command)
            self.owner.execute(command)

    def action_close(self) -> None:
        """Close without an order."""
        self.dismiss(None)


def open_transport(screen: BattleTechScreen) -> None:
    """``T``: list the selected carrier's orders (nothing when it has none)."""
    choices = transport_choices(screen.game.state, screen.selected)
    if choices:
        screen.app.push_screen(TransportScreen(screen, choices))
