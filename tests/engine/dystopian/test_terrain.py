"""Dystopian Wars terrain on hexes: the DW-28.9 table as data.

Rules: DW-13.1 (contact dice), DW-13.2 (heights, what blocks submerged LoS), DW-13.3 (treacherous
terrain and the size test), DW-11.7, DW-11.9, DW-27 item 10, DW-28.1 (board size), DW-28.9.
"""

from __future__ import annotations

import pytest

from engine.dystopian.geometry import Level, Piece, Size
from engine.dystopian.terrain import (
    BOARD_HEIGHT,
    BOARD_WIDTH,
    Board,
    Cell,
    Entry,
    EntryRule,
    Mode,
    TerrainKind,
    TerrainMap,
    blast_hexes,
    blast_victims,
    entry_rule,
    los_height,
    mine_cc_reach,
    mine_drop_hex,
    minefield_problem,
    mines_entered,
    treacherous_collides,
    treacherous_for,
    vortex_footprint,
    vortex_pull,
    vortex_reach,
)
from engine.hexes import Facing, Hex

K = TerrainKind


@pytest.mark.parametrize(
    ("kind", "mode", "rule"),
    [
        (K.WATER, Mode.NAVAL, EntryRule(Entry.ENTER)),
        (K.WATER, Mode.LAND, EntryRule(Entry.BLOCKED, 4)),  # DW-11.7: bogged down, Soft 4D6
        (K.GROUND, Mode.NAVAL, EntryRule(Entry.BLOCKED, 8)),  # the coast, Medium 8D6
        (K.REEF, Mode.NAVAL, EntryRule(Entry.ENTER)),
        (K.REEF, Mode.NAVAL_SUBMERGED, EntryRule(Entry.COLLIDE, 8)),  # automatic collision
        (K.SANDBANK, Mode.NAVAL, EntryRule(Entry.BLOCKED, 4)),  # DW-27 item 10
        (K.SANDBANK, Mode.NAVAL_SUBMERGED, EntryRule(Entry.BLOCKED, 4)),
        (K.SANDBANK, Mode.LAND, EntryRule(Entry.ENTER)),
        (K.WOODS, Mode.LAND, EntryRule(Entry.ENTER)),
        (K.MOUNTAIN, Mode.LAND, EntryRule(Entry.BLOCKED, 12)),
        (K.MOUNTAIN, Mode.BURROWER, EntryRule(Entry.COLLIDE, 12)),
        (K.MOUNTAIN, Mode.AIR, EntryRule(Entry.ENTER)),
        (K.BUILDING_MEDIUM, Mode.LAND, EntryRule(Entry.BLOCKED, 8)),
        (K.BUILDING_HARD, Mode.NAVAL, EntryRule(Entry.BLOCKED, 12)),
        (K.BUILDING_SOFT, Mode.BURROWER, EntryRule(Entry.ENTER)),  # pass under
    ],
)
def test_entry_table(kind: TerrainKind, mode: Mode, rule: EntryRule) -> None:
    """DW-28.9: what each kind of mover does entering each terrain, and the dice."""
    assert entry_rule(kind, mode) == rule


def test_flyers_pass_everything() -> None:
    """DW-13.2 / DW-28.9: flyers ignore terrain for movement."""
    assert all(entry_rule(kind, Mode.AIR).entry is Entry.ENTER for kind in TerrainKind)


def test_every_combination_has_an_answer() -> None:
    """DW-28.9 INTERP: the "-" cells count as blocked with the terrain's own dice."""
    assert entry_rule(K.WOODS, Mode.NAVAL) == EntryRule(Entry.BLOCKED, 8)
    assert entry_rule(K.REEF, Mode.LAND) == EntryRule(Entry.BLOCKED, 8)
    for kind in TerrainKind:
        for mode in Mode:
            rule = entry_rule(kind, mode)
            assert (rule.dice > 0) == (rule.entry is not Entry.ENTER)


def test_treacherous() -> None:
    """DW-13.3: woods, swamps and reefs, for surface movers only (DW-11.9, DW-13.2)."""
    assert treacherous_for(K.WOODS, Mode.LAND)
    assert treacherous_for(K.REEF, Mode.NAVAL)
    assert treacherous_for(K.SWAMP, Mode.LAND)
    assert not treacherous_for(K.HILL, Mode.LAND)
    assert not treacherous_for(K.WOODS, Mode.AIR)
    assert not treacherous_for(K.REEF, Mode.NAVAL_SUBMERGED)  # it collides outright instead


@pytest.mark.parametrize(
    ("size", "last_fail"),
    [(Size.TINY, 1), (Size.SMALL, 1), (Size.MEDIUM, 2), (Size.LARGE, 3), (Size.MASSIVE, 3)],
)
def test_size_test(size: Size, last_fail: int) -> None:
    """DW-13.3: Small/Tiny collide on 1, Medium on 1-2, Large/Massive on 1-3."""
    assert [treacherous_collides(size, f) for f in range(1, 7)] == [
        f <= last_fail for f in range(1, 7)
    ]


def test_heights_and_submerged_blocking() -> None:
    """DW-28.9: heights H, what blocks submerged LoS, and the contact dice (DW-13.1)."""
    assert los_height(Cell(K.WOODS)) == 1
    assert los_height(Cell(K.BUILDING_HARD, large=True)) == 2
    assert los_height(Cell(K.MOUNTAIN)) == 3
    assert los_height(Cell(K.REEF)) == 0
    assert Cell(K.SANDBANK).blocks_submerged_los
    assert not Cell(K.SWAMP).blocks_submerged_los
    assert Cell(K.MOUNTAIN).dice == 12
    assert Cell(K.WATER).dice == 0


def test_map_defaults_and_edges() -> None:
    """DW-28.1: a 36 x 24 board of open water unless listed; off the board there is no cell."""
    board = TerrainMap.of({Hex(3, 3): Cell(K.REEF), Hex(4, 4): Cell(K.WATER)})
    assert (board.width, board.height) == (BOARD_WIDTH, BOARD_HEIGHT)
    assert board[Hex(3, 3)].kind is K.REEF
    assert board[Hex(0, 0)].kind is K.WATER
    assert len(board.cells) == 1  # open water is the base: not listed
    assert board.cell(Hex(-1, 0)) is None
    assert Hex(35, 5) in board
    assert Hex(36, 0) not in board
    assert sum(1 for _ in board) == 36 * 24
    with pytest.raises(KeyError):
        board[Hex(0, -1)]
    with pytest.raises(ValueError, match="off the"):
        TerrainMap.of({Hex(40, 0): Cell(K.REEF)})
    land = TerrainMap.of(base=K.GROUND)
    assert land[Hex(2, 2)].kind is K.GROUND


def _piece(where: Hex, level: Level = Level.SURFACE, facing: Facing = Facing.N) -> Piece:
    return Piece(where, facing, Size.MEDIUM, level, 0)


def test_mines() -> None:
    """DW-18.6 / DW-28.10: drop ahead, set off on entry, blast hex + neighbours, CC at d 1-2."""
    layer = _piece(Hex(5, 5), facing=Facing.SE)
    assert mine_drop_hex(layer) == Hex(6, 5)
    path = (Hex(5, 5), Hex(5, 4), Hex(5, 3), Hex(5, 2))
    assert mines_entered(path, {Hex(5, 3), Hex(5, 5), Hex(9, 9)}) == (Hex(5, 3),)
    mine = Hex(5, 5)
    assert len(blast_hexes(mine)) == 7
    board = Board(
        TerrainMap.of(),
        (
            _piece(mine),
            _piece(Hex(5, 4), Level.SUBMERGED),
            _piece(Hex(5, 6), Level.FLYING),
            _piece(Hex(5, 7)),  # two hexes away: outside
        ),
    )
    assert blast_victims(board, mine) == (0, 1)
    assert [mine_cc_reach(d) for d in range(4)] == [False, True, True, False]


def test_minefield_placement() -> None:
    """DW-24 / DW-28.10: rows within 6 of the centre line, 2+ hexes from pieces and mines."""
    terrain = TerrainMap.of()
    assert minefield_problem(terrain, Hex.from_offset(10, 6), ()) == ""
    assert minefield_problem(terrain, Hex.from_offset(10, 17), ()) == ""
    assert "centre line" in minefield_problem(terrain, Hex.from_offset(10, 5), ())
    assert "centre line" in minefield_problem(terrain, Hex.from_offset(10, 18), ())
    spot = Hex.from_offset(10, 12)
    assert "2 hexes" in minefield_problem(terrain, spot, (spot.neighbor(Facing.N),))
    assert minefield_problem(terrain, spot, (spot + Hex(0, 2),)) == ""
    assert "on the board" in minefield_problem(terrain, Hex(-1, 0), ())


def test_vortex() -> None:
    """DW-25.3 / DW-28.10: footprints, pull bands, and the pull's turn and steps."""
    centre = Hex(8, 8)
    assert [len(vortex_footprint(centre, s)) for s in (Size.SMALL, Size.MEDIUM, Size.MASSIVE)] == [
        1,
        7,
        19,
    ]
    assert [vortex_reach(s) for s in (Size.SMALL, Size.MEDIUM, Size.LARGE, Size.MASSIVE)] == [
        4,
        8,
        12,
        16,
    ]
    east = centre + Hex(-3, 0)  # the vortex lies 3 hexes SE of this piece
    facing, route = vortex_pull(_piece(east, facing=Facing.N), centre, 2)
    assert facing is Facing.NE  # starboard: one hexside clockwise
    assert route == (east + Hex(1, 0), east + Hex(2, 0))
    facing, _ = vortex_pull(_piece(east, facing=Facing.S), centre, 1)
    assert facing is Facing.SE  # port side: counter-clockwise
    facing, route = vortex_pull(_piece(centre + Hex(0, -1), facing=Facing.S), centre, 3)
    assert facing is Facing.S
    assert route == (centre,)  # the pull stops at the centre
