"""Who is aboard what (BT-C-35.13): the queries of transport, for every rule that needs them.

A passenger's body (`InfantryBody`) names its carrier (``carried_by``); it is off the map while
aboard. The orders and their DESIGN choices: `engine.battletech.rules.transport`.
"""

from __future__ import annotations

import math
from typing import Final

from engine.battletech.designs import InfantryDesign, VehicleDesign
from engine.battletech.designs.infantry import InfantryMotion
from engine.battletech.kinds.battle_armor import BattleArmorBody
from engine.battletech.kinds.infantry import InfantryBody
from engine.battletech.state import BTState, UnitState
from engine.hexes import Hex

__all__ = [
    "MAN_TONS",
    "carrier_of",
    "carrying",
    "passenger_tons",
    "passengers",
    "position",
    "space_left",
]

MAN_TONS: Final = {
    InfantryMotion.FOOT: 0.085,
    InfantryMotion.JUMP: 0.165,
    InfantryMotion.MOTORIZED: 0.195,
    InfantryMotion.MECHANIZED_TRACKED: 1.0,
    InfantryMotion.MECHANIZED_WHEELED: 1.0,
    InfantryMotion.MECHANIZED_HOVER: 1.0,
}
"""DESIGN (MegaMek ``Infantry.getWeight``, recalled): tons a man of each kind of platoon."""


def carrier_of(unit: UnitState) -> int | None:
    """The index of the unit carrying ``unit`` (None: it is not aboard anything)."""
    body = unit.body
    return body.carried_by if isinstance(body, InfantryBody | BattleArmorBody) else None


def passengers(state: BTState, carrier: int) -> tuple[int, ...]:
    """The units alive aboard ``carrier``, in setup order."""
    return tuple(
        i
        for i, u in enumerate(state.units)
        if carrier_of(u) == carrier and not u.destroyed and not u.withdrawn
    )


def carrying(state: BTState, index: int) -> bool:
    """True when unit ``index`` carries anyone (a "Cargo/infantry hit" applies, BT-C-24.3)."""
    return bool(passengers(state, index))


def position(state: BTState, index: int) -> Hex | None:
    """Where the unit is: its hex, or its carrier's while aboard (it moves with it)."""
    unit = state.units[index]
    carrier = carrier_of(unit)
    return state.units[carrier].hex if carrier is not None else unit.hex


def passenger_tons(unit: UnitState) -> float:
    """DESIGN: the troop space a platoon takes, its full strength rounded up to the half ton."""
    design = unit.design
    if not isinstance(design, InfantryDesign):
        return math.inf
    return math.ceil(design.troopers * MAN_TONS[design.motion] * 2 - 1e-9) / 2


def space_left(state: BTState, carrier: int) -> float:
    """Tons of troop space still free in ``carrier`` (0 for a unit without any)."""
    design = state.units[carrier].design
    if not isinstance(design, VehicleDesign):
        return 0.0
    used = sum(passenger_tons(state.units[p]) for p in passengers(state, carrier))
    return design.troop_space - used
