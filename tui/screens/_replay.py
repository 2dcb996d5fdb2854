"""Replay controls owned by every game screen: step, jump, play, follow, and the timeline.

`tui.screens.game.GameScreen` owns one `ReplayControls` (composition): the screen keeps the
`ReplayCursor` in ``cursor`` over the entries in effect of ``game``, tells them in ``story`` and
draws itself in ``redraw``, which ends by calling `ReplayControls.redrawn` (the timeline follows).
The screen's replay actions hand over to the methods here; `state` gives the state shown (folded
once per position).

Keys (the screens bind them): a command back or forward, an event back or forward, the start or the
end, play/pause and speed (`SPEEDS`), the previous or next turn or wave (`jump_bindings`: ``<``
and ``>``; BattleTech phases ``,`` and ``.``), and ``g`` to go to a turn or wave by number.

**Following.** `ReplayControls.follow` gives it a `saves.tail.JournalTail`: while the screen is up,
a timer polls the save every `FOLLOW_EVERY` seconds and applies what another process appended. A
replay that stood at the newest move moves on to the new one; one the viewer stepped back stays
where it is (End catches up). An undo written by the player takes the entry back here too.
"""

from __future__ import annotations

import bisect
import gc
from typing import TYPE_CHECKING, Any

from attrs import frozen
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from saves.journal import SaveError
from tui.screens._marks import Mark, find_marks, rule_of
from tui.widgets.log import EventLog
from tui.widgets.story import ReplayCursor
from tui.widgets.timeline import Timeline, TimelineView

if TYPE_CHECKING:
    from textual.app import ComposeResult
    from textual.timer import Timer

    from saves.tail import JournalTail
    from tui.screens.game import GameScreen

__all__ = [
    "FOLLOW_EVERY",
    "REPLAY_ACTIONS",
    "SPEEDS",
    "SPEED_BINDINGS",
    "GotoScreen",
    "ReplayControls",
    "jump_bindings",
    "parse_number",
]

SPEEDS = (1, 2, 4, 10)
"""Replay speeds, in commands per second."""

FOLLOW_EVERY = 0.5
"""Seconds between two looks at a followed save (a stat; the file is read only when it grew)."""

STATES_KEPT = 8
"""States kept by position (`ReplayControls.state_at`): the start, the end and the last steps."""

REPLAY_ACTIONS = frozenset(
    {"step_replay", "step_event", "seek", "play", "speed", "jump", "goto", "timeline_seek"}
)
"""The actions of a replay: a screen shows them only while replaying."""


SPEED_BINDINGS = [
    Binding("plus,equals_sign", "speed(1)", "Faster", key_display="+", show=False),
    Binding("minus", "speed(-1)", "Slower", key_display="-", show=False),
]
"""The keys that play a replay faster or slower (both screens bind them)."""


def jump_bindings(unit: str, minor: str | None = None) -> list[Binding]:
    """The keys that jump between marks: ``<`` ``>`` by ``unit``, ``,`` ``.`` by ``minor``, ``g``.

    Args:
        unit: what a major mark starts ("turn", "wave").
        minor: what every mark starts ("phase"), or None when only the major marks count.
    """
    title = unit.capitalize()
    keys = [
        Binding("less_than_sign", "jump(-1, True)", f"{title} back", show=False),
        Binding(
            "greater_than_sign",
            "jump(1, True)",
            title,
            key_display="< >",
            tooltip=f"Replay: the start of the previous or next {unit}",
        ),
        Binding("g", "goto", "Go to", tooltip=f"Replay: go to a {unit} by its number"),
    ]
    if minor is not None:
        keys += [
            Binding("comma", "jump(-1, False)", f"{minor.capitalize()} back", show=False),
            Binding(
                "full_stop",
                "jump(1, False)",
                minor.capitalize(),
                key_display=", .",
                show=False,
                tooltip=f"Replay: the start of the previous or next {minor}",
            ),
        ]
    return keys


def parse_number(text: str) -> tuple[int, ...] | None:
    """Read a turn or wave typed by the viewer: "3", or "2.1" / "2/1" for battle 2, wave 1."""
    parts = text.replace("/", ".").replace(",", ".").split(".")
    if not all(part.strip().isdigit() for part in parts):
        return None
    return tuple(int(part) for part in parts)


class GotoScreen(ModalScreen[str | None]):
    """Ask for a turn or wave number; dismissed with the text typed, or None."""

    DEFAULT_CSS = """
    GotoScreen {
        align: center middle;
    }
    GotoScreen > Vertical {
        width: 44;
        height: auto;
        padding: 0 1;
        border: round $primary;
        background: $surface;
    }
    GotoScreen Input {
        margin-top: 1;
    }
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, placeholder: str = "") -> None:
        """Create the question.

        Args:
            question: what to ask ("Go to turn (1-6):").
            placeholder: the input's hint.
        """
        super().__init__()
        self.question = question
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        """The question and a one-line input."""
        with Vertical():
            yield Static(self.question, markup=False)
            yield Input(placeholder=self.placeholder, id="goto-input")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Answer with the text."""
        event.stop()
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        """Answer nothing."""
        self.dismiss(None)


@frozen
class _Spots:
    """Where the marks stand, kept per log: every mark's position, and the major marks."""

    positions: tuple[tuple[int, int], ...]
    majors: tuple[Mark, ...]
    major_positions: tuple[tuple[int, int], ...]
    labels: tuple[tuple[int, str], ...]


class ReplayControls:
    """Step, jump, play and follow the replay of the game screen that owns it."""

    def __init__(self, screen: GameScreen) -> None:
        """Serve ``screen``: its ``cursor``, ``game``, ``story`` and ``redraw``.

        Args:
            screen: the game screen (it calls `redrawn` at the end of its every redraw).
        """
        self.screen = screen
        self.speed = 0
        self.timer: Timer | None = None
        self.tail: JournalTail | None = None
        self._follow_timer: Timer | None = None
        self._log_version = 0
        self._states: dict[tuple[int, int], Any] = {}  # position -> state, the newest last
        self._states_version = 0  # the log version ``_states`` were folded from
        self._warmed = False
        self._frozen = False
        self._marks_cache: tuple[int, tuple[Mark, ...]] | None = None
        self._spots_cache: tuple[int, _Spots] | None = None

    @property
    def cursor(self) -> ReplayCursor:
        """The screen's replay position."""
        return self.screen.cursor

    # ------------------------------------------------------------------ for the screen
    def compose(self) -> ComposeResult:
        """Yield the replay's own widgets (the timeline) for the screen's compose; none in play."""
        screen = self.screen
        if screen.replaying:
            compact = "-compact" if screen.compact else None
            ascii_only = bool(getattr(screen.app, "ascii_only", False))
            yield Timeline(ascii_only=ascii_only, classes=compact)

    def follow(self, tail: JournalTail) -> None:
        """Follow a save as it grows (call before the screen is shown); the replay's game is its.

        Args:
            tail: the save, read up to now; ``tail.game`` must be the screen's ``game``.
        """
        self.tail = tail

    @property
    def following(self) -> bool:
        """Whether the screen follows a save that another process writes."""
        return self.tail is not None

    def state(self) -> Any:  # noqa: ANN401 - the ruleset's state
        """Return the state at the position, folded once per position (and per log change)."""
        return self.state_at(self.cursor.position)

    def state_at(self, position: tuple[int, int]) -> Any:  # noqa: ANN401 - the ruleset's state
        """Return the state at a position; the states of the last `STATES_KEPT` are kept.

        Home and End back and forth, or steps back and forth, fold each position once (`warm`
        folds the end before it is first asked for).
        """
        states = self._states
        if self._states_version != self._log_version:
            states.clear()
            self._states_version = self._log_version
        state = states.pop(position, None)
        if state is None:
            state = self.screen.game.state_at(*position)
        states[position] = state  # the newest last
        if len(states) > STATES_KEPT:
            del states[next(iter(states))]
        return state

    @property
    def marks(self) -> tuple[Mark, ...]:
        """Where every turn and phase (or wave) begins in the entries in effect."""
        if self._marks_cache is None or self._marks_cache[0] != self._log_version:
            game = self.screen.game
            self._marks_cache = (self._log_version, find_marks(game.ruleset.name, game.entries))
        return self._marks_cache[1]

    @property
    def spots(self) -> _Spots:
        """The marks' positions as the cursor holds them, and the major marks: once per log."""
        if self._spots_cache is None or self._spots_cache[0] != self._log_version:
            marks = self.marks
            self._spots_cache = (
                self._log_version,
                _Spots(
                    positions=tuple(self._at(m) for m in marks),
                    majors=tuple(m for m in marks if m.major),
                    major_positions=tuple(self._at(m) for m in marks if m.major),
                    labels=tuple((m.index, str(m.number[-1])) for m in marks if m.major),
                ),
            )
        return self._spots_cache[1]

    @property
    def clock(self) -> str:
        """The speed and whether it plays: "2x playing", "1x paused"."""
        return f"{SPEEDS[self.speed]}x " + ("playing" if self.timer else "paused")

    def redrawn(self) -> None:
        """Draw the timeline and start following (the end of the screen's every redraw)."""
        screen = self.screen
        if not screen.replaying:
            return
        view = self.timeline_view()
        for timeline in screen.query(Timeline):
            timeline.show(view)
        if self.tail is not None and self._follow_timer is None:
            self._follow_timer = screen.set_interval(FOLLOW_EVERY, self._follow_poll)
        if not self._warmed:
            self._warmed = True
            screen.call_after_refresh(self.warm)

    def warm(self) -> None:
        """Once the first frame is drawn: fold the end, and tell and wrap the log's lines there.

        What the first End would otherwise do while the viewer waits (issue 14 row 1): the state
        at the end (folded from the last kept state) and the story's last lines (told from it).
        """
        screen = self.screen
        if not screen.is_attached:  # pragma: no cover - closed before its first frame
            return
        end = (len(self.cursor.sizes), 0)
        here = self.cursor.position
        self.state_at(end)
        self.state_at(here)  # the position shown stays the newest kept
        for log in screen.query(EventLog):
            log.prepare(screen.story, end)
        # The loaded game never changes: move it out of the collector's sight. Otherwise every
        # few keys a full collection walks the whole replay (100-160 ms at 5,000 commands,
        # against 20-30 ms for the key itself). It only stops the cyclic collector rescanning
        # these objects; `release` gives them back to the collector when the screen closes.
        gc.freeze()
        self._frozen = True

    def release(self) -> None:
        """The screen closes: what `warm` froze goes back to the collector (its cycles freed)."""
        if self._frozen:
            self._frozen = False
            gc.unfreeze()

    def timeline_view(self) -> TimelineView:
        """Return what the timeline shows at the replay's position."""
        cursor = self.cursor
        index, events = cursor.position
        marks = self.marks
        spots = self.spots
        majors = spots.majors
        here = bisect.bisect_right(spots.positions, cursor.position)  # the marks passed
        return TimelineView(
            total=len(cursor.sizes),
            index=index,
            events=events,
            size=0 if cursor.at_end else cursor.sizes[index],
            marks=spots.labels,
            where=marks[here - 1].title if here else "",
            last=str(majors[-1].number[-1]) if majors else "",
            clock=self.clock,
            following=self.following,
        )

    # ------------------------------------------------------------------ moving
    def go(self, cursor: ReplayCursor) -> None:
        """Put the screen's cursor there, let the screen follow the move, and draw it.

        The screen follows first (a BattleTech board's cursor goes to the unit of the command),
        so the panels that show what is under the board's cursor are drawn once, for there.
        """
        screen = self.screen
        screen.cursor = cursor
        screen.replay_moved()
        screen.redraw()

    def _at(self, mark: Mark) -> tuple[int, int]:
        """A mark's position as the cursor holds it (its command's last event is the next one)."""
        return self.cursor.go(*mark.position).position

    def step(self, step: int) -> None:
        """Go one command forward (1) or back (-1)."""
        self.go(self.cursor.step(step))

    def step_event(self, step: int) -> None:
        """Go one event forward (1) or back (-1)."""
        self.go(self.cursor.step_event(step))

    def seek(self, where: int) -> None:
        """Go to the start (0) or the end (-1), pausing."""
        self.pause()
        self.go(self.cursor.go(0 if where == 0 else len(self.cursor.sizes)))

    def jump(self, step: int, *, major: bool = True) -> None:
        """Go to the start of the next (1) or previous (-1) turn or wave (``major``), or phase.

        Past the last mark it goes to the end; before the first, to the start.
        """
        spots = self.spots
        marks = spots.major_positions if major else spots.positions
        here = self.cursor.position
        if step > 0:
            target = next((p for p in marks if p > here), (len(self.cursor.sizes), 0))
        else:
            target = next((p for p in reversed(marks) if p < here), (0, 0))
        self.go(self.cursor.go(*target))

    def ask_goto(self) -> None:
        """Ask for a turn or wave number and go to its start."""
        screen = self.screen
        rule = rule_of(screen.game.ruleset.name)
        majors = [m for m in self.marks if m.major]
        if rule is None or not majors:
            screen.notify("This game has no turns or waves to go to yet", severity="warning")
            return
        first, last = majors[0].number[-1], majors[-1].number[-1]
        hint = "3, or 2.1 for battle 2 wave 1" if len(majors[0].number) > 1 else str(last)
        question = f"Go to {rule.unit} ({first}-{last}):"
        screen.app.push_screen(GotoScreen(question, placeholder=hint), self._goto)

    def _goto(self, text: str | None) -> None:
        if text is None:
            return
        number = parse_number(text)
        mark = self.find_major(number) if number is not None else None
        if mark is None:
            self.screen.notify(f"No {text!r} in this game", severity="warning", markup=False)
            return
        self.go(self.cursor.go(*mark.position))

    def find_major(self, number: tuple[int, ...]) -> Mark | None:
        """Return the first major mark with this number: (turn,), (wave,) of battle 1, or both.

        Args:
            number: what the viewer typed, read by `parse_number`.
        """
        for mark in self.marks:
            if not mark.major:
                continue
            if mark.number == number or (len(number) == 1 and mark.number[-1:] == number):
                return mark
        return None

    # ------------------------------------------------------------------ playing
    def play(self) -> None:
        """Play (a command per tick) or pause."""
        if self.timer is not None:
            self.pause()
        else:
            if self.cursor.at_end:
                self.screen.cursor = self.cursor.go(0)
            self.timer = self.screen.set_interval(1 / SPEEDS[self.speed], self._tick)
        self.screen.redraw()

    def change_speed(self, step: int) -> None:
        """Play faster (1) or slower (-1)."""
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + step))
        if self.timer is not None:
            self.timer.stop()
            self.timer = self.screen.set_interval(1 / SPEEDS[self.speed], self._tick)
        self.screen.redraw()

    def _tick(self) -> None:
        if self.cursor.at_end:
            self.pause()
            self.screen.redraw()
            return
        self.step(1)

    def pause(self) -> None:
        """Stop playing."""
        if self.timer is not None:
            self.timer.stop()
            self.timer = None

    # ------------------------------------------------------------------ following
    def _follow_poll(self) -> None:
        """Apply what was appended to the followed save; move on with it if at its end."""
        tail = self.tail
        if tail is None:  # pragma: no cover - the timer runs only while following
            return
        screen = self.screen
        at_end = self.cursor.at_end
        try:
            update = tail.poll()
        except SaveError as error:
            self._stop_following()
            screen.notify(f"Stopped following: {error}", severity="error", timeout=10, markup=False)
            screen.redraw()
            return
        if update is None:
            return
        screen.story.forget(update.first)
        screen.story.sync(screen.game)
        self._log_version += 1
        index, events = self.cursor.position
        cursor = ReplayCursor.of(screen.game).go(index, events)
        screen.cursor = cursor.go(len(cursor.sizes)) if at_end else cursor
        summary = screen.game.summary
        if summary.over:  # nothing more will come
            self._stop_following()
            screen.notify(f"The game is over: {summary.result}", timeout=8, markup=False)
        screen.redraw()
        if at_end:
            screen.replay_moved()

    def _stop_following(self) -> None:
        if self._follow_timer is not None:
            self._follow_timer.stop()
            self._follow_timer = None
        self.tail = None
