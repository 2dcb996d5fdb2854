"""The end of a BattleTech game: who won, why, after how many turns, and what each unit did.

The after-action report comes from the engine (`engine.battletech.narrate.summary.after_action`):
per unit its fate, kills, damage dealt and taken, shots and hits, and the MechWarrior's wounds. The
screen
only lays it out, one table per side::

    Davion wins: Kurita has no units left in the fight
    8 turns
    Davion                 status        kills dealt taken  hit/shot
      G Griffin GRF-1N     operational       1    64    31      7/12
      H Hunchback HBK-4G   destroyed         0    40    98       4/9
        destroyed: center torso destroyed

Nothing is cut at 80 columns: a destroyed unit's cause has a line of its own, and a name too long
for its column goes on a line of its own above the unit's numbers.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from engine.battletech.events import BTEvent
from engine.battletech.narrate.summary import AfterAction, after_action

if TYPE_CHECKING:
    from collections.abc import Sequence

    from textual.app import ComposeResult

    from engine.battletech.state import BTState
    from engine.game import Game

__all__ = ["FOOTER", "BTResultScreen", "headline", "report_lines"]

_NAME = 20
"""Least width of a unit's letter and name in the table (it grows to the longest name)."""
_WIDTH = 72
"""The report's width inside its box at 80 columns: a longer name goes on a line of its own."""
_STATUS = max(len(s) for s in ("operational", "destroyed", "ejected", "withdrew", "not deployed"))
"""Width of a unit's fate; a destroyed unit's cause is written in full on the line below."""
_NUMBERS = " kills dealt taken  hit/shot"
"""The number columns' heading (each row fills it to the same width)."""
FOOTER = (
    "Enter or Escape: back to the board. The game is saved: Replays in the main menu plays it back."
)
"""The line under the report."""


def headline(state: BTState, report: AfterAction) -> str:
    """The winner (or a draw) and why: "Davion wins: Kurita has no units left"."""
    if state.winner is None:
        return f"A draw: {report.result}"
    return f"{state.sides[state.winner]} wins: {report.result}"


def report_lines(state: BTState, report: AfterAction, letters: Sequence[str]) -> list[Text]:
    """The after-action table: one heading per side, one line per unit.

    Args:
        state: the final state (side names).
        report: the engine's report.
        letters: every unit's board letter.

    Returns:
        The lines.
    """
    names = [f"{letters[unit.unit]} {unit.name}" for unit in report.units]
    room = _WIDTH - 2 - 1 - _STATUS - len(_NUMBERS)  # indent, space, status, numbers
    width = min(max([_NAME, *map(len, names)]), room)
    lines = []
    for side, name in enumerate(state.sides):
        heading = Text(f"{name:<{width + 2}} {'status':<{_STATUS}}{_NUMBERS}")
        heading.stylize("bold")
        lines.append(heading)
        for unit in report.side(side):
            who = f"{letters[unit.unit]} {unit.name}"
            fate, _, cause = unit.status.partition(" (")
            hits = f"{unit.hits}/{unit.shots}"
            numbers = f"{len(unit.kills):>6} {unit.dealt:>5} {unit.taken:>5} {hits:>9}"
            if len(who) > width:  # the whole name on its own line, the numbers under it
                lines.append(Text(f"  {who}"))
                who = ""
            lines.append(Text(f"  {who:<{width}} {fate:<{_STATUS}}{numbers}"))
            if cause:
                lines += _note(f"{fate}: {cause.removesuffix(')')}")
            if unit.kills:
                killed = ", ".join(f"{letters[k]} {state.units[k].name}" for k in unit.kills)
                lines += _note(f"destroyed {killed}")
            if unit.wounds:
                wounds = f"{unit.wounds} wound{'s' if unit.wounds != 1 else ''}"
                lines.append(Text(f"    {unit.pilot}: {wounds}", "dim"))
        lines.append(Text(""))
    return lines


def _note(text: str) -> list[Text]:
    """A dim note under a unit, wrapped to the report's width with its indent kept."""
    wrapped = textwrap.wrap(text, _WIDTH, initial_indent="    ", subsequent_indent="      ")
    return [Text(line, "dim") for line in wrapped]


class BTResultScreen(ModalScreen[None]):
    """The result of a finished game and its after-action report; any of Enter, Escape closes."""

    BINDINGS = [
        Binding(
            "escape,enter,r", "close", "Close", tooltip="Back to the board (the game is saved)"
        ),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Enter, Escape, r | Close the report (the board stays; Escape there goes to the menu). |
    """

    DEFAULT_CSS = """
    BTResultScreen {
        align: center middle;
    }
    BTResultScreen > Vertical {
        width: 76;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        padding: 0 1;
        border: round $accent;
        background: $surface;
    }
    BTResultScreen #result-title {
        text-style: bold;
        color: $accent;
    }
    BTResultScreen #result-report {
        height: auto;
        max-height: 30;
    }
    """

    def __init__(self, game: Game[Any, Any, Any, Any], letters: Sequence[str]) -> None:
        """Create the report of a finished game.

        Args:
            game: the game (its entries' events make the report).
            letters: every unit's board letter.
        """
        super().__init__()
        state: BTState = game.state
        events = [e for entry in game.entries for e in entry.events if isinstance(e, BTEvent)]
        self.report = after_action(state, events)
        self.state = state
        self.letters = tuple(letters)

    def compose(self) -> ComposeResult:
        """The headline, the number of turns and the table."""
        report = self.report
        with Vertical():
            yield Static("The game is over", id="result-title", markup=False)
            yield Static(headline(self.state, report), id="result-headline", markup=False)
            turns = report.turns
            yield Static(f"{turns} turn{'s' if turns != 1 else ''}", markup=False)
            with VerticalScroll(id="result-report"):
                yield Static(
                    Text("\n").join(report_lines(self.state, report, self.letters)),
                    id="result-table",
                )
            yield Static(FOOTER, id="result-footer", markup=False)
        yield Footer()

    def action_close(self) -> None:
        """Back to the board."""
        self.dismiss(None)
