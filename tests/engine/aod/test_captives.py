"""AoD captives and escorts with the bundled example units (AOD-26.15).

Rules: AOD-14.4 (captive and escort orders, the pair's move, the escort's elimination), AOD-9.2
(a captured transport), AOD-26.7 (the captive pair on hexes); acceptance items AOD-26.17 #16 (the
captive and escort restrictions; which attacks they suffer and the VP x2 are combat's tests) and
#22 (captured transport).

The boards are hand-built: a Pathguard rifle squad (Foot, speed 6) escorts from 1010; its captive
stands in 1011 with no side.
"""

from __future__ import annotations

from engine.aod.captives import (
    captive_hexes,
    captive_order_problem,
    escort_lost,
    escort_moves,
    escort_order_problem,
    pair_allowance,
    pair_starts_hindered,
    pair_terrain,
    release_problem,
    transport_captured,
)
from engine.aod.dial import DamageKind
from engine.aod.geometry import Battlefield, mode_terrain
from engine.aod.movement import reachable
from engine.aod.status import DialStatus, fresh
from engine.aod.terrain import TerrainType
from engine.aod.transport import Piece
from engine.aod.units import SpeedMode, UnitDef
from tests.engine.aod._assets import units
from tests.engine.aod._boards import SHALLOW, WOODS, at, field, terrain, unit


def rifles() -> UnitDef:
    return units()["HX-001"]


def skywatch() -> UnitDef:
    return units()["HX-008"]  # wheeled, speed 12


def warden() -> UnitDef:
    return units()["HX-010"]  # 'Mech, 185 points


def piece(u: UnitDef, click: int | None = None) -> Piece:
    return Piece(u, fresh(u) if click is None else DialStatus(click))


def _pair(captive_mode: SpeedMode, *cells: tuple[str, object]) -> Battlefield:
    board = terrain(cells)  # type: ignore[arg-type]
    return field(board, unit("1010", SpeedMode.FOOT), unit("1011", captive_mode, side=None))


# ---------------------------------------------------------------- what each may do


def test_captives_take_no_orders_and_escorts_only_move_aod_14_4() -> None:
    """AOD-14.4 / AOD-26.17 #16: a captive takes no order; its escort takes Move orders only."""
    assert "cannot be given orders" in captive_order_problem(skywatch())
    assert escort_order_problem(rifles(), "move") == ""
    for order in ("ranged", "close", "assault", "vent"):
        assert "can only move" in escort_order_problem(rifles(), order)
    assert "cannot release" in release_problem(rifles())


# ---------------------------------------------------------------- the pair's move


def test_the_pair_moves_at_the_lower_speed_halved_last_aod_14_4() -> None:
    """AOD-14.4 / AOD-8.3: min(6, 12) = 6; a hindering start halves after that, to 3."""
    assert pair_allowance(6, 12, hindering_start=False) == 6
    assert pair_allowance(12, 6, hindering_start=False) == 6
    assert pair_allowance(6, 12, hindering_start=True) == 3
    assert pair_allowance(7, 12, hindering_start=True) == 4  # halves round up


def test_the_pair_is_hindered_if_either_starts_in_hindering_terrain_aod_19_2() -> None:
    """AOD-19.2 / AOD-14.4: [INTERP] either unit in terrain hindering for its own mode halves.

    Woods hinder the Foot escort and a wheeled captive, not a tracked one; shallow water is
    clear for a hover captive.
    """
    assert not pair_starts_hindered(_pair(SpeedMode.TRACKED), 0, 1)
    assert pair_starts_hindered(_pair(SpeedMode.TRACKED, ("1010", WOODS)), 0, 1)
    assert not pair_starts_hindered(_pair(SpeedMode.TRACKED, ("1011", WOODS)), 0, 1)
    assert pair_starts_hindered(_pair(SpeedMode.WHEELED, ("1011", WOODS)), 0, 1)
    assert not pair_starts_hindered(_pair(SpeedMode.HOVER, ("1011", SHALLOW)), 0, 1)


def test_the_pair_keeps_out_of_terrain_either_cannot_enter_aod_14_4() -> None:
    """AOD-14.4 / AOD-26.7 / AOD-26.17 #16: the pair keeps to hexes legal for both.

    Shallow water hinders foot but blocks a wheeled captive, so the pair may not enter it,
    though the squad alone could.
    """
    fld = _pair(SpeedMode.WHEELED, ("1009", SHALLOW))
    assert at("1009") in reachable(Battlefield(fld.terrain, fld.units[:1]), 0, 6)
    moves = escort_moves(fld, 0, 1, skywatch(), 6)
    assert at("1009") not in moves
    assert at("1008") in moves  # around the water
    seen = pair_terrain(fld.terrain, (SpeedMode.FOOT, SpeedMode.WHEELED))
    assert seen[at("1009")].type is TerrainType.BLOCKING
    assert mode_terrain(seen[at("0505")], SpeedMode.FOOT) is TerrainType.CLEAR


def test_the_captive_is_set_down_next_to_the_escort_within_reach_aod_26_7() -> None:
    """AOD-26.7 / AOD-25 #32: where the captive of a pair's move is set down.

    Any free hex next to the escort's end hex the captive reaches within the pair's allowance,
    along hexes legal for both.
    """
    fld = _pair(SpeedMode.WHEELED, ("0907", SHALLOW))
    end = at("1007")
    hexes = captive_hexes(fld, 0, 1, end, 6)
    assert hexes
    assert all(h.distance(end) == 1 for h in hexes)
    assert end not in hexes
    assert at("1008") in hexes
    assert at("0907") not in hexes  # water: wheeled may not enter
    assert captive_hexes(fld, 0, 1, end, 1) == ()  # 1011 to any neighbour of 1007 needs 3


def test_the_escort_of_a_captured_mech_stays_beside_it_aod_14_4() -> None:
    """AOD-14.4 / AOD-26.7 / AOD-26.17 #16: a captured 'Mech never moves.

    Its escort ends only on hexes next to it.
    """
    fld = _pair(SpeedMode.MECH)
    moves = escort_moves(fld, 0, 1, warden(), 6)
    assert moves
    assert all(where.distance(at("1011")) == 1 for where in moves)
    assert moves[at("1010")] == 0
    assert at("1009") not in moves


# ---------------------------------------------------------------- escort eliminated


def test_a_freed_captive_dies_in_terrain_it_cannot_enter_aod_14_4() -> None:
    """AOD-14.4 / AOD-26.17 #16: freed on open ground; eliminated in woods that block a hover."""
    assert not escort_lost(_pair(SpeedMode.HOVER), 1, units()["HX-004"]).eliminated
    stuck = escort_lost(_pair(SpeedMode.HOVER, ("1011", WOODS)), 1, units()["HX-004"])
    assert stuck.eliminated
    assert "cannot survive" in stuck.account


# ---------------------------------------------------------------- a captured transport


def test_a_captured_transports_passengers_take_one_click_and_unload_aod_9_2() -> None:
    """AOD-9.2 / AOD-26.17 #22: a captured transport's passengers take 1 click and unload.

    A captive aboard takes none; one already at its last live click (rifles click 3) is
    eliminated and not set down.
    """
    aboard = [piece(rifles()), piece(skywatch()), piece(rifles(), 3)]
    done = transport_captured(aboard, [False, True, False])
    first, second, third = done.damage
    assert first is not None
    assert first.status.click == 1
    assert first.kind is DamageKind.PUSHING
    assert second is None
    assert third is not None
    assert third.eliminated
    assert done.eliminated == (2,)
    assert done.to_unload == (0, 1)
