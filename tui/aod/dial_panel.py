"""An Age of Destruction unit in a side panel: its base, its dial window, its heat dial, its SE.

What the digest's side panel shows of the selected unit (AOD-26.12, AOD-26.13 E): the base's
printed facts (name, rank, points, faction, collector number, base and speed mode, attack symbol,
vent, transport capacity, weapons with their ranges and targets; AOD-3.1 to AOD-3.3), the order
tokens and the state (shut down, Heavy Damage, passenger...; AOD-7.4, AOD-10.4, AOD-17.3), the
combat dial window (AOD-3.3, AOD-3.4: the click before, the current click marked ``>``, the next
clicks, each value with the SE beside it, the start ``S`` and repair ``R`` markers, Heavy Damage
``H``, and how many clicks are left before elimination), the values in use now when heat or
cards change them (`engine.aod.dial.values`), the heat dial of a 'Mech (AOD-3.5, AOD-10: where it
stands, what that position does and what the next one does), the gear and pilot slots (AOD-3.7)
and the SE showing, each with its meaning from the catalogue (AOD-3.6, AOD-26.14)::

    Kestrel KS-2L                 110
    Clan Jade Falcon  elite  HX-009
    'Mech L  wrench  vent 2
    pri energy     0-10  1 target
    sec ballistic  0-8   2 targets
    tokens ● 1  ready
    dial   spd  atk  def  pri  sec
    > 0 S  12JJ 10   18EV  3    2
      1    12JJ 10   18EV  3    2
      ...
    9 clicks from elimination
    heat 2 [###::!!X]  vent 2
    now: speed -1
    next 3: speed -1, secondary -1
    JJ Jump Jets: With a Move order...

The picture is a pure function of `PanelData` and the role styles (`render_panel`); the widget
`DialPanel` only pushes the data down and lays it out. Colours come from the theme through the
component classes ``aod-dial--<role>``; in the monochrome theme (``-mono``) the current click is
drawn reversed, and every marker is a letter, so nothing depends on colour. The panel is as tall
as its lines: put it in a scrolling container (80 x 24 needs it for a 'Mech).
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, ClassVar, Final

from attrs import field, frozen
from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from engine.aod.dial import Values, values
from engine.aod.status import DialStatus
from engine.aod.units import (
    Card,
    CardKind,
    Catalogue,
    Click,
    HeatDial,
    HeatPosition,
    Stat,
    UnitDef,
    Weapon,
    WeaponSlot,
)
from tui.widgets.hexboard_legend import follow_mono

if TYPE_CHECKING:
    from rich.console import RenderableType
    from textual.geometry import Size

__all__ = [
    "NARROW",
    "ROLES",
    "DialPanel",
    "PanelData",
    "clicks_left",
    "heat_bar",
    "heat_words",
    "render_panel",
    "weapon_line",
]

NARROW: Final = 32
"""Columns inside the narrowest side panel (34 with its padding)."""
AHEAD: Final = 5
"""Clicks shown after the current one."""
COMPACT_AHEAD: Final = 2
"""Clicks shown after the current one in the compact panel (80 x 24)."""
ROLES: Final = (
    "title",
    "label",
    "value",
    "note",
    "heading",
    "click",
    "current",
    "hurt",
    "marker",
    "se",
    "changed",
    "hot",
    "bad",
    "good",
    "token",
)
"""The roles of the picture; each is the component class ``aod-dial--<role>``."""
_SLOT_NAMES: Final = {WeaponSlot.PRIMARY: "pri", WeaponSlot.SECONDARY: "sec", WeaponSlot.MAIN: ""}


@frozen
class PanelData:
    """What the panel shows: a unit, where its dials stand, and what the turn machine knows.

    Attributes:
        unit: the printed unit (AOD-3).
        status: where its combat and heat dials stand (`engine.aod.status.DialStatus`).
        catalogue: the SE names and meanings and the heat dials (AOD-26.14).
        cards: the gear and pilot cards in its slots (AOD-3.7, AOD-20.6, AOD-20.7).
        tokens: order tokens beside it (AOD-7.4).
        flags: more words on its state, from the turn machine ("passenger", "captive",
            "ordered"...).
        letter: its board letter ("" for none).
        side: its side's name ("" for none).
        switched_off: optional SE its owner switched off (AOD-3.6).
        in_play: the unit is in a game: its tokens and state show (not in the force builder).
    """

    unit: UnitDef
    status: DialStatus
    catalogue: Catalogue = field(eq=False)
    cards: tuple[Card, ...] = ()
    tokens: int = 0
    flags: tuple[str, ...] = ()
    letter: str = ""
    side: str = ""
    switched_off: frozenset[str] = frozenset()
    in_play: bool = True


def clicks_left(unit: UnitDef, status: DialStatus) -> int:
    """Clicks of damage that eliminate the unit from where its dial stands (AOD-3.4, AOD-17.4)."""
    return max(unit.ko_click - status.click, 0)


def weapon_line(weapon: Weapon) -> str:
    """A weapon as the base prints it: slot, range type, min-max (long), targets (AOD-3.1).

    E.g. ``"pri energy     0-10  1 target"``, ``"sec melee      close combat"``,
    ``"ballistic 4-10 (24) 1 target A-L"``.
    """
    slot = _SLOT_NAMES[weapon.slot]
    head = f"{slot} {weapon.range_type.value:<9}" if slot else f"{weapon.range_type.value}"
    if weapon.max_range == 0 and not weapon.is_artillery:
        return f"{head}  close combat"
    reach = f"{weapon.min_range}-{weapon.max_range}"
    if weapon.long_range is not None:
        reach += f" ({weapon.long_range})"
    plural = "s" if weapon.targets != 1 else ""
    line = f"{head} {reach:<5} {weapon.targets} target{plural}"
    if weapon.markers:
        line += " " + " ".join(weapon.markers)
    return line


def heat_words(position: HeatPosition) -> str:
    """What a heat-dial position does, in a few words (AOD-3.5, AOD-10.2, AOD-10.4, AOD-26.14).

    E.g. ``"speed -2, primary -1, secondary -1, shutdown check 3+"``; ``"no effect"``.
    """
    if position.shutdown:
        return "automatic shutdown"
    words = [
        f"{name} {amount}"
        for name, amount in (
            ("speed", position.speed),
            ("primary", position.primary),
            ("secondary", position.secondary),
        )
        if amount
    ]
    for check in position.checks:
        if check.kind == "shutdown":
            words.append(f"shutdown check {check.need}+")
        else:
            words.append(f"ammo check {check.need}+")
    return ", ".join(words) or "no effect"


def _zone(position: HeatPosition) -> str:
    """A heat position's mark: ``X`` shutdown, ``!`` checks, ``:`` modifiers, ``.`` nothing."""
    if position.shutdown:
        return "X"
    if position.checks:
        return "!"
    if position.speed or position.primary or position.secondary:
        return ":"
    return "."


def heat_bar(dial: HeatDial, heat: int) -> str:
    """The heat dial as a row of marks, ``#`` up to where it stands (AOD-3.5): ``"###::!!X"``."""
    return "".join("#" if n <= heat else _zone(p) for n, p in enumerate(dial.positions))


def render_panel(
    data: PanelData, styles: dict[str, Style], *, width: int = NARROW, compact: bool = False
) -> Text:
    """Draw the unit (AOD-26.12): base, tokens and state, dial window, heat dial, slots, SE.

    Args:
        data: the unit and its state.
        styles: role -> style (`DialPanel.ROLES`).
        width: the columns the lines may use (long ones wrap, indented).
        compact: fewer clicks ahead (80 x 24).

    Returns:
        The picture.
    """
    styles = {role: styles.get(role) or Style() for role in ROLES}
    unit, status = data.unit, data.status
    lines: list[Text] = [*_base_lines(data, styles, width)]
    if data.in_play:
        lines.append(_state_line(data, styles))
    if status.eliminated(unit):
        lines.append(Text("eliminated: off the board", styles["bad"]))
        return _fit(Text("\n").join(lines), width)
    gap = [] if compact else [Text("")]
    lines += [*gap, *_window_lines(data, styles, compact=compact)]
    lines += _now_lines(data, styles)
    if unit.is_mech and unit.heat_dial in data.catalogue.heat_dials:
        lines += [*gap, *_heat_lines(data, styles, width)]
    if unit.gear_slots:
        lines += _slot_lines(data, styles, width)
    lines += [*gap, *_equipment_lines(data, styles, width)]
    return _fit(Text("\n").join(lines), width)


def _fit(picture: Text, width: int) -> Text:
    """The picture with no line wider than ``width``: a longer one breaks at a space."""
    rows: list[Text] = []
    for line in picture.split("\n", allow_blank=True):
        rest = line
        while rest.cell_len > width:
            cut = rest.plain.rfind(" ", 0, width + 1)
            head, rest = rest.divide([cut if cut > 0 else width])
            head.rstrip()
            rows.append(head)
            if rest.plain.startswith(" "):
                rest = rest[1:]
        rows.append(rest)
    return Text("\n").join(rows)


def _wrapped(text: str, role: Style, width: int, indent: int = 2) -> list[Text]:
    """``text`` in lines of ``width``, the second and later indented."""
    parts = textwrap.wrap(text, width, subsequent_indent=" " * indent) or [""]
    return [Text(part, role) for part in parts]


def _base_lines(data: PanelData, styles: dict[str, Style], width: int) -> list[Text]:
    """Name and points; faction, rank and collector number; type; weapons (AOD-3.1, AOD-3.2)."""
    unit = data.unit
    label, value = styles["label"], styles["value"]
    title = Text()
    if data.letter:
        title.append(f"{data.letter} ", styles["title"])
    points = f"{unit.points} pts"
    name_room = max(width - title.cell_len - len(points) - 1, 8)
    title.append(unit.name[:name_room].ljust(name_room), styles["title"])
    title.append(" " + points, value)
    faction = data.catalogue.factions.get(unit.faction or "")
    who = faction.name if faction is not None else "Mercenary"
    if data.side:
        who = f"{data.side}: {who}"
    rank = f"{unit.rank.value}{' *' if unit.is_unique else ''}"
    second = Text(who, styles["note"])
    second.append(f"  {rank}  {unit.collector}", label)
    kind = f"{unit.unit_type.value} ({unit.speed_mode.value})"
    if unit.is_mech:
        kind = "Quad 'Mech" if unit.base.value == "quad" else "'Mech"
        kind += f" {unit.mech_class.value}" if unit.mech_class is not None else ""
    third = Text(kind, value)
    third.append(f"  {unit.attack_symbol.value}", label)
    if unit.vent:
        third.append(f"  vent {unit.vent}", label)
    if unit.capacity:
        third.append(f"  carries {unit.capacity}", label)
    if unit.is_anti_aircraft:
        third.append("  AA", label)
    lines = [title, second, third]
    lines += [Text(weapon_line(w)[:width], value) for w in unit.weapons]
    return lines


def _state_line(data: PanelData, styles: dict[str, Style]) -> Text:
    """Order tokens and the unit's state (AOD-7.4, AOD-10.4, AOD-17.3)."""
    unit, status = data.unit, data.status
    label = styles["label"]
    line = Text("tokens ", label)
    if data.tokens:
        line.append("●" * data.tokens + f" {data.tokens}", styles["token"])
    else:
        line.append("none", label)
    if data.flags:
        line.append("  " + ", ".join(data.flags), styles["note"])
    bad = [
        word
        for word, flag in (
            ("SHUT DOWN", status.shutdown),
            ("HEAVY DAMAGE: moves only", _heavy(unit, status)),
        )
        if flag
    ]
    if bad:
        line.append("\n" + "  ".join(bad), styles["bad"])
    elif not data.flags:
        line.append("  ready", styles["good"])
    return line


def _heavy(unit: UnitDef, status: DialStatus) -> bool:
    """Heavy Damage shows in the window (AOD-17.3)."""
    return not status.eliminated(unit) and unit.dial[status.click].heavy_damage


def _columns(unit: UnitDef) -> tuple[tuple[str, Stat], ...]:
    """The values of the dial window in the panel's order (AOD-3.1)."""
    damage: tuple[tuple[str, Stat], ...] = (("dmg", Stat.DAMAGE),)
    if unit.is_mech:
        damage = (("pri", Stat.PRIMARY), ("sec", Stat.SECONDARY))
    return (("spd", Stat.SPEED), ("atk", Stat.ATTACK), ("def", Stat.DEFENSE), *damage)


def _value(click: Click, stat: Stat) -> int:
    """One printed value of a click."""
    return {
        Stat.SPEED: click.speed,
        Stat.ATTACK: click.attack,
        Stat.DEFENSE: click.defense,
        Stat.PRIMARY: click.primary,
        Stat.DAMAGE: click.primary,
        Stat.SECONDARY: click.secondary or 0,
    }[stat]


def _marks(click: Click) -> str:
    """A click's markers: ``S`` start or ``R`` repair limit, then ``H`` Heavy Damage (AOD-3.4)."""
    first = "S" if click.start else ("R" if click.repair_marker else " ")
    return first + ("H" if click.heavy_damage else " ")


def _window_lines(data: PanelData, styles: dict[str, Style], *, compact: bool) -> list[Text]:
    """The dial window: the click before, the current one, the next ones (AOD-3.3, AOD-3.4)."""
    unit, status = data.unit, data.status
    label = styles["label"]
    columns = _columns(unit)
    head = Text("dial   ", styles["heading"])
    head.append("".join(f"{name:<5}" for name, _ in columns).rstrip(), styles["heading"])
    lines = [head]
    first = max(status.click - 1, 0)
    last = min(status.click + (COMPACT_AHEAD if compact else AHEAD), unit.ko_click - 1)
    if last == unit.ko_click - 2:  # one click more: show it rather than say so
        last += 1
    for index in range(first, last + 1):
        click = unit.dial[index]
        current = index == status.click
        role = "current" if current else ("hurt" if click.heavy_damage else "click")
        base = styles[role]
        line = Text(f"{'>' if current else ' '}{index:>2} ", base)
        line.append(_marks(click), styles["marker"] if not current else base)
        line.append(" ", base)
        for _, stat in columns:
            line.append(f"{_value(click, stat):>2}", base)
            code = next((m.code for m in click.equipment if m.stat is stat), "")
            se_role = styles["se"] if not current else base + styles["se"]
            line.append(f"{code:<2}" if code else "  ", se_role if code else base)
            line.append(" ", base)
        line.rstrip()
        lines.append(line)
    more = unit.ko_click - 1 - last
    if more > 0:
        plural = "s" if more != 1 else ""
        lines.append(Text(f"   ...  {more} more click{plural}", label))
    if not compact:
        lines.append(Text("S start  R repair  H heavy dmg", label))
    left = clicks_left(unit, status)
    plural = "s" if left != 1 else ""
    role = "bad" if left <= 2 else "value"  # noqa: PLR2004 - two hits from the end: a warning
    tail = Text(f"{left} click{plural}", styles[role])
    tail.append(" from elimination", label)
    lines.append(tail)
    return lines


def _now_values(data: PanelData) -> Values:
    """The unit's values in use now, heat and cards applied (`engine.aod.dial.values`)."""
    return values(
        data.unit, data.status, data.catalogue, data.cards, switched_off=data.switched_off
    )


def _now_lines(data: PanelData, styles: dict[str, Style]) -> list[Text]:
    """The values in use when heat or cards change the window's (AOD-3.5, AOD-6.4, AOD-20.6)."""
    unit = data.unit
    click = unit.dial[data.status.click]
    now = _now_values(data)
    pairs = [
        ("spd", click.speed, now.speed),
        ("atk", click.attack, now.attack),
        ("def", click.defense, now.defense),
        ("pri" if unit.is_mech else "dmg", click.primary, now.primary),
    ]
    if click.secondary is not None and now.secondary is not None:
        pairs.append(("sec", click.secondary, now.secondary))
    if all(printed == used for _, printed, used in pairs):
        return []
    line = Text("in use ", styles["label"])
    for _, printed, used in pairs:
        line.append(f"{used:>2}   ", styles["changed" if used != printed else "value"])
    line.rstrip()
    return [line]


def _heat_lines(data: PanelData, styles: dict[str, Style], width: int) -> list[Text]:
    """Where the heat dial stands, what it does there and what the next position does."""
    unit, status = data.unit, data.status
    dial = data.catalogue.heat_dials[unit.heat_dial]
    heat = min(max(status.heat, 0), dial.shutdown_position)
    label = styles["label"]
    hot = heat > 0 and _zone(dial.positions[heat]) != "."
    line = Text("heat ", styles["heading"])
    line.append(f"{heat} ", styles["hot" if hot else "value"])
    line.append("[", label)
    for n, position in enumerate(dial.positions):
        if n <= heat:
            line.append("#", styles["hot" if hot else "value"])
        else:
            line.append(_zone(position), styles["bad" if position.shutdown else "label"])
    line.append("]", label)
    line.append(f" of {dial.shutdown_position}", label)
    lines = [line]
    now = heat_words(dial.positions[heat])
    lines += _wrapped(f"now: {now}", styles["hot" if hot else "note"], width)
    if heat < dial.shutdown_position:
        after = heat_words(dial.positions[heat + 1])
        lines += _wrapped(f"next {heat + 1}: {after}", label, width)
    if status.shutdown:
        lines += _wrapped("shut down: it can only vent; attacks on it +4", styles["bad"], width)
    return lines


def _slot_lines(data: PanelData, styles: dict[str, Style], width: int) -> list[Text]:
    """The two gear and pilot slots of a 'Mech (AOD-3.7, AOD-20.6, AOD-20.7)."""
    cards = data.cards
    lines: list[Text] = []
    for n in range(data.unit.gear_slots):
        if n < len(cards):
            card = cards[n]
            text = f"slot {n + 1} {card.id} {card.name}" + (f" ({card.slot})" if card.slot else "")
            ignored = card.kind is CardKind.GEAR and _heavy(data.unit, data.status)
            if ignored:  # AOD-20.6: gear is ignored while Heavy Damage shows
                text += ", ignored: Heavy Damage"
            lines += _wrapped(text, styles["label" if ignored else "value"], width, indent=7)
        else:
            lines.append(Text(f"slot {n + 1} empty", styles["label"]))
    return lines


def _equipment_lines(data: PanelData, styles: dict[str, Style], width: int) -> list[Text]:
    """The SE showing, each with its meaning; the dial's other SE by code (AOD-3.6, AOD-26.14)."""
    unit, status = data.unit, data.status
    click = unit.dial[status.click]
    showing = list(dict.fromkeys(mark.code for mark in click.equipment))
    active = _now_values(data).active
    lines: list[Text] = []
    for code in showing:
        equipment = data.catalogue.equipment.get(code)
        name = equipment.name if equipment is not None else code
        effect = equipment.effect if equipment is not None else ""
        off = code not in active
        role = styles["label" if off else "se"]
        head = f"{code} {name}" + (" (off)" if off else "")
        wrapped = _wrapped(f"{head}: {effect}" if effect else head, styles["note"], width)
        first = wrapped[0]
        first.stylize(role, 0, len(head))
        lines += wrapped
    later = sorted({m.code for c in unit.dial for m in c.equipment} - set(showing))
    if later:
        lines += _wrapped("not showing: " + ", ".join(later), styles["label"], width, indent=4)
    if not showing and not later:
        lines.append(Text("no special equipment", styles["label"]))
    return lines


class DialPanel(Widget):
    """The selected unit's base, dial window, heat dial and SE (AOD-26.12 side panel).

    Give it a unit with `show` (None: blank). Its height is its lines; it wraps long lines to
    its width.
    """

    PREFIX: ClassVar[str] = "aod-dial"
    ROLES: ClassVar[tuple[str, ...]] = ROLES
    COMPONENT_CLASSES: ClassVar[set[str]] = {f"aod-dial--{role}" for role in ROLES}
    """
    | Class | Description |
    | :- | :- |
    | `aod-dial--title` | The unit's letter and name. |
    | `aod-dial--label` | Names of things, markers legend, what is not in use. |
    | `aod-dial--value` | Printed values. |
    | `aod-dial--note` | Faction, SE meanings, the state's words. |
    | `aod-dial--heading` | The dial window's and the heat dial's headings. |
    | `aod-dial--click` | A click of the window that is not the current one. |
    | `aod-dial--current` | The current click (also marked ``>``). |
    | `aod-dial--hurt` | A click with Heavy Damage. |
    | `aod-dial--marker` | The S, R and H markers. |
    | `aod-dial--se` | SE codes beside their values, and the SE in use. |
    | `aod-dial--changed` | A value heat or a card changes. |
    | `aod-dial--hot` | Heat that does something. |
    | `aod-dial--bad` | Shut down, Heavy Damage, near elimination, automatic shutdown. |
    | `aod-dial--good` | Ready. |
    | `aod-dial--token` | Order tokens. |
    """

    DEFAULT_CSS = """
    DialPanel { height: auto; width: 1fr; }
    DialPanel > .aod-dial--title { color: $accent; text-style: bold; }
    DialPanel > .aod-dial--label { color: $text-muted; }
    DialPanel > .aod-dial--value { color: $foreground; }
    DialPanel > .aod-dial--note { color: $secondary-lighten-1; }
    DialPanel > .aod-dial--heading { color: $primary; text-style: bold; }
    DialPanel > .aod-dial--click { color: $foreground; }
    DialPanel > .aod-dial--current { color: $accent; background: $accent 20%; text-style: bold; }
    DialPanel > .aod-dial--hurt { color: $warning; }
    DialPanel > .aod-dial--marker { color: $success; text-style: bold; }
    DialPanel > .aod-dial--se { color: $secondary-lighten-2; text-style: bold; }
    DialPanel > .aod-dial--changed { color: $warning; text-style: bold; }
    DialPanel > .aod-dial--hot { color: $error; text-style: bold; }
    DialPanel > .aod-dial--bad { color: $error; text-style: bold; }
    DialPanel > .aod-dial--good { color: $success; }
    DialPanel > .aod-dial--token { color: $warning; text-style: bold; }
    DialPanel.-mono > .aod-dial--current { text-style: bold reverse; background: $background; }
    DialPanel.-mono > .aod-dial--bad { text-style: bold underline; }
    DialPanel.-mono > .aod-dial--hot { text-style: bold underline; }
    """

    compact: reactive[bool] = reactive(default=False, layout=True)
    """Fewer clicks ahead in the dial window (80 x 24)."""

    def __init__(
        self,
        data: PanelData | None = None,
        *,
        compact: bool = False,
        name: str | None = None,
        id: str | None = None,  # noqa: A002 - Textual's name
        classes: str | None = None,
    ) -> None:
        """Create the panel.

        Args:
            data: the unit to show first (None: blank until `show`).
            compact: fewer clicks ahead in the dial window.
            name: the widget's name.
            id: the widget's id.
            classes: the widget's classes.
        """
        super().__init__(name=name, id=id, classes=classes)
        self.data = data
        self.set_reactive(DialPanel.compact, compact)

    def on_mount(self) -> None:
        """Follow the monochrome theme (``-mono``: the current click reversed)."""
        follow_mono(self)

    def show(self, data: PanelData | None) -> None:
        """Draw ``data`` (None: nothing)."""
        if data == self.data and (data is None or data.catalogue is self._catalogue()):
            return
        self.data = data
        self.refresh(layout=True)

    def _catalogue(self) -> Catalogue | None:
        return self.data.catalogue if self.data is not None else None

    def role_styles(self) -> dict[str, Style]:
        """The style of every role, from the component classes."""
        return {
            role: self.get_component_rich_style(f"{self.PREFIX}--{role}", partial=True)
            for role in self.ROLES
        }

    def picture(self, width: int) -> Text:
        """The panel's lines at ``width`` columns."""
        if self.data is None:
            return Text("")
        return render_panel(
            self.data, self.role_styles(), width=max(width, 20), compact=self.compact
        )

    def render(self) -> RenderableType:
        """Draw the unit at the panel's width."""
        return self.picture(self.content_size.width or NARROW)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many rows as the lines drawn at ``width`` (they never wrap again)."""
        del container, viewport
        return len(self.picture(width).plain.split("\n"))
