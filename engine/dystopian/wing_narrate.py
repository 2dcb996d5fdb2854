"""The tiny-flyer events told in words, with their dice (DW-20).

`WING_SAID` maps each event class of `engine.dystopian.wing_events` to its sentence (the states
before and after it name wings, models and players); `wing_rolls` gives the dice an event
rolled. `engine.dystopian.narrate` registers both.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.dystopian.context import label
from engine.dystopian.state import DWState
from engine.dystopian.wing_events import (
    WingAAAttacked,
    WingAAFired,
    WingActivationEnded,
    WingAttached,
    WingAttackRolled,
    WingDamaged,
    WingFired,
    WingFlew,
    WingLanded,
    WingLaunched,
    WingRefuelled,
    WingsTidied,
)
from engine.game import Event
from engine.narration import Roll

__all__ = ["WING_SAID", "wing_rolls"]


def _wing(state: DWState, index: int) -> str:
    wing = state.wings[index]
    planes = "plane" if wing.tokens == 1 else "planes"
    return f"{state.players[wing.owner]}'s {wing.ident} ({wing.tokens} {planes})"


def _model(state: DWState, index: int) -> str:
    return f"{state.card(index).name} {state.models[index].ident}"


def _plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def _launched(event: WingLaunched, before: DWState, after: DWState) -> str:
    del after
    where = (
        "as its Combat Air Patrol" if event.cap else f"at {label(event.hex)}" if event.hex else ""
    )
    return f"{_model(before, event.carrier)} launches {_wing(before, event.wing)} {where}, fuel 6."


def _flew(event: WingFlew, before: DWState, after: DWState) -> str:
    name = _wing(before, event.wing)
    start = "in from its edge" if event.start is None else f"from {label(event.start)}"
    end = "off its own edge to refuel" if event.end is None else f"to {label(event.end)}"
    loose = ", leaving its host" if event.detached else ""
    fuel = after.wings[event.wing].fuel
    cost = f", burning 1 fuel (fuel {fuel})" if event.fuel else f" (fuel {fuel})"
    return f"{name} flies {event.steps} hexes {start} {end}{loose}{cost}."


def _aa(event: WingAAFired, before: DWState, after: DWState) -> str:
    del after
    firer = (
        _wing(before, event.firer_wing)
        if event.firer_wing is not None
        else _model(before, event.firer_model)
        if event.firer_model is not None
        else "AA"
    )
    return (
        f"{firer} fires AA at {_wing(before, event.target)} on {event.threshold}+: "
        f"{_plural(event.destroyed, 'plane', 'planes')} shot down, "
        f"{_plural(event.abort_hits, 'other hit', 'other hits')}."
    )


def _aa_attacked(event: WingAAAttacked, before: DWState, after: DWState) -> str:
    del after
    names = ", ".join(before.models[n].ident for n in event.models)
    return f"{names} turn their AA on {_wing(before, event.wing)}."


def _damaged(event: WingDamaged, before: DWState, after: DWState) -> str:
    del after
    name = _wing(before, event.wing)
    if event.lost:
        return f"{name} is destroyed."
    parts = [_plural(event.destroyed, "plane lost", "planes lost")]
    if event.aborted:
        parts.append(f"Aborted by {_plural(event.hits, 'hit', 'hits')}, {event.fuel} fuel lost")
    else:
        parts.append(f"{_plural(event.hits, 'hit', 'hits')}: not enough to abort")
    return f"{name}: {', '.join(parts)}."


def _fired(event: WingFired, before: DWState, after: DWState) -> str:
    fuel = after.wings[event.wing].fuel
    rearm = "; it must rearm" if event.ad and after.wings[event.wing].rearm else ""
    return f"{_wing(before, event.wing)} spends 1 fuel firing (fuel {fuel}){rearm}."


def _attack(event: WingAttackRolled, before: DWState, after: DWState) -> str:
    del after
    how = "strikes back at" if event.counter else "attacks"
    return (
        f"{_wing(before, event.wing)} {how} {_model(before, event.target)} with {event.ad} AD "
        f"on {event.threshold}+: {_plural(event.hits, 'hit', 'hits')}."
    )


def _landed(event: WingLanded, before: DWState, after: DWState) -> str:
    del after
    return f"{_wing(before, event.wing)} lands on {_model(before, event.carrier)}: fuel 6, rearmed."


def _attached(event: WingAttached, before: DWState, after: DWState) -> str:
    del after
    return f"{_wing(before, event.wing)} patrols over {_model(before, event.host)}."


def _refuelled(event: WingRefuelled, before: DWState, after: DWState) -> str:
    del after
    return f"{_wing(before, event.wing)} refuels off the table (fuel {event.fuel})."


def _ended(event: WingActivationEnded, before: DWState, after: DWState) -> str:
    del after
    name = before.wings[event.wing].ident
    if event.following is None:
        return f"{name}'s activation ends; nothing is left to activate this turn."
    return f"{name}'s activation ends; {before.players[event.following]} is next."


def _tidied(event: WingsTidied, before: DWState, after: DWState) -> str:
    del after
    parts = []
    if event.cleared:
        parts.append("Aborts lapse for " + ", ".join(before.wings[n].ident for n in event.cleared))
    if event.sunk:
        parts.append(", ".join(before.wings[n].ident for n in event.sunk) + " go down aboard")
    if event.released:
        parts.append(", ".join(before.wings[n].ident for n, _ in event.released) + " fly alone")
    return "Wings: " + "; ".join(parts) + "."


WING_SAID: dict[type, Callable[[Any, DWState, DWState], str]] = {
    WingLaunched: _launched,
    WingFlew: _flew,
    WingAAFired: _aa,
    WingAAAttacked: _aa_attacked,
    WingDamaged: _damaged,
    WingFired: _fired,
    WingAttackRolled: _attack,
    WingLanded: _landed,
    WingAttached: _attached,
    WingRefuelled: _refuelled,
    WingActivationEnded: _ended,
    WingsTidied: _tidied,
}
"""Each tiny-flyer event's sentence."""


def wing_rolls(event: Event) -> Sequence[Roll]:
    """The dice a tiny-flyer event rolled (none for the others)."""
    match event:
        case WingAAFired(faces=faces, destroyed=destroyed, abort_hits=hits):
            outcome = f"{destroyed} down, {hits} other"
            return (Roll("AA at a wing", faces, outcome=outcome),)
        case WingAttackRolled(faces=faces, hits=hits):
            return (Roll("wing attack", faces, outcome=_plural(hits, "hit", "hits")),)
        case WingDamaged(saves=saves) if saves:
            return (Roll("wing saves", saves),)
    return ()
