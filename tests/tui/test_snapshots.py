"""SVG snapshots of the main menu and the save browser at 80x24 (pytest-textual-snapshot).

Update them with `python -m pytest tests/tui/test_snapshots.py --snapshot-update` and look at
snapshot_report.html (or the SVGs) before committing.
"""

from __future__ import annotations


def test_main_menu_at_80x24(snap_compare, make_app):
    """The banner, the menu centred, the key hints in the footer."""
    assert snap_compare(make_app(), terminal_size=(80, 24))


def test_save_browser_at_80x24(snap_compare, make_app):
    """Three saves (in progress, finished, damaged), the cursor on the damaged one."""
    assert snap_compare(make_app(), press=["l", "down", "down"], terminal_size=(80, 24))
