"""Play an Age of Destruction game hot-seat, or watch one again: `AoDScreen`, and its score screen.

The screen is the shared game screen (`tui.screens.game.GameScreen`: the journal, undo and redo,
the ``:`` command line, the replay controls) with AoD's panels: the board (`tui.aod.board_view`),
the status line, the order panel (the orders of the selected unit, then the preview), the dial
panel of the selected unit (`tui.aod.dial_panel`) and the log, which tells every command and roll
(`engine.aod.narrate`).

The order workflow (AOD-26.13 E): Tab selects a unit (or Enter on its hex); a letter chooses an
order the engine allows it now (`tui.aod.workflow.order_groups`: m Move, v Vent, f Fire...);
the board shows where it may go or what it may hit; Enter on a hex picks it and shows the preview
(for a move: where and facing; for fire: the need and every modifier); Enter again gives the
command through the journal. ``[`` and ``]`` turn the planned facing, digits pick among
alternatives on one hex, Escape drops the plan. A refusal is one line. Deployment works the
same way with the player's zone shaded (AOD-5 step 9), and ``e`` ends the turn, asking first
when orders are left (AOD-7.2). When another player's turn comes, the board is hidden until he
takes the terminal (hot-seat, AOD-2). The end shows the score screen (AOD-22).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, cast

import attrs
from textual import on
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from engine.aod.commands import (
    EndTurn,
    FireArtillery,
    LoadTransport,
    MoveFormation,
    MoveUnit,
    PlaceTerrain,
    RangedFormation,
    RollFirstPlayer,
    UnloadTransport,
)
from engine.aod.events import FirstPlayerRolled
from engine.aod.movement import reachable
from engine.aod.moving import move_allowance
from engine.aod.rules import legal_commands, prompt_text
from engine.aod.ruleset import RULESET
from engine.aod.scoring import CONDITIONS
from engine.aod.state import AoDState, Stage
from engine.game import Rejected
from engine.hexes import Facing, Hex
from saves.preferences import load_preferences
from tui.aod.board_view import (
    AoDBoard,
    AoDBoardView,
    AoDLegend,
    artillery_marks,
    describe_hex,
    unit_letter,
    unit_markers,
)
from tui.aod.dial_panel import DialPanel, PanelData
from tui.aod.groups import (
    FORMATION,
    MEMBER_PLANS,
    boarders,
    formation_commands_of,
    formation_move_lines,
    formation_move_problem,
    formation_problem,
    load_commands,
    long_fire_commands,
    may_fire_long,
    may_form,
    suggested_members,
    unload_commands,
)
from tui.aod.workflow import (
    aim_marks,
    assign_keys,
    attack_of,
    attack_state,
    describe,
    fire_lines,
    formation_fire_lines,
    group_name,
    key_hex,
    named_units,
    order_groups,
    with_facing,
)
from tui.screens._replay import SPEED_BINDINGS, jump_bindings
from tui.screens.confirm import ConfirmScreen
from tui.screens.game import COMMAND_LINE_BINDING, GameScreen, NewGame, create_save, saves_dir_of
from tui.widgets.fixed import update_static
from tui.widgets.hexboard import UnitMarker
from tui.widgets.hexboard_legend import toggle_legend
from tui.widgets.log import EventLog

if TYPE_CHECKING:
    from pathlib import Path

    from textual.app import ComposeResult

    from engine.game import Command, Seat
    from saves.journal import Journal
    from tui.aod.setup import AoDStart

__all__ = [
    "AoDScreen",
    "NewAoDGame",
    "PassScreen",
    "ScoreScreen",
    "first_player_lines",
    "handover_wanted",
    "score_lines",
    "start_game",
]

ORDER_LETTERS = "mvfcahjkptolusxbni"
"""Every key an order may get (`tui.aod.workflow.assign_keys`)."""
OTHER_ORDER = "Another order the order panel lists for the selected unit"
ORDER_HINTS = {
    "o": (
        "Formation",
        "A formation led by the selected unit: Space adds friends, Enter moves or attacks",
    ),
    "t": ("Artillery", "Long-range fire: Enter on a hex of the band; Space adds artillery"),
    "l": ("Board", "Units behind the transport board it: Space adds each, Enter where it ends"),
    "u": ("Unload", "The transport sets passengers down: Enter where, 1-9 which passengers"),
}
"""The name and help line of the order keys the help page explains one by one."""
AIM = "aim"
"""The plan of ``f`` while the engine lists no ranged order: the preview alone."""
GROUP_PLANS = frozenset({*MEMBER_PLANS, UnloadTransport.TAG})
"""The plans whose commands `tui.aod.groups` finds for the units named (not the engine's list)."""
FACING_PLANS = frozenset(
    {"deploy_unit", MoveUnit.TAG, FORMATION, LoadTransport.TAG, UnloadTransport.TAG}
)
"""The plans whose facing [ and ] turn."""
GROUP_PROMPTS = {
    FORMATION: (
        "Formation led by {ident}: Space adds or removes a friend; Enter on a shaded hex moves"
        " there, on an enemy attacks."
    ),
    LoadTransport.TAG: (
        "Board {ident}: Space on each unit marked b; Enter on {ident} (stay) or a shaded hex;"
        " [ ] turn."
    ),
    UnloadTransport.TAG: "Unload {ident}: Enter on {ident} or a shaded hex; 1-9 who gets out.",
    FireArtillery.TAG: (
        "Artillery {ident}: Enter on a shaded hex drops the marker; Space adds artillery in"
        " contact."
    ),
}
"""What an order of several units asks for, in one line."""
_UNSEEN = object()
"""No seat seen yet: the screen just opened (the player at the keyboard is the one due)."""
COMMAND_HINT = "a command: move HX-009a 1207 face S, vent HX-009a, pass, undo (Enter gives it)"


def start_game(start: AoDStart, saves_dir: Path) -> Journal:
    """Create the save of a game chosen on the setup form (hot-seat undo: not past dice)."""
    return create_save(saves_dir, RULESET, start.setup, seed=start.seed)


def handover_wanted(directory: Path | None) -> bool:
    """Whether the players want the board hidden between turns (the settings' handover, on)."""
    return directory is None or load_preferences(directory)[0].handover


class NewAoDGame(NewGame):
    """The setup form, then the game in its place."""

    def setup_form(self) -> Screen[Any]:
        """The new-game form (`tui.aod.setup.AoDSetupScreen`)."""
        from tui.aod.setup import AoDSetupScreen  # noqa: PLC0415 - a sibling screen

        return AoDSetupScreen()

    def start(self, chosen: Any, saves_dir: Path) -> Journal:  # noqa: ANN401 - an AoDStart
        """Create the save."""
        return start_game(chosen, saves_dir)

    def game_screen(self, journal: Journal) -> Screen[Any]:
        """The play screen."""
        return AoDScreen(journal=journal)


_HEADS = ("Elimination", "Control", "Zone")
"""The score table's column heads, in `CONDITIONS` order (the full names are under the table)."""
_COLUMN = max(len(head) for head in _HEADS)


def score_lines(state: AoDState) -> list[str]:
    """AOD-22: the reason, each player's VP in the three conditions, who won each, the winner."""
    result = state.result
    if result is None:
        return ["The game goes on."]
    players = state.players
    width = max(len(p) for p in players)
    names = [c.capitalize() for c in CONDITIONS]
    heads = _HEADS
    lines = [f"The game ended: {result.reason}.", ""]
    lines.append(f"{'':<{width}}  " + "  ".join(f"{n:>{_COLUMN}}" for n in heads))
    for seat, score in enumerate(result.scores):
        row = (score.elimination, score.control, score.zone)
        lines.append(f"{players[seat]:<{width}}  " + "  ".join(f"{v:>{_COLUMN}}" for v in row))
    lines.append(
        "("
        + ", ".join(f"{h}: {n.lower()}" for h, n in zip(heads, names, strict=True) if h != n)
        + ")"
    )
    won = [
        f"{name}: {'tie' if winner is None else players[winner]}"
        for name, winner in zip(names, result.conditions, strict=False)
    ]
    lines += ["", "Conditions won: " + ", ".join(won) + "."]
    for number, rolls in enumerate(result.tiebreak, start=1):
        lines.append(f"Tie-break roll {number}: " + ", ".join(str(r) for r in rolls) + ".")
    winner = "Nobody wins." if result.winner is None else f"{players[result.winner]} wins!"
    lines += ["", winner]
    return lines


def first_player_lines(state: AoDState, rolled: FirstPlayerRolled) -> list[str]:
    """AOD-5 step 5: who rolled what on 3d6 (each round of re-rolls), and who goes first."""
    players = state.players
    lines = []
    for number, rolls in enumerate(rolled.rolls):
        said = ", ".join(
            f"{players[seat]} {sum(dice)} ({'+'.join(str(d) for d in dice)})"
            for seat, dice in rolls
        )
        lines.append(("Tie, rolled again: " if number else "First-player roll: ") + said + ".")
    lines.append(f"{players[rolled.first]} goes first.")
    return lines


class ScoreScreen(ModalScreen[None]):
    """The end of the game (AOD-22): why it ended, the victory points, the winner."""

    DEFAULT_CSS = """
    ScoreScreen {
        align: center middle;
        background: $background 60%;
    }
    ScoreScreen > Vertical {
        width: 76;
        max-width: 100%;
        height: auto;
        padding: 1 2;
        border: heavy $accent;
        background: $surface;
    }
    ScoreScreen .aod-title { text-style: bold; color: $accent; }
    ScoreScreen .aod-note { color: $text-muted; margin-top: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,q", "close", "Close", tooltip="Back to the board"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Enter, Escape, q | Back to the board (the game can be replayed from the menu). |
    """

    def __init__(self, state: AoDState) -> None:
        """Show the result of ``state``."""
        super().__init__()
        self.lines = score_lines(state)

    def compose(self) -> ComposeResult:
        """A box with the title and the score lines."""
        with Vertical(id="aod-score-box"):
            yield Static(
                "Age of Destruction - the result",
                id="aod-score-title",
                classes="aod-title",
                markup=False,
            )
            yield Static("\n".join(self.lines), id="aod-score-text", markup=False)
            yield Static("Enter: back to the board", classes="aod-note", markup=False)

    def action_close(self) -> None:
        """Back to the board."""
        self.dismiss()


class PassScreen(ModalScreen[str]):
    """Hide the board until the next player takes the terminal (hot-seat, AOD-2)."""

    DEFAULT_CSS = """
    PassScreen {
        align: center middle;
        background: $background;
    }
    PassScreen > Vertical {
        width: 76;
        max-width: 100%;
        height: auto;
        padding: 1 2;
        border: heavy $accent;
        background: $surface;
    }
    PassScreen .aod-title { text-style: bold; color: $accent; }
    PassScreen .aod-note { color: $text-muted; margin-top: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "take", "Take it", tooltip="The next player is seated"),
        Binding("z", "undo", "Undo", tooltip="Take back the last command instead"),
        Binding("escape", "menu", "Menu", tooltip="Leave; the game is saved"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Enter, Space | The next player takes the terminal. |
    | z | Take back the last command instead. |
    | Escape | Back to the menu (the game is saved). |
    """

    def __init__(self, player: str, why: str) -> None:
        """Ask ``player`` to take the terminal, saying ``why``."""
        super().__init__()
        self.player = player
        self.why = why

    def compose(self) -> ComposeResult:
        """The box with the player's name."""
        with Vertical(id="aod-pass-box"):
            yield Static(
                f"Pass the terminal to {self.player}",
                id="aod-pass-title",
                classes="aod-title",
                markup=False,
            )
            yield Static(self.why, classes="aod-note", markup=False)
            yield Static(
                "Enter: I am ready.   z: undo the last command.   Esc: menu.",
                classes="aod-note",
                markup=False,
            )

    def action_take(self) -> None:
        """The next player is seated."""
        self.dismiss("take")

    def action_undo(self) -> None:
        """The last player takes his command back."""
        self.dismiss("undo")

    def action_menu(self) -> None:
        """Leave the game."""
        self.dismiss("menu")


class AoDScreen(GameScreen):
    """Play an AoD game from a journal (hot-seat, 2-4 players), or replay one from a game."""

    CSS_PATH = "aod.tcss"
    PREFIX = "aod"
    COMMAND_HINT = COMMAND_HINT
    REFUSED = "Not allowed"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "next_unit(1)", "Unit", key_display="Tab", tooltip="Select the next unit"),
        Binding("shift+tab", "next_unit(-1)", "Unit", show=False, tooltip="The previous unit"),
        Binding("m", "order('m')", "Move", tooltip="A Move order for the selected unit"),
        Binding("v", "order('v')", "Vent", tooltip="A Vent order: the 'Mech cools"),
        Binding("f", "order('f')", "Fire", tooltip="Aim or fire: the need on 3d6 of each target"),
        Binding("c", "order('c')", "Close", tooltip="A close combat order"),
        Binding("a", "order('a')", "Assault", tooltip="An assault order"),
        *(
            Binding(
                key,
                f"order('{key}')",
                ORDER_HINTS.get(key, ("Order", ""))[0],
                show=False,
                tooltip=ORDER_HINTS.get(key, ("", OTHER_ORDER))[1] or OTHER_ORDER,
            )
            for key in ORDER_LETTERS
            if key not in "mvfca"
        ),
        *(
            Binding(
                str(n),
                f"alternative({n})",
                "Pick",
                show=False,
                tooltip="Pick one of several commands on one hex (1-9)",
            )
            for n in range(1, 10)
        ),
        Binding(
            "space",
            "member",
            "Add/remove",
            key_display="Space",
            tooltip="Formation, boarding, artillery: add or remove the unit under the cursor",
        ),
        Binding("left_square_bracket", "turn(-1)", "Turn", show=False, tooltip="Face one left"),
        Binding(
            "right_square_bracket", "turn(1)", "Turn", key_display="[ ]", tooltip="Face one right"
        ),
        Binding("e", "end_turn", "End", tooltip="End your turn (orders left are lost)"),
        Binding("z", "undo", "Undo", tooltip="Take back the last command (not past dice)"),
        Binding("y", "redo", "Redo", show=False, tooltip="Give again what undo took back"),
        COMMAND_LINE_BINDING,
        Binding("r", "result", "Result", tooltip="The score screen of the finished game"),
        Binding("left", "step_replay(-1)", "Back", tooltip="Replay: one command back"),
        Binding("right", "step_replay(1)", "Fwd", tooltip="Replay: one command forward"),
        Binding("shift+left", "step_event(-1)", "Event back", show=False),
        Binding("shift+right", "step_event(1)", "Event", key_display="⇧→", tooltip="Next event"),
        Binding("home", "seek(0)", "Start", show=False, tooltip="Replay: the start"),
        Binding("end", "seek(-1)", "End", show=False, tooltip="Replay: the end"),
        Binding("space", "play", "Play", tooltip="Replay: play or pause"),
        *SPEED_BINDINGS,
        *jump_bindings("round"),
        Binding(
            "d",
            "panels",
            "Panels",
            tooltip="Show or hide the order and dial panels (the board takes their room)",
        ),
        Binding(
            "L",
            "legend",
            "Legend",
            show=False,
            tooltip="Show or hide the board's legend (explains every mark)",
        ),
        Binding("question_mark", "rules", "Rules", key_display="?", tooltip="Keys and rules"),
        Binding("f1", "app.help", "Help", show=False),
        Binding("escape", "cancel_plan", "Cancel", tooltip="Drop the order being prepared"),
        Binding("escape", "back", "Menu", tooltip="Back to the menu (the game is saved)"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Tab, Shift+Tab | Select the next (previous) unit of the player to act. |
    | Arrows | Move the board's cursor. |
    | Enter | On a unit: select it. With an order: pick the hex, then Enter again to give it. |
    | m | A Move order: the hexes in reach show their cost; pick the end hex. |
    | v | A Vent order ('Mechs): Enter gives it. |
    | f | Fire: each target's need on 3d6; the preview lists every modifier. |
    | c, a, ... | The other orders the selected unit may take now (the panel lists them). |
    | o | Formation (AOD-18): Space adds friends; Enter moves there or attacks (1-9). |
    | t | Long-range fire (AOD-13): Enter on a hex of the band; Space adds artillery. |
    | l | Board (AOD-9.3): Space on each unit marked b; Enter where the transport ends. |
    | u | Unload (AOD-9.3): Enter where the transport ends; 1-9 which passengers. |
    | Space | In those orders: add or remove the unit under the cursor. |
    | 1-9 | Pick one of several commands on the same hex (altitude, free spin...). |
    | [, ] | Turn the planned facing left or right (deployment, move, turning in place). |
    | e | End the turn (asks first when orders are left); in terrain placing: lay no more. |
    | z, y | Undo, redo (not past a dice roll). |
    | : | Type a command in the command language. |
    | r | The score screen, once the game is over. |
    | Left, Right | Replay: one command back or forward. |
    | Shift+Left, Shift+Right | Replay: one event back or forward. |
    | Home, End, Space, +, - | Replay: the start, the end, play or pause, faster, slower. |
    | < >, g | Replay: the previous or next round, go to a round. |
    | d | Show or hide the side panels (hidden at first below 120 x 38; orders under the board). |
    | L | Show or hide the board's legend. |
    | ? | The rules summary. |
    | Escape | Drop the order being prepared; else back to the menu (saved). |
    """

    LIVE_ACTIONS = frozenset(
        {
            "undo",
            "redo",
            "command_line",
            "order",
            "alternative",
            "turn",
            "end_turn",
            "cancel_plan",
            "member",
        }
    )

    def __init__(
        self,
        *,
        journal: Journal | None = None,
        game: Any = None,  # noqa: ANN401 - the kernel's Game
        path: Path | None = None,
    ) -> None:
        """Create the screen for live play (``journal``) or a replay (``game``)."""
        super().__init__(journal=journal, game=game, path=path)
        self.selected: int | None = None
        """The unit whose dial shows and whose orders are listed."""
        self.plan: str | None = None
        """The order being prepared: its command tag, `AIM`, or None."""
        self.candidates: list[Command] = []
        """The legal commands of the plan."""
        self.options: list[Command] = []
        """The candidates of the picked hex (or all of them, for an order picked from a list)."""
        self.chosen: Command | None = None
        """The command the preview shows; Enter gives it."""
        self.picked: Hex | None = None
        self.facing: Facing | None = None
        """The planned facing of a move or deployment ([ and ] turn it)."""
        self.members: list[int] = []
        """A formation's members (the leader first), or a transport and the units boarding."""
        self.boardable: list[int] = []
        """The units that may board the transport of a boarding order (the engine's list)."""
        self._groups: tuple[object, int | None, dict[str, list[Command]]] | None = None
        self._seat: Seat | object | None = _UNSEEN
        """The seat due at the last redraw: None while several are, `_UNSEEN` at first."""
        self._turn: tuple[object, ...] = ()
        self._told = len(self.game.log)
        self._passing = False
        self.panels: bool | None = None
        """Whether the side panels show; None: as the layout wants (hidden when compact)."""

    # ------------------------------------------------------------------ state
    @property
    def state(self) -> AoDState:
        """The state shown: the game's, or the replay's position."""
        return cast("AoDState", self.current())

    @property
    def board(self) -> AoDBoard:
        """The board widget."""
        return self.query_one(AoDBoard)

    def groups(self) -> dict[str, list[Command]]:
        """The selected unit's orders now (kept per state and unit)."""
        state, unit = self.state, self.selected
        cached = self._groups
        if cached is not None and cached[0] is state and cached[1] == unit:
            return cached[2]
        found: dict[str, list[Command]] = {}
        if unit is not None and not self.replaying:
            found = order_groups(state, state.units[unit].ident)
            if FORMATION not in found and may_form(state, unit):
                found[FORMATION] = []  # the engine lists a few; the player names the members
            if FireArtillery.TAG not in found and may_fire_long(state, unit):
                found[FireArtillery.TAG] = []  # the engine lists enemies' hexes only
        self._groups = (state, unit, found)
        return found

    def keys(self) -> dict[str, str]:
        """The key of each order of the selected unit."""
        return assign_keys(list(self.groups()))

    # ------------------------------------------------------------------ layout
    def compose_panels(self) -> ComposeResult:
        """Board and log on the left; the order panel and the dial on the right."""
        with Horizontal(id="aod-main"):
            with Vertical(id="aod-left"):
                yield AoDBoard(
                    AoDBoardView(self.game.state.terrain),
                    ascii_only=bool(getattr(self.app, "ascii_only", False)),
                    id="aod-board",
                )
                yield Static(id="aod-orders-low", markup=False)
                yield Static(id="aod-hexline", markup=False)
                yield EventLog(id="aod-log")
            with Vertical(id="aod-side"):
                yield Static(id="aod-orders", markup=False)
                with VerticalScroll(id="aod-dial-box", can_focus=False):
                    yield DialPanel(id="aod-dial", compact=self.compact)

    def titles(self) -> None:
        """Name the panels on their borders (the wide layout)."""
        if self.compact:
            return
        self.query_one("#aod-log").border_title = "Log"
        self.query_one("#aod-orders").border_title = "Orders"
        self.query_one("#aod-dial-box").border_title = "Unit"

    def refocus(self) -> None:
        """Play: the board has the keys; a replay: nothing (the arrows step it)."""
        if self.replaying:
            self.set_focus(None)
        else:
            self.board.focus()
            if self.plan == "deploy_unit":  # a save opened in deployment: the cursor to the zone
                self._cursor_to_zone(self.state)

    # ------------------------------------------------------------------ drawing
    def redraw(self, *, follow: bool = False) -> None:
        """Draw every panel from the state shown."""
        state = self.state
        self._keep_selection(state)
        board = self.board
        board.show_board(state.terrain)
        board.set_units(self._markers(state))
        self._overlays(state)
        if follow and self.selected is not None:
            where = state.units[self.selected].hex
            if where is not None:
                board.set_cursor(where)
        self._dial(state)
        orders = "\n".join(self._order_lines(state))
        update_static(self.query_one("#aod-orders", Static), orders)
        self.set_class(not self.panels_shown, "-board-only")
        update_static(self.query_one("#aod-orders-low", Static), orders)
        self._hexline(state)
        position = self.cursor.position if self.replaying else None
        self.query_one(EventLog).show_story(self.story, position)
        self.show_heading(self._status(state), self._prompt(state))
        self.redrawn()
        self._hand_over(state)

    def _status(self, state: AoDState) -> list[str]:
        """The status line: the game, the round, who acts, the stage, the orders left."""
        playing = state.stage in {Stage.COMMAND, Stage.ORDER, Stage.CLEANUP}
        parts = [] if self.compact and playing else ["Age of Destruction"]
        if playing:
            parts.append(f"Round {state.round}")
        if state.stage is not Stage.OVER:
            parts.append(f"{state.players[state.active]} to act")
        if not (self.compact and playing):
            parts.append(f"{state.stage.value} stage")
        if state.stage is Stage.ORDER:
            parts.append(f"{state.orders_left} of {state.setup.orders} orders left")
        if self.path is not None and not self.compact:
            parts.append(self.path.name)
        return parts

    def _prompt(self, state: AoDState) -> str:  # noqa: PLR0911 - one line a situation
        if self.replaying:
            return self.replay_line(prompt_text(state))
        if state.result is not None:
            summary = RULESET.summary(state)
            return f"The game is over: {summary.result}. r shows the score."
        if state.stage is Stage.FIRST_PLAYER:
            return "Press Enter to roll 3d6 each for the first player."
        if self.chosen is not None:
            return "Enter gives the order shown; [ ] turn, Esc drops it."
        if self.plan == PlaceTerrain.TAG:
            who = state.players[state.active]
            return (
                f"{who}: Enter on a shaded hex lays a piece there, 1-9 picks another; e: no more."
            )
        if self.plan is not None and self.selected is not None:
            return self._plan_prompt(state, self.plan, state.units[self.selected].ident)
        return prompt_text(state)

    def _plan_prompt(self, state: AoDState, plan: str, ident: str) -> str:
        """What the plan asks for, in one line."""
        if plan == "deploy_unit":
            who = state.players[state.active]
            return f"{who}: deploy {ident} on a shaded hex of your zone ([ ] turn)."
        if plan == MoveUnit.TAG:
            return f"Move {ident}: Enter on a hex in reach (numbers: its cost); [ ] turn."
        if plan == AIM:
            return f"Aim {ident}: each target shows the need on 3d6; Enter on it explains."
        if plan in GROUP_PROMPTS:
            return GROUP_PROMPTS[plan].format(ident=ident)
        if self.options and not self.picked:
            return f"{group_name(plan)} {ident}: pick 1-{len(self.options[:9])}."
        return f"{group_name(plan)} {ident}: Enter on a shaded hex (Esc drops the order)."

    def _markers(self, state: AoDState) -> list[UnitMarker]:
        markers = unit_markers(state, self.selected)
        chosen, unit = self.chosen, self.selected
        where = getattr(chosen, "to", None) or getattr(chosen, "hex", None)
        if unit is not None and isinstance(where, Hex) and self.facing is not None:
            # the unit where the order would put it, facing as planned
            owner = state.units[unit].owner
            markers = [attrs.evolve(m, selected=False) if m.selected else m for m in markers]
            markers = [m for m in markers if m.hex != where]
            letter = unit_letter(state.definition(unit), owner)
            markers.append(UnitMarker(where, letter, self.facing, side=owner % 4, selected=True))
        return markers

    def _overlays(self, state: AoDState) -> None:
        board = self.board
        reach: dict[Hex, int | str] = {}
        marks: dict[Hex, str] = {}
        if self.plan == "deploy_unit":
            marks = dict.fromkeys(state.setup.zone(state.active), "")
        elif self.plan == MoveUnit.TAG and self.selected is not None:
            reach = dict(self._reach(state, self.selected))
        elif self.plan == AIM and self.selected is not None:
            marks = aim_marks(state, self.selected)
        elif self.plan in GROUP_PLANS:
            marks = self._group_marks(state)
        elif self.plan is not None:
            for command in self.candidates:
                where = key_hex(state, command)
                if where is not None:
                    marks[where] = ""
        if not marks:
            marks = artillery_marks(state)
        board.set_reach(reach)
        board.set_marks(marks)
        board.set_path((self.picked,) if self.picked is not None else ())

    def _group_marks(self, state: AoDState) -> dict[Hex, str]:
        """Where the group's orders go (shaded), its members (+) and who may board (b)."""
        marks: dict[Hex, str] = {}
        for command in self.candidates:
            where = key_hex(state, command)
            if where is not None:
                marks[where] = ""
        if self.plan == LoadTransport.TAG and self.members:
            for index in self.boardable:
                where = state.units[index].hex
                if where is not None and index not in self.members:
                    marks[where] = "b"
        for index in self.members[1:]:
            where = state.units[index].hex
            if where is not None:
                marks[where] = "+"
        return marks

    def _reach(self, state: AoDState, index: int) -> dict[Hex, int]:
        """AOD-8.3: the hexes a Move order reaches, walking and (a 'Mech) running, with the cost."""
        field, indices = state.battlefield()
        if index not in indices:
            return {}
        at = indices.index(index)
        costs = reachable(field, at, move_allowance(state, index))
        if state.definition(index).is_mech:
            running = reachable(field, at, move_allowance(state, index, run=True))
            costs = {**running, **costs}
        start = state.units[index].hex
        return {h: c for h, c in costs.items() if h != start}

    def _dial(self, state: AoDState) -> None:
        panel = self.query_one(DialPanel)
        panel.compact = self.compact
        index = self.selected
        if index is None:
            panel.show(None)
            return
        unit = state.units[index]
        flags = []
        if unit.hex is None and not unit.eliminated:
            flags.append("waiting to deploy" if not unit.withdrawn else "withdrawn")
        if unit.eliminated:
            flags.append("eliminated")
        if unit.order is not None:
            flags.append(f"ordered: {unit.order.value}")
        catalogue = state.setup.catalogue()
        forces = [u for p in state.setup.players for u in p.force]
        cards = (
            tuple(catalogue.cards[c] for c in forces[index].cards if c in catalogue.cards)
            if index < len(forces)
            else ()
        )
        panel.show(
            PanelData(
                state.definition(index),
                unit.dial,
                catalogue,
                cards,
                unit.tokens,
                tuple(flags),
                unit.ident,
                state.players[unit.owner],
            )
        )

    def _order_lines(self, state: AoDState) -> list[str]:
        """The order panel: the unit, its orders and keys, then the plan and its preview."""
        index = self.selected
        if self.plan == PlaceTerrain.TAG and not self.replaying:
            return [f"Pool: {', '.join(state.pool)}", *self._preview(state)]
        if index is None:
            return ["No unit selected (Tab)."]
        unit = state.units[index]
        where = f"at {unit.hex.label}" if unit.hex is not None else "off the board"
        lines = [f"{unit.ident} {where}, facing {unit.facing.name}"]
        if self.replaying or state.result is not None:
            return lines
        if self.plan is None:
            listed = [f"{k} {group_name(t)}" for t, k in self.keys().items()]
            if "f" not in self.keys().values() and self._may_aim():
                listed.append("f Aim")
            if listed:
                lines.append("Orders: " + "  ".join(listed))
            elif state.stage is Stage.ORDER and unit.owner == state.active:
                lines.append("No order for this unit now.")
            return lines
        if self.chosen is None:
            lines.append(self._plan_title())
        if self.plan in GROUP_PLANS:
            lines += self._group_lines(state)
        lines += self._preview(state)
        return lines

    def _group_lines(self, state: AoDState) -> list[str]:
        """Who is in the group, and why it has no order when it has none."""
        members = [state.units[n].ident for n in self.members]
        lines = []
        if self.plan == FORMATION:
            lines.append("Members: " + ", ".join(members) + " (Space: add/remove)")
            if not self.candidates:
                lines.append(formation_problem(state, self.members))
        elif self.plan == FireArtillery.TAG and len(members) > 1:
            lines.append("Formation: " + ", ".join(members) + " (Space: add/remove)")
        elif self.plan == LoadTransport.TAG:
            riders = ", ".join(members[1:]) or "none yet"
            lines.append(f"Boarding: {riders} (Space on a unit marked b)")
        elif self.plan == UnloadTransport.TAG and not self.candidates:
            lines.append("No room behind it for its passengers here.")
        if not self.candidates and self.plan != FORMATION and len(members) > 1:
            lines.append("No order for this group now.")
        return lines

    def _plan_title(self) -> str:
        if self.plan == AIM:
            return "Aim: each target shows its need."
        name = group_name(self.plan or "")
        if self.facing is not None:
            return f"{name}, facing {self.facing.name}"
        return f"{name}: pick a hex or a number"

    def _preview(self, state: AoDState) -> list[str]:
        lines: list[str] = []
        if len(self.options) > 1:
            lines += [f"{n}. {describe(c)}" for n, c in enumerate(self.options[:9], start=1)]
        chosen = self.chosen
        if self.plan == AIM and self.selected is not None and self.picked is not None:
            target = next(
                (n for n, u in enumerate(state.units) if u.on_board and u.hex == self.picked),
                None,
            )
            if target is not None:
                lines += fire_lines(state, self.selected, [target])
        if chosen is None:
            return lines
        lines += self._chosen_lines(state, chosen)
        lines.append(f"> {describe(chosen)}")
        if not self.replaying:
            decided = self.game.decide(chosen)  # the rules' own answer, nothing applied
            if isinstance(decided, Rejected):
                lines.append(f"Refused: {decided.reason}")
        return lines

    def _chosen_lines(self, state: AoDState, chosen: Command) -> list[str]:
        """What the chosen command does: the move, each target's need, the members' ends."""
        lines = []
        if isinstance(chosen, MoveUnit) and self.selected is not None:
            lines.append(self._move_words(state, chosen))
        attack = attack_of(chosen)
        if self.selected is not None and attack is not None:
            order, slot, indirect = attack
            targets = named_units(state, chosen)
            there = attack_state(state, chosen)  # an Assault fires after its move
            lines += fire_lines(there, self.selected, targets, order, slot=slot, indirect=indirect)
        if isinstance(chosen, RangedFormation):
            lines += formation_fire_lines(state, chosen)
        if isinstance(chosen, MoveFormation):
            lines += formation_move_lines(state, chosen)
        return lines

    def _move_words(self, state: AoDState, move: MoveUnit) -> str:
        index = self.selected
        assert index is not None  # noqa: S101 - a move plan has a unit
        start = state.units[index].hex
        if move.to == start:
            return f"Turn in place to face {move.facing.name}."
        cost = self._reach(state, index).get(move.to)
        how = "running (+1 heat)" if move.run else "walking"
        spent = f", {cost} of {move_allowance(state, index, run=move.run)} hexes" if cost else ""
        return f"Move to {move.to.label} facing {move.facing.name}, {how}{spent}."

    def _hexline(self, state: AoDState) -> None:
        where = self.board.cursor
        text = "" if where is None else describe_hex(state.terrain, where)
        if where is not None:
            here = [u.ident for u in state.units if u.on_board and u.hex == where]
            if here:
                text += "  " + ", ".join(here)
        update_static(self.query_one("#aod-hexline", Static), text)

    @on(AoDBoard.CursorMoved)
    def _cursor_moved(self) -> None:
        self._hexline(self.state)

    # ------------------------------------------------------------------ selection
    def _own_units(self, state: AoDState) -> list[int]:
        """The units Tab steps through: the seat due's to deploy, or on the board."""
        if state.stage is Stage.DEPLOYMENT:
            return [n for n in state.owned(state.active) if state.units[n].hex is None]
        if state.spins:
            return [state.spins[0].unit]
        seat = state.active
        return [n for n in state.owned(seat) if state.units[n].on_board]

    def _keep_selection(self, state: AoDState) -> None:
        """Keep a sensible selection: a unit of the player to act, the spinner, the deployer's.

        A unit on the board stays selected (an enemy may be looked at) until the turn passes;
        after an order the next unit without one is selected.
        """
        if self.replaying:
            if self.selected is not None and not state.units[self.selected].on_board:
                self.selected = None
            return
        turn = (state.stage, state.active, bool(state.spins))
        if turn != self._turn:
            self._turn = turn
            self.selected = None
        own = self._own_units(state)
        if len(self.game.log) != self._told and self.selected is not None:
            ordered = state.units[self.selected].order is not None
            waiting = [n for n in own if state.units[n].order is None]
            if ordered and waiting:
                self.selected = waiting[0]
        self._told = len(self.game.log)
        strict = state.stage is Stage.DEPLOYMENT or bool(state.spins)
        index = self.selected
        if index is None or (index not in own if strict else not state.units[index].on_board):
            waiting = [n for n in own if state.units[n].order is None]
            pool = waiting or own
            self.selected = pool[0] if pool else None
        self._automatic_plan(state)

    def _automatic_plan(self, state: AoDState) -> None:
        """The plan the stage asks for itself: lay terrain, deploy, answer a free spin."""
        if self.plan is not None:
            return
        if state.stage is Stage.TERRAIN:
            self._start_terrain(state)
        elif self.selected is not None and state.stage is Stage.DEPLOYMENT:
            self._start_plan("deploy_unit")
        elif self.selected is not None and state.spins:
            self._start_plan("free_spin")

    def action_next_unit(self, step: int) -> None:
        """Select the next (previous) unit of the player to act."""
        state = self.state
        own = (
            self._own_units(state)
            if not self.replaying
            else [n for n, u in enumerate(state.units) if u.on_board]
        )
        if not own:
            return
        at = own.index(self.selected) if self.selected in own else -step
        self.selected = own[(at + step) % len(own)]
        self.drop_plan()
        where = state.units[self.selected].hex
        if where is not None:
            self.board.set_cursor(where)
        self.redraw()

    # ------------------------------------------------------------------ orders
    def _start_plan(self, tag: str) -> None:
        state = self.state
        index = self.selected
        if index is None:
            return
        unit = state.units[index]
        self.plan = tag
        self.picked = None
        self.chosen = None
        self.options = []
        if tag == "deploy_unit":
            self.candidates = [
                c for c in legal_commands(state) if getattr(c, "unit", None) == unit.ident
            ]
        elif tag == "free_spin":
            self.candidates = list(legal_commands(state))
        else:
            self.candidates = list(self.groups().get(tag, []))
        self.facing = unit.facing if tag in FACING_PLANS else None
        self.members = []
        if tag in GROUP_PLANS:
            self._start_group(tag, index)
        if tag == "deploy_unit" and self.candidates and self.is_mounted:
            self._cursor_to_zone(state)
        elif unit.hex is not None and self.is_mounted:
            self.board.set_cursor(unit.hex)
        if tag == AIM:
            return
        if self.candidates and all(key_hex(state, c) is None for c in self.candidates):
            self.options = list(self.candidates)
            self.chosen = self.options[0] if len(self.options) == 1 else None

    def _start_group(self, tag: str, index: int) -> None:
        """An order of several units: the members first offered, then its commands."""
        state, listed = self.state, self.candidates
        self.boardable = boarders(state, index, listed) if tag == LoadTransport.TAG else []
        if tag in {FORMATION, FireArtillery.TAG}:
            self.members = suggested_members(state, index, listed)
        else:
            self.members = [index]
        self.candidates = self._group_candidates()

    def _group_candidates(self) -> list[Command]:
        """The commands of the group as it stands (`tui.aod.groups`)."""
        state, plan, members = self.state, self.plan, self.members
        if not members:
            return []
        facing = self.facing or state.units[members[0]].facing
        if plan == FORMATION:
            return formation_commands_of(state, members, facing)
        if plan == FireArtillery.TAG:
            return long_fire_commands(state, members)
        if plan == LoadTransport.TAG:
            return load_commands(state, members[0], members[1:], facing)
        if plan == UnloadTransport.TAG:
            return unload_commands(state, members[0], facing)
        return []

    def action_member(self) -> None:
        """Add the unit under the cursor to the group, or take it out (Space)."""
        state, where = self.state, self.board.cursor
        if self.plan not in MEMBER_PLANS or not self.members or where is None:
            return
        here = next((n for n, u in enumerate(state.units) if u.on_board and u.hex == where), None)
        leader = self.members[0]
        title = group_name(self.plan or "")
        if here is None or here == leader:
            self.refuse("Put the cursor on another unit of yours, then Space.", title=title)
            return
        if here in self.members:
            self.members.remove(here)
        else:
            why = self._member_refusal(state, here)
            if why:
                self.refuse(why, title=title)
                return
            self.members.append(here)
        self.candidates = self._group_candidates()
        self.options, self.chosen, self.picked = [], None, None
        self.redraw()

    def _member_refusal(self, state: AoDState, index: int) -> str:
        """Why unit ``index`` may not join the group, or "" (the engine judges the group)."""
        unit = state.units[index]
        if unit.owner != state.units[self.members[0]].owner:
            return f"{unit.ident} is not yours."
        if self.plan == LoadTransport.TAG:
            transport = self.members[0]
            if index not in self.boardable:
                return (
                    f"{unit.ident} cannot board {state.units[transport].ident}: boarders start "
                    "the turn touching its rear arc, touch no enemy and fit its bays."
                )
        if unit.order is not None:
            return f"{unit.ident} already had its order this turn."
        return ""

    def _start_terrain(self, state: AoDState) -> None:
        """AOD-5 step 6: lay a pool piece; the board marks every anchor a piece may take."""
        self.plan = PlaceTerrain.TAG
        self.candidates = [c for c in legal_commands(state) if isinstance(c, PlaceTerrain)]
        self.options, self.chosen, self.picked, self.facing = [], None, None, None

    def _cursor_to_zone(self, state: AoDState) -> None:
        """Put the cursor on a free hex of the deployer's zone, near its middle (AOD-5 step 9)."""
        board = self.board
        spots = [h for c in self.candidates if (h := key_hex(state, c)) is not None]
        if not spots or board.cursor in spots:
            return
        middle = spots[len(spots) // 2]
        board.set_cursor(middle)

    def action_order(self, key: str) -> None:
        """Choose the order bound to ``key`` for the selected unit, or say why not."""
        state = self.state
        if self.selected is None:
            self.refuse("Select a unit first (Tab).", title="Order")
            return
        unit = state.units[self.selected]
        tag = next((t for t, k in self.keys().items() if k == key), None)
        if tag is None:
            if key == "f" and state.stage is Stage.ORDER and unit.on_board:
                self._start_plan(AIM)
                self.redraw()
                return
            self.refuse(f"{unit.ident} cannot take that order now.", title="Order")
            return
        self._start_plan(tag)
        self.redraw()

    def action_cancel_plan(self) -> None:
        """Drop the order being prepared."""
        self.drop_plan()
        self.redraw()

    def drop_plan(self) -> None:
        """Forget the order being prepared."""
        self.plan = None
        self.candidates = []
        self.options = []
        self.chosen = None
        self.picked = None
        self.facing = None
        self.members = []

    def action_turn(self, step: int) -> None:
        """Turn the planned facing one hexside left (-1) or right (1)."""
        if self.facing is None:
            self.refuse("Nothing to turn: choose a Move order (m) first.", title="Turn")
            return
        self.facing = Facing((self.facing.value + step) % 6)
        if self.plan in {LoadTransport.TAG, UnloadTransport.TAG}:
            self.candidates = self._group_candidates()
            picked, number = (
                self.picked,
                self.options.index(self.chosen) if self.chosen in self.options else 0,
            )
            if picked is not None and self._pick(picked):
                if number < len(self.options):
                    self.chosen = self.options[number]
                self.redraw()
                return
        if self.chosen is not None:
            self.chosen = with_facing(self.chosen, self.facing)
        elif self.plan == MoveUnit.TAG and self.selected is not None:
            start = self.state.units[self.selected].hex
            if start is not None:
                self._pick(start)
                return
        self.redraw()

    def action_alternative(self, number: int) -> None:
        """Pick the ``number``-th of several commands."""
        if number > len(self.options):
            return
        self.chosen = with_facing(self.options[number - 1], self.facing)
        self.redraw()

    @on(AoDBoard.HexSelected)
    def _hex_selected(self, message: AoDBoard.HexSelected) -> None:
        message.stop()
        if self.replaying or self.game.summary.over:
            return
        state = self.state
        where = message.hex
        if state.stage is Stage.FIRST_PLAYER:
            self.execute(RollFirstPlayer())
            return
        if self.chosen is not None and (self.picked is None or self.picked == where):
            self.execute(self.chosen)
            return
        if self.plan is not None and self.plan != AIM and self._pick(where):
            return
        if self.plan == AIM:
            self.picked = where
            self.redraw()
            return
        here = next((n for n, u in enumerate(state.units) if u.on_board and u.hex == where), None)
        if here is not None and (self.plan is None or here in self._own_units(state)):
            self.selected = here
            self.drop_plan()
            self.redraw()
            return
        if self.plan is not None:
            self.refuse(self._no_pick(state, where), title=group_name(self.plan))

    def _pick(self, where: Hex) -> bool:
        """Pick ``where`` for the plan: its commands there become the options."""
        state = self.state
        options = [c for c in self.candidates if key_hex(state, c) == where]
        index = self.selected
        if self.plan == MoveUnit.TAG and index is not None and where == state.units[index].hex:
            options = [MoveUnit(state.units[index].ident, where, self.facing or Facing.N)]
            if self.facing == state.units[index].facing:
                self.refuse("Turn with [ and ] to turn in place.", title="Move")
                return True
        if not options:
            return False
        if self.plan == FORMATION:
            moves = [
                attrs.evolve(c, facing=self.facing or c.facing)
                for c in options
                if isinstance(c, MoveFormation)
            ]
            why = formation_move_problem(state, moves[0]) if moves else ""
            if why:  # AOD-18.2: every member must follow
                options = [c for c in options if not isinstance(c, MoveFormation)]
                if not options:
                    self.refuse(why, title="Formation")
                    return True
        self.picked = where
        self.board.set_cursor(where)
        self.options = options
        self.chosen = with_facing(options[0], self.facing)
        self.redraw()
        return True

    def _no_pick(self, state: AoDState, where: Hex) -> str:  # noqa: PLR0911 - one a plan
        index = self.selected
        ident = state.units[index].ident if index is not None else "The unit"
        if self.plan == PlaceTerrain.TAG:
            return f"No pool piece may be laid with its anchor on {where.label}."
        there = next((u for u in state.units if u.on_board and u.hex == where), None)
        if there is not None and self.plan in {"deploy_unit", MoveUnit.TAG}:
            return f"{there.ident} already stands in {where.label}."
        if self.plan == "deploy_unit":
            if where not in state.setup.zone(state.active):
                return f"{where.label} is outside {state.players[state.active]}'s deployment zone."
            return f"{ident} cannot deploy in {where.label}."
        if self.plan == MoveUnit.TAG:
            return f"{ident} cannot reach {where.label} this turn."
        if self.plan == FORMATION:
            return f"No order for this formation at {where.label} (Space adds the unit there)."
        if self.plan == LoadTransport.TAG and len(self.members) < 2:  # noqa: PLR2004
            return "Space on a unit marked b first: it boards."
        return f"No {group_name(self.plan or '').lower()} order for {ident} at {where.label}."

    def action_end_turn(self) -> None:
        """End the turn; ask first when orders are left (AOD-7.2)."""
        state = self.state
        if state.stage is Stage.ORDER and state.orders_left > 0 and not state.spins:
            left = state.orders_left
            question = f"End {state.players[state.active]}'s turn with {left} order"
            question += "s unused?" if left > 1 else " unused?"

            def answered(yes: bool | None) -> None:
                if yes:
                    self.execute(EndTurn())

            self.app.push_screen(ConfirmScreen(question, yes="End turn"), answered)
            return
        self.execute(EndTurn())

    # ------------------------------------------------------------------ turns and the end
    def _hand_over(self, state: AoDState) -> None:
        """Hide the board when another single player must act (hot-seat, AOD-2)."""
        if self.replaying or state.result is not None:
            return
        due = self.game.seats_to_act
        seat = next(iter(due)) if len(due) == 1 else None
        previous, self._seat = self._seat, seat
        if seat is None or previous is _UNSEEN or seat == previous or self._passing:
            return
        if not handover_wanted(saves_dir_of(self)):
            return
        why = prompt_text(state)
        if state.stage is Stage.ORDER and not state.spins:
            why = f"Round {state.round}: your turn, {state.orders_left} orders."
        rolled = self._first_roll()
        if rolled is not None:
            why = "\n".join([*first_player_lines(state, rolled), "", why])
        self._passing = True
        self.app.push_screen(PassScreen(state.players[seat], why), self._taken)

    def _first_roll(self) -> FirstPlayerRolled | None:
        """The first-player roll when the last command made it (AOD-5 step 5), else None."""
        log = self.game.log
        events = log[-1].events if log else ()
        return next((e for e in events if isinstance(e, FirstPlayerRolled)), None)

    def _taken(self, answer: str | None) -> None:
        self._passing = False
        if answer == "undo":
            self.history(undo=True)
        elif answer == "menu":
            self.dismiss()

    def game_over(self) -> None:
        """The command just given ended the game: the score screen."""
        self.app.push_screen(ScoreScreen(self.game.state))

    def action_result(self) -> None:
        """The score screen of a finished game."""
        if self.state.result is None:
            self.refuse("The game is not over yet.", title="Result")
            return
        self.app.push_screen(ScoreScreen(self.state))

    @property
    def panels_shown(self) -> bool:
        """Whether the side panels show (the player's choice, else not in the compact layout)."""
        return self.panels if self.panels is not None else not self.compact

    def action_panels(self) -> None:
        """Show or hide the side panels; the order panel's lines go under the board meanwhile."""
        self.panels = not self.panels_shown
        self.redraw()
        board = self.board
        self.call_after_refresh(board.scroll_to_cursor)  # the board's width changed

    async def action_legend(self) -> None:
        """Show or hide the board's legend (`tui.widgets.hexboard_legend.LegendPanel`)."""
        board = self.board
        terrain = self.state.terrain
        await toggle_legend(board, lambda: AoDLegend(terrain, ascii_only=board.ascii_only))

    def action_rules(self) -> None:
        """The rules summary."""
        from tui.aod.rules import AoDRulesScreen  # noqa: PLC0415 - opened on demand

        self.app.push_screen(AoDRulesScreen())

    def allows(  # noqa: C901, PLR0911 - one answer a kind of key
        self, action: str, parameters: tuple[object, ...]
    ) -> bool:
        """Which keys act now: the plan's, the orders of the selected unit, the end."""
        if self.replaying:
            return action not in {"cancel_plan", "result"} or (
                action == "result" and self.game.summary.over
            )
        state = self.game.state
        automatic = state.stage in {Stage.DEPLOYMENT, Stage.TERRAIN} or bool(state.spins)
        planning = self.chosen is not None or (self.plan is not None and not automatic)
        if self.is_mounted and self.command_line.has_class("-open"):
            planning = False  # Escape closes the command line first
        if action == "cancel_plan":
            return planning
        if action == "back":
            return not planning
        if action == "order":
            key = str(parameters[0]) if parameters else ""
            return key in self.keys().values() or (key == "f" and self._may_aim())
        if action == "turn":
            return self.facing is not None
        if action == "member":
            return self.plan in MEMBER_PLANS and bool(self.members)
        if action == "alternative":
            return len(self.options) > 1
        if action == "result":
            return self.game.summary.over
        if action == "end_turn":
            return self.game.state.stage in {Stage.ORDER, Stage.TERRAIN}
        return True

    def _may_aim(self) -> bool:
        state = self.state
        index = self.selected
        return (
            index is not None
            and state.stage is Stage.ORDER
            and state.units[index].on_board
            and state.units[index].owner == state.active
        )
