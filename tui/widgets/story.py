"""A game as told in the log, kept in step with it, and where a replay stands: for every ruleset.

`Story` keeps the told lines (`engine.narration.Told`) of every entry in effect, telling through
the game's own ruleset (`engine.game.Ruleset.tell`), so the log is rebuilt after an undo without
telling the whole game again, and shows a prefix of them in a replay; `ReplayCursor` is where a
replay stands, a command and an event at a time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs
from attrs import frozen

from engine.narration import tell_entries

if TYPE_CHECKING:
    from engine.game import Game
    from engine.narration import Told

    AnyGame = Game[Any, Any, Any, Any]

__all__ = ["ReplayCursor", "Story"]


class Story:
    """The told lines of every command, kept in step with a game (play) or a whole log (replay).

    Play keeps the entries in effect (`sync` after a command, undo or redo tells only what
    changed); a replay tells every entry on record once and then shows a prefix of it.
    """

    def __init__(self) -> None:
        self.entries: list[list[Told]] = []

    def retell(self, game: AnyGame, *, everything: bool = False) -> None:
        """Tell the game from its start: the entries in effect, or every entry on record."""
        entries = game.log if everything else game.entries
        self.entries = tell_entries(game.ruleset, game.initial, entries)

    def sync(self, game: AnyGame) -> None:
        """Keep the told entries still in effect; tell the ones that came (back) since."""
        cursor = game.cursor
        del self.entries[cursor:]
        first = len(self.entries)
        came = game.entries[first:cursor]
        self.entries.extend(tell_entries(game.ruleset, game.state_at(first), came, first=first))

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
