"""Dystopian Wars line of sight on hexes: the double trace and what blocks it.

Rules: DW-28.8, DW-14.1, DW-14.2, DW-14.5, DW-13.2, DW-13.4, DW-18.7, DW-28.10.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.dystopian.geometry import Cover, Level, Piece, Size
from engine.dystopian.los import (
    Sight,
    ad_cover,
    camouflage_problem,
    line_of_sight,
    spotter_problem,
    terrain_screens,
    torpedo_path_clear,
    woods_problem,
    woods_threshold,
)
from engine.dystopian.terrain import Board, Cell, TerrainKind, TerrainMap
from engine.hexes import Facing, Hex

SHOOTER, TARGET = Hex(5, 8), Hex(5, 4)
"""A straight line down a column: it crosses (5, 7), (5, 6) and (5, 5) only."""
MIDDLE = Hex(5, 6)
SPINE_END = Hex(6, 6)
"""From SHOOTER, a line along a hexside: it crosses either (6, 7) or (5, 7)."""


def piece(
    where: Hex,
    size: Size = Size.MEDIUM,
    level: Level = Level.SURFACE,
    side: int = 0,
    **flags: bool,
) -> Piece:
    return Piece(where, Facing.N, size, level, side, **flags)


def sight(
    *pieces: Piece, cells: dict[Hex, Cell] | None = None, base: TerrainKind = TerrainKind.WATER
) -> Sight:
    board = Board(TerrainMap.of(cells or {}, 12, 12, base), pieces)
    return line_of_sight(board, 0, 1).sight


def test_open_sea_is_clear() -> None:
    """DW-28.8: no blocker on either line: clear."""
    assert sight(piece(SHOOTER), piece(TARGET, side=1)) is Sight.CLEAR


@pytest.mark.parametrize(
    ("shooter", "blocker", "expected"),
    [
        (Size.SMALL, Size.TINY, Sight.BLOCKED),  # Small fires over nothing
        (Size.MEDIUM, Size.TINY, Sight.CLEAR),  # Medium over Tiny
        (Size.MEDIUM, Size.SMALL, Sight.BLOCKED),
        (Size.LARGE, Size.SMALL, Sight.CLEAR),  # Large over Tiny and Small
        (Size.LARGE, Size.MEDIUM, Sight.BLOCKED),
        (Size.MASSIVE, Size.MEDIUM, Sight.CLEAR),  # Massive over Tiny, Small, Medium
        (Size.MASSIVE, Size.LARGE, Sight.BLOCKED),
    ],
)
def test_surface_models_block_by_size(shooter: Size, blocker: Size, expected: Sight) -> None:
    """DW-14.1 / DW-28.8: a surface model blocks unless two classes smaller than the shooter."""
    pieces = (piece(SHOOTER, shooter), piece(TARGET, side=1), piece(MIDDLE, blocker, side=1))
    assert sight(*pieces) is expected


def test_hulking() -> None:
    """DW-14.1: Hulking blockers count one class larger; Hulking targets are easier to see."""
    large = piece(SHOOTER, Size.LARGE)
    assert sight(large, piece(TARGET, side=1), piece(MIDDLE, Size.SMALL, hulking=True)) is (
        Sight.BLOCKED
    )
    big_target = piece(TARGET, side=1, hulking=True)
    assert sight(large, big_target, piece(MIDDLE, Size.MEDIUM)) is Sight.CLEAR
    assert sight(piece(SHOOTER, Size.MEDIUM), big_target, piece(MIDDLE, Size.MEDIUM)) is (
        Sight.BLOCKED
    )


def test_other_levels_never_block() -> None:
    """DW-14.2 / DW-28.8: flyers, wings and submerged tokens never block."""
    for blocker in (
        piece(MIDDLE, Size.MASSIVE, Level.FLYING),
        piece(MIDDLE, Size.MASSIVE, Level.SUBMERGED),
        piece(MIDDLE, Size.MASSIVE, token=True),
    ):
        assert sight(piece(SHOOTER), piece(TARGET, side=1), blocker) is Sight.CLEAR
    # A surface model does not block a line to a flyer.
    assert sight(piece(SHOOTER), piece(TARGET, level=Level.FLYING), piece(MIDDLE)) is Sight.CLEAR


def test_surfaced_divers() -> None:
    """DW-14.2 / DW-28.8: a surfaced Large diver is one class smaller; Medium blocks only divers."""
    large = piece(SHOOTER, Size.LARGE)
    assert sight(large, piece(TARGET), piece(MIDDLE, Size.LARGE, diving=True)) is Sight.BLOCKED
    massive = piece(SHOOTER, Size.MASSIVE)
    assert sight(massive, piece(TARGET), piece(MIDDLE, Size.LARGE, diving=True)) is Sight.CLEAR
    diver = piece(MIDDLE, Size.MEDIUM, diving=True)
    assert sight(piece(SHOOTER), piece(TARGET), diver) is Sight.CLEAR
    assert sight(piece(SHOOTER, diving=True), piece(TARGET), diver) is Sight.BLOCKED


def test_along_a_hexside_is_partial() -> None:
    """DW-28.8: a blocker beside a line along a hexside blocks one trace: partial, half AD."""
    pieces = (piece(SHOOTER), piece(SPINE_END, side=1), piece(Hex(6, 7), Size.LARGE))
    assert sight(*pieces) is Sight.PARTIAL
    both = (*pieces, piece(Hex(5, 7), Size.LARGE))
    assert sight(*both) is Sight.BLOCKED


@pytest.mark.parametrize(
    ("kind", "shooter", "expected"),
    [
        (TerrainKind.HILL, Size.MEDIUM, Sight.BLOCKED),  # H 1 > eye 1 - 2
        (TerrainKind.HILL, Size.MASSIVE, Sight.CLEAR),  # H 1 is two below eye 3
        (TerrainKind.WOODS, Size.LARGE, Sight.BLOCKED),  # H 1 > eye 2 - 2
        (TerrainKind.MOUNTAIN, Size.MASSIVE, Sight.BLOCKED),  # blocks all surface LoS
        (TerrainKind.REEF, Size.SMALL, Sight.CLEAR),  # H 0
        (TerrainKind.SWAMP, Size.TINY, Sight.CLEAR),
    ],
)
def test_terrain_height_against_eye(kind: TerrainKind, shooter: Size, expected: Sight) -> None:
    """DW-13.2 / DW-28.8: terrain blocks surface lines when H > eye(shooter) - 2."""
    cells = {MIDDLE: Cell(kind)}
    assert sight(piece(SHOOTER, shooter), piece(TARGET), cells=cells) is expected


def test_terrain_between_surface_and_air() -> None:
    """DW-14.2 / DW-28.8: terrain blocks surface to flyer (either way), never flyer to flyer."""
    hill = {MIDDLE: Cell(TerrainKind.HILL)}
    flyer = piece(TARGET, level=Level.FLYING, side=1)
    assert sight(piece(SHOOTER), flyer, cells=hill) is Sight.BLOCKED
    high = piece(SHOOTER, level=Level.OBSCURED)
    assert sight(high, flyer, cells=hill) is Sight.CLEAR


def test_reefs_hide_submerged() -> None:
    """DW-13.2 / DW-28.8: reefs and sandbanks block any line to or from a submerged token."""
    reef = {MIDDLE: Cell(TerrainKind.REEF)}
    sub = piece(TARGET, level=Level.SUBMERGED, side=1)
    assert sight(piece(SHOOTER), sub, cells=reef) is Sight.BLOCKED
    assert sight(piece(SHOOTER), sub) is Sight.CLEAR
    assert sight(piece(SHOOTER), piece(TARGET), cells=reef) is Sight.CLEAR


def test_portals_vortices_and_camouflage() -> None:
    """DW-28.8 / DW-28.10: portals block surface lines, vortices all, camouflage its lines."""
    portal = {MIDDLE: Cell(TerrainKind.PORTAL)}
    vortex = {MIDDLE: Cell(TerrainKind.VORTEX)}
    air = (piece(SHOOTER, level=Level.FLYING), piece(TARGET, level=Level.FLYING))
    assert sight(piece(SHOOTER), piece(TARGET), cells=portal) is Sight.BLOCKED
    assert sight(*air, cells=portal) is Sight.CLEAR
    assert sight(*air, cells=vortex) is Sight.BLOCKED
    board = Board(TerrainMap.of({}, 12, 12), (piece(SHOOTER), piece(TARGET)))
    assert line_of_sight(board, 0, 1, camouflage={TARGET}).sight is Sight.BLOCKED
    assert line_of_sight(board, 0, 1, camouflage={Hex(0, 0)}).sight is Sight.CLEAR


def test_never_halve_twice() -> None:
    """DW-14.5 / DW-28.8: partial arc and partial sight halve once; blocked or out is none."""
    assert ad_cover(Cover.HALF, Sight.PARTIAL) is Cover.HALF
    assert ad_cover(Cover.FULL, Sight.PARTIAL) is Cover.HALF
    assert ad_cover(Cover.FULL, Sight.CLEAR) is Cover.FULL
    assert ad_cover(Cover.FULL, Sight.BLOCKED) is Cover.NONE
    assert ad_cover(Cover.NONE, Sight.CLEAR) is Cover.NONE


def test_woods_targeting() -> None:
    """DW-13.4 / DW-28.8: woods by the edge hit on 5-6; deep woods only from woods next to it."""
    deep = Hex(5, 5)
    wood = {h: Cell(TerrainKind.WOODS) for h in deep.spiral(1)}
    board = Board(TerrainMap.of(wood, 12, 12, TerrainKind.GROUND))
    edge = Hex(5, 4)
    assert woods_threshold(board, edge) == 5
    assert woods_threshold(board, deep) is None  # no edge: the targeting rule instead
    assert woods_threshold(board, Hex(1, 1)) is None
    assert woods_problem(board, Hex(5, 1), deep) != ""
    assert woods_problem(board, edge, deep) == ""
    assert woods_problem(board, Hex(5, 1), edge) == ""


def test_torpedo_paths() -> None:
    """DW-28.8: a torpedo needs both lines clear of models and of non-water terrain."""
    clear = Board(TerrainMap.of({}, 12, 12), (piece(SHOOTER), piece(TARGET)))
    assert torpedo_path_clear(clear, 0, 1)
    ship = Board(
        TerrainMap.of({}, 12, 12), (piece(SHOOTER), piece(TARGET), piece(MIDDLE, Size.TINY))
    )
    assert not torpedo_path_clear(ship, 0, 1)
    flyer = Board(
        TerrainMap.of({}, 12, 12),
        (piece(SHOOTER), piece(TARGET), piece(MIDDLE, level=Level.FLYING)),
    )
    assert torpedo_path_clear(flyer, 0, 1)
    sand = Board(
        TerrainMap.of({Hex(6, 7): Cell(TerrainKind.SANDBANK)}, 12, 12),
        (piece(SHOOTER), piece(SPINE_END)),
    )
    assert not torpedo_path_clear(sand, 0, 1)  # one of the two lines is enough to stop it


def test_terrain_screens_and_spotters() -> None:
    """DW-28.10 / DW-18.7: terrain on both lines screens; a spotter needs d <= 16 and sight."""
    hill = Board(TerrainMap.of({MIDDLE: Cell(TerrainKind.HILL)}, 12, 12))
    assert terrain_screens(hill, SHOOTER, TARGET, 1)
    assert not terrain_screens(hill, SHOOTER, TARGET, 2)
    far = Board(TerrainMap.of({}, 30, 30), (piece(Hex(0, 0)), piece(Hex(0, 17))))
    assert "too far" in spotter_problem(far, 0, 1)
    near = Board(TerrainMap.of({}, 30, 30), (piece(Hex(0, 0)), piece(Hex(0, 16))))
    assert spotter_problem(near, 0, 1) == ""


@given(st.integers(0, 11), st.integers(0, 11), st.integers(0, 11), st.integers(0, 11))
def test_sight_is_symmetric_between_equals(c1: int, r1: int, c2: int, r2: int) -> None:
    """DW-28.8: between two Medium surface models with one blocker, sight is the same both ways."""
    a, b = Hex.from_offset(c1, r1), Hex.from_offset(c2, r2)
    if a == b or MIDDLE in (a, b):
        return
    pieces = (piece(a), piece(b), piece(MIDDLE))
    board = Board(TerrainMap.of({}, 12, 12), pieces)
    assert line_of_sight(board, 0, 1).sight is line_of_sight(board, 1, 0).sight


def test_camouflage_placement() -> None:
    """DW-23 / DW-28.10: centre within 4 hexes and in sight; the 7-hex area free of pieces."""
    board = Board(TerrainMap.of({Hex(5, 2): Cell(TerrainKind.HILL)}, 12, 12), (piece(SHOOTER),))
    assert camouflage_problem(board, 0, Hex(5, 5)) == ""
    assert "within 4" in camouflage_problem(board, 0, Hex(5, 3))
    assert "cover any model" in camouflage_problem(board, 0, Hex(5, 7))  # its own hex
    crowded = Board(board.terrain, (piece(SHOOTER), piece(Hex(6, 4), side=1)))
    assert "cover any model" in camouflage_problem(crowded, 0, Hex(5, 5))
    hidden = Board(TerrainMap.of({Hex(5, 6): Cell(TerrainKind.HILL)}, 12, 12), (piece(SHOOTER),))
    assert "in sight" in camouflage_problem(hidden, 0, Hex(5, 4))
