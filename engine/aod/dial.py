"""The combat dial in play: current values, damage, Heavy Damage, elimination and repair.

Rules: AOD-1 (floor, halves up), AOD-3.3 and AOD-6.4 (values, modifiers, replacement values),
AOD-3.4 (dial markers), AOD-3.6 (SE active while visible; optional SE), AOD-10.4 (optional SE
suspended while shut down), AOD-11.4 (criticals on repair rolls), AOD-11.5 (damage categories),
AOD-17.1 (taking damage), AOD-17.2 (repair), AOD-17.3 (Heavy Damage), AOD-17.4 (elimination),
AOD-20.6 (gear), AOD-25 #13 and #36, and the INVENTED SE catalogue of AOD-26.14 (Evade, Heavy
Armor, Reactive Armor, Repair). The orders the dials allow (AOD-7.3, AOD-25 #18) are
`engine.aod.orders.allowed_orders`'.

Every function takes the printed `UnitDef` and the unit's `DialStatus`; those that change it
return a new status inside a frozen outcome record with every die rolled and one readable line.
Combat works out *how much* damage an attack deals and of which category, up to AOD-11.8 step 6e
(criticals, energy against infantry); `take_damage` does steps 6f and 6g: the target's armour,
then the clicks. The heat dial is `engine.aod.heat`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from types import MappingProxyType
from typing import Final

from attrs import evolve, frozen

from engine.aod.status import DialStatus
from engine.aod.units import (
    AttackSymbol,
    Card,
    CardKind,
    Catalogue,
    Click,
    EquipmentMark,
    HeatPosition,
    SpeedMode,
    Stat,
    UnitDef,
    WeaponSlot,
)
from engine.dice import DiceSource

__all__ = [
    "ARMOUR",
    "EVADE",
    "REPAIRABLE",
    "REPAIR_NEED",
    "Armour",
    "DamageKind",
    "DamageTaken",
    "RepairDone",
    "RepairRolled",
    "Values",
    "active_equipment",
    "card_modifiers",
    "functional",
    "heavy_damage",
    "modified",
    "reduced_damage",
    "repair",
    "repair_problem",
    "repair_target_problem",
    "roll_repair",
    "take_damage",
    "values",
    "window",
]


class DamageKind(enum.StrEnum):
    """The damage categories of AOD-11.5, plus the unreducible damage of heat (AOD-26.14)."""

    BALLISTIC = "ballistic"
    """Ballistic ranged attacks and artillery: every reduction applies."""
    ENERGY = "energy"
    """Energy ranged attacks (combat has already made it 1 against infantry, AOD-11.8 6e)."""
    CLOSE = "close"
    """Close-combat orders, melee weapon or none."""
    IMPACT = "impact"
    """Charge, DFA and ram, and their self-damage (AOD-16.1, AOD-25 #13): no armour."""
    PUSHING = "pushing"
    """Pushing, critical misses, circle SE, failed capture...: cannot be prevented (AOD-11.5)."""
    UNREDUCIBLE = "unreducible"
    """An ammo explosion on the heat dial (AOD-26.14 ``HEAT-STD``): cannot be reduced."""


@frozen
class Armour:
    """An armour SE of AOD-26.14: ``reduction`` clicks off the damage kinds it covers, minimum 1."""

    code: str
    reduction: int
    covers: frozenset[DamageKind]


ARMOUR: Final = (
    Armour("HA", 1, frozenset({DamageKind.BALLISTIC, DamageKind.ENERGY, DamageKind.CLOSE})),
    Armour("RA", 2, frozenset({DamageKind.BALLISTIC})),
)
"""AOD-26.14 [INVENTED]: Heavy Armor -1 from each ranged or close-combat attack, Reactive Armor
-2 from ballistic attacks (artillery included); both minimum 1, neither against impact or pushing
damage (AOD-3.6, AOD-11.5, AOD-16.1). Both are square, not optional: shutdown leaves them on."""


def window(unit: UnitDef, status: DialStatus) -> Click:
    """The click showing in the dial window (AOD-3.3); a programmer error once eliminated."""
    if status.eliminated(unit):
        raise ValueError(f"{unit.name} is eliminated: its dial shows no values")
    return unit.dial[status.click]


# ---------------------------------------------------------------- AOD-3.3, AOD-6.4 values


def modified(
    printed: int,
    modifiers: Iterable[int] = (),
    *,
    replacement: int | None = None,
    halve: bool = False,
    double: bool = False,
) -> int:
    """A value after a replacement, scaling and modifiers, never below 0 (AOD-1, AOD-6.4).

    A replacement value is used instead of the printed one; an effect that halves or doubles an
    unmodified value scales it first (halves round up), then the modifiers are added.
    """
    value = printed if replacement is None else replacement
    if halve:
        value = -(-value // 2)
    if double:
        value *= 2
    return max(value + sum(modifiers), 0)


EVADE: Final = ("EV", 2)
"""AOD-3.6, AOD-26.14: Evade gives +2 defense against ranged attacks."""


@frozen
class Values:
    """The values a unit uses now: the window's, modified (AOD-3.3, AOD-6.4).

    Attributes:
        speed: hexes of a Move order.
        attack: added to the 3d6 roll.
        defense: the target number (Evade not included: see `ranged_defense`).
        primary: primary damage, or the one damage value of infantry and vehicles.
        secondary: secondary damage of a 'Mech; None for the others.
        showing: the SE marks in the window (AOD-3.6).
        active: the codes of the SE that work now: showing, not switched off, not suspended.
    """

    speed: int
    attack: int
    defense: int
    primary: int
    secondary: int | None
    showing: tuple[EquipmentMark, ...]
    active: frozenset[str]

    @property
    def ranged_defense(self) -> int:
        """Defense against a ranged attack: +2 with Evade active (AOD-26.14)."""
        code, bonus = EVADE
        return self.defense + (bonus if code in self.active else 0)

    def damage(self, slot: WeaponSlot) -> int:
        """The damage value of a weapon system (AOD-11.6); a missing secondary deals 0."""
        if slot is WeaponSlot.SECONDARY:
            return self.secondary or 0
        return self.primary


def active_equipment(
    unit: UnitDef,
    status: DialStatus,
    catalogue: Catalogue,
    *,
    switched_off: frozenset[str] = frozenset(),
    weapon: WeaponSlot | None = None,
) -> frozenset[str]:
    """The SE codes that work now (AOD-3.6, AOD-10.4).

    SE works while it shows; optional SE the owner switched off does not, and neither does any
    optional SE while the 'Mech is shut down (AOD-10.4; AOD-25 #36). With ``weapon`` given, SE
    on the other weapon's damage value is left out (AOD-3.6).
    """
    found = set()
    for mark in window(unit, status).equipment:
        equipment = catalogue.equipment.get(mark.code)
        optional = equipment is not None and equipment.optional
        if optional and (mark.code in switched_off or status.shutdown):
            continue
        if weapon is not None and _other_weapon(mark.stat, weapon):
            continue
        found.add(mark.code)
    return frozenset(found)


def _other_weapon(stat: Stat, weapon: WeaponSlot) -> bool:
    if stat is Stat.PRIMARY:
        return weapon is WeaponSlot.SECONDARY
    if stat is Stat.SECONDARY:
        return weapon is not WeaponSlot.SECONDARY
    return False


def card_modifiers(
    unit: UnitDef, status: DialStatus, cards: Iterable[Card], weapon: WeaponSlot | None
) -> dict[Stat, int]:
    """The summed modifiers of the unit's cards that apply now (AOD-20.6, AOD-20.7, AOD-17.3).

    Gear tied to a weapon system (``PRI``/``SEC``) applies only to attacks with that weapon, so
    only when ``weapon`` names it; all gear is ignored while Heavy Damage shows.
    """
    total: dict[Stat, int] = {}
    hurt = heavy_damage(unit, status)
    for card in cards:
        if card.kind is CardKind.GEAR and hurt:
            continue
        if card.slot and _SLOTS.get(card.slot) is not weapon:
            continue
        for stat, amount in card.modifiers:
            total[stat] = total.get(stat, 0) + amount
    return total


_SLOTS: Final = MappingProxyType({"PRI": WeaponSlot.PRIMARY, "SEC": WeaponSlot.SECONDARY})


def values(
    unit: UnitDef,
    status: DialStatus,
    catalogue: Catalogue,
    cards: Iterable[Card] = (),
    *,
    switched_off: frozenset[str] = frozenset(),
    weapon: WeaponSlot | None = None,
) -> Values:
    """The unit's values now: the window, heat modifiers, card modifiers (AOD-3.3, AOD-6.4).

    Args:
        unit: the unit.
        status: where its dials stand.
        catalogue: for its heat dial and which SE is optional.
        cards: the gear and pilot cards in its slots.
        switched_off: optional SE codes its owner switched off (AOD-3.6).
        weapon: the weapon of the attack being made, for weapon-tied SE and gear; None for the
            values at rest.
    """
    click = window(unit, status)
    # AOD-3.5: heat modifiers of the position showing; infantry and vehicles have none
    heat = HeatPosition()
    if unit.is_mech and unit.heat_dial:
        heat = catalogue.heat_dials[unit.heat_dial].positions[status.heat]
    card = card_modifiers(unit, status, cards, weapon)
    both = card.get(Stat.DAMAGE, 0)
    secondary = None
    if click.secondary is not None:
        secondary = modified(click.secondary, (heat.secondary, card.get(Stat.SECONDARY, 0), both))
    return Values(
        speed=modified(click.speed, (heat.speed, card.get(Stat.SPEED, 0))),
        attack=modified(click.attack, (card.get(Stat.ATTACK, 0),)),
        defense=modified(click.defense, (card.get(Stat.DEFENSE, 0),)),
        primary=modified(click.primary, (heat.primary, card.get(Stat.PRIMARY, 0), both)),
        secondary=secondary,
        showing=click.equipment,
        active=active_equipment(unit, status, catalogue, switched_off=switched_off, weapon=weapon),
    )


# ---------------------------------------------------------------- AOD-17.3 Heavy Damage


def heavy_damage(unit: UnitDef, status: DialStatus) -> bool:
    """The window shows Heavy Damage (AOD-3.4, AOD-17.3); False once eliminated."""
    return not status.eliminated(unit) and unit.dial[status.click].heavy_damage


def functional(unit: UnitDef, status: DialStatus) -> bool:
    """On the board and not showing Heavy Damage (AOD-17.3; AOD-25 #3): for game end and VP."""
    return not status.eliminated(unit) and not heavy_damage(unit, status)


# ---------------------------------------------------------------- AOD-17.1 damage


def reduced_damage(
    unit: UnitDef, status: DialStatus, clicks: int, kind: DamageKind
) -> tuple[int, tuple[str, ...]]:
    """Damage after the target's armour (AOD-11.8 step 6f; AOD-26.14), and the codes that cut it.

    Armour works while it shows in the window (AOD-3.6); each applicable one takes off its
    reduction, and the result never drops below 1 (nor raises a 0 to 1).
    """
    if clicks <= 0:
        return 0, ()
    click = window(unit, status)
    used = tuple(a for a in ARMOUR if kind in a.covers and click.shows(a.code))
    taken = max(1, clicks - sum(a.reduction for a in used))
    return taken, (tuple(a.code for a in used) if taken < clicks else ())


@frozen
class DamageTaken:
    """What damage did to one unit (AOD-17.1, AOD-17.3, AOD-17.4).

    Attributes:
        before: the status before the damage.
        status: the status after it.
        kind: the damage category (AOD-11.5).
        dealt: the clicks the attack dealt, before armour.
        taken: the clicks the dial turned (armour off; it stops at elimination).
        armour: the codes of the armour SE that cut the damage.
        heavy_damage_appeared: Heavy Damage shows now and did not before (AOD-17.3).
        eliminated: the three-hits position shows (AOD-17.4).
        forced_descent: a VTOL whose Heavy Damage just appeared drops to NOE at once (AOD-8.9).
        must_unload: a transport whose Heavy Damage just appeared unloads at once (AOD-17.3).
        account: one line for the log.
    """

    before: DialStatus
    status: DialStatus
    kind: DamageKind
    dealt: int
    taken: int
    armour: tuple[str, ...]
    heavy_damage_appeared: bool
    eliminated: bool
    forced_descent: bool
    must_unload: bool
    account: str


def take_damage(unit: UnitDef, status: DialStatus, clicks: int, kind: DamageKind) -> DamageTaken:
    """Turn the dial ``clicks`` clicks clockwise, after armour, stopping at elimination (AOD-17.1).

    Args:
        unit: the damaged unit.
        status: its dials before the damage.
        clicks: the damage dealt, after AOD-11.8 steps 6a-6e (combat's part).
        kind: the category, which decides the armour that applies (AOD-11.5, AOD-26.14).
    """
    taken, armour = reduced_damage(unit, status, clicks, kind)
    after = status.with_click(min(status.click + taken, unit.ko_click))
    turned = after.click - status.click
    appeared = heavy_damage(unit, after) and not heavy_damage(unit, status)
    gone = after.eliminated(unit)
    return DamageTaken(
        before=status,
        status=after,
        kind=kind,
        dealt=max(clicks, 0),
        taken=turned,
        armour=armour,
        heavy_damage_appeared=appeared,
        eliminated=gone,
        forced_descent=appeared and unit.speed_mode is SpeedMode.VTOL,
        must_unload=appeared and unit.is_transport,
        account=_damage_account(unit, clicks, turned, armour, appeared=appeared, gone=gone),
    )


def _damage_account(
    unit: UnitDef,
    dealt: int,
    turned: int,
    armour: tuple[str, ...],
    *,
    appeared: bool,
    gone: bool,
) -> str:
    said = f"{unit.name} takes {_clicks(turned)}"
    if armour:
        said += f" ({dealt} before armour)"
    if gone:
        return said + " and is destroyed."
    if appeared:
        return said + " and is heavily damaged."
    return said + "."


def _clicks(n: int) -> str:
    return f"{n} click" if n == 1 else f"{n} clicks"


# ---------------------------------------------------------------- AOD-17.2 repair


def repair_problem(unit: UnitDef, status: DialStatus) -> str:
    """Why ``unit``'s dial cannot be repaired now, or "" (AOD-3.4, AOD-17.2).

    The attack symbols of AOD-26.14 (who may be repaired at all) are the Repair SE's rule.
    """
    # AOD-17.4: nothing left to repair
    if status.eliminated(unit):
        return f"{unit.name} has been destroyed."
    click = unit.dial[status.click]
    # AOD-17.2: once a black repair marker shows, no more repair
    if click.repair_marker:
        return f"{unit.name} shows a repair limit: it cannot be repaired any more."
    # AOD-3.4: repair never turns past the starting marker
    if status.click <= unit.start_click:
        return f"{unit.name} is undamaged."
    return ""


@frozen
class RepairDone:
    """What a repair did (AOD-17.2).

    Attributes:
        before: the status before the repair.
        status: the status after it (heat unchanged, AOD-26.14).
        clicks: the clicks the repair offered.
        repaired: the clicks the dial turned back.
        limit: the marker the window shows now if the dial reached one: "start", "repair marker"
            or "" (a repair offered more clicks than ``repaired`` only when one stopped it).
        account: one line for the log.
    """

    before: DialStatus
    status: DialStatus
    clicks: int
    repaired: int
    limit: str
    account: str


def repair(unit: UnitDef, status: DialStatus, clicks: int) -> RepairDone:
    """Turn the dial back up to ``clicks`` clicks, one at a time (AOD-17.2).

    It stops at once when the starting marker shows, or a black repair marker; a window that
    already shows a black marker (or the start) is not repaired at all (`repair_problem`).
    """
    problem = repair_problem(unit, status)
    if problem:
        return RepairDone(status, status, clicks, 0, "", problem)
    at = status.click
    limit = ""
    for _ in range(clicks):
        at -= 1
        # AOD-17.2: stop at once at the green starting marker or a black repair marker
        if at == unit.start_click:
            limit = "start"
            break
        if unit.dial[at].repair_marker:
            limit = "repair marker"
            break
    done = status.click - at
    account = f"{unit.name} is repaired by {_clicks(done)}."
    return RepairDone(status, status.with_click(at), clicks, done, limit, account)


# ---------------------------------------------------------------- AOD-26.14 the Repair SE

REPAIR_NEED: Final = 17
"""AOD-26.14 [INVENTED]: the Repair SE repairs 1 click on 3d6 + attack >= 17."""
REPAIRABLE: Final = frozenset({AttackSymbol.WRENCH, AttackSymbol.CROSS})
"""AOD-26.14: wrench ('Mechs and vehicles) and cross (infantry) units may be repaired."""


def repair_target_problem(unit: UnitDef, status: DialStatus) -> str:
    """Why the Repair SE cannot repair ``unit`` now, or "" (AOD-17.2, AOD-26.14).

    Friendship, base contact and "not itself" are the order's checks.
    """
    # AOD-26.14: crosshair units cannot be repaired
    if unit.attack_symbol not in REPAIRABLE:
        return f"{unit.name} cannot be repaired in the field."
    return repair_problem(unit, status)


@frozen
class RepairRolled:
    """A Repair SE roll and what it did to the target (AOD-11.4, AOD-17.2, AOD-26.14).

    Attributes:
        dice: the three dice, the two white first, then the black.
        attack: the repairing unit's attack value, added to the dice.
        before: the target's status before.
        status: the target's status after.
        repaired: the repair done, or None.
        pushed: the critical miss's pushing damage, or None.
        account: one line for the log.
    """

    dice: tuple[int, ...]
    attack: int
    before: DialStatus
    status: DialStatus
    repaired: RepairDone | None = None
    pushed: DamageTaken | None = None
    account: str = ""

    @property
    def critical_hit(self) -> bool:
        """White 6 + 6: automatic success and +1 click (AOD-11.4)."""
        return self.dice[:2] == (6, 6)

    @property
    def critical_miss(self) -> bool:
        """White 1 + 1: automatic failure and 1 pushing click to the target (AOD-11.4)."""
        return self.dice[:2] == (1, 1)

    @property
    def total(self) -> int:
        """3d6 + attack."""
        return sum(self.dice) + self.attack

    @property
    def success(self) -> bool:
        """The total reaches `REPAIR_NEED`, or a critical hit; never on a critical miss."""
        return self.critical_hit or (not self.critical_miss and self.total >= REPAIR_NEED)


def roll_repair(unit: UnitDef, status: DialStatus, attack: int, dice: DiceSource) -> RepairRolled:
    """Roll the Repair SE for ``unit`` and apply the result (AOD-11.4, AOD-17.2, AOD-26.14).

    Args:
        unit: the unit being repaired (see `repair_target_problem` first).
        status: its dials.
        attack: the repairing unit's modified attack value.
        dice: three d6, the first two white.
    """
    roll = RepairRolled(dice.roll(3, 6), attack, status, status)
    said = f"Repair roll {'+'.join(map(str, roll.dice))} + {attack} = {roll.total}"
    if roll.critical_miss:
        # AOD-11.4: automatic failure, and the unit being repaired takes 1 pushing click
        pushed = take_damage(unit, status, 1, DamageKind.PUSHING)
        return evolve(
            roll, status=pushed.status, pushed=pushed, account=f"{said}: fumbled. {pushed.account}"
        )
    if not roll.success:
        return evolve(roll, account=f"{said}: no repair.")
    # AOD-11.4: a critical repairs one click more
    done = repair(unit, status, 2 if roll.critical_hit else 1)
    return evolve(roll, status=done.status, repaired=done, account=f"{said}: {done.account}")
