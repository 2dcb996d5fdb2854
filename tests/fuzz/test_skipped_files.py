"""A unit file the library skips is named: on stderr by the commands, in a notice in the TUI.

Issue 19, item 6: one bad file in a ``--units`` folder must not stop the game, and must not go
unmentioned either. Each command given ``--units DIR`` (the menu, ``play``, ``sim``,
``validate``) writes ``hexmech: skipped FILE:LINE: reason`` once a skipped file; the BattleTech
new-game form says in a notice how many were skipped and which.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from engine.battletech import RULESET
from tests.conftest import REPO
from tui import commands as cli
from tui.app import HexmechApp
from tui.battletech.library import install, skipped_notice
from tui.battletech.setup import BTSetupScreen

LOCUST = (REPO / "assets" / "units" / "Locust LCT-1V.mtf").read_text(encoding="utf-8")


def line_of(text: str, start: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith(start))


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, list[str]]:
    """A units folder: one good 'Mech, two bad files; and the lines expected for the bad ones."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    mine = tmp_path / "units"
    mine.mkdir()
    good = LOCUST.replace("model:LCT-1V", "model:LCT-1X")
    (mine / "Locust LCT-1X.mtf").write_text(good, encoding="utf-8")
    huge = LOCUST.replace("mass:20", "mass:" + "1" * 5000)
    (mine / "bad.mtf").write_text(huge, encoding="utf-8")
    nasty = LOCUST.replace("walk mp:8", "walk mp:\x1b]0;PWNED\x07")
    (mine / "nasty.mtf").write_text(nasty, encoding="utf-8")
    expected = [
        f"hexmech: skipped {mine / 'bad.mtf'}:{line_of(LOCUST, 'mass:')}: ",
        f"hexmech: skipped {mine / 'nasty.mtf'}:{line_of(LOCUST, 'walk mp:')}: ",
    ]
    before = RULESET.library
    yield mine, expected
    RULESET.library = before


def skipped(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("hexmech: skipped")]


def assert_reported(err: str, expected: list[str]) -> None:
    """Each bad file once, on its own clean line, starting as expected."""
    lines = skipped(err)
    assert len(lines) == len(expected), err
    for line, start in zip(sorted(lines), expected, strict=True):
        assert line.startswith(start), line
        assert "\x1b" not in line
        assert "\x07" not in line


def test_the_menu_with_units_names_the_skipped_files(folder, monkeypatch, capsys):
    """``hexmech --units DIR``: the skipped files on stderr, the good one in the library."""
    mine, expected = folder
    monkeypatch.setattr("tui.app.run_app", lambda *_, **__: None)

    assert cli.main(["--units", str(mine)]) == 0

    assert_reported(capsys.readouterr().err, expected)
    assert "Locust LCT-1X" in [e.name for e in RULESET.library.units()]


def test_headless_play_with_units_names_the_skipped_files(folder, monkeypatch, capsys):
    """``play --headless --units DIR``: the game starts all the same; stderr names the bad files."""
    mine, expected = folder
    monkeypatch.setattr("sys.stdin", io.StringIO(""))

    code = cli.main(["play", "--headless", "--ruleset", "battletech", "--units", str(mine)])

    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert_reported(captured.err, expected)


def test_validate_with_units_names_the_skipped_files(folder, capsys):
    """``--units DIR validate FILE``: the file checked on stdout, the library's skips on stderr."""
    mine, expected = folder

    code = cli.main(["--units", str(mine), "validate", str(mine / "Locust LCT-1X.mtf")])

    captured = capsys.readouterr()
    assert code == 0
    assert captured.out.startswith("ok  Locust LCT-1X")
    assert_reported(captured.err, expected)


def test_install_reports_only_when_asked_or_given_folders(folder, capsys):
    """The TUI's own install (no folders) prints nothing; a stream given gets the lines."""
    mine, expected = folder
    (mine.parent / "data" / "hexmech" / "units").mkdir(parents=True)
    (mine / "bad.mtf").rename(mine.parent / "data" / "hexmech" / "units" / "bad.mtf")
    stream = io.StringIO()

    install()  # the user's folder has a bad file, but no folders were named: nothing printed
    silent = capsys.readouterr()
    install([mine], report=stream)

    assert silent.err == silent.out == ""
    assert len(skipped(stream.getvalue())) == len(expected)


def test_skipped_notice_counts_and_quotes():
    """No problems: no notice; many: the count, the first three, and how many more."""
    problems = [f"/far/away/u{n}.mtf:{n}: number too long" for n in range(1, 6)]

    assert skipped_notice([]) is None
    notice = skipped_notice(problems)
    assert notice is not None
    assert notice.splitlines() == [
        "5 unit or board files skipped (hexmech validate):",
        "u1.mtf:1: number too long",
        "u2.mtf:2: number too long",
        "u3.mtf:3: number too long",
        "... and 2 more",
    ]


async def test_the_new_game_form_shows_a_notice(folder, tmp_path):
    """The BattleTech form, over a library with two bad files: a notice names them."""
    mine, _expected = folder
    library = install([mine], report=io.StringIO())
    app = HexmechApp(tmp_path / "saves")
    async with app.run_test(size=(100, 40)) as pilot:
        app.push_screen(BTSetupScreen(random_seed=1, library=library))
        await pilot.pause()

        notices = [n for n in app._notifications if "skipped" in n.message]
        assert len(notices) == 1
        lines = notices[0].message.splitlines()
        assert lines[0] == "2 unit or board files skipped (hexmech validate):"
        assert lines[1].startswith("bad.mtf:")
        assert lines[2].startswith("nasty.mtf:")
        assert not notices[0].markup
