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
"""

from __future__ import annotations

import math

import attrs

from engine.battletech import events as ev
from engine.battletech.buildingevents import BuildingShielded
from engine.battletech.context import Ctx
from engine.battletech.rules.damage import fall
from engine.hexes import Hex

__all__ = ["COLLAPSE_CAUSE", "absorbs", "damage_building", "shield"]

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
    inside = ctx.state.units_at(where)
    tons = sum(getattr(ctx.state.units[i].design, "tonnage", 0) for i in inside)  # DESIGN: men 0
    collapsed = left <= 0 or tons > left
    ctx.emit(ev.BuildingDamaged(where, amount, collapsed=collapsed))
    if collapsed:
        rubble = ctx.state.board.terrain(where)
        if rubble.fire and not rubble.woods:  # BT-M-8.12: nothing left to burn
            out = attrs.evolve(rubble, fire=False)
            ctx.emit(ev.TerrainChanged(where, out, "the fire went out in the rubble"))
        for index in inside:  # DESIGN: other kinds' collapse damage is open; they stay put
            if ctx.state.units[index].on_map and ctx.state.units[index].is_mech:
                fall(ctx, index, where, 0, COLLAPSE_CAUSE)
    return collapsed


def shield(ctx: Ctx, target: int, attacker: int, points: int) -> int:
    """ASSUMPTION (BT-C-90.11): the points of a packet that reach ``target`` inside a building.

    A packet from a unit outside the target's building hex: the building takes its share
    (`absorbs`, `BuildingShielded`) off its CF at once (`damage_building`: it may collapse and
    the units inside fall); what is left goes on to the unit.
    """
    where = ctx.state.units[target].hex
    if where is None or points <= 0 or ctx.state.units[attacker].hex == where:
        return points
    building = ctx.state.board.terrain(where).building
    if building is None:
        return points
    taken = min(absorbs(building.cf), points)
    ctx.emit(BuildingShielded(where, target, points, taken))
    damage_building(ctx, where, taken)
    return points - taken
