"""Vehicle designs: tracked, wheeled and hover tanks, VTOLs and support tanks (BT-M-3, BT-M-5).

A `VehicleDesign` holds what the vehicle record sheet prints (BT-M-5): tonnage, motive type,
cruising and flank MP, armor and internal structure per location, weapons and other equipment
with their locations, the turret, the crew. It is read from a MegaMek ``.blk`` file by
`engine.battletech.data.blk`; the engine does not play vehicles yet (issue 20, item 2).
"""

from __future__ import annotations

import enum
import math
from typing import ClassVar, Final

from attrs import frozen

from engine.battletech.designs.items import Item

__all__ = [
    "MAX_TONNAGE",
    "Motion",
    "VehicleDesign",
    "VehicleLocation",
    "flank_mp",
    "vehicle_crew",
    "vehicle_internal",
]


class Motion(enum.StrEnum):
    """BT-M-3: the motive types hexmech reads (the naval ones are refused)."""

    TRACKED = "tracked"
    WHEELED = "wheeled"
    HOVER = "hover"
    VTOL = "VTOL"


class VehicleLocation(enum.StrEnum):
    """BT-M-3: a vehicle's locations; the body carries equipment but no armor (MegaMek's order).

    ``TURRET_2`` is the front turret of a dual-turret vehicle (BT-M-3: "a vehicle may have two
    turrets"); ``ROTOR`` is a VTOL's.
    """

    FRONT = "Front"
    RIGHT = "Right"
    LEFT = "Left"
    REAR = "Rear"
    TURRET = "Turret"
    TURRET_2 = "Front Turret"
    ROTOR = "Rotor"
    BODY = "Body"


MAX_TONNAGE: Final = {
    Motion.TRACKED: 100,
    Motion.WHEELED: 80,
    Motion.HOVER: 50,
    Motion.VTOL: 30,
}
"""The heaviest combat vehicle of each motive type. ASSUMPTION (BT-M-41 #18, construction rules are
missing; MegaMek ``BLKTankFile``): a heavier one is super-heavy, which hexmech does not read."""


def flank_mp(cruise: int) -> int:
    """BT-M-37.1: Flank MP = ceil(1.5 x Cruising MP)."""
    return (3 * cruise + 1) // 2


def vehicle_internal(tonnage: float) -> int:
    """Internal structure points of each armored location of a vehicle of ``tonnage`` tons.

    ASSUMPTION (BT-M-41 #18, the vehicle construction rules are missing; MegaMek
    ``Tank.autoSetInternal``): a tenth of the tonnage, rounded up, in every location (the body has
    none), the rotor included.
    """
    return max(1, math.ceil(tonnage / 10))


def vehicle_crew(tonnage: float) -> int:
    """Crew members of a combat vehicle of ``tonnage`` tons.

    ASSUMPTION (BT-M-3 gives the crew only Driving and Gunnery skills; TechManual's combat
    vehicle crew): one per 15 tons, rounded up, at least one.
    """
    return max(1, math.ceil(tonnage / 15))


@frozen
class VehicleDesign:
    """A vehicle as its record sheet prints it (BT-M-5), before any damage.

    ``locations`` are the armored locations in the file's order (front, right, left, rear, then
    turret or rotor); ``armor`` and ``internal`` give each one's points in that order.

    Attributes:
        unit_type: MegaMek's ``UnitType``: "Tank", "VTOL" or "SupportTank".
        chassis: the file's ``Name``.
        model: the file's ``Model`` (may be empty).
        tonnage: tons (support vehicles may weigh a fraction of a ton).
        motion: the motive type (BT-M-3).
        cruise: Cruising MP (BT-M-20, BT-M-37.1).
        locations: the armored locations.
        armor: armor points per location.
        internal: internal structure points per location (`vehicle_internal`).
        equipment: weapons and other items by location (turret, body...).
        crew: crew members (`vehicle_crew`).
        tech_base: "Inner Sphere", "Clan", "Mixed (IS Chassis)" or "Mixed (Clan Chassis)".
        engine: the engine type ("Fusion", "ICE" ...; "" when the file gives none).
        year: the year of introduction (0: not given).
        omni: an OmniVehicle (BT-M-3).
        troop_space: tons of infantry compartment (MegaMek ``TroopSpace`` in ``<transporters>``;
            BT-C-35.13, `engine.battletech.rules.transport`); 0 carries nobody.
        source: where the design came from (a file name), for messages; not a rule.
    """

    unit_type: str
    chassis: str
    model: str
    tonnage: float
    motion: Motion
    cruise: int
    locations: tuple[VehicleLocation, ...]
    armor: tuple[int, ...]
    internal: tuple[int, ...]
    equipment: tuple[Item, ...] = ()
    crew: int = 1
    tech_base: str = "Inner Sphere"
    engine: str = ""
    year: int = 0
    omni: bool = False
    source: str = ""
    troop_space: float = 0.0

    kind: ClassVar[str] = "vehicle"
    """What the unit library calls this kind of unit."""

    @property
    def name(self) -> str:
        """Chassis and model, as players call it ("Demolisher Heavy Tank (Mk. I)")."""
        return f"{self.chassis} {self.model}".strip()

    @property
    def flank(self) -> int:
        """BT-M-37.1: Flank MP from the Cruising MP."""
        return flank_mp(self.cruise)

    @property
    def has_turret(self) -> bool:
        """True when the vehicle has a turret (BT-M-3)."""
        return VehicleLocation.TURRET in self.locations

    @property
    def is_clan(self) -> bool:
        """True for Clan designs."""
        return self.tech_base.lower().startswith("clan")

    @property
    def weight_class(self) -> str:
        """BT-M-3: Light (up to 35 t), Medium (40-55), Heavy (60-75) or Assault (80-100)."""
        if self.tonnage <= 35:  # noqa: PLR2004 - the weight class table
            return "Light"
        if self.tonnage <= 55:  # noqa: PLR2004
            return "Medium"
        if self.tonnage <= 75:  # noqa: PLR2004
            return "Heavy"
        return "Assault"

    def armor_at(self, location: VehicleLocation) -> int:
        """The design's armor points at ``location`` (0 where it has no such location)."""
        if location not in self.locations:
            return 0
        return self.armor[self.locations.index(location)]

    def internal_at(self, location: VehicleLocation) -> int:
        """The design's internal structure points at ``location`` (0 where it has none)."""
        if location not in self.locations:
            return 0
        return self.internal[self.locations.index(location)]

    @property
    def weapons(self) -> tuple[Item, ...]:
        """The weapons the catalogue knows, in the file's order."""
        return tuple(item for item in self.equipment if item.is_weapon)

    @property
    def summary(self) -> str:
        """One line for lists: "80 t assault tracked tank, 3/5 MP, turret, 160 armor, 2 weapons"."""
        tons = f"{self.tonnage:g} t"
        if self.unit_type == "SupportTank":
            what = f"{self.motion} support tank"
        elif self.motion is Motion.VTOL:
            what = f"{self.weight_class.lower()} VTOL"
        else:
            what = f"{self.weight_class.lower()} {self.motion} tank"
        turret = ", turret" if self.has_turret else ""
        weapons = len(self.weapons)
        return (
            f"{tons} {what}, {self.cruise}/{self.flank} MP{turret}, "
            f"{sum(self.armor)} armor, {weapons} weapon{'' if weapons == 1 else 's'}"
        )
