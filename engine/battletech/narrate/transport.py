"""The log's sentences for transport (BT-C-35.13, BT-C-24.3): platoons aboard, out, hit, lost.

::

    The Foot Platoon [C] climbs aboard the Badger [B] (1 MP).
    The Foot Platoon [C] gets out of the Badger [B] in 0604, facing N.
    The Foot Platoon [C] scrambles out of the wrecked Badger [B] in 0604.
    Cargo hit: the Foot Platoon [C] aboard the Badger [B] takes 5 damage (picked by 1D6: 4).
    The Foot Platoon [C] rolls 5 on 1D6 in the Karnov's [B] crash: killed (1-3 lives).
"""

from __future__ import annotations

from engine.battletech.narrate.sentences import describe
from engine.battletech.narrate.words import label, unit_name
from engine.battletech.state import BTState
from engine.battletech.transportevents import (
    CargoHit,
    CrashSurvivalRolled,
    UnitLoaded,
    UnitUnloaded,
)

__all__: list[str] = []


@describe.register
def _loaded(event: UnitLoaded, before: BTState, after: BTState) -> str:
    del after
    rider, carrier = unit_name(before, event.passenger), unit_name(before, event.carrier)
    return f"The {rider} climbs aboard the {carrier} ({event.mp} MP)."


@describe.register
def _unloaded(event: UnitUnloaded, before: BTState, after: BTState) -> str:
    del after
    rider, carrier = unit_name(before, event.passenger), unit_name(before, event.carrier)
    if event.escaped:
        return f"The {rider} scrambles out of the wrecked {carrier} in {label(event.hex)}."
    return (
        f"The {rider} gets out of the {carrier} in {label(event.hex)}, facing {event.facing.name}."
    )


@describe.register
def _cargo(event: CargoHit, before: BTState, after: BTState) -> str:
    del after
    rider, carrier = unit_name(before, event.passenger), unit_name(before, event.carrier)
    picked = f" (picked by 1D6: {', '.join(map(str, event.rolls))})" if event.rolls else ""
    return f"Cargo hit: the {rider} aboard the {carrier} takes {event.damage} damage{picked}."


@describe.register
def _crash(event: CrashSurvivalRolled, before: BTState, after: BTState) -> str:
    del after
    rider, carrier = unit_name(before, event.passenger), unit_name(before, event.carrier)
    fate = "survives" if event.survived else "killed"
    return f"The {rider} rolls {event.die} on 1D6 in the {carrier}'s crash: {fate} (1-3 lives)."
