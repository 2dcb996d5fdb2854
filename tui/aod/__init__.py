"""The interface of MechWarrior: Age of Destruction (issue 17; rules digest ``rules/aod.md``): `UI`.

Importing this package loads no screen and no rules: `AgeOfDestructionUI` imports the screens
(`tui.aod.screen`) when it is asked for one, and gives the ruleset its library (`tui.aod.library`)
when the ruleset is first imported. Its parts: the setup form and game screens (`tui.aod.screen`,
`tui.aod.setup`, `tui.aod.game_screen`), the unit panel and force builder (`tui.aod.dial_panel`,
`tui.aod.force_builder`), the asset files' edge (`tui.aod.files`, `tui.aod.library`), their
checker (`tui.aod.validate.check`), the marks and words of its saves (`tui.aod.catalog`) and the
simulator (`tui.aod.sim`).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from tui.aod.catalog import MARKS, WORDS
from tui.lazylibrary import library_on_import

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

    from textual.dom import DOMNode
    from textual.screen import Screen

    from engine.game import Game

__all__ = ["UI", "AgeOfDestructionUI"]


class AgeOfDestructionUI:
    """The `tui.ui.RulesetUI` of MechWarrior: Age of Destruction."""

    name = "aod"
    title = "MechWarrior: Age of Destruction"
    tagline = "Age of Destruction"
    help_intro = """\
- **MechWarrior: Age of Destruction**: the clix miniatures game on a hex board, two to four
  players sharing one keyboard (hot-seat): roll for the first player, deploy, then give your
  orders each turn (move, vent, fire, close combat, assault, charge, artillery, formations,
  transports) until a force is gone, time is called or the round limit is reached; victory
  points decide. `?` in the game opens a summary of the rules.
"""
    menu = True
    marks = MARKS
    words = WORDS
    sim: str | None = "tui.aod.sim:ADAPTER"
    validate: str | None = "tui.aod.validate:check"
    scores: str | None = None

    def new_game(self) -> Screen[Any]:
        """The setup form, then the game."""
        from tui.aod import screen  # noqa: PLC0415 - on demand

        return screen.new_game()

    def open_game(self, path: Path) -> Screen[Any]:
        """Play a save on, or replay it when it is over."""
        from tui.aod import screen  # noqa: PLC0415 - on demand

        return screen.open_game(path)

    def replay_save(self, path: Path) -> Screen[Any]:
        """Replay a save from its first command."""
        from tui.aod import screen  # noqa: PLC0415 - on demand

        return screen.replay_save(path)

    def replay(self, game: Game[Any, Any, Any, Any], path: Path | None) -> Screen[Any]:
        """The read-only screen of a game already read."""
        from tui.aod import screen  # noqa: PLC0415 - on demand

        return screen.replay(game, path)

    def help_sections(self) -> list[tuple[str, type[DOMNode]]]:
        """Its screens' keys, by mode."""
        from tui.aod import screen  # noqa: PLC0415 - on demand

        return screen.help_sections()

    def replay_sections(self) -> list[tuple[str, type[DOMNode]]]:
        """The replay screen's keys."""
        from tui.aod import screen  # noqa: PLC0415 - on demand

        return screen.replay_sections()

    def install(self, folders: Sequence[Path]) -> None:
        """The bundled unit and catalogue files, the user's, and ``--units`` folders.

        With ``--units`` folders, or the ruleset already imported, the library is read at once
        (skipped files are named on standard error). Otherwise nothing is read or imported here:
        the ruleset is given its library when `engine.aod.ruleset` is first imported, and that
        library reads its files when first used (`tui.lazylibrary`), so the menu starts fast.
        """
        if folders or _RULESET in sys.modules:
            from tui.aod.library import install  # noqa: PLC0415 - on demand

            install(folders)
            return
        library_on_import(_RULESET, "tui.aod.library:install")


_RULESET = "engine.aod.ruleset"


UI = AgeOfDestructionUI()
