"""Where a unit may end a move, searched once per state (AOD-26.7, AOD-8.9).

`reach` is `engine.aod.movement.reachable_states` on the state's battlefield, memoised on the
state (`AoDState.memo`): listing the legal commands asks for the same unit's walk, run, charge
and ram, and giving the order asks again. One search serves every allowance up to the largest
asked so far: the search settles each end at its least cost, and a path's cost only grows along
it, so the ends within a smaller allowance are the larger search's ends of no greater cost
(same keys, same costs, same order).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.aod.movement import Altitude, reachable_states
from engine.aod.state import AoDState
from engine.hexes import Hex

__all__ = ["Ends", "reach"]

Ends = Mapping[tuple[Hex, Altitude], int]
"""Each (hex, altitude) a move may end in, with its least cost."""


def reach(state: AoDState, index: int, budget: int) -> Ends:
    """Every (hex, altitude) unit ``index`` may end a move of ``budget`` in, with its least cost.

    The same answer as ``reachable_states(field, at, budget)`` on ``state.battlefield()``; do not
    change the mapping returned (it is shared by every later question about this state).
    """
    searched: dict[int, Ends] = state.memo((reach, index), dict)
    if budget in searched:
        return searched[budget]
    wider = min((b for b in searched if b > budget), default=None)
    if wider is not None:
        ends: Ends = {end: cost for end, cost in searched[wider].items() if cost <= budget}
    else:
        field, indices = state.battlefield()
        ends = reachable_states(field, indices.index(index), budget)
    searched[budget] = ends
    return ends
