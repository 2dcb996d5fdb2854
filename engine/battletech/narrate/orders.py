"""The log's sentences for switched heat sinks and skid collisions (BT-C-52, BT-M-29.7/29.8)."""

from __future__ import annotations

from engine.battletech import events as ev
from engine.battletech.narrate.sentences import describe
from engine.battletech.narrate.words import label, unit_name
from engine.battletech.state import BTState

__all__: list[str] = []


@describe.register
def _sinks_switched(event: ev.HeatSinksSwitched, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    was = before.units[event.unit].mech.sinks_off
    if event.off == 0:
        return f"{who} switches its heat sinks back on: all of them cool again."
    if event.off > was:
        return (
            f"{who} switches {event.off} heat sinks off: they dissipate nothing and come back "
            f"on in the End phase of turn {event.turn + 1} at the earliest."
        )
    return f"{who} switches heat sinks back on: {event.off} stay off."


@describe.register
def _dodged(event: ev.SkidDodged, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    skidder = unit_name(before, event.skidder)
    if event.hex is None:
        return f"{who} cannot get out of the way of {skidder}: it stays put and has used its move."
    return f"{who} gets out of the way of {skidder}, into {label(event.hex)}: its move is made."


@describe.register
def _collided(event: ev.SkidCollided, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    hexes = f"after {event.hexes} hex{'es' if event.hexes != 1 else ''}"
    if event.target is None:
        return f"{who} skids into the building in {label(event.hex)} {hexes}, as a charge."
    other = unit_name(before, event.target)
    return f"{who} skids into {other} in {label(event.hex)} {hexes}, as a charge."
