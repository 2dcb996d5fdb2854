"""Fighting in vacuum (BT-M-39.5, BT-C-61.5): hull breaches and the MechWarrior's air.

Every 'Mech can operate in vacuum (BT-M-39.5). Each damaging hit on a location rolls 2D6: on 10+
the location is breached; a location whose armor is gone is breached without a roll
(`BreachRolled`). Nothing in a breached location works: its weapons and equipment are out and
its engine lines count as engine hits (`engine.battletech.rules.crits.component_destroyed` reads
``UnitState.breached``), which are no true criticals (no ammunition explodes); three engine
hits destroy the 'Mech (BT-C-31). The location keeps taking damage and criticals normally.

A MechWarrior whose life support is hit takes 1 damage in each End phase in vacuum (BT-C-31,
`engine.battletech.rules.environment.vacuum_life_support`).

DESIGN: actuators and the gyro in a breached location keep working (the digest says "all out",
but the movement rules read actuator *hits*; a breached leg that still walks is the smaller
error). Vehicles: a vehicle with any breached location is destroyed; infantry in vacuum take
double damage (BT-C-61.5) -- for the vehicle and infantry branch when those units exist.
"""

from __future__ import annotations

from typing import Final

from engine.battletech import events as ev
from engine.battletech.context import Ctx
from engine.battletech.designs.mech import Location
from engine.battletech.envevents import BreachRolled
from engine.battletech.rules import crits

__all__ = ["BREACH_ON", "breach", "in_vacuum"]

BREACH_ON: Final = 10
"""BT-C-61.5: a damaging hit breaches its location on 2D6 of 10 or more."""


def in_vacuum(ctx: Ctx) -> bool:
    """True when the battle is fought in vacuum."""
    environment = ctx.state.environment
    return environment is not None and environment.vacuum


def breach(ctx: Ctx, index: int, location: Location, *, rear: bool = False) -> None:
    """BT-C-61.5: after a damaging hit on ``location`` of unit ``index``: the breach roll.

    Nothing happens outside vacuum, or to a location already breached or destroyed.
    """
    if not in_vacuum(ctx):
        return
    unit = ctx.state.units[index]
    if unit.destroyed or location in unit.mech.breached or unit.mech.location_destroyed(location):
        return
    if unit.mech.armor_at(location, rear=rear and location.has_rear) == 0:
        ctx.emit(BreachRolled(index, location, (), breached=True))
    else:
        roll = ctx.roll(2)
        ctx.emit(BreachRolled(index, location, roll, breached=sum(roll) >= BREACH_ON))
    after = ctx.state.units[index]
    if location in after.mech.breached and crits.engine_hits(after) >= crits.ENGINE_HITS_DESTROY:
        ctx.emit(ev.UnitDestroyed(index, "engine lost to a hull breach"))
