"""Conventional infantry designs: foot, jump, motorized and mechanized platoons (BT-M-4, BT-M-5).

An `InfantryDesign` holds what the infantry record sheet prints (BT-M-5): the men (one box each),
the weapons, and the movement of its kind. It is read from a MegaMek ``.blk`` file by
`engine.battletech.data.blk`; the engine does not play infantry yet (issue 20, item 3).
"""

from __future__ import annotations

import enum
from typing import ClassVar, Final

from attrs import frozen

from engine.battletech.designs.items import Item

__all__ = ["INFANTRY_MP", "InfantryDesign", "InfantryMotion"]


class InfantryMotion(enum.StrEnum):
    """BT-M-4: the kinds of platoon (mechanized ones by their carrier)."""

    FOOT = "foot"
    JUMP = "jump"
    MOTORIZED = "motorized"
    MECHANIZED_TRACKED = "mechanized tracked"
    MECHANIZED_WHEELED = "mechanized wheeled"
    MECHANIZED_HOVER = "mechanized hover"

    @property
    def is_mechanized(self) -> bool:
        """True for a platoon in tracked, wheeled or hover carriers (BT-M-4, BT-M-37.7)."""
        return self.value.startswith("mechanized")


_M = InfantryMotion
INFANTRY_MP: Final = {
    _M.FOOT: (1, 0),
    _M.JUMP: (1, 3),
    _M.MOTORIZED: (3, 0),
    _M.MECHANIZED_TRACKED: (3, 0),
    _M.MECHANIZED_WHEELED: (4, 0),
    _M.MECHANIZED_HOVER: (5, 0),
}
"""BT-M-4 (ASSUMPTION, MegaMek ``Infantry.setMovementMode``): (ground MP, jump MP) of each kind."""


@frozen
class InfantryDesign:
    """An unarmored platoon (or Clan Point) as its record sheet prints it (BT-M-4, BT-M-5).

    Attributes:
        chassis: the file's ``Name`` ("Foot Platoon").
        model: the file's ``Model`` ("(Rifle)"; may be empty).
        motion: the kind of platoon (BT-M-4).
        squad_size: men a squad.
        squads: squads in the platoon.
        primary: the men's weapon (MegaMek's infantry weapon name, looked up in
            `engine.battletech.data.infantry_weapons`, BT-C-35.6; unknown: no rules).
        secondary: the support weapon ("" when none).
        secondary_per_squad: support weapons a squad carries.
        field_guns: field guns (looked up in the catalogue).
        anti_mech: the anti-'Mech skill (MegaMek's ``antimek``; 8 for untrained troops).
        armor_kit: the armor kit's name ("" when none).
        tech_base: "Inner Sphere", "Clan" or a mixed base.
        year: the year of introduction (0: not given).
        source: where the design came from (a file name); not a rule.
    """

    chassis: str
    model: str
    motion: InfantryMotion
    squad_size: int
    squads: int
    primary: str
    secondary: str = ""
    secondary_per_squad: int = 0
    field_guns: tuple[Item, ...] = ()
    anti_mech: int = 8
    armor_kit: str = ""
    tech_base: str = "Inner Sphere"
    year: int = 0
    source: str = ""

    kind: ClassVar[str] = "infantry"
    """What the unit library calls this kind of unit."""

    @property
    def name(self) -> str:
        """Chassis and model, as players call it ("Foot Platoon (Rifle)")."""
        return f"{self.chassis} {self.model}".strip()

    @property
    def troopers(self) -> int:
        """BT-M-4, BT-M-5: men in the platoon (one box each): squad size x squads."""
        return self.squad_size * self.squads

    @property
    def ground_mp(self) -> int:
        """BT-M-4: the platoon's ground MP (one allowance, no walk or run)."""
        return INFANTRY_MP[self.motion][0]

    @property
    def jump_mp(self) -> int:
        """BT-M-4: the platoon's jump MP (jump infantry 3, others 0)."""
        return INFANTRY_MP[self.motion][1]

    @property
    def is_clan(self) -> bool:
        """True for Clan designs."""
        return self.tech_base.lower().startswith("clan")

    @property
    def equipment(self) -> tuple[Item, ...]:
        """The weapons and field guns, as items ("Troopers": the men's weapons)."""
        weapons = [Item(self.primary, "Troopers")]
        if self.secondary:
            weapons.append(Item(self.secondary, "Troopers"))
        return (*weapons, *self.field_guns)

    @property
    def summary(self) -> str:
        """One line for lists: "foot platoon, 28 men (4 x 7), 1 MP, Auto-Rifle"."""
        jump = f", jump {self.jump_mp}" if self.jump_mp else ""
        second = f" + {self.secondary_per_squad} {self.secondary}/squad" if self.secondary else ""
        return (
            f"{self.motion} platoon, {self.troopers} men ({self.squads} x {self.squad_size}), "
            f"{self.ground_mp} MP{jump}, {self.primary}{second}"
        )
