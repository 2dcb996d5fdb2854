"""Games of Age of Destruction for the turn-machine tests: setups, arranged states, commands.

`setup` builds a small game on a clear 20 x 20 board (zones: top columns 9-12 rows 1-3, bottom rows
18-20); `arrange` puts units where a test wants them, in the order stage of turn 1; `play` runs
commands through the rules with forced dice and returns the state and every event.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import attrs

from engine.aod.evolve import evolve
from engine.aod.movement import Altitude
from engine.aod.rules import decide
from engine.aod.ruleset import AgeOfDestruction, Library
from engine.aod.state import AoDSetup, AoDState, ForceUnit, PlayerSetup, Stage
from engine.aod.status import DialStatus
from engine.aod.terrain import Edge, HexTerrain, TerrainMap
from engine.dice import ScriptedDice
from engine.game import Command, Event
from engine.hexes import Facing, Hex
from tests.engine.aod._assets import catalogue, pieces, units

SIZE = 20


def library() -> Library:
    return Library(units(), pieces(), catalogue())


def ruleset() -> AgeOfDestruction:
    return AgeOfDestruction(library())


def setup(
    *forces: Sequence[str],
    build_total: int = 450,
    round_limit: int = 10,
    terrain: Mapping[str, HexTerrain] | None = None,
) -> AoDSetup:
    """Players "Red" (top), "Blue" (bottom), "Green" (left), "Gold" (right) with these forces."""
    names = ("Red", "Blue", "Green", "Gold")
    edges = (Edge.TOP, Edge.BOTTOM, Edge.LEFT, Edge.RIGHT)
    library_units = units()
    players = tuple(
        PlayerSetup(names[n], edges[n], tuple(ForceUnit(c, library_units[c].points) for c in force))
        for n, force in enumerate(forces)
    )
    used = sorted({c for force in forces for c in force})
    cells = {Hex.from_label(label): t for label, t in (terrain or {}).items()}
    return AoDSetup(
        title="test",
        players=players,
        units=tuple(library_units[c] for c in used),
        heat_dials=tuple(catalogue().heat_dials.values()),
        terrain=TerrainMap.of(cells, SIZE, SIZE),
        build_total=build_total,
        round_limit=round_limit,
    )


def arrange(
    game: AoDSetup,
    places: Mapping[str, tuple[str, Facing] | tuple[str, Facing, Altitude]],
    *,
    active: int = 0,
    first: int = 0,
    orders: int | None = None,
    dials: Mapping[str, DialStatus] | None = None,
    tokens: Mapping[str, int] | None = None,
) -> AoDState:
    """The order stage of turn 1 with units placed (label, facing[, altitude]); others off-board.

    Units not placed count as eliminated, so they neither act nor block the end of the game.
    """
    state = AoDState.start(game)
    new = []
    for unit in state.units:
        place = places.get(unit.ident)
        if place is None:
            new.append(attrs.evolve(unit, eliminated=True))
            continue
        altitude = place[2] if len(place) == 3 else Altitude.NOE
        new.append(
            attrs.evolve(
                unit,
                hex=Hex.from_label(place[0]),
                facing=place[1],
                altitude=altitude,
                dial=(dials or {}).get(unit.ident, unit.dial),
                tokens=(tokens or {}).get(unit.ident, 0),
            )
        )
    return attrs.evolve(
        state,
        units=tuple(new),
        stage=Stage.ORDER,
        active=active,
        first=first,
        turn=1,
        round=1,
        orders_left=game.orders if orders is None else orders,
    )


def play(
    state: AoDState, commands: Iterable[Command], dice: Sequence[int] = ()
) -> tuple[AoDState, list[Event]]:
    """Decide and apply each command in turn with these dice; every event, in order."""
    rolls = ScriptedDice(tuple(dice))
    events: list[Event] = []
    for command in commands:
        for event in decide(state, command, rolls):
            state = evolve(state, event)
            events.append(event)
    assert rolls.position == len(rolls.values), "a scripted die was not used"
    return state, events


def unit(state: AoDState, ident: str) -> int:
    index = state.index_of(ident)
    assert index is not None
    return index
