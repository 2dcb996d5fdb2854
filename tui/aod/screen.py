"""What the AoD interface object (`tui.aod.UI`) delegates to: the screens of a game.

Mirrors `tui.battletech.BattleTechUI`: a new game (the setup form, then the play screen), a save
played on or replayed when finished, a replay from the start, the read-only screen of a game
already read, and the screens whose keys the help page lists.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

    from textual.dom import DOMNode
    from textual.screen import Screen

    from engine.game import Game

__all__ = ["help_sections", "new_game", "open_game", "replay", "replay_save", "replay_sections"]


def new_game() -> Screen[Any]:
    """The setup form, then the game (`tui.aod.game_screen.NewAoDGame`)."""
    from tui.aod.game_screen import NewAoDGame  # noqa: PLC0415 - on demand

    return NewAoDGame()


def open_game(path: Path) -> Screen[Any]:
    """Play a save on, or replay it when it is over; a save that cannot be read says why."""
    from tui.aod.game_screen import AoDScreen  # noqa: PLC0415 - on demand
    from tui.aod.setup import game_library  # noqa: PLC0415

    game_library()
    return AoDScreen.open_save(path)


def replay_save(path: Path) -> Screen[Any]:
    """Replay a save from its first command."""
    from tui.aod.game_screen import AoDScreen  # noqa: PLC0415 - on demand

    return AoDScreen.replay_save(path)


def replay(game: Game[Any, Any, Any, Any], path: Path | None) -> Screen[Any]:
    """The read-only screen of a game already read (watching and following a save)."""
    from tui.aod.game_screen import AoDScreen  # noqa: PLC0415 - on demand

    return AoDScreen(game=game, path=path)


def help_sections() -> list[tuple[str, type[DOMNode]]]:
    """The setup, board, play, hand-over, score and rules screens' keys."""
    from tui.aod.board_view import AoDBoard  # noqa: PLC0415 - on demand
    from tui.aod.game_screen import AoDScreen, PassScreen, ScoreScreen  # noqa: PLC0415
    from tui.aod.rules import AoDRulesScreen  # noqa: PLC0415
    from tui.aod.setup import AoDSetupScreen  # noqa: PLC0415

    return [
        ("MechWarrior: Age of Destruction: new game", AoDSetupScreen),
        ("MechWarrior: Age of Destruction: the board", AoDBoard),
        ("MechWarrior: Age of Destruction: play and replay", AoDScreen),
        ("MechWarrior: Age of Destruction: passing the terminal (hot-seat)", PassScreen),
        ("MechWarrior: Age of Destruction: the result", ScoreScreen),
        ("MechWarrior: Age of Destruction: rules summary", AoDRulesScreen),
    ]


def replay_sections() -> list[tuple[str, type[DOMNode]]]:
    """The replay screen's keys."""
    from tui.aod.game_screen import AoDScreen  # noqa: PLC0415 - on demand

    return [("MechWarrior: Age of Destruction replay", AoDScreen)]
