"""BattleTech weapons and equipment as data (BT-C-63..73), and the names MegaMek files use for them.

Every row of the digest's eight weapon and equipment tables is one spec here, with the section it
comes from. Cells follow BT-C-63: damage is per missile for missile weapons (``rack`` missiles a
salvo), ranges are the *upper ends* of the short, medium and long bands in hexes (0: no such band),
``min_range`` 0 means none, ``shots_per_ton`` 0 means the item uses no ammunition, and ``special``
is True where the table prints ``*`` (rules in BT-C-75).

Besides the table rows the catalogue knows:

- ammunition bins (`AmmoSpec`), one per ammunition-using weapon, full ton and half ton, plus the
  LB-X cluster, Artemis and Inferno loads MegaMek files name;
- the jump jet (BT-M-20.4; weight is an ASSUMPTION, BT-M-41 #18: construction rules are missing);
- the fixed components of a 'Mech (actuators, engine, gyro, cockpit, life support, sensors) and the
  slot fillers of Endo Steel and Ferro-Fibrous, as `Kind.COMPONENT`.

`find` maps the names used in MegaMek ``.mtf`` files ("Medium Laser", "ISMediumLaser",
"CLERMediumLaser", "LRM 20", "IS Ammo AC/20", "Clan Ammo LRM-20", "Autocannon/10" ...) to a spec.
The spec's `key` ("IS Medium Laser", "Clan LRM 20 Ammo") is what a design's `Mounted.name` holds.
"""

from __future__ import annotations

import enum
import math
import re
from collections.abc import Iterable

from attrs import field, frozen

__all__ = [
    "AMMO",
    "COMPONENTS",
    "EQUIPMENT",
    "SPECS",
    "WEAPONS",
    "WEAPON_KINDS",
    "AmmoSpec",
    "EquipmentSpec",
    "Kind",
    "Spec",
    "TechBase",
    "WeaponSpec",
    "clean_name",
    "find",
    "get",
    "preferred_base",
]


class TechBase(enum.StrEnum):
    """The two technology bases of the tables (BT-C-63); ANY for parts every 'Mech has."""

    IS = "IS"
    CLAN = "Clan"
    ANY = "Any"


class Kind(enum.StrEnum):
    """What an item is: the block of the tables it comes from, or ammunition, or a component."""

    ENERGY = "energy"
    BALLISTIC = "ballistic"
    MISSILE = "missile"
    ARTILLERY = "artillery"
    EQUIPMENT = "equipment"
    AMMO = "ammo"
    COMPONENT = "component"


WEAPON_KINDS = frozenset({Kind.ENERGY, Kind.BALLISTIC, Kind.MISSILE, Kind.ARTILLERY})
"""The kinds that are weapons (what a sheet's weapons list names)."""


def _key(base: TechBase, name: str) -> str:
    return name if base is TechBase.ANY else f"{base} {name}"


@frozen
class WeaponSpec:
    """One row of a weapon table (BT-C-64..67, BT-C-69..72)."""

    name: str
    tech_base: TechBase
    kind: Kind
    heat: int
    damage: int
    """Per hit; per missile for missile weapons; 0 where the table prints only ``*``."""
    min_range: int
    short: int
    medium: int
    long: int
    tons: float
    slots: int
    shots_per_ton: int
    section: str
    rack: int = 0
    """Missiles a salvo (BT-C-20 column); 0 for weapons that are not missile launchers."""
    group: int = 0
    """BT-C-20: missiles grouped per damage cluster (LRM/MRM 5, SRM 1); 0 for non-missiles."""
    adjacent_damage: int = 0
    """Artillery ``X/Y*``: Y, the damage in each adjacent hex (BT-C-67, ASSUMPTION)."""
    range_in_mapsheets: bool = False
    """Artillery: ``long`` counts mapsheets, not hexes (BT-C-67; 17 hexes each, BT-C-90.21)."""
    special: bool = False
    flags: frozenset[str] = field(factory=frozenset)
    aliases: tuple[str, ...] = ()
    """Other names MegaMek uses for it, without the IS/Clan prefix."""

    @property
    def key(self) -> str:
        """The catalogue key ("IS Medium Laser", "Clan ER PPC")."""
        return _key(self.tech_base, self.name)

    @property
    def uses_ammo(self) -> bool:
        """True when the weapon fires from ammunition bins."""
        return self.shots_per_ton > 0

    @property
    def ammo_key(self) -> str:
        """The key of its standard full-ton ammunition bin ("" when it uses none)."""
        return _key(self.tech_base, f"{self.name} Ammo") if self.uses_ammo else ""


@frozen
class EquipmentSpec:
    """One row of an equipment table (BT-C-68, BT-C-73), the jump jet, or a fixed component.

    ``heat`` is negative for heat sinks (dissipation, BT-C-63). Items whose weight and slots depend
    on the 'Mech (MASC, hatchet, sword, jump jet) give them through `tons_for` and `slots_for`.
    """

    name: str
    tech_base: TechBase
    kind: Kind
    tons: float
    slots: int
    section: str
    heat: int = 0
    short: int = 0
    medium: int = 0
    long: int = 0
    radius: int = 0
    """Area of effect in hexes (probes, ECM)."""
    tons_per: int = 0
    """Weight = 'Mech tonnage / tons_per (0: fixed ``tons``)."""
    slots_per: int = 0
    """Slots = 'Mech tonnage / slots_per (0: fixed ``slots``)."""
    round_up: bool = True
    """How the two divisions above round: up, or to the nearest whole number."""
    spreads: bool = False
    """Its slots may lie one by one in several locations (TSM, Endo Steel, Ferro-Fibrous)."""
    special: bool = False
    flags: frozenset[str] = field(factory=frozenset)
    aliases: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        """The catalogue key ("IS CASE", "Clan Double Heat Sink", "Hip")."""
        return _key(self.tech_base, self.name)

    def tons_for(self, mech_tons: int) -> float:
        """The item's weight on a 'Mech of ``mech_tons`` tons."""
        if "jump_jet" in self.flags:
            # ASSUMPTION (BT-M-41 #18): the standard jump jet weights by 'Mech weight class;
            # an improved one twice as much.
            tons = 0.5 if mech_tons <= 55 else 1.0 if mech_tons <= 85 else 2.0  # noqa: PLR2004
            return 2 * tons if "improved_jump_jet" in self.flags else tons
        if self.tons_per:
            return float(_divide(mech_tons, self.tons_per, up=self.round_up))
        return self.tons

    def slots_for(self, mech_tons: int) -> int:
        """The critical lines the item fills on a 'Mech of ``mech_tons`` tons."""
        if self.slots_per:
            return _divide(mech_tons, self.slots_per, up=self.round_up)
        return self.slots


@frozen
class AmmoSpec:
    """An ammunition bin: a ton (or half a ton) of one weapon's ammunition, one critical line."""

    name: str
    tech_base: TechBase
    weapon: str
    """The key of the weapon it feeds."""
    shots: int
    section: str
    tons: float = 1.0
    munition: str = "standard"
    """"standard", or "cluster" (LB-X, BT-C-75), "artemis", "inferno"."""
    kind: Kind = Kind.AMMO
    slots: int = 1
    special: bool = False
    flags: frozenset[str] = field(factory=frozenset)

    @property
    def key(self) -> str:
        """The catalogue key ("IS AC/20 Ammo", "Clan Machine Gun Ammo (Half)")."""
        return _key(self.tech_base, self.name)


Spec = WeaponSpec | EquipmentSpec | AmmoSpec


def _divide(value: int, by: int, *, up: bool) -> int:
    if up:
        return -(-value // by)
    return math.floor(value / by + 0.5)


# ---------------------------------------------------------------------------------- weapon rows
# name, heat, damage, min, short, medium, long, tons, slots, shots/ton; the band limits are the
# upper ends of the table's "1-3 / 4-6 / 7-9" cells.
_Row = tuple[str, int, int, int, int, int, int, float, int, int]

_IS_ENERGY: tuple[_Row, ...] = (
    ("ER Large Laser", 12, 8, 0, 7, 14, 19, 5, 2, 0),
    ("ER Medium Laser", 5, 5, 0, 4, 8, 12, 1, 1, 0),
    ("ER Small Laser", 2, 3, 0, 2, 4, 5, 0.5, 1, 0),
    ("Flamer", 3, 2, 0, 1, 2, 3, 1, 1, 0),
    ("Large Laser", 8, 8, 0, 5, 10, 15, 5, 2, 0),
    ("Medium Laser", 3, 5, 0, 3, 6, 9, 1, 1, 0),
    ("Small Laser", 1, 3, 0, 1, 2, 3, 0.5, 1, 0),
    ("PPC", 10, 10, 3, 6, 12, 18, 7, 3, 0),
    ("ER PPC", 15, 10, 0, 7, 14, 23, 7, 3, 0),
    ("Large Pulse Laser", 10, 9, 0, 3, 7, 10, 7, 2, 0),
    ("Medium Pulse Laser", 4, 6, 0, 2, 4, 6, 2, 1, 0),
    ("Small Pulse Laser", 2, 3, 0, 1, 2, 3, 1, 1, 0),
)
"""BT-C-64: Inner Sphere energy weapons."""

_IS_BALLISTIC: tuple[_Row, ...] = (
    ("AMS", 1, 0, 0, 0, 0, 0, 0.5, 1, 12),
    ("AC/2", 1, 2, 4, 8, 16, 24, 6, 1, 45),
    ("AC/5", 1, 5, 3, 6, 12, 18, 8, 4, 20),
    ("AC/10", 3, 10, 0, 5, 10, 15, 12, 7, 10),
    ("AC/20", 7, 20, 0, 3, 6, 9, 14, 10, 5),
    ("Vehicle Flamer", 3, 2, 0, 1, 2, 3, 0.5, 1, 20),
    ("Gauss Rifle", 1, 15, 2, 7, 15, 22, 15, 7, 8),
    ("Light Gauss Rifle", 1, 8, 3, 8, 17, 25, 12, 5, 16),
    ("LB 2-X AC", 1, 2, 4, 9, 18, 27, 6, 4, 45),
    ("LB 5-X AC", 1, 5, 3, 7, 14, 21, 8, 5, 20),
    ("LB 10-X AC", 2, 10, 0, 6, 12, 18, 11, 6, 10),
    ("LB 20-X AC", 6, 20, 0, 4, 8, 12, 14, 11, 5),
    ("Machine Gun", 0, 2, 0, 1, 2, 3, 0.5, 1, 200),
    ("Ultra AC/2", 1, 2, 3, 8, 17, 25, 7, 3, 45),
    ("Ultra AC/5", 1, 5, 2, 6, 13, 20, 9, 5, 20),
    ("Ultra AC/10", 4, 10, 0, 6, 12, 18, 13, 7, 10),
    ("Ultra AC/20", 8, 20, 0, 3, 7, 10, 15, 10, 5),
)
"""BT-C-65: Inner Sphere ballistic weapons (the digest's "Flamer (vehicle)" is Vehicle Flamer)."""

_IS_MISSILE: tuple[_Row, ...] = (
    ("LRM 5", 2, 1, 6, 7, 14, 21, 2, 1, 24),
    ("LRM 10", 4, 1, 6, 7, 14, 21, 5, 2, 12),
    ("LRM 15", 5, 1, 6, 7, 14, 21, 7, 3, 8),
    ("LRM 20", 6, 1, 6, 7, 14, 21, 10, 5, 6),
    ("MRM 10", 4, 1, 0, 3, 8, 15, 3, 2, 24),
    ("MRM 20", 6, 1, 0, 3, 8, 15, 7, 3, 12),
    ("MRM 30", 10, 1, 0, 3, 8, 15, 10, 5, 8),
    ("MRM 40", 12, 1, 0, 3, 8, 15, 12, 7, 6),
    ("NARC Missile Beacon", 0, 0, 0, 3, 6, 9, 3, 2, 6),
    ("SRM 2", 2, 2, 0, 3, 6, 9, 1, 1, 50),
    ("SRM 4", 3, 2, 0, 3, 6, 9, 2, 1, 25),
    ("SRM 6", 4, 2, 0, 3, 6, 9, 3, 2, 15),
    ("Streak SRM 2", 2, 2, 0, 3, 6, 9, 1.5, 1, 50),
    ("Streak SRM 4", 3, 2, 0, 3, 6, 9, 3, 1, 25),
    ("Streak SRM 6", 4, 2, 0, 3, 6, 9, 4.5, 2, 15),
)
"""BT-C-66: Inner Sphere missile weapons (Streak damage ``*``: 2 a missile, BT-C-20)."""

_CLAN_ENERGY: tuple[_Row, ...] = (
    ("ER Large Laser", 12, 10, 0, 8, 15, 25, 4, 1, 0),
    ("ER Medium Laser", 5, 7, 0, 5, 10, 15, 1, 1, 0),
    ("ER Small Laser", 2, 5, 0, 2, 4, 6, 0.5, 1, 0),
    ("ER Micro Laser", 1, 2, 0, 1, 2, 4, 0.25, 1, 0),
    ("Heavy Large Laser", 18, 16, 0, 5, 10, 15, 4, 3, 0),
    ("Heavy Medium Laser", 7, 10, 0, 3, 6, 9, 1, 2, 0),
    ("Heavy Small Laser", 3, 6, 0, 1, 2, 3, 0.5, 1, 0),
    ("Flamer", 3, 2, 0, 1, 2, 3, 0.5, 1, 0),
    ("ER PPC", 15, 15, 0, 7, 14, 23, 6, 2, 0),
    ("Large Pulse Laser", 10, 10, 0, 6, 14, 20, 6, 2, 0),
    ("Medium Pulse Laser", 4, 7, 0, 4, 8, 12, 2, 1, 0),
    ("Small Pulse Laser", 2, 3, 0, 2, 4, 6, 1, 1, 0),
    ("Micro Pulse Laser", 1, 3, 0, 1, 2, 3, 0.5, 1, 0),
)
"""BT-C-69: Clan energy weapons."""

_CLAN_BALLISTIC: tuple[_Row, ...] = (
    ("AMS", 1, 0, 0, 0, 0, 0, 0.5, 1, 24),
    ("Vehicle Flamer", 3, 2, 0, 1, 2, 3, 0.5, 1, 20),
    ("Gauss Rifle", 1, 15, 2, 7, 15, 22, 12, 6, 8),
    ("LB 2-X AC", 1, 2, 4, 10, 20, 30, 5, 3, 45),
    ("LB 5-X AC", 1, 5, 3, 8, 15, 24, 7, 4, 20),
    ("LB 10-X AC", 2, 10, 0, 6, 12, 18, 10, 5, 10),
    ("LB 20-X AC", 6, 20, 0, 4, 8, 12, 12, 9, 5),
    ("Heavy Machine Gun", 0, 3, 0, 1, 2, 0, 0.5, 1, 100),
    ("Machine Gun", 0, 2, 0, 1, 2, 3, 0.25, 1, 200),
    ("Light Machine Gun", 0, 1, 0, 2, 4, 6, 0.25, 1, 200),
    ("Ultra AC/2", 1, 2, 2, 9, 18, 27, 5, 2, 45),
    ("Ultra AC/5", 1, 5, 0, 7, 14, 21, 7, 3, 20),
    ("Ultra AC/10", 3, 10, 0, 6, 12, 18, 10, 4, 10),
    ("Ultra AC/20", 7, 20, 0, 4, 8, 12, 12, 8, 5),
)
"""BT-C-70: Clan ballistic weapons (the heavy machine gun has no long range)."""

_CLAN_MISSILE: tuple[_Row, ...] = (
    ("LRM 5", 2, 1, 0, 7, 14, 21, 1, 1, 24),
    ("LRM 10", 4, 1, 0, 7, 14, 21, 2.5, 1, 12),
    ("LRM 15", 5, 1, 0, 7, 14, 21, 3.5, 2, 8),
    ("LRM 20", 6, 1, 0, 7, 14, 21, 5, 4, 6),
    ("NARC Missile Beacon", 0, 0, 0, 4, 8, 12, 2, 1, 6),
    ("SRM 2", 2, 2, 0, 3, 6, 9, 0.5, 1, 50),
    ("SRM 4", 3, 2, 0, 3, 6, 9, 1, 1, 25),
    ("SRM 6", 4, 2, 0, 3, 6, 9, 1.5, 1, 15),
    ("Streak SRM 2", 2, 2, 0, 4, 8, 12, 1, 1, 50),
    ("Streak SRM 4", 3, 2, 0, 4, 8, 12, 2, 1, 25),
    ("Streak SRM 6", 4, 2, 0, 4, 8, 12, 3, 2, 15),
)
"""BT-C-71: Clan missile weapons (no minimum range for Clan LRMs)."""

# name, heat, damage in the target hex, damage in adjacent hexes, range in mapsheets, tons, slots,
# shots per ton.
_ArtilleryRow = tuple[str, int, int, int, int, float, int, int]

_IS_ARTILLERY: tuple[_ArtilleryRow, ...] = (
    ("Arrow IV System", 10, 20, 10, 5, 15, 15, 5),
    ("Long Tom", 20, 20, 10, 20, 30, 30, 5),
    ("Sniper", 10, 10, 5, 12, 20, 20, 10),
    ("Thumper", 6, 5, 2, 14, 15, 15, 20),
)
"""BT-C-67: Inner Sphere artillery."""

_CLAN_ARTILLERY: tuple[_ArtilleryRow, ...] = (
    ("Arrow IV System", 10, 20, 10, 6, 12, 12, 5),
    ("Long Tom", 20, 20, 10, 20, 30, 30, 5),
    ("Sniper", 10, 10, 5, 12, 20, 20, 10),
    ("Thumper", 6, 5, 2, 14, 15, 15, 20),
)
"""BT-C-72: Clan artillery."""

# Special rules (BT-C-75) as flags, and the rows whose cells print "*".
_FLAGS: dict[str, frozenset[str]] = {
    "AMS": frozenset({"ams"}),
    "Gauss Rifle": frozenset({"gauss", "explodes"}),
    "Light Gauss Rifle": frozenset({"gauss", "explodes"}),
    "NARC Missile Beacon": frozenset({"narc"}),
    "Vehicle Flamer": frozenset({"flamer"}),
    "Flamer": frozenset({"flamer"}),
}
_STARRED = frozenset({"AMS", "NARC Missile Beacon", "Streak SRM 2", "Streak SRM 4", "Streak SRM 6"})
"""Rows whose damage cell is ``*`` (artillery's ``X/Y*`` is starred too)."""

_WEAPON_ALIASES: dict[str, tuple[str, ...]] = {
    "PPC": ("Particle Cannon", "Particle Projector Cannon"),
    "ER PPC": ("ER Particle Cannon", "Extended Range PPC"),
    "AMS": ("Anti-Missile System", "AntiMissileSystem"),
    "Vehicle Flamer": ("Flamer (Vehicle)",),
    "Gauss Rifle": ("Gauss",),
    "Light Gauss Rifle": ("Light Gauss",),
    "Machine Gun": ("MG",),
    "Heavy Machine Gun": ("HMG", "Heavy MG"),
    "Light Machine Gun": ("LMG", "Light MG"),
    "NARC Missile Beacon": ("NARC", "NARC Beacon"),
    "Arrow IV System": ("Arrow IV", "Arrow IV Artillery"),
    "Long Tom": ("Long Tom Artillery",),
    "Sniper": ("Sniper Artillery",),
    "Thumper": ("Thumper Artillery",),
}


def _weapon_aliases(name: str) -> tuple[str, ...]:
    """MegaMek's other spellings: "Autocannon/10", "LBXAC10", "UAC5", "Ultra Autocannon/5"."""
    extra = list(_WEAPON_ALIASES.get(name, ()))
    if m := re.fullmatch(r"(Ultra )?AC/(\d+)", name):
        ultra, size = m.groups()
        extra += (
            [f"Autocannon/{size}"] if not ultra else [f"UAC/{size}", f"Ultra Autocannon/{size}"]
        )
    if m := re.fullmatch(r"LB (\d+)-X AC", name):
        extra += [f"LBXAC{m[1]}", f"LB {m[1]}-X", f"LB-X AC/{m[1]}", f"LB {m[1]}-X Autocannon"]
    return tuple(extra)


def _weapon(row: _Row, base: TechBase, kind: Kind, section: str) -> WeaponSpec:
    name, heat, damage, min_range, short, medium, long, tons, slots, shots = row
    rack, group = 0, 0
    flags = set(_FLAGS.get(name, ()))
    if m := re.fullmatch(r"(Streak SRM|SRM|LRM|MRM) (\d+)", name):
        family, size = m.groups()
        rack, group = int(size), 1 if family.endswith("SRM") else 5
        flags.add("streak" if family.startswith("Streak") else family.lower())
        if family in {"LRM", "SRM"}:
            flags.add("artemis_capable")
        if family == "LRM":
            flags.add("indirect")
    for word, flag in (("Pulse", "pulse"), ("Heavy ", "heavy_laser"), ("Ultra", "ultra")):
        if word in name and (flag != "heavy_laser" or "Laser" in name):
            flags.add(flag)
    if name.startswith("LB "):
        flags.add("lbx")
    return WeaponSpec(
        name=name,
        tech_base=base,
        kind=kind,
        heat=heat,
        damage=damage,
        min_range=min_range,
        short=short,
        medium=medium,
        long=long,
        tons=float(tons),
        slots=slots,
        shots_per_ton=shots,
        section=section,
        rack=rack,
        group=group,
        special=name in _STARRED,
        flags=frozenset(flags),
        aliases=_weapon_aliases(name),
    )


def _artillery(row: _ArtilleryRow, base: TechBase, section: str) -> WeaponSpec:
    name, heat, damage, adjacent, mapsheets, tons, slots, shots = row
    return WeaponSpec(
        name=name,
        tech_base=base,
        kind=Kind.ARTILLERY,
        heat=heat,
        damage=damage,
        min_range=0,
        short=0,
        medium=0,
        long=mapsheets,
        tons=float(tons),
        slots=slots,
        shots_per_ton=shots,
        section=section,
        adjacent_damage=adjacent,
        range_in_mapsheets=True,
        special=True,
        flags=frozenset({"artillery"}),
        aliases=_WEAPON_ALIASES.get(name, ()),
    )


def _build_weapons() -> tuple[WeaponSpec, ...]:
    tables: tuple[tuple[tuple[_Row, ...], TechBase, Kind, str], ...] = (
        (_IS_ENERGY, TechBase.IS, Kind.ENERGY, "BT-C-64"),
        (_IS_BALLISTIC, TechBase.IS, Kind.BALLISTIC, "BT-C-65"),
        (_IS_MISSILE, TechBase.IS, Kind.MISSILE, "BT-C-66"),
        (_CLAN_ENERGY, TechBase.CLAN, Kind.ENERGY, "BT-C-69"),
        (_CLAN_BALLISTIC, TechBase.CLAN, Kind.BALLISTIC, "BT-C-70"),
        (_CLAN_MISSILE, TechBase.CLAN, Kind.MISSILE, "BT-C-71"),
    )
    weapons = [
        _weapon(row, base, kind, section) for rows, base, kind, section in tables for row in rows
    ]
    weapons += [_artillery(row, TechBase.IS, "BT-C-67") for row in _IS_ARTILLERY]
    weapons += [_artillery(row, TechBase.CLAN, "BT-C-72") for row in _CLAN_ARTILLERY]
    return tuple(weapons)


WEAPONS: tuple[WeaponSpec, ...] = _build_weapons()
"""Every weapon row of BT-C-64..67 and BT-C-69..72, in table order (IS first)."""


# ---------------------------------------------------------------------------------- equipment
_E = EquipmentSpec
_EQ, _IS, _CL = Kind.EQUIPMENT, TechBase.IS, TechBase.CLAN
_HEAT_SINK, _F = frozenset({"heat_sink"}), frozenset

# fmt: off
_IS_EQUIPMENT: tuple[EquipmentSpec, ...] = (
    _E("Anti-Personnel Pod", _IS, _EQ, 0.5, 1, "BT-C-68", special=True, flags=_F({"apod"}),
       aliases=("A-Pod", "AP Pod")),
    _E("Artemis IV FCS", _IS, _EQ, 1, 1, "BT-C-68", flags=_F({"artemis"}), aliases=("Artemis IV",)),
    _E("Beagle Active Probe", _IS, _EQ, 1.5, 2, "BT-C-68", radius=4, flags=_F({"probe"}),
       aliases=("Beagle",)),
    _E("CASE", _IS, _EQ, 0.5, 1, "BT-C-68", flags=_F({"case"})),
    _E("C3 Computer (Master)", _IS, _EQ, 5, 5, "BT-C-68", flags=_F({"c3"}),
       aliases=("C3 Master Computer", "C3 Master", "C3 Computer")),
    _E("C3 Computer (Slave)", _IS, _EQ, 1, 1, "BT-C-68", flags=_F({"c3"}),
       aliases=("C3 Slave Unit", "C3 Slave")),
    _E("Guardian ECM Suite", _IS, _EQ, 1.5, 2, "BT-C-68", radius=6, flags=_F({"ecm"}),
       aliases=("Guardian ECM",)),
    # [AMBIG] BT-C-91.19: the hatchet weighs (and fills) tonnage / 15, rounded up.
    _E("Hatchet", _IS, _EQ, 0, 0, "BT-C-68", tons_per=15, slots_per=15, special=True,
       flags=_F({"physical"})),
    _E("Double Heat Sink", _IS, _EQ, 1, 3, "BT-C-68", heat=-2, flags=_HEAT_SINK),
    _E("Heat Sink", _IS, _EQ, 1, 1, "BT-C-68", heat=-1, flags=_HEAT_SINK,
       aliases=("Single Heat Sink",)),
    # BT-C-68 "**": tonnage / 20, to the nearest whole number (ASSUMPTION).
    _E("MASC", _IS, _EQ, 0, 0, "BT-C-68", tons_per=20, slots_per=20, round_up=False,
       flags=_F({"masc"})),
    # BT-C-68 "*", ASSUMPTION (standard): tonnage / 20 tons and tonnage / 15 slots, rounded up.
    _E("Sword", _IS, _EQ, 0, 0, "BT-C-68", tons_per=20, slots_per=15, special=True,
       flags=_F({"physical"})),
    _E("TAG", _IS, _EQ, 1, 1, "BT-C-68", short=5, medium=9, long=15, flags=_F({"tag"})),
    _E("Triple-Strength Myomer", _IS, _EQ, 0, 6, "BT-C-68", spreads=True, special=True,
       flags=_F({"tsm"}), aliases=("TSM", "Triple Strength Myomer")),
)
"""BT-C-68: Inner Sphere other equipment."""

_CLAN_EQUIPMENT: tuple[EquipmentSpec, ...] = (
    _E("Active Probe", _CL, _EQ, 1, 1, "BT-C-73", radius=5, flags=_F({"probe"})),
    _E("Light Active Probe", _CL, _EQ, 0.5, 1, "BT-C-73", radius=3, flags=_F({"probe"})),
    _E("Anti-Personnel Pod", _CL, _EQ, 0.5, 1, "BT-C-73", special=True, flags=_F({"apod"}),
       aliases=("A-Pod", "AP Pod")),
    _E("Artemis IV FCS", _CL, _EQ, 1, 1, "BT-C-73", flags=_F({"artemis"}), aliases=("Artemis IV",)),
    _E("CASE", _CL, _EQ, 0, 0, "BT-C-73", flags=_F({"case"})),
    _E("Double Heat Sink", _CL, _EQ, 1, 2, "BT-C-73", heat=-2, flags=_HEAT_SINK),
    _E("Heat Sink", _CL, _EQ, 1, 1, "BT-C-73", heat=-1, flags=_HEAT_SINK,
       aliases=("Single Heat Sink",)),
    _E("ECM Suite", _CL, _EQ, 1, 1, "BT-C-73", radius=6, flags=_F({"ecm"}), aliases=("ECM",)),
    # BT-C-73 "**": tonnage / 25, to the nearest whole number (ASSUMPTION).
    _E("MASC", _CL, _EQ, 0, 0, "BT-C-73", tons_per=25, slots_per=25, round_up=False,
       flags=_F({"masc"})),
    _E("TAG", _CL, _EQ, 1, 1, "BT-C-73", short=5, medium=9, long=15, flags=_F({"tag"})),
    # BT-C-91.16: the seed's long band "4-6" repeats the medium one; 7-9 is the standard.
    _E("Light TAG", _CL, _EQ, 0.5, 1, "BT-C-73", short=3, medium=6, long=9, flags=_F({"tag"})),
    # BT-C-73 "*", ASSUMPTION: 1 ton and 1 slot per 5 tons of direct-fire weapons (0 here).
    _E("Targeting Computer", _CL, _EQ, 0, 0, "BT-C-73", special=True,
       flags=_F({"targeting_computer"})),
)
"""BT-C-73: Clan other equipment."""
# fmt: on

EQUIPMENT: tuple[EquipmentSpec, ...] = (
    *_IS_EQUIPMENT,
    *_CLAN_EQUIPMENT,
    EquipmentSpec(
        name="Jump Jet",
        tech_base=TechBase.ANY,
        kind=Kind.EQUIPMENT,
        tons=0.5,
        slots=1,
        section="BT-M-20.4",
        flags=frozenset({"jump_jet"}),
    ),
    # DESIGN: the digest has no improved jump jets; MegaMek's (2 lines, twice the weight) are
    # played as jump jets that allow a Jump MP above the Walk MP, up to the Run MP
    # (`engine.battletech.data.mtf`).
    EquipmentSpec(
        name="Improved Jump Jet",
        tech_base=TechBase.ANY,
        kind=Kind.EQUIPMENT,
        tons=1.0,
        slots=2,
        section="BT-M-20.4",
        flags=frozenset({"jump_jet", "improved_jump_jet"}),
        aliases=("ImprovedJump Jet", "Improved Jump Jets"),
    ),
)
"""Every row of BT-C-68 and BT-C-73, then the jump jet (BT-M-20.4) and the improved jump jet."""


def _component(name: str, *aliases: str, spreads: bool = False) -> EquipmentSpec:
    return EquipmentSpec(
        name=name,
        tech_base=TechBase.ANY,
        kind=Kind.COMPONENT,
        tons=0,
        slots=1,
        section="BT-M-2",
        spreads=spreads,
        aliases=aliases,
    )


COMPONENTS: tuple[EquipmentSpec, ...] = (
    _component("Shoulder"),
    _component("Upper Arm Actuator"),
    _component("Lower Arm Actuator"),
    _component("Hand Actuator"),
    _component("Hip"),
    _component("Upper Leg Actuator"),
    _component("Lower Leg Actuator"),
    _component("Foot Actuator"),
    _component("Fusion Engine", "Engine", "XL Engine", "Light Engine", "XXL Engine"),
    _component("Gyro", "Compact Gyro", "XL Gyro", "Heavy Duty Gyro"),
    _component("Cockpit", "Small Cockpit"),
    _component("Life Support"),
    _component("Sensors"),
    _component("Endo Steel", "Endo-Steel", spreads=True),
    _component("Ferro-Fibrous", "Ferro Fibrous", spreads=True),
)
"""BT-M-2: the fixed parts every 'Mech has, and the slot fillers of Endo Steel and Ferro-Fibrous
(whose IS and Clan versions MegaMek names "Endo Steel" / "Clan Endo Steel")."""


# ---------------------------------------------------------------------------------- ammunition
def _ammo_for(weapon: WeaponSpec) -> list[AmmoSpec]:
    """A full and a half bin of standard ammunition, plus the special loads MegaMek files name."""
    munitions = ["standard"]
    if "lbx" in weapon.flags:
        munitions.append("cluster")
    if "artemis_capable" in weapon.flags:
        munitions.append("artemis")
    if "srm" in weapon.flags:
        munitions.append("inferno")
    return [
        AmmoSpec(
            name=f"{weapon.name}{_munition_label(munition)} Ammo{' (Half)' if half else ''}",
            tech_base=weapon.tech_base,
            weapon=weapon.key,
            shots=weapon.shots_per_ton // 2 if half else weapon.shots_per_ton,
            section=weapon.section,
            tons=0.5 if half else 1.0,
            munition=munition,
        )
        for munition in munitions
        for half in (False, True)
    ]


def _munition_label(munition: str) -> str:
    return "" if munition == "standard" else f" {munition.title()}"


AMMO: tuple[AmmoSpec, ...] = tuple(a for w in WEAPONS if w.uses_ammo for a in _ammo_for(w))
"""Ammunition bins of every weapon with a shots-per-ton cell (BT-C-63)."""

_ALL: tuple[Spec, ...] = (*WEAPONS, *EQUIPMENT, *COMPONENTS, *AMMO)
SPECS: dict[str, Spec] = {spec.key: spec for spec in _ALL}
"""Every spec by key."""


def get(key: str) -> Spec:
    """Return the spec of a catalogue key (a `Mounted.name`).

    Raises:
        KeyError: ``key`` is not a catalogue key.
    """
    return SPECS[key]


# ---------------------------------------------------------------------------------- lookup
_DECORATION = re.compile(r"\s*\((?:R|T|omnipod|armored|armoured|split)\)\s*$", re.IGNORECASE)


def clean_name(text: str) -> tuple[str, bool]:
    """Strip a critical line's decorations; return the bare name and whether it is rear-mounted.

    Removes ``:SIZE:n`` and ``:Shots n#`` suffixes and the markers ``(R)`` (rear), ``(T)``
    (turret), ``(omnipod)``, ``(armored)`` and ``(Split)`` (an item across two locations, which
    older MegaMek files marked), in any order and case.
    """
    name = text.strip()
    name = re.sub(r":(?:SIZE:[\d.]+|Shots\d+#)", "", name, flags=re.IGNORECASE).strip()
    rear = False
    while m := _DECORATION.search(name):
        rear = rear or m.group(0).strip().upper() == "(R)"
        name = name[: m.start()].rstrip()
    return name, rear


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def preferred_base(tech_base: str) -> TechBase:
    """Return the base that unprefixed names take on a 'Mech of ``tech_base``."""
    text = tech_base.strip().lower()
    if text.startswith(("clan", "mixed (clan")) or text == "cl":
        return TechBase.CLAN
    return TechBase.IS


def _index(specs: Iterable[WeaponSpec | EquipmentSpec]) -> dict[str, dict[TechBase, Spec]]:
    index: dict[str, dict[TechBase, Spec]] = {}
    for spec in specs:
        for alias in (spec.name, *spec.aliases):
            index.setdefault(_norm(alias), {}).setdefault(spec.tech_base, spec)
    return index


_ITEMS = _index((*WEAPONS, *EQUIPMENT, *COMPONENTS))
_WEAPON_INDEX = _index(WEAPONS)
_AMMO = {(a.weapon, a.munition, a.tons): a for a in AMMO}
_PREFIXES = (
    ("innersphere", TechBase.IS),
    ("clan", TechBase.CLAN),
    ("is", TechBase.IS),
    ("cl", TechBase.CLAN),
)


def _pick(entry: dict[TechBase, Spec], base: TechBase, *, strict: bool) -> Spec | None:
    if base in entry:
        return entry[base]
    if TechBase.ANY in entry:
        return entry[TechBase.ANY]
    if strict:
        return None
    return next(iter(entry.values()), None)


def _lookup(norm: str, base: TechBase, index: dict[str, dict[TechBase, Spec]]) -> Spec | None:
    """Find ``norm`` as written, then with an IS/Clan prefix taken off (which must then match)."""
    if norm in index:
        return _pick(index[norm], base, strict=False)
    for prefix, prefixed_base in _PREFIXES:
        rest = norm.removeprefix(prefix)
        if rest != norm and rest in index:
            return _pick(index[rest], prefixed_base, strict=True)
    return None


_AMMO_WORDS = re.compile(
    r"\b(?:ammo|ammunition|pods|full|half|cluster|cl|artemis[- ]?capable|artemis|inferno|"
    r"standard)\b",
    re.IGNORECASE,
)


def _find_ammo(text: str, base: TechBase) -> AmmoSpec | None:
    """Read "IS Ammo AC/20", "Clan Machine Gun Ammo - Half", "ISLBXAC10 CL Ammo", "IS Narc Pods"."""
    lowered = text.lower()
    half = re.search(r"\bhalf\b", lowered) is not None
    munition = "standard"
    if re.search(r"\b(?:cluster|cl)\b", lowered.removeprefix("cl")):
        munition = "cluster"
    elif "artemis" in lowered:
        munition = "artemis"
    elif "inferno" in lowered:
        munition = "inferno"
    rest = _AMMO_WORDS.sub(" ", text)
    weapon = _lookup(_norm(rest), base, _WEAPON_INDEX)
    if not isinstance(weapon, WeaponSpec):
        return None
    return _AMMO.get((weapon.key, munition, 0.5 if half else 1.0))


def find(name: str, tech_base: str = "Inner Sphere") -> Spec | None:
    """Return the spec a MegaMek item name stands for on a 'Mech of ``tech_base``; None if unknown.

    Names carrying a base ("ISMediumLaser", "CLERMediumLaser", "Clan Ammo LRM-20", "IS CASE") get
    that base; bare ones ("Medium Laser", "LRM 20", "Autocannon/10") the 'Mech's own
    (`preferred_base`), or the other base when only that one has the item. Spacing, case and the
    punctuation of ``-/`` do not matter ("LRM-20" = "LRM 20" = "LRM20"); decorations such as
    ``(R)`` and ``(omnipod)`` are ignored (`clean_name`). Unknown names give None.
    """
    bare, _rear = clean_name(name)
    base = preferred_base(tech_base)
    norm = _norm(bare)
    if not norm:
        return None
    if norm in _ITEMS:
        return _pick(_ITEMS[norm], base, strict=False)
    if re.search(r"ammo|ammunition|pods\b", bare, re.IGNORECASE):
        return _find_ammo(bare, base)
    return _lookup(norm, base, _ITEMS)
