"""The end of a BattleTech game: who won, why, after how many turns, and what each unit did.

The after-action report comes from the engine (`engine.battletech.summary.after_action`): per unit
its fate, kills, damage dealt and taken, shots and hits, and the MechWarrior's wounds. The screen
only lays it out, one table per side::

    Davion wins: Kurita has no units left in the fight
    8 turns
    Davion                 status        kills dealt taken hits
      G Griffin GRF-1N     operational       1    64     31  7/12
      H Hunchback HBK-4G   destroyed (CT)    0    40     98  4/9
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from engine.battletech.events import BTEvent
from engine.battletech.summary import AfterAction, after_action

if TYPE_CHECKING:
    from collections.abc import Sequence

    from textual.app import ComposeResult

    from engine.battletech.state import BTState
    from engine.game import Game

__all__ = ["BTResultScreen", "headline", "report_lines"]

_NAME = 20
"""Width of a unit's letter and name in the table."""
_STATUS = 14
"""Width of a unit's fate."""


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
    lines = []
    for side, name in enumerate(state.sides):
        heading = Text(f"{name:<{_NAME + 2}} {'status':<{_STATUS}} kills dealt taken  hit/shot")
        heading.stylize("bold")
        lines.append(heading)
        for unit in report.side(side):
            who = f"{letters[unit.unit]} {unit.name}"[:_NAME]
            status = unit.status[:_STATUS]
            hits = f"{unit.hits}/{unit.shots}"
            line = (
                f"  {who:<{_NAME}} {status:<{_STATUS}} {len(unit.kills):>5} {unit.dealt:>5} "
                f"{unit.taken:>5} {hits:>8}"
            )
            lines.append(Text(line))
            if unit.kills:
                killed = ", ".join(f"{letters[k]} {state.units[k].name}" for k in unit.kills)
                lines.append(Text(f"    destroyed {killed}", "dim"))
            if unit.wounds:
                lines.append(Text(f"    {unit.pilot}: {unit.wounds} wound(s)", "dim"))
        lines.append(Text(""))
    return lines


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
            yield Static("Enter: close. The game is saved: Saves replays it.", markup=False)
        yield Footer()

    def action_close(self) -> None:
        """Back to the board."""
        self.dismiss(None)
