"""Reading Dystopian Wars asset files (TOML): AoD's generic TOML helpers with DW's error type.

The getters, the key-to-line search and the one-line ``FILE:LINE: reason`` message are the ones of
`engine.aod.data.tomlfile` (they know nothing of AoD); this module re-exports them and gives the
errors DW's own type, `DwFileError`, so a DW reader never raises an AoD error to its callers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from engine.aod.data import tomlfile as _toml
from engine.aod.data.tomlfile import (
    Key,
    Table,
    boolean,
    check_keys,
    choice,
    integer,
    string_list,
    table_list,
    text,
    where,
)

__all__ = [
    "DwFileError",
    "Key",
    "Table",
    "boolean",
    "check_keys",
    "choice",
    "integer",
    "read_text",
    "string_list",
    "table_list",
    "text",
    "where",
]

T = TypeVar("T")


class DwFileError(_toml.AodFileError):
    """A Dystopian Wars asset file that cannot be used: the reason, and where.

    ``str()`` is ``N: reason``; `where` gives ``FILE:LINE: reason``. Control characters quoted
    from the file are escaped, so the message is one printable line.
    """

    def at_line(self, line: int) -> DwFileError:
        """The same error, placed on ``line``."""
        return DwFileError(self.reason, self.key, line)


def read_text(source: str, build: Callable[[Table], T]) -> T:
    """Load TOML ``source`` and build a value from its table; errors carry their line.

    Raises:
        DwFileError: TOML's own errors with their line, or ``build``'s with the line of its key.
    """
    try:
        return _toml.read_text(source, build)
    except DwFileError:
        raise
    except _toml.AodFileError as exc:
        raise DwFileError(exc.reason, exc.key, exc.line) from None
