"""MegaMek ``.mtf`` files as MegaMek writes them (issue 20 item 5; BT-M-2, BT-M-5, BT-M-20.4).

Each case below is a small sheet of our own in MegaMek's format, showing one thing real MegaMek
files do that hexmech once refused or read wrong: a weapon whose lines run across two locations,
improved jump jets, an empty model, ``Biped OmniMek``, patchwork armor, a 13th ``-Empty-`` line,
``Double (Inner Sphere)`` heat sinks. The last tests read every shared MegaMek file.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from engine.battletech.data import catalogue
from engine.battletech.data.fileformat import FileFormatError
from engine.battletech.data.mtf import parse_mtf, write_mtf
from engine.battletech.designs.mech import Location, MechDesign
from engine.battletech.rules import crits
from engine.battletech.state import Pilot, UnitSetup, UnitState
from tests.conftest import SHARED
from tui.battletech.validate import check_file, report_lines
from tui.battletech.widgets.criticals import slot_name
from tui.battletech.widgets.record import weapons

MTF_DIR = SHARED / "data" / "megamek" / "mtf"
SHARED_FILES = sorted(MTF_DIR.glob("*.mtf")) if MTF_DIR.is_dir() else []
needs_shared = pytest.mark.skipif(
    not SHARED_FILES, reason="../shared/data/megamek/mtf (MegaMek's own files) is absent"
)

L = Location
ARM = ["Shoulder", "Upper Arm Actuator"]
LEG = ["Hip", "Upper Leg Actuator", "Lower Leg Actuator", "Foot Actuator"]
HEAD = ["Life Support", "Sensors", "Cockpit", "-Empty-", "Sensors", "Life Support"]
ENGINE_GYRO = [*["Fusion Engine"] * 3, *["Gyro"] * 4, *["Fusion Engine"] * 3]


def mech(
    *,
    header: tuple[str, ...] = ("chassis:Test Crab", "model:TC-1"),
    config: str = "Biped",
    heat_sinks: str = "10 Single",
    walk: int = 3,
    jump: int = 0,
    armor: dict[str, str] | None = None,
    weapons_list: tuple[str, ...] = (),
    sections: dict[str, list[str] | None] | None = None,
) -> str:
    """A 100-ton sheet in MegaMek's current format.

    ``sections`` replace the default lines of a section (None leaves the section out).
    """
    lines = [
        *header,
        "",
        f"Config:{config}",
        "techbase:Inner Sphere",
        "era:3025",
        "rules level:2",
        "",
        "mass:100",
        "engine:300 Fusion Engine",
        "structure:Standard",
        "myomer:Standard",
        "",
        f"heat sinks:{heat_sinks}",
        f"walk mp:{walk}",
        f"jump mp:{jump}",
        "",
        "armor:Standard(Inner Sphere)",
    ]
    values = {
        "LA": "30",
        "RA": "30",
        "LT": "30",
        "RT": "30",
        "CT": "40",
        "HD": "9",
        "LL": "30",
        "RL": "30",
        "RTL": "10",
        "RTR": "10",
        "RTC": "10",
    }
    values.update(armor or {})
    lines += [f"{code} armor:{value}" for code, value in values.items()]
    lines += ["", f"Weapons:{len(weapons_list)}", *weapons_list]
    body: dict[str, list[str] | None] = {
        "Left Arm": [*ARM],
        "Right Arm": [*ARM],
        "Left Torso": [],
        "Right Torso": [],
        "Center Torso": [*ENGINE_GYRO],
        "Head": [*HEAD],
        "Left Leg": [*LEG],
        "Right Leg": [*LEG],
    }
    body.update(sections or {})
    for title, items in body.items():
        if items is None:
            continue
        lines += ["", f"{title}:", *items]
        size = 6 if title in {"Head", "Left Leg", "Right Leg"} else 12
        lines += ["-Empty-"] * (size - len(items))
    return "\n".join(lines) + "\n"


def weapon_keys(design: MechDesign) -> Counter[tuple[str, Location]]:
    return Counter(
        (m.name, m.location)
        for m in design.equipment
        if catalogue.SPECS[m.name].kind in catalogue.WEAPON_KINDS
    )


# ---------------------------------------------------------------------------------- split
# (item as MegaMek names it, catalogue key, lines in the outer location, inner location's lines)
SPLIT = [
    ("Autocannon/20", "IS AC/20", 9, 1),  # the King Crab's arms
    ("ISLBXAC20", "IS LB 20-X AC", 6, 5),
    ("ISUltraAC20", "IS Ultra AC/20", 4, 6),
    ("ISArrowIVSystem", "IS Arrow IV System", 10, 5),
    ("ISThumper", "IS Thumper", 8, 7),
    ("ISSniper", "IS Sniper", 10, 10),
]


@pytest.mark.parametrize(("item", "key", "outer", "inner"), SPLIT, ids=[s[1] for s in SPLIT])
def test_a_weapon_across_an_arm_and_the_side_torso_is_one_weapon(
    item: str, key: str, outer: int, inner: int
) -> None:
    """MegaMek's split weapons: two arms each sharing a weapon with their side torso: 2, not 4.

    DESIGN (`engine.battletech.data.mtf._join_split`): the weapon is mounted in, fires from and
    takes its disabling critical in the more restrictive location, the torso, which is where
    MegaMek's weapons list names it; its arm lines stay its own on the critical table.
    """
    text = mech(
        weapons_list=(f"1 {item}, Left Torso", f"1 {item}, Right Torso"),
        sections={
            "Left Arm": [*ARM, *[item] * outer],
            "Right Arm": [*ARM, *[item] * outer],
            "Left Torso": [item] * inner,
            "Right Torso": [item] * inner,
        },
    )
    parsed = parse_mtf(text)
    design = parsed.design
    assert weapon_keys(design) == Counter({(key, L.LT): 1, (key, L.RT): 1})
    mounted = next(m for m in design.equipment if m.location is L.LT)
    assert mounted.slots == tuple(range(inner))
    # Its lines in both locations are its own: the arm's are not free, nor another weapon.
    assert design.slots_at(L.LA)[2 : 2 + outer] == (item,) * outer
    assert design.slots_at(L.LT)[:inner] == (item,) * inner
    assert catalogue.SPECS[key].slots == outer + inner
    assert not [w for w in parsed.warnings if "weapons list" in w.reason], parsed.warnings
    # A critical on its torso line is a critical on the weapon.
    assert crits.item_at(design, L.LT, 0) == design.equipment.index(mounted)
    # The record sheet lists two, and a written file reads back the same.
    assert [m.name for m in weapons(design)] == [key, key]
    assert parse_mtf(write_mtf(design)).design.equipment == design.equipment


def test_a_weapon_across_a_side_torso_and_the_center_torso_is_mounted_in_the_center() -> None:
    """The center torso is more restrictive than a side torso (MegaMek's ``restrictScore``)."""
    text = mech(
        weapons_list=("AC/20, Center Torso",),
        sections={
            "Right Torso": ["ISAC20"] * 8,
            "Center Torso": [*ENGINE_GYRO, "ISAC20", "ISAC20"],
        },
    )
    design = parse_mtf(text).design
    assert weapon_keys(design) == Counter({("IS AC/20", L.CT): 1})
    assert next(m for m in design.equipment if m.name == "IS AC/20").slots == (10, 11)


def test_a_split_marker_on_the_lines_is_read_as_the_weapon() -> None:
    """Older MegaMek files marked a split weapon's lines ``(Split)``; MegaMek strips it."""
    text = mech(
        weapons_list=("AC/20, Left Torso",),
        sections={
            "Left Arm": [*ARM, *["ISAC20 (Split)"] * 9],
            "Left Torso": ["ISAC20 (Split)"],
        },
    )
    parsed = parse_mtf(text)
    assert weapon_keys(parsed.design) == Counter({("IS AC/20", L.LT): 1})
    assert not [w for w in parsed.warnings if "unknown" in w.reason], parsed.warnings


def test_two_whole_weapons_side_by_side_stay_two() -> None:
    """Only a part short of a whole weapon is joined: two whole AC/2s next to each other are two."""
    text = mech(sections={"Left Torso": ["ISAC2", "ISAC2"], "Left Arm": [*ARM, "ISAC2"]})
    assert weapon_keys(parse_mtf(text).design) == Counter(
        {("IS AC/2", L.LT): 2, ("IS AC/2", L.LA): 1}
    )


# ---------------------------------------------------------------------------------- jump jets
def test_improved_jump_jets_give_more_jump_than_walk_up_to_the_run() -> None:
    """Improved jump jets: Jump MP above Walk MP, at most Run MP.

    DESIGN (the digest has no improved jump jets; BT-M-20.4): ordinary jump jets with the
    file's higher Jump MP, two lines each.
    """
    legs = [*LEG[:2], *["Improved Jump Jet"] * 4]  # 2 jets a leg, 2 lines each
    text = mech(
        walk=4,
        jump=6,
        sections={
            "Left Torso": ["ISImprovedJump Jet"] * 2,
            "Right Torso": ["ISImprovedJump Jet"] * 2,
            "Left Leg": legs,
            "Right Leg": legs,
        },
    )
    parsed = parse_mtf(text)
    assert (parsed.design.walk, parsed.design.jump, parsed.design.run) == (4, 6, 6)
    jets = [m for m in parsed.design.equipment if m.name == "Improved Jump Jet"]
    assert len(jets) == 6
    assert all(len(jet.slots) == 2 for jet in jets)
    assert not [w for w in parsed.warnings if "jump" in w.reason], parsed.warnings

    with pytest.raises(FileFormatError, match="7 is more than the run mp 6"):
        parse_mtf(text.replace("jump mp:6", "jump mp:7"))


def test_ordinary_jump_jets_still_stop_at_the_walk_mp() -> None:
    """BT-M-2: without improved jump jets, Jump MP above Walk MP is refused as before."""
    text = mech(walk=4, jump=5, sections={"Left Torso": ["Jump Jet"] * 5})
    with pytest.raises(FileFormatError, match="5 is more than the walk mp 4"):
        parse_mtf(text)


# ---------------------------------------------------------------------------------- names
def test_an_empty_model_is_a_mech_known_by_its_chassis() -> None:
    """``model:`` with nothing after it (many MegaMek files): the name is the chassis alone."""
    design = parse_mtf(mech(header=("chassis:Tiny Crab", "model:"))).design
    assert (design.chassis, design.model, design.name) == ("Tiny Crab", "", "Tiny Crab")
    with pytest.raises(FileFormatError, match="missing model"):
        parse_mtf(mech(header=("chassis:Tiny Crab",)))


def test_an_old_file_with_a_blank_model_line() -> None:
    """The old format: ``Version:1.0``, the chassis and a blank model line."""
    text = mech(header=("Version:1.0", "Tiny Crab", ""))
    design = parse_mtf(text).design
    assert (design.chassis, design.model) == ("Tiny Crab", "")
    # The tonnage and the rest are still read after it.
    assert (design.tonnage, design.walk) == (100, 3)


def test_an_old_file_with_a_generator_line_before_the_chassis() -> None:
    """SSW wrote ``Generator:`` between ``Version:`` and the chassis; MegaMek skips it."""
    text = mech(header=("Version:1.1", "Generator:SSW 0.7.6.1", "Tiny Crab", "TC-2"))
    design = parse_mtf(text).design
    assert (design.chassis, design.model) == ("Tiny Crab", "TC-2")


@pytest.mark.parametrize("config", ["Biped OmniMek", "Biped Omnimech", "Quad OmniMek"])
def test_omnimeks_of_both_spellings(config: str) -> None:
    """``Biped OmniMek`` is the newer spelling of ``Biped Omnimech``: both are OmniMechs."""
    sections = (
        {
            "Front Left Leg": LEG,
            "Front Right Leg": LEG,
            "Rear Left Leg": LEG,
            "Rear Right Leg": LEG,
            "Left Arm": None,
            "Right Arm": None,
            "Left Leg": None,
            "Right Leg": None,
        }
        if config.startswith("Quad")
        else None
    )
    parsed = parse_mtf(mech(config=config, sections=sections))
    assert parsed.design.config == config.split(maxsplit=1)[0] + " Omnimech"
    assert not [w for w in parsed.warnings if "critical slots" in w.reason], parsed.warnings


@pytest.mark.parametrize("config", ["LAM", "QuadVee", "Tripod", "Biped LAM"])
def test_lams_quadvees_and_tripods_are_refused_with_one_line(config: str) -> None:
    """Not played: one line naming the configuration."""
    with pytest.raises(FileFormatError) as caught:
        parse_mtf(mech(config=config))
    assert "\n" not in str(caught.value)
    assert f"not {config!r}" in caught.value.reason


# ---------------------------------------------------------------------------------- armor
def test_patchwork_armor_reads_the_points_and_warns_of_the_types() -> None:
    """Patchwork armor: ``LA armor:Reactive(Inner Sphere):26``: the points count, never refused.

    The types have no rules here (BT-M-5 knows one armor): standard ones pass silently, the
    others are played as standard with one warning a type.
    """
    text = mech(
        armor={
            "LA": "Reactive(Inner Sphere):26",
            "RA": "Reactive(Inner Sphere):25",
            "LT": "Ferro-Fibrous(Inner Sphere):31",
            "CT": "Standard(Inner Sphere):42",
        }
    ).replace("\narmor:Standard(Inner Sphere)\n", "\narmor:Patchwork\n")
    parsed = parse_mtf(text)
    assert parsed.design.armor_at(L.LA) == 26
    assert parsed.design.armor_at(L.RA) == 25
    assert parsed.design.armor_at(L.LT) == 31
    assert parsed.design.armor_at(L.CT) == 42
    reasons = [w.reason for w in parsed.warnings]
    assert reasons == [
        "LA armor: 'Reactive(Inner Sphere)' armor is played as standard armor (no rules)",
        "LT armor: 'Ferro-Fibrous(Inner Sphere)' armor is played as standard armor (no rules)",
    ]


def test_patchwork_armor_over_the_maximum_is_still_refused() -> None:
    """BT-M-5: the points of a patchwork line are checked like any others."""
    text = mech(armor={"LA": "Reactive(Inner Sphere):35"})
    with pytest.raises(FileFormatError, match="Left Arm: armor 35 is more than it can carry"):
        parse_mtf(text)


# ---------------------------------------------------------------------------------- lines
def test_a_thirteenth_empty_line_is_ignored_as_megamek_does() -> None:
    """MegaMek reads 12 lines a section and skips the rest; an extra ``-Empty-`` loses nothing."""
    text = mech(sections={"Left Arm": [*ARM, "Medium Laser", *["-Empty-"] * 10]})
    design = parse_mtf(text).design
    assert weapon_keys(design) == Counter({("IS Medium Laser", L.LA): 1})
    assert len(design.slots_at(L.LA)) == 12

    with pytest.raises(FileFormatError, match=r"more than 12 critical lines \('Small Laser'\)"):
        parse_mtf(mech(sections={"Left Arm": [*ARM, *["-Empty-"] * 10, "Small Laser"]}))


@pytest.mark.parametrize(
    "kind", ["Double (Inner Sphere)", "Double (Clan)", "Double", "IS Double", "Clan Double"]
)
def test_double_heat_sinks_of_every_spelling_are_double_without_a_warning(kind: str) -> None:
    """MegaMek's spellings of double heat sinks are played as double, and said to be."""
    parsed = parse_mtf(mech(heat_sinks=f"10 {kind}"))
    assert parsed.design.double_heat_sinks
    assert not [w for w in parsed.warnings if "heat sinks" in w.reason], parsed.warnings


def test_heat_sinks_without_rules_are_single_and_say_so() -> None:
    """Laser and compact heat sinks have no rules here: single, with the warning."""
    parsed = parse_mtf(mech(heat_sinks="10 Laser"))
    assert not parsed.design.double_heat_sinks
    assert [w.reason for w in parsed.warnings] == [
        "heat sinks: 'Laser' heat sinks are played as single"
    ]


# ---------------------------------------------------------------------------------- validate
def test_validate_shows_a_split_weapon_once_and_equipment_without_rules(tmp_path: Path) -> None:
    """``hexmech validate``: the sheet is good; unknown equipment is still marked 'no rules'."""
    path = tmp_path / "crab.mtf"
    text = mech(
        weapons_list=("AC/20, Left Torso",),
        sections={
            "Left Arm": [*ARM, *["Autocannon/20"] * 9],
            "Left Torso": ["Autocannon/20", "Death Ray"],
        },
    )
    path.write_text(text, encoding="utf-8")
    line = text.splitlines().index("Death Ray") + 1
    checked = check_file(path)
    assert checked.ok, checked.error
    lines = report_lines([checked])
    assert lines[0] == "ok  Test Crab TC-1 (100 t assault, 3/5/0, 10 heat sinks)"
    assert lines[1:] == [
        f"    warning: {path}:{line}: unknown equipment 'Death Ray': kept, but it has no rules"
    ]


def test_the_record_sheet_shows_a_split_weapon_once_and_keeps_unknown_items() -> None:
    """The record sheet: one AC/20 in the weapons list, its lines in both locations.

    The critical table shows the arm's lines under the file's name, and an item without rules
    (kept, warned as 'no rules') under its own.
    """
    text = mech(
        weapons_list=("AC/20, Left Torso",),
        sections={
            "Left Arm": [*ARM, *["Autocannon/20"] * 9],
            "Left Torso": ["Autocannon/20", "Death Ray"],
        },
    )
    unit = UnitState.from_setup(UnitSetup(parse_mtf(text).design, 0, Pilot()))
    assert [(m.name, m.location) for m in weapons(unit.mech_design)] == [("IS AC/20", L.LT)]
    assert slot_name(unit, L.LT, 0) == "AC/20"
    assert [slot_name(unit, L.LA, slot) for slot in range(2, 11)] == ["Autocannon/20"] * 9
    assert slot_name(unit, L.LT, 1) == "Death Ray"
    assert "Death Ray" in [m.name for m in unit.design.equipment]


# ---------------------------------------------------------------------------------- real files
def _listed_weapons(text: str) -> int | None:
    """The count on the file's own ``Weapons:N`` line (None without one)."""
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key.strip().lower() == "weapons" and value.strip().isdigit():
            return int(value)
    return None


@needs_shared
@pytest.mark.parametrize("path", SHARED_FILES, ids=lambda p: p.stem)
def test_every_shared_megamek_file_loads_with_its_weapons_list(path: Path) -> None:
    """Every shared MegaMek 'Mech loads, with as many weapons as its own list counts."""
    text = path.read_text(encoding="utf-8")
    parsed = parse_mtf(text, path.name)
    listed = _listed_weapons(text)
    if listed is not None:
        assert len(weapons(parsed.design)) == listed
    assert not [w for w in parsed.warnings if "weapons list" in w.reason], parsed.warnings


@needs_shared
@pytest.mark.parametrize(
    ("name", "expected"),
    [
        (
            "Atlas AS7-D",
            {
                ("IS Medium Laser", L.LA): 1,
                ("IS Medium Laser", L.RA): 1,
                ("IS LRM 20", L.LT): 1,
                ("IS SRM 6", L.LT): 1,
                ("IS AC/20", L.RT): 1,
                ("IS Medium Laser", L.CT): 2,
            },
        ),
        (
            "Mad Cat (Timber Wolf) Prime",
            {
                ("Clan ER Large Laser", L.LA): 1,
                ("Clan ER Medium Laser", L.LA): 1,
                ("Clan ER Large Laser", L.RA): 1,
                ("Clan ER Medium Laser", L.RA): 1,
                ("Clan Medium Pulse Laser", L.LT): 1,
                ("Clan LRM 20", L.LT): 1,
                ("Clan Machine Gun", L.RT): 1,
                ("Clan LRM 20", L.RT): 1,
                ("Clan Machine Gun", L.CT): 1,
            },
        ),
        (
            "Goliath GOL-1H",
            {
                ("IS LRM 10", L.LT): 1,
                ("IS Machine Gun", L.LT): 1,
                ("IS PPC", L.RT): 1,
                ("IS LRM 10", L.RT): 1,
                ("IS Machine Gun", L.RT): 1,
            },
        ),
    ],
)
def test_shared_files_have_the_weapons_their_list_names(
    name: str, expected: dict[tuple[str, Location], int]
) -> None:
    """Three real files against their own Weapons list (a biped, an OmniMech, a quad)."""
    path = MTF_DIR / f"{name}.mtf"
    if not path.exists():
        pytest.skip(f"{path} is absent")
    design = parse_mtf(path.read_text(encoding="utf-8"), path.name).design
    assert weapon_keys(design) == Counter(expected)
