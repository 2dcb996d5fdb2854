"""The computer player in the BattleTech game screen (issue 21).

`ComputerPlayer` is owned by the screen (``screen.computer``) and plays the sides the setup gives
the computer (`tui.battletech.seating`). After every drawing of the screen it looks whether a
computer side is due (`ComputerPlayer.poke`); if so, after a short pause so a person can follow
(`ComputerPlayer.pace`, the speed keys change it), it decides in a worker thread, so the screen
stays live, while the prompt line says "Computer (Kurita) is thinking" with a spinner. The
decision's command goes through the journal like a person's, with the computer's seat and its
reason as the entry's note (the log shows "Computer: <reason>"). A decision made for a position
the game has left (an undo came first) is dropped.

A person plays their own sides only: while the computer is due (and the person is not) the
person's keys are hidden and their commands refused (`ComputerPlayer.holds`). Where several sides
are due (initiative, the end of the Movement phase), each acts for itself: the person's roll or end
of the phase is recorded with the person's side (`ComputerPlayer.person_seat`), and the computer
gives it itself, without waiting, when the person has nothing of their own left to choose there
(`tui.battletech.seating.computer_due`). Undo takes back the person's last command and
the computer's after it in one step, never across dice (`engine.game.Game.own_undo`), and stops
the computer's thinking first. A game of the computer against itself is watched: p pauses and
resumes, + and - change the pace. W shows what the computer weighed for its last decisions
(`WhyScreen`); in a replay, the reasons recorded in the save.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from attrs import frozen
from rich.console import Group
from rich.padding import Padding
from rich.text import Text
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static
from textual.worker import get_current_worker

from engine.battletech.language import format_command
from engine.game import Rejected
from tui.battletech.phase_summary import after_command
from tui.battletech.seating import computer_due, computer_seats, person_seats, rng_for, think

if TYPE_CHECKING:
    from textual.app import ComposeResult
    from textual.binding import BindingType
    from textual.timer import Timer
    from textual.worker import Worker

    from engine.battletech.bot import Decision
    from engine.battletech.state import BTState
    from tui.battletech.screen import BattleTechScreen

__all__ = [
    "COMPUTER_ACTIONS",
    "COMPUTER_BINDINGS",
    "PACES",
    "ComputerPlayer",
    "Thought",
    "WhyScreen",
]

PACES = (2.0, 1.2, 0.6, 0.3, 0.1, 0.0)
"""Seconds between two computer commands, slowest first (+ and - step through them)."""

DEFAULT_PACE = 2
"""The index of the pace a game starts with."""

KEPT = 12
"""How many of the computer's last decisions the why key shows."""

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
"""The frames of the thinking spinner (`ASCII_SPINNER` for --ascii)."""

ASCII_SPINNER = "|/-\\"

COMPUTER_ACTIONS = frozenset({"computer_pause", "computer_pace", "why"})
"""The screen's actions this module answers (`ComputerPlayer.allows`)."""

COMPUTER_BINDINGS: list[BindingType] = [
    Binding("W", "why", "Why", key_display="W", tooltip="What the computer weighed, and why"),
    Binding("p", "computer_pause", "Pause", tooltip="Pause or resume the computer"),
    Binding(
        "plus,equals_sign",
        "computer_pace(1)",
        "Faster",
        key_display="+",
        show=False,
        tooltip="The computer plays faster",
    ),
    Binding(
        "minus", "computer_pace(-1)", "Slower", show=False, tooltip="The computer plays slower"
    ),
]
"""The keys of the computer player (the screen lists them after its own)."""


@frozen
class Thought:
    """One decision of the computer, as the why key shows it.

    Attributes:
        side: the side's name.
        personality: the computer's personality.
        entry: the log index of the command it gave (-1: none was given).
        command: the command, in the command language ("" if none).
        reason: its one-line reason.
        alternatives: what it weighed, best first: (label, score).
        unit: the unit the command was for, by letter and name ("" for the roll, the end).
    """

    side: str
    personality: str
    entry: int
    command: str
    reason: str
    alternatives: tuple[tuple[str, float], ...] = ()
    unit: str = ""


class ComputerPlayer:
    """Plays the computer's sides in a BattleTech screen (see the module docstring).

    Args:
        screen: the screen it plays in; live play only (a replay has none to play).
    """

    def __init__(self, screen: BattleTechScreen) -> None:
        self.screen = screen
        self.seats = computer_seats(screen.game.setup)
        self.persons = person_seats(screen.game.setup)
        self.paused = False
        self.pace_index = DEFAULT_PACE
        self.pace = PACES[DEFAULT_PACE]
        self.thoughts: deque[Thought] = deque(maxlen=KEPT)
        self.stuck = ""
        self._timer: Timer | None = None
        self._worker: Worker[None] | None = None
        self._thinking: tuple[int, int, float] | None = None  # side, game version, since
        self._spin: Timer | None = None

    # ------------------------------------------------------------------ queries
    @property
    def active(self) -> bool:
        """Whether the computer plays a side of this live game."""
        return bool(self.seats) and not self.screen.replaying

    def is_person(self, side: int) -> bool:
        """Whether a person plays ``side`` (for the handover prompt: none for the computer)."""
        return side not in self.seats

    @property
    def due(self) -> int | None:
        """The computer side that is to act now, or None."""
        if not self.active or self.screen.game.summary.over:
            return None
        return computer_due(self.screen.game, self.seats)

    def holds(self) -> bool:
        """Whether the person must wait: a computer side is to act and no side of theirs is."""
        if self.due is None:
            return False
        return not any(seat in self.persons for seat in self.screen.game.seats_to_act)

    def orders(self, lines: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
        """The Orders panel's lines, without the lines of keys while the computer acts.

        The keys are the person's and wait (`holds`); a game the computer plays alone has none.
        """
        if not self.holds():
            return list(lines)
        return [line for line in lines if line[1] != "keys"]

    def person_seat(self) -> int | None:
        """The seat a person's command is recorded with: their one side due now.

        At initiative and the end of the Movement phase several sides are due; the person's roll
        or end of the phase is theirs, not the computer's too (`Game.own_undo` reads it). None
        without the computer (hot-seat: whoever is due) or when several people are due.
        """
        if not self.active:
            return None
        mine = [seat for seat in self.screen.game.seats_to_act if seat in self.persons]
        return mine[0] if len(mine) == 1 else None

    def viewer(self) -> int | None:
        """The side whose view a person facing the computer sees: theirs (None: the default)."""
        if not self.active:
            return None
        if len(self.persons) == 1:
            return next(iter(self.persons))
        return self.person_seat()

    def allows(self, action: str) -> bool | None:
        """Whether one of this module's keys acts now (None: not one of them)."""
        if action == "why":
            return bool(self.seats)
        if action in {"undo", "redo"} and self.active and not self.persons:
            return False  # a game the computer plays alone is watched: nothing is a person's
        if action in {"computer_pause", "computer_pace"}:
            if not self.active or self.screen.game.summary.over:
                return False
            return not self.persons or self.paused or self.due is not None
        return None

    # ------------------------------------------------------------------ playing
    def _side_to_think(self) -> int | None:
        """The computer side to think for now, or None (the spinner stops when none is due).

        None too while a summary, prompt or help is on top: the computer goes on when it closes
        (the screen's ``on_screen_resume`` pokes it).
        """
        side = self.due
        if side is None or self.paused or self.stuck:
            self._stop_spinner()
            return None
        if self.screen.is_attached and self.screen.app.screen is not self.screen:
            return None
        return side

    def poke(self) -> None:
        """After a drawing: when a computer side is due, think after the pace's pause."""
        side = self._side_to_think()
        if side is None:
            return
        if self._worker is not None or self._timer is not None:
            return
        self._start_spinner(side)
        self._timer = self.screen.set_timer(max(self.pace, 0.01), self._think, name="computer")

    def _think(self) -> None:
        """Decide in a worker thread, on the state of now (immutable: safe to read there)."""
        self._timer = None
        side = self._side_to_think()
        if side is None:
            return
        game = self.screen.game
        version = game.version
        state: BTState = game.state
        personality = self.seats[side]
        rng = rng_for(game)
        self._thinking = (side, version, time.monotonic())

        def work() -> None:
            try:
                decision = think(state, personality, rng)
            except Exception as error:  # noqa: BLE001 - a bug in the bot must not end the game
                answer: tuple[Any, ...] = (self._failed, side, error)
            else:
                answer = (self._decided, side, version, decision)
            if get_current_worker().is_cancelled:
                return
            try:
                self.screen.app.call_from_thread(*answer)
            except RuntimeError:  # the app is closing: the decision is not needed
                return

        self._worker = self.screen.run_worker(
            work, name="computer", group="computer", thread=True, exit_on_error=False
        )

    def _decided(self, side: int, version: int, decision: Decision) -> None:
        """Give the decision's command (main thread), unless the game moved on meanwhile."""
        self._worker = None
        self._thinking = None
        screen = self.screen
        journal = screen.journal
        if journal is None or not screen.is_attached:
            return
        game = screen.game
        if game.version != version or self.due != side or self.paused:
            self.poke()  # an undo (or a pause) came first: think again from where it is
            return
        command = decision.command
        name = game.seat_name(side)
        if command is None:
            self._stop(f"Computer ({name}) found nothing to do")
            return
        over = game.summary.over
        before = game.state
        try:
            outcome = journal.execute(command, seat=side, note=decision.reason)
        except OSError as error:
            screen.cannot_save(error)
            self._stop("the game cannot be saved")
            return
        if isinstance(outcome, Rejected):
            self._stop(f"Computer ({name}) gave a refused command: {outcome.reason}")
            return
        self._forget(outcome.index)
        self.thoughts.append(
            Thought(
                name,
                self.seats[side],
                outcome.index,
                format_command(command),
                decision.reason,
                decision.alternatives,
                self._unit_of(command),
            )
        )
        screen.drop_plan()
        screen.story.sync(game)
        screen.redraw(follow=True)
        if not over and game.summary.over:
            self._stop_spinner()
            screen.game_over()  # under the summary, as after a person's last command
        after_command(screen, before)  # a person facing the computer sees what it resolved

    def _failed(self, side: int, error: Exception) -> None:
        """The bot raised (a bug): say so in one line and stop; the game is saved as it was."""
        self._worker = None
        self._thinking = None
        name = self.screen.game.seat_name(side)
        self._stop(f"Computer ({name}) failed: {type(error).__name__}: {error}")

    def _stop(self, why: str) -> None:
        """The computer cannot go on (a bug in it, a full disk): say so once, and stop."""
        self.stuck = why
        self._stop_spinner()
        self.screen.notify(why, title="Computer", severity="error", timeout=15, markup=False)

    def cancel(self) -> None:
        """Stop the pause and the thinking in progress (its decision, if it comes, is dropped)."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self._worker is not None:
            self._worker.cancel()
            self._worker = None
        self._thinking = None
        self._stop_spinner()

    # ------------------------------------------------------------------ undo and redo
    def history(self, *, undo: bool) -> bool:
        """A person's undo or redo with the computer in the game (True: handled here).

        Undo takes back the person's last command and the computer's after it, in one step and
        never across dice; redo gives them again. The computer's thinking is stopped first, so
        its decision can never land on the state the undo left.
        """
        if not self.active:
            return False
        screen = self.screen
        journal = screen.journal
        if journal is None:
            return True
        self.cancel()
        game = screen.game
        if not self.persons:
            screen.refuse("The computer plays every side: there is no move of yours to take back")
            self.poke()
            return True
        count = game.own_undo(self.persons) if undo else game.own_redo(self.persons)
        if isinstance(count, Rejected):
            screen.refuse(count.reason, title="Undo" if undo else "Redo")
            self.poke()
            return True
        try:
            for _ in range(count):
                outcome = journal.undo() if undo else journal.redo()
                if isinstance(outcome, Rejected):
                    screen.refuse(outcome.reason, title="Undo" if undo else "Redo")
                    break
        except OSError as error:
            screen.cannot_save(error)
        self.stuck = ""
        self._forget(game.cursor)
        screen.drop_plan()
        screen.story.sync(game)
        screen.redraw(follow=True)
        return True

    def _forget(self, first: int) -> None:
        """Drop the decisions of entry ``first`` on: an undo took them back (or replaced them)."""
        self.thoughts = deque((t for t in self.thoughts if t.entry < first), maxlen=KEPT)

    # ------------------------------------------------------------------ keys
    def toggle_pause(self) -> None:
        """Pause the computer (it finishes nothing more), or let it go on."""
        self.paused = not self.paused
        if self.paused:
            self.cancel()
            self.screen.notify("The computer is paused: p lets it go on", markup=False)
        self.screen.redraw()

    def change_pace(self, step: int) -> None:
        """Play faster (1) or slower (-1)."""
        self.pace_index = max(0, min(len(PACES) - 1, self.pace_index + step))
        self.pace = PACES[self.pace_index]
        self.screen.notify(f"The computer waits {self.pace:g} s between commands", markup=False)

    def show_why(self) -> None:
        """Show what the computer weighed for its last decisions (a replay: what it recorded)."""
        thoughts = self._recorded() if self.screen.replaying else list(self.thoughts)
        self.screen.app.push_screen(WhyScreen(thoughts))

    def _recorded(self) -> list[Thought]:
        """The notes of the computer's commands up to the replay's position, as thoughts."""
        screen = self.screen
        game = screen.game
        index, events = screen.cursor.position
        stop = index + (1 if events else 0)
        found: list[Thought] = []
        for at in range(stop - 1, -1, -1):
            entry = game.log[at]
            if entry.note:
                side = game.seat_name(entry.seat) if entry.seat is not None else "?"
                personality = self.seats.get(entry.seat, "") if entry.seat is not None else ""
                command = entry.command
                found.append(
                    Thought(
                        side,
                        personality,
                        at,
                        format_command(command),
                        entry.note,
                        unit=self._unit_of(command),
                    )
                )
                if len(found) == KEPT:
                    break
        found.reverse()
        return found

    def _unit_of(self, command: object) -> str:
        """The unit a command is for, as the screen names it ("w Wolverine WVR-6R"), or ""."""
        unit = getattr(command, "unit", None)
        if not isinstance(unit, int) or not 0 <= unit < len(self.screen.letters):
            return ""
        return self.screen.name_of(unit)

    # ------------------------------------------------------------------ the prompt line
    def prompt(self) -> str | None:
        """The prompt line while the computer is to act ("Computer (Kurita) is thinking ⠹")."""
        side = self.due
        if side is None:
            return None
        name = self.screen.game.seat_name(side)
        if self.stuck:
            return f"Computer ({name}) stopped: {self.stuck}"
        if self.paused:
            return f"Computer ({name}) is paused - p: go on, W: why"
        frames = ASCII_SPINNER if getattr(self.screen.app, "ascii_only", False) else SPINNER
        frame = frames[int(time.monotonic() * 10) % len(frames)]
        keys = "p: pause, + -: pace, W: why" if not self.persons else "W: why"
        return f"Computer ({name}) is thinking {frame}   {keys}"

    def _start_spinner(self, side: int) -> None:
        del side
        if self._spin is None:
            self._spin = self.screen.set_interval(0.1, self._show_prompt, name="spinner")
        self._show_prompt()

    def _stop_spinner(self) -> None:
        if self._spin is not None:
            self._spin.stop()
            self._spin = None

    def _show_prompt(self) -> None:
        line = self.prompt()
        if line is None:
            self._stop_spinner()
            return
        from tui.widgets.fixed import update_static  # noqa: PLC0415 - drawing helper

        prompt = self.screen.query(f"#{self.screen.PREFIX}-prompt")
        if prompt:
            update_static(prompt.first(Static), line)


class WhyScreen(ModalScreen[None]):
    """What the computer weighed for its last decisions: each command, its reason, its options."""

    DEFAULT_CSS = """
    WhyScreen {
        align: center middle;
    }
    WhyScreen #why-dialog {
        width: 90%;
        max-width: 100;
        height: 80%;
        border: round $accent;
        background: $surface;
        padding: 0 1;
    }
    WhyScreen #why-body {
        height: 1fr;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,W,q,enter", "close", "Close", tooltip="Back to the game"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Escape, W, q, Enter | Back to the game. |
    """

    def __init__(self, thoughts: list[Thought]) -> None:
        """Create the dialog.

        Args:
            thoughts: the decisions, oldest first (shown the other way: the last one on top).
        """
        super().__init__()
        self.thoughts = thoughts

    def compose(self) -> ComposeResult:
        """The decisions, the last one with every alternative it weighed."""
        with Vertical(id="why-dialog"):
            yield Static(
                "Why the computer did what it did (its last decision first)",
                id="why-title",
                markup=False,
            )
            with VerticalScroll(id="why-body"):
                yield Static(self.body(), id="why-text", markup=False)
        yield Footer()

    def lines(self) -> list[tuple[int, str]]:
        """The dialog's lines, each with its indent; a blank line between two decisions."""
        if not self.thoughts:
            return [(0, "The computer has decided nothing yet.")]
        lines: list[tuple[int, str]] = []
        for thought in reversed(self.thoughts):
            if lines:
                lines.append((0, ""))
            who = f"{thought.side} ({thought.personality})" if thought.personality else thought.side
            head = f"#{thought.entry + 1} {who}"
            lines.append((0, f"{head}, {thought.unit}" if thought.unit else head))
            lines.append((4, thought.reason))
            lines.append((4, f"command: {thought.command}"))
            if thought.alternatives:
                lines.append((4, "weighed (best first, higher is better):"))
                lines.extend(  # + 0.0: a score that rounds to -0.00 shows as 0.00
                    (6, f"{round(score, 2) + 0.0:>8.2f}  {label}")
                    for label, score in thought.alternatives[:12]
                )
                if len(thought.alternatives) > 12:  # noqa: PLR2004 - a screenful
                    lines.append((6, f"... and {len(thought.alternatives) - 12} more"))
        return lines

    def text(self) -> str:
        """The dialog's text as plain lines (the screen wraps each under its own indent)."""
        return "\n".join(" " * indent + line for indent, line in self.lines())

    def body(self) -> Group:
        """The lines to draw: a long one wraps under its own indent, not at the left edge."""
        return Group(
            *(
                Padding(Text(line, overflow="fold"), (0, 0, 0, indent))
                for indent, line in self.lines()
            )
        )

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss(None)
