"""Battle modification cards (CEC) in play: kinds, precedence, choosing them, and their effects.

Rules: AOD-20.1 (scope and count labels, costs per 150 points, frequency per 450 points),
AOD-20.2 (precedence: Planetary Conditions, then Faction Pride / Mercenary Contracts /
Situational Alliances, then Gear, then Pilots; the active player orders effects of one level),
AOD-20.3 (each kind's scope, count, the moment it enters play, and its rules: planetary
conditions do not stack; a Faction Pride and a Situational Alliance exclude each other; a
Mercenary Contract gives mercenaries a faction), AOD-20.4 (a Situational Alliance allies the
named factions, which keep their symbols and abilities) and the INVENTED cards of AOD-26.14.

Gear and pilots in a 'Mech's slots are checked at force building
(`engine.aod.force.card_problems`), and their value modifiers are applied by
`engine.aod.dial.values` (which also ignores gear while Heavy Damage shows, AOD-17.3, AOD-20.6).
What is left is here: the battle-wide cards a player chooses (`selection_problems`), the order
effects resolve in (`in_precedence`), and what each card does at a moment of play
(`card_effects`; for the INVENTED *Dense Fog*, `capped_max_range`).

The seed prints no card; the catalogue holds the placeholders of AOD-26.14, so Faction Pride,
Mercenary Contract and Situational Alliance cards carry no faction data: their checks take the
factions as arguments.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from types import MappingProxyType
from typing import Final

import attrs
from attrs import frozen

from engine.aod.force import BUILD_STEP, Force
from engine.aod.units import Card, CardKind, Catalogue, Stat, UnitDef

__all__ = [
    "DENSE_FOG",
    "DENSE_FOG_RANGE",
    "FREQUENCY_STEP",
    "KIND_RULES",
    "Effect",
    "EffectKind",
    "Entry",
    "KindRule",
    "Moment",
    "capped_max_range",
    "card_effects",
    "contract_faction",
    "faction_pride_cost",
    "faction_pride_problem",
    "in_precedence",
    "planetary_in_play",
    "scaled_cost",
    "selection_problems",
    "situational_alliance_problem",
    "uses_per_turn",
    "with_situational_alliance",
]


class Entry(enum.IntEnum):
    """AOD-20.3: when a kind of card enters play, in the order of the game's setup."""

    FORCE_BUILDING = 0
    """Gear and pilots go into the 'Mechs' slots as the force is built."""
    PLANETARY = 1
    """After the terrain, before deployment: all reveal at once."""
    CONTRACT = 2
    """Right after the planetary conditions, before the other CEC."""
    FACTION = 3
    """After the planetary conditions, before deployment (Faction Pride, Situational Alliance)."""


@frozen
class KindRule:
    """AOD-20.1 / AOD-20.2 / AOD-20.3: how one kind of card is used.

    Attributes:
        all_players: "All players": every player must agree to use the kind, and then each
            plays one; else "Single player": anyone may use it alone.
        single: "Single card": at most one card of the kind per player; else "Multiple cards".
        enters: when it enters play.
        priority: its precedence level, 1 first (AOD-20.2).
    """

    all_players: bool
    single: bool
    enters: Entry
    priority: int


_PILOT = KindRule(all_players=False, single=False, enters=Entry.FORCE_BUILDING, priority=4)
KIND_RULES: Final = MappingProxyType(
    {
        CardKind.PLANETARY: KindRule(
            all_players=True, single=True, enters=Entry.PLANETARY, priority=1
        ),
        CardKind.FACTION_PRIDE: KindRule(
            all_players=False, single=True, enters=Entry.FACTION, priority=2
        ),
        CardKind.MERCENARY_CONTRACT: KindRule(
            all_players=False, single=True, enters=Entry.CONTRACT, priority=2
        ),
        CardKind.SITUATIONAL_ALLIANCE: KindRule(
            all_players=False, single=True, enters=Entry.FACTION, priority=2
        ),
        CardKind.GEAR: KindRule(
            all_players=False, single=False, enters=Entry.FORCE_BUILDING, priority=3
        ),
        CardKind.PILOT: _PILOT,
        CardKind.LEGENDARY_PILOT: _PILOT,
        CardKind.GUNSLINGER: _PILOT,
    }
)
"""AOD-20.2 / AOD-20.3: the rules of each kind of card."""


def in_precedence(cards: Iterable[Card]) -> tuple[Card, ...]:
    """AOD-20.2: the cards in the order their effects resolve.

    Planetary Conditions first, then Faction Pride, Mercenary Contracts and Situational
    Alliances, then Gear, then Pilots. Between cards of one level the active player decides:
    the sort is stable, so the caller passes those in the order he chose.
    """
    return tuple(sorted(cards, key=lambda card: KIND_RULES[card.kind].priority))


# ---- AOD-20.1 costs and frequency -------------------------------------------------------------

FREQUENCY_STEP: Final = 450
"""AOD-20.1: a card printed ``1/450`` may be used once a turn per 450 points of build total."""


def scaled_cost(per_step: int, build_total: int) -> int:
    """AOD-20.1: a cost printed ``X/150`` costs X for every 150 points of the build total.

    ``10/150`` costs 20 at 300 and 30 at 450.
    """
    return per_step * (build_total // BUILD_STEP)


def uses_per_turn(build_total: int, per: int = FREQUENCY_STEP) -> int:
    """AOD-20.1: how often a card printed ``1/450`` may be used each turn.

    [INTERP] Full steps of 450: a 300-point game gives none, as *Awe*'s full-450 rule reads.
    """
    return build_total // per


# ---- AOD-20.3 choosing the battle's cards -----------------------------------------------------


def selection_problems(cards: Sequence[Card], *, planetary_agreed: bool) -> list[str]:
    """AOD-20.1 / AOD-20.3: what is wrong with one player's choice of battle cards, one line each.

    The battle-wide kinds only (planetary conditions, faction pride, mercenary contracts,
    situational alliances); gear and pilots belong to their 'Mechs (`engine.aod.force`).
    ``planetary_agreed``: every player agreed to use Planetary Conditions; then each player must
    play one.
    """
    problems: list[str] = []
    # AOD-20.3: gear and pilots go in 'Mechs' slots, not on the table
    problems += [
        f"{card.name} goes into a 'Mech's slot, not beside the battlefield."
        for card in cards
        if card.kind.goes_in_a_slot
    ]
    kinds = [card.kind for card in cards if not card.kind.goes_in_a_slot]
    # AOD-20.1: "Single card" kinds: one each
    problems += [
        f"Only one {_KIND_NAMES[kind]} card may be played."
        for kind in dict.fromkeys(kinds)
        if KIND_RULES[kind].single and kinds.count(kind) > 1
    ]
    # AOD-20.1 / AOD-20.3: "All players": only with everyone's agreement, and then by everyone
    planetary = kinds.count(CardKind.PLANETARY)
    if planetary and not planetary_agreed:
        problems.append("Planetary conditions are used only if every player agrees.")
    if planetary_agreed and not planetary:
        problems.append("Every player must choose a planetary condition.")
    # AOD-20.3: a Faction Pride and a Situational Alliance cannot be combined
    if CardKind.FACTION_PRIDE in kinds and CardKind.SITUATIONAL_ALLIANCE in kinds:
        problems.append("A faction pride card cannot be combined with a situational alliance.")
    return problems


_KIND_NAMES: Final = MappingProxyType(
    {
        CardKind.PLANETARY: "planetary conditions",
        CardKind.FACTION_PRIDE: "faction pride",
        CardKind.MERCENARY_CONTRACT: "mercenary contract",
        CardKind.SITUATIONAL_ALLIANCE: "situational alliance",
        CardKind.GEAR: "gear",
        CardKind.PILOT: "pilot",
        CardKind.LEGENDARY_PILOT: "legendary pilot",
        CardKind.GUNSLINGER: "gunslinger",
    }
)


def planetary_in_play(played: Iterable[Card]) -> tuple[Card, ...]:
    """AOD-20.3: the planetary conditions in force: every player's, duplicates counted once.

    In the order first played (they work like terrain, AOD-20.3).
    """
    seen: dict[str, Card] = {}
    for card in played:
        if card.kind is CardKind.PLANETARY:
            seen.setdefault(card.id, card)
    return tuple(seen.values())


def faction_pride_problem(force: Force, faction: str, catalogue: Catalogue) -> str:
    """AOD-20.3: why ``force`` may not play a Faction Pride card of ``faction``, or "".

    It needs at least one unit of that faction (the card's own printed requirements are not in
    the data).
    """
    if any(unit.faction == faction for unit in force.units):
        return ""
    return f"Faction pride needs at least one {_faction_name(faction, catalogue)} unit."


def faction_pride_cost(force: Force, faction: str, cost: int, alternative: int) -> int:
    """AOD-20.1 / AOD-20.3: a Faction Pride card's cost, ``cost`` or its ``alternative``.

    The alternative cost is mandatory when the whole force is of that faction ([INTERP] a
    mercenary is not of it).
    """
    whole = bool(force.units) and all(unit.faction == faction for unit in force.units)
    return alternative if whole else cost


def situational_alliance_problem(
    force: Force, factions: Sequence[str], catalogue: Catalogue
) -> str:
    """AOD-20.3: why ``force`` may not play a Situational Alliance of ``factions``, or "".

    It needs at least one unit of each named faction.
    """
    present = {unit.faction for unit in force.units}
    missing = [f for f in factions if f not in present]
    if not missing:
        return ""
    names = " and ".join(_faction_name(f, catalogue) for f in missing)
    return f"The alliance needs at least one unit of {names}."


def _faction_name(faction: str, catalogue: Catalogue) -> str:
    found = catalogue.factions.get(faction)
    return found.name if found is not None else faction


def with_situational_alliance(catalogue: Catalogue, factions: Sequence[str]) -> Catalogue:
    """AOD-20.4 / AOD-18.6: the catalogue for a player whose Situational Alliance names these.

    Each pair of ``factions`` counts as allied for formations; each keeps its symbol and
    abilities. Use it for that player's formation checks.
    """
    pairs = {
        (min(a, b), max(a, b)) for n, a in enumerate(factions) for b in factions[n + 1 :] if a != b
    }
    return attrs.evolve(catalogue, alliances=catalogue.alliances | pairs)


def contract_faction(unit: UnitDef, contract: str | None) -> str | None:
    """AOD-20.3: the faction a unit fights for under a Mercenary Contract of ``contract``.

    A mercenary becomes that faction (its abilities, and its Faction Pride and Situational
    Alliance cards); a unit with a faction symbol keeps its own. Pass the result as ``faction``
    to `engine.aod.factions`.
    """
    if unit.is_mercenary and contract is not None:
        return contract
    return unit.faction


# ---- what cards do in play --------------------------------------------------------------------


class Moment(enum.StrEnum):
    """The moments of play at which a card's effect is asked for."""

    VALUES = "values"
    """Whenever a unit's values are read: `engine.aod.dial.values` applies these already."""
    RANGED_ATTACK = "ranged_attack"
    """A normal ranged attack is declared (its range is checked)."""


class EffectKind(enum.StrEnum):
    """What an effect does."""

    MODIFIER = "modifier"
    """``stat`` changes by ``amount`` (AOD-6.4; gear tied to a weapon only for that weapon)."""
    MAX_RANGE_CAP = "max_range_cap"
    """The max range of every normal ranged attack is at most ``amount`` (long-range artillery
    is not affected)."""


@frozen
class Effect:
    """One effect of one card at one moment (AOD-20, AOD-26.14).

    Attributes:
        card: the card's id.
        moment: when it applies.
        kind: what it does.
        amount: by how much, or the cap.
        stat: the value it changes, for a modifier.
    """

    card: str
    moment: Moment
    kind: EffectKind
    amount: int
    stat: Stat | None = None


DENSE_FOG: Final = "PC-X1"
"""AOD-26.14 [INVENTED]: the *Dense Fog* planetary conditions card."""
DENSE_FOG_RANGE: Final = 10
"""AOD-26.14 [INVENTED]: under *Dense Fog* no normal ranged attack reaches beyond 10 hexes."""

_RULES_TEXT: Final = MappingProxyType(
    {
        DENSE_FOG: (
            Effect(DENSE_FOG, Moment.RANGED_ATTACK, EffectKind.MAX_RANGE_CAP, DENSE_FOG_RANGE),
        ),
    }
)
"""The effects of the cards' rules text beyond their value modifiers, by card id."""


def _effects(card: Card) -> tuple[Effect, ...]:
    modifiers = tuple(
        Effect(card.id, Moment.VALUES, EffectKind.MODIFIER, amount, stat)
        for stat, amount in card.modifiers
    )
    return modifiers + _RULES_TEXT.get(card.id, ())


def card_effects(cards: Iterable[Card], moment: Moment) -> tuple[Effect, ...]:
    """AOD-20.2 / AOD-26.14: the effects ``cards`` have at ``moment``, in precedence order.

    *Dense Fog* caps ranges at a ranged attack; *Targeting Uplink* (+1 attack with the primary
    weapon) and *Academy Graduate* (+1 speed) are value modifiers, applied by
    `engine.aod.dial.values`. Planetary conditions count once however many players chose them.
    """
    ordered = in_precedence(_distinct_planetary(cards))
    return tuple(e for card in ordered for e in _effects(card) if e.moment is moment)


def _distinct_planetary(cards: Iterable[Card]) -> list[Card]:
    seen: set[str] = set()
    kept = []
    for card in cards:
        if card.kind is CardKind.PLANETARY:
            if card.id in seen:
                continue
            seen.add(card.id)
        kept.append(card)
    return kept


def capped_max_range(
    max_range: int, conditions: Iterable[Card], *, long_range_artillery: bool = False
) -> int:
    """AOD-26.14 *Dense Fog*: a normal ranged attack's max range under the planetary conditions.

    ``max_range`` is the weapon's, already doubled for an AA unit against a cruising VTOL
    (AOD-12.9): the cap comes last. Long-range artillery fire is not affected.
    """
    if long_range_artillery:
        return max_range
    caps = [
        e.amount
        for e in card_effects(conditions, Moment.RANGED_ATTACK)
        if e.kind is EffectKind.MAX_RANGE_CAP
    ]
    return min([max_range, *caps])
