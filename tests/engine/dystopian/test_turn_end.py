"""Victory: Victory Points, Field Orders and the victory levels (DW-22.4, DW-22.5).

DW-28.13 item 14: Field Orders with the instant win, VP with the prize and half-HP rules, the
victory levels (the game length is in test_turn_activation).
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from engine.dystopian.commands import Activate, MoveModel
from engine.dystopian.events import GameEnded
from engine.dystopian.fleet import Squadron
from engine.dystopian.models import MarRef
from engine.dystopian.state import DWState, FieldOrder, Markers, Result, Stage, VictoryLevel
from engine.dystopian.victory import judge, order_met, victory_level, victory_points
from engine.hexes import Facing
from tests.engine.dystopian._game import arrange, card, fleet, play, setup, squadron

N, S = Facing.N, Facing.S

RED = fleet(squadron("BB", 1, escorts=1), squadron("CR", 3), commodore=0, mfv=400)
"""Red: BB-1 (150) with ES-1 (15), CR-1 to CR-3 (50 each): 315 points of a 400 MFV."""
BLUE = fleet(squadron("BB", 1), squadron("FF", 3), commodore=0, mfv=400)
"""Blue: BB-2 (150), FF-1 to FF-3 (20 each)."""
GAME = setup(RED, BLUE)
PLACES = {
    "BB-1": ("0503", S),
    "ES-1": ("0603", S),
    "CR-1": ("1003", S),
    "CR-2": ("1103", S),
    "CR-3": ("1203", S),
    "BB-2": ("0520", N),
    "FF-1": ("1020", N),
    "FF-2": ("1120", N),
    "FF-3": ("1220", N),
}


def _with(state: DWState, ident: str, **changes: Any) -> DWState:
    index = state.index_of(ident)
    assert index is not None
    return state.with_model(index, attrs.evolve(state.models[index], **changes))


def test_a_lost_model_scores_its_cost_and_an_escort_nothing() -> None:
    """DW-22.5: full points for a lost model; never any for escorts."""
    state = arrange(GAME, PLACES)
    state = _with(_with(state, "CR-1", lost=True), "ES-1", lost=True)
    assert victory_points(state, 1) == 50
    assert victory_points(state, 0) == 0


def test_half_the_starting_hull_or_less_scores_half_the_cost() -> None:
    """DW-22.5: a BB (HP 8) with 4 Hull Damage is at half: 75 VP; with 3, nothing yet."""
    state = arrange(GAME, PLACES)
    assert victory_points(_with(state, "BB-2", hull_damage=3), 0) == 0
    assert victory_points(_with(state, "BB-2", hull_damage=4), 0) == 75


def test_a_prize_scores_double() -> None:
    """DW-22.5: an enemy model claimed as a Prize is worth twice its cost.

    A prize is a captured derelict still on the table with the captors aboard (DW-19.5); once
    destroyed it is no prize and scores its cost.
    """
    held = Markers(derelict=True, prize=True)
    state = _with(arrange(GAME, PLACES), "FF-1", markers=held)
    assert victory_points(state, 0) == 40
    sunk = _with(arrange(GAME, PLACES), "FF-1", lost=True, markers=held)
    assert victory_points(sunk, 0) == 20


@pytest.mark.parametrize(
    ("order", "lost", "met"),
    [
        (FieldOrder.LARGE, ["BB-2"], True),
        (FieldOrder.LARGE, ["FF-1", "FF-2", "FF-3"], False),
        (FieldOrder.COMMODORE, ["BB-2"], True),
        (FieldOrder.BASE_FORCE, ["BB-2", "FF-1", "FF-2"], False),
        (FieldOrder.BASE_FORCE, ["BB-2", "FF-1", "FF-2", "FF-3"], True),
        (FieldOrder.HALF_SMALL, ["BB-2", "FF-1"], False),  # 170 of 400
        (FieldOrder.HALF_SMALL, ["BB-2", "FF-1", "FF-2", "FF-3"], True),  # 210, Small among
        (FieldOrder.DEFAULT, ["BB-2", "FF-1", "FF-2", "FF-3"], False),  # 210 of 400 < 70%
    ],
)
def test_field_orders(order: FieldOrder, lost: list[str], met: bool) -> None:
    """DW-22.4: each order against Blue's fleet (MFV 400)."""
    state = arrange(GAME, PLACES, orders=(order, FieldOrder.DEFAULT))
    for ident in lost:
        state = _with(state, ident, lost=True)
    assert order_met(state, 0) is met


def test_half_the_fleet_value_with_a_small_model_among_the_losses() -> None:
    """DW-22.4 order 5 [INTERP]: 50% of the MFV in VP, a Small model among the losses."""
    small_blue = fleet(squadron("CR", 3), squadron("FF", 3), mfv=300)
    state = arrange(setup(RED, small_blue), {}, orders=(FieldOrder.HALF_SMALL, FieldOrder.DEFAULT))
    for ident in ("CR-4", "CR-5", "CR-6"):
        state = _with(state, ident, lost=True)
    assert not order_met(state, 0)  # 150 of 300, but no Small model
    state = _with(state, "FF-1", lost=True)
    assert order_met(state, 0)


@pytest.mark.parametrize(
    ("mine", "theirs", "level"),
    [
        (150, 100, VictoryLevel.CRUSHING),
        (149, 100, VictoryLevel.RESOUNDING),
        (130, 100, VictoryLevel.RESOUNDING),
        (110, 100, VictoryLevel.MARGINAL),
        (109, 100, VictoryLevel.DRAW),
        (20, 0, VictoryLevel.CRUSHING),
        (0, 0, VictoryLevel.DRAW),
    ],
)
def test_victory_levels(mine: int, theirs: int, level: VictoryLevel) -> None:
    """DW-22.5: 50% more VP is a Crushing Triumph, 30% Resounding, 10% Marginal, else a Draw."""
    assert victory_level(mine, theirs) is level


def test_the_result_names_the_side_with_more_points() -> None:
    """DW-22.5 / DW-22.6: at the end, Blue lost a frigate (20 VP) and Red nothing: Red wins."""
    state = _with(arrange(GAME, PLACES), "FF-1", lost=True)
    assert judge(state, "time") == Result("time", (20, 0), (False, False), 0, VictoryLevel.CRUSHING)
    assert judge(arrange(GAME, PLACES), "time").winner is None

    """DW-22.4: the instant a fleet fulfils its order it wins: Blue's flagship leaves the table."""
    """DW-22.4: the instant a fleet fulfils its order it wins (Blue's flagship leaves)."""
    places = {**PLACES, "BB-2": ("0524", S)}
    state = arrange(GAME, places, active=1, orders=(FieldOrder.COMMODORE, FieldOrder.DEFAULT))
    state, events = play(state, [Activate("BB-2"), MoveModel("BB-2", "F")])
    # The last move ends the movement; the order ends the game before any break check.
    assert events[-1] == GameEnded(
        Result(
            "Red fulfilled their Field Orders",
            (150, 0),
            (True, False),
            0,
            VictoryLevel.CRUSHING,
        )
    )
    assert state.stage is Stage.OVER


def test_a_strategic_objective_adds_its_value() -> None:
    """DW-22.5: a Strategic Objective (X) model captured or destroyed scores +X."""
    target = attrs.evolve(card("FF"), mars=(MarRef("strategic_objective", 25),))
    game = setup(RED, fleet(squadron("BB", 1), Squadron(target, 3), commodore=0, mfv=400))
    state = _with(arrange(game, PLACES), "FF-2", lost=True)
    assert victory_points(state, 0) == 20 + 25
