"""Vehicle hit location, motive and critical tables (issue 20): `kinds.vehicle_tables`.

BT-C-24.1 (ground vehicle hit location), BT-C-24.2 (VTOL hit location), BT-C-24.3 (the critical
tables and their effects), BT-M-37.5 (the Motive System Damage Table and its modifiers), BT-C-21
(the attacked side). Every row is written out from the digest, not from the code's tables.
"""

from __future__ import annotations

import attrs
import pytest

from engine.battletech.designs.vehicle import Motion, VehicleLocation
from engine.battletech.kinds import vehicle as v
from engine.battletech.kinds import vehicle_tables as vt
from engine.battletech.kinds.vehicle import MotiveDamage
from engine.battletech.kinds.vehicle_tables import Crit, VehicleHit
from engine.battletech.tables import Column
from tests.engine.battletech._vehicles import tank, vtol

F, R, LS, RE = (
    VehicleLocation.FRONT,
    VehicleLocation.RIGHT,
    VehicleLocation.LEFT,
    VehicleLocation.REAR,
)
TU, TU2, RO = VehicleLocation.TURRET, VehicleLocation.TURRET_2, VehicleLocation.ROTOR


def _row(text: str, side: VehicleLocation) -> VehicleHit:
    """Read "Front, motive" / "Side, crit" / "Turret" as the digest prints a cell."""
    name, *marks = [part.strip() for part in text.split(",")]
    where = {
        "Front": F,
        "Rear": RE,
        "Side": side,
        "Right side": R,
        "Left side": LS,
        "Turret": TU,
        "Rotor": RO,
    }[name]
    return VehicleHit(where, crit="crit" in marks, motive="motive" in marks)


# BT-C-24.1, the digest's rows (2D6 -> front attack, rear attack, side attack)
GROUND = {
    2: ("Front, crit", "Rear, crit", "Side, crit"),
    3: ("Front, motive", "Rear, motive", "Side, motive"),
    4: ("Front, motive", "Rear, motive", "Side, motive"),
    5: ("Right side, motive", "Left side, motive", "Front, motive"),
    6: ("Front", "Rear", "Side"),
    7: ("Front", "Rear", "Side"),
    8: ("Front", "Rear", "Side, crit"),
    9: ("Left side, motive", "Right side, motive", "Rear, motive"),
    10: ("Turret", "Turret", "Turret"),
    11: ("Turret", "Turret", "Turret"),
    12: ("Turret, crit", "Turret, crit", "Turret, crit"),
}
# BT-C-24.2
VTOL = {
    2: ("Front, crit", "Rear, crit", "Side, crit"),
    3: ("Rotor, motive", "Rotor, motive", "Rotor, motive"),
    4: ("Rotor, motive", "Rotor, motive", "Rotor, motive"),
    5: ("Right side", "Right side", "Front"),
    6: ("Front", "Rear", "Side"),
    7: ("Front", "Rear", "Side"),
    8: ("Front", "Rear", "Side, crit"),
    9: ("Left side", "Left side", "Rear"),
    10: ("Rotor, motive", "Rotor, motive", "Rotor, motive"),
    11: ("Rotor, motive", "Rotor, motive", "Rotor, motive"),
    12: ("Rotor, crit, motive", "Rotor, crit, motive", "Rotor, crit, motive"),
}


@pytest.mark.parametrize("roll", range(2, 13))
def test_ground_vehicle_hit_location_bt_c_24_1(roll: int) -> None:
    """BT-C-24.1: every row, every column (left and right attacks read "Side" as that side)."""
    design = tank()
    front, rear, side = GROUND[roll]
    assert vt.hit_location(design, Column.FRONT, roll) == _row(front, F)
    assert vt.hit_location(design, Column.REAR, roll) == _row(rear, RE)
    assert vt.hit_location(design, Column.LEFT, roll) == _row(side, LS)
    assert vt.hit_location(design, Column.RIGHT, roll) == _row(side, R)


@pytest.mark.parametrize("roll", range(2, 13))
def test_vtol_hit_location_bt_c_24_2(roll: int) -> None:
    """BT-C-24.2: every row, every column; results 5 and 9 carry no motive roll."""
    design = vtol()
    front, rear, side = VTOL[roll]
    assert vt.hit_location(design, Column.FRONT, roll) == _row(front, F)
    assert vt.hit_location(design, Column.REAR, roll) == _row(rear, RE)
    assert vt.hit_location(design, Column.LEFT, roll) == _row(side, LS)
    assert vt.hit_location(design, Column.RIGHT, roll) == _row(side, R)


def test_a_vtol_chin_turret_takes_the_4_bt_c_24_2() -> None:
    """BT-C-24.2: 4 = rotor, motive "(chin turret instead, if it has one)"."""
    design = vtol(chin=True)
    assert vt.hit_location(design, Column.FRONT, 4) == VehicleHit(TU)
    assert vt.hit_location(design, Column.FRONT, 3) == VehicleHit(RO, motive=True)


@pytest.mark.parametrize(
    ("column", "side"), [(Column.FRONT, F), (Column.REAR, RE), (Column.LEFT, LS)]
)
def test_no_turret_hits_the_attacked_location_bt_c_24_1(
    column: Column, side: VehicleLocation
) -> None:
    """BT-C-24.1: no turret: 10-11 hit the attacked location; 12 there with a crit."""
    design = tank(turrets=0)
    assert vt.hit_location(design, column, 10) == VehicleHit(side)
    assert vt.hit_location(design, column, 11) == VehicleHit(side)
    assert vt.hit_location(design, column, 12) == VehicleHit(side, crit=True)


def test_a_blown_off_turret_is_no_turret_bt_c_24_1() -> None:
    """BT-C-24.1 with BT-C-24.3 "turret blown off" (DESIGN): the attacked location instead."""
    design = tank()
    body = attrs.evolve(v.vehicle_body(design), lost_turrets=frozenset({TU}))
    assert vt.hit_location(design, Column.REAR, 11, body=body) == VehicleHit(RE)


@pytest.mark.parametrize(
    ("column", "roll", "turret"),
    [
        (Column.FRONT, 5, TU2),  # 5 - 2 = 3: front turret
        (Column.FRONT, 6, TU),
        (Column.LEFT, 3, TU2),
        (Column.LEFT, 4, TU),
        (Column.REAR, 1, TU2),  # 1 + 2 = 3
        (Column.REAR, 2, TU),
    ],
)
def test_two_turrets_bt_c_24_1(column: Column, roll: int, turret: VehicleLocation) -> None:
    """BT-C-24.1: 1D6 (-2 front attack, +2 rear): <= 3 front turret, else rear turret."""
    design = tank(turrets=2)
    assert vt.hit_location(design, column, 10, turret_roll=roll) == VehicleHit(turret)
    assert vt.hit_location(design, column, 12, turret_roll=roll) == VehicleHit(turret, crit=True)


def test_bad_rolls_are_refused() -> None:
    """A 2D6 roll outside 2..12, or no turret roll for two turrets, is a programmer error."""
    with pytest.raises(ValueError, match=r"2\.\.12"):
        vt.hit_location(tank(), Column.FRONT, 13)
    with pytest.raises(ValueError, match="turret roll"):
        vt.hit_location(tank(turrets=2), Column.FRONT, 10)


def test_attacked_location_bt_c_21() -> None:
    """BT-C-21: a vehicle's attack direction names the location facing the attacker."""
    assert [vt.attacked_location(c) for c in Column] == [F, RE, LS, R]


# ------------------------------------------------------------------------------ BT-M-37.5
@pytest.mark.parametrize(
    ("total", "result"),
    [
        (2, MotiveDamage.NONE),
        (5, MotiveDamage.NONE),
        (6, MotiveDamage.MINOR),
        (7, MotiveDamage.MINOR),
        (8, MotiveDamage.MODERATE),
        (9, MotiveDamage.MODERATE),
        (10, MotiveDamage.HEAVY),
        (11, MotiveDamage.HEAVY),
        (12, MotiveDamage.MAJOR),
        (17, MotiveDamage.MAJOR),
    ],
)
def test_motive_system_damage_table_bt_m_37_5(total: int, result: MotiveDamage) -> None:
    """BT-M-37.5: 2-5 none, 6-7 minor, 8-9 moderate, 10-11 heavy, 12+ major."""
    assert vt.motive_result(total) is result


@pytest.mark.parametrize(
    ("motion", "column", "rough", "modifier"),
    [
        (Motion.TRACKED, Column.FRONT, False, 0),
        (Motion.TRACKED, Column.REAR, False, 1),
        (Motion.TRACKED, Column.LEFT, False, 2),
        (Motion.TRACKED, Column.RIGHT, False, 2),
        (Motion.WHEELED, Column.FRONT, False, 2),
        (Motion.HOVER, Column.FRONT, False, 3),
        (Motion.HOVER, Column.RIGHT, False, 5),
        (Motion.VTOL, Column.REAR, False, 1),  # VTOL type modifier: +0 (not verified)
        (Motion.WHEELED, None, True, 3),  # a skid over rough: +1
        (Motion.TRACKED, None, False, 0),
    ],
)
def test_motive_roll_modifiers_bt_m_37_5(
    motion: Motion, column: Column | None, rough: bool, modifier: int
) -> None:
    """BT-M-37.5: rear +1, side +2, tracked +0, wheeled +2, hover +3, rough/rubble skid +1."""
    assert vt.motive_modifier(motion, column, rough=rough) == modifier


@pytest.mark.parametrize(
    ("cruise", "results", "left", "penalty"),
    [
        (5, [MotiveDamage.MINOR], 5, 1),
        (5, [MotiveDamage.MINOR, MotiveDamage.MINOR], 5, 1),
        (5, [MotiveDamage.MODERATE], 4, 2),
        (5, [MotiveDamage.MODERATE, MotiveDamage.MODERATE], 3, 2),
        (5, [MotiveDamage.HEAVY], 3, 3),  # 5 halved, round up
        (4, [MotiveDamage.HEAVY], 2, 3),
        (5, [MotiveDamage.MODERATE, MotiveDamage.HEAVY], 2, 5),  # 4 -> 2
        (5, [MotiveDamage.HEAVY, MotiveDamage.HEAVY], 2, 3),  # 5 -> 3 -> 2
        (1, [MotiveDamage.HEAVY], 1, 3),
        (1, [MotiveDamage.MODERATE, MotiveDamage.MODERATE], 0, 2),
        (5, [MotiveDamage.MINOR, MotiveDamage.MODERATE, MotiveDamage.HEAVY], 2, 6),
        (5, [MotiveDamage.MAJOR], 0, 0),
        (5, [MotiveDamage.NONE], 5, 0),
    ],
)
def test_motive_results_combine_bt_m_37_5(
    cruise: int, results: list[MotiveDamage], left: int, penalty: int
) -> None:
    """BT-M-37.5: how results combine.

    Penalties once per level (at most +6), -1 per moderate, heavy halves the MP left (round
    up), major immobilizes; flank is recomputed from what is left.
    """
    design = tank(cruise=cruise)
    body = v.vehicle_body(design)
    for result in results:
        body = vt.apply_motive(design, body, result)
    assert v.cruise_mp(design, body) == left
    assert v.flank_mp_now(design, body) == (3 * left + 1) // 2
    assert v.driving_modifier(body) == penalty
    assert v.is_immobile(design, body) == (left == 0)


# ------------------------------------------------------------------------------ BT-C-24.3
NONE = Crit.NONE
COLUMNS = {
    # BT-C-24.3, rows 6..12
    "Front": (
        Crit.DRIVER,
        Crit.WEAPON_MALFUNCTION,
        Crit.STABILIZER,
        Crit.SENSORS,
        Crit.COMMANDER,
        Crit.WEAPON_DESTROYED,
        Crit.CREW_KILLED,
    ),
    "Side": (
        Crit.CARGO,
        Crit.WEAPON_MALFUNCTION,
        Crit.CREW_STUNNED,
        Crit.STABILIZER,
        Crit.WEAPON_DESTROYED,
        Crit.ENGINE,
        Crit.FUEL_TANK,
    ),
    "Rear": (
        Crit.WEAPON_MALFUNCTION,
        Crit.CARGO,
        Crit.STABILIZER,
        Crit.WEAPON_DESTROYED,
        Crit.ENGINE,
        Crit.AMMO,
        Crit.FUEL_TANK,
    ),
    "Turret": (
        Crit.STABILIZER,
        Crit.TURRET_JAM,
        Crit.WEAPON_MALFUNCTION,
        Crit.TURRET_LOCK,
        Crit.WEAPON_DESTROYED,
        Crit.AMMO,
        Crit.TURRET_BLOWN_OFF,
    ),
    "Rotor": (
        Crit.ROTOR_DAMAGE,
        Crit.ROTOR_DAMAGE,
        Crit.ROTOR_DAMAGE,
        Crit.FLIGHT_STABILIZER,
        Crit.FLIGHT_STABILIZER,
        Crit.ROTOR_DESTROYED,
        Crit.ROTOR_DESTROYED,
    ),
}


def test_ground_critical_tables_bt_c_24_3() -> None:
    """BT-C-24.3: the front, side, rear and turret columns, rows 6-12; 2-5 nothing."""
    design = tank()
    assert vt.critical_table(design, F) == COLUMNS["Front"]
    assert vt.critical_table(design, LS) == COLUMNS["Side"]
    assert vt.critical_table(design, R) == COLUMNS["Side"]
    assert vt.critical_table(design, RE) == COLUMNS["Rear"]
    assert vt.critical_table(design, TU) == COLUMNS["Turret"]
    assert vt.critical_table(tank(turrets=2), TU2) == COLUMNS["Turret"]
    for roll in range(2, 6):
        assert vt.critical_effect(design, v.vehicle_body(design), F, roll) is NONE


def test_vtol_critical_tables_bt_c_24_3() -> None:
    """BT-C-24.3: the rotor column and the VTOL's own front, side and rear rows.

    Front 6 co-pilot and 10 pilot (the commander and driver rows), rear 10 sensors and 11
    engine, side 6 malfunction, 7 cargo, 11 ammunition.
    """
    design = vtol()
    assert vt.critical_table(design, RO) == COLUMNS["Rotor"]
    front = vt.critical_table(design, F)
    assert (front[0], front[4]) == (Crit.COMMANDER, Crit.DRIVER)
    assert front[1:4] == COLUMNS["Front"][1:4]
    assert front[5:] == COLUMNS["Front"][5:]
    rear = vt.critical_table(design, RE)
    assert (rear[4], rear[5]) == (Crit.SENSORS, Crit.ENGINE)
    assert rear[:4] + rear[6:] == COLUMNS["Rear"][:4] + COLUMNS["Rear"][6:]
    side = vt.critical_table(design, LS)
    assert (side[0], side[1], side[5]) == (Crit.WEAPON_MALFUNCTION, Crit.CARGO, Crit.AMMO)
    assert side[2:5] + side[6:] == COLUMNS["Side"][2:5] + COLUMNS["Side"][6:]


@pytest.mark.parametrize("roll", range(6, 13))
def test_every_row_applies_on_a_fresh_tank_bt_c_24_3(roll: int) -> None:
    """BT-C-24.3: on a fresh, loaded tank carrying cargo every row applies as printed."""
    design = tank()
    body = v.vehicle_body(design)
    for location, name in ((F, "Front"), (RE, "Rear"), (TU, "Turret")):
        expected = COLUMNS[name][roll - 6]
        full = tuple(item.shots for item in design.equipment)  # UnitState.ammo
        got = vt.critical_effect(design, body, location, roll, carrying=True, ammo=full)
        assert got is expected, (location, roll)


def test_results_that_cannot_apply_fall_to_the_next_row_bt_c_24_3() -> None:
    """BT-C-24.3: a result that cannot apply falls to the next row; past 12 back to 6.

    No weapon there, nothing carried, engine already hit, no ammunition, rotor already gone.
    """
    design = tank()
    body = v.vehicle_body(design)
    # Side 6 cargo, nothing carried -> 7 weapon malfunction; no weapon on the side -> 8 stunned.
    assert vt.critical_effect(design, body, LS, 6) is Crit.CREW_STUNNED
    # Rear 7 cargo -> 8 stabilizer.
    assert vt.critical_effect(design, body, RE, 7) is Crit.STABILIZER
    # Rear 10 engine already hit, 11 ammunition with shots, 12 fuel (fusion: an engine hit).
    hit = attrs.evolve(body, engine_hit=True)
    full = tuple(item.shots for item in design.equipment)  # the unit's bins (UnitState.ammo)
    assert vt.critical_effect(design, hit, RE, 10, ammo=full) is Crit.AMMO
    empty = (0, 0, 0, 0, 0)
    # 10 engine, 11 no ammo, 12 fuel = engine again (fusion) -> wrap to 6 malfunction.
    assert vt.critical_effect(design, hit, RE, 10, ammo=empty) is Crit.WEAPON_MALFUNCTION
    # ... and with the rear laser jammed: 7 cargo -> 8 stabilizer.
    jammed = attrs.evolve(hit, jammed_weapons=frozenset({4}))
    assert vt.critical_effect(design, jammed, RE, 10, ammo=empty) is Crit.STABILIZER
    # Front 11: weapon destroyed (the medium laser); gone -> 12 crew killed.
    laser_gone = attrs.evolve(body, destroyed_weapons=frozenset({0}))
    assert vt.critical_effect(design, body, F, 11) is Crit.WEAPON_DESTROYED
    assert vt.critical_effect(design, laser_gone, F, 11) is Crit.CREW_KILLED
    # Rotor 11-12 destroyed already: wrap to 6 rotor damage.
    copter = vtol()
    gone = attrs.evolve(v.vehicle_body(copter), rotor_destroyed=True)
    assert vt.critical_effect(copter, gone, RO, 12) is Crit.ROTOR_DAMAGE


def test_crew_hits_bt_c_24_3() -> None:
    """BT-C-24.3: driver +2 Driving, commander +1; a repeat stuns; with both hit, killed."""
    design = tank()
    body = v.vehicle_body(design)
    driver = vt.apply_critical(design, body, F, Crit.DRIVER)
    assert driver.driver_hit
    assert v.driving_modifier(driver) == 2
    again = vt.apply_critical(design, driver, F, Crit.DRIVER)
    assert again.stunned == 2
    assert not again.destroyed
    both = vt.apply_critical(design, driver, F, Crit.COMMANDER)
    assert v.driving_modifier(both) == 3
    assert vt.apply_critical(design, both, F, Crit.DRIVER).destroyed == "crew killed"
    assert vt.apply_critical(design, body, F, Crit.CREW_KILLED).destroyed == "crew killed"


def test_crew_stunned_lasts_this_turn_and_the_next_bt_c_24_3() -> None:
    """BT-C-24.3 (seed duration): rest of this turn and all of the next; again: one more turn."""
    design = tank()
    body = vt.apply_critical(design, v.vehicle_body(design), LS, Crit.CREW_STUNNED)
    assert body.stunned == 2
    assert vt.apply_critical(design, body, LS, Crit.CREW_STUNNED).stunned == 3
    assert v.end_turn(body).stunned == 1


def test_weapon_criticals_bt_c_24_3() -> None:
    """BT-C-24.3: a malfunction jams one weapon of the location, destruction destroys it."""
    design = tank()
    body = v.vehicle_body(design)
    assert vt.weapon_candidates(design, body, TU, Crit.WEAPON_MALFUNCTION) == (1, 2)
    assert vt.pick_weapon((1, 2), 1) == 1
    assert vt.pick_weapon((1, 2), 4) == 2
    jammed = vt.apply_critical(design, body, TU, Crit.WEAPON_MALFUNCTION, weapon=2)
    assert jammed.jammed_weapons == {2}
    assert vt.weapon_candidates(design, jammed, TU, Crit.WEAPON_MALFUNCTION) == (1,)
    assert vt.weapon_candidates(design, jammed, TU, Crit.WEAPON_DESTROYED) == (1, 2)
    gone = vt.apply_critical(design, jammed, TU, Crit.WEAPON_DESTROYED, weapon=1)
    assert gone.destroyed_weapons == {1}
    with pytest.raises(ValueError, match="weapon"):
        vt.apply_critical(design, body, TU, Crit.WEAPON_DESTROYED)


def test_engine_and_fuel_bt_c_24_3() -> None:
    """BT-C-24.3: engine hit = immobile, turrets lock; fuel tank: destroyed, or fusion: engine."""
    fusion = tank(engine="Fusion")
    body = vt.apply_critical(fusion, v.vehicle_body(fusion), LS, Crit.FUEL_TANK, turret_facing=2)
    assert body.engine_hit
    assert not body.destroyed
    assert body.locked_turrets == ((TU, 2),)
    assert v.is_immobile(fusion, body)
    ice = tank(engine="ICE")
    burnt = vt.apply_critical(ice, v.vehicle_body(ice), RE, Crit.FUEL_TANK)
    assert burnt.destroyed == "fuel tank explosion"
    engine = vt.apply_critical(ice, v.vehicle_body(ice), RE, Crit.ENGINE)
    assert engine.engine_hit
    assert not engine.destroyed


def test_sensors_stabilizers_ammo_bt_c_24_3() -> None:
    """BT-C-24.3: sensors count to 4 at most; a stabilizer per location; ammunition destroys."""
    design = tank()
    body = v.vehicle_body(design)
    for _ in range(6):
        body = vt.apply_critical(design, body, F, Crit.SENSORS)
    assert body.sensor_hits == vt.MAX_SENSOR_HITS == 4
    assert vt.critical_effect(design, body, F, 9) is Crit.COMMANDER  # sensors maxed: next row
    stab = vt.apply_critical(design, body, TU, Crit.STABILIZER)
    assert stab.stabilizers == {TU}
    assert vt.critical_effect(design, stab, TU, 6) is Crit.TURRET_JAM
    boom = vt.apply_critical(design, body, RE, Crit.AMMO)
    assert boom.destroyed == "ammunition explosion"


def test_turret_criticals_bt_c_24_3() -> None:
    """BT-C-24.3: jam (until cleared), lock (for good, at its facing), blown off (weapons lost)."""
    design = tank()
    body = v.vehicle_body(design)
    jam = vt.apply_critical(design, body, TU, Crit.TURRET_JAM)
    assert jam.jammed_turrets == {TU}
    assert vt.critical_effect(design, jam, TU, 7) is Crit.WEAPON_MALFUNCTION
    lock = vt.apply_critical(design, jam, TU, Crit.TURRET_LOCK, turret_facing=5)
    assert lock.locked_turrets == ((TU, 5),)
    assert lock.jammed_turrets == frozenset()
    assert vt.critical_effect(design, lock, TU, 9) is Crit.WEAPON_DESTROYED
    off = vt.apply_critical(design, body, TU, Crit.TURRET_BLOWN_OFF)
    assert off.lost_turrets == {TU}
    assert off.destroyed_weapons == {1, 2}
    assert not off.destroyed


def test_rotor_criticals_bt_c_24_3() -> None:
    """BT-C-24.3: rotor damage -1 Cruising MP; flight stabilizer +3 Driving; rotor destroyed."""
    design = vtol()
    body = v.vehicle_body(design, elevation=2)
    hurt = vt.apply_critical(design, body, RO, Crit.ROTOR_DAMAGE)
    assert v.cruise_mp(design, hurt) == 8
    assert v.driving_modifier(vt.apply_critical(design, body, RO, Crit.FLIGHT_STABILIZER)) == 3
    down = vt.apply_critical(design, body, RO, Crit.ROTOR_DESTROYED)
    assert down.rotor_destroyed
    assert v.cruise_mp(design, down) == 0


def test_cargo_has_no_effect_bt_c_24_3() -> None:
    """BT-C-24.3 / BT-C-35.13: cargo/infantry hit: no effect until transport exists."""
    design = tank()
    body = v.vehicle_body(design)
    assert vt.apply_critical(design, body, LS, Crit.CARGO) == body
    assert vt.apply_critical(design, body, LS, Crit.NONE) == body


def test_engine_hit_unpowers_energy_weapons_bt_c_24_3() -> None:
    """BT-C-24.3: energy weapons lose power after an engine hit, except vehicle flamers."""
    from engine.battletech.designs.items import Item  # noqa: PLC0415 - one test's equipment

    design = tank(equipment=(Item("IS Medium Laser", "Front"), Item("IS Vehicle Flamer", "Front")))
    body = attrs.evolve(v.vehicle_body(design), engine_hit=True)
    assert vt.unpowered(design, body, 0)
    assert not vt.unpowered(design, body, 1)
    assert not vt.unpowered(design, v.vehicle_body(design), 0)


def test_clearing_jams_bt_c_24_3() -> None:
    """BT-C-24.3 [MegaMek]: a jammed weapon or turret is cleared instead of firing."""
    design = tank()
    body = v.vehicle_body(design)
    body = vt.apply_critical(design, body, TU, Crit.WEAPON_MALFUNCTION, weapon=1)
    body = vt.apply_critical(design, body, TU, Crit.TURRET_JAM)
    assert vt.unjam(body, weapon=1).jammed_weapons == frozenset()
    assert vt.unjam(body, weapon=1).jammed_turrets == {TU}
    assert vt.unjam(body, turret=TU).jammed_turrets == frozenset()


def test_rotor_results_reroll_after_the_rotor_is_gone_bt_m_37_6() -> None:
    """BT-M-37.6: after a "rotor destroyed" critical, reroll rotor results."""
    design = vtol()
    body = v.vehicle_body(design, elevation=2)
    rotor = vt.hit_location(design, Column.FRONT, 10)
    front = vt.hit_location(design, Column.FRONT, 7)
    assert not vt.reroll_needed(body, rotor)
    gone = vt.apply_critical(design, body, RO, Crit.ROTOR_DESTROYED)
    assert vt.reroll_needed(gone, rotor)
    assert not vt.reroll_needed(gone, front)
