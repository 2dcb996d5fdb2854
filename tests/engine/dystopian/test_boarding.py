"""Dystopian Wars boarding: reach, defensive AA, melee, outcome, marines, prizes, derelicts.

Rules: DW-19.1, DW-19.2, DW-19.4 (worked example: three tanks against a landship), DW-19.5,
DW-19.6, DW-24 (boarding MARs), DW-27 items 18 and 25, DW-28.5, DW-28.13 items 11 and 17.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from engine.dice import ScriptedDice
from engine.dystopian.boarding import (
    Boarding,
    DriftTime,
    Outcome,
    aa_against_boarders,
    board_problem,
    boarder_dice,
    defence_problem,
    defence_system,
    derelict_drift,
    derelict_name,
    derelict_problem,
    drift_time,
    prize_holder,
    reassign_problem,
    resolve_boarding,
    return_problem,
    settle_marines,
    shoot_boarded_problem,
)
from engine.dystopian.damage import Critical
from engine.dystopian.geometry import Level
from engine.dystopian.models import Diving, MarRef, ModelCard, ModelType, Size
from engine.dystopian.ordnance import Aux
from tests.engine.dystopian._assets import models


def card(ident: str, *mars: str) -> ModelCard:
    found = models()[ident]
    if mars:
        found = attrs.evolve(found, mars=tuple(MarRef(m) for m in mars))
    return found


def tank(**kw: Any) -> Boarding:
    """DW-19.4 example: a tank with 3 AP (the Hound, AP 3)."""
    return attrs.evolve(Boarding(card("TK"), side=0, ap=3), **kw)


def landship(**kw: Any) -> Boarding:
    """DW-19.4 example: the landship with AA 7 and AP 6 (the Rampart, Capital)."""
    return attrs.evolve(Boarding(card("LS"), side=1, ap=6), **kw)


def robot(ident: str = "CR", side: int = 0, ap: int = 4) -> Boarding:
    """A non-Capital robot on the ``ident`` card."""
    return Boarding(attrs.evolve(card(ident), type=ModelType.ROBOT, capital=False), side, ap)


# ---- DW-19.4 worked example -----------------------------------------------------------------

# Defensive AA, 7 dice split 3/2/2, 5-6 needed: (5, 1, 2) 1 hit, (5, 3) 1 hit, (4, 5) 1 hit.
EXAMPLE_AA = [5, 1, 2, 5, 3, 4, 5]
# The tanks' melee, 2 MD each at 4+: (6, 4 + extra 5) = 4 hits, (4, 1) = 1, (5, 5) = 2: 7.
EXAMPLE_TANKS = [6, 4, 5, 4, 1, 5, 5]
# The landship's 6 MD split 2/2/2: (4, 4) = 2, (1, 2) = 0, (4, 3) = 1.
EXAMPLE_LANDSHIP = [4, 4, 1, 2, 4, 3]


def test_worked_example_three_tanks_take_the_landship() -> None:
    """DW-19.4 example: AA 7 over three parties drops them to 2 AP each; 6 MD split 2/2/2.

    The tanks' 7 hits take all 6 of the landship's AP; two parties survive with 2 and 1 AP,
    so it is captured. The tanks out-hit it (7 > 3) and it is Capital: sabotage, one critical
    (2D6 = 3 + 4: Hard Hit, with its D3).
    """
    script = [*EXAMPLE_AA, *EXAMPLE_TANKS, *EXAMPLE_LANDSHIP, 3, 4, 2]
    dice = ScriptedDice(script)
    result = resolve_boarding(
        dice,
        landship(),
        [tank(), tank(), tank()],
        defence=[(0, 3), (1, 2), (2, 2)],
        split=[2, 2, 2],
    )
    assert sum(shot.roll.ad for shot in result.defence_fire) == 7
    assert result.ap_after_fire == (2, 2, 2)
    assert result.melee is not None
    assert [a.ad for a in result.melee.attacks] == [2, 2, 2]
    assert result.melee.hits_on_target == 7
    assert result.melee.hits_by_target == 3
    assert result.parties_left == (0, 2, 1)
    assert result.ap_lost == (3, 1, 2)
    assert result.target_ap_left == 0
    assert result.outcome is Outcome.CAPTURED
    assert result.sabotage is not None
    assert result.sabotage.critical is Critical.HARD_HIT
    assert dice.position == len(script)


def test_worked_example_other_split_three_three_nothing() -> None:
    """DW-19.4 example: the landship may instead split its MD 3/3/0; the third party is safe."""
    script = [*EXAMPLE_AA, 1, 1, 1, 1, 1, 1, 4, 4, 4, 4, 4, 4]
    result = resolve_boarding(
        ScriptedDice(script),
        landship(),
        [tank(), tank(), tank()],
        defence=[(0, 3), (1, 2), (2, 2)],
        split=[3, 3],
    )
    assert result.melee is not None
    assert [d.ad for d in result.melee.defence] == [3, 3, 0]
    assert result.parties_left == (0, 0, 2)
    assert result.outcome is Outcome.FAILURE  # the landship kept all 6 AP
    assert result.sabotage is None  # 0 hits against 6


def test_split_beyond_the_melee_dice_is_refused() -> None:
    """DW-19.4 step 3: the defender splits only its current AP as MD."""
    with pytest.raises(ValueError, match="6 melee dice"):
        resolve_boarding(ScriptedDice([4] * 20), landship(), [tank()], split=[7])


# ---- reach and restrictions (DW-19.1, DW-19.2, DW-28.5) --------------------------------------


def test_reach_is_two_hexes_and_four_with_extended_range() -> None:
    """DW-19.1 / DW-24 Extended Range: 4" = 2 hexes, 8" = 4 hexes."""
    cruiser = Boarding(card("CR"), side=0, ap=4)
    assert board_problem(cruiser, landship(), 2) == ""
    assert "2 hexes" in board_problem(cruiser, landship(), 3)
    ranged = Boarding(card("CR", "extended_range"), side=0, ap=4)
    assert board_problem(ranged, landship(), 4) == ""
    assert board_problem(ranged, landship(), 5) != ""


def test_beasts_and_flyers_onto_the_surface_need_base_contact() -> None:
    """DW-19.2 / DW-28.5: creatures and robots, and a flyer boarding a surface model, at d = 1."""
    assert board_problem(robot(), landship(), 1) == ""
    assert "base contact" in board_problem(robot(), landship(), 2)
    airship = Boarding(card("AS"), side=0, ap=4, level=Level.FLYING)
    assert "base contact" in board_problem(airship, landship(), 2)
    assert board_problem(airship, landship(), 1) == ""


@pytest.mark.parametrize(
    ("boarder", "why"),
    [
        (tank(ap=0), "no marines"),
        (tank(broken=True), "broken"),
        (tank(out_of_command=True), "out-of-command"),
        (tank(derelict=True), "derelict"),
        (tank(hit_terrain=True), "terrain"),
        (Boarding(card("TK"), side=1, ap=3), "own fleet"),
    ],
)
def test_who_cannot_start_a_boarding(boarder: Boarding, why: str) -> None:
    """DW-19.1 / DW-19.2 / DW-19.6: AP 0, broken, out of command, derelict, terrain, friends."""
    assert why in board_problem(boarder, landship(), 1)


def test_submerged_targets_need_submerged_beasts_or_aquatic_marines() -> None:
    """DW-19.2 / DW-24 Aquatic Marines: who may board a submerged naval model; burrowers never."""
    sub = Boarding(card("SS"), side=1, ap=2, level=Level.SUBMERGED)
    cruiser = Boarding(card("CR"), side=0, ap=4)
    assert "aquatic" in board_problem(cruiser, sub, 1)
    aquatic = Boarding(card("CR", "aquatic_marines"), side=0, ap=4)
    assert board_problem(aquatic, sub, 1) == ""
    deep = attrs.evolve(robot(), level=Level.SUBMERGED)
    assert board_problem(deep, sub, 1) == ""
    assert board_problem(robot(), sub, 1) != ""  # a surface robot cannot
    burrower = attrs.evolve(sub, card=attrs.evolve(sub.card, diving=Diving.LAND))
    assert "never" in board_problem(aquatic, burrower, 1)


def test_submerged_boarders_and_the_obscured() -> None:
    """DW-19.2: from below only with Aquatic Marines; submerged and obscured never meet."""
    sub = Boarding(card("SS"), side=0, ap=2, level=Level.SUBMERGED)
    assert "aquatic" in board_problem(sub, landship(), 1)
    aquatic = attrs.evolve(sub, card=card("SS", "aquatic_marines"))
    assert board_problem(aquatic, landship(), 1) == ""
    high = Boarding(card("AS"), side=1, ap=4, level=Level.OBSCURED)
    assert "high-flying" in board_problem(aquatic, high, 1)


def test_tiny_flyers_are_never_boarded() -> None:
    """DW-19.2: tiny flyers can never be boarded."""
    tiny = Boarding(attrs.evolve(card("BM"), size=Size.TINY), side=1, ap=1, level=Level.FLYING)
    assert "Tiny" in board_problem(Boarding(card("AS"), side=0, ap=4, level=Level.FLYING), tiny, 1)


# ---- defensive fire (DW-19.4 step 2, DW-27 item 18) -------------------------------------------


def test_defensive_aa_dice() -> None:
    """DW-19.4 step 2 / DW-15.3 / DW-24: AA 7, less hull damage, +3 Electrical Defences."""
    assert aa_against_boarders(landship()) == 7
    assert aa_against_boarders(landship(hull_damage=2)) == 5
    assert aa_against_boarders(landship(shattered=True)) == 0
    assert aa_against_boarders(landship(derelict=True)) == 0
    wired = Boarding(card("LS", "electrical_defences"), side=1, ap=6)
    assert aa_against_boarders(wired) == 10
    assert aa_against_boarders(landship(), Aux.CC) == 6


def test_aquatic_marines_from_below_meet_cc() -> None:
    """DW-27 item 18: boarders from a submerged model skip AA; CC answers them."""
    sub = Boarding(card("SS", "aquatic_marines"), side=0, ap=2, level=Level.SUBMERGED)
    assert defence_system(sub) is Aux.CC
    assert defence_system(tank()) is Aux.AA


def test_defence_assignment_guards() -> None:
    """DW-19.4 step 2 / DW-18.2: squadron-mates in reach; never more than the dice available."""
    fine = defence_problem(
        same_squadron=True, to_target=3, to_boarder=9, reach=4, dice=7, assigned=7
    )
    assert fine == ""
    assert "squadron" in defence_problem(
        same_squadron=False, to_target=0, to_boarder=1, reach=4, dice=7, assigned=1
    )
    assert "Too far" in defence_problem(
        same_squadron=True, to_target=5, to_boarder=5, reach=4, dice=7, assigned=1
    )
    assert "7 dice" in defence_problem(
        same_squadron=True, to_target=0, to_boarder=1, reach=4, dice=7, assigned=8
    )


def test_aa_at_a_boarding_robot_hits_on_four_and_hurts_its_hull() -> None:
    """DW-19.4 step 2: 4+ against a robot, compared with its DR/CR; its AP stay.

    The cruiser-robot (DR 4) takes 4, 4, 4, 4 = 4 hits: 1 HP, no AP lost.
    """
    bot = robot()
    script = [4, 4, 4, 4, *[1] * 4, *[1] * 4]
    result = resolve_boarding(ScriptedDice(script), landship(), [bot], defence=[(0, 4)], split=[4])
    shot = result.defence_fire[0]
    assert shot.roll.need.threshold == 4
    assert shot.damage is not None
    assert shot.damage.hp_lost == 1
    assert result.ap_after_fire == (4,)


# ---- melee modifiers (DW-19.4 step 3, DW-24, DW-19.2) ----------------------------------------


def test_boarder_dice_modifiers() -> None:
    """DW-24 / DW-19.2: Gas Alert +2, Dash and Elan +1, Coordinated +1 (2+), halvings, to-hit."""
    target = landship()
    assert boarder_dice(tank(), 3, target) == (3, 0)
    assert boarder_dice(Boarding(card("TK", "gas_alert"), 0, 3), 3, target) == (5, 0)
    assert boarder_dice(Boarding(card("TK", "dash_and_elan"), 0, 3), 3, target) == (4, 0)
    coord = Boarding(card("TK", "coordinated_assault"), 0, 3)
    assert boarder_dice(coord, 3, target, coordinated=1) == (3, 0)
    assert boarder_dice(coord, 3, target, coordinated=2) == (4, 0)
    assert boarder_dice(tank(hit_model=True), 3, target) == (1, 0)
    assert boarder_dice(tank(), 3, Boarding(card("LS", "impervious"), 1, 6)) == (1, 0)
    assert boarder_dice(tank(sonic=True), 3, target) == (1, 0)
    assert boarder_dice(Boarding(card("TK", "elite_crew"), 0, 3), 3, target) == (3, 1)
    assert boarder_dice(Boarding(card("TK", "limited_resources"), 0, 3), 3, target) == (3, -1)
    assert boarder_dice(tank(), 0, target) == (0, 0)


def test_elite_crew_hits_on_three() -> None:
    """DW-24 Elite Crew: +1 to hit: a 3 scores. Security Posts ignore the first two hits."""
    elite = Boarding(card("TK", "elite_crew"), 0, 3)
    result = resolve_boarding(ScriptedDice([3, 3, 3, 4, 4]), landship(), [elite])
    assert result.melee is not None
    assert result.melee.hits_on_target == 3
    posts = Boarding(card("LS", "security_posts"), 1, 6)
    guarded = resolve_boarding(ScriptedDice([3, 3, 3, 4, 4]), posts, [elite])
    assert guarded.melee is not None
    assert guarded.melee.ignored == 2
    assert guarded.target_ap_left == 5
    assert guarded.sabotage is not None  # 1 hit counted against 0: still out-fought


# ---- outcomes (DW-19.4 steps 4 and 5, DW-19.6) -------------------------------------------------


def test_zero_ap_target_is_taken_without_a_roll() -> None:
    """DW-19.4 step 3: a model with 0 AP is captured if any boarder survives; no MD roll."""
    empty = landship(ap=0)
    result = resolve_boarding(ScriptedDice([1]), empty, [tank()], defence=[(0, 1)])
    assert result.melee is None
    assert result.outcome is Outcome.CAPTURED
    wiped = resolve_boarding(
        ScriptedDice([6, 5, 5]), empty, [tank()], defence=[(0, 1)]
    )  # 6 = 2 hits + a 5 = 1: 3 AP gone
    assert wiped.outcome is Outcome.FAILURE


def test_robots_are_destroyed_beasts_leave_derelicts() -> None:
    """DW-19.4 step 5: a robot target is destroyed; a beast that wins cannot capture."""
    bot_target = robot(side=1, ap=1)
    won = resolve_boarding(ScriptedDice([4, 4, 4, 1]), bot_target, [tank()], split=[1])
    assert won.outcome is Outcome.DESTROYED
    # 6, 6, 4, 4 and the two extra dice 4, 4: 8 hits; then the sabotage critical 3 + 3.
    beast_win = resolve_boarding(ScriptedDice([6, 6, 4, 4, 4, 4, 3, 3]), landship(), [robot()])
    assert beast_win.target_ap_left == 0
    assert beast_win.outcome is Outcome.DERELICT


def test_no_sabotage_on_a_non_capital_target() -> None:
    """DW-19.4 step 4: only a Capital target rolls the sabotage critical."""
    frigate = Boarding(card("FF"), side=1, ap=2)
    assert not frigate.card.capital
    # 3 hits on a 2 AP frigate that split nothing: taken, no sabotage roll (no dice left).
    result = resolve_boarding(ScriptedDice([4, 4, 4]), frigate, [tank()])
    assert result.melee is not None
    assert result.melee.hits_on_target == 3
    assert result.sabotage is None
    assert result.outcome is Outcome.CAPTURED


# ---- returning marines, prizes, derelicts (DW-19.4 step 6, DW-19.5, DW-19.6) -------------------


def test_return_guards() -> None:
    """DW-19.4 step 6: home within 4" (2 hexes); no more than survived; beasts keep their AP."""
    assert return_problem(tank(), 2, 2, 2) == ""
    assert "2 hexes" in return_problem(tank(), 2, 1, 3)
    assert return_problem(tank(), 2, 0, 9) == ""
    assert "survived" in return_problem(tank(), 2, 3, 1)
    assert return_problem(robot(), 2, 1, 1) != ""


def test_settle_marines_caps_at_starting_ap() -> None:
    """DW-19.4 step 6: never more AP aboard than the starting AP; the excess goes home or is lost.

    8 survivors on a 6 AP cruiser-sized prize: 2 go home if in reach (home at 0 of 8), else lost.
    """
    settle = settle_marines(8, 0, target_start=6, home_ap=0, home_start=8, home_in_reach=True)
    assert (settle.aboard, settle.home, settle.lost) == (6, 2, 0)
    far = settle_marines(8, 0, target_start=6, home_ap=0, home_start=8, home_in_reach=False)
    assert (far.aboard, far.home, far.lost) == (6, 0, 2)
    full = settle_marines(3, 3, target_start=6, home_ap=7, home_start=8, home_in_reach=True)
    assert (full.aboard, full.home, full.lost) == (0, 1, 2)


def test_prize_holder_and_names() -> None:
    """DW-19.5 / DW-19.6: one fleet aboard holds the prize; the owner's recapture ends it."""
    assert prize_holder(1, {0: 2}) == 0
    assert prize_holder(1, {0: 2, 1: 1}) is None
    assert prize_holder(1, {1: 3}) is None
    assert prize_holder(1, {0: 0}) is None
    assert derelict_name(1, {0: 2}) == "captured derelict"
    assert derelict_name(1, {1: 2}) == "recaptured derelict"
    assert derelict_name(1, {}) == "derelict"


def test_derelict_drift() -> None:
    """DW-19.6: 2" (1 hex) ahead, or the minimum move; All Stop and fortresses stay put."""
    assert derelict_drift(card("LS")) == 1
    assert derelict_drift(attrs.evolve(card("CR"), min_move=4)) == 2
    assert derelict_drift(card("LS"), all_stop=True) == 0
    assert derelict_drift(card("FX")) == 0
    assert drift_time(card("LS"), anyone_aboard=True) is DriftTime.WITH_PARTY
    assert drift_time(card("LS"), anyone_aboard=False) is DriftTime.END_PHASE
    assert drift_time(card("FX"), anyone_aboard=False) is DriftTime.NEVER


def test_derelicts_do_not_fight() -> None:
    """DW-19.6: no gunnery, AA, CC, generators or boarding for a derelict; moving is fine."""
    for action in ("fire", "aa", "cc", "generator", "board"):
        assert derelict_problem(action) != ""
    assert derelict_problem("move") == ""


def test_orphan_escorts_defend_but_do_not_board() -> None:
    """DW-21: an escort heading for a new parent cannot start a boarding."""
    escort = Boarding(card("ES"), side=0, ap=1, orphan=True)
    assert "escort" in board_problem(escort, landship(), 1)


def test_shooting_a_boarded_model() -> None:
    """DW-19.2: not by the boarder itself; only by its squadron-mates."""
    assert shoot_boarded_problem(boarding_it=True, boarders_squadron=True) != ""
    assert shoot_boarded_problem(boarding_it=False, boarders_squadron=True) == ""
    assert shoot_boarded_problem(boarding_it=False, boarders_squadron=False) != ""


def test_assault_weapon_boards_like_a_robot_with_its_starting_ap() -> None:
    """DW-24 Assault Weapon: starting AP (8) though 2 are left; AA at it needs 4+ on its hull.

    The battleship's 8 MD at 4+ (eight 4s) take the cruiser's 4 AP; a robot-like win cannot
    capture, so the cruiser is left derelict (DW-19.4 step 5).
    """
    gunner = Boarding(card("BB"), side=0, ap=2, assault_weapon=True)
    cruiser = Boarding(card("CR"), side=1, ap=4)
    script = [4, 1, 1, 4, 4, 4, 4, 4, 4, 4, 4, 1, 1, 1, 1, 3, 3]
    result = resolve_boarding(ScriptedDice(script), cruiser, [gunner], defence=[(0, 3)], split=[4])
    shot = result.defence_fire[0]
    assert shot.roll.need.threshold == 4
    assert shot.damage is not None
    assert result.ap_after_fire == (8,)
    assert result.target_ap_left == 0
    assert result.outcome is Outcome.DERELICT
    assert result.ap_lost == (0,)


def test_a_robot_destroyed_by_the_defensive_fire_is_gone() -> None:
    """DW-19.4 step 2: the pools add up on the robot's hull; destroyed, its party is gone.

    A robot on the frigate card (DR 3, CR 6, HP 2) takes 5 hits (1 HP), then 5 more (1 HP):
    the second pool destroys it, so nobody is left to fight and no melee is rolled.
    """
    frigate = Boarding(attrs.evolve(card("FF"), type=ModelType.ROBOT), side=0, ap=2)
    script = [4, 4, 4, 4, 4, 4, 4, 4, 4, 4]
    result = resolve_boarding(
        ScriptedDice(script), landship(), [frigate], defence=[(0, 5), (0, 5)], split=[6]
    )
    first, second = result.defence_fire
    assert first.damage is not None
    assert (first.damage.hp_lost, first.destroyed) == (1, False)
    assert second.destroyed
    assert result.ap_after_fire == (0,)
    assert result.melee is None
    assert result.outcome is Outcome.FAILURE


def test_a_captured_derelict_is_fought_by_the_party_aboard() -> None:
    """DW-19.6: boarding a captured derelict fights the marines aboard; an empty one is free."""
    held = Boarding(card("LS"), side=0, ap=2, derelict=True)
    owner = Boarding(card("CR"), side=1, ap=4)
    result = resolve_boarding(ScriptedDice([4, 4, 4, 1, 1, 1, 3, 3]), held, [owner], split=[2])
    assert result.melee is not None
    assert result.outcome is Outcome.CAPTURED  # the owner recaptures it
    empty = attrs.evolve(held, ap=0)
    free = resolve_boarding(ScriptedDice([]), empty, [owner])
    assert free.melee is None
    assert free.outcome is Outcome.CAPTURED


def test_reassignment() -> None:
    """DW-24 Reassignment: the survivors' AP shared out, none above a starting AP (3)."""
    a = Boarding(card("TK", "reassignment"), side=0, ap=3)
    parties = [(a, 0), (a, 3)]
    assert reassign_problem(parties, [2, 1]) == ""
    assert "not created" in reassign_problem(parties, [2, 2])
    assert "started" in reassign_problem([(a, 4), (a, 0)], [4, 0])
    assert "Reassignment" in reassign_problem([(tank(), 1), (a, 1)], [1, 1])
