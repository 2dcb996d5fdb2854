"""AoD artillery on hexes: the band, markers, the +2, drift, blasts and criticals, forced dice.

Rules: AOD-13.1..13.7, AOD-25 #19 / #20, AOD-26.9; acceptance item AOD-26.17 #14 (every bullet).
The shooter is the Longbow Artillery Carrier of AOD-26.15 (ballistic 4/10 (24), marker A-L; click 0
attack 9, damage 2) in 1030 facing N on a 36 x 36 board; its dot goes in 1015, 15 hexes due north
in the same column, so the arrow is N. Marker A-L (AOD-26.9): difficulty 19, radius 1, drift by
margin 1-3 -> 1, 4-6 -> 2, 7+ -> 3 hexes. With a clear LOF the total is 3d6 + 9 + 2.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType

import attrs
import pytest

from engine.aod.artillery import (
    CLEAR_LOF_BONUS,
    PlacedMarker,
    aim_problem,
    arrow,
    artillery_weapon,
    blast_victims,
    declare_problems,
    drift_facing,
    due_volleys,
    in_band,
    long_range_problem,
    place_markers,
    resolve_volley,
    roll_attack,
    usable_markers,
)
from engine.aod.geometry import Battlefield, Occupant
from engine.aod.terrain import HexTerrain
from engine.aod.units import Catalogue, Marker, RangeType, SpeedMode, Weapon, WeaponSlot
from engine.dice import ScriptedDice
from engine.hexes import Facing, Hex
from tests.engine.aod._assets import by_name, catalogue
from tests.engine.aod._boards import DEEP, WALL, at, field, terrain, unit

LONGBOW = by_name("Longbow Artillery Carrier")
WEAPON = LONGBOW.primary
DOT = at("1015")
ATTACK, DAMAGE = 9, 2  # the Longbow's click 0 (AOD-26.15)


def shooter(where: str = "1030", facing: Facing = Facing.N) -> Occupant:
    return unit(where, SpeedMode.WHEELED, side=0, facing=facing)


def board_with(
    *others: Occupant, cells: Sequence[tuple[str, HexTerrain]] = (), size: int = 36
) -> Battlefield:
    """The Longbow (index 0) and ``others`` on a ``size`` x ``size`` board."""
    return field(terrain(cells, size=size), shooter(), *others)


def placed(
    fld: Battlefield,
    *dots: Hex,
    attack: int = ATTACK,
    marker: str = "A-L",
    weapon: Weapon = WEAPON,
    members: tuple[int, ...] = (),
    bonus: int = 0,
) -> tuple[PlacedMarker, ...]:
    """The Longbow's markers on ``dots``, placed by player 0 in turn 1."""
    aims = [(marker, dot) for dot in dots]
    return place_markers(
        fld,
        0,
        weapon,
        aims,
        owner=0,
        turn=1,
        attack=attack,
        damage=DAMAGE,
        members=members,
        bonus=bonus,
    )


# ---------------------------------------------------------------- AOD-13.1 / AOD-13.3 the band


def test_the_longbow_is_artillery_aod_13_1() -> None:
    """AOD-13.1: a bracketed long range makes the weapon artillery: 4/10 (24), marker A-L."""
    weapon = artillery_weapon(LONGBOW.weapons)
    assert weapon is not None
    assert (weapon.max_range, weapon.long_range, weapon.markers) == (10, 24, ("A-L",))
    assert artillery_weapon(by_name("Halberd Hover Tank").weapons) is None


@pytest.mark.parametrize(("distance", "inside"), [(10, False), (11, True), (24, True), (25, False)])
def test_band_is_beyond_max_and_within_long_aod_13_3(distance: int, inside: bool) -> None:
    """AOD-26.17 #14 / AOD-13.3: the band is ``max < d <= long``: 10 out, 11 and 24 in, 25 out."""
    assert in_band(WEAPON, distance) is inside
    fld = board_with()
    dot = Hex(9, 25 - distance)  # due north of 1030 (q 9, r 25), in the same column
    why = aim_problem(fld, 0, WEAPON, dot)
    assert (why is None) is inside
    if not inside:
        assert why is not None
        assert f"{distance} hexes away" in why
        assert "from 11 to 24" in why


def test_max_range_zero_may_still_fire_long_range_aod_13_1() -> None:
    """AOD-26.17 #14 / AOD-13.1: attack > 0 fires long range even with max range 0; attack 0 not."""
    weapon = Weapon(WeaponSlot.MAIN, RangeType.BALLISTIC, 0, 0, long_range=12, markers=("A-L",))
    assert long_range_problem(weapon, attack=7) is None
    assert in_band(weapon, 1)
    assert in_band(weapon, 12)
    assert not in_band(weapon, 13)
    assert long_range_problem(weapon, attack=0) is not None
    assert long_range_problem(by_name("Halberd Hover Tank").primary, attack=9) is not None


def test_the_dot_must_be_in_the_front_arc_aod_13_3() -> None:
    """AOD-13.3: the aim point lies in the shooter's front arc: 15 hexes behind it is refused."""
    fld = field(terrain(size=36), shooter("1016"))
    assert aim_problem(fld, 0, WEAPON, at("1001")) is None
    why = aim_problem(fld, 0, WEAPON, at("1031"))
    assert why is not None
    assert "front arc" in why


def test_the_dot_must_be_on_the_board_aod_26_9() -> None:
    """AOD-26.9: the dot is a hex of the battlefield."""
    fld = field(terrain(size=36), shooter("1012"))
    why = aim_problem(fld, 0, WEAPON, Hex(9, -5))
    assert why is not None
    assert "battlefield" in why


# ---------------------------------------------------------------- AOD-13.3, AOD-26.9 declaring


def test_a_clean_declaration_has_no_problems_aod_13_3() -> None:
    """AOD-13.3: the Longbow with attack 9 and damage 2 places A-L 15 hexes ahead, LOF blocked."""
    fld = board_with(cells=[("1020", WALL)])
    assert declare_problems(fld, 0, WEAPON, catalogue(), [("A-L", DOT)], attack=9, damage=2) == []


def test_no_long_range_fire_in_contact_with_an_enemy_aod_13_3() -> None:
    """AOD-13.3: the artillery unit must touch no enemy; a friend in contact is fine."""
    friend = board_with(unit("1029", SpeedMode.FOOT, side=0))
    assert (
        declare_problems(friend, 0, WEAPON, catalogue(), [("A-L", DOT)], attack=9, damage=2) == []
    )
    enemy = board_with(unit("1029", SpeedMode.FOOT, side=1))
    problems = declare_problems(enemy, 0, WEAPON, catalogue(), [("A-L", DOT)], attack=9, damage=2)
    assert problems == ["An artillery unit in contact with an enemy cannot fire long range."]


def test_marker_minimums_aod_26_9() -> None:
    """AOD-26.9: A-L needs attack 7 and damage 1; A-H needs 9 and 3; a unit uses only its own."""
    both = attrs.evolve(WEAPON, markers=("A-L", "A-H"))
    cat = catalogue()
    assert [m.id for m in usable_markers(both, cat, attack=9, damage=3)] == ["A-L", "A-H"]
    assert [m.id for m in usable_markers(both, cat, attack=8, damage=3)] == ["A-L"]
    assert [m.id for m in usable_markers(both, cat, attack=9, damage=2)] == ["A-L"]
    assert usable_markers(both, cat, attack=6, damage=3) == ()
    # The Longbow's click 4 (attack 7, damage 1) still meets A-L exactly.
    assert [m.id for m in usable_markers(WEAPON, cat, attack=7, damage=1)] == ["A-L"]
    fld = board_with()
    problems = declare_problems(fld, 0, WEAPON, cat, [("A-H", DOT)], attack=9, damage=3)
    assert problems == ["This unit has no A-H artillery marker."]
    problems = declare_problems(fld, 0, both, cat, [("A-H", DOT)], attack=8, damage=3)
    assert problems == ["The heavy battery marker needs attack 9; this unit's attack is 8."]


def test_markers_per_order_follow_the_targets_aod_13_5() -> None:
    """AOD-13.5: one marker per target symbol: the Longbow (x1) may not place two."""
    fld = board_with()
    aims = [("A-L", DOT), ("A-L", at("1115"))]
    problems = declare_problems(fld, 0, WEAPON, catalogue(), aims, attack=9, damage=2)
    assert problems == ["This weapon places at most 1 marker(s) per order."]
    two = attrs.evolve(WEAPON, targets=2)
    assert declare_problems(fld, 0, two, catalogue(), aims, attack=9, damage=2) == []


def test_other_declaration_problems_aod_13_3() -> None:
    """AOD-13.1 / AOD-13.3 / AOD-19.5: no artillery, no marker, one hex twice, under water."""
    fld = board_with()
    cat = catalogue()
    halberd = by_name("Halberd Hover Tank").primary
    assert declare_problems(fld, 0, halberd, cat, [("A-L", DOT)], attack=9, damage=2) == [
        "This unit has no long range: only artillery fires artillery markers."
    ]
    assert declare_problems(fld, 0, None, cat, [("A-L", DOT)], attack=9, damage=2) == [
        "This unit has no long range: only artillery fires artillery markers."
    ]
    assert declare_problems(fld, 0, WEAPON, cat, [], attack=9, damage=2) == [
        "Place at least one artillery marker."
    ]
    two = attrs.evolve(WEAPON, targets=2)
    twice = [("A-L", DOT), ("A-L", DOT)]
    assert declare_problems(fld, 0, two, cat, twice, attack=9, damage=2) == [
        "Two markers may not share one hex."
    ]
    wet = field(terrain([("1030", DEEP)], size=36), unit("1030", SpeedMode.AQUATIC))
    assert declare_problems(wet, 0, WEAPON, cat, [("A-L", DOT)], attack=9, damage=2) == [
        "A submerged unit cannot fire."
    ]


def test_the_placed_marker_stores_what_resolution_needs_aod_26_9() -> None:
    """AOD-26.9: owner, shooter, marker, dot, turn, the shooter's hex, arrow, attack and damage."""
    (marker,) = place_markers(
        board_with(), 0, WEAPON, [("A-L", DOT)], owner=1, turn=4, attack=9, damage=2
    )
    assert (marker.owner, marker.shooter, marker.marker, marker.dot, marker.turn) == (
        1,
        0,
        "A-L",
        DOT,
        4,
    )
    assert (marker.origin, marker.arrow, marker.attack, marker.damage) == (
        at("1030"),
        Facing.N,
        9,
        2,
    )
    assert marker.range_type is RangeType.BALLISTIC
    assert marker.members == (0,)


def test_the_arrow_is_the_closest_facing_lower_index_on_a_tie_aod_26_9() -> None:
    """AOD-26.9: straight lines give their facing; a vector between SE and S ties: SE (2) wins."""
    origin = Hex(5, 5)
    assert arrow(origin, origin + Hex(0, -7)) is Facing.N
    assert arrow(origin, origin + Hex(-6, 6)) is Facing.SW
    assert arrow(origin, origin + Hex(3, -1)) is Facing.SE  # 11 degrees south of east
    assert arrow(origin, origin + Hex(1, 1)) is Facing.SE  # exactly between SE and S
    assert arrow(origin, origin + Hex(-1, -1)) is Facing.N  # between NW (5) and N (0): N


# ---------------------------------------------------------------- AOD-13.4 resolution


def test_markers_resolve_in_the_owners_next_command_stage_aod_13_4() -> None:
    """AOD-26.17 #14 / AOD-13.4: a marker of turn 1 is not due in turn 1, nor for another player.

    It is due in its owner's next turn; markers of one order form one volley (AOD-13.5).
    """
    fld = board_with()
    first = placed(fld, DOT)
    other = place_markers(
        fld, 0, WEAPON, [("A-L", at("1115"))], owner=1, turn=2, attack=9, damage=2
    )
    pending = (*first, *other)
    assert due_volleys(pending, owner=0, turn=1) == ()
    assert due_volleys(pending, owner=1, turn=2) == ()
    assert due_volleys(pending, owner=0, turn=3) == (first,)
    assert due_volleys(pending, owner=1, turn=4) == (other,)


def test_roll_attack_reads_white_white_black() -> None:
    """AOD-1 / AOD-26.13 D: three dice, the black one last; each die is kept."""
    assert roll_attack(ScriptedDice([2, 5, 4])) == (2, 5, 4)


def test_a_clear_lof_adds_two_aod_13_4() -> None:
    """AOD-26.17 #14 / AOD-13.4: 2+3+3 + 9 = 17, +2 clear = 19 = difficulty: a hit on the dot.

    The same dice with a wall on the line: 17, a miss by 2, and the dot drifts 1 hex (AOD-26.9).
    """
    roll = (2, 3, 3)
    clear = board_with()
    volley = resolve_volley(clear, placed(clear, DOT), catalogue(), roll, shooter_at=0)
    (blast,) = volley.blasts
    assert blast.clear
    assert blast.total == 8 + 9 + CLEAR_LOF_BONUS == 19
    assert blast.hit
    assert blast.dot == DOT
    assert blast.drift is None
    walled = board_with(cells=[("1022", WALL)])
    (blocked,) = resolve_volley(walled, placed(walled, DOT), catalogue(), roll, shooter_at=0).blasts
    assert not blocked.clear
    assert blocked.total == 17
    assert not blocked.hit
    assert blocked.distance == 1
    assert blocked.dot == DOT.neighbor(Facing.SE)  # black 3: arrow N + 2 clockwise


def test_the_lof_is_judged_from_where_the_shooter_stands_now_aod_25_19() -> None:
    """AOD-25 #19: the +2 is checked at resolution; a base between then blocks it."""
    fld = board_with()
    markers = placed(fld, DOT)
    later = Battlefield(fld.terrain, (*fld.units, unit("1020", SpeedMode.FOOT, side=1)))
    (blast,) = resolve_volley(later, markers, catalogue(), (2, 3, 3), shooter_at=0).blasts
    assert not blast.clear
    assert blast.total == 17


def test_a_shooter_that_is_gone_gets_no_plus_two_aod_26_9() -> None:
    """AOD-25 #19 / AOD-26.9: an eliminated shooter's marker resolves with stored values, no +2."""
    fld = board_with()
    (blast,) = resolve_volley(fld, placed(fld, DOT), catalogue(), (2, 3, 3), shooter_at=None).blasts
    assert not blast.clear
    assert blast.total == 17
    gone = resolve_volley(fld, placed(fld, DOT), catalogue(), (1, 1, 4), shooter_at=None)
    assert gone.critical_miss
    assert gone.shooter_clicks == 0  # nobody left to take the click


def test_the_marker_names_the_shooter_by_the_turn_machines_id() -> None:
    """AOD-13.4: the record keeps the shooter's id; resolution reads where it stands now.

    The Longbow is unit 7 of the game, index 0 of this battlefield; later it is index 1, behind
    a base in 1020 (no +2).
    """
    fld = board_with()
    (marker,) = place_markers(
        fld, 0, WEAPON, [("A-L", DOT)], owner=0, turn=1, attack=9, damage=2, shooter_id=7
    )
    assert (marker.shooter, marker.members) == (7, (7,))
    later = field(terrain(size=36), unit("1020", SpeedMode.FOOT, side=1), shooter())
    volley = resolve_volley(later, (marker,), catalogue(), (1, 1, 5), shooter_at=1)
    assert (volley.shooter, volley.shooter_clicks) == (7, 1)
    (blast,) = resolve_volley(later, (marker,), catalogue(), (2, 3, 3), shooter_at=1).blasts
    assert not blast.clear


@pytest.mark.parametrize(
    ("black", "facing", "hexes"),
    [
        (1, Facing.N, 3),  # long, along the arrow
        (2, Facing.NE, 3),
        (3, Facing.SE, 2),
        (4, Facing.S, 2),  # short, back towards the shooter
        (5, Facing.SW, 2),
        (6, Facing.NW, 1),
    ],
)
def test_drift_direction_is_the_black_die_round_the_arrow_aod_26_9(
    black: int, facing: Facing, hexes: int
) -> None:
    """AOD-26.17 #14 / AOD-26.9: black b drifts ``b - 1`` facings clockwise from the arrow N.

    Walled off (no +2), attack 7: 1+2+b + 7 misses 19 by 9-b, so 3, 2 or 1 hexes.
    """
    fld = board_with(cells=[("1022", WALL)])
    (blast,) = resolve_volley(
        fld, placed(fld, DOT, attack=7), catalogue(), (1, 2, black), shooter_at=0
    ).blasts
    assert blast.total == 10 + black
    assert blast.drift is facing
    assert blast.distance == hexes
    expected = DOT
    for _ in range(hexes):
        expected = expected.neighbor(facing)
    assert blast.dot == expected


def test_drift_turns_with_the_arrow_aod_26_9() -> None:
    """AOD-26.9: shooting north-west, black 1 drifts NW (long) and black 4 SE (short)."""
    assert drift_facing(Facing.NW, 1) is Facing.NW
    assert drift_facing(Facing.NW, 4) is Facing.SE
    assert drift_facing(Facing.NW, 2) is Facing.N


@pytest.mark.parametrize(
    ("dice", "margin", "hexes"),
    [
        ((5, 4, 2), 1, 1),
        ((3, 4, 2), 3, 1),
        ((3, 3, 2), 4, 2),
        ((2, 2, 2), 6, 2),
        ((1, 2, 2), 7, 3),
        ((1, 2, 1), 8, 3),
    ],
)
def test_drift_distance_by_margin_band_aod_26_9(
    dice: tuple[int, int, int], margin: int, hexes: int
) -> None:
    """AOD-26.17 #14 / AOD-26.9: A-L drifts 1 hex for margins 1-3, 2 for 4-6, 3 for 7 and more.

    Walled off, attack 7 (the Longbow's click 4): total = 3d6 + 7, margin = 19 - total.
    """
    fld = board_with(cells=[("1022", WALL)])
    (blast,) = resolve_volley(
        fld, placed(fld, DOT, attack=7), catalogue(), dice, shooter_at=0
    ).blasts
    assert 19 - blast.total == margin
    assert blast.distance == hexes


def test_a_margin_of_seven_drifts_three_aod_26_9() -> None:
    """AOD-26.9: A-L's last band: 1+2+1 + attack 3 = 7 misses by 12: 3 hexes, black 1: north."""
    fld = board_with(cells=[("1022", WALL)])
    (blast,) = resolve_volley(
        fld, placed(fld, DOT, attack=3), catalogue(), (1, 2, 1), shooter_at=0
    ).blasts
    assert blast.total == 7
    assert blast.distance == 3
    assert blast.dot == at("1012")


def test_off_the_board_nothing_happens_aod_13_4() -> None:
    """AOD-26.17 #14 / AOD-13.4 step 5: the dot in 1001 drifts north off the map: no damage.

    A unit next to the dot is untouched. Shooter in 1016 (15 south), walled off: 2+3+1 + 9 = 15,
    a miss by 4: 2 hexes, black 1 = the arrow, N.
    """
    board = terrain([("1008", WALL)], size=36)
    near = unit("1002", SpeedMode.FOOT, side=1)
    fld = field(board, shooter("1016"), near)
    markers = placed(fld, at("1001"))
    (blast,) = resolve_volley(fld, markers, catalogue(), (2, 3, 1), shooter_at=0).blasts
    assert not blast.hit
    assert blast.distance == 2
    assert blast.dot is None
    assert blast.hits == ()
    # Black 4 instead: 18, a miss by 1, 1 hex back south onto 1002: the unit there is hit.
    (back,) = resolve_volley(fld, markers, catalogue(), (2, 3, 4), shooter_at=0).blasts
    assert back.dot == at("1002")
    assert back.hits == ((1, 2),)


# ---------------------------------------------------------------- AOD-13.4 step 6 blasts


def test_the_blast_hits_friends_and_foes_within_the_radius_aod_13_4() -> None:
    """AOD-26.17 #14 / AOD-13.4 step 6: radius 1 hits the dot and its 6 neighbours, friend or foe.

    2 clicks each (the Longbow's damage); 2 hexes away is safe.
    """
    fld = board_with(
        unit("1015", SpeedMode.FOOT, side=1),  # on the dot
        unit("1014", SpeedMode.MECH, side=0),  # a friend next to it
        unit("1116", SpeedMode.TRACKED, side=1),  # an enemy next to it
        unit("1013", SpeedMode.FOOT, side=1),  # two hexes away
    )
    volley = resolve_volley(fld, placed(fld, DOT), catalogue(), (4, 4, 4), shooter_at=0)
    (blast,) = volley.blasts
    assert blast.hit
    assert blast.hits == ((1, 2), (2, 2), (3, 2))
    assert volley.damage() == {1: (2,), 2: (2,), 3: (2,)}
    assert volley.shooter_clicks == 0


def test_captives_and_submerged_units_are_spared_vtols_are_not_aod_25_20() -> None:
    """AOD-26.17 #14 / AOD-13.4 / AOD-25 #20: captives ignore artillery; submerged units too.

    VTOLs at either altitude are hit.
    """
    fld = board_with(
        unit("1015", SpeedMode.FOOT, side=None),  # a captive on the dot (index 1)
        unit("1014", SpeedMode.MECH, side=1),  # submerged in deep water (index 2)
        unit("1016", SpeedMode.VTOL, side=1, cruising=True),  # cruising (index 3)
        unit("0915", SpeedMode.VTOL, side=1),  # at NOE (index 4)
        cells=[("1014", DEEP)],
    )
    (blast,) = resolve_volley(
        fld, placed(fld, DOT), catalogue(), (4, 4, 4), captives={1}, shooter_at=0
    ).blasts
    assert blast.hits == ((3, 2), (4, 2))
    assert blast_victims(fld, DOT, 1) == (1, 3, 4)


def test_a_critical_hit_lands_on_the_dot_and_adds_a_click_aod_13_6() -> None:
    """AOD-13.6: 6+6 on the white dice lands exactly on the dot, whatever the total: +1 click.

    A made-up marker with difficulty 40 shows it: 6+6+1 + 9 + 2 = 24 would miss by 16.
    """
    hard = Marker("A-X", "test", 1, 1, 40, 1, ())
    cat = Catalogue(markers=MappingProxyType({"A-X": hard}))
    fld = board_with(unit("1015", SpeedMode.FOOT, side=1))
    markers = placed(fld, DOT, marker="A-X", weapon=attrs.evolve(WEAPON, markers=("A-X",)))
    volley = resolve_volley(fld, markers, cat, (6, 6, 1), shooter_at=0)
    assert volley.critical_hit
    (blast,) = volley.blasts
    assert blast.total == 24
    assert blast.hit
    assert blast.dot == DOT
    assert blast.hits == ((1, 3),)


def test_a_critical_miss_damages_only_the_shooter_aod_13_6() -> None:
    """AOD-26.17 #14 / AOD-13.6: 1+1 on the white dice: the shooter takes 1 click, no blast.

    With a black 6 and attack 20 the total would have hit; a unit on the dot is untouched.
    """
    fld = board_with(unit("1015", SpeedMode.FOOT, side=1))
    volley = resolve_volley(fld, placed(fld, DOT, attack=20), catalogue(), (1, 1, 6), shooter_at=0)
    assert volley.critical_miss
    assert volley.blasts == ()
    assert volley.damage() == {}
    assert (volley.shooter, volley.shooter_clicks) == (0, 1)
    assert volley.dice == (1, 1, 6)


# ---------------------------------------------------------------- AOD-13.5 several markers


def test_several_markers_one_roll_own_drift_overlapping_blasts_aod_13_5() -> None:
    """AOD-13.5: one roll for both markers, drift for each, full damage from each blast.

    Markers on 1015 and 1013, a unit in 1014 between them. Dice 2+3+3 + 9: the LOF to 1015 is
    clear (19, a hit); the unit's base blocks the LOF to 1013 (17, a miss by 2), which drifts
    1 hex, black 3 = SE of its arrow N, to 1114: the unit in 1014 is inside both blasts.
    """
    two = attrs.evolve(WEAPON, targets=2)
    fld = board_with(unit("1014", SpeedMode.FOOT, side=1))
    markers = placed(fld, DOT, at("1013"), weapon=two)
    volley = resolve_volley(fld, markers, catalogue(), (2, 3, 3), shooter_at=0)
    near, far = volley.blasts
    assert (near.total, near.hit, near.dot) == (19, True, DOT)
    assert (far.total, far.hit) == (17, False)
    assert far.drift is Facing.SE
    assert far.dot == at("1013").neighbor(Facing.SE)
    assert far.dot == at("1114")
    assert volley.damage() == {1: (2, 2)}


def test_a_volley_is_one_shooters_one_order() -> None:
    """AOD-13.5: markers of different orders are not rolled together."""
    fld = board_with()
    first = placed(fld, DOT)
    later = attrs.evolve(first[0], turn=3)
    with pytest.raises(ValueError, match="one shooter's one order"):
        resolve_volley(fld, (*first, later), catalogue(), (3, 3, 3), shooter_at=0)


def test_a_formation_bonus_adds_to_the_total_aod_13_7() -> None:
    """AOD-13.7 / AOD-18.3: +2 per member beyond the leader: 3 members, +4 on 2+3+3 + 9 + 2."""
    fld = board_with()
    markers = placed(fld, DOT, members=(0, 5, 6), bonus=4)
    (blast,) = resolve_volley(fld, markers, catalogue(), (2, 3, 3), shooter_at=0).blasts
    assert blast.total == 23
    assert markers[0].members == (0, 5, 6)
