"""AoD transports and passengers with the bundled example units (AOD-26.15).

Rules: AOD-9.1 (capacity 1/3), AOD-9.2 (passengers), AOD-9.3 (boarding and unloading), AOD-9.4
(VTOL transports), AOD-8.3 (run, then unload, then the hindering half), AOD-17.3 and AOD-17.4;
acceptance items AOD-26.17 #21 (passengers unloaded by Heavy Damage) and #22 (transports).

Boards are hand-built: a transport in 1010 facing N has its rear arc towards S 1011, SE 1111 and
SW 0911; its front neighbours are N 1009, NE 1110 and NW 0910.
"""

from __future__ import annotations

import attrs
import pytest

from engine.aod.dial import DamageKind, take_damage
from engine.aod.geometry import Battlefield
from engine.aod.movement import allowance
from engine.aod.status import DialStatus, fresh
from engine.aod.transport import (
    Piece,
    board_problem,
    capacity_used,
    carry_problem,
    deploy_aboard_problem,
    free_capacity,
    heavy_damage_unload,
    lost_with_transport,
    passenger_order_problem,
    passenger_problem,
    unload,
    unload_ends_move,
    unload_hexes,
)
from engine.aod.units import SpeedMode, UnitDef
from engine.hexes import Facing
from tests.engine.aod._assets import units
from tests.engine.aod._boards import WALL, WOODS, at, field, terrain, unit

REAR = ("0911", "1011", "1111")


def apc() -> UnitDef:
    return units()["HX-005"]  # Bastion APC, tracked, C2


def rifles() -> UnitDef:
    return units()["HX-001"]  # Pathguard rifle squad, foot


def talon() -> UnitDef:
    return units()["HX-002"]  # Talon battle armor, foot, Jump Jets on clicks 0-2


def hover() -> UnitDef:
    return units()["HX-004"]  # Halberd hover tank


def piece(u: UnitDef, click: int | None = None) -> Piece:
    return Piece(u, fresh(u) if click is None else DialStatus(click))


def big_apc() -> UnitDef:
    """The Bastion with 4 bays: room for a vehicle (3) and one infantry unit (1)."""
    return attrs.evolve(apc(), capacity=4)


def vtol_transport() -> UnitDef:
    """The Gadfly VTOL with 2 bays, for AOD-9.4 (no example VTOL is a transport)."""
    return attrs.evolve(units()["HX-007"], capacity=2)


# ---------------------------------------------------------------- AOD-9.1 capacity


def test_infantry_fill_one_bay_and_vehicles_three_aod_9_1() -> None:
    """AOD-9.1 / AOD-25 #1 / AOD-26.17 #22: capacity used is 1 per infantry, 3 per vehicle."""
    assert capacity_used([rifles(), talon()]) == 2
    assert capacity_used([hover()]) == 3  # the [CONFLICT]: 3, not the glossary's 2
    assert free_capacity(big_apc(), [hover()]) == 1
    assert free_capacity(apc(), [rifles(), rifles()]) == 0


def test_mechs_vtols_and_transports_never_ride_aod_9_1() -> None:
    """AOD-9.1 / AOD-8.9: only infantry and vehicles ride; never a transport or a VTOL."""
    assert passenger_problem(rifles()) == ""
    assert passenger_problem(hover()) == ""
    assert "'Mech" in passenger_problem(units()["HX-009"])
    assert "VTOL" in passenger_problem(units()["HX-007"])
    assert "transport" in passenger_problem(apc())


def test_units_may_begin_the_game_aboard_if_they_fit_aod_9_2() -> None:
    """AOD-9.2 / AOD-9.1: friendly units may begin the game aboard, if they fit.

    Two squads fit the C2 Bastion, three or a tank do not, and a 'Mech never rides.
    """
    assert deploy_aboard_problem(apc(), [rifles(), talon()]) == ""
    assert "room for 2, not 3" in deploy_aboard_problem(apc(), [rifles(), rifles(), talon()])
    assert "room for 2, not 3" in deploy_aboard_problem(apc(), [hover()])
    assert deploy_aboard_problem(big_apc(), [hover(), rifles()]) == ""
    assert "'Mech" in deploy_aboard_problem(apc(), [units()["HX-009"]])
    assert "not a transport" in deploy_aboard_problem(hover(), [rifles()])


def test_a_heavily_damaged_transport_carries_no_one_aod_17_3() -> None:
    """AOD-9.2 / AOD-17.3 / AOD-26.17 #21: Heavy Damage (Bastion click 5) ends carrying."""
    assert carry_problem(piece(apc())) == ""
    assert "heavily damaged" in carry_problem(piece(apc(), 5))
    assert "not a transport" in carry_problem(piece(hover()))


# ---------------------------------------------------------------- AOD-9.3 boarding


def _boarding(rider: str = "1011", *others: str, mode: SpeedMode = SpeedMode.FOOT) -> Battlefield:
    board = terrain()
    return field(
        board,
        unit("1010", SpeedMode.TRACKED),
        unit(rider, mode),
        *(unit(where, side=1) for where in others),
    )


@pytest.mark.parametrize("where", REAR)
def test_a_friend_behind_the_transport_may_board_aod_9_3(where: str) -> None:
    """AOD-9.3 / AOD-26.17 #22: a friend touching the rear arc boards."""
    assert board_problem(_boarding(where), 0, 1, piece(apc()), piece(rifles())) == ""


@pytest.mark.parametrize("where", ["1009", "1110", "0910", "1013"])
def test_a_unit_in_front_or_away_may_not_board_aod_9_3(where: str) -> None:
    """AOD-9.3: only the rear arc is a way in; a unit not touching the transport cannot board."""
    why = board_problem(_boarding(where), 0, 1, piece(apc()), piece(rifles()))
    assert "back of" in why


def test_contact_is_judged_at_the_start_of_the_turn_aod_9_3() -> None:
    """AOD-9.3: a unit that walked behind the transport this turn did not *start* there."""
    now = _boarding("1011")
    start = _boarding("1013")
    assert "start the turn" in board_problem(now, 0, 1, piece(apc()), piece(rifles()), start=start)


def test_a_unit_that_walked_away_may_not_board_aod_9_3() -> None:
    """AOD-9.3: it started behind the transport but has left: nothing to board from."""
    start = _boarding("1011")
    now = _boarding("1013")
    why = board_problem(now, 0, 1, piece(apc()), piece(rifles()), start=start)
    assert "no longer touching" in why


def test_a_unit_touching_an_enemy_may_not_board_aod_9_3() -> None:
    """AOD-9.3: boarders are not in base contact with an enemy (1012 touches 1011)."""
    why = board_problem(_boarding("1011", "1012"), 0, 1, piece(apc()), piece(rifles()))
    assert "enemy" in why


def test_an_enemy_or_a_captive_may_not_board_aod_9_3() -> None:
    """AOD-9.3 / AOD-14.4: friendly units only; a captive (no side) is nobody's friend."""
    board = terrain()
    enemy = field(board, unit("1010", SpeedMode.TRACKED), unit("1011", SpeedMode.FOOT, side=1))
    captive = field(board, unit("1010", SpeedMode.TRACKED), unit("1011", SpeedMode.FOOT, side=None))
    for fld in (enemy, captive):
        assert "friendly" in board_problem(fld, 0, 1, piece(apc()), piece(rifles()))


def test_boarding_needs_room_in_the_bays_aod_9_1() -> None:
    """AOD-9.1 / AOD-26.17 #22: the C2 Bastion holds two squads, then no more; no vehicle (3)."""
    fld = _boarding()
    full = board_problem(fld, 0, 1, piece(apc()), piece(rifles()), aboard=[rifles(), talon()])
    assert "room for 0" in full
    one_left = board_problem(fld, 0, 1, piece(apc()), piece(rifles()), aboard=[rifles()])
    assert one_left == ""
    tank = _boarding(mode=SpeedMode.HOVER)
    assert "needs 3" in board_problem(tank, 0, 1, piece(apc()), piece(hover()))
    assert board_problem(tank, 0, 1, piece(big_apc()), piece(hover())) == ""


def test_an_escort_boards_only_if_its_captive_fits_too_aod_9_3() -> None:
    """AOD-9.3 / AOD-14.4: escort 1 + captive squad 1 fit C2; escort 1 + captive tank 3 do not."""
    fld = _boarding()
    assert board_problem(fld, 0, 1, piece(apc()), piece(rifles()), captive=piece(talon())) == ""
    why = board_problem(fld, 0, 1, piece(apc()), piece(rifles()), captive=piece(hover()))
    assert "needs 4" in why
    mech = board_problem(fld, 0, 1, piece(apc()), piece(rifles()), captive=piece(units()["HX-009"]))
    assert "captive" in mech


def test_a_heavily_damaged_transport_takes_no_one_aboard_aod_9_2() -> None:
    """AOD-9.2 / AOD-17.3: a transport showing Heavy Damage cannot board anyone."""
    assert "heavily damaged" in board_problem(_boarding(), 0, 1, piece(apc(), 5), piece(rifles()))


def test_a_cruising_vtol_loads_only_jump_jets_aod_9_4() -> None:
    """AOD-9.4: at cruising altitude only units with Jump Jets board.

    The Talon may, the riflemen may not, nor a Talon at click 3 whose Jump Jets are gone.
    """
    board = terrain()
    high = field(
        board,
        unit("1010", SpeedMode.VTOL, cruising=True),
        unit("1011", SpeedMode.FOOT),
    )
    assert board_problem(high, 0, 1, piece(vtol_transport()), piece(talon())) == ""
    assert "jump jets" in board_problem(high, 0, 1, piece(vtol_transport()), piece(rifles()))
    assert "jump jets" in board_problem(high, 0, 1, piece(vtol_transport()), piece(talon(), 3))
    low = field(board, unit("1010", SpeedMode.VTOL), unit("1011", SpeedMode.FOOT))
    assert board_problem(low, 0, 1, piece(vtol_transport()), piece(rifles())) == ""


@pytest.mark.parametrize(
    ("speed", "run", "hindered", "left"),
    [
        (10, False, False, 5),  # the Bastion: half of 10 spent, 5 to move on
        (9, False, False, 4),  # half of 9 rounds up to 5: 4 left
        (8, True, False, 8),  # a running 'Mech transport: doubled, then halved
        (10, False, True, 3),  # the hindering half comes last: ceil(5 / 2)
    ],
)
def test_loading_or_unloading_spends_half_the_movement_aod_8_3(
    speed: int, run: bool, hindered: bool, left: int
) -> None:
    """AOD-8.3 / AOD-9.3 / AOD-26.17 #22: run x2, then half (rounded up) spent, then the hinder."""
    assert allowance(speed, run=run, loading=True, hindering_start=hindered) == left


# ---------------------------------------------------------------- AOD-9.3 unloading


def test_passengers_are_set_down_behind_the_transport_aod_9_3() -> None:
    """AOD-9.3 / AOD-26.17 #22: the three rear hexes, if free, on the board, touching no enemy."""
    fld = field(terrain(), unit("1010", SpeedMode.TRACKED))
    assert unload_hexes(fld, 0, SpeedMode.FOOT) == tuple(sorted(at(h) for h in REAR))


def test_rear_hexes_that_are_taken_blocked_or_near_an_enemy_are_left_out_aod_9_3() -> None:
    """AOD-9.3: 0911 is a wall, 1011 holds a friend, 1111 touches an enemy in 1211."""
    board = terrain([("0911", WALL)])
    fld = field(board, unit("1010", SpeedMode.TRACKED), unit("1011"), unit("1211", side=1))
    assert unload_hexes(fld, 0, SpeedMode.FOOT) == ()
    clear = field(terrain([("0911", WOODS)]), unit("1010", SpeedMode.TRACKED))
    # AOD-8.6: woods are blocking for a hover tank, hindering (standable) for infantry
    assert at("0911") in unload_hexes(clear, 0, SpeedMode.FOOT)
    assert at("0911") not in unload_hexes(clear, 0, SpeedMode.HOVER)


def test_a_transport_on_the_board_edge_has_fewer_rear_hexes_aod_9_3() -> None:
    """AOD-9.3: the passenger's whole base must be on the battlefield (AOD-26.3)."""
    odd = field(terrain(size=20), unit("0520", SpeedMode.TRACKED))  # S is off the board
    assert unload_hexes(odd, 0, SpeedMode.FOOT) == tuple(sorted((at("0420"), at("0620"))))
    even = field(terrain(size=20), unit("0420", SpeedMode.TRACKED))  # all three are off
    assert unload_hexes(even, 0, SpeedMode.FOOT) == ()


def test_unload_places_in_order_and_eliminates_the_unplaceable_aod_9_3() -> None:
    """AOD-9.3 / AOD-26.17 #22: two free rear hexes and three passengers: the owner loses one."""
    board = terrain([("0911", WALL)])
    fld = field(board, unit("1010", SpeedMode.TRACKED))
    riders = [piece(rifles()), piece(talon()), piece(rifles())]
    done = unload(fld, 0, riders, [(at("1011"), Facing.S), None, (at("1111"), Facing.N)])
    assert done.problem == ""
    assert done.placed == ((0, (at("1011"), Facing.S)), (2, (at("1111"), Facing.N)))
    assert done.eliminated == (1,)
    assert done.field.unit_at(at("1011")) is not None
    assert done.field.units[-1].hex == at("1111")


def test_unload_refuses_a_taken_hex_and_a_needless_sacrifice_aod_9_3() -> None:
    """AOD-9.3: a hex already used is refused; None only when no hex is left for the unit."""
    fld = field(terrain(), unit("1010", SpeedMode.TRACKED))
    riders = [piece(rifles()), piece(talon())]
    twice = unload(fld, 0, riders, [(at("1011"), Facing.S), (at("1011"), Facing.S)])
    assert "free hex" in twice.problem
    assert twice.field == fld
    needless = unload(fld, 0, riders, [(at("1011"), Facing.S), None])
    assert "can still be set down" in needless.problem


def test_a_cruising_vtol_sets_down_only_jump_jets_aod_9_4() -> None:
    """AOD-9.4: from cruising altitude only units with Jump Jets unload, behind the VTOL."""
    high = field(terrain(), unit("1010", SpeedMode.VTOL, cruising=True))
    jumped = unload(high, 0, [piece(talon())], [(at("1011"), Facing.S)])
    assert jumped.problem == ""
    assert jumped.field.unit_at(at("1011")) is not None
    walked = unload(high, 0, [piece(talon()), piece(rifles())], [(at("1011"), Facing.S), None])
    assert "no jump jets" in walked.problem
    assert walked.field == high
    low = field(terrain(), unit("1010", SpeedMode.VTOL))
    assert unload(low, 0, [piece(rifles())], [(at("1011"), Facing.S)]).problem == ""


def test_a_cruising_vtol_stops_after_unloading_aod_9_4() -> None:
    """AOD-9.4: a cruising VTOL moves no further after unloading; at NOE it may go on."""
    assert unload_ends_move(unit("1010", SpeedMode.VTOL, cruising=True))
    assert not unload_ends_move(unit("1010", SpeedMode.VTOL))


# ---------------------------------------------------------------- AOD-9.2 / AOD-17


def test_passengers_take_no_orders_aod_9_2() -> None:
    """AOD-9.2: passengers cannot be ordered."""
    assert "cannot be given orders" in passenger_order_problem(rifles())


def test_passengers_die_with_their_transport_aod_17_4() -> None:
    """AOD-9.2 / AOD-17.4 / AOD-26.17 #22: every unit aboard is eliminated with the transport."""
    killed = take_damage(apc(), DialStatus(5), 1, DamageKind.BALLISTIC)
    assert killed.eliminated
    assert lost_with_transport([piece(rifles()), piece(talon())]) == (0, 1)


def test_heavy_damage_unloads_everyone_at_once_aod_17_3() -> None:
    """AOD-9.2 / AOD-17.3 / AOD-26.17 #21: Heavy Damage appearing unloads everyone at once.

    The Bastion's Heavy Damage shows on click 5; the dial says ``must_unload``.
    """
    hit = take_damage(apc(), DialStatus(4), 1, DamageKind.PUSHING)
    assert hit.must_unload
    out = heavy_damage_unload([piece(rifles()), piece(talon())], cruising=False)
    assert out.eliminated == ()
    assert out.to_unload == (0, 1)


def test_a_cruising_vtol_forced_down_loses_riders_without_jump_jets_aod_9_4() -> None:
    """AOD-9.4: Heavy Damage on a cruising VTOL transport kills passengers without Jump Jets."""
    aboard = [piece(rifles()), piece(talon()), piece(talon(), 3)]
    out = heavy_damage_unload(aboard, cruising=True)
    assert out.eliminated == (0, 2)  # the riflemen, and the Talon whose Jump Jets are gone
    assert out.to_unload == (1,)
