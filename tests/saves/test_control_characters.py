r"""Messages quoting a file never carry its control characters to the terminal (issue 19, item 3).

A key like ``"\x1b]0;PWNED\x07\x1b[2J"`` in a save used to reach the terminal raw through
``inspect``'s error (setting the title, clearing the screen), and a key with ``\n`` made a
two-line error. Every such message is one line with the control characters escaped: saves
(`saves.journal.SaveError`, `saves.codec.describe_error`), score tables, scenario files, unit and
board files, the command line's error printer and the TUI's "cannot open" notice.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import cattrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import text as engine_text
from engine.battletech.data.fileformat import FileFormatError
from saves.codec import describe_error, strict_converter
from saves.journal import SaveError, read_game
from saves.text import printable
from tests.saves._support import LONG_SCRIPT, as_format_2, write_journal
from tests.support.race import RaceSetup
from tests.support.scores import ANN
from tui.battletech.datafile import DataFileError
from tui.commands import main
from tui.papermech.scores import BOOK

ROOT = Path(__file__).resolve().parents[2]
UNITS = ROOT / "assets" / "units"
BOARDS = ROOT / "assets" / "boards"

BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""The Unicode bidi controls (Bidi_Control), which reorder what follows them on screen."""
ATTACK = "\x1b]0;PWNED\x07\x1b[2J"
"""Sets an xterm's title and clears the screen."""
NASTY = (ATTACK, "two\nlines", "bell\x07", "rtl\u202eevil", "nel\x85ls\u2028ps\u2029del\x7f")
"""What a file may hold that a terminal would obey: escapes, a newline, a bell, a bidi override,
C1's next-line, the Unicode line and paragraph separators, DEL."""
EVERY_NASTY = "".join(NASTY)


def is_control(char: str) -> bool:
    """C0, DEL, C1 (category Cc), line and paragraph separators, lone surrogates, bidi controls."""
    return unicodedata.category(char) in {"Cc", "Zl", "Zp", "Cs"} or char in BIDI


def assert_clean(message: str) -> None:
    """One line, with no character a terminal would act on."""
    bad = sorted({f"U+{ord(c):04X}" for c in message if is_control(c)})
    assert not bad, f"{bad} in {message!r}"


def assert_clean_output(output: bytes) -> str:
    """A program's output: exactly one clean line, ended by a newline; returns the line."""
    text = output.decode("utf-8", "surrogateescape")
    assert text.endswith("\n"), text
    assert text.count("\n") == 1, text
    assert_clean(text[:-1])
    return text[:-1]


# ---------------------------------------------------------------------------- printable itself
controls = st.sampled_from(
    [chr(c) for c in (*range(0x20), *range(0x7F, 0xA0))]
    + sorted(BIDI)
    + ["\u2028", "\u2029", "\ud800", "\udcff"]
)
any_text = st.text(alphabet=st.one_of(st.characters(exclude_categories=()), controls), max_size=60)
safe_text = st.text(
    alphabet=st.characters(exclude_categories=("Cc", "Zl", "Zp", "Cs"), exclude_characters=BIDI),
    max_size=60,
)


@given(any_text)
def test_printable_leaves_no_control_character(text):
    """Whatever the text, no control character is left; escaping twice is escaping once."""
    shown = printable(text)
    assert_clean(shown)
    assert printable(shown) == shown


@given(safe_text)
def test_printable_keeps_text_without_control_characters_as_it_is(text):
    """Letters of any script, emoji, backslashes, quotes: unchanged."""
    assert printable(text) == text


def test_saves_quote_with_the_kernels_printable():
    """One home: the saves' `printable` is the engine's (`engine.text`), not a copy."""
    assert printable is engine_text.printable


def test_printable_writes_python_escapes():
    r"""``\x1b`` is shown as ``\x1b``, a newline as ``\n``, U+202E as ``\u202e``."""
    assert printable(ATTACK) == "\\x1b]0;PWNED\\x07\\x1b[2J"
    assert printable("a\nb\tc\r") == "a\\nb\\tc\\r"
    assert printable("\u202e\x85\u2028\x7f\udcff") == "\\u202e\\x85\\u2028\\x7f\\udcff"
    assert printable("café ⚔ \\x1b") == "café ⚔ \\x1b"


# ---------------------------------------------------------------------------- saves
@pytest.fixture(scope="module")
def race_lines(tmp_path_factory) -> list[bytes]:
    """The lines of a played race save."""
    path = tmp_path_factory.mktemp("race") / "race.jsonl"
    write_journal(path, LONG_SCRIPT).close()
    return as_format_2(path.read_bytes()).splitlines()


def changed(lines: list[bytes], number: int, change) -> bytes:
    """The save with line ``number`` (0-based) changed by ``change(data)``."""
    data = json.loads(lines[number])
    change(data)
    new = [*lines]
    new[number] = json.dumps(data).encode()
    return b"".join(line + b"\n" for line in new)


def _set(*keys: str | int, value: object):
    """A change that puts ``value`` at ``data[keys[0]]...[keys[-1]]``."""

    def change(data):
        for key in keys[:-1]:
            data = data[key]
        data[keys[-1]] = value

    return change


def _add_key(*keys: str | int, key: str):
    def change(data):
        for k in keys:
            data = data[k]
        data[key] = 1

    return change


CASES = {
    "header key": (0, lambda bad: _add_key(key=bad)),
    "header value (ruleset)": (0, lambda bad: _set("ruleset", value=bad)),
    "header value (undo)": (0, lambda bad: _set("undo", value=bad)),
    "setup key": (0, lambda bad: _add_key("setup", key=bad)),
    "event field": (1, lambda bad: _add_key("events", 0, key=bad)),
    "event tag": (1, lambda bad: _set("events", 0, "type", value=bad)),
    "command tag": (1, lambda bad: _set("command", "type", value=bad)),
    "nested field": (1, lambda bad: _add_key("events", 0, "track", key=bad)),
}


@pytest.mark.parametrize("nasty", NASTY)
@pytest.mark.parametrize("case", CASES)
def test_a_damaged_save_is_one_clean_line(race_lines, case, nasty):
    """A key, a value or a tag from the file is quoted escaped, in one line."""
    number, make = CASES[case]
    data = changed(race_lines, number, make(nasty))
    with pytest.raises(SaveError) as caught:
        read_game(data, "race.jsonl")
    assert_clean(str(caught.value))
    assert_clean(caught.value.reason)
    assert printable(nasty) in str(caught.value)  # nothing lost: the reader sees what is there


@pytest.mark.parametrize("nasty", NASTY)
def test_the_file_name_is_escaped_too(nasty):
    """A save's name can hold control characters (a folder listed over SSH, say)."""
    with pytest.raises(SaveError) as caught:
        read_game(b"not json\n", f"{nasty}.jsonl")
    assert_clean(str(caught.value))
    assert str(caught.value).startswith(f"{printable(nasty)}.jsonl:1: ")
    assert caught.value.path == f"{nasty}.jsonl"  # the name itself, to open the file by


@given(st.text(min_size=1, max_size=30).map(lambda t: t + EVERY_NASTY))
def test_any_unknown_key_gives_a_clean_line(key):
    """Any key at all, anywhere the reader quotes it."""
    conv = strict_converter()
    with pytest.raises(cattrs.BaseValidationError) as caught:
        conv.structure({"players": ["Red"], "goal": 3, key: 1}, RaceSetup)
    assert_clean(describe_error(caught.value, "$.setup"))


def test_inspect_prints_one_clean_line(tmp_path, race_lines):
    """``hexmech inspect`` of a save whose header key is an escape sequence: one clean line."""
    path = tmp_path / f"evil{ATTACK}\n.jsonl"
    path.write_bytes(changed(race_lines, 0, _add_key(key=f"{ATTACK}\nline two\u202e")))
    done = run_hexmech("inspect", str(path))
    assert done.returncode == 2
    assert done.stdout == b""
    line = assert_clean_output(done.stderr)
    assert line.startswith("hexmech: ")
    assert "the header has unknown keys: \\x1b]0;PWNED\\x07\\x1b[2J\\nline two\\u202e" in line


def run_hexmech(*args: str) -> subprocess.CompletedProcess[bytes]:
    """Run this tree's ``hexmech`` (``python -m tui.commands``) with the race ruleset known."""
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "HEXMECH_RULESETS": "tests.support.race:RULESET",
    }
    return subprocess.run(
        [sys.executable, "-m", "tui.commands", *args],
        capture_output=True,
        env=env,
        cwd=ROOT,
        check=False,
        timeout=120,
    )


# ---------------------------------------------------------------------------- unit and board files
def test_validate_reports_a_unit_file_in_one_clean_line(tmp_path):
    """A unit file whose bad value is an escape sequence, under a name holding a newline."""
    text = (UNITS / "Atlas AS7-D.mtf").read_text(encoding="utf-8")
    path = tmp_path / "atlas\n\x1b[2J.mtf"
    path.write_text(text.replace("mass:100", f"mass:{ATTACK}"), encoding="utf-8")
    done = run_hexmech("validate", str(path))
    assert done.returncode == 2
    line = assert_clean_output(done.stdout)
    assert line.startswith(f"{tmp_path}/atlas\\n\\x1b[2J.mtf:")


def test_validate_reports_a_board_file_in_one_clean_line(tmp_path):
    """A board line with an escape sequence and a newline-like separator, quoted in the error."""
    lines = (BOARDS / "badlands.board").read_text(encoding="utf-8").splitlines()
    lines.insert(3, f'hex 0101 0 "{ATTACK}\u2028\u202e')  # an unbalanced quote: quoted whole
    path = tmp_path / "evil\x07.board"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = run_hexmech("validate", str(path))
    assert done.returncode == 2
    line = assert_clean_output(done.stdout)
    assert line.startswith(f"{tmp_path}/evil\\x07.board:4: ")
    assert line.endswith('"\\x1b]0;PWNED\\x07\\x1b[2J\\u2028\\u202e')


def test_validate_escapes_a_good_unit_s_name(tmp_path, capsys):
    """A unit that loads, but whose name holds an escape sequence: its ``ok`` line is clean."""
    text = (UNITS / "Atlas AS7-D.mtf").read_text(encoding="utf-8")
    path = tmp_path / "atlas.mtf"
    path.write_text(text.replace("chassis:Atlas", f"chassis:Atlas{ATTACK}"), encoding="utf-8")
    assert main(["validate", "--quiet", str(path)]) == 0
    line = assert_clean_output(capsys.readouterr().out.encode())
    assert line.startswith("ok  Atlas\\x1b]0;PWNED\\x07\\x1b[2J AS7-D (")


@pytest.mark.parametrize("nasty", NASTY)
def test_data_file_errors_escape_the_reason_and_the_name(nasty):
    """`FileFormatError` (engine) and `DataFileError` (the file's edge) both escape."""
    error = FileFormatError(3, f"unknown line {nasty!s}")
    assert_clean(str(error))
    assert_clean(error.where(f"{nasty}.board"))
    data = DataFileError(Path(f"{nasty}.mtf"), 7, f"bad value {nasty}")
    assert_clean(str(data))
    assert_clean(data.reason)
    assert str(data) == f"{printable(nasty)}.mtf:7: bad value {printable(nasty)}"


# ---------------------------------------------------------------------------- other files
@pytest.mark.parametrize("nasty", NASTY)
def test_a_damaged_score_table_warns_in_one_clean_line(tmp_path, nasty):
    """Unknown keys of a score table, and the table's folder name, are quoted escaped."""
    folder = tmp_path / f"dir{nasty}"
    folder.mkdir()
    path = BOOK.path_for(folder)
    path.write_text(json.dumps({"format": "hexmech-scores", "version": 1, "scores": [], nasty: 1}))
    warning = BOOK.load(path).warning
    assert warning is not None
    assert_clean(warning)
    told: list[str] = []
    BOOK.add(path, ANN, on_warning=told.append)
    assert len(told) == 1
    assert_clean(told[0])


@pytest.mark.parametrize("nasty", NASTY)
def test_a_damaged_score_entry_warns_in_one_clean_line(tmp_path, nasty):
    """A cattrs path through an entry's unknown key."""
    path = BOOK.path_for(tmp_path)
    entry = {"name": "Cy", nasty: 1}
    path.write_text(json.dumps({"format": "hexmech-scores", "version": 1, "scores": [entry]}))
    warning = BOOK.load(path).warning
    assert warning is not None
    assert_clean(warning)


def test_a_scenario_file_error_is_one_clean_line(tmp_path, capsys):
    """``play --scenario FILE`` whose key is an escape sequence: one clean line, exit 2."""
    scenario = tmp_path / "evil.toml"
    scenario.write_text(json.dumps(f"{ATTACK}\nx\u202e") + " = 1\n", encoding="utf-8")
    code = main(
        [
            "--saves",
            str(tmp_path),
            "play",
            "--headless",
            "--ruleset",
            "papermech",
            "--scenario",
            str(scenario),
            "--save",
            str(tmp_path / "game.jsonl"),
        ]
    )
    assert code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    line = assert_clean_output(captured.err.encode("utf-8", "surrogateescape"))
    assert "\\x1b]0;PWNED\\x07\\x1b[2J\\nx\\u202e" in line


def test_the_command_line_printer_is_a_last_guard(monkeypatch, capsys):
    """A one-line error raised anywhere with a control character is still printed clean."""
    from tui.commands import inspect as inspect_command  # noqa: PLC0415
    from tui.commands.errors import UsageError  # noqa: PLC0415

    def raising(_args):
        raise UsageError(f"{ATTACK}\nsecond line")

    monkeypatch.setattr(inspect_command, "cmd_inspect", raising)
    code = main(["inspect", "whatever.jsonl"])
    assert code == 2
    line = assert_clean_output(capsys.readouterr().err.encode())
    assert line == "hexmech: \\x1b]0;PWNED\\x07\\x1b[2J\\nsecond line"


# ---------------------------------------------------------------------------- the TUI
async def test_the_cannot_open_notice_is_plain_clean_text():
    """The TUI's notice of a save it cannot open: escaped, and plain text, never markup.

    A ``[/x]`` from the file would be a markup error, a ``[@click=...]`` a link to an action.
    """
    from textual.app import App  # noqa: PLC0415 - Textual only for this test

    from tui.screens.game import Unopenable  # noqa: PLC0415

    reason = f"evil.jsonl:1: the header has unknown keys: {ATTACK}\n[/x] [@click=app.quit]q[/]"

    class Host(App[None]):
        def on_mount(self) -> None:
            self.push_screen(Unopenable(reason))

    app = Host()
    async with app.run_test() as pilot:
        await pilot.pause()
        notified = list(app._notifications)
        assert app.is_running
    assert [(n.message, n.markup) for n in notified] == [(printable(reason), False)]
    assert_clean(notified[0].message)
