"""Random games of fleets fitted with every active generator (DW-23; DESIGN 7, STYLE 13).

The INVENTED generator options of the bundled cards (the Lancer Cruiser's Fury and Pulse, the
Zephyr Airship's Camouflage) and cruisers fitted for the test with Kinetic, Sonic and Inventive
Scientists (DW-24), or UPG, Tesla and Disruption. Each game plays the listed legal
commands, a generator's whenever one is listed: every one is accepted, the language writes and
reads it back, the events survive the save converter, replaying the log rebuilds the live state,
the story tells every entry, and the game never stalls (a Kinetic boost's half move included).
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest

from engine.dice import Dice
from engine.dystopian.commands import Generate, PlaceCamouflage
from engine.dystopian.fleet import Squadron
from engine.dystopian.language import format_command, parse_command
from engine.dystopian.rules import legal_commands
from engine.dystopian.state import DWSetup, DWState
from engine.game import Accepted, Command, Event, Game
from engine.narration import tell_entries
from saves.codec import make_converter
from tests.engine.dystopian._game import card, fleet, ruleset, setup

RULES = ruleset()
SCIENCE = attrs.evolve(card("CR"), id="CS", generators=("upg", "tesla", "disruption"))
"""A cruiser with the single-target generators and Disruption (its own id: a state keeps one
card per fleet and id)."""
NOISE = attrs.evolve(card("CR", "inventive_scientists"), id="CN", generators=("kinetic", "sonic"))
"""A cruiser with Kinetic, Sonic and Inventive Scientists (the Rampart Landship's options are
the land's: these are for the water board)."""


def _side() -> Any:
    return fleet(
        Squadron(card("CR"), 2, options=("fury", "pulse")),
        Squadron(NOISE, 2),
        Squadron(card("AS"), 1, options=("camouflage",)),
        Squadron(SCIENCE, 2),
    )


GEARED = setup(_side(), _side(), turns=3)
"""Both fleets: cruisers with Fury and Pulse (options), cruisers with Kinetic, Sonic and Inventive
Scientists, an airship with Camouflage (option), cruisers with UPG, Tesla and Disruption."""

Played = Game[DWState, Command, Event, DWSetup]


def _round_trip(conv: Any, value: object, kind: type) -> object:
    return conv.structure(json.loads(json.dumps(conv.unstructure(value, kind))), kind)


@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_with_every_generator_are_legal_and_replay_the_same(seed: int) -> None:
    """Every listed generator use is accepted, round-trips, is told; replay == live state."""
    game: Played = Game(RULES, GEARED, Dice(seed))
    conv = make_converter(RULES)
    pick = random.Random(seed)  # noqa: S311 - a test's fixed choices
    used: set[str] = set()
    for _ in range(400):
        options = legal_commands(game.state)
        if not options:
            break
        generators = [c for c in options if isinstance(c, Generate | PlaceCamouflage)]
        command = pick.choice(generators or options)
        assert parse_command(format_command(command), game.state) == command
        outcome = game.execute(command)
        assert isinstance(outcome, Accepted), (format_command(command), outcome)
        if isinstance(command, Generate | PlaceCamouflage):
            used.add(getattr(command, "generator", "camouflage"))
        assert _round_trip(conv, command, Command) == command
        for event in outcome.entry.events:
            assert _round_trip(conv, event, Event) == event
    assert game.summary.over or legal_commands(game.state)  # never stalled
    assert game.replay() == game.state
    lines = tell_entries(RULES, game.initial, game.entries)
    assert all(told.text for entry in lines for told in entry)
    assert used >= {"kinetic", "fury", "pulse", "sonic", "camouflage"}
