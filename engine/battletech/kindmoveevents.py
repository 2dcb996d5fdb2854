"""The movement events of the kinds of unit that are not 'Mechs (BT-M-37.3).

Their mutators are registered on `engine.battletech.evolve.evolve` when this module is imported
(`engine.battletech` imports it, so every folding of a log knows them). Schema 12.
"""

from __future__ import annotations

import attrs
from attrs import frozen

from engine.battletech.events import BTEvent
from engine.battletech.evolve import evolve
from engine.battletech.kinds.vehicle import VehicleBody
from engine.battletech.state import BTState

__all__ = ["KIND_MOVE_EVENTS", "ElevationChanged"]


@frozen
class ElevationChanged(BTEvent):
    """BT-M-37.3: a VTOL ends its move at ``elevation`` above its hex (0: landed).

    DESIGN: the plotted move climbs where the terrain below demands it and takes off from a
    landed start (`engine.battletech.rules.kindmove`); the MP are in the step events.
    """

    TAG = "bt/elevation_changed"
    unit: int
    elevation: int


@evolve.register
def _elevation(event: ElevationChanged, state: BTState) -> BTState:
    unit = state.units[event.unit]
    if not isinstance(unit.body, VehicleBody):
        return state
    body = attrs.evolve(unit.body, elevation=event.elevation)
    return state.replace_unit(event.unit, attrs.evolve(unit, body=body))


KIND_MOVE_EVENTS: tuple[type[BTEvent], ...] = (ElevationChanged,)
"""The event classes of this module, for the ruleset's registry."""
