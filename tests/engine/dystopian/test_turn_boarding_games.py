"""Random games at boarding range with the STAR deck and generators: every command is accepted.

DW-19 (boardings listed and declared), DW-8 (cards listed and played), DW-23 (generators used),
DW-28.13 item 17 (the events and the state survive the save converter; replaying the events
rebuilds the state; each entry is told).
"""

from __future__ import annotations

import json

import attrs
import pytest

from engine.dice import Dice
from engine.dystopian.commands import Board, Generate, PlayCard
from engine.dystopian.events import BoardingRolled, CardPlayed, GeneratorRolled
from engine.dystopian.evolve import evolve
from engine.dystopian.fleet import Squadron
from engine.dystopian.language import format_command, parse_command
from engine.dystopian.narrate import tell
from engine.dystopian.rules import decide, legal_commands
from engine.dystopian.state import DWState, StarDeck
from engine.dystopian.terrain import TerrainKind
from engine.game import Event
from engine.hexes import Facing
from saves.codec import make_converter
from tests.engine.dystopian._assets import catalogue
from tests.engine.dystopian._game import arrange, card, fleet, ruleset, setup, squadron

N, S = Facing.N, Facing.S
SCIENCE = attrs.evolve(card("LS"), generators=("tesla", "upg", "disruption", "shield"))
"""A landship with a generator of each kind the turn machine uses (DW-23)."""
GAME = attrs.evolve(
    setup(
        fleet(squadron("TK", 3), Squadron(SCIENCE, 1)),
        fleet(squadron("TK", 3), Squadron(SCIENCE, 1)),
        base=TerrainKind.GROUND,
    ),
    deck=tuple(catalogue().cards.values()),
)
PLACES = {
    "TK-1": ("1009", S),
    "TK-2": ("1109", S),
    "TK-3": ("0909", S),
    "LS-1": ("1008", S),
    "TK-4": ("1011", N),
    "TK-5": ("1111", N),
    "TK-6": ("0911", N),
    "LS-2": ("1012", N),
}
"""Two tank squadrons two hexes apart, each with its landship behind it."""
HANDS = StarDeck(
    ("damage_control", "reinforced_bulkheads", "evasive_manoeuvre", "countermand"),
    hands=(("full_steam", "broadside_volley"), ("steady_gunners", "sea_fog")),
)
"""The mini-deck dealt: Red holds an S and an A card, Blue an S and a T card."""


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_games_at_boarding_range_with_cards_play_every_listed_command(seed: int) -> None:
    """Every listed command (boardings and cards among them) is accepted and survives saving."""
    conv = make_converter(ruleset())
    start = attrs.evolve(arrange(GAME, PLACES), star=HANDS)
    state = start
    dice = Dice(seed)
    listed: set[type] = set()
    log: list[Event] = []
    for step in range(80):
        options = legal_commands(state)
        if not options:
            break
        listed |= {type(c) for c in options}
        boards = [c for c in options if isinstance(c, Board | PlayCard | Generate)]
        pool = boards if boards and step % 3 == 0 else options
        command = pool[(step * 7919 + seed) % len(pool)]
        assert parse_command(format_command(command), state) == command
        events = decide(state, command, dice)
        told, after = tell(step, command, events, state)
        assert all(t.text for t in told)
        for event in events:
            assert conv.structure(
                json.loads(json.dumps(conv.unstructure(event, Event))), Event
            ) == (event)
            state = evolve(state, event)
            log.append(event)
        assert after == state
    assert conv.structure(json.loads(json.dumps(conv.unstructure(state, DWState))), DWState) == (
        state
    )
    replayed = start
    for event in log:
        replayed = evolve(replayed, event)
    assert replayed == state
    assert {Board, PlayCard, Generate} <= listed
    assert {BoardingRolled, CardPlayed, GeneratorRolled} <= {type(e) for e in log}
