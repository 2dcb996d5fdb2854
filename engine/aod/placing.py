"""Laying the terrain pool (AOD-5 step 6, AOD-26.10): the stage between first player and deployment.

When a scenario gives no fixed layout, the pieces the players contributed (AOD-5 step 4) lie in a
pool. The player to the left of the first player lays one, then play goes clockwise, until 4
pieces are on the board or the pool is empty. Each piece keeps 3 clear hexes from every other
piece, from the board edges and from the other players' deployment zones
(`engine.aod.terrain.placement_problem`). [DESIGN] A placer who cannot (or will not) lay a piece
passes, and the placing ends there: the seed gives no rule for a pool that no longer fits.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.aod.commands import EndTurn, PlaceTerrain
from engine.aod.context import AoDCode, Ctx, label, next_seat, require_stage
from engine.aod.data.scenario import MAX_TERRAIN
from engine.aod.events import DeployerChanged, PlacerChanged, TerrainPlaced
from engine.aod.state import AoDState, Stage
from engine.aod.terrain import EDGE_MARGIN, PIECE_SPACING, spacing_breach
from engine.game import Command, IllegalCommand
from engine.hexes import Hex

__all__ = ["GRID_STEP", "begin_placing", "place_terrain", "placements", "stop_placing"]

GRID_STEP = 3
"""`placements` lists anchors on every third column and row: a sample, every one legal."""


def _laid(state: AoDState) -> int:
    return len(state.terrain.features())


def begin_placing(ctx: Ctx) -> None:
    """After the first player is known: the pool's placing from his left, or deployment."""
    first = ctx.state.first if ctx.state.first is not None else 0
    if ctx.state.pool and _laid(ctx.state) < MAX_TERRAIN:
        count = len(ctx.state.setup.players)
        ctx.emit(PlacerChanged((first + 1) % count))
    else:
        ctx.emit(DeployerChanged(first))


def stop_placing(ctx: Ctx) -> None:
    """The placing ends: the first player deploys first (AOD-5 step 9)."""
    first = ctx.state.first if ctx.state.first is not None else 0
    ctx.emit(DeployerChanged(first))


def _piece_problem(state: AoDState, name: str, anchor: Hex, rotation: int) -> str | None:
    """AOD-5 step 6 / AOD-26.10: why the piece may not lie there, in words, or None."""
    piece = next(p for p in state.setup.pieces if p.name == name)
    board = state.terrain
    others = [("another piece", hexes) for hexes in board.features().values()]
    zones = [
        (f"{state.players[p]}'s deployment zone", state.setup.zone(p))
        for p in range(len(state.setup.players))
        if p != state.active
    ]
    covered = piece.place(anchor, rotation).covered
    breach = spacing_breach(covered, board.width, board.height, others, zones)
    if breach is None:
        return None
    if breach.rule == "off_board":
        return "it would reach off the board"
    if breach.rule == "near_edge" and breach.where is not None:
        return f"{breach.where.label} is within {EDGE_MARGIN} hexes of the board edge"
    return f"it would be {breach.gap} hexes from {breach.near}, and {PIECE_SPACING} are needed"


def place_terrain(ctx: Ctx, command: Command) -> None:
    """AOD-5 step 6: the placer lays one piece from the pool; the next player to the left."""
    assert isinstance(command, PlaceTerrain)  # noqa: S101 - dispatched by type
    state = ctx.state
    require_stage(state, Stage.TERRAIN)
    name = next((n for n in state.pool if n.casefold() == command.piece.casefold()), None)
    if name is None:  # AOD-5 step 6: a piece from the pool
        pool = ", ".join(sorted(set(state.pool)))
        raise IllegalCommand(
            AoDCode.NOT_IN_POOL, f"There is no {command.piece} in the pool (it holds {pool})."
        )
    problem = _piece_problem(state, name, command.anchor, command.rotation % 6)
    if problem is not None:  # AOD-26.10: 3 clear hexes from pieces, edges and other zones
        raise IllegalCommand(
            AoDCode.PLACEMENT, f"{name} cannot lie at {label(command.anchor)}: {problem}."
        )
    feature = max(state.terrain.features(), default=0) + 1
    player = state.active
    ctx.emit(TerrainPlaced(player, name, command.anchor, command.rotation % 6, feature))
    if not ctx.state.pool or _laid(ctx.state) >= MAX_TERRAIN:
        stop_placing(ctx)
        return
    following = next_seat(ctx.state, player, lambda _: True)
    ctx.emit(PlacerChanged(player if following is None else following))


def placements(state: AoDState) -> Iterator[Command]:
    """Legal placements on a grid of anchors (every `GRID_STEP` hexes), unturned, and passing."""
    yield EndTurn()
    board = state.terrain
    for name in sorted(set(state.pool)):
        for col in range(0, board.width, GRID_STEP):
            for row in range(0, board.height, GRID_STEP):
                anchor = Hex.from_offset(col, row)
                if _piece_problem(state, name, anchor, 0) is None:
                    yield PlaceTerrain(name, anchor)
