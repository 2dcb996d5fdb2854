r"""A 'Mech's armor and internal structure as a small ASCII figure, one box per location.

Each box shows the location, its armor (top) and internal structure (below); the torsos' third
line is their rear armor (``r``). A destroyed location reads ``--`` and ``gone``, so the figure
reads without colour too::

                .-----.
                |HD  9|
                |    3|
          .-----+-----+-----.
    .-----|LT 18|CT 23|RT 18|-----.
    |LA 17|   13|   18|   13|RA 17|
    |    9|r   6|r   7|r   6|    9|
    '-----+-----+-----+-----+-----'
          |LL 21|     |RL 21| armor on top
          |   13|     |   13| structure below
          '-----'     '-----' r: rear armor

It is 31 columns wide (42 with the legend beside the legs). `armor_table` is the old
four-row table (locations across), kept for the smallest layout.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from engine.battletech.designs.mech import Location

if TYPE_CHECKING:
    from rich.style import Style

    from engine.battletech.state import UnitState

__all__ = ["DIAGRAM_WIDTH", "ORDER", "armor_table", "diagram"]

ORDER = (
    Location.HD,
    Location.LA,
    Location.LT,
    Location.CT,
    Location.RT,
    Location.RA,
    Location.LL,
    Location.RL,
)
"""Locations across the armor table: as the 'Mech stands facing the reader, head first."""

DIAGRAM_WIDTH = 31
"""Columns of the figure."""
_LABEL = 7
"""Width of a row label of the armor table."""
_CELL = 3
"""Width of one location's column in the table."""

_FRAME = (
    "            .-----.",
    "            |HD~~~|",
    "            |~~~~~|",
    "      .-----+-----+-----.",
    ".-----|LT~~~|CT~~~|RT~~~|-----.",
    "|LA...|~~~~~|.....|~~~~~|RA...|",
    "|~~~~~|.....|~~~~~|.....|~~~~~|",
    "'-----+-----+-----+-----+-----'",
    "      |LL~~~|     |RL~~~|",
    "      |~~~~~|     |~~~~~|",
    "      '-----'     '-----'",
)
"""The figure's frame: ``~`` marks the cells the numbers fill (a box's 5 inner columns)."""

_LEGEND = ("armor on top", "structure below", "r: rear armor")
"""What the numbers are, beside the legs."""
_LEGEND_AT = 8
"""The figure's line where the legend starts."""
_LEGEND_COLUMN = 26
"""The legend's first column."""

_BOXES: dict[Location, tuple[int, int, bool]] = {
    # location: (first line, first column of the inside, rear armor line)
    Location.HD: (1, 13, False),
    Location.LT: (4, 7, True),
    Location.CT: (4, 13, True),
    Location.RT: (4, 19, True),
    Location.LA: (5, 1, False),
    Location.RA: (5, 25, False),
    Location.LL: (8, 7, False),
    Location.RL: (8, 19, False),
}


def _role(value: int, full: int) -> str:
    if value <= 0 < full:
        return "gone"
    return "damaged" if value < full else "value"


def _box(unit: UnitState, location: Location) -> list[tuple[str, str]]:
    """The inside lines of one box: (text of 5 columns, role) each."""
    design = unit.mech_design
    name = location.value
    if unit.mech.location_destroyed(location):
        lines = [(f"{name} --", "gone"), (" gone", "gone")]
        return [*lines, ("r  --", "gone")] if location.has_rear else lines
    armor, full = unit.mech.armor_at(location), design.armor_at(location)
    inner, full_inner = unit.mech.internal_at(location), design.internal_at(location)
    lines = [(f"{name}{armor:3d}", _role(armor, full)), (f"{inner:5d}", _role(inner, full_inner))]
    if location.has_rear:
        rear, full_rear = (
            unit.mech.armor_at(location, rear=True),
            design.armor_at(location, rear=True),
        )
        lines.append((f"r{rear:4d}", _role(rear, full_rear)))
    return lines


def diagram(unit: UnitState, styles: dict[str, Style], *, legend: bool = True) -> list[Text]:
    """Draw the figure: the frame in the ``label`` role, each number in its damage role.

    Args:
        unit: the unit now.
        styles: role -> style (``label``, ``value``, ``damaged``, ``gone``, ``note``).
        legend: say what the numbers are, right of the legs (the figure is then 42 wide).

    Returns:
        One `Text` per line.
    """
    cells: list[list[tuple[str, str]]] = [
        [(" " if char == "~" else char, "label") for char in line] for line in _FRAME
    ]
    for location, (top, left, _) in _BOXES.items():
        for offset, (text, role) in enumerate(_box(unit, location)):
            row = cells[top + offset]
            for column, char in enumerate(text[:5]):
                # The location's name stays a label; its numbers take the damage role.
                keep = role == "gone" or column >= len(location.value) or offset > 0
                row[left + column] = (char, role if keep else "label")
    lines = []
    for number, row in enumerate(cells):
        line = Text()
        for char, role in row:
            line.append(char, styles.get(role, ""))
        line.rstrip()
        if legend and number >= _LEGEND_AT:
            line.pad_right(_LEGEND_COLUMN - line.cell_len)
            line.append(_LEGEND[number - _LEGEND_AT], styles.get("note", ""))
        lines.append(line)
    return lines


def _cell(text: str, value: int, design_value: int, styles: dict[str, Style]) -> Text:
    """One number of the armor table, styled by how much of it is left."""
    return Text(text.rjust(_CELL), styles.get(_role(value, design_value), ""))


def armor_table(unit: UnitState, styles: dict[str, Style]) -> list[Text]:
    """The armor table: location names, front armor, rear armor, internal structure."""
    design = unit.mech_design
    head = Text("".ljust(_LABEL), styles.get("label", ""))
    for location in ORDER:
        head.append(location.value.rjust(_CELL), styles.get("label", ""))
    rows = [head]
    for name, rear in (("armor", False), ("rear", True), ("struct", None)):
        row = Text(name.ljust(_LABEL), styles.get("label", ""))
        for location in ORDER:
            if unit.mech.location_destroyed(location):
                row.append(" --", styles.get("gone", ""))
            elif rear is None:
                value, full = unit.mech.internal_at(location), design.internal_at(location)
                row.append_text(_cell(str(value), value, full, styles))
            elif rear and not location.has_rear:
                row.append("  .", styles.get("label", ""))
            else:
                value = unit.mech.armor_at(location, rear=rear)
                full = design.armor_at(location, rear=rear)
                row.append_text(_cell(str(value), value, full, styles))
        rows.append(row)
    return rows
