"""Apply the tiny-flyer events to the state (DW-20): no dice, no validation (STYLE 4).

`WING_APPLY` maps each event class of `engine.dystopian.wing_events` to its mutator;
`engine.dystopian.evolve` registers them with its dispatcher.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from attrs import evolve as _replace

from engine.dystopian.aircraft import FULL_FUEL
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
from engine.dystopian.wing_state import WingPlace, WingState

__all__ = ["WING_APPLY", "with_wing"]


def with_wing(state: DWState, index: int, **changes: Any) -> DWState:  # noqa: ANN401 - fields
    """The state with some fields of wing ``index`` changed."""
    wing: WingState = _replace(state.wings[index], **changes)
    return _replace(state, wings=(*state.wings[:index], wing, *state.wings[index + 1 :]))


def _launched(event: WingLaunched, state: DWState) -> DWState:
    turn = state.turn
    return with_wing(
        state,
        event.wing,
        place=WingPlace.AIR,
        hex=event.hex,
        carrier=event.carrier,
        cap=event.carrier if event.cap else None,
        fuel=FULL_FUEL,
        aborted=False,
        acted=turn,
        deck_turn=turn,
        cap_turn=turn if event.cap else state.wings[event.wing].cap_turn,
    )


def _flew(event: WingFlew, state: DWState) -> DWState:
    wing = state.wings[event.wing]
    place = WingPlace.AIR if event.end is not None else WingPlace.REFUEL
    return with_wing(
        state,
        event.wing,
        place=place,
        hex=event.end,
        cap=None,
        fuel=max(0, wing.fuel - event.fuel),
        cap_turn=state.turn if event.detached else wing.cap_turn,
    )


def _no_change(event: WingAAFired | WingAttackRolled, state: DWState) -> DWState:
    del event
    return state


def _aa_attacked(event: WingAAAttacked, state: DWState) -> DWState:
    marks = tuple((state.turn, model) for model in event.models)
    return _replace(state, aa_attacks=(*state.aa_attacks, *marks))


def _damaged(event: WingDamaged, state: DWState) -> DWState:
    wing = state.wings[event.wing]
    if event.lost:
        return with_wing(
            state, event.wing, place=WingPlace.LOST, hex=None, cap=None, tokens=0, fuel=0
        )
    return with_wing(
        state,
        event.wing,
        tokens=wing.tokens - event.destroyed,
        fuel=max(0, wing.fuel - event.fuel),
        aborted=wing.aborted or event.aborted,
    )


def _fired(event: WingFired, state: DWState) -> DWState:
    wing = state.wings[event.wing]
    rearm = wing.rearm or (event.ad and wing.profile.ad > 0)
    return with_wing(state, event.wing, fuel=max(0, wing.fuel - 1), rearm=rearm)


def _landed(event: WingLanded, state: DWState) -> DWState:
    return with_wing(
        state,
        event.wing,
        place=WingPlace.DECK,
        hex=None,
        cap=None,
        carrier=event.carrier,
        fuel=FULL_FUEL,
        rearm=False,
        aborted=False,
        deck_turn=state.turn,
    )


def _attached(event: WingAttached, state: DWState) -> DWState:
    return with_wing(state, event.wing, cap=event.host, hex=None, cap_turn=state.turn)


def _refuelled(event: WingRefuelled, state: DWState) -> DWState:
    return with_wing(state, event.wing, place=WingPlace.EDGE, fuel=event.fuel, rearm=False)


def _wing_ended(event: WingActivationEnded, state: DWState) -> DWState:
    state = with_wing(state, event.wing, acted=state.turn)
    wings = tuple(_replace(w, aborted=False) if w.aborted else w for w in state.wings)
    active = state.active if event.following is None else event.following
    return _replace(state, wings=wings, active=active)


def _tidied(event: WingsTidied, state: DWState) -> DWState:
    for index in event.cleared:
        state = with_wing(state, index, aborted=False)
    for index in event.sunk:
        state = with_wing(state, index, place=WingPlace.LOST, hex=None, cap=None)
    for index, where in event.released:
        state = with_wing(state, index, cap=None, hex=where)
    return state


WING_APPLY: dict[type, Callable[[Any, DWState], DWState]] = {
    WingLaunched: _launched,
    WingFlew: _flew,
    WingAAFired: _no_change,
    WingAAAttacked: _aa_attacked,
    WingDamaged: _damaged,
    WingFired: _fired,
    WingAttackRolled: _no_change,
    WingLanded: _landed,
    WingAttached: _attached,
    WingRefuelled: _refuelled,
    WingActivationEnded: _wing_ended,
    WingsTidied: _tidied,
}
"""Each tiny-flyer event's mutator."""
