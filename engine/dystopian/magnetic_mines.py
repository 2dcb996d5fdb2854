"""Dystopian Wars Magnetic Mines: the End Phase move of a layer's mines (DW-24, DW-7.3 step 2).

Rules: DW-24 Magnetic Mines (in the End Phase, each mine of a model with the MAR moves up to 2"
= 1 hex, DW-28.10; moved into trigger range of a model, that is into its hex, it goes off; the
mines are resolved one by one; none moves once its layer is lost), DW-7.3 step 2 (the move is
part of the mandatory End Phase actions), DW-18.6 (the blast and its chain: `mine_fire.blast`).

`MineMoved` (`engine.dystopian.mine_commands`) records one move; `magnetic_step` is the End
Phase step (`turns.END_PHASE`).

[INTERP] The move is made for the owner, without a choice: each mine (in the order laid) steps
into the hex of the nearest enemy surface or submerged model beside it, which sets it off; else
one hex toward that model (the nearest such hex first, then the lowest label), never into a
friendly model, another mine or off the table; with no enemy model on the table it stays.
"""

from __future__ import annotations

from engine.dystopian.context import Ctx
from engine.dystopian.mine_commands import MineMoved
from engine.dystopian.mine_fire import blast
from engine.dystopian.state import DWState
from engine.hexes import Facing, Hex

__all__ = ["MAGNETIC_MINES", "magnetic_step", "magnetic_target"]

MAGNETIC_MINES = "magnetic_mines"
"""The MAR's id in the catalogue (DW-24)."""


def magnetic_target(state: DWState, where: Hex) -> Hex | None:
    """DW-24: where the magnetic mine in ``where`` moves (1 hex), or None if it stays."""
    mine = next((m for m in state.mines if m.hex == where), None)
    if mine is None:
        return None
    layer = state.models[mine.layer]
    if not layer.on_board or not state.card(mine.layer).has(MAGNETIC_MINES):
        return None  # DW-24: it stops if the layer is lost
    enemies = [
        m.hex
        for m in state.models
        if m.on_board and m.hex is not None and m.owner != mine.owner and not m.level.airborne
    ]
    if not enemies:
        return None
    friends = {
        m.hex for m in state.models if m.on_board and m.owner == mine.owner and not m.level.airborne
    }
    mines = {m.hex for m in state.mines}
    terrain = state.setup.terrain
    steps = [
        h
        for h in (where.neighbor(f) for f in Facing)
        if terrain.on_board(h) and h not in friends and h not in mines
    ]
    if not steps:
        return None

    def nearest(h: Hex) -> int:
        return min(h.distance(e) for e in enemies)

    best = min(steps, key=lambda h: (nearest(h), h.label))
    return best if nearest(best) < nearest(where) else None


def magnetic_step(ctx: Ctx) -> None:
    """DW-24 / DW-7.3 step 2: each magnetic mine moves; into a model's hex it goes off."""
    for mine in ctx.state.mines:
        state = ctx.state
        if mine not in state.mines:
            continue  # a chain set it off already
        end = magnetic_target(state, mine.hex)
        if end is None:
            continue
        ctx.emit(MineMoved(mine.hex, end))
        if any(m.on_board and m.hex == end and not m.level.airborne for m in ctx.state.models):
            blast(ctx, end)  # DW-24: moved into trigger range, it goes off
