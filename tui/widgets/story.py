"""A game as told in the log, kept in step with it, and where a replay stands: for every ruleset.

`Story` keeps the told lines (`engine.narration.Told`) of every entry in effect, telling through
the game's own ruleset (`engine.game.Ruleset.tell`) only the entries whose lines are asked for
(a long save opens without telling its whole game), so the log is rebuilt after an undo without
telling the game again, and shows a prefix of them in a replay; `ReplayCursor` is where a
replay stands, a command and an event at a time.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, cast

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

    Play keeps the entries in effect (`sync` after a command, undo or redo drops what changed);
    a replay covers every entry on record and shows a prefix of it. Entries are told lazily, only
    when a line of theirs is asked for (the log asks for the screenful before a position), from
    the nearest state the game keeps, in runs starting at its snapshots; what was told is kept.
    """

    def __init__(self) -> None:
        self._game: AnyGame | None = None
        self._told: list[list[Told] | None] = []  # per entry: its lines, or None until told

    @property
    def entries(self) -> list[list[Told]]:
        """The lines of every entry covered, each telling what was not told yet (tests, tools)."""
        self._tell(0, len(self._told))
        return cast("list[list[Told]]", list(self._told))

    def __len__(self) -> int:
        """How many entries the story covers."""
        return len(self._told)

    def retell(self, game: AnyGame, *, everything: bool = False) -> None:
        """Tell the game from its start: the entries in effect, or every entry on record.

        Nothing is told yet: an entry is told when a line of it is first asked for.
        """
        self._game = game
        self._told = [None] * (len(game.log) if everything else game.cursor)

    def sync(self, game: AnyGame) -> None:
        """Keep the told entries still in effect; the ones that came (back) since are told later."""
        self._game = game
        cursor = game.cursor
        del self._told[cursor:]
        self._told.extend([None] * (cursor - len(self._told)))

    def forget(self, first: int) -> None:
        """Drop what was told of entry ``first`` on (the save changed there); `sync` next."""
        del self._told[first:]

    def entry(self, index: int) -> list[Told]:
        """The lines of entry ``index`` (the command's first), told now if they were not."""
        told = self._told[index]
        if told is None:
            self._before(index + 1)  # with the entries before it, from the state kept before them
            told = self._told[index]
        return cast("list[Told]", told)

    def _tell(self, start: int, stop: int) -> None:
        """Tell every entry of ``start .. stop - 1`` not told yet, from the game's nearest state."""
        told = self._told
        index = start
        while index < stop:
            if told[index] is not None:
                index += 1
                continue
            end = index + 1
            while end < stop and told[end] is None:
                end += 1
            game = self._game
            if game is None:  # pragma: no cover - entries exist only once a game is given
                raise RuntimeError("the story has no game")
            told[index:end] = tell_entries(
                game.ruleset, game.state_at(index), game.log[index:end], first=index
            )
            index = end

    def _before(self, index: int) -> None:
        """Tell the run of entries up to ``index`` (exclusive) that starts at a kept state."""
        game = self._game
        step = game.snapshot_every if game is not None else 1
        self._tell(max(0, (index - 1) // step * step), index)

    def lines(
        self, position: tuple[int, int] | None = None, *, limit: int | None = None
    ) -> tuple[list[Told], int | None]:
        """The log's lines, routine questions left out, up to a replay position.

        Args:
            position: (commands applied, events of the next one applied); None for everything.
            limit: at most this many lines, the last ones (only the entries they come from are
                told); None for every line.

        Returns:
            The lines, and the index of the current one (the last) for a position, else None.
        """
        index, events = position if position is not None else (len(self._told), 0)
        wanted = limit if limit is not None else sys.maxsize
        lines: list[Told] = []
        if events:
            lines.extend(
                t for t in reversed(self.entry(index)) if t.event < events and not t.routine
            )
        while index > 0 and len(lines) < wanted:
            if self._told[index - 1] is None:
                self._before(index)
            index -= 1
            lines.extend(
                t for t in reversed(cast("list[Told]", self._told[index])) if not t.routine
            )
        del lines[wanted:]
        lines.reverse()
        if position is None:
            return lines, None
        return lines, (len(lines) - 1 if lines else None)

    def tray(self, position: tuple[int, int] | None = None) -> tuple[Told, ...]:
        """The lines whose dice the tray shows: the last command's, or up to the position."""
        if position is None:
            return tuple(self.entry(len(self._told) - 1)) if self._told else ()
        index, events = position
        if events:
            return tuple(t for t in self.entry(index) if t.event < events)
        return tuple(self.entry(index - 1)) if index else ()

    def event(self, index: int, events: int) -> Told:
        """The line of the last event applied at a position inside command ``index``."""
        return self.entry(index)[events]  # the command's own line comes first


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
