"""A record sheet's critical hit table: every location's critical lines, the hit ones marked.

Two locations side by side (left arm beside right arm, the torsos, head beside centre torso, the
legs), one line per critical line; a hit line is marked ``*`` and struck through, the empty lines
at the end of a location are folded into one::

    LA                   RA
     1 Shoulder           1 Shoulder
     2 Upper Arm Act.     2 Upper Arm Act.
     3*Lower Arm Act.     3 Lower Arm Act.
     ...
     6-12 -               6-12 -

A destroyed location's heading says ``gone``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from engine.battletech.data.catalogue import SPECS, AmmoSpec
from engine.battletech.designs.mech import Location

if TYPE_CHECKING:
    from rich.style import Style

    from engine.battletech.state import UnitState

__all__ = ["PAIRS", "critical_lines", "slot_name"]

PAIRS = (
    (Location.LA, Location.RA),
    (Location.LT, Location.RT),
    (Location.HD, Location.CT),
    (Location.LL, Location.RL),
)
"""The locations side by side, as a printed sheet pairs them."""

_SHORT = {
    "Actuator": "Act.",
    "Fusion Engine": "Engine",
    "Life Support": "Life Supp.",
    "Heat Sink": "Heat Sink",
}


def slot_name(unit: UnitState, location: Location, slot: int) -> str:
    """What critical line ``slot`` of ``location`` holds, short; ammunition with its shots left."""
    for index, item in enumerate(unit.mech_design.equipment):
        if item.location is location and slot in item.slots:
            spec = SPECS.get(item.name)
            if isinstance(spec, AmmoSpec):
                left = unit.ammo[index] if index < len(unit.ammo) else 0
                weapon = SPECS.get(spec.weapon)
                name = weapon.name if weapon is not None else spec.weapon
                return f"{name} ammo {left}"
            return _shorten(spec.name if spec is not None else item.name)
    lines = unit.mech_design.slots_at(location)
    return _shorten(lines[slot]) if slot < len(lines) else ""


def _shorten(name: str) -> str:
    for long, short in _SHORT.items():
        name = name.replace(long, short)
    return name


def _column(unit: UnitState, location: Location, width: int) -> list[tuple[str, str]]:
    """One location's heading and lines: (text, role), the empty tail folded."""
    gone = unit.mech.location_destroyed(location)
    rows: list[tuple[str, str]] = [
        (f"{location.value}{' gone' if gone else ''}", "gone" if gone else "title")
    ]
    names = [
        slot_name(unit, location, slot) for slot in range(len(unit.mech_design.slots_at(location)))
    ]
    last = max((i for i, name in enumerate(names) if name), default=-1)
    for slot, name in enumerate(names[: last + 1]):
        hit = unit.mech.slot_hit(location, slot)
        text = f"{slot + 1:2d}{'*' if hit else ' '}{name or '-'}"
        rows.append((text[:width], "gone" if hit or gone else "value"))
    if last + 1 < len(names):
        first, end = last + 2, len(names)
        span = f"{first}-{end}" if first < end else f"{first}"
        rows.append((f"{span:>2} -"[:width], "label"))
    return rows


def critical_lines(unit: UnitState, styles: dict[str, Style], *, width: int = 42) -> list[Text]:
    """Draw the critical table in two columns that fit ``width``.

    Args:
        unit: the unit now.
        styles: role -> style (``title``, ``label``, ``value``, ``gone``).
        width: the columns of the panel.

    Returns:
        The lines.
    """
    half = (width - 1) // 2
    lines = [Text("criticals (* hit)", styles.get("label", ""))]
    for left, right in PAIRS:
        one, two = _column(unit, left, half), _column(unit, right, half)
        for row in range(max(len(one), len(two))):
            line = Text()
            text, role = one[row] if row < len(one) else ("", "value")
            line.append(text, styles.get(role, ""))
            line.pad_right(half + 1 - line.cell_len)
            if row < len(two):
                text, role = two[row]
                line.append(text, styles.get(role, ""))
            lines.append(line)
    return lines
