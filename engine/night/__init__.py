"""Night rules for any hex ruleset: straying and jitter fire (NT-1..NT-4).

Rules digest: shared/rules/night.md. This package knows nothing of a ruleset: it reads dice and
answers questions through callbacks, so BattleTech (`engine.battletech.rules.night`, NT-5) and later
rulesets share one reading of the rules.

- `Care` and `worst_care`: the care levels of NT-2 (a mixed stack uses the worst, DESIGN).
- `strays`: the movement roll (NT-2): the coloured die of 6 and the white die by care level.
- `stray_direction` and `jitter`: the stray roll (NT-3) and the DESIGN jitter table (NT-4).
- `walk_stray`: the straight-line stray of NT-3, every stop condition given as a callback.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

from attrs import frozen

__all__ = [
    "RAN_OUT",
    "Care",
    "Jitter",
    "Stop",
    "StrayWalk",
    "jitter",
    "stray_direction",
    "strays",
    "walk_stray",
    "worst_care",
]

P = TypeVar("P")
"""A position of the ruleset (a hex)."""


class Care(enum.StrEnum):
    """NT-2: how carefully a unit moves at night (lax strays most, stealthy least)."""

    LAX = "lax"
    NORMAL = "normal"
    STEALTHY = "stealthy"

    @property
    def white_needed(self) -> int:
        """NT-2: the white die a coloured 6 needs to stray (lax: any, normal 3+, stealthy 5+)."""
        return {Care.LAX: 1, Care.NORMAL: 3, Care.STEALTHY: 5}[self]


def worst_care(levels: Iterable[Care]) -> Care:
    """NT-2 (DESIGN): a mixed stack moves at the worst (most careless) level of its units."""
    order = (Care.LAX, Care.NORMAL, Care.STEALTHY)
    found = set(levels)
    return next((level for level in order if level in found), Care.NORMAL)


def strays(care: Care, coloured: int, white: int) -> bool:
    """NT-2: the movement roll strays when the coloured die is 6 and the white die suffices."""
    return coloured == 6 and white >= care.white_needed  # noqa: PLR2004 - the coloured 6


def stray_direction(coloured: int) -> int:
    """NT-3: the stray roll's coloured die is the direction, 1..6 (NT-5: 1 is north, clockwise)."""
    if not 1 <= coloured <= 6:  # noqa: PLR2004 - a die
        msg = f"a die shows 1 to 6, not {coloured}"
        raise ValueError(msg)
    return coloured


class Jitter(enum.StrEnum):
    """NT-4 (DESIGN table): who jitter-fires on a stray roll's doubles."""

    NONE = "none"
    ENEMY = "enemy"
    """The nearest good-order enemy unit fires (doubles 1 or 2); the mover still strays."""
    SELF = "self"
    """The moving unit fires and its movement is cancelled (doubles 5 or 6)."""


def jitter(coloured: int, white: int, *, gunflash: bool) -> Jitter:
    """NT-4: jitter fire of a stray roll (never of a movement roll), only after the first shot.

    DESIGN table: (1,1),(2,2) the nearest enemy fires; (3,3),(4,4) nothing; (5,5),(6,6) the
    moving unit fires and stops.
    """
    if not gunflash or coloured != white:
        return Jitter.NONE
    if coloured <= 2:  # noqa: PLR2004 - the DESIGN table
        return Jitter.ENEMY
    if coloured >= 5:  # noqa: PLR2004 - the DESIGN table
        return Jitter.SELF
    return Jitter.NONE


@frozen
class Stop:
    """Why a stray stopped (NT-3): ``reason`` in words, and whether the unit is marked.

    ``unable``: stopped by forbidden terrain (or by seeing an enemy): marked unable to act
    further this turn. ``free``: it met a friendly unit and may finish its move normally.
    """

    reason: str
    unable: bool = False
    free: bool = False


RAN_OUT = Stop("it ran out of movement points")
"""NT-3: the unit simply ran out of points: not marked."""


@frozen
class StrayWalk(Generic[P]):
    """The result of `walk_stray`: the positions entered (in order), their costs, why it stopped."""

    path: tuple[P, ...]
    costs: tuple[int, ...]
    stop: Stop


def walk_stray(
    start: P,
    points: int,
    *,
    next_position: Callable[[P], P | None],
    cost: Callable[[P, P], int | Stop],
    stop_before: Callable[[P, P], Stop | None],
    stop_after: Callable[[P], Stop | None] = lambda _: None,
    limit: int = 100,
) -> StrayWalk[P]:
    """NT-3: move "as far as possible" in a straight line from ``start``.

    Args:
        start: where the unit stands.
        points: the movement points it may spend (no bonuses while straying).
        next_position: the next position in the stray's direction (None: off the board, which is
            forbidden terrain).
        cost: the points to enter the next position from this one, or a `Stop` when it is
            forbidden terrain.
        stop_before: a `Stop` when the unit must not enter the next position (a lit location,
            closer to a known enemy, a friendly unit, ...), checked before the cost.
        stop_after: a `Stop` once the unit has entered a position (it sees an enemy there).
        limit: a guard against endless boards.

    Returns:
        The positions entered, their costs and the stop: `RAN_OUT` when the points ran out.
    """
    path: list[P] = []
    costs: list[int] = []
    here = start
    left = points
    for _ in range(limit):
        there = next_position(here)
        if there is None:
            return StrayWalk(tuple(path), tuple(costs), Stop("the map edge", unable=True))
        before = stop_before(here, there)
        if before is not None:
            return StrayWalk(tuple(path), tuple(costs), before)
        price = cost(here, there)
        if isinstance(price, Stop):
            return StrayWalk(tuple(path), tuple(costs), price)
        if price > left:
            break
        path.append(there)
        costs.append(price)
        left -= price
        here = there
        after = stop_after(there)
        if after is not None:
            return StrayWalk(tuple(path), tuple(costs), after)
    return StrayWalk(tuple(path), tuple(costs), RAN_OUT)
