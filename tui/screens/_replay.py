"""Replay controls shared by game screens: a command or an event at a time, play, pause, speed.

A screen that mixes in `ReplayControls` keeps a `ReplayCursor` in ``cursor`` over ``game`` and
redraws itself in `_redraw`; it binds keys to the ``action_`` methods (`BattleTechScreen` and
`PaperMechScreen` bind Left/Right, Shift+Left/Right, Home/End, Space, + and -).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.timer import Timer

    from engine.game import Game
    from tui.widgets.paper.story import ReplayCursor

__all__ = ["SPEEDS", "ReplayControls"]

SPEEDS = (1, 2, 4, 10)
"""Replay speeds, in commands per second."""


class ReplayControls:
    """Step, seek and play a replay; the host screen supplies `cursor`, `game` and `_redraw`."""

    cursor: ReplayCursor
    game: Game[Any, Any, Any, Any]
    _speed: int = 0
    _timer: Timer | None = None

    if TYPE_CHECKING:  # the host screen's

        def _redraw(self) -> None: ...

        def set_interval(self, interval: float, callback: Callable[[], None]) -> Timer: ...

    def _replay_moved(self) -> None:
        """Called after the cursor moved and the screen was redrawn (for a screen to follow it)."""

    @property
    def replay_clock(self) -> str:
        """The speed and whether it plays: "2x playing", "1x paused"."""
        return f"{SPEEDS[self._speed]}x " + ("playing" if self._timer else "paused")

    def _go(self, cursor: ReplayCursor) -> None:
        self.cursor = cursor
        self._redraw()
        self._replay_moved()

    def action_step_replay(self, step: int) -> None:
        """Replay: one command forward (1) or back (-1)."""
        self._go(self.cursor.step(step))

    def action_step_event(self, step: int) -> None:
        """Replay: one event forward (1) or back (-1)."""
        self._go(self.cursor.step_event(step))

    def action_seek(self, where: int) -> None:
        """Replay: the start (0) or the end (-1)."""
        self._pause()
        self._go(self.cursor.go(0 if where == 0 else len(self.game.log)))

    def action_play(self) -> None:
        """Replay: play (a command per tick) or pause."""
        if self._timer is not None:
            self._pause()
        else:
            if self.cursor.at_end:
                self.cursor = self.cursor.go(0)
            self._timer = self.set_interval(1 / SPEEDS[self._speed], self._tick)
        self._redraw()

    def action_speed(self, step: int) -> None:
        """Replay: faster (1) or slower (-1)."""
        self._speed = max(0, min(len(SPEEDS) - 1, self._speed + step))
        if self._timer is not None:
            self._timer.stop()
            self._timer = self.set_interval(1 / SPEEDS[self._speed], self._tick)
        self._redraw()

    def _tick(self) -> None:
        if self.cursor.at_end:
            self._pause()
            self._redraw()
            return
        self.action_step_replay(1)

    def _pause(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
