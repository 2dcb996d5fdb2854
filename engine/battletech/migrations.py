"""BattleTech's save schema: its version and the upgrades from every older one (DESIGN 4).

A save's header names the schema of its ruleset's data (``"schema"``). A change to the fields of
a command, event or setup class comes with a bump of `SCHEMA_VERSION`, a migration here, a new
record of the fields and a golden save: the steps are in `engine.schema`.

Schema history:

- **1**: the BattleTech data of hexmech 0.1 (every save written before schemas existed).
- **2** (issue 21): the setup gains ``computer``, who plays each side (``""`` a person, else the
  computer's personality); every side of an older save is a person.
- **3** (issue 16): the setup gains ``night``, the scenario's night settings (NT-5); an older save
  is a daylight game (``null``).
- **4**: special weapons (issue 15 item 1).
- **5** (issue 15 items 3 and 6): new classes only, so older saves read unchanged: the command
  ``bt/sinks`` (`SwitchHeatSinks`, BT-C-52) and the events ``bt/sinks_switched``,
  ``bt/skid_dodged`` and ``bt/skid_collided`` (BT-M-29.7/29.8).
"""

from __future__ import annotations

from engine.schema import JSONDict, Migration

__all__ = ["MIGRATIONS", "SCHEMA_VERSION"]

SCHEMA_VERSION = 5
"""The schema this program writes."""


def _people_only(header: JSONDict) -> JSONDict:
    """Schema 1 -> 2: the setup says who plays each side; before, people played them all."""
    setup = header.get("setup")
    if not isinstance(setup, dict) or "computer" in setup:
        return header
    return {**header, "setup": {**setup, "computer": []}}


def _daylight(header: JSONDict) -> JSONDict:
    """Schema 2 -> 3: the setup says whether it is night (NT-5); before, it was always day."""
    setup = header.get("setup")
    if not isinstance(setup, dict) or "night" in setup:
        return header
    return {**header, "setup": {**setup, "night": None}}


MIGRATIONS: dict[int, Migration] = {
    1: Migration(header=_people_only),
    2: Migration(header=_daylight),
    3: Migration(),  # special weapons: merged next
    4: Migration(),  # schema 5 adds classes only: a schema-4 save reads as it is
}
"""Schema v -> the migration from v to v + 1."""
