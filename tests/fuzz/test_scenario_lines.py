"""Scenario file errors say ``FILE:LINE: reason`` when the line can be told (issue 19, item 6).

TOML's own errors carry their line; a value that TOML reads but the scenario refuses (an unknown
unit, a bad hex, a skill out of range, a victory key) is found in the text by its table and key.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.battletech.data.scenario import ScenarioError, parse_scenario
from tests.conftest import REPO
from tui.battletech.library import FileLibrary, load_scenario

DEFAULT = (REPO / "assets" / "scenarios" / "battletech" / "default.toml").read_text("utf-8")


def line_of(text: str, words: str, nth: int = 1) -> int:
    """The 1-based line of the ``nth`` line holding ``words``."""
    found = [n for n, line in enumerate(text.split("\n"), 1) if words in line]
    return found[nth - 1]


CASES = [
    pytest.param(
        DEFAULT.replace('"Wolverine WVR-6R"', '"Warhammer WHM-X"'),
        ('"Warhammer WHM-X"', 1),
        "no 'Mech called 'Warhammer WHM-X'",
        id="unknown unit",
    ),
    pytest.param(
        DEFAULT.replace('pilot = "Ito"', 'pilot = "Ito", hex = "9999"'),
        ('hex = "9999"', 1),
        "is placed at 9999, off the map",
        id="unit off the map",
    ),
    pytest.param(
        DEFAULT.replace('pilot = "Hollis"', 'pilot = "Hollis", gunnery = 12'),
        ("gunnery = 12", 1),
        "gunnery must be a whole number from 0 to 8",
        id="skill",
    ),
    pytest.param(
        DEFAULT.replace('pilot = "Kell"', 'pilot = "Kell", facing = "Q"'),
        ('facing = "Q"', 1),
        "facing is one of N NE SE S SW NW",
        id="facing",
    ),
    pytest.param(
        DEFAULT.replace("deploy_rows = 3", "deploy_rows = 30"),
        ("deploy_rows = 30", 1),
        "deploy_rows must be a whole number",
        id="top-level key",
    ),
    pytest.param(
        DEFAULT.replace('board = "river-crossing"', 'board = "atlantis"'),
        ('board = "atlantis"', 1),
        "no board called 'atlantis'",
        id="unknown board",
    ),
    pytest.param(
        DEFAULT + '\n[victory]\nkind = "hold"\nturns = 8\nhexes = ["0808", "9999"]\n',
        ("hexes = [", 1),
        "victory hex 9999 is off the map",
        id="victory hex",
    ),
    pytest.param(
        DEFAULT + '\n[victory]\nkind = "conquer"\n',
        ('kind = "conquer"', 1),
        "victory kind is one of destroy, hold, withdraw",
        id="victory kind",
    ),
    pytest.param(
        DEFAULT.replace('name = "Kurita"\nunits = [', 'name = "Kurita"\nunits = 5\nold = ['),
        ("units = 5", 1),
        "side 2 needs at least one unit",
        id="second side",
    ),
    pytest.param(
        DEFAULT.replace("deploy_rows = 3", "deploy_rows = = 3"),
        ("deploy_rows = = 3", 1),
        "invalid value (column",
        id="toml syntax",
    ),
]


@pytest.mark.parametrize(("text", "where", "words"), CASES)
def test_a_bad_scenario_names_its_line(text: str, where: tuple[str, int], words: str) -> None:
    """``parse_scenario``: ``line N: reason``, N the line of the bad value."""
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(text, FileLibrary())

    assert caught.value.line == line_of(text, *where), str(caught.value)
    assert words in caught.value.reason
    assert str(caught.value) == f"line {caught.value.line}: {caught.value.reason}"


@pytest.mark.parametrize(("text", "where", "words"), CASES[:3])
def test_a_scenario_file_error_is_file_colon_line(
    tmp_path: Path, text: str, where: tuple[str, int], words: str
) -> None:
    """``load_scenario`` (``--scenario FILE`` of sim, the TUI's list): ``FILE:LINE: reason``."""
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")

    with pytest.raises(ValueError, match=words.replace("(", r"\(")) as caught:
        load_scenario(str(path), FileLibrary())

    assert str(caught.value).startswith(f"{path}:{line_of(text, *where)}: ")


def test_a_problem_of_the_whole_file_has_no_line(tmp_path: Path) -> None:
    """One side only: nothing to point at, so ``FILE: reason``."""
    text = DEFAULT[: DEFAULT.index("[[side]]", DEFAULT.index("[[side]]") + 1)]
    path = tmp_path / "one-side.toml"
    path.write_text(text, encoding="utf-8")

    with pytest.raises(ValueError, match="2 to 4") as caught:
        load_scenario(str(path), FileLibrary())

    assert str(caught.value) == f"{path}: a scenario has 2 to 4 [[side]] tables"


def test_a_non_utf8_scenario_names_the_line(tmp_path: Path) -> None:
    """A stray byte: ``FILE:LINE: not UTF-8 text``."""
    path = tmp_path / "latin.toml"
    path.write_bytes(b'title = "x"\n\ndescription = "caf\xe9"\n')

    with pytest.raises(ValueError, match=r"latin\.toml:3: not UTF-8 text"):
        load_scenario(str(path), FileLibrary())


def test_validate_checks_a_named_scenario(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hexmech validate FILE.toml``: ``ok  TITLE (map, sides)`` or ``FILE:LINE: reason``."""
    from tui.commands import main  # noqa: PLC0415 - the command line, only here

    good = REPO / "assets" / "scenarios" / "battletech" / "default.toml"
    bad = tmp_path / "bad.toml"
    text = DEFAULT.replace('"Wolverine WVR-6R"', '"Warhammer WHM-X"')
    bad.write_text(text, encoding="utf-8")

    code = main(["validate", str(good), str(bad)])

    lines = capsys.readouterr().out.splitlines()
    assert code == 2
    assert lines[0] == "ok  Meeting engagement (16x17 map, Davion 2 v Kurita 2)"
    assert lines[1].startswith(f"{bad}:{line_of(text, 'Warhammer WHM-X')}: no 'Mech called")
    assert len(lines) == 2
