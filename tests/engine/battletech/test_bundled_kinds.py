"""The bundled vehicles, platoons and battle armor squads (``assets/units/blk``, issue 20 item 6).

Each file is read the way the game reads it (`tui.battletech.units.load_blk`) and checked twice:
against its stat line (the table below: what the README says each design is), and against its
file name (a "Hover" tank hovers, a "Platoon" is infantry, "Battle Armor [..](Sqd4)" is four
troopers). Each must
also pass ``hexmech validate`` with no warning (BT-M-3, BT-M-4, BT-M-5).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.battletech.designs import BattleArmorDesign, InfantryDesign, VehicleDesign
from tui.battletech.units import UNITS_DIR, load_blk
from tui.battletech.validate import check

BLK_DIR = UNITS_DIR / "blk"
FILES = sorted(BLK_DIR.glob("*.blk"), key=lambda p: p.name.casefold())

VEHICLES = {
    # file: (unit type, motion, tons, cruise MP, armor per location, weapons)
    "Bulldog Medium Tank.blk": (
        "Tank",
        "tracked",
        60,
        4,
        (24, 20, 20, 20, 20),
        ("IS Machine Gun", "IS SRM 4", "IS SRM 4", "IS Large Laser"),
    ),
    "Galleon Light Tank GAL-100.blk": (
        "Tank",
        "tracked",
        30,
        6,
        (11, 10, 10, 11, 14),
        ("IS Small Laser", "IS Small Laser", "IS Medium Laser"),
    ),
    "Harasser Missile Platform.blk": (
        "Tank",
        "hover",
        25,
        10,
        (5, 5, 5, 4, 5),
        ("IS SRM 6", "IS SRM 6"),
    ),
    "Hetzer Wheeled Assault Gun.blk": (
        "Tank",
        "wheeled",
        40,
        4,
        (30, 22, 22, 22),
        ("IS AC/20",),
    ),
    "J. Edgar Light Hover Tank.blk": (
        "Tank",
        "hover",
        25,
        11,
        (30, 19, 19, 12, 24),
        ("IS Medium Laser", "IS SRM 2", "IS SRM 2"),
    ),
    "Pegasus Scout Hover Tank.blk": (
        "Tank",
        "hover",
        35,
        8,
        (26, 19, 19, 19, 21),
        ("IS Medium Laser", "IS SRM 6", "IS SRM 6"),
    ),
    "Vedette Medium Tank.blk": (
        "Tank",
        "tracked",
        50,
        5,
        (20, 18, 18, 20, 20),
        ("IS Machine Gun", "IS AC/5"),
    ),
    "Yellow Jacket Gunship.blk": (
        "VTOL",
        "VTOL",
        30,
        6,
        (20, 13, 13, 8, 2),
        ("IS Gauss Rifle",),
    ),
}
PLATOONS = {
    # file: (motion, squads, squad size, ground MP, jump MP, primary, secondary per squad)
    "Foot Platoon (Laser).blk": ("foot", 4, 7, 1, 0, "Laser Rifle", 0),
    "Jump Platoon (SRM).blk": ("jump", 3, 6, 1, 3, "Auto-Rifle", 2),
    "Motorized Platoon (MG).blk": ("motorized", 4, 7, 3, 0, "Auto-Rifle", 2),
}
SQUADS = {
    # file: (motion, quad, troopers, armor each, ground MP, jump MP, weapons each, anti-'Mech)
    "Cavalier Battle Armor [Laser](Sqd4).blk": (
        "jump",
        False,
        4,
        9,
        1,
        3,
        ("IS Small Laser",),
        {"swarm", "leg"},
    ),
    "Fenrir Battle Armor [SL](Sqd4).blk": (
        "foot",
        True,
        4,
        5,
        4,
        0,
        ("IS Small Laser",) * 3,
        set(),
    ),
}


def _design(name: str) -> VehicleDesign | InfantryDesign | BattleArmorDesign:
    return load_blk(BLK_DIR / name).design


def test_a_dozen_bundled_units_and_every_one_has_a_stat_line() -> None:
    """Issue 20 item 6: a dozen or more; a file added without its stat line here fails."""
    names = {path.name for path in FILES}
    assert len(names) >= 12  # the "a dozen"
    assert names == set(VEHICLES) | set(PLATOONS) | set(SQUADS)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_each_file_reads_without_a_warning(path: Path) -> None:
    parsed = load_blk(path)
    assert parsed.warnings == ()
    assert parsed.design.source == str(path)


@pytest.mark.parametrize("name", sorted(VEHICLES))
def test_vehicles_match_their_stat_line(name: str) -> None:
    """BT-M-3, BT-M-5: tonnage, motive type, cruising MP, armor per location, weapons."""
    unit_type, motion, tons, cruise, armor, weapons = VEHICLES[name]
    design = _design(name)
    assert isinstance(design, VehicleDesign)
    assert (design.unit_type, str(design.motion), design.tonnage, design.cruise) == (
        unit_type,
        motion,
        tons,
        cruise,
    )
    assert design.flank == (3 * cruise + 1) // 2  # BT-M-37.1
    assert design.armor == armor
    assert tuple(item.name for item in design.weapons) == weapons
    assert all(item.has_rules for item in design.equipment)
    ammo_users = {w.spec.key for w in design.weapons if w.spec and w.spec.shots_per_ton}
    bins = [item for item in design.equipment if item.shots]
    assert bool(ammo_users) == bool(bins), "ammunition for every weapon that needs it, no more"


@pytest.mark.parametrize("name", sorted(PLATOONS))
def test_platoons_match_their_stat_line(name: str) -> None:
    """BT-M-4: the kind of platoon, its men, its MP, its weapons."""
    motion, squads, size, ground, jump, primary, per_squad = PLATOONS[name]
    design = _design(name)
    assert isinstance(design, InfantryDesign)
    assert (str(design.motion), design.squads, design.squad_size) == (motion, squads, size)
    assert (design.troopers, design.ground_mp, design.jump_mp) == (squads * size, ground, jump)
    assert (design.primary, design.secondary_per_squad) == (primary, per_squad)


@pytest.mark.parametrize("name", sorted(SQUADS))
def test_battle_armor_matches_its_stat_line(name: str) -> None:
    """BT-M-4: troopers, armor per trooper, MP, weapons; swarm and leg attacks (not a quad)."""
    motion, quad, troopers, armor, ground, jump, weapons, attacks = SQUADS[name]
    design = _design(name)
    assert isinstance(design, BattleArmorDesign)
    assert (str(design.motion), design.quad, design.troopers) == (motion, quad, troopers)
    assert (design.armor, design.ground_mp, design.jump_mp) == (armor, ground, jump)
    assert tuple(item.name for item in design.weapons) == weapons
    assert design.anti_mech == attacks
    assert all(item.has_rules for item in design.equipment)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_each_design_is_what_its_file_name_says(path: Path) -> None:
    """The name tells the kind: "Platoon", "Battle Armor (SqdN)", "Hover", "Wheeled", "Gunship"."""
    design = _design(path.name)
    stem = path.stem
    assert design.name == stem
    if "Platoon" in stem:
        assert isinstance(design, InfantryDesign)
        assert str(design.motion) == stem.split()[0].lower()  # "Foot", "Jump", "Motorized"
    elif match := re.search(r"Battle Armor \[.+\]\(Sqd(\d)\)$", stem):
        assert isinstance(design, BattleArmorDesign)
        assert design.troopers == int(match[1])
    else:
        assert isinstance(design, VehicleDesign)
        motion = (
            "VTOL"
            if "Gunship" in stem
            else "hover"
            if "Hover" in stem or "Platform" in stem
            else "wheeled"
            if "Wheeled" in stem
            else "tracked"
        )
        assert str(design.motion) == motion
        if "Light" in stem:
            assert design.weight_class == "Light"


def test_hexmech_validate_says_ok_for_each_with_no_warning() -> None:
    """``hexmech validate assets/units/blk``: one ``ok`` line a file and nothing else."""
    lines, ok = check([BLK_DIR], quiet=False)
    assert ok
    assert len(lines) == len(FILES)
    assert all(line.startswith("ok  ") and line.endswith(")") for line in lines)
    assert (
        "ok  Hetzer Wheeled Assault Gun (vehicle: 40 t medium wheeled tank, 4/6 MP, 96 armor, "
        "1 weapon)"
    ) in lines
