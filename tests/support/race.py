"""Race: a tiny test-only ruleset that exercises every part of the kernel.

Players take turns on a track. ``step N`` moves 1-3 spaces without dice; ``roll`` moves 1d6 spaces
(a 6 lets the same player go again); ``resign`` gives the game away. The first to reach the goal
wins. It has commands with and without dice, several events per command, an enum, a tuple and a
nested attrs field in events, a setup from a scenario, and a game result - all that the kernel, the
saves and the headless protocol must carry. Load it with ``--ruleset tests.support.race:RULESET``.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

import attrs
from attrs import frozen

from engine.dice import DiceSource
from engine.game import Command, Event, IllegalCommand, KernelCode, Seat, Summary
from engine.narration import Told, tell_events
from engine.schema import Migration


class RaceCode(enum.StrEnum):
    """Rejection codes of the race."""

    BAD_STEP = "race/bad_step"


class Pace(enum.StrEnum):
    """How a player moved."""

    STEP = "step"
    ROLL = "roll"


@frozen
class RaceSetup:
    """Who races, and how long the track is."""

    players: tuple[str, ...] = ("Red", "Blue")
    goal: int = 20


@frozen
class Track:
    """Where everyone stands (a nested attrs value, to test the converter)."""

    positions: tuple[int, ...]


@frozen
class RaceState:
    """The whole state of a race."""

    setup: RaceSetup
    track: Track
    current: int = 0
    turn: int = 1
    winner: int | None = None


# ---------------------------------------------------------------- commands
@frozen
class Step(Command):
    """Move 1-3 spaces, no dice."""

    TAG = "step"
    spaces: int


@frozen
class Roll(Command):
    """Move 1d6 spaces."""

    TAG = "roll"


@frozen
class Resign(Command):
    """Give up."""

    TAG = "resign"


# ---------------------------------------------------------------- events
@frozen
class DiceRolled(Event):
    """A player rolled."""

    TAG = "dice_rolled"
    player: int
    roll: tuple[int, ...]


@frozen
class Moved(Event):
    """A player moved."""

    TAG = "moved"
    player: int
    spaces: int
    pace: Pace
    track: Track


@frozen
class TurnPassed(Event):
    """The next player is up."""

    TAG = "turn_passed"
    to: int


@frozen
class Won(Event):
    """The race is over."""

    TAG = "won"
    player: int
    how: str


class Race:
    """The ruleset object (a `engine.game.Ruleset`)."""

    name = "race"
    title = "Race (test ruleset)"
    setup_type = RaceSetup
    command_types = (Step, Roll, Resign)
    event_types = (DiceRolled, Moved, TurnPassed, Won)
    command_help = (
        "step N    move 1-3 spaces\nroll      move 1d6 spaces (a 6 goes again)\nresign    give up"
    )
    schema_version = 1
    migrations: Mapping[int, Migration] = MappingProxyType({})

    def make_setup(self, scenario: Mapping[str, Any] | None) -> RaceSetup:
        """Read ``players`` and ``goal`` from a scenario table."""
        if scenario is None:
            return RaceSetup()
        players = tuple(str(p) for p in scenario.get("players", RaceSetup().players))
        goal = scenario.get("goal", RaceSetup().goal)
        if len(players) < 2 or not isinstance(goal, int) or goal < 1:
            raise ValueError("a race needs at least two players and a positive goal")
        return RaceSetup(players, goal)

    def start(self, setup: RaceSetup) -> RaceState:
        """Everyone on the start line."""
        return RaceState(setup, Track((0,) * len(setup.players)))

    def decide(self, state: RaceState, command: Command, dice: DiceSource) -> Sequence[Event]:
        """Resolve one command."""
        me = state.current
        if isinstance(command, Resign):
            return [Won(me + 1 if me + 1 < len(state.track.positions) else 0, "resignation")]
        if isinstance(command, Step):
            if not 1 <= command.spaces <= 3:
                raise IllegalCommand(
                    RaceCode.BAD_STEP, f"You can step 1 to 3 spaces, not {command.spaces}."
                )
            spaces, pace, events = command.spaces, Pace.STEP, []
        elif isinstance(command, Roll):
            roll = dice.roll(1)
            spaces, pace, events = roll[0], Pace.ROLL, [DiceRolled(me, roll)]
        else:
            raise IllegalCommand(KernelCode.PARSE, f"The race has no command {command!r}.")
        positions = list(state.track.positions)
        positions[me] += spaces
        events.append(Moved(me, spaces, pace, Track(tuple(positions))))
        if positions[me] >= state.setup.goal:
            events.append(Won(me, "finish line"))
        elif not (pace is Pace.ROLL and spaces == 6):
            events.append(TurnPassed((me + 1) % len(positions)))
        return events

    def evolve(self, state: RaceState, event: Event) -> RaceState:
        """Apply one event."""
        match event:
            case Moved(track=track):
                return attrs.evolve(state, track=track)
            case TurnPassed(to=to):
                turn = state.turn + (1 if to == 0 else 0)
                return attrs.evolve(state, current=to, turn=turn)
            case Won(player=player):
                return attrs.evolve(state, winner=player)
            case DiceRolled():
                return state
        raise TypeError(f"race cannot apply {event!r}")

    def seats_to_act(self, state: RaceState) -> frozenset[Seat]:
        """The player whose turn it is, until somebody wins."""
        return frozenset() if state.winner is not None else frozenset({state.current})

    def view(self, state: RaceState, seat: Seat | None) -> RaceState:  # noqa: ARG002
        """Everyone sees the whole track."""
        return state

    def parse_command(self, text: str, state: RaceState) -> Command:  # noqa: ARG002
        """Read ``step N``, ``roll`` or ``resign``."""
        words = text.split()
        match words:
            case ["step", n] if n.lstrip("-").isdigit():
                return Step(int(n))
            case ["roll"]:
                return Roll()
            case ["resign"]:
                return Resign()
        raise IllegalCommand(
            KernelCode.PARSE, f"Unknown command {text.strip()!r}: try step N, roll or resign."
        )

    def summary(self, state: RaceState) -> Summary:
        """Turn number and the winner."""
        players = state.setup.players
        result = None if state.winner is None else f"{players[state.winner]} wins"
        return Summary(f"turn {state.turn}", result, players)

    def tell(
        self, entry: int, command: Command, events: Sequence[Event], state: RaceState
    ) -> tuple[list[Told], RaceState]:
        """One line for the command as typed, then one per event."""
        return tell_events(
            entry, _typed(command), events, state, evolve=self.evolve, describe=_said
        )


def _typed(command: Command) -> str:
    """A command as the language writes it: ``step 2``, ``roll``, ``resign``."""
    if isinstance(command, Step):
        return f"step {command.spaces}"
    return command.TAG


def _said(event: Event, before: RaceState, after: RaceState) -> str:
    """An event in a few words, naming the player from the setup."""
    del after
    players = before.setup.players
    match event:
        case DiceRolled(player=player, roll=roll):
            return f"{players[player]} rolls {roll[0]}."
        case Moved(player=player, spaces=spaces, track=track):
            return f"{players[player]} moves {spaces} to {track.positions[player]}."
        case TurnPassed(to=to):
            return f"{players[to]} is up."
        case Won(player=player, how=how):
            return f"{players[player]} wins ({how})."
    return type(event).__name__


def legal_commands(state: RaceState) -> list[Command]:
    """Every command the race accepts now: three steps, a roll and resigning (none once won)."""
    if state.winner is not None:
        return []
    return [Step(1), Step(2), Step(3), Roll(), Resign()]


RULESET = Race()

UI_SPEC = "tests.support.race_ui:UI"
"""Where the race's interface is (`tui.registry`): a test of the TUI lists it in the menu."""
