"""Indirect fire and artillery on the play screen (BT-C-16, BT-C-67/72).

Nothing to key: when the target shown is out of the unit's sight, each LRM launcher and artillery
piece offers indirect fire through the friend that sees the target best
(`engine.battletech.rules.indirect.best_spotter`). Its row shows ``[via J]`` and its number carries
the ``indirect fire`` +1 and the spotter's movement; the panel names the spotter. A unit spotting
for another this phase sees ``spotting for indirect fire`` +1 on its own weapons. Artillery may
fire at any hex of the map with ``H`` (the hex dialog, `tui.battletech.special_orders`): its row
there says what the shell does (``20 in the hex, 10 next to it``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.battletech.rules import artillery, indirect
from engine.battletech.rules.los import line_of_sight
from engine.battletech.rules.tohit import weapon_spec

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine.battletech.state import BTState
    from engine.hexes import Hex
    from tui.battletech.widgets.orders import Line
    from tui.battletech.widgets.targeting import AimView

__all__ = ["area_words", "artillery_keys", "spotter_for", "spotter_lines", "spotters"]


def spotters(state: BTState, unit: int, weapon: int, target: int | Hex) -> tuple[int, ...]:
    """The friends that can spot ``target`` for ``weapon`` (the best first; `o` cycles them).

    None unless it is an LRM or artillery that cannot see the target.
    """
    spec = weapon_spec(state.units[unit], weapon)
    if spec is None or not indirect.capable(spec):
        return ()
    if line_of_sight(state, unit, target).clear:
        return ()
    best = indirect.best_spotter(state, unit, target)
    if best is None:
        return ()
    others = (
        i
        for i in range(len(state.units))
        if i != best and not indirect.spotter_reason(state, unit, i, target)
    )
    return (best, *others)


def spotter_for(
    state: BTState, unit: int, weapon: int, target: int | Hex, wanted: int | None = None
) -> int | None:
    """The friend that spots ``target`` for ``weapon``: ``wanted`` if it can, else the best."""
    choices = spotters(state, unit, weapon, target)
    if wanted in choices:
        return wanted
    return choices[0] if choices else None


def area_words(state: BTState, unit: int, weapon: int) -> str:
    """An artillery piece's area damage in words ("20 in the hex, 10 next to it"), else ""."""
    spec = weapon_spec(state.units[unit], weapon)
    if not artillery.is_artillery(spec) or spec is None:
        return ""
    return f"{spec.damage} in the hex, {spec.adjacent_damage} next to it"


def artillery_keys(view: AimView, state: BTState) -> list[Line]:
    """The key hint for a unit with artillery: ``H`` shells any hex (BT-C-67)."""
    if any(area_words(state, view.aim.unit, row.weapon) for row in view.rows):
        return [("H: artillery may shell any hex (BT-C-67)", "keys")]
    return []


def spotter_lines(view: AimView, state: BTState, letters: Sequence[str]) -> list[Line]:
    """The panel's line naming who spots for the target shown (none: no indirect fire)."""
    shown = view.aim.target
    spotters = dict.fromkeys(
        row.spotter for row in view.rows if row.spotter is not None and row.target == shown
    )
    if not spotters:
        return []
    names = ", ".join(f"{letters[s]} {state.units[s].name}" for s in spotters)
    return [(f"indirect fire (+1, BT-C-16): LRMs and artillery through {names}", "warn")]
