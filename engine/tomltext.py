"""Where in a TOML text a key is: the line a data file's error points at.

`tomllib` gives tables without line numbers, so every ruleset's TOML reader (BattleTech's
scenarios, ``engine.battletech.data.scenario``; Age of Destruction's files,
``engine.tomlfile``) finds the line of a bad value again in the text: each table's span
by its header (`sections`), then the line that sets the key in it (`setter`). TOML's own syntax
errors carry ``(at line N, column M)``, which `syntax_error` turns into a line and a reason.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["HEADER", "Key", "sections", "setter", "syntax_error"]

Key = tuple[str | int, ...]
"""Where in a file's table a value is: ``("side", 1, "units")``, ``("dial", 3, "atk")``."""

HEADER: Final = re.compile(r"\s*(\[\[?)\s*([A-Za-z0-9_.\s\"'-]+?)\s*\]\]?\s*(#.*)?$")
"""A table header line: ``[victory]`` or ``[[side]]`` (group 1 the brackets, 2 the name)."""
_TOML_AT: Final = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")


def sections(lines: list[str]) -> dict[Key, tuple[int, int]]:
    """Where each table of a TOML text starts and ends: ``{("side", 1): (header, end)}``.

    The top (before the first header) is ``()``; the n-th ``[[side]]`` is ``("side", n)``
    (0-based line numbers, the end exclusive).
    """
    tables: dict[str, int] = {}
    section: Key = ()
    found: dict[Key, tuple[int, int]] = {(): (0, len(lines))}
    for number, line in enumerate(lines):
        if (header := HEADER.match(line)) is None:
            continue
        found[section] = (found[section][0], number)
        name = header[2].replace(" ", "").replace('"', "").replace("'", "")
        if header[1] == "[[":
            tables[name] = tables.get(name, -1) + 1
            section = (*name.split("."), tables[name])
        else:
            section = tuple(name.split("."))
        found[section] = (number, len(lines))
    return found


def setter(name: str) -> re.Pattern[str]:
    """A line that sets key ``name``: ``name = ...`` at its start or inside an inline table."""
    return re.compile(rf"^\s*{re.escape(name)}\s*=|[{{,]\s*{re.escape(name)}\s*=")


def syntax_error(message: str) -> tuple[str, int] | None:
    """TOML's ``Invalid value (at line 3, column 5)`` as ``("invalid value (column 5)", 3)``.

    None when the message names no line.
    """
    found = _TOML_AT.search(message)
    if found is None:
        return None
    reason = message[: found.start()]
    return f"{reason[:1].lower()}{reason[1:]} (column {found[2]})", int(found[1])
