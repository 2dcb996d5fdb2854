"""What one 'Mech striking another does, shared by physical attacks, displacement and skids.

The column an attack from a neighbouring hex strikes (BT-C-21), the location tables (BT-C-22/23),
damage dealt in 5-point groups through a building's shield (BT-C-42/43/47, BT-M-31), and the PSRs
attacks and displacements cause (BT-C-49). `engine.battletech.rules.physical` (the attacks) and
`engine.battletech.rules.displacement` (units forced out of their hex) both build on these.
"""

from __future__ import annotations

from engine.battletech.context import Ctx
from engine.battletech.designs.mech import Location
from engine.battletech.kinds.battle_armor import BattleArmorBody
from engine.battletech.kinds.vehicle import VehicleBody
from engine.battletech.rules import kinddamage, kindfire, kindmove
from engine.battletech.rules.buildings import shield
from engine.battletech.rules.damage import apply_damage, damage_groups, fall, piloting_roll
from engine.battletech.rules.movement import unit_level
from engine.battletech.state import BTState, UnitState
from engine.battletech.tables import HIT_LOCATION, KICK_LOCATION, PUNCH_LOCATION, Column
from engine.hexes import Facing, Hex

__all__ = ["level_of", "locate", "psr", "relative", "side_from", "strike"]


def level_of(state: BTState, unit: UnitState) -> int:
    """BT-M-22 / BT-C-44: the level ``unit`` stands (or flies) at; it is on the map.

    A 'Mech: `movement.unit_level` (the water bottom, a bridge deck). Other kinds:
    `kindmove.start_level` (a hover vehicle on the surface), plus a flying VTOL's elevation
    (BT-M-37.3).
    """
    if unit.is_mech:
        return unit_level(state, unit)
    body = unit.body
    flying = body.elevation if isinstance(body, VehicleBody) and body.airborne else 0
    return kindmove.start_level(state, unit) + flying


def relative(origin: Hex, facing: Facing, other: Hex) -> int | None:
    """Hexsides clockwise from ``facing`` to the neighbour ``other`` (None: not a neighbour)."""
    if origin.distance(other) != 1:
        return None
    direction = origin.direction_to(other)
    return None if direction is None else (direction - facing) % 6


def side_from(state: BTState, origin: Hex, target: int) -> str:
    """BT-C-21: the column an attack from ``origin`` strikes ``target`` on (a `Column` value)."""
    unit = state.units[target]
    assert unit.hex is not None  # noqa: S101 - a target on the map
    turned = relative(unit.hex, unit.facing, origin)
    if turned is None or not unit.is_mech:  # a vehicle's sides are its own (BT-C-21)
        return kindfire.attack_side(state, origin, target)[0].value
    # A neighbour is never on a vertex: front hexside and the two front-oblique ones are the front.
    return {0: "front", 1: "front", 5: "front", 2: "right", 3: "rear", 4: "left"}[turned]


def psr(ctx: Ctx, unit: int, reason: str, modifier: int) -> None:
    """A PSR an attack or a displacement causes (BT-C-49).

    In an attack phase it waits in the tally for the end of the phase; otherwise (a domino in the
    Movement phase) it is rolled at once, and a failure is a fall in the unit's hex.
    """
    if not ctx.state.units[unit].is_mech:
        return  # only a 'Mech makes PSRs (BT-M-31); vehicles and infantry never fall
    if ctx.tally is not None:
        ctx.tally.psrs.setdefault(unit, []).append((reason, modifier))
        return
    me = ctx.state.units[unit]
    if not me.on_map or me.mech.prone or me.hex is None:
        return
    if not piloting_roll(ctx, unit, reason, ((reason, modifier),)):
        fall(ctx, unit, me.hex, 0, f"failed the {reason} roll")


def locate(ctx: Ctx, table: str, side: str) -> tuple[Location, tuple[int, ...]]:
    """BT-C-22/23: roll a hit location on ``table`` in column ``side``."""
    column = Column(side)
    if table == "normal":
        roll = ctx.roll(2)
        return HIT_LOCATION[column][sum(roll) - 2], roll
    die = ctx.die()
    locations = PUNCH_LOCATION if table == "punch" else KICK_LOCATION
    return locations[column][die - 1], (die,)


def strike(  # noqa: PLR0917 - one damage hit, every term of it
    ctx: Ctx,
    source: int | None,
    target: int,
    amount: int,
    table: str,
    side: str,
    *,
    grouped: bool = True,
) -> None:
    """Damage ``target`` for ``amount`` on ``table`` (in 5-point groups unless ``grouped`` off).

    A vehicle, platoon or squad takes it by its kind's rules (`kinddamage.damage_unit`: the
    vehicle's column ``side``; a platoon's men as direct damage; battle armor in 5-point
    groups, BT-C-35 item 2).
    """
    if not ctx.state.units[target].is_mech:
        battle_armor = isinstance(ctx.state.units[target].body, BattleArmorBody)
        packets = damage_groups(amount) if grouped or battle_armor else (amount,)
        column = Column(side)
        kinddamage.damage_unit(
            ctx, target, list(packets), column=column, spec=None, source=source, shield=shield
        )  # BT-C-42: the building absorbs damage normally
        return
    for points in damage_groups(amount) if grouped else (amount,):
        if ctx.state.units[target].destroyed or points <= 0:
            return
        # BT-C-42 "the building absorbs damage normally" (engine.battletech.rules.buildings)
        group = points if source is None else shield(ctx, target, source, points)
        if group <= 0 or ctx.state.units[target].destroyed:
            continue
        location, roll = locate(ctx, table, side)
        rear = side == "rear"
        tac = table == "normal" and sum(roll) == 2  # noqa: PLR2004 - BT-C-22: a roll of 2
        apply_damage(ctx, target, location, group, rear=rear, roll=roll, tac=tac, source=source)
