"""MegaMek ``.board`` files: real boards, malformed input, warnings, round trips, sheets combined.

Rules: BT-M-6 (map sheets), BT-M-7 (levels, water depth), BT-M-8 (terrain), BT-M-27 (roads),
BT-M-28 (bridges), BT-M-41 #15 (jungle is woods).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.battletech.board import Board, Bridge, Building, BuildingClass, Terrain, Woods
from engine.battletech.data.boardfile import ParsedBoard, combine, parse_board, write_board
from engine.battletech.data.fileformat import FileFormatError
from engine.hexes import Facing, Hex
from tests.conftest import SHARED

MEGAMEK_BOARDS = SHARED / "data" / "megamek" / "board"
needs_boards = pytest.mark.skipif(
    not MEGAMEK_BOARDS.is_dir(), reason=f"the shared MegaMek boards are not at {MEGAMEK_BOARDS}"
)


def megamek(name: str) -> ParsedBoard:
    path = MEGAMEK_BOARDS / name
    return parse_board(path.read_text(encoding="utf-8"), path.stem)


def at(board: Board, label: str) -> Terrain:
    return board.terrain(Hex.from_label(label))


def board_text(*hex_lines: str, size: str = "size 4 4", end: str = "end") -> str:
    return "\n".join([size, *hex_lines, end]) + "\n"


def reasons(parsed: ParsedBoard) -> list[tuple[int, str]]:
    return [(warning.line, warning.reason) for warning in parsed.warnings]


# ---------------------------------------------------------------- the shared MegaMek boards

# file -> (width, height, the warnings it gives, as (count, words every one contains))
SHARED_BOARDS = {
    "16x17 Grassland 1.board": (16, 17, 0, ""),
    "Ishiyama_NESW_01-10x10.board": (10, 10, 34, "'impassable:1' (impassable terrain)"),
    "The_Jungle-30x17.board": (30, 17, 1, "hex 2217 read as 2117"),
    "archipelago1.board": (16, 17, 0, ""),
    "city_downtown.board": (16, 17, 0, ""),
    "heavyforest1.board": (16, 17, 0, ""),
    "oasis.board": (16, 17, 0, ""),
    "rivervalley.board": (16, 17, 0, ""),
    "rollinghills1.board": (16, 17, 0, ""),
}


@needs_boards
def test_every_shared_board_is_listed_here() -> None:
    """The table below covers the whole shared folder, so a new file gets a look."""
    assert sorted(path.name for path in MEGAMEK_BOARDS.glob("*.board")) == sorted(SHARED_BOARDS)


@needs_boards
@pytest.mark.parametrize("name", sorted(SHARED_BOARDS))
def test_shared_board_parses_with_known_warnings(name: str) -> None:
    """BT-M-6: each real board reads at its size; its only warnings are the known ones."""
    width, height, count, words = SHARED_BOARDS[name]
    parsed = megamek(name)
    assert (parsed.board.width, parsed.board.height) == (width, height)
    assert parsed.board.name == name.removesuffix(".board")
    assert len(parsed.warnings) == count
    assert all(words in warning.reason for warning in parsed.warnings)


@needs_boards
@pytest.mark.parametrize("name", sorted(SHARED_BOARDS))
def test_shared_board_survives_a_round_trip(name: str) -> None:
    """What we write from a real board reads back equal, without warnings."""
    parsed = megamek(name)
    again = parse_board(write_board(parsed.board), parsed.board.name)
    assert again.board == parsed.board
    assert again.warnings == ()


@needs_boards
def test_archipelago_bridge_over_deep_water() -> None:
    """BT-M-7 item 4, BT-M-28: water:2 at surface level 0, a Medium bridge (CF 40) 2 levels up."""
    terrain = at(megamek("archipelago1.board").board, "0308")
    assert (terrain.level, terrain.water, terrain.bottom) == (0, 2, -2)
    assert terrain.bridge == Bridge(BuildingClass.MEDIUM, cf=40, exits=0b001001, height=2)
    assert terrain.road_exit(Facing.N)
    assert terrain.road_exit(Facing.S)


@needs_boards
def test_archipelago_roads_with_and_without_written_exits() -> None:
    """BT-M-27: ``road:1:9`` runs N-S; a bare ``road:1`` joins its road neighbours (MegaMek)."""
    board = megamek("archipelago1.board").board
    assert at(board, "0801").road == 0b001001  # written: N + S (N leaves the map)
    assert at(board, "0802").road == 0b010001  # automatic: N to 0801, SW to 0703
    assert at(board, "0305").road == 0b001010  # automatic: NE to 0404, S to 0306
    assert at(board, "0703").level == 1


@needs_boards
def test_city_downtown_buildings_and_crossroads() -> None:
    """BT-M-8.9: building class, CF and height in levels; a road with all six exits."""
    board = megamek("city_downtown.board").board
    assert at(board, "0101").building == Building(BuildingClass.LIGHT, cf=15, height=2)
    assert at(board, "1406").building == Building(BuildingClass.HARDENED, cf=120, height=12)
    assert at(board, "1604").road == 0b111111
    assert at(board, "0809").water == 2
    assert at(board, "0201").is_clear


@needs_boards
def test_woods_water_and_rough_of_other_boards() -> None:
    """BT-M-8.2..8.5: heavy woods, light woods with foliage, rough, water depths and levels."""
    assert at(megamek("heavyforest1.board").board, "0302").woods is Woods.HEAVY
    grass = at(megamek("16x17 Grassland 1.board").board, "0303")
    assert grass == Terrain(woods=Woods.LIGHT)
    assert at(megamek("oasis.board").board, "0202") == Terrain(rough=True)
    assert at(megamek("oasis.board").board, "0807") == Terrain(water=1)
    assert at(megamek("rivervalley.board").board, "1302") == Terrain(level=4, woods=Woods.LIGHT)
    jungle = at(megamek("The_Jungle-30x17.board").board, "0512")
    assert (jungle.level, jungle.water, jungle.bottom) == (5, 3, 2)


@needs_boards
def test_jungle_board_line_with_a_mistyped_label_goes_where_megamek_puts_it() -> None:
    """Line 502 says 2217 but stands where 2117 belongs; MegaMek reads by order, so do we."""
    parsed = megamek("The_Jungle-30x17.board")
    assert at(parsed.board, "2117") == Terrain(level=1, woods=Woods.LIGHT)
    assert at(parsed.board, "2217") == Terrain(level=1)
    assert parsed.warnings[0].line == 502


# ---------------------------------------------------------------- malformed input

MALFORMED = [
    ("", 0, "no 'size WIDTH HEIGHT' line: not a board file"),
    ("# only a comment\nend\n", 0, "no 'size WIDTH HEIGHT' line: not a board file"),
    ('hex 0101 0 "" ""\n', 1, "a hex before the 'size' line"),
    ("size 16\n", 1, "size: expected 'size WIDTH HEIGHT', got 'size 16'"),
    ("size sixteen 17\n", 1, "size: expected 'size WIDTH HEIGHT', got 'size sixteen 17'"),
    ("size 0 17\n", 1, "size: a board needs at least 1 column and 1 row, not 0x17"),
    ("size 4 4\nsize 4 4\n", 2, "a second 'size' line (the first is on line 1)"),
    (board_text('hex 0505 0 "" ""'), 2, "hex 0505 is outside the 4x4 board"),
    (board_text('hex 0105 0 "" ""'), 2, "hex 0105 is outside the 4x4 board"),
    (
        board_text('hex 101 0 "" ""'),
        2,
        "bad hex label '101': expected an even number of digits, like '0203'",
    ),
    (
        board_text('hex 0001 0 "" ""'),
        2,
        "bad hex label '0001': columns and rows are numbered from 01",
    ),
    (
        board_text('hex 0101 high "" ""'),
        2,
        "hex 0101: the level must be a whole number, not 'high'",
    ),
    (board_text('hex 0101 1.5 "" ""'), 2, "hex 0101: the level must be a whole number, not '1.5'"),
    (board_text("hex 0101"), 2, 'hex: expected hex XXYY LEVEL "terrain" "theme"'),
    (board_text('hex 0101 0 "" "" extra'), 2, 'hex: expected hex XXYY LEVEL "terrain" "theme"'),
    (
        board_text('hex 0101 0 "woods" ""'),
        2,
        "hex 0101: bad terrain 'woods': expected name:level or name:level:exits",
    ),
    (
        board_text('hex 0101 0 "road:1:9:9" ""'),
        2,
        "hex 0101: bad terrain 'road:1:9:9': expected name:level or name:level:exits",
    ),
    (
        board_text('hex 0101 0 ":1" ""'),
        2,
        "hex 0101: bad terrain ':1': expected name:level or name:level:exits",
    ),
    (
        board_text('hex 0101 0 "woods:x" ""'),
        2,
        "hex 0101: 'woods:x': the level must be a whole number, not 'x'",
    ),
    (
        board_text('hex 0101 0 "road:1:64" ""'),
        2,
        "hex 0101: 'road:1:64': exits must be a number from 0 to 63",
    ),
    (
        board_text('hex 0101 0 "road:1:-1" ""'),
        2,
        "hex 0101: 'road:1:-1': exits must be a number from 0 to 63",
    ),
    (
        board_text('hex 0101 0 "woods:4" ""'),
        2,
        "hex 0101: 'woods:4': woods must be 1 (light), 2 (heavy) or 3 (ultra-heavy)",
    ),
    (
        board_text('hex 0101 0 "water:-1" ""'),
        2,
        "hex 0101: 'water:-1': water must be a depth of 0 or more",
    ),
    (
        board_text('hex 0101 0 "building:0" ""'),
        2,
        (
            "hex 0101: 'building:0': building must be "
            "1 (light), 2 (medium), 3 (heavy), 4 (hardened) or 5 (wall)"
        ),
    ),
    (
        board_text('hex 0101 0 "building:2;bldg_cf:-5" ""'),
        2,
        "hex 0101: 'bldg_cf:-5': bldg_cf must be 0 or more",
    ),
    (board_text('hex 0101 0 "woods:1 ""'), 2, 'unbalanced quotes: hex 0101 0 "woods:1 ""'),
    (board_text('hex 0101 0 "" "grass'), 2, 'unbalanced quotes: hex 0101 0 "" "grass'),
    (
        "size 1 2\n" + 'hex 0101 0 "" ""\n' * 3,
        3,
        (
            "hex 0101 is given twice (first on line 2), and the 1x2 board has no room for all "
            "3 hex lines"
        ),
    ),
]


@pytest.mark.parametrize(("text", "line", "reason"), MALFORMED)
def test_malformed_board_names_line_and_reason(text: str, line: int, reason: str) -> None:
    """Every way a board can be unreadable says where and why, in one line."""
    with pytest.raises(FileFormatError) as caught:
        parse_board(text, "bad")
    assert (caught.value.line, caught.value.reason) == (line, reason)
    where = f"bad.board:{line}: {reason}" if line else f"bad.board: {reason}"
    assert caught.value.where("bad.board") == where


# ---------------------------------------------------------------- warnings: kept going, line given

WARNINGS = [
    ('"woods:3"', "hex 0101: 'woods:3': ultra-heavy woods read as heavy woods"),
    ('"jungle:3"', "hex 0101: 'jungle:3': ultra-heavy jungle read as heavy woods"),
    ('"rough:2"', "hex 0101: 'rough:2': ultra rough read as rough"),
    ('"fire:2;woods:2"', "hex 0101: 'fire:2': inferno fire read as fire"),
    ('"swamp:3"', "hex 0101: 'swamp:3': quicksand read as swamp"),
    ('"road:3:9"', "hex 0101: 'road:3:9': a dirt road read as a road"),
    ('"building:5:0"', "hex 0101: 'building:5:0': a wall read as a hardened building"),
    (
        '"woods:1;foliage_elev:1"',
        "hex 0101: 'foliage_elev:1': woods 1 level tall read as the usual 2 levels",
    ),
    ('"lava:1"', "hex 0101: unknown terrain 'lava:1': ignored"),
    ('"Woods:1"', "hex 0101: unknown terrain 'Woods:1': ignored"),
    ('"smoke:1"', "hex 0101: 'smoke:1' (smoke) is not in these rules: ignored"),
    (
        '"impassable:1"',
        "hex 0101: 'impassable:1' (impassable terrain) is not in these rules: ignored",
    ),
    ('"mud:1"', "hex 0101: 'mud:1' (mud) is not in these rules: ignored"),
    (
        '"fuel_tank:1:0;fuel_tank_cf:20;fuel_tank_elev:1;fuel_tank_magn:50"',
        "hex 0101: 'fuel_tank:1:0' (a fuel tank) is not in these rules: ignored",
    ),
    (
        '"building:3;bldg_class:2"',
        (
            "hex 0101: 'bldg_class:2' (a building class (hangar, fortress, gun emplacement)) "
            "is not in these rules: ignored"
        ),
    ),
    (
        '"building:3;bldg_basement_type:3"',
        "hex 0101: 'bldg_basement_type:3' (a basement) is not in these rules: ignored",
    ),
    ('"bldg_cf:40"', "hex 0101: 'bldg_cf:40' without building: ignored"),
    ('"bridge_elev:1"', "hex 0101: 'bridge_elev:1' without bridge: ignored"),
    ('"woods:1;woods:2"', "hex 0101: woods is given twice: 'woods:2' counts"),
    ('"road:1"', "hex 0101: 'road:1' leads nowhere (no exits): ignored"),
]


@pytest.mark.parametrize(("terrain", "reason"), WARNINGS)
def test_unsupported_terrain_is_a_warning_with_its_line(terrain: str, reason: str) -> None:
    """BT-M-8: what the rules do not model is read as the nearest thing or left out, and said."""
    parsed = parse_board(board_text(f"hex 0101 0 {terrain} ", size="size 1 1"))
    assert reasons(parsed) == [(2, reason)]


def test_standard_companions_and_cosmetics_are_silent() -> None:
    """Themes, foliage height, fluff, derived inclines, basement 'none': nothing to report."""
    parsed = parse_board(
        board_text(
            'hex 0101 0 "woods:2;foliage_elev:2;ground_fluff:1:3" "snow"',
            'hex 0201 0 "building:2;bldg_cf:40;bldg_elev:2;bldg_basement_type:1;bldg_class:0" ""',
            'hex 0301 1 "incline_top:1:8;incline_bottom:1:1;cliff_bottom:1:2;foliage_elev:2" ""',
            'hex 0401 0 "jungle:2" ""',
        )
    )
    assert parsed.warnings == ()
    assert at(parsed.board, "0101").woods is Woods.HEAVY
    assert at(parsed.board, "0401").woods is Woods.HEAVY  # BT-M-41 #15: jungle is woods
    assert at(parsed.board, "0301") == Terrain(level=1)


def test_unknown_lines_options_and_a_missing_end_are_warnings() -> None:
    """A file that MegaMek would read is still read; the oddities are listed with their lines."""
    text = 'size 2 2\noption fog true\nweather rain\nbackground pic.png\nnote 0101 "x"\n'
    assert reasons(parse_board(text)) == [
        (2, "unknown option 'fog true': ignored"),
        (3, "unknown line 'weather': ignored"),
        (0, "no 'end' line: the file may have been cut short"),
    ]


def test_hexes_out_of_megamek_order_warn_once() -> None:
    """MegaMek fills row by row whatever the labels say: a column-first file warns (once)."""
    parsed = parse_board(
        board_text('hex 0101 1 "" ""', 'hex 0102 2 "" ""', 'hex 0201 3 "" ""', size="size 2 2")
    )
    assert reasons(parsed) == [
        (
            3,
            (
                "hex 0102 is out of MegaMek's order (row by row): MegaMek ignores the labels "
                "and would put this line's terrain at 0201"
            ),
        )
    ]
    assert at(parsed.board, "0102").level == 2  # labels win while they are consistent


# ---------------------------------------------------------------- reading details


def test_missing_hexes_are_clear_level_zero() -> None:
    """BT-M-6: unmarked hexes are Clear at Level 0 (MegaMek fills them with blank hexes)."""
    parsed = parse_board(board_text('hex 0202 2 "woods:1" ""'))
    assert parsed.board.hexes.count(Terrain()) == 15
    assert at(parsed.board, "0202") == Terrain(level=2, woods=Woods.LIGHT)


def test_levels_depths_and_defaults() -> None:
    """BT-M-7/8: sublevels, depth-0 water, a building's default CF and height, a default bridge."""
    parsed = parse_board(
        board_text(
            'hex 0101 -1 "water:0" ""',
            'hex 0201 2 "building:3" ""',
            'hex 0301 0 "water:1;bridge:2:18" ""',
            'hex 0401 0 "rubble:2;pavement:1;fire:1;swamp:1;ice:1;rough:1" ""',
        )
    )
    assert at(parsed.board, "0101") == Terrain(level=-1, water=0)
    assert at(parsed.board, "0201").building == Building(BuildingClass.HEAVY, cf=90, height=1)
    assert at(parsed.board, "0301").bridge == Bridge(exits=0b010010)  # BT-M-28: Medium, CF 40
    assert at(parsed.board, "0401") == Terrain(
        rubble=True, pavement=True, fire=True, swamp=True, ice=True, rough=True
    )


def test_roads_join_pavement_unless_the_option_says_no() -> None:
    """BT-M-27: MegaMek's automatic exits lead a bare road into neighbouring pavement."""
    lines = ('hex 0101 0 "road:1" ""', 'hex 0201 0 "pavement:1" ""', 'hex 0102 0 "road:1" ""')
    joined = parse_board(board_text(*lines))
    assert at(joined.board, "0101").road == 1 << Facing.SE | 1 << Facing.S
    apart = parse_board(board_text("option exit_roads_to_pavement false", *lines))
    assert at(apart.board, "0101").road == 1 << Facing.S


def test_roads_join_only_roads_of_the_same_level() -> None:
    """MegaMek joins terrain of one kind and level: a dirt road does not join a paved one."""
    lines = ('hex 0101 0 "road:1" ""', 'hex 0102 0 "road:3" ""')
    parsed = parse_board(board_text(*lines, size="size 1 2"))
    assert reasons(parsed) == [
        (2, "hex 0101: 'road:1' leads nowhere (no exits): ignored"),
        (3, "hex 0102: 'road:3': a dirt road read as a road"),
        (3, "hex 0102: 'road:3' leads nowhere (no exits): ignored"),
    ]
    assert not parsed.board.terrain(Hex.from_label("0101")).has_road


def test_comments_crlf_bom_case_tags_and_description() -> None:
    """The tokenizer follows MegaMek's: # comments, any line ending, keywords in any case."""
    text = (
        '\ufeffSIZE 2 1 # two hexes\r\nTag "river"\r\ndescription "Two hexes"\r\n'
        'description "of grass"\r\nHex 0101 1 "woods:2" "grass" # trees\r\n'
        'hex 0201 0 "" ""\rEND\r\nhex nonsense after the end\n'
    )
    parsed = parse_board(text, "tiny")
    assert parsed.warnings == ()
    assert parsed.tags == ("river",)
    assert parsed.description == "Two hexes\n\nof grass"
    assert parsed.board == Board(2, 1, (Terrain(level=1, woods=Woods.HEAVY), Terrain()), "tiny")


# ---------------------------------------------------------------- writing and the round trip

levels = st.integers(min_value=-6, max_value=12)
classes = st.sampled_from(BuildingClass)
exits = st.integers(min_value=0, max_value=63)
amounts = st.integers(min_value=0, max_value=200)
terrains = st.builds(
    Terrain,
    level=levels,
    woods=st.sampled_from(Woods),
    water=st.none() | st.integers(min_value=0, max_value=4),
    rough=st.booleans(),
    rubble=st.booleans(),
    pavement=st.booleans(),
    road=exits,
    building=st.none() | st.builds(Building, classes, amounts, st.integers(0, 15)),
    bridge=st.none() | st.builds(Bridge, classes, amounts, exits, st.integers(0, 4)),
    fire=st.booleans(),
    swamp=st.booleans(),
    ice=st.booleans(),
)


@st.composite
def boards(draw: st.DrawFn, max_side: int = 6) -> Board:
    width = draw(st.integers(min_value=1, max_value=max_side))
    height = draw(st.integers(min_value=1, max_value=max_side))
    hexes = draw(st.lists(terrains, min_size=width * height, max_size=width * height))
    return Board(width, height, tuple(hexes), draw(st.text(max_size=8)))


@given(boards(), st.text(max_size=40))
def test_write_then_parse_gives_the_same_board(board: Board, description: str) -> None:
    """Every board survives write_board -> parse_board without warnings (the name is the file's)."""
    parsed = parse_board(write_board(board, description), board.name)
    assert parsed.board == board
    assert parsed.warnings == ()
    assert parsed.description == " ".join(description.replace('"', "'").replace("\\", "/").split())


def test_written_file_is_in_megamek_order_with_explicit_exits() -> None:
    """We write row by row, as MegaMek reads, and spell out road and bridge exits."""
    board = Board.blank(2, 2).replace(Hex.from_label("0201"), Terrain(road=0b001001, level=1))
    board = board.replace(Hex.from_label("0202"), Terrain(water=1, bridge=Bridge(exits=9)))
    assert write_board(board, 'The "ford"').splitlines() == [
        "size 2 2",
        "description \"The 'ford'\"",
        'hex 0101 0 "" ""',
        'hex 0201 1 "road:1:9" ""',
        'hex 0102 0 "" ""',
        'hex 0202 0 "water:1;bridge:2:9;bridge_cf:40;bridge_elev:0" ""',
        "end",
    ]


def test_wide_boards_use_longer_labels() -> None:
    """Past column 99 labels grow to XXXYYY, which MegaMek and our reader both accept."""
    board = Board.blank(101, 1).replace(Hex.from_offset(100, 0), Terrain(level=3))
    text = write_board(board)
    assert 'hex 101001 3 "" ""' in text
    assert parse_board(text).board == board


# ---------------------------------------------------------------- combining sheets


def sheet(name: str, width: int = 16, height: int = 17) -> Board:
    """A sheet whose 0101 and last hex are marked, so placements can be checked."""
    board = Board.blank(width, height, name)
    board = board.replace(Hex.from_label("0101"), Terrain(level=len(name)))
    return board.replace(Hex.from_offset(width - 1, height - 1), Terrain(woods=Woods.HEAVY))


def test_two_sheets_side_by_side() -> None:
    """BT-M-6: two 16x17 sheets make a 32x17 map; the right sheet's 0101 becomes 1701."""
    left, right = sheet("a"), sheet("bb")
    board = combine([[left, right]], name="pair")
    assert (board.width, board.height, board.name) == (32, 17, "pair")
    assert at(board, "0101") == Terrain(level=1)
    assert at(board, "1701") == Terrain(level=2)
    assert at(board, "1617").woods is Woods.HEAVY
    assert at(board, "3217").woods is Woods.HEAVY


def test_four_sheets_in_a_square() -> None:
    """Four sheets make 32x34; every hex keeps its place within its own sheet."""
    grid = [[sheet("a"), sheet("bb")], [sheet("ccc"), sheet("dddd")]]
    board = combine(grid)
    assert (board.width, board.height) == (32, 34)
    assert [at(board, label).level for label in ("0101", "1701", "0118", "1718")] == [1, 2, 3, 4]
    for i, row in enumerate(grid):
        for j, part in enumerate(row):
            for col in range(16):
                for r in range(17):
                    whole = Hex.from_offset(col + 16 * j, r + 17 * i)
                    assert board.terrain(whole) == part.terrain(Hex.from_offset(col, r))


def test_a_road_crosses_the_seam() -> None:
    """BT-M-27: a road leaving one sheet to the SE enters the next sheet's first column."""
    left = Board.blank(2, 2).replace(Hex.from_label("0201"), Terrain(road=1 << Facing.SE))
    right = Board.blank(2, 2).replace(Hex.from_label("0102"), Terrain(road=1 << Facing.NW))
    board = combine([[left, right]])
    start = Hex.from_label("0201")
    assert board.terrain(start.neighbor(Facing.SE)).road_exit(Facing.NW)
    assert start.neighbor(Facing.SE) == Hex.from_label("0302")


def test_a_single_sheet_combines_to_itself() -> None:
    """A 1x1 grid is the sheet (odd sizes are fine in the last column)."""
    board = sheet("odd", width=15, height=9)
    assert combine([[board]], name="odd") == board


def test_the_last_sheet_column_may_be_odd() -> None:
    """Only sheets to the right of an odd-width column would be sheared."""
    assert combine([[sheet("a"), sheet("b", width=15)]]).width == 31


@pytest.mark.parametrize(
    ("grid", "message"),
    [
        ([], "combine needs at least one sheet"),
        ([[]], "combine needs at least one sheet"),
        ([[sheet("a"), sheet("b")], [sheet("c")]], "sheet row 2 has 1 sheets but row 1 has 2"),
        (
            [[sheet("a"), sheet("b", height=16)]],
            "sheet 'b' is 16 rows high, but row 1 is 17 high",
        ),
        (
            [[sheet("a"), sheet("b")], [sheet("c", width=14), sheet("d")]],
            "sheet 'c' is 14 columns wide, but column 1 is 16 wide",
        ),
        (
            [[sheet("a", width=15), sheet("b")]],
            (
                "sheet column 1 is 15 hexes wide: every sheet column but the last must have an "
                "even width, or the odd-q hex layout shears the sheets to its right"
            ),
        ),
        (
            [[Board.blank(16, 17), Board.blank(16, 16)]],
            "the sheet at row 1, column 2 is 16 rows high, but row 1 is 17 high",
        ),
    ],
)
def test_sheets_that_do_not_fit_are_refused(grid: list[list[Board]], message: str) -> None:
    """Mismatched sheets give a ValueError that says which sheet and why."""
    with pytest.raises(ValueError) as caught:  # noqa: PT011 - the whole message is checked
        combine(grid)
    assert str(caught.value) == message


even_widths = st.lists(st.integers(min_value=1, max_value=4).map(lambda n: 2 * n), max_size=2)


@given(even_widths, st.integers(1, 7), st.lists(st.integers(1, 6), min_size=1, max_size=3))
def test_every_hex_lands_in_its_sheet(widths: list[int], last: int, heights: list[int]) -> None:
    """Any grid that fits combines to the summed size, each hex at its sheet's offset."""
    widths = [*widths, last]
    grid = [
        [
            Board(
                w,
                h,
                tuple(
                    Terrain(level=10 * i + j, road=c * h + r) for c in range(w) for r in range(h)
                ),
            )
            for j, w in enumerate(widths)
        ]
        for i, h in enumerate(heights)
    ]
    board = combine(grid)
    assert (board.width, board.height) == (sum(widths), sum(heights))
    for i, h in enumerate(heights):
        for j, w in enumerate(widths):
            for c in range(w):
                for r in range(h):
                    where = Hex.from_offset(sum(widths[:j]) + c, sum(heights[:i]) + r)
                    assert board.terrain(where) == Terrain(level=10 * i + j, road=c * h + r)
