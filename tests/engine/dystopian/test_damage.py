"""Dystopian Wars damage: DR/CR, criticals (one test per table result), fires, magazine, repairs.

Rules: DW-16.1, DW-16.2, DW-16.3, DW-16.4, DW-27 item 2, DW-28.5 (Flare), DW-28.10 (magazine),
DW-24 (Vulnerable, Fuel Reserves, Experienced Engineers), DW-28.13 item 10.
"""

from __future__ import annotations

import attrs
import pytest

from engine.dice import ScriptedDice
from engine.dystopian.combat import Shooter, auxiliary_dice, weapon_ad, weapon_problem
from engine.dystopian.damage import (
    CRITICAL_TABLE,
    Critical,
    Hull,
    Marker,
    damage_from_hits,
    magazine_ad,
    magazine_blast,
    magazine_victims,
    repair_problem,
    repairs,
    resolve_damage,
    roll_critical,
    roll_repair,
)
from engine.dystopian.geometry import Level, Piece, Size
from engine.dystopian.models import MarRef, ModelCard, ModelType
from engine.dystopian.movement import FlareDirection, flare_path
from engine.dystopian.terrain import Board, Cell, TerrainKind, TerrainMap
from engine.hexes import Facing, Hex
from tests.engine.dystopian._assets import models


def card(ident: str, *mars: str) -> ModelCard:
    found = models()[ident]
    return attrs.evolve(found, mars=found.mars + tuple(MarRef(m) for m in mars))


def crit(total: int, *more: int, hull: Hull | None = None) -> Critical:
    """Roll one critical on a fresh battleship with 2D6 = ``total`` split as (1, total - 1)."""
    faces = [min(total - 1, 6), total - min(total - 1, 6), *more]
    return roll_critical(ScriptedDice(faces), hull or Hull(card("BB"))).critical


# ---- DR and CR (DW-16.1) ------------------------------------------------------------------------


def test_frigate_examples() -> None:
    """DW-16.1 example: a DR 3 frigate hit 3 times loses 1 HP; 6 hits (its CR) kill it outright."""
    frigate = Hull(card("FF"))
    assert damage_from_hits(frigate, 2).hp_lost == 0
    three = damage_from_hits(frigate, 3)
    assert (three.hp_lost, three.criticals) == (1, 0)
    six = resolve_damage(ScriptedDice([]), frigate, 6)  # starting HP 2: no table roll
    assert (six.hp_lost, six.criticals, six.destroyed) == (2, (), True)


def test_multiple_criticals() -> None:
    """DW-16.1 example: a CR 6 cruiser taking 12 hits suffers two criticals, 18 three."""
    cruiser = Hull(card("CR"))
    assert damage_from_hits(cruiser, 5).criticals == 0
    assert damage_from_hits(cruiser, 6).criticals == 1
    assert damage_from_hits(cruiser, 12).criticals == 2
    assert damage_from_hits(cruiser, 18).criticals == 3


def test_critical_replaces_the_hull_point_and_costs_two() -> None:
    """DW-16.1: CR reached: 2 HP per critical, never combined with the DR point."""
    outcome = resolve_damage(ScriptedDice([4, 4, 3, 5]), Hull(card("CR")), 12)
    assert [c.critical for c in outcome.criticals] == [Critical.ENGINE_FAILURE] * 2
    assert outcome.hp_lost == 4
    assert outcome.destroyed  # the cruiser had 4 HP


def test_last_hull_points_still_roll() -> None:
    """DW-16.1: a model with 2 or fewer HP left that takes a critical still rolls on the table."""
    outcome = resolve_damage(ScriptedDice([3, 3]), Hull(card("BB"), damage=6), 9)
    assert outcome.criticals[0].critical is Critical.WEAPONS_DAMAGED
    assert outcome.destroyed


# ---- the Critical Hit Table, one test per result (DW-16.2) -------------------------------------


def test_table_has_eleven_results() -> None:
    """DW-16.2: 2 to 12, eleven results, each named with its repairability."""
    assert sorted(CRITICAL_TABLE) == list(range(2, 13))
    repairable = {c for c, e in CRITICAL_TABLE.items() if e.repairable}
    assert repairable == {3, 4, 5, 6, 8, 9, 11}


def test_2_magazine_explosion() -> None:
    """DW-16.2 result 2 / DW-28.10: destroyed whatever HP; 2 x starting HP AD on pieces at d <= 2.

    Terrain of height 1 or more on both lines screens a piece.
    """
    outcome = resolve_damage(ScriptedDice([1, 1]), Hull(card("BB")), 9)
    assert outcome.criticals[0].critical is Critical.MAGAZINE_EXPLOSION
    assert outcome.hp_lost == 8
    assert outcome.destroyed
    assert magazine_ad(card("BB")) == 16
    here, near, far, hidden = Hex(5, 8), Hex(5, 6), Hex(5, 5), Hex(7, 7)
    cells = {Hex(6, 8): Cell(TerrainKind.MOUNTAIN), Hex(6, 7): Cell(TerrainKind.MOUNTAIN)}
    pieces = tuple(
        Piece(h, Facing.N, Size.MEDIUM, Level.SURFACE, 1) for h in (here, near, far, hidden)
    )
    board = Board(TerrainMap.of(cells, 12, 12, TerrainKind.WATER), pieces)
    assert magazine_victims(board, 0) == (1,)
    open_sea = Board(TerrainMap.of({}, 12, 12, TerrainKind.WATER), pieces)
    assert magazine_victims(open_sea, 0) == (1, 3)


def test_3_shattered_defences() -> None:
    """DW-16.2 result 3: 2 HP, no AA or CC (the marker zeroes them)."""
    outcome = resolve_damage(ScriptedDice([1, 2]), Hull(card("BB")), 9)
    assert outcome.markers == (Marker.SHATTERED_DEFENCES,)
    assert outcome.hp_lost == 2
    assert auxiliary_dice(Shooter(card("BB"), shattered=True), card("BB").cc) == 0


def test_4_raging_fire() -> None:
    """DW-16.2 result 4: 2 HP, 2 AP and one Raging Fire marker."""
    outcome = resolve_damage(ScriptedDice([2, 2]), Hull(card("BB")), 9)
    assert outcome.markers == (Marker.RAGING_FIRE,)
    assert (outcome.hp_lost, outcome.ap_lost) == (2, 2)


def test_4_raging_fire_rerolled_by_submerged_creature() -> None:
    """DW-16.3: a submerged creature or robot ignores Raging Fire and re-rolls."""
    beast = Hull(attrs.evolve(card("SS"), type=ModelType.CREATURE), submerged=True)
    rolled = roll_critical(ScriptedDice([2, 2, 1, 3, 4, 4]), beast)
    assert [r.total for r in rolled.rolls] == [4, 4, 8]
    assert rolled.critical is Critical.ENGINE_FAILURE


def test_5_systems_offline() -> None:
    """DW-16.2 result 5: 2 HP and the Systems Offline marker."""
    assert crit(5) is Critical.SYSTEMS_OFFLINE
    assert CRITICAL_TABLE[Critical.SYSTEMS_OFFLINE].marker is Marker.SYSTEMS_OFFLINE


def test_6_weapons_damaged() -> None:
    """DW-16.2 result 6: Half AD on every primary and secondary."""
    outcome = resolve_damage(ScriptedDice([3, 3]), Hull(card("BB")), 9)
    assert outcome.markers == (Marker.HALF_AD,)
    gun = card("BB").weapons[0]
    assert weapon_ad(Shooter(card("BB"), half_ad=True), gun, 2) == 5


def test_7_hard_hit() -> None:
    """DW-16.2 result 7: 2 HP and 1D3+1 AP (D3 of a 5 is 3: 4 AP)."""
    outcome = resolve_damage(ScriptedDice([3, 4, 5]), Hull(card("BB")), 9)
    assert outcome.criticals[0].critical is Critical.HARD_HIT
    assert (outcome.hp_lost, outcome.ap_lost, outcome.markers) == (2, 4, ())


def test_8_engine_failure() -> None:
    """DW-16.2 result 8: 2 HP and Half MV."""
    outcome = resolve_damage(ScriptedDice([4, 4]), Hull(card("BB")), 9)
    assert outcome.markers == (Marker.HALF_MV,)


def test_9_navigation_lock() -> None:
    """DW-16.2 result 9: 2 HP and the Navigation Lock arrow."""
    outcome = resolve_damage(ScriptedDice([4, 5]), Hull(card("BB")), 9)
    assert outcome.markers == (Marker.NAVIGATION_LOCK,)


def test_10_fusion_leak() -> None:
    """DW-16.2 result 10: CR becomes DR for good, so DR hits now cause a critical; no repair."""
    outcome = resolve_damage(ScriptedDice([5, 5]), Hull(card("BB")), 9)
    assert outcome.markers == (Marker.FUSION_LEAK,)
    leaking = Hull(card("BB"), damage=2, fusion_leak=True)
    assert leaking.cr == 6
    assert damage_from_hits(leaking, 6).criticals == 1
    assert repair_problem(card("BB"), Marker.FUSION_LEAK)


def test_11_chaos_and_disarray() -> None:
    """DW-16.2 result 11: no rockets, torpedoes, bombs or mines."""
    outcome = resolve_damage(ScriptedDice([5, 6]), Hull(card("BB")), 9)
    assert outcome.markers == (Marker.CHAOS_AND_DISARRAY,)
    assert weapon_problem(Shooter(card("BB"), chaos=True), card("BB").weapons[3])


def test_12_sturginium_flare() -> None:
    """DW-16.2 result 12 / DW-28.5: direction die and floor(2D6/2) hexes, facing kept."""
    rolled = roll_critical(ScriptedDice([6, 6, 5, 4, 3]), Hull(card("BB")))
    assert rolled.critical is Critical.STURGINIUM_FLARE
    assert rolled.flare is not None
    assert (rolled.flare.way, rolled.flare.hexes) == (FlareDirection.STERN, 3)
    path = flare_path(Hex(5, 5), Facing.N, rolled.flare.way, rolled.flare.hexes)
    assert path == (Hex(5, 6), Hex(5, 7), Hex(5, 8))


@pytest.mark.parametrize(
    ("face", "first", "second"),
    [(1, Facing.N, Facing.N), (3, Facing.NW, Facing.SW), (4, Facing.NE, Facing.SE)],
)
def test_flare_directions(face: int, first: Facing, second: Facing) -> None:
    """DW-28.5: bow steps ahead; port alternates f-1, f-2; starboard f+1, f+2 (kernel order)."""
    rolled = roll_critical(ScriptedDice([6, 6, face, 2, 2]), Hull(card("BB")))
    assert rolled.flare is not None
    start = Hex(5, 5)
    path = flare_path(start, Facing.N, rolled.flare.way, rolled.flare.hexes)
    assert path == (start.neighbor(first), start.neighbor(first).neighbor(second))


# ---- MARs on the critical roll (DW-16.2, DW-24) -------------------------------------------------


def test_vulnerable_rerolls_both_dice_and_keeps_the_second() -> None:
    """DW-16.2 / DW-24: against a Vulnerable model the second 2D6 counts."""
    weak = Hull(card("BB", "vulnerable"))
    rolled = roll_critical(ScriptedDice([4, 4, 1, 1]), weak, reroll=True)
    assert rolled.critical is Critical.MAGAZINE_EXPLOSION
    assert roll_critical(ScriptedDice([4, 4]), Hull(card("BB")), reroll=True).critical == 8


def test_fuel_reserves_extra_fire() -> None:
    """DW-16.2 / DW-24: Fuel Reserves: on 5-6 one more Fire marker."""
    fuel = Hull(card("BB", "fuel_reserves"))
    assert resolve_damage(ScriptedDice([4, 4, 5]), fuel, 9).markers == (
        Marker.HALF_MV,
        Marker.RAGING_FIRE,
    )
    assert resolve_damage(ScriptedDice([2, 2, 6]), fuel, 9).markers == (Marker.RAGING_FIRE,) * 2
    assert resolve_damage(ScriptedDice([4, 4, 4]), fuel, 9).markers == (Marker.HALF_MV,)


# ---- repairs (DW-16.4) ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("face", "repaired", "ap", "spread"),
    [(1, True, 0, False), (3, True, 0, False), (4, False, 1, False), (6, False, 1, True)],
)
def test_fire_repair(face: int, *, repaired: bool, ap: int, spread: bool) -> None:
    """DW-16.4: a fire: 1-3 out; 4-5 burns on and costs 1 AP; 6 also spreads to a new marker."""
    roll = roll_repair(ScriptedDice([face]), card("BB"), Marker.RAGING_FIRE)
    assert (roll.repaired, roll.ap_lost, roll.new_fire) == (repaired, ap, spread)


def test_other_repairs_cost_nothing_when_failed() -> None:
    """DW-16.4: a failed repair of a marker just leaves it; Experienced Engineers repair on 4."""
    failed = roll_repair(ScriptedDice([6]), card("BB"), Marker.HALF_AD)
    assert (failed.repaired, failed.ap_lost, failed.new_fire) == (False, 0, False)
    assert not roll_repair(ScriptedDice([4]), card("BB"), Marker.HALF_MV).repaired
    assert roll_repair(
        ScriptedDice([4]), card("BB", "experienced_engineers"), Marker.HALF_MV
    ).repaired


def test_who_may_repair_what() -> None:
    """DW-16.4: derelicts and prizes only fires and Corrosion; creatures and robots only fires."""
    ship, beast = card("BB"), attrs.evolve(card("BB"), type=ModelType.ROBOT)
    assert repair_problem(ship, Marker.HALF_AD, derelict=True)
    assert repair_problem(ship, Marker.RAGING_FIRE, derelict=True) == ""
    assert repair_problem(beast, Marker.HALF_AD)
    assert repair_problem(beast, Marker.RAGING_FIRE) == ""
    rolls = repairs(
        ScriptedDice([2, 5]), ship, [Marker.HALF_AD, Marker.FUSION_LEAK, Marker.RAGING_FIRE]
    )
    assert [(r.marker, r.repaired) for r in rolls] == [
        (Marker.HALF_AD, True),
        (Marker.RAGING_FIRE, False),
    ]


def test_tesla_critical_costs_no_hp_and_rerolls_2_and_12() -> None:
    """DW-23 Tesla: the target rolls on the table but loses no HP; 2 and 12 are re-rolled."""
    rolled = roll_critical(ScriptedDice([1, 1, 6, 6, 3, 3]), Hull(card("BB")), tesla=True)
    assert [r.total for r in rolled.rolls] == [2, 12, 6]
    assert rolled.critical is Critical.WEAPONS_DAMAGED
    assert rolled.hp_lost == 0


def test_magazine_blast_rolls_for_each_victim() -> None:
    """DW-16.2 / DW-28.10: each victim at d <= 2 takes its own attack of 2 x starting HP dice."""
    pieces = tuple(
        Piece(h, Facing.N, Size.MEDIUM, Level.SURFACE, 1) for h in (Hex(5, 5), Hex(5, 6))
    )
    board = Board(TerrainMap.of({}, 12, 12, TerrainKind.WATER), pieces)
    frigate_blast = magazine_blast(ScriptedDice([4, 1, 1, 1]), board, 0, card("FF"))
    assert [(victim, roll.count, roll.hits) for victim, roll in frigate_blast] == [(1, 4, 1)]


def test_marker_names_are_the_state_fields() -> None:
    """DW-5: fires and Corrosion are counted markers; the others are flags."""
    assert Marker.RAGING_FIRE.counted
    assert Marker.CORROSION.counted
    assert not Marker.HALF_AD.counted
    assert Marker.SYSTEMS_OFFLINE.value == "generators_offline"
