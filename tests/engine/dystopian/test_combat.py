"""Dystopian Wars attacks: AD after damage and markers, the to-hit matrix, linking and splitting.

Rules: DW-15.3, DW-16.2 (Half AD, Shattered Defences, Chaos & Disarray), DW-14.4 / DW-14.5,
DW-12.5, DW-15.4, DW-15.5, DW-27 items 1 and 22, DW-2.3, DW-24 (Hunters, Redoubtable), DW-4.1,
DW-17.1, DW-17.2, DW-17.3, DW-28.13 item 9.
"""

from __future__ import annotations

import attrs
import pytest

from engine.dice import ScriptedDice
from engine.dystopian.combat import (
    ContactFire,
    HitNumber,
    Shooter,
    SplitPart,
    Target,
    auxiliary_dice,
    combined_ad,
    halve,
    hit_number,
    hit_problem,
    link_problem,
    linked_ad,
    roll_attack,
    split_problem,
    weapon_ad,
    weapon_problem,
)
from engine.dystopian.geometry import Cover, Level
from engine.dystopian.models import MarRef, ModelCard, Weapon, WeaponKind
from tests.engine.dystopian._assets import models


def card(ident: str, *mars: str) -> ModelCard:
    found = models()[ident]
    return attrs.evolve(found, mars=found.mars + tuple(MarRef(m) for m in mars))


def weapon(ident: str, name: str) -> Weapon:
    return next(w for w in models()[ident].weapons if w.name.startswith(name))


BB, CR, FF = "BB", "CR", "FF"


# ---- AD (DW-15.3, DW-16.2, DW-14.4, DW-12.5) -------------------------------------------------


def test_hull_damage_costs_gunnery_one_die_each() -> None:
    """DW-15.3 example: 3 Hull Damage markers: 8 AD in RB3 rolls 5D6; torpedoes unaffected."""
    battleship = Shooter(card(BB), hull_damage=3)
    assert weapon_ad(battleship, weapon(BB, "Fore"), 3) == 5
    assert weapon_ad(battleship, weapon(BB, "Torpedoes"), 3) == 4


def test_hull_damage_never_takes_gunnery_below_one() -> None:
    """DW-15.3: AD can never drop below 1 from hull damage (frigate 2 AD in RB3, 5 damage)."""
    assert weapon_ad(Shooter(card(FF), hull_damage=5), weapon(FF, "Fore"), 3) == 1


def test_redoubtable_loses_one_die_per_two_damage() -> None:
    """DW-15.3 / DW-24: Redoubtable: 3 damage costs -1, not -3."""
    gun = attrs.evolve(weapon(BB, "Fore"), mars=(MarRef("redoubtable"),))
    assert weapon_ad(Shooter(card(BB), hull_damage=3), gun, 2) == 9
    tesla = attrs.evolve(weapon(BB, "Broadside"), tesla=True)
    assert weapon_ad(Shooter(card(BB), hull_damage=4), tesla, 1) == 6


def test_half_ad_marker_halves_guns_only() -> None:
    """DW-16.2 result 6 (Weapons Damaged): primaries and secondaries halved, torpedoes not."""
    damaged = Shooter(card(BB), half_ad=True)
    assert weapon_ad(damaged, weapon(BB, "Fore"), 2) == 5
    assert weapon_ad(damaged, weapon(BB, "Broadside"), 3) == 1  # 3 halves to 1
    assert weapon_ad(damaged, weapon(BB, "Torpedoes"), 2) == 6


def test_cover_halves_once_and_none_means_no_dice() -> None:
    """DW-14.4 / DW-14.5: half AD for partial cover (12 -> 6, 7 -> 3); out of arc: none."""
    cruiser = Shooter(card(CR))
    assert weapon_ad(cruiser, weapon(CR, "Fore"), 1, Cover.HALF) == 3
    assert weapon_ad(cruiser, weapon(CR, "Fore"), 1, Cover.NONE) == 0
    assert halve(12) == 6
    assert halve(1) == 1


def test_contact_limits_fire() -> None:
    """DW-12.5: half dice after a ram on a same-size model, none after hitting a larger one."""
    assert weapon_ad(Shooter(card(CR), contact=ContactFire.HALF), weapon(CR, "Fore"), 2) == 3
    stuck = Shooter(card(CR), contact=ContactFire.NONE)
    assert weapon_ad(stuck, weapon(CR, "Fore"), 2) == 0
    assert weapon_problem(stuck, weapon(CR, "Fore"))


def test_dash_in_band_fires_nothing() -> None:
    """DW-15.2: a dash on the card: no attack in that band; beyond RB4 none."""
    assert weapon_ad(Shooter(card(BB)), weapon(BB, "Broadside"), 4) == 0
    assert weapon_ad(Shooter(card(BB)), weapon(BB, "Fore"), 5) == 0


def test_chaos_and_disarray_stops_ordnance_not_guns() -> None:
    """DW-16.2 result 11: no rockets, torpedoes, bombs or mines; guns still fire."""
    shaken = Shooter(card(BB), chaos=True)
    assert weapon_ad(shaken, weapon(BB, "Torpedoes"), 1) == 0
    assert weapon_problem(shaken, weapon(BB, "Torpedoes"))
    assert weapon_ad(shaken, weapon(BB, "Fore"), 1) == 8


def test_submerged_model_fires_only_torpedoes() -> None:
    """DW-11.9 / DW-14.6: a submerged model fires only torpedoes."""
    sub = Shooter(card("SS"), level=Level.SUBMERGED)
    assert weapon_ad(sub, weapon("SS", "Torpedoes"), 1) == 6
    assert weapon_ad(sub, weapon("SS", "Deck"), 1) == 0


def test_aa_and_cc_after_damage() -> None:
    """DW-15.3: AA and CC lose 1 per damage, minimum 1 if above 0; Shattered Defences: 0."""
    assert auxiliary_dice(Shooter(card(BB), hull_damage=3), card(BB).aa) == 4
    assert auxiliary_dice(Shooter(card(FF), hull_damage=2), card(FF).aa) == 1
    assert auxiliary_dice(Shooter(card("AS"), hull_damage=2), card("AS").cc) == 0
    assert auxiliary_dice(Shooter(card(BB), shattered=True), card(BB).aa) == 0
    assert auxiliary_dice(Shooter(card("SS"), level=Level.SUBMERGED), card("SS").cc) == 0


# ---- to hit (DW-15.4, DW-15.5) -----------------------------------------------------------------


def need(shooter: Shooter, target: Target, gun: Weapon, band: int = 2) -> int:
    return hit_number(shooter, target, gun, band).threshold


@pytest.mark.parametrize(
    ("shooter_level", "target", "target_level", "expected"),
    [
        (Level.SURFACE, CR, Level.SURFACE, 4),
        (Level.SURFACE, "AS", Level.FLYING, 4),
        (Level.SURFACE, "SS", Level.SURFACE, 5),  # diving, surfaced
        (Level.SURFACE, "SS", Level.SUBMERGED, 6),
        (Level.SURFACE, "AS", Level.OBSCURED, 5),  # v1.2: Large obscured flyer on 5-6
        (Level.OBSCURED, CR, Level.SURFACE, 6),
        (Level.OBSCURED, "AS", Level.OBSCURED, 6),  # the obscured row has no v1.2 note
        (Level.SUBMERGED, CR, Level.SURFACE, 6),
    ],
)
def test_matrix(shooter_level: Level, target: str, target_level: Level, expected: int) -> None:
    """DW-15.4 / DW-27 item 1: the hit number by shooter and target level."""
    gun = weapon("SS", "Torpedoes")  # usable from every level, no Small/Fast rules at a Medium
    shooter = Shooter(attrs.evolve(card(CR), capital=False), level=shooter_level)
    assert need(shooter, Target(card(target), target_level), gun) == expected


def test_obscured_small_flyer_only_on_six() -> None:
    """DW-15.4 v1.2: an obscured Small flyer only on 6."""
    small_flyer = attrs.evolve(card("BM"), size=card(FF).size)
    shooter = Shooter(attrs.evolve(card(CR), capital=False))
    assert need(shooter, Target(small_flyer, Level.OBSCURED), weapon(CR, "Fore"), 3) == 6


def test_impossible_levels_are_problems() -> None:
    """DW-15.4: a submerged model cannot fire at flyers; an obscured one not at submerged."""
    sub = Shooter(card("SS"), level=Level.SUBMERGED)
    assert hit_problem(sub, Target(card("AS"), Level.FLYING), weapon("SS", "Torpedoes"))
    high = Shooter(card("AS"), level=Level.OBSCURED)
    assert hit_problem(high, Target(card("SS"), Level.SUBMERGED), weapon("AS", "Fore"))
    with pytest.raises(ValueError, match="no hit number"):
        hit_number(sub, Target(card("AS"), Level.FLYING), weapon("SS", "Torpedoes"), 1)


def test_no_fire_at_own_models_or_tokens() -> None:
    """DW-15.1: never at your own fleet; ordnance cannot target tiny tokens or boarders."""
    gun = weapon(BB, "Fore")
    assert hit_problem(Shooter(card(BB)), Target(card(CR), friendly=True), gun)
    assert hit_problem(Shooter(card(BB)), Target(card(CR), token=True), gun)
    assert hit_problem(Shooter(card(BB)), Target(card(CR)), gun) == ""


def test_capital_needs_five_against_small_target() -> None:
    """DW-15.5 / DW-17.3 example: a battleship hits frigates only on 5-6."""
    assert need(Shooter(card(BB)), Target(card(FF)), weapon(BB, "Fore")) == 5
    assert need(Shooter(card(FF)), Target(card(FF)), weapon(FF, "Fore")) == 4


def test_fast_small_target_needs_six() -> None:
    """DW-15.5 example: a battleship at a Fast corvette: Small 5+, Fast 6: it needs 6."""
    corvette = card(FF, "fast_target")
    assert need(Shooter(card(BB)), Target(corvette), weapon(BB, "Fore")) == 6


def test_elusive_only_against_small_attackers() -> None:
    """DW-15.5 / DW-27 item 22: Elusive: 5-6 for Small-class attackers only."""
    elusive = card(CR, "elusive_target")
    assert need(Shooter(card(FF)), Target(elusive), weapon(FF, "Fore")) == 5
    assert need(Shooter(card(BB)), Target(elusive), weapon(BB, "Fore")) == 4


def test_small_fast_elusive_do_not_apply_to_mines_rule_kinds() -> None:
    """DW-15.5: only gunnery, rockets, torpedoes and bombs suffer the Small Target rule."""
    assert need(Shooter(card(BB)), Target(card(FF)), weapon(BB, "Torpedoes")) == 5
    assert hit_problem(Shooter(card("ES")), Target(card(CR)), weapon("ES", "Mines"))


def test_primary_at_close_range_and_worst_number() -> None:
    """DW-15.2 / DW-2.3 / DW-13.4: primaries -1 in RB1; woods 5+ against the base 4+."""
    close = hit_number(Shooter(card(BB)), Target(card(CR)), weapon(BB, "Fore"), 1)
    assert (close.threshold, close.mod) == (4, -1)
    broadside = hit_number(Shooter(card(BB)), Target(card(CR)), weapon(BB, "Broadside"), 1)
    assert broadside.mod == 0
    woods = hit_number(Shooter(card("LS")), Target(card("TK")), weapon("LS", "Fore"), 2, extra=(5,))
    assert woods.threshold == 5


def test_water_hunter_adds_one() -> None:
    """DW-24: Water Hunter +1 to hit against submerged targets (6 becomes 5+)."""
    hunter = attrs.evolve(weapon("SS", "Torpedoes"), mars=(MarRef("water_hunter"),))
    shooter = Shooter(attrs.evolve(card(CR), capital=False), level=Level.SUBMERGED)
    number = hit_number(shooter, Target(card("SS"), Level.SUBMERGED), hunter, 2)
    assert (number.threshold, number.mod) == (6, 1)
    roll = roll_attack(ScriptedDice([5, 4]), 2, number)
    assert roll.hits == 1


# ---- linking, combining, splitting (DW-17) ----------------------------------------------------


def test_linked_examples() -> None:
    """DW-17.1 examples and DW-4.1's four turrets: 3+1, 5+2, 7+3, 7+3+3, (7+3)+5, 9+4+4+4."""
    assert linked_ad(3, 3) == 4
    assert linked_ad(5, 5) == 7
    assert linked_ad(7, 7) == 10
    assert linked_ad(7, 7, 7) == 13
    assert linked_ad(linked_ad(7, 7), linked_ad(7, 7)) == 15
    assert linked_ad(9, 9, 9, 9) == 21
    assert linked_ad(4, 1) == 5  # minimum 1 per extra


def test_combined_fire_adds_full() -> None:
    """DW-17.2: combined fire adds every contribution in full."""
    assert combined_ad(3, 3, 2) == 8


def test_link_restrictions() -> None:
    """DW-17.1: one squadron, one family, Tesla with Tesla, not broken, never linked and split."""
    a, b = Shooter(card(CR), squadron="A"), Shooter(card(CR), squadron="A")
    fore, side = weapon(CR, "Fore"), weapon(CR, "Broadside")
    assert link_problem([(a, fore), (b, fore)]) == ""
    assert link_problem([(a, fore), (b, side)])
    assert link_problem([(a, fore), (Shooter(card(CR), squadron="B"), fore)])
    assert link_problem([(a, side), (b, attrs.evolve(side, tesla=True))])
    assert link_problem([(a, fore), (attrs.evolve(b, can_link=False), fore)])
    assert link_problem([(a, fore), (b, fore)], split=True)
    assert link_problem([(a, fore)])


def test_split_examples() -> None:
    """DW-17.3 example: 13 AD split 6/7 or 4/4/5; not across bands, twice on one target, mines."""
    turret = weapon(BB, "Fore")
    assert split_problem(turret, 13, [SplitPart("f1", 2, 6), SplitPart("f2", 2, 7)]) == ""
    parts = [SplitPart("f1", 2, 4), SplitPart("f2", 2, 4), SplitPart("f3", 2, 5)]
    assert split_problem(turret, 13, parts) == ""
    assert split_problem(turret, 13, [SplitPart("f1", 2, 6), SplitPart("f2", 3, 7)])
    assert split_problem(turret, 13, [SplitPart("f1", 2, 6), SplitPart("f1", 2, 7)])
    assert split_problem(turret, 13, [SplitPart("f1", 2, 6), SplitPart("f2", 2, 6)])
    assert split_problem(turret, 13, [SplitPart("f1", 2, 13), SplitPart("f2", 2, 0)])
    hidden = [SplitPart("f1", 2, 6), SplitPart("f2", 2, 7, visible=False)]
    assert split_problem(turret, 13, hidden)
    assert split_problem(weapon("ES", "Mines"), 4, [SplitPart("a", 1, 2), SplitPart("b", 1, 2)])


def test_roll_attack_keeps_every_die() -> None:
    """DW-2.1 / DW-15.5: a battleship's 4 AD at a frigate on 5-6: 4 misses, 5 hits, 6 explodes."""
    number = hit_number(Shooter(card(BB)), Target(card(FF)), weapon(BB, "Fore"), 2)
    roll = roll_attack(ScriptedDice([4, 5, 6, 2, 1]), 4, number)
    assert roll.hits == 3
    assert roll.roll.faces == (4, 5, 6, 2, 1)
    assert roll.ad == 4
    plain = roll_attack(ScriptedDice([4, 4]), 2)
    assert plain.need == HitNumber()
    assert plain.hits == 2


def test_weapon_kind_flags_are_what_the_rules_use() -> None:
    """DW-15.3: only gunnery is reduced by damage (the rule weapon_ad relies on)."""
    assert WeaponKind.PRIMARY.reduced_by_damage
    assert not WeaponKind.ROCKET.reduced_by_damage
