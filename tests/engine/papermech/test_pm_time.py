"""Paper 'Mech PM-4 and PM-14: the time track, single steps, windows, ties, changing your mind."""

from __future__ import annotations

import pytest

from engine.game import IllegalCommand
from engine.papermech import commands as cmd
from engine.papermech import events as ev
from engine.papermech import legal_commands
from engine.papermech.state import LastAttack, Prompt
from engine.papermech.tables import Action, Mount, Ring, Stance, Wedge
from tests.engine.papermech._build import (
    all_of,
    foe,
    hurt,
    loadout,
    one,
    play,
    player,
    prompt_of,
    state_with,
)


def times(state) -> tuple[int | None, ...]:
    """The player's cube, then every enemy's cube, in generation order."""
    return (state.player.time, *(e.time for e in state.enemies))


def test_pm_4_e2_full_salvo_slides_one_step_at_a_time_with_a_window_each() -> None:
    """PM-4 DESIGN / E2: Full Salvo (T4) vs Helo 2, Tank 5: steps to (3,1,4), then (2,0,3)."""
    state = state_with(
        foe("H", "L/2", attack=0, time=2),
        foe("T", "L/5", attack=1, time=5),
        me=player(action=None, time=None),
        prompt=Prompt.ACTION,
    )
    state, events = play(state, cmd.ChooseAction(Action.RS3))
    assert events[0] == ev.ActionChosen(Action.RS3, 4, 0)
    assert all_of(events, ev.TimeAdvanced) == [ev.TimeAdvanced()]
    assert times(state) == (3, 1, 4)
    assert state.prompt is Prompt.WINDOW
    assert cmd.Haste() in legal_commands(state)  # one step lower than where it was placed
    state, events = play(state, cmd.Wait())
    assert times(state) == (2, 0, 3)  # the seed's net result: slide 2, the Helo is active
    assert prompt_of(events) is Prompt.WINDOW  # a window before the Helo resolves
    assert not all_of(events, ev.EnemyAttacked)


def test_pm_4_e2_the_helo_then_activates_out_of_range_and_approaches() -> None:
    """E2 / PM-6: after the window the Helo (MG, range S, on ring L) approaches and re-rolls."""
    state = state_with(
        foe("H", "L/2", attack=0, time=0),
        foe("T", "L/5", attack=1, time=3),
        me=player(action=Action.RS3, time=2, placed=4),
    )
    after, events = play(state, cmd.Wait(), [5])
    assert not all_of(events, ev.EnemyAttacked)
    assert one(events, ev.EnemyMoved) == ev.EnemyMoved("H", Ring.M, Wedge.W2, "approach")
    assert one(events, ev.EnemyAttackSelected) == ev.EnemyAttackSelected("H", 5, 1, 4)
    assert times(after) == (2, 4, 3)
    assert prompt_of(events) is Prompt.WINDOW  # a window after every enemy activation


def test_pm_4_no_window_when_the_step_puts_the_player_on_active() -> None:
    """PM-4 DESIGN 2-3: a step that brings the player's cube to ACTIVE is followed by no window."""
    state = state_with(foe("A", "L/1", time=4), me=player(action=Action.LS1, time=1, placed=1))
    after, events = play(state, cmd.Wait())
    assert [p.prompt for p in all_of(events, ev.Prompted)] == [Prompt.FREE]
    assert one(events, ev.PlayerAttacked).action is Action.LS1
    assert after.get("A").time == 3


def test_pm_4_ties_the_enemy_on_active_resolves_before_the_player() -> None:
    """PM-4 ties: player and Bike reach ACTIVE together: the Bike attacks, then the player acts."""
    state = state_with(foe("B", "S/1", time=1), me=player(action=Action.RA2, time=1, placed=1))
    # Bike: location 1 (side: left shoulder), die 1 misses; then the wasted Uppercut (range C).
    _, events = play(state, cmd.Wait(), [1, 1])
    kinds = [type(e) for e in events]
    assert kinds.index(ev.EnemyAttacked) < kinds.index(ev.PlayerAttacked)
    assert kinds.index(ev.EnemyAttackSelected) < kinds.index(ev.PlayerAttacked)


def test_pm_4_several_enemies_on_active_the_player_picks_the_order() -> None:
    """PM-4 ties: two enemies on ACTIVE: ORDER, generation order first (the headless default)."""
    state = state_with(
        foe("B", "L/1", time=1),
        foe("F", "L/2", attack=0, time=1),
        me=player(time=3, placed=3),
    )
    state, events = play(state, cmd.Wait())
    assert prompt_of(events) is Prompt.WINDOW  # the window after the step comes first
    state, events = play(state, cmd.Wait())
    assert prompt_of(events) is Prompt.ORDER
    assert legal_commands(state) == [cmd.ResolveNext("B"), cmd.ResolveNext("F")]
    # F first (out of range: approach, roll 2 = Laser), then a window, then B.
    state, events = play(state, cmd.ResolveNext("F"), [2])
    assert one(events, ev.EnemyAttackSelected).enemy == "F"
    assert prompt_of(events) is Prompt.WINDOW
    assert state.get("B").time == 0
    state, events = play(state, cmd.Wait())
    assert one(events, ev.EnemyAttackSelected) == ev.EnemyAttackSelected("B", None, 0, 1)
    assert times(state) == (2, 1, 3)


def test_pm_4_order_refuses_an_enemy_that_is_not_on_active() -> None:
    """PM-4: only an enemy on ACTIVE may be named to resolve next."""
    state = state_with(
        foe("B", "L/1", time=0),
        foe("F", "L/2", time=0),
        foe("H", "L/3", time=2),
        me=player(time=2, placed=3),
        prompt=Prompt.ORDER,
    )
    with pytest.raises(IllegalCommand):
        play(state, cmd.ResolveNext("H"))


def test_pm_4_e7_changing_your_mind_loses_the_time_already_spent() -> None:
    """PM-4 / E7: Full Charge (T4), 2 steps (player 2, Tank 3); change to Laser Blast: cube 3."""
    state = state_with(
        foe("T", "L/6", attack=0, time=5),
        me=player(action=None, time=None),
        prompt=Prompt.ACTION,
    )
    state, _ = play(state, cmd.ChooseAction(Action.LA3))
    state, _ = play(state, cmd.Wait())
    assert times(state) == (2, 3)
    state, events = play(state, cmd.ChooseAction(Action.LA2))
    assert events[0] == ev.ActionChosen(Action.LA2, 3, 0)
    assert not all_of(events, ev.PlayerAttacked)  # Full Charge never resolved
    assert state.player.last_attack is None  # ... and is no "previous attack"
    assert times(state) == (2, 2)  # 3 and 3, then the next single step
    state, _ = play(state, cmd.Wait())
    # Both reach ACTIVE: the Tank (Laser, out of range) approaches and rolls 1 first; then the
    # Laser Blast is wasted (the Tank on M/6 is outside the left arm's arc).
    after, events = play(state, cmd.Wait(), [1])
    kinds = [type(e) for e in events]
    assert kinds.index(ev.EnemyAttackSelected) < kinds.index(ev.PlayerAttacked)
    assert one(events, ev.PlayerAttacked) == ev.PlayerAttacked(
        Action.LA2, 0, None, None, 0, (), (), 0, 0
    )
    assert after.player.last_attack == LastAttack(Mount.LA, None)


def test_pm_4_changing_action_in_a_window_places_the_cube_with_penalties() -> None:
    """PM-4: a change of action is placed on the new T plus penalties (torso 3: +1)."""
    state = state_with(foe("A", "L/1", time=4), me=player(time=2, placed=3, torso=3))
    after, events = play(state, cmd.ChooseAction(Action.FORWARD))
    assert events[0] == ev.ActionChosen(Action.FORWARD, 2, 1)
    assert after.player.placed == 2


def test_pm_4_a_penalty_does_not_move_a_cube_already_on_the_track() -> None:
    """PM-4 / PM-9.3 / E9(f): torso 2 -> 3 while the cube waits on 3; only the next choice is +1."""
    state = state_with(foe("B", "S/4", time=0), me=player(time=3, placed=3, torso=2))
    # Bike: location 1 = torso (front), die 6 beats torso armor 5: torso 3.
    state, events = play(state, cmd.Wait(), [1, 6])
    assert state.player.torso == 3
    assert state.player.time == 3
    assert not all_of(events, ev.ActionChosen)
    state, events = play(state, cmd.ChooseAction(Action.LA1))
    assert events[0] == ev.ActionChosen(Action.LA1, 3, 1)


def test_pm_4_weight_and_torso_penalties_add_up_and_the_track_is_unbounded() -> None:
    """PM-4 DESIGN / PM-12: W 20 (+4) and torso 3 (+1): PPC Auto (T5) goes on space 10."""
    heavy = loadout("LS=mortar RS=ppc LA=tower-shield RA=tower-shield torso=5 legs=5")
    assert heavy.weight == 20
    me = player(heavy, action=None, time=None, torso=3, stance=Stance.SQUATTING)
    state = state_with(foe("A", "L/1", time=5), me=me, prompt=Prompt.ACTION)
    after, events = play(state, cmd.ChooseAction(Action.RS3))
    assert events[0] == ev.ActionChosen(Action.RS3, 10, 5)
    assert times(after) == (9, 4)


def test_pm_4_enemies_never_take_penalties() -> None:
    """PM-4: an enemy re-selecting goes on its attack's T, whatever the player's penalties."""
    heavy = loadout("LS=mortar RS=ppc LA=tower-shield RA=tower-shield torso=5 legs=5")
    state = state_with(foe("A", "L/1", time=0), me=player(heavy, time=6, placed=7, torso=3))
    # Artillery: location 6 = legs from the left side, 1 1 1 1 1 miss legs armor 5.
    after, _ = play(state, cmd.Wait(), [6, 1, 1, 1, 1, 1])
    assert after.get("A").time == 5


def test_pm_4_after_the_player_acts_nothing_slides_until_the_next_choice() -> None:
    """PM-4: the cubes slide only after the next action is chosen (the player cube leaves)."""
    state = state_with(foe("A", "L/1", time=3), me=player(action=Action.LS1, time=1, placed=1))
    after, _ = play(state, cmd.Wait())
    assert (after.player.action, after.player.time) == (None, None)
    assert after.get("A").time == 2
    after, _ = play(after, cmd.Skip())
    assert after.prompt is Prompt.ACTION
    assert after.get("A").time == 2


def test_pm_14_the_loop_slides_resolves_enemies_first_then_the_player() -> None:
    """PM-14: slide to ACTIVE, enemies (Bike) then the player (Defend); then choose again."""
    state = state_with(
        foe("B", "M/3", time=2), foe("A", "L/1", time=4), me=player(action=Action.LS1, time=2)
    )
    state, events = play(state, cmd.Wait())
    assert times(state) == (1, 1, 3)
    # Bike MG (S) at M: out of range, approaches to S/3; then the player's Defend.
    state, events = play(state, cmd.Wait())
    types = [type(e) for e in events]
    assert types == [
        ev.TimeAdvanced,
        ev.EnemyMoved,
        ev.EnemyAttackSelected,
        ev.PlayerAttacked,
        ev.Prompted,
    ]
    assert state.get("B").space == (Ring.S, Wedge.W3)
    assert times(state) == (None, 1, 2)


def test_pm_4_forced_rechoice_is_placed_from_active_with_penalties() -> None:
    """PM-5 DESIGN / PM-4: the re-chosen action's cube goes on T plus penalties (torso 3: +1)."""
    me = player(action=Action.LA1, time=2, placed=3, torso=3, mounts=hurt(la=(1,)))
    state = state_with(foe("B", "S/4", time=0), me=me)
    # Bike: location 4 = left arm, 6 beats the Laser's 3, start circle 1 (full) -> circle 2.
    state, events = play(state, cmd.Wait(), [4, 6, 1])
    assert prompt_of(events) is Prompt.ACTION
    after, events = play(state, cmd.ChooseAction(Action.LA2))
    assert events[0] == ev.ActionChosen(Action.LA2, 4, 1, forced=True)
    assert after.player.placed == 4
