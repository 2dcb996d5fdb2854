"""The Repair SE used through a Ranged order, with forced dice (AOD-17.2, AOD-26.14, AOD-11.4).

AOD-26.17 item 20 at the order level: a friend in contact, 3d6 + attack >= 17 repairs a click,
a critical repairs one more and stops at the starting marker, a fumble costs the friend a
pushing click; who may be repaired.
"""

from __future__ import annotations

import pytest

from engine.aod.commands import RepairUnit
from engine.aod.dial import DamageKind
from engine.aod.events import OrderGiven, RepairAttempted, UnitDamaged, UnitRepaired
from engine.aod.language import format_command, parse_command
from engine.aod.rules import legal_commands
from engine.aod.state import AoDState, OrderKind
from engine.aod.status import DialStatus
from engine.game import Command, IllegalCommand
from engine.hexes import Facing
from tests.engine.aod._game import arrange, play, setup, unit

N, NE, SE, S, SW, NW = Facing
GAME = setup(["HX-003", "HX-001", "HX-007"], ["HX-010"])
"""Red: the Field Repair Team (attack 8, Repair), a Pathguard (cross), a Gadfly (crosshair)."""
PLACES = {
    "HX-003a": ("0505", S),
    "HX-001a": ("0506", N),
    "HX-007a": ("0604", S),
    "HX-010a": ("1515", N),
}


def _state(**clicks: int) -> AoDState:
    dials = {name.replace("_", "-"): DialStatus(c) for name, c in clicks.items()}
    return arrange(GAME, PLACES, dials=dials)


def _refused(state: AoDState, command: Command, message: str) -> None:
    with pytest.raises(IllegalCommand) as refused:
        play(state, [command])
    assert (refused.value.code, refused.value.message) == ("repair/not_allowed", message)


def test_a_roll_of_17_repairs_one_click_through_a_ranged_order() -> None:
    """AOD-26.14: 4+4+1 + 8 = 17: the Pathguard on click 2 goes back to click 1."""
    state = _state(HX_001a=2)
    team, squad = unit(state, "HX-003a"), unit(state, "HX-001a")
    state, events = play(state, [RepairUnit("HX-003a", "HX-001a")], dice=[4, 4, 1])
    assert events == [
        OrderGiven(team, OrderKind.RANGED, pushed=False, tokens=1),
        RepairAttempted(team, squad, (4, 4, 1), 8, success=True),
        UnitRepaired(squad, 1, 1, "repair"),
    ]
    assert state.units[squad].dial.click == 1


def test_a_roll_of_16_repairs_nothing() -> None:
    """AOD-26.14: 4+3+1 + 8 = 16 < 17."""
    state, events = play(_state(HX_001a=2), [RepairUnit("HX-003a", "HX-001a")], dice=[4, 3, 1])
    assert not any(isinstance(e, UnitRepaired) for e in events)
    assert state.units[unit(state, "HX-001a")].dial.click == 2


def test_a_critical_repairs_one_more_and_stops_at_the_start() -> None:
    """AOD-11.4 / AOD-17.2: 6+6 repairs 2 from click 2, stopping at the starting marker (0)."""
    state, events = play(_state(HX_001a=2), [RepairUnit("HX-003a", "HX-001a")], dice=[6, 6, 1])
    assert UnitRepaired(unit(state, "HX-001a"), 2, 0, "repair") in events
    state, events = play(_state(HX_001a=1), [RepairUnit("HX-003a", "HX-001a")], dice=[6, 6, 1])
    assert UnitRepaired(unit(state, "HX-001a"), 1, 0, "repair") in events


def test_a_fumble_costs_the_friend_a_pushing_click() -> None:
    """AOD-11.4: white 1+1 (total 1+1+6 + 8 = 16 either way): failure and 1 pushing click."""
    state, events = play(_state(HX_001a=1), [RepairUnit("HX-003a", "HX-001a")], dice=[1, 1, 6])
    squad = unit(state, "HX-001a")
    assert UnitDamaged(squad, DamageKind.PUSHING, 1, 2, 0, "repair fumble") in events
    assert state.units[squad].dial.click == 2


def test_who_may_be_repaired() -> None:
    """AOD-26.14: not itself, not a crosshair unit, not an undamaged one, only in contact."""
    state = _state(HX_001a=2, HX_007a=2)
    _refused(state, RepairUnit("HX-003a", "HX-003a"), "HX-003a cannot repair itself.")
    _refused(
        state,
        RepairUnit("HX-003a", "HX-007a"),
        "Gadfly VTOL Gunship cannot be repaired in the field.",
    )
    _refused(_state(), RepairUnit("HX-003a", "HX-001a"), "Pathguard Rifle Squad is undamaged.")
    apart = arrange(GAME, {**PLACES, "HX-001a": ("0508", N)}, dials={"HX-001a": DialStatus(2)})
    _refused(
        apart,
        RepairUnit("HX-003a", "HX-001a"),
        "HX-003a must be in base contact with HX-001a to repair it.",
    )
    _refused(state, RepairUnit("HX-001a", "HX-003a"), "HX-001a shows no Repair equipment.")
    repairs = [c for c in legal_commands(state) if isinstance(c, RepairUnit)]
    assert repairs == [RepairUnit("HX-003a", "HX-001a")]
    assert parse_command(format_command(repairs[0]), state) == repairs[0]
