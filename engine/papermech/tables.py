"""Paper 'Mech rule tables as data, each with the digest section it comes from (PM-n).

The radar is 8 wedges x 4 rings (PM-8.1). Wedges are numbered in clockwise order from the left rear
flank: 1, 2, 3, 4, 5, 6, RR, RL; so "one wedge clockwise" is index + 1 (mod 8). Rings run from the
centre out: C, S, M, L.
"""

from __future__ import annotations

import enum

from attrs import frozen

__all__ = [
    "DEFAULT_LOADOUT_WEAPONS",
    "ENEMIES",
    "FRONT_DIAGRAM",
    "MOUNT_ARCS",
    "SPILL_TRACKS",
    "WAVE_TABLE",
    "WEAPONS",
    "Action",
    "EnemyAttack",
    "EnemyKind",
    "EnemyProfile",
    "Line",
    "Location",
    "Mount",
    "Ring",
    "Special",
    "Stance",
    "Weapon",
    "WeaponProfile",
    "Wedge",
]


class Ring(enum.IntEnum):
    """PM-8.1: the radar rings, centre out. An attack of range X reaches X and every ring inside."""

    C = 0
    S = 1
    M = 2
    L = 3


class Wedge(enum.IntEnum):
    """PM-8.1: the radar wedges in clockwise order (values are the circular order)."""

    W1 = 0
    W2 = 1
    W3 = 2
    W4 = 3
    W5 = 4
    W6 = 5
    RR = 6
    RL = 7

    @property
    def label(self) -> str:
        """How the sheet names it: "1".."6", "RR", "RL"."""
        return self.name.removeprefix("W")

    @classmethod
    def from_label(cls, text: str) -> Wedge:
        """Read "1".."6", "RR" or "RL" (any case)."""
        text = text.strip().upper()
        return cls[f"W{text}"] if text.isdigit() else cls[text]

    def clockwise(self, steps: int = 1) -> Wedge:
        """The wedge ``steps`` places clockwise (negative: anticlockwise)."""
        return _WEDGE_OF[(self + steps) % 8]

    @property
    def rear(self) -> bool:
        """PM-8.1: RR and RL are the shaded rear wedges."""
        return self in (Wedge.RR, Wedge.RL)


_WEDGE_OF: tuple[Wedge, ...] = tuple(Wedge(value) for value in range(8))
"""Each wedge by its value (an index is cheaper than the enum's call)."""


class Stance(enum.StrEnum):
    """PM-10: standing or squatting."""

    STANDING = "standing"
    SQUATTING = "squatting"


class Mount(enum.StrEnum):
    """PM-1: the four weapon mounts of the sheet."""

    LS = "LS"
    RS = "RS"
    LA = "LA"
    RA = "RA"

    @property
    def label(self) -> str:
        """Name it: "left shoulder" and so on."""
        side = "left" if self.value[0] == "L" else "right"
        part = "shoulder" if self.value[1] == "S" else "arm"
        return f"{side} {part}"

    @property
    def shoulder(self) -> bool:
        """Whether this is a shoulder mount."""
        return self.value[1] == "S"


class Location(enum.StrEnum):
    """PM-9: where a hit lands: the torso, the legs or a mount."""

    TORSO = "torso"
    LEGS = "legs"
    LS = "LS"
    RS = "RS"
    LA = "LA"
    RA = "RA"

    @property
    def mount(self) -> Mount | None:
        """The mount of a mount location, None for torso and legs."""
        return _LOCATION_MOUNT[self]

    @classmethod
    def of(cls, mount: Mount) -> Location:
        """The location of a mount."""
        return _MOUNT_LOCATION[mount]

    @property
    def label(self) -> str:
        """How the log names it."""
        mount = self.mount
        return mount.label if mount is not None else self.value


_LOCATION_MOUNT: dict[Location, Mount | None] = {
    location: (Mount(location.value) if location.value in Mount.__members__ else None)
    for location in Location
}
"""`Location.mount`, looked up (damage asks it for every circle filled)."""
_MOUNT_LOCATION: dict[Mount, Location] = {mount: Location(mount.value) for mount in Mount}
"""`Location.of`, looked up."""


class Special(enum.StrEnum):
    """PM-11.1: weapon specials."""

    RECOIL = "Recoil"
    SNIPER = "Sniper"
    KICKBACK = "Kickback"
    REFLEX = "Reflex"
    EMP = "EMP"
    PROXIMITY = "Proximity"
    ACCURATE = "Accurate"
    AREA = "Area"
    WEAK = "Weak"
    PULL = "Pull"
    COMBO = "Combo"
    PARRY = "Parry"
    WALL = "Wall"


@frozen
class Line:
    """One action line of a weapon (PM-11): name, power (dice) and time."""

    name: str
    p: int
    t: int


@frozen
class WeaponProfile:
    """PM-11: one weapon of the catalogue.

    Attributes:
        title: the weapon's name.
        special: its keyword.
        range: the farthest ring it reaches, None for the Wing Shield (it never attacks).
        shoulder: may be fitted on a shoulder mount.
        arm: may be fitted on an arm mount.
        weight: W.
        armor: the number an enemy die must beat to damage it.
        lines: its three action lines.
    """

    title: str
    special: Special
    range: Ring | None
    shoulder: bool
    arm: bool
    weight: int
    armor: int
    lines: tuple[Line, Line, Line]


class Weapon(enum.StrEnum):
    """PM-11: the 13 weapons (values are the save-file and command-line names)."""

    MISSILES = "missiles"
    RIFLE = "rifle"
    PPC = "ppc"
    WING_SHIELD = "wing-shield"
    DISRUPTOR = "disruptor"
    FLAMETHROWER = "flamethrower"
    LASER = "laser"
    MORTAR = "mortar"
    MACHINE_GUN = "machine-gun"
    ENERGY_WHIP = "energy-whip"
    FIST = "fist"
    PLASMA_SWORD = "plasma-sword"
    TOWER_SHIELD = "tower-shield"

    @property
    def profile(self) -> WeaponProfile:
        """Its catalogue entry."""
        return WEAPONS[self]

    @property
    def label(self) -> str:
        """Its printed name."""
        return WEAPONS[self].title

    def fits(self, mount: Mount) -> bool:
        """PM-11: whether it may be fitted on ``mount``."""
        profile = WEAPONS[self]
        return profile.shoulder if mount.shoulder else profile.arm


def _w(  # noqa: PLR0917 - one catalogue row
    title: str,
    special: Special,
    rng: Ring | None,
    mounts: str,
    weight: int,
    armor: int,
    *lines: tuple[str, int, int],
) -> WeaponProfile:
    a, b, c = (Line(*line) for line in lines)
    return WeaponProfile(
        title, special, rng, "S" in mounts, "A" in mounts, weight, armor, (a, b, c)
    )


WEAPONS: dict[Weapon, WeaponProfile] = {
    Weapon.MISSILES: _w(
        "Missiles", Special.RECOIL, Ring.L, "AS", 3, 3,
        ("Single Launch", 2, 2), ("Multi Launch", 4, 3), ("Full Salvo", 6, 4),
    ),
    Weapon.RIFLE: _w(
        "Rifle", Special.SNIPER, Ring.L, "AS", 3, 3,
        ("Rushed Aim", 2, 3), ("Careful Aim", 3, 4), ("Precision Aim", 4, 5),
    ),
    Weapon.PPC: _w(
        "PPC", Special.KICKBACK, Ring.L, "AS", 4, 3,
        ("Single Shot", 4, 3), ("PPC Burst", 6, 4), ("PPC Auto", 8, 5),
    ),
    Weapon.WING_SHIELD: _w(
        "Wing Shield", Special.REFLEX, None, "S", 1, 4,
        ("Defend", 0, 1), ("Defend", 0, 1), ("Defend", 0, 1),
    ),
    Weapon.DISRUPTOR: _w(
        "Disruptor", Special.EMP, Ring.M, "AS", 2, 3,
        ("Scrambler", 1, 2), ("White Noise", 3, 3), ("Static Burst", 5, 4),
    ),
    Weapon.FLAMETHROWER: _w(
        "Flamethrower", Special.PROXIMITY, Ring.M, "AS", 2, 3,
        ("Burn", 2, 1), ("Flame Burst", 4, 2), ("Fire Lance", 5, 3),
    ),
    Weapon.LASER: _w(
        "Laser", Special.ACCURATE, Ring.M, "AS", 3, 3,
        ("Quick Beam", 2, 2), ("Laser Blast", 3, 3), ("Full Charge", 4, 4),
    ),
    Weapon.MORTAR: _w(
        "Mortar", Special.AREA, Ring.M, "S", 4, 3,
        ("Single Shell", 3, 3), ("Double Shell", 4, 4), ("Carpet Bomb", 5, 5),
    ),
    Weapon.MACHINE_GUN: _w(
        "Machine Gun", Special.WEAK, Ring.S, "AS", 1, 3,
        ("Burst", 3, 1), ("Semi Auto", 6, 2), ("Full Auto", 8, 3),
    ),
    Weapon.ENERGY_WHIP: _w(
        "Energy Whip", Special.PULL, Ring.S, "A", 2, 3,
        ("Sweep", 2, 2), ("Sidelash", 4, 3), ("Overhead", 6, 4),
    ),
    Weapon.FIST: _w(
        "Fist", Special.COMBO, Ring.C, "A", 2, 3,
        ("Punch", 2, 2), ("Uppercut", 5, 3), ("Crush", 1, 3),
    ),
    Weapon.PLASMA_SWORD: _w(
        "Plasma Sword", Special.PARRY, Ring.C, "A", 2, 3,
        ("Forward Stab", 3, 2), ("Hack & Slice", 4, 3), ("Killing Blow", 5, 4),
    ),
    Weapon.TOWER_SHIELD: _w(
        "Tower Shield", Special.WALL, Ring.C, "A", 4, 5,
        ("Shield Bash", 3, 2), ("Guard", 0, 1), ("Guard", 0, 1),
    ),
}  # fmt: skip
"""PM-11: the weapons catalogue."""

DEFAULT_LOADOUT_WEAPONS: dict[Mount, Weapon] = {
    Mount.LS: Weapon.WING_SHIELD,
    Mount.RS: Weapon.MISSILES,
    Mount.LA: Weapon.LASER,
    Mount.RA: Weapon.FIST,
}
"""PM-11.2: the default loadout's weapons (torso armor 5, legs armor 4)."""

MOUNT_ARCS: dict[Mount, frozenset[Wedge]] = {
    Mount.LS: frozenset({Wedge.W1, Wedge.W2, Wedge.W3, Wedge.W4}),
    Mount.RS: frozenset({Wedge.W3, Wedge.W4, Wedge.W5, Wedge.W6}),
    Mount.LA: frozenset({Wedge.W1, Wedge.W2, Wedge.W3, Wedge.W4, Wedge.W5, Wedge.RL}),
    Mount.RA: frozenset({Wedge.W2, Wedge.W3, Wedge.W4, Wedge.W5, Wedge.W6, Wedge.RR}),
}
"""PM-8.4: the wedges each mount can target."""


class Action(enum.StrEnum):
    """PM-5: every action of the sheet: three lines per mount, four legs lines.

    Values are the command-line names (``choose la2``, ``choose forward``).
    """

    LS1 = "ls1"
    LS2 = "ls2"
    LS3 = "ls3"
    RS1 = "rs1"
    RS2 = "rs2"
    RS3 = "rs3"
    LA1 = "la1"
    LA2 = "la2"
    LA3 = "la3"
    RA1 = "ra1"
    RA2 = "ra2"
    RA3 = "ra3"
    TURN_SQUAT = "squat"
    BACKWARD = "back"
    FORWARD = "forward"
    TURN = "turn"

    @property
    def mount(self) -> Mount | None:
        """The mount of an attack action; None for a movement action."""
        return _ACTION_MOUNT[self]

    @property
    def line(self) -> int:
        """The 0-based line: of the mount's weapon, or of the legs box (PM-5.1)."""
        return _ACTION_LINE[self]

    @property
    def movement(self) -> bool:
        """Whether this is a movement (legs) action."""
        return _ACTION_MOUNT[self] is None

    @classmethod
    def of(cls, mount: Mount, line: int) -> Action:
        """The attack action of ``mount``'s line (0-based)."""
        return cls(f"{mount.value.lower()}{line + 1}")


LEGS_LINES: tuple[Action, ...] = (Action.TURN_SQUAT, Action.BACKWARD, Action.FORWARD, Action.TURN)
"""PM-5.1: the legs box, top to bottom (the order leg damage fills them)."""

_ACTION_MOUNT: dict[Action, Mount | None] = {
    a: (Mount(a.value[:2].upper()) if a.value[-1].isdigit() else None) for a in Action
}
_ACTION_LINE: dict[Action, int] = {
    a: (int(a.value[-1]) - 1 if a.value[-1].isdigit() else LEGS_LINES.index(a)) for a in Action
}

LEGS_TITLES: dict[Action, str] = {
    Action.TURN_SQUAT: "Turn & Squat",
    Action.BACKWARD: "Walk Backwards",
    Action.FORWARD: "Walk Forwards",
    Action.TURN: "Turn or Change Stance",
}
"""PM-5.1: the printed names of the legs lines."""


class EnemyKind(enum.StrEnum):
    """PM-3.1: the six enemies; the value is the letter on the radar and the wave table."""

    BIKE = "B"
    ARTILLERY = "A"
    HELO = "H"
    FIRETHROWER = "F"
    TANK = "T"
    MECH = "M"

    @property
    def profile(self) -> EnemyProfile:
        """Its card."""
        return ENEMIES[self]


@frozen
class EnemyAttack:
    """PM-3.1: one attack of an enemy card: the d6 range that selects it, name, range, P, T."""

    low: int
    high: int
    name: str
    range: Ring
    p: int
    t: int


@frozen
class EnemyProfile:
    """PM-3.1: an enemy card."""

    title: str
    armor: int
    attacks: tuple[EnemyAttack, ...]
    moves: bool = True

    @property
    def hit_points(self) -> int:
        """Two circles per attack."""
        return 2 * len(self.attacks)

    def attack_for(self, roll: int) -> int:
        """The index of the attack whose die range holds ``roll``."""
        # Every roll of a wave and of each enemy activation asks this: the six answers of a card
        # are kept (by identity; the entry holds the card, so its id cannot be taken).
        found = _ATTACK_FOR.get(id(self))
        if found is None or found[0] is not self:
            if len(_ATTACK_FOR) >= _ATTACK_FOR_MAX:
                _ATTACK_FOR.clear()
            rolls = tuple(
                next((i for i, a in enumerate(self.attacks) if a.low <= r <= a.high), None)
                for r in range(1, 7)
            )
            found = _ATTACK_FOR[id(self)] = (self, rolls)
        index = found[1][roll - 1] if 1 <= roll <= 6 else None  # noqa: PLR2004 - a d6
        if index is None:
            return next(i for i, a in enumerate(self.attacks) if a.low <= roll <= a.high)
        return index


_ATTACK_FOR: dict[int, tuple[EnemyProfile, tuple[int | None, ...]]] = {}
_ATTACK_FOR_MAX = 64


ENEMIES: dict[EnemyKind, EnemyProfile] = {
    EnemyKind.BIKE: EnemyProfile(
        "Attack Bike", 2, (EnemyAttack(1, 6, "Machine Gun", Ring.S, 1, 1),)
    ),
    EnemyKind.ARTILLERY: EnemyProfile(
        "Artillery", 3, (EnemyAttack(1, 6, "Mortar/Shells", Ring.L, 5, 5),), moves=False
    ),
    EnemyKind.HELO: EnemyProfile(
        "Helo",
        2,
        (
            EnemyAttack(1, 3, "Machine Gun", Ring.S, 2, 2),
            EnemyAttack(4, 6, "Missiles/Rockets", Ring.M, 4, 4),
        ),
    ),
    EnemyKind.FIRETHROWER: EnemyProfile(
        "Firethrower",
        3,
        (EnemyAttack(1, 3, "Laser", Ring.M, 3, 3), EnemyAttack(4, 6, "Flame Gun", Ring.S, 4, 2)),
    ),
    EnemyKind.TANK: EnemyProfile(
        "Tank",
        4,
        (EnemyAttack(1, 3, "Laser", Ring.M, 3, 3), EnemyAttack(4, 6, "PPC/Shells", Ring.L, 4, 4)),
    ),
    EnemyKind.MECH: EnemyProfile(
        "Mech",
        4,
        (
            EnemyAttack(1, 2, "Fist", Ring.C, 5, 2),
            EnemyAttack(3, 4, "Laser", Ring.M, 3, 3),
            EnemyAttack(5, 6, "Missiles", Ring.L, 4, 4),
        ),
    ),
}
"""PM-3.1: the enemy cards."""

_B, _A, _H, _F, _T, _M = (
    EnemyKind.BIKE,
    EnemyKind.ARTILLERY,
    EnemyKind.HELO,
    EnemyKind.FIRETHROWER,
    EnemyKind.TANK,
    EnemyKind.MECH,
)
WAVE_TABLE: dict[
    int, tuple[tuple[EnemyKind, ...], tuple[EnemyKind, ...], tuple[EnemyKind, ...]]
] = {
    1: ((_B,), (_H,), (_F,)),
    2: ((_B, _F), (_H, _F), (_A, _F)),
    3: ((_A, _T), (_H, _T), (_F, _T)),
    4: ((_M, _B, _T), (_M, _F, _H), (_M, _T, _A)),
}
"""PM-3: wave number -> the enemies for a d6 of 1-2, 3-4, 5-6."""

WAVES = 4
"""PM-1: a game is 4 waves."""

FRONT_DIAGRAM: dict[int, Location] = {
    1: Location.TORSO,
    2: Location.LS,
    3: Location.RS,
    4: Location.LA,
    5: Location.RA,
    6: Location.LEGS,
}
"""PM-9.1: the front/back targeting diagram (never mirrored)."""


def side_diagram(roll: int, *, left: bool) -> Location:
    """PM-9.1: the side diagram on the flank facing the attacker (1-2 shoulder, 3-5 arm, 6 legs)."""
    if roll == 6:  # noqa: PLR2004 - the legs' face
        return Location.LEGS
    if roll <= 2:  # noqa: PLR2004 - the shoulder's faces
        return Location.LS if left else Location.RS
    return Location.LA if left else Location.RA


SPILL_TRACKS: dict[Location, tuple[Location, Location, Location]] = {
    Location.TORSO: (Location.LS, Location.RS, Location.LEGS),
    Location.LS: (Location.TORSO, Location.LA, Location.LA),
    Location.LA: (Location.LEGS, Location.LS, Location.LS),
    Location.RS: (Location.RA, Location.TORSO, Location.RA),
    Location.RA: (Location.RS, Location.LEGS, Location.RS),
    Location.LEGS: (Location.LA, Location.RA, Location.TORSO),
}
"""PM-9.3: spill-over, full location -> where a d6 of 1-2, 3-4, 5-6 sends the rest."""

TORSO_CIRCLES = 4
"""PM-9.3: the torso's circles; at 4 the 'Mech is destroyed."""
TORSO_PENALTY_AT = 3
"""PM-9.3: with this many torso circles filled every chosen action costs T+1."""
WEAPON_CIRCLES = 6
"""PM-9.3: two circles per weapon line."""
BASE_ARMOR = 3
"""PM-9.2 / PM-12: base armor of torso and legs."""
MAX_ARMOR = 5
"""PM-12: the most armor torso or legs may have."""
RATED_WEIGHT = 12
"""PM-12: the chassis is rated for 12 W."""
REPAIR_ON = 3
"""PM-13: a repair die of 3+ repairs one circle."""
