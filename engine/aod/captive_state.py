"""Captives and escorts in the turn machine: the pair's Move order and the escort's loss.

Rules: AOD-14.4 (an escort moves only, with its captive; a captured 'Mech never moves; the pair
moves at the lower speed over hexes legal for both; the escort's elimination frees the captive,
or eliminates it where it cannot stand, scored by the capturing player), AOD-26.7 (the captive
is set down next to the escort's final hex). The rules themselves are `engine.aod.captives`';
who is whose captive is `engine.aod.state.UnitState.captor`, set by
`engine.aod.events.UnitCaptured` (`engine.aod.close_order`) and cleared by
`engine.aod.events.CaptiveFreed`.

- `plan_pair`: for an escort's Move order, the cost of reaching its end hex and where the captive
  goes ([DESIGN] the first free hex in map order; it keeps its facing; the path is the engine's).
- `carry_captive`: after the escort moved, set its captive down.
- `escort_lost`: when an escort is eliminated (`engine.aod.effects.record_damage` calls it).
- `escort_destinations`: the escort's legal Move orders, for `legal_commands`.
- `withdrawing`, `escorts_gone`: a withdrawal (AOD-22.4) takes the player's units but not those
  held captive ([INTERP]: a captive is no longer part of his force, AOD-14.4); the captives his
  escorts held are freed, as when an escort is eliminated ([INTERP]).
"""

from __future__ import annotations

from attrs import frozen

from engine.aod.captives import captive_hexes, escort_moves, pair_allowance, pair_starts_hindered
from engine.aod.captives import escort_lost as freed_or_lost
from engine.aod.commands import MoveUnit
from engine.aod.context import AoDCode, Ctx, label
from engine.aod.events import CaptiveFreed, UnitEliminated, UnitMoved
from engine.aod.movement import allowance, starts_hindered
from engine.aod.state import AoDState
from engine.game import IllegalCommand
from engine.hexes import Hex

__all__ = [
    "PairMove",
    "carry_captive",
    "escort_destinations",
    "escort_lost",
    "escorts_gone",
    "held_captives_scored",
    "plan_pair",
    "withdrawing",
]


@frozen
class PairMove:
    """An escort's planned move (AOD-14.4): its cost, and the hex its captive is set down in.

    ``captive_to`` is None for a captured 'Mech, which never moves.
    """

    cost: int
    captive_to: Hex | None


def _budget(state: AoDState, escort: int, captive: int) -> int:
    """AOD-14.4 / AOD-8.3: the escort's own allowance, or the pair's (the lower speed)."""
    field, indices = state.battlefield()
    at, held = indices.index(escort), indices.index(captive)
    speed = state.click(escort).speed
    if state.definition(captive).is_mech:
        return allowance(speed, hindering_start=starts_hindered(field, at))
    hindered = pair_starts_hindered(field, at, held)
    return pair_allowance(speed, state.click(captive).speed, hindering_start=hindered)


def _ends(state: AoDState, escort: int, captive: int) -> dict[Hex, int]:
    """AOD-14.4: where the escort may end its move, with the least cost."""
    field, indices = state.battlefield()
    at, held = indices.index(escort), indices.index(captive)
    budget = _budget(state, escort, captive)
    return escort_moves(field, at, held, state.definition(captive), budget)


def plan_pair(state: AoDState, escort: int, command: MoveUnit) -> PairMove:
    """AOD-14.4 / AOD-26.7: check an escort's Move order; its cost and its captive's new hex."""
    captive = state.captive_of(escort)
    assert captive is not None  # noqa: S101 - called for escorts only
    unit = state.units[escort]
    if command.via:
        raise IllegalCommand(AoDCode.PATH, "Give an escort's move without a plotted path.")
    if command.run:
        raise IllegalCommand(AoDCode.RUN, f"{unit.ident} guards a captive: it cannot run.")
    cost = _ends(state, escort, captive).get(command.to)
    if cost is None:
        raise IllegalCommand(
            AoDCode.UNREACHABLE,
            f"{unit.ident} cannot take its captive {state.units[captive].ident} to "
            f"{label(command.to)} this turn.",
        )
    if state.definition(captive).is_mech:
        return PairMove(cost, None)
    field, indices = state.battlefield()
    budget = _budget(state, escort, captive)
    where = captive_hexes(field, indices.index(escort), indices.index(captive), command.to, budget)
    return PairMove(cost, where[0])


def carry_captive(ctx: Ctx, escort: int, plan: PairMove) -> None:
    """AOD-14.4 / AOD-26.7: the captive infantry or vehicle is set down next to its escort."""
    captive = ctx.state.captive_of(escort)
    if captive is None or plan.captive_to is None:
        return
    held = ctx.state.units[captive]
    if plan.captive_to != held.hex:
        ctx.emit(UnitMoved(captive, plan.captive_to, held.facing, held.altitude, 0))


def escort_lost(ctx: Ctx, escort: int) -> None:
    """AOD-14.4: the escort was eliminated: its captive is freed, or eliminated where it stands.

    A captive that cannot stand where it is scores for the capturing player (AOD-22.2 #1).
    """
    state = ctx.state
    captive = state.captive_of(escort)
    if captive is None:
        return
    ctx.emit(CaptiveFreed(captive))
    field, indices = ctx.state.battlefield()
    freed = freed_or_lost(field, indices.index(captive), ctx.state.definition(captive))
    if freed.eliminated:
        scorer = state.units[escort].owner
        ctx.emit(UnitEliminated(captive, scorer, ctx.state.units[captive].points))


def escort_destinations(state: AoDState, escort: int) -> list[MoveUnit]:
    """AOD-14.4: every Move order the escort may take (its facing kept), for `legal_commands`."""
    captive = state.captive_of(escort)
    unit = state.units[escort]
    if captive is None or unit.hex is None:
        return []
    return [
        MoveUnit(unit.ident, where, unit.facing)
        for where in sorted(_ends(state, escort, captive))
        if where != unit.hex
    ]


def withdrawing(state: AoDState, player: int) -> tuple[int, ...]:
    """AOD-22.4 / AOD-14.4: the units a withdrawal takes off: on the board, not held captive."""
    return tuple(
        n for n in state.owned(player) if state.units[n].on_board and state.units[n].captor is None
    )


def held_captives_scored(ctx: Ctx, player: int) -> None:
    """AOD-22.4: a withdrawing player's units held captive score for their holders at once.

    Each scores its point value for the player holding it, as if eliminated, and leaves the
    board with the rest of his force.
    """
    for index in ctx.state.owned(player):
        unit = ctx.state.units[index]
        if unit.on_board and unit.captor is not None:
            holder = ctx.state.units[unit.captor].owner
            ctx.emit(UnitEliminated(index, holder, unit.points))


def escorts_gone(ctx: Ctx, escorts: tuple[int, ...]) -> None:
    """AOD-14.4 [INTERP]: the captives of escorts that left the battle are freed."""
    for escort in escorts:
        captive = ctx.state.captive_of(escort)
        if captive is not None:
            ctx.emit(CaptiveFreed(captive))
