"""The MASC roll in the Movement phase (BT-C-75): switching it on, the roll, a failure's damage.

The rules and numbers are in `engine.battletech.rules.masc` (the queries the movement rules read);
this module makes the dice roll and applies a failure through the damage rules, so it lives
apart from them (`engine.battletech.rules.damage` reads `engine.battletech.rules.condition`, which
reads `engine.battletech.rules.masc`). `engine.battletech.rules.flow` calls it for a `Move` with
``masc``.
"""

from __future__ import annotations

from engine.battletech.commands import Move
from engine.battletech.context import Ctx
from engine.battletech.designs.mech import Location
from engine.battletech.events import CriticalHit
from engine.battletech.rules import damage
from engine.battletech.rules.masc import MASCRolled, masc_index, masc_reason, masc_target
from engine.battletech.state import UnitState
from engine.game import IllegalCommand

__all__ = ["roll_masc", "switching_on"]

_LEGS = (Location.LL, Location.RL)


def _hip_line(unit: UnitState, leg: Location) -> int | None:
    if unit.mech.location_destroyed(leg):
        return None
    for slot, name in enumerate(unit.mech_design.slots_at(leg)):
        if name.lower().startswith("hip"):
            return None if unit.mech.slot_hit(leg, slot) else slot
    return None


def roll_masc(ctx: Ctx, index: int) -> bool:
    """BT-C-75: unit ``index`` switched its MASC on: roll; a failure hits both hips.

    Returns True when the roll made it.
    """
    unit = ctx.state.units[index]
    item = masc_index(unit)
    if item is None:
        return False
    target = masc_target(unit, ctx.state.turn)
    roll = ctx.roll(2)
    passed = sum(roll) >= target
    ctx.emit(MASCRolled(index, item, target, roll, passed))
    if passed:
        return True
    for leg in _LEGS:
        unit = ctx.state.units[index]
        slot = _hip_line(unit, leg)
        if slot is None:
            continue
        ctx.emit(CriticalHit(index, leg, slot, unit.mech_design.slots_at(leg)[slot]))
        damage.queue_psr(ctx, index, *damage.PSR_HIP)
    return False


def switching_on(unit: UnitState, command: Move) -> bool:
    """BT-C-75: whether ``command`` switches the MASC on now (so it must roll first).

    Raises:
        IllegalCommand: the unit may not use MASC for this move (`masc_reason`).
    """
    if not command.masc:
        return False
    why = masc_reason(unit, command.mode)
    if why:
        raise IllegalCommand("move/masc", why)
    return unit.movement is None or not unit.movement.masc
