"""MechWarrior: Age of Destruction as a ruleset of the kernel (`engine.game.Ruleset`): `RULESET`.

The engine reads no files. A scenario names units by collector number and terrain pieces by
name; the code that reads files gives the ruleset a `Library` of parsed units, pieces and the
catalogue (``RULESET.library``, as BattleTech does), or a test builds ``AgeOfDestruction(library)``.
`setup_from_scenario` turns a read `engine.aod.data.scenario.Scenario` into the `AoDSetup` a save
holds: every unit definition and heat dial the forces use, the board with its pieces laid.
``make_setup(None)`` is the demo scenario of AOD-26.16 (``assets/aod/scenarios/demo.aod.toml``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from attrs import frozen

from engine.aod.commands import AOD_COMMANDS
from engine.aod.data.scenario import Scenario, build_scenario
from engine.aod.events import AOD_EVENTS
from engine.aod.evolve import evolve
from engine.aod.language import COMMAND_HELP, parse_command
from engine.aod.migrations import MIGRATIONS, SCHEMA_VERSION
from engine.aod.narrate import tell
from engine.aod.rules import decide, seats_to_act
from engine.aod.state import AoDSetup, AoDState, ForceUnit, PlayerSetup, Stage
from engine.aod.terrain import Edge, TerrainMap, TerrainPiece
from engine.aod.units import Catalogue, UnitDef
from engine.dice import DiceSource
from engine.game import Command, Event, Seat, Summary
from engine.narration import Told
from engine.schema import Migration

__all__ = [
    "DEMO_SCENARIO",
    "RULESET",
    "AgeOfDestruction",
    "Library",
    "setup_from_scenario",
]


@frozen
class Library:
    """What scenarios name, already read from files: units, terrain pieces, the catalogue."""

    units: Mapping[str, UnitDef]
    pieces: Mapping[str, TerrainPiece]
    catalogue: Catalogue


def _side(name: str, edge: str, pool: list[str], units: list[tuple[str, int]]) -> dict[str, Any]:
    return {
        "name": name,
        "edge": edge,
        "pool": pool,
        "units": [{"unit": unit, "count": count} for unit, count in units],
    }


DEMO_SCENARIO: Mapping[str, Any] = {
    "format": "aod-scenario",
    "title": "Falcon Strike v Liao Line",
    "description": "The standard game: two 436-point forces, 3 orders a turn, 4 standard pieces.",
    "board": {"width": 36, "height": 36},
    "build_total": 450,
    "standard": True,
    "round_limit": 10,
    "time_limit_minutes": 50,
    "side": [
        _side(
            "Falcon Strike",
            "top",
            ["Woods", "Rubble field"],
            [
                ("HX-009", 1),
                ("HX-011", 1),
                ("HX-002", 3),
                ("HX-007", 1),
                ("HX-005", 1),
                ("HX-001", 3),
                ("HX-003", 1),
            ],
        ),
        _side(
            "Liao Line",
            "bottom",
            ["Ruined block", "Pond"],
            [
                ("HX-010", 1),
                ("HX-006", 1),
                ("HX-004", 1),
                ("HX-008", 1),
                ("HX-001", 3),
                ("HX-003", 1),
                ("HX-005", 1),
            ],
        ),
    ],
    "terrain": [
        {"piece": "Woods", "anchor": "1013", "rotation": 0},
        {"piece": "Ruined block", "anchor": "2713", "rotation": 0},
        {"piece": "Rubble field", "anchor": "1224", "rotation": 1},
        {"piece": "Pond", "anchor": "2524", "rotation": 0},
    ],
}
"""The demo scenario of AOD-26.16, as ``assets/aod/scenarios/demo.aod.toml`` gives it."""


def setup_from_scenario(
    scenario: Scenario, pieces: Mapping[str, TerrainPiece], catalogue: Catalogue
) -> AoDSetup:
    """The setup of a read scenario: forces by copy, the definitions they use, the board.

    A fixed layout is laid on the board; without one, the sides' pools are the pieces the players
    lay (AOD-5 step 6).

    Raises:
        ValueError: a 'Mech whose heat dial the catalogue lacks.
    """
    board = TerrainMap(scenario.width, scenario.height)
    for feature, placed in enumerate(scenario.terrain, start=1):
        board = board.with_piece(
            pieces[placed.piece].place(placed.anchor, placed.rotation), feature
        )
    # AOD-5 step 6: without a fixed layout the players lay the pool
    pool = () if scenario.terrain else tuple(name for side in scenario.sides for name in side.pool)
    players = []
    used: dict[str, UnitDef] = {}
    for side in scenario.sides:
        force = []
        for entry in side.force.entries:
            used[entry.unit.collector] = entry.unit
            points = entry.points // entry.count
            cards = tuple(card.id for card in entry.cards)
            force += [ForceUnit(entry.unit.collector, points, cards)] * entry.count
        players.append(PlayerSetup(side.name, Edge(side.edge), tuple(force)))
    names = sorted({u.heat_dial for u in used.values() if u.is_mech})
    missing = [name for name in names if name not in catalogue.heat_dials]
    if missing:
        msg = f"the catalogue has no heat dial {', '.join(missing)}"
        raise ValueError(msg)
    return AoDSetup(
        title=scenario.title,
        players=tuple(players),
        units=tuple(used[c] for c in sorted(used)),
        heat_dials=tuple(catalogue.heat_dials[name] for name in names),
        terrain=board,
        build_total=scenario.build_total,
        round_limit=scenario.round_limit,
        time_limit_minutes=scenario.time_limit_minutes,
        pool=pool,
        pieces=tuple(pieces[name] for name in sorted(set(pool))),
        equipment=tuple(catalogue.equipment[code] for code in sorted(catalogue.equipment)),
        markers=tuple(catalogue.markers[ident] for ident in sorted(catalogue.markers)),
        factions=tuple(catalogue.factions[ident] for ident in sorted(catalogue.factions)),
        alliances=tuple(sorted(catalogue.alliances)),
        cards=tuple(catalogue.cards[ident] for ident in sorted(catalogue.cards)),
    )


class AgeOfDestruction:
    """The Age of Destruction ruleset (an `engine.game.Ruleset`)."""

    name = "aod"
    title = "MechWarrior: Age of Destruction"
    setup_type = AoDSetup
    command_types: tuple[type[Command], ...] = AOD_COMMANDS
    event_types: tuple[type[Event], ...] = AOD_EVENTS
    command_help = COMMAND_HELP
    schema_version: int = SCHEMA_VERSION
    migrations: Mapping[int, Migration] = MIGRATIONS

    def __init__(self, library: Library | None = None) -> None:
        self.library = library

    def make_setup(self, scenario: Mapping[str, Any] | None) -> AoDSetup:
        """Build a setup from a scenario table (None: the demo scenario, AOD-26.16).

        Raises:
            ValueError: a bad scenario (`engine.tomlfile.DataFileError`), or no `library`.
        """
        if self.library is None:
            msg = "Age of Destruction scenarios need the unit library (start hexmech normally)"
            raise ValueError(msg)
        table = DEMO_SCENARIO if scenario is None else scenario
        library = self.library
        read = build_scenario(table, library.units, library.pieces, library.catalogue.cards)
        return setup_from_scenario(read, library.pieces, library.catalogue)

    def start(self, setup: AoDSetup) -> AoDState:
        """Every unit waiting to deploy; first the roll for the first player (AOD-5)."""
        return AoDState.start(setup)

    def decide(self, state: AoDState, command: Command, dice: DiceSource) -> Sequence[Event]:
        """Validate and resolve one command (`engine.aod.rules.decide`)."""
        return decide(state, command, dice)

    def evolve(self, state: AoDState, event: Event) -> AoDState:
        """Apply one event."""
        return evolve(state, event)

    def seats_to_act(self, state: AoDState) -> frozenset[Seat]:
        """Who must act now (`engine.aod.rules.seats_to_act`)."""
        return seats_to_act(state)

    def view(self, state: AoDState, seat: Seat | None) -> AoDState:  # noqa: ARG002
        """Everything is in the open: the dials show to all (AOD-23.3)."""
        return state

    def parse_command(self, text: str, state: AoDState) -> Command:
        """Read one line of the command language (`engine.aod.language`)."""
        return parse_command(text, state)

    def summary(self, state: AoDState) -> Summary:
        """Where the game stands ("round 2, Liao Line"), and who won."""
        players = state.players
        if state.stage is Stage.FIRST_PLAYER:
            where = "rolling for first player"
        elif state.stage is Stage.TERRAIN:
            where = f"laying terrain, {players[state.active]}"
        elif state.stage is Stage.DEPLOYMENT:
            where = f"deployment, {players[state.active]}"
        else:
            where = f"round {state.round}, {players[state.active]}"
        result = None
        if state.result is not None:
            winner = state.result.winner
            result = "nobody wins" if winner is None else f"{players[winner]} wins"
        return Summary(where, result, players)

    def tell(
        self, entry: int, command: Command, events: Sequence[Event], state: AoDState
    ) -> tuple[list[Told], AoDState]:
        """Tell one log entry in words (`engine.aod.narrate.tell`)."""
        return tell(entry, command, events, state)


RULESET = AgeOfDestruction()
