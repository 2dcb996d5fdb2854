"""The hex board of BattleTech: `HexBoard` over a `Board`, with terrain colours and fewer keys.

`BTHexBoard` is the generic board widget drawing a BattleTech `Board` (through `BTBoardView`)
with the terrain roles' colours; `BTBoard` is the play screen's, with fewer keys in the footer;
`BTLegend` explains its glyphs in the same colours.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.binding import Binding, BindingType

from engine.hexes import Hex
from tui.battletech.board_view import TERRAIN_CSS, TERRAIN_ROLES, BTBoardView, BTLegendSource
from tui.battletech.night_board import NIGHT_TERRAIN_CSS, NightLegendSource
from tui.widgets.hexboard import HexBoard
from tui.widgets.hexboard_legend import HexLegend

if TYPE_CHECKING:
    from collections.abc import Callable, Collection

    from engine.battletech.board import Board

__all__ = ["BTBoard", "BTHexBoard", "BTLegend"]

_TERRAIN_CLASSES = {f"hexboard--{role}" for role in TERRAIN_ROLES}


class BTHexBoard(HexBoard):
    """The hex board showing a BattleTech map, its terrain in colour."""

    COMPONENT_CLASSES: ClassVar[set[str]] = _TERRAIN_CLASSES
    """The terrain roles (`hexboard--light-woods`, ...), added to the board's own classes."""

    DEFAULT_CSS = (TERRAIN_CSS + NIGHT_TERRAIN_CSS).replace("WIDGET", "BTHexBoard")

    def __init__(
        self,
        board: Board | None = None,
        *,
        ascii_only: bool = False,
        name: str | None = None,
        id: str | None = None,  # noqa: A002 - Textual's name for it
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        """Create the board.

        Args:
            board: The map to draw; None draws nothing until `set_board`.
            ascii_only: Draw with ASCII characters only (SSH clients, poor fonts).
            name: The widget's name.
            id: The widget's id.
            classes: Space-separated CSS classes.
            disabled: Start disabled.
        """
        view = None if board is None else BTBoardView(board)
        super().__init__(
            view, ascii_only=ascii_only, name=name, id=id, classes=classes, disabled=disabled
        )

    @property
    def board(self) -> Board | None:
        """The map drawn (set it with `set_board`)."""
        view = self.view
        return view.board if isinstance(view, BTBoardView) else None

    def set_board(self, board: Board | None) -> None:
        """Show another map, or the same map with changed terrain (only changed hexes redraw).

        Args:
            board: The new map; None for none. The same map object again changes nothing.
        """
        old = self.board
        if board is not None and board is old:
            return
        if board is None or old is None or (old.width, old.height) != (board.width, board.height):
            self.set_view(None if board is None else BTBoardView(board))
            return
        # Terrain is shared between states: only the hexes whose Terrain object changed can look
        # different (fire, rubble, cleared woods), so the rest are not compared face by face.
        height = board.height
        changed = [
            Hex.from_offset(index // height, index % height)
            for index, (before, after) in enumerate(zip(old.hexes, board.hexes, strict=True))
            if before is not after
        ]
        self.set_view(BTBoardView(board), changed=changed)


class BTBoard(BTHexBoard):
    """The hex board of the play screen: the board's keys, fewer of them in the footer.

    At 80 columns the footer has room for the game's keys only; the board's other keys are on
    the help page (``?``).
    """

    CENTRED = True
    WIDE_WHEN_ROOM = True

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


class BTLegend(HexLegend):
    """The key of a BattleTech board: every terrain glyph and board mark in its colour."""

    COMPONENT_CLASSES: ClassVar[set[str]] = _TERRAIN_CLASSES
    """The terrain roles, added to the board's own classes."""

    DEFAULT_CSS = (TERRAIN_CSS + NIGHT_TERRAIN_CSS).replace("WIDGET", "BTLegend")

    def __init__(
        self,
        *,
        ascii_only: bool = False,
        shown: Callable[[], Collection[str]] | None = None,
        night: bool = False,
        name: str | None = None,
        id: str | None = None,  # noqa: A002 - Textual's name for it
        classes: str | None = None,
    ) -> None:
        """Create the legend.

        Args:
            ascii_only: Show the ASCII glyphs (match the board's setting).
            shown: The roles the board shows now: only their rows are drawn; None: every row.
            night: The board is at night: its colours and the night's rows (`night_board`).
            name: The widget's name.
            id: The widget's id.
            classes: Space-separated CSS classes.
        """
        source = NightLegendSource() if night else BTLegendSource()
        super().__init__(
            source, ascii_only=ascii_only, shown=shown, name=name, id=id, classes=classes
        )
        self.set_class(night, "-night")
