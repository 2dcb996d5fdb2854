"""SVG snapshots of issue 13 item 4: the handover prompt, the header with the objective.

The prompt hides the whole board ("Pass the terminal to Davion: press Enter"); the header of the
"Hold the bridge" scenario names the objective and the turn limit, short at 80x24. Update them with
`python -m pytest tests/tui/test_handover_snapshots.py --snapshot-update` and look at the SVGs.
"""

from __future__ import annotations

import pytest

from engine.battletech.commands import RollInitiative
from tests.tui.test_bt_play import PLACES, deployed, library, new_journal
from tui.app import HexmechApp
from tui.battletech.screen import BattleTechScreen

__all__ = ["library"]  # the fixture, used by name

SIZES = [(80, 24), (120, 40)]


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_the_handover_prompt(snap_compare, tmp_path, library, handover_prompt, size) -> None:
    """Kurita's Shadow Hawk stands still: the prompt for Davion covers the board."""
    journal = new_journal(tmp_path, library)
    deployed(journal, PLACES)
    journal.execute(RollInitiative())
    app = HexmechApp(tmp_path, first=lambda: BattleTechScreen(journal=journal))
    assert snap_compare(app, press=["0"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_the_header_with_the_objective(snap_compare, tmp_path, library, size) -> None:
    """Hold the bridge, turn 1 of 8: Davion holds 0708, 0809, 0909."""
    journal = new_journal(tmp_path, library, scenario="bridge")
    journal.execute(RollInitiative())
    app = HexmechApp(tmp_path, first=lambda: BattleTechScreen(journal=journal))
    assert snap_compare(app, terminal_size=size)


def test_the_settings_screen_at_80x24(snap_compare) -> None:
    """The three toggles with their help, where they are saved, the keys."""
    from pathlib import Path  # noqa: PLC0415

    from tests.tui.test_loadout_builder import Host  # noqa: PLC0415
    from tui.screens.settings import SettingsScreen  # noqa: PLC0415

    screen = SettingsScreen(Path("/home/player/.local/share/hexmech/saves"))  # never written
    assert snap_compare(Host(screen), terminal_size=(80, 24))
