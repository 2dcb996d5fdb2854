"""Screens of the hexmech TUI, and the registry of ruleset screens (`RULESET_SCREENS`)."""

from __future__ import annotations

from tui.screens._library import SaveLibrary, SaveSummary, damage_report, newest_in_progress
from tui.screens.confirm import ConfirmScreen
from tui.screens.help import HelpScreen, key_sections
from tui.screens.menu import MENU, MainMenuScreen
from tui.screens.rulesets import (
    GAMES,
    RULESET_REPLAYS,
    RULESET_SCREENS,
    ScreenFactory,
    ruleset_title,
)
from tui.screens.saves import SaveBrowserScreen

__all__ = [
    "GAMES",
    "MENU",
    "RULESET_REPLAYS",
    "RULESET_SCREENS",
    "ConfirmScreen",
    "HelpScreen",
    "MainMenuScreen",
    "SaveBrowserScreen",
    "SaveLibrary",
    "SaveSummary",
    "ScreenFactory",
    "damage_report",
    "key_sections",
    "newest_in_progress",
    "ruleset_title",
]
