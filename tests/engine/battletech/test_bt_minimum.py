"""BT-M-18 item 5: Minimum Movement, with the digest's reading of every detail.

One hex straight forward whatever it costs, as the only hex of the turn; facing changes first are
paid normally; never backward, never into prohibited terrain, never with 0 MP; it counts as having
run; a prone 'Mech with exactly 1 MP gets one stand attempt through it.
"""

from __future__ import annotations

import pytest

from engine.battletech import events as ev
from engine.battletech.board import Terrain, Woods
from engine.battletech.commands import Move, Step, StepKind
from engine.battletech.designs.mech import Location
from engine.battletech.rules.movement import reachable
from engine.battletech.state import BTState, MoveMode
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, play, start, state_with, terrain_board

F = Step(StepKind.FORWARD)
B = Step(StepKind.BACKWARD)
L = Step(StepKind.LEFT)
R = Step(StepKind.RIGHT)
H = Hex.from_label
HEAVY = Terrain(woods=Woods.HEAVY)


def slow_mech(walk: int = 2, **hexes: Terrain) -> BTState:
    """A 50-ton 'Mech with ``walk`` Walk MP in 0505 facing N; an enemy in the far corner."""
    board = terrain_board(10, 10, **hexes)
    return start(board, [(design(50, walk), 0, "0505", Facing.N), (design(), 1, "1010", Facing.N)])


def rejected(state: BTState, command) -> IllegalCommand:
    """The IllegalCommand a command raises (it must raise one)."""
    with pytest.raises(IllegalCommand) as caught:
        play(state, command)
    return caught.value


def of(events, kind):
    """The events of one type."""
    return [e for e in events if isinstance(e, kind)]


def legs_gone(state: BTState, index: int, *legs: Location) -> BTState:
    """The state with the named locations' internal structure gone."""
    unit = state.unit(index)
    internal = tuple(
        0 if loc in legs else value for loc, value in zip(Location, unit.mech.internal, strict=True)
    )
    return state_with(state, index, internal=internal)


def test_one_hex_forward_whatever_it_costs():
    """BT-M-18 item 5: Walk 2 may still enter a 3-MP heavy woods hex as its only hex."""
    after, events = play(slow_mech(h0504=HEAVY), Move(0, MoveMode.WALK, (F,)))
    (entered,) = of(events, ev.UnitEntered)
    assert (entered.hex, entered.minimum, entered.mp) == (H("0504"), True, 2)
    unit = after.unit(0)
    assert unit.hex == H("0504")
    assert unit.movement is not None
    assert unit.movement.minimum


@pytest.mark.parametrize(
    ("turns", "mp_left"),
    [pytest.param((R,), 1, id="one turn first"), pytest.param((R, R), 0, id="0 MP left")],
)
def test_facing_changes_first_are_paid_then_the_hex_is_entered(turns, mp_left):
    """BT-M-18 item 5 reading: turns first are paid; the hex takes what is left (even 0)."""
    ahead = H("0505").neighbor(Facing.N.turn(len(turns)))
    state = slow_mech(**{f"h{ahead.label}": HEAVY})
    after, events = play(state, Move(0, MoveMode.WALK, (*turns, F)))
    (entered,) = of(events, ev.UnitEntered)
    assert (entered.hex, entered.minimum, entered.mp) == (ahead, True, mp_left)
    assert after.unit(0).movement.mp_spent == 2


def test_minimum_movement_ends_the_move():
    """BT-M-18 item 5 reading: after the one hex the unit's movement ends."""
    caught = rejected(slow_mech(h0504=HEAVY), Move(0, MoveMode.WALK, (F, R)))
    assert caught.code == "move/minimum"
    after, events = play(slow_mech(h0504=HEAVY), Move(0, MoveMode.WALK, (F,)))
    assert after.active is None
    assert after.unit(0).movement.done
    assert len(of(events, ev.MovementEnded)) == 1


def test_not_after_entering_another_hex():
    """BT-M-18 item 5: only if it enters no other hex this turn."""
    caught = rejected(slow_mech(h0503=HEAVY), Move(0, MoveMode.WALK, (F, F)))
    assert caught.code == "move/insufficient_mp"
    assert "step 2 (F)" in caught.message


def test_never_backward():
    """BT-M-18 item 5 reading: only straight forward, never backward."""
    caught = rejected(slow_mech(h0506=HEAVY), Move(0, MoveMode.WALK, (B,)))
    assert caught.code == "move/insufficient_mp"


def test_never_across_a_prohibited_elevation_change():
    """BT-M-18 item 5: not into terrain prohibited to the unit (a 3-level climb)."""
    caught = rejected(slow_mech(h0504=Terrain(level=3)), Move(0, MoveMode.WALK, (F,)))
    assert caught.code == "move/blocked"


def test_a_running_unit_cannot_use_it_to_enter_deep_water():
    """BT-M-18 item 5 reading: the declared mode's restrictions still apply (run: no Depth 1+)."""
    caught = rejected(slow_mech(1, h0504=Terrain(water=2)), Move(0, MoveMode.RUN, (F,)))
    assert caught.code == "move/water"


def test_a_walking_unit_may_use_it_to_enter_deep_water():
    """BT-M-18 item 5: Walk 2 enters Depth 2 water (4 + 2 MP) and makes the water PSR."""
    after, events = play(slow_mech(h0504=Terrain(water=2)), Move(0, MoveMode.WALK, (F,)), [6, 6])
    (psr,) = of(events, ev.PilotingRoll)
    assert (psr.reason, psr.target) == ("water", 5)
    assert after.unit(0).hex == H("0504")


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param({"heat": 25}, id="heat 25 on Walk 5"),
        pytest.param({"crits": frozenset({(Location.LL, 0), (Location.RL, 0)})}, id="two hips"),
    ],
)
def test_a_unit_with_0_mp_can_never_use_it(damage):
    """BT-M-18 item 5 reading: a unit with 0 MP (heat, two hip hits) cannot use the rule."""
    state = state_with(slow_mech(5), 0, **damage)
    caught = rejected(state, Move(0, MoveMode.WALK, (F,)))
    assert caught.code == "move/insufficient_mp"


def test_both_legs_destroyed_leaves_0_mp():
    """BT-M-18 item 5 reading: both legs gone -> 0 MP -> not even one hex."""
    state = legs_gone(slow_mech(5), 0, Location.LL, Location.RL)
    caught = rejected(state, Move(0, MoveMode.WALK, (F,)))
    assert caught.code == "move/insufficient_mp"


def test_counts_as_running_but_heat_follows_the_declared_mode():
    """BT-M-18 item 5 reading: "counts as having run" for to-hit; walking heat stays 1."""
    after, events = play(slow_mech(h0504=HEAVY), Move(0, MoveMode.WALK, (F,)))
    assert after.unit(0).movement.minimum
    (end,) = of(events, ev.MovementEnded)
    assert end.heat == 1


def test_reachable_offers_the_minimum_movement_hex():
    """BT-M-18 item 5: the reachable query lists the one hex ahead, marked as Minimum Movement."""
    reach = reachable(slow_mech(h0504=HEAVY), 0, MoveMode.WALK)
    assert reach[(H("0504"), Facing.N)].minimum
    assert (H("0503"), Facing.N) not in reach


# ---------------------------------------------------------------- standing with 1 MP


def prone_slow(walk: int = 1, **changes: object) -> BTState:
    """A prone 'Mech with ``walk`` Walk MP in 0505."""
    return state_with(slow_mech(walk), 0, prone=True, **changes)


def test_a_prone_mech_with_1_mp_makes_one_stand_attempt():
    """BT-M-18 item 5 / BT-M-24.3: allowance exactly 1: one attempt, for its 1 MP."""
    stand = Step(StepKind.STAND, Facing.SE)
    after, events = play(prone_slow(), Move(0, MoveMode.WALK, (stand,)), [3, 2])
    (attempt,) = of(events, ev.StandAttempted)
    assert attempt.mp == 1
    (psr,) = of(events, ev.PilotingRoll)
    assert (psr.reason, psr.target, psr.success) == ("stand", 5, True)
    unit = after.unit(0)
    assert (unit.mech.prone, unit.facing) == (False, Facing.SE)
    assert unit.movement.done


def test_the_single_attempt_ends_the_move_even_when_it_fails():
    """BT-M-18 item 5 reading: its movement then ends whether the attempt succeeds or not."""
    stand = Step(StepKind.STAND)
    # stand 2+2 < 5; facing die 1; 5 damage on CT (3+4); injury 6+6.
    after, events = play(prone_slow(), Move(0, MoveMode.WALK, (stand,)), [2, 2, 1, 3, 4, 6, 6])
    assert len(of(events, ev.UnitFell)) == 1
    assert after.unit(0).mech.prone
    assert after.unit(0).movement.done
    assert after.active is None


def test_nothing_may_follow_the_single_attempt():
    """BT-M-18 item 5: with 1 MP the stand attempt is all the unit does."""
    caught = rejected(prone_slow(), Move(0, MoveMode.WALK, (Step(StepKind.STAND), F)))
    assert caught.code == "move/minimum"


def test_a_one_legged_mech_stands_once_a_turn_at_plus_5():
    """BT-M-24.3 / BT-M-20.6: a destroyed leg gives Walk 1; one attempt at Piloting + 5."""
    state = legs_gone(prone_slow(5), 0, Location.LL)
    after, events = play(state, Move(0, MoveMode.WALK, (Step(StepKind.STAND),)), [5, 5])
    (psr,) = of(events, ev.PilotingRoll)
    assert (psr.target, psr.success) == (10, True)
    assert of(events, ev.StandAttempted)[0].mp == 1
    assert not after.unit(0).mech.prone


def test_a_larger_allowance_with_under_2_mp_left_cannot_stand():
    """BT-M-18 item 5 reading: Walk 3 after turning twice has 1 MP left: no stand attempt."""
    caught = rejected(prone_slow(3), Move(0, MoveMode.WALK, (R, R, Step(StepKind.STAND))))
    assert caught.code == "move/insufficient_mp"
    assert "step 3 (U)" in caught.message


def test_a_larger_allowance_pays_2_mp_to_stand():
    """BT-M-24.3: with Walk 3 an attempt costs the normal 2 MP."""
    _, events = play(prone_slow(3), Move(0, MoveMode.WALK, (Step(StepKind.STAND),)), [6, 6])
    assert of(events, ev.StandAttempted)[0].mp == 2
