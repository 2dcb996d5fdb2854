"""Critical lines: what each holds, what is left to hit, what is destroyed (BT-C-29..32, BT-C-56).

Pure queries on a `MechDesign` or a `UnitState`, used by the damage procedure
(`engine.battletech.rules.damage`), the heat phase, the to-hit rules and the record sheet. A
component counts as destroyed when one of its lines was hit or its location is gone (BT-C-26 step
5: a destroyed location's components all count as hit), so an IS XL engine's side-torso lines count
as engine hits once that torso is destroyed, and a Clan XL's two lines there as two (BT-C-90.17).
"""

from __future__ import annotations

import functools
import re

from engine.battletech.data import catalogue
from engine.battletech.data.catalogue import AmmoSpec, WeaponSpec
from engine.battletech.designs.mech import Location, MechDesign, Mounted
from engine.battletech.state import UnitState

__all__ = [
    "ENGINE_HITS_DESTROY",
    "EXPLOSIVE",
    "GYRO_HITS_DESTROY",
    "ammo_shot_damage",
    "component",
    "component_destroyed",
    "engine_hits",
    "explosive_damage",
    "has_case",
    "heat_explosion_bins",
    "hittable",
    "is_xl",
    "item_at",
    "item_destroyed",
    "life_support_hit",
    "open_lines",
    "sensor_hits",
]

ENGINE_HITS_DESTROY = 3
"""BT-C-31: the third engine critical shuts the engine down for good (the 'Mech is out)."""

GYRO_HITS_DESTROY = 2
"""BT-C-31: the gyro survives one hit; the second destroys it."""

EXPLOSIVE: dict[str, int] = {"Gauss Rifle": 20, "Light Gauss Rifle": 16}
"""BT-C-31/75, BT-C-90 (ASSUMPTION): explosive components and the damage of their explosion."""

_NOT_HITTABLE = re.compile(r"endo|ferro|\bcase\b|^(?:is|cl|clan)case$", re.IGNORECASE)
"""BT-C-30: lines that can never take a critical (Endo-Steel, Ferro-Fibrous, CASE)."""

_COMPONENTS = (
    "cockpit",
    "life support",
    "sensors",
    "gyro",
    "engine",
    "shoulder",
    "upper arm",
    "lower arm",
    "hand",
    "hip",
    "upper leg",
    "lower leg",
    "foot",
    "jump jet",
    "heat sink",
)

_AMMO_SHOT: dict[str, int] = {"AMS": 2, "NARC Missile Beacon": 2}
"""BT-C-32 (ASSUMPTION): the damage of one shot of ammunition whose weapon lists none."""


def item_at(design: MechDesign, location: Location, slot: int) -> int | None:
    """The index in ``design.equipment`` of the item filling that line, or None (components)."""
    for index, item in enumerate(design.equipment):
        if item.location is location and slot in item.slots:
            return index
    return None


def component(name: str) -> str:
    """What a critical line holds, normalised: "engine", "gyro", "hip", "upper leg", ... or "".

    Matches the fixed components of BT-M-2 by name ("Fusion Engine", "XL Gyro", "Foot Actuator").
    """
    text = name.lower()
    for kind in _COMPONENTS:
        if kind in text:
            return kind
    return ""


def hittable(design: MechDesign, location: Location, slot: int) -> bool:
    """BT-C-30: True when the line holds something that can take a critical hit."""
    name = design.slots_at(location)[slot]
    return bool(name.strip()) and _NOT_HITTABLE.search(name) is None


def open_lines(unit: UnitState, location: Location) -> tuple[int, ...]:
    """BT-C-30: the lines of ``location`` that can still take a critical (not hit yet)."""
    design = unit.mech_design
    return tuple(
        slot
        for slot in range(len(design.slots_at(location)))
        if hittable(design, location, slot) and not unit.mech.slot_hit(location, slot)
    )


def _lines(unit: UnitState, kind: str) -> tuple[tuple[Location, int], ...]:
    return _component_lines(unit.mech_design.criticals, kind)


@functools.lru_cache(maxsize=512)
def _component_lines(
    criticals: tuple[tuple[str, ...], ...], kind: str
) -> tuple[tuple[Location, int], ...]:
    """The (location, line) of every critical line holding ``kind``, remembered per design."""
    return tuple(
        (location, slot)
        for location, names in zip(Location, criticals, strict=False)
        for slot, name in enumerate(names)
        if component(name) == kind
    )


def component_destroyed(unit: UnitState, location: Location, slot: int) -> bool:
    """True when the line was hit or its location is destroyed (BT-C-26 step 5) or breached.

    BT-C-61.5: nothing in a location breached in vacuum works (an engine line there counts as
    an engine hit), though it is no true critical: its lines can still be hit.
    """
    return (
        unit.mech.slot_hit(location, slot)
        or unit.mech.location_destroyed(location)
        or location in unit.mech.breached
    )


def engine_hits(unit: UnitState) -> int:
    """BT-C-31: engine criticals: engine lines hit or in a destroyed location (3 destroy it)."""
    return sum(1 for loc, slot in _lines(unit, "engine") if component_destroyed(unit, loc, slot))


def sensor_hits(unit: UnitState) -> int:
    """BT-C-31: sensor criticals (1: +2 to every weapon attack; 2: no weapon fire)."""
    return sum(1 for loc, slot in _lines(unit, "sensors") if component_destroyed(unit, loc, slot))


def life_support_hit(unit: UnitState) -> bool:
    """BT-C-31: life support is disabled by any hit (heat then hurts the pilot, BT-C-54).

    Only a 'Mech has life support (False for every other kind).
    """
    if not unit.is_mech:
        return False
    return any(component_destroyed(unit, loc, slot) for loc, slot in _lines(unit, "life support"))


def item_destroyed(unit: UnitState, index: int) -> bool:
    """BT-C-30: one critical on any of an item's lines disables it; so does losing its location."""
    item = unit.mech_design.equipment[index]
    return (
        unit.mech.location_destroyed(item.location)
        or item.location in unit.mech.breached  # BT-C-61.5
        or any(unit.mech.slot_hit(item.location, slot) for slot in item.slots)
    )


def is_xl(design: MechDesign) -> bool:
    """True for an XL (or XXL) engine (BT-C-31): named so, or 3+ engine lines in a side torso.

    A light engine (2 lines a side torso) is not one: losing a side torso costs it 2 engine hits.
    """
    text = design.engine.lower()
    if re.search(r"\bxx?l\b", text):
        return True
    if "light" in text:
        return False
    return any(
        sum(1 for name in design.slots_at(side) if component(name) == "engine") >= 3  # noqa: PLR2004
        for side in (Location.LT, Location.RT)
    )


def has_case(design: MechDesign, location: Location) -> bool:
    """BT-C-26 step 8: CASE protects ``location`` (a CASE item mounted there)."""
    for item in design.equipment:
        if item.location is not location:
            continue
        spec = catalogue.SPECS.get(item.name) or catalogue.find(item.name, design.tech_base)
        if spec is not None and "case" in spec.flags:
            return True
    return False


def _weapon_of(ammo: AmmoSpec) -> WeaponSpec | None:
    spec = catalogue.SPECS.get(ammo.weapon)
    return spec if isinstance(spec, WeaponSpec) else None


def ammo_shot_damage(item: Mounted) -> int:
    """BT-C-32/56: the damage of one shot of ammunition bin ``item`` (0: it cannot explode).

    Missiles: damage a missile x missiles a salvo (SRM-2: 2 x 2 = 4); Streaks as the matching SRM;
    AMS and NARC pods 2 (ASSUMPTION); Gauss ammunition never explodes (BT-C-75).
    """
    spec = catalogue.SPECS.get(item.name)
    if not isinstance(spec, AmmoSpec):
        return 0
    weapon = _weapon_of(spec)
    if weapon is None or "Gauss" in weapon.name:
        return 0
    if weapon.name in _AMMO_SHOT:
        return _AMMO_SHOT[weapon.name]
    return weapon.damage * max(weapon.rack, 1)


def explosive_damage(item: Mounted) -> int:
    """BT-C-31/90 (ASSUMPTION): the explosion of a critical hit on ``item`` (Gauss 20, light 16)."""
    spec = catalogue.SPECS.get(item.name)
    if isinstance(spec, WeaponSpec):
        return EXPLOSIVE.get(spec.name, 0)
    return 0


def heat_explosion_bins(unit: UnitState) -> tuple[int, ...]:
    """BT-C-56: the bins (equipment indexes) a heat-induced explosion may pick, best first.

    Only bins with shots left, in a location still standing, whose ammunition can explode. The
    type with the most damaging single shot explodes; among types that tie (the owner's choice:
    DESIGN, the engine chooses for him) the one whose fullest bin would do the least damage; then
    the bin of that type with the most shots left. The result holds the bins that still tie
    (one of them is picked at random).
    """
    candidates: list[tuple[int, int, int, str]] = []  # (shot, shots, index, type)
    for index, item in enumerate(unit.mech_design.equipment):
        shot = ammo_shot_damage(item)
        shots = unit.ammo[index] if index < len(unit.ammo) else 0
        if shot and shots > 0 and not unit.mech.location_destroyed(item.location):
            candidates.append((shot, shots, index, item.name.removesuffix(" (Half)")))
    if not candidates:
        return ()
    best_shot = max(c[0] for c in candidates)
    top = [c for c in candidates if c[0] == best_shot]
    fullest: dict[str, int] = {}
    for _, shots, _, kind in top:
        fullest[kind] = max(fullest.get(kind, 0), shots)
    kind = min(sorted(fullest), key=lambda k: fullest[k])
    most = fullest[kind]
    return tuple(index for _, shots, index, k in top if k == kind and shots == most)
