"""The Dystopian Wars checker (`tui.dystopian.validate.check`) and ``hexmech validate`` on .dw.toml.

A good file is ``ok  NAME (summary)``; a bad one ``FILE:LINE: reason``; a fleet that reads but
breaks a fleet-building rule (DW-22) is ``FILE: reason``.
"""

from __future__ import annotations

from pathlib import Path

from tui.aod.files import ASSETS_DIR as AOD_ASSETS
from tui.battletech import validate as bt_validate
from tui.commands import main
from tui.commands import validate as validate_command
from tui.dystopian import validate as dw_validate
from tui.dystopian.files import ASSETS_DIR, load_library

FRIGATE = ASSETS_DIR / "models" / "ff-picket-frigate.dw.toml"
FLEET = ASSETS_DIR / "fleets" / "sample-naval-400.dw.toml"


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_every_bundled_file_is_ok():
    """4 catalogue files, the 10 placeholder models, the Fortress, 3 fleets, 3 scenarios."""
    lines, ok = dw_validate.check([ASSETS_DIR], quiet=False)
    assert ok, lines
    assert len(lines) == 4 + 11 + 3 + 3
    assert all(line.startswith("ok  ") for line in lines)
    assert (
        "ok  Picket Frigate (FF, naval frigate (small), 20 points, squadron 3-5, 2 weapons)"
        in lines
    )
    assert (
        "ok  Sample naval fleet (friendly, naval, 390 of 400 points (Battle-group skirmish),"
        " 3 squadrons, 3 free wings)" in lines
    )


def test_a_bad_model_is_file_line_reason(tmp_path):
    """A wrong value names the file and the line."""
    bad = _write(tmp_path, "ff.dw.toml", FRIGATE.read_text().replace("cr = 6", "cr = 2"))
    lines, ok = dw_validate.check([bad], quiet=False)
    assert not ok
    assert lines == [f"{bad}:16: cr: 2 is below the DR of 3"]


def test_an_illegal_fleet_names_its_first_problem(tmp_path):
    """Two frigates are too few for their card (3-5, DW-3.4); 370 points pass an MFV of 300."""
    text = (
        FLEET.read_text()
        .replace('model = "FF"\ncount = 3', 'model = "FF"\ncount = 2')
        .replace("mfv = 400", "mfv = 300")
    )
    bad = _write(tmp_path, "fleet.dw.toml", text)
    lines, ok = dw_validate.check([bad], quiet=False)
    assert not ok
    first = "A squadron of 2 Picket Frigates is not allowed: the card allows 3 to 5."
    assert lines == [f"{bad}: {first} (and 1 more)"]


def test_a_new_model_is_usable_by_a_fleet_named_with_it(tmp_path):
    """Fleets see the bundled models plus the model files named on the same line."""
    model = _write(tmp_path, "dd.dw.toml", FRIGATE.read_text().replace('id = "FF"', 'id = "DD"'))
    fleet = _write(tmp_path, "f.dw.toml", FLEET.read_text().replace('model = "FF"', 'model = "DD"'))
    lines, ok = dw_validate.check([model, fleet], quiet=False)
    assert ok, lines
    alone, ok_alone = dw_validate.check([fleet], quiet=False)
    assert not ok_alone
    assert alone[0].startswith(f"{fleet}:26: squadron[2].model: no model 'DD'")


def test_missing_unreadable_and_foreign_format(tmp_path):
    """No such file; not UTF-8; broken TOML; a format that is not DW's: one line each."""
    missing = tmp_path / "nope.dw.toml"
    latin = tmp_path / "latin.dw.toml"
    latin.write_bytes(b'format = "dw-model"\nname = "Caf\xe9"\n')
    broken = _write(tmp_path, "broken.dw.toml", 'format = "dw-model"\nname = \n')
    other = _write(tmp_path, "other.dw.toml", '# x\nformat = "aod-unit"\n')
    lines, ok = dw_validate.check([missing, latin, broken, other], quiet=True)
    assert not ok
    assert lines == [
        f"{missing}: no such file",
        f"{latin}:2: not UTF-8 text (TOML files are UTF-8)",
        f"{broken}:2: invalid value (column 8)",
        f"{other}:2: format: expected one of dw-catalogue, dw-model, dw-fleet, got 'aod-unit'",
    ]


def test_a_model_id_twice_and_a_catalogue_clash(tmp_path):
    """Two model files with one id: the second is bad; a copied catalogue clashes."""
    first = _write(tmp_path, "a.dw.toml", FRIGATE.read_text().replace('"FF"', '"ZZ"'))
    second = _write(tmp_path, "b.dw.toml", FRIGATE.read_text().replace('"FF"', '"ZZ"'))
    lines, ok = dw_validate.check([first, second], quiet=False)
    assert not ok
    assert lines[1] == f"{second}: model id ZZ is also {first}"
    cards = ASSETS_DIR / "catalogue" / "cards.dw.toml"
    copy = _write(tmp_path, "mine.dw.toml", cards.read_text())
    assert dw_validate.check([copy], quiet=False) == (
        [f"{copy}: card 'full_steam' is defined in two catalogue files"],
        False,
    )


def test_the_checkers_leave_each_others_files_alone():
    """DW skips AoD files; BattleTech skips *.dw.toml files and DW-only folders."""
    assert dw_validate.check([AOD_ASSETS], quiet=False) == ([], True)
    assert bt_validate.check([FRIGATE, ASSETS_DIR / "models"], quiet=False) == ([], True)


def test_hexmech_validate_good_and_bad(tmp_path, capsys):
    """`hexmech validate` asks DW's checker: exit 0 on the bundled files, 2 on a bad one."""
    assert dw_validate.check in validate_command.checkers()
    assert main(["validate", str(ASSETS_DIR)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 21  # and the 3 scenarios
    assert all(line.startswith("ok  ") for line in out)
    bad = _write(
        tmp_path, "bad.dw.toml", FRIGATE.read_text().replace('size = "small"', 'size = "huge"')
    )
    assert main(["validate", str(FRIGATE), str(bad)]) == 2
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "ok  Picket Frigate (FF, naval frigate (small), 20 points, squadron 3-5, 2 weapons)",
        f"{bad}:8: size: 'huge' is not one of tiny, small, medium, large, massive",
    ]


def test_load_library_reads_everything_and_skips_bad_files(tmp_path):
    """The bundled library has every file; a bad model file is skipped with its line."""
    library = load_library()
    assert library.skipped == ()
    assert len(library.models) == 11
    assert sorted(library.fleets) == [
        "Sample carrier group",
        "Sample naval fleet",
        "Sample tank column",
    ]
    assert len(library.catalogue.mars) == 85
    for folder in ("catalogue", "models", "fleets"):
        (tmp_path / folder).mkdir()
    for path in (ASSETS_DIR / "catalogue").glob("*.dw.toml"):
        _write(tmp_path / "catalogue", path.name, path.read_text())
    _write(tmp_path / "models", "ff.dw.toml", FRIGATE.read_text())
    bad = _write(tmp_path / "models", "zz.dw.toml", FRIGATE.read_text().replace("hp = 2", "hp = 0"))
    library = load_library(tmp_path)
    assert list(library.models) == ["FF"]
    assert library.skipped == (f"{bad}:17: hp: 0 is out of range (1 to 50)",)


def test_a_scenario_is_checked_against_the_fleets_and_left_alone_by_battletech(tmp_path):
    """``*.dystopian.toml``: the bundled demo is ok; a naval fleet on land is ``FILE:LINE``."""
    demo = ASSETS_DIR / "scenarios" / "demo.dystopian.toml"
    land = _write(
        tmp_path, "land.dystopian.toml", demo.read_text("utf-8").replace('"water"', '"ground"')
    )
    lines, ok = dw_validate.check([demo, land], quiet=False)
    assert not ok
    assert lines == [
        (
            "ok  Sample fleets at sea (scenario: Red (Sample naval fleet, 390 pts) v Blue (Sample "
            "naval fleet, 390 pts), 36x24 water, 6 fixed turns)"
        ),
        f"{land}:9: Red's BB cannot be deployed on a board of ground",
    ]
    assert bt_validate.check([demo, land, tmp_path], quiet=False) == ([], True)


def test_a_scenario_may_name_a_fleet_file_named_with_it(tmp_path):
    """A fleet file named beside a scenario is one it may play (as ``--units`` would read it)."""
    naval = (ASSETS_DIR / "fleets" / "sample-naval-400.dw.toml").read_text("utf-8")
    _write(tmp_path, "mine.dw.toml", naval.replace("Sample naval fleet", "My fleet"))
    table = 'title = "Mine"\n[[players]]\nname = "A"\nfleet = "My fleet"\n'
    scenario = _write(tmp_path, "mine.dystopian.toml", table + table.split("\n", 1)[1])
    scenario.write_text(scenario.read_text("utf-8").replace('name = "A"', 'name = "B"', 1))
    lines, ok = dw_validate.check([tmp_path], quiet=False)
    assert ok, lines
    alone, ok_alone = dw_validate.check([scenario], quiet=False)
    assert not ok_alone
    assert "no fleet named 'My fleet'" in alone[0]
