"""Properties of the AoD ruleset: random games of legal commands (DESIGN 7, STYLE 13).

Every listed legal command is accepted; the language writes and reads it back; replaying the
log rebuilds the live state; commands, events, setup and state survive the save converter; the
story tells every entry.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.aod.language import format_command, parse_command
from engine.aod.rules import legal_commands
from engine.aod.ruleset import AgeOfDestruction
from engine.aod.state import AoDSetup, AoDState
from engine.dice import Dice
from engine.game import Accepted, Command, Event, Game, UndoPolicy
from engine.narration import tell_entries
from saves.codec import make_converter
from saves.journal import encode_entry, encode_header
from saves.records import Decoder
from tests.engine.aod._game import library, setup

SMALL = setup(
    ["HX-009", "HX-001", "HX-007"],
    ["HX-010", "HX-004", "HX-002"],
    round_limit=3,
)
"""Both sides with a 'Mech, infantry and a vehicle (a VTOL for Red, a hover tank for Blue)."""

RULES = AgeOfDestruction(library())
CREATED = datetime(2026, 11, 28, 4, 0, tzinfo=UTC)


def _round_trip(conv: Any, value: object, kind: type) -> object:
    return conv.structure(json.loads(json.dumps(conv.unstructure(value, kind))), kind)


def _picker(multiplier: int) -> Callable[[int], int]:
    """A fixed choice: the n-th pick of ``count`` options is ``n * multiplier % count``."""
    picks = iter(range(1_000_000))
    return lambda count: (next(picks) * multiplier) % count


def _play(game: Game[AoDState, Command, Event, AoDSetup], choose: Any, steps: int) -> None:
    conv = make_converter(RULES)
    for _ in range(steps):
        options = legal_commands(game.state)
        if not options:
            break
        command = options[choose(len(options))]
        assert parse_command(format_command(command), game.state) == command
        outcome = game.execute(command)
        assert isinstance(outcome, Accepted), (format_command(command), outcome)
        assert _round_trip(conv, command, Command) == command
        for event in outcome.entry.events:
            assert _round_trip(conv, event, Event) == event


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), data=st.data())
def test_random_games_of_legal_commands_never_crash_and_replay_the_same(
    seed: int, data: st.DataObject
) -> None:
    """Every listed command is accepted; replay(log) == live state."""
    game: Game[AoDState, Command, Event, AoDSetup] = Game(RULES, SMALL, Dice(seed))

    def choose(count: int) -> int:
        return data.draw(st.integers(0, count - 1))

    _play(game, choose, 60)
    assert game.replay() == game.state
    lines = tell_entries(RULES, game.initial, game.entries)
    assert all(told.text for entry in lines for told in entry)


POOLED = RULES.make_setup(
    {
        "format": "aod-scenario",
        "title": "Open ground",
        "board": {"width": 24, "height": 24},
        "build_total": 300,
        "round_limit": 2,
        "side": [
            {
                "name": "Red",
                "edge": "top",
                "pool": ["Woods", "Pond"],
                "units": [{"unit": "HX-011"}, {"unit": "HX-002", "count": 2}],
            },
            {
                "name": "Blue",
                "edge": "bottom",
                "pool": ["Ruined block", "Rubble field"],
                "units": [{"unit": "HX-010"}, {"unit": "HX-005"}],
            },
        ],
    }
)
"""A scenario whose players lay the terrain pool first (AOD-5 step 6)."""


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), data=st.data())
def test_random_games_with_a_terrain_pool_replay_the_same(seed: int, data: st.DataObject) -> None:
    """The terrain stage too: every listed command accepted; replay(log) == live state."""
    game: Game[AoDState, Command, Event, AoDSetup] = Game(RULES, POOLED, Dice(seed))
    _play(game, lambda count: data.draw(st.integers(0, count - 1)), 40)
    assert game.replay() == game.state


def test_a_whole_demo_game_plays_to_its_end_and_survives_the_converter() -> None:
    """The demo scenario (AOD-26.16) played to its round limit by a fixed choice of commands."""
    setup_ = RULES.make_setup(None)
    game: Game[AoDState, Command, Event, AoDSetup] = Game(RULES, setup_, Dice(7))
    _play(game, _picker(7919), 400)
    assert game.summary.over
    assert game.replay() == game.state
    conv = make_converter(RULES)
    assert _round_trip(conv, game.state, AoDState) == game.state
    assert _round_trip(conv, setup_, AoDSetup) == setup_


def test_a_game_written_as_journal_records_reads_back_equal() -> None:
    """DESIGN 4: the header and entry lines a journal writes (format 3 records) read back."""
    game: Game[AoDState, Command, Event, AoDSetup] = Game(RULES, SMALL, Dice(11))
    _play(game, _picker(31), 80)
    header = encode_header(
        RULES, SMALL, seed=11, scripted=None, undo_policy=UndoPolicy.HOTSEAT, created=CREATED
    )
    lines = [json.loads(json.dumps(encode_entry(RULES, n, e))) for n, e in enumerate(game.entries)]
    header = json.loads(json.dumps(header))
    decoder = Decoder.for_header(header)
    conv = make_converter(RULES)
    assert conv.structure(decoder.header(header)["setup"], AoDSetup) == SMALL
    for line, entry in zip(lines, game.entries, strict=True):
        read = decoder.line(line)
        assert conv.structure(read["command"], Command) == entry.command
        assert tuple(conv.structure(e, Event) for e in read["events"]) == entry.events


def test_every_listed_command_is_accepted_at_every_step_of_a_game() -> None:
    """``legal_commands`` lists nothing the rules refuse (every fifth state of a game)."""
    game: Game[AoDState, Command, Event, AoDSetup] = Game(RULES, SMALL, Dice(3))
    for step in range(120):
        options = legal_commands(game.state)
        if not options:
            break
        if step % 5 == 0:
            for command in options:
                dice = Dice(step)
                assert RULES.decide(game.state, command, dice), format_command(command)
        outcome = game.execute(options[(step * 13) % len(options)])
        assert isinstance(outcome, Accepted)


def test_the_same_seed_and_commands_give_the_same_events() -> None:
    """DESIGN 2: determinism: same setup, seed and commands, the same events."""
    logs = []
    for _ in range(2):
        game: Game[AoDState, Command, Event, AoDSetup] = Game(RULES, SMALL, Dice(99))
        _play(game, _picker(17), 60)
        logs.append(game.entries)
    assert logs[0] == logs[1]
    assert any(entry.rolled for entry in logs[0])
