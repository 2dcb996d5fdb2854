"""Force building: build totals, orders, uniques (AOD-4), Awe (AOD-21.1), formation factions."""

from __future__ import annotations

import attrs
import pytest

from engine.aod.force import (
    Force,
    ForceEntry,
    awe_dice,
    awe_enabled,
    build_problems,
    formation_factions_problem,
    orders_per_turn,
)
from engine.aod.units import Rank
from tests.engine.aod._assets import by_name, catalogue, units


def _priced(points: int, collector: str = "X"):
    """A copy of the Pathguard squad with another point value and collector number."""
    return attrs.evolve(by_name("Pathguard Rifle Squad"), points=points, collector=collector)


FORCE_A = (
    ("Kestrel KS-2L", 1),
    ("Tortoise TQ-3M", 1),
    ("Talon Battle Armor", 3),
    ("Gadfly VTOL Gunship", 1),
    ("Bastion APC", 1),
    ("Pathguard Rifle Squad", 3),
    ("Field Repair Team", 1),
)
FORCE_B = (
    ("Warden WD-5H", 1),
    ("Longbow Artillery Carrier", 1),
    ("Halberd Hover Tank", 1),
    ("Skywatch AA Carrier", 1),
    ("Pathguard Rifle Squad", 3),
    ("Field Repair Team", 1),
    ("Bastion APC", 1),
)


def _force(name, rows):
    return Force(name, tuple(ForceEntry(by_name(unit), count) for unit, count in rows))


def test_seed_example_295_is_legal_at_300():
    """AOD-4: 2 x 50 + 3 x 17 + 144 = 295 <= 300 is legal."""
    force = Force(
        "seed",
        (
            ForceEntry(_priced(50, "A"), 2),
            ForceEntry(_priced(17, "B"), 3),
            ForceEntry(_priced(144, "C")),
        ),
    )
    assert force.points == 295
    assert build_problems(force, 300) == []


def test_301_is_illegal_at_300():
    """AOD-4: any force worth 301 or more is illegal at 300."""
    force = Force("big", (ForceEntry(_priced(150, "A"), 2), ForceEntry(_priced(1, "B"))))
    assert force.points == 301
    assert build_problems(force, 300) == ["big: 301 points is over the build total of 300 (AOD-4)"]


def test_build_total_must_be_a_multiple_of_150():
    """AOD-4: the build total is always a multiple of 150."""
    force = Force("f", (ForceEntry(_priced(10)),))
    assert build_problems(force, 400) == ["build total 400 is not a multiple of 150 (AOD-4)"]


@pytest.mark.parametrize(("total", "orders"), [(150, 1), (300, 2), (450, 3), (600, 4), (1500, 10)])
def test_orders_per_turn(total, orders):
    """AOD-4 table: orders per turn = build total / 150."""
    assert orders_per_turn(total) == orders


def test_unique_once_per_collector_number():
    """AOD-4: a unique unit at most once per collector number; other copies are fine."""
    star = attrs.evolve(by_name("Kestrel KS-2L"), rank=Rank.UNIQUE, collector="HX-900")
    other_star = attrs.evolve(star, collector="HX-901")
    twice = Force("f", (ForceEntry(star, 2),))
    assert build_problems(twice, 450) == [
        "f: unique unit HX-900 is fielded 2 times (once at most, AOD-4)"
    ]
    assert build_problems(Force("f", (ForceEntry(star), ForceEntry(other_star))), 450) == []
    assert build_problems(Force("f", (ForceEntry(by_name("Kestrel KS-2L"), 3),)), 450) == []


def test_extra_costs_count():
    """AOD-4: gear, pilot and recruitment costs add to the total (AOD-20.6, AOD-20.7)."""
    entry = ForceEntry(by_name("Kestrel KS-2L"), 1, extra=8)
    assert entry.points == 118


def test_demo_forces_total_436():
    """AOD-26.16: both demo forces cost 436 and are legal at 450."""
    for name, rows in (("A", FORCE_A), ("B", FORCE_B)):
        force = _force(name, rows)
        assert force.points == 436
        assert build_problems(force, 450) == []
        assert len(force.units) == sum(count for _, count in rows)


def test_awe_inactive_for_liao_line():
    """AOD-26.16: Force B's elite Liao units total 185 < 225: Awe is inactive (AOD-21.1)."""
    assert not awe_enabled(_force("B", FORCE_B), 450)


def test_awe_with_a_second_warden():
    """AOD-26.16 test variant: a second Warden makes 370 elite Liao points: Awe is active.

    Swapping the Longbow for it costs 551, over 450: at 600 (half 300) it is legal and enabled.
    """
    rows = tuple(r for r in FORCE_B if r[0] != "Longbow Artillery Carrier")
    rows = tuple((n, 2 if n == "Warden WD-5H" else c) for n, c in rows)
    force = _force("B2", rows)
    assert force.points == 551
    assert awe_enabled(force, 450)
    assert awe_enabled(force, 600)
    assert build_problems(force, 600) == []
    assert awe_dice(450) == 1
    assert awe_dice(600) == 1
    assert awe_dice(900) == 2


def test_formation_same_or_allied_factions():
    """AOD-18.1/18.6: allied factions may form; Davion and Steiner may not."""
    cat = catalogue()
    halberd = by_name("Halberd Hover Tank")  # Davion
    skywatch = by_name("Skywatch AA Carrier")  # Steiner
    stormhammer = attrs.evolve(skywatch, faction="stormhammers")
    swordsworn = attrs.evolve(halberd, faction="swordsworn")
    assert formation_factions_problem([halberd, halberd, swordsworn], cat) is None
    assert formation_factions_problem([skywatch, stormhammer, skywatch], cat) is None
    assert formation_factions_problem([halberd, skywatch], cat) == (
        "davion and steiner are not allied (AOD-18.6)"
    )


def test_formation_mercenaries():
    """AOD-18.1: mercenaries join one faction only; mercenaries alone may form ([INTERP])."""
    cat = catalogue()
    merc = by_name("Pathguard Rifle Squad")
    liao = by_name("Longbow Artillery Carrier")
    davion = by_name("Halberd Hover Tank")
    swordsworn = attrs.evolve(davion, faction="swordsworn")
    assert formation_factions_problem([merc, merc, merc], cat) is None
    assert formation_factions_problem([merc, liao, liao], cat) is None
    assert formation_factions_problem([merc, liao, davion], cat) == (
        "with mercenaries a formation holds one faction besides them, not davion and liao"
        " (AOD-18.1)"
    )
    # even allied factions may not mix once mercenaries are in (AOD-18.1)
    assert formation_factions_problem([merc, davion, swordsworn], cat) is not None


def test_formation_sea_fox_renegade():
    """AOD-21.3 Renegade: a Sea Fox unit never joins a formation."""
    tortoise = by_name("Tortoise TQ-3M")
    problem = formation_factions_problem([tortoise, tortoise], catalogue())
    assert problem == "Tortoise TQ-3M is Clan Sea Fox: Renegade, never in a formation (AOD-21.3)"


def test_every_bundled_unit_has_a_known_faction():
    """Each unit's faction is in the catalogue, or it is a mercenary (AOD-2)."""
    for unit in units().values():
        assert unit.faction is None or unit.faction in catalogue().factions
