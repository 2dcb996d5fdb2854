"""Paper 'Mech PM-6 and PM-9: enemy attacks, hit location, armor, recording damage, spill-over."""

from __future__ import annotations

import attrs
import pytest

from engine.papermech import commands as cmd
from engine.papermech import events as ev
from engine.papermech.options import choosable
from engine.papermech.state import Prompt
from engine.papermech.tables import SPILL_TRACKS, Action, Location, Mount, Stance
from tests.engine.papermech._build import (
    all_of,
    foe,
    hurt,
    one,
    play,
    player,
    prompt_of,
    state_with,
)

FULL = (1, 2, 3, 4, 5, 6)
TORSO, LEGS = Location.TORSO, Location.LEGS
LS, RS, LA, RA = Location.LS, Location.RS, Location.LA, Location.RA


def bike_hits(where: str, rolls: list[int], **me):
    """A Bike (MG, P1) on ``where`` activates against the player; ``rolls`` are all its dice."""
    state = state_with(foe("B", where, time=0), me=player(**me))
    return play(state, cmd.Wait(), rolls)


# ------------------------------------------------------------------ PM-9.1 hit location
FRONT = {1: TORSO, 2: LS, 3: RS, 4: LA, 5: RA, 6: LEGS}
LEFT_SIDE = {1: LS, 2: LS, 3: LA, 4: LA, 5: LA, 6: LEGS}
RIGHT_SIDE = {1: RS, 2: RS, 3: RA, 4: RA, 5: RA, 6: LEGS}
DIAGRAMS = [
    ("3", FRONT),
    ("4", FRONT),
    ("RR", FRONT),
    ("RL", FRONT),
    ("1", LEFT_SIDE),
    ("2", LEFT_SIDE),
    ("5", RIGHT_SIDE),
    ("6", RIGHT_SIDE),
]


@pytest.mark.parametrize(("wedge", "diagram"), DIAGRAMS)
def test_pm_9_1_targeting_diagram(wedge: str, diagram: dict) -> None:
    """PM-9.1: front/back diagram from 3, 4, RR, RL (never mirrored); side from 1, 2 / 5, 6."""
    for roll in range(1, 7):
        _, events = bike_hits(f"S/{wedge}", [roll, 1])
        attack = one(events, ev.EnemyAttacked)
        assert (roll, attack.location) == (roll, diagram[roll])
        assert attack.location_rolls == (roll,)


# ------------------------------------------------------------------ PM-9.2 armor, PM-6 / E9
@pytest.mark.parametrize(
    ("roll", "armor"),
    [(1, 5), (2, 4), (3, 3), (4, 3), (5, 3), (6, 4)],
    ids=[loc.value for loc in FRONT.values()],
)
def test_pm_9_2_armor_of_each_location_of_the_default_loadout(roll: int, armor: int) -> None:
    """PM-9.2 / PM-11.2: torso 5, legs 4, Wing Shield 4, Missiles, Laser and Fist 3."""
    _, events = bike_hits("S/4", [roll, 1])
    assert one(events, ev.EnemyAttacked).armor == armor


def test_pm_9_2_e9a_the_mech_fist_from_the_front_only_a_6_hurts_the_torso() -> None:
    """E9(a): Mech Fist (C, P5) from C/4, location 1: 6 5 4 3 2 vs torso 5: one damage."""
    state = state_with(foe("M", "C/4", attack=0, time=0))
    after, events = play(state, cmd.Wait(), [1, 6, 5, 4, 3, 2, 3])
    attack = one(events, ev.EnemyAttacked)
    assert (attack.location, attack.rear, attack.armor, attack.hits) == (TORSO, False, 5, 1)
    assert after.player.torso == 1
    assert one(events, ev.EnemyAttackSelected) == ev.EnemyAttackSelected("M", 3, 1, 3)


def test_pm_9_2_e9b_from_the_shaded_rear_every_armor_is_one_lower() -> None:
    """E9(b) / PM-6 1a: the same from C/RR: torso counts 4, 6 and 5 hit: two damage; it stays."""
    state = state_with(foe("M", "C/RR", attack=0, time=0))
    after, events = play(state, cmd.Wait(), [1, 6, 5, 4, 3, 2, 3])
    attack = one(events, ev.EnemyAttacked)
    assert (attack.location, attack.rear, attack.armor, attack.hits) == (TORSO, True, 4, 2)
    assert after.player.torso == 2
    assert not all_of(events, ev.EnemyMoved)


def test_pm_6_1b_e9c_squatting_rerolls_a_legs_6_and_rolls_one_die_fewer() -> None:
    """E9(c) / PM-6 1b / PM-10: squatting, from C/RR: location 6 re-rolled to 1; 4 dice: 2 hits."""
    state = state_with(foe("M", "C/RR", attack=0, time=0), me=player(stance=Stance.SQUATTING))
    after, events = play(state, cmd.Wait(), [6, 1, 6, 5, 4, 3, 3])
    attack = one(events, ev.EnemyAttacked)
    assert attack.location_rolls == (6, 1)
    assert attack.location is TORSO
    assert attack.dice == (6, 5, 4, 3)
    assert attack.hits == 2
    assert after.player.torso == 2


def test_pm_6_1b_e9d_squatting_never_rolls_fewer_than_one_die() -> None:
    """E9(d) / PM-6 1b: the Bike's MG (P1) against a squatting 'Mech still rolls 1 die."""
    _, events = bike_hits("S/4", [1, 6], stance=Stance.SQUATTING)
    attack = one(events, ev.EnemyAttacked)
    assert attack.dice == (6,)
    assert attack.hits == 1


def test_pm_9_1_e9e_rear_location_2_is_still_the_left_shoulder() -> None:
    """E9(e): Helo MG (S, P2) from S/RL, location 2 = Wing Shield (4 - 1 = 3): 4 3: one damage."""
    state = state_with(foe("H", "S/RL", attack=0, time=0))
    after, events = play(state, cmd.Wait(), [2, 4, 3, 1, 1])
    attack = one(events, ev.EnemyAttacked)
    assert (attack.location, attack.rear, attack.armor, attack.hits) == (LS, True, 3, 1)
    assert one(events, ev.CirclesFilled) == ev.CirclesFilled(LS, (0,), start_roll=1)
    assert after.player.circles(Mount.LS)[0]
    assert after.get("H").space == state.get("H").space  # already in RL: stays


def test_pm_6_a_missed_attack_rolls_no_start_circle() -> None:
    """PM-6 / PM-9.3: no damage, no circle: location and attack dice only."""
    after, events = bike_hits("S/4", [4, 3])
    assert one(events, ev.EnemyAttacked).hits == 0
    assert not all_of(events, ev.CirclesFilled)
    assert after.player.intact == 32


# ------------------------------------------------------------------ E3 / E4 hit-location examples
def e3_state():
    """E3: Artillery on L/4 on ACTIVE; the Laser's circles 4 and 5 already filled."""
    return state_with(foe("A", "L/4", time=0), me=player(mounts=hurt(la=(4, 5))))


def test_pm_9_3_e3_artillery_hits_the_laser_filling_6_then_wrapping_to_1_and_2() -> None:
    """E3: location 4 (left arm, armor 3), 2 2 4 5 6: three hits; start 4: circles 6, 1, 2."""
    after, events = play(e3_state(), cmd.Wait(), [4, 2, 2, 4, 5, 6, 4])
    attack = one(events, ev.EnemyAttacked)
    assert (attack.location, attack.location_rolls, attack.armor) == (LA, (4,), 3)
    assert (attack.dice, attack.hits) == ((2, 2, 4, 5, 6), 3)
    assert one(events, ev.CirclesFilled) == ev.CirclesFilled(LA, (5, 0, 1), start_roll=4)
    assert after.player.circles(Mount.LA) == (True, True, False, True, True, True)
    # The Artillery does not move and has one attack (no roll): its cube goes back to 5.
    assert not all_of(events, ev.EnemyMoved)
    assert one(events, ev.EnemyAttackSelected) == ev.EnemyAttackSelected("A", None, 0, 5)


def test_pm_5_e3_only_fully_filled_lines_are_disabled() -> None:
    """E3 disagreement 1 / PM-5: Laser Blast (circle 3 empty) stays usable, lines 1 and 3 do not."""
    after, _ = play(e3_state(), cmd.Wait(), [4, 2, 2, 4, 5, 6, 4])
    usable = set(choosable(after))
    assert Action.LA2 in usable
    assert not {Action.LA1, Action.LA3} & usable


def test_pm_9_3_e4_spill_over_from_the_full_laser_onto_the_wing_shield() -> None:
    """E4: 3 more on the Laser: circle 3, then spill roll 5 -> Wing Shield, armor ignored: 3, 4."""
    state, _ = play(e3_state(), cmd.Wait(), [4, 2, 2, 4, 5, 6, 4])
    state = state.with_enemy(attrs.evolve(state.get("A"), time=0))
    after, events = play(state, cmd.Wait(), [4, 1, 4, 5, 6, 2, 1, 5, 3])
    assert one(events, ev.EnemyAttacked).hits == 3
    assert all_of(events, ev.CirclesFilled) == [
        ev.CirclesFilled(LA, (2,), start_roll=1),
        ev.CirclesFilled(LS, (2, 3), start_roll=3),
    ]
    assert one(events, ev.DamageSpilled) == ev.DamageSpilled(LA, 5, LS, 2)
    assert after.player.free(LA) == 0
    assert after.player.circles(Mount.LS) == (False, False, True, True, False, False)
    usable = set(choosable(after))
    assert not {Action.LA1, Action.LA2, Action.LA3, Action.LS2} & usable
    assert {Action.LS1, Action.LS3} <= usable
    assert (after.player.torso, after.player.legs) == (0, (False,) * 4)


# ------------------------------------------------------------------ PM-9.3 recording damage
def test_pm_9_3_weapon_circles_fill_downward_from_the_start_roll_and_wrap() -> None:
    """PM-9.3: Artillery 3 hits on the right arm from start circle 5: circles 5, 6, 1."""
    state = state_with(foe("A", "L/4", time=0))
    after, events = play(state, cmd.Wait(), [5, 6, 6, 6, 1, 1, 5])
    assert one(events, ev.CirclesFilled) == ev.CirclesFilled(RA, (4, 5, 0), start_roll=5)
    assert after.player.circles(Mount.RA) == (True, False, False, False, True, True)


def test_pm_9_3_legs_fill_top_down_and_disable_their_lines() -> None:
    """PM-9.3 / PM-5.1: 2 hits on the legs (armor 4) fill lines 1 and 2: no squat, no backwards."""
    state = state_with(foe("M", "C/4", attack=0, time=0))
    after, events = play(state, cmd.Wait(), [6, 5, 6, 1, 1, 1, 3])
    assert one(events, ev.CirclesFilled) == ev.CirclesFilled(LEGS, (0, 1))
    assert after.player.legs == (True, True, False, False)
    assert not {Action.TURN_SQUAT, Action.BACKWARD} & set(choosable(after))


def test_pm_9_3_torso_at_four_destroys_the_mech_at_once() -> None:
    """PM-9.3 / PM-13 / E9(f): torso on 3 takes one more: the game is lost, nothing else happens."""
    after, events = bike_hits("S/4", [1, 6], torso=3)
    end = one(events, ev.GameEnded)
    assert not end.result.won
    assert "torso" in end.result.cause
    assert after.player.torso == 4
    assert not all_of(events, ev.EnemyMoved)
    assert not all_of(events, ev.EnemyAttackSelected)
    assert after.prompt is Prompt.OVER


def test_pm_9_3_damage_is_decided_once_against_the_location_armor() -> None:
    """PM-9.3: Tank PPC (P4) at the Wing Shield (4): 5 5 5 1: 3 hits, 2 spill to the torso (5)."""
    state = state_with(
        foe("T", "L/3", attack=1, time=0), me=player(mounts=hurt(ls=(1, 2, 3, 4, 5)))
    )
    after, events = play(state, cmd.Wait(), [2, 5, 5, 5, 1, 6, 1, 2])
    assert one(events, ev.EnemyAttacked).hits == 3
    assert one(events, ev.DamageSpilled) == ev.DamageSpilled(LS, 1, TORSO, 2)
    assert after.player.torso == 2  # a 5 does not beat torso armor 5, but spill ignores armor


def test_pm_9_3_a_hit_on_a_full_location_spills_all_of_it() -> None:
    """PM-9.3: the right arm is full: no start circle; both hits spill (roll 3: legs)."""
    state = state_with(
        foe("H", "S/4", attack=0, time=0), me=player(action=None, mounts=hurt(ra=FULL))
    )
    after, events = play(state, cmd.Wait(), [5, 6, 6, 3, 1])
    assert one(events, ev.DamageSpilled) == ev.DamageSpilled(RA, 3, LEGS, 2)
    assert one(events, ev.CirclesFilled) == ev.CirclesFilled(LEGS, (0, 1))
    assert after.player.legs == (True, True, False, False)


SPILLS = {
    LS: {1: TORSO, 2: TORSO, 3: LA, 4: LA, 5: LA, 6: LA},
    LA: {1: LEGS, 2: LEGS, 3: LS, 4: LS, 5: LS, 6: LS},
    RS: {1: RA, 2: RA, 3: TORSO, 4: TORSO, 5: RA, 6: RA},
    RA: {1: RS, 2: RS, 3: LEGS, 4: LEGS, 5: RS, 6: RS},
    LEGS: {1: LA, 2: LA, 3: RA, 4: RA, 5: TORSO, 6: TORSO},
}
LOCATION_ROLL = {TORSO: 1, LS: 2, RS: 3, LA: 4, RA: 5, LEGS: 6}


@pytest.mark.parametrize("full", list(SPILLS))
@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_pm_9_3_spill_over_track(full: Location, roll: int) -> None:
    """PM-9.3: a full location spills by a d6 on its track (DESIGN cells included)."""
    mounts = hurt(**{full.value.lower(): FULL}) if full.mount else hurt()
    legs = (1, 2, 3, 4) if full is LEGS else ()
    to = SPILLS[full][roll]
    # Bike on S/4 (front): the location roll names the full location; 6 beats any armor.
    dice = [LOCATION_ROLL[full], 6, roll] + ([1] if to.mount else [])
    after, events = bike_hits("S/4", dice, mounts=mounts, legs=legs, action=None)
    assert one(events, ev.DamageSpilled) == ev.DamageSpilled(full, roll, to, 1)
    assert after.player.free(to) == (4 if to in (TORSO, LEGS) else 6) - 1


def test_pm_9_3_the_torso_track_is_left_shoulder_right_shoulder_legs() -> None:
    """PM-9.3: the torso's track (used from the other end; a full torso is already lost)."""
    assert SPILL_TRACKS[TORSO] == (LS, RS, LEGS)


def test_pm_9_3_seed_check_left_arm_full_spill_roll_5_is_the_left_shoulder_shield() -> None:
    """PM-9.3 seed check: left arm full, spill roll 5 -> the Wing Shield on the left shoulder."""
    after, events = bike_hits("S/4", [4, 6, 5, 2], mounts=hurt(la=FULL))
    assert one(events, ev.DamageSpilled) == ev.DamageSpilled(LA, 5, LS, 1)
    assert one(events, ev.CirclesFilled) == ev.CirclesFilled(LS, (1,), start_roll=2)
    assert after.player.weapon(Mount.LS).label == "Wing Shield"


def test_pm_9_3_design_spill_into_a_full_location_rolls_again_on_its_track() -> None:
    """PM-9.3 DESIGN: left arm full -> 1: legs, also full -> 5: torso; the torso takes the hit."""
    after, events = bike_hits("S/4", [4, 6, 1, 5], mounts=hurt(la=FULL), legs=(1, 2, 3, 4))
    assert all_of(events, ev.DamageSpilled) == [
        ev.DamageSpilled(LA, 1, LEGS, 1),
        ev.DamageSpilled(LEGS, 5, TORSO, 1),
    ]
    assert after.player.torso == 1


def test_pm_9_3_design_a_location_filled_up_by_spill_spills_the_rest_on_its_own_track() -> None:
    """PM-9.3 DESIGN: 3 hits, arm full -> shield (2 free, start 1: 5, 6) -> roll 1: torso."""
    state = state_with(foe("A", "L/4", time=0), me=player(mounts=hurt(ls=(1, 2, 3, 4), la=FULL)))
    after, events = play(state, cmd.Wait(), [4, 6, 6, 6, 1, 1, 5, 1, 1])
    assert all_of(events, ev.DamageSpilled) == [
        ev.DamageSpilled(LA, 5, LS, 3),
        ev.DamageSpilled(LS, 1, TORSO, 1),
    ]
    assert all_of(events, ev.CirclesFilled) == [
        ev.CirclesFilled(LS, (4, 5), start_roll=1),
        ev.CirclesFilled(TORSO, (0,)),
    ]
    assert after.player.torso == 1


def test_pm_9_3_design_spill_stops_when_the_torso_reaches_4() -> None:
    """PM-9.3 DESIGN: shield full, 2 hits spill to the torso (3): 1 fills it, the game is lost."""
    state = state_with(foe("H", "S/4", attack=0, time=0), me=player(mounts=hurt(ls=FULL), torso=3))
    after, events = play(state, cmd.Wait(), [2, 5, 6, 1])
    assert one(events, ev.DamageSpilled) == ev.DamageSpilled(LS, 1, TORSO, 2)
    assert after.player.torso == 4
    assert not one(events, ev.GameEnded).result.won


def test_pm_9_3_the_torso_penalty_starts_at_three_damage() -> None:
    """PM-9.3: torso 2 -> no penalty; torso 3 -> every chosen action +1 T."""
    for torso, t in ((2, 2), (3, 3)):
        state = state_with(
            foe("A", "L/1"), me=player(action=None, time=None, torso=torso), prompt=Prompt.ACTION
        )
        _, events = play(state, cmd.ChooseAction(Action.LA1))
        assert events[0].time == t
    assert prompt_of(events) is Prompt.WINDOW
