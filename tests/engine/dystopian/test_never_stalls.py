"""Random games of both built-in players never run out of legal commands before the end.

DESIGN 3 / STYLE: games never stall. From the roll-off (DW-22.8) to the result (DW-22.5, DW-22.6),
``legal_commands`` lists at least one command whenever the game is not over, and the player's
command is accepted; the game ends within a bound of commands. The fleets: the DW-28.12 sample
naval fleet and the sample carrier group (flyers, submarines, tiny-flyer wings), both ways round.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.dice import Dice
from engine.dystopian.evolve import evolve
from engine.dystopian.language import format_command
from engine.dystopian.policies import POLICIES
from engine.dystopian.rules import decide, legal_commands
from engine.dystopian.state import DWState, GameLength, Stage
from tests.engine.dystopian._assets import fleets
from tests.engine.dystopian._game import setup

MAX_COMMANDS = 3000
"""More commands than any two-turn game of these fleets gives (about 200 to 600)."""


def _play_out(red: str, blue: str, policies: tuple[str, str], seed: int) -> DWState:
    """Play a two-turn variable game to its end; fail where no command is listed or accepted."""
    game = setup(fleets()[red], fleets()[blue], turns=2, length=GameLength.VARIABLE)
    state = DWState.start(game)
    rng = random.Random(seed)  # noqa: S311 - the players' choices, seeded
    dice = Dice(seed)
    for _ in range(MAX_COMMANDS):
        if state.result is not None:
            assert state.stage is Stage.OVER
            return state
        listed = legal_commands(state)
        assert listed, f"no legal command at {state.stage} turn {state.turn} (seed {seed})"
        command = POLICIES[policies[state.active]](state, rng)
        assert command is not None
        assert command in listed, format_command(command)
        for event in decide(state, command, dice):
            state = evolve(state, event)
    pytest.fail(f"no result after {MAX_COMMANDS} commands (seed {seed})")


@pytest.mark.parametrize(
    ("red", "blue", "policies"),
    [
        ("Sample naval fleet", "Sample carrier group", ("aggressive", "aggressive")),
        ("Sample carrier group", "Sample naval fleet", ("random", "aggressive")),
    ],
)
def test_games_of_the_built_in_players_reach_their_end(
    red: str, blue: str, policies: tuple[str, str]
) -> None:
    """DW-22.6: each game ends with a result; a command was listed at every step."""
    state = _play_out(red, blue, policies, seed=2026)
    assert state.result is not None
    assert legal_commands(state) == []


def test_the_issue_18_game_reaches_its_end() -> None:
    """Issue 18: carrier group first, aggressive against random, seed 9470396 raised.

    A derelict (DW-19.6) drifted with its captors' activation into the hex their airship flew
    over; two pieces in one hex (DW-28.5) made the next `moving.stuck` check raise. It now
    stops in the last free hex of its drift, and the game plays on to its result (DW-22.6).
    """
    state = _play_out(
        "Sample carrier group", "Sample naval fleet", ("aggressive", "random"), 9470396
    )
    assert state.result is not None
    assert legal_commands(state) == []


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), random_first=st.booleans(), carrier_first=st.booleans())
def test_any_seed_plays_to_a_result(seed: int, random_first: bool, carrier_first: bool) -> None:
    """Hypothesis seeds, players and sides: never an empty list of commands before the end."""
    names = ["Sample naval fleet", "Sample carrier group"]
    if carrier_first:
        names.reverse()
    policies = ("random", "aggressive") if random_first else ("aggressive", "random")
    assert _play_out(names[0], names[1], policies, seed).result is not None
