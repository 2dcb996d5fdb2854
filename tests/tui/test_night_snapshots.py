"""SVG snapshots of a night game (issue 16): each side's view, the whole battlefield, the handover.

The replay of `tests.tui.night_games` at its end (turn 2: the Wolverine back in the dark, the
Griffin's jitter shot lighting its hex): the whole battlefield, then ``v`` for Davion's view (no
Kurita unit on the board, in the list or the log) and ``v v`` for Kurita's (the Griffin seen by
its gunflash). A hot-seat night game hands the terminal over even with the preference off.
Update them with `python -m pytest tests/tui/test_night_snapshots.py --snapshot-update` and look
at the SVGs.
"""

from __future__ import annotations

import pytest

from tests.tui.night_games import night_journal, scripted_night_game
from tests.tui.test_bt_play import library
from tui.app import HexmechApp
from tui.battletech.screen import BattleTechScreen

__all__ = ["library"]  # the fixture, used by name


@pytest.mark.parametrize(
    "press",
    [
        pytest.param((), id="whole"),
        pytest.param(("v",), id="davion"),
        pytest.param(("v", "v"), id="kurita"),
    ],
)
def test_a_night_replay_in_each_view(snap_compare, tmp_path, library, press) -> None:
    game = scripted_night_game(library)
    app = HexmechApp(tmp_path, first=lambda: BattleTechScreen(game=game))
    assert snap_compare(app, press=list(press), terminal_size=(120, 40))


def test_davions_view_at_80x24(snap_compare, tmp_path, library) -> None:
    game = scripted_night_game(library)
    app = HexmechApp(tmp_path, first=lambda: BattleTechScreen(game=game))
    assert snap_compare(app, press=["v"], terminal_size=(80, 24))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_the_handover_at_night(snap_compare, tmp_path, library, size) -> None:
    """Kurita's unit stands still: the prompt for Davion covers the board, telling nothing."""
    journal = night_journal(tmp_path, library)
    app = HexmechApp(tmp_path, first=lambda: BattleTechScreen(journal=journal))
    assert snap_compare(app, press=["0"], terminal_size=size)
