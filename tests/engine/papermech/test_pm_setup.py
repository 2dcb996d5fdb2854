"""Paper 'Mech PM-1, PM-2, PM-3 and PM-3.1: the sheet, set-up, wave generation, enemy cards."""

from __future__ import annotations

import pytest

from engine.dice import ScriptedDice
from engine.game import Accepted, Game
from engine.papermech import RULESET, legal_commands
from engine.papermech import commands as cmd
from engine.papermech import events as ev
from engine.papermech.state import PaperSetup, Prompt
from engine.papermech.tables import (
    WAVE_TABLE,
    Action,
    EnemyKind,
    Location,
    Mount,
    Ring,
    Stance,
    Weapon,
    Wedge,
)
from tests.engine.papermech._build import all_of, foe, one, play, player, prompt_of, state_with

B, A, H, F, T, M = (EnemyKind(k) for k in "BAHFTM")


# ------------------------------------------------------------------ PM-1 / PM-2
def test_pm_1_the_sheet_has_four_mounts_of_six_circles_torso_four_and_legs_four() -> None:
    """PM-1 / PM-9.3: a fresh sheet: 4 mounts x 6 circles, torso 4, legs 4 lines: 32 circles."""
    sheet = RULESET.start(PaperSetup()).player
    assert [len(sheet.circles(m)) for m in Mount] == [6, 6, 6, 6]
    assert sheet.free(Location.TORSO) == 4
    assert sheet.free(Location.LEGS) == 4
    assert sheet.intact == 32


def test_pm_1_a_game_is_four_waves() -> None:
    """PM-1 / PM-3: the wave table has exactly the columns 1-4."""
    assert sorted(WAVE_TABLE) == [1, 2, 3, 4]


def test_pm_2_start_is_default_loadout_standing_waiting_to_deploy() -> None:
    """PM-2: default loadout, standing, no damage, nothing chosen; deploy is the only command."""
    state = RULESET.start(PaperSetup())
    me = state.player
    assert state.prompt is Prompt.DEPLOY
    assert me.stance is Stance.STANDING
    assert me.loadout.weapons == (Weapon.WING_SHIELD, Weapon.MISSILES, Weapon.LASER, Weapon.FIST)
    assert (me.loadout.torso, me.loadout.legs) == (5, 4)
    assert (me.action, me.time, me.torso) == (None, None, 0)
    assert legal_commands(state) == [cmd.Deploy()]


def test_pm_2_first_action_counts_from_active_then_time_advances() -> None:
    """PM-2 steps 3-5: deploy (wave 1 = Bike on L/4), choose Single Launch T2: cube 2, one step."""
    game = Game(RULESET, RULESET.make_setup(None), ScriptedDice([1, 4]))
    assert isinstance(game.execute(cmd.Deploy()), Accepted)
    assert game.state.prompt is Prompt.ACTION
    outcome = game.execute(cmd.ChooseAction(Action.RS1))
    assert isinstance(outcome, Accepted)
    assert outcome.entry.events[0] == ev.ActionChosen(Action.RS1, 2, 0)
    assert game.state.player.time == 1
    assert game.state.get("B").time == 0
    assert game.state.prompt is Prompt.WINDOW


# ------------------------------------------------------------------ PM-3 wave generation
def test_pm_3_e1_wave_generation_firethrower_laser_on_long_3() -> None:
    """PM-3 / E1: dice 5 (wave table -> F), 2 (Laser, T3), 3 (radar): F Laser, cube 3, on L/3."""
    game = Game(RULESET, RULESET.make_setup(None), ScriptedDice([5, 2, 3]))
    outcome = game.execute(cmd.Deploy())
    assert isinstance(outcome, Accepted)
    wave = one(outcome.entry.events, ev.WaveGenerated)
    assert wave == ev.WaveGenerated(1, 1, 5, (ev.Spawn(F, 2, 0, 3),))
    firethrower = game.state.get("F")
    assert firethrower.profile.armor == 3
    assert firethrower.damage == 0
    assert firethrower.hit_points == 4
    assert firethrower.profile.attacks[firethrower.attack].name == "Laser"
    assert (firethrower.time, firethrower.space) == (3, (Ring.L, Wedge.W3))
    assert game.state.player.stance is Stance.STANDING
    assert game.state.player.time is None
    assert game.state.prompt is Prompt.ACTION


def test_pm_3_e1_a_t1_action_acts_before_the_firethrower() -> None:
    """E1 DERIVED / PM-4: Defend (T1) vs F on 3: one step, the player acts, F is on 2."""
    state = state_with(foe(F, "L/3"), me=player(action=None, time=None), prompt=Prompt.ACTION)
    after, events = play(state, cmd.ChooseAction(Action.LS1))
    assert all_of(events, ev.TimeAdvanced) == [ev.TimeAdvanced()]
    assert one(events, ev.PlayerAttacked).action is Action.LS1
    assert after.get("F").time == 2
    assert prompt_of(events) is Prompt.FREE


def test_pm_3_e1_a_t3_action_ties_and_the_firethrower_resolves_first() -> None:
    """E1 DERIVED / PM-4 ties: Laser Blast (T3) vs F on 3: both reach ACTIVE, F first."""
    state = state_with(foe(F, "L/3"), me=player(action=None, time=None), prompt=Prompt.ACTION)
    state, _ = play(state, cmd.ChooseAction(Action.LA2))
    state, _ = play(state, cmd.Wait())
    assert (state.player.time, state.get("F").time) == (1, 1)
    # F's Laser (M) is out of range at L: it approaches to M/3 and rolls 1 (Laser again);
    # then the player's Laser Blast hits F on M/3: 1, 1, 1 miss, the re-rolls 1, 1, 1 too.
    after, events = play(state, cmd.Wait(), [1, 1, 1, 1, 1, 1, 1])
    kinds = [type(e) for e in events if not isinstance(e, ev.Prompted)]
    assert kinds == [
        ev.TimeAdvanced,
        ev.EnemyMoved,
        ev.EnemyAttackSelected,
        ev.PlayerAttacked,
    ]
    assert one(events, ev.EnemyMoved) == ev.EnemyMoved("F", Ring.M, Wedge.W3, "approach")
    assert one(events, ev.PlayerAttacked).target == "F"
    assert after.get("F").time == 3


WAVE_CELLS = [
    (1, 1, (B,)),
    (1, 2, (B,)),
    (1, 3, (H,)),
    (1, 4, (H,)),
    (1, 5, (F,)),
    (1, 6, (F,)),
    (2, 2, (B, F)),
    (2, 3, (H, F)),
    (2, 6, (A, F)),
    (3, 1, (A, T)),
    (3, 4, (H, T)),
    (3, 5, (F, T)),
    (4, 2, (M, B, T)),
    (4, 3, (M, F, H)),
    (4, 6, (M, T, A)),
]


@pytest.mark.parametrize(("wave", "roll", "kinds"), WAVE_CELLS)
def test_pm_3_wave_table_cell(wave: int, roll: int, kinds: tuple[EnemyKind, ...]) -> None:
    """PM-3: the wave table: the d6 picks the column's row; one enemy per letter, in order."""
    # Per enemy: an attack roll (1) if it has several attacks, then its radar roll (6).
    dice = [roll]
    for kind in kinds:
        dice += [1, 6] if len(kind.profile.attacks) > 1 else [6]
    if wave == 1:
        state = RULESET.start(PaperSetup())
        after, events = play(state, cmd.Deploy(), dice)
    else:
        state = state_with(me=player(action=None, time=None), prompt=Prompt.STANCE, wave=wave - 1)
        after, events = play(state, cmd.SetStance(Stance.STANDING), dice)
    generated = one(events, ev.WaveGenerated)
    assert (generated.wave, generated.roll) == (wave, roll)
    assert tuple(e.kind for e in after.enemies) == kinds
    assert all(e.space == (Ring.L, Wedge.W6) for e in after.enemies)


def test_pm_3_e6_wave_4_m_b_t_each_rolls_attack_then_radar() -> None:
    """PM-3 / E6: wave 4, dice 1 (M+B+T), M 4 (Laser) 6, B 1 (no attack roll), T 5 (PPC) 3."""
    state = state_with(me=player(action=None, time=None), prompt=Prompt.STANCE, wave=3)
    after, events = play(state, cmd.SetStance(Stance.STANDING), [1, 4, 6, 1, 5, 3])
    assert one(events, ev.WaveGenerated).spawns == (
        ev.Spawn(M, 4, 1, 6),
        ev.Spawn(B, None, 0, 1),
        ev.Spawn(T, 5, 1, 3),
    )
    mech, bike, tank = after.enemies
    assert (mech.key, mech.attack, mech.time, mech.space) == ("M", 1, 3, (Ring.L, Wedge.W6))
    assert (bike.key, bike.attack, bike.time, bike.space) == ("B", 0, 1, (Ring.L, Wedge.W1))
    assert (tank.key, tank.attack, tank.time, tank.space) == ("T", 1, 4, (Ring.L, Wedge.W3))
    assert prompt_of(events) is Prompt.ACTION


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_pm_3_pm_8_1_new_enemies_start_on_ring_l_wedge_equal_to_the_roll(roll: int) -> None:
    """PM-3 step 3 / PM-8.1: the radar d6 is the wedge number on ring L (never RR or RL)."""
    after, _ = play(RULESET.start(PaperSetup()), cmd.Deploy(), [1, roll])
    assert after.get("B").space == (Ring.L, Wedge.from_label(str(roll)))


# ------------------------------------------------------------------ PM-3.1 the enemy cards
ENEMY_CARDS = {
    B: (2, [(1, 6, "Machine Gun", Ring.S, 1, 1)]),
    A: (3, [(1, 6, "Mortar/Shells", Ring.L, 5, 5)]),
    H: (2, [(1, 3, "Machine Gun", Ring.S, 2, 2), (4, 6, "Missiles/Rockets", Ring.M, 4, 4)]),
    F: (3, [(1, 3, "Laser", Ring.M, 3, 3), (4, 6, "Flame Gun", Ring.S, 4, 2)]),
    T: (4, [(1, 3, "Laser", Ring.M, 3, 3), (4, 6, "PPC/Shells", Ring.L, 4, 4)]),
    M: (
        4,
        [
            (1, 2, "Fist", Ring.C, 5, 2),
            (3, 4, "Laser", Ring.M, 3, 3),
            (5, 6, "Missiles", Ring.L, 4, 4),
        ],
    ),
}


@pytest.mark.parametrize("kind", list(ENEMY_CARDS))
def test_pm_3_1_enemy_card(kind: EnemyKind) -> None:
    """PM-3.1: armor, attacks (die range, name, range, P, T) and 2 circles per attack."""
    armor, attacks = ENEMY_CARDS[kind]
    profile = kind.profile
    assert profile.armor == armor
    assert [(a.low, a.high, a.name, a.range, a.p, a.t) for a in profile.attacks] == attacks
    assert profile.hit_points == 2 * len(attacks)
    assert profile.moves is (kind is not A)


@pytest.mark.parametrize(
    ("kind", "roll", "attack"),
    [
        (H, 3, 0),
        (H, 4, 1),
        (F, 1, 0),
        (F, 6, 1),
        (T, 3, 0),
        (T, 4, 1),
        (M, 2, 0),
        (M, 3, 1),
        (M, 4, 1),
        (M, 5, 2),
    ],
)
def test_pm_3_1_pm_6_attack_roll_picks_the_attack_whose_range_holds_it(
    kind: EnemyKind, roll: int, attack: int
) -> None:
    """PM-3.1 / PM-6 step 3: the d6 picks the attack by its die range; the cube goes on its T."""
    # Out of range on ring L with an attack of range S/M/C: it approaches, then rolls.
    short = 0
    state = state_with(foe(kind, "L/4", attack=short, time=0))
    after, events = play(state, cmd.Wait(), [roll])
    chosen = kind.profile.attacks[attack]
    assert one(events, ev.EnemyAttackSelected) == ev.EnemyAttackSelected(
        kind.value, roll, attack, chosen.t
    )
    assert after.get(kind.value).time == chosen.t
