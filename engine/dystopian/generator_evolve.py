"""Apply the generator events of `engine.dystopian.generator_events` (DW-23): no dice, no checks.

`GEN_APPLY` maps each event class to its mutator; `engine.dystopian.evolve` registers them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from attrs import evolve as _replace

from engine.dystopian.generator_events import (
    CamouflageLifted,
    CamouflagePlaced,
    GeneratorCharged,
    GeneratorRerolled,
    GeneratorStruck,
    KineticRolled,
    PulseRolled,
    SonicFaded,
)
from engine.dystopian.state import DWState

__all__ = ["GEN_APPLY"]


def _charged(event: GeneratorCharged, state: DWState) -> DWState:
    kept = tuple(
        entry
        for entry in state.generator_dice
        if (entry[0], entry[1]) != (event.model, event.generator)
    )
    stored = ((event.model, event.generator, event.dice),) if event.dice else ()
    return _replace(state, generator_dice=(*kept, *stored))


def _kinetic(event: KineticRolled, state: DWState) -> DWState:
    activation = state.activation
    if activation is None:
        return state
    kinetic = (*activation.kinetic, (event.model, event.inches))
    return _replace(state, activation=_replace(activation, kinetic=kinetic))


def _placed(event: CamouflagePlaced, state: DWState) -> DWState:
    return _replace(state, camouflage=(*state.camouflage, (event.model, event.centre)))


def _lifted(event: CamouflageLifted, state: DWState) -> DWState:
    gone = set(event.centres)
    return _replace(state, camouflage=tuple(c for c in state.camouflage if c[1] not in gone))


def _struck(event: GeneratorStruck, state: DWState) -> DWState:
    """Fury's Fire markers; Pulse's hits are dealt by the `DamageDealt` that follows."""
    if event.cancelled or event.generator != "fury":
        return state
    fires = state.models[event.target].markers.fires + event.hits
    return state.with_markers(event.target, fires=fires)


def _faded(event: SonicFaded, state: DWState) -> DWState:
    for index in event.models:
        state = state.with_markers(index, sonic=False)
    return state


def _no_change(event: PulseRolled | GeneratorRerolled, state: DWState) -> DWState:
    del event
    return state


GEN_APPLY: dict[type, Callable[[Any, DWState], DWState]] = {
    GeneratorCharged: _charged,
    KineticRolled: _kinetic,
    CamouflagePlaced: _placed,
    CamouflageLifted: _lifted,
    PulseRolled: _no_change,
    GeneratorStruck: _struck,
    SonicFaded: _faded,
    GeneratorRerolled: _no_change,
}
"""Each generator event's mutator."""
