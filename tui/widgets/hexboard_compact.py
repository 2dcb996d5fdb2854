"""The hex board's compact view: two cells a hex, a hex row a line (`HexBoard.set_compact`).

The zoomed view (`tui.widgets.hexboard`) spends 8 x 5 cells on a hex; the compact one spends
2 x 1, so a 36 x 24 board is 72 cells by 24 lines and shows whole on an 80-column terminal
(DW-28.1 item 4, DW-28.13 item 16 "Rendering note"). Each hex is a glyph and a second cell:

- a unit: its letter and its facing (``B↗``; the digits 0-5, N to NW clockwise, as the ASCII
  fallback: ``B1``), or what the ruleset's `tui.widgets.hexboard_pieces.Pieces` draws;
- an empty hex: its terrain glyph (the first glyph of its texture) and the text of an overlay
  there (a cost, a mark, a ring's band, the path's arrow), else a blank.

Overlays shade both cells, as in the zoomed view. The kernel's columns are flat-topped, odd
columns half a hex lower (DESIGN 2.1); a line cannot be split in half, so the compact view
draws the offset grid as it is, hex (col, row) at cells (2 col, row): an odd column's hex sits
half a hex lower than it looks, and a step NE or SE from it is to the right on the same line or
the line below (from an even column: the line above or the same line). The cursor keys and
q w e a s d still step to the true neighbours. The rendering note's "odd rows shifted right by
one cell" is the same half-hex shift for pointy-top rows, which our flat-top columns turn into
the half line that cannot be drawn.
"""

from __future__ import annotations

from textual.geometry import Region, Size

from engine.hexes import Facing, Hex

__all__ = [
    "COMPACT_STEP",
    "FACING_DIGITS",
    "compact_hex_at",
    "compact_region",
    "compact_size",
    "compact_text",
    "facing_char",
]

COMPACT_STEP = 2
"""Cells from one hex column to the next in the compact view."""

FACING_DIGITS = "012345"
"""The ASCII facing characters, N NE SE S SW NW (the rendering note's fallback)."""

_UNICODE_FACINGS = "↑↗↘↓↙↖"


def facing_char(facing: Facing, *, digits: bool) -> str:
    """Return a facing's compact character: an arrow, or its digit (0 N ... 5 NW)."""
    return (FACING_DIGITS if digits else _UNICODE_FACINGS)[facing.value]


def compact_size(width: int, height: int) -> Size:
    """Return the size in cells of a compact board of ``width`` x ``height`` hexes."""
    if width < 1 or height < 1:
        return Size(0, 0)
    return Size(COMPACT_STEP * width, height)


def compact_region(where: Hex) -> Region:
    """Return the two cells of a hex in the compact view."""
    col, row = where.to_offset()
    return Region(col * COMPACT_STEP, row, COMPACT_STEP, 1)


def compact_hex_at(x: int, y: int, width: int, height: int) -> Hex | None:
    """Return the hex drawn at cell (x, y) of a compact board, or None off the board."""
    if x < 0 or y < 0:
        return None
    col = x // COMPACT_STEP
    if col >= width or y >= height:
        return None
    return Hex.from_offset(col, y)


def compact_text(text: str) -> str:
    """Return the one cell an overlay's text gets in the compact view.

    One character stays; a longer text keeps its first character when the second is not a
    digit (``2½`` a band and half the dice: ``2``; ``--``: ``-``), else ``+`` (``12``: more
    than fits; the hex line and the zoomed view tell it).
    """
    if len(text) <= 1:
        return text
    return "+" if text[1].isdigit() else text[0]
