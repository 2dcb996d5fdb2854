"""Dystopian Wars dice: exploding pools, plain D6 tests, D2, D3 and 2D6, each die on the record.

Rules: DW-2.1 (reading a pool: 1-3 miss, 4-5 one hit, a natural 6 two hits and a new die that may
explode again), DW-2.2 (D2 and D3 read off a D6), DW-2.3 (modifiers shift the number needed; a
natural 6 always scores two hits and explodes, a natural 1 always misses, a die that reaches 6 only
by a modifier scores one hit and does not explode; the worst number wins; the rolls that do not
explode), DW-28.13 Tier 1 item 1 (every roll written to the log).

The dice come from the kernel's `DiceSource` (DESIGN 2): the engine never uses a global random
generator, and tests pass `ScriptedDice`. Every function returns a frozen record of each die it
rolled, in the order rolled, so the log can tell a pool die by die and replay never rolls again.
"""

from __future__ import annotations

from attrs import frozen

from engine.dice import DiceSource

__all__ = [
    "BASE_THRESHOLD",
    "NATURAL_SIX",
    "DieRoll",
    "PlainRoll",
    "PoolDie",
    "PoolRoll",
    "TwoD6",
    "d2",
    "d3",
    "roll_d6",
    "roll_plain",
    "roll_pool",
    "two_d6",
    "worst",
]

BASE_THRESHOLD = 4
"""DW-2.1: the basic table hits on 4+."""

NATURAL_SIX = 6
"""DW-2.3: the face that always scores two hits and explodes (and the best a modifier can reach)."""

_NATURAL_ONE = 1
_SIX_HITS = 2


def worst(*thresholds: int) -> int:
    """DW-2.3: the worst number wins: of several hit numbers for one roll, the hardest.

    Example (DW-15.5): Small Target's 5+ and Fast Target's "6 only" give 6.

    Raises:
        ValueError: no threshold was given.
    """
    if not thresholds:
        msg = "the worst-number rule needs at least one hit number"
        raise ValueError(msg)
    return max(thresholds)


@frozen
class PoolDie:
    """One die of an exploding pool (DW-2.1, DW-2.3), as the log tells it."""

    face: int
    """The natural face, 1-6."""
    hits: int
    """What it scored: 0, 1, or 2 for a natural 6."""
    bonus: bool
    """True if this die was rolled because an earlier natural 6 exploded."""

    @property
    def exploded(self) -> bool:
        """DW-2.1: a natural 6 (and only a natural 6) adds a new die."""
        return self.hits == _SIX_HITS


@frozen
class PoolRoll:
    """An exploding pool (DW-2.1): the dice asked for, the number needed and every die rolled."""

    count: int
    """The dice in the pool before any explosion."""
    threshold: int
    """The hit number after the worst-number rule (before modifiers): 4 means 4+."""
    mod: int
    """The sum of the +/- modifiers (DW-2.3): +1 turns 4+ into 3+."""
    natural_only: bool
    """True when only natural 6s score (a submerged target, indirect fire: DW-15.4)."""
    dice: tuple[PoolDie, ...]
    """Every die rolled, in order: the pool's dice and then the explosions as they came."""

    @property
    def hits(self) -> int:
        """The total hits (DW-2.1: add up every die's hits, explosions included)."""
        return sum(die.hits for die in self.dice)

    @property
    def faces(self) -> tuple[int, ...]:
        """The natural faces, in the order rolled."""
        return tuple(die.face for die in self.dice)


def _score(face: int, threshold: int, mod: int, *, natural_only: bool) -> int:
    """DW-2.1 / DW-2.3: what one natural ``face`` scores against ``threshold`` with ``mod``."""
    if face == NATURAL_SIX:
        return _SIX_HITS  # a natural 6 always scores two, whatever the modifiers
    if face == _NATURAL_ONE or natural_only:
        return 0  # a natural 1 always misses
    # A die made 6 (or better) by a modifier scores one hit and does not explode.
    return 1 if face + mod >= threshold else 0


def roll_pool(
    dice: DiceSource,
    n: int,
    threshold: int = BASE_THRESHOLD,
    mod: int = 0,
    *,
    natural_only: bool = False,
) -> PoolRoll:
    """DW-2.1 / DW-2.3: roll ``n`` D6 with the exploding-dice rule and keep every die.

    The digest's reference algorithm: each natural 6 scores 2 hits and adds a die (which may
    explode again); a natural 1 misses; any other die hits once if ``face + mod >= threshold``.
    Apply `worst` to several hit numbers before calling. A threshold above 6 (a 4+ with -3) leaves
    only natural 6s to score; so does ``natural_only``.

    Args:
        dice: Where the faces come from.
        n: The dice in the pool (0 or more).
        threshold: The number needed, 2-6 as printed (4 for the basic table).
        mod: The sum of the modifiers.
        natural_only: Only natural 6s score (DW-15.4: submerged targets, indirect fire).

    Raises:
        ValueError: ``n`` is negative.
    """
    if n < 0:
        msg = f"a dice pool cannot have {n} dice"
        raise ValueError(msg)
    rolled: list[PoolDie] = []
    pending = n
    while pending > 0:
        pending -= 1
        face = dice.die(6)
        hits = _score(face, threshold, mod, natural_only=natural_only)
        if hits == _SIX_HITS:
            pending += 1
        rolled.append(PoolDie(face, hits, bonus=len(rolled) >= n))
    return PoolRoll(n, threshold, mod, natural_only, tuple(rolled))


@frozen
class DieRoll:
    """One die that does not explode (DW-2.3), and the value it stands for."""

    face: int
    """The D6 face rolled."""
    value: int
    """What it is worth: the face for a D6, 1-2 for a D2, 1-3 for a D3 (DW-2.2)."""


def roll_d6(dice: DiceSource) -> DieRoll:
    """DW-2.3: one D6 that does not explode (treacherous terrain, UPG, Tesla, repairs...)."""
    face = dice.die(6)
    return DieRoll(face, face)


def d2(dice: DiceSource) -> DieRoll:
    """DW-2.2: a D2 read off a D6: 1-3 give 1, 4-6 give 2."""
    face = dice.die(6)
    return DieRoll(face, (face + 2) // 3)


def d3(dice: DiceSource) -> DieRoll:
    """DW-2.2: a D3 read off a D6: 1-2 give 1, 3-4 give 2, 5-6 give 3."""
    face = dice.die(6)
    return DieRoll(face, (face + 1) // 2)


@frozen
class TwoD6:
    """DW-16.2 and others: two D6 added, neither exploding."""

    first: int
    second: int

    @property
    def total(self) -> int:
        """The sum, 2-12."""
        return self.first + self.second


def two_d6(dice: DiceSource) -> TwoD6:
    """DW-2.3: 2D6 that do not explode (the critical table, the Sturginium Flare)."""
    first, second = dice.roll(2, 6)
    return TwoD6(first, second)


@frozen
class PlainRoll:
    """D6s that succeed or fail one by one and never explode (DW-2.3's non-exploding rolls)."""

    threshold: int
    mod: int
    faces: tuple[int, ...]

    @property
    def successes(self) -> int:
        """Dice with ``face + mod >= threshold``; a natural 1 always fails, a natural 6 passes."""
        return sum(
            1
            for face in self.faces
            if face == NATURAL_SIX or (face != _NATURAL_ONE and face + self.mod >= self.threshold)
        )


def roll_plain(dice: DiceSource, n: int, threshold: int, mod: int = 0) -> PlainRoll:
    """DW-2.3: roll ``n`` D6 that do not explode and count each success once (repairs, Corrosion).

    Raises:
        ValueError: ``n`` is negative.
    """
    if n < 0:
        msg = f"cannot roll {n} dice"
        raise ValueError(msg)
    return PlainRoll(threshold, mod, dice.roll(n, 6))
