"""BT-M-19, BT-M-20: facing, forward and backward, and the four movement modes.

Stand still, walk, run and jump, each with its MP allowance, its restrictions, its heat and the
rolls that damage adds (running on a damaged hip or gyro, landing a jump on damaged legs).
"""

from __future__ import annotations

import attrs
import pytest

from engine.battletech import events as ev
from engine.battletech.board import Building, BuildingClass, Terrain, Woods
from engine.battletech.commands import Jump, Move, Step, StepKind
from engine.battletech.designs.mech import Location, MechDesign
from engine.battletech.rules.condition import jump_mp
from engine.battletech.rules.movement import plan_move, reachable
from engine.battletech.state import BTState, MoveMode
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, play, start, state_with, terrain_board

F = Step(StepKind.FORWARD)
B = Step(StepKind.BACKWARD)
L = Step(StepKind.LEFT)
R = Step(StepKind.RIGHT)
H = Hex.from_label

NEIGHBOURS_OF_0505 = ("0504", "0604", "0605", "0506", "0405", "0404")
"""DESIGN 2.1: the neighbours of 0505 in facing order N, NE, SE, S, SW, NW."""


def mech_state(
    mech: MechDesign | None = None,
    where: str = "0405",
    facing: Facing = Facing.N,
    size: int = 10,
    **hexes: Terrain,
) -> BTState:
    """One 'Mech of side 0 (unit 0) and a far-off enemy (unit 1) in the corner."""
    board = terrain_board(size, size, **hexes)
    corner = f"{size:02d}{size:02d}"
    mech = mech if mech is not None else design(50, 5)
    return start(board, [(mech, 0, where, facing), (design(), 1, corner, Facing.N)])


def rejected(state: BTState, command) -> IllegalCommand:
    """The IllegalCommand a command raises (it must raise one)."""
    with pytest.raises(IllegalCommand) as caught:
        play(state, command)
    return caught.value


def of(events, kind):
    """The events of one type."""
    return [e for e in events if isinstance(e, kind)]


def ended(events) -> ev.MovementEnded:
    """The MovementEnded event of a command."""
    (event,) = of(events, ev.MovementEnded)
    return event


def with_slot(mech: MechDesign, location: Location, slot: int, name: str) -> MechDesign:
    """The design with one critical line replaced."""
    rows = list(mech.criticals)
    index = list(Location).index(location)
    row = list(rows[index])
    row[slot] = name
    rows[index] = tuple(row)
    return attrs.evolve(mech, criticals=tuple(rows))


# ---------------------------------------------------------------- BT-M-19: facing


@pytest.mark.parametrize(
    ("steps", "facing", "mp"),
    [
        pytest.param((R,), Facing.NE, 1, id="one right"),
        pytest.param((L,), Facing.NW, 1, id="one left"),
        pytest.param((R, R), Facing.SE, 2, id="two right"),
        pytest.param((L, L, L), Facing.S, 3, id="180 left"),
        pytest.param((R, R, R), Facing.S, 3, id="180 right"),
        pytest.param((R, L), Facing.N, 2, id="there and back"),
    ],
)
def test_facing_costs_1_mp_per_hexside(steps, facing, mp):
    """BT-M-19 item 3: 1 MP per hexside turned, so a 180-degree turn costs 3 MP."""
    after, _ = play(mech_state(), Move(0, MoveMode.WALK, steps))
    unit = after.unit(0)
    assert unit.facing is facing
    assert unit.movement is not None
    assert unit.movement.mp_spent == mp


@pytest.mark.parametrize("facing", list(Facing))
def test_forward_and_backward_are_the_hexes_ahead_and_behind(facing):
    """BT-M-19 item 4: a 'Mech moves only into the hex in front of it or directly behind it."""
    state = mech_state(where="0505", facing=facing)
    ahead = plan_move(state, 0, MoveMode.WALK, (F,)).end
    behind = plan_move(state, 0, MoveMode.WALK, (B,)).end
    assert ahead == (H(NEIGHBOURS_OF_0505[facing]), facing, False)
    assert behind == (H(NEIGHBOURS_OF_0505[(facing + 3) % 6]), facing, False)


def test_a_walk_mixes_forward_backward_and_turns():
    """BT-M-19 item 6: while it has MP a walking unit mixes forward, backward and turns."""
    after, events = play(mech_state(where="0505"), Move(0, MoveMode.WALK, (F, R, B, B, L)))
    unit = after.unit(0)
    assert unit.hex == H("0504").neighbor(Facing.SW).neighbor(Facing.SW)
    assert unit.facing is Facing.N
    assert [e.backward for e in of(events, ev.UnitEntered)] == [False, True, True]


def test_target_movement_counts_hexes_since_the_last_reversal():
    """BT-M-38 seed example: 3 hexes forward then 2 back count as 2 hexes moved."""
    _, events = play(mech_state(where="0505"), Move(0, MoveMode.WALK, (F, F, F, B, B)))
    assert ended(events).hexes == 2


# ---------------------------------------------------------------- BT-M-20.1/20.2: still, walk


def test_standing_still_takes_no_steps():
    """BT-M-20.1: standing still: not even a facing change."""
    caught = rejected(mech_state(), Move(0, MoveMode.STILL, (R,)))
    assert caught.code == "move/still"


def test_standing_still_spends_nothing_and_makes_no_heat():
    """BT-M-20.1: no MP, no heat, and the unit's movement is over."""
    after, events = play(mech_state(), Move(0, MoveMode.STILL))
    unit = after.unit(0)
    assert (unit.hex, unit.facing) == (H("0405"), Facing.N)
    assert unit.movement is not None
    assert unit.movement.done
    assert unit.movement.mp_spent == 0
    assert ended(events).heat == 0


@pytest.mark.parametrize(
    ("mode", "steps", "heat"),
    [
        pytest.param(MoveMode.WALK, (F,), 1, id="walk one hex"),
        pytest.param(MoveMode.WALK, (F, F, F, F, F), 1, id="walk five hexes"),
        pytest.param(MoveMode.WALK, (R,), 1, id="walk: turn only"),
        pytest.param(MoveMode.RUN, (F,), 2, id="run one hex"),
        pytest.param(MoveMode.RUN, (F,) * 8, 2, id="run eight hexes"),
        pytest.param(MoveMode.WALK, (), 0, id="walk declared, nothing done"),
        pytest.param(MoveMode.RUN, (), 0, id="run declared, nothing done"),
    ],
)
def test_movement_heat_by_mode(mode, steps, heat):
    """BT-M-20.2/20.3, BT-M-32.3: walking makes 1 heat, running 2; doing nothing counts as still."""
    _, events = play(mech_state(where="0510", size=12), Move(0, mode, steps))
    assert ended(events).heat == heat


def test_walking_spends_up_to_walk_mp():
    """BT-M-20.2: Walk 5: five clear hexes, not six."""
    state = mech_state(where="0407")
    play(state, Move(0, MoveMode.WALK, (F,) * 5))
    caught = rejected(state, Move(0, MoveMode.WALK, (F,) * 6))
    assert caught.code == "move/insufficient_mp"
    assert "step 6 (F)" in caught.message


@pytest.mark.parametrize(("walk", "run"), [(1, 2), (2, 3), (3, 5), (4, 6), (5, 8), (6, 9)])
def test_running_spends_up_to_one_and_a_half_walk(walk, run):
    """BT-M-20.3: Run MP = ceil(1.5 x Walk MP) (Walk 5 -> 8, Walk 1 -> 2)."""
    state = mech_state(design(50, walk), where="0512", size=14)
    after, _ = play(state, Move(0, MoveMode.RUN, (F,) * run))
    assert after.unit(0).hex == H(f"05{12 - run:02d}")
    caught = rejected(state, Move(0, MoveMode.RUN, (F,) * (run + 1)))
    assert caught.code == "move/insufficient_mp"


# ---------------------------------------------------------------- BT-M-20.3: run restrictions


@pytest.mark.parametrize("steps", [(B,), (F, B), (R, R, R, F, B)])
def test_a_running_mech_never_moves_backward(steps):
    """BT-M-19 item 6 / BT-M-20.3: a Mech may not run backward."""
    caught = rejected(mech_state(where="0505"), Move(0, MoveMode.RUN, steps))
    assert caught.code == "move/backward"


@pytest.mark.parametrize("depth", [1, 2])
def test_a_running_mech_may_not_enter_deep_water(depth):
    """BT-M-20.3: no running into water of Depth 1 or deeper."""
    caught = rejected(mech_state(h0404=Terrain(water=depth)), Move(0, MoveMode.RUN, (F,)))
    assert caught.code == "move/water"


def test_a_running_mech_may_enter_depth_0_water():
    """BT-M-20.3: Depth 0 is not deep water: running through it is fine, with no roll."""
    after, _ = play(mech_state(h0404=Terrain(water=0)), Move(0, MoveMode.RUN, (F, F)))
    assert after.unit(0).hex == H("0403")


def test_a_running_mech_may_leave_water():
    """BT-M-20.3: a running unit may leave a water hex (Depth 1 -> clear: 2 MP, no roll)."""
    state = mech_state(h0405=Terrain(water=1))
    after, events = play(state, Move(0, MoveMode.RUN, (F, F)))
    assert after.unit(0).hex == H("0403")
    assert [e.mp for e in of(events, ev.UnitEntered)] == [2, 1]


@pytest.mark.parametrize(
    ("crits", "target"),
    [
        pytest.param({(Location.LL, 0)}, 7, id="hip +2"),
        pytest.param({(Location.CT, 3)}, 8, id="gyro +3"),
        pytest.param({(Location.RL, 0), (Location.CT, 3)}, 10, id="hip and gyro: one roll"),
    ],
)
def test_running_with_a_damaged_hip_or_gyro_rolls_once_before_the_run(crits, target):
    """BT-M-20.3, BT-M-32.1: one PSR before the run, with the damage as preexisting modifiers."""
    state = state_with(mech_state(), 0, crits=frozenset(crits))
    after, events = play(state, Move(0, MoveMode.RUN, (F, F)), [6, 6])
    (psr,) = of(events, ev.PilotingRoll)
    assert (psr.reason, psr.target, psr.success) == ("run_damage", target, True)
    assert events.index(psr) < events.index(of(events, ev.UnitEntered)[0])
    assert after.unit(0).hex == H("0403")


def test_a_failed_running_roll_drops_the_mech_in_its_own_hex():
    """BT-M-33.2 reading: a failed "running with damage" PSR is a 0-level fall in its own hex."""
    state = state_with(mech_state(), 0, crits=frozenset({(Location.LL, 0)}))
    # PSR 2 < 7; facing die 1; 50 t -> 5 damage, one group (CT); injury roll 6+6.
    after, events = play(state, Move(0, MoveMode.RUN, (F, F)), [1, 1, 1, 3, 4, 6, 6])
    (fell,) = of(events, ev.UnitFell)
    assert (fell.hex, fell.levels, fell.damage) == (H("0405"), 0, 5)
    assert not of(events, ev.UnitEntered)
    assert after.unit(0).mech.prone


def test_walking_with_a_damaged_hip_needs_no_roll():
    """BT-M-20.3: the damaged-hip roll is for running (and jumping) only."""
    state = state_with(mech_state(), 0, crits=frozenset({(Location.LL, 0)}))
    _, events = play(state, Move(0, MoveMode.WALK, (F, F)))
    assert not of(events, ev.PilotingRoll)


@pytest.mark.parametrize("slot", [1, 2, 3])
def test_running_with_only_leg_actuator_damage_needs_no_roll(slot):
    """BT-M-20.3 / BT-M-32.1: upper/lower leg and foot actuators force landing rolls, not runs."""
    state = state_with(mech_state(), 0, crits=frozenset({(Location.LL, slot)}))
    _, events = play(state, Move(0, MoveMode.RUN, (F, F)))
    assert not of(events, ev.PilotingRoll)


def _fallen_in_water() -> BTState:
    """Unit 0 walked into Depth 1 water and fell there; it is still active with 2 MP left."""
    state = mech_state(h0404=Terrain(water=1))
    # water PSR 1+1 < 4; facing die 1; 3 damage (halved) on CT; injury roll 6+6.
    after, _ = play(state, Move(0, MoveMode.WALK, (F,)), [1, 1, 1, 3, 4, 6, 6])
    assert after.active == 0
    return after


def test_modes_cannot_be_combined_in_a_turn():
    """BT-M-20: a unit keeps its declared mode for the whole turn; no jumping after walking."""
    state = _fallen_in_water()
    assert rejected(state, Move(0, MoveMode.RUN, (Step(StepKind.STAND),))).code == "move/mode"
    assert rejected(state, Jump(0, (H("0403"),), Facing.N)).code == "jump/started"


@pytest.mark.parametrize(
    ("mode", "modifier"),
    [(MoveMode.STILL, 0), (MoveMode.WALK, 1), (MoveMode.RUN, 2), (MoveMode.JUMP, 3)],
)
def test_attacker_movement_modifier_by_mode(mode, modifier):
    """BT-M-38 (cross-reference): attacker +0 still, +1 walked, +2 ran, +3 jumped."""
    assert mode.attacker_modifier == modifier


# ---------------------------------------------------------------- BT-M-20.4: jump


def jumper(jump: int = 4, **hexes: Terrain) -> BTState:
    """A 50-ton 'Mech with Walk 5 and ``jump`` Jump MP in 0505 facing N."""
    return mech_state(design(50, 5, jump), where="0505", **hexes)


def column_north(start: str, count: int) -> tuple[Hex, ...]:
    """The ``count`` hexes straight north of ``start``."""
    hexes, here = [], H(start)
    for _ in range(count):
        here = here.neighbor(Facing.N)
        hexes.append(here)
    return tuple(hexes)


def test_a_jump_goes_any_direction_and_lands_in_any_facing():
    """BT-M-20.4 items 2 and 4: one hex per Jump MP in any direction; any landing facing."""
    path = (H("0506"), H("0406"))
    after, events = play(jumper(), Jump(0, path, Facing.SE))
    unit = after.unit(0)
    assert (unit.hex, unit.facing, unit.mech.prone) == (H("0406"), Facing.SE, False)
    assert of(events, ev.UnitJumped)[0].path == path


def test_a_jump_ignores_terrain_costs():
    """BT-M-20.4 item 3: the terrain of the hexes crossed and of the landing hex do not matter."""
    state = jumper(
        3,
        h0504=Terrain(woods=Woods.HEAVY),
        h0503=Terrain(water=3),
        h0502=Terrain(building=Building(BuildingClass.HARDENED, 150)),
    )
    after, _ = play(state, Jump(0, column_north("0505", 3), Facing.N))
    assert after.unit(0).hex == H("0502")


def test_a_jump_reaches_no_farther_than_jump_mp():
    """BT-M-20.4 item 2: landing hex at most Jump MP hexes away."""
    caught = rejected(jumper(3), Jump(0, column_north("0505", 4), Facing.N))
    assert caught.code == "jump/too_far"


def test_a_jump_follows_a_shortest_path():
    """BT-M-20.4 item 2: the path is a shortest hex path to the landing hex."""
    path = (H("0504"), H("0604"), H("0605"))  # three hexes to a neighbour of the start
    assert rejected(jumper(), Jump(0, path, Facing.N)).code == "jump/not_shortest"


def test_any_shortest_path_may_be_chosen():
    """BT-M-20.4 DERIVED: any chain of adjacent hexes as long as the distance is a legal path."""
    for path in ((H("0504"), H("0603")), (H("0604"), H("0603"))):
        after, _ = play(jumper(), Jump(0, path, Facing.N))
        assert after.unit(0).hex == path[-1]


@pytest.mark.parametrize(
    ("terrain", "legal"),
    [
        pytest.param(Terrain(level=3), True, id="level 3 with Jump 3"),
        pytest.param(Terrain(level=4), False, id="level 4 with Jump 3"),
        pytest.param(Terrain(level=3, woods=Woods.HEAVY), True, id="woods do not count"),
        pytest.param(
            Terrain(level=1, building=Building(BuildingClass.HEAVY, 90, height=3)),
            False,
            id="building height counts",
        ),
        pytest.param(
            Terrain(level=1, building=Building(BuildingClass.HEAVY, 90, height=2)),
            True,
            id="building to level 3",
        ),
    ],
)
def test_a_jump_cannot_clear_terrain_higher_than_its_jump_mp(terrain, legal):
    """BT-M-20.4 item 3: no hex of the path more levels higher than the Jump MP."""
    state = jumper(3, h0504=terrain)
    command = Jump(0, column_north("0505", 2), Facing.N)
    if legal:
        after, _ = play(state, command)
        assert after.unit(0).hex == H("0503")
    else:
        assert rejected(state, command).code == "jump/too_high"


def test_jump_height_is_measured_from_the_starting_hex():
    """BT-M-20.4 item 3 ASSUMPTION: measured against the starting hex's level."""
    state = jumper(2, h0505=Terrain(level=2), h0504=Terrain(level=4))
    after, _ = play(state, Jump(0, column_north("0505", 1), Facing.N))
    assert after.unit(0).hex == H("0504")


def test_a_prone_mech_cannot_jump():
    """BT-M-20.4 item 1 / BT-M-24.3: a prone 'Mech cannot jump."""
    state = state_with(jumper(), 0, prone=True)
    assert rejected(state, Jump(0, column_north("0505", 1), Facing.N)).code == "jump/prone"


def test_a_mech_without_jump_jets_cannot_jump():
    """BT-M-20.4: only 'Mechs with Jump MP can jump."""
    state = mech_state(where="0505")
    assert rejected(state, Jump(0, column_north("0505", 1), Facing.N)).code == "jump/no_jets"


@pytest.mark.parametrize(("hexes", "heat"), [(1, 3), (2, 3), (3, 3), (4, 4), (5, 5), (6, 6)])
def test_jump_heat_is_one_per_hex_minimum_three(hexes, heat):
    """BT-M-20.4 item 7: 1 heat per hex jumped, at least 3."""
    state = mech_state(design(50, 6, 6), where="0508")
    _, events = play(state, Jump(0, column_north("0508", hexes), Facing.N))
    assert ended(events).heat == heat


def test_each_jump_jet_hit_removes_one_jump_mp():
    """BT-M-20.4 item 6: a jump-jet critical hit removes 1 Jump MP."""
    state = state_with(jumper(4), 0, crits=frozenset({(Location.LT, 0)}))
    assert jump_mp(state.unit(0)) == 3
    assert rejected(state, Jump(0, column_north("0505", 4), Facing.N)).code == "jump/too_far"


def test_heat_never_reduces_jump_mp():
    """BT-M-20.4 item 7 / BT-M-32.3: at heat 25 a 4-jump 'Mech still jumps 4 hexes."""
    state = state_with(jumper(4), 0, heat=25)
    after, _ = play(state, Jump(0, column_north("0505", 4), Facing.N))
    assert after.unit(0).hex == H("0501")


def test_no_jumping_out_of_depth_2_water():
    """BT-M-20.4 item 5: a 'Mech standing in Depth 2+ cannot jump."""
    state = jumper(4, h0505=Terrain(water=2))
    assert rejected(state, Jump(0, column_north("0505", 1), Facing.N)).code == "jump/no_jets"


def seed_jumper() -> MechDesign:
    """BT-M-20.4 item 5's example: 5 Jump MP, one jet in each leg and in each of three torsos."""
    mech = attrs.evolve(design(50, 5, 0), jump=5)
    mech = with_slot(mech, Location.LL, 4, "Jump Jet")
    mech = with_slot(mech, Location.RL, 4, "Jump Jet")
    mech = with_slot(mech, Location.CT, 10, "Jump Jet")
    mech = with_slot(mech, Location.LT, 0, "Jump Jet")
    return with_slot(mech, Location.RT, 0, "Jump Jet")


def test_seed_example_depth_1_leaves_only_torso_jets():
    """BT-M-20.4 item 5: 5 Jump MP (2 leg jets, 3 torso jets) -> 3 Jump MP out of Depth 1."""
    state = mech_state(seed_jumper(), where="0505", h0505=Terrain(water=1))
    assert jump_mp(state.unit(0), state.board.terrain(H("0505"))) == 3
    assert rejected(state, Jump(0, column_north("0505", 4), Facing.N)).code == "jump/too_far"
    after, _ = play(state, Jump(0, column_north("0505", 3), Facing.N))
    assert after.unit(0).hex == H("0502")


def test_seed_example_jumps_five_on_land():
    """BT-M-20.4 item 5: the same 'Mech on dry land has its full 5 Jump MP."""
    state = mech_state(seed_jumper(), where="0507")
    after, _ = play(state, Jump(0, column_north("0507", 5), Facing.N))
    assert after.unit(0).hex == H("0502")


@pytest.mark.parametrize(
    ("crits", "internal_ll", "target"),
    [
        pytest.param({(Location.LL, 3)}, None, 6, id="foot actuator +1"),
        pytest.param({(Location.RL, 1), (Location.RL, 2)}, None, 7, id="two leg actuators"),
        pytest.param({(Location.LL, 0)}, None, 7, id="hip +2"),
        pytest.param({(Location.CT, 3)}, None, 8, id="gyro +3"),
        pytest.param(set(), 0, 10, id="destroyed leg +5"),
        pytest.param({(Location.RL, 0), (Location.CT, 4)}, None, 10, id="hip+gyro: one roll"),
    ],
)
def test_jumping_on_damaged_legs_rolls_once_on_landing(crits, internal_ll, target):
    """BT-M-20.4 item 6, BT-M-32.1: one landing PSR per jump, with every preexisting modifier."""
    state = state_with(jumper(), 0, crits=frozenset(crits))
    if internal_ll is not None:
        unit = state.unit(0)
        internal = tuple(
            internal_ll if loc is Location.LL else v
            for loc, v in zip(Location, unit.mech.internal, strict=True)
        )
        state = state_with(state, 0, internal=internal)
    after, events = play(state, Jump(0, column_north("0505", 2), Facing.N), [6, 6])
    (psr,) = of(events, ev.PilotingRoll)
    assert (psr.reason, psr.target, psr.success) == ("landing", target, True)
    assert after.unit(0).hex == H("0503")


def test_a_failed_landing_roll_is_a_fall_in_the_landing_hex_and_ends_the_turn():
    """BT-M-33.2 / BT-M-20.4 item 9: falls in the landing hex, 0 levels; no standing this turn."""
    state = state_with(jumper(), 0, crits=frozenset({(Location.LL, 3)}))
    # landing 1+1 < 6; facing die 4 (rear); 5 damage on the rear CT (3+4); injury 6+6.
    after, events = play(state, Jump(0, column_north("0505", 2), Facing.N), [1, 1, 4, 3, 4, 6, 6])
    (fell,) = of(events, ev.UnitFell)
    assert (fell.hex, fell.levels, fell.damage, fell.facing) == (H("0503"), 0, 5, Facing.S)
    assert after.unit(0).mech.prone
    caught = rejected(after, Move(0, MoveMode.WALK, (Step(StepKind.STAND),)))
    assert caught.code == "move/done"
    assert after.unit(0).movement is not None
    assert after.unit(0).movement.done


def test_a_jump_landing_in_water_needs_no_water_roll():
    """BT-M-20.4 item 10 ASSUMPTION: no water-entry PSR on a jump landing."""
    state = jumper(4, h0503=Terrain(water=1))
    after, events = play(state, Jump(0, column_north("0505", 2), Facing.N))
    assert not of(events, ev.PilotingRoll)
    assert after.unit(0).hex == H("0503")


def test_reachable_jumps_take_any_legal_shortest_path():
    """BT-M-20.4 item 2 DERIVED: a hex is reachable if any shortest path clears item 3."""
    state = jumper(2, h0504=Terrain(level=3))
    reach = reachable(state, 0, MoveMode.JUMP)
    assert (H("0603"), Facing.S) in reach  # via 0604, around the hill
    assert (H("0503"), Facing.N) not in reach  # the only shortest path crosses 0504
    assert (H("0504"), Facing.N) not in reach


def test_a_shut_down_mech_can_only_stand_still():
    """BT-M-20.5: a unit that is shut down cannot move; it may only be chosen to stand still."""
    state = state_with(mech_state(), 0, shutdown=True)
    assert rejected(state, Move(0, MoveMode.WALK, (F,))).code == "move/cannot_move"
    assert rejected(state, Move(0, MoveMode.WALK, (R,))).code == "move/cannot_move"
    after, _ = play(state, Move(0, MoveMode.STILL))
    assert after.unit(0).movement.done


def test_standing_up_and_running_on_a_damaged_hip_still_rolls():
    """BT-M-20.3 / BT-M-32.1: one running PSR before it runs off, after standing up."""
    state = state_with(mech_state(), 0, prone=True, crits=frozenset({(Location.LL, 0)}))
    stand = Step(StepKind.STAND)
    _, events = play(state, Move(0, MoveMode.RUN, (stand, F, F)), [6, 6, 6, 6])
    psrs = [(p.reason, p.target) for p in of(events, ev.PilotingRoll)]
    assert sorted(psrs) == [("run_damage", 7), ("stand", 7)]
    first_step = events.index(of(events, ev.UnitEntered)[0])
    assert all(events.index(p) < first_step for p in of(events, ev.PilotingRoll))
