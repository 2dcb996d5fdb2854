"""The data of a Dystopian Wars model card and of the catalogues it names (DW-3, DW-4, DW-28.12).

Everything here is a frozen value read from the asset files (``engine.dystopian.data``):

- a model's domain, type, size class and Capital flag, and the category flags of its card:
  diving (sea or land), flying, creature, robot, fortification, carrier (DW-3.1 to DW-3.3);
- its stat line, exactly the attributes of DW-4: MV, minimum move, turning template or limit,
  DR, CR, HP, AP, AA, CC, RR, generators, MARs, points, squadron size, tiny-flyer capacity;
- its weapons: primary or secondary gunnery, rockets, torpedoes, bombs or mines, an arc or fixed
  channel, AD per range band RB1 to RB4 and the MARs tied to the weapon (DW-4.1, DW-15, DW-18);
- the catalogues a card names: MARs with the section that defines each (DW-20.9, DW-24),
  generators (DW-23), the four tiny-flyer profiles (DW-20.2) and the STAR cards (DW-8; the
  placeholder mini-deck of DW-28.12).

Distances are tabletop inches as the cards print them; the hex board halves them (DW-28.3).
"""

from __future__ import annotations

from enum import StrEnum
from types import MappingProxyType
from typing import Final

from attrs import field, frozen

__all__ = [
    "BANDS",
    "DOMAIN_TYPES",
    "FREE_TYPES",
    "NAVAL_TEMPLATES",
    "TYPE_SIZES",
    "Arc",
    "Card",
    "CardIcon",
    "CardType",
    "Catalogue",
    "Diving",
    "Domain",
    "Generator",
    "Mar",
    "MarRef",
    "ModelCard",
    "ModelOption",
    "ModelType",
    "Size",
    "TinyFlyer",
    "TinyKind",
    "Turn",
    "Weapon",
    "WeaponKind",
]

BANDS: Final = 4
"""Range bands RB1 to RB4, 8" each; nothing fires beyond 32" (DW-15.2)."""


class Size(StrEnum):
    """The five size classes, smallest first (DW-3.1)."""

    TINY = "tiny"
    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"
    MASSIVE = "massive"

    @property
    def rank(self) -> int:
        """0 for Tiny up to 4 for Massive: ``a.rank > b.rank`` means a is larger (DW-3.1)."""
        return list(Size).index(self)

    @property
    def is_large(self) -> bool:
        """Large or Massive: escorts, CAP and the Commodore need one (DW-10.1, DW-20.8, DW-21)."""
        return self in (Size.LARGE, Size.MASSIVE)


class Domain(StrEnum):
    """Where a model fights: at sea, in the air or on land (DW-3.2; the Base Force, DW-22.2)."""

    NAVAL = "naval"
    AIR = "air"
    LAND = "land"


class ModelType(StrEnum):
    """The model types of DW-3.2, and the categories of DW-3.3 a card may be instead.

    Aeroplanes are tiny-flyer tokens (`TinyKind`), not model types; creatures, robots and
    fortifications may be of any domain and size.
    """

    CARRIER = "carrier"
    DREADNOUGHT = "dreadnought"
    BATTLESHIP = "battleship"
    SUBMARINE = "submarine"
    GUNSHIP = "gunship"
    CRUISER = "cruiser"
    DESTROYER = "destroyer"
    FRIGATE = "frigate"
    ESCORT = "escort"
    CORVETTE = "corvette"
    SKY_FORTRESS = "sky_fortress"
    AIRSHIP = "airship"
    GYRO = "gyro"
    ROTOR = "rotor"
    BOMBER = "bomber"
    MOBILE_AIRFIELD = "mobile_airfield"
    LANDSHIP = "landship"
    BURROWER = "burrower"
    TROOP_TRANSPORT = "troop_transport"
    BOMBARD = "bombard"
    TANK = "tank"
    WALKER = "walker"
    HEAVY_WALKER = "heavy_walker"
    CREATURE = "creature"
    ROBOT = "robot"
    FORTIFICATION = "fortification"


_NAVAL: Final = (
    ModelType.CARRIER,
    ModelType.DREADNOUGHT,
    ModelType.BATTLESHIP,
    ModelType.SUBMARINE,
    ModelType.GUNSHIP,
    ModelType.CRUISER,
    ModelType.DESTROYER,
    ModelType.FRIGATE,
    ModelType.ESCORT,
    ModelType.CORVETTE,
)
_AIR: Final = (
    ModelType.SKY_FORTRESS,
    ModelType.AIRSHIP,
    ModelType.GYRO,
    ModelType.ROTOR,
    ModelType.BOMBER,
)
_LAND: Final = (
    ModelType.MOBILE_AIRFIELD,
    ModelType.LANDSHIP,
    ModelType.BURROWER,
    ModelType.TROOP_TRANSPORT,
    ModelType.BOMBARD,
    ModelType.TANK,
    ModelType.WALKER,
    ModelType.HEAVY_WALKER,
)
DOMAIN_TYPES: Final = MappingProxyType({Domain.NAVAL: _NAVAL, Domain.AIR: _AIR, Domain.LAND: _LAND})
"""The types of each domain (DW-3.2)."""
FREE_TYPES: Final = (ModelType.CREATURE, ModelType.ROBOT, ModelType.FORTIFICATION)
"""Categories of any domain and size (DW-3.3)."""

_S, _M, _L, _X = Size.SMALL, Size.MEDIUM, Size.LARGE, Size.MASSIVE
TYPE_SIZES: Final = MappingProxyType(
    {
        ModelType.CARRIER: (_X,),
        ModelType.DREADNOUGHT: (_L,),
        ModelType.BATTLESHIP: (_L,),
        ModelType.SUBMARINE: (_M, _L),
        ModelType.GUNSHIP: (_M,),
        ModelType.CRUISER: (_M,),
        ModelType.DESTROYER: (_S,),
        ModelType.FRIGATE: (_S,),
        ModelType.ESCORT: (_S,),
        ModelType.CORVETTE: (_S,),
        ModelType.SKY_FORTRESS: (_X,),
        ModelType.AIRSHIP: (_M, _L),
        ModelType.GYRO: (_M, _L),
        ModelType.ROTOR: (_M, _L),
        ModelType.BOMBER: (_M,),
        ModelType.MOBILE_AIRFIELD: (_X,),
        ModelType.LANDSHIP: (_L,),
        ModelType.BURROWER: (_M, _L),
        ModelType.TROOP_TRANSPORT: (_M,),
        ModelType.BOMBARD: (_M,),
        ModelType.TANK: (_S, _M),
        ModelType.WALKER: (_S, _M),
        ModelType.HEAVY_WALKER: (_L,),
        ModelType.CREATURE: (_S, _M, _L, _X),
        ModelType.ROBOT: (_S, _M, _L, _X),
        ModelType.FORTIFICATION: (_S, _M, _L, _X),
    }
)
"""The size classes each type comes in (DW-3.2); creatures, robots and fortifications any."""


class Diving(StrEnum):
    """A diving model submerges under the sea (submarines) or the ground (burrowers; DW-3.3)."""

    SEA = "sea"
    LAND = "land"


class Turn(StrEnum):
    """The card's turning value (DW-4, DW-11.2, DW-11.4).

    Naval models use the Small, Medium or Large template (Massive naval models use Large); land
    and air models a limit of 0", 1" or 2" of straight movement before each turn; a 360 model of
    any domain moves in any direction and rotates freely. The hex board turns each into a
    turning allowance (DW-28.4).
    """

    SMALL = "S"
    MEDIUM = "M"
    LARGE = "L"
    FREE = "360"
    LIMIT_0 = "0"
    LIMIT_1 = "1"
    LIMIT_2 = "2"

    @property
    def is_template(self) -> bool:
        """A naval template (S, M, L) rather than a land or air limit (DW-11.2)."""
        return self in NAVAL_TEMPLATES


NAVAL_TEMPLATES: Final = (Turn.SMALL, Turn.MEDIUM, Turn.LARGE)
"""The three naval turning templates (DW-11.2)."""


class WeaponKind(StrEnum):
    """A weapon's family (DW-4.1): gunnery (primary, secondary), rockets, torpedoes, bombs, mines.

    AA and CC are stat-line values, not weapons.
    """

    PRIMARY = "primary"
    SECONDARY = "secondary"
    ROCKET = "rocket"
    TORPEDO = "torpedo"
    BOMB = "bomb"
    MINE = "mine"

    @property
    def is_gunnery(self) -> bool:
        """Primary and secondary guns (DW-6 Gunnery)."""
        return self in (WeaponKind.PRIMARY, WeaponKind.SECONDARY)

    @property
    def is_ordnance(self) -> bool:
        """Gunnery, rockets, torpedoes and bombs; mines are neither ordnance nor auxiliary."""
        return self is not WeaponKind.MINE

    @property
    def reduced_by_damage(self) -> bool:
        """Only gunnery loses 1 AD per Hull Damage marker (DW-15.3)."""
        return self.is_gunnery

    @property
    def contact_only(self) -> bool:
        """Bombs and mines print their AD in parentheses, RB1 only (DW-4.1, DW-18.5, DW-18.6)."""
        return self in (WeaponKind.BOMB, WeaponKind.MINE)


class Arc(StrEnum):
    """A weapon's arc or fixed channel as the card prints it (DW-4.1, DW-14.3).

    ``broadside`` is P/S: the printed AD to port *and*, separately, to starboard. Offset arcs are
    the 180° arcs skewed 45°. Mines have no arc: they are dropped at the bow (DW-18.6). Which hex
    sectors each arc covers is DW-28.6.
    """

    BROADSIDE = "broadside"
    BROADSIDE_PORT = "broadside-port"
    BROADSIDE_STARBOARD = "broadside-starboard"
    CHANNEL_FORE = "channel-fore"
    CHANNEL_AFT = "channel-aft"
    CHANNEL_PORT = "channel-port"
    CHANNEL_STARBOARD = "channel-starboard"
    FORE_90 = "90-fore"
    AFT_90 = "90-aft"
    PORT_90 = "90-port"
    STARBOARD_90 = "90-starboard"
    FORE_180 = "180-fore"
    AFT_180 = "180-aft"
    OFFSET_FORE_PORT = "offset-fore-port"
    OFFSET_FORE_STARBOARD = "offset-fore-starboard"
    OFFSET_AFT_PORT = "offset-aft-port"
    OFFSET_AFT_STARBOARD = "offset-aft-starboard"
    FORE_270 = "270-fore"
    AFT_270 = "270-aft"
    ALL_ROUND = "360"
    DROPPED = "dropped"

    @property
    def is_channel(self) -> bool:
        """A fixed channel rather than an arc (DW-14.3)."""
        return self.value.startswith("channel-")


@frozen
class MarRef:
    """A MAR as a card or weapon names it: its id and, for an "(X)" MAR, the value (DW-24).

    ``str()`` is the file notation: ``"icon"``, ``"telescopic_zoom:12"``.
    """

    id: str
    value: int | None = None

    def __str__(self) -> str:
        return self.id if self.value is None else f"{self.id}:{self.value}"


@frozen
class Weapon:
    """One weapon system of a card (DW-4.1, DW-15.2, DW-18).

    Attributes:
        name: "Fore turret".
        kind: primary, secondary, rocket, torpedo, bomb or mine.
        arc: its arc or fixed channel.
        ad: attack dice in RB1 to RB4; None where it cannot fire (a dash on the card). Bombs and
            mines have only RB1, the AD the card prints in parentheses.
        mars: MARs tied to this weapon ("(weapon)" MARs, DW-24).
        tesla: a Tesla weapon: secondary, links only with other Tesla weapons (DW-17.1).
        submerged: the card allows it while submerged; torpedoes always may (DW-11.9).
    """

    name: str
    kind: WeaponKind
    arc: Arc
    ad: tuple[int | None, ...]
    mars: tuple[MarRef, ...] = ()
    tesla: bool = False
    submerged: bool = False

    def ad_at(self, band: int) -> int | None:
        """AD printed for range band ``band`` (1 to 4); None when it cannot fire there."""
        return self.ad[band - 1] if 1 <= band <= len(self.ad) else None

    @property
    def reduced_by_damage(self) -> bool:
        """Gunnery loses 1 AD per Hull Damage marker, to a minimum of 1 (DW-15.3)."""
        return self.kind.reduced_by_damage

    @property
    def usable_submerged(self) -> bool:
        """Torpedoes, and weapons the card allows, fire while submerged (DW-11.9)."""
        return self.kind is WeaponKind.TORPEDO or self.submerged

    @property
    def link_family(self) -> str:
        """What it may link with: its kind, or ``"tesla"`` for Tesla weapons (DW-17.1)."""
        return "tesla" if self.tesla else self.kind.value

    def has(self, mar: str) -> bool:
        """True when MAR ``mar`` is tied to this weapon."""
        return any(ref.id == mar for ref in self.mars)

    @property
    def shown(self) -> str:
        """The AD columns as the card prints them: ``8/10/8/5``, ``8/6/3/-``, ``(4)``."""
        if self.kind.contact_only:
            return f"({self.ad[0]})"
        return "/".join("-" if value is None else str(value) for value in self.ad)


@frozen
class ModelOption:
    """An upgrade the card offers for extra points, e.g. a Shield Generator (+15 pts, DW-23)."""

    id: str
    name: str
    points: int
    generators: tuple[str, ...] = ()
    mars: tuple[MarRef, ...] = ()


@frozen
class ModelCard:
    """A model's FIG card (DW-3.4, DW-4): what it is, its stat line, weapons and MARs.

    Attributes:
        id: the roster id ("BB").
        name: "Bastion Battleship".
        domain: naval, air or land (DW-3.2).
        type: the model type (DW-3.2) or category (DW-3.3).
        size: the size class (DW-3.1).
        capital: the Capital flag (DW-3.1).
        points: its cost (DW-22).
        squadron: the smallest and largest squadron; for escorts, how many one parent takes
            (DW-3.4, DW-21).
        mv: movement, inches (DW-4).
        min_move: inches it must first move straight ahead (DW-11.3).
        turn: its naval template or land/air turning limit (DW-11.2, DW-11.4).
        dr: Damage Rating; cr: Critical Rating; hp: Hull Points (DW-4, DW-16.1).
        ap: Assault Points, the marines aboard (DW-4, DW-19).
        aa: Ack-Ack dice; cc: Concussion Charge dice (DW-18.2).
        rr: Ram Rating; 0 means it can never ram (DW-12).
        weapons: its weapon systems (DW-4.1).
        mars: the MARs on the card (DW-24); the weapons' own are on each `Weapon`.
        generators: generator ids, one entry per generator fitted (DW-23).
        options: upgrades bought in fleet building.
        capacity: tiny flyers it carries, 0 when it is no carrier (DW-20.1).
        recon: the most recon planes among them (DW-20.1: at most 1).
        diving: sea or land when it can submerge (DW-3.3, DW-11.9).
        flying: a flyer: every air model, and creatures or robots marked as flyers (DW-3.3).
        can_stop: it may take All Stop; flyers only when the card allows it (DW-11.6).
        can_reverse: the card does not forbid reversing (DW-11.6).
    """

    id: str
    name: str
    domain: Domain
    type: ModelType
    size: Size
    capital: bool
    points: int
    squadron: tuple[int, int]
    mv: int
    min_move: int
    turn: Turn
    dr: int
    cr: int
    hp: int
    ap: int
    aa: int
    cc: int
    rr: int
    weapons: tuple[Weapon, ...] = ()
    mars: tuple[MarRef, ...] = ()
    generators: tuple[str, ...] = ()
    options: tuple[ModelOption, ...] = ()
    capacity: int = 0
    recon: int = 0
    diving: Diving | None = None
    flying: bool = False
    can_stop: bool = True
    can_reverse: bool = True

    @property
    def is_diving(self) -> bool:
        """It may submerge (DW-3.3)."""
        return self.diving is not None

    @property
    def is_carrier(self) -> bool:
        """It carries tiny flyers (DW-3.3 Carrier)."""
        return self.capacity > 0

    @property
    def is_escort(self) -> bool:
        """It attaches to a Large or Massive parent instead of forming a squadron (DW-21)."""
        return self.type is ModelType.ESCORT

    @property
    def is_creature_or_robot(self) -> bool:
        """Creatures and robots follow their own contact, boarding and repair rules (DW-3.3)."""
        return self.type in (ModelType.CREATURE, ModelType.ROBOT)

    @property
    def is_fortification(self) -> bool:
        """Gun emplacements, bunkers, fortresses (DW-3.3)."""
        return self.type is ModelType.FORTIFICATION

    @property
    def small_target(self) -> bool:
        """Every Small-class model is a Small Target, as is one with the MAR (DW-15.5)."""
        return self.size is Size.SMALL or self.has("small_target")

    @property
    def takes_morale_checks(self) -> bool:
        """False for burrowers, creatures, fortifications, robots and submarines (DW-10.2).

        They take no command, break or bravery checks.
        """
        return self.type not in (
            ModelType.BURROWER,
            ModelType.CREATURE,
            ModelType.FORTIFICATION,
            ModelType.ROBOT,
            ModelType.SUBMARINE,
        )

    @property
    def commodore_eligible(self) -> bool:
        """Large or Massive, Capital, not a creature or robot (DW-10.1, DW-27 item 17)."""
        return self.size.is_large and self.capital and not self.is_creature_or_robot

    @property
    def collision_dice(self) -> int:
        """Its starting HP, the dice it rolls in a collision (DW-4)."""
        return self.hp

    @property
    def melee_dice(self) -> int:
        """Boarding dice before losses: its AP (DW-4 MD)."""
        return self.ap

    def has(self, mar: str) -> bool:
        """True when MAR ``mar`` is on the card itself (not one tied to a weapon)."""
        return any(ref.id == mar for ref in self.mars)

    def option(self, ident: str) -> ModelOption | None:
        """The option ``ident``, or None when the card offers none by that id."""
        return next((o for o in self.options if o.id == ident), None)


class TinyKind(StrEnum):
    """The four kinds of tiny-flyer token (DW-20.1)."""

    FIGHTER = "fighter"
    RECON = "recon"
    BOMBER = "bomber"
    TORPEDO_BOMBER = "torpedo_bomber"


@frozen
class TinyFlyer:
    """A tiny-flyer token's profile (DW-20.2): MV inches, AD (bombers' contact AD), AA."""

    kind: TinyKind
    name: str
    mv: int
    ad: int
    aa: int


@frozen
class Mar:
    """A Model Assigned Rule of the catalogue (DW-24; tiny-wing MARs DW-20.9).

    Attributes:
        id: ``"panic_dive"``.
        name: "Panic Dive".
        section: where the digest defines it (``"DW-24"``).
        weapon: it may be tied to one weapon ("(weapon)").
        value: it takes a number ("(X)"), written ``id:X``.
        wing: a tiny-flyer wing's MAR.
        effect: the rule in one line, for the help screen.
    """

    id: str
    name: str
    section: str
    weapon: bool = False
    value: bool = False
    wing: bool = False
    effect: str = ""


@frozen
class Generator:
    """A generator of the catalogue (DW-23): id, name, when it works, its effect in one line."""

    id: str
    name: str
    section: str
    passive: bool = False
    effect: str = ""


class CardType(StrEnum):
    """The STAR deck's card types (DW-8.1, DW-8.2), and the Sturginium counter card."""

    SQUADRON = "S"
    TURN = "T"
    ACTION = "A"
    REACTION = "R"
    COUNTER = "counter"


class CardIcon(StrEnum):
    """The icon that lets a card be played on creatures/robots or fortifications (DW-8.1)."""

    NONE = "none"
    CREATURE = "creature"
    FORTIFICATION = "fortification"


@frozen
class Card:
    """A STAR card (DW-8; the placeholder mini-deck of DW-28.12).

    Attributes:
        id: ``"full_steam"``.
        name: "Full Steam".
        type: S, T, A, R or counter.
        sturginium: its Sturginium symbols, 0 to 3 (strength when cancelling, DW-8.2).
        effect: the card's text in one line.
        icon: the model icon it carries, if any (DW-8.1).
        cancels: for a counter card, the highest Sturginium total it cancels (DW-8.2).
    """

    id: str
    name: str
    type: CardType
    sturginium: int
    effect: str
    icon: CardIcon = CardIcon.NONE
    cancels: int = 0


@frozen
class Catalogue:
    """What model and fleet files refer to: MARs, generators, tiny flyers, cards (DW-28.13 item 2).

    Attributes:
        mars: MARs by id (DW-20.9, DW-24).
        generators: generators by id (DW-23).
        tiny_flyers: the tiny-flyer profiles by kind (DW-20.2).
        cards: STAR cards by id (DW-8, DW-28.12).
    """

    mars: MappingProxyType[str, Mar] = field(factory=lambda: MappingProxyType({}))
    generators: MappingProxyType[str, Generator] = field(factory=lambda: MappingProxyType({}))
    tiny_flyers: MappingProxyType[TinyKind, TinyFlyer] = field(factory=lambda: MappingProxyType({}))
    cards: MappingProxyType[str, Card] = field(factory=lambda: MappingProxyType({}))
