"""How the BattleTech play screen shares its left part between the board and the log.

`BoardAndLog` is the column left of the side panels (``#bt-left``): the board, the hex line under
it and the log. The compact layout (below 120 x 38) keeps a three-line log under the board. The
wide layout gives the log what the board does not need, as the terminal grows:

- beside the board, the whole height, when the board leaves `BESIDE` columns or more unused (a
  200-column terminal with a 16-column map);
- else under it: every row the board does not need, and at least a third of the height (never
  fewer than `ROWS` rows), so a 40-row terminal shows ten lines of log and a 100-row one thirty.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.binding import Binding
from textual.containers import Vertical

from engine.battletech.commands import RollInitiative
from engine.battletech.events import PhaseStarted
from engine.battletech.state import Phase
from tui.battletech.phase_summary import pausing, set_pausing
from tui.screens.history import PHASE, TURN, HistoryScreen, title_of
from tui.widgets.hexboard import WIDE_STEP, board_size

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual import events

    from engine.narration import Told

__all__ = ["BESIDE", "HINT", "LOG_BINDINGS", "ROWS", "BoardAndLog", "log_room", "open_history"]

LOG_BINDINGS = [
    Binding(
        "pageup",
        "log(-1)",
        "Log up",
        show=False,
        priority=True,  # before the focused board's own PgUp (it would scroll the map)
        tooltip="Scroll the log up a page",
    ),
    Binding(
        "pagedown",
        "log(1)",
        "Log down",
        show=False,
        priority=True,
        tooltip="Scroll the log down a page",
    ),
    Binding(
        "l",
        "history",
        "Log",
        show=False,  # the log's border says it (the compact footer has no room left)
        tooltip="The battle log: every turn and phase; / searches",
    ),
]
"""The play screen's keys of the log: PgUp and PgDn scroll the panel, l opens the battle log."""

BESIDE = 44
"""The fewest unused columns beside the board that the log moves into."""

HINT = "l: the whole log  PgUp/PgDn: scroll"
"""The keys of the log, on its lower border (the wide layout)."""

ROWS = 9
"""The fewest rows of the log under the board in the wide layout (seven lines and the border)."""


def log_room(
    width: int, height: int, board: tuple[int, int], *, compact: bool
) -> tuple[bool, int] | None:
    """Where the log goes and how big it is.

    Args:
        width: the columns of the board's column.
        height: its rows.
        board: the board's drawn size (columns, rows), its scrollbars included.
        compact: the compact layout (the stylesheet's three lines stand).

    Returns:
        None for the stylesheet's size; else (beside the board, its width or height).
    """
    if compact or width <= 0 or height <= 0:
        return None
    board_width, board_height = board
    if width - board_width >= BESIDE:
        return True, width - board_width
    spare = height - 1 - board_height  # the hex line under the board
    return False, max(ROWS, height // 3, spare)


class BoardAndLog(Vertical):
    """The board, the hex line and the log: the log takes the room the board does not need."""

    def on_resize(self, event: events.Resize) -> None:
        """Share the new size out."""
        del event
        self.fit_log()

    def fit_log(self) -> None:
        """Put the log beside the board or under it, sized to what is left (`log_room`)."""
        logs = self.query("#bt-log")
        boards = self.query("#bt-board")
        if not logs or not boards:
            return
        log, board = logs.first(), boards.first()
        drawn = board.virtual_size
        compact = self.screen.has_class("-compact")
        view = getattr(board, "view", None)
        if getattr(board, "WIDE_WHEN_ROOM", False) and view is not None:
            # wide hexes when they leave the log its room beside them: larger hexes first
            wide = board_size(view.width, view.height, WIDE_STEP)
            if self.size.width - (wide.width + 1) >= BESIDE:
                drawn = wide
        room = log_room(
            self.size.width,
            self.size.height,
            (drawn.width + 1, drawn.height + 1),  # and the scrollbars
            compact=compact,
        )
        beside = room is not None and room[0]
        self.set_class(beside, "-log-beside")
        log.border_subtitle = None if compact else HINT
        if room is None:
            log.styles.width = None
            log.styles.height = None
        elif beside:
            log.styles.width = room[1]
            log.styles.height = None
        else:
            log.styles.width = None
            log.styles.height = room[1]


def headings(screen: Any) -> Callable[[Told], int]:  # noqa: ANN401 - the BattleTech screen
    """The heading level of a line: a turn's start (its initiative roll), a phase's, or none."""
    log = screen.game.log  # one copy of the log for every line asked about

    def level(told: Told) -> int:
        if told.entry >= len(log):
            return 0
        if told.is_command:
            return TURN if isinstance(log[told.entry].command, RollInitiative) else 0
        events = log[told.entry].events
        event = events[told.event] if told.event < len(events) else None
        if not isinstance(event, PhaseStarted):
            return 0
        return 0 if event.phase is Phase.INITIATIVE else PHASE

    return level


def open_history(screen: Any) -> None:  # noqa: ANN401 - the BattleTech screen
    """Show the battle log (`tui.screens.history`): the game so far, or up to a replay's place."""
    game = screen.game
    stop = None
    if screen.replaying:
        index, events = screen.cursor.position
        stop = index + (1 if events else 0)
    title = title_of(game.initial.title or "BattleTech", game.cursor)
    live = not screen.replaying
    screen.app.push_screen(
        HistoryScreen(
            screen.story,
            title,
            headings(screen),
            stop=stop,
            pauses=(lambda: pausing(screen)) if live else None,
            set_pauses=(lambda on: set_pausing(screen, on)) if live else None,
        )
    )
