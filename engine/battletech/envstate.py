"""A BattleTech battlefield's environment: scenario settings and state (BT-M-39, BT-C-61).

Kept apart from `engine.battletech.state` (which holds one field of each) so the environment rules
(`engine.battletech.rules.environment`) and the screen can read them without import cycles. The
temperature stays where it was (``BTSetup.temperature``, BT-C-61.1).

- `Environment`: the scenario's ``[environment]`` table: gravity, vacuum, swamp and ice.
- `EnvState`: the game's copy: gravity and vacuum, and the ice-covered water hexes with the depth
  of the water under them (an ice-covered hex plays as iced ground at the water's surface until it
  breaks or melts, BT-M-39.2; then it is open water again). ``state.environment`` is None in a
  standard game (1 G, air, no ice over water).
"""

from __future__ import annotations

import math
from fractions import Fraction

from attrs import frozen

from engine.hexes import Hex

__all__ = [
    "ONE_G",
    "STANDARD_GRAVITY",
    "EnvState",
    "Environment",
    "by_gravity",
    "fall_by_gravity",
    "gravity_of",
]

STANDARD_GRAVITY = 100
"""1 G, in hundredths of a G (the unit gravity is kept in: exact, and plain in a save)."""
ONE_G = Fraction(1)


def by_gravity(mp: int, g: Fraction) -> int:
    """BT-M-39.3 / BT-C-61.3: Walk or Jump MP at ``g`` G: ``mp / g`` to the nearest, .5 down.

    4 at 0.75 G: 5.33 -> 5; 4 at 1.25 G: 3.2 -> 3; 3 at 0.6 G: 5 exactly.
    """
    if g == ONE_G or mp <= 0:
        return max(mp, 0)
    q = Fraction(mp) / g
    n = math.floor(q)
    return n + 1 if q - n > Fraction(1, 2) else n


def fall_by_gravity(damage: int, g: Fraction) -> int:
    """BT-M-35 item 6 / BT-M-39.3: falling damage times the gravity (ASSUMPTION: rounded up)."""
    return damage if g == ONE_G else math.ceil(damage * g)


def gravity_of(environment: EnvState | None) -> Fraction:
    """The battlefield's gravity in G (1 in a standard game)."""
    return ONE_G if environment is None else environment.g


@frozen
class Environment:
    """A scenario's ``[environment]`` table (BT-M-39, BT-C-61).

    Attributes:
        gravity: in hundredths of a G (100 = 1 G; BT-M-39.3).
        vacuum: the battle is fought in vacuum (BT-M-39.5, BT-C-61.5).
        swamp: Depth 0 water plays as swamp (the optional rule of BT-M-39.1).
        ice: every water hex of the board is ice-covered (BT-M-39.2).
        iced: more hexes iced before play (water hexes are ice-covered, others iced ground).
        frozen: iced water hexes frozen solid: their ice never breaks (BT-M-39.2).
    """

    gravity: int = STANDARD_GRAVITY
    vacuum: bool = False
    swamp: bool = False
    ice: bool = False
    iced: tuple[Hex, ...] = ()
    frozen: tuple[Hex, ...] = ()

    @property
    def g(self) -> Fraction:
        """The gravity in G, exact."""
        return Fraction(self.gravity, STANDARD_GRAVITY)


@frozen
class EnvState:
    """The environment as the game plays it.

    Attributes:
        gravity: in hundredths of a G.
        vacuum: fought in vacuum.
        under_ice: ice-covered water hexes (not frozen solid) and the depth under the ice.
    """

    gravity: int = STANDARD_GRAVITY
    vacuum: bool = False
    under_ice: tuple[tuple[Hex, int], ...] = ()

    @property
    def g(self) -> Fraction:
        """The gravity in G, exact."""
        return Fraction(self.gravity, STANDARD_GRAVITY)

    def depth_under(self, where: Hex) -> int | None:
        """The water's depth under the ice of ``where``; None when no breakable ice is there."""
        for hex_, depth in self.under_ice:
            if hex_ == where:
                return depth
        return None

    def without_ice(self, where: Hex) -> EnvState:
        """The same, the ice of ``where`` gone (broken or melted)."""
        kept = tuple(item for item in self.under_ice if item[0] != where)
        return EnvState(self.gravity, self.vacuum, kept)
