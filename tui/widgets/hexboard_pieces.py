"""How a ruleset draws its own pieces on the shared hex board: the `Pieces` hook.

The board (`tui.widgets.hexboard.HexBoard`) draws every unit marker as a letter and a facing
mark by itself. A ruleset whose pieces need more (a wing's token count, a mine, a level shown
by text style) gives the board a `Pieces` subclass (``HexBoard(..., pieces=...)``): for each
hex that holds markers the board asks it first, and draws its own token where it answers None.
The hook only turns markers into cells (a character and its roles, like the rest of the
picture): it never reads game state, and the roles it uses are the view's to declare and colour
(`tui.widgets.board_view`).

Three places ask it:

- `Pieces.token`: the token of the unit drawn in a zoomed hex (up to 4 cells, on the line under
  the label, after the pointer);
- `Pieces.badge`: up to two cells at the right of that line, where the board puts a cost or a
  mark's text when there is one (e.g. a second piece sharing the hex);
- `Pieces.compact`: the two cells of the unit drawn in the compact view (a glyph, a facing
  character; `tui.widgets.hexboard_compact`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tui.widgets.hexboard import Cell, UnitMarker

__all__ = ["Pieces"]


class Pieces:
    """The board's own drawing of every piece (answers None or nothing everywhere).

    Subclass it and override what differs; the board calls it with ``ascii_only`` as it draws.
    """

    def token(self, unit: UnitMarker, *, ascii_only: bool) -> Sequence[Cell] | None:
        """Return the cells of ``unit``'s token in a zoomed hex, or None for the board's own.

        Args:
            unit: The marker drawn in its hex (the selected one, else the first there).
            ascii_only: Use ASCII characters only.

        Returns:
            Up to 4 cells, or None: the board's letter, facing mark and kind mark.
        """
        del unit, ascii_only
        return None

    def badge(
        self, shown: UnitMarker, units: Sequence[UnitMarker], *, ascii_only: bool
    ) -> Sequence[Cell]:
        """Return up to two cells for the right end of a zoomed hex's unit line.

        The board draws them only when no cost or mark text is there.

        Args:
            shown: The marker whose token is drawn.
            units: Every marker in the hex, ``shown`` among them.
            ascii_only: Use ASCII characters only.

        Returns:
            The cells (empty: nothing).
        """
        del shown, units, ascii_only
        return ()

    def compact(self, unit: UnitMarker, *, ascii_only: bool) -> tuple[Cell, Cell] | None:
        """Return the two cells of ``unit`` in the compact view, or None for the board's own.

        Args:
            unit: The marker drawn in its hex.
            ascii_only: Use ASCII characters only.

        Returns:
            Two cells (a glyph, a facing character), or None: the board's letter and facing.
        """
        del unit, ascii_only
        return None
