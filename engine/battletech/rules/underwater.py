"""Weapons under water (BT-C-9, BT-C-90.10, BT-C-5 water row).

The digest: a standing 'Mech in Depth 1 has its legs in the water; a 'Mech standing in Depth 2+
or prone in Depth 1+ is submerged and neither sees nor is seen by anything out of the water. The
water row of the LOS table (BT-C-5) lets water block "unless **both** attacker and target are
fully submerged and no other terrain intervenes"; the underwater rules themselves are missing.

The reading here (**ASSUMPTION**, the standard underwater rules in their simplest form):

- Two submerged 'Mechs see each other when every hex between them is Depth 2+ water with no
  woods or building (adjacent: always). Nothing else changes (the +1 of an attacker in water,
  BT-C-9, applies as always; no partial cover under water).
- A weapon under water (every weapon of a submerged 'Mech; the leg weapons of one standing in
  Depth 1) fires only at a target under water: energy weapons but flamers, and ballistic
  weapons. Missile launchers (no torpedoes in these tables) and flamers never fire under water.
- Leg weapons in Depth 1 water are under water: they cannot fire at a target out of it (BT-C-9,
  its partial cover; the to-hit breakdown says so in these words).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.battletech.data.catalogue import Kind
from engine.battletech.rules.los import Sight
from engine.hexes import line_pair

if TYPE_CHECKING:
    from engine.battletech.data.catalogue import WeaponSpec
    from engine.battletech.designs.mech import Mounted
    from engine.battletech.state import BTState
    from engine.hexes import Hex

__all__ = ["DUEL_SIGHT", "duel", "weapon_reason"]

DUEL_SIGHT = Sight(clear=True, modifiers=(("attacker in water", 1),))
"""The sight between two submerged 'Mechs (`duel`): clear, the attacker in water +1 (BT-C-9).

`los.line_of_sight` keeps the digest's general rule (nothing sees into or out of deep water);
the to-hit numbers (`tohit`) use this sight where `duel` allows.
"""

_DEEP = 2
"""BT-C-9: the depth that covers a standing 'Mech."""


def _depth(state: BTState, index: int) -> int:
    unit = state.units[index]
    if unit.hex is None or unit.this_turn.dfa is not None:
        return 0
    terrain = state.board.terrain(unit.hex)
    if terrain.water is None or unit.standing_on_bridge(terrain):
        return 0
    return terrain.water


def _submerged(state: BTState, index: int) -> bool:
    """BT-C-9: standing in Depth 2+, or prone in Depth 1+."""
    if not state.units[index].is_mech:
        return False  # DESIGN: vehicles and infantry never fight under water
    depth = _depth(state, index)
    return depth >= _DEEP or (state.units[index].mech.prone and depth >= 1)


def duel(state: BTState, attacker: int, target: int | Hex) -> bool:
    """True when both ends are submerged 'Mechs with only deep open water between them."""
    if not isinstance(target, int):
        return False
    if not (_submerged(state, attacker) and _submerged(state, target)):
        return False
    here, there = state.units[attacker].hex, state.units[target].hex
    if here is None or there is None or here == there:
        return False
    between = {h for variant in line_pair(here, there) for h in variant[1:-1]}
    for where in between:
        terrain = state.board.get(where)
        if terrain is None or (terrain.water or 0) < _DEEP:
            return False
        if terrain.woods or terrain.building is not None:
            return False
    return True


def weapon_reason(
    state: BTState, attacker: int, item: Mounted, spec: WeaponSpec, target: int | Hex
) -> str:
    """Why this weapon cannot fire because of the water it is in ("" when it may)."""
    unit = state.units[attacker]
    submerged = _submerged(state, attacker)
    wet = submerged or (
        item.location.is_leg and not unit.mech.prone and _depth(state, attacker) == 1
    )
    if not wet:
        return ""
    where = "under water" if submerged else "in the water round its legs (depth 1)"
    if spec.kind is Kind.MISSILE or spec.rack or "flamer" in spec.flags:
        what = "flamers" if "flamer" in spec.flags else "missile launchers"
        return f"{what} do not fire under water: the {spec.name} is {where} (BT-C-9)"
    under = isinstance(target, int) and _submerged(state, target)
    if not under:
        return f"the {spec.name} is {where}: it fires only at a target under water (BT-C-9)"
    return ""
