"""DW-12.7: a model whose bow is in contact may reverse out of it, Navigation Lock or not.

Found by ``hexmech sim dystopian`` (seed 2026, game 85): a cruiser rammed bow-first, then took a
Navigation Lock critical (DW-16.2 #9: no turn). At its next activation it had to move (DW-11.3),
could not step forward into the model its bow touched (DW-28.5), could not turn away (the lock)
and could not reverse without a direction arrow (DW-11.6): no legal move, and the game stalled.
DW-12.7 lets it reverse instead.
"""

from __future__ import annotations

import attrs

from engine.dystopian.commands import Activate, MoveModel
from engine.dystopian.movement import ContactKind
from engine.dystopian.rules import legal_commands
from engine.dystopian.state import Markers, RecordedContact
from engine.hexes import Facing
from tests.engine.dystopian._game import H, arrange, fleet, model, play, setup, squadron

GAME = setup(fleet(squadron("CR", 2)), fleet(squadron("FF", 3)))
PLACES = {"CR-1": ("1010", Facing.N), "CR-2": ("1110", Facing.N), "FF-1": ("1009", Facing.S)}


def _stuck(*, nav_lock: bool):
    """CR-1's bow against FF-1 (a resolved ram of an earlier turn), CR-1's squadron active."""
    state = arrange(GAME, PLACES, markers={"CR-1": Markers(nav_lock=nav_lock)})
    rammed = RecordedContact(
        model(state, "CR-1"), ContactKind.RAM, H("1009"), model(state, "FF-1"), bow=True
    )
    state = attrs.evolve(state, contacts=(attrs.evolve(rammed, resolved=True),))
    state, _ = play(state, [Activate("CR-1")])
    return state


def test_a_locked_bow_in_contact_reverses_one_hex():
    """DW-12.7 / DW-28.4: one hex straight back, still facing its enemy; no arrow needed."""
    state = _stuck(nav_lock=True)

    listed = [c for c in legal_commands(state) if isinstance(c, MoveModel) and c.model == "CR-1"]
    state, _ = play(state, [MoveModel("CR-1", "B")])

    assert listed == [MoveModel("CR-1", "B")]  # forward into FF-1, or any turn, is refused
    cruiser = state.models[model(state, "CR-1")]
    assert cruiser.hex == H("1011")
    assert cruiser.facing is Facing.N


def test_a_free_bow_in_contact_may_turn_away_or_reverse():
    """DW-12.7: without the lock it may turn the minimum (DW-28.5: one hexside) or reverse."""
    state = _stuck(nav_lock=False)

    listed = {c.path for c in legal_commands(state) if isinstance(c, MoveModel)}

    assert "B" in listed
    assert {"L", "R"} <= listed
