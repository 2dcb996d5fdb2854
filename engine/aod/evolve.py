"""Apply one AoD event to the state: no dice, no validation (STYLE 4, one mutator per event).

Each event carries the values it leaves (a heat position, a click, the tokens), so applying it is
copying them in; the bookkeeping the event implies (one order fewer, the next deployer) is here.
"""

from __future__ import annotations

from functools import singledispatch

from attrs import evolve as _replace

from engine.aod.events import (
    AoDEvent,
    ArtilleryResolved,
    AttackRolled,
    AweDeclared,
    AweRolled,
    BreakAwayRolled,
    CaptiveFreed,
    DeployerChanged,
    FirstPlayerRolled,
    ForceWithdrawn,
    FormationOrdered,
    FreeSpinsOffered,
    GameEnded,
    HeatCause,
    HeatChanged,
    MarkersPlaced,
    OrderGiven,
    PlacerChanged,
    RepairAttempted,
    SpecialAttackRolled,
    TargetLocked,
    TerrainPlaced,
    TokensRemoved,
    TurnBegan,
    TurnEnded,
    UnitCaptured,
    UnitDamaged,
    UnitDeployed,
    UnitEliminated,
    UnitMoved,
    UnitRepaired,
    UnitsBoarded,
    UnitSpun,
    UnitsUnloaded,
)
from engine.aod.state import AoDState, Stage
from engine.game import Event

__all__ = ["evolve"]


def evolve(state: AoDState, event: Event) -> AoDState:
    """Return the state after ``event``.

    Raises:
        TypeError: an event that is not an AoD event.
    """
    if not isinstance(event, AoDEvent):
        msg = f"Age of Destruction cannot apply {event!r}"
        raise TypeError(msg)
    return _apply(event, state)


@singledispatch
def _apply(event: AoDEvent, state: AoDState) -> AoDState:
    del state
    msg = f"Age of Destruction has no rule to apply {event!r}"
    raise TypeError(msg)


@_apply.register
def _first(event: FirstPlayerRolled, state: AoDState) -> AoDState:
    return _replace(state, first=event.first, active=event.first, stage=Stage.DEPLOYMENT)


@_apply.register
def _placer(event: PlacerChanged, state: AoDState) -> AoDState:
    return _replace(state, active=event.player, stage=Stage.TERRAIN)


@_apply.register
def _placed(event: TerrainPlaced, state: AoDState) -> AoDState:
    piece = next(p for p in state.setup.pieces if p.name == event.piece)
    laid = state.terrain.with_piece(piece.place(event.anchor, event.rotation), event.feature)
    pool = list(state.pool)
    pool.remove(event.piece)
    return _replace(state, terrain=laid, pool=tuple(pool))


@_apply.register
def _deployed(event: UnitDeployed, state: AoDState) -> AoDState:
    unit = state.units[event.unit]
    placed = _replace(unit, hex=event.hex, facing=event.facing, altitude=event.altitude)
    return state.with_unit(event.unit, placed)


@_apply.register
def _deployer(event: DeployerChanged, state: AoDState) -> AoDState:
    return _replace(state, active=event.player, stage=Stage.DEPLOYMENT)


@_apply.register
def _turn_began(event: TurnBegan, state: AoDState) -> AoDState:
    zone = list(state.zone_vp)
    zone[event.player] += event.zone_vp
    units = tuple(
        _replace(
            u,
            order=None,
            heat_rolls_suspended=False,
            energy_heat=False,
            turn_start=u.hex,
            engaged=n in event.engaged,
        )
        if u.owner == event.player
        else _replace(u, order=None, heat_rolls_suspended=False, energy_heat=False)
        for n, u in enumerate(state.units)
    )
    return _replace(
        state,
        units=units,
        stage=Stage.ORDER,
        active=event.player,
        turn=event.turn,
        round=event.round,
        orders_left=event.orders,
        zone_vp=tuple(zone),
    )


@_apply.register
def _awe_declared(event: AweDeclared, state: AoDState) -> AoDState:
    kept = tuple(pick for pick in state.awe if pick[0] != event.player)
    return _replace(state, awe=(*kept, (event.player, event.opponent)))


@_apply.register
def _awe_rolled(event: AweRolled, state: AoDState) -> AoDState:
    kept = tuple(pick for pick in state.awe if pick != (event.player, event.opponent))
    return _replace(state, awe=kept, orders_left=max(state.orders_left - event.orders_lost, 0))


@_apply.register
def _order(event: OrderGiven, state: AoDState) -> AoDState:
    unit = _replace(state.units[event.unit], order=event.kind, tokens=event.tokens)
    return _replace(state.with_unit(event.unit, unit), orders_left=state.orders_left - 1)


@_apply.register
def _break_away(event: BreakAwayRolled, state: AoDState) -> AoDState:
    del event
    return state


@_apply.register
def _moved(event: UnitMoved, state: AoDState) -> AoDState:
    unit = state.units[event.unit]
    moved = _replace(unit, hex=event.hex, facing=event.facing, altitude=event.altitude)
    return state.with_unit(event.unit, moved)


@_apply.register
def _offered(event: FreeSpinsOffered, state: AoDState) -> AoDState:
    return _replace(state, spins=state.spins + event.offers)


@_apply.register
def _spun(event: UnitSpun, state: AoDState) -> AoDState:
    spins = tuple(offer for offer in state.spins if offer.unit != event.unit)
    state = _replace(state, spins=spins)
    if event.facing is None:
        return state
    return state.with_unit(event.unit, _replace(state.units[event.unit], facing=event.facing))


@_apply.register
def _heat(event: HeatChanged, state: AoDState) -> AoDState:
    unit = state.units[event.unit]
    dial = _replace(unit.dial, heat=event.heat, shutdown=event.shutdown)
    suspended = unit.heat_rolls_suspended or event.suspended
    energy = unit.energy_heat or HeatCause.ENERGY in event.causes
    changed = _replace(
        unit, dial=dial, tokens=event.tokens, heat_rolls_suspended=suspended, energy_heat=energy
    )
    return state.with_unit(event.unit, changed)


@_apply.register
def _damaged(event: UnitDamaged, state: AoDState) -> AoDState:
    unit = state.units[event.unit]
    damaged = _replace(
        unit,
        dial=unit.dial.with_click(event.click),
        tokens=event.tokens,
        last_damager=unit.last_damager if event.by is None else event.by,
    )
    return state.with_unit(event.unit, damaged)


@_apply.register
def _eliminated(event: UnitEliminated, state: AoDState) -> AoDState:
    unit = _replace(
        state.units[event.unit],
        eliminated=True,
        hex=None,
        tokens=0,
        order=None,
        locked_on=None,
        captor=None,  # AOD-14.4: an eliminated captive is nobody's captive (its escort is free)
    )
    state = state.with_unit(event.unit, unit)
    freed = (_replace(u, locked_on=None) if u.locked_on == event.unit else u for u in state.units)
    state = _replace(state, units=tuple(freed))  # AOD-21.1: the lock ends with its target
    spins = tuple(o for o in state.spins if event.unit not in {o.unit, o.mover})
    if event.scorer is None:
        return _replace(state, spins=spins)
    elimination = list(state.elimination)
    elimination[event.scorer] += event.points
    return _replace(state, spins=spins, elimination=tuple(elimination))


@_apply.register
def _tokens(event: TokensRemoved, state: AoDState) -> AoDState:
    return state.with_unit(event.unit, _replace(state.units[event.unit], tokens=event.tokens))


@_apply.register
def _turn_ended(event: TurnEnded, state: AoDState) -> AoDState:
    del event
    return _replace(state, stage=Stage.CLEANUP, orders_left=0, spins=())


@_apply.register
def _withdrawn(event: ForceWithdrawn, state: AoDState) -> AoDState:
    gone = set(event.units)
    units = tuple(
        _replace(u, hex=None, withdrawn=True, tokens=0) if n in gone else u
        for n, u in enumerate(state.units)
    )
    spins = tuple(o for o in state.spins if not {o.unit, o.mover} & gone)
    return _replace(state, units=units, spins=spins)


@_apply.register
def _ended(event: GameEnded, state: AoDState) -> AoDState:
    return _replace(state, stage=Stage.OVER, result=event.result, orders_left=0, spins=())


@_apply.register
def _attack(event: AttackRolled, state: AoDState) -> AoDState:
    del event
    return state


@_apply.register
def _markers_placed(event: MarkersPlaced, state: AoDState) -> AoDState:
    return _replace(state, markers=state.markers + event.markers)


@_apply.register
def _artillery_resolved(event: ArtilleryResolved, state: AoDState) -> AoDState:
    left = tuple(m for m in state.markers if (m.shooter, m.turn) != (event.shooter, event.turn))
    return _replace(state, markers=left)


@_apply.register
def _formation_ordered(event: FormationOrdered, state: AoDState) -> AoDState:
    for member, tokens in zip(event.members, event.tokens, strict=True):
        state = state.with_unit(
            member, _replace(state.units[member], order=event.kind, tokens=tokens)
        )
    return _replace(state, orders_left=state.orders_left - 1)


@_apply.register
def _boarded(event: UnitsBoarded, state: AoDState) -> AoDState:
    for index in event.passengers:
        rider = _replace(state.units[index], hex=None, aboard=event.transport, tokens=0)
        state = state.with_unit(index, rider)
    return state


@_apply.register
def _locked(event: TargetLocked, state: AoDState) -> AoDState:
    unit = _replace(state.units[event.unit], locked_on=event.target)
    return state.with_unit(event.unit, unit)


@_apply.register
def _repaired(event: UnitRepaired, state: AoDState) -> AoDState:
    unit = state.units[event.unit]
    return state.with_unit(event.unit, _replace(unit, dial=unit.dial.with_click(event.click)))


@_apply.register
def _repair_rolled(event: RepairAttempted, state: AoDState) -> AoDState:
    del event
    return state


@_apply.register
def _captured(event: UnitCaptured, state: AoDState) -> AoDState:
    unit = _replace(state.units[event.unit], captor=event.captor, locked_on=None)
    state = state.with_unit(event.unit, unit)
    freed = (_replace(u, locked_on=None) if u.locked_on == event.unit else u for u in state.units)
    state = _replace(state, units=tuple(freed))  # AOD-21.1: "until destroyed or captured"
    spins = tuple(o for o in state.spins if event.unit not in {o.unit, o.mover})
    return _replace(state, spins=spins)


@_apply.register
def _freed(event: CaptiveFreed, state: AoDState) -> AoDState:
    return state.with_unit(event.unit, _replace(state.units[event.unit], captor=None))


@_apply.register
def _special_rolled(event: SpecialAttackRolled, state: AoDState) -> AoDState:
    del event
    return state


@_apply.register
def _unloaded(event: UnitsUnloaded, state: AoDState) -> AoDState:
    for placed in event.placed:
        unit = state.units[placed.unit]
        set_down = _replace(unit, hex=placed.hex, facing=placed.facing, aboard=None)
        state = state.with_unit(placed.unit, set_down)
    return state
