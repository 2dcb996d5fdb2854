"""SVG snapshots of the help page: a BattleTech game (80x24, 120x40, monochrome), the browser.

The read-only replay browser is at 80x24.

Update them with ``python -m pytest tests/tui/test_help_snapshots.py --snapshot-update`` and look at
the SVGs first: the keys of the screen below under their mode and phase headings, names as typed.
"""

from __future__ import annotations

from pathlib import Path

from engine.battletech.commands import RollInitiative
from tests.tui.replay_games import bt_save, paper_save
from tests.tui.test_bt_play import PLACES, deployed, library, new_journal  # noqa: F401
from tui.app import HexmechApp
from tui.battletech.screen import BattleTechScreen
from tui.browse import BrowseApp


def game_app(saves, library, *, mono=False):  # noqa: F811
    """The default scenario in its first Movement phase."""
    journal = new_journal(saves, library)
    deployed(journal, PLACES)
    journal.execute(RollInitiative())
    return HexmechApp(saves, mono=mono, first=lambda: BattleTechScreen(journal=journal))


def test_help_in_a_battletech_game_at_80x24(snap_compare, tmp_path, library):  # noqa: F811
    """The board's keys, then Deployment and Movement with their headings, nothing cut."""
    assert snap_compare(game_app(tmp_path, library), press=["f1"], terminal_size=(80, 24))


def test_help_in_a_battletech_game_at_120x40(snap_compare, tmp_path, library):  # noqa: F811
    """The same page, wider: more of the phases on the first screen."""
    assert snap_compare(game_app(tmp_path, library), press=["f1"], terminal_size=(120, 40))


def test_help_in_a_battletech_game_attack_keys_monochrome_at_80x24(
    snap_compare,
    tmp_path,
    library,  # noqa: F811
):
    """Scrolled to the end of the weapon keys and the physical attack keys, in monochrome."""
    app = game_app(tmp_path, library, mono=True)
    press = ["f1", *["pagedown"] * 2]
    assert snap_compare(app, press=press, terminal_size=(80, 24))


def test_help_in_the_read_only_browser_at_80x24(snap_compare, tmp_path, library, monkeypatch):  # noqa: F811
    """The browser's keys only: no delete, no play key, a viewer's words."""
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "saves"
    folder.mkdir()
    bt_save(folder, library, commands=20)
    paper_save(folder, name="papermech-ann", seed=11, commands=10)
    app = BrowseApp(Path("saves"), read_only=True)
    assert snap_compare(app, press=["f1"], terminal_size=(80, 24))
