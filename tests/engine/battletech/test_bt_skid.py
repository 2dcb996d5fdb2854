"""BT-M-29: skidding. Where a running 'Mech checks, the modifier, and what a failed check does.

Most cases run a Walk 8 (Run 12) 50-ton 'Mech north from 0510 on an all-paved board. The
reference path "F F R F F F F" turns in 0508 and means to go on four more hexes: a failed check
there is a fall in 0508 and a 2-hex slide north (0507, 0506), 3 damage a hex (ceil(ceil(50/10)/2)).
"""

from __future__ import annotations

import math

import pytest

from engine.battletech import events as ev
from engine.battletech.board import Terrain, Woods
from engine.battletech.commands import Move, Step, StepKind
from engine.battletech.designs.mech import Location
from engine.battletech.rules.movement import plan_move
from engine.battletech.state import BTState, MoveMode
from engine.battletech.tables import skid_modifier
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, play, start, state_with, terrain_board

F = Step(StepKind.FORWARD)
L = Step(StepKind.LEFT)
R = Step(StepKind.RIGHT)
H = Hex.from_label
PAVED = Terrain(pavement=True)

TURN_IN_0508 = (F, F, R, F, F, F, F)
"""6 hexes intended (+1): the check in 0508 is at 5 + 1 = 6; two hexes of slide on a failure."""
FALL_OK = (3, 4, 6, 6)
"""A 50-ton 0-level fall after the facing die: 5 damage on 2D6 = 7, then an injury roll of 12."""


def paved(size: int = 12, tons: int = 50, where: str = "0510", **hexes: Terrain) -> BTState:
    """A Walk 8 'Mech of ``tons`` tons facing N on a board that is all pavement but ``hexes``."""
    board = terrain_board(size, size)
    for position in board.positions():
        board = board.replace(position, PAVED)
    for label, terrain in hexes.items():
        board = board.replace(H(label.lstrip("h")), terrain)
    corner = f"{size:02d}{size:02d}"
    return start(board, [(design(tons, 8), 0, where, Facing.N), (design(), 1, corner, Facing.S)])


def skid_checks(state: BTState, steps, mode: MoveMode = MoveMode.RUN) -> list[tuple[str, int]]:
    """(turning hex, modifier) of every skid check the plan needs."""
    checks = plan_move(state, 0, mode, steps).checks
    return [
        (c.fall_hex.label, sum(v for _, v in c.modifiers)) for c in checks if c.reason == "skid"
    ]


def of(events, kind):
    """The events of one type."""
    return [e for e in events if isinstance(e, kind)]


def ahead(where: str, facing: Facing, count: int) -> Hex:
    """The hex ``count`` hexes from ``where`` in direction ``facing``."""
    here = H(where)
    for _ in range(count):
        here = here.neighbor(facing)
    return here


# ---------------------------------------------------------------- BT-M-29.2: the modifier


@pytest.mark.parametrize(
    ("hexes", "modifier"),
    [(0, -1), (1, -1), (2, -1), (3, 0), (4, 0), (5, 1), (7, 1), (8, 2), (10, 2), (11, 4), (14, 4)],
)
def test_skid_modifier_table(hexes, modifier):
    """BT-M-29.2 / BT-M-31.5: 0-2 hexes -1, 3-4 0, 5-7 +1, 8-10 +2, 11+ +4."""
    assert skid_modifier(hexes) == modifier


@pytest.mark.parametrize(
    ("hexes", "modifier"), [(1, -1), (2, -1), (3, 0), (4, 0), (5, 1), (7, 1), (8, 2), (11, 4)]
)
def test_the_hexes_of_the_whole_intended_move_set_the_modifier(hexes, modifier):
    """BT-M-29.2: the count of hexes the unit intends to move this turn sets the modifier."""
    state = paved(14, where="0213")
    assert skid_checks(state, (R, *(F,) * hexes)) == [("0213", modifier)]


def test_one_count_for_every_check_of_the_move():
    """BT-M-29.2: every skid roll of the move uses the same modifier (6 hexes: +1 twice)."""
    assert skid_checks(paved(), (F, R, F, L, F, F, F, F)) == [
        ("0509", 1),
        (ahead("0509", Facing.NE, 1).label, 1),
    ]


# ---------------------------------------------------------------- BT-M-29.1: where checks fall


@pytest.mark.parametrize(
    ("steps", "hexes"),
    [
        pytest.param((F, F, F), [], id="no turn"),
        pytest.param((F, F, R), [], id="one turn at the very end is free"),
        pytest.param((F, F, R, R), ["0508"], id="two hexsides at the end"),
        pytest.param((F, R, F), ["0509"], id="turn then move on"),
        pytest.param((F, R, R, F), ["0509"], id="one check however many hexsides"),
        pytest.param((F, L, R, F), ["0509"], id="left then right"),
        pytest.param((R, F), ["0510"], id="turn in the starting hex"),
    ],
)
def test_where_a_running_mech_checks(steps, hexes):
    """BT-M-29.1: a check in each paved hex where it turns and moves on, or turns twice."""
    assert [where for where, _ in skid_checks(paved(), steps)] == hexes


def test_walking_never_skids():
    """BT-M-29.1: only a running 'Mech skids on pavement."""
    assert skid_checks(paved(), (F, R, F, L, F), MoveMode.WALK) == []


def test_no_check_where_the_turning_hex_is_not_paved():
    """BT-M-29.1 reading: the check belongs to the turning hex, which must be paved."""
    assert skid_checks(paved(h0509=Terrain()), (F, R, F)) == []


def test_a_check_when_moving_on_from_pavement_into_other_terrain():
    """BT-M-29.1 reading: the hex it moves on into may be any terrain."""
    beyond = ahead("0509", Facing.NE, 1).label
    assert skid_checks(paved(**{f"h{beyond}": Terrain()}), (F, R, F)) == [("0509", -1)]


# ---------------------------------------------------------------- BT-M-29.3/29.4: the rolls


def test_a_passed_check_lets_the_move_go_on():
    """BT-M-29.3: if every check succeeds the unit ends in its intended final hex."""
    after, events = play(paved(), Move(0, MoveMode.RUN, TURN_IN_0508), [3, 3])
    (psr,) = of(events, ev.PilotingRoll)
    assert (psr.reason, psr.target, psr.success) == ("skid", 6, True)
    assert after.unit(0).hex == ahead("0508", Facing.NE, 4)
    assert not after.unit(0).mech.prone


def test_the_check_is_rolled_in_the_turning_hex_before_it_leaves():
    """BT-M-29.1 reading / BT-M-40 step 0: the roll comes before the step out of the hex."""
    _, events = play(paved(), Move(0, MoveMode.RUN, TURN_IN_0508), [3, 3])
    order = [
        e.hex.label if isinstance(e, ev.UnitEntered) else e.reason
        for e in events
        if isinstance(e, ev.UnitEntered | ev.PilotingRoll)
    ]
    assert order[:4] == ["0509", "0508", "skid", ahead("0508", Facing.NE, 1).label]


def test_a_failed_check_falls_in_the_turning_hex_and_slides_half_the_rest():
    """BT-M-29.4: 4 hexes left after 0508 -> a 2-hex slide north, in the pre-turn direction."""
    dice = [2, 3, 1, *FALL_OK, 3, 4, 3, 4]
    after, events = play(paved(), Move(0, MoveMode.RUN, TURN_IN_0508), dice)
    (fell,) = of(events, ev.UnitFell)
    assert (fell.hex, fell.levels, fell.damage) == (H("0508"), 0, 5)
    (skid,) = of(events, ev.UnitSkidded)
    assert skid.path == (H("0507"), H("0506"))
    damage = [(d.location, d.armor + d.internal, d.rear) for d in of(events, ev.DamageApplied)]
    assert damage == [(Location.CT, 5, False), (Location.CT, 3, False), (Location.CT, 3, False)]
    unit = after.unit(0)
    assert (unit.hex, unit.mech.prone, unit.facing) == (H("0506"), True, Facing.NE)


def test_a_skid_ends_the_move_and_marks_the_unit():
    """BT-M-29.4 item 5 / BT-M-29.9: the movement ends (MP left or not); the unit skidded."""
    dice = [2, 3, 1, *FALL_OK, 3, 4, 3, 4]
    after, events = play(paved(), Move(0, MoveMode.RUN, TURN_IN_0508), dice)
    assert after.active is None
    assert after.unit(0).movement.done
    assert after.unit(0).movement.skidded
    assert len([p for p in of(events, ev.PilotingRoll) if p.reason == "injury"]) == 1


@pytest.mark.parametrize(
    ("die", "facing", "fall_location", "rear"),
    [
        (1, Facing.NE, Location.CT, False),
        (2, Facing.SE, Location.RT, False),
        (3, Facing.S, Location.RT, False),
        (4, Facing.SW, Location.CT, True),
        (5, Facing.NW, Location.LT, False),
        (6, Facing.N, Location.LT, False),
    ],
)
def test_slide_damage_is_on_the_front_column_whatever_the_fall_roll(
    die, facing, fall_location, rear
):
    """BT-M-29.4 reading: the fall uses its facing roll; the per-hex damage is Front, no turn."""
    dice = [2, 3, die, *FALL_OK, 3, 4, 3, 4]
    after, events = play(paved(), Move(0, MoveMode.RUN, TURN_IN_0508), dice)
    damage = [(d.location, d.armor + d.internal, d.rear) for d in of(events, ev.DamageApplied)]
    assert damage == [(fall_location, 5, rear), (Location.CT, 3, False), (Location.CT, 3, False)]
    assert after.unit(0).facing is facing


@pytest.mark.parametrize(
    ("steps", "target", "path"),
    [
        pytest.param((F, F, R, F), 5, (), id="1 hex left: length 0"),
        pytest.param((F, R, F, F, F), 5, ("0508",), id="3 hexes left: length 1"),
        pytest.param((F, R, F, F, F, F, F, F), 6, ("0508", "0507", "0506"), id="6 left: 3"),
        pytest.param((F, F, R, F, R, F, F), 6, ("0507",), id="turns do not count"),
    ],
)
def test_skid_length_is_half_the_hexes_left(steps, target, path):
    """BT-M-29.4 item 2: length = floor(hexes of the intended path left after that hex / 2)."""
    dice = [2, target - 3, 1, *FALL_OK, *(3, 4) * len(path)]  # the check fails by 1
    after, events = play(paved(), Move(0, MoveMode.RUN, steps), dice)
    (psr, _) = of(events, ev.PilotingRoll)
    assert (psr.reason, psr.target, psr.success) == ("skid", target, False)
    (skid,) = of(events, ev.UnitSkidded)
    assert skid.path == tuple(H(label) for label in path)
    assert len(of(events, ev.DamageApplied)) == 1 + len(path)
    (fell,) = of(events, ev.UnitFell)
    assert after.unit(0).hex == (skid.path[-1] if skid.path else fell.hex)


@pytest.mark.parametrize(
    ("tons", "per_hex"), [(20, 1), (25, 2), (30, 2), (50, 3), (65, 4), (100, 5)]
)
def test_each_slid_hex_deals_half_a_0_level_fall(tons, per_hex):
    """BT-M-29.4 / BT-M-35 item 5: ceil(ceil(tonnage / 10) / 2) per hex slid (65 t: 4)."""
    groups = math.ceil(math.ceil(tons / 10) / 5)
    dice = [2, 2, 1, *(3, 4) * groups, 6, 6, 3, 4]
    _, events = play(paved(tons=tons), Move(0, MoveMode.RUN, (F, R, F, F, F)), dice)
    assert of(events, ev.UnitFell)[0].damage == math.ceil(tons / 10)
    last = of(events, ev.DamageApplied)[-1]
    assert (last.location, last.armor + last.internal, last.rear) == (Location.CT, per_hex, False)


def test_preexisting_damage_adds_to_the_skid_roll():
    """BT-M-29.3 DERIVED: a gyro hit: the run roll (8) first, then the skid check at 5 + 1 + 3."""
    state = state_with(paved(), 0, crits=frozenset({(Location.CT, 3)}))
    _, events = play(state, Move(0, MoveMode.RUN, TURN_IN_0508), [6, 6, 6, 6])
    assert [(p.reason, p.target) for p in of(events, ev.PilotingRoll)] == [
        ("run_damage", 8),
        ("skid", 9),
    ]


# ---------------------------------------------------------------- BT-M-29.7: terrain in the slide


def test_a_higher_hex_stops_the_slide_before_it():
    """BT-M-29.7: a hill stops the skid in the last hex before it, with no damage."""
    dice = [2, 3, 1, *FALL_OK]
    after, events = play(
        paved(h0507=Terrain(level=1, pavement=True)), Move(0, MoveMode.RUN, TURN_IN_0508), dice
    )
    (skid,) = of(events, ev.UnitSkidded)
    assert skid.path == ()
    assert after.unit(0).hex == H("0508")
    assert len(of(events, ev.DamageApplied)) == 1


def test_a_hill_further_on_stops_the_slide_one_hex_in():
    """BT-M-29.7: the slide goes on until the hex before the higher one."""
    dice = [2, 3, 1, *FALL_OK, 3, 4]
    state = paved(h0506=Terrain(level=1, pavement=True))
    after, events = play(state, Move(0, MoveMode.RUN, TURN_IN_0508), dice)
    assert of(events, ev.UnitSkidded)[0].path == (H("0507"),)
    assert after.unit(0).hex == H("0507")


def test_lower_ground_does_not_stop_the_slide():
    """BT-M-29.7 ASSUMPTION: hexes at the same level or lower do not stop the skid."""
    dice = [2, 3, 1, *FALL_OK, 3, 4, 3, 4]
    state = paved(h0507=Terrain(level=-1, pavement=True))
    _, events = play(state, Move(0, MoveMode.RUN, TURN_IN_0508), dice)
    assert of(events, ev.UnitSkidded)[0].path == (H("0507"), H("0506"))


def test_deep_water_stops_the_slide_with_halved_damage():
    """BT-M-29.7: Depth 1+ stops the skid at once in that hex; its damage is halved (3 -> 2)."""
    dice = [2, 3, 1, *FALL_OK, 3, 4]
    after, events = play(paved(h0507=Terrain(water=1)), Move(0, MoveMode.RUN, TURN_IN_0508), dice)
    assert of(events, ev.UnitSkidded)[0].path == (H("0507"),)
    last = of(events, ev.DamageApplied)[-1]
    assert last.armor + last.internal == 2
    assert after.unit(0).hex == H("0507")


def test_light_woods_count_as_two_skid_hexes_and_hurt_like_a_fall():
    """BT-M-29.7: a light woods hex counts as 2 skid hexes and deals a normal fall (5)."""
    dice = [2, 3, 1, *FALL_OK, 3, 4, 3, 4]
    state = paved(h0507=Terrain(woods=Woods.LIGHT))
    after, events = play(state, Move(0, MoveMode.RUN, TURN_IN_0508), dice)
    assert of(events, ev.UnitSkidded)[0].path == (H("0507"),)
    slide = [d.armor + d.internal for d in of(events, ev.DamageApplied)[1:]]
    assert sorted(slide) == [3, 5]
    assert after.unit(0).hex == H("0507")


def test_heavy_woods_count_as_three_skid_hexes():
    """BT-M-29.7: a heavy woods hex counts as 3 skid hexes (a 3-hex slide ends in it)."""
    steps = (F, R, F, F, F, F, F, F)
    dice = [2, 3, 1, *FALL_OK, 3, 4, 3, 4]
    state = paved(h0508=Terrain(woods=Woods.HEAVY))
    after, events = play(state, Move(0, MoveMode.RUN, steps), dice)
    assert of(events, ev.UnitSkidded)[0].path == (H("0508"),)
    slide = [d.armor + d.internal for d in of(events, ev.DamageApplied)[1:]]
    assert sorted(slide) == [3, 5]
    assert after.unit(0).hex == H("0508")


# ---------------------------------------------------------------- roads as pavement

ROAD_S_NE = 0b001010
"""Road exits through the S and NE hexsides (a bend)."""
ROAD_NE_SW = 0b010010
"""Road exits through the NE and SW hexsides."""


def unpaved(**hexes: Terrain) -> BTState:
    """The Walk 8 'Mech in 0510 facing N on a clear board with the terrain given."""
    board = terrain_board(12, 12, **hexes)
    return start(board, [(design(50, 8), 0, "0510", Facing.N), (design(), 1, "1212", Facing.S)])


def test_a_road_is_pavement_for_a_unit_moving_along_it():
    """BT-M-8.7 / BT-M-29.1: a running 'Mech turning where its road bends checks for a skid."""
    beyond = ahead("0509", Facing.NE, 1).label
    state = unpaved(
        h0510=Terrain(road=0b001001),
        h0509=Terrain(woods=Woods.HEAVY, road=ROAD_S_NE),
        **{f"h{beyond}": Terrain(road=0b010000)},
    )
    assert skid_checks(state, (F, R, F)) == [("0509", -1)]


def test_crossing_a_road_off_the_road_is_no_skid_surface():
    """BT-M-8.7 / BT-M-29.1: in and out of a road hex across the road: no pavement rules."""
    state = unpaved(h0509=Terrain(woods=Woods.HEAVY, road=ROAD_NE_SW))
    assert skid_checks(state, (F, L, F)) == []


def test_a_failed_check_on_a_final_double_turn_falls_in_place():
    """BT-M-29.1 reading: a final two-hexside turn is checked at the second hexside; no slide."""
    after, events = play(paved(), Move(0, MoveMode.RUN, (F, F, R, R)), [1, 1, 1, *FALL_OK])
    kinds = [type(e).__name__ for e in events if isinstance(e, ev.UnitTurned | ev.PilotingRoll)]
    assert kinds[:3] == ["UnitTurned", "UnitTurned", "PilotingRoll"]
    (fell,) = of(events, ev.UnitFell)
    assert fell.hex == H("0508")
    assert of(events, ev.UnitSkidded)[0].path == ()
    assert (after.unit(0).hex, after.unit(0).mech.prone) == (H("0508"), True)
