"""Dystopian Wars as a ruleset of the kernel (`engine.game.Ruleset`): `RULESET`.

The engine reads no files. A scenario names fleets by name; the code that reads files gives the
ruleset a `Library` of parsed fleets (``RULESET.library``, as Age of Destruction does), or a test
builds ``DystopianWars(library)``. `setup_from_scenario` turns a scenario table into the `DWSetup`
a save holds: both fleets with their cards, the board, the game length and the orders option.
``make_setup(None)`` is `DEFAULT_SCENARIO`: the sample naval fleet of DW-28.12 on each side, on
the open-water 36 x 24 board (DW-28.1), six fixed turns.

Scenario table keys: ``title``; ``players``, two tables of ``name`` and ``fleet`` (a fleet's
name); ``turns`` (6); ``length`` (``fixed`` | ``variable``, DW-22.6); ``field_orders`` (true,
DW-22.4); ``end_phase_bravery`` (false, DW-27 item 3); ``star_cards`` (false: the STAR deck
of DW-8, the library's cards); ``board`` with ``width``, ``height``
(36 x 24) and ``base`` (a `TerrainKind` name: ``water``; ``ground`` for a land battle).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from attrs import frozen

from engine.dice import DiceSource
from engine.dystopian.commands import DW_COMMANDS
from engine.dystopian.events import DW_EVENTS
from engine.dystopian.evolve import evolve
from engine.dystopian.fleet import Fleet, fleet_problems
from engine.dystopian.language import COMMAND_HELP, parse_command
from engine.dystopian.migrations import MIGRATIONS, SCHEMA_VERSION
from engine.dystopian.models import Card
from engine.dystopian.narrate import tell
from engine.dystopian.rules import decide, seats_to_act
from engine.dystopian.state import DWSetup, DWState, GameLength, PlayerSetup, Stage, VictoryLevel
from engine.dystopian.terrain import BOARD_HEIGHT, BOARD_WIDTH, TerrainKind, TerrainMap
from engine.dystopian.wing_commands import WING_COMMANDS
from engine.dystopian.wing_events import WING_EVENTS
from engine.game import Command, Event, Seat, Summary
from engine.narration import Told
from engine.schema import Migration

__all__ = ["DEFAULT_SCENARIO", "RULESET", "DystopianWars", "Library", "setup_from_scenario"]


@frozen
class Library:
    """What scenarios name, already read from files: the fleets by name (with their cards)."""

    fleets: Mapping[str, Fleet]
    cards: tuple[Card, ...] = ()
    """The STAR deck (DW-8; the catalogue's cards), dealt when a scenario asks for it."""


DEFAULT_SCENARIO: Mapping[str, Any] = {
    "title": "Sample fleets at sea",
    "players": [
        {"name": "Red", "fleet": "Sample naval fleet"},
        {"name": "Blue", "fleet": "Sample naval fleet"},
    ],
    "turns": 6,
    "length": "fixed",
    "field_orders": True,
    "board": {"width": BOARD_WIDTH, "height": BOARD_HEIGHT, "base": "water"},
}
"""The default game: the DW-28.12 sample naval fleet on each side, six turns, open water."""

_KEYS = frozenset(
    {"title", "players", "turns", "length", "field_orders", "end_phase_bravery", "board"}
    | {"star_cards"}
)


def setup_from_scenario(
    scenario: Mapping[str, Any], fleets: Mapping[str, Fleet], cards: tuple[Card, ...] = ()
) -> DWSetup:
    """The setup a scenario table describes (keys in the module docstring).

    Raises:
        ValueError: an unknown key or fleet, an illegal fleet (DW-22), a bad value.
    """
    unknown = sorted(set(scenario) - _KEYS)
    if unknown:
        msg = f"unknown scenario key {', '.join(unknown)}"
        raise ValueError(msg)
    players = []
    for side in scenario.get("players", ()):
        name = side.get("fleet")
        if name not in fleets:
            msg = f"no fleet named {name!r}"
            raise ValueError(msg)
        problems = fleet_problems(fleets[name])
        if problems:
            msg = f"{name}: {problems[0]}"
            raise ValueError(msg)
        players.append(PlayerSetup(str(side.get("name", name)), fleets[name]))
    board = scenario.get("board", {})
    terrain = TerrainMap(
        int(board.get("width", BOARD_WIDTH)),
        int(board.get("height", BOARD_HEIGHT)),
        TerrainKind[str(board.get("base", "water")).upper()],
    )
    return DWSetup(
        title=str(scenario.get("title", "Dystopian Wars")),
        players=tuple(players),
        terrain=terrain,
        turns=int(scenario.get("turns", 6)),
        length=GameLength(scenario.get("length", "fixed")),
        field_orders=bool(scenario.get("field_orders", True)),
        end_phase_bravery=bool(scenario.get("end_phase_bravery", False)),
        deck=_deck(scenario, cards),
    )


def _deck(scenario: Mapping[str, Any], cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """DW-8: the STAR deck when the scenario plays with it (``star_cards = true``)."""
    if not scenario.get("star_cards", False):
        return ()
    if not cards:
        msg = "the scenario plays with STAR cards and the catalogue has none"
        raise ValueError(msg)
    return cards


class DystopianWars:
    """The Dystopian Wars ruleset (an `engine.game.Ruleset`)."""

    name = "dystopian"
    title = "Dystopian Wars"
    setup_type = DWSetup
    command_types: tuple[type[Command], ...] = (*DW_COMMANDS, *WING_COMMANDS)
    event_types: tuple[type[Event], ...] = (*DW_EVENTS, *WING_EVENTS)
    command_help = COMMAND_HELP
    schema_version: int = SCHEMA_VERSION
    migrations: Mapping[int, Migration] = MIGRATIONS

    def __init__(self, library: Library | None = None) -> None:
        self.library = library

    def make_setup(self, scenario: Mapping[str, Any] | None) -> DWSetup:
        """Build a setup from a scenario table (None: `DEFAULT_SCENARIO`).

        Raises:
            ValueError: a bad scenario, or no `library`.
        """
        if self.library is None:
            msg = "Dystopian Wars scenarios need the fleet library (start hexmech normally)"
            raise ValueError(msg)
        return setup_from_scenario(
            DEFAULT_SCENARIO if scenario is None else scenario,
            self.library.fleets,
            self.library.cards,
        )

    def start(self, setup: DWSetup) -> DWState:
        """Every model waiting to deploy; first the roll-off (DW-22.8)."""
        return DWState.start(setup)

    def decide(self, state: DWState, command: Command, dice: DiceSource) -> Sequence[Event]:
        """Validate and resolve one command (`engine.dystopian.rules.decide`)."""
        return decide(state, command, dice)

    def evolve(self, state: DWState, event: Event) -> DWState:
        """Apply one event."""
        return evolve(state, event)

    def seats_to_act(self, state: DWState) -> frozenset[Seat]:
        """Who must act now (`engine.dystopian.rules.seats_to_act`)."""
        return seats_to_act(state)

    def view(self, state: DWState, seat: Seat | None) -> DWState:  # noqa: ARG002
        """Everything is in the open: Field Orders are rolled openly (DW-22.4)."""
        return state

    def parse_command(self, text: str, state: DWState) -> Command:
        """Read one line of the command language (`engine.dystopian.language`)."""
        return parse_command(text, state)

    def summary(self, state: DWState) -> Summary:
        """Where the game stands ("turn 2, Blue"), and who won."""
        players = state.players
        where = {
            Stage.SETUP: "rolling off",
            Stage.EDGE: f"choosing edges, {players[state.active]}",
            Stage.DEPLOYMENT: f"deployment, {players[state.active]}",
        }.get(state.stage, f"turn {state.turn}, {players[state.active]}")
        result = None
        if state.result is not None:
            winner = state.result.winner
            result = (
                "a draw"
                if winner is None or state.result.level is VictoryLevel.DRAW
                else f"{players[winner]} wins ({state.result.level.value})"
            )
        return Summary(where, result, players)

    def tell(
        self, entry: int, command: Command, events: Sequence[Event], state: DWState
    ) -> tuple[list[Told], DWState]:
        """Tell one log entry in words (`engine.dystopian.narrate.tell`)."""
        return tell(entry, command, events, state)


RULESET = DystopianWars()
