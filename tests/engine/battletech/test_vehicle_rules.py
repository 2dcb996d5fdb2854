"""Vehicle bodies and movement rules (issue 20): `engine.battletech.kinds.vehicle`.

BT-M-3 (vehicles), BT-M-5 (the record sheet a body tracks), BT-M-20 / BT-M-37.1 (cruise and
flank MP), BT-M-21..23 (costs, level changes, the prohibited terrain matrix), BT-M-27.3 (road
bonus), BT-M-37.3 (VTOLs), BT-M-37.4 (hover), BT-M-37.5 (MP after motive damage), BT-M-39
(swamp, ice, gravity, temperature, vacuum), BT-M-26.2 (displacement into water). Every number
is the digest's.
"""

from __future__ import annotations

import attrs
import pytest

from engine.battletech.board import Bridge, Building, BuildingClass, Terrain, Woods
from engine.battletech.designs.vehicle import Motion, VehicleLocation
from engine.battletech.kinds import vehicle as v
from engine.battletech.kinds import vehicle_terrain as vtr
from engine.battletech.kinds.vehicle import MotiveDamage, VehicleBody
from tests.engine.battletech._vehicles import tank, vtol

T, W, H, V = Motion.TRACKED, Motion.WHEELED, Motion.HOVER, Motion.VTOL
OK = None


# ------------------------------------------------------------------------------ the body (BT-M-5)
def test_fresh_body_holds_the_record_sheet_bt_m_5() -> None:
    """BT-M-5: full armor and structure per location, full bins, elevation only for a VTOL."""
    design = tank()
    body = v.vehicle_body(design, elevation=3)
    assert body.armor == design.armor
    assert body.internal == design.internal
    assert body.elevation == 0  # a tank never flies
    assert body.armor_at(design, VehicleLocation.TURRET) == 20
    assert body.internal_at(design, VehicleLocation.ROTOR) == 0
    assert not body.destroyed
    flying = v.vehicle_body(vtol(), elevation=3)
    assert flying.elevation == 3
    assert flying.airborne


def test_body_is_frozen_and_hashable() -> None:
    """STYLE 2: state is frozen attrs made of tuples and frozensets."""
    body = v.vehicle_body(tank())
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        body.stunned = 1  # type: ignore[misc]
    assert hash(body) == hash(v.vehicle_body(tank()))


# ------------------------------------------------------------------------------ MP
@pytest.mark.parametrize(("cruise", "flank"), [(1, 2), (2, 3), (3, 5), (4, 6), (5, 8), (9, 14)])
def test_flank_is_one_and_a_half_cruise_rounded_up_bt_m_37_1(cruise: int, flank: int) -> None:
    """BT-M-37.1 / BT-M-20.3: Flank MP = ceil(1.5 x Cruising MP)."""
    design = tank(cruise=cruise)
    body = v.vehicle_body(design)
    assert v.cruise_mp(design, body) == cruise
    assert v.flank_mp_now(design, body) == flank
    assert v.allowance(design, body, flank=True) == flank
    assert v.allowance(design, body, flank=False) == cruise


def test_mp_after_motive_damage_bt_m_37_5() -> None:
    """BT-M-37.5: -1 per moderate, heavy halves what is left (round up), flank recomputed."""
    design = tank(cruise=5)
    body = attrs.evolve(v.vehicle_body(design), motive_mp_lost=2)
    assert v.cruise_mp(design, body) == 3
    assert v.flank_mp_now(design, body) == 5
    assert v.cruise_mp(design, attrs.evolve(body, motive_mp_lost=9)) == 0


@pytest.mark.parametrize(
    "damage",
    [{"immobilized": True}, {"engine_hit": True}, {"rotor_destroyed": True}, {"destroyed": "x"}],
)
def test_immobile_vehicles_have_no_mp_bt_m_37_5(damage: dict[str, object]) -> None:
    """BT-M-37.5 / BT-C-24.3: major motive damage, an engine hit, a lost rotor: 0 MP, immobile."""
    design = tank()
    body = attrs.evolve(v.vehicle_body(design), **damage)
    assert v.cruise_mp(design, body) == 0
    assert v.allowance(design, body, flank=True, road_bonus=True) == 0
    assert v.movement_blocked(design, body) is not None
    assert v.is_immobile(design, body) == (not body.destroyed)


def test_a_stunned_crew_cannot_move_but_is_not_immobile_bt_c_24_3() -> None:
    """BT-C-24.3: crew stunned = no moving or firing; DESIGN: not an immobile target."""
    design = tank()
    body = attrs.evolve(v.vehicle_body(design), stunned=2)
    assert v.movement_blocked(design, body) == "the crew is stunned (BT-C-24.3)"
    assert not v.is_immobile(design, body)
    assert v.end_turn(v.end_turn(body)).stunned == 0
    assert v.movement_blocked(design, v.end_turn(v.end_turn(body))) is None


def test_road_bonus_is_one_mp_for_ground_vehicles_bt_m_27_3() -> None:
    """BT-M-27.3: +1 MP to the declared mode's allowance; never for a VTOL."""
    design = tank(cruise=4)
    body = v.vehicle_body(design)
    assert v.allowance(design, body, flank=False, road_bonus=True) == 5
    assert v.allowance(design, body, flank=True, road_bonus=True) == 7
    copter = vtol()
    assert v.allowance(copter, v.vehicle_body(copter), flank=False, road_bonus=True) == 9


@pytest.mark.parametrize(
    ("celsius", "loss"),
    [(50, 0), (51, 1), (60, 1), (61, 2), (-30, 0), (-31, 1), (-40, 1), (-41, 2), (20, 0)],
)
def test_extreme_temperature_costs_cruise_mp_bt_m_39_4(celsius: int, loss: int) -> None:
    """BT-M-39.4: -1 Cruising MP per 10 C or fraction beyond -30 / 50; flank recomputed."""
    assert v.temperature_mp_loss(celsius) == loss
    design = tank(cruise=4)
    body = v.vehicle_body(design)
    assert v.cruise_mp(design, body, temperature_loss=loss) == 4 - loss
    assert v.flank_mp_now(design, body, temperature_loss=loss) == (3 * (4 - loss) + 1) // 2


def test_driving_modifier_bt_m_37_5() -> None:
    """BT-M-37.5 / BT-C-24.3: the Driving roll modifiers.

    Each motive level once (at most +6), driver +2, commander +1, flight stabilizer +3.
    """
    body = VehicleBody(armor=(), internal=())
    assert v.driving_modifier(body) == 0
    levels = frozenset({MotiveDamage.MINOR, MotiveDamage.MODERATE, MotiveDamage.HEAVY})
    assert v.driving_modifier(attrs.evolve(body, motive_levels=levels)) == 6
    crew = attrs.evolve(body, driver_hit=True, commander_hit=True, flight_stabilizer=True)
    assert v.driving_modifier(crew) == 6


# ------------------------------------------------------------------------------ BT-M-23 matrix
CLEAR = Terrain()
PAVED = Terrain(pavement=True)
ROUGH = Terrain(rough=True)
LIGHT = Terrain(woods=Woods.LIGHT)
HEAVY = Terrain(woods=Woods.HEAVY)
DEPTH0 = Terrain(water=0)
DEPTH1 = Terrain(water=1)
DEPTH3 = Terrain(water=3)
RUBBLE = Terrain(rubble=True)
BUILDING = Terrain(building=Building(BuildingClass.MEDIUM, 40))

MATRIX = [
    # terrain, tracked, wheeled, hover, VTOL (flying): True = allowed (BT-M-23)
    ("clear", CLEAR, True, True, True, True),
    ("pavement", PAVED, True, True, True, True),
    ("rough", ROUGH, True, False, True, True),
    ("light woods", LIGHT, True, False, False, True),
    ("heavy woods", HEAVY, False, False, False, True),
    ("water depth 0", DEPTH0, True, True, True, True),
    ("water depth 1", DEPTH1, False, False, True, True),
    ("water depth 2+", DEPTH3, False, False, True, True),
    ("rubble", RUBBLE, True, False, True, True),
    ("buildings", BUILDING, True, True, True, True),
]


@pytest.mark.parametrize(
    ("row", "terrain", "tracked", "wheeled", "hover", "flying"), MATRIX, ids=[r[0] for r in MATRIX]
)
def test_prohibited_terrain_matrix_bt_m_23(  # noqa: PLR0917 - one argument per column
    row: str, terrain: Terrain, tracked: bool, wheeled: bool, hover: bool, flying: bool
) -> None:
    """BT-M-23 (and BT-M-8.2..8.10, BT-M-21): each row of the matrix, for every vehicle column."""
    for motion, allowed in ((T, tracked), (W, wheeled), (H, hover), (V, flying)):
        reason = vtr.prohibited(motion, terrain)
        assert (reason is None) == allowed, (row, motion, reason)


def test_a_road_carries_any_vehicle_through_prohibited_terrain_bt_m_27_2() -> None:
    """BT-M-23 notes / BT-M-27.2 / BT-M-28: along a road (or bridge) nothing is prohibited."""
    woods_road = Terrain(woods=Woods.HEAVY, road=0b001001)
    bridge = Terrain(water=2, bridge=Bridge())
    for motion in (T, W, H):
        assert vtr.prohibited(motion, woods_road) is not None
        assert vtr.prohibited(motion, woods_road, along_road=True) is None
        assert vtr.prohibited(motion, bridge, along_road=True) is None
        assert vtr.terrain_cost(motion, woods_road, along_road=True) == 1


@pytest.mark.parametrize(
    ("terrain", "cost"),
    [(CLEAR, 1), (PAVED, 1), (ROUGH, 2), (LIGHT, 2), (DEPTH0, 1), (RUBBLE, 2), (BUILDING, 3)],
)
def test_terrain_costs_for_tracked_vehicles_bt_m_21(terrain: Terrain, cost: int) -> None:
    """BT-M-21: the cost table's rows a tracked vehicle may enter."""
    assert vtr.terrain_cost(T, terrain) == cost


@pytest.mark.parametrize("cls", list(BuildingClass))
def test_building_costs_bt_m_21(cls: BuildingClass) -> None:
    """BT-M-21: light 2, medium 3, heavy 4, hardened 5 (note 2: and a Driving roll)."""
    terrain = Terrain(building=Building(cls, cls.default_cf))
    assert vtr.terrain_cost(W, terrain) == {1: 2, 2: 3, 3: 4, 4: 5}[int(cls)]


def test_hover_pays_one_on_water_of_any_depth_bt_m_37_4() -> None:
    """BT-M-21 clarification / BT-M-41 #13: hover on water 1 MP; at the surface (BT-M-37.4)."""
    deep = Terrain(level=2, water=3)
    assert vtr.terrain_cost(H, deep) == 1
    assert vtr.terrain_cost(H, DEPTH1) == 1
    assert vtr.standing_level(H, deep) == 2
    assert vtr.standing_level(T, Terrain(level=2, water=0)) == 2
    assert vtr.standing_level(T, deep) == -1  # the bottom, where a tank would stand


def test_swamp_costs_one_more_except_hover_bt_m_39_1() -> None:
    """BT-M-39.1: +1 MP for every unit except hover; swampy light woods 3; a roll to get stuck."""
    swamp = Terrain(swamp=True)
    assert vtr.terrain_cost(T, swamp) == 2
    assert vtr.terrain_cost(W, swamp) == 2
    assert vtr.terrain_cost(H, swamp) == 1
    assert vtr.terrain_cost(T, Terrain(swamp=True, woods=Woods.LIGHT)) == 3
    assert vtr.prohibited(W, Terrain(swamp=True, woods=Woods.LIGHT)) is not None
    assert vtr.swamp_roll(T)
    assert vtr.swamp_roll(W)
    assert not vtr.swamp_roll(H)
    assert not vtr.swamp_roll(V)


def test_vtols_in_flight_pay_one_per_hex_bt_m_37_3() -> None:
    """BT-M-21 clarification / BT-M-41 #9: 1 MP per hex whatever lies below, +1 per level."""
    for terrain in (CLEAR, HEAVY, DEPTH3, BUILDING, RUBBLE):
        assert vtr.terrain_cost(V, terrain) == 1
    assert vtr.vtol_step_cost(2, 2) == 1
    assert vtr.vtol_step_cost(2, 5) == 4
    assert vtr.vtol_step_cost(0, 3, moves=False) == 3


# ------------------------------------------------------------------------------ BT-M-22 levels
@pytest.mark.parametrize(("change", "cost"), [(0, 0), (1, 2), (-1, 2)])
def test_ground_vehicles_climb_one_level_at_two_mp_bt_m_22(change: int, cost: int) -> None:
    """BT-M-22 / BT-M-37.1: ground vehicles change at most 1 level per hex, +2 MP per level."""
    for motion in (T, W, H):
        assert vtr.level_change_cost(motion, change) == cost


@pytest.mark.parametrize("change", [2, -2, 3])
def test_ground_vehicles_never_change_two_levels_bt_m_22(change: int) -> None:
    """BT-M-22 / BT-M-23: 2+ levels in one hex are prohibited to ground vehicles."""
    assert isinstance(vtr.level_change_cost(T, change), str)


def test_no_level_change_backward_and_vtols_any_change_bt_m_22() -> None:
    """BT-M-19 item 6: no level change while moving backward; BT-M-22: VTOLs +1 per level."""
    assert isinstance(vtr.level_change_cost(W, 1, backward=True), str)
    assert vtr.level_change_cost(W, 0, backward=True) == 0
    assert vtr.level_change_cost(V, 3) == 3
    assert vtr.level_change_cost(V, -5, backward=True) == 5


# ------------------------------------------------------------------------------ VTOLs
def test_vtol_elevation_clears_the_terrain_below_bt_m_37_3() -> None:
    """BT-M-37.3 / BT-M-5 / BT-M-41 #9: a VTOL's elevation clears the terrain below.

    Woods 2, a building its height; 0 = landed, only in clear, paved or rough hexes; never < 0.
    """
    tall = Terrain(building=Building(BuildingClass.HEAVY, 90, height=3))
    assert vtr.vtol_floor(CLEAR) == 1
    assert vtr.vtol_floor(LIGHT) == 2
    assert vtr.vtol_floor(tall) == 3
    assert vtr.vtol_elevation_problem(LIGHT, 1) is not None
    assert vtr.vtol_elevation_problem(LIGHT, 2) is None
    assert vtr.vtol_elevation_problem(tall, 2) is not None
    assert vtr.vtol_elevation_problem(CLEAR, -1) is not None
    for terrain in (CLEAR, PAVED, ROUGH):
        assert vtr.vtol_elevation_problem(terrain, 0) is None
    for terrain in (LIGHT, HEAVY, DEPTH1, RUBBLE, BUILDING):
        assert vtr.vtol_can_land(terrain) is not None
    assert vtr.standing_level(V, Terrain(level=2), elevation=3) == 5


# ------------------------------------------------------------------------------ water, ice
def test_displaced_into_water_it_cannot_enter_bt_m_26_2() -> None:
    """BT-M-26.2 / BT-C-46: a vehicle displaced into water it cannot enter is destroyed."""
    assert vtr.displaced_into(T, DEPTH1)
    assert vtr.displaced_into(W, DEPTH3)
    assert not vtr.displaced_into(H, DEPTH3)
    assert not vtr.displaced_into(T, DEPTH0)
    assert not vtr.displaced_into(T, CLEAR)


def test_hover_sinks_when_immobilized_on_deep_water_bt_m_37_5() -> None:
    """BT-M-37.5 (ASSUMPTION, TW): an immobilized hover vehicle on Depth 1+ water sinks."""
    hover = tank(motion=H, cruise=8, tonnage=30)
    stuck = attrs.evolve(v.vehicle_body(hover), immobilized=True)
    assert vtr.sinks(hover, stuck, DEPTH1)
    assert not vtr.sinks(hover, stuck, DEPTH0)
    assert not vtr.sinks(hover, v.vehicle_body(hover), DEPTH1)


def test_breaking_ice_destroys_all_but_hover_bt_m_39_2() -> None:
    """BT-M-39.2: a vehicle falling through ice is destroyed, hover unaffected.

    DESIGN: the ice carries ground vehicles over deep water until it breaks.
    """
    assert vtr.falls_through_ice(T)
    assert vtr.falls_through_ice(W)
    assert not vtr.falls_through_ice(H)
    iced = Terrain(water=2, ice=True)
    assert vtr.prohibited(W, iced) is None
    assert not vtr.displaced_into(T, iced)


def test_gravity_overrun_damages_the_front_bt_m_39_3() -> None:
    """BT-M-39.3: 1 internal point on the front per MP spent above the normal Flank MP."""
    assert vtr.gravity_overrun(6, 8) == (VehicleLocation.FRONT, 2)
    assert vtr.gravity_overrun(6, 6) == (VehicleLocation.FRONT, 0)


def test_vacuum_bt_m_39_5() -> None:
    """BT-M-39.5: sealed fusion ground vehicles only; never hover or VTOL."""
    assert vtr.vacuum_capable(tank(engine="Fusion"), sealed=True)
    assert not vtr.vacuum_capable(tank(engine="Fusion"))
    assert not vtr.vacuum_capable(tank(engine="ICE"), sealed=True)
    assert not vtr.vacuum_capable(tank(motion=H, engine="Fusion"), sealed=True)
    assert not vtr.vacuum_capable(vtol(engine="Fusion"), sealed=True)


def test_ground_vehicles_are_tracked_wheeled_hover_bt_m_3() -> None:
    """BT-M-3 (DERIVED): "ground vehicles" = tracked + wheeled + hover."""
    assert frozenset({T, W, H}) == v.GROUND


# ------------------------------------------------------------------------------ BT-M-37 specifics
def test_no_backward_flank_bt_m_37_1() -> None:
    """BT-M-37 / BT-M-37.1 / BT-M-19 item 6: a vehicle may not move backward at flank speed."""
    assert vtr.backward_refused(flank=True) is not None
    assert vtr.backward_refused(flank=False) is None


def test_who_skids_and_who_sideslips_bt_m_29_1() -> None:
    """BT-M-29.1 / BT-M-39.2: ground vehicles skid at flank (on ice at any speed).

    VTOLs sideslip instead (BT-M-37.3, BT-M-41 #8): at flank, moving on after a facing change.
    """
    for motion in (T, W, H):
        assert vtr.skid_check_needed(motion, flank=True)
        assert not vtr.skid_check_needed(motion, flank=False)
        assert vtr.skid_check_needed(motion, flank=False, iced=True)
        assert not vtr.sideslip_check_needed(motion, flank=True, turned_then_moved=True)
    assert not vtr.skid_check_needed(V, flank=True, iced=True)
    assert vtr.sideslip_check_needed(V, flank=True, turned_then_moved=True)
    assert not vtr.sideslip_check_needed(V, flank=False, turned_then_moved=True)
    assert not vtr.sideslip_check_needed(V, flank=True, turned_then_moved=False)


# ------------------------------------------------------------------------------ whole steps
def test_ground_enter_cost_bt_m_21() -> None:
    """BT-M-21 / BT-M-22 / BT-M-23: terrain cost plus 2 per level, or why not."""
    assert vtr.ground_enter_cost(T, 0, Terrain(level=1, rough=True)) == (4, 1)
    assert vtr.ground_enter_cost(T, 1, CLEAR) == (3, 0)
    assert isinstance(vtr.ground_enter_cost(T, 0, Terrain(level=2)), str)
    assert isinstance(vtr.ground_enter_cost(W, 0, ROUGH), str)
    assert isinstance(vtr.ground_enter_cost(T, 0, Terrain(level=1), backward=True), str)
    assert vtr.ground_enter_cost(H, 0, Terrain(water=2)) == (1, 0)  # on the surface


def test_road_and_bridge_steps_bt_m_28() -> None:
    """BT-M-27.2 / BT-M-28: along the road 1 MP (+ levels); on a bridge, at its deck."""
    road_woods = Terrain(woods=Woods.HEAVY, road=0b001001)
    assert vtr.ground_enter_cost(W, 0, road_woods, along_road=True) == (1, 0)
    bridge = Terrain(level=0, water=2, bridge=Bridge(height=1), road=0)
    assert vtr.ground_enter_cost(T, 0, bridge, along_road=True) == (3, 1)
    assert isinstance(vtr.ground_enter_cost(T, 0, bridge), str)


def test_vtol_enter_cost_bt_m_37_3() -> None:
    """BT-M-37.3 / BT-M-41 #9: 1 per hex + 1 per level; clear the terrain; take off first."""
    assert vtr.vtol_enter_cost(HEAVY, 2, 2) == 1
    assert vtr.vtol_enter_cost(CLEAR, 2, 4) == 3
    assert isinstance(vtr.vtol_enter_cost(HEAVY, 2, 1), str)
    assert isinstance(vtr.vtol_enter_cost(CLEAR, 0, 1), str)
    assert vtr.vtol_enter_cost(CLEAR, 1, 0) == 2  # landing in the hex it enters
