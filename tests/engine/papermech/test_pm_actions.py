"""Paper 'Mech PM-5, PM-5.1, PM-5.2, PM-5.3 and PM-10: player actions, stance, damage to enemies."""

from __future__ import annotations

import pytest

from engine.game import IllegalCommand
from engine.papermech import commands as cmd
from engine.papermech import events as ev
from engine.papermech import legal_commands
from engine.papermech.commands import TurnDirection
from engine.papermech.options import PaperCode, choosable
from engine.papermech.state import LastAttack, Prompt
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

FREE_MOVES = [
    cmd.Walk(),
    cmd.Turn(TurnDirection.LEFT),
    cmd.Turn(TurnDirection.RIGHT),
    cmd.SetStance(Stance.SQUATTING),
]


def choose_state(**changes):
    """The ACTION prompt with nothing chosen, one far Artillery on L/1 (cube 5)."""
    me = player(action=None, time=None, **changes)
    return state_with(foe("A", "L/1"), me=me, prompt=Prompt.ACTION)


def refusal(state, command) -> str:
    """The code of the IllegalCommand ``command`` raises in ``state``."""
    with pytest.raises(IllegalCommand) as caught:
        play(state, command)
    return caught.value.code


# ------------------------------------------------------------------ PM-5 choosing
def test_pm_5_every_action_of_a_fresh_sheet_may_be_chosen() -> None:
    """PM-5: standing, undamaged, no previous attack (default loadout, no PPC): all 16 actions."""
    state = choose_state()
    assert legal_commands(state) == [cmd.ChooseAction(a) for a in Action]


def test_pm_5_a_weapon_line_is_disabled_only_when_both_circles_are_filled() -> None:
    """PM-5: Quick Beam with circle 1 filled may be chosen; with circles 1 and 2, not."""
    one_circle = choose_state(mounts=hurt(la=(1,)))
    assert Action.LA1 in choosable(one_circle)
    both = choose_state(mounts=hurt(la=(1, 2)))
    assert Action.LA1 not in choosable(both)
    assert refusal(both, cmd.ChooseAction(Action.LA1)) == PaperCode.ACTION
    assert {Action.LA2, Action.LA3} <= set(choosable(both))


def test_pm_5_a_legs_line_is_disabled_by_its_single_circle() -> None:
    """PM-5 / PM-5.1: a filled legs circle (line 3, Walk Forwards) disables that line only."""
    state = choose_state(legs=(3,))
    assert refusal(state, cmd.ChooseAction(Action.FORWARD)) == PaperCode.ACTION
    assert {Action.TURN_SQUAT, Action.BACKWARD, Action.TURN} <= set(choosable(state))


def test_pm_5_design_a_chosen_action_disabled_by_damage_is_rechosen_at_once() -> None:
    """PM-5 DESIGN: the Bike fills Quick Beam's last circle: cancelled, choose again now."""
    me = player(action=Action.LA1, time=2, placed=2, mounts=hurt(la=(1,)))
    state = state_with(foe("B", "S/3", time=0), me=me)
    # Location 4 = left arm, 6 beats armor 3, start circle 1 (filled) -> circle 2.
    state, events = play(state, cmd.Wait(), [4, 6, 1])
    assert one(events, ev.CirclesFilled) == ev.CirclesFilled(Location.LA, (1,), start_roll=1)
    assert events[-1] == ev.Prompted(Prompt.ACTION, enemy="B")
    assert not all_of(events, ev.EnemyMoved)  # the Bike's activation is not finished yet
    assert cmd.ChooseAction(Action.LA1) not in legal_commands(state)
    state, events = play(state, cmd.ChooseAction(Action.LA2))
    assert events[0] == ev.ActionChosen(Action.LA2, 3, 0, forced=True)
    # Then the Bike finishes: flanks toward RL (3 -> 2), cube on T1; then time goes on.
    assert events[1] == ev.EnemyMoved("B", Ring.S, Wedge.W2, "flank")
    assert events[2] == ev.EnemyAttackSelected("B", None, 0, 1)
    assert (state.player.time, state.get("B").time) == (2, 0)


def test_pm_5_design_no_action_left_loses_the_game_at_once() -> None:
    """PM-5 DESIGN: the last choosable action is disabled: no action left, the game is lost."""
    full = (1, 2, 3, 4, 5, 6)
    me = player(
        action=Action.LA1,
        time=2,
        mounts=hurt(ls=full, rs=full, la=(1, 3, 4, 5, 6), ra=full),
        legs=(1, 2, 3, 4),
    )
    state = state_with(foe("B", "S/3", time=0), me=me)
    after, events = play(state, cmd.Wait(), [4, 6, 1])
    end = one(events, ev.GameEnded)
    assert not end.result.won
    assert "no action" in end.result.cause
    assert after.prompt is Prompt.OVER
    assert legal_commands(after) == []


# ------------------------------------------------------------------ PM-5.1 movement actions
@pytest.mark.parametrize(
    "action", [Action.TURN_SQUAT, Action.BACKWARD, Action.FORWARD, Action.TURN]
)
def test_pm_5_1_every_movement_action_costs_t1(action: Action) -> None:
    """PM-5.1: the four legs lines are all T1."""
    _, events = play(choose_state(), cmd.ChooseAction(action))
    assert events[0] == ev.ActionChosen(action, 1, 0)


def test_pm_5_1_walk_forwards_resolves_with_no_free_move_after_it() -> None:
    """PM-5.1: Walk Forwards moves every enemy (PM-8.3) and the next action is chosen at once."""
    state = state_with(foe("A", "L/3"), me=player(action=Action.FORWARD, time=1))
    after, events = play(state, cmd.Wait())
    assert one(events, ev.RadarShifted) == ev.RadarShifted("forward", (("A", Ring.M, Wedge.W3),))
    assert one(events, ev.PlayerMoved) == ev.PlayerMoved(Action.FORWARD)
    assert prompt_of(events) is Prompt.ACTION
    assert after.player.last_attack is None  # a movement action is no "previous attack"


def test_pm_5_1_turn_or_change_stance_offers_a_turn_either_way_or_the_stance() -> None:
    """PM-5.1: Turn or Change Stance: turn left, turn right, or flip the stance."""
    state = state_with(foe("A", "L/3"), me=player(action=Action.TURN, time=1))
    state, events = play(state, cmd.Wait())
    assert prompt_of(events) is Prompt.MOVE
    assert legal_commands(state) == [*FREE_MOVES[1:]]
    after, events = play(state, cmd.SetStance(Stance.SQUATTING))
    assert after.player.stance is Stance.SQUATTING
    assert after.get("A").space == (Ring.L, Wedge.W3)  # a stance change does not turn
    assert one(events, ev.PlayerMoved) == ev.PlayerMoved(Action.TURN)
    assert prompt_of(events) is Prompt.ACTION


def test_pm_5_1_change_stance_while_squatting_stands_up() -> None:
    """PM-5.1 / PM-10: squatting, Turn or Change Stance may flip back to standing."""
    me = player(action=Action.TURN, time=1, stance=Stance.SQUATTING)
    state, _ = play(state_with(foe("A", "L/3"), me=me), cmd.Wait())
    assert cmd.SetStance(Stance.STANDING) in legal_commands(state)
    after, _ = play(state, cmd.SetStance(Stance.STANDING))
    assert after.player.stance is Stance.STANDING


def test_pm_5_1_turn_and_squat_turns_then_squats() -> None:
    """PM-5.1: Turn & Squat: turn (right: enemies anticlockwise), then the 'Mech is squatting."""
    state = state_with(foe("A", "L/3"), me=player(action=Action.TURN_SQUAT, time=1))
    state, _ = play(state, cmd.Wait())
    assert legal_commands(state) == [cmd.Turn(TurnDirection.LEFT), cmd.Turn(TurnDirection.RIGHT)]
    with pytest.raises(IllegalCommand):
        play(state, cmd.SetStance(Stance.SQUATTING))
    after, events = play(state, cmd.Turn(TurnDirection.RIGHT))
    assert after.get("A").space == (Ring.L, Wedge.W2)
    assert after.player.stance is Stance.SQUATTING
    assert one(events, ev.PlayerMoved) == ev.PlayerMoved(Action.TURN_SQUAT)


def test_pm_5_1_pm_10_no_turn_and_squat_and_no_walk_backwards_while_squatting() -> None:
    """PM-5.1 / PM-10: squatting forbids Turn & Squat and Walk Backwards, not the other two."""
    state = choose_state(stance=Stance.SQUATTING)
    assert refusal(state, cmd.ChooseAction(Action.TURN_SQUAT)) == PaperCode.ACTION
    assert refusal(state, cmd.ChooseAction(Action.BACKWARD)) == PaperCode.ACTION
    assert {Action.FORWARD, Action.TURN} <= set(choosable(state))


def test_pm_5_1_pm_7_movement_actions_cannot_be_hurried() -> None:
    """PM-5.1 / PM-7: Walk Forwards placed on 2, now on 1: no haste."""
    state = state_with(foe("A", "L/3"), me=player(action=Action.FORWARD, time=1, placed=2))
    assert cmd.Haste() not in legal_commands(state)
    assert refusal(state, cmd.Haste()) == PaperCode.HASTE


# ------------------------------------------------------------------ PM-5.2 attack sequence
def test_pm_5_2_each_die_strictly_greater_than_armor_scores() -> None:
    """PM-5.2: Uppercut P5 vs Tank (armor 4) on C/4: 4 4 5 6 1: two damage (4 does not beat 4)."""
    state = state_with(foe("T", "C/4", attack=1, time=3), me=player(action=Action.RA2, time=1))
    after, events = play(state, cmd.Wait(), [4, 4, 5, 6, 1])
    attack = one(events, ev.PlayerAttacked)
    assert (attack.target, attack.power, attack.dice, attack.armor, attack.hits) == (
        "T",
        5,
        (4, 4, 5, 6, 1),
        4,
        2,
    )
    assert after.get("T").damage == 2


def test_pm_5_2_several_targets_in_range_and_arc_the_player_picks() -> None:
    """PM-5.2 / PM-8.2 / PM-8.4: Quick Beam: F on M/3 and H on S/RL qualify, T on L/4 does not."""
    state = state_with(
        foe("H", "S/RL", attack=1, time=4),
        foe("F", "M/3", attack=1, time=3),
        foe("T", "L/4", attack=1, time=4),
        me=player(action=Action.LA1, time=1),
    )
    state, events = play(state, cmd.Wait())
    assert prompt_of(events) is Prompt.TARGET
    assert legal_commands(state) == [cmd.ChooseTarget("H"), cmd.ChooseTarget("F")]
    with pytest.raises(IllegalCommand):
        play(state, cmd.ChooseTarget("T"))
    after, events = play(state, cmd.ChooseTarget("F"), [6, 6])
    assert one(events, ev.PlayerAttacked).hits == 2
    assert after.get("F").damage == 2


def test_pm_5_2_design_a_wasted_attack_still_counts_as_the_previous_attack() -> None:
    """PM-5.2 DESIGN: Full Salvo with no target in range: no dice, but the Missiles are blocked."""
    state = state_with(foe("B", "L/1", time=1), me=player(action=Action.RS3, time=1))
    # The Bike (MG, range S) approaches to M/1 first: outside the right shoulder's arc.
    after, events = play(state, cmd.Wait())
    attack = one(events, ev.PlayerAttacked)
    assert (attack.target, attack.dice, attack.hits) == (None, (), 0)
    assert after.player.last_attack == LastAttack(Mount.RS, None)
    after, _ = play(after, cmd.Skip())
    assert not {Action.RS1, Action.RS2, Action.RS3} & set(choosable(after))


def test_pm_5_2_the_free_move_follows_an_attack_at_no_time_cost() -> None:
    """PM-5.2 step 2: after an attack: walk, turn or squat for free (no cube placed), or skip."""
    state = state_with(foe("A", "L/3", time=3), me=player(action=Action.LS1, time=1))
    state, events = play(state, cmd.Wait())
    assert prompt_of(events) is Prompt.FREE
    assert legal_commands(state) == [*FREE_MOVES, cmd.Skip()]
    after, events = play(state, cmd.Walk())
    assert events == [
        ev.RadarShifted("forward", (("A", Ring.M, Wedge.W3),)),
        ev.PlayerMoved(Action.FORWARD, free=True),
        ev.Prompted(Prompt.ACTION),
    ]
    assert after.player.time is None
    assert after.get("A").time == 2  # no time passed


def test_pm_5_2_free_turn_and_free_squat() -> None:
    """PM-5.2 step 2: the free Turn-or-Change-Stance: turn left (enemies clockwise), or squat."""
    state = state_with(foe("A", "L/3", time=3), me=player(action=Action.LS1, time=1))
    state, _ = play(state, cmd.Wait())
    turned, events = play(state, cmd.Turn(TurnDirection.LEFT))
    assert turned.get("A").space == (Ring.L, Wedge.W4)
    assert one(events, ev.PlayerMoved) == ev.PlayerMoved(Action.TURN, free=True)
    squatted, _ = play(state, cmd.SetStance(Stance.SQUATTING))
    assert squatted.player.stance is Stance.SQUATTING


@pytest.mark.parametrize(
    ("legs", "offered"),
    [
        ((3,), FREE_MOVES[1:]),
        ((4,), FREE_MOVES[:1]),
        ((1, 2), FREE_MOVES),
    ],
)
def test_pm_5_2_no_free_move_on_a_damaged_leg_line(legs, offered) -> None:
    """PM-5.2: Walk Forwards (legs line 3) and Turn/Stance (line 4) are free only if undamaged."""
    state = state_with(foe("A", "L/3", time=3), me=player(action=Action.LS1, time=1, legs=legs))
    after, _ = play(state, cmd.Wait())
    assert legal_commands(after) == [*offered, cmd.Skip()]


def test_pm_5_2_both_free_move_lines_damaged_goes_straight_to_the_next_action() -> None:
    """PM-5.2 step 3: no free move open: choose the next action at once."""
    me = player(action=Action.LS1, time=1, legs=(3, 4))
    _, events = play(state_with(foe("A", "L/3", time=3), me=me), cmd.Wait())
    assert prompt_of(events) is Prompt.ACTION


def test_pm_5_2_pm_10_no_free_move_while_squatting() -> None:
    """PM-5.2 / PM-10: squatting, an attack is followed directly by the next choice."""
    me = player(action=Action.LS1, time=1, stance=Stance.SQUATTING)
    _, events = play(state_with(foe("A", "L/3", time=3), me=me), cmd.Wait())
    assert prompt_of(events) is Prompt.ACTION
    assert not all_of(events, ev.PlayerMoved)


def test_pm_5_2_pm_13_destroying_the_last_enemy_skips_the_free_move() -> None:
    """PM-5.2 / PM-13: the last enemy destroyed: the wave ends at once (no free move)."""
    state = state_with(foe("B", "C/4", damage=1, time=3), me=player(action=Action.RA1, time=1))
    # Punch 6 6 vs Bike (armor 2, 1 HP left): destroyed; repairs: 2 dice 1 1.
    after, events = play(state, cmd.Wait(), [6, 6, 1, 1])
    assert one(events, ev.EnemyDestroyed) == ev.EnemyDestroyed("B")
    assert one(events, ev.WaveCleared) == ev.WaveCleared(1, 1)
    assert Prompt.FREE not in [p.prompt for p in all_of(events, ev.Prompted)]
    assert after.prompt is Prompt.STANCE


# ------------------------------------------------------------------ PM-5.3 damage to enemies
def test_pm_5_3_circles_fill_from_the_top_and_the_selected_attack_reselects_in_place() -> None:
    """PM-5.3 DESIGN: Tank on Laser (cube 3) takes 2: Laser disabled; roll 6 = PPC, cube stays 3."""
    state = state_with(foe("T", "C/4", attack=0, time=4), me=player(action=Action.RA1, time=1))
    after, events = play(state, cmd.Wait(), [5, 6, 6])
    assert one(events, ev.EnemyDamaged) == ev.EnemyDamaged("T", 2)
    assert one(events, ev.EnemyAttackSelected) == ev.EnemyAttackSelected("T", 6, 1, None)
    tank = after.get("T")
    assert (tank.damage, tank.attack, tank.time) == (2, 1, 3)
    assert tank.disabled(0)
    assert not tank.disabled(1)


def test_pm_5_3_damage_to_an_attack_not_selected_needs_no_reselection() -> None:
    """PM-5.3: Tank on PPC takes 2 (its Laser disabled): no roll, PPC stays selected."""
    state = state_with(foe("T", "C/4", attack=1, time=4), me=player(action=Action.RA1, time=1))
    after, events = play(state, cmd.Wait(), [5, 6])
    assert not all_of(events, ev.EnemyAttackSelected)
    assert (after.get("T").attack, after.get("T").time) == (1, 3)


def test_pm_5_3_a_disabled_roll_takes_the_first_available_attack() -> None:
    """PM-5.3: Mech on Laser takes 2 more (Fist, Laser disabled); roll 1 (Fist) -> Missiles."""
    state = state_with(
        foe("M", "C/4", attack=1, time=5, damage=2), me=player(action=Action.RA1, time=1)
    )
    after, events = play(state, cmd.Wait(), [5, 6, 1])
    assert one(events, ev.EnemyAttackSelected) == ev.EnemyAttackSelected("M", 1, 2, None)
    assert (after.get("M").attack, after.get("M").time) == (2, 4)


def test_pm_5_3_all_attacks_disabled_destroys_and_records_the_kill() -> None:
    """PM-5.3: Helo (4 circles) with 3 filled takes 2: destroyed, removed, killed in this wave."""
    state = state_with(
        foe("H", "C/4", attack=1, damage=3, time=3),
        foe("A", "L/1", time=5),
        me=player(action=Action.RA1, time=1),
    )
    after, events = play(state, cmd.Wait(), [6, 6])
    assert one(events, ev.EnemyDamaged) == ev.EnemyDamaged("H", 1)
    assert one(events, ev.EnemyDestroyed) == ev.EnemyDestroyed("H")
    assert after.find("H") is None
    assert after.killed == (EnemyKind.HELO,)
    assert prompt_of(events) is Prompt.FREE  # not the last enemy: the sequence goes on


# ------------------------------------------------------------------ PM-10 stance
def test_pm_10_squatting_walk_forwards_and_turn_are_full_actions() -> None:
    """PM-10: squatting, Walk Forwards and Turn are chosen as actions and cost T."""
    state = choose_state(stance=Stance.SQUATTING)
    _, events = play(state, cmd.ChooseAction(Action.FORWARD))
    assert events[0] == ev.ActionChosen(Action.FORWARD, 1, 0)
    _, events = play(state, cmd.ChooseAction(Action.TURN))
    assert events[0] == ev.ActionChosen(Action.TURN, 1, 0)


def test_pm_10_pm_11_1_kickback_ppc_only_while_squatting() -> None:
    """PM-10 / PM-11.1 Kickback: a PPC line may be chosen only while squatting."""
    standing = choose_state(gear="RS=ppc")
    assert refusal(standing, cmd.ChooseAction(Action.RS1)) == PaperCode.ACTION
    squatting = choose_state(gear="RS=ppc", stance=Stance.SQUATTING)
    _, events = play(squatting, cmd.ChooseAction(Action.RS1))
    # Single Shot T3, plus 1: the PPC (W4) for the Missiles (W3) makes 13 W (PM-12).
    assert events[0] == ev.ActionChosen(Action.RS1, 4, 1)


def test_pm_5_2_a_free_move_on_a_damaged_line_is_refused() -> None:
    """PM-5.2: Walk Forwards damaged (legs line 3): the free walk is refused, the turn allowed."""
    me = player(action=Action.LS1, time=1, legs=(3,))
    state, _ = play(state_with(foe("A", "L/3", time=3), me=me), cmd.Wait())
    with pytest.raises(IllegalCommand) as caught:
        play(state, cmd.Walk())
    assert caught.value.code == PaperCode.MOVE
    after, _ = play(state, cmd.Turn(TurnDirection.RIGHT))
    assert after.get("A").space == (Ring.L, Wedge.W2)
