"""What makes a viewer cheap to start and to drive (issue 14, rows 4 and 5); no timings here."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from textual.css.stylesheet import Stylesheet
from textual.widgets import Static

from tests.tui.test_ssh import make_saves
from tui.screens.replay_browser import ReplayBrowserScreen, ReplayTable
from tui.ssh import zygote
from tui.ssh.viewer import ServedBrowseApp

ROOT = str(Path(__file__).resolve().parents[2])
CSS = "Static { color: $accent; }"


def test_css_parsed_once_is_shared_by_every_stylesheet_with_the_same_variables(monkeypatch):
    monkeypatch.setattr(Stylesheet, "_parse_rules", Stylesheet._parse_rules)  # restored after
    monkeypatch.setattr(zygote, "_PARSED_CSS", {})
    zygote.share_parsed_css()
    zygote.share_parsed_css()  # twice: still one layer
    theme = {"accent": "#ff0000"}
    first = Stylesheet(variables=dict(theme))._parse_rules(CSS, ("", "x"))
    again = Stylesheet(variables=dict(theme))._parse_rules(CSS, ("", "x"))
    other = Stylesheet(variables={"accent": "#00ff00"})._parse_rules(CSS, ("", "x"))
    assert first is again
    assert other is not first
    assert str(first[0].styles.color) != str(other[0].styles.color)
    assert len(zygote._PARSED_CSS) == 2


def test_the_zygote_warm_up_loads_the_rulesets_and_leaves_no_app_running():
    code = (
        "import sys, threading; sys.path.insert(0, sys.argv[1])\n"
        "from tui.ssh.zygote import _warm_up, _PARSED_CSS\n"
        "from engine import registry\n"
        "_warm_up()\n"
        "print(sorted(registry._loaded), len(_PARSED_CSS) > 10, threading.active_count())\n"
    )
    result = subprocess.run(
        [sys.executable, "-I", "-c", code, ROOT],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert result.stdout.split() == [
        "['aod',",
        "'battletech',",
        "'dystopian',",
        "'papermech']",
        "True",
        "1",
    ]


async def test_a_cursor_move_updates_the_detail_line_at_once(tmp_path):
    make_saves(tmp_path)
    app = ServedBrowseApp(tmp_path, read_only=True, ascii_only=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayBrowserScreen)
        table = screen.query_one(ReplayTable)
        detail = screen.query_one("#rb-detail", Static)
        assert len(screen.shown) >= 2
        assert str(detail.render()).startswith(screen.shown[0].path.name)
        table.action_cursor_down()  # no pause: no message has been handled yet
        assert str(detail.render()).startswith(screen.shown[1].path.name)
        await pilot.pause()
        assert str(detail.render()).startswith(screen.shown[1].path.name)
