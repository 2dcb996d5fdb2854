"""BT-C-4..11 and BT-C-21 from the rules digest: line of sight, arcs, the side an attack strikes.

Heights, intervening terrain, partial cover, water, firing arcs, mount arcs.

Layout of most tests: the attacker (unit 0) stands in 0810, the target (unit 1) five hexes due north
in 0805, so the intervening hexes are 0809, 0808, 0807 and 0806 (0806 is next to the target). 0810
-> 1010 runs along the hexside between 0910 and 0911 (a defender's-choice pair).
"""

from __future__ import annotations

import pytest

from engine.battletech.board import Building, BuildingClass, Terrain, Woods
from engine.battletech.commands import Jump, Move
from engine.battletech.rules.los import Arc, arcs_of, attack_side, line_of_sight, mount_arcs
from engine.battletech.state import MoveMode
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, evolved_unit, start, terrain_board
from tests.engine.battletech._rules_btc import CT, HD, LA, LL, RA, H, duel, has_term, no_term, run

LIGHT = Terrain(woods=Woods.LIGHT)
HEAVY = Terrain(woods=Woods.HEAVY)
BETWEEN = ("0809", "0808", "0807", "0806")


def board(**hexes: Terrain):
    """A 16 x 17 clear board with the given terrain."""
    return terrain_board(16, 17, **hexes)


def sight(a_hex: str = "0810", t_hex: str = "0805", **hexes: Terrain):
    """The line of sight of unit 0 in ``a_hex`` to unit 1 in ``t_hex`` on that board."""
    state = duel(a_hex=a_hex, t_hex=t_hex, board=board(**hexes))
    return line_of_sight(state, 0, 1)


def woods_total(modifiers) -> int:
    """The sum of every woods term (however the engine splits them)."""
    return sum(v for name, v in modifiers if "wood" in name.lower())


# ---------------------------------------------------------------- BT-C-4 geometry


def test_open_ground_is_clear_and_lists_the_hexes_between():
    """BT-C-4 items 2, 3, 5: the hexes on the line, never the two ends; open ground adds 0."""
    seen = sight()
    assert seen.clear
    assert seen.hexes == tuple(H(x) for x in BETWEEN)
    assert (seen.light_woods, seen.heavy_woods, seen.partial_cover) == (0, 0, False)
    assert sum(v for _, v in seen.modifiers) == 0


def test_adjacent_units_always_see_each_other():
    """BT-C-4 item 6: adjacent units always have LOS, even up a 4-level cliff."""
    seen = sight("0810", "0809", h0809=Terrain(level=4))
    assert seen.clear
    assert seen.hexes == ()


def test_units_standing_in_between_never_matter():
    """BT-C-4 item 7: a 'Mech in an intervening hex neither blocks nor modifies."""
    state = duel(extra=[(design(), 0, "0807", Facing.N)], board=board())
    seen = line_of_sight(state, 0, 1)
    assert seen.clear
    assert sum(v for _, v in seen.modifiers) == 0


def test_the_two_end_hexes_never_intervene():
    """BT-C-4 item 5.

    Heavy woods in both end hexes: no intervening woods; only BT-C-15's "target occupies heavy
    woods" +2 applies (the attacker's own woods add nothing).
    """
    seen = sight(h0810=HEAVY, h0805=HEAVY)
    assert seen.clear
    assert (seen.light_woods, seen.heavy_woods) == (0, 0)
    assert woods_total(seen.modifiers) == 2
    assert has_term(seen.modifiers, 2, "target")


@pytest.mark.parametrize("woods_hex", ["0910", "0911"])
def test_defender_picks_the_worse_hex_of_a_hexside_pair(woods_hex):
    """BT-C-4 item 4 + IMPL.

    Along a hexside the defender picks; automatic play takes the hex worse for the attacker: the
    heavy-woods one (+2), whichever side of the line it is on.
    """
    seen = sight("0810", "1010", **{f"h{woods_hex}": HEAVY})
    assert seen.clear
    assert {frozenset(pair) for pair in seen.choices} == {frozenset({H("0910"), H("0911")})}
    assert H(woods_hex) in seen.hexes
    assert seen.heavy_woods == 1
    assert woods_total(seen.modifiers) == 2


def test_defender_choice_can_block_the_line():
    """BT-C-4 IMPL.

    Blocked LOS is the worst option for the attacker, so a hill on either hex of the pair blocks.
    """
    assert not sight("0810", "1010", h0911=Terrain(level=3)).clear
    assert not sight("0810", "1010", h0910=Terrain(level=3)).clear


def test_two_pairs_on_one_line_are_each_chosen():
    """BT-C-4 item 4.

    'separately for each such pair': 0810 -> 1210 meets two pairs; light woods on one side of each:
    both chosen, two light-woods hexes, +2 and still clear.
    """
    seen = sight("0810", "1210", h0910=LIGHT, h1111=LIGHT)
    assert seen.clear
    assert len(seen.choices) == 2
    assert seen.light_woods == 2
    assert woods_total(seen.modifiers) == 2


# ---------------------------------------------------------------- BT-C-5/6 heights


def test_a_hill_higher_than_both_blocks():
    """BT-C-6/7: a level-2 hill between two standing 'Mechs on level 0 (LOS height 1) blocks."""
    seen = sight(h0808=Terrain(level=2))
    assert not seen.clear
    assert seen.reason


def test_a_hill_level_with_both_units_does_not_block():
    """BT-C-6 AMBIG reading.

    A level-1 hill between standing 'Mechs on level 0 (height 1 each) does not intervene; away from
    the target it gives no cover either.
    """
    seen = sight(h0808=Terrain(level=1))
    assert seen.clear
    assert not seen.partial_cover
    assert sum(v for _, v in seen.modifiers) == 0


@pytest.mark.parametrize(
    ("hill", "clear"),
    [
        # attacker on level 3 (height 4), target on level 0 (height 1), a level-2 hex X:
        # A = 1, B = 2, C = -2; D = dist(X, upper) - dist(X, lower)
        ("0806", False),  # D = 4 - 1 = 3: C + D = 1 > 0: dead zone, blocked
        ("0807", True),  # D = 3 - 2 = 1: C + D = -1
        ("0808", True),  # D = 2 - 3 = -1
        ("0809", True),  # D = 1 - 4 = -3
    ],
)
def test_dead_zone(hill, clear):
    """BT-C-6 steps 1-4: the lower unit is in Hex X's dead zone when 2(A - B) + D > 0."""
    seen = sight(h0810=Terrain(level=3), **{f"h{hill}": Terrain(level=2)})
    assert seen.clear is clear


@pytest.mark.parametrize(("woods_hex", "counted"), [("0807", 0), ("0806", 1)])
def test_woods_below_the_line_do_not_count(woods_hex, counted):
    """BT-C-18.3 / BT-C-6.

    From a level-3 hill, light woods (top level 2) in 0807 lie under the line (C + D = -1) and add
    nothing; in 0806 they intervene: +1.
    """
    seen = sight(h0810=Terrain(level=3), **{f"h{woods_hex}": LIGHT})
    assert seen.clear
    assert seen.light_woods == counted
    assert woods_total(seen.modifiers) == counted


def test_a_building_taller_than_both_blocks():
    """BT-C-7: an intervening building blocks (height 2 above level 0)."""
    tall = Terrain(building=Building(BuildingClass.MEDIUM, 40, height=2))
    assert not sight(h0808=tall).clear


def test_water_between_does_not_block():
    """BT-C-5/6 AMBIG reading.

    Intervening water counts at its surface (level 0), below both standing 'Mechs, so it does not
    intervene.
    """
    seen = sight(h0808=Terrain(water=2), h0807=Terrain(water=1))
    assert seen.clear
    assert sum(v for _, v in seen.modifiers) == 0


# ---------------------------------------------------------------- BT-C-7 woods


@pytest.mark.parametrize(
    ("woods", "clear", "light", "heavy", "modifier"),
    [
        ((LIGHT,), True, 1, 0, 1),
        ((LIGHT, LIGHT), True, 2, 0, 2),
        ((HEAVY,), True, 0, 1, 2),
        ((LIGHT, LIGHT, LIGHT), False, None, None, None),
        ((LIGHT, HEAVY), False, None, None, None),
        ((HEAVY, LIGHT), False, None, None, None),
        ((HEAVY, HEAVY), False, None, None, None),
        ((LIGHT, LIGHT, LIGHT, LIGHT), False, None, None, None),
    ],
    ids=["1L", "2L", "1H", "3L", "1L+1H", "1H+1L", "2H", "4L"],
)
def test_woods_weights(woods, clear, light, heavy, modifier):
    """BT-C-7: light weighs 1, heavy 2; weight 3 blocks; open: +1 per light, +2 per heavy."""
    hexes = {f"h{label}": terrain for label, terrain in zip(BETWEEN, woods, strict=False)}
    seen = sight(**hexes)
    assert seen.clear is clear
    if clear:
        assert (seen.light_woods, seen.heavy_woods) == (light, heavy)
        assert woods_total(seen.modifiers) == modifier
        assert has_term(seen.modifiers, modifier, "wood") or len(woods) > 1


@pytest.mark.parametrize(("woods", "value"), [(LIGHT, 1), (HEAVY, 2)])
def test_target_in_woods(woods, value):
    """BT-C-15: +1 if the target occupies light woods, +2 heavy woods (no intervening woods)."""
    seen = sight(h0805=woods)
    assert seen.clear
    assert (seen.light_woods, seen.heavy_woods) == (0, 0)
    assert has_term(seen.modifiers, value, "wood")


def test_intervening_and_target_woods_add_up():
    """BT-C-15: one intervening light-woods hex (+1) and a target in heavy woods (+2) = +3."""
    seen = sight(h0807=LIGHT, h0805=HEAVY)
    assert seen.clear
    assert woods_total(seen.modifiers) == 3


# ---------------------------------------------------------------- BT-C-8 partial cover


def test_partial_cover_from_a_level_1_hex_next_to_the_target():
    """BT-C-8.

    A hex adjacent to the target on the line, as high as the target's LOS height (level 0 'Mech: 1):
    partial cover, +3.
    """
    seen = sight(h0806=Terrain(level=1))
    assert seen.clear
    assert seen.partial_cover
    assert has_term(seen.modifiers, 3, "cover")
    assert sum(v for _, v in seen.modifiers) == 3


def test_a_low_hex_next_to_the_attacker_is_no_cover():
    """BT-C-8: the covering hex must be adjacent to the target."""
    seen = sight(h0809=Terrain(level=1))
    assert seen.clear
    assert not seen.partial_cover
    assert no_term(seen.modifiers, "cover")


def test_a_one_level_building_gives_partial_cover():
    """BT-C-8: the covering height may come from a building."""
    low = Terrain(building=Building(BuildingClass.LIGHT, 15, height=1))
    seen = sight(h0806=low)
    assert seen.partial_cover
    assert has_term(seen.modifiers, 3, "cover")


def test_woods_never_give_partial_cover():
    """BT-C-8: woods next to the target are intervening woods (+1), never partial cover."""
    seen = sight(h0806=LIGHT)
    assert seen.clear
    assert not seen.partial_cover
    assert no_term(seen.modifiers, "cover")
    assert woods_total(seen.modifiers) == 1


def test_firing_downhill_cancels_partial_cover():
    """BT-C-8.

    The attacker must be no higher than the target (LOS heights, AMBIG reading): an attacker on
    level 1 (height 2) firing at a level-0 target behind a level-1 hex.
    """
    seen = sight(h0810=Terrain(level=1), h0806=Terrain(level=1))
    assert seen.clear
    assert not seen.partial_cover
    assert no_term(seen.modifiers, "cover")


def test_firing_uphill_keeps_partial_cover():
    """BT-C-8 / BT-C-6.

    Target on level 1 (height 2), a level-2 hex next to it, attacker on level 0: C + D = 2 - 3 < 0
    so LOS exists, and the target has partial cover.
    """
    seen = sight(h0805=Terrain(level=1), h0806=Terrain(level=2))
    assert seen.clear
    assert seen.partial_cover
    assert has_term(seen.modifiers, 3, "cover")


# ---------------------------------------------------------------- BT-C-9 water


def test_target_standing_in_depth_1_water():
    """BT-C-9: partial cover (+3, even when the attacker is higher) and -1: +2 in all."""
    seen = sight(h0805=Terrain(water=1))
    assert seen.clear
    assert seen.partial_cover
    assert has_term(seen.modifiers, 3, "cover")
    assert has_term(seen.modifiers, -1, "water")
    assert sum(v for _, v in seen.modifiers) == 2


def test_depth_1_partial_cover_even_from_above():
    """BT-C-9: the water surrounds it: partial cover although the attacker is on level 2."""
    seen = sight(h0810=Terrain(level=2), h0805=Terrain(water=1))
    assert seen.clear
    assert seen.partial_cover


def test_attacker_in_depth_1_water_fires_at_plus_1():
    """BT-C-9 / BT-C-15: an attacker standing in depth 1 water: +1."""
    seen = sight(h0810=Terrain(water=1))
    assert seen.clear
    assert has_term(seen.modifiers, 1, "water")
    assert sum(v for _, v in seen.modifiers) == 1


def test_depth_0_water_changes_nothing():
    """BT-C-9 / BT-C-18.4: depth 0 has no effect."""
    seen = sight(h0810=Terrain(water=0), h0805=Terrain(water=0))
    assert seen.clear
    assert sum(v for _, v in seen.modifiers) == 0
    assert not seen.partial_cover


@pytest.mark.parametrize("where", ["h0805", "h0810"])
def test_depth_2_water_blocks_both_ways(where):
    """BT-C-9: a standing 'Mech in depth 2+ can neither fire nor be fired at."""
    assert not sight(**{where: Terrain(water=2)}).clear


@pytest.mark.parametrize("prone", [0, 1])
def test_prone_mech_in_depth_1_has_no_line_of_sight(prone):
    """BT-C-9: a prone 'Mech in depth >= 1 can neither fire nor be targeted."""
    where = {0: "h0810", 1: "h0805"}[prone]
    state = duel(board=board(**{where: Terrain(water=1)}))
    state = state.replace_unit(prone, _prone(state.units[prone]))
    assert not line_of_sight(state, 0, 1).clear


def _prone(unit):
    return evolved_unit(unit, prone=True)


# ---------------------------------------------------------------- BT-C-10 arcs

F, L, R, B = Arc.FRONT, Arc.LEFT, Arc.RIGHT, Arc.REAR

ARC_CASES = [
    # (dq, dr) from the attacker facing N, bearing in degrees, expected arcs
    ((0, -1), 0, {F}),
    ((0, -3), 0, {F}),
    ((1, -3), 19, {F}),
    ((1, -2), 30, {F}),
    ((1, -1), 60, {F, R}),
    ((3, -3), 60, {F, R}),
    ((3, -2), 79, {R}),
    ((2, -1), 90, {R}),
    ((1, 0), 120, {R}),
    ((3, 0), 120, {R}),
    ((2, 1), 139, {B}),
    ((1, 1), 150, {B}),
    ((0, 1), 180, {B}),
    ((0, 3), 180, {B}),
    ((-1, 2), 210, {B}),
    ((-2, 3), 221, {B}),
    ((-1, 1), 240, {L}),
    ((-3, 3), 240, {L}),
    ((-2, 1), 270, {L}),
    ((-3, 1), 281, {L}),
    ((-1, 0), 300, {F, L}),
    ((-2, 0), 300, {F, L}),
    ((-2, -1), 319, {F}),
    ((-1, -1), 330, {F}),
]


def _case_id(value: object) -> str:
    """A test id that is the same in every process (a set's order follows the string hashes)."""
    if isinstance(value, (set, frozenset)):
        return "+".join(sorted(str(getattr(v, "value", v)) for v in value))
    return str(value)


@pytest.mark.parametrize("facing", list(Facing))
@pytest.mark.parametrize(("offset", "bearing", "arcs"), ARC_CASES, ids=_case_id)
def test_firing_arcs(facing, offset, bearing, arcs):
    """BT-C-10.

    Front 300..60 and the side arcs 60..120 / 240..300, boundaries included (the 60/300 rows are in
    both); the rear strictly between 120 and 240; for every facing.
    """
    origin = H("0810")
    target = origin + Hex(*offset).rotate(int(facing))
    assert arcs_of(origin, facing, target) == frozenset(arcs), f"bearing {bearing}"


def test_mount_arcs():
    """BT-C-10 mount table.

    Left arm front + left, right arm front + right; head, torso and legs front only; a rear-mounted
    torso weapon the rear arc only.
    """
    mech = design(
        equipment=[
            ("Medium Laser", LA),
            ("Medium Laser", RA),
            ("Medium Laser", CT),
            ("Small Laser", HD),
            ("SRM 2", LL),
            ("Medium Laser", CT, True),
        ]
    )
    unit = duel(mech).units[0]
    arcs = [mount_arcs(unit, item) for item in mech.equipment]
    assert arcs == [
        frozenset({F, L}),
        frozenset({F, R}),
        frozenset({F}),
        frozenset({F}),
        frozenset({F}),
        frozenset({B}),
    ]


def test_flipped_arms_fire_into_the_rear_arc():
    """BT-C-62.

    With the arms flipped every arm-mounted weapon fires into the rear arc instead; torso weapons
    keep the front.
    """
    mech = design(equipment=[("Medium Laser", LA), ("Medium Laser", RA), ("Medium Laser", CT)])
    unit = evolved_unit(duel(mech).units[0], arms_flipped=True)
    assert mount_arcs(unit, mech.equipment[0]) == frozenset({B})
    assert mount_arcs(unit, mech.equipment[1]) == frozenset({B})
    assert mount_arcs(unit, mech.equipment[2]) == frozenset({F})


def test_leg_weapons_keep_the_feet_facing_under_a_twist():
    """BT-C-11: a torso twist rotates the upper body only; leg arcs stay with the feet."""
    mech = design(equipment=[("SRM 2", LL)])
    unit = evolved_unit(duel(mech).units[0], twist=1)
    assert mount_arcs(unit, mech.equipment[0]) == frozenset({F})


# ---------------------------------------------------------------- BT-C-21 attack direction

SIDE_CASES = [
    # (dq, dr) from the target (facing N) to the attacker, bearing phi, the side hit
    ((0, -2), 0, "front"),
    ((1, -1), 60, "front"),
    ((3, -2), 79, "front"),
    ((3, -1), 101, "right"),
    ((1, 0), 120, "right"),
    ((2, 1), 139, "right"),
    ((1, 2), 161, "rear"),
    ((0, 1), 180, "rear"),
    ((-1, 3), 199, "rear"),
    ((-2, 3), 221, "left"),
    ((-1, 1), 240, "left"),
    ((-3, 2), 259, "left"),
    ((-3, 1), 281, "front"),
    ((-1, 0), 300, "front"),
    ((-1, -1), 330, "front"),
]


def side_state(t_facing: Facing = Facing.N, *, prone: bool = False):
    """The target (unit 1) in 0808 facing ``t_facing``; unit 0 parked far away."""
    state = duel(a_hex="0116", t_hex="0808", t_facing=t_facing)
    if prone:
        state = state.replace_unit(1, _prone(state.units[1]))
    return state


@pytest.mark.parametrize("facing", [Facing.N, Facing.SE, Facing.SW])
@pytest.mark.parametrize(("offset", "phi", "side"), SIDE_CASES, ids=str)
def test_attack_direction(facing, offset, phi, side):
    """BT-C-21 (ASSUMPTION table).

    Front phi >= 270 or <= 90; right 90 < phi <= 150; rear 150 < phi < 210; left 210 <= phi < 270
    (phi from the target's facing, clockwise).
    """
    state = side_state(facing)
    origin = H("0808") + Hex(*offset).rotate(int(facing))
    column, chosen = attack_side(state, origin, 1)
    assert str(column) == side, f"phi {phi}"
    assert not chosen


@pytest.mark.parametrize(
    ("offset", "phi", "sides"),
    [
        ((2, -1), 90, {"front", "right"}),
        ((1, 1), 150, {"right", "rear"}),
        ((-1, 2), 210, {"rear", "left"}),
        ((-2, 1), 270, {"left", "front"}),
    ],
)
def test_attack_direction_vertex_is_the_defenders_choice(offset, phi, sides):
    """BT-C-21: a line through a vertex between two sides: the defender chooses one of them."""
    state = side_state()
    column, chosen = attack_side(state, H("0808") + Hex(*offset), 1)
    assert chosen, f"phi {phi}"
    assert str(column) in sides


def test_prone_mech_faces_where_its_head_points():
    """BT-C-21.

    A prone 'Mech's facing is its head's: facing S, an attack from the north strikes its rear.
    """
    state = side_state(Facing.S, prone=True)
    column, _ = attack_side(state, H("0805"), 1)
    assert str(column) == "rear"


# ---------------------------------------------------------------- BT-C-43 the airborne jumper


def dfa_over_a_hill(dfa: bool):
    """A jumper (unit 1) lands in 0808 next to a target on a level-3 hill in 0807.

    A shooter (unit 2) in 0812 looks at it across a level-2 hill in 0810.
    """
    board = terrain_board(16, 17, h0807=Terrain(level=3), h0810=Terrain(level=2))
    units = [
        (design(70), 0, "0807", Facing.S),
        (design(35, 5, 4), 1, "0811", Facing.N),
        (design(), 0, "0812", Facing.N),
    ]
    state = start(board, units)
    path = (H("0810"), H("0809"), H("0808"))
    jump = Jump(1, path, Facing.N, dfa=0 if dfa else None)
    state, _ = run(state, [Move(0, MoveMode.STILL), Move(2, MoveMode.STILL), jump])
    return state


def test_a_dfa_jumper_is_airborne_for_line_of_sight():
    """BT-C-43.

    During the weapon phase the DFA attacker is airborne 1 level above the higher of the two hexes
    (level 4 here): the level-2 hill between no longer hides it (C + D = -2); the same 'Mech merely
    standing in 0808 is hidden.
    """
    assert not line_of_sight(dfa_over_a_hill(dfa=False), 2, 1).clear
    assert line_of_sight(dfa_over_a_hill(dfa=True), 2, 1).clear
