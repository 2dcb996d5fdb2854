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
- **4** (issue 15, BT-C-75): a `Shot` gains ``munition`` (the load chosen at declaration, ``""``
  the fullest bin) and ``double`` (an Ultra autocannon at double rate); an `Attack` gains
  ``munition`` and ``rate``; `ClusterRolled` gains ``modifiers`` (Artemis IV, NARC pod); new
  events ``bt/jammed``, ``bt/ams``, ``bt/narc``. Older saves hold none of them: every new field
  takes its default (``""``/False, "standard"/1, no modifiers), which is what they played.
- **5** (issue 15 items 3 and 6): new classes only, so older saves read unchanged: the command
  ``bt/sinks`` (`SwitchHeatSinks`, BT-C-52) and the events ``bt/sinks_switched``,
  ``bt/skid_dodged`` and ``bt/skid_collided`` (BT-M-29.7/29.8).
- **6**, **7**, **8**: numbers given to other branches of the same session (jitter, indirect,
  environ); on this branch they change nothing.
- **9** (issue 15 item 5, BT-C-60.5, BT-C-90.11): the setup gains ``wind`` (the scenario's wind
  direction, ``null`` when rolled in play); an older save had none (``null``). New event
  ``bt/building_shielded`` (a building took part of a hit on a unit inside).
"""

from __future__ import annotations

from engine.schema import JSONDict, Migration

__all__ = ["MIGRATIONS", "SCHEMA_VERSION"]

SCHEMA_VERSION = 9
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


def _special_weapons(line: JSONDict) -> JSONDict:
    """Schema 3 -> 4 (BT-C-75): nothing to rewrite: the new fields' defaults are the old play.

    A shot without ``munition``/``double`` took the fullest bin at single rate; an attack without
    ``munition``/``rate`` fired one standard shot (an LB-X's cluster load stays readable from its
    "cluster ammunition" term); a cluster roll without ``modifiers`` had none.
    """
    return line


def _calm(header: JSONDict) -> JSONDict:
    """Schema 8 -> 9 (BT-C-60.5): the setup names the wind; before, it was always rolled."""
    setup = header.get("setup")
    if not isinstance(setup, dict) or "wind" in setup:
        return header
    return {**header, "setup": {**setup, "wind": None}}


MIGRATIONS: dict[int, Migration] = {
    1: Migration(header=_people_only),
    2: Migration(header=_daylight),
    3: Migration(line=_special_weapons),
    4: Migration(),  # schema 5 adds classes only: a schema-4 save reads as it is
    5: Migration(),  # 6-8: other branches' numbers (the lead chains them)
    6: Migration(),
    7: Migration(),
    8: Migration(header=_calm),
}
"""Schema v -> the migration from v to v + 1."""
