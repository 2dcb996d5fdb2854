"""Dystopian Wars registered as ``dystopian``: the ruleset, its interface, library and checker.

The rules reach the ruleset through `engine.registry` (``engine.dystopian:RULESET``); the
interface is `tui.dystopian.UI`. Its library is the bundled files, the user's and ``--units``
folders (DW-28.13 item 2): the fleets a scenario names, with their model cards.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import tui.dystopian
from engine import registry as rules
from engine.dystopian.ruleset import RULESET
from tests.conftest import REPO
from tui import registry
from tui.commands.validate import DATA_CHECKERS, checkers
from tui.dystopian.files import ASSETS_DIR
from tui.dystopian.library import install, user_folder
from tui.dystopian.validate import check
from tui.screens._catalog import describe

GOLDEN = REPO / "tests" / "data" / "saves" / "v4-dystopian.jsonl"
NAVAL = ASSETS_DIR / "fleets" / "sample-naval-400.dw.toml"


def test_the_engine_and_the_interface_know_dystopian():
    """``engine.dystopian:RULESET`` by name; ``tui.dystopian:UI`` its interface."""
    ruleset = rules.get("dystopian")
    ui = registry.get("dystopian")

    assert ruleset is RULESET
    assert ui is tui.dystopian.UI
    assert ui.title == ruleset.title == "Dystopian Wars"
    assert "dystopian" in rules.available()
    assert registry.load(ui.sim).name == "dystopian"
    assert registry.load(ui.validate) is check


def test_the_checker_moved_to_the_interface():
    """``hexmech validate`` asks the interface: the DW checker is listed once, not also as data."""
    assert DATA_CHECKERS == ()
    assert checkers().count(check) == 1


def test_install_adds_the_named_folder_s_fleets_and_names_the_bad_files(monkeypatch, tmp_path):
    """DW-28.13 item 2: a user's fleet joins the library; a broken file is one skipped line."""
    monkeypatch.setattr(RULESET, "library", None)
    monkeypatch.setattr("tui.dystopian.library.user_folder", lambda: tmp_path / "nobody")
    text = NAVAL.read_text(encoding="utf-8").replace('"Sample naval fleet"', '"My fleet"')
    (tmp_path / "mine.dw.toml").write_text(text, encoding="utf-8")
    (tmp_path / "broken.dw.toml").write_text('format = "dw-fleet"\n', encoding="utf-8")
    (tmp_path / "twice.dw.toml").write_text(NAVAL.read_text(encoding="utf-8"), encoding="utf-8")
    report = io.StringIO()

    library = install([tmp_path], report=report)

    assert RULESET.library is library
    assert set(library.fleets) == {
        "Sample naval fleet",
        "Sample carrier group",
        "Sample tank column",
        "My fleet",
    }
    lines = report.getvalue().splitlines()
    assert len(lines) == 2
    assert all(line.startswith("hexmech: skipped ") for line in lines)
    assert "broken.dw.toml" in lines[0]
    assert "twice.dw.toml: fleet 'Sample naval fleet' is named twice" in lines[1]
    setup = RULESET.make_setup(
        {"players": [{"name": "A", "fleet": "My fleet"}, {"name": "B", "fleet": "My fleet"}]}
    )
    assert [p.fleet.name for p in setup.players] == ["My fleet", "My fleet"]


def test_the_menu_reads_no_file_the_ruleset_reads_them_when_first_used(tmp_path: Path):
    """install() imports no rules; importing the ruleset gives it a library read on first use.

    The user data folder is an empty one, so a player's own fleets do not count here.
    """
    code = (
        "import sys\n"
        "from tui.dystopian import UI\n"
        "UI.install([])\n"
        "assert 'engine.dystopian.ruleset' not in sys.modules\n"
        "from engine.dystopian.ruleset import RULESET\n"
        "print(type(RULESET.library).__name__)\n"
        "setup = RULESET.make_setup(None)\n"
        "print(type(RULESET.library).__name__, len(setup.players), len(RULESET.library.fleets))\n"
    )
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"))
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, check=True
    )

    assert done.stdout.split() == ["PendingLibrary", "Library", "2", "3"]


def test_the_browser_describes_a_dystopian_save():
    """The players, the turn reached and the winner (DW-22.5), without an error."""
    row = describe(GOLDEN)

    assert row.error is None
    assert row.ruleset == "dystopian"
    assert "Red" in row.who
    assert "Blue" in row.who
    assert "turn 2" in row.progress
    assert row.result is not None
    assert "Red" in row.result


def test_the_user_folder_is_hexmech_s_data_folder():
    """Beside the saves: ``.../hexmech/dystopian``."""
    assert user_folder().name == "dystopian"
    assert user_folder().parent.name == "hexmech"
