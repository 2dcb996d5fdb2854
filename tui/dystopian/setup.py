"""Set up a new Dystopian Wars game: two players, each with a fleet, and the dice seed.

The form of DW-22 (two fleets, hot-seat; the STAR cards of DW-8 as a box to tick): each player's
name and fleet, chosen among the fleets read from ``assets/dystopian/fleets`` (the sample fleets
of DW-28.12, `tui.dystopian.files`) and the user's folder (`tui.dystopian.library`), each shown
with its points and its Maximum Fleet Value; the board is the open-water 36 x 24 board of DW-28.1
and the game lasts six turns (DW-22.6) with Field Orders rolled (DW-22.4), as the ruleset's
default scenario says (`engine.dystopian.ruleset.DEFAULT_SCENARIO`).

Ctrl+B (or the "Build a fleet..." button) opens the fleet builder (`tui.dystopian.builder`):
the fleet it saves joins the list at once, chosen for the player whose row was last in focus.

Starting dismisses the form with a `DWStart` (the setup and the dice seed); `build_setup` makes
the setup and is tested without the form. `game_library` gives the ruleset its fleets from the
bundled files when nobody has yet.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar, Final

from attrs import frozen
from textual import events, on
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Select, Static

from engine.dystopian.fleet import BaseForce, fleet_problems
from engine.dystopian.ruleset import DEFAULT_SCENARIO, RULESET, setup_from_scenario
from engine.dystopian.state import PLAYERS, DWSetup

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from textual.app import ComposeResult

    from engine.dystopian.fleet import Fleet
    from tui.dystopian.builder import Built

__all__ = [
    "DEFAULT_NAMES",
    "DWSetupScreen",
    "DWStart",
    "build_setup",
    "fleet_text",
    "game_library",
    "setup_problems",
]

DEFAULT_NAMES: Final = ("Red", "Blue")
"""The players' names the form offers."""
NAME_MAX: Final = 24
"""The longest player name."""


@frozen
class DWStart:
    """What the form chose: the game's setup and its dice seed."""

    setup: DWSetup
    seed: int


def game_library() -> Mapping[str, Fleet]:
    """The fleets of the game by name; the ruleset gets them if it has none yet."""
    held = RULESET.library
    if held is None:
        from tui.dystopian.library import install  # noqa: PLC0415 - reads files on demand

        held = install()
    return held.fleets


def fleet_text(fleet: Fleet) -> str:
    """A fleet in one line: its squadrons, points and Maximum Fleet Value (DW-22.2)."""
    squadrons = len(fleet.squadrons)
    return f"{squadrons} squadron{'' if squadrons == 1 else 's'}, {fleet.points} of {fleet.mfv} pts"


def setup_problems(names: Sequence[str], fleets: Sequence[Fleet | None]) -> list[str]:
    """Why these players and fleets cannot start a game, one plain line each (DW-22)."""
    problems = []
    cleaned = [name.strip() for name in names]
    if len(cleaned) != PLAYERS:
        problems.append(f"Dystopian Wars is played by {PLAYERS} players.")
    if any(not name for name in cleaned):
        problems.append("Every player needs a name.")
    elif len({name.casefold() for name in cleaned}) != len(cleaned):
        problems.append("Two players have the same name.")
    for name, fleet in zip(cleaned, fleets, strict=False):
        if fleet is None:
            problems.append(f"{name or 'A player'} needs a fleet.")
            continue
        problems += [f"{name}: {p}" for p in fleet_problems(fleet)]
    return problems


def build_setup(
    fleets: Mapping[str, Fleet],
    names: Sequence[str],
    chosen: Sequence[str],
    *,
    star_cards: bool = False,
) -> DWSetup:
    """The setup of a game of these players and fleets on the default board (DW-28.1).

    Two armoured (land) fleets fight on open ground instead of open water (DW-22.7).
    ``star_cards``: play with the STAR deck (DW-8, an option), the catalogue's cards.

    Raises:
        ValueError: a problem `setup_problems` names, or a fleet not in ``fleets``.
    """
    problems = setup_problems(names, [fleets.get(c) for c in chosen])
    if problems:
        raise ValueError(problems[0])
    cleaned = [n.strip() for n in names]
    scenario = dict(DEFAULT_SCENARIO)
    scenario["title"] = " v ".join(cleaned)
    scenario["players"] = [
        {"name": name, "fleet": fleet} for name, fleet in zip(cleaned, chosen, strict=True)
    ]
    if all(fleets[c].base_force is BaseForce.ARMOURED for c in chosen):  # DW-22.7: land
        scenario["board"] = {**scenario["board"], "base": "ground"}
    if not star_cards:
        return setup_from_scenario(scenario, fleets)
    scenario["star_cards"] = True  # DW-8: the deck is the catalogue's (DW-28.12's placeholders)
    library = RULESET.library
    return setup_from_scenario(scenario, fleets, library.cards if library is not None else ())


class DWSetupScreen(Screen[DWStart | None]):
    """The new-game form: the players' names and fleets, the dice seed (DW-22)."""

    CSS_PATH = "dystopian.tcss"
    AUTO_FOCUS = "#dws-name-0"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start", priority=True, tooltip="Start the game"),
        Binding("ctrl+b", "build", "Build a fleet", priority=True, tooltip="The fleet builder"),
        Binding("escape", "cancel", "Back", tooltip="Back to the menu"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Tab, Shift+Tab | The next (previous) field. |
    | Enter | On a fleet: open its list; in the list: pick the fleet. |
    | Space | On the STAR cards box: play with the deck or without (DW-8). |
    | Ctrl+B | Build a fleet (DW-22): it joins the list, chosen for this row's player. |
    | Ctrl+S | Start the game. |
    | Escape | Back to the menu. |
    """

    def __init__(
        self, *, random_seed: int | None = None, fleets: Mapping[str, Fleet] | None = None
    ) -> None:
        """Create the form.

        Args:
            random_seed: the dice seed offered (a fresh one when None).
            fleets: the fleets to choose from (`game_library` when None).
        """
        super().__init__()
        self.fleets = dict(fleets if fleets is not None else game_library())
        naval = next((n for n in self.fleets if "naval" in n.casefold()), None)
        first = naval or next(iter(self.fleets), None)
        self.chosen: list[str | None] = [first] * PLAYERS
        self.seat = 0
        self.seed = (
            random.SystemRandom().randrange(1, 1_000_000) if random_seed is None else random_seed
        )

    def compose(self) -> ComposeResult:
        """Heading, a row a player (name, fleet, points), the seed, the settings, the problems."""
        yield Static("Dystopian Wars - new game", id="dws-heading", markup=False)
        options = [(name, name) for name in sorted(self.fleets)]
        with VerticalScroll(id="dws-form"):
            for seat in range(PLAYERS):
                with Horizontal(classes="dws-row"):
                    yield Static(f"Player {seat + 1}", classes="dws-label", markup=False)
                    yield Input(
                        DEFAULT_NAMES[seat],
                        max_length=NAME_MAX,
                        id=f"dws-name-{seat}",
                        classes="dws-name",
                    )
                    yield Select(
                        options,
                        value=self.chosen[seat] or Select.BLANK,
                        allow_blank=False,
                        id=f"dws-fleet-{seat}",
                        classes="dws-fleet",
                    )
                yield Static(id=f"dws-points-{seat}", classes="dws-points", markup=False)
            yield Button("Build a fleet... (Ctrl+B)", id="dws-build", compact=True)
            with Horizontal(classes="dws-row"):
                yield Static("Dice seed", classes="dws-label", markup=False)
                yield Input(str(self.seed), id="dws-seed", type="integer", max_length=9)
            yield Checkbox("Play with the STAR cards (DW-8)", id="dws-star")
            yield Static(id="dws-settings", markup=False)
            yield Static(id="dws-problems", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        """Show what the rows hold."""
        self._show()

    def names(self) -> list[str]:
        """The names typed."""
        return [self.query_one(f"#dws-name-{n}", Input).value for n in range(PLAYERS)]

    def problems(self) -> list[str]:
        """Why the game cannot start now (`setup_problems`), and a bad seed."""
        problems = setup_problems(
            self.names(), [self.fleets.get(c) if c else None for c in self.chosen]
        )
        if not self.query_one("#dws-seed", Input).value.strip().isdigit():
            problems.append("The dice seed is a whole number.")
        return problems

    def _show(self) -> None:
        for seat in range(PLAYERS):
            name = self.chosen[seat]
            fleet = self.fleets.get(name) if name else None
            text = fleet_text(fleet) if fleet is not None else "no fleet"
            self.query_one(f"#dws-points-{seat}", Static).update(f"{'':10}{text}")
        self.query_one("#dws-settings", Static).update(
            "Board: open water, 36 x 24 hexes (DW-28.1); 6 turns; Field Orders rolled.\n"
            "Ctrl+S starts the game; Enter on a fleet opens the list; Ctrl+B builds a fleet."
        )
        problems = self.problems()
        self.query_one("#dws-problems", Static).update(
            "\n".join(problems) if problems else "Ready to start."
        )
        self.query_one("#dws-problems").set_class(bool(problems), "-bad")

    @on(Input.Changed)
    def _changed(self) -> None:
        if self.is_mounted:
            self._show()

    @on(Select.Changed)
    def _fleet(self, event: Select.Changed) -> None:
        seat = int((event.select.id or "0").rsplit("-", 1)[1])
        value = event.value
        self.chosen[seat] = value if isinstance(value, str) else None
        if self.is_mounted:
            self._show()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Remember the player whose row has the focus (the builder's fleet goes to them)."""
        ident = event.widget.id or ""
        if ident.startswith(("dws-name-", "dws-fleet-")):
            self.seat = int(ident.rsplit("-", 1)[1])

    @on(Button.Pressed, "#dws-build")
    def _build_pressed(self) -> None:
        self.action_build()

    def action_build(self) -> None:
        """Open the fleet builder; the fleet it saves is chosen for the player in focus."""
        from tui.dystopian.builder import FleetBuilderScreen  # noqa: PLC0415 - on demand
        from tui.dystopian.library import read_models, user_folder  # noqa: PLC0415

        screen = FleetBuilderScreen(read_models(), self.fleets, user_folder())
        self.app.push_screen(screen, self._built)

    def _built(self, built: Built | None) -> None:
        if built is None:
            return
        for name in built.gone:
            self.fleets.pop(name, None)
        first = next(iter(sorted(self.fleets)), None)
        self.chosen = [c if c in self.fleets else first for c in self.chosen]
        if built.fleet is not None:
            self.fleets[built.fleet.name] = built.fleet
            self.chosen[self.seat] = built.fleet.name
        options = [(name, name) for name in sorted(self.fleets)]
        for seat in range(PLAYERS):
            select = self.query_one(f"#dws-fleet-{seat}", Select)
            with select.prevent(Select.Changed):
                select.set_options(options)
                select.value = self.chosen[seat] or Select.BLANK
        self._show()

    def action_start(self) -> None:
        """Start the game, or say in one line why it cannot start."""
        problems = self.problems()
        if problems:
            self.notify(problems[0], title="Cannot start", severity="warning", markup=False)
            return
        chosen = [c or "" for c in self.chosen]
        try:
            star = self.query_one("#dws-star", Checkbox).value
            setup = build_setup(self.fleets, self.names(), chosen, star_cards=star)
        except ValueError as error:
            self.notify(str(error), title="Cannot start", severity="warning", markup=False)
            return
        self.dismiss(DWStart(setup, int(self.query_one("#dws-seed", Input).value)))

    def action_cancel(self) -> None:
        """Back to the menu without a game."""
        self.dismiss(None)
