"""A move being plotted on the screen, and what the engine says of it before it is given.

`Plot` is what the player has keyed so far (a unit, a mode, the steps; for a jump the landing hex
and facing). `preview` asks the engine's movement queries (`plan_move`, `plan_jump`,
`jump_path`, `psr_target`) where that leads: the hexes to draw, the MP spent and left, and every
roll the path will need with its target number and chance. Nothing here changes the game: the
screen turns a plot into a `Move` or `Jump` command (`command_of`) and gives it to the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from attrs import frozen

from engine.battletech.commands import Jump, Move, Step, StepKind
from engine.battletech.narrate.envwords import roll_warning
from engine.battletech.rules import masc
from engine.battletech.rules.movement import jump_path, plan_jump, plan_move, psr_target, reachable
from engine.battletech.state import MoveMode
from engine.game import IllegalCommand
from tui.battletech.kind_words import prone as is_prone

if TYPE_CHECKING:
    from engine.battletech.commands import BTCommand
    from engine.battletech.rules.movement import Check, Plan
    from engine.battletech.state import BTState
    from engine.hexes import Facing, Hex

__all__ = [
    "SHORT_REASONS",
    "Plot",
    "Preview",
    "RollWarning",
    "chance",
    "command_of",
    "preview",
    "route_to",
    "with_step",
]

SHORT_REASONS = {
    "water": "water",
    "rubble": "rubble",
    "building": "building",
    "stand": "stand up",
    "skid": "skid",
    "run_damage": "run on damage",
    "landing": "landing",
    "swamp": "swamp",
}
"""A roll's reason in a word or two, for the plot's warnings (`PilotingRoll.reason` codes)."""

_WAYS = {2: 36, 3: 35, 4: 33, 5: 30, 6: 26, 7: 21, 8: 15, 9: 10, 10: 6, 11: 3, 12: 1}
"""Of the 36 throws of 2D6, how many make at least this number."""


def chance(target: int) -> int:
    """The chance in percent that 2D6 make ``target`` or more (100 for 2 or less, 0 above 12)."""
    if target <= 2:  # noqa: PLR2004 - the lowest throw
        return 100
    return round(100 * _WAYS.get(target, 0) / 36)


@frozen
class Plot:
    """A move being plotted: the unit, its mode, the steps keyed so far.

    Attributes:
        unit: the unit's index.
        mode: walk, run or jump (standing still needs no plot).
        steps: ground steps, in order.
        target: a jump's landing hex (None until picked).
        facing: a jump's landing facing.
        attack: the unit the move charges (walk, run: BT-C-42) or the jump drops on (DFA,
            BT-C-43); None for none.
        masc: a run with the MASC switched on (BT-C-75: Walk MP x 2, after a roll).
    """

    unit: int
    mode: MoveMode
    steps: tuple[Step, ...] = ()
    target: Hex | None = None
    facing: Facing | None = None
    attack: int | None = None
    masc: bool = False


@frozen
class RollWarning:
    """A roll the plotted path will need: where, why, the target number and the chance."""

    where: str
    reason: str
    target: int
    chance: int
    modifiers: tuple[tuple[str, int], ...] = ()
    words: str = ""
    """The whole line when the roll is no PSR
    (`engine.battletech.narrate.envwords.roll_warning`)."""

    @property
    def text(self) -> str:
        """E.g. "PSR 0805 water: 7+ (58%)"; "impossible" above 12."""
        if self.words:
            return self.words
        odds = "impossible" if self.target > 12 else f"{self.target}+ ({self.chance}%)"  # noqa: PLR2004
        if self.reason == "MASC":
            return f"MASC roll: {odds}, else both hips lock"  # BT-C-75
        return f"PSR {self.where} {self.reason}: {odds}"


@frozen
class Preview:
    """Where a plot leads if every roll succeeds, what it costs, and what it risks."""

    path: tuple[Hex, ...]
    """The hexes from the start to the end (turns in place repeat a hex)."""
    end: Hex
    facing: Facing
    prone: bool
    mp: int
    """MP spent this turn at the end of the plot (a jump: its Jump MP used)."""
    allowance: int
    rolls: tuple[RollWarning, ...] = ()
    ready: bool = True
    """False while a jump has no landing hex yet."""

    @property
    def left(self) -> int:
        """MP still unspent."""
        return max(self.allowance - self.mp, 0)


def _warnings(state: BTState, plan: Plan) -> tuple[RollWarning, ...]:
    unit = state.units[plan.unit]
    found = []
    for planned in plan.steps:
        if planned.crush or planned.collapse:  # BT-M-41 #4, BT-M-28: no roll saves it
            where, what = (
                planned.hex.label,
                "building collapses" if planned.crush else "bridge gives way",
            )
            tons = planned.crush or planned.collapse
            words = f"{where}: the {what} under {tons} t: the 'Mech falls"
            found.append(RollWarning(where, "collapse", 0, 0, words=words))
        for check in (*planned.before, *planned.after):
            where = _place(check, planned.hex)
            if words := roll_warning(check.reason, where):  # BT-M-39: ice 1D6, stuck landing
                found.append(RollWarning(where, check.reason, 0, 0, words=words))
                continue
            target = psr_target(unit, check)
            reason = SHORT_REASONS.get(check.reason, check.reason.replace("_", " "))
            found.append(RollWarning(where, reason, target, chance(target), check.modifiers))
    return tuple(found)


def _place(check: Check, where: Hex) -> str:
    spot = check.building_hex or check.fall_hex or where
    try:
        return spot.label
    except ValueError:
        return "?"


def preview(state: BTState, plot: Plot) -> Preview:
    """Ask the engine where a plot leads.

    Args:
        state: the game now.
        plot: the plot.

    Returns:
        The preview.

    Raises:
        IllegalCommand: the plot breaks a rule; the message names the step and why.
    """
    unit = state.units[plot.unit]
    if unit.hex is None:
        raise IllegalCommand("move/not_deployed", f"the {unit.name} is not on the map")
    try:
        return _preview(state, plot)
    except TypeError as error:  # an engine that moves 'Mechs only: say so, not a traceback
        if unit.is_mech:
            raise
        why = f"the {unit.name} cannot move in this version ({error})"
        raise IllegalCommand("move/kind", why) from error


def _preview(state: BTState, plot: Plot) -> Preview:
    unit = state.units[plot.unit]
    assert unit.hex is not None  # noqa: S101 - checked by the caller
    if plot.mode is MoveMode.JUMP:
        return _jump_preview(state, plot)
    rolls: tuple[RollWarning, ...] = ()
    if plot.masc:
        if why := masc.masc_reason(unit, plot.mode):
            raise IllegalCommand("move/masc", why)
        if unit.movement is None or not unit.movement.masc:  # BT-C-75: rolled before moving
            target = masc.masc_target(unit, state.turn)
            rolls = (RollWarning("", "MASC", target, chance(target)),)
    plan = plan_move(state, plot.unit, plot.mode, plot.steps, masc_on=plot.masc)
    movement = unit.movement
    start: tuple[Hex, ...] = movement.path[-1:] if movement and movement.path else (unit.hex,)
    path = (*start, *(s.hex for s in plan.steps))
    end, facing, prone = plan.end if plan.steps else (unit.hex, unit.facing, is_prone(unit))
    rolls += _warnings(state, plan)
    return Preview(path, end, facing, prone, plan.mp_spent, plan.allowance, rolls)


def _jump_preview(state: BTState, plot: Plot) -> Preview:
    unit = state.units[plot.unit]
    assert unit.hex is not None  # noqa: S101 - checked by the caller
    facing = plot.facing if plot.facing is not None else unit.facing
    if plot.target is None:
        # Check the unit can jump at all: a landing in its own hex says why not, if it cannot.
        reach = reachable(state, plot.unit, MoveMode.JUMP)
        if not reach:
            try:
                plan_jump(state, plot.unit, (), facing)
            except IllegalCommand as illegal:
                if illegal.code != "jump/empty":
                    raise
            raise IllegalCommand("jump/nowhere", "there is no free hex within jump range")
        top = max((r.mp for r in reach.values()), default=0)
        return Preview((unit.hex,), unit.hex, facing, is_prone(unit), 0, top, ready=False)
    path = jump_path(state, plot.unit, plot.target)
    plan = plan_jump(state, plot.unit, path or (plot.target,), facing)
    hexes = (unit.hex, *(path or (plot.target,)))
    return Preview(
        hexes,
        plot.target,
        facing,
        prone=False,
        mp=plan.mp_spent,
        allowance=plan.allowance,
        rolls=_warnings(state, plan),
    )


def with_step(state: BTState, plot: Plot, kind: StepKind) -> Plot:
    """Add one ground step, or refuse it with the engine's reason.

    A turn right after standing up changes the stand's free facing instead (BT-M-24.3).

    Raises:
        IllegalCommand: the step breaks a rule (the message names the step and why).
    """
    steps = plot.steps
    if kind in {StepKind.LEFT, StepKind.RIGHT} and steps and steps[-1].kind is StepKind.STAND:
        stand = steps[-1]
        current = stand.facing if stand.facing is not None else _facing_before(state, plot)
        turned = current.turn(-1 if kind is StepKind.LEFT else 1)
        new = attrs.evolve(plot, steps=(*steps[:-1], Step(StepKind.STAND, turned)))
    else:
        new = attrs.evolve(plot, steps=(*steps, Step(kind)))
    preview(state, new)
    return new


def _facing_before(state: BTState, plot: Plot) -> Facing:
    before = attrs.evolve(plot, steps=plot.steps[:-1])
    return preview(state, before).facing


def route_to(state: BTState, plot: Plot, where: Hex) -> Plot | None:
    """The cheapest ground route to ``where`` (any facing), as a plot; None when out of reach."""
    best = None
    for (hex_, _), reach in reachable(state, plot.unit, plot.mode, masc_on=plot.masc).items():
        if hex_ == where and (best is None or reach.mp < best.mp):
            best = reach
    if best is None:
        return None
    return attrs.evolve(plot, steps=best.steps)


def command_of(state: BTState, plot: Plot) -> BTCommand:
    """The command that carries out a plot.

    Raises:
        IllegalCommand: a jump without a landing hex, or without a path to it.
    """
    if plot.mode is MoveMode.JUMP:
        if plot.target is None:
            raise IllegalCommand("jump/no_target", "pick the landing hex first (cursor, Enter)")
        path = jump_path(state, plot.unit, plot.target)
        if path is None:
            preview(state, plot)  # raises the engine's reason
            raise IllegalCommand("jump/no_path", f"no jump path to {plot.target.label}")
        unit = state.units[plot.unit]
        facing = plot.facing if plot.facing is not None else unit.facing
        return Jump(plot.unit, path, facing, dfa=plot.attack)
    return Move(plot.unit, plot.mode, plot.steps, charge=plot.attack, masc=plot.masc)
