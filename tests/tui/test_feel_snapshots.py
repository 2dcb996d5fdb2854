"""SVG snapshots of the high-score table and the BattleTech result (issue 13 item 6).

At 80x24 the table leaves the loadout to the detail lines, at 120x40 it has the column; the result
screen writes a long cause of destruction whole. In colour and in monochrome. Update them with
`python -m pytest tests/tui/test_feel_snapshots.py --snapshot-update` and look at the SVGs.
"""

from __future__ import annotations

import pytest

from tests.support.scores import ANN, BO
from tests.tui.fakes import FakeStore
from tests.tui.test_loadout_builder import Host
from tests.tui.test_main_menu import menu_keys
from tests.tui.test_scores_and_results import LONG_NAME, LOST_CAMPAIGN, finished_game
from tui.app import HexmechApp
from tui.battletech.result import BTResultScreen
from tui.papermech.scores import BOOK


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("mono", [False, True], ids=["colour", "mono"])
def test_high_scores(snap_compare, tmp_path, size, mono):
    """Won and lost games, a campaign lost in battle 1 of 2, a 24-character name."""
    path = BOOK.path_for(tmp_path)
    for entry in (ANN, BO, LOST_CAMPAIGN, LONG_NAME):
        BOOK.add(path, entry)
    store = FakeStore([])
    app = HexmechApp(
        tmp_path,
        mono=mono,
        list_saves=store.list_saves,
        delete_save=store.delete_save,
        screens={},
    )
    assert snap_compare(app, press=[*menu_keys("high-scores"), "down"], terminal_size=size)


def test_battletech_result_at_80x24(snap_compare):
    """A long cause on its own lines, a long name on its own line, the footer naming Replays."""
    assert snap_compare(Host(BTResultScreen(finished_game(), ["P", "b"])), terminal_size=(80, 24))
