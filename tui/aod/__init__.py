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

import importlib.abc
import importlib.machinery
import sys
from typing import TYPE_CHECKING, Any

from tui.aod.catalog import MARKS, WORDS

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path
    from types import ModuleType

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
        library reads its files when first used (`_PendingLibrary`), so the menu starts fast.
        """
        if folders or _RULESET in sys.modules:
            from tui.aod.library import install  # noqa: PLC0415 - on demand

            install(folders)
            return
        _install_on_import()


_RULESET = "engine.aod.ruleset"


class _PendingLibrary:
    """Stands for the bundled and user library until first used, then reads it (`install`)."""

    def __init__(self) -> None:
        self._real: Any = None

    def __getattr__(self, name: str) -> Any:  # noqa: ANN401 - the library's own attributes
        if self._real is None:
            from tui.aod.library import install  # noqa: PLC0415 - on first use

            self._real = install()
        return getattr(self._real, name)


class _InstallOnImport(importlib.abc.MetaPathFinder):
    """Gives `engine.aod.ruleset`'s ruleset a `_PendingLibrary` when the module is imported."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        """Find the ruleset's module with the other finders; after running it, give it a library."""
        if fullname != _RULESET:
            return None
        _remove_hooks()
        spec = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        loader = spec.loader if spec is not None else None
        if spec is None or loader is None or not hasattr(loader, "exec_module"):
            return spec
        run = loader.exec_module

        def exec_module(module: ModuleType) -> None:
            run(module)
            if module.RULESET.library is None:
                module.RULESET.library = _PendingLibrary()

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def _remove_hooks() -> None:
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, _InstallOnImport)]


def _install_on_import() -> None:
    """Give the ruleset its library when `engine.aod.ruleset` is imported (once)."""
    _remove_hooks()
    sys.meta_path.insert(0, _InstallOnImport())


UI = AgeOfDestructionUI()
