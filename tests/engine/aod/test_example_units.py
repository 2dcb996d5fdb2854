"""The bundled example units and catalogues match the rules digest's tables (AOD-26.8/9/14/15)."""

from __future__ import annotations

import pytest

from engine.aod.data.unitfile import format_unit, parse_unit
from engine.aod.units import (
    AttackSymbol,
    BaseType,
    EquipmentMark,
    MechClass,
    RangeType,
    Rank,
    Shape,
    SpeedMode,
    Stat,
    UnitType,
)
from engine.hexes import Facing, Hex
from tests.engine.aod._assets import ASSETS, by_name, catalogue, pieces, units

# AOD-26.15 summary table: name -> (type, mode, faction, rank, points, symbol, live clicks)
SUMMARY = {
    "Pathguard Rifle Squad": (UnitType.INFANTRY, "foot", None, "green", 12, "cross", 4),
    "Talon Battle Armor": (UnitType.INFANTRY, "foot", "jade_falcon", "veteran", 20, "cross", 5),
    "Field Repair Team": (UnitType.INFANTRY, "foot", None, "green", 15, "cross", 4),
    "Halberd Hover Tank": (UnitType.VEHICLE, "hover", "davion", "veteran", 55, "wrench", 6),
    "Bastion APC": (UnitType.VEHICLE, "tracked", None, "green", 40, "wrench", 6),
    "Longbow Artillery Carrier": (UnitType.VEHICLE, "wheeled", "liao", "veteran", 70, "wrench", 6),
    "Gadfly VTOL Gunship": (UnitType.VEHICLE, "vtol", None, "veteran", 50, "crosshair", 5),
    "Skywatch AA Carrier": (UnitType.VEHICLE, "wheeled", "steiner", "green", 35, "wrench", 5),
    "Kestrel KS-2L": (UnitType.MECH, "mech", "jade_falcon", "elite", 110, "wrench", 9),
    "Warden WD-5H": (UnitType.MECH, "mech", "liao", "elite", 185, "wrench", 11),
    "Tortoise TQ-3M": (UnitType.MECH, "quad", "sea_fox", "veteran", 125, "wrench", 9),
}


def test_all_eleven_example_units_ship():
    """AOD-26.15 defines U1-U11; each is a bundled file with collector HX-001..HX-011."""
    assert sorted(units()) == [f"HX-{n:03d}" for n in range(1, 12)]
    assert {u.name for u in units().values()} == set(SUMMARY)


@pytest.mark.parametrize("name", sorted(SUMMARY))
def test_summary_row(name):
    """Each unit's type, mode, faction, rank, points, symbol and dial length (AOD-26.15)."""
    kind, mode, faction, rank, points, symbol, clicks = SUMMARY[name]
    unit = by_name(name)
    assert unit.unit_type is kind
    assert unit.speed_mode is SpeedMode(mode)
    assert unit.faction == faction
    assert unit.rank is Rank(rank)
    assert unit.points == points
    assert unit.attack_symbol is AttackSymbol(symbol)
    assert len(unit.dial) == clicks
    assert unit.ko_click == clicks  # KO is the position after the last live click
    assert unit.start_click == 0  # click 0 carries S in every table


@pytest.mark.parametrize("name", sorted(SUMMARY))
def test_round_trip_of_each_bundled_unit(name):
    """format_unit writes a file parse_unit reads back to the same unit."""
    unit = by_name(name)
    assert parse_unit(format_unit(unit), catalogue()) == unit


def test_pathguard_dial():
    """U1: 6/8/15/1 at click 0, 5/7/14/1 at click 2, HD at click 3, KO at 4 (AOD-26.15)."""
    unit = by_name("Pathguard Rifle Squad")
    first, third, last = unit.dial[0], unit.dial[2], unit.dial[3]
    assert (first.speed, first.attack, first.defense, first.primary) == (6, 8, 15, 1)
    assert (third.speed, third.attack, third.defense, third.primary) == (5, 7, 14, 1)
    assert last.heavy_damage
    assert not any(c.repair_marker for c in unit.dial)
    assert unit.primary.range_type is RangeType.BALLISTIC
    assert (unit.primary.min_range, unit.primary.max_range, unit.primary.targets) == (0, 6, 1)
    assert unit.secondary is None
    assert unit.passenger_size == 1  # AOD-9.1


def test_talon_jump_jets_and_repair_marker():
    """U2: spd:JJ on clicks 0-2 only, R at click 3, HD at 4; energy 0/6 (AOD-26.15)."""
    unit = by_name("Talon Battle Armor")
    assert [c.shows("JJ") for c in unit.dial] == [True, True, True, False, False]
    assert unit.dial[0].equipment == (EquipmentMark(Stat.SPEED, "JJ"),)
    assert [c.repair_marker for c in unit.dial] == [False, False, False, True, False]
    assert unit.dial[4].heavy_damage
    assert (unit.dial[2].speed, unit.dial[2].attack, unit.dial[2].primary) == (7, 8, 1)
    assert unit.primary.range_type is RangeType.ENERGY


def test_field_repair_team_has_repair():
    """U3: atk:RP on clicks 0-2; ballistic 0/4 (AOD-26.15)."""
    unit = by_name("Field Repair Team")
    assert [c.shows("RP") for c in unit.dial] == [True, True, True, False]
    assert unit.dial[0].equipment == (EquipmentMark(Stat.ATTACK, "RP"),)
    assert unit.primary.max_range == 4
    assert unit.dial[1].defense == 14


def test_halberd_evade_and_values():
    """U4: def:EV on 0-1; click 4 is 10/8/16/1; R at 3, HD at 5 (AOD-26.15)."""
    unit = by_name("Halberd Hover Tank")
    assert [c.shows("EV") for c in unit.dial] == [True, True, False, False, False, False]
    fourth = unit.dial[4]
    assert (fourth.speed, fourth.attack, fourth.defense, fourth.primary) == (10, 8, 16, 1)
    assert unit.dial[3].repair_marker
    assert unit.dial[5].heavy_damage
    assert unit.primary.max_range == 10


def test_bastion_transport():
    """U5: capacity C2, def:RA on 0-2, speed 10 falling to 6 (AOD-26.15, AOD-9.1)."""
    unit = by_name("Bastion APC")
    assert unit.capacity == 2
    assert unit.is_transport
    assert unit.passenger_size == 0  # transports carry no transports (AOD-9.1)
    assert [c.speed for c in unit.dial] == [10, 10, 9, 8, 7, 6]
    assert [c.shows("RA") for c in unit.dial] == [True, True, True, False, False, False]


def test_longbow_artillery():
    """U6: ballistic 4/10 (24) with marker A-L; click 5 is 6/7/14/1 HD (AOD-26.15, AOD-13.1)."""
    unit = by_name("Longbow Artillery Carrier")
    weapon = unit.primary
    assert (weapon.min_range, weapon.max_range, weapon.long_range) == (4, 10, 24)
    assert weapon.markers == ("A-L",)
    assert unit.is_artillery
    fifth = unit.dial[5]
    assert (fifth.speed, fifth.attack, fifth.defense, fifth.primary) == (6, 7, 14, 1)
    assert fifth.heavy_damage


def test_gadfly_vtol():
    """U7: VTOL, crosshair, speeds 16/16/15/14/12 (AOD-26.15); a VTOL is never a passenger."""
    unit = by_name("Gadfly VTOL Gunship")
    assert [c.speed for c in unit.dial] == [16, 16, 15, 14, 12]
    assert unit.dial[3].repair_marker
    assert unit.dial[4].heavy_damage
    assert unit.passenger_size == 0  # AOD-8.9
    assert unit.attack_symbol is AttackSymbol.CROSSHAIR


def test_skywatch_anti_aircraft():
    """U8: an "AA" unit, ballistic 0/8 with two targets (AOD-26.15, AOD-12.9)."""
    unit = by_name("Skywatch AA Carrier")
    assert unit.is_anti_aircraft
    assert unit.primary.targets == 2
    assert unit.primary.max_range == 8
    assert not by_name("Halberd Hover Tank").is_anti_aircraft


def test_kestrel_mech():
    """U9: light 'Mech, vent 2, energy 0/10 x1 and ballistic 0/8 x2; dial spot checks."""
    unit = by_name("Kestrel KS-2L")
    assert unit.base is BaseType.MECH
    assert unit.mech_class is MechClass.LIGHT
    assert unit.vent == 2
    assert unit.heat_dial == "HEAT-STD"
    assert unit.gear_slots == 2
    assert unit.primary.range_type is RangeType.ENERGY
    assert unit.secondary is not None
    assert (unit.secondary.range_type, unit.secondary.targets) == (RangeType.BALLISTIC, 2)
    zero, three, eight = unit.dial[0], unit.dial[3], unit.dial[8]
    assert (zero.primary, zero.secondary, zero.speed, zero.attack, zero.defense) == (
        3,
        2,
        12,
        10,
        18,
    )
    assert zero.equipment == (EquipmentMark(Stat.SPEED, "JJ"), EquipmentMark(Stat.DEFENSE, "EV"))
    assert three.equipment == (EquipmentMark(Stat.SPEED, "JJ"),)
    assert (eight.primary, eight.secondary, eight.speed, eight.attack, eight.defense) == (
        1,
        0,
        6,
        7,
        15,
    )
    assert [c.heavy_damage for c in unit.dial] == [False] * 7 + [True, True]
    assert unit.dial[4].repair_marker


def test_warden_melee_secondary_and_pulse():
    """U10: heavy, ballistic 2/14 and melee 0/0; pri:PU on 0-1, def:HA on 0-3 (AOD-26.15)."""
    unit = by_name("Warden WD-5H")
    assert unit.mech_class is MechClass.HEAVY
    assert unit.secondary is not None
    assert unit.secondary.range_type is RangeType.MELEE
    assert (unit.secondary.min_range, unit.secondary.max_range) == (0, 0)
    assert (unit.primary.min_range, unit.primary.max_range) == (2, 14)
    assert [c.shows("PU") for c in unit.dial[:4]] == [True, True, False, False]
    assert [c.shows("HA") for c in unit.dial[:5]] == [True, True, True, True, False]
    assert unit.dial[0].equipment[0] == EquipmentMark(Stat.PRIMARY, "PU")
    assert unit.dial[5].repair_marker
    seven = unit.dial[7]
    assert (seven.primary, seven.secondary, seven.speed, seven.attack, seven.defense) == (
        2,
        3,
        6,
        8,
        17,
    )
    assert unit.dial[10].primary == 1
    assert unit.has_melee


def test_tortoise_quad_without_melee():
    """U11: Quad, medium, vent 3, energy 0/10 x2 and ballistic 0/14; no melee (AOD-26.15)."""
    unit = by_name("Tortoise TQ-3M")
    assert unit.base is BaseType.QUAD
    assert unit.speed_mode is SpeedMode.QUAD
    assert unit.mech_class is MechClass.MEDIUM
    assert unit.vent == 3
    assert unit.primary.targets == 2
    assert unit.secondary is not None
    assert unit.secondary.max_range == 14
    assert not unit.has_melee  # its close-combat primary counts as 1 (AOD-8.8)
    assert [c.shows("HA") for c in unit.dial[:3]] == [True, True, False]
    assert unit.dial[4].repair_marker
    assert (unit.dial[5].secondary, unit.dial[5].speed) == (1, 7)


def test_special_equipment_catalogue():
    """AOD-26.14: codes, slots, shapes and optional flags; Pulse is the only circle."""
    equipment = catalogue().equipment
    assert sorted(equipment) == ["EV", "HA", "JJ", "PU", "RA", "RP"]
    assert equipment["JJ"].slot is Stat.SPEED
    assert equipment["EV"].slot is Stat.DEFENSE
    assert equipment["RP"].slot is Stat.ATTACK
    assert equipment["PU"].slot is Stat.DAMAGE
    assert equipment["PU"].fits(Stat.PRIMARY)
    assert equipment["PU"].fits(Stat.SECONDARY)
    assert not equipment["PU"].fits(Stat.DEFENSE)
    assert [c for c, e in sorted(equipment.items()) if e.shape is Shape.CIRCLE] == ["PU"]
    assert [c for c, e in sorted(equipment.items()) if not e.optional] == ["HA", "RA"]


def test_heat_std():
    """AOD-26.14 HEAT-STD: positions 0-6, modifiers, checks and shutdown at 6."""
    dial = catalogue().heat_dials["HEAT-STD"]
    assert len(dial.positions) == 7
    assert dial.shutdown_position == 6
    assert dial.positions[6].shutdown
    mods = [(p.primary, p.secondary, p.speed) for p in dial.positions[:6]]
    assert mods == [(0, 0, 0), (0, 0, 0), (0, 0, -1), (0, -1, -1), (-1, -1, -2), (-1, -2, -2)]
    assert [(c.kind, c.need) for c in dial.positions[4].checks] == [("shutdown", 3)]
    ammo = dial.positions[5].checks[1]
    assert (ammo.kind, ammo.need, ammo.damage, ammo.heat) == ("ammo", 3, 2, 1)
    assert dial.positions[5].checks[0].need == 4


def test_artillery_markers():
    """AOD-26.9: A-L 7/1/19 radius 1, A-H 9/3/21 radius 2, drift by margin of failure."""
    light, heavy = catalogue().markers["A-L"], catalogue().markers["A-H"]
    assert (light.min_attack, light.min_damage, light.difficulty, light.blast_radius) == (
        7,
        1,
        19,
        1,
    )
    assert (heavy.min_attack, heavy.min_damage, heavy.difficulty, heavy.blast_radius) == (
        9,
        3,
        21,
        2,
    )
    assert [light.drift_hexes(m) for m in (1, 3, 4, 6, 7, 12)] == [1, 1, 2, 2, 3, 3]
    assert [heavy.drift_hexes(m) for m in (1, 3, 4, 6, 7, 12)] == [2, 2, 3, 3, 4, 4]


def test_piece_rotation():
    """Placing a piece turns its offsets clockwise about the anchor (AOD-26.8)."""
    block = pieces()["Ruined block"]
    anchor = Hex(10, 5)
    assert block.place(anchor, 0).covered == (anchor, anchor + Hex(1, 0), anchor + Hex(0, 1))
    turned = block.place(anchor, 1).covered
    assert turned == (anchor, anchor + Hex(1, 0).rotate(1), anchor + Hex(0, 1).rotate(1))
    assert block.place(anchor, 6).hexes == block.place(anchor, 0).hexes
    access = pieces()["Mesa"].place(anchor, 2).access
    assert access == {(anchor + Hex(0, 1).rotate(2), Facing.S.turn(2))}


def test_factions_and_house_alliances():
    """AOD-21 abilities for three factions; AOD-18.6's three permanent House Alliances."""
    cat = catalogue()
    assert cat.factions["liao"].abilities == ("awe", "fanaticism", "ruthlessness")
    assert cat.factions["jade_falcon"].abilities == ("zellbrigen", "merciless", "enhanced_imaging")
    assert cat.factions["sea_fox"].abilities == ("renegade", "scavenger", "predator")
    assert cat.factions["davion"].abilities == ()
    assert cat.allied("republic", "highlanders")
    assert cat.allied("swordsworn", "davion")
    assert cat.allied("steiner", "stormhammers")
    assert not cat.allied("davion", "steiner")
    assert not cat.allied("liao", "davion")


def test_the_readme_example_is_a_valid_unit():
    """The unit file shown in assets/aod/README.md reads, and is U1 of AOD-26.15."""
    readme = (ASSETS / "README.md").read_text(encoding="utf-8")
    example = readme.split("```toml\n", 1)[1].split("```", 1)[0]
    unit = parse_unit(example, catalogue())
    bundled = by_name("Pathguard Rifle Squad")
    assert unit == bundled
