"""The wings on the DW board and their card, drawn without an app (DW-20, DW-28.13 item 4).

A wing in the air is ``*`` + its kind's letter + its tokens, in its owner's colour (``*F4``);
a CAP wing shows its letter and tokens at the right of its host's hex (DW-20.8); the wings off
the table are one line; the card tells tokens, fuel (DW-20.5), place and Abort (DW-20.7).
"""

from __future__ import annotations

import attrs

from engine.dystopian.wing_commands import FlyWing, LaunchWing
from engine.dystopian.wing_rules import wing_index
from engine.hexes import Hex
from tests.tui.dystopian.test_screen_play import fleets, give  # noqa: F401 - the fixture
from tests.tui.dystopian.test_wings_play import carrier_game, play_until
from tui.dystopian.board_view import DWBoardView, model_markers
from tui.dystopian.pieces import DWPieces
from tui.dystopian.wing_view import off_board_line, wing_lines, wing_markers
from tui.widgets.hexboard import BoardPicture

RED_IN = Hex.from_offset(20, 1)
"""Where Red's fighters fly in from the top edge in turn 1: label 2102."""


def _blue_carrier(_state, legal):
    return next((c for c in legal if getattr(c, "model", "") == "CV-1"), None)


def _picture(state, selected_wing=None):
    picture = BoardPicture(view=DWBoardView(state.setup.terrain), pieces=DWPieces())
    units: dict = {}
    for marker in [*model_markers(state), *wing_markers(state, selected_wing)]:
        units[marker.hex] = (*units.get(marker.hex, ()), marker)
    picture.units = units
    return picture


def test_a_wing_in_the_air_and_one_on_cap_are_drawn(tmp_path, fleets):  # noqa: F811
    """DW-20.3 / DW-20.8: Red's *F4 in 2102; Blue's CV-1 with its f5 on CAP beside its token."""
    journal = carrier_game(tmp_path, fleets)
    give(journal, FlyWing("fighters-1", RED_IN))
    give(journal, play_until(journal, _blue_carrier))
    state = journal.game.state
    carrier = state.models[state.index_of("CV-1")]
    give(journal, LaunchWing("fighters-2", carrier.hex, cap=True))
    state = journal.game.state
    text = "\n".join(_picture(state).lines())
    assert "*F4" in text  # 4 fighters of the first player, no facing mark
    assert f"+k{_arrow(carrier.facing)} f5" in text  # + more here: the host, then its CAP wing
    selected = "\n".join(_picture(state, wing_index(state, "fighters-2")).lines())
    assert "▸*f5" in selected  # selected, the wing is drawn over its host
    assert off_board_line(state) == "Wings off: *T3 edge, *T3 edge, *r1 CV-1, *f5 edge, *b5 edge"


def _arrow(facing):
    from tui.widgets.hexboard_legend import ARROWS  # noqa: PLC0415 - the board's own marks

    return ARROWS[facing].char(ascii_only=False)


def test_the_wing_card(tmp_path, fleets):  # noqa: F811
    """DW-20.2 / DW-20.5 / DW-20.7: tokens, MV in hexes, fuel, place, Abort and rearm."""
    journal = carrier_game(tmp_path, fleets)
    state = journal.game.state
    index = wing_index(state, "torpedo-1")
    wings = list(state.wings)
    wings[index] = attrs.evolve(wings[index], fuel=1, aborted=True, rearm=True)
    state = attrs.evolve(state, wings=tuple(wings))
    lines = wing_lines(state, index)
    assert lines[0] == "torpedo-1 *T3 (Red)"
    assert lines[1] == "3 torpedo bomber tokens"
    assert lines[2] == "off its edge, fuelled (it may fly in)"
    assert lines[3] == 'MV 12" (6 hexes)  AD 3  AA 1 a token'  # DW-28.11: MV / 2 hexes
    assert lines[4] == "Fuel 1/6 #.....: half move, no attacks"  # DW-20.5
    assert (
        lines[5] == "Aborted (no attacks this activation); must rearm (land or leave by its edge)"
    )
