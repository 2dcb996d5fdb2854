"""BattleTech `evolve`: one mutator per event type (STYLE 4). No dice, no validation."""

from __future__ import annotations

from functools import singledispatch

import attrs

from engine.battletech import events as ev
from engine.battletech.board import Terrain
from engine.battletech.designs.mech import Location
from engine.battletech.kinds.battle_armor_ammo import kind_ammo_spent
from engine.battletech.kinds.mech import LOCATIONS
from engine.battletech.state import BTState, Movement, MoveMode, Phase, TurnFlags

__all__ = ["evolve", "with_body", "with_unit"]

_REAR = (Location.CT, Location.LT, Location.RT)
_LIMBS = (Location.LA, Location.RA, Location.LL, Location.RL)


def _set(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return (*values[:index], value, *values[index + 1 :])


def with_unit(state: BTState, index: int, **changes: object) -> BTState:
    """The state with unit ``index``'s core fields changed (``hex``, ``destroyed`` ...).

    The one home of this helper for the modules that register mutators on `evolve`.
    """
    return state.replace_unit(index, attrs.evolve(state.units[index], **changes))  # type: ignore[arg-type]


def with_body(state: BTState, index: int, **changes: object) -> BTState:
    """The state with fields of unit ``index``'s body changed (``heat``, ``prone`` ...)."""
    unit = state.units[index]
    body = attrs.evolve(unit.body, **changes)  # type: ignore[arg-type]
    return state.replace_unit(index, attrs.evolve(unit, body=body))


def _flags(state: BTState, index: int, **changes: object) -> BTState:
    unit = state.units[index]
    flags = attrs.evolve(unit.this_turn, **changes)  # type: ignore[arg-type]
    return state.replace_unit(index, attrs.evolve(unit, this_turn=flags))


def _movement(state: BTState, index: int) -> Movement:
    movement = state.units[index].movement
    if movement is None:  # an event for a unit that never started moving: a corrupt log
        msg = f"unit {index} has no movement in progress"
        raise ValueError(msg)
    return movement


@singledispatch
def evolve(event: object, state: BTState) -> BTState:
    """Apply one event to the state and return the new state."""
    del state
    msg = f"not a BattleTech event: {event!r}"
    raise TypeError(msg)


@evolve.register
def _deployed(event: ev.UnitDeployed, state: BTState) -> BTState:
    bridge = state.board.terrain(event.hex).bridge is not None
    state = with_unit(state, event.unit, hex=event.hex, facing=event.facing, on_bridge=bridge)
    slots = state.slots
    if slots:
        side, count = slots[0]
        slots = ((side, count - 1), *slots[1:]) if count > 1 else slots[1:]
    return attrs.evolve(state, slots=slots)


@evolve.register
def _phase(event: ev.PhaseStarted, state: BTState) -> BTState:
    units = state.units
    attacks = state.attacks
    if event.phase is Phase.MOVEMENT:
        units = tuple(
            attrs.evolve(
                u,
                movement=None,
                declared=False,
            )
            for u in units
        )
    elif event.phase in {Phase.WEAPON, Phase.PHYSICAL}:
        units = tuple(attrs.evolve(u, declared=False) for u in units)
        attacks = ()
    return attrs.evolve(
        state, phase=event.phase, turn=event.turn, units=units, active=None, attacks=attacks
    )


@evolve.register
def _initiative(event: ev.InitiativeRolled, state: BTState) -> BTState:
    return attrs.evolve(state, order=event.order)


@evolve.register
def _slots(event: ev.SlotsDealt, state: BTState) -> BTState:
    return attrs.evolve(state, slots=event.slots)


@evolve.register
def _move_started(event: ev.MovementStarted, state: BTState) -> BTState:
    unit = state.units[event.unit]
    movement = Movement(mode=event.mode, path=(unit.hex,) if unit.hex is not None else ())
    state = state.replace_unit(event.unit, unit.with_movement(movement))
    return attrs.evolve(state, active=event.unit)


@evolve.register
def _turned(event: ev.UnitTurned, state: BTState) -> BTState:
    movement = _movement(state, event.unit)
    unit = state.units[event.unit].with_movement(
        attrs.evolve(movement, mp_spent=movement.mp_spent + event.mp, turns=movement.turns + 1)
    )
    return state.replace_unit(event.unit, attrs.evolve(unit, facing=event.facing))


@evolve.register
def _entered(event: ev.UnitEntered, state: BTState) -> BTState:
    movement = _movement(state, event.unit)
    reversed_ = movement.hexes > 0 and movement.backward != event.backward
    counted = 1 if reversed_ else movement.counted + 1  # BT-M-38: count since the last reversal
    fire = 2 if state.board.terrain(event.hex).fire else 0  # BT-M-8.12
    movement = attrs.evolve(
        movement,
        mp_spent=movement.mp_spent + event.mp,
        hexes=movement.hexes + 1,
        counted=counted,
        backward=event.backward,
        minimum=movement.minimum or event.minimum,
        heat=movement.heat + fire,
        path=(*movement.path, event.hex),
    )
    unit = state.units[event.unit].with_movement(movement)
    bridge = event.road and state.board.terrain(event.hex).bridge is not None
    return state.replace_unit(event.unit, attrs.evolve(unit, hex=event.hex, on_bridge=bridge))


@evolve.register
def _jumped(event: ev.UnitJumped, state: BTState) -> BTState:
    movement = _movement(state, event.unit)
    hexes = len(event.path)
    movement = attrs.evolve(
        movement,
        mp_spent=movement.mp_spent + event.mp,
        hexes=hexes,
        counted=hexes,
        jumped=hexes,
        heat=movement.heat + max(3, hexes),  # BT-M-20.4 item 7
        path=(*movement.path, *event.path),
    )
    unit = state.units[event.unit].with_movement(movement)
    landing = event.path[-1] if event.path else unit.hex
    bridge = landing is not None and state.board.terrain(landing).bridge is not None
    return state.replace_unit(
        event.unit, attrs.evolve(unit, hex=landing, facing=event.facing, on_bridge=bridge)
    )


@evolve.register
def _dropped(event: ev.UnitDroppedProne, state: BTState) -> BTState:
    movement = _movement(state, event.unit)
    unit = state.units[event.unit].with_movement(
        attrs.evolve(movement, mp_spent=movement.mp_spent + event.mp)
    )
    return state.replace_unit(
        event.unit, attrs.evolve(unit, body=attrs.evolve(unit.mech, prone=True))
    )


@evolve.register
def _psr(event: ev.PilotingRoll, state: BTState) -> BTState:
    # The roll's consequences are events of their own; only the once-a-turn run roll is noted.
    if event.reason != "run_damage":
        return state
    movement = _movement(state, event.unit)
    unit = state.units[event.unit].with_movement(attrs.evolve(movement, run_rolled=True))
    return state.replace_unit(event.unit, unit)


@evolve.register
def _stand_attempted(event: ev.StandAttempted, state: BTState) -> BTState:
    movement = _movement(state, event.unit)  # BT-M-24.3: MP and 1 heat per attempt
    movement = attrs.evolve(movement, mp_spent=movement.mp_spent + event.mp, heat=movement.heat + 1)
    return state.replace_unit(event.unit, state.units[event.unit].with_movement(movement))


@evolve.register
def _stood(event: ev.UnitStood, state: BTState) -> BTState:
    return with_body(with_unit(state, event.unit, facing=event.facing), event.unit, prone=False)


@evolve.register
def _fell(event: ev.UnitFell, state: BTState) -> BTState:
    unit = state.units[event.unit]
    bridge = unit.on_bridge and event.hex == unit.hex
    return state.replace_unit(
        event.unit,
        attrs.evolve(
            unit,
            hex=event.hex,
            facing=event.facing,
            on_bridge=bridge,
            body=attrs.evolve(unit.mech, prone=True),
        ),
    )


@evolve.register
def _damage(event: ev.DamageApplied, state: BTState) -> BTState:
    unit = state.units[event.unit]
    index = LOCATIONS.index(event.location)
    if event.rear:
        rear_index = _REAR.index(event.location)
        rear = _set(unit.mech.rear, rear_index, unit.mech.rear[rear_index] - event.armor)
        unit = attrs.evolve(unit, body=attrs.evolve(unit.mech, rear=rear))  # type: ignore[arg-type]
    else:
        unit = attrs.evolve(
            unit,
            body=attrs.evolve(
                unit.mech, armor=_set(unit.mech.armor, index, unit.mech.armor[index] - event.armor)
            ),
        )
    internal = _set(unit.mech.internal, index, unit.mech.internal[index] - event.internal)
    return state.replace_unit(
        event.unit, attrs.evolve(unit, body=attrs.evolve(unit.mech, internal=internal))
    )


@evolve.register
def _location_destroyed(event: ev.LocationDestroyed, state: BTState) -> BTState:
    unit = state.units[event.unit]
    if event.blown_off and unit.hex is not None and event.location in _LIMBS:
        # BT-C-31/38: a limb blown off stays in the hex where it was lost, a club to be.
        limb = f"{unit.name}'s {event.location.long_name.lower()}"
        state = attrs.evolve(state, limbs=(*state.limbs, (unit.hex, limb)))
    index = LOCATIONS.index(event.location)
    unit = attrs.evolve(
        unit,
        body=attrs.evolve(
            unit.mech,
            internal=_set(unit.mech.internal, index, 0),
            armor=_set(unit.mech.armor, index, 0),
        ),
    )
    if event.location in _REAR:
        rear = _set(unit.mech.rear, _REAR.index(event.location), 0)
        unit = attrs.evolve(unit, body=attrs.evolve(unit.mech, rear=rear))  # type: ignore[arg-type]
    return state.replace_unit(event.unit, unit)


@evolve.register
def _skidded(event: ev.UnitSkidded, state: BTState) -> BTState:
    movement = _movement(state, event.unit)
    movement = attrs.evolve(
        movement,
        skidded=True,
        hexes=movement.hexes + len(event.path),
        counted=movement.counted + len(event.path),
        path=(*movement.path, *event.path),
    )
    unit = state.units[event.unit].with_movement(movement)
    if event.path:
        unit = attrs.evolve(unit, hex=event.path[-1], on_bridge=False)
    return state.replace_unit(event.unit, unit)


@evolve.register
def _wounded(event: ev.PilotWounded, state: BTState) -> BTState:
    return with_body(state, event.unit, wounds=event.total)


@evolve.register
def _consciousness(event: ev.ConsciousnessRolled, state: BTState) -> BTState:
    unit = state.units[event.unit]
    knocked = unit.mech.knocked_out_turn
    if unit.mech.conscious and not event.conscious:
        knocked = state.turn
    return state.replace_unit(
        event.unit,
        attrs.evolve(
            unit, body=attrs.evolve(unit.mech, conscious=event.conscious, knocked_out_turn=knocked)
        ),
    )


def _building_terrain(terrain: Terrain, cf: int, *, collapsed: bool) -> Terrain:
    if terrain.building is not None:
        if collapsed:
            return attrs.evolve(terrain, building=None, rubble=True)
        return attrs.evolve(terrain, building=attrs.evolve(terrain.building, cf=cf))
    if terrain.bridge is not None:
        if collapsed:
            return attrs.evolve(terrain, bridge=None)
        return attrs.evolve(terrain, bridge=attrs.evolve(terrain.bridge, cf=cf))
    return terrain


@evolve.register
def _building_damaged(event: ev.BuildingDamaged, state: BTState) -> BTState:
    terrain = state.board.terrain(event.hex)
    structure = terrain.building or terrain.bridge
    cf = max((structure.cf if structure is not None else 0) - event.cf, 0)
    collapsed = event.collapsed or cf == 0
    board = state.board.replace(event.hex, _building_terrain(terrain, cf, collapsed=collapsed))
    rubble = state.rubble_class
    if collapsed and terrain.building is not None:
        rubble = (*rubble, (event.hex, terrain.building.cls.name.lower()))  # girders, BT-C-38
    return attrs.evolve(state, board=board, rubble_class=rubble)


@evolve.register
def _bridge_collapsed(event: ev.BridgeCollapsed, state: BTState) -> BTState:
    terrain = state.board.terrain(event.hex)
    board = state.board.replace(event.hex, attrs.evolve(terrain, bridge=None))
    units = tuple(
        attrs.evolve(u, on_bridge=False) if u.hex == event.hex else u for u in state.units
    )
    return attrs.evolve(state, board=board, units=units)


@evolve.register
def _move_ended(event: ev.MovementEnded, state: BTState) -> BTState:
    unit = state.units[event.unit]
    movement = _movement(state, event.unit)
    state = state.replace_unit(event.unit, unit.with_movement(attrs.evolve(movement, done=True)))
    slots = state.slots
    if slots:
        side, count = slots[0]
        slots = ((side, count - 1), *slots[1:]) if count > 1 else slots[1:]
    return attrs.evolve(state, active=None, slots=slots)


@evolve.register
def _destroyed(event: ev.UnitDestroyed, state: BTState) -> BTState:
    state = with_unit(state, event.unit, destroyed=True)
    if state.active == event.unit:
        state = attrs.evolve(state, active=None)
    return state


@evolve.register
def _heat(event: ev.HeatChanged, state: BTState) -> BTState:
    return with_body(state, event.unit, heat=event.heat)


@evolve.register
def _turn_ended(event: ev.TurnEnded, state: BTState) -> BTState:
    # BT-C-1 step 6: torsos return to their normal facing in the End phase; every other flag of
    # the turn (weapons fired, physical attack, declared charge ...) is cleared with them.
    units = tuple(attrs.evolve(u, this_turn=TurnFlags()) for u in state.units)
    return attrs.evolve(
        state,
        phase=Phase.INITIATIVE,
        turn=event.turn + 1,
        slots=(),
        active=None,
        order=(),
        units=units,
        attacks=(),
        new_fires=frozenset(),
    )


@evolve.register
def _game_ended(event: ev.GameEnded, state: BTState) -> BTState:
    return attrs.evolve(
        state,
        phase=Phase.OVER,
        winner=event.winner,
        active=None,
        slots=(),
        result=event.reason,
    )


# The combat rules: BT-C sections.


def _use_slot(state: BTState) -> BTState:
    slots = state.slots
    if slots:
        side, count = slots[0]
        slots = ((side, count - 1), *slots[1:]) if count > 1 else slots[1:]
    return attrs.evolve(state, slots=slots)


@evolve.register
def _charge_declared(event: ev.ChargeDeclared, state: BTState) -> BTState:
    return _flags(state, event.unit, charging=event.target, physical="charge")


@evolve.register
def _dfa_declared(event: ev.DFADeclared, state: BTState) -> BTState:
    return _flags(state, event.unit, dfa=event.target, physical="dfa")


@evolve.register
def _twisted(event: ev.TorsoTwisted, state: BTState) -> BTState:
    return _flags(state, event.unit, twist=event.twist, arms_flipped=event.flipped)


@evolve.register
def _attack_declared(event: ev.AttackDeclared, state: BTState) -> BTState:
    attack = event.attack
    unit = state.units[attack.attacker]
    if attack.weapon is not None:
        unit = attrs.evolve(
            unit,
            this_turn=attrs.evolve(unit.this_turn, fired=unit.this_turn.fired | {attack.weapon}),
        )
        if attack.rate > 1:  # BT-C-75: an Ultra at double rate
            unit = attrs.evolve(
                unit,
                this_turn=attrs.evolve(
                    unit.this_turn, double_rate=unit.this_turn.double_rate | {attack.weapon}
                ),
            )
    if attack.kind.physical:
        unit = attrs.evolve(
            unit, this_turn=attrs.evolve(unit.this_turn, physical=attack.kind.value)
        )
    state = state.replace_unit(attack.attacker, unit)
    if state.night is not None and attack.weapon is not None and not state.night.gunflash:
        state = attrs.evolve(state, night=attrs.evolve(state.night, gunflash=True))  # NT-4
    return attrs.evolve(state, attacks=(*state.attacks, attack))


@evolve.register
def _declared(event: ev.UnitDeclared, state: BTState) -> BTState:
    return _use_slot(with_unit(state, event.unit, declared=True))


@evolve.register
def _ammo_spent(event: ev.AmmoSpent, state: BTState) -> BTState:
    unit = state.units[event.unit]
    ammo = _set(unit.ammo, event.bin, max(unit.ammo[event.bin] - event.shots, 0))
    unit = attrs.evolve(unit, ammo=ammo, body=kind_ammo_spent(unit, event.bin, event.shots))
    return state.replace_unit(event.unit, unit)


@evolve.register
def _critical(event: ev.CriticalHit, state: BTState) -> BTState:
    unit = state.units[event.unit]
    return state.replace_unit(
        event.unit,
        attrs.evolve(
            unit,
            body=attrs.evolve(unit.mech, crits=unit.mech.crits | {(event.location, event.slot)}),
        ),
    )


@evolve.register
def _ammo_exploded(event: ev.AmmoExploded, state: BTState) -> BTState:
    unit = state.units[event.unit]
    return state.replace_unit(event.unit, attrs.evolve(unit, ammo=_set(unit.ammo, event.bin, 0)))


@evolve.register
def _shutdown(event: ev.ShutdownRolled, state: BTState) -> BTState:
    if not event.shutdown:
        return state
    return with_body(state, event.unit, shutdown=True)


@evolve.register
def _restarted(event: ev.EngineRestarted, state: BTState) -> BTState:
    if not event.success:
        return state
    return with_body(state, event.unit, shutdown=False)


@evolve.register
def _displaced(event: ev.UnitDisplaced, state: BTState) -> BTState:
    unit = state.units[event.unit]
    facing = unit.facing if event.facing is None else event.facing
    bridge = state.board.terrain(event.hex).bridge is not None and unit.on_bridge
    return state.replace_unit(
        event.unit, attrs.evolve(unit, hex=event.hex, facing=facing, on_bridge=bridge)
    )


@evolve.register
def _terrain_changed(event: ev.TerrainChanged, state: BTState) -> BTState:
    new_fires = state.new_fires
    if event.terrain.fire and not state.board.terrain(event.hex).fire:
        new_fires = new_fires | {event.hex}
    board = state.board.replace(event.hex, event.terrain)
    return attrs.evolve(state, board=board, new_fires=new_fires)


@evolve.register
def _club(event: ev.ClubTaken, state: BTState) -> BTState:
    return with_body(state, event.unit, club=event.club)


@evolve.register
def _dump_declared(event: ev.AmmoDumpDeclared, state: BTState) -> BTState:
    return with_unit(state, event.unit, dumping=frozenset(event.bins))


@evolve.register
def _dumped(event: ev.AmmoDumped, state: BTState) -> BTState:
    unit = state.units[event.unit]
    ammo = unit.ammo
    for bin_ in event.bins:
        ammo = _set(ammo, bin_, 0)
    return state.replace_unit(event.unit, attrs.evolve(unit, ammo=ammo, dumping=frozenset()))


@evolve.register
def _ejected(event: ev.PilotEjected, state: BTState) -> BTState:
    state = with_body(with_unit(state, event.unit, destroyed=True), event.unit, ejected=True)
    if state.active == event.unit:
        state = attrs.evolve(state, active=None)
    return state


@evolve.register
def _withdrew(event: ev.UnitWithdrew, state: BTState) -> BTState:
    return with_unit(state, event.unit, withdrawn=True)


@evolve.register
def _dfa_cancelled(event: ev.DFACancelled, state: BTState) -> BTState:
    return _flags(state, event.unit, dfa=None)


@evolve.register
def _not_fired(event: ev.WeaponNotFired, state: BTState) -> BTState:
    unit = state.units[event.unit]
    ammo = unit.ammo
    if event.bin is not None:
        ammo = _set(ammo, event.bin, ammo[event.bin] + 1)
    return state.replace_unit(
        event.unit,
        attrs.evolve(
            unit,
            ammo=ammo,
            this_turn=attrs.evolve(unit.this_turn, fired=unit.this_turn.fired - {event.weapon}),
        ),
    )


@evolve.register
def _jammed(event: ev.WeaponJammed, state: BTState) -> BTState:
    unit = state.units[event.unit]
    return with_unit(state, event.unit, jammed=unit.jammed | {event.weapon})


@evolve.register
def _ams(event: ev.AMSEngaged, state: BTState) -> BTState:
    unit = state.units[event.unit]
    ammo = _set(unit.ammo, event.bin, max(unit.ammo[event.bin] - 1, 0))
    return _flags(
        with_unit(state, event.unit, ammo=ammo),
        event.unit,
        ams_used=unit.this_turn.ams_used | {event.ams},
    )


@evolve.register
def _narc(event: ev.NarcAttached, state: BTState) -> BTState:
    return with_unit(state, event.unit, narc=True)


@evolve.register
def _wind(event: ev.WindRolled, state: BTState) -> BTState:
    return attrs.evolve(state, wind=event.wind)


@evolve.register
def _club_searched(event: ev.ClubSearched, state: BTState) -> BTState:
    unit = state.units[event.unit]
    unit = attrs.evolve(
        unit,
        body=attrs.evolve(unit.mech, club=event.club if event.found else ""),
        this_turn=attrs.evolve(unit.this_turn, physical="club search"),
    )
    state = state.replace_unit(event.unit, unit)
    limbs = tuple(entry for entry in state.limbs if entry != (event.hex, event.club))
    return attrs.evolve(state, limbs=limbs)


def _unchanged(event: ev.BTEvent, state: BTState) -> BTState:
    """Events that only record dice or a verdict: what they decided follows as events of its own."""
    del event
    return state


for _record in (
    ev.AttackRolled,
    ev.ClusterRolled,
    ev.CriticalChanceRolled,
    ev.HeatExplosionRolled,
    ev.FellOntoUnit,
    ev.CriticalLost,
    ev.ComponentExploded,
    ev.TerrainRolled,
    ev.AimRolled,
):
    evolve.register(_record, _unchanged)


@evolve.register
def _sinks_switched(event: ev.HeatSinksSwitched, state: BTState) -> BTState:
    unit = state.units[event.unit]
    since = event.turn if event.off > unit.mech.sinks_off else unit.mech.sinks_off_turn
    return with_body(state, event.unit, sinks_off=event.off, sinks_off_turn=since)


@evolve.register
def _dodged(event: ev.SkidDodged, state: BTState) -> BTState:
    """BT-M-29.8: the unit's move for the phase is used, whether it got away or not."""
    unit = state.units[event.unit]
    start = (unit.hex,) if unit.hex is not None else ()
    if event.hex is None:
        movement = Movement(mode=MoveMode.STILL, done=True, path=start)
        return state.replace_unit(event.unit, unit.with_movement(movement))
    movement = Movement(
        mode=MoveMode.WALK, mp_spent=1, hexes=1, counted=1, done=True, path=(*start, event.hex)
    )
    moved = attrs.evolve(unit.with_movement(movement), hex=event.hex, on_bridge=False)
    return state.replace_unit(event.unit, moved)


@evolve.register
def _skid_collided(event: ev.SkidCollided, state: BTState) -> BTState:
    del event  # told for the log: the damage and the displacements follow as their own events
    return state
