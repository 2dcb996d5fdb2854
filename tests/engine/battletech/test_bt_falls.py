"""BT-M-33..36 and BT-M-16: falls, their damage, the MechWarrior's injury and consciousness.

Where and how far a 'Mech falls, the damage and where it lands, the injury roll, consciousness
and death. Dice of a fall, in order: 1 facing die, 2 dice per 5-point damage group, 2 dice for
the injury roll (plus 2 for a consciousness roll when the pilot is hurt).
"""

from __future__ import annotations

import pytest

from engine.battletech import events as ev
from engine.battletech.board import Terrain
from engine.battletech.commands import EndPhase, Move, Step, StepKind
from engine.battletech.designs.mech import Location
from engine.battletech.rules.damage import damage_groups, fall_damage
from engine.battletech.state import BTState, MoveMode, Phase
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, play, start, state_with, terrain_board

F = Step(StepKind.FORWARD)
U = Step(StepKind.STAND)
H = Hex.from_label
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


def two(total: int) -> tuple[int, int]:
    """Two dice that add up to ``total``."""
    first = max(1, total - 6)
    return first, total - first


def mech(tons: int = 50, walk: int = 5, facing: Facing = Facing.N, **hexes: Terrain) -> BTState:
    """A 'Mech in 0509 facing ``facing``; an enemy in 1010."""
    board = terrain_board(10, 10, **hexes)
    units = [(design(tons, walk), 0, "0509", facing), (design(), 1, "1010", Facing.N)]
    return start(board, units)


def of(events, kind):
    """The events of one type."""
    return [e for e in events if isinstance(e, kind)]


def damage(events) -> list[tuple[Location, int, bool]]:
    """(location, points, rear) of every damage group."""
    return [(d.location, d.armor + d.internal, d.rear) for d in of(events, ev.DamageApplied)]


def fail_to_stand(state: BTState, *dice: int):
    """Unit 0 (prone) fails a stand attempt (1+1); ``dice`` are the fall's dice."""
    return play(state, Move(0, MoveMode.WALK, (U,)), [1, 1, *dice])


# ---------------------------------------------------------------- BT-M-35: damage


@pytest.mark.parametrize(
    ("tons", "levels", "water", "total"),
    [
        (65, 0, False, 7),
        (65, 2, False, 21),
        (65, 0, True, 4),
        (20, 0, False, 2),
        (25, 1, False, 6),
        (45, 0, True, 3),
        (55, 1, True, 6),
        (100, 3, False, 40),
        (35, 0, True, 2),
    ],
)
def test_falling_damage_formula(tons, levels, water, total):
    """BT-M-35: ceil(t/10) x (levels + 1), halved rounding up in Depth 1+ water."""
    assert fall_damage(tons, levels, water=water) == total


@pytest.mark.parametrize(
    ("total", "groups"),
    [
        (33, (5, 5, 5, 5, 5, 5, 3)),
        (7, (5, 2)),
        (21, (5, 5, 5, 5, 1)),
        (4, (4,)),
        (5, (5,)),
        (10, (5, 5)),
    ],
)
def test_damage_comes_in_groups_of_5(total, groups):
    """BT-M-35 item 3: groups of 5 plus one smaller remainder (seed: 33 = six 5s and a 3)."""
    assert damage_groups(total) == groups


def test_worked_example_0_level_fall_of_65_tons():
    """BT-M-35 worked example: a failed stand of a 65 t 'Mech: 7 damage in groups 5, 2."""
    state = state_with(mech(65), 0, prone=True)
    after, events = fail_to_stand(state, 1, 3, 4, 3, 4, 6, 6)
    (fell,) = of(events, ev.UnitFell)
    assert (fell.hex, fell.levels, fell.damage, fell.halved) == (H("0509"), 0, 7, False)
    assert damage(events) == [(CT, 5, False), (CT, 2, False)]
    assert after.unit(0).body.prone


def test_worked_example_2_level_fall_of_65_tons():
    """BT-M-35 / BT-M-33.3: Level 2 -> Level 0 rubble, failed: 2 levels, 21 in 5,5,5,5,1."""
    state = mech(65, h0509=Terrain(level=2), h0508=Terrain(rubble=True))
    dice = [1, 1, 1, *(3, 4) * 5, 6, 6]
    after, events = play(state, Move(0, MoveMode.WALK, (F,)), dice)
    (fell,) = of(events, ev.UnitFell)
    assert (fell.hex, fell.levels, fell.damage) == (H("0508"), 2, 21)
    assert [points for _, points, _ in damage(events)] == [5, 5, 5, 5, 1]
    injury = of(events, ev.PilotingRoll)[-1]
    assert (injury.reason, injury.target) == ("injury", 7)
    assert after.unit(0).hex == H("0508")


def test_worked_example_fall_into_depth_1_water():
    """BT-M-35 worked example: Level 0 land into Depth 1 water: ceil(7 / 2) = 4, one group."""
    state = mech(65, h0508=Terrain(water=1))
    after, events = play(state, Move(0, MoveMode.WALK, (F,)), [1, 1, 1, 3, 4, 6, 6])
    (fell,) = of(events, ev.UnitFell)
    assert (fell.hex, fell.levels, fell.damage, fell.halved) == (H("0508"), 0, 4, True)
    assert damage(events) == [(CT, 4, False)]
    assert after.unit(0).hex == H("0508")


# ---------------------------------------------------------------- BT-M-33.2/33.3: where, how far


@pytest.mark.parametrize(
    ("here", "there", "where", "levels", "total"),
    [
        pytest.param(Terrain(), Terrain(level=1, rubble=True), "0509", 0, 7, id="uphill: back"),
        pytest.param(Terrain(level=1), Terrain(rubble=True), "0508", 1, 14, id="down 1 level"),
        pytest.param(Terrain(water=1), Terrain(water=1), "0508", 0, 4, id="D1 -> D1 halved"),
        pytest.param(Terrain(level=1), Terrain(water=1), "0508", 1, 7, id="L1 into D1"),
        pytest.param(Terrain(), Terrain(water=2), "0508", 0, 4, id="L0 into D2"),
        pytest.param(Terrain(water=1), Terrain(rubble=True), "0509", 0, 4, id="D1 -> rubble: A"),
    ],
)
def test_a_terrain_fall_lands_in_the_lower_hex(here, there, where, levels, total):
    """BT-M-33.2/33.3 reading: the lower standing level of A and B (B if equal); to the surface."""
    state = mech(65, 8, h0509=here, h0508=there)
    groups = len(damage_groups(total))
    dice = [1, 1, 1, *(3, 4) * groups, 6, 6]
    after, events = play(state, Move(0, MoveMode.WALK, (F,)), dice)
    (fell,) = of(events, ev.UnitFell)
    assert (fell.hex, fell.levels, fell.damage) == (H(where), levels, total)
    assert after.unit(0).hex == H(where)
    injury = of(events, ev.PilotingRoll)[-1]
    assert (injury.reason, injury.target) == ("injury", 5 + levels)


# ---------------------------------------------------------------- BT-M-34.1: facing after a fall


@pytest.mark.parametrize("start_facing", [Facing.N, Facing.SW])
@pytest.mark.parametrize(
    ("die", "turn", "column", "hit"),
    [
        (1, 0, "front", (CT, False)),
        (2, 1, "right", (RT, False)),
        (3, 2, "right", (RT, False)),
        (4, 3, "rear", (CT, True)),
        (5, -2, "left", (LT, False)),
        (6, -1, "left", (LT, False)),
    ],
)
def test_fall_facing_table(start_facing, die, turn, column, hit):
    """BT-M-34.1: the facing die turns the 'Mech and picks the column (2D6 = 7 shown)."""
    location, rear = hit
    state = state_with(mech(facing=start_facing), 0, prone=True)
    after, events = fail_to_stand(state, die, 3, 4, 6, 6)
    (fell,) = of(events, ev.UnitFell)
    assert (fell.facing_roll, fell.column) == (die, column)
    assert fell.facing is start_facing.turn(turn)
    assert damage(events) == [(location, 5, rear)]
    unit = after.unit(0)
    assert (unit.facing, unit.body.prone) == (start_facing.turn(turn), True)


# ---------------------------------------------------------------- BT-M-34.2: hit locations

HIT_TABLE = {
    # 2D6: (Left side, Front/Rear, Right side), as printed in BT-M-34.2
    2: (LT, CT, RT),
    3: (LL, RA, RL),
    4: (LA, RA, RA),
    5: (LA, RL, RA),
    6: (LL, RT, RL),
    7: (LT, CT, RT),
    8: (CT, LT, CT),
    9: (RT, LL, LT),
    10: (RA, LA, LA),
    11: (RL, LA, LL),
    12: (HD, HD, HD),
}
COLUMNS = {"front": (1, 1), "rear": (4, 1), "right": (2, 2), "left": (6, 0)}
"""Column name -> (facing die that gives it, index into a HIT_TABLE row)."""


@pytest.mark.parametrize("column", list(COLUMNS))
@pytest.mark.parametrize("roll", list(HIT_TABLE))
def test_hit_location_table(column, roll):
    """BT-M-34.2: each 2D6 result on each column; rear torso hits strike rear armor."""
    die, index = COLUMNS[column]
    location = HIT_TABLE[roll][index]
    state = state_with(mech(20), 0, prone=True)
    conscious = (6, 6) if location is HD else ()  # a head hit wounds the pilot (BT-M-15)
    tac = (1, 2) if roll == 2 else ()  # a 2 also rolls for a critical (BT-C-22): 3, none
    _, events = fail_to_stand(state, die, *two(roll), *tac, *conscious, 6, 6)
    rear = column == "rear" and location in {CT, LT, RT}
    assert damage(events) == [(location, 2, rear)]


def test_a_head_hit_wounds_the_pilot_even_through_armor():
    """BT-M-15: any hit on the head wounds the MechWarrior, even if the armor holds."""
    state = state_with(mech(20), 0, prone=True)
    after, events = fail_to_stand(state, 1, 6, 6, 6, 6, 6, 6)
    (wound,) = of(events, ev.PilotWounded)
    assert (wound.wounds, wound.total) == (1, 1)
    assert after.unit(0).body.internal_at(HD) == state.unit(0).mech.internal_at(HD)


# ---------------------------------------------------------------- BT-M-36: the injury roll


@pytest.mark.parametrize(
    ("crits", "stand", "injury"),
    [
        pytest.param(set(), 5, 5, id="no damage"),
        pytest.param({(LA, 3)}, 6, 5, id="arm modifier is not added"),
        pytest.param({(LL, 0)}, 7, 7, id="hip: preexisting +2 counts"),
        pytest.param({(CT, 3), (RA, 0)}, 9, 8, id="gyro +3 counts, arm does not"),
    ],
)
def test_injury_roll_target(crits, stand, injury):
    """BT-M-36 reading: Piloting + levels + preexisting; not the action's own modifier."""
    state = state_with(mech(), 0, prone=True, crits=frozenset(crits))
    _, events = fail_to_stand(state, 1, 3, 4, 6, 6)
    psrs = [(p.reason, p.target) for p in of(events, ev.PilotingRoll)]
    assert psrs == [("stand", stand), ("injury", injury)]


def test_the_water_modifier_is_not_added_to_the_injury_roll():
    """BT-M-36 reading: a fall after a Depth 1 roll (4) has an injury roll at 5."""
    state = mech(h0508=Terrain(water=1))
    _, events = play(state, Move(0, MoveMode.WALK, (F,)), [1, 1, 1, 3, 4, 6, 6])
    psrs = [(p.reason, p.target) for p in of(events, ev.PilotingRoll)]
    assert psrs == [("water", 4), ("injury", 5)]


def test_a_failed_injury_roll_is_one_wound_and_a_consciousness_roll():
    """BT-M-36 / BT-M-16 item 2: 1 wound, then 2D6 against the number for 1 wound (3)."""
    state = state_with(mech(), 0, prone=True)
    after, events = fail_to_stand(state, 1, 3, 4, 2, 2, 2, 1)
    (wound,) = of(events, ev.PilotWounded)
    assert (wound.wounds, wound.total) == (1, 1)
    (roll,) = of(events, ev.ConsciousnessRolled)
    assert (roll.target, roll.roll, roll.conscious) == (3, (2, 1), True)
    assert after.unit(0).body.wounds == 1


# ---------------------------------------------------------------- BT-M-16: consciousness


@pytest.mark.parametrize(("before", "number"), [(0, 3), (1, 5), (2, 7), (3, 10), (4, 11)])
@pytest.mark.parametrize("awake", [True, False])
def test_consciousness_numbers(before, number, awake):
    """BT-M-16: 1-5 wounds need 3, 5, 7, 10, 11 or more on 2D6 to stay conscious."""
    state = state_with(mech(), 0, prone=True, wounds=before)
    roll = two(number if awake else number - 1)
    after, events = fail_to_stand(state, 1, 3, 4, 1, 1, *roll)
    (check,) = of(events, ev.ConsciousnessRolled)
    assert (check.target, check.conscious) == (number, awake)
    unit = after.unit(0)
    assert (unit.body.wounds, unit.body.conscious) == (before + 1, awake)


def test_the_sixth_wound_kills_and_ends_the_game():
    """BT-M-16 item 1 / BT-M-12: 6 wounds kill (no roll); the 'Mech is destroyed; last unit."""
    state = state_with(mech(), 0, prone=True, wounds=5)
    after, events = fail_to_stand(state, 1, 3, 4, 1, 1)
    assert not of(events, ev.ConsciousnessRolled)
    (wound,) = of(events, ev.PilotWounded)
    assert wound.total == 6
    assert of(events, ev.UnitDestroyed)[0].unit == 0
    assert after.unit(0).destroyed
    (over,) = of(events, ev.GameEnded)
    assert over.winner == 1
    assert after.phase is Phase.OVER


def test_an_unconscious_warrior_cannot_move():
    """BT-M-16 item 3 / BT-M-20.5: an unconscious pilot's 'Mech can only stand still."""
    state = state_with(mech(), 0, conscious=False, wounds=2)
    with pytest.raises(IllegalCommand) as caught:
        play(state, Move(0, MoveMode.WALK, (F,)))
    assert caught.value.code == "move/cannot_move"
    after, _ = play(state, Move(0, MoveMode.STILL))
    assert after.unit(0).movement.done


def _end_turn(state: BTState, dice) -> tuple[BTState, list]:
    """Both units stand still, then the End Phase runs with ``dice``."""
    state, _ = play(state, Move(0, MoveMode.STILL))
    state, _ = play(state, Move(1, MoveMode.STILL))
    return play(state, EndPhase(), dice)


@pytest.mark.parametrize(("wounds", "roll", "wakes"), [(3, 7, True), (3, 6, False), (1, 3, True)])
def test_recovery_roll_in_a_later_end_phase(wounds, roll, wakes):
    """BT-M-16 item 4: in the End Phase after the turn he went out, 2D6 >= his number wakes him."""
    state = state_with(mech(), 0, conscious=False, wounds=wounds, knocked_out_turn=0)
    after, events = _end_turn(state, two(roll))
    (check,) = of(events, ev.ConsciousnessRolled)
    assert (check.recovery, check.conscious) == (True, wakes)
    assert after.unit(0).mech.conscious is wakes


def test_no_recovery_roll_in_the_turn_he_was_knocked_out():
    """BT-M-16 item 4: only in turns *after* the turn he was knocked out."""
    state = state_with(mech(), 0, conscious=False, wounds=1, knocked_out_turn=1)
    after, events = _end_turn(state, ())
    assert not of(events, ev.ConsciousnessRolled)
    assert not after.unit(0).mech.conscious


def test_a_pilot_knocked_out_by_the_fall_fails_the_injury_roll():
    """BT-M-36 / BT-M-16 item 2: knocked out by a head hit: the injury roll fails, no new roll."""
    state = state_with(mech(20), 0, prone=True)
    # facing die 1; 2D6 = 12: head; consciousness 1+1 < 3; then no dice for the injury roll.
    after, events = fail_to_stand(state, 1, 6, 6, 1, 1)
    injury = of(events, ev.PilotingRoll)[-1]
    assert (injury.reason, injury.automatic, injury.success) == ("injury", True, False)
    assert [w.total for w in of(events, ev.PilotWounded)] == [1, 2]
    assert len(of(events, ev.ConsciousnessRolled)) == 1
    assert (after.unit(0).body.wounds, after.unit(0).body.conscious) == (2, False)


@pytest.mark.parametrize(("depth", "total", "halved"), [(1, 4, True), (2, 4, True), (0, 7, False)])
def test_a_fall_in_the_water_it_stands_in_is_halved(depth, total, halved):
    """BT-M-35 item 2 reading: halve in Depth 1+ even when already in water; Depth 0 never."""
    state = state_with(mech(65, h0509=Terrain(water=depth)), 0, prone=True)
    groups = (3, 4) * len(damage_groups(total))
    _, events = fail_to_stand(state, 1, *groups, 6, 6)
    (fell,) = of(events, ev.UnitFell)
    assert (fell.damage, fell.halved) == (total, halved)
