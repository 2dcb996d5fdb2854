"""Text quoted from files into one-line messages: control characters written as escapes.

A kernel helper for every ruleset's file readers (``engine.battletech.data``, ``engine.aod.data``)
and for ``saves.text``, which re-exports it for the saves, the score table and the command line.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["UNSAFE", "printable"]

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

    C0 and C1 controls, DEL, the bidi controls, the line and paragraph separators and lone
    surrogates become ``\x1b``, ``\n``, ``\u202e``...; any other text comes back unchanged. A
    data file's words quoted in a message (and the file's name) pass through it, so the message
    stays one line a terminal only displays.

    Args:
        text: anything taken from a file.
    """
    return UNSAFE.sub(_escape, text)
