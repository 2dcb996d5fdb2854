"""Dystopian Wars: Concussion Charges fired at a mine during play (DW-18.6, DW-28.10).

Rules: DW-18.6 / DW-28.10 (a model ending its move 1-2 hexes from a mine, not in its hex, may
fire CC at it; CC hits a mine on 5-6; if the hits reach the mine's AD it is destroyed, otherwise
nothing happens and the hits are lost; squadron-mates in range may combine their CC or fire
separately; the worked example: CC 6 against a mine of AD 5 scores 4 hits and the mine
survives: `ordnance.sweep_mine`), DW-15.3 (CC loses 1 die per Hull Damage marker, minimum 1,
none with Shattered Defences, halved or none after a contact: `aux_fire.auxiliary_dice_of`),
DW-18.2 (never while submerged), DW-19.6 (a derelict does not fight), DW-19.3 (no attack after
a boarding is declared).

`sweep` checks a `SweepMine` (the models, one or squadron-mates combining, and the mine's hex)
and rolls it: `MineSwept` (`engine.dystopian.sweep_events`). `sweep_options` lists
the sweeps for `rules.legal_commands`: each model alone and, where two or more may, all of them
together.

[INTERP] A sweep is resolved when it is given (its dice fall at once: nothing else depends on
them, and a mine has no reaction); like a `Fire`, it ends the Movement segment first, so every
model has ended its move. Each model fires its CC once an activation: at a mine or, offensively,
at a diver (`aux_fire`), not both. Any mine may be swept, whoever laid it.
"""

from __future__ import annotations

from engine.dystopian import ordnance
from engine.dystopian.aux_fire import auxiliary_dice_of
from engine.dystopian.boarding import derelict_problem
from engine.dystopian.context import Ctx, DWCode, own_model, require_stage
from engine.dystopian.state import DWState, Stage
from engine.dystopian.sweep_events import MineSwept, SweepMine
from engine.game import IllegalCommand
from engine.hexes import Hex

__all__ = ["sweep", "sweep_options", "sweep_problem"]


def _model_problem(state: DWState, index: int, where: Hex) -> str:
    """DW-18.6: why model ``index`` cannot fire its CC at the mine in ``where`` now, or ""."""
    activation = state.activation
    if activation is None:
        return "No squadron is active: activate one."
    model = state.models[index]
    if model.squadron != activation.squadron or not model.on_board or model.hex is None:
        return f"{model.ident} is not in the active squadron."
    if model.markers.derelict:  # DW-19.6
        return derelict_problem("cc")
    if index in activation.swept or any(
        m == index and s == ordnance.Aux.CC.value for m, s, _ in activation.auxiliary
    ):
        return f"{model.ident} has fired its CC this activation."
    dice = auxiliary_dice_of(state, index, ordnance.Aux.CC)
    problem = ordnance.sweep_problem(model.hex.distance(where), level=model.level, cc=dice)
    return f"{model.ident}: {problem}" if problem else ""


def sweep_problem(state: DWState, indices: tuple[int, ...], where: Hex) -> str:
    """DW-18.6: why these models cannot fire their CC together at the mine in ``where``, or ""."""
    activation = state.activation
    if activation is None:
        return "No squadron is active: activate one."
    if activation.boardings:  # DW-19.3: shooting is declared before the boardings
        return "Attacks are declared before any boarding."
    if not indices or len(set(indices)) != len(indices):
        return "Name each model that fires its CC once."
    if not any(m.hex == where for m in state.mines):
        return f"There is no mine in {where.label}."
    return next((p for p in (_model_problem(state, n, where) for n in indices) if p), "")


def sweep(ctx: Ctx, command: SweepMine) -> None:
    """DW-18.6: roll the models' CC at the mine at 5-6; it is destroyed if the hits reach its AD."""
    require_stage(ctx.state, Stage.ACTIVATION)
    if ctx.state.activation is None:
        raise IllegalCommand(DWCode.NO_ACTIVATION, "No squadron is active: activate one.")
    indices = tuple(own_model(ctx.state, name) for name in command.models)
    problem = sweep_problem(ctx.state, indices, command.hex)
    if problem:
        raise IllegalCommand(DWCode.FIRE, problem)
    mine = next(m for m in ctx.state.mines if m.hex == command.hex)
    dice = sum(auxiliary_dice_of(ctx.state, n, ordnance.Aux.CC) for n in indices)
    result = ordnance.sweep_mine(ctx.dice, dice, mine.ad)
    roll = result.roll
    ctx.emit(
        MineSwept(
            indices, command.hex, mine.ad, roll.count, roll.faces, roll.hits, result.destroyed
        )
    )


def sweep_options(state: DWState) -> list[SweepMine]:
    """DW-18.6: each model alone at each mine in its reach, and all of them together."""
    activation = state.activation
    if activation is None or activation.boardings or not state.mines:
        return []
    found: list[SweepMine] = []
    for mine in state.mines:
        able = [
            n for n in state.alive(activation.squadron) if not _model_problem(state, n, mine.hex)
        ]
        names = [state.models[n].ident for n in able]
        found += [SweepMine((name,), mine.hex) for name in names]
        if len(names) > 1:
            found.append(SweepMine(tuple(names), mine.hex))
    return found
