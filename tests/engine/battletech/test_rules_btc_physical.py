"""BT-C-36..45 from the rules digest: physical attacks.

Base numbers, requirements, damage formulas, location tables, the PSRs they cause, charges and
deaths from above declared in the Movement phase, elevation differences and prone targets.

Unless a test says otherwise the attacker (unit 0) stands in 0808 facing N and the target (unit 1)
in 0807, directly ahead, facing S (so the attack strikes the target's front); both stood still; both
pilots are Piloting 5, Gunnery 4.
"""

from __future__ import annotations

import attrs
import pytest

from engine.battletech import events as ev
from engine.battletech.board import Terrain, Woods
from engine.battletech.commands import (
    EndPhase,
    FireWeapons,
    Jump,
    Move,
    PhysicalAttack,
    Shot,
    Step,
    StepKind,
)
from engine.battletech.designs.mech import Location
from engine.battletech.rules.physical import physical_to_hit
from engine.battletech.state import AttackKind, MoveMode, Phase, Pilot
from engine.game import IllegalCommand
from engine.hexes import Facing
from tests.engine.battletech._build import design, evolved_unit, start, terrain_board
from tests.engine.battletech._rules_btc import (
    CT,
    LA,
    LL,
    LT,
    RA,
    RL,
    RT,
    H,
    duel,
    has_term,
    moved,
    no_term,
    of,
    physical_attack,
    resolve,
    run,
    slot_of,
    still,
    to_weapon_phase,
)
from tui.battletech.units import bundled_units, load_unit

K = AttackKind
PUNCH, KICK, PUSH, CLUB, CHARGE, DFA = K.PUNCH, K.KICK, K.PUSH, K.CLUB, K.CHARGE, K.DFA


def close(attacker=None, target=None, t_hex="0807", t_facing=Facing.S, **hexes):
    """Attacker in 0808 facing N, target in ``t_hex``; both stood still."""
    board = terrain_board(16, 17, **hexes)
    return still(duel(attacker, target, "0808", t_hex, Facing.N, t_facing, board))


def with_unit(state, index, **changes):
    """The state with unit ``index`` changed."""
    return state.replace_unit(index, evolved_unit(state.units[index], **changes))


def hit_lines(mech, location, *components):
    """Critical lines hit: the first line of each named component in ``location``."""
    return frozenset((location, slot_of(mech, location, c)) for c in components)


def number(state, kind, limb=None, target=1):
    """The physical to-hit of unit 0."""
    return physical_to_hit(state, 0, kind, target, limb)


def check(result, value, *named):
    """Possible, the number, equal to its terms, with the ``named`` terms."""
    assert result.possible, result.reason
    assert result.number == value, result.modifiers
    assert sum(v for _, v in result.modifiers) == value
    for worth, *words in named:
        assert has_term(result.modifiers, worth, *words), (worth, words, result.modifiers)


def impossible(result):
    """The attack cannot be made, and the reason says why."""
    assert not result.possible
    assert result.reason


def bundled(name):
    """A bundled unit's design by (part of) its name."""
    return load_unit(next(p for p in bundled_units() if name in p.name)).design


# ---------------------------------------------------------------- BT-C-36 base numbers


@pytest.mark.parametrize(
    ("kind", "limb", "base"),
    [(PUNCH, RA, 4), (PUNCH, LA, 4), (KICK, RL, 3), (KICK, LL, 3), (PUSH, None, 4)],
)
def test_base_numbers(kind, limb, base):
    """BT-C-36: punch 4, kick 3, push 4; no Gunnery, no Piloting."""
    check(number(close(), kind, limb), base)


def test_club_base_number():
    """BT-C-36 / BT-C-38: a 'Mech holding a club swings at 4."""
    state = with_unit(close(), 0, club="tree")
    check(number(state, CLUB), 4)


def test_gunnery_does_not_matter():
    """BT-C-14 / BT-C-36: physical attacks do not use Gunnery."""
    state = with_unit(close(), 0, pilot=Pilot("Ace", 1, 5))
    check(number(state, PUNCH, RA), 4)
    assert no_term(number(state, PUNCH, RA).modifiers, "gunnery")


def test_shared_modifiers_apply():
    """BT-C-17 / BT-C-15: attacker walked +1, target moved 3 hexes +1: punch 6."""
    state = moved(moved(close(), 0, MoveMode.WALK, 1), 1, MoveMode.WALK, 3)
    check(number(state, PUNCH, RA), 6)


def test_weapon_only_modifiers_do_not_apply():
    """BT-C-17: heat, sensors and the like are weapon modifiers only."""
    mech = design()
    sensors = frozenset({(Location.HD, slot_of(mech, Location.HD, "sensors"))})
    state = with_unit(close(), 0, heat=24, crits=sensors)
    check(number(state, KICK, RL), 3)


@pytest.mark.parametrize(("woods", "value"), [(Woods.LIGHT, 1), (Woods.HEAVY, 2)])
def test_target_in_woods(woods, value):
    """BT-C-15: +1/+2 if the target occupies light/heavy woods (all attacks)."""
    state = close(h0807=Terrain(woods=woods))
    check(number(state, PUNCH, RA), 4 + value)


# ---------------------------------------------------------------- BT-C-37 punch


@pytest.mark.parametrize(
    ("components", "value"),
    [(("hand",), 1), (("upper arm",), 2), (("lower arm",), 2), (("upper arm", "lower arm"), 4)],
)
def test_punch_actuator_penalties(components, value):
    """BT-C-17 / BT-C-37: hand +1, upper or lower arm +2 each, for that arm only."""
    state = with_unit(close(), 0, crits=hit_lines(design(), RA, *components))
    check(number(state, PUNCH, RA), 4 + value)
    check(number(state, PUNCH, LA), 4)


def test_no_punch_with_a_damaged_shoulder():
    """BT-C-37: an arm whose shoulder has taken a critical cannot punch."""
    state = with_unit(close(), 0, crits=hit_lines(design(), RA, "shoulder"))
    impossible(number(state, PUNCH, RA))
    check(number(state, PUNCH, LA), 4)


def test_an_arm_that_fired_cannot_punch():
    """BT-C-37: an arm either punches or fires its own weapons that turn."""
    mech = design(equipment=[("Medium Laser", RA), ("Medium Laser", CT)])
    state = with_unit(close(mech), 0, fired=frozenset({0}))
    impossible(number(state, PUNCH, RA))
    check(number(state, PUNCH, LA), 4)
    state = with_unit(close(mech), 0, fired=frozenset({1}))
    check(number(state, PUNCH, RA), 4)


def test_arms_without_hand_and_lower_arm_by_design():
    """BT-C-37.

    Built without a hand +1; without a lower arm actuator +2: the Rifleman's arms punch at 4 + 1 + 2
    = 7.
    """
    state = close(bundled("Rifleman"))
    check(number(state, PUNCH, RA), 7)


def test_arm_without_hand_only():
    """BT-C-37: the Marauder's arms have a lower arm actuator but no hand: +1."""
    state = close(bundled("Marauder"))
    check(number(state, PUNCH, LA), 5)


def test_side_arc_targets_are_punched_by_that_arm_only():
    """BT-C-37: a target in the left arc (the south-west neighbour) only by the left arm."""
    state = close(t_hex=H("0808").neighbor(Facing.SW).label)
    check(number(state, PUNCH, LA), 4)
    impossible(number(state, PUNCH, RA))
    impossible(number(state, KICK, RL))


def test_no_physical_attacks_into_the_rear():
    """BT-C-36: the target must be in the front arc (punch: or that arm's side arc)."""
    state = close(t_hex="0809")
    for kind, limb in ((PUNCH, RA), (PUNCH, LA), (KICK, RL), (PUSH, None)):
        impossible(number(state, kind, limb))


# ---------------------------------------------------------------- BT-C-41 kick


@pytest.mark.parametrize("facing", [Facing.NW, Facing.N, Facing.NE])
def test_kick_the_three_front_hexes(facing):
    """BT-C-41: the three front-arc hexes adjacent, by the feet."""
    check(number(close(t_hex=H("0808").neighbor(facing).label), KICK, RL), 3)


@pytest.mark.parametrize("facing", [Facing.SE, Facing.S, Facing.SW])
def test_no_kick_at_the_other_three(facing):
    """BT-C-41: a target in any other adjacent hex cannot be kicked."""
    impossible(number(close(t_hex=H("0808").neighbor(facing).label), KICK, RL))


def test_no_kicks_with_a_damaged_hip():
    """BT-C-41: neither hip may be damaged (the other leg cannot kick either)."""
    state = with_unit(close(), 0, crits=hit_lines(design(), LL, "hip"))
    impossible(number(state, KICK, RL))
    impossible(number(state, KICK, LL))


@pytest.mark.parametrize(
    ("components", "value"),
    [(("foot",), 1), (("upper leg",), 2), (("lower leg",), 2), (("upper leg", "lower leg"), 4)],
)
def test_kick_actuator_penalties(components, value):
    """BT-C-17: upper or lower leg +2 each, foot +1, for kicks with that leg."""
    state = with_unit(close(), 0, crits=hit_lines(design(), RL, *components))
    check(number(state, KICK, RL), 3 + value)


def test_a_leg_whose_weapon_fired_cannot_kick():
    """BT-C-41: one leg per turn; that leg's weapons cannot fire this turn."""
    mech = design(equipment=[("SRM 2", RL), ("IS Ammo SRM-2", CT)])
    state = with_unit(close(mech), 0, fired=frozenset({0}))
    impossible(number(state, KICK, RL))
    check(number(state, KICK, LL), 3)


def test_kicking_a_prone_mech():
    """BT-C-45 / BT-C-18.10: a prone 'Mech may be kicked, at -2 from an adjacent hex."""
    state = with_unit(close(), 1, prone=True)
    check(number(state, KICK, RL), 1, (-2, "prone"))


def test_no_punch_or_push_at_a_prone_mech():
    """BT-C-45: attacks on a prone 'Mech: only kicks, DFAs and vehicle charges."""
    state = with_unit(close(), 1, prone=True)
    impossible(number(state, PUNCH, RA))
    impossible(number(state, PUSH))


# ---------------------------------------------------------------- BT-C-38/40 club, push


def test_club_needs_every_shoulder_and_hand():
    """BT-C-38: all shoulder and hand actuators must be intact."""
    for component in ("shoulder", "hand"):
        state = with_unit(close(), 0, club="tree", crits=hit_lines(design(), LA, component))
        impossible(number(state, CLUB))


def test_club_arm_actuator_penalties_count_both_arms():
    """BT-C-38: +2 for each upper or lower arm actuator damaged, counting both arms."""
    crits = hit_lines(design(), LA, "upper arm") | hit_lines(design(), RA, "lower arm")
    state = with_unit(close(), 0, club="tree", crits=crits)
    check(number(state, CLUB), 8)


def test_club_after_arm_fire_is_impossible():
    """BT-C-38: the 'Mech must have fired no arm-mounted weapons this turn."""
    mech = design(equipment=[("Medium Laser", RA)])
    state = with_unit(close(mech), 0, club="tree", fired=frozenset({0}))
    impossible(number(state, CLUB))


def test_push_needs_the_hex_ahead_of_the_feet():
    """BT-C-40: only the hex directly ahead; a front-arc neighbour to the side will not do."""
    check(number(close(), PUSH), 4)
    impossible(number(close(t_hex=H("0808").neighbor(Facing.NE).label), PUSH))


def test_push_plus_two_per_damaged_shoulder():
    """BT-C-17 / BT-C-40: push +2 per damaged shoulder."""
    crits = hit_lines(design(), LA, "shoulder") | hit_lines(design(), RA, "shoulder")
    state = with_unit(close(), 0, crits=crits)
    check(number(state, PUSH), 8)


def test_push_after_arm_fire_is_impossible():
    """BT-C-40: the pusher may fire no arm weapons this turn."""
    mech = design(equipment=[("Medium Laser", LA)])
    state = with_unit(close(mech), 0, fired=frozenset({0}))
    impossible(number(state, PUSH))


# ---------------------------------------------------------------- BT-C-44 elevation


def test_target_one_level_higher():
    """BT-C-44: a standing 'Mech one level higher: punch and club on the Kick table; no kick."""
    state = close(h0807=Terrain(level=1))
    punch = number(state, PUNCH, RA)
    check(punch, 4)
    assert punch.table == "kick"
    club = number(with_unit(state, 0, club="tree"), CLUB)
    assert club.possible
    assert club.table == "kick"
    impossible(number(state, KICK, RL))


def test_target_one_level_lower():
    """BT-C-44: a standing 'Mech one level lower: kick (and club) on the Punch table; no punch."""
    state = close(h0808=Terrain(level=1))
    kick = number(state, KICK, RL)
    check(kick, 3)
    assert kick.table == "punch"
    club = number(with_unit(state, 0, club="tree"), CLUB)
    assert club.possible
    assert club.table == "punch"
    impossible(number(state, PUNCH, RA))


def test_two_levels_apart_no_physical_attack():
    """BT-C-44: only within 1 level of each other."""
    state = close(h0807=Terrain(level=2))
    for kind, limb in ((PUNCH, RA), (KICK, RL), (PUSH, None)):
        impossible(number(state, kind, limb))


def test_prone_mech_one_level_higher_may_be_punched():
    """BT-C-44: a prone 'Mech one level above: punch or club, on the normal table."""
    state = with_unit(close(h0807=Terrain(level=1)), 1, prone=True)
    punch = number(state, PUNCH, RA)
    assert punch.possible
    assert punch.table == "normal"


def test_prone_mech_one_level_lower_cannot_be_attacked():
    """BT-C-44: a prone 'Mech one level lower: no physical attack."""
    state = with_unit(close(h0808=Terrain(level=1)), 1, prone=True)
    impossible(number(state, KICK, RL))


# ---------------------------------------------------------------- resolution: damage, tables


def physical_turn(attacker_tons=50, target_tons=50, **changes):
    """Two adjacent 'Mechs with no weapons, in the Physical phase."""
    state = close(design(attacker_tons), design(target_tons))
    state = attrs.evolve(state, phase=Phase.PHYSICAL)
    if changes:
        state = with_unit(state, 0, **changes)
    return state


def damage(events):
    """(location, points, rear) of every damage group."""
    return [(d.location, d.armor + d.internal, d.rear) for d in of(events, ev.DamageApplied)]


@pytest.mark.parametrize(("tons", "points"), [(50, 5), (55, 6), (70, 7), (75, 8), (100, 10)])
def test_punch_damage(tons, points):
    """BT-C-37: ceil(tons / 10) per arm, located on 1D6 on the Punch table (3: center torso)."""
    state = physical_turn(tons)
    attack = physical_attack(state, 0, PUNCH, 1, 4, limb=RA, table="punch")
    _, events = resolve(state, [attack], (4, 4, 3), phase=Phase.PHYSICAL, end=False)
    assert damage(events) == [(CT, points, False)]


@pytest.mark.parametrize(
    ("components", "points"), [(("upper arm",), 3), (("upper arm", "lower arm"), 1), (("hand",), 7)]
)
def test_punch_damage_halved_per_arm_actuator(components, points):
    """BT-C-37: 70 t: 7, halved (down) per damaged upper or lower arm; a hand changes nothing."""
    state = physical_turn(70, crits=hit_lines(design(70), RA, *components))
    attack = physical_attack(state, 0, PUNCH, 1, 4, limb=RA, table="punch")
    _, events = resolve(state, [attack], (6, 6, 3), phase=Phase.PHYSICAL, end=False)
    assert damage(events) == [(CT, points, False)]


def test_punch_damage_by_design():
    """BT-C-37: the Rifleman (60 t) has no lower arm actuators: ceil(60/10) = 6, halved: 3."""
    state = attrs.evolve(close(bundled("Rifleman")), phase=Phase.PHYSICAL)
    attack = physical_attack(state, 0, PUNCH, 1, 7, limb=RA, table="punch")
    _, events = resolve(state, [attack], (6, 6, 3), phase=Phase.PHYSICAL, end=False)
    assert damage(events) == [(CT, 3, False)]


@pytest.mark.parametrize(("die", "location"), [(1, LA), (2, LT), (3, CT), (4, Location.RT)])
def test_punch_uses_the_punch_table(die, location):
    """BT-C-23: punches are located with 1D6 on the Punch table (front column)."""
    state = physical_turn()
    attack = physical_attack(state, 0, PUNCH, 1, 4, limb=RA, table="punch")
    _, events = resolve(state, [attack], (4, 4, die), phase=Phase.PHYSICAL, end=False)
    assert damage(events) == [(location, 5, False)]


def test_kick_damage_70_tons_is_14():
    """BT-C-41 example: a 70-ton 'Mech kicks for 14, located with 1D6 on the Kick table."""
    state = physical_turn(70)
    attack = physical_attack(state, 0, KICK, 1, 3, limb=RL, table="kick")
    _, events = resolve(state, [attack], (2, 1, 1), phase=Phase.PHYSICAL, end=False)
    assert damage(events) == [(RL, 14, False)]


@pytest.mark.parametrize(
    ("components", "points"),
    [(("upper leg",), 7), (("upper leg", "lower leg"), 3), (("foot",), 14)],
)
def test_kick_damage_halved_per_leg_actuator(components, points):
    """BT-C-41: halved (down) for each damaged upper or lower leg actuator; a foot does not."""
    state = physical_turn(70, crits=hit_lines(design(70), RL, *components))
    attack = physical_attack(state, 0, KICK, 1, 3, limb=RL, table="kick")
    _, events = resolve(state, [attack], (6, 6, 4), phase=Phase.PHYSICAL, end=False)
    assert damage(events) == [(LL, points, False)]


def test_club_damage_and_table():
    """BT-C-38: ceil(tons / 5), 2D6 on the normal table (7: center torso): 50 t -> 10."""
    state = physical_turn(club="tree")
    attack = physical_attack(state, 0, CLUB, 1, 4)
    after, events = resolve(state, [attack], (4, 4, 3, 4), phase=Phase.PHYSICAL, end=False)
    assert damage(events) == [(CT, 10, False)]
    assert after.units[0].mech.club == ""  # a tree club breaks after one successful attack


# ---------------------------------------------------------------- PSRs from physical attacks


def psr_targets(events):
    """(unit, target) of every PSR rolled."""
    return [(p.unit, p.target) for p in of(events, ev.PilotingRoll)]


def test_kicked_mech_rolls_at_plus_0():
    """BT-C-41 / BT-C-49: a 'Mech hit by a kick makes a PSR (+0): Piloting 5."""
    state = physical_turn(70)
    attack = physical_attack(state, 0, KICK, 1, 3, limb=RL, table="kick")
    _, events = resolve(state, [attack], (2, 1, 1, 3, 3), phase=Phase.PHYSICAL)
    assert psr_targets(events) == [(1, 5)]


def test_missed_kick_rolls_at_plus_0():
    """BT-C-41 / BT-C-49: the attacker whose kick misses makes a PSR (+0)."""
    state = physical_turn(70)
    attack = physical_attack(state, 0, KICK, 1, 3, limb=RL, table="kick")
    _, events = resolve(state, [attack], (1, 1, 3, 3), phase=Phase.PHYSICAL)
    assert psr_targets(events) == [(0, 5)]
    assert not of(events, ev.DamageApplied)


def test_push_moves_both_and_the_target_rolls():
    """BT-C-40.

    No damage; the target moves one hex in the push direction, the attacker into the hex it left;
    the target makes a PSR (+0).
    """
    state = physical_turn()
    attack = physical_attack(state, 0, PUSH, 1, 4)
    after, events = resolve(state, [attack], (4, 4, 3, 3), phase=Phase.PHYSICAL)
    assert not of(events, ev.DamageApplied)
    assert after.units[1].hex == H("0806")
    assert after.units[0].hex == H("0807")
    assert psr_targets(events) == [(1, 5)]


def test_push_into_an_illegal_hex_moves_nobody():
    """BT-C-46.

    Into a hex 3 levels up (more than a walking 'Mech climbs): no displacement; neither moves; the
    PSR still applies.
    """
    state = attrs.evolve(close(h0806=Terrain(level=3)), phase=Phase.PHYSICAL)
    attack = physical_attack(state, 0, PUSH, 1, 4)
    after, events = resolve(state, [attack], (4, 4, 3, 3), phase=Phase.PHYSICAL)
    assert after.units[1].hex == H("0807")
    assert after.units[0].hex == H("0808")
    assert psr_targets(events) == [(1, 5)]


def test_mutual_pushes_that_both_hit():
    """BT-C-40: both hit: neither moves, and both make a PSR."""
    state = physical_turn()
    attacks = [physical_attack(state, 0, PUSH, 1, 4), physical_attack(state, 1, PUSH, 0, 4)]
    after, events = resolve(state, attacks, (4, 4, 4, 4, 3, 3, 3, 3), phase=Phase.PHYSICAL)
    assert (after.units[0].hex, after.units[1].hex) == (H("0808"), H("0807"))
    assert sorted(psr_targets(events)) == [(0, 5), (1, 5)]


# ---------------------------------------------------------------- BT-C-42 charge (whole turn)


def charge_state(attacker_piloting=5, target_piloting=5):
    """A 35-ton charger in 0813 facing N (walk 5, run 8) and a 70-ton target in 0807."""
    board = terrain_board(16, 17)
    state = duel(design(35, 5), design(70), "0813", "0807", Facing.N, Facing.S, board)
    state = with_unit(state, 0, pilot=Pilot("A", 4, attacker_piloting))
    return with_unit(state, 1, pilot=Pilot("B", 4, target_piloting))


F = Step(StepKind.FORWARD)


def test_charge_after_five_hexes():
    """BT-C-42 example: 35 t after 5 hexes does ceil(35 x 5 / 10) = 18 (5, 5, 5, 3).

    The attacker takes ceil(70 / 20) = 4; base 5 + ran 2 = 7; both roll at +2 (Piloting 5: 7). Every
    die is 4-4: the hit (8), the five location rolls (front column 8: left torso) and the two PSRs
    (8 >= 7).
    """
    state = charge_state()
    state, _ = run(state, [Move(0, MoveMode.RUN, (F,) * 5, charge=1), Move(1, MoveMode.STILL)])
    assert state.units[0].hex == H("0808")
    state, events = run(state, [EndPhase(), PhysicalAttack(1)], (4, 4) * 8)
    (attack,) = [e.attack for e in of(events, ev.AttackDeclared) if e.attack.kind is CHARGE]
    assert attack.to_hit == 7
    to_target = [
        (d.location, d.armor + d.internal) for d in of(events, ev.DamageApplied) if d.unit == 1
    ]
    to_attacker = [
        (d.location, d.armor + d.internal) for d in of(events, ev.DamageApplied) if d.unit == 0
    ]
    assert sorted(p for _, p in to_target) == [3, 5, 5, 5]
    assert to_attacker == [(LT, 4)]
    assert sorted(psr_targets(events)) == [(0, 7), (1, 7)]
    assert state.units[0].hex == H("0807")
    assert state.units[1].hex == H("0806")


@pytest.mark.parametrize(("mine", "theirs", "value"), [(4, 6, 5), (6, 4, 9), (5, 5, 7)])
def test_charge_piloting_difference(mine, theirs, value):
    """BT-C-42 / BT-C-91.17: + (attacker Piloting - target Piloting), after ran +2."""
    state = charge_state(mine, theirs)
    state, _ = run(state, [Move(0, MoveMode.RUN, (F,) * 5, charge=1), Move(1, MoveMode.STILL)])
    check(number(state, CHARGE), value)


def test_mechs_cannot_charge_prone_mechs():
    """BT-C-42: 'Mechs cannot charge prone 'Mechs."""
    state = with_unit(charge_state(), 1, prone=True)
    with pytest.raises(IllegalCommand):
        run(state, [Move(0, MoveMode.RUN, (F,) * 5, charge=1)])


def test_charge_needs_mp_left_to_enter_the_target_hex():
    """BT-C-42.

    Enough unspent MP to enter the target's hex (8 run MP: 7 hexes + 1 = 8 ok; the walk's 5 MP after
    5 hexes leave none).
    """
    state = charge_state()
    with pytest.raises(IllegalCommand):
        run(state, [Move(0, MoveMode.WALK, (F,) * 5, charge=1)])


def test_charger_may_not_fire():
    """BT-C-42: the charging unit makes no weapon attacks this turn."""
    board = terrain_board(16, 17)
    mech = design(35, 5, equipment=[("Medium Laser", CT)])
    target = design(70, equipment=[("Medium Laser", CT)])
    state = duel(mech, target, "0813", "0807", Facing.N, Facing.S, board)
    state, _ = run(state, [Move(0, MoveMode.RUN, (F,) * 5, charge=1), Move(1, MoveMode.STILL)])
    state = to_weapon_phase(state)
    with pytest.raises(IllegalCommand):
        run(state, [FireWeapons(0, (Shot(0, 1),))])


# ---------------------------------------------------------------- BT-C-43 DFA (whole turn)


def dfa_state(jump=4, **hexes):
    """A 70-ton target (unit 0) in 0807 facing S; a 35-ton jumper (unit 1) DFAs it from 0808.

    The target's side moves first; the jumper starts in 0811 facing N and jumps three hexes.
    """
    board = terrain_board(16, 17, **hexes)
    units = [(design(70), 0, "0807", Facing.S), (design(35, 5, jump), 1, "0811", Facing.N)]
    state = start(board, units)
    path = (H("0810"), H("0809"), H("0808"))
    return run(state, [Move(0, MoveMode.STILL), Jump(1, path, Facing.N, dfa=0)])[0]


def test_death_from_above():
    """BT-C-43 example: a 35-ton 'Mech does ceil(35 x 3 / 10) = 11, taking ceil(35 / 5) = 7.

    11 in 5, 5, 1 on the Punch table; 7 in 5, 2 on the Kick table; to-hit 5 + jumped 3 = 8; target
    PSR +2 (7), attacker +4 (9); the attacker ends in the target's hex, the target one hex away.
    Dice: 5-4 hits; every location die is 3 (Punch front: center torso; Kick front: right leg); both
    PSRs 5-4 (9).
    """
    state = dfa_state()
    dice = (5, 4, 3, 3, 3, 3, 3, 5, 4, 5, 4)
    # the DFA's target may not make physical attacks on the jumper: no declarations at all
    state, events = run(state, [EndPhase()], dice)
    (attack,) = [e.attack for e in of(events, ev.AttackDeclared) if e.attack.kind is DFA]
    assert attack.to_hit == 8
    to_target = [
        (d.location, d.armor + d.internal) for d in of(events, ev.DamageApplied) if d.unit == 0
    ]
    to_attacker = [
        (d.location, d.armor + d.internal) for d in of(events, ev.DamageApplied) if d.unit == 1
    ]
    assert to_target == [(CT, 5), (CT, 5), (CT, 1)]
    assert to_attacker == [(RL, 5), (RL, 2)]
    assert sorted(psr_targets(events)) == [(0, 7), (1, 9)]
    assert state.units[1].hex == H("0807")
    assert state.units[0].hex == H("0806")


def test_dfa_ignores_terrain_modifiers():
    """BT-C-18.3 / BT-C-43: a DFA ignores terrain modifiers (target in heavy woods: still 8)."""
    state = dfa_state(h0807=Terrain(woods=Woods.HEAVY))
    check(physical_to_hit(state, 1, DFA, 0), 8)


def test_dfa_needs_enough_jump_mp():
    """BT-C-43: enough jump MP to land in the target's hex (3 hexes + the attack = 4 > 3)."""
    with pytest.raises(IllegalCommand):
        dfa_state(jump=3)


def test_kick_whole_turn():
    """BT-C-41 through the flow.

    70 t kicks (3+: 2-1), Kick table front die 1: right leg 14; the target's PSR at +0 (3-3 = 6 >=
    5).
    """
    board = terrain_board(16, 17)
    state = duel(design(70), design(50), "0808", "0807", Facing.N, Facing.S, board)
    state = to_weapon_phase(state)
    commands = [PhysicalAttack(0, KICK, 1, RL), PhysicalAttack(1)]
    state, events = run(state, commands, (2, 1, 1, 3, 3))
    assert damage(events) == [(RL, 14, False)]
    assert psr_targets(events) == [(1, 5)]
    assert state.units[1].mech.armor_at(RL) == 24 - 14


# ---------------------------------------------------------------- more requirements


def test_a_two_armed_punch_is_two_attacks():
    """BT-C-37: both arms may punch; each rolls to hit and deals damage separately."""
    state = to_weapon_phase(close(design(), design()))
    state, events = run(state, [PhysicalAttack(0, PUNCH, 1)])
    punches = [e.attack for e in of(events, ev.AttackDeclared) if e.attack.kind is PUNCH]
    assert sorted(a.limb for a in punches) == sorted([LA, RA])


def test_only_one_push_against_a_target():
    """BT-C-40: only one push may be declared against a given target per turn."""
    board = terrain_board(16, 17)
    units = [
        (design(), 0, "0808", Facing.N),
        (design(), 0, "0806", Facing.S),
        (design(), 1, "0807", Facing.SE),
    ]
    state = to_weapon_phase(start(board, units))
    state, _ = run(state, [PhysicalAttack(0, PUSH, 2)])
    with pytest.raises(IllegalCommand):
        run(state, [PhysicalAttack(1, PUSH, 2)])


def test_a_prone_attacker_makes_no_punch_or_kick():
    """BT-C-45: a prone 'Mech can only punch a vehicle or sweep infantry in its own hex."""
    state = with_unit(close(), 0, prone=True)
    impossible(number(state, PUNCH, RA))
    impossible(number(state, KICK, RL))


def test_push_and_kick_go_by_the_feet_when_twisted():
    """BT-C-3.

    Pushes use the hex ahead of the feet and kicks the feet's front arc, whatever the torso twist.
    """
    state = with_unit(close(), 0, twist=1)
    check(number(state, PUSH), 4)
    check(number(state, KICK, RL), 3)
    state = with_unit(close(t_hex=H("0808").neighbor(Facing.NE).label), 0, twist=1)
    impossible(number(state, PUSH))


def test_a_twisted_torso_turns_the_punching_arms():
    """BT-C-11.

    A twist rotates the arms' arcs: twisted right, the left arm reaches a target in the south-east
    neighbour (the torso's front arc), which it could not reach untwisted.
    """
    where = H("0808").neighbor(Facing.SE).label
    impossible(number(close(t_hex=where), PUNCH, LA))
    check(number(with_unit(close(t_hex=where), 0, twist=1), PUNCH, LA), 4)


def test_no_charge_after_moving_backward():
    """BT-C-42: the unit must not have moved backward this turn."""
    state = charge_state()
    back, fwd = Step(StepKind.BACKWARD), Step(StepKind.FORWARD)
    with pytest.raises(IllegalCommand):
        run(state, [Move(0, MoveMode.WALK, (back, fwd, fwd, fwd), charge=1)])


def test_one_charge_or_dfa_per_target():
    """BT-C-42.

    A unit may be the target of only one charge or DFA per turn: a second charge on the same target
    is refused.
    """
    board = terrain_board(16, 17)
    units = [
        (design(35, 5), 0, "0813", Facing.N),
        (design(35, 5), 0, "0803", Facing.S),
        (design(70), 1, "0807", Facing.SE),
    ]
    state = start(board, units)
    state, _ = run(state, [Move(0, MoveMode.RUN, (F,) * 5, charge=2)])
    with pytest.raises(IllegalCommand):
        run(state, [Move(1, MoveMode.WALK, (F,) * 3, charge=2)])


def test_dfa_on_a_prone_mech_uses_the_rear_column():
    """BT-C-43/45.

    Against a prone 'Mech a DFA always uses the Rear column of the normal table (2D6); to-hit 5 +
    jumped 3 - 2 (prone, adjacent) = 6; a prone 'Mech makes no PSR. Dice: 3-3 hits; three groups (5,
    5, 1) on 2-3 (rear column 5: right leg); the attacker's two groups on the Kick table, 3s (right
    leg); the attacker's +4 PSR 5-4.
    """
    state = dfa_state()
    state = state.replace_unit(0, evolved_unit(state.units[0], prone=True))
    state, events = run(state, [EndPhase()], (3, 3, 2, 3, 2, 3, 2, 3, 3, 3, 5, 4))
    (attack,) = [e.attack for e in of(events, ev.AttackDeclared) if e.attack.kind is DFA]
    assert attack.to_hit == 6
    to_target = [
        (d.location, d.armor + d.internal, d.rear)
        for d in of(events, ev.DamageApplied)
        if d.unit == 0
    ]
    assert to_target == [(RL, 5, False), (RL, 5, False), (RL, 1, False)]
    assert psr_targets(events) == [(1, 9)]


def dfa_shot_down():
    """The jumper of `dfa_state` is shot at in the Weapon phase by the target's four lasers.

    All four hit (4-4) the jumper's front (3-4: center torso): 20 points, a PSR at +1 (6) that fails
    (1-1). Its fall's three groups land on 2-1 (rear column 3: right arm); the injury roll (5 + 2
    levels + 1 = 8) is 4-4.
    """
    board = terrain_board(16, 17)
    lasers = design(70, equipment=[("Medium Laser", LT)] * 2 + [("Medium Laser", RT)] * 2)
    units = [(lasers, 0, "0807", Facing.S), (design(35, 5, 4), 1, "0811", Facing.N)]
    state = start(board, units)
    path = (H("0810"), H("0809"), H("0808"))
    state, _ = run(state, [Move(0, MoveMode.STILL), Jump(1, path, Facing.N, dfa=0)])
    state = to_weapon_phase(state)
    shots = tuple(Shot(i, 1) for i in range(4))
    dice = (4, 4, 3, 4) * 4 + (1, 1) + (2, 1) * 3 + (4, 4)
    return run(state, [FireWeapons(0, shots)], dice)


def test_a_dfa_attacker_that_falls_in_the_weapon_phase_loses_its_dfa():
    """BT-C-43.

    Weapon damage forces the jumper's PSR; a failure means the DFA automatically fails: the fall is
    that of a missed DFA (2 levels, on its back).
    """
    _, events = dfa_shot_down()
    assert of(events, ev.DFACancelled)
    (fell,) = [f for f in of(events, ev.UnitFell) if f.unit == 1]
    assert (fell.levels, fell.column, fell.facing_roll) == (2, "rear", None)
    assert not [e for e in of(events, ev.AttackDeclared) if e.attack.kind is DFA]


def test_a_dfa_attacker_shot_down_ends_as_a_missed_dfa():
    """BT-C-43.

    Final position as for a missed DFA: the attacker in the target's hex, the target in an adjacent
    hex.
    """
    state, _ = dfa_shot_down()
    assert state.units[1].hex == H("0807")
    assert state.units[0].hex in set(H("0807").neighbors())


def dfa_from_behind():
    """A DFA whose jump starts behind the target and lands in front of it.

    The 70-ton target (unit 0) stands in 0807 facing N; the 35-ton jumper (unit 1) starts in 0809,
    two hexes behind it, and jumps 0908, 0907, 0806 (the hex ahead of the target), facing S. Dice:
    4-4 hits (5 + jumped 3 = 8); the first group's punch die 2 (left torso), its critical roll 2-2;
    the other groups' dice 1 (left arm); the attacker's two Kick dice 3; both PSRs 5-4.
    """
    board = terrain_board(16, 17)
    units = [(design(70), 0, "0807", Facing.N), (design(35, 5, 4), 1, "0910", Facing.N)]
    state = start(board, units)
    path = (H("0909"), H("0908"), H("0907"))
    state, _ = run(state, [Move(0, MoveMode.STILL), Jump(1, path, Facing.SW, dfa=0)])
    dice = (4, 4, 2, 2, 2, 1, 1, 3, 3, 5, 4, 5, 4)
    return run(state, [EndPhase()], dice)


def test_dfa_side_comes_from_where_the_jump_began():
    """BT-C-43.

    The attack direction is taken from the hex where the jump began: from behind, so the left torso
    result strikes its rear armor (4 points, then 1 into the structure).
    """
    _, events = dfa_from_behind()
    to_target = [
        (d.location, d.armor, d.internal, d.rear)
        for d in of(events, ev.DamageApplied)
        if d.unit == 0
    ]
    assert to_target == [(LT, 4, 1, True), (LA, 5, 0, False), (LA, 1, 0, False)]


def test_dfa_pushes_the_target_away_from_the_attack_direction():
    """BT-C-43.

    A hit from behind (the jump began there) displaces the target one hex forward, into the hex the
    attacker left; the attacker ends in the target's hex.
    """
    state, _ = dfa_from_behind()
    assert state.units[1].hex == H("0807")
    assert state.units[0].hex == H("0806")


def test_a_dfa_attacker_may_not_fire():
    """BT-C-43: the DFA attacker makes no weapon attacks this turn."""
    board = terrain_board(16, 17)
    shooter = design(35, 5, 4, equipment=[("Medium Laser", CT)])
    units = [
        (design(70, equipment=[("Medium Laser", CT)]), 0, "0807", Facing.S),
        (shooter, 1, "0811", Facing.N),
    ]
    state = start(board, units)
    path = (H("0810"), H("0809"), H("0808"))
    state, _ = run(state, [Move(0, MoveMode.STILL), Jump(1, path, Facing.N, dfa=0)])
    state = to_weapon_phase(state)
    with pytest.raises(IllegalCommand):
        run(state, [FireWeapons(1, (Shot(0, 0),))])


def test_a_charge_without_moving_a_hex_does_no_damage():
    """BT-C-42.

    A unit that charges without having moved a hex (it only turned in place) does 0 damage to the
    target but still takes its own: ceil(70 / 20) = 4. To-hit 5 + walked 1 = 6; all dice 4-4 (left
    torso; both PSRs at +2 pass).
    """
    board = terrain_board(16, 17)
    state = duel(design(35, 5), design(70), "0808", "0807", Facing.NE, Facing.S, board)
    turn = Step(StepKind.LEFT)
    state, _ = run(state, [Move(0, MoveMode.WALK, (turn,), charge=1), Move(1, MoveMode.STILL)])
    state, events = run(state, [EndPhase(), PhysicalAttack(1)], (4, 4) * 4)
    (attack,) = [e.attack for e in of(events, ev.AttackDeclared) if e.attack.kind is CHARGE]
    assert attack.to_hit == 6
    assert damage(events) == [(LT, 4, False)]
    assert of(events, ev.DamageApplied)[0].unit == 0
    assert sorted(psr_targets(events)) == [(0, 7), (1, 7)]


def test_a_jumper_destroyed_mid_jump_strikes_as_a_wreck():
    """BT-C-43.

    Destroyed in the weapon phase by losing its center torso, the jumper makes a PSR at +1 (6); on a
    success the wreck lands in pieces: half damage, ceil(11 / 2) = 6, in groups of 5 and 1 on the
    normal table. Weapon phase: the target's laser hits (4-4) the jumper's center torso (3-4), which
    has no armor and 1 structure (critical roll 1-1). Everything after rolls 4-4.
    """
    board = terrain_board(16, 17)
    units = [
        (design(70, equipment=[("Medium Laser", CT)]), 0, "0807", Facing.S),
        (design(35, 5, 4), 1, "0811", Facing.N),
        (design(), 1, "1617", Facing.N),  # keeps side 1 in the game
    ]
    state = start(board, units)
    jumper = state.units[1]
    armor, internal = list(jumper.mech.armor), list(jumper.mech.internal)
    armor[1], internal[1] = 0, 1
    state = state.replace_unit(
        1, evolved_unit(jumper, armor=tuple(armor), internal=tuple(internal))
    )
    path = (H("0810"), H("0809"), H("0808"))
    jump = Jump(1, path, Facing.N, dfa=0)
    state, _ = run(state, [Move(0, MoveMode.STILL), jump, Move(2, MoveMode.STILL)])
    state = to_weapon_phase(state)
    state, events = run(
        state, [FireWeapons(0, (Shot(0, 1),))], (4, 4, 3, 4, 1, 1) + (4, 4) * 10, exact=False
    )
    assert state.units[1].destroyed
    # The engine rolls the wreck's +1 PSR as the DFA attack's roll (piloting 5 + 1 = 6).
    wreck = [d.attack for d in of(events, ev.AttackDeclared) if d.attack.attacker == 1]
    assert [(a.to_hit, dict(a.modifiers).get("destroyed in mid-jump")) for a in wreck] == [(6, 1)]
    pieces = [d.armor + d.internal for d in of(events, ev.DamageApplied) if d.unit == 0]
    assert pieces == [5, 1]
