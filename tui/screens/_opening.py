"""Opening a game's save in its ruleset's screen: live if it goes on, a replay if it is over.

Shared by every game screen (`PaperMechScreen`, `BattleTechScreen`): each takes ``journal=`` to
play, ``game=``/``path=`` to replay, and has a ``replay(path)`` constructor. A save that cannot
be read gives a screen that says why and closes, never a traceback.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from textual.screen import Screen

from engine.game import Game
from saves.journal import Journal, SaveError, read_game

__all__ = ["GameScreen", "Unopenable", "open_or_explain", "replay_or_explain"]


class GameScreen(Protocol):
    """What a game screen class offers for opening saves."""

    def __call__(
        self,
        *,
        journal: Journal | None = ...,
        game: Game[Any, Any, Any, Any] | None = ...,
        path: Path | None = ...,
    ) -> Screen[Any]:
        """Create the screen: live play with ``journal``, a replay with ``game``."""
        ...

    def replay(self, path: Path) -> Screen[Any]:
        """The replay of the save at ``path`` from its start."""
        ...


class Unopenable(Screen[None]):
    """Say why a save cannot be opened, and go back."""

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason

    def on_mount(self) -> None:
        """Report and close."""
        self.notify(self.reason, severity="error", timeout=10)
        self.dismiss()


def open_or_explain(path: Path, screen: GameScreen) -> Screen[Any]:
    """A game still going on opens to play; a finished one opens as its replay."""
    try:
        loaded = read_game(path.read_bytes(), path.name)
    except OSError as error:
        return Unopenable(f"Cannot open {path.name}: {error.strerror or error}")
    except SaveError as error:
        return Unopenable(str(error))
    if loaded.game.summary.over:
        return screen(game=loaded.game, path=path)
    try:
        journal = Journal.open(path)
    except (OSError, SaveError) as error:
        return Unopenable(str(error))
    return screen(journal=journal)


def replay_or_explain(path: Path, screen: GameScreen) -> Screen[Any]:
    """The replay of ``path`` from its start, or a screen that says why it cannot be read."""
    try:
        return screen.replay(path)
    except OSError as error:
        return Unopenable(f"Cannot open {path.name}: {error.strerror or error}")
    except SaveError as error:
        return Unopenable(str(error))
