r"""Quoting file content in a message: `printable` escapes what a terminal would obey.

A save, a score table or a file name is data from outside: a key like ``"\x1b]0;PWNED\x07"``
copied raw into an error would set the terminal's title, clear the screen, or split a one-line
message in two (``\n``, U+2028), and a bidi override (U+202E) would show the line's end backwards.
Every message built from such content passes it through `printable` once, where the message is
made (`saves.journal.SaveError`, `saves.codec.describe_error`, the score table's warnings, the
command line's error printer), so the CLI, the TUI and the SSH sessions show the same safe line.

``engine.text`` keeps its own copy for the rulesets' data files (the engine does not import
``saves``); a test checks that the two agree.
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

__all__ = ["UNSAFE", "json_text", "printable"]

UNSAFE: Final = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]"
)
"""What `printable` escapes: C0 controls, DEL, C1 controls, the Unicode bidi controls (U+061C,
U+200E-U+200F, U+202A-U+202E, U+2066-U+2069), the line and paragraph separators (U+2028-U+2029),
and lone surrogates (a file name that was not UTF-8), which no terminal can be sent."""


_SHORT: Final = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    if char in _SHORT:
        return _SHORT[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"  # noqa: PLR2004 - one byte


def printable(text: str) -> str:
    r"""Return ``text`` with every control character written as its Python escape.

    ``\x1b`` becomes the four characters ``\x1b``, a newline the two characters ``\n`` (a tab
    ``\t``, a carriage return ``\r``), U+202E the six characters ``\u202e``. Everything else
    (letters of any script, emoji, backslashes) is kept as it is: text without control characters
    comes back unchanged, and applying it twice changes nothing more.

    Args:
        text: anything taken from a file (a key, a value, a file name, a parser's message).
    """
    return UNSAFE.sub(_escape, text)


def _json_escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def json_text(value: Any) -> str:  # noqa: ANN401 - any JSON value
    r"""Return ``value`` as one line of JSON that a terminal shows as it is.

    `json.dumps` with ``ensure_ascii=False`` keeps letters of every script readable and escapes
    C0 controls, but writes DEL, C1 controls, bidi overrides, U+2028 and lone surrogates raw (a
    lone surrogate cannot even be printed). Each of those becomes a ``\uXXXX`` escape here, so the
    line still parses back to the same value.

    Args:
        value: what `json.dumps` accepts (a save's summary, with strings from the file).
    """
    return UNSAFE.sub(_json_escape, json.dumps(value, ensure_ascii=False))
