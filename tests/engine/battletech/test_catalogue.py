"""The weapons and equipment catalogue (BT-C-63..73) and the MegaMek names it answers to."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.battletech.data import catalogue
from engine.battletech.data.catalogue import (
    AMMO,
    COMPONENTS,
    EQUIPMENT,
    SPECS,
    WEAPONS,
    AmmoSpec,
    EquipmentSpec,
    Kind,
    TechBase,
    WeaponSpec,
    clean_name,
    find,
)
from engine.battletech.data.mtf import parse_mtf
from tests.conftest import REPO, SHARED

DIGEST = SHARED / "rules" / "battletech-2-combat-heat.md"
MTF_DIR = SHARED / "data" / "megamek" / "mtf"
UNITS_DIR = REPO / "assets" / "units"


# ---------------------------------------------------------------------------------- table rows
# key: heat, damage, min, short, medium, long, tons, slots, shots/ton, section (the digest's cells)
SAMPLE_ROWS = {
    "IS PPC": (10, 10, 3, 6, 12, 18, 7, 3, 0, "BT-C-64"),
    "IS ER Large Laser": (12, 8, 0, 7, 14, 19, 5, 2, 0, "BT-C-64"),
    "IS Small Pulse Laser": (2, 3, 0, 1, 2, 3, 1, 1, 0, "BT-C-64"),
    "IS AC/2": (1, 2, 4, 8, 16, 24, 6, 1, 45, "BT-C-65"),
    "IS Gauss Rifle": (1, 15, 2, 7, 15, 22, 15, 7, 8, "BT-C-65"),
    "IS Ultra AC/20": (8, 20, 0, 3, 7, 10, 15, 10, 5, "BT-C-65"),
    "IS Machine Gun": (0, 2, 0, 1, 2, 3, 0.5, 1, 200, "BT-C-65"),
    "IS LRM 20": (6, 1, 6, 7, 14, 21, 10, 5, 6, "BT-C-66"),
    "IS MRM 40": (12, 1, 0, 3, 8, 15, 12, 7, 6, "BT-C-66"),
    "IS Streak SRM 6": (4, 2, 0, 3, 6, 9, 4.5, 2, 15, "BT-C-66"),
    "Clan ER Large Laser": (12, 10, 0, 8, 15, 25, 4, 1, 0, "BT-C-69"),
    "Clan Heavy Large Laser": (18, 16, 0, 5, 10, 15, 4, 3, 0, "BT-C-69"),
    "Clan ER Micro Laser": (1, 2, 0, 1, 2, 4, 0.25, 1, 0, "BT-C-69"),
    "Clan Heavy Machine Gun": (0, 3, 0, 1, 2, 0, 0.5, 1, 100, "BT-C-70"),
    "Clan Ultra AC/2": (1, 2, 2, 9, 18, 27, 5, 2, 45, "BT-C-70"),
    "Clan LB 20-X AC": (6, 20, 0, 4, 8, 12, 12, 9, 5, "BT-C-70"),
    "Clan LRM 15": (5, 1, 0, 7, 14, 21, 3.5, 2, 8, "BT-C-71"),
    "Clan Streak SRM 4": (3, 2, 0, 4, 8, 12, 2, 1, 25, "BT-C-71"),
}


@pytest.mark.parametrize(("key", "row"), SAMPLE_ROWS.items())
def test_weapon_rows_carry_the_digest_numbers(key, row) -> None:
    """BT-C-64..71: a sample of each weapon table, cell by cell (PPC: 10 heat, 10 damage, min 3)."""
    spec = catalogue.get(key)
    assert isinstance(spec, WeaponSpec)
    cells = (spec.heat, spec.damage, spec.min_range, spec.short, spec.medium, spec.long)
    assert (*cells, spec.tons, spec.slots, spec.shots_per_ton, spec.section) == row


def test_missile_racks_fire_their_size_and_damage_is_per_missile() -> None:
    """BT-C-20: LRMs hit in groups of 5 for 1 each; SRMs and Streaks 2 a missile, one by one."""
    lrm, srm, streak = (catalogue.get(k) for k in ("IS LRM 15", "Clan SRM 6", "IS Streak SRM 2"))
    assert isinstance(lrm, WeaponSpec)
    assert isinstance(srm, WeaponSpec)
    assert isinstance(streak, WeaponSpec)
    assert (lrm.rack, lrm.group, lrm.damage) == (15, 5, 1)
    assert (srm.rack, srm.group, srm.damage) == (6, 1, 2)
    assert (streak.rack, streak.damage, streak.special) == (2, 2, True)
    assert "indirect" in lrm.flags
    assert "streak" in streak.flags


@pytest.mark.parametrize(
    ("key", "row"),
    [
        # heat, damage, adjacent damage, range (mapsheets), tons = slots, section
        ("IS Arrow IV System", (10, 20, 10, 5, 15, "BT-C-67")),
        ("IS Thumper", (6, 5, 2, 14, 15, "BT-C-67")),
        ("Clan Arrow IV System", (10, 20, 10, 6, 12, "BT-C-72")),
        ("Clan Long Tom", (20, 20, 10, 20, 30, "BT-C-72")),
    ],
)
def test_artillery_reads_x_over_y_and_ranges_in_mapsheets(key, row) -> None:
    """BT-C-67/72: "20/10*" is 20 in the target hex and 10 around it; range in mapsheets."""
    spec = catalogue.get(key)
    assert isinstance(spec, WeaponSpec)
    cells = (spec.heat, spec.damage, spec.adjacent_damage, spec.long, spec.tons, spec.section)
    assert cells == row
    assert spec.slots == spec.tons
    assert spec.range_in_mapsheets
    assert spec.kind is Kind.ARTILLERY


@pytest.mark.parametrize(
    ("key", "tons", "slots", "heat", "section"),
    [
        ("IS Double Heat Sink", 1, 3, -2, "BT-C-68"),
        ("Clan Double Heat Sink", 1, 2, -2, "BT-C-73"),
        ("IS Heat Sink", 1, 1, -1, "BT-C-68"),
        ("IS CASE", 0.5, 1, 0, "BT-C-68"),
        ("Clan CASE", 0, 0, 0, "BT-C-73"),
        ("IS C3 Computer (Master)", 5, 5, 0, "BT-C-68"),
        ("IS Guardian ECM Suite", 1.5, 2, 0, "BT-C-68"),
        ("IS Triple-Strength Myomer", 0, 6, 0, "BT-C-68"),
        ("Clan Light Active Probe", 0.5, 1, 0, "BT-C-73"),
        ("Clan ECM Suite", 1, 1, 0, "BT-C-73"),
    ],
)
def test_equipment_rows_carry_the_digest_numbers(key, tons, slots, heat, section) -> None:
    """BT-C-68/73: weight, slots and heat (negative: dissipation) of the equipment rows."""
    spec = catalogue.get(key)
    assert isinstance(spec, EquipmentSpec)
    assert (spec.tons, spec.slots, spec.heat, spec.section) == (tons, slots, heat, section)


def test_probe_and_ecm_radii_and_tag_bands() -> None:
    """BT-C-68/73: Beagle 4, Clan probe 5, ECM 6; TAG 1-5/6-9/10-15; light TAG 7-9 (BT-C-91.16)."""
    radius = {k: catalogue.get(k) for k in ("IS Beagle Active Probe", "Clan Active Probe")}
    assert [s.radius for s in radius.values() if isinstance(s, EquipmentSpec)] == [4, 5]
    tag, light = catalogue.get("IS TAG"), catalogue.get("Clan Light TAG")
    assert isinstance(tag, EquipmentSpec)
    assert isinstance(light, EquipmentSpec)
    assert (tag.short, tag.medium, tag.long) == (5, 9, 15)
    assert (light.short, light.medium, light.long) == (3, 6, 9)


@pytest.mark.parametrize(
    ("key", "mech_tons", "tons", "slots"),
    [
        ("IS Hatchet", 50, 4, 4),  # BT-C-68 ***: tonnage / 15, rounded up
        ("IS Hatchet", 75, 5, 5),
        ("IS MASC", 55, 3, 3),  # BT-C-68 **: tonnage / 20, to the nearest
        ("IS MASC", 45, 2, 2),
        ("Clan MASC", 75, 3, 3),  # BT-C-73 **: tonnage / 25
        ("IS Sword", 55, 3, 4),  # ASSUMPTION: /20 tons, /15 slots, rounded up
        ("Jump Jet", 35, 0.5, 1),  # ASSUMPTION: 0.5 t up to 55 t, 1 t to 85 t, 2 t above
        ("Jump Jet", 65, 1, 1),
        ("Jump Jet", 100, 2, 1),
    ],
)
def test_items_that_scale_with_the_mech(key, mech_tons, tons, slots) -> None:
    """BT-C-68/73 footnotes: MASC, hatchet and sword grow with the 'Mech's tonnage."""
    spec = catalogue.get(key)
    assert isinstance(spec, EquipmentSpec)
    assert (spec.tons_for(mech_tons), spec.slots_for(mech_tons)) == (tons, slots)


def test_every_table_row_is_there_once() -> None:
    """BT-C-64..73: the row counts of all ten tables, and one spec per key."""
    counts = {
        s: sum(x.section == s for x in (*WEAPONS, *EQUIPMENT))
        for s in {x.section for x in (*WEAPONS, *EQUIPMENT)}
    }
    assert counts == {
        "BT-C-64": 12,
        "BT-C-65": 17,
        "BT-C-66": 15,
        "BT-C-67": 4,
        "BT-C-68": 14,
        "BT-C-69": 13,
        "BT-C-70": 14,
        "BT-C-71": 11,
        "BT-C-72": 4,
        "BT-C-73": 12,
        "BT-M-20.4": 2,  # the jump jet and the improved jump jet (DESIGN)
    }
    assert len(SPECS) == len(WEAPONS) + len(EQUIPMENT) + len(COMPONENTS) + len(AMMO)


def test_starred_cells_are_flagged_special() -> None:
    """BT-C-63/75: "*" rows (AMS, NARC, Streaks, artillery, A-Pod, hatchet, TSM ...) say so."""
    starred = {s.key for s in (*WEAPONS, *EQUIPMENT) if s.special}
    assert {"IS AMS", "Clan NARC Missile Beacon", "IS Streak SRM 4", "IS Long Tom"} <= starred
    assert {"IS Hatchet", "IS Triple-Strength Myomer", "Clan Targeting Computer"} <= starred
    assert "IS Medium Laser" not in starred


# ---------------------------------------------------------------------------------- the digest
_DIGEST_NAMES = {
    "AMS (anti-missile system)": "AMS",
    "Flamer (vehicle)": "Vehicle Flamer",
}


def _upper(cell: str) -> int:
    if cell in {"—", "-", "*"}:
        return 0
    return int(re.findall(r"\d+", cell.partition("/")[0])[-1])


def _digest_tables() -> list[tuple[str, TechBase, list[list[str]]]]:
    text = DIGEST.read_text(encoding="utf-8")
    blocks = re.findall(
        r"^## (BT-C-(?:6[4-7]|69|7[0-2])) .*?\n(.*?)(?=^## )", text, re.MULTILINE | re.DOTALL
    )
    tables = []
    for section, body in blocks:
        rows = [
            [c.strip() for c in line.strip().strip("|").split("|")]
            for line in body.splitlines()
            if line.startswith("| ") and not line.startswith(("| Weapon", "|---"))
        ]
        base = TechBase.CLAN if section >= "BT-C-69" else TechBase.IS
        tables.append((section, base, rows))
    return tables


@pytest.mark.skipif(not DIGEST.exists(), reason="the shared rules digest is not here")
def test_every_weapon_row_of_the_digest_matches_the_catalogue() -> None:
    """BT-C-64..72, read from the digest itself: every weapon row's numbers are in the catalogue."""
    tables = _digest_tables()
    assert len(tables) == 8
    assert sum(len(rows) for _, _, rows in tables) == len(WEAPONS) == 90
    for section, base, rows in tables:
        for row in rows:
            name = _DIGEST_NAMES.get(row[0], row[0])
            spec = find(name, base)
            assert isinstance(spec, WeaponSpec), row[0]
            assert (spec.section, spec.tech_base) == (section, base), row[0]
            heat, damage, minimum, short, medium, long, tons, slots, shots = row[1:]
            assert spec.heat == int(heat), row[0]
            assert spec.damage == (2 if "Streak" in name else _upper(damage)), row[0]
            assert spec.special == ("*" in damage), row[0]
            assert (spec.min_range, spec.short, spec.medium) == tuple(
                map(_upper, (minimum, short, medium))
            ), row[0]
            assert spec.long == _upper(long), row[0]
            assert (spec.tons, spec.slots, spec.shots_per_ton) == (
                float(tons),
                int(slots),
                _upper(shots),
            ), row[0]


# ---------------------------------------------------------------------------------- names
@pytest.mark.parametrize(
    ("name", "base", "key"),
    [
        ("Medium Laser", "Inner Sphere", "IS Medium Laser"),
        ("ISMediumLaser", "Clan", "IS Medium Laser"),
        ("CLERMediumLaser", "Inner Sphere", "Clan ER Medium Laser"),
        ("ER Large Laser", "Inner Sphere", "IS ER Large Laser"),
        ("ER Large Laser", "Clan", "Clan ER Large Laser"),
        ("LRM 20", "Inner Sphere", "IS LRM 20"),
        ("ISLRM20", "Clan", "IS LRM 20"),
        ("CLLRM20", "Inner Sphere", "Clan LRM 20"),
        ("CLLRM20 (omnipod)", "Clan", "Clan LRM 20"),
        ("IS Ammo AC/20", "Inner Sphere", "IS AC/20 Ammo"),
        ("Clan Ammo LRM-20", "Clan", "Clan LRM 20 Ammo"),
        ("ISAC10", "Inner Sphere", "IS AC/10"),
        ("Autocannon/10", "Inner Sphere", "IS AC/10"),
        ("AC/20", "Inner Sphere", "IS AC/20"),
        ("Machine Gun", "Inner Sphere", "IS Machine Gun"),
        ("Machine Gun", "Clan", "Clan Machine Gun"),
        ("CLMG (OMNIPOD)", "Clan", "Clan Machine Gun"),
        ("ISGaussRifle", "Inner Sphere", "IS Gauss Rifle"),
        ("Heat Sink", "Inner Sphere", "IS Heat Sink"),
        ("ISDoubleHeatSink", "Inner Sphere", "IS Double Heat Sink"),
        ("CLDoubleHeatSink", "Clan", "Clan Double Heat Sink"),
        ("Jump Jet", "Clan", "Jump Jet"),
        ("ISCASE", "Inner Sphere", "IS CASE"),
        ("Hatchet", "Inner Sphere", "IS Hatchet"),
        (
            "Hatchet",
            "Clan",
            "IS Hatchet",
        ),  # only the IS table has one: the bare name still finds it
        ("ISLBXAC10", "Inner Sphere", "IS LB 10-X AC"),
        ("LB 10-X AC", "Clan", "Clan LB 10-X AC"),
        ("Ultra AC/5", "Mixed (Clan Chassis)", "Clan Ultra AC/5"),
        ("CLUltraAC5", "Clan", "Clan Ultra AC/5"),
        ("CLStreakSRM4", "Clan", "Clan Streak SRM 4"),
        ("CLActiveProbe", "Clan", "Clan Active Probe"),
        ("ISArrowIVSystem", "Inner Sphere", "IS Arrow IV System"),
        ("IS Ammo MG - Full", "Inner Sphere", "IS Machine Gun Ammo"),
        ("Clan Machine Gun Ammo - Half (OMNIPOD)", "Clan", "Clan Machine Gun Ammo (Half)"),
        ("Clan Ultra AC/5 Ammo (omnipod)", "Clan", "Clan Ultra AC/5 Ammo"),
        ("Clan Streak SRM 4 Ammo", "Clan", "Clan Streak SRM 4 Ammo"),
        ("IS LB 10-X Cluster Ammo", "Inner Sphere", "IS LB 10-X AC Cluster Ammo"),
        ("IS Ammo LRM-20 Artemis-capable", "Inner Sphere", "IS LRM 20 Artemis Ammo"),
        ("ISAMS Ammo", "Inner Sphere", "IS AMS Ammo"),
        ("IS Gauss Ammo", "Inner Sphere", "IS Gauss Rifle Ammo"),
        ("Medium Laser (R)", "Inner Sphere", "IS Medium Laser"),
    ],
)
def test_megamek_names_find_their_spec(name, base, key) -> None:
    """BT-C-63: MegaMek's names, with or without an IS/Clan prefix, map to one catalogue key."""
    spec = find(name, base)
    assert spec is not None
    assert spec.key == key


def test_ammo_bins_hold_a_ton_or_half_a_ton_of_shots() -> None:
    """BT-C-63 shots/ton: an AC/20 bin holds 5, a half-ton machine-gun bin 100."""
    ac20 = find("IS Ammo AC/20")
    half = find("IS Ammo MG - Half")
    assert isinstance(ac20, AmmoSpec)
    assert isinstance(half, AmmoSpec)
    assert (ac20.shots, ac20.weapon, ac20.tons) == (5, "IS AC/20", 1.0)
    assert (half.shots, half.weapon, half.tons) == (100, "IS Machine Gun", 0.5)
    weapon = catalogue.get("IS AC/20")
    assert isinstance(weapon, WeaponSpec)
    assert weapon.ammo_key == "IS AC/20 Ammo"


@pytest.mark.parametrize(
    "name",
    [
        "Shoulder",
        "Upper Arm Actuator",
        "Lower Arm Actuator",
        "Hand Actuator",
        "Hip",
        "Upper Leg Actuator",
        "Lower Leg Actuator",
        "Foot Actuator",
        "Fusion Engine",
        "Engine",
        "Gyro",
        "Cockpit",
        "Life Support",
        "Sensors",
        "Endo Steel",
        "Clan Endo Steel",
        "Ferro-Fibrous",
        "Clan Ferro-Fibrous",
        "IS Endo Steel",
    ],
)
def test_fixed_parts_are_components_not_unknowns(name) -> None:
    """BT-M-2: actuators, engine, gyro, cockpit, life support, sensors, structure slots."""
    spec = find(name, "Clan")
    assert spec is not None
    assert spec.kind is Kind.COMPONENT


@pytest.mark.parametrize("name", ["Death Ray", "", "ISDeathRay", "IS Ammo Death Ray", "CL"])
def test_unknown_names_are_none(name) -> None:
    """Names the catalogue does not know give None, never an exception."""
    assert find(name, "Inner Sphere") is None


@pytest.mark.parametrize(
    ("text", "bare", "rear"),
    [
        ("Medium Laser (R)", "Medium Laser", True),
        ("CLERLargeLaser (omnipod)", "CLERLargeLaser", False),
        ("ISMediumLaser (R) (omnipod)", "ISMediumLaser", True),
        ("ISMediumLaser (T)", "ISMediumLaser", False),
        ("ISCargo:SIZE:2.0", "ISCargo", False),
        ("IS Ammo AC/20:Shots3#", "IS Ammo AC/20", False),
        ("  Heat Sink  ", "Heat Sink", False),
    ],
)
def test_clean_name_strips_the_markers(text, bare, rear) -> None:
    """(R) rear, (T) turret, (omnipod), :SIZE: and :Shots#: the bare name and the rear flag."""
    assert clean_name(text) == (bare, rear)


# ---------------------------------------------------------------------------------- real files
def _item_names(path: Path) -> set[str]:
    """Every slot line and weapons-list name of an .mtf file."""
    names: set[str] = set()
    design = parse_mtf(path.read_text(encoding="utf-8")).design
    names.update(n for slots in design.criticals for n in slots if n)
    in_weapons = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.lower().startswith("weapons:"):
            in_weapons = True
        elif not line.strip():
            in_weapons = False
        elif in_weapons:
            names.add(clean_name(line.split(",")[0])[0])
    return names


def _mtf_files() -> list[Path]:
    shared = sorted(MTF_DIR.glob("*.mtf")) if MTF_DIR.is_dir() else []
    return shared + sorted(UNITS_DIR.glob("*.mtf"))


@pytest.mark.parametrize("path", _mtf_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_name_in_the_shared_and_bundled_files_resolves(path) -> None:
    """Every item and weapon named by the MegaMek files and our sheets is in the catalogue."""
    design = parse_mtf(path.read_text(encoding="utf-8")).design
    unknown = sorted(n for n in _item_names(path) if find(n, design.tech_base) is None)
    assert unknown == []
