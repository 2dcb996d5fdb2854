"""The orders only some unit kinds give, on top of the bot's ranking (issue 21).

`engine.battletech.bot.decide` asks these instead of the plain movement and fire choices:

- `choose_mover`: a carrier that wants to take a platoon aboard moves before it (a platoon that
  has moved may not be loaded, `bot.transport`); else the ranking's slowest-first order;
- `choose_move`: a carrier loads (`bot.transport.choose_load`); else the ranking's best move
  (`bot.movement.choose_move`), turned into a ram when a ground vehicle's ram is worth more
  (`bot.ram`), or a platoon's or squad's move next to an enemy 'Mech to swarm it or attack its
  legs (`bot.antimech.choose_close_in`); a carrier's passengers set down where its move ends
  when it is time (`bot.transport`);
- `choose_fire`: a platoon's or squad's anti-'Mech attack when it is worth more than its volley
  (`bot.antimech`, BT-C-35.8..35.10); a swarmed 'Mech keeps an arm's weapons back to brush the
  swarmer off with it when that is worth more (`bot.antimech.keep_an_arm_free`).

(A swarmed 'Mech's brush-off is weighed among its physical attacks, `bot.physical`.)
"""

from __future__ import annotations

from engine.battletech.bot import movement
from engine.battletech.bot.antimech import (
    choose_close_in,
    choose_weapon_attack,
    keep_an_arm_free,
)
from engine.battletech.bot.evaluate import Weights
from engine.battletech.bot.ram import choose_ram
from engine.battletech.bot.reasons import Decision
from engine.battletech.bot.transport import choose_load, loader, with_unload
from engine.battletech.rules.flow import pending
from engine.battletech.state import BTState

__all__ = ["choose_fire", "choose_move", "choose_mover"]


def choose_mover(state: BTState, side: int) -> int | None:
    """The unit to move next (see the module docstring)."""
    waiting = pending(state, side)
    first = loader(state, side, waiting)
    return first if first is not None else movement.choose_mover(state, side)


def choose_move(state: BTState, index: int, weights: Weights) -> Decision:
    """The move of unit ``index``: a load, a ram, an unload, or the ranking's best move."""
    load = choose_load(state, index)
    if load is not None:
        return load
    best = movement.choose_move(state, index, weights)
    best = choose_ram(state, index, weights, best)
    best = choose_close_in(state, index, weights, best)
    return with_unload(state, index, best)


def choose_fire(state: BTState, index: int, weights: Weights) -> Decision:
    """The Weapon Attack declaration of unit ``index`` (an anti-'Mech attack among them)."""
    decision = choose_weapon_attack(state, index, weights)
    return keep_an_arm_free(state, index, decision, weights)
