"""How the timeline and the replay browser read a Dystopian Wars save: its marks and words.

Marks (DW-7.1): each game turn begins with a `TurnBegan` event (``dw_turn_began``) carrying the
turn number, the turn's major mark; before the first turn the fleets are deploying (DW-22.8).
Words: the players and the scenario's title from the header's setup, the fleets' names to filter
by, and the winner from the `GameEnded` event, all read from raw JSON (the browser does not load
the save).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tui.screens._catalog import HeaderWords
from tui.screens._marks import MarkRule

if TYPE_CHECKING:
    from tui.screens._marks import Getter

__all__ = ["MARKS", "WORDS"]


def _turn(get: Getter) -> tuple[tuple[int, ...], str]:
    """DW-7.1: game turn N began.

    Raises:
        ValueError: the turn is not a number.
    """
    turn = get("turn")
    if not isinstance(turn, int) or isinstance(turn, bool):
        raise ValueError(f"the turn {turn!r} is not a number")  # noqa: TRY004 - damage, not a bug
    return (turn,), f"turn {turn}"


MARKS = MarkRule(
    reads={"dw_turn_began": _turn},
    title=lambda number: f"turn {number[0]}",
    unit="turn",
    before="deploying",
)
"""Game turns (major marks)."""


def _players(setup: dict[str, Any]) -> list[Any]:
    players = setup.get("players")
    return players if isinstance(players, list) else []


def _name(player: object) -> str:
    return str(player.get("name", "?")) if isinstance(player, dict) else "?"


def _who(setup: dict[str, Any]) -> str:
    names = " v ".join(_name(p) for p in _players(setup))
    title = setup.get("title")
    return f"{names} ({title})" if title and title != names else names


def _fleets(setup: dict[str, Any]) -> str:
    words = []
    for player in _players(setup):
        fleet = player.get("fleet") if isinstance(player, dict) else None
        if isinstance(fleet, dict):
            words.append(str(fleet.get("name", "")))
    return " ".join(words)


def _result(event: dict[str, Any], setup: dict[str, Any], progress: str) -> str:
    """The winner's words (DW-22.5); a winner that names no player is damage.

    Raises:
        ValueError: the result is not an object, or its winner is not one of the players.
    """
    del progress
    result = event.get("result")
    if not isinstance(result, dict):
        raise ValueError(f"the result {result!r:.40} is not a result")  # noqa: TRY004 - damage
    winner, players = result.get("winner"), _players(setup)
    if winner is None:
        return "a draw"
    if type(winner) is not int or not 0 <= winner < len(players):
        raise ValueError(f"the winner {winner!r} is not one of the players")
    return f"{_name(players[winner])} won"


WORDS = HeaderWords(who=_who, search=_fleets, end_tag="dw_game_ended", result=_result)
"""The players, the fleets and the winner."""
