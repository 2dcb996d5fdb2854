"""The environment's events (BT-M-39, BT-C-61): bogging down, breaking ice, hull breaches.

Their mutators are registered on `engine.battletech.evolve.evolve` when this module is imported
(`engine.battletech` imports it, so every folding of a log knows them). The rolls that decide
them are `PilotingRoll` events (``swamp``, ``unstick``, ``gravity``) or carried here (the ice's
1D6, the breach's 2D6).
"""

from __future__ import annotations

import attrs
from attrs import frozen

from engine.battletech.designs.mech import Location
from engine.battletech.events import BTEvent
from engine.battletech.evolve import evolve, with_body, with_unit
from engine.battletech.state import BTState
from engine.hexes import Hex

__all__ = ["ENV_EVENTS", "BreachRolled", "IceBroken", "IceRolled", "UnitFreed", "UnitStuck"]


@frozen
class UnitStuck(BTEvent):
    """BT-M-39.1 / BT-C-61.4: ``unit`` is stuck in the swamp of ``hex`` (it does not fall).

    ``automatic``: it landed there from a jump (no roll).
    """

    TAG = "bt/stuck"
    unit: int
    hex: Hex
    automatic: bool = False


@frozen
class UnitFreed(BTEvent):
    """BT-M-39.1 / BT-C-61.4: a stuck ``unit`` pulled free at the start of a Movement phase."""

    TAG = "bt/freed"
    unit: int


@frozen
class IceRolled(BTEvent):
    """BT-M-39.2 / BT-C-61.2: the 1D6 of a unit entering (``jump``: landing on) ice over water.

    The ice breaks on ``roll >= need`` (6 walking in, 4 landing from a jump).
    """

    TAG = "bt/ice_roll"
    unit: int
    hex: Hex
    roll: int
    need: int
    broke: bool
    jump: bool = False


@frozen
class IceBroken(BTEvent):
    """BT-M-39.2 / BT-C-61.2: the ice of ``hex`` is gone: open water of ``depth`` from now on.

    ``cause``: "the ice broke" or "the ice melted" (BT-C-57's clearing procedure).
    """

    TAG = "bt/ice_broken"
    hex: Hex
    depth: int
    cause: str


@frozen
class BreachRolled(BTEvent):
    """BT-C-61.5: the breach roll after a damaging hit in vacuum (2D6, 10+ breaches).

    ``roll`` is empty when the armor of the location is gone: breached without a roll.
    """

    TAG = "bt/breach"
    unit: int
    location: Location
    roll: tuple[int, ...]
    breached: bool


ENV_EVENTS: tuple[type[BTEvent], ...] = (UnitStuck, UnitFreed, IceRolled, IceBroken, BreachRolled)
"""The event classes of this module (`engine.battletech.BattleTech.event_types` adds them)."""


@evolve.register
def _stuck(event: UnitStuck, state: BTState) -> BTState:
    return with_unit(state, event.unit, stuck=True)


@evolve.register
def _freed(event: UnitFreed, state: BTState) -> BTState:
    return with_unit(state, event.unit, stuck=False)


@evolve.register
def _ice_rolled(event: IceRolled, state: BTState) -> BTState:
    del event
    return state


@evolve.register
def _ice_broken(event: IceBroken, state: BTState) -> BTState:
    terrain = state.board.terrain(event.hex)
    water = attrs.evolve(terrain, ice=False, water=event.depth)
    environment = state.environment
    if environment is not None:
        environment = environment.without_ice(event.hex)
    return attrs.evolve(state, board=state.board.replace(event.hex, water), environment=environment)


@evolve.register
def _breach(event: BreachRolled, state: BTState) -> BTState:
    if not event.breached:
        return state
    unit = state.units[event.unit]
    return with_body(state, event.unit, breached=unit.mech.breached | {event.location})
