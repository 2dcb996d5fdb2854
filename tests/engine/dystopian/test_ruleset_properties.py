"""Properties of the Dystopian Wars ruleset: random games of legal commands (DESIGN 7, STYLE 13).

Every listed legal command is accepted; the language writes and reads it back; replaying the log
rebuilds the live state; commands, events, setup and state survive the save converter; the story
tells every entry; the same seed and commands give the same events (DW-28.13 item 17).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.dice import Dice
from engine.dystopian.language import format_command, parse_command
from engine.dystopian.rules import legal_commands
from engine.dystopian.state import DWSetup, DWState, GameLength
from engine.game import Accepted, Command, Event, Game, UndoPolicy
from engine.narration import tell_entries
from saves.codec import make_converter
from saves.journal import encode_entry, encode_header
from saves.records import Decoder
from tests.engine.dystopian._assets import fleets
from tests.engine.dystopian._game import fleet, ruleset, setup, squadron

RULES = ruleset()
SMALL = setup(
    fleet(squadron("BB", 1, escorts=1), squadron("CR", 2), commodore=0, mfv=400),
    fleet(squadron("FF", 3), squadron("SS", 2), squadron("AS", 1), mfv=400),
    turns=2,
    length=GameLength.VARIABLE,
)
"""Red: a battleship with an escort and two cruisers; Blue: frigates, submarines, an airship."""
CREATED = datetime(2026, 11, 28, 4, 0, tzinfo=UTC)

Played = Game[DWState, Command, Event, DWSetup]


def _round_trip(conv: Any, value: object, kind: type) -> object:
    return conv.structure(json.loads(json.dumps(conv.unstructure(value, kind))), kind)


def _picker(multiplier: int) -> Callable[[int], int]:
    """A fixed choice: the n-th pick of ``count`` options is ``n * multiplier % count``."""
    picks = iter(range(1_000_000))
    return lambda count: (next(picks) * multiplier) % count


def _play(game: Played, choose: Callable[[int], int], steps: int) -> None:
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


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), data=st.data())
def test_random_games_of_legal_commands_never_crash_and_replay_the_same(
    seed: int, data: st.DataObject
) -> None:
    """Every listed command is accepted; replay(log) == live state; every entry is told."""
    game: Played = Game(RULES, SMALL, Dice(seed))

    def choose(count: int) -> int:
        return data.draw(st.integers(0, count - 1))

    _play(game, choose, 70)
    assert game.replay() == game.state
    assert _round_trip(make_converter(RULES), game.state, DWState) == game.state
    lines = tell_entries(RULES, game.initial, game.entries)
    assert all(told.text for entry in lines for told in entry)


def test_a_whole_default_game_plays_to_its_end_and_survives_the_converter() -> None:
    """The default scenario (the DW-28.12 sample fleets) played to its end by a fixed choice."""
    setup_ = RULES.make_setup(None)
    game: Played = Game(RULES, setup_, Dice(7))
    _play(game, _picker(7919), 600)
    assert game.summary.over
    assert game.replay() == game.state
    conv = make_converter(RULES)
    assert _round_trip(conv, game.state, DWState) == game.state
    assert _round_trip(conv, setup_, DWSetup) == setup_


def test_a_game_written_as_journal_records_reads_back_equal() -> None:
    """DESIGN 4: the header and entry lines a journal writes (format 3 records) read back."""
    game: Played = Game(RULES, SMALL, Dice(11))
    _play(game, _picker(31), 80)
    header = encode_header(
        RULES, SMALL, seed=11, scripted=None, undo_policy=UndoPolicy.HOTSEAT, created=CREATED
    )
    lines = [json.loads(json.dumps(encode_entry(RULES, n, e))) for n, e in enumerate(game.entries)]
    header = json.loads(json.dumps(header))
    decoder = Decoder.for_header(header)
    conv = make_converter(RULES)
    assert conv.structure(decoder.header(header)["setup"], DWSetup) == SMALL
    for line, entry in zip(lines, game.entries, strict=True):
        read = decoder.line(line)
        assert conv.structure(read["command"], Command) == entry.command
        assert tuple(conv.structure(e, Event) for e in read["events"]) == entry.events


def test_every_listed_command_is_accepted_at_every_step_of_a_game() -> None:
    """``legal_commands`` lists nothing the rules refuse (every seventh state of a game)."""
    game: Played = Game(RULES, SMALL, Dice(3))
    for step in range(90):
        options = legal_commands(game.state)
        if not options:
            break
        if step % 7 == 0:
            for command in options[:: max(1, len(options) // 40)]:
                assert RULES.decide(game.state, command, Dice(step)) is not None
        outcome = game.execute(options[(step * 13) % len(options)])
        assert isinstance(outcome, Accepted)


def test_the_same_seed_and_commands_give_the_same_events() -> None:
    """DESIGN 2: determinism: same setup, seed and commands, the same events."""
    logs = []
    for _ in range(2):
        game: Played = Game(RULES, SMALL, Dice(99))
        _play(game, _picker(17), 60)
        logs.append(game.entries)
    assert logs[0] == logs[1]
    assert any(entry.rolled for entry in logs[0])


def test_the_carrier_fleet_sets_up_and_deploys() -> None:
    """The second sample fleet (flyers and divers) deploys and activates by legal commands."""
    carrier = setup(fleets()["Sample carrier group"], fleets()["Sample naval fleet"], turns=1)
    game: Played = Game(RULES, carrier, Dice(5))
    _play(game, _picker(101), 120)
    assert game.state.turn >= 1
    assert game.replay() == game.state
