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
- **6** (issue 15 item 4): the setup gains ``environment``
  (BT-M-39 / BT-C-61: gravity, vacuum, swamp, ice); an older save is a standard battlefield
  (``null``). New events ``bt/stuck``, ``bt/freed``, ``bt/ice_roll``, ``bt/ice_broken``,
  ``bt/breach``.
- **7** (issue 16, NT-4): new classes only, so older saves read unchanged: the command
  ``bt/jitter_choose`` (`ChooseJitterFirer`: the moving side chooses which of equally near
  enemies jitter-fires) and the events ``bt/jitter_asked`` and ``bt/jitter_chosen``; the event
  ``bt/charge_lapsed`` (a charge declared in movement that can no longer be made, BT-C-42). (The
  state's ``night.asking`` is not in the schema: kept states of schema 6 are ignored.)
- **8** (issue 15 item 1, BT-C-75: MASC): a `Move` gains ``masc`` (run with the MASC switched
  on); the new event ``bt/masc`` (`engine.battletech.rules.masc.MASCRolled`). Older saves never
  switched a MASC on: the default False is what they played.
- **9** (issue 15 item 2, BT-C-16/67/72): a `Shot` and an `Attack` gain ``spotter`` (the friend
  spotting for indirect fire, ``null`` for direct fire); new events ``bt/spotter_penalized``,
  ``bt/artillery_scattered`` and ``bt/artillery_landed``. Older saves fired directly and had no
  artillery fire: the new field's default (``null``) is what they played.
- **10** (issue 15 item 5, BT-C-60.5, BT-C-90.11): the setup gains ``wind`` (the scenario's wind
  direction, ``null`` when rolled in play); an older save had none (``null``). New event
  ``bt/building_shielded`` (a building took part of a hit on a unit inside).
- **11** (issue 20 item 1): no command, event or setup field changes, so older saves read
  unchanged. The unit state (kept states, format 4) splits into a core, ``body`` (the 'Mech's
  armor, heat, crits ...) and ``this_turn`` (`TurnFlags`): kept states of schema 10 and older
  have the flat shape and are ignored (the loader folds the log instead). A setup unit's
  ``design`` may now be any kind's design (a vehicle, a platoon, a battle armor squad, told apart
  by their fields); older saves hold 'Mech designs, read as before.
- **12** (issue 20 items 2-3, BT-M-37.3): new event ``bt/elevation_changed`` (a VTOL's elevation
  after its move); no field changes, so older saves read unchanged.
- **13** (issue 20 items 2-3, attacks by and on vehicles, platoons and squads): new event
  classes only (``bt/vehicle_hit``, ``bt/vehicle_critical``, ``bt/motive``, ``bt/vtol_crashed``,
  ``bt/troopers_lost``, ``bt/trooper_hit``, ``bt/crew_recovered``,
  `engine.battletech.kindevents`), so older saves read unchanged: the identity from 11 or 12.
- **14** (issue 20, BT-C-35.8..35.10, anti-'Mech attacks): new classes only, so older saves read
  unchanged: the commands ``bt/leg_attack``, ``bt/swarm``, ``bt/stop_swarm``, ``bt/brush_off``
  and the events ``bt/anti_mech_declared``, ``bt/anti_mech_rolled``, ``bt/swarm_started``,
  ``bt/swarm_carried``, ``bt/swarm_ended`` (`engine.battletech.antimechevents`). The swarm link
  is the body's ``swarming`` (already in the unit state); the kept state's `TurnFlags` gains
  ``anti_mech`` (default None: nothing declared), which older kept states read as its default.
- **15** (issue 20, transport, BT-C-35.13): a vehicle design gains ``troop_space`` (tons of
  infantry compartment, from the ``.blk`` ``<transporters>``); an older save's vehicles carried
  nobody (``0.0``). New commands ``bt/load`` and ``bt/unload``
  (`engine.battletech.transportcommands`) and events ``bt/loaded``, ``bt/unloaded``,
  ``bt/cargo_hit``, ``bt/crash_survival`` (`engine.battletech.transportevents`). A passenger's
  ``carried_by`` lives in its body (kept states only).
"""

from __future__ import annotations

from engine.schema import JSONDict, Migration

__all__ = ["MIGRATIONS", "SCHEMA_VERSION"]

SCHEMA_VERSION = 15
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


def _standard_environment(header: JSONDict) -> JSONDict:
    """Schema 5 -> 6: the setup names its environment (BT-M-39); before, it was always standard."""
    setup = header.get("setup")
    if not isinstance(setup, dict) or "environment" in setup:
        return header
    return {**header, "setup": {**setup, "environment": None}}


def _masc(line: JSONDict) -> JSONDict:
    """Schema 7 -> 8 (BT-C-75): nothing to rewrite: a move without ``masc`` ran without it.

    It touches no other field, so it upgrades a save of any older schema as well.
    """
    return line


def _indirect_fire(line: JSONDict) -> JSONDict:
    """Schema 8 -> 9 (BT-C-16): nothing to rewrite: every older shot and attack was direct.

    A shot or an attack without ``spotter`` takes its default, None (direct fire); the new
    events do not occur in older saves.
    """
    return line


def _calm(header: JSONDict) -> JSONDict:
    """Schema 9 -> 10 (BT-C-60.5): the setup names the wind; before, it was always rolled."""
    setup = header.get("setup")
    if not isinstance(setup, dict) or "wind" in setup:
        return header
    return {**header, "setup": {**setup, "wind": None}}


_VEHICLE_KEYS = frozenset({"unit_type", "motion", "cruise", "locations"})
"""The fields that tell a vehicle design from the other kinds' in a setup (schema 11)."""


def _no_troop_space(header: JSONDict) -> JSONDict:
    """Schema 14 -> 15 (BT-C-35.13): every vehicle design of the setup carries nobody.

    Touches only vehicle designs without ``troop_space``, so it upgrades a schema-13 save too.
    """
    setup = header.get("setup")
    if not isinstance(setup, dict) or not isinstance(setup.get("units"), list):
        return header
    units = []
    for unit in setup["units"]:
        design = unit.get("design") if isinstance(unit, dict) else None
        if isinstance(design, dict) and design.keys() >= _VEHICLE_KEYS:
            units.append({**unit, "design": {"troop_space": 0.0, **design}})
        else:
            units.append(unit)
    return {**header, "setup": {**setup, "units": units}}


MIGRATIONS: dict[int, Migration] = {
    1: Migration(header=_people_only),
    2: Migration(header=_daylight),
    3: Migration(line=_special_weapons),
    4: Migration(),  # schema 5 adds classes only: a schema-4 save reads as it is
    5: Migration(header=_standard_environment),
    6: Migration(),  # schema 7 adds classes only (NT-4's choice): a schema-6 save reads as it is
    7: Migration(line=_masc),
    8: Migration(line=_indirect_fire),
    9: Migration(header=_calm),
    10: Migration(),  # schema 11 reshapes the kept unit state only: a schema-10 save reads as it is
    11: Migration(),  # schema 12 adds the event bt/elevation_changed only
    12: Migration(),  # schema 13 adds event classes only (kindevents): older saves read as they are
    13: Migration(),  # schema 14 adds anti-'Mech command and event classes only (antimechevents)
    14: Migration(header=_no_troop_space),  # 15: transport (BT-C-35.13)
}
"""Schema v -> the migration from v to v + 1."""
