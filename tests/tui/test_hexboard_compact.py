"""The shared hex board's compact view, its ring overlay and its `Pieces` hook, on a toy map.

The compact view (`tui.widgets.hexboard_compact`) draws a hex in two cells and a row in a line;
a ruleset draws its own pieces through `tui.widgets.hexboard_pieces.Pieces` (a zoomed token, a
badge at the right of the unit line, a compact pair) without touching the board's insides.
"""

from __future__ import annotations

from attrs import frozen

from engine.hexes import Facing, Hex
from tui.widgets.board_view import HexFace
from tui.widgets.hexboard import BoardPicture, UnitMarker, region_of
from tui.widgets.hexboard_compact import compact_hex_at, compact_region, compact_text
from tui.widgets.hexboard_pieces import Pieces

HILL = Hex.from_label("0202")


@frozen
class ToyView:
    """A 3 x 2 sea with one bare hill of level 2 in 0202."""

    width: int = 3
    height: int = 2
    roles: tuple[str, ...] = ("sea",)

    def legend(self, *, ascii_only: bool) -> list:
        del ascii_only
        return []

    def face(self, where: Hex, *, ascii_only: bool) -> HexFace:
        del ascii_only
        if where == HILL:
            return HexFace(level="2")
        return HexFace("sea", "", " ~  ~ ")

    def describe(self, where: Hex) -> str:
        return where.label


class Flags(Pieces):
    """A ruleset's own pieces: a flag ``#`` and its count; a badge ``+2``."""

    def token(self, unit, *, ascii_only):
        del ascii_only
        return [("#", ("side-0",)), (unit.label[:1], ("side-0",))]

    def badge(self, shown, units, *, ascii_only):
        del shown, ascii_only
        return [("+", ("more",)), (str(len(units)), ("more",))]

    def compact(self, unit, *, ascii_only):
        del ascii_only
        return ("#", ("side-0",)), (unit.label[:1], ("side-0",))


def _picture(**kwargs) -> BoardPicture:
    return BoardPicture(view=ToyView(), compact=True, **kwargs)


def _pair(picture: BoardPicture, where: Hex) -> str:
    box = compact_region(where)
    return "".join(char for char, _ in picture.row(box.y)[box.x : box.right])


def _units(*markers: UnitMarker) -> dict:
    units: dict = {}
    for marker in markers:
        units[marker.hex] = (*units.get(marker.hex, ()), marker)
    return units


def test_a_compact_hex_is_a_glyph_and_a_second_cell():
    """A unit: letter and facing (0-5 in ASCII); terrain: its glyph, else the level."""
    where = Hex.from_label("0301")
    unit = UnitMarker(where, "A", Facing.NE, side=1)
    picture = _picture(units=_units(unit))
    assert picture.lines() == ["~ ~ A↗", "~  2~"]
    assert picture.row(0)[4][1] == ("side-1",)
    assert _pair(_picture(units=_units(unit), ascii_only=True), where) == "A1"
    assert (picture.size.width, picture.size.height) == (6, 2)
    assert compact_hex_at(5, 0, 3, 2) == where
    assert compact_hex_at(6, 0, 3, 2) is None


def test_overlay_text_takes_the_second_cell_and_shades_both():
    """A cost, a mark or a ring's text in one cell; the overlay's roles on both cells."""
    where = Hex.from_label("0101")
    picture = _picture(reach={where: "3"}, rings={Hex.from_label("0201"): "2"})
    assert _pair(picture, where) == "~3"
    assert picture.row(0)[0][1][:2] == ("reach", "reach-label")
    assert _pair(picture, Hex.from_label("0201")) == "~2"
    assert [compact_text(t) for t in ("", "4", "2½", "--", "12")] == ["", "4", "2", "-", "+"]


def test_rings_write_text_where_no_cost_is_in_a_zoomed_hex():
    """`set_rings` text: at the right of the unit line, in the ``ring`` role; a cost wins."""
    ring, both = Hex.from_label("0101"), Hex.from_label("0201")
    picture = BoardPicture(view=ToyView(), rings={ring: "1", both: "4"}, reach={both: "2"})
    lines = picture.lines()
    box = region_of(ring)
    assert lines[box.y + 2][box.x + 1 : box.x + 7] == "     1"
    upper = picture.row(box.y + 2)[box.x + 6]
    assert upper == ("1", ("ring",))
    box = region_of(both)
    assert lines[box.y + 2][box.x + 1 : box.x + 7].rstrip().endswith("2")


def test_a_ruleset_draws_its_own_pieces_through_the_hook():
    """`Pieces`: the token and badge of a zoomed hex, the pair of a compact one."""
    where = Hex.from_label("0101")
    units = _units(UnitMarker(where, "A", Facing.N, label="Z1"), UnitMarker(where, "B", Facing.N))
    zoomed = BoardPicture(view=ToyView(), units=units, pieces=Flags())
    box = region_of(where)
    assert zoomed.lines()[box.y + 2][box.x + 1 : box.x + 7] == "+#Z +2"
    compact = BoardPicture(view=ToyView(), units=units, pieces=Flags(), compact=True)
    assert _pair(compact, where) == "#Z"
