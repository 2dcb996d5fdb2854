"""Fleet building (DW-22, DW-21, DW-20.1, DW-10.1; DW-28.13 item 2), on the placeholder roster."""

from __future__ import annotations

import attrs
import pytest

from engine.dystopian.fleet import (
    BaseForce,
    EscortGroup,
    Fleet,
    GameType,
    Squadron,
    Wing,
    carrier_wing_problems,
    commodore_problem,
    escort_problems,
    fleet_models,
    fleet_problems,
    free_wing_problem,
    hand_limit,
    mfv_label,
    squadron_problems,
    starting_cards,
    tournament_problems,
)
from engine.dystopian.models import Domain, TinyKind
from tests.engine.dystopian._assets import fleets, models

F, R, B, T = TinyKind.FIGHTER, TinyKind.RECON, TinyKind.BOMBER, TinyKind.TORPEDO_BOMBER


def _sq(ident: str, count: int, **kwargs) -> Squadron:
    return Squadron(models()[ident], count, **kwargs)


def _naval(**kwargs) -> Fleet:
    """The sample fleet of DW-28.12: BB + 2 ES, 3 CR, 3 FF; Commodore on the BB."""
    base = Fleet(
        name="Test",
        mfv=400,
        game=GameType.FRIENDLY,
        base_force=BaseForce.NAVAL,
        squadrons=(
            _sq("BB", 1, escorts=(EscortGroup(models()["ES"], 2),)),
            _sq("CR", 3),
            _sq("FF", 3),
        ),
        free_wings=(Wing(F, 4), Wing(T, 3), Wing(T, 3)),
        commodore=0,
    )
    return attrs.evolve(base, **kwargs)


def test_the_sample_fleet_is_390_points_and_legal():
    """DW-28.12: 150 + 30 + 150 + 60 = 390, Friendly minimums met, free wings composition 2."""
    fleet = fleets()["Sample naval fleet"]
    assert fleet == _naval(name="Sample naval fleet")
    assert [s.points for s in fleet.squadrons] == [180, 150, 60]
    assert fleet.points == 390
    assert fleet.flagship is models()["BB"]
    assert fleet_problems(fleet) == []


def test_the_carrier_group_is_legal():
    """The second sample: 450 of 500 points, carrier wings 5 fighters + 1 recon (DW-20.1)."""
    fleet = fleets()["Sample carrier group"]
    assert fleet.points == 450
    assert fleet.squadrons[0].wings == (Wing(F, 5), Wing(R, 1))
    assert fleet_problems(fleet) == []


def test_options_add_their_points():
    """The BB's Shield Generator costs 15 more (DW-28.12): 405 is over an MFV of 400."""
    shielded = _sq("BB", 1, options=("shield",), escorts=(EscortGroup(models()["ES"], 2),))
    assert shielded.model_points == 165
    fleet = _naval(squadrons=(shielded, *_naval().squadrons[1:]))
    assert fleet.points == 405
    assert fleet_problems(fleet) == ["405 points is over the fleet value of 400."]


@pytest.mark.parametrize(
    ("ident", "count", "ok"),
    [("CR", 1, False), ("CR", 2, True), ("CR", 4, True), ("CR", 5, False), ("BB", 2, False)],
)
def test_squadron_size_is_the_cards(ident, count, ok):
    """A squadron holds the card's smallest to largest (DW-3.4): cruisers 2-4, the BB 1."""
    problems = squadron_problems(_sq(ident, count))
    assert (problems == []) is ok
    if not ok:
        assert problems[0].startswith(f"A squadron of {count} ")


def test_escorts_form_no_squadron():
    """Escorts can never form a squadron of their own (DW-21)."""
    assert squadron_problems(_sq("ES", 2)) == [
        "Warden Escorts attach to a Large or Massive model; they form no squadron."
    ]


def test_escorts_attach_to_large_or_massive_models_three_each():
    """1-3 escorts per Large or Massive model (DW-21)."""
    es = models()["ES"]
    assert escort_problems(_sq("BB", 1, escorts=(EscortGroup(es, 3),))) == []
    assert escort_problems(_sq("BB", 1, escorts=(EscortGroup(es, 4),))) == [
        "4 escorts for 1 Bastion Battleship: at most 3 each."
    ]
    assert escort_problems(_sq("CR", 2, escorts=(EscortGroup(es, 1),))) == [
        "Escorts attach only to Large or Massive models, not to Lancer Cruisers."
    ]
    assert escort_problems(_sq("AS", 2, escorts=(EscortGroup(es, 6),))) == []
    assert escort_problems(_sq("BB", 1, escorts=(EscortGroup(models()["FF"], 1),))) == [
        "Picket Frigate is no escort."
    ]


def test_escorts_count_as_points_but_not_as_squadrons():
    """Escorts do not meet the Small-squadron minimum and give no card (DW-21, DW-8.3)."""
    fleet = _naval(squadrons=_naval().squadrons[:2])  # BB + escorts, CR: no Small squadron
    assert fleet_problems(fleet) == [
        "A friendly game needs a Small squadron from the naval Base Force."
    ]
    assert starting_cards(_naval()) == 3


def test_open_games_check_only_the_mfv():
    """Open: only the MFV (DW-22.3); the same two squadrons pass."""
    fleet = _naval(game=GameType.OPEN, squadrons=_naval().squadrons[:2])
    assert fleet_problems(fleet) == []


def test_friendly_minimums_come_from_the_base_force():
    """Friendly: Small, Medium and Large-or-Massive squadrons, all of the Base Force (DW-22.3)."""
    fleet = _naval(base_force=BaseForce.AIR)
    assert BaseForce.ARMOURED.domain is Domain.LAND
    assert fleet_problems(fleet) == [
        "A friendly game needs a Small squadron from the air Base Force.",
        "A friendly game needs a Medium squadron from the air Base Force.",
        "A friendly game needs a Large or Massive squadron from the air Base Force.",
    ]


@pytest.mark.parametrize(
    "wings",
    [
        (Wing(F, 4), Wing(B, 4), Wing(R, 1), Wing(R, 1)),
        (Wing(T, 4), Wing(T, 3), Wing(F, 3)),
        (Wing(F, 5), Wing(B, 5)),
        (Wing(F, 3), Wing(F, 3), Wing(T, 3), Wing(R, 1)),
        (),
    ],
)
def test_the_four_free_wing_compositions(wings):
    """DW-20.1: the four options (or no free wings) are legal."""
    assert free_wing_problem(wings) == ""
    assert fleet_problems(_naval(free_wings=wings)) == []


@pytest.mark.parametrize(
    "wings",
    [
        (Wing(F, 5), Wing(F, 5), Wing(F, 3)),
        (Wing(F, 4), Wing(F, 4)),
        (Wing(F, 5), Wing(R, 1)),
    ],
)
def test_other_free_wings_are_refused(wings):
    """Anything else, e.g. three wings of 5, 5 and 3, is no composition of DW-20.1."""
    assert free_wing_problem(wings).startswith("The free wings must be")


def test_wing_shapes():
    """A recon wing is 1 plane; other wings 3-5 (DW-20.1)."""
    fleet = _naval(free_wings=(Wing(F, 4), Wing(B, 4), Wing(R, 2), Wing(R, 1)))
    assert fleet_problems(fleet)[0] == "A recon wing is one plane, not 2."


def test_carrier_wings_fit_capacity_and_recon():
    """CV carries 6, at most 1 recon (DW-20.1, DW-28.12); only carriers carry wings."""
    assert carrier_wing_problems(_sq("CV", 1, wings=(Wing(F, 5), Wing(R, 1)))) == []
    assert carrier_wing_problems(_sq("CV", 1, wings=(Wing(F, 5), Wing(B, 3)))) == [
        "Harbour Carrier: 8 tiny flyers, but room for only 6."
    ]
    assert carrier_wing_problems(_sq("CV", 1, wings=(Wing(F, 3), Wing(R, 1), Wing(R, 1)))) == [
        "Harbour Carrier: at most 1 recon plane per carrier."
    ]
    assert carrier_wing_problems(_sq("CV", 1, wings=(Wing(F, 2),))) == [
        "A fighter wing has 3 to 5 planes, not 2."
    ]
    assert carrier_wing_problems(_sq("BB", 1, wings=(Wing(F, 3),))) == [
        "Bastion Battleships carry no tiny flyers."
    ]


def test_the_commodore():
    """Large or Massive Capital, no creature or robot; named when one can be (DW-10.1)."""
    assert commodore_problem(_naval()) == ""
    assert commodore_problem(_naval(commodore=1)) == (
        "The Commodore needs a Large or Massive Capital model that is no creature or robot, "
        "not a Lancer Cruiser."
    )
    assert commodore_problem(_naval(commodore=None)) == (
        "Name a Commodore: the fleet has a model that can carry one."
    )
    assert commodore_problem(_naval(commodore=None, game=GameType.CAMPAIGN)) == ""
    assert commodore_problem(_naval(commodore=7)) == (
        "The Commodore is on a squadron the fleet does not have."
    )
    no_flagship = _naval(commodore=None, squadrons=_naval().squadrons[1:])
    assert commodore_problem(no_flagship) == ""


def test_tournament_caps():
    """Tournament caps (DW-22.3): 70% Large/Massive and Medium, 40% Small, 50% outside the base.

    Escorts count as Small.
    """
    assert tournament_problems(_naval(game=GameType.TOURNAMENT)) == []
    # 3 CR (150) + 2 SS (90) = 240 Medium of 300: 80%.
    medium = _naval(mfv=300, squadrons=(_sq("CR", 3), _sq("SS", 2), _sq("FF", 3)))
    assert tournament_problems(medium) == [
        "240 points on Medium models is over 70% of the fleet value."
    ]
    # Small: 3 FF (60) + 2 ES (30) = 90 of 200 is 45%.
    small = _naval(
        mfv=200,
        squadrons=(_sq("FF", 3), _sq("BB", 1, escorts=(EscortGroup(models()["ES"], 2),))),
    )
    assert "90 points on Small models is over 40% of the fleet value." in tournament_problems(small)
    air = _naval(mfv=380, squadrons=(_sq("AS", 2), _sq("FF", 3)))  # 200 of 380: 53%
    assert tournament_problems(air) == [
        "200 points outside the Base Force is over 50% of the fleet value."
    ]


def test_a_fleet_with_nothing():
    """No squadrons is a problem of its own."""
    empty = _naval(squadrons=(), commodore=None, game=GameType.OPEN)
    assert fleet_problems(empty) == ["The fleet has no squadrons."]


@pytest.mark.parametrize(
    ("mfv", "label"),
    [
        (400, "Battle-group skirmish"),
        (1000, "Royal skirmish"),
        (1250, "Full-scale battle"),
        (1500, "Royal battle"),
        (2000, "Major military engagement"),
        (3000, "Total war"),
    ],
)
def test_mfv_labels(mfv, label):
    """DW-22.2's named points limits."""
    assert mfv_label(mfv) == label


def test_hand_limit():
    """Squadrons on the table, 5 at most, +1 for Radio Network (DW-8.3)."""
    assert [hand_limit(n) for n in (0, 3, 5, 7)] == [0, 3, 5, 5]
    assert hand_limit(7, radio_network=True) == 6


def test_fleet_models_lists_every_model_with_its_escorts():
    """The sample fleet deploys 9 models: BB (Commodore), its 2 escorts, 3 CR, 3 FF (DW-28.12)."""
    found = [(m.squadron, m.card.id, m.escort, m.commodore) for m in fleet_models(_naval())]
    assert found == [
        (0, "BB", False, True),
        (0, "ES", True, False),
        (0, "ES", True, False),
        (1, "CR", False, False),
        (1, "CR", False, False),
        (1, "CR", False, False),
        (2, "FF", False, False),
        (2, "FF", False, False),
        (2, "FF", False, False),
    ]


def test_a_scenario_may_forbid_the_free_wings():
    """The free wings are allowed "unless a scenario forbids it" (DW-20.1)."""
    assert fleet_problems(_naval(), free_wings=False) == [
        "This game allows no free tiny-flyer wings."
    ]
    assert fleet_problems(_naval(free_wings=()), free_wings=False) == []
