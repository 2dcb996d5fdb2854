"""Conventional infantry rules as pure functions (issue 20): `engine.battletech.kinds.infantry`.

Every table row of the digests that names infantry is checked with the digest's own numbers:
BT-M-4 (kinds, MP), BT-M-8.5 and BT-M-21..23 (terrain), BT-M-25 (stacking), BT-M-29.8 (skids),
BT-M-39.1/39.4/39.5 (swamp, temperature, vacuum), BT-C-34 (destroyed), BT-C-35 (damage taken),
BT-C-35.6/35.7 (the platoon's attacks and range brackets), BT-C-35.8..35.10 (anti-'Mech attacks),
BT-C-35.12 (mechanized), BT-C-41..47 (physical attacks on infantry), BT-C-61.5 (vacuum).
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.battletech.board import Bridge, Building, BuildingClass, Terrain, Woods
from engine.battletech.data import catalogue
from engine.battletech.data.blk import parse_blk
from engine.battletech.designs.infantry import InfantryDesign, InfantryMotion
from engine.battletech.designs.mech import Location
from engine.battletech.kinds import infantry as inf
from engine.battletech.kinds.infantry import (
    AntiMechAttacker,
    AntiMechTarget,
    DamageClass,
    InfantryBody,
    Occupant,
    Terrains,
)
from tests.conftest import SHARED

BLK_DIR = SHARED / "data" / "megamek" / "blk"
NO_SHARED = f"MegaMek's .blk files are not in {BLK_DIR} (the shared data folder is absent)"
needs_shared = pytest.mark.skipif(not BLK_DIR.is_dir(), reason=NO_SHARED)

M = InfantryMotion
L = Location


def _platoon(motion: M = M.FOOT, squads: int = 4, size: int = 7, **kw: object) -> InfantryDesign:
    return InfantryDesign("Test Platoon", "", motion, size, squads, "Auto-Rifle", **kw)  # type: ignore[arg-type]


def _spec(key: str) -> catalogue.WeaponSpec:
    spec = catalogue.SPECS[key]
    assert isinstance(spec, catalogue.WeaponSpec)
    return spec


# ---------------------------------------------------------------------------------- bodies
@needs_shared
def test_fresh_platoon_from_the_shared_blk_file() -> None:
    """BT-M-4, BT-M-5: Foot Platoon (Rifle): 4 squads x 7 = 28 men in action, swarming none."""
    text = (BLK_DIR / "Foot Platoon (Rifle).blk").read_text(encoding="utf-8")
    design = parse_blk(text, "Foot Platoon (Rifle).blk").design
    assert isinstance(design, InfantryDesign)
    body = inf.infantry_body(design)
    assert body == InfantryBody(troopers=28)
    assert body.swarming is None
    assert not body.destroyed
    assert inf.infantry_mp(design) == (1, 0)
    # BT-C-35.6's worked example reads from the same file: d = 0.52, R = 1.
    assert inf.design_damage_per_trooper(design) == pytest.approx(0.52)
    assert inf.platoon_range(design) == 1


@pytest.mark.parametrize(
    ("squads", "size", "men"),
    [(4, 7, 28), (3, 7, 21), (5, 5, 25)],  # BT-M-4: IS foot/motorized 28, IS jump 21, Clan Point 25
)
def test_fresh_body_holds_every_man(squads: int, size: int, men: int) -> None:
    """BT-M-4: the unit sizes of the kinds table; the body starts with every man (BT-M-5)."""
    assert inf.infantry_body(_platoon(squads=squads, size=size)).troopers == men


def test_losing_men_and_destruction() -> None:
    """BT-C-34: a platoon is destroyed when every trooper box is marked; it stops swarming."""
    body = InfantryBody(troopers=28, swarming=3)
    hurt = inf.lose_troopers(body, 9)
    assert hurt.troopers == 19
    assert hurt.swarming == 3
    gone = inf.lose_troopers(hurt, 40)
    assert gone.troopers == 0
    assert gone.destroyed
    assert gone.swarming is None
    assert inf.lose_troopers(body, -5) == body
    assert inf.stop_swarm(body).swarming is None


@given(st.integers(0, 40), st.lists(st.integers(-10, 60), max_size=12))
def test_troopers_never_negative_and_damage_only_removes(start: int, hits: list[int]) -> None:
    """BT-C-35 item 1 (property): men never go below 0 and never come back."""
    body = InfantryBody(troopers=start)
    for lost in hits:
        after = inf.lose_troopers(body, lost)
        assert 0 <= after.troopers <= body.troopers
        assert after.troopers == max(0, body.troopers - max(0, lost))
        body = after


# ---------------------------------------------------------------------------------- movement
@pytest.mark.parametrize(
    ("motion", "mp"),
    [
        (M.FOOT, (1, 0)),
        (M.JUMP, (1, 3)),
        (M.MOTORIZED, (3, 0)),
        (M.MECHANIZED_TRACKED, (3, 0)),
        (M.MECHANIZED_WHEELED, (4, 0)),
        (M.MECHANIZED_HOVER, (5, 0)),
    ],
)
def test_mp_by_kind(motion: M, mp: tuple[int, int]) -> None:
    """BT-M-4's MP table (ASSUMPTION, MegaMek): ground and jump MP of each kind of platoon."""
    assert inf.infantry_mp(_platoon(motion)) == mp


CLEAR = Terrain()
PAVED = Terrain(pavement=True)
ROUGH = Terrain(rough=True)
LIGHT = Terrain(woods=Woods.LIGHT)
HEAVY = Terrain(woods=Woods.HEAVY)
DEPTH0 = Terrain(water=0)
DEPTH1 = Terrain(water=1)
DEPTH2 = Terrain(water=2)
DEPTH3 = Terrain(water=3)
RUBBLE = Terrain(rubble=True)
BUILDING = Terrain(building=Building(BuildingClass.HARDENED, 150))

T = Terrains
# BT-M-23's matrix, the columns infantry may read: True = allowed.
MATRIX = [
    ("clear", CLEAR, {T.INFANTRY: True, T.TRACKED: True, T.WHEELED: True, T.HOVER: True}),
    ("pavement", PAVED, {T.INFANTRY: True, T.TRACKED: True, T.WHEELED: True, T.HOVER: True}),
    ("rough", ROUGH, {T.INFANTRY: True, T.TRACKED: True, T.WHEELED: False, T.HOVER: True}),
    ("light woods", LIGHT, {T.INFANTRY: True, T.TRACKED: True, T.WHEELED: False, T.HOVER: False}),
    ("heavy woods", HEAVY, {T.INFANTRY: True, T.TRACKED: False, T.WHEELED: False, T.HOVER: False}),
    ("depth 0", DEPTH0, {T.INFANTRY: True, T.TRACKED: True, T.WHEELED: True, T.HOVER: True}),
    ("depth 1", DEPTH1, {T.INFANTRY: False, T.TRACKED: False, T.WHEELED: False, T.HOVER: True}),
    ("depth 2", DEPTH2, {T.INFANTRY: False, T.TRACKED: False, T.WHEELED: False, T.HOVER: True}),
    ("depth 3", DEPTH3, {T.INFANTRY: False, T.TRACKED: False, T.WHEELED: False, T.HOVER: True}),
    ("rubble", RUBBLE, {T.INFANTRY: True, T.TRACKED: True, T.WHEELED: False, T.HOVER: True}),
    ("building", BUILDING, {T.INFANTRY: True, T.TRACKED: True, T.WHEELED: True, T.HOVER: True}),
]


@pytest.mark.parametrize(("name", "terrain", "allowed"), MATRIX, ids=[row[0] for row in MATRIX])
def test_prohibited_terrain_matrix(name: str, terrain: Terrain, allowed: dict[T, bool]) -> None:
    """BT-M-23 (and BT-M-8.5's water rows, BT-M-21's prohibited column): each row, each column."""
    for column, ok in allowed.items():
        why = inf.prohibited_terrain(column, terrain)
        assert (why is None) is ok, (name, column, why)
        if why is not None:
            assert "BT-M-23" in why


def test_terrain_columns() -> None:
    """BT-M-4 (ASSUMPTION): mechanized platoons read their carrier's column; BA the Infantry one."""
    assert inf.terrain_column(M.FOOT) is T.INFANTRY
    assert inf.terrain_column(M.JUMP) is T.INFANTRY
    assert inf.terrain_column(M.MOTORIZED) is T.INFANTRY
    assert inf.terrain_column(M.MECHANIZED_TRACKED) is T.TRACKED
    assert inf.terrain_column(M.MECHANIZED_WHEELED) is T.WHEELED
    assert inf.terrain_column(M.MECHANIZED_HOVER) is T.HOVER
    assert inf.terrain_column(None) is T.INFANTRY


@pytest.mark.parametrize(
    ("terrain", "cost"),
    [(CLEAR, 1), (PAVED, 1), (ROUGH, 2), (LIGHT, 2), (HEAVY, 3), (DEPTH0, 1), (RUBBLE, 2)],
)
def test_terrain_costs(terrain: Terrain, cost: int) -> None:
    """BT-M-21: infantry pays the terrain's cost (clear 1, rough 2, light 2, heavy 3, rubble 2)."""
    assert inf.infantry_step_cost(M.FOOT, 0, terrain) == (cost, 0)


@pytest.mark.parametrize("cls", list(BuildingClass))
def test_any_building_costs_one(cls: BuildingClass) -> None:
    """BT-M-21 note 2, BT-M-8.9: infantry pays 1 MP to enter any building hex (not 2..5)."""
    hex_ = Terrain(building=Building(cls, cls.default_cf))
    assert inf.infantry_step_cost(M.FOOT, 0, hex_) == (1, 0)
    assert inf.infantry_step_cost(None, 0, Terrain(woods=Woods.HEAVY, building=hex_.building)) == (
        1,
        0,
    )


def test_elevation_changes() -> None:
    """BT-M-21 and BT-M-22 (Infantry row): +2 MP per level, 1 level at most (2, 3+ prohibited)."""
    assert inf.infantry_step_cost(M.FOOT, 0, Terrain(level=1)) == (3, 1)
    assert inf.infantry_step_cost(M.FOOT, 1, Terrain(level=0)) == (3, 0)
    assert inf.infantry_step_cost(M.FOOT, 0, Terrain(level=1, woods=Woods.HEAVY)) == (5, 1)
    for levels in (2, 3, 5):
        why = inf.infantry_step_cost(M.FOOT, 0, Terrain(level=levels))
        assert isinstance(why, str)
        assert "BT-M-22" in why


def test_water_for_infantry_and_hover_carriers() -> None:
    """BT-M-8.5, BT-M-21: Depth 1+ prohibited to infantry; a hover carrier rides it for 1 MP."""
    assert isinstance(inf.infantry_step_cost(M.FOOT, 0, DEPTH1), str)
    assert isinstance(inf.infantry_step_cost(M.MECHANIZED_TRACKED, 0, DEPTH2), str)
    assert inf.infantry_step_cost(M.MECHANIZED_HOVER, 0, DEPTH3) == (1, 0)
    assert inf.infantry_step_cost(M.MECHANIZED_HOVER, 0, Terrain(level=1, water=2)) == (3, 1)


def test_roads_and_bridges() -> None:
    """BT-M-27.2, BT-M-28: along a road the hex costs 1 and its prohibitions are lifted."""
    woods_road = Terrain(woods=Woods.HEAVY, road=0b001001)
    assert inf.infantry_step_cost(M.MECHANIZED_WHEELED, 0, woods_road, along_road=True) == (1, 0)
    assert isinstance(inf.infantry_step_cost(M.MECHANIZED_WHEELED, 0, woods_road), str)
    bridge = Terrain(water=2, bridge=Bridge(exits=0b001001))
    assert inf.infantry_step_cost(M.FOOT, 0, bridge, along_road=True) == (1, 0)
    assert isinstance(inf.infantry_step_cost(M.FOOT, 0, bridge), str)


def test_swamp() -> None:
    """BT-M-39.1: +1 MP for infantry (not hover); stuck on 2D6 <= 4, free on 5+; jumping never."""
    swamp = Terrain(swamp=True)
    assert inf.infantry_step_cost(M.FOOT, 0, swamp) == (2, 0)
    assert inf.infantry_step_cost(M.FOOT, 0, Terrain(swamp=True, woods=Woods.LIGHT)) == (3, 0)
    assert inf.infantry_step_cost(M.MECHANIZED_HOVER, 0, swamp) == (1, 0)
    assert [inf.swamp_stuck(r) for r in range(2, 7)] == [True, True, True, False, False]
    assert not inf.swamp_stuck(2, jumped=True)
    assert [inf.swamp_freed(r) for r in (4, 5, 12)] == [False, True, True]


def test_temperature_and_vacuum() -> None:
    """BT-M-39.4: unarmored infantry stays inside beyond the limits; BT-M-39.5: space suits."""
    assert inf.may_be_outside(extreme_temperature=False, vacuum=False)
    assert not inf.may_be_outside(extreme_temperature=True, vacuum=False)
    assert not inf.may_be_outside(extreme_temperature=False, vacuum=True)
    assert inf.may_be_outside(extreme_temperature=False, vacuum=True, space_suits=True)


# ---------------------------------------------------------------------------------- stacking
def _hex(*units: tuple[int, str] | tuple[int, str, bool]) -> list[Occupant]:
    return [Occupant(*u) for u in units]


def test_stacking_limits() -> None:
    """BT-M-25: 1 'Mech of any side; 2 units a side (1 'Mech); 4 units; a 'Mech and 3 others."""
    ok = _hex((0, "mech"), (0, "infantry"), (1, "vehicle"), (1, "battle armor"))
    assert inf.stacking_problem(ok) is None
    assert "'Mechs" in (inf.stacking_problem(_hex((0, "mech"), (1, "mech"))) or "")
    three = _hex((0, "infantry"), (0, "infantry"), (0, "battle armor"))
    assert "side 0" in (inf.stacking_problem(three) or "")
    assert inf.stacking_problem(_hex((0, "infantry"), (0, "battle armor"))) is None


def test_carried_and_clinging_units_do_not_count() -> None:
    """BT-M-25 "not counted": infantry riding a vehicle, battle armor clinging to a 'Mech."""
    crowd = _hex((0, "mech"), (0, "vehicle"), (0, "battle armor", False), (0, "infantry", False))
    assert inf.stacking_problem(crowd) is None
    assert inf.stacking_problem([*crowd, Occupant(0, "infantry")]) is not None


# ---------------------------------------------------------------------------------- damage taken
@pytest.mark.parametrize(
    ("key", "cls"),
    [
        ("IS Medium Laser", DamageClass.DIRECT),
        ("IS AC/20", DamageClass.DIRECT),
        ("IS Medium Pulse Laser", DamageClass.PULSE),
        ("IS LRM 10", DamageClass.MISSILE),
        ("IS SRM 6", DamageClass.MISSILE),
        ("IS Machine Gun", DamageClass.BURST_2D6),
        ("Clan Light Machine Gun", DamageClass.BURST_1D6),
        ("Clan Heavy Machine Gun", DamageClass.BURST_3D6),
        ("IS Flamer", DamageClass.BURST_4D6),
        ("IS Arrow IV System", DamageClass.AREA),
    ],
)
def test_damage_classes(key: str, cls: DamageClass) -> None:
    """BT-C-35 item 1's classes for catalogue weapons, and the dice a burst class rolls."""
    assert inf.damage_class(_spec(key)) is cls
    dice = {"burst 1d6": 1, "burst 2d6": 2, "burst 3d6": 3, "burst 4d6": 4}
    assert inf.burst_dice(cls) == dice.get(cls.value, 0)


def test_cluster_fire_class() -> None:
    """BT-C-35 item 1: LB-X cluster ammo (or an Ultra AC firing twice) is cluster ballistic."""
    assert inf.damage_class(_spec("IS LB 10-X AC"), cluster_fire=True) is DamageClass.CLUSTER
    assert inf.damage_class(_spec("IS LB 10-X AC")) is DamageClass.DIRECT


@pytest.mark.parametrize(
    ("cls", "damage", "lost"),
    [
        (DamageClass.DIRECT, 5, 1),  # damage / 10, round up
        (DamageClass.DIRECT, 20, 2),
        (DamageClass.DIRECT, 21, 3),
        (DamageClass.CLUSTER, 10, 2),  # / 10 + 1
        (DamageClass.PULSE, 6, 3),  # / 10 + 2
        (DamageClass.MISSILE, 12, 3),  # salvo / 5
        (DamageClass.BURST_2D6, 7, 7),  # the dice themselves
        (DamageClass.BURST_4D6, 15, 15),
        (DamageClass.AREA, 10, 20),  # x 2
    ],
)
def test_conversion_table(cls: DamageClass, damage: int, lost: int) -> None:
    """BT-C-35 item 1: each row of the conversion table, not in the open."""
    assert inf.troopers_lost(cls, damage, in_open=False) == lost
    assert inf.troopers_lost(cls, damage, in_open=True) == 2 * lost  # in the open: x 2
    assert inf.troopers_lost(cls, damage, in_open=False, vacuum=True) == 2 * lost  # BT-C-61.5


@pytest.mark.parametrize(
    ("terrain", "open_"),
    [
        (CLEAR, True),
        (PAVED, True),
        (DEPTH0, True),
        (LIGHT, False),
        (HEAVY, False),
        (ROUGH, False),
        (RUBBLE, False),
        (BUILDING, False),
        (Terrain(swamp=True), False),
    ],
)
def test_in_the_open(terrain: Terrain, open_: bool) -> None:
    """BT-C-35 item 1 (MegaMek ``infantryInOpen``): woods, rough, rubble, swamp, buildings cover."""
    assert inf.in_open(terrain) is open_


def test_mechanized_conversion() -> None:
    """BT-C-35.12: x 2 for direct/cluster/pulse/missile, / 2 (down) for burst; its two examples."""
    assert inf.troopers_lost(DamageClass.DIRECT, 5, in_open=False, mechanized=True) == 2
    assert inf.troopers_lost(DamageClass.BURST_2D6, 7, in_open=False, mechanized=True) == 3
    assert inf.troopers_lost(DamageClass.MISSILE, 12, in_open=False, mechanized=True) == 6
    assert inf.troopers_lost(DamageClass.PULSE, 6, in_open=False, mechanized=True) == 6
    # burst through a building: halved before the mechanized halving
    assert (
        inf.troopers_lost(
            DamageClass.BURST_2D6, 9, in_open=False, mechanized=True, through_building=True
        )
        == 2
    )
    assert inf.troopers_lost(DamageClass.BURST_2D6, 9, in_open=False, through_building=True) == 4


def test_physical_damage_to_infantry() -> None:
    """BT-C-35 item 1: stomp, DFA, falls, skid charge damage, sweep: damage / 10 up, x 2 open."""
    assert inf.physical_troopers_lost(14, in_open=False) == 2
    assert inf.physical_troopers_lost(14, in_open=True) == 4
    # BT-M-29.8: a 65-ton skid does 13 "charge damage" to infantry it slides over.
    assert inf.skid_damage_to_infantry(65) == 13
    assert inf.skid_damage_to_infantry(66) == 14


def test_shaken_off_platoon_takes_3d6_men() -> None:
    """BT-C-35.10: conventional swarmers shaken off lose 3D6 men, not doubled."""
    assert inf.shake_off_troopers_lost(11) == 11


# ---------------------------------------------------------------------------------- physical
def test_physical_attacks_on_infantry() -> None:
    """BT-C-35, BT-C-41 (stomp +3), BT-C-42 (no charge), BT-C-43 (DFA +3), BT-C-47 (falls miss)."""
    assert inf.physical_against_infantry("kick") == 3
    assert inf.physical_against_infantry("dfa") == 3
    assert "charged" in str(inf.physical_against_infantry("charge"))
    assert "misses" in str(inf.physical_against_infantry("fall"))
    assert inf.physical_against_infantry("punch") == 0


def test_sweep() -> None:
    """BT-C-45: prone, clear or paved ground, never a swarmer; damage tons / 3 (.5 up)."""
    assert inf.sweep_problem(CLEAR, prone=True, target_swarms_attacker=False) is None
    assert inf.sweep_problem(PAVED, prone=True, target_swarms_attacker=False) is None
    assert inf.sweep_problem(LIGHT, prone=True, target_swarms_attacker=False) is not None
    assert inf.sweep_problem(DEPTH0, prone=True, target_swarms_attacker=False) is not None
    assert inf.sweep_problem(ROUGH, prone=True, target_swarms_attacker=False) is not None
    assert inf.sweep_problem(CLEAR, prone=False, target_swarms_attacker=False) is not None
    assert inf.sweep_problem(CLEAR, prone=True, target_swarms_attacker=True) is not None
    assert inf.sweep_damage(65) == 22  # 21.67
    assert inf.sweep_damage(70) == 23  # 23.33
    assert inf.sweep_damage(75) == 25
    assert inf.sweep_damage(50) == 17  # 16.67


def test_target_modifiers() -> None:
    """BT-C-35, BT-M-38: battle armor is +1 to hit; conventional infantry +0."""
    assert inf.target_to_hit_modifier("battle armor") == 1
    assert inf.target_to_hit_modifier("infantry") == 0


# ---------------------------------------------------------------------------------- attacks made
def test_damage_per_trooper() -> None:
    """BT-C-35.6 item 1: primary capped at 0.6, secondaries weighed per squad."""
    assert inf.damage_per_trooper(0.52, 7) == pytest.approx(0.52)
    assert inf.damage_per_trooper(0.9, 7) == pytest.approx(0.6)
    assert inf.damage_per_trooper(0.52, 7, 1.2, 2) == pytest.approx((0.52 * 5 + 1.2 * 2) / 7)


def test_worked_example() -> None:
    """BT-C-35.6: 28 troopers, d 0.52, a 7: 17 hit, 8.84 -> 9, groups 2, 2, 2, 2, 1."""
    hit = inf.troopers_hit(28, 7)
    assert hit == 17
    damage = inf.attack_damage(0.52, hit)
    assert damage == 9
    assert inf.damage_groups(damage) == (2, 2, 2, 2, 1)


@pytest.mark.parametrize(
    ("roll", "hit"),
    [(2, 9), (3, 9), (4, 11), (5, 17), (8, 17), (9, 23), (10, 23), (11, 28), (12, 28)],
)
def test_cluster_row_for_28(roll: int, hit: int) -> None:
    """BT-C-35.6 item 2: MegaMek's row for 28 troopers."""
    assert inf.troopers_hit(28, roll) == hit


def test_cluster_table_shape() -> None:
    """BT-C-35.6 item 2: columns 1-30 and 40; never more hits than troopers; rises with the roll."""
    assert sorted(inf.CLUSTER_TROOPERS) == [*range(1, 31), 40]
    for active, row in inf.CLUSTER_TROOPERS.items():
        assert len(row) == 11
        assert list(row) == sorted(row)
        assert row[-1] == active
    assert inf.troopers_hit(40, 7) == 24
    assert inf.troopers_hit(35, 7) == inf.troopers_hit(30, 7) + inf.troopers_hit(5, 7)
    assert inf.troopers_hit(0, 12) == 0
    assert inf.troopers_hit(21, 2, swarming=True) == 21  # swarming: all hit


def test_damage_against_infantry() -> None:
    """BT-C-35.6 item 5, BT-C-35.12: one lump, +1D6 for burst, halved against mechanized."""
    assert inf.versus_infantry_damage(9, heavy_burst=False) == 9
    assert inf.versus_infantry_damage(9, heavy_burst=True, burst_roll=4) == 13
    assert inf.versus_infantry_damage(9, heavy_burst=True, burst_roll=4, mechanized=True) == 6
    assert inf.versus_infantry_damage(9, heavy_burst=False, mechanized=True) == 4
    assert inf.versus_infantry_damage(9, heavy_burst=False, in_open=True) == 18


R_TABLE = {
    # R: modifier at 0 hexes, then at 1, 2, 3 ... hexes up to the maximum (BT-C-35.7)
    0: [0],
    1: [-2, 0, 2, 4],
    2: [-2, 0, 0, 2, 2, 4, 4],
    3: [-2, 0, 0, 0, 2, 2, 2, 4, 4, 4],
    4: [-2, 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4],
    5: [-1, 0, 0, 0, 0, 0, 1, 1, 2, 2, 2, 3, 3, 4, 4, 4],
    6: [-1, *[0] * 6, 1, 1, 1, 2, 2, 2, 4, 4, 4, 5, 5, 5],
    7: [-1, *[0] * 7, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 6, 6, 6, 6],
}


@pytest.mark.parametrize("weapon_range", sorted(R_TABLE))
def test_range_brackets(weapon_range: int) -> None:
    """BT-C-35.7: every row of the bracket table, and nothing beyond its maximum range."""
    row = R_TABLE[weapon_range]
    got = [inf.infantry_range_modifier(weapon_range, d) for d in range(len(row))]
    assert got == row
    assert inf.infantry_range_modifier(weapon_range, len(row)) is None


def test_range_extras() -> None:
    """BT-C-35.7: underwater R halves; 0 hexes +1 point blank, +1 encumbering, -1 burst."""
    assert inf.infantry_range_modifier(3, 2, underwater=True) == 2  # R 3 reads as R 1
    assert inf.infantry_range_modifier(3, 3, underwater=True) == 4
    assert inf.infantry_range_modifier(3, 4, underwater=True) is None
    assert inf.infantry_range_modifier(1, 0, point_blank=True) == -1
    assert inf.infantry_range_modifier(5, 0, encumbering=True, burst=True) == -1
    assert inf.infantry_range_modifier(1, 0, burst=True) == -3


def test_platoon_range_follows_two_secondaries() -> None:
    """BT-C-35.7: the primary sets R, the secondary when a squad carries 2+ of them."""
    assert inf.platoon_range(_platoon()) == 1
    two = _platoon(secondary="Mystery Gun", secondary_per_squad=2)
    assert inf.platoon_range(two) is None  # the secondary is not in the table: unknown
    assert inf.design_damage_per_trooper(two) is None
    assert inf.infantry_weapon("InfantryAssaultRifle") == inf.infantry_weapon("auto-rifle")


# ---------------------------------------------------------------------------------- anti-'Mech
@pytest.mark.parametrize(
    ("attack", "ba", "troopers", "modifier"),
    [
        ("leg", True, 5, 0),
        ("leg", True, 4, 0),
        ("leg", True, 3, 2),
        ("leg", True, 2, 5),
        ("leg", True, 1, 7),
        ("leg", False, 28, 0),
        ("leg", False, 22, 0),
        ("leg", False, 21, 2),
        ("leg", False, 16, 2),
        ("leg", False, 15, 5),
        ("leg", False, 10, 5),
        ("leg", False, 9, 7),
        ("leg", False, 5, 7),
        ("leg", False, 4, None),
        ("swarm", True, 4, 2),
        ("swarm", True, 3, 5),
        ("swarm", True, 1, 5),
        ("swarm", False, 22, 2),
        ("swarm", False, 16, 5),
        ("swarm", False, 15, None),
    ],
)
def test_troopers_modifier(attack: str, ba: bool, troopers: int, modifier: int | None) -> None:
    """BT-C-35.8: the active-troopers table, every row and edge."""
    assert inf.anti_mech_troopers_modifier(attack, troopers, battle_armor=ba) == modifier  # type: ignore[arg-type]


BA = AntiMechAttacker(skill=5, troopers=4, battle_armor=True)
MECH = AntiMechTarget(kind="mech", movement_modifier=1)


def test_digest_examples() -> None:
    """BT-C-35.8: IS BA, anti-'Mech 5, 4 troopers, 'Mech moved 4 hexes: leg 6, swarm 7."""
    assert inf.leg_attack_to_hit(BA, MECH) == 6
    assert inf.swarm_to_hit(BA, MECH) == 7


def test_leg_attack_modifiers_and_limits() -> None:
    """BT-C-35.8: IndustrialMech -1, tracks -2; every listed impossibility."""
    assert inf.leg_attack_to_hit(BA, attrs.evolve(MECH, industrial=True)) == 5
    assert inf.leg_attack_to_hit(BA, attrs.evolve(MECH, tracks=True)) == 4
    platoon = AntiMechAttacker(skill=8, troopers=20, battle_armor=False)
    assert inf.leg_attack_to_hit(platoon, MECH) == 8 + 2 + 1
    impossible = [
        (attrs.evolve(BA, burdened=True), MECH),
        (attrs.evolve(BA, boosted_jump=True), MECH),
        (attrs.evolve(platoon, encumbering_armor=True), MECH),
        (attrs.evolve(BA, swarming=True), MECH),
        (attrs.evolve(BA, elevation=2), MECH),
        (attrs.evolve(BA, can_leg=False), MECH),
        (attrs.evolve(platoon, troopers=4), MECH),
        (BA, attrs.evolve(MECH, passenger=True)),
        (BA, attrs.evolve(MECH, making_dfa=True)),
        (BA, attrs.evolve(MECH, airborne_vtol=True)),
        (BA, AntiMechTarget(kind="vehicle")),
    ]
    for attacker, target in impossible:
        assert isinstance(inf.leg_attack_to_hit(attacker, target), str), (attacker, target)


def test_swarm_limits() -> None:
    """BT-C-35.8: enemy 'Mech or vehicle, not already swarmed; magnetic claws -1."""
    assert inf.swarm_to_hit(attrs.evolve(BA, magnetic_claws=True), MECH) == 6
    assert inf.swarm_to_hit(BA, AntiMechTarget(kind="vehicle")) == 7
    platoon = AntiMechAttacker(skill=8, troopers=28, battle_armor=False)
    assert inf.swarm_to_hit(platoon, MECH) == 10
    impossible = [
        (BA, attrs.evolve(MECH, swarmed=True)),
        (BA, attrs.evolve(MECH, enemy=False)),
        (BA, AntiMechTarget(kind="infantry")),
        (BA, attrs.evolve(MECH, airborne_vtol=True)),
        (attrs.evolve(BA, swarming=True), MECH),
        (attrs.evolve(BA, can_swarm=False), MECH),
        (attrs.evolve(platoon, troopers=15), MECH),
    ]
    for attacker, target in impossible:
        assert isinstance(inf.swarm_to_hit(attacker, target), str), (attacker, target)


def test_leg_attack_hit() -> None:
    """BT-C-35.9: 4 damage (+1 a vibro-claw, +2 a trooper with a myomer booster); kick table."""
    assert inf.leg_attack_damage() == 4
    assert inf.leg_attack_damage(vibro_claws=2, myomer_booster_troopers=4) == 14
    assert [inf.leg_attack_location(r) for r in range(1, 7)] == [L.RL] * 3 + [L.LL] * 3
    assert inf.leg_attack_location(2, right_leg_destroyed=True) == L.LL
    assert inf.leg_attack_location(5, left_leg_destroyed=True) == L.RL


SWARM_ROWS = [
    # 2D6, biped, quad (BT-C-35.9); True = rear
    (2, (L.HD, False), (L.HD, False)),
    (3, (L.CT, True), (L.RT, False)),
    (4, (L.RT, True), (L.CT, True)),
    (5, (L.RT, False), (L.RT, True)),
    (6, (L.RA, False), (L.RT, False)),
    (7, (L.CT, False), (L.CT, False)),
    (8, (L.LA, False), (L.LT, False)),
    (9, (L.LT, False), (L.LT, True)),
    (10, (L.LT, True), (L.CT, True)),
    (11, (L.CT, True), (L.LT, False)),
    (12, (L.HD, False), (L.HD, False)),
]


@pytest.mark.parametrize(("roll", "biped", "quad"), SWARM_ROWS)
def test_swarm_location_table(
    roll: int, biped: tuple[Location, bool], quad: tuple[Location, bool]
) -> None:
    """BT-C-35.9: the swarm location table, both columns."""
    assert inf.swarm_location(roll) == biped
    assert inf.swarm_location(roll, quad=True) == quad


def test_brush_off() -> None:
    """BT-C-35.10: Piloting + 4, actuator and magnetic-claw modifiers; who may try."""
    assert inf.brush_off_to_hit(5) == 9
    assert (
        inf.brush_off_to_hit(
            5,
            upper_arm_destroyed=True,
            lower_arm_missing=True,
            hand_missing=True,
            magnetic_claws=True,
        )
        == 15
    )
    fine = {
        "quad": False,
        "prone": False,
        "arm_present": True,
        "shoulder_working": True,
        "arm_flipped": False,
        "arm_fired": False,
    }
    assert inf.brush_off_problem(**fine) is None
    for key, value in fine.items():
        bad = {**fine, key: not value}
        assert inf.brush_off_problem(**bad) is not None, key


# ---------------------------------------------------------------------------------- who may
def test_what_infantry_may_do() -> None:
    """BT-C-18.1 (no attacker movement), BT-C-2 and BT-C-18.7 (one target), BT-C-10 (no arcs).

    Also BT-C-57 (no woods clearing), BT-M-29.8 (stepping aside), BT-M-13 (Gunnery 4).
    """
    for kind in ("infantry", "battle armor"):
        assert inf.attacker_movement_modifier(kind, 3) == 0
        assert inf.targets_allowed(kind) == 1
        assert inf.fires_all_round(kind)
        assert not inf.may_clear_woods(kind)
    assert inf.attacker_movement_modifier("mech", 3) == 3
    assert inf.targets_allowed("vehicle") is None
    assert not inf.fires_all_round("mech")
    assert inf.may_clear_woods("vehicle")
    assert inf.can_step_aside(moved=False)
    assert not inf.can_step_aside(moved=True)
    assert inf.DEFAULT_GUNNERY == 4


def test_same_hex_attacks() -> None:
    """BT-C-2, BT-C-35.7: conventional infantry fires into its own hex; swarmers at their target."""
    assert inf.same_hex_attack_allowed("infantry")
    assert not inf.same_hex_attack_allowed("mech")
    assert not inf.same_hex_attack_allowed("battle armor")
    assert inf.same_hex_attack_allowed("battle armor", target_swarmed_by_attacker=True)


def test_fires_and_water() -> None:
    """BT-C-60.2: only infantry flamers start fires; BT-M-39.2: infantry falling in water dies."""
    rifle = inf.infantry_weapon("Auto-Rifle")
    assert rifle is not None
    assert not inf.starts_fires(rifle)
    assert inf.starts_fires(inf.InfantryWeapon("Flamer (Pistol)", 0.19, 0))
    drowned = inf.falls_into_water(InfantryBody(troopers=21, swarming=2))
    assert drowned.destroyed
    assert drowned.swarming is None


def test_swarmers_attack_only_their_target() -> None:
    """BT-C-35.9: a swarming unit attacks only the unit it swarms (automatically, DESIGN)."""
    assert inf.swarmer_target_problem(None, 4) is None
    assert inf.swarmer_target_problem(4, 4) is None
    assert inf.swarmer_target_problem(4, 5) is not None


@given(
    st.sampled_from(list(DamageClass)),
    st.tuples(st.integers(0, 60), st.integers(0, 60)),
    st.tuples(st.booleans(), st.booleans(), st.booleans()),
)
def test_conversion_never_negative_and_grows_with_damage(
    cls: DamageClass, damages: tuple[int, int], flags: tuple[bool, bool, bool]
) -> None:
    """BT-C-35 item 1, BT-C-35.12 (property): men lost are >= 0 and never fall as damage rises."""
    low, high = sorted(damages)
    open_, mechanized, building = flags
    kw = {"in_open": open_, "mechanized": mechanized, "through_building": building}
    lost_low = inf.troopers_lost(cls, low, **kw)
    assert 0 <= lost_low <= inf.troopers_lost(cls, high, **kw)
