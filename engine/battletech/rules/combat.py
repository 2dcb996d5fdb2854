"""Resolving weapon attacks and the end of an attack phase (BT-C-1, BT-C-14, BT-C-19..23, BT-C-49).

To-hit rolls, cluster hits, hit locations and damage (through `damage.apply_damage`, which rolls
the criticals); attacks on hexes clear woods or start fires (BT-C-57, BT-C-60); then the phase's
PSRs and automatic falls, ejection and ammunition dumping (BT-C-58/59).

During a phase's resolution ``ctx.tally`` holds the phase's `Tally`.
"""

from __future__ import annotations

import re

import attrs

from engine.battletech import events as ev
from engine.battletech.board import BuildingClass, Terrain, Woods
from engine.battletech.context import Ctx, Tally
from engine.battletech.data import catalogue
from engine.battletech.data.catalogue import Kind, WeaponSpec
from engine.battletech.designs.items import Item
from engine.battletech.designs.mech import Location, Mounted
from engine.battletech.rules import artillery, kinddamage, special
from engine.battletech.rules.buildings import damage_building, shield
from engine.battletech.rules.condition import preexisting
from engine.battletech.rules.damage import apply_damage, fall, piloting_roll, wound
from engine.battletech.rules.environment import breakable, melt
from engine.battletech.rules.physical import missed_dfa
from engine.battletech.state import Attack, AttackKind, Phase, UnitState
from engine.battletech.tables import (
    HIT_LOCATION,
    KICK_LOCATION,
    PUNCH_LOCATION,
    Column,
    cluster_hits,
)
from engine.game import IllegalCommand
from engine.hexes import Hex

__all__ = [
    "DAMAGE_PSR",
    "DAMAGE_PSR_THRESHOLD",
    "auto_eject",
    "dump_ammo",
    "eject",
    "ejection_modifiers",
    "end_of_phase",
    "fire_number",
    "resolve_weapon_attack",
    "weapon_spec",
]

DAMAGE_PSR_THRESHOLD = 20
"""BT-C-49: a 'Mech that took this much damage in one phase makes a PSR (once a phase)."""

DAMAGE_PSR = ("20+ damage", 1)
"""BT-C-49: the PSR event of 20+ damage in one phase."""

_MAX_TO_HIT = 12
_AIMED = range(6, 9)
"""BT-C-19: an aimed shot strikes the chosen location on a 2D6 of 6, 7 or 8."""
_FIRE_RISK = 5
"""BT-C-57: clearing woods sets them on fire instead on 2D6 <= 5."""
_ACCIDENTAL_FIRE = 3
"""BT-C-60.3: a miss on a unit in woods sets them on fire on 2D6 <= 3."""
_BUILDING_FIRE = {
    BuildingClass.LIGHT: 0,
    BuildingClass.MEDIUM: 1,
    BuildingClass.HEAVY: 2,
    BuildingClass.HARDENED: 3,
}
"""BT-C-60.1: the fire table's building modifiers (woods 0)."""


def weapon_spec(unit: UnitState, index: int | None) -> WeaponSpec | None:
    """The catalogue row of equipment item ``index`` of ``unit`` (None: not a known weapon)."""
    if index is None or not 0 <= index < len(unit.design.equipment):
        return None
    name = unit.design.equipment[index].name
    spec = catalogue.SPECS.get(name) or catalogue.find(name, unit.design.tech_base)
    return spec if isinstance(spec, WeaponSpec) else None


# ------------------------------------------------------------------ weapon attacks
def resolve_weapon_attack(ctx: Ctx, number: int) -> None:
    """BT-C-14..23/57/60: resolve declared attack ``number`` (``ctx.state.attacks[number]``).

    Rolls to hit (`AttackRolled`; 13+ misses without dice), the cluster roll for missiles and
    LB-X cluster ammunition (`ClusterRolled`), each hit location on the attack's table and side
    (aimed shots, BT-C-19; rear armor on rear hits; a normal-table 2 also rolls for a critical),
    and applies each packet through `damage.apply_damage`. Hex targets clear woods or start
    fires; a miss on a unit in woods may set them alight (BT-C-60.3). Attacks resolve even when
    their attacker was destroyed earlier in the phase (BT-C-1). Every die is in an event.
    """
    attack = ctx.state.attacks[number]
    if attack.kind is not AttackKind.WEAPON:
        msg = f"attack {number} is a {attack.kind.value}, not a weapon attack"
        raise ValueError(msg)
    spec = weapon_spec(ctx.state.units[attack.attacker], attack.weapon)
    if spec is not None and artillery.is_artillery(spec):
        artillery.resolve(ctx, number, attack, spec)  # BT-C-67: area damage, scatter
        return
    if attack.target is None:
        if attack.munition == "inferno":
            _inferno_hex(ctx, number, attack)
        else:
            _hex_attack(ctx, number, attack, spec)
        return
    if not _to_hit(ctx, number, attack):
        if spec is not None and "streak" in spec.flags:
            _streak_held(ctx, attack, spec)
        else:
            _accidental_fire(ctx, attack)
        return
    _hit(ctx, number, attack, spec)


def _hit(ctx: Ctx, number: int, attack: Attack, spec: WeaponSpec | None) -> None:
    """BT-C-19..23, BT-C-24, BT-C-35: a hit's packets, located and applied by the target's kind."""
    assert attack.target is not None  # noqa: S101 - unit targets only
    target = attack.target
    special.on_hit(ctx, number, attack, spec)  # BT-C-75: a NARC pod attaches
    packets = kinddamage.attacker_packets(  # a platoon's men, a squad's troopers (BT-C-35.6)
        ctx, number, attack, lambda: _packets(ctx, number, attack, spec)
    )
    if kinddamage.is_kind(ctx, target):  # a vehicle, platoon or squad (BT-C-24, BT-C-35)
        column = Column(attack.side)
        kinddamage.damage_unit(
            ctx,
            target,
            packets,
            column=column,
            spec=spec,
            attack=attack,
            source=attack.attacker,
            shield=shield,  # in a building (BT-C-90.11)
        )
        return
    for packet in packets:
        if ctx.state.units[target].destroyed:
            break  # BT-C-34: a wreck takes no more damage worth rolling for
        points = shield(ctx, target, attack.attacker, packet)  # in a building (BT-C-90.11)
        if points <= 0 or ctx.state.units[target].destroyed:
            continue
        location, roll, tac = _locate(ctx, number, attack)
        apply_damage(
            ctx,
            target,
            location,
            points,
            rear=attack.side == Column.REAR.value,
            roll=roll,
            tac=tac,
            source=attack.attacker,
        )


def _to_hit(ctx: Ctx, number: int, attack: Attack) -> bool:
    """BT-C-14: 2D6 >= the declared to-hit number; 13+ cannot hit (no dice)."""
    if attack.to_hit > _MAX_TO_HIT:
        ctx.emit(ev.AttackRolled(number, (), hit=False))
        return False
    roll = ctx.roll(2)
    hit = sum(roll) >= attack.to_hit
    ctx.emit(ev.AttackRolled(number, roll, hit=hit))
    special.check_jam(ctx, number, attack, roll)  # BT-C-75: an Ultra at double rate rolled 2
    return hit


def _lbx_cluster(attack: Attack, spec: WeaponSpec) -> bool:
    """BT-C-75: an LB-X firing cluster ammunition (saves older than schema 4: the -1 term)."""
    if "lbx" not in spec.flags:
        return False
    return attack.munition == "cluster" or any("cluster" in name for name, _ in attack.modifiers)


def _packets(ctx: Ctx, number: int, attack: Attack, spec: WeaponSpec | None) -> list[int]:
    """BT-C-20/22/25: the damage packets of a hit, each located on its own.

    LRM and MRM: groups of 5 missiles (1 damage each); SRM: each missile (2); Streak: every
    missile hits (ASSUMPTION, BT-C-20); LB-X cluster: each pellet (1) from the cluster column of
    its class (BT-C-75); an Ultra at double rate: column 2, each shot its full damage (BT-C-75);
    anything else: one packet of its damage (none for NARC, TAG, AMS). Missiles: the cluster
    roll takes Artemis IV or a NARC pod, and the target's AMS stops some (`special`).
    """
    if spec is None or (spec.damage <= 0 and not spec.rack):
        return []
    if attack.rate > 1:
        return [spec.damage] * _cluster(ctx, number, attack.rate)
    if "streak" in spec.flags:
        return [spec.damage] * special.ams_intercept(ctx, number, attack, spec.rack)
    if _lbx_cluster(attack, spec):
        size = int(m[1]) if (m := re.search(r"LB (\d+)-X", spec.name)) else spec.damage
        return [1] * _cluster(ctx, number, size)
    if spec.rack:
        terms = special.cluster_modifiers(ctx, attack, spec)
        hits = _cluster(ctx, number, spec.rack, terms)
        hits = special.ams_intercept(ctx, number, attack, hits)
        group = max(spec.group, 1)
        packets = []
        while hits > 0:
            missiles = min(group, hits)
            packets.append(missiles * spec.damage)
            hits -= missiles
        return packets
    return [spec.damage]


def _cluster(ctx: Ctx, number: int, fired: int, terms: tuple[tuple[str, int], ...] = ()) -> int:
    """BT-C-20: the cluster roll (`ClusterRolled`): how many of ``fired`` hit.

    ``terms`` modify the roll (BT-C-75), clamped to 2..12 by `tables.cluster_hits`.
    """
    roll = ctx.roll(2)
    hits = cluster_hits(fired, sum(roll) + sum(value for _, value in terms))
    ctx.emit(ev.ClusterRolled(number, roll, fired, hits, terms))
    return hits


def _locate(ctx: Ctx, number: int, attack: Attack) -> tuple[Location, tuple[int, ...], bool]:
    """BT-C-19/22/23: where one packet lands: (location, the roll, a through-armor critical)."""
    column = Column(attack.side)
    if attack.aimed is not None:
        roll = ctx.roll(2)
        success = sum(roll) in _AIMED
        ctx.emit(ev.AimRolled(number, attack.aimed, roll, success))
        if success:
            return attack.aimed, roll, False
    if attack.table in {"punch", "kick"}:
        table = PUNCH_LOCATION if attack.table == "punch" else KICK_LOCATION
        die = ctx.die()
        return table[column][die - 1], (die,), False
    roll = ctx.roll(2)
    total = sum(roll)
    return HIT_LOCATION[column][total - 2], roll, total == 2  # noqa: PLR2004 - BT-C-22


def _streak_held(ctx: Ctx, attack: Attack, spec: WeaponSpec) -> None:
    """BT-C-20 (ASSUMPTION): a Streak that does not lock on does not fire: no ammo, no heat."""
    unit = ctx.state.units[attack.attacker]
    weapon = attack.weapon if attack.weapon is not None else -1
    refill = None
    items: tuple[Mounted | Item, ...] = unit.design.equipment
    for index, item in enumerate(items):
        ammo = catalogue.SPECS.get(item.name)
        if (
            isinstance(ammo, catalogue.AmmoSpec)
            and ammo.weapon == spec.key
            and unit.ammo[index] < item.shots
        ):
            refill = index
            break
    ctx.emit(ev.WeaponNotFired(attack.attacker, weapon, refill))


# ------------------------------------------------------------------ fire and woods
def fire_number(spec: WeaponSpec | None) -> int | None:
    """BT-C-60.1: the 2D6 a weapon needs to start a fire (None: it cannot).

    Flamers 4+, energy weapons 7+ (not micro or small lasers), missile and ballistic weapons
    9+ (not Gauss rifles or SRM-2s); weapons that do no damage start none.
    """
    if spec is None or (spec.damage <= 0 and not spec.rack):
        return None
    name = spec.name
    if "Flamer" in name:
        return 4
    if spec.kind is Kind.ENERGY:
        if "Laser" in name and ("Small" in name or "Micro" in name):
            return None
        return 7
    if "Gauss" in name or re.fullmatch(r"(Streak )?SRM 2", name):
        return None
    return 9


def _hex_attack(ctx: Ctx, number: int, attack: Attack, spec: WeaponSpec | None) -> None:
    """BT-C-57/60.2: an attack on a hex.

    Woods: a clearing attempt (the fire-risk roll first: on 2D6 <= 5 they catch fire and the
    attempt is used up; on a hit, 2D6 <= the damage clears one step). Ice: melted the same way
    (BT-C-61.2). A building: DESIGN (the buildings chapter is missing, BT-C-90.11) it loses the
    damage from its CF, and the hit may set it on fire (BT-C-60.1 with the building's modifier).
    Any other hex: the shot is only rolled.
    """
    where = attack.hex
    terrain = ctx.state.board.terrain(where)
    clearing = terrain.woods is not Woods.NONE and terrain.building is None
    if clearing:
        risk = ctx.roll(2)
        caught = sum(risk) <= _FIRE_RISK
        ctx.emit(ev.TerrainRolled(where, "fire risk", _FIRE_RISK, risk, success=caught))
        if caught:
            _set_fire(ctx, where, "the woods caught fire while being cleared")
            return
    if not _to_hit(ctx, number, attack):
        return
    damage = sum(_packets(ctx, number, attack, spec))
    terrain = ctx.state.board.terrain(where)
    if clearing or (terrain.ice and terrain.water is not None) or breakable(ctx.state, where):
        roll = ctx.roll(2)
        done = sum(roll) <= damage
        ctx.emit(ev.TerrainRolled(where, "clearing", damage, roll, success=done))
        if done:
            _clear(ctx, where, terrain)
        return
    if terrain.building is not None:
        damage_building(ctx, where, damage)  # it may collapse on the units inside (BT-M-41 #4)
        need = fire_number(spec)
        building = ctx.state.board.terrain(where).building
        if need is None or building is None or terrain.fire:
            return
        need += _BUILDING_FIRE[building.cls]
        roll = ctx.roll(2)
        started = sum(roll) >= need
        ctx.emit(ev.TerrainRolled(where, "fire", need, roll, success=started))
        if started:
            _set_fire(ctx, where, "set on fire")


def _inferno_hex(ctx: Ctx, number: int, attack: Attack) -> None:
    """BT-C-60.1: inferno missiles set woods or a building alight without a roll ("automatic")."""
    terrain = ctx.state.board.terrain(attack.hex)
    burns = terrain.woods is not Woods.NONE or terrain.building is not None
    if _to_hit(ctx, number, attack) and burns:
        _set_fire(ctx, attack.hex, "set on fire by inferno missiles")


def _clear(ctx: Ctx, where: Hex, terrain: Terrain) -> None:
    """BT-C-57: heavy woods become light, light woods rough; ice becomes open water."""
    if melt(ctx, where):  # BT-C-61.2: ice over water (`engine.battletech.rules.environment`)
        return
    if terrain.woods is Woods.HEAVY:
        after, cause = attrs.evolve(terrain, woods=Woods.LIGHT), "heavy woods cleared to light"
    elif terrain.woods is Woods.LIGHT:
        after, cause = attrs.evolve(terrain, woods=Woods.NONE, rough=True), "woods cleared to rough"
    else:
        after, cause = attrs.evolve(terrain, ice=False), "ice melted"
    ctx.emit(ev.TerrainChanged(where, after, cause))


def _set_fire(ctx: Ctx, where: Hex, cause: str) -> None:
    """BT-C-60: put a fire marker on ``where`` (a second success does nothing more)."""
    terrain = ctx.state.board.terrain(where)
    if not terrain.fire:
        ctx.emit(ev.TerrainChanged(where, attrs.evolve(terrain, fire=True), cause))


def _accidental_fire(ctx: Ctx, attack: Attack) -> None:
    """BT-C-60.3: a weapon that missed a unit in woods: on 2D6 of 2 or 3 the woods catch fire."""
    terrain = ctx.state.board.terrain(attack.hex)
    if terrain.woods is Woods.NONE or terrain.building is not None or terrain.fire:
        return
    roll = ctx.roll(2)
    caught = sum(roll) <= _ACCIDENTAL_FIRE
    ctx.emit(ev.TerrainRolled(attack.hex, "accidental fire", _ACCIDENTAL_FIRE, roll, caught))
    if caught:
        _set_fire(ctx, attack.hex, "a miss set the woods on fire")


# ------------------------------------------------------------------ the end of a phase
def end_of_phase(ctx: Ctx) -> None:
    """BT-C-1 item 3, BT-C-49, BT-C-59: the PSRs, automatic falls and ejections ending a phase.

    First, auto-eject (`auto_eject`) throws out the MechWarrior of every 'Mech still in the fight
    that had an internal explosion this phase. Then, units in index order: one PSR per event
    (20+ damage, +1, once; gyro, hip and leg actuator hits; kicks, charges ... from the physical
    attacks), each at its own modifier plus the other events' modifiers of the phase plus the
    damage as it was at the start of the phase (BT-M-30/31.3); an automatic fall (gyro or leg
    destroyed) instead of any roll. A 'Mech that falls rolls no more (BT-M-30 item 2); it falls
    in its own hex, 0 levels, and its injury roll carries the same damage modifiers (BT-M-36).
    A 'Mech that shut down this phase rolls normally (BT-C-54). In the Weapon phase a 'Mech about
    to make a death from above that falls loses it, falling as for a missed DFA (BT-C-43).
    """
    tally = ctx.tally
    if tally is None:
        return
    for index in sorted(tally.explosions):
        unit = ctx.state.units[index]
        if unit.on_map and auto_eject(unit):
            eject(ctx, index, automatic=True)
    heavy = {i for i, points in tally.damage.items() if points >= DAMAGE_PSR_THRESHOLD}
    for index in sorted(heavy | set(tally.psrs) | set(tally.falls)):
        _unit_psrs(ctx, tally, index, heavy=index in heavy)


def _unit_psrs(ctx: Ctx, tally: Tally, index: int, *, heavy: bool) -> None:
    unit = ctx.state.units[index]
    if not unit.on_map or not unit.is_mech:
        return  # PSRs are a 'Mech's (BT-M-37.1: vehicles roll Driving where a rule says so)
    events = ([DAMAGE_PSR] if heavy else []) + tally.psrs.get(index, [])
    start = tally.start.units[index]
    pre = preexisting(start)
    live = not start.mech.shutdown
    why = tally.falls.get(index)
    if why is not None:
        if not unit.mech.prone:
            _phase_fall(ctx, index, why, tuple(events) + pre, shutdown_ok=live)
        return
    for n, (reason, modifier) in enumerate(events):
        now = ctx.state.units[index]
        if not now.on_map or now.mech.prone:
            break
        others = tuple(events[:n] + events[n + 1 :])
        if not piloting_roll(
            ctx, index, reason, ((reason, modifier), *others), damage=pre, shutdown_ok=live
        ):
            cause = f"failed the {reason} roll"
            _phase_fall(ctx, index, cause, tuple(events) + pre, shutdown_ok=live)


def _phase_fall(
    ctx: Ctx, index: int, why: str, injury: tuple[tuple[str, int], ...], *, shutdown_ok: bool
) -> None:
    """BT-M-33.2: a combat fall in the unit's own hex.

    A 'Mech about to make a death from above falls as for a missed DFA (`physical.missed_dfa`:
    the target steps aside, it comes down in the target's hex, 2 levels on its back) and loses
    the DFA (BT-C-43).
    """
    unit = ctx.state.units[index]
    if unit.hex is None:
        return
    if unit.this_turn.dfa is not None and ctx.state.phase is Phase.WEAPON:
        missed_dfa(ctx, index, injury=injury, shutdown_ok=shutdown_ok)
        ctx.emit(ev.DFACancelled(index, why))
        return
    fall(ctx, index, unit.hex, 0, why, injury=injury, shutdown_ok=shutdown_ok)


# ------------------------------------------------------------------ ejection and dumping
def auto_eject(unit: UnitState) -> bool:
    """BT-C-59: auto-eject is on (DESIGN: for every 'Mech unless its ``auto_eject`` is False)."""
    return unit.mech.auto_eject


def ejection_modifiers(ctx: Ctx, index: int, *, automatic: bool) -> tuple[tuple[str, int], ...]:
    """BT-C-59: the ejection PSR's modifiers: landing terrain, prone, unconscious, head damage.

    The landing hex is the one directly behind the 'Mech. No preexisting damage (BT-M-31.3).
    """
    unit = ctx.state.units[index]
    terms: list[tuple[str, int]] = []
    behind = _behind(unit)
    terrain = ctx.state.board.get(behind) if behind is not None else None
    if terrain is not None:
        terms.append(_landing(terrain))
    if unit.mech.prone:
        terms.append(("prone", 5))
    if not unit.mech.conscious:
        terms.append(("unconscious", 3))
    head = unit.mech_design.internal_at(Location.HD) - max(unit.mech.internal_at(Location.HD), 0)
    if head > 0:
        terms.append(("head structure damage", head))
    if automatic:
        terms.append(("automatic ejection", 1))
    return tuple(terms)


def _behind(unit: UnitState) -> Hex | None:
    if unit.hex is None:
        return None
    return unit.hex.neighbor(unit.facing.opposite)


def _landing(terrain: Terrain) -> tuple[str, int]:
    """BT-C-59: the landing terrain's modifier."""
    if terrain.building is not None:
        return (
            f"landing on a building ({terrain.building.height} levels)",
            terrain.building.height,
        )
    if terrain.woods is Woods.HEAVY:
        return ("landing in heavy woods", 3)
    if terrain.woods is Woods.LIGHT:
        return ("landing in light woods", 2)
    if (terrain.water or 0) >= 1:
        return ("landing in water", -1)
    if terrain.rough or terrain.rubble:
        return ("landing in rough terrain" if terrain.rough else "landing in rubble", 0)
    return ("landing in the clear", -2)


def eject(ctx: Ctx, unit: int, *, automatic: bool = False) -> None:
    """BT-C-59: the MechWarrior of ``unit`` ejects (the landing PSR, `PilotEjected`).

    Called by the flow for `Eject` in the Movement phase (``automatic`` False), and by
    `end_of_phase` after an internal explosion when auto-eject fires (True). The pilot lands in
    the hex directly behind the 'Mech and rolls Piloting + `ejection_modifiers`; a failure is 1
    damage and a consciousness roll. DESIGN: a pilot whose landing hex is off the map has left
    the battlefield: no roll (``hex`` None).

    Raises:
        IllegalCommand: the 'Mech is not in the fight, or (not automatic) its pilot is out cold.
    """
    mech = ctx.state.units[unit]
    if not mech.on_map:
        raise IllegalCommand("eject/off_map", f"the {mech.name} is not in the fight")
    if not mech.is_mech:
        raise IllegalCommand("eject/kind", f"only a MechWarrior ejects, not the {mech.name}'s crew")
    if not automatic and not mech.mech.conscious:
        msg = f"the {mech.name}'s MechWarrior is unconscious and cannot eject (BT-C-59)"
        raise IllegalCommand("eject/unconscious", msg)
    behind = _behind(mech)
    if behind is None or behind not in ctx.state.board:
        ctx.emit(ev.PilotEjected(unit, None, automatic=automatic))
        return
    terms = ejection_modifiers(ctx, unit, automatic=automatic)
    named = (("piloting", mech.pilot.piloting), *terms)
    target = sum(value for _, value in named)
    roll = ctx.roll(2)
    success = sum(roll) >= target
    ctx.emit(ev.PilotingRoll(unit, "eject", target, named, roll, success=success))
    ctx.emit(ev.PilotEjected(unit, behind, automatic=automatic))
    if not success:
        wound(ctx, unit, 1, "ejection")


def dump_ammo(ctx: Ctx) -> None:
    """BT-C-58: in the End phase, empty every bin declared for dumping this turn (`AmmoDumped`).

    Until now the bins were aboard (unusable, but able to explode); dumped ammunition is gone.
    """
    for index, unit in enumerate(ctx.state.units):
        if unit.dumping and unit.on_map:
            ctx.emit(ev.AmmoDumped(index, tuple(sorted(unit.dumping))))
