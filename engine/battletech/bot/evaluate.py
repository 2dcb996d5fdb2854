"""What the computer player weighs: hit chances, expected damage, heat budgets, personalities.

The numbers come from the rules' own tables and functions: 2D6 odds (BT-C-14), the range bands
(BT-C-16), the cluster table (BT-C-20), the heat scale (BT-C-54), the PSR target numbers
(BT-M-31). The movement ranking (`engine.battletech.bot.movement`) uses the cheap `volley`
estimate per candidate hex (with real lines of sight and modifiers); the fire choice
(`engine.battletech.bot.fire`) uses `tohit.weapon_to_hit` itself.
"""

from __future__ import annotations

import functools
import math
from typing import NamedTuple

from attrs import frozen

from engine.battletech.data import catalogue
from engine.battletech.designs.mech import Location
from engine.battletech.rules import artillery
from engine.battletech.rules.condition import jump_mp, preexisting, run_allowance, walk_mp
from engine.battletech.rules.heat import dissipation, engine_heat, temperature_heat
from engine.battletech.rules.tohit import ammo_bins, weapon_destroyed, weapon_spec
from engine.battletech.rules.victory import fighting
from engine.battletech.state import BTState, UnitState
from engine.battletech.tables import cluster_hits

__all__ = [
    "WEIGHTS",
    "Gun",
    "Weights",
    "average_hits",
    "base_heat",
    "durability",
    "focus",
    "guns",
    "last_turn",
    "p_hit",
    "p_psr_fail",
    "range_modifier",
    "speed",
    "urgency",
    "vital_points",
    "volley",
    "weakness",
]

_ODDS = (1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1)
"""Ways to roll 2 .. 12 on 2D6 (of 36)."""

_AT_LEAST = tuple(sum(_ODDS[i:]) / 36 for i in range(11))


def p_hit(number: int) -> float:
    """BT-C-14: the chance that 2D6 rolls ``number`` or more (0 above 12, 1 at 2 or less)."""
    if number <= 2:  # noqa: PLR2004 - the lowest roll of 2D6
        return 1.0
    if number > 12:  # noqa: PLR2004 - the highest
        return 0.0
    return _AT_LEAST[number - 2]


def p_psr_fail(unit: UnitState, modifier: int = 0) -> float:
    """BT-M-31: the chance to fail a PSR (piloting + preexisting damage + ``modifier``)."""
    target = unit.pilot.piloting + sum(v for _, v in preexisting(unit)) + modifier
    return 1.0 - p_hit(target)


@functools.cache
def average_hits(rack: int) -> float:
    """BT-C-20: the average number of missiles of a ``rack`` that hit (over 2D6)."""
    return sum(_ODDS[roll - 2] * cluster_hits(rack, roll) for roll in range(2, 13)) / 36


@frozen
class Weights:
    """A personality: how it weighs damage dealt against damage taken, and its heat limits.

    Attributes:
        name: the personality's name.
        dealt: weight of the damage it expects to deal.
        taken: weight of the damage it expects to take.
        heat_cap: the heat it lets a turn end at (BT-C-54: 5 slows, 8 spoils aim, 14 risks
            shutdown, 19 risks an ammunition explosion).
        kill_cap: the heat it accepts when the volley may destroy its target.
        approach: weight per hex of distance to the nearest enemy when none is in range.
        risk: weight of a fall's cost (piloting rolls it may fail).
        melee: weight of charges, DFAs and kicks (they risk the attacker).
        stand_off: the distance it likes to fight at, as a share of its longest weapon's reach
            (at least 3 hexes): beyond it, it closes in (``approach``).
        keep_off: weight per hex closer than that distance (0: it does not mind).
        cover: weight per point of cover at the end of a move (woods +1/+2, partial cover +1),
            beyond the damage it expects to take there.
    """

    name: str
    dealt: float
    taken: float
    heat_cap: int
    kill_cap: int
    approach: float
    risk: float
    melee: float
    stand_off: float = 0.5
    keep_off: float = 0.0
    cover: float = 0.0


WEIGHTS: dict[str, Weights] = {
    "cautious": Weights("cautious", 1.0, 1.5, 5, 9, 0.8, 1.5, 0.6, 0.75, 1.0, 1.5),
    "balanced": Weights("balanced", 1.0, 0.85, 8, 12, 1.2, 1.0, 1.0),
    "aggressive": Weights("aggressive", 1.25, 0.55, 10, 13, 2.0, 0.6, 1.4, 0.3),
}
"""The weights of each personality (`engine.battletech.bot.PERSONALITIES`)."""


class Gun(NamedTuple):
    """One weapon as the bot reckons with it: expected damage on a hit, heat, ranges, mount."""

    weapon: int
    name: str
    avg: float
    heat: int
    min_range: int
    short: int
    medium: int
    long: int
    rear: bool


def _average_damage(spec: catalogue.WeaponSpec) -> float:
    """The damage one hit does on average (missiles: the cluster table's average)."""
    if "streak" in spec.flags:
        return float(spec.damage * spec.rack)
    if spec.rack:
        return spec.damage * average_hits(spec.rack)
    return float(spec.damage)


def guns(unit: UnitState) -> tuple[Gun, ...]:
    """The unit's weapons that can still fire (not destroyed, with ammunition, doing damage)."""
    found = []
    for index, item in enumerate(unit.mech_design.equipment):
        spec = weapon_spec(unit, index)
        if spec is None or weapon_destroyed(unit, item):
            continue
        spec = artillery.in_hexes(spec)  # BT-C-67: mapsheets counted in hexes
        if spec.uses_ammo and not any(unit.ammo[b] > 0 for b in ammo_bins(unit, spec)):
            continue
        avg = _average_damage(spec)
        if avg <= 0:
            continue
        found.append(
            Gun(
                index,
                spec.name,
                avg,
                spec.heat,
                spec.min_range,
                spec.short,
                spec.medium,
                spec.long,
                item.rear,
            )
        )
    return tuple(found)


def range_modifier(gun: Gun, distance: int) -> int | None:
    """BT-C-16: the range term at ``distance`` (None: out of range), minimum range included."""
    if distance > gun.long or distance <= 0:
        return None
    term = 0 if distance <= gun.short else 2 if distance <= gun.medium else 4
    if gun.min_range and distance <= gun.min_range:
        term += gun.min_range - distance + 1
    return term


def volley(arsenal: tuple[Gun, ...], distance: int, base: int, budget: int) -> tuple[float, int]:
    """Expected damage of the best volley at ``distance``, ``base`` to-hit, heat <= ``budget``.

    Greedy by expected damage per point of heat (heat-free weapons first): the bot's estimate of
    what a unit would fire. Returns (expected damage, heat of the weapons fired).
    """
    shots = []
    for gun in arsenal:
        term = range_modifier(gun, distance)
        if term is None:
            continue
        expected = p_hit(base + term) * gun.avg
        if expected > 0:
            shots.append((expected / (gun.heat or 0.1), expected, gun.heat))
    shots.sort(reverse=True)
    total, heat = 0.0, 0
    for _, expected, cost in shots:
        if heat + cost > budget:
            continue
        total += expected
        heat += cost
    return total, heat


def base_heat(state: BTState, unit: UnitState) -> int:
    """BT-C-51/52: heat left at the end of the turn before movement and weapons.

    The unit's heat now, its engine hits and the temperature, less what its sinks dissipate
    (negative: room for that much movement and weapon heat before the heat rises).
    """
    return (
        unit.mech.heat
        + engine_heat(unit)
        + temperature_heat(state.temperature)
        - dissipation(state, unit)
    )


def durability(unit: UnitState) -> int:
    """Armor and internal structure points left."""
    return sum(unit.mech.armor) + sum(unit.mech.rear) + sum(unit.mech.internal)


def weakness(unit: UnitState) -> float:
    """How badly hurt the unit is, 0 (intact) .. 1 (nothing left): a kill nearer is worth more."""
    design = unit.mech_design
    full = sum(design.armor) + sum(design.rear_armor) + sum(design.internal)
    return 1.0 - durability(unit) / full if full else 0.0


def speed(unit: UnitState) -> tuple[int, int, int]:
    """(walk, run, jump) MP now."""
    return walk_mp(unit), run_allowance(unit), jump_mp(unit)


_URGENT_FROM = 0.3
"""The share of a destroy scenario's turns after which a side behind on tonnage grows urgent."""
_URGENT_SPAN = 0.45
"""... and the share over which that urgency rises to its full weight."""
_OPEN_FROM = 8
"""A destroy game with no turn limit: the turn after which both sides grow urgent (DESIGN)."""
_OPEN_SPAN = 8
"""... and the turns over which that urgency rises to its full weight."""


def urgency(state: BTState, side: int) -> float:
    """How hard the clock pushes ``side`` to attack: 0 (not at all) .. 1 (the last turns).

    In a ``destroy`` scenario with a turn limit the side with the most tonnage still fighting
    wins when time runs out (`engine.battletech.rules.victory`; equal tonnage: a draw). A side
    behind or level must destroy or cripple something before then, the more urgently the fewer turns
    are left. 0 for a side ahead, or in ``hold`` and ``withdraw`` games (their objectives have
    terms of their own). DESIGN: a ``destroy`` game without a turn limit ends only when a side is
    gone, so a stand-off would never end: there both sides press from turn `_OPEN_FROM` on, fully
    `_OPEN_SPAN` turns later.
    """
    victory = state.victory
    if victory.kind != "destroy":
        return 0.0
    if not victory.turns:
        return min(1.0, max(0.0, (state.turn - _OPEN_FROM) / _OPEN_SPAN))
    tons: dict[int, int] = {}
    for unit in state.units:
        if fighting(state, unit):
            tons[unit.side] = tons.get(unit.side, 0) + unit.mech_design.tonnage
    mine = tons.get(side, 0)
    if mine > max((t for s, t in tons.items() if s != side), default=0):
        return 0.0
    progress = state.turn / victory.turns
    return min(1.0, max(0.0, (progress - _URGENT_FROM) / _URGENT_SPAN))


def last_turn(state: BTState) -> bool:
    """True in a scenario's last turn: heat left at its end no longer matters (BT-C-54)."""
    turns = state.victory.turns
    return bool(turns) and state.turn >= turns


_FOCUS_POINTS = 100.0


def focus(unit: UnitState) -> float:
    """How much easier ``unit`` is to finish than a 100-point 'Mech: 0.7 .. 1.4.

    Damage on a light 'Mech with few points left brings its destruction nearer than the same
    damage on an assault 'Mech: the bot concentrates its fire where a kill is within reach.
    """
    return min(1.4, max(0.7, math.sqrt(_FOCUS_POINTS / max(1, durability(unit)))))


def vital_points(unit: UnitState) -> int:
    """Points between the unit and destruction at its weakest place: the CT, or a leg.

    A 'Mech without a leg falls and crawls (BT-C-28).
    """
    ct = unit.mech.armor_at(Location.CT) + unit.mech.internal_at(Location.CT)
    legs = min(
        unit.mech.armor_at(leg) + unit.mech.internal_at(leg) for leg in (Location.LL, Location.RL)
    )
    return min(ct, int(1.5 * legs))
