"""Dystopian Wars Minefields: mines laid after both fleets deploy (DW-24, DW-22.8, DW-28.10).

Rules: DW-24 Minefields (for each model with the MAR, 5 mines of 5 AD anywhere within 12" of
the table's centre line, after both fleets deploy, none within 4" of any model, token or mine:
within 6 rows of the centre line and 2 hexes apart, `terrain.minefield_problem`), DW-22.8 step 5
("minefields are placed after both fleets deploy"), DW-18.6 (the mines then act as any mine: they
go off when a model enters their hex; CC may sweep them).

`lay_minefields` is called when the last model is deployed, before the first turn begins; one
`MinefieldLaid` (`engine.dystopian.mine_commands`) records each layer's mines.

[INTERP] The mines are placed for the owner, without a choice: on open water, each in turn on
the free hex nearest an enemy model (then the lowest label), so the field lies across the
enemy's way. The mines are armed from the first activation (laid in turn 0).
"""

from __future__ import annotations

from typing import Final

from engine.dystopian.context import Ctx
from engine.dystopian.mine_commands import MinefieldLaid
from engine.dystopian.state import DWState, MineToken
from engine.dystopian.terrain import TerrainKind, minefield_problem
from engine.hexes import Hex

__all__ = ["MINEFIELDS", "MINEFIELD_AD", "MINEFIELD_COUNT", "lay_minefields", "minefield_hexes"]

MINEFIELDS: Final = "minefields"
"""The MAR's id in the catalogue (DW-24)."""
MINEFIELD_AD: Final = 5
"""DW-24: each mine of a minefield has 5 AD."""
MINEFIELD_COUNT: Final = 5
"""DW-24: 5 mines for each model with the MAR."""


def minefield_hexes(state: DWState, index: int, taken: tuple[Hex, ...]) -> tuple[Hex, ...]:
    """DW-24 / DW-28.10: where model ``index``'s 5 mines go, apart from ``taken`` and each other."""
    terrain = state.setup.terrain
    owner = state.models[index].owner
    pieces = tuple(m.hex for m in state.models if m.on_board and m.hex is not None)
    enemies = [m.hex for m in state.models if m.on_board and m.hex is not None and m.owner != owner]
    water = [
        Hex.from_offset(col, row)
        for col in range(terrain.width)
        for row in range(terrain.height)
        if terrain[Hex.from_offset(col, row)].kind is TerrainKind.WATER
    ]

    def rank(where: Hex) -> tuple[int, str]:
        near = min((where.distance(e) for e in enemies), default=0)
        return near, where.label

    chosen: list[Hex] = []
    for where in sorted(water, key=rank):
        if len(chosen) == MINEFIELD_COUNT:
            break
        if not minefield_problem(terrain, where, (*pieces, *taken, *chosen)):
            chosen.append(where)
    return tuple(chosen)


def lay_minefields(ctx: Ctx) -> None:
    """DW-24 / DW-22.8 step 5: each Minefields model's mines, after both fleets deploy."""
    for index, model in enumerate(ctx.state.models):
        state = ctx.state
        if not model.on_board or not state.card(index).has(MINEFIELDS):
            continue
        taken = tuple(m.hex for m in state.mines)
        where = minefield_hexes(state, index, taken)
        if where:
            owner = model.owner
            mines = tuple(MineToken(h, MINEFIELD_AD, owner, index, 0, -1) for h in where)
            ctx.emit(MinefieldLaid(index, mines))
