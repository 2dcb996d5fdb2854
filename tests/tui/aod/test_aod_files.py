"""The AoD library on disk (`tui.aod.files.load_library`): bundled files, and bad ones skipped."""

from __future__ import annotations

import shutil

from tui.aod.files import ASSETS_DIR, is_aod_file, load_library


def test_the_bundled_library():
    """Every bundled catalogue and unit file loads (AOD-26.8, 26.9, 26.14, 26.15)."""
    library = load_library()
    assert library.skipped == ()
    assert len(library.units) == 11
    assert sorted(library.catalogue.heat_dials) == ["HEAT-STD"]
    assert len(library.pieces) == 8
    assert sorted(library.catalogue.cards) == ["G-X1", "P-X1", "PC-X1"]


def test_a_bad_unit_is_skipped_with_its_line(tmp_path):
    """A broken unit file is named with its line; the others still load."""
    shutil.copytree(ASSETS_DIR / "catalogue", tmp_path / "catalogue")
    shutil.copytree(ASSETS_DIR / "units", tmp_path / "units")
    broken = tmp_path / "units" / "hx-001-pathguard-rifle-squad.aod.toml"
    broken.write_text(broken.read_text().replace("def = 15", "def = 99", 1))
    twin = tmp_path / "units" / "zz-twin.aod.toml"
    twin.write_text((tmp_path / "units" / "hx-002-talon-battle-armor.aod.toml").read_text())
    library = load_library(tmp_path)
    assert len(library.units) == 10
    assert library.skipped == (
        f"{broken}:13: dial[0].def: 99 is out of range (0 to 30)",
        f"{twin}: collector HX-002 is used twice (AOD-4)",
    )


def test_suffix():
    """Only ``*.aod.toml`` names are AoD's."""
    assert is_aod_file(ASSETS_DIR / "a.aod.toml")
    assert not is_aod_file(ASSETS_DIR / "a.toml")
    assert not is_aod_file(ASSETS_DIR / "a.mtf")
