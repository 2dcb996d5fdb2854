"""The computer's anti-'Mech attacks: leg attacks, swarms, letting go, brushing off.

BT-C-35.8..35.10.

A platoon or battle armor squad next to an enemy 'Mech (or vehicle, for a swarm) weighs its
anti-'Mech attacks against the volley `fire.choose_fire` chose, by the same worth of damage
(expected points, more on a hurt or light target, `evaluate.weakness`, `focus`, `scale`):

- a leg attack (BT-C-35.9): its chance (`rules.antimech.leg_terms`, BT-C-14 odds) times 4 points
  on a leg (more with vibro-claws or a myomer booster), the critical chance it always rolls, and
  the chance it blows off a leg that has that little left (the 'Mech falls, BT-C-28); it
  replaces this turn's fire only;
- a swarm (BT-C-35.9): its chance times the swarm damage it will do in each later Weapon Attack
  phase, automatically (`rules.antimech`), over the turns left (`_horizon`: at most three, each
  less likely to last: a brush-off, a jump shaking it off), less the fire it gives up meanwhile;
  a battle armor swarm rolls a critical chance every turn;
- letting go (BT-C-35.10): only when its swarm does less than half the damage its weapons would
  (a squad whose weapons are missiles, a platoon worn down to a few men).

A swarmed 'Mech weighs brushing the swarmer off (BT-C-35.10, `brush_off_value`, read by
`bot.physical`): the chance times the swarm damage it saves over the turns left and the arm's
punch damage to the swarmer, less, on a miss, that punch on itself. An arm that fired cannot
brush, so its Weapon Attack phase keeps an arm's weapons back when the brush-off is worth more
than their share of the volley (`keep_an_arm_free`).

A platoon or squad also closes in on an enemy 'Mech that has moved (`choose_close_in`) when the
movement ranking finds the position next to it, with the attack's worth instead of its fire,
better than its best move.
"""

from __future__ import annotations

import attrs

from engine.battletech.antimechevents import BrushOff, LegAttack, StopSwarm, SwarmAttack
from engine.battletech.bot.evaluate import (
    Weights,
    focus,
    guns,
    p_hit,
    scale,
    speed,
    volley,
    weakness,
)
from engine.battletech.bot.fire import choose_fire
from engine.battletech.bot.movement import _Candidate, _candidates, _next_to_enemies, _Ranker
from engine.battletech.bot.reasons import Decision, label
from engine.battletech.commands import BTCommand, FireWeapons
from engine.battletech.designs import BattleArmorDesign, InfantryDesign
from engine.battletech.designs.mech import Location
from engine.battletech.kinds import battle_armor, infantry
from engine.battletech.kinds.battle_armor import BattleArmorBody
from engine.battletech.kinds.infantry import InfantryBody
from engine.battletech.kinds.vehicle import VehicleBody
from engine.battletech.narrate.words import moved_verb
from engine.battletech.rules import antimech, physical, tohit
from engine.battletech.state import BTState, Movement, UnitState
from engine.game import IllegalCommand
from engine.hexes import Hex

__all__ = [
    "brush_off_value",
    "choose_close_in",
    "choose_weapon_attack",
    "horizon",
    "keep_an_arm_free",
    "swarm_damage",
]

_STAY = 0.7
"""The chance a swarmer is still clinging a turn later (brushed off, shaken off by a jump)."""
_TURNS = 3
"""The turns ahead a swarm is weighed over."""
_OPEN_TURNS = 3
"""The turns left in a game without a turn limit (DESIGN: as many as `_TURNS`)."""
_CRITICAL = 0.42
"""BT-C-26: the chance a critical chance (2D6 >= 8) finds something."""
_CRITICAL_WORTH = 5.0
"""What a critical hit is worth, in damage points (an actuator, a weapon, a heat sink ...)."""
_LEG_OFF = 20.0
"""A leg blown off (the 'Mech falls and crawls, BT-C-28), in damage points."""
_CLOSE_SCORED = 3
"""The moves next to an enemy whose end positions the movement ranking weighs in full."""
_LET_GO = 0.5
"""A swarmer lets go when its swarm does less than this share of its weapons' damage."""


def horizon(state: BTState) -> float:
    """The turns of swarm damage a swarm that holds now is worth: 1 + 0.7 + 0.49 at most.

    A swarm does its damage in each later Weapon Attack phase (BT-C-35.9): none in the last turn,
    one in the turn before it.
    """
    turns = state.victory.turns
    left = turns - state.turn if turns else _OPEN_TURNS
    return sum(_STAY**k for k in range(max(0, min(_TURNS, left))))


def swarm_damage(unit: UnitState) -> float:
    """BT-C-35.9: the damage ``unit`` does each turn it swarms (a squad: its swarm weapons).

    A platoon: every man hits (`infantry.troopers_hit` swarming), rounded as its attack is.
    """
    design, body = unit.design, unit.body
    if isinstance(design, BattleArmorDesign) and isinstance(body, BattleArmorBody):
        return float(battle_armor.swarm_damage(design, body))
    if isinstance(design, InfantryDesign) and isinstance(body, InfantryBody):
        per = infantry.design_damage_per_trooper(design) or 0.0
        hitting = infantry.troopers_hit(body.troopers, 7, swarming=True)
        return float(infantry.attack_damage(per, hitting))
    return 0.0


def _worth(other: UnitState, points: float) -> float:
    """``points`` of damage on ``other`` as the fire choice weighs them (`fire._worth`'s terms)."""
    return points * (1.0 + weakness(other)) * focus(other) * scale(other)


def _leg_damage(unit: UnitState) -> int:
    """BT-C-35.9: 4 points, +1 a vibro-claw, +2 a trooper with a myomer booster."""
    design, body = unit.design, unit.body
    vibro, boosters = 0, 0
    if isinstance(design, BattleArmorDesign) and isinstance(body, BattleArmorBody):
        vibro, boosters = battle_armor.leg_attack_bonus(design, body)
    return infantry.leg_attack_damage(vibro_claws=vibro, myomer_booster_troopers=boosters)


def _legs_off(other: UnitState, points: int) -> float:
    """The chance ``points`` on a leg (either, evenly, BT-C-35.9) blow one off."""
    if not other.is_mech:
        return 0.0
    legs = (Location.LL, Location.RL)
    left = [other.mech.armor_at(leg) + other.mech.internal_at(leg) for leg in legs]
    return sum(0.5 for n in left if 0 < n <= points)


def _number(terms: list[tuple[str, int]] | str) -> int | None:
    return None if isinstance(terms, str) else sum(v for _, v in terms)


def _fire_value(decision: Decision) -> float:
    """The worth of the volley ``decision`` declares (0: it holds its fire)."""
    command = decision.command
    if not isinstance(command, FireWeapons) or not command.shots or not decision.alternatives:
        return 0.0
    return max(0.0, decision.alternatives[0][1])


def _free_fire(unit: UnitState) -> float:
    """What the unit's weapons would do at one hex, unswarmed (its gunnery, +1 a moving target)."""
    return volley(guns(unit), 1, unit.pilot.gunnery + 1, 99)[0]


def choose_weapon_attack(state: BTState, index: int, weights: Weights) -> Decision:
    """The volley `fire.choose_fire` chooses, or an anti-'Mech attack worth more.

    Worth in the fire choice's own terms (its plans' ``value``: the personality's weights enter
    only through which volley it picks and the heat it accepts).

    Only a platoon or squad has anti-'Mech attacks (`rules.antimech.options`); a swarming one
    fires no weapon (BT-C-35.9): it clings or lets go.
    """
    options = antimech.options(state, index)
    if options and isinstance(options[0], StopSwarm):
        return _stay_or_let_go(state, index)
    fire = choose_fire(state, index, weights)
    if not options:
        return fire
    unit = state.units[index]
    volley_worth = _fire_value(fire)
    scored: list[tuple[float, str, str, BTCommand]] = []
    per_turn = swarm_damage(unit)
    ahead = horizon(state)
    crit = _CRITICAL * _CRITICAL_WORTH
    for option in options:
        assert isinstance(option, LegAttack | SwarmAttack)  # noqa: S101 - weapon-phase options
        other = state.units[option.target]
        if isinstance(option, LegAttack):
            number = _number(antimech.leg_terms(state, index, option.target))
            if number is None:
                continue
            p = p_hit(number)
            points = p * _leg_damage(unit)
            off = _legs_off(other, _leg_damage(unit)) * _LEG_OFF
            value = p * (_worth(other, _leg_damage(unit)) + crit + off)
            words = f"leg attack on the {other.name}: needs {number}, expects {points:.1f} on a leg"
            scored.append((value - volley_worth, words, f"leg attack on {other.name}", option))
            continue
        number = _number(antimech.swarm_terms(state, index, option.target))
        if number is None or per_turn <= 0:
            continue
        p = p_hit(number)
        each = _worth(other, per_turn) + (crit if isinstance(unit.body, BattleArmorBody) else 0)
        # it gives up this turn's fire, and while it clings, its fire in the turns after
        value = p * ahead * (each - volley_worth) - volley_worth
        words = f"swarmed the {other.name}: needs {number}, expects {per_turn:.0f} a turn"
        scored.append((value, words, f"swarm {other.name}", option))
    if not scored:
        return fire
    scored.sort(key=lambda item: -item[0])
    gain, words, _, best = scored[0]
    alternatives = tuple(
        sorted(
            (
                *((short, round(v + volley_worth, 1)) for v, _, short, _ in scored),
                *fire.alternatives,
            ),
            key=lambda item: -item[1],
        )
    )
    if gain <= 0:
        return Decision(fire.command, fire.reason, alternatives)
    return Decision(best, words, alternatives)


def _stay_or_let_go(state: BTState, index: int) -> Decision:
    """BT-C-35.10: a swarmer keeps clinging (holds fire: its swarm is its attack) or lets go."""
    unit = state.units[index]
    target = antimech.is_swarming(unit)
    name = state.units[target].name if target is not None else "?"
    clinging = swarm_damage(unit)
    free = _free_fire(unit)
    alternatives = (("keep swarming", round(clinging, 1)), ("let go", round(_LET_GO * free, 1)))
    if clinging < _LET_GO * free:
        reason = (
            f"lets go of the {name}: its swarm does {clinging:.0f} a turn, its weapons {free:.1f}"
        )
        return Decision(StopSwarm(index), reason, alternatives)
    reason = f"keeps swarming the {name}: {clinging:.0f} damage a turn, no roll"
    return Decision(FireWeapons(index), reason, alternatives)


def brush_off_value(state: BTState, option: BrushOff, weights: Weights) -> tuple[float, int]:
    """BT-C-35.10: a brush-off's worth and its to-hit number (worth -1 when it cannot be made).

    A hit ends the swarm (the damage it would do over the turns left, `horizon`, saved, counted
    as damage taken is) and does the arm's punch damage to the swarmer; a miss does that punch
    to the 'Mech itself.
    """
    number = _number(antimech.brush_off_terms(state, option.unit, option.target, option.limb))
    if number is None:
        return -1.0, 13
    unit, swarmer = state.units[option.unit], state.units[option.target]
    p = p_hit(number)
    punch = physical.punch_damage(unit, option.limb)
    saved = swarm_damage(swarmer) * horizon(state) * (1.0 + weakness(unit))
    value = (
        weights.dealt * p * _worth(swarmer, punch)
        + weights.taken * p * saved
        - weights.taken * (1 - p) * punch
    )
    return value, number


def _attack_worth(state: BTState, index: int, target: int) -> tuple[float, str] | None:
    """The best anti-'Mech attack of ``index`` on ``target`` as it stands: (worth, words)."""
    unit, other = state.units[index], state.units[target]
    found: list[tuple[float, str]] = []
    swarm = _number(antimech.swarm_terms(state, index, target))
    per_turn = swarm_damage(unit)
    crit = _CRITICAL * _CRITICAL_WORTH
    if swarm is not None and per_turn > 0:
        each = _worth(other, per_turn) + (crit if isinstance(unit.body, BattleArmorBody) else 0)
        found.append((p_hit(swarm) * horizon(state) * each, f"swarm it (needs {swarm})"))
    if other.is_mech:
        leg = _number(antimech.leg_terms(state, index, target))
        if leg is not None:
            off = _legs_off(other, _leg_damage(unit)) * _LEG_OFF
            worth = p_hit(leg) * (_worth(other, _leg_damage(unit)) + crit + off)
            found.append((worth, f"attack its legs (needs {leg})"))
    return max(found, default=None)


def _close_targets(state: BTState, index: int) -> dict[Hex, int]:
    """Enemy 'Mechs and vehicles that have moved, within the unit's move and a hex, by hex."""
    unit = state.units[index]
    assert unit.hex is not None  # noqa: S101 - checked by the caller
    reach = max(speed(unit)) + 1
    return {
        u.hex: i
        for i, u in enumerate(state.units)
        if u.side != unit.side
        and u.on_map
        and u.hex is not None
        and u.movement is not None
        and (u.is_mech or isinstance(u.body, VehicleBody))
        and unit.hex.distance(u.hex) <= reach
    }


def _close_options(
    state: BTState, index: int, targets: dict[Hex, int]
) -> list[tuple[float, _Candidate, int, str]]:
    """Each move ending next to one of ``targets``, with its anti-'Mech attack's worth there."""
    unit = state.units[index]
    options: list[tuple[float, _Candidate, int, str]] = []
    for candidate in _next_to_enemies(state, index, _candidates(state, index)):
        for where, target in targets.items():
            if candidate.hex.distance(where) != 1:
                continue
            moved = attrs.evolve(
                unit,
                hex=candidate.hex,
                facing=candidate.facing,
                movement=Movement(candidate.mode, mp_spent=candidate.mp, done=True),
            )
            found = _attack_worth(state.replace_unit(index, moved), index, target)
            if found is not None:
                options.append((found[0], candidate, target, found[1]))
    return options


def choose_close_in(state: BTState, index: int, weights: Weights, best: Decision) -> Decision:
    """``best`` (the ranking's move), or a move next to an enemy 'Mech to swarm it or its legs.

    Only a platoon or squad, only next to a 'Mech or vehicle that has moved already (one yet to
    move would walk away before the Weapon Attack phase). The end position is weighed by the
    movement ranking (`bot.movement`), its fire from there replaced by the anti-'Mech attack's
    worth when that is more (the attack is declared in the Weapon Attack phase only if it is
    still worth more than the volley then, `choose_weapon_attack`).
    """
    unit = state.units[index]
    if (
        not isinstance(unit.body, InfantryBody | BattleArmorBody)
        or antimech.is_swarming(unit) is not None
        or state.active is not None
        or unit.movement is not None
        or unit.hex is None
        or horizon(state) <= 0
    ):
        return best
    targets = _close_targets(state, index)
    if not targets:
        return best
    options = _close_options(state, index, targets)
    if not options:
        return best
    options.sort(key=lambda item: -item[0])
    ranker = _Ranker(state, index, weights)
    victory = state.victory
    getaway = 0.5 if victory.kind == "withdraw" and victory.side == unit.side else 1.0
    top = best.alternatives[0][1] if best.alternatives else float("-inf")
    chosen: tuple[float, _Candidate, int, str] | None = None
    for worth, candidate, target, words in options[:_CLOSE_SCORED]:
        score = ranker.score(candidate)
        total = score.total + weights.dealt * max(0.0, getaway * worth - score.dealt)
        if total > top and (chosen is None or total > chosen[0]):
            chosen = (total, candidate, target, words)
    if chosen is None:
        return best
    total, candidate, target, words = chosen
    reason = (
        f"{moved_verb(unit, candidate.mode)} to {label(candidate.hex)} next to the "
        f"{state.units[target].name} to {words}"
    )
    return Decision(candidate.command, reason, (("close in", round(total, 1)), *best.alternatives))


_ARMS = (Location.LA, Location.RA)


def keep_an_arm_free(state: BTState, index: int, fire: Decision, weights: Weights) -> Decision:
    """A swarmed 'Mech's volley less one arm's weapons, when brushing off with it is worth more.

    BT-C-35.10: an arm that fired this turn cannot brush a swarmer off in the Physical Attack
    phase. The arm's share of the volley's worth (its weapons' share of the average damage) is
    weighed against the brush-off's worth (`brush_off_value`, as if the arm had not fired).
    """
    command = fire.command
    unit = state.units[index]
    swarmers = antimech.swarmers_of(state, index)
    if not unit.is_mech or not swarmers or not isinstance(command, FireWeapons):
        return fire
    arsenal = {gun.weapon: gun for gun in guns(unit)}
    fired = [s for s in command.shots if s.weapon in arsenal]
    total = sum(arsenal[s.weapon].avg for s in fired) or 1.0
    worth = _fire_value(fire)
    equipment = unit.design.equipment
    best: tuple[float, Location, int] | None = None
    for arm in _ARMS:
        in_arm = [s for s in fired if getattr(equipment[s.weapon], "location", None) is arm]
        share = worth * sum(arsenal[s.weapon].avg for s in in_arm) / total
        for swarmer in swarmers:
            value, _ = brush_off_value(state, BrushOff(index, swarmer, arm), weights)
            gain = value - share
            if value > 0 and gain > 0 and (best is None or gain > best[0]):
                best = (gain, arm, swarmer)
    if best is None:
        return fire
    _, arm, swarmer = best
    shots = tuple(
        s for s in command.shots if getattr(equipment[s.weapon], "location", None) is not arm
    )
    if shots == command.shots:
        return fire  # nothing fires from that arm: it is free already
    held = attrs.evolve(command, shots=shots, primary=command.primary if shots else None)
    try:
        tohit.declare_fire(state, held)
    except IllegalCommand:
        return fire
    reason = (
        f"{fire.reason if shots else 'holds fire'}; keeps the {arm.long_name.lower()} free "
        f"to brush the {state.units[swarmer].name} off"
    )
    return Decision(held, reason, fire.alternatives)
