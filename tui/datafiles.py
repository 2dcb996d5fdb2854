"""Data files on disk, for every ruleset whose assets are TOML: size cap, UTF-8, one-line errors.

The engine parses text (`engine.tomlfile` and each ruleset's ``data`` package); opening files lives
here at the edge. Every problem is a `engine.tomlfile.DataFileError`, one line ``FILE:LINE: reason``
once the caller adds the file's name (``hexmech validate``).
"""

from __future__ import annotations

import sys
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Final, TextIO

from engine.tomlfile import DataFileError

__all__ = ["MAX_BYTES", "file_format", "read_file"]

MAX_BYTES: Final = 256 * 1024
"""A file larger than this is refused unread (the largest bundled one is under 16 KB)."""


def read_file(path: Path) -> str:
    """The text of a data file (UTF-8; a BOM is dropped).

    Raises:
        DataFileError: missing, unreadable, too large or not UTF-8 (no line).
    """
    try:
        if path.stat().st_size > MAX_BYTES:
            raise DataFileError(f"larger than {MAX_BYTES // 1024} KB")
        data = path.read_bytes()
    except FileNotFoundError:
        raise DataFileError("no such file") from None
    except IsADirectoryError:
        raise DataFileError("a folder, not a file") from None
    except OSError as exc:
        raise DataFileError(exc.strerror or str(exc)) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise DataFileError("not UTF-8 text (TOML files are UTF-8)", line=line) from None


def file_format(text: str) -> str:
    """The ``format`` key of a file's text ("" when it has none or is no TOML)."""
    try:
        value = tomllib.loads(text).get("format", "")
    except (ValueError, RecursionError):  # TOML's errors; an integer too long to read at all
        return ""
    return value if isinstance(value, str) else ""


def report_skipped(skipped: Sequence[str], report: TextIO | None, *, named: bool) -> None:
    """Write ``hexmech: skipped FILE:LINE: reason`` (escaped) for each file a library left out.

    ``report``: by default standard error when the player named folders (``--units``: ``named``),
    else nowhere (the bundled and user files' problems are shown by ``hexmech validate``).
    """
    from saves.text import printable  # noqa: PLC0415 - only when there is something to say

    if report is None and named:
        report = sys.stderr
    if report is not None:
        for line in skipped:
            print(f"hexmech: skipped {printable(line)}", file=report)
