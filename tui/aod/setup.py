"""Set up a new Age of Destruction game: 2 to 4 players, the build total, each player's force.

The form of AOD-2 (2-4 players, hot-seat), AOD-4 (the build total, 450 by default: the standard
game of AOD-23.1), AOD-5 (each player's force and edge) and AOD-20.3 (the battle's planetary
conditions card, one of the catalogue's, or none). Each force starts as the demo force of
AOD-26.16 for its seat (seats 3 and 4 take the demo forces again) and is changed in the force
builder (`tui.aod.force_builder.ForceBuilderScreen`). The board is the demo scenario's: 36 x 36
hexes with its four pieces laid. The players sit at the top, bottom, left and right edges in
seating order (AOD-5 step 2).

Starting dismisses the form with an `AoDStart` (the setup and the dice seed); `build_setup` makes
the setup and is tested without the form. `game_library` gives the ruleset its library from the
bundled files when nobody has yet (`tui.aod.files.load_library`).
"""

from __future__ import annotations

import random
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar, Final

import attrs
from attrs import frozen
from textual import on
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Select, Static

from engine.aod.data.scenario import SideSetup, build_scenario
from engine.aod.force import BUILD_STEP, Force, build_problems, orders_per_turn
from engine.aod.ruleset import DEMO_SCENARIO, RULESET, setup_from_scenario
from engine.aod.ruleset import Library as RulesLibrary
from engine.aod.state import MAX_PLAYERS, MIN_PLAYERS, AoDSetup
from engine.aod.terrain import Edge
from engine.aod.units import CardKind
from tui.aod.files import Library, load_library
from tui.aod.force_builder import ForceBuilderScreen, demo_forces

if TYPE_CHECKING:
    from collections.abc import Sequence

    from textual.app import ComposeResult

__all__ = [
    "DEFAULT_NAMES",
    "EDGES",
    "AoDSetupScreen",
    "AoDStart",
    "build_setup",
    "game_library",
    "planetary_cards",
    "setup_problems",
]

EDGES: Final = (Edge.TOP, Edge.BOTTOM, Edge.LEFT, Edge.RIGHT)
"""AOD-5 step 2: the edge of each seat, in seating order."""
DEFAULT_NAMES: Final = ("Falcon Strike", "Liao Line", "Third Force", "Fourth Force")
"""The players' names the form offers (the demo's two sides first)."""
NAME_MAX: Final = 24
"""The longest player name."""


@frozen
class AoDStart:
    """What the form chose: the game's setup and its dice seed."""

    setup: AoDSetup
    seed: int


def game_library() -> Library:
    """The units, pieces and catalogue of the game; the ruleset gets them if it has none yet.

    The interface's ``install`` normally gives the ruleset its library (bundled and user files);
    without it the bundled files are read here.
    """
    held = RULESET.library
    if held is None:
        read = load_library()
        RULESET.library = RulesLibrary(read.units, read.pieces, read.catalogue)
        return read
    return Library(
        held.catalogue, MappingProxyType(dict(held.pieces)), MappingProxyType(dict(held.units))
    )


def setup_problems(names: Sequence[str], forces: Sequence[Force], build_total: int) -> list[str]:
    """Why these players and forces cannot start a game, one plain line each (AOD-2, AOD-4)."""
    problems = []
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        problems.append(f"{MIN_PLAYERS} to {MAX_PLAYERS} players play, not {len(names)}.")
    if build_total <= 0 or build_total % BUILD_STEP:
        problems.append(f"The build total must be a multiple of {BUILD_STEP}, not {build_total}.")
    cleaned = [name.strip() for name in names]
    if any(not name for name in cleaned):
        problems.append("Every player needs a name.")
    elif len({name.casefold() for name in cleaned}) != len(cleaned):
        problems.append("Two players have the same name.")
    for name, force in zip(cleaned, forces, strict=True):
        named = attrs.evolve(force, name=name or force.name)
        problems += [f"{p}." for p in build_problems(named, build_total)]
    return problems


def planetary_cards(library: Library) -> list[tuple[str, str]]:
    """AOD-20.3: the catalogue's planetary conditions cards, (id, name), by name."""
    found = [c for c in library.catalogue.cards.values() if c.kind is CardKind.PLANETARY]
    return [(c.id, c.name) for c in sorted(found, key=lambda c: (c.name, c.id))]


def build_setup(
    library: Library,
    names: Sequence[str],
    forces: Sequence[Force],
    build_total: int,
    *,
    planetary: str | None = None,
) -> AoDSetup:
    """The setup of a game of these players and forces on the demo scenario's board.

    ``planetary``: the id of the planetary conditions card in force (AOD-20.3: one for the
    battle, every player agreeing), None for none.

    Raises:
        ValueError: a problem `setup_problems` names, a unit the catalogue cannot field, or a
            planetary card the catalogue lacks.
    """
    problems = setup_problems(names, forces, build_total)
    if problems:
        raise ValueError(problems[0])
    demo = build_scenario(
        dict(DEMO_SCENARIO), library.units, library.pieces, library.catalogue.cards
    )
    sides = tuple(
        SideSetup(name.strip(), edge.value, attrs.evolve(force, name=name.strip()))
        for name, force, edge in zip(names, forces, EDGES, strict=False)
    )
    title = " v ".join(side.name for side in sides)
    scenario = attrs.evolve(
        demo,
        title=title,
        description=f"{len(sides)} players at {build_total} points on the demo board",
        build_total=build_total,
        sides=sides,
    )
    setup = setup_from_scenario(scenario, library.pieces, library.catalogue)
    if planetary is None:
        return setup
    if planetary not in dict(planetary_cards(library)):
        msg = f"The catalogue has no planetary conditions card {planetary}."
        raise ValueError(msg)
    return attrs.evolve(setup, planetary=(planetary,))


class AoDSetupScreen(Screen[AoDStart | None]):
    """The new-game form: players, names, build total, forces, dice seed (AOD-2, AOD-4, AOD-5)."""

    CSS_PATH = "aod.tcss"
    AUTO_FOCUS = "#as-name-0"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start", priority=True, tooltip="Start the game"),
        Binding("f2", "players(1)", "Player +", tooltip="One more player (up to 4)"),
        Binding("f3", "players(-1)", "Player -", tooltip="One player fewer (at least 2)"),
        Binding("f4", "total(1)", "Total +", tooltip="150 points more"),
        Binding("f5", "total(-1)", "Total -", tooltip="150 points less"),
        Binding("escape", "cancel", "Back", tooltip="Back to the menu"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Tab, Shift+Tab | The next (previous) field or button. |
    | Enter | On Force: build that player's force; on Planet: the planetary conditions' list. |
    | F2, F3 | One more player (up to 4), one fewer (at least 2). |
    | F4, F5 | The build total, 150 points more or less. |
    | Ctrl+S | Start the game. |
    | Escape | Back to the menu. |
    """

    def __init__(self, *, random_seed: int | None = None, library: Library | None = None) -> None:
        """Create the form.

        Args:
            random_seed: the dice seed offered (a fresh one when None).
            library: the units and catalogue (`game_library` when None).
        """
        super().__init__()
        self.library = library if library is not None else game_library()
        demo = demo_forces(self.library)
        self.forces: list[Force] = [
            demo[seat % len(demo)] if demo else Force(DEFAULT_NAMES[seat], ())
            for seat in range(MAX_PLAYERS)
        ]
        self.players = MIN_PLAYERS
        self.build_total = 450
        self.seed = (
            random.SystemRandom().randrange(1, 1_000_000) if random_seed is None else random_seed
        )

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        """Heading, one row a player, the build total, the seed, the problems, the keys."""
        yield Static("Age of Destruction - new game", id="as-heading", markup=False)
        with VerticalScroll(id="as-form"):
            for seat in range(MAX_PLAYERS):
                with Horizontal(classes="as-row", id=f"as-row-{seat}"):
                    yield Static(f"Player {seat + 1}", classes="as-label", markup=False)
                    yield Input(
                        DEFAULT_NAMES[seat],
                        max_length=NAME_MAX,
                        id=f"as-name-{seat}",
                        classes="as-name",
                    )
                    yield Button("Force", id=f"as-force-{seat}", classes="as-force-button")
                    yield Static(id=f"as-force-text-{seat}", classes="as-force-text", markup=False)
            with Horizontal(classes="as-row"):
                yield Static("Planet", classes="as-label", markup=False)
                yield Select(
                    [(name, ident) for ident, name in planetary_cards(self.library)],
                    prompt="No planetary conditions",
                    allow_blank=True,
                    id="as-planetary",
                )
            with Horizontal(classes="as-row"):
                yield Static("Dice seed", classes="as-label", markup=False)
                yield Input(str(self.seed), id="as-seed", type="integer", max_length=9)
            yield Static(id="as-settings", classes="as-note", markup=False)
            yield Static(id="as-problems", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        """Show the rows in use and what they hold."""
        self._show()

    # ------------------------------------------------------------ what the form holds
    def names(self) -> list[str]:
        """The names typed, one a player in play."""
        return [self.query_one(f"#as-name-{n}", Input).value for n in range(self.players)]

    def planetary(self) -> str | None:
        """The planetary conditions card chosen (AOD-20.3), or None."""
        value = self.query_one("#as-planetary", Select).value
        return value if isinstance(value, str) else None

    def _planet_words(self) -> str:
        chosen = self.planetary()
        names = dict(planetary_cards(self.library))
        return "none" if chosen is None else f"{names.get(chosen, chosen)} ({chosen}), for all"

    def problems(self) -> list[str]:
        """Why the game cannot start now (`setup_problems`), and a bad seed."""
        problems = setup_problems(self.names(), self.forces[: self.players], self.build_total)
        if not self.query_one("#as-seed", Input).value.strip().isdigit():
            problems.append("The dice seed is a whole number.")
        return problems

    def _show(self) -> None:
        for seat in range(MAX_PLAYERS):
            row = self.query_one(f"#as-row-{seat}")
            row.display = seat < self.players
            force = self.forces[seat]
            edge = EDGES[seat].value
            text = f"{edge:<6} {len(force.units):>2} units, {force.points:>3} points"
            self.query_one(f"#as-force-text-{seat}", Static).update(text)
        orders = orders_per_turn(self.build_total)
        self.query_one("#as-settings", Static).update(
            f"Build total {self.build_total} points (F4/F5): {orders} orders a turn.\n"
            "Board: the demo scenario's 36 x 36 hexes with its woods, ruined block, rubble "
            "field and pond; 10 rounds.\n"
            f"Planetary conditions: {self._planet_words()}.\n"
            "Ctrl+S starts the game; Enter on Force builds that player's force."
        )
        problems = self.problems()
        self.query_one("#as-problems", Static).update(
            "\n".join(problems) if problems else "Ready to start."
        )
        self.query_one("#as-problems").set_class(bool(problems), "-bad")

    @on(Input.Changed)
    @on(Select.Changed)
    def _changed(self) -> None:
        if self.is_mounted:
            self._show()

    # ------------------------------------------------------------ actions
    @on(Button.Pressed, ".as-force-button")
    def _force(self, event: Button.Pressed) -> None:
        seat = int((event.button.id or "0").rsplit("-", 1)[1])
        self.build_force(seat)

    def build_force(self, seat: int) -> None:
        """Open the force builder for ``seat``; keep the force it gives back."""
        demo = demo_forces(self.library)
        name = self.names()[seat].strip() or DEFAULT_NAMES[seat]

        def keep(force: Force | None) -> None:
            if force is not None:
                self.forces[seat] = force
            self._show()

        self.app.push_screen(
            ForceBuilderScreen(
                name,
                self.library.catalogue,
                self.library.units,
                self.forces[seat],
                build_total=self.build_total,
                total_locked=True,
                demo=demo[seat % len(demo)] if demo else None,
            ),
            keep,
        )

    def action_players(self, step: int) -> None:
        """One more or one fewer player (2 to 4, AOD-2)."""
        self.players = min(max(self.players + step, MIN_PLAYERS), MAX_PLAYERS)
        self._show()

    def action_total(self, step: int) -> None:
        """The build total, 150 more or less (AOD-4)."""
        self.build_total = max(self.build_total + step * BUILD_STEP, BUILD_STEP)
        self._show()

    def action_start(self) -> None:
        """Start the game, or say in one line why it cannot start."""
        problems = self.problems()
        if problems:
            self.notify(problems[0], title="Cannot start", severity="warning", markup=False)
            return
        try:
            setup = build_setup(
                self.library,
                self.names(),
                self.forces[: self.players],
                self.build_total,
                planetary=self.planetary(),
            )
        except ValueError as error:
            self.notify(str(error), title="Cannot start", severity="warning", markup=False)
            return
        self.dismiss(AoDStart(setup, int(self.query_one("#as-seed", Input).value)))

    def action_cancel(self) -> None:
        """Back to the menu without a game."""
        self.dismiss(None)
