"""Dystopian Wars as a ruleset of the kernel (`engine.game.Ruleset`): `RULESET`.

The engine reads no files. A scenario names fleets by name; the code that reads files gives the
ruleset a `Library` of parsed fleets (``RULESET.library``, as Age of Destruction does), or a test
builds ``DystopianWars(library)``. `setup_from_scenario` turns a scenario table into the `DWSetup`
a save holds: both fleets with their cards, the board, the game length and the orders option.
``make_setup(None)`` is `DEFAULT_SCENARIO`: the sample naval fleet of DW-28.12 on each side, on
the open-water 36 x 24 board (DW-28.1), six fixed turns.

Scenario table keys: ``title``; ``players``, two tables of ``name`` and ``fleet`` (a fleet's
name; two players of different names); ``turns`` (6; 1 to 99); ``length`` (``fixed`` |
``variable``, DW-22.6); ``field_orders`` (true, DW-22.4); ``end_phase_bravery`` (false, DW-27
item 3); ``star_cards`` (false: the STAR deck of DW-8, the library's cards); ``board`` with
``width``, ``height`` (36 x 24; each 10 to 99), ``base`` (a `TerrainKind` name: ``water``;
``ground`` for a land battle), ``terrain`` (the scenario's map: a table of `TerrainKind` names,
each a list of hex labels, DW-22.7) and ``random_seed`` (DW-22.7 Method 2 random terrain, rolled
with this seed: `engine.dystopian.battlefield`; listed ``terrain`` goes on top).
The scenario's own key ``obstacles`` (0: none; a seed: DW-25.1's random obstacles rolled onto
the board, `engine.dystopian.obstacles`).
`DystopianWars.setup_from_text` reads a scenario file's text and
places each error on its line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from attrs import frozen

from engine.dice import DiceSource
from engine.dystopian.aux_commands import AUX_COMMANDS, AUX_EVENTS
from engine.dystopian.battlefield import scenario_terrain
from engine.dystopian.commands import DW_COMMANDS
from engine.dystopian.commodore import COMMODORE_EVENTS
from engine.dystopian.critical_levels import LEVEL_EVENTS
from engine.dystopian.events import DW_EVENTS
from engine.dystopian.evolve import evolve
from engine.dystopian.fleet import Fleet, fleet_problems
from engine.dystopian.generator_events import GEN_EVENTS
from engine.dystopian.indirect_commands import INDIRECT_COMMANDS, INDIRECT_EVENTS
from engine.dystopian.language import COMMAND_HELP, parse_command
from engine.dystopian.level_mars import LEVEL_MAR_EVENTS
from engine.dystopian.migrations import MIGRATIONS, SCHEMA_VERSION
from engine.dystopian.mine_commands import MINE_COMMANDS, MINE_EVENTS
from engine.dystopian.model_mars import stands_anywhere
from engine.dystopian.models import Card
from engine.dystopian.narrate import tell
from engine.dystopian.obstacles import scenario_obstacles
from engine.dystopian.rules import decide, seats_to_act
from engine.dystopian.snipe_commands import SNIPE_COMMANDS, SNIPE_EVENTS
from engine.dystopian.star_commands import STAR_COMMANDS
from engine.dystopian.star_events import STAR_EVENTS
from engine.dystopian.state import (
    DEPLOYMENT_DEPTH,
    PLAYERS,
    DWSetup,
    DWState,
    GameLength,
    PlayerSetup,
    Stage,
    VictoryLevel,
)
from engine.dystopian.sweep_events import SWEEP_COMMANDS, SWEEP_EVENTS
from engine.dystopian.terrain import (
    BOARD_HEIGHT,
    BOARD_WIDTH,
    Entry,
    TerrainKind,
    entry_rule,
    mode_for,
)
from engine.dystopian.wing_commands import WING_COMMANDS
from engine.dystopian.wing_events import WING_EVENTS
from engine.game import Command, Event, Seat, Summary
from engine.narration import Told
from engine.schema import Migration
from engine.tomlfile import (
    DataFileError,
    Key,
    boolean,
    check_keys,
    choice,
    integer,
    read_text,
    table_list,
    text,
)

__all__ = [
    "DEFAULT_SCENARIO",
    "RULESET",
    "DystopianWars",
    "Library",
    "deployment_problem",
    "setup_from_scenario",
]


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
    | {"obstacles"}
)
_PLAYER_KEYS = frozenset({"name", "fleet"})
_BOARD_KEYS = frozenset({"width", "height", "base", "terrain", "random_seed"})
_BOARD_MIN = 2 * DEPLOYMENT_DEPTH + 2
"""[INTERP] The narrowest board: two 8" deployment zones (DW-22.8) and a hex of sea between."""
_BOARD_MAX = 99
"""[INTERP] The widest board a scenario may ask for (DW-28.1's table is 36 x 24)."""
_TURNS_MAX = 99
"""[INTERP] The longest game a scenario may agree (DW-22.6 leaves the number to the players)."""
_LENGTHS = tuple(length.value for length in GameLength)


def setup_from_scenario(
    scenario: Mapping[str, Any], fleets: Mapping[str, Fleet], cards: tuple[Card, ...] = ()
) -> DWSetup:
    """The setup a scenario table describes (keys in the module docstring).

    Every value is checked before it is used: a wrong type, a value out of range, an unknown key
    or fleet, an illegal fleet (DW-22) is one `DataFileError` line with the key where it is (its
    ``where(FILE)`` is ``FILE:LINE: reason`` once `DystopianWars.setup_from_text` has placed it).

    Raises:
        DataFileError: (a `ValueError`) the scenario cannot be played.
    """
    unknown = sorted(set(scenario) - _KEYS)
    if unknown:
        known = ", ".join(sorted(_KEYS))
        msg = f"unknown scenario key {', '.join(unknown)} (known: {known})"
        raise DataFileError(msg, (unknown[0],))
    sides = table_list(scenario, "players", ())
    players = [_player(side, ("players", n), fleets) for n, side in enumerate(sides)]
    if len(sides) != PLAYERS:
        msg = f"players: Dystopian Wars is played by {PLAYERS} fleets, not {len(sides)}"
        raise DataFileError(msg, ("players",))
    names = [p.name.casefold() for p in players]
    if len(set(names)) != len(names):
        raise DataFileError("players: two players have the same name", ("players", 1, "name"))
    board = scenario.get("board", {})
    if not isinstance(board, Mapping):
        msg = f"board: expected a table (width, height, base), got {type(board).__name__}"
        raise DataFileError(msg, ("board",))
    check_keys(board, _BOARD_KEYS, ("board",))
    integer(board, "random_seed", ("board",), 0, 2**63 - 1, 0)  # checked; DW-22.7 Method 2
    terrain = scenario_terrain(  # DW-22.7: the scenario's map (`engine.dystopian.battlefield`)
        board,
        integer(board, "width", ("board",), _BOARD_MIN, _BOARD_MAX, BOARD_WIDTH),
        integer(board, "height", ("board",), _BOARD_MIN, _BOARD_MAX, BOARD_HEIGHT),
        _base(board),
    )
    terrain = scenario_obstacles(scenario, terrain)  # DW-25.1, an option
    setup = DWSetup(
        title=text(scenario, "title", (), "Dystopian Wars") or "Dystopian Wars",
        players=tuple(players),
        terrain=terrain,
        turns=integer(scenario, "turns", (), 1, _TURNS_MAX, 6),
        length=GameLength(choice(scenario, "length", (), _LENGTHS, GameLength.FIXED.value)),
        field_orders=boolean(scenario, "field_orders", (), default=True),
        end_phase_bravery=boolean(scenario, "end_phase_bravery", ()),
        deck=_deck(scenario, cards),
    )
    why = deployment_problem(setup)
    if why:
        raise DataFileError(why, ("board", "base") if "board" in scenario else ("players",))
    return setup


def deployment_problem(setup: DWSetup) -> str:
    """Why a fleet cannot deploy on this board (DW-22.8), or "": the game would have no move.

    [INTERP] DW-22.8 step 4 (a squadron that cannot be placed enters across its edge in turn 1)
    is not implemented, so a scenario must leave room for every model: its zone (the board's
    width, 4 rows deep) holds the whole fleet, and every model can stand on the board's base
    terrain (DW-28.9; terrain a scenario lists in a zone is not counted): no naval fleet on land.
    """
    state = DWState.start(setup)
    room = setup.terrain.width * DEPLOYMENT_DEPTH
    base = setup.terrain.base
    for player, side in enumerate(setup.players):
        mine = [n for n, m in enumerate(state.models) if m.owner == player]
        if len(mine) > room:
            return f"{side.name}'s {len(mine)} models do not fit in a zone of {room} hexes"
        for index in mine:
            card = state.card(index)
            land, amphibious = state.mover(index).land, card.has("amphibious_capability")
            mode = mode_for(state.models[index].level, land=land, amphibious=amphibious)
            if entry_rule(base, mode).entry is not Entry.ENTER and not stands_anywhere(card):
                where = base.name.lower()
                return f"{side.name}'s {card.id} cannot be deployed on a board of {where}"
    return ""


def _player(side: Mapping[str, Any], key: Key, fleets: Mapping[str, Fleet]) -> PlayerSetup:
    """One ``[[players]]`` table: a known, legal fleet (DW-22.2) and the player's name."""
    check_keys(side, _PLAYER_KEYS, key)
    name = text(side, "fleet", key)
    if name not in fleets:
        known = ", ".join(repr(n) for n in sorted(fleets)) or "none"
        msg = f"no fleet named {name!r} (known: {known})"
        raise DataFileError(msg, (*key, "fleet"))
    problems = fleet_problems(fleets[name])
    if problems:
        raise DataFileError(f"{name}: {problems[0]}", (*key, "fleet"))
    player = text(side, "name", key, name).strip() or name
    return PlayerSetup(player, fleets[name])


def _base(board: Mapping[str, Any]) -> TerrainKind:
    """``board.base``: a `TerrainKind` name, in any case (DW-22.7: water or land)."""
    kinds = tuple(kind.name.lower() for kind in TerrainKind)
    value = text(board, "base", ("board",), "water")
    if value.lower() not in kinds:
        msg = f"board.base: {value!r:.40} is not one of {', '.join(kinds)}"
        raise DataFileError(msg, ("board", "base"))
    return TerrainKind[value.upper()]


def _deck(scenario: Mapping[str, Any], cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """DW-8: the STAR deck when the scenario plays with it (``star_cards = true``)."""
    if not boolean(scenario, "star_cards", ()):
        return ()
    if not cards:
        msg = "the scenario plays with STAR cards and the catalogue has none"
        raise DataFileError(msg, ("star_cards",))
    return cards


class DystopianWars:
    """The Dystopian Wars ruleset (an `engine.game.Ruleset`)."""

    name = "dystopian"
    title = "Dystopian Wars"
    setup_type = DWSetup
    command_types: tuple[type[Command], ...] = (
        *DW_COMMANDS,
        *WING_COMMANDS,
        *STAR_COMMANDS,
        *INDIRECT_COMMANDS,
        *AUX_COMMANDS,
        *MINE_COMMANDS,
        *SNIPE_COMMANDS,
        *SWEEP_COMMANDS,
    )
    event_types: tuple[type[Event], ...] = (
        *DW_EVENTS,
        *WING_EVENTS,
        *GEN_EVENTS,
        *STAR_EVENTS,
        *COMMODORE_EVENTS,
        *LEVEL_EVENTS,
        *LEVEL_MAR_EVENTS,
        *INDIRECT_EVENTS,
        *AUX_EVENTS,
        *MINE_EVENTS,
        *SNIPE_EVENTS,
        *SWEEP_EVENTS,
    )
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

    def setup_from_text(self, text: str) -> DWSetup:
        """Build a setup from a scenario file's text (TOML), its errors placed on their lines.

        Raises:
            ValueError: a bad scenario (a `DataFileError`: ``where(FILE)`` gives
                ``FILE:LINE: reason``), or no `library`.
        """
        return read_text(text, self.make_setup)

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
