"""Save-format versions and the upgrades between them (STYLE 12).

A save names its format version in the header. Loading applies ``MIGRATIONS[v]`` for every version
from the file's up to `CURRENT_VERSION`, to the header and to every later line, as plain JSON data
before anything is structured. So an old save is read by today's code, and tests keep one golden
save for every version ever released (``tests/data/saves/v*.jsonl``).

Version history:

- **1** (hexmech 0.1): header ``{"format": "hexmech", "version": 1, "ruleset", "seed", "dice",
  "undo", "created", "setup"}``; entry lines ``{"n", "command", "events", "dice": [start, end]}``;
  marker lines ``{"op": "undo" | "redo", "n"}``.

To release version 2: set ``CURRENT_VERSION = 2`` and add ``MIGRATIONS[1] = Migration(...)`` whose
functions turn version-1 data into version-2 data; add a v2 golden save; keep the v1 one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from attrs import frozen

__all__ = ["CURRENT_VERSION", "MIGRATIONS", "Migration", "TooNewError", "upgrade"]

JSONDict = dict[str, Any]

CURRENT_VERSION = 1


def _same(data: JSONDict) -> JSONDict:
    return data


@frozen
class Migration:
    """How to turn data of version v into version v + 1.

    Attributes:
        header: upgrades the header line (its ``version`` is set by `upgrade`).
        line: upgrades one entry or marker line.
    """

    header: Callable[[JSONDict], JSONDict] = _same
    line: Callable[[JSONDict], JSONDict] = _same


#: version v -> the migration from v to v + 1.
MIGRATIONS: dict[int, Migration] = {}


class TooNewError(ValueError):
    """The save was written by a newer hexmech than this one."""


def upgrade(
    header: JSONDict, lines: list[JSONDict], *, current: int | None = None
) -> tuple[JSONDict, list[JSONDict]]:
    """Bring a header and its lines from the header's version up to ``current``.

    Args:
        header: the parsed header line; its ``version`` says where to start.
        lines: the parsed later lines.
        current: the version to reach; `CURRENT_VERSION` by default.

    Raises:
        TooNewError: the file is newer than this program.
        ValueError: the version is not a known one.
    """
    target = CURRENT_VERSION if current is None else current
    version = header.get("version")
    if type(version) is not int or version < 1:
        raise ValueError(f"the save format version {version!r} is not a positive whole number")
    if version > target:
        raise TooNewError(
            f"the save was written by a newer hexmech (format {version}; this one reads up to "
            f"{target}): update hexmech to open it"
        )
    while version < target:
        step = MIGRATIONS.get(version)
        if step is None:
            raise ValueError(f"no upgrade is known from save format {version}")
        header = {**step.header(header), "version": version + 1}
        lines = [step.line(line) for line in lines]
        version += 1
    return header, lines
