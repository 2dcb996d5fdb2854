"""The DW board's two views and its fire overlays (DW-28.13 item 16 and its rendering note).

The compact view draws a hex in two cells (a piece's glyph and facing, or the terrain glyph and
an overlay's text), a row a line; the zoomed one is the shared board's 8 x 5 hexes. ``Z``
switches. ``v`` shades the selected weapon's arc (DW-28.6), writes the number of each range
band on its outer ring, 4, 8, 12 and 16 hexes out (DW-28.7), and draws the line of sight to the
model under the cursor (DW-28.8). The sample fleets face each other across open water: Red's
BB-1 in 1904 facing S, Blue's BB-2 in 1921 facing N, 17 hexes apart.
"""

from __future__ import annotations

import attrs
import pytest

from engine.dystopian.geometry import Level
from engine.dystopian.los import Sight
from engine.dystopian.terrain import Cell, TerrainKind, TerrainMap
from engine.hexes import Facing, Hex
from tests.tui.dystopian.test_screen_play import (  # noqa: F401 - fixture
    fleets,
    open_screen,
    ready_to_activate,
)
from tui.app import HexmechApp
from tui.dystopian.board_view import DWBoard, DWBoardView, fire_overlay, model_markers
from tui.dystopian.pieces import DWPieces, MineMarker
from tui.dystopian.sight_view import sight_to, sight_words
from tui.dystopian.wing_view import WingMarker
from tui.widgets.hexboard import BoardPicture
from tui.widgets.hexboard_compact import compact_hex_at, compact_region


@pytest.fixture(autouse=True)
def _truecolour(monkeypatch):
    """A terminal with every colour (the arrows show); one test asks for 16 colours."""
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("COLORTERM", "truecolor")


BB1 = Hex.from_label("1904")
BB2 = Hex.from_label("1921")
SIZE = (80, 24)


def compact_picture(state, markers=None, *, digits=False) -> BoardPicture:
    """The DW board drawn compact without an app, BB-1 selected."""
    picture = BoardPicture(
        view=DWBoardView(state.setup.terrain), pieces=DWPieces(digits=digits), compact=True
    )
    units: dict = {}
    for marker in markers or model_markers(state, state.index_of("BB-1")):
        units[marker.hex] = (*units.get(marker.hex, ()), marker)
    picture.units = units
    return picture


def cells(picture: BoardPicture, where: Hex):
    """The two cells of a hex in a compact picture: (text, roles of each)."""
    region = compact_region(where)
    row = picture.row(region.y)
    return row[region.x : region.right]


def text_at(picture: BoardPicture, where: Hex) -> str:
    return "".join(char for char, _ in cells(picture, where))


def test_the_compact_view_is_two_cells_a_hex_and_a_row_a_line(tmp_path, fleets):  # noqa: F811
    """DW-28.1: 36 x 24 hexes in 72 x 24 cells; a model is its letter and facing arrow."""
    state = ready_to_activate(tmp_path, fleets).game.state
    picture = compact_picture(state)
    lines = picture.lines()
    assert (picture.size.width, picture.size.height) == (72, 24)
    assert len(lines) == 24
    assert text_at(picture, BB1) == "B↓"  # Red's battleship, facing S
    assert text_at(picture, BB2) == "b↑"  # Blue's, lower case, facing N
    assert text_at(picture, Hex.from_label("0101")) == "~ "  # open water, no piece
    assert lines[3][36:38] == "B↓"  # column 19 starts at cell 36, row 4 is line 3
    assert compact_hex_at(37, 3, 36, 24) == BB1
    assert compact_hex_at(72, 3, 36, 24) is None


def test_the_ascii_facing_fallback_is_a_digit(tmp_path, fleets):  # noqa: F811
    """Rendering note: digits 0-5 (N NE SE S SW NW) where arrows may not show."""
    state = ready_to_activate(tmp_path, fleets).game.state
    picture = compact_picture(state, digits=True)
    assert text_at(picture, BB1) == "B3"  # S is facing 3
    assert text_at(picture, BB2) == "b0"


def test_colour_is_the_owner_and_text_style_the_level(tmp_path, fleets):  # noqa: F811
    """Rendering note: bold flying, reverse obscured, dim submerged; the selected underlined."""
    state = ready_to_activate(tmp_path, fleets).game.state
    markers = {m.label.split()[0]: m for m in model_markers(state, state.index_of("BB-1"))}
    lifted = [
        attrs.evolve(markers["CR-1"], level=Level.FLYING),
        attrs.evolve(markers["CR-2"], level=Level.OBSCURED),
        attrs.evolve(markers["CR-4"], level=Level.SUBMERGED),
        markers["BB-1"],
    ]
    picture = compact_picture(state, lifted)
    roles = {m.label.split()[0]: cells(picture, m.hex)[0][1] for m in lifted}
    assert roles["CR-1"] == ("piece-0", "level-flying")
    assert roles["CR-2"] == ("piece-0", "level-obscured")
    assert roles["CR-4"] == ("piece-1", "level-submerged")
    assert roles["BB-1"] == ("piece-0", "piece-selected")


def test_a_wing_is_its_token_count_and_a_mine_a_star(tmp_path, fleets):  # noqa: F811
    """Rendering note: a digit for a wing's tokens (and its kind), ``*`` a mine."""
    state = ready_to_activate(tmp_path, fleets).game.state
    wing_hex, mine_hex = Hex.from_label("1010"), Hex.from_label("1212")
    wing = WingMarker(wing_hex, "F", Facing.N, side=0, tokens=5)
    mine = MineMarker(mine_hex, "*", Facing.N, side=1)
    picture = compact_picture(state, [wing, mine])
    assert text_at(picture, wing_hex) == "5F"
    assert cells(picture, wing_hex)[0][1] == ("piece-0", "level-flying")  # wings fly
    assert text_at(picture, mine_hex) == "* "
    assert cells(picture, mine_hex)[0][1] == ("piece-1",)


def test_the_fore_turrets_band_rings_and_arc(tmp_path, fleets):  # noqa: F811
    """DW-28.7: rings 4, 8, 12, 16 hexes out, all round; DW-28.6: the 270-fore arc shaded."""
    state = ready_to_activate(tmp_path, fleets).game.state
    index = state.index_of("BB-1")
    shown = fire_overlay(state, index, 0)  # the fore turret, 8/10/8/5
    ahead = BB1
    for band in (1, 2, 3, 4):
        for _ in range(4):
            ahead = ahead.neighbor(Facing.S)
        assert shown.rings[ahead] == str(band)
        assert ahead in shown.arc
    assert all(BB1.distance(h) in (4, 8, 12, 16) for h, t in shown.rings.items() if t[0] != "½")
    astern = BB1.neighbor(Facing.N)
    assert astern not in shown.arc  # the aft sector is outside a 270-fore arc
    side = Hex.from_offset(18 - 4, 3)  # 4 hexes W along the row: on ring 1 either way
    assert BB1.distance(side) == 4
    assert shown.rings[side] == "1"
    # the compact view writes the band's digit in the ring hex's second cell
    picture = compact_picture(state)
    picture.arc, picture.rings = shown.arc, shown.rings
    assert text_at(picture, ahead) == "~4"
    assert cells(picture, ahead)[0][1][:2] == ("arc", "arc-label")


def test_the_line_of_sight_to_the_enemy_battleship(tmp_path, fleets):  # noqa: F811
    """DW-28.8: clear across open water; a mountain on the line blocks both traces."""
    state = ready_to_activate(tmp_path, fleets).game.state
    index = state.index_of("BB-1")
    clear = sight_to(state, index, BB2)
    assert clear is not None
    assert clear.sight is Sight.CLEAR
    assert clear.path[0] == BB1
    assert clear.path[-1] == BB2
    assert sight_words(state, clear) == "LoS to BB-2: clear, 17 hexes out of range."
    middle = Hex.from_label("1912")
    cells_ = {h: state.setup.terrain.cell(h) for h in state.setup.terrain}
    cells_[middle] = Cell(TerrainKind.MOUNTAIN)
    walled = attrs.evolve(
        state,
        setup=attrs.evolve(state.setup, terrain=TerrainMap.of(cells_)),
    )
    blocked = sight_to(walled, index, BB2)
    assert blocked is not None
    assert blocked.blocked
    assert "Terrain blocks" in sight_words(walled, blocked)
    assert sight_to(state, index, Hex.from_label("0101")) is None  # no model there


async def _rendered(board: DWBoard, where: Hex, line: int = 0) -> str:
    """Line ``line`` of a hex's box as the board renders it (scrolling and margin applied)."""
    region = board.region_of(where)
    x = region.x - board.left_cell + board.left_margin
    y = region.y + line - board.scroll_offset.y
    assert 0 <= y < board.size.height, "the hex is not in sight"
    text = board.render_line(y).text
    return text[x : x + region.width]


async def test_z_switches_to_the_compact_view_and_back(tmp_path, fleets):  # noqa: F811
    """DW-28.13 item 16: Z draws two cells a hex; Z again the zoomed hexes (label lines)."""
    journal = ready_to_activate(tmp_path, fleets)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        board = screen.board
        assert not board.compact
        board.set_cursor(BB1)
        await pilot.pause()
        assert "1904" in await _rendered(board, BB1, 1)  # a zoomed hex: its label, then ...
        assert "B↓" in await _rendered(board, BB1, 2)  # ... the token
        await pilot.press("Z")
        await pilot.pause()
        assert board.compact
        assert board.virtual_size.height == 24
        assert await _rendered(board, BB1) == "B↓"
        await pilot.press("Z")
        await pilot.pause()
        assert not board.compact


async def test_v_shows_rings_and_the_sight_line_in_the_compact_view(tmp_path, fleets):  # noqa: F811
    """DW-28.6-28.8 by keys: v, then the cursor on BB-2: rings drawn, the sight in the hex line."""
    journal = ready_to_activate(tmp_path, fleets)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        board = screen.board
        screen.selected = screen.state.index_of("BB-1")
        await pilot.press("Z", "v")
        await pilot.pause()
        ring = Hex.from_label("1908")  # 4 hexes S of BB-1: the end of RB1
        board.set_cursor(ring)
        await pilot.pause()
        assert (await _rendered(board, ring))[1] == "1"
        eight = Hex.from_label("1912")
        board.set_cursor(eight)
        await pilot.pause()
        assert (await _rendered(board, eight))[1] == "2"
        board.set_cursor(BB2)
        await pilot.pause()
        hexline = str(screen.query_one("#dw-hexline").render())
        assert hexline.startswith("LoS to BB-2: clear, 17 hexes")
        assert set(board.picture.path) >= {BB1, BB2}  # the line drawn from one to the other
        assert await _rendered(board, BB2) == "b↑"


async def test_sixteen_colours_draw_the_facing_as_a_digit(tmp_path, fleets, monkeypatch):  # noqa: F811
    """Rendering note: a 16-colour terminal gets the ASCII facing, 0-5 (S is 3, N is 0)."""
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.delenv("COLORTERM")
    journal = ready_to_activate(tmp_path, fleets)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        await pilot.press("Z")
        await pilot.pause()
        assert await _rendered(screen.board, BB1) == "B3"


@pytest.mark.parametrize("ascii_only", [False, True])
def test_the_legend_names_the_compact_pieces(ascii_only):
    """The legend explains the compact glyphs and the rings (shown when the board uses them)."""
    from tui.dystopian.board_view import legend_rows  # noqa: PLC0415

    meanings = [meaning for _, meaning in legend_rows(ascii_only=ascii_only)]
    assert "flying (bold)" in meanings
    assert "a wing: tokens, kind" in meanings
    assert "range band 1-4: its outer ring (DW-28.7)" in meanings


async def test_the_compact_view_and_the_cursor_outlast_a_new_layout(tmp_path, fleets):  # noqa: F811
    """80x24 to 120x40 composes the wide layout again: still compact, the cursor where it was."""
    journal = ready_to_activate(tmp_path, fleets)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        screen.board.set_cursor(BB2)
        await pilot.press("Z")
        await pilot.pause()
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        board = screen.board
        assert not screen.compact  # the wide layout: a new board widget
        assert board.compact
        assert board.cursor == BB2
        assert await _rendered(board, BB2) == "b↑"
