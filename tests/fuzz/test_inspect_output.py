r"""``hexmech inspect`` prints strings from the save with every control character escaped.

`json.dumps(..., ensure_ascii=False)` escapes C0 controls but writes DEL, C1 controls (U+0085
next-line), the bidi overrides (U+202A-U+202E, U+2066-U+2069), U+2028 and lone surrogates raw: a
player called ``"rtl\u202eevil"`` would show backwards, a lone surrogate could not be printed at
all. `saves.text.json_text` writes them as ``\uXXXX``, and the line still parses to the same value.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from saves.text import UNSAFE, json_text
from tests.conftest import REPO
from tui.commands import main

RACE = REPO / "tests" / "data" / "saves" / "v1-race.jsonl"
NASTY = ("del\x7fx", "nel\x85x", "csi\x9bx", "rtl\u202eevil", "iso\u2066x\u2069", "ls\u2028x")


def with_players(tmp_path: Path, players: list[str]) -> Path:
    """The race golden save with its players renamed (a good save: it loads)."""
    lines = RACE.read_bytes().split(b"\n")
    header = json.loads(lines[0])
    header["setup"]["players"] = players
    lines[0] = json.dumps(header).encode()
    path = tmp_path / "named.jsonl"
    path.write_bytes(b"\n".join(lines))
    return path


def test_inspect_escapes_del_c1_and_bidi_controls(tmp_path, capsys):
    """The summary names the players; not one of their control characters is printed raw."""
    path = with_players(tmp_path, [NASTY[0], "\x1b]0;PWNED\x07", "\ud800" + "".join(NASTY[1:])])

    code = main(["inspect", str(path)])

    out = capsys.readouterr().out
    assert code == 0
    assert out.count("\n") == 1
    assert not UNSAFE.search(out.removesuffix("\n")), repr(out)
    assert "\\u007f" in out
    assert "\\u202e" in out
    assert "\\u2066" in out
    assert "\\u0085" in out
    assert "\\ud800" in out
    assert json.loads(out)["players"] == [
        NASTY[0],
        "\x1b]0;PWNED\x07",
        "\ud800" + "".join(NASTY[1:]),
    ]


@pytest.mark.parametrize("text", NASTY)
def test_json_text_escapes_what_json_dumps_leaves_raw(text):
    """Each case: json.dumps keeps it raw; json_text does not, and reads back the same."""
    assert UNSAFE.search(json.dumps(text, ensure_ascii=False))
    assert not UNSAFE.search(json_text(text))
    assert json.loads(json_text(text)) == text


@given(st.recursive(st.text(), lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner)))
def test_json_text_is_clean_and_parses_back(value):
    """Any strings, nested anyhow: one line, no control character, the same value back."""
    line = json_text(value)
    assert "\n" not in line
    assert not UNSAFE.search(line)
    assert json.loads(line) == value
