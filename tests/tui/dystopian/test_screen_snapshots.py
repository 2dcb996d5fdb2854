"""An SVG snapshot of the DW play screen at 80x24 (the compact layout).

It shows Red's battleship activated and plotting a move two hexes ahead (DW-28.4): the path's
arrows, the hexes a legal move ends in with the hexes moved, the move's line in the order panel
("Legal: Enter gives it."), the model card and the log. Update it with ``python -m pytest
tests/tui/dystopian/test_screen_snapshots.py --snapshot-update`` and read the SVG first.
"""

from __future__ import annotations

from tests.tui.dystopian.test_screen_play import fleets, ready_to_activate  # noqa: F401 - fixture
from tui.app import HexmechApp
from tui.dystopian.game_screen import DWScreen

PLAN = ["a", "m", "w", "w"]
"""Activate the battleship's squadron, plot its move: two hexes ahead."""


def test_the_play_screen_plotting_a_move_at_80x24(snap_compare, tmp_path, fleets):  # noqa: F811
    """The compact layout: board with the path and reach, the move's preview, card, log."""
    journal = ready_to_activate(tmp_path, fleets)
    app = HexmechApp(tmp_path, first=lambda: DWScreen(journal=journal))
    assert snap_compare(app, press=PLAN, terminal_size=(80, 24))
