"""A BattleTech game as told in the log: the lines of every command in effect, kept in step.

The same shape as the Paper 'Mech story (`tui.papermech.widgets.story.Story`), whose `Told` lines,
`ReplayCursor` and `EventLog` the BattleTech screen shares; only the telling differs
(`tui.battletech.narrate.tell`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tui.battletech.narrate import tell
from tui.papermech.widgets.story import Story

if TYPE_CHECKING:
    from engine.game import Game

    AnyGame = Game[Any, Any, Any, Any]

__all__ = ["BTStory"]


class BTStory(Story):
    """The told lines of a BattleTech game (play: the entries in effect; replay: the whole log)."""

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
