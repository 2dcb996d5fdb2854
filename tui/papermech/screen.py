"""Play Paper 'Mech on a screen that reads like the play sheet, or watch a finished game again.

The screen is built from a `saves.journal.Journal` (live play: every command is written to the save
before it is applied, so the game is saved after every command) or from a finished `Game` (replay).
It never changes the game itself: it builds a command, hands it to ``journal.execute``, and redraws
every panel from the new state and the events (DESIGN 5). What every game screen shares (opening,
``execute``, undo/redo, the ``:`` line, the replay controls) is the base's,
`tui.screens.game.GameScreen`; this screen adds its panels, its keys and its drawing.

`factory` is what the main menu, Continue and Load call (``RULESET_SCREENS["papermech"]``): no path
asks for a new game's setup first; a game in progress resumes; a finished game is replayed.
"""

from __future__ import annotations

import random
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, cast

from textual import on
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from engine.game import UndoPolicy
from engine.papermech import RULESET, prompt_text
from engine.papermech.commands import Haste, Refit, Wait
from engine.papermech.state import Prompt
from saves.journal import Journal
from tui.guide import GUIDE_BINDINGS
from tui.papermech.guide import PMGuided, PMGuidePanel
from tui.papermech.scores import ScoreEntry
from tui.papermech.widgets import (
    Choice,
    DiceTray,
    EnemyCards,
    EventLog,
    Radar,
    Sheet,
    TimeTrack,
    choices,
)
from tui.screens._replay import SPEED_BINDINGS, jump_bindings
from tui.screens.game import COMMAND_LINE_BINDING, GameScreen, NewGame, create_save

if TYPE_CHECKING:
    from textual.app import ComposeResult
    from textual.binding import BindingType

    from engine.game import Game
    from engine.papermech.state import Loadout, PaperState
    from engine.papermech.tables import Mount
    from tui.papermech.setup import PaperStart

    AnyGame = Game[Any, Any, Any, Any]

__all__ = [
    "COMPACT_BELOW",
    "NewPaperGame",
    "PaperMechScreen",
    "factory",
    "score_entry",
    "start_game",
]

COMPACT_BELOW = GameScreen.COMPACT_BELOW
"""Below this many columns or rows the screen uses its compact layout (it fits 80 x 24)."""

NUMBERED = 9
"""Choices reachable by a number key."""

COMMAND_HINT = "a command: choose la2, wait, haste, target H, undo ... (Enter gives it, Esc closes)"
"""The command line's placeholder."""


# ------------------------------------------------------------------ starting and opening games
def start_game(start: PaperStart, saves_dir: Path, *, now: datetime | None = None) -> Journal:
    """Create the save of a new game chosen on the setup form.

    Args:
        start: the setup, seed and mode from `tui.papermech.setup.PaperSetupScreen`.
        saves_dir: where saves live.
        now: the creation time (the clock when None).

    Returns:
        The journal, its header already on disk. A practice game is a solo game: undo may go back
        over dice rolls (and it stays off the high-score table).

    Raises:
        OSError: the save cannot be created.
    """
    policy = UndoPolicy.SOLO if start.practice else UndoPolicy.HOTSEAT
    return create_save(
        saves_dir, RULESET, start.setup, seed=start.seed, undo_policy=policy, now=now
    )


def factory(path: Path | None) -> Screen[Any]:
    """Build the Paper 'Mech screen for the menu: a new game, a game to resume, or a replay.

    Args:
        path: None for a new game (the setup form comes first); a save to open otherwise.

    Returns:
        The screen to push. A save that cannot be read gives a screen that says why and closes.
    """
    if path is None:
        return NewPaperGame()
    return PaperMechScreen.open_save(path)


def replay_or_explain(path: Path) -> Screen[Any]:
    """The replay of ``path`` from its start, or a screen that says why it cannot be read."""
    return PaperMechScreen.replay_save(path)


def score_entry(game: AnyGame, path: Path | None, today: date) -> ScoreEntry:
    """Make the high-score line of a finished game.

    Args:
        game: the game (its state has a result).
        path: its save, named in the table so the game can be watched again.
        today: the day it ended.

    Returns:
        The entry.
    """
    state: PaperState = game.state
    result = state.result
    if result is None:
        raise ValueError("the game is not over")
    setup = state.setup
    return ScoreEntry(
        name=setup.pilot,
        date=today.isoformat(),
        seed=getattr(game.dice, "seed", None),
        loadout=state.player.loadout.describe(),
        score=result.score,
        waves=state.waves_cleared,
        mode="campaign" if setup.battles > 1 else "single",
        battles=state.battle,
        won=result.won,
        save=None if path is None else path.name,
        planned=setup.battles,
    )


class NewPaperGame(NewGame):
    """Ask for a new game's setup, then put the game in this screen's place (or go back)."""

    def __init__(self, *, today: date | None = None, seed: int | None = None) -> None:
        """Prepare the setup form.

        Args:
            today: the day (for the daily seed); the clock's when None.
            seed: the random seed offered; a fresh one when None.
        """
        super().__init__()
        self.today = today or datetime.now(UTC).astimezone().date()
        self.seed = random.SystemRandom().randrange(1, 1_000_000_000) if seed is None else seed

    def setup_form(self) -> Screen[Any]:
        """The setup form: pilot, mode, seed, undo and loadout."""
        from tui.papermech.setup import PaperSetupScreen  # noqa: PLC0415 - a sibling screen

        return PaperSetupScreen(today=self.today, random_seed=self.seed)

    def start(self, chosen: Any, saves_dir: Path) -> Journal:  # noqa: ANN401 - a PaperStart
        """Create the save (solo undo for a practice game)."""
        return start_game(chosen, saves_dir)

    def game_screen(self, journal: Journal) -> Screen[Any]:
        """The Paper 'Mech screen."""
        return PaperMechScreen(journal=journal)


# ------------------------------------------------------------------ the screen
class PaperMechScreen(PMGuided, GameScreen):
    """Play a Paper 'Mech game (from a journal), or replay a finished one (from a game)."""

    CSS_PATH = "papermech.tcss"
    AUTO_FOCUS = None  # the choices in play; nothing in a replay, so the arrows step it

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "pick(0)", "Choose", key_display="1-9", tooltip="Take choice 1-9"),
        *(Binding(str(n), f"pick({n - 1})", show=False) for n in range(2, NUMBERED + 1)),
        Binding("space", "wait", "Wait", tooltip="Let time pass one step (in a window)"),
        Binding("h", "haste", "Haste", tooltip="Fire the chosen attack now, dice less the space"),
        Binding("u", "undo", "Undo", tooltip="Take back the last command"),
        Binding("r", "redo", "Redo", show=False, tooltip="Give again the command undo took back"),
        COMMAND_LINE_BINDING,
        Binding("l", "refit", "Loadout", tooltip="Refit the 'Mech before deploying"),
        Binding("left", "step_replay(-1)", "Back", tooltip="One command back"),
        Binding("right", "step_replay(1)", "Fwd", tooltip="One command forward"),
        Binding("shift+left,left_square_bracket", "step_event(-1)", "Event back", show=False),
        Binding("shift+right,right_square_bracket", "step_event(1)", "Event", key_display="]"),
        Binding("home", "seek(0)", "Start", show=False),
        Binding("end", "seek(-1)", "End", show=False),
        Binding("p", "play", "Play", tooltip="Play or pause the replay"),
        *SPEED_BINDINGS,
        *jump_bindings("wave"),
        Binding("question_mark", "rules", "Rules", key_display="?", tooltip="The rules summary"),
        Binding("f1", "app.help", "Help", show=False),
        Binding("q,escape", "back", "Menu", key_display="q", tooltip="Back to the menu (saved)"),
        *GUIDE_BINDINGS,
    ]
    """
    | Key | Action |
    | :- | :- |
    | 1-9, Enter | Take a choice (the list scrolls for more). |
    | Space | Wait: let time pass one step (in a window). |
    | h | Haste: fire the chosen attack now. |
    | u, r | Undo, redo (undo follows the game's undo setting). |
    | : | Type a command in the command language. |
    | l | Refit the loadout at a deploy prompt. |
    | Left, Right | Replay: one command back or forward. |
    | [, ], Shift+Left, Shift+Right | Replay: one event back or forward. |
    | Home, End | Replay: the start or the end. |
    | p, +, - | Replay: play or pause, faster, slower. |
    | < >, g | Replay: the previous or next wave, go to a wave. |
    | ? | The rules summary. |
    | q, Escape | Back to the menu (the game is saved after every command). |
    | k, K | Hide (or show) the guide of the first wave; turn it off (or on) for good. |
    """

    LIVE_ACTIONS = frozenset({"pick", "wait", "haste", "undo", "redo", "command_line", "refit"})
    PREFIX = "pm"
    COMMAND_HINT = COMMAND_HINT
    REFUSED = "Not now"

    def __init__(
        self,
        *,
        journal: Journal | None = None,
        game: AnyGame | None = None,
        path: Path | None = None,
    ) -> None:
        """Create the screen for live play (``journal``) or a replay (``game``).

        Args:
            journal: the game to play; it is closed when the screen goes.
            game: a game to replay (read only).
            path: the replayed game's save, for the heading.

        Raises:
            ValueError: neither or both of ``journal`` and ``game`` given.
        """
        super().__init__(journal=journal, game=game, path=path)
        self._choices: list[Choice] = []
        self._scored = False

    @property
    def practice(self) -> bool:
        """A practice game: undo crosses dice rolls, and it stays off the high-score table."""
        return self.game.undo_policy is UndoPolicy.SOLO

    @property
    def state(self) -> PaperState:
        """The state shown: the game's, or the replay's position."""
        return cast("PaperState", self.current())

    # ------------------------------------------------------------------ layout
    def compose_panels(self) -> ComposeResult:
        """Lay out the panels: three columns on big terminals, stacked rows on 80 x 24."""
        if self.compact:
            yield from self._compose_compact()
        else:
            yield from self._compose_wide()
        yield PMGuidePanel(id="pm-guide")

    def _compose_wide(self) -> ComposeResult:
        with Horizontal(id="pm-top"):
            with Vertical(id="pm-radar-box", classes="pm-panel"):
                yield Radar(id="pm-radar")
                yield TimeTrack(id="pm-track")
            with VerticalScroll(id="pm-cards-box", classes="pm-panel", can_focus=False):
                yield EnemyCards(id="pm-cards")
            with VerticalScroll(id="pm-dice-box", classes="pm-panel", can_focus=False):
                yield DiceTray(id="pm-dice")
        with Horizontal(id="pm-bottom"):
            with VerticalScroll(id="pm-sheet-box", classes="pm-panel", can_focus=False):
                yield Sheet(id="pm-sheet")
            with Vertical(id="pm-act"):
                yield OptionList(id="pm-options", classes="pm-panel", disabled=self.replaying)
                yield EventLog(id="pm-log", classes="pm-panel")

    def _compose_compact(self) -> ComposeResult:
        with Horizontal(id="pm-row1"):
            yield Radar(id="pm-radar")
            with VerticalScroll(id="pm-cards-box", can_focus=False):
                yield EnemyCards(id="pm-cards")
        with Horizontal(id="pm-row2"):
            yield TimeTrack(id="pm-track")
            with VerticalScroll(id="pm-dice-box", can_focus=False):
                yield DiceTray(id="pm-dice")
        with Horizontal(id="pm-row3"):
            yield Sheet(id="pm-sheet")
            yield EventLog(id="pm-log")
        yield OptionList(id="pm-options", disabled=self.replaying)

    def refocus(self) -> None:
        """Play: the choices have the keys; a replay: nothing (the arrows are the replay's)."""
        if self.replaying:
            self.set_focus(None)
        else:
            self.query_one("#pm-options", OptionList).focus()

    def titles(self) -> None:
        """Name the panels on their borders (the wide layout)."""
        if self.compact:
            return
        titles = {
            "#pm-radar-box": "Radar",
            "#pm-cards-box": "Enemies",
            "#pm-log": "Log",
            "#pm-sheet-box": "Your 'Mech",
            "#pm-options": "Choices",
            "#pm-dice-box": "Dice",
        }
        for selector, title in titles.items():
            self.query_one(selector).border_title = title

    # ------------------------------------------------------------------ drawing
    def redraw(self, *, follow: bool = False) -> None:
        """Draw every panel from the state shown."""
        del follow  # the panels show everything: nothing to bring into view
        state = self.state
        for panel in (Radar, TimeTrack, Sheet, EnemyCards):
            widget = self.query_one(panel)
            widget.compact = self.compact
            widget.state = state
        position = self.cursor.position if self.replaying else None
        tray = self.query_one(DiceTray)
        tray.compact = self.compact
        tray.told = self.story.tray(position)
        self.query_one(EventLog).show_story(self.story, position)
        self._header(state)
        if not self.replaying:
            self._fill_choices(state)
        self._preview()
        self.redrawn()

    def _header(self, state: PaperState) -> None:
        setup = state.setup
        parts = [f"Paper 'Mech - {setup.pilot}", RULESET.summary(state).turn]
        if self.practice:
            parts.append("practice")
        if self.path is not None:
            parts.append(self.path.name)
        self.show_heading(parts, self._prompt_line(state))

    def _prompt_line(self, state: PaperState) -> str:
        if self.replaying:
            # Inside a command the state is between two questions: the event just applied is told.
            return self.replay_line(self._what_now(state))
        return self._what_now(state)

    @staticmethod
    def _what_now(state: PaperState) -> str:
        result = state.result
        if result is not None:
            if result.won:
                return f"VICTORY! Final score {result.score}."
            return f"GAME OVER: {result.cause}. Score {result.score}."
        return "Now: " + prompt_text(state)

    def _fill_choices(self, state: PaperState) -> None:
        self._choices = choices(state)
        options = self.query_one("#pm-options", OptionList)
        options.clear_options()
        options.add_options(
            Option(f"{n + 1 if n < NUMBERED else ' '} {c.label}", id=str(n))
            for n, c in enumerate(self._choices)
        )
        if self._choices:
            options.highlighted = 0

    def _preview(self) -> None:
        """Mark on the radar the arcs of the highlighted choice's mount, or the chosen action's."""
        mount: Mount | None = None
        options = self.query_one("#pm-options", OptionList)
        index = options.highlighted
        if not self.replaying and index is not None and index < len(self._choices):
            action = self._choices[index].action
            mount = None if action is None else action.mount
        if mount is None:
            action = self.state.player.action
            mount = None if action is None else action.mount
        self.query_one(Radar).arc_mount = mount

    @on(OptionList.OptionHighlighted, "#pm-options")
    def _highlighted(self) -> None:
        self._preview()

    @on(OptionList.OptionSelected, "#pm-options")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_pick(event.option_index)

    # ------------------------------------------------------------------ modes
    def allows(self, action: str, parameters: tuple[object, ...]) -> bool:
        """Show wait, haste and loadout when they fit; the choices while the game goes on."""
        del parameters
        if self.replaying:
            return True
        state = self.game.state
        if action in {"pick", "wait", "haste", "command_line"} and state.result is not None:
            return False
        if action in {"wait", "haste"}:
            # Haste too early or with a movement action is refused with the engine's reason.
            return state.prompt is Prompt.WINDOW
        if action == "refit":
            return state.prompt is Prompt.DEPLOY
        return True

    # ------------------------------------------------------------------ playing
    def action_pick(self, index: int) -> None:
        """Take choice ``index`` (0-based) of the list."""
        if index < len(self._choices):
            self.execute(self._choices[index].command)
        elif self._choices:
            self.notify(f"There are only {len(self._choices)} choices.", severity="warning")

    def action_wait(self) -> None:
        """Let time pass one step."""
        self.execute(Wait())

    def action_haste(self) -> None:
        """Fire the chosen attack now (PM-7)."""
        self.execute(Haste())

    def action_refit(self) -> None:
        """Open the loadout builder; the new loadout is sent as a Refit."""
        from tui.papermech.loadout import LoadoutBuilderScreen  # noqa: PLC0415 - a sibling screen

        def refit(loadout: Loadout | None) -> None:
            if loadout is not None and loadout != self.game.state.player.loadout:
                self.execute(Refit(loadout))

        loadout = self.game.state.player.loadout
        self.app.push_screen(LoadoutBuilderScreen(loadout, title="Refit before deploying"), refit)

    def action_rules(self) -> None:
        """Show the rules summary."""
        from tui.papermech.rules import PaperRulesScreen  # noqa: PLC0415 - a sibling screen

        self.app.push_screen(PaperRulesScreen())

    def game_over(self) -> None:
        """Say how it ended; add the score to the table unless this was a practice game."""
        state = self.game.state
        result = state.result
        if result is None or self._scored:
            return
        self._scored = True
        self.notify(self._what_now(state), title="The game is over", timeout=10)
        if self.practice:
            self.notify("A practice game does not go on the high-score table.")
            return
        entry = score_entry(self.game, self.path, datetime.now(UTC).astimezone().date())
        record = getattr(self.app, "record_score", None)
        if callable(record):
            record(entry)
