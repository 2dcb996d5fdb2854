"""The fleet builder's edits and checks, with the numbers of the DW-28.12 roster.

DW-22.2 (legal squadrons, the MFV, the Base Force), DW-22.3 (game types), DW-3.4 (squadron sizes
from the card), DW-21 (escorts), DW-20.1 (the free wings and carrier wings), DW-10.1 / DW-22.1
(the Commodore); DW-28.13 item 2 and Tier 2 (Tournament points caps).
"""

from __future__ import annotations

import attrs

from engine.dystopian.fleet import (
    BaseForce,
    EscortGroup,
    GameType,
    Wing,
    escort_problems,
    fleet_problems,
    free_wing_problem,
    tournament_problems,
)
from engine.dystopian.fleet_builder import (
    DEFAULT_MFV,
    add_squadron,
    base_force_note,
    builder_problems,
    carrier_layouts,
    empty_fleet,
    escort_cards,
    escort_choices,
    first_problem,
    free_layouts,
    layout_of,
    layout_text,
    name_problem,
    next_escorts,
    next_kind,
    remove_squadron,
    resize,
    roster,
    set_commodore,
    set_options,
    wings_for,
)
from engine.dystopian.models import TinyKind
from tests.engine.dystopian._assets import fleets, models

F, R, B, T = TinyKind.FIGHTER, TinyKind.RECON, TinyKind.BOMBER, TinyKind.TORPEDO_BOMBER


def _card(ident):
    return models()[ident]


def _built(*idents, name="Built", mfv=400, game=GameType.FRIENDLY):
    fleet = empty_fleet(name, mfv, game)
    for ident in idents:
        fleet = add_squadron(fleet, _card(ident))
    return fleet


def test_the_roster_is_every_squadron_card_but_escorts_and_the_neutral_fortress():
    """DW-28.12: 9 squadron cards; ES attaches (DW-21); FX is neutral (DW-25.4)."""
    ids = [card.id for card in roster(models().values())]
    assert ids == ["CV", "BB", "CR", "SS", "FF", "AS", "BM", "LS", "TK"]
    assert [card.id for card in escort_cards(models().values())] == ["ES"]


def test_a_new_fleet_is_empty_at_500_points_and_says_what_it_needs():
    """DW-22.2: a fleet with nothing in it is no fleet; the name comes first."""
    fleet = empty_fleet()
    assert (fleet.mfv, fleet.game, fleet.base_force) == (500, GameType.OPEN, BaseForce.NAVAL)
    assert DEFAULT_MFV == 500
    assert builder_problems(fleet) == ["Name the fleet.", "The fleet has no squadrons."]
    assert first_problem(attrs.evolve(fleet, name="Mine")) == "The fleet has no squadrons."


def test_a_squadron_is_added_at_its_smallest_size_and_resized_within_its_card():
    """DW-3.4: CR 2-4, FF 3-5: added at 2 and 3; + and - stop at the card's limits."""
    fleet = _built("CR", "FF")
    assert [(s.model.id, s.count) for s in fleet.squadrons] == [("CR", 2), ("FF", 3)]
    assert fleet.points == 2 * 50 + 3 * 20 == 160
    fleet = resize(resize(resize(fleet, 0, 1), 0, 1), 0, 1)
    assert fleet.squadrons[0].count == 4  # the card's largest
    fleet = resize(fleet, 1, -1)
    assert fleet.squadrons[1].count == 3  # the card's smallest
    assert add_squadron(empty_fleet(), _card("FF"), 9).squadrons[0].count == 5


def test_the_sample_naval_fleet_built_by_steps_is_the_sample():
    """DW-28.12: BB + 2 ES, 3 CR, 3 FF = 390 points, legal in a 400-point Friendly game."""
    fleet = _built("BB", "CR", "FF", name="Sample naval fleet")
    fleet = resize(fleet, 1, 1)
    escorts = escort_cards(models().values())
    fleet = next_escorts(next_escorts(fleet, 0, escorts), 0, escorts)
    fleet = attrs.evolve(fleet, free_wings=wings_for(free_layouts()[2], (F, T, T)))
    assert fleet.points == 390
    assert fleet.commodore == 0  # the first eligible squadron took it (DW-10.1)
    assert fleet_problems(fleet) == []
    assert fleet == fleets()["Sample naval fleet"]


def test_the_mfv_check_counts_options_and_escorts():
    """DW-22.2: BB 150 + shield 15 + 3 ES 45 = 210 > 200; fits at 210."""
    fleet = set_options(_built("BB", mfv=200, game=GameType.OPEN), 0, ["shield"])
    escorts = escort_cards(models().values())
    for _ in range(3):
        fleet = next_escorts(fleet, 0, escorts)
    assert fleet.points == 210
    assert first_problem(fleet) == "210 points is over the fleet value of 200."
    assert first_problem(attrs.evolve(fleet, mfv=210)) == ""


def test_options_are_the_cards_own_and_bought_for_every_model():
    """DW-3.4 (options on the FIG card): the shield is +15 a model; CR offers none."""
    fleet = set_options(_built("BB", "CR"), 0, ["shield", "nothing"])
    assert fleet.squadrons[0].options == ("shield",)
    assert fleet.squadrons[0].points == 165
    assert set_options(fleet, 1, ["shield"]).squadrons[1].options == ()


def test_escort_choices_go_from_none_to_three_a_large_parent():
    """DW-21: 1-3 escorts a Large or Massive model; none for a Medium cruiser."""
    escorts = escort_cards(models().values())
    bb = _built("BB").squadrons[0]
    assert [sum(g.count for g in c) for c in escort_choices(bb, escorts)] == [0, 1, 2, 3]
    two = attrs.evolve(_built("AS").squadrons[0], count=2)
    assert len(escort_choices(two, escorts)) == 7  # 0 to 6 for two Large airships
    assert escort_choices(_built("CR").squadrons[0], escorts) == ((),)
    fleet = _built("BB")
    for _ in range(4):
        fleet = next_escorts(fleet, 0, escorts)
    assert fleet.squadrons[0].escorts == ()  # wrapped round
    assert next_escorts(fleet, 0, escorts, -1).squadrons[0].escort_count == 3


def test_an_escort_card_allowing_fewer_than_three_a_parent_is_held_to_its_card():
    """DW-21 with the card's own limit (DW-3.4): an escort card of 1-2 allows 2 a parent."""
    pair = attrs.evolve(_card("ES"), squadron=(1, 2))
    bb = attrs.evolve(_built("BB").squadrons[0], escorts=(EscortGroup(pair, 3),))
    assert escort_problems(bb) == [
        "3 Warden Escorts for 1 Bastion Battleship: its card allows 2 each."
    ]
    assert len(escort_choices(bb, (pair,))) == 3  # none, 1, 2
    assert escort_problems(attrs.evolve(bb, escorts=(EscortGroup(_card("ES"), 3),))) == []


def test_escorts_are_small_points_in_a_tournament():
    """DW-21 / DW-22.3: escorts count towards the 40% Small cap: 3 FF 60 + 3 ES 45 = 105 > 100."""
    fleet = _built("BB", "CR", "FF", mfv=250, game=GameType.TOURNAMENT)
    escorts = escort_cards(models().values())
    assert tournament_problems(fleet) == []
    for _ in range(2):
        fleet = next_escorts(fleet, 0, escorts)
    assert tournament_problems(fleet) == []  # 60 + 30 = 90 of 100
    fleet = next_escorts(fleet, 0, escorts)
    assert tournament_problems(fleet) == [
        "105 points on Small models is over 40% of the fleet value."
    ]


def test_friendly_needs_small_medium_and_large_squadrons_but_open_does_not():
    """DW-22.3: Friendly needs a Small, a Medium and a Large-or-Massive Base Force squadron."""
    fleet = _built("BB", "CR")
    assert first_problem(fleet) == (
        "A friendly game needs a Small squadron from the naval Base Force."
    )
    assert first_problem(attrs.evolve(fleet, game=GameType.OPEN)) == ""


def test_the_commodore_follows_its_squadron_and_must_be_eligible():
    """DW-10.1: Large or Massive Capital; removing its squadron leaves none to name."""
    fleet = _built("FF", "CR", "BB", game=GameType.OPEN)
    assert fleet.commodore == 2
    assert first_problem(set_commodore(fleet, 1)).startswith(
        "The Commodore needs a Large or Massive Capital model"
    )
    fleet = remove_squadron(fleet, 0)
    assert fleet.commodore == 1  # BB moved up one place
    fleet = remove_squadron(fleet, 1)
    assert fleet.commodore is None
    assert [s.model.id for s in fleet.squadrons] == ["CR"]
    bb = add_squadron(fleet, _card("BB"))
    assert bb.commodore == 1
    assert first_problem(set_commodore(bb, None)) == (
        "Name a Commodore: the fleet has a model that can carry one."
    )


def test_the_free_wings_are_none_or_one_of_the_four_compositions():
    """DW-20.1: 4+4+1R+1R, 4+3+3, 5+5, 3+3+3+1R, each legal; 5+4 is not."""
    layouts = free_layouts()
    assert [layout_text(lay) for lay in layouts] == [
        "none",
        "4 + 4 + 1 recon + 1 recon",
        "4 + 3 + 3",
        "5 + 5",
        "3 + 3 + 3 + 1 recon",
    ]
    for layout in layouts:
        wings = wings_for(layout, (B, T, F))
        assert free_wing_problem(wings) == ""
        assert layout_of(wings) == layout
    assert [w.kind for w in wings_for(layouts[4], (B, T))] == [B, T, F, R]
    assert free_wing_problem((Wing(F, 5), Wing(F, 4))) != ""
    assert [next_kind(F), next_kind(B), next_kind(T), next_kind(R)] == [B, T, F, R]


def test_a_carrier_offers_the_wings_its_capacity_allows_fullest_first():
    """DW-20.1: the CV carries 6, at most 1 recon; wings of 3-5; added, it brings 5 + 1 recon."""
    layouts = carrier_layouts(_card("CV"))
    assert [layout_text(lay) for lay in layouts] == [
        "5 + 1 recon",
        "3 + 3",
        "4 + 1 recon",
        "5",
        "3 + 1 recon",
        "4",
        "3",
        "1 recon",
        "none",
    ]
    fleet = _built("CV", "FF", "SS", name="Carrier", mfv=500)
    assert fleet.squadrons[0].wings == wings_for(layouts[0]) == (Wing(F, 5), Wing(R, 1))
    assert fleet.points == 140 + 3 * 20 + 2 * 45  # the carrier's wings are in its cost
    assert carrier_layouts(_card("BB")) == ((),)
    assert len(carrier_layouts(_card("CV"), 20)) == 60  # capped, the fullest first
    assert sum(t for _, t in carrier_layouts(_card("CV"), 20)[0]) == 120


def test_a_fleet_needs_a_name_no_other_fleet_file_uses():
    """The library keeps only the first of two fleets of one name; a name is 1-40 characters."""
    assert name_problem("  ") == "Name the fleet."
    assert name_problem("x" * 41) == "A fleet name has at most 40 characters."
    assert name_problem("bad\x1bname") != ""
    taken = fleets().keys()
    assert name_problem("sample NAVAL fleet", taken) == (
        "Another fleet is already named 'sample NAVAL fleet'."
    )
    assert name_problem("Home Fleet", taken) == ""


def test_the_base_force_should_hold_the_largest_share_of_points():
    """DW-22.2: a naval Base Force with 200 air points (AS 100 x 2) and 100 naval (CR 50 x 2)."""
    fleet = _built("CR", "AS", game=GameType.OPEN)
    fleet = resize(fleet, 1, 1)
    assert base_force_note(fleet) == (
        "The naval Base Force has 100 points, air models 200: it should be the core of the fleet."
    )
    assert base_force_note(attrs.evolve(fleet, base_force=BaseForce.AIR)) == ""
    assert base_force_note(fleets()["Sample carrier group"]) == ""  # 290 naval, 160 air
