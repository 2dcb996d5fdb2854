"""BattleMech designs: what a record sheet prints before the battle (BT-M-2, BT-M-5).

A `MechDesign` is read from a MegaMek ``.mtf`` file by `engine.battletech.data.mtf` (pure: text in,
design out) and is stored whole in a game's setup, so a save never depends on the unit files.
Everything that changes in play (armor left, criticals, heat, ammunition) lives in the game state.
"""

from __future__ import annotations

import enum
from typing import ClassVar

from attrs import frozen

__all__ = [
    "INTERNAL_STRUCTURE",
    "LOCATION_SLOTS",
    "Location",
    "MechDesign",
    "Mounted",
    "internal_structure",
    "run_mp",
]


class Location(enum.StrEnum):
    """BT-M-2: the eight locations of a biped 'Mech (a quad's front legs use the arm locations)."""

    HD = "HD"
    CT = "CT"
    LT = "LT"
    RT = "RT"
    LA = "LA"
    RA = "RA"
    LL = "LL"
    RL = "RL"

    @property
    def long_name(self) -> str:
        """The location's record-sheet name ("Left Torso")."""
        return _TITLES[self]

    @property
    def has_rear(self) -> bool:
        """True for the three torsos, which carry separate rear armor (BT-M-5)."""
        return self in {Location.CT, Location.LT, Location.RT}

    @property
    def is_leg(self) -> bool:
        """True for the two (biped) legs."""
        return self in {Location.LL, Location.RL}


_TITLES = {
    Location.HD: "Head",
    Location.CT: "Center Torso",
    Location.LT: "Left Torso",
    Location.RT: "Right Torso",
    Location.LA: "Left Arm",
    Location.RA: "Right Arm",
    Location.LL: "Left Leg",
    Location.RL: "Right Leg",
}

_LOCATION_INDEX: dict[Location, int] = {location: i for i, location in enumerate(Location)}
"""Each location's position in `Location` order (the order of a design's per-location tuples)."""

LOCATION_SLOTS: dict[Location, int] = {
    Location.HD: 6,
    Location.CT: 12,
    Location.LT: 12,
    Location.RT: 12,
    Location.LA: 12,
    Location.RA: 12,
    Location.LL: 6,
    Location.RL: 6,
}
"""BT-M-2: critical lines per location (head and legs 6, torsos and arms 12)."""

# fmt: off
INTERNAL_STRUCTURE: dict[int, tuple[int, int, int, int, int]] = {
    # tonnage: (head, center torso, each side torso, each arm, each leg)
    20: (3, 6, 5, 3, 4),     25: (3, 8, 6, 4, 6),     30: (3, 10, 7, 5, 7),
    35: (3, 11, 8, 6, 8),    40: (3, 12, 10, 6, 10),  45: (3, 14, 11, 7, 11),
    50: (3, 16, 12, 8, 12),  55: (3, 18, 13, 9, 13),  60: (3, 20, 14, 10, 14),
    65: (3, 21, 15, 10, 15), 70: (3, 22, 15, 11, 15), 75: (3, 23, 16, 12, 16),
    80: (3, 25, 17, 13, 17), 85: (3, 27, 18, 14, 18), 90: (3, 29, 19, 15, 19),
    95: (3, 30, 20, 16, 20), 100: (3, 31, 21, 17, 21),
}
"""Internal structure points by tonnage. ASSUMPTION (BT-M-41 #18: construction rules are missing
from the seed): the standard BattleTech table, which every record sheet prints."""
# fmt: on


def internal_structure(tonnage: int) -> dict[Location, int]:
    """Return the internal structure points of each location of a 'Mech of ``tonnage`` tons.

    Raises:
        ValueError: the tonnage is not a multiple of 5 from 20 to 100 (BT-M-2).
    """
    try:
        hd, ct, side, arm, leg = INTERNAL_STRUCTURE[tonnage]
    except KeyError:
        msg = f"a 'Mech weighs 20 to 100 tons in steps of 5, not {tonnage}"
        raise ValueError(msg) from None
    return {
        Location.HD: hd,
        Location.CT: ct,
        Location.LT: side,
        Location.RT: side,
        Location.LA: arm,
        Location.RA: arm,
        Location.LL: leg,
        Location.RL: leg,
    }


def run_mp(walk: int) -> int:
    """BT-M-20.3: Run MP = ceil(1.5 x Walk MP)."""
    return (3 * walk + 1) // 2


@frozen
class Mounted:
    """One item of equipment on the sheet: a weapon, an ammunition bin, a heat sink, a jump jet ...

    ``name`` is the catalogue key (`engine.battletech.data.catalogue`) when the item is known
    there, and the file's own name otherwise; ``slots`` are the indexes of the critical lines it
    fills in ``location`` (0-based, in `MechDesign.criticals`).
    """

    name: str
    location: Location
    rear: bool = False
    slots: tuple[int, ...] = ()
    shots: int = 0
    """Ammunition: shots in the bin at the start (0 for anything that is not ammunition)."""


@frozen
class MechDesign:
    """A BattleMech as its record sheet prints it (BT-M-5), before any damage.

    ``armor`` and ``internal`` are indexed in `Location` order; ``rear_armor`` holds the three
    torsos' rear armor (CT, LT, RT). ``criticals`` holds each location's critical lines, in
    `Location` order, each line the file's item name or ``""`` for an empty line.
    """

    chassis: str
    model: str
    tonnage: int
    walk: int
    jump: int
    heat_sinks: int
    armor: tuple[int, ...]
    rear_armor: tuple[int, int, int]
    internal: tuple[int, ...]
    criticals: tuple[tuple[str, ...], ...]
    equipment: tuple[Mounted, ...] = ()
    double_heat_sinks: bool = False
    tech_base: str = "Inner Sphere"
    config: str = "Biped"
    engine: str = ""
    era: str = ""
    source: str = ""
    """Where the design came from (a file name), for messages; not a rule."""

    kind: ClassVar[str] = "'Mech"
    """The kind of unit (BT-M-1), as the other designs name theirs."""

    @property
    def name(self) -> str:
        """Chassis and model, as players call it ("Atlas AS7-D")."""
        return f"{self.chassis} {self.model}".strip()

    @property
    def run(self) -> int:
        """BT-M-20.3: Run MP from the design's Walk MP."""
        return run_mp(self.walk)

    @property
    def weight_class(self) -> str:
        """BT-M-2: Light (20-35), Medium (40-55), Heavy (60-75) or Assault (80-100)."""
        if self.tonnage <= 35:  # noqa: PLR2004 - the weight class table
            return "Light"
        if self.tonnage <= 55:  # noqa: PLR2004
            return "Medium"
        if self.tonnage <= 75:  # noqa: PLR2004
            return "Heavy"
        return "Assault"

    @property
    def is_clan(self) -> bool:
        """True for Clan designs (default skills 4/3, BT-M-13)."""
        return self.tech_base.lower().startswith("clan")

    def armor_at(self, location: Location, *, rear: bool = False) -> int:
        """The design's armor points at ``location`` (front, or rear for a torso)."""
        if rear:
            return self.rear_armor[(Location.CT, Location.LT, Location.RT).index(location)]
        return self.armor[_LOCATION_INDEX[location]]

    def internal_at(self, location: Location) -> int:
        """The design's internal structure points at ``location``."""
        return self.internal[_LOCATION_INDEX[location]]

    def slots_at(self, location: Location) -> tuple[str, ...]:
        """The critical lines of ``location``."""
        return self.criticals[_LOCATION_INDEX[location]]

    @property
    def summary(self) -> str:
        """One line for lists: "80 t assault, 3/5/0, 20 heat sinks"."""
        sinks = f"{self.heat_sinks} {'double ' if self.double_heat_sinks else ''}heat sinks"
        return (
            f"{self.tonnage} t {self.weight_class.lower()}, "
            f"{self.walk}/{self.run}/{self.jump}, {sinks}"
        )
