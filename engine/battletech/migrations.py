"""BattleTech's save schema: its version and the upgrades from every older one (DESIGN 4).

A save's header names the schema of its ruleset's data (``"schema"``). A change to the fields of
a command, event or setup class comes with a bump of `SCHEMA_VERSION`, a migration here, a new
record of the fields and a golden save: the steps are in `engine.schema`.

Schema history:

- **1**: the BattleTech data of hexmech 0.1 (every save written before schemas existed).
- **2** (issue 21): the setup gains ``computer``, who plays each side (``""`` a person, else the
  computer's personality); every side of an older save is a person.
"""

from __future__ import annotations

from engine.schema import JSONDict, Migration

__all__ = ["MIGRATIONS", "SCHEMA_VERSION"]

SCHEMA_VERSION = 2
"""The schema this program writes."""


def _people_only(header: JSONDict) -> JSONDict:
    """Schema 1 -> 2: the setup says who plays each side; before, people played them all."""
    setup = header.get("setup")
    if not isinstance(setup, dict) or "computer" in setup:
        return header
    return {**header, "setup": {**setup, "computer": []}}


MIGRATIONS: dict[int, Migration] = {1: Migration(header=_people_only)}
"""Schema v -> the migration from v to v + 1."""
