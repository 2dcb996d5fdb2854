"""Board files on disk: errors named FILE:LINE, encodings, and the boards hexmech ships.

Rules: BT-M-6 (a 16x17 sheet), BT-M-7/8 (levels, terrain), BT-M-22 (what a 'Mech can climb),
BT-M-27/28 (roads and bridges).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.battletech.board import Board, Bridge, Building, BuildingClass, Terrain, Woods
from engine.battletech.data.boardfile import parse_board, write_board
from engine.hexes import Hex
from tests.engine.battletech.test_mapgen import edges, mech_reachable, road_faults, road_network
from tui.battletech.boards import (
    BOARDS_DIR,
    BoardFileError,
    board_summary,
    bundled_boards,
    load_board,
)

BUNDLED = bundled_boards()


# ---------------------------------------------------------------- loading and its errors


def test_load_board_names_the_board_after_its_file(tmp_path: Path) -> None:
    """The file name (without .board) is the board's name; description and tags come along."""
    path = tmp_path / "little-hill.board"
    path.write_text('size 2 1\ndescription "A hill"\nhex 0101 2 "" ""\nend\n', encoding="utf-8")
    parsed = load_board(path)
    assert parsed.board == Board(2, 1, (Terrain(level=2), Terrain()), "little-hill")
    assert parsed.description == "A hill"
    assert load_board(str(path)) == parsed


def test_parse_errors_read_file_line_reason(tmp_path: Path) -> None:
    """A broken board is reported as FILE:LINE: reason, the line from the parser."""
    path = tmp_path / "broken.board"
    path.write_text('size 2 2\nhex 0101 0 "woods:9" ""\nend\n', encoding="utf-8")
    with pytest.raises(BoardFileError) as caught:
        load_board(path)
    reason = "hex 0101: 'woods:9': woods must be 1 (light), 2 (heavy) or 3 (ultra-heavy)"
    assert str(caught.value) == f"{path}:2: {reason}"
    assert (caught.value.path, caught.value.line, caught.value.reason) == (path, 2, reason)


@pytest.mark.parametrize(
    ("name", "content", "reason"),
    [
        ("missing.board", None, "no such file"),
        ("folder.board", "dir", "a folder, not a file"),
        ("empty.board", "", "no 'size WIDTH HEIGHT' line: not a board file"),
    ],
)
def test_whole_file_errors_read_file_reason(
    tmp_path: Path, name: str, content: str | None, reason: str
) -> None:
    """Problems with the whole file have no line: FILE: reason."""
    path = tmp_path / name
    if content == "dir":
        path.mkdir()
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(BoardFileError) as caught:
        load_board(path)
    assert str(caught.value) == f"{path}: {reason}"
    assert caught.value.line == 0


def test_latin1_and_bom_files_load(tmp_path: Path) -> None:
    """Old boards in Latin-1 still load; a UTF-8 byte-order mark is dropped."""
    latin = tmp_path / "latin.board"
    latin.write_bytes(b'size 1 1\ndescription "Caf\xe9"\nhex 0101 0 "" ""\nend\n')
    assert load_board(latin).description == "Café"
    bom = tmp_path / "bom.board"
    bom.write_bytes(b'\xef\xbb\xbfsize 1 1\ndescription "Caf\xc3\xa9"\nend\n')
    assert load_board(bom).description == "Café"


def test_warnings_keep_their_lines_for_the_caller(tmp_path: Path) -> None:
    """Warnings are not errors; the caller names the file with ``where``."""
    path = tmp_path / "smoky.board"
    path.write_text('size 1 1\nhex 0101 0 "smoke:1" ""\nend\n', encoding="utf-8")
    (warning,) = load_board(path).warnings
    assert warning.where(str(path)) == (
        f"{path}:2: hex 0101: 'smoke:1' (smoke) is not in these rules: ignored"
    )


# ---------------------------------------------------------------- summaries


def test_summary_of_a_small_board() -> None:
    """One line: size, levels, woods and water shares, roads, buildings, bridges."""
    hexes = (
        Terrain(level=-1, woods=Woods.LIGHT),
        Terrain(level=3, road=0b001000),
        Terrain(water=2, bridge=Bridge(exits=0b001001)),
        Terrain(road=0b000001, building=Building(BuildingClass.HEAVY, 90, 2)),
    )
    board = Board(1, 4, hexes)
    assert board_summary(board) == (
        "1x4, levels -1..3, woods 25%, water 25%, 1 road, 1 building hex, 1 bridge hex"
    )


def test_summary_counts_separate_roads() -> None:
    """Two roads that never meet are two roads; none at all reads 'no roads'."""
    board = Board(3, 1, (Terrain(road=1), Terrain(), Terrain(road=1)))
    assert board_summary(board) == (
        "3x1, levels 0..0, woods 0%, water 0%, 2 roads, no building hexes"
    )
    assert "no roads" in board_summary(Board.blank(16, 17))


# ---------------------------------------------------------------- the bundled boards


def test_bundled_boards_are_found_sorted() -> None:
    """assets/boards holds our own maps, listed by name."""
    assert BOARDS_DIR.is_dir()
    assert len(BUNDLED) >= 4
    names = [path.name for path in BUNDLED]
    assert names == sorted(names)
    assert all(path.suffix == ".board" and path.parent == BOARDS_DIR for path in BUNDLED)


@pytest.mark.parametrize("path", BUNDLED, ids=lambda path: path.stem)
def test_bundled_board_is_clean_and_standard(path: Path) -> None:
    """BT-M-6: each bundled map is a 16x17 sheet that reads without a single warning."""
    parsed = load_board(path)
    assert parsed.warnings == ()
    assert (parsed.board.width, parsed.board.height) == (16, 17)
    assert parsed.description
    assert parse_board(write_board(parsed.board), path.stem).board == parsed.board


@pytest.mark.parametrize("path", BUNDLED, ids=lambda path: path.stem)
def test_bundled_board_is_open_to_a_mech_everywhere(path: Path) -> None:
    """BT-M-22: from any hex a 'Mech can walk to every other hex, so to every edge."""
    board = load_board(path).board
    reached = mech_reachable(board, Hex(0, 0))
    assert len(reached) == 16 * 17
    assert all(reached & edge for edge in edges(board).values())


@pytest.mark.parametrize("path", BUNDLED, ids=lambda path: path.stem)
def test_bundled_board_roads_cross_the_map(path: Path) -> None:
    """BT-M-27/28: exits match, bridges stand on water, and a road joins two map edges."""
    board = load_board(path).board
    assert list(road_faults(board)) == []
    roads = [where for where, terrain in board.items() if terrain.has_road]
    network = road_network(board, roads[0])
    touched = [name for name, edge in edges(board).items() if network & edge]
    assert len(touched) >= 2


@pytest.mark.parametrize("path", BUNDLED, ids=lambda path: path.stem)
def test_bundled_board_heavy_woods_are_ringed(path: Path) -> None:
    """BT-M-8.3: heavy woods never border plain clear ground; buildings stand on bare ground."""
    board = load_board(path).board
    for where, terrain in board.items():
        neighbours = [t for t in map(board.get, where.neighbors()) if t is not None]
        if terrain.woods is Woods.HEAVY:
            assert all(not t.is_clear for t in neighbours), where.label
        if terrain.building is not None:
            assert (terrain.woods, terrain.water, terrain.road) == (Woods.NONE, None, 0)


def test_bundled_boards_cover_the_terrain_types() -> None:
    """Between them the maps use every kind of terrain the rules know (BT-M-7, BT-M-8)."""
    hexes = [t for path in BUNDLED for t in load_board(path).board.hexes]
    assert {t.level for t in hexes} >= {-1, 0, 1, 2, 3}
    assert {t.woods for t in hexes} == set(Woods)
    assert {t.water for t in hexes} >= {None, 0, 1, 2}
    assert {t.building.cls for t in hexes if t.building is not None} == set(BuildingClass)
    assert any(t.bridge is not None for t in hexes)
    for feature in ("rough", "rubble", "pavement", "swamp"):
        assert any(getattr(t, feature) for t in hexes), feature
