"""Boarding through the turn machine: declared after shooting, rolled in the boarding segment.

DW-19.3 (declare, then defensive AA, then the assault, after the attacks), DW-19.4 (the worked
example: three Hound tanks of 3 AP board a Rampart landship of AA 7 and AP 6; its AA split 3/2/2
leaves them 2 AP each, its 6 MD split 2/2/2; the tanks' 7 hits take its 6 AP: captured, and as
they out-hit it, a Capital, sabotage; the returning marines), DW-19.1 / DW-19.2 (reach 2 hexes;
never your own fleet), DW-19.5 (marines aboard make it a prize), DW-19.6 (a derelict never moves
by itself, drifts 1 hex with its party's activation or in the End Phase with nobody aboard, and
cannot fire). DW-28.13 item 11.
"""

from __future__ import annotations

import json
from typing import TypeVar

import pytest

from engine.dystopian.boarding_segment import BOARD
from engine.dystopian.commands import Activate, Board, EndActivation, Fire, MoveModel
from engine.dystopian.context import DWCode
from engine.dystopian.events import (
    ActivationEnded,
    BoardingDeclared,
    BoardingRolled,
    BoardingSettled,
    CheckKind,
    DamageDealt,
    DefencePool,
    DerelictDrifted,
    EndPhaseBegan,
    LossCause,
    ModelLost,
    MoraleChecked,
)
from engine.dystopian.language import format_command, parse_command
from engine.dystopian.narrate import tell
from engine.dystopian.rules import legal_commands
from engine.dystopian.state import DeclaredBoarding, DWState, Markers, Party
from engine.dystopian.terrain import TerrainKind
from engine.dystopian.victory import victory_points
from engine.game import Event, IllegalCommand
from engine.hexes import Facing
from saves.codec import make_converter
from tests.engine.dystopian._game import H, arrange, fleet, play, ruleset, setup, squadron

N = Facing.N
E = TypeVar("E", bound=Event)

GAME = setup(fleet(squadron("TK", 3)), fleet(squadron("LS", 1)), base=TerrainKind.GROUND)
"""Red: Hound tanks TK-1..TK-3 (models 0-2, AP 3); Blue: Rampart landship LS-1 (model 3)."""
TK1, TK2, TK3, LS1 = 0, 1, 2, 3
PLACES = {
    "TK-1": ("1012", N),
    "TK-2": ("0911", N),
    "TK-3": ("1111", N),
    "LS-1": ("1010", N),
}
"""The tanks 2, 1 and 1 hexes from the landship, all in command of each other."""

# DW-19.4 example dice (as in test_boarding.py): AA 3/2/2 at 5-6, one hit on each party.
EXAMPLE_AA = [5, 1, 2, 5, 3, 4, 5]
# The tanks' melee, 2 MD each at 4+: (6, 4 + extra 5) = 4 hits, (4, 1) = 1, (5, 5) = 2: 7.
EXAMPLE_TANKS = [6, 4, 5, 4, 1, 5, 5]
# The landship's 6 MD split 2/2/2: (4, 4) = 2, (1, 2) = 0, (4, 3) = 1.
EXAMPLE_LANDSHIP = [4, 4, 1, 2, 4, 3]
# Sabotage: 3 + 4 = 7, Hard Hit; its D3 rolled as a 2 is 1 (DW-2.2): 1 + 1 = 2 AP lost.
SABOTAGE = [3, 4, 2]
EXAMPLE = [*EXAMPLE_AA, *EXAMPLE_TANKS, *EXAMPLE_LANDSHIP, *SABOTAGE]

ALL_THREE = Board(("TK-1", "TK-2", "TK-3"), "LS-1")


def _start() -> DWState:
    state, _ = play(arrange(GAME, PLACES), [Activate("TK-1")])
    return state


def _of(events: list[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def test_the_worked_example_captures_the_landship_through_the_turn_machine() -> None:
    """DW-19.4 example: AA 3/2/2 leaves 2/2/2; 7 hits against 3; captured, sabotaged, a prize."""
    # Arrange: the tanks stay put and declare one boarding together (DW-19.4 step 1)
    state, events = play(_start(), [ALL_THREE])
    assert events[-1] == BoardingDeclared(DeclaredBoarding((TK1, TK2, TK3), LS1))
    # Act: the activation ends: combat (none), then the boarding segment
    state, events = play(state, [EndActivation()], EXAMPLE)
    # Assert: every die in the event, the outcome, and what it leaves behind
    (rolled,) = _of(events, BoardingRolled)
    assert rolled.committed == (3, 3, 3)
    assert rolled.defence == (
        DefencePool(LS1, 0, 5, (5, 1, 2), 1),
        DefencePool(LS1, 1, 5, (5, 3), 1),
        DefencePool(LS1, 2, 5, (4, 5), 1),
    )
    assert rolled.after_fire == (2, 2, 2)
    assert rolled.melee == ((6, 4, 5), (4, 1), (5, 5))
    assert rolled.melee_hits == (4, 1, 2)
    assert rolled.defence_melee == ((4, 4), (1, 2), (4, 3))
    assert rolled.defence_hits == (2, 0, 1)
    assert rolled.target_ap == (6, 0)
    assert rolled.parties_left == (0, 2, 1)
    assert (rolled.outcome, rolled.sabotage) == ("captured", True)
    (settled,) = _of(events, BoardingSettled)
    assert settled.aboard == (Party(TK2, 2), Party(TK3, 1))
    assert settled.boarder_ap == (3, 3, 3)  # every marine died or stayed aboard
    (sabotage,) = _of(events, DamageDealt)
    assert (sabotage.model, sabotage.criticals, sabotage.ap_lost) == (LS1, (7,), 2)
    landship = state.models[LS1]
    assert (landship.markers.derelict, landship.markers.prize) == (True, True)
    assert landship.aboard == (Party(TK2, 2), Party(TK3, 1))
    assert [state.models[n].markers.assault_damage for n in (TK1, TK2, TK3)] == [3, 3, 3]
    assert isinstance(events[-1], ActivationEnded)


def test_surviving_marines_may_go_home_and_leave_a_derelict_with_nobody_aboard() -> None:
    """DW-19.4 step 6: TK-2 calls 2 home, TK-3 its 1; nobody aboard: no prize (DW-19.5)."""
    board = Board(("TK-1", "TK-2", "TK-3"), "LS-1", (0, 2, 1))
    state, events = play(_start(), [board, EndActivation()], EXAMPLE)
    (settled,) = _of(events, BoardingSettled)
    assert settled.aboard == ()
    assert settled.boarder_ap == (3, 1, 2)
    landship = state.models[LS1].markers
    assert (landship.derelict, landship.prize) == (True, False)
    tanks = [3 - state.models[n].markers.assault_damage for n in (TK1, TK2, TK3)]
    assert tanks == [0, 2, 1]


def test_a_boarding_that_leaves_the_defender_ap_fails_and_survivors_go_home() -> None:
    """DW-19.4 step 4: target AP > 0 after the melee: failure; the dead are the only loss.

    No AA hits (all 1s); the tanks roll 3 x 3 dice of 1-3: no hit; the landship's 6 MD
    (2/2/2) score 4 + 4 + 4 + 1 + 1 + 1: 3 hits on the three parties. No sabotage.
    """
    dice = [1] * 7 + [2] * 9 + [4, 1, 4, 1, 4, 1]
    state, events = play(_start(), [ALL_THREE, EndActivation()], dice)
    (rolled,) = _of(events, BoardingRolled)
    assert (rolled.outcome, rolled.sabotage, rolled.target_ap) == ("failure", False, (6, 6))
    assert rolled.parties_left == (2, 2, 2)
    (settled,) = _of(events, BoardingSettled)
    assert (settled.target_ap_lost, settled.boarder_ap, settled.aboard) == (0, (1, 1, 1), ())
    assert not state.models[LS1].markers.derelict


def test_boarding_reaches_two_hexes_and_never_a_friend() -> None:
    """DW-19.1 / DW-28.3: 4" is 2 hexes; you may not board your own fleet's models."""
    far = arrange(GAME, {**PLACES, "TK-1": ("1013", N)})
    state, _ = play(far, [Activate("TK-1")])
    with pytest.raises(IllegalCommand) as refused:
        play(state, [Board(("TK-1",), "LS-1")])
    assert (refused.value.code, refused.value.message) == (
        BOARD,
        "TK-1: Boarding reaches only 2 hexes.",
    )
    with pytest.raises(IllegalCommand) as friend:
        play(_start(), [Board(("TK-1",), "TK-2")])
    assert friend.value.message == "TK-1: You cannot board your own fleet's models."


def test_a_target_is_boarded_once_by_every_boarder_together() -> None:
    """DW-19.4 step 1: the squadron's boarders combine in one assault on a target."""
    state, _ = play(_start(), [Board(("TK-1",), "LS-1")])
    with pytest.raises(IllegalCommand) as refused:
        play(state, [Board(("TK-2",), "LS-1")])
    assert refused.value.message == (
        "LS-1 is already being boarded: name every boarder in one command."
    )


def test_the_legal_commands_list_each_boarder_and_all_together() -> None:
    """DW-19.1: every tank in reach may board, alone or with the others."""
    options = [c for c in legal_commands(_start()) if isinstance(c, Board)]
    assert options == [
        Board(("TK-1",), "LS-1"),
        Board(("TK-2",), "LS-1"),
        Board(("TK-3",), "LS-1"),
        ALL_THREE,
    ]


def test_the_captured_derelict_drifts_with_its_party_and_cannot_fire() -> None:
    """DW-19.6: held by Red's tanks it stays put, cannot fire, and drifts with the tanks.

    It stays on Blue's activation and drifts 1 hex ahead when the tanks activate next turn.
    """
    state, _ = play(_start(), [ALL_THREE, EndActivation()], EXAMPLE)
    # Blue's activation: the derelict does not move by itself
    state, events = play(state, [Activate("LS-1")])
    assert events[-1] == DerelictDrifted(LS1, (H("1010"),))
    with pytest.raises(IllegalCommand) as refused:
        play(state, [Fire(("LS-1",), "fore-turret", ("TK-1",))])
    assert refused.value.code == DWCode.FIRE
    assert "A derelict cannot fight" in refused.value.message
    # End Phase: nobody else to drift (Red's party is aboard); turn 2, Red activates first
    state, events = play(state, [EndActivation()], [6, 6, 1, 1])
    assert _of(events, EndPhaseBegan)
    assert not _of(events, DerelictDrifted)
    state, events = play(state, [Activate("TK-1")])
    assert events[-1] == DerelictDrifted(LS1, (H("1010"), H("1009")))
    assert state.models[LS1].hex == H("1009")


def test_a_derelict_with_nobody_aboard_drifts_in_the_end_phase() -> None:
    """DW-7.3 step 2 / DW-19.6: with every marine gone home it drifts in the End Phase."""
    board = Board(("TK-1", "TK-2", "TK-3"), "LS-1", (0, 2, 1))
    state, _ = play(_start(), [board, EndActivation()], EXAMPLE)
    state, events = play(state, [Activate("LS-1"), EndActivation()], [6, 6, 1, 1])
    assert events[1] == DerelictDrifted(LS1, (H("1010"),))  # its own activation: it stays
    assert DerelictDrifted(LS1, (H("1010"), H("1009"))) in events  # the End Phase
    assert state.models[LS1].hex == H("1009")


def test_a_captured_model_is_already_taken_when_boarded_with_nobody_aboard() -> None:
    """DW-19.6: a derelict with nobody aboard is captured by the first boarder, no MD roll."""
    empty = arrange(GAME, PLACES, markers={"LS-1": Markers(derelict=True)})
    state, events = play(empty, [Activate("TK-1"), Board(("TK-2",), "LS-1"), EndActivation()])
    (rolled,) = _of(events, BoardingRolled)
    assert (rolled.defence, rolled.melee, rolled.outcome) == ((), (), "captured")
    assert state.models[LS1].aboard == (Party(TK2, 3),)
    assert state.models[LS1].markers.prize


def test_boarding_reads_writes_tells_and_survives_the_converter() -> None:
    """DW-19: the command language, the story and the save converter."""
    state = _start()
    board = parse_command("board tk-1,TK-2 at ls-1 home 1,0", state)
    assert board == Board(("TK-1", "TK-2"), "LS-1", (1, 0))
    assert format_command(board) == "board TK-1,TK-2 at LS-1 home 1,0"
    assert parse_command(format_command(ALL_THREE), state) == ALL_THREE
    declared, events = play(state, [ALL_THREE])
    _, more = play(declared, [EndActivation()], EXAMPLE)
    told, _ = tell(3, EndActivation(), more, declared)
    text = [t.text for t in told]
    assert (
        "Rampart Landship LS-1 is boarded by 9 marines; defensive fire kills 3; the boarders "
        "score 7, the defenders 3; Rampart Landship LS-1 has 0 of 6 AP left: captured: it is a "
        "derelict now. Sabotage: it rolls a critical."
    ) in text
    assert "Marines stay aboard Rampart Landship LS-1 (a prize): 2 from TK-2, 1 from TK-3." in text
    conv = make_converter(ruleset())
    for event in [*events, *more]:
        assert conv.structure(json.loads(json.dumps(conv.unstructure(event, Event))), Event) == (
            event
        )
    assert MoveModel("TK-1", "") not in legal_commands(declared)  # the boarding ended the moves


def test_the_sabotage_critical_is_rolled_only_for_a_capital_target_out_fought() -> None:
    """DW-19.4 step 4: fewer hits than the defender's: no sabotage, and no dice for it."""
    dice = [1] * 7 + [4] + [1] * 8 + [4] * 6
    state, events = play(_start(), [ALL_THREE, EndActivation()], dice)
    (rolled,) = _of(events, BoardingRolled)
    assert (sum(rolled.melee_hits), sum(rolled.defence_hits), rolled.sabotage) == (1, 6, False)
    assert not _of(events, DamageDealt)
    assert state.models[LS1].markers.assault_damage == 1


SEA = setup(fleet(squadron("BB", 1)), fleet(squadron("CR", 2), commodore=0))
"""Red: the Bastion BB-1 (AP 8); Blue: cruisers CR-1 (the flagship) and CR-2 (AP 4, AA 3)."""
SEA_PLACES = {"BB-1": ("1003", Facing.S), "CR-1": ("1005", N), "CR-2": ("1105", N)}


def test_a_captured_flagship_is_lost_its_squadron_tests_and_the_prize_scores_double() -> None:
    """DW-19.4 / DW-10.2 / DW-22.5: capture by a battleship's 8 AP.

    Both cruisers' AA (3 + 3, all 1s) miss; 8 MD (4, 4, 4, 4, 1, 1, 1, 1) take CR-1's 4 AP; its
    4 MD (all 1s) miss. Out-fought, the Capital cruiser rolls 2 + 3 = 5, Systems Offline. Only
    4 marines may stay aboard (its starting AP); the other 4 go home (DW-19.4 step 6). The
    flagship is lost (DW-10.2): CR-2's squadron takes a break check needing 2 successes
    (DW-10.3), 4 dice (5, 5, 1, 1): passed. The prize held scores double its 50 points (DW-19.5).
    """
    state = arrange(SEA, SEA_PLACES)
    commands = [Activate("BB-1"), MoveModel("BB-1", "F"), Board(("BB-1",), "CR-1"), EndActivation()]
    dice = [1] * 6 + [4, 4, 4, 4, 1, 1, 1, 1] + [1] * 4 + [2, 3] + [5, 5, 1, 1]
    state, events = play(state, commands, dice)
    (rolled,) = _of(events, BoardingRolled)
    assert [p.responder for p in rolled.defence] == [1, 2]  # CR-1 and CR-2 answer with AA
    assert (rolled.outcome, rolled.target_ap, rolled.parties_left) == ("captured", (4, 0), (8,))
    assert state.models[1].aboard == (Party(0, 4),)
    assert state.models[0].markers.assault_damage == 4
    assert state.commodore_lost == (False, True)
    (check,) = _of(events, MoraleChecked)
    assert (check.kind, check.squadron, check.faces, check.passed) == (
        CheckKind.BREAK,
        1,
        (5, 5, 1, 1),
        True,
    )
    assert victory_points(state, 0) == 100


def test_attacks_are_declared_before_the_boardings() -> None:
    """DW-19.3: shoot (step 3), then declare boardings (step 4): no attack after a boarding."""
    state, _ = play(_start(), [ALL_THREE])
    with pytest.raises(IllegalCommand) as refused:
        play(state, [Fire(("TK-1",), "turret", ("LS-1",))])
    assert (refused.value.code, refused.value.message) == (
        DWCode.FIRE,
        "Attacks are declared before any boarding.",
    )
    assert not [c for c in legal_commands(state) if isinstance(c, Fire)]
    shot, _ = play(_start(), [Fire(("TK-1",), "turret", ("LS-1",))])
    with pytest.raises(IllegalCommand) as boarding_it:
        play(shot, [Board(("TK-1",), "LS-1")])
    assert boarding_it.value.message == "TK-1: A model cannot shoot the model it is boarding."


def test_the_sabotage_critical_is_told_without_hits() -> None:
    """DW-19.4 step 4: the critical comes from no attack: the story names no hits."""
    declared, _ = play(_start(), [ALL_THREE])
    _, events = play(declared, [EndActivation()], EXAMPLE)
    told, _ = tell(3, EndActivation(), events, declared)
    assert any(
        t.text.startswith("Rampart Landship LS-1: 2 HP lost; critical: Hard Hit") for t in told
    )


def test_a_derelict_drifting_off_the_table_is_lost() -> None:
    """DW-19.6 / DW-19.5: a derelict at the top edge, bow north, drifts off in the End Phase.

    Blue has nothing else on the table: the game ends, and Red scores its 140 points (DW-22.5).
    """
    places = {**PLACES, "LS-1": ("1001", N)}
    state = arrange(GAME, places, markers={"LS-1": Markers(derelict=True)}, activated=(1,))
    active, _ = play(state, [Activate("TK-1")])
    state, events = play(active, [EndActivation()])
    drifted = DerelictDrifted(LS1, (H("1001"), H("1001").neighbor(N)))
    assert drifted in events
    assert ModelLost(LS1, LossCause.OFF_TABLE) in events
    told, _ = tell(2, EndActivation(), events, active)
    assert "The derelict Rampart Landship LS-1 drifts off the table." in [t.text for t in told]
    assert state.result is not None
    assert state.result.vp == (140, 0)


def test_an_out_of_command_model_cannot_start_a_boarding() -> None:
    """DW-9.3 / DW-19.2: a model out of command may not board, even after passing its check.

    TK-3, 4 hexes from the commanded element, passes its command check (2 dice: 5, 5).
    """
    places = {**PLACES, "TK-2": ("1013", N), "TK-3": ("1209", N)}
    state, events = play(arrange(GAME, places), [Activate("TK-1")], [5, 5])
    assert [e.passed for e in _of(events, MoraleChecked)] == [True]
    with pytest.raises(IllegalCommand) as refused:
        play(state, [Board(("TK-3",), "LS-1")])
    assert refused.value.message == (
        "TK-3: A broken or out-of-command model cannot start a boarding."
    )
