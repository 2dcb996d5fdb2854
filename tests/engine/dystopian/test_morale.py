"""Morale: command, break and bravery checks (DW-9.3, DW-10, DW-27 items 3 and 26).

DW-28.13 item 12: the commanded element, out-of-command effects, the three checks with their
modifiers, the Commodore, exempt model types.
"""

from __future__ import annotations

import attrs
import pytest

from engine.dice import ScriptedDice
from engine.dystopian.commands import Activate, EndActivation, MoveModel
from engine.dystopian.events import CheckKind, EndPhaseBegan, MoraleChecked
from engine.dystopian.morale import (
    CheckPlan,
    break_checks_due,
    check_plan,
    elements,
    half_lost,
    needed_successes,
    out_of_command,
    roll_check,
)
from engine.dystopian.state import Activation, DWState, Markers
from engine.hexes import Facing
from tests.engine.dystopian._game import arrange, fleet, play, setup, squadron

N, NE, SE, S, SW, NW = Facing

RED = fleet(squadron("BB", 1, escorts=1), squadron("CR", 3), commodore=0)
"""Red: BB-1 with ES-1 (squadron 0, the Commodore's), CR-1 to CR-3 (squadron 1)."""
BLUE = fleet(squadron("FF", 3), squadron("SS", 2))
"""Blue: FF-1 to FF-3 (squadron 2), SS-1 and SS-2 (squadron 3): submarines take no checks."""
GAME = setup(RED, BLUE)
PLACES = {
    "BB-1": ("0503", S),
    "ES-1": ("0603", S),
    "CR-1": ("1503", S),
    "CR-2": ("1603", S),
    "CR-3": ("1703", S),
    "FF-1": ("0520", N),
    "FF-2": ("0620", N),
    "FF-3": ("0720", N),
    "SS-1": ("1520", N),
    "SS-2": ("1620", N),
}
"""The Commodore 10 hexes from the cruisers (out of its 8-inch reach)."""


@pytest.mark.parametrize(
    ("commodore_lost", "lost_half", "needed"),
    [(False, False, 1), (True, False, 2), (False, True, 2), (True, True, 3)],
)
def test_successes_needed(commodore_lost: bool, lost_half: bool, needed: int) -> None:
    """DW-10.3: 1; 2 without the Commodore or with half the squadron lost; 3 with both."""
    assert needed_successes(commodore_lost=commodore_lost, half_lost=lost_half) == needed


def test_a_check_counts_successes_with_the_exploding_table() -> None:
    """DW-10.3 / DW-2.1: 1-3 nothing, 4-5 one, 6 two and another die."""
    rolled = roll_check(ScriptedDice([6, 3, 5, 1]), CheckPlan(3, 2))
    assert (rolled.faces, rolled.successes, rolled.passed) == ((6, 3, 5, 1), 3, True)
    rolled = roll_check(ScriptedDice([4, 3, 2]), CheckPlan(3, 2))
    assert (rolled.successes, rolled.passed) == (1, False)


def test_the_pool_and_its_modifiers() -> None:
    """DW-10.3: 3D6; +1D6 near the Commodore; -1D6 out of command; Icon +1D6 but not for command."""
    state = arrange(GAME, PLACES)
    assert check_plan(state, CheckKind.BREAK, 1, (2, 3, 4)) == CheckPlan(3, 1)
    assert check_plan(state, CheckKind.COMMAND, 1, (2,)) == CheckPlan(2, 1)
    near = arrange(GAME, {**PLACES, "BB-1": ("1306", S)})
    assert check_plan(near, CheckKind.BREAK, 1, (2, 3, 4)) == CheckPlan(4, 1)
    icon = setup(fleet(squadron("BB", 1, mars=["icon"]), squadron("CR", 3), commodore=0), BLUE)
    iconic = arrange(icon, {"BB-1": ("1505", S), **{k: PLACES[k] for k in ("CR-1", "CR-2")}})
    assert check_plan(iconic, CheckKind.BRAVERY, 1, (1, 2)) == CheckPlan(5, 1)  # Commodore, Icon
    assert check_plan(iconic, CheckKind.COMMAND, 1, (1,)) == CheckPlan(3, 1)  # no Icon


def test_fearless_passes_and_die_hard_crew_adds_a_die() -> None:
    """DW-27 item 26: Fearless passes every check; Die Hard Crew adds 1D6 to every check."""
    bold = setup(
        fleet(squadron("CR", 3, mars=["fearless"]), squadron("FF", 3, mars=["die_hard_crew"])),
        BLUE,
    )
    places = {"CR-1": ("0503", S), "CR-2": ("0603", S), "FF-1": ("1003", S)}
    state = arrange(bold, places)
    assert check_plan(state, CheckKind.BREAK, 0, (0, 1)) == CheckPlan(0, 1, automatic=True)
    assert check_plan(state, CheckKind.COMMAND, 1, (3,)) == CheckPlan(3, 1)
    assert roll_check(ScriptedDice([]), CheckPlan(0, 1, automatic=True)).passed


def test_submarines_take_no_checks() -> None:
    """DW-10.2: no command, break or bravery checks for submarines (and burrowers, robots...)."""
    state = arrange(GAME, {**PLACES, "SS-2": ("2520", N)}, active=1)
    assert check_plan(state, CheckKind.COMMAND, 3, (9,)) is None
    _, events = play(state, [Activate("SS-1")])
    assert not any(isinstance(e, MoraleChecked) for e in events)


def test_elements_and_out_of_command() -> None:
    """DW-9.3 / DW-28.3: within 3 hexes of another model links; out of CD of the element."""
    state = arrange(GAME, {**PLACES, "CR-2": ("1803", S), "CR-3": ("2503", S)})
    assert elements(state, 1) == ((2, 3), (4,))
    assert out_of_command(state, 1, (2, 3)) == (4,)
    assert out_of_command(state, 1, (4,)) == (2, 3)


def test_losing_a_model_breaks_a_squadron_that_fails_its_break_check() -> None:
    """DW-10.2: a squadron that lost a model this activation tests in the morale segment."""
    places = {**PLACES, "FF-1": ("0501", N), "FF-2": ("0602", N), "FF-3": ("0702", N)}
    state = arrange(GAME, places, active=1)
    moves = [MoveModel("FF-1", "F"), MoveModel("FF-2", "F"), MoveModel("FF-3", "F")]
    state, events = play(state, [Activate("FF-1"), *moves, EndActivation()], [1, 1, 3])
    # FF-1 stepped off the table: 1 of 3 lost (not half), no Commodore in reach: 3D6, need 1.
    checks = [e for e in events if isinstance(e, MoraleChecked)]
    assert checks == [MoraleChecked(CheckKind.BREAK, 2, (6, 7), 3, 1, (1, 1, 3), 0, passed=False)]
    assert state.models[6].markers.broken
    assert state.models[7].markers.broken


def test_break_checks_due() -> None:
    """DW-10.2: losses trigger their squadron; escorts do not; the Commodore's loss triggers all."""
    state = arrange(GAME, PLACES)
    lost_cruiser = _lost(state, "CR-1")
    assert break_checks_due(lost_cruiser) == (1,)
    assert break_checks_due(_lost(state, "ES-1")) == ()
    assert break_checks_due(_lost(state, "BB-1")) == (0, 1)
    broken = arrange(GAME, PLACES, markers={"CR-2": Markers(broken=True)})
    assert break_checks_due(_lost(broken, "CR-1")) == ()  # already broken: ignored


def _lost(state: DWState, ident: str) -> DWState:
    index = state.index_of(ident)
    assert index is not None
    model = attrs.evolve(state.models[index], lost=True)
    state = state.with_model(index, model)
    if model.commodore:
        state = attrs.evolve(state, commodore_lost=(True, False))
    return attrs.evolve(state, activation=Activation(1, (2, 3, 4), losses=(index,)))


def test_losing_the_commodore_makes_every_squadron_test_needing_more() -> None:
    """DW-10.2 / DW-10.3: the flagship lost: each squadron tests, needing 2 (3 if half lost)."""
    places = {**PLACES, "BB-1": ("0501", N), "ES-1": ("0602", N)}
    state = arrange(GAME, places)
    moves = [MoveModel("BB-1", "F"), MoveModel("ES-1", "F")]
    state, events = play(state, [Activate("BB-1"), *moves, EndActivation()], [4, 5, 1, 4, 5, 4])
    checks = [e for e in events if isinstance(e, MoraleChecked)]
    assert checks == [
        MoraleChecked(CheckKind.BREAK, 0, (1,), 3, 3, (4, 5, 1), 2, passed=False),
        MoraleChecked(CheckKind.BREAK, 1, (2, 3, 4), 3, 2, (4, 5, 4), 3, passed=True),
    ]
    assert state.commodore_lost == (True, False)
    assert state.models[1].markers.broken
    assert half_lost(state, 0)


def test_a_broken_squadron_takes_a_bravery_check_after_its_activation() -> None:
    """DW-10.2 / DW-10.4 / DW-27 item 3: passing removes the Break marker."""
    broken = {n: Markers(broken=True) for n in ("CR-1", "CR-2", "CR-3")}
    state = arrange(GAME, PLACES, markers=broken)
    moves = [MoveModel(n, "F") for n in ("CR-1", "CR-2", "CR-3")]
    state, events = play(state, [Activate("CR-1"), *moves, EndActivation()], [2, 2, 5])
    assert events[-2] == MoraleChecked(
        CheckKind.BRAVERY, 1, (2, 3, 4), 3, 1, (2, 2, 5), 1, passed=True
    )
    assert not any(state.models[n].markers.broken for n in (2, 3, 4))


def test_a_break_gained_in_this_activation_is_not_rallied_in_it() -> None:
    """DW-10.4: a marker gained during the activation cannot be removed in the same one."""
    state = arrange(GAME, {**PLACES, "CR-3": ("2503", S)})
    moves = [MoveModel(n, "F") for n in ("CR-1", "CR-2", "CR-3")]
    state, events = play(state, [Activate("CR-1"), *moves, EndActivation()], [1, 1])
    assert [e.kind for e in events if isinstance(e, MoraleChecked)] == [CheckKind.COMMAND]
    assert state.models[4].markers.broken


def test_the_end_phase_bravery_toggle() -> None:
    """DW-27 item 3: End Phase step 4 tests broken squadrons only when the option is on."""
    broken = {"FF-1": Markers(broken=True), "FF-2": Markers(broken=True)}
    game = setup(RED, BLUE, end_phase_bravery=True)
    state = arrange(game, PLACES, markers=broken, activated=[0, 1, 3], active=1)
    moves = [MoveModel(n, "F") for n in ("FF-1", "FF-2", "FF-3")]
    dice = [1, 1, 1, 5, 5, 5, 3, 3, 1, 1]  # bravery after the activation fails; End Phase passes
    state, events = play(state, [Activate("FF-1"), *moves, EndActivation()], dice)
    at = events.index(EndPhaseBegan(1))
    assert [e.passed for e in events[:at] if isinstance(e, MoraleChecked)] == [False]
    assert [e.passed for e in events[at:] if isinstance(e, MoraleChecked)] == [True]
    assert not state.models[5].markers.broken
