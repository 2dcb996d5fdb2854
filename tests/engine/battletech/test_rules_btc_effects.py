"""BT-C-28/31 movement effects, BT-C-42/43 misses, BT-C-59 auto-eject and BT-C-61 options.

From the rules digest: what leg criticals and a lost leg do to walking, running and jumping; where a
missed charge and a missed death from above leave the units; the automatic ejection after an
ammunition explosion; hostile temperatures and being stuck in a swamp.
"""

from __future__ import annotations

import attrs
import pytest

from engine.battletech import events as ev
from engine.battletech.board import Terrain
from engine.battletech.commands import EndPhase, Jump, Move, PhysicalAttack, Step, StepKind
from engine.battletech.context import Tally
from engine.battletech.rules import combat
from engine.battletech.rules.condition import jump_mp, run_allowance, walk_mp
from engine.battletech.rules.damage import apply_damage
from engine.battletech.rules.heat import temperature_heat
from engine.battletech.rules.tohit import weapon_to_hit
from engine.battletech.state import LOCATIONS, MoveMode, Phase
from engine.hexes import Facing
from tests.engine.battletech._build import design, evolved_unit, start, terrain_board
from tests.engine.battletech._rules_btc import (
    CT,
    LL,
    LT,
    RA,
    RL,
    H,
    duel,
    of,
    run,
    slot_of,
    still,
    with_ctx,
)
from tui.battletech.units import bundled_units, load_unit

F = Step(StepKind.FORWARD)


def unit_with(mech=None, **changes):
    """A unit of ``mech`` (default: 50 t, walk 5, jump 4) with ``changes``."""
    unit = duel(mech or design(50, 5, 4)).units[0]
    return evolved_unit(unit, **changes)


def lines(mech, location, *components):
    """The critical lines (location, slot) of the named components."""
    return frozenset((location, slot_of(mech, location, c)) for c in components)


# ---------------------------------------------------------------- BT-C-31 leg criticals, MP


@pytest.mark.parametrize(
    ("hits", "walk"),
    [
        ((), 5),
        (((LL, "foot"),), 4),
        (((LL, "lower leg"),), 4),
        (((LL, "upper leg"),), 4),
        (((LL, "foot"), (RL, "foot")), 3),
        (((LL, "upper leg"), (LL, "lower leg"), (LL, "foot")), 2),
        (((LL, "hip"),), 3),
        (((LL, "hip"), (LL, "foot")), 3),
        (((LL, "hip"), (RL, "hip")), 0),
    ],
)
def test_leg_criticals_and_walking_mp(hits, walk):
    """BT-C-31.

    Foot, lower and upper leg -1 walking MP each (stacking); a hip halves it (round up) and ignores
    that leg's other criticals; a second hip: 0. Running MP is ceil(1.5 x walking MP).
    """
    mech = design(50, 5, 4)
    crits = frozenset().union(*(lines(mech, loc, c) for loc, c in hits)) if hits else frozenset()
    unit = unit_with(mech, crits=crits)
    assert walk_mp(unit) == walk
    assert run_allowance(unit) == -(-3 * walk // 2)


def test_a_lost_leg_leaves_one_walking_mp_and_no_running():
    """BT-C-28: with a leg destroyed, 1 walking MP and it cannot run."""
    internal = list(design(50, 5, 4).internal)
    internal[LOCATIONS.index(LL)] = 0
    unit = unit_with(internal=tuple(internal))
    assert walk_mp(unit) == 1
    assert run_allowance(unit) == 0


def test_each_jump_jet_hit_costs_one_jump_mp():
    """BT-C-31: -1 jumping MP per jet hit."""
    mech = design(50, 5, 4)
    unit = unit_with(mech, crits=lines(mech, LT, "jump jet"))
    assert jump_mp(unit) == 3


def test_arms_built_without_actuators_fire_without_penalty():
    """BT-C-31.

    A 'Mech built without the lower arm actuator takes no weapon penalty: the Rifleman's arm large
    laser at 3 hexes is plain Gunnery 4.
    """
    mech = load_unit(next(p for p in bundled_units() if "Rifleman" in p.name)).design
    laser = next(
        i for i, m in enumerate(mech.equipment) if "Large Laser" in m.name and m.location is RA
    )
    state = still(duel(mech, design(), "0808", "0805"))
    assert weapon_to_hit(state, 0, laser, 1).number == 4


# ---------------------------------------------------------------- BT-C-42/43 misses


def test_a_missed_charge_ends_beside_the_target():
    """BT-C-42.

    On a miss the attacker is placed in the hex to the right or to the left of its front arc (AMBIG
    reading: its front-right or front-left neighbour, next to the target); facing unchanged. The
    miss: 1-1 against 7.
    """
    board = terrain_board(16, 17)
    state = duel(design(35, 5), design(70), "0813", "0807", Facing.N, Facing.S, board)
    state, _ = run(state, [Move(0, MoveMode.RUN, (F,) * 5, charge=1), Move(1, MoveMode.STILL)])
    state, events = run(state, [EndPhase(), PhysicalAttack(1)], (1, 1))
    assert not of(events, ev.DamageApplied)
    beside = {H("0808").neighbor(Facing.NE), H("0808").neighbor(Facing.NW)}
    assert state.units[0].hex in beside
    assert state.units[0].facing is Facing.N
    assert state.units[1].hex == H("0807")


def test_a_missed_dfa_is_a_two_level_fall_on_the_back():
    """BT-C-43.

    After a failed DFA the attacker falls automatically, as a 2-level fall applied to its rear (35
    t: 4 x 3 = 12 in 5, 5, 2); it ends in the target's hex; the target moves to an adjacent hex. The
    miss: 1-1 against 8; then 3s.
    """
    board = terrain_board(16, 17)
    units = [(design(70), 0, "0807", Facing.S), (design(35, 5, 4), 1, "0811", Facing.N)]
    state = start(board, units)
    path = (H("0810"), H("0809"), H("0808"))
    state, _ = run(state, [Move(0, MoveMode.STILL), Jump(1, path, Facing.N, dfa=0)])
    after, events = run(state, [EndPhase()], (1, 1) + (3,) * 60, exact=False)
    (fell,) = [f for f in of(events, ev.UnitFell) if f.unit == 1]
    assert (fell.levels, fell.damage, fell.column, fell.facing_roll) == (2, 12, "rear", None)
    assert after.units[1].hex == H("0807")
    assert after.units[0].hex in set(H("0807").neighbors())


# ---------------------------------------------------------------- BT-C-59 auto-eject


def test_auto_eject_after_an_ammunition_explosion():
    """BT-C-59.

    With auto-eject on, the pilot ejects at the end of the attack phase in which an internal ammo
    explosion occurred; automatic ejection +1 (clear landing -2): 5 - 2 + 1 = 4. Three machine-gun
    shots explode in the left torso (6 points; the 'Mech survives). Dice: the laser's critical roll
    4-4, line 1-1; the explosion's critical roll 3-3 and the consciousness roll 3-3; the ejection
    roll 6-6.
    """
    target = design(equipment=[("IS Ammo MG - Full", LT)])
    state = still(duel(design(), target))
    unit = state.units[1]
    armor, ammo = list(unit.mech.armor), list(unit.ammo)
    armor[LOCATIONS.index(LT)] = 0
    ammo[0] = 3
    state = state.replace_unit(1, evolved_unit(unit, ammo=tuple(ammo), armor=tuple(armor)))
    state = attrs.evolve(state, phase=Phase.WEAPON)
    ctx, scripted = with_ctx(state, (4, 4, 1, 1, 3, 3, 3, 3, 6, 6))
    ctx.tally = Tally(start=state)
    apply_damage(ctx, 1, LT, 5)
    combat.end_of_phase(ctx)
    assert scripted.position == len(scripted.values)
    (ejected,) = of(ctx.events, ev.PilotEjected)
    assert (ejected.unit, ejected.automatic) == (1, True)
    (psr,) = [p for p in of(ctx.events, ev.PilotingRoll) if p.unit == 1]
    assert psr.target == 4


# ---------------------------------------------------------------- BT-C-61 hostile environments


@pytest.mark.parametrize(
    ("celsius", "heat"),
    [(50, 0), (51, 1), (60, 1), (61, 2), (-30, 0), (-31, -1), (-40, -1), (-41, -2), (20, 0)],
)
def test_extreme_temperatures(celsius, heat):
    """BT-C-61.1.

    +1 heat a turn per 10 degrees, or part, above 50; -1 per 10, or part, below -30; none in
    between.
    """
    assert temperature_heat(celsius) == heat


def test_a_target_stuck_in_a_swamp():
    """BT-C-18.12 / BT-C-61.4: -2 to every attack against a unit stuck in a swamp."""
    state = still(duel(design(equipment=[("Medium Laser", CT)]), design(), "0808", "0805"))
    state = state.replace_unit(1, attrs.evolve(state.units[1], stuck=True))
    assert weapon_to_hit(state, 0, 0, 1).number == 4 - 2


def test_auto_ejecting_an_unconscious_pilot():
    """BT-C-59 / BT-M-17.

    An unconscious pilot thrown out by auto-eject still rolls (no automatic failure): clear -2,
    unconscious +3, automatic +1: 5 - 2 + 3 + 1 = 7.
    """
    state = still(duel(design(), design()))
    state = state.replace_unit(1, evolved_unit(state.units[1], conscious=False, wounds=1))
    state = attrs.evolve(state, phase=Phase.WEAPON)
    ctx, scripted = with_ctx(state, (4, 4))
    combat.eject(ctx, 1, automatic=True)
    assert scripted.position == 2
    (psr,) = [p for p in of(ctx.events, ev.PilotingRoll) if p.unit == 1]
    assert (psr.target, psr.success, psr.automatic) == (7, True, False)


def charge_and_miss(**hexes):
    """A 35-ton charger runs 5 hexes from 0813 to 0808 at a 70-ton target in 0807: 1-1 misses."""
    board = terrain_board(16, 17, **hexes)
    state = duel(design(35, 5), design(70), "0813", "0807", Facing.N, Facing.S, board)
    state, _ = run(state, [Move(0, MoveMode.RUN, (F,) * 5, charge=1), Move(1, MoveMode.STILL)])
    return run(state, [EndPhase(), PhysicalAttack(1)], (1, 1))[0]


def test_a_missed_charge_takes_the_one_legal_side():
    """BT-C-42 ASSUMPTION.

    If only one of the two hexes can legally be entered, use that one (the front-right hex is a
    3-level cliff).
    """
    right = H("0808").neighbor(Facing.NE).label
    state = charge_and_miss(**{f"h{right}": Terrain(level=3)})
    assert state.units[0].hex == H("0808").neighbor(Facing.NW)


def test_a_missed_charge_with_nowhere_to_go_stays():
    """BT-C-42 ASSUMPTION: if neither hex can be entered, the attacker stays in its own hex."""
    right = H("0808").neighbor(Facing.NE).label
    left = H("0808").neighbor(Facing.NW).label
    state = charge_and_miss(**{f"h{right}": Terrain(level=3), f"h{left}": Terrain(level=3)})
    assert state.units[0].hex == H("0808")
