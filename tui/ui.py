"""What the generic interface needs from a ruleset: the `RulesetUI` protocol (DESIGN 5).

Each ruleset's interface lives in ``tui/<ruleset>/`` and exposes one object, ``UI``, that says
everything the generic code (the main menu, the save and replay browsers, help, the timeline,
watching a save, the command line and the simulator) needs to know about it. Generic modules never
name a ruleset: they ask the interface registry (`tui.registry`) for the object of a menu entry's
or a save's ruleset.

The object must be cheap to import: ``tui/<ruleset>/__init__.py`` builds it from plain data and
methods that import the ruleset's screens only when called, so the menu starts without loading any
game screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

    from textual.dom import DOMNode
    from textual.screen import Screen

    from engine.game import Game
    from tui.screens._catalog import HeaderWords
    from tui.screens._marks import MarkRule

    AnyGame = Game[Any, Any, Any, Any]

__all__ = ["RulesetUI"]


class RulesetUI(Protocol):
    """One ruleset's interface, as the generic screens and commands see it.

    Attributes:
        name: the ruleset's registry name (as in `engine.registry`).
        title: its human name ("BattleTech").
        tagline: a few words for the main menu's banner ("BattleTech hot-seat").
        help_intro: its game mode on the help page: one Markdown list item (``- **Title**: ...``).
        menu: whether the main menu offers a new game of it.
        marks: how its events mark a game (turns, phases, waves) for the timeline and the
            browser's progress column, or None for a timeline without marks.
        words: how the replay browser describes its saves from raw JSON (players, result), or
            None to load its saves in full to describe them.
        sim: ``"module:attribute"`` of its simulator adapter, or None when it has none.
        validate: ``"module:attribute"`` of its data-file checker (``hexmech validate``), or None.
        scores: ``"module:attribute"`` of its high-score table (a `saves.scores.ScoreBook`), or
            None when its games have no score.

    Optional (the help page asks with ``getattr``, so an interface without it still conforms):
    ``key_groups(owner: type[DOMNode]) -> Sequence[tui.screens.help.KeyGroup] | None``: the keys
    of one of its screen classes sorted under headings by mode and phase (None: not its class).
    The help page then lists each group with what its keys do there, and in a replay only the
    groups of a replay.
    """

    name: str
    title: str
    tagline: str
    help_intro: str
    menu: bool
    marks: MarkRule | None
    words: HeaderWords | None
    sim: str | None
    validate: str | None
    scores: str | None

    def new_game(self) -> Screen[Any]:
        """Return the first screen of a new game (a setup form, or the game itself)."""
        ...

    def open_game(self, path: Path) -> Screen[Any]:
        """Return the screen that plays a save on, replays it when it is over, or says why not."""
        ...

    def replay_save(self, path: Path) -> Screen[Any]:
        """Return the screen that replays a save from its start, or one that says why it cannot."""
        ...

    def replay(self, game: AnyGame, path: Path | None) -> Screen[Any]:
        """Return the read-only screen of a game already read (watching and following a save)."""
        ...

    def help_sections(self) -> list[tuple[str, type[DOMNode]]]:
        """Return (heading, class with ``BINDINGS``) for each of its screens, in page order."""
        ...

    def replay_sections(self) -> list[tuple[str, type[DOMNode]]]:
        """Return (heading, class) for the screens a spectator uses (the replay browser's help)."""
        ...

    def install(self, folders: Sequence[Path]) -> None:
        """Give the ruleset its data files: the bundled ones, the user's, and ``folders``."""
        ...
