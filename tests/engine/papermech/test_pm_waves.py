"""Paper 'Mech PM-13: the end of a wave, repairs, stance, the next wave, winning and losing."""

from __future__ import annotations

import attrs
import pytest

from engine.dice import ScriptedDice
from engine.game import Accepted, Game, IllegalCommand, KernelCode, Rejected
from engine.papermech import RULESET, legal_commands
from engine.papermech import commands as cmd
from engine.papermech import events as ev
from engine.papermech.options import PaperCode
from engine.papermech.state import Prompt, Result
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

FULL = (1, 2, 3, 4, 5, 6)
H, T = EnemyKind.HELO, EnemyKind.TANK


def last_kill(wave: int, victim, dice, killed=(), **me):
    """The player's Punch (cube on 1) destroys ``victim``, the wave's last enemy."""
    me_ = player(action=Action.RA1, time=1, **me)
    state = state_with(victim, me=me_, wave=wave, killed=killed)
    return state, *play(state, cmd.Wait(), dice)


def test_pm_13_design_a_won_wave_keeps_only_damage_and_stance() -> None:
    """PM-13 DESIGN: the wave ends: action, cube, Recoil/Combo memory gone; damage, stance kept."""
    me = {"mounts": hurt(la=(1,)), "torso": 1, "stance": Stance.STANDING}
    _, after, events = last_kill(2, foe("B", "C/4", damage=1, time=3), [6, 6, 1, 1], **me)
    assert one(events, ev.WaveCleared) == ev.WaveCleared(1, 2)
    me_after = after.player
    assert (me_after.action, me_after.time, me_after.placed) == (None, None, None)
    assert (me_after.last_attack, me_after.wall) == (None, None)
    assert (me_after.torso, me_after.circles(Mount.LA)[0]) == (1, True)
    assert after.enemies == ()
    assert after.waves_cleared == 1


def test_pm_13_e11_wave_3_h_and_t_roll_six_dice_for_four_repairs() -> None:
    """E11: Helo (2) and Tank (4) beaten: 6 dice 1 2 3 4 5 6: four repairs, the player's choice."""
    me = {"mounts": hurt(la=(1, 2)), "torso": 2, "legs": (1,)}
    tank = foe("T", "C/4", attack=1, damage=3, time=3)
    before, after, events = last_kill(3, tank, [6, 6, 1, 2, 3, 4, 5, 6], killed=(H,), **me)
    assert before.killed == (H,)
    assert after.killed == (H, T)
    assert one(events, ev.RepairsRolled) == ev.RepairsRolled((1, 2, 3, 4, 5, 6), 4)
    assert (after.prompt, after.repairs) == (Prompt.REPAIR, 4)
    assert legal_commands(after) == [
        cmd.Repair(Location.TORSO),
        cmd.Repair(Location.LEGS, 1),
        cmd.Repair(Location.LA, 1),
        cmd.Repair(Location.LA, 2),
        cmd.Skip(),
    ]
    state, events = play(after, cmd.Repair(Location.LA, 1))
    assert events[0] == ev.CircleRepaired(Location.LA, 0)
    assert not state.player.line_disabled(Action.LA1)  # a repaired circle re-enables the line
    state, _ = play(state, cmd.Repair(Location.TORSO))
    state, _ = play(state, cmd.Repair(Location.LEGS, 1))
    assert (state.player.torso, state.player.legs[0], state.repairs) == (1, False, 1)
    state, events = play(state, cmd.Repair(Location.TORSO))
    assert prompt_of(events) is Prompt.STANCE
    assert (state.player.torso, state.repairs) == (0, 0)


def test_pm_13_e11_wave_1_bike_two_dice_one_repair() -> None:
    """E11: the Bike (armor 2) beaten in wave 1: dice 3 2: one repair."""
    _, after, events = last_kill(1, foe("B", "C/4", damage=1, time=3), [6, 6, 3, 2], torso=1)
    assert one(events, ev.RepairsRolled) == ev.RepairsRolled((3, 2), 1)
    state, events = play(after, cmd.Repair(Location.TORSO))
    assert state.player.torso == 0
    assert prompt_of(events) is Prompt.STANCE


def test_pm_13_repairs_may_be_skipped() -> None:
    """PM-13: the player may leave repairs unused."""
    _, after, _ = last_kill(1, foe("B", "C/4", damage=1, time=3), [6, 6, 3, 3], torso=2)
    state, events = play(after, cmd.Skip())
    assert prompt_of(events) is Prompt.STANCE
    assert state.player.torso == 2


def test_pm_13_repairs_end_when_nothing_is_left_to_repair() -> None:
    """PM-13: two repairs but one filled circle: after it, the stance is asked."""
    _, after, _ = last_kill(1, foe("B", "C/4", damage=1, time=3), [6, 6, 3, 3], legs=(4,))
    state, events = play(after, cmd.Repair(Location.LEGS, 4))
    assert state.player.intact == 32
    assert prompt_of(events) is Prompt.STANCE


def test_pm_13_undamaged_the_repair_dice_are_rolled_and_the_stance_asked() -> None:
    """PM-13: nothing to repair: the dice are rolled (and recorded), then the stance."""
    _, after, events = last_kill(1, foe("B", "C/4", damage=1, time=3), [6, 6, 4, 5])
    assert one(events, ev.RepairsRolled) == ev.RepairsRolled((4, 5), 2)
    assert after.prompt is Prompt.STANCE


def test_pm_13_a_repair_must_name_a_filled_circle() -> None:
    """PM-13: repairing an empty circle is refused."""
    _, after, _ = last_kill(1, foe("B", "C/4", damage=1, time=3), [6, 6, 3, 3], legs=(4,))
    with pytest.raises(IllegalCommand) as caught:
        play(after, cmd.Repair(Location.LEGS, 1))
    assert caught.value.code == PaperCode.REPAIR


def test_pm_13_the_stance_for_the_next_wave_then_the_wave_then_the_first_action() -> None:
    """PM-13 steps 3-5 / PM-10: choose squatting; wave 2 is rolled; the first action from ACTIVE."""
    state = state_with(me=player(action=None, time=None), prompt=Prompt.STANCE, wave=1)
    assert legal_commands(state) == [
        cmd.SetStance(Stance.STANDING),
        cmd.SetStance(Stance.SQUATTING),
    ]
    # Wave 2, roll 3: H + F; H rolls 4 (Missiles) on wedge 2, F rolls 1 (Laser) on wedge 5.
    state, events = play(state, cmd.SetStance(Stance.SQUATTING), [3, 4, 2, 1, 5])
    assert events[0] == ev.StanceChanged(Stance.SQUATTING)
    assert one(events, ev.WaveGenerated).wave == 2
    assert [(e.key, e.damage, e.time) for e in state.enemies] == [("H", 0, 4), ("F", 0, 3)]
    assert prompt_of(events) is Prompt.ACTION
    assert state.player.stance is Stance.SQUATTING
    after, events = play(state, cmd.ChooseAction(Action.TURN))
    assert events[:2] == [ev.ActionChosen(Action.TURN, 1, 0), ev.TimeAdvanced()]
    assert (after.prompt, after.player.time) == (Prompt.MOVE, 0)


def test_pm_13_keeping_the_stance_emits_no_change() -> None:
    """PM-13 step 3: standing, choose standing: no stance event."""
    state = state_with(me=player(action=None, time=None), prompt=Prompt.STANCE, wave=1)
    after, events = play(state, cmd.SetStance(Stance.STANDING), [1, 3, 1, 5])
    assert not all_of(events, ev.StanceChanged)
    assert [e.key for e in after.enemies] == ["B", "F"]
    assert prompt_of(events) is Prompt.ACTION


def test_pm_13_pm_11_1_combo_memory_does_not_cross_into_the_next_wave() -> None:
    """PM-13 DESIGN / Combo: the Fist beat the wave-3 Tank; the wave-4 Tank 'T' gets no +1 P."""
    tank = foe("T", "C/4", attack=1, damage=3, time=3)
    _, state, _ = last_kill(3, tank, [6, 6, 1, 1, 1, 1])
    assert state.player.last_attack is None
    # Wave 4, roll 1: M (Fist) on L/4, B on L/1, T (Laser) on L/5.
    state, _ = play(state, cmd.SetStance(Stance.STANDING), [1, 1, 4, 1, 1, 5])
    new_tank = state.get("T")
    assert new_tank.damage == 0  # PM-13 step 1: enemy damage is erased
    state = state.with_enemy(attrs.evolve(new_tank, ring=Ring.C, wedge=Wedge.W4, time=5))
    state = attrs.evolve(
        state,
        player=attrs.evolve(state.player, action=Action.RA1, time=1, placed=2),
        prompt=Prompt.WINDOW,
    )
    # The Bike (cube 1) approaches first; then the Punch on T rolls 2 dice, not 3.
    _, events = play(state, cmd.Wait(), [1, 1])
    attack = one(events, ev.PlayerAttacked)
    assert (attack.target, attack.power) == ("T", 2)


def test_pm_13_e12_winning_wave_4_scores_the_unfilled_circles_with_no_repairs() -> None:
    """PM-13 / E12: wave 4 won with E3+E4 damage (Laser 6, Wing Shield 2): score 32 - 8 = 24."""
    me = {"mounts": hurt(ls=(3, 4), la=FULL)}
    _, after, events = last_kill(4, foe("B", "C/4", damage=1, time=3), [6, 6], **me)
    assert not all_of(events, ev.RepairsRolled)  # no repairs after wave 4
    assert one(events, ev.BattleWon) == ev.BattleWon(1, 24)
    assert one(events, ev.GameEnded) == ev.GameEnded(Result(won=True, score=24))
    assert after.result == Result(won=True, score=24)
    assert after.prompt is Prompt.OVER


def test_pm_13_the_maximum_score_is_32() -> None:
    """PM-13 / E12: an undamaged 'Mech scores 4 x 6 + 4 + 4 = 32."""
    _, after, _ = last_kill(4, foe("B", "C/4", damage=1, time=3), [6, 6])
    assert after.result == Result(won=True, score=32)


def test_pm_13_game_lost_when_the_torso_reaches_4_and_nothing_more_is_accepted() -> None:
    """PM-13 lose: torso 4 ends the game; the kernel refuses every later command."""
    state = state_with(foe("B", "S/4", time=0), me=player(torso=3))
    after, events = play(state, cmd.Wait(), [1, 6])
    assert one(events, ev.GameEnded).result.won is False
    with pytest.raises(IllegalCommand) as caught:
        play(after, cmd.Wait())
    assert caught.value.code == KernelCode.GAME_OVER


def test_pm_2_pm_13_a_scripted_wave_1_played_through_the_game_kernel() -> None:
    """PM-2 .. PM-14 through Game: Bike on L/4, Single Launch twice its approach, wave won."""
    game = Game(RULESET, RULESET.make_setup(None), ScriptedDice([1, 4, 6, 6, 1, 1, 3, 4, 2, 1, 5]))
    assert isinstance(game.execute(cmd.Deploy()), Accepted)
    refused = game.execute(cmd.Haste())
    assert isinstance(refused, Rejected)
    assert refused.code == PaperCode.NOT_NOW
    assert isinstance(game.execute(cmd.ChooseAction(Action.RS1)), Accepted)
    assert (game.state.player.time, game.state.get("B").time) == (1, 0)
    # The Bike (MG, range S) on L/4 approaches to M/4: cube 1; a window.
    assert isinstance(game.execute(cmd.Wait()), Accepted)
    assert game.state.get("B").space == (Ring.M, Wedge.W4)
    # Both on ACTIVE: the Bike approaches to S/4, then Single Launch 6 6 destroys it.
    outcome = game.execute(cmd.Wait())
    assert isinstance(outcome, Accepted)
    events = outcome.entry.events
    assert one(events, ev.PlayerAttacked).dice == (6, 6)
    assert one(events, ev.WaveCleared) == ev.WaveCleared(1, 1)
    assert one(events, ev.RepairsRolled) == ev.RepairsRolled((1, 1), 0)
    assert game.state.prompt is Prompt.STANCE
    assert isinstance(game.execute(cmd.SetStance(Stance.STANDING)), Accepted)
    assert game.state.wave == 2
    assert [e.key for e in game.state.enemies] == ["H", "F"]
    # PM-13 DESIGN: the Missiles' memory was cleared with the wave.
    assert cmd.ChooseAction(Action.RS1) in legal_commands(game.state)
    assert game.dice_position == 11


def test_pm_9_3_pm_13_a_repaired_torso_drops_the_penalty() -> None:
    """PM-9.3 / PM-13: torso 3 (+1 T) repaired to 2: wave 2's first action costs its printed T."""
    _, state, _ = last_kill(1, foe("B", "C/4", damage=1, time=3), [6, 6, 3, 1], torso=3)
    assert state.player.penalty == 1
    state, _ = play(state, cmd.Repair(Location.TORSO))
    state, _ = play(state, cmd.SetStance(Stance.STANDING), [1, 3, 1, 5])
    _, events = play(state, cmd.ChooseAction(Action.LA2))
    assert events[0] == ev.ActionChosen(Action.LA2, 3, 0)
