"""A 'Mech's body: what is left of it, its heat and its MechWarrior's condition (BT-M-2, BT-M-5).

`engine.battletech.state.UnitState` holds what every kind of unit has (side, hex, facing, crew,
movement, this turn's flags); its ``body`` holds what only one kind has. This is the 'Mech's:
armor and internal structure per `Location`, critical lines hit, heat, whether it is prone or
shut down, and the MechWarrior's wounds (BT-C-56..59).
"""

from __future__ import annotations

from attrs import frozen

from engine.battletech.designs.mech import Location, MechDesign

__all__ = ["LOCATIONS", "MechBody"]

LOCATIONS = tuple(Location)
"""`Location` order: the index order of every per-location tuple."""

_TORSOS = (Location.CT, Location.LT, Location.RT)


@frozen
class MechBody:
    """One 'Mech's body now (the record sheet's armor diagram, heat scale and pilot box, BT-M-5).

    ``armor``, ``internal`` hold the points left per location in `Location` order, ``rear`` the
    rear armor of CT, LT, RT. ``crits`` holds the (location, slot index) critical lines hit.
    """

    armor: tuple[int, ...]
    rear: tuple[int, int, int]
    internal: tuple[int, ...]
    prone: bool = False
    crits: frozenset[tuple[Location, int]] = frozenset()
    heat: int = 0
    wounds: int = 0
    conscious: bool = True
    knocked_out_turn: int = 0
    shutdown: bool = False
    club: str = ""
    """The club the 'Mech holds ("tree", "girder", "left arm" ...), or "" (BT-C-38)."""
    ejected: bool = False
    """The MechWarrior ejected: the 'Mech is out of the game, the pilot survived (BT-C-59)."""
    auto_eject: bool = True
    """BT-C-59: the auto-eject system is on."""
    sinks_off: int = 0
    """BT-C-52: heat sinks switched off (`engine.battletech.rules.sinks`)."""
    sinks_off_turn: int = 0
    """BT-C-52: the turn whose End phase last switched sinks off (they come on a turn later)."""
    breached: frozenset[Location] = frozenset()
    """BT-C-61.5: locations breached in vacuum: nothing in them works."""
    masc_level: int = 0
    """BT-C-75: the MASC level after its last use (`engine.battletech.rules.masc.masc_level`)."""
    masc_turn: int = 0
    """BT-C-75: the turn the MASC was last used (0: never)."""

    @classmethod
    def fresh(cls, design: MechDesign, *, auto_eject: bool = True) -> MechBody:
        """Return an undamaged body of ``design``."""
        return cls(
            armor=design.armor,
            rear=design.rear_armor,
            internal=design.internal,
            auto_eject=auto_eject,
        )

    def armor_at(self, location: Location, *, rear: bool = False) -> int:
        """Armor points left at ``location`` (front, or rear for a torso)."""
        if rear:
            return self.rear[_TORSOS.index(location)]
        return self.armor[LOCATIONS.index(location)]

    def internal_at(self, location: Location) -> int:
        """Internal structure points left at ``location``."""
        return self.internal[LOCATIONS.index(location)]

    def location_destroyed(self, location: Location) -> bool:
        """True when the location's internal structure is gone (BT-C-28)."""
        return self.internal_at(location) <= 0

    def slot_hit(self, location: Location, slot: int) -> bool:
        """True when that critical line has been hit."""
        return (location, slot) in self.crits
