"""Map ruleset names to the screens that play them: the one place a ruleset's screen is plugged in.

A ruleset issue adds its screen here, for example::

    RULESET_SCREENS["papermech"] = PaperMechScreen.factory

and from then on the main menu's "New game: Paper 'Mech", Continue and Load open it instead of
saying "not available yet".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeAlias

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from textual.screen import Screen

ScreenFactory: TypeAlias = "Callable[[Path | None], Screen[Any]]"
"""Build the screen of a ruleset: None starts a new game, a path resumes that saved journal."""

GAMES: dict[str, str] = {
    "battletech": "BattleTech",
    "papermech": "Paper 'Mech",
}
"""The rulesets the main menu offers a new game of, registry name -> human title, in menu order."""


def _papermech(path: Path | None) -> Screen[Any]:
    """Paper 'Mech: a new game, a game to resume, or a finished game to replay.

    Imported on first use, so the menu starts without loading the game screens.
    """
    from tui.screens.papermech import factory  # noqa: PLC0415 - see the docstring

    return factory(path)


def _battletech(path: Path | None) -> Screen[Any]:
    """BattleTech: a new game (the setup first), a game to resume, or a finished game to replay."""
    from tui.screens.bt_games import factory  # noqa: PLC0415 - see _papermech

    return factory(path)


RULESET_SCREENS: dict[str, ScreenFactory] = {"battletech": _battletech, "papermech": _papermech}
"""Registry name -> screen factory, for the rulesets whose screens have arrived."""


def _papermech_replay(path: Path) -> Screen[Any]:
    """Paper 'Mech: watch a save from its first command (finished or not)."""
    from tui.screens.papermech import replay_or_explain  # noqa: PLC0415 - as above

    return replay_or_explain(path)


def _battletech_replay(path: Path) -> Screen[Any]:
    """BattleTech: watch a save from its first command (finished or not)."""
    from tui.screens.bt_games import replay_or_explain  # noqa: PLC0415 - as above

    return replay_or_explain(path)


RULESET_REPLAYS: dict[str, Callable[[Path], Screen[Any]]] = {
    "battletech": _battletech_replay,
    "papermech": _papermech_replay,
}
"""Registry name -> replay screen factory (read-only, steps from the start)."""


def ruleset_title(name: str) -> str:
    """Return the human title of a ruleset, or its registry name when it is not a known game.

    Args:
        name: The registry name, e.g. "papermech".

    Returns:
        The title to show, e.g. "Paper 'Mech".
    """
    return GAMES.get(name, name)
