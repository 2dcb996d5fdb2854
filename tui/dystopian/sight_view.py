"""The line of sight the DW board draws from a model to a target: `Sighting`, `sight_to`.

DW-28.8: the engine traces the line twice (`engine.dystopian.los.line_of_sight`); neither
blocked is clear sight, one blocked partial (half AD), both no sight. The board draws the
kernel's line between the two hex centres as its path overlay, struck through (``path-blocked``)
when there is no sight; `sight_words` says which, why, how far and in which band (DW-28.7) for
the hex line. Camouflage areas (DW-28.10) are left to the fire preview, which knows them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import frozen

from engine.dystopian.geometry import range_band
from engine.dystopian.los import Sight, line_of_sight
from engine.hexes import line

if TYPE_CHECKING:
    from engine.dystopian.state import DWState
    from engine.hexes import Hex

__all__ = ["Sighting", "sight_to", "sight_words"]


@frozen
class Sighting:
    """A traced line of sight from a model to a model (DW-28.8)."""

    shooter: int
    target: int
    path: tuple[Hex, ...]
    """The hexes of the line between the two centres, the shooter's first."""
    sight: Sight
    reason: str
    """Why the line is blocked or partial, or ""."""

    @property
    def blocked(self) -> bool:
        """No sight: both traced lines are blocked."""
        return self.sight is Sight.BLOCKED


def sight_to(state: DWState, shooter: int, where: Hex | None) -> Sighting | None:
    """Trace the sight from model ``shooter`` to the model in ``where`` (an enemy first).

    Returns:
        The sighting, or None when either hex holds no model on the board (or they are one).
    """
    model = state.models[shooter]
    if where is None or model.hex is None or where == model.hex:
        return None
    board, indices = state.board()
    there = [n for n in indices if state.models[n].hex == where]
    if not there:
        return None
    target = next((n for n in there if state.models[n].owner != model.owner), there[0])
    traced = line_of_sight(board, indices.index(shooter), indices.index(target))
    path = tuple(line(model.hex, where))
    return Sighting(shooter, target, path, traced.sight, traced.reason)


def sight_words(state: DWState, sighting: Sighting) -> str:
    """The sighting for the hex line: "LoS to CR-4: partial (half AD), 7 hexes RB2. Why"."""
    b = state.models[sighting.target]
    distance = len(sighting.path) - 1
    band = range_band(distance)
    where = f"{distance} hex{'es' * (distance != 1)} " + (
        f"RB{int(band)}" if band is not None else "out of range"
    )
    sight = {
        Sight.CLEAR: "clear",
        Sight.PARTIAL: "partial (half AD)",
        Sight.BLOCKED: "blocked",
    }[sighting.sight]
    why = f" {sighting.reason}" if sighting.reason else ""
    return f"LoS to {b.ident}: {sight}, {where}.{why}"
