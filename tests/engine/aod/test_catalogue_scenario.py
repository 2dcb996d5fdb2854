"""Catalogue and scenario files: the demo scenario (AOD-26.16) and every malformed case."""

# ruff: noqa: E501 - the expected messages are quoted whole, one a line

from __future__ import annotations

import pytest

from engine.aod.data.catalogue import CatalogueFile, merge, parse_catalogue
from engine.aod.data.scenario import parse_scenario
from engine.aod.force import orders_per_turn
from engine.aod.terrain import spacing_problem
from engine.hexes import Hex
from engine.tomlfile import DataFileError
from tests.engine.aod._assets import ASSETS, pieces, units

CATALOGUE = ASSETS / "catalogue"
TEXTS = {
    "E": (CATALOGUE / "equipment.aod.toml").read_text(encoding="utf-8"),
    "H": (CATALOGUE / "heat.aod.toml").read_text(encoding="utf-8"),
    "M": (CATALOGUE / "markers.aod.toml").read_text(encoding="utf-8"),
    "T": (CATALOGUE / "terrain.aod.toml").read_text(encoding="utf-8"),
    "F": (CATALOGUE / "factions.aod.toml").read_text(encoding="utf-8"),
}
DEMO = (ASSETS / "scenarios" / "demo.aod.toml").read_text(encoding="utf-8")

CAT_CASES = [
    (
        "E",
        'code = "JJ"',
        'code = "XX"',
        "6: equipment[0].code: the engine has no rules for SE 'XX' (known: EV, HA, JJ, PU, RA, RP)",
    ),
    (
        "E",
        'slot = "speed"',
        'slot = "armor"',
        "8: equipment[0].slot: 'armor' is not one of speed, attack, defense, damage",
    ),
    (
        "E",
        'shape = "square"',
        'shape = "star"',
        "9: equipment[0].shape: 'star' is not one of square, circle",
    ),
    (
        "E",
        "optional = true",
        'optional = "yes"',
        "10: equipment[0].optional: expected true or false, got 'yes'",
    ),
    ("E", 'code = "EV"', 'code = "JJ"', "13: equipment[1]: 'JJ' is defined twice"),
    (
        "H",
        "  {},                                                        # 0: start",
        "  { spd = -1 },",
        "9: heat_dial[0].positions[0]: the start position shows no effects (AOD-3.5)",
    ),
    (
        "H",
        "  { shutdown = true },                                       # 6: automatic shutdown",
        "  { spd = -3 },",
        "9: heat_dial[0].positions: the last position must be shutdown = true (AOD-10.4)",
    ),
    (
        "H",
        "{ spd = -1 },",
        "{ spd = 1 },",
        "12: heat_dial[0].positions[2].spd: 1 is out of range (-9 to 0)",
    ),
    (
        "H",
        '{ check = "shutdown", need = 3 }',
        '{ check = "melt", need = 3 }',
        "14: heat_dial[0].positions[4].checks[0].check: 'melt' is not one of shutdown, ammo",
    ),
    (
        "H",
        '{ check = "shutdown", need = 3 }',
        '{ check = "shutdown", need = 7 }',
        "14: heat_dial[0].positions[4].checks[0].need: 7 is out of range (2 to 6)",
    ),
    (
        "H",
        "  { spd = -1 },",
        "  { shutdown = true },",
        "12: heat_dial[0].positions[2]: only the last position may be shutdown",
    ),
    (
        "M",
        "drift = [{ margin = 1, hexes = 1 }, { margin = 4",
        "drift = [{ margin = 2, hexes = 1 }, { margin = 4",
        "12: marker[0].drift[0]: the first band starts at margin 1",
    ),
    (
        "M",
        "{ margin = 4, hexes = 2 }, { margin = 7, hexes = 3 }]\n\n",
        "{ margin = 4, hexes = 2 }, { margin = 3, hexes = 3 }]\n\n",
        "12: marker[0].drift[2]: margins must rise from band to band",
    ),
    (
        "M",
        "difficulty = 19",
        "difficulty = 2",
        "10: marker[0].difficulty: 2 is out of range (3 to 40)",
    ),
    (
        "T",
        "hexes = [[0, 0], [1, 0], [0, 1]]  # triangle",
        "hexes = [[1, 0], [0, 1]]",
        "22: piece[2].hexes: the anchor [0, 0] must be one of the hexes",
    ),
    (
        "T",
        "hexes = [[0, 0], [1, 0], [0, 1]]  # triangle",
        "hexes = [[0, 0], [2, 0]]",
        "22: piece[2].hexes: the hexes must touch one another (one piece)",
    ),
    (
        "T",
        "hexes = [[0, 0], [1, 0], [0, 1]]  # triangle",
        "hexes = [[0, 0], [1, 0], [1, 0]]",
        "22: piece[2].hexes: an offset is listed twice",
    ),
    (
        "T",
        "hexes = [[0, 0], [1, 0], [0, 1]]  # triangle",
        "hexes = [[0, 0], [3, 0]]",
        "22: piece[2].hexes[1]: [3, 0] is more than 2 hexes from the anchor",
    ),
    (
        "T",
        "hexes = [[0, 0], [1, 0], [0, 1]]  # triangle",
        "hexes = [[0, 0], [1]]",
        "22: piece[2].hexes[1]: expected an offset [q, r] of two whole numbers",
    ),
    (
        "T",
        'type = "blocking"',
        'type = "lava"',
        "20: piece[2].type: 'lava' is not one of clear, hindering, blocking, shallow, deep",
    ),
    (
        "T",
        'type = "blocking"',
        'type = "clear"',
        "20: piece[2].type: plain clear terrain is no piece (AOD-19.1)",
    ),
    (
        "T",
        'access = [{ hex = [0, 1], side = "S" }]',
        "access = []",
        "47: piece[7].access: an abrupt piece needs an access point (AOD-5)",
    ),
    (
        "T",
        'access = [{ hex = [0, 1], side = "S" }]',
        'access = [{ hex = [0, 1], side = "N" }]',
        "53: piece[7].access[0].side: that side faces the piece's own hex, not its edge",
    ),
    (
        "T",
        'access = [{ hex = [0, 1], side = "S" }]',
        'access = [{ hex = [0, 2], side = "S" }]',
        "53: piece[7].access[0].hex: not a hex of the piece",
    ),
    (
        "T",
        'name = "Lake"\ntype = "deep"',
        'name = "Lake"\ntype = "deep"\nstandard = true',
        "45: piece[6].standard: the standard game has no elevation or deep water (AOD-5)",
    ),
    (
        "F",
        'abilities = ["awe", "fanaticism", "ruthlessness"]',
        'abilities = ["awe", "stealth"]',
        "8: faction[0].abilities: unknown ability 'stealth' (known: awe, fanaticism, ruthlessness, zellbrigen, merciless, enhanced_imaging, renegade, scavenger, predator)",
    ),
    (
        "F",
        'id = "liao"',
        'id = "mercenary"',
        "6: faction[0].id: 'mercenary' means no faction (AOD-2)",
    ),
    (
        "F",
        'factions = ["republic", "highlanders"]',
        'factions = ["republic"]',
        "46: alliance[0].factions: expected two different faction ids",
    ),
    (
        "F",
        'kind = "house"',
        'kind = "coalition"',
        "45: alliance[0].kind: 'coalition' is not one of house",
    ),
    (
        "F",
        "[[faction]]",
        "[[fraction]]",
        "5: fraction: unknown key (known: alliance, card, equipment, faction, format, heat_dial, marker, piece)",
    ),
]
SCENARIO_CASES = [
    (
        "build_total = 450",
        "build_total = 400",
        "7: build_total: 400 is not a multiple of 150 (AOD-4)",
    ),
    (
        "build_total = 450",
        "build_total = 300",
        "16: Falcon Strike: 436 points is over the build total of 300 (AOD-4)",
    ),
    (
        '{ unit = "HX-009" },',
        '{ unit = "HX-099" },',
        "17: side[0].units[0]: no unit 'HX-099' in the library",
    ),
    (
        '{ unit = "HX-002", count = 3 },',
        '{ unit = "HX-002", count = 0 },',
        "19: side[0].units[2].count: 0 is out of range (1 to 20)",
    ),
    (
        'edge = "bottom"',
        'edge = "left"',
        "28: side[1].edge: two players start on opposite edges (AOD-5)",
    ),
    ('edge = "bottom"', 'edge = "top"', "28: side[1].edge: top is taken by another side"),
    (
        'edge = "bottom"',
        'edge = "down"',
        "28: side[1].edge: 'down' is not one of top, bottom, left, right",
    ),
    (
        'pool = ["Woods", "Rubble field"]',
        'pool = ["Woods", "Lake"]',
        "15: side[0].pool: Lake is no standard piece (standard game, AOD-5)",
    ),
    (
        'pool = ["Woods", "Rubble field"]',
        'pool = ["Woods", "Forest"]',
        "15: side[0].pool: no piece 'Forest' (known: Hill, Lake, Mesa, Pond, Rubble field, Ruined block, Wooded hill, Woods)",
    ),
    (
        'pool = ["Woods", "Rubble field"]',
        'pool = ["Woods", "Pond", "Pond", "Pond"]',
        "15: side[0].pool: at most 3 pieces a player (AOD-5)",
    ),
    (
        'anchor = "1013"',
        'anchor = "1007"',
        "42: terrain[0] Woods is 3 hexes from Falcon Strike's deployment zone (at least 4)",
    ),
    (
        'anchor = "1013"',
        'anchor = "1a13"',
        "44: terrain[0].anchor: bad hex label '1a13': expected an even number of digits, like '0203'",
    ),
    (
        'anchor = "1013"',
        'anchor = "0213"',
        "42: terrain[0] Woods: hex 0213 is within 3 hexes of a board edge",
    ),
    (
        'anchor = "1013"',
        'anchor = "13"',
        "42: terrain[0] Woods: hex 0103 is within 3 hexes of a board edge",
    ),
    (
        'anchor = "2713"',
        'anchor = "1213"',
        "47: terrain[1] Ruined block is 1 hex from terrain[0] Woods (at least 4)",
    ),
    ('piece = "Pond"', 'piece = "Woods"', "58: terrain[3]: Woods is not in a side's pool (AOD-5)"),
    (
        'piece = "Pond"',
        'piece = "Forest"',
        "58: terrain[3].piece: no piece 'Forest' (known: Hill, Lake, Mesa, Pond, Rubble field, Ruined block, Wooded hill, Woods)",
    ),
    ("rotation = 1", "rotation = 6", "55: terrain[2].rotation: 6 is out of range (0 to 5)"),
    (
        "board = { width = 36, height = 36 }",
        "board = { width = 10, height = 36 }",
        "6: board.width: 10 is out of range (20 to 60)",
    ),
    (
        'format = "aod-scenario"',
        'format = "aod-scenario"\nturns = 3',
        "4: turns: unknown key (known: board, build_total, description, format, round_limit, side, standard, terrain, time_limit_minutes, title)",
    ),
]


@pytest.mark.parametrize(("file", "old", "new", "message"), CAT_CASES)
def test_malformed_catalogue(file, old, new, message):
    """Each broken catalogue names the line and what is wrong in one line."""
    source = TEXTS[file]
    assert old in source
    with pytest.raises(DataFileError) as caught:
        parse_catalogue(source.replace(old, new, 1))
    assert str(caught.value) == message


@pytest.mark.parametrize(("old", "new", "message"), SCENARIO_CASES)
def test_malformed_scenario(old, new, message):
    """Each broken scenario names the line and what is wrong in one line."""
    assert old in DEMO
    with pytest.raises(DataFileError) as caught:
        parse_scenario(DEMO.replace(old, new, 1), units(), pieces())
    assert str(caught.value) == message


def test_merge_refuses_an_id_in_two_files():
    """The game joins catalogue files; the same SE code twice is refused."""
    equipment = parse_catalogue(TEXTS["E"])
    with pytest.raises(ValueError, match=r"^SE 'JJ' is defined in two catalogue files$"):
        merge([equipment, equipment])


def test_merge_refuses_an_alliance_of_unknown_factions():
    """An alliance names factions some catalogue file defines (AOD-18.6)."""
    alone = CatalogueFile(alliances=(("davion", "swordsworn"),))
    with pytest.raises(ValueError, match=r"^alliance davion-swordsworn: unknown faction 'davion'$"):
        merge([alone])


def test_demo_scenario():
    """AOD-26.16: 36 x 36, 2 players on top and bottom, 450 points (3 orders), 4 pieces."""
    demo = parse_scenario(DEMO, units(), pieces())
    assert (demo.width, demo.height) == (36, 36)
    assert demo.build_total == 450
    assert orders_per_turn(demo.build_total) == 3
    assert demo.standard
    assert demo.round_limit == 10
    assert demo.time_limit_minutes == 50
    assert [(s.name, s.edge) for s in demo.sides] == [
        ("Falcon Strike", "top"),
        ("Liao Line", "bottom"),
    ]
    assert [s.force.points for s in demo.sides] == [436, 436]
    assert [len(s.pool) for s in demo.sides] == [2, 2]  # 2 standard pieces each
    assert len(demo.terrain) == 4
    falcon = demo.sides[0].force
    assert sum(1 for u in falcon.units if u.name == "Talon Battle Armor") == 3
    assert sum(1 for u in falcon.units if u.name == "Pathguard Rifle Squad") == 3


def test_spacing_needs_three_clear_hexes():
    """AOD-26.10: hex distance 4 between pieces is legal, 3 is not."""
    a = (Hex.from_offset(10, 15),)
    far = (Hex.from_offset(14, 15),)
    near = (Hex.from_offset(13, 15),)
    assert a[0].distance(far[0]) == 4
    assert spacing_problem([("a", a), ("b", far)], 36, 36) is None
    assert spacing_problem([("a", a), ("b", near)], 36, 36) == "b is 3 hexes from a (at least 4)"
