"""BT-M-29.7/29.8: a skid that runs into a unit or a building, and units getting out of the way.

The 50-ton Walk 8 'Mech runs north from 0510 on pavement (as in ``test_bt_skid``): "F F R F F F F"
turns in 0508; a failed check (2 + 3 < 6) falls there (facing die 1, 5 damage on 3 + 4, injury
roll 6 + 6) and slides 2 hexes north, 0507 then 0506. Unit 1 stands in its way, unit 2 is far off.
"""

from __future__ import annotations

import random

from engine.battletech import RULESET
from engine.battletech import events as ev
from engine.battletech.board import Building, BuildingClass, Terrain
from engine.battletech.bot.builtin import aggressive
from engine.battletech.commands import Move, Step, StepKind
from engine.battletech.designs.mech import Location
from engine.battletech.narrate import describe
from engine.battletech.rules.flow import decide, pending
from engine.battletech.state import BTState, Movement, MoveMode, Phase
from engine.dice import Dice
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, play, start, state_with, terrain_board

F = Step(StepKind.FORWARD)
R = Step(StepKind.RIGHT)
H = Hex.from_label
PAVED = Terrain(pavement=True)
TURN_IN_0508 = (F, F, R, F, F, F, F)
SKID_FAILS = (2, 3, 1, 3, 4, 6, 6)
"""The failed skid check, the fall's facing die, its 5 damage on CT, the injury roll."""


def board_state(blocker: str | None = "0506", moved: bool = True, **hexes: Terrain) -> BTState:
    """The skidder (0), a 50-ton unit of side 1 in ``blocker`` facing S (1), unit 2 in 1212."""
    board = terrain_board(12, 12)
    for position in board.positions():
        board = board.replace(position, PAVED)
    for label, terrain in hexes.items():
        board = board.replace(H(label.lstrip("h")), terrain)
    units = [(design(50, 8), 0, "0510", Facing.N)]
    units.append((design(), 1, blocker or "0101", Facing.S))
    units.append((design(), 1, "1212", Facing.S))
    state = start(board, units)
    if moved:
        state = state_with(state, 1, movement=Movement(MoveMode.STILL, done=True))
    return state


def of(events, kind):
    """The events of one type."""
    return [e for e in events if isinstance(e, kind)]


def hurt(events, unit):
    """(location, points) of every damage dealt to ``unit``."""
    return [
        (d.location, d.armor + d.internal) for d in of(events, ev.DamageApplied) if d.unit == unit
    ]


def test_a_skid_into_a_unit_is_a_charge_with_the_hexes_skidded_so_far():
    """BT-M-29.7: after 1 hex slid, the unit in 0506 takes ceil(50 x 1 / 10) = 5 on its front.

    The skidder takes ceil(50 / 20) = 3 (BT-C-91.1) on its Front column, the unit hit makes the
    charge PSR (5 + 2 = 7), is shoved one hex on (0505) and the skidder follows into 0506: the
    skid ends. The hex slid (0507) still deals its 3 (BT-M-29.4).
    """
    dice = [*SKID_FAILS, 3, 4, 3, 4, 6, 6, 3, 4]
    after, events = play(board_state(), Move(0, MoveMode.RUN, TURN_IN_0508), dice)
    (collision,) = of(events, ev.SkidCollided)
    assert (collision.hex, collision.target, collision.hexes) == (H("0506"), 1, 1)
    assert hurt(events, 1) == [(Location.CT, 5)]
    assert hurt(events, 0) == [(Location.CT, 5), (Location.CT, 3), (Location.CT, 3)]
    charged = [p for p in of(events, ev.PilotingRoll) if p.unit == 1]
    assert [(p.reason, p.target, p.success) for p in charged] == [("charged", 7, True)]
    assert after.unit(1).hex == H("0505")
    assert after.unit(0).hex == H("0506")
    assert after.unit(0).movement.done


def test_a_collision_in_the_first_hex_deals_no_charge_damage():
    """BT-M-29.7 / BT-C-42: 0 hexes skidded so far: 0 to the unit hit, the skidder still hurt."""
    dice = [*SKID_FAILS, 3, 4, 6, 6]
    after, events = play(board_state("0507"), Move(0, MoveMode.RUN, TURN_IN_0508), dice)
    (collision,) = of(events, ev.SkidCollided)
    assert collision.hexes == 0
    assert hurt(events, 1) == []
    assert hurt(events, 0) == [(Location.CT, 5), (Location.CT, 3)]
    assert (after.unit(0).hex, after.unit(1).hex) == (H("0507"), H("0506"))


def test_a_unit_that_has_not_moved_gets_out_of_the_way():
    """BT-M-29.8: its PSR (piloting 5, 3 + 4) succeeds: it steps aside, its move is used.

    The skid goes on through 0507 and 0506 as if the hex were empty (two hexes, 3 each).
    """
    dice = [*SKID_FAILS, 3, 4, 3, 4, 3, 4]
    after, events = play(
        board_state("0507", moved=False), Move(0, MoveMode.RUN, TURN_IN_0508), dice
    )
    (dodge,) = of(events, ev.SkidDodged)
    assert (dodge.unit, dodge.skidder) == (1, 0)
    assert dodge.hex is not None
    assert dodge.hex.distance(H("0507")) == 1
    assert dodge.hex not in {H("0506"), H("0508")}
    assert [p.reason for p in of(events, ev.PilotingRoll) if p.unit == 1] == ["dodge"]
    assert not of(events, ev.SkidCollided)
    assert of(events, ev.UnitSkidded)[-1].path == (H("0507"), H("0506"))
    moved = after.unit(1)
    assert moved.hex == dodge.hex
    assert moved.movement.done
    assert after.unit(0).hex == H("0506")


def test_a_failed_dodge_stays_put_and_is_hit_with_its_move_used():
    """BT-M-29.8: failure (1 + 1): it stays put, is hit, and has used its movement anyway."""
    dice = [*SKID_FAILS, 1, 1, 3, 4, 6, 6]
    after, events = play(
        board_state("0507", moved=False), Move(0, MoveMode.RUN, TURN_IN_0508), dice
    )
    (dodge,) = of(events, ev.SkidDodged)
    assert dodge.hex is None
    assert of(events, ev.SkidCollided)[0].target == 1
    assert after.unit(1).movement.done
    assert after.unit(1).hex == H("0506")  # shoved on by the collision


def test_a_unit_destroyed_by_the_collision_lets_the_skid_go_on():
    """BT-M-29.7: the unit hit is destroyed: the skid continues through its hex."""
    state = board_state()
    state = state_with(state, 1, armor=(0,) * 8, internal=(3, 1, 1, 1, 1, 1, 1, 1), rear=(0, 0, 0))
    dice = [*SKID_FAILS, 3, 4, 3, 4, 3, 4, 3, 4, 3, 4]  # hit, its critical chance, 3 to the skidder
    after, events = play(state, Move(0, MoveMode.RUN, TURN_IN_0508), dice)
    assert after.unit(1).destroyed
    assert after.unit(0).hex == H("0506")
    assert [e.path for e in of(events, ev.UnitSkidded)] == [(H("0507"),), (H("0506"),)]


def test_a_building_that_stands_stops_the_skid_in_the_hex_before():
    """BT-M-29.7: CF 40 takes the charge (5 after 1 hex) and stands; the skidder takes 3."""
    building = Terrain(building=Building(BuildingClass.MEDIUM, cf=40))
    dice = [*SKID_FAILS, 3, 4, 3, 4]
    after, events = play(
        board_state(None, h0506=building), Move(0, MoveMode.RUN, TURN_IN_0508), dice
    )
    (collision,) = of(events, ev.SkidCollided)
    assert (collision.hex, collision.target, collision.hexes) == (H("0506"), None, 1)
    (damaged,) = of(events, ev.BuildingDamaged)
    assert (damaged.cf, damaged.collapsed) == (5, False)
    assert after.board.terrain(H("0506")).building.cf == 35
    assert after.unit(0).hex == H("0507")
    assert of(events, ev.UnitSkidded)[-1].stopped_by == "a building"


def test_a_building_that_collapses_lets_the_skid_go_on_shortened_by_a_tenth_of_its_cf():
    """BT-M-29.7: CF 4 collapses under 5; the skid goes on, shortened by ceil(CF / 10).

    The 3-hex slide (turn in 0509): 3 - 1 (0508) - ceil(4 / 10) = 1 hex more, into the rubble.
    """
    building = Terrain(building=Building(BuildingClass.LIGHT, cf=4))
    steps = (F, R, F, F, F, F, F, F)
    dice = [2, 3, 1, 3, 4, 6, 6, 3, 4, 3, 4, 3, 4]
    after, events = play(board_state(None, h0507=building), Move(0, MoveMode.RUN, steps), dice)
    (damaged,) = of(events, ev.BuildingDamaged)
    assert damaged.collapsed
    assert after.board.terrain(H("0507")).building is None
    assert after.unit(0).hex == H("0507")


def test_the_log_tells_the_collision_and_the_dodge():
    """The log's words: who skids into whom after how many hexes, who got out of the way."""
    state = board_state("0507", moved=False)
    dice = [*SKID_FAILS, 3, 4, 3, 4, 3, 4]
    _, events = play(state, Move(0, MoveMode.RUN, TURN_IN_0508), dice)
    (dodge,) = of(events, ev.SkidDodged)
    said = describe(dodge, state, state)
    assert "gets out of the way" in said
    assert dodge.hex.label in said
    after, events = play(
        board_state(), Move(0, MoveMode.RUN, TURN_IN_0508), [*SKID_FAILS, 3, 4, 3, 4, 6, 6, 3, 4]
    )
    (collision,) = of(events, ev.SkidCollided)
    said = describe(collision, after, after)
    assert "skids into" in said
    assert "0506 after 1 hex, as a charge" in said
    psr = next(p for p in of(events, ev.PilotingRoll) if p.unit == 1)
    assert psr.reason == "charged"
    failed = describe(ev.SkidDodged(1, 0, None), after, after)
    assert "stays put" in failed


def test_the_policies_play_on_after_a_dodge_with_no_refused_command():
    """BT-M-29.8: the dodger's move is used; the policies move the others and end the phase."""
    state = board_state("0507", moved=False)
    state, _ = play(state, Move(0, MoveMode.RUN, TURN_IN_0508), [*SKID_FAILS, 3, 4, 3, 4, 3, 4])
    assert 1 not in pending(state)
    rng = random.Random(3)  # noqa: S311 - a policy, not cryptography
    dice = Dice(5)
    for _ in range(20):
        if state.phase is not Phase.MOVEMENT:
            break
        command = aggressive(state, rng)
        assert command is not None
        for event in decide(state, command, dice):  # raises IllegalCommand on a refusal
            state = RULESET.evolve(state, event)
    assert state.phase is not Phase.MOVEMENT
