"""The night's events (NT-2..NT-4): every die of a movement roll, a stray roll and a jitter shot.

Their mutators are registered on `engine.battletech.evolve.evolve` when this module is imported
(`engine.battletech` imports it, so every folding of a log knows them).
"""

from __future__ import annotations

import attrs
from attrs import frozen

from engine.battletech.events import BTEvent
from engine.battletech.evolve import evolve
from engine.battletech.nightstate import JitterQuestion, NightState
from engine.battletech.state import BTState
from engine.hexes import Facing, Hex

__all__ = [
    "NIGHT_EVENTS",
    "JitterAsked",
    "JitterChosen",
    "JitterFired",
    "MovementRolled",
    "StrayEnded",
    "StrayRolled",
]


@frozen
class MovementRolled(BTEvent):
    """NT-2: a unit that is not exempt (NT-1) rolled its movement roll before entering ``toward``.

    ``coloured`` and ``white`` are the two dice; ``care`` the unit's care level; ``strays`` the
    verdict; ``why`` why it had to check (what it lacked, in words).
    """

    TAG = "bt/night_move_roll"
    unit: int
    coloured: int
    white: int
    care: str
    strays: bool
    why: str = ""


@frozen
class StrayRolled(BTEvent):
    """NT-3/NT-4: the stray roll: the coloured die gives ``direction``; doubles may jitter-fire.

    ``jitter`` is an `engine.night.Jitter` value (``none`` before the first shot of the night).
    """

    TAG = "bt/stray_roll"
    unit: int
    coloured: int
    white: int
    direction: Facing
    jitter: str = "none"


@frozen
class StrayEnded(BTEvent):
    """NT-3: where a stray stopped and why (the hexes entered came before as `UnitEntered`).

    ``unable``: marked unable to act further this turn (forbidden terrain); ``free``: it met a
    friendly unit and may finish its move normally, without straying.
    """

    TAG = "bt/stray_ended"
    unit: int
    path: tuple[Hex, ...]
    reason: str
    unable: bool = False
    free: bool = False


@frozen
class JitterFired(BTEvent):
    """NT-4/NT-5: ``unit`` fired weapon ``weapon`` at nothing (jitter fire).

    ``roll`` picked it among its ready weapons. Its heat counts as a shot, its hex is lit until
    the end of the turn.
    """

    TAG = "bt/jitter_fire"
    unit: int
    weapon: int
    hex: Hex
    roll: int = 0
    moving: bool = False
    """The moving unit itself fired (its movement is cancelled) rather than an enemy."""


@frozen
class JitterAsked(BTEvent):
    """NT-4: the nearest enemy jitter-fires, and ``candidates`` are equally near: the move waits.

    The moving side chooses the firer (`ChooseJitterFirer`); ``unit`` is the straying unit,
    ``distance`` the candidates' distance from it, ``direction`` the stray's, ``allowance`` as
    in `JitterQuestion`.
    """

    TAG = "bt/jitter_asked"
    unit: int
    candidates: tuple[int, ...]
    distance: int
    direction: Facing
    allowance: int = 0


@frozen
class JitterChosen(BTEvent):
    """NT-4: the moving side chose ``firer`` to jitter-fire for the straying ``unit``."""

    TAG = "bt/jitter_chosen"
    unit: int
    firer: int
    distance: int = 0


NIGHT_EVENTS: tuple[type[BTEvent], ...] = (
    MovementRolled,
    StrayRolled,
    StrayEnded,
    JitterFired,
    JitterAsked,
    JitterChosen,
)
"""The event classes of this module (`engine.battletech.BattleTech.event_types` adds them)."""


def _night(state: BTState) -> NightState:
    night = state.night if state.night is not None else NightState()
    return night.marks_for(state.turn)


@evolve.register
def _movement_rolled(event: MovementRolled, state: BTState) -> BTState:
    night = _night(state)
    return attrs.evolve(state, night=attrs.evolve(night, checked=night.checked | {event.unit}))


@evolve.register
def _stray_rolled(event: StrayRolled, state: BTState) -> BTState:
    del event
    return state


@evolve.register
def _stray_ended(event: StrayEnded, state: BTState) -> BTState:
    night = _night(state)
    unable = night.unable | {event.unit} if event.unable else night.unable
    free = night.free | {event.unit} if event.free else night.free
    return attrs.evolve(state, night=attrs.evolve(night, unable=unable, free=free))


@evolve.register
def _jitter_fired(event: JitterFired, state: BTState) -> BTState:
    night = _night(state)
    night = attrs.evolve(night, gunflash=True, flashes=night.flashes | {event.hex})
    unit = state.units[event.unit]
    state = state.replace_unit(
        event.unit,
        attrs.evolve(
            unit,
            this_turn=attrs.evolve(unit.this_turn, fired=unit.this_turn.fired | {event.weapon}),
        ),
    )
    return attrs.evolve(state, night=night)


@evolve.register
def _jitter_asked(event: JitterAsked, state: BTState) -> BTState:
    night = _night(state)
    asking = JitterQuestion(
        event.unit, event.candidates, event.distance, event.direction, event.allowance
    )
    return attrs.evolve(state, night=attrs.evolve(night, asking=asking))


@evolve.register
def _jitter_chosen(event: JitterChosen, state: BTState) -> BTState:
    del event
    night = _night(state)
    return attrs.evolve(state, night=attrs.evolve(night, asking=None))
