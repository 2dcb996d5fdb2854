"""Dystopian Wars Sharpshooters (DW-24) as a command and an event, and how the event applies.

`Snipe` names the sniper and its target; `Sniped` records the 1D6 and the AP it cost. The rule
and its readings: `engine.dystopian.snipe`, which rolls it. This module sits below `evolve` and
`narrate`: it imports neither the context nor the turn machine.
"""

from __future__ import annotations

from typing import Final

from attrs import evolve, frozen

from engine.dystopian.commands import DWCommand
from engine.dystopian.events import DWEvent
from engine.dystopian.state import DWState

__all__ = [
    "SHARPSHOOTERS",
    "SNIPE_COMMANDS",
    "SNIPE_EVENTS",
    "Snipe",
    "Sniped",
    "apply_sniped",
    "format_snipe",
    "tell_sniped",
]

SHARPSHOOTERS: Final = "sharpshooters"
"""The MAR id, also the activation's record of the snipe."""


@frozen
class Snipe(DWCommand):
    """A Sharpshooters model snipes an enemy model within 2 hexes (DW-24).

    Attributes:
        model: the sniper, of the active squadron.
        target: the enemy model.
    """

    TAG = "dw_snipe"
    model: str
    target: str


@frozen
class Sniped(DWEvent):
    """DW-24 Sharpshooters: the 1D6 of a snipe and the AP it cost the target (0 or 1)."""

    TAG = "dw_sniped"
    model: int
    target: int
    face: int
    ap_lost: int


SNIPE_COMMANDS: tuple[type[DWCommand], ...] = (Snipe,)
"""The snipe command, for the ruleset and its converter."""
SNIPE_EVENTS: tuple[type[DWEvent], ...] = (Sniped,)
"""The snipe event, for the ruleset and its converter."""


def apply_sniped(event: Sniped, state: DWState) -> DWState:
    """The snipe is used for this activation; the target's AP lost (DW-5 Assault Damage)."""
    activation = state.activation
    if activation is not None:
        used = (*activation.level_mars, (event.model, SHARPSHOOTERS))
        state = evolve(state, activation=evolve(activation, level_mars=used))
    if not event.ap_lost:
        return state
    model = state.models[event.target]
    markers = evolve(model.markers, assault_damage=model.markers.assault_damage + event.ap_lost)
    return state.with_model(event.target, evolve(model, markers=markers))


def tell_sniped(event: Sniped, before: DWState, after: DWState) -> str:
    """The log's sentence for a snipe."""
    del after
    sniper, target = before.models[event.model].ident, before.models[event.target].ident
    result = "it loses 1 AP" if event.ap_lost else "no effect"
    return f"{sniper}'s sharpshooters snipe {target}: {event.face}, {result} (DW-24)."


def format_snipe(command: Snipe) -> str:
    """The language's line for a snipe."""
    return f"snipe {command.model} at {command.target}"
