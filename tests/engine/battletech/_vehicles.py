"""Vehicle designs for the vehicle rule tests, built in code (no shared files needed)."""

from __future__ import annotations

from engine.battletech.designs.items import Item
from engine.battletech.designs.vehicle import (
    Motion,
    VehicleDesign,
    VehicleLocation,
    vehicle_internal,
)

L = VehicleLocation
GROUND_LOCATIONS = (L.FRONT, L.RIGHT, L.LEFT, L.REAR)


def tank(
    *,
    motion: Motion = Motion.TRACKED,
    cruise: int = 4,
    tonnage: float = 60,
    turrets: int = 1,
    engine: str = "Fusion",
    equipment: tuple[Item, ...] | None = None,
) -> VehicleDesign:
    """A ground vehicle with 20 armor everywhere and ceil(tons / 10) structure.

    A medium laser in front, a PPC and an LRM 10 in the (rear) turret, an LRM 10 bin in the
    body, a small laser in the rear.
    """
    extra = (L.TURRET, L.TURRET_2)[:turrets]
    locations = GROUND_LOCATIONS + extra
    if equipment is None:
        where = "Turret" if turrets else "Front"
        equipment = (
            Item("IS Medium Laser", "Front"),
            Item("IS PPC", where),
            Item("IS LRM 10", where),
            Item("IS LRM 10 Ammo", "Body", shots=12),
            Item("IS Small Laser", "Rear"),
        )
    return VehicleDesign(
        unit_type="Tank",
        chassis="Test Tank",
        model="",
        tonnage=tonnage,
        motion=motion,
        cruise=cruise,
        locations=locations,
        armor=(20,) * len(locations),
        internal=(vehicle_internal(tonnage),) * len(locations),
        equipment=equipment,
        engine=engine,
    )


def vtol(*, tonnage: float = 21, engine: str = "ICE", chin: bool = False) -> VehicleDesign:
    """A Warrior-like VTOL: 9 cruise, rotor armor 2, an SRM 4 and an AC/2 in front."""
    locations = (*GROUND_LOCATIONS, L.ROTOR) + ((L.TURRET,) if chin else ())
    return VehicleDesign(
        unit_type="VTOL",
        chassis="Test VTOL",
        model="",
        tonnage=tonnage,
        motion=Motion.VTOL,
        cruise=9,
        locations=locations,
        armor=(6, 5, 5, 6, 2) + ((4,) if chin else ()),
        internal=(3,) * len(locations),
        equipment=(
            Item("IS SRM 4", "Front"),
            Item("IS AC/2", "Front"),
            Item("IS SRM 4 Ammo", "Body", shots=25),
            Item("IS AC/2 Ammo", "Body", shots=45),
        ),
        engine=engine,
    )
