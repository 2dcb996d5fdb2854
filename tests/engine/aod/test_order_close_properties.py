"""Melee games of legal commands: close combat, captures and special attacks at every turn.

The random games of `test_ruleset_properties` rarely bring units into contact. Here the forces
start in a crowd, and the commands are drawn mostly from the combat orders: every listed command
must be accepted (AOD-14, AOD-16), read back from its words, survive the save converter with its
events, and be told in sentences.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.aod.commands import CloseCombat, SpecialMove
from engine.aod.evolve import evolve
from engine.aod.language import format_command, parse_command
from engine.aod.narrate import describe
from engine.aod.rules import decide, legal_commands
from engine.aod.ruleset import AgeOfDestruction
from engine.aod.state import AoDState
from engine.dice import Dice
from engine.game import Command, Event
from engine.hexes import Facing
from saves.codec import make_converter
from tests.engine.aod._combat import armed
from tests.engine.aod._game import arrange, library

N, NE, SE, S, SW, NW = Facing

CROWD = armed(
    ["HX-010", "HX-009", "HX-001", "HX-001", "HX-005"],
    ["HX-009", "HX-010", "HX-011", "HX-001", "HX-007"],
)
"""Red: Warden, Kestrel, two Pathguards, Bastion APC. Blue: Kestrel, Warden, Tortoise,
Pathguard, Gadfly VTOL (at NOE, so it can be captured)."""

PLACES = {
    "HX-010a": ("0805", S),
    "HX-009a": ("1005", S),
    "HX-001a": ("0906", S),
    "HX-001b": ("1106", S),
    "HX-005a": ("0705", S),
    "HX-009b": ("0909", N),
    "HX-010b": ("0807", N),
    "HX-011a": ("1108", N),
    "HX-001c": ("0907", N),
    "HX-007a": ("1007", N),
}
"""The two forces two or three hexes apart, some already touching."""

RULES = AgeOfDestruction(library())


def _round_trip(conv: Any, value: object, kind: type) -> object:
    return conv.structure(json.loads(json.dumps(conv.unstructure(value, kind))), kind)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), data=st.data())
def test_melee_games_accept_every_listed_command(seed: int, data: st.DataObject) -> None:
    """Every listed command is accepted, written and read back, converted, and told."""
    state: AoDState = arrange(CROWD, PLACES)
    dice = Dice(seed)
    conv = make_converter(RULES)
    for _ in range(40):
        options = legal_commands(state)
        if not options:
            break
        combat = [c for c in options if isinstance(c, CloseCombat | SpecialMove)]
        fight = data.draw(st.booleans())
        pool: list[Command] = [*combat] if combat and fight else options
        command: Command = pool[data.draw(st.integers(0, len(pool) - 1))]
        assert parse_command(format_command(command), state) == command
        assert _round_trip(conv, command, Command) == command
        events = decide(state, command, dice)
        for event in events:
            assert _round_trip(conv, event, Event) == event
            after = evolve(state, event)
            assert describe(event, state, after)
            state = after
    assert _round_trip(conv, state, AoDState) == state
