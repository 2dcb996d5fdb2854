"""An SVG snapshot of the DW play screen at 80x24 (the compact layout).

It shows Red's battleship activated and plotting a move two hexes ahead (DW-28.4): the path's
arrows, the hexes a legal move ends in with the hexes moved, the move's line in the order panel
("Legal: Enter gives it."), the model card and the log. Update it with ``python -m pytest
tests/tui/dystopian/test_screen_snapshots.py --snapshot-update`` and read the SVG first.
"""

from __future__ import annotations

from engine.dystopian.commands import Activate
from engine.dystopian.wing_commands import FlyWing, LaunchWing
from engine.hexes import Hex
from tests.tui.dystopian.test_screen_play import (  # noqa: F401 - fixture
    fleets,
    give,
    ready_to_activate,
)
from tui.app import HexmechApp
from tui.dystopian.game_screen import DWScreen

PLAN = ["a", "m", "w", "w"]
"""Activate the battleship's squadron, plot its move: two hexes ahead."""


def test_the_play_screen_plotting_a_move_at_80x24(snap_compare, tmp_path, fleets):  # noqa: F811
    """The compact layout: board with the path and reach, the move's preview, card, log."""
    journal = ready_to_activate(tmp_path, fleets)
    app = HexmechApp(tmp_path, first=lambda: DWScreen(journal=journal))
    assert snap_compare(app, press=PLAN, terminal_size=(80, 24))


def test_the_play_screen_with_wings_at_80x24(snap_compare, tmp_path, fleets):  # noqa: F811
    """DW-20: Red's fighters flown in (``*F4``), Blue's CV-1 with its fighters on CAP (``f5``).

    The carrier group's CV-1 is active and selected: the order panel lists the wings still off
    the table (``*r1 CV-1``, the free wings at their edges); Tab then selects the CAP wing and
    its card shows (DW-20.8).
    """
    from tests.tui.dystopian.test_wings_play import carrier_game, play_until  # noqa: PLC0415

    journal = carrier_game(tmp_path, fleets)
    give(journal, FlyWing("fighters-1", Hex.from_offset(18, 6)))
    give(journal, play_until(journal, _blue_carrier))
    carrier = journal.game.state.models[journal.game.state.index_of("CV-1")]
    give(journal, LaunchWing("fighters-2", carrier.hex, cap=True))
    app = HexmechApp(tmp_path, first=lambda: DWScreen(journal=journal))
    assert snap_compare(app, press=["enter"], terminal_size=(80, 24))


def _blue_carrier(_state, legal):
    return next((c for c in legal if isinstance(c, Activate) and c.model == "CV-1"), None)
