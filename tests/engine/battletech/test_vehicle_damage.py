"""Damage to vehicles, skids, spins and VTOL crashes (issue 20): `kinds.vehicle_damage`.

BT-M-3 / BT-C-24 (armor, then structure, never a transfer), BT-C-24.4 (critical chances),
BT-C-34 (a destroyed vehicle), BT-M-29.5 (skid motive rolls), BT-M-29.6 (spin), BT-M-37.6 (VTOL
crashes, forced landings, sideslip). A property test: damage never makes a box negative and the
total only goes down. Fresh bodies from MegaMek's shared ``.blk`` files.
"""

from __future__ import annotations

import json
from fractions import Fraction

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.battletech import RULESET
from engine.battletech.board import Bridge, Building, BuildingClass, Terrain, Woods
from engine.battletech.data.blk import parse_blk
from engine.battletech.designs import VehicleDesign
from engine.battletech.designs.vehicle import Motion, VehicleLocation
from engine.battletech.kinds import vehicle as v
from engine.battletech.kinds import vehicle_damage as vd
from engine.battletech.kinds import vehicle_tables as vt
from engine.battletech.kinds.vehicle import VehicleBody
from engine.battletech.kinds.vehicle_damage import SpinHex, VehicleDamage
from engine.battletech.tables import Column
from saves.codec import make_converter
from tests.conftest import SHARED
from tests.engine.battletech._vehicles import tank, vtol

F, R, LS, RE = (
    VehicleLocation.FRONT,
    VehicleLocation.RIGHT,
    VehicleLocation.LEFT,
    VehicleLocation.REAR,
)
TU, TU2, RO = VehicleLocation.TURRET, VehicleLocation.TURRET_2, VehicleLocation.ROTOR


# ------------------------------------------------------------------------------ damage_vehicle
def test_armor_then_structure_bt_c_24() -> None:
    """BT-C-24: armor first; when it is gone the same location's structure (60 t: 6 points)."""
    design = tank()
    body = v.vehicle_body(design)
    body, hit = vd.damage_vehicle(design, body, F, 15)
    assert hit == VehicleDamage(F, armor=15)
    assert body.armor_at(design, F) == 5
    body, hit = vd.damage_vehicle(design, body, F, 8)
    assert hit == VehicleDamage(F, armor=5, internal=3, critical_chances=1)
    assert (body.armor_at(design, F), body.internal_at(design, F)) == (0, 3)
    assert hit.penetrated
    assert body.armor_at(design, RE) == 20  # nothing moved elsewhere


def test_a_crit_result_adds_a_chance_bt_c_24_4() -> None:
    """BT-C-24.4: a "crit" hit result gives one chance even on armor; plus one for structure."""
    design = tank()
    body = v.vehicle_body(design)
    _, hit = vd.damage_vehicle(design, body, F, 5, crit=True)
    assert hit.critical_chances == 1
    _, hit = vd.damage_vehicle(design, body, F, 22, crit=True)
    assert hit.critical_chances == 2


def test_no_transfer_and_destruction_bt_m_3() -> None:
    """BT-M-3 / BT-C-34: excess damage is lost and the vehicle is destroyed.

    No criticals (BT-C-24.4: a destroyed location already destroys it).
    """
    design = tank()
    body, hit = vd.damage_vehicle(design, v.vehicle_body(design), LS, 40, crit=True)
    assert hit == VehicleDamage(
        LS, armor=20, internal=6, lost=14, location_destroyed=True, destroyed="left destroyed"
    )
    assert body.destroyed == "left destroyed"
    assert sum(body.armor) == sum(design.armor) - 20
    again, more = vd.damage_vehicle(design, body, LS, 5)
    assert more == VehicleDamage(LS, lost=5)
    assert again == body
    other, hit = vd.damage_vehicle(design, body, F, 25)
    assert hit.critical_chances == 0  # a wreck rolls no criticals
    assert not hit.destroyed  # it was already destroyed
    assert other.destroyed == "left destroyed"


def test_the_rotor_going_crashes_a_flying_vtol_bt_c_24_3() -> None:
    """BT-C-24.3 / BT-M-37.6 (DESIGN): the rotor's structure gone = rotor destroyed.

    A VTOL in flight crashes, one on the ground stays; neither is destroyed by it.
    """
    design = vtol()
    flying = v.vehicle_body(design, elevation=3)
    body, hit = vd.damage_vehicle(design, flying, RO, 9)
    assert hit.crash
    assert hit.location_destroyed
    assert not hit.destroyed
    assert body.rotor_destroyed
    assert vd.must_crash(design, body)
    landed, hit = vd.damage_vehicle(design, v.vehicle_body(design), RO, 9)
    assert not hit.crash
    assert landed.rotor_destroyed
    assert not vd.must_crash(design, landed)


def test_bad_damage_is_refused() -> None:
    """A location the design lacks, or negative damage, is a programmer error."""
    with pytest.raises(ValueError, match="no Rotor"):
        vd.damage_vehicle(tank(), v.vehicle_body(tank()), RO, 1)
    with pytest.raises(ValueError, match="negative"):
        vd.damage_vehicle(tank(), v.vehicle_body(tank()), F, -1)


@pytest.mark.parametrize(
    ("roll", "criticals"), [(2, 0), (7, 0), (8, 1), (9, 1), (10, 2), (11, 2), (12, 3)]
)
def test_seed_chance_option_bt_c_24_4(roll: int, criticals: int) -> None:
    """BT-C-24.4 named option / BT-C-29: chance roll first; a vehicle's 12 is 3 criticals."""
    assert vd.seed_chance_criticals(roll) == criticals


@pytest.mark.parametrize(("amount", "groups"), [(12, (5, 5, 2)), (5, (5,)), (3, (3,)), (0, ())])
def test_five_point_groups_bt_c_22(amount: int, groups: tuple[int, ...]) -> None:
    """BT-C-22: 5-point groups with a smaller last one (charges, DFAs, falls, crashes)."""
    assert vd.damage_groups(amount) == groups


LOCATIONS = st.sampled_from([F, R, LS, RE, TU])


@settings(max_examples=200)
@given(
    hits=st.lists(st.tuples(LOCATIONS, st.integers(0, 40), st.booleans()), min_size=1, max_size=25)
)
def test_damage_never_goes_negative_and_only_lowers_totals(
    hits: list[tuple[VehicleLocation, int, bool]],
) -> None:
    """BT-C-24: no box below zero, armor + structure only decrease, by exactly what was taken."""
    design = tank()
    body = v.vehicle_body(design)
    for location, amount, crit in hits:
        before = sum(body.armor) + sum(body.internal)
        body, hit = vd.damage_vehicle(design, body, location, amount, crit=crit)
        after = sum(body.armor) + sum(body.internal)
        assert min(body.armor) >= 0
        assert min(body.internal) >= 0
        assert after <= before
        assert before - after == hit.armor + hit.internal
        assert hit.armor + hit.internal + hit.lost == amount
        assert bool(body.destroyed) == (body.destroyed != "")
        assert (0 in body.internal) == bool(body.destroyed)


# ------------------------------------------------------------------------------ skids and spins
def test_skid_motive_rolls_bt_m_29_5() -> None:
    """BT-M-29.5: one motive roll per hex skidded, +1 over rough or rubble; length 0 still one."""
    clear, rough, rubble = Terrain(), Terrain(rough=True), Terrain(rubble=True)
    assert vd.skid_motive_modifiers(clear, [clear, rough, rubble]) == (False, True, True)
    assert vd.skid_motive_modifiers(rough, []) == (True,)
    assert vd.skid_motive_modifiers(clear, []) == (False,)
    assert vt.motive_modifier(Motion.WHEELED, None, rough=True) == 3


def test_spin_sequence_bt_m_29_6() -> None:
    """BT-M-29.6: ceil(tons / 10) per hex: skid side, turret, other side, motive +1, repeat."""
    design = tank(tonnage=55)  # 6 per hex
    hexes = vd.spin_hexes(design, R, 6)
    assert hexes == (
        SpinHex((R,), 6),
        SpinHex((TU,), 6),
        SpinHex((LS,), 6),
        SpinHex((), 0, motive=True),
        SpinHex((R,), 6),
        SpinHex((TU,), 6),
    )
    assert vd.spin_hexes(design, R, 0) == ()


def test_spin_turrets_bt_m_29_6() -> None:
    """BT-M-29.6: 2nd hex both turrets, full damage each; no turret: the 3rd hex's result."""
    assert vd.spin_hexes(tank(turrets=2, tonnage=80), LS, 2)[1] == SpinHex((TU, TU2), 8)
    assert vd.spin_hexes(tank(turrets=0, tonnage=80), LS, 2)[1] == SpinHex((R,), 8)


def test_spin_critical_rolls_bt_m_29_6() -> None:
    """BT-M-29.6: one critical roll per side damaged, two when the armor was penetrated."""
    assert vd.spin_critical_rolls(VehicleDamage(R, armor=6)) == 1
    assert vd.spin_critical_rolls(VehicleDamage(R, armor=2, internal=4)) == 2
    assert vd.spin_critical_rolls(VehicleDamage(R, lost=6)) == 0


# ------------------------------------------------------------------------------ VTOL crashes
def test_warrior_crash_example_bt_m_37_6() -> None:
    """BT-M-37.6: a 21 t Warrior H-7 from elevation 3 onto clear ground: 2 x 4 = 8, as 5 + 3."""
    assert vd.vtol_crash_damage(21, 3) == 8
    design = vtol(tonnage=21)
    body, crash = vd.vtol_crash(design, v.vehicle_body(design, elevation=3), Terrain(), 0)
    assert crash == vd.Crash((5, 3), Column.FRONT, 0)
    assert body.elevation == 0
    assert body.rotor_destroyed
    assert not body.destroyed


@pytest.mark.parametrize(
    ("tons", "fall", "gravity", "damage"),
    [
        (21, 0, Fraction(1), 2),
        (25, 1, Fraction(1), 6),
        (30, 2, Fraction(1), 9),
        (21, 3, Fraction(3, 2), 12),
    ],
)
def test_crash_damage_formula_bt_m_37_6(
    tons: int, fall: int, gravity: Fraction, damage: int
) -> None:
    """BT-M-37.6: round(tons / 10) x (fall + 1) x gravity (2.5 rounds up, as Java's round)."""
    assert vd.vtol_crash_damage(tons, fall, gravity) == damage


@pytest.mark.parametrize(
    ("roll", "column"),
    [
        (0, Column.FRONT),
        (1, Column.RIGHT),
        (2, Column.RIGHT),
        (3, Column.REAR),
        (4, Column.LEFT),
        (5, Column.LEFT),
    ],
)
def test_crash_facing_bt_m_37_6(roll: int, column: Column) -> None:
    """BT-M-37.6: the fall-facing result 0 front, 1-2 right, 3 rear, 4-5 left; turn that much."""
    design = vtol()
    _, crash = vd.vtol_crash(design, v.vehicle_body(design, elevation=1), Terrain(), roll)
    assert (crash.column, crash.turn) == (column, roll)


def test_crash_onto_a_roof_water_and_ice_bt_m_37_6() -> None:
    """BT-M-37.6: onto a roof if lower; no damage already there; water destroys; ice 4+ breaks."""
    design = vtol(tonnage=21)
    roof = Terrain(building=Building(BuildingClass.HEAVY, 90, height=2))
    body, crash = vd.vtol_crash(design, v.vehicle_body(design, elevation=5), roof, 0)
    assert crash.groups == (5, 3)  # 3 levels: 2 x 4
    assert body.elevation == 2
    _, crash = vd.vtol_crash(design, v.vehicle_body(design, elevation=2), roof, 0)
    assert crash.groups == ()
    deck = Terrain(water=2, bridge=Bridge(height=1))
    assert vd.vtol_crash(design, v.vehicle_body(design, elevation=3), deck, 0)[0].elevation == 1
    sunk, crash = vd.vtol_crash(design, v.vehicle_body(design, elevation=1), Terrain(water=2), 0)
    assert crash.destroyed == sunk.destroyed == "crashed into water"
    ice = Terrain(water=2, ice=True)
    held = vd.vtol_crash(design, v.vehicle_body(design, elevation=1), ice, 0, ice_roll=3)
    assert not held[1].destroyed
    broke = vd.vtol_crash(design, v.vehicle_body(design, elevation=1), ice, 0, ice_roll=4)
    assert broke[1].destroyed == "crashed through the ice"


def test_crash_explosion_bt_m_37_6() -> None:
    """BT-M-37.6: structure damaged and a non-fusion engine: it explodes."""
    assert vd.crash_explodes(vtol(engine="ICE"), internal_damaged=True)
    assert not vd.crash_explodes(vtol(engine="ICE"), internal_damaged=False)
    assert not vd.crash_explodes(vtol(engine="Fusion"), internal_damaged=True)


def test_immobile_flying_vtol_comes_down_bt_m_37_6() -> None:
    """BT-M-37.6 (DESIGN): an airborne VTOL with 0 MP crashes; a tank never does."""
    design = vtol()
    assert not vd.must_crash(design, v.vehicle_body(design, elevation=2))
    stuck = attrs.evolve(v.vehicle_body(design, elevation=2), immobilized=True)
    assert vd.must_crash(design, stuck)
    assert not vd.must_crash(design, attrs.evolve(stuck, elevation=0))
    assert not vd.must_crash(tank(), attrs.evolve(v.vehicle_body(tank()), immobilized=True))


def test_forced_landing_bt_m_37_6() -> None:
    """BT-M-37.6: +4 Driving; impossible in woods, water, rubble; lands on roof or deck."""
    assert vd.FORCED_LANDING_MODIFIER == 4
    for bad in (Terrain(woods=Woods.LIGHT), Terrain(water=1), Terrain(rubble=True)):
        assert vd.forced_landing_refused(bad) is not None
    assert vd.forced_landing_refused(Terrain()) is None
    assert vd.forced_landing_refused(Terrain(water=0)) is None
    roof = Terrain(building=Building(BuildingClass.LIGHT, 15, height=2))
    assert vd.forced_landing_elevation(roof) == 2
    assert vd.forced_landing_elevation(Terrain()) == 0


@pytest.mark.parametrize(
    ("margin", "before", "hexes"), [(3, 5, 3), (3, 2, 1), (2, 1, 0), (0, 6, 0)]
)
def test_sideslip_distance_bt_m_37_6(margin: int, before: int, hexes: int) -> None:
    """BT-M-37.6: margin-of-failure hexes, never more than hexes entered before - 1."""
    assert vd.sideslip_hexes(margin, before) == hexes


def test_sideslip_crash_damage_bt_m_37_6() -> None:
    """BT-M-37.6: ceil(hexes moved this turn x tons / 10): 7 hexes x 21 t = 14.7 -> 15."""
    assert vd.sideslip_crash_damage(7, 21) == 15
    assert vd.sideslip_crash_damage(5, 20) == 10


# ------------------------------------------------------------------------------ shared .blk files
BLK_DIR = SHARED / "data" / "megamek" / "blk"
SHARED_BLK = sorted(BLK_DIR.glob("*.blk")) if BLK_DIR.is_dir() else []
needs_shared = pytest.mark.skipif(
    not SHARED_BLK, reason=f"MegaMek's .blk files are not in {BLK_DIR} (no shared data folder)"
)


@needs_shared
def test_a_fresh_body_for_every_shared_vehicle_bt_m_5() -> None:
    """BT-M-5: each shared file reads; each of the six vehicles gets a full body.

    The three infantry and battle armor files are other kinds.
    """
    vehicles = 0
    for path in SHARED_BLK:
        design = parse_blk(path.read_text(encoding="utf-8"), path.name).design
        if not isinstance(design, VehicleDesign):
            assert "BA" in path.name or "Platoon" in path.name, path.name
            continue
        vehicles += 1
        body = v.vehicle_body(design, elevation=2)
        assert body.armor == design.armor
        assert body.internal == design.internal
        assert body.elevation == (2 if design.motion is Motion.VTOL else 0)
        assert v.cruise_mp(design, body) == design.cruise
        assert v.movement_blocked(design, body) is None
        for location in design.locations:
            _, hit = vd.damage_vehicle(design, body, location, 1)
            assert hit.armor + hit.internal == 1
    assert vehicles == 6


@needs_shared
def test_demolisher_takes_an_ac20_on_the_front_bt_c_24() -> None:
    """BT-C-24: Demolisher (Mk. I), front 40 armor / 8 structure: two AC/20 hits = 40 armor."""
    path = BLK_DIR / "Demolisher Heavy Tank (Mk. I).blk"
    design = parse_blk(path.read_text(encoding="utf-8"), path.name).design
    assert isinstance(design, VehicleDesign)
    body = v.vehicle_body(design)
    body, _ = vd.damage_vehicle(design, body, F, 20)
    body, hit = vd.damage_vehicle(design, body, F, 20)
    assert hit.critical_chances == 0
    body, hit = vd.damage_vehicle(design, body, F, 20)
    assert hit == VehicleDamage(
        F, internal=8, lost=12, location_destroyed=True, destroyed="front destroyed"
    )


def test_skid_through_woods_bt_m_29_7() -> None:
    """BT-M-29.7 (ASSUMPTION for vehicles): ceil(tons / 10) per woods hex; halved in water."""
    assert vd.skid_obstacle_damage(55) == 6
    assert vd.skid_obstacle_damage(55, in_water=True) == 3
    assert vd.skid_obstacle_damage(25, in_water=True) == 2


def test_failed_building_roll_bt_m_8_9() -> None:
    """BT-M-8.9 / BT-M-41 #4: ceil(CF / 10) on the vehicle's front."""
    assert vd.building_entry_damage(40) == (F, 4)
    assert vd.building_entry_damage(15) == (F, 2)


def test_impossible_displacement_destroys_bt_c_43() -> None:
    """BT-C-43 / BT-C-24: nowhere to go: an ammo/power-plant hit destroys the vehicle."""
    body = vd.impossible_displacement(v.vehicle_body(tank()))
    assert body.destroyed == "power plant hit"


@settings(max_examples=50)
@given(hits=st.lists(st.tuples(LOCATIONS, st.integers(0, 30), st.integers(2, 12)), max_size=8))
def test_a_damaged_body_round_trips_through_the_save_converter(
    hits: list[tuple[VehicleLocation, int, int]],
) -> None:
    """BT-M-5: the body is plain save data (tuples, frozensets, enums): JSON and back, equal."""
    design = tank()
    body = v.vehicle_body(design)
    for location, amount, roll in hits:
        body, hit = vd.damage_vehicle(design, body, location, amount)
        crit = vt.critical_effect(design, body, location, roll)
        if crit in {vt.Crit.WEAPON_MALFUNCTION, vt.Crit.WEAPON_DESTROYED}:
            candidates = vt.weapon_candidates(design, body, location, crit)
            body = vt.apply_critical(design, body, location, crit, weapon=candidates[0])
        elif hit.critical_chances:
            body = vt.apply_critical(design, body, location, crit, turret_facing=roll % 6)
        body = vt.apply_motive(design, body, vt.motive_result(roll))
    conv = make_converter(RULESET)
    raw = json.loads(json.dumps(conv.unstructure(body)))
    assert conv.structure(raw, VehicleBody) == body
