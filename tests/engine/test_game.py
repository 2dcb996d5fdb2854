"""Game: execute, undo, redo, seek, snapshots and the undo policy (DESIGN 2), on the race."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.dice import Dice, ScriptedDice
from engine.game import Accepted, Event, Game, KernelCode, Rejected, UndoPolicy
from saves.codec import make_converter
from tests.support.race import RULESET, Moved, RaceSetup, Resign, Roll, Step, TurnPassed, Won


def new_game(
    *, seed: int = 7, policy: UndoPolicy = UndoPolicy.HOTSEAT, every: int = 32, goal: int = 20
) -> Game:
    return Game(RULESET, RaceSetup(goal=goal), Dice(seed), undo_policy=policy, snapshot_every=every)


def naive_state(game: Game, index: int):
    """Fold the first ``index`` entries from the initial state, with no snapshots."""
    state = game.initial
    for entry in game.log[:index]:
        for event in entry.events:
            state = RULESET.evolve(state, event)
    return state


# ------------------------------------------------------------------------------------ execute
def test_an_accepted_command_records_its_events_and_dice() -> None:
    """A roll is one entry with its events and the dice range it used."""
    game = new_game()
    outcome = game.execute(Roll())
    assert isinstance(outcome, Accepted)
    assert outcome.index == 0
    assert outcome.entry.rolled
    assert (outcome.entry.dice_start, outcome.entry.dice_end) == (0, 1)
    assert game.cursor == 1
    assert game.dice_position == 1


def test_a_rejected_command_changes_nothing() -> None:
    """An illegal command is a value with a code and a reason; state and log stay as they were."""
    game = new_game()
    game.execute(Step(2))
    before = (game.state, game.log, game.cursor, game.dice_position)
    outcome = game.execute(Step(7))
    assert outcome == Rejected("race/bad_step", "You can step 1 to 3 spaces, not 7.")
    assert (game.state, game.log, game.cursor, game.dice_position) == before


def test_no_command_is_accepted_after_the_game_ends() -> None:
    """Once there is a result, every command is refused with game/over."""
    game = new_game()
    game.execute(Resign())
    assert game.summary.result == "Blue wins"
    outcome = game.execute(Step(1))
    assert isinstance(outcome, Rejected)
    assert outcome.code == KernelCode.GAME_OVER


def test_a_command_can_cause_several_events() -> None:
    """Stepping over the goal moves and wins in one entry."""
    game = new_game(goal=2)
    outcome = game.execute(Step(3))
    assert isinstance(outcome, Accepted)
    assert [type(e) for e in outcome.entry.events] == [Moved, Won]


# ------------------------------------------------------------------------------------ undo policy
def test_hotseat_undo_crosses_entries_without_dice() -> None:
    """Steps roll no dice, so hot-seat undo takes them back one by one."""
    game = new_game()
    game.execute(Step(1))
    game.execute(Step(2))
    assert isinstance(game.undo(), Accepted)
    assert isinstance(game.undo(), Accepted)
    assert game.state == game.initial


def test_hotseat_undo_stops_at_a_dice_roll() -> None:
    """An entry that rolled dice is a checkpoint in hot-seat play: nobody rolls again."""
    game = new_game()
    game.execute(Step(1))
    game.execute(Roll())
    outcome = game.undo()
    assert isinstance(outcome, Rejected)
    assert outcome.code == KernelCode.UNDO_DICE
    assert game.cursor == 2


def test_solo_undo_crosses_dice_and_the_same_rolls_come_back() -> None:
    """Solo undo may cross a roll; the dice rewind, so rolling again gives the same value."""
    game = new_game(policy=UndoPolicy.SOLO)
    first = game.execute(Roll())
    assert isinstance(first, Accepted)
    assert isinstance(game.undo(), Accepted)
    assert game.dice_position == 0
    again = game.execute(Roll())
    assert isinstance(again, Accepted)
    assert again.entry.events == first.entry.events


def test_undo_with_nothing_to_undo_is_refused() -> None:
    """Undo at the start says there is nothing to undo."""
    outcome = new_game().undo()
    assert isinstance(outcome, Rejected)
    assert outcome.code == KernelCode.UNDO_NOTHING
    assert outcome.reason == "There is nothing to undo."


def test_redo_with_nothing_to_redo_is_refused() -> None:
    """Redo without an undo before it is refused."""
    outcome = new_game().redo()
    assert isinstance(outcome, Rejected)
    assert outcome.code == KernelCode.REDO_NOTHING


def test_a_new_command_clears_the_redo_list() -> None:
    """After undo, a different command drops what could have been redone."""
    game = new_game()
    game.execute(Step(1))
    game.undo()
    game.execute(Step(3))
    assert len(game.log) == 1
    assert isinstance(game.redo(), Rejected)


# ------------------------------------------------------------------------------ seek, snapshots
def test_state_at_matches_a_naive_fold_at_every_index_across_snapshots() -> None:
    """With a snapshot every 3 entries, every intermediate state equals a fold from the start."""
    game = new_game(every=3, goal=1000)
    for n in range(20):
        game.execute(Step(1 + n % 3) if n % 4 else Roll())
    for index in range(len(game.log) + 1):
        assert game.state_at(index) == naive_state(game, index)


def test_state_at_can_stop_between_the_events_of_an_entry() -> None:
    """Event-level replay: after a step's first event the piece moved, the turn did not pass."""
    game = new_game()
    game.execute(Step(2))
    middle = game.state_at(0, events=1)
    assert middle.track.positions == (2, 0)
    assert middle.current == 0
    assert game.state_at(1).current == 1
    with pytest.raises(IndexError):
        game.state_at(1, events=1)
    with pytest.raises(IndexError):
        game.state_at(5)


def test_seek_moves_anywhere_and_a_new_command_truncates() -> None:
    """Seek back and forth like a replay; a command after a seek back drops the later entries."""
    game = new_game(every=2, policy=UndoPolicy.HOTSEAT, goal=1000)
    for _ in range(7):
        game.execute(Roll())
    end_state = game.state
    assert game.seek(2) == naive_state(game, 2)
    assert game.seek(7) == end_state
    game.seek(3)
    game.execute(Step(1))
    assert len(game.log) == 4
    assert game.state == naive_state(game, 4)
    for _ in range(6):  # grow past the dropped snapshots again
        game.execute(Step(2))
    for index in range(len(game.log) + 1):
        assert game.state_at(index) == naive_state(game, index)


# ------------------------------------------------------------------------------------ properties
COMMANDS = st.one_of(
    st.builds(Step, st.integers(min_value=-2, max_value=5)),
    st.just(Roll()),
    st.just(Resign()),
    st.just("undo"),
    st.just("redo"),
)


def run(game: Game, ops: list) -> None:
    for op in ops:
        if op == "undo":
            game.undo()
        elif op == "redo":
            game.redo()
        else:
            game.execute(op)
        # replay(log) == live state, at every step
        assert game.replay() == game.state
        assert game.state_at(game.cursor) == game.state


@given(
    seed=st.integers(min_value=0, max_value=2**63),
    ops=st.lists(COMMANDS, max_size=60),
    policy=st.sampled_from(UndoPolicy),
    every=st.integers(min_value=1, max_value=8),
)
def test_random_command_streams_never_crash_and_replay_rebuilds_the_state(
    seed: int, ops: list, policy: UndoPolicy, every: int
) -> None:
    """Any stream of commands, undos and redos: no crash; folding the log equals the live state."""
    run(new_game(seed=seed, policy=policy, every=every), ops)


@given(seed=st.integers(min_value=0, max_value=2**63), ops=st.lists(COMMANDS, max_size=40))
def test_undo_then_redo_is_the_identity(seed: int, ops: list) -> None:
    """Wherever undo is allowed, undo then redo gives back the same state, cursor and dice."""
    game = new_game(seed=seed, policy=UndoPolicy.SOLO, every=3)
    run(game, ops)
    before = (game.state, game.cursor, game.dice_position, game.log)
    if isinstance(game.undo(), Accepted):
        assert isinstance(game.redo(), Accepted)
    assert (game.state, game.cursor, game.dice_position, game.log) == before


@given(seed=st.integers(min_value=0, max_value=2**63), ops=st.lists(COMMANDS, max_size=40))
def test_same_seed_and_commands_give_identical_serialized_events(seed: int, ops: list) -> None:
    """Determinism: two games from one seed and one command list write the same bytes."""
    conv = make_converter(RULESET)

    def serialized(game: Game) -> str:
        run(game, ops)
        return json.dumps(
            [[conv.unstructure(e, Event) for e in entry.events] for entry in game.entries]
        )

    assert serialized(new_game(seed=seed)) == serialized(new_game(seed=seed))


def test_scripted_dice_decide_the_rolls() -> None:
    """ScriptedDice drive decide: a 6 lets the same player roll again, then a 2 passes the turn."""
    game = Game(RULESET, RaceSetup(), ScriptedDice([6, 2]))
    game.execute(Roll())
    assert game.state.current == 0
    outcome = game.execute(Roll())
    assert isinstance(outcome, Accepted)
    assert outcome.entry.events[-1] == TurnPassed(1)
    assert game.state.track.positions == (8, 0)


def test_snapshot_interval_must_be_positive() -> None:
    """A zero snapshot interval is a programming error, said plainly."""
    with pytest.raises(ValueError, match="snapshot_every"):
        Game(RULESET, RaceSetup(), Dice(1), snapshot_every=0)


# ------------------------------------------------------------------------------------ versions
def test_version_counts_every_accepted_execute_undo_redo_and_seek() -> None:
    """Each accepted change moves the version on by one; a rejection or a no-op seek does not."""
    game = new_game(policy=UndoPolicy.SOLO)
    assert game.version == 0
    game.execute(Step(1))
    game.execute(Step(9))  # rejected
    game.undo()
    game.redo()
    game.redo()  # rejected: nothing to redo
    assert game.version == 3
    game.seek(0)
    game.seek(0)  # already there
    assert game.version == 4


def test_a_stale_expected_version_is_refused_and_changes_nothing() -> None:
    """A caller who saw an older version is told the game moved on; state, log, dice unchanged."""
    game = new_game(policy=UndoPolicy.SOLO)
    seen = game.version
    assert isinstance(game.execute(Step(1), expected=seen), Accepted)
    before = (game.state, game.log, game.cursor, game.dice_position, game.version)

    outcomes = [
        game.execute(Roll(), expected=seen),
        game.undo(expected=seen),
        game.redo(expected=seen),
        game.undo_refusal(expected=seen),
    ]

    stale = Rejected(
        KernelCode.STALE,
        "The game has moved on since you looked: it is at change 1, you saw change 0. "
        "Look again, then act.",
    )
    assert outcomes == [stale] * 4
    assert (game.state, game.log, game.cursor, game.dice_position, game.version) == before
    assert isinstance(game.execute(Roll(), expected=game.version), Accepted)
    assert isinstance(game.undo(expected=game.version), Accepted)
    assert isinstance(game.redo(expected=game.version), Accepted)


def test_a_command_after_undoing_across_snapshots_drops_the_later_snapshots() -> None:
    """Undo back over several snapshots, act anew: every state is folded from the new log only."""
    # Arrange: 10 entries, a snapshot every 3; undo back to entry 4 (past the snapshots at 6, 9).
    game = new_game(every=3, policy=UndoPolicy.SOLO, goal=1000)
    for _ in range(10):
        game.execute(Roll())
    for _ in range(6):
        game.undo()
    # Act: a different command drops the redo list, and the states kept for it (memory).
    game.execute(Step(1))
    assert sorted(game._snapshots) == [0, 3]  # what is kept in memory, not what is shown
    # ... then the log grows past the dropped snapshots again.
    for _ in range(6):
        game.execute(Step(1))
    # Assert: the states at the old snapshot indices are those of the new log.
    assert len(game.log) == 11
    for index in range(len(game.log) + 1):
        assert game.state_at(index) == naive_state(game, index)


def test_entries_between_is_the_slice_of_the_entries_in_effect() -> None:
    """entries_between(a, b) == entries[a:b] at every bound, the redo list never included."""
    game = new_game(every=3, policy=UndoPolicy.SOLO, goal=1000)
    for _ in range(8):
        game.execute(Roll())
    game.undo()
    game.undo()  # two entries in the redo list

    for start in range(-1, 9):
        assert game.entries_between(start) == game.entries[max(0, start) :]
        for stop in range(-1, 10):
            expected = game.entries[max(0, start) : max(0, stop)]
            assert game.entries_between(start, stop) == expected
