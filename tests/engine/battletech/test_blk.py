"""MegaMek ``.blk`` files: vehicles, platoons and battle armor read as data (issue 20, item 4).

BT-M-3 (vehicles), BT-M-4 (infantry and battle armor), BT-M-5 (what their record sheets print),
BT-M-37.1 (flank MP). The nine real files in ``../shared/data/megamek/blk`` must all read; every
generation of the format (licence header or none, ``<BlockVersion>`` or none, old infantry
files, Clan ``<Point Equipment>``) reads; bad files give one ``LINE: reason``; random text never
raises anything but `FileFormatError`.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.battletech.data.blk import parse_blk
from engine.battletech.data.fileformat import FileFormatError
from engine.battletech.designs import BattleArmorDesign, InfantryDesign, VehicleDesign
from engine.battletech.designs.battle_armor import BattleArmorMotion
from engine.battletech.designs.infantry import InfantryMotion
from engine.battletech.designs.vehicle import Motion, VehicleLocation
from tests.conftest import SHARED
from tests.engine.battletech import _mutate
from tests.fuzz._fuzz import clean, examples, per_file, run_reader

BLK_DIR = SHARED / "data" / "megamek" / "blk"
SHARED_BLK = sorted(BLK_DIR.glob("*.blk")) if BLK_DIR.is_dir() else []
NO_SHARED = f"MegaMek's .blk files are not in {BLK_DIR} (the shared data folder is absent)"
needs_shared = pytest.mark.skipif(not SHARED_BLK, reason=NO_SHARED)

_L = VehicleLocation


def _read(name: str) -> str:
    return (BLK_DIR / name).read_text(encoding="utf-8")


def _blocks(*pairs: tuple[str, str]) -> str:
    """A file of ``<tag>``/``</tag>`` blocks; a value's lines are split on ``|``."""
    out = []
    for tag, value in pairs:
        out += [f"<{tag}>", *(value.split("|") if value else []), f"</{tag}>", ""]
    return "\n".join(out) + "\n"


TANK = (
    ("UnitType", "Tank"),
    ("Name", "Test Tank"),
    ("Model", "T-1"),
    ("year", "3025"),
    ("type", "IS Level 1"),
    ("motion_type", "Tracked"),
    ("cruiseMP", "4"),
    ("armor", "20|15|15|10|18"),
    ("Front Equipment", "Medium Laser"),
    ("Turret Equipment", "LRM 10"),
    ("Body Equipment", "IS Ammo LRM-10"),
    ("tonnage", "40.0"),
)


def _tank(**changes: str) -> str:
    return _blocks(*((tag, changes.get(tag, value)) for tag, value in TANK))


# ---------------------------------------------------------------------------------- real files
@needs_shared
def test_there_are_nine_shared_files() -> None:
    assert len(SHARED_BLK) == 9


@needs_shared
@pytest.mark.parametrize("path", SHARED_BLK, ids=lambda p: p.stem)
def test_every_shared_file_reads(path: Path) -> None:
    """Each of the nine files gives a design with a name, a summary and no error."""
    parsed = parse_blk(path.read_text(encoding="utf-8"), str(path))
    design = parsed.design
    assert design.name
    assert design.summary
    assert design.source == str(path)
    for warning in parsed.warnings:
        assert "unknown equipment" in warning.reason  # nothing else looks wrong in real files


@needs_shared
def test_demolisher_tracked_tank_with_a_turret() -> None:
    """BT-M-3 / BT-M-5: tonnage, motive type, cruise/flank, armor by location, turret weapons."""
    design = parse_blk(_read("Demolisher Heavy Tank (Mk. I).blk")).design
    assert isinstance(design, VehicleDesign)
    assert design.name == "Demolisher Heavy Tank (Mk. I)"
    assert (design.unit_type, design.motion, design.tonnage) == ("Tank", Motion.TRACKED, 80.0)
    assert (design.cruise, design.flank) == (3, 5)  # BT-M-37.1: ceil(1.5 x 3)
    assert design.locations == (_L.FRONT, _L.RIGHT, _L.LEFT, _L.REAR, _L.TURRET)
    assert design.armor == (40, 30, 30, 20, 40)
    assert design.armor_at(_L.TURRET) == 40
    assert design.armor_at(_L.ROTOR) == 0
    assert design.internal == (8,) * 5  # ASSUMPTION: ceil(80 / 10) everywhere
    assert design.has_turret
    assert design.weight_class == "Assault"  # BT-M-3 table
    assert design.engine == "ICE"
    turret = [item for item in design.equipment if item.location == "Turret"]
    assert [item.name for item in turret] == ["IS AC/20", "IS AC/20"]
    spec = turret[0].spec
    assert spec is not None
    assert (spec.damage, spec.heat) == (20, 7)  # the catalogue's AC/20 row (BT-C-65)
    ammo = [item for item in design.equipment if item.location == "Body"]
    assert [(item.name, item.shots) for item in ammo] == [("IS AC/20 Ammo", 5)] * 4
    assert all(item.has_rules for item in design.equipment)


@needs_shared
def test_manticore_weapons_by_location() -> None:
    design = parse_blk(_read("Manticore Heavy Tank.blk")).design
    assert isinstance(design, VehicleDesign)
    assert design.model == ""  # an empty <model> block
    assert [(w.name, w.location) for w in design.weapons] == [
        ("IS Medium Laser", "Front"),
        ("IS LRM 10", "Turret"),
        ("IS SRM 6", "Turret"),
        ("IS PPC", "Turret"),
    ]
    assert design.crew == 4  # ASSUMPTION: ceil(60 / 15)


@needs_shared
def test_savannah_master_hover_without_turret() -> None:
    design = parse_blk(_read("Savannah Master Hovercraft.blk")).design
    assert isinstance(design, VehicleDesign)
    assert design.motion is Motion.HOVER
    assert design.locations == (_L.FRONT, _L.RIGHT, _L.LEFT, _L.REAR)
    assert not design.has_turret
    assert (design.tonnage, design.cruise, design.flank) == (5.0, 13, 20)


@needs_shared
def test_scorpion_saved_by_a_newer_megamek_reads() -> None:
    """``#Saved from version 0.49.16`` and no ``<Version>`` block: the same reading."""
    parsed = parse_blk(_read("Scorpion Light Tank.blk"))
    design = parsed.design
    assert isinstance(design, VehicleDesign)
    assert (design.tonnage, design.cruise) == (25.0, 4)
    assert ("IS Machine Gun Ammo (Half)", 100) in [(i.name, i.shots) for i in design.equipment]
    assert parsed.warnings == ()


@needs_shared
def test_warrior_vtol_has_a_rotor() -> None:
    """BT-M-3: a VTOL's locations end with the rotor."""
    design = parse_blk(_read("Warrior H-7 Attack Helicopter.blk")).design
    assert isinstance(design, VehicleDesign)
    assert (design.unit_type, design.motion) == ("VTOL", Motion.VTOL)
    assert design.locations[-1] is _L.ROTOR
    assert design.armor_at(_L.ROTOR) == 2
    assert (design.cruise, design.flank) == (9, 14)
    assert design.summary.startswith("21 t light VTOL, 9/14 MP")


@needs_shared
def test_foot_platoon() -> None:
    """BT-M-4: a foot platoon of 4 squads of 7 (28 men), 1 MP; its rifle has no rules yet."""
    parsed = parse_blk(_read("Foot Platoon (Rifle).blk"))
    design = parsed.design
    assert isinstance(design, InfantryDesign)
    assert design.motion is InfantryMotion.FOOT
    assert (design.squads, design.squad_size, design.troopers) == (4, 7, 28)
    assert (design.ground_mp, design.jump_mp) == (1, 0)
    assert design.primary == "Auto-Rifle"
    assert design.armor_kit == "GenericKit"
    assert not design.equipment[0].has_rules
    assert design.anti_mech == 8


@needs_shared
def test_elemental_point() -> None:
    """BT-M-4: a Clan Point of 5 suits, 10 armor each, jump 3; the Clan ``<Point Equipment>``."""
    parsed = parse_blk(_read("Elemental BA [Laser] (Sqd5).blk"))
    design = parsed.design
    assert isinstance(design, BattleArmorDesign)
    assert design.is_clan
    assert (design.troopers, design.armor) == (5, 10)
    assert design.motion is BattleArmorMotion.JUMP
    assert (design.ground_mp, design.jump_mp) == (1, 3)
    assert design.weight_class_name == "Medium"
    assert design.anti_mech == frozenset({"swarm", "leg"})
    by_name = {item.name: item for item in design.equipment}
    assert by_name["Clan SRM 2 Ammo"].shots == 2  # BA-SRM2 Ammo:Body:Shots2#
    assert by_name["Clan SRM 2"].mount == "Body"
    assert by_name["BABattleClaw"].mount == "LA"
    assert not by_name["BABattleClaw"].has_rules
    names = [w.reason for w in parsed.warnings]
    assert "unknown equipment 'BABattleClaw': kept, but it has no rules" in names


@needs_shared
def test_inner_sphere_squad() -> None:
    """BT-M-4: an Inner Sphere squad of 4 (``<Squad Equipment>``)."""
    design = parse_blk(_read("IS Standard BA [Laser] (Sqd4).blk")).design
    assert isinstance(design, BattleArmorDesign)
    assert not design.is_clan
    assert (design.troopers, design.armor) == (4, 9)
    assert [(w.name, w.location, w.mount) for w in design.weapons] == [
        ("IS Small Laser", "Squad", "RA")
    ]


# ---------------------------------------------------------------------------------- generations
def test_generations_read_the_same() -> None:
    """Licence header, no version blocks, lower-case tags, CRLF and a BOM: one design."""
    plain = parse_blk(_tank()).design
    header = "# MegaMek Data (C) 2025 by The MegaMek Team is licensed under CC BY-NC-SA 4.0.\n"
    old = "#building block data file\n<BlockVersion>\n1\n</BlockVersion>\n"
    old += "##Write the version number just in case...\n<Version>\nMAM0\n</Version>\n"
    lowered = _tank().replace("<UnitType>", "<unittype>").replace("</Model>", "</model>")
    lowered = lowered.replace("<Model>", "<model>")
    for text in (
        header + _tank(),
        old + _tank(),
        lowered,
        "\ufeff" + _tank().replace("\n", "\r\n"),
    ):
        assert parse_blk(text).design == plain


LICENCE = (
    "# MegaMek Data (C) 2026 by The MegaMek Team is licensed under CC BY-NC-SA 4.0.\n"
    "# To view a copy of this license, visit https://creativecommons.org/licenses/by-nc-sa/4.0/\n"
    "#\n"
    "# <https://www.xbox.com/en-US/developers/rules> and it is not endorsed by or\n"
    "\n#Saved from version 0.51.01 on 2026-07-12\n<UUID>\n019f583e-a23c-72b6\n</UUID>\n\n"
)


def test_current_battle_armor_file_with_a_turret() -> None:
    """Today's generation: licence header, ``<UUID>``, a quad's ``:TU`` turret mount, ``<p>``."""
    text = LICENCE + _blocks(
        ("UnitType", "BattleArmor"),
        ("Name", "Fenrir Battle Armor"),
        ("Model", "[SRM](Sqd4)"),
        ("type", "IS Level 2"),
        ("motion_type", "Leg"),
        ("cruiseMP", "4"),
        ("Squad Equipment", "ISBASRM4:TU|BA-SRM4 Ammo:TU:Shots4#"),
        ("Trooper 1 Equipment", ""),
        ("capabilities", "<p>Four tubes.</p><p>Sixteen missiles.</p>"),
        ("chassis", "quad"),
        ("turret", "Modular:3"),
        ("jumpingMP", "0"),
        ("armor", "5"),
        ("Trooper Count", "4"),
        ("weightclass", "4"),
    )
    parsed = parse_blk(text)
    design = parsed.design
    assert isinstance(design, BattleArmorDesign)
    assert parsed.warnings == ()
    assert (design.quad, design.motion, design.ground_mp, design.jump_mp) == (
        True,
        BattleArmorMotion.FOOT,
        4,
        0,
    )
    assert design.weight_class_name == "Assault"
    assert [(i.name, i.mount, i.shots) for i in design.equipment] == [
        ("IS SRM 4", "Turret", 0),
        ("IS SRM 4 Ammo", "Turret", 4),
    ]
    assert design.summary == "4 assault quad suits, 5 armor each, 4 MP, 1 weapon"


def test_current_infantry_file_with_a_kit_and_a_secondary_weapon() -> None:
    text = LICENCE + _blocks(
        ("UnitType", "Infantry"),
        ("Name", "Mechanized Hover Platoon"),
        ("Model", "(SRM)"),
        ("type", "IS Level 2"),
        ("motion_type", "Hover"),
        ("Troopers Equipment", "Generic Infantry Kit"),
        ("Field Guns Equipment", ""),
        ("squad_size", "4"),
        ("squadn", "4"),
        ("secondn", "2"),
        ("Primary", "InfantryAssaultRifle"),
        ("Secondary", "InfantryHeavySRM"),
    )
    parsed = parse_blk(text)
    design = parsed.design
    assert isinstance(design, InfantryDesign)
    assert parsed.warnings == ()
    assert (design.troopers, design.ground_mp) == (16, 5)  # BT-M-4: mechanized hover 5 MP
    assert design.armor_kit == "Generic Infantry Kit"
    assert (design.primary, design.secondary, design.secondary_per_squad) == (
        "InfantryAssaultRifle",
        "InfantryHeavySRM",
        2,
    )


def test_old_infantry_file_without_squads_or_primary() -> None:
    """An old file: the weapon in ``<Troopers Equipment>``, BT-M-4's platoon, with warnings."""
    text = _blocks(
        ("UnitType", "Infantry"),
        ("Name", "Jump Platoon"),
        ("type", "IS Level 1"),
        ("motion_type", "Jump"),
        ("Troopers Equipment", "Infantry Rifle"),
    )
    parsed = parse_blk(text)
    design = parsed.design
    assert isinstance(design, InfantryDesign)
    assert (design.squads, design.squad_size, design.troopers) == (3, 7, 21)  # BT-M-4: 21
    assert (design.ground_mp, design.jump_mp) == (1, 3)
    assert design.primary == "Infantry Rifle"
    assert len(parsed.warnings) == 3
    assert "unknown infantry weapon 'Infantry Rifle': kept, but it has no rules" in [
        w.reason for w in parsed.warnings
    ]  # BT-C-35.6: not in the infantry weapon table


def test_clan_old_infantry_is_a_point_of_25() -> None:
    text = _blocks(
        ("UnitType", "Infantry"),
        ("Name", "Clan Foot Point"),
        ("type", "Clan Level 2"),
        ("motion_type", "Leg"),
        ("Primary", "Laser Rifle"),
    )
    design = parse_blk(text).design
    assert isinstance(design, InfantryDesign)
    assert design.troopers == 25  # BT-M-4: a Clan Point


@pytest.mark.parametrize(
    ("motion", "expected", "mp"),
    [
        ("Motorized", InfantryMotion.MOTORIZED, 3),
        ("Tracked", InfantryMotion.MECHANIZED_TRACKED, 3),
        ("Wheeled", InfantryMotion.MECHANIZED_WHEELED, 4),
        ("Hover", InfantryMotion.MECHANIZED_HOVER, 5),
    ],
)
def test_infantry_motion_types(motion: str, expected: InfantryMotion, mp: int) -> None:
    """BT-M-4 (ASSUMPTION table): ground MP by kind; mechanized by its carrier."""
    text = _blocks(
        ("UnitType", "Infantry"),
        ("Name", "P"),
        ("motion_type", motion),
        ("squad_size", "7"),
        ("squadn", "4"),
        ("Primary", "Auto-Rifle"),
        ("Secondary", "SRM Launcher"),
        ("secondn", "2"),
    )
    design = parse_blk(text).design
    assert isinstance(design, InfantryDesign)
    assert design.motion is expected
    assert design.ground_mp == mp
    assert design.motion.is_mechanized == (motion in {"Tracked", "Wheeled", "Hover"})
    assert (design.secondary, design.secondary_per_squad) == ("SRM Launcher", 2)


def test_unknown_vehicle_equipment_is_kept_without_rules() -> None:
    parsed = parse_blk(_tank(**{"Front Equipment": "Medium Laser|Gizmo 3000|Gizmo 3000"}))
    design = parsed.design
    assert isinstance(design, VehicleDesign)
    gizmos = [item for item in design.equipment if item.name == "Gizmo 3000"]
    assert len(gizmos) == 2
    assert not gizmos[0].has_rules
    assert [w.reason for w in parsed.warnings] == [
        "unknown equipment 'Gizmo 3000': kept, but it has no rules"
    ]


def test_a_block_given_twice_counts_once() -> None:
    parsed = parse_blk(_tank() + "<cruiseMP>\n9\n</cruiseMP>\n")
    design = parsed.design
    assert isinstance(design, VehicleDesign)
    assert design.cruise == 4
    assert "the first is used" in parsed.warnings[0].reason


def test_fluff_lines_that_look_like_tags_are_text() -> None:
    design = parse_blk(_tank() + "<history>\n<p>\nLong ago.\n</p>\n</history>\n").design
    assert design.name == "Test Tank T-1"


# ---------------------------------------------------------------------------------- bad files
def _error(text: str) -> FileFormatError:
    with pytest.raises(FileFormatError) as caught:
        parse_blk(text)
    error = caught.value
    assert "\n" not in str(error)
    assert error.where("x.blk").startswith("x.blk:")
    return error


def _line_of(text: str, line: str) -> int:
    return text.splitlines().index(line) + 1


def test_a_block_never_closed() -> None:
    """The next tag line after a block with no close: that line, naming the open block."""
    text = _tank().replace("</armor>\n", "")
    error = _error(text)
    assert error.line == _line_of(text, "<Front Equipment>")
    assert error.reason == (
        f"<Front Equipment>: <armor> (line {_line_of(text, '<armor>')}) is still open "
        "(expected </armor>)"
    )


def test_the_last_block_never_closed() -> None:
    text = _tank() + "<source>\nTRO 3026\n"
    error = _error(text)
    assert (error.line, error.reason) == (
        _line_of(text, "<source>"),
        "<source> is never closed (no </source> line)",
    )


def test_a_truncated_tag_line() -> None:
    """``</cruise`` is no close: ``<cruiseMP>`` is still open at the next tag."""
    text = _tank().replace("</cruiseMP>", "</cruise")
    error = _error(text)
    assert error.line == _line_of(text, "<armor>")
    assert error.reason.startswith(f"<armor>: <cruiseMP> (line {_line_of(text, '<cruiseMP>')})")


def test_a_close_without_an_open() -> None:
    text = "</armor>\n" + _tank()
    error = _error(text)
    assert (error.line, error.reason) == (1, "</armor> closes no open block")


@pytest.mark.parametrize(
    ("change", "tag", "reason"),
    [
        ({"cruiseMP": "three"}, "cruiseMP", "cruiseMP: expected a whole number, got 'three'"),
        ({"cruiseMP": "99"}, "cruiseMP", "cruiseMP: 99 is out of range (0 to 30)"),
        ({"tonnage": "heavy"}, "tonnage", "tonnage: expected a number, got 'heavy'"),
        ({"tonnage": "0"}, "tonnage", "tonnage: a vehicle weighs more than 0 tons"),
        ({"armor": "1|2|3"}, "armor", "armor: a Tank gives 4 to 6 values"),
        ({"armor": "1|2|x|4|5"}, "armor", "armor: expected a whole number, got 'x'"),
        ({"type": "Star League"}, "type", "type: unknown tech level 'Star League'"),
        ({"motion_type": "Naval"}, "motion_type", "motion_type: hexmech reads tracked"),
        ({"motion_type": "VTOL"}, "motion_type", "motion_type: a Tank moves Tracked"),
        ({"tonnage": "120.0"}, "tonnage", "tonnage: 120 t makes a super-heavy tracked vehicle"),
    ],
)
def test_wrong_values_are_one_line_errors(change: dict[str, str], tag: str, reason: str) -> None:
    text = _tank(**change)
    error = _error(text)
    assert error.reason.startswith(reason)
    assert tag in error.reason
    assert error.line > 0


def test_turret_equipment_without_a_turret() -> None:
    text = _tank(armor="20|15|15|10")
    error = _error(text)
    assert error.line == _line_of(text, "<Turret Equipment>")
    assert "has no turret" in error.reason


def test_missing_blocks() -> None:
    text = _blocks(*((t, v) for t, v in TANK if t != "tonnage"))
    assert _error(text).reason == "missing <tonnage> block"
    assert _error(_tank(Name="")).reason == "<Name> is empty"


def test_no_unit_type() -> None:
    text = _blocks(*((t, v) for t, v in TANK if t != "UnitType"))
    assert "no <UnitType> block" in _error(text).reason


@pytest.mark.parametrize(
    ("unit_type", "named"),
    [
        ("Dropship", "DropShip"),
        ("Aero", "aerospace fighter"),
        ("ProtoMech", "ProtoMech"),
        ("GunEmplacement", "gun emplacement"),
        ("Naval", "naval vessel"),
        ("Warship", "WarShip"),
    ],
)
def test_other_unit_types_are_refused_by_name(unit_type: str, named: str) -> None:
    text = _tank(UnitType=unit_type)
    error = _error(text)
    assert error.line == 2
    assert error.reason.startswith(f"UnitType {unit_type}: hexmech does not read {named} units")


def test_an_unknown_unit_type() -> None:
    error = _error(_tank(UnitType="Spaceship"))
    assert error.reason.startswith("UnitType 'Spaceship': not a MegaMek unit type")


def test_battle_armor_errors() -> None:
    base = (
        ("UnitType", "BattleArmor"),
        ("Name", "Suit"),
        ("motion_type", "Jump"),
        ("cruiseMP", "1"),
        ("jumpingMP", "3"),
        ("armor", "9"),
        ("Trooper Count", "4"),
        ("weightclass", "2"),
        ("chassis", "biped"),
    )
    assert isinstance(parse_blk(_blocks(*base)).design, BattleArmorDesign)
    bad_armor = _blocks(*((t, "9|9" if t == "armor" else v) for t, v in base))
    assert "battle armor gives one value" in _error(bad_armor).reason
    extra = _blocks(*base, ("Trooper 5 Equipment", "Small Laser"))
    assert _error(extra).reason == "<Trooper 5 Equipment>: the squad has 4 troopers"
    vtol = _blocks(*((t, "VTOL" if t == "motion_type" else v) for t, v in base))
    assert "foot (Leg) and jump battle armor" in _error(vtol).reason


# ---------------------------------------------------------------------------------- properties
def _why_not_clean(text: str) -> str | None:
    """None when ``parse_blk`` gives a design or one clean `FileFormatError` line."""
    try:
        parse_blk(text)
    except FileFormatError as exc:
        return clean(str(exc))
    return None


@settings(max_examples=examples(200), deadline=None)
@given(st.text(max_size=400))
def test_random_text_raises_only_the_readers_error(text: str) -> None:
    """Any text: a design, or one clean `FileFormatError` line."""
    assert _why_not_clean(text) is None


_PIECES = [
    "<UnitType>",
    "</UnitType>",
    "Tank",
    "Infantry",
    "BattleArmor",
    "VTOL",
    "<armor>",
    "</armor>",
    "5",
    "-1",
    "80.0",
    "<tonnage>",
    "</tonnage>",
    "<motion_type>",
    "</motion_type>",
    "Tracked",
    "Jump",
    "<Turret Equipment>",
    "</Turret Equipment>",
    "PPC",
    "<Name>",
    "</Name>",
    "x",
    "<cruiseMP>",
    "</cruiseMP>",
    "<Trooper Count>",
    "</Trooper Count>",
    "<Point Equipment>",
    "</Point Equipment>",
    "CLBASRM2:Body:Shots99999999#",
    "",
    "#",
]


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=60))
def test_random_tag_soup_raises_only_the_readers_error(pieces: list[str]) -> None:
    """Lines of tags and values in any order: a design, or one clean `FileFormatError` line."""
    assert _why_not_clean("\n".join(pieces)) is None


@needs_shared
def test_mutated_shared_files_raise_only_the_readers_error() -> None:
    """The nine files changed by the fuzz suite's mutations (numbers, lines, words, controls)."""
    rng = random.Random(20)  # noqa: S311 - a seeded test corpus
    items = [
        (f"{path.name}#{n}", text)
        for n, (path, text) in enumerate(
            _mutate.variants(SHARED_BLK, per_file(12), rng.randrange(99))
        )
    ]
    failures = run_reader("units: parse_blk (MegaMek)", items, parse_blk, FileFormatError)
    assert not failures, "\n".join(failures[:10])


SUBMARINE = (
    "<UnitType>\nTank\n</UnitType>\n<Name>\nNautilus\n</Name>\n<Model>\nX\n</Model>\n"
    "<motion_type>\nSubmarine\n</motion_type>\n<Tonnage>\n50\n</Tonnage>\n"
    "<cruiseMP>\n4\n</cruiseMP>\n<armor>\n10\n10\n10\n10\n</armor>\n"
)


def test_submarines_are_refused_in_one_line() -> None:
    """BT-M-37.2: a submarine records its depth each move; hexmech does not play submarines.

    DESIGN: the seed gives no underwater movement or combat for them ("Operaciones Subacuáticas"
    are missing), so a submarine file is refused with the line that names its motion type, and a
    naval vessel by its unit type, never half-played.
    """
    with pytest.raises(FileFormatError) as caught:
        parse_blk(SUBMARINE, "sub.blk")
    assert str(caught.value) == (
        "11: motion_type: hexmech reads tracked, wheeled, hover and VTOL vehicles, not 'Submarine'"
    )
    naval = SUBMARINE.replace("<UnitType>\nTank\n", "<UnitType>\nNaval\n")
    with pytest.raises(FileFormatError, match=r"^2: UnitType Naval: hexmech does not read naval"):
        parse_blk(naval, "sub.blk")
