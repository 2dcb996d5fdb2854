"""How a BattleTech game ends: the scenario's victory conditions (BT-M-12; issue 5).

- ``destroy`` (the default, BT-M-12): the last side with units in the fight wins; with
  ``cripple`` a unit that can neither move nor fire no longer counts. With a turn limit, the side
  with the most tonnage still fighting wins when time runs out (DESIGN; equal: a draw).
- ``hold``: side ``side`` must end turn ``turns`` with a unit standing in one of ``hexes`` and no
  enemy unit in them; otherwise the other side wins.
- ``withdraw``: side ``side`` must get ``count`` units off the map by its ``edge`` by the end of
  turn ``turns``: a unit standing on an edge hex in the End phase withdraws (DESIGN: the seed has
  no rules for leaving the map). It loses when too few are left to make it.

Hold and withdraw are two-sided scenarios: ``side`` against every other side.
"""

from __future__ import annotations

from typing import Final

from engine.battletech import events as ev
from engine.battletech.context import Ctx
from engine.battletech.designs import BattleArmorDesign, VehicleDesign
from engine.battletech.kinds.battle_armor import BattleArmorBody
from engine.battletech.kinds.infantry import InfantryBody
from engine.battletech.kinds.vehicle import VehicleBody, is_immobile
from engine.battletech.kinds.vehicle_combat import cannot_fire
from engine.battletech.rules.condition import jump_mp, walk_mp
from engine.battletech.state import BTState, Phase, UnitState, Victory
from engine.hexes import Hex

__all__ = [
    "KINDS",
    "crippled",
    "end_of_turn",
    "fighting",
    "immediate_result",
    "lost",
    "on_edge",
    "tonnage",
]

KINDS = ("destroy", "hold", "withdraw")
"""The victory condition kinds a scenario may name."""

EDGES = ("N", "S", "W", "E")


def crippled(unit: UnitState) -> bool:
    """True when the unit cannot move (no Walk or Jump MP) or cannot fire any weapon.

    A vehicle: immobile (BT-M-37.5, no Cruising MP) or none of its weapons may fire
    (`kinds.vehicle_combat.cannot_fire`). DESIGN: a platoon or squad is never crippled; it is out
    when its last man falls (BT-C-34, `lost`).
    """
    design, body = unit.design, unit.body
    if isinstance(design, VehicleDesign) and isinstance(body, VehicleBody):
        if is_immobile(design, body):
            return True
        from engine.battletech.data.catalogue import WEAPON_KINDS, get  # noqa: PLC0415

        weapons = [
            i
            for i, item in enumerate(design.equipment)
            if getattr(get(item.name), "kind", None) in WEAPON_KINDS
        ]
        return all(cannot_fire(design, body, i, unit.ammo) is not None for i in weapons)
    if not unit.is_mech:
        return False
    immobile = walk_mp(unit) == 0 and jump_mp(unit) == 0
    return immobile or not _armed(unit)


def lost(unit: UnitState) -> bool:
    """BT-C-34: the unit is destroyed: a vehicle's body, a platoon's men, a squad's troopers."""
    if unit.destroyed:
        return True
    body = unit.body
    if isinstance(body, VehicleBody):
        return bool(body.destroyed)
    if isinstance(body, InfantryBody | BattleArmorBody):
        return body.destroyed
    return False


_TROOPER_TONS: Final = (0.4, 0.75, 1.0, 1.5, 2.0)
"""DESIGN (MegaMek ``BattleArmor`` weight by class): tons a suit, PA(L) to assault."""
_MAN_TONS: Final = 0.085
"""DESIGN (MegaMek ``Infantry``, foot): tons a man counts for the tonnage at time-out."""


def tonnage(unit: UnitState) -> float:
    """The tons a unit still fighting counts when time runs out (DESIGN, every kind).

    A 'Mech or vehicle: its design's tonnage; a squad: its troopers still in action at their
    weight class; a platoon: its men left.
    """
    design, body = unit.design, unit.body
    if isinstance(design, BattleArmorDesign) and isinstance(body, BattleArmorBody):
        klass = min(max(design.weight_class, 0), len(_TROOPER_TONS) - 1)
        return body.troopers * _TROOPER_TONS[klass]
    if isinstance(body, InfantryBody):
        return round(body.troopers * _MAN_TONS, 2)
    if isinstance(design, VehicleDesign):
        return design.tonnage
    return unit.mech_design.tonnage


def _armed(unit: UnitState) -> bool:
    from engine.battletech.data.catalogue import WEAPON_KINDS, get  # noqa: PLC0415 - a big table

    for item in unit.mech_design.equipment:
        spec = get(item.name)
        if spec is None or getattr(spec, "kind", None) not in WEAPON_KINDS:
            continue
        if unit.mech.location_destroyed(item.location):
            continue
        if any(unit.mech.slot_hit(item.location, slot) for slot in item.slots):
            continue
        ammo = getattr(spec, "shots_per_ton", 0)
        if ammo and not _has_ammo(unit, spec.key):
            continue
        return True
    return False


def _has_ammo(unit: UnitState, weapon_key: str) -> bool:
    from engine.battletech.data.catalogue import get  # noqa: PLC0415

    for index, item in enumerate(unit.mech_design.equipment):
        spec = get(item.name)
        if getattr(spec, "weapon", None) == weapon_key and unit.ammo[index] > 0:
            return True
    return False


def fighting(state: BTState, unit: UnitState) -> bool:
    """True when the unit still counts for victory (on the map; not crippled if that counts)."""
    if not unit.on_map or lost(unit):
        return False
    return not (state.victory.cripple and crippled(unit))


def on_edge(state: BTState, where: Hex, edge: str) -> bool:
    """True when ``where`` is on the map edge ``edge`` (N, S, W, E)."""
    col, row = where.to_offset()
    return {
        "N": row == 0,
        "S": row == state.board.height - 1,
        "W": col == 0,
        "E": col == state.board.width - 1,
    }.get(edge, False)


def _others(state: BTState, side: int) -> int | None:
    """The single opposing side of a two-sided scenario (None with more sides: a draw)."""
    rest = [s for s in range(len(state.sides)) if s != side]
    return rest[0] if len(rest) == 1 else None


def immediate_result(state: BTState) -> tuple[int | None, str] | None:
    """The result now, if the game is decided before its turn limit (None: it goes on)."""
    if state.phase in {Phase.OVER, Phase.DEPLOYMENT}:
        return None
    alive = sorted({u.side for u in state.units if fighting(state, u)})
    victory = state.victory
    if victory.kind == "withdraw":
        out = sum(1 for u in state.units if u.side == victory.side and u.withdrawn)
        left = sum(1 for u in state.units if u.side == victory.side and fighting(state, u))
        if out >= victory.count:
            return victory.side, f"{state.sides[victory.side]} got {out} units off the map"
        if out + left < victory.count:
            return _others(state, victory.side), (
                f"{state.sides[victory.side]} can no longer get {victory.count} units away"
            )
    if len(alive) == 1:
        reason = "has the last units standing"
        if victory.cripple:
            reason = "has the last units still able to fight"
        return alive[0], f"{state.sides[alive[0]]} {reason}"
    if not alive:
        return None, "the last units fell together"
    return None


def _time_up(state: BTState, victory: Victory) -> tuple[int | None, str]:
    if victory.kind == "hold":
        held = {
            u.side
            for u in state.units
            if fighting(state, u) and u.hex in victory.hexes and not (u.is_mech and u.mech.prone)
        }
        enemies = {u.side for u in state.units if fighting(state, u) and u.hex in victory.hexes}
        if victory.side in held and enemies == {victory.side}:
            return victory.side, f"{state.sides[victory.side]} held the objective"
        return _others(state, victory.side), f"{state.sides[victory.side]} lost the objective"
    if victory.kind == "withdraw":
        return _others(state, victory.side), (
            f"time ran out before {state.sides[victory.side]} could withdraw"
        )
    weight: dict[int, float] = {}
    for unit in state.units:
        if fighting(state, unit):
            weight[unit.side] = weight.get(unit.side, 0) + tonnage(unit)
    ranked = sorted(weight.items(), key=lambda item: -item[1])
    if not ranked or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
        return None, "time ran out with the sides even"
    side, tons = ranked[0]
    return side, f"time ran out: {state.sides[side]} holds the field with {tons:g} tons"


def end_of_turn(ctx: Ctx) -> bool:
    """The End phase's victory work: withdrawals, then the turn limit. True if the game ended."""
    state = ctx.state
    victory = state.victory
    if victory.kind == "withdraw":
        for index, unit in enumerate(state.units):
            if (
                unit.side == victory.side
                and unit.on_map
                and unit.hex is not None
                and on_edge(state, unit.hex, victory.edge)
            ):
                ctx.emit(ev.UnitWithdrew(index, unit.hex))
    result = immediate_result(ctx.state)
    if result is None and victory.turns and ctx.state.turn >= victory.turns:
        result = _time_up(ctx.state, victory)
    if result is None:
        return False
    ctx.emit(ev.GameEnded(*result))
    return True
