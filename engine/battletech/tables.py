"""BattleTech rule tables as data, each with the digest section it comes from."""

from __future__ import annotations

import enum

from engine.battletech.designs.mech import Location

__all__ = [
    "BUILDING_HEXES_MODIFIER",
    "CLUSTER",
    "CLUSTER_COLUMNS",
    "CONSCIOUSNESS",
    "CRITICAL_CHANCE",
    "FALL_FACING",
    "HEAT_AMMO_EXPLOSION",
    "HEAT_SHUTDOWN",
    "HIT_LOCATION",
    "KICK_LOCATION",
    "PHYSICAL_BASE",
    "PUNCH_LOCATION",
    "RUBBLE_PSR",
    "SKID_MODIFIER",
    "TRANSFER",
    "WATER_PSR",
    "Column",
    "building_hexes_modifier",
    "cluster_hits",
    "heat_ammo_target",
    "heat_mp_loss",
    "heat_shutdown_target",
    "heat_to_hit",
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


# The combat rules: BT-C sections.

# fmt: off
PUNCH_LOCATION: dict[Column, tuple[Location, ...]] = {
    # index = 1D6 - 1 (BT-C-23): punches, partial cover, DFA on the target, kicks one level down
    Column.LEFT:  (L.LT, L.LT, L.CT, L.LA, L.LA, L.HD),
    Column.FRONT: (L.LA, L.LT, L.CT, L.RT, L.RA, L.HD),
    Column.REAR:  (L.LA, L.LT, L.CT, L.RT, L.RA, L.HD),
    Column.RIGHT: (L.RT, L.RT, L.CT, L.RA, L.RA, L.HD),
}
"""BT-C-23: the 'Mech punch location table (1D6)."""

KICK_LOCATION: dict[Column, tuple[Location, ...]] = {
    # index = 1D6 - 1 (BT-C-23): kicks, DFA on the attacker, punches one level up
    Column.LEFT:  (L.LL, L.LL, L.LL, L.LL, L.LL, L.LL),
    Column.FRONT: (L.RL, L.RL, L.RL, L.LL, L.LL, L.LL),
    Column.REAR:  (L.RL, L.RL, L.RL, L.LL, L.LL, L.LL),
    Column.RIGHT: (L.RL, L.RL, L.RL, L.RL, L.RL, L.RL),
}
"""BT-C-23: the 'Mech kick location table (1D6)."""

CLUSTER_COLUMNS = (2, 3, 4, 5, 6, 9, 10, 12, 15, 20)
"""BT-C-20: the missiles-fired columns of the cluster hits table."""

CLUSTER: dict[int, tuple[int, ...]] = {
    # missiles fired: hits for a 2D6 roll of 2 .. 12 (BT-C-20, RECON: all 110 cells standard)
    2:  (1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2),
    3:  (1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3),
    4:  (1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4),
    5:  (1, 2, 2, 3, 3, 3, 3, 4, 4, 5, 5),
    6:  (2, 2, 3, 3, 4, 4, 4, 5, 5, 6, 6),
    9:  (3, 3, 4, 5, 5, 5, 5, 7, 7, 9, 9),
    10: (3, 3, 4, 6, 6, 6, 6, 8, 8, 10, 10),
    12: (4, 4, 5, 8, 8, 8, 8, 10, 10, 12, 12),
    15: (5, 5, 6, 9, 9, 9, 9, 12, 12, 15, 15),
    20: (6, 6, 9, 12, 12, 12, 12, 16, 16, 20, 20),
}
"""BT-C-20: the missile (cluster) hits table."""
# fmt: on

CRITICAL_CHANCE: tuple[int, ...] = (0, 0, 0, 0, 0, 0, 1, 1, 2, 2, 3)
"""BT-C-29: criticals for a 2D6 roll of 2 .. 12 (a 12 on the head or a limb blows it off)."""

PHYSICAL_BASE: dict[str, int] = {
    "fall": 7,
    "charge": 5,
    "club": 4,
    "hatchet": 4,
    "sword": 3,
    "dfa": 5,
    "kick": 3,
    "punch": 4,
    "push": 4,
}
"""BT-C-36: base to-hit numbers of physical attacks (sword: ASSUMPTION, BT-C-39)."""

HEAT_SHUTDOWN: tuple[tuple[int, int], ...] = ((26, 10), (22, 8), (18, 6), (14, 4))
"""BT-C-54: (heat at least, avoid on 2D6 >=) for shutdown; 30+ shuts down without a roll."""

HEAT_AMMO_EXPLOSION: tuple[tuple[int, int], ...] = ((28, 8), (23, 6), (19, 4))
"""BT-C-54: (heat at least, avoid on 2D6 >=) for a heat-induced ammunition explosion."""


def cluster_hits(fired: int, roll: int) -> int:
    """BT-C-20: missiles that hit of ``fired`` for a 2D6 ``roll`` (clamped to 2..12).

    MRM-30 and MRM-40 read twice the 15 and 20 columns (ASSUMPTION in BT-C-20); a salvo size with
    no column of its own (1, 8 ...) uses the nearest smaller column, and 1 missile always hits.
    """
    roll = min(max(roll, 2), 12)
    if fired in {30, 40}:
        return 2 * CLUSTER[fired // 2][roll - 2]
    if fired <= 1:
        return fired
    column = max(c for c in CLUSTER_COLUMNS if c <= fired)
    return CLUSTER[column][roll - 2]


def heat_to_hit(heat: int) -> int:
    """BT-C-54: the weapon to-hit modifier at ``heat`` (8: +1, 13: +2, 17: +3, 24: +4)."""
    for limit, modifier in ((24, 4), (17, 3), (13, 2), (8, 1)):
        if heat >= limit:
            return modifier
    return 0


def heat_shutdown_target(heat: int) -> int | None:
    """BT-C-54: the shutdown-avoidance number at ``heat`` (None: no roll; 13: automatic, 30+)."""
    if heat >= 30:  # noqa: PLR2004 - automatic shutdown
        return 13
    for limit, target in HEAT_SHUTDOWN:
        if heat >= limit:
            return target
    return None


def heat_ammo_target(heat: int) -> int | None:
    """BT-C-54: the ammunition-explosion avoidance number at ``heat`` (None: no roll)."""
    for limit, target in HEAT_AMMO_EXPLOSION:
        if heat >= limit:
            return target
    return None
