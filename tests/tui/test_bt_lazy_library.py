"""The BattleTech library is given lazily: the menu does not load the rules engine (issue 14)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets"

SCRIPT = """
import sys
from tui.battletech import UI
UI.install([])
print("engine loaded:", "engine.battletech" in sys.modules)
from engine.battletech import RULESET
names = [entry.name for entry in RULESET.library.units()]
print("mine:", "Atlas AS7-X" in names, "bundled:", "Atlas AS7-D" in names)
setup = RULESET.make_setup(None)
print("setup:", type(setup).__name__)
"""


def test_the_library_is_installed_when_the_engine_is_first_imported(tmp_path) -> None:
    """No engine import at install; afterwards the ruleset's library has the user's units."""
    units = tmp_path / "data" / "hexmech" / "units"
    units.mkdir(parents=True)
    source = next((ASSETS / "units").glob("Atlas*.mtf"))
    text = source.read_text(encoding="utf-8").replace("model:AS7-D", "model:AS7-X")
    (units / "Atlas AS7-X.mtf").write_text(text, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT), XDG_DATA_HOME=str(tmp_path / "data"))
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "engine loaded: False",
        "mine: True bundled: True",
        "setup: BTSetup",
    ]


def test_an_engine_already_loaded_gets_its_library_at_once(monkeypatch, tmp_path) -> None:
    """When `engine.battletech` is already imported, install gives it a file library now."""
    from engine.battletech import RULESET  # noqa: PLC0415
    from tui.battletech import UI  # noqa: PLC0415
    from tui.battletech.library import FileLibrary  # noqa: PLC0415

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    before = RULESET.library
    RULESET.library = None
    try:
        UI.install([])
        assert isinstance(RULESET.library, FileLibrary)
    finally:
        RULESET.library = before
