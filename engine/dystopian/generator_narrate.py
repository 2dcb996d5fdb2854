"""The log's words for the generator events of `engine.dystopian.generator_events` (DW-23, DW-24).

`GEN_SAID` maps each event class to its sentence (the states before and after it);
`generator_rolls` gives the dice each one rolled, die by die; `engine.dystopian.narrate`
registers both.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

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
from engine.game import Event
from engine.narration import Roll

__all__ = ["GEN_SAID", "SONIC_TEXT", "generator_rolls"]

SONIC_TEXT = "stunned: -2 AD, AA, CC and MD until the end of its next activation"
"""DW-23 Sonic: what the ``sonic`` marker does, in the log's words."""


def _name(state: DWState, index: int) -> str:
    return state.models[index].ident


def _plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def _charged(event: GeneratorCharged, before: DWState, after: DWState) -> str:
    del after
    who = _name(before, event.model)
    if not event.dice:
        return f"{who} spends every die its {event.generator} generator stored."
    return f"{who}'s {event.generator} generator stores {_plural(event.dice, 'die', 'dice')}."


def _kinetic(event: KineticRolled, before: DWState, after: DWState) -> str:
    who = _name(before, event.model)
    mp = after.mover(event.model).mp
    return (
        f"{who}'s kinetic generator gives {event.inches}\" more: {mp} hexes this activation, "
        f"at least {(mp + 1) // 2} of them."
    )


def _placed(event: CamouflagePlaced, before: DWState, after: DWState) -> str:
    del after
    return (
        f"{_name(before, event.model)} lays a camouflage cloud on {event.centre.label} and the "
        "hexes around it: no fire into, through or out of it until the End Phase."
    )


def _lifted(event: CamouflageLifted, before: DWState, after: DWState) -> str:
    del before, after
    where = ", ".join(h.label for h in event.centres)
    return f"The camouflage clouds lift ({where})."


def _pulse(event: PulseRolled, before: DWState, after: DWState) -> str:
    del after
    hits = _plural(event.hits, "hit", "hits")
    return (
        f"{_name(before, event.model)}'s pulse rolls {event.dice} dice: {hits} on every model "
        "within 4 hexes."
    )


def _struck(event: GeneratorStruck, before: DWState, after: DWState) -> str:
    del after
    target = _name(before, event.target)
    if event.cancelled:
        return f"{target}'s field cancels the {event.generator}."
    if event.generator == "fury":
        return f"The fury sets {_plural(event.hits, 'fire', 'fires')} on {target}."
    return f"The pulse strikes {target} with {_plural(event.hits, 'hit', 'hits')}."


def _faded(event: SonicFaded, before: DWState, after: DWState) -> str:
    del after
    names = ", ".join(_name(before, n) for n in event.models)
    return f"The sonic stun on {names} wears off."


def _rerolled(event: GeneratorRerolled, before: DWState, after: DWState) -> str:
    del after
    return (
        f"{_name(before, event.model)}'s inventive scientists re-roll the {event.generator}'s "
        f"{event.first}: {event.second}."
    )


GEN_SAID: dict[type, Callable[[Any, DWState, DWState], str]] = {
    GeneratorCharged: _charged,
    KineticRolled: _kinetic,
    CamouflagePlaced: _placed,
    CamouflageLifted: _lifted,
    PulseRolled: _pulse,
    GeneratorStruck: _struck,
    SonicFaded: _faded,
    GeneratorRerolled: _rerolled,
}
"""Each generator event's sentence."""


def generator_rolls(event: Event) -> Sequence[Roll]:
    """The dice a generator event of this module rolled (none for the others)."""
    match event:
        case KineticRolled(inches=inches):
            return (Roll("kinetic", (inches,), outcome=f'+{inches}"'),)
        case PulseRolled(faces=faces, hits=hits):
            return (Roll("pulse", faces, outcome=_plural(hits, "hit", "hits")),)
        case GeneratorStruck(generator=kind, faces=faces, hits=hits, field_faces=field):
            found = []
            if faces:
                found.append(Roll(kind, faces, outcome=_plural(hits, "fire", "fires")))
            if field:
                off = "cancelled" if event.cancelled else "no effect"
                found.append(Roll("field", field, outcome=off))
            return tuple(found)
        case GeneratorRerolled(generator=kind, first=first, second=second):
            return (Roll(f"{kind} re-roll", (first, second), outcome=f"keeps {second}"),)
    return ()
