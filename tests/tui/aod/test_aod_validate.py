"""The AoD checker (`tui.aod.validate.check`): ``ok  NAME (summary)`` or ``FILE:LINE: reason``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.aod import validate as aod_validate
from tui.aod.files import ASSETS_DIR
from tui.battletech import validate as bt_validate
from tui.battletech.units import UNITS_DIR
from tui.commands import main
from tui.commands import validate as validate_command

PATHGUARD = ASSETS_DIR / "units" / "hx-001-pathguard-rifle-squad.aod.toml"
LOCUST = UNITS_DIR / "Locust LCT-1V.mtf"


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_every_bundled_file_is_ok():
    """The 6 catalogue files, 11 units (AOD-26.15) and the demo scenario (AOD-26.16)."""
    lines, ok = aod_validate.check([ASSETS_DIR], quiet=False)
    assert ok
    assert len(lines) == 6 + 11 + 1
    assert all(line.startswith("ok  ") for line in lines)
    demo = (
        "ok  Falcon Strike v Liao Line (36x36, build total 450, Falcon Strike 436 v Liao Line 436"
    )
    assert f"{demo}, 4 pieces placed)" in lines
    assert (
        "ok  Tortoise TQ-3M (HX-011, 'Mech (quad, M), Clan Sea Fox, veteran, 125 points, 9 clicks)"
        in lines
    )


def test_a_bad_unit_is_file_line_reason(tmp_path):
    """A wrong value names the file and the line."""
    bad = _write(
        tmp_path, "bad.aod.toml", PATHGUARD.read_text().replace("points = 12", "points = 0")
    )
    lines, ok = aod_validate.check([bad], quiet=False)
    assert not ok
    assert lines == [f"{bad}:7: points: 0 is out of range (1 to 999)"]


def test_missing_unreadable_and_foreign_format(tmp_path):
    """No such file; not UTF-8; broken TOML; a format that is not AoD's: one line each."""
    missing = tmp_path / "nope.aod.toml"
    latin = tmp_path / "latin.aod.toml"
    latin.write_bytes(b'format = "aod-unit"\nname = "Caf\xe9"\n')
    broken = _write(tmp_path, "broken.aod.toml", 'format = "aod-unit"\nname = \n')
    other = _write(tmp_path, "other.aod.toml", '# x\nformat = "aod-thing"\n')
    lines, ok = aod_validate.check([missing, latin, broken, other], quiet=True)
    formats = "aod-catalogue, aod-unit, aod-scenario"
    assert not ok
    assert lines == [
        f"{missing}: no such file",
        f"{latin}:2: not UTF-8 text (TOML files are UTF-8)",
        f"{broken}:2: invalid value (column 8)",
        f"{other}:2: format: expected one of {formats}, got 'aod-thing'",
    ]


def test_a_new_unit_is_usable_by_a_scenario_named_with_it(tmp_path):
    """Scenarios see the bundled units plus the unit files named on the same line."""
    unit = (
        PATHGUARD.read_text()
        .replace('"HX-001"', '"ZZ-001"')
        .replace("Pathguard Rifle Squad", "Home Guard")
    )
    new = _write(tmp_path, "guard.aod.toml", unit)
    demo = (ASSETS_DIR / "scenarios" / "demo.aod.toml").read_text()
    scenario = _write(
        tmp_path, "s.aod.toml", demo.replace('{ unit = "HX-003" }', '{ unit = "ZZ-001" }', 1)
    )
    lines, ok = aod_validate.check([new, scenario], quiet=False)
    assert ok, lines
    alone, ok_alone = aod_validate.check([scenario], quiet=False)
    assert not ok_alone
    assert alone[0].endswith("no unit 'ZZ-001' in the library")


def test_a_collector_number_twice_is_refused(tmp_path):
    """Two unit files with one collector number: the second is bad (AOD-4 counts copies by it)."""
    text = PATHGUARD.read_text().replace('"HX-001"', '"ZZ-002"')
    first = _write(tmp_path, "a.aod.toml", text)
    second = _write(tmp_path, "b.aod.toml", text)
    lines, ok = aod_validate.check([first, second], quiet=False)
    assert not ok
    assert lines[0].startswith("ok  ")
    assert lines[1] == f"{second}: collector ZZ-002 is also {first} (AOD-4)"


def test_a_catalogue_clashing_with_the_bundled_one(tmp_path):
    """A named catalogue may add to the bundled one but not redefine its ids."""
    bundled = ASSETS_DIR / "catalogue" / "equipment.aod.toml"
    copy = _write(tmp_path, "mine.aod.toml", bundled.read_text())
    lines, ok = aod_validate.check([copy], quiet=False)
    assert not ok
    assert lines == [f"{copy}: SE 'JJ' is defined in two catalogue files"]
    lines, ok = aod_validate.check([bundled], quiet=False)  # itself: no clash
    assert ok
    assert lines == ["ok  equipment.aod.toml (catalogue: 6 SE)"]


def test_the_checkers_leave_each_others_files_alone():
    """AoD skips .mtf files; BattleTech skips *.aod.toml files and AoD-only folders."""
    assert aod_validate.check([LOCUST], quiet=False) == ([], True)
    assert bt_validate.check([PATHGUARD, ASSETS_DIR], quiet=False) == ([], True)
    lines, ok = bt_validate.check([LOCUST, PATHGUARD], quiet=False)
    assert ok
    assert len(lines) == 1
    assert lines[0].startswith("ok  Locust LCT-1V")


def test_hexmech_validate_with_both_checkers(capsys):
    """`hexmech validate` asks AoD's checker after BattleTech's: a mixed command line is all ok."""
    assert aod_validate.check in validate_command.checkers()
    code = main(["validate", str(LOCUST), str(ASSETS_DIR)])
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    assert len(out) == 1 + 18
    assert all(line.startswith("ok  ") for line in out)


@pytest.mark.parametrize("name", ["X.AOD.TOML", "x.aod.toml"])
def test_the_suffix_ignores_case(tmp_path, name):
    """``.aod.toml`` in any case is AoD's."""
    path = _write(tmp_path, name, PATHGUARD.read_text())
    assert aod_validate.check([path], quiet=False)[1]
    assert bt_validate.check([path], quiet=False) == ([], True)


def test_a_file_named_twice_is_checked_once():
    """A file in a named folder and named again (spelt otherwise) is one file, not a clash."""
    again = PATHGUARD.parent / ".." / "units" / PATHGUARD.name
    lines, ok = aod_validate.check([PATHGUARD.parent, again, PATHGUARD], quiet=False)
    assert ok
    assert len(lines) == 11
    assert lines[0].startswith("ok  Pathguard Rifle Squad")
