"""The hex board on BattleTech maps: exact pictures, glyphs, keys, mouse, scrolling, caching.

Pure drawing is tested on `BoardPicture` (through `BTBoardView`) without an app; keys, clicks,
scrolling and the strip cache with a tiny app and Textual's Pilot; the look with two SVG
snapshots (update them with ``--snapshot-update`` and look at snapshot_report.html before
committing).
"""

from __future__ import annotations

import ast
import itertools
import random
from pathlib import Path
from typing import ClassVar

import pytest
from attrs import frozen
from textual.app import App, ComposeResult
from textual.widgets import Footer, Static

import engine.registry
from engine.battletech.board import Board, Bridge, Building, BuildingClass, Terrain, Woods
from engine.battletech.narrate.hexwords import describe_hex
from engine.hexes import Facing, Hex
from tui.battletech import board_view as board_view_bt
from tui.battletech.board_view import (
    GLYPHS,
    BTBoardView,
    legend_rows,
    terrain_kind,
    terrain_tags,
)
from tui.battletech.widgets.board import BTHexBoard, BTLegend
from tui.theme import HEXMECH_THEME, MONO_THEME, THEMES
from tui.widgets import hexboard
from tui.widgets.board_view import HexFace, LegendRow
from tui.widgets.hexboard import (
    BoardPicture,
    HexBoard,
    UnitMarker,
    board_size,
    hex_at_offset,
    region_of,
)
from tui.widgets.hexboard_legend import HexLegend, legend_text, unit_rows


def h(label: str) -> Hex:
    return Hex.from_label(label)


def board_of(width: int, height: int, **terrain: Terrain) -> Board:
    """A clear board with some hexes given by label: ``board_of(2, 2, h0101=Terrain(...))``."""
    board = Board.blank(width, height)
    for label, where in terrain.items():
        board = board.replace(h(label.removeprefix("h")), where)
    return board


TWO_BY_TWO = board_of(
    2,
    2,
    h0101=Terrain(level=2, woods=Woods.LIGHT),
    h0102=Terrain(water=2),
    h0201=Terrain(woods=Woods.HEAVY),
    h0202=Terrain(level=-1),
)


def varied_board(width: int = 8, height: int = 6) -> Board:
    """Every terrain kind at least once, then a scatter of woods, water and hills."""
    kinds = [
        Terrain(woods=Woods.LIGHT),
        Terrain(woods=Woods.HEAVY, level=2),
        Terrain(rough=True, level=1),
        Terrain(rubble=True),
        Terrain(water=1),
        Terrain(swamp=True),
        Terrain(water=1, ice=True),
        Terrain(pavement=True),
        Terrain(building=Building(BuildingClass.HEAVY, 90, 2)),
        Terrain(road=0b001001),
        Terrain(water=2, bridge=Bridge(exits=0b001001)),
        Terrain(woods=Woods.HEAVY, fire=True),
        Terrain(level=-1),
    ]
    rng = random.Random(7)  # noqa: S311 - a fixed test board
    extra = [
        rng.choice([Terrain(), Terrain(), Terrain(woods=Woods.LIGHT), Terrain(level=1)])
        for _ in range(width * height - len(kinds))
    ]
    return Board(width, height, tuple(kinds + extra))


def interior(picture: BoardPicture, where: Hex) -> list[str]:
    """The three inside lines of a hex as drawn: label (4 cells), upper and lower (6 each)."""
    lines = [(line + " " * 400) for line in picture.lines()]
    box = region_of(where)
    return [
        lines[box.y + 1][box.x + 2 : box.x + 6],
        lines[box.y + 2][box.x + 1 : box.x + 7],
        lines[box.y + 3][box.x + 1 : box.x + 7],
    ]


# ------------------------------------------------------------------ exact pictures
def test_a_two_by_two_board_is_drawn_exactly_in_ascii() -> None:
    """Labels, light woods on level 2, water depth 2, heavy woods, a level -1 hollow."""
    picture = BoardPicture(BTBoardView(TWO_BY_TWO), ascii_only=True)
    assert picture.lines() == [
        "  ____",
        " /0101\\",
        "/^ ^ ^ \\____",
        "\\ ^  2 /0201\\",
        " \\____/^^^^^^\\",
        " /0102\\^^^^^^/",
        "/~~~~~~\\____/",
        "\\~~2~~~/0202\\",
        " \\____/      \\",
        "      \\   -1 /",
        "       \\____/",
    ]


def test_the_unicode_board_draws_heavy_woods_as_clubs() -> None:
    """Only the glyphs change; the layout is the same."""
    ascii_lines = BoardPicture(BTBoardView(TWO_BY_TWO), ascii_only=True).lines()
    unicode_lines = BoardPicture(BTBoardView(TWO_BY_TWO)).lines()
    assert unicode_lines[4] == " \\____/♣♣♣♣♣♣\\"
    assert [line.replace("♣", "^") for line in unicode_lines] == ascii_lines


def test_the_drawn_size_follows_the_board_size() -> None:
    """Columns 6 cells apart plus the last corner; rows 4 lines apart plus the half shift."""
    picture = BoardPicture(BTBoardView(TWO_BY_TWO))
    assert picture.size == board_size(2, 2) == (14, 11)
    assert len(picture.lines()) == 11
    assert max(len(line) for line in picture.lines()) == 14
    assert board_size(16, 17) == (98, 71)
    assert board_size(32, 34) == (194, 139)
    assert board_size(60, 60) == (362, 243)
    assert board_size(1, 1) == (8, 5)


def test_odd_columns_sit_half_a_hex_lower() -> None:
    """DESIGN 2.1: 0201 starts two lines below 0101; 0301 level with 0101."""
    assert region_of(h("0101")).y == 0
    assert region_of(h("0201")).y == 2
    assert region_of(h("0301")).y == 0
    assert region_of(h("0102")).y == 4
    assert region_of(h("0302")) == (12, 4, 8, 5)


# ------------------------------------------------------------------ glyphs
@pytest.mark.parametrize("ascii_only", [False, True], ids=["unicode", "ascii"])
def test_every_terrain_kind_shows_its_glyph(ascii_only) -> None:
    """Each kind of the glyph table appears in the hex that has it."""
    board = varied_board()
    picture = BoardPicture(BTBoardView(board), ascii_only=ascii_only)
    shown: set[str] = set()
    for where, terrain in board.items():
        inside = "".join(interior(picture, where)[1:])
        kind = terrain_kind(terrain)
        if kind is not None:
            assert kind.char(ascii_only=ascii_only) in inside, (where.label, kind.role)
            shown.add(kind.role)
        for text, role in terrain_tags(terrain, ascii_only=ascii_only)[:2]:
            assert text in inside, (where.label, role)
            shown.add(role)
    assert shown == set(GLYPHS)


@pytest.mark.parametrize("ascii_only", [False, True], ids=["unicode", "ascii"])
def test_terrain_kinds_differ_by_glyph_not_only_by_colour(ascii_only) -> None:
    """Monochrome: no two kinds draw the same texture, and no two tags are the same text."""
    textures = {
        (
            glyph.texture(glyph.upper, ascii_only=ascii_only),
            glyph.texture(glyph.lower, ascii_only=ascii_only),
        )
        for glyph in GLYPHS.values()
        if glyph.upper
    }
    assert len(textures) == sum(1 for glyph in GLYPHS.values() if glyph.upper)
    chars = {glyph.char(ascii_only=ascii_only) for glyph in GLYPHS.values()}
    assert len(chars) >= len(GLYPHS) - 1  # ASCII: light and heavy woods share '^', not density


def test_the_level_is_shown_unless_it_is_zero() -> None:
    """Right of the lower line, its last cell left blank: '2', '-1'; nothing at level 0."""
    picture = BoardPicture(BTBoardView(TWO_BY_TWO), ascii_only=True)
    assert interior(picture, h("0101"))[2].endswith(" 2 ")
    assert interior(picture, h("0202"))[2] == "   -1 "
    assert interior(picture, h("0201"))[2] == "^^^^^^"


def test_tags_show_water_depth_building_class_bridge_road_and_fire() -> None:
    """Two-cell tags from the lower line's second cell, most urgent first."""
    board = board_of(
        3,
        2,
        h0101=Terrain(water=3),
        h0201=Terrain(building=Building(BuildingClass.MEDIUM, 40), fire=True),
        h0301=Terrain(water=1, bridge=Bridge()),
        h0102=Terrain(road=0b001001, woods=Woods.LIGHT),
    )
    picture = BoardPicture(BTBoardView(board), ascii_only=True)
    assert interior(picture, h("0101"))[2][1:].startswith("~3")
    assert interior(picture, h("0201"))[2][1:].startswith("**#2")
    assert interior(picture, h("0301"))[2][1:].startswith("][~1")
    assert interior(picture, h("0102"))[2][1:].startswith("==")
    unicode = BoardPicture(BTBoardView(board))
    assert interior(unicode, h("0201"))[2][1:].startswith("**▓2")
    assert interior(unicode, h("0301"))[2][1:].startswith("╪╪~1")
    assert interior(unicode, h("0102"))[2][1:].startswith("══")


# ------------------------------------------------------------------ units
ASCII_TOKENS = {
    Facing.N: "A^",
    Facing.NE: "A/",
    Facing.SE: "A\\",
    Facing.S: "Av",
    Facing.SW: "/A",
    Facing.NW: "\\A",
}
UNICODE_TOKENS = {
    Facing.N: "A↑",
    Facing.NE: "A↗",
    Facing.SE: "A↘",
    Facing.S: "A↓",
    Facing.SW: "↙A",
    Facing.NW: "↖A",
}


@pytest.mark.parametrize("facing", list(Facing), ids=[f.name for f in Facing])
def test_a_unit_shows_its_letter_and_a_mark_on_the_side_it_faces(facing) -> None:
    """West-going marks left of the letter, the others right of it (NE '/' vs SW '/')."""
    where = h("0202")
    units = {where: (UnitMarker(where, "A", facing),)}
    ascii_picture = BoardPicture(BTBoardView(TWO_BY_TWO), ascii_only=True, units=units)
    unicode_picture = BoardPicture(BTBoardView(TWO_BY_TWO), units=units)
    assert interior(ascii_picture, where)[1] == f" {ASCII_TOKENS[facing]}   "
    assert interior(unicode_picture, where)[1] == f" {UNICODE_TOKENS[facing]}   "


def test_a_prone_unit_has_a_bar_on_the_other_side_of_its_letter() -> None:
    """'_' where the facing mark is not: '_A^' facing N, '/A_' facing SW."""
    where = h("0101")
    north = {where: (UnitMarker(where, "A", Facing.N, prone=True),)}
    south_west = {where: (UnitMarker(where, "A", Facing.SW, prone=True),)}
    assert (
        interior(BoardPicture(BTBoardView(TWO_BY_TWO), ascii_only=True, units=north), where)[1]
        == " _A^  "
    )
    assert interior(
        BoardPicture(BTBoardView(TWO_BY_TWO), ascii_only=True, units=south_west), where
    )[1] == (" /A_  ")


def test_a_hex_with_several_units_draws_the_selected_one_with_a_pointer() -> None:
    """The selected unit wins the hex and gets '>'; otherwise the first, with '+'."""
    where = h("0101")
    first, second = UnitMarker(where, "A", Facing.N), UnitMarker(where, "B", Facing.S, side=1)
    stacked = BoardPicture(BTBoardView(TWO_BY_TWO), ascii_only=True, units={where: (first, second)})
    assert interior(stacked, where)[1] == "+A^   "
    picked = attrs_evolve(second, selected=True)
    selected = BoardPicture(
        BTBoardView(TWO_BY_TWO), ascii_only=True, units={where: (first, picked)}
    )
    assert interior(selected, where)[1] == ">Bv   "


def attrs_evolve(unit: UnitMarker, **changes) -> UnitMarker:
    import attrs  # noqa: PLC0415 - one helper

    return attrs.evolve(unit, **changes)


def test_ascii_only_output_is_pure_ascii() -> None:
    """Every terrain kind, units of all facings, prone, overlays, and the legend."""
    board = varied_board()
    units = {
        Hex.from_offset(i, 1): (UnitMarker(Hex.from_offset(i, 1), "A", f, prone=i % 2 == 0),)
        for i, f in enumerate(Facing)
    }
    path = {h("0101"): Facing.SE, h("0201"): Facing.NE, h("0301"): None}
    picture = BoardPicture(
        BTBoardView(board),
        ascii_only=True,
        units=units,
        cursor=h("0303"),
        reach={h("0404"): "12"},
        path=path,
        marks={h("0505"): "8"},
    )
    assert all(line.isascii() for line in picture.lines())
    assert legend_text(legend_rows(ascii_only=True)).plain.isascii()
    assert not legend_text(legend_rows()).plain.isascii()


# ------------------------------------------------------------------ overlays
def test_reach_costs_show_in_the_upper_line() -> None:
    """The cost sits at the right of the upper line, under the label; the texture steps aside."""
    picture = BoardPicture(
        BTBoardView(TWO_BY_TWO), ascii_only=True, reach={h("0201"): "3", h("0101"): "12"}
    )
    assert interior(picture, h("0201"))[1] == "     3"
    assert interior(picture, h("0101"))[1] == "    12"
    assert interior(picture, h("0201"))[2] == "^^^^^^"  # the lower line keeps the terrain


def test_a_path_shows_an_arrow_to_each_next_hex_and_a_dot_at_its_end() -> None:
    """0101 -> SE 0201 -> S 0202 -> end; the unit at the start hides its arrow."""
    board = Board.blank(3, 3)
    widgetless = BoardPicture(BTBoardView(board))
    widgetless.path = {h("0101"): Facing.SE, h("0201"): Facing.S, h("0202"): None}
    assert interior(widgetless, h("0101"))[1] == "  ↘   "
    assert interior(widgetless, h("0201"))[1] == "  ↓   "
    assert interior(widgetless, h("0202"))[1] == "  ●   "
    ascii_picture = BoardPicture(BTBoardView(board), ascii_only=True, path=dict(widgetless.path))
    assert interior(ascii_picture, h("0101"))[1] == "   \\  "
    assert interior(ascii_picture, h("0202"))[1] == "  o   "


def test_marks_show_their_text() -> None:
    """A mark's short text sits where a cost would."""
    picture = BoardPicture(BTBoardView(TWO_BY_TWO), ascii_only=True, marks={h("0102"): "8"})
    assert interior(picture, h("0102"))[1] == "     8"


# ------------------------------------------------------------------ geometry
def test_the_centre_of_every_hex_box_maps_back_to_the_hex() -> None:
    """Pixel -> hex round trip on a 5 x 5 board, for every hex."""
    for col, row in itertools.product(range(5), range(5)):
        where = Hex.from_offset(col, row)
        centre = region_of(where).center
        assert hex_at_offset(int(centre[0]), int(centre[1]), 5, 5) == where


def test_every_inside_cell_maps_to_its_hex_and_every_edge_to_a_neighbouring_hex() -> None:
    """The click map is the inverse of the drawing, edges included."""
    board = Board.blank(5, 5)
    picture = BoardPicture(BTBoardView(board), ascii_only=True)
    lines = picture.lines()
    for where in board.positions():
        box = region_of(where)
        for dy, (start, stop) in zip((1, 2, 3), ((2, 6), (1, 7), (1, 7)), strict=True):
            for x in range(box.x + start, box.x + stop):
                assert hex_at_offset(x, box.y + dy, 5, 5) == where, (where.label, x, dy)
    for y, line in enumerate(lines):
        for x, char in enumerate(line):
            if char in "/\\_":
                found = hex_at_offset(x, y, 5, 5)
                assert found is not None, (x, y)
                assert x - region_of(found).x in range(8), (x, y)
                assert y - region_of(found).y in range(5), (x, y)


def test_cells_outside_the_board_map_to_nothing() -> None:
    """Negative cells, the blank corners and cells past the board answer None."""
    assert hex_at_offset(-1, 3, 5, 5) is None
    assert hex_at_offset(0, 0, 5, 5) is None  # the blank top-left corner
    assert hex_at_offset(40, 3, 5, 5) is None
    assert hex_at_offset(3, 30, 5, 5) is None


# ------------------------------------------------------------------ words
def test_describe_hex_names_the_label_the_features_and_the_level() -> None:
    """The status-line sentence."""
    board = board_of(
        10,
        10,
        h0507=Terrain(level=2, woods=Woods.HEAVY),
        h0910=Terrain(water=2),
        h0101=Terrain(road=0b001001, building=Building(BuildingClass.LIGHT, 15)),
    )
    assert describe_hex(board, h("0507")) == "0507 heavy woods, level 2"
    assert describe_hex(board, h("0910")) == "0910 water depth 2"
    assert describe_hex(board, h("0101")) == "0101 road, light building CF 15"
    assert describe_hex(board, h("0202")) == "0202 clear"
    assert describe_hex(board, Hex(20, 20)) == "off the board"


def test_the_legend_lists_every_glyph_of_the_board() -> None:
    """One glyph table: every terrain glyph appears in the legend, in both modes."""
    for ascii_only in (False, True):
        text = legend_text(legend_rows(ascii_only=ascii_only)).plain
        for glyph in GLYPHS.values():
            assert glyph.char(ascii_only=ascii_only) in text
        assert len(legend_rows(ascii_only=ascii_only)) == len(text.splitlines())
    assert "heavy woods" in legend_text(legend_rows()).plain


# ------------------------------------------------------------------ the widget in an app
class BoardApp(App[None]):
    """A board, its legend, and a status line showing the last message."""

    CSS = """
    Screen { layout: horizontal; }
    HexLegend { width: 26; }
    #status { dock: bottom; height: 1; }
    """

    def __init__(
        self,
        board: Board,
        *,
        ascii_only: bool = False,
        mono: bool = False,
        legend: bool = False,
    ) -> None:
        super().__init__()
        self.board = board
        self.ascii_only = ascii_only
        self.mono = mono
        self.legend = legend
        self.messages: list[tuple[str, str]] = []

    def compose(self) -> ComposeResult:
        yield BTHexBoard(self.board, ascii_only=self.ascii_only, id="board")
        if self.legend:
            yield BTLegend(ascii_only=self.ascii_only)
        yield Static("", id="status")
        yield Footer()

    def on_mount(self) -> None:
        for theme in THEMES:
            self.register_theme(theme)
        self.theme = (MONO_THEME if self.mono else HEXMECH_THEME).name
        self.query_one(HexBoard).focus()

    def on_hex_board_cursor_moved(self, message: HexBoard.CursorMoved) -> None:
        self.messages.append(("moved", message.hex.label))
        self.query_one("#status", Static).update(describe_hex(self.board, message.hex))

    def on_hex_board_hex_selected(self, message: HexBoard.HexSelected) -> None:
        self.messages.append(("selected", message.hex.label))


KEY_STEPS = {
    # From 0303 (0-based column 2, even: its west neighbours are NW 0202 and SW 0203).
    ("0303", "up"): "0302",
    ("0303", "down"): "0304",
    ("0303", "left"): "0203",
    ("0303", "right"): "0403",
    ("0303", "q"): "0202",
    ("0303", "w"): "0302",
    ("0303", "e"): "0402",
    ("0303", "a"): "0203",
    ("0303", "s"): "0304",
    ("0303", "d"): "0403",
    # From 0403 (column 3, odd, half a hex lower: NW 0303, SW 0304).
    ("0403", "left"): "0303",
    ("0403", "right"): "0503",
    ("0403", "q"): "0303",
    ("0403", "e"): "0503",
    ("0403", "a"): "0304",
    ("0403", "d"): "0504",
}


@pytest.mark.parametrize(("start", "key", "label"), [(*k, v) for k, v in KEY_STEPS.items()])
async def test_each_key_moves_the_cursor_to_the_right_neighbour(start, key, label) -> None:
    """Arrows by map geometry, q w e / a s d to the six neighbours, from even and odd columns."""
    app = BoardApp(Board.blank(5, 5))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(HexBoard)
        board.set_cursor(h(start))
        await pilot.pause()
        app.messages.clear()
        await pilot.press(key)
        assert board.cursor == h(label)
        assert app.messages == [("moved", label)]
        assert h(start).distance(h(label)) == 1


async def test_the_cursor_stays_on_the_board_at_the_edges() -> None:
    """At 0101 up, left, q, w and a do nothing; at 0505 down, right, s and d do nothing."""
    app = BoardApp(Board.blank(5, 5))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(HexBoard)
        assert board.cursor == h("0101")
        await pilot.press("up", "left", "q", "w", "a")
        assert board.cursor == h("0101")
        board.set_cursor(h("0505"))
        await pilot.pause()
        app.messages.clear()
        await pilot.press("down", "right", "s", "d")
        assert board.cursor == h("0505")
        assert app.messages == []
        assert not board.move_cursor(Facing.SE)
        assert not board.set_cursor(Hex(9, 9))


async def test_holding_left_or_right_runs_straight_along_a_row() -> None:
    """Left/right alternate NW/SW (NE/SE) and keep the row number."""
    app = BoardApp(Board.blank(8, 5))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(HexBoard)
        board.set_cursor(h("0103"))
        await pilot.press(*["right"] * 7)
        assert board.cursor == h("0803")
        assert [label for _, label in app.messages][-7:] == [f"0{c}03" for c in range(2, 9)]
        await pilot.press(*["left"] * 3)
        assert board.cursor == h("0503")


async def test_enter_selects_the_cursor_hex() -> None:
    """Enter posts HexSelected for the hex under the cursor."""
    app = BoardApp(Board.blank(5, 5))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d", "enter")
        assert app.messages == [("moved", "0201"), ("selected", "0201")]


async def test_a_click_moves_the_cursor_and_selects_the_hex() -> None:
    """Mouse: the clicked cell's hex becomes the cursor and is selected."""
    app = BoardApp(Board.blank(5, 5))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(HexBoard)
        target = region_of(h("0403"))
        assert await pilot.click(HexBoard, offset=(target.x + 4, target.y + 2))
        assert board.cursor == h("0403")
        assert app.messages == [("moved", "0403"), ("selected", "0403")]


async def test_a_click_on_a_scrolled_board_finds_the_hex_under_the_pointer() -> None:
    """The scroll offset is added before the cell is looked up."""
    app = BoardApp(Board.blank(32, 34))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(HexBoard)
        board.set_cursor(h("2020"))
        await pilot.pause()
        scroll_x, scroll_y = board.scroll_offset
        assert (scroll_x, scroll_y) != (0, 0)
        target = region_of(h("2121"))
        offset = (target.x + 4 - scroll_x, target.y + 2 - scroll_y)
        assert await pilot.click(HexBoard, offset=offset)
        assert board.cursor == h("2121")


async def test_hovering_a_hex_describes_it_in_the_tooltip() -> None:
    """The tooltip names the hex, its terrain, and the labels of its units."""
    app = BoardApp(TWO_BY_TWO)
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(HexBoard)
        board.set_units([UnitMarker(h("0201"), "W", Facing.S, label="Wolverine WVR-6R")])
        box = region_of(h("0201"))
        await pilot.hover(HexBoard, offset=(box.x + 4, box.y + 2))
        assert board.tooltip == "0201 heavy woods\nWolverine WVR-6R"
        await pilot.hover(HexBoard, offset=(40, 20))
        assert board.tooltip is None


async def test_switching_to_ascii_redraws_every_line() -> None:
    """The ascii_only setter drops the cache; the board and the legend follow."""
    app = BoardApp(TWO_BY_TWO, legend=True)
    async with app.run_test(size=(80, 24)) as pilot:
        board, legend = app.query_one(HexBoard), app.query_one(HexLegend)
        line = region_of(h("0201")).y + 2
        assert "♣" in board.line_strip(line).text
        board.ascii_only = legend.ascii_only = True
        await pilot.pause()
        assert board.line_strip(line).text.strip().startswith("\\____/^^^^^^")
        assert all(line.text.isascii() for line in map(board.line_strip, range(11)))


async def test_the_view_scrolls_to_keep_the_cursor_visible() -> None:
    """32 x 34 board at 80 x 24: well right and down, then back, the cursor is always shown."""
    app = BoardApp(Board.blank(32, 34))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(HexBoard)
        assert board.virtual_size == board_size(32, 34)

        def cursor_visible() -> bool:
            window = board.scrollable_content_region.at_offset(board.scroll_offset)
            assert board.cursor is not None
            return region_of(board.cursor) in window

        for key, times in (("right", 16), ("down", 16), ("left", 16), ("up", 16)):
            for _ in range(times):
                await pilot.press(key)
                assert cursor_visible(), board.cursor
        assert board.cursor == h("0101")
        assert board.scroll_offset == (0, 0)
        board.scroll_to_hex(h("1620"))
        await pilot.pause()
        window = board.scrollable_content_region.at_offset(board.scroll_offset)
        assert region_of(h("1620")) in window
        board.set_cursor(h("3234"))
        await pilot.pause()
        assert cursor_visible()
        assert board.scroll_offset == (board.max_scroll_x, board.max_scroll_y)


async def test_home_centres_the_cursor() -> None:
    """Home scrolls the cursor hex to the middle of the view."""
    app = BoardApp(Board.blank(32, 34))
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(HexBoard)
        board.set_cursor(h("1617"))
        await pilot.press("home")
        window = board.scrollable_content_region.at_offset(board.scroll_offset)
        centre = region_of(h("1617")).center
        assert abs(window.center[0] - centre[0]) <= 1
        assert abs(window.center[1] - centre[1]) <= 1


@pytest.mark.parametrize("size", [(16, 17), (32, 34), (60, 60)])
async def test_any_board_size_scrolls_to_its_far_corner(size) -> None:
    """The virtual size comes from the board; the last hex can be reached and drawn."""
    width, height = size
    app = BoardApp(Board.blank(width, height))
    async with app.run_test(size=(120, 40)) as pilot:
        board = app.query_one(HexBoard)
        assert board.virtual_size == board_size(width, height)
        corner = Hex.from_offset(width - 1, height - 1)
        board.set_cursor(corner)
        await pilot.pause()
        box = region_of(corner)
        text = board.render_line(box.y + 1 - board.scroll_offset.y).text
        assert corner.label in text


async def test_the_board_uses_its_line_cache_and_forgets_only_touched_lines() -> None:
    """Same line twice -> the same Strip; a new path drops only the lines of its hexes."""
    app = BoardApp(Board.blank(16, 17))
    async with app.run_test(size=(120, 40)) as pilot:
        board = app.query_one(HexBoard)
        await pilot.pause()
        first = board.line_strip(30)
        assert board.line_strip(30) is first
        assert board.render_line(3) is board.render_line(3)
        far = board.line_strip(60)
        board.set_path([h("0808"), h("0809")])  # lines 28-36 of column 08 (odd: 2 lower)
        assert board.line_strip(30) is not first
        assert board.line_strip(60) is far
        assert "●" in board.line_strip(region_of(h("0809")).y + 2).text
        board.set_path([])
        assert "●" not in board.line_strip(region_of(h("0809")).y + 2).text


async def test_moving_the_cursor_redraws_the_old_and_new_hex_lines_only() -> None:
    """Lines far from both cursor positions stay cached."""
    app = BoardApp(Board.blank(16, 17))
    async with app.run_test(size=(120, 40)) as pilot:
        board = app.query_one(HexBoard)
        await pilot.pause()
        strips = {y: board.line_strip(y) for y in range(20)}
        await pilot.press("s")  # 0101 -> 0102: lines 0-8
        assert all(board.line_strip(y) is strips[y] for y in range(9, 20))
        assert all(board.line_strip(y) is not strips[y] for y in range(9))


async def test_changed_terrain_redraws_only_its_hex() -> None:
    """set_board with the same size compares hexes and keeps the other lines."""
    app = BoardApp(Board.blank(16, 17))
    async with app.run_test(size=(120, 40)) as pilot:
        board = app.query_one(BTHexBoard)
        await pilot.pause()
        kept = board.line_strip(50)
        changed = board.line_strip(region_of(h("0303")).y + 2)
        board.set_board(app.board.replace(h("0303"), Terrain(woods=Woods.LIGHT)))
        assert board.line_strip(50) is kept
        fresh = board.line_strip(region_of(h("0303")).y + 2)
        assert fresh is not changed
        assert "^" in fresh.text


async def test_units_and_overlays_reach_the_screen() -> None:
    """The widget's lines carry what its set_... methods were given."""
    app = BoardApp(TWO_BY_TWO, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(HexBoard)
        board.set_units([UnitMarker(h("0202"), "W", Facing.SW, side=1, label="Wolverine")])
        board.set_reach({h("0201"): 3})
        board.set_marks([h("0102")])
        await pilot.pause()
        assert board.units_at(h("0202"))[0].label == "Wolverine"
        assert "/W" in board.line_strip(region_of(h("0202")).y + 2).text
        assert board.line_strip(region_of(h("0201")).y + 2).text.rstrip().endswith("3\\")
        board.clear_overlays()
        assert "3" not in board.line_strip(region_of(h("0201")).y + 2).text
        assert board.picture.marks == {}


async def test_a_theme_change_recolours_the_cached_lines() -> None:
    """Switching to the monochrome theme drops the cache: the woods lose their green."""
    app = BoardApp(TWO_BY_TWO)
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(HexBoard)
        await pilot.pause()
        line = region_of(h("0201")).y + 2
        colour = board.line_strip(line)
        app.theme = MONO_THEME.name
        await pilot.pause()
        mono = board.line_strip(line)
        assert mono is not colour
        assert mono.text == colour.text
        woods = next(seg.style for seg in mono if "♣" in seg.text)
        assert woods is not None
        assert woods.color is not None
        assert woods.color.triplet is not None
        red, green, blue = woods.color.triplet
        assert red == green == blue


# ------------------------------------------------------------------ snapshots
def map_of(board: BTHexBoard) -> Board:
    """The map a BattleTech board shows."""
    assert board.board is not None
    return board.board


def _dress(board: BTHexBoard) -> None:
    """Two sides, a selected unit, its reach and a plotted path, a prone enemy."""
    start = h("0303")
    board.set_units(
        [
            UnitMarker(start, "A", Facing.NE, side=0, selected=True, label="Atlas"),
            UnitMarker(h("0602"), "W", Facing.SW, side=1),
            UnitMarker(h("0705"), "L", Facing.N, side=1, prone=True),
            UnitMarker(h("0105"), "H", Facing.SE, side=0),
        ]
    )
    board.set_reach(
        {where: 2 * start.distance(where) for where in start.spiral(2) if where in map_of(board)}
    )
    board.set_path([start, h("0402"), h("0503"), h("0503"), h("0502")])
    board.set_cursor(h("0502"))


def test_snapshot_of_a_varied_board_with_units_reach_and_path(snap_compare) -> None:
    """Colour theme, Unicode glyphs, the legend beside the board."""

    async def run_before(pilot) -> None:
        _dress(pilot.app.query_one(BTHexBoard))
        await pilot.pause()

    app = BoardApp(varied_board(), legend=True)
    assert snap_compare(app, terminal_size=(80, 28), run_before=run_before)


def test_snapshot_of_the_ascii_board_in_monochrome(snap_compare) -> None:
    """The SSH look: ASCII glyphs, the monochrome theme."""

    async def run_before(pilot) -> None:
        _dress(pilot.app.query_one(BTHexBoard))
        await pilot.pause()

    app = BoardApp(varied_board(), ascii_only=True, mono=True, legend=True)
    assert snap_compare(app, terminal_size=(80, 28), run_before=run_before)


# ------------------------------------------------------------------ any kind of board
@frozen
class OceanView:
    """A board of no ruleset: shallows along the top row, deep water below, 8 fathoms deep."""

    width: int = 4
    height: int = 3
    roles: tuple[str, ...] = ("deep", "shallows")

    def face(self, where: Hex, *, ascii_only: bool) -> HexFace:
        if where.to_offset().row == 0:
            return HexFace("shallows", ". . . ", " . . .", tags=(("<>", "shallows"),))
        wave = "~" if ascii_only else "≈"
        return HexFace("deep", f"{wave} {wave}   ", f"   {wave} {wave}", level="-8")

    def describe(self, where: Hex) -> str:
        return f"{where.label} {'shallows' if where.to_offset().row == 0 else 'deep water'}"

    def legend(self, *, ascii_only: bool) -> list[LegendRow]:
        wave = "~" if ascii_only else "≈"
        return [
            (((f"{wave} {wave}", ("deep",)),), "deep water"),
            (((". .", ("shallows",)),), "shallows"),
            *unit_rows(ascii_only=ascii_only, level="fathoms", cost="knots to get there"),
        ]


class OceanBoard(HexBoard):
    """The generic board with colours for the ocean's two roles."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"hexboard--deep", "hexboard--shallows"}
    DEFAULT_CSS = """
    OceanBoard > .hexboard--deep { color: $secondary; }
    OceanBoard > .hexboard--shallows { color: $warning; }
    """


def test_an_ocean_board_of_no_ruleset_is_drawn_from_its_view() -> None:
    """Faces of the view: texture, tag and level in the kernel's flat-top layout (DESIGN 2.1)."""
    picture = BoardPicture(OceanView(width=2, height=2), ascii_only=True)
    assert picture.lines() == [
        "  ____",
        " /0101\\",
        "/. . . \\____",
        "\\ <>. ./0201\\",
        " \\____/. . . \\",
        " /0102\\ <>. ./",
        "/~ ~   \\____/",
        "\\   -8 /0202\\",
        " \\____/~ ~   \\",
        "      \\   -8 /",
        "       \\____/",
    ]
    units = {h("0102"): (UnitMarker(h("0102"), "S", Facing.N, side=1),)}
    ships = BoardPicture(OceanView(), units=units, reach={h("0202"): "4"})
    assert interior(ships, h("0102")) == ["0102", " S↑   ", "   -8 "]
    assert interior(ships, h("0202"))[1] == "     4"


class OceanApp(App[None]):
    """An ocean board and its legend."""

    CSS = "Screen { layout: horizontal; } HexLegend { width: 30; }"

    def __init__(self, board: type[HexBoard] = HexBoard) -> None:
        super().__init__()
        self.board_class = board
        self.messages: list[str] = []

    def compose(self) -> ComposeResult:
        yield self.board_class(OceanView(), id="board")
        yield HexLegend(OceanView())

    def on_mount(self) -> None:
        self.query_one(HexBoard).focus()

    def on_hex_board_cursor_moved(self, message: HexBoard.CursorMoved) -> None:
        self.messages.append(message.hex.label)


async def test_the_same_widget_plays_an_ocean_board() -> None:
    """Rows render, keys move the cursor, the tooltip and the legend speak the view's words."""
    app = OceanApp()
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(HexBoard)
        assert board.virtual_size == board_size(4, 3)
        assert "≈ ≈" in board.line_strip(region_of(h("0102")).y + 2).text
        assert ". . ." in board.line_strip(region_of(h("0101")).y + 2).text
        await pilot.press("s", "d", "enter")
        assert board.cursor == h("0202")
        assert app.messages == ["0102", "0202"]
        assert not board.set_cursor(h("0504"))
        box = region_of(h("0301"))
        await pilot.hover(HexBoard, offset=(box.x + 4, box.y + 2))
        assert board.tooltip == "0301 shallows"
        legend = str(app.query_one(HexLegend).render())
        assert "deep water" in legend
        assert "fathoms" in legend
        assert "knots to get there" in legend
        assert "woods" not in legend
        assert "MP" not in legend


async def test_a_view_role_takes_its_colour_from_the_component_class_of_that_name() -> None:
    """``hexboard--deep`` colours the waves; a board without that class draws them plain."""
    plain, coloured = OceanApp(), OceanApp(OceanBoard)
    colours = []
    for app in (plain, coloured):
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            line = app.query_one(HexBoard).line_strip(region_of(h("0102")).y + 2)
            colours.append(next(seg.style.color for seg in line if "≈" in seg.text and seg.style))
    assert colours[0] != colours[1]
    assert colours[1] is not None


# ------------------------------------------------------------------ no ruleset in tui/widgets
def _imported_modules(path: Path) -> set[str]:
    """Every module a source file imports (TYPE_CHECKING blocks and local imports too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


WIDGETS = Path(hexboard.__file__).parent
RULESET_PACKAGES = tuple(
    f"{layer}.{name}" for name in engine.registry.BUILTIN for layer in ("engine", "tui")
)
"""engine.battletech, tui.battletech, engine.papermech, ..."""


@pytest.mark.parametrize("source", sorted(WIDGETS.glob("*.py")), ids=lambda path: path.name)
def test_the_generic_widgets_import_no_ruleset(source: Path) -> None:
    """tui/widgets/ draws every system: no module there imports a ruleset's engine or tui code."""
    imported = _imported_modules(source)
    assert imported  # the walk found the imports (every module has one)
    bad = {m for m in imported if any(m == r or m.startswith(f"{r}.") for r in RULESET_PACKAGES)}
    assert not bad, bad


def test_the_import_walk_sees_the_board_s_imports() -> None:
    """The walk finds what hexboard.py imports, so an import of a ruleset would be seen."""
    assert {"tui.widgets.board_view", "engine.hexes.Hex"} <= _imported_modules(
        WIDGETS / "hexboard.py"
    )
    assert "engine.battletech.board.Board" in _imported_modules(Path(board_view_bt.__file__))
