"""A vehicle in play: its body (what the record sheet tracks, BT-M-5) and its movement rules.

`VehicleBody` is the part of a unit's state only vehicles have: armor and internal structure per
location of the design (`VehicleDesign.locations` order), motive damage, crew and critical
damage, ammunition and a VTOL's elevation. Every rule here is a pure function of the design, the
body and the terrain a caller hands in (a `Terrain` of `engine.battletech.board`); nothing rolls
dice. Hit locations, critical and motive tables: `engine.battletech.kinds.vehicle_tables`;
damage, crashes, to-hit and physical attacks: `engine.battletech.kinds.vehicle_damage`.

Rules: BT-M-3 (vehicles), BT-M-19/20 (facing, modes), BT-M-21..23 (costs and the prohibited
terrain matrix), BT-M-27.3 (road bonus), BT-M-37.1..37.5, BT-M-39 (swamp, ice, gravity,
temperature, vacuum) and BT-M-41 #9/#13 (the assumed VTOL and hover rules).
"""

from __future__ import annotations

import enum
from typing import Final

import attrs
from attrs import frozen

from engine.battletech.board import Terrain, Woods
from engine.battletech.designs.vehicle import Motion, VehicleDesign, VehicleLocation, flank_mp

__all__ = [
    "GROUND",
    "MotiveDamage",
    "VehicleBody",
    "allowance",
    "backward_refused",
    "cruise_mp",
    "displaced_into",
    "driving_modifier",
    "end_turn",
    "falls_through_ice",
    "flank_mp_now",
    "gravity_overrun",
    "is_immobile",
    "level_change_cost",
    "movement_blocked",
    "prohibited",
    "sideslip_check_needed",
    "sinks",
    "skid_check_needed",
    "standing_level",
    "swamp_roll",
    "temperature_mp_loss",
    "terrain_cost",
    "vacuum_capable",
    "vehicle_body",
    "vtol_can_land",
    "vtol_elevation_problem",
    "vtol_floor",
    "vtol_step_cost",
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
        ammo: shots left per equipment index (0 for anything that is not ammunition).
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
    ammo: tuple[int, ...] = ()
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
    """A fresh body for ``design``: full armor and structure, full ammunition (BT-M-5).

    ``elevation``: a VTOL's starting elevation (0 for every other vehicle; BT-M-37.3).
    """
    return VehicleBody(
        armor=design.armor,
        internal=design.internal,
        ammo=tuple(item.shots for item in design.equipment),
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


def backward_refused(*, flank: bool) -> str | None:
    """BT-M-19 item 6 / BT-M-37.1: a vehicle never moves backward at flank speed."""
    return "a vehicle may not move backward at flank speed (BT-M-19)" if flank else None


def skid_check_needed(motion: Motion, *, flank: bool, iced: bool = False) -> bool:
    """BT-M-29.1 / BT-M-39.2: may a turn-then-move on pavement (or into ice) make it skid?

    A ground vehicle at flank speed on pavement or road; on ice at any speed. A VTOL never
    skids (it sideslips, `sideslip_check_needed`).
    """
    return motion in GROUND and (flank or iced)


def sideslip_check_needed(motion: Motion, *, flank: bool, turned_then_moved: bool) -> bool:
    """BT-M-37.3 / BT-M-41 #8: a flank-speed VTOL entering a hex after a facing change rolls.

    The roll is a Driving roll with BT-M-29.2's skid modifier; its failure: BT-M-37.6
    (`vehicle_damage.sideslip_hexes`).
    """
    return motion is Motion.VTOL and flank and turned_then_moved


# ---------------------------------------------------------------------------------- terrain
def prohibited(  # noqa: PLR0911 - one return per row of the BT-M-23 matrix
    motion: Motion, terrain: Terrain, *, along_road: bool = False
) -> str | None:
    """BT-M-23 (with BT-M-8, BT-M-21): why a vehicle of ``motion`` may not enter ``terrain``.

    None when it may. ``along_road``: it enters along the hex's road (BT-M-27.2) or bridge
    (BT-M-28), which lets it cross terrain otherwise prohibited. A flying VTOL is never
    prohibited by terrain (its elevation is checked by `vtol_elevation_problem`). DESIGN: ice
    over deep water carries every ground vehicle (it may break, BT-M-39.2).
    """
    if motion is Motion.VTOL or along_road:
        return None
    name = str(motion)
    if terrain.woods is Woods.HEAVY:
        return "no ground vehicle may enter heavy woods (BT-M-8.3)"
    if terrain.woods is Woods.LIGHT and motion is not Motion.TRACKED:
        return f"a {name} vehicle may not enter light woods (BT-M-8.2)"
    if motion is Motion.WHEELED and terrain.rough:
        return "a wheeled vehicle may not enter rough (BT-M-8.4)"
    if motion is Motion.WHEELED and terrain.rubble:
        return "a wheeled vehicle may not enter rubble (BT-M-8.10)"
    deep = terrain.water is not None and terrain.water >= 1 and not terrain.ice
    if deep and motion is not Motion.HOVER:
        return f"a {name} vehicle may not enter water of Depth 1+ (BT-M-8.5; only hover may)"
    return None


def terrain_cost(motion: Motion, terrain: Terrain, *, along_road: bool = False) -> int:
    """BT-M-21: MP for a vehicle to enter ``terrain``, before any level change.

    Along a road or bridge 1 (BT-M-27.2). A flying VTOL pays 1 whatever lies below (BT-M-41
    #9). A hover vehicle pays 1 per water hex of any depth (BT-M-41 #13) and no swamp +1
    (BT-M-37.4). Otherwise the costliest feature: light woods, rough, rubble 2, heavy woods 3
    (never entered), buildings their class's cost, plus 1 in a swamp (BT-M-39.1).
    """
    if motion is Motion.VTOL or along_road:
        return 1
    if motion is Motion.HOVER and terrain.water is not None:
        return 1
    cost = 1
    if terrain.woods is Woods.LIGHT or terrain.rough or terrain.rubble:
        cost = 2
    if terrain.woods is Woods.HEAVY:
        cost = 3
    if terrain.water is not None and terrain.water >= 1 and not terrain.ice:
        cost = max(cost, 2 if terrain.water == 1 else 4)
    if terrain.building is not None:
        cost = max(cost, terrain.building.cls.cost)
    if terrain.swamp and motion is not Motion.HOVER:
        cost += 1
    return cost


def standing_level(motion: Motion, terrain: Terrain, *, elevation: int = 0) -> int:
    """BT-M-22 (reading) and BT-C-5: the level a vehicle is at in ``terrain``.

    A VTOL: the hex's level plus its elevation (BT-M-37.3). A hover vehicle on water, or any
    vehicle on ice: the surface (BT-M-37.4). Otherwise the ground (the water bottom).
    """
    if motion is Motion.VTOL:
        return terrain.level + elevation
    if motion is Motion.HOVER or terrain.ice:
        return terrain.level
    return terrain.bottom


def level_change_cost(motion: Motion, change: int, *, backward: bool = False) -> int | str:
    """BT-M-22 / BT-M-37.1: the extra MP of a ``change``-level step, or why it is not allowed.

    Ground vehicles: at most 1 level per hex, +2 MP; none while moving backward (BT-M-19 item
    6). VTOLs: any number, +1 MP per level (BT-M-37.3).
    """
    levels = abs(change)
    if motion is Motion.VTOL:
        return levels
    if backward and levels:
        return "a vehicle moving backward cannot change level (BT-M-19)"
    if levels > 1:
        return f"a {levels}-level change is too steep for a ground vehicle (BT-M-22: 1 at most)"
    return 2 * levels


# ---------------------------------------------------------------------------------- VTOLs
def vtol_floor(terrain: Terrain) -> int:
    """BT-M-41 #9: the lowest elevation a flying VTOL may hold over ``terrain``.

    Above the terrain below: woods rise 2 levels, a building its height (BT-M-7); a flying VTOL
    is at least at elevation 1.
    """
    return max(1, terrain.height)


def vtol_can_land(terrain: Terrain) -> str | None:
    """BT-M-41 #9 (DESIGN placeholder): a VTOL lands only in clear, pavement, road or rough.

    Woods, water, rubble, buildings and fire refuse it (None: it may land).
    """
    if terrain.woods or terrain.water not in {None, 0} or terrain.rubble:
        return "a VTOL lands only in clear, paved, road or rough hexes (BT-M-41 #9)"
    if terrain.building is not None or terrain.fire:
        return "a VTOL cannot land on a building or in a burning hex (BT-M-41 #9)"
    return None


def vtol_elevation_problem(terrain: Terrain, elevation: int) -> str | None:
    """BT-M-5 / BT-M-37.3: why a VTOL may not be at ``elevation`` over ``terrain`` (None: it may).

    Elevation 0 is landed (`vtol_can_land`); in flight it must clear the terrain (`vtol_floor`).
    """
    if elevation < 0:
        return "a VTOL's elevation is never below its hex (BT-M-5)"
    if elevation == 0:
        return vtol_can_land(terrain)
    if elevation < vtol_floor(terrain):
        return f"a VTOL must fly at elevation {vtol_floor(terrain)}+ over this hex (BT-M-37.3)"
    return None


def vtol_step_cost(from_elevation: int, to_elevation: int, *, moves: bool = True) -> int:
    """BT-M-41 #9: 1 MP per hex in flight, +1 per level of elevation changed on the way.

    ``moves=False``: a change in place (take-off, landing, climbing): its levels only.
    """
    return int(moves) + abs(to_elevation - from_elevation)


def end_turn(body: VehicleBody) -> VehicleBody:
    """BT-C-24.3: the end phase counts a stunned crew's turns down."""
    if body.stunned <= 0:
        return body
    return attrs.evolve(body, stunned=body.stunned - 1)


# ---------------------------------------------------------------------------------- water, ice
def sinks(design: VehicleDesign, body: VehicleBody, terrain: Terrain) -> bool:
    """BT-M-37.5 (ASSUMPTION, TW): an immobilized hover vehicle on water of Depth 1+ sinks."""
    deep = terrain.water is not None and terrain.water >= 1 and not terrain.ice
    return design.motion is Motion.HOVER and deep and is_immobile(design, body)


def displaced_into(motion: Motion, terrain: Terrain) -> bool:
    """BT-M-26.2 / BT-C-46: True when displacement into ``terrain`` destroys the vehicle.

    A vehicle may be displaced into water; one that cannot enter it (tracked, wheeled, and a
    landed VTOL, DESIGN) is destroyed. Hover vehicles float.
    """
    deep = terrain.water is not None and terrain.water >= 1 and not terrain.ice
    return deep and motion is not Motion.HOVER


def falls_through_ice(motion: Motion) -> bool:
    """BT-M-39.2: True when a vehicle that breaks the ice is destroyed (all but hover)."""
    return motion is not Motion.HOVER


def swamp_roll(motion: Motion) -> bool:
    """BT-M-39.1: a ground vehicle entering swamp rolls to avoid getting stuck.

    DESIGN: hover vehicles, which pay no swamp MP (BT-M-37.4), roll nothing; VTOLs fly over.
    """
    return motion in {Motion.TRACKED, Motion.WHEELED}


def gravity_overrun(normal_flank: int, spent: int) -> tuple[VehicleLocation, int]:
    """BT-M-39.3: a failed roll after spending more than the 1 G Flank MP: front structure damage.

    Returns (the front, internal structure points): 1 per MP over ``normal_flank``.
    """
    return VehicleLocation.FRONT, max(0, spent - normal_flank)


def vacuum_capable(design: VehicleDesign, *, sealed: bool = False) -> bool:
    """BT-M-39.5: only sealed, fusion-engined ground vehicles work in vacuum; hover and VTOL never.

    ``sealed``: the design spends 10% of its tonnage on sealing (not in a ``.blk`` file).
    """
    if design.motion in {Motion.HOVER, Motion.VTOL}:
        return False
    return sealed and design.engine.lower().startswith("fusion")
