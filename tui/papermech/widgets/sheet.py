"""The player's sheet (PM-1, PM-5, PM-9, PM-10, PM-12): mounts, torso, legs, stance and weight.

Each mount shows its weapon, special, armor, range and weight, and its three action lines with P,
T and their two damage circles (``o`` empty, ``x`` filled); the chosen action is marked ``>``. The
torso has four circles, the legs a circle per movement line. Damage reads without colour: an ``x``
is a filled circle, and a line with both circles filled is marked ``-`` (disabled)::

    LS Wing Shield     Reflex  RS Missiles        Recoil
       armor 4 range - W1         armor 3 range L W3
      Defend         P0 T1 oo    Single Launch  P2 T2 oo
    > Defend         P0 T1 oo  - Multi Launch   P4 T3 xx
      Defend         P0 T1 oo    Full Salvo     P6 T4 ox
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.papermech.state import MOUNTS
from engine.papermech.tables import (
    LEGS_LINES,
    LEGS_TITLES,
    RATED_WEIGHT,
    TORSO_CIRCLES,
    TORSO_PENALTY_AT,
    Action,
    Mount,
)
from tui.papermech.widgets._canvas import Canvas, Styles
from tui.papermech.widgets._panel import PaperPanel

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.style import Style
    from rich.text import Text

    from engine.papermech.state import PaperState, Player

__all__ = ["Sheet", "circles", "render_sheet", "sheet_canvas"]

NAME = 14
"""Width of an action name ("Single Launch", "Precision Aim")."""
BLOCK = 2 + NAME + 1 + 5 + 1 + 2
"""Width of a mount: marker, name, "P4 T3", the two circles (25)."""
GAP = 2
"""Columns between the left and the right mounts."""
WIDTH = 2 * BLOCK + GAP
"""Columns of the full sheet (52)."""
HEIGHT = 17
"""Rows of the full sheet: two rows of mounts, then torso, stance and weight beside the legs."""
FILLED, EMPTY = "x", "o"


def circles(filled: tuple[bool, ...]) -> str:
    """Write damage circles: ``x`` filled, ``o`` empty."""
    return "".join(FILLED if c else EMPTY for c in filled)


def _put_circles(canvas: Canvas, x: int, y: int, filled: tuple[bool, ...]) -> None:
    for i, c in enumerate(filled):
        canvas.put(x + i, y, FILLED if c else EMPTY, "hit" if c else "circle")


def _mark(player: Player, action: Action) -> tuple[str, tuple[str, ...]]:
    """The marker and roles of an action line: chosen ``>``, disabled ``-``."""
    if player.action is action:
        return ">", ("chosen",)
    if player.line_disabled(action):
        return "-", ("disabled",)
    return " ", ()


def _mount_block(canvas: Canvas, x: int, y: int, player: Player, mount: Mount) -> None:
    weapon = player.weapon(mount)
    profile = weapon.profile
    canvas.put(x, y, f"{mount.value} {weapon.label}", "title")
    special = profile.special.value
    canvas.put(x + BLOCK - len(special), y, special, "special")
    reach = "-" if profile.range is None else profile.range.name
    canvas.put(x + 3, y + 1, f"armor {profile.armor} range {reach} W{profile.weight}", "label")
    filled = player.circles(mount)
    for line_no, line in enumerate(profile.lines):
        action = Action.of(mount, line_no)
        mark, roles = _mark(player, action)
        row = y + 2 + line_no
        text = f"{mark} {line.name[:NAME]:<{NAME}} P{line.p} T{line.t}"
        canvas.put(x, row, text, *roles)
        _put_circles(canvas, x + len(text) + 1, row, filled[2 * line_no : 2 * line_no + 2])


def _torso(canvas: Canvas, y: int, player: Player) -> None:
    canvas.put(0, y, f"TORSO armor {player.loadout.torso}", "title")
    _put_circles(canvas, 2, y + 1, tuple(i < player.torso for i in range(TORSO_CIRCLES)))
    if player.torso >= TORSO_PENALTY_AT:
        canvas.put(2 + TORSO_CIRCLES + 2, y + 1, "penalty +1 T", "warning")
    else:
        canvas.put(2 + TORSO_CIRCLES + 2, y + 1, f"(+1 T at {TORSO_PENALTY_AT})", "label")


def _legs(canvas: Canvas, x: int, y: int, player: Player) -> None:
    canvas.put(x, y, f"LEGS armor {player.loadout.legs}", "title")
    canvas.put(x + BLOCK - 2, y, "T1", "label")
    for line_no, action in enumerate(LEGS_LINES):
        mark, roles = _mark(player, action)
        row = y + 1 + line_no
        canvas.put(x, row, mark, *roles)
        _put_circles(canvas, x + 2, row, (player.legs[line_no],))
        canvas.put(x + 4, row, LEGS_TITLES[action], *roles)


def _status(canvas: Canvas, y: int, player: Player) -> None:
    loadout = player.loadout
    canvas.put(0, y, player.stance.value.upper(), "stance")
    canvas.put(12, y, f"intact {player.intact}", "label")
    weight = f"weight {loadout.weight}/{RATED_WEIGHT}"
    if loadout.penalty:
        canvas.put(0, y + 1, f"{weight}: +{loadout.penalty} T", "warning")
    else:
        canvas.put(0, y + 1, f"{weight}, no penalty", "label")


def sheet_canvas(state: PaperState, *, compact: bool = False) -> Canvas:
    """Draw the sheet: the full form (52 x 17, the mounts two by two) or the compact one (49 x 4).

    Args:
        state: the state.
        compact: one row per mount, for 80 x 24.

    Returns:
        The canvas.
    """
    player = state.player
    if compact:
        return _compact(player)
    canvas = Canvas(WIDTH, HEIGHT)
    for i, mount in enumerate(MOUNTS):
        _mount_block(canvas, (i % 2) * (BLOCK + GAP), (i // 2) * 6, player, mount)
    _torso(canvas, 12, player)
    _status(canvas, 15, player)
    _legs(canvas, BLOCK + GAP, 12, player)
    return canvas


def _compact(player: Player) -> Canvas:
    """One row per mount; the chosen line's circles in brackets."""
    canvas = Canvas(49, 4)
    for row, mount in enumerate(MOUNTS):
        weapon = player.weapon(mount)
        canvas.put(
            0, row, f"{mount.value} {weapon.label[:12]:<12} A{weapon.profile.armor}", "title"
        )
        filled = player.circles(mount)
        for line_no in range(3):
            action = Action.of(mount, line_no)
            x = 19 + 4 * line_no
            if player.action is action:
                canvas.put(x, row, "[  ]", "chosen")
            _put_circles(canvas, x + 1, row, filled[2 * line_no : 2 * line_no + 2])
    x = 33
    canvas.put(x, 0, f"TORSO A{player.loadout.torso}", "title")
    _put_circles(canvas, x + 9, 0, tuple(i < player.torso for i in range(TORSO_CIRCLES)))
    canvas.put(x, 1, f"LEGS A{player.loadout.legs}", "title")
    for line_no, action in enumerate(LEGS_LINES):
        # One column between circles, so the chosen line can be bracketed: "o[o]o o".
        if player.action is action:
            canvas.put(x + 7 + 2 * line_no, 1, "[ ]", "chosen")
        _put_circles(canvas, x + 8 + 2 * line_no, 1, (player.legs[line_no],))
    canvas.put(x, 2, player.stance.value.upper(), "stance")
    penalty = f"+{player.penalty} T" if player.penalty else "no penalty"
    canvas.put(
        x, 3, f"W{player.loadout.weight} {penalty}", "warning" if player.penalty else "label"
    )
    return canvas


def render_sheet(state: PaperState, styles: Styles | None = None, *, compact: bool = False) -> Text:
    """Draw the player's sheet (see `sheet_canvas`).

    Args:
        state: the state.
        styles: role -> style ("title", "special", "label", "circle", "hit", "chosen",
            "disabled", "warning", "stance").
        compact: the four-row form.

    Returns:
        The picture.
    """
    return sheet_canvas(state, compact=compact).to_text(styles)


class Sheet(PaperPanel):
    """The player's sheet panel."""

    PREFIX = "sheet"
    ROLES = (
        "title",
        "special",
        "label",
        "circle",
        "hit",
        "chosen",
        "disabled",
        "warning",
        "stance",
    )
    COMPONENT_CLASSES: ClassVar[set[str]] = {f"sheet--{role}" for role in ROLES}
    """
    | Class | Description |
    | :- | :- |
    | `sheet--title` | Mount, torso and legs headings. |
    | `sheet--special` | A weapon's special. |
    | `sheet--label` | Armor, range, weight. |
    | `sheet--circle` | An empty damage circle. |
    | `sheet--hit` | A filled damage circle. |
    | `sheet--chosen` | The chosen action's line. |
    | `sheet--disabled` | A line disabled by damage. |
    | `sheet--warning` | A penalty in force. |
    | `sheet--stance` | The stance. |
    """

    DEFAULT_CSS = """
    Sheet > .sheet--title { text-style: bold; }
    Sheet > .sheet--special { color: $secondary; }
    Sheet > .sheet--label { color: $text-muted; }
    Sheet > .sheet--circle { color: $foreground-darken-2; }
    Sheet > .sheet--hit { color: $error; text-style: bold; }
    Sheet > .sheet--chosen { color: $primary; text-style: bold; }
    Sheet > .sheet--disabled { color: $text-muted; text-style: strike; }
    Sheet > .sheet--warning { color: $warning; text-style: bold; }
    Sheet > .sheet--stance { color: $accent; text-style: bold; }
    """

    def draw(self, state: PaperState, styles: dict[str, Style]) -> RenderableType:
        """Draw the sheet."""
        return render_sheet(state, styles, compact=self.compact)
