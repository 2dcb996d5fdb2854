"""How the timeline and the replay browser read a Paper 'Mech save: its marks and its words.

Marks (PM-3): wave W of battle B is rolled (`WaveGenerated`). Words: the pilot and the loadout from
the header's setup, "campaign" to filter by, and the result (won with its score, or lost at the
wave reached) from the `GameEnded` event, all read from raw JSON.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tui.screens._catalog import HeaderWords
from tui.screens._marks import MarkRule

if TYPE_CHECKING:
    from tui.screens._marks import Getter

__all__ = ["MARKS", "WORDS"]


def _wave(get: Getter) -> tuple[tuple[int, ...], str]:
    """PM-3: wave W of battle B was rolled."""
    battle, wave = int(get("battle")), int(get("wave"))
    return (battle, wave), f"wave {wave}" if battle == 1 else f"battle {battle}, wave {wave}"


def _wave_title(number: tuple[int, ...]) -> str:
    battle, wave = number
    return f"wave {wave}" if battle == 1 else f"b{battle} w{wave}"


MARKS = MarkRule(reads={"wave_generated": _wave}, title=_wave_title, unit="wave")
"""Waves (a campaign's battles number them too)."""


def _who(setup: dict[str, Any]) -> str:
    loadout = setup.get("loadout")
    weapons = loadout.get("weapons") if isinstance(loadout, dict) else None
    listed = "/".join(str(w) for w in weapons) if isinstance(weapons, list) else ""
    return f"{setup.get('pilot', '?')}: {listed}" if listed else str(setup.get("pilot", "?"))


def _result(event: dict[str, Any], setup: dict[str, Any], progress: str) -> str:
    del setup
    result = event.get("result")
    if isinstance(result, dict) and result.get("won"):
        return f"won, {result.get('score', 0)} pts"
    return f"lost, {progress}"


def _campaign(setup: dict[str, Any]) -> str:
    battles = setup.get("battles", 1)
    return "campaign" if isinstance(battles, int) and battles > 1 else ""


WORDS = HeaderWords(who=_who, search=_campaign, end_tag="game_ended", result=_result)
"""The pilot, the loadout and the result."""
