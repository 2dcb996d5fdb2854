"""The hex board at a glance (issue 13, item 2).

Marks in their own hex, overlays that stand out in 256 colours, 16 colours and monochrome, a
legend of every symbol, a board that follows what is in question, and SVG snapshots of the play
screen at 80x24, 120x40 and 200x60 in colour and monochrome.

Update the snapshots with ``--snapshot-update`` and look at the SVGs first.
"""

from __future__ import annotations

import itertools
import math

import pytest
from rich.color import Color, ColorSystem
from rich.style import Style
from textual.geometry import Region

from engine.battletech.board import Board, Bridge, Building, BuildingClass, Terrain, Woods
from engine.hexes import Facing, Hex
from tests.tui.test_bt_play import deployed, library, new_journal  # noqa: F401
from tests.tui.test_bt_snapshots import PLOT, plotting_app
from tests.tui.test_hexboard import BoardApp, h, varied_board
from tui.app import HexmechApp
from tui.battletech.board_view import BTBoardView, legend_rows
from tui.battletech.screen import BattleTechScreen
from tui.widgets.hexboard import (
    COLUMN_STEP,
    WIDE_STEP,
    BoardPicture,
    HexBoard,
    UnitMarker,
    board_size,
    hex_at_offset,
    region_of,
)
from tui.widgets.hexboard_legend import (
    GENERIC_ROLES,
    OVERLAYS,
    LegendPanel,
    legend_text,
    rows_shown,
)

MARK_ROLES = frozenset(
    {"side-0", "side-1", "side-2", "side-3", "pointer", "more", "cost", "mark-text", "step"}
    | {"level", "water", "building", "bridge", "road", "fire"}
)
"""Roles of the cells that say something about one hex: units, costs, steps, levels, tags."""


# ------------------------------------------------------------------ a board with everything
def busy_board() -> Board:
    """Every tag and a level in a few hexes, the rest of the varied board around them."""
    board = varied_board(8, 6)
    for label, terrain in {
        "0202": Terrain(level=2, water=1, bridge=Bridge()),
        "0303": Terrain(level=-1, road=0b001001),
        "0404": Terrain(building=Building(BuildingClass.HEAVY, 60), fire=True, level=3),
        "0505": Terrain(woods=Woods.HEAVY, level=1),
    }.items():
        board = board.replace(h(label), terrain)
    return board


def busy_picture(*, ascii_only: bool = False, step: int = COLUMN_STEP) -> BoardPicture:
    """Units of every facing, prone, selected and stacked; 1- and 2-cell costs and marks; a path."""
    units: dict[Hex, tuple[UnitMarker, ...]] = {}
    for index, facing in enumerate(Facing):
        where = Hex.from_offset(index, index % 3)
        units[where] = (
            UnitMarker(where, "ABCDEF"[index], facing, side=index % 4, prone=index % 2 == 1),
        )
    stacked = h("0706")
    units[stacked] = (
        UnitMarker(stacked, "X", Facing.S, side=1),
        UnitMarker(stacked, "Y", Facing.N, side=2),
    )
    chosen = h("0805")
    units[chosen] = (UnitMarker(chosen, "Z", Facing.NW, side=3, selected=True, prone=True),)
    reach = {where: str(10 + n) if n % 2 else str(n) for n, where in enumerate(units)}
    reach.update({h("0304"): "12", h("0405"): "7", h("0606"): "--"})
    return BoardPicture(
        BTBoardView(busy_board()),
        ascii_only=ascii_only,
        units=units,
        reach=reach,
        marks={h("0106"): "11", h("0206"): "?", h("0306"): ""},
        path={h("0104"): Facing.SE, h("0204"): Facing.NE, h("0303"): None},
        cursor=h("0505"),
        step=step,
    )


def cells(picture: BoardPicture) -> list[tuple[int, int, str, tuple[str, ...]]]:
    """Every cell of the drawing: x, y, its character and its roles."""
    return [
        (x, y, char, roles)
        for y in range(picture.size.height)
        for x, (char, roles) in enumerate(picture.row(y))
    ]


def expected_text(picture: BoardPicture, where: Hex) -> str:
    """Every character a hex may show as a mark: its units, cost, mark, path step, level, tags."""
    assert picture.view is not None
    face = picture.view.face(where, ascii_only=picture.ascii_only)
    text = face.level + "".join(tag for tag, _ in face.tags)
    text += picture.reach.get(where, "") + picture.marks.get(where, "")
    for unit in picture.units.get(where, ()):
        text += unit.letter + "▸>+_↑↗↘↓↙↖^/\\v"
    if where in picture.path:
        text += "↑↗↘↓↙↖●^/\\vo"
    return text


# ------------------------------------------------------------------ 1. every mark in its hex
STEPS = pytest.mark.parametrize("step", [COLUMN_STEP, WIDE_STEP], ids=["narrow", "wide"])


@STEPS
@pytest.mark.parametrize("ascii_only", [False, True], ids=["unicode", "ascii"])
def test_every_mark_maps_back_to_its_own_hex(ascii_only, step) -> None:
    """Each unit, cost, mark, step, level and tag cell lies inside the hex that has it."""
    picture = busy_picture(ascii_only=ascii_only, step=step)
    width, height = 8, 6
    checked = 0
    for x, y, char, roles in cells(picture):
        if char == " " or MARK_ROLES.isdisjoint(roles):
            continue
        where = hex_at_offset(x, y, width, height, step)
        assert where is not None, (x, y, char)
        assert char in expected_text(picture, where), (where.label, x, y, char, roles)
        checked += 1
    assert checked > 60  # the marks were really drawn


@STEPS
@pytest.mark.parametrize("ascii_only", [False, True], ids=["unicode", "ascii"])
def test_no_digit_or_letter_leans_on_a_slope_beside_another_hex_label(ascii_only, step) -> None:
    """The old ``5/0713``: a cost against the slope in front of the next column's label."""
    picture = busy_picture(ascii_only=ascii_only, step=step)
    drawn = {(x, y): (char, roles) for x, y, char, roles in cells(picture)}
    for (x, y), (char, roles) in drawn.items():
        if not char.isalnum() or "label" in roles:
            continue
        for side in (1, -1):
            slope, beyond = drawn.get((x + side, y)), drawn.get((x + 2 * side, y))
            if slope is None or beyond is None or slope[0] not in "/\\":
                continue
            assert "label" not in beyond[1], (x, y, char, roles)


def test_units_and_costs_sit_right_under_their_own_label() -> None:
    """The upper line, between the neighbours' edges, right under the hex's own label."""
    where = h("0505")
    picture = BoardPicture(
        BTBoardView(Board.blank(8, 8)),
        units={where: (UnitMarker(where, "A", Facing.N, selected=True),)},
        reach={where: "12"},
    )
    box = region_of(where)
    lines = picture.lines()
    assert lines[box.y + 1][box.x + 1 : box.x + 7] == "/0505\\"
    assert lines[box.y + 2][box.x : box.x + 8] == "/▸A↑ 12\\"
    # The neighbours' edges flank it, not their labels.
    assert lines[box.y + 2][box.x - 4 : box.x] == "____"


def test_wide_hexes_give_the_label_and_the_marks_a_cell_of_air() -> None:
    """The same layout two cells wider, with a blank cell at each end of the label and marks."""
    where = h("0505")
    picture = BoardPicture(
        BTBoardView(Board.blank(8, 8).replace(where, Terrain(level=2, water=1))),
        units={where: (UnitMarker(where, "A", Facing.N, selected=True),)},
        reach={where: "12"},
        step=WIDE_STEP,
    )
    box = region_of(where, WIDE_STEP)
    lines = picture.lines()
    assert box.width == 10  # two cells wider
    assert lines[box.y + 1][box.x + 1 : box.x + 9] == "/ 0505 \\"
    assert lines[box.y + 2][box.x : box.x + 10] == "/ ▸A↑ 12 \\"
    assert lines[box.y + 3][box.x : box.x + 10] == "\\~~~1 2 ~/"
    for x in range(box.x + 1, box.x + 9):
        assert hex_at_offset(x, box.y + 2, 8, 8, WIDE_STEP) == where


# ------------------------------------------------------------------ 2. overlays stand out
def _overlaid(kind: str) -> dict:
    """The board settings that put overlay ``kind`` on 0303 (the cursor stays on 0606)."""
    target = h("0303")
    return {
        "cursor": {"cursor": target},
        "path": {"path": [target, h("0403")]},
        "path-blocked": {"path": [target, h("0403")], "blocked": True},
        "reach": {"reach": {target: 3}},
        "mark": {"marks": {target: "8"}},
        "zone": {"marks": [target]},
        "arc": {"arc": [target]},
    }[kind]


def _cells_of(board: HexBoard, where: Hex) -> list[tuple[str, Style]]:
    """The label and the two inside lines of a hex as drawn by the widget: char and full style."""
    box = region_of(where)
    found: list[tuple[str, Style]] = []
    for dy, (start, end) in zip((1, 2, 3), ((2, 6), (1, 7), (1, 7)), strict=True):
        strip = board.line_strip(box.y + dy)
        drawn = [(char, segment.style or Style()) for segment in strip for char in segment.text]
        found += drawn[box.x + start : box.x + end]
    return found


async def _looks(kind: str, *, mono: bool = False) -> tuple[list, list]:
    """The cells of 0303 under overlay ``kind``, and of the plain 0505 (same blank terrain)."""
    app = BoardApp(Board.blank(8, 8), mono=mono)
    async with app.run_test(size=(80, 30)) as pilot:
        board = app.query_one(HexBoard)
        board.set_cursor(h("0606"))
        settings = _overlaid(kind)
        if "cursor" in settings:
            board.set_cursor(settings["cursor"])
        if "path" in settings:
            board.set_path(settings["path"], blocked=settings.get("blocked", False))
        if "reach" in settings:
            board.set_reach(settings["reach"])
        if "marks" in settings:
            board.set_marks(settings["marks"])
        if "arc" in settings:
            board.set_arc(settings["arc"])
        await pilot.pause()
        return _cells_of(board, h("0303")), _cells_of(board, h("0505"))


def _blank_background(drawn: list[tuple[str, Style]]) -> Color:
    """The background of the hex's first blank inside cell (the lower line is blank terrain)."""
    return next(style.bgcolor for char, style in drawn[10:] if char == " " and style.bgcolor)


def _distance(one: Color, other: Color) -> float:
    a, b = one.get_truecolor(), other.get_truecolor()
    return math.dist(tuple(a), tuple(b))


@pytest.mark.parametrize("kind", OVERLAYS)
async def test_each_overlay_stands_out_in_256_colours(kind) -> None:
    """The overlay's background is another xterm-256 colour, far from the board's."""
    shaded, plain = await _looks(kind)
    over = _blank_background(shaded).downgrade(ColorSystem.EIGHT_BIT)
    board = _blank_background(plain).downgrade(ColorSystem.EIGHT_BIT)
    assert over.number != board.number, kind
    assert _distance(over, board) >= 50, kind  # #303030 over #121212 at least


@pytest.mark.parametrize("kind", OVERLAYS)
async def test_each_overlay_stands_out_in_16_colours(kind) -> None:
    """Rich's downgrade to the 16 ANSI colours keeps the overlay off the board's black."""
    shaded, plain = await _looks(kind)
    over = _blank_background(shaded).downgrade(ColorSystem.STANDARD)
    board = _blank_background(plain).downgrade(ColorSystem.STANDARD)
    assert over.number != board.number, kind


async def test_overlays_shown_together_differ_from_each_other_in_16_colours() -> None:
    """Reach and path (movement); path, blocked sight, marks and arc (weapons); the zone."""
    numbers = {}
    for kind in OVERLAYS:
        shaded, _ = await _looks(kind)
        numbers[kind] = _blank_background(shaded).downgrade(ColorSystem.STANDARD).number
    for together in (("reach", "path"), ("path", "mark", "arc"), ("path-blocked", "mark", "arc")):
        assert len({numbers[kind] for kind in together}) == len(together), together


def _no_colour(drawn: list[tuple[str, Style]]) -> list[tuple[str, tuple]]:
    """What is left of the cells with every colour taken away: characters and attributes."""
    return [(char, (s.bold, s.italic, s.underline, s.reverse, s.strike)) for char, s in drawn]


@pytest.mark.parametrize("kind", OVERLAYS)
async def test_each_overlay_shows_without_any_colour(kind) -> None:
    """Monochrome: attributes (reverse, underline, italics) or characters mark the hex."""
    shaded, plain = await _looks(kind, mono=True)
    assert _no_colour(shaded) != _no_colour(plain), kind
    # Not the characters alone: the attributes of the label or the inside changed as well.
    attributes = [attrs for _, attrs in _no_colour(shaded)]
    assert attributes != [attrs for _, attrs in _no_colour(plain)], kind


async def test_overlays_shown_together_differ_from_each_other_without_colour() -> None:
    looks = {}
    for kind in OVERLAYS:
        shaded, _ = await _looks(kind, mono=True)
        looks[kind] = [attrs for _, attrs in _no_colour(shaded)]
    for together in (
        ("cursor", "reach", "path"),
        ("cursor", "path", "mark", "arc"),
        ("cursor", "path-blocked", "mark", "arc"),
        ("cursor", "zone"),
    ):
        for one, other in itertools.combinations(together, 2):
            assert looks[one] != looks[other], (one, other)


async def test_no_color_makes_the_board_monochrome(monkeypatch) -> None:
    """NO_COLOR (Textual strips the colours) gives the board its attribute marks too."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = BoardApp(Board.blank(4, 4))
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert app.query_one(HexBoard).has_class("-mono")
    monkeypatch.delenv("NO_COLOR")
    app = BoardApp(Board.blank(4, 4))
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        board = app.query_one(HexBoard)
        assert not board.has_class("-mono")
        app.theme = "hexmech-mono"
        await pilot.pause()
        assert board.has_class("-mono")


# ------------------------------------------------------------------ 3. the legend
@pytest.mark.parametrize("ascii_only", [False, True], ids=["unicode", "ascii"])
def test_the_legend_names_every_symbol_the_board_shows(ascii_only) -> None:
    """Every glyph on a busy board is in the legend, and every role it uses has a row."""
    picture = busy_picture(ascii_only=ascii_only)
    rows = legend_rows(ascii_only=ascii_only)
    legend = legend_text(rows).plain
    drawn = {
        char
        for _, _, char, roles in cells(picture)
        if not char.isalnum() and char != " " and not {"edge", "edge-cursor", "label"} & set(roles)
    }
    assert drawn, "nothing drawn"
    assert drawn <= set(legend), drawn - set(legend)
    in_rows = {role for runs, _ in rows for _, roles in runs for role in roles}
    assert picture.roles_in_use() <= in_rows, picture.roles_in_use() - in_rows


def test_the_legend_keeps_the_rows_of_what_the_board_shows() -> None:
    """Terrain the map lacks and overlays not shown drop out; their headings go with them."""
    rows = legend_rows()
    plain = BoardPicture(BTBoardView(Board.blank(4, 4)), cursor=h("0101"))
    kept = [meaning for _, meaning in rows_shown(rows, plain.roles_in_use())]
    assert "the cursor" in kept
    assert "hex: column 05, row 07" in kept
    assert "heavy woods" not in kept
    assert "deployment zone" not in kept
    assert "prone" not in kept
    busy = [meaning for _, meaning in rows_shown(rows, busy_picture().roles_in_use())]
    for meaning in ("heavy woods", "prone", "selected", "MP to enter", "more units here"):
        assert meaning in busy
    generic_only = [
        row for row in rows if row[0] and {r for _, rs in row[0] for r in rs} <= GENERIC_ROLES
    ]
    assert all(row in rows_shown(rows, set()) for row in generic_only)


def combat_journal(saves, library, places):  # noqa: F811
    """The default scenario deployed at ``places``, every unit still: the weapon phase."""
    from engine.battletech.commands import EndPhase, Move, RollInitiative  # noqa: PLC0415
    from engine.battletech.rules.flow import pending  # noqa: PLC0415
    from engine.battletech.state import MoveMode, Phase  # noqa: PLC0415

    journal = new_journal(saves, library)
    deployed(journal, places)
    journal.execute(RollInitiative())
    while journal.game.state.phase is Phase.MOVEMENT:
        state = journal.game.state
        side = state.side_to_act
        waiting = pending(state, side) if side is not None else ()
        journal.execute(Move(waiting[0], MoveMode.STILL) if waiting else EndPhase())
    return journal


async def test_shift_l_shows_and_hides_the_legend_over_the_board(tmp_path, library) -> None:  # noqa: F811
    """Deployment: the zone and the cursor are named; the board keeps its size under it."""
    journal = new_journal(tmp_path, library)
    app = HexmechApp(tmp_path, first=lambda: BattleTechScreen(journal=journal))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.query_one(HexBoard)
        before = board.region
        await pilot.press("L")
        await pilot.pause()
        panel = app.screen.query_one(LegendPanel)
        text = legend_text(rows_shown(legend_rows(), board.picture.roles_in_use())).plain
        assert "deployment zone" in text
        assert "the cursor" in text
        assert board.region == before
        assert panel.region.right <= board.region.right
        assert panel.region.y == board.region.y
        assert board.has_focus  # the cursor keys still move the cursor
        await pilot.press("L")
        await pilot.pause()
        assert not app.screen.query(LegendPanel)


# ------------------------------------------------------------------ 4. the board follows
FAR = ("0101 S", "0117 N", "1601 S", "1617 N")
"""The four units in the four corners of the default map."""


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_tab_in_the_weapon_phase_scrolls_each_target_into_view(
    tmp_path,
    library,  # noqa: F811
    size,
) -> None:
    journal = combat_journal(tmp_path, library, FAR)
    app = HexmechApp(tmp_path, first=lambda: BattleTechScreen(journal=journal))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.state.phase.value == "weapon attack"
        board = screen.board
        seen = set()
        for _ in range(3):
            await pilot.press("tab")
            await pilot.pause()
            aim = screen.attacks.aim
            target = screen.state.units[aim.target].hex
            view = Region(*board.scroll_offset, *board.size)
            assert view.contains_region(region_of(target)), (target.label, view)
            seen.add(target)
        assert len(seen) == 2  # both enemies, far apart


async def test_scroll_to_hexes_shows_them_all_when_they_fit_else_the_first() -> None:
    app = BoardApp(Board.blank(16, 17))
    async with app.run_test(size=(60, 24)) as pilot:
        board = app.query_one(HexBoard)
        await pilot.pause()

        def visible(where: Hex) -> bool:
            return Region(*board.scroll_offset, *board.size).contains_region(region_of(where))

        board.scroll_to_hexes([h("1210"), h("1412")])
        await pilot.pause()
        assert visible(h("1210"))
        assert visible(h("1412"))
        board.scroll_to_hexes([h("0117"), h("1601")])
        await pilot.pause()
        assert visible(h("0117"))
        board.follow("aim", [h("1601")])
        await pilot.pause()
        assert visible(h("1601"))
        board.scroll_to(0, 0, animate=False, immediate=True)
        board.follow("aim", [h("1601")])  # the same thing in question: the player's scroll stays
        await pilot.pause()
        assert board.scroll_offset == (0, 0)


async def test_the_play_screen_draws_wide_hexes_when_the_whole_board_fits(
    tmp_path,
    library,  # noqa: F811
) -> None:
    """260x70: wide hexes, the log beside them; 120x40: narrow hexes, the cursor in view.

    At 200x60 the log beside the board takes the room wide hexes would need.
    """
    app = plotting_app(tmp_path, library)
    async with app.run_test(size=(260, 70)) as pilot:
        await pilot.pause()
        board = app.screen.query_one(HexBoard)
        view = board.view
        assert board.picture.step == WIDE_STEP
        assert board.virtual_size == board_size(view.width, view.height, WIDE_STEP)
        assert board.left_margin == (board.size.width - board.virtual_size.width) // 2
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        assert board.picture.step == COLUMN_STEP
        window = Region(*board.scroll_offset, *board.size)
        assert window.contains_region(board.region_of(board.cursor))


async def test_a_click_on_a_wide_centred_board_finds_the_hex(tmp_path, library) -> None:  # noqa: F811
    app = plotting_app(tmp_path, library)
    async with app.run_test(size=(180, 50)) as pilot:
        await pilot.pause()
        board = app.screen.query_one(HexBoard)
        board.scroll_to(0, 0, animate=False, immediate=True)
        await pilot.pause()
        target = h("0303")
        box = board.region_of(target)
        offset = (box.x + 5 + board.left_margin, box.y + 2 - board.scroll_offset.y)
        await pilot.click(HexBoard, offset=offset)
        await pilot.pause()
        assert board.cursor == target


# ------------------------------------------------------------------ snapshots
SIZES = [(80, 24), (120, 40), (200, 60)]


def mono_plotting_app(saves, library):  # noqa: F811
    """`plotting_app` in the monochrome theme."""
    from engine.battletech.commands import RollInitiative  # noqa: PLC0415
    from tests.tui.test_bt_play import PLACES  # noqa: PLC0415

    journal = new_journal(saves, library)
    deployed(journal, PLACES)
    journal.execute(RollInitiative())
    return HexmechApp(saves, mono=True, first=lambda: BattleTechScreen(journal=journal))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_plotting_a_walk_in_colour(snap_compare, tmp_path, library, size) -> None:  # noqa: F811
    """Reach with its MP, the path, the unit under its label; the board centred at 200x60."""
    assert snap_compare(plotting_app(tmp_path, library), press=PLOT, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_plotting_a_walk_in_monochrome(snap_compare, tmp_path, library, size) -> None:  # noqa: F811
    """The same in the monochrome theme: underlined labels in reach, the path reversed."""
    assert snap_compare(mono_plotting_app(tmp_path, library), press=PLOT, terminal_size=size)


def test_snapshot_of_the_legend_over_the_board(snap_compare, tmp_path, library) -> None:  # noqa: F811
    """120x40, plotting a walk, ``L``: the shading, units and terrain of this map, named."""
    press = [*PLOT, "L"]
    assert snap_compare(plotting_app(tmp_path, library), press=press, terminal_size=(120, 40))
