"""The time track (PM-4): spaces ACTIVE, 1, 2, ... with every cube on it.

The player's cube is ``P``; each enemy's cube is its letter. The track is drawn to at least space 9
(DESIGN: the engine's track is unbounded), and further when a cube stands higher::

    ACTIVE  1    2    3    4    5    6    7    8    9
    [ H ]  [ ]  [P]  [ ]  [ ]  [F]  [ ]  [ ]  [ ]  [ ]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from tui.papermech.widgets._canvas import Canvas, Styles
from tui.papermech.widgets._panel import PaperPanel

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.style import Style
    from rich.text import Text

    from engine.papermech.state import PaperState

__all__ = ["MIN_SPACES", "TimeTrack", "render_track", "track_canvas", "track_cubes"]

MIN_SPACES = 9
"""The track is drawn to space 9 at least."""

PLAYER = "P"
"""The player's cube."""


def track_cubes(state: PaperState) -> list[str]:
    """The cubes on each space, index 0 = ACTIVE: the player's "P" first, then the enemies'.

    Args:
        state: the state.

    Returns:
        One string of cube letters per space, from ACTIVE to max(9, the highest cube).
    """
    times = [e.time for e in state.enemies]
    if state.player.time is not None:
        times.append(state.player.time)
    spaces = [""] * (max([MIN_SPACES, *times]) + 1)
    if state.player.time is not None:
        spaces[max(0, state.player.time)] += PLAYER
    for enemy in state.enemies:
        spaces[max(0, enemy.time)] += enemy.key
    return spaces


def track_canvas(state: PaperState, *, compact: bool = False) -> Canvas:
    """Draw the track: a row of space numbers over a row of cubes in brackets.

    Args:
        state: the state.
        compact: leave no gap between spaces (for 80 columns).

    Returns:
        The canvas, two rows high.
    """
    spaces = track_cubes(state)
    gap = 0 if compact else 1
    widths = [max(1, len(cubes)) + 2 for cubes in spaces]
    widths[0] = max(widths[0], 3 if compact else 6)
    canvas = Canvas(sum(widths) + gap * (len(widths) - 1), 2)
    x = 0
    for space, (cubes, width) in enumerate(zip(spaces, widths, strict=True)):
        name = ("ACT" if compact else "ACTIVE") if space == 0 else str(space)
        canvas.put(x + (width - len(name)) // 2, 0, name, "active" if space == 0 else "label")
        canvas.put(x, 1, "[" + " " * (width - 2) + "]", "box")
        start = x + 1 + (width - 2 - len(cubes)) // 2
        for i, cube in enumerate(cubes):
            canvas.put(start + i, 1, cube, "player" if cube == PLAYER else "enemy")
        x += width + gap
    return canvas


def render_track(state: PaperState, styles: Styles | None = None, *, compact: bool = False) -> Text:
    """Draw the time track with every cube (see `track_canvas`).

    Args:
        state: the state.
        styles: role -> style ("label", "active", "box", "player", "enemy").
        compact: the narrow form.

    Returns:
        The picture, two rows high.
    """
    return track_canvas(state, compact=compact).to_text(styles)


class TimeTrack(PaperPanel):
    """The time-track panel."""

    PREFIX = "track"
    ROLES = ("label", "active", "box", "player", "enemy")
    COMPONENT_CLASSES: ClassVar[set[str]] = {f"track--{role}" for role in ROLES}
    """
    | Class | Description |
    | :- | :- |
    | `track--label` | Space numbers. |
    | `track--active` | The ACTIVE space's name. |
    | `track--box` | The brackets of a space. |
    | `track--player` | The player's cube, P. |
    | `track--enemy` | An enemy's cube (its letter). |
    """

    DEFAULT_CSS = """
    TimeTrack > .track--label { color: $text-muted; }
    TimeTrack > .track--active { color: $accent; text-style: bold; }
    TimeTrack > .track--box { color: $foreground-darken-3; }
    TimeTrack > .track--player { color: $primary; text-style: bold reverse; }
    TimeTrack > .track--enemy { color: $warning; text-style: bold; }
    """

    def draw(self, state: PaperState, styles: dict[str, Style]) -> RenderableType:
        """Draw the track."""
        return render_track(state, styles, compact=self.compact)
