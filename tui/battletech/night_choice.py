"""NT-4 on the play screen: the moving side chooses which equally near enemy jitter-fires.

When a stray roll's doubles make the nearest enemy fire and several are equally near, the game
waits (``state.night.asking``, `engine.battletech.rules.nightchoice`). `JitterChoice` (the night
controls' ``jitter``) opens `JitterChoiceScreen` for the person whose side is moving, once the
terminal is theirs (after any handover): the candidates, each with its number key and its ready
weapons (heat, shots left: one of them fires at random); 1-9 or the arrows and
Enter give `ChooseJitterFirer` through the screen's ``execute``. Escape closes the dialog; ``j``
opens it again (the Orders panel says so), and every other order waits. The computer answers for
its own sides (`engine.battletech.bot.decide`); replays and spectators are never asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from engine.battletech.narrate.words import weapon_name
from engine.battletech.nightcommands import ChooseJitterFirer
from engine.battletech.rules.night import is_known, ready_weapons
from engine.battletech.rules.nightchoice import asked
from engine.battletech.rules.tohit import ammo_bins, weapon_spec

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.app import ComposeResult
    from textual.binding import BindingType

    from engine.battletech.nightstate import JitterQuestion
    from engine.battletech.state import BTState
    from tui.battletech.screen import BattleTechScreen
    from tui.battletech.widgets import Line

__all__ = ["JITTER_BINDING", "JitterChoice", "JitterChoiceScreen", "question_lines"]

JITTER_BINDING = Binding(
    "j", "jitter_choice", "Who fires", tooltip="Night: choose which enemy fires in the dark (NT-4)"
)
"""``j`` while the moving side must choose: open the question again."""

_DIRECTIONS = ("north", "north-east", "south-east", "south", "south-west", "north-west")


def question_lines(
    state: BTState, question: JitterQuestion, name: Callable[[int], str], *, compact: bool
) -> list[str]:
    """The question in words: the straying unit, then one line per candidate with its key."""
    mover = name(question.unit)
    way = _DIRECTIONS[int(question.direction)]
    hexes = f"{question.distance} hex{'es' if question.distance != 1 else ''}"
    lines = [
        f"{mover} strays {way}; its doubles make the nearest enemy fire in the dark (NT-4).",
        f"These are equally near ({hexes}): choose which one fires.",
    ]
    if compact:
        lines = [f"{mover} strays {way}: which enemy ({hexes} away) fires in the dark?"]
    for key, unit in enumerate(question.candidates, start=1):
        said = [_weapon_words(state, unit, w) for w in ready_weapons(state.units[unit])]
        more = f" +{len(said) - 3} more" if len(said) > 3 else ""  # noqa: PLR2004 - three shown
        lines.append(f"{key} {name(unit)}: {'; '.join(said[:3])}{more}")
    if not compact:
        lines.insert(2, "It fires one of its ready weapons at random: heat, and ammunition.")
    return lines


def _weapon_words(state: BTState, unit: int, weapon: int) -> str:
    """One ready weapon and what firing it costs: "LRM 5 (LT) 2 heat, 24 shots left"."""
    mech = state.units[unit]
    spec = weapon_spec(mech, weapon)
    if mech.is_mech:
        said = weapon_name(mech.mech_design, weapon)
    else:  # a vehicle's or squad's weapon: its catalogue name
        said = spec.name if spec is not None else mech.design.equipment[weapon].name
    if spec is None:
        return said
    said += f" {spec.heat} heat"
    if spec.uses_ammo:
        said += f", {sum(mech.ammo[b] for b in ammo_bins(mech, spec))} shots left"
    return said


class JitterChoiceScreen(ModalScreen[int | None]):
    """The question (NT-4): the candidates, 1-9 or arrows and Enter to choose, Escape to wait."""

    DEFAULT_CSS = """
    JitterChoiceScreen {
        align: center middle;
        background: $background 60%;
    }
    JitterChoiceScreen > Vertical {
        width: 78;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        padding: 0 1;
        border: thick $warning;
        background: $surface;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        *(
            Binding(str(n), f"pick({n - 1})", "Fires", show=n == 1, key_display="1-9")
            for n in range(1, 10)
        ),
        Binding("down", "move(1)", "Next", show=False),
        Binding("up", "move(-1)", "Previous", show=False),
        Binding("enter,c", "give", "Choose", tooltip="The highlighted unit fires"),
        Binding("escape", "close", "Later", tooltip="Close; j asks again"),
    ]

    def __init__(self, lines: list[str], candidates: tuple[int, ...]) -> None:
        """Ask ``lines`` (the question's, `question_lines`) about ``candidates``."""
        super().__init__()
        self.lines = lines
        self.candidates = candidates
        self.at = 0

    def compose(self) -> ComposeResult:
        """The question and the footer."""
        with Vertical():
            yield Static(self.body(), id="bt-jitter-body", markup=False)
        yield Footer()

    def body(self) -> str:
        """The question, the highlighted candidate marked, the keys last."""
        head = len(self.lines) - len(self.candidates)
        marked = [
            (">" if i - head == self.at else " ") + line if i >= head else line
            for i, line in enumerate(self.lines)
        ]
        count = len(self.candidates)
        return "\n".join([*marked, f"1-{count} or arrows and Enter: choose  Esc: later (j)"])

    def action_pick(self, number: int) -> None:
        """Choose candidate ``number`` (0-based) at once."""
        if 0 <= number < len(self.candidates):
            self.dismiss(self.candidates[number])

    def action_move(self, step: int) -> None:
        """Highlight the next or previous candidate."""
        self.at = (self.at + step) % len(self.candidates)
        self.query_one("#bt-jitter-body", Static).update(self.body())

    def action_give(self) -> None:
        """The highlighted candidate fires."""
        self.dismiss(self.candidates[self.at])

    def action_close(self) -> None:
        """Choose later."""
        self.dismiss(None)


class JitterChoice:
    """The question on one play screen: when to ask, and the answer given (see the module)."""

    def __init__(self, screen: BattleTechScreen) -> None:
        """Serve ``screen``."""
        self.screen = screen
        self.showing = False
        self._closed_at: int | None = None

    def question(self) -> JitterQuestion | None:
        """The question waiting in the live game, if the person at the terminal must answer."""
        screen = self.screen
        if screen.replaying or screen.watching:
            return None
        state = screen.game.state
        question = asked(state)
        if question is None:
            return None
        side = state.units[question.unit].side
        if not screen.is_person(side) or screen.handover.asking:
            return None
        seat = screen.night.seat()
        return question if seat is None or seat == side else None

    def check(self) -> None:
        """Open the dialog when the question is the person's (once, until answered or closed)."""
        if self.showing or self.question() is None:
            return
        if self._closed_at == self.screen.game.cursor:
            return  # closed with Escape: j asks again
        self.ask()

    def ask(self) -> None:
        """Open the dialog now (``j``)."""
        question = self.question()
        if question is None or self.showing:
            return
        screen = self.screen
        state = screen.game.state
        lines = question_lines(state, question, screen.name_of, compact=screen.compact)
        self.showing = True
        screen.app.push_screen(JitterChoiceScreen(lines, question.candidates), self._answered)

    def _answered(self, unit: int | None) -> None:
        self.showing = False
        screen = self.screen
        if unit is None:
            self._closed_at = screen.game.cursor
            screen.redraw()
            return
        self._closed_at = None
        if screen.execute(ChooseJitterFirer(unit)):
            screen.redraw(follow=True)

    def allows(self, action: str, *, mode_action: bool) -> bool | None:
        """``j`` only while the person must answer; while they must, no other order key."""
        waiting = self.question() is not None
        if action == "jitter_choice":
            return waiting
        if waiting and mode_action:
            return False
        return None

    def orders(self, *, compact: bool) -> list[Line]:
        """The Orders panel's lines while the question waits (for whoever must answer)."""
        state = self.screen.game.state
        question = asked(state)
        if question is None or self.screen.replaying:
            return []
        side = state.sides[state.units[question.unit].side]
        if self.question() is None:
            seat = self.screen.night.seat()
            if seat is not None and not is_known(state, seat, question.unit):
                return []  # a unit of theirs strays unseen: nothing to say
            return [(f"Night: {side} chooses which enemy fires in the dark (NT-4)", "warn")]
        if compact:
            return [("Night: who fires in the dark? j: choose", "warn")]
        return [
            ("Night: equally near enemies: choose which fires in the dark (NT-4)", "warn"),
            ("j: the question again", "keys"),
        ]
