"""BT-C-1/2, 14, 19, 20, 22, 23, 25 from the rules digest: resolving declared weapon attacks.

Attacks are resolved as a phase (`combat.resolve_weapon_attack` for each, in order, then
`combat.end_of_phase`) with the to-hit number fixed in the declared `Attack`. Dice per attack: the
to-hit 2D6; for missiles the cluster 2D6; one location roll per hit or 5-missile group (2D6, or 1D6
on the punch table); the critical rolls of BT-C-26 when structure is damaged.

The attacker (unit 0) stands in 0810 facing N; the target (unit 1, 50 t, armor CT 32, LT/RT 24, rear
CT 5) in 0805 facing S.
"""

from __future__ import annotations

import attrs
import pytest

from engine.battletech import events as ev
from engine.battletech.state import LOCATIONS
from tests.engine.battletech._build import design, evolved_unit
from tests.engine.battletech._rules_btc import (
    CT,
    HD,
    LA,
    LL,
    LT,
    RA,
    RT,
    duel,
    of,
    resolve,
    still,
    weapon_attack,
)

SHOOTER = design(
    equipment=[
        ("Medium Laser", CT),  # 0
        ("LRM 20", LT),  # 1
        ("IS Ammo LRM-20", LT),  # 2
        ("SRM 6", RT),  # 3
        ("IS Ammo SRM-6", RT),  # 4
        ("SRM 2", RT),  # 5
        ("IS Ammo SRM-2", RT),  # 6
        ("LRM 5", RA),  # 7
        ("LRM 15", LA),  # 8
        ("IS Ammo LRM-5", RA),  # 9
        ("IS Ammo LRM-15", LA),  # 10
    ]
)
ML, LRM20, SRM6, SRM2, LRM5, LRM15 = 0, 1, 3, 5, 7, 8
CANNON = design(equipment=[("AC/20", RT), ("IS Ammo AC/20", RT)])


def phase(target=None, shooter=SHOOTER, **changes):
    """Attacker and target after a quiet movement phase; ``changes`` to the target."""
    state = still(duel(shooter, target or design()))
    if changes:
        state = state.replace_unit(1, evolved_unit(state.units[1], **changes))
    return state


def damage(events, unit=1):
    """(location, points, rear) of every damage group on ``unit``."""
    return [
        (d.location, d.armor + d.internal, d.rear)
        for d in of(events, ev.DamageApplied)
        if d.unit == unit
    ]


def rolled(events):
    """(attack, roll, hit) of every to-hit roll."""
    return [(r.attack, r.roll, r.hit) for r in of(events, ev.AttackRolled)]


# ---------------------------------------------------------------- BT-C-14 the roll


def test_a_roll_equal_to_the_number_hits():
    """BT-C-14 item 4: 2D6 >= the modified number hits (8 vs 8); 7 on the front column: CT."""
    state = phase()
    _, events = resolve(state, [weapon_attack(state, 0, ML, 1, 8)], (4, 4, 3, 4))
    assert rolled(events) == [(0, (4, 4), True)]
    assert damage(events) == [(CT, 5, False)]


def test_a_lower_roll_misses():
    """BT-C-14 item 4: 7 vs 8 misses; no location roll."""
    state = phase()
    after, events = resolve(state, [weapon_attack(state, 0, ML, 1, 8)], (3, 4))
    assert rolled(events) == [(0, (3, 4), False)]
    assert not of(events, ev.DamageApplied)
    assert after.units[1].mech.armor_at(CT) == 32


def test_over_12_misses_without_dice():
    """BT-C-14 item 3: a modified number over 12 misses automatically."""
    state = phase()
    _, events = resolve(state, [weapon_attack(state, 0, ML, 1, 13)], ())
    assert rolled(events) == [(0, (), False)]


@pytest.mark.parametrize(
    ("side", "roll", "where"),
    [
        ("front", (3, 4), (CT, False)),
        ("front", (5, 5), (LA, False)),
        ("rear", (3, 4), (CT, True)),
        ("rear", (3, 3, 1, 1), (RT, True)),  # rear armor 4: 1 into the structure, a 2
        ("left", (3, 4), (LT, False)),
        ("left", (4, 4), (CT, False)),
        ("right", (3, 4), (RT, False)),
        ("right", (2, 2), (RA, False)),
    ],
)
def test_hit_location_by_attack_direction(side, roll, where):
    """BT-C-21/22: the column for the attack direction; rear torso hits strike rear armor.

    Right torso rear armor is 4: the fifth point reaches the structure (critical roll 1-1).
    """
    state = phase()
    attack = weapon_attack(state, 0, ML, 1, 4, side=side)
    _, events = resolve(state, [attack], (4, 4, *roll))
    location, rear = where
    assert damage(events) == [(location, 5, rear)]


@pytest.mark.parametrize(("die", "location"), [(1, LA), (2, LT), (3, CT), (4, RT), (5, RA)])
def test_partial_cover_hits_use_the_punch_table(die, location):
    """BT-C-8 / BT-C-23: every hit on a target in partial cover is located on 1D6, Punch table."""
    state = phase()
    attack = weapon_attack(state, 0, ML, 1, 4, table="punch")
    _, events = resolve(state, [attack], (4, 4, die))
    assert damage(events) == [(location, 5, False)]


def test_a_head_hit_through_the_weapon_phase():
    """BT-C-22: 12 is the head; the MechWarrior takes 1 (consciousness 3+: 2-2)."""
    state = phase()
    after, events = resolve(state, [weapon_attack(state, 0, ML, 1, 4)], (4, 4, 6, 6, 2, 2))
    assert damage(events) == [(HD, 5, False)]
    assert after.units[1].mech.wounds == 1


# ---------------------------------------------------------------- BT-C-20 clusters


def test_lrm_20_in_groups_of_five():
    """BT-C-20/22: LRM-20, cluster roll 7: 12 hit; groups of 5, 5 and 2, one location each."""
    state = phase()
    attack = weapon_attack(state, 0, LRM20, 1, 4)
    _, events = resolve(state, [attack], (4, 4, 3, 4, 3, 4, 3, 4, 3, 4))
    (cluster,) = of(events, ev.ClusterRolled)
    assert (cluster.roll, cluster.fired, cluster.hits) == ((3, 4), 20, 12)
    assert damage(events) == [(CT, 5, False), (CT, 5, False), (CT, 2, False)]


def test_lrm_15_roll_11_all_hit():
    """BT-C-20: LRM-15, 11: 15 hit: 5, 5, 5."""
    state = phase()
    attack = weapon_attack(state, 0, LRM15, 1, 4)
    _, events = resolve(state, [attack], (4, 4, 5, 6, 3, 4, 3, 4, 3, 4))
    assert [p for _, p, _ in damage(events)] == [5, 5, 5]


def test_lrm_5_roll_2_one_missile():
    """BT-C-20: LRM-5, 2: 1 hits, 1 point."""
    state = phase()
    attack = weapon_attack(state, 0, LRM5, 1, 4)
    _, events = resolve(state, [attack], (4, 4, 1, 1, 3, 4))
    assert damage(events) == [(CT, 1, False)]


def test_srm_missiles_are_located_one_by_one():
    """BT-C-20/22: SRM-6, 12: all 6 hit, 2 points each, one location roll per missile."""
    state = phase()
    attack = weapon_attack(state, 0, SRM6, 1, 4)
    rolls = (3, 4, 5, 5, 3, 3, 4, 4, 2, 2, 4, 5)  # 7 CT, 10 LA, 6 RT, 8 LT, 4 RA, 9 LL
    _, events = resolve(state, [attack], (4, 4, 6, 6, *rolls))
    assert [(loc, p) for loc, p, _ in damage(events)] == [
        (CT, 2),
        (LA, 2),
        (RT, 2),
        (LT, 2),
        (RA, 2),
        (LL, 2),
    ]


@pytest.mark.parametrize(("roll", "hits"), [((1, 1), 1), ((3, 4), 1), ((4, 4), 2), ((6, 6), 2)])
def test_srm_2_cluster(roll, hits):
    """BT-C-20: the 2 column: 1 hit on 2-7, 2 on 8-12."""
    state = phase()
    attack = weapon_attack(state, 0, SRM2, 1, 4)
    _, events = resolve(state, [attack], (4, 4, *roll) + (3, 4) * hits)
    assert damage(events) == [(CT, 2, False)] * hits


def test_missed_missiles_roll_no_cluster():
    """BT-C-20: the cluster table is rolled only after a missile attack hits."""
    state = phase()
    _, events = resolve(state, [weapon_attack(state, 0, LRM20, 1, 9)], (4, 4))
    assert not of(events, ev.ClusterRolled)


# ---------------------------------------------------------------- BT-C-19 aimed shots


def test_aimed_shot_6_to_8_hits_the_chosen_location():
    """BT-C-19: on a hit roll 2D6: 6, 7 or 8 hits the chosen location (the left leg)."""
    state = phase(shutdown=True)
    attack = weapon_attack(state, 0, ML, 1, 0, aimed=LL)
    _, events = resolve(state, [attack], (4, 4, 2, 4))
    assert damage(events) == [(LL, 5, False)]


def test_aimed_shot_otherwise_rolls_normally():
    """BT-C-19.

    Otherwise roll normally on the hit location table (a 2 misses the aim; the normal roll, 7, hits
    the center torso).
    """
    state = phase(shutdown=True)
    attack = weapon_attack(state, 0, ML, 1, 0, aimed=LL)
    _, events = resolve(state, [attack], (4, 4, 5, 5, 3, 4))
    assert damage(events) == [(CT, 5, False)]


# ---------------------------------------------------------------- BT-C-1/2 simultaneity


def test_every_declared_attack_resolves_though_its_attacker_died():
    """BT-C-1 / BT-C-2.

    Weapon fire is simultaneous: unit 1 destroys unit 0 (center torso with no armor and 1
    structure), and unit 0's declared shot still resolves and hits.
    """
    state = phase(CANNON)
    unit = state.units[0]
    armor, internal = list(unit.body.armor), list(unit.body.internal)
    armor[LOCATIONS.index(CT)] = 0
    internal[LOCATIONS.index(CT)] = 1
    state = state.replace_unit(0, evolved_unit(unit, armor=tuple(armor), internal=tuple(internal)))
    attacks = [weapon_attack(state, 1, 0, 0, 4), weapon_attack(state, 0, ML, 1, 4)]
    dice = (4, 4, 3, 4, 1, 1, 4, 4, 3, 4)  # hit, CT, no critical; hit, CT
    after, events = resolve(state, attacks, dice)
    assert after.units[0].destroyed
    assert damage(events, 1) == [(CT, 5, False)]


def test_attacks_on_a_destroyed_target_are_still_rolled():
    """BT-C-2: every declared attack must be resolved, even if its target is already destroyed.

    Two lasers at a target whose center torso has no armor and 2 structure: the first destroys it;
    the second is still rolled.
    """
    state = phase()
    unit = state.units[1]
    armor, internal = list(unit.body.armor), list(unit.body.internal)
    armor[LOCATIONS.index(CT)] = 0
    internal[LOCATIONS.index(CT)] = 2
    state = state.replace_unit(1, evolved_unit(unit, armor=tuple(armor), internal=tuple(internal)))
    second = attrs.evolve(weapon_attack(state, 0, ML, 1, 4), weapon=ML)
    attacks = [weapon_attack(state, 0, ML, 1, 4), second]
    _, events = resolve(state, attacks, (4, 4, 3, 4, 1, 1, 2, 3), exact=False)
    assert [r[0] for r in rolled(events)] == [0, 1]


def test_damage_marks_at_once_psrs_wait_for_the_end():
    """BT-C-1 item 3.

    Damage is marked as attacks resolve; the phase's PSRs come after every attack (four 5-point
    hits: 20 points, then one PSR at +1).
    """
    state = phase()
    attacks = [weapon_attack(state, 0, ML, 1, 4) for _ in range(4)]
    dice = (4, 4, 3, 4) * 4 + (3, 3)
    _, events = resolve(state, attacks, dice)
    kinds = [type(e) for e in events if isinstance(e, (ev.DamageApplied, ev.PilotingRoll))]
    assert kinds == [ev.DamageApplied] * 4 + [ev.PilotingRoll]
    (psr,) = of(events, ev.PilotingRoll)
    assert (psr.unit, psr.target, psr.success) == (1, 6, True)


def test_an_ac_20_hit_is_one_packet():
    """BT-C-25/26: one weapon hit is one packet: 20 points on one location."""
    state = phase(design(100), CANNON)
    _, events = resolve(state, [weapon_attack(state, 0, 0, 1, 4)], (4, 4, 3, 4, 3, 3))
    assert damage(events) == [(CT, 20, False)]


def test_every_head_hit_wounds_and_asks_for_a_roll():
    """BT-C-22/33.

    An SRM-2 with both missiles in the head: two wounds, each with its own roll at the new total
    (3+, then 5+).
    """
    state = phase()
    attack = weapon_attack(state, 0, SRM2, 1, 4)
    dice = (4, 4, 6, 6, 6, 6, 2, 1, 6, 6, 3, 2)
    after, events = resolve(state, [attack], dice)
    assert damage(events) == [(HD, 2, False), (HD, 2, False)]
    assert [c.target for c in of(events, ev.ConsciousnessRolled)] == [3, 5]
    assert after.units[1].mech.wounds == 2
