r"""The radar (PM-8): 8 wedges x 4 rings around the 'Mech, the enemies' letters in their spaces.

Two pictures of the same 32 spaces:

- `render_radar` (the full one) draws a cross around the 'Mech, as on the sheet: each wedge is an
  arm of four cells, ring C next to the 'Mech and ring L outermost. Wedges 3 | 4 go up (the 'Mech
  faces them), RL | RR down, 2 and 1 to the left, 5 and 6 to the right. The ring letters sit on the
  corner diagonals, where each ring turns from one arm to the next::

                             3   4
         L               |   |   |               L
             M           |   | H |           M
                 S       |   |   |       S
                     C   |   |   |   C
       2 |   |   | F |   |  /^\  |   |   |   |   | 5
       1 |   |   |   |   |  [_]  |   |   |   |   | 6
                     C   |:::|:::|   C
                         ...
                          RL  RR

- `render_panorama` (the compact one) unrolls the circle: a column per wedge from RL round to RR,
  a row per ring from L (far) down to C, and the 'Mech under the middle, facing up.

Both shade the rear wedges RR and RL with ``:`` and mark the spaces the chosen weapon reaches (in
its mount's arc and in range) with ``.``, so they read without colour too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.reactive import reactive

from engine.papermech import radar as rules
from engine.papermech.tables import MOUNT_ARCS, Mount, Ring, Wedge
from tui.papermech.widgets._canvas import Canvas, Styles
from tui.papermech.widgets._panel import PaperPanel

if TYPE_CHECKING:
    from collections.abc import Callable

    from rich.console import RenderableType
    from rich.style import Style
    from rich.text import Text

    from engine.papermech.state import Enemy, PaperState

__all__ = [
    "Radar",
    "arc_spaces",
    "panorama_canvas",
    "radar_canvas",
    "render_panorama",
    "render_radar",
]

CELL = 3
"""Characters inside a cell: room for three letters (the biggest wave has three enemies)."""

Space = tuple[Ring, Wedge]

_RINGS_OUT = (Ring.L, Ring.M, Ring.S, Ring.C)
"""Ring order along an arm, from the outside in."""


def arc_spaces(state: PaperState, mount: Mount | None) -> frozenset[Space]:
    """The spaces the weapon on ``mount`` can attack: in the mount's arc and in range (PM-8).

    Args:
        state: the state (it holds the loadout).
        mount: the mount, or None for no highlight.

    Returns:
        The spaces; empty for None, or for a weapon that never attacks (the Wing Shield).
    """
    if mount is None:
        return frozenset()
    reach = state.player.weapon(mount).profile.range
    if reach is None:
        return frozenset()
    return frozenset(
        (ring, wedge) for wedge in MOUNT_ARCS[mount] for ring in Ring if rules.reaches(reach, ring)
    )


def _letters(enemies: tuple[Enemy, ...]) -> dict[Space, str]:
    found: dict[Space, str] = {}
    for enemy in enemies:
        found[enemy.space] = found.get(enemy.space, "") + enemy.key
    return found


def _cell(canvas: Canvas, x: int, y: int, space: Space, letters: str, *, arc: bool) -> None:
    """Fill one cell: shading, arc mark, then the letters over them."""
    rear = space[1].rear
    fill = (":" if rear else " ") * CELL
    if arc:
        fill = fill[: CELL // 2] + "." + fill[CELL // 2 + 1 :]
    roles = (*(("rear",) if rear else ()), *(("arc",) if arc else ()))
    canvas.put(x, y, fill, *roles)
    if letters:
        shown = letters if len(letters) <= CELL else letters[: CELL - 1] + "+"
        canvas.put(x + (CELL - len(shown)) // 2, y, shown, *roles, "enemy")


# ------------------------------------------------------------------ the cross
_TOP = (Wedge.W3, Wedge.W4)
_BOTTOM = (Wedge.RL, Wedge.RR)
_LEFT = (Wedge.W2, Wedge.W1)
_RIGHT = (Wedge.W5, Wedge.W6)


def _cross_space(row: int, col: int) -> Space | None:
    """The space of grid cell (row, col) of the 10 x 10 cross, or None off the arms/centre."""
    if row < 4 and col in (4, 5):  # noqa: PLR2004 - the cross's middle two columns
        return _RINGS_OUT[row], _TOP[col - 4]
    if row > 5 and col in (4, 5):  # noqa: PLR2004
        return _RINGS_OUT[9 - row], _BOTTOM[col - 4]
    if col < 4 and row in (4, 5):  # noqa: PLR2004
        return _RINGS_OUT[col], _LEFT[row - 4]
    if col > 5 and row in (4, 5):  # noqa: PLR2004
        return _RINGS_OUT[9 - col], _RIGHT[row - 4]
    return None


def _cross_labels(canvas: Canvas, x_of: Callable[[int], int]) -> None:
    """Ring letters on the corner diagonals, wedge names at the arms' ends, the 'Mech."""
    # The ring letters on the corner diagonals, where a ring turns from one arm to the next.
    for k, ring in enumerate(_RINGS_OUT):
        for row, col in ((k, k), (k, 9 - k), (9 - k, k), (9 - k, 9 - k)):
            canvas.put(x_of(col) + CELL // 2, row + 1, ring.name, "label")
    # The 'Mech in the middle, facing wedges 3 and 4.
    middle = x_of(4)
    canvas.put(middle, 5, "  /^\\  ", "mech")
    canvas.put(middle, 6, "  [_]  ", "mech")
    canvas.put(middle - 1, 5, "|", "line")
    canvas.put(middle - 1, 6, "|", "line")
    canvas.put(x_of(6) - 1, 5, "|", "line")
    canvas.put(x_of(6) - 1, 6, "|", "line")
    for col, wedge in zip((4, 5), _TOP, strict=True):
        canvas.put(x_of(col) + 1, 0, wedge.label, "label")
    for col, wedge in zip((4, 5), _BOTTOM, strict=True):
        canvas.put(x_of(col), 11, wedge.label, "label")
    for y, wedge in zip((5, 6), _LEFT, strict=True):
        canvas.put(0, y, wedge.label, "label")
    for y, wedge in zip((5, 6), _RIGHT, strict=True):
        canvas.put(x_of(9) + CELL + 2, y, wedge.label, "label")


def radar_canvas(state: PaperState, arc: frozenset[Space] = frozenset()) -> Canvas:
    """Draw the full radar (the cross) on a canvas of 45 x 12.

    Args:
        state: whose enemies to draw.
        arc: the spaces to mark as reached by the chosen weapon.

    Returns:
        The canvas.
    """
    left = 2  # the wedge labels 2 and 1
    step = CELL + 1
    canvas = Canvas(left + 10 * step + 1 + 2, 12)
    letters = _letters(state.enemies)

    def x_of(col: int) -> int:
        return left + 1 + col * step

    for row in range(10):
        y = row + 1
        for col in range(10):
            space = _cross_space(row, col)
            if space is None:
                continue
            canvas.put(x_of(col) - 1, y, "|", "line")
            canvas.put(x_of(col) + CELL, y, "|", "line")
            _cell(canvas, x_of(col), y, space, letters.get(space, ""), arc=space in arc)
    _cross_labels(canvas, x_of)
    return canvas


def render_radar(
    state: PaperState, arc: frozenset[Space] = frozenset(), styles: Styles | None = None
) -> Text:
    """Draw the full radar: the cross of 8 arms x 4 rings around the 'Mech (45 x 12).

    Args:
        state: whose enemies to draw.
        arc: the spaces the chosen weapon reaches (`arc_spaces`).
        styles: role -> style ("line", "label", "rear", "arc", "enemy", "mech").

    Returns:
        The picture.
    """
    return radar_canvas(state, arc).to_text(styles)


# ------------------------------------------------------------------ the panorama
PANORAMA_WEDGES = (
    Wedge.RL,
    Wedge.W1,
    Wedge.W2,
    Wedge.W3,
    Wedge.W4,
    Wedge.W5,
    Wedge.W6,
    Wedge.RR,
)
"""The columns of the compact radar: clockwise from behind the left shoulder to behind the right."""


def panorama_canvas(state: PaperState, arc: frozenset[Space] = frozenset()) -> Canvas:
    """Draw the compact radar on a canvas of 35 x 6 (see `render_panorama`)."""
    left = 2
    step = CELL + 1
    canvas = Canvas(left + 8 * step + 1, 6)
    letters = _letters(state.enemies)
    for col, wedge in enumerate(PANORAMA_WEDGES):
        x = left + 1 + col * step
        canvas.put(x + (CELL - len(wedge.label)) // 2, 0, wedge.label, "label")
        for row, ring in enumerate(_RINGS_OUT):
            space = (ring, wedge)
            _cell(canvas, x, row + 1, space, letters.get(space, ""), arc=space in arc)
    for row, ring in enumerate(_RINGS_OUT):
        canvas.put(0, row + 1, ring.name, "label")
        # The 'Mech faces the line between wedges 3 and 4.
        canvas.put(left + 4 * step, row + 1, "|", "line")
    canvas.put(left + 4 * step - 1, 5, "/^\\", "mech")
    return canvas


def render_panorama(
    state: PaperState, arc: frozenset[Space] = frozenset(), styles: Styles | None = None
) -> Text:
    """Draw the compact radar: a column per wedge (RL, 1-6, RR), a row per ring (L at the top).

    Args:
        state: whose enemies to draw.
        arc: the spaces the chosen weapon reaches (`arc_spaces`).
        styles: role -> style, as for `render_radar`.

    Returns:
        The picture (35 x 6).
    """
    return panorama_canvas(state, arc).to_text(styles)


class Radar(PaperPanel):
    """The radar panel: the cross, or the panorama when `compact` is set."""

    PREFIX = "radar"
    ROLES = ("line", "label", "rear", "arc", "enemy", "mech")
    COMPONENT_CLASSES: ClassVar[set[str]] = {f"radar--{role}" for role in ROLES}
    """
    | Class | Description |
    | :- | :- |
    | `radar--line` | The cell walls. |
    | `radar--label` | Wedge and ring names. |
    | `radar--rear` | The shaded rear wedges RR and RL. |
    | `radar--arc` | Spaces the chosen weapon reaches. |
    | `radar--enemy` | Enemy letters. |
    | `radar--mech` | The player's 'Mech. |
    """

    DEFAULT_CSS = """
    Radar > .radar--line { color: $foreground-darken-3; }
    Radar > .radar--label { color: $text-muted; }
    Radar > .radar--rear { color: $foreground-darken-2; background: $panel; }
    Radar > .radar--arc { background: $primary-muted; }
    Radar > .radar--enemy { color: $warning; text-style: bold; }
    Radar > .radar--mech { color: $primary; text-style: bold; }
    """

    arc_mount: reactive[Mount | None] = reactive(None)
    """The mount whose arc is marked (the chosen or previewed action's)."""

    def draw(self, state: PaperState, styles: dict[str, Style]) -> RenderableType:
        """Draw the cross, or the panorama when compact."""
        arc = arc_spaces(state, self.arc_mount)
        if self.compact:
            return render_panorama(state, arc, styles)
        return render_radar(state, arc, styles)
