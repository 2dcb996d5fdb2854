"""The DW log beyond its panel: the whole log on a screen of its own, and what just happened.

At 80 x 24 the play screen's log panel shows three lines, so an attack's dice roll out of sight at
once. ``H`` opens the shared battle log (`tui.screens.history.HistoryScreen`: every line told so
far, scrolled with the arrows and PgUp/PgDn, ``/`` finds a word), each turn's start (DW-7.1) a
heading and each End Phase (DW-7.3) a sub-heading.

`happened_lines` gives the hot-seat hand-over (`tui.dystopian.game_screen.PassScreen`) the lines
of the command just given, dice included (DW-2.1), so the player who fired sees the result
before passing the terminal. DW keeps no secret from the log: a T card chosen face down (DW-8.2)
is never named there, so what the log says both players may read.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from engine.dystopian.events import EndPhaseBegan, TurnBegan
from tui.screens.history import PHASE, TURN, HistoryScreen, title_of

if TYPE_CHECKING:
    from collections.abc import Callable

    from engine.narration import Told
    from tui.widgets.story import Story

__all__ = ["HAPPENED_ROWS", "HAPPENED_WIDTH", "happened_lines", "headings", "open_log"]

HAPPENED_ROWS = 8
"""The most rows of "What just happened" the hand-over shows (the last one cut with "…")."""
HAPPENED_WIDTH = 70
"""The hand-over box's text width (its 76 columns less the border and padding)."""


def headings(game: Any) -> Callable[[Told], int]:  # noqa: ANN401 - the kernel's Game
    """The heading level of a line: a turn's start (DW-7.1), an End Phase's (DW-7.3), or none."""
    log = game.log  # one copy of the log for every line asked about

    def level(told: Told) -> int:
        if told.is_command or told.entry >= len(log):
            return 0
        events = log[told.entry].events
        event = events[told.event] if told.event < len(events) else None
        if isinstance(event, TurnBegan):
            return TURN
        return PHASE if isinstance(event, EndPhaseBegan) else 0

    return level


def open_log(screen: Any) -> None:  # noqa: ANN401 - the DW play screen
    """Show the whole log (`tui.screens.history`): the game so far, or up to a replay's place."""
    game = screen.game
    stop = None
    if screen.replaying:
        index, events = screen.cursor.position
        stop = index + (1 if events else 0)
    title = title_of(game.initial.setup.title or "Dystopian Wars", game.cursor)
    screen.app.push_screen(HistoryScreen(screen.story, title, headings(game), stop=stop))


def happened_lines(
    story: Story, *, rows: int = HAPPENED_ROWS, width: int = HAPPENED_WIDTH
) -> list[str]:
    """The last command's lines as the log words them, dice included, in at most ``rows`` rows.

    Lines are wrapped to ``width``; past ``rows`` the last row shown ends with "…". Routine lines
    are left out, as the log leaves them out.

    Args:
        story: the play screen's story, in step with the game.
        rows: the most rows.
        width: the text's width.

    Returns:
        The rows (the command's own line first, "# end"), or none before the first command.
    """
    if not len(story):
        return []
    out: list[str] = []
    for told in story.entry(len(story) - 1):
        if told.routine:
            continue
        prefix = "# " if told.is_command else "  "
        parts = textwrap.wrap(told.text, width - len(prefix), break_on_hyphens=False) or [""]
        out += [(prefix if n == 0 else " " * len(prefix)) + part for n, part in enumerate(parts)]
    if len(out) <= rows:
        return out
    kept = out[:rows]
    last = kept[-1]
    kept[-1] = (last if len(last) < width else last[: width - 2].rstrip()) + " …"
    return kept
