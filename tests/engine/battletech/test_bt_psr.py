"""BT-M-30, BT-M-31: Piloting Skill Rolls in the Movement Phase.

Targets are Piloting (5 here) + the event's own modifier + preexisting damage (BT-M-31.3); a roll
equal to the target succeeds. Water, rubble and building rolls are made on entering the hex.
"""

from __future__ import annotations

import pytest

from engine.battletech import events as ev
from engine.battletech.board import Building, BuildingClass, Terrain
from engine.battletech.commands import Jump, Move, Step, StepKind
from engine.battletech.designs.mech import Location
from engine.battletech.rules.condition import preexisting
from engine.battletech.state import BTState, MoveMode
from engine.battletech.tables import building_hexes_modifier
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, play, start, state_with, terrain_board

F = Step(StepKind.FORWARD)
H = Hex.from_label
FALL_OK = (1, 3, 4, 6, 6)
"""A 0-level fall of a 50-ton 'Mech: facing die 1, 5 (or 3 in water) on the CT, injury roll 12."""


def walker(walk: int = 8, jump: int = 0, **hexes: Terrain) -> BTState:
    """A 50-ton 'Mech in 0509 facing N on a 10 x 10 board; an enemy in 1010."""
    board = terrain_board(10, 10, **hexes)
    units = [(design(50, walk, jump), 0, "0509", Facing.N), (design(), 1, "1010", Facing.N)]
    return start(board, units)


def rolls(events) -> list[tuple[str, int, bool]]:
    """(reason, target, success) of every PSR."""
    return [(e.reason, e.target, e.success) for e in events if isinstance(e, ev.PilotingRoll)]


def of(events, kind):
    """The events of one type."""
    return [e for e in events if isinstance(e, kind)]


def damaged(state: BTState, crits=(), gone=()) -> BTState:
    """Unit 0 with critical hits ``crits`` and the locations ``gone`` destroyed."""
    unit = state.unit(0)
    internal = tuple(
        0 if loc in gone else value for loc, value in zip(Location, unit.mech.internal, strict=True)
    )
    return state_with(state, 0, crits=frozenset(crits), internal=internal)


# ---------------------------------------------------------------- BT-M-31.1: movement events


@pytest.mark.parametrize(
    ("here", "there", "target"),
    [
        pytest.param(Terrain(), Terrain(water=1), 4, id="depth 1: -1"),
        pytest.param(Terrain(), Terrain(water=2), 5, id="depth 2: 0"),
        pytest.param(Terrain(water=1), Terrain(water=3), 6, id="depth 3: +1"),
        pytest.param(Terrain(water=2), Terrain(water=4), 6, id="depth 4: +1"),
        pytest.param(Terrain(), Terrain(rubble=True), 6, id="rubble: +1 (seed value)"),
    ],
)
def test_entering_water_or_rubble_needs_a_psr(here, there, target):
    """BT-M-31.1: water -1 / 0 / +1 by depth; rubble +1 (the seed's value, AMBIGUOUS)."""
    state = walker(h0509=here, h0508=there)
    _, events = play(state, Move(0, MoveMode.WALK, (F,)), [6, 6])
    reason = "rubble" if there.rubble else "water"
    assert rolls(events) == [(reason, target, True)]


@pytest.mark.parametrize(
    "terrain",
    [Terrain(), Terrain(water=0), Terrain(rough=True), Terrain(level=1), Terrain(pavement=True)],
)
def test_other_terrain_needs_no_psr(terrain):
    """BT-M-21: only water of Depth 1+, rubble and buildings ask for a roll."""
    _, events = play(walker(h0508=terrain), Move(0, MoveMode.WALK, (F,)))
    assert rolls(events) == []


def test_leaving_water_needs_no_psr():
    """BT-M-33.2: the PSR is for entering water; leaving it for land needs none."""
    _, events = play(walker(h0509=Terrain(water=2)), Move(0, MoveMode.WALK, (F,)))
    assert rolls(events) == []


def test_a_roll_equal_to_the_target_succeeds():
    """BT-M-0 / BT-M-30 item 2: roll >= target: the 'Mech stays up (Depth 2: 5 on 2+3)."""
    after, events = play(walker(h0508=Terrain(water=2)), Move(0, MoveMode.WALK, (F,)), [2, 3])
    assert rolls(events) == [("water", 5, True)]
    assert not after.unit(0).mech.prone


def test_a_roll_one_below_the_target_fails():
    """BT-M-30 item 2: roll < target: the 'Mech falls (Depth 2: 4 on 2+2)."""
    state = walker(h0508=Terrain(water=2))
    after, events = play(state, Move(0, MoveMode.WALK, (F,)), [2, 2, *FALL_OK])
    assert rolls(events)[0] == ("water", 5, False)
    assert len(of(events, ev.UnitFell)) == 1
    assert after.unit(0).mech.prone


def test_movement_rolls_do_not_add_up():
    """BT-M-30 item 2 AMBIGUOUS: crossing three Depth 1 hexes is three rolls at -1 each."""
    water = Terrain(water=1)
    state = walker(h0508=water, h0507=water, h0506=water)
    _, events = play(state, Move(0, MoveMode.WALK, (F, F, F)), [6, 6] * 3)
    assert rolls(events) == [("water", 4, True)] * 3


def test_a_fall_cuts_the_plotted_path_short():
    """BT-M-30 item 3: the roll is made right after entering; a fall stops the rest of the path."""
    water = Terrain(water=1)
    state = walker(h0508=water, h0507=water)
    after, events = play(state, Move(0, MoveMode.WALK, (F, F, F)), [1, 1, *FALL_OK])
    assert [e.hex for e in of(events, ev.UnitEntered)] == [H("0508")]
    assert after.unit(0).hex == H("0508")
    assert after.active == 0  # it may still try to stand with its 5 MP left


# ---------------------------------------------------------------- BT-M-31.3: preexisting damage

LL, RL = Location.LL, Location.RL
HIP, UPPER, LOWER, FOOT = 0, 1, 2, 3
GYRO = (Location.CT, 3)

PREEXISTING_CASES = [
    pytest.param({(LL, FOOT)}, (), 1, id="foot +1"),
    pytest.param({(LL, LOWER), (LL, FOOT)}, (), 2, id="lower leg and foot +2"),
    pytest.param({(LL, UPPER), (LL, LOWER), (LL, FOOT)}, (), 3, id="three actuators +3"),
    pytest.param({(LL, FOOT), (RL, FOOT)}, (), 2, id="a foot in each leg +2"),
    pytest.param({(LL, HIP)}, (), 2, id="hip +2"),
    pytest.param({(LL, HIP), (LL, FOOT), (LL, LOWER)}, (), 2, id="hip covers its leg"),
    pytest.param({(LL, HIP), (RL, HIP)}, (), 4, id="two hips +4"),
    pytest.param({(LL, HIP), (RL, LOWER), (RL, FOOT)}, (), 4, id="hip + other leg's actuators"),
    pytest.param(set(), (LL,), 5, id="leg destroyed +5"),
    pytest.param({(LL, HIP), (LL, FOOT)}, (LL,), 5, id="destroyed leg counts +5 only"),
    pytest.param({(RL, HIP)}, (LL,), 7, id="destroyed leg + other hip"),
    pytest.param(set(), (LL, RL), 10, id="both legs destroyed"),
    pytest.param({GYRO}, (), 3, id="gyro hit +3"),
    pytest.param({GYRO, (RL, FOOT)}, (), 4, id="gyro + foot"),
]


@pytest.mark.parametrize(("crits", "gone", "total"), PREEXISTING_CASES)
def test_preexisting_damage_formula(crits, gone, total):
    """BT-M-31.3 reading: per leg the first of destroyed +5 / hip +2 / +1 per actuator; gyro +3."""
    unit = damaged(walker(), crits, gone).unit(0)
    assert sum(value for _, value in preexisting(unit)) == total


@pytest.mark.parametrize(("crits", "gone", "total"), PREEXISTING_CASES)
def test_preexisting_damage_is_added_to_the_landing_roll(crits, gone, total):
    """BT-M-31.3: added to every PSR the 'Mech makes (here the jump landing roll)."""
    state = damaged(walker(5, 4), crits, gone)
    path = (H("0508"), H("0507"))
    # 13+ fails even on 12: a fall whose injury roll (also 13+) fails too: a consciousness roll
    dice = [6, 6] if total < 8 else [6, 6, *FALL_OK, 6, 6]
    _, events = play(state, Jump(0, path, Facing.N), dice)
    assert rolls(events)[0] == ("landing", 5 + total, total < 8)


def test_preexisting_damage_is_added_to_the_water_roll():
    """BT-M-31.3: a foot actuator hit makes the Depth 1 roll 5 - 1 + 1 = 5."""
    state = damaged(walker(h0508=Terrain(water=1)), {(LL, FOOT)})
    _, events = play(state, Move(0, MoveMode.WALK, (F,)), [6, 6])
    assert rolls(events) == [("water", 5, True)]


def test_a_target_of_13_or_more_always_fails():
    """BT-M-0 DERIVED: destroyed leg +5, other hip +2, gyro +3: 15 fails even on 12."""
    state = damaged(walker(5, 4), {(RL, HIP), GYRO}, (LL,))
    path = (H("0508"), H("0507"))
    after, events = play(state, Jump(0, path, Facing.N), [6, 6, *FALL_OK, 6, 6])
    assert rolls(events) == [("landing", 15, False), ("injury", 15, False)]
    assert after.unit(0).mech.prone
    assert after.unit(0).mech.wounds == 1


# ---------------------------------------------------------------- BT-M-31.4: buildings


@pytest.mark.parametrize(
    ("hexes", "modifier"),
    [(1, 0), (2, 0), (3, 1), (4, 1), (5, 2), (6, 2), (7, 3), (9, 3), (10, 4), (13, 4)],
)
def test_building_hexes_moved_table(hexes, modifier):
    """BT-M-31.4: 1-2 hexes 0, 3-4 +1, 5-6 +2, 7-9 +3, 10+ +4."""
    assert building_hexes_modifier(hexes) == modifier


@pytest.mark.parametrize(
    ("cls", "modifier"),
    [
        (BuildingClass.LIGHT, 0),
        (BuildingClass.MEDIUM, 1),
        (BuildingClass.HEAVY, 2),
        (BuildingClass.HARDENED, 5),
    ],
)
def test_building_class_modifier(cls, modifier):
    """BT-M-31.4 / BT-M-8.9: Light 0, Medium +1, Heavy +2, Hardened +5."""
    assert cls.psr_modifier == modifier


def building(cls: BuildingClass, cf: int) -> Terrain:
    """A one-level building of class ``cls`` with ``cf`` Construction Factor left."""
    return Terrain(building=Building(cls, cf))


@pytest.mark.parametrize(
    ("tons", "cls", "before", "target"),
    [
        pytest.param(35, BuildingClass.MEDIUM, 0, 6, id="medium, 1st hex"),
        pytest.param(35, BuildingClass.MEDIUM, 2, 7, id="medium, 3rd hex"),
        pytest.param(50, BuildingClass.HEAVY, 4, 9, id="heavy, 5th hex"),
        pytest.param(50, BuildingClass.HARDENED, 0, 10, id="hardened, 1st hex"),
        pytest.param(50, BuildingClass.HEAVY, 6, 10, id="heavy, 7th hex"),
    ],
)
def test_entering_a_building_rolls_class_plus_hexes_moved(tons, cls, before, target):
    """BT-M-31.4 reading: class modifier + hexes entered so far, the building hex included."""
    row = 9 - before - 1
    board = terrain_board(10, 10, **{f"h05{row:02d}": building(cls, cls.default_cf)})
    units = [(design(tons, 10), 0, "0509", Facing.N), (design(), 1, "1010", Facing.N)]
    state = start(board, units)
    _, events = play(state, Move(0, MoveMode.WALK, (F,) * (before + 1)), [6, 6])
    assert rolls(events) == [("building", target, True)]


def test_entering_and_leaving_are_two_rolls():
    """BT-M-31.4 reading: entering and leaving a building hex are separate rolls, each counted."""
    state = walker(h0508=building(BuildingClass.HEAVY, 90))
    _, events = play(state, Move(0, MoveMode.WALK, (F, F)), [6, 6, 6, 6])
    assert rolls(events) == [("building", 7, True), ("building", 7, True)]


def test_building_to_building_is_one_roll_at_the_higher_class():
    """BT-M-31.4 ASSUMPTION: one roll per hex change, the higher class of the two hexes."""
    state = walker(
        9, h0508=building(BuildingClass.HEAVY, 90), h0507=building(BuildingClass.HARDENED, 150)
    )
    _, events = play(state, Move(0, MoveMode.WALK, (F, F)), [6, 6, 6, 6])
    assert rolls(events) == [("building", 7, True), ("building", 10, True)]


def test_a_failed_building_roll_is_damage_not_a_fall():
    """BT-M-8.9 / BT-M-41 #4: ceil(CF/10) on one Front location; the building loses ceil(t/10)."""
    state = walker(h0508=building(BuildingClass.HEAVY, 90))
    after, events = play(state, Move(0, MoveMode.WALK, (F, F)), [1, 1, 3, 4, 6, 6])
    assert rolls(events) == [("building", 7, False), ("building", 7, True)]
    assert not of(events, ev.UnitFell)
    (hit,) = of(events, ev.DamageApplied)
    assert (hit.location, hit.armor + hit.internal, hit.rear) == (Location.CT, 9, False)
    (crumbled,) = of(events, ev.BuildingDamaged)
    assert (crumbled.hex, crumbled.cf) == (H("0508"), 5)
    unit = after.unit(0)
    assert (unit.hex, unit.mech.prone) == (H("0507"), False)
    assert after.board.terrain(H("0508")).building.cf == 85


def test_more_tonnage_than_cf_collapses_the_building():
    """BT-M-41 #4 ASSUMPTION: 50 t in a CF 15 building: it collapses to rubble; the unit falls."""
    state = walker(h0508=building(BuildingClass.LIGHT, 15))
    # the fall from ground level: facing die 1, 5 damage on the CT, injury roll 12
    after, events = play(state, Move(0, MoveMode.WALK, (F, F)), [1, 3, 4, 6, 6])
    (collapse,) = of(events, ev.BuildingDamaged)
    assert (collapse.hex, collapse.collapsed) == (H("0508"), True)
    (fell,) = of(events, ev.UnitFell)
    assert (fell.hex, fell.levels, fell.damage) == (H("0508"), 0, 5)
    terrain = after.board.terrain(H("0508"))
    assert (terrain.building, terrain.rubble) == (None, True)
    assert (after.unit(0).hex, after.unit(0).mech.prone) == (H("0508"), True)


def test_tonnage_equal_to_cf_does_not_collapse_the_building():
    """BT-M-41 #4 ASSUMPTION: a 40-ton 'Mech in a CF 40 building: only the entry roll."""
    board = terrain_board(10, 10, h0508=building(BuildingClass.MEDIUM, 40))
    state = start(board, [(design(40, 5), 0, "0509", Facing.N), (design(), 1, "1010", Facing.N)])
    after, events = play(state, Move(0, MoveMode.WALK, (F,)), [6, 6])
    assert rolls(events) == [("building", 6, True)]
    assert not of(events, ev.BuildingDamaged)
    assert after.board.terrain(H("0508")).building is not None
