"""BT-C-4..11 and BT-C-21: line of sight, firing arcs and the side an attack strikes.

Boards are 10 x 10 and clear unless a test adds terrain; units are the plain 50-ton test 'Mech.
Heights follow BT-C-5: a standing 'Mech on level 0 stands at LOS height 1, a prone one at 0.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.battletech.board import Board, Bridge, Building, BuildingClass, Terrain, Woods
from engine.battletech.designs.mech import Location
from engine.battletech.rules.los import (
    Arc,
    arcs_of,
    attack_side,
    in_arc,
    line_of_sight,
    mount_arcs,
    mount_facing,
    unit_height,
)
from engine.battletech.state import BTState
from engine.battletech.tables import Column
from engine.hexes import Facing, Hex, hexside_line
from tests.engine.battletech._build import design, start, state_with, terrain_board

H = Hex.from_label
L = Location
LIGHT = Terrain(woods=Woods.LIGHT)
HEAVY = Terrain(woods=Woods.HEAVY)


def duel(a: str = "0508", b: str = "0502", board=None, fa=Facing.N, fb=Facing.S) -> BTState:
    """Unit 0 (side 0) in ``a`` and unit 1 (side 1) in ``b`` on a 10 x 10 board."""
    return start(board or terrain_board(10, 10), [(design(), 0, a, fa), (design(), 1, b, fb)])


def board(**hexes: Terrain):
    return terrain_board(10, 10, **hexes)


def labels(hexes) -> tuple[str, ...]:
    return tuple(h.label for h in hexes)


# ---------------------------------------------------------------- BT-C-4: the hexes crossed


def test_a_straight_line_lists_the_hexes_between_never_the_ends():
    """BT-C-4 items 2, 5: centre to centre; the two units' hexes are never intervening."""
    sight = line_of_sight(duel(), 0, 1)
    assert sight.clear
    assert labels(sight.hexes) == ("0507", "0506", "0505", "0504", "0503")
    assert sight.choices == ()
    assert sight.modifiers == ()


def test_the_line_is_the_same_both_ways():
    """BT-C-4: the same segment seen from the other end."""
    state = duel()
    assert line_of_sight(state, 1, 0).hexes == line_of_sight(state, 0, 1).hexes[::-1]


def test_adjacent_units_always_see_each_other():
    """BT-C-4 item 6: no hex between them; even a target in heavy woods on a hill is seen."""
    state = duel("0505", "0504", board(h0504=Terrain(level=3, woods=Woods.HEAVY)))
    sight = line_of_sight(state, 0, 1)
    assert sight.clear
    assert sight.hexes == ()
    assert sight.modifiers == (("target in heavy woods", 2),)


def test_units_in_the_way_never_block():
    """BT-C-4 item 7: a third 'Mech standing on the line changes nothing."""
    state = start(
        terrain_board(10, 10),
        [
            (design(), 0, "0508", Facing.N),
            (design(), 1, "0502", Facing.S),
            (design(), 1, "0505", Facing.S),
        ],
    )
    assert line_of_sight(state, 0, 1).clear


def test_a_target_in_the_attackers_own_hex_cannot_be_seen_to_fire_at():
    """BT-C-2: never a weapon attack on a unit in its own hex."""
    state = state_with(duel(), 1, hex=H("0508"))
    sight = line_of_sight(state, 0, 1)
    assert not sight.clear
    assert "own hex" in sight.reason


# ------------------------------------------------------- BT-C-4 item 4: the defender's choice


def test_a_line_along_a_hexside_is_a_defenders_choice_pair():
    """BT-C-4 item 4: 0505 -> 0705 runs between 0605 and 0604."""
    steps = hexside_line(H("0505"), H("0705"))
    assert labels(steps[1]) == ("0605", "0604")
    sight = line_of_sight(duel("0505", "0705"), 0, 1)
    assert sight.choices == ((H("0605"), H("0604")),)
    assert sight.clear
    assert len(sight.hexes) == 1
    assert sight.hexes[0] in sight.choices[0]


@pytest.mark.parametrize("woods_in", ["0605", "0604"])
def test_the_defender_picks_the_woods_whichever_side_it_is_on(woods_in):
    """BT-C-4 IMPL: the choice worse for the attacker: the light woods (+1), on either side."""
    state = duel("0505", "0705", board(**{f"h{woods_in}": LIGHT}))
    sight = line_of_sight(state, 0, 1)
    assert labels(sight.hexes) == (woods_in,)
    assert sight.modifiers == (("intervening light woods", 1),)


def test_the_defender_picks_heavy_over_light_woods():
    """BT-C-4 IMPL + BT-C-7: heavy (+2) is worse for the attacker than light (+1)."""
    state = duel("0505", "0705", board(h0605=LIGHT, h0604=HEAVY))
    sight = line_of_sight(state, 0, 1)
    assert labels(sight.hexes) == ("0604",)
    assert sight.heavy_woods == 1
    assert sight.light_woods == 0
    assert sight.modifiers == (("intervening heavy woods", 2),)


def test_the_defender_picks_the_blocking_hex():
    """BT-C-4 IMPL: a blocking hill on one side of the pair blocks the line."""
    state = duel("0505", "0705", board(h0604=Terrain(level=2)))
    sight = line_of_sight(state, 0, 1)
    assert not sight.clear
    assert "0604" in sight.reason


def test_two_pairs_choose_woods_that_together_block():
    """BT-C-7: two choices of light + heavy woods reach weight 3 and block (0505 -> 0905)."""
    state = duel("0505", "0905", board(h0604=LIGHT, h0805=HEAVY))
    sight = line_of_sight(state, 0, 1)
    assert len(sight.choices) == 2
    assert not sight.clear
    assert sight.reason == "heavy woods in 0805 and light woods in 0604"


# ---------------------------------------------------------------- BT-C-7: woods weights


@pytest.mark.parametrize(
    ("woods", "clear", "terms"),
    [
        ({"h0505": LIGHT}, True, (("intervening light woods", 1),)),
        ({"h0505": LIGHT, "h0504": LIGHT}, True, (("intervening light woods", 2),)),
        ({"h0506": LIGHT, "h0505": LIGHT, "h0504": LIGHT}, False, ()),
        ({"h0505": HEAVY}, True, (("intervening heavy woods", 2),)),
        ({"h0505": HEAVY, "h0504": HEAVY}, False, ()),
        ({"h0505": HEAVY, "h0504": LIGHT}, False, ()),
    ],
)
def test_woods_weights(woods, clear, terms):
    """BT-C-7: light 1, heavy 2; weight 3 blocks; +1 per light, +2 per heavy when open."""
    sight = line_of_sight(duel(board=board(**woods)), 0, 1)
    assert sight.clear is clear
    if clear:
        assert sight.modifiers == terms
    else:
        assert "woods" in sight.reason


@pytest.mark.parametrize(("woods", "term"), [(LIGHT, 1), (HEAVY, 2)])
def test_the_target_standing_in_woods(woods, term):
    """BT-C-15: +1 in light woods, +2 in heavy; its own hex never blocks (BT-C-4 item 5)."""
    sight = line_of_sight(duel(board=board(h0502=woods)), 0, 1)
    assert sight.clear
    assert sight.modifiers == ((f"target in {woods.woods.name.lower()} woods", term),)


def test_the_attackers_own_woods_never_count():
    """BT-C-4 item 5: the attacker's hex is not intervening."""
    sight = line_of_sight(duel(board=board(h0508=HEAVY)), 0, 1)
    assert sight.clear
    assert sight.modifiers == ()


def test_woods_below_the_line_do_not_intervene():
    """BT-C-18.3: tree tops (level 0 + 2) below a line from level-3 hills to level-3 hills."""
    hills = board(h0508=Terrain(level=3), h0502=Terrain(level=3), h0505=HEAVY, h0504=HEAVY)
    sight = line_of_sight(duel(board=hills), 0, 1)
    assert sight.clear
    assert sight.heavy_woods == 0
    assert sight.modifiers == ()


# ------------------------------------------------------- BT-C-5/6: heights, hills, dead zone


def test_los_heights():
    """BT-C-5: standing = ground + 1, prone = ground; in water from the bottom."""
    state = duel(board=board(h0508=Terrain(level=2), h0502=Terrain(water=2, level=0)))
    assert unit_height(state, 0) == 3
    assert unit_height(state, 1) == -1
    assert unit_height(state_with(state, 0, prone=True), 0) == 2


def test_a_level_1_hill_between_standing_mechs_does_not_block():
    """BT-C-6 [AMBIG] example: a hex whose top equals both heights does not intervene."""
    assert line_of_sight(duel(board=board(h0505=Terrain(level=1))), 0, 1).clear


def test_a_level_2_hill_between_standing_mechs_blocks():
    """BT-C-7: an intervening hill blocks (top 2 > both heights 1)."""
    sight = line_of_sight(duel(board=board(h0505=Terrain(level=2))), 0, 1)
    assert not sight.clear
    assert sight.reason == "level 2 ground in 0505"


@pytest.mark.parametrize(
    ("hill", "abcd", "blocked"),
    [
        ("0506", (1, 1, 0, 3), True),  # next to the lower unit: C + D = 3
        ("0507", (1, 1, 0, 1), True),  # C + D = 1
        ("0508", (1, 1, 0, -1), False),  # C + D = -1
        ("0509", (1, 1, 0, -3), False),  # next to the upper unit: C + D = -3
    ],
)
def test_the_dead_zone_formula(hill, abcd, blocked):
    """BT-C-6: attacker on a level-2 hill in 0510 (height 3), target in 0505 (height 1).

    Hex X is a level-2 hill: A = 2 - 1, B = 3 - 2, C = 2 (A - B) = 0, D = dist(X, upper) -
    dist(X, lower); the lower unit is in X's dead zone when C + D > 0.
    """
    a, b, c, d = abcd
    x = H(hill)
    assert (a, b) == (2 - 1, 3 - 2)
    assert 2 * (a - b) == c
    assert x.distance(H("0510")) - x.distance(H("0505")) == d
    terrain = board(h0510=Terrain(level=2), **{f"h{hill}": Terrain(level=2)})
    state = duel("0510", "0505", terrain)
    assert (unit_height(state, 0), unit_height(state, 1)) == (3, 1)
    sight = line_of_sight(state, 0, 1)
    assert sight.clear is not blocked
    assert line_of_sight(state, 1, 0).clear is not blocked


def test_a_prone_target_hides_behind_a_low_hill_next_to_it():
    """BT-C-5/6: prone height 0; level-1 hill next to it: A=1, B=0, C=2, D=4: blocked."""
    state = state_with(duel(board=board(h0503=Terrain(level=1))), 1, prone=True)
    assert not line_of_sight(state, 0, 1).clear
    standing = duel(board=board(h0503=Terrain(level=1)))
    assert line_of_sight(standing, 0, 1).clear


def test_the_same_low_hill_next_to_the_attacker_does_not_hide_the_prone_target():
    """BT-C-6: X next to the upper unit: C + D = 2 - 4 = -2: LOS exists."""
    state = state_with(duel(board=board(h0507=Terrain(level=1))), 1, prone=True)
    assert line_of_sight(state, 0, 1).clear


def test_a_tall_building_blocks():
    """BT-C-7: an intervening building (top level 2) blocks."""
    tower = Terrain(building=Building(BuildingClass.HEAVY, 90, height=2))
    sight = line_of_sight(duel(board=board(h0505=tower)), 0, 1)
    assert not sight.clear
    assert sight.reason == "a building in 0505"


def test_deep_water_between_does_not_block_ground_level_fire():
    """BT-C-5: intervening water counts at its surface (level 0 here): no effect."""
    assert line_of_sight(duel(board=board(h0505=Terrain(water=3))), 0, 1).clear


# ---------------------------------------------------------------- BT-C-8: partial cover


def test_a_level_1_hill_next_to_the_target_gives_partial_cover():
    """BT-C-8 example: a standing 'Mech on level 0 (height 1) behind an adjacent level-1 hex."""
    sight = line_of_sight(duel(board=board(h0503=Terrain(level=1))), 0, 1)
    assert sight.clear
    assert sight.partial_cover
    assert sight.modifiers == (("partial cover", 3),)


def test_a_one_level_building_next_to_the_target_gives_partial_cover():
    """BT-C-8: the covering height may come from a building."""
    hut = Terrain(building=Building(BuildingClass.LIGHT, 15, height=1))
    assert line_of_sight(duel(board=board(h0503=hut)), 0, 1).partial_cover


def test_woods_never_give_partial_cover():
    """BT-C-8: woods next to the target give their modifier, never cover."""
    sight = line_of_sight(duel(board=board(h0503=LIGHT)), 0, 1)
    assert not sight.partial_cover
    assert sight.modifiers == (("intervening light woods", 1),)


def test_a_hill_not_next_to_the_target_gives_no_cover():
    """BT-C-8: only a hex adjacent to the target covers it."""
    assert not line_of_sight(duel(board=board(h0504=Terrain(level=1))), 0, 1).partial_cover


def test_firing_downhill_cancels_partial_cover():
    """BT-C-8: the attacker on a level-1 hill (height 2) is above the target (height 1)."""
    state = duel(board=board(h0508=Terrain(level=1), h0503=Terrain(level=1)))
    sight = line_of_sight(state, 0, 1)
    assert sight.clear
    assert not sight.partial_cover


def test_a_prone_target_gets_no_partial_cover():
    """BT-C-8: only a standing 'Mech can have partial cover (the hill here hides it instead)."""
    state = state_with(duel(board=board(h0503=Terrain(level=1))), 1, prone=True)
    assert not line_of_sight(state, 0, 1).partial_cover


def test_the_attackers_own_cover_is_noted_for_its_leg_weapons():
    """BT-C-8 last item: a level-1 hex next to the attacker on the line covers its legs."""
    state = duel(board=board(h0507=Terrain(level=1)))
    sight = line_of_sight(state, 0, 1)
    assert sight.clear
    assert sight.attacker_cover
    assert not sight.partial_cover


# ---------------------------------------------------------------- BT-C-9: water


def test_a_target_in_depth_1_water():
    """BT-C-9: partial cover even from above, and -1: net +2."""
    state = duel(board=board(h0502=Terrain(water=1), h0508=Terrain(level=2)))
    sight = line_of_sight(state, 0, 1)
    assert sight.clear
    assert sight.partial_cover
    assert sight.modifiers == (("target in depth 1 water", -1), ("partial cover", 3))
    assert sum(v for _, v in sight.modifiers) == 2


def test_depth_0_water_has_no_effect():
    """BT-C-9: Depth 0 changes nothing."""
    state = duel(board=board(h0502=Terrain(water=0), h0508=Terrain(water=0)))
    assert line_of_sight(state, 0, 1).modifiers == ()


def test_an_attacker_in_depth_1_water_fires_at_plus_1():
    """BT-C-9: +1 from Depth 1+ water; its legs are under water (DESIGN: no leg weapons)."""
    sight = line_of_sight(duel(board=board(h0508=Terrain(water=1))), 0, 1)
    assert sight.clear
    assert sight.modifiers == (("attacker in water", 1),)
    assert sight.attacker_cover


@pytest.mark.parametrize(("depth", "prone"), [(2, False), (3, False), (1, True)])
def test_submerged_mechs_neither_see_nor_are_seen(depth, prone):
    """BT-C-9: Depth 2+ standing, or prone in Depth 1+: no LOS either way, even adjacent."""
    state = state_with(duel("0503", "0502", board(h0502=Terrain(water=depth))), 1, prone=prone)
    for a, b in ((0, 1), (1, 0)):
        sight = line_of_sight(state, a, b)
        assert not sight.clear
        assert "under water" in sight.reason


def test_a_mech_on_a_bridge_is_not_in_the_water():
    """BT-M-28: on the deck it stands above the water: no cover, no -1."""
    deck = Terrain(water=2, bridge=Bridge(exits=0b001001))
    state = state_with(duel(board=board(h0502=deck)), 1, on_bridge=True)
    sight = line_of_sight(state, 0, 1)
    assert sight.clear
    assert sight.modifiers == ()


# ---------------------------------------------------------------- hex targets, DFA


def test_a_woods_hex_as_target_adds_no_woods_of_its_own():
    """BT-C-57/18.3: clearing woods: the target hex's own woods modifier is not applied."""
    state = duel(board=board(h0504=HEAVY))
    sight = line_of_sight(state, 0, H("0504"))
    assert sight.clear
    assert sight.modifiers == ()
    assert not sight.partial_cover


def test_a_hex_target_behind_heavy_woods():
    """BT-C-7: intervening woods still count for a hex target."""
    sight = line_of_sight(duel(board=board(h0505=HEAVY, h0504=HEAVY)), 0, H("0504"))
    assert sight.modifiers == (("intervening heavy woods", 2),)


def test_a_dfa_attacker_is_airborne_over_a_hill():
    """BT-C-43: airborne one level above the higher hex (DESIGN: LOS height level + 2).

    The shooter (0510) looks at the DFA 'Mech (0505) past a level-2 hill in 0506: standing, the
    hill (2 > 1) blocks; airborne at height 2, A=1, B=0, C=2, D=1-4: C + D = -1: clear.
    """
    state = start(
        board(h0506=Terrain(level=2)),
        [
            (design(), 0, "0510", Facing.N),
            (design(), 1, "0505", Facing.N),
            (design(), 0, "0504", Facing.S),
        ],
    )
    assert not line_of_sight(state, 0, 1).clear
    airborne = state_with(state, 1, dfa=2)
    assert unit_height(airborne, 1) == 2
    assert line_of_sight(airborne, 0, 1).clear
    assert line_of_sight(airborne, 1, 0).clear


# ---------------------------------------------------------------- BT-C-10: arcs

NEIGHBOURS = {
    Facing.N: {Arc.FRONT},
    Facing.NE: {Arc.FRONT, Arc.RIGHT},
    Facing.SE: {Arc.RIGHT},
    Facing.S: {Arc.REAR},
    Facing.SW: {Arc.LEFT},
    Facing.NW: {Arc.FRONT, Arc.LEFT},
}


@pytest.mark.parametrize("facing", list(Facing))
@pytest.mark.parametrize("direction", list(Facing))
def test_the_six_neighbours(facing, direction):
    """BT-C-10: the 60/300 rows are front and side; 120/240 side only; straight behind rear."""
    origin = H("0505")
    relative = Facing((direction - facing) % 6)
    assert arcs_of(origin, facing, origin.neighbor(direction)) == NEIGHBOURS[relative]


@pytest.mark.parametrize("radius", [1, 2, 3, 5, 8])
def test_arc_sizes_on_a_ring(radius):
    """BT-C-10: front 120 degrees with both edges (2r+1), sides 60 with both (r+1), rear (2r-1)."""
    origin = H("0909")
    counts = dict.fromkeys(Arc, 0)
    for where in origin.ring(radius):
        arcs = arcs_of(origin, Facing.N, where)
        assert arcs, where
        for arc in arcs:
            counts[arc] += 1
    assert counts == {
        Arc.FRONT: 2 * radius + 1,
        Arc.RIGHT: radius + 1,
        Arc.LEFT: radius + 1,
        Arc.REAR: 2 * radius - 1,
    }


def test_boundary_rows_far_out():
    """BT-C-10: the whole 60-degree row is front and right; the 120-degree row right only."""
    origin = Hex(0, 0)
    for k in range(1, 12):
        assert arcs_of(origin, Facing.N, Hex(k, -k)) == {Arc.FRONT, Arc.RIGHT}
        assert arcs_of(origin, Facing.N, Hex(k, 0)) == {Arc.RIGHT}
        assert arcs_of(origin, Facing.N, Hex(-k, k)) == {Arc.LEFT}
        assert arcs_of(origin, Facing.N, Hex(0, k)) == {Arc.REAR}
    # just inside the rear arc, beside the 120-degree row
    assert arcs_of(origin, Facing.N, Hex(3, 1)) == {Arc.REAR}
    assert arcs_of(origin, Facing.N, Hex(3, -1)) == {Arc.RIGHT}


@given(
    st.integers(-15, 15),
    st.integers(-15, 15),
    st.sampled_from(list(Facing)),
    st.integers(0, 5),
)
def test_arcs_turn_with_the_facing(q, r, facing, steps):
    """Rotating the target and the facing together keeps its arcs; no arc overlaps the rear."""
    origin = Hex(2, -1)
    target = origin + Hex(q, r)
    arcs = arcs_of(origin, facing, target)
    turned = target.rotate_around(origin, steps)
    assert arcs_of(origin, facing.turn(steps), turned) == arcs
    if target != origin:
        assert arcs
        assert not (Arc.REAR in arcs and len(arcs) > 1)
        assert not (Arc.FRONT in arcs and Arc.REAR in arcs)


ARMED = design(
    equipment=[
        ("Medium Laser", L.RA),  # 0
        ("Medium Laser", L.LA),  # 1
        ("Medium Laser", L.CT),  # 2
        ("Medium Laser", L.CT, True),  # 3: rear
        ("Medium Laser", L.LL),  # 4
    ]
)


def armed(twist: int = 0, flipped: bool = False, facing: Facing = Facing.N):
    state = start(terrain_board(10, 10), [(ARMED, 0, "0505", facing), (design(), 1, "0101", 0)])
    return state_with(state, 0, twist=twist, arms_flipped=flipped).unit(0)


def test_mount_arcs():
    """BT-C-10: torso front; left arm front+left; right arm front+right; (R) rear; legs front."""
    unit = armed()
    eq = ARMED.equipment
    assert mount_arcs(unit, eq[0]) == {Arc.FRONT, Arc.RIGHT}
    assert mount_arcs(unit, eq[1]) == {Arc.FRONT, Arc.LEFT}
    assert mount_arcs(unit, eq[2]) == {Arc.FRONT}
    assert mount_arcs(unit, eq[3]) == {Arc.REAR}
    assert mount_arcs(unit, eq[4]) == {Arc.FRONT}


def test_a_twist_turns_the_upper_body_not_the_legs():
    """BT-C-3/11: twisted right, the torso faces NE; leg mounts keep the feet facing N."""
    unit = armed(twist=1)
    eq = ARMED.equipment
    assert mount_facing(unit, eq[2]) == Facing.NE
    assert mount_facing(unit, eq[3]) == Facing.NE
    assert mount_facing(unit, eq[4]) == Facing.N
    southeast = H("0505").neighbor(Facing.SE)
    assert in_arc(unit, eq[2], southeast)  # 120 degrees from the feet: front of the torso
    assert not in_arc(unit, eq[4], southeast)  # the leg still looks north
    assert not in_arc(armed(), eq[2], southeast)
    assert in_arc(unit, eq[3], H("0505").neighbor(Facing.SW))  # the rear turned too


def test_flipped_arms_fire_into_the_rear_arc_only():
    """BT-C-62: every arm weapon fires into the rear arc instead of its normal arcs."""
    unit = armed(flipped=True)
    eq = ARMED.equipment
    behind, ahead = H("0508"), H("0502")
    assert mount_arcs(unit, eq[0]) == {Arc.REAR}
    assert in_arc(unit, eq[0], behind)
    assert in_arc(unit, eq[1], behind)
    assert not in_arc(unit, eq[0], ahead)
    assert in_arc(unit, eq[2], ahead)  # the torso is not flipped
    assert not in_arc(unit, eq[2], behind)


# ---------------------------------------------------------------- BT-C-21: attack side


@pytest.mark.parametrize(
    ("direction", "column"),
    [
        (Facing.N, Column.FRONT),
        (Facing.NE, Column.FRONT),
        (Facing.NW, Column.FRONT),
        (Facing.SE, Column.RIGHT),
        (Facing.S, Column.REAR),
        (Facing.SW, Column.LEFT),
    ],
)
@pytest.mark.parametrize("facing", [Facing.N, Facing.SE, Facing.SW])
def test_each_hexside(direction, column, facing):
    """BT-C-21: front = the three forward hexsides, then rear-right, rear, rear-left."""
    state = duel("0101", "0505", fb=facing)
    origin = H("0505").neighbor(direction.turn(facing))
    assert attack_side(state, origin, 1) == (column, False)


def test_the_torso_twist_does_not_change_the_side_hit():
    """BT-C-21: a standing 'Mech's facing is its feet."""
    state = state_with(duel("0101", "0505", fb=Facing.N), 1, twist=1)
    assert attack_side(state, H("0605"), 1) == (Column.RIGHT, False)


def test_a_prone_mech_faces_where_its_head_points():
    """BT-C-21: prone, facing S: an attack from the north strikes its rear."""
    state = state_with(duel("0101", "0505"), 1, prone=True, facing=Facing.S)
    assert attack_side(state, H("0503"), 1) == (Column.REAR, False)


VERTICES = [
    (Hex(2, -1), {Column.FRONT, Column.RIGHT}),  # 90 degrees
    (Hex(1, 1), {Column.RIGHT, Column.REAR}),  # 150
    (Hex(-1, 2), {Column.REAR, Column.LEFT}),  # 210
    (Hex(-2, 1), {Column.LEFT, Column.FRONT}),  # 270
]


@pytest.mark.parametrize(("offset", "pair"), VERTICES)
def test_a_vertex_is_the_defenders_choice(offset, pair):
    """BT-C-21: along a vertex the defender chooses; untouched, the better-armored column."""
    state = duel("0101", "0505", fb=Facing.N)
    column, chosen = attack_side(state, H("0505") + offset, 1)
    assert chosen
    assert column in pair
    assert column is not Column.REAR  # the rear armor (5/4/4) is the thinnest


def test_the_defender_chooses_the_column_best_for_it():
    """BT-C-21 (DESIGN): the column whose hits find the most armor and structure.

    At 90 degrees (front or right) an undamaged 'Mech takes the front (more CT armor); with its
    centre and left armor gone it takes the right side instead.
    """
    state = duel("0101", "0505", fb=Facing.N)
    origin = H("0505") + Hex(2, -1)
    assert attack_side(state, origin, 1) == (Column.FRONT, True)
    armor = list(state.unit(1).mech.armor)
    for loc in (L.CT, L.LT, L.LA, L.LL):
        armor[list(Location).index(loc)] = 0
    stripped = state_with(state, 1, armor=tuple(armor))
    assert attack_side(stripped, origin, 1) == (Column.RIGHT, True)


def test_a_longer_line_along_the_vertex():
    """BT-C-21: 4 hexes out on the 90-degree line is still the vertex case."""
    state = duel("0101", "0505", fb=Facing.N)
    column, chosen = attack_side(state, H("0505") + Hex(4, -2), 1)
    assert chosen
    assert column in {Column.FRONT, Column.RIGHT}
    assert attack_side(state, H("0505") + Hex(4, -1), 1) == (Column.RIGHT, False)
    assert attack_side(state, H("0505") + Hex(4, -3), 1) == (Column.FRONT, False)


# ---------------------------------------------------------------- properties

TERRAINS = st.sampled_from(
    [
        Terrain(),
        Terrain(),
        Terrain(),
        Terrain(level=1),
        Terrain(level=2),
        Terrain(level=-1),
        LIGHT,
        HEAVY,
        Terrain(level=1, woods=Woods.LIGHT),
        Terrain(water=1),
        Terrain(water=2),
        Terrain(building=Building(BuildingClass.MEDIUM, 40, height=1)),
        Terrain(building=Building(BuildingClass.HEAVY, 90, height=3)),
    ]
)


@settings(max_examples=300)
@given(
    st.lists(TERRAINS, min_size=64, max_size=64),
    st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), min_size=2, max_size=2, unique=True),
    st.booleans(),
    st.booleans(),
)
def test_los_is_symmetric_without_a_defenders_choice(terrains, places, prone_a, prone_b):
    """BT-C-4..9: with no hexside pair on the line, A sees B exactly when B sees A."""
    b = Board(8, 8, tuple(terrains))
    (ca, ra), (cb, rb) = places
    a_hex, b_hex = Hex.from_offset(ca, ra), Hex.from_offset(cb, rb)
    state = start(b, [(design(), 0, a_hex.label, Facing.N), (design(), 1, b_hex.label, Facing.S)])
    state = state_with(state, 0, prone=prone_a)
    state = state_with(state, 1, prone=prone_b)
    forward = line_of_sight(state, 0, 1)
    backward = line_of_sight(state, 1, 0)
    if not any(len(step) == 2 for step in hexside_line(a_hex, b_hex)):
        assert forward.clear == backward.clear, (forward.reason, backward.reason)
        assert forward.hexes == backward.hexes[::-1]
    # the chosen hexes always come from the line, one per step between the ends
    assert len(forward.hexes) in {0, a_hex.distance(b_hex) - 1}


def test_every_unit_end_checks():
    """A unit off the map neither sees nor is seen."""
    state = duel()
    gone = state_with(state, 1, hex=None)
    assert not line_of_sight(gone, 0, 1).clear
    dead = state_with(state, 1, destroyed=True)
    assert not line_of_sight(dead, 0, 1).clear
    assert attrs.evolve(state).units[0].hex == H("0508")
