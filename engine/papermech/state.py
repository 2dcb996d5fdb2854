"""Paper 'Mech state: the loadout, the player's sheet, the enemies, and what the game waits for.

Everything is frozen attrs; `engine.papermech.rules` builds new states with ``attrs.evolve``.
"""

from __future__ import annotations

import enum
import math

import attrs
from attrs import frozen

from engine.papermech.tables import (
    BASE_ARMOR,
    DEFAULT_LOADOUT_WEAPONS,
    LEGS_LINES,
    MAX_ARMOR,
    RATED_WEIGHT,
    TORSO_CIRCLES,
    TORSO_PENALTY_AT,
    WEAPON_CIRCLES,
    Action,
    EnemyKind,
    EnemyProfile,
    Location,
    Mount,
    Ring,
    Stance,
    Weapon,
    Wedge,
)

__all__ = [
    "Enemy",
    "LastAttack",
    "Loadout",
    "LoadoutError",
    "PaperSetup",
    "PaperState",
    "Player",
    "Prompt",
    "Result",
]

MOUNTS: tuple[Mount, ...] = (Mount.LS, Mount.RS, Mount.LA, Mount.RA)
"""The mounts in sheet order."""
_MOUNT_INDEX: dict[Mount, int] = {mount: i for i, mount in enumerate(MOUNTS)}
"""Each mount's place in `MOUNTS` (asked whenever a weapon or its circles are read)."""


class LoadoutError(ValueError):
    """A loadout the rules of PM-12 do not allow; the message says why."""


@frozen
class Loadout:
    """PM-12: a weapon per mount plus torso and legs armor.

    Attributes:
        weapons: the weapons on LS, RS, LA, RA, in that order.
        torso: torso armor (3-5).
        legs: legs armor (3-5).
    """

    weapons: tuple[Weapon, Weapon, Weapon, Weapon] = tuple(  # type: ignore[assignment]
        DEFAULT_LOADOUT_WEAPONS[m] for m in MOUNTS
    )
    torso: int = 5
    legs: int = 4

    def weapon(self, mount: Mount) -> Weapon:
        """The weapon on ``mount``."""
        return self.weapons[_MOUNT_INDEX[mount]]

    @property
    def weight(self) -> int:
        """PM-12: weapons' W plus 1 per point of torso and legs armor above 3."""
        return sum(w.profile.weight for w in self.weapons) + (self.torso - 3) + (self.legs - 3)

    @property
    def penalty(self) -> int:
        """PM-12: the weight penalty on every action's T, ceil((W - 12) / 2) above 12 W."""
        # Memoised by identity (hashing a loadout costs more than the sum); the entry holds the
        # loadout, so no other object can take its id while it is kept.
        found = _PENALTIES.get(id(self))
        if found is None or found[0] is not self:
            if len(_PENALTIES) >= _PENALTIES_MAX:
                _PENALTIES.clear()
            penalty = max(0, math.ceil((self.weight - RATED_WEIGHT) / 2))
            found = _PENALTIES[id(self)] = (self, penalty)
        return found[1]

    def problems(self) -> list[str]:
        """PM-12: every reason this loadout is illegal (empty when it is legal)."""
        out = [
            f"the {w.label} cannot be fitted on the {m.label} "
            f"(it goes on {'a shoulder' if w.profile.shoulder else 'an arm'})"
            for m, w in zip(MOUNTS, self.weapons, strict=True)
            if not w.fits(m)
        ]
        out.extend(
            f"{part} armor {value} is outside {BASE_ARMOR}-{MAX_ARMOR}"
            for part, value in (("torso", self.torso), ("legs", self.legs))
            if not BASE_ARMOR <= value <= MAX_ARMOR
        )
        return out

    def check(self) -> Loadout:
        """Return self, or raise `LoadoutError` naming the first problem."""
        problems = self.problems()
        if problems:
            raise LoadoutError(problems[0][0].upper() + problems[0][1:] + ".")
        return self

    def describe(self) -> str:
        """One line: "LS Wing Shield / RS Missiles / LA Laser / RA Fist, torso 5, legs 4"."""
        parts = " / ".join(
            f"{m.value} {w.label}" for m, w in zip(MOUNTS, self.weapons, strict=True)
        )
        return f"{parts}, torso {self.torso}, legs {self.legs}"

    def spec(self) -> str:
        """The command-line form, ``LS=wing-shield RS=missiles LA=laser RA=fist torso=5 legs=4``."""
        parts = [f"{m.value}={w.value}" for m, w in zip(MOUNTS, self.weapons, strict=True)]
        return " ".join([*parts, f"torso={self.torso}", f"legs={self.legs}"])

    @classmethod
    def parse(cls, text: str, base: Loadout | None = None) -> Loadout:
        """Read ``LS=laser RA=fist torso=4 ...``; unnamed parts come from ``base`` (or the default).

        Raises:
            LoadoutError: an unknown word, weapon or number, or an illegal loadout.
        """
        loadout = base or cls()
        weapons = list(loadout.weapons)
        armor = {"torso": loadout.torso, "legs": loadout.legs}
        for word in text.split():
            key, sep, value = word.partition("=")
            key = key.strip().lower()
            if not sep or not value:
                raise LoadoutError(f"{word!r}: write PART=VALUE, e.g. LA=laser or torso=4.")
            if key in armor:
                if not value.isdigit():
                    raise LoadoutError(f"{word!r}: armor is a number from 3 to 5.")
                armor[key] = int(value)
            elif key.upper() in Mount.__members__:
                weapons[MOUNTS.index(Mount(key.upper()))] = _weapon(value)
            else:
                raise LoadoutError(f"{word!r}: the parts are LS, RS, LA, RA, torso and legs.")
        a, b, c, d = weapons
        return cls((a, b, c, d), armor["torso"], armor["legs"]).check()


_PENALTIES: dict[int, tuple[Loadout, int]] = {}
"""`Loadout.penalty` by loadout: every action placed asks it (the simulator, thousands a second)."""
_PENALTIES_MAX = 1024


def _weapon(name: str) -> Weapon:
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    for weapon in Weapon:
        if key in (weapon.value, weapon.value.replace("-", "")) or key == weapon.name.lower():
            return weapon
    names = ", ".join(w.value for w in Weapon)
    raise LoadoutError(f"Unknown weapon {name!r}: the weapons are {names}.")


@frozen
class PaperSetup:
    """A game's setup, stored in the save header.

    Attributes:
        loadout: the 'Mech at the start (PM-2, PM-12).
        battles: 1 for a single game, more for a campaign (each battle is 4 waves).
        pilot: the name for the high-score table.
    """

    loadout: Loadout = Loadout()
    battles: int = 1
    pilot: str = "Pilot"


class Prompt(enum.StrEnum):
    """What the game waits for: the player's next decision.

    ``ACTION``: choose an action (PM-5). ``WINDOW``: haste, change action or wait (PM-4 DESIGN).
    ``ORDER``: which enemy on ACTIVE resolves next. ``TARGET``: the attack's target. ``PULL``:
    move the whipped enemy (PM-11.1). ``FREE``: the free move after an attack (PM-5.2). ``MOVE``:
    the turn (or stance) of a resolving movement action. ``SHIELD``: which shield takes a hit.
    ``REPAIR``: repair circles (PM-13). ``STANCE``: the stance for the next wave. ``DEPLOY``:
    start a battle (and refit between battles). ``OVER``: nothing more.
    """

    DEPLOY = "deploy"
    ACTION = "action"
    WINDOW = "window"
    ORDER = "order"
    TARGET = "target"
    PULL = "pull"
    FREE = "free"
    MOVE = "move"
    SHIELD = "shield"
    REPAIR = "repair"
    STANCE = "stance"
    OVER = "over"
    NONE = "none"


@frozen
class Enemy:
    """PM-3 / PM-5.3: one enemy on the radar.

    Attributes:
        key: its letter (the waves of PM-3 never hold two of a kind).
        kind: which card.
        ring: radar ring.
        wedge: radar wedge.
        attack: index of the selected attack.
        time: the time-track space of its cube (0 = ACTIVE).
        damage: circles filled, from the top of its card down.
    """

    key: str
    kind: EnemyKind
    ring: Ring
    wedge: Wedge
    attack: int
    time: int
    damage: int = 0

    @property
    def profile(self) -> EnemyProfile:
        """Its card."""
        return self.kind.profile

    @property
    def hit_points(self) -> int:
        """Unfilled circles."""
        return self.profile.hit_points - self.damage

    def disabled(self, attack: int) -> bool:
        """PM-5.3: an attack is disabled when both its circles are filled."""
        return self.damage >= 2 * (attack + 1)

    @property
    def space(self) -> tuple[Ring, Wedge]:
        """Its radar space."""
        return (self.ring, self.wedge)

    @property
    def name(self) -> str:
        """Name it: "Tank (T)"."""
        return f"{self.profile.title} ({self.key})"


@frozen
class LastAttack:
    """PM-11.1: the player's previous attack (for Recoil and Combo): the mount and the target."""

    mount: Mount
    target: str | None


@frozen
class Player:
    """The player's sheet.

    Attributes:
        loadout: weapons and armor.
        mounts: filled circles of each mount (LS, RS, LA, RA), six booleans each (PM-9.3).
        torso: torso circles filled (0-4).
        legs: filled legs circles, one per legs line, top down (PM-5.1).
        stance: PM-10.
        action: the chosen action, None between waves.
        time: the time-track space of the cube (0 = ACTIVE), None between waves.
        placed: where the cube was placed when the action was chosen (PM-7 haste needs a step).
        last_attack: the previous attack (PM-11.1), None at the start of a wave.
        wall: the mount of a Tower Shield whose Wall is up (PM-11.1).
    """

    loadout: Loadout
    mounts: tuple[tuple[bool, ...], ...] = ((False,) * WEAPON_CIRCLES,) * 4
    torso: int = 0
    legs: tuple[bool, ...] = (False,) * 4
    stance: Stance = Stance.STANDING
    action: Action | None = None
    time: int | None = None
    placed: int | None = None
    last_attack: LastAttack | None = None
    wall: Mount | None = None

    def circles(self, mount: Mount) -> tuple[bool, ...]:
        """The six circles of a mount."""
        return self.mounts[_MOUNT_INDEX[mount]]

    def line_disabled(self, action: Action) -> bool:
        """PM-5: every circle of the action's line is filled."""
        mount = action.mount
        if mount is None:
            return self.legs[action.line]
        circles = self.circles(mount)
        return circles[2 * action.line] and circles[2 * action.line + 1]

    def free(self, location: Location) -> int:
        """How many circles of a location are still unfilled."""
        mount = location.mount
        if mount is not None:
            return self.circles(mount).count(False)
        if location is Location.TORSO:
            return TORSO_CIRCLES - self.torso
        return self.legs.count(False)

    @property
    def penalty(self) -> int:
        """PM-4: torso penalty (+1 at 3 damage) plus the weight penalty (PM-12)."""
        return (1 if self.torso >= TORSO_PENALTY_AT else 0) + self.loadout.penalty

    @property
    def intact(self) -> int:
        """PM-13: the score: unfilled circles on weapons, torso and legs."""
        return (
            sum(c.count(False) for c in self.mounts)
            + (TORSO_CIRCLES - self.torso)
            + (self.legs.count(False))
        )

    @property
    def damaged(self) -> bool:
        """Whether any circle is filled (so a repair has something to do)."""
        return self.intact < 4 * 6 + TORSO_CIRCLES + len(LEGS_LINES)

    def weapon(self, mount: Mount) -> Weapon:
        """The weapon on a mount."""
        return self.loadout.weapon(mount)

    def armor(self, location: Location) -> int:
        """PM-9.2: the armor of a location."""
        mount = location.mount
        if mount is not None:
            return self.weapon(mount).profile.armor
        return self.loadout.torso if location is Location.TORSO else self.loadout.legs


@frozen
class Result:
    """How a game ended.

    Attributes:
        won: whether every wave of every battle was beaten.
        score: the total score (PM-13; a campaign adds up its won battles).
        cause: why it was lost ("torso destroyed by the Tank's PPC/Shells"), "" for a win.
    """

    won: bool
    score: int
    cause: str = ""


@frozen
class PaperState:
    """The whole state of a Paper 'Mech game (or campaign).

    Attributes:
        setup: the setup it started from.
        player: the player's sheet.
        enemies: the enemies on the radar, in the order they were generated.
        battle: the battle number (1-based; a single game has one).
        wave: the wave number within the battle (0 before the first).
        prompt: what the game waits for.
        enemy: the enemy a prompt is about (ORDER: none; SHIELD: the attacker; PULL: the target;
            ACTION after a forced re-choice: the enemy whose activation is to be finished).
        haste: the haste of the attack being resolved (PM-7), 0 for a normal one.
        repairs: repairs still to place (PM-13).
        killed: the enemies destroyed in this wave, as kinds.
        score: the score banked from battles already won.
        waves_cleared: waves beaten so far, over all battles.
        result: how the game ended, None while it goes on.
    """

    setup: PaperSetup
    player: Player
    enemies: tuple[Enemy, ...] = ()
    battle: int = 1
    wave: int = 0
    prompt: Prompt = Prompt.DEPLOY
    enemy: str | None = None
    haste: int = 0
    repairs: int = 0
    killed: tuple[EnemyKind, ...] = ()
    score: int = 0
    waves_cleared: int = 0
    result: Result | None = None

    def find(self, key: str) -> Enemy | None:
        """The enemy with letter ``key`` (any case), if it is on the radar."""
        for e in self.enemies:
            if e.key == key:
                return e
        key = key.upper()
        for e in self.enemies:
            if e.key == key:
                return e
        return None

    def get(self, key: str) -> Enemy:
        """The enemy with letter ``key``; KeyError if none."""
        enemy = self.find(key)
        if enemy is None:
            raise KeyError(key)
        return enemy

    def with_enemy(self, enemy: Enemy) -> PaperState:
        """A copy with ``enemy`` replaced (matched by key)."""
        return attrs.evolve(
            self, enemies=tuple(enemy if e.key == enemy.key else e for e in self.enemies)
        )
