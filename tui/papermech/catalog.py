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


def _number(get: Getter, field: str) -> int:
    """A battle or wave number; a value that is not one (text, a bool, a float) is damage.

    Raises:
        ValueError: the field is not a whole number.
    """
    value = get(field)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"the {field} {value!r} is not a number")  # noqa: TRY004 - damage, not a bug
    return value


def _wave(get: Getter) -> tuple[tuple[int, ...], str]:
    """PM-3: wave W of battle B was rolled.

    Raises:
        ValueError: the battle or the wave is not a number.
    """
    battle, wave = _number(get, "battle"), _number(get, "wave")
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
    """Won with its score, or lost at the wave reached; a result of another shape is damage.

    Raises:
        ValueError: the result is not an object with a ``won`` flag and a whole ``score``.
    """
    del setup
    result = event.get("result")
    if not isinstance(result, dict):
        raise ValueError(f"the result {_short(result)} is not a result")  # noqa: TRY004 - damage
    won, score = result.get("won"), result.get("score")
    if type(won) is not bool or type(score) is not int:
        raise ValueError(f"the result {_short(result)} is not a result")
    return f"won, {score} pts" if won else f"lost, {progress}"


SHORT = 40
"""The most characters of a value quoted in a reason."""


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= SHORT else f"{text[: SHORT - 3]}..."


def _campaign(setup: dict[str, Any]) -> str:
    battles = setup.get("battles", 1)
    return "campaign" if isinstance(battles, int) and battles > 1 else ""


WORDS = HeaderWords(who=_who, search=_campaign, end_tag="game_ended", result=_result)
"""The pilot, the loadout and the result."""
