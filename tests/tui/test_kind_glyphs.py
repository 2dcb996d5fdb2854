"""Board glyphs of the kinds of unit (issue 20 item 6): `tui.battletech.widgets.kind_glyphs`.

Each kind of the bundled units gets its own one-cell mark, told apart at a glance in ASCII too
and never mistaken for the other glyphs a unit's cell may show; the token keeps the board's
layout of a 'Mech's token (checked against `BoardPicture._token` itself); the legend names them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len

from engine.battletech.designs import BattleArmorDesign, InfantryDesign, VehicleDesign
from engine.hexes import Facing, Hex
from tui.battletech.units import UNITS_DIR, bundled_units, load_blk, load_unit
from tui.battletech.widgets.kind_glyphs import (
    KIND_GLYPHS,
    KIND_ROLE,
    kind_glyph,
    kind_key,
    legend_rows,
    token,
)
from tui.widgets.hexboard import BoardPicture, UnitMarker
from tui.widgets.hexboard_legend import ARROWS, MORE_UNITS, PATH_END, POINTER, PRONE

BLK = sorted((UNITS_DIR / "blk").glob("*.blk"))
OTHER_GLYPHS = [*ARROWS.values(), PRONE, POINTER, MORE_UNITS, PATH_END]


@pytest.mark.parametrize("path", BLK, ids=lambda p: p.stem)
def test_each_bundled_unit_gets_the_mark_of_its_kind(path: Path) -> None:
    design = load_blk(path).design
    glyph = kind_glyph(design)
    assert glyph is not None
    if isinstance(design, VehicleDesign):
        expected = "VTOL" if str(design.motion) == "VTOL" else str(design.motion)
    elif isinstance(design, InfantryDesign):
        expected = "infantry"
    else:
        assert isinstance(design, BattleArmorDesign)
        expected = "battle armor"
    assert kind_key(design) == expected
    assert glyph is KIND_GLYPHS[expected]


def test_a_mech_has_no_mark() -> None:
    mech = load_unit(bundled_units()[0]).design
    assert kind_key(mech) == "mech"
    assert kind_glyph(mech) is None


def test_the_bundled_units_show_every_kind() -> None:
    """The dozen bundled units cover the six marks: each one is seen in a game."""
    assert {kind_key(load_blk(path).design) for path in BLK} == set(KIND_GLYPHS)


@pytest.mark.parametrize("ascii_only", [False, True], ids=["unicode", "ascii"])
def test_marks_are_one_cell_distinct_and_unlike_the_cells_other_glyphs(ascii_only: bool) -> None:
    marks = [glyph.char(ascii_only=ascii_only) for glyph in KIND_GLYPHS.values()]
    assert all(cell_len(mark) == 1 for mark in marks)
    assert len(set(marks)) == len(marks)
    others = {glyph.char(ascii_only=ascii_only) for glyph in OTHER_GLYPHS}
    assert not others & set(marks)
    assert not any(mark.isalnum() for mark in marks)  # letters and costs
    if ascii_only:
        assert all(mark.isascii() for mark in marks)


def _board_token(board: BoardPicture, marker: UnitMarker) -> str:
    return "".join(char for char, _roles in board._token(marker))


@pytest.mark.parametrize("ascii_only", [False, True], ids=["unicode", "ascii"])
def test_a_mech_token_is_the_boards_own(ascii_only: bool) -> None:
    """With no kind mark the token is exactly what the board draws, prone or not."""
    board = BoardPicture(ascii_only=ascii_only)
    for facing in Facing:
        for prone in (False, True):
            marker = UnitMarker(Hex.from_label("0101"), "A", facing, prone=prone)
            assert token("A", facing, prone=prone, ascii_only=ascii_only) == _board_token(
                board, marker
            )


@pytest.mark.parametrize("ascii_only", [False, True], ids=["unicode", "ascii"])
def test_the_board_draws_the_kind_mark(ascii_only: bool) -> None:
    """`UnitMarker.kind`: the board draws `token`, the mark styled ``kind`` in the side's colour.

    A prone mark wins over it, as `token` says.
    """
    board = BoardPicture(ascii_only=ascii_only)
    for glyph in KIND_GLYPHS.values():
        for facing in Facing:
            marker = UnitMarker(Hex.from_label("0101"), "A", facing, side=2, kind=glyph)
            drawn = board._token(marker)
            assert "".join(c for c, _ in drawn) == token("A", facing, glyph, ascii_only=ascii_only)
            mark = glyph.char(ascii_only=ascii_only)
            assert [roles for c, roles in drawn if c == mark] == [("side-2", KIND_ROLE)]
        prone = UnitMarker(Hex.from_label("0101"), "A", Facing.N, kind=glyph, prone=True)
        assert _board_token(board, prone) == token("A", Facing.N, prone=True, ascii_only=ascii_only)


def test_the_kind_mark_takes_the_prone_marks_cell() -> None:
    tracked, hover = KIND_GLYPHS["tracked"], KIND_GLYPHS["hover"]
    assert token("A", Facing.NE, tracked) == "≡A↗"
    assert token("B", Facing.SW, hover, ascii_only=True) == "/B~"
    assert token("C", Facing.N, KIND_GLYPHS["infantry"], ascii_only=True) == ":C^"
    assert token("D", Facing.NW, KIND_GLYPHS["VTOL"]) == "↖D✱"
    assert token("", Facing.S, KIND_GLYPHS["battle armor"], ascii_only=True) == "#?v"
    assert token("E", Facing.N, tracked, prone=True) == "_E↑"


@pytest.mark.parametrize("ascii_only", [False, True], ids=["unicode", "ascii"])
def test_the_legend_names_every_kind_with_its_sample(ascii_only: bool) -> None:
    rows = legend_rows(ascii_only=ascii_only, side=1)
    assert rows[0] == ((), "Kinds of unit")
    samples = {meaning: runs for runs, meaning in rows[1:]}
    north = ARROWS[Facing.N].char(ascii_only=ascii_only)
    assert samples["'Mech: no mark beside the letter"] == ((f"A{north}", ("side-1", KIND_ROLE)),)
    for glyph in KIND_GLYPHS.values():
        mark, letter = samples[glyph.name]
        assert mark == (glyph.char(ascii_only=ascii_only), ("side-1", KIND_ROLE))
        assert letter == (f"A{north}", ("side-1", KIND_ROLE))
    assert len(rows) == 2 + len(KIND_GLYPHS)
