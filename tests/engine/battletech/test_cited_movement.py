"""Movement-digest sections no other test cited (issue 15): terrain costs, facing, displacement.

BT-M-8.1/8.2/8.4/8.6 (terrain costs per BT-M-21), BT-M-24.1 (facing change), BT-M-26.2..26.4
(displacement, the accidental fall from above, the domino effect), BT-M-31.2 and BT-M-31.6 (the
PSR table's special case and notes), BT-M-32.2 (damage that forces a PSR), BT-M-33.1 (what makes a
'Mech fall) and BT-M-34.3 (the punch location table of falls from above). Every expected number is
the digest's (shared/rules/battletech-1-units-movement.md), with scripted dice.
"""

from __future__ import annotations

import attrs
import pytest

from engine.battletech import events as ev
from engine.battletech.board import Building, BuildingClass, Terrain, Woods
from engine.battletech.commands import EndPhase, Move, PhysicalAttack, Step, StepKind
from engine.battletech.rules.condition import preexisting
from engine.battletech.rules.movement import plan_move, reachable_hexes
from engine.battletech.rules.tohit import weapon_to_hit
from engine.battletech.state import LOCATIONS, AttackKind, MoveMode, Phase
from engine.battletech.tables import PUNCH_LOCATION, Column
from engine.game import IllegalCommand
from engine.hexes import Facing
from tests.engine.battletech._build import (
    design,
    evolved_unit,
    play,
    start,
    state_with,
    terrain_board,
)
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
    physical_attack,
    resolve,
    run,
    still,
    weapon_attack,
)

F = Step(StepKind.FORWARD)
L = Step(StepKind.LEFT)
R = Step(StepKind.RIGHT)
P = Step(StepKind.PRONE)


def walker(walk: int = 5, **hexes: Terrain):
    """A 50-ton 'Mech in 0408 facing N (walk ``walk``); an enemy far off in 0101."""
    board = terrain_board(8, 9, **hexes)
    return start(board, [(design(50, walk), 0, "0408", Facing.N), (design(), 1, "0101", Facing.S)])


def costs(state, steps, mode=MoveMode.WALK) -> tuple[int, ...]:
    """The MP of each step of a legal plan of unit 0."""
    return tuple(s.mp for s in plan_move(state, 0, mode, steps).steps)


# ---------------------------------------------------------------- BT-M-8: terrain costs


@pytest.mark.parametrize(
    ("terrain", "cost"),
    [
        pytest.param(Terrain(), 1, id="BT-M-8.1 clear"),
        pytest.param(Terrain(woods=Woods.LIGHT), 2, id="BT-M-8.2 light woods"),
        pytest.param(Terrain(rough=True), 2, id="BT-M-8.4 rough"),
        pytest.param(Terrain(pavement=True), 1, id="BT-M-8.6 pavement"),
    ],
)
def test_terrain_costs_per_hex(terrain, cost):
    """BT-M-8.1 clear 1 MP, BT-M-8.2 light woods 2, BT-M-8.4 rough 2, BT-M-8.6 pavement 1.

    Three hexes of the terrain in a row (0407, 0406, 0405): each costs its MP (BT-M-21), and the
    board overlay's cheapest cost to the third is three times that.
    """
    state = walker(8, h0407=terrain, h0406=terrain, h0405=terrain)
    assert costs(state, (F, F, F)) == (cost, cost, cost)
    assert reachable_hexes(state, 0, MoveMode.WALK)[H("0405")] == 3 * cost


@pytest.mark.parametrize(
    ("terrain", "hexes", "mp"),
    [
        pytest.param(Terrain(), 5, 5, id="clear"),
        pytest.param(Terrain(woods=Woods.LIGHT), 2, 4, id="light woods"),
        pytest.param(Terrain(rough=True), 2, 4, id="rough"),
        pytest.param(Terrain(pavement=True), 5, 5, id="pavement"),
    ],
)
def test_five_walking_mp_go_as_far_as_the_costs_allow(terrain, hexes, mp):
    """BT-M-8.1/8.2/8.4/8.6: with 5 MP a 'Mech crosses 5 clear or paved hexes, 2 of woods or rough.

    The step past the allowance is refused (BT-M-18: MP spent may not exceed the allowance).
    """
    column = {f"h04{row:02}": terrain for row in range(1, 8)}
    state = walker(5, **column)
    assert sum(costs(state, (F,) * hexes)) == mp
    with pytest.raises(IllegalCommand):
        plan_move(state, 0, MoveMode.WALK, (F,) * (hexes + 1))


def test_light_woods_and_rough_are_not_clear():
    """BT-M-8.2/8.4: light woods and rough cost 2 even mixed with clear (1 + 2 + 2 + 1 = 6 MP)."""
    state = walker(6, h0407=Terrain(), h0406=Terrain(woods=Woods.LIGHT), h0405=Terrain(rough=True))
    assert costs(state, (F, F, F, F)) == (1, 2, 2, 1)


def test_running_on_pavement_after_a_facing_change_may_skid():
    """BT-M-8.6: a running 'Mech that turns on pavement and moves on must pass a skid check."""
    paved = {f"h04{row:02}": Terrain(pavement=True) for row in range(3, 9)}
    state = walker(5, **paved)
    plan = plan_move(state, 0, MoveMode.RUN, (F, R, F))
    assert [c.reason for c in plan.checks] == ["skid"]
    clear = walker(5)
    assert plan_move(clear, 0, MoveMode.RUN, (F, R, F)).checks == ()


# ---------------------------------------------------------------- BT-M-24.1: facing change


def test_facing_change_costs_one_mp_per_hexside():
    """BT-M-24.1: 1 MP per hexside turned (BT-M-21: facing change 1 per hexside)."""
    state = walker(5)
    assert costs(state, (R,)) == (1,)
    assert costs(state, (L, L, L)) == (1, 1, 1)
    plan = plan_move(state, 0, MoveMode.WALK, (F, R, R, F))
    assert plan.mp_spent == 4
    assert plan.steps[-1].facing is Facing.SE


def test_turning_counts_against_the_allowance():
    """BT-M-24.1: 4 hexes and 2 hexsides need 6 MP: too much for walk 5, fine for run 8."""
    state = walker(5)
    with pytest.raises(IllegalCommand):
        plan_move(state, 0, MoveMode.WALK, (F, F, R, R, F, F))
    assert plan_move(state, 0, MoveMode.RUN, (F, F, R, R, F, F)).mp_spent == 6


# ---------------------------------------------------------------- BT-M-26: displacement


def pushed(*hexes_terrain: tuple[str, Terrain], third: Facing | None = None, tons: int = 50):
    """Pusher 0808 (N) and its target 0807 (S); a third 'Mech in 0806 facing ``third``."""
    board = terrain_board(16, 17, **{f"h{label}": t for label, t in hexes_terrain})
    units = [(design(), 0, "0808", Facing.N), (design(tons), 1, "0807", Facing.S)]
    if third is not None:
        units.append((design(), 1, "0806", third))
    return attrs.evolve(still(start(board, units)), phase=Phase.PHYSICAL)


def push(state, dice=(4, 4) + (5, 5) * 30):
    """Unit 0 pushes unit 1 north (to-hit 4, rolled 4-4); later dice generous."""
    attack = physical_attack(state, 0, AttackKind.PUSH, 1, 4)
    return resolve(state, [attack], dice, phase=Phase.PHYSICAL, exact=False)


def labels(state):
    return tuple(u.hex.label for u in state.units)


def test_displacement_into_a_hex_too_high_does_not_happen():
    """BT-M-26.2: not into a hex higher than a walking climb (3 levels); nobody moves.

    The push's other effect still applies: the target rolls its "pushed" PSR.
    """
    state = pushed(("0806", Terrain(level=3)))
    after, events = push(state)
    assert labels(after) == ("0808", "0807")
    assert not of(events, ev.UnitDisplaced)
    assert [p.reason for p in of(events, ev.PilotingRoll) if p.unit == 1] == ["pushed"]


def test_displacement_off_the_map_does_not_happen():
    """BT-M-26.2: a hex the unit could not enter (off the map): neither unit moves."""
    board = terrain_board(16, 17)
    units = [(design(), 0, "0802", Facing.N), (design(), 1, "0801", Facing.S)]
    state = attrs.evolve(still(start(board, units)), phase=Phase.PHYSICAL)
    after, _ = push(state)
    assert labels(after) == ("0802", "0801")


def test_displacement_down_many_levels_is_allowed():
    """BT-M-26.2: a unit can be displaced down any number of levels (here 4, into clear 0806)."""
    state = pushed(("0808", Terrain(level=4)), ("0807", Terrain(level=4)))
    after, events = push(state)
    assert labels(after) == ("0807", "0806")
    assert any(d.unit == 1 and d.hex == H("0806") for d in of(events, ev.UnitDisplaced))


def test_a_domino_that_would_end_in_an_illegal_hex_moves_nobody():
    """BT-M-26.2 / BT-M-26.4: the occupant cannot be shoved 3 levels up, so no one moves."""
    state = pushed(("0805", Terrain(level=3)), third=Facing.S)
    after, _ = push(state)
    assert labels(after) == ("0808", "0807", "0806")


@pytest.mark.parametrize(
    ("facing", "first", "second"),
    [
        pytest.param(Facing.S, (LA, False), (RA, False), id="front"),
        pytest.param(Facing.N, (LA, False), (RA, False), id="rear"),
        pytest.param(Facing.NE, (RT, False), (RA, False), id="right side"),
        pytest.param(Facing.NW, (LT, False), (LA, False), id="left side"),
    ],
)
def test_accidental_fall_from_above_hits_on_the_punch_table(facing, first, second):
    """BT-M-26.3 / BT-M-34.3 / BT-M-34: a 75-ton 'Mech displaced 2 levels down onto another.

    A hit does ceil(75 / 10) = 8 in groups of 5 and 3, each placed with 1D6 on the punch location
    table (dice 1 and 5), in the column of the target's side that faces the hex the faller came
    from. The faller takes normal falling damage for the real drop: ceil(75 / 10) x 3 = 24, lands
    on its back (rear column, no facing die: its facing S reversed to N) in the target's hex; the
    target is displaced as after a DFA.
    """
    state = pushed(("0808", Terrain(level=2)), ("0807", Terrain(level=2)), third=facing, tons=75)
    after, events = push(state, (4, 4, 4, 4, 1, 5) + (3,) * 80)
    (fall,) = of(events, ev.FellOntoUnit)
    assert (fall.unit, fall.target, fall.to_hit, fall.hit) == (1, 2, 7, True)
    struck = [
        ((d.location, d.rear), d.armor + d.internal, d.roll)
        for d in of(events, ev.DamageApplied)
        if d.unit == 2 and d.source == 1
    ]
    assert struck == [(first, 5, (1,)), (second, 3, (5,))]
    (fell,) = [f for f in of(events, ev.UnitFell) if f.unit == 1]
    assert (fell.hex, fell.levels, fell.damage, fell.column) == (H("0806"), 2, 24, "rear")
    assert (fell.facing_roll, fell.facing) == (None, Facing.N)  # BT-M-34.1: as a 4, reversed
    assert after.units[1].hex == H("0806")
    assert (after.units[1].body.prone, after.units[1].facing) == (True, Facing.N)
    assert after.units[2].hex != H("0806")


def test_accidental_fall_from_above_that_misses():
    """BT-M-26.3: a miss lands the faller beside the hex, as near as it can to where it fell from.

    It takes normal falling damage for its drop (50 t, 2 levels: 5 x 3 = 15); the other unit is not
    harmed.
    """
    state = pushed(("0808", Terrain(level=2)), ("0807", Terrain(level=2)), third=Facing.S)
    after, events = push(state, (4, 4, 1, 2) + (3,) * 80)
    (fall,) = of(events, ev.FellOntoUnit)
    assert not fall.hit
    assert fall.landing is not None
    assert fall.landing.distance(H("0806")) == 1
    assert fall.landing.distance(H("0807")) == 1
    (fell,) = [f for f in of(events, ev.UnitFell) if f.unit == 1]
    assert (fell.hex, fell.levels, fell.damage) == (fall.landing, 2, 15)
    assert not [d for d in of(events, ev.DamageApplied) if d.unit == 2]
    assert after.units[2].hex == H("0806")
    assert after.units[1].hex == fall.landing


def test_one_level_drop_is_a_domino_with_two_psrs():
    """BT-M-26.4: 1 level down into a 'Mech facing it: the occupant is pushed on; both roll."""
    state = pushed(("0808", Terrain(level=1)), ("0807", Terrain(level=1)), third=Facing.S)
    after, events = push(state)
    assert not of(events, ev.FellOntoUnit)
    assert labels(after) == ("0807", "0806", "0805")
    domino = [p.unit for p in of(events, ev.PilotingRoll) if p.reason == "domino"]
    assert sorted(domino) == [1, 2]


def test_a_side_shove_is_dodged_one_hex_straight_forward():
    """BT-M-26.4: pushed through a side hexside, the occupant steps 1 hex forward on a passed PSR.

    The occupant in 0806 faces NE: it steps into its front neighbour; nobody is shoved further.
    """
    state = pushed(third=Facing.NE)
    after, events = push(state)
    assert after.units[2].hex == H("0806").neighbor(Facing.NE)
    assert labels(after)[:2] == ("0807", "0806")
    (dodge,) = [p for p in of(events, ev.PilotingRoll) if p.reason == "dodge"]
    assert (dodge.unit, dodge.success) == (2, True)


def test_a_failed_dodge_is_a_fall_and_the_shove_goes_on():
    """BT-M-26.4: failing the PSR to step aside, the occupant falls and loses the chance to."""
    state = pushed(third=Facing.NE)
    # push 4-4; dodge PSR 1-1 fails; then the fall and the shove take generous dice
    after, events = push(state, (4, 4, 1, 1) + (3,) * 80)
    (dodge,) = [p for p in of(events, ev.PilotingRoll) if p.reason == "dodge"]
    assert not dodge.success
    assert any(f.unit == 2 for f in of(events, ev.UnitFell))
    assert after.units[2].hex == H("0805")
    assert after.units[2].body.prone


def test_no_dodge_without_mp_left():
    """BT-M-26.4: a dodge needs unspent MP of this Movement phase.

    A 'Mech that ran all of its 8 MP is shoved on although the push reaches its side.
    """
    state = pushed(third=Facing.NE)
    state = moved(state, 2, MoveMode.RUN, 0, mp_spent=8)
    after, events = push(state)
    assert not [p for p in of(events, ev.PilotingRoll) if p.reason == "dodge"]
    assert after.units[2].hex == H("0805")


# ---------------------------------------------------------------- BT-M-34.3: punch table

PUNCH_TABLE = {
    # 1D6: (Left side, Front / Rear, Right side), as printed in BT-M-34.3
    1: (LT, LA, RT),
    2: (LT, LT, RT),
    3: (CT, CT, CT),
    4: (LA, RT, RA),
    5: (LA, RA, RA),
    6: (HD, HD, HD),
}


@pytest.mark.parametrize("die", list(PUNCH_TABLE))
def test_punch_location_table_is_the_digests(die):
    """BT-M-34.3: the 'Mech punch location table, read with 1D6 (not 2D6, BT-C-91.11)."""
    left, front, right = PUNCH_TABLE[die]
    assert PUNCH_LOCATION[Column.LEFT][die - 1] is left
    assert PUNCH_LOCATION[Column.FRONT][die - 1] is front
    assert PUNCH_LOCATION[Column.REAR][die - 1] is front
    assert PUNCH_LOCATION[Column.RIGHT][die - 1] is right


# ---------------------------------------------------------------- BT-M-31: PSR special cases


def fall_mech(**hexes: Terrain):
    """A 65-ton 'Mech in 0509 facing N, an enemy in 1010 (the fall tests' set-up)."""
    board = terrain_board(10, 10, **hexes)
    units = [(design(65, 8), 0, "0509", Facing.N), (design(), 1, "1010", Facing.N)]
    return start(board, units)


@pytest.mark.parametrize("levels", [1, 2])
def test_injury_roll_is_plus_one_per_level_fallen(levels):
    """BT-M-31.2: the MechWarrior avoiding injury in a fall rolls at +1 per level fallen.

    Level ``levels`` into rubble at Level 0; the rubble PSR (1-1) fails: Piloting 5 + levels.
    """
    state = fall_mech(h0509=Terrain(level=levels), h0508=Terrain(rubble=True))
    groups = -(-(7 * (levels + 1)) // 5)
    dice = [1, 1, 1, *(3, 4) * groups, 6, 6]
    _, events = play(state, Move(0, MoveMode.WALK, (F,)), dice)
    injury = of(events, ev.PilotingRoll)[-1]
    assert (injury.reason, injury.target) == ("injury", 5 + levels)
    assert injury.modifiers == (("piloting", 5), ("levels fallen", levels))


def test_hip_replaces_the_other_actuator_modifiers_of_that_leg():
    """BT-M-31.6 note 4: a hip hit (+2) adds no other modifiers for that leg's actuators.

    Left leg: hip, upper leg and foot destroyed: +2 only. Right leg: two actuators: +2 (1 each).
    """
    state = walker()
    unit = state_with(state, 0, crits=frozenset({(LL, 0), (LL, 1), (LL, 3)})).units[0]
    assert sum(v for _, v in preexisting(unit)) == 2
    unit = state_with(state, 0, crits=frozenset({(RL, 1), (RL, 3)})).units[0]
    assert sum(v for _, v in preexisting(unit)) == 2
    unit = state_with(state, 0, crits=frozenset({(LL, 0), (LL, 1), (RL, 2)})).units[0]
    assert sum(v for _, v in preexisting(unit)) == 3


SHOOTER = design(equipment=[("Medium Laser", CT)])
HIT = (4, 4, 3, 4)
"""A medium laser hit (4-4 against 4) on the front column's 7: center torso, 5 points."""


def target(**changes):
    state = still(duel(SHOOTER, design()))
    return state.replace_unit(1, evolved_unit(state.units[1], **changes)) if changes else state


def lasers(state, count):
    return [weapon_attack(state, 0, 0, 1, 4) for _ in range(count)]


def fall_psrs(events, unit=1):
    return [
        (p.target, p.success, p.automatic)
        for p in of(events, ev.PilotingRoll)
        if p.unit == unit and p.reason != "injury"
    ]


def test_after_the_shutdown_turn_every_psr_is_an_automatic_fall():
    """BT-M-31.6 note 1: a shut-down 'Mech that must make a PSR falls automatically (no dice)."""
    state = target(shutdown=True)
    after, events = resolve(state, lasers(state, 4), HIT * 4 + (1, 2, 1, 3, 3))
    assert [p[1:] for p in fall_psrs(events)] == [(False, True)]
    assert after.units[1].mech.prone


def test_a_missed_dfa_is_an_automatic_fall():
    """BT-M-31.6 note 2 / BT-M-33.1: a DFA that misses: the attacker falls without a PSR.

    Counted as a 2-level fall on its back: 50 t, ceil(50 / 10) x 3 = 15, rear column.
    """
    state = still(duel(design(jump=5), design(), "0807", "0805"))
    attack = physical_attack(state, 0, AttackKind.DFA, 1, 7, side="front", table="punch")
    after, events = resolve(state, [attack], (1, 1) + (3,) * 60, phase=Phase.PHYSICAL, exact=False)
    assert not [p for p in of(events, ev.PilotingRoll) if p.unit == 0 and p.reason != "injury"]
    (fell,) = [f for f in of(events, ev.UnitFell) if f.unit == 0]
    assert (fell.levels, fell.damage, fell.column, fell.facing_roll) == (2, 15, "rear", None)
    assert after.units[0].mech.prone


def test_a_target_charged_into_a_building_rolls_at_plus_3():
    """BT-M-31.6 note 3: a charge that carries a unit into a building: its building roll takes +3.

    A 35-ton 'Mech runs 5 hexes and charges a 70-ton one (0807) into a Medium building (0806).
    """
    medium = Building(BuildingClass.MEDIUM, BuildingClass.MEDIUM.default_cf)
    board = terrain_board(16, 17, h0806=Terrain(building=medium))
    state = duel(design(35, 5), design(70), "0813", "0807", Facing.N, Facing.S, board)
    state, _ = run(state, [Move(0, MoveMode.RUN, (F,) * 5, charge=1), Move(1, MoveMode.STILL)])
    state, events = run(
        state, [EndPhase(), PhysicalAttack(1)], (4, 4, 3, 5, 2, 6, 5, 1) * 60, exact=False
    )  # varied: crit slots
    assert state.units[1].hex == H("0806")
    building = [p for p in of(events, ev.PilotingRoll) if p.unit == 1 and p.reason == "building"]
    assert len(building) == 1
    assert {"medium building": 1, "charged": 3}.items() <= dict(building[0].modifiers).items()


def test_a_charger_following_into_a_building_rolls_at_plus_3_and_a_failure_hurts():
    """BT-M-31.6 note 3 / BT-M-31.4: a charger following into a building rolls at class +3.

    Its target left the building hex, the charger follows it in; failed, the charger takes
    ceil(CF / 10) and the building ceil(tons / 10) (BT-M-41 #4, ASSUMPTION).
    """
    medium = Building(BuildingClass.MEDIUM, 120)  # stands under both 'Mechs (BT-M-41 #4)
    board = terrain_board(16, 17, h0807=Terrain(building=medium))
    state = duel(design(35, 5), design(70), "0813", "0807", Facing.N, Facing.S, board)
    clumsy = attrs.evolve(state.units[0].pilot, piloting=8)  # building roll 8 + 1 + 3 = 12
    state = state.replace_unit(0, attrs.evolve(state.units[0], pilot=clumsy))
    state, _ = run(state, [Move(0, MoveMode.RUN, (F,) * 5, charge=1), Move(1, MoveMode.STILL)])
    state, events = run(
        state, [EndPhase(), PhysicalAttack(1)], (5, 5, 3, 4, 2, 6) * 40, exact=False
    )
    assert state.units[0].hex == H("0807")
    (roll,) = [p for p in of(events, ev.PilotingRoll) if p.unit == 0 and p.reason == "building"]
    assert {"medium building": 1, "charging": 3}.items() <= dict(roll.modifiers).items()
    assert not roll.success
    damaged = [b for b in of(events, ev.BuildingDamaged) if b.hex == H("0807")]
    assert damaged
    assert damaged[-1].cf == 4  # 35 tons: ceil(35 / 10)
    assert not damaged[-1].collapsed


# ---------------------------------------------------------------- BT-M-32.2: damage and PSRs


def test_twenty_damage_in_a_phase_forces_a_psr():
    """BT-M-32.2 / BT-M-32: 20+ damage in a phase forces a PSR at +1 (Piloting 5: 6); 15 does not.

    Four medium-laser hits (4 x 5 = 20) in one Weapon phase: one PSR at the end of the phase.
    """
    state = target()
    _, events = resolve(state, lasers(state, 4), HIT * 4 + (3, 3))
    assert fall_psrs(events) == [(6, True, False)]
    _, events = resolve(state, lasers(state, 3), HIT * 3)
    assert fall_psrs(events) == []


def test_a_kicked_mech_rolls_at_plus_zero():
    """BT-M-32.2 / BT-M-31.1: being kicked forces a PSR at +0 (Piloting 5: 5)."""
    state = still(duel(design(), design(), "0806", "0805"))
    kick = physical_attack(state, 0, AttackKind.KICK, 1, 4, limb=RL, table="kick")
    _, events = resolve(state, [kick], (4, 4, 1) + (6, 6) * 10, phase=Phase.PHYSICAL, exact=False)
    assert [p.target for p in of(events, ev.PilotingRoll) if p.unit == 1] == [5]


# ---------------------------------------------------------------- BT-M-33.1: what makes a fall


def test_dropping_prone_on_purpose_is_not_a_fall():
    """BT-M-33 / BT-M-33.1: voluntarily dropping prone is not a fall: 1 MP, no damage, no roll."""
    state = walker()
    plan = plan_move(state, 0, MoveMode.WALK, (P,))
    assert (plan.mp_spent, plan.checks) == (1, ())
    after, events = play(state, Move(0, MoveMode.WALK, (P,)))
    assert after.units[0].mech.prone
    assert not of(events, ev.UnitFell)
    assert not of(events, ev.DamageApplied)


def test_a_failed_stand_up_attempt_is_a_fall():
    """BT-M-33.1: a failed stand-up attempt makes the 'Mech fall (0 levels, its own hex)."""
    state = state_with(walker(), 0, prone=True)
    # stand PSR 1-1 fails; facing die 1; 5 points on 3-4 (front 7: CT); injury 6-6
    after, events = play(
        state, Move(0, MoveMode.WALK, (Step(StepKind.STAND),)), [1, 1, 1, 3, 4, 6, 6]
    )
    (fell,) = of(events, ev.UnitFell)
    assert (fell.hex, fell.levels, fell.damage) == (H("0408"), 0, 5)
    assert after.units[0].mech.prone


def test_a_destroyed_leg_is_an_automatic_fall():
    """BT-M-33.1: leg destroyed: the 'Mech falls without a PSR."""
    state = still(duel(design(equipment=[("AC/20", RT), ("IS Ammo AC/20", RT)]), design()))
    unit = state.units[1]
    armor = list(unit.mech.armor)
    armor[LOCATIONS.index(LL)] = 0
    state = state.replace_unit(1, evolved_unit(unit, armor=tuple(armor)))
    attack = weapon_attack(state, 0, 0, 1, 4)
    # hit 4-4; location: front column 9 = left leg (4-5); then generous dice
    _, events = resolve(state, [attack], (4, 4, 4, 5) + (3,) * 40, exact=False)
    assert [p for p in of(events, ev.PilotingRoll) if p.unit == 1 and p.reason != "injury"] == []
    assert [f.unit for f in of(events, ev.UnitFell)] == [1]


# ---------------------------------------------------------------- BT-M-8.2: light woods in combat

PPC_MECH = design(equipment=[("PPC", RA)])


@pytest.mark.parametrize(
    ("woods", "number"),
    [
        pytest.param(("0812",), 5, id="one between: +1"),
        pytest.param(("0812", "0813"), 6, id="two between: +2"),
        pytest.param(("0812", "0813", "0814"), None, id="three between: no LOS"),
        pytest.param(("0811",), 5, id="target in light woods: +1"),
        pytest.param(("0811", "0812", "0813"), 7, id="in woods behind two: +3"),
    ],
)
def test_light_woods_modifiers_and_line_of_sight(woods, number):
    """BT-M-8.2 (cross-reference): light woods in line of sight and to-hit numbers.

    +1 per intervening light-woods hex, +1 if the target is in light woods; three or more
    intervening light-woods hexes block LOS. PPC from 0816 at 0811 (5 hexes, short), both still:
    Gunnery 4 plus the woods.
    """
    board = terrain_board(16, 24, **{f"h{label}": Terrain(woods=Woods.LIGHT) for label in woods})
    state = still(duel(PPC_MECH, design(), "0816", "0811", Facing.N, Facing.S, board))
    result = weapon_to_hit(state, 0, 0, 1)
    assert result.number == number
    if number is None:
        assert not result.possible
