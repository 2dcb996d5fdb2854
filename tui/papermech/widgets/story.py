"""A Paper 'Mech game as told in the log and the dice tray: a line per command and per event.

`tell` folds a command's events from the state before it, asking `engine.papermech.narrate` for
each line and each group of dice. `Story` keeps the lines of every entry in effect, so the log is
rebuilt after an undo without telling the whole game again, and shows a prefix of them in a
replay; `ReplayCursor` is where a replay stands, a command and an event at a time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs
from attrs import frozen

from engine.papermech import RULESET, format_command
from engine.papermech.narrate import Roll, describe, is_routine, rolls

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine.game import Command, Event, Game
    from engine.papermech.state import PaperState

    AnyGame = Game[Any, Any, Any, Any]

__all__ = ["COMMAND", "ReplayCursor", "Story", "Told", "tell"]

COMMAND = -1
"""The `Told.event` of the line that names the command itself."""


@frozen
class Told:
    """One line of the story.

    Attributes:
        entry: the index of the command in the game's log.
        event: the index of the event in that command's events, or `COMMAND` for the command.
        text: the line.
        rolls: the dice the event rolled (empty for most).
        routine: the event only repeats the usual question (the log leaves it out).
    """

    entry: int
    event: int
    text: str
    rolls: tuple[Roll, ...] = ()
    routine: bool = False

    @property
    def is_command(self) -> bool:
        """Whether this is the line naming the command."""
        return self.event == COMMAND


def tell(
    entry: int, command: Command, events: Sequence[Event], state: PaperState
) -> tuple[list[Told], PaperState]:
    """Tell one command and its events.

    Args:
        entry: the command's index in the log.
        command: the command.
        events: what it caused.
        state: the state before it.

    Returns:
        The lines (the command's first) and the state after the events.
    """
    lines = [Told(entry, COMMAND, format_command(command))]
    for index, event in enumerate(events):
        after = RULESET.evolve(state, event)
        lines.append(
            Told(
                entry,
                index,
                describe(event, state, after),
                tuple(rolls(event, state)),
                is_routine(event),
            )
        )
        state = after
    return lines, state


class Story:
    """The told lines of every command, kept in step with a game (play) or a whole log (replay).

    Play keeps the entries in effect (`sync` after a command, undo or redo tells only what
    changed); a replay tells every entry on record once and then shows a prefix of it.
    """

    def __init__(self) -> None:
        self.entries: list[list[Told]] = []

    def retell(self, game: AnyGame, *, everything: bool = False) -> None:
        """Tell the game from its start: the entries in effect, or every entry on record."""
        state = game.initial
        self.entries = []
        for index, entry in enumerate(game.log if everything else game.entries):
            told, state = tell(index, entry.command, entry.events, state)
            self.entries.append(told)

    def sync(self, game: AnyGame) -> None:
        """Keep the told entries still in effect; tell the ones that came (back) since."""
        cursor = game.cursor
        del self.entries[cursor:]
        for index in range(len(self.entries), cursor):
            entry = game.entries[index]
            told, _ = tell(index, entry.command, entry.events, game.state_at(index))
            self.entries.append(told)

    def lines(self, position: tuple[int, int] | None = None) -> tuple[list[Told], int | None]:
        """The log's lines, routine questions left out, up to a replay position.

        Args:
            position: (commands applied, events of the next one applied); None for everything.

        Returns:
            The lines, and the index of the current one (the last) for a position, else None.
        """
        if position is None:
            return [t for entry in self.entries for t in entry if not t.routine], None
        index, events = position
        lines = [t for entry in self.entries[:index] for t in entry if not t.routine]
        if events:
            lines.extend(t for t in self.entries[index] if t.event < events and not t.routine)
        return lines, (len(lines) - 1 if lines else None)

    def tray(self, position: tuple[int, int] | None = None) -> tuple[Told, ...]:
        """The lines whose dice the tray shows: the last command's, or up to the position."""
        if position is None:
            return tuple(self.entries[-1]) if self.entries else ()
        index, events = position
        if events:
            return tuple(t for t in self.entries[index] if t.event < events)
        return tuple(self.entries[index - 1]) if index else ()

    def event(self, index: int, events: int) -> Told:
        """The line of the last event applied at a position inside command ``index``."""
        return self.entries[index][events]  # the command's own line comes first


@frozen
class ReplayCursor:
    """Where a replay stands: ``index`` commands applied, then ``events`` events of the next.

    Attributes:
        sizes: how many events each command of the log has.
        index: commands applied (0 .. len(sizes)).
        events: events of command ``index`` applied (always less than its size).
    """

    sizes: tuple[int, ...]
    index: int = 0
    events: int = 0

    @classmethod
    def of(cls, game: AnyGame, *, at_end: bool = False) -> ReplayCursor:
        """A cursor over a game's entries in effect (not what undo took back), at start or end."""
        sizes = tuple(len(entry.events) for entry in game.entries)
        return cls(sizes, len(sizes) if at_end else 0)

    @property
    def position(self) -> tuple[int, int]:
        """(index, events), for `engine.game.Game.state_at`."""
        return self.index, self.events

    @property
    def at_end(self) -> bool:
        """Whether every command has been applied."""
        return self.index >= len(self.sizes)

    def go(self, index: int, events: int = 0) -> ReplayCursor:
        """Move to a position, clamped to the log; a command's last event counts as the next."""
        index = max(0, min(index, len(self.sizes)))
        if index < len(self.sizes) and events >= self.sizes[index]:
            index, events = index + 1, 0
        events = max(0, events) if index < len(self.sizes) else 0
        return attrs.evolve(self, index=index, events=events)

    def step(self, step: int) -> ReplayCursor:
        """One command forward (1) or back (-1); back from inside a command goes to its start."""
        if step > 0:
            return self.go(self.index + 1)
        return self.go(self.index if self.events else self.index - 1)

    def step_event(self, step: int) -> ReplayCursor:
        """One event forward (1) or back (-1)."""
        if step > 0:
            return self if self.at_end else self.go(self.index, self.events + 1)
        if self.events:
            return self.go(self.index, self.events - 1)
        if self.index:
            return self.go(self.index - 1, self.sizes[self.index - 1] - 1)
        return self
