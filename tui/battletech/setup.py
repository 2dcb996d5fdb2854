"""Set up a new BattleTech game: a bundled scenario, or a board, the sides, their 'Mechs and pilots.

The first field picks the game: a bundled scenario (``assets/scenarios/battletech/*.toml``; the
default one first, so Enter, Enter starts it) or "Custom game". A custom game takes a board (a
bundled one, one from the player's board folders, or a generated map of a style, size and seed),
two sides' names, and each side's 'Mechs from the unit library (the bundled units, the player's
unit folder and any ``--units`` folder), each with a MechWarrior whose skills start at the
faction's defaults (BT-M-13). Units are deployed in play (`Phase.DEPLOYMENT`).

The Players row says who plays each side: a person, or the computer with a personality (issue 21;
`BTSetup.computer`, kept in the save). Both sides may be the computer: the game is then watched.

Starting dismisses the screen with a `BTStart`; the caller creates the save and opens the game.
The random seed is handed in, so the form is the same every time a test opens it.
"""

from __future__ import annotations

import random
import tomllib
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

import attrs
from attrs import frozen
from textual import on
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from engine.battletech import RULESET
from engine.battletech.bot import DEFAULT_PERSONALITY, PERSONALITIES
from engine.battletech.data.scenario import default_pilot
from engine.battletech.designs.battle_armor import BattleArmorDesign
from engine.battletech.designs.infantry import InfantryDesign
from engine.battletech.designs.mech import MechDesign
from engine.battletech.designs.vehicle import VehicleDesign
from engine.battletech.rules.flow import deploy_zone
from engine.battletech.state import DEFAULT_SKILLS, BTSetup, Pilot, UnitSetup
from tui.battletech.seating import with_computer
from tui.papermech.setup import Choice

if TYPE_CHECKING:
    from collections.abc import Sequence

    from textual.app import ComposeResult
    from textual.binding import BindingType

    from engine.battletech.board import Board
    from engine.battletech.state import BTState, UnitDesign
    from engine.hexes import Hex

__all__ = [
    "CUSTOM",
    "PILOT_NAMES",
    "PLAYERS",
    "BTSetupScreen",
    "BTStart",
    "GameChoice",
    "Library",
    "RosterEntry",
    "ScenarioInfo",
    "deploy_warning",
    "scenarios",
]

CUSTOM = "Custom game"
"""The last choice of the Game field: build the game here."""

GENERATED = "generated map"
"""The last choice of the Board field: a random map of a style, size and seed."""

SIDE_NAMES = ("Davion", "Kurita")
"""The sides' names a custom game starts with."""

PERSON = "person"
"""The Players choice of a side a person plays."""

PLAYERS = (
    PERSON,
    *(
        f"computer ({name})"
        for name in (DEFAULT_PERSONALITY, *(p for p in PERSONALITIES if p != DEFAULT_PERSONALITY))
    ),
)
"""Who may play a side: a person, or the computer with a personality (the default one first)."""

PILOT_NAMES = (
    "Kell",
    "Ito",
    "Hollis",
    "Tanaka",
    "Morgan",
    "Sato",
    "Reyes",
    "Weber",
    "Okafor",
    "Lindqvist",
    "Amari",
    "Novak",
)
"""MechWarriors' names, given in turn to the units added (the player may change them)."""

SKILL_RANGE = (0, 8)
"""The lowest and highest Gunnery and Piloting a scenario accepts."""

MAP_SIZE = (4, 120)
"""The smallest and largest generated map side, in hexes."""

NAME_MAX = 20
"""The longest side name (`engine.battletech.data.scenario` keeps 20 characters)."""


class Library(Protocol):
    """What the form needs of `tui.battletech.library.FileLibrary`."""

    def units(self) -> Sequence[Any]:
        """Every unit file (`tui.battletech.units.UnitEntry`)."""
        ...

    def boards(self) -> Sequence[Any]:
        """Every board file (`tui.battletech.library.BoardEntry`)."""
        ...

    def generate(self, style: str, width: int, height: int, seed: int) -> Board:
        """A generated map."""
        ...


@frozen
class BTStart:
    """A new game as chosen on the form: its setup and its dice seed."""

    setup: BTSetup
    seed: int


@frozen
class ScenarioInfo:
    """A bundled scenario: its name (the file stem), title and a line about it."""

    name: str
    title: str
    about: str
    sides: tuple[str, ...] = ()


@frozen
class RosterEntry:
    """A unit chosen for a side ('Mech, vehicle, platoon, squad), and its MechWarrior or crew."""

    design: UnitDesign
    side: int
    pilot: Pilot


def scenarios() -> list[ScenarioInfo]:
    """The bundled scenarios, the default one first; a file that cannot be read says so."""
    from tui.battletech.library import SCENARIOS_DIR, scenario_names  # noqa: PLC0415 - file access

    found = []
    for name in scenario_names():
        try:
            table = tomllib.loads((SCENARIOS_DIR / f"{name}.toml").read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
            found.append(ScenarioInfo(name, name, f"cannot be read: {error}"))
            continue
        title = str(table.get("title", name))
        about = str(table.get("description", ""))
        sides = table.get("side", [])
        names: tuple[str, ...] = ()
        if isinstance(sides, list):
            counts = [
                f"{s.get('name', '?')} {len(s.get('units', []))}"
                for s in sides
                if isinstance(s, dict)
            ]
            names = tuple(str(s.get("name", "?")) for s in sides if isinstance(s, dict))
            about = (about + " " if about else "") + f"({' v '.join(counts)})"
        found.append(ScenarioInfo(name, title, about, names))
    found.sort(key=lambda info: info.name != "default")
    return found


def _library() -> Library:
    library = RULESET.library
    if library is None:
        from tui.battletech.library import install  # noqa: PLC0415 - the program installs it at start

        library = install()
    return library  # type: ignore[return-value]


class GameChoice(Choice):
    """The Game field: Enter starts a bundled scenario, or goes on to a custom game's fields."""

    BINDINGS = [
        Binding("left", "step(-1)", "Previous", show=False),
        Binding("right", "step(1)", "Next", show=False),
        Binding("enter", "screen.game_chosen", "Start", show=False),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Left, Right | The previous or next game. |
    | Enter | Start the scenario; for a custom game, go on to its fields. |
    """


class BTSetupScreen(Screen[BTStart | None]):
    """The new-game form; dismisses with a `BTStart`, or None when cancelled."""

    CSS_PATH = "bt_setup.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start", tooltip="Start the game"),
        Binding("escape", "cancel", "Cancel", tooltip="Cancel: start no game"),
        Binding("1", "add(0)", "Add to side 1", show=False, tooltip="Add the unit to side 1"),
        Binding("2", "add(1)", "Add to side 2", show=False, tooltip="Add the unit to side 2"),
        Binding(
            "delete,x", "remove", "Remove", show=False, tooltip="Remove the unit from the roster"
        ),
        Binding("down", "app.focus_next", "Next field", show=False, tooltip="Next field"),
        Binding("up", "app.focus_previous", "Previous field", show=False, tooltip="Previous"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Up, Down, Tab, Shift+Tab | Move between the fields (in a list: move in the list). |
    | Left, Right | Change the highlighted choice. |
    | 1, 2, Enter | In the unit library: add the unit to side 1 or 2 (Enter: side 1). |
    | Delete, x | In the roster: remove the unit. |
    | Ctrl+S | Start the game. |
    | Escape | Cancel. |
    """

    def __init__(self, *, random_seed: int | None = None, library: Library | None = None) -> None:
        """Create the form.

        Args:
            random_seed: The dice seed used when the player keeps "random" (and the generated
                map's first seed); a fresh one when None.
            library: Where boards and units come from; the installed library when None.
        """
        super().__init__()
        self.random_seed = (
            random.SystemRandom().randrange(1, 1_000_000_000)
            if random_seed is None
            else random_seed
        )
        self.library = library or _library()
        self.scenarios = scenarios()
        self.units = [entry for entry in self.library.units() if entry.unit_design is not None]
        self.bad_units = [entry for entry in self.library.units() if entry.error is not None]
        self.boards = [entry for entry in self.library.boards() if entry.board is not None]
        self.roster: list[RosterEntry] = []

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:  # noqa: PLR0915 - the form, field by field
        """Lay out the fields, the lists, the error line, the buttons and the key hints."""
        games = [f"{info.title} ({info.name})" for info in self.scenarios] + [CUSTOM]
        boards = [entry.name for entry in self.boards] + [GENERATED]
        from tui.battletech.library import STYLES  # noqa: PLC0415 - the generator's styles

        yield Static("New game - BattleTech", id="bs-heading", markup=False)
        with VerticalScroll(id="bs-form", can_focus=False):
            with Horizontal(classes="bs-row"):
                yield Label("Game", classes="bs-label")
                yield GameChoice(games, id="bs-game")
            yield Static("", id="bs-about", classes="bs-note", markup=False)
            with Vertical(id="bs-custom"):
                with Horizontal(classes="bs-row"):
                    yield Label("Board", classes="bs-label")
                    yield Choice(boards, id="bs-board")
                    yield Static("", id="bs-board-note", classes="bs-note", markup=False)
                with Horizontal(classes="bs-row", id="bs-map-row"):
                    yield Label("Map", classes="bs-label")
                    yield Choice(STYLES, id="bs-style")
                    yield Input("16", max_length=3, id="bs-width", compact=True)
                    yield Static("x", classes="bs-x")
                    yield Input("17", max_length=3, id="bs-height", compact=True)
                    yield Static("seed", classes="bs-x")
                    yield Input(
                        str(self.random_seed), max_length=12, id="bs-map-seed", compact=True
                    )
                with Horizontal(classes="bs-row"):
                    yield Label("Sides", classes="bs-label")
                    for number, name in enumerate(SIDE_NAMES):
                        yield Input(name, max_length=NAME_MAX, id=f"bs-side-{number}", compact=True)
                with Horizontal(id="bs-lists"):
                    with Vertical(id="bs-library-box"):
                        yield Static(
                            "'Mechs: 1 (Enter) adds to side 1, 2 to side 2",
                            classes="bs-hint",
                            markup=False,
                        )
                        yield OptionList(*self._library_options(), id="bs-library")
                    with Vertical(id="bs-roster-box"):
                        yield Static("Roster: Delete or x removes", classes="bs-hint", markup=False)
                        yield OptionList(id="bs-roster")
                with Horizontal(classes="bs-row", id="bs-pilot-row"):
                    yield Label("Pilot", classes="bs-label")
                    yield Input("", max_length=24, id="bs-pilot", compact=True)
                    yield Static("G", classes="bs-x")
                    yield Input("", max_length=1, id="bs-gunnery", compact=True)
                    yield Static("P", classes="bs-x")
                    yield Input("", max_length=1, id="bs-piloting", compact=True)
            with Horizontal(classes="bs-row"):
                yield Label("Dice", classes="bs-label")
                yield Choice(("random", "number"), id="bs-seed")
                yield Static(str(self.random_seed), id="bs-seed-note", classes="bs-note")
                yield Input(
                    placeholder="a whole number", max_length=18, id="bs-seed-number", compact=True
                )
            yield from self._compose_players()
            yield Static("", id="bs-error", markup=False)
            with Horizontal(id="bs-buttons"):
                yield Button("Start", id="bs-start", variant="primary")
                yield Button("Cancel", id="bs-cancel")
        yield Footer()

    def _compose_players(self) -> ComposeResult:
        """The Players rows: each side's name and who plays it (a person, the computer).

        One line a side, so that two long choices ("computer (aggressive)") fit in 80 columns.
        """
        for number, name in enumerate(SIDE_NAMES):
            last = number == len(SIDE_NAMES) - 1
            row = "bs-row" if last else "bs-row bs-row-tight"
            with Horizontal(
                classes=row, id="bs-players" if number == 0 else f"bs-players-{number}"
            ):
                yield Label("Players" if number == 0 else "", classes="bs-label")
                yield Static(
                    name, id=f"bs-player-name-{number}", classes="bs-x bs-side", markup=False
                )
                yield Choice(PLAYERS, id=f"bs-player-{number}")

    def _library_options(self) -> list[Option]:
        options = [
            Option(_unit_line(entry.unit_design), id=f"u{n}")
            for n, entry in enumerate(self.units)
            if entry.unit_design is not None
        ]
        options += [
            Option(f"(cannot be read) {entry.error}", disabled=True) for entry in self.bad_units
        ]
        return options

    def on_mount(self) -> None:
        """Fill in the notes; the game choice has the focus; say which unit files were skipped."""
        self._show()
        self.query_one("#bs-game", Choice).focus()
        from tui.battletech.library import skipped_notice  # noqa: PLC0415 - file access

        if notice := skipped_notice([entry.error or entry.name for entry in self.bad_units]):
            self.notify(notice, severity="warning", timeout=15, markup=False)

    # ------------------------------------------------------------------ reading the form
    @property
    def custom(self) -> bool:
        """True when the game is built on the form (not a bundled scenario)."""
        return self.query_one("#bs-game", Choice).value == CUSTOM

    def read_form(self) -> BTStart:
        """Read the form into a `BTStart`.

        Raises:
            ValueError: what is wrong, in the one line the form shows.
        """
        seed = self._read_seed()
        if not self.custom:
            from tui.battletech.library import load_scenario  # noqa: PLC0415 - file access

            info = self.scenarios[self.query_one("#bs-game", Choice).index]
            setup: BTSetup = load_scenario(info.name, self.library)  # type: ignore[arg-type]
            return BTStart(with_computer(setup, self.computer_sides(len(setup.sides))), seed)
        sides = tuple(self._side_name(n) for n in range(len(SIDE_NAMES)))
        for number, name in enumerate(sides):
            if not any(entry.side == number for entry in self.roster):
                msg = f"{name} has no 'Mech yet: highlight one in the list and press {number + 1}."
                raise ValueError(msg)
        units = tuple(
            UnitSetup(entry.design, entry.side, entry.pilot, None)
            for side in range(len(sides))
            for entry in self.roster
            if entry.side == side
        )
        board = self._read_board()
        setup = BTSetup(board, sides, units, 3, "Custom game")
        return BTStart(with_computer(setup, self.computer_sides(len(sides))), seed)

    def computer_sides(self, count: int) -> dict[int, str]:
        """The sides the Players row gives the computer, and their personalities."""
        found = {}
        for side in range(min(count, len(SIDE_NAMES))):
            value = self.query_one(f"#bs-player-{side}", Choice).value
            if value != PERSON:
                found[side] = value.removeprefix("computer (").removesuffix(")")
        return found

    def _side_name(self, number: int) -> str:
        name = self.query_one(f"#bs-side-{number}", Input).value.strip()
        if not name:
            msg = f"Side {number + 1} needs a name."
            raise ValueError(msg)
        return name

    def _read_board(self) -> Board:
        choice = self.query_one("#bs-board", Choice)
        if choice.value != GENERATED:
            board: Board = self.boards[choice.index].board
            return board
        width = _number(self.query_one("#bs-width", Input).value, "The map width", *MAP_SIZE)
        height = _number(self.query_one("#bs-height", Input).value, "The map height", *MAP_SIZE)
        seed = _number(self.query_one("#bs-map-seed", Input).value, "The map seed", 0, 2**62)
        style = self.query_one("#bs-style", Choice).value
        return self.library.generate(style, width, height, seed)

    def _read_seed(self) -> int:
        if self.query_one("#bs-seed", Choice).value == "random":
            return self.random_seed
        text = self.query_one("#bs-seed-number", Input).value.strip()
        if not text:
            raise ValueError("Type the dice seed (a whole number), or choose random.")
        return _number(text, "The dice seed", 0, 2**62)

    # ------------------------------------------------------------------ actions
    def action_start(self) -> None:
        """Dismiss with the game to start, or show what is wrong with the form."""
        try:
            start = self.read_form()
        except ValueError as error:
            self._error(str(error))
            return
        self.dismiss(start)

    def action_game_chosen(self) -> None:
        """Enter on the Game field: start a scenario now; a custom game goes on to its fields."""
        if self.custom:
            self.focus_next()
        else:
            self.action_start()

    def action_cancel(self) -> None:
        """Dismiss with None: no game."""
        self.dismiss(None)

    def action_add(self, side: int) -> None:
        """Add the highlighted library 'Mech to a side, with a MechWarrior of default skills."""
        library = self.query_one("#bs-library", OptionList)
        if not self.custom or not library.has_focus:
            return
        index = library.highlighted
        if index is None or index >= len(self.units):
            return
        design = self.units[index].unit_design
        if design is None:
            return
        name = PILOT_NAMES[len(self.roster) % len(PILOT_NAMES)]
        self.roster.append(RosterEntry(design, side, _default_crew(design, name)))
        self._show_roster(len(self.roster) - 1)
        self._error("")

    def action_remove(self) -> None:
        """Remove the highlighted roster entry."""
        roster = self.query_one("#bs-roster", OptionList)
        if not roster.has_focus or roster.highlighted is None or not self.roster:
            return
        index = self._roster_index(roster.highlighted)
        if index is None:
            return
        del self.roster[index]
        self._show_roster(min(index, len(self.roster) - 1))

    # ------------------------------------------------------------------ events
    @on(Button.Pressed, "#bs-start")
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#bs-cancel")
    def _cancel_pressed(self) -> None:
        self.action_cancel()

    @on(OptionList.OptionSelected, "#bs-library")
    def _library_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_add(0)

    @on(OptionList.OptionHighlighted, "#bs-roster")
    def _roster_highlighted(self) -> None:
        self._show_pilot()

    @on(Input.Submitted)
    def _field_submitted(self) -> None:
        """Enter in a text field goes on to the next field."""
        self.focus_next()

    @on(Choice.Changed)
    def _choice_changed(self) -> None:
        self._show()
        self._error("")

    @on(Input.Changed, "#bs-side-0, #bs-side-1")
    def _side_renamed(self) -> None:
        roster = self.query_one("#bs-roster", OptionList)
        self._show_roster(self._roster_index(roster.highlighted))
        self._show_players()

    @on(Input.Changed, "#bs-pilot, #bs-gunnery, #bs-piloting")
    def _pilot_changed(self) -> None:
        """Write the pilot fields into the highlighted roster entry (when they read right)."""
        roster = self.query_one("#bs-roster", OptionList)
        index = self._roster_index(roster.highlighted)
        if index is None:
            return
        name = self.query_one("#bs-pilot", Input).value.strip()
        try:
            gunnery = _number(self.query_one("#bs-gunnery", Input).value, "Gunnery", *SKILL_RANGE)
            piloting = _number(
                self.query_one("#bs-piloting", Input).value, "Piloting", *SKILL_RANGE
            )
        except ValueError as error:
            self._error(str(error))
            return
        if not name:
            self._error("The MechWarrior needs a name.")
            return
        entry = self.roster[index]
        pilot = Pilot(name, gunnery, piloting)
        if pilot != entry.pilot:
            self.roster[index] = attrs.evolve(entry, pilot=pilot)
            roster.replace_option_prompt_at_index(roster.highlighted or 0, self._roster_line(index))
        self._error("")

    # ------------------------------------------------------------------ drawing
    def _show(self) -> None:
        """Show the fields that apply, and the notes of the choices."""
        custom = self.custom
        self.set_class(custom, "-custom")
        game = self.query_one("#bs-game", Choice)
        about = "" if custom else self.scenarios[game.index].about
        if custom:
            about = "Choose the board and each side's 'Mechs; the units deploy in play."
        self.query_one("#bs-about", Static).update(about)
        board = self.query_one("#bs-board", Choice)
        generated = board.value == GENERATED
        self.set_class(generated, "-generated")
        note = "a random map" if generated else self.boards[board.index].summary
        self.query_one("#bs-board-note", Static).update(note)
        self.set_class(self.query_one("#bs-seed", Choice).value == "number", "-typed-seed")
        self._show_players()

    def _show_players(self) -> None:
        """Name the sides on the Players row: the scenario's, or the custom game's fields."""
        if self.custom:
            names = [
                self.query_one(f"#bs-side-{n}", Input).value.strip() or f"Side {n + 1}"
                for n in range(len(SIDE_NAMES))
            ]
        else:
            names = list(self.scenarios[self.query_one("#bs-game", Choice).index].sides)
        for number in range(len(SIDE_NAMES)):
            name = names[number] if number < len(names) else f"Side {number + 1}"
            self.query_one(f"#bs-player-name-{number}", Static).update(name)

    def _roster_line(self, index: int) -> str:
        entry = self.roster[index]
        pilot = entry.pilot
        return f"  {entry.design.name}  {pilot.name} G{pilot.gunnery} P{pilot.piloting}"

    def _roster_index(self, highlighted: int | None) -> int | None:
        """The roster entry of an option index (the side headings are options too)."""
        if highlighted is None:
            return None
        option = self.query_one("#bs-roster", OptionList).get_option_at_index(highlighted)
        if option.id is None or not option.id.startswith("r"):
            return None
        return int(option.id[1:])

    def _show_roster(self, keep: int | None = None) -> None:
        """Write the roster, side by side headings, and highlight entry ``keep``."""
        roster = self.query_one("#bs-roster", OptionList)
        roster.clear_options()
        highlight = None
        for side in range(len(SIDE_NAMES)):
            name = self.query_one(f"#bs-side-{side}", Input).value.strip() or f"Side {side + 1}"
            roster.add_option(Option(name, disabled=True))
            for index, entry in enumerate(self.roster):
                if entry.side == side:
                    if index == keep:
                        highlight = roster.option_count
                    roster.add_option(Option(self._roster_line(index), id=f"r{index}"))
        if highlight is not None:
            roster.highlighted = highlight
        self._show_pilot()

    def _show_pilot(self) -> None:
        index = self._roster_index(self.query_one("#bs-roster", OptionList).highlighted)
        self.set_class(index is not None, "-pilot")
        if index is None:
            return
        pilot = self.roster[index].pilot
        with self.prevent(Input.Changed):
            self.query_one("#bs-pilot", Input).value = pilot.name
            self.query_one("#bs-gunnery", Input).value = str(pilot.gunnery)
            self.query_one("#bs-piloting", Input).value = str(pilot.piloting)

    def _error(self, text: str) -> None:
        """Write the error line (empty to clear it)."""
        self.query_one("#bs-error", Static).update(text)


SUBMERGED_DEPTH = 2
"""BT-M-8.5: from this depth water covers a standing 'Mech."""


def deploy_warning(state: BTState, unit: int, where: Hex) -> str | None:
    """The question to ask before a 'Mech deploys into water that covers it, or None.

    BT-M-8.5: a 'Mech standing in Depth 2+ water can neither fire nor be fired at, and
    BT-M-20.4 item 5: it cannot jump out. The engine allows such a deployment; the player is asked
    first. A hex the unit cannot deploy in (outside its side's zone, taken) gets no question: the
    engine's refusal says why. Ice over the water, or a bridge, carries the 'Mech: no question.

    Args:
        state: The game in its deployment phase.
        unit: The unit about to deploy.
        where: The hex chosen.

    Returns:
        Two lines: what the hex is and what it means, then the question.
    """
    terrain = state.board.get(where)
    if terrain is None or terrain.water is None or terrain.water < SUBMERGED_DEPTH:
        return None
    if terrain.ice or terrain.bridge is not None:
        return None
    side = state.units[unit].side
    if where not in deploy_zone(state, side) or state.units_at(where):
        return None
    name = state.units[unit].name
    return (
        f"{where.label} is Depth {terrain.water} water: it covers the {name}, which then can "
        "neither fire nor be fired at (BT-M-8.5) and cannot jump out (BT-M-20.4).\n"
        "Deploy there anyway?"
    )


def _default_crew(design: UnitDesign, name: str) -> Pilot:
    """BT-M-13: the default skills of the design's faction, for a crew of any kind."""
    if isinstance(design, MechDesign):
        return default_pilot(design, name)
    piloting, gunnery = DEFAULT_SKILLS["Clan" if design.is_clan else "Inner Sphere"]
    return Pilot(name, gunnery, piloting)


def _unit_line(design: UnitDesign) -> str:
    """A library line: "Atlas AS7-D        100t 3/5/0" (tons, walk/run/jump MP).

    A vehicle's cruise/flank MP and its motion ("Bulldog Medium Tank  60t 4/6 tracked"); a
    platoon's men, ground and jump MP ("Foot Platoon (Rifle)  28 men 1/0"); a squad's troopers.
    """
    if isinstance(design, VehicleDesign):
        mp = f"{design.cruise}/{design.flank}"
        return f"{design.name:<18} {design.tonnage:>3g}t {mp} {design.motion}"
    if isinstance(design, InfantryDesign):
        return f"{design.name:<18} {design.troopers} men {design.ground_mp}/{design.jump_mp}"
    if isinstance(design, BattleArmorDesign):
        mp = f"{design.ground_mp}/{design.jump_mp}"
        return f"{design.name:<18} {design.troopers} battle armor {mp}"
    return f"{design.name:<18} {design.tonnage:>3}t {design.walk}/{design.run}/{design.jump}"


def _number(text: str, what: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` typed in a field.

    Raises:
        ValueError: "<what> must be a whole number from low to high, not 'x'."
    """
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or not low <= int(text) <= high:
        msg = f"{what} must be a whole number from {low} to {high}, not {text!r}."
        raise ValueError(msg)
    return int(text)
