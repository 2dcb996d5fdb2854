"""NT-4: when the nearest enemies are equally near, the moving side chooses who jitter-fires.

A stray roll's doubles (1,1) or (2,2) after the first shot of the night make the nearest enemy
fire in the dark (NT-4's DESIGN table). When two or more enemies the moving side knows of are
equally near, `engine.battletech.rules.night.stray` emits `JitterAsked` and the move waits
(``state.night.asking``): the only command then is `ChooseJitterFirer`, given by the moving
side (its seat is the one due). `choose` fires the chosen unit's jitter shot, walks the stray
on, and ends the move as the move would have (`engine.battletech.rules.flow`'s ``_move``/``_jump``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.battletech.nightcommands import ChooseJitterFirer
from engine.battletech.nightevents import JitterChosen
from engine.battletech.rules import night
from engine.game import IllegalCommand

if TYPE_CHECKING:
    from collections.abc import Callable

    from engine.battletech.commands import BTCommand
    from engine.battletech.context import Ctx
    from engine.battletech.nightstate import JitterQuestion
    from engine.battletech.state import BTState

__all__ = ["asked", "choices", "choose", "refuse_while_asking", "what_to_type"]


def asked(state: BTState) -> JitterQuestion | None:
    """The question waiting for the moving side (NT-4), or None."""
    return state.night.asking if state.night is not None else None


def choices(state: BTState) -> list[BTCommand]:
    """The commands that answer the question: one `ChooseJitterFirer` a candidate (or none)."""
    question = asked(state)
    if question is None:
        return []
    return [ChooseJitterFirer(unit) for unit in question.candidates]


def what_to_type(state: BTState, question: JitterQuestion) -> str:
    """The answers in the command language: "jitter 3 (Jenner JR7-D) or jitter 4 (Locust ...)"."""
    said = [f"jitter {u + 1} ({state.units[u].name})" for u in question.candidates]
    return ", ".join(said[:-1]) + " or " + said[-1] if len(said) > 1 else "".join(said)


def refuse_while_asking(state: BTState, command: BTCommand) -> None:
    """Refuse every command but the answer while the moving side must choose (NT-4).

    Raises:
        IllegalCommand: ``night/choose_first``, naming the answers.
    """
    question = asked(state)
    if question is None or isinstance(command, ChooseJitterFirer):
        return
    side = state.sides[state.units[question.unit].side]
    msg = (
        f"{side} must first choose which enemy fires in the dark (NT-4):"
        f" {what_to_type(state, question)}"
    )
    raise IllegalCommand("night/choose_first", msg)


def choose(ctx: Ctx, command: ChooseJitterFirer, finish: Callable[[Ctx, int], None]) -> None:
    """NT-4: the chosen enemy jitter-fires, the stray goes on, then the move ends or goes on.

    ``finish`` ends a unit's move (the flow's). The move goes on only when the stray met a
    friendly unit and MP are left (NT-3, `engine.battletech.rules.night.goes_on`); a jump's never.

    Raises:
        IllegalCommand: no question waits (``night/no_question``), or ``command.unit`` is not
            one of the equally near enemies (``night/not_nearest``).
    """
    state = ctx.state
    question = asked(state)
    if question is None:
        msg = "no jitter shot waits for a choice (NT-4: only after a stray roll's doubles)"
        raise IllegalCommand("night/no_question", msg)
    if command.unit not in question.candidates:
        who = (
            f"the {state.units[command.unit].name}"
            if 0 <= command.unit < len(state.units)
            else f"unit {command.unit + 1}"
        )
        msg = (
            f"{who} is not one of the equally near enemies: choose"
            f" {what_to_type(state, question)} (NT-4)"
        )
        raise IllegalCommand("night/not_nearest", msg)
    ctx.emit(JitterChosen(question.unit, command.unit, question.distance))
    night.jitter_fire(ctx, command.unit, moving=False)
    night.stray_walk(ctx, question.unit, question.direction)
    if night.goes_on(ctx.state, question.unit, question.allowance):
        return  # NT-3: it met a friendly unit and may finish its move normally: still active
    finish(ctx, question.unit)
