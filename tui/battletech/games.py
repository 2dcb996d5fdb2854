"""Start, resume and replay BattleTech games: what the menu, Continue, Load and Replays call.

`factory` is ``RULESET_SCREENS["battletech"]``: no path asks for a new game's setup first
(`tui.battletech.setup.BTSetupScreen`), then creates its save; a game in progress resumes; a
finished game is replayed. `replay_or_explain` is ``RULESET_REPLAYS["battletech"]``.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.screen import Screen

from engine.battletech import RULESET
from saves.journal import Journal
from tui.battletech.screen import BattleTechScreen
from tui.screens.game import NewGame, create_save

if TYPE_CHECKING:
    from tui.battletech.setup import BTStart

__all__ = ["NewBattleTechGame", "factory", "replay_or_explain", "start_game"]


def start_game(start: BTStart, saves_dir: Path, *, now: datetime | None = None) -> Journal:
    """Create the save of a new game chosen on the setup screen.

    Args:
        start: the setup and the dice seed.
        saves_dir: where saves live.
        now: the creation time (the clock when None).

    Returns:
        The journal, its header on disk. Hot-seat: undo stops at a dice roll.

    Raises:
        OSError: the save cannot be created.
    """
    return create_save(saves_dir, RULESET, start.setup, seed=start.seed, now=now)


def factory(path: Path | None) -> Screen[Any]:
    """Build the BattleTech screen for the menu: a new game, a game to resume, or a replay.

    Args:
        path: None for a new game (the setup screen comes first); a save to open otherwise.

    Returns:
        The screen to push; a save that cannot be read gives a screen that says why and closes.
    """
    if path is None:
        return NewBattleTechGame()
    return BattleTechScreen.open_save(path)


def replay_or_explain(path: Path) -> Screen[Any]:
    """The replay of ``path`` from its start, or a screen that says why it cannot be read."""
    return BattleTechScreen.replay_save(path)


class NewBattleTechGame(NewGame):
    """Ask for a new game's setup, then put the game in this screen's place (or go back)."""

    def __init__(self, *, seed: int | None = None) -> None:
        """Prepare the setup screen.

        Args:
            seed: the random seed offered; a fresh one when None.
        """
        super().__init__()
        self.seed = seed

    def setup_form(self) -> Screen[Any]:
        """The setup screen: a scenario, or a custom game."""
        from tui.battletech.setup import BTSetupScreen  # noqa: PLC0415 - a sibling screen

        return BTSetupScreen(random_seed=self.seed)

    def start(self, chosen: Any, saves_dir: Path) -> Journal:  # noqa: ANN401 - a BTStart
        """Create the save (hot-seat)."""
        return start_game(chosen, saves_dir)

    def game_screen(self, journal: Journal) -> Screen[Any]:
        """The BattleTech screen."""
        return BattleTechScreen(journal=journal)
