"""The events of buildings under fire (BT-C-90.11 ASSUMPTION, `engine.battletech.rules.buildings`).

Their mutators are registered on `engine.battletech.evolve.evolve` when this module is imported
(`engine.battletech` imports it, so every folding of a log knows them).
"""

from __future__ import annotations

from attrs import frozen

from engine.battletech.events import BTEvent
from engine.battletech.evolve import evolve
from engine.battletech.state import BTState
from engine.hexes import Hex

__all__ = ["BUILDING_EVENTS", "BuildingShielded"]


@frozen
class BuildingShielded(BTEvent):
    """A hit on unit ``unit`` inside the building in ``hex``: the building took a share.

    Of the packet's ``damage`` points the building took ``absorbed`` (its CF loss follows as
    `BuildingDamaged`), the unit the rest.
    """

    TAG = "bt/building_shielded"
    hex: Hex
    unit: int
    damage: int
    absorbed: int


@evolve.register
def _shielded(event: BuildingShielded, state: BTState) -> BTState:
    del event
    return state  # the CF loss is its own event


BUILDING_EVENTS: tuple[type[BTEvent], ...] = (BuildingShielded,)
"""The event classes of this module (registered by `engine.battletech`)."""
