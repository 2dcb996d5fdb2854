"""Squadron activation: command, movement, alternation, the End Phase and the game length.

DW-7.1 (alternating activations; a player with none left passes), DW-7.2 (the segments), DW-7.3
(End Phase order), DW-9.1 (initiative), DW-9.3 (the commanded element, command checks), DW-11 /
DW-28.4 (movement), DW-11.6 (All Stop and reversing), DW-12.2 / DW-28.5 (contacts), DW-13.3
(treacherous terrain), DW-10.1 (the Commodore's re-roll), DW-11.1 (lost off the table), DW-22.6
(game length). DW-28.13 items 4, 5 and 6 as far as the turn machine goes.
"""

from __future__ import annotations

import attrs
import pytest

from engine.dystopian.commands import Activate, EndActivation, MoveModel
from engine.dystopian.context import DWCode
from engine.dystopian.events import (
    ActivationEnded,
    CheckKind,
    EndPhaseBegan,
    GameEnded,
    GameLengthRolled,
    HazardKind,
    InitiativeRolled,
    LossCause,
    ModelLost,
    ModelMoved,
    MoraleChecked,
    MovementEnded,
    SquadronActivated,
    TerrainTested,
    TurnBegan,
)
from engine.dystopian.geometry import Level
from engine.dystopian.movement import ContactKind, MarkerAction
from engine.dystopian.narrate import tell
from engine.dystopian.rules import legal_commands, seats_to_act
from engine.dystopian.state import DWState, GameLength, Markers, RecordedContact, Stage
from engine.dystopian.terrain import TerrainKind
from engine.dystopian.victory import told_reason
from engine.game import Command, Event, IllegalCommand
from engine.hexes import Facing
from tests.engine.dystopian._game import H, arrange, fleet, model, play, setup, squadron

N, NE, SE, S, SW, NW = Facing

RED = fleet(squadron("BB", 1, escorts=1), squadron("CR", 3), commodore=0)
"""Red: BB-1 with ES-1 (squadron 0, the Commodore's), CR-1 to CR-3 (squadron 1)."""
BLUE = fleet(squadron("FF", 3), squadron("CR", 2))
"""Blue: FF-1 to FF-3 (squadron 2), CR-4 and CR-5 (squadron 3); no Commodore."""
GAME = setup(RED, BLUE)

CLOSE = {
    "BB-1": ("0503", S),
    "ES-1": ("0603", S),
    "CR-1": ("1003", S),
    "CR-2": ("1103", S),
    "CR-3": ("1203", S),
    "FF-1": ("0520", N),
    "FF-2": ("0620", N),
    "FF-3": ("0720", N),
    "CR-4": ("1020", N),
    "CR-5": ("1120", N),
}
"""Every squadron together, the fleets far apart."""


def _refused(state: DWState, command: Command, code: str, message: str) -> None:
    with pytest.raises(IllegalCommand) as refused:
        play(state, [command])
    assert (refused.value.code, refused.value.message) == (code, message)


# ---- the Command segment (DW-9.3) ------------------------------------------------------------


def test_a_squadron_in_command_activates_without_checks() -> None:
    """DW-9.3: every model within CD of another: one element, the commanded one; no checks."""
    state, events = play(arrange(GAME, CLOSE), [Activate("CR-2")])
    assert events == [SquadronActivated(1, (2, 3, 4), ())]
    assert state.activation is not None
    assert state.activation.element == (2, 3, 4)


def test_a_model_out_of_command_takes_a_command_check_with_one_die_less() -> None:
    """DW-9.3 / DW-10.3: CR-3 is 6 hexes from CR-2: 3D6 - 1 = 2 dice, 2 and 3: it breaks."""
    places = {**CLOSE, "CR-3": ("1703", S)}
    state, events = play(arrange(GAME, places), [Activate("CR-1")], [2, 3])
    assert events == [
        SquadronActivated(1, (2, 3), ()),
        MoraleChecked(CheckKind.COMMAND, 1, (4,), 2, 1, (2, 3), 0, passed=False),
    ]
    assert state.models[4].markers.broken
    assert not state.models[2].markers.broken


def test_the_player_nominates_the_commanded_element_of_a_split_squadron() -> None:
    """DW-9.3: naming CR-3's group leaves CR-1 and CR-2 out of command; a 6 explodes (DW-2.1)."""
    places = {**CLOSE, "CR-3": ("1703", S)}
    _, events = play(arrange(GAME, places), [Activate("CR-1", "CR-3")], [6, 1, 1, 4, 5])
    assert events[0] == SquadronActivated(1, (4,), ())
    assert events[1] == MoraleChecked(CheckKind.COMMAND, 1, (2,), 2, 1, (6, 1, 1), 2, passed=True)
    assert events[2] == MoraleChecked(CheckKind.COMMAND, 1, (3,), 2, 1, (4, 5), 2, passed=True)
    assert listed_activations(arrange(GAME, places)) >= {
        Activate("CR-1"),
        Activate("CR-1", "CR-3"),
    }


def listed_activations(state: DWState) -> set[Command]:
    return {c for c in legal_commands(state) if isinstance(c, Activate)}


def test_the_commodore_nearby_adds_a_die_to_a_command_check() -> None:
    """DW-10.3: within 8 inches (4 hexes) of the Commodore: +1D6."""
    places = {**CLOSE, "BB-1": ("1706", S), "ES-1": ("1806", S), "CR-3": ("1703", S)}
    _, events = play(arrange(GAME, places), [Activate("CR-1")], [1, 2, 3])
    assert events[1] == MoraleChecked(CheckKind.COMMAND, 1, (4,), 3, 1, (1, 2, 3), 0, passed=False)


def test_activation_guards() -> None:
    """DW-7.1: one activation at a time, once a turn, one's own squadrons."""
    state = arrange(GAME, CLOSE)
    _refused(
        state, Activate("FF-1"), DWCode.NOT_YOURS, "FF-1 belongs to Blue, and it is Red's turn."
    )
    done = arrange(GAME, CLOSE, activated=[1])
    _refused(
        done,
        Activate("CR-1"),
        DWCode.ACTIVATED,
        "Lancer Cruisers CR-1, CR-2, CR-3 has already activated this turn.",
    )
    active, _ = play(state, [Activate("CR-1")])
    _refused(
        active,
        Activate("BB-1"),
        DWCode.ACTIVE,
        "Lancer Cruisers CR-1, CR-2, CR-3 is still active: end its activation first.",
    )


# ---- the Movement segment (DW-11, DW-28.4) ---------------------------------------------------


def test_the_commanded_element_moves_first() -> None:
    """DW-9.3: the commanded element always moves first, then the rest of the squadron."""
    places = {**CLOSE, "CR-3": ("1703", S)}
    state, _ = play(arrange(GAME, places), [Activate("CR-1")], [4, 4])
    _refused(
        state,
        MoveModel("CR-3", "FF"),
        DWCode.PATH,
        "The commanded element moves first: CR-1, CR-2.",
    )
    state, events = play(
        state,
        [MoveModel("CR-1", "FF"), MoveModel("CR-2", "FFRF"), MoveModel("CR-3", "F")],
        [1] * 8,  # DW-12.4: CR-2 ran into CR-1: a collision, 4 dice each, all missing
    )
    assert events[0] == ModelMoved(2, (H("1003"), H("1004"), H("1005")), S, Level.SURFACE, 2)
    assert [e.model for e in events if isinstance(e, ModelMoved)] == [2, 3, 4]


def test_every_model_makes_its_minimum_move_before_the_activation_ends() -> None:
    """DW-11.3: a cruiser (minimum 2 inches, 1 hex) must move; paths obey K (DW-28.4)."""
    state, _ = play(arrange(GAME, CLOSE), [Activate("CR-1"), MoveModel("CR-1", "FF")])
    _refused(
        state, EndActivation(), DWCode.MUST_MOVE, "CR-2, CR-3 must still make their minimum move."
    )
    _refused(
        state,
        MoveModel("CR-2", "RFF"),
        DWCode.PATH,
        "It must move its first 1 hex straight ahead.",
    )
    _refused(state, MoveModel("CR-1", "F"), DWCode.PATH, "CR-1 has already moved this activation.")
    assert EndActivation() not in legal_commands(state)


def test_a_bow_into_an_enemy_is_a_ram_and_stops_the_model() -> None:
    """DW-12.2 / DW-12.3 / DW-28.5: RR 1, bow first, an enemy: a ram; it stays in the hex before."""
    places = {**CLOSE, "FF-1": ("1006", N)}
    state, events = play(arrange(GAME, places), [Activate("CR-1"), MoveModel("CR-1", "FFF")])
    ram = RecordedContact(2, ContactKind.RAM, H("1006"), other=5, bow=True)
    assert events[-1] == ModelMoved(
        2, (H("1003"), H("1004"), H("1005")), S, Level.SURFACE, 2, contact=ram
    )
    assert state.contacts == (ram,)
    assert state.models[2].hex == H("1005")


def test_contact_with_a_friend_is_a_collision_and_contacts_part_when_the_models_do() -> None:
    """DW-12.3: every contact between friends is a collision; DW-28.5: deleted once apart."""
    places = {**CLOSE, "CR-2": ("1005", S)}
    state, events = play(arrange(GAME, places), [Activate("CR-1"), MoveModel("CR-1", "FF")])
    moved = events[-1]
    assert isinstance(moved, ModelMoved)
    assert moved.contact == RecordedContact(2, ContactKind.COLLISION, H("1005"), other=3, bow=True)
    state, _ = play(state, [MoveModel("CR-2", "FF")])
    assert len(state.contacts) == 1  # DW-12.2: rolled once the squadron has moved
    state, _ = play(state, [MoveModel("CR-3", "F")], [1] * 8)  # 4 dice each, all missing
    assert state.contacts == ()


def test_a_model_that_steps_off_the_table_is_lost() -> None:
    """DW-11.1 / DW-28.4: a step off the board loses the model (no VP here: it is Blue's)."""
    places = {**CLOSE, "FF-1": ("0501", N), "FF-2": ("0601", N), "FF-3": ("0701", N)}
    state, events = play(
        arrange(GAME, places, active=1), [Activate("FF-1"), MoveModel("FF-1", "F")]
    )
    assert events[-1] == ModelLost(5, LossCause.OFF_TABLE)
    assert state.models[5].lost
    assert not state.models[5].on_board
    assert state.activation is not None
    assert state.activation.losses == (5,)


REEFS = setup(RED, BLUE, terrain={"1005": TerrainKind.REEF, "1006": TerrainKind.REEF})


def test_a_fast_move_through_treacherous_terrain_is_tested_and_a_failure_stops_it() -> None:
    """DW-13.3 / DW-28.4: 3 of 4 hexes is more than half: a Medium cruiser fails on 1-2."""
    state = arrange(REEFS, CLOSE)
    state, events = play(state, [Activate("CR-1"), MoveModel("CR-1", "FFF")], [2])
    assert events[1] == TerrainTested(2, HazardKind.TREACHEROUS, (2,), failed=True)
    stop = RecordedContact(2, ContactKind.TERRAIN, H("1005"), dice=8)
    assert events[2] == ModelMoved(
        2, (H("1003"), H("1004"), H("1005")), S, Level.SURFACE, 2, contact=stop
    )


def test_a_passed_test_lets_it_through_and_a_slow_move_needs_none() -> None:
    """DW-13.3: a 3 passes for a Medium model; 2 hexes of 4 is not more than half (DW-28.4)."""
    state = arrange(REEFS, CLOSE)
    _, events = play(state, [Activate("CR-1"), MoveModel("CR-1", "FFF")], [3])
    assert events[1] == TerrainTested(2, HazardKind.TREACHEROUS, (3,), failed=False)
    assert isinstance(events[2], ModelMoved)
    assert events[2].hexes[-1] == H("1006")
    _, events = play(state, [Activate("CR-1"), MoveModel("CR-1", "FF")])
    assert not any(isinstance(e, TerrainTested) for e in events)


def test_the_commodore_rerolls_a_failed_test_once_a_turn_near_the_flagship() -> None:
    """DW-10.1 item 1: within CD of the flagship; the second result stands; once per turn."""
    places = {**CLOSE, "BB-1": ("0803", S), "ES-1": ("0703", S)}
    state = arrange(REEFS, places)
    state, events = play(state, [Activate("CR-1"), MoveModel("CR-1", "FFF", reroll=True)], [1, 5])
    assert events[1] == TerrainTested(
        2, HazardKind.TREACHEROUS, (1, 5), failed=False, rerolled=True
    )
    assert state.rerolls_used == (True, False)
    _refused(
        state,
        MoveModel("CR-2", "F", reroll=True),
        DWCode.REROLL,
        "The Commodore's re-roll is spent, or the model is too far from the flagship.",
    )


def test_all_stop_restart_and_reverse() -> None:
    """DW-11.6: stop after moving; stay stopped; restart, or reverse, as the only movement."""
    state, events = play(
        arrange(GAME, CLOSE), [Activate("CR-1"), MoveModel("CR-1", "F", MarkerAction.STOP)]
    )
    assert state.models[2].markers.all_stop
    stopped = arrange(GAME, CLOSE, markers={"CR-1": Markers(all_stop=True)})
    state, _ = play(stopped, [Activate("CR-1")])
    _refused(
        state,
        MoveModel("CR-1", "F"),
        DWCode.PATH,
        "It is at All Stop and cannot move this activation.",
    )
    _refused(
        state,
        MoveModel("CR-1", "F", MarkerAction.RESTART),
        DWCode.PATH,
        "Changing that marker is its only movement this activation.",
    )
    after, _ = play(state, [MoveModel("CR-1", "", MarkerAction.RESTART)])
    assert not after.models[2].markers.all_stop
    after, _ = play(state, [MoveModel("CR-1", "", MarkerAction.START_REVERSING)])
    assert after.models[2].markers.reversing
    assert not after.models[2].markers.all_stop
    reversing = arrange(GAME, CLOSE, markers={"CR-1": Markers(reversing=True)})
    state, events = play(reversing, [Activate("CR-1"), MoveModel("CR-1", "B")])
    assert events[-1] == ModelMoved(2, (H("1003"), H("1002")), S, Level.SURFACE, 1)


# ---- alternation, the End Phase and the game length (DW-7.1, DW-7.3, DW-22.6) ----------------


def _activate_and_end(
    state: DWState, first: str, dice: list[int] | None = None
) -> tuple[DWState, list[Event]]:
    """Activate ``first``'s squadron and move every model of it one hex ahead, then end."""
    index = model(state, first)
    squadron = state.models[index].squadron
    moves = [MoveModel(state.models[n].ident, "F") for n in state.alive(squadron)]
    return play(state, [Activate(first), *moves, EndActivation()], dice or [])


def test_players_alternate_and_one_with_none_left_passes() -> None:
    """DW-7.1: Red, Blue, Red, then Blue's last; Red has none left; Blue goes on."""
    state = arrange(GAME, CLOSE)
    state, events = _activate_and_end(state, "CR-1")
    assert events[-1] == ActivationEnded(1, 1)
    assert seats_to_act(state) == frozenset({1})
    state, events = _activate_and_end(state, "FF-1")
    assert events[-1] == ActivationEnded(2, 0)
    state, events = _activate_and_end(state, "BB-1")
    assert events[-1] == ActivationEnded(0, 1)  # Red has no squadron left
    assert state.ready(0) == ()


def test_after_the_last_activation_the_end_phase_runs_and_a_new_turn_rolls_initiative() -> None:
    """DW-7.3 then DW-9.1: the next turn's initiative, 2D6 each (5 v 9: Blue)."""
    state = arrange(GAME, CLOSE, activated=[0, 1, 2], active=1)
    state, events = _activate_and_end(state, "CR-4", [1, 4, 3, 6])
    assert events[-4:] == [
        ActivationEnded(3, None),
        EndPhaseBegan(1),
        TurnBegan(2),
        InitiativeRolled((((1, 4), (3, 6)),), 1),
    ]
    assert (state.turn, state.active, state.activated) == (2, 1, ())
    assert state.rerolls_used == (False, False)


def test_a_fixed_game_ends_after_its_turns_with_the_victory_points() -> None:
    """DW-22.6: after the agreed turns, compare VP; nobody lost anything: a draw."""
    before = arrange(setup(RED, BLUE, turns=1), CLOSE, activated=[0, 1, 2], active=1)
    state, events = _activate_and_end(before, "CR-4")
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    assert ended.result.reason == "the 1 turn has been played"
    assert ended.result.winner is None
    assert state.stage is Stage.OVER
    assert seats_to_act(state) == frozenset()
    assert legal_commands(state) == []
    lines, _ = tell(0, EndActivation(), events, before)
    assert (
        lines[-1].text == "The game ends (the 1 turn has been played): Red 0 VP, Blue 0 VP; a draw."
    )


def test_a_two_turn_game_ends_in_the_plural() -> None:
    """DW-22.6: the second of two fixed turns ends the game: "the 2 turns have been played"."""
    state = arrange(setup(RED, BLUE, turns=2), CLOSE, activated=[0, 1, 2], active=1, turn=2)
    state, events = _activate_and_end(state, "CR-4")
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    assert ended.result.reason == "the 2 turns have been played"
    assert state.stage is Stage.OVER


def test_a_game_recorded_with_the_old_words_is_told_in_the_singular() -> None:
    """A save made before the fix holds "the 1 turns have been played"; the log mends it."""
    state = arrange(setup(RED, BLUE, turns=1), CLOSE, activated=[0, 1, 2], active=1)
    _, events = _activate_and_end(state, "CR-4")
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    old = GameEnded(attrs.evolve(ended.result, reason="the 1 turns have been played"))
    lines, _ = tell(0, EndActivation(), [*events[:-1], old], state)
    assert lines[-1].text.startswith("The game ends (the 1 turn has been played): ")
    assert told_reason("the 6 turns have been played") == "the 6 turns have been played"


@pytest.mark.parametrize(("face", "more"), [(3, False), (4, True)])
def test_a_variable_game_rolls_on_after_its_turns(face: int, more: bool) -> None:
    """DW-22.6: the last initiative winner rolls: 1-3 the game ends, 4-6 one more turn."""
    game = setup(RED, BLUE, turns=1, length=GameLength.VARIABLE)
    state = arrange(game, CLOSE, activated=[0, 1, 2], active=1)
    dice = [face, 6, 6, 1, 1] if more else [face]
    state, events = _activate_and_end(state, "CR-4", dice)
    assert GameLengthRolled(1, face, more) in events
    assert (state.stage is Stage.OVER) is not more
    if more:
        assert state.turn == 2


def test_the_movement_segment_ends_when_every_model_has_moved() -> None:
    """DW-7.2 step 2: the last move ends the Movement segment; no model moves after it."""
    state, events = play(
        arrange(GAME, CLOSE),
        [Activate("BB-1"), MoveModel("BB-1", "F"), MoveModel("ES-1", "F")],
    )
    assert events[-1] == MovementEnded(0)
    assert state.activation is not None
    assert state.activation.movement_done
    _refused(state, MoveModel("ES-1", "F"), DWCode.PATH, "The squadron has finished moving.")
    options = legal_commands(state)
    assert options[0] == EndActivation()
    assert not any(isinstance(c, MoveModel) for c in options)  # attacks may be declared


def test_a_model_with_no_minimum_may_stay_and_the_end_closes_the_movement() -> None:
    """DW-11.3: a 0-inch minimum need not move; ending the activation ends its movement."""
    tanks = setup(fleet(squadron("TK", 3)), fleet(squadron("TK", 3)), base=TerrainKind.GROUND)
    places = {"TK-1": ("0503", S), "TK-2": ("0603", S), "TK-3": ("0703", S), "TK-4": ("0520", N)}
    _, events = play(arrange(tanks, places), [Activate("TK-1"), EndActivation()])
    assert events[1] == MovementEnded(0)
    assert isinstance(events[2], ActivationEnded)
