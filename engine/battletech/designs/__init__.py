"""Designs of the units that are not 'Mechs: vehicles, infantry platoons, battle armor squads.

What each record sheet prints before the battle (BT-M-5), read from MegaMek ``.blk`` files by
`engine.battletech.data.blk`. These are data only: the engine does not play these kinds yet (issue
20, item 1 reshapes `UnitState` first), so nothing here is placed on a map or takes damage.

- `engine.battletech.designs.vehicle`: tracked, wheeled and hover tanks, VTOLs, support tanks
  (BT-M-3, BT-M-37, BT-C-24).
- `engine.battletech.designs.infantry`: foot, jump, motorized and mechanized platoons (BT-M-4).
- `engine.battletech.designs.battle_armor`: battle armor squads and Points (BT-M-4, BT-C-35).
- `engine.battletech.designs.items`: an item of equipment and its catalogue entry.
"""

from __future__ import annotations

from engine.battletech.designs.battle_armor import BattleArmorDesign
from engine.battletech.designs.infantry import InfantryDesign
from engine.battletech.designs.vehicle import VehicleDesign

__all__ = ["BattleArmorDesign", "InfantryDesign", "OtherDesign", "VehicleDesign"]

OtherDesign = VehicleDesign | InfantryDesign | BattleArmorDesign
"""A design read from a ``.blk`` file."""
