"""Where a vehicle may go and what it costs: terrain, levels, VTOL elevation, water and ice.

BT-M-21 (costs), BT-M-22 (level changes), BT-M-23 (the prohibited terrain matrix by motive
type), BT-M-19 item 6 (no backward flank), BT-M-29.1 (who skids), BT-M-37.3 / BT-M-41 #8, #9
(the assumed VTOL rules), BT-M-37.4 / BT-M-41 #13 (hover), BT-M-26.2 (displacement into
water), BT-M-39 (swamp, ice, gravity, vacuum). Terrain comes in as a `Terrain` of
`engine.battletech.board`; nothing here reads a board or a unit's state.
"""

from __future__ import annotations

from engine.battletech.board import Terrain, Woods
from engine.battletech.designs.vehicle import Motion, VehicleDesign, VehicleLocation
from engine.battletech.kinds.vehicle import GROUND, VehicleBody, is_immobile

__all__ = [
    "backward_refused",
    "displaced_into",
    "falls_through_ice",
    "gravity_overrun",
    "ground_enter_cost",
    "level_change_cost",
    "prohibited",
    "sideslip_check_needed",
    "sinks",
    "skid_check_needed",
    "standing_level",
    "swamp_roll",
    "terrain_cost",
    "vacuum_capable",
    "vtol_can_land",
    "vtol_elevation_problem",
    "vtol_enter_cost",
    "vtol_floor",
    "vtol_step_cost",
]


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


def ground_enter_cost(
    motion: Motion,
    level: int,
    terrain: Terrain,
    *,
    along_road: bool = False,
    backward: bool = False,
) -> tuple[int, int] | str:
    """BT-M-21..23, BT-M-27.2, BT-M-28: a ground vehicle standing at ``level`` enters ``terrain``.

    Returns (MP, the level it then stands at), or why it may not. Along a road over a bridge it
    stands on the deck (the hex's level plus the bridge's height). DESIGN: BT-M-20.3's "no
    Depth 1+ water at a run" is for units on the bottom; a hover vehicle at flank speed skims
    the surface (only hover enters deep water at all).
    """
    reason = prohibited(motion, terrain, along_road=along_road)
    if reason is not None:
        return reason
    if along_road and terrain.bridge is not None:
        new = terrain.level + terrain.bridge.height
    else:
        new = standing_level(motion, terrain)
    extra = level_change_cost(motion, new - level, backward=backward)
    if isinstance(extra, str):
        return extra
    return terrain_cost(motion, terrain, along_road=along_road) + extra, new


def vtol_enter_cost(terrain: Terrain, from_elevation: int, to_elevation: int) -> int | str:
    """BT-M-37.3 / BT-M-41 #9: MP for a VTOL to fly into ``terrain`` at ``to_elevation``.

    Or why it may not. DESIGN: elevation counts from each hex's level (a VTOL keeps it over a hill
    for free); a landed VTOL takes off in its hex before it moves (`vtol_step_cost` with
    ``moves=False``).
    """
    if from_elevation <= 0:
        return "a landed VTOL takes off before it moves (BT-M-41 #9)"
    problem = vtol_elevation_problem(terrain, to_elevation)
    if problem is not None:
        return problem
    return vtol_step_cost(from_elevation, to_elevation)
