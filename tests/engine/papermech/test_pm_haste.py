"""Paper 'Mech PM-7: hasty (hurried) attacks, with the seed's example E5 in the digest's reading."""

from __future__ import annotations

import pytest

from engine.game import IllegalCommand
from engine.papermech import commands as cmd
from engine.papermech import events as ev
from engine.papermech import legal_commands
from engine.papermech.options import PaperCode
from engine.papermech.state import LastAttack, Prompt
from engine.papermech.tables import Action, EnemyKind, Mount
from tests.engine.papermech._build import (
    all_of,
    foe,
    one,
    play,
    player,
    prompt_of,
    state_with,
)


def e5_window():
    """E5: Full Charge chosen on ACTIVE (cube 4) vs F with 2 HP (Flame Gun, cube 2) on S/3.

    Two single steps later the player's cube is on 2 and F has just reached ACTIVE.
    """
    state = state_with(
        foe("F", "S/3", attack=1, damage=2, time=2),
        me=player(action=None, time=None),
        prompt=Prompt.ACTION,
    )
    state, events = play(state, cmd.ChooseAction(Action.LA3))
    assert events[0] == ev.ActionChosen(Action.LA3, 4, 0)
    assert (state.player.time, state.get("F").time, state.prompt) == (3, 1, Prompt.WINDOW)
    state, _ = play(state, cmd.Wait())
    assert (state.player.time, state.get("F").time, state.prompt) == (2, 0, Prompt.WINDOW)
    return state


def test_pm_7_e5a_hasty_full_charge_from_space_2_every_die_less_2() -> None:
    """E5 (test A): 2 2 4 6 less 2: only the 6 beats armor 3; Accurate re-rolls 1 3 5 miss too."""
    state = e5_window()
    assert cmd.Haste() in legal_commands(state)
    after, events = play(state, cmd.Haste(), [2, 2, 4, 6, 1, 3, 5])
    assert one(events, ev.PlayerAttacked) == ev.PlayerAttacked(
        Action.LA3, 2, "F", None, 4, (2, 2, 4, 6), (1, 3, 5), 3, 1
    )
    firethrower = after.get("F")
    assert (firethrower.damage, firethrower.hit_points) == (3, 1)
    assert firethrower.time == 0  # the other cubes do not move
    assert prompt_of(events) is Prompt.FREE  # DESIGN: the free move follows a hasty attack


def test_pm_7_e5a_then_the_next_action_goes_on_its_t_and_the_firethrower_resolves() -> None:
    """E5 (test A) / PM-7: next action Uppercut on 3; F (on ACTIVE) then resolves its Flame Gun."""
    state, _ = play(e5_window(), cmd.Haste(), [2, 2, 4, 6, 1, 3, 5])
    state, _ = play(state, cmd.Skip())
    # F: location 1 (torso), four 1s miss; flank 3 -> 2; roll 4 = Flame Gun, cube 2.
    after, events = play(state, cmd.ChooseAction(Action.RA2), [1, 1, 1, 1, 1, 4])
    assert events[0] == ev.ActionChosen(Action.RA2, 3, 0)
    assert one(events, ev.EnemyAttacked).enemy == "F"
    assert after.get("F").time == 2
    # The cube is where it was placed: no haste before a time unit has passed.
    assert after.prompt is Prompt.WINDOW
    assert cmd.Haste() not in legal_commands(after)
    with pytest.raises(IllegalCommand) as caught:
        play(after, cmd.Haste())
    assert caught.value.code == PaperCode.HASTE


def test_pm_7_e5b_a_rerolled_6_destroys_the_firethrower_and_ends_the_wave() -> None:
    """E5 (test B): re-rolls 6 1 1: 6 - 2 = 4 hits: F destroyed, the wave ends (3 repair d6)."""
    after, events = play(e5_window(), cmd.Haste(), [2, 2, 4, 6, 6, 1, 1, 3, 3, 3])
    assert one(events, ev.PlayerAttacked).hits == 2
    assert one(events, ev.EnemyDestroyed) == ev.EnemyDestroyed("F")
    assert one(events, ev.RepairsRolled) == ev.RepairsRolled((3, 3, 3), 3)
    assert Prompt.FREE not in [p.prompt for p in all_of(events, ev.Prompted)]
    assert after.killed == (EnemyKind.FIRETHROWER,)
    assert after.prompt is Prompt.STANCE  # nothing to repair


def test_pm_7_pm_4_a_hasty_attack_beats_an_enemy_that_just_reached_active() -> None:
    """PM-4 DESIGN 2 / PM-7: the Bike reached ACTIVE; hasty Quick Beam kills it before it fires."""
    state = state_with(
        foe("B", "S/4", damage=1, time=0),
        foe("A", "L/1", time=3),
        me=player(action=Action.LA1, time=1, placed=2),
    )
    # 5 - 1 = 4 beats the Bike's 2; the 1 misses and is re-rolled: 1 again.
    after, events = play(state, cmd.Haste(), [5, 1, 1])
    assert one(events, ev.PlayerAttacked).haste == 1
    assert one(events, ev.EnemyDestroyed).enemy == "B"
    assert not all_of(events, ev.EnemyAttacked)
    after, events = play(after, cmd.Skip())
    after, events = play(after, cmd.ChooseAction(Action.LS1))
    assert not all_of(events, ev.EnemyAttacked)
    assert after.find("B") is None


def test_pm_7_haste_in_the_window_after_an_enemy_activation() -> None:
    """PM-4 DESIGN 2 / PM-7: E2's Full Salvo hurried from 2: 6s count 4, not above Tank armor 4."""
    state = state_with(
        foe("H", "M/2", attack=1, time=4),
        foe("T", "L/5", attack=1, time=3),
        me=player(action=Action.RS3, time=2, placed=4),
    )
    after, events = play(state, cmd.Haste(), [6, 6, 6, 6, 6, 6])
    attack = one(events, ev.PlayerAttacked)
    assert (attack.target, attack.haste, attack.hits) == ("T", 2, 0)
    assert not all_of(events, ev.EnemyDelayed)  # Recoil needs damage
    assert after.player.last_attack == LastAttack(Mount.RS, "T")  # a hasty attack counts


def test_pm_7_not_before_one_time_unit_has_passed() -> None:
    """PM-7: the cube still on the space where it was placed: no haste."""
    state = state_with(foe("A", "L/3", time=4), me=player(action=Action.RS2, time=3, placed=3))
    assert cmd.Haste() not in legal_commands(state)
    with pytest.raises(IllegalCommand) as caught:
        play(state, cmd.Haste())
    assert caught.value.code == PaperCode.HASTE


def test_pm_7_pm_11_1_guard_cannot_be_hurried_but_shield_bash_can() -> None:
    """PM-7 / PM-11.1 Wall: the Tower Shield's Guard is never hurried; its Shield Bash may be."""
    guard = state_with(
        foe("A", "L/3", time=4), me=player("RA=tower-shield", action=Action.RA2, time=1, placed=2)
    )
    assert cmd.Haste() not in legal_commands(guard)
    with pytest.raises(IllegalCommand):
        play(guard, cmd.Haste())
    bash = state_with(
        foe("A", "L/3", time=4), me=player("RA=tower-shield", action=Action.RA1, time=1, placed=2)
    )
    _, events = play(bash, cmd.Haste())
    assert one(events, ev.PlayerAttacked) == ev.PlayerAttacked(
        Action.RA1, 1, None, None, 0, (), (), 0, 0
    )


def test_pm_7_defend_is_an_attack_action_and_may_be_hurried() -> None:
    """PM-7: only movement actions and Guard are excluded; a Wing Shield Defend may be hurried."""
    state = state_with(foe("A", "L/3", time=4), me=player(action=Action.LS1, time=1, placed=2))
    after, events = play(state, cmd.Haste())
    assert one(events, ev.PlayerAttacked).action is Action.LS1
    assert after.player.last_attack == LastAttack(Mount.LS, None)
    assert after.get("A").time == 4


def test_pm_7_after_a_hasty_attack_the_next_cube_goes_on_t_plus_penalties() -> None:
    """PM-7: after the haste, the next action (torso 3: +1) goes on T + 1; the enemy stays put."""
    state = state_with(
        foe("A", "L/3", time=4), me=player(action=Action.LS1, time=1, placed=2, torso=3)
    )
    state, _ = play(state, cmd.Haste())
    state, _ = play(state, cmd.Skip())
    after, events = play(state, cmd.ChooseAction(Action.LA2))
    assert events[0] == ev.ActionChosen(Action.LA2, 4, 1)
    assert (after.player.time, after.get("A").time) == (3, 3)
