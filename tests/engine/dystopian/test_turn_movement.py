"""The Movement segment's special cases: levels, snaking, pieces moved aside (DW-11, DW-28.4)."""

from __future__ import annotations

import attrs
import pytest

from engine.dystopian.commands import Activate, MoveModel
from engine.dystopian.context import DWCode
from engine.dystopian.events import HazardKind, ModelDisplaced, ModelMoved, TerrainTested
from engine.dystopian.fleet import Squadron
from engine.dystopian.geometry import Level
from engine.dystopian.movement import ContactKind
from engine.dystopian.state import RecordedContact
from engine.dystopian.terrain import TerrainKind
from engine.game import IllegalCommand
from engine.hexes import Facing
from tests.engine.dystopian._game import H, Place, arrange, card, fleet, play, setup, squadron

N, NE, SE, S, SW, NW = Facing

NAVY = fleet(squadron("CR", 2), squadron("AS", 1))
"""Red: CR-1 and CR-2 (squadron 0), the airship AS-1 (squadron 1)."""
SUBS = fleet(squadron("SS", 2), squadron("FF", 3))
"""Blue: SS-1 and SS-2 (squadron 2), FF-1 to FF-3 (squadron 3)."""
GAME = setup(NAVY, SUBS)
PLACES: dict[str, Place] = {
    "CR-1": ("1003", S),
    "CR-2": ("1103", S),
    "AS-1": ("1503", S),
    "SS-1": ("1005", N, Level.SUBMERGED),
    "SS-2": ("2020", N),
    "FF-1": ("3020", N),
}


def test_a_surface_model_passes_over_a_submerged_one_and_moves_it_aside() -> None:
    """DW-11.1 / DW-11.10: levels pass; a piece under the end hex moves to the nearest free hex."""
    state = arrange(GAME, PLACES)
    state, events = play(state, [Activate("CR-1"), MoveModel("CR-1", "FF")])
    assert events[1] == ModelMoved(0, (H("1003"), H("1004"), H("1005")), S, Level.SURFACE, 2)
    displaced = events[2]
    assert isinstance(displaced, ModelDisplaced)
    assert displaced.model == 3
    assert displaced.hex.distance(H("1005")) == 1
    assert state.models[3].hex == displaced.hex


def test_a_flyer_declares_an_obscured_move_and_a_ship_cannot_fly() -> None:
    """DW-11.8: an obscured move is declared before moving and kept for the activation."""
    state = arrange(GAME, PLACES)
    state, events = play(state, [Activate("AS-1"), MoveModel("AS-1", "FF", level=Level.OBSCURED)])
    moved = events[-2]
    assert isinstance(moved, ModelMoved)
    assert moved.level is Level.OBSCURED
    assert state.models[2].level is Level.OBSCURED
    ships, _ = play(arrange(GAME, PLACES), [Activate("CR-1")])
    with pytest.raises(IllegalCommand) as refused:
        play(ships, [MoveModel("CR-1", "F", level=Level.FLYING)])
    assert (refused.value.code, refused.value.message) == (
        DWCode.PATH,
        "Only flyers move in the air.",
    )


def test_a_submarine_may_dive_for_its_activation() -> None:
    """DW-11.9: a diving model declares a submerged move before it moves."""
    state = arrange(GAME, {**PLACES, "SS-1": ("1015", N)}, active=1)
    state, _ = play(state, [Activate("SS-1"), MoveModel("SS-1", "F", level=Level.SUBMERGED)])
    assert state.models[3].level is Level.SUBMERGED


def test_snaking_turns_call_for_the_size_test_and_a_failure_stops_the_model() -> None:
    """DW-11.5 / DW-28.4: after two reversals every turn is tested; a 1 stops a Small model.

    The failure is a collision with Medium terrain on land (8 dice).
    """
    fast = attrs.evolve(card("TK"), mv=12)  # 6 hexes, turning limit 0, no minimum
    game = setup(fleet(Squadron(fast, 3)), fleet(squadron("TK", 3)), base=TerrainKind.GROUND)
    places = {"TK-1": ("1010", S), "TK-2": ("0810", S), "TK-3": ("0809", S), "TK-4": ("3020", N)}
    state, events = play(
        arrange(game, places), [Activate("TK-1"), MoveModel("TK-1", "LFRFLFRFLF")], [1]
    )
    assert events[1] == TerrainTested(0, HazardKind.SNAKING, (1,), failed=True)
    moved = events[2]
    assert isinstance(moved, ModelMoved)
    assert len(moved.hexes) == 5  # stopped where the fifth turn was made
    assert moved.contact == RecordedContact(0, ContactKind.TERRAIN, moved.hexes[-1], dice=8)
    assert state.models[0].hex == moved.hexes[-1]


def test_a_flyer_declares_its_ram_and_stops_in_the_hex_before() -> None:
    """DW-12.1 / DW-28.5: flyers never collide by accident; a declared ram (RR 0: a collision)."""
    game = setup(NAVY, fleet(squadron("AS", 1), squadron("FF", 3)))
    places: dict[str, Place] = {
        "CR-1": ("1003", S),
        "CR-2": ("1103", S),
        "AS-1": ("1503", S),
        "AS-2": ("1506", N),
        "FF-1": ("3020", N),
    }
    state, _ = play(arrange(game, places), [Activate("AS-1")])
    # the squadron has moved: the collision is rolled, 6 dice each (DW-12.4), all missing
    _, events = play(state, [MoveModel("AS-1", "FFF", rams=(H("1506"),))], [1] * 12)
    moved = events[0]
    assert isinstance(moved, ModelMoved)
    assert moved.hexes[-1] == H("1505")
    assert moved.contact == RecordedContact(2, ContactKind.COLLISION, H("1506"), other=3, bow=True)
    _, events = play(state, [MoveModel("AS-1", "FFFF")])  # undeclared: it flies over
    assert isinstance(events[0], ModelMoved)
    assert events[0].hexes[-1] == H("1507")
    cruisers, _ = play(arrange(game, places), [Activate("CR-1")])
    with pytest.raises(IllegalCommand) as refused:
        play(cruisers, [MoveModel("CR-1", "F", rams=(H("1005"),))])
    assert refused.value.message == "Only flyers and submerged models declare a ram before moving."
