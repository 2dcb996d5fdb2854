"""AoD movement on hand-built flat-top boards: allowance, stops, water, elevation, units in the way.

Rules: AOD-8.1..8.3, AOD-8.6, AOD-8.9, AOD-19.2..19.7, AOD-26.4, AOD-26.7; acceptance items
AOD-26.17 #6, #7, #8. The digest gives no worked movement example with coordinates; these boards
are built by hand on the kernel's labels (1010's neighbours: N 1009, NE 1110, SE 1111, S 1011,
SW 0911, NW 0910).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.aod.geometry import Battlefield, mode_terrain
from engine.aod.movement import (
    Altitude,
    allowance,
    check_path,
    forced_descent_hexes,
    reachable,
    reachable_states,
    starts_hindered,
)
from engine.aod.terrain import HexTerrain, TerrainMap, TerrainType
from engine.aod.units import SpeedMode
from engine.hexes import Facing, Hex
from tests.engine.aod._assets import pieces
from tests.engine.aod._boards import (
    DEEP,
    HILL,
    SHALLOW,
    WALL,
    WOODS,
    at,
    field,
    terrain,
    unit,
)
from tests.engine.aod._reference import reference_states


def path(*labels: str) -> list[Hex | Altitude]:
    return [at(label) for label in labels]


# ---------------------------------------------------------------- AOD-8.3 allowance


@pytest.mark.parametrize(
    ("speed", "flags", "expected"),
    [
        (7, {}, 7),
        (7, {"run": True}, 14),  # AOD-8.7
        (10, {"loading": True}, 5),  # AOD-9: half, rounded up, is spent
        (7, {"loading": True}, 3),
        (7, {"assault_ranged": True}, 4),  # AOD-15
        (7, {"hindering_start": True}, 4),  # AOD-19.2
        (7, {"run": True, "hindering_start": True}, 7),  # halving comes last
        (10, {"loading": True, "hindering_start": True}, 3),
        (20, {"vtol_firing": True}, 8),  # AOD-8.9 seed example
        (12, {"vtol_firing": True}, 0),
        (-1, {}, 0),
    ],
)
def test_allowance_applies_the_changes_in_order_aod_8_3(
    speed: int, flags: dict[str, bool], expected: int
) -> None:
    """AOD-8.3 / AOD-26.7 / AOD-26.17 #6: run, load, assault, VTOL fire, then the hindering half."""
    assert allowance(speed, **flags) == expected


def test_a_start_in_hindering_for_the_mode_halves_aod_19_2() -> None:
    """AOD-19.2 / AOD-8.6: woods hinder a 'Mech, not a tracked vehicle; shallow hinders foot."""
    board = terrain([("1010", WOODS), ("0505", SHALLOW)])
    fld = field(board, unit("1010"), unit("0505", SpeedMode.FOOT), unit("0707"))
    assert starts_hindered(fld, 0)
    assert starts_hindered(fld, 1)
    assert not starts_hindered(fld, 2)  # clear ground
    tracked = field(board, unit("1010", SpeedMode.TRACKED))
    assert not starts_hindered(tracked, 0)


# ---------------------------------------------------------------- AOD-26.7 the search


def test_on_open_ground_every_hex_within_speed_is_reachable_aod_8_1() -> None:
    """AOD-8.1 / AOD-26.7: each step costs 1, so the cost is the distance; the start costs 0."""
    fld = field(terrain(), unit("1010"))
    costs = reachable(fld, 0, 3)
    assert len(costs) == 37
    assert all(cost == at("1010").distance(where) for where, cost in costs.items())
    assert costs[at("1010")] == 0


def test_the_board_edge_is_a_hard_limit_aod_26_3() -> None:
    """AOD-26.3: no step leaves the board."""
    fld = field(terrain(size=5), unit("0101"))
    assert all(where in fld.terrain for where in reachable(fld, 0, 6))
    why = check_path(fld, 0, [at("0101").neighbor(Facing.N)], 3)
    assert why is not None
    assert "leaves the board" in why


def test_entering_woods_from_the_open_stops_the_move_aod_19_2() -> None:
    """AOD-19.2 / AOD-26.7 / AOD-26.17 #6: the first hindering hex entered ends the move."""
    fld = field(terrain([("1008", WOODS), ("1007", WOODS)]), unit("1010"))
    assert check_path(fld, 0, path("1009", "1008"), 6) is None
    why = check_path(fld, 0, path("1009", "1008", "1007"), 6)
    assert why is not None
    assert why.startswith("step 3: the move ended")
    costs = reachable(fld, 0, 6)
    assert costs[at("1008")] == 2
    assert costs[at("1007")] == 4  # around the woods, entered from its far side


def test_a_unit_starting_in_woods_moves_through_them_aod_19_2() -> None:
    """AOD-19.2: a unit that starts in hindering terrain is not stopped by it (it moves at half)."""
    fld = field(terrain([("1010", WOODS), ("1009", WOODS), ("1008", WOODS)]), unit("1010"))
    budget = allowance(6, hindering_start=starts_hindered(fld, 0))
    assert budget == 3
    assert check_path(fld, 0, path("1009", "1008", "1007"), budget) is None
    why = check_path(fld, 0, path("1009", "1008", "1007", "1006"), budget)
    assert why is not None
    assert "allowance is 3" in why


@pytest.mark.parametrize(
    ("mode", "cell", "enters", "stops"),
    [
        (SpeedMode.MECH, SHALLOW, True, False),  # AOD-8.6: shallow is clear for a 'Mech
        (SpeedMode.MECH, DEEP, True, True),  # deep is hindering for a 'Mech
        (SpeedMode.FOOT, SHALLOW, True, True),
        (SpeedMode.FOOT, DEEP, False, False),
        (SpeedMode.WHEELED, SHALLOW, False, False),
        (SpeedMode.HOVER, DEEP, True, False),
        (SpeedMode.HOVER, WOODS, False, False),
        (SpeedMode.TRACKED, WOODS, True, False),
        (SpeedMode.TRACKED, SHALLOW, True, False),  # AOD-25 #11
        (SpeedMode.AQUATIC, DEEP, True, False),
        (SpeedMode.VTOL, WOODS, False, False),  # at NOE
        (SpeedMode.VTOL, DEEP, True, False),
        (SpeedMode.QUAD, WOODS, True, True),
        (SpeedMode.MECH, WALL, False, False),  # AOD-19.3
    ],
)
def test_each_mode_meets_terrain_by_its_table_aod_8_6(
    mode: SpeedMode, cell: HexTerrain, enters: bool, stops: bool
) -> None:
    """AOD-8.6 / AOD-19.4 / AOD-26.17 #7: can it enter, and does entering stop it."""
    fld = field(terrain([("1009", cell)]), unit("1010", mode))
    entered = check_path(fld, 0, path("1009"), 4) is None
    assert entered is enters
    if enters:
        onward = check_path(fld, 0, path("1009", "1008"), 4)
        assert (onward is not None) is stops


def test_climbing_and_descending_stop_the_move_aod_19_6() -> None:
    """AOD-19.6 / AOD-26.7: a step onto or off elevation ends the move; along the top not."""
    board = terrain([("1009", HILL), ("1008", HILL)])
    up = field(board, unit("1010"))
    assert check_path(up, 0, path("1009"), 6) is None
    assert check_path(up, 0, path("1009", "1008"), 6) is not None
    on_top = field(board, unit("1009"))
    assert check_path(on_top, 0, path("1008", "1007"), 6) is None
    assert check_path(on_top, 0, path("1008", "1007", "1006"), 6) is not None


def test_abrupt_terrain_only_through_its_access_hexside_aod_19_7() -> None:
    """AOD-19.7 / AOD-26.7: the mesa's access is the south hexside of its south hex."""
    anchor = at("1010")
    board = TerrainMap.of(size_cells(pieces()["Mesa"].place(anchor).terrain(1)), 20, 20)
    south = anchor.neighbor(pieces()["Mesa"].access[0][1])  # 1011, the access hex
    below = south + (south - anchor)  # 1012, outside the access hexside
    side = at("1211")  # outside the mesa's south-east hex, no access there
    up = field(board, unit(below))
    assert check_path(up, 0, [south], 4) is None
    refused = field(board, unit(side))
    why = check_path(refused, 0, [at("1111")], 4)
    assert why is not None
    assert "access point" in why
    down = field(board, unit(south))
    assert check_path(down, 0, [below], 4) is None
    assert check_path(down, 0, [at("0912")], 4) is not None  # south-west: not the access side


def size_cells(cells: dict[Hex, HexTerrain]) -> list[tuple[Hex, HexTerrain]]:
    return sorted(cells.items())


# ---------------------------------------------------------------- AOD-8.2 / AOD-26.4 units


def test_no_path_through_another_units_base_aod_8_2() -> None:
    """AOD-8.2: friends and enemies alike block the path."""
    for side in (0, 1):
        fld = field(terrain(), unit("1010"), unit("1009", SpeedMode.TRACKED, side=side))
        why = check_path(fld, 0, path("1009", "1008"), 4)
        assert why is not None
        assert "another unit's base" in why


def test_a_mech_passes_through_infantry_but_does_not_stop_there_aod_8_6() -> None:
    """AOD-8.2 / AOD-8.6: a 'Mech-mode unit passes through infantry bases; it may not end on one."""
    fld = field(terrain(), unit("1010"), unit("1009", SpeedMode.FOOT, side=1))
    assert check_path(fld, 0, path("1009", "1008"), 4) is None
    why = check_path(fld, 0, path("1009"), 4)
    assert why is not None
    assert "may not end" in why
    assert at("1009") not in reachable(fld, 0, 4)
    infantry = field(terrain(), unit("1010", SpeedMode.FOOT), unit("1009", SpeedMode.FOOT))
    assert check_path(infantry, 0, path("1009", "1008"), 4) is not None


def test_no_squeezing_between_two_units_aod_26_4() -> None:
    """AOD-26.4: a step is illegal when both hexes beside it are occupied."""
    fld = field(terrain(), unit("1010"), unit("0910", side=1), unit("1110", side=0))
    why = check_path(fld, 0, path("1009"), 4)
    assert why is not None
    assert "squeezes" in why
    one_side = field(terrain(), unit("1010"), unit("0910", side=1))
    assert check_path(one_side, 0, path("1009"), 4) is None


def test_infantry_do_not_narrow_the_gap_for_a_mech_aod_26_4() -> None:
    """AOD-26.4: for 'Mechs and Quads infantry hexes do not count for the squeeze rule."""
    board = terrain()
    mech = field(board, unit("1010"), unit("0910", SpeedMode.FOOT, side=1), unit("1110", side=1))
    assert check_path(mech, 0, path("1009"), 4) is None
    foot = field(
        board, unit("1010", SpeedMode.FOOT), unit("0910", SpeedMode.FOOT), unit("1110", side=1)
    )
    assert check_path(foot, 0, path("1009"), 4) is not None


# ---------------------------------------------------------------- AOD-8.9 VTOLs


def test_a_cruising_vtol_flies_over_walls_and_units_aod_8_9() -> None:
    """AOD-8.9 / AOD-25 #31: terrain and units do not stop it; it may not end on either."""
    board = terrain([("1009", WALL), ("1008", WOODS)])
    fld = field(
        board,
        unit("1010", SpeedMode.VTOL, cruising=True),
        unit("1007", side=1),
    )
    assert check_path(fld, 0, path("1009", "1008", "1007", "1006"), 6) is None
    costs = reachable(fld, 0, 6)
    assert at("1009") not in costs  # AOD-19.3: never ends on blocking terrain
    assert at("1007") not in costs
    assert costs[at("1008")] == 2  # it may hover over woods while cruising


def test_an_altitude_change_costs_two_in_place_aod_8_9() -> None:
    """AOD-8.9 / AOD-26.7 / AOD-26.17 #8: climbing costs 2 and needs 2 left; no landing in woods."""
    board = terrain([("1008", WOODS)])
    fld = field(board, unit("1010", SpeedMode.VTOL))
    climb = [Altitude.CRUISING, at("1009"), at("1008")]
    assert check_path(fld, 0, climb, 4) is None
    assert check_path(fld, 0, climb, 3) is not None
    land_in_woods = [*climb, Altitude.NOE]
    why = check_path(fld, 0, land_in_woods, 6)
    assert why is not None
    assert "blocking terrain" in why
    states = reachable_states(fld, 0, 4)
    assert states[(at("1010"), Altitude.CRUISING)] == 2
    assert states[(at("1009"), Altitude.NOE)] == 1
    assert (at("1008"), Altitude.NOE) not in states
    assert check_path(field(board, unit("1010")), 0, [Altitude.CRUISING], 4) is not None


def test_the_seed_example_of_a_vtol_firing_on_the_move_aod_8_9() -> None:
    """AOD-8.9 seed example: speed 20 gives 8: climb 2, move 4, descend 2 (the shot in between)."""
    fld = field(terrain(), unit("1015", SpeedMode.VTOL))
    budget = allowance(20, vtol_firing=True)
    assert budget == 8
    climb, down = Altitude.CRUISING, Altitude.NOE
    assert check_path(fld, 0, [climb, *path("1014", "1013", "1012", "1011"), down], budget) is None
    too_far = [climb, *path("1014", "1013", "1012", "1011", "1010"), down]
    assert "allowance is 8" in (check_path(fld, 0, too_far, budget) or "")


def test_a_forced_descent_lands_on_the_nearest_legal_hexes_aod_26_7() -> None:
    """AOD-25 #21 / AOD-26.7 / AOD-26.17 #8: woods and units below push it to the nearest hexes."""
    open_ground = field(terrain(), unit("1010", SpeedMode.VTOL, cruising=True))
    assert forced_descent_hexes(open_ground, 0) == (at("1010"),)
    woods = [("1010", WOODS), ("1009", WOODS), ("1110", WALL), ("1111", WOODS), ("1011", WOODS)]
    fld = field(
        terrain(woods),
        unit("1010", SpeedMode.VTOL, cruising=True),
        unit("0911", side=1),
    )
    assert forced_descent_hexes(fld, 0) == (at("0910"),)  # the only free ring-1 hex
    shut_in = [(h, WOODS) for h in at("1010").spiral(1)]
    ring2 = forced_descent_hexes(field(terrain(shut_in), unit("1010", SpeedMode.VTOL)), 0)
    assert len(ring2) == 12
    assert all(at("1010").distance(h) == 2 for h in ring2)


# ---------------------------------------------------------------- properties

SIZE = 14
cells = st.sampled_from([WALL, WOODS, HILL, SHALLOW, DEEP])
positions = st.builds(
    Hex.from_offset,
    st.integers(min_value=0, max_value=SIZE - 1),
    st.integers(min_value=0, max_value=SIZE - 1),
)
modes = st.sampled_from(list(SpeedMode))


@st.composite
def boards(draw: st.DrawFn) -> Battlefield:
    """A small board with random terrain, a mover (index 0) in any mode and a few other units."""
    spots = draw(st.lists(positions, min_size=1, max_size=6, unique=True))
    mode = draw(modes)
    cruising = mode is SpeedMode.VTOL and draw(st.booleans())
    drawn = draw(st.dictionaries(positions, cells, max_size=40))
    under = drawn.get(spots[0])
    if under is not None and (
        under is WALL or (not cruising and mode_terrain(under, mode) is TerrainType.BLOCKING)
    ):
        del drawn[spots[0]]  # the mover stands where it may stand
    board = TerrainMap.of(drawn, SIZE, SIZE)
    units = [unit(spots[0], mode, cruising=cruising)]
    units += [unit(s, draw(modes), side=draw(st.sampled_from([0, 1]))) for s in spots[1:]]
    return Battlefield(board, tuple(units))


@given(boards(), st.integers(min_value=0, max_value=8))
def test_reachable_never_exceeds_the_speed(fld: Battlefield, budget: int) -> None:
    """AOD-8.1 / AOD-26.7: a reachable hex costs at most the allowance, at least its distance."""
    start = fld.units[0].hex
    costs = reachable(fld, 0, budget)
    assert costs[start] == 0
    for where, cost in costs.items():
        assert start.distance(where) <= cost <= budget
        assert where == start or fld.unit_at(where) is None


@given(boards(), st.integers(min_value=0, max_value=6))
def test_more_speed_never_reaches_less(fld: Battlefield, budget: int) -> None:
    """AOD-26.7: a larger allowance reaches every hex a smaller one does, at the same cost."""
    small = reachable(fld, 0, budget)
    large = reachable(fld, 0, budget + 1)
    assert all(large[where] == cost for where, cost in small.items())


@given(boards(), st.integers(min_value=1, max_value=6))
def test_every_reachable_neighbour_agrees_with_check_path(fld: Battlefield, budget: int) -> None:
    """AOD-26.7: a one-step move is reachable exactly when `check_path` accepts it."""
    start = fld.units[0].hex
    costs = reachable(fld, 0, budget)
    for where in start.neighbors():
        accepted = check_path(fld, 0, [where], budget) is None
        if accepted:
            assert costs.get(where) == 1


@given(boards(), st.integers(min_value=0, max_value=9))
def test_the_fast_search_agrees_with_the_step_rules(fld: Battlefield, budget: int) -> None:
    """AOD-26.7: the fast search equals a plain one over `check_path`'s step rules."""
    assert reachable_states(fld, 0, budget) == reference_states(fld, 0, budget)
