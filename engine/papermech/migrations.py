"""Paper 'Mech's save schema: its version and the upgrades from every older one (DESIGN 4).

A save's header names the schema of its ruleset's data (``"schema"``): the fields of every
command, event and setup class as they were written. When a change to those classes would make an
old save unreadable (a field added, renamed, removed or retyped; a tag renamed; a value's meaning
changed), the same change must:

1. bump `SCHEMA_VERSION` (N -> N + 1) and add a line to the history below;
2. add ``MIGRATIONS[N] = Migration(header=..., line=...)``: functions that turn schema-N JSON into
   schema-N+1 JSON (plain dicts, before anything is structured; return new dicts, never change the
   argument). ``header`` upgrades the header line (its ``setup``), ``line`` one entry line
   (``{"n", "command", "events", "dice"}``) or marker line (``{"op", "n"}``: pass it through).
   For example, an event that gains a field with a known old value::

       def _add_cause(line: JSONDict) -> JSONDict:
           if "events" not in line:
               return line
           events = [{"cause": "", **e} if e.get("type") == "some/tag" else e
                     for e in line["events"]]
           return {**line, "events": events}

       MIGRATIONS[1] = Migration(line=_add_cause)

3. record the new fields: ``PYTHONPATH=. python -m tests.saves.test_schemas --record`` (writes
   ``tests/data/schemas/papermech.json``; ``tests/saves/test_schemas.py`` fails until it is done);
4. add a golden save written with the new schema (``tests/data/saves/make_goldens.py``) and keep
   the old ones: ``tests/saves/test_golden.py`` loads every one of them forever.

Schema history:

- **1**: the Paper 'Mech data of hexmech 0.1 (every save written before schemas existed).
"""

from __future__ import annotations

from engine.schema import Migration

__all__ = ["MIGRATIONS", "SCHEMA_VERSION"]

SCHEMA_VERSION = 1
"""The schema this program writes."""

MIGRATIONS: dict[int, Migration] = {}
"""Schema v -> the migration from v to v + 1."""
