"""BT-C-2/3/12..19 and BT-C-62 from the rules digest: weapon to-hit numbers and declarations.

The attacker (unit 0, Gunnery 4) stands in 0816 facing N on a 16 x 24 clear board; the target (unit
1) stands ``d`` hexes due north in column 08. Every expected number is Gunnery 4 plus the digest's
modifiers, named in the test.
"""

from __future__ import annotations

import pytest

from engine.battletech import events as ev
from engine.battletech.board import Terrain
from engine.battletech.commands import FireWeapons, Move, Shot, Step, StepKind
from engine.battletech.rules.tohit import weapon_to_hit
from engine.battletech.state import Movement, MoveMode
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, evolved_unit, terrain_board
from tests.engine.battletech._rules_btc import (
    CT,
    HD,
    LA,
    LL,
    LT,
    RA,
    RT,
    H,
    duel,
    has_term,
    moved,
    no_term,
    of,
    run,
    slot_of,
    still,
    to_weapon_phase,
)
from tui.battletech.units import bundled_units, load_unit

GUNBOAT = design(
    equipment=[
        ("Medium Laser", RA),  # 0
        ("Medium Laser", LA),  # 1
        ("Medium Laser", CT),  # 2
        ("PPC", RT),  # 3
        ("LRM 20", LT),  # 4
        ("IS Ammo LRM-20", LT),  # 5
        ("AC/5", RA),  # 6
        ("IS Ammo AC/5", RT),  # 7
        ("SRM 2", LL),  # 8
        ("Medium Laser", CT, True),  # 9: rear-mounted
        ("Small Laser", HD),  # 10
        ("IS Ammo SRM-2", LL),  # 11
    ]
)
ML_RA, ML_LA, ML_CT, PPC, LRM, LRM_AMMO, AC5, AC5_AMMO, SRM_LL, ML_REAR, SL_HD = range(11)
SHOOTER = design(equipment=[("Medium Laser", CT)])
"""A target that can shoot back, so that it takes a declaration slot of its own."""


def fight(d: int = 3, attacker=GUNBOAT, target=SHOOTER, t_facing=Facing.S, **hexes):
    """Attacker in 0823 facing N, target ``d`` hexes north; both stood still this turn."""
    board = terrain_board(16, 24, **hexes)
    state = duel(attacker, target, "0823", f"08{23 - d:02d}", Facing.N, t_facing, board)
    return still(state)


def to_hit(state, weapon, target=1, **kwargs):
    """weapon_to_hit for unit 0."""
    return weapon_to_hit(state, 0, weapon, target, **kwargs)


def with_unit(state, index, **changes):
    """The state with unit ``index`` changed."""
    return state.replace_unit(index, evolved_unit(state.units[index], **changes))


def hit_slots(mech, location, *components):
    """Critical lines hit: the first line of each named component in ``location``."""
    return frozenset((location, slot_of(mech, location, c)) for c in components)


def check(result, number, *named):
    """The to-hit number is ``number``, equal to the sum of its terms, with ``named`` terms."""
    assert result.possible, result.reason
    assert result.number == number, result.modifiers
    assert sum(v for _, v in result.modifiers) == number
    for value, *words in named:
        assert has_term(result.modifiers, value, *words), (value, words, result.modifiers)


def impossible(result, *why):
    """The attack cannot be made, and the reason says why (naming one of ``why``)."""
    assert result.number is None or result.number > 12
    assert not result.possible
    assert result.reason
    if why:
        assert any(w in result.reason.lower() for w in why), result.reason


# ---------------------------------------------------------------- BT-C-14 base


def test_base_number_is_the_gunnery_skill():
    """BT-C-14 item 1: stationary attacker and target at short range: the Gunnery skill, 4."""
    check(to_hit(fight(3), ML_CT), 4, (4, "gunnery"))


# ---------------------------------------------------------------- BT-C-13 range


@pytest.mark.parametrize(
    ("d", "band"),
    [(1, 0), (2, 0), (3, 0), (4, 2), (5, 2), (6, 2), (7, 4), (8, 4), (9, 4)],
)
def test_medium_laser_range_bands(d, band):
    """BT-C-13 / BT-C-64: medium laser 1-3 / 4-6 / 7-9: +0 / +2 / +4."""
    result = to_hit(fight(d), ML_CT)
    check(result, 4 + band)
    assert result.range == d
    if band:
        assert has_term(result.modifiers, band, "range", "medium", "long")


def test_beyond_long_range_cannot_hit():
    """BT-C-13: a target beyond long range cannot be hit (medium laser at 10)."""
    impossible(to_hit(fight(10), ML_CT), "range")


@pytest.mark.parametrize(
    ("d", "total", "minimum"),
    [(1, 7, 3), (2, 6, 2), (3, 5, 1), (4, 4, 0), (6, 4, 0), (7, 6, 0), (12, 6, 0), (13, 8, 0)],
)
def test_ppc_minimum_range(d, total, minimum):
    """BT-C-13: PPC (min 3): +1 at exactly 3, +2 one hex closer, +3 adjacent; then bands."""
    result = to_hit(fight(d), PPC)
    check(result, total)
    if minimum:
        assert has_term(result.modifiers, minimum, "minimum")
    else:
        assert no_term(result.modifiers, "minimum")


@pytest.mark.parametrize(
    ("d", "total", "minimum"),
    [(1, 10, 6), (5, 6, 2), (6, 5, 1), (7, 4, 0), (8, 6, 0), (14, 6, 0), (15, 8, 0), (21, 8, 0)],
)
def test_lrm_minimum_range(d, total, minimum):
    """BT-C-13 / BT-C-66: LRM (min 6, 1-7 / 8-14 / 15-21): (6 - r) + 1 at r <= 6."""
    result = to_hit(fight(d), LRM)
    check(result, total)
    if minimum:
        assert has_term(result.modifiers, minimum, "minimum")


def test_lrm_beyond_21_cannot_hit():
    """BT-C-13 / BT-C-66: LRM long range ends at 21."""
    impossible(to_hit(fight(22), LRM))


@pytest.mark.parametrize(("d", "total"), [(2, 6), (3, 5), (6, 4), (7, 6), (18, 8)])
def test_ac5_minimum_range(d, total):
    """BT-C-13 / BT-C-65: AC/5 (min 3, 1-6 / 7-12 / 13-18)."""
    check(to_hit(fight(d), AC5), total)


# ---------------------------------------------------------------- BT-C-15/18.1 attacker


@pytest.mark.parametrize(
    ("mode", "value"),
    [(MoveMode.STILL, 0), (MoveMode.WALK, 1), (MoveMode.RUN, 2), (MoveMode.JUMP, 3)],
)
def test_attacker_movement(mode, value):
    """BT-C-15 / BT-C-18.1: by the mode, not the hexes: still 0, walked +1, ran +2, jumped +3."""
    state = moved(fight(3), 0, mode, 1, jumped=1 if mode is MoveMode.JUMP else 0)
    result = to_hit(state, ML_CT)
    check(result, 4 + value)
    if value:
        assert has_term(result.modifiers, value, "walk", "ran", "run", "jump", "mov")


def test_minimum_movement_counts_as_running():
    """BT-C-18.1: a unit that entered a hex under the minimum-movement rule counts as running."""
    state = moved(fight(3), 0, MoveMode.WALK, 1, minimum=True)
    check(to_hit(state, ML_CT), 6)


# ---------------------------------------------------------------- BT-C-18.9 firing prone


def test_prone_attacker_fires_at_plus_2():
    """BT-C-18.9 / BT-C-15: firing from the ground +2 (counted once)."""
    state = with_unit(fight(3), 0, prone=True)
    result = to_hit(state, ML_CT)
    check(result, 6, (2, "prone", "ground"))


def test_prone_attacker_never_fires_leg_weapons():
    """BT-C-18.9: a prone 'Mech can never fire leg-mounted weapons."""
    impossible(to_hit(with_unit(fight(3), 0, prone=True), SRM_LL), "leg", "prone")


def test_prone_attacker_may_fire_one_arm():
    """BT-C-18.9: it props on one arm and may fire everything in the other arm."""
    state = with_unit(fight(3), 0, prone=True)
    check(to_hit(state, ML_RA), 6)
    check(to_hit(state, ML_LA), 6)


def test_prone_attacker_cannot_fire_both_arms():
    """BT-C-18.9: the propping arm's weapons cannot fire, so not both arms at once."""
    state = with_unit(to_weapon_phase(fight(3)), 0, prone=True)
    fire = FireWeapons(0, (Shot(ML_RA, 1), Shot(ML_LA, 1)))
    with pytest.raises(IllegalCommand):
        run(state, [fire])


def test_prone_with_one_arm_destroyed():
    """BT-C-18.9: props on the intact arm at an additional +1 (total +3); head and torso only."""
    mech = GUNBOAT
    internal = list(mech.internal)
    internal[list(type(LA)).index(LA)] = 0
    state = with_unit(fight(3), 0, prone=True, internal=tuple(internal))
    check(to_hit(state, ML_CT), 7, (1, "arm"))
    check(to_hit(state, SL_HD), 7 + 4)  # the small laser's long range is 3
    impossible(to_hit(state, ML_RA))


def test_prone_with_both_arms_destroyed_cannot_fire():
    """BT-C-18.9 ASSUMPTION: with both arms destroyed a prone 'Mech makes no weapon fire."""
    internal = list(GUNBOAT.internal)
    for arm in (LA, RA):
        internal[list(type(LA)).index(arm)] = 0
    state = with_unit(fight(3), 0, prone=True, internal=tuple(internal))
    impossible(to_hit(state, ML_CT))


def test_destroyed_gyro_fires_as_prone():
    """BT-C-18.9 / BT-C-31: a 'Mech with a destroyed gyro fires as a prone 'Mech (+2, no legs)."""
    gyro = frozenset((CT, s) for s in (3, 4))
    assert all(GUNBOAT.slots_at(CT)[s].lower().startswith("gyro") for _, s in gyro)
    state = with_unit(fight(3), 0, crits=gyro)
    check(to_hit(state, ML_CT), 6)
    impossible(to_hit(state, SRM_LL), "leg", "prone")


# ---------------------------------------------------------------- BT-C-15/18.2 target movement


@pytest.mark.parametrize(
    ("hexes", "value"),
    [(0, 0), (1, 0), (2, 0), (3, 1), (4, 1), (5, 2), (6, 2), (7, 3), (9, 3), (10, 4), (14, 4)],
)
def test_target_movement(hexes, value):
    """BT-C-15: target moved 0-2 hexes 0, 3-4 +1, 5-6 +2, 7-9 +3, 10+ +4."""
    state = moved(fight(3), 1, MoveMode.RUN if hexes else MoveMode.STILL, hexes)
    check(to_hit(state, ML_CT), 4 + value)


@pytest.mark.parametrize(("hexes", "value"), [(1, 1), (3, 2), (5, 3), (7, 4)])
def test_target_jumped_adds_one(hexes, value):
    """BT-C-15 / BT-C-18.2: a target that jumped gets +1 extra on top of the hexes moved."""
    state = moved(fight(3), 1, MoveMode.JUMP, hexes, jumped=hexes)
    check(to_hit(state, ML_CT), 4 + value)


def test_target_moving_forward_3_and_back_2_counts_2():
    """BT-C-18.2 example: forward 3 then back 2 counts as 2 hexes: modifier 0.

    The target walks from 0808 south to 0811 and back to 0809, 7 hexes from the attacker in 0816:
    PPC medium range (+2). 4 + 2 + 0 = 6.
    """
    board = terrain_board(16, 24)
    state = duel(GUNBOAT, design(walk=5), "0816", "0808", Facing.N, Facing.S, board)
    f, b = Step(StepKind.FORWARD), Step(StepKind.BACKWARD)
    state, _ = run(state, [Move(0, MoveMode.STILL), Move(1, MoveMode.WALK, (f, f, f, b, b))])
    assert state.units[1].hex == H("0809")
    result = to_hit(state, PPC)
    check(result, 6)


def test_target_walking_3_hexes_counts_plus_1():
    """BT-C-18.2: the same walk without the reversal: 3 hexes, +1 (PPC at 5: short)."""
    board = terrain_board(16, 24)
    state = duel(GUNBOAT, design(walk=5), "0816", "0808", Facing.N, Facing.S, board)
    f = Step(StepKind.FORWARD)
    state, _ = run(state, [Move(0, MoveMode.STILL), Move(1, MoveMode.WALK, (f, f, f))])
    assert state.units[1].hex == H("0811")
    check(to_hit(state, PPC), 5)


# ---------------------------------------------------------------- BT-C-15/18.8/10/11 target state


@pytest.mark.parametrize(("d", "value"), [(1, -2), (2, 1), (3, 1)])
def test_prone_target(d, value):
    """BT-C-18.10: a prone target: -2 from an adjacent hex, +1 from any other hex."""
    state = with_unit(fight(d), 1, prone=True)
    check(to_hit(state, ML_CT), 4 + value, (value, "prone"))


@pytest.mark.parametrize("why", ["shutdown", "unconscious"])
def test_immobile_target(why):
    """BT-C-18.8: a shut-down unit, or one whose pilot is unconscious, is immobile: -4."""
    change = {"shutdown": {"shutdown": True}, "unconscious": {"conscious": False}}[why]
    state = with_unit(fight(3), 1, **change)
    check(to_hit(state, ML_CT), 0, (-4, "immobile"))


def test_a_stationary_target_is_not_immobile():
    """BT-C-18.8: an active unit that merely stayed stationary is not immobile."""
    assert no_term(to_hit(fight(3), ML_CT).modifiers, "immobile")


def test_a_target_with_a_destroyed_gyro_is_not_immobile():
    """BT-C-18.8 / BT-C-31: a 'Mech with a destroyed gyro is prone but not immobile (+1 at 3)."""
    gyro = frozenset((CT, s) for s in (3, 4))
    state = with_unit(fight(3), 1, crits=gyro, prone=True)
    result = to_hit(state, ML_CT)
    check(result, 5)
    assert no_term(result.modifiers, "immobile")


def test_skidding_target():
    """BT-C-18.11: +2 against a unit during the turn it skids (2 hexes moved: +0)."""
    state = moved(fight(3), 1, MoveMode.RUN, 2, skidded=True)
    check(to_hit(state, ML_CT), 6, (2, "skid"))


# ---------------------------------------------------------------- BT-C-16 heat and damage


@pytest.mark.parametrize(
    ("heat", "value"), [(7, 0), (8, 1), (12, 1), (13, 2), (16, 2), (17, 3), (23, 3), (24, 4)]
)
def test_attacker_heat(heat, value):
    """BT-C-16 / BT-C-18.6: 8-12 +1, 13-16 +2, 17-23 +3, 24+ +4 (the current heat)."""
    state = with_unit(fight(3), 0, heat=heat)
    result = to_hit(state, ML_CT)
    check(result, 4 + value)
    if value:
        assert has_term(result.modifiers, value, "heat")


def test_first_sensor_hit_adds_two():
    """BT-C-16 / BT-C-31: the first sensor critical: +2 to every weapon attack."""
    crits = frozenset({(HD, slot_of(GUNBOAT, HD, "sensors"))})
    state = with_unit(fight(3), 0, crits=crits)
    check(to_hit(state, ML_CT), 6, (2, "sensor"))


def test_second_sensor_hit_stops_all_weapon_fire():
    """BT-C-16 / BT-C-31: the second sensor hit: no weapon fire at all."""
    crits = frozenset((HD, slot_of(GUNBOAT, HD, "sensors", n)) for n in (0, 1))
    state = with_unit(fight(3), 0, crits=crits)
    impossible(to_hit(state, ML_CT))


@pytest.mark.parametrize(
    ("components", "value"),
    [
        (("upper arm",), 1),
        (("lower arm",), 1),
        (("upper arm", "lower arm"), 2),
        (("hand",), 0),
        (("shoulder",), 4),
        (("shoulder", "upper arm", "lower arm"), 4),
    ],
)
def test_arm_actuator_hits(components, value):
    """BT-C-16 / BT-C-31.

    Upper or lower arm +1 each; a shoulder +4 and ignore the others; a hand nothing. Only the
    weapons of that arm.
    """
    state = with_unit(fight(3), 0, crits=hit_slots(GUNBOAT, RA, *components))
    check(to_hit(state, ML_RA), 4 + value)
    check(to_hit(state, ML_LA), 4)
    check(to_hit(state, ML_CT), 4)


def test_secondary_target_modifiers():
    """BT-C-16 / BT-C-18.7: a secondary target +1 in the front arc, +2 in any other arc."""
    state = fight(3)
    check(to_hit(state, ML_CT, secondary="front"), 5, (1, "secondary"))
    check(to_hit(state, ML_RA, secondary="other"), 6, (2, "secondary"))


# ---------------------------------------------------------------- BT-C-2 / 10 / 11 / 12 limits


def test_no_attack_into_the_own_hex():
    """BT-C-2: a unit may never make a weapon attack against a unit in its own hex."""
    state = with_unit(fight(3), 1, hex=H("0823"))
    impossible(to_hit(state, ML_CT))


def test_no_line_of_sight_no_attack():
    """BT-C-4 item 1: every attack needs clear LOS (a level-3 hill in between)."""
    impossible(to_hit(fight(3, h0821=Terrain(level=3)), ML_CT))


def right_arc_target():
    """The target 3 hexes away at bearing 101 degrees: in the attacker's right arc only."""
    where = (H("0816") + Hex(3, -1)).label
    return still(duel(GUNBOAT, SHOOTER, "0816", where, Facing.N, Facing.NW, terrain_board(16, 24)))


def test_weapons_fire_into_their_arcs():
    """BT-C-10.

    A right-arc target: the right arm may fire; the left arm, the torso, the head and the legs may
    not.
    """
    state = right_arc_target()
    check(to_hit(state, ML_RA), 4)
    for weapon in (ML_LA, ML_CT, SL_HD, SRM_LL, ML_REAR):
        impossible(to_hit(state, weapon), "arc")


def test_torso_twist_turns_the_upper_body():
    """BT-C-3 / BT-C-11.

    Twisted one hexside right, the torso and head fire at it; the legs still cannot; a twist to the
    left does not reach it.
    """
    state = right_arc_target()
    check(to_hit(state, ML_CT, twist=1), 4)
    check(to_hit(state, SL_HD, twist=1), 4 + 4)  # small laser: 3 hexes is long range
    impossible(to_hit(state, SRM_LL, twist=1), "arc")
    impossible(to_hit(state, ML_CT, twist=-1), "arc")


def test_rear_mounted_weapon_fires_into_the_rear_arc():
    """BT-C-10: a rear-mounted weapon fires into the rear arc only."""
    state = duel(GUNBOAT, SHOOTER, "0806", "0809", Facing.N, Facing.N, terrain_board(16, 24))
    state = still(state)
    check(to_hit(state, ML_REAR), 4)
    impossible(to_hit(state, ML_CT))


def rifleman():
    """The bundled Rifleman RFL-3N: arms built without hand and lower arm actuators."""
    path = next(p for p in bundled_units() if "Rifleman" in p.name)
    return load_unit(path).design


def test_flipped_arms_fire_backwards():
    """BT-C-62.

    A 'Mech built without hand and lower arm actuators flips its arms to fire every arm weapon into
    the rear arc instead.
    """
    mech = rifleman()
    arm_laser = next(
        i for i, m in enumerate(mech.equipment) if "Large Laser" in m.name and m.location is RA
    )
    state = duel(mech, SHOOTER, "0806", "0809", Facing.N, Facing.N, terrain_board(16, 24))
    state = still(state)
    impossible(to_hit(state, arm_laser, flipped=False), "arc")
    check(to_hit(state, arm_laser, flipped=True), 4)


def test_a_mech_with_hands_cannot_flip_its_arms():
    """BT-C-62: only 'Mechs built without hand and lower arm actuators can flip."""
    state = to_weapon_phase(fight(3))
    with pytest.raises(IllegalCommand):
        run(state, [FireWeapons(0, (Shot(ML_CT, 1),), flip_arms=True)])


def test_a_prone_mech_cannot_twist():
    """BT-C-3: a prone or fallen 'Mech cannot twist."""
    state = with_unit(to_weapon_phase(fight(3)), 0, prone=True)
    with pytest.raises(IllegalCommand):
        run(state, [FireWeapons(0, (Shot(ML_CT, 1),), twist=1)])


def test_a_prone_mech_cannot_flip_its_arms():
    """BT-C-62: a prone 'Mech cannot twist, so it cannot flip its arms either."""
    mech = rifleman()
    state = duel(mech, SHOOTER, "0806", "0809", Facing.N, Facing.N, terrain_board(16, 24))
    state = with_unit(to_weapon_phase(state), 0, prone=True)
    with pytest.raises(IllegalCommand):
        run(state, [FireWeapons(0, (), flip_arms=True)])


def test_no_ammunition_no_fire():
    """BT-C-12: when every bin of that exact ammo type is empty the weapon cannot fire."""
    ammo = list(fight(3).units[0].ammo)
    ammo[LRM_AMMO] = 0
    state = with_unit(fight(8), 0, ammo=tuple(ammo))
    impossible(to_hit(state, LRM), "ammunition", "ammo")


def test_ammunition_must_be_of_the_exact_type():
    """BT-C-12: an LRM-15 can use only LRM-15 ammo, never LRM-10 ammo."""
    mech = design(equipment=[("LRM 15", LT), ("IS Ammo LRM-10", LT)])
    state = fight(8, attacker=mech)
    impossible(to_hit(state, 0), "ammunition", "ammo")


def test_destroyed_weapon_cannot_fire():
    """BT-C-30/31: one critical disables a weapon."""
    weapon = GUNBOAT.equipment[ML_RA]
    state = with_unit(fight(3), 0, crits=frozenset({(RA, weapon.slots[0])}))
    impossible(to_hit(state, ML_RA))


def test_over_12_cannot_hit():
    """BT-C-14 item 3: a modified number over 12 misses automatically.

    LRM at 21 hexes (long +4), the attacker jumped (+3), heat 24 (+4): 4 + 4 + 3 + 4 = 15.
    """
    state = with_unit(moved(fight(21), 0, MoveMode.JUMP, 3, jumped=3), 0, heat=24)
    result = to_hit(state, LRM)
    assert result.number == 15
    assert not result.possible


# ---------------------------------------------------------------- BT-C-19 aimed shots


def test_aimed_shot_at_a_shut_down_mech():
    """BT-C-19: aimed at a non-head location: the normal number with the -4 immobile."""
    state = with_unit(fight(3), 1, shutdown=True)
    check(to_hit(state, ML_CT, aimed=LT), 0, (-4, "immobile"))


def test_aimed_shot_at_the_head_is_plus_3_instead_of_minus_4():
    """BT-C-19: at the head, +3 instead of -4: 4 + 3 = 7."""
    state = with_unit(fight(3), 1, shutdown=True)
    result = to_hit(state, ML_CT, aimed=HD)
    check(result, 7, (3, "head", "aim"))
    assert no_term(result.modifiers, "immobile")


def test_no_aimed_shots_with_missiles():
    """BT-C-19: any weapon except missile launchers."""
    state = with_unit(fight(8), 1, shutdown=True)
    impossible(to_hit(state, LRM, aimed=CT))


def test_no_aimed_shots_at_a_mobile_target():
    """BT-C-19: aimed shots only against immobile 'Mechs."""
    impossible(to_hit(fight(3), ML_CT, aimed=CT))


# ---------------------------------------------------------------- declarations: BT-C-2/3/12/18.7


def three_way():
    """Unit 0 declares first: side 1's unit 1 at 0813, 2 in the right arc, 3 in 0812.

    Unit 0 (side 0) stands in 0816 facing N; units 1 and 3 are in its front arc, unit 2 three hexes
    away at a bearing of 101 degrees (right arc only). All of them can shoot back.
    """
    board = terrain_board(16, 24)
    right = (H("0816") + Hex(3, -1)).label
    state = duel(
        GUNBOAT,
        SHOOTER,
        "0816",
        "0813",
        Facing.N,
        Facing.S,
        board,
        extra=[(SHOOTER, 1, right, Facing.NW), (SHOOTER, 1, "0812", Facing.S)],
    )
    return to_weapon_phase(state)


def declared(events):
    """The attacks declared, in order."""
    return [e.attack for e in of(events, ev.AttackDeclared)]


def test_declaring_fixes_the_number_and_spends_ammo():
    """BT-C-12 / BT-C-14.

    The declaration records the to-hit number with its named terms, and one shot is marked off the
    LRM-20 bin when declared.
    """
    state = three_way()
    after, events = run(state, [FireWeapons(0, (Shot(LRM, 1), Shot(ML_CT, 1)))])
    lrm, laser = declared(events)
    assert (lrm.weapon, lrm.target, lrm.to_hit) == (LRM, 1, 4 + 4)  # min range 6 at 3: +4
    assert has_term(lrm.modifiers, 4, "gunnery")
    assert (laser.weapon, laser.to_hit) == (ML_CT, 4)
    (spent,) = of(events, ev.AmmoSpent)
    assert (spent.unit, spent.bin, spent.shots) == (0, LRM_AMMO, 1)
    assert after.units[0].ammo[LRM_AMMO] == GUNBOAT.equipment[LRM_AMMO].shots - 1


def test_ammo_comes_from_any_bin_of_the_type():
    """BT-C-12: a weapon draws from any bin anywhere on the unit holding exactly its ammo."""
    mech = design(equipment=[("LRM 20", LT), ("IS Ammo LRM-20", LT), ("IS Ammo LRM-20", RT)])
    state = duel(mech, SHOOTER, "0816", "0808", Facing.N, Facing.S, terrain_board(16, 24))
    state = to_weapon_phase(state)
    ammo = list(state.units[0].ammo)
    ammo[1] = 0
    state = with_unit(state, 0, ammo=tuple(ammo))
    _, events = run(state, [FireWeapons(0, (Shot(0, 1),))])
    (spent,) = of(events, ev.AmmoSpent)
    assert spent.bin == 2


def test_each_weapon_fires_once_a_turn():
    """BT-C-2: each weapon fires at most once per turn."""
    state = three_way()
    with pytest.raises(IllegalCommand):
        run(state, [FireWeapons(0, (Shot(ML_CT, 1), Shot(ML_CT, 3)))])


def test_secondary_targets_in_declarations():
    """BT-C-18.7.

    The primary is in the front arc; a second front-arc target +1, a right-arc target +2, and the
    third target no more than that (no escalation).
    """
    state = three_way()
    shots = (Shot(ML_CT, 1), Shot(ML_RA, 2), Shot(ML_LA, 3))
    _, events = run(state, [FireWeapons(0, shots, primary=1)])
    by_target = {a.target: a for a in declared(events)}
    assert by_target[1].to_hit == 4
    assert by_target[1].primary
    assert by_target[2].to_hit == 4 + 2
    assert has_term(by_target[2].modifiers, 2, "secondary")
    assert by_target[3].to_hit == 4 + 2 + 1  # 4 hexes: medium range
    assert has_term(by_target[3].modifiers, 1, "secondary")


def test_primary_must_be_in_the_front_arc_when_one_is():
    """BT-C-18.7: if any declared target is in the front arc, the primary must be one of them."""
    state = three_way()
    with pytest.raises(IllegalCommand):
        run(state, [FireWeapons(0, (Shot(ML_CT, 1), Shot(ML_RA, 2)), primary=2)])


def test_any_target_may_be_primary_when_none_is_in_front():
    """BT-C-18.7: with every target in side or rear arcs, any of them may be primary."""
    state = right_arc_target()
    state = to_weapon_phase(state)
    _, events = run(state, [FireWeapons(0, (Shot(ML_RA, 1),))])
    (attack,) = declared(events)
    assert attack.primary
    assert attack.to_hit == 4


def test_twist_is_declared_with_the_fire():
    """BT-C-3: the twist is announced with the declaration and lasts the rest of the turn."""
    state = to_weapon_phase(right_arc_target())
    after, events = run(state, [FireWeapons(0, (Shot(ML_CT, 1),), twist=1)])
    (twisted,) = of(events, ev.TorsoTwisted)
    assert (twisted.unit, twisted.twist) == (0, 1)
    assert after.units[0].this_turn.twist == 1
    (attack,) = declared(events)
    assert attack.to_hit == 4


def test_numbers_are_fixed_from_the_start_of_the_phase():
    """BT-C-1 / BT-C-18.6.

    Heat is the value set at the end of the previous Heat phase; the declared number does not change
    with later changes in the phase.
    """
    state = with_unit(three_way(), 0, heat=13)
    _, events = run(state, [FireWeapons(0, (Shot(ML_CT, 1),))])
    (attack,) = declared(events)
    assert attack.to_hit == 6
    assert has_term(attack.modifiers, 2, "heat")


def test_walked_attacker_declared_number():
    """BT-C-18.1 through the flow: a 'Mech that walked declares at +1."""
    board = terrain_board(16, 24)
    state = duel(GUNBOAT, SHOOTER, "0816", "0810", Facing.N, Facing.S, board)
    state, _ = run(state, [Move(0, MoveMode.WALK, (Step(StepKind.FORWARD),))])
    state = to_weapon_phase(state)
    _, events = run(state, [FireWeapons(0, (Shot(ML_CT, 1),))])
    (attack,) = declared(events)
    assert attack.to_hit == 4 + 1 + 2  # walked, medium range (5 hexes)
    assert isinstance(state.units[0].movement, Movement)


def test_several_reversals_count_from_the_last():
    """BT-C-18.2 AMBIG reading.

    With several reversals count from the last one: forward 2, back 1, forward 3 counts 3 hexes: +1
    (PPC at 4 hexes: short). 4 + 1 = 5.
    """
    board = terrain_board(16, 24)
    state = duel(GUNBOAT, design(walk=6), "0816", "0808", Facing.N, Facing.S, board)
    f, b = Step(StepKind.FORWARD), Step(StepKind.BACKWARD)
    state, _ = run(state, [Move(0, MoveMode.STILL), Move(1, MoveMode.WALK, (f, f, b, f, f, f))])
    assert state.units[1].hex == H("0812")
    check(to_hit(state, PPC), 5)


def test_leg_weapons_cannot_fire_through_the_attackers_own_cover():
    """BT-C-8.

    Leg-mounted weapons cannot fire through a hex that gives the attacker itself partial cover (a
    level-1 hex next to it on the line); torso weapons can.
    """
    state = fight(5, h0822=Terrain(level=1))
    impossible(to_hit(state, SRM_LL))
    check(to_hit(state, ML_CT), 6)


def test_the_twisted_torso_front_arc_chooses_the_primary():
    """BT-C-11 / BT-C-18.7 AMBIG reading.

    The rotated (torso) front arc is the one that decides the primary target. Twisted right, a
    target at bearing 101 (torso front) may be primary while one at bearing 330 (feet front, torso
    left) is a secondary target in another arc: +2.
    """
    board = terrain_board(16, 24)
    right = (H("0816") + Hex(3, -1)).label
    left = (H("0816") + Hex(-1, -1)).label
    state = duel(
        GUNBOAT,
        SHOOTER,
        "0816",
        right,
        Facing.N,
        Facing.NW,
        board,
        extra=[(SHOOTER, 1, left, Facing.SE)],
    )
    state = to_weapon_phase(state)
    shots = (Shot(ML_CT, 1), Shot(ML_LA, 2))
    _, events = run(state, [FireWeapons(0, shots, twist=1, primary=1)])
    by_target = {e.attack.target: e.attack for e in of(events, ev.AttackDeclared)}
    assert by_target[1].primary
    assert by_target[2].to_hit == 4 + 2
    assert has_term(by_target[2].modifiers, 2, "secondary")
