"""What the BattleTech board should show now: the hexes in question, for `HexBoard.follow`.

The play screen asks at every redraw; the board scrolls only when the answer's key changes, so
the player's own scrolling stays while nothing new is in question. Each function returns the key
and the hexes, the most important first (the board shows them all when they fit, else the
first): an attack's target then its attacker, a plotted move's end then its start, a replayed
command's unit then its targets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.battletech.commands import FireWeapons, PhysicalAttack

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine.battletech.state import BTState
    from engine.game import Command
    from engine.hexes import Hex
    from tui.battletech.widgets.targeting import Aim

__all__ = ["Focus", "aim_focus", "command_hexes", "plot_focus"]

Focus = tuple[object, list["Hex"]]
"""A key for what is in question, and its hexes (the most important first)."""


def _hexes(state: BTState, units: Sequence[int | None]) -> list[Hex]:
    """The hexes of the units on the map, in order, each once."""
    found: list[Hex] = []
    for unit in units:
        where = state.units[unit].hex if unit is not None else None
        if where is not None and where not in found:
            found.append(where)
    return found


def aim_focus(state: BTState, aim: Aim | None) -> Focus:
    """The weapon phase: the target (the cursor is on it), then the unit that aims.

    Args:
        state: The state shown.
        aim: The aim being built (None: nothing in question).

    Returns:
        The key (the unit and its target) and their hexes.
    """
    if aim is None:
        return None, []
    return ("aim", aim.unit, aim.target), _hexes(state, (aim.target, aim.unit))


def plot_focus(unit: int, path: Sequence[Hex]) -> Focus:
    """A plotted move: its last hex, then where it starts.

    Args:
        unit: The unit plotting.
        path: The plotted hexes, the start first (empty: nothing plotted yet).

    Returns:
        The key (the unit and the end) and the end and start hexes.
    """
    if not path:
        return None, []
    ends = [path[-1], path[0]] if path[-1] != path[0] else [path[0]]
    return ("plot", unit, path[-1]), ends


def command_hexes(state: BTState, command: Command) -> list[Hex]:
    """A replayed command's hexes: its unit's, then its targets' (an attack's).

    Args:
        state: The state after the command.
        command: Any command; one with no unit gives no hexes.

    Returns:
        The hexes on the map, the acting unit's first.
    """
    unit = getattr(command, "unit", None)
    if not isinstance(unit, int):
        return []
    targets: list[int | None] = []
    if isinstance(command, FireWeapons):
        targets = [shot.target for shot in command.shots]
    elif isinstance(command, PhysicalAttack):
        targets = [command.target]
    return _hexes(state, (unit, *targets))
