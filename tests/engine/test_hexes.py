"""Hex maths: table tests from DESIGN 2.1 and map labels, then hypothesis properties (STYLE 15)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.hexes import (
    Facing,
    Hex,
    OffsetCoord,
    _nudged_line,
    facing_difference,
    hexside_line,
    line,
    line_pair,
)

ORIGIN = Hex(0, 0)

coords = st.integers(min_value=-60, max_value=60)
hexes = st.builds(Hex, coords, coords)
facings = st.sampled_from(Facing)
steps = st.integers(min_value=-20, max_value=20)
radii = st.integers(min_value=0, max_value=12)
map_positions = st.integers(min_value=0, max_value=1200)


def labels(*names: str) -> tuple[Hex, ...]:
    return tuple(Hex.from_label(name) for name in names)


# ---------------------------------------------------------------- tables: distance and neighbours


@pytest.mark.parametrize(
    ("start", "end", "expected"),
    [
        ("0101", "0101", 0),
        ("0101", "0201", 1),  # DESIGN 2.1
        ("0101", "0202", 2),  # DESIGN 2.1
        ("0201", "0102", 1),  # odd column sits half a hex lower
        ("0101", "0301", 2),
        ("0101", "0105", 4),
        ("0505", "0908", 5),
    ],
)
def test_distance_between_map_labels(start, end, expected):
    """Distances between labelled hexes match the map."""
    assert Hex.from_label(start).distance(Hex.from_label(end)) == expected


def test_neighbours_of_0505_come_in_facing_order():
    """0505's neighbours run N, NE, SE, S, SW, NW as DESIGN 2.1 lists them."""
    neighbours = Hex.from_label("0505").neighbors()

    assert [h.label for h in neighbours] == ["0504", "0604", "0605", "0506", "0405", "0404"]


def test_neighbours_of_an_odd_column_hex_shift_down():
    """A hex in an odd 0-based column (label 06xx) has its side neighbours one row lower."""
    neighbours = Hex.from_label("0605").neighbors()

    assert [h.label for h in neighbours] == ["0604", "0705", "0706", "0606", "0506", "0505"]


@pytest.mark.parametrize(
    ("facing", "delta"),
    [
        (Facing.N, (0, -1)),
        (Facing.NE, (1, -1)),
        (Facing.SE, (1, 0)),
        (Facing.S, (0, 1)),
        (Facing.SW, (-1, 1)),
        (Facing.NW, (-1, 0)),
    ],
)
def test_facing_deltas_match_design(facing, delta):
    """Each facing steps by the axial delta in DESIGN 2.1."""
    assert facing.delta == Hex(*delta)
    assert ORIGIN.neighbor(facing) == Hex(*delta)


def test_facings_are_numbered_clockwise_from_north():
    """Facing values are 0..5 from N clockwise, usable as plain ints."""
    assert [int(f) for f in Facing] == [0, 1, 2, 3, 4, 5]
    assert [f.name for f in Facing] == ["N", "NE", "SE", "S", "SW", "NW"]


# ---------------------------------------------------------------- tables: offsets and labels


@pytest.mark.parametrize(
    ("col", "row", "axial"),
    [
        (0, 0, (0, 0)),
        (1, 0, (1, 0)),  # odd column: sits lower, same r as its upper-left neighbour
        (2, 0, (2, -1)),
        (3, 0, (3, -1)),
        (3, 4, (3, 3)),
        (4, 4, (4, 2)),
        (-1, 0, (-1, 1)),  # off the map to the left: still exact
    ],
)
def test_offset_converts_to_axial_for_even_and_odd_columns(col, row, axial):
    """Offsets convert with DESIGN 2.1's odd-q formulas, both ways."""
    assert Hex.from_offset(col, row) == Hex(*axial)
    assert Hex(*axial).to_offset() == OffsetCoord(col, row)
    assert Hex(*axial).to_offset() == (col, row)


@pytest.mark.parametrize(
    ("label", "axial"),
    [
        ("0101", (0, 0)),
        ("0201", (1, 0)),
        ("0203", (1, 2)),
        ("0303", (2, 1)),
        ("1517", (14, 9)),
        ("9999", (98, 49)),
    ],
)
def test_label_converts_to_hex_and_back(label, axial):
    """A four-digit label names the expected hex and is given back by `label`."""
    assert Hex.from_label(label) == Hex(*axial)
    assert Hex(*axial).label == label


@pytest.mark.parametrize(
    ("col", "row", "label"),
    [
        (98, 98, "9999"),
        (99, 0, "100001"),
        (0, 99, "001100"),
        (100, 5, "101006"),
        (1000, 2, "10010003"),
    ],
)
def test_wide_maps_use_wider_label_fields(col, row, label):
    """Columns or rows numbered 100 and up switch both halves to three (or more) digits."""
    assert Hex.from_offset(col, row).label == label
    assert Hex.from_label(label) == Hex.from_offset(col, row)


def test_label_halves_need_not_be_canonical_width():
    """`from_label` splits any even-length label in half, so "001005" is 0105."""
    assert Hex.from_label("001005") == Hex.from_label("0105")


@pytest.mark.parametrize(
    "label", ["", "101", "01a1", "0001", "0100", "-101", " 0101", "\u0660\u0661\u0660\u0661"]
)
def test_bad_labels_are_rejected_with_a_readable_message(label):
    """Malformed labels, and column or row 00, raise ValueError naming the label."""
    with pytest.raises(ValueError, match="bad hex label"):
        Hex.from_label(label)


def test_hex_off_the_map_has_no_label():
    """A hex above or left of 0101 raises instead of inventing a label."""
    with pytest.raises(ValueError, match="off the map"):
        _ = Hex(0, -1).label


# ---------------------------------------------------------------- tables: facings and rotation


@pytest.mark.parametrize(
    ("facing", "turn", "expected"),
    [
        (Facing.N, 1, Facing.NE),
        (Facing.N, -1, Facing.NW),
        (Facing.SW, 3, Facing.NE),
        (Facing.NW, 1, Facing.N),
        (Facing.SE, 13, Facing.S),
        (Facing.S, 0, Facing.S),
    ],
)
def test_facing_turns_wrap_modulo_six(facing, turn, expected):
    """Turning a facing counts hexsides clockwise and wraps round."""
    assert facing.turn(turn) is expected


def test_opposite_facings():
    """N faces S, NE faces SW, SE faces NW."""
    assert [f.opposite for f in Facing] == [
        Facing.S,
        Facing.SW,
        Facing.NW,
        Facing.N,
        Facing.NE,
        Facing.SE,
    ]


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (Facing.N, Facing.N, 0),
        (Facing.N, Facing.NE, 1),
        (Facing.N, Facing.NW, 1),
        (Facing.N, Facing.SE, 2),
        (Facing.NW, Facing.NE, 2),
        (Facing.N, Facing.S, 3),
        (Facing.SW, Facing.NE, 3),
    ],
)
def test_facing_difference_counts_the_shorter_way_round(a, b, expected):
    """The hexside turns between two facings are 0 to 3."""
    assert facing_difference(a, b) == expected


def test_rotating_one_step_turns_north_into_northeast():
    """Rotation is clockwise, in the same sense as facings."""
    assert Facing.N.delta.rotate(1) == Facing.NE.delta
    assert Facing.N.delta.rotate(-1) == Facing.NW.delta
    assert Hex(2, -1).rotate(1) == Hex(1, 1)


def test_rotating_around_a_centre_keeps_the_centre_fixed():
    """rotate_around turns a hex about another hex, not the origin."""
    centre = Hex.from_label("0505")

    assert centre.rotate_around(centre, 1) == centre
    assert centre.neighbor(Facing.N).rotate_around(centre, 2) == centre.neighbor(Facing.SE)


@pytest.mark.parametrize("facing", list(Facing))
def test_direction_to_finds_the_facing_along_a_hex_row(facing):
    """A hex three steps along a facing is in that direction."""
    target = ORIGIN.neighbor(facing).neighbor(facing).neighbor(facing)

    assert ORIGIN.direction_to(target) is facing


@pytest.mark.parametrize("target", [ORIGIN, Hex(2, -1), Hex(1, 1), Hex(3, -1)])
def test_direction_to_is_none_off_the_six_rows(target):
    """The same hex, or one between two hex rows, has no single facing."""
    assert ORIGIN.direction_to(target) is None


# ---------------------------------------------------------------- tables: rings and areas


def test_ring_of_radius_one_is_the_neighbours_in_facing_order():
    """The ring of radius 1 starts due north and runs clockwise, like neighbors()."""
    centre = Hex.from_label("0505")

    assert centre.ring(1) == centre.neighbors()


def test_ring_of_radius_zero_is_the_centre():
    """ring(0) and spiral(0) are just the centre."""
    assert ORIGIN.ring(0) == (ORIGIN,)
    assert ORIGIN.spiral(0) == (ORIGIN,)


def test_ring_starts_due_north_and_passes_the_corners_clockwise():
    """ring(2) visits the six corners at indices 0, 2, 4, ... in facing order."""
    ring = ORIGIN.ring(2)

    assert ring[::2] == tuple(Hex(f.delta.q * 2, f.delta.r * 2) for f in Facing)


def test_negative_radius_is_rejected():
    """Rings and spirals refuse a negative radius."""
    with pytest.raises(ValueError, match="radius"):
        ORIGIN.ring(-1)
    with pytest.raises(ValueError, match="radius"):
        ORIGIN.spiral(-1)


# ---------------------------------------------------------------- tables: lines


def test_line_down_a_column_visits_every_hex():
    """0101 to 0105 passes 0102, 0103, 0104."""
    assert line(*labels("0101", "0105")) == labels("0101", "0102", "0103", "0104", "0105")


def test_line_to_the_same_hex_is_that_hex():
    """A line of length zero is one hex, in both variants."""
    here = Hex.from_label("0505")

    assert line(here, here) == (here,)
    assert line_pair(here, here) == ((here,), (here,))
    assert hexside_line(here, here) == ((here,),)


def test_line_off_the_hexsides_has_identical_variants():
    """0505 to 0607 crosses hexes cleanly, so both nudges agree."""
    plus, minus = line_pair(*labels("0505", "0607"))

    assert plus == minus == labels("0505", "0506", "0606", "0607")


@pytest.mark.parametrize(
    ("start", "end", "split"),
    [
        ("0505", "0705", ("0605", "0604")),  # straight across: along the 0604/0605 hexside
        ("0505", "0606", ("0506", "0605")),  # between SE and S: along the 0506/0605 hexside
    ],
)
def test_line_along_a_hexside_has_two_variants(start, end, split):
    """Where the centre line runs along a hexside, the +eps and -eps variants differ."""
    a, b = labels(start, end)

    plus, minus = line_pair(a, b)

    assert plus != minus
    assert plus == (a, Hex.from_label(split[0]), b)
    assert minus == (a, Hex.from_label(split[1]), b)
    assert hexside_line(a, b) == ((a,), labels(*split), (b,))


def test_long_hexside_line_alternates_single_hexes_and_pairs():
    """A line along hexsides for its whole length splits at every other step."""
    steps_ = hexside_line(ORIGIN, Hex(6, -3))

    assert [len(step) for step in steps_] == [1, 2, 1, 2, 1, 2, 1]


# ---------------------------------------------------------------- properties


@given(hexes, hexes)
def test_distance_is_symmetric(a, b):
    """distance(a, b) == distance(b, a), and zero only for the same hex."""
    assert a.distance(b) == b.distance(a)
    assert (a.distance(b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_distance_satisfies_the_triangle_inequality(a, b, c):
    """Going via a third hex is never shorter."""
    assert a.distance(c) <= a.distance(b) + b.distance(c)


@given(hexes, hexes)
def test_addition_and_subtraction_are_inverse(a, b):
    """(a + b) - b == a, and distance is the distance of the difference from the origin."""
    assert (a + b) - b == a
    assert a.distance(b) == (a - b).distance(ORIGIN)


@given(hexes)
def test_offset_round_trip(h):
    """Axial -> offset -> axial gives the same hex."""
    assert Hex.from_offset(*h.to_offset()) == h


@given(map_positions, map_positions)
def test_label_round_trip(col, row):
    """Offset -> label -> hex -> offset gives the same position, and labels have even length."""
    h = Hex.from_offset(col, row)

    assert Hex.from_label(h.label) == h
    assert h.to_offset() == (col, row)
    assert len(h.label) % 2 == 0


@given(hexes)
def test_neighbours_are_at_distance_one(h):
    """All six neighbours are distinct, one step away, and in their facing's direction."""
    neighbours = h.neighbors()

    assert len(set(neighbours)) == 6
    assert all(h.distance(n) == 1 for n in neighbours)
    assert [h.direction_to(n) for n in neighbours] == list(Facing)
    assert neighbours == tuple(h.neighbor(f) for f in Facing)


@given(hexes, facings, st.integers(min_value=1, max_value=30))
def test_direction_to_holds_along_a_whole_hex_row(h, facing, distance):
    """Every hex straight along a facing reports that facing."""
    target = h.neighbor(facing)
    for _ in range(distance - 1):
        target = target.neighbor(facing)

    assert h.direction_to(target) is facing
    assert h.distance(target) == distance


@given(hexes)
def test_rotating_six_times_is_the_identity(h):
    """Six 60-degree turns bring a hex back."""
    assert h.rotate(6) == h
    rotated = h
    for _ in range(6):
        rotated = rotated.rotate(1)
    assert rotated == h


@given(hexes, steps, steps)
def test_rotations_compose(h, first, second):
    """Rotating by a then b is rotating by a + b."""
    assert h.rotate(first).rotate(second) == h.rotate(first + second)


@given(hexes, steps)
def test_rotation_preserves_distance_from_the_origin(h, turn):
    """Rotation about the origin keeps the distance to the origin."""
    assert h.rotate(turn).distance(ORIGIN) == h.distance(ORIGIN)


@given(hexes, hexes, steps)
def test_rotate_around_preserves_distance_from_the_centre(h, centre, turn):
    """Rotation about any centre keeps the distance to that centre."""
    assert h.rotate_around(centre, turn).distance(centre) == h.distance(centre)


@given(hexes, facings, steps)
def test_rotating_a_neighbour_turns_its_facing(h, facing, turn):
    """Rotating the neighbour across `facing` gives the neighbour across `facing.turn`."""
    assert h.neighbor(facing).rotate_around(h, turn) == h.neighbor(facing.turn(turn))


@given(facings, facings, steps)
def test_facing_difference_is_symmetric_and_turn_invariant(a, b, turn):
    """The difference is 0..3, symmetric, and unchanged when both facings turn together."""
    diff = facing_difference(a, b)

    assert 0 <= diff <= 3
    assert diff == facing_difference(b, a)
    assert diff == facing_difference(a.turn(turn), b.turn(turn))


@given(hexes, st.integers(min_value=1, max_value=12))
def test_ring_has_six_k_hexes_all_at_distance_k(centre, radius):
    """ring(k) holds 6k distinct hexes, each k from the centre and adjacent to the next."""
    ring = centre.ring(radius)

    assert len(ring) == 6 * radius
    assert len(set(ring)) == len(ring)
    assert all(centre.distance(h) == radius for h in ring)
    assert all(a.distance(b) == 1 for a, b in zip(ring, ring[1:] + ring[:1], strict=True))


@given(hexes, radii)
def test_spiral_is_the_whole_area_within_the_radius(centre, radius):
    """spiral(k) holds exactly the hexes within k, centre first."""
    area = centre.spiral(radius)

    assert area[0] == centre
    assert len(area) == len(set(area)) == 1 + 3 * radius * (radius + 1)
    assert all(centre.distance(h) <= radius for h in area)


@given(hexes, hexes)
def test_line_variants_are_connected_paths_between_the_ends(a, b):
    """Both variants have distance + 1 hexes, start at a, end at b, and step to neighbours."""
    for variant in line_pair(a, b):
        assert len(variant) == a.distance(b) + 1
        assert variant[0] == a
        assert variant[-1] == b
        assert all(x.distance(y) == 1 for x, y in itertools.pairwise(variant))
    assert line(a, b) == line_pair(a, b)[0]


@given(hexes, hexes)
def test_line_reversed_is_the_reversed_line(a, b):
    """Drawing from b to a gives the same hexes backwards, variant by variant."""
    plus, minus = line_pair(a, b)

    assert line_pair(b, a) == (plus[::-1], minus[::-1])
    assert hexside_line(b, a) == hexside_line(a, b)[::-1]


@given(hexes, hexes)
def test_hexside_steps_are_pairs_of_adjacent_hexes(a, b):
    """Each step is one hex, or two neighbouring hexes equally far from both ends."""
    for step in hexside_line(a, b):
        assert len(step) in {1, 2}
        if len(step) == 2:
            first, second = step
            assert first.distance(second) == 1
            assert a.distance(first) == a.distance(second)
            assert b.distance(first) == b.distance(second)


@given(hexes, hexes, steps)
def test_lines_rotate_with_their_ends(a, b, turn):
    """Rotating both ends rotates the hexes between them (as sets, per hexside step)."""
    rotated = hexside_line(a.rotate(turn), b.rotate(turn))

    assert [set(step) for step in rotated] == [
        {h.rotate(turn) for h in step} for step in hexside_line(a, b)
    ]


@given(hexes, hexes)
def test_line_pair_drawn_once_per_step_equals_the_direct_draw(a: Hex, b: Hex) -> None:
    """DESIGN 2.1: the pair cached by its step and moved onto ``a`` is the line drawn from ``a``."""
    assert line_pair(a, b) == (_nudged_line(a, b, 1), _nudged_line(a, b, -1))
