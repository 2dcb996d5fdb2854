"""A charge declared in movement that can no longer be made is told, with its reason (BT-C-42).

A charge is declared with the charger's move and made at the start of the Physical phase. If by
then its target has moved out of reach (no longer straight ahead, too far, gone), the charge
lapses and the charger stays where its move ended
(`engine.battletech.rules.physical.movement_attack` gives no attack). `ChargeLapsed` says so in the
log, with the reason (`engine.battletech.rules.physical.why_charge_lapses`); it changes nothing in
the state.
"""

from __future__ import annotations

from attrs import frozen

from engine.battletech.events import BTEvent
from engine.battletech.evolve import evolve
from engine.battletech.narrate.sentences import describe
from engine.battletech.narrate.words import unit_name
from engine.battletech.state import BTState

__all__ = ["LAPSE_EVENTS", "ChargeLapsed"]


@frozen
class ChargeLapsed(BTEvent):
    """BT-C-42: the charge ``unit`` declared at ``target`` in movement lapsed: ``reason``."""

    TAG = "bt/charge_lapsed"
    unit: int
    target: int
    reason: str


LAPSE_EVENTS: tuple[type[BTEvent], ...] = (ChargeLapsed,)
"""The event classes of this module (`engine.battletech.BattleTech.event_types` adds them)."""


@evolve.register
def _charge_lapsed(event: ChargeLapsed, state: BTState) -> BTState:
    del event
    return state


@describe.register
def _told(event: ChargeLapsed, before: BTState, after: BTState) -> str:
    del after
    who, whom = unit_name(before, event.unit), unit_name(before, event.target)
    return f"{who}'s charge at {whom} lapses: {event.reason}; it stays where its move ended."
