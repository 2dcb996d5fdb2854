"""BT-M-24: dropping prone, standing up and turning on the ground (and BT-M-30 item 3/4)."""

from __future__ import annotations

import pytest

from engine.battletech import events as ev
from engine.battletech.commands import Move, Step, StepKind
from engine.battletech.designs.mech import Location
from engine.battletech.state import BTState, MoveMode
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, play, start, state_with, terrain_board

F = Step(StepKind.FORWARD)
B = Step(StepKind.BACKWARD)
L = Step(StepKind.LEFT)
R = Step(StepKind.RIGHT)
P = Step(StepKind.PRONE)
U = Step(StepKind.STAND)
H = Hex.from_label

FAILED_STAND = (2, 2, 1, 3, 4, 6, 6)
"""Stand roll 4 < 5; facing die 1 (front); 50 t -> 5 damage on the CT (3+4); injury roll 12."""


def standing(walk: int = 5, facing: Facing = Facing.N) -> BTState:
    """A 50-ton 'Mech in 0507 facing ``facing``; an enemy in the far corner."""
    board = terrain_board(10, 10)
    return start(board, [(design(50, walk), 0, "0507", facing), (design(), 1, "1010", Facing.N)])


def prone(walk: int = 5, **changes: object) -> BTState:
    """The same 'Mech lying prone, facing N."""
    return state_with(standing(walk), 0, prone=True, **changes)


def rejected(state: BTState, command) -> IllegalCommand:
    """The IllegalCommand a command raises (it must raise one)."""
    with pytest.raises(IllegalCommand) as caught:
        play(state, command)
    return caught.value


def of(events, kind):
    """The events of one type."""
    return [e for e in events if isinstance(e, kind)]


# ---------------------------------------------------------------- BT-M-24.2: going prone


def test_dropping_prone_costs_1_mp_and_keeps_the_facing():
    """BT-M-24.2: 1 MP; the 'Mech lies with the facing it had; no roll, no damage."""
    after, events = play(standing(facing=Facing.SW), Move(0, MoveMode.WALK, (P,)))
    unit = after.unit(0)
    assert (unit.mech.prone, unit.facing, unit.hex) == (True, Facing.SW, H("0507"))
    assert unit.movement.mp_spent == 1
    assert of(events, ev.UnitDroppedProne)[0].mp == 1
    assert not of(events, ev.UnitFell)
    assert not of(events, ev.PilotingRoll)
    assert not of(events, ev.DamageApplied)
    assert unit.mech.armor == standing().unit(0).mech.armor


def test_dropping_prone_at_the_end_of_a_walk():
    """BT-M-24.2: allowed any time the 'Mech has the MP, usually at the end of its move."""
    after, _ = play(standing(), Move(0, MoveMode.WALK, (F, F, F, F, P)))
    unit = after.unit(0)
    assert (unit.hex, unit.mech.prone) == (H("0503"), True)
    assert unit.movement.mp_spent == 5


def test_dropping_prone_needs_1_mp_left():
    """BT-M-24.2: with 5 of 5 MP spent the 'Mech cannot drop prone."""
    caught = rejected(standing(), Move(0, MoveMode.WALK, (F, F, F, F, F, P)))
    assert caught.code == "move/insufficient_mp"


def test_dropping_prone_alone_generates_no_heat():
    """BT-M-24.2: dropping prone generates no heat (the Mech neither entered a hex nor turned)."""
    _, events = play(standing(), Move(0, MoveMode.WALK, (P,)))
    assert of(events, ev.MovementEnded)[0].heat == 0


def test_a_prone_mech_cannot_drop_prone_again():
    """BT-M-24.2: only a standing 'Mech goes prone."""
    assert rejected(prone(), Move(0, MoveMode.WALK, (P,))).code == "move/prone"


# ---------------------------------------------------------------- BT-M-24.4: prone movement


@pytest.mark.parametrize("step", [F, B])
def test_a_prone_mech_cannot_crawl(step):
    """BT-M-24.4: a prone 'Mech cannot move into another hex."""
    assert rejected(prone(), Move(0, MoveMode.WALK, (step,))).code == "move/prone"


def test_a_prone_mech_may_turn_at_1_mp_per_hexside():
    """BT-M-24.4: instead of standing it may turn in its hex at 1 MP per hexside."""
    after, _ = play(prone(), Move(0, MoveMode.WALK, (L, L, L)))
    unit = after.unit(0)
    assert (unit.mech.prone, unit.facing, unit.hex) == (True, Facing.S, H("0507"))
    assert unit.movement.mp_spent == 3


def test_dropping_prone_then_walking_is_crawling():
    """BT-M-24.2/24.4: once prone it must stand up to move again."""
    assert rejected(standing(), Move(0, MoveMode.WALK, (P, F))).code == "move/prone"


# ---------------------------------------------------------------- BT-M-24.3: standing up


def test_standing_up_costs_2_mp_and_takes_any_facing():
    """BT-M-24.3: 2 MP, a PSR at Piloting + 0 (roll = target succeeds), then a free facing."""
    stand = Step(StepKind.STAND, Facing.S)
    after, events = play(prone(), Move(0, MoveMode.WALK, (stand,)), [2, 3])
    (psr,) = of(events, ev.PilotingRoll)
    assert (psr.reason, psr.target, psr.roll, psr.success) == ("stand", 5, (2, 3), True)
    unit = after.unit(0)
    assert (unit.mech.prone, unit.facing) == (False, Facing.S)
    assert unit.movement.mp_spent == 2


def test_standing_up_keeps_the_facing_when_none_is_chosen():
    """BT-M-24.3: the free facing may be the one it had."""
    after, _ = play(prone(), Move(0, MoveMode.WALK, (U,)), [6, 6])
    assert after.unit(0).facing is Facing.N


def test_after_standing_the_mech_spends_its_remaining_mp():
    """BT-M-24.3: Walk 5: stand (2) then three hexes; a fourth is too far."""
    after, _ = play(prone(), Move(0, MoveMode.WALK, (U, F, F, F)), [6, 6])
    assert after.unit(0).hex == H("0504")
    caught = rejected(prone(), Move(0, MoveMode.WALK, (U, F, F, F, F)))
    assert caught.code == "move/insufficient_mp"


def test_a_prone_mech_may_declare_run_to_stand():
    """BT-M-24.3: a 'Mech that starts prone declares walk or run; Run 8: stand (2) + 6 hexes."""
    after, _ = play(prone(), Move(0, MoveMode.RUN, (U, *(F,) * 6)), [6, 6])
    assert after.unit(0).hex == H("0501")


def test_a_failed_stand_is_a_0_level_fall_in_its_hex():
    """BT-M-24.3 / BT-M-33.2: the 'Mech falls again in its hex, with damage and injury roll."""
    after, events = play(prone(), Move(0, MoveMode.WALK, (U,)), FAILED_STAND)
    (psr, injury) = of(events, ev.PilotingRoll)
    assert (psr.reason, psr.success) == ("stand", False)
    assert injury.reason == "injury"
    (fell,) = of(events, ev.UnitFell)
    assert (fell.hex, fell.levels, fell.damage, fell.facing_roll) == (H("0507"), 0, 5, 1)
    assert after.unit(0).mech.prone


def test_it_may_try_again_while_it_has_2_mp():
    """BT-M-24.3 / BT-M-30 item 3: after a failed attempt it tries again with its MP left."""
    state, _ = play(prone(), Move(0, MoveMode.WALK, (U,)), FAILED_STAND)
    assert state.active == 0
    state, events = play(state, Move(0, MoveMode.WALK, (U, F)), [6, 6])
    unit = state.unit(0)
    assert (unit.mech.prone, unit.hex) == (False, H("0506"))
    assert unit.movement.mp_spent == 5
    # walking heat 1 + 1 per stand attempt (two attempts)
    assert of(events, ev.MovementEnded)[0].heat == 3


def test_no_third_attempt_with_1_mp_left():
    """BT-M-24.3: two failed attempts leave 1 of 5 MP: no more attempts, but a turn is fine."""
    state, _ = play(prone(), Move(0, MoveMode.WALK, (U,)), FAILED_STAND)
    state, _ = play(state, Move(0, MoveMode.WALK, (U,)), FAILED_STAND)
    assert rejected(state, Move(0, MoveMode.WALK, (U,))).code == "move/insufficient_mp"
    state, _ = play(state, Move(0, MoveMode.WALK, (R,)))
    unit = state.unit(0)
    assert (unit.facing, unit.mech.prone, unit.movement.mp_spent) == (Facing.NE, True, 5)


@pytest.mark.parametrize(
    ("crits", "gone", "target"),
    [
        pytest.param(set(), set(), 5, id="no damage"),
        pytest.param({(Location.LA, 3)}, set(), 6, id="hand actuator +1"),
        pytest.param({(Location.LA, 2), (Location.LA, 3)}, set(), 6, id="two in one arm +1"),
        pytest.param({(Location.LA, 0), (Location.RA, 1)}, set(), 7, id="one in each arm +2"),
        pytest.param(set(), {Location.RA}, 7, id="arm destroyed +2"),
        pytest.param({(Location.RA, 3)}, {Location.RA}, 7, id="destroyed arm caps at +2"),
        pytest.param({(Location.LA, 1)}, {Location.RA}, 8, id="destroyed + damaged"),
        pytest.param(set(), {Location.LA, Location.RA}, 9, id="both arms destroyed"),
        pytest.param({(Location.LL, 0)}, set(), 7, id="hip: preexisting +2"),
        pytest.param({(Location.CT, 5)}, set(), 8, id="gyro hit: preexisting +3"),
        pytest.param({(Location.LA, 3), (Location.RL, 3)}, set(), 7, id="arm and foot"),
    ],
)
def test_stand_up_target(crits, gone, target):
    """BT-M-24.3: Piloting + arm modifiers (per arm at most +2) + preexisting damage."""
    state = prone(crits=frozenset(crits))
    unit = state.unit(0)
    internal = tuple(
        0 if loc in gone else value for loc, value in zip(Location, unit.mech.internal, strict=True)
    )
    state = state_with(state, 0, internal=internal)
    _, events = play(state, Move(0, MoveMode.WALK, (U,)), [6, 6])
    (psr,) = of(events, ev.PilotingRoll)
    assert (psr.reason, psr.target) == ("stand", target)


GYRO_GONE = frozenset({(Location.CT, 3), (Location.CT, 4)})


def test_a_destroyed_gyro_never_stands():
    """BT-M-24.3 / BT-M-32.1: a 'Mech with a destroyed gyro can never stand."""
    assert rejected(prone(crits=GYRO_GONE), Move(0, MoveMode.WALK, (U,))).code == "move/gyro"


def test_a_destroyed_gyro_turns_one_hexside_a_turn():
    """BT-M-24.4: with a destroyed gyro it may turn at most 1 hexside per turn."""
    after, _ = play(prone(crits=GYRO_GONE), Move(0, MoveMode.WALK, (R,)))
    assert after.unit(0).facing is Facing.NE
    caught = rejected(prone(crits=GYRO_GONE), Move(0, MoveMode.WALK, (R, R)))
    assert caught.code == "move/gyro"


def test_a_destroyed_gyro_needs_1_mp_to_turn():
    """BT-M-24.4: the one hexside a turn only if it has at least 1 MP (heat 25: Walk 0)."""
    state = prone(crits=GYRO_GONE, heat=25)
    assert rejected(state, Move(0, MoveMode.WALK, (R,))).code == "move/insufficient_mp"
