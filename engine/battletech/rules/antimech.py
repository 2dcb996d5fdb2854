"""Anti-'Mech attacks in play: leg attacks, swarms, letting go, brushing off (BT-C-35.8..35.10).

The pure tables are in `engine.battletech.kinds.infantry` and `engine.battletech.kinds.battle_armor`
(to-hit numbers, damage, the swarm table, brush-off numbers, shake-off damage); this module reads
the state for them, checks the commands of `engine.battletech.antimechevents`, rolls the dice and
applies the damage through the usual paths (`rules.damage` for 'Mechs, `rules.kinddamage` for the
other kinds). `rules.turn` hands it the declarations and calls `resolve` when a phase's attacks
resolve; `rules.flow` calls `after_move` when a unit's move ends.

DESIGN points (the digest is open there, or the program's other rules force a reading):
- the attacker stands in the target's hex or next to it: the movement rules keep a platoon out of
  an enemy's hex (BT-M-25), so it climbs on from the next hex; a swarm that hits moves it into the
  target's hex, where it clings (it counts for no stacking, `BTState.units_at` leaves it out);
- the anti-'Mech skill is the crew's ``piloting`` (the scenario's skill, default 5), for
  platoons and squads alike (MegaMek keeps it as the infantry "piloting");
- levels compared for "above the target" are the ground levels of the two hexes; no platoon's
  armor kit is taken for encumbering armor; no 'Mech here is an IndustrialMech or has tracks;
- a swarming unit does its swarm damage automatically in each later Weapon Attack phase (no roll,
  MegaMek's automatic success) unless it declares `StopSwarm`; it fires no weapon and does not
  move (it is carried: `SwarmCarried`);
- a conventional platoon's swarm: its infantry attack with every man hitting, in 2-point groups,
  each placed on the swarm table; on a vehicle every group (a squad's damage: one group) strikes
  the front column (the vehicle's normal table, BT-C-24);
- a 'Mech that ends a jump shakes its swarmers off (1 damage per Jump MP used on each trooper of a
  squad, 3D6 men of a platoon); a VTOL that ends a move in the air shakes them off by its
  elevation; other moves carry them along. Swarmers shaken off stay in the hex the unit left;
- "one critical chance" (leg attack, battle-armor swarm) is one in all: when the damage reached
  the structure there, the chance that rolled (BT-C-26) is it;
- a brush-off that misses does the arm's punch damage to the 'Mech itself on the punch table, front
  column (the location was not read); a brush-off is the 'Mech's physical attack of the turn.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.battletech import events as ev
from engine.battletech import kindevents as kev
from engine.battletech.antimechevents import (
    AntiMechCommand,
    AntiMechDeclared,
    AntiMechRolled,
    BrushOff,
    LegAttack,
    StopSwarm,
    SwarmAttack,
    SwarmCarried,
    SwarmEnded,
    SwarmStarted,
)
from engine.battletech.antimechorder import AntiMechOrder
from engine.battletech.commands import BTCommand, FireWeapons
from engine.battletech.context import Ctx
from engine.battletech.designs import BattleArmorDesign, InfantryDesign
from engine.battletech.designs.mech import Location, MechDesign
from engine.battletech.kinds import battle_armor, infantry
from engine.battletech.kinds.battle_armor import BattleArmorBody
from engine.battletech.kinds.infantry import AntiMechAttacker, AntiMechTarget, InfantryBody
from engine.battletech.kinds.vehicle import VehicleBody
from engine.battletech.rules import damage, kinddamage, physical, tohit
from engine.battletech.rules.condition import component_hits
from engine.battletech.rules.kindfire import kind_of
from engine.battletech.state import BTState, MoveMode, Phase, UnitState
from engine.battletech.tables import PUNCH_LOCATION, Column
from engine.game import IllegalCommand

__all__ = [
    "after_move",
    "brush_off_terms",
    "can_act",
    "check_fire",
    "declare",
    "is_swarming",
    "leg_terms",
    "options",
    "phase_of",
    "resolve",
    "swarm_terms",
    "swarmers_of",
]

_ARMS = (Location.LA, Location.RA)
_CANNOT_HIT = 13
_SHAKE_OFF_DICE = 3


# ---------------------------------------------------------------------------------- queries
def is_swarming(unit: UnitState) -> int | None:
    """The unit a platoon or squad swarms (BT-C-35.9), None for none or another kind."""
    body = unit.body
    if isinstance(body, InfantryBody | BattleArmorBody):
        return body.swarming
    return None


def swarmers_of(state: BTState, target: int) -> tuple[int, ...]:
    """The units swarming ``target`` (BT-C-35.9), on the map."""
    return tuple(
        i
        for i, unit in enumerate(state.units)
        if unit.on_map and is_swarming(unit) == target and i != target
    )


def phase_of(command: AntiMechCommand) -> Phase:
    """The attack phase a command is declared in: brush off in the Physical, the rest Weapon."""
    return Phase.PHYSICAL if isinstance(command, BrushOff) else Phase.WEAPON


def _skill(unit: UnitState) -> int:
    """DESIGN: the anti-'Mech skill is the crew's ``piloting`` (scenario default 5)."""
    return unit.pilot.piloting


def _level(state: BTState, unit: UnitState) -> int:
    return state.board.terrain(unit.hex).level if unit.hex is not None else 0


def _attacker(state: BTState, unit: UnitState) -> AntiMechAttacker | str:
    design, body = unit.design, unit.body
    elevation = _level(state, unit)
    if isinstance(design, BattleArmorDesign) and isinstance(body, BattleArmorBody):
        jumped = unit.movement is not None and unit.movement.mode is MoveMode.JUMP
        return battle_armor.anti_mech_attacker(
            design, body, skill=_skill(unit), boosted_jump=jumped, elevation=elevation
        )
    if isinstance(design, InfantryDesign) and isinstance(body, InfantryBody):
        return AntiMechAttacker(
            skill=_skill(unit),
            troopers=body.troopers,
            battle_armor=False,
            swarming=body.swarming is not None,
            elevation=elevation,
        )
    return f"only infantry and battle armor make anti-'Mech attacks; the {unit.name} cannot"


def _movement_modifier(unit: UnitState) -> int:
    """BT-C-15: the target-movement modifier (hexes counted, +1 for a jump)."""
    movement = unit.movement
    if movement is None:
        return 0
    return tohit.target_movement(movement.counted) + (1 if movement.jumped else 0)


def _target(state: BTState, attacker: UnitState, unit: UnitState, index: int) -> AntiMechTarget:
    body = unit.body
    airborne = isinstance(body, VehicleBody) and body.airborne
    passenger = isinstance(body, InfantryBody | BattleArmorBody) and body.carried_by is not None
    return AntiMechTarget(
        kind=kind_of(unit),
        enemy=unit.side != attacker.side,
        swarmed=bool(swarmers_of(state, index)),
        movement_modifier=_movement_modifier(unit),
        passenger=passenger,
        making_dfa=unit.this_turn.dfa is not None,
        airborne_vtol=airborne,
        elevation=_level(state, unit),
    )


def _where_problem(state: BTState, index: int, target: int) -> str | None:
    """Who may attack whom: both on the map, the target in or next to the attacker's hex."""
    if not 0 <= target < len(state.units):
        return f"there is no unit {target + 1}"
    if target == index:
        return "a unit cannot attack itself"
    unit, other = state.units[index], state.units[target]
    if not other.on_map or other.hex is None or unit.hex is None:
        return f"the {other.name} is not on the map"
    if unit.hex.distance(other.hex) > 1:
        return f"the {other.name} is not in or next to the {unit.name}'s hex (BT-C-35.8)"
    return None


def _terms(state: BTState, index: int, target: int, attack: str) -> list[tuple[str, int]] | str:
    """The named terms of a leg or swarm attack, or why it cannot be made (BT-C-35.8)."""
    why = _where_problem(state, index, target)
    if why is not None:
        return why
    unit, other = state.units[index], state.units[target]
    attacker = _attacker(state, unit)
    if isinstance(attacker, str):
        return attacker
    facts = _target(state, unit, other, target)
    number = (
        infantry.leg_attack_to_hit(attacker, facts)
        if attack == "leg"
        else infantry.swarm_to_hit(attacker, facts)
    )
    if isinstance(number, str):
        return number
    if number >= _CANNOT_HIT:
        return f"the {attack} attack needs {number}: it cannot hit (BT-C-35.8)"
    troopers = infantry.anti_mech_troopers_modifier(
        "leg" if attack == "leg" else "swarm", attacker.troopers, battle_armor=attacker.battle_armor
    )
    terms = [("anti-'Mech skill", attacker.skill), (f"{attacker.troopers} troopers", troopers or 0)]
    if attack == "leg" and facts.movement_modifier:
        terms.append(("target movement", facts.movement_modifier))
    if attack == "swarm" and attacker.magnetic_claws:
        terms.append(("magnetic claws", -1))
    rest = number - sum(value for _, value in terms)
    if rest:  # an IndustrialMech or tracks (not modelled here): kept so the sum stays true
        terms.append(("other", rest))
    return terms


def leg_terms(state: BTState, index: int, target: int) -> list[tuple[str, int]] | str:
    """BT-C-35.8: the named terms of ``index``'s leg attack on ``target``, or why it cannot be."""
    return _terms(state, index, target, "leg")


def swarm_terms(state: BTState, index: int, target: int) -> list[tuple[str, int]] | str:
    """BT-C-35.8: the named terms of ``index``'s swarm attack on ``target``, or why not."""
    return _terms(state, index, target, "swarm")


def _missing(unit: UnitState, arm: Location, component: str) -> bool:
    """The design has no such actuator in ``arm`` (BT-C-37)."""
    return not any(
        name.lower().replace("actuator", "").strip().startswith(component)
        for name in unit.mech_design.slots_at(arm)
    )


def _fired_from(unit: UnitState, arm: Location) -> bool:
    equipment = unit.design.equipment
    return any(
        getattr(equipment[i], "location", None) is arm
        for i in unit.this_turn.fired
        if 0 <= i < len(equipment)
    )


def brush_off_terms(  # noqa: PLR0911 - one guard per BT-C-35.10 condition
    state: BTState, index: int, target: int, arm: Location
) -> list[tuple[str, int]] | str:
    """BT-C-35.10: the named terms of 'Mech ``index`` brushing ``target`` off with ``arm``.

    Or why it cannot: only a 'Mech, only a unit swarming it, a standing biped with that arm
    present, its shoulder working, not flipped, no weapon in it fired this turn.
    """
    if not 0 <= target < len(state.units):
        return f"there is no unit {target + 1}"
    unit, other = state.units[index], state.units[target]
    if not unit.is_mech or not isinstance(unit.design, MechDesign):
        return f"only a 'Mech brushes off swarmers; the {unit.name} cannot (BT-C-35.10)"
    if not other.on_map or is_swarming(other) != index:
        return f"the {other.name} is not swarming the {unit.name} (BT-C-35.10)"
    if arm not in _ARMS:
        return "swarmers are brushed off with an arm, LA or RA (BT-C-35.10)"
    why = infantry.brush_off_problem(
        quad=unit.mech_design.config.lower().startswith("quad"),
        prone=unit.mech.prone,
        arm_present=not unit.mech.location_destroyed(arm),
        shoulder_working=component_hits(unit, arm, "shoulder") == 0,
        arm_flipped=unit.this_turn.arms_flipped,
        arm_fired=_fired_from(unit, arm),
    )
    if why is not None:
        return why
    upper = component_hits(unit, arm, "upper arm") > 0
    lower = _missing(unit, arm, "lower arm") or component_hits(unit, arm, "lower arm") > 0
    hand = _missing(unit, arm, "hand") or component_hits(unit, arm, "hand") > 0
    design = other.design
    claws = isinstance(design, BattleArmorDesign) and bool(
        battle_armor.has_equipment(design, "magnetic claw")
    )
    number = infantry.brush_off_to_hit(
        unit.pilot.piloting,
        upper_arm_destroyed=upper,
        lower_arm_missing=lower,
        hand_missing=hand,
        magnetic_claws=claws,
    )
    if number >= _CANNOT_HIT:
        return f"brushing off needs {number}: it cannot hit (BT-C-35.10)"
    named = (
        ("piloting", unit.pilot.piloting),
        ("brush off", infantry.BRUSH_OFF_BASE),
        ("upper arm actuator destroyed", 2 * upper),
        ("lower arm actuator missing or destroyed", 2 * lower),
        ("hand actuator missing or destroyed", int(hand)),
        ("swarmer's magnetic claws", int(claws)),
    )
    return [(name, value) for name, value in named if value or name in {"piloting", "brush off"}]


# ---------------------------------------------------------------------------------- options
def _leg_and_swarm(state: BTState, index: int) -> Iterator[BTCommand]:
    unit = state.units[index]
    if unit.hex is None or is_swarming(unit) is not None:
        return
    for target, other in enumerate(state.units):
        if target == index or other.side == unit.side or not other.on_map or other.hex is None:
            continue
        if unit.hex.distance(other.hex) > 1 or kind_of(other) not in {"mech", "vehicle"}:
            continue
        if not isinstance(leg_terms(state, index, target), str):
            yield LegAttack(index, target)
        if not isinstance(swarm_terms(state, index, target), str):
            yield SwarmAttack(index, target)


def options(state: BTState, index: int) -> list[BTCommand]:
    """The anti-'Mech commands unit ``index`` may declare in the current attack phase."""
    unit = state.units[index]
    if not unit.on_map:
        return []
    if state.phase is Phase.WEAPON:
        if not isinstance(unit.body, InfantryBody | BattleArmorBody):
            return []
        if is_swarming(unit) is not None:
            return [StopSwarm(index)]
        return list(_leg_and_swarm(state, index))
    if state.phase is Phase.PHYSICAL and unit.is_mech:
        return [
            BrushOff(index, swarmer, arm)
            for swarmer in swarmers_of(state, index)
            for arm in _ARMS
            if not isinstance(brush_off_terms(state, index, swarmer, arm), str)
        ]
    return []


def can_act(state: BTState, index: int) -> bool:
    """True when unit ``index`` has an anti-'Mech command to declare (it is dealt a slot)."""
    unit = state.units[index]
    if state.phase is Phase.WEAPON and not isinstance(unit.body, InfantryBody | BattleArmorBody):
        return False
    if state.phase is Phase.PHYSICAL and not unit.is_mech:
        return False
    return bool(options(state, index))


def check_fire(state: BTState, command: FireWeapons) -> None:
    """BT-C-35.9: a swarming unit fires no weapon; its swarm is its attack (or it stops).

    Raises:
        IllegalCommand: a swarming unit declared shots.
    """
    if not command.shots or not 0 <= command.unit < len(state.units):
        return
    unit = state.units[command.unit]
    target = is_swarming(unit)
    if target is not None:
        msg = (
            f"the {unit.name} swarms the {state.units[target].name}: its swarm is its attack; "
            "hold, or stopswarm (BT-C-35.9)"
        )
        raise IllegalCommand("antimech/swarming", msg)


# ---------------------------------------------------------------------------------- declare
def _refuse(code: str, why: str) -> IllegalCommand:
    return IllegalCommand(f"antimech/{code}", why)


def declare(ctx: Ctx, command: AntiMechCommand) -> None:
    """Check ``command`` and declare it (`AntiMechDeclared`); the phase's end rolls it.

    The caller (`rules.turn`) checked the phase, the slot and the unit, and adds `UnitDeclared`.

    Raises:
        IllegalCommand: why the command breaks BT-C-35.8..35.10, in one line.
    """
    state = ctx.state
    unit = state.units[command.unit]
    match command:
        case StopSwarm():
            target = is_swarming(unit)
            if target is None:
                raise _refuse("not_swarming", f"the {unit.name} is not swarming (BT-C-35.10)")
            order = AntiMechOrder("stop", target)
        case LegAttack() | SwarmAttack():
            attack = "leg" if isinstance(command, LegAttack) else "swarm"
            terms = _terms(state, command.unit, command.target, attack)
            if isinstance(terms, str):
                raise _refuse(attack, f"the {unit.name} cannot make that {attack} attack: {terms}")
            to_hit = sum(value for _, value in terms)
            order = AntiMechOrder(attack, command.target, to_hit, tuple(terms))
        case BrushOff():
            terms = brush_off_terms(state, command.unit, command.target, command.limb)
            if isinstance(terms, str):
                raise _refuse("brush", f"the {unit.name} cannot brush that off: {terms}")
            to_hit = sum(value for _, value in terms)
            order = AntiMechOrder("brush", command.target, to_hit, tuple(terms), command.limb)
    ctx.emit(AntiMechDeclared(command.unit, order))


# ---------------------------------------------------------------------------------- resolve
def resolve(ctx: Ctx, phase: Phase) -> None:
    """Roll and apply the phase's anti-'Mech actions, in unit order (BT-C-1: simultaneous).

    Weapon Attack phase: swarmers let go or do their swarm damage (those swarming when the phase
    began), then the leg and swarm attacks declared this phase roll. Physical Attack phase: the
    brush-offs. Then swarmers of destroyed units are let go and the rest follow their units.

    Like weapon attacks (BT-C-1), they resolve even when their unit was destroyed earlier in the
    phase, with its troopers at the phase's start; a squad destroyed so clings to nothing.
    """
    start = ctx.tally.start if ctx.tally is not None else ctx.state
    release(ctx)
    acting = [(i, u) for i, u in enumerate(start.units) if u.on_map]
    for index, before in acting:
        order = before.this_turn.anti_mech
        if phase is Phase.WEAPON:
            _swarmer(ctx, index, order, before)
        elif order is not None and order.attack == "brush":
            _brush(ctx, index, order, before)
    if phase is Phase.WEAPON:
        for index, before in acting:
            order = before.this_turn.anti_mech
            if order is not None and order.attack in {"leg", "swarm"}:
                _attack(ctx, index, order, before)
    release(ctx)


def _swarmer(ctx: Ctx, index: int, order: AntiMechOrder | None, before: UnitState) -> None:
    """BT-C-35.9/35.10: a swarmer lets go, or attacks the unit it swarmed at the phase's start."""
    unit = ctx.state.units[index]
    now, swarmed = is_swarming(unit), is_swarming(before)
    if order is not None and order.attack == "stop":
        if now == order.target:
            ctx.emit(SwarmEnded(index, order.target, "stopped"))
    elif swarmed is not None and (now == swarmed or not unit.on_map):
        _swarm_damage(ctx, index, swarmed, before)


def _roll(ctx: Ctx, index: int, order: AntiMechOrder) -> bool:
    roll = ctx.roll(2)
    hit = sum(roll) >= order.to_hit
    ctx.emit(AntiMechRolled(index, order.target, order.attack, order.to_hit, roll, hit))
    return hit


def _attack(ctx: Ctx, index: int, order: AntiMechOrder, before: UnitState) -> None:
    """BT-C-35.9: a declared leg or swarm attack rolls; a hit does its damage or attaches."""
    target = ctx.state.units[order.target]
    if not target.on_map or target.hex is None:
        return  # destroyed earlier in the phase: nothing happens (BT-C-35.9 item 1)
    if not _roll(ctx, index, order):
        return
    if order.attack == "swarm":
        if swarmers_of(ctx.state, order.target) or not ctx.state.units[index].on_map:
            return  # already swarmed this phase (BT-C-35.9 item 1), or no trooper left to cling
        ctx.emit(SwarmStarted(index, order.target, target.hex))
        return
    vibro, boosters = 0, 0
    if isinstance(before.design, BattleArmorDesign) and isinstance(before.body, BattleArmorBody):
        vibro, boosters = battle_armor.leg_attack_bonus(before.design, before.body)
    amount = infantry.leg_attack_damage(vibro_claws=vibro, myomer_booster_troopers=boosters)
    die = ctx.die()
    body = target.mech
    leg = infantry.leg_attack_location(
        die,
        right_leg_destroyed=body.location_destroyed(Location.RL),
        left_leg_destroyed=body.location_destroyed(Location.LL),
    )
    since = len(ctx.events)
    damage.apply_damage(ctx, order.target, leg, amount, roll=(die,), source=index)
    _critical(ctx, order.target, leg, index, since)


def _critical(ctx: Ctx, target: int, location: Location, source: int, since: int) -> None:
    """BT-C-35.9: one critical chance on the location hit, even if armor remains.

    DESIGN: one in all; when the damage reached the structure there, the chance it rolled
    (events after ``since``, BT-C-26) is that one.
    """
    unit = ctx.state.units[target]
    if not unit.on_map or unit.mech.location_destroyed(location):
        return
    rolled = any(
        isinstance(e, ev.CriticalChanceRolled) and e.unit == target and e.location is location
        for e in ctx.events[since:]
    )
    if not rolled:
        damage.critical_chance(ctx, target, location, source=source)


def _swarm_damage(ctx: Ctx, index: int, target: int, before: UnitState) -> None:
    """BT-C-35.9 item 2: a swarmer's attack on the unit it swarms, with no to-hit roll.

    Its troopers are those of the phase's start (``before``, BT-C-1).
    """
    other = ctx.state.units[target]
    design, body = before.design, before.body
    if not other.on_map:
        return
    squad = False
    if isinstance(design, BattleArmorDesign) and isinstance(body, BattleArmorBody):
        squad = True
        packets = [battle_armor.swarm_damage(design, body)]
    elif isinstance(design, InfantryDesign) and isinstance(body, InfantryBody):
        per = infantry.design_damage_per_trooper(design) or 0.0
        hitting = infantry.troopers_hit(body.troopers, 7, swarming=True)
        packets = list(infantry.damage_groups(infantry.attack_damage(per, hitting)))
    else:
        return
    if not other.is_mech:
        kinddamage.damage_unit(ctx, target, packets, column=Column.FRONT, spec=None, source=index)
        return
    quad = other.mech_design.config.lower().startswith("quad")
    for points in packets:
        if ctx.state.units[target].destroyed:
            break
        roll = ctx.roll(2)
        location, rear = infantry.swarm_location(sum(roll), quad=quad)
        since = len(ctx.events)
        if points > 0:
            damage.apply_damage(ctx, target, location, points, rear=rear, roll=roll, source=index)
        if squad:  # battle armor always rolls a critical chance, even at 0 damage
            _critical(ctx, target, location, index, since)


def _brush(ctx: Ctx, index: int, order: AntiMechOrder, before: UnitState) -> None:
    """BT-C-35.10: a hit does the arm's punch damage to the swarmer and ends the swarm.

    The arm's damage is as it was at the phase's start (``before``, BT-C-1).
    """
    unit = ctx.state.units[index]
    swarmer = ctx.state.units[order.target]
    arm = order.limb or Location.RA
    if not swarmer.on_map or is_swarming(swarmer) != index:
        return  # it let go or fell before the brush (nothing to brush off)
    hit = _roll(ctx, index, order)
    amount = physical.punch_damage(before, arm)
    if hit:
        packets = (
            list(battle_armor.sweep_groups(amount))
            if isinstance(swarmer.body, BattleArmorBody)
            else [amount]
        )
        kinddamage.damage_unit(
            ctx,
            order.target,
            packets,
            column=Column.FRONT,
            spec=None,
            source=index,
        )
        if is_swarming(ctx.state.units[order.target]) == index:
            ctx.emit(SwarmEnded(order.target, index, "brushed off"))
        return
    if not unit.on_map:
        return  # a wreck takes no more damage worth rolling for
    die = ctx.die()
    location = PUNCH_LOCATION[Column.FRONT][die - 1]
    damage.apply_damage(ctx, index, location, amount, roll=(die,))  # its own blow


# ---------------------------------------------------------------------------------- movement
def release(ctx: Ctx) -> None:
    """BT-C-35.10: swarmers of a destroyed unit are let go unharmed; others follow their unit."""
    for index, unit in enumerate(ctx.state.units):
        target = is_swarming(unit)
        if target is None or not unit.on_map:
            continue
        other = ctx.state.units[target]
        if not other.on_map or other.hex is None:
            gone = "target destroyed" if other.destroyed else "target gone"
            ctx.emit(SwarmEnded(index, target, gone))
        elif unit.hex != other.hex:
            ctx.emit(SwarmCarried(index, other.hex))


def after_move(ctx: Ctx, index: int) -> None:
    """BT-C-35.10 (DESIGN): a unit's move ended: shake its swarmers off, or carry them along.

    A 'Mech that jumped shakes them off (1 damage per Jump MP used to every trooper of a squad,
    3D6 men of a platoon); a VTOL in the air shakes them off by its elevation. Otherwise its
    swarmers are carried to its hex.
    """
    unit = ctx.state.units[index]
    swarmers = swarmers_of(ctx.state, index)
    movement = unit.movement
    body = unit.body
    jumped = movement.mp_spent if movement is not None and movement.mode is MoveMode.JUMP else 0
    airborne = body.elevation if isinstance(body, VehicleBody) and body.airborne else 0
    if swarmers and unit.on_map and (jumped or airborne):
        for swarmer in swarmers:
            _shake_off(ctx, swarmer, index, jumped=jumped, elevation=airborne)
    release(ctx)


def _shake_off(ctx: Ctx, swarmer: int, target: int, *, jumped: int, elevation: int) -> None:
    unit = ctx.state.units[swarmer]
    design, body = unit.design, unit.body
    if isinstance(design, BattleArmorDesign) and isinstance(body, BattleArmorBody):
        per = battle_armor.shake_off_damage(
            jump_mp_used=jumped, vtol_elevation=elevation, flies=design.jump_mp > 0
        )
        for trooper, boxes in enumerate(body.armor):
            if boxes > 0 and per > 0:
                ctx.emit(kev.TrooperHit(swarmer, trooper, per, (), source=target))
        after = ctx.state.units[swarmer].body
        if isinstance(after, BattleArmorBody) and after.destroyed and not unit.destroyed:
            ctx.emit(ev.UnitDestroyed(swarmer, "shaken off (BT-C-35.10)", by=target))
    elif isinstance(design, InfantryDesign) and isinstance(body, InfantryBody):
        flies = elevation > 0 and design.motion.value.startswith(("jump", "vtol"))
        roll = () if flies else ctx.roll(_SHAKE_OFF_DICE)
        lost = infantry.shake_off_troopers_lost(sum(roll))
        ctx.emit(kev.TroopersLost(swarmer, lost, sum(roll), "shaken off", roll, source=target))
        after = ctx.state.units[swarmer].body
        if isinstance(after, InfantryBody) and after.destroyed and not unit.destroyed:
            ctx.emit(ev.UnitDestroyed(swarmer, "shaken off (BT-C-35.10)", by=target))
    if is_swarming(ctx.state.units[swarmer]) is not None:
        ctx.emit(SwarmEnded(swarmer, target, "shaken off"))
