"""Capture, captives and escorts through the turn machine, forced dice (AOD-14.3, AOD-14.4).

AOD-26.17 item 16: +3 defense, a failure costs 1 click, a VTOL is eliminated, the captive and
escort restrictions, and the victory points: a captive 'Mech 2 x its value anywhere, a captive
infantry or vehicle 2 x inside the captor's zone (AOD-22.2).
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from engine.aod.commands import CloseCombat, EndTurn, MoveUnit, RangedAttack, WithdrawForce
from engine.aod.dial import DamageKind
from engine.aod.events import (
    CaptiveFreed,
    ForceWithdrawn,
    OrderGiven,
    UnitCaptured,
    UnitDamaged,
    UnitEliminated,
    UnitMoved,
    UnitsUnloaded,
)
from engine.aod.language import format_command, parse_command
from engine.aod.narrate import tell
from engine.aod.rules import AoDCode, decide, legal_commands
from engine.aod.scoring import final_scores, game_over_reason
from engine.aod.state import AoDState, OrderKind
from engine.aod.status import DialStatus
from engine.dice import ScriptedDice
from engine.game import Command, IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.aod._combat import CloseRoll, armed, close_rolls
from tests.engine.aod._game import arrange, play, unit

N, NE, SE, S, SW, NW = Facing
H = Hex.from_label

GAME = armed(["HX-001", "HX-001", "HX-009"], ["HX-010", "HX-001", "HX-007", "HX-005"])
"""Red: Pathguards (HX-001a, b; Foot infantry, attack 8), Kestrel (HX-009a). Blue: Warden
(HX-010a, defense 19, 185 points), Pathguard (HX-001c, 12 points), Gadfly VTOL (HX-007a, 50
points), Bastion APC (HX-005a, 40 points)."""

FAR = {
    "HX-001b": ("0112", S),
    "HX-009a": ("0110", S),
    "HX-010a": ("1818", N),
    "HX-001c": ("1618", N),
    "HX-007a": ("1418", N),
    "HX-005a": ("1218", N),
}
"""Where the units a test does not place wait, out of everyone's reach."""

_WH = ("HX-010a", "HX-001a")
"""The Warden held by the first Pathguard."""


def _arrange(places: dict[str, tuple[str, Facing]], **options: Any) -> AoDState:
    return arrange(GAME, {**FAR, **places}, **options)


def _held(state: AoDState, captive: str, escort: str) -> AoDState:
    """The state with ``captive`` held by ``escort`` (an earlier capture, AOD-14.3)."""
    index = unit(state, captive)
    return state.with_unit(index, attrs.evolve(state.units[index], captor=unit(state, escort)))


def _refused(state: AoDState, command: Command, code: str, message: str) -> None:
    with pytest.raises(IllegalCommand) as refused:
        play(state, [command])
    assert (refused.value.code, refused.value.message) == (code, message)


# ---- AOD-14.3: the capture roll ---------------------------------------------------------------


def test_a_capture_gives_plus_three_defense_and_makes_a_captive() -> None:
    """AOD-14.3 / AOD-26.17 #16: 14 + 8 = 22 reaches the Warden's 19 + 3; no damage is dealt."""
    state = _arrange({"HX-001a": ("0505", S), "HX-010a": ("0506", N)})
    squad, warden = unit(state, "HX-001a"), unit(state, "HX-010a")
    state, events = play(state, [CloseCombat("HX-001a", "HX-010a", capture=True)], [5, 5, 4])
    assert close_rolls(events) == [
        OrderGiven(squad, OrderKind.CLOSE, pushed=False, tokens=1),
        CloseRoll(squad, warden, (5, 5, 4), 8, 22, hit=True, capture=True),
        UnitCaptured(warden, captor=squad),
    ]
    assert state.units[warden].captor == squad
    assert state.captive_of(squad) == warden
    assert state.units[warden].dial == DialStatus(click=0)


def test_a_failed_capture_costs_the_squad_one_click_nothing_prevents() -> None:
    """AOD-14.3 / AOD-26.17 #16: 13 + 8 = 21 is short of 22: the squad takes 1 pushing click."""
    state = _arrange({"HX-001a": ("0505", S), "HX-010a": ("0506", N)})
    squad, warden = unit(state, "HX-001a"), unit(state, "HX-010a")
    state, events = play(state, [CloseCombat("HX-001a", "HX-010a", capture=True)], [5, 5, 3])
    assert close_rolls(events)[1:] == [
        CloseRoll(squad, warden, (5, 5, 3), 8, 22, hit=False, capture=True),
        UnitDamaged(squad, DamageKind.PUSHING, 1, 1, 1, "failed capture"),
    ]
    assert state.units[warden].captor is None


def test_a_captured_vtol_is_eliminated_instead() -> None:
    """AOD-14.3 / AOD-26.17 #16: 12 + 8 = 20 reaches the Gadfly's 17 + 3: it is eliminated."""
    state = _arrange({"HX-001a": ("0505", S), "HX-007a": ("0506", N)})
    gadfly = unit(state, "HX-007a")
    state, events = play(state, [CloseCombat("HX-001a", "HX-007a", capture=True)], [4, 4, 4])
    assert events[-1] == UnitEliminated(gadfly, scorer=0, points=50)
    assert state.elimination[0] == 50
    assert not state.units[gadfly].on_board


def test_only_foot_infantry_captures() -> None:
    """AOD-14.3: the Kestrel may fight the Warden but not capture it."""
    state = _arrange({"HX-009a": ("0505", S), "HX-010a": ("0506", N)})
    _refused(
        state,
        CloseCombat("HX-009a", "HX-010a", capture=True),
        AoDCode.NOT_ALLOWED,
        "Only Foot infantry may capture.",
    )
    assert CloseCombat("HX-009a", "HX-010a", capture=True) not in legal_commands(state)


def test_capturing_the_last_functional_enemy_ends_the_game_with_double_vp() -> None:
    """AOD-22.1 / AOD-22.2 (b): a captive is not functional; the captive 'Mech scores 2 x 185.

    Red's control VP: its Pathguard (12) and the captive Warden (370).
    """
    game = armed(["HX-001"], ["HX-010"])
    state = arrange(game, {"HX-001a": ("0505", S), "HX-010a": ("0506", N)})
    state, _ = play(state, [CloseCombat("HX-001a", "HX-010a", capture=True)], [5, 5, 4])
    assert state.result is not None
    assert state.result.reason == "only Red has a functional unit left"
    assert state.result.scores[0].control == 12 + 2 * 185
    assert state.result.scores[1].control == 0
    assert state.result.winner == 0


# ---- AOD-14.4: what captives and escorts may do ------------------------------------------------


def test_a_captive_takes_no_order_and_is_never_attacked() -> None:
    """AOD-14.4 / AOD-26.17 #16: a captive takes no order and is never attacked.

    The captive Warden gets no order on Blue's turn, and Red's Kestrel may not attack it.
    """
    places = {"HX-001a": ("0505", S), "HX-010a": ("0506", N), "HX-009a": ("0607", NW)}
    state = _held(_arrange(places), "HX-010a", "HX-001a")
    _refused(
        state,
        CloseCombat("HX-009a", "HX-010a"),
        AoDCode.NOT_ALLOWED,
        "A captive can never be attacked.",
    )
    blue = attrs.evolve(state, active=1)
    _refused(
        blue,
        MoveUnit("HX-010a", H("0507"), N),
        AoDCode.NOT_ALLOWED,
        "Warden WD-5H is a captive: it cannot be given orders.",
    )
    assert all(getattr(c, "unit", "") != "HX-010a" for c in legal_commands(blue))


def test_an_escort_only_moves_and_cannot_itself_be_captured() -> None:
    """AOD-14.4 / AOD-26.17 #16: an escort takes Move orders only and cannot be captured.

    It can still be close-attacked.
    """
    places = {"HX-001a": ("0505", S), "HX-010a": ("0506", N), "HX-001c": ("0504", S)}
    state = _held(_arrange(places), "HX-010a", "HX-001a")
    _refused(
        state,
        CloseCombat("HX-001a", "HX-001c"),
        AoDCode.NOT_ALLOWED,
        "Pathguard Rifle Squad is guarding a captive: it can only move.",
    )
    blue = attrs.evolve(state, active=1)
    _refused(
        blue,
        CloseCombat("HX-001c", "HX-001a", capture=True),
        AoDCode.NOT_ALLOWED,
        "A unit holding a captive cannot be captured.",
    )
    play(blue, [CloseCombat("HX-001c", "HX-001a")], [3, 3, 3])  # a close attack is allowed


def test_an_escort_of_a_captured_mech_stays_beside_it() -> None:
    """AOD-14.4: a captured 'Mech never moves; its escort may not end out of contact."""
    places = {"HX-001a": ("0505", S), "HX-010a": ("0506", N)}
    state = _held(_arrange(places), "HX-010a", "HX-001a")
    warden = unit(state, "HX-010a")
    _refused(
        state,
        MoveUnit("HX-001a", H("0504"), S),
        AoDCode.UNREACHABLE,
        "HX-001a cannot take its captive HX-010a to 0504 this turn.",
    )
    state, events = play(state, [MoveUnit("HX-001a", H("0405"), SE)])
    assert not any(isinstance(e, UnitMoved) and e.unit == warden for e in events)
    assert state.units[warden].hex == H("0506")
    assert MoveUnit("HX-001a", H("0504"), S) not in legal_commands(_held(_arrange(places), *_WH))


def test_a_captive_squad_moves_with_its_escort() -> None:
    """AOD-14.4 / AOD-26.7: the captive Pathguard is set down beside its escort's final hex."""
    places = {"HX-001a": ("0505", S), "HX-001c": ("0506", N)}
    state = _held(_arrange(places), "HX-001c", "HX-001a")
    captive = unit(state, "HX-001c")
    state, events = play(state, [MoveUnit("HX-001a", H("0509"), S)])
    moved = [e for e in events if isinstance(e, UnitMoved)]
    assert len(moved) == 2
    assert moved[1].unit == captive
    placed = state.units[captive].hex
    assert placed is not None
    assert placed.distance(H("0509")) == 1


def test_the_escorts_elimination_frees_its_captive() -> None:
    """AOD-14.4: the escort is eliminated: the captive Warden is freed and takes orders again."""
    places = {"HX-001a": ("0505", S), "HX-010a": ("0506", N), "HX-001c": ("0504", S)}
    state = _held(_arrange(places, active=1, dials={"HX-001a": DialStatus(click=3)}), *_WH)
    squad, warden = unit(state, "HX-001a"), unit(state, "HX-010a")
    state, events = play(state, [CloseCombat("HX-001c", "HX-001a")], [3, 3, 3])
    assert events[-3:] == [
        UnitDamaged(squad, DamageKind.CLOSE, 1, 4, 0, "close combat", by=1),
        UnitEliminated(squad, scorer=1, points=12),
        CaptiveFreed(warden),
    ]
    assert state.units[warden].captor is None
    assert any(getattr(c, "unit", "") == "HX-010a" for c in legal_commands(state))


# ---- AOD-22.2: captives' victory points -------------------------------------------------------


@pytest.mark.parametrize(("where", "vp"), [("1002", 2 * 12), ("0505", 0)])
def test_a_captive_squad_scores_double_only_in_the_captors_zone(where: str, vp: int) -> None:
    """AOD-22.2 (c) / AOD-26.17 #16: 2 x 12 inside Red's zone (top rows), nothing outside."""
    escort_at = H(where).neighbor(S).label
    places = {"HX-001a": (escort_at, S), "HX-001c": (where, N)}
    state = _held(_arrange(places), "HX-001c", "HX-001a")
    survivors = 12 + 12 + 110  # Red's two Pathguards and the Kestrel
    assert final_scores(state)[0].control == survivors + vp


def test_a_captive_mech_scores_double_anywhere_and_is_no_survivor() -> None:
    """AOD-22.2 (a), (b) / AOD-26.17 #16: the captive Warden is 2 x 185 to Red, 0 to Blue."""
    places = {"HX-001a": ("0909", S), "HX-010a": ("0910", N)}
    state = _held(_arrange(places), *_WH)
    assert final_scores(state)[0].control == 12 + 12 + 110 + 2 * 185
    assert final_scores(state)[1].control == 12 + 50 + 40
    assert game_over_reason(state) is None


def test_a_captive_gets_no_order_after_the_turn_passes() -> None:
    """AOD-14.4: on Blue's own turn the captive is skipped; its old tokens go at clean-up."""
    places = {"HX-001a": ("0505", S), "HX-010a": ("0506", N)}
    state = _held(_arrange(places, tokens={"HX-010a": 1}), *_WH)
    state, _ = play(state, [EndTurn()])
    assert state.active == 1
    state, _ = play(state, [EndTurn()])
    assert state.units[unit(state, "HX-010a")].tokens == 0


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("capture HX-001a at HX-010a", CloseCombat("HX-001a", "HX-010a", capture=True)),
        ("close HX-001a at HX-010a", CloseCombat("HX-001a", "HX-010a")),
    ],
)
def test_capture_orders_read_and_write(text: str, command: CloseCombat) -> None:
    """The command language: ``capture UNIT at TARGET``, written as it is read."""
    state = _arrange({})
    assert parse_command(text, state) == command
    assert format_command(command) == text


def test_a_capture_is_told_with_its_dice() -> None:
    """The log says the capture roll and its outcome in plain words."""
    state = _arrange({"HX-001a": ("0505", S), "HX-010a": ("0506", N)})
    command = CloseCombat("HX-001a", "HX-010a", capture=True)
    told, _ = tell(0, command, decide(state, command, ScriptedDice((5, 5, 4))), state)
    assert [t.text for t in told] == [
        "capture HX-001a at HX-010a",
        "Pathguard Rifle Squad (HX-001a) gets a close order.",
        (
            "Pathguard Rifle Squad (HX-001a) tries to capture Warden WD-5H (HX-010a): 5+5+4 +8 = 22"
            " vs 22 (defense 19, +3 capture attempt), captures it."
        ),
        "Warden WD-5H (HX-010a) is now a captive of Pathguard Rifle Squad (HX-001a).",
    ]


def test_a_withdrawal_scores_its_held_units_and_frees_those_it_held() -> None:
    """AOD-22.4 / AOD-14.4: a withdrawal scores its captive units for their holders, frees its own.

    Blue withdraws: its Warden, held by Red's escort, scores its 185 for Red at once, as if
    eliminated, and leaves; the Red Pathguard Blue's squad held goes free.
    """
    places = {
        "HX-001a": ("0505", S),
        "HX-010a": ("0506", N),
        "HX-001c": ("0909", N),
        "HX-001b": ("0908", S),
    }
    state = _held(_held(_arrange(places, active=1), *_WH), "HX-001b", "HX-001c")
    warden, held = unit(state, "HX-010a"), unit(state, "HX-001b")
    leaving = tuple(unit(state, u) for u in ("HX-001c", "HX-007a", "HX-005a"))
    state, events = play(state, [WithdrawForce()])
    assert events[:3] == [
        ForceWithdrawn(1, leaving),
        UnitEliminated(warden, scorer=0, points=185),
        CaptiveFreed(held),
    ]
    assert not state.units[warden].on_board
    assert state.captive_of(unit(state, "HX-001a")) is None  # the escort is free again
    assert state.result is not None
    assert state.result.scores[0].elimination == 185
    assert state.result.scores[0].control == 12 + 12 + 110


@pytest.mark.parametrize(("click", "reach"), [(0, True), (2, False)])
def test_the_pair_moves_at_the_lower_speed(click: int, reach: bool) -> None:
    """AOD-14.4 / AOD-26.7: the escort and its captive move at the lower of their speeds.

    A squad of speed 6 with a captive squad goes 6 hexes south when the captive also has 6,
    only 5 when the captive shows click 2 (speed 5).
    """
    places = {"HX-001a": ("0505", S), "HX-001c": ("0506", N)}
    state = _held(
        _arrange(places, dials={"HX-001c": DialStatus(click=click)}), "HX-001c", "HX-001a"
    )
    command = MoveUnit("HX-001a", H("0511"), S)
    assert (command in legal_commands(state)) is reach
    if reach:
        play(state, [command])
    else:
        _refused(
            state,
            command,
            AoDCode.UNREACHABLE,
            "HX-001a cannot take its captive HX-001c to 0511 this turn.",
        )
        play(state, [MoveUnit("HX-001a", H("0510"), S)])


def test_a_captive_is_never_a_ranged_target() -> None:
    """AOD-14.4 / AOD-11.7 / AOD-26.17 #16: no ranged attack at a captive, none listed.

    The Kestrel three hexes south of the captive Warden may not fire at it (combat reads the
    captive flag from `engine.aod.fighters.combatant`, for every order).
    """
    places = {"HX-001a": ("0505", S), "HX-010a": ("0506", N), "HX-009a": ("0509", N)}
    state = _held(_arrange(places), "HX-010a", "HX-001a")
    with pytest.raises(IllegalCommand) as refused:
        play(state, [RangedAttack("HX-009a", ("HX-010a",))])
    assert refused.value.code == "attack/captive"
    assert "a captive can never be attacked" in refused.value.message
    listed = [c for c in legal_commands(state) if isinstance(c, RangedAttack)]
    assert all("HX-010a" not in c.targets for c in listed)


def test_a_capture_ends_the_locks_on_the_captive() -> None:
    """AOD-21.1 / AOD-14.3: a lock lasts until its target is destroyed or captured.

    The Kestrel bound to the Warden is free once the Pathguard captures it; the Warden's own
    lock ends too (a captive attacks no one).
    """
    state = _arrange({"HX-001a": ("0505", S), "HX-010a": ("0506", N)})
    kestrel, warden, squad = unit(state, "HX-009a"), unit(state, "HX-010a"), unit(state, "HX-001a")
    state = state.with_unit(kestrel, attrs.evolve(state.units[kestrel], locked_on=warden))
    state = state.with_unit(warden, attrs.evolve(state.units[warden], locked_on=squad))
    state, _ = play(state, [CloseCombat("HX-001a", "HX-010a", capture=True)], [5, 5, 4])
    assert state.units[warden].captor == squad
    assert (state.units[kestrel].locked_on, state.units[warden].locked_on) == (None, None)


def test_a_captured_transport_unloads_its_passengers_with_a_click_each() -> None:
    """AOD-9.2 / AOD-26.17 #16: capturing a loaded APC sets its passengers down, 1 click each.

    The Blue Pathguard rides in the Bastion APC the Red Pathguard captures: it takes 1 click and
    is set down behind the APC, touching no enemy of its side, free (not a captive).
    """
    state = _arrange({"HX-001a": ("0505", S), "HX-005a": ("0506", N)})
    squad, apc, rider = unit(state, "HX-001a"), unit(state, "HX-005a"), unit(state, "HX-001c")
    state = state.with_unit(rider, attrs.evolve(state.units[rider], hex=None, aboard=apc))
    state, events = play(state, [CloseCombat("HX-001a", "HX-005a", capture=True)], [6, 6, 6])
    assert UnitCaptured(apc, captor=squad) in events
    hurt = [e for e in events if isinstance(e, UnitDamaged)]
    assert [(e.unit, e.clicks, e.cause, e.by) for e in hurt] == [
        (rider, 1, "captured transport", 0)
    ]
    (unloaded,) = [e for e in events if isinstance(e, UnitsUnloaded)]
    assert (unloaded.transport, unloaded.captured) == (apc, True)
    assert [d.unit for d in unloaded.placed] == [rider]
    free = state.units[rider]
    assert (free.aboard, free.captor, free.dial.click) == (None, None, 1)
    assert free.hex is not None
    assert free.hex.distance(H("0506")) == 1
    assert free.hex.distance(H("0505")) > 1
