"""Reading the game's data files (units, boards): one error type and one text reader.

Every problem is one line, ``FILE:LINE: reason`` or ``FILE: reason``. Files are read as UTF-8 (a
BOM is dropped), or as Latin-1 when they are not valid UTF-8, so an old MegaMek file with a
stray accented byte still loads.
"""

from __future__ import annotations

from pathlib import Path

from engine.battletech.data.fileformat import FileFormatError

__all__ = ["DataFileError", "read_text"]


class DataFileError(ValueError):
    """A data file that cannot be used; its text is ``FILE:LINE: reason`` (``FILE: reason``).

    Attributes:
        path: the file.
        line: the 1-based line of the problem, 0 when it concerns the whole file.
        reason: what is wrong (control characters quoted from the file escaped, see
            `engine.text.printable`, as in the message).
    """

    def __init__(self, path: Path, line: int, reason: str) -> None:
        error = FileFormatError(line, reason)  # escapes control characters in the reason
        super().__init__(error.where(str(path)))  # ... and in the file's name
        self.path = path
        self.line = line
        self.reason = error.reason


def read_text(path: Path, error: type[DataFileError] = DataFileError) -> str:
    """Read a text file as UTF-8 (a BOM is dropped), or as Latin-1 when it is not UTF-8.

    Raises:
        DataFileError: (of the ``error`` subclass) the file is missing or cannot be read.
    """
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise error(path, 0, "no such file") from None
    except IsADirectoryError:
        raise error(path, 0, "a folder, not a file") from None
    except OSError as exc:
        raise error(path, 0, exc.strerror or str(exc)) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")
