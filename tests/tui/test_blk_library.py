"""MegaMek ``.blk`` units at the edge: ``hexmech validate``, the unit library, ``--units`` folders.

Issue 20, item 4: vehicles, platoons and battle armor validate (``ok NAME (summary)``) and are
listed with their kind and can be picked for a custom game or named in a scenario file; other
unit types are refused in one line naming the type; a folder of them never stops the game
from loading.
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from textual.widgets import OptionList

from engine.battletech import RULESET
from tests.conftest import SHARED
from tui.app import HexmechApp
from tui.battletech.library import FileLibrary, install
from tui.battletech.setup import CUSTOM, BTSetupScreen
from tui.battletech.units import UNITS_DIR, unit_library
from tui.battletech.validate import check

BLK_DIR = SHARED / "data" / "megamek" / "blk"
SHARED_BLK = sorted(BLK_DIR.glob("*.blk")) if BLK_DIR.is_dir() else []
pytestmark = pytest.mark.skipif(
    not SHARED_BLK, reason=f"MegaMek's .blk files are not in {BLK_DIR} (shared data absent)"
)
REFUSED = (
    "UnitType Dropship: hexmech does not read DropShip units "
    "(it reads Tank, VTOL, SupportTank, Infantry, BattleArmor)"
)
DROPSHIP = "<UnitType>\nDropship\n</UnitType>\n<Name>\nUnion\n</Name>\n"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The nine shared files, a DropShip (refused) and a bundled 'Mech, in one folder."""
    units = tmp_path / "units"
    units.mkdir()
    for path in SHARED_BLK:
        shutil.copy(path, units / path.name)
    (units / "Union.blk").write_text(DROPSHIP, encoding="utf-8")
    mech = next(UNITS_DIR.glob("*.mtf"))
    shutil.copy(mech, units / mech.name)
    return units


@pytest.fixture
def installed(folder: Path, tmp_path: Path, monkeypatch):
    """The library with ``--units FOLDER``, and no user folder from the developer's home."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    before = RULESET.library
    report = io.StringIO()
    yield install([folder], report=report), report.getvalue()
    RULESET.library = before


def test_validate_the_nine_files() -> None:
    """``ok  NAME (kind: summary)`` for each of the nine files; exit code 0."""
    lines, ok = check([BLK_DIR], quiet=True)
    assert ok
    assert len(lines) == 9
    assert all(line.startswith("ok  ") and "not playable" not in line for line in lines)
    assert (
        "ok  Demolisher Heavy Tank (Mk. I) (vehicle: 80 t assault tracked tank, 3/5 MP, turret, "
        "160 armor, 2 weapons)"
    ) in lines
    assert (
        "ok  Foot Platoon (Rifle) (infantry: foot platoon, 28 men (4 x 7), 1 MP, Auto-Rifle)"
    ) in lines


def test_validate_shows_no_rules_warnings() -> None:
    lines, _ok = check([BLK_DIR / "IS Standard BA [Laser] (Sqd4).blk"], quiet=False)
    assert lines[1] == (
        f"    warning: {BLK_DIR / 'IS Standard BA [Laser] (Sqd4).blk'}:68: unknown equipment "
        "'BABattleClaw': kept, but it has no rules"
    )


def test_validate_refuses_other_unit_types_in_one_line(folder: Path) -> None:
    lines, ok = check([folder / "Union.blk"], quiet=False)
    assert not ok
    assert lines == [f"{folder / 'Union.blk'}:2: {REFUSED}"]


def test_the_library_lists_blk_units_with_their_kind(folder: Path) -> None:
    entries = {entry.path.name: entry for entry in unit_library([folder])}
    scorpion = entries["Scorpion Light Tank.blk"]
    assert (scorpion.name, scorpion.kind, scorpion.ok, scorpion.error) == (
        "Scorpion Light Tank",
        "vehicle",
        True,
        None,
    )
    assert scorpion.unit_design is scorpion.other is not None
    assert scorpion.design is None  # the 'Mech-only field stays empty
    assert entries["Foot Platoon (Rifle).blk"].kind == "infantry"
    assert entries["Elemental BA [Laser] (Sqd5).blk"].kind == "battle armor"
    assert entries["Union.blk"].error is not None
    mechs = [e for e in entries.values() if e.path.suffix == ".mtf"]
    assert mechs
    assert all(e.ok and e.kind == "'Mech" and e.unit_design is e.design for e in mechs)


def test_units_folder_with_blk_files_loads_and_says_so(installed, folder: Path) -> None:
    """``--units DIR``: one line for the refused file; every kind loads by name or path."""
    library, report = installed
    assert report.splitlines() == [f"hexmech: skipped {folder / 'Union.blk'}:2: {REFUSED}"]
    assert library.problems() == [f"{folder / 'Union.blk'}:2: {REFUSED}"]
    mech = next(UNITS_DIR.glob("*.mtf")).stem
    assert library.unit(mech).name
    assert library.unit("Scorpion Light Tank").kind == "vehicle"
    assert library.unit(str(folder / "Foot Platoon (Rifle).blk")).kind == "infantry"
    with pytest.raises(ValueError, match="UnitType Dropship"):
        library.unit(str(folder / "Union.blk"))


def test_a_library_without_blk_files_reports_nothing_new(tmp_path: Path) -> None:
    report = io.StringIO()
    install([tmp_path], report=report)
    assert report.getvalue() == ""
    assert all(e.ok for e in FileLibrary([tmp_path]).units())


async def test_the_custom_game_form_offers_them(installed, tmp_path: Path) -> None:
    """The form's unit list offers every kind with its MP; a tank can be added to a side."""
    app = HexmechApp(tmp_path / "saves")
    async with app.run_test(size=(100, 40)) as pilot:
        app.push_screen(BTSetupScreen(random_seed=1))
        await pilot.pause()
        game = app.screen.query_one("#bs-game")
        game.index = game.options.index(CUSTOM)
        await pilot.pause()
        units = app.screen.query_one("#bs-library", OptionList)
        options = [units.get_option_at_index(i) for i in range(units.option_count)]
        assert not [o for o in options if "not playable" in str(o.prompt)]
        prompts = [str(o.prompt) for o in options]
        scorpion = next(n for n, p in enumerate(prompts) if p.startswith("Scorpion Light Tank"))
        assert prompts[scorpion].split()[-3:] == ["25t", "4/6", "tracked"]  # cruise/flank MP
        assert not options[scorpion].disabled
        assert any(p.startswith("Foot Platoon (Rifle)") and " men " in p for p in prompts)
        units.focus()
        units.highlighted = scorpion
        await pilot.press("2")
        roster = app.screen.roster
        assert [(entry.design.name, entry.side) for entry in roster] == [("Scorpion Light Tank", 1)]
        bad = [o for o in options if str(o.prompt).startswith("(cannot be read)")]
        assert len(bad) == 1
