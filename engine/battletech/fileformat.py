"""The one error type of the unit and board readers: a line number and a reason a player can read.

Parsers are pure (text in, objects out) and do not know the file's name; the code that opened the
file adds it, so every message reads ``FILE:LINE: reason`` (``hexmech validate``, the setup screen).
"""

from __future__ import annotations

__all__ = ["FileFormatError"]


class FileFormatError(ValueError):
    """A unit or board file that cannot be read.

    Attributes:
        line: the 1-based line the problem is on (0 when it concerns the whole file).
        reason: what is wrong, in one line ("armor: expected a number, got 'ten'").
    """

    def __init__(self, line: int, reason: str) -> None:
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
        """Return the message as ``FILE:LINE: reason`` (``FILE: reason`` without a line)."""
        if self.line:
            return f"{filename}:{self.line}: {self.reason}"
        return f"{filename}: {self.reason}"
