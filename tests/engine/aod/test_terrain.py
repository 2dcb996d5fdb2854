"""AoD terrain on hexes: per-hex data, the map, the piece library, zones and placement.

Rules: AOD-5, AOD-19, AOD-26.8, AOD-26.10.
"""

from __future__ import annotations

import cattrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.aod.terrain import (
    CLEAR,
    STANDARD_SIZE,
    Edge,
    HexTerrain,
    TerrainMap,
    TerrainPiece,
    TerrainType,
    deployment_zone,
    placement_problem,
)
from engine.hexes import Facing, Hex
from tests.engine.aod._assets import pieces as bundled

pieces = st.sampled_from(sorted(bundled()))
anchors = st.builds(
    Hex.from_offset, st.integers(min_value=4, max_value=31), st.integers(min_value=4, max_value=31)
)
rotations = st.integers(min_value=-12, max_value=12)

WOODS = HexTerrain(TerrainType.HINDERING, feature=1)


# ---------------------------------------------------------------- AOD-26.8 per-hex terrain and map


def test_an_unlisted_hex_on_the_board_is_clear_aod_26_8() -> None:
    """AOD-26.8: the map is clear by default; only listed hexes carry terrain."""
    board = TerrainMap.of({Hex(5, 5): WOODS})
    assert board[Hex(5, 5)] == WOODS
    assert board[Hex(6, 6)] == CLEAR
    assert CLEAR.is_clear
    assert not HexTerrain(TerrainType.CLEAR, elevated=True).is_clear  # AOD-5 item 4: a hill


def test_a_hex_off_the_board_has_no_terrain_aod_26_3() -> None:
    """AOD-26.3: the board edge is a hard limit: reading off it raises KeyError, get gives None."""
    board = TerrainMap.of(width=4, height=3)
    assert Hex.from_offset(3, 2) in board
    assert Hex.from_offset(4, 0) not in board
    assert board.get(Hex.from_offset(0, 3)) is None
    with pytest.raises(KeyError):
        _ = board[Hex.from_offset(-1, 0)]
    assert len(board) == 12
    assert len(list(board)) == 12


def test_the_map_is_a_frozen_value() -> None:
    """AOD-26.8: two maps with the same terrain are equal and hash alike; clear cells drop out."""
    one = TerrainMap.of({Hex(5, 5): WOODS, Hex(1, 1): CLEAR})
    two = TerrainMap.of([(Hex(5, 5), WOODS)])
    assert one == two
    assert hash(one) == hash(two)
    assert one.cells == ((Hex(5, 5), WOODS),)


def test_a_map_refuses_terrain_off_the_board() -> None:
    """AOD-26.3: terrain listed off the board is a programmer error."""
    with pytest.raises(ValueError, match="off the 4x4 board"):
        TerrainMap.of({Hex(9, 9): WOODS}, width=4, height=4)


# ------------------------------------------- AOD-26.8 the piece library (bundled catalogue file)


def test_the_bundled_library_is_the_eight_starter_pieces_aod_26_8() -> None:
    """AOD-26.8: the bundled catalogue holds exactly the digest's eight pieces, by name."""
    assert sorted(bundled()) == [
        "Hill",
        "Lake",
        "Mesa",
        "Pond",
        "Rubble field",
        "Ruined block",
        "Wooded hill",
        "Woods",
    ]


@pytest.mark.parametrize(
    ("name", "kind", "size", "elevated", "standard"),
    [
        ("Woods", TerrainType.HINDERING, 7, False, True),
        ("Rubble field", TerrainType.HINDERING, 4, False, True),
        ("Ruined block", TerrainType.BLOCKING, 3, False, True),
        ("Pond", TerrainType.SHALLOW, 4, False, True),
        ("Hill", TerrainType.CLEAR, 7, True, False),
        ("Wooded hill", TerrainType.HINDERING, 7, True, False),
        ("Lake", TerrainType.DEEP, 7, False, False),
        ("Mesa", TerrainType.CLEAR, 7, True, False),
    ],
)
def test_the_library_matches_the_digest_table_aod_26_8(
    name: str, kind: TerrainType, size: int, elevated: bool, standard: bool
) -> None:
    """AOD-26.8: each piece has the type, size and standard-game status of the digest's table."""
    piece = bundled()[name]
    assert piece.type is kind
    assert len(piece.cells) == size
    assert piece.elevated is elevated
    assert piece.standard is standard  # AOD-5 item 4: no elevation, no deep water


def test_shapes_are_connected_triangle_and_diamond_aod_26_8() -> None:
    """AOD-26.8: the triangle is three mutual neighbours; the diamond two triangles."""
    triangle = bundled()["Ruined block"].cells
    assert all(a.distance(b) == 1 for a in triangle for b in triangle if a != b)
    for name in ("Pond", "Rubble field"):
        diamond = bundled()[name].cells
        pairs = [a.distance(b) for a in diamond for b in diamond if a < b]
        assert sorted(pairs) == [1, 1, 1, 1, 1, 2]
    for name in ("Woods", "Hill", "Wooded hill", "Lake", "Mesa"):  # a hex and its ring
        assert set(bundled()[name].cells) == set(Hex(0, 0).spiral(1))


def test_the_mesa_has_one_access_hexside_aod_19_7() -> None:
    """AOD-19.7 / AOD-26.8: the mesa is abrupt with one access hexside on its rim."""
    mesa = bundled()["Mesa"]
    assert mesa.abrupt
    assert len(mesa.access) == 1
    ((cell, side),) = mesa.access
    assert cell.neighbor(side) not in mesa.cells  # the hexside faces outwards


def test_an_abrupt_piece_needs_an_access_point_aod_5() -> None:
    """AOD-5 item 4: an abrupt piece must have at least one access point."""
    with pytest.raises(ValueError, match="access hexside"):
        TerrainPiece("cliff", TerrainType.CLEAR, (Hex(0, 0),), elevated=True, abrupt=True)


def test_placing_turns_the_offsets_clockwise_about_the_anchor_aod_26_8() -> None:
    """AOD-26.8: a rotation of one 60-degree step turns the N offset into NE (kernel facings)."""
    piece = TerrainPiece("spur", TerrainType.BLOCKING, (Hex(0, 0), Facing.N.delta))
    anchor = Hex.from_offset(10, 10)
    assert piece.place(anchor, 1).hexes == {anchor, anchor.neighbor(Facing.NE)}
    assert piece.place(anchor, 3).hexes == {anchor, anchor.neighbor(Facing.S)}


def test_the_access_hexside_turns_with_the_piece_aod_19_7() -> None:
    """AOD-19.7 / AOD-26.8: turned twice, the mesa's south access faces north-west."""
    anchor = Hex.from_offset(10, 10)
    placed = bundled()["Mesa"].place(anchor, 2)
    assert placed.access == {(anchor.neighbor(Facing.NW), Facing.NW)}
    terrain = TerrainMap().with_piece(placed, 3)
    assert terrain[anchor.neighbor(Facing.NW)].access == {Facing.NW}
    assert terrain[anchor].access == frozenset()
    assert terrain[anchor].abrupt
    assert terrain.features() == {3: placed.hexes}


@given(pieces, anchors, rotations)
def test_six_turns_return_a_piece_to_itself(name: str, anchor: Hex, rotation: int) -> None:
    """AOD-26.8: rotation is in 60-degree steps, so six steps are the identity."""
    piece = bundled()[name]
    placed = piece.place(anchor, rotation)
    again = piece.place(anchor, rotation + 6)
    assert again.hexes == placed.hexes
    assert again.access == placed.access
    assert len(placed.hexes) == len(piece.cells)
    assert anchor in placed.hexes


@given(pieces, anchors, rotations)
def test_turning_keeps_the_shape(name: str, anchor: Hex, rotation: int) -> None:
    """AOD-26.8: a turned piece has the same distances between its hexes."""
    piece = bundled()[name]
    turned = piece.place(anchor, rotation).hexes
    inner = sorted(a.distance(b) for a in turned for b in turned)
    assert inner == sorted(a.distance(b) for a in piece.cells for b in piece.cells)


def test_a_later_piece_lies_over_an_earlier_one() -> None:
    """AOD-26.8: laying a piece sets the terrain and feature of every hex it covers."""
    anchor = Hex.from_offset(10, 10)
    woods = TerrainMap().with_piece(bundled()["Woods"].place(anchor), 1)
    both = woods.with_piece(bundled()["Ruined block"].place(anchor), 2)
    assert both[anchor] == HexTerrain(TerrainType.BLOCKING, feature=2)
    assert anchor.neighbor(Facing.N) not in both.features()[2]
    assert both[anchor.neighbor(Facing.N)] == HexTerrain(TerrainType.HINDERING, feature=1)
    with pytest.raises(ValueError, match="positive"):
        woods.with_piece(bundled()["Woods"].place(anchor), 0)


# ---------------------------------------------------------------- AOD-5 / AOD-26.10 zones


def test_the_top_zone_is_rows_0_to_2_columns_8_to_27_aod_26_10() -> None:
    """AOD-26.10: on a 36x36 board the top zone is offset rows 0-2, columns 8-27: 60 hexes."""
    zone = deployment_zone(Edge.TOP)
    assert len(zone) == 60
    offsets = {h.to_offset() for h in zone}
    assert {col for col, _ in offsets} == set(range(8, 28))
    assert {row for _, row in offsets} == {0, 1, 2}
    assert Hex.from_label("0901") in zone
    assert Hex.from_label("2803") in zone
    assert Hex.from_label("0801") not in zone
    assert Hex.from_label("0904") not in zone


@pytest.mark.parametrize(
    ("edge", "cols", "rows"),
    [
        (Edge.BOTTOM, range(8, 28), range(33, 36)),
        (Edge.LEFT, range(3), range(8, 28)),
        (Edge.RIGHT, range(33, 36), range(8, 28)),
    ],
)
def test_the_other_zones_aod_26_10(edge: Edge, cols: range, rows: range) -> None:
    """AOD-26.10: bottom rows 33-35; left and right columns 0-2 / 33-35, rows 8-27."""
    zone = deployment_zone(edge)
    assert zone == {Hex.from_offset(c, r) for c in cols for r in rows}


def test_a_zone_is_three_hexes_deep_and_eight_from_the_other_edges_aod_5() -> None:
    """AOD-5 item 3: 3" deep, at least 8" from every other edge (in hex steps on flat-top)."""
    size = STANDARD_SIZE
    for edge in Edge:
        zone = deployment_zone(edge)
        for where in zone:
            col, row = where.to_offset()
            across = {
                Edge.TOP: row,
                Edge.BOTTOM: size - 1 - row,
                Edge.LEFT: col,
                Edge.RIGHT: size - 1 - col,
            }[edge]
            assert across < 3
            along = col if edge in (Edge.TOP, Edge.BOTTOM) else row
            assert 8 <= along <= size - 9


# ---------------------------------------------------------------- AOD-26.10 placement


def test_a_piece_in_the_middle_may_be_placed_aod_26_10() -> None:
    """AOD-26.10: a woods in mid-board, far from everything, is fine."""
    board = TerrainMap()
    woods = bundled()["Woods"].place(Hex.from_offset(18, 18)).hexes
    assert placement_problem(woods, board, zones=[deployment_zone(Edge.TOP)]) is None


def test_a_piece_needs_three_clear_hexes_to_the_edge_aod_26_10() -> None:
    """AOD-26.10: a piece hex in column 3 is allowed, in column 2 it is not."""
    board = TerrainMap()
    single = TerrainPiece("stone", TerrainType.BLOCKING, (Hex(0, 0),))
    assert placement_problem(single.place(Hex.from_offset(3, 3)).hexes, board) is None
    assert placement_problem(single.place(Hex.from_offset(32, 32)).hexes, board) is None
    for col, row in ((2, 10), (10, 2), (33, 10), (10, 33)):
        why = placement_problem(single.place(Hex.from_offset(col, row)).hexes, board)
        assert why is not None
        assert "edge" in why


def test_pieces_keep_three_clear_hexes_apart_aod_26_10() -> None:
    """AOD-26.10: distance 4 between pieces is allowed, distance 3 is not."""
    board = TerrainMap()
    single = TerrainPiece("stone", TerrainType.BLOCKING, (Hex(0, 0),))
    first = single.place(Hex.from_offset(10, 10)).hexes
    far = single.place(Hex.from_offset(14, 10)).hexes
    near = single.place(Hex.from_offset(13, 10)).hexes
    assert placement_problem(far, board, [first]) is None
    why = placement_problem(near, board, [first])
    assert why is not None
    assert "3 hexes from another piece" in why


def test_pieces_keep_away_from_other_players_zones_aod_26_10() -> None:
    """AOD-26.10: a piece hex at row 5 is 3 from a top zone hex at row 2: refused; row 6 is fine."""
    board = TerrainMap()
    single = TerrainPiece("stone", TerrainType.BLOCKING, (Hex(0, 0),))
    zone = deployment_zone(Edge.TOP)
    why = placement_problem(single.place(Hex.from_offset(16, 5)).hexes, board, zones=[zone])
    assert why is not None
    assert "deployment zone" in why
    assert (
        placement_problem(single.place(Hex.from_offset(16, 6)).hexes, board, zones=[zone]) is None
    )


@given(pieces, anchors, rotations)
def test_a_map_survives_a_save_round_trip(name: str, anchor: Hex, rotation: int) -> None:
    """AOD-26.13 C (serialisable state): a map is saved as its fields and read back equal."""
    board = TerrainMap().with_piece(bundled()[name].place(anchor, rotation), 1)
    board.grid()  # a memo filled before saving is not saved
    converter = cattrs.Converter()
    saved = converter.unstructure(board)
    assert set(saved) == {"width", "height", "cells"}
    assert converter.structure(saved, TerrainMap) == board
