"""The one error type of the unit and board readers: a line number and a reason a player can read.

Parsers are pure (text in, objects out) and do not know the file's name; the code that opened the
file adds it, so every message reads ``FILE:LINE: reason`` (``hexmech validate``, the setup screen).
"""

from __future__ import annotations

from engine.text import printable

__all__ = ["MAX_DIGITS", "FileFormatError", "bounded_int"]

MAX_DIGITS = 9
"""Digits a number in a unit or board file may have; longer ones are refused before `int` reads
them (Python refuses more than 4,300 digits with its own error, and no real value needs 10)."""


class FileFormatError(ValueError):
    """A unit or board file that cannot be read.

    Attributes:
        line: the 1-based line the problem is on (0 when it concerns the whole file).
        reason: what is wrong, in one line ("armor: expected a number, got 'ten'"); control
            characters quoted from the file are escaped (`engine.text.printable`).
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

        The file's name is escaped like the reason (`engine.text.printable`).
        """
        filename = printable(filename)
        if self.line:
            return f"{filename}:{self.line}: {self.reason}"
        return f"{filename}: {self.reason}"


def bounded_int(text: str, line: int, what: str, low: int, high: int) -> int:
    """Read a whole number (ASCII digits, an optional sign) from ``low`` to ``high``.

    The length is checked before the conversion, so a 5,000-digit number costs nothing.

    Args:
        text: the number as written.
        line: its line (0: none), for the error.
        what: what it is ("size", "mass"), the start of the error's reason.
        low: the smallest value allowed.
        high: the largest value allowed.

    Raises:
        FileFormatError: not a whole number, or out of range.
    """
    digits = text.removeprefix("-").removeprefix("+")
    if not (digits.isascii() and digits.isdigit()) or len(text) - len(digits) > 1:
        shown = text if len(text) <= 20 else text[:20] + "..."  # noqa: PLR2004
        raise FileFormatError(line, f"{what}: expected a whole number, got {shown!r}")
    if len(digits.lstrip("0")) > MAX_DIGITS or not low <= int(text) <= high:
        shown = text if len(text) <= 20 else f"a {len(digits)}-digit number"  # noqa: PLR2004
        raise FileFormatError(line, f"{what}: {shown} is out of range ({low} to {high})")
    return int(text)
