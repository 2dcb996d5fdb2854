"""Paper 'Mech PM-11.1: every weapon special (E13's arithmetic, E8's slow enemy and Reflex)."""

from __future__ import annotations

import pytest

from engine.game import IllegalCommand
from engine.papermech import commands as cmd
from engine.papermech import events as ev
from engine.papermech import legal_commands
from engine.papermech.commands import PullDirection
from engine.papermech.options import PaperCode, choosable
from engine.papermech.state import (
    Enemy,
    LastAttack,
    Loadout,
    PaperSetup,
    PaperState,
    Player,
    Prompt,
)
from engine.papermech.tables import Action, EnemyKind, Location, Mount, Ring, Stance, Wedge
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

MISSILE_LINES = {Action.RS1, Action.RS2, Action.RS3}
FULL = (1, 2, 3, 4, 5, 6)


def fire(gear: str, action: Action, *enemies, dice=(), **me):
    """The player's ``action`` (cube on 1) resolves against ``enemies``; return state and events."""
    state = state_with(*enemies, me=player(gear, action=action, time=1, **me))
    return play(state, cmd.Wait(), dice)


def choose_state(gear: str = "", **me):
    """The ACTION prompt with nothing chosen and a far Artillery."""
    me_ = player(gear, action=None, time=None, **me)
    return state_with(foe("A", "L/1"), me=me_, prompt=Prompt.ACTION)


# ------------------------------------------------------------------ Recoil - Missiles
def test_pm_11_1_recoil_e13_multi_launch_delays_the_tank_one_space() -> None:
    """E13 Recoil: Multi Launch P4 vs Tank (4) on M/4, cube 3: 5 2 3 1: 1 damage, cube 3 -> 4."""
    after, events = fire("", Action.RS2, foe("T", "M/4", attack=0, time=4), dice=[5, 2, 3, 1])
    assert one(events, ev.PlayerAttacked).hits == 1
    assert one(events, ev.EnemyDelayed) == ev.EnemyDelayed("T", 4)
    assert after.get("T").time == 4
    after, _ = play(after, cmd.Skip())
    assert not MISSILE_LINES & set(choosable(after))  # cannot attack twice in a row


def test_pm_11_1_recoil_needs_at_least_one_damage() -> None:
    """PM-11.1 Recoil: no damage, no delay."""
    after, events = fire("", Action.RS2, foe("T", "M/4", attack=0, time=4), dice=[1, 2, 3, 4])
    assert not all_of(events, ev.EnemyDelayed)
    assert after.get("T").time == 3


def test_pm_11_1_recoil_design_defend_and_guard_count_as_the_previous_attack() -> None:
    """PM-11.1 Recoil DESIGN: after a Defend the Missiles may fire again."""
    state = choose_state(last_attack=LastAttack(Mount.LS, None))
    assert set(choosable(state)) >= MISSILE_LINES


def test_pm_11_1_recoil_design_a_movement_action_does_not_reset_the_memory() -> None:
    """PM-11.1 Recoil DESIGN: Missiles, then Walk Forwards: the Missiles are still blocked."""
    me = player(action=Action.FORWARD, time=1, last_attack=LastAttack(Mount.RS, "T"))
    after, _ = play(state_with(foe("T", "L/4", time=4), me=me), cmd.Wait())
    assert after.prompt is Prompt.ACTION
    assert not MISSILE_LINES & set(choosable(after))


def test_pm_11_1_recoil_design_an_abandoned_choice_does_not_count() -> None:
    """PM-11.1 Recoil DESIGN: Missiles fired, Laser chosen then abandoned: still no Missiles."""
    me = player(action=Action.LA1, time=1, placed=2, last_attack=LastAttack(Mount.RS, "T"))
    state = state_with(foe("T", "L/4", time=4), me=me)
    with pytest.raises(IllegalCommand) as caught:
        play(state, cmd.ChooseAction(Action.RS1))
    assert caught.value.code == PaperCode.ACTION


def test_pm_11_1_pm_12_design_each_missiles_copy_has_its_own_memory() -> None:
    """PM-12 DESIGN: two Missiles: after the right shoulder's, the left shoulder's may fire."""
    state = choose_state("LS=missiles", last_attack=LastAttack(Mount.RS, "T"))
    usable = set(choosable(state))
    assert {Action.LS1, Action.LS2, Action.LS3} <= usable
    assert not MISSILE_LINES & usable


# ------------------------------------------------------------------ Sniper - Rifle
def test_pm_11_1_sniper_e13_rushed_aim_counts_tank_armor_3() -> None:
    """E13 Sniper: Rushed Aim P2 vs Tank (4, counts 3): 4 2: one damage."""
    after, events = fire("RS=rifle", Action.RS1, foe("T", "L/4", attack=1), dice=[4, 2])
    attack = one(events, ev.PlayerAttacked)
    assert (attack.armor, attack.hits) == (3, 1)
    assert after.get("T").damage == 1


# ------------------------------------------------------------------ EMP - Disruptor
def test_pm_11_1_emp_e13_scrambler_rerolls_the_attack_and_resets_the_cube() -> None:
    """E13 EMP: Scrambler P1 4 vs F (3): 1 damage; F rolls 5 = Flame Gun, cube reset to 2."""
    after, events = fire("RS=disruptor", Action.RS1, foe("F", "M/4", attack=0, time=5), dice=[4, 5])
    assert one(events, ev.EnemyAttackSelected) == ev.EnemyAttackSelected("F", 5, 1, 2)
    assert (after.get("F").attack, after.get("F").time) == (1, 2)


def test_pm_11_1_emp_needs_damage() -> None:
    """PM-11.1 EMP: no damage: no re-roll, the cube stays."""
    after, events = fire("RS=disruptor", Action.RS1, foe("F", "M/4", attack=0, time=5), dice=[3])
    assert not all_of(events, ev.EnemyAttackSelected)
    assert after.get("F").time == 4


# ------------------------------------------------------------------ Proximity - Flamethrower
@pytest.mark.parametrize(
    ("action", "ring", "power"),
    [
        (Action.LA2, "C", 4),
        (Action.LA2, "S", 3),
        (Action.LA2, "M", 2),
        (Action.LA1, "M", 0),
        (Action.LA3, "S", 4),
    ],
)
def test_pm_11_1_proximity_power_falls_with_range(action: Action, ring: str, power: int) -> None:
    """E13 Proximity: printed P at C, -1 at S, -2 at M (Burn at M rolls no dice)."""
    tank = foe("T", f"{ring}/4", attack=1, time=5)
    _, events = fire("LA=flamethrower", action, tank, dice=[1] * power)
    attack = one(events, ev.PlayerAttacked)
    assert (attack.target, attack.power, attack.dice) == ("T", power, (1,) * power)


# ------------------------------------------------------------------ Accurate - Laser
def test_pm_11_1_accurate_e13_quick_beam_rerolls_the_miss() -> None:
    """E13 Accurate: Quick Beam P2 vs Helo (2): 1 5, the 1 re-rolled to 3: two damage."""
    after, events = fire("", Action.LA1, foe("H", "M/4", attack=1), dice=[1, 5, 3])
    attack = one(events, ev.PlayerAttacked)
    assert (attack.dice, attack.rerolls, attack.hits) == ((1, 5), (3,), 2)
    assert after.get("H").damage == 2


def test_pm_11_1_accurate_the_second_result_stands() -> None:
    """PM-11.1 Accurate: each miss is re-rolled once; a re-rolled 2 (not above 2) stays a miss."""
    _, events = fire("", Action.LA1, foe("H", "M/4", attack=1), dice=[1, 5, 2])
    attack = one(events, ev.PlayerAttacked)
    assert (attack.rerolls, attack.hits) == ((2,), 1)


def test_pm_11_1_accurate_no_miss_no_reroll() -> None:
    """PM-11.1 Accurate: both dice hit: nothing is re-rolled."""
    _, events = fire("", Action.LA1, foe("H", "M/4", attack=1), dice=[3, 5])
    assert one(events, ev.PlayerAttacked).rerolls == ()


# ------------------------------------------------------------------ Area - Mortar
def mortar_target(*enemies, haste: bool = False):
    """Single Shell (LS1) resolving (or hurried from 1) against several enemies: TARGET."""
    me = player("LS=mortar", action=Action.LS1, time=1, placed=2 if haste else 1)
    state = state_with(*enemies, me=me)
    state, events = play(state, cmd.Haste() if haste else cmd.Wait())
    assert prompt_of(events) is Prompt.TARGET
    return state


def test_pm_11_1_area_e13_the_same_dice_hit_a_second_adjacent_enemy() -> None:
    """E13 Area: Single Shell 4 4 2 vs F (3) on M/3 and Helo (2) on M/4: 2 damage each."""
    state = mortar_target(foe("F", "M/3", attack=1), foe("H", "M/4", attack=1))
    assert {cmd.ChooseTarget("F", "H"), cmd.ChooseTarget("H", "F")} <= set(legal_commands(state))
    after, events = play(state, cmd.ChooseTarget("F", "H"), [4, 4, 2])
    attack = one(events, ev.PlayerAttacked)
    assert (attack.target, attack.armor, attack.hits) == ("F", 3, 2)
    assert (attack.second, attack.second_armor, attack.second_hits) == ("H", 2, 2)
    assert (after.get("F").damage, after.get("H").damage) == (2, 2)


def test_pm_11_1_area_the_same_space_is_within_one_space() -> None:
    """PM-11.1 Area: two enemies sharing M/3 may both be hit."""
    state = mortar_target(foe("F", "M/3", attack=1), foe("H", "M/3", attack=1))
    assert cmd.ChooseTarget("F", "H") in legal_commands(state)


def test_pm_11_1_area_refuses_a_second_target_not_adjacent() -> None:
    """PM-11.1 Area / PM-8.1: F on M/3 and Helo on S/4 are not adjacent: no second target."""
    state = mortar_target(foe("F", "M/3", attack=1), foe("H", "S/4", attack=1))
    assert cmd.ChooseTarget("F", "H") not in legal_commands(state)
    with pytest.raises(IllegalCommand) as caught:
        play(state, cmd.ChooseTarget("F", "H"), [4, 4, 2])
    assert caught.value.code == PaperCode.TARGET


def test_pm_11_1_pm_8_2_the_mortar_cannot_attack_ring_c() -> None:
    """PM-8.2 / PM-11.1 Area: F on C/3 is no target; the only target, Helo on S/3, is shelled."""
    state = state_with(
        foe("F", "C/3", attack=1, time=5),
        foe("H", "S/3", attack=1),
        me=player("LS=mortar", action=Action.LS1, time=1),
    )
    _, events = play(state, cmd.Wait(), [1, 1, 1])
    attack = one(events, ev.PlayerAttacked)
    assert (attack.target, attack.second) == ("H", None)


def test_pm_11_1_pm_7_area_haste_reduces_the_dice_for_the_second_target_too() -> None:
    """PM-7 / Area: hurried from 1: 4 4 3 count 3 3 2: F (3) none, Helo (2) two."""
    state = mortar_target(foe("F", "M/3", attack=1), foe("H", "M/4", attack=1), haste=True)
    _, events = play(state, cmd.ChooseTarget("F", "H"), [4, 4, 3])
    attack = one(events, ev.PlayerAttacked)
    assert (attack.haste, attack.hits, attack.second_hits) == (1, 0, 2)


# ------------------------------------------------------------------ Weak - Machine Gun
def test_pm_11_1_weak_e13_burst_armor_counts_2_higher() -> None:
    """E13 Weak: Burst P3 vs Bike (2, counts 4): 5 4 6: two damage, the Bike is destroyed."""
    _, events = fire(
        "RS=machine-gun", Action.RS1, foe("B", "S/4", time=3), foe("A", "L/1"), dice=[5, 4, 6]
    )
    attack = one(events, ev.PlayerAttacked)
    assert (attack.armor, attack.hits) == (4, 2)
    assert one(events, ev.EnemyDestroyed).enemy == "B"


def test_pm_11_1_weak_design_a_rolled_6_still_scores_when_hurried() -> None:
    """E13 Weak DESIGN: the same Burst hurried from 2: 3 2 4 do not beat 4, the face 6 scores."""
    me = player("RS=machine-gun", action=Action.RS1, time=2, placed=3)
    state = state_with(foe("B", "S/4", time=3), foe("A", "L/1"), me=me)
    after, events = play(state, cmd.Haste(), [5, 4, 6])
    attack = one(events, ev.PlayerAttacked)
    assert (attack.haste, attack.hits) == (2, 1)
    assert after.get("B").damage == 1


# ------------------------------------------------------------------ Pull - Energy Whip
def whip(where: str, dice, gear: str = "LA=energy-whip", action: Action = Action.LA2):
    """Sidelash (P4) at a Firethrower on ``where``."""
    return fire(gear, action, foe("F", where, attack=1, time=5), dice=dice)


def test_pm_11_1_pull_moves_a_surviving_damaged_target_one_space() -> None:
    """PM-11.1 Pull: Sidelash 4 1 1 1 damages F on S/3: pull in, cw or ccw (all in the arc)."""
    state, events = whip("S/3", [4, 1, 1, 1])
    assert events[-1] == ev.Prompted(Prompt.PULL, enemy="F")
    assert legal_commands(state) == [
        cmd.Pull(PullDirection.IN),
        cmd.Pull(PullDirection.CW),
        cmd.Pull(PullDirection.CCW),
        cmd.Skip(),
    ]
    after, events = play(state, cmd.Pull(PullDirection.IN))
    assert events[0] == ev.EnemyMoved("F", Ring.C, Wedge.W3, "pull")
    assert prompt_of(events) is Prompt.FREE
    assert after.get("F").space == (Ring.C, Wedge.W3)


def test_pm_11_1_pull_the_new_space_must_be_in_the_whips_arc() -> None:
    """PM-11.1 Pull: the right-arm whip (arc 2-6, RR) cannot pull F on S/2 to S/1."""
    state, _ = whip("S/2", [4, 1, 1, 1], gear="RA=energy-whip", action=Action.RA2)
    assert legal_commands(state) == [
        cmd.Pull(PullDirection.IN),
        cmd.Pull(PullDirection.CW),
        cmd.Skip(),
    ]
    with pytest.raises(IllegalCommand):
        play(state, cmd.Pull(PullDirection.CCW))
    after, _ = play(state, cmd.Pull(PullDirection.CW))
    assert after.get("F").space == (Ring.S, Wedge.W3)


def test_pm_11_1_pull_not_inward_from_ring_c() -> None:
    """PM-11.1 Pull: a target on C/3 may only be pulled sideways."""
    state, _ = whip("C/3", [4, 1, 1, 1])
    assert cmd.Pull(PullDirection.IN) not in legal_commands(state)
    assert cmd.Pull(PullDirection.CW) in legal_commands(state)


def test_pm_11_1_pull_needs_damage_and_may_be_skipped() -> None:
    """PM-11.1 Pull: no damage, no pull (free move next); a pull may be declined."""
    _, events = whip("S/3", [1, 1, 1, 1])
    assert prompt_of(events) is Prompt.FREE
    state, _ = whip("S/3", [4, 1, 1, 1])
    after, events = play(state, cmd.Skip())
    assert after.get("F").space == (Ring.S, Wedge.W3)
    assert prompt_of(events) is Prompt.FREE


def test_pm_11_1_pull_not_when_the_target_is_destroyed() -> None:
    """PM-11.1 Pull: the target must survive."""
    state = state_with(
        foe("F", "S/3", attack=1, time=5, damage=3),
        foe("A", "L/1"),
        me=player("LA=energy-whip", action=Action.LA2, time=1),
    )
    _, events = play(state, cmd.Wait(), [4, 1, 1, 1])
    assert one(events, ev.EnemyDestroyed).enemy == "F"
    assert prompt_of(events) is Prompt.FREE


# ------------------------------------------------------------------ Combo / Crush, Fist
@pytest.mark.parametrize(
    ("action", "last", "power"),
    [
        (Action.RA1, LastAttack(Mount.RA, "M"), 3),
        (Action.RA1, LastAttack(Mount.RA, "T"), 2),
        (Action.RA1, LastAttack(Mount.RA, None), 2),
        (Action.RA1, LastAttack(Mount.LA, "M"), 2),
        (Action.RA3, LastAttack(Mount.RA, "M"), 2),
        (Action.RA3, None, 1),
    ],
)
def test_pm_11_1_combo_one_more_die_after_the_same_fist_on_the_same_target(
    action: Action, last: LastAttack | None, power: int
) -> None:
    """E13 Combo: +1 P only after this Fist hit the same target (Crush then rolls 2 dice)."""
    mech = foe("M", "C/4", attack=1, time=5)
    _, events = fire("", action, mech, dice=[1] * power, last_attack=last)
    assert one(events, ev.PlayerAttacked).power == power


def test_pm_11_1_combo_e13_punch_then_punch_again_rolls_three_dice() -> None:
    """E13 Combo: Punch on the Mech, then Punch it again: the second Punch rolls 3 dice."""
    state = state_with(foe("M", "C/4", attack=1, time=5), me=player(action=Action.RA1, time=1))
    state, events = play(state, cmd.Wait(), [1, 1])
    assert one(events, ev.PlayerAttacked).power == 2
    state, _ = play(state, cmd.Skip())
    state, _ = play(state, cmd.ChooseAction(Action.RA1))
    _, events = play(state, cmd.Wait(), [1, 1, 1])
    assert one(events, ev.PlayerAttacked).power == 3


@pytest.mark.parametrize(("die", "crushed"), [(3, False), (5, True)])
def test_pm_11_1_crush_e13_destroys_if_a_die_beats_the_remaining_hit_points(die, crushed) -> None:
    """E13 Crush: P1 vs Tank with 3 HP: 3 does nothing (not > 3 HP, not > armor 4); 5 destroys."""
    tank = foe("T", "C/4", attack=1, time=5, damage=1)
    after, events = fire("", Action.RA3, tank, foe("A", "L/1"), dice=[die])
    attack = one(events, ev.PlayerAttacked)
    assert (attack.crushed, attack.hits) == (crushed, 0 if die == 3 else 1)
    assert (after.find("T") is None) is crushed
    if crushed:
        assert one(events, ev.EnemyDestroyed) == ev.EnemyDestroyed("T", "crush")
        assert after.killed == (EnemyKind.TANK,)
    else:
        assert after.get("T").damage == 1


def test_pm_11_1_crush_design_otherwise_an_ordinary_attack() -> None:
    """PM-11.1 Crush DESIGN: 5 vs the Mech (6 HP, armor 4): no crush, but one damage."""
    after, events = fire("", Action.RA3, foe("M", "C/4", attack=1, time=5), dice=[5])
    attack = one(events, ev.PlayerAttacked)
    assert (attack.crushed, attack.hits) == (False, 1)
    assert after.get("M").damage == 1


@pytest.mark.parametrize(("die", "crushed"), [(5, True), (4, False)])
def test_pm_11_1_crush_design_under_haste_the_reduced_die_is_compared(die, crushed) -> None:
    """PM-11.1 Crush DESIGN / PM-7: hurried from 1 vs Tank with 3 HP: 5 -> 4 crushes, 4 -> 3 not."""
    me = player(action=Action.RA3, time=1, placed=2)
    state = state_with(foe("T", "C/4", attack=1, time=5, damage=1), foe("A", "L/1"), me=me)
    after, events = play(state, cmd.Haste(), [die])
    assert one(events, ev.PlayerAttacked).crushed is crushed
    assert (after.find("T") is None) is crushed


# ------------------------------------------------------------------ Parry - Plasma Sword
def test_pm_11_1_parry_rerolls_every_damaging_die_and_the_rerolls_stand() -> None:
    """PM-11.1 Parry: Mech Fist on the sword (loc 5, armor 3): 6 5 hit; re-rolled 1 4: 1 damage."""
    state = state_with(foe("M", "C/4", attack=0, time=0), me=player("RA=plasma-sword", action=None))
    after, events = play(state, cmd.Wait(), [5, 6, 5, 2, 1, 1, 1, 4, 1, 3])
    attack = one(events, ev.EnemyAttacked)
    assert (attack.location, attack.dice, attack.parry, attack.hits) == (
        Location.RA,
        (6, 5, 2, 1, 1),
        (1, 4),
        1,
    )
    assert after.player.free(Location.RA) == 5


def test_pm_11_1_parry_only_from_within_the_swords_arc() -> None:
    """PM-11.1 Parry: from C/RL (outside the right arm's arc) loc 5 hits the sword: unparried."""
    state = state_with(
        foe("M", "C/RL", attack=0, time=0), me=player("RA=plasma-sword", action=None)
    )
    after, events = play(state, cmd.Wait(), [5, 6, 5, 2, 1, 1, 1, 3])
    attack = one(events, ev.EnemyAttacked)
    assert (attack.armor, attack.parry, attack.hits) == (2, (), 2)
    assert after.player.free(Location.RA) == 4


def test_pm_11_1_parry_not_for_spill_over() -> None:
    """PM-11.1 Parry: damage spilling onto the sword (legs full, roll 3) is not parried."""
    state = state_with(
        foe("M", "C/4", attack=0, time=0),
        me=player("RA=plasma-sword", action=None, legs=(1, 2, 3, 4)),
    )
    after, events = play(state, cmd.Wait(), [6, 6, 6, 1, 1, 1, 3, 1, 3])
    assert one(events, ev.EnemyAttacked).parry == ()
    assert one(events, ev.DamageSpilled) == ev.DamageSpilled(Location.LEGS, 3, Location.RA, 2)
    assert after.player.free(Location.RA) == 4


# ------------------------------------------------------------------ Reflex - Wing Shield
def e8_tie():
    """E8: the player acts twice (wasted Quick Beams) before the slow Artillery; Defend is next."""
    state = state_with(foe("A", "L/3"), me=player(action=None, time=None), prompt=Prompt.ACTION)
    for _ in range(2):
        state, _ = play(state, cmd.ChooseAction(Action.LA1))
        state, events = play(state, cmd.Wait())
        assert one(events, ev.PlayerAttacked).target is None  # A on L: out of the Laser's M
        state, _ = play(state, cmd.Skip())
    assert state.get("A").time == 1
    return state


def test_pm_11_1_reflex_e8_slow_artillery_tie_and_reflex() -> None:
    """E8 / PM-14: Defend (T1) ties the Artillery: it resolves first and hits the Wing Shield."""
    state, events = play(e8_tie(), cmd.ChooseAction(Action.LS1), [5, 5, 3, 2, 1, 3])
    attack = one(events, ev.EnemyAttacked)
    assert (attack.location, attack.location_rolls, attack.shield) == (Location.LS, (), "Reflex")
    assert (attack.dice, attack.armor, attack.hits) == ((5, 5, 3, 2, 1), 4, 2)
    assert one(events, ev.CirclesFilled) == ev.CirclesFilled(Location.LS, (2, 3), start_roll=3)
    kinds = [type(e) for e in events]
    assert kinds.index(ev.EnemyAttacked) < kinds.index(ev.PlayerAttacked)
    assert one(events, ev.PlayerAttacked).action is Action.LS1
    assert state.get("A").time == 5


def test_pm_11_1_pm_5_design_reflex_damage_on_the_defend_line_forces_a_new_choice() -> None:
    """E8 variant / PM-5 DESIGN: the Reflex hit fills Defend's own circles 1-2: re-choose now."""
    state, events = play(e8_tie(), cmd.ChooseAction(Action.LS1), [5, 5, 3, 2, 1, 1])
    assert one(events, ev.CirclesFilled) == ev.CirclesFilled(Location.LS, (0, 1), start_roll=1)
    assert not all_of(events, ev.PlayerAttacked)
    assert events[-1] == ev.Prompted(Prompt.ACTION, enemy="A")
    assert cmd.ChooseAction(Action.LS2) in legal_commands(state)


def test_pm_11_1_reflex_needs_the_player_cube_on_active() -> None:
    """PM-11.1 Reflex: Defend chosen but its cube on 1: the location is rolled."""
    state = state_with(foe("B", "S/3", time=0), me=player(action=Action.LS1, time=1))
    _, events = play(state, cmd.Wait(), [1, 1])
    attack = one(events, ev.EnemyAttacked)
    assert (attack.location, attack.location_rolls, attack.shield) == (Location.TORSO, (1,), "")


def test_pm_11_1_reflex_only_from_the_shields_arc() -> None:
    """PM-11.1 Reflex: Defend on ACTIVE, Bike on S/5 (outside 1-4): location rolled (right arm)."""
    state = state_with(foe("B", "S/5", time=1), me=player(action=Action.LS1, time=1))
    _, events = play(state, cmd.Wait(), [3, 1])
    attack = one(events, ev.EnemyAttacked)
    assert (attack.location, attack.shield) == (Location.RA, "")


def test_pm_8_4_reflex_arc_is_the_arc_of_the_mount_that_carries_the_shield() -> None:
    """PM-8.4 / Reflex: a Wing Shield on the right shoulder takes a hit from S/5."""
    me = player("RS=wing-shield", action=Action.RS1, time=1)
    _, events = play(state_with(foe("B", "S/5", time=1), me=me), cmd.Wait(), [1])
    attack = one(events, ev.EnemyAttacked)
    assert (attack.location, attack.shield, attack.armor) == (Location.RS, "Reflex", 4)


# ------------------------------------------------------------------ Wall - Tower Shield
def test_pm_11_1_wall_guard_raises_the_wall() -> None:
    """PM-11.1 Wall: Guard resolves (no target, no dice): the Wall is up on the right arm."""
    after, events = fire("RA=tower-shield", Action.RA2, foe("A", "L/1"))
    assert one(events, ev.PlayerAttacked).target is None
    assert one(events, ev.WallRaised) == ev.WallRaised(Mount.RA)
    assert after.player.wall is Mount.RA


def test_pm_11_1_wall_attacks_from_its_arc_hit_the_tower_shield() -> None:
    """PM-11.1 Wall: the Mech's Fist from C/4: no location roll; 6 6 vs shield armor 5: 2."""
    me = player("RA=tower-shield", action=None, wall=Mount.RA)
    state = state_with(foe("M", "C/4", attack=0, time=0), me=me)
    after, events = play(state, cmd.Wait(), [6, 6, 1, 1, 1, 1, 3])
    attack = one(events, ev.EnemyAttacked)
    assert (attack.location, attack.location_rolls, attack.shield) == (Location.RA, (), "Wall")
    assert (attack.armor, attack.hits) == (5, 2)
    assert after.player.free(Location.RA) == 4


def test_pm_11_1_wall_from_outside_its_arc_rolls_the_location() -> None:
    """PM-11.1 Wall: from C/1 (outside 2-6, RR) the location is rolled."""
    me = player("RA=tower-shield", action=None, wall=Mount.RA)
    state = state_with(foe("M", "C/1", attack=0, time=0), me=me)
    _, events = play(state, cmd.Wait(), [6, 1, 1, 1, 1, 1, 3])
    attack = one(events, ev.EnemyAttacked)
    assert (attack.location, attack.shield) == (Location.LEGS, "")


def test_pm_11_1_wall_lasts_through_movement_and_ends_with_the_next_attack() -> None:
    """PM-11.1 Wall: a movement action keeps it; the next attack action (wasted) drops it."""
    me = player("RA=tower-shield torso=3", action=Action.FORWARD, time=1, wall=Mount.RA)
    state, _ = play(state_with(foe("A", "L/1"), me=me), cmd.Wait())
    assert state.player.wall is Mount.RA
    state, _ = play(state, cmd.ChooseAction(Action.LA1))
    after, events = play(state, cmd.Wait())
    assert one(events, ev.PlayerAttacked).target is None
    assert after.player.wall is None


def test_pm_11_1_wall_lasts_when_the_shield_is_full_and_the_damage_spills() -> None:
    """PM-11.1 Wall: a full Tower Shield still takes the hit; it spills (roll 3: legs)."""
    me = player("RA=tower-shield", action=None, wall=Mount.RA, mounts=hurt(ra=FULL))
    state = state_with(foe("M", "C/4", attack=0, time=0), me=me)
    after, events = play(state, cmd.Wait(), [6, 1, 1, 1, 1, 3, 3])
    assert one(events, ev.EnemyAttacked).shield == "Wall"
    assert one(events, ev.DamageSpilled) == ev.DamageSpilled(Location.RA, 3, Location.LEGS, 1)
    assert after.player.legs == (True, False, False, False)
    assert after.player.wall is Mount.RA


def test_pm_11_1_design_reflex_and_wall_both_apply_the_player_picks_the_shield() -> None:
    """PM-11.1 DESIGN: Reflex + Wall: SHIELD asks, Wing Shield first (headless default); pick RA."""
    me = player("RA=tower-shield", action=Action.LS1, time=1, wall=Mount.RA)
    state, events = play(state_with(foe("B", "S/4", time=1), me=me), cmd.Wait())
    assert events[-1] == ev.Prompted(Prompt.SHIELD, enemy="B")
    assert legal_commands(state) == [cmd.UseShield(Mount.LS), cmd.UseShield(Mount.RA)]
    # 6 beats the Tower Shield's 5; start circle 2.
    after, events = play(state, cmd.UseShield(Mount.RA), [6, 2])
    attack = one(events, ev.EnemyAttacked)
    assert (attack.location, attack.shield, attack.armor, attack.hits) == (
        Location.RA,
        "Wall",
        5,
        1,
    )
    assert after.player.circles(Mount.RA)[1]
    assert one(events, ev.PlayerAttacked).action is Action.LS1  # then the Defend resolves
    assert after.player.wall is None


def test_pm_11_1_design_reflex_and_wall_the_wing_shield_may_be_chosen() -> None:
    """PM-11.1 DESIGN: the same choice, the Wing Shield: 5 beats its armor 4; start circle 6."""
    me = player("RA=tower-shield", action=Action.LS1, time=1, wall=Mount.RA)
    state, _ = play(state_with(foe("B", "S/4", time=1), me=me), cmd.Wait())
    after, events = play(state, cmd.UseShield(Mount.LS), [5, 6])
    attack = one(events, ev.EnemyAttacked)
    assert (attack.location, attack.shield, attack.hits) == (Location.LS, "Reflex", 1)
    assert after.player.circles(Mount.LS)[5]


def test_pm_11_1_pm_9_2_wall_from_the_rear_lowers_the_shield_armor() -> None:
    """PM-9.2 / Wall: a left-arm Tower Shield (arc includes RL) hit from C/RL counts armor 4."""
    me = player("LA=tower-shield RA=fist", action=None, wall=Mount.LA)
    state = state_with(foe("M", "C/RL", attack=0, time=0), me=me)
    # 5 beats 4: one damage, start circle 1; the Mech stays in RL and rolls 3 (Laser).
    after, events = play(state, cmd.Wait(), [5, 4, 1, 1, 1, 1, 3])
    attack = one(events, ev.EnemyAttacked)
    assert (attack.location, attack.shield, attack.rear, attack.armor, attack.hits) == (
        Location.LA,
        "Wall",
        True,
        4,
        1,
    )
    assert after.player.circles(Mount.LA)[0]


def test_pm_11_1_pm_10_a_shield_hit_on_a_squatting_mech_still_rolls_one_die_fewer() -> None:
    """PM-6 1b / Wall: squatting, the Mech's Fist (P5) on the Tower Shield rolls 4 dice."""
    me = player("RA=tower-shield", action=None, wall=Mount.RA, stance=Stance.SQUATTING)
    state = state_with(foe("M", "C/4", attack=0, time=0), me=me)
    _, events = play(state, cmd.Wait(), [1, 1, 1, 1, 3])
    assert one(events, ev.EnemyAttacked).dice == (1, 1, 1, 1)


def test_pm_12_design_two_fists_each_keep_their_own_combo() -> None:
    """PM-12 DESIGN / Combo: the left Fist hit the Mech: right Fist: no +1; left Fist: +1."""
    mech = foe("M", "C/4", attack=1, time=5)
    last = LastAttack(Mount.LA, "M")
    _, events = fire("LA=fist", Action.RA1, mech, dice=[1, 1], last_attack=last)
    assert one(events, ev.PlayerAttacked).power == 2
    _, events = fire("LA=fist", Action.LA1, mech, dice=[1, 1, 1], last_attack=last)
    assert one(events, ev.PlayerAttacked).power == 3


def test_pm_3_1_enemy_attacks_have_no_specials() -> None:
    """PM-3.1: the Tank's Laser re-rolls no miss (no Accurate): 3 dice, then its next attack."""
    state = state_with(foe("T", "M/4", attack=0, time=0))
    after, events = play(state, cmd.Wait(), [1, 1, 2, 3, 4])
    attack = one(events, ev.EnemyAttacked)
    assert (attack.dice, attack.parry, attack.hits) == ((1, 2, 3), (), 0)
    assert one(events, ev.EnemyAttackSelected) == ev.EnemyAttackSelected("T", 4, 1, 4)
    assert after.player.intact == 32


def test_pm_11_1_emp_that_also_disables_the_selected_attack_rolls_once() -> None:
    """PM-5.3 + EMP: one roll re-determines the attack, and the cube is reset to its T."""
    # Arrange: the Disruptor's Static Burst (P5) at a Tank (armor 4) using its Laser (attack 0).
    loadout = Loadout.parse("LS=disruptor")
    player = Player(loadout, action=Action.LS3, time=0, placed=4)
    tank = Enemy("T", EnemyKind.TANK, Ring.M, Wedge.W3, attack=0, time=2)
    helo = Enemy("H", EnemyKind.HELO, Ring.M, Wedge.W4, attack=0, time=3)
    state = PaperState(PaperSetup(loadout), player, (tank, helo), wave=3, prompt=Prompt.TARGET)
    # Act: dice 5 6 1 1 1 -> 2 damage fills the Laser's circles; then one attack roll (2 -> Laser,
    # disabled -> PPC/Shells, the first available), and the free move is offered.
    after, events = play(state, cmd.ChooseTarget("T"), [5, 6, 1, 1, 1, 2])
    # Assert
    selected = [e for e in events if isinstance(e, ev.EnemyAttackSelected)]
    assert selected == [ev.EnemyAttackSelected("T", 2, 1, 4)]
    assert after.get("T").attack == 1
    assert after.get("T").time == 4
