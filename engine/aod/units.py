"""The data of an Age of Destruction unit and of the catalogues it refers to (AOD-3, AOD-26.13 A).

Everything here is a frozen value read from the asset files (``engine.aod.data``): a unit's base
and speed mode (AOD-3.1, AOD-8.6), rank and points (AOD-3.2, AOD-4), weapons (AOD-3.1, AOD-11.6),
its combat dial, one `Click` per step with its values, special equipment and markers (AOD-3.3,
AOD-3.4, AOD-3.6, AOD-26.15), and the catalogues a unit names: special equipment (AOD-26.14),
heat dials (AOD-3.5, AOD-26.14), artillery markers (AOD-13.2, AOD-26.9), factions and
alliances (AOD-18.6, AOD-21). Terrain pieces are `engine.aod.terrain.TerrainPiece` (AOD-26.8).

The combat dial holds the *live* clicks only: the click after the last one is the three-hits
(elimination) position (AOD-3.4, AOD-17.4), so ``unit.ko_click == len(unit.dial)``.
"""

from __future__ import annotations

from enum import StrEnum
from types import MappingProxyType
from typing import Final

from attrs import field, frozen

__all__ = [
    "ABILITIES",
    "DAMAGE_STATS",
    "HEAT_CHECKS",
    "SPEED_MODES",
    "AttackSymbol",
    "BaseType",
    "Card",
    "CardKind",
    "Catalogue",
    "Click",
    "DriftBand",
    "Equipment",
    "EquipmentMark",
    "Faction",
    "HeatCheck",
    "HeatDial",
    "HeatPosition",
    "Marker",
    "MechClass",
    "RangeType",
    "Rank",
    "Shape",
    "SpeedMode",
    "Stat",
    "UnitDef",
    "UnitType",
    "Weapon",
    "WeaponSlot",
]


class UnitType(StrEnum):
    """The three kinds of unit (AOD-2); the base type decides which (AOD-3.1)."""

    MECH = "mech"
    VEHICLE = "vehicle"
    INFANTRY = "infantry"


class BaseType(StrEnum):
    """The four base types; the base type *is* the unit type (AOD-3.1)."""

    MECH = "mech"
    QUAD = "quad"
    INFANTRY = "infantry"
    VEHICLE = "vehicle"

    @property
    def unit_type(self) -> UnitType:
        """'Mech and Quad 'Mech bases are 'Mechs; the others are what they say (AOD-3.1)."""
        if self in (BaseType.MECH, BaseType.QUAD):
            return UnitType.MECH
        return UnitType(self.value)


class SpeedMode(StrEnum):
    """The eight speed modes (AOD-3.1, AOD-8.6)."""

    FOOT = "foot"
    AQUATIC = "aquatic"
    HOVER = "hover"
    TRACKED = "tracked"
    WHEELED = "wheeled"
    MECH = "mech"
    QUAD = "quad"
    VTOL = "vtol"


SPEED_MODES: Final = MappingProxyType(
    {
        BaseType.MECH: (SpeedMode.MECH,),
        BaseType.QUAD: (SpeedMode.QUAD,),
        BaseType.INFANTRY: (SpeedMode.FOOT, SpeedMode.AQUATIC),
        BaseType.VEHICLE: (
            SpeedMode.AQUATIC,
            SpeedMode.HOVER,
            SpeedMode.TRACKED,
            SpeedMode.WHEELED,
            SpeedMode.VTOL,
        ),
    }
)
"""The speed modes each base may carry: a 'Mech base moves as a 'Mech, a Quad base as a Quad
(AOD-3.1); the ground vehicle modes and VTOL are vehicles' (AOD-8.6). [INTERP] The seed names no
aquatic infantry or vehicle explicitly; both are allowed."""


class Rank(StrEnum):
    """Rank markers: chevrons, or a star for a unique unit (AOD-3.2)."""

    GREEN = "green"
    VETERAN = "veteran"
    ELITE = "elite"
    UNIQUE = "unique"


class MechClass(StrEnum):
    """A 'Mech's weight class, the last letter of its variant name (AOD-20.5)."""

    LIGHT = "L"
    MEDIUM = "M"
    HEAVY = "H"
    ASSAULT = "A"


class AttackSymbol(StrEnum):
    """The symbol that decides who may repair a unit (AOD-3.1, AOD-17.2, AOD-26.14 Repair)."""

    CROSSHAIR = "crosshair"
    CROSS = "cross"
    WRENCH = "wrench"


class RangeType(StrEnum):
    """A weapon's range-type symbol (AOD-3.1, AOD-11.2)."""

    BALLISTIC = "ballistic"
    ENERGY = "energy"
    MELEE = "melee"


class WeaponSlot(StrEnum):
    """Which weapon system: a 'Mech's primary or secondary, or the one weapon of the others."""

    PRIMARY = "primary"
    SECONDARY = "secondary"
    MAIN = "main"


class Stat(StrEnum):
    """A value of the dial window that special equipment can sit next to (AOD-3.6, AOD-26.15)."""

    SPEED = "spd"
    ATTACK = "atk"
    DEFENSE = "def"
    DAMAGE = "dmg"
    PRIMARY = "pri"
    SECONDARY = "sec"


DAMAGE_STATS: Final = frozenset({Stat.DAMAGE, Stat.PRIMARY, Stat.SECONDARY})
"""The damage values: SE of the damage slot may sit on any of them (AOD-26.14 Pulse)."""


class Shape(StrEnum):
    """Square SE, or circle SE that costs a pushing click after use (AOD-3.6)."""

    SQUARE = "square"
    CIRCLE = "circle"


@frozen
class Equipment:
    """One special-equipment ability of the catalogue (AOD-3.6, AOD-26.14).

    Attributes:
        code: the short code dials use ("JJ").
        name: "Jump Jets".
        slot: the value it sits next to; `Stat.DAMAGE` stands for any damage value.
        shape: square or circle.
        optional: the owner may switch it off before rolling (AOD-3.6).
        effect: the rule in one paragraph, for the help screen.
    """

    code: str
    name: str
    slot: Stat
    shape: Shape
    optional: bool
    effect: str

    def fits(self, stat: Stat) -> bool:
        """True when this SE may be printed next to ``stat`` (damage SE on any damage value)."""
        if self.slot is Stat.DAMAGE:
            return stat in DAMAGE_STATS
        return stat is self.slot


@frozen
class EquipmentMark:
    """SE showing next to one value of one click: ``def:EV`` (AOD-26.15 notation)."""

    stat: Stat
    code: str

    def __str__(self) -> str:
        return f"{self.stat.value}:{self.code}"


@frozen
class Click:
    """One live position of a combat dial (AOD-3.3, AOD-3.4, AOD-26.15).

    Attributes:
        speed: inches (hexes) of a Move order.
        attack: added to the 3d6 attack roll.
        defense: the target number.
        primary: damage of the primary weapon, or the one damage value of infantry and vehicles.
        secondary: damage of a 'Mech's secondary weapon; None for infantry and vehicles.
        equipment: SE showing on this click, each next to its value.
        start: the green starting marker (AOD-3.4).
        repair_marker: a black repair marker: no repair once it shows (AOD-17.2).
        heavy_damage: Heavy Damage shows (AOD-17.3).
    """

    speed: int
    attack: int
    defense: int
    primary: int
    secondary: int | None = None
    equipment: tuple[EquipmentMark, ...] = ()
    start: bool = False
    repair_marker: bool = False
    heavy_damage: bool = False

    def shows(self, code: str) -> bool:
        """True when SE ``code`` is visible on this click (on any value)."""
        return any(mark.code == code for mark in self.equipment)


@frozen
class Weapon:
    """A weapon system printed on the base (AOD-3.1, AOD-3.3, AOD-11.6, AOD-13.1).

    Attributes:
        slot: primary, secondary ('Mechs) or main (infantry, vehicles).
        range_type: ballistic, energy or melee.
        min_range: the dead zone, hexes.
        max_range: the longest ranged shot; 0 means none.
        targets: the number of range-type symbols, the most targets of one attack (AOD-12.8).
        long_range: the bracketed artillery range, or None (AOD-13.1).
        markers: the artillery markers it owns (AOD-13.1, AOD-26.9).
    """

    slot: WeaponSlot
    range_type: RangeType
    min_range: int
    max_range: int
    targets: int = 1
    long_range: int | None = None
    markers: tuple[str, ...] = ()

    @property
    def is_artillery(self) -> bool:
        """A weapon with a bracketed long range is artillery (AOD-13.1)."""
        return self.long_range is not None


@frozen
class UnitDef:
    """A unit as printed: base, dial and weapons (AOD-3, AOD-26.13 A.1).

    Attributes:
        collector: set symbol and collector number ("HX-009"), the unit's identity (AOD-3.1, AOD-4).
        name: unit or variant name; a 'Mech's last letter is its class (AOD-20.5).
        faction: a faction id, or None for a mercenary (AOD-2).
        rank: green, veteran, elite or unique (AOD-3.2).
        points: the point value (AOD-4).
        base: the base type (AOD-3.1).
        speed_mode: one of the eight modes (AOD-8.6).
        attack_symbol: crosshair, cross or wrench (AOD-3.1).
        weapons: the primary and secondary of a 'Mech, or the one weapon of the others.
        dial: the live clicks; the next one is the three-hits position (AOD-3.4).
        vent: the vent rating, 'Mechs only (AOD-10.3); 0 for the others.
        heat_dial: the heat dial's id, 'Mechs only (AOD-3.5); "" for the others.
        capacity: the ``C`` number of a transport, 0 when it is none (AOD-9.1).
        mech_class: a 'Mech's weight class (AOD-20.5); None for the others.
    """

    collector: str
    name: str
    faction: str | None
    rank: Rank
    points: int
    base: BaseType
    speed_mode: SpeedMode
    attack_symbol: AttackSymbol
    weapons: tuple[Weapon, ...]
    dial: tuple[Click, ...]
    vent: int = 0
    heat_dial: str = ""
    capacity: int = 0
    mech_class: MechClass | None = None

    @property
    def unit_type(self) -> UnitType:
        """'Mech, vehicle or infantry, from the base (AOD-3.1)."""
        return self.base.unit_type

    @property
    def is_mech(self) -> bool:
        """True for 'Mech and Quad 'Mech bases (AOD-3.1)."""
        return self.unit_type is UnitType.MECH

    @property
    def is_unique(self) -> bool:
        """A star instead of chevrons (AOD-3.2): limited in force building (AOD-4)."""
        return self.rank is Rank.UNIQUE

    @property
    def is_mercenary(self) -> bool:
        """No faction symbol (AOD-2)."""
        return self.faction is None

    @property
    def is_transport(self) -> bool:
        """A ``C`` number above the dial window (AOD-9.1)."""
        return self.capacity > 0

    @property
    def is_artillery(self) -> bool:
        """Some weapon has a bracketed long range (AOD-13.1)."""
        return any(w.is_artillery for w in self.weapons)

    @property
    def is_anti_aircraft(self) -> bool:
        """True with the word AA in the unit's name (AOD-3.1, AOD-12.9)."""
        return "AA" in self.name.split()

    @property
    def gear_slots(self) -> int:
        """Two gear or pilot slots on an AoD 'Mech, none on the others (AOD-3.7)."""
        return 2 if self.is_mech else 0

    @property
    def passenger_size(self) -> int:
        """Capacity a passenger uses: infantry 1, vehicles 3 (AOD-9.1; [CONFLICT] adopted 3).

        'Mechs, transports and VTOLs are never passengers: 0.
        """
        if self.is_transport or self.speed_mode is SpeedMode.VTOL:
            return 0
        return {UnitType.INFANTRY: 1, UnitType.VEHICLE: 3}.get(self.unit_type, 0)

    @property
    def start_click(self) -> int:
        """The index of the click with the starting marker (AOD-3.4)."""
        return next(n for n, click in enumerate(self.dial) if click.start)

    @property
    def ko_click(self) -> int:
        """The three-hits position, one past the last live click (AOD-3.4, AOD-17.4)."""
        return len(self.dial)

    @property
    def primary(self) -> Weapon:
        """The primary weapon of a 'Mech, or the one weapon of the others (AOD-11.6)."""
        return self.weapons[0]

    @property
    def secondary(self) -> Weapon | None:
        """A 'Mech's secondary weapon (AOD-11.6); None for infantry and vehicles."""
        return self.weapons[1] if len(self.weapons) > 1 else None

    @property
    def has_melee(self) -> bool:
        """Some weapon has the melee symbol (AOD-3.1; a Quad without one hits for 1, AOD-8.8)."""
        return any(w.range_type is RangeType.MELEE for w in self.weapons)


@frozen
class HeatCheck:
    """A roll a heat-dial position calls for (AOD-3.5, AOD-10.2, AOD-26.14).

    Attributes:
        kind: ``"shutdown"`` (avoid shutdown; the restart roll while cooling a shut-down 'Mech)
            or ``"ammo"`` (avoid ammo explosion).
        need: the d6 passes on this or more.
        damage: unreducible damage clicks on a failure (ammo).
        heat: heat clicks added on a failure (ammo; the loop of AOD-10.2).
    """

    kind: str
    need: int
    damage: int = 0
    heat: int = 0


HEAT_CHECKS: Final = ("shutdown", "ammo")
"""The kinds of `HeatCheck` (AOD-26.14 ``HEAT-STD``)."""


@frozen
class HeatPosition:
    """One heat-dial position: modifiers to the values, checks, or automatic shutdown.

    Attributes:
        primary: modifier to primary damage (0 or less).
        secondary: modifier to secondary damage.
        speed: modifier to speed.
        checks: rolls made on arriving here (AOD-26.14).
        shutdown: three radiation symbols: automatic shutdown (AOD-10.4).
    """

    primary: int = 0
    secondary: int = 0
    speed: int = 0
    checks: tuple[HeatCheck, ...] = ()
    shutdown: bool = False


@frozen
class HeatDial:
    """A heat dial (AOD-3.5; ``HEAT-STD`` of AOD-26.14): position 0 is the start."""

    id: str
    name: str
    positions: tuple[HeatPosition, ...]

    @property
    def shutdown_position(self) -> int:
        """The position with the three radiation symbols (its last, AOD-10.4)."""
        return len(self.positions) - 1


@frozen
class DriftBand:
    """Drift of a missed long-range shot: from this margin of failure on, ``hexes`` (AOD-26.9)."""

    margin: int
    hexes: int


@frozen
class Marker:
    """An artillery marker (AOD-13.2; catalogue of AOD-26.9).

    Attributes:
        id: "A-L".
        name: "light battery".
        min_attack: the shooter's attack must be at least this.
        min_damage: and its damage at least this.
        difficulty: the target number of the long-range roll.
        blast_radius: hexes from the dot.
        drift: bands by ascending margin; the last is open-ended.
    """

    id: str
    name: str
    min_attack: int
    min_damage: int
    difficulty: int
    blast_radius: int
    drift: tuple[DriftBand, ...]

    def drift_hexes(self, margin: int) -> int:
        """Hexes the dot drifts for a failure by ``margin`` (difficulty - total, AOD-26.9)."""
        hexes = 0
        for band in self.drift:
            if margin >= band.margin:
                hexes = band.hexes
        return hexes


ABILITIES: Final = MappingProxyType(
    {
        "awe": "AOD-21.1",
        "fanaticism": "AOD-21.1",
        "ruthlessness": "AOD-21.1",
        "zellbrigen": "AOD-21.2",
        "merciless": "AOD-21.2",
        "enhanced_imaging": "AOD-21.2",
        "renegade": "AOD-21.3",
        "scavenger": "AOD-21.3",
        "predator": "AOD-21.3",
    }
)
"""The faction abilities the seed defines, by id, with the section that defines each (AOD-21)."""


@frozen
class Faction:
    """A faction: its id, name and abilities (AOD-2, AOD-21)."""

    id: str
    name: str
    abilities: tuple[str, ...] = ()


class CardKind(StrEnum):
    """The kinds of battle modification card, by their prefix (AOD-20.3)."""

    PLANETARY = "PC"
    FACTION_PRIDE = "F"
    MERCENARY_CONTRACT = "MC"
    SITUATIONAL_ALLIANCE = "SA"
    GEAR = "G"
    PILOT = "P"
    LEGENDARY_PILOT = "LP"
    GUNSLINGER = "GS"

    @property
    def is_pilot(self) -> bool:
        """Common, legendary and gunslinger pilots (AOD-20.7)."""
        return self in (CardKind.PILOT, CardKind.LEGENDARY_PILOT, CardKind.GUNSLINGER)

    @property
    def is_unique(self) -> bool:
        """Legendary and gunslinger pilots: one per force (AOD-4, AOD-20.7)."""
        return self in (CardKind.LEGENDARY_PILOT, CardKind.GUNSLINGER)

    @property
    def goes_in_a_slot(self) -> bool:
        """Gear and pilots are inserted into a 'Mech's slots (AOD-3.7)."""
        return self is CardKind.GEAR or self.is_pilot


@frozen
class Card:
    """An optional battle modification card (CEC, AOD-20; placeholders of AOD-26.14).

    Attributes:
        id: "G-X1"; its prefix is its kind.
        name: "Targeting Uplink".
        kind: the card kind (AOD-20.3).
        cost: points added to the force, or to the 'Mech it goes in (AOD-4, AOD-20.6).
        classes: the 'Mech classes it may go in; empty: any (AOD-20.5 to AOD-20.7).
        slot: ``"PRI"`` or ``"SEC"`` for gear tied to a weapon system, else "" (AOD-20.6).
        modifiers: changes to dial values while it applies, ``(stat, amount)``.
        effect: the rule in one line, for the help screen.
    """

    id: str
    name: str
    kind: CardKind
    cost: int
    classes: tuple[MechClass, ...] = ()
    slot: str = ""
    modifiers: tuple[tuple[Stat, int], ...] = ()
    effect: str = ""


@frozen
class Catalogue:
    """What unit files refer to: SE, heat dials, markers, factions and alliances (AOD-26.13 A).

    Attributes:
        equipment: SE by code (AOD-26.14).
        heat_dials: heat dials by id (AOD-26.14).
        markers: artillery markers by id (AOD-26.9).
        factions: factions by id (AOD-21).
        alliances: pairs of allied faction ids, each sorted (House Alliances, AOD-18.6).
        cards: optional CEC cards by id (AOD-20, AOD-26.14).
    """

    equipment: MappingProxyType[str, Equipment] = field(factory=lambda: MappingProxyType({}))
    heat_dials: MappingProxyType[str, HeatDial] = field(factory=lambda: MappingProxyType({}))
    markers: MappingProxyType[str, Marker] = field(factory=lambda: MappingProxyType({}))
    factions: MappingProxyType[str, Faction] = field(factory=lambda: MappingProxyType({}))
    alliances: frozenset[tuple[str, str]] = frozenset()
    cards: MappingProxyType[str, Card] = field(factory=lambda: MappingProxyType({}))

    def allied(self, a: str, b: str) -> bool:
        """True when two factions are the same or allied (AOD-18.6)."""
        return a == b or (min(a, b), max(a, b)) in self.alliances
