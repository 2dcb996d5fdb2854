"""What the DW interface object (`tui.dystopian.UI`) delegates to: the screens of a game.

Mirrors `tui.aod.screen`: a new game (the setup form, then the play screen), a save played on or
replayed when finished, a replay from the start, the read-only screen of a game already read,
and the screens whose keys the help page lists.
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
    """The setup form, then the game (`tui.dystopian.game_screen.NewDWGame`)."""
    from tui.dystopian.game_screen import NewDWGame  # noqa: PLC0415 - on demand

    return NewDWGame()


def open_game(path: Path) -> Screen[Any]:
    """Play a save on, or replay it when it is over; a save that cannot be read says why."""
    from tui.dystopian.game_screen import DWScreen  # noqa: PLC0415 - on demand
    from tui.dystopian.setup import game_library  # noqa: PLC0415

    game_library()
    return DWScreen.open_save(path)


def replay_save(path: Path) -> Screen[Any]:
    """Replay a save from its first command."""
    from tui.dystopian.game_screen import DWScreen  # noqa: PLC0415 - on demand

    return DWScreen.replay_save(path)


def replay(game: Game[Any, Any, Any, Any], path: Path | None) -> Screen[Any]:
    """The read-only screen of a game already read (watching and following a save)."""
    from tui.dystopian.game_screen import DWScreen  # noqa: PLC0415 - on demand

    return DWScreen(game=game, path=path)


def help_sections() -> list[tuple[str, type[DOMNode]]]:
    """The setup, fleet builder, board, play, hand-over, score and rules screens' keys."""
    from tui.dystopian.board_view import DWBoard  # noqa: PLC0415 - on demand
    from tui.dystopian.builder import FleetBuilderScreen, FleetList  # noqa: PLC0415
    from tui.dystopian.game_screen import DWScreen, PassScreen, ScoreScreen  # noqa: PLC0415
    from tui.dystopian.rules import DWRulesScreen  # noqa: PLC0415
    from tui.dystopian.setup import DWSetupScreen  # noqa: PLC0415

    return [
        ("Dystopian Wars: new game", DWSetupScreen),
        ("Dystopian Wars: fleet builder", FleetBuilderScreen),
        ("Dystopian Wars: the builder's fleet list", FleetList),
        ("Dystopian Wars: the board", DWBoard),
        ("Dystopian Wars: play and replay", DWScreen),
        ("Dystopian Wars: passing the terminal (hot-seat)", PassScreen),
        ("Dystopian Wars: the result", ScoreScreen),
        ("Dystopian Wars: rules summary", DWRulesScreen),
    ]


def replay_sections() -> list[tuple[str, type[DOMNode]]]:
    """The replay screen's keys."""
    from tui.dystopian.game_screen import DWScreen  # noqa: PLC0415 - on demand

    return [("Dystopian Wars replay", DWScreen)]
