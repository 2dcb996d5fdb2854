"""Dystopian Wars tiny flyers: wings, fuel, launch and landing, air combat, damage, CAP, recon.

Rules: DW-20.1, DW-20.2, DW-20.4, DW-20.5, DW-20.6, DW-20.7 (both worked examples), DW-20.8,
DW-20.9, DW-27 items 5 and 24, DW-28.11, DW-28.13 item 13.
"""

from __future__ import annotations

import attrs
import pytest

from engine.dice import ScriptedDice
from engine.dystopian.aircraft import (
    CarrierOps,
    Wing,
    after_firing,
    air_fire,
    attach_problem,
    carrier_wing_problem,
    carrier_wings_problem,
    counter_attack_problem,
    damage_wing,
    deck_crews_problem,
    fire_problem,
    free_wings_problem,
    land_problem,
    landed,
    landed_aa_problem,
    launch_problem,
    leash_problem,
    quick_launch,
    recon_bonus,
    roll_wing_attack,
    spend_fuel,
    wing_aa_dice,
    wing_ad,
    wing_attack_problem,
    wing_move_problem,
    wing_mp,
)
from engine.dystopian.geometry import Level
from engine.dystopian.models import MarRef, ModelCard, TinyFlyer, TinyKind
from engine.dystopian.ordnance import indirect_need, wing_fire
from tests.engine.dystopian._assets import catalogue, models

F, R, B, T = TinyKind.FIGHTER, TinyKind.RECON, TinyKind.BOMBER, TinyKind.TORPEDO_BOMBER


def profile(kind: TinyKind) -> TinyFlyer:
    return catalogue().tiny_flyers[kind]


def card(ident: str, *mars: str) -> ModelCard:
    found = models()[ident]
    if mars:
        found = attrs.evolve(found, mars=tuple(MarRef(m) for m in mars))
    return found


# ---- composition (DW-20.1) ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "wings",
    [
        [(F, 4), (B, 4), (R, 1), (R, 1)],
        [(T, 4), (F, 3), (F, 3)],
        [(F, 5), (B, 5)],
        [(F, 3), (B, 3), (T, 3), (R, 1)],
    ],
)
def test_the_four_free_wing_options(wings: list[tuple[TinyKind, int]]) -> None:
    """DW-20.1: 4+4 and two recon; 4+3+3; 5+5; 3+3+3 and one recon."""
    assert free_wings_problem(wings) == ""


@pytest.mark.parametrize("wings", [[(F, 5), (F, 4)], [(F, 4), (F, 4), (F, 1)], [(R, 5), (F, 5)]])
def test_other_free_wings_are_refused(wings: list[tuple[TinyKind, int]]) -> None:
    """DW-20.1: nothing but the four options (a recon wing is never 5)."""
    assert "Free wings" in free_wings_problem(wings)


def test_carrier_wings() -> None:
    """DW-20.1: carrier wings of 3-5, recon alone, one recon per carrier, within capacity 6."""
    carrier = card("CV")
    assert carrier_wing_problem(F, 2) != ""
    assert carrier_wing_problem(F, 5) == ""
    assert carrier_wing_problem(R, 2) != ""
    assert carrier_wings_problem(carrier, [(F, 5), (R, 1)]) == ""
    assert "6 planes" in carrier_wings_problem(carrier, [(F, 4), (B, 3)])
    assert carrier_wings_problem(attrs.evolve(carrier, recon=0), [(F, 5), (R, 1)]) != ""


# ---- movement and fuel (DW-20.5, DW-28.11) -----------------------------------------------------


def test_wing_movement_points() -> None:
    """DW-28.11: fighters and recon 8, bombers and torpedo bombers 6, Superior Engine +1."""
    assert wing_mp(profile(F), Wing(F, 3), 1) == 8
    assert wing_mp(profile(R), Wing(R, 1), 1) == 8
    assert wing_mp(profile(B), Wing(B, 3), 1) == 6
    assert wing_mp(profile(T), Wing(T, 3, mars=("superior_engine",)), 1) == 7


def test_wings_never_stop_and_fly_half_on_their_last_fuel() -> None:
    """DW-20.2 / DW-20.5: no stopping; at fuel 1 at most half MV."""
    assert wing_move_problem(Wing(F, 3), 0, 8) != ""
    assert wing_move_problem(Wing(F, 3), 9, 8) != ""
    assert wing_move_problem(Wing(F, 3), 8, 8) == ""
    assert "half" in wing_move_problem(Wing(F, 3, fuel=1), 5, 8)
    assert wing_move_problem(Wing(F, 3, fuel=1), 4, 8) == ""


def test_fuel_costs() -> None:
    """DW-20.5: more than half the move -1, each shot -1; 0 through combat crashes."""
    assert spend_fuel(Wing(F, 3), steps=5, mp=8).spent == 1
    assert spend_fuel(Wing(F, 3), steps=4, mp=8).spent == 0
    assert spend_fuel(Wing(F, 3), steps=5, mp=8, shots=1).after == 4
    crash = spend_fuel(Wing(F, 3, fuel=2), abort_hits=2)
    assert crash.after == 0
    assert crash.crashed
    assert "last fuel" in fire_problem(Wing(F, 3, fuel=1))
    assert fire_problem(Wing(F, 3, aborted=True)) != ""


def test_refuel_and_rearm() -> None:
    """DW-20.5: landing or leaving by the own edge refuels to 6 and rearms an AD wing."""
    bombers = after_firing(Wing(B, 3, fuel=4), ad=True)
    assert (bombers.fuel, bombers.rearm) == (3, True)
    assert "rearm" in wing_attack_problem(bombers, card("CR"), Level.SURFACE, 1)
    fresh = landed(bombers)
    assert (fresh.fuel, fresh.rearm) == (6, False)
    assert after_firing(Wing(B, 3), ad=False).rearm is False  # AA needs no rearming


# ---- launch and landing (DW-20.4, DW-28.11) ----------------------------------------------------


def test_launch() -> None:
    """DW-20.4 / DW-28.11: d <= 2 (Well Trained 3); one per activation (Double Decker 2)."""
    carrier = CarrierOps(card("CV"))
    assert launch_problem(carrier, Wing(F, 3), 2) == ""
    assert "2 hexes" in launch_problem(carrier, Wing(F, 3), 3)
    assert launch_problem(carrier, Wing(F, 3, mars=("well_trained",)), 3) == ""
    assert "no more" in launch_problem(attrs.evolve(carrier, done=1), Wing(F, 3), 1)
    decker = CarrierOps(card("CV", "double_decker"), done=1)
    assert launch_problem(decker, Wing(F, 3), 1) == ""
    assert "fired" in launch_problem(attrs.evolve(carrier, fired=True), Wing(F, 3), 1)
    assert "offline" in launch_problem(attrs.evolve(carrier, systems_offline=True), Wing(F, 3), 1)


def test_landing() -> None:
    """DW-20.4 / DW-28.11: end at d <= 2 with room aboard; Well Trained starting at d <= 3."""
    carrier = CarrierOps(card("CV"), aboard=1)
    assert land_problem(carrier, Wing(F, 5), end=2, start=6) == ""
    assert "2 hexes" in land_problem(carrier, Wing(F, 5), end=3, start=6)
    assert "room" in land_problem(attrs.evolve(carrier, aboard=2), Wing(F, 5), end=1, start=1)
    trained = Wing(F, 3, mars=("well_trained",))
    assert land_problem(carrier, trained, end=5, start=3) == ""
    assert land_problem(attrs.evolve(carrier, systems_offline=True), trained, end=1, start=1)


# ---- air combat and wing damage (DW-20.6, DW-20.7, DW-27 items 5 and 24) ------------------------


def test_first_worked_example_fighter_against_a_bomber() -> None:
    """DW-20.7 example: a fighter (AA 2) rolls 3 and 5 at a bomber: 2 hits.

    The bomber is Aborted and loses 3 fuel: one per hit, plus one for its own AA back.
    """
    fighter = Wing(F, 1)
    assert wing_aa_dice(profile(F), fighter) == 2
    fire = air_fire(ScriptedDice([3, 5]), F, 2)
    assert (fire.destroyed, fire.abort_hits) == (0, 2)
    bomber = Wing(B, 1)
    hit = damage_wing(ScriptedDice([]), bomber, [fire])
    assert hit.aborted
    assert hit.fuel.spent == 2
    shot_back = spend_fuel(bomber, shots=1)
    assert hit.fuel.spent + shot_back.spent == 3


def test_second_worked_example_three_fighters_against_three_bombers() -> None:
    """DW-20.7 example: (1,5), (3,3), (4,6) and the 6's extra die 4 at three bombers.

    v1.2 wing-level damage (DW-27 item 5): the 6 destroys one bomber; the other 5 hits reach
    the 2 tokens left, so the wing is Aborted and loses 5 fuel (DW-27 item 24): 1 left.
    """
    fire = air_fire(ScriptedDice([1, 5, 3, 3, 4, 6, 4]), F, 6)
    hit = damage_wing(ScriptedDice([]), Wing(B, 3), [fire])
    assert (hit.destroyed, hit.hits, hit.tokens_left) == (1, 5, 2)
    assert hit.aborted
    after = hit.after
    assert after is not None
    assert (after.tokens, after.fuel, after.aborted) == (2, 1, True)


def test_hits_below_the_tokens_left_do_not_abort_or_cost_fuel() -> None:
    """DW-20.7 / DW-27 item 24: 1 hit on 3 tokens: no Abort, no fuel lost."""
    fire = wing_fire(ScriptedDice([5, 1, 1]), 3)
    hit = damage_wing(ScriptedDice([]), Wing(F, 3), [fire])
    assert not hit.aborted
    assert hit.fuel.spent == 0


def test_wing_fire_numbers() -> None:
    """DW-20.6: fighters 3+, recon 5-6, bombers 6, a model's AA 5-6."""
    assert air_fire(ScriptedDice([3]), F, 1).abort_hits == 1
    assert air_fire(ScriptedDice([4]), R, 1).abort_hits == 0
    assert air_fire(ScriptedDice([5]), R, 1).abort_hits == 1
    assert air_fire(ScriptedDice([5]), B, 1).abort_hits == 0
    assert air_fire(ScriptedDice([4]), None, 1).abort_hits == 0
    assert air_fire(ScriptedDice([5]), None, 1).abort_hits == 1


def test_crash_when_an_abort_empties_the_tank() -> None:
    """DW-20.5: fuel reaching 0 through combat destroys the wing."""
    fire = wing_fire(ScriptedDice([5, 5]), 2)
    hit = damage_wing(ScriptedDice([]), Wing(F, 1, fuel=2), [fire])
    assert hit.fuel.crashed
    assert hit.after is None


def test_wing_mars_on_damage() -> None:
    """DW-20.9: Acrobatic Pilots and Big Fuel Tanks save on 5-6; Vertical Dive's larger size.

    Vertical Dive counts the Abort against the size before the destroyed tokens are removed.
    """
    six = wing_fire(ScriptedDice([6, 1]), 1)
    acro = damage_wing(ScriptedDice([5]), Wing(F, 3, mars=("acrobatic_pilots",)), [six])
    assert acro.destroyed == 0
    tanks = damage_wing(
        ScriptedDice([6, 2]),
        Wing(F, 2, mars=("big_fuel_tanks",)),
        [wing_fire(ScriptedDice([5, 5]), 2)],
    )
    assert (tanks.hits, tanks.aborted) == (1, False)
    fire = wing_fire(ScriptedDice([6, 5, 5]), 2)  # 1 destroyed, 2 other hits on 3 tokens
    plain = damage_wing(ScriptedDice([]), Wing(B, 3), [fire])
    dive = damage_wing(ScriptedDice([]), Wing(B, 3, mars=("vertical_dive",)), [fire])
    assert (plain.aborted, dive.aborted) == (True, False)


def test_wing_dice_and_mars() -> None:
    """DW-20.6 / DW-20.9: combined in full; More Machine Guns +1 AA a token; Swarm +2 AD."""
    assert wing_ad(profile(B), Wing(B, 4)) == 12
    assert wing_aa_dice(profile(T), Wing(T, 3, mars=("more_machine_guns",))) == 6
    assert wing_ad(profile(F), Wing(F, 5, mars=("swarm_tactics",))) == 0
    assert wing_ad(profile(B), Wing(B, 3, mars=("swarm_tactics",))) == 11


def test_bombers_hit_on_three_in_contact() -> None:
    """DW-20.6: 3 bombers (9 AD) in base contact hit a surface model on 3+, flyers on 5-6."""
    assert wing_attack_problem(Wing(B, 3), card("CR"), Level.SURFACE, 1) == ""
    assert "contact" in wing_attack_problem(Wing(B, 3), card("CR"), Level.SURFACE, 2)
    assert "Large" in wing_attack_problem(Wing(B, 3), card("FF"), Level.FLYING, 1)
    attack = roll_wing_attack(ScriptedDice([3, 3, 2, 1, 1, 1, 1, 1, 1]), profile(B), Wing(B, 3))
    assert (attack.roll.ad, attack.hits) == (9, 2)
    high = roll_wing_attack(
        ScriptedDice([4, 5, 1, 1, 1, 1, 1, 1, 1]), profile(B), Wing(B, 3), flyer=True
    )
    assert high.hits == 1


def test_torpedo_bombers_and_cc() -> None:
    """DW-20.6: naval surface targets at d <= 4, 3+; the target's CC cancels like torpedoes."""
    wing = Wing(T, 3)
    assert wing_attack_problem(wing, card("CR"), Level.SURFACE, 4) == ""
    assert wing_attack_problem(wing, card("CR"), Level.SURFACE, 5) != ""
    assert "ships" in wing_attack_problem(wing, card("LS"), Level.SURFACE, 1)
    assert "ships" in wing_attack_problem(wing, card("SS"), Level.SUBMERGED, 1)
    # 9 AD: 3, 3, 3, 3 and five 1s = 4 hits; CC 2 dice: 5 and 6 (+1 extra die: 1) cancel 3.
    attack = roll_wing_attack(
        ScriptedDice([3, 3, 3, 3, 1, 1, 1, 1, 1, 5, 6, 1]), profile(T), wing, cc=[2]
    )
    assert attack.roll.hits == 4
    assert attack.cc is not None
    assert attack.hits == 1


def test_fighters_engage_only_flyers() -> None:
    """DW-20.6 / DW-28.11: fighters attack wings (or flyers) with AA at d <= 2."""
    assert wing_attack_problem(Wing(F, 3), None, Level.FLYING, 2) == ""
    assert wing_attack_problem(Wing(F, 3), None, Level.FLYING, 3) != ""
    assert "only flyers" in wing_attack_problem(Wing(F, 3), card("CR"), Level.SURFACE, 1)


# ---- CAP, counter-attacks and recon (DW-20.6, DW-20.8) -----------------------------------------


def test_attaching_a_wing() -> None:
    """DW-20.8: Large or Massive surface or flying hosts (Convoy Duty any), no divers, one wing."""
    assert attach_problem(Wing(F, 3), card("LS"), Level.SURFACE, 2, host_has_wing=False) == ""
    assert attach_problem(Wing(F, 3), card("FF"), Level.SURFACE, 1, host_has_wing=False) != ""
    convoy = card("FF", "convoy_duty")
    assert attach_problem(Wing(F, 3), convoy, Level.SURFACE, 1, host_has_wing=False) == ""
    big_sub = attrs.evolve(card("SS"), size=card("LS").size)
    assert "diving" in attach_problem(Wing(F, 3), big_sub, Level.SURFACE, 1, host_has_wing=False)
    assert "already" in attach_problem(Wing(F, 3), card("LS"), Level.SURFACE, 1, host_has_wing=True)
    assert attach_problem(Wing(F, 3), card("LS"), Level.SURFACE, 3, host_has_wing=False) != ""


def test_leash_and_the_recon_exception() -> None:
    """DW-20.8 / DW-28.11: CAP stays at d <= 2; an attached recon has no leash."""
    assert leash_problem(Wing(F, 3), 2) == ""
    assert leash_problem(Wing(F, 3), 3) != ""
    assert leash_problem(Wing(R, 1), 12) == ""


def test_counter_attack_against_the_active_squadron() -> None:
    """DW-20.6: torpedo bombers on CAP, the attacking cruiser in RB1 of them (d <= 4)."""
    bombers = Wing(T, 3)
    cruiser = card("CR")
    kw = {"attacked": False, "cap": True}
    assert counter_attack_problem(bombers, cruiser, Level.SURFACE, 4, **kw) == ""
    assert counter_attack_problem(bombers, cruiser, Level.SURFACE, 5, **kw) != ""
    assert counter_attack_problem(
        bombers, cruiser, Level.SURFACE, 1, attacked=False, cap=False
    ).startswith("Only")
    assert "no attack dice" in counter_attack_problem(Wing(F, 3), cruiser, Level.SURFACE, 1, **kw)
    tired = Wing(T, 3, fuel=1)
    assert counter_attack_problem(tired, cruiser, Level.SURFACE, 1, **kw) != ""


def test_recon_plus_one() -> None:
    """DW-20.8 / DW-18.7: an attached, unaborted recon that sees the target gives +1."""
    recon = Wing(R, 1)
    assert recon_bonus(recon, sees_target=True)
    assert not recon_bonus(recon, sees_target=False)
    assert not recon_bonus(attrs.evolve(recon, aborted=True), sees_target=True)
    assert not recon_bonus(Wing(F, 3), sees_target=True)
    assert not recon_bonus(None, sees_target=True)
    primary = next(w for w in card("BB").weapons if w.kind.value == "primary")
    need = indirect_need(primary, recon=recon_bonus(recon, sees_target=True))
    assert need.mod == 1


def test_quick_launch_and_planes_on_deck() -> None:
    """DW-20.4 Quick Launch; DW-18.4: planes on a deck, Covered Decks."""
    assert quick_launch(card("CV", "quick_launch"))
    assert not quick_launch(card("CV"))
    assert landed_aa_problem(card("BB"), card("CV"), higher=False) != ""  # Large at Massive
    assert landed_aa_problem(card("BB"), card("CV"), higher=True) == ""
    assert landed_aa_problem(card("CV"), card("CV"), higher=False) == ""
    assert "covered" in landed_aa_problem(card("CV"), card("CV", "covered_decks"), higher=True)


def test_deck_crews() -> None:
    """DW-24 Deck Crews: once per game, a landed wing or a recon wing, within capacity (6)."""
    crews = card("CV", "deck_crews")
    wing = Wing(F, 4)
    assert deck_crews_problem(crews, wing, used=False, landed_here=True, lost=1, aboard=5) == ""
    assert "room" in deck_crews_problem(crews, wing, used=False, landed_here=True, lost=1, aboard=6)
    assert "already" in deck_crews_problem(
        crews, wing, used=True, landed_here=True, lost=1, aboard=0
    )
    assert deck_crews_problem(crews, wing, used=False, landed_here=False, lost=1, aboard=0) != ""
    recon = Wing(R, 0)
    assert deck_crews_problem(crews, recon, used=False, landed_here=False, lost=1, aboard=6) == ""
    assert deck_crews_problem(card("CV"), wing, used=False, landed_here=True, lost=1, aboard=0)


def test_faster_torpedoes_make_cc_reroll_its_hits() -> None:
    """DW-20.9 Faster Torpedoes: the CC's scoring dice are rolled again, the new result kept.

    9 AD: four 3s = 4 hits. CC 3 dice: 5, 6 (+ extra 1), 2 cancel 3; re-rolling the 5 and the 6
    gives 1 and 5: 1 cancelled, 3 hits get through.
    """
    wing = Wing(T, 3, mars=("faster_torpedoes",))
    script = [3, 3, 3, 3, 1, 1, 1, 1, 1, 5, 6, 2, 1, 1, 5]
    attack = roll_wing_attack(ScriptedDice(script), profile(T), wing, cc=[3])
    assert attack.cc_first is not None
    assert attack.cc_first.cancelled == 3
    assert attack.cc is not None
    assert attack.cc.cancelled == 1
    assert attack.hits == 3
