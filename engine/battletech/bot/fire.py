"""The computer's Weapon Attack phase: the target, the torso twist and the weapons, within heat.

Each legal declaration `tohit.fire_options` offers (one per enemy and torso position: no twist,
twisted left or right, arms flipped; BT-C-3, BT-C-62) is weighed with the real to-hit numbers
(`tohit.weapon_to_hit`, BT-C-14..19) and the average damage of each weapon (BT-C-20 clusters):
expected damage, more for a target already hurt, more again when the volley may finish it.

Heat (BT-C-51..54): the turn's heat is the unit's heat now plus its movement, engine hits, the
temperature and the weapons fired, less what its sinks dissipate (`evaluate.base_heat`). The
weapons go in by expected damage per point of heat while the end-of-turn heat stays within the
personality's cap (5 slows the 'Mech, 8 spoils its aim, 14 risks a shutdown, 19 an ammunition
explosion); the cap rises when the volley may destroy its target. A weapon left out for heat is
named in the reason ("held the PPC: heat would reach 14").

Weapons that cannot bear on the primary target may fire at a second one (+1 in the front arc,
+2 in another, BT-C-18.7) when the heat allows; the whole declaration is checked by
`tohit.declare_fire` before it is given.

Every unit kind fires by the same weighing (issue 21): the to-hit numbers come from the rules'
code for its kind (`tohit.weapon_to_hit` asks `rules.kindfire`: arcs of the mounts, a platoon's
brackets, BT-C-35.7), a vehicle, platoon or squad has no heat to hold weapons for (BT-M-3) and
never twists; against a platoon a weapon is worth the men it kills (`evaluate.against`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import attrs
from attrs import frozen

from engine.battletech.board import Terrain
from engine.battletech.bot.evaluate import (
    Gun,
    Weights,
    against,
    base_heat,
    focus,
    guns,
    last_turn,
    p_hit,
    scale,
    urgency,
    vital_points,
    weakness,
)
from engine.battletech.bot.reasons import Decision, weapon_list
from engine.battletech.commands import FireWeapons, Shot
from engine.battletech.events import AttackDeclared
from engine.battletech.rules import artillery, indirect, tohit
from engine.battletech.rules.heat import movement_heat
from engine.battletech.rules.los import Arc, arcs_of, line_of_sight
from engine.battletech.rules.tohit import declare_fire, fire_options, weapon_to_hit
from engine.battletech.state import BTState, UnitState
from engine.game import IllegalCommand
from engine.hexes import Facing

__all__ = ["choose_fire", "heat_plan"]

_ALTERNATIVES = 5
_KILL_BONUS = 12.0
_LAST_HEAT = 4
_TARGETS = 6
"""The nearest enemies in reach a declaration is weighed against."""


def heat_plan(
    rows: list[tuple[Gun, float]], start: int, cap: int
) -> tuple[list[tuple[Gun, float]], list[tuple[Gun, float]], int]:
    """Split weapons into fired and held so the turn's heat ends at ``cap`` or below.

    ``rows``: (weapon, expected damage); ``start``: the heat the turn ends at with no weapon
    fired (BT-C-51/52). Greedy by expected damage per point of heat. Returns (fired, held,
    the end-of-turn heat of the fired set).
    """
    order = sorted(rows, key=lambda r: (-(r[1] / (r[0].heat or 0.1)), r[0].weapon))
    fired: list[tuple[Gun, float]] = []
    held: list[tuple[Gun, float]] = []
    heat = start
    for gun, expected in order:
        if expected <= 0:
            continue
        if heat + gun.heat > cap and gun.heat > 0:
            held.append((gun, expected))
            continue
        fired.append((gun, expected))
        heat += gun.heat
    return fired, held, heat


@frozen
class _Plan:
    """One declaration weighed: the option, the weapons fired and held, heat, worth."""

    option: FireWeapons
    fired: list[tuple[Gun, float]]
    held: list[tuple[Gun, float]]
    heat: int
    value: float
    expected: float


def _own_options(state: BTState, index: int, arsenal: dict[int, Gun]) -> Iterator[FireWeapons]:
    """Every weapon at each of the nearest enemies in reach, from each torso position.

    Cheaper than `tohit.fire_options` in a big battle (it looks only at the nearest enemies);
    the declaration built from it is checked by `tohit.declare_fire` before it is given.
    """
    unit = state.units[index]
    here = unit.hex
    if here is None or tohit.cannot_fire(unit):
        return
    weapons = tuple(w for w in arsenal if w not in unit.this_turn.fired)
    reach = max((arsenal[w].long for w in weapons), default=0)
    near = sorted(
        (here.distance(u.hex), i)
        for i, u in enumerate(state.units)
        if u.side != unit.side and u.on_map and u.hex is not None and here.distance(u.hex) <= reach
    )
    prone = tohit.fires_prone(unit) or not unit.is_mech  # BT-C-3: only a 'Mech twists
    flip = not prone and tohit.can_flip_arms(unit)
    for _, target in near[:_TARGETS]:
        where = state.units[target].hex
        assert where is not None  # noqa: S101 - on the map
        spotter = None  # BT-C-16: out of sight, an LRM or artillery fires through a spotter
        if not line_of_sight(state, index, target).clear:
            spotter = indirect.best_spotter(state, index, target)
        arcs = arcs_of(here, unit.facing, where)
        poses: list[tuple[int, bool]] = [(0, False)]
        if Arc.FRONT not in arcs and not prone:
            poses += [(-1, False), (1, False)]  # BT-C-3: a twist brings it into the front arc
            if Arc.REAR in arcs and flip:
                poses.append((0, True))  # BT-C-62: arms flipped to fire behind
        for twist, flipped in poses:
            shots = tuple(Shot(w, target=target, spotter=spotter) for w in weapons)
            yield FireWeapons(index, shots, twist=twist, flip_arms=flipped, primary=target)


def _plans(
    state: BTState, index: int, weights: Weights, options: Iterable[FireWeapons]
) -> list[_Plan]:
    """Each option weighed: its weapons that can hit, split into fired and held for heat."""
    unit = state.units[index]
    arsenal = {gun.weapon: gun for gun in guns(unit)}
    start = base_heat(state, unit) + movement_heat(unit)
    urgent = urgency(state, unit.side, ahead_too=weights.presses)
    extra = _LAST_HEAT if last_turn(state) else 0  # no next turn for the heat to spoil
    plans: list[_Plan] = []
    for option in options:
        if not option.shots or option.primary is None:
            continue
        target = option.primary
        other = state.units[target]
        felt = {
            g.weapon: g for g in against(tuple(arsenal.values()), other, _terrain(state, other))
        }
        rows = []
        for shot in option.shots:
            gun = arsenal.get(shot.weapon)
            if gun is None or _shells_friends(state, index, shot.weapon, target):
                continue
            hit = weapon_to_hit(
                state,
                index,
                shot.weapon,
                target,
                twist=option.twist,
                flipped=option.flip_arms,
                spotter=shot.spotter,
            )
            if hit.possible and hit.number is not None:
                rows.append((gun, p_hit(hit.number) * felt[gun.weapon].avg))
        if not rows:
            continue
        possible = sum(e for _, e in rows)
        vital = vital_points(other)
        cap = extra + (weights.kill_cap if possible >= 0.6 * vital else weights.heat_cap)
        fired, held, heat = heat_plan(rows, start, cap)
        expected = sum(e for _, e in fired)
        if not fired:
            continue
        value = _worth(state, target, expected, vital)
        value += urgent * _KILL_BONUS * min(1.0, expected / max(1, vital))
        plans.append(_Plan(option, fired, held, heat, value, expected))
    plans.sort(key=lambda p: (-p.value, p.heat))
    return plans


def _terrain(state: BTState, unit: UnitState) -> Terrain | None:
    return state.board.terrain(unit.hex) if unit.hex is not None else None


def _shells_friends(state: BTState, index: int, weapon: int, target: int) -> bool:
    """Artillery is not fired where its area damage would strike a friend (BT-C-67)."""
    spec = tohit.weapon_spec(state.units[index], weapon)
    where = state.units[target].hex
    if not artillery.is_artillery(spec) or where is None:
        return False
    side = state.units[index].side
    return any(side == state.units[i].side for i, _ in artillery.area(state, where))


def _worth(state: BTState, target: int, expected: float, vital: int) -> float:
    """What ``expected`` damage on ``target`` is worth.

    More on a hurt target, a likely kill, a target down, one on the objective.
    """
    other = state.units[target]
    value = expected * (1.0 + weakness(other)) * focus(other) * scale(other)
    if expected >= 0.8 * vital:
        value += _KILL_BONUS
    if other.is_mech and (other.mech.prone or other.mech.shutdown):
        value += 1.0
    victory = state.victory
    if victory.kind == "hold" and other.hex in victory.hexes:
        value *= 1.5  # it holds (or contests) the objective
    return value


def choose_fire(state: BTState, index: int, weights: Weights) -> Decision:
    """The best declaration of unit ``index`` (holding fire when nothing is worth the heat)."""
    arsenal = {gun.weapon: gun for gun in guns(state.units[index])}
    plans = _plans(state, index, weights, _own_options(state, index, arsenal))
    command = None
    if plans:
        command = _with_secondary(state, index, plans[0], plans[1:], weights)
        try:
            declare_fire(state, command)
        except IllegalCommand:
            command = None  # shared ammunition, a prone 'Mech's one arm ...: ask the rules
    if command is None:
        plans = _plans(state, index, weights, fire_options(state, index))
        if plans:
            command = _with_secondary(state, index, plans[0], plans[1:], weights)
    if command is None or not plans:
        return Decision(FireWeapons(index), "holds fire: nothing worth the heat in reach", ())
    best = plans[0]
    alternatives = (
        *((_plan_label(state, p), round(p.value, 1)) for p in plans[:_ALTERNATIVES]),
        ("hold fire", 0.0),
    )
    return Decision(command, _reason(state, best, command), alternatives)


def _with_secondary(
    state: BTState, index: int, best: _Plan, others: list[_Plan], weights: Weights
) -> FireWeapons:
    """The best plan's declaration, plus weapons it leaves idle fired at a second target."""
    unit = state.units[index]
    option = best.option
    spotter = next((s.spotter for s in option.shots), None)
    shots = [Shot(gun.weapon, target=option.primary, spotter=spotter) for gun, _ in best.fired]
    used = {gun.weapon for gun, _ in best.fired} | {gun.weapon for gun, _ in best.held}
    heat = best.heat
    extra: list[tuple[str, int]] = []
    assert unit.hex is not None  # noqa: S101 - a declarer is on the map
    facing = Facing((int(unit.facing) + option.twist) % 6)
    for plan in others:
        same_pose = plan.option.twist == option.twist and plan.option.flip_arms == option.flip_arms
        target = plan.option.primary
        if not same_pose or target is None or target == option.primary:
            continue
        where = state.units[target].hex
        if where is None:
            continue
        secondary = "front" if Arc.FRONT in arcs_of(unit.hex, facing, where) else "other"
        seen_by = next((s.spotter for s in plan.option.shots), None)
        for gun, _ in plan.fired:
            if gun.weapon in used:
                continue
            hit = weapon_to_hit(
                state,
                index,
                gun.weapon,
                target,
                twist=option.twist,
                flipped=option.flip_arms,
                secondary=secondary,
                spotter=seen_by,
            )
            if not hit.possible or hit.number is None:
                continue
            felt = against((gun,), state.units[target], _terrain(state, state.units[target]))[0]
            if p_hit(hit.number) * felt.avg < 1.0 or heat + gun.heat > weights.heat_cap:
                continue
            shots.append(Shot(gun.weapon, target=target, spotter=seen_by))
            used.add(gun.weapon)
            heat += gun.heat
            extra.append((gun.name, target))
    command = FireWeapons(
        index, tuple(shots), twist=option.twist, flip_arms=option.flip_arms, primary=option.primary
    )
    if extra:
        try:
            declare_fire(state, command)
        except IllegalCommand:
            extra.clear()
            command = FireWeapons(
                index,
                tuple(s for s in shots if s.target == option.primary),
                twist=option.twist,
                flip_arms=option.flip_arms,
                primary=option.primary,
            )
    return _shell_hexes(state, command)


def _artillery_numbers(state: BTState, command: FireWeapons) -> dict[int, int] | None:
    """The declared to-hit number of each artillery weapon of ``command`` (None: refused)."""
    unit = state.units[command.unit]
    try:
        events = declare_fire(state, command)
    except IllegalCommand:
        return None
    return {
        e.attack.weapon: e.attack.to_hit
        for e in events
        if isinstance(e, AttackDeclared)
        and e.attack.weapon is not None
        and artillery.is_artillery(tohit.weapon_spec(unit, e.attack.weapon))
    }


def _shell_hexes(state: BTState, command: FireWeapons) -> FireWeapons:
    """BT-C-67: artillery fired at its target's hex instead, when that is easier to hit.

    A hex is an immobile target (-4) and its unit still takes the full damage; the rules check
    the declaration, and the one at the unit stays when they refuse it or it is no easier.
    """
    unit = state.units[command.unit]
    shots = []
    for shot in command.shots:
        where = state.units[shot.target].hex if shot.target is not None else None
        if where is not None and artillery.is_artillery(tohit.weapon_spec(unit, shot.weapon)):
            shot = attrs.evolve(shot, target=None, hex=where)  # noqa: PLW2901 - the shot, shelled
        shots.append(shot)
    if tuple(shots) == command.shots:
        return command
    targets = {s.target for s in shots if s.target is not None}
    shelled = attrs.evolve(
        command, shots=tuple(shots), primary=command.primary if command.primary in targets else None
    )
    before, after = _artillery_numbers(state, command), _artillery_numbers(state, shelled)
    if before is None or after is None or sum(after.values()) >= sum(before.values()):
        return command
    return shelled


def _plan_label(state: BTState, plan: _Plan) -> str:
    target = plan.option.primary
    name = state.units[target].name if target is not None else "?"
    twist = {-1: ", twisted left", 1: ", twisted right"}.get(plan.option.twist, "")
    if plan.option.flip_arms:
        twist = ", arms flipped"
    return f"{len(plan.fired)} weapons at {name}{twist}"


def _reason(state: BTState, plan: _Plan, command: FireWeapons) -> str:
    target = plan.option.primary
    name = state.units[target].name if target is not None else "?"
    others = len({s.target for s in command.shots}) - 1
    twist = {-1: ", torso twisted left", 1: ", torso twisted right"}.get(command.twist, "")
    text = (
        f"fires {len(command.shots)} weapon{'s' if len(command.shots) != 1 else ''} at {name}"
        f"{twist}{' and a second target' if others > 0 else ''}: "
        f"expects {plan.expected:.1f} damage"
    )
    if not state.units[command.unit].is_mech:
        return text  # BT-M-3: no heat to tell
    text += f", heat ends at {max(0, plan.heat)}"
    if plan.held:
        would = plan.heat + sum(gun.heat for gun, _ in plan.held)
        text += f"; held {weapon_list([g.name for g, _ in plan.held])}: heat would reach {would}"
    return text
