"""The ruleset-agnostic night rules (engine.night): NT-2 movement roll, NT-3 stray, NT-4 jitter."""

from __future__ import annotations

import pytest

from engine.night import (
    RAN_OUT,
    Care,
    Jitter,
    Stop,
    jitter,
    stray_direction,
    strays,
    walk_stray,
    worst_care,
)


@pytest.mark.parametrize(
    ("care", "white", "expected"),
    [
        (Care.LAX, 1, True),
        (Care.NORMAL, 2, False),
        (Care.NORMAL, 3, True),
        (Care.STEALTHY, 4, False),
        (Care.STEALTHY, 5, True),
        (Care.STEALTHY, 6, True),
    ],
)
def test_nt2_a_coloured_six_strays_by_care_level(care: Care, white: int, expected: bool) -> None:
    """NT-2: coloured 6 strays: lax always, normal white >= 3, stealthy white >= 5."""
    assert strays(care, 6, white) is expected


@pytest.mark.parametrize("care", list(Care))
def test_nt2_no_coloured_six_never_strays(care: Care) -> None:
    """NT-2: only a coloured die of 6 means a possible stray."""
    assert not any(
        strays(care, coloured, white) for coloured in range(1, 6) for white in range(1, 7)
    )


def test_nt2_a_mixed_stack_uses_the_worst_care() -> None:
    """NT-2 (DESIGN): a mixed stack moves at the worst level."""
    assert worst_care([Care.STEALTHY, Care.LAX, Care.NORMAL]) is Care.LAX
    assert worst_care([Care.STEALTHY, Care.NORMAL]) is Care.NORMAL
    assert worst_care([Care.STEALTHY]) is Care.STEALTHY


def test_nt3_the_coloured_die_is_the_direction() -> None:
    """NT-3: the stray roll's coloured die gives one of six directions."""
    assert [stray_direction(d) for d in range(1, 7)] == [1, 2, 3, 4, 5, 6]
    with pytest.raises(ValueError, match="1 to 6"):
        stray_direction(7)


@pytest.mark.parametrize(
    ("dice", "expected"),
    [
        ((1, 1), Jitter.ENEMY),
        ((2, 2), Jitter.ENEMY),
        ((3, 3), Jitter.NONE),
        ((4, 4), Jitter.NONE),
        ((5, 5), Jitter.SELF),
        ((6, 6), Jitter.SELF),
        ((6, 5), Jitter.NONE),
        ((1, 2), Jitter.NONE),
    ],
)
def test_nt4_the_design_jitter_table(dice: tuple[int, int], expected: Jitter) -> None:
    """NT-4 DESIGN table: (1,1)/(2,2) nearest enemy, (3,3)/(4,4) nothing, (5,5)/(6,6) the mover."""
    assert jitter(*dice, gunflash=True) is expected


def test_nt4_no_jitter_fire_before_the_first_shot_of_the_night() -> None:
    """NT-4: only after the first shot (a gunflash) may doubles cause jitter fire."""
    assert {jitter(d, d, gunflash=False) for d in range(1, 7)} == {Jitter.NONE}


def _line(
    costs: dict[int, int],
    *,
    before: dict[int, Stop] | None = None,
    after: dict[int, Stop] | None = None,
) -> tuple[tuple[int, ...], tuple[int, ...], Stop]:
    """A stray along integers 0, 1, 2 ... (10 is off the board), costs by position."""
    before = before or {}
    after = after or {}
    walk = walk_stray(
        0,
        5,
        next_position=lambda p: p + 1 if p < 9 else None,
        cost=lambda _, q: costs.get(q, 1),
        stop_before=lambda _, q: before.get(q),
        stop_after=after.get,
    )
    return walk.path, walk.costs, walk.stop


def test_nt3_a_stray_goes_as_far_as_its_points_allow() -> None:
    """NT-3: the unit strays until it lacks the points for the next position: no mark."""
    path, costs, stop = _line({3: 2, 4: 2})
    assert path == (1, 2, 3)
    assert costs == (1, 1, 2)
    assert stop == RAN_OUT
    assert not stop.unable


def test_nt3_a_stray_stops_before_forbidden_terrain_and_is_marked() -> None:
    """NT-3: it stops before forbidden terrain, marked unable to act; a friend frees it."""
    wall = Stop("a cliff", unable=True)
    assert _line({}, before={3: wall}) == ((1, 2), (1, 1), wall)
    friend = Stop("a friend", free=True)
    assert _line({}, before={1: friend}) == ((), (), friend)
    seen = Stop("sees an enemy", unable=True)
    assert _line({}, after={2: seen}) == ((1, 2), (1, 1), seen)
    forbidden = Stop("water", unable=True)
    assert _line({2: forbidden}) == ((1,), (1,), forbidden)  # type: ignore[dict-item]


def test_nt3_the_board_edge_is_forbidden_terrain() -> None:
    """NT-3: off the board is forbidden terrain (marked)."""
    walk = walk_stray(
        8,
        5,
        next_position=lambda p: p + 1 if p < 9 else None,
        cost=lambda _, __: 1,
        stop_before=lambda _, __: None,
    )
    assert walk.path == (9,)
    assert walk.stop.unable
