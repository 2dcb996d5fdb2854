"""The orders panel: what the game waits for, the plotted move, its cost and its risks.

The screen writes it as lines, each with a role (``title``, ``text``, ``keys``, ``warn``,
``bad``, ``good``); `plot_lines` writes a plotted move::

    G Griffin GRF-1N: walk
    MP 4 of 5 spent, 1 left
    F F R F -> 0806 facing SE
    PSR 0805 water: 7+ (58%)
    c/Enter: go  Backspace: undo step  Esc: cancel
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text

from engine.battletech.language import format_steps
from engine.battletech.state import MoveMode
from tui.widgets.bt._panel import BTPanel

if TYPE_CHECKING:
    from rich.style import Style

    from tui.widgets.bt.plotting import Plot, Preview

__all__ = ["Line", "OrdersPanel", "plot_lines"]

EVEN = 50
"""A roll with less chance than this (in percent) is shown as a danger."""

Line = tuple[str, str]
"""A line of the panel and its role."""


def plot_lines(plot: Plot, view: Preview, name: str, *, compact: bool = False) -> list[Line]:
    """Describe a plotted move.

    Args:
        plot: what has been keyed.
        view: the engine's preview of it.
        name: the unit's letter and name.
        compact: fewer words (80 x 24).

    Returns:
        The lines.
    """
    lines: list[Line] = [(f"{name}: {plot.mode.value}", "title")]
    end = f"{view.end.label} facing {view.facing.name}{', prone' if view.prone else ''}"
    if plot.mode is MoveMode.JUMP:
        if not view.ready:
            lines.append((f"Jump MP {view.allowance}: pick the landing hex", "text"))
            lines.append(("cursor to a shaded hex, Enter", "keys"))
            return lines
        lines.append((f"jump {view.mp} of {view.allowance} MP -> {end}", "text"))
        keys = (
            "[ ] facing  c: jump  Esc"
            if compact
            else ("[ ] choose the facing   Enter/c: jump   Esc: cancel")
        )
    else:
        lines.append((f"MP {view.mp} of {view.allowance} spent, {view.left} left", "text"))
        steps = format_steps(plot.steps) or "(no steps yet)"
        lines.append((f"{steps} -> {end}", "text"))
        keys = (
            "f b [ ] p u  c: go  Bksp  Esc"
            if compact
            else (
                "f/b step  [ ] turn  p prone  u stand   Enter/c: go  Backspace: back  Esc: cancel"
            )
        )
    lines.extend((roll.text, "bad" if roll.chance < EVEN else "warn") for roll in view.rolls)
    if not view.rolls and (plot.steps or plot.target is not None):
        lines.append(("no rolls needed", "good"))
    lines.append((keys, "keys"))
    return lines


def render_lines(lines: tuple[Line, ...], styles: dict[str, Style]) -> Text:
    """Draw the lines, each in its role's style."""
    return Text("\n").join(Text(text, styles.get(role, "")) for text, role in lines)


class OrdersPanel(BTPanel[tuple[Line, ...]]):
    """What to do now: the prompt and its keys, or the plotted move with its MP and rolls."""

    PREFIX = "bt-orders"
    ROLES: ClassVar[tuple[str, ...]] = ("title", "text", "keys", "warn", "bad", "good")
    COMPONENT_CLASSES: ClassVar[set[str]] = {f"bt-orders--{role}" for role in ROLES}
    """
    | Class | Description |
    | :- | :- |
    | `bt-orders--title` | The unit and its mode, or the phase. |
    | `bt-orders--text` | MP, path, the situation. |
    | `bt-orders--keys` | The keys that act now. |
    | `bt-orders--warn` | A roll the path needs (50% or better). |
    | `bt-orders--bad` | A roll with less than an even chance. |
    | `bt-orders--good` | No roll needed. |
    """

    DEFAULT_CSS = """
    OrdersPanel { height: auto; width: 1fr; }
    OrdersPanel > .bt-orders--title { color: $accent; text-style: bold; }
    OrdersPanel > .bt-orders--text { color: $foreground; }
    OrdersPanel > .bt-orders--keys { color: $text-muted; }
    OrdersPanel > .bt-orders--warn { color: $warning; }
    OrdersPanel > .bt-orders--bad { color: $error; text-style: bold; }
    OrdersPanel > .bt-orders--good { color: $success; }
    """

    def draw(self, data: tuple[Line, ...], styles: dict[str, Style]) -> Text:
        """Draw the lines."""
        return render_lines(data, styles)
