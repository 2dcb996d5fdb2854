"""The board at night, for every ruleset: lit hexes, gunflash marks and a darker palette.

The night rules (`../shared/rules/night.md`, NT-1..NT-5) light some hexes (fires, flares,
searchlights, a gunflash) and leave the rest dark. The hex board shows this with three roles of
its own, whatever the map:

- ``lit``: every cell of a lit hex, under the overlays (the cursor, a path, a reach still show);
  its background is the faintest shading there is, and ``lit-label`` marks its label;
- ``flash``: the gunflash mark (``✹``, ASCII ``!``) at the right of the hex's unit line, where
  a unit fired this turn (NT-4: a shot, jitter fire too, gives the firer away);
- the ``-night`` class on the board (and its legend) darkens the board's own roles: edges,
  labels, levels; a ruleset darkens its terrain roles the same way (its own CSS).

Colours, like the other overlays (`hexboard_legend.BOARD_CSS`): xterm-256 entries that stay apart
in 16 colours (lit: cyan, which no other overlay uses; the gunflash: bright yellow on red), and
attributes on a board without colour (``-mono``: a lit hex's glyphs bold, its label bold italic;
the gunflash reversed; the night's edges and labels dim).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui.widgets.board_view import Glyph

if TYPE_CHECKING:
    from tui.widgets.board_view import LegendRow

__all__ = ["FLASH", "NIGHT_CSS", "NIGHT_ROLES", "night_rows"]

FLASH = Glyph("flash", "gunflash: fired this turn", "✹", "!")
"""The gunflash mark: a unit in this hex fired this turn, so it is seen (NT-4)."""

NIGHT_ROLES: tuple[str, ...] = ("lit", "lit-label", "flash")
"""The board's roles for the night (added to `hexboard_legend.ROLES`)."""

NIGHT_CSS = """
WIDGET > .hexboard--lit { background: #008787; }
WIDGET > .hexboard--lit-label { color: $foreground; text-style: bold; }
WIDGET > .hexboard--flash { color: #ffff5f; background: #af0000; text-style: bold; }
WIDGET.-night { background: $background-darken-3; }
WIDGET.-night > .hexboard--edge { color: $secondary-darken-2; }
WIDGET.-night > .hexboard--label { color: $secondary-darken-1; }
WIDGET.-night > .hexboard--level { color: $foreground-darken-2; text-style: bold; }
WIDGET.-mono > .hexboard--lit { background: $background; text-style: bold; }
WIDGET.-mono > .hexboard--lit-label { text-style: bold italic; }
WIDGET.-mono > .hexboard--flash {
    color: $foreground; background: $background; text-style: bold reverse;
}
WIDGET.-mono.-night { background: $background; }
WIDGET.-mono.-night > .hexboard--edge { color: $foreground; text-style: dim; }
WIDGET.-mono.-night > .hexboard--label { color: $foreground; text-style: dim; }
"""
"""The night's colours for ``WIDGET`` = a board or legend widget class (`hexboard_legend`)."""


def night_rows(*, ascii_only: bool) -> list[LegendRow]:
    """Return the legend rows of the night: a dark hex, a lit hex, a gunflash.

    Args:
        ascii_only: Use the ASCII glyphs.

    Returns:
        A heading and three rows (the dark hex's row has only generic roles: always kept).
    """
    flash = FLASH.char(ascii_only=ascii_only)
    return [
        ((), "Night"),
        ((("0507", ("label",)),), "dark hex: enemies unseen unless near, lit or firing"),
        ((("0507", ("lit", "label", "lit-label")),), "lit hex: seen; on or beside it, no stray"),
        ((("A", ("side-0",)), (" ", ()), (flash, ("flash",))), "gunflash: fired, so seen"),
    ]
