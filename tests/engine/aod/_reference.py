"""A reference search for the AoD movement tests: the plain search `reachable_states` once was.

It walks `engine.aod.movement`'s own step rules (the ones `check_path` uses, with their reasons)
over (hex, altitude, stopped) states; the engine's fast search over numbered cells must agree.
"""

from __future__ import annotations

from engine.aod.geometry import Battlefield
from engine.aod.movement import (
    ALTITUDE_COST,
    Altitude,
    _altitude_problem,
    _end_problem,
    _Mover,
    _step_problem,
)
from engine.aod.units import SpeedMode
from engine.hexes import Facing, Hex

_State = tuple[Hex, bool, bool]
"""A search state: the hex, cruising or not, and whether the move has ended there."""


def _moves_from(mover: _Mover, state: _State, cost: int, budget: int) -> list[tuple[_State, int]]:
    """AOD-26.7: the states one step or one altitude change away, with their costs."""
    here, cruising, _ = state
    nexts: list[tuple[_State, int]] = []
    if cost < budget:
        for facing in Facing:
            why, stops = _step_problem(mover, here, cruising, facing)
            if not why:
                nexts.append(((here.neighbor(facing), cruising, stops), cost + 1))
    if (
        mover.unit.mode is SpeedMode.VTOL
        and cost + ALTITUDE_COST <= budget
        and not _altitude_problem(mover, here, cruising)
    ):
        nexts.append(((here, not cruising, False), cost + ALTITUDE_COST))
    return nexts


def reference_states(
    field: Battlefield, index: int, budget: int
) -> dict[tuple[Hex, Altitude], int]:
    """AOD-26.7: every (hex, altitude) unit ``index`` may end its move in, with its least cost.

    The start is included at cost 0 (a Move order may only rotate, AOD-8.1).
    """
    mover = _Mover.of(field, index)
    start: _State = (mover.unit.hex, mover.unit.cruising, False)
    best: dict[_State, int] = {start: 0}
    buckets: list[list[_State]] = [[] for _ in range(budget + 1)]
    buckets[0].append(start)
    for cost, bucket in enumerate(buckets):
        for state in bucket:
            if best[state] != cost or state[2]:
                continue  # settled cheaper already, or the move ended here
            for new, new_cost in _moves_from(mover, state, cost, budget):
                if new_cost < best.get(new, budget + 1):
                    best[new] = new_cost
                    buckets[new_cost].append(new)
    ends: dict[tuple[Hex, Altitude], int] = {}
    for (where, cruising, _), cost in best.items():
        key = (where, Altitude.CRUISING if cruising else Altitude.NOE)
        if cost < ends.get(key, budget + 1) and not _end_problem(mover, where, cruising):
            ends[key] = cost
    return ends
