"""The enemy cards (PM-3.1, PM-5.3, PM-6): each enemy's attacks, damage, space and time cube.

Every attack has two damage circles, filled from the top of the card (``x`` filled, ``o`` empty);
the selected attack is marked ``>`` and says whether it reaches the 'Mech from where the enemy
stands; an attack with both circles filled is marked ``-`` (disabled)::

    H Helo           armor 2   at M/3   cube 2
        Machine Gun       S P2 T2 xx
      > Missiles/Rockets  M P4 T4 oo in range
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.papermech import radar as rules
from engine.papermech.narrate import position
from tui.papermech.widgets._canvas import Canvas, Styles
from tui.papermech.widgets._panel import PaperPanel

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.style import Style
    from rich.text import Text

    from engine.papermech.state import Enemy, PaperState

__all__ = ["EnemyCards", "cards_canvas", "render_cards"]

WIDTH = 42
"""Columns of a full card."""
COMPACT_WIDTH = 42
"""Columns of a compact card."""
NO_ENEMIES = "No enemies on the radar."


def _cube(enemy: Enemy) -> str:
    return "ACTIVE" if enemy.time <= 0 else f"cube {enemy.time}"


def _circles(enemy: Enemy, attack: int) -> tuple[tuple[str, str], tuple[str, str]]:
    """The two circles of an attack, each as (character, role)."""
    out = []
    for circle in (2 * attack, 2 * attack + 1):
        filled = enemy.damage > circle
        out.append(("x", "hit") if filled else ("o", "circle"))
    return out[0], out[1]


def _attack_roles(enemy: Enemy, index: int) -> tuple[str, tuple[str, ...]]:
    if enemy.disabled(index):
        return "-", ("disabled",)
    if index == enemy.attack:
        return ">", ("selected",)
    return " ", ()


def _reach(enemy: Enemy) -> tuple[str, str]:
    attack = enemy.profile.attacks[enemy.attack]
    if rules.reaches(attack.range, enemy.ring):
        return "in range", "warning"
    return "too far", "label"


def _card(canvas: Canvas, y: int, enemy: Enemy, focus: bool) -> int:
    """Draw one full card from row ``y``; return the next free row."""
    profile = enemy.profile
    head = ("focus",) if focus else ()
    canvas.put(0, y, enemy.key, "key", *head)
    canvas.put(2, y, profile.title, "title", *head)
    canvas.put(17, y, f"armor {profile.armor}", "label")
    canvas.put(27, y, f"at {position(*enemy.space)}", "label")
    canvas.put(36, y, _cube(enemy), "active" if enemy.time <= 0 else "label")
    for index, attack in enumerate(profile.attacks):
        row = y + 1 + index
        mark, roles = _attack_roles(enemy, index)
        canvas.put(
            2, row, f"{mark} {attack.name:<17} {attack.range.name} P{attack.p} T{attack.t}", *roles
        )
        for i, (char, role) in enumerate(_circles(enemy, index)):
            canvas.put(30 + i, row, char, role)
        if index == enemy.attack:
            words, role = _reach(enemy)
            canvas.put(33, row, words, role)
    return y + 1 + len(profile.attacks)


def _compact_card(canvas: Canvas, y: int, enemy: Enemy, focus: bool) -> int:
    """Draw one compact card (two rows) from row ``y``; return the next free row."""
    profile = enemy.profile
    head = ("focus",) if focus else ()
    canvas.put(0, y, enemy.key, "key", *head)
    canvas.put(2, y, profile.title[:11], "title", *head)
    canvas.put(14, y, position(*enemy.space), "label")
    canvas.put(19, y, _cube(enemy), "active" if enemy.time <= 0 else "label")
    canvas.put(26, y, f"A{profile.armor}", "label")
    for index in range(len(profile.attacks)):
        for i, (char, role) in enumerate(_circles(enemy, index)):
            canvas.put(29 + 3 * index + i, y, char, role)
    attack = profile.attacks[enemy.attack]
    words, role = _reach(enemy)
    line = f"> {attack.name} {attack.range.name} P{attack.p} T{attack.t}"
    canvas.put(2, y + 1, line, "selected")
    canvas.put(3 + len(line), y + 1, words, role)
    return y + 2


def cards_canvas(state: PaperState, *, compact: bool = False) -> Canvas:
    """Draw a card per enemy on the radar, in the order they were generated.

    Args:
        state: the state.
        compact: two rows per enemy, for 80 x 24.

    Returns:
        The canvas (one row saying there are none between waves).
    """
    enemies = state.enemies
    if not enemies:
        canvas = Canvas(len(NO_ENEMIES), 1)
        canvas.put(0, 0, NO_ENEMIES, "label")
        return canvas
    if compact:
        canvas = Canvas(COMPACT_WIDTH, 2 * len(enemies))
        y = 0
        for enemy in enemies:
            y = _compact_card(canvas, y, enemy, enemy.key == state.enemy)
        return canvas
    height = sum(len(e.profile.attacks) + 1 for e in enemies) + len(enemies) - 1
    canvas = Canvas(WIDTH, height)
    y = 0
    for enemy in enemies:
        y = _card(canvas, y, enemy, enemy.key == state.enemy) + 1
    return canvas


def render_cards(state: PaperState, styles: Styles | None = None, *, compact: bool = False) -> Text:
    """Draw the enemy cards (see `cards_canvas`).

    Args:
        state: the state.
        styles: role -> style ("key", "title", "label", "active", "circle", "hit", "selected",
            "disabled", "warning", "focus").
        compact: the two-row form.

    Returns:
        The picture.
    """
    return cards_canvas(state, compact=compact).to_text(styles)


class EnemyCards(PaperPanel):
    """The enemy cards panel."""

    PREFIX = "cards"
    ROLES = (
        "key",
        "title",
        "label",
        "active",
        "circle",
        "hit",
        "selected",
        "disabled",
        "warning",
        "focus",
    )
    COMPONENT_CLASSES: ClassVar[set[str]] = {f"cards--{role}" for role in ROLES}
    """
    | Class | Description |
    | :- | :- |
    | `cards--key` | The enemy's letter. |
    | `cards--title` | Its name. |
    | `cards--label` | Armor, space, cube. |
    | `cards--active` | The cube on ACTIVE. |
    | `cards--circle` | An empty damage circle. |
    | `cards--hit` | A filled damage circle. |
    | `cards--selected` | The selected attack. |
    | `cards--disabled` | An attack with both circles filled. |
    | `cards--warning` | "in range". |
    | `cards--focus` | The enemy the question is about (shield, pull, forced re-choice). |
    """

    DEFAULT_CSS = """
    EnemyCards > .cards--key { color: $warning; text-style: bold; }
    EnemyCards > .cards--title { text-style: bold; }
    EnemyCards > .cards--label { color: $text-muted; }
    EnemyCards > .cards--active { color: $accent; text-style: bold; }
    EnemyCards > .cards--circle { color: $foreground-darken-2; }
    EnemyCards > .cards--hit { color: $error; text-style: bold; }
    EnemyCards > .cards--selected { color: $foreground; }
    EnemyCards > .cards--disabled { color: $text-muted; text-style: strike; }
    EnemyCards > .cards--warning { color: $warning; }
    EnemyCards > .cards--focus { text-style: bold reverse; }
    """

    def draw(self, state: PaperState, styles: dict[str, Style]) -> RenderableType:
        """Draw the cards."""
        return render_cards(state, styles, compact=self.compact)
