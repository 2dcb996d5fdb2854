"""The battle log: the whole game's story on one screen, with turn and phase headings and a search.

The play screen's log panel shows the last lines; this screen (``l`` in a game) shows every line
told so far, from the screen's own `tui.widgets.story.Story`, lazily: it opens on the last few
screenfuls (only those entries are told, so a 2,000-command game opens at once) and brings the
earlier ones as the reader scrolls up. The start of every turn and phase is a heading (a ruleset
says which lines are, with ``heading``). ``/`` asks for a word; every line holding it is found
(the whole game is told then), its matches are highlighted, ``n`` and ``N`` go to the next and
the previous one. Escape closes the search, then the screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.segment import Segment
from textual.binding import Binding
from textual.screen import Screen
from textual.strip import Strip
from textual.widgets import Footer, Input, Static

from tui.widgets.fixed import update_static
from tui.widgets.log import MARK, EventLog

if TYPE_CHECKING:
    from collections.abc import Callable

    from rich.style import Style
    from textual.app import ComposeResult
    from textual.binding import BindingType

    from engine.narration import Told
    from tui.widgets.story import Story

__all__ = ["PHASE", "TURN", "HistoryLog", "HistoryScreen", "find_matches", "title_of"]

TURN, PHASE = 1, 2
"""The heading levels ``heading`` answers (0: not a heading)."""


def find_matches(told: list[Told], term: str) -> list[int]:
    """The indices of the lines that hold ``term`` (any case); none for an empty term."""
    wanted = term.casefold()
    if not wanted:
        return []
    return [index for index, line in enumerate(told) if wanted in line.text.casefold()]


class HistoryLog(EventLog, can_focus=True):
    """The story with headings and search matches; it takes the keys to scroll."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "history-log--turn",
        "history-log--phase",
        "history-log--match",
    }
    """
    | Class | Description |
    | :- | :- |
    | `history-log--turn` | The heading of a turn. |
    | `history-log--phase` | The heading of a phase. |
    | `history-log--match` | A match of the search. |
    """

    DEFAULT_CSS = """
    HistoryLog { height: 1fr; padding: 0 1; }
    HistoryLog > .history-log--turn { color: $accent; text-style: bold reverse; }
    HistoryLog > .history-log--phase { color: $accent; text-style: bold underline; }
    HistoryLog > .history-log--match { background: $warning 60%; color: $text; text-style: bold; }
    """

    def __init__(
        self,
        heading: Callable[[Told], int],
        stop: int | None = None,
        *,
        id: str | None = None,  # noqa: A002 - Textual's name
    ) -> None:
        """Create the view.

        Args:
            heading: the level of a line as a heading (`TURN`, `PHASE`, or 0: not one).
            stop: show the entries before this one only (a replay's position); None: all.
            id: the widget's id.
        """
        super().__init__(id=id)
        self._heading = heading
        self._stop = stop
        self.term = ""
        self.matches: list[int] = []
        self.match: int | None = None  # the index in ``matches`` of the current one

    def _fetch(self, limit: int) -> tuple[list[Told], int | None]:
        """The last ``limit`` lines (headings kept, routine lines left out), entries told lazily."""
        story = self._story
        if story is None:  # pragma: no cover - only called with a story
            return [], None
        heading = self._heading
        index = len(story) if self._stop is None else min(self._stop, len(story))
        lines: list[Told] = []
        while index > 0 and len(lines) < limit:
            index -= 1
            lines.extend(t for t in reversed(story.entry(index)) if heading(t) or not t.routine)
        lines.reverse()
        return lines, None

    @property
    def complete(self) -> bool:
        """Whether every line is shown (nothing earlier to bring in)."""
        return not self._earlier

    def everything(self) -> None:
        """Bring in every line (tells the whole game), keeping the same lines in view."""
        if not self._earlier:
            return
        rows = len(self._rows)
        self._limit = 1 << 62
        lines, _ = self._fetch(self._limit)
        self._earlier = False
        self._told = lines
        self._layout()
        self.scroll_to(y=self.scroll_y + len(self._rows) - rows, animate=False, immediate=True)
        self.refresh()

    def search(self, term: str) -> int:
        """Find every line holding ``term``; go to the last one. Returns how many were found."""
        self.everything()
        self.term = term
        self.matches = find_matches(self._told, term)
        self.match = len(self.matches) - 1 if self.matches else None
        self._show_match()
        return len(self.matches)

    def step_match(self, step: int) -> None:
        """Go to the next (1) or previous (-1) match, round the ends."""
        if not self.matches or self.match is None:
            return
        self.match = (self.match + step) % len(self.matches)
        self._show_match()

    def clear_search(self) -> None:
        """Forget the search (its highlights go)."""
        self.term = ""
        self.matches = []
        self.match = None
        self._current = None
        self.refresh()

    def _show_match(self) -> None:
        self._current = None if self.match is None else self.matches[self.match]
        if self._current is not None:
            self._follow()
        self.refresh()

    def home(self) -> None:
        """The first line of the game."""
        self.everything()
        self.scroll_home(animate=False, immediate=True)

    def render_line(self, y: int) -> Strip:
        """Draw one row: a heading in its style, the search's matches highlighted."""
        scroll_x, scroll_y = self.scroll_offset
        row = scroll_y + y
        width = self.size.width
        base = self.rich_style
        if row >= len(self._rows):
            return Strip.blank(width, base)
        index, text = self._rows[row]
        told = self._told[index]
        level = self._heading(told)
        style = self._style_of(told, index)
        if level:
            style = self.get_component_rich_style(
                "history-log--turn" if level == TURN else "history-log--phase", partial=True
            )
            text = text.strip()
            text = f" {text} " if level == TURN else text
        current = index == self._current
        first = row == 0 or self._rows[row - 1][0] != index
        prefix = MARK if current and first else "  "
        segments = [Segment(prefix, base + style), *self._marked(text, base + style)]
        return Strip(segments).crop_extend(scroll_x, scroll_x + width, base)

    def _marked(self, text: str, style: Style) -> list[Segment]:
        """The row's text, each match of the search in the match style."""
        term = self.term.casefold()
        if not term:
            return [Segment(text, style)]
        folded = text.casefold()
        match = style + self.get_component_rich_style("history-log--match", partial=True)
        segments: list[Segment] = []
        start = 0
        while (found := folded.find(term, start)) >= 0:
            if found > start:
                segments.append(Segment(text[start:found], style))
            segments.append(Segment(text[found : found + len(term)], match))
            start = found + len(term)
        if start < len(text):
            segments.append(Segment(text[start:], style))
        return segments


class HistoryScreen(Screen[None]):
    """The whole battle log, full screen: headings, scrolling, a search."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("slash", "search", "Search", key_display="/", tooltip="Find a word in the log"),
        Binding("n", "next_match(1)", "Next", tooltip="The next match"),
        Binding("N", "next_match(-1)", "Previous", key_display="N", tooltip="The previous match"),
        # before the view's own Home and End, which know only the lines brought in so far
        Binding("home", "home", "Start", show=False, priority=True, tooltip="The first line"),
        Binding("end", "end", "End", show=False, priority=True, tooltip="The newest line"),
        Binding("p", "pauses", "Pauses", tooltip="Pause on a summary after each phase: on/off"),
        Binding("escape,l,q", "close", "Back", key_display="Esc", tooltip="Back to the game"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Up, Down, PgUp, PgDn, wheel | Scroll. |
    | Home, End | The start of the game, the newest line. |
    | / | Search: type a word, Enter finds it (Escape: no search). |
    | n, N | The next, the previous match. |
    | p | Pause on a summary after each phase (weapons, physical attacks, heat): on or off. |
    | Escape, l, q | Back to the game. |
    """

    DEFAULT_CSS = """
    HistoryScreen { layout: vertical; }
    HistoryScreen #history-heading {
        height: 1;
        padding: 0 1;
        background: $panel;
        color: $foreground;
        text-style: bold;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    HistoryScreen #history-status {
        height: 1;
        padding: 0 1;
        background: $surface;
        color: $accent;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    HistoryScreen #history-search { display: none; dock: bottom; margin-bottom: 1; }
    HistoryScreen #history-search.-open { display: block; }
    """

    def __init__(
        self,
        story: Story,
        title: str,
        heading: Callable[[Told], int],
        *,
        stop: int | None = None,
        pauses: Callable[[], bool] | None = None,
        set_pauses: Callable[[bool], bool] | None = None,
    ) -> None:
        """Create the screen.

        Args:
            story: the game screen's story (what it told is kept, what this tells too).
            title: the heading ("Battle log - Meeting engagement, 63 commands").
            heading: the level of a line as a heading (`TURN`, `PHASE`, 0).
            stop: show the entries before this one only (a replay's position).
            pauses: whether the game pauses on phase summaries (None: no such setting).
            set_pauses: save that setting; returns whether it was saved.
        """
        super().__init__()
        self.story = story
        self.title_text = title
        self.heading = heading
        self.stop = stop
        self.pauses = pauses
        self.set_pauses = set_pauses

    @property
    def history(self) -> HistoryLog:
        """The story's view."""
        return self.query_one(HistoryLog)

    def compose(self) -> ComposeResult:
        """The heading, the story, the status line, the search line, the keys."""
        yield Static(self.title_text, id="history-heading", markup=False)
        yield HistoryLog(self.heading, self.stop, id="history-log")
        yield Static(id="history-status", markup=False)
        yield Input(placeholder="a word to find (Enter finds it, Esc: none)", id="history-search")
        yield Footer()

    def on_mount(self) -> None:
        """Show the last screenfuls; the view takes the keys."""
        self.history.show_story(self.story)
        self.history.focus()
        self.call_after_refresh(self.action_end)  # once laid out at its width
        self._status()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The match keys only while a search found something; p only where there is the setting."""
        del parameters
        if action == "next_match":
            return bool(self.history.matches) if self.is_mounted else False
        if action == "pauses":
            return self.pauses is not None
        return True

    def _status(self, said: str = "") -> None:
        log = self.history
        parts = [said] if said else []
        if log.term:
            if log.matches and log.match is not None:
                parts.append(f'"{log.term}": match {log.match + 1} of {len(log.matches)}')
            else:
                parts.append(f'"{log.term}": not found')
        if self.pauses is not None:
            parts.append(f"pause after each phase: {'on' if self.pauses() else 'off'} (p)")
        parts.append("/ search")
        update_static(self.query_one("#history-status", Static), "   ".join(parts))

    def action_search(self) -> None:
        """Open the search line."""
        line = self.query_one("#history-search", Input)
        line.add_class("-open")
        line.value = self.history.term
        line.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Find the word typed (an empty line: no search)."""
        event.stop()
        term = event.value.strip()
        self._close_search()
        if not term:
            self.history.clear_search()
            self._status()
        else:
            self.history.search(term)
            self._status()
        self.refresh_bindings()

    def _close_search(self) -> bool:
        line = self.query_one("#history-search", Input)
        was_open = line.has_class("-open")
        line.remove_class("-open")
        self.history.focus()
        return was_open

    def action_next_match(self, step: int) -> None:
        """The next (1) or previous (-1) match."""
        self.history.step_match(step)
        self._status()

    def action_home(self) -> None:
        """The start of the game (the whole game is told)."""
        self.history.home()

    def action_end(self) -> None:
        """The newest line."""
        self.history.scroll_end(animate=False, immediate=True)

    def action_pauses(self) -> None:
        """Turn the pause after each phase on or off (saved with the player's settings)."""
        if self.pauses is None or self.set_pauses is None:
            return
        on = not self.pauses()
        if self.set_pauses(on):
            self._status(f"pauses {'on' if on else 'off'}")

    def action_close(self) -> None:
        """Close the search line if open, else go back to the game."""
        if self._close_search():
            return
        self.dismiss(None)


def title_of(name: str, commands: int) -> str:
    """The heading: "Battle log - Meeting engagement - 63 commands"."""
    return f"Battle log - {name} - {commands} command{'s' if commands != 1 else ''}"
