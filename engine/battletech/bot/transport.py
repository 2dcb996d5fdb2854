"""The computer's transport orders: a carrier takes a platoon aboard, and sets it down (BT-C-35.13).

The rules are `engine.battletech.rules.transport`'s (a load costs the carrier 1 MP and the
platoon its move; an unload is the carrier's last act; a platoon loaded this turn stays aboard
until the next). The bot's reading:

- load (`wanted_load`): a friendly platoon that has not moved, in the carrier's hex or one it
  can drive into, far from the fight (`_far`: it could not bring its weapons to bear this turn
  or the next on foot) and slower than the carrier (its flank MP at least `_FASTER` more) rides.
  A side moves such a carrier before the platoon (`choose_mover`): a platoon that has moved may
  not be loaded. A load in place leaves the carrier free to drive on (`bot.movement`).
- unload (`with_unload`): the carrier's best move (the movement ranking's) ends where the
  platoon's weapons reach an enemy, on or next to an objective hex, or the carrier is badly hurt
  (its passengers would die in the wreck): the platoons get out there.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.battletech.bot.evaluate import guns, speed, weakness
from engine.battletech.bot.reasons import Decision, label
from engine.battletech.commands import Move
from engine.battletech.designs import InfantryDesign, VehicleDesign
from engine.battletech.rules import transport
from engine.battletech.rules.aboard import passengers
from engine.battletech.rules.movement import plan_move
from engine.battletech.state import BTState, MoveMode, UnitState
from engine.battletech.transportcommands import LoadUnit, UnloadUnit
from engine.game import IllegalCommand
from engine.hexes import Hex

__all__ = ["choose_load", "loader", "with_unload"]

_FASTER = 2
"""A carrier must flank this many MP more than the platoon moves for a ride to pay."""
_HURT = 0.6
"""A carrier this hurt (`evaluate.weakness`) sets its passengers down wherever it stops."""


def _carrier(unit: UnitState) -> bool:
    design = unit.design
    return isinstance(design, VehicleDesign) and design.troop_space > 0 and unit.on_map


def _goals(state: BTState, side: int) -> list[Hex]:
    """Where the fight is: the enemies on the map, and the objective hexes of a hold game."""
    goals = [u.hex for u in state.units if u.side != side and u.on_map and u.hex is not None]
    if state.victory.kind == "hold":
        goals += list(state.victory.hexes)
    return goals


def _reach(unit: UnitState) -> int:
    return max((g.long for g in guns(unit)), default=1)


def _far(state: BTState, rider: UnitState) -> int | None:
    """The hexes from ``rider`` to the fight when it is beyond two turns' walk and its reach."""
    if rider.hex is None:
        return None
    goals = _goals(state, rider.side)
    if not goals:
        return None
    distance = min(rider.hex.distance(g) for g in goals)
    walk = max(speed(rider)[0], speed(rider)[1])
    return distance if distance > 2 * walk + _reach(rider) else None


def wanted_load(state: BTState, index: int) -> tuple[LoadUnit, str] | None:
    """The load carrier ``index`` would give now, and why (None: no platoon worth carrying)."""
    unit = state.units[index]
    if not _carrier(unit) or unit.movement is not None or state.active not in {None, index}:
        return None
    carrier_speed = speed(unit)[1]
    best: tuple[int, LoadUnit, str] | None = None
    for option in transport.options(state, index):
        if not isinstance(option, LoadUnit):
            continue
        rider = state.units[option.passenger]
        if not isinstance(rider.design, InfantryDesign):
            continue
        rider_speed = max(speed(rider)[0], speed(rider)[1])
        far = _far(state, rider)
        if far is None or carrier_speed < rider_speed + _FASTER:
            continue
        key = (len(option.steps), option.passenger)
        why = (
            f"loads the {rider.name}: {far} hexes from the fight, "
            f"carried at {carrier_speed} MP instead of {rider_speed}"
        )
        if best is None or key < (len(best[1].steps), best[1].passenger):
            best = (key[0], option, why)
    return None if best is None else (best[1], best[2])


def loader(state: BTState, side: int, pending: Sequence[int]) -> int | None:
    """A carrier of ``side`` among ``pending`` that wants to load a platoon (it moves first)."""
    for index in pending:
        unit = state.units[index]
        if unit.side == side and _carrier(unit) and wanted_load(state, index) is not None:
            return index
    return None


def choose_load(state: BTState, index: int) -> Decision | None:
    """The load of carrier ``index`` as a decision (None: none wanted)."""
    found = wanted_load(state, index)
    if found is None:
        return None
    command, why = found
    return Decision(command, why, (("load", 1.0), ("move on", 0.0)))


def _end(state: BTState, index: int, command: Move) -> Hex | None:
    unit = state.units[index]
    if not command.steps:
        return unit.hex
    try:
        return plan_move(state, index, command.mode, command.steps).end[0]
    except (IllegalCommand, ValueError):
        return None


def _set_down_here(state: BTState, index: int, where: Hex, riders: tuple[int, ...]) -> str | None:
    """Why the platoons should get out at ``where`` (None: they ride on)."""
    unit = state.units[index]
    if weakness(unit) >= _HURT:
        return f"the {unit.name} is badly hurt"
    victory = state.victory
    if victory.kind == "hold" and any(where.distance(h) <= 1 for h in victory.hexes):
        return "at the objective"
    enemies = [
        (where.distance(u.hex), u.name)
        for u in state.units
        if u.side != unit.side and u.on_map and u.hex is not None
    ]
    if not enemies:
        return None
    distance, name = min(enemies)
    reach = max(_reach(state.units[r]) for r in riders)
    if distance <= reach + 1:
        return f"{distance} hexes from the {name}"
    return None


def with_unload(state: BTState, index: int, best: Decision) -> Decision:
    """``best`` (the carrier's move), its passengers set down where it ends when it is time."""
    command = best.command
    riders = tuple(
        r for r in passengers(state, index) if state.units[r].movement is None
    )  # loaded this turn: they stay aboard (DESIGN, rules.transport)
    if not riders or not isinstance(command, Move) or command.charge is not None:
        return best
    where = _end(state, index, command)
    if where is None:
        return best
    why = _set_down_here(state, index, where, riders)
    if why is None:
        return best
    moving = command.steps and command.mode in {MoveMode.WALK, MoveMode.RUN}
    unload = (
        UnloadUnit(index, riders, command.mode, command.steps)
        if moving
        else UnloadUnit(index, riders)
    )
    if command.steps and not moving:
        return best
    try:
        transport.check(state, unload)
    except IllegalCommand:
        return best
    names = " and the ".join(state.units[r].name for r in riders)
    reason = f"{best.reason}; unloads the {names} in {label(where)}: {why}"
    return Decision(unload, reason, (("unload", 1.0), *best.alternatives))
