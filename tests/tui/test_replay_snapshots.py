"""SVG snapshots of the replay browser and a replay with its timeline, at 80x24.

Update them with ``python -m pytest tests/tui/test_replay_snapshots.py --snapshot-update`` and look
at the SVGs before committing. The saves are Paper 'Mech games played by a policy when the test
runs, with fixed seeds and start times, so the pictures do not depend on the day or the zone.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from tests.tui.replay_games import NOW, paper_save
from tui.browse import BrowseApp
from tui.screens.watch import watch


def saves(folder):
    """Two finished games, one going on, one damaged file."""
    folder.mkdir()
    paper_save(folder, name="papermech-ann", pilot="Ann", seed=11, created=NOW)
    paper_save(
        folder,
        name="papermech-bob",
        pilot="Bob",
        seed=12,
        policy="random",
        created=NOW + timedelta(hours=1),
    )
    paper_save(
        folder,
        name="papermech-cid",
        pilot="Cid",
        seed=13,
        commands=12,
        created=NOW + timedelta(hours=2),
    )
    (folder / "broken.jsonl").write_text("this is not a save\n")
    return folder


def test_the_replay_browser_at_80x24(snap_compare, tmp_path, monkeypatch):
    """Newest first, the damaged file with its reason, read-only: no delete key."""
    monkeypatch.chdir(tmp_path)
    saves(tmp_path / "saves")
    app = BrowseApp(Path("saves"), read_only=True)
    assert snap_compare(app, terminal_size=(80, 24), press=["down"])


def test_a_replay_at_wave_2_with_its_timeline_at_80x24(snap_compare, tmp_path, monkeypatch):
    """G 2: the panels at the start of wave 2, the timeline's one row with the wave marks."""
    monkeypatch.chdir(tmp_path)
    folder = saves(tmp_path / "saves")

    async def open_replay(pilot):
        pilot.app.push_screen(watch(folder / "papermech-ann.jsonl"))
        await pilot.pause()
        await pilot.press("g", "2", "enter")

    app = BrowseApp(Path("saves"), read_only=True)
    assert snap_compare(app, terminal_size=(80, 24), run_before=open_replay)
