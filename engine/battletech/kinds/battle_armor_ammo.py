"""The body's side of a shot marked off a bin (BT-M-5, BT-C-12): battle armor missile salvos.

`engine.battletech.evolve` folds every `AmmoSpent` into the core's ``UnitState.ammo`` and asks
here what the unit's body makes of it: a battle armor squad counts one missile salvo fired per
shot of a missile bin (`engine.battletech.kinds.battle_armor.ammo_spent`); every other body is
unchanged. Pure.
"""

from __future__ import annotations

from engine.battletech.designs.battle_armor import BattleArmorDesign
from engine.battletech.kinds.battle_armor import BattleArmorBody, ammo_spent
from engine.battletech.state import Body, UnitState

__all__ = ["kind_ammo_spent"]


def kind_ammo_spent(unit: UnitState, index: int, shots: int = 1) -> Body:
    """BT-M-5, BT-C-12: ``unit``'s body after ``shots`` shots of its bin ``index`` were spent."""
    body, design = unit.body, unit.design
    if not isinstance(body, BattleArmorBody) or not isinstance(design, BattleArmorDesign):
        return body
    for _ in range(max(0, shots)):
        body = ammo_spent(design, body, index)
    return body
