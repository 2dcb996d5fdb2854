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

What both game screens share (opening, ``execute`` and refusals, undo/redo, the ``:`` line, the
replay controls) is the base's, `tui.screens.game.GameScreen`; the attack phases are an object the
screen owns (`tui.battletech._attacks.AttackControls`, ``screen.attacks``). Which keys act now is
said by the input mode the player is in: deployment, plotting a move, giving orders, weapon
attacks or physical attacks (`BattleTechScreen.mode_keys`), and every replay key in a replay.

`tui.battletech.games` opens it: a new game from the setup screen, a save to resume, a replay.
"""

from __future__ import annotations

import dataclasses
import time
from typing import TYPE_CHECKING, Any, ClassVar, cast

import attrs
from textual import on
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Footer, Static

from engine.battletech import RULESET
from engine.battletech.commands import (
    Deploy,
    EndMove,
    EndPhase,
    Move,
    RollInitiative,
    StepKind,
)
from engine.battletech.envstate import gravity_of
from engine.battletech.narrate import unit_letters
from engine.battletech.narrate.envwords import heading_tag, hex_note
from engine.battletech.narrate.hexwords import describe_hex
from engine.battletech.rules.fire import fire_words
from engine.battletech.rules.flow import (
    can_end_phase,
    deploy_zone,
    pending,
    prompt_text,
    why_not_end_phase,
)
from engine.battletech.rules.movement import jump_path, reachable_hexes
from engine.battletech.rules.physical import check_dfa
from engine.battletech.state import MoveMode, Phase
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex
from tui.battletech._attacks import ATTACK_PHASES, AttackControls, KeyRule
from tui.battletech.board_follow import aim_focus, command_hexes, plot_focus
from tui.battletech.computer import COMPUTER_BINDINGS, ComputerPlayer
from tui.battletech.guide import BTGuided, BTGuidePanel
from tui.battletech.handover import Handover
from tui.battletech.history import with_destination
from tui.battletech.kind_words import has_masc, jump_now, mode_hint, mode_names
from tui.battletech.log_panel import LOG_BINDINGS, BoardAndLog, open_history
from tui.battletech.night import NIGHT_BINDING, NightControls
from tui.battletech.night_choice import JITTER_BINDING
from tui.battletech.night_story import SeatStory
from tui.battletech.objective import heading
from tui.battletech.special_orders import (
    SPECIAL_ACTIONS,
    SPECIAL_BINDINGS,
    SpecialOrderActions,
    SpecialOrders,
)
from tui.battletech.transport_orders import TRANSPORT_BINDING, open_transport, transport_keys
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
from tui.battletech.widgets.board import BTBoard, BTLegend
from tui.battletech.widgets.record import PAGES, sheet_rows
from tui.battletech.widgets.targeting import KEYS
from tui.guide import GUIDE_BINDINGS
from tui.screens._replay import SPEED_BINDINGS, jump_bindings
from tui.screens.game import COMMAND_LINE_BINDING, GameScreen
from tui.widgets.fixed import update_static
from tui.widgets.footer import KeysFooter
from tui.widgets.hexboard import HexBoard, UnitMarker
from tui.widgets.hexboard_legend import toggle_legend
from tui.widgets.log import EventLog

if TYPE_CHECKING:
    from pathlib import Path

    from textual.app import ComposeResult
    from textual.binding import ActiveBinding, BindingType
    from textual.geometry import Size

    from engine.battletech.state import BTState
    from engine.game import Command, Entry, Game
    from saves.journal import Journal
    from tui.battletech.widgets import Line, Preview

    AnyGame = Game[Any, Any, Any, Any]

__all__ = ["COMPACT_BELOW", "HOME_FACING", "BattleTechScreen"]

COMPACT_BELOW = GameScreen.COMPACT_BELOW
"""Below this many columns or rows the screen uses its compact layout (it fits 80 x 24)."""

COMMAND_HINT = "a command: move 1 walk F F R, jump 2 0805 0806 N, still 3, end, undo (Esc closes)"
"""The command line's placeholder."""

HOME_FACING = (Facing.S, Facing.N, Facing.SE, Facing.NW)
"""The facing a side's units deploy with at first: towards the map's middle from their edge."""

REFUSAL_SHOWN = 4.0
"""Seconds a refusal stays on screen; pressing the same refused key again meanwhile adds none."""

_MODES = {"walk": MoveMode.WALK, "run": MoveMode.RUN, "jump": MoveMode.JUMP, "masc": MoveMode.RUN}

MODE_ACTIONS = frozenset(
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
        "weapon_mode",
    }
)
"""The actions that act in some input modes only: each mode's key table says when (none: never)."""
MODE_ACTIONS |= SPECIAL_ACTIONS  # aimed shots, hex fire, eject, dump, heat sinks
MODE_ACTIONS |= {"transport"}  # BT-C-35.13: T, a carrier's loads and unloads


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
class SidePanels(VerticalScroll):
    """The side panels' column: scrolls, and is laid out once when a panel changes height."""

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        """Take the new sizes with no second layout (a scrollbar's coming or going asks one)."""
        del layout
        return super()._size_updated(size, virtual_size, container_size, layout=False)


class BattleTechScreen(BTGuided, SpecialOrderActions, GameScreen):
    """Play a BattleTech game hot-seat (from a journal), or replay one (from a game)."""

    CSS_PATH = "battletech.tcss"
    AUTO_FOCUS = ""  # `refocus` decides: the board in play, nothing in a replay

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
        Binding("4", "mode('masc')", "MASC", tooltip="Plot a run with the MASC on (BT-C-75)"),
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
        Binding(
            "o",
            "weapon_mode",
            "Ammo/rate",
            tooltip="LB-X cluster/slug, inferno, Ultra double rate; the spotter of indirect fire",
        ),
        Binding(
            "m", "charge", "Charge/DFA", tooltip="Plot: charge the unit ahead / DFA a unit beside"
        ),
        Binding("backspace", "unstep", "Back", tooltip="Take back the last plotted step"),
        Binding("c", "declare", "Declare", tooltip="Give the declaration (Enter on the target)"),
        Binding("c", "confirm", "Go", tooltip="Give the plotted move (Enter on its end too)"),
        Binding("x", "end_move", "Done", tooltip="End a move a fall cut short"),
        Binding("i", "initiative", "Initiative", tooltip="Roll initiative for the turn"),
        Binding("n", "end_phase", "End phase", tooltip="Every unit has moved: close the turn"),
        Binding("n", "end_phase('why')", "", show=False),  # n while it cannot: say why not
        Binding("z", "undo", "Undo", tooltip="Take back the last command (not past dice)"),
        Binding("y", "redo", "Redo", show=False, tooltip="Give again what undo took back"),
        COMMAND_LINE_BINDING,
        *SPECIAL_BINDINGS,
        TRANSPORT_BINDING,
        NIGHT_BINDING,
        JITTER_BINDING,
        Binding("v", "sheet_page", "Sheet", show=False, tooltip="Record sheet: the other page"),
        Binding("r", "result", "Result", tooltip="The result and the after-action report"),
        *LOG_BINDINGS,
        Binding("left", "step_replay(-1)", "Back", tooltip="Replay: one command back"),
        Binding("right", "step_replay(1)", "Fwd", tooltip="Replay: one command forward"),
        Binding("shift+left", "step_event(-1)", "Event back", show=False),
        Binding("shift+right", "step_event(1)", "Event", key_display="⇧→", tooltip="Next event"),
        Binding("home", "seek(0)", "Start", show=False, tooltip="Replay: the start"),
        Binding("end", "seek(-1)", "End", show=False, tooltip="Replay: the end"),
        Binding("space", "play", "Play", tooltip="Replay: play or pause"),
        *SPEED_BINDINGS,
        *jump_bindings("turn", "phase"),
        Binding("enter", "act", "Act", show=False, tooltip="Act on the cursor hex"),
        Binding(
            "L",
            "legend",
            "Legend",
            key_display="L",
            tooltip="Show or hide the board's legend (explains every mark)",
        ),
        Binding("question_mark", "rules", "Help", key_display="?", tooltip="Keys and rules"),
        Binding("f1", "app.help", "Help", show=False),
        Binding("escape", "cancel_plot", "Cancel", tooltip="Cancel the plot"),
        Binding("escape", "back", "Menu", tooltip="Back to the menu (the game is saved)"),
        *GUIDE_BINDINGS,
        *COMPUTER_BINDINGS,
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
    | v | A night game watched or replayed: each side's view, or the whole battlefield. |
    | x | End a move a fall cut short. |
    | i, n | Roll initiative; end the movement phase. |
    | z, y | Undo, redo (undo stops at a dice roll). |
    | A, H | Weapons: an aimed shot at an immobile 'Mech; fire at the cursor hex (woods ...). |
    | E | Movement: the selected unit's MechWarrior ejects (asks first). |
    | D, S | Initiative (End phase orders): dump ammunition (asks first); heat sinks on/off. |
    | : | The command line (the headless command language). |
    | PgUp, PgDn, wheel | Scroll the log a page (the mouse wheel over it: a few lines). |
    | l | The battle log: the whole game by turn and phase, with a search. |
    | Left, Right, Shift+Left/Right, Home, End, Space, + - | Replay controls. |
    | < > , . g | Replay: previous/next turn, previous/next phase, go to a turn. |
    | L | Show or hide the board's legend (every mark on the board, named). |
    | ?, F1 | BattleTech keys and rules; the whole help. |
    | Escape | Cancel the plot; else back to the menu (the game is saved). |
    | g | Weapons: pick up a club instead of firing. |
    | W, p, + - | The computer: what it weighed; pause or resume it; its pace. |
    | k, K | Hide (or show) the guide; turn it off (or on) for good. |
    """

    LIVE_ACTIONS = MODE_ACTIONS | {"undo", "redo", "command_line", "act"}
    PREFIX = "bt"
    COMMAND_HINT = COMMAND_HINT

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
        self.letters = unit_letters(cast("BTState", self.game.initial).units)
        self.selected: int | None = None
        self.plot: Plot | None = None
        self.deploy_facing: Facing | None = None
        self._reach: tuple[BTState, tuple[int, MoveMode, bool], dict[Hex, int]] | None = None
        self._announced = self.game.summary.over
        self._refused: tuple[str, float] | None = None
        self.sheet_page = PAGES[0]
        self.attacks = AttackControls(self)
        self.special = SpecialOrders(self)
        self.computer = ComputerPlayer(self)
        self.night = NightControls(self)  # whose view is drawn at night, and the night's marks
        self.story = SeatStory(self.night.story_seat)
        # the hot-seat "pass the terminal" prompt, never for a computer's side
        self.handover = Handover(self, is_person=self.is_person, forced=self.night.forced)

    @property
    def state(self) -> BTState:
        """The state shown: the game's, or the replay's position (folded once per position)."""
        return cast("BTState", self.current())

    def shown(self, state: BTState) -> BTState:
        """The state as the night's seat may see it (`tui.battletech.night`; by day: all)."""
        return RULESET.view(state, self.night.seat())

    @property
    def board(self) -> BTBoard:
        """The hex board."""
        return self.query_one("#bt-board", BTBoard)

    def name_of(self, index: int) -> str:
        """A unit's letter and name ("G Griffin GRF-1N")."""
        return f"{self.letters[index]} {cast('BTState', self.game.initial).units[index].name}"

    # ------------------------------------------------------------------ layout
    def compose_panels(self) -> ComposeResult:
        """Lay out the board, the side panels and the log; compact below 120 x 38."""
        with Horizontal(id="bt-main"):
            with BoardAndLog(id="bt-left"):
                yield BTBoard(
                    cast("BTState", self.game.initial).board,
                    ascii_only=bool(getattr(self.app, "ascii_only", False)),
                    id="bt-board",
                )
                yield Static(id="bt-hexinfo", markup=False)
                yield EventLog(id="bt-log", classes="bt-panel")
            with SidePanels(id="bt-side", can_focus=False):
                yield BTGuidePanel(id="bt-guide")
                yield OrdersPanel(id="bt-orders", classes="bt-panel")
                yield RecordSheet(id="bt-record", classes="bt-panel")
                yield UnitList(id="bt-units", classes="bt-panel")

    def footer(self) -> Footer:
        """Return the footer: without the command palette's key in the compact layout."""
        return KeysFooter(compact=self.compact, show_command_palette=not self.compact)

    async def relayout(self) -> None:
        """Compose again in the other layout, the board's cursor where it was."""
        cursor = self.board.cursor
        await self.recompose()
        self.titles()
        if cursor is not None:
            self.board.set_cursor(cursor)
        self.redraw()
        self.refocus()

    def refocus(self) -> None:
        """Play: the board has the keys; a replay: nothing (the arrows step the replay)."""
        if self.replaying:
            self.board.can_focus = False  # a click must not take the arrows from the replay
            self.set_focus(None)
        else:
            self.board.focus()

    def titles(self) -> None:
        """Name the panels on their borders (the wide layout)."""
        if self.compact:
            return
        titles = {"#bt-orders": "Orders", "#bt-record": "Unit", "#bt-units": "Units"}
        for selector, title in titles.items():
            self.query_one(selector).border_title = title
        self.query_one("#bt-log").border_title = "Log"

    # ------------------------------------------------------------------ drawing
    def redraw(self, *, follow: bool = False) -> None:
        """Draw every panel from the state; ``follow`` puts the cursor on the unit to act."""
        if self.night.changed():  # the terminal changed hands, or another view was chosen
            self._shown_cache = None
            follow = follow or not self.replaying  # not where the last player left the cursor
        self.night.drawn()
        state = self.state
        moved_to = self._fix_selection(state) if not self.replaying else None
        if follow or moved_to is not None:
            self.cursor_to(moved_to or self._cursor_home(state))
        self.set_class(state.phase in ATTACK_PHASES and not self.replaying, "-attacking")
        view = self._preview(state)
        self._draw_board(state, view)
        self._header(state)
        asking = self.night.jitter.orders(compact=self.compact)  # NT-4: who fires in the dark
        orders = self.computer.orders(asking or self._orders(state, view))  # its turn: no keys
        self.query_one(OrdersPanel).show(tuple(orders), compact=self.compact)
        self._draw_record()
        self.query_one(UnitList).show(
            self.night.listed(units_data(state, self.letters, self.selected), state),
            compact=self.compact,
        )
        position = self.cursor.position if self.replaying else None
        self.query_one(EventLog).show_story(self.story, position)
        self._hex_info()
        self.redrawn()
        self.handover.check()
        self.night.jitter.check()  # NT-4: ask the moving side who fires in the dark
        self.computer.poke()

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

    def cursor_to(self, where: Hex | None) -> None:
        """Put the board's cursor on ``where`` (nowhere: leave it)."""
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
        self.attacks.fix_attack(state)
        if self.selected is None:
            return None
        unit = state.units[self.selected]
        if state.active is not None and self.plot is None and unit.movement is not None:
            self.plot = Plot(state.active, unit.movement.mode, masc=unit.movement.masc)
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
        if state.phase in ATTACK_PHASES:  # the rules' slots: at night, by the whole state
            return self.attacks.attack_units(self.game.state, side)
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
        key = (plot.unit, plot.mode, plot.masc)
        if cached is None or cached[0] is not state or cached[1] != key:
            cached = self._reach = (
                state,
                key,
                reachable_hexes(state, plot.unit, plot.mode, masc_on=plot.masc),
            )
        return cached[2]

    def _draw_board(self, state: BTState, view: Preview | None) -> None:
        board = self.board
        self.night.draw_board(board, state)
        board.set_board(state.board)  # terrain changes: rubble, fires, cleared woods (BT-C-57, 60)
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
            self.attacks.draw_attack_board(state)
            board.follow(*aim_focus(state, self.attacks.aim))
            return
        board.set_marks({})
        board.set_arc(())
        if view is not None and self.plot is not None:
            board.set_reach(self._reach_of(state, self.plot))
            board.set_path(view.path if view.ready or self.plot.steps else ())
            board.follow(*plot_focus(self.plot.unit, view.path if self.plot.steps else ()))
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
        parts = heading(state, summary.turn, compact=self.compact)  # the objective too
        if self.night.is_night:  # whose view: before the objective, which may be cut
            parts.insert(2, self.night.heading())
        if tag := heading_tag(state):  # BT-M-39 / BT-C-61: gravity, cold or heat, vacuum
            parts.insert(2, tag)
        if self.path is not None:
            parts.append(self.path.name)
        self.show_heading(parts, self._prompt_line(state))

    def _prompt_line(self, state: BTState) -> str:
        if self.replaying:
            return self.replay_line(prompt_text(state))
        return self.computer.prompt() or "Now: " + prompt_text(state)

    def _orders(self, state: BTState, view: Preview | None) -> list[Line]:  # noqa: PLR0911
        """What to do now, in a few lines (the plotted move while plotting)."""
        if self.replaying:
            return replay_lines(state)
        if state.phase is Phase.DEPLOYMENT:
            return self._deploy_orders(state)
        if state.phase is Phase.INITIATIVE:
            return initiative_lines(state, end_orders=bool(self.special.end_phase_units(state)))
        if state.phase in ATTACK_PHASES:
            return self.attacks.attack_orders(state) or [(prompt_text(state), "title")]
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
                modes=mode_names(state.units[self.plot.unit]),
            )
            if state.active is not None and not self.plot.steps:
                lines.append(("x: end this unit's move here", "keys"))
            return [*lines, *self.night.orders(self.plot.unit, view.path, compact=self.compact)]
        initiative = initiative_line(state, self._applied(), compact=self.compact)
        chosen = None
        if self.selected is not None:
            chosen = (self.name_of(self.selected), state.units[self.selected])
        lines = movement_lines(state, initiative, chosen, compact=self.compact)
        return [*lines, *self.night.orders(self.selected, compact=self.compact)]

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
                sheet_rows(state.units, self.sheet_page, compact=self.compact),
                page_hint=not self.night.can_switch(),  # v switches a night game's views
                gravity=gravity_of(state.environment),  # BT-M-39.3
                turn=state.turn,
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
        shown = [i for i in range(len(state.units)) if self.night.visible(state, i)]
        return shown[0] if shown else None

    def _hex_info(self) -> None:
        where = self.board.cursor
        state = self.state
        text = ""
        if where is not None and where in state.board:
            text = describe_hex(state.board, where)
            if note := hex_note(state, where):  # BT-M-39.1/39.2
                text += f" ({note})"
            if state.board.terrain(where).fire:
                text += f" - {fire_words(state.wind)}"  # BT-C-60.4/60.5
            names = [
                f"{self.name_of(i)} ({state.sides[state.units[i].side]})"
                for i in state.units_at(where)
            ]
            if names:
                text += " - " + ", ".join(names)
            cost = self._reach[2].get(where) if self._reach is not None and self.plot else None
            if cost is not None:
                text += f" - {cost} MP"
        update_static(self.query_one("#bt-hexinfo", Static), text)

    @on(HexBoard.CursorMoved)
    def _cursor_moved(self, event: HexBoard.CursorMoved) -> None:
        event.stop()
        state = self.state
        if state.phase is Phase.DEPLOYMENT and not self.replaying:
            self._draw_board(state, None)
            self.query_one(OrdersPanel).show(
                tuple(self._deploy_orders(state)), compact=self.compact
            )
        aimed = state.phase is Phase.WEAPON and not self.replaying
        if aimed and self.attacks.aim_at(state, event.hex):
            self.redraw()
            return
        self._draw_record()
        self._hex_info()

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The footer's keys; the mode keys named for the selected unit's kind (BT-M-4, 37.1).

        A vehicle's ``1`` and ``2`` read Cruise and Flank, a platoon's or squad's ``1`` Move; a
        'Mech's keys are as bound (Walk, Run).
        """
        found = super().active_bindings
        state = self.game.state
        if self.selected is None or self.replaying or state.phase is not Phase.MOVEMENT:
            return found
        unit = state.units[self.selected]
        if unit.is_mech:
            return found
        first, second = mode_names(unit)
        names = {"mode('walk')": first.capitalize(), "mode('run')": second.capitalize()}
        for key, active in found.items():
            name = names.get(active.binding.action)
            if name is not None:
                binding = dataclasses.replace(active.binding, description=name)
                found[key] = active._replace(binding=binding)
        return found

    # ------------------------------------------------------------------ keys: input modes
    def allows(self, action: str, parameters: tuple[object, ...]) -> bool:  # noqa: PLR0911
        """Show only the keys that act now: the input mode's table says when each acts.

        The modes: a replay (every replay key), deployment, plotting a move, giving orders (the
        rest of the Movement phase, initiative, the end), weapon attacks and physical attacks.
        """
        if action == "night_view":  # a night game watched: switch views
            return self.night.can_switch()
        jitter = self.night.jitter.allows(action, mode_action=action in MODE_ACTIONS)
        if jitter is not None:  # NT-4: the moving side must choose who fires in the dark
            return jitter
        if action == "result":  # the game's end, in play or in a replay of a finished game
            return self.game.state.phase is Phase.OVER
        if action == "end_phase" and parameters:  # n while the phase cannot end: say why
            return not self.replaying and not can_end_phase(self.game.state)
        computer = self.computer.allows(action)
        if computer is not None:
            return computer
        if action in MODE_ACTIONS and self.computer.holds():
            return False  # the computer's turn: the person's keys wait
        if self.replaying or action not in MODE_ACTIONS:
            return True
        state = self.game.state
        keys = {**self.mode_keys(state), **self.special.keys(state)}
        rule = {**keys, **transport_keys(self, state)}.get(action)
        return rule is not None and rule(parameters)

    def action_transport(self) -> None:
        """T: the selected carrier's loads and unloads (BT-C-35.13)."""
        open_transport(self)

    def mode_keys(self, state: BTState) -> dict[str, KeyRule]:
        """The keys of the input mode the player is in, each with when it acts."""
        if state.phase is Phase.WEAPON:
            return self.attacks.weapon_keys(state)
        if state.phase is Phase.PHYSICAL:
            return self.attacks.physical_keys(state)
        if state.phase is Phase.DEPLOYMENT:
            return self._deployment_keys(state)
        if self.plot is not None:
            return self._plotting_keys(state, self.plot)
        return self._order_keys(state)

    def _deployment_keys(self, state: BTState) -> dict[str, KeyRule]:
        """Deployment: the next unit to place, its facing."""
        return {
            "next_unit": lambda _: len(self._selectable(state)) > 1,
            "turn": lambda _: True,
        }

    def _plotting_keys(self, state: BTState, plot: Plot) -> dict[str, KeyRule]:
        """Plotting a move: steps (on the ground), facing, a charge or DFA, take back, confirm."""
        ground = plot.mode is not MoveMode.JUMP

        def step(parameters: tuple[object, ...]) -> bool:
            kind = str(parameters[0]) if parameters else ""
            return ground and (kind not in {"P", "U"} or self._prone_key_fits(kind))

        return {
            "charge": lambda _: self._charge_fits(),
            "step": step,
            "turn": lambda _: True,
            "unstep": lambda _: True,
            "confirm": lambda _: True,
            "cancel_plot": lambda _: state.active is None,
            "end_move": lambda _: state.active is not None,
            "end_phase": lambda _: can_end_phase(state),
        }

    def _order_keys(self, state: BTState) -> dict[str, KeyRule]:
        """Orders (no plot): pick a unit and a mode, stand still, roll initiative, end the phase."""
        free = state.active is None
        moving = state.phase is Phase.MOVEMENT and self.selected is not None and free

        def mode(parameters: tuple[object, ...]) -> bool:
            """Walk and run (a platoon's one move), jump with Jump MP, MASC with one (BT-C-75)."""
            if not moving or self.selected is None:
                return False
            unit, gravity = state.units[self.selected], gravity_of(state.environment)
            if parameters[:1] == ("masc",):
                return has_masc(unit)
            if parameters[:1] == ("run",) and len(set(mode_names(unit))) == 1:
                return False  # a platoon or squad has one ground move (BT-M-4)
            return parameters[:1] != ("jump",) or jump_now(unit, None, gravity) > 0

        return {
            "next_unit": lambda _: free and len(self._selectable(state)) > 1,
            "mode": mode,
            "still": lambda _: moving,
            "end_move": lambda _: not free,
            "initiative": lambda _: state.phase is Phase.INITIATIVE,
            "end_phase": lambda _: can_end_phase(state),
        }

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
    def drop_plan(self) -> None:
        """A command was given or taken back: the plot is gone."""
        self.plot = None

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
        self.guide.refused()
        self.notify(message, title=title, severity="warning", timeout=REFUSAL_SHOWN)

    def game_over(self) -> None:
        """The game just ended: show the result and the report (once)."""
        if self.game.summary.over and not self._announced:
            self._announced = True
            self.action_result()

    def action_night_view(self) -> None:
        """A night game watched: the next view (each side's, the whole battlefield)."""
        self.night.switch()
        self.redraw()  # the header names the view

    def action_jitter_choice(self) -> None:
        """Night: ask again which equally near enemy fires in the dark (NT-4)."""
        self.night.jitter.ask()

    def action_result(self) -> None:
        """Show the result and the after-action report (the game is over)."""
        from tui.battletech.result import BTResultScreen  # noqa: PLC0415 - a sibling screen

        if self.game.state.phase is Phase.OVER:
            self.app.push_screen(BTResultScreen(self.game, self.letters))

    async def action_legend(self) -> None:
        """Show or hide the board's legend (`tui.widgets.hexboard_legend.LegendPanel`)."""
        board = self.board
        shown = board.picture.roles_in_use
        night = self.night.is_night
        await toggle_legend(
            board, lambda: BTLegend(ascii_only=board.ascii_only, shown=shown, night=night)
        )

    # ------------------------------------------------------------------ keys: attacks
    def action_next_target(self, step: int) -> None:
        """Weapons: show the next (1) or previous (-1) enemy as the target."""
        self.attacks.next_target(step)

    def action_weapon(self, key: str) -> None:
        """Number keys: choose a weapon (or take it back); physical: choose an attack."""
        self.attacks.weapon(key)

    def action_all_weapons(self) -> None:
        """Weapons: choose every weapon that can hit the target shown (again: none)."""
        self.attacks.all_weapons()

    def action_weapon_mode(self) -> None:
        """Weapons: the next load or rate of the weapon chosen last (BT-C-75)."""
        self.attacks.weapon_mode()

    def action_twist(self, step: int) -> None:
        """Weapons: twist the torso one hexside left or right (BT-C-3), or back."""
        self.attacks.twist(step)

    def action_flip(self) -> None:
        """Weapons: flip the arms to the rear, or back (BT-C-62)."""
        self.attacks.flip()

    def action_declare(self) -> None:
        """Give the declaration: the aimed weapons, or the chosen physical attack."""
        self.attacks.declare()

    def action_hold(self) -> None:
        """Hold fire (weapons) or make no physical attack."""
        self.attacks.hold()

    def action_take_club(self) -> None:
        """Pick up a club in the unit's hex instead of firing (BT-C-38)."""
        self.attacks.take_club()

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
        self.redraw()

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
            self.cursor_to(where)
        self.redraw()

    def action_mode(self, mode: str) -> None:
        """Start plotting the selected unit's move in ``mode`` (walk, run, jump; masc: MASC on)."""
        if self.selected is None:
            return
        plot = Plot(self.selected, _MODES[mode], masc=mode == "masc")
        try:
            preview(self.game.state, plot)
        except IllegalCommand as illegal:
            self.refuse(illegal.message, title="Cannot move so")
            return
        self.plot = plot
        self.redraw()

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
        self.redraw()

    def action_turn(self, step: int) -> None:
        """Turn: the deployment facing, a jump's landing facing, a plotted turn, a torso twist."""
        state = self.game.state
        if state.phase is Phase.DEPLOYMENT and self.selected is not None:
            self.deploy_facing = self._deploy_facing(state).turn(step)
            self.redraw()
            return
        if self.plot is not None and self.plot.mode is MoveMode.JUMP:
            unit = state.units[self.plot.unit]
            facing = self.plot.facing if self.plot.facing is not None else unit.facing
            self.plot = _evolve_plot(self.plot, facing=facing.turn(step))
            self.redraw()
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
        self.redraw()

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

    def action_end_phase(self, why: str = "") -> None:
        """Close the movement phase; ``why``: it cannot end yet, say why in one line."""
        if why:
            reason = why_not_end_phase(self.game.state) or "The phase cannot end now."
            self.refuse(reason, title="Cannot end the phase")
            return
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
                self._deploy(Deploy(self.selected, where, self._deploy_facing(state)))
            return
        if state.phase in ATTACK_PHASES:
            self.attacks.attack_act(state, where)
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
            self._pick_unit(self.state, where)  # at night: no word of an unseen unit there
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
        self.redraw()

    def _deploy(self, command: Deploy) -> None:
        """Deploy, asking first when the hex is water that covers the 'Mech (BT-M-8.5)."""
        from tui.battletech.setup import deploy_warning  # noqa: PLC0415 - the setup's rules
        from tui.screens.confirm import ConfirmScreen  # noqa: PLC0415

        question = deploy_warning(self.game.state, command.unit, command.hex)
        if question is None:
            self.execute(command)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.execute(command)

        self.app.push_screen(ConfirmScreen(question, yes="Deploy", no="Back"), answered)

    def _pick_unit(self, state: BTState, where: Hex) -> None:
        here = [i for i in state.units_at(where) if i in self._selectable(state)]
        if here:
            self.selected = here[0]
            self.redraw()
            return
        if state.units_at(where):
            self.refuse("That unit cannot move now")
        elif self.selected is not None:
            self.refuse(f"Choose a mode first: {mode_hint(state.units[self.selected])}")

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
        self.redraw()

    def is_person(self, side: int) -> bool:
        """Whether a person plays ``side`` (the computer's sides get no handover prompt)."""
        return self.computer.is_person(side)

    def acting_seat(self) -> int | None:
        """The person's seat their command is given for, facing the computer (`computer`)."""
        return self.computer.person_seat()

    @property
    def viewer(self) -> int | None:
        """Facing the computer: the person's side, never the computer's; else hot-seat's."""
        seat = self.computer.viewer()
        return super().viewer if seat is None else seat

    @property
    def watching(self) -> bool:
        """Whether the computer plays every side of this live game (a person only watches)."""
        return self.computer.active and not self.computer.persons

    def execute(self, command: Command) -> bool:
        """Give a person's command; after a resolution, pause on its summary (`phase_summary`).

        Refused while the computer is to act. A rule written for 'Mechs that a vehicle, platoon
        or squad reaches (`UnitState.mech` raises TypeError naming the kind) is refused in one
        line: the engine decides before the journal writes, so nothing is saved.
        """
        from tui.battletech.phase_summary import after_command  # noqa: PLC0415 - the log's

        if not self.replaying and self.computer.holds():
            self.refuse("Wait: the computer is to act now")
            return False
        before = self.game.state
        try:
            accepted = super().execute(command)
        except TypeError as error:  # a 'Mech rule reached by another kind: refused, not a crash
            if "not a 'Mech" not in str(error):  # `UnitState.mech` names the kind
                raise
            self.refuse(f"Not played for this kind of unit yet: {error}", title="Cannot do that")
            return False
        if accepted:
            after_command(self, before)
        return accepted

    def on_screen_resume(self) -> None:
        """Back on top (a summary, a prompt or help closed): the computer may go on."""
        super().on_screen_resume()
        self.refresh_bindings()  # the computer may have played on while a summary was on top
        if self.night.changed():  # the handover was answered: the next side's view
            self.redraw()
        self.computer.poke()

    def history(self, *, undo: bool) -> None:
        """Undo or redo; with the computer playing, the person's own commands (`computer`)."""
        if not self.computer.history(undo=undo):
            super().history(undo=undo)

    def action_why(self) -> None:
        """Show what the computer weighed for its last decisions (W)."""
        self.computer.show_why()

    def action_computer_pause(self) -> None:
        """Pause or resume the computer (p)."""
        self.computer.toggle_pause()

    def action_computer_pace(self, step: int) -> None:
        """The computer plays faster (1) or slower (-1)."""
        self.computer.change_pace(step)

    def action_undo(self) -> None:
        """Cancel a plot; else take back the last command (not past dice rolls)."""
        if self.plot is not None and (self.plot.steps or self.plot.target is not None):
            self.plot = None
            self.redraw()
            return
        super().action_undo()

    def entry_line(self, index: int) -> str:
        """What undo or redo changed, with where a move ended ("... walks F F to 0612")."""
        return with_destination(self.game, index, super().entry_line(index))

    def command_word(self, word: str) -> bool:
        """``help`` on the command line: the keys and rules."""
        if word != "help":
            return False
        self.close_command_line()
        self.action_rules()
        return True

    def action_log(self, step: int) -> None:
        """Scroll the log a page up (-1) or down (1)."""
        log = self.query_one(EventLog)
        if step < 0:
            log.scroll_page_up(animate=False)
        else:
            log.scroll_page_down(animate=False)

    def action_history(self) -> None:
        """The battle log: the whole game by turn and phase, with a search."""
        open_history(self)

    def action_rules(self) -> None:
        """Show the BattleTech keys and rules summary."""
        from tui.battletech.rules import BTRulesScreen  # noqa: PLC0415 - a sibling screen

        self.app.push_screen(BTRulesScreen(self.BINDINGS))

    def action_cancel_plot(self) -> None:
        """Forget the plot or the chosen weapons (or close the command line)."""
        if self.command_line.has_class("-open"):
            self.close_command_line()
            return
        if self.game.state.phase in ATTACK_PHASES:
            self.attacks.attack_clear()
            return
        self.plot = None
        self.redraw()

    # ------------------------------------------------------------------ replaying
    def replay_moved(self) -> None:
        """Keep the unit of the replay's current command in view."""
        state = self.state
        for entry in reversed(self._applied()):
            unit = getattr(entry.command, "unit", None)
            if isinstance(unit, int) and state.units[unit].hex is not None:
                self.cursor_to(state.units[unit].hex)
                self.board.scroll_to_hexes(command_hexes(state, entry.command))
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
