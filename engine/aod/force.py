"""Force building: build totals, points, uniques and the faction rules that depend on the force.

- A build total is a multiple of 150; a force's points may not exceed it; orders per turn are
  total / 150 (AOD-4).
- Copies of a unit are allowed, but a unique (star) unit at most once per collector number
  (AOD-4, the main text's reading of the [CONFLICT]).
- Formations mix factions only when allied; mercenaries join one faction at most (AOD-18.1,
  AOD-18.6); `formation_factions_problem` is the check the formation rules will call.
- House Liao's *Awe* needs half the build total spent on elite Liao units, and rolls one die per
  full 450 points of it (AOD-21.1).

- Gear and pilot cards go in a 'Mech's two slots: two gear, or one pilot and one gear; the
  'Mech's class must be one the card allows; two gear on one weapon system may not change the same
  value; legendary and gunslinger pilots are unique (AOD-3.7, AOD-20.6, AOD-20.7, AOD-4).

A unit's point value is printed for its rank: each rank of a unit is its own `UnitDef` (AOD-3.2),
so "points at its rank" is ``unit.points``. Card costs are added per copy; recruitment costs
(AOD-20.7) as ``extra``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Final

from attrs import frozen

from engine.aod.units import Card, CardKind, Catalogue, Rank, UnitDef

__all__ = [
    "AWE_FACTION",
    "BUILD_STEP",
    "Force",
    "ForceEntry",
    "awe_dice",
    "awe_enabled",
    "build_problems",
    "card_problems",
    "formation_factions_problem",
    "orders_per_turn",
]

BUILD_STEP: Final = 150
"""Build totals are multiples of 150, and each 150 gives one order a turn (AOD-4)."""
AWE_FACTION: Final = "liao"
"""The faction whose elite units enable *Awe* (AOD-21.1)."""
AWE_STEP: Final = 450
"""*Awe* rolls one d6 per full 450 points of the build total (AOD-21.1)."""


@frozen
class ForceEntry:
    """Copies of one unit in a force, with their gear, pilot and recruitment costs (AOD-4).

    Attributes:
        unit: the unit.
        count: how many copies.
        extra: points added to each copy (recruitment, AOD-20.7).
        cards: gear and pilot cards in each copy's slots (AOD-3.7, AOD-20.6, AOD-20.7).
    """

    unit: UnitDef
    count: int = 1
    extra: int = 0
    cards: tuple[Card, ...] = ()

    @property
    def points(self) -> int:
        """All the copies' points, cards included (AOD-4, AOD-20.6)."""
        return (self.unit.points + self.extra + sum(c.cost for c in self.cards)) * self.count


@frozen
class Force:
    """A player's battle force (AOD-2, AOD-4)."""

    name: str
    entries: tuple[ForceEntry, ...]

    @property
    def points(self) -> int:
        """The sum of every unit's points and costs (AOD-4)."""
        return sum(entry.points for entry in self.entries)

    @property
    def units(self) -> tuple[UnitDef, ...]:
        """Every copy, one a unit on the board."""
        return tuple(entry.unit for entry in self.entries for _ in range(entry.count))


def orders_per_turn(build_total: int) -> int:
    """Orders a turn: build total / 150, fixed for the game (AOD-4, AOD-7.2)."""
    return build_total // BUILD_STEP


def build_problems(force: Force, build_total: int) -> list[str]:
    """What makes ``force`` illegal at ``build_total``, one line each (empty when legal; AOD-4)."""
    problems: list[str] = []
    if build_total <= 0 or build_total % BUILD_STEP:
        problems.append(f"build total {build_total} is not a multiple of {BUILD_STEP} (AOD-4)")
    if not force.entries:
        problems.append(f"{force.name}: no units")
    if force.points > build_total:
        problems.append(
            f"{force.name}: {force.points} points is over the build total of {build_total} (AOD-4)"
        )
    uniques = Counter(u.collector for u in force.units if u.is_unique)
    problems += [
        f"{force.name}: unique unit {collector} is fielded {count} times (once at most, AOD-4)"
        for collector, count in sorted(uniques.items())
        if count > 1
    ]
    for entry in force.entries:
        problems += [f"{force.name}: {entry.unit.name}: {p}" for p in card_problems(entry)]
    pilots = Counter(c.id for e in force.entries for c in e.cards * e.count if c.kind.is_unique)
    problems += [
        f"{force.name}: pilot {ident} is in {count} 'Mechs (one per force, AOD-20.7)"
        for ident, count in sorted(pilots.items())
        if count > 1
    ]
    return problems


def card_problems(entry: ForceEntry) -> list[str]:
    """What is wrong with the cards in one entry's 'Mech (AOD-3.7, AOD-20.6, AOD-20.7)."""
    unit, cards = entry.unit, entry.cards
    if not cards:
        return []
    if unit.gear_slots == 0:
        return ["only 'Mechs take gear and pilot cards (AOD-3.7)"]
    problems = [
        f"{card.id} is a {card.kind.value} card, not gear or a pilot (AOD-20.3)"
        for card in cards
        if not card.kind.goes_in_a_slot
    ]
    if len(cards) > unit.gear_slots:
        problems.append(f"{len(cards)} cards in {unit.gear_slots} slots (AOD-3.7)")
    if sum(1 for card in cards if card.kind.is_pilot) > 1:
        problems.append("two pilots in one 'Mech (one pilot and one gear at most, AOD-3.7)")
    problems += [
        f"{card.id} needs class {'/'.join(c.value for c in card.classes)}, "
        f"not {unit.mech_class.value if unit.mech_class else '?'} (AOD-20.5)"
        for card in cards
        if card.classes and unit.mech_class not in card.classes
    ]
    gear = [card for card in cards if card.kind is CardKind.GEAR]
    for n, first in enumerate(gear):
        for second in gear[n + 1 :]:
            same_stat = {s for s, _ in first.modifiers} & {s for s, _ in second.modifiers}
            if first.slot == second.slot and (same_stat or first.id == second.id):
                problems.append(
                    f"{first.id} and {second.id} change the same value of one weapon (AOD-20.6)"
                )
    return problems


def awe_enabled(force: Force, build_total: int) -> bool:
    """House Liao *Awe*: at least half the build total spent on elite Liao units (AOD-21.1)."""
    elite = sum(
        entry.points
        for entry in force.entries
        if entry.unit.faction == AWE_FACTION and entry.unit.rank is Rank.ELITE
    )
    return 2 * elite >= build_total


def awe_dice(build_total: int) -> int:
    """*Awe* dice: one per full 450 points of the build total (AOD-21.1)."""
    return build_total // AWE_STEP


def formation_factions_problem(units: Iterable[UnitDef], catalogue: Catalogue) -> str | None:
    """Why these units may not form a formation by faction, or None when they may (AOD-18.1).

    Members share a faction or are allied (AOD-18.6). Mercenaries may join any faction, but with
    mercenaries in it a formation holds only one faction besides them; a formation of mercenaries
    only is allowed ([INTERP] of AOD-18.1). Sea Fox *Renegade* units never join (AOD-21.3).
    """
    members = list(units)
    for unit in members:
        faction = catalogue.factions.get(unit.faction or "")
        if faction is not None and "renegade" in faction.abilities:
            return f"{unit.name} is {faction.name}: Renegade, never in a formation (AOD-21.3)"
    factions = sorted({u.faction for u in members if u.faction is not None})
    mercenaries = any(u.is_mercenary for u in members)
    if mercenaries and len(factions) > 1:
        return (
            "with mercenaries a formation holds one faction besides them, not "
            f"{' and '.join(factions)} (AOD-18.1)"
        )
    for n, a in enumerate(factions):
        for b in factions[n + 1 :]:
            if not catalogue.allied(a, b):
                return f"{a} and {b} are not allied (AOD-18.6)"
    return None
