"""Fire in the End phase: the wind, fire spreading, burning buildings (BT-C-60.5, BT-C-60).

- The wind is rolled the first time a fire could spread, with fuel within two hexes (DESIGN:
  the seed rolls it "at the start of the game", but `start` has no dice; a game without fire
  never needs it): 1D6, map direction 1 is north and the others clockwise (`WindRolled`).
- In each End phase every hex burning when the phase began threatens its neighbours: the hex
  directly downwind ignites on 2D6 >= 9, each hex 60 degrees off the wind on 11, and a burnable
  hex two hexes downwind with an unburnable hex between on 12 (BT-C-60.5). Only woods and
  buildings burn; one roll per burning hex threatening a hex (`TerrainRolled` kind "spread").
- A burning building loses 2 CF per turn (`BuildingDamaged`), and becomes rubble at 0.
  DESIGN: burning woods burn for the rest of the game (the seed says only "eventually").
"""

from __future__ import annotations

import attrs

from engine.battletech import events as ev
from engine.battletech.board import Terrain
from engine.battletech.context import Ctx
from engine.hexes import Facing, Hex

__all__ = ["BUILDING_FIRE_CF", "SPREAD", "burnable", "end_phase_fire"]

BUILDING_FIRE_CF = 2
"""BT-C-60: a burning building loses 2 CF per turn."""

SPREAD = {"downwind": 9, "quartering": 11, "leap": 12}
"""BT-C-60.5: the 2D6 each threatened hex needs to ignite."""


def burnable(terrain: Terrain) -> bool:
    """BT-C-60.5: fire spreads only through woods and buildings."""
    return bool(terrain.woods) or terrain.building is not None


def _threats(ctx: Ctx, where: Hex, wind: Facing) -> list[tuple[Hex, str]]:
    board = ctx.state.board
    threats: list[tuple[Hex, str]] = []
    ahead = where.neighbor(wind)
    for there, kind in (
        (ahead, "downwind"),
        (where.neighbor(wind.turn(-1)), "quartering"),
        (where.neighbor(wind.turn(1)), "quartering"),
    ):
        terrain = board.get(there)
        if terrain is not None and burnable(terrain) and not terrain.fire:
            threats.append((there, kind))
    between = board.get(ahead)
    beyond = ahead.neighbor(wind)
    far = board.get(beyond)
    if (
        between is not None
        and not burnable(between)
        and far is not None
        and burnable(far)
        and not far.fire
    ):
        threats.append((beyond, "leap"))
    return threats


def _fuel_near(ctx: Ctx, where: Hex) -> bool:
    """True when a fire in ``where`` could spread at all: unburnt fuel within two hexes."""
    board = ctx.state.board
    for there in where.ring(1) + where.ring(2):
        terrain = board.get(there)
        if terrain is not None and burnable(terrain) and not terrain.fire:
            return True
    return False


def end_phase_fire(ctx: Ctx) -> None:
    """BT-C-60 / 60.5: burning buildings lose CF, then the fires spread with the wind."""
    burning = [where for where, terrain in ctx.state.board.items() if terrain.fire]
    if not burning:
        return
    for where in burning:
        terrain = ctx.state.board.terrain(where)
        if terrain.building is not None:
            collapsed = terrain.building.cf <= BUILDING_FIRE_CF
            ctx.emit(ev.BuildingDamaged(where, BUILDING_FIRE_CF, collapsed=collapsed))
    if not any(_fuel_near(ctx, where) for where in burning):
        return
    wind = ctx.state.wind
    if wind is None:
        die = ctx.die()
        wind = Facing(die - 1)
        ctx.emit(ev.WindRolled(die, wind))
    for where in burning:
        for there, kind in _threats(ctx, where, wind):
            target = ctx.state.board.terrain(there)
            if target.fire:
                continue  # already caught from another burning hex this phase
            roll = ctx.roll(2)
            ignited = sum(roll) >= SPREAD[kind]
            ctx.emit(ev.TerrainRolled(there, "spread", SPREAD[kind], roll, ignited))
            if ignited:
                ctx.emit(ev.TerrainChanged(there, attrs.evolve(target, fire=True), "fire spread"))
