"""Damage to vehicles, skids and spins, VTOL crashes (BT-C-24, BT-C-34, BT-M-29, BT-M-37.6).

`damage_vehicle` marks damage on one location (armor, then internal structure; never any
transfer, BT-M-3 / BT-C-24) and reports what the caller must roll next: critical chances
(BT-C-24.4), a destroyed vehicle (BT-C-34), a VTOL that loses its rotor in flight (a crash,
BT-M-37.6). Then skids and spins (BT-M-29.5/29.6), crash damage, forced landings and sideslips
(BT-M-37.6). Pure functions: dice come in as ints already rolled. Firing, to-hit and physical
attacks: `engine.battletech.kinds.vehicle_combat`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Final

import attrs
from attrs import frozen

from engine.battletech.board import Terrain
from engine.battletech.designs.vehicle import Motion, VehicleDesign, VehicleLocation
from engine.battletech.kinds.vehicle import VehicleBody, is_immobile
from engine.battletech.kinds.vehicle_tables import TURRETS
from engine.battletech.tables import Column

__all__ = [
    "FALL_SIDE",
    "FORCED_LANDING_MODIFIER",
    "Crash",
    "SpinHex",
    "VehicleDamage",
    "building_entry_damage",
    "crash_explodes",
    "damage_groups",
    "damage_vehicle",
    "forced_landing_elevation",
    "forced_landing_refused",
    "impossible_displacement",
    "must_crash",
    "seed_chance_criticals",
    "sideslip_crash_damage",
    "sideslip_hexes",
    "skid_motive_modifiers",
    "skid_obstacle_damage",
    "spin_critical_rolls",
    "spin_hexes",
    "vtol_crash",
    "vtol_crash_damage",
]

FORCED_LANDING_MODIFIER: Final = 4
"""BT-M-37.6 [ASSUMPTION, MegaMek]: a forced landing's Driving roll is at +4."""


@frozen
class VehicleDamage:
    """What one block of damage did to a vehicle location (BT-C-24, BT-C-34).

    Attributes:
        location: the location hit.
        armor: points the armor took.
        internal: points the internal structure took.
        lost: points beyond the structure, lost (damage never transfers, BT-M-3).
        critical_chances: table rolls the caller makes on the location's critical table
            (BT-C-24.4: one for damaged structure, one for a "crit" hit result; none when the
            location was destroyed).
        location_destroyed: this damage took the location's last structure point.
        destroyed: why this damage destroyed the vehicle ("" when it did not, or it already was).
        crash: a VTOL lost its rotor in flight: resolve `vtol_crash` (BT-M-37.6).
    """

    location: VehicleLocation
    armor: int = 0
    internal: int = 0
    lost: int = 0
    critical_chances: int = 0
    location_destroyed: bool = False
    destroyed: str = ""
    crash: bool = False

    @property
    def penetrated(self) -> bool:
        """True when the damage reached the internal structure (BT-M-29.6: two spin crit rolls)."""
        return self.internal > 0


def damage_vehicle(
    design: VehicleDesign,
    body: VehicleBody,
    location: VehicleLocation,
    amount: int,
    *,
    crit: bool = False,
) -> tuple[VehicleBody, VehicleDamage]:
    """BT-C-24 / BT-M-3 / BT-C-34: mark ``amount`` points on ``location``.

    Armor first, then internal structure; the excess is lost (no transfer). Damaged structure
    gives one critical chance and ``crit`` (a hit result marked "crit", BT-C-24.1/24.2) one
    more, both rolled directly on the location's table (BT-C-24.4, the TW/MegaMek reading).
    A location whose structure is gone destroys the vehicle and rolls no criticals, except a
    VTOL's rotor: DESIGN (BT-C-24.3 "rotor destroyed") the rotor is gone and a VTOL in flight
    crashes. Damage to a location already gone is lost. A destroyed vehicle still takes the
    points (salvage) but gets no criticals.

    Raises:
        ValueError: the design has no such location, or ``amount`` is negative.
    """
    if location not in design.locations:
        msg = f"{design.name} has no {location} location"
        raise ValueError(msg)
    if amount < 0:
        msg = f"damage is never negative ({amount})"
        raise ValueError(msg)
    i = design.locations.index(location)
    armor, internal = body.armor[i], body.internal[i]
    if internal == 0:
        return body, VehicleDamage(location, lost=amount)
    on_armor = min(armor, amount)
    on_internal = min(internal, amount - on_armor)
    lost = amount - on_armor - on_internal
    gone = on_internal == internal
    new = attrs.evolve(
        body,
        armor=_put(body.armor, i, armor - on_armor),
        internal=_put(body.internal, i, internal - on_internal),
    )
    chances = 0 if gone or body.destroyed else int(on_internal > 0) + int(crit)
    destroyed, crash = "", False
    if gone and location is VehicleLocation.ROTOR:
        crash = not body.rotor_destroyed and body.airborne
        new = attrs.evolve(new, rotor_destroyed=True)
    elif gone and not body.destroyed:
        destroyed = f"{location.value.lower()} destroyed"
        new = attrs.evolve(new, destroyed=destroyed)
    return new, VehicleDamage(
        location,
        armor=on_armor,
        internal=on_internal,
        lost=lost,
        critical_chances=chances,
        location_destroyed=gone,
        destroyed=destroyed,
        crash=crash,
    )


def _put(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return (*values[:index], value, *values[index + 1 :])


def damage_groups(amount: int, size: int = 5) -> tuple[int, ...]:
    """BT-C-22 grouping: ``amount`` in groups of ``size`` and a smaller last one (12 -> 5, 5, 2)."""
    full, rest = divmod(max(0, amount), size)
    return (size,) * full + ((rest,) if rest else ())


def seed_chance_criticals(roll: int) -> int:
    """BT-C-24.4 named option "seed chance roll": criticals from a BT-C-29 ``roll`` first.

    2-7 none, 8-9 one, 10-11 two, 12 three (BT-C-29's vehicle note); each is then one roll on
    the location's table. Off by default: each chance is one table roll (`damage_vehicle`).
    """
    return 0 if roll <= 7 else 1 if roll <= 9 else 2 if roll <= 11 else 3  # noqa: PLR2004


def spin_critical_rolls(damage: VehicleDamage) -> int:
    """BT-M-29.6 / BT-C-24.4: table rolls for a side damaged by a spin (two if penetrated)."""
    if damage.location_destroyed or damage.armor + damage.internal == 0:
        return 0
    return 2 if damage.penetrated else 1


# ---------------------------------------------------------------------------------- skids
def skid_motive_modifiers(start: Terrain, skidded: Sequence[Terrain]) -> tuple[bool, ...]:
    """BT-M-29.5: one motive roll per hex skidded (one for a skid of length 0).

    Returns, per roll, whether it takes the +1 for rough or rubble (`motive_modifier`'s
    ``rough``): the hex skidded into, or for a length-0 skid the hex where control was lost.
    """
    hexes = tuple(skidded) or (start,)
    return tuple(t.rough or t.rubble for t in hexes)


@frozen
class SpinHex:
    """BT-M-29.6: what one hex of a spin does.

    Attributes:
        locations: the locations damaged (both turrets on the 2nd hex of a two-turret vehicle);
            empty on the 4th hex.
        damage: points to each location: ceil(tons / 10).
        motive: the 4th hex: one motive roll at +1 instead of damage.
    """

    locations: tuple[VehicleLocation, ...]
    damage: int
    motive: bool = False


def spin_hexes(
    design: VehicleDesign, leading: VehicleLocation, length: int, body: VehicleBody | None = None
) -> tuple[SpinHex, ...]:
    """BT-M-29.6: the hexes of a spin of ``length`` (= skid length - 1), in order.

    ``leading``: the side facing the direction of the skid (1st hex). 2nd: the turret(s), full
    damage each (none left: the 3rd hex's result instead). 3rd: the side opposite the spin
    direction, read as the other side (DESIGN). 4th: a motive roll at +1. The 5th hex starts
    again from the 1st.
    """
    damage = math.ceil(design.tonnage / 10)
    trailing = VehicleLocation.LEFT if leading is VehicleLocation.RIGHT else VehicleLocation.RIGHT
    lost = body.lost_turrets if body is not None else frozenset()
    turrets = tuple(t for t in TURRETS if t in design.locations and t not in lost)
    cycle = (
        SpinHex((leading,), damage),
        SpinHex(turrets or (trailing,), damage),
        SpinHex((trailing,), damage),
        SpinHex((), 0, motive=True),
    )
    return tuple(cycle[i % 4] for i in range(max(0, length)))


def skid_obstacle_damage(tonnage: float, *, in_water: bool = False) -> int:
    """BT-M-29.7: a vehicle skidding through woods takes a normal fall's damage per hex.

    ASSUMPTION (the digest's, for vehicles): ceil(tons / 10); halved, rounded up, in Depth 1+
    water where the skid stops.
    """
    damage = math.ceil(Fraction(str(tonnage)) / 10)
    return -(-damage // 2) if in_water else damage


def building_entry_damage(cf: int) -> tuple[VehicleLocation, int]:
    """BT-M-8.9 / BT-M-41 #4: a failed Driving roll entering or leaving a building.

    The vehicle takes ceil(CF / 10) on its front (and the building ceil(tons / 10)).
    """
    return VehicleLocation.FRONT, math.ceil(cf / 10)


def impossible_displacement(body: VehicleBody) -> VehicleBody:
    """BT-C-24 / BT-C-43: displaced with nowhere to go, a vehicle counts an ammo/power-plant hit."""
    return attrs.evolve(body, destroyed=body.destroyed or "power plant hit")


# ---------------------------------------------------------------------------------- VTOL crashes
def must_crash(design: VehicleDesign, body: VehicleBody) -> bool:
    """BT-C-24.3 / BT-M-37.6: a VTOL in flight whose rotor is gone comes down.

    DESIGN: so does one that can no longer move (major motive damage, engine hit), as MegaMek
    crashes an immobilized airborne VTOL.
    """
    if design.motion is not Motion.VTOL or not body.airborne or body.destroyed:
        return False
    return body.rotor_destroyed or is_immobile(design, body)


def vtol_crash_damage(tonnage: float, fall: int, gravity: Fraction = Fraction(1)) -> int:
    """BT-M-37.6: round(tons / 10) x (fall + 1) x gravity (halves round up, as Java's round).

    Example (the digest's): a 21 t Warrior H-7 from elevation 3: 2 x 4 = 8.
    """
    tens = math.floor(Fraction(str(tonnage)) / 10 + Fraction(1, 2))
    total = tens * (fall + 1) * gravity
    return math.floor(total + Fraction(1, 2))


FALL_SIDE: Final = (
    Column.FRONT,
    Column.RIGHT,
    Column.RIGHT,
    Column.REAR,
    Column.LEFT,
    Column.LEFT,
)


@frozen
class Crash:
    """BT-M-37.6: a VTOL crash worked out (the caller applies ``groups`` on ``column``).

    Attributes:
        groups: 5-point damage groups, each located with `hit_location` on ``column``.
        column: the side the VTOL lands on (from the fall-facing result).
        turn: hexsides the VTOL turns clockwise (the fall-facing result, 0..5).
        destroyed: why the crash destroys it outright ("" when it does not): into water,
            through ice.
    """

    groups: tuple[int, ...]
    column: Column
    turn: int
    destroyed: str = ""


def vtol_crash(
    design: VehicleDesign,
    body: VehicleBody,
    terrain: Terrain,
    facing_roll: int,
    *,
    ice_roll: int | None = None,
    gravity: Fraction = Fraction(1),
) -> tuple[VehicleBody, Crash]:
    """BT-M-37.6 [ASSUMPTION, MegaMek AirborneVehicleCrashHandler]: a VTOL crashes in its hex.

    It drops from its elevation to the ground, or onto a building roof or bridge deck of its
    hex (fall = the levels dropped; none already there: no damage). ``facing_roll`` is the
    0..5 fall-facing result: 0 front, 1-2 right, 3 rear, 4-5 left; the VTOL turns that many
    hexsides. Water destroys it; on ice-covered water ``ice_roll`` (1D6) 4+ breaks the ice and
    destroys it. DESIGN: a crashed VTOL never flies again (rotor gone, elevation 0, or the roof
    or deck it landed on).

    Then: apply ``groups`` with `damage_vehicle`, and check `crash_explodes`.
    """
    roof = max(
        terrain.building.height if terrain.building is not None else 0,
        terrain.bridge.height if terrain.bridge is not None else 0,
    )
    rest = min(body.elevation, roof)
    fall = body.elevation - rest
    damage = vtol_crash_damage(design.tonnage, fall, gravity) if fall > 0 else 0
    column = FALL_SIDE[facing_roll % 6]
    destroyed = ""
    water = terrain.water is not None and terrain.water >= 1 and rest == 0
    if water and not terrain.ice:
        destroyed = "crashed into water"
    elif water and ice_roll is not None and ice_roll >= 4:  # noqa: PLR2004 - BT-M-37.6's 4+
        destroyed = "crashed through the ice"
    new = attrs.evolve(
        body, elevation=rest, rotor_destroyed=True, destroyed=body.destroyed or destroyed
    )
    return new, Crash(damage_groups(damage), column, facing_roll % 6, destroyed)


def crash_explodes(design: VehicleDesign, *, internal_damaged: bool) -> bool:
    """BT-M-37.6: a crashed VTOL whose structure was damaged explodes unless its engine is fusion.

    It is destroyed and its hex catches fire (BT-M-8.12).
    """
    return internal_damaged and "fusion" not in design.engine.lower()


def forced_landing_refused(terrain: Terrain) -> str | None:
    """BT-M-37.6: a forced landing is impossible in woods, water, rubble (the VTOL crashes).

    DESIGN: the digest's jungle is woods (BT-M-41 #15); mud, magma and fuel tanks are not on
    hexmech's boards.
    """
    if terrain.woods or (terrain.water is not None and terrain.water > 0) or terrain.rubble:
        return "no forced landing in woods, water or rubble: the VTOL crashes (BT-M-37.6)"
    return None


def forced_landing_elevation(terrain: Terrain) -> int:
    """BT-M-37.6: a forced landing ends at max(building height, bridge height, 0)."""
    building = terrain.building.height if terrain.building is not None else 0
    bridge = terrain.bridge.height if terrain.bridge is not None else 0
    return max(building, bridge, 0)


def sideslip_hexes(margin: int, hexes_before: int) -> int:
    """BT-M-37.6: a failed sideslip moves margin-of-failure hexes, at most hexes entered - 1."""
    return max(0, min(margin, hexes_before - 1))


def sideslip_crash_damage(hexes_moved: int, tonnage: float) -> int:
    """BT-M-37.6: a crash while sideslipping: ceil(hexes moved this turn x tons / 10)."""
    return math.ceil(Fraction(hexes_moved) * Fraction(str(tonnage)) / 10)
