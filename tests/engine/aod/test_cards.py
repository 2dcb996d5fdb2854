"""CEC cards in the catalogue and in forces (AOD-3.7, AOD-20.3, AOD-20.5-20.7, AOD-26.14)."""

# ruff: noqa: E501 - the expected messages are quoted whole, one a line

from __future__ import annotations

import attrs
import pytest

from engine.aod.data.catalogue import parse_catalogue
from engine.aod.data.scenario import parse_scenario
from engine.aod.force import Force, ForceEntry, build_problems, card_problems
from engine.aod.units import CardKind, MechClass, Stat
from engine.tomlfile import DataFileError
from tests.engine.aod._assets import ASSETS, by_name, catalogue, pieces, units

CARDS = (ASSETS / "catalogue" / "cards.aod.toml").read_text(encoding="utf-8")
DEMO = (ASSETS / "scenarios" / "demo.aod.toml").read_text(encoding="utf-8")


def _card(ident):
    return catalogue().cards[ident]


def test_placeholder_cards():
    """AOD-26.14: Dense Fog (PC, 0), Targeting Uplink (G, PRI, L/M, 8), Academy Graduate (P, L, 10)."""
    fog, uplink, graduate = _card("PC-X1"), _card("G-X1"), _card("P-X1")
    assert (fog.kind, fog.cost) == (CardKind.PLANETARY, 0)
    assert (uplink.kind, uplink.cost, uplink.slot) == (CardKind.GEAR, 8, "PRI")
    assert uplink.classes == (MechClass.LIGHT, MechClass.MEDIUM)
    assert uplink.modifiers == ((Stat.ATTACK, 1),)
    assert (graduate.kind, graduate.cost, graduate.classes) == (
        CardKind.PILOT,
        10,
        (MechClass.LIGHT,),
    )
    assert graduate.modifiers == ((Stat.SPEED, 1),)


def test_cards_add_their_cost():
    """AOD-20.6: gear adds its cost to the 'Mech's value (and so to the force)."""
    entry = ForceEntry(by_name("Kestrel KS-2L"), cards=(_card("G-X1"), _card("P-X1")))
    assert entry.points == 110 + 8 + 10
    assert card_problems(entry) == []


def test_class_requirement():
    """AOD-20.5/20.7: an academy graduate flies Light 'Mechs only; the Warden is Heavy."""
    entry = ForceEntry(by_name("Warden WD-5H"), cards=(_card("P-X1"),))
    assert card_problems(entry) == ["P-X1 needs class L, not H (AOD-20.5)"]


def test_slots_and_pilots():
    """AOD-3.7: two cards at most, one pilot at most; only 'Mechs have slots."""
    kestrel = by_name("Kestrel KS-2L")
    pilot = _card("P-X1")
    assert card_problems(ForceEntry(kestrel, cards=(pilot, pilot))) == [
        "two pilots in one 'Mech (one pilot and one gear at most, AOD-3.7)"
    ]
    gear = _card("G-X1")
    other = attrs.evolve(gear, id="G-X2", modifiers=((Stat.SPEED, 1),))
    assert card_problems(ForceEntry(kestrel, cards=(gear, other, pilot))) == [
        "3 cards in 2 slots (AOD-3.7)"
    ]
    assert card_problems(ForceEntry(by_name("Bastion APC"), cards=(gear,))) == [
        "only 'Mechs take gear and pilot cards (AOD-3.7)"
    ]
    assert card_problems(ForceEntry(kestrel, cards=(_card("PC-X1"),))) == [
        "PC-X1 is a PC card, not gear or a pilot (AOD-20.3)"
    ]


def test_two_gear_on_one_value():
    """AOD-20.6: two gear changing the same value of one weapon system may not share a 'Mech."""
    kestrel = by_name("Kestrel KS-2L")
    gear = _card("G-X1")
    same = attrs.evolve(gear, id="G-X3")
    on_secondary = attrs.evolve(gear, id="G-X4", slot="SEC")
    assert card_problems(ForceEntry(kestrel, cards=(gear, same))) == [
        "G-X1 and G-X3 change the same value of one weapon (AOD-20.6)"
    ]
    assert card_problems(ForceEntry(kestrel, cards=(gear, on_secondary))) == []


def test_legendary_pilot_once_per_force():
    """AOD-20.7 / AOD-4: a legendary or gunslinger pilot is unique in a force."""
    legend = attrs.evolve(_card("P-X1"), id="LP-X9", kind=CardKind.LEGENDARY_PILOT)
    force = Force("f", (ForceEntry(by_name("Kestrel KS-2L"), 2, cards=(legend,)),))
    assert build_problems(force, 450) == ["f: pilot LP-X9 is in 2 'Mechs (one per force, AOD-20.7)"]


def test_cards_in_a_scenario():
    """A force entry names its cards; their costs count against the build total."""
    text = DEMO.replace('{ unit = "HX-009" },', '{ unit = "HX-009", cards = ["G-X1"] },', 1)
    demo = parse_scenario(text, units(), pieces(), catalogue().cards)
    assert demo.sides[0].force.points == 436 + 8
    bad = DEMO.replace('{ unit = "HX-009" },', '{ unit = "HX-009", cards = ["G-X9"] },', 1)
    with pytest.raises(DataFileError) as caught:
        parse_scenario(bad, units(), pieces(), catalogue().cards)
    assert str(caught.value) == ("17: side[0].units[0]: no card 'G-X9' (known: G-X1, P-X1, PC-X1)")
    wrong = DEMO.replace('{ unit = "HX-010" },', '{ unit = "HX-010", cards = ["P-X1"] },', 1)
    with pytest.raises(DataFileError) as caught:
        parse_scenario(wrong, units(), pieces(), catalogue().cards)
    assert str(caught.value) == "30: Liao Line: Warden WD-5H: P-X1 needs class L, not H (AOD-20.5)"


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            'id = "G-X1"',
            'id = "Q-X1"',
            "13: card[1].id: 'Q-X1' does not start with a card kind and '-' (PC, F, MC, SA, G, P, LP, GS; AOD-20.3)",
        ),
        (
            'classes = ["L", "M"]',
            'classes = ["L", "X"]',
            "16: card[1].classes: 'X' is not one of L, M, H, A (AOD-20.5)",
        ),
        ('slot = "PRI"', 'slot = "ARM"', "17: card[1].slot: 'ARM' is not one of PRI, SEC"),
        (
            "modifiers = { atk = 1 }",
            "modifiers = { armor = 1 }",
            "18: card[1].modifiers.armor: unknown key (known: atk, def, pri, sec, spd)",
        ),
        ("cost = 8", "cost = -8", "15: card[1].cost: -8 is out of range (0 to 999)"),
        (
            "cost = 0\n",
            'cost = 0\nclasses = ["L"]\n',
            "10: card[0].classes: only gear and pilot cards have requirements",
        ),
        (
            "modifiers = { spd = 1 }",
            'modifiers = { spd = 1 }\nslot = "SEC"',
            "27: card[2].slot: only gear is PRI or SEC",
        ),
    ],
)
def test_malformed_cards(old, new, message):
    """Each broken card names the line and what is wrong."""
    assert old in CARDS
    with pytest.raises(DataFileError) as caught:
        parse_catalogue(CARDS.replace(old, new, 1))
    assert str(caught.value) == message
