"""AoD line of fire on hand-built flat-top boards: blocking, hindering, skims, elevation, VTOLs.

Rules: AOD-12.2..12.5, AOD-19.2, AOD-19.6, AOD-8.9, AOD-26.6; acceptance items AOD-26.17 #8, #9,
#10. The digest gives no worked LOF example with coordinates; these boards are built by hand on the
kernel's labels. A straight north-south shot runs down one column (1015 -> 1010); a due-east shot
from 1010 to 1210 runs along the hexside between 1110 and 1111 (a skim).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.aod.geometry import Battlefield, Occupant
from engine.aod.los import (
    cannot_fire,
    cannot_fire_indirect,
    charge_crosses_terrain,
    contact_modifier,
    height_advantage,
    line_of_fire,
    through_rear_arc,
)
from engine.aod.terrain import HexTerrain, TerrainMap
from engine.aod.units import SpeedMode, UnitType
from engine.hexes import Facing, Hex
from tests.engine.aod._boards import (
    DEEP,
    HILL,
    OTHER_HILL,
    OTHER_WOODS,
    SHALLOW,
    WALL,
    WOODED_HILL,
    WOODS,
    at,
    field,
    terrain,
    unit,
)


def shot(
    board: TerrainMap, *others: Occupant, target_mode: SpeedMode = SpeedMode.MECH
) -> Battlefield:
    """A 'Mech in 1015 facing N (index 0) at an enemy in 1010 facing S (index 1), plus others."""
    return field(board, unit("1015"), unit("1010", target_mode, side=1, facing=Facing.S), *others)


def east(board: TerrainMap, *others: Occupant) -> Battlefield:
    """A 'Mech in 1010 facing NE (index 0) at an enemy 'Mech in 1210, due east: a skimming line."""
    return field(board, unit("1010", facing=Facing.NE), unit("1210", side=1), *others)


# ---------------------------------------------------------------- AOD-12.3 what blocks


def test_an_open_line_is_clear() -> None:
    """AOD-12.2: no terrain and no bases: clear, no modifier, the straight column."""
    lof = line_of_fire(shot(terrain()), 0, 1)
    assert not lof.blocked
    assert not lof.hindering
    assert not lof.skims
    assert [h.label for h in lof.hexes] == ["1015", "1014", "1013", "1012", "1011", "1010"]


@pytest.mark.parametrize(
    ("cell", "blocked", "hindering"),
    [
        (WALL, True, False),  # AOD-12.3: blocking terrain blocks
        (WOODS, False, True),  # AOD-12.2: hindering gives +1, never blocks
        (SHALLOW, False, False),  # AOD-19.4: water never affects a LOF
        (DEEP, False, False),
        (HILL, True, False),  # AOD-19.6: elevation between two ground units blocks
    ],
)
def test_terrain_between_two_ground_units_aod_12_3(
    cell: HexTerrain, blocked: bool, hindering: bool
) -> None:
    """AOD-12.3 / AOD-19.6 / AOD-26.6: the terrain table for a line between ground units."""
    lof = line_of_fire(shot(terrain([("1012", cell)])), 0, 1)
    assert (lof.blocked, lof.hindering) == (blocked, hindering)
    assert ("1012" in lof.why) is blocked


@pytest.mark.parametrize(
    ("target", "between", "blocked"),
    [
        (SpeedMode.MECH, SpeedMode.MECH, True),  # another 'Mech base always blocks
        (SpeedMode.MECH, SpeedMode.FOOT, False),  # only 'Mech bases block a LOF to a 'Mech
        (SpeedMode.MECH, SpeedMode.TRACKED, False),
        (SpeedMode.FOOT, SpeedMode.FOOT, True),  # any base blocks a LOF to infantry
        (SpeedMode.TRACKED, SpeedMode.FOOT, True),  # ... or to a vehicle
        (SpeedMode.FOOT, SpeedMode.MECH, True),
    ],
)
def test_bases_in_the_way_are_keyed_on_the_target_aod_12_3(
    target: SpeedMode, between: SpeedMode, blocked: bool
) -> None:
    """AOD-12.3 / AOD-25 #6 / AOD-26.17 #9: blocking by bases is keyed on the target type."""
    fld = shot(terrain(), unit("1012", between, side=0), target_mode=target)
    assert line_of_fire(fld, 0, 1).blocked is blocked


def test_cruising_and_submerged_bases_never_block_aod_12_3() -> None:
    """AOD-12.3 / AOD-19.5: a cruising VTOL's or a submerged unit's base does not block."""
    board = terrain([("1013", DEEP)])
    vtol = unit("1012", SpeedMode.VTOL, cruising=True)
    diver = unit("1013", SpeedMode.MECH, side=1)
    assert not line_of_fire(shot(board, vtol, diver), 0, 1).blocked


# ---------------------------------------------------------------- AOD-26.6 skims


def test_a_skimming_line_is_clear_if_either_side_is_clear_aod_26_6() -> None:
    """AOD-26.6 / AOD-26.17 #9: a wall on one side of the hexside does not block the skim."""
    lof = line_of_fire(east(terrain([("1110", WALL)])), 0, 1)
    assert lof.skims
    assert not lof.blocked
    assert [h.label for h in lof.hexes] == ["1010", "1111", "1210"]


def test_a_skimming_line_walled_on_both_sides_is_blocked_aod_26_6() -> None:
    """AOD-26.6: both lines blocked: blocked."""
    lof = line_of_fire(east(terrain([("1110", WALL), ("1111", WALL)])), 0, 1)
    assert lof.blocked
    assert lof.skims


def test_a_skim_prefers_clear_over_no_hindering_aod_26_6() -> None:
    """AOD-26.6: woods on one side, a wall on the other: the woods line counts (+1, not blocked)."""
    lof = line_of_fire(east(terrain([("1110", WOODS), ("1111", WALL)])), 0, 1)
    assert not lof.blocked
    assert lof.hindering


def test_a_skim_past_woods_on_one_side_has_no_modifier_aod_26_6() -> None:
    """AOD-26.6: 'no hindering' beats '+1' when both lines are clear."""
    lof = line_of_fire(east(terrain([("1110", WOODS)])), 0, 1)
    assert not lof.hindering


def test_a_skim_past_a_mech_on_one_side_is_clear_aod_26_6() -> None:
    """AOD-26.6: a base on one side of the hexside blocks only that line."""
    fld = east(terrain(), unit("1111", side=1))
    assert not line_of_fire(fld, 0, 1).blocked
    both = east(terrain(), unit("1111", side=1), unit("1110", side=0))
    assert line_of_fire(both, 0, 1).blocked


def test_a_skim_along_the_board_edge_reads_the_half_off_the_board_as_open_aod_26_6() -> None:
    """AOD-26.6: 0101 -> 0301 skims the top edge; a wall in 0201 only touches the skim."""
    fld = field(terrain(size=12), unit("0101", facing=Facing.NE), unit("0301", side=1))
    lof = line_of_fire(fld, 0, 1)
    assert lof.skims
    assert not lof.blocked
    walled = field(
        terrain([("0201", WALL)], size=12), unit("0101", facing=Facing.NE), unit("0301", side=1)
    )
    assert not line_of_fire(walled, 0, 1).blocked


# ---------------------------------------------------------------- AOD-19.2 hindering


def test_the_targets_own_woods_count_aod_26_6() -> None:
    """AOD-26.6: the target's own hex counts for hindering."""
    assert line_of_fire(shot(terrain([("1010", WOODS)])), 0, 1).hindering


def test_the_attackers_own_woods_are_ignored_aod_19_2() -> None:
    """AOD-19.2 / AOD-26.17 #9: the attacker ignores the feature it stands in."""
    board = terrain([("1015", WOODS), ("1014", WOODS), ("1013", WOODS)])
    assert not line_of_fire(shot(board), 0, 1).hindering


def test_own_cover_does_not_hide_other_woods_aod_19_2() -> None:
    """AOD-19.2: only the attacker's own feature is ignored; other woods still count."""
    board = terrain([("1015", WOODS), ("1014", WOODS), ("1012", OTHER_WOODS)])
    assert line_of_fire(shot(board), 0, 1).hindering


def test_own_cover_is_lost_when_the_target_shares_the_woods_aod_25_8() -> None:
    """AOD-19.2 / AOD-25 #8: a target in the same feature gets the modifier."""
    board = terrain([("1015", WOODS), ("1014", WOODS), ("1013", WOODS), ("1012", WOODS)])
    fld = field(board, unit("1015"), unit("1012", side=1))
    assert line_of_fire(fld, 0, 1).hindering


# ---------------------------------------------------------------- AOD-19.6 elevation


def test_both_elevated_see_over_low_ground_and_other_hills_aod_19_6() -> None:
    """AOD-19.6 / AOD-26.17 #10: both elevated: elevation and ground bases do not block."""
    board = terrain([("1015", HILL), ("1010", HILL), ("1012", OTHER_HILL)])
    fld = shot(board, unit("1013", side=1))
    assert not line_of_fire(fld, 0, 1).blocked


def test_both_elevated_are_blocked_by_walls_and_bases_up_high_aod_19_6() -> None:
    """AOD-19.6: both elevated: blocking terrain and bases on elevated hexes block."""
    walled = terrain([("1015", HILL), ("1010", HILL), ("1012", WALL)])
    assert line_of_fire(shot(walled), 0, 1).blocked
    hill = terrain([("1015", HILL), ("1010", HILL), ("1012", OTHER_HILL)])
    assert line_of_fire(shot(hill, unit("1012", side=1)), 0, 1).blocked


def test_both_elevated_hindering_only_if_elevated_or_at_an_end_aod_19_6() -> None:
    """AOD-19.6 / AOD-25 #38: ground woods are ignored; wooded hills and the target's hex count."""
    base = [("1015", HILL), ("1010", HILL)]
    assert not line_of_fire(shot(terrain([*base, ("1012", WOODS)])), 0, 1).hindering
    assert line_of_fire(shot(terrain([*base, ("1012", WOODED_HILL)])), 0, 1).hindering
    in_woods = terrain([("1015", HILL), ("1010", WOODED_HILL)])
    assert line_of_fire(shot(in_woods), 0, 1).hindering


def test_one_elevated_is_blocked_by_another_elevated_feature_aod_19_6() -> None:
    """AOD-19.6 / AOD-26.6: exactly one elevated: its own hill does not block, another one does."""
    own = terrain([("1015", HILL), ("1014", HILL)])
    assert not line_of_fire(shot(own), 0, 1).blocked
    other = terrain([("1015", HILL), ("1012", OTHER_HILL)])
    lof = line_of_fire(shot(other), 0, 1)
    assert lof.blocked
    assert "elevated feature" in lof.why
    # The same from below: the target is the elevated one.
    below = terrain([("1010", HILL), ("1011", HILL), ("1013", OTHER_HILL)])
    assert line_of_fire(shot(below), 0, 1).blocked


def test_one_elevated_sees_past_ground_bases_but_not_high_ones_aod_19_6() -> None:
    """AOD-19.6: exactly one elevated: only bases on elevated hexes block."""
    board = terrain([("1015", HILL), ("1014", HILL)])
    assert not line_of_fire(shot(board, unit("1012", side=1)), 0, 1).blocked
    assert line_of_fire(shot(board, unit("1014", side=0)), 0, 1).blocked


def test_one_elevated_ignores_ground_woods_between_aod_19_6() -> None:
    """AOD-19.6: with elevation, ground-level hindering between the units is ignored."""
    board = terrain([("1015", HILL), ("1012", WOODS)])
    assert not line_of_fire(shot(board), 0, 1).hindering


# ---------------------------------------------------------------- AOD-8.9 cruising VTOLs


def test_nothing_blocks_a_line_to_a_cruising_vtol_aod_8_9() -> None:
    """AOD-8.9 / AOD-25 #41 / AOD-26.17 #8: walls, hills and bases do not block it."""
    board = terrain([("1011", WALL), ("1012", HILL), ("1014", WOODS)])
    fld = field(
        board,
        unit("1015"),
        unit("1010", SpeedMode.VTOL, side=1, cruising=True),
        unit("1013", side=1),
    )
    lof = line_of_fire(fld, 0, 1)
    assert not lof.blocked
    assert not lof.hindering  # AOD-19.2 table: never for a ground shooter at a cruising VTOL


@pytest.mark.parametrize(("target_cell", "hindering"), [(WOODS, True), (SHALLOW, False)])
def test_a_cruising_vtol_shooting_down_aod_19_2(target_cell: HexTerrain, hindering: bool) -> None:
    """AOD-19.2 table: a cruising VTOL's shot is hindered only if the target stands in cover."""
    board = terrain([("1012", WOODS), ("1010", target_cell)])
    fld = field(board, unit("1015", SpeedMode.VTOL, cruising=True), unit("1010", side=1))
    assert line_of_fire(fld, 0, 1).hindering is hindering


# ---------------------------------------------------------------- AOD-12.2 / 12.4 may it fire


def test_cannot_fire_checks_in_order_aod_12_2() -> None:
    """AOD-12.2: enemy, front arc, range, then the line; None when all hold."""
    fld = shot(terrain())
    assert cannot_fire(fld, 0, 1, 0, 8) is None
    assert "out_of_range" in (cannot_fire(fld, 0, 1, 0, 4) or "")
    assert "out_of_range" in (cannot_fire(fld, 0, 1, 6, 10) or "")
    behind = field(terrain(), unit("1015", facing=Facing.S), unit("1010", side=1))
    assert "front_arc" in (cannot_fire(behind, 0, 1, 0, 8) or "")
    friend = field(terrain(), unit("1015"), unit("1010", side=0))
    assert "not_enemy" in (cannot_fire(friend, 0, 1, 0, 8) or "")
    captive = field(terrain(), unit("1015"), unit("1010", side=None))
    assert "not_enemy" in (cannot_fire(captive, 0, 1, 0, 8) or "")
    walled = shot(terrain([("1012", WALL)]))
    assert "no_line_of_fire" in (cannot_fire(walled, 0, 1, 0, 8) or "")


def test_submerged_units_neither_fire_nor_are_fired_at_aod_19_5() -> None:
    """AOD-12.1 / AOD-19.5: a target submerged in deep water cannot be shot."""
    fld = shot(terrain([("1010", DEEP)]))
    assert "submerged" in (cannot_fire(fld, 0, 1, 0, 8) or "")
    hover = shot(terrain([("1010", DEEP)]), target_mode=SpeedMode.HOVER)
    assert cannot_fire(hover, 0, 1, 0, 8) is None


def test_an_engaged_attacker_may_not_shoot_into_a_friends_melee_aod_12_4() -> None:
    """AOD-12.4: touching an enemy, it may not shoot another enemy that touches its friend."""
    fld = shot(
        terrain(),
        unit("1016", side=1),  # 2: touches the attacker
        unit("1009", side=0),  # 3: a friend touching the target
    )
    why = cannot_fire(fld, 0, 1, 0, 8)
    assert why is not None
    assert "engaged" in why
    assert contact_modifier(fld, 0, 2) is None  # the enemy it touches: no modifier


def test_called_shot_and_friendly_fire_aod_12_5() -> None:
    """AOD-12.4 / AOD-12.5: called shot +2; friendly fire +2, or +1 against a 'Mech."""
    engaged = shot(terrain(), unit("1016", side=1))
    assert contact_modifier(engaged, 0, 1) == ("called shot", 2)
    mixed = shot(terrain(), unit("1009", side=0))
    assert contact_modifier(mixed, 0, 1) == ("friendly fire", 1)
    infantry = shot(terrain(), unit("1009", side=0), target_mode=SpeedMode.FOOT)
    assert contact_modifier(infantry, 0, 1) == ("friendly fire", 2)
    assert contact_modifier(shot(terrain()), 0, 1) is None


def test_a_quad_touched_only_by_infantry_makes_no_called_shot_aod_12_5() -> None:
    """AOD-12.5: the called-shot penalty is waived for a Quad whose only contacts are infantry."""
    fld = field(
        terrain(),
        unit("1015", SpeedMode.QUAD),
        unit("1010", side=1, facing=Facing.S),
        unit("1016", SpeedMode.FOOT, side=1),
    )
    assert contact_modifier(fld, 0, 1) is None
    assert fld.units[0].kind is UnitType.MECH


# ---------------------------------------------------------------- AOD-12.5 geometric modifiers


def test_height_advantage_aod_12_5() -> None:
    """AOD-12.5 / AOD-26.6 / AOD-26.17 #8, #10: up a hill or cruising, unless shooting from high."""
    up = shot(terrain([("1010", HILL)]))
    assert height_advantage(up, 0, 1)
    level = shot(terrain([("1010", HILL), ("1015", OTHER_HILL)]))
    assert not height_advantage(level, 0, 1)
    down = shot(terrain([("1015", HILL)]))
    assert not height_advantage(down, 0, 1)
    vtol = field(terrain(), unit("1015"), unit("1010", SpeedMode.VTOL, side=1, cruising=True))
    assert height_advantage(vtol, 0, 1)
    hill_vs_vtol = field(
        terrain([("1015", HILL)]), unit("1015"), unit("1010", SpeedMode.VTOL, side=1, cruising=True)
    )
    assert not height_advantage(hill_vs_vtol, 0, 1)
    both_cruising = field(
        terrain(),
        unit("1015", SpeedMode.VTOL, cruising=True),
        unit("1010", SpeedMode.VTOL, side=1, cruising=True),
    )
    assert not height_advantage(both_cruising, 0, 1)


def test_rear_arc_shots_aod_12_5() -> None:
    """AOD-12.5 / AOD-26.5: +2 when the attacker's hex lies in the target's rear arc."""
    facing_away = field(terrain(), unit("1015"), unit("1010", side=1, facing=Facing.N))
    assert through_rear_arc(facing_away, 0, 1)
    facing_us = shot(terrain())
    assert not through_rear_arc(facing_us, 0, 1)


# ---------------------------------------------------------------- AOD-12.7 indirect, AOD-16.2


def test_indirect_fire_only_over_a_blocked_line_aod_12_7() -> None:
    """AOD-12.7 / AOD-26.17 #13: allowed only when the direct LOF is blocked; arc and range hold."""
    walled = shot(terrain([("1012", WALL)]))
    assert cannot_fire_indirect(walled, 0, 1, 0, 8) is None
    assert "not_blocked" in (cannot_fire_indirect(shot(terrain()), 0, 1, 0, 8) or "")
    assert "out_of_range" in (cannot_fire_indirect(walled, 0, 1, 0, 4) or "")
    behind = field(terrain([("1012", WALL)]), unit("1015", facing=Facing.S), unit("1010", side=1))
    assert "front_arc" in (cannot_fire_indirect(behind, 0, 1, 0, 8) or "")


def test_indirect_fire_needs_no_contact_either_side_aod_12_4() -> None:
    """AOD-12.4 / AOD-12.7: the attacker touches no enemy; the target touches no friend of it."""
    board = terrain([("1012", WALL)])
    engaged = shot(board, unit("1016", side=1))
    assert "engaged" in (cannot_fire_indirect(engaged, 0, 1, 0, 8) or "")
    melee = shot(board, unit("1009", side=0))
    assert "engaged" in (cannot_fire_indirect(melee, 0, 1, 0, 8) or "")


@pytest.mark.parametrize(
    ("cell", "crosses"),
    [(WOODS, True), (WALL, True), (HILL, True), (SHALLOW, False), (DEEP, False), (None, False)],
)
def test_the_charge_line_and_terrain_features_aod_16_2(
    cell: HexTerrain | None, crosses: bool
) -> None:
    """AOD-16.2 / AOD-25 #40 / AOD-26.17 #18: hindering, blocking, hills count; water does not."""
    board = terrain([] if cell is None else [("1012", cell)])
    assert charge_crosses_terrain(shot(board), 0, 1) is crosses


def test_the_charge_line_and_units_aod_16_2() -> None:
    """AOD-26.6: a non-infantry unit on the line counts, infantry not; a skim takes the better."""
    assert charge_crosses_terrain(shot(terrain(), unit("1012", SpeedMode.TRACKED)), 0, 1)
    assert not charge_crosses_terrain(shot(terrain(), unit("1012", SpeedMode.FOOT)), 0, 1)
    assert not charge_crosses_terrain(east(terrain([("1110", WOODS)])), 0, 1)
    assert charge_crosses_terrain(east(terrain([("1110", WOODS), ("1111", HILL)])), 0, 1)


# ---------------------------------------------------------------- properties

SIZE = 12
cells = st.sampled_from([WALL, WOODS, HILL, OTHER_HILL, WOODED_HILL, SHALLOW, DEEP])
positions = st.builds(
    Hex.from_offset,
    st.integers(min_value=0, max_value=SIZE - 1),
    st.integers(min_value=0, max_value=SIZE - 1),
)
modes = st.sampled_from([SpeedMode.MECH, SpeedMode.FOOT, SpeedMode.TRACKED, SpeedMode.VTOL])


@st.composite
def battles(draw: st.DrawFn) -> Battlefield:
    """A small board with random terrain, two 'Mechs and a few other units."""
    board = TerrainMap.of(draw(st.dictionaries(positions, cells, max_size=30)), SIZE, SIZE)
    spots = draw(st.lists(positions, min_size=2, max_size=6, unique=True))
    units = [unit(spots[0]), unit(spots[1], side=1)]
    for spot in spots[2:]:
        mode = draw(modes)
        cruising = mode is SpeedMode.VTOL and draw(st.booleans())
        units.append(unit(spot, mode, side=draw(st.sampled_from([0, 1])), cruising=cruising))
    return Battlefield(board, tuple(units))


@given(battles())
def test_blocking_is_symmetric_between_two_mechs(fld: Battlefield) -> None:
    """AOD-26.6: every blocking rule is symmetric when both ends are 'Mechs, skims included."""
    there = line_of_fire(fld, 0, 1)
    back = line_of_fire(fld, 1, 0)
    assert there.blocked is back.blocked
    assert there.skims is back.skims


@given(battles())
def test_the_chosen_line_is_one_of_the_kernels_two(fld: Battlefield) -> None:
    """AOD-26.6: the judged line runs from attacker to target, one hex per step."""
    lof = line_of_fire(fld, 0, 1)
    a, b = fld.units[0].hex, fld.units[1].hex
    assert lof.hexes[0] == a
    assert lof.hexes[-1] == b
    assert len(lof.hexes) == a.distance(b) + 1
    assert all(x.distance(y) == 1 for x, y in zip(lof.hexes, lof.hexes[1:], strict=False))
    assert lof.blocked == bool(lof.why)
    assert isinstance(at("0101"), Hex)
