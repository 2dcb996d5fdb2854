"""The fleet builder: a fleet made from the roster, checked as it grows, saved as a fleet file.

DW-22 (fleet organisation DW-22.2, the Commodore DW-22.1, game types DW-22.3), DW-3.4
(squadrons sized as the card allows), DW-21 (escorts), DW-20.1 (the two free wings, carrier
wings); DW-28.13 item 2 and Tier 2's Tournament caps. The edits are
`engine.dystopian.fleet_builder`'s, the checks `engine.dystopian.fleet.fleet_problems` with the
builder's name check; the files `tui.dystopian.fleet_store`'s.

The screen: the fleet's name, points limit (500 by default), game type and Base Force on top; the
roster on the left (Enter adds a squadron at its smallest size); the fleet on the right, each
squadron with its size, options, escorts, carrier wings and the Commodore, and last the free
wings; below, the total against the limit and the first problem, in one line each. Ctrl+S saves
(asking before a file is overwritten) and dismisses the screen with the fleet (`Built`, which
also names the fleets whose files were deleted), which the
ruleset's library has from then on; Escape goes back (asking first when the fleet changed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs
from attrs import frozen
from textual import on
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Select, Static
from textual.widgets.option_list import Option

from engine.dystopian.fleet import BaseForce, Fleet, GameType, mfv_label
from engine.dystopian.fleet_builder import (
    NAME_MAX,
    add_squadron,
    base_force_note,
    carrier_layouts,
    empty_fleet,
    escort_cards,
    first_problem,
    free_layouts,
    next_escorts,
    remove_squadron,
    resize,
    roster,
    set_commodore,
    set_options,
)
from engine.text import printable
from tui.dystopian.builder_dialogs import (
    FleetPicker,
    OptionsDialog,
    Picked,
    WingsDialog,
    wing_words,
)
from tui.dystopian.fleet_store import (
    forget,
    remember,
    remove_fleet_file,
    target_path,
    user_fleets,
    write_fleet,
)
from tui.screens.confirm import ConfirmScreen

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from pathlib import Path

    from textual.app import ComposeResult

    from engine.dystopian.fleet import Squadron, Wing
    from engine.dystopian.fleet_builder import Layout
    from engine.dystopian.models import ModelCard

__all__ = ["Built", "FleetBuilderScreen", "FleetList", "RosterList", "squadron_text"]

MFV_DIGITS: int = 5
"""The points limit's longest input (fleet files allow up to 99,999)."""


def squadron_text(squadron: Squadron, commodore: bool) -> str:
    """One squadron in a line: ``"C 1 Bastion Battleship +Shield +2 ES, 195 pts"``."""
    card = squadron.model
    parts = [f"{'C' if commodore else ' '} {squadron.count} {card.name}"]
    parts += [f"+{o.name}" for ident in squadron.options if (o := card.option(ident))]
    parts += [f"+{g.count} {g.model.id}" for g in squadron.escorts]
    if squadron.wings:
        parts.append(f"[{'/'.join(str(w.tokens) for w in squadron.wings)} planes]")
    return f"{' '.join(parts)}, {squadron.points} pts"


def _taken(path: Path) -> bool:
    """A file (or anything) is at ``path``; one that cannot even be looked at counts as there."""
    try:
        return path.exists()
    except OSError:
        return True


class RosterList(OptionList):
    """The roster (DW-28.12): Enter adds a squadron of the highlighted card."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select", "Add squadron", tooltip="Add a squadron of this card"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Up, Down | The card. |
    | Enter | Add a squadron of it, at its smallest size (DW-3.4). |
    """


class FleetList(OptionList):
    """The fleet's squadrons, then its free wings; keys edit the highlighted squadron."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("plus,equals_sign", "screen.grow(1)", "Size", key_display="+-"),
        Binding("minus", "screen.grow(-1)", "Size -1", show=False),
        Binding("o", "screen.options", "Options"),
        Binding("e", "screen.escorts(1)", "Escorts"),
        Binding("E", "screen.escorts(-1)", "Escorts back", show=False),
        Binding("w", "screen.wings", "Wings"),
        Binding("c", "screen.commodore", "Commodore"),
        Binding("x,delete", "screen.remove", "Remove"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | + , - | One model more or fewer, within the card's squadron size (DW-3.4). |
    | o | Buy or drop the card's options (generators and the like). |
    | e, E | The next (previous) escorts: none, then 1 to 3 a Large or Massive model (DW-21). |
    | w | The carrier's wings, or on the last line the free wings (DW-20.1). |
    | Enter | The free wings, a carrier's wings, or the squadron's options. |
    | c | The Commodore on this squadron (DW-10.1). |
    | x, Delete | Remove the squadron. |
    """


FLEET_KEYS: tuple[tuple[str, str], ...] = (
    (
        "enter",
        (
            "Roster: add a squadron at its smallest size (DW-3.4); fleet list: its options, "
            "a carrier's wings, or the free wings"
        ),
    ),
    ("plus,minus", "Fleet list: one model more or fewer, within the card's squadron size (DW-3.4)"),
    ("o", "Fleet list: buy or drop the card's options (generators and the like)"),
    ("e,E", "Fleet list: the next (previous) escorts, 1 to 3 a Large or Massive model (DW-21)"),
    ("w", "Fleet list: a carrier's wings, or on the last line the free wings (DW-20.1)"),
    ("c", "Fleet list: the Commodore on this squadron (DW-10.1)"),
    ("x,delete", "Fleet list: remove the squadron"),
)
"""The roster's and the fleet list's keys, told on the builder's help page wherever the focus is
(the page lists the focused widget's keys only): the screen's bindings of them never run."""


@frozen
class Built:
    """What the builder did: the fleet saved (None when none was), the fleets whose file went."""

    fleet: Fleet | None = None
    gone: tuple[str, ...] = ()


class FleetBuilderScreen(Screen[Built]):
    """Build a fleet from the roster, check it, save it as a fleet file (DW-22)."""

    CSS_PATH = "builder.tcss"
    AUTO_FOCUS = "#dwb-name"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "Save", priority=True, tooltip="Save the fleet and use it"),
        Binding(
            "ctrl+o", "open", "Open", priority=True, show=False, tooltip="Open or delete a fleet"
        ),
        Binding("escape", "back", "Back", tooltip="Back to the new-game form"),
        *(
            Binding(keys, f"fleet_key('{keys}')", "Fleet", show=False, tooltip=text)
            for keys, text in FLEET_KEYS
        ),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Tab, Shift+Tab | The next (previous) field: name, points, game, Base Force, roster, fleet. |
    | Enter | In the roster: add a squadron; on the free wings: choose them. |
    | + - o e E w c x | The fleet list's: size, options, escorts, wings, Commodore, remove. |
    | Ctrl+S | Save the fleet in your folder (asks before overwriting) and use it. |
    | Ctrl+O | Start from a fleet of the list; d there deletes your own fleet file (asks first). |
    | Escape | Back (asks first when the fleet changed). |
    """

    def __init__(
        self,
        models: Mapping[str, ModelCard],
        fleets: Mapping[str, Fleet],
        folder: Path,
        *,
        fleet: Fleet | None = None,
    ) -> None:
        """Create the builder.

        Args:
            models: the model cards by id (the roster and escorts come from them).
            fleets: every fleet the game knows, by name (their names are taken).
            folder: the user's folder, where fleets are saved.
            fleet: the fleet to start from (an empty 500-point Open fleet when None).
        """
        super().__init__()
        self.models = dict(models)
        self.fleets = dict(fleets)
        self.folder = folder
        self.cards = roster(self.models.values())
        self.escorts = escort_cards(self.models.values())
        self.fleet = fleet if fleet is not None else empty_fleet()
        self.saved = self.fleet
        self.gone: list[str] = []
        self._mine: dict[str, Path] | None = None

    def compose(self) -> ComposeResult:
        """The fleet's settings, the roster and the fleet, the total and the first problem."""
        yield Static(
            "Dystopian Wars - fleet builder (DW-22)    Ctrl+O opens or deletes a fleet",
            id="dwb-heading",
            markup=False,
        )
        with Horizontal(id="dwb-settings"):
            name = Input(
                self.fleet.name, placeholder="Fleet name", max_length=NAME_MAX, id="dwb-name"
            )
            name.border_title = "Name"
            yield name
            mfv = Input(str(self.fleet.mfv), type="integer", max_length=MFV_DIGITS, id="dwb-mfv")
            mfv.border_title = "Points"
            yield mfv
            yield Select(
                [(g.value.capitalize(), g) for g in GameType if g is not GameType.CAMPAIGN],
                value=self.fleet.game,
                allow_blank=False,
                id="dwb-game",
            )
            yield Select(
                [(b.value.capitalize(), b) for b in BaseForce],
                value=self.fleet.base_force,
                allow_blank=False,
                id="dwb-base",
            )
        with Horizontal(id="dwb-lists"):
            cards = RosterList(*self._roster_rows(), id="dwb-roster")
            cards.border_title = "Roster"
            yield cards
            squadrons = FleetList(id="dwb-fleet")
            squadrons.border_title = "Fleet"
            yield squadrons
        yield Static(id="dwb-total", markup=False)
        yield Static(id="dwb-problem", markup=False)
        yield Footer(compact=True, show_command_palette=False)

    def _roster_rows(self) -> list[Option]:
        rows = []
        for card in self.cards:
            low, high = card.squadron
            size = str(low) if low == high else f"{low}-{high}"
            label = f"{card.id:<3}{card.name[:20]:<20} {card.points:>3} {size}"
            rows.append(Option(Content(label), card.id))
        return rows

    def on_mount(self) -> None:
        """Show the fleet."""
        self._show()

    # -- what the fleet is ----------------------------------------------------------------

    def mine(self) -> dict[str, Path]:
        """The user's own fleets by name, with their files (read once, again after a change)."""
        if self._mine is None:
            self._mine = user_fleets(self.folder, self.models)
        return self._mine

    def taken(self) -> list[str]:
        """Names no saved fleet may take: the fleets not in the user's folder (the samples)."""
        mine = self.mine()
        return [n for n in self.fleets if n not in mine]

    def problem(self) -> str:
        """The first reason the fleet cannot be saved, "" when it can."""
        return first_problem(self.fleet, self.taken())

    def _show(self, keep: int | None = None) -> None:
        fleet = self.fleet
        squadrons = self.query_one("#dwb-fleet", FleetList)
        at = squadrons.highlighted if keep is None else keep
        rows = [
            Option(Content(squadron_text(s, fleet.commodore == n)), str(n))
            for n, s in enumerate(fleet.squadrons)
        ]
        rows.append(Option(Content(f"  Free wings: {wing_words(fleet.free_wings)}"), "free"))
        squadrons.set_options(rows)
        if at is not None:
            squadrons.highlighted = min(at, len(rows) - 1)
        count = len(fleet.squadrons)
        squadrons.border_subtitle = f"{count} squadron{'' if count == 1 else 's'}; C: Commodore"
        left = fleet.mfv - fleet.points
        self.query_one("#dwb-total", Static).update(
            f"Total {fleet.points} of {fleet.mfv} pts ({left} left), "
            f"{mfv_label(fleet.mfv)}, {fleet.game.value} game"
        )
        problem = self.problem()
        note = base_force_note(fleet) if not problem else ""
        line = problem or note or "Legal: Ctrl+S saves the fleet."
        shown = self.query_one("#dwb-problem", Static)
        shown.update(printable(line))
        shown.set_class(bool(problem), "-bad")

    def _edit(self, fleet: Fleet) -> None:
        self.fleet = fleet
        self._show()

    def _squadron(self) -> int | None:
        """The highlighted squadron's index (None on the free wings or an empty fleet)."""
        at = self.query_one("#dwb-fleet", FleetList).highlighted
        return at if at is not None and at < len(self.fleet.squadrons) else None

    # -- the settings ------------------------------------------------------------------------

    @on(Input.Changed, "#dwb-name")
    def _renamed(self, event: Input.Changed) -> None:
        self._edit(attrs.evolve(self.fleet, name=event.value.strip()))

    @on(Input.Changed, "#dwb-mfv")
    def _mfv(self, event: Input.Changed) -> None:
        value = event.value.strip()
        if value.isdigit() and int(value) > 0:
            self._edit(attrs.evolve(self.fleet, mfv=int(value)))

    @on(Select.Changed, "#dwb-game")
    def _game(self, event: Select.Changed) -> None:
        if isinstance(event.value, GameType):
            self._edit(attrs.evolve(self.fleet, game=event.value))

    @on(Select.Changed, "#dwb-base")
    def _base(self, event: Select.Changed) -> None:
        if isinstance(event.value, BaseForce):
            self._edit(attrs.evolve(self.fleet, base_force=event.value))

    # -- the roster and the fleet ------------------------------------------------------------

    @on(OptionList.OptionSelected, "#dwb-roster")
    def _add(self, event: OptionList.OptionSelected) -> None:
        card = self.models.get(event.option.id or "")
        if card is None:
            return
        self.fleet = add_squadron(self.fleet, card)
        self._show(keep=len(self.fleet.squadrons) - 1)

    @on(OptionList.OptionSelected, "#dwb-fleet")
    def _picked(self) -> None:
        """Enter: the free wings, a carrier's wings, or a squadron's options."""
        index = self._squadron()
        if index is None or self.fleet.squadrons[index].model.is_carrier:
            self.action_wings()
        elif self.fleet.squadrons[index].model.options:
            self.action_options()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`FLEET_KEYS` are listed on the help page but never run here (None: disabled)."""
        del parameters
        return None if action == "fleet_key" else True

    def action_fleet_key(self, key: str) -> None:
        """Nothing: the roster's and fleet list's own bindings do what `FLEET_KEYS` tell."""
        del key

    def action_grow(self, change: int) -> None:
        """One model more or fewer in the highlighted squadron (DW-3.4)."""
        index = self._squadron()
        if index is not None:
            self._edit(resize(self.fleet, index, change))

    def action_options(self) -> None:
        """Buy or drop the highlighted squadron's options."""
        index = self._squadron()
        if index is None:
            return
        squadron = self.fleet.squadrons[index]
        if not squadron.model.options:
            self._say(f"The {squadron.model.name} offers no options.")
            return

        def chosen(options: tuple[str, ...] | None) -> None:
            if options is not None:
                self._edit(set_options(self.fleet, index, options))

        self.app.push_screen(OptionsDialog(squadron.model, squadron.options), chosen)

    def action_escorts(self, step: int) -> None:
        """The next escorts of the highlighted squadron (DW-21)."""
        index = self._squadron()
        if index is None:
            return
        squadron = self.fleet.squadrons[index]
        if not squadron.model.size.is_large or not self.escorts:
            self._say("Escorts attach only to Large or Massive models (DW-21).")
            return
        self._edit(next_escorts(self.fleet, index, self.escorts, step))

    def action_wings(self) -> None:
        """The highlighted carrier's wings, or the free wings (DW-20.1)."""
        index = self._squadron()
        if index is None:
            self._wings(None, "Free wings (DW-20.1)", free_layouts(), self.fleet.free_wings)
            return
        squadron = self.fleet.squadrons[index]
        if not squadron.model.is_carrier:
            self._say(f"The {squadron.model.name} carries no tiny flyers.")
            return
        layouts = carrier_layouts(squadron.model, squadron.count)
        title = f"Wings of {squadron.count} {squadron.model.name} (DW-20.1)"
        self._wings(index, title, layouts, squadron.wings)

    def _wings(
        self, index: int | None, title: str, layouts: Sequence[Layout], wings: Sequence[Wing]
    ) -> None:
        def chosen(picked: tuple[Wing, ...] | None) -> None:
            if picked is None:
                return
            if index is None:
                self._edit(attrs.evolve(self.fleet, free_wings=picked))
                return
            squadrons = list(self.fleet.squadrons)
            squadrons[index] = attrs.evolve(squadrons[index], wings=picked)
            self._edit(attrs.evolve(self.fleet, squadrons=tuple(squadrons)))

        self.app.push_screen(WingsDialog(title, layouts, wings), chosen)

    def action_commodore(self) -> None:
        """The Commodore on the highlighted squadron (DW-10.1)."""
        index = self._squadron()
        if index is None:
            return
        card = self.fleet.squadrons[index].model
        if not card.commodore_eligible:
            self._say(f"The Commodore needs a Large or Massive Capital model, not a {card.name}.")
            return
        self._edit(set_commodore(self.fleet, index))

    def action_remove(self) -> None:
        """Remove the highlighted squadron."""
        index = self._squadron()
        if index is not None:
            self._edit(remove_squadron(self.fleet, index))

    def _say(self, line: str) -> None:
        self.notify(line, severity="warning", markup=False)

    # -- files ---------------------------------------------------------------------------------

    def action_save(self) -> None:
        """Save the fleet (asking before a file is overwritten), then use it."""
        problem = self.problem()
        if problem:
            self.notify(problem, title="Cannot save", severity="warning", markup=False)
            return
        fleet = self.fleet
        path = target_path(self.folder, fleet.name, self.mine())
        if _taken(path):

            def answer(yes: bool | None) -> None:
                if yes:
                    self._write(fleet, path)

            question = f"Overwrite {printable(path.name)} with the fleet {fleet.name!r}?"
            self.app.push_screen(ConfirmScreen(question, yes="Overwrite"), answer)
            return
        self._write(fleet, path)

    def _write(self, fleet: Fleet, path: Path) -> None:
        try:
            write_fleet(fleet, path)
        except OSError as error:
            reason = printable(error.strerror or str(error))
            self.notify(
                f"Cannot save {printable(str(path))}: {reason}", severity="error", markup=False
            )
            return
        # a file of another fleet's name that was written over: that fleet is gone
        for name, where in self.mine().items():
            if where == path and name != fleet.name:
                forget(name)
                self.gone.append(name)
        self._mine = None
        remember(fleet)
        self.saved = fleet
        self.notify(f"Saved {printable(str(path))}", markup=False)
        self.dismiss(Built(fleet, tuple(self.gone)))

    def action_open(self) -> None:
        """Start from a fleet of the list, or delete one of the user's own fleet files."""
        self._mine = None
        self.app.push_screen(FleetPicker(list(self.fleets), list(self.mine())), self._opened)

    def _opened(self, picked: Picked | None) -> None:
        if picked is None:
            return
        if picked.delete:
            self._delete(picked.name)
            return
        fleet = self.fleets.get(picked.name)
        if fleet is None:
            return
        self.fleet = self.saved = fleet
        self.query_one("#dwb-name", Input).value = fleet.name
        self.query_one("#dwb-mfv", Input).value = str(fleet.mfv)
        game = fleet.game if fleet.game is not GameType.CAMPAIGN else GameType.OPEN
        self.query_one("#dwb-game", Select).value = game
        self.query_one("#dwb-base", Select).value = fleet.base_force
        self._show(keep=0)

    def _delete(self, name: str) -> None:
        path = self.mine().get(name)
        if path is None:
            return

        def answer(yes: bool | None) -> None:
            if not yes:
                return
            try:
                remove_fleet_file(path)
            except OSError as error:
                reason = printable(error.strerror or str(error))
                self.notify(
                    f"Cannot delete {printable(str(path))}: {reason}",
                    severity="error",
                    markup=False,
                )
                return
            forget(name)
            self.fleets.pop(name, None)
            self.gone.append(name)
            self._mine = None
            self.notify(f"Deleted {printable(str(path))}", markup=False)
            self._show()

        question = f"Delete {printable(path.name)}, the fleet {name!r}? This cannot be undone."
        self.app.push_screen(ConfirmScreen(question, yes="Delete"), answer)

    def action_back(self) -> None:
        """Back to the form; asks first when the fleet changed since it was opened or saved."""
        if self.fleet == self.saved:
            self.dismiss(Built(None, tuple(self.gone)))
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.dismiss(Built(None, tuple(self.gone)))

        self.app.push_screen(ConfirmScreen("Leave without saving the fleet?", yes="Leave"), answer)
