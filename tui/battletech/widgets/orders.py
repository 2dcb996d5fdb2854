"""The orders panel: what the game waits for, the plotted move, its cost and its risks.

The screen writes it as lines, each with a role (``title``, ``text``, ``keys``, ``warn``,
``bad``, ``good``); `plot_lines` writes a plotted move::

    G Griffin GRF-1N: walk
    MP 4 of 5 spent, 1 left
    F F R F -> 0806 facing SE
    PSR 0805 water: 7+ (58%)
    c/Enter: go  Backspace: undo step  Esc: cancel
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text

from engine.battletech.envstate import ONE_G, gravity_of
from engine.battletech.events import InitiativeRolled
from engine.battletech.language import format_steps
from engine.battletech.narrate.envwords import summary
from engine.battletech.narrate.words import dice_text
from engine.battletech.rules.condition import jump_mp, run_allowance, walk_mp
from engine.battletech.rules.flow import can_end_phase, prompt_text
from engine.battletech.state import MoveMode
from tui.battletech.kind_words import has_masc, mode_names, moves_now
from tui.battletech.widgets._panel import BTPanel

if TYPE_CHECKING:
    from collections.abc import Sequence
    from fractions import Fraction

    from rich.style import Style

    from engine.battletech.board import Terrain
    from engine.battletech.state import BTState, UnitState
    from engine.game import Entry
    from engine.hexes import Facing, Hex
    from tui.battletech.widgets.plotting import Plot, Preview

__all__ = [
    "Line",
    "OrdersPanel",
    "deploy_lines",
    "initiative_line",
    "initiative_lines",
    "mode_keys",
    "movement_lines",
    "plot_lines",
    "replay_lines",
]

EVEN = 50
"""A roll with less chance than this (in percent) is shown as a danger."""

Line = tuple[str, str]
"""A line of the panel and its role."""


def plot_lines(
    plot: Plot,
    view: Preview,
    name: str,
    *,
    compact: bool = False,
    victim: str = "",
    modes: tuple[str, str] = ("walk", "run"),
) -> list[Line]:
    """Describe a plotted move.

    Args:
        plot: what has been keyed.
        view: the engine's preview of it.
        name: the unit's letter and name.
        compact: fewer words (80 x 24).
        victim: the letter and name of the unit the move charges or the jump drops on.
        modes: what the unit's walk and run are called (`kind_words.mode_names`: a vehicle
            cruises and flanks, BT-M-37.1; a platoon or squad moves, BT-M-4). Only a 'Mech,
            ("walk", "run"), is shown the prone and stand keys.

    Returns:
        The lines.
    """
    named = {MoveMode.WALK: modes[0], MoveMode.RUN: modes[1]}.get(plot.mode, plot.mode.value)
    mode = "run with MASC (walk x 2)" if plot.masc else named  # BT-C-75
    lines: list[Line] = [(f"{name}: {mode}", "title")]
    end = f"{view.end.label} facing {view.facing.name}{', prone' if view.prone else ''}"
    if plot.mode is MoveMode.JUMP:
        if not view.ready:
            lines.append((f"Jump MP {view.allowance}: pick the landing hex", "text"))
            lines.append(("cursor to a shaded hex, Enter", "keys"))
            return lines
        lines.append((f"jump {view.mp} of {view.allowance} MP -> {end}", "text"))
        keys = (
            "[ ] facing  m DFA  c: jump  Esc"
            if compact
            else ("[ ] facing  m: death from above  Enter/c: jump  Esc")
        )
    else:
        lines.append((f"MP {view.mp} of {view.allowance} spent, {view.left} left", "text"))
        steps = format_steps(plot.steps) or "(no steps yet)"
        lines.append((f"{steps} -> {end}", "text"))
        keys = (
            "f b [ ] p u m  c: go  Bksp  Esc"
            if compact
            else (
                "f/b step  [ ] turn  p prone  u stand  m charge   Enter/c: go  Backspace: back  "
                "Esc: cancel"
            )
        )
        if modes != ("walk", "run"):  # only 'Mechs lie down and stand (BT-M-24)
            keys = keys.replace(" p u", "").replace("  p prone  u stand", "")
    if plot.attack is not None:
        what = "death from above on" if plot.mode is MoveMode.JUMP else "then charge"
        lines.append((f"{what} {victim} (rolled in the physical phase)", "warn"))
    lines.extend((roll.text, "bad" if roll.chance < EVEN else "warn") for roll in view.rolls)
    if not view.rolls and (plot.steps or plot.target is not None):
        lines.append(("no rolls needed", "good"))
    lines.append((keys, "keys"))
    return lines


def initiative_line(
    state: BTState, entries: Sequence[Entry[Any, Any]], *, compact: bool = False
) -> str:
    """The last initiative roll in one line: "Initiative: Davion 3+4=7, Kurita 5+5=10; ..."."""
    for entry in reversed(entries):
        for event in entry.events:
            if isinstance(event, InitiativeRolled):
                sides = state.sides
                first = sides[event.order[0]]
                last = event.rounds[-1]
                if compact:
                    rolls = ", ".join(f"{sides[s]} {a + b}" for s, a, b in last)
                    return f"{rolls}: {first} first"
                rolls = ", ".join(f"{sides[s]} {dice_text((a, b))}" for s, a, b in last)
                return f"Initiative: {rolls}; {first} moves first"
    return ""


def mode_keys(
    unit: UnitState,
    *,
    compact: bool = False,
    terrain: Terrain | None = None,
    gravity: Fraction = ONE_G,
) -> list[Line]:
    """The mode keys, with the unit's MP now: "1 walk 5  2 run 8  3 jump 5  0 still".

    ``terrain`` is the unit's hex (water takes Jump MP away, BT-M-20.4); ``gravity`` the
    battlefield's (BT-M-39.3).
    """
    if unit.stuck:  # BT-M-39.1
        return [("stuck in a swamp: 0 still (a PSR frees it next turn)", "keys")]
    if not unit.is_mech:
        return _kind_mode_keys(unit, compact=compact)
    boost = has_masc(unit)  # BT-C-75: 4 runs with the MASC on
    if compact:
        more = " 4 masc" if boost else ""
        return [(f"1 walk 2 run 3 jump{more} 0 still", "keys"), ("E eject", "keys")]
    jump = f"  3 jump {jump_mp(unit, terrain, gravity)}" if unit.mech_design.jump else ""
    if boost:
        jump += f"  4 MASC {run_allowance(unit, gravity, masc_on=True)}"
    walk, run = walk_mp(unit, gravity=gravity), run_allowance(unit, gravity)
    return [
        (f"1 walk {walk}  2 run {run}{jump}  0 still", "keys"),
        ("Tab or Enter on a unit: another unit  E: eject", "keys"),
    ]


def _kind_mode_keys(unit: UnitState, *, compact: bool) -> list[Line]:
    """A vehicle's cruise and flank (BT-M-37.1), a platoon's or squad's move and jump (BT-M-4).

    The same keys as a 'Mech's walk, run and jump; no eject (only MechWarriors eject).
    """
    first, second = mode_names(unit)
    now = moves_now(unit) or (0, 0, 0)
    keys = [f"1 {first} {now[0]}"]
    if second != first:
        keys.append(f"2 {second} {now[1]}")
    if now[2]:
        keys.append(f"3 jump {now[2]}")
    keys.append("0 still")
    if compact:
        return [(" ".join(key.rsplit(" ", 1)[0] if key[0] != "0" else key for key in keys), "keys")]
    return [("  ".join(keys), "keys"), ("Tab or Enter on a unit: another unit", "keys")]


def initiative_lines(state: BTState, *, end_orders: bool = True) -> list[Line]:
    """The Initiative phase: what the roll does, and the keys.

    ``end_orders``: the player has a 'Mech that may dump ammunition or switch heat sinks
    (BT-C-58, BT-C-52); vehicles, platoons and squads give no End phase orders.
    """
    orders = [("first, End phase orders: D dump ammunition, S heat sinks", "keys")]
    return [
        (f"Turn {state.turn}: initiative", "title"),
        ("each side rolls 2D6; the loser moves first", "text"),
        ("Enter or i: roll", "keys"),
        *(orders if end_orders else []),
        *((line, "text") for line in summary(state)),  # BT-M-39 / BT-C-61
    ]


def movement_lines(
    state: BTState, initiative: str, selected: tuple[str, UnitState] | None, *, compact: bool
) -> list[Line]:
    """The Movement phase before a plot: the initiative, whose turn it is, the mode keys.

    Args:
        state: the game.
        initiative: the `initiative_line` of the turn.
        selected: the selected unit's letter and name, and the unit.
        compact: fewer words (80 x 24).
    """
    lines: list[Line] = [(initiative, "text")] if initiative else []
    if can_end_phase(state):
        return [*lines, ("Every unit has moved", "title"), ("n or Enter: end the phase", "keys")]
    lines.append((prompt_text(state), "title"))
    if selected is not None:
        name, unit = selected
        lines.append((f"selected: {name}", "text"))
        terrain = state.board.get(unit.hex) if unit.hex is not None else None
        gravity = gravity_of(state.environment)
        lines.extend(mode_keys(unit, compact=compact, terrain=terrain, gravity=gravity))
    return lines


def deploy_lines(
    state: BTState, side: int, name: str, facing: Facing, *, outside: Hex | None = None
) -> list[Line]:
    """The Deployment phase: which unit goes where, facing which way, and the keys.

    ``outside``: the cursor hex when it is outside the side's zone (a warning line).
    """
    waiting = sum(1 for u in state.units if u.side == side and u.hex is None)
    sides = state.sides
    lines: list[Line] = [
        (f"Deployment: {sides[side]}", "title"),
        (f"place {name}, facing {facing.name}", "text"),
        (f"{waiting} unit{'s' if waiting != 1 else ''} of {sides[side]} to place", "text"),
        ("cursor to a shaded hex, Enter: place", "keys"),
        ("[ ]: facing   Tab: another unit", "keys"),
    ]
    if outside is not None:
        lines.append((f"{outside.label} is outside {sides[side]}'s zone", "warn"))
    return lines


def replay_lines(state: BTState) -> list[Line]:
    """A replay: where the game stands, and the replay keys."""
    return [
        ("Replay", "title"),
        (prompt_text(state), "text"),
        ("Left Right: a command   Shift+Left/Right: an event", "keys"),
        ("Home End: start, end   Space: play   + -: speed", "keys"),
    ]


def render_lines(lines: tuple[Line, ...], styles: dict[str, Style]) -> Text:
    """Draw the lines, each in its role's style."""
    return Text("\n").join(Text(text, styles.get(role, "")) for text, role in lines)


class OrdersPanel(BTPanel[tuple[Line, ...]]):
    """What to do now: the prompt and its keys, or the plotted move with its MP and rolls."""

    PREFIX = "bt-orders"
    ROLES: ClassVar[tuple[str, ...]] = (
        "title",
        "text",
        "keys",
        "warn",
        "bad",
        "good",
        "chosen",
        "dim",
    )
    COMPONENT_CLASSES: ClassVar[set[str]] = {f"bt-orders--{role}" for role in ROLES}
    """
    | Class | Description |
    | :- | :- |
    | `bt-orders--title` | The unit and its mode, or the phase. |
    | `bt-orders--text` | MP, path, the situation. |
    | `bt-orders--keys` | The keys that act now. |
    | `bt-orders--warn` | A roll the path needs (50% or better). |
    | `bt-orders--bad` | A roll with less than an even chance. |
    | `bt-orders--good` | No roll needed; a clear line of sight. |
    | `bt-orders--chosen` | A weapon or physical attack chosen for the declaration. |
    | `bt-orders--dim` | Details, and weapons that cannot fire. |
    """

    DEFAULT_CSS = """
    OrdersPanel { height: auto; width: 1fr; }
    OrdersPanel > .bt-orders--title { color: $accent; text-style: bold; }
    OrdersPanel > .bt-orders--text { color: $foreground; }
    OrdersPanel > .bt-orders--keys { color: $text-muted; }
    OrdersPanel > .bt-orders--warn { color: $warning; }
    OrdersPanel > .bt-orders--bad { color: $error; text-style: bold; }
    OrdersPanel > .bt-orders--good { color: $success; }
    OrdersPanel > .bt-orders--chosen { color: $success; text-style: bold; }
    OrdersPanel > .bt-orders--dim { color: $text-muted; }
    """

    def draw(self, data: tuple[Line, ...], styles: dict[str, Style]) -> Text:
        """Draw the lines."""
        return render_lines(data, styles)
