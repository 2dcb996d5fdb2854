"""Versioned JSON data and the step-by-step upgrades between versions (STYLE 12, DESIGN 4).

A save names two versions in its header: the kernel's file format (``"version"``, owned by
`saves.migrations`) and its ruleset's schema (``"schema"``, owned by each ruleset in
``engine/<ruleset>/migrations.py``). Both are upgraded the same way: a `Migration` turns data of
version v into version v + 1, and a `Chain` applies the steps from a file's version to today's, on
plain JSON data (dicts, lists, strings, numbers) before anything is structured.

Pure: no files, no registry. The rules that own a version only name their migrations here, so the
engine never imports ``saves``.

**Changing a ruleset's saved fields.** The schema is the fields of every command, event and setup
class as they were written. When a change to those classes would make an old save unreadable (a
field added, renamed, removed or retyped; a tag renamed; a value's meaning changed), the same
change must:

1. bump the ruleset's ``SCHEMA_VERSION`` (N -> N + 1) and add a line to its schema history;
2. add ``MIGRATIONS[N] = Migration(header=..., line=...)`` in its ``migrations.py``: functions
   that turn schema-N JSON into schema-N+1 JSON (plain dicts, before anything is structured;
   return new dicts, never change the argument). ``header`` upgrades the header line (its
   ``setup``), ``line`` one entry line (``{"n", "command", "events", "dice"}``) or marker line
   (``{"op", "n"}``: pass it through).
   For example, an event that gains a field with a known old value::

       def _add_cause(line: JSONDict) -> JSONDict:
           if "events" not in line:
               return line
           events = [{"cause": "", **e} if e.get("type") == "some/tag" else e
                     for e in line["events"]]
           return {**line, "events": events}

       MIGRATIONS[1] = Migration(line=_add_cause)

3. record the new fields: ``PYTHONPATH=. python -m tests.saves.test_schemas --record`` (writes
   ``tests/data/schemas/<ruleset>.json``; ``tests/saves/test_schemas.py`` fails until it is done);
4. add a golden save written with the new schema (``tests/data/saves/make_goldens.py``) and keep
   the old ones: ``tests/saves/test_golden.py`` loads every one of them forever.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from attrs import frozen

__all__ = ["Chain", "JSONDict", "Migration", "TooNewError", "Versioned", "chain"]

JSONDict = dict[str, Any]
"""One parsed JSON object: the header or one later line of a save."""


def _same(data: JSONDict) -> JSONDict:
    return data


@frozen
class Migration:
    """How to turn data of version v into version v + 1.

    Both functions take plain JSON data and return new data; they must not change their argument.

    Attributes:
        header: upgrades the header line (its version key is then set by `Chain`).
        line: upgrades one entry or marker line.
    """

    header: Callable[[JSONDict], JSONDict] = _same
    line: Callable[[JSONDict], JSONDict] = _same


class Versioned(Protocol):
    """What owns a schema: a ruleset's name, its current schema and its migrations."""

    @property
    def name(self) -> str:
        """The owner's name, for messages."""
        ...

    @property
    def schema_version(self) -> int:
        """The schema this program writes."""
        ...

    @property
    def migrations(self) -> Mapping[int, Migration]:
        """Schema v -> the migration from v to v + 1."""
        ...


class TooNewError(ValueError):
    """The data was written by a newer hexmech than this one."""


@frozen
class Chain:
    """The migrations that take one file's data from its version to the current one, in order.

    Attributes:
        key: the header key that holds this version (``"version"`` or ``"schema"``).
        start: the file's version.
        steps: the migrations from ``start`` on; empty when the file is current.
    """

    key: str
    start: int
    steps: tuple[Migration, ...]

    @property
    def target(self) -> int:
        """The version the chain reaches."""
        return self.start + len(self.steps)

    def header(self, data: JSONDict) -> JSONDict:
        """Upgrade a header, setting its version key after every step."""
        for offset, step in enumerate(self.steps, start=1):
            data = {**step.header(data), self.key: self.start + offset}
        return data

    def line(self, data: JSONDict) -> JSONDict:
        """Upgrade one later line."""
        for step in self.steps:
            data = step.line(data)
        return data

    def apply(self, header: JSONDict, lines: list[JSONDict]) -> tuple[JSONDict, list[JSONDict]]:
        """Upgrade a header and its lines."""
        return self.header(header), [self.line(line) for line in lines]


def chain(
    version: object,
    current: int,
    migrations: Mapping[int, Migration],
    *,
    key: str,
    what: str,
    owner: str = "",
) -> Chain:
    """Return the chain from ``version`` to ``current``.

    Args:
        version: the version the file names (checked here: any JSON value may come in).
        current: the version this program writes.
        migrations: version v -> the migration from v to v + 1.
        key: the header key of the version.
        what: the version's name in messages (``"save format"``, ``"schema"``).
        owner: whose version it is, for messages (a ruleset's name), or "".

    Raises:
        TooNewError: the file is newer than this program.
        ValueError: the version is not a positive whole number, or a step is missing.
    """
    of = f" of {owner}" if owner else ""
    if type(version) is not int or version < 1:
        raise ValueError(f"the {what} version{of} ({version!r}) is not a positive whole number")
    if version > current:
        raise TooNewError(
            f"the save was written by a newer hexmech ({what} {version}{of}; this one reads up "
            f"to {current}): update hexmech to open it"
        )
    steps = []
    for step_from in range(version, current):
        step = migrations.get(step_from)
        if step is None:
            raise ValueError(f"no upgrade is known from {what} {step_from}{of}")
        steps.append(step)
    return Chain(key, version, tuple(steps))
