"""Dystopian Wars victory: Victory Points, Field Orders and the victory levels (DW-22.4, DW-22.5).

- `victory_points`: what a player scores from the enemy fleet (DW-22.5): a lost model (destroyed,
  off the table or captured, a derelict) its full cost (a prize still held, double), a model
  damaged to half its starting HP or less (rounded down) half its cost, +X for a Strategic
  Objective (X) model lost; escorts (and tiny flyers) never score.
- `order_met`: whether a player's Field Order is fulfilled (DW-22.4). [INTERP] Orders 3 and 5
  ("50% of the MFV in VP, Medium / Small models included") need 50% of the enemy MFV in VP from
  lost models, at least one of them of that size class.
- `judge`: the result: a fulfilled order is a Crushing Triumph; otherwise the VP margin gives
  Crushing (50% more), Resounding (30%), Marginal (10%) or a Draw.
- `turns_played`: why a fixed game ends (DW-22.6), "the 1 turn has been played" or "the 6 turns
  have been played"; `told_reason` mends the words of games recorded before the singular.
"""

from __future__ import annotations

from engine.dystopian.models import Size
from engine.dystopian.state import (
    PLAYERS,
    DWState,
    FieldOrder,
    ModelState,
    Result,
    VictoryLevel,
)

__all__ = [
    "MARGINS",
    "judge",
    "order_met",
    "told_reason",
    "turns_played",
    "victory_level",
    "victory_points",
]

MARGINS = ((50, VictoryLevel.CRUSHING), (30, VictoryLevel.RESOUNDING), (10, VictoryLevel.MARGINAL))
"""DW-22.5: per cent more VP than the opponent for each victory level, best first."""
_ONE_TURN_BEFORE = "the 1 turns have been played"
"""How a one-turn fixed game's end was worded before `turns_played` (recorded in saves)."""


def turns_played(turns: int) -> str:
    """DW-22.6: the reason a fixed game of ``turns`` turns ends, singular or plural."""
    return (
        f"the {turns} turn has been played" if turns == 1 else f"the {turns} turns have been played"
    )


def told_reason(reason: str) -> str:
    """A recorded game-end reason as the log tells it (an old "the 1 turns" in the singular)."""
    return turns_played(1) if reason == _ONE_TURN_BEFORE else reason


def _enemy(player: int) -> int:
    return (player + 1) % PLAYERS


def _objective(state: DWState, index: int) -> int:
    return next(
        (ref.value or 0 for ref in state.card(index).mars if ref.id == "strategic_objective"), 0
    )


def _gone(model: ModelState) -> bool:
    """DW-22.5: lost: destroyed, off the table, or captured (a derelict, DW-19.6)."""
    return model.lost or model.markers.derelict


def _prize(model: ModelState) -> int:
    """DW-22.5 / DW-19.5: a prize still held at the end scores double; a destroyed one does not."""
    return 2 if model.markers.prize and not model.lost else 1


def victory_points(state: DWState, player: int) -> int:
    """DW-22.5: the VP ``player`` scores from the other fleet."""
    total = 0
    for index, model in enumerate(state.models):
        if model.owner == player or model.escort:
            continue
        if _gone(model):
            total += model.points * _prize(model) + _objective(state, index)
        elif model.hex is not None and model.hull_damage * 2 >= state.card(index).hp:
            total += model.points // 2
    return total


def _lost_points(state: DWState, player: int) -> tuple[int, set[Size]]:
    """VP from enemy models lost (no half-damage VP) and the size classes among them."""
    points, sizes = 0, set()
    for index, model in enumerate(state.models):
        if model.owner != player and _gone(model) and not model.escort:
            points += model.points * _prize(model) + _objective(state, index)
            sizes.add(state.card(index).size)
    return points, sizes


def order_met(state: DWState, player: int) -> bool:  # noqa: PLR0911 - one case an order
    """DW-22.4: whether ``player`` has fulfilled their Field Order against the other fleet."""
    if not state.orders:
        return False
    order = state.orders[player]
    enemy = _enemy(player)
    mfv = state.setup.players[enemy].fleet.mfv
    theirs = [n for n, m in enumerate(state.models) if m.owner == enemy]
    points, sizes = _lost_points(state, player)
    if order in (FieldOrder.DEFAULT, FieldOrder.SEVENTY):
        return points * 100 >= 70 * mfv
    if order is FieldOrder.LARGE:
        big = [n for n in theirs if state.card(n).size.is_large]
        return bool(big) and all(state.models[n].lost for n in big)
    if order is FieldOrder.HALF_MEDIUM:
        return points * 2 >= mfv and Size.MEDIUM in sizes
    if order is FieldOrder.HALF_SMALL:
        return points * 2 >= mfv and Size.SMALL in sizes
    if order is FieldOrder.BASE_FORCE:
        domain = state.setup.players[enemy].fleet.base_force.domain
        core = [n for n in theirs if state.card(n).domain is domain]
        return bool(core) and all(_gone(state.models[n]) for n in core)
    flagship = [n for n in theirs if state.models[n].commodore]
    return bool(flagship) and all(_gone(state.models[n]) for n in flagship)


def victory_level(mine: int, theirs: int) -> VictoryLevel:
    """DW-22.5: the level ``mine`` VP earn against ``theirs`` (DRAW when it earns none)."""
    for margin, level in MARGINS:
        if mine > 0 and mine * 100 >= theirs * (100 + margin):
            return level
    return VictoryLevel.DRAW


def judge(state: DWState, reason: str) -> Result:
    """DW-22.4 / DW-22.5: the result now: orders first, then the VP margin."""
    vp = tuple(victory_points(state, p) for p in range(PLAYERS))
    met = tuple(order_met(state, p) for p in range(PLAYERS))
    if met[0] != met[1]:
        return Result(reason, vp, met, met.index(True), VictoryLevel.CRUSHING)
    for player in range(PLAYERS):
        level = victory_level(vp[player], vp[_enemy(player)])
        if level is not VictoryLevel.DRAW:
            return Result(reason, vp, met, player, level)
    return Result(reason, vp, met, None, VictoryLevel.DRAW)
