"""Paper 'Mech, the solo pencil-and-dice game (rules: shared/rules/papermech.md, PM-1..PM-14).

The ruleset object is `RULESET`; `legal_commands` lists what the player may do now, for the TUI,
the simulator's policies and the tests.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.dice import DiceSource
from engine.game import Command, Event, Seat, Summary
from engine.narration import Told
from engine.papermech import commands, events, narrate
from engine.papermech.evolve import evolve
from engine.papermech.flow import decide, prompt_text
from engine.papermech.language import COMMAND_HELP, format_command, parse_command
from engine.papermech.migrations import MIGRATIONS, SCHEMA_VERSION
from engine.papermech.options import legal_commands
from engine.papermech.state import (
    Loadout,
    LoadoutError,
    PaperSetup,
    PaperState,
    Player,
    Prompt,
)
from engine.schema import Migration

__all__ = [
    "RULESET",
    "Loadout",
    "LoadoutError",
    "PaperMech",
    "PaperSetup",
    "PaperState",
    "Prompt",
    "format_command",
    "legal_commands",
    "prompt_text",
]

MAX_BATTLES = 10
"""The longest campaign a scenario may ask for."""


class PaperMech:
    """The Paper 'Mech ruleset (an `engine.game.Ruleset`)."""

    name = "papermech"
    title = "Paper 'Mech"
    setup_type = PaperSetup
    command_types: tuple[type[Command], ...] = (
        commands.Deploy,
        commands.Refit,
        commands.ChooseAction,
        commands.Wait,
        commands.Haste,
        commands.ResolveNext,
        commands.ChooseTarget,
        commands.Pull,
        commands.Walk,
        commands.Turn,
        commands.SetStance,
        commands.Skip,
        commands.UseShield,
        commands.Repair,
    )
    event_types: tuple[type[Event], ...] = tuple(
        cls
        for cls in vars(events).values()
        if isinstance(cls, type) and issubclass(cls, events.PaperEvent) and cls.TAG
    )
    command_help = COMMAND_HELP
    schema_version: int = SCHEMA_VERSION
    migrations: Mapping[int, Migration] = MIGRATIONS

    def make_setup(self, scenario: Mapping[str, Any] | None) -> PaperSetup:
        """Read ``loadout`` (a spec string), ``battles`` and ``pilot`` from a scenario table.

        Raises:
            ValueError: an unknown key, a bad value, or an illegal loadout (the message says which).
        """
        if scenario is None:
            return PaperSetup()
        unknown = set(scenario) - {"loadout", "battles", "pilot", "title", "description"}
        if unknown:
            raise ValueError(f"unknown scenario keys: {', '.join(sorted(unknown))}")
        loadout = scenario.get("loadout", "")
        battles = scenario.get("battles", 1)
        pilot = scenario.get("pilot", "Pilot")
        if not isinstance(loadout, str):
            raise ValueError(  # noqa: TRY004 - make_setup reports bad scenarios as ValueError
                "loadout is a string like 'LS=wing-shield RS=missiles torso=5'"
            )
        if not isinstance(battles, int) or isinstance(battles, bool):
            raise ValueError("battles is a whole number")  # noqa: TRY004 - see above
        if not 1 <= battles <= MAX_BATTLES:
            raise ValueError(f"battles must be 1 to {MAX_BATTLES}, not {battles}")
        if not isinstance(pilot, str) or not pilot.strip():
            raise ValueError("pilot is a name")
        return PaperSetup(Loadout.parse(loadout), battles, pilot.strip()[:24])

    def start(self, setup: PaperSetup) -> PaperState:
        """PM-2: the sheet with no damage, standing, waiting to deploy."""
        return PaperState(setup, Player(setup.loadout))

    def decide(self, state: PaperState, command: Command, dice: DiceSource) -> Sequence[Event]:
        """Validate and resolve one command (`engine.papermech.flow.decide`)."""
        return decide(state, command, dice)

    def evolve(self, state: PaperState, event: Event) -> PaperState:
        """Apply one event."""
        return evolve(state, event)

    def seats_to_act(self, state: PaperState) -> frozenset[Seat]:
        """The one player, seat 0, while the game goes on (Paper 'Mech is played solo)."""
        return frozenset() if state.result is not None else frozenset({0})

    def view(self, state: PaperState, seat: Seat | None) -> PaperState:  # noqa: ARG002
        """The whole sheet: nothing is hidden from the player (or a spectator)."""
        return state

    def parse_command(self, text: str, state: PaperState) -> Command:
        """Read one line of the command language."""
        return parse_command(text, state)

    def summary(self, state: PaperState) -> Summary:
        """Say "wave 2" (or "battle 2/3, wave 1"), the result, and the pilot."""
        setup = state.setup
        where = f"wave {max(1, state.wave)}"
        if setup.battles > 1:
            where = f"battle {state.battle}/{setup.battles}, {where}"
        result = None
        if state.result is not None:
            # Short, for tables; the cause of a defeat is in the game's last event.
            won = state.result.won
            result = f"won, score {state.result.score}" if won else f"lost in {where}"
        return Summary(where, result, (setup.pilot,))

    def tell(
        self, entry: int, command: Command, events: Sequence[Event], state: PaperState
    ) -> tuple[list[Told], PaperState]:
        """Tell one log entry in words, with its dice (`engine.papermech.narrate.tell`)."""
        return narrate.tell(entry, command, events, state)


RULESET = PaperMech()
