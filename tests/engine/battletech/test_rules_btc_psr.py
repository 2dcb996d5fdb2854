"""BT-C-49 and BT-M-30..36 from the rules digest: the PSRs that end an attack phase.

One PSR per event, each at its own modifier plus the other events of the same phase plus the earlier
damage; 20+ damage once a phase; no double counting of a critical taken this phase; a 'Mech that
falls rolls no more; automatic failures; combat falls (own hex, 0 levels) and the MechWarrior's
injury roll.

The attacker (unit 0) in 0810 fires 5-point lasers at the target (unit 1) in 0805, facing S: every
hit below is 4-4 to hit and 3-4 for the location (front column 7: center torso).
"""

from __future__ import annotations

import pytest

from engine.battletech import events as ev
from engine.battletech.commands import EndPhase, Move, PhysicalAttack, Step, StepKind
from engine.battletech.state import LOCATIONS, MoveMode
from engine.hexes import Facing
from tests.engine.battletech._build import design, evolved_unit, terrain_board
from tests.engine.battletech._rules_btc import (
    CT,
    LL,
    RA,
    RT,
    H,
    duel,
    of,
    resolve,
    run,
    still,
    weapon_attack,
)

SHOOTER = design(equipment=[("Medium Laser", CT), ("AC/20", RT), ("IS Ammo AC/20", RT)])
"""Weapon 0: a medium laser; weapon 1: an AC/20."""
HIT = (4, 4, 3, 4)


def target(tons=50, **changes):
    """The attacker and a target of ``tons`` (with ``changes``) after a quiet move."""
    state = still(duel(SHOOTER, design(tons)))
    if changes:
        state = state.replace_unit(1, evolved_unit(state.units[1], **changes))
    return state


def lasers(state, count):
    """``count`` declared medium-laser attacks of unit 0 at unit 1 (to-hit 4)."""
    return [weapon_attack(state, 0, 0, 1, 4) for _ in range(count)]


def psrs(events, unit=1):
    """(target, success, automatic) of the fall-avoidance PSRs of ``unit``."""
    return [
        (p.target, p.success, p.automatic)
        for p in of(events, ev.PilotingRoll)
        if p.unit == unit and p.reason != "injury"
    ]


def injury(events, unit=1):
    """The injury rolls of ``unit`` (target, success, automatic)."""
    return [
        (p.target, p.success, p.automatic)
        for p in of(events, ev.PilotingRoll)
        if p.unit == unit and p.reason == "injury"
    ]


def without_armor(state, location, internal=None):
    """Unit 1 with no armor at ``location``."""
    unit = state.units[1]
    armor, structure = list(unit.body.armor), list(unit.body.internal)
    armor[LOCATIONS.index(location)] = 0
    if internal is not None:
        structure[LOCATIONS.index(location)] = internal
    return state.replace_unit(1, evolved_unit(unit, armor=tuple(armor), internal=tuple(structure)))


# ---------------------------------------------------------------- 20+ damage


def test_twenty_points_in_a_phase():
    """BT-C-49: 20+ damage in one phase: a PSR at +1 (Piloting 5: 6)."""
    state = target()
    _, events = resolve(state, lasers(state, 4), HIT * 4 + (3, 3))
    assert psrs(events) == [(6, True, False)]


def test_fifteen_points_ask_for_nothing():
    """BT-C-49: under 20 points: no PSR."""
    state = target()
    _, events = resolve(state, lasers(state, 3), HIT * 3)
    assert psrs(events) == []


def test_only_one_twenty_point_psr_a_phase():
    """BT-C-49: only one such PSR per phase, however much more damage (25 points)."""
    state = target()
    _, events = resolve(state, lasers(state, 5), HIT * 5 + (3, 3))
    assert psrs(events) == [(6, True, False)]


# ---------------------------------------------------------------- accumulation


def test_worked_example_twenty_points_and_a_gyro_hit():
    """BT-C-49 example.

    20+ damage (+1) and a gyro hit (+3) in one Weapon phase: two PSRs, each at +4 (Piloting 5: 9). A
    100-ton target with no center-torso armor takes an AC/20 there: 20 structure, 8 on the critical
    roll, line 1-4 (a gyro line). Both PSRs pass (5-4, 6-3).
    """
    state = without_armor(target(100), CT)
    attack = weapon_attack(state, 0, 1, 1, 4)
    _, events = resolve(state, [attack], (4, 4, 3, 4, 4, 4, 1, 4, 5, 4, 6, 3))
    assert [c.slot for c in of(events, ev.CriticalHit)] == [3]
    assert psrs(events) == [(9, True, False), (9, True, False)]


def test_a_mech_that_falls_rolls_no_more_and_its_pilot_rolls_at_the_same_plus_4():
    """BT-M-30 item 2 / BT-M-36 example.

    The first of the two +4 PSRs fails: the 'Mech falls in its own hex, 0 levels (100 t: 10 points
    in 5, 5); the second PSR is not rolled; the injury roll is Piloting + 4 = 9 (5-4: unhurt). Fall:
    facing die 4 (rear column); both groups 2-1 (rear column 3: right arm).
    """
    state = without_armor(target(100), CT)
    attack = weapon_attack(state, 0, 1, 1, 4)
    dice = (4, 4, 3, 4, 4, 4, 1, 4, 1, 1, 4, 2, 1, 2, 1, 5, 4)
    after, events = resolve(state, [attack], dice)
    assert psrs(events) == [(9, False, False)]
    (fell,) = of(events, ev.UnitFell)
    assert (fell.hex, fell.levels, fell.damage, fell.column) == (H("0805"), 0, 10, "rear")
    assert injury(events) == [(9, True, False)]
    assert after.units[1].mech.prone
    assert after.units[1].hex == H("0805")


def test_the_injury_roll_after_a_twenty_point_fall():
    """BT-M-36.

    After a fall caused by 20+ damage the injury roll is Piloting + 1; failing it costs 1 wound and
    a consciousness roll (1 wound: 3+). The 20+ PSR fails (1-1); fall: facing die 1 (front), 5
    points on 2-1 (right arm); injury roll 1-1 fails; consciousness 2-2.
    """
    state = target()
    dice = HIT * 4 + (1, 1, 1, 2, 1, 1, 1, 2, 2)
    after, events = resolve(state, lasers(state, 4), dice)
    assert psrs(events) == [(6, False, False)]
    assert injury(events) == [(6, False, False)]
    assert after.units[1].mech.wounds == 1
    assert of(events, ev.ConsciousnessRolled)[-1].target == 3


def test_a_hip_hit_this_phase_counts_once():
    """BT-C-49 no double counting: a hip destroyed this phase: its PSR at +2, not +4."""
    state = without_armor(target(), LL)
    attack = weapon_attack(state, 0, 0, 1, 4)
    # hit; front column 9: left leg; 12 structure - 5; critical 4-4; line die 1: the hip
    _, events = resolve(state, [attack], (4, 4, 4, 5, 4, 4, 1, 4, 4))
    assert psrs(events) == [(7, True, False)]


@pytest.mark.parametrize(
    ("earlier", "internal_ll", "extra"),
    [
        ({(LL, 3)}, None, 1),  # a foot actuator
        ({(LL, 1), (LL, 2)}, None, 2),  # upper and lower leg actuators
        ({(LL, 0), (LL, 3)}, None, 2),  # a hip: the foot no longer counts
        ({(CT, 3)}, None, 3),  # the gyro hit once
        ({(LL, 3)}, 0, 5),  # the leg destroyed: +5 and nothing else for that leg
    ],
)
def test_earlier_damage_adds_to_every_psr(earlier, internal_ll, extra):
    """BT-C-49 / BT-M-31.3.

    Preexisting damage: leg/foot actuator +1 each, hip +2 (replacing that leg's actuators), gyro +3,
    a destroyed leg +5.
    """
    state = target(crits=frozenset(earlier))
    if internal_ll is not None:
        state = without_armor(state, LL, internal_ll)
    _, events = resolve(state, lasers(state, 4), HIT * 4 + (6, 6))
    assert psrs(events) == [(5 + 1 + extra, True, False)]


def test_a_prone_mech_makes_no_fall_psr():
    """BT-M-30 item 2: a prone 'Mech cannot fall further: no PSR for 20 points."""
    state = target(prone=True)
    _, events = resolve(state, lasers(state, 4), HIT * 4)
    assert psrs(events) == []


def test_an_unconscious_pilot_fails_every_psr():
    """BT-C-33 / BT-M-30 item 5.

    Every PSR fails automatically; so does the injury roll, and an unconscious pilot makes no
    consciousness roll. Fall: facing 1, 5 points on 2-1.
    """
    state = target(conscious=False, wounds=1)
    after, events = resolve(state, lasers(state, 4), HIT * 4 + (1, 2, 1))
    assert psrs(events) == [(psrs(events)[0][0], False, True)]
    assert [i[1:] for i in injury(events)] == [(False, True)]
    assert after.units[1].mech.wounds == 2
    assert not of(events, ev.ConsciousnessRolled)


def test_a_shut_down_mech_fails_every_psr():
    """BT-C-49 / BT-M-30 item 5.

    After the shutdown turn every PSR is an automatic fall; the injury roll fails too (1 wound; the
    awake pilot rolls 3+ to stay conscious).
    """
    state = target(shutdown=True)
    after, events = resolve(state, lasers(state, 4), HIT * 4 + (1, 2, 1, 3, 3))
    assert [p[1:] for p in psrs(events)] == [(False, True)]
    assert [i[1:] for i in injury(events)] == [(False, True)]
    assert after.units[1].mech.prone


def test_second_gyro_hit_falls_without_a_roll():
    """BT-C-31 / BT-C-49: gyro destroyed: automatic fall (no PSR), and never stands again."""
    state = without_armor(target(crits=frozenset({(CT, 3)})), CT)
    attack = weapon_attack(state, 0, 0, 1, 4)
    # hit, CT; critical 4-4; line 1-5 (gyro); fall: facing 1, 5 points on 2-1 (right arm);
    # injury roll (earlier gyro +3: 8) 4-4
    _, events = resolve(state, [attack], (4, 4, 3, 4, 4, 4, 1, 5, 1, 2, 1, 4, 4))
    assert psrs(events) == []
    (fell,) = of(events, ev.UnitFell)
    assert (fell.levels, fell.hex) == (0, H("0805"))
    last = of(events, ev.DamageApplied)[-1]
    assert (last.location, last.armor) == (RA, 5)


# ---------------------------------------------------------------- physical phase


def test_charged_and_twenty_points_accumulate():
    """BT-C-49.

    A 'Mech charged (+2) that took 20+ (+1) in the phase makes two PSRs at +3 (8); the charger its
    own at +2 (7). A 55-ton charger runs 4 hexes: ceil(55 x 4 / 10) = 22 (5, 5, 5, 5, 2) to the
    70-ton target; it takes ceil(70 / 20) = 4. Every die 4-4 (to-hit 7; front column 8: left torso;
    PSRs 8).
    """
    board = terrain_board(16, 17)
    state = duel(design(55, 5), design(70), "0812", "0807", Facing.N, Facing.S, board)
    forward = Step(StepKind.FORWARD)
    state, _ = run(
        state, [Move(0, MoveMode.RUN, (forward,) * 4, charge=1), Move(1, MoveMode.STILL)]
    )
    _, events = run(state, [EndPhase(), PhysicalAttack(1)], (4, 4) * 10)
    hits = [d.armor + d.internal for d in of(events, ev.DamageApplied) if d.unit == 1]
    assert sorted(hits) == [2, 5, 5, 5, 5]
    assert psrs(events, 0) == [(7, True, False)]
    assert psrs(events, 1) == [(8, True, False), (8, True, False)]
