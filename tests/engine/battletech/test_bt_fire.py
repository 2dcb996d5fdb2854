"""Fire in the End phase: the wind, spreading, burning buildings (BT-C-60, BT-C-60.5)."""

from __future__ import annotations

import attrs

from engine.battletech import events as ev
from engine.battletech.board import Building, BuildingClass, Terrain, Woods
from engine.battletech.context import Ctx
from engine.battletech.rules.fire import end_phase_fire
from engine.dice import ScriptedDice
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, start, terrain_board

H = Hex.from_label
LIGHT = Terrain(woods=Woods.LIGHT)
STAYS = (1, 1)
"""The End phase's burn-down roll of a burning woods hex (2D6 >= 10, `test_fire_spread`): not."""


def _run(state: object, dice: tuple[int, ...]) -> tuple[object, list[ev.BTEvent]]:
    scripted = ScriptedDice(dice)
    ctx = Ctx(state, scripted)  # type: ignore[arg-type]
    end_phase_fire(ctx)
    assert scripted.position == len(dice), "every scripted die is used"
    return ctx.state, ctx.events


def _state(wind: Facing | None = Facing.N, **hexes: Terrain) -> object:
    board = terrain_board(12, 12, **hexes)
    state = start(board, [(design(), 0, "0101", Facing.S), (design(), 1, "1212", Facing.N)])
    return attrs.evolve(state, wind=wind)


def test_no_fire_no_dice() -> None:
    state = _state(wind=None, h0606=LIGHT)
    after, events = _run(state, ())
    assert events == []
    assert after.wind is None


def test_the_wind_is_rolled_once_when_a_fire_first_burns() -> None:
    """1D6: 1 is north, then clockwise; a 3 is south-east (DESIGN: rolled when first needed)."""
    state = _state(wind=None, h0606=attrs.evolve(LIGHT, fire=True), h0604=LIGHT)
    after, events = _run(state, (3, *STAYS))
    assert events[0] == ev.WindRolled(3, Facing.SE)  # 0604 is upwind of a south-east wind
    assert after.wind is Facing.SE
    again, events = _run(after, STAYS)
    assert not [e for e in events if isinstance(e, ev.WindRolled)]
    assert again.wind is Facing.SE


def test_downwind_woods_ignite_on_9() -> None:
    """BT-C-60.5: the hex directly downwind catches on 2D6 >= 9 (4+5), not on 8 (4+4)."""
    burning = attrs.evolve(LIGHT, fire=True)
    state = _state(h0606=burning, h0605=LIGHT)
    after, events = _run(state, (4, 5, *STAYS))
    assert after.board.terrain(H("0605")).fire
    assert ev.TerrainRolled(H("0605"), "spread", 9, (4, 5), success=True) in events
    after, _ = _run(state, (4, 4, *STAYS))
    assert not after.board.terrain(H("0605")).fire


def test_the_hexes_sixty_degrees_off_the_wind_need_11() -> None:
    burning = attrs.evolve(LIGHT, fire=True)
    north_east = H("0606").neighbor(Facing.NE)
    north_west = H("0606").neighbor(Facing.NW)
    state = _state(h0606=burning, **{f"h{north_east.label}": LIGHT, f"h{north_west.label}": LIGHT})
    after, events = _run(state, (5, 5, 6, 5, *STAYS))
    rolls = [e for e in events if isinstance(e, ev.TerrainRolled) and e.kind == "spread"]
    assert [(e.target, e.success) for e in rolls] == [(11, False), (11, True)]
    assert after.board.terrain(north_east).fire
    assert not after.board.terrain(north_west).fire


def test_fire_leaps_an_unburnable_hex_on_12() -> None:
    """Two hexes downwind, across a clear hex ("crossing an unburned hex +3"): 12 only."""
    state = _state(h0606=attrs.evolve(LIGHT, fire=True), h0604=LIGHT)
    after, events = _run(state, (6, 5, *STAYS))
    assert not after.board.terrain(H("0604")).fire
    after, _ = _run(state, (6, 6, *STAYS))
    assert after.board.terrain(H("0604")).fire
    assert [e.target for e in events if isinstance(e, ev.TerrainRolled)] == [12, 10]


def test_only_woods_and_buildings_burn_and_burning_hexes_are_not_rolled_again() -> None:
    state = _state(
        h0606=attrs.evolve(LIGHT, fire=True),
        h0605=Terrain(rough=True),
        h0505=attrs.evolve(LIGHT, fire=True),
    )
    _, events = _run(state, STAYS * 2)
    assert not [e for e in events if isinstance(e, ev.TerrainRolled) and e.kind == "spread"]


def test_a_burning_building_loses_2_cf_a_turn_and_falls_to_rubble() -> None:
    building = Terrain(building=Building(BuildingClass.MEDIUM, 3), fire=True)
    after, events = _run(_state(h0606=building), ())
    assert events == [ev.BuildingDamaged(H("0606"), 2, collapsed=False)]
    assert after.board.terrain(H("0606")).building.cf == 1
    after, events = _run(after, ())
    assert events[0] == ev.BuildingDamaged(H("0606"), 2, collapsed=True)
    assert after.board.terrain(H("0606")).building is None
    assert after.board.terrain(H("0606")).rubble


def test_a_fire_with_nothing_to_spread_to_rolls_no_wind() -> None:
    """No woods or building within two hexes of the fire: no wind roll, no spread roll."""
    state = _state(wind=None, h0606=attrs.evolve(LIGHT, fire=True), h0603=LIGHT)
    after, events = _run(state, STAYS)
    assert events == [ev.TerrainRolled(H("0606"), "burn down", 10, STAYS, success=False)]
    assert after.wind is None
