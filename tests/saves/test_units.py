"""Unit files on disk: loading, one-line errors, the library, and the bundled sheets (BT-M-5)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import attrs
import pytest

from engine.battletech.data import catalogue
from engine.battletech.data.mtf import parse_mtf
from engine.battletech.designs.mech import MechDesign
from tests.conftest import SHARED
from tui.battletech.units import (
    CONVERSIONS_DIR,
    UNITS_DIR,
    UnitFileError,
    bundled_units,
    load_unit,
    read_text,
    unit_library,
)

MTF_DIR = SHARED / "data" / "megamek" / "mtf"
BUNDLED = bundled_units()
NO_SHARED_TWIN = frozenset(
    {"Berserker BRZ-A3", "Grand Dragon DRG-7K", "Naginata NG-C3A", "Raven RVN-3L"}
)
"""Bundled designs of issue 15's equipment rules (BT-C-75) with no twin in the shared folder."""

BAD_MASS = "chassis:Bad\nmodel:B-1\nmass:22\n"


def write(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------------------------- loading
def test_load_unit_reads_a_bundled_sheet() -> None:
    """A bundled file loads to its design, named after chassis and model."""
    parsed = load_unit(UNITS_DIR / "Atlas AS7-D.mtf")
    assert parsed.design.name == "Atlas AS7-D"
    assert parsed.design.source.endswith("Atlas AS7-D.mtf")
    assert parsed.warnings == ()


def test_a_bad_sheet_is_one_line_naming_file_and_line(tmp_path) -> None:
    """FileFormatError becomes UnitFileError whose text is exactly FILE:LINE: reason."""
    path = write(tmp_path, "bad.mtf", BAD_MASS)
    with pytest.raises(UnitFileError) as caught:
        load_unit(path)
    assert (
        str(caught.value) == f"{path}:3: mass: a 'Mech weighs 20 to 100 tons in steps of 5, not 22"
    )
    assert (caught.value.path, caught.value.line) == (path, 3)


def test_a_missing_file_is_one_line_too(tmp_path) -> None:
    """No traceback for a missing file: FILE: no such file."""
    path = tmp_path / "nope.mtf"
    with pytest.raises(UnitFileError) as caught:
        load_unit(path)
    assert str(caught.value) == f"{path}: no such file"


def test_a_whole_file_problem_has_no_line_number(tmp_path) -> None:
    """A problem of the whole file (line 0) reads FILE: reason."""
    path = write(tmp_path, "empty.mtf", "")
    with pytest.raises(UnitFileError) as caught:
        load_unit(str(path))
    assert str(caught.value) == f"{path}: missing chassis (a 'chassis:' line)"


def test_latin_1_files_and_bom_load(tmp_path) -> None:
    """A file that is not UTF-8 is read as Latin-1; a UTF-8 BOM is dropped."""
    text = (UNITS_DIR / "Locust LCT-1V.mtf").read_text(encoding="utf-8")
    latin = write(tmp_path, "latin.mtf", ("overview:Caf\xe9 M\xfcller\n" + text).encode("latin-1"))
    bom = write(tmp_path, "bom.mtf", b"\xef\xbb\xbf" + text.encode())
    assert "Café" in read_text(latin)
    expected = parse_mtf(text).design
    assert load_unit(latin).design == attrs.evolve(expected, source=str(latin))
    assert load_unit(bom).design == attrs.evolve(expected, source=str(bom))


# ---------------------------------------------------------------------------------- library
def test_the_library_lists_bundled_and_extra_units_and_keeps_bad_ones(tmp_path) -> None:
    """unit_library: bundled + extra folders, sorted by name; a bad file shows its error."""
    write(tmp_path, "bad.mtf", BAD_MASS)
    write(tmp_path, "notes.txt", "not a unit")
    atlas = (UNITS_DIR / "Atlas AS7-D.mtf").read_text(encoding="utf-8")
    write(tmp_path, "my atlas.MTF", atlas.replace("model:AS7-D", "model:AS7-X"))
    entries = unit_library([tmp_path, UNITS_DIR, tmp_path / "missing"])
    names = [e.name for e in entries]
    assert names == sorted(names, key=str.casefold)
    conversions = len(list(CONVERSIONS_DIR.glob("*.mtf")))  # hexmech's own variants, listed too
    kinds = len(list((UNITS_DIR / "blk").glob("*.blk")))  # the bundled vehicles, platoons, squads
    assert len(entries) == len(BUNDLED) + conversions + kinds + 2  # each file once, though twice
    bad = next(e for e in entries if e.name == "bad")
    assert (bad.ok, bad.design) == (False, None)
    assert (
        bad.error
        == f"{tmp_path / 'bad.mtf'}:3: mass: a 'Mech weighs 20 to 100 tons in steps of 5, not 22"
    )
    assert any(e.name == "Atlas AS7-X" and e.ok for e in entries)


def test_library_warnings_name_the_file(tmp_path) -> None:
    """A good file's warnings are FILE:LINE: reason lines too."""
    text = (UNITS_DIR / "Locust LCT-1V.mtf").read_text(encoding="utf-8")
    path = write(tmp_path, "odd.mtf", text.replace("jump mp:0", "jump mp:1"))
    entry = next(e for e in unit_library([tmp_path]) if e.path == path)
    assert entry.ok
    line = text.splitlines().index("jump mp:0") + 1
    assert entry.warnings == (f"{path}:{line}: jump mp: 1, but 0 jump jets are mounted",)


# ---------------------------------------------------------------------------------- bundled sheets
def designs() -> dict[str, MechDesign]:
    return {p.stem: load_unit(p).design for p in BUNDLED}


def test_at_least_twelve_bundled_designs_over_all_weight_classes() -> None:
    """BT-M-2: light, medium, heavy and assault designs; some jump; at least one rear weapon."""
    loaded = designs()
    assert len(loaded) >= 12
    assert {d.weight_class for d in loaded.values()} == {"Light", "Medium", "Heavy", "Assault"}
    assert sum(d.jump > 0 for d in loaded.values()) >= 3
    assert any(m.rear for d in loaded.values() for m in d.equipment)


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_bundled_sheets_are_ours_and_clean(path) -> None:
    """Our own layout: a comment saying where the numbers come from, no MegaMek header or ids."""
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# hexmech's sheet")
    assert "published stat line" in text.splitlines()[0]
    for foreign in ("MegaMek Data", "uuid:", "generator:", "license"):
        assert foreign not in text
    parsed = load_unit(path)
    assert parsed.warnings == ()
    assert path.stem == parsed.design.name


def weapons(design: MechDesign) -> Counter[tuple[str, str, bool]]:
    return Counter(
        (m.name, m.location.value, m.rear)
        for m in design.equipment
        if catalogue.SPECS[m.name].kind in catalogue.WEAPON_KINDS
    )


def ammo(design: MechDesign) -> Counter[tuple[str, int]]:
    return Counter((m.name, m.shots) for m in design.equipment if m.shots)


def twin_of(path: Path) -> Path:
    """MegaMek's file of our design: the same name, or with the Clan name in brackets.

    "Daishi Prime" -> "Daishi (Dire Wolf) Prime".
    """
    same = MTF_DIR / path.name
    if same.is_file() or not MTF_DIR.is_dir():
        return same
    bracketed = (p for p in MTF_DIR.glob("*.mtf") if re.sub(r" \(.*?\)", "", p.name) == path.name)
    return next(bracketed, same)


def shared_twins() -> list[Path]:
    return [p for p in BUNDLED if twin_of(p).is_file()]


@pytest.mark.skipif(not MTF_DIR.is_dir(), reason="the shared MegaMek files are absent")
@pytest.mark.parametrize("path", shared_twins(), ids=lambda p: p.stem)
def test_bundled_sheets_agree_with_megamek(path) -> None:
    """Our sheet and MegaMek's: same tonnage, MP, heat sinks, armor, weapons (and ammunition)."""
    ours = load_unit(path).design
    theirs = load_unit(twin_of(path)).design
    for field in ("name", "tonnage", "walk", "jump", "heat_sinks", "double_heat_sinks"):
        assert getattr(ours, field) == getattr(theirs, field), field
    assert (ours.armor, ours.rear_armor, ours.internal) == (
        theirs.armor,
        theirs.rear_armor,
        theirs.internal,
    )
    assert weapons(ours) == weapons(theirs)
    assert ammo(ours) == ammo(theirs)


@pytest.mark.skipif(not MTF_DIR.is_dir(), reason="the shared MegaMek files are absent")
def test_every_bundled_design_has_a_megamek_twin_to_check_against() -> None:
    """So the comparison above covers every sheet we ship, but the equipment designs.

    The four BT-C-75 designs (MASC, C3, ECM, probes) have no file in the shared folder; their
    stat lines are checked by tests/engine/battletech/test_special_gear.py.
    """
    assert [p.name for p in shared_twins()] == [
        p.name for p in BUNDLED if p.stem not in NO_SHARED_TWIN
    ]
