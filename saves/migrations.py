"""Save-format versions and the upgrades between them (STYLE 12).

A save's header names two versions: the kernel's file format (``"version"``, kept here) and its
ruleset's schema (``"schema"``, kept by the ruleset: ``Ruleset.schema_version`` and
``Ruleset.migrations``, in ``engine/<ruleset>/migrations.py``). Loading first applies
``MIGRATIONS[v]`` for every format version from the file's up to `CURRENT_VERSION` (`upgrade`),
then the ruleset's migrations from the header's schema up to the ruleset's current one
(`upgrade_schema`), to the header and to every later line, as plain JSON data before anything is
structured. So an old save is read by today's code, and tests keep golden saves of every version
ever released (``tests/data/saves/*.jsonl``, loaded by ``tests/saves/test_golden.py``).

Format history:

- **1** (hexmech 0.1): header ``{"format": "hexmech", "version": 1, "ruleset", "seed", "dice",
  "undo", "created", "setup"}``; entry lines ``{"n", "command", "events", "dice": [start, end]}``;
  marker lines ``{"op": "undo" | "redo", "n"}``.
- **2**: the header gains ``"schema"``, the version of its ruleset's commands, events and setup.
  Format-1 saves were written before rulesets had versions: they are schema 1.

- **3** (issue 14 row 12): the setup, commands and events are written as *records*, arrays of
  their field values, and the header gains ``"records"``, the table of their field names
  (`saves.codec` lists the encoding; a long list of repeated records, such as a board's hexes, is
  a palette and an index). Reading turns the records back into format-2 dictionaries with the
  file's own table before anything else (`saves.records.Decoder`), so the data the migrations see
  is the same in both formats: the step from 2 to 3 changes nothing. A journal opened to go on
  goes on writing in its file's format.

- **4** (issue 14 row 2): a journal keeps the game's state every `saves.snapshots.SNAPSHOT_EVERY`
  commands, on a line ``{"op": "state", "n": N, "state": PATCH}``: the state after entry ``N`` (the
  last in effect), as a patch of the game's initial state (`saves.snapshots`). Opening a save to
  play starts from the last one and folds only the entries after it (the others are folded after
  the first frame, and compared). Nothing else changed: the step from 3 to 4 changes no data, and
  a reader that folds every entry checks only where each kept state stands.

To release format 5: set ``CURRENT_VERSION = 5`` and add ``MIGRATIONS[4] = Migration(...)`` whose
functions turn format-4 data into format-5 data; add a golden save written by format 5 (see
``tests/data/saves/README.md``); keep the old ones.
"""

from __future__ import annotations

from engine.schema import Chain, JSONDict, Migration, TooNewError, Versioned, chain

__all__ = [
    "CURRENT_VERSION",
    "MIGRATIONS",
    "JSONDict",
    "Migration",
    "TooNewError",
    "format_chain",
    "schema_chain",
    "upgrade",
    "upgrade_schema",
]

CURRENT_VERSION = 4


def _add_schema(header: JSONDict) -> JSONDict:
    """Format 1 -> 2: a save from before ruleset schemas is schema 1 of its ruleset."""
    return {**header, "schema": 1}


#: version v -> the migration from v to v + 1. Format 3 changed the encoding, not the data: once
#: its records are read back (`saves.records`), its data is format 2's.
#: Format 4 added kept states (lines of their own), not data.
MIGRATIONS: dict[int, Migration] = {
    1: Migration(header=_add_schema),
    2: Migration(),
    3: Migration(),
}


def format_chain(header: JSONDict, *, current: int | None = None) -> Chain:
    """Return the kernel's upgrades from the header's format version to ``current``.

    Args:
        header: the parsed header line; its ``version`` says where to start.
        current: the version to reach; `CURRENT_VERSION` by default.

    Raises:
        TooNewError: the file is newer than this program.
        ValueError: the version is not a known one.
    """
    target = CURRENT_VERSION if current is None else current
    return chain(header.get("version"), target, MIGRATIONS, key="version", what="save format")


def upgrade(
    header: JSONDict, lines: list[JSONDict], *, current: int | None = None
) -> tuple[JSONDict, list[JSONDict]]:
    """Bring a header and its lines from the header's format version up to ``current``.

    Args:
        header: the parsed header line; its ``version`` says where to start.
        lines: the parsed later lines.
        current: the version to reach; `CURRENT_VERSION` by default.

    Raises:
        TooNewError: the file is newer than this program.
        ValueError: the version is not a known one.
    """
    return format_chain(header, current=current).apply(header, lines)


def schema_chain(header: JSONDict, ruleset: Versioned) -> Chain:
    """Return the ruleset's upgrades from the header's schema to the ruleset's current one.

    Args:
        header: a header already at the current format (it has a ``schema``).
        ruleset: the ruleset the header names (``schema_version``, ``migrations``).

    Raises:
        TooNewError: the save was written with a newer schema of the ruleset.
        ValueError: the schema is missing or not a known one.
    """
    if "schema" not in header:
        raise ValueError(f"the header has no 'schema' (the version of its {ruleset.name} data)")
    return chain(
        header["schema"],
        ruleset.schema_version,
        ruleset.migrations,
        key="schema",
        what="schema",
        owner=ruleset.name,
    )


def upgrade_schema(
    header: JSONDict,
    lines: list[JSONDict],
    ruleset: Versioned,
) -> tuple[JSONDict, list[JSONDict]]:
    """Bring a header (at the current format) and its lines up to the ruleset's current schema.

    Raises:
        TooNewError: the save was written with a newer schema of the ruleset.
        ValueError: the schema is missing or not a known one.
    """
    return schema_chain(header, ruleset).apply(header, lines)
