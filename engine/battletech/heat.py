"""Heat: generation, dissipation, the heat scale, shutdown and restart (BT-C-50..56).

SKELETON (issue 5): the signatures below are the contract the flow and the screen use; the bodies
are being written.
"""

from __future__ import annotations

from engine.battletech.context import Ctx
from engine.battletech.state import BTState, UnitState

__all__ = ["dissipation", "heat_phase", "weapon_heat"]


def weapon_heat(unit: UnitState, weapons: frozenset[int] | tuple[int, ...]) -> int:
    """BT-C-51: the heat firing ``weapons`` (equipment indexes) of ``unit`` makes."""
    raise NotImplementedError


def dissipation(state: BTState, unit: UnitState) -> int:
    """BT-C-52: heat dissipated this turn: working heat sinks plus the water bonus (at most 6)."""
    raise NotImplementedError


def heat_phase(ctx: Ctx) -> None:
    """BT-C-53..56: the Heat phase.

    Every 'Mech on the map records its heat (`HeatChanged` with its sources), then the
    heat-scale rolls: restart or shutdown (with the +3 PSR on shutting down), ammunition
    explosion, life-support damage to the pilot.
    """
    raise NotImplementedError
