"""SVG snapshots of the DW board's two views at 80x24 (DW-28.13 item 16, its rendering note).

The sample fleets face each other across open water (Red's BB-1 in 1904 facing S, selected).
The compact view (``Z``) draws two cells a hex and a row a line: at 80x24 the board's pane shows
22 columns by 17 rows (the side panel takes the rest), Red's fleet a row of letters and facing
arrows across it (C C C E B E F F F, all facing S). The zoomed view with ``v`` shows the
fore turret's 270-degree arc shaded and the ring of range band 1 (``1``, 4 hexes out, DW-28.7),
the cursor moved 4 hexes south onto it. Update with ``python -m pytest
tests/tui/dystopian/test_board_snapshots.py --snapshot-update`` and read the SVGs first.
"""

from __future__ import annotations

import pytest

from tests.tui.dystopian.test_screen_play import (  # noqa: F401 - fixture
    fleets,
    ready_to_activate,
)
from tui.app import HexmechApp
from tui.dystopian.game_screen import DWScreen


@pytest.fixture(autouse=True)
def _truecolour(monkeypatch):
    """Arrows, not the 16-colour digits, whatever terminal runs the tests."""
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("COLORTERM", "truecolor")


def test_the_compact_board_at_80x24(snap_compare, tmp_path, fleets):  # noqa: F811
    """Z: two cells a hex, a row a line; Red's fleet in row 4."""
    journal = ready_to_activate(tmp_path, fleets)
    app = HexmechApp(tmp_path, first=lambda: DWScreen(journal=journal))
    assert snap_compare(app, press=["Z"], terminal_size=(80, 24))


def test_the_zoomed_board_with_range_rings_at_80x24(snap_compare, tmp_path, fleets):  # noqa: F811
    """V: BB-1's fore turret: arc shaded, ring 1 four hexes S (the cursor on it)."""
    journal = ready_to_activate(tmp_path, fleets)
    app = HexmechApp(tmp_path, first=lambda: DWScreen(journal=journal))
    press = ["v", "down", "down", "down", "down"]
    assert snap_compare(app, press=press, terminal_size=(80, 24))
