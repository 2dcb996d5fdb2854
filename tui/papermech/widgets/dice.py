"""The dice tray: every die the last command rolled, labelled, and what each roll decided.

Dice that counted (a hit, a repair) are drawn in brackets, the others bare, so the tray reads
without colour::

    location
      5 left arm
    F attack
      [5] 1 [5] vs 3: 2 damage
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from tui.papermech.widgets._canvas import Styles, combine

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.console import RenderableType

    from engine.narration import Roll, Told

__all__ = ["NO_DICE", "DiceTray", "render_dice"]

NO_DICE = "No dice rolled."


def _faces(roll: Roll, styles: Styles) -> Text:
    text = Text()
    for i, face in enumerate(roll.dice):
        scored = roll.scored[i] if i < len(roll.scored) else None
        if scored:
            text.append(f"[{face}]", combine(styles, ("die", "scored")))
        else:
            text.append(f" {face} ", combine(styles, ("die",) if scored is None else ("miss",)))
    return text


def render_dice(
    told: Sequence[Told], styles: Styles | None = None, *, compact: bool = False
) -> Text:
    """Draw the rolls of one command: each group's label, its dice, and what they decided.

    Args:
        told: the lines of the command (those without dice are left out).
        styles: role -> style ("label", "die", "scored", "miss", "decided").
        compact: a line per event (for 80 columns) instead of two lines per group.

    Returns:
        The tray; `NO_DICE` when the command rolled nothing.
    """
    styles = styles or {}
    out = Text()
    groups = [roll for line in told for roll in line.rolls]
    if not groups:
        out.append(NO_DICE, combine(styles, ("label",)))
        return out
    if compact:
        for n, line in enumerate(line for line in told if line.rolls):
            if n:
                out.append("\n")
            for i, roll in enumerate(line.rolls):
                out.append(("  " if i else "") + roll.label + " ", combine(styles, ("label",)))
                _group(out, roll, styles)
        return out
    for n, roll in enumerate(groups):
        if n:
            out.append("\n")
        out.append(roll.label + "\n", combine(styles, ("label",)))
        out.append("  ")
        _group(out, roll, styles)
    return out


def _group(out: Text, roll: Roll, styles: Styles) -> None:
    out.append_text(_faces(roll, styles))
    if roll.outcome:
        out.append(" " + roll.outcome, combine(styles, ("decided",)))


class DiceTray(Widget):
    """The dice tray panel: the rolls of the last command (or of the replay's current one)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "dice-tray--label",
        "dice-tray--die",
        "dice-tray--scored",
        "dice-tray--miss",
        "dice-tray--decided",
    }
    """
    | Class | Description |
    | :- | :- |
    | `dice-tray--label` | What a group of dice was for. |
    | `dice-tray--die` | A die. |
    | `dice-tray--scored` | A die that counted: a hit, a repair. |
    | `dice-tray--miss` | An attack or repair die that did not count. |
    | `dice-tray--decided` | What the roll decided. |
    """

    DEFAULT_CSS = """
    DiceTray { height: auto; }
    DiceTray > .dice-tray--label { color: $text-muted; }
    DiceTray > .dice-tray--die { text-style: bold; }
    DiceTray > .dice-tray--scored { color: $success; text-style: bold; }
    DiceTray > .dice-tray--miss { color: $foreground-darken-2; }
    DiceTray > .dice-tray--decided { color: $foreground; }
    """

    told: reactive[tuple[Told, ...]] = reactive((), layout=True)
    """The lines of the command whose dice are shown."""
    compact: reactive[bool] = reactive(default=False, layout=True)
    """One line per event, without the words."""

    def render(self) -> RenderableType:
        """Draw the tray."""
        styles = {
            role: self.get_component_rich_style(f"dice-tray--{role}", partial=True)
            for role in ("label", "die", "scored", "miss", "decided")
        }
        return render_dice(self.told, styles, compact=self.compact)
