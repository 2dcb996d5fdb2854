"""Play BattleTech hot-seat on the hex board, or watch a saved game again (DESIGN 5).

The screen is built from a `saves.journal.Journal` (live play: every command is on disk before it
is applied, so the game is saved after every command) or from a `Game` (a replay, read only). It
never changes the game itself: the keys build a plot (`tui.battletech.widgets.plotting.Plot`), the
engine previews it (MP, path, the rolls it will need), and confirming gives the `Move` or `Jump`
command to ``journal.execute``; every panel is then drawn again from the new state and its events.

The board has the focus in play: the arrows and q w e / a s d move its cursor, Enter (or a click)
acts on the cursor hex: place the unit being deployed, pick a unit, plot the cheapest route to a
reachable hex, pick a jump's landing hex, or confirm when the cursor is on the plotted end.
Every other key is the screen's (`BattleTechScreen.BINDINGS`).

`tui.battletech.games` opens it: a new game from the setup screen, a save to resume, a replay.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, ClassVar, cast

import attrs
from textual import on
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from engine.battletech import RULESET
from engine.battletech.clubs import why_no_club
from engine.battletech.commands import (
    Deploy,
    EndMove,
    EndPhase,
    Move,
    RollInitiative,
    StepKind,
)
from engine.battletech.flow import can_end_phase, deploy_zone, pending, prompt_text
from engine.battletech.movement import jump_path, reachable_hexes
from engine.battletech.narrate import unit_letters
from engine.battletech.physical import check_dfa
from engine.battletech.state import MoveMode, Phase
from engine.dice import DiceExhaustedError
from engine.game import IllegalCommand, Rejected
from engine.hexes import Facing, Hex
from saves.journal import read_game
from tui.battletech._attacks import ATTACK_PHASES, AttackControls
from tui.battletech.widgets import (
    OrdersPanel,
    Plot,
    RecordData,
    RecordSheet,
    UnitList,
    command_of,
    deploy_lines,
    ghost_marker,
    initiative_line,
    initiative_lines,
    last_path,
    movement_lines,
    plot_lines,
    preview,
    replay_lines,
    route_to,
    status_line,
    unit_markers,
    units_data,
    with_step,
)
from tui.battletech.widgets.board import BTBoard
from tui.battletech.widgets.record import PAGES
from tui.battletech.widgets.targeting import KEYS
from tui.screens import _replay
from tui.screens._replay import ReplayControls, jump_bindings
from tui.widgets.hexboard import HexBoard, UnitMarker, describe_hex
from tui.widgets.log import EventLog
from tui.widgets.story import ReplayCursor, Story

if TYPE_CHECKING:
    from pathlib import Path

    from textual.app import ComposeResult
    from textual.binding import BindingType

    from engine.battletech.state import BTState
    from engine.game import Command, Entry, Game
    from saves.journal import Journal
    from tui.battletech.widgets import Line, Preview

    AnyGame = Game[Any, Any, Any, Any]

__all__ = ["COMPACT_BELOW", "HOME_FACING", "BattleTechScreen"]

COMPACT_BELOW = (120, 38)
"""Below this many columns or rows the screen uses its compact layout (it fits 80 x 24)."""

COMMAND_HINT = "a command: move 1 walk F F R, jump 2 0805 0806 N, still 3, end, undo (Esc closes)"
"""The command line's placeholder."""

HOME_FACING = (Facing.S, Facing.N, Facing.SE, Facing.NW)
"""The facing a side's units deploy with at first: towards the map's middle from their edge."""

REFUSAL_SHOWN = 4.0
"""Seconds a refusal stays on screen; pressing the same refused key again meanwhile adds none."""

_MODES = {"walk": MoveMode.WALK, "run": MoveMode.RUN, "jump": MoveMode.JUMP}

ATTACK_KEYS = frozenset(
    {
        "next_unit",
        "next_target",
        "all_weapons",
        "twist",
        "declare",
        "flip",
        "weapon",
        "hold",
        "confirm",
        "cancel_plot",
        "take_club",
    }
)
"""The actions `BattleTechScreen._attack_key` answers for in the attack phases."""

WEAPON_BINDINGS = [
    Binding(
        key,
        f"weapon('{key}')",
        "Choose",
        key_display="1-0",
        show=key == "1",
        tooltip="Weapons: fire weapon 1-10 at the target (again: not); physical: attack 1-9",
    )
    for key in KEYS
]
"""The number keys in the attack phases: a weapon (or a physical attack) by its number."""


# ------------------------------------------------------------------ the screen
class BattleTechScreen(AttackControls, ReplayControls, Screen[None]):
    """Play a BattleTech game hot-seat (from a journal), or replay one (from a game)."""

    CSS_PATH = "battletech.tcss"
    AUTO_FOCUS = ""  # `_focus` decides: the board in play, nothing in a replay

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "tab", "next_target(1)", "Target", key_display="Tab", tooltip="Weapons: the next enemy"
        ),
        Binding(
            "shift+tab", "next_target(-1)", "Target", show=False, tooltip="Weapons: the previous"
        ),
        Binding("tab", "next_unit(1)", "Unit", key_display="Tab", tooltip="Select the next unit"),
        Binding("shift+tab", "next_unit(-1)", "Unit", show=False, tooltip="The previous unit"),
        *WEAPON_BINDINGS,
        Binding(
            "space", "all_weapons", "All", key_display="Spc", tooltip="Every weapon that can hit"
        ),
        Binding("h", "hold", "Hold", tooltip="Hold fire / no physical attack"),
        Binding("g", "take_club", "Club", tooltip="Pick up a club instead of firing (BT-C-38)"),
        Binding("1", "mode('walk')", "Walk", tooltip="Plot a walk for the selected unit"),
        Binding("2", "mode('run')", "Run", tooltip="Plot a run"),
        Binding("3", "mode('jump')", "Jump", tooltip="Plot a jump: cursor to the landing, Enter"),
        Binding("0", "still", "Still", tooltip="The selected unit stands still this turn"),
        Binding("f", "step('F')", "Fwd", tooltip="Plot one hex forward"),
        Binding(
            "b", "step('B')", "Back", show=False, tooltip="Plot one hex backward (walking only)"
        ),
        Binding(
            "left_square_bracket,comma",
            "twist(-1)",
            "Twist",
            key_display="[ ]",
            tooltip="Twist the torso one hexside left (BT-C-3)",
        ),
        Binding(
            "right_square_bracket,full_stop",
            "twist(1)",
            "Twist right",
            show=False,
            tooltip="Twist the torso one hexside right",
        ),
        Binding(
            "left_square_bracket,comma",
            "turn(-1)",
            "Turn",
            key_display="[ ]",
            tooltip="Turn left one hexside (deployment and jumps: the facing)",
        ),
        Binding(
            "right_square_bracket,full_stop",
            "turn(1)",
            "Turn right",
            show=False,
            tooltip="Turn right one hexside",
        ),
        Binding("p", "step('P')", "Prone", show=False, tooltip="Plot: drop prone"),
        Binding(
            "u", "step('U')", "Stand", show=False, tooltip="Plot: stand up ([ ] choose the facing)"
        ),
        Binding(
            "u", "next_unit(1)", "Unit", show=False, tooltip="The next unit (attack phases too)"
        ),
        Binding("t", "flip", "Flip arms", tooltip="Flip the arms to the rear (BT-C-62)"),
        Binding("m", "charge", "Charge", tooltip="Plot: charge the unit ahead / DFA a unit beside"),
        Binding("backspace", "unstep", "Back", tooltip="Take back the last plotted step"),
        Binding("c", "declare", "Declare", tooltip="Give the declaration (Enter on the target)"),
        Binding("c", "confirm", "Go", tooltip="Give the plotted move (Enter on its end too)"),
        Binding("x", "end_move", "Done", tooltip="End a move a fall cut short"),
        Binding("i", "initiative", "Initiative", tooltip="Roll initiative for the turn"),
        Binding("n", "end_phase", "End phase", tooltip="Every unit has moved: close the turn"),
        Binding("z", "undo", "Undo", tooltip="Take back the last command (not past dice)"),
        Binding("y", "redo", "Redo", show=False, tooltip="Give again what undo took back"),
        Binding("colon", "command_line", "Cmd", key_display=":", tooltip="Type a command"),
        Binding("v", "sheet_page", "Sheet", show=False, tooltip="Record sheet: the other page"),
        Binding("r", "result", "Result", tooltip="The result and the after-action report"),
        Binding("pageup", "log(-1)", "Log up", show=False, tooltip="Scroll the log up"),
        Binding("pagedown", "log(1)", "Log down", show=False, tooltip="Scroll the log down"),
        Binding("left", "step_replay(-1)", "Back", tooltip="Replay: one command back"),
        Binding("right", "step_replay(1)", "Fwd", tooltip="Replay: one command forward"),
        Binding("shift+left", "step_event(-1)", "Event back", show=False),
        Binding("shift+right", "step_event(1)", "Event", key_display="⇧→", tooltip="Next event"),
        Binding("home", "seek(0)", "Start", show=False, tooltip="Replay: the start"),
        Binding("end", "seek(-1)", "End", show=False, tooltip="Replay: the end"),
        Binding("space", "play", "Play", tooltip="Replay: play or pause"),
        Binding("plus,equals_sign", "speed(1)", "Faster", key_display="+", show=False),
        Binding("minus", "speed(-1)", "Slower", key_display="-", show=False),
        *jump_bindings("turn", "phase"),
        Binding("enter", "act", "Act", show=False, tooltip="Act on the cursor hex"),
        Binding("question_mark", "rules", "Help", key_display="?", tooltip="Keys and rules"),
        Binding("f1", "app.help", "Help", show=False),
        Binding("escape", "cancel_plot", "Cancel", tooltip="Cancel the plot"),
        Binding("escape", "back", "Menu", tooltip="Back to the menu (the game is saved)"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Arrows, q w e a s d | Move the board cursor. |
    | Enter | Act on the cursor hex: deploy, pick a unit, plot the route there, confirm. |
    | Tab, Shift+Tab | The next (previous) unit of the side to act; weapons: the next target. |
    | 1 2 3 0 | Walk, run, jump, stand still. |
    | f b [ ] , . p u | Plot: forward, backward, turn left/right, drop prone, stand up. |
    | m | Plot: charge the unit ahead (walk, run), or DFA a unit beside the landing (jump). |
    | Backspace, c, Esc | Plot: take back a step, confirm, cancel. |
    | 1-9 0, Space, [ ], t | Weapons: choose one, all; twist the torso; flip the arms. |
    | c, h, u | Attacks: declare, hold fire (no physical attack), the next unit. |
    | 1-9 | Physical attacks: choose one. |
    | v, r | The record sheet's other page (criticals); the result (game over). |
    | x | End a move a fall cut short. |
    | i, n | Roll initiative; end the movement phase. |
    | z, y | Undo, redo (undo stops at a dice roll). |
    | : | The command line (the headless command language). |
    | PgUp, PgDn | Scroll the log. |
    | Left, Right, Shift+Left/Right, Home, End, Space, + - | Replay controls. |
    | < > , . g | Replay: previous/next turn, previous/next phase, go to a turn. |
    | ?, F1 | BattleTech keys and rules; the whole help. |
    | Escape | Cancel the plot; else back to the menu (the game is saved). |
    """

    LIVE_ACTIONS = frozenset(
        {
            "next_unit",
            "mode",
            "still",
            "step",
            "turn",
            "unstep",
            "confirm",
            "end_move",
            "initiative",
            "end_phase",
            "undo",
            "redo",
            "command_line",
            "act",
            "cancel_plot",
            "next_target",
            "weapon",
            "all_weapons",
            "hold",
            "flip",
            "charge",
            "twist",
            "declare",
            "take_club",
        }
    )
    REPLAY_ACTIONS = _replay.REPLAY_ACTIONS

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
        super().__init__()
        self._open_game(journal, game, path)
        self.compact = False
        self.story = Story()
        self.letters = unit_letters(cast("BTState", self.game.initial).units)
        self.selected: int | None = None
        self.plot: Plot | None = None
        self.deploy_facing: Facing | None = None
        self._reach: tuple[BTState, tuple[int, MoveMode], dict[Hex, int]] | None = None
        self._announced = self.game.summary.over
        self._refused: tuple[str, float] | None = None
        self.sheet_page = PAGES[0]

    @classmethod
    def replay(cls, path: Path) -> BattleTechScreen:
        """Watch a saved game from its start.

        Raises:
            SaveError: the file cannot be read as a save.
            OSError: the file cannot be read.
        """
        loaded = read_game(path.read_bytes(), path.name)
        screen = cls(game=loaded.game, path=path)
        screen.cursor = ReplayCursor.of(loaded.game)
        return screen

    # ------------------------------------------------------------------ queries
    @property
    def game_running(self) -> bool:
        """True while a live game is not over (quitting then asks first)."""
        return not self.replaying and not self.game.summary.over

    @property
    def state(self) -> BTState:
        """The state shown: the game's, or the replay's position (folded once per position)."""
        if not self.replaying:
            return cast("BTState", self.game.state)
        return cast("BTState", self.replay_state())

    @property
    def board(self) -> HexBoard:
        """The hex board."""
        return self.query_one("#bt-board", HexBoard)

    def name_of(self, index: int) -> str:
        """A unit's letter and name ("G Griffin GRF-1N")."""
        return f"{self.letters[index]} {cast('BTState', self.game.initial).units[index].name}"

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        """Lay out the board, the side panels and the log; compact below 120 x 38."""
        width, height = self.app.size
        self.compact = width < COMPACT_BELOW[0] or height < COMPACT_BELOW[1]
        self.set_class(self.compact, "-compact")
        self.set_class(self.replaying, "-replay")
        yield Static(id="bt-header", markup=False)
        yield Static(id="bt-prompt", markup=False)
        yield from self.compose_replay()
        with Horizontal(id="bt-main"):
            with Vertical(id="bt-left"):
                yield BTBoard(
                    cast("BTState", self.game.initial).board,
                    ascii_only=bool(getattr(self.app, "ascii_only", False)),
                    id="bt-board",
                )
                yield Static(id="bt-hexinfo", markup=False)
                yield EventLog(id="bt-log", classes="bt-panel")
            with VerticalScroll(id="bt-side", can_focus=False):
                yield OrdersPanel(id="bt-orders", classes="bt-panel")
                yield RecordSheet(id="bt-record", classes="bt-panel")
                yield UnitList(id="bt-units", classes="bt-panel")
        yield Input(placeholder=COMMAND_HINT, id="bt-command", disabled=self.replaying)
        yield Footer(compact=self.compact, show_command_palette=not self.compact)

    def on_mount(self) -> None:
        """Tell the game so far, place the cursor and draw it."""
        self.story.retell(self.game, everything=self.replaying)
        self._titles()
        self._redraw(follow=True)
        if self.journal is not None:
            for warning in self.journal.warnings:
                self.notify(warning, severity="warning", timeout=10)
        self._focus()

    async def on_resize(self) -> None:
        """Switch between the wide and the compact layout when the terminal crosses the line."""
        width, height = self.app.size
        compact = width < COMPACT_BELOW[0] or height < COMPACT_BELOW[1]
        if compact != self.compact:
            cursor = self.board.cursor
            await self.recompose()
            self._titles()
            if cursor is not None:
                self.board.set_cursor(cursor)
            self._redraw()
            self._focus()

    def _focus(self) -> None:
        """Play: the board has the keys; a replay: nothing (the arrows step the replay)."""
        if self.replaying:
            self.board.can_focus = False  # a click must not take the arrows from the replay
            self.set_focus(None)
        else:
            self.board.focus()

    def on_unmount(self) -> None:
        """Close the save (everything is on disk already) and stop the replay clock."""
        self._pause()
        if self.journal is not None:
            self.journal.close()

    def _titles(self) -> None:
        if self.compact:
            return
        titles = {"#bt-orders": "Orders", "#bt-record": "Unit", "#bt-units": "Units"}
        for selector, title in titles.items():
            self.query_one(selector).border_title = title
        self.query_one("#bt-log").border_title = "Log"

    # ------------------------------------------------------------------ drawing
    def _redraw(self, *, follow: bool = False) -> None:
        """Draw every panel from the state; ``follow`` puts the cursor on the unit to act."""
        state = self.state
        moved_to = self._fix_selection(state) if not self.replaying else None
        if follow or moved_to is not None:
            self._cursor_to(moved_to or self._cursor_home(state))
        self.set_class(state.phase in ATTACK_PHASES and not self.replaying, "-attacking")
        view = self._preview(state)
        self._draw_board(state, view)
        self._header(state)
        self.query_one(OrdersPanel).show(tuple(self._orders(state, view)), compact=self.compact)
        self._draw_record()
        self.query_one(UnitList).show(
            units_data(state, self.letters, self.selected), compact=self.compact
        )
        position = self.cursor.position if self.replaying else None
        lines, current = self.story.lines(position)
        self.query_one(EventLog).show(lines, current)
        self._hex_info()
        self.refresh_bindings()
        self._replay_redrawn()

    def _cursor_home(self, state: BTState) -> Hex | None:
        """Where the cursor starts: the unit to act, a deployment zone's middle, or a unit."""
        if self.selected is not None:
            unit = state.units[self.selected]
            if unit.hex is not None:
                return unit.hex
        side = state.side_to_act
        if state.phase is Phase.DEPLOYMENT and side is not None:
            return _free_middle(state, side)
        on_map = [u.hex for u in state.units if u.hex is not None and not u.destroyed]
        return on_map[0] if on_map else None

    def _cursor_to(self, where: Hex | None) -> None:
        if where is not None:
            self.board.set_cursor(where)

    def _fix_selection(self, state: BTState) -> Hex | None:
        """Keep the selection on a unit that may act now; return the hex to show if it changed.

        A unit still in the middle of its move (after a fall) stays selected with its plot open;
        a new deploying side starts with its home facing and the cursor in its zone.
        """
        before = self.selected
        choices = self._selectable(state)
        if state.active is not None:
            self.selected = state.active
        elif self.selected not in choices:
            self.selected = choices[0] if choices else None
        if self.plot is not None and self.plot.unit != self.selected:
            self.plot = None
        self.fix_attack(state)
        if self.selected is None:
            return None
        unit = state.units[self.selected]
        if state.active is not None and self.plot is None and unit.movement is not None:
            self.plot = Plot(state.active, unit.movement.mode)
        if self.selected == before:
            return None
        if state.phase is not Phase.DEPLOYMENT:
            return unit.hex
        if before is not None and state.units[before].side == unit.side:
            return None
        self.deploy_facing = HOME_FACING[unit.side % 4]
        return self._cursor_home(state)

    def _selectable(self, state: BTState) -> tuple[int, ...]:
        """The units the side to act may order now, in setup order."""
        side = state.side_to_act
        if side is None:
            return ()
        if state.phase is Phase.DEPLOYMENT:
            return tuple(i for i, u in enumerate(state.units) if u.side == side and u.hex is None)
        if state.phase in ATTACK_PHASES:
            return self.attack_units(state, side)
        if state.active is not None:
            return (state.active,)
        return pending(state, side)

    def _preview(self, state: BTState) -> Preview | None:
        """The engine's view of the plot (a plot it no longer accepts is dropped)."""
        if self.plot is None or self.replaying:
            return None
        try:
            return preview(state, self.plot)
        except IllegalCommand as illegal:
            self.plot = None
            self.refuse(illegal.message, title="Plot")
            return None

    def _reach_of(self, state: BTState, plot: Plot) -> dict[Hex, int]:
        """The reachable hexes and their MP, kept while the state, unit and mode stay the same."""
        cached = self._reach
        if cached is None or cached[0] is not state or cached[1] != (plot.unit, plot.mode):
            cached = self._reach = (
                state,
                (plot.unit, plot.mode),
                reachable_hexes(state, plot.unit, plot.mode),
            )
        return cached[2]

    def _draw_board(self, state: BTState, view: Preview | None) -> None:
        board = self.board
        moving = (self.plot.unit, view) if self.plot is not None and view is not None else None
        markers = unit_markers(state, self.letters, selected=self.selected, moving=moving)
        ghost = self._deploy_ghost(state)
        board.set_units([*markers, ghost] if ghost is not None else markers)
        if state.phase is Phase.DEPLOYMENT and state.side_to_act is not None and not self.replaying:
            taken = {u.hex for u in state.units if u.hex is not None}
            board.set_marks(deploy_zone(state, state.side_to_act) - taken)
            board.set_reach({})
            board.set_path(())
            return
        if state.phase in ATTACK_PHASES and not self.replaying:
            self.draw_attack_board(state)
            return
        board.set_marks({})
        board.set_arc(())
        if view is not None and self.plot is not None:
            board.set_reach(self._reach_of(state, self.plot))
            board.set_path(view.path if view.ready or self.plot.steps else ())
            return
        board.set_reach({})
        board.set_path(last_path(state, self._applied()))

    def _deploy_ghost(self, state: BTState) -> UnitMarker | None:
        """The unit being deployed, drawn at the cursor when the cursor may take it."""
        if state.phase is not Phase.DEPLOYMENT or self.selected is None or self.replaying:
            return None
        where = self.board.cursor
        unit = state.units[self.selected]
        if where is None or where not in deploy_zone(state, unit.side) or state.units_at(where):
            return None
        return ghost_marker(state, self.letters, self.selected, where, self._deploy_facing(state))

    def _deploy_facing(self, state: BTState) -> Facing:
        """The facing the next unit deploys with ([ ] turn it)."""
        if self.deploy_facing is not None:
            return self.deploy_facing
        side = state.side_to_act
        return HOME_FACING[(side or 0) % 4]

    def _applied(self) -> tuple[Entry[Any, Any], ...]:
        """The entries the state shown has applied (a replay's current one once it has begun)."""
        if not self.replaying:
            return self.game.entries
        index, events = self.cursor.position
        return self.game.log[: index + (1 if events else 0)]

    def _header(self, state: BTState) -> None:
        summary = RULESET.summary(state)
        title = state.title or "BattleTech"
        parts = [f"BattleTech - {title}", summary.turn]
        if state.phase not in {Phase.DEPLOYMENT, Phase.OVER}:
            parts.append(f"{state.phase.value} phase")
        if self.path is not None:
            parts.append(self.path.name)
        self.query_one("#bt-header", Static).update("   ".join(parts))
        self.query_one("#bt-prompt", Static).update(self._prompt_line(state))

    def _prompt_line(self, state: BTState) -> str:
        if self.replaying:
            index, events = self.cursor.position
            where = f"REPLAY  command {index} / {len(self.cursor.sizes)}"
            if events:
                where += f", event {events} / {len(self.game.log[index].events)}"
            now = self.story.event(index, events).text if events else prompt_text(state)
            return f"{where}   {self.replay_clock}   - {now}"
        return "Now: " + prompt_text(state)

    def _orders(self, state: BTState, view: Preview | None) -> list[Line]:  # noqa: PLR0911
        """What to do now, in a few lines (the plotted move while plotting)."""
        if self.replaying:
            return replay_lines(state)
        if state.phase is Phase.DEPLOYMENT:
            return self._deploy_orders(state)
        if state.phase is Phase.INITIATIVE:
            return initiative_lines(state)
        if state.phase in ATTACK_PHASES:
            return self.attack_orders(state) or [(prompt_text(state), "title")]
        if state.phase is Phase.OVER:
            return [(prompt_text(state), "title"), ("r: the result and the report", "keys")]
        if state.phase is not Phase.MOVEMENT:
            return [(prompt_text(state), "title")]
        if self.plot is not None and view is not None:
            attack = self.plot.attack
            lines = plot_lines(
                self.plot,
                view,
                self.name_of(self.plot.unit),
                compact=self.compact,
                victim=self.name_of(attack) if attack is not None else "",
            )
            if state.active is not None and not self.plot.steps:
                lines.append(("x: end this unit's move here", "keys"))
            return lines
        initiative = initiative_line(state, self._applied(), compact=self.compact)
        chosen = None
        if self.selected is not None:
            chosen = (self.name_of(self.selected), state.units[self.selected])
        return movement_lines(state, initiative, chosen, compact=self.compact)

    def _deploy_orders(self, state: BTState) -> list[Line]:
        side = state.side_to_act
        if side is None or self.selected is None:
            return [(prompt_text(state), "text")]
        cursor = self.board.cursor
        outside = cursor if cursor is not None and cursor not in deploy_zone(state, side) else None
        name = self.name_of(self.selected)
        return deploy_lines(state, side, name, self._deploy_facing(state), outside=outside)

    def _draw_record(self) -> None:
        state = self.state
        index = self._record_unit(state)
        sheet = self.query_one(RecordSheet)
        if index is None:
            sheet.show(None)
            return
        unit = state.units[index]
        terrain = state.board.get(unit.hex) if unit.hex is not None else None
        sheet.show(
            RecordData(
                unit,
                self.letters[index],
                state.sides[unit.side],
                terrain,
                status_line(unit),
                self.sheet_page,
            ),
            compact=self.compact,
        )

    def _record_unit(self, state: BTState) -> int | None:
        """The unit whose sheet shows: the one plotting, else under the cursor, else selected."""
        if self.plot is not None:
            return self.plot.unit
        where = self.board.cursor
        if where is not None:
            here = state.units_at(where)
            if here:
                return here[0]
        if self.selected is not None:
            return self.selected
        return 0 if state.units else None

    def _hex_info(self) -> None:
        where = self.board.cursor
        state = self.state
        text = ""
        if where is not None and where in state.board:
            text = describe_hex(state.board, where)
            names = [
                f"{self.name_of(i)} ({state.sides[state.units[i].side]})"
                for i in state.units_at(where)
            ]
            if names:
                text += " - " + ", ".join(names)
            cost = self._reach[2].get(where) if self._reach is not None and self.plot else None
            if cost is not None:
                text += f" - {cost} MP"
        self.query_one("#bt-hexinfo", Static).update(text)

    @on(HexBoard.CursorMoved)
    def _cursor_moved(self, event: HexBoard.CursorMoved) -> None:
        event.stop()
        state = self.state
        if state.phase is Phase.DEPLOYMENT and not self.replaying:
            self._draw_board(state, None)
            self.query_one(OrdersPanel).show(
                tuple(self._deploy_orders(state)), compact=self.compact
            )
        if state.phase is Phase.WEAPON and not self.replaying and self.aim_at(state, event.hex):
            self._redraw()
            return
        self._draw_record()
        self._hex_info()

    # ------------------------------------------------------------------ keys: modes
    def check_action(  # noqa: C901, PLR0911, PLR0912 - one answer per kind of key
        self, action: str, parameters: tuple[object, ...]
    ) -> bool | None:
        """Show only the keys that act now: play keys in play, replay keys in a replay."""
        if action in self.LIVE_ACTIONS and self.replaying:
            return False
        if action in self.REPLAY_ACTIONS and not self.replaying:
            return False
        if action == "result":  # the game's end, in play or in a replay of a finished game
            return self.game.state.phase is Phase.OVER
        if self.replaying or action in {"undo", "redo", "command_line", "act", "log", "sheet_page"}:
            return True
        state = self.game.state
        phase = state.phase
        if phase in ATTACK_PHASES and action in ATTACK_KEYS:
            return self._attack_key(state, action)
        plotting = self.plot is not None
        ground = plotting and self.plot is not None and self.plot.mode is not MoveMode.JUMP
        match action:
            case "next_unit":
                return len(self._selectable(state)) > 1 and state.active is None and not plotting
            case (
                "next_target"
                | "weapon"
                | "all_weapons"
                | "hold"
                | "flip"
                | "twist"
                | "declare"
                | "take_club"
            ):
                return False
            case "charge":
                return plotting and self._charge_fits()
            case "result":
                return phase is Phase.OVER
            case "mode" | "still":
                return (
                    phase is Phase.MOVEMENT
                    and self.selected is not None
                    and state.active is None
                    and not plotting
                )
            case "step":
                kind = str(parameters[0]) if parameters else ""
                if kind in {"P", "U"}:
                    return ground and self._prone_key_fits(kind)
                return ground
            case "turn":
                return phase is Phase.DEPLOYMENT or plotting
            case "unstep" | "confirm":
                return plotting
            case "cancel_plot":
                return plotting and state.active is None
            case "end_move":
                return state.active is not None
            case "initiative":
                return phase is Phase.INITIATIVE
            case "end_phase":
                return can_end_phase(state)
        return True

    def _attack_key(self, state: BTState, action: str) -> bool:  # noqa: PLR0911 - one per key
        """Which keys act in an attack phase (the unit to declare is ``selected``)."""
        unit = self.selected
        aim = self.aim if state.phase is Phase.WEAPON else None
        match action:
            case "next_unit":
                return len(self._selectable(state)) > 1
            case "next_target" | "all_weapons":
                return aim is not None and aim.target is not None
            case "twist":
                return aim is not None
            case "flip":
                view = self.aim_view(state)
                return view is not None and (view.can_flip or view.aim.flip)
            case "weapon":
                if state.phase is Phase.PHYSICAL:
                    return unit is not None and bool(self.strikes(state, unit))
                return aim is not None
            case "hold" | "declare":
                return unit is not None
            case "take_club":
                return (
                    state.phase is Phase.WEAPON
                    and unit is not None
                    and not why_no_club(state, unit)
                )
            case "cancel_plot":
                chose = aim is not None and bool(aim.shots or aim.twist or aim.flip)
                return chose or self.strike is not None
        return False

    def _charge_fits(self) -> bool:
        """Show m while a walk or run has steps, or a jump has its landing hex."""
        plot = self.plot
        if plot is None:
            return False
        if plot.mode is MoveMode.JUMP:
            return plot.target is not None
        return bool(plot.steps)

    def _prone_key_fits(self, kind: str) -> bool:
        """Show p for a standing unit's plot and u for a prone one's."""
        state = self.game.state
        if self.plot is None:
            return False
        try:
            prone = preview(state, self.plot).prone
        except IllegalCommand:
            return False
        return prone if kind == "U" else not prone

    # ------------------------------------------------------------------ playing
    def execute(self, command: Command) -> bool:
        """Give the game a command through the journal (saved before it is applied).

        Args:
            command: the command.

        Returns:
            True when it was accepted; a refusal is a one-line notification with the reason.
        """
        if self.journal is None:
            return False
        try:
            outcome = self.journal.execute(command)
        except OSError as error:
            self.notify(f"Cannot save the game: {error}", severity="error", timeout=10)
            return False
        except DiceExhaustedError as error:
            self.notify(str(error), severity="error")
            return False
        if isinstance(outcome, Rejected):
            self.refuse(outcome.reason, title="Not allowed")
            return False
        self.plot = None
        self.story.sync(self.game)
        self._redraw()
        self._announce_end()
        return True

    def refuse(self, message: str, *, title: str = "") -> None:
        """Say in one line why a key did nothing; the same line again is not stacked up.

        Args:
            message: the reason (usually the engine's).
            title: a word on what was refused.
        """
        now = time.monotonic()
        last = self._refused
        if last is not None and last[0] == message and now - last[1] < REFUSAL_SHOWN:
            return
        self._refused = (message, now)
        self.notify(message, title=title, severity="warning", timeout=REFUSAL_SHOWN)

    def _announce_end(self) -> None:
        if self.game.summary.over and not self._announced:
            self._announced = True
            self.action_result()

    def action_result(self) -> None:
        """Show the result and the after-action report (the game is over)."""
        from tui.battletech.result import BTResultScreen  # noqa: PLC0415 - a sibling screen

        if self.game.state.phase is Phase.OVER:
            self.app.push_screen(BTResultScreen(self.game, self.letters))

    def action_sheet_page(self) -> None:
        """Turn the record sheet to its other page (the sheet, the critical hit table)."""
        self.sheet_page = PAGES[(PAGES.index(self.sheet_page) + 1) % len(PAGES)]
        self._draw_record()

    def action_charge(self) -> None:
        """Mark the plotted move as a charge on the unit ahead, or the jump as a DFA (or not)."""
        state = self.game.state
        plot = self.plot
        view = self._preview(state)
        if plot is None or view is None:
            return
        if plot.mode is MoveMode.JUMP:
            foes = [
                i
                for i in _neighbours(state, view.end)
                if state.units[i].side != state.units[plot.unit].side
            ]
            what = f"next to {view.end.label} to drop on (DFA)"
        else:
            ahead = view.end.neighbor(view.facing)
            foes = [
                i
                for i in state.units_at(ahead)
                if state.units[i].side != state.units[plot.unit].side
            ]
            what = f"in {ahead.label}, ahead of the plotted end, to charge"
        if not foes:
            self.refuse(f"There is no enemy {what}")
            return
        cycle = [*foes, None]
        now = cycle.index(plot.attack) if plot.attack in cycle else -1
        attack = cycle[(now + 1) % len(cycle)]
        if attack is not None and plot.mode is MoveMode.JUMP:
            try:  # BT-C-43: say now why not, rather than when the jump is given
                check_dfa(state, plot.unit, jump_path(state, plot.unit, view.end) or (), attack)
            except IllegalCommand as illegal:
                self.refuse(illegal.message, title="No death from above")
                return
        self.plot = _evolve_plot(plot, attack=attack)
        self._redraw()

    def action_next_unit(self, step: int) -> None:
        """Select the next (1) or previous (-1) unit of the side to act."""
        state = self.game.state
        choices = self._selectable(state)
        if not choices:
            return
        at = choices.index(self.selected) if self.selected in choices else -step
        self.selected = choices[(at + step) % len(choices)]
        self.plot = None
        where = state.units[self.selected].hex
        if where is not None:
            self._cursor_to(where)
        self._redraw()

    def action_mode(self, mode: str) -> None:
        """Start plotting the selected unit's move in ``mode`` (walk, run, jump)."""
        if self.selected is None:
            return
        plot = Plot(self.selected, _MODES[mode])
        try:
            preview(self.game.state, plot)
        except IllegalCommand as illegal:
            self.refuse(illegal.message, title="Cannot move so")
            return
        self.plot = plot
        self._redraw()

    def action_still(self) -> None:
        """The selected unit stands still this turn."""
        if self.selected is not None:
            self.execute(Move(self.selected, MoveMode.STILL))

    def action_step(self, kind: str) -> None:
        """Add a step to the plot; the engine refuses an illegal one with its reason."""
        if self.plot is None or self.plot.mode is MoveMode.JUMP:
            return
        try:
            self.plot = with_step(self.game.state, self.plot, StepKind(kind))
        except IllegalCommand as illegal:
            self.refuse(illegal.message, title="Illegal step")
            return
        self._redraw()

    def action_turn(self, step: int) -> None:
        """Turn: the deployment facing, a jump's landing facing, a plotted turn, a torso twist."""
        state = self.game.state
        if state.phase is Phase.DEPLOYMENT and self.selected is not None:
            self.deploy_facing = self._deploy_facing(state).turn(step)
            self._redraw()
            return
        if self.plot is not None and self.plot.mode is MoveMode.JUMP:
            unit = state.units[self.plot.unit]
            facing = self.plot.facing if self.plot.facing is not None else unit.facing
            self.plot = _evolve_plot(self.plot, facing=facing.turn(step))
            self._redraw()
            return
        self.action_step("L" if step < 0 else "R")

    def action_unstep(self) -> None:
        """Take back the last plotted step (a jump: its landing hex)."""
        if self.plot is None:
            return
        if self.plot.mode is MoveMode.JUMP:
            self.plot = _evolve_plot(self.plot, target=None, facing=None)
        else:
            self.plot = _evolve_plot(self.plot, steps=self.plot.steps[:-1])
        self._redraw()

    def action_confirm(self) -> None:
        """Give the plotted move to the game."""
        state = self.game.state
        plot = self.plot
        if plot is None:
            return
        if plot.mode is not MoveMode.JUMP and not plot.steps:
            if state.active == plot.unit:
                self.execute(EndMove(plot.unit))
                return
            self.refuse(
                "Plot a step first (f, b, [ ], or Enter on a shaded hex), or 0: stand still"
            )
            return
        try:
            command = command_of(state, plot)
        except IllegalCommand as illegal:
            self.refuse(illegal.message, title="Cannot move so")
            return
        self.execute(command)

    def action_end_move(self) -> None:
        """End the move of a unit whose fall cut its path short."""
        active = self.game.state.active
        if active is not None:
            self.execute(EndMove(active))

    def action_initiative(self) -> None:
        """Roll initiative for the turn."""
        self.execute(RollInitiative())

    def action_end_phase(self) -> None:
        """Close the movement phase: the weapon attack phase begins."""
        self.execute(EndPhase())

    def action_act(self) -> None:
        """Enter when the board has no focus: act on the cursor hex."""
        where = self.board.cursor
        if where is not None:
            self._act_on(where)

    @on(HexBoard.HexSelected)
    def _hex_selected(self, event: HexBoard.HexSelected) -> None:
        event.stop()
        if not self.replaying:
            self._act_on(event.hex)

    def _act_on(self, where: Hex) -> None:  # noqa: C901, PLR0911 - one answer per situation
        """Enter (or a click) on a hex: what it means depends on the phase and the plot."""
        state = self.game.state
        if state.phase is Phase.INITIATIVE:
            self.action_initiative()
            return
        if state.phase is Phase.DEPLOYMENT:
            if self.selected is not None:
                self.execute(Deploy(self.selected, where, self._deploy_facing(state)))
            return
        if state.phase in ATTACK_PHASES:
            self.attack_act(state, where)
            return
        if state.phase is Phase.OVER:
            self.action_result()
            return
        if state.phase is not Phase.MOVEMENT:
            return
        if can_end_phase(state):
            self.action_end_phase()
            return
        plot = self.plot
        if plot is None:
            self._pick_unit(state, where)
            return
        if plot.mode is MoveMode.JUMP:
            if plot.target == where:
                self.action_confirm()
                return
            self._pick_landing(state, plot, where)
            return
        view = self._preview(state)
        if view is not None and where == view.end and (plot.steps or state.active is not None):
            self.action_confirm()
            return
        route = route_to(state, plot, where)
        if route is None:
            self.refuse(f"{where.label} is out of reach in {plot.mode.value} mode")
            return
        self.plot = route
        self._redraw()

    def _pick_unit(self, state: BTState, where: Hex) -> None:
        here = [i for i in state.units_at(where) if i in self._selectable(state)]
        if here:
            self.selected = here[0]
            self._redraw()
            return
        if state.units_at(where):
            self.refuse("That unit cannot move now")
        elif self.selected is not None:
            self.refuse("Choose a mode first: 1 walk, 2 run, 3 jump")

    def _pick_landing(self, state: BTState, plot: Plot, where: Hex) -> None:
        unit = state.units[plot.unit]
        facing = plot.facing
        if facing is None and unit.hex is not None:
            facing = unit.hex.direction_to(where) or _rough_direction(unit.hex, where)
        landing = _evolve_plot(plot, target=where, facing=facing)
        try:
            preview(state, landing)
        except IllegalCommand as illegal:
            self.refuse(illegal.message, title="Cannot land there")
            return
        self.plot = landing
        self._redraw()

    def action_undo(self) -> None:
        """Cancel a plot; else take back the last command (not past dice rolls)."""
        if self.plot is not None and (self.plot.steps or self.plot.target is not None):
            self.plot = None
            self._redraw()
            return
        self._history(undo=True)

    def action_redo(self) -> None:
        """Give again the command undo took back."""
        self._history(undo=False)

    def _history(self, *, undo: bool) -> None:
        if self.journal is None:
            return
        try:
            outcome = self.journal.undo() if undo else self.journal.redo()
        except OSError as error:
            self.notify(f"Cannot save the game: {error}", severity="error", timeout=10)
            return
        if isinstance(outcome, Rejected):
            self.refuse(outcome.reason, title="Undo" if undo else "Redo")
            return
        self.plot = None
        self.story.sync(self.game)
        self._redraw(follow=True)

    def action_command_line(self) -> None:
        """Open the command line."""
        line = self.query_one("#bt-command", Input)
        line.add_class("-open")
        line.value = ""
        line.focus()

    @on(Input.Submitted, "#bt-command")
    def _typed(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        word = text.split(maxsplit=1)[0].lower() if text else ""
        if not text:
            self._close_command_line()
            return
        if word in {"undo", "redo"}:
            self._history(undo=word == "undo")
            self._close_command_line()
            return
        if word == "help":
            self._close_command_line()
            self.action_rules()
            return
        try:
            command = RULESET.parse_command(text, self.game.state)
        except IllegalCommand as illegal:
            self.refuse(illegal.message, title="Command")
            return
        if self.execute(command):
            self._close_command_line()

    def _close_command_line(self) -> None:
        line = self.query_one("#bt-command", Input)
        line.remove_class("-open")
        line.value = ""
        self._focus()

    def action_log(self, step: int) -> None:
        """Scroll the log a page up (-1) or down (1)."""
        log = self.query_one(EventLog)
        if step < 0:
            log.scroll_page_up(animate=False)
        else:
            log.scroll_page_down(animate=False)

    def action_rules(self) -> None:
        """Show the BattleTech keys and rules summary."""
        from tui.battletech.rules import BTRulesScreen  # noqa: PLC0415 - a sibling screen

        self.app.push_screen(BTRulesScreen())

    def action_cancel_plot(self) -> None:
        """Forget the plot or the chosen weapons (or close the command line)."""
        line = self.query_one("#bt-command", Input)
        if line.has_class("-open"):
            self._close_command_line()
            return
        if self.game.state.phase in ATTACK_PHASES:
            self.attack_clear()
            return
        self.plot = None
        self._redraw()

    def action_back(self) -> None:
        """Close the command line, or go back to the menu (the game is saved)."""
        line = self.query_one("#bt-command", Input)
        if line.has_class("-open"):
            self._close_command_line()
            return
        self.dismiss()

    # ------------------------------------------------------------------ replaying
    def _replay_moved(self) -> None:
        """Keep the unit of the replay's current command in view."""
        state = self.state
        for entry in reversed(self._applied()):
            unit = getattr(entry.command, "unit", None)
            if isinstance(unit, int) and state.units[unit].hex is not None:
                self._cursor_to(state.units[unit].hex)
                return


# ------------------------------------------------------------------ helpers
def _evolve_plot(plot: Plot, **changes: Any) -> Plot:  # noqa: ANN401 - attrs fields
    return attrs.evolve(plot, **changes)


def _neighbours(state: BTState, where: Hex) -> list[int]:
    """The units on the map in the six hexes round ``where``."""
    return [i for facing in Facing for i in state.units_at(where.neighbor(facing))]


def _free_middle(state: BTState, side: int) -> Hex | None:
    """The clear free hex of a side's zone nearest its middle (where the deploy cursor starts)."""
    zone = sorted(deploy_zone(state, side), key=lambda h: h.to_offset())
    if not zone:
        return None
    middle = zone[len(zone) // 2]
    free = [where for where in zone if not state.units_at(where)]
    dry = [where for where in free if state.board.terrain(where).is_clear] or free
    return min(dry, key=middle.distance, default=middle)


def _rough_direction(start: Hex, end: Hex) -> Facing:
    """The facing that points most nearly from ``start`` to ``end`` (a jump's first guess)."""
    best = Facing.N
    nearest = None
    for facing in Facing:
        distance = start.neighbor(facing).distance(end)
        if nearest is None or distance < nearest:
            best, nearest = facing, distance
    return best
