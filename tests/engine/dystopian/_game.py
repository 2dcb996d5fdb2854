"""Games of Dystopian Wars for the turn-machine tests: fleets, setups, arranged states, commands.

`fleet` builds a fleet from the bundled cards (DW-28.12); `setup` puts two on the 36 x 24 water
board (zones: rows 1-4 for the top edge, 21-24 for the bottom); `arrange` puts models where a test
wants them in the activation phase of turn 1 (the others wait off the table, undeployed); `play`
runs commands through the rules with forced dice and returns the state and every event.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from engine.dice import ScriptedDice
from engine.dystopian.evolve import evolve
from engine.dystopian.fleet import BaseForce, EscortGroup, Fleet, GameType, Squadron
from engine.dystopian.geometry import Level
from engine.dystopian.models import MarRef, ModelCard
from engine.dystopian.rules import decide
from engine.dystopian.ruleset import DystopianWars, Library
from engine.dystopian.state import (
    DWSetup,
    DWState,
    Edge,
    FieldOrder,
    Markers,
    PlayerSetup,
    Stage,
)
from engine.dystopian.terrain import Cell, TerrainKind, TerrainMap
from engine.game import Command, Event
from engine.hexes import Facing, Hex
from tests.engine.dystopian._assets import fleets, models

H = Hex.from_label


def card(ident: str, *mars: str) -> ModelCard:
    """A bundled card, with extra MARs when a test needs them (Fearless, Icon...)."""
    base = models()[ident]
    return attrs.evolve(base, mars=(*base.mars, *(MarRef(m) for m in mars)))


def squadron(ident: str, count: int, *, escorts: int = 0, mars: Sequence[str] = ()) -> Squadron:
    groups = (EscortGroup(card("ES"), escorts),) if escorts else ()
    return Squadron(card(ident, *mars), count, escorts=groups)


def fleet(*squadrons: Squadron, commodore: int | None = None, mfv: int = 1000) -> Fleet:
    return Fleet("Test fleet", mfv, GameType.OPEN, BaseForce.NAVAL, squadrons, commodore=commodore)


def library() -> Library:
    return Library(fleets())


def ruleset() -> DystopianWars:
    return DystopianWars(library())


def setup(
    red: Fleet,
    blue: Fleet,
    *,
    terrain: Mapping[str, TerrainKind] | None = None,
    base: TerrainKind = TerrainKind.WATER,
    **options: Any,
) -> DWSetup:
    """Red and Blue with these fleets on the 36 x 24 board, ``base`` (water) unless listed."""
    cells = {H(label): Cell(kind) for label, kind in (terrain or {}).items()}
    return DWSetup(
        "test",
        (PlayerSetup("Red", red), PlayerSetup("Blue", blue)),
        TerrainMap.of(cells, base=base),
        **options,
    )


Place = tuple[str, Facing] | tuple[str, Facing, Level]


def arrange(
    game: DWSetup,
    places: Mapping[str, Place],
    *,
    active: int = 0,
    turn: int = 1,
    markers: Mapping[str, Markers] | None = None,
    activated: Iterable[int] = (),
    orders: tuple[FieldOrder, ...] = (FieldOrder.DEFAULT, FieldOrder.DEFAULT),
) -> DWState:
    """The activation phase of ``turn`` with models placed (label, facing[, level]).

    Red holds the top edge, Blue the bottom; ``active`` won the initiative. Models not placed
    stay off the table, undeployed: they neither act nor count as lost.
    """
    state = DWState.start(game)
    new = []
    for model in state.models:
        place = places.get(model.ident)
        if place is None:
            new.append(model)
            continue
        level = place[2] if len(place) == 3 else model.level
        new.append(
            attrs.evolve(
                model,
                hex=H(place[0]),
                facing=place[1],
                level=level,
                markers=(markers or {}).get(model.ident, Markers()),
            )
        )
    return attrs.evolve(
        state,
        models=tuple(new),
        stage=Stage.ACTIVATION,
        turn=turn,
        active=active,
        initiative=active,
        chooser=0,
        edges=(Edge.TOP, Edge.BOTTOM),
        orders=orders,
        activated=tuple(activated),
    )


def play(
    state: DWState, commands: Iterable[Command], dice: Sequence[int] = ()
) -> tuple[DWState, list[Event]]:
    """Decide and apply each command in turn with these dice; every event, in order."""
    rolls = ScriptedDice(tuple(dice))
    events: list[Event] = []
    for command in commands:
        for event in decide(state, command, rolls):
            state = evolve(state, event)
            events.append(event)
    assert rolls.position == len(rolls.values), "a scripted die was not used"
    return state, events


def model(state: DWState, ident: str) -> int:
    index = state.index_of(ident)
    assert index is not None
    return index
