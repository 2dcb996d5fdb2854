"""Dystopian Wars models that cross between land and sea (DW-11.7, DW-24).

Rules: DW-11.7 (the sea, rivers and lakes are impassable to land models; the Amphibious
Capability and Shallow Wader MARs change this), DW-24 Amphibious Capability (moves on land or
sea, at half its card MV at sea; a move across both in one activation uses the lower value,
8" land and 4" sea giving 4" in all; halve first, then the other adjustments), DW-24 Shallow
Wader (moves on land and water without penalty while it stays within 4" of a landmass), DW-28.3
(4" = 2 hexes), DW-28.4 (movement points from the modified MV).

Both MARs move in the terrain table's amphibious column (`terrain.Mode.AMPHIBIOUS`: it enters
what a land or a naval model could, `engine.dystopian.state.DWState.mover`); `crossing_problem`
adds the limits above to a model's move. Adopted readings [INTERP]: "at sea" is a hex only a
naval model may enter (open water, a reef); a "landmass" is a hex a naval model may not enter
(ground, hills, woods, swamps, sandbanks, mountains, buildings); the hexes of a move are every
hex it stands in, the start included, so a model leaving the sea moves at the sea's rate.
"""

from __future__ import annotations

from engine.dystopian.geometry import Level
from engine.dystopian.movement import Step, movement_points, walk
from engine.dystopian.state import DWState, card_mp_bonus
from engine.dystopian.terrain import Entry, Mode, TerrainKind, TerrainMap, entry_rule
from engine.hexes import Hex

__all__ = ["WADING_REACH", "at_sea", "crossing_problem", "landmass", "sea_mp"]

WADING_REACH = 2
"""DW-24 Shallow Wader / DW-28.3: within 4" (2 hexes) of a landmass."""


def at_sea(kind: TerrainKind) -> bool:
    """[INTERP] Terrain only a naval model may enter: the sea of DW-11.7 (water, reefs)."""
    land = entry_rule(kind, Mode.LAND).entry is Entry.ENTER
    return not land and entry_rule(kind, Mode.NAVAL).entry is Entry.ENTER


def landmass(kind: TerrainKind) -> bool:
    """[INTERP] Terrain a naval model may not enter: land of any kind (DW-24 Shallow Wader)."""
    return entry_rule(kind, Mode.NAVAL).entry is not Entry.ENTER


def _near_land(terrain: TerrainMap, where: Hex) -> bool:
    return any(
        cell is not None and landmass(cell.kind)
        for cell in (terrain.cell(h) for h in where.spiral(WADING_REACH))
    )


def sea_mp(state: DWState, index: int) -> int:
    """DW-24 Amphibious Capability: the hexes of a move that touches the sea: MV halved first."""
    card, markers = state.card(index), state.models[index].markers
    return movement_points(
        card.mv // 2, state.turn, engine_failure=markers.half_mv
    ) + card_mp_bonus(state, index)


def crossing_problem(
    state: DWState, index: int, steps: tuple[Step, ...], level: Level | None
) -> str:
    """Why this move breaks DW-24's Amphibious Capability or Shallow Wader limits, or "".

    Amphibious Capability: a move with any hex at sea makes at most `sea_mp` steps. Shallow
    Wader: every hex at sea is within 2 hexes of a landmass. Only surface moves are concerned.
    """
    card = state.card(index)
    amphibious, wader = card.has("amphibious_capability"), card.has("shallow_wader")
    model = state.models[index]
    if not (amphibious or wader) or (level or model.level) is not Level.SURFACE:
        return ""
    board, indices = state.board()
    path = walk(board, indices.index(index), state.mover(index), steps)
    terrain = state.setup.terrain
    sea = [h for h in path.hexes if (cell := terrain.cell(h)) is not None and at_sea(cell.kind)]
    if not sea:
        return ""
    if wader and any(not _near_land(terrain, h) for h in sea):
        return "A Shallow Wader stays within 2 hexes of a landmass."
    if amphibious and path.steps > sea_mp(state, index):
        limit = sea_mp(state, index)
        hexes = "1 hex" if limit == 1 else f"{limit} hexes"
        return f"At sea it moves at half its MV (Amphibious Capability): {hexes} at most."
    return ""
