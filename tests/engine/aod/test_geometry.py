"""AoD geometry on the kernel's flat-top board: contact, arcs, free spin, speed-mode terrain.

Rules: AOD-6.1, AOD-6.2, AOD-8.4 (who must roll), AOD-8.5, AOD-8.6, AOD-19.5, AOD-26.4,
AOD-26.5; acceptance items AOD-26.17 #5 and #7.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.aod.geometry import (
    DEFAULT_ARCS,
    Arc,
    Arcs,
    Battlefield,
    arc_of,
    close_combat_problem,
    contact_pairs,
    contacts,
    enemy_contacts,
    free_spin_facings,
    free_spins,
    in_contact,
    mode_terrain,
    must_break_away,
    neighbours_in,
    rear_approach,
    submerged,
)
from engine.aod.terrain import HexTerrain, TerrainMap, TerrainType
from engine.aod.units import SpeedMode, UnitType
from engine.hexes import Facing, Hex
from tests.engine.aod._boards import DEEP, HILL, SHALLOW, at, field, terrain, unit

coords = st.integers(min_value=-30, max_value=30)
hexes = st.builds(Hex, coords, coords)
facings = st.sampled_from(Facing)

# ---------------------------------------------------------------- AOD-26.5 arcs, flat-top table


@pytest.mark.parametrize(
    ("label", "arc"),
    [
        ("1009", Arc.FRONT),  # N, straight ahead
        ("1110", Arc.FRONT),  # NE neighbour, 60 degrees
        ("0910", Arc.FRONT),  # NW neighbour
        ("1210", Arc.FRONT),  # due east, exactly 90 degrees: inclusive
        ("0810", Arc.FRONT),  # due west, exactly 90 degrees
        ("1111", Arc.REAR),  # SE neighbour, exactly 120 degrees: inclusive
        ("0911", Arc.REAR),  # SW neighbour
        ("1011", Arc.REAR),  # straight back
        ("1211", Arc.REAR),  # two steps SE: 120 degrees
        ("1311", Arc.FLANK),  # about 101 degrees: a flank sliver at range
        ("0711", Arc.FLANK),
        ("1005", Arc.FRONT),
    ],
)
def test_arcs_of_a_unit_facing_north_aod_26_5(label: str, arc: Arc) -> None:
    """AOD-26.5: front theta <= 90, rear theta >= 120, both inclusive; flank only at range."""
    assert arc_of(unit("1010", facing=Facing.N), at(label)) is arc


@pytest.mark.parametrize("facing", list(Facing))
def test_three_front_and_three_rear_neighbours_aod_26_5(facing: Facing) -> None:
    """AOD-26.5: the front neighbours are facing and facing +-1; the rear ones the other three."""
    mech = unit("1010", facing=facing)
    front = set(neighbours_in(mech, Arc.FRONT))
    rear = set(neighbours_in(mech, Arc.REAR))
    assert front == {mech.hex.neighbor(facing.turn(k)) for k in (-1, 0, 1)}
    assert rear == {mech.hex.neighbor(facing.turn(k)) for k in (2, 3, 4)}


@given(hexes, facings, hexes)
def test_arcs_partition_the_board(origin: Hex, facing: Facing, other: Hex) -> None:
    """AOD-26.5: every other hex is in exactly one arc, and no neighbour is in the flank."""
    if other == origin:
        with pytest.raises(ValueError, match="own hex"):
            DEFAULT_ARCS.arc(origin, facing, other)
        return
    arc = DEFAULT_ARCS.arc(origin, facing, other)
    assert arc in set(Arc)
    if origin.distance(other) == 1:
        assert arc is not Arc.FLANK


@given(hexes, facings, hexes, st.integers(min_value=-6, max_value=6))
def test_arcs_turn_with_the_board(origin: Hex, facing: Facing, other: Hex, steps: int) -> None:
    """AOD-26.5: arcs are relative to the facing: turning unit and hex together keeps the arc."""
    if other == origin:
        return
    arc = DEFAULT_ARCS.arc(origin, facing, other)
    assert DEFAULT_ARCS.arc(origin, facing.turn(steps), other.rotate_around(origin, steps)) is arc


@given(hexes, facings, hexes)
def test_the_rear_arc_is_the_front_arc_of_the_opposite_facing_narrowed(
    origin: Hex, facing: Facing, other: Hex
) -> None:
    """AOD-26.5: the 120-degree rear lies inside the 180-degree front of the opposite facing."""
    if other == origin:
        return
    if DEFAULT_ARCS.arc(origin, facing, other) is Arc.REAR:
        assert DEFAULT_ARCS.arc(origin, facing.opposite, other) is Arc.FRONT


def test_the_half_angles_are_configurable_aod_26_5() -> None:
    """AOD-26.5: a 120-degree front (half 60) leaves the due-east hex in the flank."""
    narrow = Arcs(front_half_angle=60, rear_half_angle=60)
    mech = unit("1010")
    assert arc_of(mech, at("1210"), narrow) is Arc.FLANK
    assert arc_of(mech, at("1110"), narrow) is Arc.FRONT
    wide_rear = Arcs(front_half_angle=90, rear_half_angle=90)
    assert arc_of(mech, at("1210"), wide_rear) is Arc.FRONT  # the front wins a shared boundary
    assert arc_of(mech, at("1311"), wide_rear) is Arc.REAR
    with pytest.raises(ValueError, match="multiple of 30"):
        Arcs(front_half_angle=45)


# ---------------------------------------------------------------- AOD-6.1 / AOD-26.4 contact


def test_base_contact_is_adjacency_aod_26_4() -> None:
    """AOD-26.4: adjacent units touch, a hex apart do not; across levels adjacency counts."""
    board = terrain([("1010", HILL)])
    on_hill = unit("1010")
    below = unit("1009", side=1)
    apart = unit("1008", side=1)
    assert in_contact(on_hill, below)
    assert not in_contact(on_hill, apart)
    fld = field(board, on_hill, below, apart)
    assert contacts(fld, 0) == (1,)
    assert contacts(fld, 1) == (2, 0)  # N (1008) before S (1010): facing order


def test_who_touches_whom_aod_6_1() -> None:
    """AOD-6.1 / AOD-8.4: every contact pair once, whatever the sides (break-away reads them)."""
    fld = field(
        terrain(),
        unit("1010"),
        unit("1009", side=1),
        unit("1008", SpeedMode.FOOT, side=1),
        unit("0505"),
        unit("1011", SpeedMode.VTOL, side=1, cruising=True),
    )
    assert contact_pairs(fld) == ((0, 1), (1, 2))


def test_a_cruising_vtol_is_never_in_contact_aod_8_9() -> None:
    """AOD-6.1 / AOD-8.9: a cruising VTOL is never in base contact, even when adjacent."""
    vtol = unit("1009", SpeedMode.VTOL, side=1, cruising=True)
    mech = unit("1010")
    assert not in_contact(mech, vtol)
    fld = field(terrain(), mech, vtol)
    assert contacts(fld, 0) == ()
    assert contacts(fld, 1) == ()
    assert not must_break_away(fld, 0)


def test_break_away_is_needed_next_to_an_enemy_not_a_friend_or_captive_aod_8_4() -> None:
    """AOD-8.4 / AOD-26.7: an adjacent enemy forces the roll; friends and captives do not."""
    mech = unit("1010", side=0)
    friend = unit("1009", side=0)
    captive = unit("1110", SpeedMode.FOOT, side=None)
    assert not must_break_away(field(terrain(), mech, friend, captive), 0)
    enemy = unit("1011", SpeedMode.FOOT, side=1)
    fld = field(terrain(), mech, friend, captive, enemy)
    assert must_break_away(fld, 0)
    assert enemy_contacts(fld, 0) == (3,)


def test_one_unit_per_hex_aod_26_4() -> None:
    """AOD-26.4: two units may not share a hex, whatever their levels."""
    with pytest.raises(ValueError, match="one unit per hex"):
        Battlefield(terrain(), (unit("1010"), unit("1010", SpeedMode.VTOL, cruising=True)))


def test_moved_gives_a_new_battlefield() -> None:
    """AOD-26.4: moving a unit frees its old hex and fills the new one."""
    fld = field(terrain(), unit("1010"), unit("0505", side=1))
    after = fld.moved(0, at("1012"), Facing.S)
    assert after.unit_at(at("1010")) is None
    assert after.index_at(at("1012")) == 0
    assert after.units[0].facing is Facing.S
    assert fld.index_at(at("1010")) == 0


# ---------------------------------------------------------------- AOD-8.5 free spin


def test_free_spin_offers_the_three_facings_towards_the_newcomer_aod_8_5() -> None:
    """AOD-8.5 / AOD-26.5 / AOD-26.17 #5: three facings put an adjacent newcomer in front."""
    defender = unit("1010", facing=Facing.S, side=1)
    newcomer = at("1009")  # due north, in its rear
    assert set(free_spin_facings(defender, newcomer)) == {Facing.NW, Facing.N, Facing.NE}


@given(hexes, facings, facings)
def test_a_free_spin_towards_a_neighbour_has_three_choices(
    where: Hex, facing: Facing, side: Facing
) -> None:
    """AOD-8.5 / AOD-26.5: an adjacent newcomer: the facings towards it and one either side."""
    spinner = unit(where, facing=facing, side=1)
    choices = free_spin_facings(spinner, where.neighbor(side))
    assert set(choices) == {side.turn(-1), side, side.turn(1)}


def test_free_spin_is_only_for_eligible_enemies_aod_8_5() -> None:
    """AOD-8.5 / AOD-26.17 #5: vehicles and Quads never spin; friends and captives are not asked."""
    newcomer = unit("1010", side=0)
    fld = field(
        terrain(),
        newcomer,
        unit("1009", side=1),  # 'Mech: spins
        unit("1110", SpeedMode.FOOT, side=1),  # infantry: spins
        unit("1111", SpeedMode.TRACKED, side=1),  # vehicle: no
        unit("1011", SpeedMode.QUAD, side=1),  # Quad: no
        unit("0911", side=0),  # friend: no
        unit("0910", side=None),  # captive: no
    )
    spins = free_spins(fld, 0)
    assert set(spins) == {1, 2}
    assert set(spins[1]) == {Facing.S, Facing.SE, Facing.SW}
    for index, choices in spins.items():
        for facing in choices:
            assert DEFAULT_ARCS.arc(fld.units[index].hex, facing, newcomer.hex) is Arc.FRONT


# ---------------------------------------------------------------- AOD-14.1 / AOD-16.2 contact uses


def test_close_combat_needs_front_arc_contact_aod_14_1() -> None:
    """AOD-14.1 / AOD-26.17 #15: adjacent, in the front arc; a Quad may strike any neighbour."""
    board = terrain()
    assert close_combat_problem(field(board, unit("1010"), unit("1009", side=1)), 0, 1) is None
    behind = field(board, unit("1010"), unit("1011", side=1))
    assert "front_arc" in (close_combat_problem(behind, 0, 1) or "")
    quad = field(board, unit("1010", SpeedMode.QUAD), unit("1011", side=1))
    assert close_combat_problem(quad, 0, 1) is None
    apart = field(board, unit("1010"), unit("1008", side=1))
    assert "no_contact" in (close_combat_problem(apart, 0, 1) or "")
    friend = field(board, unit("1010"), unit("1009", side=0))
    assert "not_enemy" in (close_combat_problem(friend, 0, 1) or "")


def test_close_combat_water_and_abrupt_restrictions_aod_14_1() -> None:
    """AOD-14.1 / AOD-19.5 / AOD-19.7: shallow water, submerged units, abrupt edges; hills fine."""
    pond = terrain([("1009", SHALLOW)])
    assert "water" in (
        close_combat_problem(field(pond, unit("1010"), unit("1009", side=1)), 0, 1) or ""
    )
    both_wet = terrain([("1009", SHALLOW), ("1010", SHALLOW)])
    assert close_combat_problem(field(both_wet, unit("1010"), unit("1009", side=1)), 0, 1) is None
    deep = terrain([("1009", DEEP)])
    assert "submerged" in (
        close_combat_problem(field(deep, unit("1010"), unit("1009", side=1)), 0, 1) or ""
    )
    mesa = HexTerrain(
        TerrainType.CLEAR, elevated=True, abrupt=True, feature=9, access=frozenset({Facing.N})
    )
    roof = terrain([("1009", mesa)])
    assert "abrupt" in (
        close_combat_problem(field(roof, unit("1010"), unit("1009", side=1)), 0, 1) or ""
    )
    same_roof = terrain([("1009", mesa), ("1010", mesa)])
    assert close_combat_problem(field(same_roof, unit("1010"), unit("1009", side=1)), 0, 1) is None
    hill = terrain([("1009", HILL)])
    assert close_combat_problem(field(hill, unit("1010"), unit("1009", side=1)), 0, 1) is None


def test_a_rear_approach_starts_and_ends_behind_aod_16_2() -> None:
    """AOD-16.2 / AOD-26.5: start in the rear arc, end on a rear neighbour."""
    target = unit("1010", facing=Facing.N, side=1)
    assert rear_approach(target, at("1014"), at("1011"))
    assert not rear_approach(target, at("1014"), at("1009"))  # ends in front
    assert not rear_approach(target, at("1006"), at("1011"))  # starts in front
    assert not rear_approach(target, at("1014"), at("1012"))  # not adjacent


# ---------------------------------------------------------------- AOD-8.6 speed-mode terrain

C, H, B = TerrainType.CLEAR, TerrainType.HINDERING, TerrainType.BLOCKING


@pytest.mark.parametrize(
    ("mode", "hindering", "shallow", "deep"),
    [
        (SpeedMode.FOOT, H, H, B),
        (SpeedMode.AQUATIC, H, C, C),
        (SpeedMode.HOVER, B, C, C),
        (SpeedMode.TRACKED, C, C, B),  # AOD-25 #11
        (SpeedMode.WHEELED, H, B, B),
        (SpeedMode.MECH, H, C, H),
        (SpeedMode.QUAD, H, C, H),
        (SpeedMode.VTOL, B, C, C),  # at NOE
    ],
)
def test_speed_mode_terrain_matrix_aod_8_6(
    mode: SpeedMode, hindering: TerrainType, shallow: TerrainType, deep: TerrainType
) -> None:
    """AOD-8.6 / AOD-26.17 #7: every mode against every terrain type."""
    table = {
        TerrainType.CLEAR: C,
        TerrainType.HINDERING: hindering,
        TerrainType.BLOCKING: B,
        TerrainType.SHALLOW: shallow,
        TerrainType.DEEP: deep,
    }
    for kind, expected in table.items():
        assert mode_terrain(HexTerrain(kind), mode) is expected


@pytest.mark.parametrize(
    ("mode", "sinks"),
    [
        (SpeedMode.MECH, True),
        (SpeedMode.QUAD, True),
        (SpeedMode.AQUATIC, True),
        (SpeedMode.HOVER, False),
        (SpeedMode.VTOL, False),
    ],
)
def test_who_is_submerged_in_deep_water_aod_19_5(mode: SpeedMode, sinks: bool) -> None:
    """AOD-19.5: a unit in deep water is submerged unless its mode keeps it on the surface."""
    board = terrain([("1010", DEEP)])
    assert submerged(board, unit("1010", mode)) is sinks
    assert not submerged(board, unit("1011", mode))


def test_elevated_is_the_hex_unless_cruising_aod_19_6() -> None:
    """AOD-19.6 / AOD-8.9: a unit on a hill hex is elevated; a cruising VTOL above it is not."""
    board = terrain([("1010", HILL), ("1011", HILL)])
    fld = field(board, unit("1010"), unit("1011", SpeedMode.VTOL, cruising=True))
    assert fld.elevated(fld.units[0])
    assert not fld.elevated(fld.units[1])
    assert fld.units[0].kind is UnitType.MECH
    assert isinstance(board, TerrainMap)
