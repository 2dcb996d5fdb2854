r"""Record sheets of the units that are not 'Mechs: vehicles, platoons, battle armor squads.

Pure text renderers, in the style of the 'Mech's sheet (`tui.battletech.widgets.record`): the
same widths (41 columns wide, 32 compact for 80 x 24), the same style roles (``title``, ``label``,
``value``, ``damaged``, ``gone``, ``hot``, ``note``, ``bad``), and damage that reads without
colour (a destroyed location ``--``, a weapon in one marked ``x``, a dead trooper ``dead``). Each
takes the design and the numbers the game keeps for that kind (BT-M-5: what its sheet prints), so
they draw a design before the battle (full values) as well as a damaged unit::

    Bulldog Medium Tank  60 t heavy
    tracked, cruise 3 flank 5, crew 4
    location  armor  struct
    Front     24/24    6/6
    Right     12/20    6/6
    Left      20/20    6/6
    Rear      20/20    6/6
    Turret       --    0/6
    Machine Gun       Front   h0 d2 1/2/3
    2 SRM 4           xTurret h3 d2 3/6/9
    Large Laser       xTurret h8 d8 5/10/15
    ammo SRM 4 25/25 25/25,
    Machine Gun 100/100
    motive: -1 MP

A sheet has as many rows whatever its unit's state (one row is kept for the notes even when
there are none), and ``rows`` pads it further, so the side panel keeps its height (issue 14).

The side panel's record sheet (`tui.battletech.widgets.record.render_record`) picks the renderer
by the unit's body (a `VehicleBody` gives ``vehicle_sheet(design, body.armor, body.internal)``,
and so on), with the same ``styles`` and ``compact``, and writes the notes row itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Final

from rich.text import Text

from engine.battletech.data.catalogue import SPECS, AmmoSpec, WeaponSpec
from engine.battletech.kinds.infantry import attack_damage, design_damage_per_trooper
from engine.battletech.narrate.words import item_place

if TYPE_CHECKING:
    from rich.style import Style

    from engine.battletech.designs.battle_armor import BattleArmorDesign
    from engine.battletech.designs.infantry import InfantryDesign
    from engine.battletech.designs.items import Item
    from engine.battletech.designs.vehicle import VehicleDesign

__all__ = [
    "NARROW",
    "WIDE",
    "battle_armor_sheet",
    "infantry_sheet",
    "vehicle_sheet",
]

Styles = Mapping[str, "Style"]

WIDE: Final = 41
"""Columns inside the wide side panel (as the 'Mech sheet's)."""
NARROW: Final = 32
"""Columns inside the compact side panel (80 x 24)."""
NAME_WIDTH: Final = 17
"""Width of a weapon's count and name in the list (as the 'Mech sheet's)."""
PLACES_WIDTH: Final = 8
"""Width of a weapon's locations ("xTurret")."""
_LABEL: Final = 10
"""Width of the vehicle table's location column."""
_SHORT: Final = {
    "Front": "Fr",
    "Right": "Ri",
    "Left": "Le",
    "Rear": "Re",
    "Turret": "Tu",
    "Front Turret": "T2",
    "Rotor": "Ro",
}
"""The compact table's two-letter location names."""
_COMPACT_LABEL: Final = 7
_CELL: Final = 4
MOST_BOXES: Final = 30
"""Armor boxes drawn on a trooper's row; more than this and the row shows numbers only."""


def _style(styles: Styles, role: str) -> Style | str:
    return styles.get(role, "")


def _pad(lines: list[Text], rows: int) -> Text:
    lines.extend(Text("") for _ in range(rows - len(lines)))
    return Text("\n").join(lines)


def _title(name: str, right: str, styles: Styles, letter: str, width: int) -> Text:
    """The letter and name, then ``right`` (tons, kind) if the row has room for it.

    A name too long for the row is cut, with "~" at the end, so the title is one row.
    """
    left = f"{letter} {name}" if letter else name
    if len(left) > width:
        left = left[: width - 1] + "~"
    title = Text(left, _style(styles, "title"))
    if len(left) + 2 + len(right) <= width:
        title.append(f"  {right}", _style(styles, "label"))
    return title


def _width(*, compact: bool) -> int:
    """The columns a row may take: the panel's (compact: one left for the scrollbar)."""
    return NARROW - 1 if compact else WIDE


def _value(value: int, full: int, styles: Styles, width: int = 0) -> Text:
    """``value`` right-aligned in ``width``, ``damaged`` when below ``full``, ``gone`` at 0."""
    role = "gone" if value <= 0 < full else "damaged" if value < full else "value"
    return Text(str(value).rjust(width), _style(styles, role))


def _notes_row(notes: Sequence[str], styles: Styles) -> Text:
    """The notes (motive damage, crew hits, what stops the unit), or the row kept blank."""
    return Text(", ".join(notes), _style(styles, "bad")) if notes else Text("")


def _wrap(parts: list[Text], width: int) -> list[Text]:
    """The parts, comma-separated, in rows of at most ``width`` columns (a part is not split)."""
    rows = [Text()]
    for part in parts:
        row = rows[-1]
        if row.cell_len and row.cell_len + 2 + part.cell_len > width:
            row.append(",")
            rows.append(Text())
        elif row.cell_len:
            row.append(", ")
        rows[-1].append_text(part)
    return rows


def _weapon_name(item: Item) -> str:
    spec = SPECS.get(item.name)
    return spec.name if isinstance(spec, WeaponSpec) else item.name


def _weapon_lines(
    items: Sequence[Item], gone: set[str], styles: Styles, *, compact: bool, where: bool = True
) -> list[Text]:
    """The weapons, one line a kind and place: "2 SRM 4  Turret h3 d2 3/6/9".

    A weapon in a location of ``gone`` is marked ``x`` and struck through; the catalogue's heat,
    damage and ranges follow (BT-C-63). Compact: one wrapped list of names and places.
    """
    groups: dict[tuple[str, str, str], list[Item]] = {}
    for item in items:
        if isinstance(SPECS.get(item.name), WeaponSpec):
            groups.setdefault((_weapon_name(item), item.location, item.mount), []).append(item)
    if not groups:
        return [Text("no weapons", _style(styles, "note"))]
    lines = []
    for (name, location, _mount), group in groups.items():
        lost = location in gone
        line = Text()
        if len(group) > 1:
            line.append(f"{len(group)} ", _style(styles, "value"))
        line.append(name, _style(styles, "gone" if lost else "value"))
        place = item_place(group[0])  # the log's name of the place (`item_place`)
        places = Text(f" {'x' if lost else ''}{place}" if where and place else "")
        places.stylize(_style(styles, "gone" if lost else "label"))
        spec = SPECS[group[0].name]
        if compact or not isinstance(spec, WeaponSpec):
            lines.append(line + places)
            continue
        line.pad_right(NAME_WIDTH - line.cell_len)
        line.append_text(places)
        line.pad_right(NAME_WIDTH + PLACES_WIDTH - line.cell_len)
        line.append(
            f" h{spec.heat} d{spec.damage} {spec.short}/{spec.medium}/{spec.long}",
            _style(styles, "note"),
        )
        lines.append(line)
    return _wrap(lines, NARROW - 1) if compact else lines


def _ammo_line(
    equipment: Sequence[Item], ammo: Sequence[int] | None, gone: set[str], styles: Styles
) -> list[Text]:
    """The ammunition: "ammo SRM 4 25/25, Gauss Rifle 8/8 8/8", by weapon (a lost bin ``x``).

    A count is as wide as its bin's full count, so the list wraps the same way whatever is left.
    """
    kinds: dict[str, Text] = {}
    for index, item in enumerate(equipment):
        spec = SPECS.get(item.name)
        if not isinstance(spec, AmmoSpec):
            continue
        fed = SPECS.get(spec.weapon)
        name = fed.name if fed is not None else spec.weapon
        left = ammo[index] if ammo is not None and index < len(ammo) else item.shots
        lost = item.location in gone
        role = "gone" if lost else "damaged" if left < item.shots else "value"
        part = kinds.setdefault(name, Text(name, _style(styles, "label")))
        count = f"{left}".rjust(len(str(item.shots)))
        part.append(f" {'x' if lost else ''}{count}/{item.shots}", _style(styles, role))
    parts = list(kinds.values())
    if parts:
        parts[0] = Text("ammo ", _style(styles, "label")) + parts[0]
    return parts


# ---------------------------------------------------------------------------------- vehicles
def vehicle_sheet(
    design: VehicleDesign,
    armor: Sequence[int],
    internal: Sequence[int],
    notes: Sequence[str] = (),
    *,
    cruise: int | None = None,
    ammo: Sequence[int] | None = None,
    styles: Styles | None = None,
    compact: bool = False,
    letter: str = "",
    rows: int = 0,
) -> Text:
    """A vehicle's record sheet (BT-M-3, BT-M-5): armor and structure per location, weapons.

    Args:
        design: the vehicle.
        armor: armor points left per location, in ``design.locations``' order.
        internal: internal structure left per location, in the same order (0: destroyed).
        notes: motive system and crew damage, in words ("motive: -1 MP", "crew stunned").
        cruise: the Cruising MP now (None: the design's); flank follows (BT-M-37.1).
        ammo: shots left per item of ``design.equipment`` (None: full bins).
        styles: role -> style, as the 'Mech sheet's.
        compact: the smaller sheet (80 x 24): locations across, weapons on one wrapped line.
        letter: the unit's board letter ("" before the battle).
        rows: the fewest rows (blank ones at the bottom).

    Returns:
        The sheet, one line a row.
    """
    styles = styles or {}
    tons = f"{design.tonnage:g} t"
    right = tons if compact else f"{tons} {design.weight_class.lower()}"
    lines = [_title(design.name, right, styles, letter, _width(compact=compact))]
    now = design.cruise if cruise is None else cruise
    flank = (3 * now + 1) // 2  # BT-M-37.1
    if compact:  # "tracked 4/6 MP, crew 4"
        motion = Text(f"{design.motion} ", _style(styles, "label"))
        motion.append_text(_value(now, design.cruise, styles))
        motion.append("/", _style(styles, "label"))
        motion.append_text(_value(flank, design.flank, styles))
        motion.append(f" MP, crew {design.crew}", _style(styles, "label"))
    else:  # "tracked, cruise 4 flank 6, crew 4"
        motion = Text(f"{design.motion}, cruise ", _style(styles, "label"))
        motion.append_text(_value(now, design.cruise, styles))
        motion.append(" flank ", _style(styles, "label"))
        motion.append_text(_value(flank, design.flank, styles))
        motion.append(f", crew {design.crew}", _style(styles, "label"))
    lines.append(motion)
    gone = {
        location.value
        for location, left in zip(design.locations, internal, strict=False)
        if left <= 0
    }
    table = _compact_table if compact else _wide_table
    lines.extend(table(design, armor, internal, styles))
    lines.extend(_weapon_lines(design.equipment, gone, styles, compact=compact))
    ammo_parts = _ammo_line(design.equipment, ammo, gone, styles)
    if ammo_parts:
        lines.extend(_wrap(ammo_parts, _width(compact=compact)))
    lines.append(_notes_row(notes, styles))
    return _pad(lines, rows)


def _wide_table(
    design: VehicleDesign, armor: Sequence[int], internal: Sequence[int], styles: Styles
) -> list[Text]:
    """One row a location: "Front     40/40    6/6" (a destroyed one "--")."""
    lines = [Text("location  armor  struct", _style(styles, "label"))]
    for index, location in enumerate(design.locations):
        row = Text(location.value.ljust(_LABEL), _style(styles, "label"))
        left = armor[index] if index < len(armor) else 0
        struct = internal[index] if index < len(internal) else 0
        full, full_struct = design.armor[index], design.internal[index]
        if struct <= 0:
            row.append("--".rjust(5), _style(styles, "gone"))
        else:
            row.append_text(_value(left, full, styles, 2 if full < 100 else 3))  # noqa: PLR2004
            row.append(f"/{full}", _style(styles, "label"))
        row.pad_right(_LABEL + 7 - row.cell_len)
        row.append_text(_value(struct, full_struct, styles, 3))
        row.append(f"/{full_struct}", _style(styles, "label"))
        lines.append(row)
    return lines


def _compact_table(
    design: VehicleDesign, armor: Sequence[int], internal: Sequence[int], styles: Styles
) -> list[Text]:
    """Locations across (as the 'Mech's compact armor table): names, armor, structure."""
    head = Text("".ljust(_COMPACT_LABEL), _style(styles, "label"))
    rows = [head, Text("armor".ljust(_COMPACT_LABEL), _style(styles, "label"))]
    rows.append(Text("struct".ljust(_COMPACT_LABEL), _style(styles, "label")))
    for index, location in enumerate(design.locations):
        head.append(_SHORT.get(location.value, location.value[:2]).rjust(_CELL), "")
        head.stylize(_style(styles, "label"))
        struct = internal[index] if index < len(internal) else 0
        if struct <= 0:
            rows[1].append("--".rjust(_CELL), _style(styles, "gone"))
            rows[2].append("--".rjust(_CELL), _style(styles, "gone"))
            continue
        left = armor[index] if index < len(armor) else 0
        rows[1].append_text(_value(left, design.armor[index], styles, _CELL))
        rows[2].append_text(_value(struct, design.internal[index], styles, _CELL))
    return rows


# ---------------------------------------------------------------------------------- infantry
def infantry_sheet(
    design: InfantryDesign,
    troopers: int,
    notes: Sequence[str] = (),
    *,
    damage_per_trooper: float | None = None,
    styles: Styles | None = None,
    compact: bool = False,
    letter: str = "",
    rows: int = 0,
) -> Text:
    """A platoon's record sheet (BT-M-4, BT-M-5): men left of the total, MP, weapons, damage.

    Args:
        design: the platoon.
        troopers: men still fighting.
        notes: what else stands out ("pinned", "in the open: x2 damage").
        damage_per_trooper: BT-C-35.6 item 1's ``d`` (None: the design's ``damage_per_trooper``
            if it has one, else no damage table). With it, the sheet gives the damage by men
            left, as the paper sheet's rows do (every man hitting; BT-C-35.6 items 2-3).
        styles: role -> style, as the 'Mech sheet's.
        compact: the smaller sheet (80 x 24): no damage table, only the damage now.
        letter: the unit's board letter.
        rows: the fewest rows.

    Returns:
        The sheet, one line a row.
    """
    styles = styles or {}
    total = design.troopers
    troopers = max(0, min(troopers, total))
    lines = [_title(design.name, f"{design.motion}", styles, letter, _width(compact=compact))]
    men = Text("men ", _style(styles, "label"))
    men.append_text(_value(troopers, total, styles))
    men.append(f"/{total} ({design.squads} x {design.squad_size})", _style(styles, "label"))
    lines.append(men)
    mp = Text(f"MP {design.ground_mp}", _style(styles, "value"))
    if design.jump_mp:
        mp.append(f" jump {design.jump_mp}", _style(styles, "value"))
    mp.append(f"  anti-'Mech {design.anti_mech}", _style(styles, "label"))
    lines.append(mp)
    weapons = [Text(design.primary, _style(styles, "value"))]
    if design.secondary:
        weapons.append(
            Text(f"{design.secondary_per_squad} {design.secondary}/squad", _style(styles, "value"))
        )
    weapons[0] = Text("weapons ", _style(styles, "label")) + weapons[0]
    lines.extend(_wrap(weapons, _width(compact=compact)))
    if design.field_guns:
        lines.extend(_weapon_lines(design.field_guns, set(), styles, compact=compact))
    if design.armor_kit:
        lines.append(Text(f"armor kit {design.armor_kit}", _style(styles, "label")))
    per = (
        damage_per_trooper if damage_per_trooper is not None else design_damage_per_trooper(design)
    )
    if per is not None:
        lines.extend(_damage_rows(per, troopers, design, styles, compact=compact))
    else:  # BT-C-35.6: a weapon the infantry table does not know: the platoon cannot fire
        lines.append(Text("damage: no rules", _style(styles, "bad")))
    lines.append(_notes_row(notes, styles))
    return _pad(lines, rows)


def _damage_rows(
    per: float, troopers: int, design: InfantryDesign, styles: Styles, *, compact: bool
) -> list[Text]:
    """The damage by men left (BT-C-35.6), a row a squad; the men lost read ``--``.

    ::

        damage by men left, all hitting (d 0.52)
         1-7    1  1  2  2  3  3  4
         8-14   4  5  5  6  6  7  7
    """
    now = Text("damage now ", _style(styles, "label"))
    now.append(str(attack_damage(per, troopers)), _style(styles, "value"))
    if compact:
        return [now]
    now.append(f" (d {per:g} a man, all hitting)", _style(styles, "note"))
    lines = [now]
    per_row = min(design.squad_size, 10)  # ten columns of damage fit the wide panel
    label = 7
    for first in range(1, design.troopers + 1, per_row):
        last = min(design.troopers, first + per_row - 1)
        row = Text(f"{first}-{last}".rjust(label - 1).ljust(label), _style(styles, "label"))
        for men in range(first, last + 1):
            if men > troopers:
                row.append(" --", _style(styles, "gone"))
            else:
                row.append(f"{attack_damage(per, men):>3}", _style(styles, "value"))
        lines.append(row)
    return lines


# ---------------------------------------------------------------------------------- battle armor
def battle_armor_sheet(
    design: BattleArmorDesign,
    trooper_armor: Sequence[int | None],
    notes: Sequence[str] = (),
    *,
    ammo: Sequence[int] | None = None,
    styles: Styles | None = None,
    compact: bool = False,
    letter: str = "",
    rows: int = 0,
) -> Text:
    """A battle armor squad's record sheet (BT-M-4, BT-M-5, BT-C-35 item 2): a row a trooper.

    Args:
        design: the squad.
        trooper_armor: each trooper's armor left, None for a dead trooper (the design's
            ``troopers`` of them; a missing one reads as dead).
        notes: what else stands out ("swarming the Atlas").
        ammo: shots left per item of ``design.equipment`` (None: full bins).
        styles: role -> style, as the 'Mech sheet's.
        compact: the smaller sheet (80 x 24): the troopers on one wrapped line, no boxes.
        letter: the unit's board letter.
        rows: the fewest rows.

    Returns:
        The sheet, one line a row.
    """
    styles = styles or {}
    quad = " quad" if design.quad else ""
    right = f"{design.weight_class_name.lower()}{quad}"
    lines = [_title(design.name, right, styles, letter, _width(compact=compact))]
    alive = sum(1 for armor in trooper_armor[: design.troopers] if armor is not None)
    mp = Text("troopers ", _style(styles, "label"))
    mp.append_text(_value(alive, design.troopers, styles))
    mp.append(f"/{design.troopers}  MP {design.ground_mp}", _style(styles, "label"))
    if design.jump_mp:
        mp.append(f" jump {design.jump_mp}", _style(styles, "label"))
    if design.anti_mech and not compact:
        mp.append(f"  {', '.join(sorted(design.anti_mech, reverse=True))}", _style(styles, "note"))
    lines.append(mp)
    troopers = [
        _trooper(n, trooper_armor[n - 1] if n <= len(trooper_armor) else None, design, styles)
        for n in range(1, design.troopers + 1)
    ]
    if compact:
        lines.extend(_wrap([part for part, _boxes in troopers], NARROW - 1))
    else:
        lines.extend(part + boxes for part, boxes in troopers)
    lines.extend(_weapon_lines(design.equipment, set(), styles, compact=compact))
    ammo_parts = _ammo_line(design.equipment, ammo, set(), styles)
    if ammo_parts:
        lines.extend(_wrap(ammo_parts, _width(compact=compact)))
    lines.append(_notes_row(notes, styles))
    return _pad(lines, rows)


def _trooper(
    number: int, armor: int | None, design: BattleArmorDesign, styles: Styles
) -> tuple[Text, Text]:
    """A trooper: "2  6/10" and its boxes " [######....]"; a dead one "3 --/10" and " dead".

    BT-C-35 item 2. The first part is as wide whatever is left, so the compact sheet's list of
    troopers wraps the same way all game.
    """
    if armor is None:
        dead = Text(f"{number} --/{design.armor}", _style(styles, "gone"))
        return dead, Text(" dead", _style(styles, "gone"))
    part = Text(f"{number} ", _style(styles, "label"))
    part.append_text(_value(armor, design.armor, styles, 2))
    part.append(f"/{design.armor}", _style(styles, "label"))
    if design.armor > MOST_BOXES:
        return part, Text("")
    boxes = Text(" [", _style(styles, "label"))
    boxes.append("#" * max(0, armor), _style(styles, "value"))
    boxes.append("." * max(0, design.armor - armor), _style(styles, "gone"))
    boxes.append("]", _style(styles, "label"))
    return part, boxes
