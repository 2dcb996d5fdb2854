"""Sweeping mines, Magnetic Mines and Minefields through the turn machine (DW-18.6, DW-24).

DW-28.13 item 9 asks for "mines (drop, trigger, blast, chain, CC sweep)": this is the sweep.
The worked example of DW-18.6: CC 6 against a mine of AD 5 scores 4 hits and the mine survives
(here BB-1's CC 4 combined with its escort ES-1's CC 2, squadron-mates in range). CC hits a mine
on 5-6; the hits must reach the mine's AD; only from 1-2 hexes, after moving; once an activation.
A Magnetic Mines layer's mines move 1 hex in the End Phase (DW-24, DW-7.3 step 2); a Minefields
model lays 5 mines of 5 AD after both fleets deploy (DW-24, DW-22.8 step 5). DW-28.13 item 9.
"""

from __future__ import annotations

import attrs
import pytest

from engine.dice import ScriptedDice
from engine.dystopian.aux_commands import FireAuxiliary
from engine.dystopian.commands import Activate, ChooseEdge, EndActivation, MoveModel, RollOff
from engine.dystopian.events import DamageDealt, TurnBegan
from engine.dystopian.evolve import evolve
from engine.dystopian.language import format_command, parse_command
from engine.dystopian.mine_commands import MineExploded, MinefieldLaid, MineMoved
from engine.dystopian.narrate import tell
from engine.dystopian.rules import decide, legal_commands
from engine.dystopian.state import DWState, Edge, MineToken, Stage
from engine.dystopian.sweep_events import MineSwept, SweepMine
from engine.dystopian.terrain import mine_cc_reach, minefield_problem
from engine.game import Command, Event, IllegalCommand
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


# ---- Magnetic Mines (DW-24, DW-7.3 step 2) -------------------------------------------------------

MAGNETIC = fleet(squadron("CR", 1, mars=("magnetic_mines",)), squadron("FF", 1))
"""Red: CR-1 with the Magnetic Mines MAR (the layer), FF-1 without it."""
INITIATIVE = (6, 6, 1, 1)
"""Turn 2's initiative roll-off (DW-9.1): Red 12, Blue 2."""


def _end_phase(
    mines: dict[str, str], dice: tuple[int, ...], *, layer_on: bool = True
) -> tuple[DWState, DWState, list[Event]]:
    """Blue's CR-2 in 1010; Red's last squadron ends its activation: the End Phase follows."""
    places = {"CR-1": ("1003", S), "FF-1": ("0603", S), "CR-2": ("1010", N)}
    if not layer_on:
        del places["CR-1"]
    state = arrange(setup(MAGNETIC, BLUE), places, activated=(1, 2) if layer_on else (2,))
    laid = tuple(
        MineToken(H(where), 5, 0, model(state, layer), 0, 0) for where, layer in mines.items()
    )
    state = attrs.evolve(state, mines=laid)
    mover = "CR-1" if layer_on else "FF-1"
    commands = [Activate(mover), MoveModel(mover, "F"), EndActivation()]
    before = play(state, commands[:2])[0]
    after, events = play(before, commands[2:], dice)
    return before, after, events


def test_a_magnetic_mine_moves_one_hex_toward_the_nearest_enemy() -> None:
    """DW-24 Magnetic Mines: up to 2" (1 hex) in the End Phase: 1008 -> 1009, beside CR-2."""
    before, state, events = _end_phase({"1008": "CR-1"}, INITIATIVE)
    moved = [e for e in events if isinstance(e, MineMoved)]
    assert moved == [MineMoved(H("1008"), H("1009"))]
    assert not [e for e in events if isinstance(e, MineExploded)]
    assert [m.hex for m in state.mines] == [H("1009")]
    told, _ = tell(9, EndActivation(), events, before)
    assert "Red's magnetic mine moves from 1008 to 1009 (DW-24)." in [t.text for t in told]


def test_a_magnetic_mine_moved_into_a_models_hex_goes_off() -> None:
    """DW-24: from 1009 into CR-2's hex 1010: AD 5 at 4+, 5 5 5 4 1: 4 hits = DR 4: 1 HP."""
    _, state, events = _end_phase({"1009": "CR-1"}, (5, 5, 5, 4, 1, *INITIATIVE))
    cr2 = model(state, "CR-2")
    mine_events = [e for e in events if isinstance(e, MineMoved | MineExploded | DamageDealt)]
    assert mine_events == [
        MineMoved(H("1009"), H("1010")),
        MineExploded(H("1010"), 5, (5, 5, 5, 4, 1), 4, (cr2,)),
        DamageDealt(cr2, 4, 1, 0),
    ]
    assert state.mines == ()


def test_mines_stay_when_the_layer_is_lost_or_has_no_magnetic_mines() -> None:
    """DW-24: "this stops if the layer is lost"; FF-1's mine (no MAR) never moves either."""
    _, state, events = _end_phase({"1008": "CR-1", "0909": "FF-1"}, INITIATIVE, layer_on=False)
    assert not [e for e in events if isinstance(e, MineMoved)]
    assert [m.hex for m in state.mines] == [H("1008"), H("0909")]


# ---- Minefields (DW-24, DW-22.8 step 5) ----------------------------------------------------------

LAYER = fleet(squadron("CR", 1, mars=("minefields",)))
"""Red: CR-1 with the Minefields MAR."""


def _deployed() -> tuple[DWState, list[Event]]:
    """Roll-off (Red 12, Blue 2), Red takes the top edge, each deploys; the first turn begins."""
    state = DWState.start(setup(LAYER, fleet(squadron("CR", 1)), field_orders=False))
    dice = ScriptedDice((6, 6, 1, 1, *INITIATIVE))
    events: list[Event] = []
    commands: list[Command] = [RollOff(), ChooseEdge(Edge.TOP)]
    while commands or state.stage is Stage.DEPLOYMENT:
        command = commands.pop(0) if commands else legal_commands(state)[0]
        for event in decide(state, command, dice):
            state = evolve(state, event)
            events.append(event)
    assert dice.position == len(dice.values)
    return state, events


def test_a_minefields_model_lays_5_mines_of_5_ad_after_both_fleets_deploy() -> None:
    """DW-24 / DW-22.8 step 5: 5 mines of 5 AD, within 6 rows of the centre line, 2 apart.

    DW-28.10: none within 2 hexes (4") of any model or other mine; the first turn then begins.
    """
    state, events = _deployed()
    laid = [e for e in events if isinstance(e, MinefieldLaid)]
    cr1 = model(state, "CR-1")
    assert len(laid) == 1
    assert laid[0].model == cr1
    assert [(m.ad, m.owner, m.layer) for m in laid[0].mines] == [(5, 0, cr1)] * 5
    assert isinstance(events[events.index(laid[0]) + 1], TurnBegan)  # before the first turn
    spots = [m.hex for m in state.mines]
    pieces = [m.hex for m in state.models if m.hex is not None]
    for n, where in enumerate(spots):
        others = [*pieces, *spots[:n], *spots[n + 1 :]]
        assert minefield_problem(state.setup.terrain, where, others) == ""
        height = state.setup.terrain.height  # 6 rows either side of the centre line
        assert abs(2 * where.to_offset().row + 1 - height) <= 2 * 6
    told, _ = tell(9, ChooseEdge(Edge.TOP), laid, DWState.start(state.setup))
    labels = ", ".join(h.label for h in spots)
    assert told[1].text == f"Red's CR-1 lays a minefield: 5 mines of 5 AD in {labels} (DW-24)."
    # armed at once (laid in turn 0): a model entering one sets it off (DW-18.6)
    assert all(m.turn == 0 for m in state.mines)
