"""Which heat sinks still work when some are switched off (BT-C-52; `rules.sinks`).

DESIGN: which sinks go off does not matter on land; in water the ones that cool least go first:
the engine's own sinks, then the mounted ones with the leg sinks (under Depth 1 water) last.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.battletech.designs.mech import Location
    from engine.battletech.state import UnitState

__all__ = ["switched_on"]


def switched_on(
    unit: UnitState, engine: int, mounted: list[tuple[Location, int]]
) -> tuple[int, list[tuple[Location, int]]]:
    """The working sinks still on: ``unit.sinks_off`` of them off, engine sinks first (DESIGN)."""
    off = unit.mech.sinks_off
    if off <= 0:
        return engine, mounted
    per = 2 if unit.mech_design.double_heat_sinks else 1
    engine_sinks = engine // per
    taken = min(off, engine_sinks)
    engine -= taken * per
    off -= taken
    ordered = sorted(mounted, key=lambda item: item[0].is_leg)  # stable: legs last
    return engine, ordered[off:]
