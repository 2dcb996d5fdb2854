"""The interface of Dystopian Wars (issue 18; rules digest ``rules/dystopian.md``): `UI`.

Importing this package loads no screen and no rules: `DystopianWarsUI` gives the ruleset its
library (`tui.dystopian.library`) when the ruleset is first imported, and imports its screens
(``tui.dystopian.screen``) when asked for one. Its parts: the asset files' edge
(`tui.dystopian.files`, `tui.dystopian.library`), their checker (`tui.dystopian.validate.check`)
and the simulator (`tui.dystopian.sim`).

The menu does not offer it yet (``menu = False``): until ``tui.dystopian.screen`` exists, a
screen asked for is one that says so, and the game is played with ``hexmech play --headless
--ruleset dystopian``. The screens' module gives ``new_game``, ``open_game(path)``,
``replay_save(path)``, ``replay(game, path)``, ``help_sections()`` and ``replay_sections()``.
"""

from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING, Any

from tui.lazylibrary import library_on_import

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from pathlib import Path
    from types import ModuleType

    from textual.dom import DOMNode
    from textual.screen import Screen

    from engine.game import Game

__all__ = ["UI", "DystopianWarsUI"]

_RULESET = "engine.dystopian.ruleset"
_SCREENS = "tui.dystopian.screen"
_NO_SCREEN = (
    "The Dystopian Wars screens are not ready yet: "
    "play it with hexmech play --headless --ruleset dystopian."
)


class DystopianWarsUI:
    """The `tui.ui.RulesetUI` of Dystopian Wars."""

    name = "dystopian"
    title = "Dystopian Wars"
    tagline = "Dystopian Wars"
    help_intro = """\
- **Dystopian Wars**: fleets of ironclads, airships and landships on a hex board, two players
  sharing one keyboard (hot-seat): roll off for the table edges and Field Orders, deploy squadron
  by squadron, then activate your squadrons in turn (move, fire, end the activation) until the
  last turn; victory points and Field Orders decide.
"""
    menu = False
    marks = None
    words = None
    sim: str | None = "tui.dystopian.sim:ADAPTER"
    validate: str | None = "tui.dystopian.validate:check"
    scores: str | None = None

    def new_game(self) -> Screen[Any]:
        """The setup form, then the game."""
        return _screen("new_game")

    def open_game(self, path: Path) -> Screen[Any]:
        """Play a save on, or replay it when it is over."""
        return _screen("open_game", path)

    def replay_save(self, path: Path) -> Screen[Any]:
        """Replay a save from its first command."""
        return _screen("replay_save", path)

    def replay(self, game: Game[Any, Any, Any, Any], path: Path | None) -> Screen[Any]:
        """The read-only screen of a game already read."""
        return _screen("replay", game, path)

    def help_sections(self) -> list[tuple[str, type[DOMNode]]]:
        """Its screens' keys, by mode (none while the screens are not written)."""
        sections: list[tuple[str, type[DOMNode]]] = getattr(_screens(), "help_sections", list)()
        return sections

    def replay_sections(self) -> list[tuple[str, type[DOMNode]]]:
        """The replay screen's keys (none while the screens are not written)."""
        sections: list[tuple[str, type[DOMNode]]] = getattr(_screens(), "replay_sections", list)()
        return sections

    def install(self, folders: Sequence[Path]) -> None:
        """The bundled catalogue, model and fleet files, the user's, and ``--units`` folders.

        With ``--units`` folders, or the ruleset already imported, the library is read at once
        (skipped files are named on standard error). Otherwise nothing is read or imported here:
        the ruleset is given its library when `engine.dystopian.ruleset` is first imported, and
        that library reads its files when first used (`tui.lazylibrary`).
        """
        if folders or _RULESET in sys.modules:
            from tui.dystopian.library import install  # noqa: PLC0415 - on demand

            install(folders)
            return
        library_on_import(_RULESET, "tui.dystopian.library:install")


def _screens() -> ModuleType | None:
    """The screens' module, or None while it is not written."""
    try:
        return importlib.import_module(_SCREENS)
    except ModuleNotFoundError as exc:
        if exc.name != _SCREENS:
            raise
        return None


def _screen(function: str, *args: object) -> Screen[Any]:
    """Call ``tui.dystopian.screen.FUNCTION(*args)``; without it, a screen that says so."""
    make: Callable[..., Screen[Any]] | None = getattr(_screens(), function, None)
    if make is None:
        from tui.screens.game import Unopenable  # noqa: PLC0415 - on demand

        return Unopenable(_NO_SCREEN)
    return make(*args)


UI = DystopianWarsUI()
