"""A person's undo against the computer (issue 21): their own command and the computer's after it.

`Game.own_undo` counts the entries to take back down to the person's last one, never across dice
(hot-seat); `Game.own_redo` gives them again; `Entry.note` keeps the computer's reason.
"""

from __future__ import annotations

from engine.dice import Dice
from engine.game import Game, KernelCode, Rejected, UndoPolicy
from engine.narration import COMMAND, tell_entries
from tests.support.race import RULESET, Roll, Step


def race(policy: UndoPolicy = UndoPolicy.HOTSEAT) -> Game:
    """Red (seat 0) is the person, Blue (seat 1) the computer."""
    return Game(RULESET, RULESET.make_setup(None), Dice(7), undo_policy=policy)


def test_undo_steps_back_over_the_computers_commands_to_the_persons():
    game = race()
    game.execute(Step(1))  # Red, the person
    game.execute(Step(2), seat=1, note="two is safe")  # Blue, the computer
    assert game.own_undo({0}) == 2
    game.undo()
    game.undo()
    assert game.cursor == 0
    assert game.own_redo({0}) == 2
    game.redo()
    game.redo()
    assert game.entries[1].note == "two is safe"


def test_undo_never_crosses_dice_in_hot_seat_play():
    game = race()
    game.execute(Step(1))
    game.execute(Roll(), seat=1, note="rolls")
    refused = game.own_undo({0})
    assert isinstance(refused, Rejected)
    assert refused.code == KernelCode.UNDO_DICE
    solo = race(UndoPolicy.SOLO)
    solo.execute(Step(1))
    solo.execute(Roll(), seat=1)
    assert solo.own_undo({0}) == 2


def test_nothing_of_the_persons_to_undo():
    game = race()
    assert isinstance(game.own_undo({0}), Rejected)
    game.execute(Step(1), seat=0)
    game.execute(Step(1), seat=1)
    assert isinstance(game.own_undo(set()), Rejected)  # the computer plays every seat
    assert isinstance(game.own_redo({0}), Rejected)  # nothing undone


def test_redo_stops_at_the_persons_next_command():
    game = race()
    game.execute(Step(1))
    game.execute(Step(1), seat=1)
    game.execute(Step(2), seat=0)
    game.execute(Step(2), seat=1)
    for _ in range(game.own_undo({0})):
        game.undo()
    for _ in range(game.own_undo({0})):
        game.undo()
    assert game.cursor == 0
    assert game.own_redo({0}) == 2


def test_a_note_is_told_after_its_command():
    game = race()
    game.execute(Step(1))
    game.execute(Step(2), seat=1, note="two is safe")
    told = tell_entries(RULESET, game.initial, game.entries)
    assert all(not t.text.startswith("Computer:") for t in told[0])
    assert told[1][1].text == "Computer: two is safe"
    assert told[1][1].event == COMMAND
