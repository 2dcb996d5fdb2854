"""Text quoted from files into one-line messages: control characters written as escapes.

A kernel helper for every ruleset's file readers (``engine.battletech.data``, ``engine.aod.data``):
the engine imports nothing outside it, so this is the engine's copy of `saves.text.printable`
(``tests/saves/test_control_characters.py`` checks that the two agree).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["printable"]

_UNSAFE: Final = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]"
)
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
    return _UNSAFE.sub(_escape, text)
