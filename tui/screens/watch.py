"""Open a save to watch: its replay from the start, or following it live while it is played.

`watch` is what the replay browser and ``hexmech replay`` call. It reads the save once
(`saves.tail.JournalTail`), asks the ruleset's interface (`tui.registry`) for its replay screen,
and either starts the replay at the first command or, for a game still in progress, at its newest
move, following the file as another process appends to it. A save it cannot open gives a screen
that says why in one line and goes back (`tui.screens.game.Unopenable`), never a traceback.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from saves.journal import SaveError
from saves.tail import JournalTail
from tui import registry
from tui.screens.game import Unopenable
from tui.widgets.story import ReplayCursor

if TYPE_CHECKING:
    from pathlib import Path

    from textual.screen import Screen

__all__ = ["inside", "replay_screen", "watch"]


def inside(root: Path, path: Path) -> bool:
    """Whether ``path`` is a file of the directory ``root`` itself, not a link leading elsewhere.

    Args:
        root: the saves directory.
        path: the file asked for.
    """
    try:
        if path.is_symlink() or not path.is_file():
            return False
        return path.resolve().parent == root.resolve()
    except OSError:
        return False


def watch(path: Path, *, follow: bool | None = None, root: Path | None = None) -> Screen[Any]:
    """The screen that replays a save, or one that says in one line why it cannot.

    Args:
        path: the save.
        follow: follow it as it grows (starting at its newest move); None: only when the game is
            still in progress.
        root: when given, ``path`` must be a file of this directory (the browser's saves); any
            other path is refused.
    """
    if root is not None and not inside(root, path):
        return Unopenable(f"{path.name}: not a save in {root}")
    try:
        tail = JournalTail.open(path)
    except SaveError as error:
        return Unopenable(str(error))
    return replay_screen(tail, follow=follow)


def replay_screen(tail: JournalTail, *, follow: bool | None = None) -> Screen[Any]:
    """The replay screen of a save already read (see `watch`)."""
    game = tail.game
    ui = registry.get(game.ruleset.name)
    if ui is None:
        return Unopenable(f"Replays of {game.ruleset.title} are not available yet")
    screen: Any = ui.replay(game, tail.path)
    following = not game.summary.over if follow is None else follow
    screen.cursor = ReplayCursor.of(game, at_end=following)
    if following:
        screen.follow(tail)
    return cast("Screen[Any]", screen)
