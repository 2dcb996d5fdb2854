"""The interface of Dystopian Wars (issue 18; rules digest ``rules/dystopian.md``): `UI`.

Importing this package loads no screen and no rules: `DystopianWarsUI` imports the screens
(`tui.dystopian.screen`) when it is asked for one, and gives the ruleset its library
(`tui.dystopian.library`) when the ruleset is first imported (`tui.lazylibrary`). Its parts:
the setup form and game screens (`tui.dystopian.screen`, `tui.dystopian.setup`,
`tui.dystopian.game_screen`), the fleet builder (`tui.dystopian.builder`, its files
`tui.dystopian.fleet_store`), the board and the model card (`tui.dystopian.board_view`,
`tui.dystopian.model_panel`), the activation workflow without the screen
(`tui.dystopian.workflow`), the rules page (`tui.dystopian.rules`), the asset files' edge
(`tui.dystopian.files`, `tui.dystopian.library`) and their checker
(`tui.dystopian.validate.check`), the marks and words of its saves (`tui.dystopian.catalog`)
and the simulator (`tui.dystopian.sim`).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from tui.dystopian.catalog import MARKS, WORDS
from tui.lazylibrary import library_on_import

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

    from textual.dom import DOMNode
    from textual.screen import Screen

    from engine.game import Game

__all__ = ["UI", "DystopianWarsUI"]

_RULESET = "engine.dystopian.ruleset"


class DystopianWarsUI:
    """The `tui.ui.RulesetUI` of Dystopian Wars."""

    name = "dystopian"
    title = "Dystopian Wars"
    tagline = "Dystopian Wars"
    help_intro = """\
- **Dystopian Wars**: fleets of the 1870s clash on a sea of hexes, two players sharing one
  keyboard (hot-seat): roll off for the table edges and Field Orders, deploy squadron by
  squadron, then activate squadrons in turn: move each model, declare its attacks (exploding
  dice, linked fire) and end the activation; six turns or a Field Order fulfilled end it.
  `?` in the game opens a summary of the rules; `Z` switches the board between its zoomed view
  and the compact one (two cells a hex).
"""
    menu = True
    marks = MARKS
    words = WORDS
    sim: str | None = "tui.dystopian.sim:ADAPTER"
    validate: str | None = "tui.dystopian.validate:check"
    scores: str | None = None

    def new_game(self) -> Screen[Any]:
        """The setup form, then the game."""
        from tui.dystopian import screen  # noqa: PLC0415 - on demand

        return screen.new_game()

    def open_game(self, path: Path) -> Screen[Any]:
        """Play a save on, or replay it when it is over."""
        from tui.dystopian import screen  # noqa: PLC0415 - on demand

        return screen.open_game(path)

    def replay_save(self, path: Path) -> Screen[Any]:
        """Replay a save from its first command."""
        from tui.dystopian import screen  # noqa: PLC0415 - on demand

        return screen.replay_save(path)

    def replay(self, game: Game[Any, Any, Any, Any], path: Path | None) -> Screen[Any]:
        """The read-only screen of a game already read."""
        from tui.dystopian import screen  # noqa: PLC0415 - on demand

        return screen.replay(game, path)

    def help_sections(self) -> list[tuple[str, type[DOMNode]]]:
        """Its screens' keys, by mode."""
        from tui.dystopian import screen  # noqa: PLC0415 - on demand

        return screen.help_sections()

    def replay_sections(self) -> list[tuple[str, type[DOMNode]]]:
        """The replay screen's keys."""
        from tui.dystopian import screen  # noqa: PLC0415 - on demand

        return screen.replay_sections()

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


UI = DystopianWarsUI()
