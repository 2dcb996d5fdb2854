"""BT-M-9..12: the turn sequence, initiative, the alternation of movement and the end of a turn.

Games here start in the Initiative phase of turn 1 (every unit placed). Side 0's dice come first
in an initiative roll; side 0's units stand in row 01, side 1's in row 10.
"""

from __future__ import annotations

import pytest

from engine.battletech import RULESET
from engine.battletech import events as ev
from engine.battletech.board import Bridge, Terrain
from engine.battletech.commands import EndMove, EndPhase, Move, RollInitiative, Step, StepKind
from engine.battletech.rules.flow import pending
from engine.battletech.state import BTSetup, BTState, MoveMode, Phase, Pilot, UnitSetup
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, play, start, state_with, terrain_board

F = Step(StepKind.FORWARD)
H = Hex.from_label
SIDE_0_LOSES = (1, 1, 6, 6)
SIDE_1_LOSES = (6, 6, 1, 1)


def game(side0: int, side1: int) -> BTState:
    """A game in the Initiative phase of turn 1 with ``side0`` and ``side1`` 'Mechs."""
    units = [UnitSetup(design(), 0, Pilot(), H(f"{c + 1:02d}01"), Facing.S) for c in range(side0)]
    units += [UnitSetup(design(), 1, Pilot(), H(f"{c + 1:02d}10"), Facing.N) for c in range(side1)]
    setup = BTSetup(terrain_board(12, 10), ("Blue", "Red"), tuple(units))
    return RULESET.start(setup)


def rejected(state: BTState, command) -> IllegalCommand:
    """The IllegalCommand a command raises (it must raise one)."""
    with pytest.raises(IllegalCommand) as caught:
        play(state, command)
    return caught.value


def of(events, kind):
    """The events of one type."""
    return [e for e in events if isinstance(e, kind)]


def movers(state: BTState) -> list[int]:
    """Let every unit stand still in turn; return the side of each unit as it moved."""
    sides = []
    while pending(state):
        side = state.side_to_act
        assert side is not None
        unit = min(pending(state, side))
        state, _ = play(state, Move(unit, MoveMode.STILL))
        sides.append(side)
    return sides


def expand(pairs, loser: int) -> list[int]:
    """(loser units, winner units) slot pairs as the sequence of sides that move."""
    winner = 1 - loser
    return [s for a, b in pairs for s in [loser] * a + [winner] * b]


# ---------------------------------------------------------------- BT-M-10: initiative


def test_the_game_begins_with_initiative():
    """BT-M-9: each turn starts with the Initiative Phase."""
    state = game(1, 1)
    assert (state.phase, state.turn) == (Phase.INITIATIVE, 1)


@pytest.mark.parametrize(
    ("dice", "order"),
    [
        pytest.param((3, 4, 2, 3), (1, 0), id="7 beats 5"),
        pytest.param((1, 2, 6, 5), (0, 1), id="3 loses to 11"),
        pytest.param((6, 6, 5, 6), (1, 0), id="12 beats 11"),
    ],
)
def test_higher_total_wins_and_the_loser_moves_first(dice, order):
    """BT-M-10: the higher 2D6 total wins; the loser moves first, the winner last."""
    after, events = play(game(1, 1), RollInitiative(), dice)
    (rolled,) = of(events, ev.InitiativeRolled)
    assert rolled.order == order
    assert after.phase is Phase.MOVEMENT
    assert after.side_to_act == order[0]


def test_ties_are_rolled_again():
    """BT-M-10: ties: both sides re-roll."""
    after, events = play(game(1, 1), RollInitiative(), (3, 4, 4, 3, 2, 2, 1, 1))
    (rolled,) = of(events, ev.InitiativeRolled)
    assert rolled.rounds == (((0, 3, 4), (1, 4, 3)), ((0, 2, 2), (1, 1, 1)))
    assert rolled.order == (1, 0)
    assert after.side_to_act == 1


# ---------------------------------------------------------------- BT-M-11: alternation


@pytest.mark.parametrize(
    ("losers", "winners", "pairs"),
    [
        pytest.param(5, 2, [(2, 1), (3, 1)], id="5 v 2"),
        pytest.param(2, 5, [(1, 2), (1, 3)], id="2 v 5"),
        pytest.param(4, 3, [(1, 1), (1, 1), (2, 1)], id="4 v 3"),
        pytest.param(1, 1, [(1, 1)], id="1 v 1"),
        pytest.param(3, 1, [(3, 1)], id="3 v 1"),
        pytest.param(1, 3, [(1, 3)], id="1 v 3"),
        pytest.param(6, 2, [(3, 1), (3, 1)], id="6 v 2"),
        pytest.param(2, 2, [(1, 1), (1, 1)], id="2 v 2"),
    ],
)
@pytest.mark.parametrize("loser", [0, 1])
def test_ratio_rule_for_movement(losers, winners, pairs, loser):
    """BT-M-11 item 3 ASSUMPTION: the declaration ratio rule, applied to movement."""
    counts = (losers, winners) if loser == 0 else (winners, losers)
    state, events = play(
        game(*counts), RollInitiative(), SIDE_0_LOSES if loser == 0 else SIDE_1_LOSES
    )
    first = pairs[0]
    assert of(events, ev.SlotsDealt)[-1].slots == ((loser, first[0]), (1 - loser, first[1]))
    sides = movers(state)
    assert sides == expand(pairs, loser)
    assert sides[-1] == 1 - loser  # the winner always acts last


def test_prone_and_unconscious_units_count_for_the_ratio():
    """BT-M-11 item 4 ASSUMPTION: every unit on the map that is not destroyed counts."""
    state = state_with(game(2, 1), 0, prone=True)
    state = state_with(state, 1, conscious=False, wounds=1)
    _, events = play(state, RollInitiative(), SIDE_0_LOSES)
    assert of(events, ev.SlotsDealt)[-1].slots == ((0, 2), (1, 1))


def test_destroyed_units_do_not_count():
    """BT-M-11 item 4 / BT-M-12: a destroyed unit is out of the alternation."""
    state = state_with(game(3, 1), 0, destroyed=True)
    after, events = play(state, RollInitiative(), SIDE_0_LOSES)
    assert of(events, ev.SlotsDealt)[-1].slots == ((0, 2), (1, 1))
    assert rejected(after, Move(0, MoveMode.STILL)).code == "move/off_map"


def test_a_side_moves_only_in_its_slot():
    """BT-M-9 step 2-3 / BT-M-11: the winner waits for the loser."""
    state, _ = play(game(1, 1), RollInitiative(), SIDE_0_LOSES)
    assert rejected(state, Move(1, MoveMode.STILL)).code == "move/turn"


def test_a_unit_moves_once_a_turn():
    """BT-M-9 step 3: a side must pick a unit that has not moved."""
    state, _ = play(game(2, 1), RollInitiative(), SIDE_0_LOSES)
    state, _ = play(state, Move(0, MoveMode.WALK, (F,)))
    assert rejected(state, Move(0, MoveMode.WALK, (F,))).code == "move/done"


def test_each_unit_completes_its_move_before_the_next():
    """BT-M-18 item 6: a unit still moving (after a fall) must finish before another moves."""
    board = terrain_board(10, 10, h0504=Terrain(water=1))
    state = start(
        board,
        [
            (design(), 0, "0505", Facing.N),
            (design(), 0, "0305", Facing.N),
            (design(), 1, "1010", Facing.N),
        ],
    )
    # water roll 2 < 4; facing die 1; 3 damage on the CT; injury 12
    state, _ = play(state, Move(0, MoveMode.WALK, (F,)), [1, 1, 1, 3, 4, 6, 6])
    assert state.active == 0
    assert rejected(state, Move(1, MoveMode.WALK, (F,))).code == "move/active"


def test_no_moving_outside_the_movement_phase():
    """BT-M-9: units move in the Movement Phase only."""
    assert rejected(game(1, 1), Move(0, MoveMode.WALK, (F,))).code == "move/phase"


def test_initiative_is_rolled_once_a_turn():
    """BT-M-9: initiative is the first phase, not rolled again in the Movement Phase."""
    state, _ = play(game(1, 1), RollInitiative(), SIDE_0_LOSES)
    assert rejected(state, RollInitiative()).code == "initiative/phase"


# ---------------------------------------------------------------- BT-M-9/12: end of the turn


def test_the_phase_ends_only_when_every_unit_has_moved():
    """BT-M-9 step 3: alternate until every unit has moved."""
    state, _ = play(game(1, 1), RollInitiative(), SIDE_0_LOSES)
    state, _ = play(state, Move(0, MoveMode.STILL))
    caught = rejected(state, EndPhase())
    assert caught.code == "phase/units_pending"
    assert "1 unit still to move" in caught.message


def test_after_movement_come_the_attack_heat_and_end_phases():
    """BT-M-9: Weapon Attack, Physical Attack, Heat and End Phases, then the next turn."""
    state, _ = play(game(1, 1), RollInitiative(), SIDE_0_LOSES)
    state, _ = play(state, Move(0, MoveMode.WALK, (F,)))
    state, _ = play(state, Move(1, MoveMode.STILL))
    after, events = play(state, EndPhase())
    phases = [e.phase for e in of(events, ev.PhaseStarted)]
    assert phases == [Phase.WEAPON, Phase.PHYSICAL, Phase.HEAT, Phase.END]
    assert of(events, ev.TurnEnded)[0].turn == 1
    assert (after.phase, after.turn) == (Phase.INITIATIVE, 2)


def test_the_heat_phase_adds_movement_heat():
    """BT-M-9 step 12 / BT-M-32.3: running heat (2) goes onto the heat scale in the Heat Phase."""
    state, _ = play(state_with(game(1, 1), 0, heat=12), RollInitiative(), SIDE_0_LOSES)
    state, _ = play(state, Move(0, MoveMode.RUN, (F,)))
    state, _ = play(state, Move(1, MoveMode.STILL))
    after, events = play(state, EndPhase())
    (heat,) = [h for h in of(events, ev.HeatChanged) if h.unit == 0]
    assert heat.generated == 2
    assert after.unit(0).mech.heat == 12 + 2 - heat.dissipated


def test_every_unit_moves_again_next_turn():
    """BT-M-9 step 15: the sequence repeats; movement is fresh each turn."""
    state, _ = play(game(1, 1), RollInitiative(), SIDE_0_LOSES)
    state, _ = play(state, Move(0, MoveMode.STILL))
    state, _ = play(state, Move(1, MoveMode.STILL))
    state, _ = play(state, EndPhase())
    state, _ = play(state, RollInitiative(), SIDE_1_LOSES)
    assert (state.phase, state.turn, state.side_to_act) == (Phase.MOVEMENT, 2, 1)
    after, _ = play(state, Move(1, MoveMode.WALK, (F,)))
    assert after.unit(1).hex == H("0109")


def test_a_unit_destroyed_during_movement_leaves_the_alternation_at_once():
    """BT-M-11 item 4 reading: a unit destroyed in the Movement Phase leaves `pending` at once.

    Side 0's 20 t 'Mech collapses a bridge that its 25 t friend (not yet moved, pilot already on
    5 wounds) stands on; the friend's fall kills its pilot. Side 1 then moves its two units and
    the phase can end: side 0 has nobody left to move.
    """
    water = Terrain(water=2, bridge=Bridge(exits=0b001001))
    board = terrain_board(
        10, 10, h0506=Terrain(road=0b001001), h0505=water, h0504=Terrain(road=0b001001)
    )
    state = start(
        board,
        [
            (design(20, 5), 0, "0506", Facing.N),
            (design(25, 5), 0, "0505", Facing.N),
            (design(), 1, "0909", Facing.N),
            (design(), 1, "1010", Facing.N),
        ],
    )
    state = state_with(state, 1, wounds=5)
    # the friend falls first (facing 1, 2 damage, injury 1+1 fails: 6th wound), then the mover
    dice = [1, 3, 4, 1, 1, 1, 3, 4, 6, 6]
    state, events = play(state, Move(0, MoveMode.WALK, (F, F)), dice)
    assert [e.unit for e in of(events, ev.UnitDestroyed)] == [1]
    assert state.active == 0  # the mover fell with MP left; it ends its move now
    state, _ = play(state, EndMove(0))
    assert pending(state, 0) == ()
    assert movers(state) == [1, 1]
