"""The orders panel's lines for anti-'Mech attacks (BT-C-35.8..35.10), given on the command line.

In the Weapon Attack phase a platoon or squad next to an enemy 'Mech or vehicle may attack its
legs or swarm it (a swarming one may let go); in the Physical Attack phase a swarmed 'Mech may
brush its swarmers off. `anti_mech_lines` lists what the selected unit may declare now, with its
to-hit number and the line to type after ``:`` (``swarm 2 1``); the swarm itself is shown too.
Nothing here changes the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.battletech.antimechevents import BrushOff, LegAttack, StopSwarm, SwarmAttack
from engine.battletech.language import format_command
from engine.battletech.rules import antimech

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine.battletech.state import BTState
    from tui.battletech.widgets.orders import Line

__all__ = ["anti_mech_lines"]


def _needs(state: BTState, command: object) -> str:
    match command:
        case LegAttack(unit=unit, target=target):
            terms = antimech.leg_terms(state, unit, target)
        case SwarmAttack(unit=unit, target=target):
            terms = antimech.swarm_terms(state, unit, target)
        case BrushOff(unit=unit, target=target, limb=limb):
            terms = antimech.brush_off_terms(state, unit, target, limb)
        case _:
            return ""
    return "" if isinstance(terms, str) else f": needs {sum(v for _, v in terms)}"


def _what(command: object, letters: Sequence[str]) -> str:
    match command:
        case LegAttack(target=target):
            return f"leg attack on {letters[target]}"
        case SwarmAttack(target=target):
            return f"swarm {letters[target]}"
        case BrushOff(target=target, limb=limb):
            return f"brush {letters[target]} off ({limb.long_name.lower()})"
        case StopSwarm():
            return "let go (stop swarming)"
    return ""


def anti_mech_lines(state: BTState, unit: int, letters: Sequence[str]) -> list[Line]:
    """What ``unit`` may declare against 'Mechs (or its swarmers) now, and whom it swarms."""
    lines: list[Line] = []
    target = antimech.is_swarming(state.units[unit])
    if target is not None:
        lines.append((f"swarming {letters[target]} (BT-C-35.9)", "dim"))
    swarmers = antimech.swarmers_of(state, unit)
    if swarmers:
        names = ", ".join(letters[i] for i in swarmers)
        lines.append((f"swarmed by {names} (BT-C-35.9)", "warn"))
    options = antimech.options(state, unit)
    if options:
        lines.append(("anti-'Mech, type after ':' (BT-C-35.8)", "title"))
    lines += [
        (f"  {format_command(c)}  {_what(c, letters)}{_needs(state, c)}", "text") for c in options
    ]
    return lines
