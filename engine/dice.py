"""Dice: a seeded, counted stream of die rolls, and a scripted one for tests.

The engine never touches a global random generator (DESIGN 2). Every ruleset's ``decide`` is handed
a dice object and writes every value it rolls into the event that it decided, so replay and undo
never roll again.

`Dice` is counter-based: roll number *k* of seed *s* is a pure function of ``(s, k)`` (SplitMix64 of
the pair). That makes a stream's position a single integer, so a game can save it, and undo in solo
play can rewind it, in O(1), and the values are the same on every machine and every Python version.
We do not use :mod:`random` here: its state is a 625-word tuple, its algorithms may change between
Python versions, and its module is a global the engine must not import.
"""

from __future__ import annotations

from typing import Protocol

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _splitmix64(x: int) -> int:
    """Mix a 64-bit integer (Steele, Lea and Flood's SplitMix64 finaliser)."""
    x = (x + _GOLDEN) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


class DiceExhaustedError(Exception):
    """Scripted dice were asked for more values than they were given."""


class DiceSource(Protocol):
    """Anything that rolls dice for ``decide`` and can say how far it has rolled."""

    @property
    def position(self) -> int:
        """How many dice this stream has rolled since its start."""
        ...

    def die(self, sides: int = 6) -> int:
        """Roll one die with ``sides`` faces, 1..sides."""
        ...

    def roll(self, count: int = 2, sides: int = 6) -> tuple[int, ...]:
        """Roll ``count`` dice with ``sides`` faces each."""
        ...

    def at(self, position: int) -> DiceSource:
        """Return a fresh stream of the same dice, started at ``position``."""
        ...


class _Rolling:
    """What both kinds of dice share: ``roll`` in terms of ``die``, and a position counter."""

    _position: int

    @property
    def position(self) -> int:
        """How many dice this stream has rolled since its start."""
        return self._position

    def die(self, sides: int = 6) -> int:  # pragma: no cover - overridden
        raise NotImplementedError

    def roll(self, count: int = 2, sides: int = 6) -> tuple[int, ...]:
        """Roll ``count`` dice with ``sides`` faces each (2d6 by default)."""
        return tuple(self.die(sides) for _ in range(count))


class Dice(_Rolling):
    """A seeded, counted stream of dice; the same seed gives the same rolls everywhere.

    Args:
        seed: any integer; only its low 64 bits matter.
        position: how many dice have already been rolled from this stream.
    """

    __slots__ = ("_key", "_position", "_seed")

    def __init__(self, seed: int, position: int = 0) -> None:
        if position < 0:
            raise ValueError(f"dice position must be >= 0, not {position}")
        self._seed = seed & _MASK64
        # The seed's own mix is the same for every roll: computed once, here.
        self._key = _splitmix64(self._seed)
        self._position = position

    @property
    def seed(self) -> int:
        """The seed's low 64 bits (read-only: the derived key is computed from it once)."""
        return self._seed

    def __repr__(self) -> str:
        return f"Dice(seed={self._seed}, position={self._position})"

    def die(self, sides: int = 6) -> int:
        """Roll one die with ``sides`` faces, 1..sides."""
        if sides < 1:
            raise ValueError(f"a die needs at least one side, not {sides}")
        position = self._position
        self._position = position + 1
        # `_splitmix64(key ^ position)`, written out: this is every roll of every simulated game.
        x = ((self._key ^ position) + _GOLDEN) & _MASK64
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
        # Multiply-shift maps 64 bits onto 1..sides; its bias is below sides / 2**64.
        return (((x ^ (x >> 31)) * sides) >> 64) + 1

    def roll(self, count: int = 2, sides: int = 6) -> tuple[int, ...]:
        """Roll ``count`` dice with ``sides`` faces each (2d6 by default): ``die``, written out."""
        if count <= 0:
            return ()
        if sides < 1:
            raise ValueError(f"a die needs at least one side, not {sides}")
        key = self._key
        start = self._position
        self._position = start + count
        out = []
        for position in range(start, start + count):
            x = ((key ^ position) + _GOLDEN) & _MASK64
            x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
            out.append((((x ^ (x >> 31)) * sides) >> 64) + 1)
        return tuple(out)

    def at(self, position: int) -> Dice:
        """Return a fresh stream of the same seed started at ``position``."""
        return Dice(self._seed, position)


class ScriptedDice(_Rolling):
    """Dice that return fixed values in order, for tests and ``--dice`` in headless play.

    Args:
        values: the die faces to return, in order.
        position: how many of them have already been used.

    Raises:
        DiceExhaustedError: from ``die`` when every value has been used.
        ValueError: from ``die`` when the next value cannot be shown by a die of that many sides.
    """

    def __init__(self, values: tuple[int, ...] | list[int], position: int = 0) -> None:
        self.values = tuple(values)
        if not 0 <= position <= len(self.values):
            raise ValueError(f"position {position} is outside the {len(self.values)} scripted dice")
        self._position = position

    def __repr__(self) -> str:
        return f"ScriptedDice({self.values!r}, position={self._position})"

    def die(self, sides: int = 6) -> int:
        """Return the next scripted value."""
        if self._position >= len(self.values):
            raise DiceExhaustedError(
                f"the scripted dice ran out: all {len(self.values)} values were used"
            )
        value = self.values[self._position]
        if not 1 <= value <= sides:
            raise ValueError(
                f"scripted die number {self._position + 1} is {value}, "
                f"which a {sides}-sided die cannot show"
            )
        self._position += 1
        return value

    def at(self, position: int) -> ScriptedDice:
        """Return the same script started at ``position``."""
        return ScriptedDice(self.values, position)
