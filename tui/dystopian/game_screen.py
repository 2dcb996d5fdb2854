"""Play a Dystopian Wars game hot-seat, or watch one again: `DWScreen`, its score and hand-over.

The screen is the shared game screen (`tui.screens.game.GameScreen`: the journal, undo and redo,
the ``:`` command line, the replay controls) with DW's panels: the board (`tui.dystopian.
board_view`), the hex line, the order panel (the selected model's commands and keys, then the
plan's preview), the model panel (`tui.dystopian.model_panel`) and the log, which tells every
command and roll, each attack's exploding pool die by die (`DWStory`).

The workflow (DW-28.13 item 16, DW-7): Enter rolls off (DW-22.8); 1 or 2 picks the table edge
and Enter takes it; deployment marks the player's zone and Enter on a hex places the selected
model there, ``[ ]`` turning it first (DW-22.8). In a turn Tab selects a model, ``a`` activates
its squadron (DW-9.2), ``m`` plots a move step by step (``w`` a hex ahead, ``s`` a hex back,
``[ ]`` turn, Backspace takes the last step back; the hexes a legal move ends in are shaded, and
Enter on one takes the engine's path there, DW-28.4), ``f`` aims: the targets are shaded, Enter
on one previews each weapon (or linked group) that bears, with its dice per range band, the
linked total, the number needed and the hits to expect, 1-9 picks, Enter declares (DW-7.2 step
3a, DW-17). ``e`` ends the activation: the attacks are rolled, morale follows, and the other
player's turn comes with the board hidden until he takes the terminal (the hand-over first
tells what just happened, the dice included). ``H`` opens the whole log, scrolled and searched
(`tui.dystopian.log_view`). ``v`` shows the selected
model's fire arcs, a weapon at a time: the arc shaded, the outer ring of each range band with its
number, and the line of sight to the model under the cursor (DW-28.6 to DW-28.8, the hex line
says clear, partial or blocked and why). ``Z`` switches the board between the zoomed view and
the compact one, two cells a hex (DW-28.13 item 16). The end shows the score screen.

Tiny-flyer wings (DW-20, `tui.dystopian.wing_view` and `wing_plans`): Tab steps through the
player's models, then his wings (Enter on a hex selects a wing flying there); the wing's card
replaces the model's. ``l`` launches (from the selected carrier, or the selected wing on its
deck), ``m`` flies the selected wing (Enter on a shaded hex, then 1-9: attack, land, CAP), ``u``
refuels a wing off its edge, ``k`` turns a model's AA on a wing; each with its preview.

STAR cards (DW-8, `tui.dystopian.star_view`): the order panel lists the hand of the player to act
with each card's type; when a seat is asked to answer (a T card at the turn's start, an R card
against an attack on its model, a counter card, the End Phase's discards; the board is handed
over to it), the panel numbers its cards: 1-9 plays or discards one, x passes.

Generators (DW-23, `tui.dystopian.generator_view`): ``g`` plans the selected model's generator
(after moving; Kinetic before), the preview naming the models it reaches and the dice it rolls;
``o`` shades the hexes a Camouflage template may take, whose seven hexes the board then draws.

Every choice comes from the engine's `legal_commands` (`tui.dystopian.workflow.order_groups`):
a command class the engine gains (boarding, aircraft, cards) is listed for its model under a key
of its own, picked by hex or by number, without a change here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, cast

import attrs
from textual import on
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from engine.dystopian.aux_commands import FireAuxiliary
from engine.dystopian.commands import (
    Activate,
    ChooseEdge,
    DeployModel,
    EndActivation,
    Fire,
    MoveModel,
    RollOff,
)
from engine.dystopian.events import AttackRolled
from engine.dystopian.indirect_commands import FireIndirect
from engine.dystopian.mine_commands import DropMine
from engine.dystopian.movement import parse_path
from engine.dystopian.moving import move_problem
from engine.dystopian.narrate import ORDER_TEXT
from engine.dystopian.rules import legal_commands, prompt_text
from engine.dystopian.ruleset import RULESET
from engine.dystopian.star_commands import PassAnswer
from engine.dystopian.state import DWState, Stage
from engine.dystopian.sweep_events import SweepMine
from engine.dystopian.wing_commands import FlyWing, LaunchWing
from engine.dystopian.wing_rules import wing_hex
from engine.dystopian.wing_state import WingPlace
from engine.hexes import Facing, Hex, line
from saves.preferences import load_preferences
from tui.dystopian.board_view import (
    DWBoard,
    DWBoardView,
    DWLegend,
    describe_hex,
    fire_overlay,
    mine_markers,
    model_markers,
)
from tui.dystopian.generator_view import generator_preview
from tui.dystopian.indirect_view import auxiliary_lines, indirect_lines
from tui.dystopian.log_view import happened_lines, open_log
from tui.dystopian.mine_view import drop_lines, sweep_lines
from tui.dystopian.model_panel import ModelPanel, panel_lines
from tui.dystopian.sight_view import Sighting, sight_to, sight_words
from tui.dystopian.star_view import answer_lines, answer_options, hand_lines
from tui.dystopian.wing_plans import (
    flight_options,
    launch_commands,
    wing_groups,
    wing_preview,
    wing_refusal,
)
from tui.dystopian.wing_view import (
    off_board_line,
    place_words,
    wing_lines,
    wing_markers,
    wings_at,
)
from tui.dystopian.workflow import (
    assign_keys,
    describe,
    dice_text,
    fire_lines,
    group_name,
    key_hex,
    move_end,
    order_groups,
    walk_hexes,
)
from tui.screens._replay import SPEED_BINDINGS, jump_bindings
from tui.screens.confirm import ConfirmScreen
from tui.screens.game import COMMAND_LINE_BINDING, GameScreen, NewGame, create_save, saves_dir_of
from tui.widgets.fixed import update_static
from tui.widgets.hexboard_legend import toggle_legend
from tui.widgets.log import EventLog
from tui.widgets.story import Story

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from pathlib import Path

    from textual.app import ComposeResult

    from engine.game import Command, Seat
    from saves.journal import Journal
    from tui.dystopian.board_view import FireOverlay
    from tui.dystopian.setup import DWStart

__all__ = [
    "DWScreen",
    "DWStory",
    "NewDWGame",
    "PassScreen",
    "ScoreScreen",
    "handover_wanted",
    "score_lines",
    "start_game",
]

ORDER_LETTERS = "amfbcdglhijknoptu"
"""Every key a kind of command may get (`tui.dystopian.workflow.assign_keys`)."""
MOVE = MoveModel.TAG
FIRE = Fire.TAG
DEPLOY = DeployModel.TAG
EDGE = ChooseEdge.TAG
_UNSEEN = object()
"""No seat seen yet: the screen just opened (the player at the keyboard is the one due)."""
COMMAND_HINT = "a command: activate CR-1, move CR-1 FFRF, fire CR-1 primary at CR-4, end, undo"
_STEP_KEYS = {"F": "w", "B": "s"}
_T = TypeVar("_T")
_PICKED_BY_HEX = frozenset({LaunchWing.TAG, FlyWing.TAG})
"""Wing plans shaded on the board and picked by hex (DW-20.4, DW-20.3); not listed by number."""


def start_game(start: DWStart, saves_dir: Path) -> Journal:
    """Create the save of a game chosen on the setup form (hot-seat undo: not past dice)."""
    return create_save(saves_dir, RULESET, start.setup, seed=start.seed)


def handover_wanted(directory: Path | None) -> bool:
    """Whether the players want the board hidden between turns (the settings' handover, on)."""
    return directory is None or load_preferences(directory)[0].handover


class NewDWGame(NewGame):
    """The setup form, then the game in its place."""

    def setup_form(self) -> Screen[Any]:
        """The new-game form (`tui.dystopian.setup.DWSetupScreen`)."""
        from tui.dystopian.setup import DWSetupScreen  # noqa: PLC0415 - a sibling screen

        return DWSetupScreen()

    def start(self, chosen: Any, saves_dir: Path) -> Journal:  # noqa: ANN401 - a DWStart
        """Create the save."""
        return start_game(chosen, saves_dir)

    def game_screen(self, journal: Journal) -> Screen[Any]:
        """The play screen."""
        return DWScreen(journal=journal)


class DWStory(Story):
    """The story of a DW game, each attack's pool written die by die after its line (DW-2.1)."""

    def _tell(self, start: int, stop: int) -> None:
        fresh = [n for n in range(start, stop) if self._told[n] is None]
        super()._tell(start, stop)
        game = self._game
        if game is None:
            return
        for index in fresh:
            told = self._told[index]
            if told is None:
                continue
            events = game.log[index].events
            for number, said in enumerate(told):
                event = events[said.event] if 0 <= said.event < len(events) else None
                if isinstance(event, AttackRolled) and event.faces:
                    told[number] = attrs.evolve(said, text=f"{said.text} Dice: {dice_text(event)}")


def score_lines(state: DWState) -> list[str]:
    """DW-22.4 / DW-22.5: the reason, each player's VP and Field Order, the winner and level."""
    result = state.result
    if result is None:
        return ["The game goes on."]
    players = state.players
    width = max(len(p) for p in players)
    lines = [f"The game ended: {result.reason}.", ""]
    lines.append(f"{'':<{width}}  {'VP':>4}  Field Order")
    for seat, vp in enumerate(result.vp):
        met = result.orders_met[seat] if seat < len(result.orders_met) else False
        order = state.orders[seat] if seat < len(state.orders) else None
        words = ORDER_TEXT.get(order, "") if order is not None else ""
        lines.append(f"{players[seat]:<{width}}  {vp:>4}  {'met' if met else 'not met'}")
        if words:
            lines.append(f"{'':<{width}}        ({words})")
    winner = "A draw." if result.winner is None else f"{players[result.winner]} wins!"
    lines += ["", f"{winner} ({result.level.value})"]
    return lines


class ScoreScreen(ModalScreen[None]):
    """The end of the game (DW-22.4, DW-22.5): why it ended, the VP, the orders, the winner."""

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
    ScoreScreen .dw-title { text-style: bold; color: $accent; }
    ScoreScreen .dw-note { color: $text-muted; margin-top: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,q", "close", "Close", tooltip="Back to the board"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Enter, Escape, q | Back to the board (the game can be replayed from the menu). |
    """

    def __init__(self, state: DWState) -> None:
        """Show the result of ``state``."""
        super().__init__()
        self.lines = score_lines(state)

    def compose(self) -> ComposeResult:
        """A box with the title and the score lines."""
        with Vertical(id="dw-score-box"):
            yield Static("Dystopian Wars - the result", classes="dw-title", markup=False)
            yield Static("\n".join(self.lines), id="dw-score-text", markup=False)
            yield Static("Enter: back to the board", classes="dw-note", markup=False)

    def action_close(self) -> None:
        """Back to the board."""
        self.dismiss()


class PassScreen(ModalScreen[str]):
    """Hide the board until the next player takes the terminal (hot-seat, DW-7.1).

    The box first tells "What just happened": the log's lines of the command just given, its
    dice included (an activation's attacks are rolled as it ends), so the player who gave it sees
    the result too. DW has no secret the log tells (a T card chosen face down is never named).
    """

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
    PassScreen .dw-title { text-style: bold; color: $accent; }
    PassScreen .dw-note { color: $text-muted; margin-top: 1; }
    PassScreen .dw-happened { margin-top: 1; }
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

    def __init__(self, player: str, why: str, happened: Sequence[str] = ()) -> None:
        """Ask ``player`` to take the terminal, saying ``why`` and what ``happened`` last.

        Args:
            player: the next player's name.
            why: what he is to do.
            happened: the last command's log lines, dice included (`tui.dystopian.log_view.
                happened_lines`): both players see the result before the board hides.
        """
        super().__init__()
        self.player = player
        self.why = why
        self.happened = tuple(happened)

    def compose(self) -> ComposeResult:
        """The box with the player's name."""
        with Vertical(id="dw-pass-box"):
            yield Static(
                f"Pass the terminal to {self.player}",
                id="dw-pass-title",
                classes="dw-title",
                markup=False,
            )
            if self.happened:
                yield Static(
                    "\n".join(["What just happened:", *self.happened]),
                    id="dw-pass-happened",
                    classes="dw-happened",
                    markup=False,
                )
            yield Static(self.why, classes="dw-note", markup=False)
            yield Static(
                "Enter: I am ready.   z: undo the last command.   Esc: menu.",
                classes="dw-note",
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


class DWScreen(GameScreen):
    """Play a DW game from a journal (hot-seat, two players), or replay one from a game."""

    CSS_PATH = "dystopian.tcss"
    PREFIX = "dw"
    COMMAND_HINT = COMMAND_HINT
    REFUSED = "Not allowed"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "tab",
            "next_model(1)",
            "Model",
            key_display="Tab",
            tooltip="Select a model, then a wing",
        ),
        Binding("shift+tab", "next_model(-1)", "Model", show=False, tooltip="The previous one"),
        Binding("a", "order('a')", "Activate", tooltip="Activate the selected model's squadron"),
        Binding(
            "m",
            "order('m')",
            "Move",
            tooltip="Plot the selected model's move, or fly the selected wing (DW-20.3)",
        ),
        Binding("l", "order('l')", "Launch", tooltip="Launch a wing from a carrier (DW-20.4)"),
        Binding("u", "order('u')", "Refuel", tooltip="Refuel a wing off your edge (DW-20.5)"),
        Binding("k", "order('k')", "AA", tooltip="The selected model's AA at a wing (DW-18.2)"),
        Binding("f", "order('f')", "Fire", tooltip="Aim the active squadron's weapons"),
        *(
            Binding(
                key,
                f"order('{key}')",
                "Order",
                show=False,
                tooltip="Another command the order panel lists for the selected model",
            )
            for key in ORDER_LETTERS
            if key not in "amfluk"
        ),
        Binding("w", "step('F')", "Ahead", show=False, tooltip="Move: one hex ahead"),
        Binding("s", "step('B')", "Back", show=False, tooltip="Move: one hex back"),
        Binding("backspace", "unstep", "Unstep", show=False, tooltip="Move: take a step back"),
        *(
            Binding(
                str(n),
                f"alternative({n})",
                "Pick",
                show=False,
                tooltip="Pick one of several commands (1-9)",
            )
            for n in range(1, 10)
        ),
        Binding("left_square_bracket", "turn(-1)", "Turn", show=False, tooltip="Turn left"),
        Binding("right_square_bracket", "turn(1)", "Turn", key_display="[ ]", tooltip="Turn"),
        Binding("e", "end_activation", "End", tooltip="End the activation: roll the attacks"),
        *(
            Binding(
                str(n),
                f"answer({n})",
                "Card",
                key_display="1-9",
                show=n == 1,
                tooltip="Asked to answer: play (End Phase: discard) the card of that number",
            )
            for n in range(1, 10)
        ),
        Binding("x", "pass_answer", "Pass", tooltip="Asked to answer: play no card (DW-8.2)"),
        Binding("v", "arcs", "Arcs", tooltip="Show the selected model's fire arcs, a weapon each"),
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
        *jump_bindings("turn"),
        Binding("L", "legend", "Legend", show=False, tooltip="Show or hide the board's legend"),
        Binding("H", "log", "Log", tooltip="The whole log, scrolled; / finds a word"),
        Binding("question_mark", "rules", "Rules", key_display="?", tooltip="Keys and rules"),
        Binding("Z", "zoom", "Zoom", tooltip="Switch the board: compact (2 cells a hex) or zoomed"),
        Binding("f1", "app.help", "Help", show=False),
        Binding("escape", "cancel_plan", "Cancel", tooltip="Drop the plan being prepared"),
        Binding("escape", "back", "Menu", tooltip="Back to the menu (the game is saved)"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Tab, Shift+Tab | Select the next (previous) own model, then own wing; aiming: next target. |
    | Arrows | Move the board's cursor. |
    | Enter | Roll off; take the edge; pick a hex (deploy, select, end a move, aim); give it. |
    | a | Activate the selected model's squadron (1-9: the element when it is split). |
    | m | Plot the selected model's move: the hexes a legal move ends in are shaded. |
    | w, s | Move: one hex ahead, one hex back. |
    | [, ] | Turn left or right: a deployment's facing, or a turn in the move being plotted. |
    | Backspace | Move: take the last step (or turn) back. |
    | f | Aim: targets shaded; Enter shows dice per band, linked total, hits to expect. |
    | 1-9 | Pick one of several commands (an edge, an element, a marker or level, a weapon). |
    | l | Launch a wing from the selected carrier (or wing aboard): Enter on a shaded hex. |
    | m (a wing) | Fly the wing: Enter on a shaded hex, 1-9: attack, land, CAP; 1 first: off. |
    | u | Refuel the selected wing waiting off your edge (or let it wait off the table, DW-20.5). |
    | k | AA: the selected model turns its AA on an enemy wing (shaded), with the hits to expect. |
    | i | Indirect fire (DW-18.7): a Capital target no gun sees, through a spotter that sees it. |
    | h | AA at an enemy flyer within 4, CC at a diver within 2 (DW-18.2), after the weapons. |
    | d | Drop a mine in the hex ahead of a minelayer's bow (DW-18.6), before or after moving. |
    | p | CC at a mine 1-2 hexes away, after moving (DW-18.6): 1-9 alone or with squadron-mates. |
    | b, c, g, o, ... | Other commands the engine allows the selected model (the panel lists it). |
    | e | End the activation: the declared attacks are rolled, then morale. |
    | 1-9 (asked) | A STAR card (DW-8.2): T, R on your attacked model, counter; End: discard. |
    | x (asked) | Play no card (End Phase: keep the rest of the hand and draw). |
    | v | Fire arcs, a weapon at a time: arc, band rings 1-4, sight to the model under the cursor. |
    | Z | Switch the board between the zoomed view and the compact one (2 cells a hex). |
    | z, y | Undo, redo (not past a dice roll). |
    | : | Type a command in the command language. |
    | r | The score screen, once the game is over. |
    | Left, Right | Replay: one command back or forward. |
    | Shift+Left, Shift+Right | Replay: one event back or forward. |
    | Home, End, Space, +, - | Replay: the start, the end, play or pause, faster, slower. |
    | < >, g | Replay: the previous or next turn, go to a turn. |
    | L | Show or hide the board's legend. |
    | H | The whole log on a screen of its own: arrows and PgUp/PgDn scroll, / finds a word. |
    | ? | The rules summary. |
    | Escape | Drop the plan being prepared; else back to the menu (saved). |
    """

    LIVE_ACTIONS = frozenset(
        {
            "undo",
            "redo",
            "command_line",
            "order",
            "alternative",
            "turn",
            "step",
            "unstep",
            "end_activation",
            "cancel_plan",
            "answer",
            "pass_answer",
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
        self.story = DWStory()
        self.selected: int | None = None
        """The model whose card shows and whose commands are listed."""
        self.plan: str | None = None
        """The command kind being prepared: its tag, or None."""
        self.candidates: list[Command] = []
        self.options: list[Command] = []
        self.chosen: Command | None = None
        """The command the preview shows; Enter gives it."""
        self.picked: Hex | None = None
        self.facing: Facing | None = None
        """A deployment's planned facing ([ and ] turn it)."""
        self.path_text = ""
        """The move being plotted, in the path grammar (``FFRF``, DW-28.4)."""
        self.arc_weapon: int | None = None
        """The weapon whose arc ``v`` shows, or None."""
        self.wing: int | None = None
        """The selected wing (DW-20), or None: its card shows and its commands are listed."""
        self._wing_groups: tuple[object, object, object] | None = None
        self._fire: tuple[DWState, tuple[object, ...], FireOverlay] | None = None
        self.compact_board = False
        """The board's compact view (``Z``), kept when the layout is composed again."""
        self._legal: tuple[object, list[Command]] | None = None
        self._seat: Seat | object | None = _UNSEEN
        self._turn: tuple[object, ...] = ()
        self._passing = False

    # ------------------------------------------------------------------ state
    @property
    def state(self) -> DWState:
        """The state shown: the game's, or the replay's position."""
        return cast("DWState", self.current())

    @property
    def board(self) -> DWBoard:
        """The board widget."""
        return self.query_one(DWBoard)

    def legal(self) -> list[Command]:
        """The engine's legal commands now (kept per state)."""
        state = self.state
        if self.replaying:
            return []
        cached = self._legal
        if cached is not None and cached[0] is state:
            return cached[1]
        found = list(legal_commands(state))
        self._legal = (state, found)
        return found

    def groups(self) -> dict[str, list[Command]]:
        """The selected model's (or wing's) commands now by kind; activation by squadron."""
        state, index = self.state, self.selected
        if self.replaying:
            return {}
        if self.wing is not None:
            return self._cached(("wing", self.wing), lambda: self._wing_commands(state))
        if index is None:
            return {}
        legal = self.legal()
        found = order_groups(state, state.models[index].ident, legal)
        launches = self._cached(("carrier", index), lambda: self._launches(state, index))
        if launches:
            found[LaunchWing.TAG] = launches
        squadron = state.models[index].squadron
        activations: list[Command] = [
            c
            for c in legal
            if isinstance(c, Activate)
            and (n := state.index_of(c.model)) is not None
            and state.models[n].squadron == squadron
        ]
        found.pop(Activate.TAG, None)
        if activations:
            found = {Activate.TAG: activations, **found}
        fires: list[Command] = [c for c in legal if isinstance(c, Fire)]
        if fires and state.models[index].owner == state.active:
            found[FIRE] = fires  # DW-7.2 step 3a: the whole active squadron's, from any model
        return found

    def _cached(self, key: object, build: Callable[[], _T]) -> _T:
        """Keep one answer per state and key (the wing lists check every hex)."""
        cached = self._wing_groups
        state = self.state
        if cached is not None and cached[0] is state and cached[1] == key:
            return cast("_T", cached[2])
        found = build()
        self._wing_groups = (state, key, found)
        return found

    def _wing_commands(self, state: DWState) -> dict[str, list[Command]]:
        """The selected wing's commands (`tui.dystopian.wing_plans.wing_groups`)."""
        assert self.wing is not None  # noqa: S101 - called with a wing selected
        return wing_groups(state, self.wing, self.legal())

    def _launches(self, state: DWState, index: int) -> list[Command]:
        """DW-20.4: the launches of carrier ``index``'s wings, in its squadron's activation."""
        activation = state.activation
        model = state.models[index]
        if activation is None or model.squadron != activation.squadron:
            return []
        aboard = [
            n
            for n, w in enumerate(state.wings)
            if w.carrier == index and w.place is WingPlace.DECK and w.owner == state.active
        ]
        return launch_commands(state, aboard) if aboard else []

    def keys(self) -> dict[str, str]:
        """The key of each command kind of the selected model."""
        return assign_keys(list(self.groups()))

    # ------------------------------------------------------------------ layout
    def compose_panels(self) -> ComposeResult:
        """Board and log on the left; the order panel and the model card on the right."""
        with Horizontal(id="dw-main"):
            with Vertical(id="dw-left"):
                yield DWBoard(
                    DWBoardView(self.game.state.setup.terrain),
                    ascii_only=bool(getattr(self.app, "ascii_only", False)),
                    compact=self.compact_board,
                    id="dw-board",
                )
                yield Static(id="dw-hexline", markup=False)
                yield EventLog(id="dw-log")
            with Vertical(id="dw-side"):
                yield Static(id="dw-orders", markup=False)
                with VerticalScroll(id="dw-card-box", can_focus=False):
                    yield ModelPanel(id="dw-card", markup=False)

    def titles(self) -> None:
        """Name the panels on their borders (the wide layout)."""
        if self.compact:
            return
        self.query_one("#dw-log").border_title = "Log"
        self.query_one("#dw-orders").border_title = "Orders"
        self.query_one("#dw-card-box").border_title = "Model"

    def refocus(self) -> None:
        """Play: the board has the keys; a replay: nothing (the arrows step it)."""
        if self.replaying:
            self.set_focus(None)
        else:
            self.board.focus()

    # ------------------------------------------------------------------ drawing
    def redraw(self, *, follow: bool = False) -> None:
        """Draw every panel from the state shown."""
        state = self.state
        self._keep_selection(state)
        board = self.board
        board.show_terrain(state.setup.terrain, state.camouflage_hexes())
        wing = self.wing
        board.set_units(
            [
                *model_markers(state, self.selected if wing is None else None),
                *wing_markers(state, wing),
                *mine_markers(state),  # DW-18.6: drawn under any model in the hex
            ]
        )
        self._overlays(state)
        if follow and self.selected is not None:
            where = state.models[self.selected].hex
            if where is not None:
                board.set_cursor(where)
        card = self.query_one(ModelPanel)
        index = self.selected
        if wing is not None:
            card.show(wing_lines(state, wing, compact=self.compact))
        else:
            card.show(None if index is None else panel_lines(state, index, compact=self.compact))
        if not self.compact:
            self.query_one("#dw-card-box").border_title = "Wing" if wing is not None else "Model"
        update_static(self.query_one("#dw-orders", Static), "\n".join(self._order_lines(state)))
        self._hexline(state)
        position = self.cursor.position if self.replaying else None
        self.query_one(EventLog).show_story(self.story, position)
        self.show_heading(self._status(state), self._prompt(state))
        self.redrawn()
        self._hand_over(state)

    def _status(self, state: DWState) -> list[str]:
        """The status line: the game, the turn, who acts, the stage, the initiative."""
        playing = state.stage is Stage.ACTIVATION
        parts = [] if self.compact and playing else ["Dystopian Wars"]
        if state.turn:
            parts.append(f"Turn {state.turn}/{state.setup.turns}")
        if state.stage is not Stage.OVER and state.stage is not Stage.SETUP:
            window = state.star.window if state.star is not None else None
            seat = state.active if window is None else window.player  # DW-8.2: who answers
            parts.append(f"{state.players[seat]} to act")
        if not (self.compact and playing):
            parts.append(f"{state.stage.value}")
        if playing and state.initiative is not None:
            parts.append(f"initiative {state.players[state.initiative]}")
        if self.path is not None and not self.compact:
            parts.append(self.path.name)
        return parts

    def _prompt(self, state: DWState) -> str:  # noqa: C901, PLR0911 - one line a situation
        if self.replaying:
            return self.replay_line(prompt_text(state))
        if state.result is not None:
            summary = RULESET.summary(state)
            return f"The game is over: {summary.result}. r shows the score."
        if state.stage is Stage.SETUP:
            return "Press Enter to roll off for the table edges and the Field Orders (DW-22.8)."
        if state.stage is Stage.EDGE:
            who = state.players[state.active]
            return f"{who}: 1 top edge, 2 bottom edge, then Enter (you deploy first)."
        if self._asked(state):
            return prompt_text(state) + "  Keys: 1-9 a card, x pass."
        if self.plan == DEPLOY and self.selected is not None:
            ident = state.models[self.selected].ident
            return f"Deploy {ident}: Enter on a shaded hex of your zone ([ ] turn, Tab another)."
        if self.plan == MOVE and self.selected is not None:
            ident = state.models[self.selected].ident
            return f"Move {ident}: w ahead, s back, [ ] turn, Bksp undo step; Enter gives it."
        if self.plan == FIRE and self.chosen is None:
            return "Fire: Tab or Enter on a shaded target shows what bears on it (Esc: no)."
        if self.plan in _PICKED_BY_HEX and self.chosen is None:
            verb = "Fly" if self.plan == FlyWing.TAG else "Launch"
            off = " (1: off your edge)" if self.options else ""
            return f"{verb}: Enter on a shaded hex{off}; then 1-9 picks what it does (Esc: no)."
        if self.chosen is not None:
            return "Enter gives the command shown; 1-9 picks another, Esc drops it."
        if state.activation is not None and not self.compact:
            return prompt_text(state) + "  Keys: m move, f fire, e end."
        return prompt_text(state)

    def _overlays(self, state: DWState) -> None:  # noqa: C901 - one overlay a plan
        board = self.board
        reach: dict[Hex, int | str] = {}
        marks: dict[Hex, str] = {}
        path: list[Hex] = []
        blocked = False
        index = self.selected
        if self.plan == DEPLOY:
            marks = {h: "" for c in self.candidates if (h := key_hex(state, c)) is not None}
        elif self.plan == MOVE and index is not None:
            reach = self._reach(state, index)
            model = state.models[index]
            if model.hex is not None and self.path_text:
                try:
                    steps = parse_path(self.path_text)
                except ValueError:
                    steps = ()
                path, _ = walk_hexes(model.hex, model.facing, steps)
        elif self.plan == FIRE:
            marks = {h: "" for c in self.candidates if (h := key_hex(state, c)) is not None}
            chosen = self.chosen
            lead = state.index_of(chosen.models[0]) if isinstance(chosen, Fire) else None
            if isinstance(chosen, Fire) and lead is not None:
                start = state.models[lead].hex
                end = key_hex(state, chosen)
                sighting = sight_to(state, lead, end)
                if sighting is not None:
                    path, blocked = list(sighting.path), sighting.blocked
                elif start is not None and end is not None:
                    path = list(line(start, end))
        elif self.plan is not None:
            marks = {h: "" for c in self.candidates if (h := key_hex(state, c)) is not None}
        arc: frozenset[Hex] = frozenset()
        rings: dict[Hex, str] = {}
        if self.plan is None and self.arc_weapon is not None and index is not None:
            shown = self._fire_overlay(state, index, self.arc_weapon)
            arc, rings = shown.arc, shown.rings
            sighting = self._sighting(state)
            if sighting is not None:
                path, blocked = list(sighting.path), sighting.blocked
        board.set_arc(arc)
        board.set_rings(rings)
        board.set_reach(reach)
        board.set_marks(marks)
        if not path and self.picked is not None:
            path = [self.picked]
        board.set_path(path, blocked=blocked)

    def _fire_overlay(self, state: DWState, index: int, weapon: int) -> FireOverlay:
        """The arc and band rings ``v`` shows (kept per state: the cursor redraws the sight)."""
        key = (index, weapon, self.board.ascii_only)
        kept = self._fire
        if kept is None or kept[0] is not state or kept[1] != key:
            shown = fire_overlay(state, index, weapon, ascii_only=self.board.ascii_only)
            kept = self._fire = (state, key, shown)
        return kept[2]

    def _sighting(self, state: DWState) -> Sighting | None:
        """``v``: the line of sight from the selected model to the model under the cursor."""
        if self.plan is not None or self.arc_weapon is None or self.selected is None:
            return None
        return sight_to(state, self.selected, self.board.cursor)

    def _reach(self, state: DWState, index: int) -> dict[Hex, int | str]:
        """DW-28.4: the hexes a legal move of the model ends in, with the hexes it moves."""
        reach: dict[Hex, int | str] = {}
        start = state.models[index].hex
        for command in self.candidates:
            if not isinstance(command, MoveModel) or command.marker or command.level:
                continue
            end = move_end(state, command)
            if end is None or end[0] == start:
                continue
            moved = sum(1 for c in command.path if c in "FB")
            known = reach.get(end[0])
            if known is None or (isinstance(known, int) and moved < known):
                reach[end[0]] = moved
        return reach

    def _hexline(self, state: DWState) -> None:
        where = self.board.cursor
        text = "" if where is None else describe_hex(state.setup.terrain, where)
        if where is not None:
            here = [
                f"{m.ident} {m.level.value}" if m.level.value != "surface" else m.ident
                for m in state.models
                if m.on_board and m.hex == where
            ]
            here += [
                f"{state.wings[n].ident} ({state.wings[n].tokens}, fuel {state.wings[n].fuel})"
                for n in wings_at(state, where)
            ]
            if here:
                text += "  " + ", ".join(here)
        sighting = self._sighting(state)
        if sighting is not None:
            text = sight_words(state, sighting)
        update_static(self.query_one("#dw-hexline", Static), text)

    @on(DWBoard.CursorMoved)
    def _cursor_moved(self) -> None:
        state = self.state
        if self.plan is None and self.arc_weapon is not None:
            self._overlays(state)  # the sight follows the cursor
        self._hexline(state)

    def action_zoom(self) -> None:
        """Switch the board between the zoomed and the compact view (DW-28.13 item 16)."""
        self.compact_board = self.board.toggle_compact()

    async def relayout(self) -> None:
        """Compose the other layout (the terminal crossed the line); the cursor stays put."""
        cursor = self.board.cursor
        await super().relayout()
        if cursor is not None:
            self.board.set_cursor(cursor)

    def _order_lines(self, state: DWState) -> list[str]:  # noqa: C901, PLR0911, PLR0912 - a part a plan
        """The order panel: the selected model, its commands and keys, then the plan's preview."""
        if self.replaying:
            return self._replay_lines(state)
        if state.stage is Stage.EDGE:
            return [
                "Choose your table edge:",
                *(f"{n}. {describe(c)}" for n, c in enumerate(self.candidates[:9], start=1)),
                *self._chosen_line(),
            ]
        if self._asked(state):  # DW-8.2 / DW-8.3: a STAR card asked of one seat
            return answer_lines(state, self.legal(), compact=self.compact)
        index = self.selected
        if self.wing is not None:
            wing = state.wings[self.wing]
            lines = [f"{wing.ident} ({wing.profile.name.lower()}s, {wing.tokens})"]
        elif index is None:
            return self._fleet_lines(state)
        else:
            lines = [f"{state.models[index].ident} {state.card(index).name}"]
        if state.result is not None:
            return lines
        if state.activation is not None:
            declared = len(state.activation.declared)
            if self.compact:
                lines.append(f"Attacks declared: {declared}")
            else:
                active = state.squadron_name(state.activation.squadron)
                lines.append(f"Active: {active}; attacks declared: {declared}")
        if self.plan is None:
            if self.arc_weapon is not None and index is not None and self.wing is None:
                weapon = state.card(index).weapons[self.arc_weapon]
                lines.append(f"Arc: {weapon.name} {weapon.arc.value} {weapon.shown} (v: next)")
            listed = [f"{k} {group_name(t)}" for t, k in self.keys().items()]
            if state.activation is not None and not self.compact:
                listed.append("e End")
            lines.append("Keys: " + "  ".join(listed) if listed else "Nothing for it now.")
            waiting = off_board_line(state)
            if waiting:
                lines.append(waiting)
            return lines + hand_lines(state, state.active, compact=self.compact)
        if self.plan == MOVE and index is not None:
            lines += self._move_lines(state, index)
        elif len(self.options) > 1 or (self.options and self.chosen is None):
            lines += [f"{n}. {describe(c)}" for n, c in enumerate(self.options[:9], start=1)]
        if isinstance(self.chosen, Fire):
            lines += fire_lines(state, self.chosen)
        elif isinstance(self.chosen, FireIndirect):  # DW-18.7
            lines += indirect_lines(state, self.chosen)
        elif isinstance(self.chosen, FireAuxiliary):  # DW-18.2
            lines += auxiliary_lines(state, self.chosen)
        elif isinstance(self.chosen, DropMine):  # DW-18.6
            lines += drop_lines(state, self.chosen)
        elif isinstance(self.chosen, SweepMine):  # DW-18.6: CC at a mine
            lines += sweep_lines(state, self.chosen)
        elif self.chosen is not None:
            lines += wing_preview(state, self.chosen, compact=self.compact)
            lines += generator_preview(state, self.chosen)  # DW-23
        elif self.plan in _PICKED_BY_HEX:
            lines.append(f"{len(self.candidates)} shaded hexes: Enter on one.")
        lines += self._chosen_line()
        return lines

    def _asked(self, state: DWState) -> bool:
        """A STAR card window is open (DW-8.2) and this is live play."""
        return not self.replaying and state.star is not None and state.star.window is not None

    def _fleet_lines(self, state: DWState) -> list[str]:
        """Each fleet: its name, points and models on the table (DW-22.2)."""
        lines = []
        for seat, player in enumerate(state.setup.players):
            models = [m for m in state.models if m.owner == seat]
            afloat = sum(m.on_board for m in models)
            fleet = player.fleet
            lines.append(f"{player.name}: {fleet.name}, {fleet.points} pts")
            lines.append(f"  {afloat} of {len(models)} models on the table")
        waiting = off_board_line(state)
        if waiting:
            lines.append(waiting)
        if state.stage is Stage.ACTIVATION:
            lines += hand_lines(state, state.active, compact=self.compact)
        return lines

    def _replay_lines(self, state: DWState) -> list[str]:
        index = self.selected
        if self.wing is not None:
            wing = state.wings[self.wing]
            return [f"{wing.ident} {place_words(state, wing)}"]
        if index is None:
            return self._fleet_lines(state)
        model = state.models[index]
        where = model.hex.label if model.hex is not None else "off the board"
        return [f"{model.ident} at {where}"]

    def _chosen_line(self) -> list[str]:
        return [] if self.chosen is None else [f"> {describe(self.chosen)}"]

    def _move_lines(self, state: DWState, index: int) -> list[str]:
        """The move plotted, where it ends, and whether the engine takes it (DW-28.4)."""
        model = state.models[index]
        mover = state.mover(index)
        lines = [f"MP {mover.mp}, min {mover.min_hexes} ahead, turn {mover.turning.value}"]
        markers: list[Command] = [
            c
            for c in self.candidates
            if isinstance(c, MoveModel) and (c.marker is not None or c.level is not None)
        ]
        self.options = markers
        lines += [f"{n}. {describe(c)}" for n, c in enumerate(markers[:9], start=1)]
        path = self.path_text or "stay"
        try:
            steps = parse_path(self.path_text)
        except ValueError:
            return [*lines, f"Path {path}: not a path"]
        if model.hex is not None:
            hexes, facing = walk_hexes(model.hex, model.facing, steps)
            lines.append(f"Path {path}: to {hexes[-1].label} facing {facing.name}")
        chosen = self.chosen
        if isinstance(chosen, MoveModel) and (chosen.marker or chosen.level):
            return lines
        problem = move_problem(state, index, steps, None, None)
        lines.append(problem or "Legal: Enter gives it.")
        self.chosen = MoveModel(model.ident, self.path_text) if not problem else None
        return lines

    # ------------------------------------------------------------------ selection
    def _own_models(self, state: DWState) -> list[int]:
        """The models Tab steps through: the deployer's waiting ones, or the acting player's."""
        if state.stage is Stage.DEPLOYMENT:
            waiting = {
                n
                for c in self.legal()
                if isinstance(c, DeployModel) and (n := state.index_of(c.model)) is not None
            }
            return sorted(waiting)
        seat = state.active
        models = [n for n, m in enumerate(state.models) if m.owner == seat and m.on_board]
        activation = state.activation
        if activation is not None:
            mine = [n for n in models if state.models[n].squadron == activation.squadron]
            return mine + [n for n in models if n not in mine]
        ready = set(state.ready(seat))
        return [n for n in models if state.models[n].squadron in ready] + [
            n for n in models if state.models[n].squadron not in ready
        ]

    def _keep_selection(self, state: DWState) -> None:
        """Keep a sensible selection: a model of the player to act, the deployer's next."""
        if self.replaying:
            if self.selected is not None and not state.models[self.selected].on_board:
                self.selected = None
            if self.wing is not None and wing_hex(state, self.wing) is None:
                self.wing = None
            return
        turn = (state.stage, state.active, state.activation is None, state.deploying)
        own = self._own_models(state)
        if turn != self._turn:
            self._turn = turn
            self.selected = None
            self.wing = None
            self.drop_plan()
        if self.wing is not None and state.wings[self.wing].place is WingPlace.LOST:
            self.wing = None
        activation = state.activation
        if activation is not None and self.selected is not None and self.plan is None:
            unmoved = [
                n
                for n in state.alive(activation.squadron)
                if n not in activation.moved and not activation.movement_done
            ]
            if self.selected in activation.moved and unmoved:
                self.selected = unmoved[0]
                where = state.models[self.selected].hex
                if where is not None and self.is_mounted:
                    self.board.set_cursor(where)
        strict = state.stage is Stage.DEPLOYMENT
        index = self.selected
        if index is None or (index not in own if strict else not state.models[index].on_board):
            self.selected = own[0] if own else None
        self._automatic_plan(state)

    def _automatic_plan(self, state: DWState) -> None:
        """The plan the stage asks for itself: the edge choice and deployment."""
        if self.plan is not None:
            return
        if state.stage is Stage.EDGE:
            self.plan = EDGE
            self.candidates = [c for c in self.legal() if isinstance(c, ChooseEdge)]
            self.options = list(self.candidates)
        elif state.stage is Stage.DEPLOYMENT and self.selected is not None:
            self._start_plan(DEPLOY)

    def action_next_model(self, step: int) -> None:
        """Select the next (previous) model of the player to act; aiming: the next target."""
        state = self.state
        if self.plan == FIRE and not self.replaying:
            self._next_target(step)
            return
        own = (
            self._own_models(state)
            if not self.replaying
            else [n for n, m in enumerate(state.models) if m.on_board]
        )
        pieces = [("m", n) for n in own] + [("w", n) for n in self._own_wings(state)]
        if not pieces:
            return
        current = ("w", self.wing) if self.wing is not None else ("m", self.selected)
        at = pieces.index(current) if current in pieces else -step if step > 0 else 0
        kind, index = pieces[(at + step) % len(pieces)]
        where = self._piece_hex(state, kind, index)
        if where is not None:
            self.board.set_cursor(where)
        self._select(kind, index)

    def _own_wings(self, state: DWState) -> list[int]:
        """The wings Tab steps through after the models: the acting player's (DW-20.3)."""
        if state.stage is not Stage.ACTIVATION:
            return []
        if self.replaying:
            return [n for n in range(len(state.wings)) if wing_hex(state, n) is not None]
        return [
            n
            for n, w in enumerate(state.wings)
            if w.owner == state.active and w.place is not WingPlace.LOST
        ]

    def _piece_hex(self, state: DWState, kind: str, index: int) -> Hex | None:
        """Where a model or a wing is (a wing on a deck: its carrier's hex)."""
        if kind == "m":
            return state.models[index].hex
        where = wing_hex(state, index)
        carrier = state.wings[index].carrier
        if where is None and carrier is not None and state.wings[index].place is WingPlace.DECK:
            return state.models[carrier].hex
        return where

    def _next_target(self, step: int) -> None:
        """Aiming: put the cursor on the next (previous) target and show what bears on it."""
        state = self.state
        spots = sorted(
            {h for c in self.candidates if (h := key_hex(state, c)) is not None},
            key=lambda h: h.to_offset(),
        )
        if not spots:
            return
        at = spots.index(self.picked) if self.picked in spots else -1 if step > 0 else 0
        self._pick(spots[(at + step) % len(spots)])

    # ------------------------------------------------------------------ plans
    def _start_plan(self, tag: str) -> None:
        state = self.state
        if self.wing is not None or tag in _PICKED_BY_HEX:
            self._start_wing_plan(tag)
            return
        index = self.selected
        if index is None:
            return
        model = state.models[index]
        self.plan = tag
        self.picked = None
        self.chosen = None
        self.options = []
        self.path_text = ""
        if tag == DEPLOY:
            self.candidates = [
                c
                for c in self.legal()
                if isinstance(c, DeployModel) and c.model.casefold() == model.ident.casefold()
            ]
            first = self.candidates[0] if self.candidates else None
            self.facing = first.facing if isinstance(first, DeployModel) else model.facing
            if self.candidates and self.is_mounted:
                self._cursor_to(state)
            return
        self.facing = None
        self.candidates = list(self.groups().get(tag, []))
        if model.hex is not None and self.is_mounted:
            self.board.set_cursor(model.hex)
        if tag in {MOVE, FIRE}:
            return
        # picked by number (or by a shaded hex): an element (DW-9.3), or a new kind of command
        self.options = list(self.candidates)
        self.chosen = self.options[0] if len(self.options) == 1 else None

    def _start_wing_plan(self, tag: str) -> None:
        """A wing's plan (DW-20): hexes shaded for a launch or a flight, else by number."""
        state = self.state
        self.plan = tag
        self.picked = None
        self.chosen = None
        self.path_text = ""
        self.facing = None
        self.candidates = list(self.groups().get(tag, []))
        where = None
        if self.wing is not None:
            where = wing_hex(state, self.wing)
            carrier = state.wings[self.wing].carrier
            if where is None and carrier is not None:
                where = state.models[carrier].hex
        elif self.selected is not None:
            where = state.models[self.selected].hex
        spots = [h for c in self.candidates if (h := key_hex(state, c)) is not None]
        if where is None and spots and self.is_mounted:  # in from the edge: the nearest spot
            cursor = self.board.cursor
            where = spots[0] if cursor is None else min(spots, key=cursor.distance)
        if where is not None and self.is_mounted:
            self.board.set_cursor(where)
        if tag in _PICKED_BY_HEX:  # off the table has no hex: picked by number (DW-20.5)
            self.options = [c for c in self.candidates if key_hex(state, c) is None]
            return
        self.options = list(self.candidates)
        self.chosen = self.options[0] if len(self.options) == 1 else None

    def _cursor_to(self, state: DWState) -> None:
        """Put the cursor on a free hex of the deployer's zone, near its middle (DW-22.8)."""
        spots = [h for c in self.candidates if (h := key_hex(state, c)) is not None]
        if not spots:
            return
        terrain = state.setup.terrain
        middle = Hex.from_offset(terrain.width // 2, terrain.height // 2)
        mates = [
            m.hex
            for m in state.models
            if m.hex is not None and state.deploying is not None and m.squadron == state.deploying
        ]
        # beside the squadron's models already down, else as near the middle as the zone goes
        anchor = mates[-1] if mates else middle
        self.board.set_cursor(min(spots, key=lambda h: (anchor.distance(h), middle.distance(h))))

    def action_order(self, key: str) -> None:
        """Start the plan of the command kind bound to ``key``, or say why not."""
        state = self.state
        if self.selected is None and self.wing is None:
            self.refuse("Select a model first (Tab).", title="Order")
            return
        tag = next((t for t, k in self.keys().items() if k == key), None)
        ident = self._selected_name(state)
        if tag is None:
            self.refuse(f"{ident} has no such command now.", title="Order")
            return
        self._start_plan(tag)
        if tag == Activate.TAG and len(self.candidates) == 1:
            self.execute(self.candidates[0])
            return
        self.redraw()

    def _selected_name(self, state: DWState) -> str:
        """The selected wing's or model's name."""
        if self.wing is not None:
            return state.wings[self.wing].ident
        return "The model" if self.selected is None else state.models[self.selected].ident

    def action_cancel_plan(self) -> None:
        """Drop the plan being prepared."""
        self.drop_plan()
        self.redraw()

    def drop_plan(self) -> None:
        """Forget the plan being prepared."""
        self.plan = None
        self.candidates = []
        self.options = []
        self.chosen = None
        self.picked = None
        self.facing = None
        self.path_text = ""

    def action_step(self, kind: str) -> None:
        """Move plan: one hex ahead (F) or back (B) (DW-28.4)."""
        if self.plan != MOVE:
            return
        self._plot(self.path_text + kind)

    def action_unstep(self) -> None:
        """Move plan: take the last step or turn back."""
        if self.plan != MOVE or not self.path_text:
            return
        self._plot(self.path_text[:-1])

    def _plot(self, path: str) -> None:
        """The move plotted by keys is ``path``: the cursor follows its end; Enter gives it."""
        self.path_text = path
        self.chosen = None
        self.picked = None
        index = self.selected
        if index is not None:
            model = self.state.models[index]
            if model.hex is not None:
                hexes, _ = walk_hexes(model.hex, model.facing, parse_path(path))
                if self.state.setup.terrain.on_board(hexes[-1]):
                    self.board.set_cursor(hexes[-1])
        self.redraw()

    def action_turn(self, step: int) -> None:
        """Turn left (-1) or right (1): the deployment's facing, or a turn in the move."""
        if self.plan == MOVE:
            self._plot(self.path_text + ("L" if step < 0 else "R"))
            return
        if self.facing is None:
            self.refuse("Nothing to turn: plot a move (m) or deploy first.", title="Turn")
            return
        self.facing = self.facing.turn(step)
        if isinstance(self.chosen, DeployModel):
            self.chosen = attrs.evolve(self.chosen, facing=self.facing)
        self.redraw()

    def action_alternative(self, number: int) -> None:
        """Pick the ``number``-th of several commands."""
        if number > len(self.options):
            return
        chosen = self.options[number - 1]
        self.chosen = chosen
        if isinstance(chosen, MoveModel):
            self.path_text = chosen.path
        self.redraw()

    def action_arcs(self) -> None:
        """Show the selected model's next weapon's arc and range bands (then none)."""
        index = self.selected
        if index is None:
            return
        weapons = [
            n for n, w in enumerate(self.state.card(index).weapons) if w.arc.value != "dropped"
        ]
        if not weapons:
            self.refuse("It has no weapon with an arc.", title="Arcs")
            return
        at = weapons.index(self.arc_weapon) + 1 if self.arc_weapon in weapons else 0
        self.arc_weapon = weapons[at] if at < len(weapons) else None
        self.redraw()

    @on(DWBoard.HexSelected)
    def _hex_selected(self, message: DWBoard.HexSelected) -> None:  # noqa: C901, PLR0911 - a case a plan
        message.stop()
        if self.replaying or self.game.summary.over:
            return
        state = self.state
        where = message.hex
        if state.stage is Stage.SETUP:
            self.execute(RollOff())
            return
        if self.plan == EDGE:
            if self.chosen is not None:
                self.execute(self.chosen)
            else:
                self.refuse("Pick the edge with 1 or 2 first.", title="Edge")
            return
        if self.chosen is not None and (self.picked is None or self.picked == where):
            self.execute(self.chosen)
            return
        if self.plan == MOVE and self.path_text and self.selected is not None:
            model = state.models[self.selected]
            steps = parse_path(self.path_text)
            if model.hex is not None and walk_hexes(model.hex, model.facing, steps)[0][-1] == where:
                why = move_problem(state, self.selected, steps, None, None)
                self.refuse(why or "The move is not legal.", title="Move")
                return
        if self.plan is not None and self._pick(where):
            return
        if self.plan not in _PICKED_BY_HEX and self._select_at(state, where):
            return
        if self.plan is not None:
            self.refuse(self._no_pick(state, where), title=group_name(self.plan))

    def _select_at(self, state: DWState, where: Hex) -> bool:
        """Select the next piece in ``where``: a model, or a wing flying there (DW-20).

        While a plan is prepared only the player's own models are picked this way.
        """
        pieces = [("m", n) for n, m in enumerate(state.models) if m.on_board and m.hex == where]
        if self.plan is not None:
            own = self._own_models(state)
            pieces = [p for p in pieces if p[1] in own]
        else:
            pieces += [("w", n) for n in wings_at(state, where)]
        if not pieces:
            return False
        current = ("w", self.wing) if self.wing is not None else ("m", self.selected)
        kind, index = (
            pieces[(pieces.index(current) + 1) % len(pieces)] if current in pieces else pieces[0]
        )
        self._select(kind, index)
        return True

    def _select(self, kind: str, index: int) -> None:
        """Select model (``m``) or wing (``w``) ``index``; the plan is dropped."""
        if kind == "w":
            self.wing = index
        else:
            self.wing = None
            self.selected = index
        self.drop_plan()
        self.arc_weapon = None
        self.redraw()

    def _pick(self, where: Hex) -> bool:
        """Pick ``where`` for the plan: its commands there become the options."""
        state = self.state
        options = [
            c
            for c in self.candidates
            if key_hex(state, c) == where
            and not (isinstance(c, MoveModel) and (c.marker or c.level))
        ]
        if not options:
            return False
        if isinstance(options[0], FlyWing):  # then attack, land or patrol (DW-20.4 to 20.8)
            options = flight_options(state, options[0])
        self.picked = where
        self.board.set_cursor(where)
        self.options = options
        chosen = options[0]
        if isinstance(chosen, DeployModel) and self.facing is not None:
            chosen = attrs.evolve(chosen, facing=self.facing)
        if isinstance(chosen, MoveModel):
            self.path_text = chosen.path
        self.chosen = chosen
        self.redraw()
        return True

    def _no_pick(self, state: DWState, where: Hex) -> str:
        ident = self._selected_name(state)
        if self.plan in _PICKED_BY_HEX:
            return self._wing_no_pick(state, where)
        there = next((m for m in state.models if m.on_board and m.hex == where), None)
        if self.plan == DEPLOY:
            if there is not None:
                return f"{there.ident} is already in {where.label}."
            return f"{ident} cannot deploy in {where.label}: not a shaded hex of your zone."
        if self.plan == MOVE:
            return f"No legal move of {ident} ends in {where.label} (plot it with w s [ ])."
        if self.plan == FIRE:
            return f"Nothing of the active squadron bears on {where.label}."
        return f"No {group_name(self.plan or '').lower()} for {ident} at {where.label}."

    def _wing_no_pick(self, state: DWState, where: Hex) -> str:
        """The engine's refusal of a launch or a flight to ``where`` (one line)."""
        wings = (
            [state.wings[self.wing].ident]
            if self.wing is not None
            else sorted({c.wing for c in self.candidates if isinstance(c, LaunchWing)})
        )
        if not wings:
            return f"No wing may go to {where.label}."
        command: Command = (
            FlyWing(wings[0], where) if self.plan == FlyWing.TAG else LaunchWing(wings[0], where)
        )
        return wing_refusal(state, command) or f"Not to {where.label}."

    def action_end_activation(self) -> None:
        """End the activation (DW-7.2); ask first when no attack was declared and some could."""
        state = self.state
        activation = state.activation
        if activation is None:
            self.refuse("No squadron is active: activate one (a).", title="End")
            return
        could = any(isinstance(c, Fire) for c in self.legal())
        if not activation.declared and could:

            def answered(yes: bool | None) -> None:
                if yes:
                    self.execute(EndActivation())

            name = state.squadron_name(activation.squadron)
            question = f"End the activation of {name} without firing?"
            self.app.push_screen(ConfirmScreen(question, yes="End it"), answered)
            return
        self.execute(EndActivation())

    def action_answer(self, number: int) -> None:
        """DW-8.2 / DW-8.3: play (or discard) the ``number``-th card the window lists."""
        options = answer_options(self.legal())
        if number > len(options):
            self.refuse(f"No card {number} to answer with.", title="Card")
            return
        self.execute(options[number - 1])

    def action_pass_answer(self) -> None:
        """DW-8.2: play no card now (the End Phase: keep the rest and draw)."""
        self.execute(PassAnswer())

    # ------------------------------------------------------------------ turns and the end
    def _hand_over(self, state: DWState) -> None:
        """Hide the board when the other player must act (hot-seat)."""
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
        if state.stage is Stage.ACTIVATION and not self._asked(state) and state.activation is None:
            why = f"Turn {state.turn}: activate one of your squadrons."
        self._passing = True
        happened = happened_lines(self.story)
        self.app.push_screen(PassScreen(state.players[seat], why, happened), self._taken)

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
        """The score screen of a finished game (a replay's too, wherever it stands)."""
        final = cast("DWState", self.game.state)
        if final.result is None:
            self.refuse("The game is not over yet.", title="Result")
            return
        self.app.push_screen(ScoreScreen(final))

    async def action_legend(self) -> None:
        """Show or hide the board's legend."""
        board = self.board
        terrain = self.state.setup.terrain
        await toggle_legend(board, lambda: DWLegend(terrain, ascii_only=board.ascii_only))

    def action_log(self) -> None:
        """The whole log, scrolled and searched (`tui.dystopian.log_view`)."""
        open_log(self)

    def action_rules(self) -> None:
        """The rules summary."""
        from tui.dystopian.rules import DWRulesScreen  # noqa: PLC0415 - opened on demand

        self.app.push_screen(DWRulesScreen())

    def allows(  # noqa: C901, PLR0911, PLR0912 - one answer a kind of key
        self, action: str, parameters: tuple[object, ...]
    ) -> bool:
        """Which keys act now: the plan's, the selected model's commands, the end."""
        if self.replaying:
            return action not in {"cancel_plan", "result"} or (
                action == "result" and self.game.summary.over
            )
        state = self.game.state
        automatic = self.plan in {DEPLOY, EDGE}
        planning = self.chosen is not None or (self.plan is not None and not automatic)
        if self.is_mounted and self.command_line.has_class("-open"):
            planning = False  # Escape closes the command line first
        asked = self._asked(state)
        if action in {"answer", "pass_answer"}:  # DW-8.2: only while a seat is asked
            return asked
        if asked and action in {"order", "alternative", "end_activation", "step", "turn"}:
            return False
        if action == "cancel_plan":
            return planning
        if action == "back":
            return not planning
        if action == "order":
            key = str(parameters[0]) if parameters else ""
            return key in self.keys().values()
        if action in {"step", "unstep"}:
            return self.plan == MOVE
        if action == "turn":
            return self.plan == MOVE or self.facing is not None
        if action == "alternative":
            return (
                len(self.options) > 1
                or self.plan == EDGE
                or (bool(self.options) and self.chosen is None)
            )
        if action == "result":
            return self.game.summary.over
        if action == "end_activation":
            return state.activation is not None
        if action == "arcs":
            return (
                self.selected is not None
                and self.wing is None
                and state.stage is not Stage.DEPLOYMENT
            )
        return True
