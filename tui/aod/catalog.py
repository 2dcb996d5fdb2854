"""How the timeline and the replay browser read an Age of Destruction save: its marks and words.

Marks (AOD-7.1, AOD-26.16): each player turn begins with a `TurnBegan` event carrying the round
and the player's turn number; the first turn of a round is the round's major mark, the other
players' turns of the same round minor ones. Before the first turn the game is deploying (AOD-5).
Words: the players and the scenario's title from the header's setup, the units' names to filter
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


def _number(get: Getter, field: str) -> int:
    """A round, turn or player number; a value that is not one (text, a bool) is damage.

    Raises:
        ValueError: the field is not a whole number.
    """
    value = get(field)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"the {field} {value!r} is not a number")  # noqa: TRY004 - damage, not a bug
    return value


def _turn(get: Getter) -> tuple[tuple[int, ...], str]:
    """AOD-7.1: a player's turn of round R began.

    Raises:
        ValueError: the round or the turn is not a number.
    """
    round_, turn = _number(get, "round"), _number(get, "turn")
    return (round_,), f"round {round_}, turn {turn}"


MARKS = MarkRule(
    reads={"turn_began": _turn},
    title=lambda number: f"round {number[0]}",
    unit="round",
    before="deploying",
)
"""Rounds (major) and the players' turns in them (minor)."""


def _players(setup: dict[str, Any]) -> list[Any]:
    players = setup.get("players")
    return players if isinstance(players, list) else []


def _name(player: object) -> str:
    return str(player.get("name", "?")) if isinstance(player, dict) else "?"


def _who(setup: dict[str, Any]) -> str:
    names = " v ".join(_name(p) for p in _players(setup))
    title = setup.get("title")
    return f"{names} ({title})" if title and title != names else names


def _units(setup: dict[str, Any]) -> str:
    units = setup.get("units")
    found = units if isinstance(units, list) else []
    return " ".join(
        f"{u.get('collector', '')} {u.get('name', '')}" for u in found if isinstance(u, dict)
    )


def _result(event: dict[str, Any], setup: dict[str, Any], progress: str) -> str:
    """The winner's words (AOD-22.3); a winner that names no player is damage.

    Raises:
        ValueError: the result is not an object, or its winner is not one of the players.
    """
    del progress
    result = event.get("result")
    if not isinstance(result, dict):
        raise ValueError(f"the result {result!r:.40} is not a result")  # noqa: TRY004 - damage
    winner, players = result.get("winner"), _players(setup)
    if winner is None:
        return "nobody won"
    if type(winner) is not int or not 0 <= winner < len(players):
        raise ValueError(f"the winner {winner!r} is not one of the players")
    return f"{_name(players[winner])} won"


WORDS = HeaderWords(who=_who, search=_units, end_tag="game_ended", result=_result)
"""The players, the units and the winner."""
