"""Games with the STAR deck never stall: the answer windows are listed, answered and closed (DW-8).

DESIGN 3 / STYLE: from the roll-off (DW-22.8) to the result (DW-22.5, DW-22.6), with the deck on,
``legal_commands`` lists at least one command for the seat due (`seats_to_act`: the answering
seat while a window is open, DW-8.2), each built-in player's command is accepted, every answer
listed in a window is accepted, and the game ends within a bound of commands. The windows of
DW-7.1 phase 1 (T cards), DW-8.2 (R and counter cards) and DW-8.3 (discards) all open.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

from engine.dice import Dice
from engine.dystopian.evolve import evolve
from engine.dystopian.language import format_command
from engine.dystopian.policies import POLICIES
from engine.dystopian.rules import decide, legal_commands, seats_to_act
from engine.dystopian.star_events import AnswerAsked
from engine.dystopian.star_state import AnswerKind
from engine.dystopian.state import DWState, GameLength, Stage
from tests.engine.dystopian._assets import catalogue, fleets
from tests.engine.dystopian._game import setup

MAX_COMMANDS = 3000
"""More commands than any two-turn game of these fleets gives (about 200 to 600)."""
DECK = tuple(catalogue().cards.values())


def _play_out(policies: tuple[str, str], seed: int, asked: Counter[AnswerKind]) -> DWState:
    """A two-turn variable game with the deck; count the windows asked; fail on a stall."""
    naval = fleets()["Sample naval fleet"]
    game = attrs.evolve(setup(naval, naval, turns=2, length=GameLength.VARIABLE), deck=DECK)
    state = DWState.start(game)
    rng = random.Random(seed)  # noqa: S311 - the players' choices, seeded
    dice = Dice(seed)
    for _ in range(MAX_COMMANDS):
        if state.result is not None:
            assert state.stage is Stage.OVER
            return state
        listed = legal_commands(state)
        assert listed, f"no legal command at {state.stage} turn {state.turn} (seed {seed})"
        if state.star is not None and state.star.window is not None:
            for option in listed:  # every answer listed is accepted
                decide(state, option, Dice(seed))
        (seat,) = seats_to_act(state) if state.stage is not Stage.SETUP else {0}
        command = POLICIES[policies[seat]](state, rng)
        assert command is not None
        assert command in listed, format_command(command)
        for event in decide(state, command, dice):
            if isinstance(event, AnswerAsked):
                asked[event.window.kind] += 1
            state = evolve(state, event)
    pytest.fail(f"no result after {MAX_COMMANDS} commands (seed {seed})")


def test_games_with_the_deck_reach_their_end_and_ask_every_kind_of_answer() -> None:
    """DW-8 / DW-22.6: three games end with a result; T, R, counter and discard windows asked."""
    asked: Counter[AnswerKind] = Counter()
    for seed, policies in enumerate(
        [("aggressive", "aggressive"), ("random", "aggressive"), ("aggressive", "random")]
    ):
        state = _play_out(policies, seed, asked)
        assert state.result is not None
    assert asked[AnswerKind.TURN] > 0
    assert asked[AnswerKind.REACTION] > 0
    assert asked[AnswerKind.DISCARD] > 0
    assert asked[AnswerKind.COUNTER] > 0
