"""Who must act now: BattleTech's seats are its sides, numbered as in `BTState.sides`.

- Deployment: the side whose deployment slot it is (one unit at a time, sides in turn).
- Initiative (BT-M-10): every side still in the game may give the roll, and may declare ammunition
  dumps before it (BT-C-58), so each of them is due.
- Movement and the two attack phases (BT-M-11): the side whose slot it is; during a unit's move,
  that unit's side. When every unit has moved, any side still in the game may end the phase.
- Resolving, Heat, End (inside one command) and a game that is over: nobody.
"""

from __future__ import annotations

from engine.battletech.flow import can_end_phase
from engine.battletech.state import BTState, Phase

__all__ = ["seats_to_act", "sides_in_game"]


def sides_in_game(state: BTState) -> frozenset[int]:
    """The sides with a unit that is not destroyed (those that roll initiative, BT-M-10)."""
    return frozenset(u.side for u in state.units if not u.destroyed)


def seats_to_act(state: BTState) -> frozenset[int]:
    """Return the sides due to act now (see the module's list); empty when the game is over."""
    if state.phase is Phase.OVER:
        return frozenset()
    if state.phase is Phase.INITIATIVE or can_end_phase(state):
        return sides_in_game(state)
    side = state.side_to_act
    return frozenset() if side is None else frozenset({side})
