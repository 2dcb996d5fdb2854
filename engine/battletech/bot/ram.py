"""The computer's rams: a ground vehicle charges a 'Mech or a vehicle (BT-C-36, BT-C-42).

A ram is a move that ends facing the target in the next hex (`rules.flow.check_charge_move`
says which the rules allow). The movement ranking (`bot.movement`) weighs the end position as
for any move: the damage the vehicle takes there next, cover, the objective; a ram gives up the
vehicle's fire (BT-C-42: no weapon attacks while charging), so the fire that ranking expects
from there is taken out and the ram's own worth put in:

- dealt: its chance (`physical.physical_to_hit`: the crew's Driving against the target's
  Piloting, its own cruise/flank terms) times ceil(tons x hexes moved / 10), worth more on a
  hurt or light target (`evaluate.weakness`, `focus`, `scale`), with the chance it destroys it
  and, on a 'Mech, the +2 PSR it forces (a fall);
- taken: ceil(target tons / `physical.CHARGE_ATTACKER_TONS`) on the vehicle's front, on a hit.

It rams when that beats the best move the ranking found (its fire from there included); a
column that must withdraw counts a ram's worth at half, as the ranking counts its fire. A
vehicle carrying troops does not ram (its passengers would take the cargo hits, BT-C-24.3).
"""

from __future__ import annotations

import attrs

from engine.battletech.bot.evaluate import (
    Weights,
    focus,
    p_hit,
    p_psr_fail,
    scale,
    speed,
    vital_points,
    weakness,
)
from engine.battletech.bot.movement import _Candidate, _counted, _Ranker
from engine.battletech.bot.reasons import Decision, label
from engine.battletech.commands import BTCommand, Move
from engine.battletech.designs import VehicleDesign
from engine.battletech.designs.vehicle import Motion
from engine.battletech.kinds.vehicle import VehicleBody
from engine.battletech.rules import physical
from engine.battletech.rules.aboard import passengers
from engine.battletech.rules.flow import check_charge_move
from engine.battletech.rules.movement import reachable
from engine.battletech.rules.victory import tonnage
from engine.battletech.state import AttackKind, BTState, Movement, MoveMode, UnitState
from engine.game import IllegalCommand

__all__ = ["choose_ram", "ram_value"]

_FALL_COST = 6.0
"""A 'Mech's fall, in damage points (as `bot.movement` counts it)."""
_SCORED = 3
"""The rams of most worth whose end positions the movement ranking weighs in full."""
_GETAWAY = 0.5
"""A column that must withdraw counts the damage it deals at half (as `bot.movement` does)."""
_KILL = 20.0
"""A ram that may destroy its target: the kill's worth, in damage points."""


def _rammer(unit: UnitState) -> bool:
    """A ground vehicle that may ram (no VTOL, BT-C-36), carrying nobody."""
    body = unit.body
    return (
        isinstance(unit.design, VehicleDesign)
        and isinstance(body, VehicleBody)
        and not body.airborne
        and unit.design.motion is not Motion.VTOL
    )


def _targets(state: BTState, index: int) -> bool:
    """Any enemy 'Mech or vehicle within a flank move and a hex of the vehicle."""
    unit = state.units[index]
    assert unit.hex is not None  # noqa: S101 - a mover is on the map
    reach = speed(unit)[1] + 1
    return any(
        u.side != unit.side
        and u.on_map
        and u.hex is not None
        and (u.is_mech or isinstance(u.body, VehicleBody))
        and unit.hex.distance(u.hex) <= reach
        for u in state.units
    )


def _withdrawing(state: BTState, side: int) -> bool:
    """``side`` must get its units off the map (`rules.victory` ``withdraw``)."""
    victory = state.victory
    return victory.kind == "withdraw" and victory.side == side


def ram_value(
    state: BTState, moved: UnitState, index: int, target: int, frail: float
) -> tuple[float, float, float, int]:
    """BT-C-42: (worth, damage dealt expected, damage taken expected, to-hit) of a ram.

    ``moved``: the vehicle as its move leaves it; ``frail``: how much its own damage counts
    (`movement`'s ``frail`` times its ``own_scale``). Worth -100 when it cannot hit.
    """
    charging = attrs.evolve(moved, this_turn=attrs.evolve(moved.this_turn, charging=target))
    after = state.replace_unit(index, charging)
    hit = physical.physical_to_hit(after, index, AttackKind.CHARGE, target)
    if not hit.possible or hit.number is None:
        return -100.0, 0.0, 0.0, 13
    other = after.units[target]
    p = p_hit(hit.number)
    hexes = max(1, moved.movement.hexes if moved.movement is not None else 1)
    dealt = physical.charge_damage(tonnage(moved), hexes)
    back = physical.charge_damage_to_attacker(tonnage(other))
    kill = min(1.0, dealt / max(1.0, 3.0 * vital_points(other)))
    worth = dealt * (1 + weakness(other)) * focus(other) * scale(other) + _KILL * kill
    falls = p_psr_fail(other, 2) * _FALL_COST  # BT-C-42: a 'Mech rammed rolls at +2
    value = p * (worth + falls - back * frail)  # a miss only sidesteps (BT-C-42)
    return value, p * dealt, p * back, hit.number


def choose_ram(state: BTState, index: int, weights: Weights, best: Decision) -> Decision:
    """``best`` (the ranking's move), or a ram that is worth more (see the module docstring)."""
    unit = state.units[index]
    if (
        not _rammer(unit)
        or state.active is not None
        or unit.movement is not None
        or passengers(state, index)
        or not _targets(state, index)
    ):
        return best
    targets = {
        u.hex: i
        for i, u in enumerate(state.units)
        if u.side != unit.side
        and u.on_map
        and u.hex is not None
        and (u.is_mech or isinstance(u.body, VehicleBody))
    }
    walk = speed(unit)[0]
    frail = (1.0 + weakness(unit)) * scale(unit)  # as the ranking counts its own damage
    rams: list[tuple[float, _Candidate, int, tuple[float, float, int]]] = []
    # one search at flank speed: the cheapest way to a hex may leave no cruise MP to enter the
    # target's, so the run is kept, and the same steps cruised when they fit (+1, not +2)
    for (where, facing), reach in reachable(state, index, MoveMode.RUN).items():
        target = targets.get(where.neighbor(facing))
        if target is None or not reach.steps:
            continue
        modes = (MoveMode.WALK, MoveMode.RUN) if reach.mp < walk else (MoveMode.RUN,)
        for mode in modes:
            ram = Move(index, mode, reach.steps, charge=target)
            try:
                check_charge_move(state, ram)
            except IllegalCommand:
                continue
            counted = _counted(reach)
            candidate = _Candidate(ram, where, facing, mode, counted, reach.mp, reach.rolls)
            moved = attrs.evolve(
                unit,
                hex=where,
                facing=facing,
                movement=Movement(mode, mp_spent=reach.mp, hexes=counted, counted=counted),
            )
            value, dealt, taken, number = ram_value(state, moved, index, target, frail)
            rams.append((value, candidate, target, (dealt, taken, number)))
            break  # cruising gets there: a flank would only be easier to hit back
    if not rams:
        return best
    rams.sort(key=lambda item: -item[0])
    ranker = _Ranker(state, index, weights)
    getaway = _GETAWAY if _withdrawing(state, unit.side) else 1.0
    top = best.alternatives[0][1] if best.alternatives else float("-inf")
    found: list[tuple[float, str, BTCommand]] = []
    for value, candidate, target, (dealt, taken, number) in rams[:_SCORED]:
        score = ranker.score(candidate)
        # the position as the ranking sees it, without the fire a ram gives up
        total = score.total - weights.dealt * score.dealt + weights.melee * value * getaway
        name = state.units[target].name
        words = (
            f"rams the {name} from {label(candidate.hex)}: needs {number}, "
            f"expects to deal {dealt:.1f} and take {taken:.1f} (its fire from there "
            f"would deal {score.shown:.1f})"
        )
        found.append((total, words, candidate.command))
    found.sort(key=lambda item: -item[0])
    total, words, chosen = found[0]
    if total <= top:
        return best
    alternatives = (("ram", round(total, 1)), *best.alternatives)
    return Decision(chosen, words, alternatives)
