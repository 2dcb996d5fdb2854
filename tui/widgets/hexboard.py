r"""The hex board of every ruleset: flat-top ASCII hexes drawn a line at a time, with overlays.

Layout (DESIGN 2.1: flat-top hexes in columns, odd columns half a hex lower). Each hex is a box
of 8 x 5 cells sharing its edges with its neighbours: hex columns are 6 cells apart, hex rows 4
lines apart, and odd columns start 2 lines lower. A 3 x 2 board::

      ____        ____
     /0101\      /0301\          each hex, top to bottom:
    /^ ^ ^ \____/      \         the label (column, row)
    \ ^ ^ ^/0201\    1 /         upper line: texture, or a unit and an MP cost
     \____/ A↗  3\____/          lower line: texture, tags (``~2``), level
     /0102\♣♣♣ 2 /0302\
    /~~~~~~\____/ ↙B_  \         0201: heavy woods, level 2, an Atlas facing NE, 3 MP away
    \~~2~~~/0202\  %  %/         0302: rough, a prone unit facing SW; 0301: level 1
     \____/      \____/
          \      /
           \____/

The upper line, right under the hex's own label and between the edges of the neighbouring
columns, holds from the left: a pointer (``▸`` selected unit, ``+`` more units), the unit token
(its letter and its facing mark, west-going marks on the left, and ``_`` on the other side if
prone) or a path step arrow, and at the right a two-cell cost or mark. When it holds anything,
its texture is left out so numbers never run into glyphs. The lower line sits beside the next
row's labels: its end cells hold texture only, never a digit or a letter.

The map itself comes through a `BoardView` (`tui.widgets.board_view`): its size and each hex's
`HexFace` (texture, tags, level, and their roles); the example above is a BattleTech board
(`tui.battletech.board_view`). Units, paths and the other overlays are set by the screen in
hexes and integers; their glyphs, colours and the legend are in `hexboard_legend`.

A ruleset may draw its own tokens through the public `Pieces` hook (`hexboard_pieces`: a
token, a badge at the right of the unit line, a compact cell pair), and `HexBoard.set_compact`
switches to the compact view, two cells a hex and a row a line (`hexboard_compact`).

`HexBoard` renders with the Line API: each virtual line of the whole board is built once into
a `Strip` and kept in an LRU cache; a change (cursor, units, overlays, terrain) drops only the
lines of the hexes it touches. `render_line` crops the cached line to the visible columns.

Keys (see `HexBoard.BINDINGS`): the arrows move by map geometry. Up and down go N and S; left
and right keep the same row number, which alternates NW/SW (or NE/SE) so holding a key runs
straight across the map. q w e / a s d step to the six neighbours NW N NE / SW S SE.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import groupby
from operator import itemgetter
from typing import TYPE_CHECKING, ClassVar, TypeAlias

import attrs
from attrs import frozen
from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.geometry import Region, Size, Spacing
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from engine.hexes import Facing, Hex
from tui.widgets.board_view import TEXTURE_WIDTH, Glyph, on_board
from tui.widgets.hexboard_compact import (
    COMPACT_STEP,
    compact_hex_at,
    compact_region,
    compact_size,
    compact_text,
    facing_char,
)
from tui.widgets.hexboard_legend import (
    ARROWS,
    BOARD_CSS,
    MORE_UNITS,
    PATH_END,
    POINTER,
    PRONE,
    ROLES,
    follow_mono,
    role_styles,
)
from tui.widgets.hexboard_night import FLASH
from tui.widgets.hexboard_pieces import Pieces

if TYPE_CHECKING:
    from collections.abc import Callable, Collection, Iterable, Sequence

    from textual import events

    from tui.widgets.board_view import BoardView, HexFace

__all__ = [
    "COLUMN_STEP",
    "HEX_HEIGHT",
    "HEX_WIDTH",
    "ROW_STEP",
    "WIDE_STEP",
    "BoardPicture",
    "HexBoard",
    "UnitMarker",
    "board_size",
    "hex_at_offset",
    "region_of",
]

COLUMN_STEP = 6
"""Cells from one hex column to the next."""
WIDE_STEP = 8
"""Cells from one hex column to the next on a wide board (`HexBoard.WIDE_WHEN_ROOM`): the insides
are two cells wider, the label and the marks keep a blank cell each side."""
ROW_STEP = 4
"""Lines from one hex to the next in its column."""
HEX_WIDTH = 8
"""Cells across one hex, both side corners included."""
HEX_HEIGHT = 5
"""Lines down one hex, top and bottom edges included."""
_HALF = ROW_STEP // 2
"""How much lower odd columns start."""

Roles: TypeAlias = tuple[str, ...]
"""The component-class suffixes of a cell, later ones painted over earlier ones."""
Cell: TypeAlias = tuple[str, Roles]
"""One character of the picture and its roles."""

_BLANK: Cell = (" ", ())
_EDGE_LINE, _LABEL_LINE, _UPPER_LINE, _LOWER_LINE = range(ROW_STEP)
"""The four lines of a hex column, from a top edge down (the fifth is the next top edge)."""
_LABEL, _UPPER, _LOWER = range(3)
"""The three lines of a hex's inside: the label, the upper and the lower terrain line."""
_LEVEL_END = TEXTURE_WIDTH - 1
"""The level ends before the lower line's last cell (see `BoardPicture._lower`)."""


@frozen
class UnitMarker:
    """A unit on the board, as the board draws it (the screen builds these from game state)."""

    hex: Hex
    """Where it stands."""
    letter: str
    """One character, e.g. "A" for an Atlas; only the first character is drawn."""
    facing: Facing
    """The hexside it faces; drawn as a mark beside the letter."""
    side: int = 0
    """The player (0-3): picks the colour of the token."""
    prone: bool = False
    """Lying down: ``_`` beside the letter (BT-M-24)."""
    kind: Glyph | None = None
    """The mark of a unit that is not a 'Mech (a vehicle's motion, a platoon, a squad), drawn
    where a prone 'Mech's ``_`` goes (`tui.battletech.widgets.kind_glyphs`); None: no mark."""
    selected: bool = False
    """The unit being ordered: pointed at (``▸``), underlined, and drawn first in its hex."""
    label: str = ""
    """A longer name for status lines and tooltips; not drawn on the map."""


# ------------------------------------------------------------------ geometry
def _top(col: int) -> int:
    """The first line of column ``col``'s boxes: odd columns sit half a hex lower."""
    return _HALF if col & 1 else 0


def board_size(width: int, height: int, step: int = COLUMN_STEP) -> Size:
    """Return the size in cells of a drawn board of ``width`` x ``height`` hexes.

    Args:
        width: Hex columns.
        height: Hex rows.
        step: Cells from one hex column to the next (`COLUMN_STEP` or `WIDE_STEP`).

    Returns:
        The virtual size (0 x 0 for an empty board).
    """
    if width < 1 or height < 1:
        return Size(0, 0)
    lines = ROW_STEP * height + 1 + (_HALF if width > 1 else 0)
    return Size(step * width + 2, lines)


def region_of(where: Hex, step: int = COLUMN_STEP) -> Region:
    """Return the box of a hex in board cells (edges included; they overlap the neighbours').

    Args:
        where: The hex.
        step: Cells from one hex column to the next (`COLUMN_STEP` or `WIDE_STEP`).

    Returns:
        An 8 x 5 region (10 x 5 wide); its centre cell lies inside the hex.
    """
    col, row = where.to_offset()
    return Region(col * step, row * ROW_STEP + _top(col), step + 2, HEX_HEIGHT)


def _nw(col: int, row: int) -> tuple[int, int]:
    """The offset of the NW neighbour of (col, row) in the odd-q layout."""
    return col - 1, row if col & 1 else row - 1


def _sw(col: int, row: int) -> tuple[int, int]:
    """The offset of the SW neighbour of (col, row) in the odd-q layout."""
    return col - 1, row + 1 if col & 1 else row


def hex_at_offset(x: int, y: int, width: int, height: int, step: int = COLUMN_STEP) -> Hex | None:
    """Return the hex drawn at board cell (x, y): the inverse of the drawing, edges included.

    A cell inside a hex belongs to it. An edge cell belongs to the hex below or right of it
    when that hex is on the board, else to its other neighbour, so every drawn cell answers.

    Args:
        x: Cell column on the whole drawn board (not the scrolled window).
        y: Cell line on the whole drawn board.
        width: Board columns.
        height: Board rows.
        step: Cells from one hex column to the next (`COLUMN_STEP` or `WIDE_STEP`).

    Returns:
        The hex, or None for cells outside every hex.
    """
    if x < 0 or y < 0:
        return None
    col, xx = divmod(x, step)
    row, local = divmod(y - _top(col), ROW_STEP)
    candidates: tuple[tuple[int, int], ...]
    if xx == 0 and local in (0, 1):
        # The last cell of the previous column's terrain lines pokes into this column.
        candidates = ((col - 1, (y - _top(col - 1)) // ROW_STEP),)
    elif local == 0:
        # The bottom corner of the hex above (xx 1) or the edge between two hexes (xx 2-5).
        above = (col, row - 1)
        candidates = (above, _sw(*above)) if xx == 1 else ((col, row), above)
    elif (xx, local) in ((1, 1), (0, 2)):
        candidates = ((col, row), _nw(col, row))
    elif xx == 0:  # local 3: the SW slope
        candidates = ((col, row), _sw(col, row))
    else:
        candidates = ((col, row),)
    for c, r in candidates:
        if 0 <= c < width and 0 <= r < height:
            return Hex.from_offset(c, r)
    return None


# ------------------------------------------------------------------ the picture
def _keep_dimensions(picture: BoardPicture, _: object, view: BoardView | None) -> BoardView | None:
    """Keep a new view's dimensions on the picture (an attrs ``on_setattr`` hook)."""
    picture._dimensions = (0, 0) if view is None else (view.width, view.height)  # noqa: SLF001
    return view


@attrs.define
class BoardPicture:
    """What the board shows, and the pure drawing of it one line at a time.

    The widget keeps one of these and changes it through its `HexBoard.set_...` methods;
    tests can draw one without an app (`lines`). Each hex's interior is built once and kept
    until something in that hex changes (`forget`).
    """

    view: BoardView | None = attrs.field(default=None, on_setattr=_keep_dimensions)
    """The map (None: nothing to draw)."""
    ascii_only: bool = False
    units: dict[Hex, tuple[UnitMarker, ...]] = attrs.field(factory=dict)
    cursor: Hex | None = None
    reach: dict[Hex, str] = attrs.field(factory=dict)
    path: dict[Hex, Facing | None] = attrs.field(factory=dict)
    """Each path hex and the direction to the next (None: the last hex, or a step that is not
    along a hex row, like a jump's)."""
    marks: dict[Hex, str] = attrs.field(factory=dict)
    blocked: bool = False
    """The path is a line of sight that is blocked: drawn in the ``path-blocked`` role."""
    arc: frozenset[Hex] = frozenset()
    """Hexes in a firing arc: the faintest overlay, under all the others."""
    lit: frozenset[Hex] = frozenset()
    """Lit hexes at night (`hexboard_night`): shaded under every overlay."""
    flashes: frozenset[Hex] = frozenset()
    """Hexes with a gunflash mark at night: a unit there fired this turn."""
    step: int = COLUMN_STEP
    """Cells from one hex column to the next: `COLUMN_STEP`, or `WIDE_STEP` for wide hexes."""
    rings: dict[Hex, str] = attrs.field(factory=dict)
    """Text-only marks (a range band's ring): drawn where no cost or mark text is, no shading."""
    compact: bool = False
    """Draw two cells a hex, a row a line (`tui.widgets.hexboard_compact`)."""
    pieces: Pieces = attrs.field(factory=Pieces)
    """The ruleset's drawing of its pieces (`tui.widgets.hexboard_pieces`); the board's own."""
    _interiors: dict[Hex, tuple[tuple[Cell, ...], ...]] = attrs.field(factory=dict, init=False)
    _dimensions: tuple[int, int] = attrs.field(default=(0, 0), init=False)
    """The view's columns and rows, kept: the drawing asks for them at every cell."""

    def __attrs_post_init__(self) -> None:
        """Keep the view's dimensions."""
        _keep_dimensions(self, None, self.view)

    @property
    def size(self) -> Size:
        """The size of the whole drawing in cells."""
        if self.view is None:
            return Size(0, 0)
        if self.compact:
            return compact_size(self.view.width, self.view.height)
        return board_size(self.view.width, self.view.height, self.step)

    def region(self, where: Hex) -> Region:
        """Return the cells of a hex on the whole drawing (`region_of`, `compact_region`)."""
        return compact_region(where) if self.compact else region_of(where, self.step)

    def forget(self, hexes: Iterable[Hex] | None = None) -> None:
        """Drop the kept interiors of ``hexes`` (all of them for None)."""
        if hexes is None:
            self._interiors.clear()
            return
        for where in hexes:
            self._interiors.pop(where, None)

    def roles_in_use(self) -> set[str]:
        """Return every role the insides of the hexes use now (what a legend must explain)."""
        view = self.view
        if view is None:
            return set()
        roles: set[str] = set()
        for col in range(view.width):
            for row in range(view.height):
                for line in self._interior(col, row):
                    for _, cell_roles in line:
                        roles.update(cell_roles)
        return roles

    def lines(self) -> list[str]:
        """Return the whole drawing as plain text, trailing spaces removed (for tests)."""
        return ["".join(c for c, _ in self.row(y)).rstrip() for y in range(self.size.height)]

    # ---------------------------------------------------------------- one line
    def row(self, y: int) -> list[Cell]:
        """Draw line ``y`` of the whole board.

        Each hex column gives `step` cells: its left slope or corner, then its inside (or its
        top edge); the column past the board gives the right slopes of the last one.

        Args:
            y: The line, 0 at the top of the drawing.

        Returns:
            One cell per column of the drawing (none off the drawing).
        """
        view = self.view
        if view is None or not 0 <= y < self.size.height:
            return []
        if self.compact:
            return [cell for col in range(view.width) for cell in self._interior(col, y)[0]]
        cursor = self.cursor.to_offset() if self.cursor is not None else None
        cells: list[Cell] = []
        width = view.width
        for col in range(width):
            cells += self._column(col, y, cursor)
        cells += self._column(width, y, cursor)[:2]
        return cells

    def _column(self, col: int, y: int, cursor: tuple[int, int] | None) -> list[Cell]:
        """The `step` cells of line ``y`` from the left corner of hex column ``col``."""
        row, local = divmod(y - _top(col), ROW_STEP)
        here = (col, row)
        edge = self.step - 2
        if local == _EDGE_LINE:
            # The bottom corner and edge of the hex above, which is this hex's top edge.
            above = (col, row - 1)
            corner = self._edge("\\", above, _sw(*above), cursor)
            top = self._edge("_", here, above, cursor)
            return [self._poke(col, y, _UPPER), corner, *[top] * edge]
        if local == _LABEL_LINE:
            slope = self._edge("/", here, _nw(*here), cursor)
            return [self._poke(col, y, _LOWER), slope, *self._inside(here, _LABEL, edge)]
        inside = self.step - 1
        if local == _UPPER_LINE:
            return [self._edge("/", here, _nw(*here), cursor), *self._inside(here, _UPPER, inside)]
        return [self._edge("\\", here, _sw(*here), cursor), *self._inside(here, _LOWER, inside)]

    def _on(self, col: int, row: int) -> bool:
        width, height = self._dimensions
        return 0 <= col < width and 0 <= row < height

    def _edge(
        self, char: str, a: tuple[int, int], b: tuple[int, int], cursor: tuple[int, int] | None
    ) -> Cell:
        """An edge cell between hexes ``a`` and ``b``: drawn if either is on the board."""
        if not (self._on(*a) or self._on(*b)):
            return _BLANK
        return (char, ("edge-cursor",) if cursor in (a, b) else ("edge",))

    def _inside(self, where: tuple[int, int], line: int, count: int) -> tuple[Cell, ...]:
        """The first ``count`` cells of one line of a hex's inside (blank off the board)."""
        if not self._on(*where):
            return (_BLANK,) * count
        return self._interior(*where)[line][:count]

    def _poke(self, col: int, y: int, line: int) -> Cell:
        """The last cell of a terrain line of the hex to the left, which pokes into ``col``."""
        row = (y - _top(col - 1)) // ROW_STEP
        if not self._on(col - 1, row):
            return _BLANK
        return self._interior(col - 1, row)[line][-1]

    def _interior(self, col: int, row: int) -> tuple[tuple[Cell, ...], ...]:
        where = Hex.from_offset(col, row)
        found = self._interiors.get(where)
        if found is None:
            draw = self.draw_compact if self.compact else self.draw_hex
            found = self._interiors[where] = draw(where)
        return found

    # ---------------------------------------------------------------- one hex
    def draw_hex(self, where: Hex) -> tuple[tuple[Cell, ...], ...]:
        """Draw the inside of one hex: the label line (`step` - 2 cells), then two of `step`.

        Args:
            where: A hex on the board.

        Returns:
            The three lines of cells.
        """
        assert self.view is not None  # noqa: S101 - only called while drawing a board
        face = self.view.face(where, ascii_only=self.ascii_only)
        col, row = where.to_offset()
        label = f"{(col + 1) % 100:02d}{(row + 1) % 100:02d}".center(self.step - 2)
        overlay = self._overlay(where)
        label_roles: Roles = ("label", f"{overlay}-label") if overlay else ("label",)
        under: Roles = (overlay,) if overlay else ()
        if where in self.lit:  # under the overlay: the cursor or a path still shows on it
            label_roles = ("label", "lit-label", *label_roles[1:])
            under = ("lit", *under)
        top: list[Cell] = [(char, label_roles) for char in label]
        upper = self._upper(where, face)
        lower = self._lower(face)
        if under:
            # The overlay goes first: it only sets the background, so tokens keep theirs.
            top, upper, lower = (
                [(char, (*under, *roles)) for char, roles in line] for line in (top, upper, lower)
            )
        return tuple(top), tuple(upper), tuple(lower)

    def draw_compact(self, where: Hex) -> tuple[tuple[Cell, ...], ...]:
        """Draw a hex in the compact view: one line of two cells (`hexboard_compact`).

        The unit drawn there (the ruleset's `Pieces.compact`, else its letter and facing), or
        the terrain's glyph and an overlay's text (else the path's arrow, a gunflash, the
        level); shaded by the strongest overlay, which marks the cells as a zoomed hex's label.

        Args:
            where: A hex on the board.

        Returns:
            One line of two cells.
        """
        assert self.view is not None  # noqa: S101 - only called while drawing a board
        units = self.units.get(where, ())
        cells: list[Cell]
        if units:
            shown = next((unit for unit in units if unit.selected), units[0])
            drawn = self.pieces.compact(shown, ascii_only=self.ascii_only)
            cells = list(drawn) if drawn is not None else self._compact_token(shown)
        else:
            face = self.view.face(where, ascii_only=self.ascii_only)
            glyph = next((c for c in face.lower + face.upper if c != " "), "")
            first = (glyph, (face.role,)) if glyph else _BLANK
            cells = [first, self._compact_second(where, face)]
        overlay = self._overlay(where)
        under: Roles = (overlay, f"{overlay}-label") if overlay else ()
        if where in self.lit:
            under = ("lit", "lit-label", *under)
        return (tuple((char, (*under, *roles)) for char, roles in cells),)

    def _compact_token(self, unit: UnitMarker) -> list[Cell]:
        """A unit in the compact view: its letter and its facing (0-5 when ``ascii_only``)."""
        roles: Roles = (f"side-{unit.side % 4}",)
        if unit.selected:
            roles = (*roles, "selected")
        mark = facing_char(unit.facing, digits=self.ascii_only)
        return [(unit.letter[:1] or "?", roles), (mark, roles)]

    def _compact_second(self, where: Hex, face: HexFace) -> Cell:
        """The second cell of an empty compact hex: overlay text, path arrow, flash or level."""
        text, role = self._text(where)
        if text:
            return (compact_text(text), (role,))
        step = self.path.get(where, ...)
        if step is not ...:
            glyph = PATH_END if step is None else ARROWS[step]
            return (glyph.char(ascii_only=self.ascii_only), ("step",))
        if where in self.flashes:
            return (FLASH.char(ascii_only=self.ascii_only), ("flash",))
        if face.level:
            return (face.level[-1], ("level",))
        return _BLANK

    def _overlay(self, where: Hex) -> str:
        if where == self.cursor:
            return "cursor"
        if where in self.path:
            return "path-blocked" if self.blocked else "path"
        if where in self.reach:
            return "reach"
        if where in self.marks:
            return "mark" if self.marks[where] else "zone"
        if where in self.arc:
            return "arc"
        return ""

    def _texture(self, face: HexFace, text: str) -> list[Cell]:
        """One terrain line: the texture's glyphs in the face's role, blank cells plain.

        A wide hex repeats the texture's first cells at its end.
        """
        if not text:
            return [_BLANK] * self.step
        roles = (face.role,)
        text = text[:TEXTURE_WIDTH].ljust(TEXTURE_WIDTH)
        text = (text * 2)[: self.step]
        return [(char, roles) if char != " " else _BLANK for char in text]

    def _lower(self, face: HexFace) -> list[Cell]:
        """Line 3, the terrain's: the texture, up to two tags from cell 1, the level at the right.

        Both end cells keep the texture: they sit against the slopes beside the labels of the
        next row, where a digit would read as part of a label. The level, when there is one,
        takes the second tag's place.
        """
        cells = self._texture(face, face.lower)
        inset = self._inset
        for index, (text, role) in enumerate(face.tags[:2]):
            at = inset + 1 + 2 * index
            cells[at : at + 2] = [(char, (role,)) for char in text[:2]]
        if face.level:
            level = face.level[-3:]
            cells[inset + _LEVEL_END - len(level) - 1 : inset + TEXTURE_WIDTH] = [
                _BLANK,
                *((char, ("level",)) for char in level),
                _BLANK,
            ]
        return cells

    @property
    def _inset(self) -> int:
        """Cells a wide hex's marks move right, so that they keep to its middle."""
        return (self.step - COLUMN_STEP) // 2

    def _upper(self, where: Hex, face: HexFace) -> list[Cell]:
        """Line 2, right under the label: a unit token (or a path step) and the cost or mark.

        From the left: a pointer (``▸`` selected, ``+`` more units), the token, and at the right
        the cost or mark text; the texture when none of them is there.
        """
        units = self.units.get(where, ())
        step = self.path.get(where, ...)
        text, role = self._text(where)
        text = text[-2:]
        flash = not text and where in self.flashes
        if not units and step is ... and not text and not flash:
            return self._texture(face, face.upper)
        cells = [_BLANK] * self.step
        inset = self._inset
        text_end = self.step - inset
        if text:
            cells[text_end - len(text) : text_end] = [(char, (role,)) for char in text]
        elif flash:  # a cost or a mark says more while the player plots or aims
            cells[text_end - 1] = (FLASH.char(ascii_only=self.ascii_only), ("flash",))
        if units:
            shown = next((unit for unit in units if unit.selected), units[0])
            token = self.pieces.token(shown, ascii_only=self.ascii_only) or self._token(shown)
            cells[inset + 1 : inset + 1 + len(token)] = token
            badge = self.pieces.badge(shown, units, ascii_only=self.ascii_only)[:2]
            if badge and (not text or role == "ring"):  # a cost or a mark says more
                cells[text_end - 2 : text_end] = [_BLANK, _BLANK]
                cells[text_end - len(badge) : text_end] = badge
            if shown.selected:
                cells[inset] = (POINTER.char(ascii_only=self.ascii_only), ("pointer",))
            elif len(units) > 1:
                cells[inset] = (MORE_UNITS.char(ascii_only=self.ascii_only), ("more",))
        elif step is not ...:
            cells[inset + 1 : inset + 4] = self._step(step)
        return cells

    def _text(self, where: Hex) -> tuple[str, str]:
        """The overlay text of a hex and its role: a cost, else a mark's, else a ring's."""
        if text := self.reach.get(where):
            return text, "cost"
        if text := self.marks.get(where):
            return text, "mark-text"
        return self.rings.get(where, ""), "ring"

    def _token(self, unit: UnitMarker) -> list[Cell]:
        """The unit's cells: letter and facing mark, its prone or kind mark on the other side."""
        mark = ARROWS[unit.facing].char(ascii_only=self.ascii_only)
        west = unit.facing in (Facing.SW, Facing.NW)
        letter = unit.letter[:1] or "?"
        text = [mark, letter] if west else [letter, mark]
        roles: Roles = (f"side-{unit.side % 4}",)
        if unit.selected:
            roles = (*roles, "selected")
        cells = [(char, roles) for char in text]
        if unit.prone:
            prone = (PRONE.char(ascii_only=self.ascii_only), (*roles, "prone"))
            cells = [*cells, prone] if west else [prone, *cells]
        elif unit.kind is not None:  # a vehicle's, platoon's or squad's mark: never prone
            kind = (unit.kind.char(ascii_only=self.ascii_only), (*roles, "kind"))
            cells = [*cells, kind] if west else [kind, *cells]
        return cells

    def _step(self, step: Facing | None) -> list[Cell]:
        """A path step: the arrow to the next hex where a facing mark would be, or the end."""
        cells = [_BLANK] * 3
        if step is None:
            cells[1] = (PATH_END.char(ascii_only=self.ascii_only), ("step",))
        else:
            index = 1
            if self.ascii_only and step in (Facing.SW, Facing.NW):
                index = 0
            elif self.ascii_only and step in (Facing.NE, Facing.SE):
                index = 2
            cells[index] = (ARROWS[step].char(ascii_only=self.ascii_only), ("step",))
        return cells


# ------------------------------------------------------------------ the widget
_MOVE = Binding.Group("Move", compact=True)
_STEP = Binding.Group("Hex step", compact=True)


class HexBoard(ScrollView, can_focus=True):
    """The hex map of any ruleset: scrolls over a board view, keeps a cursor, shows overlays.

    Attributes down, messages up (STYLE 17): the screen pushes the board, unit markers and
    overlays in with the ``set_...`` methods; the widget posts `CursorMoved` and `HexSelected`.
    It never reads or changes game state.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move('N')", "Move", group=_MOVE, key_display="↑", tooltip="Cursor N"),
        Binding("down", "move('S')", "Move", group=_MOVE, key_display="↓", tooltip="Cursor S"),
        Binding("left", "across(-1)", "Move", group=_MOVE, key_display="←", tooltip="Cursor W"),
        Binding("right", "across(1)", "Move", group=_MOVE, key_display="→", tooltip="Cursor E"),
        Binding("q", "step('NW')", "Hex step", group=_STEP, tooltip="Cursor to the NW hex"),
        Binding("w", "step('N')", "Hex step", group=_STEP, tooltip="Cursor to the N hex"),
        Binding("e", "step('NE')", "Hex step", group=_STEP, tooltip="Cursor to the NE hex"),
        Binding("a", "step('SW')", "Hex step", group=_STEP, tooltip="Cursor to the SW hex"),
        Binding("s", "step('S')", "Hex step", group=_STEP, tooltip="Cursor to the S hex"),
        Binding("d", "step('SE')", "Hex step", group=_STEP, tooltip="Cursor to the SE hex"),
        Binding("enter", "select", "Select", tooltip="Select the hex under the cursor"),
        Binding("home", "centre", "Centre", tooltip="Scroll the cursor to the middle"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Up, Down | Cursor N, S. |
    | Left, Right | Cursor W, E keeping the row: NW and SW (NE, SE) in turn, straight across. |
    | q w e / a s d | Cursor to the NW, N, NE / SW, S, SE neighbour. |
    | Enter | Post `HexSelected` for the cursor hex. |
    | Home | Scroll the cursor to the middle of the view. |

    Left free for the screen: m j f p u r t x c, space, digits, ``:`` and ``?``.
    """

    CENTRED: ClassVar[bool] = False
    """Draw a board narrower than the view in the middle of it (else at its left)."""

    WIDE_WHEN_ROOM: ClassVar[bool] = False
    """Draw wide hexes (`WIDE_STEP`) when the whole board is that wide in the view."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {f"hexboard--{role}" for role in ROLES}
    """
    | Class | Description |
    | :- | :- |
    | `hexboard--edge` | Hex edges. |
    | `hexboard--edge-cursor`, `--cursor-label` | The edges and label of the cursor hex. |
    | `hexboard--label` | Hex labels ("0101"). |
    | `hexboard--level` | The level (elevation) digits. |
    | `hexboard--<role>` | The view's own roles (terrain), declared by a ruleset's subclass. |
    | `hexboard--side-0` .. `-3` | Unit tokens of each side. |
    | `hexboard--selected` | Added to the selected unit's token. |
    | `hexboard--pointer`, `--more` | The marks of the selected unit, of a hex with several. |
    | `hexboard--cost`, `hexboard--step`, `hexboard--mark-text` | MP costs, path arrows, mark text. |
    | `hexboard--ring` | Text-only marks (`set_rings`): a range band's ring. |
    | `hexboard--prone` | Added to a prone unit's ``_`` (the legend finds prone units by it). |
    | `hexboard--kind` | Added to the kind mark of a unit that is not a 'Mech (``≡`` a tank...). |
    | `hexboard--reach`, `--path`, `--mark`, `--cursor` | Backgrounds of the overlays. |
    | `hexboard--path-blocked`, `--arc` | A blocked line of sight; a firing arc. |
    | `hexboard--zone` | A mark without text: a deployment zone. |
    | `hexboard--<overlay>-label` | The label of a hex under that overlay (monochrome marks it). |
    | `hexboard--lit`, `--lit-label`, `--flash` | Night: a lit hex, its label; a gunflash. |

    The board takes the ``-mono`` class when its app shows no colour (`follow_mono`): the
    overlays then show by attributes (`hexboard_legend.BOARD_CSS`).
    """  # noqa: E501 - a table row

    DEFAULT_CSS = """
    HexBoard {
        height: 1fr;
        width: 1fr;
        background: $background;
        scrollbar-size: 1 1;
    }
    HexBoard:blur > .hexboard--edge-cursor { color: $accent-darken-2; }
    HexBoard:blur > .hexboard--cursor-label { background: $accent-darken-2; }
    """ + BOARD_CSS.replace("WIDGET", "HexBoard")

    class CursorMoved(Message):
        """The cursor moved to another hex (by key, mouse or `set_cursor`)."""

        def __init__(self, board: HexBoard, where: Hex) -> None:
            """Carry the new cursor hex.

            Args:
                board: The board that sent it.
                where: The new cursor hex.
            """
            super().__init__()
            self.board = board
            self.hex = where

        @property
        def control(self) -> HexBoard:
            """The board that sent it (for ``@on(..., "#id")``)."""
            return self.board

    class HexSelected(Message):
        """The player picked a hex: Enter on the cursor, or a mouse click."""

        def __init__(self, board: HexBoard, where: Hex) -> None:
            """Carry the picked hex.

            Args:
                board: The board that sent it.
                where: The picked hex.
            """
            super().__init__()
            self.board = board
            self.hex = where

        @property
        def control(self) -> HexBoard:
            """The board that sent it (for ``@on(..., "#id")``)."""
            return self.board

    def __init__(
        self,
        view: BoardView | None = None,
        *,
        ascii_only: bool = False,
        name: str | None = None,
        id: str | None = None,  # noqa: A002 - Textual's name for it
        classes: str | None = None,
        disabled: bool = False,
        pieces: Pieces | None = None,
    ) -> None:
        """Create the board.

        Args:
            view: The map to draw; None draws nothing until `set_view`.
            ascii_only: Draw with ASCII characters only (SSH clients, poor fonts).
            pieces: The ruleset's drawing of its pieces (`tui.widgets.hexboard_pieces`);
                None: the board's letters and facing marks.
            name: The widget's name.
            id: The widget's id.
            classes: Space-separated CSS classes.
            disabled: Start disabled.
        """
        super().__init__(name=name, id=id, classes=classes, disabled=disabled)
        self._picture = BoardPicture(ascii_only=ascii_only, pieces=pieces or Pieces())
        self._lines: LRUCache[int, Strip] = LRUCache(1024)
        self._styles: dict[Roles, Style] = {}
        self._style_state: tuple[Style, dict[str, Style]] = (Style(), {})
        self._styles_stale = True
        self._hover: Hex | None = None
        self._listeners: list[Callable[[], None]] = []
        self._following: object = None
        self.set_view(view)

    # ---------------------------------------------------------------- state in
    @property
    def view(self) -> BoardView | None:
        """The map drawn (set it with `set_view`)."""
        return self._picture.view

    @property
    def picture(self) -> BoardPicture:
        """What the board shows (read-only use: change it through the ``set_...`` methods)."""
        return self._picture

    @property
    def ascii_only(self) -> bool:
        """Draw with ASCII characters only."""
        return self._picture.ascii_only

    @ascii_only.setter
    def ascii_only(self, value: bool) -> None:
        self._picture.ascii_only = value
        self._redraw_all()

    def set_view(self, view: BoardView | None, *, changed: Iterable[Hex] | None = None) -> None:
        """Show another map, or the same map with changed terrain (only changed hexes redraw).

        The cursor stays where it was if that hex is still on the board, else goes to 0101.

        Args:
            view: The new map; None for none.
            changed: for a map of the same size, the hexes that may look different, when the
                caller knows them (a ruleset's terrain compared by identity); None compares
                every hex's face.
        """
        old = self._picture.view
        self._picture.view = view
        if old is None or view is None or old.roles != view.roles:
            self._styles_stale = True  # the new view uses other roles
        if (
            old is not None
            and view is not None
            and (old.width, old.height) == (view.width, view.height)
        ):
            ascii_only = self._picture.ascii_only
            self._redraw(
                where
                for where in (_positions(view) if changed is None else changed)
                if old.face(where, ascii_only=ascii_only) != view.face(where, ascii_only=ascii_only)
            )
            return
        self.virtual_size = self._picture.size
        if self.is_mounted:
            self._fit_step()
        cursor = self._picture.cursor
        if view is None:
            self._picture.cursor = None
        elif cursor is None or not on_board(view, cursor):
            self._picture.cursor = Hex(0, 0)
        self._redraw_all()

    def set_units(self, markers: Sequence[UnitMarker]) -> None:
        """Show these units (replacing the ones shown before).

        Args:
            markers: One marker per unit; several may share a hex.
        """
        units: dict[Hex, tuple[UnitMarker, ...]] = {}
        for marker in markers:
            units[marker.hex] = (*units.get(marker.hex, ()), marker)
        old = self._picture.units
        self._picture.units = units
        self._redraw(
            where for where in old.keys() | units.keys() if old.get(where) != units.get(where)
        )

    @property
    def units(self) -> tuple[UnitMarker, ...]:
        """Every unit marker shown."""
        return tuple(unit for markers in self._picture.units.values() for unit in markers)

    def units_at(self, where: Hex) -> tuple[UnitMarker, ...]:
        """Return the unit markers in a hex (the drawn one is the selected, else the first)."""
        return self._picture.units.get(where, ())

    def set_reach(self, costs: Mapping[Hex, int | str]) -> None:
        """Highlight reachable hexes, each showing its cost (1-2 characters, e.g. MP).

        Args:
            costs: Hex -> cost; an empty mapping clears the overlay.
        """
        new = {where: str(cost) for where, cost in costs.items()}
        old = self._picture.reach
        self._picture.reach = new
        self._redraw(_changed(old, new))

    def set_path(self, hexes: Sequence[Hex], *, blocked: bool = False) -> None:
        """Show a plotted path: each hex shaded, with an arrow to the next one and a dot at the end.

        Repeated hexes (turning in place) count once. A hex whose next hex is not straight
        ahead along a hex row (a jump) shows the end dot instead of an arrow. A line of sight is
        a path too; a blocked one is shaded in another colour.

        Args:
            hexes: The hexes in order, the start hex first; empty clears the overlay.
            blocked: Draw it as a blocked line of sight (``path-blocked``).
        """
        new: dict[Hex, Facing | None] = {}
        for index, where in enumerate(hexes):
            after = hexes[index + 1] if index + 1 < len(hexes) else None
            if after != where:
                new[where] = where.direction_to(after) if after is not None else None
        old = self._picture.path
        self._picture.path = new
        if blocked != self._picture.blocked:
            self._picture.blocked = blocked
            self._redraw(old.keys() | new.keys())
            return
        self._redraw(_changed(old, new))

    def set_marks(self, marks: Mapping[Hex, str] | Collection[Hex]) -> None:
        """Shade other hexes (line of sight, firing arc, targets), with optional short text.

        Args:
            marks: Hexes to shade, or hex -> text of 1-2 characters (e.g. a to-hit number).
        """
        if isinstance(marks, Mapping):
            new = {where: str(text) for where, text in marks.items()}
        else:
            new = dict.fromkeys(marks, "")
        old = self._picture.marks
        self._picture.marks = new
        self._redraw(_changed(old, new))

    def set_arc(self, hexes: Collection[Hex]) -> None:
        """Shade a firing arc faintly (under every other overlay); empty clears it.

        Args:
            hexes: The hexes in the arc.
        """
        new = frozenset(hexes)
        old = self._picture.arc
        self._picture.arc = new
        self._redraw(old ^ new)

    def set_lights(self, lit: Collection[Hex], flashes: Collection[Hex] = ()) -> None:
        """Show the night: lit hexes shaded, gunflash marks (`hexboard_night`); empty: none.

        Args:
            lit: The lit hexes.
            flashes: The hexes whose unit fired this turn.
        """
        new_lit, new_flashes = frozenset(lit), frozenset(flashes)
        picture = self._picture
        changed = (picture.lit ^ new_lit) | (picture.flashes ^ new_flashes)
        picture.lit, picture.flashes = new_lit, new_flashes
        self._redraw(changed)

    def set_rings(self, rings: Mapping[Hex, str]) -> None:
        """Write short text in hexes without shading them (a range band's ring); empty clears.

        The text (1-2 characters) shows where no cost or mark text is; the hex keeps the shading
        of any other overlay (an arc under a ring shows both).

        Args:
            rings: Hex -> text.
        """
        new = {where: str(text) for where, text in rings.items()}
        old = self._picture.rings
        self._picture.rings = new
        self._redraw(_changed(old, new))

    def clear_overlays(self) -> None:
        """Remove the reach, path, mark, arc and ring overlays."""
        self.set_reach({})
        self.set_path(())
        self.set_marks({})
        self.set_arc(())
        self.set_rings({})

    # ---------------------------------------------------------------- the views
    @property
    def compact(self) -> bool:
        """Two cells a hex, a row a line (`hexboard_compact`); set it with `set_compact`."""
        return self._picture.compact

    def set_compact(self, compact: bool) -> None:
        """Show the compact view (True) or the zoomed one (False); the cursor stays in sight.

        Args:
            compact: The compact view.
        """
        if compact == self._picture.compact:
            return
        self._picture.compact = compact
        self.virtual_size = self._picture.size
        self._redraw_all()
        if self.is_mounted:
            self.call_after_refresh(self.scroll_to_cursor)

    # ---------------------------------------------------------------- the cursor
    @property
    def cursor(self) -> Hex | None:
        """The hex under the cursor (None without a board); set it with `set_cursor`."""
        return self._picture.cursor

    @cursor.setter
    def cursor(self, where: Hex) -> None:
        self.set_cursor(where)

    def set_cursor(self, where: Hex, *, scroll: bool = True) -> bool:
        """Put the cursor on a hex and scroll so that it shows; post `CursorMoved`.

        Args:
            where: The hex; one off the board is refused.
            scroll: Scroll the view to keep the cursor visible.

        Returns:
            True if the cursor is on ``where`` now.
        """
        view = self._picture.view
        if view is None or not on_board(view, where):
            return False
        old = self._picture.cursor
        if old != where:
            self._picture.cursor = where
            self._redraw((where,) if old is None else (old, where))
            self.post_message(self.CursorMoved(self, where))
        if scroll:
            self.scroll_to_cursor()
        return True

    def move_cursor(self, facing: Facing) -> bool:
        """Move the cursor to the neighbour across hexside ``facing``, if it is on the board.

        Returns:
            True if the cursor moved.
        """
        cursor = self._picture.cursor
        if cursor is None:
            return False
        return self.set_cursor(cursor.neighbor(facing)) and self._picture.cursor != cursor

    def scroll_to_cursor(self, *, centre: bool = False) -> None:
        """Scroll so that the cursor hex and a margin around it show.

        Args:
            centre: Put the cursor in the middle of the view instead.
        """
        if self._picture.cursor is not None:
            self.scroll_to_hex(self._picture.cursor, centre=centre)

    def scroll_to_hex(self, where: Hex, *, centre: bool = False) -> None:
        """Scroll as little as needed to show a hex and a margin of about a hex around it.

        Args:
            where: The hex to show (an enemy, the end of a move, ...).
            centre: Put the hex in the middle of the view instead.
        """
        if not self.is_mounted:
            return  # `on_mount` shows the cursor
        if not self.size:
            # Not laid out yet: scroll once the size is known.
            self.call_after_refresh(self.scroll_to_hex, where, centre=centre)
            return
        region = self.region_of(where)
        if not centre:
            region = region.grow(Spacing(2, COLUMN_STEP, 2, COLUMN_STEP)).intersection(
                Region(0, 0, *self.virtual_size)
            )
        self.scroll_to_region(region, animate=False, center=centre, immediate=True)

    def scroll_to_hexes(self, hexes: Sequence[Hex]) -> None:
        """Scroll as little as needed to show every hex of ``hexes``, or at least the first.

        An attacker and its target, a path and its end: all of them when they fit in the view
        (with a margin), else the first one, the one in question.

        Args:
            hexes: The hexes, the most important first; empty does nothing.
        """
        if not hexes or not self.is_mounted:
            return
        if not self.size:
            self.call_after_refresh(self.scroll_to_hexes, hexes)
            return
        whole = Region.from_union([self.region_of(where) for where in hexes]).grow(
            Spacing(1, COLUMN_STEP // 2, 1, COLUMN_STEP // 2)
        )
        if whole.width > self.size.width or whole.height > self.size.height:
            self.scroll_to_hex(hexes[0])
            return
        region = whole.intersection(Region(0, 0, *self.virtual_size))
        self.scroll_to_region(region, animate=False, immediate=True)

    def follow(self, key: object, hexes: Sequence[Hex]) -> None:
        """Show ``hexes`` (`scroll_to_hexes`) when ``key`` differs from the last call's key.

        The screen calls this at every redraw with what is in question (a unit and its target,
        say): the board scrolls when that changes, and leaves the player's own scrolling alone
        while it does not.

        Args:
            key: What is in question, comparable with ``==``.
            hexes: Its hexes, the most important first.
        """
        if key == self._following:
            return
        self._following = key
        self.scroll_to_hexes(hexes)

    def on_mount(self) -> None:
        """Show the cursor, which may have been set before the board was on screen."""
        follow_mono(self)
        self.scroll_to_cursor()

    @property
    def left_margin(self) -> int:
        """Blank columns left of a board narrower than the view, drawn centred (`CENTRED`)."""
        if not self.CENTRED:
            return 0
        return max(0, (self.size.width - self.virtual_size.width) // 2)

    def action_move(self, facing: str) -> None:
        """Move the cursor one hex (bound to up and down)."""
        self.move_cursor(Facing[facing])

    def action_step(self, facing: str) -> None:
        """Move the cursor one hex (bound to q w e a s d)."""
        self.move_cursor(Facing[facing])

    def action_across(self, direction: int) -> None:
        """Move the cursor one column west (-1) or east (+1), keeping its row number."""
        cursor = self._picture.cursor
        if cursor is not None:
            col, row = cursor.to_offset()
            self.set_cursor(Hex.from_offset(col + direction, row))

    def action_select(self) -> None:
        """Post `HexSelected` for the cursor hex."""
        if self._picture.cursor is not None:
            self.post_message(self.HexSelected(self, self._picture.cursor))

    def action_centre(self) -> None:
        """Scroll the cursor to the middle of the view."""
        self.scroll_to_cursor(centre=True)

    def on_change(self, callback: Callable[[], None], *, remove: bool = False) -> None:
        """Call ``callback`` after the picture or the board's size changes (a legend's rows).

        Args:
            callback: Called with no arguments, once per change.
            remove: Stop calling it.
        """
        if remove:
            if callback in self._listeners:
                self._listeners.remove(callback)
        elif callback not in self._listeners:
            self._listeners.append(callback)

    def _tell_listeners(self) -> None:
        for callback in self._listeners:
            callback()

    def on_resize(self) -> None:
        """Pick the hexes' width for the new size; tell the listeners (a legend follows)."""
        self._fit_step()
        self._tell_listeners()

    def _fit_step(self) -> None:
        """Wide hexes if `WIDE_WHEN_ROOM` and the whole board fits across the view with them."""
        view = self._picture.view
        step = COLUMN_STEP
        if (
            self.WIDE_WHEN_ROOM
            and view is not None
            and self.size.width >= board_size(view.width, view.height, WIDE_STEP).width
        ):
            step = WIDE_STEP
        if step == self._picture.step:
            return
        self._picture.step = step
        self.virtual_size = self._picture.size
        self._redraw_all()
        self.call_after_refresh(self.scroll_to_cursor)

    # ---------------------------------------------------------------- the mouse
    def hex_at_offset(self, x: int, y: int) -> Hex | None:
        """Return the hex at cell (x, y) of the whole drawn board (scrolling not applied).

        Args:
            x: Cell column from the board's left edge.
            y: Line from the board's top edge.

        Returns:
            The hex, or None outside the board.
        """
        view = self._picture.view
        if view is None:
            return None
        if self._picture.compact:
            return compact_hex_at(x, y, view.width, view.height)
        return hex_at_offset(x, y, view.width, view.height, self._picture.step)

    def region_of(self, where: Hex) -> Region:
        """Return the box of a hex on the whole drawn board (`region_of`; compact: 2 x 1)."""
        return self._picture.region(where)

    def hex_at_screen(self, event: events.MouseEvent) -> Hex | None:
        """Return the hex under the mouse pointer of ``event`` (scrolling applied)."""
        offset = event.get_content_offset(self)
        if offset is None:
            return None
        x = offset.x + self.left_cell - self.left_margin
        return self.hex_at_offset(x, offset.y + self.scroll_offset.y)

    @property
    def left_cell(self) -> int:
        """The board cell at the view's left edge: the horizontal scroll.

        In the compact view it is kept to a hex's first cell, so no hex shows half (a facing
        without its glyph).
        """
        x = self.scroll_offset.x
        return x - x % COMPACT_STEP if self._picture.compact else x

    def on_click(self, event: events.Click) -> None:
        """Move the cursor to the clicked hex and select it."""
        where = self.hex_at_screen(event)
        if where is not None:
            event.stop()
            self.set_cursor(where, scroll=False)
            self.post_message(self.HexSelected(self, where))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """Describe the hex under the pointer, and its units' labels, in the tooltip."""
        where = self.hex_at_screen(event)
        if where == self._hover:
            return
        self._hover = where
        view = self._picture.view
        if where is None or view is None:
            self.tooltip = None
            return
        names = [unit.label for unit in self.units_at(where) if unit.label]
        self.tooltip = "\n".join((view.describe(where), *names))

    # ---------------------------------------------------------------- drawing
    def _redraw(self, hexes: Iterable[Hex]) -> None:
        """Forget the drawing of ``hexes`` and refresh the lines they cover."""
        lines: set[int] = set()
        touched = list(hexes)
        self._picture.forget(touched)
        for where in touched:
            region = self._picture.region(where)
            lines.update(range(region.y, region.bottom))
        for y in lines:
            self._lines.discard(y)
        if self.is_mounted:  # one refresh per run of touched lines
            ordered = sorted(lines)
            start = previous = ordered[0] if ordered else 0
            for y in ordered[1:]:
                if y != previous + 1:
                    self.refresh_lines(start, previous - start + 1)
                    start = y
                previous = y
            if ordered:
                self.refresh_lines(start, previous - start + 1)
                self._tell_listeners()

    def _redraw_all(self) -> None:
        self._picture.forget()
        self._lines.clear()
        if self.is_mounted:
            self.refresh()
            self._tell_listeners()

    def notify_style_update(self) -> None:
        """Look at the colours again before the next line is drawn (theme, focus, hover)."""
        super().notify_style_update()
        # Component styles are updated after this call, so they are read when drawing.
        self._styles_stale = True

    def _check_styles(self) -> None:
        """Drop the cached lines if a colour really changed (focus and hover rarely change any)."""
        self._styles_stale = False
        view = self._picture.view
        state = (self.rich_style, role_styles(self, () if view is None else view.roles))
        if state != self._style_state:
            self._style_state = state
            self._styles.clear()
            self._lines.clear()

    def _style(self, roles: Roles) -> Style:
        style = self._styles.get(roles)
        if style is None:
            base, role_style = self._style_state
            style = base
            for role in roles:
                style += role_style[role]
            self._styles[roles] = style
        return style

    def line_strip(self, y: int) -> Strip:
        """Return line ``y`` of the whole drawn board as a `Strip`, from the cache if kept.

        Args:
            y: The line, 0 at the top of the board.

        Returns:
            The full-width line (blank beyond the board).
        """
        if self._styles_stale:
            self._check_styles()
        strip = self._lines.get(y)
        if strip is None:
            cells = self._picture.row(y)
            # One segment per run of cells with the same roles.
            segments = [
                Segment("".join(map(itemgetter(0), run)), self._style(roles))
                for roles, run in groupby(cells, itemgetter(1))
            ]
            strip = Strip(segments, len(cells))
            self._lines[y] = strip
        return strip

    def render_line(self, y: int) -> Strip:
        """Return line ``y`` of the view: the cached board line, cropped to the scroll window."""
        scroll_x, scroll_y = self.left_cell, self.scroll_offset.y
        strip = self.line_strip(scroll_y + y)
        # The board's own style, as kept by `_check_styles` (``rich_style`` walks the DOM).
        base = self._style_state[0]
        left = self.left_margin
        if left:  # narrower than the view: nothing to scroll across
            strip = Strip.join([Strip.blank(left, base), strip])
            return strip.crop_extend(0, self.size.width, base)
        return strip.crop_extend(scroll_x, scroll_x + self.size.width, base)


def _positions(view: BoardView) -> Iterable[Hex]:
    """Every hex of a view's board, column by column."""
    return (Hex.from_offset(col, row) for col in range(view.width) for row in range(view.height))


def _changed(old: Mapping[Hex, object], new: Mapping[Hex, object]) -> set[Hex]:
    """The hexes whose entry differs between two overlays."""
    return {
        where for where in old.keys() | new.keys() if old.get(where, ...) != new.get(where, ...)
    }
