"""Age of Destruction attacks in base contact: close combat, capture and the special attacks.

Rules: AOD-14.1 (who may fight in close combat and where), AOD-14.2 (its modifiers), AOD-14.3
(capture), AOD-22.2 (a captive's victory points), AOD-11.6 (the close-combat damage value: primary,
a melee secondary, a Quad without melee weapon hits for 1, a 'Mech at least 1), AOD-11.4
(criticals), AOD-16 (charge, Death From Above and ram: who, modifiers, damage, self-damage, heat,
free spin) and AOD-25 #12-#14 (DFA heat +1, self-damage is impact, criticals on every roll).

Built on `engine.aod.combat` (the roll, `Combatant`, `Need`) and the board geometry
(`engine.aod.geometry`, `engine.aod.los`). What happens to a captive and its escort afterwards
(AOD-14.4) is the turn machine's bookkeeping: a capture result only says captured, eliminated (a
VTOL) or failed.
"""

from __future__ import annotations

import enum
from typing import Final

from attrs import frozen

from engine.aod import los
from engine.aod.combat import (
    AttackDice,
    AttackOrder,
    Combatant,
    DamageCategory,
    Modifier,
    Need,
    SelfDamage,
    attack_problem,
    critical_miss_damage,
    shutdown_bonus,
)
from engine.aod.geometry import (
    DEFAULT_ARCS,
    Arc,
    Arcs,
    Battlefield,
    arc_of,
    close_combat_problem,
    in_contact,
    rear_approach,
)
from engine.aod.units import RangeType, SpeedMode, UnitDef, UnitType, WeaponSlot

__all__ = [
    "CAPTURE_DEFENSE",
    "CaptureOutcome",
    "CloseAttack",
    "SpecialAttack",
    "SpecialKind",
    "captive_points",
    "capture_problem",
    "close_damage",
    "close_need",
    "close_problem",
    "resolve_close",
    "resolve_special",
    "special_heat",
    "special_need",
    "special_problem",
]

CAPTURE_DEFENSE: Final = 3
"""AOD-14.3: a capture attempt gives the target +3 defense."""


class CaptureOutcome(enum.StrEnum):
    """AOD-14.3: what a capture attempt did."""

    NONE = "none"
    """No capture was attempted."""
    CAPTURED = "captured"
    ELIMINATED = "eliminated"
    """A VTOL is eliminated instead of captured (AOD-8.9)."""
    FAILED = "failed"


@frozen
class CloseAttack:
    """AOD-14: the record of one close-combat attack or capture attempt."""

    attacker: int
    dice: AttackDice
    need: Need
    hit: bool
    clicks: int
    """Damage clicks dealt, before the target's armour (0 for a capture)."""
    slot: WeaponSlot
    capture: CaptureOutcome = CaptureOutcome.NONE
    self_damage: tuple[SelfDamage, ...] = ()

    @property
    def target(self) -> int:
        """The target's index on the battlefield."""
        return self.need.target

    @property
    def category(self) -> DamageCategory:
        """Close-combat damage, neither energy nor ballistic (AOD-11.5)."""
        return DamageCategory.CLOSE

    @property
    def attacker_clicks(self) -> int:
        """All the clicks the attacker takes (critical miss, failed capture)."""
        return sum(d.clicks for d in self.self_damage)


# ---- close combat (AOD-14.1, AOD-14.2, AOD-11.6) ------------------------------------------------


def _fighter_problem(attacker: Combatant, order: AttackOrder) -> str | None:
    """AOD-14.1 / AOD-7.3: why this unit may not make a close-combat attack, or None."""
    if order not in {AttackOrder.CLOSE, AttackOrder.ASSAULT}:
        return "close/order: close combat needs a Close Combat or Assault order (AOD-14.1)"
    if attacker.kind is UnitType.VEHICLE:
        return "close/vehicle: only 'Mechs and infantry fight in close combat (AOD-14.1)"
    if order is AttackOrder.ASSAULT and not attacker.is_mech:
        return "close/order: only a 'Mech may take an Assault order (AOD-15)"
    if attacker.shutdown or attacker.heavy_damage:
        return "close/state: a shut-down or heavily damaged unit cannot attack (AOD-7.3)"
    if attacker.captive or attacker.escort or attacker.passenger:
        return "close/state: captives, escorts and passengers cannot attack (AOD-7.3)"
    return None


def capture_problem(attacker: Combatant, target: Combatant) -> str | None:
    """AOD-14.3 / AOD-14.4: why this capture may not be attempted, or None.

    Only Foot infantry may capture; a unit already holding a captive cannot be captured.
    """
    if attacker.kind is not UnitType.INFANTRY or attacker.unit.speed_mode is not SpeedMode.FOOT:
        return "capture/not_foot_infantry: only Foot infantry may capture (AOD-14.3)"
    if target.escort:
        return "capture/escort: a unit holding a captive cannot be captured (AOD-14.4)"
    return None


def close_damage(attacker: Combatant, slot: WeaponSlot | None = None) -> int:
    """AOD-11.6 / AOD-8.8: the damage value of a close-combat attack.

    The primary by default; the secondary if it carries the melee symbol and is declared. A
    Quad with no melee symbol counts its primary as 1.
    """
    unit = attacker.unit
    if unit.speed_mode is SpeedMode.QUAD and not unit.has_melee:
        return 1
    if slot is WeaponSlot.SECONDARY and _melee_secondary(unit):
        return attacker.damage(WeaponSlot.SECONDARY)
    return attacker.primary


def _melee_secondary(unit: UnitDef) -> bool:
    second = unit.secondary
    return second is not None and second.range_type is RangeType.MELEE


def _close_slot(attacker: Combatant, slot: WeaponSlot | None) -> WeaponSlot:
    """AOD-11.6: the weapon system whose damage a close-combat attack uses."""
    if not attacker.is_mech:
        return WeaponSlot.MAIN
    if slot is WeaponSlot.SECONDARY and _melee_secondary(attacker.unit):
        return WeaponSlot.SECONDARY
    return WeaponSlot.PRIMARY


def close_problem(
    field: Battlefield,
    attacker: Combatant,
    target: Combatant,
    slot: WeaponSlot | None = None,
    *,
    order: AttackOrder = AttackOrder.CLOSE,
    capture: bool = False,
    arcs: Arcs = DEFAULT_ARCS,
) -> str | None:
    """AOD-14.1 / AOD-14.3 / AOD-11.6: why this close-combat attack may not be made, or None.

    Geometry (contact, front arc or any side for a Quad, water, submerged, abrupt edges) is
    `engine.aod.geometry.close_combat_problem`.
    """
    if (why := _fighter_problem(attacker, order)) is not None:
        return why
    if (why := attack_problem(attacker, target)) is not None:
        return why
    if capture and (why := capture_problem(attacker, target)) is not None:
        return why
    if slot is WeaponSlot.SECONDARY and not _melee_secondary(attacker.unit):
        return "close/weapon: only a melee secondary may replace the primary (AOD-11.6)"
    return close_combat_problem(field, attacker.index, target.index, arcs)


def close_need(
    field: Battlefield,
    attacker: Combatant,
    target: Combatant,
    *,
    order: AttackOrder = AttackOrder.CLOSE,
    capture: bool = False,
    extra_attack: tuple[Modifier, ...] = (),
    arcs: Arcs = DEFAULT_ARCS,
) -> Need:
    """AOD-14.2: the need of a close-combat attack, with its modifiers.

    Rear contact +2 attack, shut-down target +4 attack, capture +3 defense, assault +1 defense,
    height advantage +1 defense. Hindering terrain and Evade do not count (AOD-14.1, AOD-26.14).
    ``extra_attack``: a close formation's bonus (AOD-18.4).
    """
    attack = list(extra_attack)
    if arc_of(field.units[target.index], field.units[attacker.index].hex, arcs) is Arc.REAR:
        attack.append(Modifier("rear contact", 2, "AOD-14.2"))
    attack.extend(shutdown_bonus(target))
    defense = []
    if capture:
        defense.append(Modifier("capture attempt", CAPTURE_DEFENSE, "AOD-14.3"))
    if order is AttackOrder.ASSAULT:
        defense.append(Modifier("assault", 1, "AOD-15"))
    if los.height_advantage(field, attacker.index, target.index):
        defense.append(Modifier("height advantage", 1, "AOD-19.6"))
    return Need(target.index, attacker.attack, target.defense, tuple(attack), tuple(defense))


def resolve_close(
    attacker: Combatant,
    target: Combatant,
    need: Need,
    dice: AttackDice,
    slot: WeaponSlot | None = None,
    *,
    capture: bool = False,
    bonus: int = 0,
) -> CloseAttack:
    """AOD-14 / AOD-11.8: resolve a close-combat attack or capture attempt (single target).

    Damage: the close-combat value (`close_damage`) plus ``bonus`` (the attacker's SE and faction
    abilities, step 6c), at least 1 for a 'Mech (AOD-11.6), +1 on a critical hit. Close damage is
    neither energy nor ballistic (AOD-11.5): no reduction against infantry; Heavy Armor still
    applies, in the dial.

    A capture deals no damage. Success captures the target, or eliminates a VTOL; failure costs
    the squad 1 click nothing can prevent. A critical miss is a failure and costs its own pushing
    click as well ([INTERP]: the two rules stack).
    """
    hit = need.succeeds(dice)
    self_damage = list(critical_miss_damage(dice))
    clicks = 0
    outcome = CaptureOutcome.NONE
    if capture:
        if hit:
            vtol = target.unit.speed_mode is SpeedMode.VTOL
            outcome = CaptureOutcome.ELIMINATED if vtol else CaptureOutcome.CAPTURED
        else:
            outcome = CaptureOutcome.FAILED
            self_damage.append(SelfDamage(1, DamageCategory.PUSHING, "failed capture"))
    elif hit:
        value = close_damage(attacker, slot) + bonus
        if attacker.is_mech:
            value = max(value, 1)
        value += 1 if dice.critical_hit else 0
        clicks = value
    return CloseAttack(
        attacker.index,
        dice,
        need,
        hit,
        clicks,
        _close_slot(attacker, slot),
        outcome,
        tuple(self_damage),
    )


def captive_points(captive: UnitDef, value: int, *, in_captor_zone: bool) -> int:
    """AOD-22.2 condition 2 (b, c): a captive's victory points for the player holding it.

    A captive 'Mech scores twice ``value`` (its points with gear, pilot and recruitment) wherever
    it is; a captive infantry or vehicle twice its value inside the captor's deployment zone, else
    nothing.
    """
    if captive.is_mech or in_captor_zone:
        return 2 * value
    return 0


# ---- special attacks (AOD-16) --------------------------------------------------------------------


class SpecialKind(enum.StrEnum):
    """AOD-16.2: the three special attacks, made through a Move order."""

    CHARGE = "charge"
    DFA = "dfa"
    """Death From Above."""
    RAM = "ram"


@frozen
class SpecialAttack:
    """AOD-16: the record of a charge, DFA or ram."""

    kind: SpecialKind
    attacker: int
    dice: AttackDice
    need: Need
    hit: bool
    clicks: int
    """Impact damage the target takes: no armour reduces it (AOD-11.5, in the dial)."""
    self_damage: tuple[SelfDamage, ...]
    heat: int
    """Heat the attacker takes for the special attack itself (AOD-10.1); a charge's run adds its
    own +1 as every run does (AOD-8.7)."""
    rear: bool
    """A charge or ram made from the rear (AOD-16.1)."""
    target_may_spin: bool
    """AOD-8.5 / AOD-16.2: the target may free spin towards the attacker."""

    @property
    def target(self) -> int:
        """The target's index on the battlefield."""
        return self.need.target

    @property
    def category(self) -> DamageCategory:
        """Impact damage: armour does not reduce it (AOD-11.5, AOD-16.1)."""
        return DamageCategory.IMPACT

    @property
    def attacker_clicks(self) -> int:
        """All the clicks the attacker takes (self-damage and a critical miss)."""
        return sum(d.clicks for d in self.self_damage)


_HEAT: Final = {SpecialKind.CHARGE: 1, SpecialKind.DFA: 1, SpecialKind.RAM: 0}


def special_heat(kind: SpecialKind) -> int:
    """AOD-10.1 / AOD-16.2 / AOD-25 #12: +1 for a charge (its run adds +1 more) or a DFA."""
    return _HEAT[kind]


def _special_attacker_problem(  # noqa: PLR0911 - one guard per rule
    attacker: Combatant, kind: SpecialKind, *, ran: bool, jumped: bool, formation: bool
) -> str | None:
    """AOD-16.2: who may make each special attack, and how it must move."""
    if kind is SpecialKind.RAM:
        if attacker.kind is not UnitType.VEHICLE or attacker.unit.speed_mode is SpeedMode.VTOL:
            return "special/ram: only a ground vehicle may ram (AOD-16.2, AOD-8.9)"
        if formation:
            return "special/formation: a movement formation makes no attacks (AOD-18.2)"
    elif not attacker.is_mech:
        return f"special/{kind}: only a 'Mech may make that attack (AOD-16.2)"
    if kind is SpecialKind.CHARGE and not ran:
        return "special/charge: a charge must be made with a run (AOD-8.7, AOD-16.2)"
    if kind is SpecialKind.DFA and not (attacker.shows("JJ") and jumped):
        return "special/dfa: Death From Above needs a jump with Jump Jets (AOD-16.2)"
    if attacker.attack <= 0:
        return "special/no_attack: a unit with attack 0 cannot attack (AOD-3.3)"
    if attacker.shutdown or attacker.captive or attacker.passenger:
        return "special/state: this unit cannot take a Move order (AOD-7.3)"
    return None


def special_problem(  # noqa: PLR0911 - one guard per rule
    after: Battlefield,
    attacker: Combatant,
    target: Combatant,
    kind: SpecialKind,
    *,
    contact_at_turn_start: bool,
    ran: bool = False,
    jumped: bool = False,
    formation: bool = False,
) -> str | None:
    """AOD-16.1 / AOD-16.2: why this special attack may not be made, or None.

    Args:
        after: the positions after the move (the attacker keeps its index).
        attacker: the unit moving.
        target: the unit attacked.
        kind: charge, DFA or ram.
        contact_at_turn_start: the attacker touched an enemy when its turn began (the turn
            machine records it).
        ran: the move was a run (a charge needs one).
        jumped: the move was a Jump Jets jump (a DFA needs one).
        formation: the attacker moved in a movement formation (no ram).
    """
    why = _special_attacker_problem(attacker, kind, ran=ran, jumped=jumped, formation=formation)
    if why is not None:
        return why
    if contact_at_turn_start:
        return "special/engaged: not after starting the turn touching an enemy (AOD-16.1)"
    if (why := attack_problem(attacker, target)) is not None:
        return why
    mover, aim = after.units[attacker.index], after.units[target.index]
    if not mover.is_enemy_of(aim):
        return "attack/not_enemy: only an enemy unit may be attacked (AOD-6.3, AOD-14.4)"
    if target.kind is UnitType.INFANTRY:
        return "special/infantry: a special attack cannot target infantry (AOD-16.1)"
    if not in_contact(mover, aim):
        return "special/no_contact: the move must end in base contact with the target (AOD-16.2)"
    return None


def _from_rear(
    before: Battlefield, after: Battlefield, attacker: Combatant, target: Combatant, arcs: Arcs
) -> bool:
    """AOD-16.1 / AOD-26.5: the move started in the target's rear arc and ended behind it."""
    start, end = before.units[attacker.index].hex, after.units[attacker.index].hex
    return rear_approach(before.units[target.index], start, end, arcs)


def special_need(
    before: Battlefield,
    after: Battlefield,
    attacker: Combatant,
    target: Combatant,
    kind: SpecialKind,
    *,
    merciless_die: int | None = None,
    arcs: Arcs = DEFAULT_ARCS,
) -> Need:
    """AOD-16.2: the need of a special attack, with its modifiers.

    Charge: +2 defense when the line from the start crosses a terrain feature other than water
    (hills included) or a non-infantry base (`los.charge_crosses_terrain`); +2 attack from the
    rear. DFA: +2 defense. Ram: +2 attack from the rear. Against a shut-down 'Mech +4 attack;
    height advantage +1 defense (judged after the move). ``merciless_die``: Jade Falcon
    *Merciless* adds an extra d6 to a DFA's attack (AOD-21.2).
    """
    attack: list[Modifier] = []
    defense: list[Modifier] = []
    if kind is SpecialKind.CHARGE and los.charge_crosses_terrain(
        before, attacker.index, target.index
    ):
        defense.append(Modifier("charge across terrain", 2, "AOD-16.2"))
    if kind is SpecialKind.DFA:
        defense.append(Modifier("Death From Above", 2, "AOD-16.2"))
        if merciless_die is not None:
            attack.append(Modifier("Merciless", merciless_die, "AOD-21.2"))
    if kind is not SpecialKind.DFA and _from_rear(before, after, attacker, target, arcs):
        attack.append(Modifier("rear approach", 2, "AOD-16.2"))
    attack.extend(shutdown_bonus(target))
    if los.height_advantage(after, attacker.index, target.index):
        defense.append(Modifier("height advantage", 1, "AOD-19.6"))
    return Need(target.index, attacker.attack, target.defense, tuple(attack), tuple(defense))


def _impact(kind: SpecialKind, attacker: Combatant) -> int:
    """AOD-16.2 / AOD-11.8 step 6b: charge primary + 1, DFA primary + 2, ram 2."""
    if kind is SpecialKind.CHARGE:
        return attacker.primary + 1
    if kind is SpecialKind.DFA:
        return attacker.primary + 2
    return 2


def _self_impact(kind: SpecialKind, attacker: Combatant, *, hit: bool, merciless: bool) -> int:
    """AOD-16.2 / AOD-21.2: the attacker's own clicks, hit or miss."""
    if kind is SpecialKind.CHARGE:
        return max(-(-attacker.primary // 2), 1)  # half, rounded up, at least 1
    if kind is SpecialKind.DFA:
        if merciless:
            return 0 if hit else 1
        return 1 if hit else 2
    return 1


def resolve_special(
    before: Battlefield,
    after: Battlefield,
    attacker: Combatant,
    target: Combatant,
    kind: SpecialKind,
    *,
    dice: AttackDice,
    merciless_die: int | None = None,
    bonus: int = 0,
    arcs: Arcs = DEFAULT_ARCS,
) -> SpecialAttack:
    """AOD-16 / AOD-11.8: resolve a charge, DFA or ram made by a move from ``before`` to ``after``.

    On a hit the target takes the impact damage plus ``bonus`` (step 6c), +1 on a critical hit,
    unreduced by armour. The attacker takes its self-damage hit or miss (impact, unreducible,
    AOD-25 #13) and 1 pushing click more on a critical miss (AOD-25 #14). With *Merciless* a
    failed DFA costs 1 pushing click and a successful one nothing (AOD-21.2).
    """
    need = special_need(
        before, after, attacker, target, kind, merciless_die=merciless_die, arcs=arcs
    )
    hit = need.succeeds(dice)
    clicks = _impact(kind, attacker) + bonus + (1 if dice.critical_hit else 0) if hit else 0
    merciless = merciless_die is not None and kind is SpecialKind.DFA
    own = _self_impact(kind, attacker, hit=hit, merciless=merciless)
    category = DamageCategory.PUSHING if merciless else DamageCategory.IMPACT
    self_damage = (SelfDamage(own, category, str(kind)),) if own else ()
    rear = kind is not SpecialKind.DFA and _from_rear(before, after, attacker, target, arcs)
    spinner = (
        target.is_mech
        and target.unit.speed_mode is not SpeedMode.QUAD
        and not (target.shutdown or target.captive)
    )
    # AOD-16.2: no spin after a DFA, except an enemy 'Mech the DFA missed; none after a rear
    # charge or ram
    may_spin = spinner and (not hit if kind is SpecialKind.DFA else not rear)
    return SpecialAttack(
        kind,
        attacker.index,
        dice,
        need,
        hit,
        max(clicks, 0),
        self_damage + critical_miss_damage(dice),
        special_heat(kind),
        rear,
        may_spin,
    )
