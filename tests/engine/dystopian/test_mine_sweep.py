"""CC fired at mines through the turn machine (DW-18.6, DW-28.10, DW-28.13 item 9).

DW-28.13 item 9 asks for "mines (drop, trigger, blast, chain, CC sweep)": this is the sweep.
The worked example of DW-18.6: CC 6 against a mine of AD 5 scores 4 hits and the mine survives
(here BB-1's CC 4 combined with its escort ES-1's CC 2, squadron-mates in range). CC hits a mine
on 5-6; the hits must reach the mine's AD; only from 1-2 hexes, after moving; once an activation.
"""

from __future__ import annotations

import attrs
import pytest

from engine.dice import ScriptedDice
from engine.dystopian.aux_commands import FireAuxiliary
from engine.dystopian.commands import Activate, MoveModel
from engine.dystopian.language import format_command, parse_command
from engine.dystopian.narrate import tell
from engine.dystopian.rules import decide, legal_commands
from engine.dystopian.state import DWState, MineToken
from engine.dystopian.sweep_events import MineSwept, SweepMine
from engine.dystopian.terrain import mine_cc_reach
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.dystopian._game import arrange, fleet, model, play, setup, squadron

N, NE, SE, S, SW, NW = Facing
H = Hex.from_label

RED = fleet(squadron("BB", 1, escorts=1))
"""Red: BB-1 (CC 4) with its escort ES-1 (CC 2): together CC 6 (DW-28.12 placeholder cards)."""
BLUE = fleet(squadron("CR", 2))
"""Blue: CR-1 (the layer of the mines below) and CR-2, far away."""


def _moved(*mines: tuple[str, int]) -> DWState:
    """Red's BB-1 and ES-1 have moved one hex south (to 1004, 1104); these Blue mines lie."""
    places = {"BB-1": ("1003", S), "ES-1": ("1103", S), "CR-1": ("1020", N)}
    state = arrange(setup(RED, BLUE), places)
    layer = model(state, "CR-1")
    laid = tuple(MineToken(H(label), ad, 1, layer, 0, 0) for label, ad in mines)
    state = attrs.evolve(state, mines=laid)
    state, _ = play(state, [Activate("BB-1"), MoveModel("BB-1", "F"), MoveModel("ES-1", "F")])
    return state


def _refused(state: DWState, command: SweepMine, message: str) -> None:
    with pytest.raises(IllegalCommand) as refused:
        decide(state, command, ScriptedDice(()))
    assert refused.value.message == message


def test_the_worked_example_cc_6_scores_4_on_a_mine_of_ad_5_and_it_survives() -> None:
    """DW-18.6: BB-1 (CC 4) and ES-1 (CC 2), 2 hexes from the mine, combine: 6 dice at 5-6.

    5 5 6 1 1 1 and the 6's extra die 4: 1 + 1 + 2 = 4 hits, short of AD 5: nothing happens.
    """
    state = _moved(("1106", 5))
    bb, es = model(state, "BB-1"), model(state, "ES-1")
    both = SweepMine(("BB-1", "ES-1"), H("1106"))
    options = [c for c in legal_commands(state) if isinstance(c, SweepMine)]
    assert options == [SweepMine(("BB-1",), H("1106")), SweepMine(("ES-1",), H("1106")), both]
    assert format_command(both) == "sweep BB-1,ES-1 1106"
    assert parse_command("sweep BB-1,ES-1 1106", state) == both
    before = state
    state, events = play(state, [both], (5, 5, 6, 1, 1, 1, 4))
    assert events == [
        MineSwept((bb, es), H("1106"), 5, 6, (5, 5, 6, 1, 1, 1, 4), 4, destroyed=False)
    ]
    assert [(m.hex, m.ad) for m in state.mines] == [(H("1106"), 5)]  # the hits are lost
    told, _ = tell(5, both, events[-1:], before)
    assert told[1].text == (
        "BB-1 and ES-1 fire CC at the mine in 1106: 6 dice needing 5+ (5, 5, 6, 1, 1, 1, 4): "
        "4 hits, short of its 5 AD, the mine survives (DW-18.6)."
    )
    # each model's CC fires once an activation: no second sweep, no CC at a diver either
    assert not [c for c in legal_commands(state) if isinstance(c, SweepMine)]
    _refused(state, SweepMine(("ES-1",), H("1106")), "ES-1 has fired its CC this activation.")


def test_a_sweep_whose_hits_reach_the_ad_destroys_the_mine() -> None:
    """DW-18.6: BB-1 alone, CC 4 at a mine of AD 4: 6 5 5 1 and the extra die 2: 4 hits."""
    state = _moved(("1006", 4))
    bb = model(state, "BB-1")
    alone = SweepMine(("BB-1",), H("1006"))
    assert parse_command("sweep BB-1 1006", state) == alone
    before = state
    state, events = play(state, [alone], (6, 5, 5, 1, 2))
    assert events[-1] == MineSwept((bb,), H("1006"), 4, 4, (6, 5, 5, 1, 2), 4, destroyed=True)
    assert state.mines == ()
    assert state.activation is not None
    assert state.activation.swept == (bb,)
    told, _ = tell(5, alone, events[-1:], before)
    assert told[1].text.endswith("4 hits, the mine is destroyed (DW-18.6).")
    assert told[1].rolls[0].outcome == "mine destroyed"


def test_charges_reach_a_mine_only_1_or_2_hexes_away_and_only_surfaced() -> None:
    """DW-18.6 / DW-28.10: d 1-2 (d 0 would have set it off); 1007 is 3 hexes from BB-1."""
    assert [d for d in range(5) if mine_cc_reach(d)] == [1, 2]
    state = _moved(("1007", 5))
    assert not [c for c in legal_commands(state) if isinstance(c, SweepMine)]
    far = "BB-1: Charges reach a mine only 1 or 2 hexes away."
    _refused(state, SweepMine(("BB-1",), H("1007")), far)
    _refused(state, SweepMine(("BB-1",), H("1008")), "There is no mine in 1008.")
    _refused(
        state, SweepMine(("BB-1", "BB-1"), H("1007")), "Name each model that fires its CC once."
    )


def test_cc_fired_at_a_mine_is_spent_for_offensive_cc() -> None:
    """DW-18.6 / DW-18.2 [INTERP]: a model's CC fires once an activation, at a mine or a diver."""
    state = _moved(("1006", 5))
    state, _ = play(state, [SweepMine(("BB-1",), H("1006"))], (1, 1, 1, 1))
    with pytest.raises(IllegalCommand) as refused:
        decide(state, FireAuxiliary("BB-1", "cc", "CR-1"), ScriptedDice(()))
    assert refused.value.message == "BB-1 has fired its CC this activation."
