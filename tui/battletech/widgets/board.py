"""The hex board of the BattleTech play screen: `HexBoard` with fewer keys in the footer."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType

from tui.widgets.hexboard import HexBoard

__all__ = ["BTBoard"]


class BTBoard(HexBoard):
    """The hex board of the play screen: the board's keys, fewer of them in the footer.

    At 80 columns the footer has room for the game's keys only; the board's other keys are on
    the help page (``?``).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move('N')", "Cursor", key_display="↑↓←→", tooltip="Cursor N"),
        Binding("down", "move('S')", "Cursor", show=False, tooltip="Cursor S"),
        Binding("left", "across(-1)", "Cursor", show=False, tooltip="Cursor W along the row"),
        Binding("right", "across(1)", "Cursor", show=False, tooltip="Cursor E along the row"),
        Binding("q", "step('NW')", "Hex step", show=False, tooltip="Cursor to the NW hex"),
        Binding("w", "step('N')", "Hex step", show=False, tooltip="Cursor to the N hex"),
        Binding("e", "step('NE')", "Hex step", show=False, tooltip="Cursor to the NE hex"),
        Binding("a", "step('SW')", "Hex step", show=False, tooltip="Cursor to the SW hex"),
        Binding("s", "step('S')", "Hex step", show=False, tooltip="Cursor to the S hex"),
        Binding("d", "step('SE')", "Hex step", show=False, tooltip="Cursor to the SE hex"),
        Binding(
            "enter",
            "select",
            "Select",
            show=False,
            tooltip="Act on the cursor hex: place, pick a unit, plot a route there, confirm",
        ),
        Binding("home", "centre", "Centre", show=False, tooltip="Scroll the cursor to the middle"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Arrows | Move the cursor (Left and Right keep the row number). |
    | q w e / a s d | Cursor to the NW, N, NE / SW, S, SE neighbour. |
    | Enter | Act on the cursor hex (the screen decides what that means now). |
    | Home | Scroll the cursor to the middle of the view. |
    """
