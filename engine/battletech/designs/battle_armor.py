"""Battle armor designs: Inner Sphere squads and Clan Points of powered suits (BT-M-4, BT-M-5).

A `BattleArmorDesign` holds what the battle armor record sheet prints (BT-M-5): one row of armor
boxes per trooper, the suits' movement and weapons. It is read from a MegaMek ``.blk`` file by
`engine.battletech.data.blk`; the engine does not play battle armor yet (issue 20, item 3).
"""

from __future__ import annotations

import enum
from typing import ClassVar, Final

from attrs import frozen

from engine.battletech.designs.items import Item

__all__ = ["WEIGHT_CLASSES", "BattleArmorDesign", "BattleArmorMotion"]


class BattleArmorMotion(enum.StrEnum):
    """BT-M-4: how the suits move (MegaMek's ``Leg`` and ``Jump``)."""

    FOOT = "foot"
    JUMP = "jump"


WEIGHT_CLASSES: Final = ("PA(L)", "Light", "Medium", "Heavy", "Assault")
"""MegaMek's ``weightclass`` 0 to 4 (PA(L) is power armor, light)."""


@frozen
class BattleArmorDesign:
    """A battle armor squad (or Clan Point) as its record sheet prints it (BT-M-4, BT-M-5).

    Attributes:
        chassis: the file's ``Name``.
        model: the file's ``Model`` (may be empty).
        motion: foot or jump (BT-M-4).
        troopers: suits in the squad (BT-M-4: IS squad 4, Clan Point 5; the file's count).
        armor: armor points of each trooper (BT-M-5: one row of boxes per trooper, BT-C-35 item 2).
        ground_mp: ground MP (MegaMek's ``cruiseMP``).
        jump_mp: jump MP (0 when none).
        weight_class: MegaMek's ``weightclass`` (`WEIGHT_CLASSES`).
        quad: four-legged suits (MegaMek's ``chassis`` "quad").
        equipment: items carried by every trooper (location "Squad") or by one ("Trooper 2").
        anti_mech: the anti-'Mech attacks the suits may make (BT-C-35 item 4: "swarm", "leg").
        tech_base: "Inner Sphere", "Clan" or a mixed base.
        year: the year of introduction (0: not given).
        source: where the design came from (a file name); not a rule.
    """

    chassis: str
    model: str
    motion: BattleArmorMotion
    troopers: int
    armor: int
    ground_mp: int
    jump_mp: int = 0
    weight_class: int = 2
    quad: bool = False
    equipment: tuple[Item, ...] = ()
    anti_mech: frozenset[str] = frozenset()
    tech_base: str = "Inner Sphere"
    year: int = 0
    source: str = ""

    kind: ClassVar[str] = "battle armor"
    """What the unit library calls this kind of unit."""

    @property
    def name(self) -> str:
        """Chassis and model, as players call it ("Elemental Battle Armor [Laser](Sqd5)")."""
        return f"{self.chassis} {self.model}".strip()

    @property
    def is_clan(self) -> bool:
        """True for Clan designs (a Point of 5, BT-M-4)."""
        return self.tech_base.lower().startswith("clan")

    @property
    def weight_class_name(self) -> str:
        """The weight class's name: PA(L), Light, Medium, Heavy or Assault."""
        return WEIGHT_CLASSES[self.weight_class]

    @property
    def weapons(self) -> tuple[Item, ...]:
        """The weapons the catalogue knows, in the file's order."""
        return tuple(item for item in self.equipment if item.is_weapon)

    @property
    def summary(self) -> str:
        """One line for lists: "5 medium suits, 10 armor each, 1 MP, jump 3, 2 weapons"."""
        jump = f", jump {self.jump_mp}" if self.jump_mp else ""
        weapons = len(self.weapons)
        quad = " quad" if self.quad else ""
        return (
            f"{self.troopers} {self.weight_class_name.lower()}{quad} suits, {self.armor} armor "
            f"each, {self.ground_mp} MP{jump}, {weapons} weapon{'' if weapons == 1 else 's'}"
        )
