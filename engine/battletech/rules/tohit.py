"""To-hit numbers with every modifier named, and weapon declarations (BT-C-2, BT-C-12..19).

`common_modifiers` (BT-C-15) serves weapon and physical attacks alike; `weapon_to_hit` adds the
gunnery skill and the weapon-only terms (BT-C-16) and says why an attack is impossible;
`declare_fire` checks a whole declaration and returns its events; `fire_options` lists a useful
sample of legal declarations for bots and the simulator.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs
from attrs import frozen

from engine.battletech import events as ev
from engine.battletech.commands import FireWeapons, Shot
from engine.battletech.data import catalogue
from engine.battletech.data.catalogue import AmmoSpec, Kind, WeaponSpec
from engine.battletech.designs.items import Item
from engine.battletech.designs.mech import Location, Mounted
from engine.battletech.kinds import infantry
from engine.battletech.rules import (
    artillery,
    c3,
    indirect,
    kindfire,
    nightsight,
    special,
    underwater,
)
from engine.battletech.rules.condition import component_hits, gyro_hits
from engine.battletech.rules.los import Arc, Sight, arcs_of, in_arc, line_of_sight
from engine.battletech.state import Attack, AttackKind, BTState, MoveMode, UnitState
from engine.battletech.tables import Column, heat_to_hit
from engine.game import IllegalCommand
from engine.hexes import Hex

__all__ = [
    "TARGET_MOVEMENT",
    "ToHit",
    "ammo_bins",
    "attacker_modifiers",
    "can_flip_arms",
    "cannot_fire",
    "common_modifiers",
    "declare_fire",
    "fire_options",
    "fires_prone",
    "iter_fire_options",
    "target_modifiers",
    "target_movement",
    "weapon_destroyed",
    "weapon_spec",
    "weapon_to_hit",
]


@frozen
class ToHit:
    """A to-hit number with its terms (BT-C-14), or why the attack is impossible.

    Attributes:
        number: the modified to-hit number (2D6 >= it hits), None when impossible.
        modifiers: every term, named: ("gunnery", 4), ("attacker ran", 2), ("medium range", 2)...
        reason: why it is impossible ("out of range: 17 hexes, long range ends at 15"), or "".
        range: the distance in hexes.
        band: "short", "medium", "long" or "" (physical attacks).
        side: the hit-location column (a `tables.Column` value) it would strike.
        table: "normal", "punch" (partial cover) or "kick".
    """

    number: int | None
    modifiers: tuple[tuple[str, int], ...] = ()
    reason: str = ""
    range: int = 0
    band: str = ""
    side: str = "front"
    table: str = "normal"

    @property
    def possible(self) -> bool:
        """True when the attack can hit at all (a number of 12 or less)."""
        return self.number is not None and self.number <= 12  # noqa: PLR2004 - BT-C-14


_MOVED = {
    MoveMode.WALK: "attacker walked",
    MoveMode.RUN: "attacker ran",
    MoveMode.JUMP: "attacker jumped",
}

TARGET_MOVEMENT: tuple[tuple[int, int], ...] = ((2, 0), (4, 1), (6, 2), (9, 3))
"""BT-C-15: (up to this many hexes moved, modifier); 10+ hexes: +4."""


def target_movement(hexes: int) -> int:
    """BT-C-15 / BT-C-18.2: the target-movement modifier for ``hexes`` hexes counted."""
    for limit, modifier in TARGET_MOVEMENT:
        if hexes <= limit:
            return modifier
    return 4


def fires_prone(unit: UnitState) -> bool:
    """BT-C-18.9: the 'Mech fires from the ground: prone, or with a destroyed gyro."""
    if not unit.is_mech:
        return False
    return unit.mech.prone or (bool(unit.mech.crits) and gyro_hits(unit) >= 2)  # noqa: PLR2004 - 2nd hit


def attacker_modifiers(unit: UnitState) -> list[tuple[str, int]]:
    """BT-C-15 / BT-C-18.1 / BT-C-18.9: the attacker's own movement and prone terms."""
    terms: list[tuple[str, int]] = []
    movement = unit.movement
    if movement is not None:
        value = movement.mode.attacker_modifier
        if movement.minimum and value < 2:  # noqa: PLR2004 - BT-C-18.1: counts as running
            terms.append(("attacker moved minimum (as running)", 2))
        elif value:
            terms.append((_MOVED[movement.mode], value))
    if fires_prone(unit):
        terms.append(("attacker prone", 2))
        arms = [unit.mech.location_destroyed(arm) for arm in (Location.LA, Location.RA)]
        if any(arms) and not all(arms):
            terms.append(("propped on its one arm", 1))  # BT-C-18.9
    return terms


def target_modifiers(state: BTState, attacker: int, target: int | Hex) -> list[tuple[str, int]]:
    """BT-C-15 / BT-C-18.2/8/10/11/12: the target's state and movement terms."""
    if isinstance(target, Hex):
        return [("immobile target", -4)]  # BT-C-18.8: woods and buildings; BT-C-57/60
    unit = state.units[target]
    where = state.units[attacker].hex
    terms: list[tuple[str, int]] = []
    if not unit.is_mech:
        terms += kindfire.target_terms(state, target)  # BT-C-18.8, BT-C-35
    elif unit.mech.prone:
        adjacent = where is not None and unit.hex is not None and where.distance(unit.hex) == 1
        terms.append(("target prone, adjacent", -2) if adjacent else ("target prone", 1))
    if unit.is_mech and (unit.mech.shutdown or not unit.mech.conscious):
        terms.append(("immobile target", -4))
    movement = unit.movement
    if movement is not None:
        if movement.skidded:
            terms.append(("target skidded", 2))
        if value := target_movement(movement.counted):
            terms.append((f"target moved {movement.counted} hexes", value))
        if movement.jumped:
            terms.append(("target jumped", 1))
    if unit.stuck:
        terms.append(("target stuck in a swamp", -2))
    return terms


def common_modifiers(
    state: BTState, attacker: int, target: int | Hex, sight: Sight
) -> tuple[tuple[str, int], ...]:
    """BT-C-15: the modifiers of every attack, weapon or physical.

    Attacker movement and prone, terrain along the line and at the target, target
    prone/immobile/skidding/stuck, and the target's movement (hexes counted, +1 for a jump).
    Only terms that are not zero are listed, in that order; ``sight`` gives the terrain terms
    (`Sight.modifiers`; a DFA, which ignores terrain, leaves them out itself, BT-C-18.3).

    The attacker's terms: walked +1, ran +2, jumped +3 (by the declared mode, BT-C-18.1);
    Minimum Movement counts as running; firing from the ground +2 (prone, or a destroyed gyro),
    +1 more propped on its one intact arm (BT-C-18.9). The target's: prone -2 from an adjacent
    hex, +1 from any other (BT-C-18.10); immobile -4 (shut down, unconscious MechWarrior; a hex
    target: woods or building); skidded +2; 3-4 hexes +1, 5-6 +2, 7-9 +3, 10+ +4 (hexes
    counted since the last reversal, BT-C-18.2); jumped +1 more; stuck in a swamp -2.
    """
    unit = state.units[attacker]
    terms = attacker_modifiers(unit) if unit.is_mech else []
    terms += sight.modifiers
    terms += target_modifiers(state, attacker, target)
    return tuple(terms)


# ---------------------------------------------------------------------------------- weapons

_ARMS = (Location.LA, Location.RA)
_MAX_TO_HIT = 12
"""BT-C-14: a modified number above 12 cannot hit."""


def weapon_spec(unit: UnitState, index: int) -> WeaponSpec | None:
    """The catalogue row of equipment item ``index`` when it is a weapon, else None."""
    if not 0 <= index < len(unit.design.equipment):
        return None
    name = unit.design.equipment[index].name
    spec = catalogue.SPECS.get(name) or catalogue.find(name, unit.design.tech_base)
    return spec if isinstance(spec, WeaponSpec) else None


def weapon_destroyed(unit: UnitState, item: Mounted) -> bool:
    """BT-C-31: one critical on any of its lines, or its location destroyed, disables it."""
    if (
        unit.mech.location_destroyed(item.location) or item.location in unit.mech.breached
    ):  # BT-C-61.5
        return True
    return any(unit.mech.slot_hit(item.location, slot) for slot in item.slots)


def _ammo_spec(item: Mounted) -> AmmoSpec | None:
    spec = catalogue.SPECS.get(item.name)
    return spec if isinstance(spec, AmmoSpec) else None


def ammo_bins(unit: UnitState, spec: WeaponSpec) -> list[int]:
    """BT-C-12/58: the bins ``spec`` may draw on now: exactly its ammunition, shots left.

    A bin being dumped is unusable at once (BT-C-58); a bin in a destroyed location or on a hit
    line is gone.
    """
    bins = []
    items: tuple[Mounted | Item, ...] = unit.design.equipment
    for index, item in enumerate(items):
        ammo = catalogue.SPECS.get(item.name)
        if not isinstance(ammo, AmmoSpec) or ammo.weapon != spec.key or index in unit.dumping:
            continue
        gone = isinstance(item, Mounted) and weapon_destroyed(unit, item)
        if index < len(unit.ammo) and unit.ammo[index] > 0 and not gone:
            bins.append(index)
    return bins


def _pick_bin(
    unit: UnitState, spec: WeaponSpec, spent: dict[int, int], munition: str = ""
) -> int | None:
    """DESIGN (BT-C-12): the fullest usable bin (shots left after ``spent``); ties: first.

    ``munition`` (BT-C-75): only bins of that load ("" any).
    """
    best: int | None = None
    most = 0
    for index in ammo_bins(unit, spec):
        if munition and _bin_munition(unit, index) != munition:
            continue
        left = unit.ammo[index] - spent.get(index, 0)
        if left > most:
            best, most = index, left
    return best


def _bin_munition(unit: UnitState, index: int) -> str:
    ammo = catalogue.SPECS.get(unit.design.equipment[index].name)
    if not isinstance(ammo, AmmoSpec):
        return "standard"
    return ammo.munition if ammo is not None else "standard"


def _sensor_hits(unit: UnitState) -> int:
    """Sensor critical lines hit, wherever the sensors are (the head on most 'Mechs)."""
    if not unit.mech.crits:
        return 0
    return sum(
        1
        for location, line in unit.mech.crits
        if unit.mech_design.slots_at(location)[line].lower().startswith("sensors")
    )


def cannot_fire(unit: UnitState) -> str:
    """Why ``unit`` can make no weapon attack at all this phase ("" when it can)."""
    if not unit.is_mech:
        return kindfire.cannot_fire(unit)  # vehicles, platoons, squads (BT-C-24.3, BT-C-34)
    return _mech_cannot_fire(unit)


def _mech_cannot_fire(unit: UnitState) -> str:
    why = ""
    if unit.mech.ejected:
        why = "its MechWarrior has ejected"
    elif unit.destroyed:
        why = "it is destroyed"
    elif unit.hex is None:
        why = "it is not on the map"
    elif unit.mech.shutdown:
        why = "it is shut down (BT-C-55)"
    elif not unit.mech.conscious:
        why = "its MechWarrior is unconscious"
    elif unit.this_turn.charging is not None:
        why = "it is charging: no weapon attacks (BT-C-42)"
    elif unit.this_turn.dfa is not None:
        why = "it is jumping onto its target: no weapon attacks (BT-C-43)"
    elif _sensor_hits(unit) >= 2:  # noqa: PLR2004 - BT-C-16 / BT-C-31
        why = "both sensor hits taken: it can fire no weapons (BT-C-31)"
    elif fires_prone(unit) and all(unit.mech.location_destroyed(arm) for arm in _ARMS):
        why = "it lies prone with both arms destroyed: nothing to prop itself on (BT-C-18.9)"
    return why


def can_flip_arms(unit: UnitState) -> bool:
    """BT-C-62: built without hand and lower arm actuators (in both arms), and not prone."""
    if not unit.is_mech or fires_prone(unit):
        return False
    for arm in _ARMS:
        for line in unit.mech_design.slots_at(arm):
            lowered = line.lower()
            if "hand" in lowered or "lower arm" in lowered:
                return False
    return True


def _arm_terms(unit: UnitState, location: Location) -> list[tuple[str, int]]:
    """BT-C-16/31: a shoulder hit +4 (and nothing else); upper and lower arm actuators +1 each."""
    if location not in _ARMS:
        return []
    if component_hits(unit, location, "shoulder"):
        return [("shoulder hit", 4)]
    hits = [(part, component_hits(unit, location, part)) for part in ("upper arm", "lower arm")]
    return [(f"{part} actuator hit", n) for part, n in hits if n]


def _range_terms(spec: WeaponSpec, distance: int) -> tuple[str, list[tuple[str, int]]]:
    """BT-C-13: the band and its term, and the minimum-range term (+1 at m, +1 a hex closer)."""
    terms = []
    if distance <= spec.short:
        band = "short"
    elif distance <= spec.medium:
        band = "medium"
        terms.append(("medium range", 2))
    else:
        band = "long"
        terms.append(("long range", 4))
    if spec.min_range and distance <= spec.min_range:
        terms.append(("minimum range", spec.min_range - distance + 1))
    return band, terms


def _target_words(state: BTState, target: int | Hex) -> str:
    if isinstance(target, Hex):
        return f"hex {target.label}" if target in state.board else "a hex off the map"
    if 0 <= target < len(state.units):
        return f"the {state.units[target].name}"
    return f"unit {target + 1}"


def _weapon_words(unit: UnitState, index: int) -> str:
    if not 0 <= index < len(unit.design.equipment):
        return f"item {index}"
    if not unit.is_mech:
        kind_item = unit.design.equipment[index]
        return f"{kind_item.name} ({kind_item.location})"
    item = unit.mech_design.equipment[index]
    spec = weapon_spec(unit, index)
    name = spec.name if spec is not None else item.name
    return f"{name} ({item.location.value}{' rear' if item.rear else ''})"


def _hex_target_reason(state: BTState, where: Hex, spec: WeaponSpec | None = None) -> str:
    """BT-C-57/60/61.2: a hex may be fired at to clear woods, set a fire or melt ice.

    Artillery may shell any hex of the map (BT-C-67, `artillery.hex_reason`).
    """
    if artillery.is_artillery(spec):
        return artillery.hex_reason(state, where)
    terrain = state.board.get(where)
    if terrain is None:
        return f"{where} is off the map"
    if not (terrain.woods or terrain.building is not None or terrain.ice):
        return "only woods, building or ice hexes may be fired at (BT-C-57/60)"
    return ""


def _unit_target_reason(state: BTState, attacker: int, target: int) -> str:  # noqa: PLR0911
    if not 0 <= target < len(state.units):
        return f"there is no unit {target + 1}"
    if target == attacker:
        return "a 'Mech cannot fire at itself"
    unit = state.units[target]
    if unit.is_mech and unit.mech.ejected:
        return f"the {unit.name} is abandoned: its MechWarrior ejected (BT-C-59)"
    if unit.destroyed:
        return f"the {unit.name} is destroyed"
    if not unit.on_map:
        return f"the {unit.name} is not on the map"
    side = state.units[attacker].side
    if state.night is not None and not nightsight.is_known(state, side, target):
        return "no such unit is known at night (NT-5: out of sight, unlit, and it has not fired)"
    return ""


@frozen
class _Aim:
    """One shot's circumstances: the twist and flip in force, secondary status, aimed location."""

    twist: int
    flipped: bool
    secondary: str | None = None
    aimed: Location | None = None
    munition: str = "standard"
    spotter: int | None = None


def _prone_reason(unit: UnitState, item: Mounted) -> str:
    """BT-C-18.9: legs never fire from the ground; with one arm gone the other props."""
    if not fires_prone(unit):
        return ""
    if item.location.is_leg:
        return "a prone 'Mech cannot fire leg-mounted weapons (BT-C-18.9)"
    if item.location in _ARMS and any(unit.mech.location_destroyed(arm) for arm in _ARMS):
        return f"its {item.location.long_name.lower()} props it up (BT-C-18.9)"
    return ""


def _aim_reason(state: BTState, target: int | Hex, spec: WeaponSpec, aim: _Aim) -> str:  # noqa: PLR0911
    """BT-C-19: aimed shots at immobile 'Mechs only, never with missiles or LB-X cluster."""
    if aim.aimed is None:
        return ""
    if artillery.is_artillery(spec):
        return artillery.aim_reason(aim.aimed)
    if isinstance(target, Hex):
        return "aimed shots are made at 'Mechs, not hexes (BT-C-19)"
    unit = state.units[target]
    if not unit.is_mech:
        return "aimed shots are made at 'Mechs only (BT-C-19)"
    if not (unit.mech.shutdown or not unit.mech.conscious):
        return "aimed shots only at an immobile 'Mech: shut down or unconscious (BT-C-19)"
    if spec.kind is Kind.MISSILE or spec.rack:
        return "missile launchers cannot make aimed shots (BT-C-19)"
    if "lbx" in spec.flags and aim.munition == "cluster":
        return "an LB-X firing cluster ammunition cannot make aimed shots (BT-C-19)"
    return ""


def _usable(unit: UnitState, weapon: int) -> tuple[WeaponSpec, Mounted] | str:
    """The weapon's row and mount when it can fire at all now, else why not."""
    spec = weapon_spec(unit, weapon)
    if spec is None:
        return f"{_weapon_words(unit, weapon)} is not a weapon"
    item = unit.mech_design.equipment[weapon]
    why = ""
    if "ams" in spec.flags:
        why = "an AMS fires only at incoming missiles (BT-C-75)"
    elif item.location in unit.mech.breached:
        why = f"the {spec.name} is in a breached location (BT-C-61.5)"
    elif weapon_destroyed(unit, item):
        why = f"the {spec.name} is destroyed"
    elif jam := special.unusable_reason(unit, weapon):
        why = jam
    elif spec.uses_ammo and not ammo_bins(unit, spec):
        why = f"no {spec.name} ammunition left (BT-C-12)"
    else:
        why = _prone_reason(unit, item)
    return why or (spec, item)


def _geometry_reason(
    unit: UnitState, item: Mounted, spec: WeaponSpec, *, where: Hex, aim: _Aim, sight: Sight
) -> str:
    """BT-C-4/8/10/13: line of sight, arc, the attacker's own cover for legs, range."""
    assert unit.hex is not None  # noqa: S101 - cannot_fire checked it
    distance = unit.hex.distance(where)
    why = ""
    if not sight.clear:
        why = f"no line of sight: {sight.reason}"
    elif not in_arc(unit, item, where, twist=aim.twist, flipped=aim.flipped):
        why = f"out of the arc of its {'arm' if item.location in _ARMS else 'mount'} (BT-C-10)"
    elif item.location.is_leg and sight.attacker_cover:
        why = "leg weapons cannot fire through the attacker's own partial cover (BT-C-8)"
    elif distance > spec.long:
        why = f"out of range: {distance} hexes, long range ends at {spec.long}"
    return why


def _lobbed(
    state: BTState, attacker: int, spec: WeaponSpec, target: int | Hex, *, aim: _Aim, sight: Sight
) -> tuple[Sight, list[tuple[str, int]], str]:
    """BT-C-16/75: the line to use, the indirect-fire and spotting terms, and why not ("").

    Direct fire keeps ``sight`` and takes only the spotting term of a unit that spots this
    phase; indirect fire (``aim.spotter``) sees through the spotter (`indirect.spotted`).
    """
    spotting = indirect.spotting_terms(state, attacker)
    if aim.spotter is None:
        return sight, spotting, ""
    seen = indirect.spotted(state, attacker, aim.spotter, target, spec, sight)
    if isinstance(seen, str):
        return sight, spotting, seen
    return seen[0], seen[1] + spotting, ""


def _weapon_terms(unit: UnitState, item: Mounted) -> list[tuple[str, int]]:
    """BT-C-16: a sensor hit +2, the arm's actuators, heat."""
    terms = [("sensor hit", 2)] if _sensor_hits(unit) == 1 else []
    terms += _arm_terms(unit, item.location)
    if heat := heat_to_hit(unit.mech.heat):
        terms.append((f"heat {unit.mech.heat}", heat))
    return terms


def _to_hit(
    state: BTState,
    attacker: int,
    weapon: int,
    target: int | Hex,
    aim: _Aim,
    *,
    sight: Sight | None = None,
) -> ToHit:
    """The to-hit number of one shot, or why it is impossible (see `weapon_to_hit`).

    The guards run in a fixed order: the unit, the weapon, the target, the geometry, the aim.
    """
    unit = state.units[attacker]
    if why := cannot_fire(unit):
        return ToHit(None, reason=f"the {unit.name} cannot fire: {why}")
    if not unit.is_mech:
        return _kind_to_hit(state, attacker, weapon, target, aim, sight=sight)
    return _mech_to_hit(state, attacker, weapon, target, aim, sight=sight)


def _mech_to_hit(
    state: BTState,
    attacker: int,
    weapon: int,
    target: int | Hex,
    aim: _Aim,
    *,
    sight: Sight | None = None,
) -> ToHit:
    unit = state.units[attacker]
    usable = _usable(unit, weapon)
    if isinstance(usable, str):
        return ToHit(None, reason=usable)
    spec, item = usable
    spec = artillery.in_hexes(spec)  # BT-C-67: a range in mapsheets
    if isinstance(target, Hex):
        why = _hex_target_reason(state, target, spec)
        where: Hex | None = target
    else:
        why = _unit_target_reason(state, attacker, target)
        where = None if why else state.units[target].hex
    if why or where is None or unit.hex is None:
        return ToHit(None, reason=why or "the target is not on the map")
    distance = unit.hex.distance(where)
    if distance == 0:
        return ToHit(None, reason="never at a target in its own hex (BT-C-2)")
    sight = sight or line_of_sight(state, attacker, target)
    if not sight.clear and underwater.duel(state, attacker, target):
        sight = underwater.DUEL_SIGHT  # BT-C-5 water row: both under water
    sight, spotting, why = _lobbed(state, attacker, spec, target, aim=aim, sight=sight)
    why = why or underwater.weapon_reason(state, attacker, item, spec, target)  # BT-C-9
    why = why or _geometry_reason(unit, item, spec, where=where, aim=aim, sight=sight)
    if why := why or _aim_reason(state, target, spec, aim):
        return ToHit(None, reason=why, range=distance)
    terms = [
        ("gunnery", unit.pilot.gunnery),
        *common_modifiers(state, attacker, target, sight),
        *_weapon_terms(unit, item),
    ]
    if aim.aimed is Location.HD:
        # BT-C-19: +3 instead of the -4 for an immobile target.
        terms = [t if t[0] != "immobile target" else ("aimed at the head", 3) for t in terms]
    band, range_terms = _range_terms(spec, distance)
    terms += range_terms
    terms += c3.range_term(state, attacker, target, spec, distance)  # BT-C-75: C3 network
    terms += special.to_hit_terms(unit, spec, aim.munition)
    terms += spotting
    return _summed(state, unit.hex, target, aim, terms, distance=distance, band=band, sight=sight)


def _summed(
    state: BTState,
    origin: Hex,
    target: int | Hex,
    aim: _Aim,
    terms: list[tuple[str, int]],
    *,
    distance: int,
    band: str,
    sight: Sight,
) -> ToHit:
    """The shot's number from its terms plus a secondary target's (BT-C-18.7), any kind of unit.

    ``side`` is the target's side hit from ``origin`` (BT-C-21, a vehicle's own angles), the
    table "punch" behind partial cover (BT-C-22).
    """
    if aim.secondary is not None:
        front = aim.secondary == "front"
        terms.append((f"secondary target, {'front' if front else 'other'} arc", 1 if front else 2))
    number = sum(value for _, value in terms)
    side = (
        kindfire.attack_side(state, origin, target)[0] if isinstance(target, int) else Column.FRONT
    )
    return ToHit(
        number,
        tuple(terms),
        reason=f"needs {number}: cannot hit (BT-C-14)" if number > _MAX_TO_HIT else "",
        range=distance,
        band=band,
        side=side.value,
        table="punch" if sight.partial_cover else "normal",
    )


def _kind_weapon(unit: UnitState, weapon: int) -> WeaponSpec | str | None:
    """The catalogue row of a non-'Mech's weapon (None: a platoon's men), or why it cannot fire."""
    if why := kindfire.unusable(unit, weapon):
        return why
    if kindfire.is_infantry(unit):
        return None
    spec = weapon_spec(unit, weapon)
    if spec is None:
        return f"{_weapon_words(unit, weapon)} is not a weapon"
    if "ams" in spec.flags:
        return "an AMS fires only at incoming missiles (BT-C-75)"
    if spec.uses_ammo and not ammo_bins(unit, spec):
        return f"no {spec.name} ammunition left (BT-C-12)"
    return spec


def _kind_to_hit(  # noqa: C901, PLR0911, PLR0912 - the guards of `_to_hit` for the other kinds
    state: BTState,
    attacker: int,
    weapon: int,
    target: int | Hex,
    aim: _Aim,
    *,
    sight: Sight | None = None,
) -> ToHit:
    """`_to_hit` for a vehicle, platoon or battle armor squad (BT-C-10..18, BT-C-24, BT-C-35.7).

    The same terms as a 'Mech's less the 'Mech-only ones (heat, actuators, prone): gunnery,
    `kindfire.attacker_terms` (movement of vehicles, BT-C-24.3 criticals), terrain, the
    target's terms, range (BT-C-13; a platoon's brackets BT-C-35.7), pulse and similar
    (BT-C-75), secondary target (BT-C-18.7). Direct fire only: no indirect fire, no C3.
    Infantry may fire into its own hex (BT-C-35.7); nobody else may (BT-C-2).
    """
    unit = state.units[attacker]
    spec = _kind_weapon(unit, weapon)
    if isinstance(spec, str):
        return ToHit(None, reason=spec)
    if isinstance(target, Hex):
        why = _hex_target_reason(state, target, spec)
        if spec is None or not infantry.may_clear_woods(kindfire.kind_of(unit)):
            why = f"{kindfire.kind_of(unit)} fires at units only (BT-C-57, BT-M-8.11)"
        where: Hex | None = target
    else:
        why = _unit_target_reason(state, attacker, target)
        where = None if why else state.units[target].hex
    if why or where is None or unit.hex is None:
        return ToHit(None, reason=why or "the target is not on the map")
    distance = unit.hex.distance(where)
    if distance == 0 and not infantry.same_hex_attack_allowed(kindfire.kind_of(unit)):
        return ToHit(None, reason="never at a target in its own hex (BT-C-2)")
    if aim.spotter is not None:
        return ToHit(None, reason="only 'Mechs fire indirectly here (BT-C-16)")
    if aim.aimed is not None:
        return ToHit(None, reason="only 'Mechs make aimed shots here (BT-C-19)")
    sight = sight or line_of_sight(state, attacker, target)
    if distance and not sight.clear:
        return ToHit(None, reason=f"no line of sight: {sight.reason}", range=distance)
    if not kindfire.in_arc(unit, weapon, where):
        return ToHit(None, reason="out of the arc of its mount (BT-C-10)", range=distance)
    terms = [("gunnery", unit.pilot.gunnery), *kindfire.attacker_terms(unit, weapon)]
    terms += common_modifiers(state, attacker, target, sight)
    if spec is None:
        reach = kindfire.infantry_range(unit, distance)
        if isinstance(reach, str):
            return ToHit(None, reason=reach, range=distance)
        band, range_terms = reach
    else:
        if distance > spec.long:
            why = f"out of range: {distance} hexes, long range ends at {spec.long}"
            return ToHit(None, reason=why, range=distance)
        band, range_terms = _range_terms(spec, distance)
        range_terms += _special_terms(spec, aim.munition)
    terms += range_terms
    return _summed(state, unit.hex, target, aim, terms, distance=distance, band=band, sight=sight)


def _special_terms(spec: WeaponSpec, munition: str) -> list[tuple[str, int]]:
    """BT-C-75 for a non-'Mech: pulse -2, heavy laser +1, LB-X cluster -1 (no computer)."""
    terms = [("pulse laser", -2)] if "pulse" in spec.flags else []
    terms += [("heavy laser", 1)] if "heavy_laser" in spec.flags else []
    terms += [("cluster ammunition", -1)] if "lbx" in spec.flags and munition == "cluster" else []
    return terms


def _munition(
    unit: UnitState, spec: WeaponSpec, spent: dict[int, int] | None = None, want: str = ""
) -> str:
    """The munition the weapon would fire (from the bin `_pick_bin` takes; ``want``: chosen)."""
    if not spec.uses_ammo:
        return "standard"
    if want:
        return want
    index = _pick_bin(unit, spec, spent or {})
    return _bin_munition(unit, index) if index is not None else "standard"


def weapon_to_hit(
    state: BTState,
    attacker: int,
    weapon: int,
    target: int | Hex,
    *,
    twist: int | None = None,
    flipped: bool | None = None,
    secondary: str | None = None,
    aimed: Location | None = None,
    munition: str = "",
    spotter: int | None = None,
) -> ToHit:
    """BT-C-14..19: the to-hit number of ``weapon`` (an equipment index) of unit ``attacker``.

    ``twist``/``flipped`` default to the unit's current ones; ``secondary`` is None for the
    primary target, "front" or "other" for a secondary target in that arc (BT-C-18.7).
    Impossible attacks (no LOS, out of arc or range, no ammunition, weapon destroyed, prone
    restrictions, sensors gone ...) have ``number`` None and a ``reason``; a number above 12
    also has a reason ("needs 13: cannot hit (BT-C-14)") and is not `ToHit.possible`.

    The terms, in order: gunnery; `common_modifiers`; a sensor hit +2; arm actuators (a
    shoulder +4 alone, else +1 per upper or lower arm actuator); heat (`tables.heat_to_hit`);
    medium +2 or long range +4; minimum range +1 at the minimum and +1 per hex closer; BT-C-75
    specials (`special.to_hit_terms`: pulse -2, Clan heavy laser +1, LB-X cluster -1,
    targeting computer -1); a secondary target +1 in the front arc, +2 in another (BT-C-18.7).
    An aimed shot at the head takes +3 instead of the -4 for an immobile target (BT-C-19).
    ``munition`` is the load chosen at declaration ("" the fullest bin's, BT-C-75).
    ``spotter`` fires indirectly through that friend's line of sight (`indirect`, BT-C-16).
    """
    unit = state.units[attacker]
    spec = weapon_spec(unit, weapon)
    munition = _munition(unit, spec, want=munition) if spec is not None else "standard"
    aim = _Aim(
        twist=unit.this_turn.twist if twist is None else twist,
        flipped=unit.this_turn.arms_flipped if flipped is None else flipped,
        secondary=secondary,
        aimed=aimed,
        munition=munition,
        spotter=spotter,
    )
    return _to_hit(state, attacker, weapon, target, aim)


# ---------------------------------------------------------------------------------- declarations


def _illegal(code: str, message: str) -> IllegalCommand:
    return IllegalCommand(f"fire/{code}", message)


def _check_twist(unit: UnitState, command: FireWeapons) -> None:
    """BT-C-3/62: one hexside at most; flipping replaces the twist; not on the ground."""
    if not unit.is_mech and (command.twist or command.flip_arms):
        raise _illegal("twist", "only a 'Mech twists its torso or flips its arms (BT-C-3)")
    if command.twist not in {-1, 0, 1}:
        raise _illegal("twist", "a torso twists one hexside left or right at most (BT-C-3)")
    if command.twist and command.flip_arms:
        raise _illegal("twist", "flipping the arms replaces the torso twist (BT-C-62)")
    if command.twist and fires_prone(unit):
        raise _illegal("twist", "a prone 'Mech cannot twist its torso (BT-C-3)")
    if command.flip_arms and fires_prone(unit):
        raise _illegal("flip", "a prone 'Mech cannot flip its arms (BT-C-62)")
    if command.flip_arms and not can_flip_arms(unit):
        msg = "only a 'Mech built without hand and lower arm actuators can flip its arms (BT-C-62)"
        raise _illegal("flip", msg)


def _shot_target(shot: Shot) -> int | Hex:
    if (shot.target is None) == (shot.hex is None):
        raise _illegal("target", "each shot needs one target: a unit or a hex")
    return shot.target if shot.target is not None else shot.hex  # type: ignore[return-value]


def _in_front(state: BTState, unit: UnitState, target: int | Hex, twist: int) -> bool:
    """BT-C-11/18.7 [AMBIG]: the primary-target rule reads the torso's front arc."""
    where = target if isinstance(target, Hex) else state.units[target].hex
    if unit.hex is None or where is None:
        return False
    return Arc.FRONT in arcs_of(unit.hex, unit.facing.turn(twist), where)


def _primary(
    state: BTState, unit: UnitState, command: FireWeapons, targets: list[int | Hex]
) -> int | Hex | None:
    """BT-C-18.7: the primary target: the command's, or the rules' choice.

    With a target in the front arc the primary must be one of those. DESIGN: the rules' choice
    is the target fired at by the most weapons (in the front arc if any is), ties going to the
    first declared.
    """
    if not targets:
        return None
    front = [t for t in targets if _in_front(state, unit, t, command.twist)]
    if command.primary is not None:
        if command.primary not in targets:
            msg = "the primary target must be one of the targets fired at (BT-C-18.7)"
            raise _illegal("primary", msg)
        if front and command.primary not in front:
            msg = (
                f"{_target_words(state, front[0])} is in the front arc: the primary target "
                "must be one in the front arc (BT-C-18.7)"
            )
            raise _illegal("primary", msg)
        return command.primary
    pool = front or targets
    counts = [sum(1 for shot in command.shots if _shot_target(shot) == t) for t in pool]
    return pool[counts.index(max(counts))]


def _check_shots(state: BTState, unit: UnitState, command: FireWeapons) -> list[int | Hex]:
    """BT-C-2/18.9: each weapon once a turn, one target a shot; prone: one arm at most.

    Returns the targets in the order they are first fired at.
    """
    seen: set[int] = set()
    targets: list[int | Hex] = []
    for shot in command.shots:
        words = _weapon_words(unit, shot.weapon)
        if shot.weapon in seen:
            raise _illegal("twice", f"the {words} is declared twice: it fires once a turn (BT-C-2)")
        if shot.weapon in unit.this_turn.fired:
            raise _illegal("twice", f"the {words} has already fired this turn (BT-C-2)")
        seen.add(shot.weapon)
        target = _shot_target(shot)
        if isinstance(target, int) and not 0 <= target < len(state.units):
            raise _illegal("target", f"there is no unit {target + 1}")
        if target not in targets:
            targets.append(target)
    allowed = infantry.targets_allowed(kindfire.kind_of(unit))
    if allowed is not None and len(targets) > allowed:
        raise _illegal("targets", "infantry engages one target a turn (BT-C-2, BT-C-18.7)")
    if fires_prone(unit):
        equipment = unit.design.equipment
        arms = {
            equipment[s.weapon].location for s in command.shots if s.weapon in range(len(equipment))
        }
        if len(arms & set(_ARMS)) > 1:
            msg = "a prone 'Mech props itself on one arm: it cannot fire from both (BT-C-18.9)"
            raise _illegal("prone", msg)
    return targets


def declare_fire(state: BTState, command: FireWeapons) -> list[ev.BTEvent]:
    """BT-C-2/3/12: check a weapon declaration and return its events, in order.

    The events are an optional `TorsoTwisted`, then for each shot an `AttackDeclared` (to-hit
    fixed now) and, for ammunition weapons, an `AmmoSpent` from the bin it draws on. The caller
    adds `UnitDeclared`.

    DESIGN: each shot draws on the fullest usable bin of exactly its ammunition (not one being
    dumped), counting shots already marked in this declaration; ties go to the first bin.
    DESIGN (BT-C-2): an attack that needs 13 or more cannot hit and is always cancelled, so it
    is refused here ("needs 13: cannot hit (BT-C-14)"): it spends no ammunition and makes no
    heat. A prone 'Mech fires from one arm at most (it props itself on the other, BT-C-18.9).

    Raises:
        IllegalCommand: the declaration breaks a rule; the message says which and why.
    """
    if not 0 <= command.unit < len(state.units):
        raise IllegalCommand("unit/unknown", f"there is no unit {command.unit + 1}")
    unit = state.units[command.unit]
    if not command.shots and not command.twist and not command.flip_arms:
        return []  # holding fire
    if why := cannot_fire(unit):
        raise _illegal("cannot", f"the {unit.name} cannot fire: {why}")
    _check_twist(unit, command)
    events: list[ev.BTEvent] = []
    if command.twist or command.flip_arms:
        events.append(ev.TorsoTwisted(command.unit, command.twist, flipped=command.flip_arms))
    targets = _check_shots(state, unit, command)
    primary = _primary(state, unit, command, targets)
    sights: dict[int | Hex, Sight] = {}
    spent: dict[int, int] = {}
    for shot in command.shots:
        target = _shot_target(shot)
        if target not in sights:
            sights[target] = line_of_sight(state, command.unit, target)
        secondary = None
        if target != primary:
            secondary = "front" if _in_front(state, unit, target, command.twist) else "other"
        aim = _Aim(command.twist, command.flip_arms, secondary, shot.aimed, spotter=shot.spotter)
        events += _declare_shot(state, command.unit, shot, aim, sight=sights[target], spent=spent)
    spotters = {shot.spotter for shot in command.shots if shot.spotter is not None}
    events += indirect.penalize_spotters(state, spotters)  # BT-C-75
    return events


def _declare_shot(
    state: BTState, attacker: int, shot: Shot, aim: _Aim, *, sight: Sight, spent: dict[int, int]
) -> list[ev.BTEvent]:
    """One shot's `AttackDeclared` and `AmmoSpent`; marks the shot in ``spent``."""
    unit = state.units[attacker]
    target = _shot_target(shot)
    spec = weapon_spec(unit, shot.weapon)
    want = "standard" if shot.munition == "slug" else shot.munition
    words = f"the {_weapon_words(unit, shot.weapon)} at {_target_words(state, target)}"
    if spec is not None:
        if why := special.munition_reason(spec, want, double=shot.double):
            raise _illegal("munition", f"{words}: {why}")
        aim = attrs.evolve(aim, munition=_munition(unit, spec, spent, want))
    result = _to_hit(state, attacker, shot.weapon, target, aim, sight=sight)
    if result.number is None:
        raise _illegal("impossible", f"{words}: {result.reason}")
    if result.number > _MAX_TO_HIT:
        raise _illegal("cannot_hit", f"{words} needs {result.number}: cannot hit (BT-C-14)")
    events: list[ev.BTEvent] = []
    where = target if isinstance(target, Hex) else state.units[target].hex
    assert where is not None  # noqa: S101 - _to_hit checked it
    attack = Attack(
        attacker=attacker,
        kind=AttackKind.WEAPON,
        target=None if isinstance(target, Hex) else target,
        hex=where,
        to_hit=result.number,
        modifiers=result.modifiers,
        weapon=shot.weapon,
        side=result.side,
        table=result.table,
        aimed=shot.aimed,
        primary=aim.secondary is None,
        munition=aim.munition,
        rate=2 if shot.double else 1,
        spotter=shot.spotter,
    )
    events.append(ev.AttackDeclared(attack))
    if spec is not None and spec.uses_ammo:
        events += _spend(state, attacker, spec, spent, (want, attack.rate, words))
    return events


def _spend(
    state: BTState,
    attacker: int,
    spec: WeaponSpec,
    spent: dict[int, int],
    how: tuple[str, int, str],
) -> list[ev.BTEvent]:
    """BT-C-12/75: mark ``rate`` shots of load ``want`` off the fullest bins; `AmmoSpent` each.

    ``how`` is (the load wanted, "" any; the rate; the shot in words for messages).
    """
    want, rate, words = how
    unit = state.units[attacker]
    events: list[ev.BTEvent] = []
    for shot in range(rate):
        bin_index = _pick_bin(unit, spec, spent, want)
        if bin_index is None:
            load = f"{want} " if want and want != "standard" else ""
            if shot:
                msg = f"{words}: double rate needs 2 shots, only 1 {load}shot left (BT-C-75)"
            else:
                msg = f"{words}: no {spec.name} {load}ammunition left (BT-C-12)"
            raise _illegal("no_ammo", msg)
        spent[bin_index] = spent.get(bin_index, 0) + 1
        events.append(ev.AmmoSpent(attacker, bin_index))
    return events


def fire_options(state: BTState, unit: int) -> list[FireWeapons]:
    """A sample of legal declarations for ``unit`` (for bots, tests and hints).

    Holding fire first; then for each enemy it can see and each torso position (no twist,
    twisted left, right, arms flipped where allowed), every weapon that can hit it (to-hit 12
    or less), with that enemy as the primary target. An enemy out of sight is fired at
    indirectly by its LRMs and artillery through the best spotter (`indirect.best_spotter`,
    BT-C-16), when a friend sees it. Ammunition shared by several weapons is
    counted; a prone 'Mech fires from its better-armed arm only. Options firing the same
    weapons at the same target are listed once (the untwisted one). Every option is accepted by
    `declare_fire`.
    """
    return list(iter_fire_options(state, unit))


def iter_fire_options(state: BTState, unit: int) -> Iterator[FireWeapons]:
    """`fire_options`, one at a time (``any`` stops at the first that fires)."""
    hold = FireWeapons(unit)
    shooter = state.units[unit]
    yield hold
    swarming = getattr(shooter.body, "swarming", None) is not None  # BT-C-35.9: its swarm only
    if cannot_fire(shooter) or shooter.declared or shooter.hex is None or swarming:
        return
    poses: list[tuple[int, bool]] = [(0, False)]
    if shooter.is_mech and not fires_prone(shooter):
        poses += [(-1, False), (1, False)]
        if can_flip_arms(shooter):
            poses.append((0, True))
    weapons = _ready_weapons(shooter)
    lobbers = [w for w in weapons if (spec := weapon_spec(shooter, w)) and indirect.capable(spec)]
    lobs = max(  # BT-C-16: how far its LRMs and artillery reach, for indirect fire
        (artillery.in_hexes(spec).long for w in lobbers if (spec := weapon_spec(shooter, w))),
        default=0,
    )
    seen: set[tuple[int, frozenset[int]]] = set()
    for target, other in enumerate(state.units):
        if other.side == shooter.side or not other.on_map:
            continue
        sight = line_of_sight(state, unit, target)
        if not sight.clear and underwater.duel(state, unit, target):
            sight = underwater.DUEL_SIGHT  # BT-C-5 water row: both under water
        # BT-C-16: out of sight, an LRM or artillery fires through a friend's eyes
        far = other.hex is None or shooter.hex.distance(other.hex) > lobs
        spotter = None if sight.clear or far else indirect.best_spotter(state, unit, target)
        if not sight.clear and spotter is None:
            continue
        for twist, flipped in poses:
            aim = _Aim(twist, flipped, spotter=spotter)
            pool = weapons if spotter is None else lobbers
            shots = _possible_shots(state, unit, pool, target, aim=aim, sight=sight)
            key = (target, frozenset(shots))
            if not shots or key in seen:
                continue
            seen.add(key)
            yield FireWeapons(
                unit,
                tuple(Shot(weapon, target=target, spotter=spotter) for weapon in shots),
                twist=twist,
                flip_arms=flipped,
                primary=target,
            )


def _ready_weapons(shooter: UnitState) -> list[int]:
    """The weapons not fired this turn; a platoon's men as one attack (BT-C-35.6)."""
    if kindfire.is_infantry(shooter):
        platoon = kindfire.PLATOON_WEAPON
        ready = platoon not in shooter.this_turn.fired and not kindfire.unusable(shooter, platoon)
        return [platoon] if ready else []
    return [
        i
        for i in range(len(shooter.design.equipment))
        if i not in shooter.this_turn.fired and weapon_spec(shooter, i) is not None
    ]


def _possible_shots(
    state: BTState, unit: int, weapons: list[int], target: int, *, aim: _Aim, sight: Sight
) -> list[int]:
    """The weapons of a `fire_options` option: each hits on 12 or less, with ammunition."""
    shooter = state.units[unit]
    spent: dict[int, int] = {}
    shots = []
    for weapon in weapons:
        spec = weapon_spec(shooter, weapon)
        if spec is None:  # a platoon's men (BT-C-35.6)
            if _to_hit(state, unit, weapon, target, aim, sight=sight).possible:
                shots.append(weapon)
            continue
        aim = attrs.evolve(aim, munition=_munition(shooter, spec, spent))
        if not _to_hit(state, unit, weapon, target, aim, sight=sight).possible:
            continue
        if spec.uses_ammo:
            bin_index = _pick_bin(shooter, spec, spent)
            if bin_index is None:
                continue
            spent[bin_index] = spent.get(bin_index, 0) + 1
        shots.append(weapon)
    if fires_prone(shooter):
        by_arm = {
            arm: [w for w in shots if shooter.design.equipment[w].location is arm] for arm in _ARMS
        }
        keep = max(_ARMS, key=lambda arm: len(by_arm[arm]))
        drop = {w for arm in _ARMS if arm is not keep for w in by_arm[arm]}
        shots = [w for w in shots if w not in drop]
    return shots
