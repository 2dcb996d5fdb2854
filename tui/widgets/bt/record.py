"""A 'Mech's record sheet in a side panel: who, what is left, how fast, how hot, what it carries.

Armor and internal structure read as one small table, the locations across, so a glance finds the
damaged ones (the torsos' rear armor on its own row)::

    G Griffin GRF-1N            55 t medium
    Davion - Kell  G4 P5  awake
    MP walk 5 run 8 jump 5      heat 0
    0805 facing SE, walked 3 hexes
           HD LA LT CT RT RA LL RL
    armor   9 17 18 23 18 17 21 21
    rear    .  .  6  7  6  .  .  .
    struct  3  9 13 18 13  9 13 13
    LRM 10             RT    h4 d1 7/14/21
    2 Medium Laser     LA RA h3 d5 3/6/9

Weapons of one kind are one line (rear-mounted ones their own, marked ``(R)``); the compact
sheet (80 x 24) puts them all on one wrapped line.

Damage reads without colour too: a value below the design's is marked by the ``damaged`` role
(colour), and a destroyed location shows ``--``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from attrs import frozen
from rich.text import Text

from engine.battletech.catalogue import SPECS, WeaponSpec
from engine.battletech.condition import jump_mp, run_allowance, walk_mp
from engine.battletech.units import Location
from tui.widgets.bt._panel import BTPanel

if TYPE_CHECKING:
    from rich.style import Style

    from engine.battletech.board import Terrain
    from engine.battletech.state import UnitState
    from engine.battletech.units import MechDesign, Mounted

__all__ = ["ORDER", "RecordData", "RecordSheet", "render_record", "status_line", "weapons"]

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

_LABEL = 7
"""Width of a row label of the armor table."""
_CELL = 3
"""Width of one location's column."""
NAME_WIDTH = 19
"""Width of a weapon's count and name in the list."""
PLACES_WIDTH = 6
"""Width of a weapon's locations in the list ("LA RA")."""
HOT = 5
"""BT-C-54: from this much heat a 'Mech loses Walk MP; the sheet shows the heat as a warning."""


@frozen
class RecordData:
    """What the record sheet shows: one unit, its board letter, its side and where it stands.

    Attributes:
        unit: the unit now.
        letter: its board letter.
        side: its side's name.
        terrain: the terrain it stands in (for Jump MP in water); None off the map.
        status: one line on where it is and what it did this turn.
    """

    unit: UnitState
    letter: str
    side: str
    terrain: Terrain | None = None
    status: str = ""


def status_line(unit: UnitState) -> str:
    """Where a unit stands and what it did this turn: "0805 facing SE, prone; walked 4 MP"."""
    if unit.destroyed:
        return "destroyed"
    if unit.hex is None:
        return "not deployed yet"
    text = f"{unit.hex.label} facing {unit.facing.name}"
    if unit.prone:
        text += ", prone"
    movement = unit.movement
    if movement is not None and movement.mp_spent:
        verb = {"walk": "walked", "run": "ran", "jump": "jumped"}.get(movement.mode.value, "moved")
        text += f"; {verb} {movement.mp_spent} MP"
    elif movement is not None and movement.done:
        text += "; stood still"
    return text


def weapons(design: MechDesign) -> list[Mounted]:
    """The design's weapons, in the order of its sheet (ammunition and other gear left out)."""
    return [m for m in design.equipment if isinstance(SPECS.get(m.name), WeaponSpec)]


def _weapon_name(mounted: Mounted) -> str:
    spec = SPECS.get(mounted.name)
    return spec.name if isinstance(spec, WeaponSpec) else mounted.name


def _pilot_line(unit: UnitState, side: str) -> str:
    pilot = unit.pilot
    if unit.destroyed:
        state = "out of the game"
    elif not unit.conscious:
        state = "unconscious"
    else:
        state = "awake"
    wounds = f"  wounds {unit.wounds}/6" if unit.wounds else ""
    return f"{side} - {pilot.name}  G{pilot.gunnery} P{pilot.piloting}{wounds}  {state}"


def _cell(text: str, value: int, design_value: int, styles: dict[str, Style]) -> Text:
    """One number of the armor table, styled by how much of it is left."""
    if value <= 0 < design_value:
        role = "gone"
    elif value < design_value:
        role = "damaged"
    else:
        role = "value"
    return Text(text.rjust(_CELL), styles.get(role, ""))


def armor_table(unit: UnitState, styles: dict[str, Style]) -> list[Text]:
    """The armor table: location names, front armor, rear armor, internal structure."""
    design = unit.design
    head = Text("".ljust(_LABEL), styles.get("label", ""))
    for location in ORDER:
        head.append(location.value.rjust(_CELL), styles.get("label", ""))
    rows = [head]
    for name, rear in (("armor", False), ("rear", True), ("struct", None)):
        row = Text(name.ljust(_LABEL), styles.get("label", ""))
        for location in ORDER:
            if unit.location_destroyed(location):
                row.append(" --", styles.get("gone", ""))
            elif rear is None:
                value, full = unit.internal_at(location), design.internal_at(location)
                row.append_text(_cell(str(value), value, full, styles))
            elif rear and not location.has_rear:
                row.append("  .", styles.get("label", ""))
            else:
                value = unit.armor_at(location, rear=rear)
                full = design.armor_at(location, rear=rear)
                row.append_text(_cell(str(value), value, full, styles))
        rows.append(row)
    return rows


def _mp_line(data: RecordData, styles: dict[str, Style]) -> Text:
    """Walk, run and jump MP now (damage and heat taken off), and the heat."""
    unit, design = data.unit, data.unit.design
    line = Text("MP", styles.get("label", ""))
    now = (walk_mp(unit), run_allowance(unit), jump_mp(unit, data.terrain))
    full = (design.walk, design.run, design.jump)
    for name, value, top in zip(("walk", "run", "jump"), now, full, strict=True):
        line.append(f" {name} ", styles.get("label", ""))
        line.append(str(value), styles.get("damaged" if value < top else "value", ""))
    line.append("   heat ", styles.get("label", ""))
    hot = unit.heat >= HOT
    line.append(str(unit.heat), styles.get("hot" if hot else "value", ""))
    return line


def render_record(data: RecordData, styles: dict[str, Style], *, compact: bool = False) -> Text:
    """Draw a record sheet.

    Args:
        data: the unit and its context.
        styles: role -> style (``title``, ``label``, ``value``, ``damaged``, ``gone``, ``hot``,
            ``note``).
        compact: the weapons on one wrapped line, no tonnage class (80 x 24).

    Returns:
        The sheet, one line per row.
    """
    unit, design = data.unit, data.unit.design
    lines: list[Text] = []
    title = Text(f"{data.letter} {design.name}", styles.get("title", ""))
    weight = (
        f"{design.tonnage} t" if compact else f"{design.tonnage} t {design.weight_class.lower()}"
    )
    title.append(f"  {weight}", styles.get("label", ""))
    lines.append(title)
    lines.append(Text(_pilot_line(unit, data.side), styles.get("value", "")))
    lines.append(_mp_line(data, styles))
    if data.status:
        lines.append(Text(data.status, styles.get("note", "")))
    lines.extend(armor_table(unit, styles))
    lines.extend(_weapon_lines(unit, styles, compact=compact))
    return Text("\n").join(lines)


def _grouped(mounted: list[Mounted]) -> dict[tuple[str, bool], list[Mounted]]:
    """The weapons by name and rear mounting, in sheet order: two Medium Lasers make one line."""
    groups: dict[tuple[str, bool], list[Mounted]] = {}
    for item in mounted:
        groups.setdefault((_weapon_name(item), item.rear), []).append(item)
    return groups


def _weapon_lines(unit: UnitState, styles: dict[str, Style], *, compact: bool) -> list[Text]:
    """The weapons, one line a kind: "2 Medium Laser (R)  CT  h3 d5 3/6/9".

    A weapon in a destroyed location is struck through (``gone``). Compact: one wrapped line.
    """
    groups = _grouped(weapons(unit.design))
    if not groups:
        return [Text("no weapons", styles.get("note", ""))]
    lines = []
    for (name, rear), items in groups.items():
        line = Text()
        if len(items) > 1:
            line.append(f"{len(items)} ", styles.get("value", ""))
        line.append(name + (" (R)" if rear else ""), styles.get("value", ""))
        places = Text()
        for location in dict.fromkeys(item.location for item in items):
            gone = unit.location_destroyed(location)
            places.append(f" {location.value}", styles.get("gone" if gone else "label", ""))
        spec = SPECS.get(items[0].name)
        if compact or not isinstance(spec, WeaponSpec):
            lines.append(line + places)
            continue
        line.pad_right(NAME_WIDTH - line.cell_len)
        line.append_text(places)
        line.pad_right(NAME_WIDTH + PLACES_WIDTH - line.cell_len)
        ranges = f"{spec.short}/{spec.medium}/{spec.long}"
        line.append(f" h{spec.heat} d{spec.damage} {ranges}", styles.get("note", ""))
        lines.append(line)
    if compact:
        return [Text(", ").join(lines)]
    return lines


class RecordSheet(BTPanel[RecordData]):
    """The record sheet of one unit (the selected one, or the one under the cursor)."""

    PREFIX = "bt-record"
    ROLES: ClassVar[tuple[str, ...]] = (
        "title",
        "label",
        "value",
        "damaged",
        "gone",
        "hot",
        "note",
    )
    COMPONENT_CLASSES: ClassVar[set[str]] = {f"bt-record--{role}" for role in ROLES}
    """
    | Class | Description |
    | :- | :- |
    | `bt-record--title` | The unit's letter and name. |
    | `bt-record--label` | Row and column names. |
    | `bt-record--value` | Numbers at their full value. |
    | `bt-record--damaged` | Numbers below the design's. |
    | `bt-record--gone` | Nothing left: a destroyed location, or a weapon in one. |
    | `bt-record--hot` | Heat that costs MP (5 and over). |
    | `bt-record--note` | Where the unit is, weapon details. |
    """

    DEFAULT_CSS = """
    RecordSheet { height: auto; width: 1fr; }
    RecordSheet > .bt-record--title { color: $accent; text-style: bold; }
    RecordSheet > .bt-record--label { color: $text-muted; }
    RecordSheet > .bt-record--value { color: $foreground; }
    RecordSheet > .bt-record--damaged { color: $warning; text-style: bold; }
    RecordSheet > .bt-record--gone { color: $error; text-style: bold strike; }
    RecordSheet > .bt-record--hot { color: $error; text-style: bold; }
    RecordSheet > .bt-record--note { color: $secondary-lighten-1; }
    """

    def draw(self, data: RecordData, styles: dict[str, Style]) -> Text:
        """Draw the sheet."""
        return render_record(data, styles, compact=self.compact)
