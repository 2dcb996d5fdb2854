"""Who must act now: BattleTech's seats are its sides, numbered as in `BTState.sides`.

- Deployment: the side whose deployment slot it is (one unit at a time, sides in turn).
- Initiative (BT-M-10): every side still in the game may give the roll, and may declare ammunition
  dumps before it (BT-C-58), so each of them is due.
- Movement and the two attack phases (BT-M-11): the side whose slot it is; during a unit's move,
  that unit's side. When every unit has moved, any side still in the game may end the phase.
- Resolving, Heat, End (inside one command) and a game that is over: nobody.

When several sides are due, `has_own_choice` says whether a side has something of its own to do
there, beyond the command any of them may give (the roll, the end of the phase): a computer facing
a person gives that shared command itself when the person has nothing left to choose.
"""

from __future__ import annotations

from engine.battletech.rules.flow import can_end_phase
from engine.battletech.state import BTState, Phase

__all__ = ["has_own_choice", "seats_to_act", "sides_in_game"]


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


def has_own_choice(state: BTState, side: int) -> bool:
    """Whether ``side``, due now, may give a command of its own and not only the shared one.

    At initiative a side may declare ammunition dumps before the roll (BT-C-58): it has a choice
    while one of its units on the map has a loaded bin not already being dumped. When every unit
    has moved, ending the phase is all anyone may do (BT-M-11): no choice. A side alone to act
    (deployment, a unit's slot) always has its own choice.
    """
    if state.phase is Phase.INITIATIVE:
        return any(
            shots > 0 and item not in unit.dumping
            for unit in state.units
            if unit.side == side and unit.on_map
            for item, shots in enumerate(unit.ammo)
        )
    if can_end_phase(state):
        return False
    return side in seats_to_act(state)
