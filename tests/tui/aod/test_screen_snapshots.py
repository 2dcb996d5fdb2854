"""SVG snapshots of the AoD play screen: wide (120x40) and compact (80x24).

Both show the first player's Warden planning a move two hexes towards the middle: the reach with
its costs, the planned end with the unit facing as it will, the preview in the order panel, the
dial panel and the log of the roll and the deployments. Update them with ``python -m pytest
tests/tui/aod/test_screen_snapshots.py --snapshot-update`` and read the SVGs first.
"""

from __future__ import annotations

from tests.tui.aod.test_screen_play import library, ready_to_order  # noqa: F401 - the fixture
from tui.aod.game_screen import AoDScreen
from tui.app import HexmechApp

PLAN = ["m", "up", "up", "enter"]
"""Move, two hexes north (the Warden deploys on the bottom edge), pick: the preview."""


def planning_app(saves, library):  # noqa: F811
    journal = ready_to_order(saves, library)
    return HexmechApp(saves, first=lambda: AoDScreen(journal=journal))


def test_the_play_screen_planning_a_move_at_120x40(snap_compare, tmp_path, library):  # noqa: F811
    """Board with reach and the planned end, orders with the preview, the dial, the log."""
    assert snap_compare(planning_app(tmp_path, library), press=PLAN, terminal_size=(120, 40))


def test_the_play_screen_planning_a_move_at_80x24(snap_compare, tmp_path, library):  # noqa: F811
    """The compact layout: no borders, a narrower side column, three log lines."""
    assert snap_compare(planning_app(tmp_path, library), press=PLAN, terminal_size=(80, 24))
