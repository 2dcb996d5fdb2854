"""The DW board view, the model card and the save catalogue, without a screen.

DW-28.9 (a glyph per terrain kind), DW-28.6 / DW-28.7 (a weapon's arc and its range bands),
DW-11.8 (a flyer's level mark), DW-4 / DW-16 (the card and its damage), DW-7.1 (turn marks).
"""

from __future__ import annotations

import attrs

from engine.dystopian.geometry import Level
from engine.dystopian.state import Result, VictoryLevel
from engine.dystopian.terrain import Cell, TerrainKind, TerrainMap
from engine.hexes import Hex
from tests.tui.dystopian.test_screen_play import fleets, ready_to_activate  # noqa: F401 - fixture
from tui import registry
from tui.dystopian.board_view import DWBoardView, arc_marks, describe_hex, model_markers
from tui.dystopian.catalog import MARKS, WORDS
from tui.dystopian.game_screen import score_lines
from tui.dystopian.model_panel import panel_lines


def test_sea_and_land_differ_by_glyph():
    """DW-28.9: open water ripples, a reef and woods fill their hex with their own glyph."""
    reef, woods = Hex.from_label("0203"), Hex.from_label("0304")
    terrain = TerrainMap.of({reef: Cell(TerrainKind.REEF), woods: Cell(TerrainKind.WOODS)})
    view = DWBoardView(terrain)
    assert view.face(Hex.from_label("0101"), ascii_only=True).lower == " ~  ~ "
    assert view.face(reef, ascii_only=True).upper == "%  %  "
    assert view.face(woods, ascii_only=True).lower == "  T  T"
    assert describe_hex(terrain, reef) == "0203 reef"
    assert (view.width, view.height) == (36, 24)


def test_the_battleships_fore_turret_arc_and_bands(tmp_path, fleets):  # noqa: F811
    """DW-28.6 / DW-28.7: a 270-degree fore arc facing S; bands of 4 hexes, none past 16."""
    state = ready_to_activate(tmp_path, fleets).game.state
    index = state.index_of("BB-1")
    model = state.models[index]
    assert model.hex == Hex.from_label("1904")
    marks = arc_marks(state, index, 0, ascii_only=True)  # the fore turret, 270-fore
    straight = model.hex
    for band in (1, 2, 3, 4):
        for _ in range(4):
            straight = straight.neighbor(model.facing)
        assert marks[straight] == str(band)  # 4, 8, 12, 16 hexes ahead: RB1 to RB4
    behind = model.hex.neighbor(model.facing.opposite)
    assert behind not in marks  # the aft sector is outside a 270-fore arc
    assert all(model.hex.distance(h) <= 16 for h in marks)


def test_markers_letters_and_levels(tmp_path, fleets):  # noqa: F811
    """Battleships are B (Red) and b (Blue); a flyer carries its level mark."""
    state = ready_to_activate(tmp_path, fleets).game.state
    markers = {m.label.split()[0]: m for m in model_markers(state, state.index_of("BB-1"))}
    assert markers["BB-1"].letter == "B"
    assert markers["BB-1"].selected
    assert markers["BB-2"].letter == "b"
    assert markers["CR-1"].kind is None
    flying = state.with_model(
        state.index_of("CR-1"),
        attrs.evolve(state.models[state.index_of("CR-1")], level=Level.FLYING),
    )
    lifted = {m.label.split()[0]: m for m in model_markers(flying)}
    assert lifted["CR-1"].kind is not None
    assert lifted["CR-1"].kind.char(ascii_only=True) == "^"


def test_the_card_shows_damage_markers_and_weapons(tmp_path, fleets):  # noqa: F811
    """DW-4 / DW-16: 2 Hull Damage on 8 HP, Weapons Damaged halves the gunnery dice."""
    state = ready_to_activate(tmp_path, fleets).game.state
    index = state.index_of("BB-1")
    hurt = state.with_model(index, attrs.evolve(state.models[index], hull_damage=2))
    hurt = hurt.with_markers(index, half_ad=True, fires=2)
    lines = panel_lines(hurt, index)
    assert "HP 6/8 ######xx" in lines
    assert "Markers: Weapons Damaged (half AD), Raging Fire x2" in lines
    # the fore turret prints 8/10/8/5: less 2 for the hull (DW-15.3), then halved (DW-16.2)
    assert "  Fore turret: primary, 270-fore, 8/10/8/5 (now 3/4/3/1)" in lines


def test_turn_marks_and_the_winner_from_raw_json():
    """DW-7.1: a turn's first event marks it; the winner is named from the setup's players."""
    assert MARKS.reads["dw_turn_began"](lambda field: {"turn": 3}[field]) == ((3,), "turn 3")
    setup = {"title": "Red v Blue", "players": [{"name": "Red"}, {"name": "Blue"}]}
    assert WORDS.who(setup) == "Red v Blue"
    assert WORDS.result({"result": {"winner": 1}}, setup, "") == "Blue won"


def test_the_score_lines(tmp_path, fleets):  # noqa: F811
    """DW-22.5: each player's VP and whether the Field Order was met, the winner and level."""
    state = ready_to_activate(tmp_path, fleets).game.state
    over = attrs.evolve(
        state,
        result=Result(
            "Blue fulfilled their Field Orders", (45, 220), (False, True), 1, VictoryLevel.CRUSHING
        ),
    )
    lines = score_lines(over)
    assert lines[0] == "The game ended: Blue fulfilled their Field Orders."
    assert any(line.startswith("Red     45  not met") for line in lines)
    assert any(line.startswith("Blue   220  met") for line in lines)
    assert lines[-1] == "Blue wins! (crushing triumph)"


def test_the_interface_is_registered_for_the_menu():
    """The registry finds the DW interface; it offers a new game and its help sections."""
    ui = registry.get("dystopian")
    assert ui is not None
    assert ui.title == "Dystopian Wars"
    assert ui.menu
    assert ui.sim == "tui.dystopian.sim:ADAPTER"
    assert ui.validate == "tui.dystopian.validate:check"
    titles = [title for title, _ in ui.help_sections()]
    assert "Dystopian Wars: play and replay" in titles
