"""A model with no legal move at all stays put, so an activation can always end (DW-11.3, DW-28.5).

[INTERP] The digest never says what a model does that must make its minimum move (DW-11.3) but has
no move the rules allow: its bow against a model it may neither turn away from (a Navigation
Lock) nor reverse from (a card that forbids reversing, DW-11.6), an Immovable card with a
minimum (DW-24), an Engine Failure that halves its MV below its minimum. It stays where it is, as
a contact stops a mover "ignoring its minimum move" (DW-28.5); before, ``legal_commands`` listed
no way on and the game stalled.
"""

from __future__ import annotations

import attrs

from engine.dystopian.commands import Activate, EndActivation, MoveModel
from engine.dystopian.fleet import Squadron
from engine.dystopian.movement import ContactKind
from engine.dystopian.moving import must_move, stuck
from engine.dystopian.rules import legal_commands
from engine.dystopian.state import DWState, Markers, RecordedContact
from engine.hexes import Facing
from tests.engine.dystopian._game import H, arrange, card, fleet, model, play, setup, squadron

BLUE = fleet(squadron("FF", 3))
PLACES = {"CR-1": ("1010", Facing.N), "CR-2": ("1110", Facing.N), "FF-1": ("1009", Facing.S)}


def _bow_against_ff1(*, can_reverse: bool, nav_lock: bool) -> DWState:
    """CR-1's bow against FF-1 (a resolved ram of an earlier turn); CR-1's squadron active."""
    cruiser = attrs.evolve(card("CR"), can_reverse=can_reverse)
    game = setup(fleet(Squadron(cruiser, 2)), BLUE)
    state = arrange(game, PLACES, markers={"CR-1": Markers(nav_lock=nav_lock)})
    rammed = RecordedContact(
        model(state, "CR-1"), ContactKind.RAM, H("1009"), model(state, "FF-1"), bow=True
    )
    state = attrs.evolve(state, contacts=(attrs.evolve(rammed, resolved=True),))
    state, _ = play(state, [Activate("CR-1")])
    return state


def _moves_of(state: DWState, ident: str) -> list[MoveModel]:
    return [c for c in legal_commands(state) if isinstance(c, MoveModel) and c.model == ident]


def test_a_locked_bow_that_may_not_reverse_stays_and_the_activation_ends() -> None:
    """No forward step into FF-1 (DW-28.5), no turn (the lock), no reverse (the card): it stays."""
    state = _bow_against_ff1(can_reverse=False, nav_lock=True)
    cruiser = model(state, "CR-1")

    assert _moves_of(state, "CR-1") == []
    assert stuck(state, cruiser)
    state, _ = play(state, [MoveModel("CR-2", "F")])
    assert must_move(state) == ()
    assert EndActivation() in legal_commands(state)
    state, _ = play(state, [EndActivation()])
    assert state.models[cruiser].hex == H("1010")


def test_a_bow_that_may_reverse_is_not_stuck() -> None:
    """DW-12.7: with reversing allowed it must still move (one hex back), as before."""
    state = _bow_against_ff1(can_reverse=True, nav_lock=True)

    assert _moves_of(state, "CR-1") == [MoveModel("CR-1", "B")]
    assert not stuck(state, model(state, "CR-1"))
    assert model(state, "CR-1") in must_move(state)
    assert EndActivation() not in legal_commands(state)


def test_an_immovable_model_with_a_minimum_may_end_its_activation() -> None:
    """DW-24 Immovable on a card with a 2" minimum (DW-11.3): no move, the activation ends."""
    game = setup(fleet(squadron("CR", 1, mars=["immovable"])), BLUE)
    state = arrange(game, {"CR-1": ("1010", Facing.N), "FF-1": ("1020", Facing.N)})
    state, _ = play(state, [Activate("CR-1")])

    assert _moves_of(state, "CR-1") == []
    assert legal_commands(state)[0] == EndActivation()
    state, _ = play(state, [EndActivation()])
    assert state.activation is None or state.activation.squadron != 0


def test_an_engine_failure_below_the_minimum_stays() -> None:
    """DW-28.4: MV 2" halved is 1": MP 0 on turn 1, under the 1-hex minimum; it stays put."""
    slow = attrs.evolve(card("CR"), mv=2)
    game = setup(fleet(Squadron(slow, 1)), BLUE)
    places = {"CR-1": ("1010", Facing.N), "FF-1": ("1020", Facing.N)}
    state = arrange(game, places, markers={"CR-1": Markers(half_mv=True)})
    state, _ = play(state, [Activate("CR-1")])

    assert state.mover(model(state, "CR-1")).mp == 0
    assert EndActivation() in legal_commands(state)


def test_the_rest_of_the_squadron_moves_after_a_stuck_commanded_element() -> None:
    """DW-9.3: the element moves first; a stuck element model does not hold the others back."""
    state = _bow_against_ff1(can_reverse=False, nav_lock=True)
    element = state.activation
    assert element is not None
    cruiser = model(state, "CR-1")
    state = attrs.evolve(state, activation=attrs.evolve(element, element=(cruiser,)))

    assert _moves_of(state, "CR-2")
    state, _ = play(state, [MoveModel("CR-2", "F")])
    assert EndActivation() in legal_commands(state)
