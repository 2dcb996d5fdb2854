"""BT-C-50..56 and BT-C-61.1: heat generated and dissipated, the heat scale, shutdown and restart.

Unit 0 is the 'Mech under test (facing north in 0505 of a clear board); unit 1 stands by. Dice of
the Heat phase, in order, for each 'Mech: the shutdown (or restart) roll, the ammunition-explosion
roll (and any dice the explosion needs), the life-support wound's consciousness roll; then the
phase's PSRs and auto-ejections (`combat.end_of_phase`).
"""

from __future__ import annotations

import attrs
import pytest

from engine.battletech import events as ev
from engine.battletech.board import Terrain
from engine.battletech.context import Ctx
from engine.battletech.designs.mech import Location, MechDesign
from engine.battletech.rules.condition import walk_mp
from engine.battletech.rules.heat import (
    dissipation,
    heat_phase,
    heat_sources,
    movement_heat,
    temperature_heat,
    weapon_heat,
)
from engine.battletech.state import BTState, Movement, MoveMode
from engine.battletech.tables import heat_to_hit
from engine.dice import ScriptedDice
from engine.hexes import Facing
from tests.engine.battletech._build import design, start, state_with, terrain_board

LT, CT, RT, LA, RA, LL, RL, HD = (
    Location.LT,
    Location.CT,
    Location.RT,
    Location.LA,
    Location.RA,
    Location.LL,
    Location.RL,
    Location.HD,
)


def mech(subject: MechDesign | None = None, **terrain: Terrain) -> BTState:
    """Unit 0 (``subject``) in 0505 facing north, unit 1 in 0808; ``h0505=Terrain(...)``."""
    board = terrain_board(10, 10, **terrain)
    units = [(subject or design(), 0, "0505", Facing.N), (design(), 1, "0808", Facing.N)]
    return start(board, units)


def no_sinks(subject: MechDesign | None = None) -> MechDesign:
    """A design without heat sinks: its heat stays where a test puts it."""
    return attrs.evolve(subject or design(), heat_sinks=0)


def phase(state: BTState, *dice: int) -> Ctx:
    """Run the Heat phase with scripted dice; every die must be used."""
    ctx = Ctx(state, ScriptedDice(dice))
    heat_phase(ctx)
    scripted = ctx.dice
    assert isinstance(scripted, ScriptedDice)
    assert scripted.position == len(scripted.values), "dice unused"
    return ctx


def of(ctx: Ctx, kind: type) -> list:
    return [e for e in ctx.events if isinstance(e, kind)]


def walked(state: BTState, index: int = 0, **changes: object) -> BTState:
    """Unit ``index`` walked one hex this turn."""
    return state_with(state, index, movement=Movement(MoveMode.WALK, hexes=1, done=True), **changes)


# ---------------------------------------------------------------- BT-C-53: the worked example


def ppc_mech() -> BTState:
    """Two PPCs and 16 single heat sinks, at heat 4 (the seed's example)."""
    subject = attrs.evolve(design(equipment=[("PPC", RA), ("PPC", LA)]), heat_sinks=16)
    return state_with(mech(subject), 0, heat=4)


def test_worked_example_first_turn():
    """BT-C-53: heat 4; two PPCs (20) and walking (1) make 21; 16 sinks remove 16: heat 9.

    Next turn: -1 MP and +1 to hit (BT-C-54).
    """
    state = walked(ppc_mech(), fired=frozenset({0, 1}))
    ctx = phase(state)
    (heat,) = of(ctx, ev.HeatChanged)
    assert (heat.generated, heat.dissipated, heat.heat) == (21, 16, 9)
    assert heat.sources == (("walked", 1), ("2 x PPC", 20))
    unit = ctx.state.units[0]
    assert walk_mp(unit) == unit.mech_design.walk - 1
    assert heat_to_hit(unit.mech.heat) == 1


@pytest.mark.parametrize(("roll", "shut"), [((2, 2), False), ((1, 2), True)])
def test_worked_example_second_turn(roll, shut):
    """BT-C-53: the same again gives 14: roll 4+ to avoid shutdown; -2 MP and +2 to hit.

    Shutting down is a PSR at +3 (Piloting 5: 8) rolled normally in that phase (BT-C-54).
    """
    state = walked(ppc_mech(), fired=frozenset({0, 1}), heat=9)
    psr = (4, 4) if shut else ()
    ctx = phase(state, *roll, *psr)
    assert ctx.state.units[0].mech.heat == 14
    (check,) = of(ctx, ev.ShutdownRolled)
    assert (check.heat, check.target, check.shutdown) == (14, 4, shut)
    assert ctx.state.units[0].mech.shutdown is shut
    unit = ctx.state.units[0]
    assert walk_mp(unit) == unit.mech_design.walk - 2
    assert heat_to_hit(unit.mech.heat) == 2
    rolls = of(ctx, ev.PilotingRoll)
    if shut:
        (pilot,) = rolls
        assert (pilot.reason, pilot.target, pilot.automatic, pilot.success) == (
            "engine shut down",
            8,
            False,
            True,
        )
    else:
        assert not rolls


# ---------------------------------------------------------------- BT-C-54/55: the heat scale


@pytest.mark.parametrize(
    ("heat", "target"), [(14, 4), (17, 4), (18, 6), (21, 6), (22, 8), (25, 8), (26, 10), (29, 10)]
)
def test_shutdown_avoid_numbers(heat, target):
    """BT-C-54: shutdown at 14/18/22/26 avoided on 4+/6+/8+/10+ (one roll, the highest)."""
    state = state_with(mech(no_sinks()), 0, heat=heat)
    ctx = phase(state, *(6, target - 6) if target > 6 else (1, target - 1))
    (check,) = of(ctx, ev.ShutdownRolled)
    assert (check.target, check.shutdown) == (target, False)
    ctx = phase(state, *(6, target - 7) if target > 7 else (1, target - 2), 6, 6)
    assert of(ctx, ev.ShutdownRolled)[0].shutdown


def test_below_14_there_is_no_shutdown_roll():
    """BT-C-54: heat 13: no roll."""
    ctx = phase(state_with(mech(no_sinks()), 0, heat=13))
    assert not of(ctx, ev.ShutdownRolled)


def test_thirty_shuts_down_without_a_roll_and_the_psr_can_fail():
    """BT-C-54: 30+ shuts down automatically; the +3 PSR (8) fails on 1+2: a fall in its hex.

    Facing 1, 5 damage on the front column 7 (CT), then the injury roll, rolled normally.
    """
    state = state_with(mech(no_sinks()), 0, heat=31)
    ctx = phase(state, 1, 2, 1, 3, 4, 6, 6)
    (check,) = of(ctx, ev.ShutdownRolled)
    assert (check.automatic, check.roll, check.shutdown) == (True, (), True)
    psr, injury = of(ctx, ev.PilotingRoll)
    assert (psr.target, psr.success, injury.automatic) == (8, False, False)
    assert ctx.state.units[0].mech.prone


def test_a_shut_down_mech_makes_no_heat_of_its_own():
    """BT-C-51: no movement, weapon or engine heat while shut down; a burning hex still adds 5."""
    subject = no_sinks(design(equipment=[("PPC", RA)]))
    state = mech(subject, h0505=Terrain(fire=True))
    state = walked(state, fired=frozenset({0}), shutdown=True, heat=20, crits=frozenset({(CT, 0)}))
    ctx = phase(state, 3, 3)
    (heat,) = of(ctx, ev.HeatChanged)
    assert heat.sources == (("burning hex", 5),)
    assert heat.heat == 25


def test_restart_is_automatic_below_14():
    """BT-C-55: heat below 14: the engine restarts by itself (no dice)."""
    state = state_with(mech(), 0, heat=15, shutdown=True)
    ctx = phase(state)
    (restart,) = of(ctx, ev.EngineRestarted)
    assert (restart.roll, restart.success) == ((), True)
    assert not ctx.state.units[0].mech.shutdown


@pytest.mark.parametrize(("roll", "up"), [((3, 3), True), ((2, 3), False)])
def test_restart_roll(roll, up):
    """BT-C-55: at 18-21 the restart needs 6+ (the avoid number), instead of a shutdown roll."""
    state = state_with(mech(no_sinks()), 0, heat=20, shutdown=True)
    ctx = phase(state, *roll)
    (restart,) = of(ctx, ev.EngineRestarted)
    assert (restart.target, restart.success) == (6, up)
    assert not of(ctx, ev.ShutdownRolled)
    assert ctx.state.units[0].mech.shutdown is not up


def test_no_restart_at_30_or_unconscious():
    """BT-C-53/55: no restart at 30+; an unconscious pilot does not try."""
    hot = phase(state_with(mech(no_sinks()), 0, heat=30, shutdown=True))
    assert not of(hot, ev.EngineRestarted)
    out = phase(state_with(mech(no_sinks()), 0, heat=20, shutdown=True, conscious=False))
    assert not of(out, ev.EngineRestarted)


# ---------------------------------------------------------------- BT-C-54/56: ammunition


def ammo_mech(*bins: str, case: bool = True) -> MechDesign:
    """No heat sinks; ammunition bins in the right torso (with CASE unless told otherwise)."""
    equipment = [(name, RT) for name in bins] + ([("CASE", RT)] if case else [])
    return no_sinks(design(equipment=equipment))


def test_no_explosion_roll_without_ammunition_or_below_19():
    """BT-C-54: the roll is made at 19+ only, and only when there is something to explode."""
    assert not of(phase(state_with(mech(no_sinks()), 0, heat=23), 6, 6), ev.HeatExplosionRolled)
    cool = phase(state_with(mech(ammo_mech("IS Ammo AC/10")), 0, heat=18), 6, 6)
    assert not of(cool, ev.HeatExplosionRolled)


@pytest.mark.parametrize(("heat", "target"), [(19, 4), (22, 4), (23, 6), (27, 6), (28, 8)])
def test_explosion_avoid_numbers(heat, target):
    """BT-C-54: ammunition explosion at 19/23/28 avoided on 4+/6+/8+."""
    state = state_with(mech(ammo_mech("IS Ammo AC/10")), 0, heat=heat)
    ctx = phase(state, 6, 6, 6, target - 6) if target > 6 else phase(state, 6, 6, 1, target - 1)
    (check,) = of(ctx, ev.HeatExplosionRolled)
    assert (check.target, check.exploded) == (target, False)


def test_heat_explosion_picks_the_deadliest_shot_then_the_fullest_bin():
    """BT-C-56: LRM-15 (15 a shot) beats AC/10 (10); of two LRM-15 bins, the fuller (5 > 3).

    5 x 15 = 75 in the right torso: structure 12, CASE vents the rest; the MechWarrior takes 2;
    auto-eject throws him out at the end of the phase (clear landing -2, automatic +1: 4).
    Dice: shutdown 6+6, explosion 1+2, torso critical chance 3+4, consciousness 6+6, ejection 2+2.
    """
    state = mech(ammo_mech("IS Ammo AC/10", "IS Ammo LRM-15", "IS Ammo LRM-15"))
    state = state_with(state, 0, heat=19, ammo=(10, 3, 5, 0))
    ctx = phase(state, 6, 6, 1, 2, 3, 4, 6, 6, 2, 2)
    (blast,) = of(ctx, ev.AmmoExploded)
    assert (blast.bin, blast.shots, blast.damage, blast.cause, blast.pick) == (2, 5, 75, "heat", ())
    assert ctx.state.units[0].mech.wounds == 2
    (out,) = of(ctx, ev.PilotEjected)
    assert out.automatic
    (eject,) = of(ctx, ev.PilotingRoll)
    assert eject.target == 4


def test_tied_bins_are_picked_at_random():
    """BT-C-56: two LRM-15 bins with 5 shots each: 1D6 picks (4: the second; reroll none)."""
    state = mech(ammo_mech("IS Ammo LRM-15", "IS Ammo LRM-15"))
    state = state_with(state, 0, heat=19, ammo=(5, 5, 0))
    ctx = phase(state, 6, 6, 1, 2, 4, 3, 4, 6, 6, 2, 2)
    (blast,) = of(ctx, ev.AmmoExploded)
    assert (blast.bin, blast.pick) == (1, (4,))


# ---------------------------------------------------------------- BT-C-54: life support


@pytest.mark.parametrize(
    ("heat", "dice", "wounds"), [(14, (6, 6), 0), (15, (6, 6), 1), (25, (6, 6), 1), (26, (6, 6), 2)]
)
def test_life_support(heat, dice, wounds):
    """BT-C-54 / BT-C-91.6: with a life-support critical, heat 15-25 wounds 1, 26+ wounds 2."""
    state = state_with(mech(no_sinks()), 0, heat=heat, crits=frozenset({(HD, 0)}))
    consciousness = (6, 6) if wounds else ()
    ctx = phase(state, *dice, *consciousness)
    assert ctx.state.units[0].mech.wounds == wounds


def test_no_life_support_damage_with_working_life_support():
    """BT-C-54: without the critical, heat never hurts the MechWarrior."""
    ctx = phase(state_with(mech(no_sinks()), 0, heat=27), 6, 6)
    assert ctx.state.units[0].mech.wounds == 0


# ---------------------------------------------------------------- BT-C-51: heat generated


def test_jump_heat_is_at_least_three():
    """BT-C-51: jumping makes max(3, hexes jumped)."""
    two = Movement(MoveMode.JUMP, hexes=2, jumped=2, heat=3, done=True)
    five = Movement(MoveMode.JUMP, hexes=5, jumped=5, heat=5, done=True)
    state = mech()
    assert movement_heat(state_with(state, 0, movement=two).units[0]) == 3
    assert movement_heat(state_with(state, 0, movement=five).units[0]) == 5


def test_walk_run_and_still():
    """BT-C-51: walking 1, running 2, standing still 0."""
    state = mech()
    run = Movement(MoveMode.RUN, hexes=3, done=True)
    still = Movement(MoveMode.WALK, done=True)
    assert movement_heat(walked(state).units[0]) == 1
    assert movement_heat(state_with(state, 0, movement=run).units[0]) == 2
    assert movement_heat(state_with(state, 0, movement=still).units[0]) == 0


def test_weapon_heat():
    """BT-C-51: each weapon fired makes its table heat (PPC 10, medium laser 3, AC/20 7)."""
    unit = mech(design(equipment=[("PPC", RA), ("Medium Laser", LA), ("AC/20", RT)])).units[0]
    assert weapon_heat(unit, (0, 1, 2)) == 20
    assert weapon_heat(unit, frozenset({1})) == 3


@pytest.mark.parametrize(("hits", "heat"), [(0, 0), (1, 5), (2, 10)])
def test_engine_hits_make_heat(hits, heat):
    """BT-C-51: engine criticals: +5 a turn after one, +10 (not 15) after two."""
    state = state_with(mech(), 0, crits=frozenset((CT, n) for n in range(hits)))
    sources = heat_sources(state, state.units[0])
    assert sum(h for name, h in sources if name == "engine hits") == heat


@pytest.mark.parametrize(
    ("celsius", "heat"), [(50, 0), (51, 1), (60, 1), (61, 2), (-30, 0), (-31, -1), (-41, -2)]
)
def test_hostile_temperatures(celsius, heat):
    """BT-C-61.1: +1 per 10 degrees (or part) above 50, -1 per 10 (or part) below -30."""
    assert temperature_heat(celsius) == heat


# ---------------------------------------------------------------- BT-C-52: dissipation


def leg_sinks(*, double: bool = False) -> MechDesign:
    """Ten sinks, one in each leg (the other eight in the engine)."""
    name = "Double Heat Sink" if double else "Heat Sink"
    subject = design(equipment=[] if double else [(name, LL), (name, RL)])
    return attrs.evolve(subject, double_heat_sinks=double)


def test_working_sinks():
    """BT-C-52: single sinks 1 each; double sinks 2 each."""
    assert dissipation(mech(), mech().units[0]) == 10
    doubles = mech(leg_sinks(double=True))
    assert dissipation(doubles, doubles.units[0]) == 20


def test_destroyed_heat_sinks_do_not_count():
    """BT-C-31: 16 dissipation minus 3 single sinks destroyed = 13; a leg's sinks go with it."""
    subject = attrs.evolve(
        design(equipment=[("Heat Sink", LT), ("Heat Sink", LT), ("Heat Sink", RT)]), heat_sinks=16
    )
    state = state_with(mech(subject), 0, crits=frozenset({(LT, 0), (LT, 1), (RT, 0)}))
    assert dissipation(state, state.units[0]) == 13
    legs = mech(leg_sinks())
    legs = state_with(legs, 0, internal=(3, 16, 12, 12, 8, 8, 0, 12))
    assert dissipation(legs, legs.units[0]) == 9


def test_depth_one_cools_only_the_leg_sinks():
    """BT-C-52: standing in Depth 1 only leg-mounted sinks are underwater: +1 each."""
    state = mech(leg_sinks(), h0505=Terrain(water=1))
    assert dissipation(state, state.units[0]) == 12


def test_submerged_sinks_double_but_at_most_six_extra():
    """BT-C-52: standing in Depth 2 (or prone in Depth 1) every sink is underwater; +6 at most."""
    deep = mech(leg_sinks(), h0505=Terrain(water=2))
    assert dissipation(deep, deep.units[0]) == 16
    prone = state_with(mech(leg_sinks(), h0505=Terrain(water=1)), 0, prone=True)
    assert dissipation(prone, prone.units[0]) == 16
    few = state_with(mech(attrs.evolve(design(), heat_sinks=4), h0505=Terrain(water=2)), 0)
    assert dissipation(few, few.units[0]) == 8


def test_heat_never_drops_below_zero():
    """BT-C-53 step 3: 3 heat, 10 sinks, nothing generated: 0."""
    ctx = phase(state_with(mech(), 0, heat=3))
    assert of(ctx, ev.HeatChanged)[0].heat == 0
