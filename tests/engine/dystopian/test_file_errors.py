"""Every malformed DW file gives one line ``LINE: reason``, never a traceback (DW-28.13 item 2)."""

# ruff: noqa: E501 - the expected messages are quoted whole, one a line

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dystopian.data.catalogue import parse_catalogue
from engine.dystopian.data.fleetfile import parse_fleet
from engine.dystopian.data.modelfile import parse_model
from engine.tomlfile import DataFileError
from tests.engine.dystopian._assets import catalogue, models, text

MODELS = {
    "BB": text("models", "bb-bastion-battleship.dw.toml"),
    "SS": text("models", "ss-lurker-submarine.dw.toml"),
    "AS": text("models", "as-zephyr-airship.dw.toml"),
    "ES": text("models", "es-warden-escort.dw.toml"),
}
FLEET = text("fleets", "sample-naval-400.dw.toml")
CARDS = text("catalogue", "cards.dw.toml")
MARS = text("catalogue", "mars.dw.toml")
TINY = text("catalogue", "tiny_flyers.dw.toml")

# (file, text replaced, replacement, the one-line error: "LINE: reason" or "reason")
MODEL_CASES = [
    (
        "BB",
        'format = "dw-model"',
        'format = "dw-fleet"',
        "3: format: expected 'dw-model', got 'dw-fleet'",
    ),
    ("BB", "points = 150\n", "", "points: missing"),
    ("BB", "points = 150", 'points = "150"', "10: points: expected a whole number, got '150'"),
    ("BB", "points = 150", "points = 0", "10: points: 0 is out of range (1 to 999)"),
    (
        "BB",
        'domain = "naval"',
        'domain = "space"',
        "6: domain: 'space' is not one of naval, air, land",
    ),
    ("BB", 'domain = "naval"', 'domain = "air"', "7: type: a battleship is a naval model, not air"),
    (
        "BB",
        'type = "battleship"',
        'type = "zeppelin"',
        "7: type: 'zeppelin' is not one of carrier, dreadnought, battleship, submarine, gunship, cruiser, destroyer, frigate, escort, corvette, sky_fortress, airship, gyro, rotor, bomber, mobile_airfield, landship, burrower, troop_transport, bombard, tank, walker, heavy_walker, creature, robot, fortification",
    ),
    ("BB", 'size = "large"', 'size = "medium"', "8: size: a battleship is large, not medium"),
    ("BB", 'size = "large"', 'size = "tiny"', "8: size: tiny flyers are tokens, not model cards"),
    ("BB", "capital = true\n", "", "capital: missing"),
    ("BB", "capital = true", "capital = 1", "9: capital: expected true or false, got 1"),
    (
        "BB",
        "squadron = [1, 1]",
        "squadron = 1",
        "11: squadron: expected [smallest, largest], two whole numbers",
    ),
    (
        "BB",
        "squadron = [1, 1]",
        "squadron = [3, 2]",
        "11: squadron: [3, 2] is not 1 <= smallest <= largest <= 20",
    ),
    ("BB", "min_move = 2", "min_move = 8", "13: min_move: 8 is out of range (0 to 6)"),
    ("BB", 'turn = "L"', 'turn = "2"', "14: turn: '2' is not one of S, M, L, 360"),
    ("BB", 'turn = "L"', "turn = 360", "14: turn: expected text in quotes, got 360"),
    ("BB", "cr = 9", "cr = 5", "16: cr: 5 is below the DR of 6"),
    ("BB", "hp = 8", "hp = 0", "17: hp: 0 is out of range (1 to 50)"),
    ("BB", "aa = 7", "aa = -1", "19: aa: -1 is out of range (0 to 20)"),
    ("BB", "mars = []", 'mars = ["sea_legs"]', "22: mars: unknown MAR 'sea_legs'"),
    ("BB", "mars = []", 'mars = ["icon", "icon"]', "22: mars: 'icon' is listed twice"),
    (
        "BB",
        "mars = []",
        'mars = ["swarm_tactics"]',
        "22: mars: Swarm Tactics is a tiny-flyer wing's MAR",
    ),
    (
        "BB",
        "mars = []",
        'mars = ["strategic_objective"]',
        "22: mars: Strategic Objective is written 'strategic_objective:X with a number X'",
    ),
    ("BB", "mars = []", 'mars = ["icon:2"]', "22: mars: Icon is written 'icon'"),
    (
        "BB",
        "mars = []",
        'mars = ["strategic_objective:x"]',
        "22: mars: 'x' is not a number from 1 to 99",
    ),
    (
        "BB",
        "mars = []",
        'mars = ["icon"]\ngenerators = ["laser"]',
        "23: generators: unknown generator 'laser' (known: camouflage, disruption, field, fury, guardian, kinetic, pulse, shield, sonic, tesla, upg)",
    ),
    (
        "BB",
        "mars = []",
        "mars = []\nspeed = 3",
        "23: speed: unknown key (known: aa, ap, can_reverse, can_stop, capacity, capital, cc, cr, diving, domain, dr, flying, format, generators, hp, id, mars, min_move, mv, name, option, points, recon, rr, size, squadron, turn, type, weapon)",
    ),
    (
        "BB",
        "mars = []",
        "mars = []\nrecon = 1",
        "23: recon: only a carrier (a capacity above 0) carries recon planes",
    ),
    (
        "BB",
        "mars = []",
        'mars = []\ndiving = "sea"',
        "23: diving: only submarines, burrowers, creatures and robots can submerge",
    ),
    (
        "BB",
        "mars = []",
        "mars = []\nflying = true",
        "23: flying: only creatures and robots are marked as flyers (air models always fly)",
    ),
    (
        "BB",
        'kind = "primary"',
        'kind = "laser"',
        "26: weapon[0].kind: 'laser' is not one of primary, secondary, rocket, torpedo, bomb, mine",
    ),
    (
        "BB",
        'arc = "270-fore"',
        'arc = "270-port"',
        "27: weapon[0].arc: '270-port' is not one of broadside, broadside-port, broadside-starboard, channel-fore, channel-aft, channel-port, channel-starboard, 90-fore, 90-aft, 90-port, 90-starboard, 180-fore, 180-aft, offset-fore-port, offset-fore-starboard, offset-aft-port, offset-aft-starboard, 270-fore, 270-aft, 360, dropped",
    ),
    ("BB", 'arc = "270-fore"', 'arc = "dropped"', "27: weapon[0].arc: only mines are dropped"),
    (
        "BB",
        "ad = [8, 10, 8, 5]",
        "ad = [8, 10, 8]",
        "28: weapon[0].ad: expected the AD of RB1 to RB4, four values",
    ),
    (
        "BB",
        "ad = [8, 10, 8, 5]",
        "ad = [8, 10, 8, 50]",
        "28: weapon[0].ad: RB4 is 50, not an AD from 0 to 40 or '-'",
    ),
    (
        "BB",
        "ad = [8, 10, 8, 5]",
        'ad = [8, "x", 8, 5]',
        "28: weapon[0].ad: RB2 is 'x', not an AD from 0 to 40 or '-'",
    ),
    (
        "BB",
        "ad = [8, 10, 8, 5]",
        'ad = ["-", "-", "-", "-"]',
        "28: weapon[0].ad: it fires in no band",
    ),
    (
        "BB",
        "ad = [8, 10, 8, 5]",
        "ad = 8",
        "28: weapon[0].ad: expected the AD of RB1 to RB4, four values",
    ),
    (
        "BB",
        'name = "Aft turret"',
        'name = "Fore turret"',
        "31: weapon[1].name: 'Fore turret' names two weapons",
    ),
    (
        "BB",
        'kind = "secondary"',
        'kind = "secondary"\ntesla = "yes"',
        "39: weapon[2].tesla: expected true or false, got 'yes'",
    ),
    (
        "BB",
        'kind = "torpedo"',
        'kind = "torpedo"\ntesla = true',
        "45: weapon[3].tesla: Tesla weapons are secondary",
    ),
    (
        "BB",
        'kind = "torpedo"',
        'kind = "torpedo"\nsubmerged = true',
        "45: weapon[3].submerged: only a diving model fires while submerged",
    ),
    (
        "BB",
        'kind = "torpedo"',
        'kind = "torpedo"\nmars = ["icon"]',
        "45: weapon[3].mars: Icon is no weapon MAR (put it on the card)",
    ),
    (
        "BB",
        'kind = "torpedo"',
        'kind = "torpedo"\nrange = 4',
        "45: weapon[3].range: unknown key (known: ad, arc, kind, mars, name, submerged, tesla)",
    ),
    (
        "BB",
        'generators = ["shield"]',
        "mars = []",
        "48: option[0]: an option adds a generator or a MAR",
    ),
    (
        "BB",
        'generators = ["shield"]',
        'generators = ["sheild"]',
        "52: option[0].generators: unknown generator 'sheild' (known: camouflage, disruption, field, fury, guardian, kinetic, pulse, shield, sonic, tesla, upg)",
    ),
    (
        "BB",
        'id = "shield"',
        'id = "Shield"',
        "49: option[0].id: 'Shield' is no id (lower-case letters, digits and _, from a letter)",
    ),
    ("SS", 'diving = "sea"\n', "", "diving: missing"),
    ("SS", 'diving = "sea"', 'diving = "land"', "23: diving: a submarine dives under the sea"),
    (
        "SS",
        'kind = "torpedo"',
        'kind = "torpedo"\nsubmerged = true',
        "28: weapon[0].submerged: torpedoes always fire while submerged",
    ),
    ("AS", 'turn = "2"', 'turn = "M"', "14: turn: 'M' is not one of 360, 0, 1, 2"),
    (
        "AS",
        'arc = "channel-aft"',
        'arc = "360"',
        "39: weapon[2].arc: bombs fall in the aft fixed channel",
    ),
    (
        "AS",
        'ad = [10, "-", "-", "-"]',
        'ad = [10, 8, "-", "-"]',
        "40: weapon[2].ad: bombs have an AD in RB1 only: [n, '-', '-', '-']",
    ),
    ("ES", 'arc = "dropped"', 'arc = "360"', "33: weapon[1].arc: mines are dropped"),
]


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    MODEL_CASES,
    ids=[f"{c[0]}-{n}" for n, c in enumerate(MODEL_CASES)],
)
def test_malformed_model_file(file, old, new, message):
    """Each broken model file names the line and what is wrong in one line."""
    source = MODELS[file]
    assert old in source
    with pytest.raises(DataFileError) as caught:
        parse_model(source.replace(old, new, 1), catalogue())
    assert str(caught.value) == message
    assert "\n" not in str(caught.value)


def test_a_key_set_twice_is_tomls_error_with_its_line():
    """TOML's own errors keep their line: an option's id given twice."""
    broken = MODELS["BB"].replace("[[option]]", "[[option]]\nid = 'x'")
    with pytest.raises(DataFileError, match=r"^50: cannot overwrite a value \(column 14\)$"):
        parse_model(broken, catalogue())


def test_massive_naval_models_use_the_large_template():
    """DW-11.2: Massive naval models use Large."""
    carrier = text("models", "cv-harbour-carrier.dw.toml").replace('turn = "L"', 'turn = "M"')
    with pytest.raises(
        DataFileError, match=r"^14: turn: Massive naval models use the Large template$"
    ):
        parse_model(carrier, catalogue())


FLEET_CASES = [
    (
        FLEET,
        'format = "dw-fleet"',
        'format = "dw-model"',
        "4: format: expected 'dw-fleet', got 'dw-model'",
    ),
    (FLEET, "mfv = 400", "mfv = 0", "6: mfv: 0 is out of range (1 to 99999)"),
    (
        FLEET,
        'game = "friendly"',
        'game = "casual"',
        "7: game: 'casual' is not one of open, friendly, tournament, campaign",
    ),
    (
        FLEET,
        'base_force = "naval"',
        'base_force = "land"',
        "8: base_force: 'land' is not one of naval, armoured, air",
    ),
    (
        FLEET,
        '{ kind = "torpedo_bomber", tokens = 3 },',
        '{ kind = "zeppelin", tokens = 3 },',
        "11: free_wings[1].kind: 'zeppelin' is not one of fighter, recon, bomber, torpedo_bomber",
    ),
    (
        FLEET,
        '{ kind = "fighter", tokens = 4 },',
        '{ kind = "fighter", tokens = 6 },',
        "10: free_wings[0].tokens: 6 is out of range (1 to 5)",
    ),
    (
        FLEET,
        '{ kind = "fighter", tokens = 4 },',
        '{ kind = "fighter", planes = 4 },',
        "10: free_wings[0].planes: unknown key (known: kind, tokens)",
    ),
    (
        FLEET,
        'model = "CR"',
        'model = "DD"',
        "22: squadron[1].model: no model 'DD' (known: AS, BB, BM, CR, CV, ES, FF, FX, LS, SS, TK)",
    ),
    (FLEET, "count = 3\n", "count = 0\n", "23: squadron[1].count: 0 is out of range (1 to 20)"),
    (
        FLEET,
        'escorts = [{ model = "ES", count = 2 }]',
        'escorts = [{ model = "ES", count = 0 }]',
        "18: squadron[0].escorts[0].count: 0 is out of range (1 to 20)",
    ),
    (
        FLEET,
        'escorts = [{ model = "ES", count = 2 }]',
        'escorts = [{ model = "EX", count = 2 }]',
        "18: squadron[0].escorts[0].model: no model 'EX' (known: AS, BB, BM, CR, CV, ES, FF, FX, LS, SS, TK)",
    ),
    (
        FLEET,
        "count = 1\n",
        'count = 1\noptions = ["tesla"]\n',
        "18: squadron[0].options: Bastion Battleship has no option 'tesla' (offered: shield)",
    ),
    (
        FLEET,
        'model = "FF"',
        'model = "FF"\ncommodore = true',
        "27: squadron[2].commodore: a second Commodore (the first is on squadron 1)",
    ),
    (
        FLEET,
        'model = "FF"',
        'model = "FF"\nflagship = true',
        "27: squadron[2].flagship: unknown key (known: commodore, count, escorts, model, options, wings)",
    ),
]
CATALOGUE_CASES = [
    (CARDS, 'type = "S"', 'type = "X"', "9: card[0].type: 'X' is not one of S, T, A, R, counter"),
    (
        CARDS,
        "sturginium = 1",
        "sturginium = 4",
        "10: card[0].sturginium: 4 is out of range (0 to 3)",
    ),
    (
        CARDS,
        "cancels = 2\n",
        "",
        "55: card[7].cancels: missing (the highest Sturginium total the counter cancels)",
    ),
    (
        CARDS,
        'id = "steady_gunners"',
        'id = "full_steam"',
        "13: card[1]: 'full_steam' is defined twice",
    ),
    (
        CARDS,
        'type = "S"',
        'type = "S"\ncancels = 1',
        "10: card[0].cancels: only counter cards cancel cards",
    ),
    (
        CARDS,
        'type = "S"',
        'type = "S"\nicon = "robot"',
        "10: card[0].icon: 'robot' is not one of none, creature, fortification",
    ),
    (
        MARS,
        'id = "acrobatic_pilots"',
        'id = "Acrobatic Pilots"',
        "6: mar[0].id: 'Acrobatic Pilots' is no id (lower-case letters, digits and _, from a letter)",
    ),
    (
        MARS,
        'section = "DW-20.9"',
        'section = "chapter 20"',
        "8: mar[0].section: 'chapter 20' is no digest section like 'DW-24'",
    ),
    (
        MARS,
        "wing = true",
        "wing = true\nweapon = true",
        "10: mar[0].weapon: a tiny-flyer wing's MAR is tied to no weapon",
    ),
    (
        MARS,
        'id = "air_hunter"',
        'id = "acrobatic_pilots"',
        "12: mar[1]: 'acrobatic_pilots' is defined twice",
    ),
    (
        TINY,
        "ad = 0",
        "ad = 2",
        "9: tiny_flyer[0].ad: fighters and recon planes carry no AD weapons",
    ),
    (TINY, "mv = 16", "mv = 0", "8: tiny_flyer[0].mv: 0 is out of range (1 to 30)"),
    (
        TINY,
        'kind = "fighter"',
        'kind = "jet"',
        "6: tiny_flyer[0].kind: 'jet' is not one of fighter, recon, bomber, torpedo_bomber",
    ),
    (
        TINY,
        'format = "dw-catalogue"',
        'format = "dw-catalogue"\n[[wing]]',
        "4: wing: unknown key (known: card, format, generator, mar, tiny_flyer)",
    ),
]


@pytest.mark.parametrize(
    ("source", "old", "new", "message"), FLEET_CASES, ids=range(len(FLEET_CASES))
)
def test_malformed_fleet_file(source, old, new, message):
    """Each broken fleet file names the line and what is wrong in one line (DW-22)."""
    assert old in source
    with pytest.raises(DataFileError) as caught:
        parse_fleet(source.replace(old, new, 1), models())
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("source", "old", "new", "message"), CATALOGUE_CASES, ids=range(len(CATALOGUE_CASES))
)
def test_malformed_catalogue_file(source, old, new, message):
    """Each broken catalogue file names the line and what is wrong in one line (DW-8, DW-24)."""
    assert old in source
    with pytest.raises(DataFileError) as caught:
        parse_catalogue(source.replace(old, new, 1))
    assert str(caught.value) == message


def test_where_adds_the_file_name():
    """``FILE:LINE: reason``, or ``FILE: reason`` when no line is known."""
    with pytest.raises(DataFileError) as caught:
        parse_model(MODELS["BB"].replace("points = 150", "points = 0"), catalogue())
    assert caught.value.where("bb.dw.toml") == "bb.dw.toml:10: points: 0 is out of range (1 to 999)"
    with pytest.raises(DataFileError) as caught:
        parse_model(MODELS["BB"].replace("points = 150\n", ""), catalogue())
    assert caught.value.where("bb.dw.toml") == "bb.dw.toml: points: missing"


def test_control_characters_are_escaped():
    """A value quoted in a message cannot reach the terminal as a control sequence."""
    broken = MODELS["BB"].replace('size = "large"', 'size = "\\u001b[2J"')
    with pytest.raises(DataFileError) as caught:
        parse_model(broken, catalogue())
    assert "\x1b" not in str(caught.value)
    assert "\\x1b" in str(caught.value)


def test_long_numbers_and_bad_toml():
    """TOML syntax errors and absurd numbers carry their line too."""
    with pytest.raises(DataFileError, match=r"^10: a number with more than 9 digits$"):
        parse_model(MODELS["BB"].replace("points = 150", "points = 1500000000000"), catalogue())
    with pytest.raises(DataFileError, match=r"^10: invalid value \(column 10\)$"):
        parse_model(MODELS["BB"].replace("points = 150", "points = "), catalogue())


def _outcome(parse, source: str) -> str:
    """The parsed value's name, or the error's text (any other exception fails the test)."""
    try:
        return parse(source).name
    except DataFileError as exc:
        return str(exc)


READERS = {
    "model": lambda s: parse_model(s, catalogue()),
    "fleet": lambda s: parse_fleet(s, models()),
    "catalogue": lambda s: type("Named", (), {"name": str(parse_catalogue(s))})(),
}
SOURCES = {
    **{f"model {k}": ("model", v) for k, v in MODELS.items()},
    "fleet": ("fleet", FLEET),
    "cards": ("catalogue", CARDS),
}


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(READERS)), st.text(max_size=300))
def test_any_text_is_read_or_one_error(reader, source):
    """Whatever the text, each reader returns its value or raises its one error type."""
    assert "\n" not in _outcome(READERS[reader], source)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(SOURCES)), st.data())
def test_dropping_or_garbling_a_line_never_raises_otherwise(name, data):
    """A bundled file with one line removed or mangled still gives one line, never a traceback."""
    reader, source = SOURCES[name]
    lines = source.split("\n")
    index = data.draw(st.integers(0, len(lines) - 1))
    replacement = data.draw(
        st.sampled_from(
            [
                "",
                "x = 1",
                "}",
                "[",
                '"',
                "ad = 5",
                'ad = ["-"]',
                "mars = [1]",
                "[[weapon]]",
                "[[squadron]]",
                'kind = "mine"',
                "squadron = [0, 0]",
                "count = true",
                "escorts = 3",
            ]
        )
    )
    lines[index] = replacement
    assert "\n" not in _outcome(READERS[reader], "\n".join(lines))
