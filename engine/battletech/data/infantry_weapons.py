"""The conventional infantry weapon table: per-trooper damage and range (BT-C-35.6, BT-C-35.7).

The catalogue of 'Mech and vehicle weapons (`engine.battletech.data.catalogue`) does not list the
weapons the men of a platoon carry; their figures are MegaMek's (ASSUMPTION, BT-C-35.6: the
digest reads ``infantryDamage`` and ``infantryRange`` off MegaMek's ``Infantry*Weapon`` classes),
each row read in that class (its ``name``, lookup names, ``infantryDamage``, ``infantryRange``
and flags: ``F_INF_BURST`` burst, ``F_INF_ENCUMBER`` encumbering, ``F_BALLISTIC`` /
``F_ENERGY`` / ``F_MISSILE`` / ``F_FLAMER`` the class). Pure data, no rules: the rules that read
it are in `engine.battletech.kinds.infantry`.

DESIGN: hexmech's own bundled sheets name two weapons in plain words ("Heavy SRM Launcher",
"Portable Machine Gun"); they are aliases of MegaMek's rows. "SRM Launcher" alone reads as the
light launcher (MegaMek's ``InfantrySRM``).
"""

from __future__ import annotations

import enum
from typing import Final

from attrs import frozen

__all__ = ["INFANTRY_WEAPONS", "InfantryWeapon", "WeaponClass", "infantry_weapon"]


class WeaponClass(enum.StrEnum):
    """MegaMek's flag of an infantry weapon's kind (``F_BALLISTIC``, ``F_ENERGY`` ...)."""

    BALLISTIC = "ballistic"
    ENERGY = "energy"
    MISSILE = "missile"
    FLAMER = "flamer"


@frozen
class InfantryWeapon:
    """An infantry weapon's per-trooper figures (BT-C-35.6, 35.7; MegaMek ``InfantryWeapon``).

    Attributes:
        name: MegaMek's display name.
        damage: ``infantryDamage``: damage a trooper does.
        range: ``infantryRange``: the R of the range brackets (BT-C-35.7).
        burst: the burst flag (+1D6 against conventional infantry, -1 at 0 hexes).
        point_blank: +1 at 0 hexes.
        encumbering: encumbering or crew-served support weapon: +1 at 0 hexes.
        aliases: other names MegaMek files use (its internal and lookup names).
        kind: ballistic, energy, missile or flamer (MegaMek's flags).
    """

    name: str
    damage: float
    range: int
    burst: bool = False
    point_blank: bool = False
    encumbering: bool = False
    aliases: tuple[str, ...] = ()
    kind: WeaponClass = WeaponClass.BALLISTIC


_W = InfantryWeapon
_B, _E, _M, _F = WeaponClass.BALLISTIC, WeaponClass.ENERGY, WeaponClass.MISSILE, WeaponClass.FLAMER

INFANTRY_WEAPONS: Final = (
    # rifles (MegaMek weapons/infantry/rifle/)
    _W(
        "Auto-Rifle",
        0.52,
        1,
        aliases=(
            "Auto-Rifle (Modern, Generic)",
            "InfantryAssaultRifle",
            "Auto Rifle",
            "Infantry Automatic Rifle",
            "InfantryAutoRifle",
            "Infantry Auto Rifle",
        ),
    ),
    _W("Laser Rifle", 0.28, 2, aliases=("InfantryLaserRifle",), kind=_E),
    _W("Gyrojet Rifle", 0.35, 1, aliases=("InfantryGyrojetRifle",)),
    _W("Gyrojet Gun (Heavy)", 0.21, 2, aliases=("InfantryHeavyGyrojetGun", "Heavy Gyrojet Gun")),
    # machine guns (support/mg/)
    _W(
        "Machine Gun (Light)",
        0.49,
        1,
        aliases=("InfantryLMG", "InfantryLightMachineGun", "Infantry Light Machine Gun"),
    ),
    _W(
        "Machine Gun (Portable)",
        0.65,
        1,
        burst=True,
        encumbering=True,
        aliases=(
            "InfantryMGPortable",
            "Infantry MG Portable",
            "InfantryMG",
            "Portable Machine Gun",
        ),
    ),
    _W(
        "Machine Gun (Semi-Portable)",
        0.75,
        1,
        burst=True,
        encumbering=True,
        aliases=("InfantryMGSemiPortable", "Infantry MG Semi Portable", "InfantrySemiMG"),
    ),
    _W(
        "Machine Gun (Support)",
        0.94,
        2,
        burst=True,
        aliases=("InfantryHMG", "InfantrySupportMG", "InfantrySupportMachineGun"),
    ),
    # missile launchers (support/srm/, support/)
    _W(
        "SRM Launcher (Light)",
        0.57,
        2,
        aliases=("InfantrySRMLight", "InfantrySRM", "Light SRM Launcher", "SRM Launcher"),
        kind=_M,
    ),
    _W(
        "SRM Launcher (Heavy)",
        0.57,
        2,
        encumbering=True,
        aliases=(
            "InfantryHeavySRM",
            "Infantry Heavy SRM Launcher",
            "SRM Launcher (Hvy, One-Shot)",
            "Heavy SRM Launcher",
        ),
        kind=_M,
    ),
    _W(
        "LRM Launcher (Corean Farshot)",
        0.48,
        3,
        encumbering=True,
        aliases=("InfantryLRM", "LRM Launcher", "LRM Launcher (FarShot)"),
        kind=_M,
    ),
    # flamers and support lasers (support/, support/laser/, support/heavy/)
    _W(
        "Flamer (Man-Portable)",
        0.55,
        0,
        encumbering=True,
        aliases=(
            "InfantryPortableFlamer",
            "Portable Flamer",
            "Flamer (man-portable)",
            "Flamer (Man-Pack)",
        ),
        kind=_F,
    ),
    _W(
        "Support Laser",
        0.84,
        3,
        aliases=("InfantrySupportLaser", "Infantry Support Laser", "InfantrySmallLaser"),
        kind=_E,
    ),
    _W(
        "Support Laser (Heavy)",
        1.47,
        5,
        aliases=("InfantryHeavyLaser", "Infantry Heavy Laser", "InfantryMediumLaser"),
        kind=_E,
    ),
)
"""BT-C-35.6: the infantry weapons read in MegaMek's ``Infantry*Weapon`` classes (module doc)."""

_BY_NAME: Final = {
    name.lower(): weapon for weapon in INFANTRY_WEAPONS for name in (weapon.name, *weapon.aliases)
}


def infantry_weapon(name: str) -> InfantryWeapon | None:
    """The infantry weapon a design names (its name or a MegaMek alias), None when unknown."""
    return _BY_NAME.get(name.strip().lower())
