"""Damage to vehicles, platoons and battle armor squads, and the attacks of platoons and squads.

Rolls every die through ``ctx`` and emits `engine.battletech.kindevents`: a vehicle's hit
location by the side attacked (BT-C-24.1, a VTOL's BT-C-24.2), its damage (BT-C-24, BT-M-3: no
transfer), critical chances (BT-C-24.3/24.4), motive rolls (BT-M-37.5) and VTOL crashes
(BT-M-37.6); a platoon's men lost (BT-C-35 item 1, in the open x2; BT-C-35.6 item 5 for infantry
weapons); a battle armor trooper hit (BT-C-35 item 2). Platoons attack with their men (BT-C-35.6)
and squads with their troopers (cluster table by troopers, DESIGN below).

DESIGN points:
- a squad-mounted battle armor weapon fires once per trooper that hits: the cluster table read
  by the troopers in action (BT-C-35.6 item 2's table, as MegaMek's BA weapon handler); each
  hitting trooper's shot is the weapon's packets, located on their own;
- the fall-facing die of a VTOL crash is 1D6 - 1 (0 front, 1-2 right, 3 rear, 4-5 left);
- a turret that locks after an engine or turret-lock critical points straight ahead;
- the 1D6 that picks one of two turrets is rolled only for a turret result;
- a hit on a platoon is one lump per attack (BT-C-35 item 1), with infantry weapons' +1D6 for a
  burst or over-cap primary (BT-C-35.6 item 5, x 2 in the open like any hit, item 6 open);
- a building shields the vehicle, platoon or squad inside it as it shields a 'Mech (BT-C-90.11):
  each packet loses ⌈CF/10⌉; a platoon's men lost lose it once, after the conversion.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.battletech import events as ev
from engine.battletech import kindevents as kev
from engine.battletech.context import Ctx
from engine.battletech.data.catalogue import WeaponSpec
from engine.battletech.designs import InfantryDesign, VehicleDesign
from engine.battletech.designs.vehicle import VehicleLocation
from engine.battletech.kinds import infantry, vehicle_damage, vehicle_tables
from engine.battletech.kinds.battle_armor import BattleArmorBody, trooper_for_roll
from engine.battletech.kinds.infantry import InfantryBody
from engine.battletech.kinds.vehicle import VehicleBody
from engine.battletech.kinds.vehicle_tables import Crit
from engine.battletech.rules import aboard
from engine.battletech.state import Attack
from engine.battletech.tables import Column

__all__ = [
    "Shield",
    "attacker_packets",
    "damage_battle_armor",
    "damage_infantry",
    "damage_unit",
    "damage_vehicle",
    "is_kind",
]

Shield = Callable[[Ctx, int, int, int], int]
"""What of a packet reaches a unit inside a building: (ctx, target, source, points) -> points."""

_MAX_REROLLS = 50
"""A trooper or rotor reroll gives up after this many dice (never reached in play)."""


def is_kind(ctx: Ctx, index: int) -> bool:
    """True for a vehicle, a platoon or a battle armor squad (not a 'Mech)."""
    return not ctx.state.units[index].is_mech


# ------------------------------------------------------------------ attacks by platoons, squads
def attacker_packets(
    ctx: Ctx, number: int, attack: Attack, base: Callable[[], list[int]]
) -> list[int]:
    """BT-C-35.6 / BT-C-35 item 2: the damage packets of a hit by ``attack``'s attacker.

    A 'Mech or vehicle: ``base()`` (the weapon's packets, BT-C-20..22). A platoon: the cluster
    table by its men in action (`ClusterRolled`), x its damage a trooper, rounded, in 2-point
    groups (one lump against a platoon: `damage_infantry` reads the sum). A battle armor squad:
    a squad weapon's packets once per trooper that hits (DESIGN, cluster table by troopers); a
    trooper's own weapon once.
    """
    unit = ctx.state.units[attack.attacker]
    body = unit.body
    if isinstance(body, InfantryBody) and isinstance(unit.design, InfantryDesign):
        per = infantry.design_damage_per_trooper(unit.design) or 0.0
        roll = ctx.roll(2)
        hits = infantry.troopers_hit(body.troopers, sum(roll))
        ctx.emit(ev.ClusterRolled(number, roll, body.troopers, hits))
        return list(infantry.damage_groups(infantry.attack_damage(per, hits)))
    if isinstance(body, BattleArmorBody):
        item = unit.design.equipment[attack.weapon or 0]
        one = base()
        if item.location.startswith("Trooper"):
            return one
        roll = ctx.roll(2)
        hits = infantry.troopers_hit(body.troopers, sum(roll))
        ctx.emit(ev.ClusterRolled(number, roll, body.troopers, hits))
        return one * hits
    return base()


# ------------------------------------------------------------------ damage taken
def damage_unit(
    ctx: Ctx,
    target: int,
    packets: list[int],
    *,
    column: Column,
    spec: WeaponSpec | None,
    attack: Attack | None = None,
    source: int | None = None,
    shield: Shield | None = None,
) -> None:
    """Apply ``packets`` to a vehicle, platoon or squad ``target`` by its kind's rules.

    ``column`` is the side hit (vehicles); ``spec`` the weapon (None: a platoon's men or a
    physical blow) for the platoon's conversion class; ``attack`` the attack, if any.

    A building shields the unit inside it (BT-C-90.11 ASSUMPTION, as a 'Mech) from a weapon
    attack or a physical blow (BT-C-42 "the building absorbs damage normally") by ``source``
    from outside its hex: the caller passes ``shield`` (`engine.battletech.rules.buildings.shield`,
    handed in so that this module, which buildings' collapses call, does not import it): each
    vehicle or trooper packet loses the building's share, and a platoon's men lost do
    (`damage_infantry`).
    """
    body = ctx.state.units[target].body
    cover = shield if source is not None else None
    if isinstance(body, VehicleBody):
        for packet in packets:
            if ctx.state.units[target].destroyed:
                break  # BT-C-34: a wreck takes no more damage worth rolling for
            points = cover(ctx, target, source, packet) if cover and source is not None else packet
            if points > 0 and not ctx.state.units[target].destroyed:
                damage_vehicle(ctx, target, points, column, source=source)
    elif isinstance(body, InfantryBody):
        damage_infantry(ctx, target, packets, spec=spec, attack=attack, source=source, shield=cover)
    elif isinstance(body, BattleArmorBody):
        for packet in packets:
            if ctx.state.units[target].destroyed:
                break
            points = cover(ctx, target, source, packet) if cover and source is not None else packet
            if points > 0 and not ctx.state.units[target].destroyed:
                damage_battle_armor(ctx, target, points, source=source)


def _destroyed(ctx: Ctx, target: int, cause: str, source: int | None) -> None:
    unit = ctx.state.units[target]
    if not unit.destroyed:
        ctx.emit(ev.UnitDestroyed(target, cause, by=source))


def damage_vehicle(
    ctx: Ctx,
    target: int,
    points: int,
    column: Column,
    *,
    source: int | None = None,
    reroll_rotor: bool = False,
) -> None:
    """BT-C-24.1..24.4, BT-M-37.5/37.6: one packet of ``points`` on a vehicle hit from ``column``.

    2D6 on the vehicle's table (`VehicleHit`), then each critical chance (`VehicleCritical`),
    then a motive roll (`MotiveDamaged`) when the table says so, then a crash when a VTOL in
    flight lost its rotor or its mobility. ``reroll_rotor``: a crash's groups roll a rotor
    result again once the rotor is gone (BT-M-37.6).
    """
    unit = ctx.state.units[target]
    design, body = unit.design, unit.body
    assert isinstance(design, VehicleDesign)  # noqa: S101 - vehicles only
    assert isinstance(body, VehicleBody)  # noqa: S101
    for _ in range(_MAX_REROLLS):
        roll = ctx.roll(2)
        die = None
        try:
            hit = vehicle_tables.hit_location(design, column, sum(roll), body=body)
        except ValueError:  # a turret result on a vehicle with two: 1D6 picks it (BT-C-24.1)
            die = ctx.die()
            hit = vehicle_tables.hit_location(design, column, sum(roll), turret_roll=die, body=body)
        if not (reroll_rotor and vehicle_tables.reroll_needed(body, hit)):
            break
    dice = roll if die is None else (*roll, die)
    _, result = vehicle_damage.damage_vehicle(design, body, hit.location, points, crit=hit.crit)
    ctx.emit(
        kev.VehicleHit(
            target,
            hit.location,
            points,
            dice,
            armor=result.armor,
            internal=result.internal,
            crit=hit.crit,
            motive=hit.motive,
            source=source,
        )
    )
    if result.destroyed:
        _destroyed(ctx, target, f"its {hit.location.value.lower()} was destroyed", source)
        return
    for _ in range(result.critical_chances):
        _critical(ctx, target, hit.location, source)
        if ctx.state.units[target].destroyed:
            return
    if hit.motive:
        _motive(ctx, target, column)
    if not body.rotor_destroyed:  # one that crashed (onto a roof too) lies there: no 2nd crash
        _maybe_crash(ctx, target, source)


def _critical(ctx: Ctx, target: int, location: VehicleLocation, source: int | None) -> None:
    """BT-C-24.3/24.4: one roll on the location's critical table (and the weapon it strikes)."""
    unit = ctx.state.units[target]
    design, body = unit.design, unit.body
    assert isinstance(design, VehicleDesign)  # noqa: S101 - vehicles only
    assert isinstance(body, VehicleBody)  # noqa: S101
    roll = ctx.roll(2)
    carried = aboard.carrying(ctx.state, target)  # BT-C-24.3: "Cargo/infantry hit" applies
    crit = vehicle_tables.critical_effect(
        design, body, location, sum(roll), carrying=carried, ammo=unit.ammo
    )
    weapon = weapon_die = None
    if crit in {Crit.WEAPON_MALFUNCTION, Crit.WEAPON_DESTROYED}:
        candidates = vehicle_tables.weapon_candidates(design, body, location, crit)
        weapon_die = ctx.die()
        weapon = vehicle_tables.pick_weapon(candidates, weapon_die)
    ctx.emit(kev.VehicleCritical(target, location, roll, crit, weapon, weapon_die))
    after = ctx.state.units[target].body
    if isinstance(after, VehicleBody) and after.destroyed:
        _destroyed(ctx, target, after.destroyed, source)


def _motive(ctx: Ctx, target: int, column: Column | None) -> None:
    """BT-M-37.5: 2D6 + the direction and motive type modifier on the motive table."""
    unit = ctx.state.units[target]
    design = unit.design
    assert isinstance(design, VehicleDesign)  # noqa: S101
    modifier = vehicle_tables.motive_modifier(design.motion, column)
    roll = ctx.roll(2)
    result = vehicle_tables.motive_result(sum(roll) + modifier)
    ctx.emit(kev.MotiveDamaged(target, roll, modifier, result))


def _maybe_crash(ctx: Ctx, target: int, source: int | None) -> None:
    """BT-M-37.6: a VTOL in flight without rotor or mobility comes down (`crash`)."""
    unit = ctx.state.units[target]
    design, body = unit.design, unit.body
    if not isinstance(design, VehicleDesign) or not isinstance(body, VehicleBody):
        return
    if unit.destroyed or not vehicle_damage.must_crash(design, body):
        return
    crash(ctx, target, source)


def crash(ctx: Ctx, target: int, source: int | None = None) -> None:
    """BT-M-37.6: the VTOL crashes in its hex (`VTOLCrashed`), takes the fall in 5-point groups.

    Into water (or through ice on a 4+) it is destroyed; a crash that damaged its structure
    destroys it unless its engine is fusion (`vehicle_damage.crash_explodes`).
    """
    unit = ctx.state.units[target]
    design, body = unit.design, unit.body
    assert isinstance(design, VehicleDesign)  # noqa: S101 - vehicles only
    assert isinstance(body, VehicleBody)  # noqa: S101
    assert unit.hex is not None  # noqa: S101 - only units on the map crash
    terrain = ctx.state.board.terrain(unit.hex)
    facing_die = ctx.die()
    ice_die = ctx.die() if terrain.ice and (terrain.water or 0) >= 1 else None
    _, result = vehicle_damage.vtol_crash(design, body, terrain, facing_die - 1, ice_roll=ice_die)
    damage = sum(result.groups)
    ctx.emit(kev.VTOLCrashed(target, facing_die, damage, ice_die))
    if result.destroyed:
        _destroyed(ctx, target, result.destroyed, source)
        return
    before = sum(ctx.state.units[target].body.internal)  # type: ignore[union-attr]
    for points in result.groups:
        if ctx.state.units[target].destroyed:
            return
        damage_vehicle(ctx, target, points, result.column, source=source, reroll_rotor=True)
    after = sum(ctx.state.units[target].body.internal)  # type: ignore[union-attr]
    if vehicle_damage.crash_explodes(design, internal_damaged=after < before):
        _destroyed(ctx, target, "it crashed and exploded", source)


def damage_infantry(
    ctx: Ctx,
    target: int,
    packets: list[int],
    *,
    spec: WeaponSpec | None,
    attack: Attack | None = None,
    source: int | None = None,
    physical: bool = False,
    shield: Shield | None = None,
) -> None:
    """BT-C-35 item 1 / BT-C-35.6 item 5 / BT-C-35.12: a platoon loses men to one attack.

    The packets are one lump. From a platoon's men (``spec`` None, not ``physical``): +1D6 for
    a burst or over-cap primary, halved against mechanized infantry (`versus_infantry_damage`).
    From a weapon: its conversion class (`damage_class`; burst weapons roll their D6s instead of
    the damage). A physical blow: direct damage. In the open x 2 (`infantry.in_open`); in
    vacuum x 2 again (BT-C-61.5).

    Inside a building (``shield`` given, a blow from outside its hex; BT-C-35 item 5, BT-C-90.11):
    the building is not open ground (no x 2), and it takes ⌈CF/10⌉ off the men lost
    (`BuildingShielded`, its CF falls by as much). DESIGN (MegaMek ``calcDamagePerHit`` converts
    first, then ``handleEntityDamage`` subtracts ``bldgAbsorbs``): the share comes off the men
    lost after the conversion, before the vacuum x 2 (MegaMek's ``damageEntity``).
    """
    unit = ctx.state.units[target]
    design = unit.design
    assert isinstance(design, InfantryDesign)  # noqa: S101 - platoons only
    assert unit.hex is not None  # noqa: S101
    mechanized = design.motion.value.startswith("mechanized")
    opened = infantry.in_open(ctx.state.board.terrain(unit.hex))
    environment = ctx.state.environment
    airless = environment is not None and environment.vacuum  # BT-C-61.5: x 2 again
    damage = sum(packets)
    dice: tuple[int, ...] = ()
    attacker = ctx.state.units[source] if source is not None else None
    if attacker is not None and isinstance(attacker.design, InfantryDesign) and not physical:
        heavy = infantry.heavy_burst(attacker.design)
        dice = (ctx.die(),) if heavy else ()
        lost = infantry.versus_infantry_damage(
            damage,
            heavy_burst=heavy,
            burst_roll=sum(dice),
            mechanized=mechanized,
            in_open=opened,
        )
        conversion = "infantry"
    elif spec is None or physical:
        lost = infantry.physical_troopers_lost(damage, in_open=opened, mechanized=mechanized)
        conversion = "direct"
    else:
        cluster = attack is not None and (attack.rate > 1 or attack.munition == "cluster")
        cls = infantry.damage_class(spec, cluster_fire=cluster)
        if count := infantry.burst_dice(cls):
            dice = ctx.roll(count)
            damage = sum(dice)
        lost = infantry.troopers_lost(cls, damage, in_open=opened, mechanized=mechanized)
        conversion = cls.value
    if shield is not None and source is not None:
        lost = shield(ctx, target, source, lost)
        if ctx.state.units[target].destroyed:
            return  # the building came down on it (BT-M-41 #4)
    if airless:
        lost *= 2
    ctx.emit(kev.TroopersLost(target, lost, damage, conversion, dice, opened, source))
    after = ctx.state.units[target].body
    if isinstance(after, InfantryBody) and after.destroyed:
        _destroyed(ctx, target, "every man is down (BT-C-34)", source)


def damage_battle_armor(ctx: Ctx, target: int, points: int, *, source: int | None = None) -> None:
    """BT-C-35 item 2: 1D6 picks the trooper (rerolled past the squad or on a trooper out)."""
    body = ctx.state.units[target].body
    assert isinstance(body, BattleArmorBody)  # noqa: S101
    rolls: list[int] = []
    trooper = None
    while trooper is None and len(rolls) < _MAX_REROLLS:
        rolls.append(ctx.die())
        trooper = trooper_for_roll(body, rolls[-1])
    if trooper is None:
        return
    ctx.emit(kev.TrooperHit(target, trooper, points, tuple(rolls), source))
    after = ctx.state.units[target].body
    if isinstance(after, BattleArmorBody) and after.destroyed:
        _destroyed(ctx, target, "every trooper is down (BT-C-34)", source)
