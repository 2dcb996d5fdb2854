"""What befalls the units aboard a transport when it is hit (AOD-9.2, AOD-9.4, AOD-17.3, 17.4).

Passengers are off the board (hex None) with `engine.aod.state.UnitState.aboard` naming their
transport. `engine.aod.effects.record_damage` calls in here when a transport is hurt:

- `lose_passengers`: the transport was eliminated: everyone aboard is eliminated with it
  (AOD-9.2, AOD-17.4; `engine.aod.transport.lost_with_transport`).
- `forced_unload`: Heavy Damage appeared on a loaded transport: all must unload at once, no
  movement spent (AOD-9.2, AOD-17.3); aboard a cruising VTOL (now forced down) those without
  Jump Jets die (AOD-9.4; `engine.aod.transport.heavy_damage_unload`). [DESIGN] The owner's
  choice of hexes is not asked yet: each passenger, in bay order, takes the first free hex
  behind the transport in map order, facing as the transport does; one with no hex left is
  eliminated (AOD-9.3).
- `set_down`: the unloading itself, for Heavy Damage and for a captured transport (AOD-9.2:
  `engine.aod.close_order` deals the passengers' clicks, then calls it).

This module imports no order: the damage rules call it, and the orders (boarding and unloading,
`engine.aod.transport_order`) build on it.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.aod.context import Ctx
from engine.aod.events import Disembarked, UnitEliminated, UnitsUnloaded
from engine.aod.scoring import elimination_scorer
from engine.aod.state import AoDState
from engine.aod.transport import (
    Piece,
    Placement,
    heavy_damage_unload,
    lost_with_transport,
    unload,
    unload_hexes,
)

__all__ = ["forced_unload", "lose_passengers", "passengers", "piece", "set_down"]


def passengers(state: AoDState, transport: int) -> tuple[int, ...]:
    """The units aboard ``transport``, in bay order (the order they boarded: index order)."""
    return tuple(n for n, u in enumerate(state.units) if u.aboard == transport and not u.eliminated)


def piece(state: AoDState, index: int) -> Piece:
    """Unit ``index`` as the transport rules see it: its printed unit and dials."""
    return Piece(state.definition(index), state.units[index].dial)


def _eliminate(ctx: Ctx, index: int, by: int | None) -> None:
    """AOD-17.4: a passenger is removed; its VP as for any elimination (AOD-25 #26)."""
    unit = ctx.state.units[index]
    ctx.emit(UnitEliminated(index, elimination_scorer(ctx.state, index, by), unit.points))


def lose_passengers(ctx: Ctx, transport: int, by: int | None) -> None:
    """AOD-9.2 / AOD-17.4: the eliminated transport's passengers are eliminated with it."""
    aboard = passengers(ctx.state, transport)
    for bay in lost_with_transport([piece(ctx.state, n) for n in aboard]):
        _eliminate(ctx, aboard[bay], by)


def forced_unload(ctx: Ctx, transport: int, *, cruising: bool) -> None:
    """AOD-9.2 / AOD-9.4 / AOD-17.3: Heavy Damage on a loaded transport: all off at once.

    ``cruising``: the transport flew at cruising altitude when the Heavy Damage appeared.
    """
    state = ctx.state
    aboard = passengers(state, transport)
    if not aboard or not state.units[transport].on_board:
        return
    outcome = heavy_damage_unload([piece(state, n) for n in aboard], cruising=cruising)
    for bay in outcome.eliminated:  # AOD-9.4: no Jump Jets, off a falling VTOL
        _eliminate(ctx, aboard[bay], None)
    set_down(ctx, transport, [aboard[bay] for bay in outcome.to_unload])


def set_down(ctx: Ctx, transport: int, riders: Sequence[int], *, captured: bool = False) -> None:
    """AOD-9.2 / AOD-9.3: ``riders`` leave ``transport`` at once, no movement spent.

    [DESIGN] Each, in bay order, takes the first free hex behind the transport in map order,
    facing as the transport does, touching no enemy of its own side (a captive passenger has
    none); one with no hex left is eliminated. ``captured``: the transport was captured.
    """
    if not riders:
        return
    field, indices = ctx.state.battlefield()
    at = indices.index(transport)
    facing = ctx.state.units[transport].facing
    now = field
    placed: list[Disembarked] = []
    lost: list[int] = []
    for rider in riders:
        unit = ctx.state.units[rider]
        side = unit.owner if unit.captor is None else None
        mode = ctx.state.definition(rider).speed_mode
        hexes = unload_hexes(now, at, mode, side=side)
        choice: Placement | None = (hexes[0], facing) if hexes else None
        done = unload(now, at, [piece(ctx.state, rider)], [choice], side=side)
        now = done.field
        placed += [Disembarked(rider, where, turned) for _, (where, turned) in done.placed]
        lost += [rider for _ in done.eliminated]
    ctx.emit(UnitsUnloaded(transport, tuple(placed), forced=True, captured=captured))
    for rider in lost:  # AOD-9.3: no room left for it
        _eliminate(ctx, rider, None)
