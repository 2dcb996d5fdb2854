"""Replay controls shared by the game screens: step, jump, play, follow, and the timeline.

A screen that mixes in `ReplayControls` keeps a `ReplayCursor` in ``cursor`` over the entries in
effect of ``game``, tells them in ``story``, and redraws itself in `_redraw`, which ends by calling
`_replay_redrawn` (the timeline follows). It yields `compose_replay` where the timeline goes, adds
`jump_bindings` to its keys, and reads the state shown from `replay_state` (folded once per
position). `BattleTechScreen` and `PaperMechScreen` do all of that.

Keys (the screens bind them): a command back or forward, an event back or forward, the start or the
end, play/pause and speed (`SPEEDS`), the previous or next turn or wave (`jump_bindings`: ``<``
and ``>``; BattleTech phases ``,`` and ``.``), and ``g`` to go to a turn or wave by number.

**Following.** `follow` gives the screen a `saves.tail.JournalTail`: while the screen is up, a timer
polls the save every `FOLLOW_EVERY` seconds and applies what another process appended. A replay
that stood at the newest move moves on to the new one; one the viewer stepped back stays where it
is (End catches up). An undo written by the player takes the entry back here too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from saves.journal import SaveError
from tui.screens._marks import MARK_RULES, Mark, find_marks
from tui.widgets.story import ReplayCursor
from tui.widgets.timeline import Timeline, TimelineView

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from pathlib import Path

    from textual.app import App, ComposeResult
    from textual.timer import Timer

    from engine.game import Game
    from saves.journal import Journal
    from saves.tail import JournalTail
    from tui.widgets.story import Story

__all__ = [
    "FOLLOW_EVERY",
    "REPLAY_ACTIONS",
    "SPEEDS",
    "GotoScreen",
    "ReplayControls",
    "jump_bindings",
    "parse_number",
]

SPEEDS = (1, 2, 4, 10)
"""Replay speeds, in commands per second."""

FOLLOW_EVERY = 0.5
"""Seconds between two looks at a followed save (a stat; the file is read only when it grew)."""

REPLAY_ACTIONS = frozenset(
    {"step_replay", "step_event", "seek", "play", "speed", "jump", "goto", "timeline_seek"}
)
"""The actions of a replay: a screen shows them only while replaying."""


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


class ReplayControls:
    """Step, jump, play and follow a replay; the host screen supplies the attributes below."""

    cursor: ReplayCursor
    game: Game[Any, Any, Any, Any]
    story: Story
    replaying: bool
    _speed: int = 0
    _timer: Timer | None = None
    _tail: JournalTail | None = None
    _follow_timer: Timer | None = None
    _log_version: int = 0
    _state_cache: tuple[tuple[int, tuple[int, int]], Any] | None = None
    _marks_cache: tuple[int, tuple[Mark, ...]] | None = None

    def _open_game(
        self,
        journal: Journal | None,
        game: Game[Any, Any, Any, Any] | None,
        path: Path | None,
    ) -> None:
        """Take live play (``journal``) or a replay (``game`` and its ``path``), and its cursor.

        Raises:
            ValueError: neither or both of ``journal`` and ``game`` given.
        """
        if journal is not None and game is None:
            self.game = journal.game
            self.path: Path | None = journal.path
        elif game is not None and journal is None:
            self.game = game
            self.path = path
        else:
            raise ValueError("give a journal to play or a game to replay")
        self.journal = journal
        self.replaying = journal is None
        self.cursor = ReplayCursor.of(self.game, at_end=True)

    if TYPE_CHECKING:  # the host screen's

        @property
        def app(self) -> App[Any]: ...

        def _redraw(self) -> None: ...

        def set_interval(self, interval: float, callback: Callable[[], None]) -> Timer: ...

        def query(self, selector: type[Timeline]) -> Iterable[Timeline]: ...

        def notify(self, message: str, *, severity: Any = ..., timeout: float = ...) -> None: ...  # noqa: ANN401

        def call_after_refresh(self, callback: Callable[..., Any], *args: Any) -> bool: ...  # noqa: ANN401

    # ------------------------------------------------------------------ for the host screen
    def compose_replay(self) -> ComposeResult:
        """The replay's own widgets (the timeline), for the screen's compose; none in play."""
        if self.replaying:
            compact = "-compact" if getattr(self, "compact", False) else None
            yield Timeline(ascii_only=bool(getattr(self.app, "ascii_only", False)), classes=compact)

    def follow(self, tail: JournalTail) -> None:
        """Follow a save as it grows (call before the screen is shown); the replay's game is its.

        Args:
            tail: the save, read up to now; ``tail.game`` must be this screen's ``game``.
        """
        self._tail = tail

    @property
    def following(self) -> bool:
        """Whether the screen follows a save that another process writes."""
        return self._tail is not None

    def replay_state(self) -> Any:  # noqa: ANN401 - the ruleset's state
        """The state at the replay's position, folded once per position (and per log change)."""
        key = (self._log_version, self.cursor.position)
        if self._state_cache is None or self._state_cache[0] != key:
            self._state_cache = (key, self.game.state_at(*self.cursor.position))
        return self._state_cache[1]

    @property
    def replay_marks(self) -> tuple[Mark, ...]:
        """Where every turn and phase (or wave) begins in the entries in effect."""
        if self._marks_cache is None or self._marks_cache[0] != self._log_version:
            marks = find_marks(self.game.ruleset.name, self.game.entries)
            self._marks_cache = (self._log_version, marks)
        return self._marks_cache[1]

    @property
    def replay_clock(self) -> str:
        """The speed and whether it plays: "2x playing", "1x paused"."""
        return f"{SPEEDS[self._speed]}x " + ("playing" if self._timer else "paused")

    def _replay_moved(self) -> None:
        """Called after the cursor moved and the screen was redrawn (for a screen to follow it)."""

    def _replay_redrawn(self) -> None:
        """Called at the end of the screen's every redraw: draw the timeline; start following."""
        if not self.replaying:
            return
        view = self.timeline_view()
        for timeline in self.query(Timeline):
            timeline.show(view)
        if self._tail is not None and self._follow_timer is None:
            self._follow_timer = self.set_interval(FOLLOW_EVERY, self._follow_poll)

    def timeline_view(self) -> TimelineView:
        """What the timeline shows at the replay's position."""
        cursor = self.cursor
        index, events = cursor.position
        marks = self.replay_marks
        majors = [m for m in marks if m.major]
        here = [m for m in marks if self._at(m) <= cursor.position]
        return TimelineView(
            total=len(cursor.sizes),
            index=index,
            events=events,
            size=0 if cursor.at_end else cursor.sizes[index],
            marks=tuple((m.index, str(m.number[-1])) for m in majors),
            where=here[-1].title if here else "",
            last=str(majors[-1].number[-1]) if majors else "",
            clock=self.replay_clock,
            following=self.following,
        )

    # ------------------------------------------------------------------ moving
    def _go(self, cursor: ReplayCursor) -> None:
        self.cursor = cursor
        self._redraw()
        self._replay_moved()

    def _at(self, mark: Mark) -> tuple[int, int]:
        """A mark's position as the cursor holds it (its command's last event is the next one)."""
        return self.cursor.go(*mark.position).position

    def action_step_replay(self, step: int) -> None:
        """Replay: one command forward (1) or back (-1)."""
        self._go(self.cursor.step(step))

    def action_step_event(self, step: int) -> None:
        """Replay: one event forward (1) or back (-1)."""
        self._go(self.cursor.step_event(step))

    def action_seek(self, where: int) -> None:
        """Replay: the start (0) or the end (-1)."""
        self._pause()
        self._go(self.cursor.go(0 if where == 0 else len(self.cursor.sizes)))

    def action_timeline_seek(self, index: int) -> None:
        """Replay: go to the start of command ``index``."""
        self._go(self.cursor.go(index))

    def on_timeline_seek(self, message: Timeline.Seek) -> None:
        """A click on the timeline: go there."""
        message.stop()
        self.action_timeline_seek(message.index)

    def action_jump(self, step: int, major: bool = True) -> None:
        """Replay: the start of the next (1) or previous (-1) turn or wave (``major``), or phase.

        Past the last mark it goes to the end; before the first, to the start.
        """
        marks = [self._at(m) for m in self.replay_marks if m.major or not major]
        here = self.cursor.position
        if step > 0:
            target = next((p for p in marks if p > here), (len(self.cursor.sizes), 0))
        else:
            target = next((p for p in reversed(marks) if p < here), (0, 0))
        self._go(self.cursor.go(*target))

    def action_goto(self) -> None:
        """Replay: ask for a turn or wave number and go to its start."""
        rule = MARK_RULES.get(self.game.ruleset.name)
        majors = [m for m in self.replay_marks if m.major]
        if rule is None or not majors:
            self.notify("This game has no turns or waves to go to yet", severity="warning")
            return
        unit = rule.unit
        first, last = majors[0].number[-1], majors[-1].number[-1]
        hint = "3, or 2.1 for battle 2 wave 1" if len(majors[0].number) > 1 else str(last)
        question = f"Go to {unit} ({first}-{last}):"
        self.app.push_screen(GotoScreen(question, placeholder=hint), self._goto)

    def _goto(self, text: str | None) -> None:
        if text is None:
            return
        number = parse_number(text)
        mark = self.find_major(number) if number is not None else None
        if mark is None:
            self.notify(f"No {text!r} in this game", severity="warning")
            return
        self._go(self.cursor.go(*mark.position))

    def on_screen_resume(self) -> None:
        """Back on top (after the go-to question): draw again, so the log scrolls to the event.

        A log scrolled while another screen covered this one does not keep its scroll.
        """
        if self.replaying:
            self.call_after_refresh(self._redraw)

    def find_major(self, number: tuple[int, ...]) -> Mark | None:
        """The first major mark with this number: (turn,), (wave,) of battle 1, or (battle, wave).

        Args:
            number: what the viewer typed, read by `parse_number`.
        """
        for mark in self.replay_marks:
            if not mark.major:
                continue
            if mark.number == number or (len(number) == 1 and mark.number[-1:] == number):
                return mark
        return None

    # ------------------------------------------------------------------ playing
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

    # ------------------------------------------------------------------ following
    def _follow_poll(self) -> None:
        """Apply what was appended to the followed save; move on with it if at its end."""
        tail = self._tail
        if tail is None:  # pragma: no cover - the timer runs only while following
            return
        at_end = self.cursor.at_end
        try:
            update = tail.poll()
        except SaveError as error:
            self._stop_following()
            self.notify(f"Stopped following: {error}", severity="error", timeout=10)
            self._redraw()
            return
        if update is None:
            return
        del self.story.entries[update.first :]
        self.story.sync(self.game)
        self._log_version += 1
        index, events = self.cursor.position
        cursor = ReplayCursor.of(self.game).go(index, events)
        self.cursor = cursor.go(len(cursor.sizes)) if at_end else cursor
        summary = self.game.summary
        if summary.over:  # nothing more will come
            self._stop_following()
            self.notify(f"The game is over: {summary.result}", timeout=8)
        self._redraw()
        if at_end:
            self._replay_moved()

    def _stop_following(self) -> None:
        if self._follow_timer is not None:
            self._follow_timer.stop()
            self._follow_timer = None
        self._tail = None
