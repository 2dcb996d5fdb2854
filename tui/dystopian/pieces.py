"""Dystopian Wars pieces as the shared board draws them: `DWPieces`, `ModelMarker`, `MineMarker`.

DW-28.13 item 16 and its rendering note, through the board's public `Pieces` hook
(`tui.widgets.hexboard_pieces`):

- **compact view** (two cells a hex): a model is its type's letter (B battleship, C cruiser,
  F frigate, E escort, S submarine, K carrier, A airship, M bomber, L landship, T tank,
  X fortress; `tui.dystopian.board_view.model_letter`) and its facing, an arrow or, with
  `DWPieces.digits` (ASCII boards, 16 colours, monochrome), the digit 0-5 (N, NE, SE, S, SW,
  NW). A wing (DW-20) is the digit of its tokens and its kind's letter (``5F``), a mine (DW-18.6)
  ``*``. The colour is the owner's (``piece-0``, ``piece-1``; the second player's letters are
  lower case too, for monochrome); the text style is the level: bold flying (wings too),
  reverse video obscured, dim submerged (DW-11.8, DW-11.9); the selected piece is underlined.
- **zoomed view**: a model is the board's own token (letter, facing mark, level mark ``^ " v``);
  a wing is ``*F5`` (mark, letter, tokens: no facing, wings turn freely, DW-20.2); a wing on CAP
  (DW-20.8) under its host's token shows its letter and tokens at the right of the hex (the
  `Pieces.badge`); a mine is ``*``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import attrs
from attrs import frozen

from engine.dystopian.geometry import Level
from tui.dystopian.wing_view import WingMarker
from tui.widgets.hexboard import UnitMarker
from tui.widgets.hexboard_compact import facing_char
from tui.widgets.hexboard_pieces import Pieces

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tui.widgets.hexboard import Cell, Roles

__all__ = [
    "LEVEL_ROLES",
    "PIECE_CSS",
    "PIECE_ROLES",
    "DWPieces",
    "MineMarker",
    "ModelMarker",
    "piece_roles",
]

LEVEL_ROLES: Final = {
    Level.FLYING: "level-flying",
    Level.OBSCURED: "level-obscured",
    Level.SUBMERGED: "level-submerged",
}
"""The rendering note's text style of each level above or below the surface."""

PIECE_ROLES: tuple[str, ...] = ("piece-0", "piece-1", "piece-selected", *LEVEL_ROLES.values())
"""The roles the compact pieces use (a DW board declares and colours them)."""

PIECE_CSS = """
WIDGET > .hexboard--piece-0 { color: $error-lighten-1; }
WIDGET > .hexboard--piece-1 { color: $secondary-lighten-2; }
WIDGET > .hexboard--piece-selected { text-style: underline; }
WIDGET > .hexboard--level-flying { text-style: bold; }
WIDGET > .hexboard--level-obscured { text-style: reverse; }
WIDGET > .hexboard--level-submerged { text-style: dim; }
"""
"""The owner's colour and the level's text style, for ``WIDGET`` = a board or legend class."""


@frozen
class ModelMarker(UnitMarker):
    """A model on the board: the board's marker and its level (DW-11.8, DW-11.9).

    Attributes:
        level: surface, flying, obscured or submerged: the compact view's text style.
    """

    level: Level = Level.SURFACE


@frozen
class MineMarker(UnitMarker):
    """A dropped mine (DW-18.6): ``*`` in its owner's colour; its facing is not drawn."""


def piece_roles(unit: UnitMarker, level: Level) -> Roles:
    """The roles of a piece's compact cells: the owner's colour, the level, the selection."""
    roles: Roles = (f"piece-{unit.side % 2}",)
    if level in LEVEL_ROLES:
        roles = (*roles, LEVEL_ROLES[level])
    if unit.selected:
        roles = (*roles, "piece-selected")
    return roles


@attrs.define
class DWPieces(Pieces):
    """DW's drawing of models, wings and mines on the shared board (see the module's text)."""

    digits: bool = False
    """Facing as the digits 0-5 in the compact view (set for 16 colours and monochrome)."""

    def token(self, unit: UnitMarker, *, ascii_only: bool) -> Sequence[Cell] | None:
        """A wing ``*F5``, a mine ``*``; a model: the board's own token."""
        roles: Roles = (f"side-{unit.side % 4}",)
        if unit.selected:
            roles = (*roles, "selected")
        if isinstance(unit, MineMarker):
            return [("*", roles)]
        if not isinstance(unit, WingMarker):
            return None
        mark = "*" if unit.kind is None else unit.kind.char(ascii_only=ascii_only)
        count = str(unit.tokens)[-1:]
        return [(mark, (*roles, "kind")), (unit.letter[:1] or "?", roles), (count, roles)]

    def badge(
        self, shown: UnitMarker, units: Sequence[UnitMarker], *, ascii_only: bool
    ) -> Sequence[Cell]:
        """DW-20.8: a CAP wing under its host's token: its letter and tokens."""
        del ascii_only
        cap = next(
            (u for u in units if isinstance(u, WingMarker) and u.cap and u is not shown), None
        )
        if cap is None:
            return ()
        roles: Roles = (f"side-{cap.side % 4}", "kind")
        return [(cap.letter[:1], roles), (str(cap.tokens)[-1:], roles)]

    def compact(self, unit: UnitMarker, *, ascii_only: bool) -> tuple[Cell, Cell]:
        """The rendering note's two cells: glyph and facing; a wing's tokens and kind; a mine."""
        if isinstance(unit, WingMarker):
            roles = piece_roles(unit, Level.FLYING)
            return (str(unit.tokens)[-1:], roles), (unit.letter[:1] or "?", roles)
        level = unit.level if isinstance(unit, ModelMarker) else Level.SURFACE
        roles = piece_roles(unit, level)
        if isinstance(unit, MineMarker):
            return ("*", roles), (" ", roles)
        facing = facing_char(unit.facing, digits=self.digits or ascii_only)
        return (unit.letter[:1] or "?", roles), (facing, roles)
