"""Fire in the End phase: the wind, fire spreading, burning down (BT-C-60, BT-M-8.11, BT-M-8.12).

- The wind: a scenario may set it (``wind = "NE"``, `engine.battletech.data.firescenario`); else it
is
  rolled the first time a fire could spread, with fuel within two hexes (DESIGN: the seed rolls
  it "at the start of the game", but `start` has no dice; a game without fire never needs it):
  1D6, map direction 1 is north and the others clockwise (`WindRolled`).
- In each End phase every hex burning when the phase began threatens its neighbours: the hex
  directly downwind ignites on 2D6 >= 9, each hex 60 degrees off the wind on 11, and a burnable
  hex two hexes downwind with an unburnable hex between on 12 (BT-C-60.5). Only woods and
  buildings burn; one roll per burning hex threatening a hex (`TerrainRolled` kind "spread").
- A burning building loses 2 CF per turn (BT-C-60, BT-M-8.12) through `buildings.damage_building`:
  at 0 it collapses on the units inside and is rubble (BT-M-8.10).
- Burning woods "end up cleared to rough" (BT-M-8.12). DESIGN (the seed gives no pace): after
  the spread, each woods hex that was burning when the phase began and did not catch fire this
  turn rolls 2D6 (`TerrainRolled` kind "burn down"); on 10+ it burns down one step of the
  terrain conversion table (BT-M-8.11): heavy woods to light woods, still burning; light woods
  to rough, where the fire goes out (rough cannot burn). About one turn in six.
"""

from __future__ import annotations

import attrs

from engine.battletech import events as ev
from engine.battletech.board import Terrain, Woods
from engine.battletech.context import Ctx
from engine.battletech.rules.buildings import damage_building
from engine.hexes import Facing, Hex

__all__ = [
    "BUILDING_FIRE_CF",
    "BURN_DOWN",
    "SPREAD",
    "burn_down",
    "burnable",
    "end_phase_fire",
    "fire_words",
]

BUILDING_FIRE_CF = 2
"""BT-C-60: a burning building loses 2 CF per turn."""

SPREAD = {"downwind": 9, "quartering": 11, "leap": 12}
"""BT-C-60.5: the 2D6 each threatened hex needs to ignite."""

BURN_DOWN = 10
"""DESIGN (BT-M-8.12 "burning woods end up cleared to rough"): the 2D6 a burning woods hex needs
in an End phase to burn down one step (BT-M-8.11)."""


def fire_words(wind: Facing | None) -> str:
    """The status line's words on a burning hex (BT-C-60.4 heat, BT-C-60.5 wind)."""
    blows = f"wind to {wind.name}" if wind is not None else "wind not rolled yet"
    return f"+5 heat to stay, {blows}"


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


def burn_down(terrain: Terrain) -> tuple[Terrain, str]:
    """BT-M-8.11/8.12: burning woods one step further down, and the log's words.

    Heavy woods become light woods (still burning); light woods rough (the fire goes out).
    """
    if terrain.woods is Woods.HEAVY:
        return attrs.evolve(terrain, woods=Woods.LIGHT), "the fire burned the heavy woods to light"
    return (
        attrs.evolve(terrain, woods=Woods.NONE, rough=True, fire=False),
        "the woods burned down to rough and the fire went out",
    )


def end_phase_fire(ctx: Ctx) -> None:
    """BT-C-60 / 60.5, BT-M-8.12: burning buildings lose CF, the fires spread, woods burn down."""
    burning = [where for where, terrain in ctx.state.board.items() if terrain.fire]
    if not burning:
        return
    old = [where for where in burning if where not in ctx.state.new_fires]
    for where in burning:
        damage_building(ctx, where, BUILDING_FIRE_CF)  # nothing when no building (BT-C-60)
    if any(_fuel_near(ctx, where) for where in burning):
        _spread(ctx, burning)
    for where in old:
        terrain = ctx.state.board.terrain(where)
        if not terrain.fire or not terrain.woods or terrain.building is not None:
            continue
        roll = ctx.roll(2)
        done = sum(roll) >= BURN_DOWN
        ctx.emit(ev.TerrainRolled(where, "burn down", BURN_DOWN, roll, done))
        if done:
            after, cause = burn_down(terrain)
            ctx.emit(ev.TerrainChanged(where, after, cause))


def _spread(ctx: Ctx, burning: list[Hex]) -> None:
    """BT-C-60.5: the wind (rolled if nobody set it), then one roll per threatened hex."""
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
