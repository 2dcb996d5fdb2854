"""Seats (DESIGN 2, issue 12 items 7-8): who is due, seat refusals, own-moves-only undo, views."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.battletech import RULESET as BT
from engine.battletech import commands as bt
from engine.battletech.rules.options import legal_commands as bt_legal_commands
from engine.battletech.state import BTSetup, MoveMode, Phase, Pilot, UnitSetup
from engine.dice import Dice, ScriptedDice
from engine.game import Accepted, Entry, Game, KernelCode, Rejected, UndoPolicy
from engine.hexes import Hex
from engine.papermech import RULESET as PAPER
from engine.papermech.state import PaperSetup
from tests.engine.battletech._build import design, terrain_board
from tests.engine.battletech.test_properties import SETUP as BT_RANDOM_SETUP
from tests.support.race import RULESET, RaceSetup, Resign, Roll, Step, legal_commands

AnyGame = Game[Any, Any, Any, Any]
RED, BLUE = 0, 1
DAVION, KURITA = 0, 1


def race(*, policy: UndoPolicy = UndoPolicy.HOTSEAT, seed: int = 7) -> AnyGame:
    return Game(RULESET, RaceSetup(), Dice(seed), undo_policy=policy)


def snapshot(game: AnyGame) -> tuple[object, ...]:
    """Everything a rejection must leave as it was."""
    return (game.state, game.log, game.cursor, game.dice_position, game.version)


def bt_setup(*, placed: bool = True) -> BTSetup:
    """Davion (side 0) and Kurita (side 1), one 'Mech each, on a clear board."""
    mech = design(50, 5, 0, name="Trooper")
    return BTSetup(
        terrain_board(8, 8),
        ("Davion", "Kurita"),
        (
            UnitSetup(
                mech, DAVION, Pilot("Kell", 4, 5), Hex.from_label("0202") if placed else None
            ),
            UnitSetup(mech, KURITA, Pilot("Ito", 4, 5), Hex.from_label("0707") if placed else None),
        ),
    )


def bt_movement() -> AnyGame:
    """A BattleTech game in turn 1's Movement phase, Davion (who lost initiative) to move."""
    game: AnyGame = Game(BT, bt_setup(), ScriptedDice([1, 1, 6, 6]))
    assert isinstance(game.execute(bt.RollInitiative()), Accepted)
    assert game.state.phase is Phase.MOVEMENT
    return game


# ---------------------------------------------------------------- who is due
def test_the_race_is_due_to_the_current_player_and_nobody_once_won() -> None:
    """Race: the player whose turn it is; nobody after a win."""
    game = race()
    assert game.seats_to_act == {RED}
    game.execute(Step(1))
    assert game.seats_to_act == {BLUE}
    game.execute(Resign())
    assert game.seats_to_act == frozenset()


def test_paper_mech_is_due_to_its_one_player_while_the_game_goes_on() -> None:
    """Paper 'Mech: seat 0 until there is a result."""
    state = PAPER.start(PaperSetup())
    assert PAPER.seats_to_act(state) == {0}
    assert PAPER.seats_to_act(attrs.evolve(state, result=object())) == frozenset()


def test_battletech_seats_follow_deployment_initiative_and_movement_slots() -> None:
    """Deployment: the deploying side; initiative: every side; movement: the BT-M-11 slot."""
    deploying = BT.start(bt_setup(placed=False))
    assert deploying.phase is Phase.DEPLOYMENT
    assert BT.seats_to_act(deploying) == {DAVION}

    initiative = BT.start(bt_setup())
    assert initiative.phase is Phase.INITIATIVE
    assert BT.seats_to_act(initiative) == {DAVION, KURITA}

    game = bt_movement()
    assert game.seats_to_act == {DAVION}
    game.execute(bt.Move(0, MoveMode.STILL), seat=DAVION)
    assert game.seats_to_act == {KURITA}
    game.execute(bt.Move(1, MoveMode.STILL), seat=KURITA)
    assert game.state.phase is Phase.MOVEMENT
    assert game.seats_to_act == {DAVION, KURITA}  # every unit moved: either side ends the phase
    assert isinstance(game.execute(bt.EndPhase(), seat=KURITA), Accepted)


# ---------------------------------------------------------------- seat refusals
def test_a_seat_that_is_not_due_is_refused_and_nothing_changes() -> None:
    """Blue may not act in Red's turn; the message names who is due."""
    game = race()
    before = snapshot(game)

    outcome = game.execute(Step(1), seat=BLUE)

    assert outcome == Rejected(KernelCode.SEAT_NOT_DUE, "It is not Blue's turn: Red is to act.")
    assert snapshot(game) == before


def test_a_seat_the_ruleset_does_not_name_is_called_by_its_number() -> None:
    """A seat past the summary's players is "seat N"."""
    outcome = race().execute(Roll(), seat=5)
    assert outcome == Rejected(KernelCode.SEAT_NOT_DUE, "It is not seat 5's turn: Red is to act.")


def test_a_kurita_command_in_davions_movement_slot_is_refused() -> None:
    """BattleTech: Kurita's 'Mech cannot move while Davion's slot is open (BT-M-11)."""
    game = bt_movement()
    before = snapshot(game)

    outcome = game.execute(bt.Move(1, MoveMode.STILL), seat=KURITA)

    assert outcome == Rejected(
        KernelCode.SEAT_NOT_DUE, "It is not Kurita's turn: Davion is to act."
    )
    assert snapshot(game) == before


def test_when_several_sides_are_due_the_refusal_names_them_all() -> None:
    """Initiative: both sides may roll; a third seat is told so."""
    game: AnyGame = Game(BT, bt_setup(), ScriptedDice([1, 1, 6, 6]))
    outcome = game.execute(bt.RollInitiative(), seat=2)
    assert outcome == Rejected(
        KernelCode.SEAT_NOT_DUE, "It is not seat 2's turn: Davion or Kurita may act."
    )


def test_a_finished_game_refuses_every_seat_as_over() -> None:
    """Once won, the refusal is game/over, whatever the seat."""
    game = race()
    game.execute(Resign())
    for seat in (RED, BLUE):
        assert game.execute(Step(1), seat=seat) == Rejected(
            KernelCode.GAME_OVER, "The game is over."
        )


def test_a_due_seat_is_accepted_and_recorded_on_the_entry() -> None:
    """Red in Red's turn, Davion in Davion's slot: accepted, and the entry says who."""
    game = race()
    outcome = game.execute(Step(2), seat=RED)
    assert isinstance(outcome, Accepted)
    assert outcome.entry.seat == RED

    bt_game = bt_movement()
    moved = bt_game.execute(bt.Move(0, MoveMode.STILL), seat=DAVION)
    assert isinstance(moved, Accepted)
    assert moved.entry.seat == DAVION


def test_hot_seat_is_whoever_is_due() -> None:
    """No seat: today's behaviour; the entry records the one seat due, or None when several are."""
    game = race()
    assert isinstance(game.execute(Step(1)), Accepted)
    assert isinstance(game.execute(Step(1)), Accepted)
    assert [entry.seat for entry in game.log] == [RED, BLUE]

    bt_game: AnyGame = Game(BT, bt_setup(), ScriptedDice([1, 1, 6, 6]))
    rolled = bt_game.execute(bt.RollInitiative())
    assert isinstance(rolled, Accepted)
    assert rolled.entry.seat is None  # both sides were due
    refused = bt_game.execute(bt.Move(1, MoveMode.STILL))  # the rules still say whose turn it is
    assert isinstance(refused, Rejected)
    assert refused.code == "move/turn"


# ---------------------------------------------------------------- undo between people
def play_red_then_blue() -> AnyGame:
    game = race()
    game.execute(Step(1), seat=RED)
    game.execute(Step(2), seat=BLUE)
    return game


def test_undo_takes_back_only_the_undoing_seats_own_move() -> None:
    """Red may not take back Blue's step; Blue may, and then Red may take back Red's."""
    game = play_red_then_blue()
    before = snapshot(game)

    refused = game.undo(RED)

    assert refused == Rejected(
        KernelCode.UNDO_NOT_YOURS, "That was Blue's move: only Blue can take it back."
    )
    assert game.undo_refusal(RED) == refused
    assert snapshot(game) == before
    assert isinstance(game.undo(BLUE), Accepted)
    assert isinstance(game.undo(RED), Accepted)
    assert game.cursor == 0


def test_redo_gives_back_only_the_seats_own_move() -> None:
    """After both undos, Red's step is next to redo: Blue may not redo it."""
    game = play_red_then_blue()
    game.undo(BLUE)
    game.undo(RED)
    before = snapshot(game)

    refused = game.redo(BLUE)

    assert refused == Rejected(
        KernelCode.REDO_NOT_YOURS, "That was Red's move: only Red can make it again."
    )
    assert snapshot(game) == before
    assert isinstance(game.redo(RED), Accepted)
    assert isinstance(game.redo(BLUE), Accepted)


def test_an_entry_without_a_seat_is_anyones_to_undo() -> None:
    """An entry with seat None (an old save, or several seats due) may be undone by any seat."""
    game = race()
    entry = game.decide(Step(1), seat=RED)
    assert isinstance(entry, Entry)
    game.append(attrs.evolve(entry, seat=None))
    assert isinstance(game.undo(BLUE), Accepted)


def test_own_moves_only_undo_still_stops_at_dice() -> None:
    """Hot-seat policy: Red's own roll cannot be undone by Red either; solo may rewind it."""
    game = race()
    game.execute(Roll(), seat=RED)
    assert game.undo(RED) == Rejected(
        KernelCode.UNDO_DICE, "Dice have been rolled since then: that cannot be undone."
    )
    solo = race(policy=UndoPolicy.SOLO)
    solo.execute(Roll(), seat=RED)
    assert isinstance(solo.undo(RED), Accepted)


def test_hot_seat_undo_takes_back_anyones_move() -> None:
    """No seat: undo is today's, whoever gave the last move."""
    game = play_red_then_blue()
    assert isinstance(game.undo(), Accepted)
    assert isinstance(game.undo(), Accepted)


# ---------------------------------------------------------------- views
@pytest.mark.parametrize("seat", [None, 0, 1])
def test_every_ruleset_view_is_the_identity_today(seat: int | None) -> None:
    """No hidden information yet: every seat and a spectator see the whole state."""
    race_state = race().state
    bt_state = BT.start(bt_setup())
    paper_state = PAPER.start(PaperSetup())
    assert RULESET.view(race_state, seat) is race_state
    assert BT.view(bt_state, seat) is bt_state
    assert PAPER.view(paper_state, seat) is paper_state
    game = race()
    assert game.view(seat) is game.state


# ---------------------------------------------------------------- properties
RACE_COMMANDS = st.one_of(st.builds(Step, st.integers(-1, 5)), st.just(Roll()), st.just(Resign()))
SEATS = st.one_of(st.none(), st.integers(0, 3))


@settings(max_examples=60)
@given(
    seed=st.integers(0, 2**32),
    moves=st.lists(st.tuples(RACE_COMMANDS, SEATS, st.booleans()), max_size=30),
)
def test_race_refusals_change_nothing_and_legal_commands_pass_from_a_due_seat(
    seed: int, moves: list[tuple[Any, int | None, bool]]
) -> None:
    """Random commands from random seats: a refusal changes nothing; any legal one is accepted."""
    game = race(seed=seed)
    for command, seat, stale in moves:
        for due in game.seats_to_act:
            for legal in legal_commands(game.state):
                assert isinstance(game.decide(legal, seat=due), Entry), (legal, due)
        before, due = snapshot(game), game.seats_to_act
        expected = game.version - 1 if stale else game.version
        outcome = game.execute(command, seat=seat, expected=expected)
        if isinstance(outcome, Rejected):
            assert snapshot(game) == before
        else:
            assert not stale
            assert seat is None or seat in due
            assert {outcome.entry.seat} == ({seat} if seat is not None else due)
            assert game.version == before[-1] + 1


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), picks=st.lists(st.integers(0, 10_000), max_size=25))
def test_battletech_legal_commands_are_accepted_from_a_due_side_only(
    seed: int, picks: list[int]
) -> None:
    """A legal command passes from every side due and is refused from every other side."""
    game: AnyGame = Game(BT, BT_RANDOM_SETUP, Dice(seed), undo_policy=UndoPolicy.SOLO)
    for pick in picks:
        options = bt_legal_commands(game.state)
        if not options:
            break
        command = options[pick % len(options)]
        due = game.seats_to_act
        assert due, game.state.phase
        for seat in range(len(game.state.sides)):
            outcome = game.decide(command, seat=seat)
            if seat in due:
                assert isinstance(outcome, Entry), (command, seat, outcome)
            else:
                assert isinstance(outcome, Rejected)
                assert outcome.code == KernelCode.SEAT_NOT_DUE
        assert isinstance(game.execute(command, seat=min(due)), Accepted)
