"""``hexmech validate FILE...``: one line a file, warnings indented, exit 0 or 2 (DESIGN 3.1)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO, SHARED
from tui.battletech.units import UNITS_DIR, bundled_units
from tui.battletech.validate import MOST_WARNINGS, Checked, report_lines
from tui.commands import main

HEXMECH = Path(sys.executable).parent / "hexmech"
BOARD_DIR = SHARED / "data" / "megamek" / "board"
HAS_BOARDS = importlib.util.find_spec("tui.battletech.boards") is not None
needs_boards = pytest.mark.skipif(
    not HAS_BOARDS, reason="saves/boards.py (load_board, board_summary) is not written yet"
)
LOCUST = (UNITS_DIR / "Locust LCT-1V.mtf").read_text(encoding="utf-8")
BAD_MASS = "chassis:Bad\nmodel:B-1\nmass:22\n"


def hexmech(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the installed ``hexmech`` command (the console script), as a player would."""
    command = [str(HEXMECH)] if HEXMECH.exists() else [sys.executable, "-m", "tui.commands"]
    return subprocess.run(
        [*command, *args],
        capture_output=True,
        text=True,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        timeout=60,
        check=False,
    )


def run(capsys, *args: str) -> tuple[int, list[str]]:
    """Call main() in-process; return the exit code and the printed lines."""
    code = main(["validate", *args])
    return code, capsys.readouterr().out.splitlines()


# ---------------------------------------------------------------------------------- subprocess
def test_the_bundled_folder_is_all_ok_in_a_subprocess() -> None:
    """``hexmech validate assets/units``: one ok line a sheet, exit 0."""
    result = hexmech("validate", str(UNITS_DIR))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    oks = [line for line in lines if line.startswith("ok  ")]
    assert len(oks) == len(bundled_units())
    assert "ok  Atlas AS7-D (100 t assault, 3/5/0, 20 heat sinks)" in lines
    # BT-C-75: the one gear not played (the Raven's TAG) is the only warning
    assert [line.split(": ", 2)[2] for line in lines if line not in oks] == [
        "TAG (RT): no effect in these rules (no homing artillery yet)"
    ]
    assert result.stderr == ""


def test_a_bad_and_a_missing_file_exit_2_in_a_subprocess(tmp_path) -> None:
    """Errors read FILE:LINE: reason; a missing file FILE: no such file; exit 2, no traceback."""
    bad = tmp_path / "bad.mtf"
    bad.write_text(BAD_MASS, encoding="utf-8")
    result = hexmech("validate", str(UNITS_DIR / "Wasp WSP-1A.mtf"), str(bad), "nope.mtf")
    assert result.returncode == 2
    assert result.stdout.splitlines() == [
        "ok  Wasp WSP-1A (20 t light, 6/9/6, 10 heat sinks)",
        f"{bad}:3: mass: a 'Mech weighs 20 to 100 tons in steps of 5, not 22",
        "nope.mtf: no such file",
    ]
    assert "Traceback" not in result.stderr


def test_help_lists_validate() -> None:
    """``hexmech --help`` names the validate command."""
    result = hexmech("--help")
    assert result.returncode == 0
    assert any(line.split()[:1] == ["validate"] for line in result.stdout.splitlines())


# ---------------------------------------------------------------------------------- in-process
def test_warnings_are_indented_under_the_ok_line_and_quiet_hides_them(tmp_path, capsys) -> None:
    """A file with warnings is ok (exit 0); its warnings follow, indented; --quiet drops them."""
    odd = tmp_path / "odd.mtf"
    odd.write_text(LOCUST.replace("Machine Gun\n", "Death Ray\n", 1), encoding="utf-8")
    line = LOCUST.splitlines().index("Machine Gun") + 1
    code, lines = run(capsys, str(odd))
    assert code == 0
    assert lines[0] == "ok  Locust LCT-1V (20 t light, 8/12/0, 10 heat sinks)"
    assert (
        f"    warning: {odd}:{line}: unknown equipment 'Death Ray': kept, but it has no rules"
        in (lines[1:])
    )
    assert run(capsys, "--quiet", str(odd)) == (0, lines[:1])


def test_a_folder_checks_its_unit_files_in_name_order(tmp_path, capsys) -> None:
    """A folder stands for its .mtf (and .board) files; other files and sub-folders are skipped."""
    (tmp_path / "b.mtf").write_text(LOCUST, encoding="utf-8")
    (tmp_path / "a.mtf").write_text(BAD_MASS, encoding="utf-8")
    (tmp_path / "notes.txt").write_text("hello", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "c.mtf").write_text(BAD_MASS, encoding="utf-8")
    code, lines = run(capsys, str(tmp_path))
    assert code == 2
    assert lines == [
        f"{tmp_path / 'a.mtf'}:3: mass: a 'Mech weighs 20 to 100 tons in steps of 5, not 22",
        "ok  Locust LCT-1V (20 t light, 8/12/0, 10 heat sinks)",
    ]


def test_an_empty_folder_and_a_foreign_file_are_bad_input(tmp_path, capsys) -> None:
    """Nothing to check, or a file that is neither a unit nor a board: exit 2 with a reason."""
    empty = tmp_path / "empty"
    empty.mkdir()
    other = tmp_path / "notes.txt"
    other.write_text("hello", encoding="utf-8")
    code, lines = run(capsys, str(empty), str(other))
    assert code == 2
    assert lines == [
        f"{empty}: no .mtf, .blk or .board files",
        f"{other}: not a unit (.mtf, .blk) or board (.board) file",
    ]


@pytest.mark.skipif(
    not (SHARED / "data" / "megamek" / "mtf").is_dir(), reason="the shared MegaMek files are absent"
)
def test_every_shared_megamek_unit_validates(capsys) -> None:
    """The 31 shared MegaMek files: all ok, with no warning.

    The Koshi's active probe is played since issue 15's equipment rules (BT-C-75: at night).
    """
    folder = SHARED / "data" / "megamek" / "mtf"
    code, lines = run(capsys, str(folder))
    assert code == 0
    oks = [line for line in lines if line.startswith("ok  ")]
    assert len(oks) == 31
    assert [line for line in lines if line not in oks] == []


def test_no_file_argument_is_a_usage_error(capsys) -> None:
    """``hexmech validate`` with nothing to check is argparse's usage error (exit 2)."""
    with pytest.raises(SystemExit) as caught:
        main(["validate"])
    assert caught.value.code == 2
    assert "FILE" in capsys.readouterr().err


# ---------------------------------------------------------------------------------- boards
@needs_boards
@pytest.mark.skipif(not BOARD_DIR.is_dir(), reason="the shared MegaMek boards are absent")
def test_shared_boards_validate(capsys) -> None:
    """Boards are read by tui.battletech.boards: one ok line each for the shared MegaMek boards."""
    code, lines = run(capsys, "--quiet", str(BOARD_DIR))
    assert code == 0
    assert len(lines) == len(list(BOARD_DIR.glob("*.board")))
    assert all(line.startswith("ok  ") for line in lines)
    assert any(line.startswith("ok  heavyforest1 (") for line in lines)


@needs_boards
def test_a_bad_board_is_one_line_and_exit_2(tmp_path, capsys) -> None:
    """A board that cannot be read is FILE:LINE: reason (or FILE: reason), exit 2."""
    bad = tmp_path / "bad.board"
    bad.write_text("size two two\nend\n", encoding="utf-8")
    code, lines = run(capsys, str(bad))
    assert code == 2
    assert len(lines) == 1
    assert lines[0].startswith(f"{bad}:1: ")


@needs_boards
def test_units_and_boards_mix_in_one_call(tmp_path, capsys) -> None:
    """Unit and board files (and folders of both) in one call."""
    boards = sorted(BOARD_DIR.glob("*.board"))[:1] if BOARD_DIR.is_dir() else []
    if not boards:
        pytest.skip("the shared MegaMek boards are absent")
    code, lines = run(capsys, "--quiet", str(UNITS_DIR / "Atlas AS7-D.mtf"), str(boards[0]))
    assert code == 0
    assert lines[0].startswith("ok  Atlas AS7-D")
    assert lines[1].startswith(f"ok  {boards[0].stem} (")


def test_a_long_list_of_warnings_is_cut_with_a_count() -> None:
    """At most MOST_WARNINGS warnings a file, then one line counting the rest."""
    many = Checked(
        Path("x.board"), "x", "2x2", warnings=tuple(f"x.board:{n}: odd" for n in range(13))
    )
    lines = report_lines([many])
    assert lines[0] == "ok  x (2x2)"
    assert lines[1 : MOST_WARNINGS + 1] == [f"    warning: x.board:{n}: odd" for n in range(10)]
    assert lines[MOST_WARNINGS + 1 :] == ["    ... and 3 more warnings"]
    assert report_lines([many], quiet=True) == ["ok  x (2x2)"]
