"""BT-C-50..56 from the rules digest.

Heat generated and dissipated, the heat scale, shutdown, restart, heat-induced ammunition explosions
and life support. The Heat phase is run through `heat.heat_phase` on a state in the Heat phase (the
units' moves and fired weapons of the turn set), or through the whole turn with `decide`.
"""

from __future__ import annotations

import attrs
import pytest

from engine.battletech import events as ev
from engine.battletech.board import Terrain, Woods
from engine.battletech.commands import EndPhase, FireWeapons, Jump, Move, Shot, Step, StepKind
from engine.battletech.designs.mech import run_mp
from engine.battletech.rules.condition import jump_mp, walk_mp
from engine.battletech.rules.heat import dissipation, heat_phase, heat_sources, weapon_heat
from engine.battletech.rules.tohit import weapon_to_hit
from engine.battletech.state import MoveMode, Phase
from engine.hexes import Facing
from tests.engine.battletech._build import design, evolved_unit, terrain_board
from tests.engine.battletech._rules_btc import (
    CT,
    HD,
    LA,
    LL,
    LT,
    RA,
    RL,
    RT,
    H,
    duel,
    moved,
    of,
    run,
    slot_of,
    still,
    to_weapon_phase,
    with_ctx,
)
from tui.battletech.units import bundled_units, load_unit

TWIN_PPC = attrs.evolve(
    design(equipment=[("PPC", RA), ("PPC", LA), ("Medium Laser", CT)]), heat_sinks=16
)
"""The seed's example 'Mech: two PPCs and sixteen heat sinks (and a laser, 3 heat)."""


def heat_state(mech=TWIN_PPC, *, fired=(), mode=MoveMode.STILL, hexes=0, board=None, **unit):
    """Unit 0 (``mech``, with ``unit`` changes) in the Heat phase after this turn's actions."""
    state = still(duel(mech, design(), board=board))
    state = moved(state, 0, mode, hexes, jumped=hexes if mode is MoveMode.JUMP else 0)
    changes = {"fired": frozenset(fired), **unit}
    state = state.replace_unit(0, evolved_unit(state.units[0], **changes))
    return attrs.evolve(state, phase=Phase.HEAT)


def heat_run(state, dice=(), *, exact=True):
    """Run the Heat phase with scripted dice."""
    ctx, scripted = with_ctx(state, dice)
    heat_phase(ctx)
    if exact:
        assert scripted.position == len(dice), f"{len(dice) - scripted.position} dice unused"
    return ctx.state, ctx.events


def recorded(events, unit=0):
    """The HeatChanged of ``unit``."""
    (changed,) = [e for e in of(events, ev.HeatChanged) if e.unit == unit]
    return changed


def bundled(name):
    """A bundled unit's design by (part of) its name."""
    return load_unit(next(p for p in bundled_units() if name in p.name)).design


# ---------------------------------------------------------------- BT-C-51 generated


@pytest.mark.parametrize(
    ("weapons", "heat"),
    [
        ((("PPC", RA), ("PPC", LA)), 20),
        ((("Medium Laser", CT),), 3),
        ((("Small Laser", CT),), 1),
        ((("Large Laser", RA),), 8),
        ((("AC/5", RA),), 1),
        ((("AC/20", RT),), 7),
        ((("Machine Gun", RA),), 0),
        ((("LRM 20", LT),), 6),
        ((("LRM 15", LT),), 5),
        ((("LRM 10", LT),), 4),
        ((("LRM 5", LT),), 2),
        ((("SRM 6", LT),), 4),
        ((("SRM 4", LT),), 3),
        ((("SRM 2", LT),), 2),
    ],
)
def test_weapon_heat(weapons, heat):
    """BT-C-51 / BT-C-64..66: each weapon's heat value for every weapon fired."""
    mech = design(equipment=list(weapons))
    unit = duel(mech).units[0]
    assert weapon_heat(unit, tuple(range(len(weapons)))) == heat


def test_worked_example_4_to_9():
    """BT-C-53 example.

    Heat 4; two PPCs (20) and walking (1) make 21; sixteen heat sinks remove 16: heat 9. Next turn:
    -1 MP and +1 to hit.
    """
    state = heat_state(fired=(0, 1), mode=MoveMode.WALK, hexes=1, heat=4)
    after, events = heat_run(state)
    changed = recorded(events)
    assert (changed.generated, changed.dissipated, changed.heat) == (21, 16, 9)
    unit = after.units[0]
    assert unit.body.heat == 9
    assert walk_mp(unit) == 5 - 1
    assert not of(events, ev.ShutdownRolled)


def test_worked_example_9_to_14_rolls_4_to_avoid_shutdown():
    """BT-C-53 example.

    The same again gives 14: roll 4+ to avoid shutdown (2-2 avoids); -2 MP and +2 to hit.
    """
    state = heat_state(fired=(0, 1), mode=MoveMode.WALK, hexes=1, heat=9)
    after, events = heat_run(state, (2, 2))
    assert recorded(events).heat == 14
    (roll,) = of(events, ev.ShutdownRolled)
    assert (roll.heat, roll.target, roll.roll, roll.shutdown) == (14, 4, (2, 2), False)
    unit = after.units[0]
    assert not unit.body.shutdown
    assert walk_mp(unit) == 5 - 2
    after = moved(attrs.evolve(after, phase=Phase.WEAPON), 1)
    laser = weapon_to_hit(after, 0, 2, 1)
    assert laser.number == 4 + 1 + 2 + 2  # gunnery, walked, heat 14, medium range (5 hexes)


def test_shutdown_at_14_and_the_plus_3_psr():
    """BT-C-54.

    A failed avoid roll (1-2) shuts it down; in that Heat phase it rolls the PSR at Piloting + 3 (8:
    4-4 stays up).
    """
    state = heat_state(fired=(0, 1), mode=MoveMode.WALK, hexes=1, heat=9)
    after, events = heat_run(state, (1, 2, 4, 4))
    (roll,) = of(events, ev.ShutdownRolled)
    assert roll.shutdown
    assert after.units[0].body.shutdown
    (psr,) = of(events, ev.PilotingRoll)
    assert (psr.unit, psr.target, psr.success) == (0, 8, True)


@pytest.mark.parametrize(("start", "heat", "avoid"), [(13, 18, 6), (17, 22, 8), (21, 26, 10)])
def test_shutdown_avoid_number_is_the_highest_threshold(start, heat, avoid):
    """BT-C-54: roll once against the highest shutdown threshold reached (18 6+, 22 8+, 26 10+).

    Two PPCs and a walk (21) against sixteen sinks: 5 more than it started with; 6-6 avoids.
    """
    state = heat_state(fired=(0, 1), mode=MoveMode.WALK, hexes=1, heat=start)
    after, events = heat_run(state, (6, 6, 6, 6), exact=False)
    assert recorded(events).heat == heat
    (roll,) = of(events, ev.ShutdownRolled)
    assert (roll.target, roll.shutdown) == (avoid, False)
    assert not after.units[0].body.shutdown


def test_thirty_shuts_down_without_a_roll():
    """BT-C-54: at 30 or more the shutdown cannot be avoided."""
    state = heat_state(fired=(0, 1), mode=MoveMode.WALK, hexes=1, heat=25)
    after, events = heat_run(state, (6,) * 12, exact=False)
    assert recorded(events).heat == 30
    (roll,) = of(events, ev.ShutdownRolled)
    assert roll.shutdown
    assert roll.automatic
    assert roll.roll == ()
    assert after.units[0].body.shutdown


def test_heat_never_drops_below_zero():
    """BT-C-53 item 3."""
    state = heat_state(heat=3)
    after, events = heat_run(state)
    assert recorded(events).heat == 0
    assert after.units[0].body.heat == 0


@pytest.mark.parametrize(
    ("mode", "hexes", "heat"),
    [
        (MoveMode.STILL, 0, 0),
        (MoveMode.WALK, 3, 1),
        (MoveMode.RUN, 5, 2),
        (MoveMode.JUMP, 1, 3),
        (MoveMode.JUMP, 3, 3),
        (MoveMode.JUMP, 4, 4),
        (MoveMode.JUMP, 6, 6),
    ],
)
def test_movement_heat(mode, hexes, heat):
    """BT-C-51: walking +1, running +2, jumping max(3, hexes jumped); standing still none."""
    state = heat_state(mode=mode, hexes=hexes)
    assert sum(v for _, v in heat_sources(state, state.units[0])) == heat


def test_jump_heat_counts_the_hexes_jumped_not_the_rating():
    """BT-C-51: a 'Mech with 6 jump MP that jumps 4 hexes makes 4 heat (through the flow)."""
    board = terrain_board(16, 17)
    state = duel(design(50, 5, 6), design(), "0810", "0805", board=board)
    path = (H("0809"), H("0808"), H("0807"), H("0806"))
    state, _ = run(state, [Jump(0, path, Facing.N)])
    assert sum(v for _, v in heat_sources(state, state.units[0])) == 4


@pytest.mark.parametrize(("engine_hits", "heat"), [(1, 5), (2, 10)])
def test_engine_critical_heat(engine_hits, heat):
    """BT-C-51 / BT-C-31: 1st engine critical +5 a turn; 2nd +10 in all (not +15)."""
    crits = frozenset((CT, slot) for slot in range(engine_hits))
    state = heat_state(crits=crits)
    assert sum(v for _, v in heat_sources(state, state.units[0])) == heat


def test_a_shut_down_mech_makes_no_heat_of_its_own():
    """BT-C-51: not even from engine criticals."""
    state = heat_state(crits=frozenset({(CT, 0)}), shutdown=True, heat=20)
    assert sum(v for _, v in heat_sources(state, state.units[0])) == 0


def test_a_burning_hex_adds_five():
    """BT-C-60.4 / BT-C-51: in a burning hex during the Heat phase: +5 (shut down or not)."""
    board = terrain_board(16, 17, h0810=Terrain(woods=Woods.LIGHT, fire=True))
    state = heat_state(board=board, shutdown=True, heat=20)
    assert sum(v for _, v in heat_sources(state, state.units[0])) == 5


def test_moving_through_a_burning_hex_adds_two():
    """BT-C-51 / BT-C-60.4: +2 per burning hex moved through (plus walking 1)."""
    board = terrain_board(16, 17, h0809=Terrain(woods=Woods.LIGHT, fire=True))
    state = duel(design(), design(), "0810", "0805", board=board)
    forward = Step(StepKind.FORWARD)
    state, _ = run(state, [Move(0, MoveMode.WALK, (forward, forward))])
    assert sum(v for _, v in heat_sources(state, state.units[0])) == 1 + 2


# ---------------------------------------------------------------- BT-C-52 dissipated


def test_sixteen_single_heat_sinks_dissipate_sixteen():
    """BT-C-52: each working single heat sink -1."""
    state = heat_state()
    assert dissipation(state, state.units[0]) == 16


def test_a_destroyed_heat_sink_no_longer_dissipates():
    """BT-C-31 / BT-C-52: one critical destroys one heat sink: -1 (the Rifleman's CT sink)."""
    mech = bundled("Rifleman")
    state = heat_state(mech)
    before = dissipation(state, state.units[0])
    line = slot_of(mech, CT, "heat sink")
    hit = evolved_unit(state.units[0], crits=frozenset({(CT, line)}))
    assert dissipation(state, hit) == before - 1


LEG_SINKS = design(equipment=[("Heat Sink", LL), ("Heat Sink", RL)])


@pytest.mark.parametrize(
    ("depth", "prone", "extra"),
    [(0, False, 0), (1, False, 2), (1, True, 6), (2, False, 6)],
)
def test_heat_sinks_under_water(depth, prone, extra):
    """BT-C-52.

    Standing in depth 1 only the leg sinks are underwater (2 extra); depth 2+, or prone in depth 1,
    all of them: the extra is capped at 6.
    """
    board = terrain_board(16, 17, h0810=Terrain(water=depth))
    state = heat_state(LEG_SINKS, board=board, prone=prone)
    assert dissipation(state, state.units[0]) == 10 + extra


# ---------------------------------------------------------------- BT-C-54/55 scale, restart


@pytest.mark.parametrize(("heat", "loss"), [(4, 0), (5, 1), (10, 2), (15, 3), (20, 4), (25, 5)])
def test_heat_takes_walking_mp_but_never_jump_mp(heat, loss):
    """BT-C-54.

    -1..-5 walking MP at 5/10/15/20/25 (the highest only); running MP recomputed as ceil(1.5 x
    walk); jump MP are never reduced by heat.
    """
    unit = evolved_unit(duel(design(50, 6, 6)).units[0], heat=heat)
    assert walk_mp(unit) == 6 - loss
    assert run_mp(walk_mp(unit)) == -(-3 * (6 - loss) // 2)
    assert jump_mp(unit) == 6


def test_restart_roll_instead_of_the_shutdown_roll():
    """BT-C-55: a shut-down 'Mech at 14-17 rolls 4+ to restart (2-2), not the avoid roll.

    Standing still, shut down, it makes no heat; sixteen sinks take 32 down to 16.
    """
    state = heat_state(heat=32, shutdown=True)
    after, events = heat_run(state, (2, 2))
    assert recorded(events).heat == 16
    (restart,) = of(events, ev.EngineRestarted)
    assert (restart.target, restart.roll, restart.success) == (4, (2, 2), True)
    assert not of(events, ev.ShutdownRolled)
    assert not after.units[0].body.shutdown


def test_failed_restart_stays_shut_down():
    """BT-C-55: 22-25 -> 8+; 3-4 fails."""
    state = heat_state(heat=40, shutdown=True)
    after, events = heat_run(state, (3, 4))
    assert recorded(events).heat == 24
    (restart,) = of(events, ev.EngineRestarted)
    assert (restart.target, restart.success) == (8, False)
    assert after.units[0].body.shutdown


def test_below_14_the_engine_restarts_by_itself():
    """BT-C-55.

    When heat falls below 14 the engine restarts automatically (no dice), even with the pilot
    unconscious.
    """
    state = heat_state(heat=29, shutdown=True, conscious=False, wounds=1)
    after, events = heat_run(state)
    assert recorded(events).heat == 13
    (restart,) = of(events, ev.EngineRestarted)
    assert restart.roll == ()
    assert restart.success
    assert not after.units[0].body.shutdown


def test_no_restart_at_30_or_more():
    """BT-C-53 / BT-C-55: the engine cannot restart while heat is 30 or higher."""
    state = heat_state(heat=50, shutdown=True)
    after, events = heat_run(state, (6, 6) * 4, exact=False)
    assert recorded(events).heat == 34
    assert not [r for r in of(events, ev.EngineRestarted) if r.success]
    assert after.units[0].body.shutdown


# ---------------------------------------------------------------- BT-C-54/56 ammunition


AMMO_MECH = attrs.evolve(
    design(
        equipment=[
            ("IS Ammo MG - Full", LT),  # 0: 2 a shot
            ("IS Ammo SRM-6", LT),  # 1: 12 a shot
            ("IS Ammo AC/20", RT),  # 2: 20 a shot
            ("IS Ammo LRM-15", RT),  # 3: 15 a shot
        ]
    ),
    heat_sinks=0,
)


def test_heat_explosion_takes_the_most_damaging_shot():
    """BT-C-54/56.

    At 19+ roll 2D6 (4+ avoids; 1-2 fails): the bin with the most damaging single shot explodes: the
    AC/20's (20 a shot) x 5 shots = 100. Heat 19 also means a shutdown roll (18: 6+): 6-6 avoids it
    (BT-C-54 order: shutdown, then the ammunition roll). What follows the explosion (criticals, the
    pilot, auto-eject) is rolled on 3s.
    """
    state = heat_state(AMMO_MECH, heat=19)
    after, events = heat_run(state, (6, 6, 1, 2) + (3,) * 30, exact=False)
    (roll,) = of(events, ev.HeatExplosionRolled)
    assert (roll.heat, roll.target, roll.exploded) == (19, 4, True)
    (boom,) = of(events, ev.AmmoExploded)
    assert (boom.bin, boom.shots, boom.damage) == (2, 5, 100)
    # BT-C-32: into the structure; no CASE: the excess into the center torso's structure
    first, *rest = of(events, ev.DamageApplied)
    assert (first.location, first.armor, first.internal) == (RT, 0, 12)
    assert (rest[0].location, rest[0].armor) == (CT, 0)
    assert after.units[0].destroyed


def test_heat_explosion_avoided():
    """BT-C-54: 23+: 6+ avoids (6-6 for the 22 shutdown roll, 3-3 for the explosion)."""
    state = heat_state(AMMO_MECH, heat=23)
    _, events = heat_run(state, (6, 6, 3, 3))
    (roll,) = of(events, ev.HeatExplosionRolled)
    assert (roll.target, roll.exploded) == (6, False)
    assert not of(events, ev.AmmoExploded)


def test_of_equal_bins_the_fullest_explodes():
    """BT-C-56: of bins of the most damaging type, the one with the most shots left."""
    mech = attrs.evolve(
        design(equipment=[("IS Ammo SRM-6", LT), ("IS Ammo SRM-6", RT)]), heat_sinks=0
    )
    state = heat_state(mech, heat=19)
    ammo = list(state.units[0].ammo)
    ammo[0] = 4
    state = state.replace_unit(0, attrs.evolve(state.units[0], ammo=tuple(ammo)))
    _, events = heat_run(state, (6, 6, 1, 2) + (3,) * 30, exact=False)
    (boom,) = of(events, ev.AmmoExploded)
    assert (boom.bin, boom.shots, boom.damage) == (1, 15, 180)


# ---------------------------------------------------------------- BT-C-54 life support


@pytest.mark.parametrize(("heat", "wounds"), [(14, 0), (15, 1), (25, 1), (26, 2)])
def test_life_support_heat_damage(heat, wounds):
    """BT-C-54 / BT-C-91.6.

    With a life-support critical, heat 15-25 costs the MechWarrior 1, 26+ 2 (consciousness rolls on
    6s; shutdown avoided on 6s).
    """
    mech = attrs.evolve(TWIN_PPC, heat_sinks=0)
    line = slot_of(mech, HD, "life support")
    state = heat_state(mech, heat=heat, crits=frozenset({(HD, line)}))
    after, events = heat_run(state, (6,) * 12, exact=False)
    assert recorded(events).heat == heat
    assert sum(w.wounds for w in of(events, ev.PilotWounded)) == wounds
    assert after.units[0].body.wounds == wounds


# ---------------------------------------------------------------- whole turn


def test_heat_through_a_whole_turn():
    """BT-C-51/53 through the flow.

    Walk one hex (+1) and fire both PPCs (+20, both miss: heat applies hit or miss) from heat 4 with
    sixteen sinks: the Heat phase records 9.
    """
    board = terrain_board(16, 17)
    state = duel(TWIN_PPC, design(), "0811", "0805", board=board)
    state = state.replace_unit(0, evolved_unit(state.units[0], heat=4))
    forward = Step(StepKind.FORWARD)
    state, _ = run(state, [Move(0, MoveMode.WALK, (forward,)), Move(1, MoveMode.STILL)])
    state = to_weapon_phase(state)
    state, events = run(state, [FireWeapons(0, (Shot(0, 1), Shot(1, 1)))], (1, 1, 1, 1))
    assert [r.hit for r in of(events, ev.AttackRolled)] == [False, False]
    changed = recorded(events)
    assert (changed.generated, changed.dissipated, changed.heat) == (21, 16, 9)
    assert state.units[0].mech.heat == 9


def test_automatic_shutdown_still_rolls_the_plus_3_psr():
    """BT-C-54.

    The Heat phase in which the 'Mech shuts down (here at 30, automatically) it rolls the +3 PSR
    (Piloting 5: 8; 4-4 stays up).
    """
    state = heat_state(fired=(0, 1), mode=MoveMode.WALK, hexes=1, heat=25)
    _, events = heat_run(state, (4, 4))
    (psr,) = of(events, ev.PilotingRoll)
    assert (psr.unit, psr.target, psr.success) == (0, 8, True)


def test_fire_started_this_turn_heats_from_the_next_heat_phase():
    """BT-C-60.4.

    A unit in a hex that catches fire during an attack phase is not affected until the next turn's
    Heat phase. The laser misses (1-1) the 'Mech in light woods; the accidental-fire roll (1-1) sets
    them alight; that turn's Heat phase adds no fire heat to it.
    """
    board = terrain_board(16, 17, h0805=Terrain(woods=Woods.LIGHT))
    coldless = attrs.evolve(design(), heat_sinks=0)
    state = duel(design(equipment=[("Medium Laser", CT)]), coldless, "0810", "0805", board=board)
    state = to_weapon_phase(state)
    state, events = run(state, [FireWeapons(0, (Shot(0, 1),))], (1, 1, 1, 1))
    assert state.board.terrain(H("0805")).fire
    assert [e for e in of(events, ev.HeatChanged) if e.unit == 1 and e.generated] == []
    assert state.units[1].mech.heat == 0


def test_life_support_under_water_costs_a_wound_in_the_end_phase():
    """BT-C-31.

    With life support hit, the pilot takes 1 damage at the End phase of any turn the 'Mech is
    submerged (standing in depth 2); consciousness 3+ (2-2).
    """
    board = terrain_board(16, 17, h0810=Terrain(water=2))
    mech = design()
    line = slot_of(mech, HD, "life support")
    state = duel(mech, design(), "0810", "0101", board=board)
    state = state.replace_unit(0, evolved_unit(state.units[0], crits=frozenset({(HD, line)})))
    state, events = run(
        state, [Move(0, MoveMode.STILL), Move(1, MoveMode.STILL), EndPhase()], (2, 2)
    )
    assert [(w.unit, w.wounds) for w in of(events, ev.PilotWounded)] == [(0, 1)]
    assert state.units[0].mech.wounds == 1


def test_empty_bins_never_explode_from_heat():
    """BT-C-56 ASSUMPTION.

    Only bins that still hold shots are candidates: with the AC/20 bin empty, the LRM-15 bin (15 a
    shot, more than the SRM-6's 12) explodes: 8 x 15 = 120.
    """
    state = heat_state(AMMO_MECH, heat=19)
    ammo = list(state.units[0].ammo)
    ammo[2] = 0
    state = state.replace_unit(0, attrs.evolve(state.units[0], ammo=tuple(ammo)))
    _, events = heat_run(state, (6, 6, 1, 2) + (3,) * 30, exact=False)
    (boom,) = of(events, ev.AmmoExploded)
    assert (boom.bin, boom.shots, boom.damage) == (3, 8, 120)
