"""The rest of a turn after movement: the two attack phases, Heat and End (BT-C-1, BT-M-9).

`flow.decide` hands these commands here:

- `EndPhase` in a finished Movement phase opens the Weapon Attack phase.
- `FireWeapons` and `PhysicalAttack` are declarations. Sides take slots as in movement (BT-M-11,
  the loser first), among the units that have something to declare; a unit with nothing it could
  attack is not dealt a slot (DESIGN: it could only hold fire).
- After the last declaration of a phase, every declared attack resolves in declaration order, and
  `combat.end_of_phase` rolls the phase's PSRs (BT-C-1 item 3). To-hit numbers were fixed when the
  attacks were declared, from the state at the start of the phase, so order does not matter.
- The Physical phase starts with the charges and DFAs declared in movement (BT-C-42/43).
- Then the Heat phase (`heat.heat_phase`), the End phase (life support under water, recovery
  rolls, fire, ammunition dumping, withdrawals and the turn limit) and the next initiative.
"""

from __future__ import annotations

from engine.battletech import events as ev
from engine.battletech.antimechevents import AntiMechCommand
from engine.battletech.commands import DumpAmmo, FireWeapons, PhysicalAttack, TakeClub
from engine.battletech.context import Ctx, Tally
from engine.battletech.kindevents import CrewRecovered
from engine.battletech.kinds.vehicle import VehicleBody
from engine.battletech.rules import antimech, combat, environment, heat, night, physical, tohit
from engine.battletech.rules.clubs import take_club, why_no_club
from engine.battletech.rules.fire import end_phase_fire
from engine.battletech.rules.lapses import ChargeLapsed
from engine.battletech.rules.victory import end_of_turn
from engine.battletech.state import BTState, Phase, UnitState
from engine.battletech.tables import CONSCIOUSNESS
from engine.game import IllegalCommand

__all__ = [
    "anti_mech",
    "can_declare",
    "declarers",
    "dump_ammo",
    "end_movement_phase",
    "fire",
    "grab_club",
    "ratio_slots",
    "strike",
]


def can_declare(state: BTState, index: int) -> bool:  # noqa: PLR0911
    """True when unit ``index`` is dealt a slot in the current attack phase.

    It must be on the map, awake, running, not yet declared, and have something to attack:
    a weapon declaration other than holding fire (BT-C-2), or a physical attack (BT-C-36).
    Charging and DFA-ing units make no other attacks (BT-C-42/43).
    """
    unit = state.units[index]
    if (
        not _active(unit)
        or unit.declared
        or unit.this_turn.charging is not None
        or unit.this_turn.dfa is not None
    ):
        return False
    if night.is_unable(state, index):  # NT-3: marked unable to act further this turn
        return False
    if antimech.can_act(state, index):  # BT-C-35.8..35.10: leg, swarm, stop swarm, brush off
        return True
    if state.phase is Phase.WEAPON:
        if not why_no_club(state, index) and _enemy_near(state, unit):
            return True  # BT-C-38: it may pick up a club instead of firing
        if tohit.cannot_fire(unit):
            return False
        return any(option.shots for option in tohit.iter_fire_options(state, index))
    if state.phase is Phase.PHYSICAL:
        return bool(physical.physical_options(state, index))
    return False


def _enemy_near(state: BTState, unit: UnitState, reach: int = 3) -> bool:
    """DESIGN: picking up a club earns a slot only with an enemy within 3 hexes (else hold)."""
    here = unit.hex
    return here is not None and any(
        other.side != unit.side
        and other.on_map
        and other.hex is not None
        and here.distance(other.hex) <= reach
        for other in state.units
    )


def declarers(state: BTState, side: int | None = None) -> tuple[int, ...]:
    """Units still to declare in the current attack phase, optionally of one side."""
    return tuple(
        i
        for i, unit in enumerate(state.units)
        if (side is None or unit.side == side) and can_declare(state, i)
    )


def _active(unit: UnitState) -> bool:
    if not unit.is_mech:
        return unit.on_map  # a vehicle's stunned crew: `tohit.cannot_fire` (BT-C-24.3)
    return unit.on_map and unit.mech.conscious and not unit.mech.shutdown


def ratio_slots(order: tuple[int, ...], counts: dict[int, int]) -> tuple[tuple[int, int], ...]:
    """BT-M-11: the next alternation "pair", loser first: (side, how many units) each.

    With two sides this is the digest's algorithm (5 vs 2 -> (2, 1) then (3, 1)). With more sides
    (DESIGN: the seed has only two) each side in initiative order acts for ``waiting // smallest
    other waiting`` units (at least 1), so the side with the most units still spreads them out.
    Movement and both attack phases' declarations use it.
    """
    slots = []
    for side in order:
        mine = counts.get(side, 0)
        if mine == 0:
            continue
        others = [n for s, n in counts.items() if s != side and n > 0]
        slots.append((side, mine if not others else max(1, mine // min(others))))
    return tuple(slots)


def _deal_among(ctx: Ctx, found: tuple[int, ...]) -> None:
    """BT-M-11 for declarations: the loser first, the side with more units declares more.

    ``found``: every unit that can declare now (`declarers`), counted per side.
    """
    units = ctx.state.units
    counts = {side: sum(1 for i in found if units[i].side == side) for side in ctx.state.order}
    ctx.emit(ev.SlotsDealt(ratio_slots(ctx.state.order, counts)))


def end_movement_phase(ctx: Ctx) -> None:
    """BT-C-1: the Movement phase is over: open the Weapon Attack phase."""
    ctx.emit(ev.PhaseStarted(Phase.WEAPON, ctx.state.turn))
    _open(ctx)


def _open(ctx: Ctx) -> None:
    """Deal the first declaration slots, or resolve at once when nobody can declare."""
    if found := declarers(ctx.state):
        _deal_among(ctx, found)
    else:
        ctx.emit(ev.SlotsDealt(()))
        _resolve(ctx)


def _check_declarer(state: BTState, index: int, phase: Phase) -> UnitState:  # noqa: C901
    if state.phase is not phase:
        msg = f"that is declared in the {phase.value} phase, not the {state.phase.value} phase"
        raise IllegalCommand("attack/phase", msg)
    if not 0 <= index < len(state.units):
        raise IllegalCommand("unit/unknown", f"there is no unit {index + 1}")
    unit = state.units[index]
    if unit.declared:
        raise IllegalCommand("attack/declared", f"the {unit.name} has already declared")
    side = state.side_to_act
    if side != unit.side:
        who = state.sides[side] if side is not None else "nobody"
        raise IllegalCommand("attack/turn", f"it is {who}'s turn to declare (BT-C-1)")
    if not can_declare(state, index):
        why = "it has nothing it can attack"
        if not unit.on_map:
            why = "it is not on the map"
        elif unit.is_mech and not unit.mech.conscious:
            why = "its MechWarrior is unconscious"
        elif unit.is_mech and unit.mech.shutdown:
            why = "it is shut down"
        elif unit.this_turn.charging is not None or unit.this_turn.dfa is not None:
            why = "it is charging or jumping onto its target (BT-C-42/43)"
        elif night.is_unable(state, index):
            why = "it strayed in the dark and is unable to act this turn (NT-3)"
        raise IllegalCommand("attack/cannot", f"the {unit.name} cannot attack: {why}")
    return unit


def fire(ctx: Ctx, command: FireWeapons) -> None:
    """BT-C-1/2: one unit's weapon declaration (no shots: it holds fire)."""
    _check_declarer(ctx.state, command.unit, Phase.WEAPON)
    antimech.check_fire(ctx.state, command)  # BT-C-35.9: a swarmer fires no weapon
    for event in tohit.declare_fire(ctx.state, command):
        ctx.emit(event)
    _declared(ctx, command.unit)


def grab_club(ctx: Ctx, command: TakeClub) -> None:
    """BT-C-38: the unit picks up a club instead of firing (its Weapon phase declaration)."""
    _check_declarer(ctx.state, command.unit, Phase.WEAPON)
    take_club(ctx, command.unit)
    _declared(ctx, command.unit)


def anti_mech(ctx: Ctx, command: AntiMechCommand) -> None:
    """BT-C-35.8..35.10: an anti-'Mech declaration (`rules.antimech`), in its attack phase."""
    _check_declarer(ctx.state, command.unit, antimech.phase_of(command))
    antimech.declare(ctx, command)
    _declared(ctx, command.unit)


def strike(ctx: Ctx, command: PhysicalAttack) -> None:
    """BT-C-36: one unit's physical declaration (``kind`` None: no physical attack)."""
    _check_declarer(ctx.state, command.unit, Phase.PHYSICAL)
    if command.kind is not None:
        for event in physical.declare_physical(ctx.state, command):
            ctx.emit(event)
    _declared(ctx, command.unit)


def _declared(ctx: Ctx, index: int) -> None:
    ctx.emit(ev.UnitDeclared(index))
    state = ctx.state
    slots = tuple((side, n) for side, n in state.slots if declarers(state, side))
    if slots != state.slots:
        ctx.emit(ev.SlotsDealt(slots))
    if ctx.state.slots:
        return
    if found := declarers(ctx.state):
        _deal_among(ctx, found)
    else:
        _resolve(ctx)


def _resolve(ctx: Ctx) -> None:
    """Resolve the phase's declared attacks, end the phase, and open the next one."""
    ctx.tally = Tally(start=ctx.state)
    phase = ctx.state.phase
    resolve = (
        combat.resolve_weapon_attack if phase is Phase.WEAPON else physical.resolve_physical_attack
    )
    for number in range(len(ctx.state.attacks)):
        resolve(ctx, number)
    antimech.resolve(ctx, phase)  # BT-C-35.9/35.10: swarms, leg attacks, brush-offs
    combat.end_of_phase(ctx)
    ctx.tally = None
    if _over(ctx):
        return
    if phase is Phase.WEAPON:
        _open_physical(ctx)
    else:
        _heat_and_end(ctx)


def _over(ctx: Ctx) -> bool:
    return ctx.state.phase is Phase.OVER or len(_sides_left(ctx.state)) <= 1


def _sides_left(state: BTState) -> set[int]:
    return {u.side for u in state.units if u.on_map}


def _open_physical(ctx: Ctx) -> None:
    """BT-C-1 item 4: charges and DFAs declared in movement join the Physical phase first."""
    ctx.emit(ev.PhaseStarted(Phase.PHYSICAL, ctx.state.turn))
    for index, unit in enumerate(ctx.state.units):
        if unit.this_turn.charging is None and unit.this_turn.dfa is None:
            continue
        # A DFA's wreck still falls on its target (BT-C-43): units on the board, not only alive.
        attack = physical.movement_attack(ctx.state, index) if unit.hex is not None else None
        if attack is not None:
            ctx.emit(ev.AttackDeclared(attack))
        elif unit.this_turn.charging is not None and (
            why := physical.why_charge_lapses(ctx.state, index)
        ):
            ctx.emit(
                ChargeLapsed(index, unit.this_turn.charging, why)
            )  # BT-C-42: told, with its reason
        ctx.emit(ev.UnitDeclared(index))
    _open(ctx)


def _heat_and_end(ctx: Ctx) -> None:
    """BT-C-1 items 5-7: the Heat phase, the End phase, victory, then the next turn."""
    turn = ctx.state.turn
    ctx.emit(ev.PhaseStarted(Phase.HEAT, turn))
    heat.heat_phase(ctx)
    ctx.emit(ev.PhaseStarted(Phase.END, turn))
    heat.submerged_life_support(ctx)
    environment.vacuum_life_support(ctx)  # BT-C-31 in vacuum (BT-C-61.5)
    for index, unit in enumerate(ctx.state.units):
        # BT-C-33 / BT-M-16 item 4: knocked out in an earlier turn: roll to wake up.
        if not unit.is_mech:
            _vehicle_end(ctx, index)  # BT-C-24.3: a stunned crew counts down; no pilot rolls
            continue
        if unit.on_map and not unit.mech.conscious and unit.mech.knocked_out_turn < turn:
            target = CONSCIOUSNESS.get(unit.mech.wounds, 13)
            roll = ctx.roll(2)
            ctx.emit(
                ev.ConsciousnessRolled(
                    index, target, roll, conscious=sum(roll) >= target, recovery=True
                )
            )
    end_phase_fire(ctx)
    combat.dump_ammo(ctx)
    if end_of_turn(ctx):
        return
    ctx.emit(ev.TurnEnded(turn))


def _vehicle_end(ctx: Ctx, index: int) -> None:
    """BT-C-24.3: the End phase counts a vehicle crew's stun down (`CrewRecovered`)."""
    unit = ctx.state.units[index]
    body = unit.body
    if unit.on_map and isinstance(body, VehicleBody) and body.stunned > 0:
        ctx.emit(CrewRecovered(index, body.stunned - 1))


def dump_ammo(ctx: Ctx, command: DumpAmmo) -> None:
    """BT-C-58: declare, before the next initiative roll, the bins dumped during the next turn."""
    state = ctx.state
    if state.phase is not Phase.INITIATIVE:
        msg = "ammunition dumps are declared in the End phase, before the initiative roll"
        raise IllegalCommand("dump/phase", msg)
    if not 0 <= command.unit < len(state.units):
        raise IllegalCommand("unit/unknown", f"there is no unit {command.unit + 1}")
    unit = state.units[command.unit]
    if not unit.on_map:
        raise IllegalCommand("dump/off_map", f"the {unit.name} is not on the map")
    if not command.bins:
        raise IllegalCommand("dump/none", "name the ammunition bins to dump")
    for bin_ in command.bins:
        if not 0 <= bin_ < len(unit.design.equipment) or unit.design.equipment[bin_].shots <= 0:
            raise IllegalCommand("dump/not_ammo", f"item {bin_ + 1} is not an ammunition bin")
        if unit.ammo[bin_] <= 0:
            name = unit.design.equipment[bin_].name
            raise IllegalCommand("dump/empty", f"the {name} bin is already empty")
    ctx.emit(ev.AmmoDumpDeclared(command.unit, tuple(sorted(set(command.bins)))))
