"""MegaMek .mtf 'Mech files (BT-M-2, BT-M-5): real files, bad files, warnings, round trips."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.battletech.data.fileformat import FileFormatError
from engine.battletech.data.mtf import location_slots, parse_mtf, write_mtf
from engine.battletech.designs.mech import Location, MechDesign, Mounted
from tests.conftest import REPO, SHARED

MTF_DIR = SHARED / "data" / "megamek" / "mtf"
UNITS_DIR = REPO / "assets" / "units"
needs_shared = pytest.mark.skipif(
    not MTF_DIR.is_dir(), reason="the shared MegaMek files are absent"
)

L = Location

# A small, complete sheet (a Locust) whose line numbers the malformed cases below rely on.
SHEET_LINES = [
    "# a test sheet",  # 1
    "chassis:Locust",
    "model:LCT-1V",
    "Config:Biped",
    "techbase:Inner Sphere",  # 5
    "mass:20",
    "engine:160 Fusion Engine",
    "heat sinks:10 Single",
    "walk mp:8",
    "jump mp:0",  # 10
    "LA armor:4",
    "RA armor:4",
    "LT armor:8",
    "RT armor:8",
    "CT armor:10",  # 15
    "HD armor:8",
    "LL armor:8",
    "RL armor:8",
    "RTL armor:2",
    "RTR armor:2",  # 20
    "RTC armor:2",
    "",
    "Weapons:3",
    "Medium Laser, Center Torso",
    "Machine Gun, Left Arm",  # 25
    "Machine Gun, Right Arm",
    "",
    "Left Arm:",
    "Shoulder",
    "Upper Arm Actuator",  # 30
    "Machine Gun",
    "",
    "Right Arm:",
    "Shoulder",
    "Upper Arm Actuator",  # 35
    "Machine Gun",
    "",
    "Left Torso:",
    "Heat Sink",
    "Heat Sink",  # 40
    "",
    "Right Torso:",
    "Heat Sink",
    "Heat Sink",
    "",  # 45
    "Center Torso:",
    *["Fusion Engine"] * 3,  # 47-49
    *["Gyro"] * 4,  # 50-53
    *["Fusion Engine"] * 3,  # 54-56
    "Medium Laser",
    "IS Ammo MG - Full",
    "",
    "Head:",  # 60
    "Life Support",
    "Sensors",
    "Cockpit",
    "-Empty-",
    "Sensors",  # 65
    "Life Support",
    "",
    "Left Leg:",
    "Hip",
    "Upper Leg Actuator",  # 70
    "Lower Leg Actuator",
    "Foot Actuator",
    "",
    "Right Leg:",
    "Hip",  # 75
    "Upper Leg Actuator",
    "Lower Leg Actuator",
    "Foot Actuator",
]
SHEET = "\n".join(SHEET_LINES) + "\n"


def replace(old: str, new: str) -> Callable[[list[str]], list[str]]:
    """Change the first line that reads ``old`` (a ``new`` of None deletes it)."""

    def change(lines: list[str]) -> list[str]:
        at = lines.index(old)
        return [*lines[:at], *([] if new is None else [new]), *lines[at + 1 :]]

    return change


def insert(after: int, *new: str) -> Callable[[list[str]], list[str]]:
    """Insert ``new`` lines after line ``after`` (1-based)."""
    return lambda lines: [*lines[:after], *new, *lines[after:]]


def sheet(*changes: Callable[[list[str]], list[str]]) -> str:
    lines = list(SHEET_LINES)
    for change in changes:
        lines = change(lines)
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------- the sheet
def test_the_test_sheet_reads_cleanly_as_a_locust() -> None:
    """BT-M-5: the small sheet gives the Locust's numbers, with no warning."""
    assert SHEET_LINES[59] == "Head:"
    parsed = parse_mtf(SHEET, "locust.mtf")
    design = parsed.design
    assert parsed.warnings == ()
    assert (design.name, design.tonnage, design.walk, design.run, design.jump) == (
        "Locust LCT-1V",
        20,
        8,
        12,
        0,
    )
    assert design.armor == (8, 10, 8, 8, 4, 4, 8, 8)
    assert design.rear_armor == (2, 2, 2)
    assert design.internal == (3, 6, 5, 5, 3, 3, 4, 4)
    assert design.source == "locust.mtf"
    assert design.slots_at(L.LA) == ("Shoulder", "Upper Arm Actuator", "Machine Gun", *[""] * 9)
    assert design.slots_at(L.HD)[3] == ""
    assert [len(design.slots_at(loc)) for loc in Location] == [6, 12, 12, 12, 12, 12, 6, 6]


def test_equipment_comes_from_the_critical_slots() -> None:
    """BT-M-5: weapons, ammo and heat sinks are items at their lines; actuators are not items."""
    design = parse_mtf(SHEET).design
    assert design.equipment == (
        Mounted("IS Medium Laser", L.CT, slots=(10,)),
        Mounted("IS Machine Gun Ammo", L.CT, slots=(11,), shots=200),
        Mounted("IS Heat Sink", L.LT, slots=(0,)),
        Mounted("IS Heat Sink", L.LT, slots=(1,)),
        Mounted("IS Heat Sink", L.RT, slots=(0,)),
        Mounted("IS Heat Sink", L.RT, slots=(1,)),
        Mounted("IS Machine Gun", L.LA, slots=(2,)),
        Mounted("IS Machine Gun", L.RA, slots=(2,)),
    )


def test_keys_are_case_insensitive_and_extra_keys_are_ignored() -> None:
    """MegaMek writes "Mass:" and "mass:", "HD Armor:" and "HD armor:"; both read the same."""
    text = SHEET.replace("mass:20", "MASS:20").replace("HD armor:8", "Hd Armor:8")
    text = text.replace("walk mp:8", "Walk MP:8\nquirk:battle_fists_la\nrole:Scout")
    assert parse_mtf(text).design == parse_mtf(SHEET).design


def test_multi_line_items_are_one_item_and_rear_mounts_are_marked() -> None:
    """BT-M-5 multi-line items: consecutive lines of one weapon are one item; (R) is rear."""
    text = sheet(
        replace("Heat Sink", "LRM 10"),
        replace("Heat Sink", "LRM 10"),
        replace("Medium Laser", "Medium Laser (R)"),
        replace("Medium Laser, Center Torso", "Medium Laser, Center Torso (R)"),
        replace("Machine Gun, Left Arm", "1 LRM 10, Left Torso\n1 Machine Gun, Left Arm"),
        replace("heat sinks:10 Single", "heat sinks:8 Single"),
    )
    design = parse_mtf(text).design
    assert Mounted("IS LRM 10", L.LT, slots=(0, 1)) in design.equipment
    assert Mounted("IS Medium Laser", L.CT, rear=True, slots=(10,)) in design.equipment
    assert design.slots_at(L.CT)[10] == "Medium Laser"
    assert parse_mtf(text).warnings == ()


def test_two_adjacent_racks_of_the_same_launcher_are_two_items() -> None:
    """Two LRM 10s side by side (4 lines) are two launchers of 2 lines each."""
    text = sheet(
        replace("Heat Sink", "LRM 10\nLRM 10\nLRM 10\nLRM 10"),
        replace("Heat Sink", None),
        replace("heat sinks:10 Single", "heat sinks:8 Single"),
    )
    racks = [m for m in parse_mtf(text).design.equipment if m.name == "IS LRM 10"]
    assert [m.slots for m in racks] == [(0, 1), (2, 3)]


def test_markers_omnipod_turret_and_size_are_stripped() -> None:
    """The "(omnipod)", "(T)" and ":SIZE:" suffixes do not change the item."""
    text = sheet(
        replace("Machine Gun", "Machine Gun (omnipod)"), replace("Heat Sink", "Heat Sink (T)")
    )
    text = text.replace("Medium Laser\n", "Medium Laser:SIZE:1.0\n")
    assert parse_mtf(text).design.equipment == parse_mtf(SHEET).design.equipment


def test_the_old_version_1_format_reads_the_same() -> None:
    """Old MegaMek files: "Version:1.0", then the chassis and the model on bare lines."""
    text = sheet(
        replace("chassis:Locust", "Version:1.0\nLocust\nLCT-1V\nA line of fluff text."),
        replace("model:LCT-1V", None),
        replace("# a test sheet", None),
    )
    assert parse_mtf(text).design == parse_mtf(SHEET).design


def test_latin_text_and_a_bom_are_harmless() -> None:
    """A BOM at the start and CRLF line ends are read like plain LF text."""
    text = "\ufeff" + SHEET.replace("\n", "\r\n")
    assert parse_mtf(text).design == parse_mtf(SHEET).design


def test_a_quad_reads_front_legs_into_the_arm_locations() -> None:
    """Quads: Front Left Leg -> LA ... with leg structure and 6 lines; old files wrote arms."""
    new = sheet(
        replace("Config:Biped", "Config:Quad"),
        replace("LA armor:4", "FLL armor:8"),
        replace("RA armor:4", "FRL armor:8"),
        replace("LL armor:8", "RLL armor:8"),
        replace("RL armor:8", "RRL armor:8"),
        replace("Left Arm:", "Front Left Leg:"),
        replace("Right Arm:", "Front Right Leg:"),
        replace("Left Leg:", "Rear Left Leg:"),
        replace("Right Leg:", "Rear Right Leg:"),
    )
    old = sheet(
        replace("Config:Biped", "Config:Quad"),
        replace("LA armor:4", "LA armor:8"),
        replace("RA armor:4", "RA armor:8"),
    )
    design = parse_mtf(new).design
    assert parse_mtf(old).design == design
    assert design.config == "Quad"
    assert design.internal_at(L.LA) == design.internal_at(L.LL) == 4
    assert design.armor_at(L.LA) == 8
    assert len(design.slots_at(L.LA)) == location_slots(L.LA, "Quad") == 6
    assert "Front Left Leg:" in write_mtf(design)
    assert "FLL armor:8" in write_mtf(design)


# ---------------------------------------------------------------------------------- bad files
LOCATIONS = (
    "Head, Center Torso, Left Torso, Right Torso, Left Arm, Right Arm, Left Leg, Right Leg, "
    "Front Left Leg, Front Right Leg, Rear Left Leg, Rear Right Leg"
)
MALFORMED = {
    "no chassis": (replace("chassis:Locust", None), 0, "missing chassis (a 'chassis:' line)"),
    "empty chassis": (
        replace("chassis:Locust", "chassis:"),
        2,
        "chassis: no value after 'chassis:'",
    ),
    "no model": (replace("model:LCT-1V", None), 0, "missing model (a 'model:' line)"),
    "no mass": (replace("mass:20", None), 0, "missing mass (a 'mass:' line)"),
    "odd mass": (
        replace("mass:20", "mass:22"),
        6,
        "mass: a 'Mech weighs 20 to 100 tons in steps of 5, not 22",
    ),
    "heavy mass": (
        replace("mass:20", "mass:105"),
        6,
        "mass: a 'Mech weighs 20 to 100 tons in steps of 5, not 105",
    ),
    "word mass": (
        replace("mass:20", "mass:heavy"),
        6,
        "mass: expected a whole number, got 'heavy'",
    ),
    "twice mass": (insert(6, "mass:25"), 7, "mass: given twice (first on line 6)"),
    "no walk": (replace("walk mp:8", None), 0, "missing walk mp (a 'walk mp:' line)"),
    "word walk": (
        replace("walk mp:8", "walk mp:fast"),
        9,
        "walk mp: expected a whole number, got 'fast'",
    ),
    "negative jump": (
        replace("jump mp:0", "jump mp:-1"),
        10,
        "jump mp: expected a whole number, got '-1'",
    ),
    "jump over walk": (
        replace("jump mp:0", "jump mp:9"),
        10,
        "jump mp: 9 is more than the walk mp 8 (BT-M-2)",
    ),
    "no heat sinks": (
        replace("heat sinks:10 Single", None),
        0,
        "missing heat sinks (a 'heat sinks:' line)",
    ),
    "word heat sinks": (
        replace("heat sinks:10 Single", "heat sinks:many"),
        8,
        "heat sinks: expected a count and a type ('10 Single'), got 'many'",
    ),
    "tripod": (
        replace("Config:Biped", "Config:Tripod"),
        4,
        "config: hexmech plays Biped and Quad 'Mechs, not 'Tripod'",
    ),
    "martian": (
        replace("techbase:Inner Sphere", "techbase:Martian"),
        5,
        (
            "techbase: expected one of Inner Sphere, Clan, Mixed (IS Chassis), "
            "Mixed (Clan Chassis); got 'Martian'"
        ),
    ),
    "arm armor over max": (
        replace("LA armor:4", "LA armor:7"),
        11,
        "Left Arm: armor 7 is more than it can carry (6)",
    ),
    "head armor over 9": (
        replace("HD armor:8", "HD armor:10"),
        16,
        "Head: armor 10 is more than it can carry (9)",
    ),
    "torso front and rear over max": (
        replace("CT armor:10", "CT armor:11"),
        21,
        "Center Torso: front and rear armor 13 is more than it can carry (12)",
    ),
    "word armor": (
        replace("LA armor:4", "LA armor:four"),
        11,
        "LA armor: expected a whole number, got 'four'",
    ),
    "unknown armor": (insert(21, "XX armor:4"), 22, "unknown armor location 'XX' in 'XX armor'"),
    "two armor lines for one leg": (
        insert(21, "RLL armor:4"),
        22,
        "RLL armor: a second armor line for the Left Leg",
    ),
    "unknown location": (
        insert(27, "Left Wing:", "Medium Laser", ""),
        28,
        f"unknown location 'Left Wing' (expected one of {LOCATIONS})",
    ),
    "second section": (
        insert(32, "Left Arm:", "Shoulder", ""),
        33,
        "Left Arm: a second section for 'Left Arm' (line 28)",
    ),
    "thirteen lines": (
        insert(31, *["-Empty-"] * 9, "Small Laser"),
        41,
        "Left Arm: more than 12 critical lines ('Small Laser')",
    ),
    "seventh head line": (
        insert(66, "Small Laser"),
        67,
        "Head: 'Small Laser' on critical line 7, but the location has 6",
    ),
    "quad leg on a biped": (
        replace("Left Leg:", "Rear Left Leg:"),
        68,
        "Rear Left Leg: a quad's leg, but this 'Mech is Biped",
    ),
}


@pytest.mark.parametrize(("change", "line", "reason"), MALFORMED.values(), ids=MALFORMED.keys())
def test_malformed_sheets_name_the_line_and_the_reason(change, line, reason) -> None:
    """BT-M-2/BT-M-5: a sheet that cannot be played is one FileFormatError, line and reason."""
    with pytest.raises(FileFormatError) as caught:
        parse_mtf(sheet(change))
    assert (caught.value.line, caught.value.reason) == (line, reason)


def test_an_empty_file_is_missing_its_chassis() -> None:
    """An empty (or non-.mtf) text says what is missing first."""
    with pytest.raises(FileFormatError, match="missing chassis"):
        parse_mtf("")
    with pytest.raises(FileFormatError) as caught:
        parse_mtf("hello\nworld\n")
    assert caught.value.where("x.mtf") == "x.mtf: missing chassis (a 'chassis:' line)"


def parse_error(text: str) -> FileFormatError | None:
    """The FileFormatError that reading ``text`` raises, or None when it reads."""
    try:
        parse_mtf(text)
    except FileFormatError as exc:
        return exc
    return None


LINE = st.one_of(
    st.text(max_size=40),
    st.sampled_from(SHEET_LINES),
    st.tuples(
        st.sampled_from(SHEET_LINES), st.sampled_from(["", "x", ":", "0", "99", " (R)", "-"])
    ).map("".join),
)


@given(st.lists(st.tuples(st.integers(0, len(SHEET_LINES) - 1), LINE), max_size=6))
def test_any_edit_of_a_sheet_reads_or_fails_with_a_reason(edits) -> None:
    """Never a traceback: an edited sheet loads, or raises FileFormatError with a reason."""
    lines = list(SHEET_LINES)
    for at, text in edits:
        lines[at] = text
    error = parse_error("\n".join(lines))
    assert error is None or (error.reason and 0 <= error.line <= len(lines))


@given(st.text(max_size=300))
def test_any_text_reads_or_fails_with_a_reason(text) -> None:
    """Random text is never a crash."""
    error = parse_error(text)
    assert error is None or error.reason


# ---------------------------------------------------------------------------------- warnings
WARNINGS = {
    "unknown equipment": (
        replace("Machine Gun", "Death Ray"),
        [
            (23, "weapons list: 1 x IS Machine Gun in the Left Arm not in the critical slots"),
            (31, "unknown equipment 'Death Ray': kept, but it has no rules"),
        ],
    ),
    "more sinks than declared": (
        replace("heat sinks:10 Single", "heat sinks:3 Single"),
        [(8, "heat sinks: 3, but 4 are in the critical slots")],
    ),
    "jump without jets": (
        replace("jump mp:0", "jump mp:2"),
        [(10, "jump mp: 2, but 0 jump jets are mounted")],
    ),
    "odd heat sinks": (
        replace("heat sinks:10 Single", "heat sinks:10 Laser"),
        [(8, "heat sinks: 'Laser' heat sinks are played as single")],
    ),
    "no armor line": (
        replace("LA armor:4", None),
        [(0, "no armor line for the Left Arm: it has none")],
    ),
    "no section": (
        lambda lines: lines[:73],
        [(0, "no critical slots for the Right Leg")],
    ),
    "weapons list missing one": (
        replace("Machine Gun, Right Arm", None),
        [(23, "weapons list: 1 x IS Machine Gun in the Right Arm missing from the list")],
    ),
}


@pytest.mark.parametrize(("change", "expected"), WARNINGS.values(), ids=WARNINGS.keys())
def test_suspicious_sheets_load_with_warnings(change, expected) -> None:
    """Unknown items and sheets that disagree with themselves load, with line-numbered warnings."""
    parsed = parse_mtf(sheet(change))
    assert [(w.line, w.reason) for w in parsed.warnings] == expected


def test_an_unknown_item_stays_on_the_sheet_under_its_own_name() -> None:
    """An unknown item keeps its lines and the file's name, so nothing silently disappears."""
    design = parse_mtf(sheet(replace("Machine Gun", "Death Ray"))).design
    assert Mounted("Death Ray", L.LA, slots=(2,)) in design.equipment


# ---------------------------------------------------------------------------------- shared files
def shared_files() -> list[Path]:
    return sorted(MTF_DIR.glob("*.mtf")) if MTF_DIR.is_dir() else []


def read(name: str) -> MechDesign:
    return parse_mtf((MTF_DIR / f"{name}.mtf").read_text(encoding="utf-8"), name).design


@needs_shared
@pytest.mark.parametrize("path", shared_files(), ids=lambda p: p.stem)
def test_every_shared_megamek_file_parses_without_error_or_warning(path) -> None:
    """All 31 MegaMek files (old, mid and new layouts; biped, quad, Clan omni) read cleanly."""
    parsed = parse_mtf(path.read_text(encoding="utf-8"), path.name)
    assert parsed.warnings == ()
    assert parsed.design.name


@needs_shared
def test_the_atlas_as_megamek_prints_it() -> None:
    """BT-M-5 on the Atlas AS7-D (new layout): 100 t, 3/5/0, 20 single sinks, CT 47 + 14 rear."""
    atlas = read("Atlas AS7-D")
    assert (atlas.tonnage, atlas.walk, atlas.run, atlas.jump) == (100, 3, 5, 0)
    assert (atlas.heat_sinks, atlas.double_heat_sinks) == (20, False)
    assert (atlas.armor_at(L.CT), atlas.armor_at(L.CT, rear=True)) == (47, 14)
    assert (atlas.internal_at(L.CT), atlas.armor_at(L.HD)) == (31, 9)
    assert atlas.weight_class == "Assault"
    ac20 = next(m for m in atlas.equipment if m.name == "IS AC/20")
    assert (ac20.location, ac20.slots) == (L.RT, tuple(range(10)))
    rear = [m for m in atlas.equipment if m.rear]
    assert [(m.name, m.location) for m in rear] == [("IS Medium Laser", L.CT)] * 2
    assert sorted(m.shots for m in atlas.equipment if m.shots) == [5, 5, 6, 6, 15]


@needs_shared
def test_a_clan_omnimech() -> None:
    """The Mad Cat (Timber Wolf) Prime (old Version:1.1 layout): Clan, omni, 17 double sinks."""
    cat = read("Mad Cat (Timber Wolf) Prime")
    assert (cat.chassis, cat.model, cat.tech_base, cat.config) == (
        "Mad Cat (Timber Wolf)",
        "Prime",
        "Clan",
        "Biped Omnimech",
    )
    assert cat.is_clan
    assert (cat.heat_sinks, cat.double_heat_sinks) == (17, True)
    names = [m.name for m in cat.equipment]
    assert names.count("Clan ER Large Laser") == 2
    # 15 sinks sit in the engine; the two in the arms fill 2 lines each (BT-C-73).
    assert names.count("Clan Double Heat Sink") == 2
    lrm = next(m for m in cat.equipment if m.name == "Clan LRM 20")
    assert lrm.slots == (2, 3, 4, 5)  # BT-C-71: a Clan LRM 20 fills 4 lines


@needs_shared
def test_a_half_ton_bin_holds_half_the_shots() -> None:
    """The Koshi Prime's half-ton machine-gun bin holds 100 shots (BT-C-70: 200 a ton)."""
    koshi = read("Koshi (Mist Lynx) Prime")
    bins = [m for m in koshi.equipment if m.name == "Clan Machine Gun Ammo (Half)"]
    assert [m.shots for m in bins] == [100]
    assert sum(m.name == "Jump Jet" for m in koshi.equipment) == koshi.jump == 6


@needs_shared
def test_the_quad_goliath() -> None:
    """The Goliath GOL-1H: four legs, the front ones in LA/RA with leg structure and 6 lines."""
    goliath = read("Goliath GOL-1H")
    assert goliath.config == "Quad"
    assert goliath.internal == (3, 25, 17, 17, 17, 17, 17, 17)
    assert goliath.armor == (9, 30, 20, 20, 24, 24, 30, 30)
    assert goliath.slots_at(L.LA)[:5] == (
        "Hip",
        "Upper Leg Actuator",
        "Lower Leg Actuator",
        "Foot Actuator",
        "Heat Sink",
    )
    assert len(goliath.slots_at(L.RA)) == 6


@needs_shared
def test_an_old_version_1_file() -> None:
    """The Locust LCT-1V as MekWars kept it (Version:1.0, capitalised keys)."""
    locust = read("Locust LCT-1V")
    assert (locust.name, locust.summary) == ("Locust LCT-1V", "20 t light, 8/12/0, 10 heat sinks")
    assert locust.era == "2499"
    assert locust.engine == "160 Fusion Engine"


# ---------------------------------------------------------------------------------- round trip
def all_designs() -> list[MechDesign]:
    paths = [*shared_files(), *sorted(UNITS_DIR.glob("*.mtf"))]
    return [parse_mtf(p.read_text(encoding="utf-8"), p.name).design for p in paths]


DESIGNS = all_designs()
TEXT = (
    st.text(
        st.characters(codec="ascii", categories=("L", "N"), include_characters=" -'()/"),
        min_size=1,
        max_size=20,
    )
    .map(str.strip)
    .filter(bool)
)


@st.composite
def designs(draw: st.DrawFn) -> MechDesign:
    """A shared or bundled design with its name, movement, sinks, armor and era changed."""
    base = draw(st.sampled_from(DESIGNS))
    walk = draw(st.integers(0, 12))
    front, rear = [], []
    for loc in Location:
        most = 9 if loc is L.HD else 2 * base.internal_at(loc)
        front.append(draw(st.integers(0, most)))
        if loc.has_rear:
            rear.append(draw(st.integers(0, most - front[-1])))
    return attrs.evolve(
        base,
        chassis=draw(TEXT),
        model=draw(TEXT),
        walk=walk,
        jump=draw(st.integers(0, walk)),
        heat_sinks=draw(st.integers(0, 40)),
        double_heat_sinks=draw(st.booleans()),
        armor=tuple(front),
        rear_armor=(rear[0], rear[1], rear[2]),
        era=draw(st.sampled_from(["", "2750", "3025"])),
        engine=draw(st.sampled_from(["", "300 Fusion Engine", "375 XL (Clan) Engine(IS)"])),
    )


@given(designs())
def test_write_then_parse_gives_the_same_design(design) -> None:
    """parse_mtf(write_mtf(d)).design == d, for designs built from the shared and bundled files."""
    assert parse_mtf(write_mtf(design), design.source).design == design


@pytest.mark.parametrize("design", DESIGNS, ids=lambda d: d.name)
def test_written_sheets_read_back_without_warnings(design) -> None:
    """What write_mtf writes for a clean design is itself clean (sections, weapons list, sinks)."""
    parsed = parse_mtf(write_mtf(design, comment="written by a test"), design.source)
    assert parsed.design == design
    assert parsed.warnings == ()
