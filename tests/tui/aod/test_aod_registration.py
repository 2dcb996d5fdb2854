"""Age of Destruction registered as ``aod``: the ruleset, its interface, library, marks and words.

The rules reach the ruleset through `engine.registry` (``engine.aod:RULESET``); the interface is
`tui.aod.UI`. Its library is the bundled files, the user's and ``--units`` folders (AOD-26.13 A).
"""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

import tui.aod
from engine import registry as rules
from engine.aod.ruleset import RULESET
from saves.journal import read_game
from tests.conftest import REPO
from tui import registry
from tui.aod.files import ASSETS_DIR
from tui.aod.library import install
from tui.screens._catalog import describe
from tui.screens._marks import find_marks

GOLDEN = REPO / "tests" / "data" / "saves" / "v4-aod.jsonl"
KESTREL = ASSETS_DIR / "units" / "hx-009-kestrel-ks-2l.aod.toml"


def test_the_engine_and_the_interface_know_aod():
    """``engine.aod:RULESET`` by name; ``tui.aod:UI`` its interface, offered by the main menu."""
    ruleset = rules.get("aod")
    ui = registry.get("aod")

    assert ruleset is RULESET
    assert ruleset.name == "aod"
    assert ui is tui.aod.UI
    assert ui.title == ruleset.title == "MechWarrior: Age of Destruction"
    assert ui.menu
    assert "aod" in rules.available()


def test_install_adds_the_named_folder_s_units_and_names_the_bad_files(monkeypatch, tmp_path):
    """AOD-26.13 A: a user's unit joins the library; a broken file is one skipped line."""
    monkeypatch.setattr(RULESET, "library", None)
    monkeypatch.setattr("tui.aod.library.user_folder", lambda: tmp_path / "nobody")
    text = KESTREL.read_text(encoding="utf-8").replace('"HX-009"', '"HX-099"')
    (tmp_path / "mine.aod.toml").write_text(text, encoding="utf-8")
    (tmp_path / "broken.aod.toml").write_text('format = "aod-unit"\n', encoding="utf-8")
    report = io.StringIO()

    library = install([tmp_path], report=report)

    assert RULESET.library is library
    assert {"HX-009", "HX-099"} <= set(library.units)
    assert len(library.units) == 12  # the 11 bundled units (AOD-26.15) and the user's
    lines = report.getvalue().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("hexmech: skipped ")
    assert "broken.aod.toml" in lines[0]


def test_the_menu_reads_no_file_the_ruleset_reads_them_when_first_used():
    """install() imports no rules; importing the ruleset gives it a library read on first use."""
    code = (
        "import sys\n"
        "from tui.aod import UI\n"
        "UI.install([])\n"
        "assert 'engine.aod.ruleset' not in sys.modules\n"
        "from engine.aod.ruleset import RULESET\n"
        "print(type(RULESET.library).__name__)\n"
        "setup = RULESET.make_setup(None)\n"
        "print(type(RULESET.library).__name__, len(setup.players), len(RULESET.library.units))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )

    assert done.stdout.split() == ["PendingLibrary", "Library", "2", "11"]


def test_the_browser_describes_an_aod_save_from_its_json():
    """The players, the round reached (AOD-26.16) and the winner (AOD-22.3)."""
    row = describe(GOLDEN)

    assert row.error is None
    assert row.who == "Falcon Strike v Liao Line"
    assert row.progress == "round 3"
    assert row.result == "Falcon Strike won"
    assert "hx-009 kestrel ks-2l" in row.search


def test_each_round_is_a_major_mark_and_each_turn_a_minor_one():
    """AOD-7.1: a turn begins with its command stage; the first of a round starts the round."""
    game = read_game(GOLDEN.read_bytes(), GOLDEN.name).game

    marks = find_marks("aod", game.log)

    assert [m.label for m in marks if m.major] == [
        "round 1, turn 1",
        "round 2, turn 3",
        "round 3, turn 5",
    ]
    assert len(marks) == 6
    assert [m.title for m in marks][-1] == "round 3"


@pytest.mark.parametrize("winner", ["2", 7, True])
def test_a_winner_that_names_no_player_is_damage(winner):
    """A GameEnded whose winner is not a seat of the setup is reported, not shown."""
    from tui.aod.catalog import WORDS  # noqa: PLC0415

    setup = {"players": [{"name": "A"}, {"name": "B"}]}
    with pytest.raises(ValueError, match="not one of the players"):
        WORDS.result({"result": {"winner": winner}}, setup, "round 1")


def test_the_user_folder_is_hexmech_s_data_folder():
    """Beside the saves: ``.../hexmech/aod``."""
    from tui.aod.library import user_folder  # noqa: PLC0415

    assert user_folder().name == "aod"
    assert user_folder().parent.name == "hexmech"
    assert isinstance(user_folder(), Path)
