"""The one error type of the unit and board readers: a line number and a reason a player can read.

Parsers are pure (text in, objects out) and do not know the file's name; the code that opened the
file adds it, so every message reads ``FILE:LINE: reason`` (``hexmech validate``, the setup screen).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["FileFormatError", "printable"]

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

    The engine's copy of `saves.text.printable` (the engine imports nothing outside it; a test
    checks that the two agree): C0 and C1 controls, DEL, the bidi controls, the line and
    paragraph separators and lone surrogates become ``\x1b``, ``\n``, ``\u202e``...; any
    other text comes back unchanged. A unit or board file's words quoted in a message (and the
    file's name) pass through it, so the message stays one line a terminal only displays.

    Args:
        text: anything taken from a file.
    """
    return _UNSAFE.sub(_escape, text)


class FileFormatError(ValueError):
    """A unit or board file that cannot be read.

    Attributes:
        line: the 1-based line the problem is on (0 when it concerns the whole file).
        reason: what is wrong, in one line ("armor: expected a number, got 'ten'"); control
            characters quoted from the file are escaped (`printable`).
    """

    def __init__(self, line: int, reason: str) -> None:
        reason = printable(reason)
        super().__init__(f"{line}: {reason}" if line else reason)
        self.line = line
        self.reason = reason

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FileFormatError):
            return NotImplemented
        return (self.line, self.reason) == (other.line, other.reason)

    def __hash__(self) -> int:
        return hash((self.line, self.reason))

    def where(self, filename: str) -> str:
        """Return the message as ``FILE:LINE: reason`` (``FILE: reason`` without a line).

        The file's name is escaped like the reason (`printable`).
        """
        filename = printable(filename)
        if self.line:
            return f"{filename}:{self.line}: {self.reason}"
        return f"{filename}: {self.reason}"
