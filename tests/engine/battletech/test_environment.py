"""BT-M-39 / BT-C-61: hostile environments: gravity, temperature, vacuum, swamp and ice.

Most cases put a 50-ton Walk 5 'Mech (unit 0, Piloting 5) in 0816 facing N on a 16 x 17 board,
an enemy far off in 0101, and play real commands with scripted dice.
"""

from __future__ import annotations

import random
from fractions import Fraction

import attrs
import pytest

from engine.battletech import RULESET
from engine.battletech import events as ev
from engine.battletech.board import Board, Terrain, Woods
from engine.battletech.bot.builtin import POLICIES
from engine.battletech.commands import EndPhase, Jump, Move, RollInitiative, Step, StepKind
from engine.battletech.context import Ctx
from engine.battletech.data.scenario import ScenarioError, build_setup, parse_scenario
from engine.battletech.designs.mech import Location
from engine.battletech.envevents import BreachRolled, IceBroken, IceRolled, UnitFreed, UnitStuck
from engine.battletech.envstate import Environment, by_gravity, fall_by_gravity
from engine.battletech.migrations import MIGRATIONS, SCHEMA_VERSION
from engine.battletech.narrate import tell
from engine.battletech.narrate.envwords import heading_tag, hex_note, roll_warning, summary
from engine.battletech.rules import crits, environment
from engine.battletech.rules.damage import apply_damage, fall
from engine.battletech.rules.heat import heat_sources
from engine.battletech.rules.movement import plan_move, reachable, terrain_cost
from engine.battletech.rules.physical import check_dfa
from engine.battletech.rules.tohit import weapon_to_hit
from engine.battletech.state import BTSetup, BTState, MoveMode, Phase, UnitSetup
from engine.dice import Dice, ScriptedDice
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import TEST_PILOT, design, evolved_unit, play, terrain_board
from tests.engine.battletech._rules_btc import moved, run
from tests.engine.battletech.test_scenario import LIBRARY, _table

F = Step(StepKind.FORWARD)
R = Step(StepKind.RIGHT)
H = Hex.from_label
LL, RL, CT, LT = Location.LL, Location.RL, Location.CT, Location.LT
MISS_CRIT = (1, 1)
"""2D6 = 2 on the critical chance table: no critical."""


def env_start(
    board: Board | None = None,
    environment: Environment | None = None,
    mech: object = None,
    where: str = "0816",
    *,
    temperature: int | None = None,
) -> BTState:
    """Unit 0 at ``where`` facing N, unit 1 in 0101: the Movement phase of turn 1, side 0 first."""
    units = (
        UnitSetup(mech or design(50, 5, 4), 0, TEST_PILOT, H(where), Facing.N),  # type: ignore[arg-type]
        UnitSetup(design(), 1, TEST_PILOT, H("0101"), Facing.S),
    )
    setup = BTSetup(
        board or terrain_board(16, 17),
        ("Blue", "Red"),
        units,
        temperature=temperature,
        environment=environment,
    )
    state = RULESET.start(setup)
    return attrs.evolve(state, phase=Phase.MOVEMENT, order=(0, 1), slots=((0, 1), (1, 1)))


def of(events, kind):
    """The events of one type."""
    return [e for e in events if isinstance(e, kind)]


def gravity(g: str) -> Environment:
    """An environment of ``g`` G."""
    return Environment(gravity=int(Fraction(g) * 100))


# ---------------------------------------------------------------- BT-M-39.3 / BT-C-61.3 gravity


@pytest.mark.parametrize(
    ("mp", "g", "expected"),
    [("4", "0.75", 5), ("4", "1.25", 3), ("1", "0.4", 2), ("3", "0.6", 5), ("5", "1", 5)],
)
def test_mp_divided_by_gravity_rounds_to_nearest_half_down(mp, g, expected):
    """BT-M-39.3 / BT-C-61.3: 4 / 0.75 = 5.33 -> 5; 4 / 1.25 = 3.2 -> 3; 1 / 0.4 = 2.5 -> 2."""
    assert by_gravity(int(mp), Fraction(g)) == expected


def test_low_gravity_lets_a_walk_4_mech_walk_5_and_run_8():
    """BT-M-39.3 / BT-C-61.3: Walk 4 at 0.75 G is Walk 5; Run is recomputed: ceil(1.5 x 5) = 8.

    Jump 4 becomes 5 too. A sixth hex walking is refused, as at 1 G the fifth is.
    """
    state = env_start(environment=gravity("0.75"), mech=design(50, 4, 4))
    assert plan_move(state, 0, MoveMode.WALK, (F,) * 5).mp_spent == 5
    with pytest.raises(IllegalCommand, match=r"insufficient|costs"):
        plan_move(state, 0, MoveMode.WALK, (F,) * 6)
    assert max(r.mp for r in reachable(state, 0, MoveMode.RUN).values()) == 8
    run_far = {r.hex for r in reachable(state, 0, MoveMode.JUMP).values()}
    assert H("0811") in run_far  # 5 hexes north
    standard = env_start(mech=design(50, 4, 4))
    with pytest.raises(IllegalCommand):
        plan_move(standard, 0, MoveMode.WALK, (F,) * 5)


def test_high_gravity_slows_and_can_stop_a_mech():
    """BT-M-39.3 / BT-C-61.3: Walk 4 at 1.25 G is 3; Walk 1 at 3 G is 0: it cannot move."""
    state = env_start(environment=gravity("1.25"), mech=design(50, 4))
    with pytest.raises(IllegalCommand):
        plan_move(state, 0, MoveMode.WALK, (F,) * 4)
    assert plan_move(state, 0, MoveMode.WALK, (F,) * 3).mp_spent == 3
    heavy = env_start(environment=gravity("3"), mech=design(50, 1))
    assert set(reachable(heavy, 0, MoveMode.WALK)) == {(H("0816"), Facing.N)}


def test_falling_damage_is_multiplied_by_gravity_rounded_up():
    """BT-M-39.3 / BT-C-61.3 / BT-M-35 item 6: a 50-ton 0-level fall, 5 points, at 1.5 G: 8."""
    assert fall_by_gravity(5, Fraction(3, 2)) == 8
    state = env_start(environment=gravity("1.5"))
    ctx = Ctx(state, ScriptedDice((3, 3, 4, 3, 4, 6, 6)))
    fall(ctx, 0, H("0816"), 0, "test")
    (fell,) = of(ctx.events, ev.UnitFell)
    assert fell.damage == 8
    assert sum(d.armor + d.internal for d in of(ctx.events, ev.DamageApplied)) == 8


def test_running_past_the_1g_run_mp_strains_the_legs_on_a_failed_psr():
    """BT-M-39.3 / BT-C-61.3: Walk 5 at 0.6 G is Walk 8, Run 12; its 1 G Run MP is 8.

    It runs 10 MP, 2 over: a PSR at the end of the Movement phase (Piloting 5); on a failure
    (2D6 = 4) each leg takes 2 internal structure points (the digest's example: "Run 8 at 1 G,
    spends 10 -> 2 IS on each leg") and rolls for criticals; it does not fall.
    """
    state = env_start(environment=gravity("0.6"), mech=design(50, 5))
    before = state.units[0]
    dice = (2, 2, *MISS_CRIT, *MISS_CRIT)
    state, events = run(
        state, [Move(0, MoveMode.RUN, (F,) * 10), Move(1, MoveMode.STILL), EndPhase()], dice
    )
    (psr,) = of(events, ev.PilotingRoll)
    assert (psr.reason, psr.target, psr.success) == ("gravity", 5, False)
    unit = state.units[0]
    for leg in (LL, RL):
        assert unit.mech.internal_at(leg) == before.mech.internal_at(leg) - 2
        assert unit.mech.armor_at(leg) == before.mech.armor_at(leg)
    assert not unit.mech.prone
    assert not of(events, ev.UnitFell)


def test_no_overspeed_roll_within_the_1g_run_mp_or_on_a_pass():
    """BT-M-39.3 / BT-C-61.3: 8 MP at 0.6 G is within the 1 G Run MP: no roll; a pass: no harm."""
    state = env_start(environment=gravity("0.6"), mech=design(50, 5))
    _, events = run(state, [Move(0, MoveMode.RUN, (F,) * 8), Move(1, MoveMode.STILL), EndPhase()])
    assert not of(events, ev.PilotingRoll)
    state = env_start(environment=gravity("0.6"), mech=design(50, 5))
    after, events = run(
        state, [Move(0, MoveMode.RUN, (F,) * 9), Move(1, MoveMode.STILL), EndPhase()], (3, 3)
    )
    assert of(events, ev.PilotingRoll)[0].success
    assert after.units[0].mech.internal == state.units[0].mech.internal


def test_jumping_past_the_1g_jump_mp_strains_the_legs_too():
    """BT-M-39.3 / BT-C-61.3: Jump 4 at 0.6 G is 6.67 -> 7; a 6-hex jump is 2 over Jump 4."""
    state = env_start(environment=gravity("0.6"), mech=design(50, 5, 4))
    path = tuple(H(f"08{row}") for row in range(15, 9, -1))
    dice = (1, 2, *MISS_CRIT, *MISS_CRIT)
    state, events = run(state, [Jump(0, path, Facing.N), Move(1, MoveMode.STILL), EndPhase()], dice)
    assert of(events, ev.PilotingRoll)[0].reason == "gravity"
    design_ = state.units[0].mech_design
    assert state.units[0].mech.internal_at(LL) == design_.internal[list(Location).index(LL)] - 2


# ---------------------------------------------------------------- BT-M-39.4 / BT-C-61.1 temperature


def test_extreme_cold_and_heat_change_the_heat_each_turn():
    """BT-M-39.4 / BT-C-61.1: -45 C is 2 tens (or part) below -30: -2 heat; 65 C: +2 heat.

    The heat breakdown names the temperature, and the screen's summary says it.
    """
    cold = env_start(temperature=-45)
    assert ("temperature -45 C", -2) in heat_sources(cold, cold.units[0])
    assert "Temperature -45 C: -2 heat a turn" in summary(cold)
    hot = env_start(temperature=65)
    assert ("temperature 65 C", 2) in heat_sources(hot, hot.units[0])
    mild = env_start(temperature=-30)
    assert not [s for s in heat_sources(mild, mild.units[0]) if "temperature" in s[0]]


# ---------------------------------------------------------------- BT-M-39.5 / BT-C-61.5 vacuum

ARMED = design(50, 5, equipment=[("Medium Laser", LT), ("Medium Laser", CT)])


def vacuum_ctx(dice, mech=ARMED) -> Ctx:
    """A `Ctx` over a vacuum battlefield with scripted dice."""
    state = env_start(environment=Environment(vacuum=True), mech=mech)
    return Ctx(state, ScriptedDice(tuple(dice)))


def test_a_hit_in_vacuum_breaches_on_10_and_the_weapons_there_stop():
    """BT-M-39.5 / BT-C-61.5: each damaging hit rolls 2D6 for a breach: 10+ breaches.

    5 points on the left torso (armor left): the roll 5+5 breaches it; its laser no longer fires
    (nothing in a breached location works); the centre torso's still does.
    """
    ctx = vacuum_ctx((5, 5))
    apply_damage(ctx, 0, LT, 5)
    (breach,) = of(ctx.events, BreachRolled)
    assert (breach.location, breach.roll, breach.breached) == (LT, (5, 5), True)
    unit = ctx.state.units[0]
    assert unit.mech.breached == {LT}
    assert crits.item_destroyed(unit, 0)
    assert not crits.item_destroyed(unit, 1)
    state = attrs.evolve(ctx.state, phase=Phase.WEAPON)
    state = state.replace_unit(1, attrs.evolve(state.units[1], hex=H("0813")))
    laser = weapon_to_hit(state, 0, 0, 1)
    assert laser.number is None
    assert "breached location" in laser.reason
    assert weapon_to_hit(state, 0, 1, 1).number is not None


def test_a_breach_roll_of_9_holds_and_no_roll_outside_vacuum():
    """BT-C-61.5: 4+5 = 9 holds. In air no breach die is rolled at all."""
    ctx = vacuum_ctx((4, 5))
    apply_damage(ctx, 0, LT, 5)
    assert not of(ctx.events, BreachRolled)[0].breached
    assert ctx.state.units[0].mech.breached == frozenset()
    air = Ctx(env_start(mech=ARMED), ScriptedDice(()))
    apply_damage(air, 0, LT, 5)
    assert not of(air.events, BreachRolled)


def test_a_location_stripped_of_armor_is_breached_without_a_roll():
    """BT-C-61.5: a location whose armor is completely gone is breached automatically."""
    ctx = vacuum_ctx(MISS_CRIT)  # only the critical chance for the structure it reaches
    armor = ctx.state.units[0].mech.armor_at(LT)
    apply_damage(ctx, 0, LT, armor + 1)
    (breach,) = of(ctx.events, BreachRolled)
    assert (breach.roll, breach.breached) == ((), True)


def test_a_breached_centre_torso_counts_its_engine_lines_as_engine_hits():
    """BT-C-61.5 / BT-C-31.

    Engine lines in a breached location act as engine criticals (no true
    criticals): the six of a standard engine's centre torso destroy the 'Mech.
    """
    ctx = vacuum_ctx((6, 6))
    apply_damage(ctx, 0, CT, 5)
    assert crits.engine_hits(ctx.state.units[0]) == 6
    assert ctx.state.units[0].mech.crits == frozenset()
    (destroyed,) = of(ctx.events, ev.UnitDestroyed)
    assert "breach" in destroyed.cause


def test_life_support_hit_in_vacuum_hurts_the_mechwarrior_each_end_phase():
    """BT-C-61.5 / BT-C-31: a MechWarrior without life support takes 1 damage an End phase."""
    state = env_start(environment=Environment(vacuum=True))
    life = state.units[0].mech_design.slots_at(Location.HD).index("Life Support")
    state = state.replace_unit(
        0, evolved_unit(state.units[0], crits=frozenset({(Location.HD, life)}))
    )
    ctx = Ctx(state, ScriptedDice((6, 6)))  # the consciousness roll after the wound
    environment.vacuum_life_support(ctx)
    assert ctx.state.units[0].mech.wounds == 1
    air = Ctx(attrs.evolve(state, environment=None), ScriptedDice(()))
    environment.vacuum_life_support(air)
    assert air.state.units[0].mech.wounds == 0


# ---------------------------------------------------------------- BT-M-39.1 / BT-C-61.4 swamp

SWAMP = Terrain(swamp=True)


def test_swamp_costs_one_more_mp():
    """BT-M-39.1 / BT-C-61.4: swampy clear 2 MP, swampy light woods 3 MP."""
    assert terrain_cost(SWAMP) == 2
    assert terrain_cost(Terrain(swamp=True, woods=Woods.LIGHT)) == 3


def test_entering_a_swamp_rolls_a_psr_and_a_failure_sticks_the_mech():
    """BT-M-39.1 / BT-C-61.4: a PSR on entering; failure: stuck, no fall, the move ends there.

    The rest of the plotted path is lost; it cannot move on; attacks at it are at -2.
    """
    state = env_start(terrain_board(16, 17, h0815=SWAMP))
    state, events = play(state, Move(0, MoveMode.WALK, (F, F)), (2, 2))
    (psr,) = of(events, ev.PilotingRoll)
    assert (psr.reason, psr.target, psr.success) == ("swamp", 5, False)
    assert of(events, UnitStuck)
    unit = state.units[0]
    assert (unit.hex, unit.stuck, unit.mech.prone) == (H("0815"), True, False)
    assert unit.movement is not None
    assert unit.movement.done
    assert not of(events, ev.UnitFell)
    with pytest.raises(IllegalCommand, match="stuck"):
        plan_move(state, 0, MoveMode.WALK, (R,))


def test_a_passed_swamp_psr_lets_the_move_go_on():
    """BT-M-39.1 / BT-C-61.4: success: it walks on (2 MP for the swamp hex, 1 for the next)."""
    state = env_start(terrain_board(16, 17, h0815=SWAMP))
    state, _ = play(state, Move(0, MoveMode.WALK, (F, F)), (3, 3))
    assert state.units[0].hex == H("0814")
    assert not state.units[0].stuck
    assert state.units[0].movement is not None
    assert state.units[0].movement.mp_spent == 3


def test_a_stuck_mech_is_hit_at_minus_2():
    """BT-C-61.4 / BT-C-18.12: -2 to every attack against it."""
    state = env_start(terrain_board(16, 17, h0815=SWAMP), mech=ARMED, where="0816")
    state, _ = play(state, Move(0, MoveMode.WALK, (F,)), (2, 2))
    shooter = attrs.evolve(state, phase=Phase.WEAPON)
    swapped = shooter.replace_unit(1, attrs.evolve(shooter.units[1], design=ARMED, hex=H("0811")))
    assert ("target stuck in a swamp", -2) in weapon_to_hit(swapped, 1, 0, 0).modifiers


def test_a_stuck_mech_rolls_to_pull_free_at_the_start_of_the_next_movement_phase():
    """BT-M-39.1 / BT-C-61.4.

    A PSR at the start of each later Movement phase: failure keeps it
    stuck (no fall), success frees it to move normally.
    """
    state = env_start(terrain_board(16, 17, h0815=SWAMP))
    state, _ = play(state, Move(0, MoveMode.WALK, (F,)), (2, 2))
    state = attrs.evolve(state, phase=Phase.INITIATIVE, turn=2)
    held, events = play(state, RollInitiative(), (1, 1, 6, 6, 2, 2))
    assert held.units[0].stuck
    assert of(events, ev.PilotingRoll)[0].reason == "unstick"
    assert not of(events, UnitFreed)
    freed, events = play(state, RollInitiative(), (1, 1, 6, 6, 4, 4))
    assert of(events, UnitFreed)
    assert not freed.units[0].stuck


def test_a_mech_landing_in_a_swamp_is_stuck_without_a_roll():
    """BT-M-39.1 / BT-C-61.4: a 'Mech that lands from a jump in a swamp is stuck automatically."""
    state = env_start(terrain_board(16, 17, h0814=SWAMP))
    state, events = play(state, Jump(0, (H("0815"), H("0814")), Facing.N))
    (stuck,) = of(events, UnitStuck)
    assert stuck.automatic
    assert state.units[0].stuck
    assert not of(events, ev.PilotingRoll)


def test_the_swamp_option_turns_depth_0_water_into_swamp():
    """BT-M-39.1 / BT-C-61.4: optionally, Depth 0 water hexes play as swamp (clear stays clear)."""
    board = terrain_board(16, 17, h0815=Terrain(water=0), h0814=Terrain(water=0, woods=Woods.LIGHT))
    state = env_start(board, Environment(swamp=True))
    assert state.board.terrain(H("0815")) == Terrain(swamp=True)
    assert state.board.terrain(H("0814")) == Terrain(swamp=True, woods=Woods.LIGHT)
    plain = env_start(board)
    assert plain.board.terrain(H("0815")) == Terrain(water=0)


# ---------------------------------------------------------------- BT-M-39.2 / BT-C-61.2 ice

ICE = Terrain(ice=True)
ICED_WATER = Terrain(water=2, ice=True)


def test_turning_then_walking_onto_ice_needs_a_skid_check():
    """BT-M-39.2 / BT-C-61.2.

    A 'Mech that changes facing and then moves into an iced hex checks
    for a skid even walking; straight on, no check.
    """
    state = env_start(terrain_board(16, 17, h0916=ICE, h0815=ICE))
    checks = plan_move(state, 0, MoveMode.WALK, (R, F)).checks
    assert [c.reason for c in checks] == ["skid"]
    assert checks[0].fall_hex == H("0816")
    assert not plan_move(state, 0, MoveMode.WALK, (F,)).checks


def test_ice_over_water_holds_on_1_to_5_and_is_walked_on():
    """BT-M-39.2 / BT-C-61.2.

    Entering ice-covered water rolls 1D6; 5 holds. On the ice the
    'Mech stands at the surface (1 MP, no water PSR).
    """
    state = env_start(terrain_board(16, 17, h0815=ICED_WATER))
    assert plan_move(state, 0, MoveMode.WALK, (F,)).mp_spent == 1
    state, events = play(state, Move(0, MoveMode.WALK, (F,)), (5,))
    (rolled,) = of(events, IceRolled)
    assert (rolled.roll, rolled.need, rolled.broke) == (5, 6, False)
    assert state.units[0].hex == H("0815")
    assert not state.units[0].mech.prone


def test_ice_breaks_on_a_6_and_the_mech_falls_into_the_water():
    """BT-M-39.2 / BT-C-61.2.

    On a 6 the ice breaks; the 'Mech falls in (half damage: a 50-ton
    0-level fall is 5, halved in water to 3); the hex is open Depth 2 water from then on.
    """
    state = env_start(terrain_board(16, 17, h0815=ICED_WATER))
    fall_dice = (3, 3, 4, 6, 6)  # facing die, one location roll, the injury roll
    state, events = play(state, Move(0, MoveMode.WALK, (F,)), (6, *fall_dice))
    assert of(events, IceBroken)[0].depth == 2
    (fell,) = of(events, ev.UnitFell)
    assert (fell.damage, fell.halved) == (3, True)
    assert state.board.terrain(H("0815")) == Terrain(water=2)
    assert state.environment is not None
    assert state.environment.depth_under(H("0815")) is None
    assert state.units[0].mech.prone


def test_a_jump_landing_breaks_the_ice_on_4():
    """BT-M-39.2 / BT-C-61.2: a 'Mech landing on ice-covered water breaks it on 4+."""
    state = env_start(terrain_board(16, 17, h0814=ICED_WATER))
    fall_dice = (3, 3, 4, 6, 6)
    state, events = play(state, Jump(0, (H("0815"), H("0814")), Facing.N), (4, *fall_dice))
    (rolled,) = of(events, IceRolled)
    assert (rolled.need, rolled.broke, rolled.jump) == (4, True, True)
    assert state.board.terrain(H("0814")).water == 2


def test_frozen_solid_water_never_breaks():
    """BT-M-39.2 / BT-C-61.2: water marked frozen solid is iced ground: no break roll."""
    board = terrain_board(16, 17, h0815=Terrain(water=2))
    state = env_start(board, Environment(ice=True, frozen=(H("0815"),)))
    assert state.board.terrain(H("0815")) == ICE
    _, events = play(state, Move(0, MoveMode.WALK, (F,)))
    assert not of(events, IceRolled)


def test_melting_the_ice_drops_the_mech_on_it_into_the_water():
    """BT-M-39.2 / BT-C-61.2 / BT-C-57.

    Ice melted by the clearing procedure is open water; the
    unit on it falls in.
    """
    state = env_start(terrain_board(16, 17, h0816=ICED_WATER))
    ctx = Ctx(state, ScriptedDice((3, 3, 4, 6, 6)))
    assert environment.melt(ctx, H("0816"))
    assert of(ctx.events, IceBroken)[0].cause == "the ice melted"
    assert of(ctx.events, ev.UnitFell)[0].hex == H("0816")
    assert ctx.state.board.terrain(H("0816")).water == 2


# ---------------------------------------------------------------- the scenario, saves, words


def test_an_environment_table_is_read_into_the_setup():
    """BT-M-39 / BT-C-61: [environment] gravity, temperature, vacuum, swamp, ice, frozen."""
    table = _table(
        environment={
            "gravity": 0.8,
            "temperature": -45,
            "vacuum": True,
            "swamp": True,
            "ice": ["0808"],
        }
    )
    setup = build_setup(table, LIBRARY)
    assert setup.environment == Environment(80, vacuum=True, swamp=True, iced=(H("0808"),))
    assert setup.temperature == -45
    state = RULESET.start(setup)
    assert state.board.terrain(H("0808")).ice
    lines = summary(state)
    assert any(line.startswith("Gravity 0.80 G") for line in lines)
    assert "Vacuum: hits breach on 10+" in lines
    assert build_setup(_table(), LIBRARY).environment is None


@pytest.mark.parametrize(
    ("environment", "why"),
    [
        ({"gravity": 0}, "from 0.1 to 5"),
        ({"gravity": 0.805}, "hundredth"),
        ({"gravity": "low"}, "number of G"),
        ({"vacuum": "yes"}, "true or false"),
        ({"wind": 3}, "unknown environment keys: wind"),
        ({"ice": ["9999"]}, "off the map"),
        ({"frozen": ["0808"]}, "not iced water"),
        ({"temperature": 500}, "from -200 to 200"),
    ],
)
def test_bad_environment_settings_are_refused(environment, why):
    """BT-M-39: one readable reason per bad setting."""
    with pytest.raises(ScenarioError, match=why):
        build_setup(_table(environment=environment), LIBRARY)


def test_a_bad_environment_line_is_placed_on_its_line():
    """BT-M-39: ``hexmech validate`` prints FILE:LINE: the error names the scenario's line."""
    text = (
        'title = "T"\nboard = "plain"\n[environment]\nswamp = true\ngravity = -1\n'
        '[[side]]\nname = "A"\nunits = ["Atlas AS7-D"]\n'
        '[[side]]\nname = "B"\nunits = ["Atlas AS7-D"]\n'
    )
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(text, LIBRARY)
    assert caught.value.line == 5
    assert caught.value.where("x.toml").startswith("x.toml:5: environment.gravity")


def test_an_older_save_gets_the_standard_environment():
    """BT-M-39: the schema migration gives a save without ``environment`` a standard one."""
    assert SCHEMA_VERSION >= 6
    header = {"setup": {"board": {}, "sides": []}}
    migrated = MIGRATIONS[5].header(header)
    assert migrated["setup"]["environment"] is None
    assert "environment" not in header["setup"]


def test_the_log_tells_bogging_down_and_breaking_ice():
    """BT-M-39.1/39.2: the log's words for a swamp roll, being stuck, and the ice breaking."""
    state = env_start(terrain_board(16, 17, h0815=SWAMP))
    command = Move(0, MoveMode.WALK, (F,))
    events = RULESET.decide(state, command, ScriptedDice((2, 2)))
    told, _ = tell(1, command, events, state)
    text = "\n".join(line.text for line in told)
    assert "PSR for entering a swamp" in text
    assert "bogs down" in text
    assert "stuck" in text
    state = env_start(terrain_board(16, 17, h0815=ICED_WATER))
    events = RULESET.decide(state, command, ScriptedDice((6, 3, 3, 4, 6, 6)))
    told, _ = tell(1, command, events, state)
    text = "\n".join(line.text for line in told)
    assert "the ice breaks!" in text
    assert "Depth 2 water" in text


def test_the_screen_words_name_the_environment():
    """BT-M-39 / BT-C-61: the header tag, the hex notes and the plot's ice and landing lines."""
    board = terrain_board(16, 17, h0815=ICED_WATER, h0814=SWAMP, h0813=ICE)
    state = env_start(board, gravity("0.9"), temperature=-65)
    assert heading_tag(state) == "0.9 G -65 C"
    assert heading_tag(env_start()) == ""
    assert hex_note(state, H("0815")) == "thin, depth 2 below: breaks on 6"
    assert hex_note(state, H("0814")) == "+1 MP, PSR or stuck"
    assert hex_note(state, H("0813")) == "turn + step = skid check"
    assert hex_note(state, H("0816")) == ""
    assert roll_warning("ice", "0815") == "1D6 0815 thin ice: breaks on 6 (17%)"
    assert roll_warning("ice_landing", "0815").endswith("breaks on 4+ (50%)")
    assert roll_warning("swamp", "0814") == ""
    lines = summary(state)
    assert "Swamp: +1 MP, PSR or stuck" in lines
    assert "Ice: turn then move = skid check, thin ice breaks on 6" in lines


@pytest.mark.parametrize(("policy", "seed"), [("random", 3), ("aggressive", 1)])
def test_built_in_players_finish_a_frozen_lake_game(policy, seed):
    """BT-M-39 / BT-C-61.

    The bundled ``frozen-lake`` scenario is played to its end by the simulator's players, no
    command refused; the ice is rolled for on the way.
    """
    from tui.battletech.library import install, load_scenario  # noqa: PLC0415

    setup = load_scenario("frozen-lake", install(()))
    assert setup.environment is not None
    assert setup.environment.ice
    state = RULESET.start(setup)
    dice, rng, player = Dice(seed), random.Random(seed), POLICIES[policy]  # noqa: S311
    kinds: set[type] = set()
    for _ in range(4000):
        if state.phase is Phase.OVER:
            break
        command = player(state, rng)
        assert command is not None
        for event in RULESET.decide(state, command, dice):
            kinds.add(type(event))
            state = RULESET.evolve(state, event)
    assert state.phase is Phase.OVER
    assert IceRolled in kinds


def test_a_death_from_above_reaches_as_far_as_the_jump_mp_at_the_gravity():
    """BT-M-39.3 / BT-C-61.3 / BT-C-43: Jump 4 at 0.6 G is 7: five hexes and the target's hex."""
    path = tuple(H(f"08{row}") for row in range(15, 10, -1))
    for g, allowed in (("0.6", True), ("1", False)):
        state = env_start(environment=gravity(g))
        state = state.replace_unit(1, attrs.evolve(state.units[1], hex=H("0810")))
        state = moved(state, 1)
        if allowed:
            check_dfa(state, 0, path, 1)
        else:
            with pytest.raises(IllegalCommand, match="Jump MP"):
                check_dfa(state, 0, path, 1)
