"""A vehicle in play: its body (what the record sheet tracks, BT-M-5) and its movement rules.

`VehicleBody` is the part of a unit's state only vehicles have: armor and internal structure per
location of the design (`VehicleDesign.locations` order), motive damage, crew and critical
damage and a VTOL's elevation. Ammunition is the unit's core ``UnitState.ammo`` (one count for
every kind of unit), which the combat rules take as an argument. Every rule here is a pure
function of the design, the body and the terrain a caller hands in (a `Terrain` of
`engine.battletech.board`); nothing rolls dice. Hit locations, critical and motive tables:
`engine.battletech.kinds.vehicle_tables`; damage, crashes, to-hit and physical attacks:
`engine.battletech.kinds.vehicle_damage`.

Rules: BT-M-3 (vehicles), BT-M-5 (the sheet), BT-M-20 / BT-M-37.1 (cruise and flank MP),
BT-M-27.3 (road bonus), BT-M-37.5 (MP after motive damage), BT-M-39.4 (temperature). Terrain,
levels, VTOL elevation, water and ice: `engine.battletech.kinds.vehicle_terrain`.
"""

from __future__ import annotations

import enum
from typing import Final

import attrs
from attrs import frozen

from engine.battletech.designs.vehicle import Motion, VehicleDesign, VehicleLocation, flank_mp

__all__ = [
    "GROUND",
    "MotiveDamage",
    "VehicleBody",
    "allowance",
    "cruise_mp",
    "driving_modifier",
    "end_turn",
    "flank_mp_now",
    "is_immobile",
    "movement_blocked",
    "temperature_mp_loss",
    "vehicle_body",
]

GROUND: Final = frozenset({Motion.TRACKED, Motion.WHEELED, Motion.HOVER})
"""BT-M-3 (DERIVED): "ground vehicles" in the tables are tracked, wheeled and hover."""


class MotiveDamage(enum.IntEnum):
    """BT-M-37.5 (ASSUMPTION, TW): the Motive System Damage Table's results, by severity."""

    NONE = 0
    MINOR = 1
    MODERATE = 2
    HEAVY = 3
    MAJOR = 4

    @property
    def driving_penalty(self) -> int:
        """BT-M-37.5: the Driving-roll penalty of this level (+1, +2, +3), gained once."""
        return {MotiveDamage.MINOR: 1, MotiveDamage.MODERATE: 2, MotiveDamage.HEAVY: 3}.get(self, 0)


@frozen
class VehicleBody:
    """What a vehicle's record sheet tracks during play (BT-M-5), beside the unit's core state.

    ``armor`` and ``internal`` give the points left in each of the design's locations, in
    `VehicleDesign.locations` order. Weapon and ammunition indexes are indexes into
    `VehicleDesign.equipment`.

    Attributes:
        armor: armor points left per location.
        internal: internal structure points left per location.
        motive_mp_lost: Cruising MP lost to motive damage and rotor damage (BT-M-37.5, BT-C-24.3).
        motive_levels: the motive results rolled so far; each level's Driving penalty counts once.
        immobilized: major motive damage: no movement for the rest of the game (BT-M-37.5).
        engine_hit: the engine critical: immobile, turrets locked, energy weapons off (BT-C-24.3).
        driver_hit: the driver critical (+2 Driving).
        commander_hit: the commander critical (+1 Driving and to-hit).
        stunned: turns the crew stays stunned, this one included (BT-C-24.3: 2 = the rest of
            this turn and all of the next); the end phase counts it down (`end_turn`).
        sensor_hits: sensor criticals (+1 to-hit each, at most 4; BT-C-24.3).
        stabilizers: locations whose stabilizer was hit (+1 to-hit for their weapons).
        flight_stabilizer: a VTOL's flight stabilizer was hit (+3 Driving).
        rotor_destroyed: a VTOL's rotor is gone: it crashed or landed, and never flies again.
        jammed_turrets: turrets that cannot rotate until the crew clears them.
        locked_turrets: turrets locked for good, with the hexsides (clockwise from the hull's
            front) they point at; their arc turns with the hull.
        lost_turrets: turrets blown off, with their weapons.
        jammed_weapons: weapons that malfunctioned and cannot fire until cleared.
        destroyed_weapons: weapons destroyed by criticals or with their turret.
        elevation: a VTOL's elevation above its hex's level (0: landed; BT-M-5, BT-M-37.3).
        destroyed: why the vehicle is destroyed ("" while it is not; BT-C-34).
    """

    armor: tuple[int, ...]
    internal: tuple[int, ...]
    motive_mp_lost: int = 0
    motive_levels: frozenset[MotiveDamage] = frozenset()
    immobilized: bool = False
    engine_hit: bool = False
    driver_hit: bool = False
    commander_hit: bool = False
    stunned: int = 0
    sensor_hits: int = 0
    stabilizers: frozenset[VehicleLocation] = frozenset()
    flight_stabilizer: bool = False
    rotor_destroyed: bool = False
    jammed_turrets: frozenset[VehicleLocation] = frozenset()
    locked_turrets: tuple[tuple[VehicleLocation, int], ...] = ()
    lost_turrets: frozenset[VehicleLocation] = frozenset()
    jammed_weapons: frozenset[int] = frozenset()
    destroyed_weapons: frozenset[int] = frozenset()
    elevation: int = 0
    destroyed: str = ""

    def armor_at(self, design: VehicleDesign, location: VehicleLocation) -> int:
        """Armor points left at ``location`` (0 where the design has no such location)."""
        if location not in design.locations:
            return 0
        return self.armor[design.locations.index(location)]

    def internal_at(self, design: VehicleDesign, location: VehicleLocation) -> int:
        """Internal structure points left at ``location`` (0 where the design has none)."""
        if location not in design.locations:
            return 0
        return self.internal[design.locations.index(location)]

    @property
    def airborne(self) -> bool:
        """A VTOL in flight (elevation above 0, BT-M-37.3)."""
        return self.elevation > 0


def vehicle_body(design: VehicleDesign, *, elevation: int = 0) -> VehicleBody:
    """A fresh body for ``design``: full armor and structure (BT-M-5; the bins: ``UnitState.ammo``).

    ``elevation``: a VTOL's starting elevation (0 for every other vehicle; BT-M-37.3).
    """
    return VehicleBody(
        armor=design.armor,
        internal=design.internal,
        elevation=elevation if design.motion is Motion.VTOL else 0,
    )


# ---------------------------------------------------------------------------------- MP
def temperature_mp_loss(celsius: int) -> int:
    """BT-M-39.4: Cruising MP lost to extreme temperature, 1 per 10 C (or part) beyond -30/50."""
    beyond = celsius - 50 if celsius > 50 else -30 - celsius if celsius < -30 else 0  # noqa: PLR2004
    return -(-beyond // 10)


def cruise_mp(design: VehicleDesign, body: VehicleBody, *, temperature_loss: int = 0) -> int:
    """BT-M-37.1, BT-M-37.5: Cruising MP now, after motive damage (and BT-M-39.4's loss).

    0 when the vehicle is immobilized (major motive damage), its engine was hit (BT-C-24.3), a
    VTOL lost its rotor, or it is destroyed. Never below 0.
    """
    if body.destroyed or body.immobilized or body.engine_hit or body.rotor_destroyed:
        return 0
    return max(0, design.cruise - body.motive_mp_lost - temperature_loss)


def flank_mp_now(design: VehicleDesign, body: VehicleBody, *, temperature_loss: int = 0) -> int:
    """BT-M-37.1 / BT-M-20.3: Flank MP = ceil(1.5 x the Cruising MP the vehicle has now)."""
    return flank_mp(cruise_mp(design, body, temperature_loss=temperature_loss))


def allowance(
    design: VehicleDesign,
    body: VehicleBody,
    *,
    flank: bool,
    road_bonus: bool = False,
    temperature_loss: int = 0,
) -> int:
    """BT-M-20.2/20.3 with BT-M-37.1: the MP of the declared mode (cruise or flank).

    ``road_bonus`` (BT-M-27.3): the ground vehicle started in a paved road hex and stays on the
    road all move: +1 MP (the digest's reading), never for a VTOL or an immobile vehicle.
    """
    mp = (flank_mp_now if flank else cruise_mp)(design, body, temperature_loss=temperature_loss)
    if road_bonus and mp > 0 and design.motion in GROUND:
        mp += 1
    return mp


def is_immobile(design: VehicleDesign, body: VehicleBody) -> bool:
    """BT-M-37.5 / BT-C-18.8: a vehicle with 0 Cruising MP is an immobile target (-4).

    DESIGN: a stunned crew does not make the vehicle immobile (it cannot move this turn but is
    not a sitting target in MegaMek either); a landed VTOL without rotor is immobile.
    """
    return not body.destroyed and cruise_mp(design, body) == 0


def movement_blocked(design: VehicleDesign, body: VehicleBody) -> str | None:
    """Why the vehicle may not move this turn (None: it may). BT-C-24.3, BT-M-37.5."""
    if body.destroyed:
        return "the vehicle is destroyed"
    if body.stunned > 0:
        return "the crew is stunned (BT-C-24.3)"
    if cruise_mp(design, body) == 0:
        return "the vehicle is immobile (BT-M-37.5)"
    return None


def driving_modifier(body: VehicleBody) -> int:
    """BT-M-37.5 and BT-C-24.3: the modifier added to every Driving roll of this vehicle.

    Each motive level's penalty once (+1 minor, +2 moderate, +3 heavy: at most +6), +2 driver
    hit, +1 commander hit, +3 flight stabilizer hit. 'Mech-only modifiers never apply (BT-M-37.1).
    """
    motive = sum(level.driving_penalty for level in body.motive_levels)
    crew = 2 * body.driver_hit + body.commander_hit
    return motive + crew + 3 * body.flight_stabilizer


def end_turn(body: VehicleBody) -> VehicleBody:
    """BT-C-24.3: the end phase counts a stunned crew's turns down."""
    if body.stunned <= 0:
        return body
    return attrs.evolve(body, stunned=body.stunned - 1)
