"""BT-C tables from the rules digest, cell by cell.

Cluster hits (BT-C-20), hit location (BT-C-22), punch and kick location (BT-C-23), transfer
(BT-C-27), critical chance (BT-C-29), consciousness (BT-C-33), physical base numbers (BT-C-36),
the heat scale (BT-C-16/54/55) and the weapon rows of the bundled units (BT-C-64..66). The
tables below are copied from the digest as printed there and parsed, so they read like the
digest.
"""

from __future__ import annotations

import pytest

from engine.battletech import tables
from engine.battletech.data.catalogue import find
from engine.battletech.designs.mech import Location
from engine.battletech.tables import Column

L = Location

CLUSTER_DIGEST = """
| 2D6 \\ missiles fired | 2 | 3 | 4 | 5 | 6 | 9 | 10 | 12 | 15 | 20 |
| 2 | 1 | 1 | 1 | 1 | 2 | 3 | 3 | 4 | 5 | 6 |
| 3 | 1 | 1 | 2 | 2 | 2 | 3 | 3 | 4 | 5 | 6 |
| 4 | 1 | 1 | 2 | 2 | 3 | 4 | 4 | 5 | 6 | 9 |
| 5 | 1 | 2 | 2 | 3 | 3 | 5 | 6 | 8 | 9 | 12 |
| 6 | 1 | 2 | 2 | 3 | 4 | 5 | 6 | 8 | 9 | 12 |
| 7 | 1 | 2 | 3 | 3 | 4 | 5 | 6 | 8 | 9 | 12 |
| 8 | 2 | 2 | 3 | 3 | 4 | 5 | 6 | 8 | 9 | 12 |
| 9 | 2 | 2 | 3 | 4 | 5 | 7 | 8 | 10 | 12 | 16 |
| 10 | 2 | 3 | 3 | 4 | 5 | 7 | 8 | 10 | 12 | 16 |
| 11 | 2 | 3 | 4 | 5 | 6 | 9 | 10 | 12 | 15 | 20 |
| 12 | 2 | 3 | 4 | 5 | 6 | 9 | 10 | 12 | 15 | 20 |
"""


def _rows(text: str) -> list[list[str]]:
    return [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in text.strip().splitlines()
    ]


def _cluster_cells() -> list[tuple[int, int, int]]:
    header, *rows = _rows(CLUSTER_DIGEST)
    columns = [int(c) for c in header[1:]]
    return [
        (fired, int(row[0]), int(cell))
        for row in rows
        for fired, cell in zip(columns, row[1:], strict=True)
    ]


@pytest.mark.parametrize(("fired", "roll", "hits"), _cluster_cells())
def test_cluster_table_cell(fired, roll, hits):
    """BT-C-20: every one of the 110 cells of the missile hits table."""
    assert tables.cluster_hits(fired, roll) == hits


@pytest.mark.parametrize(
    ("fired", "by_roll"),
    [
        (30, (10, 10, 12, 18, 18, 18, 18, 24, 24, 30, 30)),
        (40, (12, 12, 18, 24, 24, 24, 24, 32, 32, 40, 40)),
    ],
)
def test_mrm_30_and_40_read_twice_the_15_and_20_columns(fired, by_roll):
    """BT-C-20 ASSUMPTION: one roll; MRM-30 = 2 x the 15 column, MRM-40 = 2 x the 20 column."""
    assert tuple(tables.cluster_hits(fired, roll) for roll in range(2, 13)) == by_roll


@pytest.mark.parametrize(("roll", "clamped"), [(0, 2), (1, 2), (13, 12), (14, 12)])
def test_cluster_roll_is_clamped(roll, clamped):
    """BT-C-20 ASSUMPTION: a modified cluster roll outside 2..12 reads row 2 or row 12."""
    assert tables.cluster_hits(20, roll) == tables.cluster_hits(20, clamped)


HIT_DIGEST = """
| 2 | LT | CT | RT |
| 3 | LL | RA | RL |
| 4 | LA | RA | RA |
| 5 | LA | RL | RA |
| 6 | LL | RT | RL |
| 7 | LT | CT | RT |
| 8 | CT | LT | CT |
| 9 | RT | LL | LT |
| 10 | RA | LA | LA |
| 11 | RL | LA | LL |
| 12 | HD | HD | HD |
"""


def _location_cells(text: str) -> list[tuple[int, Column, Location]]:
    cells = []
    for row in _rows(text):
        for column, cell in zip((Column.LEFT, Column.FRONT, Column.RIGHT), row[1:], strict=True):
            cells.extend(
                (int(roll), col, L(cell))
                for roll in row[0].split("-")
                for col in ((column, Column.REAR) if column is Column.FRONT else (column,))
            )
    return cells


@pytest.mark.parametrize(("roll", "column", "location"), _location_cells(HIT_DIGEST))
def test_hit_location_table(roll, column, location):
    """BT-C-22: the 'Mech hit location table (2D6); Front and Rear share a column."""
    assert tables.HIT_LOCATION[column][roll - 2] is location


PUNCH_DIGEST = """
| 1 | LT | LA | RT |
| 2 | LT | LT | RT |
| 3 | CT | CT | CT |
| 4 | LA | RT | RA |
| 5 | LA | RA | RA |
| 6 | HD | HD | HD |
"""

KICK_DIGEST = """
| 1 | LL | RL | RL |
| 2 | LL | RL | RL |
| 3 | LL | RL | RL |
| 4 | LL | LL | RL |
| 5 | LL | LL | RL |
| 6 | LL | LL | RL |
"""


@pytest.mark.parametrize(("roll", "column", "location"), _location_cells(PUNCH_DIGEST))
def test_punch_location_table(roll, column, location):
    """BT-C-23: the punch table is rolled on 1D6 (BT-C-91.11)."""
    assert tables.PUNCH_LOCATION[column][roll - 1] is location


@pytest.mark.parametrize(("roll", "column", "location"), _location_cells(KICK_DIGEST))
def test_kick_location_table(roll, column, location):
    """BT-C-23: the kick table (1D6): legs only."""
    assert tables.KICK_LOCATION[column][roll - 1] is location


@pytest.mark.parametrize(
    ("destroyed", "inward"),
    [(L.LA, L.LT), (L.LL, L.LT), (L.RA, L.RT), (L.RL, L.RT), (L.LT, L.CT), (L.RT, L.CT)],
)
def test_damage_transfer_table(destroyed, inward):
    """BT-C-27: arms and legs pass damage to their side torso, side torsos to the center."""
    assert tables.TRANSFER[destroyed] is inward


@pytest.mark.parametrize("fatal", [L.HD, L.CT])
def test_head_and_center_torso_transfer_nowhere(fatal):
    """BT-C-27: losing the head or the center torso destroys the 'Mech (no transfer)."""
    assert tables.TRANSFER[fatal] is None


@pytest.mark.parametrize(
    ("roll", "criticals"),
    [(2, 0), (3, 0), (4, 0), (5, 0), (6, 0), (7, 0), (8, 1), (9, 1), (10, 2), (11, 2), (12, 3)],
)
def test_critical_chance_table(roll, criticals):
    """BT-C-29: 2-7 none, 8-9 one, 10-11 two, 12 three (a torso) or a limb or head blown off."""
    assert tables.CRITICAL_CHANCE[roll - 2] == criticals


@pytest.mark.parametrize(("wounds", "number"), [(1, 3), (2, 5), (3, 7), (4, 10), (5, 11)])
def test_consciousness_table(wounds, number):
    """BT-C-33: 2D6 >= 3, 5, 7, 10, 11 for 1..5 wounds (6 wounds: dead)."""
    assert tables.CONSCIOUSNESS[wounds] == number


def test_six_wounds_have_no_consciousness_number():
    """BT-C-33: the MechWarrior dies at 6 damage."""
    assert 6 not in tables.CONSCIOUSNESS


@pytest.mark.parametrize(
    ("attack", "base"),
    [
        ("fall", 7),
        ("charge", 5),
        ("club", 4),
        ("hatchet", 4),
        ("dfa", 5),
        ("kick", 3),
        ("punch", 4),
        ("push", 4),
    ],
)
def test_physical_base_numbers(attack, base):
    """BT-C-36: the base to-hit numbers of the physical attacks (hatchet uses the club rules)."""
    assert tables.PHYSICAL_BASE[attack] == base


@pytest.mark.parametrize(
    ("heat", "modifier"),
    [(0, 0), (7, 0), (8, 1), (12, 1), (13, 2), (16, 2), (17, 3), (23, 3), (24, 4), (30, 4)],
)
def test_heat_to_hit(heat, modifier):
    """BT-C-16 / BT-C-54: 0-7 +0, 8-12 +1, 13-16 +2, 17-23 +3, 24+ +4 (not cumulative)."""
    assert tables.heat_to_hit(heat) == modifier


@pytest.mark.parametrize(
    ("heat", "loss"),
    [
        (4, 0),
        (5, 1),
        (9, 1),
        (10, 2),
        (14, 2),
        (15, 3),
        (19, 3),
        (20, 4),
        (24, 4),
        (25, 5),
        (30, 5),
    ],
)
def test_heat_walk_mp_loss(heat, loss):
    """BT-C-54: -1/-2/-3/-4/-5 walking MP at 5/10/15/20/25; the highest threshold only."""
    assert tables.heat_mp_loss(heat) == loss


@pytest.mark.parametrize(
    ("heat", "avoid"),
    [
        (13, None),
        (14, 4),
        (17, 4),
        (18, 6),
        (21, 6),
        (22, 8),
        (25, 8),
        (26, 10),
        (29, 10),
    ],
)
def test_shutdown_avoid_numbers(heat, avoid):
    """BT-C-54 / BT-C-55: 14 -> 4+, 18 -> 6+, 22 -> 8+, 26 -> 10+ (the highest reached)."""
    assert tables.heat_shutdown_target(heat) == avoid


@pytest.mark.parametrize("heat", [30, 31, 40])
def test_shutdown_is_automatic_at_30(heat):
    """BT-C-54: 30+ shuts the 'Mech down; no roll avoids it (no 2D6 result reaches the number)."""
    target = tables.heat_shutdown_target(heat)
    assert target is not None
    assert target > 12


@pytest.mark.parametrize(
    ("heat", "avoid"),
    [(18, None), (19, 4), (22, 4), (23, 6), (27, 6), (28, 8), (30, 8)],
)
def test_heat_ammo_explosion_avoid_numbers(heat, avoid):
    """BT-C-54: ammunition explodes at 19 (avoid 4+), 23 (6+), 28 (8+)."""
    assert tables.heat_ammo_target(heat) == avoid


WEAPONS_DIGEST = """
| Medium laser | 3 | 5 | 0 | 3 | 6 | 9 |
| Small laser | 1 | 3 | 0 | 1 | 2 | 3 |
| Large laser | 8 | 8 | 0 | 5 | 10 | 15 |
| PPC | 10 | 10 | 3 | 6 | 12 | 18 |
| AC/5 | 1 | 5 | 3 | 6 | 12 | 18 |
| AC/20 | 7 | 20 | 0 | 3 | 6 | 9 |
| Machine gun | 0 | 2 | 0 | 1 | 2 | 3 |
| LRM 5 | 2 | 1 | 6 | 7 | 14 | 21 |
| LRM 10 | 4 | 1 | 6 | 7 | 14 | 21 |
| LRM 15 | 5 | 1 | 6 | 7 | 14 | 21 |
| LRM 20 | 6 | 1 | 6 | 7 | 14 | 21 |
| SRM 2 | 2 | 2 | 0 | 3 | 6 | 9 |
| SRM 4 | 3 | 2 | 0 | 3 | 6 | 9 |
| SRM 6 | 4 | 2 | 0 | 3 | 6 | 9 |
"""


@pytest.mark.parametrize("row", _rows(WEAPONS_DIGEST), ids=lambda r: r[0])
def test_weapon_rows_of_the_bundled_units(row):
    """BT-C-64..66: heat, damage, minimum range and range bands of every bundled weapon."""
    name, heat, damage, minimum, short, medium, long_ = row
    spec = find(name)
    assert spec is not None
    values = (spec.heat, spec.damage, spec.min_range, spec.short, spec.medium, spec.long)
    assert values == tuple(int(v) for v in (heat, damage, minimum, short, medium, long_))


@pytest.mark.parametrize(
    ("ammo", "shots"),
    [
        ("IS Ammo MG - Full", 200),
        ("IS Ammo SRM-2", 50),
        ("IS Ammo SRM-4", 25),
        ("IS Ammo SRM-6", 15),
        ("IS Ammo LRM-5", 24),
        ("IS Ammo LRM-10", 12),
        ("IS Ammo LRM-15", 8),
        ("IS Ammo LRM-20", 6),
        ("IS Ammo AC/5", 20),
        ("IS Ammo AC/20", 5),
    ],
)
def test_shots_per_ton(ammo, shots):
    """BT-C-12 / BT-C-65..66: shots in a full ton of each bundled ammunition."""
    spec = find(ammo)
    assert spec is not None
    assert spec.shots == shots
