"""Dystopian Wars indirect fire as a command and an event (DW-18.7, DW-7.2 step 3a).

New classes beside `Fire` and `AttackDeclared` (their fields are unchanged, so older saves read
as they were): `FireIndirect` names one model's weapon, its target and the spotter;
`IndirectAttackDeclared` records the attack and the spotter, and the combat segment rolls it
with the others (`engine.dystopian.indirect_fire`).
"""

from __future__ import annotations

from attrs import frozen

from engine.dystopian.commands import DWCommand
from engine.dystopian.events import DWEvent
from engine.dystopian.state import DeclaredAttack

__all__ = ["INDIRECT_COMMANDS", "INDIRECT_EVENTS", "FireIndirect", "IndirectAttackDeclared"]


@frozen
class FireIndirect(DWCommand):
    """Declare one indirect attack of the active squadron (DW-18.7, DW-7.2 step 3a).

    Attributes:
        model: the firing model (a Capital model's primary or Bombard weapon).
        weapon: a weapon's name as one word (``fore-turret``) or a kind (``primary``).
        target: the target: a Capital model or a fortification, 9-16 hexes away.
        spotter: the friendly Spotter-MAR model or recon wing that sees the target; empty for
            a Forward Observer's Bombard firing in RB2 with none.
    """

    TAG = "dw_fire_indirect"
    model: str
    weapon: str
    target: str
    spotter: str = ""


@frozen
class IndirectAttackDeclared(DWEvent):
    """DW-18.7: an indirect attack of the active squadron, declared before any die is rolled.

    ``spotter``: the spotting model's or wing's name ("" for a Forward Observer).
    """

    TAG = "dw_indirect_declared"
    attack: DeclaredAttack
    spotter: str


INDIRECT_COMMANDS: tuple[type[DWCommand], ...] = (FireIndirect,)
"""The indirect-fire commands, for the ruleset and its converter."""

INDIRECT_EVENTS: tuple[type[DWEvent], ...] = (IndirectAttackDeclared,)
"""The indirect-fire events, for the ruleset and its converter."""
