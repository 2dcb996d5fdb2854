"""Switching heat sinks off and back on (BT-C-52).

In any End phase a player may switch off as many of a 'Mech's heat sinks as wanted (useful with
triple-strength myomer); sinks switched off can be turned back on only in the End phase of the
**following** turn. Switched-off sinks dissipate nothing, under water included.

The End phase's declarations are made before the next initiative roll (as ammunition dumps,
`turn.dump_ammo`): `SwitchHeatSinks` is given in the Initiative phase, and its ``turn`` is the one
whose End phase just passed.

DESIGN: which sinks go off does not matter on land; in water the ones that cool least go first:
the engine's own sinks, then the mounted ones with the leg sinks (under Depth 1 water) last.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.battletech import events as ev
from engine.battletech.rules.heat import _sinks
from engine.battletech.state import Phase
from engine.game import IllegalCommand

if TYPE_CHECKING:
    from engine.battletech.commands import SwitchHeatSinks
    from engine.battletech.context import Ctx
    from engine.battletech.state import BTState, UnitState

__all__ = ["can_switch", "sink_count", "switch_heat_sinks", "turn_on_from"]


def sink_count(unit: UnitState) -> int:
    """How many working heat sinks the unit has (on or off): the most it may switch off."""
    engine, mounted = _sinks(unit)
    per = 2 if unit.mech_design.double_heat_sinks else 1
    return engine // per + len(mounted)


def turn_on_from(unit: UnitState) -> int:
    """The first ``state.turn`` whose Initiative phase may switch the unit's sinks back on.

    Switched off in the End phase of turn T (the Initiative phase of turn T + 1), they may come
    on in the End phase of turn T + 1 (the Initiative phase of turn T + 2).
    """
    return unit.mech.sinks_off_turn + 2


def can_switch(state: BTState, index: int, off: int) -> str:
    """Why ``SwitchHeatSinks(index, off)`` is refused now ("" when it is allowed, BT-C-52)."""
    if state.phase is not Phase.INITIATIVE:
        return "heat sinks are switched in the End phase, before the initiative roll (BT-C-52)"
    if not 0 <= index < len(state.units):
        return f"there is no unit {index + 1}"
    unit = state.units[index]
    most = sink_count(unit)
    why = ""
    if not unit.on_map:
        why = f"the {unit.name} is not on the map"
    elif not 0 <= off <= most:
        why = f"the {unit.name} has {most} working heat sinks: switch off 0 to {most}"
    elif off == unit.mech.sinks_off:
        why = f"the {unit.name} already has {off} heat sinks off"
    elif off < unit.mech.sinks_off and state.turn < turn_on_from(unit):
        why = (
            f"the {unit.name}'s heat sinks went off this End phase: they come back on at the "
            "earliest in the next one (BT-C-52)"
        )
    return why


def switch_heat_sinks(ctx: Ctx, command: SwitchHeatSinks) -> None:
    """BT-C-52: switch the unit's heat sinks off or back on (`HeatSinksSwitched`).

    Raises:
        IllegalCommand: not the End phase, a bad count, or sinks switched off too recently.
    """
    if why := can_switch(ctx.state, command.unit, command.off):
        raise IllegalCommand("sinks/refused", why)
    # The End phase that just passed is the turn before the one whose initiative is next.
    ctx.emit(ev.HeatSinksSwitched(command.unit, command.off, ctx.state.turn - 1))
