"""Build an Age of Destruction force: units from the catalogue, gear and pilots, at a build total.

The screen of AOD-4 (force building), AOD-20.6 and AOD-20.7 (gear and pilot cards in a 'Mech's
slots) and AOD-18.6 (which units may share a formation). The player picks a build total
(multiples of 150, 450 by default: the standard game of AOD-23.1) and a faction, whose units,
allies and mercenaries the catalogue lists; adds and removes units; puts cards into a 'Mech's
two slots (a card goes into one copy: a 'Mech fielded three times is split). The points used,
the orders a turn (build total / 150) and every problem of `engine.aod.force.build_problems`
stay in view, as plain sentences; notes say which units could not share a formation and whether
House Liao's *Awe* is on (AOD-21.1).

Keys (the footer shows them): ``a`` add one, ``x`` remove one, ``c`` cards, ``[`` and ``]`` the
build total, ``f`` the faction, ``d`` the demo force of AOD-26.16, ``r`` the force's name, ``v``
the highlighted unit's panel (beside the lists from 110 columns), Tab between the lists, Enter
or Ctrl+S done (refused while the force is illegal), Escape cancel (asking first when something
changed). The screen dismisses with the `Force`, or None when cancelled; `ForceBuilderScreen`
keeps the build total chosen in ``build_total``.

The pure helpers (`add_unit`, `remove_one`, `set_cards`, `listed_units`, `plain`...) hold the
rules of the screen and are tested without it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Final

from attrs import evolve
from rich.text import Text
from textual import on
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from engine.aod.data.scenario import parse_scenario
from engine.aod.force import (
    AWE_FACTION,
    BUILD_STEP,
    Force,
    ForceEntry,
    awe_enabled,
    build_problems,
    card_problems,
    formation_factions_problem,
    orders_per_turn,
)
from engine.aod.status import fresh
from engine.aod.units import Card, Catalogue, Rank, SpeedMode, UnitDef
from engine.tomlfile import DataFileError
from tui.aod.dial_panel import DialPanel, PanelData, weapon_line
from tui.aod.files import ASSETS_DIR, Library
from tui.datafiles import read_file
from tui.screens.confirm import ConfirmScreen

if TYPE_CHECKING:
    from textual.app import ComposeResult

__all__ = [
    "DEFAULT_TOTAL",
    "CardPickerScreen",
    "ForceBuilderScreen",
    "NameScreen",
    "UnitViewScreen",
    "add_unit",
    "awe_note",
    "demo_forces",
    "entry_line",
    "formation_note",
    "glyph",
    "listed_units",
    "plain",
    "remove_one",
    "set_cards",
    "slot_cards",
    "totals_text",
    "unit_detail",
    "unit_line",
]

DEFAULT_TOTAL: Final = 450
"""The standard game's build total (AOD-23.1; AOD-4 recommends it after learning at 300)."""
DEMO_FILE: Final = ASSETS_DIR / "scenarios" / "demo.aod.toml"
"""The demo scenario: its two sides are the example forces of AOD-26.16."""
WIDE: Final = 110
"""From this many columns the unit panel shows beside the lists."""
MAX_NAME: Final = 40
"""The longest force name."""
NAME_WIDTH: Final = 25
"""A unit's name in the lists."""
_RULE_ID: Final = re.compile(r",\s*AOD-[\d.]+(?=\))|\s*\(AOD-[\d.]+\)")


# ---------------------------------------------------------------- the rules of the screen


def add_unit(force: Force, unit: UnitDef) -> Force:
    """``force`` with one more copy of ``unit`` (AOD-4: copies are allowed).

    The copy joins the unit's entry that has no cards or recruitment cost; a new entry otherwise.
    """
    entries = list(force.entries)
    for n, entry in enumerate(entries):
        if entry.unit == unit and not entry.cards and not entry.extra:
            entries[n] = evolve(entry, count=entry.count + 1)
            return evolve(force, entries=tuple(entries))
    return evolve(force, entries=(*entries, ForceEntry(unit)))


def remove_one(force: Force, index: int) -> Force:
    """``force`` with one copy fewer of entry ``index`` (the entry goes with its last copy)."""
    entries = list(force.entries)
    entry = entries[index]
    if entry.count > 1:
        entries[index] = evolve(entry, count=entry.count - 1)
    else:
        del entries[index]
    return evolve(force, entries=tuple(entries))


def set_cards(force: Force, index: int, cards: tuple[Card, ...]) -> tuple[Force, int]:
    """``force`` with ``cards`` in one copy of entry ``index``, and that copy's entry index.

    Cards go in one 'Mech (AOD-3.7): an entry of several copies gives one copy up to a new entry
    just after it, which takes the cards.
    """
    entries = list(force.entries)
    entry = entries[index]
    if entry.cards == cards:
        return force, index
    if entry.count == 1:
        entries[index] = evolve(entry, cards=cards)
        return evolve(force, entries=tuple(entries)), index
    entries[index] = evolve(entry, count=entry.count - 1)
    entries.insert(index + 1, evolve(entry, count=1, cards=cards))
    return evolve(force, entries=tuple(entries)), index + 1


def slot_cards(catalogue: Catalogue) -> list[Card]:
    """The catalogue's gear and pilot cards, which go into a 'Mech's slots (AOD-3.7, AOD-20.3)."""
    return sorted(
        (card for card in catalogue.cards.values() if card.kind.goes_in_a_slot),
        key=lambda card: card.id,
    )


def listed_units(units: Mapping[str, UnitDef], catalogue: Catalogue, faction: str) -> list[UnitDef]:
    """The units the catalogue list shows for ``faction`` ("" for every unit), by collector number.

    A faction's list holds its own units, its allies' (AOD-18.6) and the mercenaries (AOD-2).
    """
    return sorted(
        (
            unit
            for unit in units.values()
            if not faction or unit.faction is None or catalogue.allied(faction, unit.faction)
        ),
        key=lambda unit: unit.collector,
    )


def plain(problem: str, force_name: str = "") -> str:
    """A problem of `engine.aod.force` as a sentence for the player: no force name, no rule ids.

    E.g. ``"Strike: 460 points is over the build total of 450 (AOD-4)"`` ->
    ``"460 points is over the build total of 450."``
    """
    text = problem
    if force_name and text.startswith(f"{force_name}: "):
        text = text[len(force_name) + 2 :]
    text = _RULE_ID.sub("", text).strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def glyph(unit: UnitDef) -> str:
    """The unit's board letter (AOD-26.12): M 'Mech, Q Quad, V vehicle, H VTOL, I infantry."""
    if unit.is_mech:
        return "Q" if unit.base.value == "quad" else "M"
    if unit.speed_mode is SpeedMode.VTOL:
        return "H"
    return "I" if unit.unit_type.value == "infantry" else "V"


_RANK_MARK: Final = {Rank.GREEN: "g", Rank.VETERAN: "v", Rank.ELITE: "e", Rank.UNIQUE: "*"}


def unit_line(unit: UnitDef) -> str:
    """A unit in the catalogue list: board letter, name, rank (``*`` unique), points."""
    name = unit.name[:NAME_WIDTH]
    return f"{glyph(unit)} {name:<{NAME_WIDTH}} {_RANK_MARK[unit.rank]} {unit.points:>3}"


def entry_line(entry: ForceEntry) -> str:
    """An entry of the force: copies, name, points; its cards below, one a line."""
    line = f"{entry.count}x {entry.unit.name[:NAME_WIDTH]:<{NAME_WIDTH}} {entry.points:>4}"
    cards = [f"   + {card.id} {card.name} ({card.cost})" for card in entry.cards]
    return "\n".join([line, *cards])


def totals_text(force: Force, build_total: int) -> str:
    """Points used of the build total, what is left, orders a turn, units (AOD-4)."""
    left = build_total - force.points
    room = f"{left} left" if left >= 0 else f"{-left} over"
    units = len(force.units)
    return (
        f"{force.points} / {build_total} points, {room}   "
        f"{orders_per_turn(build_total)} orders a turn   {units} unit{'s' if units != 1 else ''}"
    )


def formation_note(force: Force, catalogue: Catalogue) -> str:
    """Why the force's units could not all share one formation, or "" (AOD-18.1, AOD-18.6)."""
    if not force.entries:
        return ""
    problem = formation_factions_problem(force.units, catalogue)
    if not problem:
        return ""
    for ident in sorted(catalogue.factions, key=len, reverse=True):  # ids as names
        problem = re.sub(rf"\b{re.escape(ident)}\b", catalogue.factions[ident].name, problem)
    return f"Formations: {plain(problem)}"


def awe_note(force: Force, build_total: int, catalogue: Catalogue) -> str:
    """Whether House Liao's *Awe* is on: half the build total in elite Liao units (AOD-21.1)."""
    if not any(entry.unit.faction == AWE_FACTION for entry in force.entries):
        return ""
    elite = sum(
        entry.points
        for entry in force.entries
        if entry.unit.faction == AWE_FACTION and entry.unit.rank is Rank.ELITE
    )
    faction = catalogue.factions.get(AWE_FACTION)
    who = faction.name if faction is not None else AWE_FACTION
    need = -(-build_total // 2)
    state = "on" if awe_enabled(force, build_total) else "off"
    return f"Awe is {state}: elite {who} units are worth {elite} points of the {need} it needs."


def demo_forces(library: Library) -> tuple[Force, ...]:
    """The example forces of AOD-26.16, from the bundled demo scenario (empty when unreadable)."""
    try:
        scenario = parse_scenario(
            read_file(DEMO_FILE), library.units, library.pieces, library.catalogue.cards
        )
    except DataFileError:
        return ()
    return tuple(side.force for side in scenario.sides)


def unit_detail(unit: UnitDef, catalogue: Catalogue) -> str:
    """One or two lines on a unit for the narrow screen: who, what, weapons, SE."""
    faction = catalogue.factions.get(unit.faction or "")
    who = faction.name if faction is not None else "Mercenary"
    codes = sorted({mark.code for click in unit.dial for mark in click.equipment})
    weapons = "; ".join(" ".join(weapon_line(w).split()) for w in unit.weapons)
    se = f"; SE {' '.join(codes)}" if codes else ""
    kind = f"{unit.unit_type.value} ({unit.speed_mode.value})"
    if unit.is_mech:
        kind = f"'Mech {unit.mech_class.value if unit.mech_class else ''}".strip()
    return (
        f"{unit.collector} {unit.name}: {who}, {unit.rank.value} {kind}, {unit.points} points, "
        f"{len(unit.dial)} clicks. {weapons}{se}"
    )


# ---------------------------------------------------------------- the card picker


class CardPickerScreen(ModalScreen[tuple[Card, ...] | None]):
    """Choose the gear and pilot cards of one 'Mech (AOD-3.7, AOD-20.6, AOD-20.7).

    Space ticks or unticks the highlighted card; the problems of the choice show as it changes;
    Enter keeps the choice (the builder lists its problems too), Escape leaves the cards as they
    were.
    """

    CSS_PATH = "force_builder.tcss"
    BINDINGS = [
        Binding("space", "tick", "Tick", tooltip="Tick or untick the highlighted card"),
        Binding("enter,ctrl+s", "accept", "Keep", priority=True, tooltip="Keep these cards"),
        Binding("escape", "cancel", "Cancel", tooltip="Leave the cards as they were"),
    ]

    def __init__(self, entry: ForceEntry, cards: list[Card]) -> None:
        """Create the picker for ``entry``'s 'Mech, from ``cards`` (`slot_cards`)."""
        super().__init__()
        self.entry = entry
        self.cards = cards
        self.ticked = {card.id for card in entry.cards}

    def compose(self) -> ComposeResult:
        """The 'Mech, the cards to tick, the problems."""
        unit = self.entry.unit
        size = f"class {unit.mech_class.value}" if unit.mech_class else "no class"
        with Vertical(id="cp-dialog"):
            yield Static(f"Cards for {unit.name} ({size})", id="cp-heading", markup=False)
            yield Static(
                "Two slots: two gear, or one pilot and one gear.", id="cp-hint", markup=False
            )
            yield OptionList(id="cp-cards")
            yield Static("", id="cp-problems", markup=False)
        yield Footer()

    def _prompt(self, card: Card) -> Text:
        """A card: tick box, id, name, cost, the classes it allows, its slot; its effect below."""
        classes = "/".join(c.value for c in card.classes) or "any"
        slot = f", {card.slot}" if card.slot else ""
        box = "[x]" if card.id in self.ticked else "[ ]"
        text = Text(f"{box} {card.id:<6} {card.name}, {card.cost} points, class {classes}{slot}")
        text.append(f"\n           {card.effect}", "italic")
        return text

    def on_mount(self) -> None:
        """List the cards and show the problems of those the 'Mech has."""
        self._fill()
        self.query_one("#cp-cards", OptionList).focus()

    def chosen(self) -> tuple[Card, ...]:
        """The ticked cards, in the list's order."""
        return tuple(card for card in self.cards if card.id in self.ticked)

    def _fill(self) -> None:
        listing = self.query_one("#cp-cards", OptionList)
        highlighted = listing.highlighted
        listing.set_options(Option(self._prompt(card)) for card in self.cards)
        listing.highlighted = highlighted if highlighted is not None else 0
        problems = card_problems(evolve(self.entry, cards=self.chosen()))
        text = "\n".join(f"\u2717 {plain(p)}" for p in problems) or "These cards fit this 'Mech."
        widget = self.query_one("#cp-problems", Static)
        widget.update(text)
        widget.set_class(bool(problems), "-error")

    @on(OptionList.OptionSelected)
    def _clicked(self, event: OptionList.OptionSelected) -> None:
        """A click ticks or unticks the card."""
        event.stop()
        self.action_tick()

    def action_tick(self) -> None:
        """Tick or untick the highlighted card."""
        index = self.query_one("#cp-cards", OptionList).highlighted
        if index is None:
            return
        self.ticked ^= {self.cards[index].id}
        self._fill()

    def action_accept(self) -> None:
        """Keep the ticked cards."""
        self.dismiss(self.chosen())

    def action_cancel(self) -> None:
        """Leave the cards as they were."""
        self.dismiss(None)


class NameScreen(ModalScreen[str | None]):
    """Ask for the force's name: Enter keeps it (a blank one is refused), Escape cancels."""

    CSS_PATH = "force_builder.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel", tooltip="Keep the old name")]

    def __init__(self, name: str) -> None:
        """Create the dialog with ``name`` to edit."""
        super().__init__()
        self.old = name

    def compose(self) -> ComposeResult:
        """The question and the field."""
        with Vertical(id="nm-dialog"):
            yield Static("Name of your force (Enter to keep it):", markup=False)
            yield Input(self.old, max_length=MAX_NAME, id="nm-input")
        yield Footer()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        name = " ".join(event.value.split())
        if not name:
            self.app.bell()
            return
        self.dismiss(name)

    def action_cancel(self) -> None:
        """Keep the old name."""
        self.dismiss(None)


class UnitViewScreen(ModalScreen[None]):
    """The highlighted unit's panel over the builder, for screens too narrow to show it beside."""

    CSS_PATH = "force_builder.tcss"
    BINDINGS = [Binding("escape,v,enter", "close", "Close", tooltip="Back to the builder")]

    def __init__(self, data: PanelData) -> None:
        """Create the view of ``data``'s unit."""
        super().__init__()
        self.data = data

    def compose(self) -> ComposeResult:
        """The panel in a scrolling box."""
        with VerticalScroll(id="uv-dialog"):
            yield DialPanel(self.data)
        yield Footer()

    def on_mount(self) -> None:
        """Scroll with the arrow keys."""
        self.query_one("#uv-dialog").focus()

    def action_close(self) -> None:
        """Back to the builder."""
        self.dismiss(None)


# ---------------------------------------------------------------- the builder


class ForceBuilderScreen(Screen[Force | None]):
    """Build a player's force (AOD-4); dismisses with the legal `Force`, or None when cancelled."""

    CSS_PATH = "force_builder.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]

    BINDINGS = [
        Binding("a,plus,insert", "add", "Add", tooltip="Add one copy of the highlighted unit"),
        Binding(
            "x,minus,delete", "remove", "Remove", tooltip="Remove one copy of the highlighted unit"
        ),
        Binding("c", "cards", "Cards", tooltip="Gear and pilot cards of the highlighted 'Mech"),
        Binding("left_square_bracket", "total(-1)", "Total", show=False),
        Binding(
            "right_square_bracket",
            "total(1)",
            "Total",
            key_display="[]",
            tooltip="150 points more ([: 150 less)",
        ),
        Binding("f", "faction(1)", "Faction", tooltip="List the units of the next faction"),
        Binding("F", "faction(-1)", "Faction", show=False),
        Binding("d", "demo", "Demo", tooltip="Load the demo force of your seat"),
        Binding("r", "rename", "Name", tooltip="Name the force"),
        Binding("v", "view", "View", tooltip="The highlighted unit's dial, heat dial and SE"),
        Binding("enter,ctrl+s", "done", "Done", priority=True, tooltip="Use this force"),
        Binding("escape", "cancel", "Cancel", tooltip="Leave without a force"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | a, +, Insert | Add one copy of the highlighted unit. |
    | x, -, Delete | Remove one copy of the highlighted unit. |
    | c | Gear and pilot cards of the highlighted 'Mech of the force. |
    | [ and ] | The build total, 150 less or more. |
    | f, F | List the next (previous) faction's units, allies and mercenaries. |
    | d | Load the demo force of the player's seat. |
    | r | Name the force. |
    | v | View the highlighted unit: its dial, heat dial and SE. |
    | Tab | Between the catalogue and the force. |
    | Enter, Ctrl+S | Done: use the force (refused while it has problems). |
    | Escape | Cancel (asks first when something changed). |
    """

    force: reactive[Force] = reactive(lambda: Force("", ()), init=False)
    """The force being built."""
    build_total: reactive[int] = reactive(DEFAULT_TOTAL, init=False)
    """The build total (AOD-4)."""
    faction: reactive[str] = reactive("", init=False)
    """The faction whose units the catalogue lists ("" for every unit, the default)."""

    def __init__(
        self,
        player: str,
        catalogue: Catalogue,
        units: Mapping[str, UnitDef],
        force: Force | None = None,
        *,
        build_total: int = DEFAULT_TOTAL,
        total_locked: bool = False,
        demo: Force | None = None,
    ) -> None:
        """Create the builder.

        Args:
            player: the player's name (the heading, and the new force's name).
            catalogue: factions, alliances, cards, SE and heat dials.
            units: the units to choose from, by collector number.
            force: the force to start from (None: an empty one).
            build_total: the build total to start from (a multiple of 150).
            total_locked: the build total is agreed already: ``[`` and ``]`` do nothing.
            demo: the demo force ``d`` loads (`demo_forces`, by seat); None: no demo.
        """
        super().__init__()
        self.player = player
        self.catalogue = catalogue
        self.units = units
        self.total_locked = total_locked
        self.demo = demo
        start = force if force is not None else Force(f"{player}'s force", ())
        self.initial = (start, build_total)
        self.set_reactive(ForceBuilderScreen.force, start)
        self.set_reactive(ForceBuilderScreen.build_total, build_total)
        self.listed: list[UnitDef] = []
        """The units the catalogue list shows, in its order (`listed_units`)."""
        self._ready = False  # composed: the widgets can be drawn into

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        """Heading, settings, the two lists and the preview, totals, problems, keys."""
        yield Static(f"{self.player}: build your force", id="fb-heading", markup=False)
        with Horizontal(id="fb-settings"):
            yield Static("", id="fb-total", markup=False)
            yield Static("", id="fb-faction", markup=False)
        with Horizontal(id="fb-main"):
            yield OptionList(id="fb-catalogue", classes="fb-list")
            yield OptionList(id="fb-force", classes="fb-list")
            with VerticalScroll(id="fb-preview", can_focus=False):
                yield DialPanel(id="fb-panel")
        yield Static("", id="fb-detail", markup=False)
        yield Static("", id="fb-totals", markup=False)
        yield Static("", id="fb-problems", markup=False)
        yield Static("", id="fb-message", markup=False)
        wide = self.app.size.width >= WIDE
        yield Footer(compact=not wide, show_command_palette=wide)  # 80 columns: every key shows

    def on_mount(self) -> None:
        """Fill the lists and focus the catalogue."""
        self.query_one("#fb-catalogue").border_title = "Catalogue"
        self.query_one("#fb-preview").border_title = "Unit"
        self._ready = True
        self._fill_catalogue()
        self._show_force()
        self._show_settings()
        self.query_one("#fb-catalogue", OptionList).focus()

    # ------------------------------------------------------------ reactions

    def watch_force(self) -> None:
        """Redraw the force, its totals and its problems."""
        self._show_force()

    def watch_build_total(self) -> None:
        """Redraw the settings and the totals."""
        self._show_settings()
        self._show_force()

    def watch_faction(self) -> None:
        """List the faction's units."""
        self._show_settings()
        self._fill_catalogue()

    @on(OptionList.OptionHighlighted)
    def _highlighted(self) -> None:
        self._show_unit()

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        """A click (or Enter, when not taken by Done) only highlights: the keys act."""
        event.stop()

    def on_descendant_focus(self) -> None:
        """Describe the highlighted unit of the list that has the focus."""
        self._show_unit()

    # ------------------------------------------------------------ actions

    def action_add(self) -> None:
        """Add one copy of the highlighted unit (AOD-4: copies allowed; uniques are checked)."""
        unit = self._current_unit()
        if unit is None:
            self._say("Highlight a unit of the catalogue first.", error=True)
            return
        self.force = add_unit(self.force, unit)
        self._say(f"Added {unit.name} ({unit.points} points).")

    def action_remove(self) -> None:
        """Remove one copy of the highlighted unit of the force."""
        index = self._entry_index()
        if index is None:
            self._say("That unit is not in your force.", error=True)
            return
        name = self.force.entries[index].unit.name
        self.force = remove_one(self.force, index)
        self._say(f"Removed one {name}.")

    def action_cards(self) -> None:
        """Choose the gear and pilot cards of the highlighted 'Mech of the force."""
        index = self._entry_index() if self.focused is self._force_list() else None
        if index is None:
            self._say("Highlight a 'Mech of your force (Tab) to give it cards.", error=True)
            return
        entry = self.force.entries[index]
        cards = slot_cards(self.catalogue)
        if not entry.unit.gear_slots:
            self._say(f"{entry.unit.name} has no slots: only 'Mechs take cards.", error=True)
            return
        if not cards:
            self._say("The catalogue has no gear or pilot cards.", error=True)
            return

        def chosen(picked: tuple[Card, ...] | None) -> None:
            if picked is None:
                return
            self.force, kept = set_cards(self.force, index, picked)
            self._force_list().highlighted = kept
            names = ", ".join(card.name for card in picked) or "no cards"
            self._say(f"{entry.unit.name}: {names}.")

        self.app.push_screen(CardPickerScreen(entry, cards), chosen)

    def action_total(self, step: int) -> None:
        """The build total, 150 less or more (never below 150; AOD-4)."""
        if self.total_locked:
            self._say(f"The build total is agreed: {self.build_total}.", error=True)
            return
        total = self.build_total + step * BUILD_STEP
        if total < BUILD_STEP:
            self.app.bell()
            self._say(f"The build total is at least {BUILD_STEP}.", error=True)
            return
        self.build_total = total

    def action_faction(self, step: int) -> None:
        """List the next (or previous) faction's units, allies and mercenaries."""
        choices = ["", *self.catalogue.factions]
        index = choices.index(self.faction) if self.faction in choices else 0
        self.faction = choices[(index + step) % len(choices)]

    def action_demo(self) -> None:
        """Load the demo force of the player's seat (AOD-26.16)."""
        if self.demo is None:
            self._say("No demo force for this seat.", error=True)
            return
        self.force = self.demo
        self._say(f"Loaded the demo force {self.demo.name}.")

    def action_rename(self) -> None:
        """Ask for the force's name."""

        def named(name: str | None) -> None:
            if name is not None:
                self.force = evolve(self.force, name=name)

        self.app.push_screen(NameScreen(self.force.name), named)

    def action_view(self) -> None:
        """Show the highlighted unit's panel (the wide screen shows it beside the lists)."""
        data = self._panel_data()
        if data is None:
            self._say("Highlight a unit first.", error=True)
            return
        self.app.push_screen(UnitViewScreen(data))

    def action_done(self) -> None:
        """Dismiss with the force, or refuse while it has problems."""
        problems = build_problems(self.force, self.build_total)
        if problems:
            self.app.bell()
            self._say(f"Not yet: {plain(problems[0], self.force.name)}", error=True)
            return
        self.dismiss(self.force)

    def action_cancel(self) -> None:
        """Dismiss with None; ask first when the force or the total changed."""
        if (self.force, self.build_total) == self.initial:
            self.dismiss(None)
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self.dismiss(None)

        self.app.push_screen(
            ConfirmScreen(
                "Leave the force builder? Your changes to the force will be lost.",
                yes="Leave",
                no="Stay",
            ),
            answered,
        )

    # ------------------------------------------------------------ drawing

    def _catalogue_list(self) -> OptionList:
        return self.query_one("#fb-catalogue", OptionList)

    def _force_list(self) -> OptionList:
        return self.query_one("#fb-force", OptionList)

    def _fill_catalogue(self) -> None:
        listing = self._catalogue_list()
        previous = listing.highlighted
        self.listed = listed_units(self.units, self.catalogue, self.faction)
        listing.set_options(Option(unit_line(unit)) for unit in self.listed)
        if self.listed:
            listing.highlighted = min(previous or 0, len(self.listed) - 1)
        self._show_unit()

    def _show_settings(self) -> None:
        lock = "" if not self.total_locked else " (agreed)"
        self.query_one("#fb-total", Static).update(
            f"Build total {self.build_total}{lock}  {orders_per_turn(self.build_total)} orders"
        )
        faction = self.catalogue.factions.get(self.faction)
        if faction is None:
            shown = "every faction"
        else:
            shown = faction.name
            if faction.abilities:
                shown += " (" + ", ".join(a.replace("_", " ") for a in faction.abilities) + ")"
        self.query_one("#fb-faction", Static).update(f"Units: {shown}")
        title = "Catalogue" if faction is None else f"{faction.name}, allies, mercenaries"
        self._catalogue_list().border_title = title

    def _show_force(self) -> None:
        if not self._ready:
            return
        force, total = self.force, self.build_total
        listing = self._force_list()
        previous = listing.highlighted
        listing.set_options(Option(entry_line(entry)) for entry in force.entries)
        if force.entries:
            listing.highlighted = min(previous or 0, len(force.entries) - 1)
        listing.border_title = f"{force.name}"
        listing.border_subtitle = f"{force.points} pts"
        totals = self.query_one("#fb-totals", Static)
        totals.update(totals_text(force, total))
        totals.set_class(force.points > total, "-over")
        problems = [plain(p, force.name) for p in build_problems(force, total)]
        notes = [
            n
            for n in (formation_note(force, self.catalogue), awe_note(force, total, self.catalogue))
            if n
        ]
        if not force.entries:
            problems = ["No units yet: highlight one in the catalogue and press a."]
        lines = [f"\u2717 {p}" for p in problems] or ["\u2713 Ready: Enter uses this force."]
        shown = self.query_one("#fb-problems", Static)
        shown.update("\n".join([*lines, *notes]))
        shown.set_class(bool(problems), "-error")
        self._show_unit()

    def _current_unit(self) -> UnitDef | None:
        """The highlighted unit of the list with the focus (the catalogue's otherwise)."""
        if self.focused is self._force_list():
            index = self._force_list().highlighted
            if index is not None and index < len(self.force.entries):
                return self.force.entries[index].unit
            return None
        index = self._catalogue_list().highlighted
        if index is not None and index < len(self.listed):
            return self.listed[index]
        return None

    def _entry_index(self) -> int | None:
        """The force entry of the highlighted unit: the force list's, or the catalogue unit's."""
        if self.focused is self._force_list():
            index = self._force_list().highlighted
            return index if index is not None and index < len(self.force.entries) else None
        unit = self._current_unit()
        matches = [n for n, entry in enumerate(self.force.entries) if entry.unit == unit]
        return matches[-1] if matches else None

    def _show_unit(self) -> None:
        """The highlighted unit: a line below the lists, the unit panel at the side when wide."""
        if not self._ready:
            return
        unit = self._current_unit()
        detail = self.query_one("#fb-detail", Static)
        panel = self.query_one("#fb-panel", DialPanel)
        if unit is None:
            detail.update("")
            panel.show(None)
            return
        detail.update(unit_detail(unit, self.catalogue))
        panel.show(self._panel_data())

    def _panel_data(self) -> PanelData | None:
        """The highlighted unit as it is deployed, with its cards when it is the force's."""
        unit = self._current_unit()
        if unit is None:
            return None
        cards: tuple[Card, ...] = ()
        if self.focused is self._force_list():
            index = self._force_list().highlighted
            if index is not None and index < len(self.force.entries):
                cards = self.force.entries[index].cards
        return PanelData(unit, fresh(unit), self.catalogue, cards, in_play=False)

    def _say(self, text: str, *, error: bool = False) -> None:
        message = self.query_one("#fb-message", Static)
        message.update(text)
        message.set_class(error, "-error")
