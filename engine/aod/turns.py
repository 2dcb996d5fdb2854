"""The turn and its orders (AOD-7): the order pool, one order a unit, tokens, pushing, clean-up.

- `begin_turn`: the command stage (AOD-7.1): the orders (AOD-7.2) and the deployment-zone VP
  (AOD-22.2 #3); the round limit (AOD-26.16). Command-stage effects of earlier orders (artillery
  markers, AOD-13.4) go here.
- `order_unit`, `give_order`, `after_order`: what every order goes through, in this order: the
  guards (AOD-7.2, AOD-7.3), the token and the push test (AOD-7.4, AOD-7.5), and after the
  order's own effects its push cost and heat (AOD-7.5, AOD-10.2), then the end checks. A combat
  order's resolver runs between `give_order` and `after_order`.
- `finish_turn`: clean-up (AOD-7.6: heat, then tokens, then the player to the left).
- `check_end`, `end_game`: the end of the game and its scoring (AOD-22).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.aod.awe import awe_stage
from engine.aod.barrage import resolve_markers
from engine.aod.captives import captive_order_problem, escort_order_problem
from engine.aod.context import AoDCode, Ctx, next_seat, own_unit, require_no_spins, require_stage
from engine.aod.effects import change_heat, clean_up_heat, damage
from engine.aod.events import (
    GameEnded,
    HeatCause,
    OrderGiven,
    TokensRemoved,
    TurnBegan,
    TurnEnded,
)
from engine.aod.geometry import enemy_contacts, submerged
from engine.aod.orders import (
    IMPLEMENTED,
    allowed_orders,
    is_push,
    push_effect,
    tokens_after_cleanup,
)
from engine.aod.scoring import (
    final_scores,
    game_over_reason,
    judge,
    zone_points,
)
from engine.aod.state import AoDState, OrderKind, Stage
from engine.game import IllegalCommand

__all__ = [
    "after_order",
    "begin_turn",
    "check_end",
    "end_game",
    "end_turn_if_done",
    "finish_turn",
    "give_order",
    "order_unit",
    "orderable",
]


def begin_turn(ctx: Ctx, player: int) -> None:
    """AOD-7.1 command stage and AOD-7.2: the orders, and the deployment-zone VP (AOD-22.2 #3)."""
    state = ctx.state
    first = state.first if state.first is not None else 0
    count = len(state.setup.players)
    place = (player - first) % count
    previous = (state.active - first) % count
    new_round = state.turn == 0 or place <= previous
    number = state.round + 1 if new_round else state.round
    if number > state.setup.round_limit:  # AOD-26.16 / AOD-25 #28: the round limit
        end_game(ctx, f"the {state.setup.round_limit}-round limit was reached")
        return
    resolve_markers(ctx, player)  # AOD-7.1 / AOD-13.4: artillery placed last turn comes down
    if check_end(ctx):
        return
    state = ctx.state
    ctx.emit(
        TurnBegan(
            player,
            state.turn + 1,
            number,
            state.setup.orders,
            zone_points(state, player),
            _engaged(state, player),
        )
    )
    awe_stage(ctx, player)  # AOD-21.1: House Liao's Awe, rolled and picked


def _engaged(state: AoDState, player: int) -> tuple[int, ...]:
    """AOD-16.1: ``player``'s units touching an enemy as his turn begins."""
    field, indices = state.battlefield()
    return tuple(
        n
        for at, n in enumerate(indices)
        if state.units[n].owner == player and enemy_contacts(field, at)
    )


def finish_turn(ctx: Ctx) -> None:
    """AOD-7.6: orders left are lost; heat, then tokens; the player to the left is active."""
    state = ctx.state
    player = state.active
    ctx.emit(TurnEnded(player, state.orders_left))
    for index in state.owned(player):  # step 1: heat ([INTERP] AOD-25 #33: heat first)
        if ctx.state.units[index].on_board and ctx.state.definition(index).is_mech:
            clean_up_heat(ctx, index)
    for index in state.owned(player):  # step 2: tokens
        unit = ctx.state.units[index]
        if not unit.on_board:
            continue
        kept = tokens_after_cleanup(unit.tokens, unit.order, shutdown=unit.dial.shutdown)
        if kept != unit.tokens:
            ctx.emit(TokensRemoved(index, kept))
    if check_end(ctx):
        return
    following = next_seat(ctx.state, player, ctx.state.in_play)  # step 3: to the left
    if following is None:
        end_game(ctx, "no unit is left on the battlefield")
        return
    begin_turn(ctx, following)


def check_end(ctx: Ctx) -> bool:
    """AOD-22.1 item 1: end the game when at most one player has a functional unit."""
    if ctx.state.stage is Stage.OVER:
        return True
    reason = game_over_reason(ctx.state)
    if reason is None:
        return False
    end_game(ctx, reason)
    return True


def end_game(ctx: Ctx, reason: str) -> None:
    """AOD-22.2 / AOD-22.3: score the three conditions and name the winner."""
    ctx.emit(GameEnded(judge(final_scores(ctx.state), reason, ctx.dice)))


def _unit_context(state: AoDState, index: int) -> tuple[bool, bool]:
    """(in base contact with an enemy, submerged) for the order table (AOD-7.3)."""
    field, indices = state.battlefield()
    at = indices.index(index)
    return bool(enemy_contacts(field, at)), submerged(field.terrain, field.units[at])


def _allowed(state: AoDState, index: int) -> frozenset[OrderKind]:
    if state.units[index].captor is not None:  # AOD-14.4: a captive takes no order
        return frozenset()
    contact, under = _unit_context(state, index)
    kinds = allowed_orders(
        state.definition(index), state.units[index].dial, enemy_contact=contact, submerged=under
    )
    if state.captive_of(index) is not None:  # AOD-14.4: an escort moves only
        return kinds & {OrderKind.MOVE}
    return kinds


def orderable(state: AoDState, index: int) -> frozenset[OrderKind]:
    """The orders unit ``index`` may receive now, of those the engine resolves (AOD-7.2, 7.3)."""
    unit = state.units[index]
    if (
        state.stage is not Stage.ORDER
        or unit.owner != state.active
        or not unit.on_board
        or unit.order is not None
        or state.orders_left <= 0
    ):
        return frozenset()
    # asked for every unit of every listed formation: answered once per state
    return state.memo((orderable, index), lambda: _allowed(state, index) & IMPLEMENTED)


def order_unit(ctx: Ctx, ident: str, kind: OrderKind) -> int:
    """The guards every order passes (AOD-7.2, AOD-7.3), in order; the unit's index."""
    state = ctx.state
    require_stage(state, Stage.ORDER)
    require_no_spins(state)
    index = own_unit(state, ident)
    unit = state.units[index]
    if unit.aboard is not None and not unit.eliminated:  # AOD-9.2: passengers take no orders
        rider = f"{unit.ident} is aboard {state.units[unit.aboard].ident}"
        raise IllegalCommand(AoDCode.OFF_BOARD, f"{rider}: it cannot be given orders.")
    if not unit.on_board:
        raise IllegalCommand(AoDCode.OFF_BOARD, f"{unit.ident} is not on the battlefield.")
    if unit.order is not None:  # AOD-7.2: one order per unit per turn
        raise IllegalCommand(
            AoDCode.ORDERED, f"{unit.ident} has had its order this turn ({unit.order.value})."
        )
    if state.orders_left <= 0:  # AOD-7.2: build total / 150 orders a turn
        raise IllegalCommand(AoDCode.NO_ORDERS, "No orders are left this turn: end the turn.")
    if kind not in _allowed(state, index):  # AOD-7.3
        raise IllegalCommand(AoDCode.NOT_ALLOWED, _not_allowed(state, index, kind))
    return index


def _not_allowed(state: AoDState, index: int, kind: OrderKind) -> str:  # noqa: PLR0911 - a case a rule
    """The sentence for an order the table of AOD-7.3 forbids."""
    unit, printed = state.units[index], state.definition(index)
    if unit.captor is not None:
        return captive_order_problem(printed)
    if state.captive_of(index) is not None:
        return escort_order_problem(printed, kind.value)
    if unit.dial.shutdown and state.heavy_damage(index):
        return f"{unit.ident} is shut down and heavily damaged: it can take no order."
    if unit.dial.shutdown:
        return f"{unit.ident} is shut down: it can only vent."
    if state.heavy_damage(index):
        return f"{unit.ident} shows Heavy Damage: it can only move."
    if kind is OrderKind.VENT and not printed.is_mech:
        return f"Only 'Mechs vent; {unit.ident} is {printed.unit_type.value}."
    return f"{unit.ident} cannot take a {kind.value} order now."


def give_order(ctx: Ctx, index: int, kind: OrderKind) -> bool:
    """AOD-7.4 / AOD-7.5: count the order and place its token; whether it is a push."""
    unit = ctx.state.units[index]
    pushed = is_push(kind, unit.tokens)
    tokens = unit.tokens if kind is OrderKind.VENT or pushed else 1
    ctx.emit(OrderGiven(index, kind, pushed, tokens))
    return pushed


def after_order(ctx: Ctx, index: int, *, pushed: bool, heat: Sequence[HeatCause]) -> None:
    """AOD-7.5 / AOD-10.2: the push's cost and the order's heat, then the end-of-turn checks."""
    printed = ctx.state.definition(index)
    causes = list(heat)
    if pushed:
        effect = push_effect(printed)
        if effect.heat:
            causes.insert(0, HeatCause.PUSHED)
        if effect.clicks and ctx.state.units[index].on_board:  # its own attack may have ended it
            damage(ctx, index, effect.clicks, "pushed", by=None, tokens=2)
    if causes and printed.is_mech and ctx.state.units[index].on_board:
        change_heat(ctx, index, tuple(causes), len(causes))
    if not check_end(ctx):
        end_turn_if_done(ctx)


def end_turn_if_done(ctx: Ctx) -> None:
    """AOD-7.2: with no order left to give (and no free spin waiting), clean-up begins."""
    state = ctx.state
    if state.spins:
        return
    if state.orders_left <= 0 or not any(orderable(state, n) for n in state.owned(state.active)):
        finish_turn(ctx)
