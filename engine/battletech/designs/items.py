"""An item of equipment on a vehicle, platoon or battle armor sheet, and its catalogue entry.

Like a 'Mech's `engine.battletech.designs.mech.Mounted`, an item's ``name`` is the catalogue key
(`engine.battletech.data.catalogue`) when the catalogue knows the item, and the file's own name
otherwise; an item the catalogue does not know is kept and has no rules (`Item.has_rules`), as
``.mtf`` files do.
"""

from __future__ import annotations

from attrs import frozen

from engine.battletech.data import catalogue

__all__ = ["Item", "is_weapon"]


@frozen
class Item:
    """One item of equipment (BT-M-5: "weapons and other equipment" with their locations).

    Attributes:
        name: the catalogue key ("IS AC/20"), or the file's name when the catalogue lacks it.
        location: where it is mounted, as the design names its locations ("Turret", "Body",
            "Squad", "Trooper 2", "Field Guns").
        shots: ammunition: shots in the bin at the start (0 for anything else).
        mount: battle armor: the suit's mount ("RA", "LA", "Body", "Turret"; "" elsewhere).
    """

    name: str
    location: str
    shots: int = 0
    mount: str = ""

    @property
    def spec(self) -> catalogue.Spec | None:
        """The catalogue's entry (damage, heat, ranges: BT-C-63..73), None when it has no rules."""
        return catalogue.SPECS.get(self.name)

    @property
    def has_rules(self) -> bool:
        """True when the catalogue knows the item (False: kept, marked "no rules")."""
        return self.name in catalogue.SPECS

    @property
    def is_weapon(self) -> bool:
        """True for a weapon of the tables (energy, ballistic, missile, artillery)."""
        return is_weapon(self.name)


def is_weapon(key: str) -> bool:
    """True when ``key`` is the catalogue key of a weapon."""
    spec = catalogue.SPECS.get(key)
    return spec is not None and spec.kind in catalogue.WEAPON_KINDS
