"""The events of transport (BT-C-35.13): platoons taken aboard, set down, hit or lost aboard.

Their mutators are registered on `engine.battletech.evolve.evolve` when this module is imported
(`engine.battletech` imports it, so every folding of a log knows them). Schema 17. A passenger
is off the map while aboard: its ``hex`` is None (so it is never attacked, seen, counted for
stacking or asked to move, BT-M-25) and its body's ``carried_by`` names the carrier, whose hex
is its own (`engine.battletech.rules.transport.position`). The rules and their DESIGN choices
are in `engine.battletech.rules.transport`.
"""

from __future__ import annotations

import attrs
from attrs import frozen

from engine.battletech.events import BTEvent
from engine.battletech.evolve import evolve
from engine.battletech.kinds.battle_armor import BattleArmorBody
from engine.battletech.kinds.infantry import InfantryBody
from engine.battletech.state import BTState, Movement, MoveMode
from engine.hexes import Facing, Hex

__all__ = [
    "TRANSPORT_EVENTS",
    "CargoHit",
    "CrashSurvivalRolled",
    "UnitLoaded",
    "UnitUnloaded",
]


@frozen
class UnitLoaded(BTEvent):
    """BT-C-35.13: ``carrier`` took ``passenger`` aboard, spending ``mp`` of its move.

    The passenger leaves the map (its hex is the carrier's) and its move this turn is used.
    """

    TAG = "bt/loaded"
    carrier: int
    passenger: int
    mp: int = 1


@frozen
class UnitUnloaded(BTEvent):
    """BT-C-35.13: ``passenger`` got out of ``carrier`` into ``hex``, facing ``facing``.

    ``escaped``: it got out of a destroyed carrier (else it was set down by order). Either way
    it may not move again this phase.
    """

    TAG = "bt/unloaded"
    carrier: int
    passenger: int
    hex: Hex
    facing: Facing
    escaped: bool = False


@frozen
class CargoHit(BTEvent):
    """BT-C-24.3 "Cargo/infantry hit": ``passenger`` aboard ``carrier`` takes ``damage``.

    ``rolls`` are the 1D6 that picked it among several passengers (none for one). The men lost
    follow as a `engine.battletech.kindevents.TroopersLost`.
    """

    TAG = "bt/cargo_hit"
    carrier: int
    passenger: int
    damage: int
    rolls: tuple[int, ...] = ()


@frozen
class CrashSurvivalRolled(BTEvent):
    """BT-C-35.13 (TW p. 224): ``passenger`` of a crashing VTOL ``carrier`` rolled ``die``.

    ``survived`` on 1-3; a passenger that did not is destroyed (`UnitDestroyed` follows).
    """

    TAG = "bt/crash_survival"
    carrier: int
    passenger: int
    die: int
    survived: bool


def _carried(state: BTState, index: int, carrier: int | None) -> BTState:
    unit = state.units[index]
    body = unit.body
    if not isinstance(body, InfantryBody | BattleArmorBody):
        return state
    return state.replace_unit(
        index, attrs.evolve(unit, body=attrs.evolve(body, carried_by=carrier))
    )


@evolve.register
def _loaded(event: UnitLoaded, state: BTState) -> BTState:
    carrier = state.units[event.carrier]
    if carrier.movement is not None:
        spent = attrs.evolve(carrier.movement, mp_spent=carrier.movement.mp_spent + event.mp)
        state = state.replace_unit(event.carrier, carrier.with_movement(spent))
    passenger = state.units[event.passenger]
    movement = passenger.movement or Movement(mode=MoveMode.STILL, done=True)
    aboard = attrs.evolve(passenger, hex=None, on_bridge=False, movement=movement)
    return _carried(state.replace_unit(event.passenger, aboard), event.passenger, event.carrier)


@evolve.register
def _unloaded(event: UnitUnloaded, state: BTState) -> BTState:
    carrier = state.units[event.carrier]
    passenger = state.units[event.passenger]
    out = attrs.evolve(
        passenger,
        hex=event.hex,
        facing=event.facing,
        on_bridge=carrier.on_bridge and carrier.hex == event.hex,
        movement=Movement(mode=MoveMode.STILL, done=True, path=(event.hex,)),
    )
    return _carried(state.replace_unit(event.passenger, out), event.passenger, None)


def _unchanged(event: BTEvent, state: BTState) -> BTState:
    """Events that record dice or a verdict; what they decided follows as events of its own."""
    del event
    return state


evolve.register(CargoHit, _unchanged)
evolve.register(CrashSurvivalRolled, _unchanged)

TRANSPORT_EVENTS: tuple[type[BTEvent], ...] = (
    UnitLoaded,
    UnitUnloaded,
    CargoHit,
    CrashSurvivalRolled,
)
"""The event classes of this module, for the ruleset's registry."""
