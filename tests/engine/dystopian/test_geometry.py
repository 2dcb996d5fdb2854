"""Dystopian Wars geometry: scale, sectors, arcs, channels, range bands and heights.

Rules: DW-28.1, DW-28.3 (distances), DW-28.6 (sectors, arcs, half AD on a spine, fixed channels),
DW-28.7 / DW-15.2 (range bands, elevation limits, primaries, indirect fire), DW-14.4, DW-14.6,
DW-11.9; all relative to the kernel facing (DW-28.2's project decision).
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.dystopian.geometry import (
    ARC_SECTORS,
    Arc,
    Channel,
    Cover,
    Level,
    RangeBand,
    Sector,
    arc_cover,
    channel_cover,
    hexes_for_inches,
    in_base_contact,
    inches_for_hexes,
    indirect_fire_problem,
    ordnance_height_problem,
    primary_modifier,
    range_band,
    sector_cover,
    sectors_of,
)
from engine.hexes import Facing, Hex

ORIGIN = Hex(0, 0)
F, FS, AS, A, AP, FP = Sector
coords = st.integers(min_value=-20, max_value=20)
offsets = st.builds(Hex, coords, coords).filter(lambda h: h != ORIGIN)
facings = st.sampled_from(Facing)


@pytest.mark.parametrize(
    ("inches", "hexes"), [(1, 0), (2, 1), (4, 2), (6, 3), (8, 4), (12, 6), (16, 8), (32, 16)]
)
def test_distance_conversion(inches: int, hexes: int) -> None:
    """DW-28.3: the table of rule distances in hexes (1" is the same hex)."""
    assert hexes_for_inches(inches) == hexes
    if inches % 2 == 0:
        assert inches_for_hexes(hexes) == inches


@pytest.mark.parametrize(
    ("where", "expected"),
    [
        (Hex(0, -1), {F}),  # straight ahead
        (Hex(1, -1), {FS}),  # the starboard-bow neighbour (clockwise)
        (Hex(1, 0), {AS}),
        (Hex(0, 1), {A}),
        (Hex(-1, 1), {AP}),
        (Hex(-1, 0), {FP}),  # the port-bow neighbour (counter-clockwise)
        (Hex(1, -2), {F, FS}),  # distance 2 on the +30 degree spine: both sectors
        (Hex(2, -1), {FS, AS}),  # the 90-degree starboard spine
        (Hex(-2, 1), {AP, FP}),  # the 90-degree port spine
        (Hex(1, 1), {A, AS}),  # the 150-degree spine
        (Hex(1, -3), {F}),  # just inside F, off the spine
        (Hex(2, -4), {F, FS}),  # distance 4 on the spine
        (Hex(3, -2), {FS}),
    ],
)
def test_sectors_facing_north(where: Hex, expected: set[Sector]) -> None:
    """DW-28.6: F at the bow, FS/AS clockwise, AP/FP counter-clockwise; spines are in both."""
    assert sectors_of(ORIGIN, Facing.N, where) == expected


def test_sectors_turn_with_the_model() -> None:
    """DW-28.2 decision: sectors are relative to the kernel facing (a model facing SE)."""
    assert sectors_of(ORIGIN, Facing.SE, Hex(1, 0)) == {F}
    assert sectors_of(ORIGIN, Facing.SE, Hex(0, 1)) == {FS}
    assert sectors_of(ORIGIN, Facing.SE, Hex(-1, 0)) == {A}
    assert sectors_of(ORIGIN, Facing.SE, Hex(1, -1)) == {FP}
    assert sectors_of(ORIGIN, Facing.SE, Hex(0, -1)) == {AP}


def test_own_hex_has_no_sector() -> None:
    """DW-28.6: a target in the model's own hex has no sector."""
    with pytest.raises(ValueError, match="own hex"):
        sectors_of(ORIGIN, Facing.N, ORIGIN)
    with pytest.raises(ValueError, match="own hex"):
        channel_cover(Channel.FORE, ORIGIN, Facing.N, ORIGIN)


@given(offsets, facings, st.integers(0, 5))
def test_sectors_rotate_with_facing(v: Hex, facing: Facing, k: int) -> None:
    """DW-28.6: turning the model and the target together keeps the sectors."""
    assert sectors_of(ORIGIN, facing, v) == sectors_of(ORIGIN, facing.turn(k), v.rotate(k))


@given(offsets, facings, coords, coords)
def test_one_sector_or_a_spine(v: Hex, facing: Facing, q: int, r: int) -> None:
    """DW-28.6: every hex is in one sector, or in two neighbouring ones on a spine at even d."""
    origin = Hex(q, r)
    held = sectors_of(origin, facing, origin + v)
    assert len(held) in {1, 2}
    if len(held) == 2:
        a, b = sorted(held)
        assert (b - a) % 6 in {1, 5}
        assert ORIGIN.distance(v) % 2 == 0


@pytest.mark.parametrize(
    ("arc", "where", "cover"),
    [
        (Arc.FORE_90, Hex(0, -3), Cover.FULL),
        (Arc.FORE_90, Hex(1, -2), Cover.HALF),  # on the F/FS spine: partly outside one edge
        (Arc.FORE_90, Hex(1, -1), Cover.NONE),
        (Arc.STARBOARD, Hex(2, -1), Cover.FULL),  # the beam spine is inside the broadside
        (Arc.STARBOARD, Hex(1, -2), Cover.HALF),
        (Arc.PORT, Hex(2, -1), Cover.NONE),
        (Arc.FORE_180, Hex(2, -1), Cover.HALF),  # the beam is the 180's edge
        (Arc.FORE_270, Hex(0, 2), Cover.NONE),  # dead astern
        (Arc.FORE_270, Hex(1, 1), Cover.HALF),  # the A/AS spine
        (Arc.AFT_270, Hex(1, 1), Cover.FULL),
        (Arc.OFFSET_FORE_STARBOARD, Hex(2, 0), Cover.FULL),
        (Arc.OFFSET_FORE_STARBOARD, Hex(-1, -1), Cover.HALF),
        (Arc.ALL_ROUND, Hex(0, 5), Cover.FULL),
    ],
)
def test_arc_cover(arc: Arc, where: Hex, cover: Cover) -> None:
    """DW-28.6 / DW-14.4: full inside, half on the arc's edge spine, none outside."""
    assert arc_cover(arc, ORIGIN, Facing.N, where) is cover


def test_arc_table() -> None:
    """DW-28.6: the broadsides get 120 degrees each, bow and stern 60, 270s all but one."""
    assert ARC_SECTORS[Arc.PORT] == {FP, AP}
    assert ARC_SECTORS[Arc.STARBOARD] == {FS, AS}
    assert ARC_SECTORS[Arc.FORE_270] == set(Sector) - {A}
    assert ARC_SECTORS[Arc.AFT_180] == {AP, A, AS}
    assert sector_cover({F}, {F, FS}) is Cover.HALF


@pytest.mark.parametrize(
    ("channel", "where", "cover"),
    [
        (Channel.FORE, Hex(0, -5), Cover.FULL),
        (Channel.FORE, Hex(1, -5), Cover.NONE),  # the next row is 0.87 away: out
        (Channel.FORE, Hex(0, 5), Cover.NONE),
        (Channel.AFT, Hex(0, 2), Cover.FULL),
        (Channel.STARBOARD, Hex(2, -1), Cover.FULL),  # on the 90-degree spine
        (Channel.STARBOARD, Hex(1, 0), Cover.HALF),  # |r - s| = 1: on the edge
        (Channel.STARBOARD, Hex(1, -1), Cover.HALF),
        (Channel.STARBOARD, Hex(4, -2), Cover.FULL),
        (Channel.STARBOARD, Hex(3, -1), Cover.HALF),
        (Channel.STARBOARD, Hex(3, 0), Cover.NONE),  # |r - s| = 3
        (Channel.PORT, Hex(-2, 1), Cover.FULL),
        (Channel.PORT, Hex(-1, 0), Cover.HALF),
        (Channel.PORT, Hex(2, -1), Cover.NONE),
    ],
)
def test_channel_cover_facing_north(channel: Channel, where: Hex, cover: Cover) -> None:
    """DW-28.6: the fixed channels' centre-line test (full at w = 0, half at w = 0.5)."""
    assert channel_cover(channel, ORIGIN, Facing.N, where) is cover


@given(offsets, facings, st.integers(0, 5), st.sampled_from(Channel))
def test_channels_rotate_with_facing(v: Hex, facing: Facing, k: int, channel: Channel) -> None:
    """DW-28.6: channels are fixed to the model; turning both keeps the cover."""
    assert channel_cover(channel, ORIGIN, facing, v) == channel_cover(
        channel, ORIGIN, facing.turn(k), v.rotate(k)
    )


def test_channel_on_a_turned_model() -> None:
    """DW-28.6: a model facing SW has its fore channel running SW and its aft one NE."""
    assert channel_cover(Channel.FORE, ORIGIN, Facing.SW, Hex(-3, 3)) is Cover.FULL
    assert channel_cover(Channel.AFT, ORIGIN, Facing.SW, Hex(2, -2)) is Cover.FULL


@pytest.mark.parametrize(
    ("d", "band"),
    [
        (0, None),
        (1, RangeBand.RB1),
        (4, RangeBand.RB1),
        (5, RangeBand.RB2),
        (8, RangeBand.RB2),
        (9, RangeBand.RB3),
        (12, RangeBand.RB3),
        (13, RangeBand.RB4),
        (16, RangeBand.RB4),
        (17, None),
    ],
)
def test_range_bands(d: int, band: RangeBand | None) -> None:
    """DW-28.7: RB1 1-4, RB2 5-8, RB3 9-12, RB4 13-16, out of range from 17."""
    assert range_band(d) == band


def test_primaries_at_rb1() -> None:
    """DW-4.1 / DW-28.7: primaries -1 to hit at d <= 4 only."""
    assert primary_modifier(4) == -1
    assert primary_modifier(5) == 0


@pytest.mark.parametrize(
    ("shooter", "target", "d", "kwargs", "problem"),
    [
        (Level.SURFACE, Level.FLYING, 4, {}, "elevate"),
        (Level.SURFACE, Level.OBSCURED, 3, {}, "elevate"),
        (Level.SURFACE, Level.FLYING, 5, {}, ""),
        (Level.SURFACE, Level.FLYING, 4, {"towering_primary": True}, ""),
        (Level.SURFACE, Level.SURFACE, 2, {"target_diving": True}, "depress"),
        (Level.SURFACE, Level.SUBMERGED, 5, {"target_diving": True}, ""),
        (Level.FLYING, Level.FLYING, 1, {}, ""),
        (Level.SUBMERGED, Level.FLYING, 8, {"torpedo": True}, "flyers"),
        (Level.SUBMERGED, Level.SURFACE, 8, {}, "only torpedoes"),
        (Level.SUBMERGED, Level.SURFACE, 2, {"torpedo": True}, ""),
        (Level.OBSCURED, Level.SUBMERGED, 8, {}, "submerged"),
    ],
)
def test_height_limits(
    shooter: Level, target: Level, d: int, kwargs: dict[str, bool], problem: str
) -> None:
    """DW-14.6 / DW-28.7 / DW-11.9: elevation limits at d <= 4 and the submerged/obscured rules."""
    why = ordnance_height_problem(shooter, target, d, **kwargs)
    assert (problem in why) if problem else why == ""
    assert bool(why) == bool(problem)


@pytest.mark.parametrize(
    ("d", "observer", "ok"),
    [(8, False, False), (9, False, True), (16, False, True), (17, False, False), (5, True, True)],
)
def test_indirect_fire_bands(d: int, observer: bool, ok: bool) -> None:
    """DW-28.7: indirect fire at d 9-16 only (Forward Observer: 5-8 too)."""
    assert (indirect_fire_problem(d, forward_observer=observer) == "") is ok


def _bearing(v: Hex) -> float:
    """The pixel bearing of ``v`` clockwise from north, flat-top hexes (DESIGN 2.1)."""
    x = 1.5 * v.q
    y = math.sqrt(3) * (v.r + v.q / 2)  # screen y grows downward
    return math.degrees(math.atan2(x, -y)) % 360


def test_sectors_match_pixel_angles() -> None:
    """DW-28.6: the cube-ordering rule agrees with the true bearings on the flat-top board."""
    for v in ORIGIN.spiral(8)[1:]:
        bearing = _bearing(v)
        expected = set()
        for sector in Sector:
            low = (60 * sector - 30) % 360
            offset = (bearing - low) % 360
            if offset <= 60 + 1e-9 or offset >= 360 - 1e-9:
                expected.add(sector)
        assert sectors_of(ORIGIN, Facing.N, v) == expected, (v, bearing)


def test_base_contact() -> None:
    """DW-28.5: base contact is adjacency."""
    assert in_base_contact(ORIGIN, Hex(1, -1))
    assert not in_base_contact(ORIGIN, Hex(2, -1))
    assert not in_base_contact(ORIGIN, ORIGIN)


def test_card_notation_reads_directly() -> None:
    """DW-4.1 / DW-28.6: arcs and channels take the card file's notation as their values."""
    assert Arc("90-port") is Arc.PORT_90
    assert ARC_SECTORS[Arc("broadside-starboard")] == {FS, AS}
    assert Channel("channel-aft") is Channel.AFT
    assert ARC_SECTORS[Arc.PORT_90] == ARC_SECTORS[Arc.PORT]
