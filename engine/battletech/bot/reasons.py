"""The computer's decisions and the words that explain them (issue 21: "it explains itself").

`Decision` is the contract's result (re-exported by `engine.battletech.bot`); the helpers here
write the short words a reason is made of: hex labels, the terrain a hex gives ("light woods
+1", BT-C-18.4/5), weapon lists.
"""

from __future__ import annotations

from attrs import frozen

from engine.battletech.board import Woods
from engine.battletech.commands import BTCommand
from engine.battletech.state import BTState
from engine.hexes import Hex

__all__ = ["Decision", "label", "terrain_words", "weapon_list"]


@frozen
class Decision:
    """One decision of the computer player.

    Attributes:
        command: the command to give, or None when the side to act has nothing to do.
        reason: one line a person reads in the log ("moved to 0810: light woods +1, ...").
        alternatives: what it weighed, best first: (short label, score) pairs.
    """

    command: BTCommand | None
    reason: str = ""
    alternatives: tuple[tuple[str, float], ...] = ()


def label(where: Hex) -> str:
    """The hex's map label ("0810"), or its axial coordinates off the map's label range."""
    try:
        return where.label
    except ValueError:
        return f"({where.q},{where.r})"


def terrain_words(state: BTState, where: Hex) -> str:
    """What standing in ``where`` gives: "heavy woods +2", "depth 1 water", "level 2"."""
    terrain = state.board.get(where)
    if terrain is None:
        return ""
    words = []
    if terrain.woods is Woods.LIGHT:
        words.append("light woods +1")
    elif terrain.woods is Woods.HEAVY:
        words.append("heavy woods +2")
    if terrain.water:
        words.append(f"depth {terrain.water} water")
    if terrain.building is not None:
        words.append("in a building")
    if terrain.level > 0:
        words.append(f"level {terrain.level}")
    return ", ".join(words)


def weapon_list(names: list[str]) -> str:
    """Names counted and joined for a sentence: "the PPC", "the PPC and 2 x Medium Laser"."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    parts = [f"the {n}" if c == 1 else f"{c} x {n}" for n, c in counts.items()]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]
