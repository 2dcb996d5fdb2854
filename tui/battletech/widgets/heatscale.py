"""The heat scale of a record sheet (BT-C-54) and the MechWarrior's hit boxes (BT-M-15/16).

The scale runs from 0 to 30, filled with ``#`` up to the heat now; above it, ``.`` costs
nothing, ``:`` costs Walk MP and to-hit, ``!`` risks shutdown and ammunition explosions, ``X``
shuts down. Below it, what is in effect now and what comes next::

    heat  9 [##########::::!!!!!!!!!!!!!!!!X]
             0    5    10   15   20   25   30
    now: walk -1, to-hit +1   next at 10: walk -2

The effects are read from the heat tables (`engine.battletech.tables`): Walk MP lost, the weapon
to-hit modifier, the shutdown and ammunition-explosion avoidance numbers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from engine.battletech.tables import (
    heat_ammo_target,
    heat_mp_loss,
    heat_shutdown_target,
    heat_to_hit,
)

if TYPE_CHECKING:
    from rich.style import Style

__all__ = [
    "TOP",
    "heat_effects",
    "heat_lines",
    "next_threshold",
    "pilot_line",
    "thresholds",
]

TOP = 30
"""The top of the heat scale (30+: automatic shutdown, BT-C-54)."""
HOT = 5
"""BT-C-54: from this much heat a 'Mech loses Walk MP."""
_PILOT_BOXES = 6
"""BT-M-15: a MechWarrior dies with the sixth hit."""


def heat_effects(heat: int) -> list[str]:
    """What the heat scale does at ``heat``, in a few words each (BT-C-54).

    E.g. 15 -> ["walk -3", "to-hit +2", "shutdown 4+"]; 30 -> [..., "shut down"].
    """
    effects = []
    if loss := heat_mp_loss(heat):
        effects.append(f"walk -{loss}")
    if modifier := heat_to_hit(heat):
        effects.append(f"to-hit +{modifier}")
    shutdown = heat_shutdown_target(heat)
    if shutdown is not None:
        effects.append("shut down" if shutdown > 12 else f"shutdown {shutdown}+")  # noqa: PLR2004
    ammo = heat_ammo_target(heat)
    if ammo is not None:
        effects.append(f"ammo boom {ammo}+")
    return effects


def thresholds() -> tuple[int, ...]:
    """The heat levels where some effect starts or worsens (5, 8, 10, 13, 14, ... 30)."""
    levels = []
    before = heat_effects(0)
    for heat in range(1, TOP + 1):
        now = heat_effects(heat)
        if now != before:
            levels.append(heat)
        before = now
    return tuple(levels)


def next_threshold(heat: int) -> tuple[int, list[str]] | None:
    """The next level above ``heat`` where the effects change, and what changes there."""
    now = heat_effects(heat)
    for level in thresholds():
        if level > heat:
            then = heat_effects(level)
            return level, [effect for effect in then if effect not in now]
    return None


def _zone(level: int) -> str:
    """The mark of an unfilled level of the scale: what that much heat risks."""
    shutdown = heat_shutdown_target(level)
    if shutdown is not None:
        return "X" if shutdown > 12 else "!"  # noqa: PLR2004 - 13: automatic
    return ":" if heat_effects(level) else "."


def heat_lines(heat: int, styles: dict[str, Style], *, width: int = 42) -> list[Text]:
    """Draw the scale, its numbers, its threshold marks and the effects now and next.

    Args:
        heat: the heat now.
        styles: role -> style (``label``, ``value``, ``hot``, ``note``).
        width: the columns the lines may use (the effects wrap below it).

    Returns:
        The lines.
    """
    shown = min(max(heat, 0), TOP)
    label = styles.get("label", "")
    role = styles.get("hot" if heat >= HOT else "value", "")
    bar = Text(f"heat{heat:3d} ", label)
    bar.append("[", label)
    for level in range(TOP + 1):
        bar.append("#", role) if level <= shown else bar.append(_zone(level), label)
    bar.append("]", label)
    axis = Text(" " * 9 + "0    5    10   15   20   25   30", label)
    now = heat_effects(heat)
    said = Text("now: ", label)
    said.append(", ".join(now) if now else "no effect", role)
    coming = next_threshold(heat)
    if coming is not None:
        level, effects = coming
        more = Text(f"next at {level}: ", label)
        more.append(", ".join(effects), styles.get("note", ""))
        if said.cell_len + more.cell_len + 3 <= width:
            said.append("   ")
            said.append_text(more)
            return [bar, axis, said]
        return [bar, axis, said, more]
    return [bar, axis, said]


def pilot_line(
    wounds: int, *, conscious: bool, dead: bool, styles: dict[str, Style], compact: bool = False
) -> Text:
    """The MechWarrior's six hit boxes and whether he is awake (BT-M-15/16).

    ``hits [X][X][ ][ ][ ][ ] awake``; compact: ``hits XX.... awake``.
    """
    label = styles.get("label", "")
    line = Text("hits ", label)
    for box in range(1, _PILOT_BOXES + 1):
        hit = box <= wounds
        role = styles.get("damaged" if hit else "label", "")
        if compact:
            line.append("X" if hit else ".", role)
        else:
            line.append(f"[{'X' if hit else ' '}]", role)
    if dead:
        status, role_name = "killed", "gone"
    elif not conscious:
        status, role_name = "unconscious", "gone"
    else:
        status, role_name = "awake", "value"
    line.append(f" {status}", styles.get(role_name, ""))
    return line
