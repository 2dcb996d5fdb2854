"""Age of Destruction attacks: the roll, the modifier stack, ranged fire and the damage it deals.

Rules: AOD-11.3 (attack result = 3d6 + attack + modifiers against defense + modifiers), AOD-11.4
(criticals read the two white dice only), AOD-11.5 (damage categories), AOD-11.6 (choosing a
'Mech weapon), AOD-11.7 (who may be attacked), AOD-11.8 (the damage steps), AOD-11.9 (the exact
chance of success), AOD-12 (ranged combat: eligibility, line of fire and contact through
`engine.aod.los`, the modifiers, the assault order's attack, indirect fire, several targets, AA
units), AOD-8.9 (a fast VTOL firing on the move; height advantage), AOD-10.4 (+4 against a
shut-down 'Mech), AOD-15 (the assault order's checks) and Evade (+2 defense against ranged
attacks, AOD-26.14).

Close combat, capture and the special attacks (charge, DFA, ram) are `engine.aod.closecombat`.

Every function is pure. A unit taking part in an attack is a `Combatant`: its printed unit, its
index on the `Battlefield`, and its *current* values (after heat, SE and cards, AOD-6.4), which the
turn machine reads from the dial. Results are frozen records that keep every die and every
modifier, so the log can show them and replay never rolls again. They say how many clicks of which
category each unit takes, up to AOD-11.8 step 6e (criticals, energy against infantry). The
target's armour (step 6f: Heavy and Reactive Armor) and turning the dial (6g) are
`engine.aod.dial.take_damage`'s, which takes these clicks and category (`DamageCategory` values
are `DamageKind` values). The once-per-turn limit on energy-hit heat (AOD-10.1) is the turn
machine's, which knows the turn: a result only says that an energy hit dealt a click to a 'Mech.

A ranged attack, in the order of AOD-11.8: `targets_problem` and `ranged_problem` (each target)
refuse an illegal declaration; `ranged_needs` gives each target's modifiers, need and chance (the
preview); `AttackDice.roll` rolls; `resolve_ranged` compares the one roll with every need and
splits the damage (`allocation_problem` checks the attacker's split); the turn machine then
applies the clicks, the energy heat and the attacker's `self_damage`, then the order's heat
(`ASSAULT_HEAT`, pushing) and tokens.
"""

from __future__ import annotations

import enum
import functools
import itertools
from collections.abc import Sequence
from fractions import Fraction
from typing import Final, Protocol

from attrs import field, frozen

from engine.aod import los
from engine.aod.geometry import DEFAULT_ARCS, Arcs, Battlefield, enemy_contacts
from engine.aod.movement import VTOL_FIRING_SPEED, allowance
from engine.aod.terrain import TerrainType
from engine.aod.units import Click, RangeType, SpeedMode, UnitDef, UnitType, Weapon, WeaponSlot
from engine.dice import DiceSource

__all__ = [
    "ASSAULT_HEAT",
    "INDIRECT_CAP",
    "AssaultMode",
    "AttackDice",
    "AttackOrder",
    "Combatant",
    "CurrentValues",
    "DamageCategory",
    "Modifier",
    "Need",
    "RangedAttack",
    "SelfDamage",
    "TargetHit",
    "allocation_problem",
    "assault_allowance",
    "assault_problem",
    "attack_problem",
    "critical_miss_damage",
    "damage_category",
    "fires_on_move",
    "hit_probability",
    "max_range_against",
    "ranged_needs",
    "ranged_pool",
    "ranged_problem",
    "resolve_ranged",
    "shutdown_bonus",
    "target_clicks",
    "targets_problem",
    "vtol_firing_allowance",
    "weapon_for",
]

ASSAULT_HEAT: Final = 1
"""AOD-15 / AOD-10.1: an assaulting 'Mech takes +1 heat after the order (on top of pushing)."""
INDIRECT_CAP: Final = 2
"""AOD-12.7: indirect fire deals at most 2 clicks (before a critical hit's +1, AOD-11.8)."""


class DamageCategory(enum.StrEnum):
    """AOD-11.5: the category of a damage click decides which reductions apply."""

    BALLISTIC = "ballistic"
    ENERGY = "energy"
    CLOSE = "close"
    IMPACT = "impact"
    PUSHING = "pushing"


class AttackOrder(enum.StrEnum):
    """AOD-11.1 / AOD-8.9 / AOD-16: the order an attack is made under."""

    RANGED = "ranged"
    CLOSE = "close"
    ASSAULT = "assault"
    MOVE = "move"
    """A fast VTOL firing on the move (AOD-8.9) or a special attack (AOD-16)."""


class AssaultMode(enum.StrEnum):
    """AOD-15: half move then a ranged attack, or full move then close combat."""

    RANGED = "ranged"
    CLOSE = "close"


def _die(_instance: object, _attribute: object, value: int) -> None:
    if not 1 <= value <= 6:  # noqa: PLR2004 - a d6
        msg = f"a die shows 1 to 6, not {value}"
        raise ValueError(msg)


@frozen
class AttackDice:
    """AOD-1 / AOD-3.8: the three attack dice, two white and one black, as rolled."""

    white1: int = field(validator=_die)
    white2: int = field(validator=_die)
    black: int = field(validator=_die)

    @classmethod
    def roll(cls, dice: DiceSource) -> AttackDice:
        """Roll 3d6 from ``dice``: the first two are white, the third black."""
        white1, white2, black = dice.roll(3)
        return cls(white1, white2, black)

    @property
    def total(self) -> int:
        """AOD-11.3: the 3d6 sum."""
        return self.white1 + self.white2 + self.black

    @property
    def critical_hit(self) -> bool:
        """AOD-11.4: 6 + 6 on the white dice, whatever the black die shows."""
        return self.white1 == self.white2 == 6  # noqa: PLR2004 - the die's top face

    @property
    def critical_miss(self) -> bool:
        """AOD-11.4: 1 + 1 on the white dice, whatever the black die shows."""
        return self.white1 == self.white2 == 1


@frozen
class Modifier:
    """A signed change to the attack or to the target's defense, with its reason (AOD-6.4)."""

    reason: str
    """Plain words for the player ("rear arc")."""
    amount: int
    rule: str
    """The section that gives it ("AOD-12.5"), for the rules page."""


def _sum(values: Sequence[Modifier]) -> int:
    return sum(m.amount for m in values)


@functools.cache
def _chance(need: int) -> Fraction:
    """AOD-11.9: the exact chance that 3d6 reaches ``need``, criticals included."""
    wins = 0
    for white1, white2, black in itertools.product(range(1, 7), repeat=3):
        dice = AttackDice(white1, white2, black)
        wins += dice.critical_hit or (not dice.critical_miss and dice.total >= need)
    return Fraction(wins, 216)


def hit_probability(need: int) -> Fraction:
    """AOD-11.9: the exact chance of success when the dice must reach ``need``.

    ``need`` is the modified defense minus the modified attack. A critical hit always succeeds
    and a critical miss always fails (AOD-11.4), so the chance lies between 6/216 and 210/216.
    """
    return _chance(min(max(need, 3), 19))


@frozen
class Need:
    """AOD-11.3 / AOD-12.5: one target's comparison, with every modifier listed for the UI."""

    target: int
    """The target's index on the battlefield."""
    attack: int
    """The attacker's current attack value."""
    defense: int
    """The target's current defense value."""
    attack_modifiers: tuple[Modifier, ...] = ()
    defense_modifiers: tuple[Modifier, ...] = ()

    @property
    def modified_attack(self) -> int:
        """Attack plus its modifiers; a value below 0 counts as 0 (AOD-1, AOD-6.4)."""
        return max(self.attack + _sum(self.attack_modifiers), 0)

    @property
    def modified_defense(self) -> int:
        """Defense plus its modifiers, at least 0 (AOD-1, AOD-6.4)."""
        return max(self.defense + _sum(self.defense_modifiers), 0)

    @property
    def need(self) -> int:
        """AOD-11.9: what the 3d6 must reach (modified defense minus modified attack)."""
        return self.modified_defense - self.modified_attack

    @property
    def probability(self) -> Fraction:
        """AOD-11.9: the exact chance of success, for previews."""
        return hit_probability(self.need)

    def succeeds(self, dice: AttackDice) -> bool:
        """AOD-11.3 / AOD-11.4: a critical hit succeeds, a critical miss fails, else total."""
        if dice.critical_hit:
            return True
        if dice.critical_miss:
            return False
        return dice.total + self.modified_attack >= self.modified_defense


class CurrentValues(Protocol):
    """What `Combatant.from_values` reads: the shape of the dial module's current values."""

    @property
    def speed(self) -> int: ...  # noqa: D102 - the fields of AOD-3.3
    @property
    def attack(self) -> int: ...  # noqa: D102
    @property
    def defense(self) -> int: ...  # noqa: D102
    @property
    def primary(self) -> int: ...  # noqa: D102
    @property
    def secondary(self) -> int | None: ...  # noqa: D102
    @property
    def active(self) -> frozenset[str]:
        """The SE codes in force (AOD-3.6, AOD-10.4)."""
        ...


@frozen
class Combatant:
    """A unit in an attack: what it is, where it is, and its current values (AOD-6.4).

    The turn machine builds it from the unit's dial and state: values after heat effects, SE and
    cards, and the SE in force (visible, not switched off, not suspended by a shutdown).
    `Combatant.on_click` builds one from the printed values alone.
    """

    index: int
    """The unit's index on the `Battlefield`."""
    unit: UnitDef
    attack: int
    defense: int
    primary: int
    """Primary damage, or the one damage value of infantry and vehicles."""
    secondary: int | None = None
    speed: int = 0
    equipment: frozenset[str] = frozenset()
    """SE codes in force ("EV", "HA", "RA", "JJ", "PU")."""
    shutdown: bool = False
    heavy_damage: bool = False
    captive: bool = False
    escort: bool = False
    """AOD-14.4: it holds a captive."""
    passenger: bool = False

    @classmethod
    def on_click(
        cls, index: int, unit: UnitDef, click: int | None = None, **state: bool
    ) -> Combatant:
        """A combatant with the printed values of dial ``click`` (its start by default).

        ``state`` sets the flags (``shutdown=True``...). No heat effects, cards or switched-off SE.
        """
        shown: Click = unit.dial[unit.start_click if click is None else click]
        return cls(
            index=index,
            unit=unit,
            attack=shown.attack,
            defense=shown.defense,
            primary=shown.primary,
            secondary=shown.secondary,
            speed=shown.speed,
            equipment=frozenset(mark.code for mark in shown.equipment),
            heavy_damage=shown.heavy_damage,
            **state,
        )

    @classmethod
    def from_values(
        cls, index: int, unit: UnitDef, values: CurrentValues, **state: bool
    ) -> Combatant:
        """A combatant with the unit's current values (the dial's ``values(...)``, AOD-6.4).

        For an attacker, the values of the weapon it fires (weapon-tied SE and gear, AOD-3.6,
        AOD-20.6). ``values.defense`` must leave Evade out: it is listed as a modifier here.
        ``state`` sets the flags (``shutdown=True``...).
        """
        return cls(
            index=index,
            unit=unit,
            attack=values.attack,
            defense=values.defense,
            primary=values.primary,
            secondary=values.secondary,
            speed=values.speed,
            equipment=values.active,
            **state,
        )

    @property
    def is_mech(self) -> bool:
        """'Mech or Quad 'Mech (AOD-3.1)."""
        return self.unit.is_mech

    @property
    def kind(self) -> UnitType:
        """'Mech, vehicle or infantry (AOD-3.1)."""
        return self.unit.unit_type

    def shows(self, code: str) -> bool:
        """True when SE ``code`` is in force (AOD-3.6)."""
        return code in self.equipment

    def damage(self, slot: WeaponSlot) -> int:
        """The current damage value of the weapon in ``slot`` (AOD-3.3)."""
        if slot is WeaponSlot.SECONDARY:
            return self.secondary or 0
        return self.primary


@frozen
class SelfDamage:
    """Clicks an attacker takes from its own attack (AOD-11.4, AOD-14.3, AOD-16.2)."""

    clicks: int
    category: DamageCategory
    reason: str


@frozen
class TargetHit:
    """One target's outcome of an attack roll (AOD-11.3, AOD-11.8 step 6, AOD-12.8)."""

    need: Need
    hit: bool
    clicks: int
    """Damage clicks the attack deals, before the target's armour (AOD-11.8 up to step 6e)."""
    category: DamageCategory
    energy_heat: bool = False
    """AOD-10.1: an energy attack dealt at least 1 click to a 'Mech: +1 heat, at most once per
    turn (the turn machine keeps the count)."""

    @property
    def target(self) -> int:
        """The target's index on the battlefield."""
        return self.need.target


@frozen
class RangedAttack:
    """AOD-12: the record of one ranged attack (normal, indirect or multi-target)."""

    attacker: int
    slot: WeaponSlot
    dice: AttackDice
    pool: int
    """The damage value after heat, the attack type and the attacker's bonuses (steps 6a-6c)."""
    targets: tuple[TargetHit, ...]
    indirect: bool = False
    self_damage: tuple[SelfDamage, ...] = ()

    @property
    def attacker_clicks(self) -> int:
        """All the clicks the attacker takes (a critical miss: 1 pushing click)."""
        return sum(d.clicks for d in self.self_damage)


# ---- weapons and damage (AOD-11.2, AOD-11.5, AOD-11.6, AOD-11.8) --------------------------------


def weapon_for(unit: UnitDef, slot: WeaponSlot | None = None) -> Weapon | None:
    """AOD-11.6: the weapon a ranged attack uses: the declared one, else the primary.

    Infantry and vehicles have one weapon, whatever is declared. None: a 'Mech without that slot.
    """
    if not unit.is_mech or slot in {None, WeaponSlot.PRIMARY, WeaponSlot.MAIN}:
        return unit.primary
    return unit.secondary


def damage_category(weapon: Weapon) -> DamageCategory:
    """AOD-11.5: a ranged attack's damage is ballistic or energy, as its weapon's symbol."""
    if weapon.range_type is RangeType.ENERGY:
        return DamageCategory.ENERGY
    return DamageCategory.BALLISTIC


def target_clicks(
    share: int, category: DamageCategory, target: Combatant, *, critical: bool
) -> int:
    """AOD-11.8 steps 6d-6e: a target's clicks from its share of the damage.

    A critical hit adds 1 (to every hit target, even one given 0, AOD-25 #29); then energy
    against infantry becomes 1 (AOD-11.2). The target's armour comes after, in the dial.
    """
    clicks = share + (1 if critical else 0)
    if category is DamageCategory.ENERGY and target.kind is UnitType.INFANTRY:
        clicks = min(clicks, 1)
    return max(clicks, 0)


# ---- who may fire (AOD-8.9, AOD-11.7, AOD-12.1, AOD-12.7, AOD-12.9) -----------------------------


def fires_on_move(attacker: Combatant) -> bool:
    """AOD-8.9: a VTOL with speed 13 or more may make a ranged attack during its Move order."""
    return attacker.unit.speed_mode is SpeedMode.VTOL and attacker.speed >= VTOL_FIRING_SPEED


def vtol_firing_allowance(speed: int) -> int:
    """AOD-8.9: a VTOL firing on the move covers ``speed - 12`` hexes (before, after or both)."""
    return allowance(speed, vtol_firing=True)


def max_range_against(attacker: Combatant, weapon: Weapon, *, cruising_target: bool) -> int:
    """AOD-12.9: an AA unit's ballistic weapon doubles its max range against a cruising VTOL."""
    anti_air = attacker.unit.is_anti_aircraft and weapon.range_type is RangeType.BALLISTIC
    return weapon.max_range * 2 if anti_air and cruising_target else weapon.max_range


def attack_problem(attacker: Combatant, target: Combatant) -> str | None:
    """AOD-11.7 / AOD-14.4: the target restrictions every attack shares, or None.

    Friends and the attacker itself are refused by the geometry (`los`, `geometry`), which knows
    the sides.
    """
    if target.captive:
        return "attack/captive: a captive can never be attacked (AOD-14.4)"
    if target.passenger:
        return "attack/passenger: a passenger cannot be attacked (AOD-11.7)"
    if attacker.index == target.index:
        return "attack/self: a unit cannot attack itself (AOD-11.7)"
    return None


def _shooter_problem(attacker: Combatant, order: AttackOrder) -> str | None:  # noqa: PLR0911 - per rule
    """AOD-12.1 / AOD-8.9: why this unit may not make a ranged attack under ``order``, or None."""
    if order is AttackOrder.CLOSE:
        return "attack/order: a ranged attack needs a Ranged or Assault order (AOD-12.1)"
    if order is AttackOrder.ASSAULT and not attacker.is_mech:
        return "attack/order: only a 'Mech may take an Assault order (AOD-15)"
    if order is AttackOrder.MOVE and not fires_on_move(attacker):
        return "attack/order: only a VTOL of speed 13 or more fires on the move (AOD-8.9)"
    if attacker.shutdown:
        return "attack/shutdown: a shut-down 'Mech cannot fire (AOD-12.1)"
    if attacker.captive or attacker.escort or attacker.passenger:
        return "attack/state: captives, escorts and passengers cannot fire (AOD-12.1)"
    if attacker.heavy_damage:
        return "attack/heavy_damage: a unit showing Heavy Damage cannot fire (AOD-12.1)"
    if attacker.attack <= 0:
        return "attack/no_attack: a unit with attack 0 cannot fire (AOD-3.3, AOD-12.1)"
    return None


def ranged_problem(  # noqa: PLR0911 - one guard per rule
    field: Battlefield,
    attacker: Combatant,
    target: Combatant,
    slot: WeaponSlot | None = None,
    *,
    order: AttackOrder = AttackOrder.RANGED,
    indirect: bool = False,
    arcs: Arcs = DEFAULT_ARCS,
) -> str | None:
    """AOD-12.1..12.4 / AOD-12.7 / AOD-12.9: why this ranged attack may not be made, or None.

    With no weapon declared a 'Mech fires its primary; if that cannot fire, the attack is
    cancelled and the order lost (AOD-11.6): the turn machine refuses it before it is given.
    """
    if (why := _shooter_problem(attacker, order)) is not None:
        return why
    if (why := attack_problem(attacker, target)) is not None:
        return why
    if target.escort:
        return "attack/escort: a unit holding a captive cannot be a ranged target (AOD-14.4)"
    weapon = weapon_for(attacker.unit, slot)
    if weapon is None or weapon.range_type is RangeType.MELEE or weapon.max_range <= 0:
        return "attack/no_range: that weapon cannot make a ranged attack (AOD-3.1, AOD-12.1)"
    if not indirect:
        cruising = field.units[target.index].cruising
        top = max_range_against(attacker, weapon, cruising_target=cruising)
        return los.cannot_fire(
            field, attacker.index, target.index, weapon.min_range, top, arcs=arcs
        )
    if order is not AttackOrder.RANGED:
        return "attack/indirect: indirect fire needs a Ranged order (AOD-12.7)"
    if weapon.range_type is not RangeType.BALLISTIC:
        return "attack/indirect: only a ballistic weapon fires indirectly (AOD-12.7)"
    return los.cannot_fire_indirect(
        field, attacker.index, target.index, weapon.min_range, weapon.max_range, arcs=arcs
    )


def targets_problem(
    attacker: Combatant,
    targets: Sequence[Combatant],
    slot: WeaponSlot | None = None,
    *,
    indirect: bool = False,
) -> str | None:
    """AOD-12.8 / AOD-12.7: the target list: 1 to the weapon's symbols, each once; indirect: 1."""
    weapon = weapon_for(attacker.unit, slot)
    most = 1 if indirect or weapon is None else weapon.targets
    if not targets:
        return "attack/no_target: choose a target (AOD-11.8)"
    if len({t.index for t in targets}) != len(targets):
        return "attack/repeated_target: each target may be attacked once per order (AOD-12.8)"
    if len(targets) > most:
        return f"attack/too_many_targets: this weapon attacks at most {most} (AOD-12.8)"
    return None


# ---- the modifier stack (AOD-12.5) ---------------------------------------------------------------


def _ranged_defense(
    field: Battlefield,
    attacker: Combatant,
    target: Combatant,
    *,
    order: AttackOrder,
    indirect: bool,
    waive_called_shot: bool,
    ignore_hindering: bool,
) -> list[Modifier]:
    """AOD-12.5: the modifiers to one target's defense."""
    mods: list[Modifier] = []
    contact = los.contact_modifier(field, attacker.index, target.index)
    if contact is not None and not (waive_called_shot and contact[0] == "called shot"):
        mods.append(Modifier(contact[0], contact[1], "AOD-12.4"))
    if indirect:
        mods.append(Modifier("indirect fire", 3, "AOD-12.7"))
    elif not ignore_hindering and los.line_of_fire(field, attacker.index, target.index).hindering:
        mods.append(Modifier("hindering terrain", 1, "AOD-19.2"))
    if los.height_advantage(field, attacker.index, target.index):
        mods.append(Modifier("height advantage", 1, "AOD-19.6"))
    spot = field.units[target.index]
    if spot.mode is SpeedMode.QUAD and field.terrain[spot.hex].type is TerrainType.HINDERING:
        mods.append(Modifier("hull-down", 1, "AOD-8.8"))
    if order is AttackOrder.ASSAULT:
        mods.append(Modifier("assault", 1, "AOD-15"))
    if target.shows("EV"):
        mods.append(Modifier("Evade", 2, "AOD-26.14"))
    return mods


def shutdown_bonus(target: Combatant) -> tuple[Modifier, ...]:
    """AOD-10.4: +4 attack against a shut-down 'Mech."""
    return (Modifier("shut-down target", 4, "AOD-10.4"),) if target.shutdown else ()


def ranged_needs(
    field: Battlefield,
    attacker: Combatant,
    targets: Sequence[Combatant],
    *,
    order: AttackOrder = AttackOrder.RANGED,
    indirect: bool = False,
    ignore_hindering: bool = False,
    extra_attack: Sequence[Modifier] = (),
    arcs: Arcs = DEFAULT_ARCS,
) -> tuple[Need, ...]:
    """AOD-12.5 / AOD-12.8: each target's need, with its own modifiers.

    Args:
        field: the positions when the attack is made (after the move of an assault or a VTOL).
        attacker: the shooter.
        targets: one or more targets, as declared.
        order: Ranged, Assault (+1 defense) or Move (a VTOL firing on the move).
        indirect: indirect fire (+3 defense, no hindering modifier).
        ignore_hindering: Jade Falcon *Enhanced Imaging* succeeded (AOD-21.2).
        extra_attack: attack modifiers from elsewhere (a ranged formation's, AOD-18.3).
        arcs: the arcs' half-angles.
    """
    touching = set(enemy_contacts(field, attacker.index))
    # AOD-12.5: when one target touches the attacker, the others get no called-shot modifier
    waive = len(targets) > 1 and any(t.index in touching for t in targets)
    needs = []
    for target in targets:
        attack = list(extra_attack)
        if los.through_rear_arc(field, attacker.index, target.index, arcs):
            attack.append(Modifier("rear arc", 2, "AOD-12.5"))
        attack.extend(shutdown_bonus(target))
        defense = _ranged_defense(
            field,
            attacker,
            target,
            order=order,
            indirect=indirect,
            waive_called_shot=waive,
            ignore_hindering=ignore_hindering,
        )
        needs.append(
            Need(target.index, attacker.attack, target.defense, tuple(attack), tuple(defense))
        )
    return tuple(needs)


# ---- resolution (AOD-11.8, AOD-12.7, AOD-12.8) ---------------------------------------------------


def ranged_pool(
    attacker: Combatant, slot: WeaponSlot | None = None, *, indirect: bool = False, bonus: int = 0
) -> int:
    """AOD-11.8 steps 6a-6c: the damage to split: current value, indirect cap 2, bonuses.

    ``bonus`` is the attacker's SE and faction changes (step 6c), e.g. *Zellbrigen*'s +1.
    """
    weapon = weapon_for(attacker.unit, slot)
    value = attacker.damage(weapon.slot if weapon is not None else WeaponSlot.PRIMARY)
    if indirect:
        value = min(value, INDIRECT_CAP)
    return max(value + bonus, 0)


def allocation_problem(pool: int, hits: Sequence[bool], allocation: Sequence[int]) -> str | None:
    """AOD-12.8: the attacker's split of the pool: all of it, only to targets that were hit."""
    if len(allocation) != len(hits):
        return "attack/allocation: give a share (possibly 0) to each target"
    if any(share < 0 for share in allocation):
        return "attack/allocation: a share cannot be negative"
    if any(share and not hit for share, hit in zip(allocation, hits, strict=True)):
        return "attack/allocation: only targets that were hit take damage (AOD-12.8)"
    if any(hits) and sum(allocation) != pool:
        return f"attack/allocation: the shares must add up to the damage, {pool} (AOD-12.8)"
    return None


def _spread(pool: int, hits: Sequence[bool]) -> tuple[int, ...]:
    """The default split: one click at a time to each hit target in declared order."""
    shares = [0] * len(hits)
    struck = [n for n, hit in enumerate(hits) if hit]
    for click in range(pool if struck else 0):
        shares[struck[click % len(struck)]] += 1
    return tuple(shares)


def resolve_ranged(
    attacker: Combatant,
    targets: Sequence[Combatant],
    needs: Sequence[Need],
    dice: AttackDice,
    slot: WeaponSlot | None = None,
    *,
    indirect: bool = False,
    allocation: Sequence[int] | None = None,
    bonus: int = 0,
) -> RangedAttack:
    """AOD-11.3..11.5 / AOD-11.8 / AOD-12.7 / AOD-12.8: resolve one roll against every target.

    One roll is compared with each target's own need. The pool is split as ``allocation`` says
    (the attacker's choice once he sees the hits; by default one click at a time to each hit target
    in declared order). A critical hit gives every hit target +1; a critical miss costs the
    attacker 1 pushing click (AOD-11.4).

    Raises:
        ValueError: ``allocation`` breaks AOD-12.8 (check it with `allocation_problem` first).
    """
    weapon = weapon_for(attacker.unit, slot)
    if weapon is None:
        msg = "the attacker has no such weapon"
        raise ValueError(msg)
    hits = tuple(need.succeeds(dice) for need in needs)
    pool = ranged_pool(attacker, slot, indirect=indirect, bonus=bonus)
    shares = _spread(pool, hits) if allocation is None else tuple(allocation)
    if (why := allocation_problem(pool, hits, shares)) is not None:
        raise ValueError(why)
    category = damage_category(weapon)
    results = []
    for target, need, hit, share in zip(targets, needs, hits, shares, strict=True):
        clicks = target_clicks(share, category, target, critical=dice.critical_hit) if hit else 0
        heats = category is DamageCategory.ENERGY and clicks > 0 and target.is_mech
        results.append(TargetHit(need, hit, clicks, category, energy_heat=heats))
    return RangedAttack(
        attacker.index,
        weapon.slot,
        dice,
        pool,
        tuple(results),
        indirect=indirect,
        self_damage=critical_miss_damage(dice),
    )


def critical_miss_damage(dice: AttackDice) -> tuple[SelfDamage, ...]:
    """AOD-11.4: a critical miss costs the attacker (a formation's leader only) 1 pushing click."""
    if dice.critical_miss:
        return (SelfDamage(1, DamageCategory.PUSHING, "critical miss"),)
    return ()


# ---- the assault order (AOD-15) ----------------------------------------------------------------


def assault_problem(
    field: Battlefield, attacker: Combatant, *, run: bool = False, formation: bool = False
) -> str | None:
    """AOD-15 / AOD-7.3: why this unit may not take an Assault order now, or None.

    Checked when the order is given, before the move. The unit's general state (shut down,
    Heavy Damage, captive...) is the order table's (AOD-7.3), checked by the turn machine.
    """
    if not attacker.is_mech:
        return "assault/not_mech: only a 'Mech may take an Assault order (AOD-15)"
    if enemy_contacts(field, attacker.index):
        return "assault/engaged: a 'Mech touching an enemy may not assault (AOD-15)"
    if run:
        return "assault/run: an assaulting 'Mech may not run (AOD-15)"
    if formation:
        return "assault/formation: an assaulting 'Mech joins no formation (AOD-15, AOD-18.1)"
    return None


def assault_allowance(speed: int, mode: AssaultMode, *, hindering_start: bool = False) -> int:
    """AOD-15 / AOD-8.3: half speed (rounded up) before a ranged attack, full before close combat.

    The hindering-start halving still comes last (AOD-19.2).
    """
    return allowance(
        speed, assault_ranged=mode is AssaultMode.RANGED, hindering_start=hindering_start
    )
