"""The log's sentences for the night rules (NT-2..NT-4).

Every movement roll, stray and jitter shot, with its dice and why::

    Griffin [G] must check at night (in 0604: no light, road or stream near, no known enemy
    in sight): movement roll coloured 6, white 4 (normal care: strays on a coloured 6 and white
    3+): strays.
    Griffin [G] stray roll coloured 4, white 2: strays south-east.
    Griffin [G] strays 1 hex to 0705 and stops: 0806 is lit (unable to act this turn).
    Jenner [J] and Locust [L] are equally near (2 hexes): Kurita chooses which fires in the dark.
    Kurita chooses the Jenner [J] (2 hexes away) to jitter-fire.
"""

from __future__ import annotations

from engine.battletech.narrate.sentences import describe
from engine.battletech.narrate.words import label, unit_name, weapon_name
from engine.battletech.nightevents import (
    JitterAsked,
    JitterChosen,
    JitterFired,
    MovementRolled,
    StrayEnded,
    StrayRolled,
)
from engine.battletech.state import BTState
from engine.night import Care, Jitter

__all__: list[str] = []

_DIRECTIONS = ("north", "north-east", "south-east", "south", "south-west", "north-west")


@describe.register
def _movement_rolled(event: MovementRolled, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    care = Care(event.care)
    need = "" if care is Care.LAX else f" and white {care.white_needed}+"
    verdict = "strays" if event.strays else "keeps its way"
    why = f" ({event.why})" if event.why else ""
    return (
        f"{who} must check at night{why}: movement roll coloured {event.coloured},"
        f" white {event.white} ({care.value} care: strays on a coloured 6{need}): {verdict}."
    )


@describe.register
def _stray_rolled(event: StrayRolled, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    where = _DIRECTIONS[int(event.direction)]
    said = f"{who} stray roll coloured {event.coloured}, white {event.white}: strays {where}"
    if event.jitter == Jitter.ENEMY.value:
        said += "; doubles: the nearest enemy fires in the dark"
    elif event.jitter == Jitter.SELF.value:
        said += "; doubles: it fires in the dark itself"
    elif event.coloured == event.white:
        night = before.night
        said += "; doubles" + (
            ", but no jitter fire on this pair"
            if night is not None and night.gunflash
            else ", but no shot has been fired yet tonight"
        )
    return said + "."


@describe.register
def _stray_ended(event: StrayEnded, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    if event.path:  # the hexes were entered before this event: the unit is already there
        count = len(event.path)
        moved = f"strays {count} hex{'es' if count != 1 else ''} to {label(event.path[-1])}"
        moved += " and stops"
    else:
        moved = f"stays in {label(before.units[event.unit].hex)}"
    mark = ""
    if event.unable:
        mark = " (unable to act this turn)"
    elif event.free:
        mark = " (it may finish its move normally)"
    return f"{who} {moved}: {event.reason}{mark}."


@describe.register
def _jitter_fired(event: JitterFired, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    weapon = weapon_name(before.units[event.unit].design, event.weapon)
    tail = "; its move is cancelled" if event.moving else ""
    return (
        f"{who} fires its {weapon} at nothing in the dark (jitter fire, die {event.roll}):"
        f" {label(event.hex)} is lit by the flash until the end of the turn{tail}."
    )


def _hexes(count: int) -> str:
    return f"{count} hex{'es' if count != 1 else ''}"


@describe.register
def _jitter_asked(event: JitterAsked, before: BTState, after: BTState) -> str:
    del after
    names = [unit_name(before, u) for u in event.candidates]
    listed = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)
    side = before.sides[before.units[event.unit].side]
    return (
        f"{listed} are equally near ({_hexes(event.distance)}):"
        f" {side} chooses which fires in the dark (NT-4)."
    )


@describe.register
def _jitter_chosen(event: JitterChosen, before: BTState, after: BTState) -> str:
    del after
    side = before.sides[before.units[event.unit].side]
    who = unit_name(before, event.firer)
    return f"{side} chooses the {who} ({_hexes(event.distance)} away) to jitter-fire."
