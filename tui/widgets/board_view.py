"""What the hex board draws, without any ruleset's types: the `BoardView` protocol.

A ruleset adapts its map to a `BoardView`: the size in hex columns and rows (the kernel's
flat-top odd-q layout, DESIGN 2.1), and for each hex a `HexFace` (texture glyphs, short tags, the
level text, each with a *role*). A role is a style name: the board and its legend read the
colour of role ``r`` from the component class ``hexboard--r``; a ruleset declares its roles'
classes and colours on a subclass of the widgets (a role nobody styles is drawn in the board's
own colours). Units and overlays are not part of the view: the screen sets them on the widget
(`tui.widgets.hexboard.HexBoard`), in hexes and integers only.

An ocean board, for example, could give each hex ``HexFace("deep", "~ ~ ~ ", " ~ ~ ~")`` and
name its two roles ``("deep", "shallows")``; its legend rows say what ``~`` means.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, TypeAlias

from attrs import frozen

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine.hexes import Hex

__all__ = [
    "TEXTURE_WIDTH",
    "BoardView",
    "Glyph",
    "HexFace",
    "LegendRow",
    "LegendSource",
    "Run",
    "Tag",
    "on_board",
]

TEXTURE_WIDTH = 6
"""Cells across each of a hex's two terrain lines."""

Tag: TypeAlias = tuple[str, str]
"""Two cells of text and their role, e.g. ``("~2", "water")``."""
Run: TypeAlias = tuple[str, tuple[str, ...]]
"""Text and the roles that style it (applied in turn)."""
LegendRow: TypeAlias = tuple[tuple[Run, ...], str]
"""A legend row: its sample as styled runs, then what it means."""


@frozen
class HexFace:
    """How the inside of one hex is drawn, apart from the units and overlays on it.

    The upper terrain line (under the label) holds the texture, up to two tags from the left and
    the level at the right; the lower line (where units stand) holds the texture when nothing
    else is there.
    """

    role: str = ""
    """The role of the texture glyphs."""
    upper: str = ""
    """The texture of the upper line: `TEXTURE_WIDTH` cells, spaces left blank."""
    lower: str = ""
    """The texture of the lower line, likewise."""
    tags: tuple[Tag, ...] = ()
    """Two-cell tags, most urgent first; the board draws the first two."""
    level: str = ""
    """The elevation as text ("2", "-1"), or "" for none; the board draws its last 3 cells."""


@frozen
class Glyph:
    """How one kind of terrain (or board feature) is drawn: a helper for views and legends.

    The texture masks are `TEXTURE_WIDTH` cells wide, one per terrain line of a hex; ``x``
    marks where the glyph goes. Kinds drawn as a two-cell tag have empty masks.
    """

    role: str
    """The style name: ``hexboard--<role>`` holds the colour."""
    name: str
    """What the legend calls it."""
    unicode: str
    """The glyph, one cell wide."""
    ascii: str
    """The fallback for ``ascii_only`` boards."""
    upper: str = ""
    """Texture mask of the upper terrain line (under the label)."""
    lower: str = ""
    """Texture mask of the lower terrain line (where units stand)."""

    def char(self, *, ascii_only: bool) -> str:
        """Return the glyph, or its ASCII fallback."""
        return self.ascii if ascii_only else self.unicode

    def texture(self, mask: str, *, ascii_only: bool) -> str:
        """Return ``mask`` with its ``x`` cells replaced by the glyph."""
        return mask.replace("x", self.char(ascii_only=ascii_only))

    def face(self, *, ascii_only: bool) -> HexFace:
        """Return a hex filled with this glyph's texture (no tags, no level)."""
        return HexFace(
            self.role,
            self.texture(self.upper, ascii_only=ascii_only),
            self.texture(self.lower, ascii_only=ascii_only),
        )


class LegendSource(Protocol):
    """What a legend needs from a kind of board: its roles and its rows."""

    @property
    def roles(self) -> Sequence[str]:
        """Every role the view's faces and legend rows use, besides the board's own."""
        ...

    def legend(self, *, ascii_only: bool) -> Sequence[LegendRow]:
        """Return the legend's rows, in order (see `tui.widgets.hexboard_legend.unit_rows`)."""
        ...


class BoardView(LegendSource, Protocol):
    """A board as the hex board widget draws it."""

    @property
    def width(self) -> int:
        """Hex columns."""
        ...

    @property
    def height(self) -> int:
        """Hex rows."""
        ...

    def face(self, where: Hex, *, ascii_only: bool) -> HexFace:
        """Return how the inside of a hex on the board is drawn.

        Args:
            where: A hex on the board.
            ascii_only: Use ASCII characters only.
        """
        ...

    def describe(self, where: Hex) -> str:
        """Return a hex in words for the tooltip ("0507 heavy woods, level 2")."""
        ...


def on_board(view: BoardView, where: Hex) -> bool:
    """Return whether a hex lies on a view's board."""
    col, row = where.to_offset()
    return 0 <= col < view.width and 0 <= row < view.height
