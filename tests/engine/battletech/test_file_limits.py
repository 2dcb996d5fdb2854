"""Unit, board and scenario files that try to make the readers explode (issue 19, item 6).

Huge numbers, huge boards and deep nesting are refused at once, with the line they are on; a
library folder with one bad file loads the others; seeded mutations of the real files and
Hypothesis texts only ever give the reader's one error type.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.battletech.data.boardfile import combine, parse_board
from engine.battletech.data.fileformat import FileFormatError
from engine.battletech.data.mtf import parse_mtf
from engine.battletech.data.scenario import parse_scenario
from tests.engine.battletech import _mutate
from tui.battletech.library import FileLibrary, load_scenario
from tui.battletech.units import UNITS_DIR, load_unit, unit_library
from tui.battletech.validate import check

HUGE = "1" * 5000
LOCUST = (UNITS_DIR / "Locust LCT-1V.mtf").read_text(encoding="utf-8")
SCENARIO = (_mutate.SCENARIO_DIRS[0] / "default.toml").read_text(encoding="utf-8")


def _line_of(text: str, start: str) -> int:
    """The 1-based line of ``text`` that starts with ``start``."""
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def _with(key: str, value: str) -> tuple[str, int]:
    """The Locust with ``key:`` set to ``value``, and that line's number."""
    lines = LOCUST.splitlines()
    number = _line_of(LOCUST, key)
    lines[number - 1] = f"{key}{value}"
    return "\n".join(lines) + "\n", number


# ------------------------------------------------------------------------------ units
@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("mass:", HUGE),
        ("walk mp:", HUGE),
        ("walk mp:", "99999"),
        ("jump mp:", HUGE),
        ("heat sinks:", f"{HUGE} Single"),
        ("heat sinks:", "100000 Double"),
        ("LA armor:", HUGE),
        ("CT armor:", "9" * 40),
    ],
    ids=["mass", "walk", "walk 99999", "jump", "sinks", "sinks 100000", "LA armor", "CT armor"],
)
def test_a_huge_number_in_a_unit_is_refused_on_its_line(key: str, value: str) -> None:
    """A 5,000-digit number raised Python's own ValueError (a traceback); now one line."""
    text, number = _with(key, value)
    with pytest.raises(FileFormatError) as caught:
        parse_mtf(text)
    assert caught.value.line == number
    assert len(caught.value.reason) < 200  # the number is not quoted whole
    assert "\n" not in caught.value.reason


def test_a_huge_count_in_the_weapons_list_is_read() -> None:
    """The weapons list only gives warnings: a huge count is not a count, never a crash."""
    text = LOCUST.replace("Weapons:", f"Weapons:\n{HUGE} Medium Laser, Center Torso", 1)
    assert parse_mtf(text).design.chassis == "Locust"


def test_an_empty_value_names_its_line() -> None:
    """``chassis:`` with nothing after it is on a line: the message says which."""
    text, number = _with("chassis:", "")
    with pytest.raises(FileFormatError) as caught:
        parse_mtf(text)
    assert (caught.value.line, caught.value.reason) == (
        number,
        "chassis: no value after 'chassis:'",
    )


# ------------------------------------------------------------------------------ boards
@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("size 30000 30000\nend\n", 1, "at most 200x200"),
        ("size 1000 1000\nend\n", 1, "at most 200x200"),
        ("size 201 17\nend\n", 1, "at most 200x200"),
        (f"size {HUGE} 5\nend\n", 1, "at most 200x200"),
        (f'size 16 17\nhex 0101 {HUGE} "" ""\nend\n', 2, "out of range"),
        ('size 16 17\nhex 0101 1000 "" ""\nend\n', 2, "out of range (-100 to 100)"),
        (f'size 16 17\nhex 0101 0 "woods:{HUGE}" ""\nend\n', 2, "out of range"),
        (f'size 16 17\nhex 0101 0 "fluff:{HUGE}" ""\nend\n', 2, "out of range"),
        ('size 16 17\nhex 0101 0 "water:5000" ""\nend\n', 2, "at most 100 levels"),
        ('size 16 17\nhex 0101 0 "building:1;bldg_elev:5000" ""\nend\n', 2, "at most 100"),
        (f'size 16 17\nhex 0101 0 "road:1:{HUGE}" ""\nend\n', 2, "exits must be"),
        (f'size 16 17\nhex {"01" * 3000} 0 "" ""\nend\n', 2, "at most 8 digits"),
    ],
    ids=[
        "30000x30000", "1000x1000", "201x17", "huge size", "huge level", "level 1000",
        "huge woods", "huge fluff", "deep water", "tall building", "huge exits", "huge label",
    ],
)  # fmt: skip
def test_a_huge_board_or_number_is_refused_on_its_line(text: str, line: int, words: str) -> None:
    """Boards past 200x200 are refused before a hex is made (30000x30000 hung for minutes)."""
    with pytest.raises(FileFormatError) as caught:
        parse_board(text, "huge")
    assert caught.value.line == line
    assert words in caught.value.reason
    assert len(caught.value.reason) < 200


def test_the_largest_board_is_read() -> None:
    """200x200 is allowed, and every hex of it is made."""
    assert len(parse_board("size 200 200\nend\n").board.hexes) == 200 * 200


def test_sheets_combined_past_200x200_are_refused() -> None:
    """Combining sheets cannot make a board bigger than a file may hold."""
    sheet = parse_board("size 100 100\nend\n").board
    with pytest.raises(ValueError, match="at most 200x200"):
        combine([[sheet, sheet, sheet]])


def test_validate_refuses_a_huge_board_with_its_line(tmp_path: Path) -> None:
    """``hexmech validate`` on ``size 30000 30000``: one line, at once."""
    path = tmp_path / "huge.board"
    path.write_text("size 30000 30000\nend\n", encoding="utf-8")
    lines, ok = check([path], quiet=False)
    assert not ok
    assert lines == [f"{path}:1: size: a board is at most 200x200 hexes, not 30000x30000"]


# ------------------------------------------------------------------------------ libraries
def test_a_library_with_one_bad_unit_loads_the_others(tmp_path: Path) -> None:
    """A bad .mtf in a --units folder is listed once, with its line, and the rest load."""
    shutil.copy(UNITS_DIR / "Locust LCT-1V.mtf", tmp_path / "Mine LCT-1X.mtf")
    text, number = _with("mass:", HUGE)
    bad = tmp_path / "Bad.mtf"
    bad.write_text(text.replace("model:LCT-1V", "model:LCT-1B"), encoding="utf-8")
    entries = unit_library([tmp_path])
    errors = [e.error for e in entries if e.error is not None]
    assert errors == [f"{bad}:{number}: mass: a 5000-digit number is out of range (0 to 1000)"]
    # with hexmech's own conversions/ and the vehicles, platoons and squads in blk/
    bundled = len(list(UNITS_DIR.rglob("*.mtf"))) + len(list(UNITS_DIR.rglob("*.blk")))
    assert len([e for e in entries if e.ok]) == bundled + 1
    library = FileLibrary(unit_dirs=[tmp_path])
    assert [p for p in library.problems() if str(tmp_path) in p] == errors
    assert library.unit("Locust LCT-1V").chassis == "Locust"
    with pytest.raises(ValueError, match=r"Bad\.mtf:\d+: mass"):
        library.unit("Bad")


def test_an_oversized_unit_file_is_refused_unread(tmp_path: Path) -> None:
    """A file far too big to be a 'Mech sheet is one line, not a read of all of it."""
    path = tmp_path / "big.mtf"
    path.write_bytes(b"x" * (2 * 1024 * 1024))
    with pytest.raises(ValueError, match=r"big\.mtf: 2048 KB: too big to be a unit file"):
        load_unit(path)


# ------------------------------------------------------------------------------ scenarios
@pytest.mark.parametrize(
    ("text", "words"),
    [
        (f"title = 'x'\ndeploy_rows = {HUGE}\n", "line 2: a number with more than 40 digits"),
        ("x = " + "[" * 5000 + "]" * 5000 + "\n", "nested too deeply"),
        ("x = " + "{a = " * 3000 + "1" + "}" * 3000 + "\n", "nested too deeply"),
        (SCENARIO + "\n[victory]\nhexes = 5\n", "victory.hexes is a list"),
        (SCENARIO.replace('board = "', 'boards = [["x"]] # "', 1), "no board called"),
        ('boards = [["a"' + ', "a"' * 20 + "]]\n", "at most 12 rows of 12 sheets"),
        ("title = \n", "line 1"),
    ],
    ids=["huge number", "deep lists", "deep tables", "hexes", "unknown board", "grid", "toml"],
)
def test_a_bad_scenario_is_one_line(text: str, words: str) -> None:
    """Scenario texts raise ValueError, one line, never Python's own errors."""
    with pytest.raises(ValueError, match=re.escape(words)) as caught:
        parse_scenario(text, FileLibrary())
    message = str(caught.value)
    assert words in message
    assert "\n" not in message


def test_a_scenario_with_too_many_units_is_refused() -> None:
    """A side fields at most 50 units."""
    units = ", ".join(['"Locust LCT-1V"'] * 51)
    text = SCENARIO + f"\n[[side]]\nname = 'Horde'\nunits = [{units}]\n"
    with pytest.raises(ValueError, match="at most 50"):
        parse_scenario(text, FileLibrary())


def test_load_scenario_names_the_file(tmp_path: Path) -> None:
    """A scenario file with a huge number, or a huge file: ``FILE: reason``, one line."""
    path = tmp_path / "bad.toml"
    path.write_text(f"title = 'x'\n\ntemperature = {HUGE}\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"bad\.toml:3: a number with more than 40 digits"):
        load_scenario(str(path), FileLibrary())
    path.write_bytes(b"#" * (2 * 1024 * 1024))
    with pytest.raises(ValueError, match=r"bad\.toml: more than 1024 KB"):
        load_scenario(str(path), FileLibrary())


# ------------------------------------------------------------------------------ fuzzing
# Rejections without a line are only for what concerns the whole file.
_WHOLE_FILE = ("missing ", "no 'size WIDTH HEIGHT' line")


def _problem(parse: Callable[[str], object], text: str) -> str | None:
    """What is wrong with how ``parse`` treats ``text`` (None: a result, or a good error).

    A good error is a `FileFormatError` of one line, with a line number unless it concerns the
    whole file; anything else escaping the reader is a problem.
    """
    try:
        parse(text)
    except FileFormatError as exc:
        if "\n" in exc.reason:
            return f"two lines: {exc.reason!r}"
        if not exc.line and not exc.reason.startswith(_WHOLE_FILE):
            return f"no line: {exc.reason!r}"
    return None


@pytest.mark.parametrize(
    ("parse", "paths"),
    [
        (parse_mtf, _mutate.sources(_mutate.UNIT_DIRS, ".mtf")),
        (parse_board, _mutate.sources(_mutate.BOARD_DIRS, ".board")),
    ],
    ids=["units", "boards"],
)
def test_seeded_mutations_raise_only_file_format_errors_with_lines(
    parse: Callable[[str], object], paths: list[Path]
) -> None:
    """Mutated real files: a result, or `FileFormatError` with a line when the problem has one."""
    problems = [
        (path.name, problem)
        for path, text in _mutate.variants(paths, per_file=8)
        if (problem := _problem(parse, text)) is not None
    ]
    assert problems == []


def _scenario_problem(text: str, library: FileLibrary) -> str | None:
    try:
        parse_scenario(text, library)
    except ValueError as exc:
        return None if "\n" not in str(exc) else str(exc)
    return None


def test_seeded_mutations_of_scenarios_raise_only_value_errors() -> None:
    """Mutated bundled scenarios: a setup, or one ValueError line."""
    library = FileLibrary()
    paths = _mutate.sources(_mutate.SCENARIO_DIRS, ".toml")
    problems = [
        problem
        for _path, text in _mutate.variants(paths, per_file=20)
        if (problem := _scenario_problem(text, library)) is not None
    ]
    assert problems == []


_PIECES = st.sampled_from(
    [
        "size ", "hex ", "0101 ", "end", " ", "\n", '"', ":", ";", "woods:", "water:", "road:1:",
        "-", "0", "7", "99999", HUGE, "30000 ", "mass:", "walk mp:", "heat sinks:", "LA armor:",
        "Left Arm:", "Weapons:", "chassis:X", "model:Y", "Config:", "Quad", "#", "\r", "\x00",
        "٣",
    ]
)  # fmt: skip
_TEXTS = st.lists(_PIECES, max_size=60).map("".join)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_TEXTS)
def test_any_text_gives_a_unit_or_one_error(text: str) -> None:
    """Hypothesis texts built from the format's own words: `FileFormatError` or a design."""
    assert _problem(parse_mtf, text) is None


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_TEXTS)
def test_any_text_gives_a_board_or_one_error(text: str) -> None:
    """Hypothesis texts built from the format's own words: `FileFormatError` or a board."""
    assert _problem(parse_board, text) is None


def test_play_refuses_a_deeply_nested_scenario_in_one_line(tmp_path: Path) -> None:
    """``hexmech play --scenario FILE`` reads any ruleset's TOML: deep nesting is one line."""
    from engine.battletech import RULESET  # noqa: PLC0415 - only this test
    from tui.commands.errors import UsageError  # noqa: PLC0415
    from tui.commands.play import _setup  # noqa: PLC0415

    path = tmp_path / "deep.toml"
    path.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    with pytest.raises(UsageError, match="nested too deeply"):
        _setup(RULESET, str(path))
