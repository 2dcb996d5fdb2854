"""The order stage and clean-up (AOD-7), Move and Vent orders (AOD-8, AOD-10.3), forced dice.

AOD-26.17 items 1 (order pool), 2 (pushing and tokens), 4 (break-away), 5 (free spin) and the
heat parts of 19 the turn machine resolves itself (total applied at once, automatic shutdown at
position 6 with two tokens, heat ignored while shut down, restart at position 0).
"""

from __future__ import annotations

import pytest

from engine.aod.commands import EndTurn, FreeSpin, MoveUnit, VentUnit
from engine.aod.dial import DamageKind
from engine.aod.events import (
    BreakAwayRolled,
    FreeSpinsOffered,
    HeatCause,
    HeatChanged,
    OrderGiven,
    TokensRemoved,
    TurnBegan,
    TurnEnded,
    UnitDamaged,
    UnitEliminated,
    UnitMoved,
    UnitSpun,
)
from engine.aod.heat import HeatRoll
from engine.aod.movement import Altitude
from engine.aod.rules import AoDCode, legal_commands, move_allowance, seats_to_act
from engine.aod.state import AoDState, OrderKind, SpinOffer
from engine.aod.status import DialStatus
from engine.aod.terrain import HexTerrain, TerrainType
from engine.game import Command, IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.aod._game import arrange, play, setup, unit

N, NE, SE, S, SW, NW = Facing
H = Hex.from_label
PUSHING = DamageKind.PUSHING

FORCES = setup(["HX-009", "HX-001", "HX-001", "HX-002"], ["HX-010", "HX-001", "HX-004"])
"""Red: Kestrel (HX-009a), two Pathguards (HX-001a, b), Talon (HX-002a). Blue: Warden
(HX-010a), Pathguard (HX-001c), Halberd hover tank (HX-004a)."""

APART = {
    "HX-009a": ("0505", S),
    "HX-001a": ("0705", S),
    "HX-001b": ("0905", S),
    "HX-002a": ("1105", S),
    "HX-010a": ("0515", N),
    "HX-001c": ("0715", N),
    "HX-004a": ("0915", N),
}


def _refused(state: AoDState, command: Command, code: str, message: str) -> None:
    with pytest.raises(IllegalCommand) as refused:
        play(state, [command])
    assert (refused.value.code, refused.value.message) == (code, message)


# ---- AOD-7.2: the order pool -----------------------------------------------------------------


def test_orders_per_turn_are_build_total_over_150_and_the_last_ends_the_turn() -> None:
    """AOD-7.2 / AOD-26.17 #1: 300 points give 2 orders; after them the turn passes on."""
    game = setup(["HX-001", "HX-001", "HX-001"], ["HX-010"], build_total=300)
    places = {"HX-001a": ("0505", S), "HX-001b": ("0705", S), "HX-001c": ("0905", S)}
    state = arrange(game, {**places, "HX-010a": ("0515", N)})
    assert state.orders_left == 2
    state, events = play(
        state, [MoveUnit("HX-001a", H("0506"), S), MoveUnit("HX-001b", H("0706"), S)]
    )
    assert TurnEnded(player=0, forfeited=0) in events
    assert events[-1] == TurnBegan(player=1, turn=2, round=1, orders=2, zone_vp=0)
    assert state.active == 1


def test_unused_orders_are_lost_at_clean_up() -> None:
    """AOD-7.2: ending the turn forfeits the orders left; the next turn has a full pool."""
    state = arrange(FORCES, APART)
    state, _ = play(state, [MoveUnit("HX-001a", H("0706"), S)])
    state, events = play(state, [EndTurn()])
    assert events[0] == TurnEnded(player=0, forfeited=2)
    assert events[-1] == TurnBegan(player=1, turn=2, round=1, orders=3, zone_vp=0)


def test_one_order_per_unit_per_turn() -> None:
    """AOD-7.2 / AOD-26.17 #1: a unit that had its order this turn gets no other."""
    state, _ = play(arrange(FORCES, APART), [MoveUnit("HX-001a", H("0706"), S)])
    _refused(
        state,
        MoveUnit("HX-001a", H("0707"), S),
        AoDCode.ORDERED,
        "HX-001a has had its order this turn (move).",
    )
    assert all(getattr(c, "unit", "") != "HX-001a" for c in legal_commands(state))


def test_no_order_without_one_left() -> None:
    """AOD-7.2: the pool is empty: no more orders."""
    _refused(
        arrange(FORCES, APART, orders=0),
        MoveUnit("HX-001a", H("0706"), S),
        AoDCode.NO_ORDERS,
        "No orders are left this turn: end the turn.",
    )


def test_only_the_active_player_gives_orders() -> None:
    """AOD-7.1: the active player gives the orders."""
    state = arrange(FORCES, APART)
    assert seats_to_act(state) == frozenset({0})
    _refused(
        state,
        MoveUnit("HX-010a", H("0514"), N),
        AoDCode.NOT_YOURS,
        "HX-010a belongs to Blue, and it is Red's turn.",
    )


# ---- AOD-7.3: orders allowed by unit state ---------------------------------------------------


def test_heavy_damage_allows_move_only() -> None:
    """AOD-7.3 / AOD-17.3 / AOD-26.17 #21: a 'Mech showing Heavy Damage may not vent."""
    state = arrange(FORCES, APART, dials={"HX-009a": DialStatus(click=7, heat=2)})
    _refused(
        state,
        VentUnit("HX-009a"),
        AoDCode.NOT_ALLOWED,
        "HX-009a shows Heavy Damage: it can only move.",
    )
    assert VentUnit("HX-009a") not in legal_commands(state)
    assert MoveUnit("HX-009a", H("0506"), S) in legal_commands(state)


def test_a_shut_down_mech_may_only_vent() -> None:
    """AOD-7.3 / AOD-10.4 / AOD-26.17 #19: shut down: Vent only."""
    state = arrange(
        FORCES, APART, dials={"HX-009a": DialStatus(0, 4, shutdown=True)}, tokens={"HX-009a": 2}
    )
    _refused(
        state,
        MoveUnit("HX-009a", H("0506"), S),
        AoDCode.NOT_ALLOWED,
        "HX-009a is shut down: it can only vent.",
    )
    assert [c for c in legal_commands(state) if getattr(c, "unit", "") == "HX-009a"] == [
        VentUnit("HX-009a")
    ]


def test_heavy_damage_and_shut_down_allow_no_order() -> None:
    """AOD-25 #18: Heavy Damage allows Move only, shutdown Vent only: together nothing."""
    state = arrange(FORCES, APART, dials={"HX-009a": DialStatus(7, 3, shutdown=True)})
    _refused(
        state,
        VentUnit("HX-009a"),
        AoDCode.NOT_ALLOWED,
        "HX-009a is shut down and heavily damaged: it can take no order.",
    )


def test_only_mechs_vent_and_run() -> None:
    """AOD-7.3: Vent is a 'Mech's order; AOD-8.7: only 'Mechs run."""
    state = arrange(FORCES, APART)
    _refused(
        state, VentUnit("HX-001a"), AoDCode.NOT_ALLOWED, "Only 'Mechs vent; HX-001a is infantry."
    )
    _refused(
        state,
        MoveUnit("HX-001a", H("0706"), S, run=True),
        AoDCode.RUN,
        "Only 'Mechs run; HX-001a is infantry.",
    )


# ---- AOD-7.4 / AOD-7.5: tokens and pushing -----------------------------------------------------


def test_an_order_places_a_token_and_is_no_push_without_one() -> None:
    """AOD-7.4: a non-Vent order puts a token beside the unit."""
    state, events = play(arrange(FORCES, APART), [MoveUnit("HX-001a", H("0706"), S)])
    assert events[0] == OrderGiven(unit(state, "HX-001a"), OrderKind.MOVE, pushed=False, tokens=1)
    assert state.units[unit(state, "HX-001a")].tokens == 1


def test_pushed_infantry_take_a_second_token_and_a_pushing_click() -> None:
    """AOD-7.5 / AOD-26.17 #2: infantry ordered with last turn's token: 2 tokens, 1 click."""
    state = arrange(FORCES, APART, tokens={"HX-001a": 1})
    index = unit(state, "HX-001a")
    state, events = play(state, [MoveUnit("HX-001a", H("0706"), S)])
    assert events[:3] == [
        OrderGiven(index, OrderKind.MOVE, pushed=True, tokens=1),
        UnitMoved(index, H("0706"), S, Altitude.NOE, 1),
        UnitDamaged(index, PUSHING, clicks=1, click=1, tokens=2, cause="pushed"),
    ]
    assert (state.units[index].dial.click, state.units[index].tokens) == (1, 2)
    # AOD-7.6: at clean-up only this turn's token stays
    state, events = play(state, [EndTurn()])
    assert TokensRemoved(index, 1) in events


def test_a_pushing_click_on_the_last_click_eliminates_and_the_opponent_scores() -> None:
    """AOD-7.5 / AOD-17.4 / AOD-25 #26: pushed off the dial; in 2-player play the foe scores."""
    state = arrange(FORCES, APART, tokens={"HX-001a": 1}, dials={"HX-001a": DialStatus(click=3)})
    index = unit(state, "HX-001a")
    state, events = play(state, [MoveUnit("HX-001a", H("0706"), S)])
    assert events[2:4] == [
        UnitDamaged(index, PUSHING, clicks=1, click=4, tokens=2, cause="pushed"),
        UnitEliminated(index, scorer=1, points=12),
    ]
    assert state.units[index].eliminated
    assert state.units[index].hex is None
    assert state.elimination == (0, 12)


def test_a_pushed_mech_takes_heat_not_a_token_or_a_click() -> None:
    """AOD-7.5 / AOD-26.17 #2: a 'Mech: +1 heat after the order, no second token."""
    state = arrange(FORCES, APART, tokens={"HX-009a": 1})
    index = unit(state, "HX-009a")
    state, events = play(state, [MoveUnit("HX-009a", H("0507"), S)])
    assert events[2] == HeatChanged(index, (HeatCause.PUSHED,), 1, 1, shutdown=False, tokens=1)
    assert not any(isinstance(e, UnitDamaged) for e in events)
    assert (state.units[index].dial, state.units[index].tokens) == (DialStatus(0, 1), 1)


def test_push_and_run_heat_are_applied_together() -> None:
    """AOD-10.2 seed example: a 'Mech with last turn's token that runs gets +2 at once."""
    state = arrange(FORCES, APART, tokens={"HX-009a": 1})
    index = unit(state, "HX-009a")
    state, events = play(state, [MoveUnit("HX-009a", H("0519"), S, run=True)])
    # 14 rows down, one hex more to pass the Warden in 0515 (AOD-8.2)
    assert events[1] == UnitMoved(index, H("0519"), S, Altitude.NOE, 15, run=True)
    heat = [e for e in events if isinstance(e, HeatChanged)]
    assert heat == [
        HeatChanged(index, (HeatCause.PUSHED, HeatCause.RUN), 2, 2, shutdown=False, tokens=1)
    ]


def test_running_doubles_speed_and_walking_does_not_reach_as_far() -> None:
    """AOD-8.7: run x2: the Kestrel (speed 12) reaches 14 hexes only running."""
    state = arrange(FORCES, APART)
    index = unit(state, "HX-009a")
    assert (move_allowance(state, index), move_allowance(state, index, run=True)) == (12, 24)
    _refused(
        state,
        MoveUnit("HX-009a", H("0519"), S),
        AoDCode.UNREACHABLE,
        "HX-009a cannot reach 0519 at noe altitude this turn (allowance 12).",
    )


def test_heat_modifies_speed() -> None:
    """AOD-8.3 step 1: the heat dial's speed modifier (HEAT-STD position 2: -1)."""
    state = arrange(FORCES, APART, dials={"HX-009a": DialStatus(0, 2)})
    assert move_allowance(state, unit(state, "HX-009a")) == 11


def test_venting_cools_places_no_token_and_keeps_the_old_one() -> None:
    """AOD-10.3 / AOD-7.4 / AOD-26.17 #2: vent -2 (the Kestrel), no token, old token kept."""
    state = arrange(FORCES, APART, tokens={"HX-009a": 1}, dials={"HX-009a": DialStatus(0, 3)})
    index = unit(state, "HX-009a")
    state, events = play(state, [VentUnit("HX-009a")])
    assert events == [
        OrderGiven(index, OrderKind.VENT, pushed=False, tokens=1),
        HeatChanged(index, (HeatCause.VENT,), -2, 1, shutdown=False, tokens=1),
    ]
    state, events = play(state, [EndTurn()])
    assert not any(isinstance(e, TokensRemoved) and e.unit == index for e in events)
    assert state.units[index].tokens == 1
    # Red's next turn: the token survived the Vent, so an order is a push (AOD-25 #34)
    state, _ = play(state, [EndTurn()])
    state, events = play(state, [MoveUnit("HX-009a", H("0506"), S)])
    assert events[0] == OrderGiven(index, OrderKind.MOVE, pushed=True, tokens=1)


def test_an_order_after_a_vent_without_an_older_token_is_no_push() -> None:
    """AOD-25 #34: a Vent places no token; with none before, the next order is not a push."""
    state = arrange(FORCES, APART, dials={"HX-009a": DialStatus(0, 3)})
    index = unit(state, "HX-009a")
    state, _ = play(state, [VentUnit("HX-009a"), EndTurn(), EndTurn()])
    state, events = play(state, [MoveUnit("HX-009a", H("0506"), S)])
    assert events[0] == OrderGiven(index, OrderKind.MOVE, pushed=False, tokens=1)


# ---- AOD-7.6: clean-up -------------------------------------------------------------------------


def test_clean_up_cools_idle_mechs_then_clears_tokens_by_the_table() -> None:
    """AOD-7.6 / AOD-26.17 #2: heat first; no order: tokens gone; an order: only its token."""
    state = arrange(
        FORCES,
        APART,
        dials={"HX-009a": DialStatus(0, 2)},
        tokens={"HX-009a": 1, "HX-001a": 1, "HX-001b": 1},
    )
    kestrel, first, second = (unit(state, i) for i in ("HX-009a", "HX-001a", "HX-001b"))
    state, _ = play(state, [MoveUnit("HX-001a", H("0706"), S)])  # pushed: 2 tokens
    state, events = play(state, [EndTurn()])
    assert events[:5] == [
        TurnEnded(player=0, forfeited=2),
        HeatChanged(kestrel, (HeatCause.IDLE,), -1, 1, shutdown=False, tokens=1),
        TokensRemoved(kestrel, 0),
        TokensRemoved(first, 1),
        TokensRemoved(second, 0),
    ]


def test_a_shut_down_mech_keeps_its_two_tokens_and_still_cools_passively() -> None:
    """AOD-7.6 / AOD-10.4 / AOD-25 #18: -1 heat with no order; still shut down: two tokens.

    Cooling onto HEAT-STD position 5 reveals its checks (AOD-10.3): the avoid-shutdown check is
    the restart roll (need 4, fails on 3), then the ammo check (need 3, passes on 5).
    """
    state = arrange(
        FORCES, APART, dials={"HX-009a": DialStatus(0, 6, shutdown=True)}, tokens={"HX-009a": 2}
    )
    index = unit(state, "HX-009a")
    state, events = play(state, [EndTurn()], dice=[3, 5])
    rolls = (HeatRoll("restart", 5, 4, 3), HeatRoll("ammo", 5, 3, 5))
    assert events[1] == HeatChanged(
        index, (HeatCause.IDLE,), -1, 5, shutdown=True, tokens=2, rolls=rolls
    )
    assert not any(isinstance(e, TokensRemoved) for e in events)
    assert state.units[index].tokens == 2


def test_a_restart_roll_while_cooling_restarts_and_suspends_heat_rolls() -> None:
    """AOD-10.5 / AOD-26.17 #19: a passed restart roll: running again, tokens gone."""
    state = arrange(
        FORCES, APART, dials={"HX-009a": DialStatus(0, 6, shutdown=True)}, tokens={"HX-009a": 2}
    )
    index = unit(state, "HX-009a")
    state, events = play(state, [EndTurn()], dice=[4])
    assert events[1] == HeatChanged(
        index,
        (HeatCause.IDLE,),
        -1,
        5,
        shutdown=False,
        tokens=0,
        rolls=(HeatRoll("restart", 5, 4, 4),),
        suspended=True,
    )


def test_heat_reaching_a_check_rolls_it_after_the_total_is_applied() -> None:
    """AOD-10.2 / AOD-26.17 #19: +2 from 3 to 5 at once, then position 5's two checks.

    A failed avoid-shutdown check (need 4, rolled 2) shuts the 'Mech down with the dial left
    at 5 and two tokens (AOD-10.4); the ammo check passes (need 3, rolled 6).
    """
    state = arrange(FORCES, APART, dials={"HX-009a": DialStatus(0, 3)}, tokens={"HX-009a": 1})
    index = unit(state, "HX-009a")
    state, events = play(state, [MoveUnit("HX-009a", H("0519"), S, run=True)], dice=[2, 6])
    heat = [e for e in events if isinstance(e, HeatChanged)]
    assert heat[0] == HeatChanged(
        index,
        (HeatCause.PUSHED, HeatCause.RUN),
        2,
        5,
        shutdown=True,
        tokens=2,
        rolls=(HeatRoll("shutdown", 5, 4, 2), HeatRoll("ammo", 5, 3, 6)),
    )
    assert state.units[index].dial == DialStatus(0, 5, shutdown=True)


def test_water_cools_a_mech_that_started_and_ended_its_turn_in_it() -> None:
    """AOD-10.3: deep water -2 on top of the -1 for no order."""
    deep = HexTerrain(TerrainType.DEEP, feature=1)
    game = setup(["HX-009"], ["HX-010"], terrain={"0505": deep})
    places = {"HX-009a": ("0505", S), "HX-010a": ("0515", N)}
    state = arrange(game, places, active=1, dials={"HX-009a": DialStatus(0, 3)})
    state, _ = play(state, [EndTurn()])  # Red's turn begins in the water
    state, events = play(state, [EndTurn()])
    assert events[1] == HeatChanged(
        0, (HeatCause.IDLE, HeatCause.WATER), -3, 0, shutdown=False, tokens=0
    )


def test_heat_past_the_dial_shuts_down_with_two_tokens() -> None:
    """AOD-10.4 / AOD-26.17 #19: +2 from position 5 stops at 6, the radiation symbols."""
    state = arrange(FORCES, APART, dials={"HX-009a": DialStatus(0, 5)}, tokens={"HX-009a": 1})
    index = unit(state, "HX-009a")
    state, events = play(state, [MoveUnit("HX-009a", H("0519"), S, run=True)])
    assert (
        HeatChanged(index, (HeatCause.PUSHED, HeatCause.RUN), 1, 6, shutdown=True, tokens=2)
        in events
    )
    assert state.units[index].dial == DialStatus(0, 6, shutdown=True)


def test_venting_to_the_start_position_restarts_and_removes_the_tokens() -> None:
    """AOD-10.5: a shut-down 'Mech that cools to start restarts; its tokens go."""
    state = arrange(
        FORCES, APART, dials={"HX-009a": DialStatus(0, 2, shutdown=True)}, tokens={"HX-009a": 2}
    )
    index = unit(state, "HX-009a")
    state, events = play(state, [VentUnit("HX-009a")])
    assert events[1] == HeatChanged(index, (HeatCause.VENT,), -2, 0, shutdown=False, tokens=0)


# ---- AOD-8.4: breaking away --------------------------------------------------------------------

CLOSE = {
    "HX-009a": ("0505", S),
    "HX-001a": ("1010", N),  # beside the Warden (1009)
    "HX-010a": ("1009", S),
    "HX-001c": ("0506", N),  # beside the Kestrel
    "HX-004a": ("1511", N),
}


def test_infantry_fail_to_break_away_on_3_and_may_only_turn() -> None:
    """AOD-8.4 / AOD-26.17 #4: infantry fail on 1-3; they may still rotate."""
    state = arrange(FORCES, CLOSE)
    index = unit(state, "HX-001a")
    state, events = play(state, [MoveUnit("HX-001a", H("1012"), SE)], dice=[3])
    assert events[1:3] == [
        BreakAwayRolled(index, roll=3, fails_on=3, success=False),
        UnitMoved(index, H("1010"), SE, Altitude.NOE, 0),
    ]
    state, events = play(arrange(FORCES, CLOSE), [MoveUnit("HX-001a", H("1012"), SE)], dice=[4])
    assert events[2] == UnitMoved(index, H("1012"), SE, Altitude.NOE, 2)


def test_a_hover_vehicle_fails_only_on_1_and_then_may_not_even_turn() -> None:
    """AOD-8.4 / AOD-26.17 #4: hover: fails on a 1 only, and cannot rotate after failing."""
    hover = setup(["HX-010", "HX-001"], ["HX-009", "HX-001", "HX-004"])
    # Red: Warden, Pathguard HX-001a; Blue: Kestrel, Pathguard HX-001b, Halberd
    places = {
        "HX-010a": ("1109", N),
        "HX-001a": ("0505", N),
        "HX-009a": ("1515", N),
        "HX-001b": ("1715", N),
        "HX-004a": ("1108", N),
    }
    state = arrange(hover, places, active=1)
    index = unit(state, "HX-004a")
    state, events = play(state, [MoveUnit("HX-004a", H("1104"), NE)], dice=[1])
    assert events[1] == BreakAwayRolled(index, roll=1, fails_on=1, success=False)
    assert not any(isinstance(e, UnitMoved) for e in events)
    state, events = play(
        arrange(hover, places, active=1), [MoveUnit("HX-004a", H("1104"), NE)], dice=[2]
    )
    assert events[1] == BreakAwayRolled(index, roll=2, fails_on=1, success=True)
    assert events[2] == UnitMoved(index, H("1104"), NE, Altitude.NOE, 4)


def test_a_mech_breaking_away_pushes_the_enemy_infantry_it_leaves() -> None:
    """AOD-8.4 / AOD-26.17 #4: a 'Mech fails on 1-2; success: each enemy infantry 1 click."""
    state = arrange(FORCES, CLOSE)
    kestrel, pathguard = unit(state, "HX-009a"), unit(state, "HX-001c")
    state, events = play(state, [MoveUnit("HX-009a", H("0805"), S)], dice=[3])
    assert events[1:4] == [
        BreakAwayRolled(kestrel, roll=3, fails_on=2, success=True),
        UnitMoved(kestrel, H("0805"), S, Altitude.NOE, 3),
        UnitDamaged(pathguard, PUSHING, clicks=1, click=1, tokens=0, cause="break-away", by=0),
    ]
    assert state.units[pathguard].last_damager == 0


def test_a_running_mech_that_fails_to_break_away_takes_no_run_heat() -> None:
    """AOD-8.4 / AOD-8.7: no run heat after a failed break-away; it may still turn."""
    state = arrange(FORCES, CLOSE)
    kestrel = unit(state, "HX-009a")
    state, events = play(state, [MoveUnit("HX-009a", H("0519"), N, run=True)], dice=[2])
    assert events[1:] == [
        BreakAwayRolled(kestrel, roll=2, fails_on=2, success=False),
        UnitMoved(kestrel, H("0505"), N, Altitude.NOE, 0),
    ]


def test_a_quad_leaving_only_infantry_needs_no_roll() -> None:
    """AOD-8.4 / AOD-26.17 #4: a Quad needs no roll to leave enemy infantry."""
    quad = setup(["HX-011"], ["HX-001", "HX-010"])
    state = arrange(quad, {"HX-011a": ("0505", S), "HX-001a": ("0506", N), "HX-010a": ("1515", N)})
    state, events = play(state, [MoveUnit("HX-011a", H("0805"), S)])
    assert events[1] == BreakAwayRolled(0, roll=None, fails_on=2, success=True)
    assert events[2] == UnitMoved(0, H("0805"), S, Altitude.NOE, 3)


def test_breaking_away_from_disabled_enemies_succeeds_without_a_roll() -> None:
    """AOD-8.4 / AOD-25 #10: every enemy in contact shut down or heavily damaged: automatic."""
    dials = {"HX-010a": DialStatus(0, 6, shutdown=True)}
    state = arrange(FORCES, CLOSE, dials=dials)
    index = unit(state, "HX-001a")
    state, events = play(state, [MoveUnit("HX-001a", H("1012"), S)])
    assert events[1] == BreakAwayRolled(index, roll=None, fails_on=3, success=True)


# ---- AOD-8.5: free spin ------------------------------------------------------------------------


def test_an_enemy_may_spin_to_face_a_unit_that_ends_beside_it() -> None:
    """AOD-8.5 / AOD-26.17 #5: the Warden (facing N) may turn to put the newcomer in front."""
    state = arrange(FORCES, APART)
    kestrel, warden = unit(state, "HX-009a"), unit(state, "HX-010a")
    state, events = play(state, [MoveUnit("HX-009a", H("0516"), N)])
    assert events[-1] == FreeSpinsOffered((SpinOffer(warden, kestrel, (SE, S, SW)),))
    assert seats_to_act(state) == frozenset({1})
    assert legal_commands(state) == [
        FreeSpin("HX-010a", None),
        FreeSpin("HX-010a", SE),
        FreeSpin("HX-010a", S),
        FreeSpin("HX-010a", SW),
    ]
    _refused(
        state,
        MoveUnit("HX-001a", H("0706"), S),
        AoDCode.SPIN_PENDING,
        "HX-010a may first spin to face HX-009a (spin HX-010a <facing> or stay).",
    )
    _refused(
        state,
        FreeSpin("HX-010a", N),
        AoDCode.SPIN_FACING,
        "A free spin turns HX-010a to face HX-009a: SE, S, SW.",
    )
    state, events = play(state, [FreeSpin("HX-010a", S)])
    assert events == [UnitSpun(warden, S)]
    assert state.units[warden].facing is S
    assert seats_to_act(state) == frozenset({0})


def test_vehicles_and_shut_down_mechs_get_no_free_spin() -> None:
    """AOD-8.5: vehicles, Quads and shut-down 'Mechs cannot free spin."""
    state = arrange(FORCES, APART, dials={"HX-010a": DialStatus(0, 6, shutdown=True)})
    state, events = play(state, [MoveUnit("HX-009a", H("0516"), N)])
    assert not any(isinstance(e, FreeSpinsOffered) for e in events)
    state = arrange(FORCES, APART)
    state, events = play(state, [MoveUnit("HX-009a", H("0914"), N)])  # beside the Halberd
    assert not any(isinstance(e, FreeSpinsOffered) for e in events)


# ---- AOD-8: paths and altitude ---------------------------------------------------------------


def test_a_plotted_path_is_checked_step_by_step() -> None:
    """AOD-8.2 / AOD-26.7: a path must be adjacent steps; its length is its cost."""
    state = arrange(FORCES, APART)
    index = unit(state, "HX-001a")
    state, events = play(state, [MoveUnit("HX-001a", H("0707"), S, via=(H("0706"),))])
    assert events[1] == UnitMoved(index, H("0707"), S, Altitude.NOE, 2)
    _refused(
        arrange(FORCES, APART),
        MoveUnit("HX-001a", H("0709"), S, via=(H("0706"),)),
        AoDCode.PATH,
        "HX-001a cannot move so: step 2: 0709 is not next to 0706.",
    )
    wall = HexTerrain(TerrainType.BLOCKING, feature=1)
    walled = setup(["HX-001"], ["HX-010"], terrain={"0506": wall})
    _refused(
        arrange(walled, {"HX-001a": ("0505", S), "HX-010a": ("1515", N)}),
        MoveUnit("HX-001a", H("0507"), S, via=(H("0506"),)),
        AoDCode.PATH,
        "HX-001a cannot move so: step 1: 0506 is blocking terrain for foot units.",
    )


def test_a_vtol_climbs_for_two_hexes_of_its_move() -> None:
    """AOD-8.9 / AOD-26.17 #8: an altitude change costs 2 of the allowance."""
    game = setup(["HX-007"], ["HX-010"])
    state = arrange(game, {"HX-007a": ("0505", S), "HX-010a": ("1515", N)})
    state, events = play(state, [MoveUnit("HX-007a", H("0508"), S, altitude=Altitude.CRUISING)])
    assert events[1] == UnitMoved(0, H("0508"), S, Altitude.CRUISING, 5)
    assert state.units[0].altitude is Altitude.CRUISING
    _refused(
        arrange(game, {"HX-007a": ("0505", S), "HX-010a": ("1515", N)}),
        MoveUnit("HX-010a", H("1514"), N, altitude=Altitude.CRUISING),
        AoDCode.NOT_YOURS,
        "HX-010a belongs to Blue, and it is Red's turn.",
    )
    ground = arrange(game, {"HX-007a": ("0505", S), "HX-010a": ("1515", N)}, active=1)
    _refused(
        ground,
        MoveUnit("HX-010a", H("1514"), N, altitude=Altitude.CRUISING),
        AoDCode.ALTITUDE,
        "Only a VTOL flies; HX-010a is not one.",
    )


def test_a_cruising_vtol_showing_heavy_damage_drops_to_noe_at_once() -> None:
    """AOD-8.9 / AOD-17.3 / AOD-26.17 #8: a pushing click brings Heavy Damage: it lands."""
    game = setup(["HX-007"], ["HX-010"])
    state = arrange(
        game,
        {"HX-007a": ("0505", S, Altitude.CRUISING), "HX-010a": ("1515", N)},
        tokens={"HX-007a": 1},
        dials={"HX-007a": DialStatus(click=3)},
    )
    state, events = play(state, [MoveUnit("HX-007a", H("0508"), S)])
    assert events[2:4] == [
        UnitDamaged(0, PUSHING, clicks=1, click=4, tokens=2, cause="pushed"),
        UnitMoved(0, H("0508"), S, Altitude.NOE, 0),
    ]
    assert state.units[0].altitude is Altitude.NOE
