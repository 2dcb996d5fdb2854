"""BattleTech rule tables as data, each with the digest section it comes from."""

from __future__ import annotations

import enum

from engine.battletech.units import Location

__all__ = [
    "BUILDING_HEXES_MODIFIER",
    "CONSCIOUSNESS",
    "FALL_FACING",
    "HIT_LOCATION",
    "RUBBLE_PSR",
    "SKID_MODIFIER",
    "TRANSFER",
    "WATER_PSR",
    "Column",
    "building_hexes_modifier",
    "heat_mp_loss",
    "skid_modifier",
]

L = Location


class Column(enum.StrEnum):
    """BT-M-34.2: the columns of the 'Mech hit location table."""

    FRONT = "front"
    REAR = "rear"
    LEFT = "left"
    RIGHT = "right"


# fmt: off
HIT_LOCATION: dict[Column, tuple[Location, ...]] = {
    # index = 2D6 roll - 2 (BT-M-34.2 / BT-C-22); a 2 also gives a critical chance (combat digest)
    Column.LEFT:  (L.LT, L.LL, L.LA, L.LA, L.LL, L.LT, L.CT, L.RT, L.RA, L.RL, L.HD),
    Column.FRONT: (L.CT, L.RA, L.RA, L.RL, L.RT, L.CT, L.LT, L.LL, L.LA, L.LA, L.HD),
    Column.REAR:  (L.CT, L.RA, L.RA, L.RL, L.RT, L.CT, L.LT, L.LL, L.LA, L.LA, L.HD),
    Column.RIGHT: (L.RT, L.RL, L.RA, L.RA, L.RL, L.RT, L.CT, L.LT, L.LA, L.LL, L.HD),
}
"""BT-M-34.2: the 'Mech hit location table, used for fall and skid damage."""
# fmt: on

FALL_FACING: dict[int, tuple[int, Column]] = {
    1: (0, Column.FRONT),
    2: (1, Column.RIGHT),
    3: (2, Column.RIGHT),
    4: (3, Column.REAR),
    5: (-2, Column.LEFT),
    6: (-1, Column.LEFT),
}
"""BT-M-34.1: 1D6 -> (hexsides turned clockwise, damage column) after a fall."""

TRANSFER: dict[Location, Location | None] = {
    L.LA: L.LT,
    L.LL: L.LT,
    L.RA: L.RT,
    L.RL: L.RT,
    L.LT: L.CT,
    L.RT: L.CT,
    L.HD: None,
    L.CT: None,
}
"""BT-C-27: where damage goes when a location is destroyed (None: the 'Mech is destroyed)."""

CONSCIOUSNESS: dict[int, int] = {1: 3, 2: 5, 3: 7, 4: 10, 5: 11}
"""BT-M-16: consciousness number by total wounds (6 wounds: dead)."""

WATER_PSR: dict[int, int] = {1: -1, 2: 0}
"""BT-M-31.1: PSR modifier for entering water by depth (3 or deeper: +1)."""

RUBBLE_PSR = 1
"""BT-M-31.1: entering rubble. AMBIGUOUS: the seed reads +1; the English Master Rules Revised and
Total Warfare give 0. We implement the seed's +1."""

SKID_MODIFIER: tuple[tuple[int, int], ...] = ((2, -1), (4, 0), (7, 1), (10, 2))
"""BT-M-29.2: (up to this many hexes moved this turn, modifier); 11+ hexes: +4."""

BUILDING_HEXES_MODIFIER: tuple[tuple[int, int], ...] = ((2, 0), (4, 1), (6, 2), (9, 3))
"""BT-M-31.4: (up to this many hexes moved this turn, modifier); 10+ hexes: +4."""


def skid_modifier(hexes: int) -> int:
    """BT-M-29.2: the skid PSR modifier for a move of ``hexes`` hexes this turn."""
    for limit, modifier in SKID_MODIFIER:
        if hexes <= limit:
            return modifier
    return 4


def building_hexes_modifier(hexes: int) -> int:
    """BT-M-31.4: the building PSR modifier by hexes moved this turn (the one entered counts)."""
    for limit, modifier in BUILDING_HEXES_MODIFIER:
        if hexes <= limit:
            return modifier
    return 4


def heat_mp_loss(heat: int) -> int:
    """BT-M-32.3: Walk MP lost to heat (0-4: 0, 5-9: 1, ... 25+: 5)."""
    return min(max(heat, 0) // 5, 5)
