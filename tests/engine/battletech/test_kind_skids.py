"""Vehicles' Driving rolls in movement: skids, sideslips, buildings (BT-M-29, BT-M-37, BT-M-41).

- BT-M-29.5 / BT-M-37.5: a skidding ground vehicle keeps its facing and rolls once on the Motive
  System Damage Table per hex skidded (one for a skid of length 0), +1 over rough or rubble.
- BT-M-37.7: the Failed Maneuver Table was not found: a failed skid roll is a plain skid.
- BT-M-29.7 / BT-M-29.8: woods, water, buildings and infantry along the slide.
- BT-M-41 #8 / BT-M-37.6: a flank-speed VTOL that moves on after a turn rolls against a
  sideslip; it drifts by the margin of failure (at most the hexes entered less 1) and crashes
  into terrain above its elevation.
- BT-M-31.4 / BT-M-8.9: the Driving roll into and out of a building.

Scripted dice throughout; the tank is 60 t tracked with 20 armor everywhere (Driving 5).
"""

from __future__ import annotations

import pytest

from engine.battletech import events as ev
from engine.battletech import kindevents as kev
from engine.battletech.board import Building, BuildingClass, Terrain, Woods
from engine.battletech.commands import Move, Step, StepKind
from engine.battletech.designs import InfantryDesign
from engine.battletech.designs.infantry import InfantryMotion
from engine.battletech.designs.vehicle import Motion, VehicleDesign, VehicleLocation
from engine.battletech.kindmoveevents import ElevationChanged
from engine.battletech.kinds.infantry import InfantryBody
from engine.battletech.kinds.vehicle import MotiveDamage, VehicleBody, driving_modifier
from engine.battletech.narrate import describe
from engine.battletech.rules.movement import plan_move
from engine.battletech.rules.skids import leading_side
from engine.battletech.state import BTState, Movement, MoveMode
from engine.battletech.tables import Column
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, play, start, state_with, terrain_board
from tests.engine.battletech._vehicles import tank, vtol

F, R = Step(StepKind.FORWARD), Step(StepKind.RIGHT)
PAVED = {f"h04{r:02d}": Terrain(pavement=True) for r in range(10, 19)}
TURN = Hex.from_label("0417")  # where the vehicle turns NE and loses control
SKID = (F, R, F, F, F, F)  # 5 hexes intended: +1; 4 after the turning hex: a skid of 2


def on(
    board: dict[str, Terrain], *units: tuple[VehicleDesign | InfantryDesign, int, str]
) -> BTState:
    """The units (design, side, hex) facing north on a 16 x 20 board with ``board``'s terrain."""
    placed = [(d, side, where, Facing.N) for d, side, where in units]
    return start(terrain_board(16, 20, **board), placed)  # type: ignore[arg-type]


def motive(events: list[ev.BTEvent]) -> list[tuple[tuple[int, ...], int, MotiveDamage]]:
    return [(e.roll, e.modifier, e.result) for e in events if isinstance(e, kev.MotiveDamaged)]


def hits(events: list[ev.BTEvent]) -> list[tuple[VehicleLocation, int]]:
    return [(e.location, e.damage) for e in events if isinstance(e, kev.VehicleHit)]


def test_the_side_facing_the_skid_takes_its_damage() -> None:
    """BT-M-29.6: the side facing the skid's direction (front, right 1-2, rear 3, left 4-5)."""
    assert leading_side(Facing.N, Facing.N) is Column.FRONT
    assert leading_side(Facing.NE, Facing.N) is Column.LEFT
    assert leading_side(Facing.N, Facing.SE) is Column.RIGHT
    assert leading_side(Facing.N, Facing.S) is Column.REAR


def test_a_skid_rolls_motive_damage_per_hex_plus_1_over_rough() -> None:
    """BT-M-29.5 / BT-M-37.5: 2 hexes, 2 motive rolls (tracked +0, rough +1); facing kept."""
    state = on({**PAVED, "h0415": Terrain(rough=True)}, (tank(), 0, "0418"))
    plan = plan_move(state, 0, MoveMode.RUN, SKID)
    assert [c.reason for c in plan.checks] == ["skid"]
    # Driving 5 + 1 (5 hexes) = 6: 1 + 1 fails; motive 3 + 3 = 6 minor, 4 + 3 + 1 = 8 moderate
    after, events = play(state, Move(0, MoveMode.RUN, SKID), dice=(1, 1, 3, 3, 4, 3))
    assert [e.reason for e in events if isinstance(e, ev.PilotingRoll)] == ["skid"]
    assert motive(events) == [
        ((3, 3), 0, MotiveDamage.MINOR),
        ((4, 3), 1, MotiveDamage.MODERATE),
    ]
    unit = after.units[0]
    assert unit.hex == Hex.from_label("0415")
    assert unit.facing is Facing.NE
    assert isinstance(unit.body, VehicleBody)
    assert unit.body.motive_mp_lost == 1
    assert driving_modifier(unit.body) == 1 + 2
    assert unit.movement is not None
    assert unit.movement.skidded
    assert after.active is None
    text = " ".join(describe(e, state, after) for e in events)
    assert "Driving roll for avoiding a skid" in text
    assert "motive roll" in text


def test_a_skid_of_length_0_still_rolls_once() -> None:
    """BT-M-29.5: F R F: 2 hexes (-1), 1 hex after the turn: a skid of 0, one motive roll."""
    state = on(PAVED, (tank(), 0, "0418"))
    after, events = play(state, Move(0, MoveMode.RUN, (F, R, F)), dice=(1, 1, 2, 2))
    assert [e.path for e in events if isinstance(e, ev.UnitSkidded)] == [()]
    assert motive(events) == [((2, 2), 0, MotiveDamage.NONE)]
    assert after.units[0].hex == TURN


def test_woods_shorten_the_skid_and_hit_the_leading_side() -> None:
    """BT-M-29.7: light woods count 2 skid hexes and deal ⌈60 / 10⌉ = 6 (5 + 1) on the left."""
    state = on({**PAVED, "h0416": Terrain(woods=Woods.LIGHT)}, (tank(), 0, "0418"))
    dice = (1, 1, 3, 4, 3, 4, 2, 2)  # fail; left 7, left 7; motive 4
    after, events = play(state, Move(0, MoveMode.RUN, SKID), dice=dice)
    assert after.units[0].hex == Hex.from_label("0416")
    assert hits(events) == [(VehicleLocation.LEFT, 5), (VehicleLocation.LEFT, 1)]
    assert motive(events) == [((2, 2), 0, MotiveDamage.NONE)]


def test_water_stops_the_skid_and_drowns_a_tracked_tank_a_hover_slides_on() -> None:
    """BT-M-29.7 / BT-M-26.2 / BT-M-37.4.

    Depth 1 water stops a tank (destroyed, it cannot be in it); a hover vehicle skids on over
    the surface (hover +3 on its motive rolls).
    """
    water = {**PAVED, "h0416": Terrain(water=1)}
    after, events = play(on(water, (tank(), 0, "0418")), Move(0, MoveMode.RUN, SKID), (1, 1))
    assert [e.stopped_by for e in events if isinstance(e, ev.UnitSkidded)] == ["water"]
    assert after.units[0].destroyed
    hover = tank(motion=Motion.HOVER, cruise=6)
    after, events = play(on(water, (hover, 0, "0418")), Move(0, MoveMode.RUN, SKID), (1, 1) * 3)
    assert after.units[0].hex == Hex.from_label("0415")
    assert motive(events) == [((1, 1), 3, MotiveDamage.NONE)] * 2


def rifles() -> InfantryDesign:
    return InfantryDesign("Foot Platoon", "(Rifle)", InfantryMotion.FOOT, 7, 4, "Auto-Rifle")


@pytest.mark.parametrize("moved", [True, False])
def test_a_skid_goes_over_infantry(*, moved: bool) -> None:
    """BT-M-29.8.

    A platoon that moved takes ⌈60 / 5⌉ = 12 as direct damage (2 men, x 2 in the open); one
    that has not moved steps aside. The skid goes on either way.
    """
    state = on(PAVED, (tank(), 0, "0418"), (rifles(), 1, "0416"))
    if moved:
        state = state_with(state, 1, movement=Movement(MoveMode.WALK, done=True))
    after, events = play(state, Move(0, MoveMode.RUN, SKID), dice=(1, 1, 2, 2, 2, 2))
    assert after.units[0].hex == Hex.from_label("0415")
    body = after.units[1].body
    assert isinstance(body, InfantryBody)
    lost = [(e.lost, e.damage) for e in events if isinstance(e, kev.TroopersLost)]
    assert lost == ([(4, 12)] if moved else [])
    assert body.troopers == 28 - (4 if moved else 0)


def test_a_skid_never_ends_in_another_units_hex() -> None:
    """BT-M-29.8 (DESIGN): infantry on the skid's last hex stops it in the hex before."""
    state = on(PAVED, (tank(), 0, "0418"), (rifles(), 1, "0415"))
    after, events = play(state, Move(0, MoveMode.RUN, SKID), dice=(1, 1, 2, 2))
    assert after.units[0].hex == Hex.from_label("0416")
    assert [e.stopped_by for e in events if isinstance(e, ev.UnitSkidded)] == ["another unit"]


def test_a_skid_through_a_building_that_collapses_goes_on() -> None:
    """BT-M-29.7.

    After 1 hex the charge does ⌈60 x 1 / 10⌉ = 6 >= CF 5: collapse; 3 - 1 - ⌈5/10⌉ = 1 hex
    more into the rubble; the tank takes ⌈60 / 20⌉ = 3 on its left; rubble +1 motive.
    """
    fast = tank(cruise=6)  # flank 9
    steps = (F, R, *(F,) * 7)  # 8 hexes: +2; 7 after the turn: a skid of 3
    state = on(
        {**PAVED, "h0415": Terrain(building=Building(BuildingClass.LIGHT, 5))}, (fast, 0, "0418")
    )
    dice = (1, 1, 3, 4, 2, 2, 2, 2)  # fail; 3 on the left (7); motive 4 and 4 + 1
    after, events = play(state, Move(0, MoveMode.RUN, steps), dice=dice)
    assert [e for e in events if isinstance(e, ev.BuildingDamaged)] == [
        ev.BuildingDamaged(Hex.from_label("0415"), 6, collapsed=True)
    ]
    assert hits(events) == [(VehicleLocation.LEFT, 3)]
    assert after.units[0].hex == Hex.from_label("0415")
    assert motive(events) == [((2, 2), 0, MotiveDamage.NONE), ((2, 2), 1, MotiveDamage.NONE)]


def test_a_building_that_holds_stops_the_skid_before_it() -> None:
    """BT-M-29.7: 0 hexes skidded: no damage to a CF 5 building; the tank takes 3 and stops."""
    state = on(
        {**PAVED, "h0416": Terrain(building=Building(BuildingClass.LIGHT, 5))}, (tank(), 0, "0418")
    )
    after, events = play(state, Move(0, MoveMode.RUN, SKID), dice=(1, 1, 3, 4, 2, 2))
    assert after.units[0].hex == TURN
    assert hits(events) == [(VehicleLocation.LEFT, 3)]
    assert after.board.terrain(Hex.from_label("0416")).building is not None


# ---------------------------------------------------------------- BT-M-41 #8 / BT-M-37.6 sideslip

SLIP = (F, F, R, F, F)  # 4 hexes intended: +0; 2 entered before the turn: 1 hex of slip at most


def flying(**board: Terrain) -> BTState:
    """The test VTOL (21 t) flying at elevation 1 in 0418, facing north."""
    return state_with(on(board, (vtol(), 0, "0418")), 0, elevation=1)


def test_a_flank_vtol_rolls_against_a_sideslip_after_a_turn_cruise_none() -> None:
    """BT-M-41 #8: the roll before the hex entered after the turn, skid modifiers (BT-M-29.2)."""
    state = flying()
    plan = plan_move(state, 0, MoveMode.RUN, SLIP)
    assert [(c.reason, c.modifiers, c.elevation) for c in plan.checks] == [
        ("sideslip", (("4 hexes this turn", 0),), 1)
    ]
    assert plan.steps[3].before == plan.checks
    assert plan_move(state, 0, MoveMode.WALK, SLIP).checks == ()
    after, _ = play(state, Move(0, MoveMode.RUN, SLIP), dice=(2, 3))  # 5 >= 5
    assert after.units[0].hex == plan.end[0]


def test_a_failed_sideslip_drifts_by_the_margin_at_most_hexes_less_1() -> None:
    """BT-M-37.6: 2 fails 5 by 3, but 2 hexes entered allow 1: it drifts north, its move ends."""
    state = flying()
    after, events = play(state, Move(0, MoveMode.RUN, SLIP), dice=(1, 1))
    assert [e.path for e in events if isinstance(e, ev.UnitSkidded)] == [(Hex.from_label("0415"),)]
    unit = after.units[0]
    assert unit.hex == Hex.from_label("0415")
    assert unit.facing is Facing.NE
    assert isinstance(unit.body, VehicleBody)
    assert unit.body.elevation == 1
    assert not hits(events)
    text = " ".join(describe(e, state, after) for e in events)
    assert "sideslip" in text


def test_a_sideslip_stops_short_of_a_hex_it_may_not_end_in_bt_m_25() -> None:
    """BT-M-37.6 / BT-M-25 (DESIGN): the 1-hex slip would end on an enemy 'Mech: it stays put.

    Found by a mixed random game at the merge: the VTOL ended its move in a 'Mech's hex.
    """
    placed = [(vtol(), 0, "0418", Facing.N), (design(35, 6, 6), 1, "0415", Facing.S)]
    state = state_with(start(terrain_board(16, 20), placed), 0, elevation=1)  # type: ignore[arg-type]
    after, events = play(state, Move(0, MoveMode.RUN, SLIP), dice=(1, 1))
    (slid,) = [e for e in events if isinstance(e, ev.UnitSkidded)]
    assert (slid.path, slid.stopped_by) == ((), "the units in the next hex")
    assert after.units[0].hex == Hex.from_label("0416")
    assert not hits(events)


def test_a_sideslip_into_higher_terrain_crashes() -> None:
    """BT-M-37.6.

    Heavy woods (2 > elevation 1): ⌈(2 + 0 + 1) x 21 / 10⌉ = 7 as 5 + 2 on the side that hit
    (left), and the VTOL comes down where it is.
    """
    state = flying(h0415=Terrain(woods=Woods.HEAVY))
    # fail; left 7 (5 armor), left 7 (2 structure: a critical chance, BT-C-24.4, rolled 2)
    after, events = play(state, Move(0, MoveMode.RUN, SLIP), dice=(1, 1, 3, 4, 3, 4, 1, 1))
    assert [e.stopped_by for e in events if isinstance(e, ev.UnitSkidded)] == [
        "terrain above its elevation"
    ]
    assert hits(events) == [(VehicleLocation.LEFT, 5), (VehicleLocation.LEFT, 2)]
    assert [e.elevation for e in events if isinstance(e, ElevationChanged)] == [0]
    unit = after.units[0]
    assert unit.hex == Hex.from_label("0416")
    assert isinstance(unit.body, VehicleBody)
    assert not unit.body.airborne


# ---------------------------------------------------------------- BT-M-31.4 building rolls


def test_a_vehicle_rolls_to_enter_and_leave_a_building() -> None:
    """BT-M-31.4 / BT-M-41 #4.

    Heavy +2, hexes 1-2 +0: 7; a failure: ⌈90 / 10⌉ = 9 in one hit on the front column and ⌈60
    / 10⌉ = 6 CF off the building; the roll to leave it passes.
    """
    heavy = {"h0417": Terrain(building=Building(BuildingClass.HEAVY, 90))}
    state = on(heavy, (tank(), 0, "0418"))
    plan = plan_move(state, 0, MoveMode.RUN, (F, F))  # 4 MP into the building, 1 out
    assert [c.modifiers for c in plan.checks] == [
        (("heavy building", 2), ("1 hexes moved", 0)),
        (("heavy building", 2), ("2 hexes moved", 0)),
    ]
    after, events = play(state, Move(0, MoveMode.RUN, (F, F)), dice=(1, 1, 3, 4, 3, 4))
    assert [(e.reason, e.success) for e in events if isinstance(e, ev.PilotingRoll)] == [
        ("building", False),
        ("building", True),
    ]
    assert hits(events) == [(VehicleLocation.FRONT, 9)]
    building = after.board.terrain(TURN).building
    assert building is not None
    assert building.cf == 84
    assert after.units[0].hex == Hex.from_label("0416")
    infantry = on(heavy, (rifles(), 0, "0418"))
    assert plan_move(infantry, 0, MoveMode.WALK, (F,)).checks == ()  # BT-M-30 item 1


def test_a_mechs_slide_runs_over_a_platoon_that_moved() -> None:
    """BT-M-29.8: a 50 t 'Mech slides over a platoon: ⌈50 / 5⌉ = 10, 2 men in the open."""
    from tests.engine.battletech._build import design  # noqa: PLC0415

    mech = design(50, 4, 0, name="Skidder")
    state = on(PAVED, (mech, 0, "0418"), (rifles(), 1, "0416"))
    moved = state_with(state, 1, movement=Movement(MoveMode.WALK, done=True))
    # fail; fall: facing 3, a group 6, injury 6; slide: 2 hexes of 3 (6, 6)
    dice = (1, 1, 3, 3, 3, 3, 3, 3, 3, 3, 3)
    after, events = play(moved, Move(0, MoveMode.RUN, SKID), dice=dice)
    assert [(e.lost, e.damage) for e in events if isinstance(e, kev.TroopersLost)] == [(2, 10)]
    assert after.units[0].hex == Hex.from_label("0415")
    after, events = play(state, Move(0, MoveMode.RUN, SKID), dice=dice)  # it steps aside
    assert not [e for e in events if isinstance(e, kev.TroopersLost)]
    assert after.units[0].hex == Hex.from_label("0415")


def test_the_plot_warning_target_of_a_driving_roll_has_no_mech_modifiers() -> None:
    """BT-M-37.1: `psr_target` of a vehicle's check: Driving + the check's modifiers (5 + 1)."""
    from engine.battletech.rules.movement import psr_target  # noqa: PLC0415

    state = on(PAVED, (tank(), 0, "0418"))
    check = plan_move(state, 0, MoveMode.RUN, SKID).checks[0]
    assert psr_target(state.units[0], check) == 6
