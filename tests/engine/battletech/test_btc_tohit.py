"""BT-C-2/3/12..19, BT-C-62: to-hit numbers with every term named, and weapon declarations.

Unit 0 (Gunnery 4) stands in 0510 facing N on a 10 x 12 clear board; the target (unit 1) stands
``d`` hexes due north in column 05, facing S. Every expected number is Gunnery 4 plus the
digest's terms, which the test names.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.battletech import RULESET
from engine.battletech import events as ev
from engine.battletech.board import Board, Building, BuildingClass, Terrain, Woods
from engine.battletech.commands import EndPhase, FireWeapons, Move, Shot
from engine.battletech.designs.mech import Location
from engine.battletech.rules.los import line_of_sight
from engine.battletech.rules.tohit import (
    common_modifiers,
    declare_fire,
    fire_options,
    target_movement,
    weapon_to_hit,
)
from engine.battletech.state import BTState, Movement, MoveMode, Phase
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, play, start, state_with, terrain_board

H = Hex.from_label
L = Location

ARMED = design(
    equipment=[
        ("Medium Laser", L.RA),  # 0: 3/6/9
        ("Medium Laser", L.LA),  # 1
        ("Medium Laser", L.CT),  # 2
        ("Medium Laser", L.CT, True),  # 3: rear
        ("Medium Laser", L.LL),  # 4: leg
        ("LRM 10", L.LT),  # 5: min 6, 7/14/21
        ("IS Ammo LRM-10", L.LT),  # 6: 12 shots
        ("PPC", L.RT),  # 7: min 3, 6/12/18
        ("Medium Pulse Laser", L.HD),  # 8: 2/4/6, -2
        ("IS Ammo LRM-10", L.RT),  # 9: 12 shots
    ]
)
ML_RA, ML_LA, ML_CT, ML_REAR, ML_LL, LRM, BIN_LT, PPC, PULSE, BIN_RT = range(10)


def duel(d: int = 3, *, terrain: dict[str, Terrain] | None = None, attacker=ARMED) -> BTState:
    """The attacker in 0510 facing N, the target ``d`` hexes north, in the Weapon phase."""
    board = terrain_board(10, 12, **(terrain or {}))
    state = start(board, [(attacker, 0, "0510", Facing.N), (design(), 1, f"05{10 - d:02d}", 3)])
    return attrs.evolve(state, phase=Phase.WEAPON)


def hit(state: BTState, weapon: int, target: int | Hex = 1, **kwargs):
    return weapon_to_hit(state, 0, weapon, target, **kwargs)


def terms(result) -> dict[str, int]:
    return dict(result.modifiers)


def check(result, number: int, **named: int):
    """The number, equal to the sum of its terms, with each named term present."""
    assert result.possible, result.reason
    assert result.number == number, result.modifiers
    assert sum(v for _, v in result.modifiers) == number
    for name, value in named.items():
        assert terms(result).get(name.replace("_", " ")) == value, result.modifiers


def impossible(result, *words: str):
    assert result.number is None
    for word in words:
        assert word in result.reason, result.reason


def apply(state: BTState, events) -> BTState:
    for event in events:
        state = RULESET.evolve(state, event)
    return state


def refused(state: BTState, command: FireWeapons, code: str, *words: str) -> IllegalCommand:
    with pytest.raises(IllegalCommand) as caught:
        declare_fire(state, command)
    assert caught.value.code == code, caught.value.message
    for word in words:
        assert word in caught.value.message, caught.value.message
    return caught.value


def moved(state: BTState, index: int, mode: MoveMode, **kw) -> BTState:
    return state_with(state, index, movement=Movement(mode, **kw))


def index_of(loc: Location) -> int:
    return list(Location).index(loc)


def destroyed(state: BTState, index: int, *locations: Location) -> BTState:
    internal = list(state.unit(index).mech.internal)
    for loc in locations:
        internal[index_of(loc)] = 0
    return state_with(state, index, internal=tuple(internal))


def slot(location: Location, name: str) -> tuple[Location, int]:
    """The critical line of the first ``name`` in ``location`` of the ARMED design."""
    lines = ARMED.slots_at(location)
    return location, next(i for i, line in enumerate(lines) if line.lower().startswith(name))


# ---------------------------------------------------------------- BT-C-14: the base


def test_gunnery_alone_at_short_range():
    """BT-C-14: the base is the Gunnery skill; nothing else applies standing still at 3."""
    result = hit(duel(3), ML_CT)
    check(result, 4, gunnery=4)
    assert (result.range, result.band, result.side, result.table) == (3, "short", "front", "normal")


def test_each_weapon_has_its_own_number():
    """BT-C-14 item 1: separately for each weapon (the pulse laser's -2, BT-C-75)."""
    state = duel(2)
    check(hit(state, ML_CT), 4)
    check(hit(state, PULSE), 2, pulse_laser=-2)


# ---------------------------------------------------------------- BT-C-13: range


@pytest.mark.parametrize(
    ("d", "number", "band"),
    [(1, 4, "short"), (3, 4, "short"), (4, 6, "medium"), (6, 6, "medium"), (7, 8, "long")],
)
def test_range_bands(d, number, band):
    """BT-C-13: short +0, medium +2, long +4 (medium laser 3/6/9)."""
    result = hit(duel(d), ML_CT)
    check(result, number)
    assert result.band == band


def test_beyond_long_range_cannot_hit():
    """BT-C-13: 10 hexes with a medium laser (long ends at 9)."""
    state = start(
        terrain_board(10, 12),
        [(ARMED, 0, "0512", Facing.N), (design(), 1, "0502", Facing.S)],
    )
    impossible(hit(state, ML_CT), "out of range: 10 hexes, long range ends at 9")


@pytest.mark.parametrize(("d", "extra"), [(6, 1), (5, 2), (4, 3), (1, 6)])
def test_lrm_minimum_range(d, extra):
    """BT-C-13: minimum range 6: +1 at 6, +2 at 5 ... (m - r) + 1."""
    check(hit(duel(d), LRM), 4 + extra, minimum_range=extra)


def test_ppc_minimum_range_adds_to_the_band():
    """BT-C-13: PPC minimum 3: at 3 +1 (short); at 7 no minimum, medium +2."""
    check(hit(duel(3), PPC), 5, minimum_range=1)
    check(hit(duel(1), PPC), 7, minimum_range=3)
    check(hit(duel(7), PPC), 6, medium_range=2)
    assert "minimum range" not in terms(hit(duel(7), PPC))


# ---------------------------------------------------------------- BT-C-15/18.1: attacker movement


@pytest.mark.parametrize(
    ("mode", "name", "value"),
    [
        (MoveMode.STILL, "", 0),
        (MoveMode.WALK, "attacker walked", 1),
        (MoveMode.RUN, "attacker ran", 2),
        (MoveMode.JUMP, "attacker jumped", 3),
    ],
)
def test_attacker_movement_mode(mode, name, value):
    """BT-C-18.1: the declared mode, not the MP used."""
    result = hit(moved(duel(), 0, mode, mp_spent=1, hexes=1), ML_CT)
    check(result, 4 + value)
    if name:
        assert terms(result)[name] == value


def test_minimum_movement_counts_as_running():
    """BT-C-18.1: a unit that entered a hex under Minimum Movement counts as running (+2)."""
    state = moved(duel(), 0, MoveMode.WALK, minimum=True, hexes=1)
    check(hit(state, ML_CT), 6)


def test_attacker_prone():
    """BT-C-15 / BT-C-18.9: firing from the ground +2."""
    check(hit(state_with(duel(), 0, prone=True), ML_CT), 6, attacker_prone=2)


def test_prone_with_one_arm_destroyed_props_on_the_other():
    """BT-C-18.9: +1 more (total +3); head and torso only: the intact arm props it."""
    state = destroyed(state_with(duel(), 0, prone=True), 0, L.LA)
    check(hit(state, ML_CT), 7, attacker_prone=2, propped_on_its_one_arm=1)
    impossible(hit(state, ML_RA), "props it up")


def test_prone_never_fires_leg_weapons():
    """BT-C-18.9: never leg-mounted weapons from the ground."""
    impossible(hit(state_with(duel(), 0, prone=True), ML_LL), "leg-mounted")


def test_prone_with_both_arms_destroyed_cannot_fire():
    """BT-C-18.9 [ASSUMPTION]: nothing to prop itself on: no weapon fire."""
    state = destroyed(state_with(duel(), 0, prone=True), 0, L.LA, L.RA)
    impossible(hit(state, ML_CT), "both arms destroyed")


def test_a_destroyed_gyro_fires_as_prone():
    """BT-C-18.9 / BT-C-31: a destroyed gyro: +2, no leg weapons."""
    gyro = [i for i, n in enumerate(ARMED.slots_at(L.CT)) if n == "Gyro"][:2]
    state = state_with(duel(), 0, crits=frozenset((L.CT, i) for i in gyro))
    check(hit(state, ML_CT), 6, attacker_prone=2)
    impossible(hit(state, ML_LL), "leg-mounted")


# ---------------------------------------------------------------- BT-C-15/18.2: target movement


@pytest.mark.parametrize(
    ("hexes", "value"),
    [(0, 0), (2, 0), (3, 1), (4, 1), (5, 2), (6, 2), (7, 3), (9, 3), (10, 4), (15, 4)],
)
def test_target_movement(hexes, value):
    """BT-C-15: 0-2 +0, 3-4 +1, 5-6 +2, 7-9 +3, 10+ +4 (hexes counted, BT-C-18.2)."""
    assert target_movement(hexes) == value
    state = moved(duel(), 1, MoveMode.RUN, hexes=hexes, counted=hexes)
    check(hit(state, ML_CT), 4 + value)


def test_target_moved_forward_then_back_counts_since_the_reversal():
    """BT-C-18.2 example: forward 3 then back 2 counts as 2 hexes: +0."""
    state = moved(duel(), 1, MoveMode.WALK, hexes=5, counted=2)
    check(hit(state, ML_CT), 4)


def test_target_jumped_adds_one_to_its_hexes():
    """BT-C-15: a jumping target +1 on top of its hexes (5 hexes: +2 +1)."""
    state = moved(duel(), 1, MoveMode.JUMP, hexes=5, counted=5, jumped=5)
    check(hit(state, ML_CT), 7, target_moved_5_hexes=2, target_jumped=1)


# ---------------------------------------------------------------- BT-C-15/18.8..12: target state


def test_prone_target_from_an_adjacent_hex():
    """BT-C-18.10: -2 from an adjacent hex."""
    result = hit(state_with(duel(1), 1, prone=True), ML_CT)
    check(result, 2)
    assert terms(result)["target prone, adjacent"] == -2


def test_prone_target_from_farther_away():
    """BT-C-18.10: +1 from any other hex."""
    check(hit(state_with(duel(3), 1, prone=True), ML_CT), 5, target_prone=1)


@pytest.mark.parametrize("change", [{"shutdown": True}, {"conscious": False}])
def test_immobile_target(change):
    """BT-C-18.8: shut down or unconscious: -4."""
    check(hit(state_with(duel(), 1, **change), ML_CT), 0, immobile_target=-4)


def test_a_prone_target_is_not_immobile():
    """BT-C-18.8: prone 'Mechs still move within their hex."""
    assert "immobile target" not in terms(hit(state_with(duel(), 1, prone=True), ML_CT))


def test_skidding_target():
    """BT-C-18.11: +2 during the turn it skids."""
    state = moved(duel(), 1, MoveMode.RUN, skidded=True)
    check(hit(state, ML_CT), 6, target_skidded=2)


def test_stuck_target():
    """BT-C-18.12 / BT-C-61.4: -2 stuck in a swamp."""
    check(hit(state_with(duel(), 1, stuck=True), ML_CT), 2, target_stuck_in_a_swamp=-2)


# ---------------------------------------------------------------- BT-C-15/18.3..5: terrain


def test_woods_terms():
    """BT-C-15: +1 per intervening light woods, +2 if the target stands in heavy woods."""
    heavy, light = Terrain(woods=Woods.HEAVY), Terrain(woods=Woods.LIGHT)
    state = duel(4, terrain={"h0508": light, "h0506": heavy})
    check(hit(state, ML_CT), 4 + 2 + 1 + 2, intervening_light_woods=1, target_in_heavy_woods=2)


def test_partial_cover_uses_the_punch_table():
    """BT-C-8/18.5: +3, and hits are located on the punch table."""
    state = duel(3, terrain={"h0508": Terrain(level=1)})
    result = hit(state, ML_CT)
    check(result, 7, partial_cover=3)
    assert result.table == "punch"


def test_target_in_depth_1_water():
    """BT-C-9: -1 and partial cover (+3): net +2."""
    state = duel(3, terrain={"h0507": Terrain(water=1)})
    result = hit(state, ML_CT)
    check(result, 6, partial_cover=3)
    assert terms(result)["target in depth 1 water"] == -1
    assert result.table == "punch"


def test_attacker_in_depth_1_water():
    """BT-C-9: +1 from Depth 1 water; its legs are under water (DESIGN: no leg weapons)."""
    state = duel(3, terrain={"h0510": Terrain(water=1)})
    check(hit(state, ML_CT), 5, attacker_in_water=1)
    impossible(hit(state, ML_LL), "in the water round its legs")


def test_leg_weapons_cannot_fire_through_the_attackers_own_cover():
    """BT-C-8: a level-1 hex next to the attacker on the line: the leg laser cannot fire."""
    state = duel(4, terrain={"h0509": Terrain(level=1)})
    impossible(hit(state, ML_LL), "own partial cover")
    check(hit(state, ML_CT), 6)


def test_no_line_of_sight():
    """BT-C-7: two heavy woods block."""
    heavy = Terrain(woods=Woods.HEAVY)
    state = duel(4, terrain={"h0509": heavy, "h0508": heavy})
    impossible(hit(state, ML_CT), "no line of sight", "heavy woods in 0509 and 0508")


def test_a_submerged_target_cannot_be_fired_at():
    """BT-C-9: a standing 'Mech in Depth 2 water can neither fire nor be fired at."""
    state = duel(3, terrain={"h0507": Terrain(water=2)})
    impossible(hit(state, ML_CT), "under water")
    impossible(weapon_to_hit(state, 1, 0, 0), "")


# ---------------------------------------------------------------- BT-C-16: weapon-only terms


def test_one_sensor_hit():
    """BT-C-16: +2 to every weapon attack."""
    state = state_with(duel(), 0, crits=frozenset({slot(L.HD, "sensors")}))
    check(hit(state, ML_CT), 6, sensor_hit=2)


def test_two_sensor_hits_mean_no_weapon_fire():
    """BT-C-31: the second sensor hit: it can fire no weapons."""
    lines = [i for i, n in enumerate(ARMED.slots_at(L.HD)) if n == "Sensors"]
    state = state_with(duel(), 0, crits=frozenset((L.HD, i) for i in lines))
    impossible(hit(state, ML_CT), "sensor")
    assert fire_options(state, 0) == [FireWeapons(0)]


def test_arm_actuators():
    """BT-C-16: +1 per upper or lower arm actuator hit, for weapons in that arm only."""
    crits = frozenset({slot(L.RA, "upper arm"), slot(L.RA, "lower arm")})
    state = state_with(duel(), 0, crits=crits)
    check(hit(state, ML_RA), 6, upper_arm_actuator_hit=1, lower_arm_actuator_hit=1)
    check(hit(state, ML_LA), 4)
    check(hit(state, ML_CT), 4)


def test_a_shoulder_hit_overrides_the_other_actuators():
    """BT-C-16/31: shoulder +4, and every other arm actuator term is ignored."""
    crits = frozenset({slot(L.RA, "shoulder"), slot(L.RA, "upper arm"), slot(L.RA, "lower arm")})
    result = hit(state_with(duel(), 0, crits=crits), ML_RA)
    check(result, 8, shoulder_hit=4)
    assert "upper arm actuator hit" not in terms(result)


@pytest.mark.parametrize(
    ("heat", "value"), [(7, 0), (8, 1), (12, 1), (13, 2), (16, 2), (17, 3), (23, 3), (24, 4)]
)
def test_heat(heat, value):
    """BT-C-53/54: 8 +1, 13 +2, 17 +3, 24 +4, not cumulative."""
    result = hit(state_with(duel(), 0, heat=heat), ML_CT)
    check(result, 4 + value)
    if value:
        assert terms(result)[f"heat {heat}"] == value


# ---------------------------------------------------------------- impossible attacks


def test_weapon_destroyed_by_a_critical():
    """BT-C-31: one critical on its line disables it."""
    item = ARMED.equipment[ML_RA]
    state = state_with(duel(), 0, crits=frozenset({(L.RA, item.slots[0])}))
    impossible(hit(state, ML_RA), "destroyed")


def test_weapon_in_a_destroyed_location():
    """BT-C-28/31: a destroyed location's weapons are lost."""
    impossible(hit(destroyed(duel(), 0, L.RT), PPC), "destroyed")


def test_out_of_arc():
    """BT-C-10: the rear laser cannot fire forward; the front ones cannot fire back."""
    impossible(hit(duel(), ML_REAR), "out of the arc")
    state = start(
        terrain_board(10, 12), [(ARMED, 0, "0505", Facing.N), (design(), 1, "0508", Facing.N)]
    )
    check(weapon_to_hit(state, 0, ML_REAR, 1), 4)
    impossible(weapon_to_hit(state, 0, ML_CT, 1), "out of the arc")


def test_an_ammo_bin_item_is_not_a_weapon():
    impossible(hit(duel(), BIN_LT), "not a weapon")


def test_no_ammunition_of_the_exact_type():
    """BT-C-12: an LRM 10 never uses LRM 20 ammunition; empty bins leave it silent."""
    mech = design(equipment=[("LRM 10", L.LT), ("IS Ammo LRM-20", L.LT)])
    impossible(hit(duel(7, attacker=mech), 0), "no LRM 10 ammunition")
    state = state_with(duel(7), 0, ammo=tuple(0 for _ in ARMED.equipment))
    impossible(hit(state, LRM), "no LRM 10 ammunition")


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"shutdown": True}, "shut down"),
        ({"conscious": False}, "unconscious"),
        ({"charging": 1}, "charging"),
        ({"dfa": 1}, "jumping onto its target"),
        ({"destroyed": True}, "destroyed"),
    ],
)
def test_units_that_cannot_fire(change, why):
    """BT-C-55, BT-M-16, BT-C-42/43: no weapon attacks."""
    state = state_with(duel(), 0, **change)
    impossible(hit(state, ML_CT), why)
    assert fire_options(state, 0) == [FireWeapons(0)]


def test_never_at_a_unit_in_its_own_hex():
    """BT-C-2: never a weapon attack on a unit in its own hex."""
    state = state_with(duel(), 1, hex=H("0510"))
    impossible(hit(state, ML_CT), "own hex")


# ---------------------------------------------------------------- BT-C-19: aimed shots


def test_aimed_shot_at_the_head():
    """BT-C-19: +3 instead of -4 at an immobile 'Mech."""
    state = state_with(duel(), 1, shutdown=True)
    result = hit(state, ML_CT, aimed=L.HD)
    check(result, 7, aimed_at_the_head=3)
    assert "immobile target" not in terms(result)


def test_aimed_shot_elsewhere_keeps_the_minus_4():
    """BT-C-19: a non-head location: the normal roll with -4."""
    check(hit(state_with(duel(), 1, shutdown=True), ML_CT, aimed=L.CT), 0, immobile_target=-4)


def test_aimed_shots_need_an_immobile_target():
    impossible(hit(duel(), ML_CT, aimed=L.CT), "immobile")


def test_missiles_cannot_aim():
    """BT-C-19: any weapon except missile launchers (and LB-X with cluster)."""
    impossible(hit(state_with(duel(7), 1, shutdown=True), LRM, aimed=L.CT), "missile")


def test_lbx_cluster_cannot_aim():
    """BT-C-19/75: the LB-X firing cluster ammunition (its only bin here) cannot aim."""
    mech = design(equipment=[("LB 10-X AC", L.RT), ("IS Ammo LB-10X CL", L.RT)])
    state = state_with(duel(3, attacker=mech), 1, shutdown=True)
    impossible(hit(state, 0, aimed=L.CT), "cluster")
    check(hit(state, 0), -1, cluster_ammunition=-1, immobile_target=-4)


# ---------------------------------------------------------------- hex targets


def test_a_woods_hex_as_target():
    """BT-C-57: normal terms, -4 immobile; the target hex's own woods add nothing."""
    state = duel(3, terrain={"h0507": Terrain(woods=Woods.HEAVY)})
    check(hit(state, ML_CT, H("0507")), 0, immobile_target=-4)


def test_a_building_hex_as_target():
    """BT-C-60.2: a building hex may be fired at to start a fire (-4)."""
    state = duel(3, terrain={"h0507": Terrain(building=Building(BuildingClass.MEDIUM, 40))})
    check(hit(state, ML_CT, H("0507")), 0)


def test_a_clear_hex_is_no_target():
    impossible(hit(duel(), ML_CT, H("0507")), "woods, building or ice")


# ---------------------------------------------------------------- side and table


def test_the_side_struck_is_filled_in():
    """BT-C-21: a target facing N seen from behind is struck on the rear."""
    state = state_with(duel(), 1, facing=Facing.N)
    assert hit(state, ML_CT).side == "rear"
    assert hit(duel(), ML_CT).side == "front"


def test_common_modifiers_are_shared_with_physical_attacks():
    """BT-C-15: the same terms minus gunnery and weapon-only ones."""
    state = moved(moved(duel(1), 0, MoveMode.WALK), 1, MoveMode.RUN, hexes=4, counted=4)
    sight = line_of_sight(state, 0, 1)
    assert common_modifiers(state, 0, 1, sight) == (
        ("attacker walked", 1),
        ("target moved 4 hexes", 1),
    )


# ---------------------------------------------------------------- BT-C-2/3/12: declarations


def test_holding_fire_has_no_events():
    assert declare_fire(duel(), FireWeapons(0)) == []


def test_a_declaration_fixes_numbers_and_spends_ammo():
    """BT-C-2/12: one AttackDeclared per weapon; ammunition marked when declared."""
    state = duel(7)
    command = FireWeapons(0, (Shot(ML_CT, 1), Shot(LRM, 1)))
    events = declare_fire(state, command)
    assert [type(e) for e in events] == [ev.AttackDeclared, ev.AttackDeclared, ev.AmmoSpent]
    first, second = events[0].attack, events[1].attack
    assert (first.weapon, first.to_hit, first.target, first.hex) == (ML_CT, 8, 1, H("0503"))
    assert (second.weapon, second.to_hit, second.primary) == (LRM, 4, True)
    assert events[2] == ev.AmmoSpent(0, BIN_LT)
    after = apply(state, events)
    assert after.unit(0).ammo[BIN_LT] == 11
    assert after.unit(0).this_turn.fired == {ML_CT, LRM}
    assert len(after.attacks) == 2


def test_ammo_comes_from_the_fullest_bin():
    """BT-C-12 (DESIGN): any bin of exactly its type; the fullest, ties to the first."""
    ammo = list(duel().unit(0).ammo)
    ammo[BIN_LT], ammo[BIN_RT] = 3, 5
    state = state_with(duel(7), 0, ammo=tuple(ammo))
    events = declare_fire(state, FireWeapons(0, (Shot(LRM, 1),)))
    assert events[-1] == ev.AmmoSpent(0, BIN_RT)


def test_a_bin_being_dumped_is_not_used():
    """BT-C-58: declared ammo is unusable at once."""
    state = state_with(duel(7), 0, dumping=frozenset({BIN_LT}))
    events = declare_fire(state, FireWeapons(0, (Shot(LRM, 1),)))
    assert events[-1] == ev.AmmoSpent(0, BIN_RT)
    both = state_with(state, 0, dumping=frozenset({BIN_LT, BIN_RT}))
    impossible(hit(both, LRM), "no LRM 10 ammunition")


def test_two_launchers_share_the_last_shot():
    """BT-C-12: one shot left feeds one launcher; the second is refused."""
    mech = design(equipment=[("LRM 10", L.LT), ("LRM 10", L.RT), ("IS Ammo LRM-10", L.LT)])
    state = duel(7, attacker=mech)
    state = state_with(state, 0, ammo=(0, 0, 1))
    refused(state, FireWeapons(0, (Shot(0, 1), Shot(1, 1))), "fire/no_ammo", "LRM 10")
    assert len(declare_fire(state, FireWeapons(0, (Shot(1, 1),)))) == 2
    options = [o for o in fire_options(state, 0) if o.shots]
    assert options
    assert all(len(o.shots) == 1 for o in options)


def test_each_weapon_fires_once():
    """BT-C-2: at most once a turn."""
    command = FireWeapons(0, (Shot(ML_CT, 1), Shot(ML_CT, 1)))
    refused(duel(), command, "fire/twice", "twice")
    fired = state_with(duel(), 0, fired=frozenset({ML_CT}))
    refused(fired, FireWeapons(0, (Shot(ML_CT, 1),)), "fire/twice", "already fired")


def test_thirteen_cannot_hit_and_is_refused():
    """BT-C-2/14: 4 + jumped 3 + long 4 + heat 8 (+1) + target moved 3 (+1) = 13: cancelled."""
    state = moved(duel(7), 0, MoveMode.JUMP, hexes=2, jumped=2, counted=2)
    state = moved(state_with(state, 0, heat=8), 1, MoveMode.WALK, hexes=3, counted=3)
    result = hit(state, ML_CT)
    assert result.number == 13
    assert not result.possible
    assert result.reason == "needs 13: cannot hit (BT-C-14)"
    refused(state, FireWeapons(0, (Shot(ML_CT, 1),)), "fire/cannot_hit", "needs 13")


def test_an_impossible_shot_is_refused_with_its_reason():
    refused(duel(), FireWeapons(0, (Shot(ML_REAR, 1),)), "fire/impossible", "out of the arc")


def test_a_shot_needs_exactly_one_target():
    refused(duel(), FireWeapons(0, (Shot(ML_CT),)), "fire/target")
    refused(duel(), FireWeapons(0, (Shot(ML_CT, 1, H("0507")),)), "fire/target")


def test_a_torso_twist_is_declared_with_the_fire():
    """BT-C-3: the twist is part of the declaration and turns the upper-body arcs."""
    state = start(
        terrain_board(10, 12), [(ARMED, 0, "0505", Facing.N), (design(), 1, "0705", Facing.N)]
    )
    impossible(weapon_to_hit(state, 0, ML_CT, 1), "out of the arc")
    events = declare_fire(state, FireWeapons(0, (Shot(ML_CT, 1),), twist=1))
    assert events[0] == ev.TorsoTwisted(0, 1, flipped=False)
    assert events[1].attack.to_hit == 4
    after = apply(state, events)
    assert after.unit(0).this_turn.twist == 1


def test_twists_are_one_hexside():
    refused(duel(), FireWeapons(0, twist=2), "fire/twist", "one hexside")


def test_a_prone_mech_cannot_twist():
    """BT-C-3: a prone or fallen 'Mech cannot twist."""
    refused(state_with(duel(), 0, prone=True), FireWeapons(0, twist=1), "fire/twist", "prone")


def test_a_prone_mech_fires_from_one_arm_only():
    """BT-C-18.9: it props itself on one arm; that arm's weapons cannot fire."""
    state = state_with(duel(), 0, prone=True)
    both = FireWeapons(0, (Shot(ML_RA, 1), Shot(ML_LA, 1)))
    refused(state, both, "fire/prone", "one arm")
    assert len(declare_fire(state, FireWeapons(0, (Shot(ML_RA, 1), Shot(ML_CT, 1))))) == 2


FLIPPER = attrs.evolve(
    ARMED,
    criticals=tuple(
        tuple("" if ("Hand" in line or "Lower Arm" in line) else line for line in lines)
        for lines in ARMED.criticals
    ),
)


def test_arm_flipping():
    """BT-C-62: built without hand and lower arm actuators: arm weapons fire into the rear."""
    state = start(
        terrain_board(10, 12), [(FLIPPER, 0, "0505", Facing.N), (design(), 1, "0508", Facing.N)]
    )
    impossible(weapon_to_hit(state, 0, ML_RA, 1), "out of the arc")
    check(weapon_to_hit(state, 0, ML_RA, 1, flipped=True), 4)
    events = declare_fire(state, FireWeapons(0, (Shot(ML_RA, 1), Shot(ML_REAR, 1)), flip_arms=True))
    assert events[0] == ev.TorsoTwisted(0, 0, flipped=True)
    assert apply(state, events).unit(0).this_turn.arms_flipped


def test_only_mechs_built_without_lower_arms_flip():
    """BT-C-62: a 'Mech with hand and lower arm actuators cannot flip."""
    refused(duel(), FireWeapons(0, flip_arms=True), "fire/flip", "hand and lower arm")


def test_flipping_replaces_the_twist():
    state = start(
        terrain_board(10, 12), [(FLIPPER, 0, "0505", Facing.N), (design(), 1, "0508", Facing.N)]
    )
    refused(state, FireWeapons(0, twist=1, flip_arms=True), "fire/twist", "replaces")
    refused(state_with(state, 0, prone=True), FireWeapons(0, flip_arms=True), "fire/flip")


# ---------------------------------------------------------------- BT-C-18.7: several targets


def three(d: int = 3) -> BTState:
    """The attacker in 0510 facing N; unit 1 north (front arc), unit 2 in 0810 (right arc)."""
    board = terrain_board(10, 12)
    units = [
        (ARMED, 0, "0510", Facing.N),
        (design(), 1, f"05{10 - d:02d}", Facing.S),
        (design(), 1, "0810", Facing.N),
    ]
    return attrs.evolve(start(board, units), phase=Phase.WEAPON)


def test_secondary_targets():
    """BT-C-18.7: the primary in the front arc; a secondary in another arc +2."""
    state = three()
    events = declare_fire(state, FireWeapons(0, (Shot(ML_CT, 1), Shot(ML_RA, 2))))
    primary, secondary = events[0].attack, events[1].attack
    assert primary.primary
    assert primary.to_hit == 4
    assert not secondary.primary
    assert dict(secondary.modifiers)["secondary target, other arc"] == 2
    assert secondary.to_hit == 6


def test_secondary_target_in_the_front_arc():
    """BT-C-18.7: a secondary in the front arc +1 (and no escalation for a third)."""
    board = terrain_board(10, 12)
    units = [
        (ARMED, 0, "0510", Facing.N),
        (design(), 1, "0507", Facing.S),
        (design(), 1, "0407", Facing.S),
        (design(), 1, "0608", Facing.S),
    ]
    state = start(board, units)
    shots = (Shot(ML_CT, 1), Shot(ML_RA, 2), Shot(ML_LA, 3))
    events = declare_fire(state, FireWeapons(0, shots, primary=1))
    assert [e.attack.primary for e in events] == [True, False, False]
    for event in events[1:]:
        assert dict(event.attack.modifiers)["secondary target, front arc"] == 1


def test_with_a_target_in_front_the_primary_must_be_in_front():
    """BT-C-18.7: if any declared target is in the front arc, the primary is one of those."""
    command = FireWeapons(0, (Shot(ML_CT, 1), Shot(ML_RA, 2)), primary=2)
    refused(three(), command, "fire/primary", "front arc")


def test_any_target_may_be_primary_when_none_is_in_front():
    """BT-C-18.7: all targets in side or rear arcs: any of them."""
    board = terrain_board(10, 12)
    units = [
        (ARMED, 0, "0505", Facing.N),
        (design(), 1, "0508", Facing.S),
        (design(), 1, "0705", Facing.S),
    ]
    state = start(board, units)
    command = FireWeapons(0, (Shot(ML_REAR, 1), Shot(ML_RA, 2)), primary=2)
    events = declare_fire(state, command)
    assert [e.attack.primary for e in events] == [False, True]
    assert dict(events[0].attack.modifiers)["secondary target, other arc"] == 2


def test_the_rules_choose_the_primary_in_front():
    """BT-C-18.7 (DESIGN): no primary named: the front-arc target fired at most."""
    events = declare_fire(three(), FireWeapons(0, (Shot(ML_RA, 2), Shot(ML_CT, 1))))
    assert [e.attack.primary for e in events] == [False, True]


def test_the_primary_must_be_fired_at():
    refused(three(), FireWeapons(0, (Shot(ML_CT, 1),), primary=2), "fire/primary")


# ---------------------------------------------------------------- fire_options


def test_fire_options_hold_first_then_each_target():
    options = fire_options(three(), 0)
    assert options[0] == FireWeapons(0)
    targets = {o.primary for o in options[1:]}
    assert targets == {1, 2}
    for option in options:
        declare_fire(three(), option)


def test_fire_options_twist_to_reach_a_target():
    """BT-C-3: a target only the twisted torso can reach gets a twisted option."""
    state = start(
        terrain_board(10, 12), [(ARMED, 0, "0505", Facing.N), (design(), 1, "0705", Facing.N)]
    )
    twists = {o.twist for o in fire_options(state, 0) if o.shots}
    assert 1 in twists


OPTION_TERRAIN = st.sampled_from(
    [
        Terrain(),
        Terrain(),
        Terrain(),
        Terrain(level=1),
        Terrain(level=2),
        Terrain(woods=Woods.LIGHT),
        Terrain(woods=Woods.HEAVY),
        Terrain(water=1),
        Terrain(water=2),
    ]
)
UNIT_STATES = st.fixed_dictionaries(
    {
        "prone": st.booleans(),
        "heat": st.integers(0, 26),
        "facing": st.sampled_from(list(Facing)),
        "lost": st.sampled_from([None, L.LA, L.RA, L.RT, L.LT]),
    }
)


@settings(max_examples=120, deadline=None)
@given(
    st.lists(OPTION_TERRAIN, min_size=64, max_size=64),
    st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), min_size=2, max_size=4, unique=True),
    st.lists(UNIT_STATES, min_size=4, max_size=4),
    st.integers(0, 12),
)
def test_every_fire_option_is_accepted(terrains, places, changes, ammo):
    """`fire_options` lists only declarations that `declare_fire` accepts."""
    board = Board(8, 8, tuple(terrains))
    units = [
        (ARMED, i % 2, Hex.from_offset(c, r).label, change["facing"])
        for i, ((c, r), change) in enumerate(zip(places, changes, strict=False))
    ]
    state = attrs.evolve(start(board, units), phase=Phase.WEAPON)
    for index in range(len(units)):
        change = changes[index]
        unit = state.unit(index)
        bins = tuple(min(ammo, s) if s else 0 for s in unit.ammo)
        state = state_with(
            state, index, prone=change["prone"], heat=change["heat"], ammo=bins, twist=0
        )
        if change["lost"] is not None:
            state = destroyed(state, index, change["lost"])
    for index in range(len(units)):
        for option in fire_options(state, index):
            events = declare_fire(state, option)
            after = apply(state, events)
            assert len(after.attacks) == len(option.shots)


def test_an_abandoned_mech_is_no_target():
    """BT-C-59: after ejection the 'Mech is out of the game."""
    state = state_with(duel(), 1, ejected=True, destroyed=True)
    impossible(hit(state, ML_CT), "ejected")
    assert fire_options(state, 0) == [FireWeapons(0)]


def test_a_declaration_through_the_flow():
    """BT-C-1/2: after movement, the first declarer's shots are recorded, ammo marked at once."""
    state = start(
        terrain_board(10, 12), [(ARMED, 0, "0510", Facing.N), (ARMED, 1, "0503", Facing.S)]
    )
    state, _ = play(state, Move(0, MoveMode.STILL))
    state, _ = play(state, Move(1, MoveMode.STILL))
    state, _ = play(state, EndPhase())
    assert state.phase is Phase.WEAPON
    state, events = play(state, FireWeapons(0, (Shot(ML_CT, 1), Shot(LRM, 1)), twist=-1))
    kinds = [type(e) for e in events]
    assert kinds == [
        ev.TorsoTwisted,
        ev.AttackDeclared,
        ev.AttackDeclared,
        ev.AmmoSpent,
        ev.UnitDeclared,
    ]
    # range 7: the laser at long range (+4); the LRM at short range, past its minimum of 6.
    # Twisted left the torso faces NW: the target due north is on its 60-degree front row.
    assert [a.to_hit for a in state.attacks] == [8, 4]
    assert state.unit(0).ammo[BIN_LT] == 11
    assert state.unit(0).this_turn.twist == -1
