"""What the computer player weighs: hit chances, expected damage, heat budgets, personalities.

The numbers come from the rules' own tables and functions: 2D6 odds (BT-C-14), the range bands
(BT-C-16), the cluster table (BT-C-20), the heat scale (BT-C-54), the PSR target numbers
(BT-M-31). Every unit kind is weighed (issue 21): a vehicle's mounts fire into their arcs (BT-C-10)
and it tracks no heat (BT-M-3), a platoon fires its men as one attack in its own range brackets
(BT-C-35.6/35.7), a battle armor squad's weapons hit once per trooper (BT-C-35 item 2), and
damage to a platoon counts as the men it kills (BT-C-35 item 1: burst weapons best, x 2 in the
open). The movement ranking (`engine.battletech.bot.movement`) uses the cheap `volley`
estimate per candidate hex (with real lines of sight and modifiers); the fire choice
(`engine.battletech.bot.fire`) uses `tohit.weapon_to_hit` itself.
"""

from __future__ import annotations

import functools
import math
from typing import NamedTuple

from attrs import frozen

from engine.battletech.board import Terrain
from engine.battletech.data import catalogue
from engine.battletech.designs import InfantryDesign, VehicleDesign
from engine.battletech.designs.mech import Location
from engine.battletech.kinds import infantry
from engine.battletech.kinds.battle_armor import BattleArmorBody
from engine.battletech.kinds.infantry import InfantryBody
from engine.battletech.kinds.vehicle import VehicleBody
from engine.battletech.kinds.vehicle_combat import mount_arcs
from engine.battletech.kinds.vehicle_tables import TURRETS
from engine.battletech.rules import artillery, kindfire, kindmove
from engine.battletech.rules.condition import jump_mp, preexisting, run_allowance, walk_mp
from engine.battletech.rules.heat import dissipation, engine_heat, temperature_heat
from engine.battletech.rules.los import Arc
from engine.battletech.rules.tohit import (
    ammo_bins,
    attacker_modifiers,
    weapon_destroyed,
    weapon_spec,
)
from engine.battletech.rules.victory import fighting, tonnage
from engine.battletech.state import BTState, MoveMode, UnitState, fresh_body
from engine.battletech.tables import cluster_hits, heat_to_hit

__all__ = [
    "WEIGHTS",
    "Gun",
    "Weights",
    "against",
    "attacker_terms",
    "average_hits",
    "base_heat",
    "bearing",
    "durability",
    "focus",
    "guns",
    "last_turn",
    "outgunned",
    "p_hit",
    "p_psr_fail",
    "range_modifier",
    "scale",
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
    """BT-M-31: the chance to fail a PSR (piloting + preexisting damage + ``modifier``).

    0 for a vehicle, platoon or squad: they make no piloting rolls and never fall (BT-M-37.1).
    """
    if not unit.is_mech:
        return 0.0
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
        presses: it feels the clock (`urgency`) even when ahead on tonnage: it fights on for the
            kill instead of waiting out a win on time.
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
    presses: bool = False


WEIGHTS: dict[str, Weights] = {
    "cautious": Weights("cautious", 1.0, 1.5, 5, 9, 0.8, 1.5, 0.6, 0.75, 1.0, 1.5),
    "balanced": Weights("balanced", 1.0, 0.85, 8, 12, 1.2, 1.0, 1.0),
    "aggressive": Weights("aggressive", 1.25, 0.55, 10, 13, 2.0, 0.6, 1.4, 0.3, presses=True),
}
"""The weights of each personality (`engine.battletech.bot.PERSONALITIES`)."""


class Gun(NamedTuple):
    """One weapon as the bot reckons with it: expected damage on a hit, heat, ranges, mount.

    ``arcs``: the arcs a vehicle's mount fires into (BT-C-10; every arc for a free turret, a
    platoon or a squad); None for a 'Mech's weapon (front, or rear when ``rear``). ``bands``: a
    platoon's range term at each distance (BT-C-35.7; None: beyond), None for every other weapon.
    ``burst``: the expected men a hit kills in a platoon in cover (BT-C-35 item 1, before the
    x 2 in the open).
    """

    weapon: int
    name: str
    avg: float
    heat: int
    min_range: int
    short: int
    medium: int
    long: int
    rear: bool
    arcs: frozenset[Arc] | None = None
    bands: tuple[int | None, ...] | None = None
    burst: float = 0.0


def _average_damage(spec: catalogue.WeaponSpec) -> float:
    """The damage one hit does on average (missiles: the cluster table's average)."""
    if "streak" in spec.flags:
        return float(spec.damage * spec.rack)
    if spec.rack:
        return spec.damage * average_hits(spec.rack)
    return float(spec.damage)


_ALL_ARCS = frozenset(Arc)


def _expected_hits(troopers: int) -> float:
    """BT-C-35.6 item 2: the troopers of ``troopers`` that hit, on average over 2D6."""
    return (
        sum(_ODDS[roll - 2] * infantry.troopers_hit(troopers, roll) for roll in range(2, 13)) / 36
    )


def _men_killed(spec: catalogue.WeaponSpec, avg: float) -> float:
    """BT-C-35 item 1: the men one hit of ``spec`` kills in a platoon in cover, on average."""
    cls = infantry.damage_class(spec)
    dice = infantry.burst_dice(cls)
    if dice:
        return 3.5 * dice
    if cls is infantry.DamageClass.AREA:
        return 2.0 * avg
    per = 5 if cls is infantry.DamageClass.MISSILE else 10
    extra = {infantry.DamageClass.CLUSTER: 1, infantry.DamageClass.PULSE: 2}.get(cls, 0)
    return math.ceil(avg / per) + extra


def _platoon_gun(unit: UnitState) -> tuple[Gun, ...]:
    """A platoon's men as one weapon (BT-C-35.6): damage by the men that hit, its brackets."""
    design, body = unit.design, unit.body
    assert isinstance(design, InfantryDesign)  # noqa: S101 - a platoon
    assert isinstance(body, InfantryBody)  # noqa: S101
    if kindfire.unusable(unit, kindfire.PLATOON_WEAPON) or kindfire.PLATOON_WEAPON in (
        unit.this_turn.fired
    ):
        return ()
    per = infantry.design_damage_per_trooper(design) or 0.0
    avg = per * _expected_hits(body.troopers)
    bands: list[int | None] = [None]
    for distance in range(1, 25):
        reach = kindfire.infantry_range(unit, distance)
        if isinstance(reach, str):
            break
        bands.append(sum(v for _, v in reach[1]))
    if avg <= 0 or len(bands) < 2:  # noqa: PLR2004 - no hex in range
        return ()
    weapon = infantry.infantry_weapon(design.primary)
    heavy = weapon is not None and (weapon.burst or weapon.damage > infantry.PRIMARY_DAMAGE_CAP)
    long = len(bands) - 1
    return (
        Gun(
            kindfire.PLATOON_WEAPON,
            design.primary,
            avg,
            0,
            0,
            long,
            long,
            long,
            rear=False,
            arcs=_ALL_ARCS,
            bands=tuple(bands),
            burst=avg + (3.5 if heavy else 0.0),
        ),
    )


def _mount(unit: UnitState, index: int) -> frozenset[Arc] | None:
    """BT-C-10: the arcs weapon ``index`` of a vehicle or squad fires into (None: a 'Mech)."""
    if unit.is_mech:
        return None
    if not isinstance(unit.design, VehicleDesign):
        return _ALL_ARCS  # a squad fires all round
    location = unit.design.equipment[index].location
    if any(str(t) == location for t in TURRETS):
        return _ALL_ARCS  # DESIGN: the turret turns (a locked one is left to the rules' check)
    return mount_arcs(location)


def guns(unit: UnitState) -> tuple[Gun, ...]:
    """The unit's weapons that can still fire (not destroyed, with ammunition, doing damage).

    Any kind: a vehicle's weapons bear heat 0 (BT-M-3); a platoon is one `Gun` (its men); a battle
    armor squad weapon hits once per trooper that hits (BT-C-35 item 2).
    """
    if isinstance(unit.body, InfantryBody):
        return _platoon_gun(unit)
    mech = unit.is_mech
    troopers = unit.body.troopers if isinstance(unit.body, BattleArmorBody) else 0
    found = []
    for index, item in enumerate(unit.design.equipment):
        spec = weapon_spec(unit, index)
        if spec is None:
            continue
        if mech:
            if weapon_destroyed(unit, item):  # type: ignore[arg-type]
                continue
        elif kindfire.unusable(unit, index) or "ams" in spec.flags:
            continue
        spec = artillery.in_hexes(spec)  # BT-C-67: mapsheets counted in hexes
        if spec.uses_ammo and not any(unit.ammo[b] > 0 for b in ammo_bins(unit, spec)):
            continue
        avg = _average_damage(spec)
        if avg <= 0:
            continue
        burst = _men_killed(spec, avg)
        if troopers and not str(getattr(item, "location", "")).startswith("Trooper"):
            hits = _expected_hits(troopers)
            avg, burst = avg * hits, burst * hits
        found.append(
            Gun(
                index,
                spec.name,
                avg,
                spec.heat if mech else 0,
                spec.min_range,
                spec.short,
                spec.medium,
                spec.long,
                getattr(item, "rear", False),
                _mount(unit, index),
                burst=burst,
            )
        )
    return tuple(found)


def bearing(arsenal: tuple[Gun, ...], arcs: frozenset[Arc]) -> tuple[Gun, ...]:
    """The weapons of a vehicle or squad that fire into one of ``arcs`` (BT-C-10)."""
    return tuple(g for g in arsenal if g.arcs is None or g.arcs & arcs)


def against(
    arsenal: tuple[Gun, ...], target: UnitState, terrain: Terrain | None
) -> tuple[Gun, ...]:
    """``arsenal`` as ``target`` feels it: against a platoon, each hit counts as the men it kills.

    BT-C-35 item 1: burst weapons roll dice of men, the rest kill damage / 10 (missiles / 5),
    x 2 in the open (`infantry.in_open`); a platoon's own attack kills its damage in men
    (+1D6 heavy, BT-C-35.6 item 5). Halved against a mechanized platoon's armor (DESIGN: a
    rough middle of BT-C-35.12's x 2 and / 2). Every other target: ``arsenal`` itself.
    """
    if not isinstance(target.body, InfantryBody):
        return arsenal
    design = target.design
    factor = 2.0 if terrain is not None and infantry.in_open(terrain) else 1.0
    if isinstance(design, InfantryDesign) and design.motion.value.startswith("mechanized"):
        factor /= 2
    return tuple(g._replace(avg=g.burst * factor) for g in arsenal)


def range_modifier(gun: Gun, distance: int) -> int | None:
    """BT-C-16: the range term at ``distance`` (None: out of range), minimum range included.

    A platoon: its brackets (BT-C-35.7).
    """
    if distance > gun.long or distance <= 0:
        return None
    if gun.bands is not None:
        return gun.bands[distance]
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


NO_HEAT = -99
"""`base_heat` of a unit that tracks no heat: no weapon is ever held for heat."""


def attacker_terms(unit: UnitState) -> int:
    """BT-C-15/18.1/18.9: the attacker's own to-hit terms now (a 'Mech: with its heat).

    A vehicle, platoon or squad: `kindfire.attacker_terms` (a vehicle's mode and criticals;
    infantry ignores its own movement).
    """
    if unit.is_mech:
        return sum(v for _, v in attacker_modifiers(unit)) + heat_to_hit(unit.mech.heat)
    weapon = next((g.weapon for g in guns(unit)), 0)
    if weapon >= len(unit.design.equipment):
        return 0
    return sum(v for _, v in kindfire.attacker_terms(unit, weapon))


def base_heat(state: BTState, unit: UnitState) -> int:
    """BT-C-51/52: heat left at the end of the turn before movement and weapons.

    The unit's heat now, its engine hits and the temperature, less what its sinks dissipate
    (negative: room for that much movement and weapon heat before the heat rises). A vehicle,
    platoon or squad tracks no heat (BT-M-3, BT-M-4): always room, `NO_HEAT`.
    """
    if not unit.is_mech:
        return NO_HEAT
    return (
        unit.mech.heat
        + engine_heat(unit)
        + temperature_heat(state.temperature)
        - dissipation(state, unit)
    )


def _points(unit: UnitState, body: object) -> int:
    match body:
        case VehicleBody():
            return sum(body.armor) + sum(body.internal)
        case InfantryBody():
            return body.troopers  # its "points" are men (`against`)
        case BattleArmorBody():
            return sum(body.armor)
    return sum(unit.mech.armor) + sum(unit.mech.rear) + sum(unit.mech.internal)


def durability(unit: UnitState) -> int:
    """Armor and internal structure points left (a platoon: its men in action)."""
    return _points(unit, unit.body)


def weakness(unit: UnitState) -> float:
    """How badly hurt the unit is, 0 (intact) .. 1 (nothing left): a kill nearer is worth more."""
    if unit.is_mech:
        design = unit.mech_design
        full = sum(design.armor) + sum(design.rear_armor) + sum(design.internal)
    else:
        full = _points(unit, fresh_body(unit.design))
    return 1.0 - durability(unit) / full if full else 0.0


_SCALE_POINTS = 100.0


def scale(unit: UnitState) -> float:
    """What one point of damage to ``unit`` is worth against one to a 'Mech: 0.5 .. 4.

    1 for a 'Mech. A vehicle, platoon or squad: 100 over its full points (a platoon's men, a
    squad's boxes): a man of a 28-man platoon is a bigger share of it than a point of a tank.
    """
    if unit.is_mech:
        return 1.0
    full = _points(unit, fresh_body(unit.design))
    return min(4.0, max(0.5, _SCALE_POINTS / max(1, full)))


def speed(unit: UnitState) -> tuple[int, int, int]:
    """(walk, run, jump) MP now (a vehicle: cruise, flank; infantry: ground MP twice)."""
    if not unit.is_mech:
        if kindmove.can_move(unit) is not None:
            return 0, 0, 0
        walk = kindmove.allowance(unit, MoveMode.WALK)
        run = kindmove.allowance(unit, MoveMode.RUN) or walk
        return walk, run, kindmove.jump_mp(unit)
    return walk_mp(unit), run_allowance(unit), jump_mp(unit)


_URGENT_FROM = 0.3
"""The share of a destroy scenario's turns after which a side behind on tonnage grows urgent."""
_URGENT_SPAN = 0.45
"""... and the share over which that urgency rises to its full weight."""
_OPEN_FROM = 8
"""A destroy game with no turn limit: the turn after which both sides grow urgent (DESIGN)."""
_OPEN_SPAN = 8
"""... and the turns over which that urgency rises to its full weight."""


def urgency(state: BTState, side: int, *, ahead_too: bool = False) -> float:
    """How hard the clock pushes ``side`` to attack: 0 (not at all) .. 1 (the last turns).

    In a ``destroy`` scenario with a turn limit the side with the most tonnage still fighting
    wins when time runs out (`engine.battletech.rules.victory`; equal tonnage: a draw). A side
    behind or level must destroy or cripple something before then, the more urgently the fewer turns
    are left. 0 for a side ahead, or in ``hold`` and ``withdraw`` games (their objectives have
    terms of their own). DESIGN: a ``destroy`` game without a turn limit ends only when a side is
    gone, so a stand-off would never end: there both sides press from turn `_OPEN_FROM` on, fully
    `_OPEN_SPAN` turns later. With ``ahead_too`` (a personality that `Weights.presses`) the clock
    pushes a side ahead as hard as one level: it plays for the kill, not for time.
    """
    victory = state.victory
    if victory.kind != "destroy":
        return 0.0
    if not victory.turns:
        return min(1.0, max(0.0, (state.turn - _OPEN_FROM) / _OPEN_SPAN))
    tons: dict[int, float] = {}
    for unit in state.units:
        if fighting(state, unit):
            tons[unit.side] = tons.get(unit.side, 0) + tonnage(unit)
    mine = tons.get(side, 0)
    if not ahead_too and mine > max((t for s, t in tons.items() if s != side), default=0):
        return 0.0
    progress = state.turn / victory.turns
    return min(1.0, max(0.0, (progress - _URGENT_FROM) / _URGENT_SPAN))


_OUTGUNNED_CAP = 1.5


def outgunned(state: BTState, side: int) -> float:
    """How much more carefully ``side`` must fight: 1 (even or stronger) .. 1.5 (far weaker).

    Each side's strength is its firepower (the average damage of its weapons) times its
    staying power (`durability`), as in a Lanchester duel; a side weaker than its enemies weighs
    the damage it takes by the square root of the ratio (a 25-ton 'Mech against a 35-ton one
    trades worse and must pick its shots). DESIGN: the stronger side keeps its weights.
    """
    power: dict[bool, float] = {True: 0.0, False: 0.0}
    points: dict[bool, float] = {True: 0.0, False: 0.0}
    for unit in state.units:
        if not unit.on_map:
            continue
        mine = unit.side == side
        power[mine] += sum(g.avg for g in guns(unit))
        points[mine] += durability(unit) * scale(unit)
    ours = power[True] * points[True]
    theirs = power[False] * points[False]
    if ours <= 0 or theirs <= ours:
        return 1.0
    return min(_OUTGUNNED_CAP, math.sqrt(theirs / ours))


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

    A 'Mech without a leg falls and crawls (BT-C-28). A vehicle: its weakest location (BT-C-34);
    a platoon: its men; a squad: every trooper's boxes.
    """
    body = unit.body
    if isinstance(body, VehicleBody):
        return min(
            (a + i for a, i in zip(body.armor, body.internal, strict=False) if i > 0), default=0
        )
    if not unit.is_mech:
        return durability(unit)
    ct = unit.mech.armor_at(Location.CT) + unit.mech.internal_at(Location.CT)
    legs = min(
        unit.mech.armor_at(leg) + unit.mech.internal_at(leg) for leg in (Location.LL, Location.RL)
    )
    return min(ct, int(1.5 * legs))
