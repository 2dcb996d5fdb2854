"""AoD battle modification cards in play: kinds, precedence, choosing, effects (AOD-20, AOD-26.14).

Rules: AOD-20.1 (scope and count, X/150 costs, 1/450 frequency), AOD-20.2 (precedence), AOD-20.3
(the kinds: planetary conditions do not stack, Faction Pride needs its faction and excludes a
Situational Alliance, Mercenary Contracts), AOD-20.4 (Situational Alliance), AOD-18.6, and the
INVENTED cards of AOD-26.14 (Dense Fog, Targeting Uplink, Academy Graduate).

The catalogue holds no Faction Pride, Mercenary Contract or Situational Alliance card (the seed
prints none): the tests build plain ones for those kinds.
"""

from __future__ import annotations

import pytest

from engine.aod.cards import (
    DENSE_FOG_RANGE,
    KIND_RULES,
    EffectKind,
    Entry,
    Moment,
    capped_max_range,
    card_effects,
    contract_faction,
    faction_pride_cost,
    faction_pride_problem,
    in_precedence,
    planetary_in_play,
    scaled_cost,
    selection_problems,
    situational_alliance_problem,
    uses_per_turn,
    with_situational_alliance,
)
from engine.aod.factions import abilities
from engine.aod.force import Force, ForceEntry, formation_factions_problem
from engine.aod.units import Card, CardKind, Stat
from tests.engine.aod._assets import catalogue, units

PRIDE = Card("F-T1", "Test Pride", CardKind.FACTION_PRIDE, 10)
CONTRACT = Card("MC-T1", "Test Contract", CardKind.MERCENARY_CONTRACT, 5)
ALLIANCE = Card("SA-T1", "Test Alliance", CardKind.SITUATIONAL_ALLIANCE, 5)


def fog() -> Card:
    return catalogue().cards["PC-X1"]


def uplink() -> Card:
    return catalogue().cards["G-X1"]


def graduate() -> Card:
    return catalogue().cards["P-X1"]


def _force(*collectors: str) -> Force:
    return Force("test", tuple(ForceEntry(units()[c]) for c in collectors))


# ---------------------------------------------------------------- AOD-20.2 / AOD-20.3 kinds


def test_effects_resolve_in_precedence_order_aod_20_2() -> None:
    """AOD-20.2: planetary conditions, then pride/contract/alliance, then gear, then pilots.

    Equal levels keep the active player's order.
    """
    shuffled = [graduate(), uplink(), ALLIANCE, fog(), PRIDE, CONTRACT]
    ordered = [card.id for card in in_precedence(shuffled)]
    assert ordered == ["PC-X1", "SA-T1", "F-T1", "MC-T1", "G-X1", "P-X1"]


def test_each_kind_has_its_scope_count_and_entry_aod_20_3() -> None:
    """AOD-20.1 / AOD-20.3: each kind's scope, count and moment of entry.

    PC is all-players single; gear and pilots multiple at force building; a contract enters
    right after the planetary conditions, before pride and alliance.
    """
    planetary = KIND_RULES[CardKind.PLANETARY]
    assert (planetary.all_players, planetary.single, planetary.priority) == (True, True, 1)
    assert not KIND_RULES[CardKind.GEAR].single
    assert KIND_RULES[CardKind.GUNSLINGER].priority == 4
    assert KIND_RULES[CardKind.GEAR].enters is Entry.FORCE_BUILDING
    entries = [
        KIND_RULES[k].enters
        for k in (CardKind.PLANETARY, CardKind.MERCENARY_CONTRACT, CardKind.FACTION_PRIDE)
    ]
    assert entries == sorted(entries)
    assert set(KIND_RULES) == set(CardKind)


@pytest.mark.parametrize(("build", "cost"), [(150, 10), (300, 20), (450, 30)])
def test_a_cost_per_150_scales_with_the_build_total_aod_20_1(build: int, cost: int) -> None:
    """AOD-20.1: 10/150 costs 20 at 300 and 30 at 450."""
    assert scaled_cost(10, build) == cost


@pytest.mark.parametrize(("build", "uses"), [(300, 0), (450, 1), (900, 2), (1050, 2)])
def test_a_1_per_450_card_is_used_once_a_turn_per_450_aod_20_1(build: int, uses: int) -> None:
    """AOD-20.1: once per turn for every (full) 450 points of the build total."""
    assert uses_per_turn(build) == uses


# ---------------------------------------------------------------- AOD-20.3 choosing


def test_a_legal_choice_has_no_problems_aod_20_3() -> None:
    """AOD-20.3: one planetary condition (agreed) and one faction pride."""
    assert selection_problems([fog(), PRIDE], planetary_agreed=True) == []
    assert selection_problems([CONTRACT, ALLIANCE], planetary_agreed=False) == []


def test_single_card_kinds_are_one_each_aod_20_1() -> None:
    """AOD-20.1: "Single card" kinds: at most one per player."""
    problems = selection_problems([PRIDE, PRIDE], planetary_agreed=False)
    assert problems == ["Only one faction pride card may be played."]


def test_planetary_conditions_need_everyone_aod_20_3() -> None:
    """AOD-20.1 / AOD-20.3: only when all agree; then every player plays one."""
    assert selection_problems([fog()], planetary_agreed=False) == [
        "Planetary conditions are used only if every player agrees."
    ]
    assert selection_problems([], planetary_agreed=True) == [
        "Every player must choose a planetary condition."
    ]


def test_pride_and_alliance_exclude_each_other_aod_20_3() -> None:
    """AOD-20.3: a Faction Pride cannot be combined with a Situational Alliance."""
    problems = selection_problems([PRIDE, ALLIANCE], planetary_agreed=False)
    assert problems == ["A faction pride card cannot be combined with a situational alliance."]


def test_gear_is_not_a_battle_card_aod_20_3() -> None:
    """AOD-20.3 / AOD-20.6: gear and pilots go into slots at force building."""
    problems = selection_problems([uplink()], planetary_agreed=False)
    assert problems == ["Targeting Uplink goes into a 'Mech's slot, not beside the battlefield."]


def test_duplicate_planetary_conditions_do_not_stack_aod_20_3() -> None:
    """AOD-20.3: two players both choosing Dense Fog give one Dense Fog."""
    assert planetary_in_play([fog(), fog(), uplink()]) == (fog(),)


def test_faction_pride_needs_a_unit_of_its_faction_aod_20_3() -> None:
    """AOD-20.3: Force B (Warden: Liao) may take Liao pride, not Jade Falcon pride."""
    liao = _force("HX-010", "HX-006", "HX-001")
    assert faction_pride_problem(liao, "liao", catalogue()) == ""
    why = faction_pride_problem(liao, "jade_falcon", catalogue())
    assert why == "Faction pride needs at least one Clan Jade Falcon unit."


def test_faction_pride_alternative_cost_for_a_pure_force_aod_20_3() -> None:
    """AOD-20.3: the alternative cost is mandatory when the whole force is of that faction.

    [INTERP] A mercenary in it breaks that.
    """
    assert faction_pride_cost(_force("HX-010", "HX-006"), "liao", 10, 5) == 5
    assert faction_pride_cost(_force("HX-010", "HX-001"), "liao", 10, 5) == 10


def test_an_alliance_needs_each_named_faction_aod_20_3() -> None:
    """AOD-20.3: at least one unit of each named faction."""
    falcon_strike = _force("HX-009", "HX-011", "HX-001")
    cat = catalogue()
    assert situational_alliance_problem(falcon_strike, ["jade_falcon", "sea_fox"], cat) == ""
    why = situational_alliance_problem(falcon_strike, ["jade_falcon", "liao"], cat)
    assert why == "The alliance needs at least one unit of House Liao."


def test_an_alliance_lets_its_factions_form_together_aod_20_4() -> None:
    """AOD-20.4 / AOD-18.6: a Situational Alliance allies its factions for formations.

    Liao and Davion are not allied; under the card they are, and keep their abilities.
    """
    cat = catalogue()
    liao, davion = units()["HX-006"], units()["HX-004"]
    assert formation_factions_problem([liao, davion, davion], cat) is not None
    allied = with_situational_alliance(cat, ["liao", "davion"])
    assert allied.allied("liao", "davion")
    assert formation_factions_problem([liao, davion, davion], allied) is None
    assert abilities(liao, allied) == abilities(liao, cat)
    assert not cat.allied("liao", "davion")  # the base catalogue is unchanged


def test_a_contract_gives_mercenaries_its_faction_aod_20_3() -> None:
    """AOD-20.3: mercenaries become the contract's faction; faction units keep their own."""
    rifles, warden = units()["HX-001"], units()["HX-010"]
    assert contract_faction(rifles, "liao") == "liao"
    assert contract_faction(rifles, None) is None
    assert contract_faction(warden, "sea_fox") == "liao"
    hired = abilities(rifles, catalogue(), contract_faction(rifles, "liao"))
    assert "fanaticism" in hired


# ---------------------------------------------------------------- AOD-26.14 effects


def test_gear_and_pilot_effects_are_value_modifiers_aod_26_14() -> None:
    """AOD-26.14: Targeting Uplink +1 attack, Academy Graduate +1 speed (applied by the dial)."""
    effects = card_effects([graduate(), uplink(), fog()], Moment.VALUES)
    assert [(e.card, e.stat, e.amount) for e in effects] == [
        ("G-X1", Stat.ATTACK, 1),
        ("P-X1", Stat.SPEED, 1),
    ]
    assert all(e.kind is EffectKind.MODIFIER for e in effects)


def test_dense_fog_caps_ranged_attacks_at_10_aod_26_14() -> None:
    """AOD-26.14: Dense Fog caps the max range of normal ranged attacks at 10.

    The Warden's 14 and an AA unit's doubled 16 become 10; a 6 stays 6; long-range artillery
    is not affected; two fogs are one cap.
    """
    effects = card_effects([fog(), fog()], Moment.RANGED_ATTACK)
    assert [(e.kind, e.amount) for e in effects] == [(EffectKind.MAX_RANGE_CAP, 10)]
    warden = units()["HX-010"].primary.max_range
    assert capped_max_range(warden, [fog()]) == DENSE_FOG_RANGE == 10
    assert capped_max_range(16, [fog()]) == 10
    assert capped_max_range(6, [fog()]) == 6
    assert capped_max_range(warden, []) == 14
    longbow = units()["HX-006"].primary.long_range
    assert longbow is not None
    assert capped_max_range(longbow, [fog()], long_range_artillery=True) == 24
