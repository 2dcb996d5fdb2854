"""House Liao *Awe* in the turn machine (AOD-21.1, AOD-7.1): the pick and the roll.

AOD-21.1: at the start of his command stage a player whose force may use *Awe* picks one
opponent; at the start of that opponent's next turn he rolls 1d6 per full 450 points of his build
total, and each 6 costs that opponent 1 order this turn. *Awe* is usable only if at least half
the build total was spent on elite House Liao units (`awe_player`).

`awe_stage` is what `engine.aod.turns.begin_turn` calls once the turn's orders are counted
(`engine.aod.events.TurnBegan`): first the rolls of every pick against this player
(`engine.aod.events.AweRolled`, its dice kept in the event), then this player's own pick
(`engine.aod.events.AweDeclared`).

[DESIGN] The pick is made for the player: it costs nothing and can only help, so the engine
always makes it, on the next opponent to his left still in play (the one whose turn comes next,
so the roll falls on the very next turn). With two players that is the only opponent, the rule
exactly; with three or four it is a fixed choice where the seed lets the player choose.
"""

from __future__ import annotations

from engine.aod.context import Ctx, next_seat
from engine.aod.events import AweDeclared, AweRolled
from engine.aod.factions import AWE_SUCCESS, has
from engine.aod.force import awe_dice
from engine.aod.state import AoDState
from engine.aod.units import Rank

__all__ = ["awe_player", "awe_stage"]


def awe_player(state: AoDState, player: int) -> bool:
    """AOD-21.1: ``player`` may use *Awe*: half his build total in elite units that have it.

    Elite units of a faction with the *Awe* ability (House Liao) count with their point value,
    cards included (AOD-4); at least one die (a full 450 points of build total) is needed.
    """
    setup = state.setup
    catalogue = setup.catalogue()
    defs = {unit.collector: unit for unit in setup.units}
    elite = sum(
        unit.points
        for unit in setup.players[player].force
        if defs[unit.collector].rank is Rank.ELITE and has(defs[unit.collector], "awe", catalogue)
    )
    return elite > 0 and 2 * elite >= setup.build_total and awe_dice(setup.build_total) >= 1


def awe_stage(ctx: Ctx, player: int) -> None:
    """AOD-21.1 / AOD-7.1: the *Awe* rolls against ``player``, then ``player``'s own pick."""
    for liao, opponent in ctx.state.awe:
        if opponent != player:
            continue
        rolled = tuple(ctx.dice.roll(awe_dice(ctx.state.setup.build_total)))
        sixes = sum(1 for die in rolled if die == AWE_SUCCESS)
        ctx.emit(AweRolled(liao, player, rolled, min(sixes, ctx.state.orders_left)))
    state = ctx.state
    if not awe_player(state, player):
        return
    picked = next_seat(state, player, lambda p: p != player and state.in_play(p))
    if picked is not None:
        ctx.emit(AweDeclared(player, picked))
