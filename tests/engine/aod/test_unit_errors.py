"""Every malformed unit file gives one line ``LINE: reason``, never a traceback (AOD-3, 26.13)."""

# ruff: noqa: E501 - the expected messages are quoted whole, one a line

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.aod.data.unitfile import parse_unit
from engine.tomlfile import DataFileError
from tests.engine.aod._assets import ASSETS, catalogue

FILES = {
    "P": ASSETS / "units" / "hx-001-pathguard-rifle-squad.aod.toml",
    "K": ASSETS / "units" / "hx-009-kestrel-ks-2l.aod.toml",
    "L": ASSETS / "units" / "hx-006-longbow-artillery-carrier.aod.toml",
}
TEXTS = {key: Path(path).read_text(encoding="utf-8") for key, path in FILES.items()}

# (file, text replaced, replacement, the one-line error: "LINE: reason" or "reason")
CASES = [
    ("P", "points = 12\n", "", "points: missing"),
    ("P", "points = 12", 'points = "12"', "7: points: expected a whole number, got '12'"),
    ("P", "points = 12", "points = 0", "7: points: 0 is out of range (1 to 999)"),
    (
        "P",
        'rank = "green"',
        'rank = "rookie"',
        "6: rank: 'rookie' is not one of green, veteran, elite, unique",
    ),
    (
        "P",
        'faction = "mercenary"',
        'faction = "kurita"',
        "5: faction: unknown faction 'kurita' (known: mercenary, davion, highlanders, jade_falcon, liao, republic, sea_fox, steiner, stormhammers, swordsworn)",
    ),
    (
        "P",
        'base = "infantry"',
        'base = "tank"',
        "8: base: 'tank' is not one of mech, quad, infantry, vehicle",
    ),
    (
        "P",
        'speed_mode = "foot"',
        'speed_mode = "hover"',
        "9: speed_mode: 'hover' is not one of foot, aquatic",
    ),
    ("P", 'speed_mode = "foot"\n', "", "speed_mode: missing"),
    (
        "P",
        "{ dmg = 1, spd = 5, atk = 7, def = 14 }",
        "{ dmg = 1, spd = 5, atk = 70, def = 14 }",
        "15: dial[2].atk: 70 is out of range (0 to 20)",
    ),
    (
        "P",
        "{ dmg = 1, spd = 5, atk = 7, def = 14 }",
        "{ dmg = 1, spd = -1, atk = 7, def = 14 }",
        "15: dial[2].spd: -1 is out of range (0 to 30)",
    ),
    (
        "P",
        "{ dmg = 1, spd = 5, atk = 7, def = 14 }",
        "{ dmg = 1, atk = 7, def = 14 }",
        "15: dial[2].spd: missing",
    ),
    (
        "P",
        "{ dmg = 1, spd = 5, atk = 7, def = 14 }",
        '{ dmg = 1, spd = 5, atk = 7, def = 14, se = ["spd:XX"] }',
        "15: dial[2].se: unknown SE code 'XX' (known: EV, HA, JJ, PU, RA, RP)",
    ),
    (
        "P",
        "{ dmg = 1, spd = 5, atk = 7, def = 14 }",
        '{ dmg = 1, spd = 5, atk = 7, def = 14, se = ["atk:JJ"] }',
        "15: dial[2].se: Jump Jets (JJ) sits on spd, not atk",
    ),
    (
        "P",
        "{ dmg = 1, spd = 5, atk = 7, def = 14 }",
        '{ dmg = 1, spd = 5, atk = 7, def = 14, se = ["JJ"] }',
        "15: dial[2].se: 'JJ' is not stat:CODE with a stat of dmg, spd, atk, def",
    ),
    (
        "P",
        "{ dmg = 1, spd = 5, atk = 7, def = 14 }",
        '{ dmg = 1, spd = 5, atk = 7, def = 14, se = ["dmg:HD"] }',
        "15: dial[2].se: Heavy Damage is written heavy_damage = true",
    ),
    (
        "P",
        "{ dmg = 1, spd = 5, atk = 7, def = 14 }",
        "{ dmg = 1, spd = 5, atk = 7, def = 14, start = true }",
        "15: dial[2]: a second starting marker (the first is on click 0)",
    ),
    (
        "P",
        ", start = true",
        "",
        "12: dial: no click has the starting marker (start = true, AOD-3.4)",
    ),
    (
        "P",
        ", start = true",
        ", start = true, repair_marker = true",
        "13: dial[0]: the starting and a repair marker cannot share a click (AOD-3.4)",
    ),
    (
        "P",
        "{ dmg = 1, spd = 5, atk = 7, def = 14 }",
        "{ dmg = 1, spd = 5, atk = 7, def = 14, pri = 2 }",
        "15: dial[2].pri: unknown key (known: atk, def, dmg, heavy_damage, repair_marker, se, spd, start)",
    ),
    (
        "P",
        'attack_symbol = "cross"',
        'attack_symbol = "cross"\nvent = 2',
        "11: vent: only 'Mechs have it (AOD-3.1)",
    ),
    (
        "P",
        'type = "ballistic"',
        'type = "melee"',
        "11: weapon.type: 'melee' is not one of ballistic, energy",
    ),
    ("P", "min = 0, max = 6", "min = 7, max = 6", "11: weapon: min 7 is beyond max 6"),
    (
        "P",
        "weapon = {",
        "wepon = {",
        "11: wepon: unknown key (known: attack_symbol, base, capacity, class, collector, dial, faction, format, heat_dial, name, points, primary, rank, secondary, speed_mode, vent, weapon)",
    ),
    (
        "P",
        "dial = [",
        "dial = 3\nx = [",
        "13: x: unknown key (known: attack_symbol, base, capacity, class, collector, dial, faction, format, heat_dial, name, points, primary, rank, secondary, speed_mode, vent, weapon)",
    ),
    ("P", "points = 12", "points = 12\npoints = 13", "8: cannot overwrite a value (column 12)"),
    ("P", "points = 12", "points = 1234567890123", "7: a number with more than 9 digits"),
    (
        "P",
        'format = "aod-unit"',
        'format = "aod-scenario"',
        "2: format: expected 'aod-unit', got 'aod-scenario'",
    ),
    (
        "K",
        'heat_dial = "HEAT-STD"',
        'heat_dial = "HEAT-X"',
        "11: heat_dial: unknown heat dial 'HEAT-X' (known: HEAT-STD)",
    ),
    ("K", "vent = 2\n", "", "vent: missing"),
    (
        "K",
        "secondary = ",
        "second = ",
        "13: second: unknown key (known: attack_symbol, base, capacity, class, collector, dial, faction, format, heat_dial, name, points, primary, rank, secondary, speed_mode, vent, weapon)",
    ),
    (
        "K",
        'name = "Kestrel KS-2L"',
        'name = "Kestrel KS-2"',
        "class: missing (the name does not end in L, M, H or A, AOD-20.5)",
    ),
    (
        "K",
        'attack_symbol = "wrench"',
        'attack_symbol = "wrench"\nclass = "H"',
        "10: class: 'H' does not match the name's last letter 'L' (AOD-20.5)",
    ),
    (
        "K",
        'type = "ballistic", min = 0, max = 8',
        'type = "melee", min = 0, max = 8',
        "13: secondary: a melee weapon has range 0/0 (AOD-3.1)",
    ),
    (
        "K",
        '{ pri = 3, sec = 2, spd = 11, atk = 10, def = 17, se = ["spd:JJ", "def:EV"] }',
        "{ pri = 3, spd = 11, atk = 10, def = 17 }",
        "17: dial[2].sec: missing",
    ),
    (
        "K",
        '{ pri = 3, sec = 2, spd = 11, atk = 10, def = 17, se = ["spd:JJ", "def:EV"] }',
        "{ dmg = 3, pri = 3, sec = 2, spd = 11, atk = 10, def = 17 }",
        "17: dial[2].dmg: unknown key (known: atk, def, heavy_damage, pri, repair_marker, se, sec, spd, start)",
    ),
    (
        "L",
        ", long_range = 24",
        "",
        "11: weapon.markers: only artillery (a long_range) has markers (AOD-13.1)",
    ),
    (
        "L",
        'markers = ["A-L"]',
        'markers = ["A-Z"]',
        "11: weapon.markers: unknown marker 'A-Z' (known: A-H, A-L)",
    ),
    (
        "L",
        "long_range = 24",
        "long_range = 8",
        "11: weapon.long_range: 8 is out of range (11 to 72)",
    ),
    (
        "L",
        'markers = ["A-L"]',
        'markers = ["A-H"]',
        "11: weapon.markers: A-H needs attack 9 and damage 3, which no click shows (AOD-26.9)",
    ),
    (
        "L",
        ', markers = ["A-L"]',
        "",
        "11: weapon.markers: an artillery weapon owns at least one marker (AOD-13.1)",
    ),
]


@pytest.mark.parametrize(("file", "old", "new", "message"), CASES)
def test_malformed_unit(file, old, new, message):
    """Each broken file names the line and what is wrong in one line."""
    source = TEXTS[file]
    assert old in source
    with pytest.raises(DataFileError) as caught:
        parse_unit(source.replace(old, new, 1), catalogue())
    assert str(caught.value) == message
    assert "\n" not in str(caught.value)


def test_where_adds_the_file_name():
    """``FILE:LINE: reason``, or ``FILE: reason`` when no line is known."""
    broken = TEXTS["P"].replace("points = 12", "points = 0")
    with pytest.raises(DataFileError) as caught:
        parse_unit(broken, catalogue())
    assert caught.value.where("u.aod.toml") == "u.aod.toml:7: points: 0 is out of range (1 to 999)"
    with pytest.raises(DataFileError) as caught:
        parse_unit(TEXTS["P"].replace("points = 12\n", ""), catalogue())
    assert caught.value.where("u.aod.toml") == "u.aod.toml: points: missing"


def test_control_characters_are_escaped():
    """A name quoted in a message cannot reach the terminal as a control sequence."""
    broken = TEXTS["P"].replace('rank = "green"', 'rank = "\\u001b[2J"')
    with pytest.raises(DataFileError) as caught:
        parse_unit(broken, catalogue())
    assert "\x1b" not in str(caught.value)
    assert "\\x1b" in str(caught.value)


def test_empty_dial():
    """A dial with no clicks is refused (AOD-3.4: a dial starts at its starting marker)."""
    broken = TEXTS["P"].split("dial = [")[0] + "dial = []\n"
    with pytest.raises(DataFileError, match=r"^12: dial: at least one click$"):
        parse_unit(broken, catalogue())


def _outcome(source: str) -> str:
    """The unit's name, or the error's text (any other exception fails the test)."""
    try:
        return parse_unit(source, catalogue()).name
    except DataFileError as exc:
        return str(exc)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_a_unit_or_one_error(source):
    """Whatever the text, the reader returns a unit or raises its one error type."""
    assert "\n" not in _outcome(source)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(TEXTS)), st.data())
def test_dropping_or_garbling_a_line_never_raises_otherwise(file, data):
    """A unit file with one line removed or mangled still gives one line, never a traceback."""
    lines = TEXTS[file].split("\n")
    index = data.draw(st.integers(0, len(lines) - 1))
    replacement = data.draw(st.sampled_from(["", "x = 1", "}", "[", '"', "dial = 5", "se = 1"]))
    lines[index] = replacement
    assert "\n" not in _outcome("\n".join(lines))


def test_digits_in_a_name_are_text_not_a_long_number() -> None:
    """AOD-26.13 A: a name may hold any digits; only integer values are limited to 9 digits.

    The reader once refused any run of 10 digits anywhere in the file, names included (found by
    the round-trip property); now the value decides, and a long integer still names its line.
    """
    text = (ASSETS / "units" / "hx-009-kestrel-ks-2l.aod.toml").read_text(encoding="utf-8")
    named = text.replace('name = "Kestrel KS-2L"', 'name = "Kestrel KS-12345678901L"', 1)
    assert named != text
    assert parse_unit(named, catalogue()).name == "Kestrel KS-12345678901L"
