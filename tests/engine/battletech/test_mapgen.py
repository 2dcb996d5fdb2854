"""Random maps: determinism, and boards playable by the rules (BT-M-6..8, BT-M-22, BT-M-27).

The helpers `mech_reachable`, `edges` and `road_faults` are shared with the bundled-board tests.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.battletech.board import Board, BuildingClass, Terrain, Woods
from engine.battletech.data.mapgen import MapStyle, generate
from engine.hexes import Facing, Hex

MECH_CLIMB = 2  # BT-M-22: a 'Mech changes at most two levels per hex entered
SEEDS = range(12)


def mech_reachable(board: Board, start: Hex) -> set[Hex]:
    """BT-M-22/23: every hex a 'Mech can walk to from ``start`` (any terrain, 2 levels a step).

    In water a 'Mech stands on the bottom (BT-M-7 item 4), so levels are compared by `bottom`.
    """
    seen = {start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in here.neighbors():
            terrain = board.get(there)
            if terrain is None or there in seen:
                continue
            if abs(terrain.bottom - board.terrain(here).bottom) <= MECH_CLIMB:
                seen.add(there)
                queue.append(there)
    return seen


def edges(board: Board) -> dict[str, set[Hex]]:
    """The hexes along each map edge."""
    cols, rows = range(board.width), range(board.height)
    return {
        "north": {Hex.from_offset(c, 0) for c in cols},
        "south": {Hex.from_offset(c, board.height - 1) for c in cols},
        "west": {Hex.from_offset(0, r) for r in rows},
        "east": {Hex.from_offset(board.width - 1, r) for r in rows},
    }


def road_faults(board: Board) -> Iterator[str]:
    """BT-M-27/28: every road or bridge exit leads off the map or into a hex that leads back."""
    for where, terrain in board.items():
        for facing in Facing:
            if not terrain.road_exit(facing):
                continue
            other = board.get(where.neighbor(facing))
            if other is not None and not other.road_exit(facing.opposite):
                yield f"{where.label} leads {facing.name} into {where.neighbor(facing).label}"
        if terrain.bridge is not None and terrain.water is None:
            yield f"{where.label} has a bridge over dry land"


def road_network(board: Board, start: Hex) -> set[Hex]:
    """The road hexes joined to ``start`` by matching exits."""
    seen, queue = {start}, deque([start])
    while queue:
        here = queue.popleft()
        for facing in Facing:
            there = here.neighbor(facing)
            if board.terrain(here).road_exit(facing) and there in board and there not in seen:
                seen.add(there)
                queue.append(there)
    return seen


def boards_of_every_style() -> Iterator[tuple[MapStyle, int, Board]]:
    for style in MapStyle:
        for seed in SEEDS:
            yield style, seed, generate(16, 17, seed, terrain=style)


ALL = [pytest.param(*case, id=f"{case[0]}-{case[1]}") for case in boards_of_every_style()]
BOARDS = [case.values for case in ALL]


# ---------------------------------------------------------------- determinism and arguments


@pytest.mark.parametrize("style", list(MapStyle))
def test_same_seed_same_board(style: MapStyle) -> None:
    """DESIGN 2: the same size, seed and style give the same board, every time."""
    assert generate(16, 17, 42, terrain=style) == generate(16, 17, 42, terrain=style)
    assert generate(16, 17, 42, terrain=style.value) == generate(16, 17, 42, terrain=style)


def test_different_seeds_give_different_boards() -> None:
    """Twelve seeds give twelve different grassland maps."""
    boards = {generate(16, 17, seed).hexes for seed in SEEDS}
    assert len(boards) == len(SEEDS)


def test_a_known_board_stays_the_same() -> None:
    """A fingerprint of one board: a change to the generator shows up here (update on purpose)."""
    board = generate(16, 17, 2024, terrain="river")
    assert board.name == "river #2024"
    assert (board.width, board.height) == (16, 17)
    fingerprint = (
        sum(t.level for t in board.hexes),
        sum(t.water is not None for t in board.hexes),
        sum(t.woods is not Woods.NONE for t in board.hexes),
        sum(t.has_road for t in board.hexes),
    )
    assert fingerprint == FINGERPRINT


FINGERPRINT = (54, 32, 29, 16)


def test_bad_arguments_are_refused() -> None:
    """A style name is checked; a board needs at least one hex."""
    with pytest.raises(ValueError, match="unknown map style 'moon': choose one of grassland, "):
        generate(16, 17, 1, terrain="moon")
    with pytest.raises(ValueError, match="at least one column and one row, not 0x17"):
        generate(0, 17, 1)


# ---------------------------------------------------------------- playable boards


@pytest.mark.parametrize(("style", "seed", "board"), ALL)
def test_a_mech_can_walk_everywhere(style: MapStyle, seed: int, board: Board) -> None:
    """BT-M-22: no step of over two levels stops a 'Mech: short edge to short edge, and anywhere."""
    side = edges(board)
    start, goal = ("north", "south") if board.width <= board.height else ("west", "east")
    reached = mech_reachable(board, min(side[start]))
    assert reached & side[goal], f"{style} #{seed}: {goal} edge out of reach"
    assert len(reached) == board.width * board.height


@pytest.mark.parametrize(("style", "seed", "board"), ALL)
def test_roads_cross_the_map_with_matched_exits(style: MapStyle, seed: int, board: Board) -> None:
    """BT-M-27/28: one road runs west to east (a city's also north to south), bridged over water."""
    assert list(road_faults(board)) == []
    side = edges(board)
    west = [h for h in sorted(side["west"]) if board.terrain(h).has_road]
    assert west, f"{style} #{seed}: no road on the west edge"
    network = road_network(board, west[0])
    assert network & side["east"]
    if style is MapStyle.CITY:
        assert network & side["north"]
        assert network & side["south"]
    for where in network:
        terrain = board.terrain(where)
        assert (terrain.water is None) == (terrain.bridge is None), where.label


@pytest.mark.parametrize(("style", "seed", "board"), ALL)
def test_levels_slopes_water_and_woods_are_sensible(
    style: MapStyle, seed: int, board: Board
) -> None:
    """BT-M-7/8: levels, slopes, water and woods as a map maker would draw them.

    Levels -1..3; gentle slopes (steep only in the hills style); water 1-2 deep, surface Level 0;
    heavy woods ringed by light woods or other features, never by plain clear ground.
    """
    steepest = 2 if style is MapStyle.HILLS else 1
    for where, terrain in board.items():
        assert -1 <= terrain.level <= 3
        if terrain.water is not None:
            assert terrain.water in {1, 2}
            assert terrain.level == 0
        for other in filter(None, map(board.get, where.neighbors())):
            if terrain.water is None and other.water is None:
                assert abs(terrain.level - other.level) <= steepest, where.label
            if terrain.woods is Woods.HEAVY:
                assert other != Terrain(level=other.level), f"{style} #{seed} {where.label}"


def woods_share(style: MapStyle) -> float:
    hexes = [t for s, _, board in BOARDS if s is style for t in board.hexes]
    return sum(t.woods is not Woods.NONE for t in hexes) / len(hexes)


def test_styles_differ_as_their_names_say() -> None:
    """Each style looks like its name.

    Forest has the most woods, the river style much water, hills reach Level 3, and the city holds
    buildings of all four classes (BT-M-8.9).
    """
    assert woods_share(MapStyle.FOREST) > 2 * woods_share(MapStyle.GRASSLAND)
    for style, seed, board in BOARDS:
        waters = sum(t.water is not None for t in board.hexes)
        if style is MapStyle.RIVER:
            assert waters >= 17, f"river #{seed}"
        if style is MapStyle.HILLS:
            assert max(t.level for t in board.hexes) >= 2, f"hills #{seed}"
    classes = {
        t.building.cls
        for style, _, board in BOARDS
        if style is MapStyle.CITY
        for t in board.hexes
        if t.building is not None
    }
    assert classes == set(BuildingClass)
    assert any(max(t.level for t in b.hexes) == 3 for s, _, b in BOARDS if s is MapStyle.HILLS)


@settings(max_examples=40)
@given(
    st.integers(min_value=1, max_value=24),
    st.integers(min_value=1, max_value=24),
    st.integers(min_value=0, max_value=2**64),
    st.sampled_from(MapStyle),
)
def test_any_size_and_seed_gives_a_playable_board(
    width: int, height: int, seed: int, style: MapStyle
) -> None:
    """Odd sizes, tiny boards and huge seeds: still walkable everywhere, roads still matched."""
    board = generate(width, height, seed, terrain=style)
    assert (board.width, board.height) == (width, height)
    assert len(mech_reachable(board, Hex(0, 0))) == width * height
    assert list(road_faults(board)) == []
