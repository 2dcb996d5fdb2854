"""BT-C-22 and BT-C-26..34 from the rules digest: one damage packet at a time.

Damage goes through the public damage procedure (`damage.apply_damage`) inside an attack phase
(``ctx.tally`` set), so each test names the packet, the location and the exact dice: critical chance
(2D6), critical slot (two dice for a 12-line location: block then line; one die for the head and
legs), consciousness (2D6). Where the digest leaves the order of two rolls open, both get the same
dice.

The target is the test builder's 50-ton 'Mech (unit 1): armor 9 / 32 / 24 / 24 / 16 / 16 / 24 / 24
(HD CT LT RT LA RA LL RL), rear 5 / 4 / 4, internal structure 3 / 16 / 12 / 12 / 8 / 8 / 12 / 12.
Its head lines: life support, sensors, cockpit, empty, sensors, life support; center torso: engine
0-2, gyro 3-6, engine 7-9; arms: shoulder, upper arm, lower arm, hand; legs: hip, upper leg, lower
leg, foot; side torsos empty unless equipment is mounted.
"""

from __future__ import annotations

import attrs
import pytest

from engine.battletech import events as ev
from engine.battletech.context import Tally
from engine.battletech.rules.damage import apply_damage
from engine.battletech.rules.tohit import weapon_to_hit
from engine.battletech.state import LOCATIONS, Phase
from tests.engine.battletech._build import design, evolved_unit
from tests.engine.battletech._rules_btc import (
    CT,
    HD,
    LA,
    LL,
    LT,
    RA,
    RL,
    RT,
    duel,
    of,
    still,
    used,
    with_ctx,
)


def target_state(mech=None, **changes):
    """Unit 1 (the target) with ``changes``; an attack phase."""
    state = still(duel(design(equipment=[("Medium Laser", CT)]), mech or design()))
    state = attrs.evolve(state, phase=Phase.WEAPON)
    unit = evolved_unit(state.units[1], **changes)
    return state.replace_unit(1, unit)


def stripped(state, *locations, internal=None):
    """Unit 1 with no armor at ``locations`` (and ``internal`` points of structure there)."""
    unit = state.units[1]
    armor, structure = list(unit.body.armor), list(unit.body.internal)
    for location in locations:
        armor[LOCATIONS.index(location)] = 0
        if internal is not None:
            structure[LOCATIONS.index(location)] = internal
    return state.replace_unit(1, evolved_unit(unit, armor=tuple(armor), internal=tuple(structure)))


def packet(state, location, amount, dice=(), **kwargs):
    """One damage packet on unit 1 in an attack phase; every die must be used."""
    ctx, scripted = with_ctx(state, dice)
    ctx.tally = Tally(start=state)
    apply_damage(ctx, 1, location, amount, **kwargs)
    used(scripted)
    return ctx.state, ctx.events, ctx.tally


def damage(events):
    """(location, armor, internal, rear) of every DamageApplied."""
    return [(d.location, d.armor, d.internal, d.rear) for d in of(events, ev.DamageApplied)]


def crits(events):
    """(location, slot) of every CriticalHit."""
    return [(c.location, c.slot) for c in of(events, ev.CriticalHit)]


def chances(events):
    """(location, hits, tac) of every critical-chance roll."""
    return [(c.location, c.hits, c.tac) for c in of(events, ev.CriticalChanceRolled)]


# ---------------------------------------------------------------- BT-C-26 steps 1-3


def test_armor_absorbs_first():
    """BT-C-26 steps 1-2: 5 points on 32 armor: armor only, no critical roll."""
    after, events, _ = packet(target_state(), CT, 5)
    assert damage(events) == [(CT, 5, 0, False)]
    assert after.units[1].body.armor_at(CT) == 27
    assert after.units[1].body.internal_at(CT) == 16
    assert not of(events, ev.CriticalChanceRolled)


def test_rear_hits_use_rear_armor():
    """BT-C-26 step 1: rear hits use the rear armor of torso locations (CT rear 5)."""
    after, events, _ = packet(target_state(), CT, 5, rear=True)
    assert damage(events) == [(CT, 5, 0, True)]
    assert after.units[1].body.armor_at(CT, rear=True) == 0
    assert after.units[1].body.armor_at(CT) == 32


def test_armor_then_structure_then_one_critical_roll():
    """BT-C-26 steps 1-4.

    2 armor left, 5 points: 2 armor, 3 structure, one 2D6 critical-chance roll (7: no critical).
    """
    state = target_state()
    unit = state.units[1]
    armor = list(unit.body.armor)
    armor[LOCATIONS.index(RA)] = 2
    state = state.replace_unit(1, evolved_unit(unit, armor=tuple(armor)))
    after, events, _ = packet(state, RA, 5, (3, 4))
    assert damage(events) == [(RA, 2, 3, False)]
    assert after.units[1].body.internal_at(RA) == 5
    assert chances(events) == [(RA, 0, False)]


def test_one_critical_roll_however_many_points():
    """BT-C-26 step 4: exactly one critical-chance roll per packet, however much structure."""
    state = stripped(target_state(), RA)
    _, events, _ = packet(state, RA, 7, (2, 3))
    assert damage(events) == [(RA, 0, 7, False)]
    assert len(of(events, ev.CriticalChanceRolled)) == 1


def test_rear_transfer_to_a_torso_goes_to_its_rear_armor():
    """BT-C-27: a rear-column hit on a missing left leg goes to the left torso's rear armor."""
    state = stripped(target_state(), LL, internal=0)
    after, events, _ = packet(state, LL, 3, rear=True)
    assert damage(events)[-1] == (LT, 3, 0, True)
    assert after.units[1].body.armor_at(LT, rear=True) == 1
    assert after.units[1].body.armor_at(LT) == 24


@pytest.mark.parametrize(("lost", "inward"), [(LA, LT), (LL, LT), (RA, RT), (RL, RT), (LT, CT)])
def test_damage_to_a_destroyed_location_moves_inward(lost, inward):
    """BT-C-27: new damage to an already destroyed location goes to the armor inward."""
    state = stripped(target_state(), lost, internal=0)
    if lost is LT:
        state = stripped(state, LA, internal=0)
    before = state.units[1].body.armor_at(inward)
    after, events, _ = packet(state, lost, 5)
    applied = of(events, ev.DamageApplied)[-1]
    assert (applied.location, applied.armor, applied.internal) == (inward, 5, 0)
    assert applied.transferred_from is lost
    assert after.units[1].body.armor_at(inward) == before - 5


def test_excess_damage_moves_inward_to_armor():
    """BT-C-26 steps 5-7 / BT-C-27.

    A right arm with 2 structure left takes 5: it is destroyed (one critical roll first), and 3 go
    to the right torso's armor.
    """
    state = stripped(target_state(), RA, internal=2)
    after, events, _ = packet(state, RA, 5, (1, 1))
    assert damage(events) == [(RA, 0, 2, False), (RT, 3, 0, False)]
    assert of(events, ev.DamageApplied)[1].transferred_from is RA
    assert [d.location for d in of(events, ev.LocationDestroyed)] == [RA]
    assert after.units[1].body.armor_at(RT) == 21
    assert chances(events) == [(RA, 0, False)]


def test_a_packet_rolls_for_criticals_in_each_location_whose_structure_it_damages():
    """BT-C-26 step 4 AMBIG reading.

    One roll per packet per location: 10 points on a right arm with 2 structure and a right torso
    without armor: a roll in each.
    """
    state = stripped(stripped(target_state(), RA, internal=2), RT)
    _, events, _ = packet(state, RA, 10, (1, 1, 1, 2))
    assert damage(events) == [(RA, 0, 2, False), (RT, 0, 8, False)]
    assert [c[0] for c in chances(events)] == [RA, RT]


# ---------------------------------------------------------------- BT-C-28 torsos and legs


def test_side_torso_destroyed_takes_its_arm_not_its_leg():
    """BT-C-28: a destroyed side torso blows the arm on its side off at once; the leg stays."""
    state = stripped(target_state(), LT, internal=1)
    after, events, _ = packet(state, LT, 5, (1, 1))
    unit = after.units[1]
    assert {d.location for d in of(events, ev.LocationDestroyed)} == {LT, LA}
    assert unit.body.location_destroyed(LA)
    assert not unit.body.location_destroyed(LL)
    assert unit.body.internal_at(LL) == 12
    assert damage(events)[-1] == (CT, 4, 0, False)
    assert not unit.destroyed


def test_center_torso_destroyed_destroys_the_mech():
    """BT-C-28 / BT-C-34: the center torso's structure gone: the unit is destroyed."""
    state = stripped(target_state(), CT, internal=3)
    after, events, _ = packet(state, CT, 5, (1, 1))
    assert after.units[1].destroyed
    assert of(events, ev.UnitDestroyed)


def test_head_destroyed_destroys_the_mech():
    """BT-C-34: the head destroyed: the unit is destroyed (its critical roll first, 2-2).

    The MechWarrior's wound for the head hit needs no consciousness roll: the 'Mech is out.
    """
    state = stripped(target_state(), HD, internal=1)
    after, events, _ = packet(state, HD, 5, (2, 2))
    assert HD in {d.location for d in of(events, ev.LocationDestroyed)}
    assert after.units[1].destroyed
    assert of(events, ev.UnitDestroyed)


def test_leg_destroyed_means_an_automatic_fall():
    """BT-C-28 / BT-C-49: a leg destroyed: the 'Mech falls automatically (end of the phase)."""
    state = stripped(target_state(), LL, internal=1)
    _, events, tally = packet(state, LL, 5, (1, 1))
    assert LL in {d.location for d in of(events, ev.LocationDestroyed)}
    assert 1 in tally.falls


# ---------------------------------------------------------------- BT-C-22 TAC, BT-C-33 head


def test_through_armor_critical_rolls_even_with_armor_left():
    """BT-C-22.

    A location roll of 2 applies damage to armor and also rolls once for a critical (8: one
    critical; the center torso's line 1-1 is an engine line).
    """
    after, events, _ = packet(target_state(), CT, 5, (4, 4, 1, 1), tac=True)
    assert damage(events) == [(CT, 5, 0, False)]
    assert chances(events) == [(CT, 1, True)]
    ((location, slot),) = crits(events)
    assert (location, slot) == (CT, 0)
    assert "engine" in of(events, ev.CriticalHit)[0].component.lower()
    assert (CT, 0) in after.units[1].body.crits


def test_through_armor_critical_and_structure_give_two_rolls():
    """BT-C-22: if the same hit also reaches the structure, the location gets two rolls."""
    state = stripped(target_state(), RA)
    _, events, _ = packet(state, RA, 5, (2, 2, 2, 2), tac=True)
    assert sorted(chances(events), key=lambda c: c[2]) == [(RA, 0, False), (RA, 0, True)]


def test_head_hit_wounds_the_pilot_even_when_the_armor_holds():
    """BT-C-22 / BT-C-33: 1 damage every time the head is hit; a consciousness roll (3+)."""
    after, events, _ = packet(target_state(), HD, 3, (2, 1))
    assert damage(events) == [(HD, 3, 0, False)]
    (wounded,) = of(events, ev.PilotWounded)
    assert (wounded.unit, wounded.wounds, wounded.total) == (1, 1, 1)
    (rolled,) = of(events, ev.ConsciousnessRolled)
    assert (rolled.target, rolled.conscious) == (3, True)
    assert after.units[1].body.wounds == 1


@pytest.mark.parametrize(
    ("before", "target", "roll", "awake"),
    [
        (0, 3, (1, 1), False),
        (1, 5, (2, 3), True),
        (2, 7, (3, 3), False),
        (3, 10, (5, 5), True),
        (4, 11, (5, 5), False),
    ],
)
def test_consciousness_number_by_total_wounds(before, target, roll, awake):
    """BT-C-33: roll 2D6 >= 3, 5, 7, 10, 11 for a total of 1..5 wounds."""
    state = target_state(wounds=before)
    after, events, _ = packet(state, HD, 1, roll)
    (rolled,) = of(events, ev.ConsciousnessRolled)
    assert (rolled.target, rolled.conscious) == (target, awake)
    assert after.units[1].body.conscious is awake


def test_sixth_wound_kills():
    """BT-C-33 / BT-C-34: the MechWarrior dies at 6 damage; the 'Mech is destroyed."""
    after, events, _ = packet(target_state(wounds=5), HD, 1)
    assert after.units[1].body.wounds == 6
    assert after.units[1].destroyed
    assert not of(events, ev.ConsciousnessRolled)


def test_an_unconscious_pilot_makes_no_new_roll():
    """BT-M-16 item 2 reading: a wound can never wake him; no roll while unconscious."""
    after, events, _ = packet(target_state(wounds=1, conscious=False), HD, 1)
    assert after.units[1].body.wounds == 2
    assert not of(events, ev.ConsciousnessRolled)
    assert not after.units[1].body.conscious


# ---------------------------------------------------------------- BT-C-29/30 criticals


def test_eight_gives_one_critical_on_the_line_the_dice_pick():
    """BT-C-29/30.

    8 -> one critical; torso/arm: first die 1-3 the upper block, second the line (1, 2 -> line 2:
    the upper arm actuator).
    """
    state = stripped(target_state(), RA)
    after, events, _ = packet(state, RA, 5, (4, 4, 1, 2))
    assert crits(events) == [(RA, 1)]
    assert "upper arm" in of(events, ev.CriticalHit)[0].component.lower()
    assert (RA, 1) in after.units[1].body.crits


def test_lower_block_of_a_twelve_line_location():
    """BT-C-30: a first die of 4-6 picks the lower block: (4, 1) is line 7 (index 6)."""
    mech = design(equipment=[("Medium Laser", RA)] * 3)
    state = stripped(target_state(mech), RA)
    _, events, _ = packet(state, RA, 5, (4, 4, 4, 1))
    assert crits(events) == [(RA, 6)]


def test_ten_gives_two_criticals():
    """BT-C-29: 10-11 -> two criticals (shoulder 1-1, hand 1-4)."""
    state = stripped(target_state(), RA)
    _, events, _ = packet(state, RA, 5, (5, 5, 1, 1, 1, 4))
    assert crits(events) == [(RA, 0), (RA, 3)]


def test_twelve_on_a_torso_gives_three_criticals():
    """BT-C-29: 12 on a torso -> three criticals (engine 1-1, gyro 1-4, engine 4-2)."""
    state = stripped(target_state(), CT)
    _, events, _ = packet(state, CT, 5, (6, 6, 1, 1, 1, 4, 4, 2))
    assert crits(events) == [(CT, 0), (CT, 3), (CT, 7)]


def test_twelve_on_an_arm_blows_it_off():
    """BT-C-29 / BT-C-31: 12 on an arm: the arm is blown off and its weapons are lost."""
    mech = design(equipment=[("Medium Laser", RA)])
    state = stripped(target_state(mech), RA)
    after, events, _ = packet(state, RA, 3, (6, 6))
    assert chances(events)[0][0] is RA
    assert of(events, ev.CriticalChanceRolled)[0].blown_off
    (lost,) = [d for d in of(events, ev.LocationDestroyed) if d.location is RA]
    assert lost.blown_off
    assert after.units[1].body.location_destroyed(RA)
    assert not crits(events)


def test_twelve_on_a_leg_blows_it_off_and_the_mech_falls():
    """BT-C-31: leg blown off: an automatic fall (end of the phase)."""
    state = stripped(target_state(), RL)
    after, _, tally = packet(state, RL, 3, (6, 6))
    assert after.units[1].body.location_destroyed(RL)
    assert 1 in tally.falls


def test_twelve_on_the_head_blows_it_off():
    """BT-C-29 / BT-C-31.

    Head blown off: the MechWarrior dies and the 'Mech is out. (The head hit's consciousness roll
    and the critical roll share the dice 6-6.)
    """
    state = stripped(target_state(), HD)
    after, events, _ = packet(state, HD, 1, (6, 6))
    assert after.units[1].destroyed
    assert of(events, ev.UnitDestroyed)


def test_empty_lines_are_rerolled():
    """BT-C-30: an empty line is rerolled (2-6 is empty; then 1-1, the shoulder)."""
    state = stripped(target_state(), RA)
    _, events, _ = packet(state, RA, 5, (4, 4, 2, 6, 1, 1))
    (hit,) = of(events, ev.CriticalHit)
    assert (hit.location, hit.slot, hit.roll) == (RA, 0, (1, 1))
    assert hit.rerolled == ((2, 6),)


def test_head_and_leg_lines_take_one_die():
    """BT-C-30: head or legs: 1D6 is the line (5 is empty: reroll; 1 is the hip)."""
    state = stripped(target_state(), LL)
    _, events, tally = packet(state, LL, 5, (4, 4, 5, 1))
    (hit,) = of(events, ev.CriticalHit)
    assert (hit.location, hit.slot, hit.roll) == (LL, 0, (1,))
    assert "hip" in hit.component.lower()
    assert [m for _, m in tally.psrs[1]] == [2]


def test_a_line_hit_before_is_rerolled():
    """BT-C-30: a line already hit is rerolled (the shoulder went in an earlier phase)."""
    state = stripped(target_state(crits=frozenset({(RA, 0)})), RA)
    _, events, _ = packet(state, RA, 5, (4, 4, 1, 1, 1, 2))
    assert crits(events) == [(RA, 1)]


def test_criticals_move_inward_from_a_location_with_nothing_to_hit():
    """BT-C-26 step 4 / BT-C-30.

    The empty left torso passes its critical to the center torso (1-4: a gyro line).
    """
    state = stripped(target_state(), LT)
    _, events, tally = packet(state, LT, 5, (4, 4, 1, 4))
    assert crits(events) == [(CT, 3)]
    assert [m for _, m in tally.psrs[1]] == [3]


def test_criticals_used_up_in_the_same_phase_are_lost():
    """BT-C-26 step 4 / BT-C-30.

    Only the foot is left (hip, upper and lower leg hit in earlier turns); 10 gives two criticals:
    the foot, then nothing: the second is lost.
    """
    earlier = frozenset({(LL, 0), (LL, 1), (LL, 2)})
    state = stripped(target_state(crits=earlier), LL)
    _, events, _ = packet(state, LL, 5, (5, 5, 4))
    assert crits(events) == [(LL, 3)]
    assert [lost.location for lost in of(events, ev.CriticalLost)] == [LL]


def test_one_critical_disables_a_multi_line_weapon():
    """BT-C-30: a critical on any line of a PPC (3 lines) disables it."""
    mech = design(equipment=[("PPC", RT)])
    state = stripped(target_state(mech), RT)
    after, events, _ = packet(state, RT, 5, (4, 4, 1, 2))
    assert crits(events) == [(RT, 1)]
    # the damaged 'Mech as unit 0, to ask whether its PPC can still fire at the other one
    swapped = attrs.evolve(after, units=(after.units[1], after.units[0]))
    assert not weapon_to_hit(swapped, 0, 0, 1).possible


def test_a_destroyed_location_does_not_set_off_its_ammunition():
    """BT-C-26 step 5.

    Components of a destroyed location count as hit, but destroying them this way does not explode
    ammunition.
    """
    mech = design(equipment=[("IS Ammo MG - Full", RT)])
    state = stripped(target_state(mech), RT, internal=2)
    after, events, _ = packet(state, RT, 5, (1, 1))
    assert RT in {d.location for d in of(events, ev.LocationDestroyed)}
    assert not of(events, ev.AmmoExploded)
    assert after.units[1].body.armor_at(CT) == 32 - 3


# ---------------------------------------------------------------- BT-C-31 effects into PSRs


@pytest.mark.parametrize(
    ("location", "dice", "modifier"),
    [
        (LL, (2,), 1),  # upper leg actuator
        (LL, (3,), 1),  # lower leg actuator
        (LL, (4,), 1),  # foot actuator
        (LL, (1,), 2),  # hip
        (CT, (1, 4), 3),  # gyro, first hit
    ],
)
def test_critical_psr_events(location, dice, modifier):
    """BT-C-49.

    Leg or foot actuator +1, hip +2, gyro (1st hit) +3, each a PSR at the end of the phase.
    """
    state = stripped(target_state(), location)
    _, _, tally = packet(state, location, 5, (4, 4, *dice))
    assert [m for _, m in tally.psrs[1]] == [modifier]


def test_second_gyro_hit_is_an_automatic_fall():
    """BT-C-31 / BT-C-49: the second gyro hit destroys it: automatic fall."""
    state = stripped(target_state(crits=frozenset({(CT, 3)})), CT)
    _, _, tally = packet(state, CT, 5, (4, 4, 1, 5))
    assert 1 in tally.falls


def test_third_engine_hit_destroys_the_mech():
    """BT-C-31 / BT-C-34: the third engine critical: the 'Mech is out."""
    state = stripped(target_state(crits=frozenset({(CT, 0), (CT, 1)})), CT)
    after, events, _ = packet(state, CT, 5, (4, 4, 1, 3))
    assert after.units[1].destroyed
    assert of(events, ev.UnitDestroyed)


def test_cockpit_hit_kills_the_pilot():
    """BT-C-31: cockpit destroyed: the MechWarrior dies and the 'Mech is out (head line 3).

    The head hit wounds first: its consciousness roll and the critical roll share 4-4.
    """
    state = stripped(target_state(), HD)
    after, events, _ = packet(state, HD, 1, (4, 4, 4, 4, 3))
    assert (HD, 2) in crits(events)
    assert after.units[1].destroyed


def test_ammunition_critical_explodes_the_bin():
    """BT-C-31/32: an ammo critical explodes the bin: one shot's damage x shots left.

    3 machine-gun shots = 6 points, into the structure; the MechWarrior takes 2. Left torso: armor
    stripped, 12 structure; the laser's 5 points leave 7; 8 -> one critical on line 1-1 (the bin);
    the explosion's 6 leave 1. The explosion's own critical roll (step 3 -> 4) and the consciousness
    roll (2 wounds: 5+) share the dice 3-3.
    """
    mech = design(equipment=[("IS Ammo MG - Full", LT)])
    state = stripped(target_state(mech), LT)
    ammo = list(state.units[1].ammo)
    ammo[0] = 3
    state = state.replace_unit(1, attrs.evolve(state.units[1], ammo=tuple(ammo)))
    after, events, _ = packet(state, LT, 5, (4, 4, 1, 1, 3, 3, 3, 3))
    (boom,) = of(events, ev.AmmoExploded)
    assert (boom.bin, boom.shots, boom.damage) == (0, 3, 6)
    assert after.units[1].body.internal_at(LT) == 1
    assert after.units[1].body.armor_at(LT) == 0
    (wounded,) = of(events, ev.PilotWounded)
    assert (wounded.wounds, wounded.total) == (2, 2)
    assert of(events, ev.ConsciousnessRolled)[0].target == 5


@pytest.mark.parametrize(("ammo", "total"), [("IS Ammo MG - Full", 400), ("IS Ammo SRM-2", 200)])
def test_full_bin_explosions(ammo, total):
    """BT-C-32 examples: a full ton of MG ammo 2 x 200 = 400; of SRM-2 ammo 2 x 2 x 50 = 200.

    Either destroys the 50-ton 'Mech (left torso 12, center torso 16 structure, no CASE).
    """
    mech = design(equipment=[(ammo, LT)])
    state = stripped(target_state(mech), LT)
    ctx, _ = with_ctx(state, (4, 4, 1, 1) + (3,) * 20)
    ctx.tally = Tally(start=state)
    apply_damage(ctx, 1, LT, 5)
    (boom,) = of(ctx.events, ev.AmmoExploded)
    assert boom.damage == total
    assert ctx.state.units[1].destroyed


def test_explosion_excess_goes_to_the_next_structure():
    """BT-C-26 steps 7-8.

    Explosion damage skips armor: 14 on a left torso with 12 structure: 2 to the center torso's
    structure, its armor untouched.
    """
    state = target_state()
    after, events, _ = packet(state, LT, 14, (1, 1, 1, 1), explosion=True)
    assert (CT, 0, 2, False) in damage(events)
    assert after.units[1].body.armor_at(CT) == 32
    assert after.units[1].body.internal_at(CT) == 14
    assert damage(events)[0] == (LT, 0, 12, False)


def test_case_vents_the_excess():
    """BT-C-26 step 8 / BT-C-32: with CASE in the exploding location the excess is lost."""
    mech = design(equipment=[("CASE", LT)])
    state = target_state(mech)
    after, events, _ = packet(state, LT, 14, (1, 1), explosion=True)
    assert after.units[1].body.location_destroyed(LT)
    assert after.units[1].body.internal_at(CT) == 16
    assert all(d.location is not CT for d in of(events, ev.DamageApplied))


# ---------------------------------------------------------------- BT-C-26 step 4: phase start


def test_a_location_emptied_this_phase_keeps_its_criticals():
    """BT-C-26 step 4 / BT-C-30.

    The left torso held a laser at the start of the phase; the first packet's critical (8, line 1-1)
    destroys it; the second packet's critical (8) stays in the left torso, where nothing is left to
    hit, and is lost (it does not move inward).
    """
    mech = design(equipment=[("Medium Laser", LT)])
    state = stripped(target_state(mech), LT)
    ctx, scripted = with_ctx(state, (4, 4, 1, 1, 4, 4))
    ctx.tally = Tally(start=state)
    apply_damage(ctx, 1, LT, 3)
    apply_damage(ctx, 1, LT, 3)
    used(scripted)
    assert crits(ctx.events) == [(LT, 0)]
    assert [lost.location for lost in of(ctx.events, ev.CriticalLost)] == [LT]


def test_a_location_emptied_in_an_earlier_phase_passes_criticals_inward():
    """BT-C-26 step 4.

    The laser went in an earlier phase: the critical goes to the center torso (line 1-1: an engine
    line).
    """
    mech = design(equipment=[("Medium Laser", LT)])
    state = stripped(target_state(mech, crits=frozenset({(LT, 0)})), LT)
    _, events, _ = packet(state, LT, 3, (4, 4, 1, 1))
    assert crits(events) == [(CT, 0)]


def test_through_armor_critical_on_a_destroyed_location_goes_with_the_damage():
    """BT-C-22 ASSUMPTION.

    A location roll of 2 on a destroyed left torso: the damage transfers to the center torso, and
    the extra roll is made there (7: none).
    """
    state = stripped(stripped(target_state(), LT, internal=0), LA, internal=0)
    _, events, _ = packet(state, LT, 5, (3, 4), tac=True)
    assert damage(events) == [(CT, 5, 0, False)]
    assert chances(events) == [(CT, 0, True)]
