"""Dystopian Wars Sharpshooters (DW-24): a snipe costing a model 1 AP, as a command and an event.

Rule (DW-24's table): at any point of its activation, in addition to other attacks, a model with
Sharpshooters may snipe one model within 4" (2 hexes, DW-28.3), not a robot, a submerged or an
obscured model. It rolls 1D6: on 5-6 the target loses 1 AP (DW-5 Assault Damage).

`Snipe` names the sniper and its target; it is rolled at once and `Sniped` records the die. The
snipe is kept with the activation's Panic Dive and Swift Ascent rolls (`Activation.level_mars`,
as ``(model, "sharpshooters")``), so a model snipes once per activation.

Adopted readings [INTERP]: the target is an enemy model on the table ("one model": like any
attack, at the enemy); LoS is not traced (the digest names only the distance); the snipe does not
end the Movement segment (it is "in addition to other attacks", at any point); a target with no
AP left loses nothing more. A derelict sniper (DW-19.6) does not snipe.
"""

from __future__ import annotations

from typing import Final

from engine.dystopian.context import Ctx, DWCode, own_model, require_stage
from engine.dystopian.dice import roll_d6
from engine.dystopian.geometry import Level
from engine.dystopian.models import ModelType
from engine.dystopian.snipe_commands import SHARPSHOOTERS, Snipe, Sniped
from engine.dystopian.state import DWState, Stage
from engine.game import Command, IllegalCommand

__all__ = ["SNIPE_NEED", "SNIPE_REACH", "resolve_snipe", "snipe_options", "snipe_problem"]

SNIPE_REACH: Final = 2
"""DW-24 / DW-28.3: 4" = 2 hexes."""
SNIPE_NEED: Final = 5
"""DW-24: the target loses 1 AP on 5-6."""


def snipe_problem(state: DWState, index: int, target: int) -> str:  # noqa: PLR0911 - one guard per rule
    """DW-24 Sharpshooters: why model ``index`` cannot snipe ``target`` now, or ""."""
    activation = state.activation
    if activation is None:
        return "No squadron is active: activate one."
    model, enemy = state.models[index], state.models[target]
    if model.squadron != activation.squadron or not model.on_board:
        return f"{model.ident} is not in the active squadron."
    if not state.card(index).has(SHARPSHOOTERS):
        return f"{model.ident} has no Sharpshooters."
    if model.markers.derelict:
        return f"{model.ident} is derelict: it does not snipe."
    if (index, SHARPSHOOTERS) in activation.level_mars:
        return f"{model.ident} has sniped this activation."
    if enemy.owner == model.owner or not enemy.on_board:
        return "Sharpshooters snipe enemy models on the table."
    if state.card(target).type is ModelType.ROBOT:
        return "Sharpshooters cannot snipe a robot."
    if enemy.level in {Level.SUBMERGED, Level.OBSCURED}:
        return "Sharpshooters cannot snipe a submerged or obscured model."
    if model.hex is None or enemy.hex is None or model.hex.distance(enemy.hex) > SNIPE_REACH:
        return f"Sharpshooters reach only {SNIPE_REACH} hexes."
    return ""


def snipe_options(state: DWState) -> list[Snipe]:
    """DW-24: every snipe the active squadron may make now."""
    activation = state.activation
    if activation is None or state.stage is not Stage.ACTIVATION:
        return []
    found: list[Snipe] = []
    for index in state.alive(activation.squadron):
        if not state.card(index).has(SHARPSHOOTERS):
            continue
        found += [
            Snipe(state.models[index].ident, enemy.ident)
            for target, enemy in enumerate(state.models)
            if not snipe_problem(state, index, target)
        ]
    return found


def resolve_snipe(ctx: Ctx, command: Command) -> None:
    """DW-24 Sharpshooters: 1D6 at once, on 5-6 the target loses 1 AP (none if it has none)."""
    assert isinstance(command, Snipe)  # noqa: S101 - dispatched by type
    require_stage(ctx.state, Stage.ACTIVATION)
    index = own_model(ctx.state, command.model)
    target = ctx.state.index_of(command.target)
    if target is None:
        raise IllegalCommand(DWCode.UNKNOWN_MODEL, f"There is no model {command.target}.")
    problem = snipe_problem(ctx.state, index, target)
    if problem:
        raise IllegalCommand(DWCode.FIRE, problem)
    face = roll_d6(ctx.dice).face
    aimed = ctx.state.models[target]
    left = ctx.state.card(target).ap - aimed.markers.assault_damage
    ctx.emit(Sniped(index, target, face, int(face >= SNIPE_NEED and left > 0)))
