"""Dystopian Wars: bringing one weapon to bear on one target on the hex board.

Rules: DW-15.1, DW-15.2 / DW-28.7 (bands, height limits), DW-14.4 / DW-28.6 (arcs, spines, P/S
broadsides), DW-14.5 / DW-28.8 (sight), DW-13.4 (woods), DW-18.1 (torpedo paths), DW-18.5
(bombs), DW-18.7 (indirect fire), DW-28.13 item 8.
"""

from __future__ import annotations

import pytest

from engine.dystopian.combat import Shooter, Target
from engine.dystopian.geometry import Cover, Level, Piece, RangeBand, Size
from engine.dystopian.models import ModelCard, Weapon
from engine.dystopian.ordnance import Fire, aim, aim_problem
from engine.dystopian.terrain import Board, Cell, TerrainKind, TerrainMap
from engine.hexes import Facing, Hex
from tests.engine.dystopian._assets import models

HOME = Hex(5, 10)
"""The shooter's hex; it faces north (r decreasing)."""


def card(ident: str) -> ModelCard:
    return models()[ident]


def weapon(ident: str, name: str) -> Weapon:
    return next(w for w in models()[ident].weapons if w.name.startswith(name))


def piece(
    where: Hex, level: Level = Level.SURFACE, side: int = 1, size: Size = Size.MEDIUM
) -> Piece:
    return Piece(where, Facing.N, size, level, side)


def setup(
    target: Hex,
    *,
    shooter: str = "BB",
    target_card: str = "CR",
    shooter_level: Level = Level.SURFACE,
    target_level: Level = Level.SURFACE,
    others: tuple[Piece, ...] = (),
    cells: dict[Hex, Cell] | None = None,
) -> Board:
    size = Size.LARGE if shooter in {"BB", "AS"} else Size.MEDIUM
    pieces = (piece(HOME, shooter_level, 0, size), piece(target, target_level), *others)
    return Board(TerrainMap.of(cells or {}, 36, 24, TerrainKind.WATER), pieces)


def fire(
    gun: Weapon,
    *,
    shooter: str = "BB",
    target_card: str = "CR",
    shooter_level: Level = Level.SURFACE,
    target_level: Level = Level.SURFACE,
    indirect: bool = False,
    spotter: int | None = None,
) -> Fire:
    return Fire(
        0,
        1,
        Shooter(card(shooter), level=shooter_level),
        Target(card(target_card), level=target_level),
        gun,
        spotter=spotter,
        indirect=indirect,
    )


def test_turret_ahead_full_dice() -> None:
    """DW-15.2 / DW-28.6: 6 hexes ahead is RB2, in the fore 270 arc: 10 AD on 4+."""
    board = setup(Hex(5, 4))
    result = aim(board, fire(weapon("BB", "Fore")))
    assert (result.distance, result.band, result.cover, result.ad) == (
        6,
        RangeBand.RB2,
        Cover.FULL,
        10,
    )
    assert (result.need.threshold, result.need.mod) == (4, 0)


def test_turret_close_primary_minus_one() -> None:
    """DW-28.7: primaries get -1 to hit at d <= 4."""
    result = aim(setup(Hex(5, 7)), fire(weapon("BB", "Fore")))
    assert (result.band, result.ad, result.need.mod) == (RangeBand.RB1, 8, -1)


def test_out_of_arc_and_out_of_range() -> None:
    """DW-28.6 / DW-28.7: the fore 270 arc does not cover A; beyond 16 hexes nothing fires."""
    behind = setup(Hex(5, 16))
    assert (
        aim_problem(behind, fire(weapon("BB", "Fore"))) == "The target is not in that weapon's arc."
    )
    assert aim(behind, fire(weapon("BB", "Aft"))).ad == 10
    far = setup(Hex(22, 10))
    assert aim_problem(far, fire(weapon("BB", "Aft"))) == "The target is out of range."
    with pytest.raises(ValueError, match="out of range"):
        aim(far, fire(weapon("BB", "Aft")))


def test_dash_on_card() -> None:
    """DW-15.2: the broadside prints a dash in RB4."""
    board = setup(Hex(21, 2))
    assert aim_problem(board, fire(weapon("BB", "Broadside"))) == (
        "That weapon cannot fire at that range."
    )


def test_broadside_either_side() -> None:
    """DW-4.1 / DW-28.6: a P/S broadside fires at full value to port or starboard."""
    assert aim(setup(Hex(9, 5)), fire(weapon("BB", "Broadside"))).ad == 6
    assert aim(setup(Hex(1, 7)), fire(weapon("BB", "Broadside"))).ad == 6
    assert aim_problem(setup(Hex(5, 4)), fire(weapon("BB", "Broadside")))


def test_spine_target_half_dice() -> None:
    """DW-14.4 / DW-28.6: a target on the spine at the edge of a 90 fore arc: half AD."""
    result = aim(setup(Hex(8, 4)), fire(weapon("BB", "Torpedoes")))
    assert (result.cover, result.ad) == (Cover.HALF, 3)


def test_partial_sight_halves_once() -> None:
    """DW-28.8: one traced line blocked by a model: half AD (never halved twice)."""
    blocker = piece(Hex(5, 7), size=Size.LARGE, side=0)
    board = setup(Hex(4, 5), others=(blocker,))
    result = aim(board, fire(weapon("BB", "Fore")))
    assert result.cover is Cover.HALF
    assert result.ad == 5


def test_blocked_sight() -> None:
    """DW-28.8: both lines blocked: no attack."""
    blocker = piece(Hex(5, 7), size=Size.LARGE, side=0)
    board = setup(Hex(5, 4), others=(blocker,))
    assert aim_problem(board, fire(weapon("BB", "Fore"))) == "The target cannot be seen."


def test_height_limits() -> None:
    """DW-14.6 / DW-28.7: no ordnance at a flyer or a diver within 4 hexes."""
    flyer = setup(Hex(5, 7), target_level=Level.FLYING)
    assert aim_problem(
        flyer, fire(weapon("BB", "Fore"), target_card="AS", target_level=Level.FLYING)
    )
    diver = setup(Hex(5, 7))
    assert aim_problem(diver, fire(weapon("BB", "Fore"), target_card="SS"))
    assert aim(setup(Hex(5, 4)), fire(weapon("BB", "Fore"), target_card="SS")).need.threshold == 5


def test_woods_threshold() -> None:
    """DW-13.4 / DW-28.8: a target in woods by its edge is hit only on 5-6."""
    board = setup(Hex(5, 4), target_card="TK", cells={Hex(5, 4): Cell(TerrainKind.WOODS)})
    result = aim(board, fire(weapon("BB", "Fore"), target_card="TK"))
    assert result.need.threshold == 5


def test_torpedo_path() -> None:
    """DW-18.1 / DW-28.8: a naval model in the torpedoes' path stops them."""
    blocker = piece(Hex(5, 8), size=Size.SMALL, side=0)
    board = setup(Hex(5, 5), others=(blocker,))
    assert aim_problem(board, fire(weapon("BB", "Torpedoes"))) == (
        "The torpedoes' path is blocked by a model or terrain."
    )


def test_bombs_from_above() -> None:
    """DW-18.5 example setting: an airship bombs a battleship 1 hex astern: 10 AD on 4+."""
    board = setup(Hex(5, 11), shooter="AS", shooter_level=Level.FLYING)
    gun = fire(weapon("AS", "Bombs"), shooter="AS", shooter_level=Level.FLYING, target_card="BB")
    result = aim(board, gun)
    assert (result.cover, result.ad, result.need.threshold) == (Cover.FULL, 10, 4)
    ahead = setup(Hex(5, 9), shooter="AS", shooter_level=Level.FLYING)
    assert aim_problem(ahead, gun)


def test_indirect_fire_over_a_blocker() -> None:
    """DW-18.7 / DW-28.8: over an intervening model, through a spotter's sight: a natural 6."""
    target, spotter = Hex(5, 0), Hex(4, 3)
    wall = piece(Hex(5, 5), size=Size.MASSIVE, side=0)
    eye = piece(spotter, side=0, size=Size.SMALL)
    board = setup(target, others=(wall, eye))
    direct = fire(weapon("BB", "Fore"))
    assert aim_problem(board, direct) == "The target cannot be seen."
    indirect = fire(weapon("BB", "Fore"), indirect=True, spotter=3)
    result = aim(board, indirect)
    assert (result.indirect, result.band, result.ad, result.need.threshold) == (
        True,
        RangeBand.RB3,
        8,
        6,
    )
    assert aim_problem(board, fire(weapon("BB", "Fore"), indirect=True))


def test_no_fire_at_friends() -> None:
    """DW-15.1: never at your own fleet."""
    board = setup(Hex(5, 4))
    gun = Fire(0, 1, Shooter(card("BB")), Target(card("CR"), friendly=True), weapon("BB", "Fore"))
    assert aim_problem(board, gun) == "You may never fire at your own fleet."
