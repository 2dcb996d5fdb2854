"""BT-M-27, BT-M-28: pavement, moving along roads, and bridges (crossing and collapsing)."""

from __future__ import annotations

import pytest

from engine.battletech import events as ev
from engine.battletech.board import Bridge, BuildingClass, Terrain, Woods
from engine.battletech.commands import Jump, Move, Step, StepKind
from engine.battletech.rules.movement import plan_move
from engine.battletech.state import BTState, MoveMode
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, play, start, terrain_board

F = Step(StepKind.FORWARD)
H = Hex.from_label

NS = 0b001001
"""Road (or bridge) exits through the N and S hexsides."""
NE_SW = 0b010010
"""Road exits through the NE and SW hexsides."""


def mech_on(tons: int = 50, walk: int = 5, **hexes: Terrain) -> BTState:
    """A 'Mech in 0506 facing N; an enemy in the far corner."""
    board = terrain_board(10, 10, **hexes)
    units = [(design(tons, walk), 0, "0506", Facing.N), (design(), 1, "1010", Facing.N)]
    return start(board, units)


def costs(state: BTState, steps=(F,), mode: MoveMode = MoveMode.WALK) -> list[tuple[int, bool]]:
    """(MP, along the road) of each step of a legal plan."""
    return [(s.mp, s.road) for s in plan_move(state, 0, mode, steps).steps]


def of(events, kind):
    """The events of one type."""
    return [e for e in events if isinstance(e, kind)]


# ---------------------------------------------------------------- BT-M-27: pavement and roads


@pytest.mark.parametrize(
    "terrain",
    [
        pytest.param(Terrain(woods=Woods.HEAVY, road=NS), id="heavy woods"),
        pytest.param(Terrain(woods=Woods.LIGHT, road=NS), id="light woods"),
        pytest.param(Terrain(rough=True, road=NS), id="rough"),
    ],
)
def test_along_a_road_every_hex_costs_1(terrain):
    """BT-M-27.2: moving along a road costs 1 MP per hex whatever the hex's other terrain."""
    state = mech_on(h0506=Terrain(road=NS), h0505=terrain, h0504=terrain)
    assert costs(state, (F, F)) == [(1, True), (1, True)]


@pytest.mark.parametrize(("level", "cost"), [(1, 2), (2, 3), (-1, 2)])
def test_a_road_keeps_the_elevation_cost(level, cost):
    """BT-M-27.2 reading: the road replaces only the terrain cost; road cost = 1 + elevation."""
    state = mech_on(h0506=Terrain(road=NS), h0505=Terrain(level=level, woods=Woods.HEAVY, road=NS))
    assert costs(state) == [(cost, True)]


def test_a_road_keeps_the_elevation_limit():
    """BT-M-27.2 reading: a 3-level change is still prohibited on a road."""
    state = mech_on(walk=8, h0506=Terrain(road=NS), h0505=Terrain(level=3, road=NS))
    with pytest.raises(IllegalCommand) as caught:
        plan_move(state, 0, MoveMode.WALK, (F,))
    assert caught.value.code == "move/blocked"


def test_entering_a_road_hex_from_off_the_road_pays_the_terrain():
    """BT-M-8.7 / BT-M-27.2: a unit not moving along the road pays the underlying terrain."""
    state = mech_on(h0505=Terrain(woods=Woods.HEAVY, road=NS))
    assert costs(state) == [(3, False)]


def test_crossing_a_road_pays_the_terrain():
    """BT-M-27.2: from a road hex into a road hex not connected that way is not along the road."""
    state = mech_on(h0506=Terrain(road=NS), h0505=Terrain(woods=Woods.HEAVY, road=NE_SW))
    assert costs(state) == [(3, False)]


def test_pavement_costs_1_like_clear():
    """BT-M-27.1: pavement moves like Clear (1 MP), plus elevation."""
    state = mech_on(h0505=Terrain(pavement=True), h0504=Terrain(level=1, pavement=True))
    assert [mp for mp, _ in costs(state, (F, F))] == [1, 2]


def test_walking_the_whole_road_spends_1_per_hex():
    """BT-M-27.2: Walk 5 covers five heavy-woods road hexes."""
    woods_road = Terrain(woods=Woods.HEAVY, road=NS)
    hexes = {f"h05{row:02d}": woods_road for row in range(1, 7)}
    after, events = play(mech_on(**hexes), Move(0, MoveMode.WALK, (F,) * 5))
    assert after.unit(0).hex == H("0501")
    assert all(e.road for e in of(events, ev.UnitEntered))


# ---------------------------------------------------------------- BT-M-28: bridges


def river(bridge: Bridge | None = None, depth: int = 2, **extra: Terrain) -> dict[str, Terrain]:
    """A N-S road from 0506 over a bridge in 0505 (Depth ``depth`` water) to 0504."""
    return {
        "h0506": Terrain(road=NS),
        "h0505": Terrain(water=depth, bridge=bridge or Bridge(exits=NS)),
        "h0504": Terrain(road=NS),
        **extra,
    }


def test_an_unmarked_bridge_is_medium_with_cf_40():
    """BT-M-28: a bridge not defined by the scenario is a Medium bridge with CF 40."""
    assert (Bridge().cls, Bridge().cf) == (BuildingClass.MEDIUM, 40)


@pytest.mark.parametrize("mode", [MoveMode.WALK, MoveMode.RUN])
def test_a_bridge_carries_road_units_over_the_water(mode):
    """BT-M-8.8 / BT-M-28: along the road the water's cost, roll and run ban do not apply."""
    state = mech_on(40, **river())
    assert costs(state, (F, F), mode) == [(1, True), (1, True)]
    after, events = play(state, Move(0, mode, (F, F)))
    assert not of(events, ev.PilotingRoll)
    assert after.unit(0).hex == H("0504")


def test_a_mech_on_a_bridge_stands_at_the_surface():
    """BT-M-22 reading: a unit on a bridge stands at the water surface: walking off costs 1."""
    board = terrain_board(10, 10, **river())
    state = start(board, [(design(40, 5), 0, "0505", Facing.N), (design(), 1, "1010", Facing.N)])
    assert costs(state) == [(1, True)]


def test_entering_a_bridge_hex_off_the_road_is_entering_water():
    """BT-M-8.8: off the road the hex is Depth 2 water: 4 + 2 MP and a PSR."""
    state = mech_on(walk=6, h0505=Terrain(water=2, bridge=Bridge(exits=NS)))
    plan = plan_move(state, 0, MoveMode.WALK, (F,))
    assert [(s.mp, s.road) for s in plan.steps] == [(6, False)]
    assert [c.reason for c in plan.checks] == ["water"]


def test_a_bridge_bears_its_cf_in_tons():
    """BT-M-28: a bridge hex bears units whose tonnage is at most its current CF (40 t on 40)."""
    after, events = play(mech_on(40, **river()), Move(0, MoveMode.WALK, (F, F)))
    assert not of(events, ev.BridgeCollapsed)
    assert after.board.terrain(H("0505")).bridge is not None


def test_a_heavier_mech_collapses_the_bridge_and_falls_into_the_water():
    """BT-M-28 reading: 45 t > CF 40: the bridge collapses; a 0-level fall, halved (5 -> 3)."""
    # facing die 1; 3 damage on the CT (3+4); injury roll 6+6.
    after, events = play(mech_on(45, **river()), Move(0, MoveMode.WALK, (F, F)), [1, 3, 4, 6, 6])
    (collapse,) = of(events, ev.BridgeCollapsed)
    assert (collapse.hex, collapse.tonnage, collapse.cf) == (H("0505"), 45, 40)
    (fell,) = of(events, ev.UnitFell)
    assert (fell.hex, fell.levels, fell.damage, fell.halved) == (H("0505"), 0, 3, True)
    assert not [p for p in of(events, ev.PilotingRoll) if p.reason == "water"]
    unit = after.unit(0)
    assert (unit.hex, unit.mech.prone) == (H("0505"), True)
    assert after.board.terrain(H("0505")).bridge is None


def test_the_current_cf_counts():
    """BT-M-28: a damaged bridge (CF 30) cannot bear a 35-ton 'Mech."""
    state = mech_on(35, **river(Bridge(exits=NS, cf=30)))
    _, events = play(state, Move(0, MoveMode.WALK, (F, F)), [1, 3, 4, 6, 6])
    assert len(of(events, ev.BridgeCollapsed)) == 1


def _friend_on_the_bridge() -> BTState:
    """A 25-ton friend stands on the bridge; a 20-ton 'Mech walks across (45 t > CF 40)."""
    board = terrain_board(10, 10, **river())
    units = [
        (design(20, 5), 0, "0506", Facing.N),
        (design(25, 5), 0, "0505", Facing.N),
        (design(), 1, "1010", Facing.N),
    ]
    return start(board, units)


def test_every_unit_on_a_collapsing_bridge_falls_in():
    """BT-M-28 reading: the weight is every unit on the hex; a collapse drops them all in."""
    # two falls of 5 dice each: facing die, one damage group, injury roll
    dice = [1, 3, 4, 6, 6] * 2
    after, events = play(_friend_on_the_bridge(), Move(0, MoveMode.WALK, (F, F)), dice)
    (collapse,) = of(events, ev.BridgeCollapsed)
    assert collapse.tonnage == 45
    falls = {e.unit: (e.hex, e.levels, e.halved) for e in of(events, ev.UnitFell)}
    assert falls == {0: (H("0505"), 0, True), 1: (H("0505"), 0, True)}
    assert after.unit(0).mech.prone
    assert after.unit(1).mech.prone


def test_a_mech_on_a_bridge_deck_jumps_with_every_jet():
    """BT-M-20.4 item 5 / BT-M-28: on the deck it is not standing in the Depth 2 water below."""
    board = terrain_board(10, 10, **river())
    state = start(board, [(design(40, 5, 3), 0, "0505", Facing.N), (design(), 1, "1010", Facing.N)])
    path = (H("0504"), H("0503"), H("0502"))
    after, _ = play(state, Jump(0, path, Facing.N))
    assert after.unit(0).hex == H("0502")
