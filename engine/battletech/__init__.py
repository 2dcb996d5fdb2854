"""BattleTech (Master Rules): boards, 'Mechs, the turn sequence and movement (BT-M-*).

Rules digests: shared/rules/battletech-1-units-movement.md (BT-M) and battletech-2-combat-heat.md
(BT-C). The ruleset object is `RULESET`, registered as ``battletech``. Scenarios name boards and
units; the code that reads files gives the ruleset a `Library` (``RULESET.library``) to find them.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from engine.battletech import (
    antimechevents,
    buildingevents,
    commands,
    envevents,
    events,
    indirectevents,
    kindevents,
    kindmoveevents,
    narrate,
    nightcommands,
    nightevents,
    transportcommands,
    transportevents,
)
from engine.battletech.data.scenario import Library, build_setup, parse_scenario
from engine.battletech.evolve import evolve
from engine.battletech.language import COMMAND_HELP, format_command, parse_command
from engine.battletech.migrations import MIGRATIONS, SCHEMA_VERSION
from engine.battletech.nightstate import NightState
from engine.battletech.rules import lapses, masc, night
from engine.battletech.rules.environment import prepare
from engine.battletech.rules.flow import can_end_phase, decide, pending, prompt_text
from engine.battletech.rules.seats import seats_to_act
from engine.battletech.state import BTSetup, BTState, Phase, UnitState
from engine.dice import DiceSource
from engine.game import Command, Event, IllegalCommand, Seat, Summary
from engine.narration import Told
from engine.schema import Migration

__all__ = [
    "RULESET",
    "BTSetup",
    "BTState",
    "BattleTech",
    "Library",
    "Phase",
    "can_end_phase",
    "format_command",
    "pending",
    "prompt_text",
]


class BattleTech:
    """The BattleTech ruleset (an `engine.game.Ruleset`)."""

    name = "battletech"
    title = "BattleTech"
    setup_type = BTSetup
    command_types: tuple[type[Command], ...] = (
        commands.Deploy,
        commands.RollInitiative,
        commands.Move,
        commands.Jump,
        commands.EndMove,
        commands.EndPhase,
        commands.FireWeapons,
        commands.PhysicalAttack,
        commands.DumpAmmo,
        commands.Eject,
        commands.TakeClub,
        commands.SwitchHeatSinks,
        nightcommands.ChooseJitterFirer,
        transportcommands.LoadUnit,
        transportcommands.UnloadUnit,
        *antimechevents.ANTI_MECH_COMMANDS,
    )
    event_types: tuple[type[Event], ...] = (
        tuple(
            cls
            for cls in vars(events).values()
            if isinstance(cls, type) and issubclass(cls, events.BTEvent) and cls.TAG
        )
        + nightevents.NIGHT_EVENTS
        + envevents.ENV_EVENTS
        + lapses.LAPSE_EVENTS
        + masc.MASC_EVENTS
        + indirectevents.INDIRECT_EVENTS
        + kindmoveevents.KIND_MOVE_EVENTS
        + buildingevents.BUILDING_EVENTS
        + kindevents.KIND_EVENTS
        + transportevents.TRANSPORT_EVENTS
        + antimechevents.ANTI_MECH_EVENTS
    )
    command_help = COMMAND_HELP
    schema_version: int = SCHEMA_VERSION
    migrations: Mapping[int, Migration] = MIGRATIONS

    def __init__(self) -> None:
        self.library: Library | None = None

    def make_setup(self, scenario: Mapping[str, Any] | None) -> BTSetup:
        """Build a setup from a scenario table (None: the bundled default scenario).

        Raises:
            ValueError: a bad scenario, or no `library` to find its boards and units.
        """
        if self.library is None:
            msg = "BattleTech scenarios need the unit and board library (start hexmech normally)"
            raise ValueError(msg)
        if scenario is None:
            scenario = self.default_scenario()
        return build_setup(scenario, self.library)

    def setup_from_text(self, text: str) -> BTSetup:
        """Build a setup from a scenario file's text (TOML), its errors placed on their lines.

        Raises:
            ValueError: a bad scenario (a `ScenarioError`: ``line N: reason``, and ``where(FILE)``
                gives ``FILE:N: reason``), or no `library`.
        """
        if self.library is None:  # TOML's own errors first, then the missing library's
            return self.make_setup(tomllib.loads(text))
        return parse_scenario(text, self.library)

    @staticmethod
    def default_scenario() -> dict[str, Any]:
        """The scenario used when none is named: assets/scenarios/battletech/default.toml."""
        return {
            "title": "Meeting engagement",
            "board": "river-crossing",
            "deploy_rows": 3,
            "side": [
                {
                    "name": "Davion",
                    "units": [
                        {"unit": "Griffin GRF-1N", "pilot": "Kell"},
                        {"unit": "Hunchback HBK-4G", "pilot": "Hollis"},
                    ],
                },
                {
                    "name": "Kurita",
                    "units": [
                        {"unit": "Shadow Hawk SHD-2H", "pilot": "Tanaka"},
                        {"unit": "Wolverine WVR-6R", "pilot": "Ito"},
                    ],
                },
            ],
        }

    def start(self, setup: BTSetup) -> BTState:
        """The map with every unit undamaged; deployment first unless the scenario placed all."""
        units = tuple(
            attrs.evolve(
                UnitState.from_setup(u),
                on_bridge=u.hex is not None and setup.board.terrain(u.hex).bridge is not None,
            )
            for u in setup.units
        )
        board, environment = prepare(setup.board, setup.environment)  # BT-M-39: swamp, ice
        state = BTState(
            board=board,
            sides=setup.sides,
            units=units,
            deploy_rows=setup.deploy_rows,
            victory=setup.victory,
            temperature=setup.temperature,
            wind=setup.wind,
            title=setup.title,
            night=None if setup.night is None else NightState.from_setup(setup.night, len(units)),
            environment=environment,
        )
        waiting = sorted({u.side for u in units if u.hex is None})
        if waiting:
            return BTState(
                board=state.board,
                sides=state.sides,
                units=units,
                phase=Phase.DEPLOYMENT,
                slots=((waiting[0], 1),),
                deploy_rows=setup.deploy_rows,
                victory=setup.victory,
                temperature=setup.temperature,
                wind=setup.wind,
                title=setup.title,
                night=state.night,
                environment=environment,
            )
        return BTState(
            board=state.board,
            sides=state.sides,
            units=units,
            turn=1,
            phase=Phase.INITIATIVE,
            deploy_rows=setup.deploy_rows,
            victory=setup.victory,
            temperature=setup.temperature,
            wind=setup.wind,
            title=setup.title,
            night=state.night,
            environment=environment,
        )

    def decide(self, state: BTState, command: Command, dice: DiceSource) -> Sequence[Event]:
        """Validate and resolve one command (`engine.battletech.rules.flow.decide`)."""
        if not isinstance(command, commands.BTCommand):
            raise IllegalCommand("command/unknown", f"not a BattleTech command: {command!r}")
        return decide(state, command, dice)

    def evolve(self, state: BTState, event: Event) -> BTState:
        """Apply one event."""
        return evolve(event, state)

    def seats_to_act(self, state: BTState) -> frozenset[Seat]:
        """The sides due to act now (`rules.seats.seats_to_act`); seats are sides."""
        return seats_to_act(state)

    def view(self, state: BTState, seat: Seat | None) -> BTState:
        """A side's view: by day the whole battlefield; at night unknown enemies are hidden.

        See `engine.battletech.rules.night.view`: a hidden unit keeps its index, its ``hex`` is None
        and ``state.night.hidden`` lists it. ``seat`` None (a spectator) sees everything.
        """
        return night.view(state, seat)

    def parse_command(self, text: str, state: BTState) -> Command:
        """Read one line of the command language."""
        return parse_command(text, state)

    def summary(self, state: BTState) -> Summary:
        """Say "turn 3, movement", the result, and the sides."""
        where = "deployment" if state.phase is Phase.DEPLOYMENT else f"turn {state.turn}"
        result = None
        if state.phase is Phase.OVER:
            result = "draw" if state.winner is None else f"{state.sides[state.winner]} won"
        return Summary(where, result, state.sides)

    def tell(
        self, entry: int, command: Command, events: Sequence[Event], state: BTState
    ) -> tuple[list[Told], BTState]:
        """Tell one log entry in words (`engine.battletech.narrate.tell`)."""
        return narrate.tell(entry, command, events, state)


RULESET = BattleTech()
