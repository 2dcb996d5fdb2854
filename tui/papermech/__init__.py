"""Paper 'Mech's interface: its screens, panels, setup, loadout builder, rules page and simulator.

Importing this package loads no screen: `PaperMechUI` imports them when it is asked for one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tui.papermech.catalog import MARKS, WORDS

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

    from textual.dom import DOMNode
    from textual.screen import Screen

    from engine.game import Game
    from tui.screens.help import KeyGroup

__all__ = ["UI", "PaperMechUI"]


class PaperMechUI:
    """The `tui.ui.RulesetUI` of Paper 'Mech."""

    name = "papermech"
    title = "Paper 'Mech"
    tagline = "solo Paper 'Mech"
    help_intro = """\
- **Paper 'Mech**: the solo game: you against the game's own tables, wave after wave. The game
  asks one thing at a time; the numbered choices answer it (`1`-`9`, or Enter), and `?` in the
  game opens a summary of the rules. A campaign is several battles with the same 'Mech.
"""
    menu = True
    marks = MARKS
    words = WORDS
    sim: str | None = "tui.papermech.sim:ADAPTER"
    validate: str | None = None
    scores: str | None = "tui.papermech.scores:BOOK"

    def new_game(self) -> Screen[Any]:
        """The setup form, then the game."""
        from tui.papermech.screen import NewPaperGame  # noqa: PLC0415 - on demand

        return NewPaperGame()

    def open_game(self, path: Path) -> Screen[Any]:
        """Play a save on, or replay it when it is over."""
        from tui.papermech.screen import factory  # noqa: PLC0415 - on demand

        return factory(path)

    def replay_save(self, path: Path) -> Screen[Any]:
        """Replay a save from its first command."""
        from tui.papermech.screen import replay_or_explain  # noqa: PLC0415 - on demand

        return replay_or_explain(path)

    def replay(self, game: Game[Any, Any, Any, Any], path: Path | None) -> Screen[Any]:
        """The read-only screen of a game already read."""
        from tui.papermech.screen import PaperMechScreen  # noqa: PLC0415 - on demand

        return PaperMechScreen(game=game, path=path)

    def help_sections(self) -> list[tuple[str, type[DOMNode]]]:
        """The setup, play, loadout and rules screens' keys."""
        from tui.papermech.loadout import LoadoutBuilderScreen  # noqa: PLC0415 - on demand
        from tui.papermech.rules import PaperRulesScreen  # noqa: PLC0415
        from tui.papermech.screen import PaperMechScreen  # noqa: PLC0415
        from tui.papermech.setup import PaperSetupScreen  # noqa: PLC0415

        return [
            ("Paper 'Mech: new game", PaperSetupScreen),
            ("Paper 'Mech: play and replay", PaperMechScreen),
            ("Paper 'Mech: loadout", LoadoutBuilderScreen),
            ("Paper 'Mech: rules", PaperRulesScreen),
        ]

    def replay_sections(self) -> list[tuple[str, type[DOMNode]]]:
        """The replay screen's keys."""
        from tui.papermech.screen import PaperMechScreen  # noqa: PLC0415 - on demand

        return [("Paper 'Mech replay", PaperMechScreen)]

    def key_groups(self, owner: type[DOMNode]) -> Sequence[KeyGroup] | None:
        """The help page's key groups (by mode and phase) of one of its screens, or None."""
        if not owner.__module__.startswith("tui.papermech."):
            return None  # another ruleset's or a generic screen: nothing to import
        from tui.papermech.rules import KEY_GROUPS  # noqa: PLC0415 - on demand
        from tui.papermech.screen import PaperMechScreen  # noqa: PLC0415

        return KEY_GROUPS if issubclass(owner, PaperMechScreen) else None

    def install(self, folders: Sequence[Path]) -> None:
        """Paper 'Mech reads no data files."""
        del folders


UI = PaperMechUI()
