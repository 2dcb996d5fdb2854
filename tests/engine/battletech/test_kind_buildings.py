"""Vehicles, platoons and squads that bring a building down (BT-M-41 #4, BT-M-8.9, BT-C-35).

BT-M-41 #4 (ASSUMPTION): a building collapses when the tonnage of the units in it exceeds its
CF, and the units inside fall. Every kind weighs (`victory.tonnage`) and every kind falls: a
vehicle takes BT-M-35's ⌈tons / 10⌉ in 5-point groups on the front column of its location table
(BT-C-24), a platoon loses men to it as direct damage (BT-C-35 item 1), a squad one random
trooper a 5-point group (BT-C-35 item 2). Scripted dice throughout.
"""

from __future__ import annotations

import attrs

from engine.battletech import events as ev
from engine.battletech import kindevents as kev
from engine.battletech.board import Bridge, Building, BuildingClass, Terrain
from engine.battletech.commands import Move, Step, StepKind
from engine.battletech.context import Ctx
from engine.battletech.designs import InfantryDesign
from engine.battletech.designs.infantry import InfantryMotion
from engine.battletech.designs.vehicle import Motion, VehicleLocation
from engine.battletech.kinds.infantry import InfantryBody
from engine.battletech.kinds.vehicle import VehicleBody
from engine.battletech.narrate import describe
from engine.battletech.rules.buildings import damage_building, kind_fall_groups, weight_inside
from engine.battletech.rules.movement import plan_move
from engine.battletech.state import BTState, MoveMode, UnitState
from engine.dice import ScriptedDice
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, play, start, terrain_board
from tests.engine.battletech._vehicles import tank

F = Step(StepKind.FORWARD)
INSIDE = Hex.from_label("0407")


def board_with(cf: int) -> dict[str, Terrain]:
    """A Light building of ``cf`` in 0407."""
    return {"h0407": Terrain(building=Building(BuildingClass.LIGHT, cf))}


def rifles() -> InfantryDesign:
    """A 28-man foot rifle platoon (2.38 t by `victory.tonnage`)."""
    return InfantryDesign("Foot Platoon", "(Rifle)", InfantryMotion.FOOT, 7, 4, "Auto-Rifle")


def test_a_tank_heavier_than_the_cf_collapses_the_building_and_falls() -> None:
    """BT-M-41 #4: 60 t > CF 15: collapse; 6 damage (BT-M-35) as 5 + 1 on the front column."""
    state = start(terrain_board(8, 10, **board_with(15)), [(tank(), 0, "0408", Facing.N)])  # type: ignore[list-item]
    plan = plan_move(state, 0, MoveMode.WALK, (F, F))
    assert plan.steps[0].crush == 60
    assert kind_fall_groups(state.units[0], 0) == (5, 1)
    after, events = play(state, Move(0, MoveMode.WALK, (F, F)), dice=(3, 4, 3, 3))
    collapsed = [e for e in events if isinstance(e, ev.BuildingDamaged)]
    assert collapsed == [ev.BuildingDamaged(INSIDE, 15, collapsed=True)]
    hits = [e for e in events if isinstance(e, kev.VehicleHit)]
    assert [(h.location, h.damage, h.roll) for h in hits] == [
        (VehicleLocation.FRONT, 5, (3, 4)),
        (VehicleLocation.FRONT, 1, (3, 3)),
    ]
    unit = after.units[0]
    assert unit.hex == INSIDE  # the move ends in the collapse, the 2nd step is not taken
    assert after.board.terrain(INSIDE).rubble
    assert isinstance(unit.body, VehicleBody)
    assert unit.body.armor[0] == 20 - 6
    assert after.active is None  # a vehicle does not stay active to stand up (it never falls over)
    text = [describe(e, state, after) for e in events]
    assert any("collapse" in line for line in text)


def test_a_tank_lighter_than_the_cf_passes() -> None:
    """BT-M-41 #4: 60 t <= CF 60: the building holds; BT-M-31.4's Driving roll passes (5 + 0)."""
    state = start(terrain_board(8, 10, **board_with(60)), [(tank(), 0, "0408", Facing.N)])  # type: ignore[list-item]
    assert plan_move(state, 0, MoveMode.WALK, (F,)).steps[0].crush == 0
    after, events = play(state, Move(0, MoveMode.WALK, (F,)), dice=(2, 3))
    assert not any(isinstance(e, ev.BuildingDamaged) for e in events)
    assert after.units[0].hex == INSIDE


def test_a_platoon_in_a_collapse_loses_men_as_direct_damage() -> None:
    """BT-C-35 item 1: 2.38 t > CF 2; the fall ⌈3 / 10⌉ = 1 damage, 1 man in the rubble."""
    state = start(terrain_board(8, 10, **board_with(2)), [(rifles(), 0, "0408", Facing.N)])  # type: ignore[list-item]
    plan = plan_move(state, 0, MoveMode.WALK, (F,))
    assert plan.steps[0].crush == 3
    after, events = play(state, Move(0, MoveMode.WALK, (F,)))
    lost = [e for e in events if isinstance(e, kev.TroopersLost)]
    assert [(e.lost, e.conversion, e.in_open) for e in lost] == [(1, "direct", False)]
    body = after.units[0].body
    assert isinstance(body, InfantryBody)
    assert body.troopers == 27


def test_a_mech_crushes_the_building_a_tank_stands_in_and_both_fall() -> None:
    """BT-M-41 #4: a 50 t 'Mech passing a 60 t tank's building hex: 110 t > CF 100."""
    units = [(tank(), 0, "0407", Facing.N), (design(50, 5, 0, name="Crusher"), 0, "0408", Facing.N)]
    state = start(terrain_board(8, 10, **board_with(100)), units)  # type: ignore[arg-type]
    assert weight_inside(state, INSIDE) == 60
    plan = plan_move(state, 1, MoveMode.WALK, (F, F))
    assert plan.steps[0].crush == 110
    # the tank: 5 + 1 on its front (7, 6); the 'Mech: facing 1, CT 7, injury roll 10
    after, events = play(state, Move(1, MoveMode.WALK, (F, F)), dice=(3, 4, 3, 3, 1, 3, 4, 5, 5))
    assert [(h.unit, h.damage) for h in events if isinstance(h, kev.VehicleHit)] == [(0, 5), (0, 1)]
    assert [e.cause for e in events if isinstance(e, ev.UnitFell)] == ["the building collapsed"]
    assert after.units[1].mech.prone
    assert after.board.terrain(INSIDE).rubble


def test_damage_that_leaves_less_cf_than_a_squad_weighs_drops_it() -> None:
    """BT-M-41 #4 via `damage_building`: a squad of 4 suits in a CF 5 building hit for 3."""
    squad = _squad_state()
    ctx = Ctx(squad, ScriptedDice((2,)))
    tons = weight_inside(squad, INSIDE)
    assert 2 < tons <= 5
    assert damage_building(ctx, INSIDE, 3)
    hit = [e for e in ctx.events if isinstance(e, kev.TrooperHit)]
    assert [(e.trooper, e.damage, e.rolls) for e in hit] == [(1, 1, (2,))]


def _squad_state() -> BTState:
    from tests.engine.battletech.test_kind_movement import CAVALIER, blk  # noqa: PLC0415

    return start(terrain_board(8, 10, **board_with(5)), [(blk(CAVALIER), 0, "0407", Facing.N)])  # type: ignore[list-item]


def test_a_vtol_in_flight_weighs_nothing_on_the_building_below() -> None:
    """BT-M-41 #4 / BT-M-37.3: a 50 t 'Mech and a 21 t VTOL flying over a CF 55 building."""
    from tests.engine.battletech._vehicles import vtol  # noqa: PLC0415

    units = [(vtol(), 0, "0407", Facing.N), (design(50, 5, 0, name="Crusher"), 0, "0408", Facing.N)]
    state = start(terrain_board(8, 10, **board_with(55)), units)  # type: ignore[arg-type]
    flying = state.replace_unit(0, _elevated(state, 1))
    assert weight_inside(flying, INSIDE) == 0
    assert plan_move(flying, 1, MoveMode.WALK, (F, F)).steps[0].crush == 0
    landed = state.replace_unit(0, _elevated(state, 0))
    assert weight_inside(landed, INSIDE) == 21
    assert plan_move(landed, 1, MoveMode.WALK, (F, F)).steps[0].crush == 71


def _elevated(state: BTState, elevation: int) -> UnitState:
    unit = state.units[0]
    assert isinstance(unit.body, VehicleBody)
    return attrs.evolve(unit, body=attrs.evolve(unit.body, elevation=elevation))


NS = (1 << int(Facing.N)) | (1 << int(Facing.S))


def river(cf: int) -> dict[str, Terrain]:
    """A N-S road from 0408 over a bridge of ``cf`` in 0407 (Depth 2 water) to 0406."""
    return {
        "h0408": Terrain(road=NS),
        "h0407": Terrain(water=2, bridge=Bridge(exits=NS, cf=cf)),
        "h0406": Terrain(road=NS),
    }


def test_a_tank_too_heavy_for_a_bridge_drowns_a_hover_tank_floats() -> None:
    """BT-M-28 (reading): 60 t > CF 40: the bridge gives way.

    A tracked tank may not be in Depth 2 water and is destroyed (BT-M-26.2); a hover tank falls
    onto the surface, 0 levels, halved: ⌈6 / 2⌉ = 3 on its front.
    """
    state = start(terrain_board(8, 10, **river(40)), [(tank(), 0, "0408", Facing.N)])  # type: ignore[list-item]
    assert plan_move(state, 0, MoveMode.WALK, (F, F)).steps[0].collapse == 60
    after, events = play(state, Move(0, MoveMode.WALK, (F, F)))
    assert [e.tonnage for e in events if isinstance(e, ev.BridgeCollapsed)] == [60]
    assert after.units[0].destroyed
    assert after.board.terrain(INSIDE).bridge is None
    hover = tank(motion=Motion.HOVER, cruise=6)
    state = start(terrain_board(8, 10, **river(40)), [(hover, 0, "0408", Facing.N)])  # type: ignore[list-item]
    after, events = play(state, Move(0, MoveMode.WALK, (F, F)), dice=(3, 4))
    assert hits_of(events) == [(VehicleLocation.FRONT, 3)]
    assert not after.units[0].destroyed
    assert after.units[0].hex == INSIDE


def test_a_platoon_on_a_light_bridge_falls_in_and_is_lost() -> None:
    """BT-M-28 / BT-M-39.2: 2.38 t > CF 2: into Depth 2 water, where infantry may not be."""
    state = start(terrain_board(8, 10, **river(2)), [(rifles(), 0, "0408", Facing.N)])  # type: ignore[list-item]
    after, _ = play(state, Move(0, MoveMode.WALK, (F,)))
    assert after.units[0].destroyed
    held = start(terrain_board(8, 10, **river(3)), [(rifles(), 0, "0408", Facing.N)])  # type: ignore[list-item]
    assert plan_move(held, 0, MoveMode.WALK, (F,)).steps[0].collapse == 0


def hits_of(events: list[ev.BTEvent]) -> list[tuple[VehicleLocation, int]]:
    return [(e.location, e.damage) for e in events if isinstance(e, kev.VehicleHit)]
