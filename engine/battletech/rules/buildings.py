"""Buildings under fire: damage, collapse, and the units inside (BT-M-41 #4, BT-C-90.11).

The buildings chapter is missing from the seed (BT-M-41 #4, BT-C-90.11); what is played:

- ASSUMPTION (BT-M-41 #4): a building collapses when its CF is used up, or when the tonnage of
  the units in it exceeds the CF left. Every unit inside falls in the hex (0 levels: units stand
  on its ground level) and the hex is rubble from then on (BT-M-8.10: `evolve` turns it into
  rubble and keeps its class for girders, BT-C-38). `damage_building` is the one way weapon fire,
  fire (BT-C-60: 2 CF a turn) and failed building rolls take CF.
- Weapon fire aimed at a building hex (BT-C-57/60.2, -4 immobile): the building takes every
  point of the hit (`engine.battletech.rules.combat`).
- ASSUMPTION [MegaMek: WeaponHandler `bldgAbsorbs`, `Building.getAbsorbtion`]: a unit inside a
  building hit by a weapon fired from outside that hex is shielded: of each damage packet the
  building takes ⌈CF / 10⌉ (at most the packet), the unit the rest (`BuildingShielded`). A
  collapse during the attack leaves the later packets unshielded. DESIGN: the CF is the
  building's current CF (MegaMek: the CF at the start of the phase). Physical attacks the same
  way, each 5-point group (BT-C-42: "the building absorbs damage normally").
- Every kind weighs on a building and falls in its collapse (`weight_inside`, `fall_in`):
  tonnage by `victory.tonnage` (a platoon its men, a squad its suits); a VTOL in flight
  weighs nothing and does not fall. A 'Mech falls by BT-M-33..36 (`damage.fall`). The fall's
  damage of another kind is BT-M-35's ⌈tons / 10⌉ x (levels + 1), in 5-point groups:
  a vehicle on the front column of its location table (DESIGN, as BT-M-41 #4's failed building
  roll; no facing roll, it never falls over), a platoon as one lump of direct damage
  (BT-C-35 item 1: "falls count as direct damage", ⌈damage / 10⌉ men, x 2 in the open), a battle
  armor squad one random trooper a group (BT-C-35 item 2).
"""

from __future__ import annotations

import math

import attrs

from engine.battletech import events as ev
from engine.battletech.board import Terrain
from engine.battletech.buildingevents import BuildingShielded
from engine.battletech.context import Ctx
from engine.battletech.designs import BattleArmorDesign, InfantryDesign, VehicleDesign
from engine.battletech.kinds.infantry import prohibited_terrain, terrain_column
from engine.battletech.kinds.vehicle import VehicleBody
from engine.battletech.kinds.vehicle_damage import building_entry_damage
from engine.battletech.kinds.vehicle_terrain import prohibited
from engine.battletech.rules import kinddamage
from engine.battletech.rules.damage import damage_groups, fall, fall_damage
from engine.battletech.rules.victory import tonnage
from engine.battletech.state import BTState, UnitState
from engine.battletech.tables import Column
from engine.hexes import Hex

__all__ = [
    "COLLAPSE_CAUSE",
    "absorbs",
    "damage_building",
    "drowns",
    "fall_in",
    "kind_building_damage",
    "kind_fall_groups",
    "shield",
    "weighs",
    "weight_inside",
]

COLLAPSE_CAUSE = "the building collapsed"
"""Why the units inside a collapsing building fall (the log's words)."""


def absorbs(cf: int) -> int:
    """ASSUMPTION (BT-C-90.11): the damage a building of ``cf`` takes off each packet: ⌈CF/10⌉."""
    return math.ceil(max(cf, 0) / 10)


def damage_building(ctx: Ctx, where: Hex, amount: int) -> bool:
    """BT-M-41 #4: the building in ``where`` loses ``amount`` CF; True when it collapsed.

    It collapses when nothing is left of its CF, or when the units in it weigh more than what is
    left; then every unit inside falls (`damage.fall`, 0 levels). No building there: nothing.
    """
    building = ctx.state.board.terrain(where).building
    if building is None or amount <= 0:
        return False
    left = building.cf - amount
    inside = [i for i in ctx.state.units_at(where) if weighs(ctx.state.units[i])]
    tons = weight_inside(ctx.state, where)
    collapsed = left <= 0 or tons > left
    ctx.emit(ev.BuildingDamaged(where, amount, collapsed=collapsed))
    if collapsed:
        rubble = ctx.state.board.terrain(where)
        if rubble.fire and not rubble.woods:  # BT-M-8.12: nothing left to burn
            out = attrs.evolve(rubble, fire=False)
            ctx.emit(ev.TerrainChanged(where, out, "the fire went out in the rubble"))
        for index in inside:
            if ctx.state.units[index].on_map:
                fall_in(ctx, index, where, 0, COLLAPSE_CAUSE)
    return collapsed


def weighs(unit: UnitState) -> bool:
    """BT-M-41 #4: the unit stands in its hex (a VTOL in flight is above it, BT-M-37.3)."""
    return not (isinstance(unit.body, VehicleBody) and unit.body.airborne)


def weight_inside(state: BTState, where: Hex, *, without: int | None = None) -> float:
    """BT-M-41 #4: the tons of every unit of any kind standing in ``where`` (but ``without``)."""
    units = [state.units[i] for i in state.units_at(where) if i != without]
    return sum(tonnage(u) for u in units if weighs(u))


def kind_fall_groups(unit: UnitState, levels: int, *, water: bool = False) -> tuple[int, ...]:
    """BT-M-35 / BT-M-41 #4: a vehicle's, platoon's or squad's fall damage in 5-point groups.

    ⌈tons / 10⌉ x (levels + 1), halved (round up) into Depth 1+ water.
    """
    return damage_groups(fall_damage(math.ceil(tonnage(unit)), levels, water=water))


def drowns(unit: UnitState, terrain: Terrain) -> bool:
    """BT-M-28 (reading) / BT-M-26.2 / BT-M-39.2: a unit that falls into water it may not enter.

    A ground vehicle by BT-M-23 (hover rides the surface, BT-M-37.4); a platoon or squad by its
    column (a mechanized hover platoon rides it too); a 'Mech or a VTOL in flight never.
    """
    if (terrain.water or 0) < 1 or terrain.bridge is not None or terrain.ice:
        return False
    design = unit.design
    if isinstance(design, VehicleDesign):
        return weighs(unit) and prohibited(design.motion, terrain) is not None
    if isinstance(design, InfantryDesign):
        return prohibited_terrain(terrain_column(design.motion), terrain) is not None
    if isinstance(design, BattleArmorDesign):
        return prohibited_terrain(terrain_column(None), terrain) is not None
    return False


def fall_in(ctx: Ctx, index: int, where: Hex, levels: int, cause: str) -> None:
    """BT-M-41 #4 / BT-M-28: unit ``index`` of any kind falls ``levels`` into ``where``.

    A 'Mech: `damage.fall`. A VTOL in flight: nothing. Any other kind: into water it may not
    enter (a bridge's collapse, `drowns`) it is destroyed; else `kind_fall_groups` (halved in
    water) by its kind's damage rules (`kinddamage.damage_unit`, front column for a vehicle).
    """
    unit = ctx.state.units[index]
    if unit.is_mech:
        fall(ctx, index, where, levels, cause)
        return
    if not weighs(unit) or unit.destroyed:
        return
    terrain = ctx.state.board.terrain(where)
    if drowns(unit, terrain):
        ctx.emit(ev.UnitDestroyed(index, f"{cause}: into water it cannot enter (BT-M-28)"))
        return
    water = (terrain.water or 0) >= 1 and terrain.bridge is None
    groups = list(kind_fall_groups(unit, levels, water=water))
    kinddamage.damage_unit(ctx, index, groups, column=Column.FRONT, spec=None)


def shield(ctx: Ctx, target: int, attacker: int, points: int) -> int:
    """ASSUMPTION (BT-C-90.11): the points of a packet that reach ``target`` inside a building.

    A packet from a unit outside the target's building hex: the building takes its share
    (`absorbs`, `BuildingShielded`) off its CF at once (`damage_building`: it may collapse and
    the units inside fall); what is left goes on to the unit. A VTOL flying at or above the
    roof is not inside (DESIGN).
    """
    where = ctx.state.units[target].hex
    if where is None or points <= 0 or ctx.state.units[attacker].hex == where:
        return points
    building = ctx.state.board.terrain(where).building
    if building is None:
        return points
    body = ctx.state.units[target].body
    if isinstance(body, VehicleBody) and body.elevation >= building.height:
        return points  # DESIGN: a VTOL over the building or on its roof is not inside it
    taken = min(absorbs(building.cf), points)
    ctx.emit(BuildingShielded(where, target, points, taken))
    damage_building(ctx, where, taken)
    return points - taken


def kind_building_damage(ctx: Ctx, index: int, cf: int, where: Hex) -> None:
    """BT-M-8.9 / BT-M-41 #4 (ASSUMPTION): a vehicle's failed Driving roll at a building.

    The vehicle takes ⌈CF / 10⌉ in one hit on the front column of its location table
    (`vehicle_damage.building_entry_damage`); the building in ``where`` takes ⌈tons / 10⌉
    (`damage_building`: it may collapse on whoever is inside).
    """
    unit = ctx.state.units[index]
    _, damage = building_entry_damage(cf)
    kinddamage.damage_unit(ctx, index, [damage], column=Column.FRONT, spec=None)
    damage_building(ctx, where, math.ceil(tonnage(unit) / 10))
