"""Conventional infantry in play: the platoon's body and its rules (BT-M-4, BT-C-35).

An `InfantryBody` is what changes on an infantry sheet during a game (BT-M-5: the men still in
action) plus the anti-'Mech state (BT-C-35.8..35.10: whom it swarms). Every rule here is a pure
function of already-rolled dice: nothing is rolled inside, nothing is read from a game state. The
anti-'Mech to-hit rules (BT-C-35.8..35.10) and stacking (BT-M-25) are shared with battle armor
(`engine.battletech.kinds.battle_armor`), which imports them from here.

DESIGN points (the digest is open there; each is marked where it is implemented):
- mechanized platoons pay infantry costs but obey their carrier's column of BT-M-23;
- "in the open" doubles every damage to conventional infantry, mechanized included, infantry
  weapons included (MegaMek's ``damageEntity`` applies ``infantryInOpen`` to every hit);
- burst damage through a building is halved for every conventional target;
- a trooper count with no column of the cluster table is split into 30s;
- the later attacks of a swarming unit need no to-hit roll (MegaMek: automatic success);
- a swarm's to-hit number carries no target-movement modifier;
- the weapon that sets a platoon's range (the secondary when a squad carries 2+) also gives the
  attack its burst, point-blank and encumbering flags (`platoon_weapon`, `heavy_burst`).

The per-trooper figures of the men's weapons (BT-C-35.6) are MegaMek's, in
`engine.battletech.data.infantry_weapons` (re-exported here: `INFANTRY_WEAPONS`,
`InfantryWeapon`, `infantry_weapon`).
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable
from typing import Final, Literal

import attrs
from attrs import frozen

from engine.battletech.board import Terrain, Woods
from engine.battletech.data.catalogue import Kind, WeaponSpec
from engine.battletech.data.infantry_weapons import (
    INFANTRY_WEAPONS,
    InfantryWeapon,
    WeaponClass,
    infantry_weapon,
)
from engine.battletech.designs.infantry import InfantryDesign, InfantryMotion
from engine.battletech.designs.mech import Location
from engine.battletech.tables import KICK_LOCATION, Column

__all__ = [
    "CLUSTER_TROOPERS",
    "DEFAULT_GUNNERY",
    "INFANTRY_WEAPONS",
    "PRIMARY_DAMAGE_CAP",
    "SWARM_LOCATION",
    "AntiMechAttacker",
    "AntiMechTarget",
    "DamageClass",
    "InfantryBody",
    "InfantryWeapon",
    "Occupant",
    "Terrains",
    "anti_mech_troopers_modifier",
    "attack_damage",
    "attacker_movement_modifier",
    "brush_off_problem",
    "brush_off_to_hit",
    "burst_dice",
    "can_step_aside",
    "damage_class",
    "damage_groups",
    "damage_per_trooper",
    "design_damage_per_trooper",
    "falls_into_water",
    "fires_all_round",
    "heavy_burst",
    "in_open",
    "infantry_body",
    "infantry_mp",
    "infantry_range_modifier",
    "infantry_step_cost",
    "infantry_weapon",
    "leg_attack_damage",
    "leg_attack_location",
    "leg_attack_to_hit",
    "lose_troopers",
    "may_be_outside",
    "may_clear_woods",
    "physical_against_infantry",
    "physical_troopers_lost",
    "platoon_range",
    "platoon_weapon",
    "prohibited_terrain",
    "same_hex_attack_allowed",
    "shake_off_troopers_lost",
    "skid_damage_to_infantry",
    "stacking_problem",
    "starts_fires",
    "stop_swarm",
    "swamp_freed",
    "swamp_stuck",
    "swarm_location",
    "swarm_to_hit",
    "swarmer_target_problem",
    "sweep_damage",
    "sweep_problem",
    "target_to_hit_modifier",
    "targets_allowed",
    "troopers_hit",
    "troopers_lost",
    "unknown_weapons",
    "versus_infantry_damage",
]


# ---------------------------------------------------------------------------------- the body
@frozen
class InfantryBody:
    """What changes on a platoon's sheet during play (BT-M-5, BT-C-34, BT-C-35.8..35.10).

    Attributes:
        troopers: men still in action (BT-M-5: unmarked boxes of the top row); 0 = destroyed.
        swarming: the index of the unit this platoon swarms (BT-C-35.9), None when it swarms none.
        carried_by: the index of the unit carrying it (BT-C-35.13, DESIGN: a placeholder for the
            transport rules, which are open; read by stacking, BT-M-25, and leg attacks, 35.8).
        stuck: stuck in a swamp hex (BT-M-39.1: frees itself on 5+ at its next Movement Phase).
    """

    troopers: int
    swarming: int | None = None
    carried_by: int | None = None
    stuck: bool = False

    @property
    def destroyed(self) -> bool:
        """BT-C-34: every trooper box is marked."""
        return self.troopers <= 0


def infantry_body(design: InfantryDesign) -> InfantryBody:
    """A fresh platoon: every man of the design in action (BT-M-4, BT-M-5)."""
    return InfantryBody(troopers=design.troopers)


def lose_troopers(body: InfantryBody, lost: int) -> InfantryBody:
    """BT-C-35 item 1: cross off ``lost`` men (never below 0; a negative count removes none).

    A platoon with no man left is destroyed (BT-C-34) and swarms nothing any more.
    """
    troopers = max(0, body.troopers - max(0, lost))
    swarming = body.swarming if troopers else None
    return attrs.evolve(body, troopers=troopers, swarming=swarming)


def stop_swarm(body: InfantryBody) -> InfantryBody:
    """BT-C-35.10: the swarm ends (stop-swarm action, brushed or shaken off, target destroyed)."""
    return attrs.evolve(body, swarming=None)


# ---------------------------------------------------------------------------------- movement
def infantry_mp(design: InfantryDesign) -> tuple[int, int]:
    """BT-M-4 (ASSUMPTION, MegaMek ``setMovementMode``): (ground MP, jump MP); no walk/run modes."""
    return design.ground_mp, design.jump_mp


class Terrains(enum.StrEnum):
    """BT-M-23: the columns of the prohibited-terrain matrix an infantry unit may read."""

    INFANTRY = "infantry"
    TRACKED = "tracked"
    WHEELED = "wheeled"
    HOVER = "hover"


_CARRIER: Final = {
    InfantryMotion.MECHANIZED_TRACKED: Terrains.TRACKED,
    InfantryMotion.MECHANIZED_WHEELED: Terrains.WHEELED,
    InfantryMotion.MECHANIZED_HOVER: Terrains.HOVER,
}


def terrain_column(motion: InfantryMotion | None) -> Terrains:
    """BT-M-4 (ASSUMPTION).

    Mechanized infantry reads its carrier's column; all other infantry (battle armor too, ``motion``
    None) the Infantry column of BT-M-23.
    """
    if motion is None:
        return Terrains.INFANTRY
    return _CARRIER.get(motion, Terrains.INFANTRY)


def prohibited_terrain(column: Terrains, terrain: Terrain) -> str | None:
    """BT-M-23 (BT-M-8.4, 8.5, 8.10, BT-M-21): why the hex is prohibited, or None when allowed.

    Infantry may enter clear, pavement, rough, both woods, Depth 0, rubble and buildings; Depth 1+
    water is prohibited to it. Tracked: no heavy woods, no Depth 1+. Wheeled: no rough, woods,
    rubble, Depth 1+. Hover: no woods; any water.
    """
    who = "infantry" if column is Terrains.INFANTRY else f"{column} carriers"
    if terrain.water is not None and terrain.water >= 1 and column is not Terrains.HOVER:
        return f"{who} cannot enter Depth {terrain.water} water (BT-M-23)"
    if terrain.woods is Woods.HEAVY and column is not Terrains.INFANTRY:
        return f"{who} cannot enter heavy woods (BT-M-23)"
    if terrain.woods is Woods.LIGHT and column in {Terrains.WHEELED, Terrains.HOVER}:
        return f"{who} cannot enter light woods (BT-M-23)"
    if (terrain.rough or terrain.rubble) and column is Terrains.WHEELED:
        return f"{who} cannot enter {'rough' if terrain.rough else 'rubble'} (BT-M-23)"
    return None


MAX_CLIMB: Final = 1
"""BT-M-22: infantry changes at most 1 level per hex entered (2+ prohibited)."""
CLIMB_COST: Final = 2
"""BT-M-22: MP per level changed."""


def _base_cost(terrain: Terrain, *, hover_on_water: bool) -> int:
    """BT-M-21 for infantry: a building hex costs 1 (note 2); otherwise the dearest feature."""
    if terrain.building is not None or hover_on_water:
        return 1
    cost = 1
    if terrain.woods is Woods.LIGHT or terrain.rough or terrain.rubble:
        cost = 2
    if terrain.woods is Woods.HEAVY:
        cost = 3
    return cost


def infantry_step_cost(
    motion: InfantryMotion | None,
    level: int,
    terrain: Terrain,
    *,
    along_road: bool = False,
) -> tuple[int, int] | str:
    """BT-M-4, BT-M-21..23, BT-M-27.2, BT-M-39.1: the cost of a ground step into ``terrain``.

    Args:
        motion: the platoon's motion (None for battle armor, which reads the Infantry column).
        level: the level the unit stands on in the hex it leaves (BT-M-22).
        terrain: the hex entered.
        along_road: moving along a road (or onto a bridge) connected to the hex left (BT-M-27.2:
            cost 1 and the underlying terrain's prohibitions lifted).

    Returns:
        (MP, level stood on in the new hex), or why the step is impossible.

    Infantry pays 1 MP for any building hex (note 2) and +2 MP per level changed, 1 level at most
    (BT-M-22); a swamp adds +1 except for hover (BT-M-39.1). No facing costs (note 5).
    DESIGN: mechanized infantry pays these infantry costs, with its carrier's prohibitions (BT-M-4);
    a hover carrier on water pays 1 and stays on the surface (BT-M-21's hover clarification).
    """
    column = terrain_column(motion)
    hover_on_water = column is Terrains.HOVER and terrain.water is not None
    on_bridge = along_road and terrain.bridge is not None
    if not along_road:
        why = prohibited_terrain(column, terrain)
        if why is not None:
            return why
    if on_bridge and terrain.bridge is not None:
        new_level = terrain.level + terrain.bridge.height
    elif hover_on_water:
        new_level = terrain.level
    else:
        new_level = terrain.bottom
    change = abs(new_level - level)
    if change > MAX_CLIMB:
        return f"a {change}-level change is too steep for infantry (BT-M-22: 1 at most)"
    cost = 1 if along_road else _base_cost(terrain, hover_on_water=hover_on_water)
    if terrain.swamp and column is not Terrains.HOVER and not along_road:
        cost += 1
    return cost + CLIMB_COST * change, new_level


SWAMP_STUCK_AT_MOST: Final = 4
"""BT-M-39.1: infantry entering a swamp hex is stuck on 2D6 <= 4 and frees itself on 5+."""


def swamp_stuck(roll: int, *, jumped: bool = False) -> bool:
    """BT-M-39.1.

    Infantry entering a swamp hex on foot is stuck on 2D6 ``roll`` <= 4 (never when it lands from a
    jump).
    """
    return not jumped and roll <= SWAMP_STUCK_AT_MOST


def swamp_freed(roll: int) -> bool:
    """BT-M-39.1: a stuck platoon frees itself on 2D6 ``roll`` >= 5."""
    return roll > SWAMP_STUCK_AT_MOST


def may_be_outside(*, extreme_temperature: bool, vacuum: bool, space_suits: bool = False) -> bool:
    """BT-M-39.4, BT-M-39.5.

    Unarmored infantry may not be outside vehicles or buildings beyond the temperature limits, nor
    in vacuum without space suits.
    """
    if extreme_temperature:
        return False
    return not vacuum or space_suits


# ---------------------------------------------------------------------------------- stacking
UnitKind = Literal["mech", "vehicle", "infantry", "battle armor"]

MAX_MECHS: Final = 1
MAX_PER_SIDE: Final = 2
MAX_UNITS: Final = 4


@frozen
class Occupant:
    """One unit in a hex (or one level of a building, BT-M-25), as stacking sees it.

    ``counted`` is False for infantry riding a vehicle, battle armor clinging to a 'Mech (a
    swarming or carried body) and a 'Mech in the middle of a DFA (BT-M-25 "not counted").
    """

    side: int
    kind: UnitKind
    counted: bool = True


def stacking_problem(occupants: Iterable[Occupant]) -> str | None:
    """BT-M-25: why the units in one hex break the end-of-movement limits, or None when they don't.

    At most 1 'Mech of any side; at most 2 units of one side (at most 1 'Mech); at most 4 units.
    Infantry and battle armor count as one unit each, like a vehicle.
    """
    counted = [o for o in occupants if o.counted]
    mechs = sum(o.kind == "mech" for o in counted)
    if mechs > MAX_MECHS:
        return f"{mechs} 'Mechs in one hex (BT-M-25: 1 at most)"
    for side in sorted({o.side for o in counted}):
        mine = sum(o.side == side for o in counted)
        if mine > MAX_PER_SIDE:
            return f"{mine} units of side {side} in one hex (BT-M-25: 2 at most)"
    if len(counted) > MAX_UNITS:
        return f"{len(counted)} units in one hex (BT-M-25: 4 at most)"
    return None


# ---------------------------------------------------------------------------------- damage taken
class DamageClass(enum.StrEnum):
    """BT-C-35 item 1: how a non-infantry weapon's damage becomes men lost (``infDamageClass``)."""

    DIRECT = "direct"
    CLUSTER = "cluster"
    PULSE = "pulse"
    MISSILE = "missile"
    BURST_1D6 = "burst 1d6"
    BURST_2D6 = "burst 2d6"
    BURST_3D6 = "burst 3d6"
    BURST_4D6 = "burst 4d6"
    AREA = "area"


_BURST_DICE: Final = {
    DamageClass.BURST_1D6: 1,
    DamageClass.BURST_2D6: 2,
    DamageClass.BURST_3D6: 3,
    DamageClass.BURST_4D6: 4,
}


def burst_dice(cls: DamageClass) -> int:
    """BT-C-35 item 1.

    D6s the caller rolls for a burst-fire weapon (MG 2, light MG 1, heavy MG 3, flamer 4); 0 for the
    other classes, whose damage is the weapon's.
    """
    return _BURST_DICE.get(cls, 0)


def damage_class(spec: WeaponSpec, *, cluster_fire: bool = False) -> DamageClass:  # noqa: PLR0911
    """BT-C-35 item 1: the conversion class of a catalogue weapon.

    Artillery is area effect; missile launchers are cluster missiles; machine guns (light 1D6,
    standard 2D6, heavy 3D6) and flamers (4D6) burst fire; pulse lasers pulse; ``cluster_fire``
    (LB-X cluster ammo, an Ultra AC firing twice) cluster ballistic; the rest direct fire.
    """
    name = spec.name.lower()
    if spec.kind is Kind.ARTILLERY:
        return DamageClass.AREA
    if spec.kind is Kind.MISSILE and spec.rack:
        return DamageClass.MISSILE
    if "machine gun" in name:
        if name.startswith("light"):
            return DamageClass.BURST_1D6
        return DamageClass.BURST_3D6 if name.startswith("heavy") else DamageClass.BURST_2D6
    if "flamer" in spec.flags or "flamer" in name:
        return DamageClass.BURST_4D6
    if "pulse" in name:
        return DamageClass.PULSE
    return DamageClass.CLUSTER if cluster_fire else DamageClass.DIRECT


def troopers_lost(
    cls: DamageClass,
    damage: int,
    *,
    in_open: bool,
    mechanized: bool = False,
    through_building: bool = False,
    vacuum: bool = False,
) -> int:
    """BT-C-35 item 1, BT-C-35.12, BT-C-61.5: men a conventional platoon loses to one hit.

    Args:
        cls: the weapon's class (`damage_class`).
        damage: the weapon's damage (a whole missile salvo or LB-X/Ultra attack is one lump); for
            burst classes the total of the `burst_dice` the caller rolled.
        in_open: the target's hex protects nothing (`in_open`): x 2.
        mechanized: the target is mechanized (BT-C-35.12): direct, cluster, pulse and missile
            classes x 2; burst classes / 2 (round down).
        through_building: the attack passes through a building: burst damage is halved first
            (BT-C-35.12; DESIGN: for every conventional target, MegaMek ``isAttackThruBuilding``).
        vacuum: x 2 again (BT-C-61.5).

    Conversion (round up): direct damage / 10; cluster / 10 + 1; pulse / 10 + 2; missiles / 5;
    area effect x 2 (not changed by ``mechanized``, DESIGN).
    """
    if cls in _BURST_DICE:
        lost = damage // 2 if through_building else damage
        if mechanized:
            lost //= 2
    elif cls is DamageClass.AREA:
        lost = damage * 2
    else:
        lost = math.ceil(damage / 5) if cls is DamageClass.MISSILE else math.ceil(damage / 10)
        lost += {DamageClass.CLUSTER: 1, DamageClass.PULSE: 2}.get(cls, 0)
        if mechanized:
            lost *= 2
    return _position(max(0, lost), in_open=in_open, vacuum=vacuum)


def _position(lost: int, *, in_open: bool, vacuum: bool) -> int:
    if in_open:
        lost *= 2
    if vacuum:
        lost *= 2
    return lost


def physical_troopers_lost(
    damage: int, *, in_open: bool, mechanized: bool = False, vacuum: bool = False
) -> int:
    """BT-C-35 item 1 (ASSUMPTION).

    Stomp, DFA, accidental fall, skid "charge damage", sweep and falls count as direct damage:
    damage / 10 (round up), x 2 in the open (mechanized x 2 as direct fire, BT-C-35.12).
    """
    return troopers_lost(
        DamageClass.DIRECT, damage, in_open=in_open, mechanized=mechanized, vacuum=vacuum
    )


def in_open(terrain: Terrain) -> bool:
    """BT-C-35 item 1 (MegaMek ``infantryInOpen``): no woods, rough, rubble, swamp or building.

    Digging in is not modelled. Jungle counts as woods (BT-M-41 #15).
    """
    return not (
        terrain.woods is not Woods.NONE
        or terrain.rough
        or terrain.rubble
        or terrain.swamp
        or terrain.building is not None
    )


def skid_damage_to_infantry(tons: int) -> int:
    """BT-M-29.8.

    A skid over infantry does "charge damage" = tons / 5 (ASSUMPTION: round up); convert it with
    `physical_troopers_lost`.
    """
    return math.ceil(tons / 5)


# ---------------------------------------------------------------------------------- physical
STOMP_MODIFIER: Final = 3
"""BT-C-41, BT-C-35: a 'Mech stomps infantry in its own hex at +3."""
DFA_MODIFIER: Final = 3
"""BT-C-43, BT-C-35: a DFA on infantry is +3 with no Piloting comparison."""

PhysicalAttack = Literal["kick", "dfa", "charge", "fall", "punch", "club", "push", "sweep"]


def physical_against_infantry(attack: PhysicalAttack) -> int | str:
    """BT-C-35, BT-C-41..47.

    The to-hit modifier of a physical attack on infantry or battle armor, or why it cannot happen.

    Kick (a stomp, from the same hex) +3; DFA +3 (no Piloting comparison); charge impossible;
    accidental fall from above always misses; punch and club only from one level lower (BT-C-44:
    the caller checks levels, +0 here); push impossible (DESIGN: pushes target 'Mechs only); a
    sweep hits automatically (`sweep_problem`).
    """
    found: dict[str, int | str] = {
        "kick": STOMP_MODIFIER,
        "dfa": DFA_MODIFIER,
        "charge": "infantry cannot be charged (BT-C-42)",
        "fall": "an accidental fall from above always misses infantry (BT-C-47)",
        "punch": 0,
        "club": 0,
        "push": "only 'Mechs can be pushed (BT-C-40)",
        "sweep": 0,
    }
    return found[attack]


def sweep_problem(terrain: Terrain, *, prone: bool, target_swarms_attacker: bool) -> str | None:
    """BT-C-45.

    Why a 'Mech cannot sweep infantry in its hex, or None: it must be prone, the hex clear or paved,
    and the target not swarming it.
    """
    if not prone:
        return "only a prone 'Mech sweeps (BT-C-45)"
    open_ground = in_open(terrain) and terrain.water is None
    if not open_ground:
        return "a sweep needs clear or paved ground (BT-C-45)"
    if target_swarms_attacker:
        return "swarming infantry cannot be swept; brush it off (BT-C-45, BT-C-35.10)"
    return None


def sweep_damage(tons: int) -> int:
    """BT-C-45.

    A sweep hits automatically for tons / 3, .5 rounding up (battle armor: 5-point groups,
    `damage_groups`).
    """
    return math.floor(tons / 3 + 0.5)


def target_to_hit_modifier(kind: UnitKind) -> int:
    """BT-C-35, BT-M-38: the target modifier for attacking infantry (0) or battle armor (+1).

    Other target modifiers (movement, woods, stuck in a swamp -2) apply as to any unit.
    """
    return 1 if kind == "battle armor" else 0


# ---------------------------------------------------------------------------------- who may
DEFAULT_GUNNERY: Final = 4
"""BT-M-13, BT-C-14 default skills: Inner Sphere and Clan infantry have Gunnery 4, no Piloting."""


def attacker_movement_modifier(kind: UnitKind, modifier: int) -> int:
    """BT-C-18.1, BT-M-38: infantry and battle armor ignore the attacker-movement modifier.

    ``modifier`` is what the declared mode would give another unit; 0 for infantry.
    """
    return 0 if kind in {"infantry", "battle armor"} else modifier


def targets_allowed(kind: UnitKind) -> int | None:
    """BT-C-2, BT-C-18.7: infantry engages one target a turn; None: no such limit."""
    return 1 if kind in {"infantry", "battle armor"} else None


def same_hex_attack_allowed(kind: UnitKind, *, target_swarmed_by_attacker: bool = False) -> bool:
    """BT-C-2, BT-C-35.7: weapon attacks into one's own hex.

    Conventional infantry may (its range-0 bracket); a swarming unit attacks the unit it swarms
    (BT-C-35.9). DESIGN: battle armor otherwise may not (no range-0 bracket was read for it), nor
    may any other unit (the seed rule).
    """
    return kind == "infantry" or target_swarmed_by_attacker


def fires_all_round(kind: UnitKind) -> bool:
    """BT-C-10: infantry (battle armor too) has no firing arcs: it fires in any direction."""
    return kind in {"infantry", "battle armor"}


def may_clear_woods(kind: UnitKind) -> bool:
    """BT-C-57, BT-M-8.11: infantry (battle armor too) cannot fire to clear woods."""
    return kind not in {"infantry", "battle armor"}


def can_step_aside(*, moved: bool) -> bool:
    """BT-M-29.8: infantry that has not moved yet steps out of a skid's way without a roll."""
    return not moved


def falls_into_water(body: InfantryBody) -> InfantryBody:
    """BT-M-39.2, BT-C-61.2 (ice melted or broken): infantry that falls into water is destroyed."""
    return lose_troopers(body, body.troopers)


# ---------------------------------------------------------------------------------- attacks made
def starts_fires(weapon: InfantryWeapon) -> bool:
    """BT-C-60.2: conventional infantry weapons cannot start fires, except flamers."""
    return weapon.kind is WeaponClass.FLAMER or "flamer" in weapon.name.lower()


PRIMARY_DAMAGE_CAP: Final = 0.6
"""BT-C-35.6 item 1: a primary weapon counts at most 0.6 damage a trooper."""


def damage_per_trooper(
    primary: float, squad_size: int, secondary: float = 0.0, secondary_per_squad: int = 0
) -> float:
    """BT-C-35.6 item 1.

    (min(0.6, primary) x (squad size - secondaries) + secondary x secondaries) / squad size.
    """
    riflemen = squad_size - secondary_per_squad
    total = min(PRIMARY_DAMAGE_CAP, primary) * riflemen + secondary * secondary_per_squad
    return total / squad_size


def design_damage_per_trooper(design: InfantryDesign) -> float | None:
    """BT-C-35.6 item 1 for a design, None when a weapon of it is not in `INFANTRY_WEAPONS`."""
    primary = infantry_weapon(design.primary)
    secondary = infantry_weapon(design.secondary) if design.secondary else None
    if primary is None or (design.secondary and secondary is None):
        return None
    second = secondary.damage if secondary is not None else 0.0
    return damage_per_trooper(primary.damage, design.squad_size, second, design.secondary_per_squad)


def platoon_weapon(design: InfantryDesign) -> InfantryWeapon | None:
    """BT-C-35.7 (MegaMek ``Infantry``): the weapon that sets the platoon's range brackets.

    The primary, or the secondary when a squad carries 2+ secondaries; None when it is unknown.
    DESIGN: its point-blank, encumbering and burst flags are the attack's too (BT-C-35.6 item 5,
    BT-C-35.7), as a platoon makes one attack with all its men.
    """
    name = design.secondary if design.secondary_per_squad >= 2 else design.primary  # noqa: PLR2004
    return infantry_weapon(name)


def platoon_range(design: InfantryDesign) -> int | None:
    """BT-C-35.7.

    The R of the platoon's brackets: the primary's, the secondary's when a squad carries 2+
    secondaries; None when the weapon is unknown.
    """
    weapon = platoon_weapon(design)
    return weapon.range if weapon is not None else None


def heavy_burst(design: InfantryDesign) -> bool:
    """BT-C-35.6 item 5: the platoon's attack adds +1D6 against conventional infantry.

    When the primary's damage exceeds the 0.6 cap (`PRIMARY_DAMAGE_CAP`), or the attack's weapon
    (`platoon_weapon`, DESIGN) has the burst flag (a portable machine gun).
    """
    primary = infantry_weapon(design.primary)
    weapon = platoon_weapon(design)
    over_cap = primary is not None and primary.damage > PRIMARY_DAMAGE_CAP
    return over_cap or (weapon is not None and weapon.burst)


def unknown_weapons(design: InfantryDesign) -> tuple[str, ...]:
    """BT-C-35.6: the platoon's weapons missing from `INFANTRY_WEAPONS` (they have no rules)."""
    names = (design.primary, design.secondary) if design.secondary else (design.primary,)
    return tuple(name for name in names if infantry_weapon(name) is None)


# fmt: off
CLUSTER_TROOPERS: Final[dict[int, tuple[int, ...]]] = {
    # troopers: hits for a 2D6 roll of 2 .. 12 (MegaMek Compute.clusterHitsTable)
    1:  (1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1),
    2:  (1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2),
    3:  (1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3),
    4:  (1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4),
    5:  (1, 2, 2, 3, 3, 3, 3, 4, 4, 5, 5),
    6:  (2, 2, 3, 3, 4, 4, 4, 5, 5, 6, 6),
    7:  (2, 2, 3, 4, 4, 4, 4, 6, 6, 7, 7),
    8:  (2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 8),
    9:  (3, 3, 4, 5, 5, 5, 5, 7, 7, 9, 9),
    10: (3, 3, 4, 6, 6, 6, 6, 8, 8, 10, 10),
    11: (4, 4, 5, 7, 7, 7, 7, 9, 9, 11, 11),
    12: (4, 4, 5, 8, 8, 8, 8, 10, 10, 12, 12),
    13: (4, 4, 5, 8, 8, 8, 8, 11, 11, 13, 13),
    14: (5, 5, 6, 9, 9, 9, 9, 11, 11, 14, 14),
    15: (5, 5, 6, 9, 9, 9, 9, 12, 12, 15, 15),
    16: (5, 5, 7, 10, 10, 10, 10, 13, 13, 16, 16),
    17: (5, 5, 7, 10, 10, 10, 10, 14, 14, 17, 17),
    18: (6, 6, 8, 11, 11, 11, 11, 14, 14, 18, 18),
    19: (6, 6, 8, 11, 11, 11, 11, 15, 15, 19, 19),
    20: (6, 6, 9, 12, 12, 12, 12, 16, 16, 20, 20),
    21: (7, 7, 9, 13, 13, 13, 13, 17, 17, 21, 21),
    22: (7, 7, 9, 14, 14, 14, 14, 18, 18, 22, 22),
    23: (7, 7, 10, 15, 15, 15, 15, 19, 19, 23, 23),
    24: (8, 8, 10, 16, 16, 16, 16, 20, 20, 24, 24),
    25: (8, 8, 10, 16, 16, 16, 16, 21, 21, 25, 25),
    26: (9, 9, 11, 17, 17, 17, 17, 21, 21, 26, 26),
    27: (9, 9, 11, 17, 17, 17, 17, 22, 22, 27, 27),
    28: (9, 9, 11, 17, 17, 17, 17, 23, 23, 28, 28),
    29: (10, 10, 12, 18, 18, 18, 18, 23, 23, 29, 29),
    30: (10, 10, 12, 18, 18, 18, 18, 24, 24, 30, 30),
    40: (12, 12, 18, 24, 24, 24, 24, 32, 32, 40, 40),
}
"""BT-C-35.6 item 2: the cluster table by troopers still active (MegaMek's columns 1-30 and 40)."""
# fmt: on

_BIGGEST: Final = 30


def troopers_hit(active: int, roll: int, *, swarming: bool = False) -> int:
    """BT-C-35.6 item 2.

    Troopers that hit, read in the column of ``active`` troopers with 2D6 ``roll`` (clamped to
    2..12).

    A swarming platoon firing at the unit it swarms hits with every trooper (no roll). DESIGN: a
    count with no column (31-39, 41+) is split into columns of 30 and the rest, each read with the
    same roll (MegaMek adds columns).
    """
    if active <= 0:
        return 0
    if swarming:
        return active
    roll = min(max(roll, 2), 12)
    column = CLUSTER_TROOPERS.get(active)
    if column is not None:
        return column[roll - 2]
    return troopers_hit(_BIGGEST, roll) + troopers_hit(active - _BIGGEST, roll)


def attack_damage(per_trooper: float, hitting: int) -> int:
    """BT-C-35.6 item 3: round(d x troopers that hit), .5 rounding up (Java ``Math.round``)."""
    return math.floor(per_trooper * hitting + 0.5)


def damage_groups(damage: int, size: int = 2) -> tuple[int, ...]:
    """BT-C-35.6 item 4 (2-point groups), BT-C-45 (5-point sweep groups on battle armor).

    The damage in groups of ``size``, the remainder last (9 -> 2, 2, 2, 2, 1).
    """
    full, rest = divmod(max(0, damage), size)
    return (size,) * full + ((rest,) if rest else ())


def versus_infantry_damage(
    damage: int,
    *,
    heavy_burst: bool,
    burst_roll: int = 0,
    mechanized: bool = False,
    in_open: bool = False,
    vacuum: bool = False,
) -> int:
    """BT-C-35.6 item 5, BT-C-35.12: troopers an infantry attack kills in a conventional platoon.

    One lump; + the caller's 1D6 ``burst_roll`` when ``heavy_burst`` (the weapon's burst flag, or a
    primary over the 0.6 cap); halved for a mechanized target (round down, after the +1D6).
    DESIGN (item 6 open): x 2 ``in_open`` like every hit on conventional infantry (MegaMek
    ``damageEntity``); x 2 in vacuum (BT-C-61.5).
    """
    total = damage + (burst_roll if heavy_burst else 0)
    if mechanized:
        total //= 2
    return _position(max(0, total), in_open=in_open, vacuum=vacuum)


# fmt: off
_RANGE_BRACKETS: Final[dict[int, tuple[tuple[int, int], ...]]] = {
    # R: (last hex of the bracket, modifier), nearest first (BT-C-35.7)
    0: (),
    1: ((1, 0), (2, 2), (3, 4)),
    2: ((2, 0), (4, 2), (6, 4)),
    3: ((3, 0), (6, 2), (9, 4)),
    4: ((4, 0), (6, 1), (8, 2), (10, 3), (12, 4)),
    5: ((5, 0), (7, 1), (10, 2), (12, 3), (15, 4)),
    6: ((6, 0), (9, 1), (12, 2), (15, 4), (18, 5)),
    7: ((7, 0), (10, 1), (14, 2), (17, 4), (21, 6)),
}
# fmt: on
_POINT_BLANK_R: Final = 4
"""R 1-4 are -2 at 0 hexes, R 5-7 -1 (R 0: 0)."""


def infantry_range_modifier(
    weapon_range: int,
    distance: int,
    *,
    underwater: bool = False,
    point_blank: bool = False,
    encumbering: bool = False,
    burst: bool = False,
) -> int | None:
    """BT-C-35.7: the range modifier of a conventional infantry attack, None beyond its range.

    Args:
        weapon_range: the weapon's R (`platoon_range`); halved underwater (round down). DESIGN:
            an R above 7 reads the R 7 row.
        distance: hexes to the target; 0 = the same hex (infantry may fire into its own hex).
        underwater: the attacker fires underwater (R halved).
        point_blank: a point-blank weapon: +1 at 0 hexes.
        encumbering: an encumbering or crew-served weapon: +1 at 0 hexes.
        burst: a burst-fire weapon: -1 at 0 hexes.
    """
    r = min(weapon_range // 2 if underwater else weapon_range, 7)
    if distance <= 0:
        base = 0 if r == 0 else -2 if r <= _POINT_BLANK_R else -1
        return base + int(point_blank) + int(encumbering) - int(burst)
    for last, modifier in _RANGE_BRACKETS[r]:
        if distance <= last:
            return modifier
    return None


# ---------------------------------------------------------------------------------- anti-'Mech
_TROOPER_MODIFIERS: Final[dict[tuple[str, bool], tuple[tuple[int, int], ...]]] = {
    # (attack, battle armor): (troopers at least, modifier), most first (BT-C-35.8)
    ("leg", True): ((4, 0), (3, 2), (2, 5), (1, 7)),
    ("swarm", True): ((4, 2), (1, 5)),
    ("leg", False): ((22, 0), (16, 2), (10, 5), (5, 7)),
    ("swarm", False): ((22, 2), (16, 5)),
}

AntiMechAttack = Literal["leg", "swarm"]


def anti_mech_troopers_modifier(
    attack: AntiMechAttack, troopers: int, *, battle_armor: bool
) -> int | None:
    """BT-C-35.8: the modifier for the active troopers, None when too few to try.

    Leg: BA 4+ +0, 3 +2, 2 +5, 1 +7; infantry 22+ +0, 16-21 +2, 10-15 +5, 5-9 +7.
    Swarm: BA 4+ +2, 1-3 +5; infantry 22+ +2, 16-21 +5.
    """
    for least, modifier in _TROOPER_MODIFIERS[attack, battle_armor]:
        if troopers >= least:
            return modifier
    return None


@frozen
class AntiMechAttacker:
    """The attacker's side of an anti-'Mech attack (BT-C-35.8).

    Attributes:
        skill: the anti-'Mech skill (``antimek``; the to-hit base).
        troopers: troopers still active.
        battle_armor: battle armor (False: conventional infantry).
        can_leg: may make leg attacks (BA: the design lists ``LegAttack``; infantry: True).
        can_swarm: may make swarm attacks (BA: the design lists ``SwarmMek``; infantry: True).
        burdened: BA still carrying an un-jettisoned missile launcher.
        boosted_jump: BA that jumped this turn with mechanical jump boosters.
        encumbering_armor: conventional infantry in encumbering armor.
        swarming: already swarming some unit.
        magnetic_claws: BA with magnetic claws (swarm -1; brush off +1).
        elevation: the level the attacker stands at.
    """

    skill: int
    troopers: int
    battle_armor: bool
    can_leg: bool = True
    can_swarm: bool = True
    burdened: bool = False
    boosted_jump: bool = False
    encumbering_armor: bool = False
    swarming: bool = False
    magnetic_claws: bool = False
    elevation: int = 0


@frozen
class AntiMechTarget:
    """The target's side of an anti-'Mech attack (BT-C-35.8).

    Attributes:
        kind: what the target is; ``airborne_vtol`` for a VTOL in flight.
        enemy: on the other side.
        swarmed: some unit already swarms it.
        movement_modifier: its target-movement to-hit modifier this turn (BT-C-15).
        industrial: an IndustrialMech (leg -1).
        tracks: a 'Mech with tracks (leg -2).
        passenger: carried by another unit.
        making_dfa: in the middle of a DFA.
        airborne_vtol: a VTOL in flight.
        elevation: the level it stands at.
    """

    kind: UnitKind
    enemy: bool = True
    swarmed: bool = False
    movement_modifier: int = 0
    industrial: bool = False
    tracks: bool = False
    passenger: bool = False
    making_dfa: bool = False
    airborne_vtol: bool = False
    elevation: int = 0


def leg_attack_to_hit(  # noqa: PLR0911 - one guard per BT-C-35.8 condition
    attacker: AntiMechAttacker, target: AntiMechTarget
) -> int | str:
    """BT-C-35.8: the to-hit number of a leg attack from the target's hex, or why it is impossible.

    Skill + troopers modifier + the target-movement modifier, -1 against an IndustrialMech, -2
    against a 'Mech with tracks. Only 'Mechs (MegaMek: no leg attacks on vehicles); not when the
    attacker is burdened BA, BA that jumped with mechanical boosters, infantry in encumbering armor,
    already swarming, or above the target; not against a passenger, a 'Mech making a DFA or an
    airborne VTOL. (Example: IS BA, skill 5, 4 troopers, target moved 4 hexes (+1): 6.)
    """
    why = _common_problem(attacker, target, "leg")
    if why is not None:
        return why
    if target.kind != "mech":
        return "leg attacks target 'Mechs only (BT-C-35.8)"
    if target.passenger or target.making_dfa:
        return "the target is a passenger or making a DFA (BT-C-35.8)"
    if attacker.burdened:
        return "battle armor carrying a missile launcher cannot attack legs (BT-C-35.8)"
    if attacker.boosted_jump:
        return "battle armor that jumped with mechanical boosters cannot attack legs (BT-C-35.8)"
    if attacker.encumbering_armor:
        return "infantry in encumbering armor cannot attack legs (BT-C-35.8)"
    if attacker.elevation > target.elevation:
        return "the attacker is above the target (BT-C-35.8)"
    modifier = anti_mech_troopers_modifier(
        "leg", attacker.troopers, battle_armor=attacker.battle_armor
    )
    if modifier is None:
        return f"{attacker.troopers} troopers are too few for a leg attack (BT-C-35.8)"
    total = attacker.skill + modifier + target.movement_modifier
    return total - int(target.industrial) - 2 * int(target.tracks)


def swarm_to_hit(attacker: AntiMechAttacker, target: AntiMechTarget) -> int | str:
    """BT-C-35.8: the to-hit number of a swarm attack from the target's hex, or why it cannot be.

    Skill + troopers modifier, -1 with magnetic claws; only against an enemy 'Mech or vehicle not
    already swarmed, not an airborne VTOL. DESIGN: no target-movement modifier (MegaMek's swarm base
    does not call the leg-attack list). (Example: IS BA, skill 5, 4 troopers: 7.)
    """
    why = _common_problem(attacker, target, "swarm")
    if why is not None:
        return why
    if target.kind not in {"mech", "vehicle"} or not target.enemy:
        return "only an enemy 'Mech or vehicle can be swarmed (BT-C-35.8)"
    if target.swarmed:
        return "the target is already swarmed (BT-C-35.8)"
    modifier = anti_mech_troopers_modifier(
        "swarm", attacker.troopers, battle_armor=attacker.battle_armor
    )
    if modifier is None:
        return f"{attacker.troopers} troopers are too few to swarm (BT-C-35.8)"
    return attacker.skill + modifier - int(attacker.magnetic_claws)


def _common_problem(
    attacker: AntiMechAttacker, target: AntiMechTarget, attack: AntiMechAttack
) -> str | None:
    if not (attacker.can_leg if attack == "leg" else attacker.can_swarm):
        return f"this unit cannot make {attack} attacks (BT-C-35.8)"
    if attacker.swarming:
        return "the unit is already swarming (BT-C-35.8)"
    if target.airborne_vtol:
        return "an airborne VTOL cannot be attacked so (BT-C-35.8, BT-M-37.6)"
    return None


def swarmer_target_problem(swarming: int | None, target: int) -> str | None:
    """BT-C-35.9: a swarming unit attacks only the unit it swarms, and hits it automatically.

    Returns why ``target`` may not be attacked, or None. DESIGN (digest open; MegaMek's weapon
    to-hit returns AUTOMATIC_SUCCESS "Attack during swarm"): no to-hit roll for the later attacks;
    on a vehicle the side is random.
    """
    if swarming is None or swarming == target:
        return None
    return "a swarming unit attacks only the unit it swarms (BT-C-35.9)"


LEG_ATTACK_DAMAGE: Final = 4
"""BT-C-35.9: a leg attack does 4 damage (plus battle-armor equipment)."""


def leg_attack_damage(*, vibro_claws: int = 0, myomer_booster_troopers: int = 0) -> int:
    """BT-C-35.9: 4, +1 per vibro-claw, +2 per active trooper of a squad with a myomer booster."""
    return LEG_ATTACK_DAMAGE + vibro_claws + 2 * myomer_booster_troopers


def leg_attack_location(
    roll: int, *, right_leg_destroyed: bool = False, left_leg_destroyed: bool = False
) -> Location:
    """BT-C-35.9.

    The leg hit: 1D6 ``roll`` on the kick table's front column (BT-C-23); a destroyed leg passes the
    hit to the other leg. One critical chance follows (hardened armor -2).
    """
    leg = KICK_LOCATION[Column.FRONT][min(max(roll, 1), 6) - 1]
    if leg is Location.RL and right_leg_destroyed:
        return Location.LL
    if leg is Location.LL and left_leg_destroyed:
        return Location.RL
    return leg


L = Location
# fmt: off
SWARM_LOCATION: Final[dict[bool, tuple[tuple[Location, bool], ...]]] = {
    # quad?: (location, rear) for a 2D6 roll of 2 .. 12 (BT-C-35.9)
    False: ((L.HD, False), (L.CT, True), (L.RT, True), (L.RT, False), (L.RA, False),
            (L.CT, False), (L.LA, False), (L.LT, False), (L.LT, True), (L.CT, True),
            (L.HD, False)),
    True:  ((L.HD, False), (L.RT, False), (L.CT, True), (L.RT, True), (L.RT, False),
            (L.CT, False), (L.LT, False), (L.LT, True), (L.CT, True), (L.LT, False),
            (L.HD, False)),
}
"""BT-C-35.9: the swarm location table on a 'Mech (a vehicle uses its own table, BT-C-24)."""
# fmt: on


def swarm_location(roll: int, *, quad: bool = False) -> tuple[Location, bool]:
    """BT-C-35.9: (location, rear side) a swarm attack hits on a 'Mech for 2D6 ``roll``.

    Battle-armor swarm hits always add a critical chance (even at 0 damage); conventional
    infantry's do not.
    """
    return SWARM_LOCATION[quad][min(max(roll, 2), 12) - 2]


BRUSH_OFF_BASE: Final = 4
"""BT-C-35.10: brush off = Piloting + 4."""


def brush_off_problem(
    *,
    quad: bool,
    prone: bool,
    arm_present: bool,
    shoulder_working: bool,
    arm_flipped: bool,
    arm_fired: bool,
) -> str | None:
    """BT-C-35.10: why a 'Mech cannot brush swarmers off with an arm, or None when it can."""
    checks = (
        (quad, "a four-legged 'Mech cannot brush off swarmers"),
        (prone, "a prone 'Mech cannot brush off swarmers"),
        (not arm_present, "that arm is gone"),
        (not shoulder_working, "that arm's shoulder is destroyed"),
        (arm_flipped, "that arm is flipped to the rear"),
        (arm_fired, "that arm fired this turn"),
    )
    for failed, why in checks:
        if failed:
            return f"{why} (BT-C-35.10)"
    return None


def brush_off_to_hit(
    piloting: int,
    *,
    upper_arm_destroyed: bool = False,
    lower_arm_missing: bool = False,
    hand_missing: bool = False,
    magnetic_claws: bool = False,
) -> int:
    """BT-C-35.10.

    Piloting + 4, +2 upper arm actuator destroyed, +2 lower arm missing or destroyed, +1 hand
    missing or destroyed (or claws), +1 swarmer with magnetic claws.

    A hit does the arm's punch damage to the swarmers (BT-C-37) and ends the swarm (`stop_swarm`);
    a miss does it to the 'Mech itself.
    """
    return (
        piloting
        + BRUSH_OFF_BASE
        + 2 * int(upper_arm_destroyed)
        + 2 * int(lower_arm_missing)
        + int(hand_missing)
        + int(magnetic_claws)
    )


def shake_off_troopers_lost(roll: int) -> int:
    """BT-C-35.10.

    Conventional swarmers shaken off by a moving unit lose 3D6 ``roll`` men (not doubled in the
    open).
    """
    return max(0, roll)
