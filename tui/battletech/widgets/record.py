"""A 'Mech's record sheet in a side panel: who, what is left, how fast, how hot, what it carries.

The sheet has two pages (``v`` turns them): the sheet itself and the critical hit table. The sheet
draws the armor and internal structure as a small 'Mech figure
(`tui.battletech.widgets.diagram`), the
MechWarrior's hit boxes, the heat scale with its effects (`tui.battletech.widgets.heatscale`), the
weapons (a destroyed one struck through, with its location marked ``x``) and the ammunition bins
with their shots left::

    H Hunchback HBK-4G          50 t medium
    Davion - Hollis  G4 P5
    hits [X][ ][ ][ ][ ][ ] awake
    MP walk 4 run 6 jump 0   heat 3
    0805 facing SE; walked 3 MP
    <the 'Mech figure>
    <the heat scale>
    AC/20              RT     h7 d20 3/6/9
    2 Medium Laser     LA xRA h3 d5 3/6/9
    ammo AC/20 #7 RT 4/5 #8 RT 5/5

The sheet is as tall whatever the unit's state (issue 14: a replay's Home or End redraws it in
place, without laying the screen out again): the rows of the status line, the flags line and the
heat scale that are not used this time are left blank at the bottom, and a smaller design's sheet
is as tall as the game's tallest (`sheet_rows`). (A flags or heat line too long for the panel
still wraps onto another row.)

The compact sheet (80 x 24) keeps the four-row armor table and one line of heat, and puts the
weapons on one wrapped line. Damage reads without colour too: a destroyed location shows ``--``,
a destroyed weapon's location ``x``, a hit critical line ``*``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from attrs import frozen
from rich.cells import cell_len
from rich.text import Text

from engine.battletech.data.catalogue import SPECS, AmmoSpec, WeaponSpec
from engine.battletech.designs.battle_armor import BattleArmorDesign
from engine.battletech.designs.infantry import InfantryDesign
from engine.battletech.designs.vehicle import VehicleDesign
from engine.battletech.envstate import ONE_G
from engine.battletech.kinds.battle_armor import TROOPER_BOX, BattleArmorBody
from engine.battletech.kinds.infantry import InfantryBody
from engine.battletech.kinds.vehicle import VehicleBody
from engine.battletech.rules import special
from engine.battletech.rules.aboard import carrier_of
from engine.battletech.rules.condition import jump_mp, run_allowance, walk_mp
from tui.battletech.kind_words import ejected, has_masc, kind_flags, mode_names, moves_now, prone
from tui.battletech.widgets._panel import BTPanel
from tui.battletech.widgets.criticals import critical_lines
from tui.battletech.widgets.diagram import ORDER, armor_table, diagram
from tui.battletech.widgets.heatscale import heat_effects, heat_lines, pilot_line
from tui.battletech.widgets.kind_sheets import battle_armor_sheet, infantry_sheet, vehicle_sheet
from tui.widgets.fixed import keeps_height

if TYPE_CHECKING:
    from collections.abc import Iterable
    from fractions import Fraction

    from rich.style import Style

    from engine.battletech.board import Terrain
    from engine.battletech.designs.mech import MechDesign, Mounted
    from engine.battletech.state import UnitState

__all__ = [
    "ORDER",
    "PAGES",
    "RecordData",
    "RecordSheet",
    "item_destroyed",
    "render_record",
    "sheet_rows",
    "status_line",
    "weapons",
]

PAGES = ("sheet", "criticals")
"""The record sheet's pages, in the order ``v`` turns them."""
NAME_WIDTH = 17
"""Width of a weapon's count and name in the list."""
PLACES_WIDTH = 7
"""Width of a weapon's locations in the list ("LA xRA")."""
HOT = 5
"""BT-C-54: from this much heat a 'Mech loses Walk MP; the sheet shows the heat as a warning."""
WIDE = 41
"""Columns inside the wide side panel."""
NARROW = 32
"""Columns inside the compact side panel."""
HEAT_ROWS = 4
"""The rows the wide sheet keeps for the heat scale (`heat_lines` gives three or four)."""


@frozen
class RecordData:
    """What the record sheet shows: one unit, its board letter, its side and where it stands.

    Attributes:
        unit: the unit now.
        letter: its board letter.
        side: its side's name.
        terrain: the terrain it stands in (for Jump MP in water); None off the map.
        status: one line on where it is and what it did this turn.
        page: the page shown (`PAGES`).
        rows: the fewest rows the sheet takes (blank ones at the bottom): the tallest sheet of
            the game's units (`sheet_rows`), so that the panel keeps its height from one unit
            to another.
        page_hint: say which key turns the page (not while ``v`` switches a night game's views).
        turn: the game's turn.
    """

    unit: UnitState
    letter: str
    side: str
    terrain: Terrain | None = None
    status: str = ""
    page: str = "sheet"
    rows: int = 0
    page_hint: bool = True
    gravity: Fraction = ONE_G
    """The battlefield's gravity (BT-M-39.3): the MP shown are at it."""
    turn: int = 0
    """The turn (a MASC's next roll depends on its use in the turns before, BT-C-75)."""


def status_line(unit: UnitState) -> str:
    """Where a unit stands and what it did this turn: "0805 facing SE, prone; walked 4 MP".

    A vehicle cruises and flanks (BT-M-37.1), a platoon or squad moves (BT-M-4).
    """
    if ejected(unit):
        return "ejected: out of the game"
    if unit.destroyed:
        return "destroyed"
    if unit.withdrawn:
        return "withdrawn from the map"
    if unit.hex is None:
        return "aboard a carrier" if carrier_of(unit) is not None else "not deployed yet"
    text = f"{unit.hex.label} facing {unit.facing.name}"
    if prone(unit):
        text += ", prone"
    movement = unit.movement
    if movement is not None and movement.mp_spent:
        walked, ran = (_PAST.get(name, "moved") for name in mode_names(unit))
        verb = {"walk": walked, "run": ran, "jump": "jumped"}.get(movement.mode.value, "moved")
        text += f"; {verb} {movement.mp_spent} MP"
    elif movement is not None and movement.done:
        text += "; stood still"
    return text


_PAST = {"walk": "walked", "run": "ran", "cruise": "cruised", "flank": "flanked"}
"""The verbs of the status line by mode name (`mode_names`)."""


def _flags(unit: UnitState) -> list[str]:  # noqa: C901 - one test per flag
    """What stands out about a unit now, in capitals where it stops it fighting."""
    flags = []
    if unit.mech.shutdown:
        flags.append("SHUT DOWN")
    if not unit.mech.conscious and not unit.destroyed:
        flags.append("PILOT UNCONSCIOUS")
    if unit.mech.prone:
        flags.append("PRONE")
    if unit.this_turn.twist:
        flags.append(f"torso twisted {'left' if unit.this_turn.twist < 0 else 'right'}")
    if unit.this_turn.arms_flipped:
        flags.append("arms flipped")
    if unit.mech.club:
        flags.append(f"club: {unit.mech.club}")
    if unit.stuck:
        flags.append("STUCK")
    if unit.dumping:
        flags.append("dumping ammo")
    if unit.mech.sinks_off:
        flags.append(f"{unit.mech.sinks_off} heat sinks off")  # BT-C-52
    equipment = unit.mech_design.equipment
    flags += [
        f"{_weapon_name(equipment[w])} {equipment[w].location.value} jammed"
        for w in sorted(unit.jammed)
        if 0 <= w < len(unit.design.equipment)
    ]  # BT-C-75
    if unit.narc:
        flags.append("NARC pod attached")  # BT-C-75
    return flags


def weapons(design: MechDesign) -> list[Mounted]:
    """The design's weapons, in the order of its sheet (ammunition and other gear left out)."""
    return [m for m in design.equipment if isinstance(SPECS.get(m.name), WeaponSpec)]


def item_destroyed(unit: UnitState, item: Mounted) -> bool:
    """True when an item's location is gone or a critical hit struck one of its lines (BT-C-30)."""
    if unit.mech.location_destroyed(item.location):
        return True
    return any(unit.mech.slot_hit(item.location, slot) for slot in item.slots)


def _weapon_name(mounted: Mounted) -> str:
    spec = SPECS.get(mounted.name)
    return spec.name if isinstance(spec, WeaponSpec) else mounted.name


def _pilot_line(unit: UnitState, side: str) -> str:
    pilot = unit.pilot
    return f"{side} - {pilot.name}  G{pilot.gunnery} P{pilot.piloting}"


def _mp_line(data: RecordData, styles: dict[str, Style], *, heat: bool) -> Text:
    """Walk, run and jump MP now (damage and heat taken off), and the heat (compact)."""
    unit, design = data.unit, data.unit.mech_design
    line = Text("MP", styles.get("label", ""))
    g = data.gravity
    now = (walk_mp(unit, gravity=g), run_allowance(unit, g), jump_mp(unit, data.terrain, g))
    full = (design.walk, design.run, design.jump)
    for name, value, top in zip(("walk", "run", "jump"), now, full, strict=True):
        line.append(f" {name} ", styles.get("label", ""))
        line.append(str(value), styles.get("damaged" if value < top else "value", ""))
    if has_masc(unit):  # BT-C-75: running MP with the MASC on
        line.append(" masc ", styles.get("label", ""))
        line.append(str(run_allowance(unit, masc_on=True)), styles.get("value", ""))
    if heat:
        line.append("  heat ", styles.get("label", ""))
        line.append(
            str(unit.mech.heat), styles.get("hot" if unit.mech.heat >= HOT else "value", "")
        )
    return line


def _compact_heat(unit: UnitState, styles: dict[str, Style]) -> Text:
    """One line: "heat 9: walk -1, to-hit +1"."""
    effects = heat_effects(unit.mech.heat)
    line = Text(
        f"heat {unit.mech.heat}", styles.get("hot" if unit.mech.heat >= HOT else "value", "")
    )
    if effects:
        line.append(": " + ", ".join(effects), styles.get("hot", ""))
    return line


def render_record(data: RecordData, styles: dict[str, Style], *, compact: bool = False) -> Text:
    """Draw a record sheet page.

    Args:
        data: the unit, its context and the page.
        styles: role -> style (``title``, ``label``, ``value``, ``damaged``, ``gone``, ``hot``,
            ``note``, ``bad``).
        compact: the smaller sheet (80 x 24).

    Returns:
        The sheet, one line per row.
    """
    if not data.unit.is_mech:
        return _kind_record(data, styles, compact=compact)
    unit, design = data.unit, data.unit.mech_design
    lines: list[Text] = []
    title = Text(f"{data.letter} {design.name}", styles.get("title", ""))
    weight = (
        f"{design.tonnage} t" if compact else f"{design.tonnage} t {design.weight_class.lower()}"
    )
    title.append(f"  {weight}", styles.get("label", ""))
    lines.append(title)
    width = NARROW if compact else WIDE
    if data.page == "criticals":
        lines.extend(critical_lines(unit, styles, width=width))
        lines.append(Text("v: the sheet", styles.get("note", "")))
        lines.extend(Text("") for _ in range(data.rows - len(lines)))
        return Text("\n").join(lines)
    lines.append(Text(_pilot_line(unit, data.side), styles.get("value", "")))
    dead = unit.destroyed and unit.mech.wounds >= 6  # noqa: PLR2004 - BT-M-15: the sixth hit kills
    lines.append(
        pilot_line(
            unit.mech.wounds,
            conscious=unit.mech.conscious,
            dead=dead,
            styles=styles,
            compact=compact,
        )
    )
    lines.append(_mp_line(data, styles, heat=compact))
    blank = 0  # the rows kept for the state's lines but not used: blank at the bottom
    if data.status:
        lines.append(Text(data.status, styles.get("note", "")))
    else:
        blank += 1
    flags = _flags(unit)
    if flags:
        lines.append(Text(", ".join(flags), styles.get("bad", "")))
    else:
        blank += 1
    if compact:
        lines.extend(armor_table(unit, styles))
        lines.append(_compact_heat(unit, styles))
    else:
        lines.extend(diagram(unit, styles))
        heat = heat_lines(unit.mech.heat, styles, width=width)
        lines.extend(heat)
        blank += max(0, HEAT_ROWS - len(heat))
    lines.extend(_weapon_lines(unit, styles, compact=compact))
    lines.extend(_ammo_lines(unit, styles, compact=compact))
    lines.extend(_unplayed_lines(unit, styles, data.turn))
    if data.page_hint:
        lines.append(Text("v: critical hits page", styles.get("note", "")))
    blank = max(blank, data.rows - len(lines))
    lines.extend(Text("") for _ in range(blank))
    return Text("\n").join(lines)


def _kind_sheet(unit: UnitState, letter: str, styles: dict[str, Style], *, compact: bool) -> Text:
    """The sheet of a vehicle, platoon or squad from its body (`kind_sheets`; BT-M-3..5).

    Its last row is the notes row, left blank: `_kind_record` writes the notes (`kind_flags`).
    """
    design, body, notes = unit.design, unit.body, ()
    common = {"styles": styles, "compact": compact, "letter": letter}
    if isinstance(body, VehicleBody) and isinstance(design, VehicleDesign):
        shots = unit.ammo
        cruise = moves_now(unit)
        return vehicle_sheet(
            design,
            body.armor,
            body.internal,
            notes,
            cruise=cruise[0] if cruise is not None else None,
            ammo=shots or None,
            **common,  # type: ignore[arg-type]
        )
    if isinstance(body, InfantryBody) and isinstance(design, InfantryDesign):
        return infantry_sheet(design, body.troopers, notes, **common)  # type: ignore[arg-type]
    if isinstance(body, BattleArmorBody) and isinstance(design, BattleArmorDesign):
        armor = [None if boxes <= 0 else max(0, boxes - TROOPER_BOX) for boxes in body.armor]
        ammo = unit.ammo if len(unit.ammo) == len(design.equipment) else None
        return battle_armor_sheet(design, armor, notes, ammo=ammo, **common)  # type: ignore[arg-type]
    msg = f"no record sheet for a {design.kind}"
    raise TypeError(msg)


def _kind_record(data: RecordData, styles: dict[str, Style], *, compact: bool) -> Text:
    """A vehicle's, platoon's or squad's record sheet page, in the 'Mech sheet's frame.

    The kind's sheet (`tui.battletech.widgets.kind_sheets`) with, under its title, the side and
    crew line and the status line (blank when there is none), then the page hint. It is as tall
    whatever the unit's state, but for notes too long for one row, which wrap (as the 'Mech
    sheet's flags). The second
    page lists the damage the 'Mech's critical hit table would show: a vehicle's critical hits
    and motive damage (BT-C-24.3, BT-M-37.5); platoons and squads take none (BT-C-35).
    """
    unit = data.unit
    sheet = _kind_sheet(unit, data.letter, styles, compact=compact).split("\n", allow_blank=True)
    lines = [sheet[0]]
    if data.page == "criticals":
        lines.extend(_kind_damage_lines(unit, styles))
        lines.append(Text("v: the sheet", styles.get("note", "")))
    else:
        lines.append(Text(_pilot_line(unit, data.side), styles.get("value", "")))
        lines.append(Text(data.status, styles.get("note", "")))
        lines.extend(sheet[1:-1])
        notes = [Text(note, styles.get("bad", "")) for note in kind_flags(unit)]
        # the notes row, blank or not; wrapped here (a row a line) when too long for the panel
        lines.extend(_wrap_list(notes, (NARROW - 1) if compact else WIDE) if notes else [sheet[-1]])
        if data.page_hint:
            lines.append(Text("v: critical damage page", styles.get("note", "")))
    lines.extend(Text("") for _ in range(data.rows - len(lines)))
    return Text("\n").join(lines)


def _kind_damage_lines(unit: UnitState, styles: dict[str, Style]) -> list[Text]:
    """The second page of a vehicle, platoon or squad: its critical and motive damage."""
    body = unit.body
    if not isinstance(body, VehicleBody):
        return [Text("no critical hits: each hit kills men", styles.get("note", ""))]
    lines = [Text("critical damage", styles.get("label", ""))]
    flags = kind_flags(unit)
    lines.extend(Text(flag, styles.get("bad", "")) for flag in flags)
    if body.destroyed_weapons:
        names = [_item_name(unit.design.equipment[i].name) for i in sorted(body.destroyed_weapons)]
        lines.append(Text("destroyed: " + ", ".join(names), styles.get("gone", "")))
    if body.jammed_weapons:
        names = [_item_name(unit.design.equipment[i].name) for i in sorted(body.jammed_weapons)]
        lines.append(Text("jammed: " + ", ".join(names), styles.get("bad", "")))
    if len(lines) == 1:
        lines.append(Text("none", styles.get("value", "")))
    return lines


def _item_name(key: str) -> str:
    spec = SPECS.get(key)
    return spec.name if spec is not None else key


_ROWS: dict[int, tuple[object, dict[tuple[str, bool], int]]] = {}
"""The rows of a design's sheet by (page, compact), by the design's id (the design kept)."""


def sheet_rows(units: Iterable[UnitState], page: str, *, compact: bool) -> int:
    """The rows of the tallest sheet of these units on ``page``: each design's counted once.

    A sheet is as tall whatever its unit's state (`render_record`), so a design's rows are
    counted once, from the first of its units asked about.
    """
    tallest = 0
    for unit in units:
        design = unit.design
        known = _ROWS.get(id(design))
        if known is None or known[0] is not design:
            known = _ROWS[id(design)] = (design, {})
        rows = known[1].get((page, compact))
        if rows is None:
            drawn = render_record(RecordData(unit, "", "", page=page), {}, compact=compact)
            rows = known[1][page, compact] = drawn.plain.count("\n") + 1
        tallest = max(tallest, rows)
    return tallest


def _grouped(mounted: list[Mounted]) -> dict[tuple[str, bool], list[Mounted]]:
    """The weapons by name and rear mounting, in sheet order: two Medium Lasers make one line."""
    groups: dict[tuple[str, bool], list[Mounted]] = {}
    for item in mounted:
        groups.setdefault((_weapon_name(item), item.rear), []).append(item)
    return groups


def _weapon_lines(unit: UnitState, styles: dict[str, Style], *, compact: bool) -> list[Text]:
    """The weapons, one line a kind: "2 Medium Laser (R)  CT  h3 d5 3/6/9".

    Each weapon's location is listed; a destroyed weapon's is marked ``x`` and struck through
    (``gone``). Compact: one wrapped line.
    """
    groups = _grouped(weapons(unit.mech_design))
    if not groups:
        return [Text("no weapons", styles.get("note", ""))]
    lines = []
    for (name, rear), items in groups.items():
        working = [item for item in items if not item_destroyed(unit, item)]
        line = Text()
        if len(items) > 1:
            line.append(f"{len(items)} ", styles.get("value", ""))
        line.append(name + (" (R)" if rear else ""), styles.get("value" if working else "gone", ""))
        places = Text()
        for item in items:
            gone = item_destroyed(unit, item)
            mark = "x" if gone else ""
            places.append(
                f" {mark}{item.location.value}", styles.get("gone" if gone else "label", "")
            )
        spec = SPECS.get(items[0].name)
        if compact or not isinstance(spec, WeaponSpec):
            lines.append(line + places)
            continue
        line.pad_right(NAME_WIDTH - line.cell_len)
        line.append_text(places)
        line.pad_right(NAME_WIDTH + PLACES_WIDTH - line.cell_len)
        ranges = f"{spec.short}/{spec.medium}/{spec.long}"
        damage = f"{spec.damage}"
        if spec.range_in_mapsheets:  # BT-C-67: X/Y area damage, long range in mapsheets
            damage, ranges = f"{spec.damage}/{spec.adjacent_damage}", f"{spec.long} sheets"
        line.append(f" h{spec.heat} d{damage} {ranges}", styles.get("note", ""))
        lines.append(line)
    if compact:
        return _wrap_list(lines, NARROW - 1)
    return lines


def _wrap_list(parts: list[Text], width: int) -> list[Text]:
    """The parts, comma-separated, in rows of at most ``width`` columns (a part is not split).

    The sheet wraps its own list so that its rows are its lines (`sheet_rows` counts them); one
    column is left for the side panel's scrollbar.
    """
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


def _ammo_lines(unit: UnitState, styles: dict[str, Style], *, compact: bool) -> list[Text]:
    """The ammunition bins by weapon: "ammo AC/20 #7 RT 4/5 #8 RT 5/5" (a destroyed bin ``x``).

    ``#7`` is the bin's item number, as the command line's ``dump`` takes it (BT-C-58).
    """
    kinds: dict[str, list[tuple[int, Mounted]]] = {}
    for index, item in enumerate(unit.mech_design.equipment):
        spec = SPECS.get(item.name)
        if isinstance(spec, AmmoSpec):
            fed = SPECS.get(spec.weapon)
            name = fed.name if fed is not None else spec.weapon
            if spec.munition != "standard":
                name += f" {spec.munition}"
            kinds.setdefault(name, []).append((index, item))
    lines = []
    for name, bins in kinds.items():
        line = Text(f"ammo {name}", styles.get("label", ""))
        for index, item in bins:
            left = unit.ammo[index] if index < len(unit.ammo) else 0
            gone = item_destroyed(unit, item)
            role = "gone" if gone else "damaged" if left < item.shots else "value"
            where = "" if compact else f"#{index + 1} {item.location.value} "
            line.append(f" {'x' if gone else ''}{where}{left}/{item.shots}", styles.get(role, ""))
        lines.append(line)
    return lines


def _unplayed_lines(unit: UnitState, styles: dict[str, Style], turn: int = 0) -> list[Text]:
    """BT-C-75: each special item with its line: what it does now, or that it is not played."""
    equipment = unit.mech_design.equipment
    return [
        Text(
            f"{SPECS[equipment[index].name].name} {equipment[index].location.value}: {note}",
            styles.get("note", ""),
        )
        for index, note in special.gear_notes(unit, turn)
    ]


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
        "bad",
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
    | `bt-record--bad` | What stops it fighting: shut down, unconscious, prone. |
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
    RecordSheet > .bt-record--bad { color: $error; text-style: bold; }
    """

    def draw(self, data: RecordData, styles: dict[str, Style]) -> Text:
        """Draw the sheet."""
        return render_record(data, styles, compact=self.compact)

    def show(self, data: RecordData | None, *, compact: bool = False) -> None:
        """Draw ``data``; a repaint only when the sheet keeps its height (issue 14).

        The sheet has as many lines whatever its unit's state and none wider than the panel
        (`render_record`): counting them is enough, with no measure of the wrapped picture
        (`keeps_height`, which converts the whole picture) unless a line is too wide.
        """
        if data is None or (data == self.data and compact == self.compact):
            super().show(data, compact=compact)
            return
        self.data = data
        self.compact = compact
        self._picture = None
        if not self.is_mounted:
            self.refresh(layout=True)
            return
        picture = self._draw_cached()
        height = self.size.height
        if _unwrapped_rows(picture, self.size.width) == height or keeps_height(self, picture):
            self.repaint_rows()  # as tall as before: the rows that changed
            return
        self.refresh(layout=True)


def _unwrapped_rows(picture: object, width: int) -> int | None:
    """The rows of a picture none of whose lines is wider than ``width``; else None."""
    if not isinstance(picture, Text) or width <= 0:
        return None
    lines = picture.plain.split("\n")
    return len(lines) if all(cell_len(line) <= width for line in lines) else None
