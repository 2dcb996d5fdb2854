"""Record sheets of vehicles, platoons and battle armor (issue 20 item 6; BT-M-3..5).

Plain-text checks of `tui.battletech.widgets.kind_sheets` over the bundled designs
(``assets/units/blk``): what each row says, that damage reads without colour, that a sheet keeps
its height whatever its unit's state, and that no row is wider than the side panel.
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from rich.console import Console
from rich.style import Style
from rich.text import Text

from engine.battletech.designs import BattleArmorDesign, InfantryDesign, VehicleDesign
from engine.battletech.kinds.infantry import attack_damage, design_damage_per_trooper
from tui.battletech.units import UNITS_DIR, load_blk
from tui.battletech.widgets.kind_sheets import (
    NARROW,
    WIDE,
    battle_armor_sheet,
    infantry_sheet,
    vehicle_sheet,
)

BLK_DIR = UNITS_DIR / "blk"
STYLES = {
    role: Style(color=colour)
    for role, colour in (
        ("title", "cyan"),
        ("label", "grey50"),
        ("value", "white"),
        ("damaged", "yellow"),
        ("gone", "red"),
        ("note", "blue"),
        ("bad", "magenta"),
    )
}


def _design(name: str) -> VehicleDesign | InfantryDesign | BattleArmorDesign:
    return load_blk(BLK_DIR / name).design


SHARED_BLK = Path(__file__).resolve().parents[3] / "shared" / "data" / "megamek" / "blk"


def _shared_platoon() -> InfantryDesign:
    """MegaMek's rifle platoon (its Auto-Rifle is in the infantry weapon table); skip without it."""
    path = SHARED_BLK / "Foot Platoon (Rifle).blk"
    if not path.is_file():
        pytest.skip(f"MegaMek's .blk files are not in {SHARED_BLK} (shared data folder absent)")
    design = load_blk(path).design
    assert isinstance(design, InfantryDesign)
    return design


def _vehicle(name: str) -> VehicleDesign:
    design = _design(name)
    assert isinstance(design, VehicleDesign)
    return design


def _styled(text: Text, word: str) -> set[str]:
    """The colours the first ``word`` of ``text`` is drawn in (one per character)."""
    start = text.plain.index(word)
    console = Console()
    colours = set()
    for offset in range(start, start + len(word)):
        colour = text.get_style_at_offset(console, offset).color
        colours.add(colour.name if colour else "")
    return colours


# ---------------------------------------------------------------------------------- vehicles
def test_a_new_vehicle_shows_every_location_at_full_armor_and_structure() -> None:
    """BT-M-3, BT-M-5: armor and internal structure per location, with the design's maximum."""
    bulldog = _vehicle("Bulldog Medium Tank.blk")
    lines = vehicle_sheet(bulldog, bulldog.armor, bulldog.internal).plain.split("\n")
    assert lines[0] == "Bulldog Medium Tank  60 t heavy"
    assert lines[1] == "tracked, cruise 4 flank 6, crew 4"
    table = lines[lines.index("location  armor  struct") + 1 :][:5]
    assert [row.split() for row in table] == [
        ["Front", "24/24", "6/6"],
        ["Right", "20/20", "6/6"],
        ["Left", "20/20", "6/6"],
        ["Rear", "20/20", "6/6"],
        ["Turret", "20/20", "6/6"],
    ]
    assert "Large Laser       Turret  h8 d8 5/10/15" in lines
    assert "2 SRM 4           Turret  h3 d2 3/6/9" in lines
    assert lines[-3:] == ["ammo SRM 4 25/25 25/25,", "Machine Gun 100/100", ""]


def test_damage_reads_without_colour_and_in_colour() -> None:
    """A destroyed location ``--`` and its weapons ``x``; a number below the design's styled."""
    bulldog = _vehicle("Bulldog Medium Tank.blk")
    armor, internal = (24, 12, 20, 20, 0), (6, 6, 6, 6, 0)
    sheet = vehicle_sheet(bulldog, armor, internal, ("motive: -1 MP",), cruise=3, styles=STYLES)
    lines = sheet.plain.split("\n")
    assert "Right     12/20    6/6" in lines
    assert "Turret       --    0/6" in lines
    assert "Large Laser       xTurret h8 d8 5/10/15" in lines
    assert "Machine Gun       Front   h0 d2 1/2/3" in lines
    assert lines[1] == "tracked, cruise 3 flank 5, crew 4"  # BT-M-37.1
    assert lines[-1] == "motive: -1 MP"
    assert _styled(sheet, "12") == {"yellow"}
    assert _styled(sheet, "Large Laser") == {"red"}
    assert _styled(sheet, "motive") == {"magenta"}


def test_a_vtol_shows_its_rotor() -> None:
    gunship = _vehicle("Yellow Jacket Gunship.blk")
    lines = vehicle_sheet(gunship, gunship.armor, gunship.internal).plain.split("\n")
    assert lines[1] == "VTOL, cruise 6 flank 9, crew 2"
    assert "Front     20/20    3/3" in lines
    assert "Rotor      2/2     3/3" in lines
    assert "ammo Gauss Rifle 8/8 8/8" in lines


def test_the_compact_vehicle_sheet_puts_the_locations_across() -> None:
    bulldog = _vehicle("Bulldog Medium Tank.blk")
    full = vehicle_sheet(bulldog, bulldog.armor, bulldog.internal, compact=True, letter="B")
    hit = vehicle_sheet(bulldog, (24, 12, 20, 20, 0), (6, 6, 6, 6, 0), compact=True, letter="B")
    assert full.plain.split("\n")[:5] == [
        "B Bulldog Medium Tank  60 t",
        "tracked 4/6 MP, crew 4",
        "         Fr  Ri  Le  Re  Tu",
        "armor    24  20  20  20  20",
        "struct    6   6   6   6   6",
    ]
    assert hit.plain.split("\n")[3:5] == [
        "armor    24  12  20  20  --",
        "struct    6   6   6   6  --",
    ]


# ---------------------------------------------------------------------------------- infantry
def test_without_a_figure_the_sheet_asks_the_infantry_rules_for_the_damage_a_man() -> None:
    """The sheet's damage rows come from the engine's ``d`` of the design, when it knows it."""
    rifles = _shared_platoon()
    per = design_damage_per_trooper(rifles)
    assert per is not None
    assert (
        infantry_sheet(rifles, 28).plain == infantry_sheet(rifles, 28, damage_per_trooper=per).plain
    )
    assert f"damage now {attack_damage(per, 28)}" in infantry_sheet(rifles, 28).plain


def test_a_platoon_shows_its_men_left_and_the_damage_by_men_left() -> None:
    """BT-M-4, BT-M-5: men left of the total; the damage row of each count, men lost ``--``."""
    platoon = _design("Jump Platoon (SRM).blk")
    assert isinstance(platoon, InfantryDesign)
    lines = infantry_sheet(platoon, 17, damage_per_trooper=0.52).plain.split("\n")
    assert lines[:3] == [
        "Jump Platoon (SRM)  jump",
        "men 17/18 (3 x 6)",
        "MP 1 jump 3  anti-'Mech 8",
    ]
    assert "damage now 9 (d 0.52 a man, all hitting)" in lines
    rows = lines[lines.index("damage now 9 (d 0.52 a man, all hitting)") + 1 :][:3]
    cells = [row.split()[1:] for row in rows]
    assert [row.split()[0] for row in rows] == ["1-6", "7-12", "13-18"]
    flat = [cell for row in cells for cell in row]
    assert flat[:17] == [str(attack_damage(0.52, men)) for men in range(1, 18)]
    assert flat[17:] == ["--"]


def test_a_platoon_without_a_damage_figure_has_no_damage_rows() -> None:
    """BT-C-35.6: a weapon the infantry table does not know gives no rows: "no rules"."""
    platoon = attrs.evolve(_design("Foot Platoon (Laser).blk"), primary="Death Ray")
    assert isinstance(platoon, InfantryDesign)
    text = infantry_sheet(platoon, 28).plain
    assert "damage now" not in text
    assert "damage: no rules" in text.splitlines()
    assert "weapons Death Ray" in text.splitlines()
    compact = infantry_sheet(platoon, 28, damage_per_trooper=0.5, compact=True).plain
    assert compact.split("\n")[-2] == "damage now 14"


def test_the_laser_platoon_has_its_damage_rows() -> None:
    """BT-C-35.6: the Laser Rifle (0.28 a man, MegaMek) gives the bundled laser platoon rows."""
    platoon = _design("Foot Platoon (Laser).blk")
    assert isinstance(platoon, InfantryDesign)
    text = infantry_sheet(platoon, 28).plain
    assert f"damage now {attack_damage(0.28, 28)} (d 0.28 a man, all hitting)" in text.splitlines()
    assert "no rules" not in text


def test_a_platoon_never_shows_more_men_than_it_has() -> None:
    platoon = _design("Foot Platoon (Laser).blk")
    assert isinstance(platoon, InfantryDesign)
    assert "men 28/28" in infantry_sheet(platoon, 40).plain
    assert "men 0/28" in infantry_sheet(platoon, -3).plain


# ---------------------------------------------------------------------------------- battle armor
def test_battle_armor_shows_each_trooper_or_dead() -> None:
    """BT-M-5: a row of armor boxes a trooper; a dead one says so."""
    squad = _design("Cavalier Battle Armor [Laser](Sqd4).blk")
    assert isinstance(squad, BattleArmorDesign)
    sheet = battle_armor_sheet(squad, (9, 6, None, 9), ("swarming",), styles=STYLES)
    lines = sheet.plain.split("\n")
    assert lines[0] == "Cavalier Battle Armor [Laser](Sqd4)"  # too long for "medium" beside it
    assert lines[1] == "troopers 3/4  MP 1 jump 3  swarm, leg"
    assert lines[2:6] == [
        "1  9/9 [#########]",
        "2  6/9 [######...]",
        "3 --/9 dead",
        "4  9/9 [#########]",
    ]
    assert lines[6:] == ["Small Laser       RA      h1 d3 1/2/3", "swarming"]
    assert _styled(sheet, "3 --/9") == {"red"}
    assert "yellow" in _styled(sheet, "2  6/9")
    assert "yellow" not in _styled(sheet, "1  9/9")


def test_a_trooper_missing_from_the_tuple_is_dead() -> None:
    squad = _design("Fenrir Battle Armor [SL](Sqd4).blk")
    assert isinstance(squad, BattleArmorDesign)
    lines = battle_armor_sheet(squad, (5, 3)).plain.split("\n")
    assert lines[1] == "troopers 2/4  MP 4"  # a quad: no swarm or leg attacks
    assert lines[4:6] == ["3 --/5 dead", "4 --/5 dead"]
    assert "3 Small Laser     Turret  h1 d3 1/2/3" in lines
    compact = battle_armor_sheet(squad, (5, 3), compact=True).plain.split("\n")
    assert compact[2] == "1  5/5, 2  3/5, 3 --/5, 4 --/5"


# ---------------------------------------------------------------------------------- every sheet
def _sheets(name: str, *, compact: bool, damaged: bool) -> Text:
    design = _design(name)
    notes = ("crew stunned",) if damaged else ()
    if isinstance(design, VehicleDesign):
        armor = tuple(a // 2 for a in design.armor) if damaged else design.armor
        internal = (0, *design.internal[1:]) if damaged else design.internal
        return vehicle_sheet(design, armor, internal, notes, compact=compact, letter="A")
    if isinstance(design, InfantryDesign):
        men = design.troopers // 3 if damaged else design.troopers
        return infantry_sheet(design, men, notes, damage_per_trooper=0.52, compact=compact)
    armor = (None, *(1 for _ in range(design.troopers - 1))) if damaged else (design.armor,) * 4
    return battle_armor_sheet(design, armor, notes, compact=compact, letter="A")


@pytest.mark.parametrize("compact", [False, True], ids=["wide", "compact"])
@pytest.mark.parametrize("path", sorted(BLK_DIR.glob("*.blk")), ids=lambda p: p.stem)
def test_every_sheet_fits_its_panel_and_keeps_its_height(path: Path, *, compact: bool) -> None:
    """No row wider than the panel (compact: one column for the scrollbar).

    Damage and notes change no sheet's height (issue 14): the notes row is kept, blank.
    """
    full = _sheets(path.name, compact=compact, damaged=False).plain.split("\n")
    hit = _sheets(path.name, compact=compact, damaged=True).plain.split("\n")
    most = NARROW - 1 if compact else WIDE
    assert max(len(row) for row in full + hit) <= most
    assert len(full) == len(hit)
    assert hit[-1] == "crew stunned"
    assert full[-1] == ""


def test_rows_pads_a_sheet_with_blank_rows() -> None:
    gunship = _vehicle("Yellow Jacket Gunship.blk")
    plain = vehicle_sheet(gunship, gunship.armor, gunship.internal).plain.split("\n")
    padded = vehicle_sheet(gunship, gunship.armor, gunship.internal, rows=len(plain) + 3)
    assert padded.plain.split("\n") == [*plain, "", "", ""]
