"""BattleTech's interface: its screens, widgets, setup, rules page, files and simulator (`UI`).

Importing this package loads no screen: `BattleTechUI` imports them when it is asked for one.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from tui.battletech.catalog import MARKS, WORDS
from tui.lazylibrary import library_on_import

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

    from textual.dom import DOMNode
    from textual.screen import Screen

    from engine.game import Game
    from tui.screens.help import KeyGroup

__all__ = ["UI", "BattleTechUI"]


class BattleTechUI:
    """The `tui.ui.RulesetUI` of BattleTech."""

    name = "battletech"
    title = "BattleTech"
    tagline = "BattleTech"
    help_intro = """\
- **BattleTech**: by the Master Rules, two players sharing one keyboard (hot-seat) or against
  the computer (the setup's Players row): deploy, roll initiative, move, fire and strike, then
  heat and the end phase, until the scenario's victory condition is met. Pick a bundled scenario
  or build a game from the unit library, or start with the main menu's Tutorial; `?` in the game
  shows its keys and a rules summary.
"""
    menu = True
    marks = MARKS
    words = WORDS
    sim: str | None = "tui.battletech.sim:ADAPTER"
    computer: str | None = "tui.battletech.seating:COMPUTER"
    validate: str | None = "tui.battletech.validate:check"
    scores: str | None = None
    tutorial: str | None = "tui.battletech.tutorial:start_tutorial"
    """The main menu's "Tutorial": a function of the app that starts the guided first battle."""

    def new_game(self) -> Screen[Any]:
        """The setup screen, then the game."""
        from tui.battletech.games import NewBattleTechGame  # noqa: PLC0415 - on demand

        return NewBattleTechGame()

    def open_game(self, path: Path) -> Screen[Any]:
        """Play a save on, or replay it when it is over."""
        from tui.battletech.games import factory  # noqa: PLC0415 - on demand

        return factory(path)

    def replay_save(self, path: Path) -> Screen[Any]:
        """Replay a save from its first command."""
        from tui.battletech.games import replay_or_explain  # noqa: PLC0415 - on demand

        return replay_or_explain(path)

    def replay(self, game: Game[Any, Any, Any, Any], path: Path | None) -> Screen[Any]:
        """The read-only screen of a game already read."""
        from tui.battletech.screen import BattleTechScreen  # noqa: PLC0415 - on demand

        return BattleTechScreen(game=game, path=path)

    def help_sections(self) -> list[tuple[str, type[DOMNode]]]:
        """The setup, board, play, handover and rules screens' keys."""
        from tui.battletech.handover import HandoverScreen  # noqa: PLC0415 - on demand
        from tui.battletech.rules import BTRulesScreen  # noqa: PLC0415 - on demand
        from tui.battletech.screen import BattleTechScreen  # noqa: PLC0415
        from tui.battletech.setup import BTSetupScreen  # noqa: PLC0415
        from tui.battletech.widgets.board import BTBoard  # noqa: PLC0415

        return [
            ("BattleTech: new game", BTSetupScreen),
            ("BattleTech: the board", BTBoard),
            ("BattleTech: play and replay", BattleTechScreen),
            ("BattleTech: passing the terminal (hot-seat)", HandoverScreen),
            ("BattleTech: keys and rules", BTRulesScreen),
        ]

    def replay_sections(self) -> list[tuple[str, type[DOMNode]]]:
        """The replay screen's keys."""
        from tui.battletech.screen import BattleTechScreen  # noqa: PLC0415 - on demand

        return [("BattleTech replay", BattleTechScreen)]

    def key_groups(self, owner: type[DOMNode]) -> Sequence[KeyGroup] | None:
        """The help page's key groups (by mode and phase) of one of its screens, or None."""
        if not owner.__module__.startswith("tui.battletech."):
            return None  # another ruleset's or a generic screen: nothing to import
        from tui.battletech.rules import BOARD_GROUPS, KEY_GROUPS  # noqa: PLC0415 - on demand
        from tui.battletech.screen import BattleTechScreen  # noqa: PLC0415
        from tui.battletech.widgets.board import BTBoard  # noqa: PLC0415

        if issubclass(owner, BTBoard):
            return BOARD_GROUPS
        return KEY_GROUPS if issubclass(owner, BattleTechScreen) else None

    def install(self, folders: Sequence[Path]) -> None:
        """The bundled units and boards, the user's, and ``--units`` folders.

        With ``--units`` folders the library is read at once (its skipped files are reported on
        standard error before the screen opens). Without, nothing is read or imported here: the
        rules engine is not loaded for the menu's first frame. The library is given to the
        ruleset when `engine.battletech` is first imported, and it reads its folders when first
        used (`tui.lazylibrary`).
        """
        if folders or "engine.battletech" in sys.modules:
            from tui.battletech.library import install  # noqa: PLC0415 - on demand

            install(folders)
            return
        library_on_import("engine.battletech", "tui.battletech.library:install")


UI = BattleTechUI()
