"""The AoD board as the hex board draws it (AOD-26.12): terrain glyphs, unit letters, words."""

from __future__ import annotations

import attrs
from attrs import frozen

from engine.aod.movement import Altitude
from engine.aod.ruleset import RULESET
from engine.aod.terrain import HexTerrain, TerrainMap, TerrainType
from engine.hexes import Facing, Hex
from tests.tui.aod.test_screen_play import library, setup_of  # noqa: F401 - the fixture
from tui.aod.board_view import (
    AoDBoardView,
    artillery_marks,
    describe_hex,
    terrain_face,
    unit_letter,
    unit_markers,
)


def test_each_terrain_type_has_its_glyph_and_clear_is_blank():
    """AOD-26.12: % hindering, # blocking, ~ shallow, deep water apart; clear draws nothing."""
    assert terrain_face(HexTerrain(), ascii_only=False).upper.strip() == ""
    glyphs = {
        kind: set(terrain_face(HexTerrain(kind), ascii_only=True).upper) - {" "}
        for kind in (TerrainType.HINDERING, TerrainType.BLOCKING, TerrainType.SHALLOW)
    }
    assert glyphs == {
        TerrainType.HINDERING: {"%"},
        TerrainType.BLOCKING: {"#"},
        TerrainType.SHALLOW: {"~"},
    }
    deep = terrain_face(HexTerrain(TerrainType.DEEP), ascii_only=True)
    assert set(deep.upper) == {"="}  # the digest's ASCII glyph for deep water
    assert deep.role == "deep"


def test_elevation_is_tagged_and_abrupt_is_told_apart():
    """AOD-26.12: ``^`` elevated, ``A`` abrupt (AOD-19.6, AOD-19.7)."""
    assert terrain_face(HexTerrain(elevated=True), ascii_only=False).tags == (("^^", "elevated"),)
    abrupt = HexTerrain(TerrainType.BLOCKING, elevated=True, abrupt=True)
    assert terrain_face(abrupt, ascii_only=False).tags == (("AA", "elevated"),)
    assert terrain_face(HexTerrain(TerrainType.HINDERING), ascii_only=False).tags == ()


def test_the_view_describes_the_demo_board(library):  # noqa: F811
    """The demo board's woods (AOD-26.16) show as hindering; a clear hex says clear."""
    board = RULESET.start(setup_of(library)).terrain
    view = AoDBoardView(board)
    assert (view.width, view.height) == (36, 36)
    woods = next(h for h in board if board[h].type is TerrainType.HINDERING)
    assert view.describe(woods) == f"{woods.label} hindering"
    assert view.face(woods, ascii_only=True).role == "hindering"
    assert describe_hex(TerrainMap(36, 36), Hex.from_label("0101")) == "0101 clear"
    assert describe_hex(board, Hex.from_label("9999")) == "9999 off the board"


def test_unit_letters_follow_the_kind_and_the_seat(library):  # noqa: F811
    """AOD-26.12: M 'Mech, Q Quad, V vehicle, H VTOL, W cruising, I infantry; seat 2 lower case."""
    units = library.units
    assert unit_letter(units["HX-009"], 0) == "M"
    assert unit_letter(units["HX-011"], 0) == "Q"
    assert unit_letter(units["HX-004"], 1) == "v"
    assert unit_letter(units["HX-007"], 0) == "H"
    assert unit_letter(units["HX-007"], 0, Altitude.CRUISING) == "W"
    assert unit_letter(units["HX-001"], 1) == "i"
    assert unit_letter(units["HX-001"], 2) == "I"  # seats 3 and 4: told by colour


def test_markers_show_units_on_the_board_with_owner_and_facing(library):  # noqa: F811
    """Only deployed units are drawn; each in its owner's colour, the selected one marked."""
    state = RULESET.start(setup_of(library))
    kestrel, warden = 0, state.index_of("HX-010a")
    assert warden is not None
    for index, where, facing in ((kestrel, "1810", Facing.S), (warden, "1813", Facing.N)):
        unit = attrs.evolve(state.units[index], hex=Hex.from_label(where), facing=facing)
        state = state.with_unit(index, unit)
    markers = unit_markers(state, selected=warden)
    assert [(m.hex.label, m.letter, m.facing, m.side, m.selected) for m in markers] == [
        ("1810", "M", Facing.S, 0, False),
        ("1813", "m", Facing.N, 1, True),
    ]


@frozen
class _Marker:
    """A pending artillery marker as the artillery rules may keep it (AOD-13.3)."""

    shooter: int
    dot: Hex
    origin: Hex


@frozen
class _WithArtillery:
    """A state that holds pending markers (the artillery rules' field)."""

    markers: tuple[_Marker, ...]


def test_pending_artillery_markers_are_marked_on_their_hexes(library):  # noqa: F811
    """AOD-26.12 overlays: each pending marker's dot is marked (not the shooter's hex)."""
    assert artillery_marks(RULESET.start(setup_of(library))) == {}
    far = Hex.from_label("1834")
    state = _WithArtillery(
        (_Marker(3, Hex.from_label("1207"), far), _Marker(4, Hex.from_label("2020"), far))
    )
    assert artillery_marks(state) == {Hex.from_label("1207"): "AR", Hex.from_label("2020"): "AR"}
