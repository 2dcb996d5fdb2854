"""Properties of games with tiny flyers (DW-20): random legal commands, replays, the converter.

Two carrier groups (each a carrier with fighters and recon, and free fighters and bombers) play
random legal commands, often choosing a wing's attack when one is listed, so launches, flights,
duels, strikes, landings, CAP and refuelling all come up: every listed command is accepted,
written and read back by the language; the log replays to the live state; commands, events and
the state survive the save converter; every entry is told (DESIGN 7, STYLE 13).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.dice import Dice
from engine.dystopian.language import format_command, parse_command
from engine.dystopian.rules import legal_commands
from engine.dystopian.state import DWSetup, DWState
from engine.dystopian.wing_commands import FlyWing
from engine.game import Accepted, Command, Event, Game
from engine.narration import tell_entries
from saves.codec import make_converter
from tests.engine.dystopian._assets import fleets
from tests.engine.dystopian._game import ruleset, setup

RULES = ruleset()
CARRIERS = setup(fleets()["Sample carrier group"], fleets()["Sample carrier group"], turns=3)
"""Both sides: the sample carrier group (CV with 5 fighters and a recon; free 5 + 5 wings)."""
LONG = setup(fleets()["Sample carrier group"], fleets()["Sample carrier group"], turns=6)
"""The same for six turns: long enough for the wings to meet (edges 16 rows apart)."""

Played = Game[DWState, Command, Event, DWSetup]


def _round_trip(conv: Any, value: object, kind: type) -> object:
    return conv.structure(json.loads(json.dumps(conv.unstructure(value, kind))), kind)


def _aggressive(options: list[Command], pick: int) -> Command:
    """Every other step, a wing's attack if one is listed; otherwise the ``pick``-th option."""
    attacks = [c for c in options if isinstance(c, FlyWing) and c.attack]
    if attacks and pick % 2 == 0:
        return attacks[pick % len(attacks)]
    return options[pick % len(options)]


def _play(game: Played, choose: Callable[[int], int], steps: int) -> Counter[str]:
    conv = make_converter(RULES)
    seen: Counter[str] = Counter()
    for _ in range(steps):
        options = legal_commands(game.state)
        if not options:
            break
        command = _aggressive(options, choose(len(options) * 2))
        assert parse_command(format_command(command), game.state) == command
        outcome = game.execute(command)
        assert isinstance(outcome, Accepted), (format_command(command), outcome)
        assert _round_trip(conv, command, Command) == command
        for event in outcome.entry.events:
            assert _round_trip(conv, event, Event) == event
            seen[type(event).__name__] += 1
    return seen


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), data=st.data())
def test_random_games_with_wings_never_crash_and_replay_the_same(
    seed: int, data: st.DataObject
) -> None:
    """Every listed command is accepted; replay(log) == live state; every entry is told."""
    game: Played = Game(RULES, CARRIERS, Dice(seed))

    def choose(count: int) -> int:
        return data.draw(st.integers(0, count - 1))

    _play(game, choose, 120)
    assert game.replay() == game.state
    assert _round_trip(make_converter(RULES), game.state, DWState) == game.state
    lines = tell_entries(RULES, game.initial, game.entries)
    assert all(told.text for entry in lines for told in entry)


def test_a_carrier_game_plays_to_its_end_with_wings_fighting() -> None:
    """A whole game by a fixed choice: wings launch, fly, fight and the game ends."""
    game: Played = Game(RULES, LONG, Dice(13))
    picks = iter(range(1_000_000))
    seen = _play(game, lambda count: (next(picks) * 7919) % count, 1500)
    assert game.summary.over
    assert game.replay() == game.state
    assert seen["WingLaunched"]
    assert seen["WingFlew"]
    assert seen["WingAAFired"]
    assert _round_trip(make_converter(RULES), game.state, DWState) == game.state


def test_every_listed_command_is_accepted_in_a_carrier_game() -> None:
    """``legal_commands`` lists nothing the rules refuse (every fifth state of a game)."""
    game: Played = Game(RULES, CARRIERS, Dice(21))
    for step in range(160):
        options = legal_commands(game.state)
        if not options:
            break
        if step % 5 == 0:
            for command in options[:: max(1, len(options) // 40)]:
                assert RULES.decide(game.state, command, Dice(step)) is not None
        outcome = game.execute(_aggressive(options, step * 13))
        assert isinstance(outcome, Accepted)
