"""A vehicle's tables: hit location, motive system damage and critical hits.

BT-C-24.1 (ground vehicle hit location), BT-C-24.2 (VTOL hit location), BT-C-24.3 (critical
tables and their effects), BT-M-37.5 (the Motive System Damage Table, ASSUMPTION from TW).
Pure functions: every roll comes in as an int already rolled.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final

import attrs
from attrs import frozen

from engine.battletech.data import catalogue
from engine.battletech.designs.vehicle import Motion, VehicleDesign, VehicleLocation
from engine.battletech.kinds.vehicle import MotiveDamage, VehicleBody
from engine.battletech.tables import Column

__all__ = [
    "MAX_SENSOR_HITS",
    "TURRETS",
    "Crit",
    "VehicleHit",
    "apply_critical",
    "apply_motive",
    "attacked_location",
    "critical_effect",
    "critical_table",
    "hit_location",
    "motive_modifier",
    "motive_result",
    "pick_weapon",
    "reroll_needed",
    "unjam",
    "unpowered",
    "weapon_candidates",
]

_L = VehicleLocation
TURRETS: Final = (_L.TURRET, _L.TURRET_2)


@frozen
class VehicleHit:
    """One hit location result (BT-C-24.1/24.2).

    Attributes:
        location: the location damaged.
        crit: the result also gives a critical chance (BT-C-24.4).
        motive: after the damage, roll on the Motive System Damage Table (BT-M-37.5) with
            `motive_modifier`.
    """

    location: VehicleLocation
    crit: bool = False
    motive: bool = False


def attacked_location(column: Column) -> VehicleLocation:
    """BT-C-21: the vehicle location that faces the attack (front, rear, left or right side)."""
    return {
        Column.FRONT: _L.FRONT,
        Column.REAR: _L.REAR,
        Column.LEFT: _L.LEFT,
        Column.RIGHT: _L.RIGHT,
    }[column]


# One row per 2D6 result 2..12: (location, crit, motive); "A" = the attacked location, "T" = the
# turret, "R" = the rotor.
_Row = tuple[str, bool, bool]
# fmt: off
_GROUND: Final[dict[str, tuple[_Row, ...]]] = {
    "front": (("A", True, False), ("A", False, True), ("A", False, True), ("Right", False, True),
              ("A", False, False), ("A", False, False), ("A", False, False), ("Left", False, True),
              ("T", False, False), ("T", False, False), ("T", True, False)),
    "rear":  (("A", True, False), ("A", False, True), ("A", False, True), ("Left", False, True),
              ("A", False, False), ("A", False, False), ("A", False, False), ("Right", False, True),
              ("T", False, False), ("T", False, False), ("T", True, False)),
    "side":  (("A", True, False), ("A", False, True), ("A", False, True), ("Front", False, True),
              ("A", False, False), ("A", False, False), ("A", True, False), ("Rear", False, True),
              ("T", False, False), ("T", False, False), ("T", True, False)),
}
_VTOL: Final[dict[str, tuple[_Row, ...]]] = {
    "front": (("A", True, False), ("R", False, True), ("R", False, True), ("Right", False, False),
              ("A", False, False), ("A", False, False), ("A", False, False), ("Left", False, False),
              ("R", False, True), ("R", False, True), ("R", True, True)),
    "side":  (("A", True, False), ("R", False, True), ("R", False, True), ("Front", False, False),
              ("A", False, False), ("A", False, False), ("A", True, False), ("Rear", False, False),
              ("R", False, True), ("R", False, True), ("R", True, True)),
}
# fmt: on
_VTOL["rear"] = _VTOL["front"]


def _turret(
    design: VehicleDesign, body: VehicleBody | None, column: Column, roll: int | None
) -> VehicleLocation | None:
    """BT-C-24.1: which turret a turret result hits (None: no turret left)."""
    lost = body.lost_turrets if body is not None else frozenset()
    turrets = [t for t in TURRETS if t in design.locations and t not in lost]
    if len(turrets) < 2:  # noqa: PLR2004 - one turret, or none
        return turrets[0] if turrets else None
    if roll is None:
        msg = "a vehicle with two turrets needs a 1D6 turret roll (BT-C-24.1)"
        raise ValueError(msg)
    shift = {Column.FRONT: -2, Column.REAR: 2}.get(column, 0)
    return _L.TURRET_2 if roll + shift <= 3 else _L.TURRET  # noqa: PLR2004 - the table's 3


def hit_location(
    design: VehicleDesign,
    column: Column,
    roll: int,
    *,
    turret_roll: int | None = None,
    body: VehicleBody | None = None,
) -> VehicleHit:
    """BT-C-24.1 (ground vehicles) / BT-C-24.2 (VTOLs): where a 2D6 ``roll`` hits.

    ``column``: the attack direction (BT-C-21; left and right are the "side" column, whose
    "Side" is the side attacked). A ground vehicle without a turret (or whose turret was blown
    off, DESIGN) takes 10-11 on the attacked location and 12 there with a crit. Two turrets:
    ``turret_roll`` (1D6, -2 front attack, +2 rear) <= 3 hits the front turret. A VTOL with a
    (chin) turret takes a 4 on the turret, without the motive roll (DESIGN).

    Raises:
        ValueError: ``roll`` is not 2..12, or a two-turret vehicle got no ``turret_roll``.
    """
    if not 2 <= roll <= 12:  # noqa: PLR2004 - 2D6
        msg = f"a 2D6 hit location roll is 2..12, not {roll}"
        raise ValueError(msg)
    key = {Column.FRONT: "front", Column.REAR: "rear"}.get(column, "side")
    vtol = design.motion is Motion.VTOL
    where, crit, motive = (_VTOL if vtol else _GROUND)[key][roll - 2]
    attacked = attacked_location(column)
    if where == "A":
        return VehicleHit(attacked, crit=crit, motive=motive)
    if where == "R":
        turret = _turret(design, body, column, turret_roll) if roll == 4 else None  # noqa: PLR2004
        if turret is not None:
            return VehicleHit(turret)
        return VehicleHit(_L.ROTOR, crit=crit, motive=motive)
    if where == "T":
        turret = _turret(design, body, column, turret_roll)
        return VehicleHit(attacked if turret is None else turret, crit=crit, motive=motive)
    return VehicleHit(VehicleLocation(where), crit=crit, motive=motive)


# ---------------------------------------------------------------------------------- motive
def motive_modifier(motion: Motion, column: Column | None = None, *, rough: bool = False) -> int:
    """BT-M-37.5: the Motive System Damage roll's modifier.

    Attack direction (``column``; None for a skid or spin): front +0, rear +1, side +2. Motive
    type: tracked +0, wheeled +2, hover +3, VTOL +0 (not verified, the digest's +0). ``rough``:
    skidding over rough or rubble, +1 (BT-M-29.5).
    """
    direction = {None: 0, Column.FRONT: 0, Column.REAR: 1}.get(column, 2)
    kind = {Motion.WHEELED: 2, Motion.HOVER: 3}.get(motion, 0)
    return direction + kind + int(rough)


def motive_result(total: int) -> MotiveDamage:
    """BT-M-37.5: the result of a modified 2D6 ``total`` on the Motive System Damage Table."""
    if total <= 5:  # noqa: PLR2004 - the table's bands
        return MotiveDamage.NONE
    if total <= 7:  # noqa: PLR2004
        return MotiveDamage.MINOR
    if total <= 9:  # noqa: PLR2004
        return MotiveDamage.MODERATE
    if total <= 11:  # noqa: PLR2004
        return MotiveDamage.HEAVY
    return MotiveDamage.MAJOR


def apply_motive(design: VehicleDesign, body: VehicleBody, result: MotiveDamage) -> VehicleBody:
    """BT-M-37.5 (ASSUMPTION, MegaMek ``Tank.addMovementDamage``): a motive result's effect.

    Each level's Driving penalty counts once (`driving_modifier`); every moderate result takes
    1 Cruising MP; every heavy result halves the Cruising MP left, rounding up (the digest's
    rounding; MegaMek rounds the MP left down); major damage immobilizes the vehicle.
    """
    if result is MotiveDamage.NONE:
        return body
    levels = body.motive_levels | {result}
    if result is MotiveDamage.MAJOR:
        return attrs.evolve(body, motive_levels=levels, immobilized=True)
    left = max(0, design.cruise - body.motive_mp_lost)
    lost = (
        1 if result is MotiveDamage.MODERATE else left // 2 if result is MotiveDamage.HEAVY else 0
    )
    return attrs.evolve(
        body, motive_levels=levels, motive_mp_lost=min(design.cruise, body.motive_mp_lost + lost)
    )


# ---------------------------------------------------------------------------------- criticals
class Crit(enum.StrEnum):
    """BT-C-24.3: the vehicle critical results.

    DESIGN: a VTOL's co-pilot and pilot hits are the commander and driver rows (equal effects).
    """

    NONE = "no critical"
    DRIVER = "driver hit"
    COMMANDER = "commander hit"
    CREW_STUNNED = "crew stunned"
    CREW_KILLED = "crew killed"
    WEAPON_MALFUNCTION = "weapon malfunction"
    WEAPON_DESTROYED = "weapon destroyed"
    STABILIZER = "stabilizer"
    SENSORS = "sensors"
    CARGO = "cargo/infantry hit"
    ENGINE = "engine hit"
    FUEL_TANK = "fuel tank"
    AMMO = "ammunition"
    TURRET_JAM = "turret jam"
    TURRET_LOCK = "turret locks"
    TURRET_BLOWN_OFF = "turret blown off"
    ROTOR_DAMAGE = "rotor damage"
    FLIGHT_STABILIZER = "flight stabilizer"
    ROTOR_DESTROYED = "rotor destroyed"


C = Crit
# fmt: off
_CRITS: Final[dict[str, tuple[Crit, ...]]] = {  # rows 6..12
    "front":  (C.DRIVER, C.WEAPON_MALFUNCTION, C.STABILIZER, C.SENSORS, C.COMMANDER,
               C.WEAPON_DESTROYED, C.CREW_KILLED),
    "side":   (C.CARGO, C.WEAPON_MALFUNCTION, C.CREW_STUNNED, C.STABILIZER, C.WEAPON_DESTROYED,
               C.ENGINE, C.FUEL_TANK),
    "rear":   (C.WEAPON_MALFUNCTION, C.CARGO, C.STABILIZER, C.WEAPON_DESTROYED, C.ENGINE, C.AMMO,
               C.FUEL_TANK),
    "turret": (C.STABILIZER, C.TURRET_JAM, C.WEAPON_MALFUNCTION, C.TURRET_LOCK,
               C.WEAPON_DESTROYED, C.AMMO, C.TURRET_BLOWN_OFF),
    "rotor":  (C.ROTOR_DAMAGE, C.ROTOR_DAMAGE, C.ROTOR_DAMAGE, C.FLIGHT_STABILIZER,
               C.FLIGHT_STABILIZER, C.ROTOR_DESTROYED, C.ROTOR_DESTROYED),
    "vtol front": (C.COMMANDER, C.WEAPON_MALFUNCTION, C.STABILIZER, C.SENSORS, C.DRIVER,
                   C.WEAPON_DESTROYED, C.CREW_KILLED),
    "vtol side":  (C.WEAPON_MALFUNCTION, C.CARGO, C.CREW_STUNNED, C.STABILIZER,
                   C.WEAPON_DESTROYED, C.AMMO, C.FUEL_TANK),
    "vtol rear":  (C.WEAPON_MALFUNCTION, C.CARGO, C.STABILIZER, C.WEAPON_DESTROYED, C.SENSORS,
                   C.ENGINE, C.FUEL_TANK),
}
# fmt: on
MAX_SENSOR_HITS: Final = 4
"""BT-C-24.3 [MegaMek ``Tank.CRIT_SENSOR_MAX``]."""


def critical_table(design: VehicleDesign, location: VehicleLocation) -> tuple[Crit, ...]:
    """BT-C-24.3: the column of ``location``'s critical table, rows 6 to 12."""
    if location in TURRETS:
        return _CRITS["turret"]
    if location is _L.ROTOR:
        return _CRITS["rotor"]
    key = {_L.FRONT: "front", _L.REAR: "rear"}.get(location, "side")
    return _CRITS[f"vtol {key}" if design.motion is Motion.VTOL else key]


def weapon_candidates(
    design: VehicleDesign, body: VehicleBody, location: VehicleLocation, crit: Crit
) -> tuple[int, ...]:
    """BT-C-24.3: the weapons in ``location`` a malfunction or destruction can strike (indexes)."""
    return tuple(
        i
        for i, item in enumerate(design.equipment)
        if item.is_weapon
        and item.location == str(location)
        and i not in body.destroyed_weapons
        and (crit is not Crit.WEAPON_MALFUNCTION or i not in body.jammed_weapons)
    )


def pick_weapon(candidates: Sequence[int], roll: int) -> int:
    """BT-C-24.3: the weapon a die ``roll`` picks among ``candidates`` (roll 1 = the first).

    DESIGN: the digest says only "one in the hit location"; the die counts through them in the
    file's order.
    """
    return candidates[(roll - 1) % len(candidates)]


def _fusion(design: VehicleDesign) -> bool:
    return "fusion" in design.engine.lower()


def _applies(  # noqa: C901, PLR0911 - one answer per kind of result
    design: VehicleDesign,
    body: VehicleBody,
    location: VehicleLocation,
    crit: Crit,
    *,
    carrying: bool,
    ammo: Sequence[int],
) -> bool:
    """BT-C-24.3: False for a result that cannot apply (it falls to the next row)."""
    if crit in {Crit.WEAPON_MALFUNCTION, Crit.WEAPON_DESTROYED}:
        return bool(weapon_candidates(design, body, location, crit))
    if crit is Crit.STABILIZER:
        return location not in body.stabilizers
    if crit is Crit.SENSORS:
        return body.sensor_hits < MAX_SENSOR_HITS
    if crit is Crit.CARGO:
        return carrying
    if crit is Crit.ENGINE or (crit is Crit.FUEL_TANK and _fusion(design)):
        return not body.engine_hit
    if crit is Crit.AMMO:
        return any(shots > 0 for shots in ammo)
    if crit in {Crit.TURRET_JAM, Crit.TURRET_LOCK}:
        locked = {t for t, _ in body.locked_turrets}
        blocked = locked | (body.jammed_turrets if crit is Crit.TURRET_JAM else set())
        return location not in blocked | body.lost_turrets
    if crit is Crit.TURRET_BLOWN_OFF:
        return location not in body.lost_turrets
    if crit is Crit.FLIGHT_STABILIZER:
        return not body.flight_stabilizer
    if crit is Crit.ROTOR_DESTROYED:
        return not body.rotor_destroyed
    return True


def critical_effect(
    design: VehicleDesign,
    body: VehicleBody,
    location: VehicleLocation,
    roll: int,
    *,
    carrying: bool = False,
    ammo: Sequence[int] = (),
) -> Crit:
    """BT-C-24.3: the result of a 2D6 critical ``roll`` on ``location``'s table.

    2-5: no critical. A result that cannot apply (no weapon left there, engine already hit,
    nothing carried (``carrying``), no shots left in ``ammo`` (the unit's bins, ``UnitState.ammo``),
    turret already locked...) falls to the next row, and past
    12 starts again at 6 [MegaMek]; when no row applies, no critical.
    """
    if roll <= 5:  # noqa: PLR2004 - the "no critical" band
        return Crit.NONE
    column = critical_table(design, location)
    start = min(roll, 12) - 6
    for step in range(len(column)):
        crit = column[(start + step) % len(column)]
        if _applies(design, body, location, crit, carrying=carrying, ammo=ammo):
            return crit
    return Crit.NONE


def _crew(body: VehicleBody, *, driver: bool) -> VehicleBody:
    """BT-C-24.3: a driver or commander hit.

    DESIGN reading of "repeat": a second hit on the same crew member stuns the crew, unless the
    other one is hit too (then the crew is killed).
    """
    mine, other = (
        (body.driver_hit, body.commander_hit) if driver else (body.commander_hit, body.driver_hit)
    )
    if not mine:
        return (
            attrs.evolve(body, driver_hit=True)
            if driver
            else attrs.evolve(body, commander_hit=True)
        )
    if other:
        return attrs.evolve(body, destroyed="crew killed")
    return _stun(body)


def _stun(body: VehicleBody) -> VehicleBody:
    """BT-C-24.3: stunned for the rest of this turn and all the next; again: one more turn."""
    return attrs.evolve(body, stunned=body.stunned + 1 if body.stunned > 0 else 2)


def apply_critical(  # noqa: C901, PLR0911, PLR0912 - one branch per result of BT-C-24.3
    design: VehicleDesign,
    body: VehicleBody,
    location: VehicleLocation,
    crit: Crit,
    *,
    weapon: int | None = None,
    turret_facing: int = 0,
) -> VehicleBody:
    """BT-C-24.3: the body after critical ``crit`` in ``location``.

    ``weapon``: the weapon a malfunction or destruction strikes (`weapon_candidates`,
    `pick_weapon`). ``turret_facing``: hexsides clockwise from the hull's front that a turret
    points at when it locks (turret locks, engine hit). A fuel tank destroys a non-fusion
    vehicle and is an engine hit in a fusion one; an ammunition hit destroys it (no CASE);
    crew killed destroys it. Rotor destroyed: the VTOL crashes (`vehicle_damage.vtol_crash`).
    Cargo: no effect (transport rules missing, BT-C-35.13).
    """
    if crit in {Crit.DRIVER, Crit.COMMANDER}:
        return _crew(body, driver=crit is Crit.DRIVER)
    if crit is Crit.CREW_STUNNED:
        return _stun(body)
    if crit is Crit.CREW_KILLED:
        return attrs.evolve(body, destroyed="crew killed")
    if crit in {Crit.WEAPON_MALFUNCTION, Crit.WEAPON_DESTROYED}:
        if weapon is None:
            msg = f"a {crit} critical needs the weapon it strikes"
            raise ValueError(msg)
        if crit is Crit.WEAPON_MALFUNCTION:
            return attrs.evolve(body, jammed_weapons=body.jammed_weapons | {weapon})
        return attrs.evolve(body, destroyed_weapons=body.destroyed_weapons | {weapon})
    if crit is Crit.STABILIZER:
        return attrs.evolve(body, stabilizers=body.stabilizers | {location})
    if crit is Crit.SENSORS:
        return attrs.evolve(body, sensor_hits=min(MAX_SENSOR_HITS, body.sensor_hits + 1))
    if crit is Crit.FUEL_TANK and not _fusion(design):
        return attrs.evolve(body, destroyed="fuel tank explosion")
    if crit in {Crit.ENGINE, Crit.FUEL_TANK}:
        locks = tuple(
            (t, turret_facing)
            for t in TURRETS
            if t in design.locations and t not in body.lost_turrets
        )
        known = {t for t, _ in body.locked_turrets}
        locked = body.locked_turrets + tuple(pair for pair in locks if pair[0] not in known)
        return attrs.evolve(body, engine_hit=True, locked_turrets=locked)
    if crit is Crit.AMMO:
        return attrs.evolve(body, destroyed="ammunition explosion")
    if crit is Crit.TURRET_JAM:
        return attrs.evolve(body, jammed_turrets=body.jammed_turrets | {location})
    if crit is Crit.TURRET_LOCK:
        locked = (*body.locked_turrets, (location, turret_facing))
        return attrs.evolve(
            body, locked_turrets=locked, jammed_turrets=body.jammed_turrets - {location}
        )
    if crit is Crit.TURRET_BLOWN_OFF:
        gone = {i for i, item in enumerate(design.equipment) if item.location == str(location)}
        return attrs.evolve(
            body,
            lost_turrets=body.lost_turrets | {location},
            destroyed_weapons=body.destroyed_weapons | gone,
        )
    if crit is Crit.ROTOR_DAMAGE:
        return attrs.evolve(body, motive_mp_lost=min(design.cruise, body.motive_mp_lost + 1))
    if crit is Crit.FLIGHT_STABILIZER:
        return attrs.evolve(body, flight_stabilizer=True)
    if crit is Crit.ROTOR_DESTROYED:
        return attrs.evolve(body, rotor_destroyed=True)
    return body


def unpowered(design: VehicleDesign, body: VehicleBody, index: int) -> bool:
    """BT-C-24.3 engine hit: energy weapons lose power, except vehicle flamers.

    The catalogue files the Vehicle Flamer among ballistic weapons (BT-C-65), so "energy" is
    the catalogue's energy kind.
    """
    spec = design.equipment[index].spec
    return body.engine_hit and spec is not None and spec.kind is catalogue.Kind.ENERGY


def unjam(
    body: VehicleBody, *, weapon: int | None = None, turret: VehicleLocation | None = None
) -> VehicleBody:
    """BT-C-24.3 [MegaMek]: the crew clears a jammed weapon or turret instead of firing.

    One per turn; the caller checks the crew is not stunned and that the vehicle holds fire.
    """
    if weapon is not None:
        body = attrs.evolve(body, jammed_weapons=body.jammed_weapons - {weapon})
    if turret is not None:
        body = attrs.evolve(body, jammed_turrets=body.jammed_turrets - {turret})
    return body


def reroll_needed(body: VehicleBody, hit: VehicleHit) -> bool:
    """BT-M-37.6: once the rotor is destroyed, a rotor result is rolled again (a crash's groups)."""
    return hit.location is _L.ROTOR and body.rotor_destroyed
