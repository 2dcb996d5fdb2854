"""SVG snapshots of the BattleTech play screen: wide (120x40) and compact (80x24).

Both show Kurita's Shadow Hawk plotting a walk into the river (a right turn, one hex forward): the
reachable hexes with their MP, the path, and the water roll it will need. Update them with
`python -m pytest tests/tui/test_bt_snapshots.py --snapshot-update` and look at the SVGs first.
"""

from __future__ import annotations

from engine.battletech.commands import RollInitiative
from tests.tui.test_bt_play import PLACES, deployed, library, new_journal  # noqa: F401
from tui.app import HexmechApp
from tui.screens.battletech import BattleTechScreen

PLOT = ["1", "right_square_bracket", "f"]
"""Walk, turn right, one hex forward: 0915 to 1014, depth 1 water."""


def plotting_app(saves, library):  # noqa: F811
    journal = new_journal(saves, library)
    deployed(journal, PLACES)
    journal.execute(RollInitiative())
    return HexmechApp(saves, first=lambda: BattleTechScreen(journal=journal))


def test_the_play_screen_plotting_a_walk_at_120x40(snap_compare, tmp_path, library) -> None:  # noqa: F811
    """Board with reach and path, orders with the water roll, sheet, units, log, footer."""
    assert snap_compare(plotting_app(tmp_path, library), press=PLOT, terminal_size=(120, 40))


def test_the_play_screen_plotting_a_walk_at_80x24(snap_compare, tmp_path, library) -> None:  # noqa: F811
    """The compact layout: no borders, the side panels in one column, three log lines."""
    assert snap_compare(plotting_app(tmp_path, library), press=PLOT, terminal_size=(80, 24))
