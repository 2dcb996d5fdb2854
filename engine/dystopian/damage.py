"""Dystopian Wars damage: hits against DR and CR, critical hits, fires, magazines and repairs.

Rules: DW-16.1 (the hits of one attack against DR and CR: none, 1 HP, or one critical per full CR
costing 2 HP each and replacing the 1 HP; a model of starting HP 2 or less never rolls on the
table and simply takes 2 damage; destroyed at 0 HP), DW-16.2 (the Critical Hit Table, 2D6, all 11
results as data; Vulnerable re-rolls both dice; Fuel Reserves' extra fire on 5-6; the Sturginium
Flare's direction and distance), DW-28.5 (the Flare on hexes: floor(2D6 / 2) hexes; its path
and collision are ``movement.flare_path`` and ``movement.displace``), DW-28.10 (magazine
explosion: every piece at d <= 2, screened by terrain of height 1 or more on both lines; 2 x
starting HP dice), DW-16.3 (a submerged creature or robot re-rolls Raging Fire), DW-16.4 /
DW-27 item 2 (End Phase repairs: one non-exploding D6 per repairable effect and per Fire marker,
1-3 repaired (Experienced Engineers 1-4); a fire not put out costs 1 AP on 4-5, and on 6 also
spreads to a new Fire marker; derelicts and prizes roll only against fires; creatures and robots
repair only fires), DW-12.4 (the rammed model's criticals count full multiples of DR), DW-4
(Fusion Leak: CR becomes DR).

Every function is pure and returns a frozen record with each die, for the log. `damage_from_hits`
is the comparison alone; `resolve_damage` adds the critical rolls; the turn machine applies the
HP, AP and markers it reports (`CriticalEntry` says which marker each result sets).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from types import MappingProxyType
from typing import Final

from attrs import frozen

from engine.dice import DiceSource
from engine.dystopian.dice import DieRoll, PoolRoll, TwoD6, d3, roll_d6, roll_pool, two_d6
from engine.dystopian.los import terrain_screens
from engine.dystopian.models import ModelCard
from engine.dystopian.movement import FlareDirection, flare_direction
from engine.dystopian.terrain import Board

__all__ = [
    "CRITICAL_HP",
    "CRITICAL_TABLE",
    "MAGAZINE_REACH",
    "Critical",
    "CriticalEntry",
    "CriticalRoll",
    "DamageOutcome",
    "FlareRoll",
    "Hull",
    "HullDamage",
    "Marker",
    "RepairRoll",
    "damage_from_hits",
    "magazine_ad",
    "magazine_blast",
    "magazine_victims",
    "repair_problem",
    "repairs",
    "resolve_damage",
    "roll_critical",
    "roll_repair",
]

CRITICAL_HP: Final = 2
"""DW-16.1: each critical costs 2 HP (Magazine Explosion: all)."""
MAGAZINE_REACH: Final = 2
"""DW-28.10: a magazine explosion reaches every piece at d <= 2 (4")."""
_SMALL_HULL: Final = 2
_MAGAZINE_SCREEN: Final = 1


class Critical(enum.IntEnum):
    """DW-16.2: the Critical Hit Table, by its 2D6 total."""

    MAGAZINE_EXPLOSION = 2
    SHATTERED_DEFENCES = 3
    RAGING_FIRE = 4
    SYSTEMS_OFFLINE = 5
    WEAPONS_DAMAGED = 6
    HARD_HIT = 7
    ENGINE_FAILURE = 8
    NAVIGATION_LOCK = 9
    FUSION_LEAK = 10
    CHAOS_AND_DISARRAY = 11
    STURGINIUM_FLARE = 12


class Marker(enum.StrEnum):
    """DW-5 / DW-16.2: the markers and lasting effects a critical leaves on a model.

    The values are the names of the turn machine's marker fields (``state.Markers``): the
    Raging Fire and Corrosion markers are counters there (``fires``, ``corrosion``), the rest
    flags. Systems Offline is DW-5's Generators Offline marker.
    """

    SHATTERED_DEFENCES = "shattered"
    RAGING_FIRE = "fires"
    SYSTEMS_OFFLINE = "generators_offline"
    HALF_AD = "half_ad"
    HALF_MV = "half_mv"
    NAVIGATION_LOCK = "nav_lock"
    FUSION_LEAK = "fusion_leak"
    CHAOS_AND_DISARRAY = "chaos"
    CORROSION = "corrosion"
    """DW-24 Corrosive: ongoing damage, rolled against like a fire (not from the table)."""

    @property
    def counted(self) -> bool:
        """Fire and Corrosion markers pile up; the others are on or off."""
        return self in {Marker.RAGING_FIRE, Marker.CORROSION}


@frozen
class CriticalEntry:
    """DW-16.2: one row of the Critical Hit Table as data.

    Attributes:
        critical: the result.
        name: its name for the log.
        marker: the marker it sets, or None (Hard Hit, Magazine Explosion, Flare).
        repairable: its marker may be removed by a repair roll (DW-16.4).
        ap_loss: AP it takes at once (Raging Fire 2; Hard Hit rolls 1D3 + 1, see `CriticalRoll`).
        effect: the rule in one plain sentence.
    """

    critical: Critical
    name: str
    marker: Marker | None
    effect: str
    repairable: bool = False
    ap_loss: int = 0


_C, _M = Critical, Marker
CRITICAL_TABLE: Final = MappingProxyType(
    {
        entry.critical: entry
        for entry in (
            CriticalEntry(
                _C.MAGAZINE_EXPLOSION, "Magazine Explosion", None,
                "The model blows up and every model nearby takes the blast.",
            ),
            CriticalEntry(
                _C.SHATTERED_DEFENCES, "Shattered Defences", _M.SHATTERED_DEFENCES,
                "It cannot use Ack-Ack or charges.",
                repairable=True,
            ),
            CriticalEntry(
                _C.RAGING_FIRE, "Raging Fire", _M.RAGING_FIRE,
                "It loses 2 marines, catches fire and cannot fly high.",
                repairable=True, ap_loss=2,
            ),
            CriticalEntry(
                _C.SYSTEMS_OFFLINE, "Systems Offline", _M.SYSTEMS_OFFLINE,
                "It cannot use generators or launch or land planes.",
                repairable=True,
            ),
            CriticalEntry(
                _C.WEAPONS_DAMAGED, "Weapons Damaged", _M.HALF_AD,
                "Its guns fire half their dice.",
                repairable=True,
            ),
            CriticalEntry(
                _C.HARD_HIT, "Hard Hit", None,
                "It loses 1D3+1 marines.",
            ),
            CriticalEntry(
                _C.ENGINE_FAILURE, "Engine Failure", _M.HALF_MV,
                "It moves at half speed.",
                repairable=True,
            ),
            CriticalEntry(
                _C.NAVIGATION_LOCK, "Navigation Lock", _M.NAVIGATION_LOCK,
                "It can only move straight ahead and cannot dive.",
                repairable=True,
            ),
            CriticalEntry(
                _C.FUSION_LEAK, "Fusion Leak", _M.FUSION_LEAK,
                "Its critical rating drops to its damage rating for good.",
            ),
            CriticalEntry(
                _C.CHAOS_AND_DISARRAY, "Chaos & Disarray", _M.CHAOS_AND_DISARRAY,
                "It cannot use rockets, torpedoes, bombs or mines.",
                repairable=True,
            ),
            CriticalEntry(
                _C.STURGINIUM_FLARE, "Sturginium Flare", None,
                "It is flung 1 to 6 hexes, keeping its facing.",
            ),
        )
    }
)  # fmt: skip
"""DW-16.2: the eleven results of the Critical Hit Table, by 2D6 total."""


@frozen
class Hull:
    """A model taking damage, as the damage rules see it (DW-4, DW-16).

    Attributes:
        card: its card (DR, CR, starting HP, AP, MARs, creature/robot).
        damage: Hull Damage it has already taken.
        fusion_leak: the Fusion Leak critical set its CR to its DR (DW-16.2 result 10).
        submerged: it is submerged now (DW-16.3: a creature or robot re-rolls Raging Fire).
    """

    card: ModelCard
    damage: int = 0
    fusion_leak: bool = False
    submerged: bool = False

    @property
    def dr(self) -> int:
        """DW-4: the Damage Rating."""
        return self.card.dr

    @property
    def cr(self) -> int:
        """DW-4 / DW-16.2: the Critical Rating, or the DR after a Fusion Leak."""
        return self.card.dr if self.fusion_leak else self.card.cr

    @property
    def hp_left(self) -> int:
        """DW-4: starting HP less the damage taken."""
        return self.card.hp - self.damage


@frozen
class HullDamage:
    """DW-16.1: what one attack's hits do before any critical is rolled.

    Attributes:
        hits: the hits compared (after cancellation).
        hp_lost: plain HP lost: 1 for DR, 2 per critical for a model of starting HP <= 2.
        criticals: critical rolls owed on the table (0 for a model of starting HP <= 2).
    """

    hits: int
    hp_lost: int
    criticals: int


def damage_from_hits(hull: Hull, hits: int, *, ram: bool = False) -> HullDamage:
    """DW-16.1 / DW-12.4: compare one attack's ``hits`` with ``hull``'s DR and CR.

    Below DR nothing; DR or more 1 HP; CR or more one critical per full CR instead (each costs 2
    HP when rolled, see `CriticalRoll.hp_lost`). With ``ram`` (the rammed target of DW-12.4)
    every full multiple of DR is a critical and there is no plain HP loss. A model whose
    starting HP is 2 or less rolls no critical: it takes 2 damage (per critical reached).
    """
    dr, cr = hull.dr, hull.cr
    if hits < dr:
        return HullDamage(hits, 0, 0)
    crits = hits // dr if ram else hits // cr
    if crits == 0:
        return HullDamage(hits, 1, 0)
    if hull.card.hp <= _SMALL_HULL:
        return HullDamage(hits, CRITICAL_HP * crits, 0)
    return HullDamage(hits, 0, crits)


# ---- critical rolls (DW-16.2) -----------------------------------------------------------------


@frozen
class FlareRoll:
    """DW-16.2 / DW-28.5: the Sturginium Flare's direction die and 2D6 distance."""

    direction: DieRoll
    distance: TwoD6

    @property
    def hexes(self) -> int:
        """DW-28.5: floor(2D6 / 2) hexes."""
        return self.distance.total // 2

    @property
    def way(self) -> FlareDirection:
        """DW-16.2: 1-2 bow, 3 port, 4 starboard, 5-6 stern.

        ``movement.flare_path(hex, facing, flare.way, flare.hexes)`` gives the hexes, and
        ``movement.displace`` the collision or the loss off the board.
        """
        return flare_direction(self.direction.value)


@frozen
class CriticalRoll:
    """One roll on the Critical Hit Table (DW-16.2), with every die it took.

    Attributes:
        rolls: each 2D6 rolled, in order; the last one counts (a Vulnerable re-roll, a
            submerged creature's Raging Fire re-rolled, DW-16.3).
        hp_left_before: the HP the model had when this critical was applied.
        starting_hp: its card's HP (a magazine takes all that is left).
        hard_hit: Hard Hit's D3 (the AP lost is its value + 1).
        fuel: Fuel Reserves' D6 (5-6: one more Fire marker).
        flare: the Sturginium Flare's dice.
        tesla: a Tesla generator's critical (DW-23).
    """

    rolls: tuple[TwoD6, ...]
    hp_left_before: int
    hard_hit: DieRoll | None = None
    fuel: DieRoll | None = None
    flare: FlareRoll | None = None
    tesla: bool = False
    """DW-23 Tesla: the critical effect without any HP lost."""

    @property
    def critical(self) -> Critical:
        """The result that counts."""
        return Critical(self.rolls[-1].total)

    @property
    def entry(self) -> CriticalEntry:
        """Its row of the table."""
        return CRITICAL_TABLE[self.critical]

    @property
    def hp_lost(self) -> int:
        """DW-16.1 / DW-16.2: 2 HP, or all that is left for a Magazine Explosion (Tesla: 0)."""
        if self.tesla:
            return 0
        if self.critical is Critical.MAGAZINE_EXPLOSION:
            return max(self.hp_left_before, CRITICAL_HP)
        return CRITICAL_HP

    @property
    def ap_lost(self) -> int:
        """DW-16.2: Raging Fire 2 AP, Hard Hit 1D3 + 1 AP."""
        if self.hard_hit is not None:
            return self.hard_hit.value + 1
        return self.entry.ap_loss

    @property
    def fires(self) -> int:
        """Fire markers gained: 1 for Raging Fire, +1 for Fuel Reserves on 5-6 (DW-24)."""
        extra = 1 if self.fuel is not None and self.fuel.value >= _FUEL_FIRE else 0
        return (1 if self.critical is Critical.RAGING_FIRE else 0) + extra


_FUEL_FIRE: Final = 5
_TESLA_REROLLS: Final = frozenset({Critical.MAGAZINE_EXPLOSION, Critical.STURGINIUM_FLARE})


def roll_critical(
    dice: DiceSource,
    hull: Hull,
    *,
    reroll: bool = False,
    hp_left: int | None = None,
    tesla: bool = False,
) -> CriticalRoll:
    """DW-16.2: roll 2D6 on the table for ``hull`` and the dice its result needs.

    Args:
        dice: Where the faces come from.
        hull: The model (its MARs: Vulnerable, Fuel Reserves; creature or robot; submerged).
        reroll: The attacker re-rolls both dice of a Vulnerable model (and keeps the second).
        hp_left: Its HP when the critical lands (default: ``hull.hp_left``).
        tesla: A Tesla generator's critical (DW-23): no HP lost, 2 and 12 re-rolled.
    """
    rolls = [two_d6(dice)]
    if reroll and hull.card.has("vulnerable"):
        rolls.append(two_d6(dice))
    banned: set[int] = set()
    if hull.submerged and hull.card.is_creature_or_robot:
        # DW-16.3: a submerged creature or robot ignores Raging Fire and rolls again.
        banned.add(Critical.RAGING_FIRE)
    if tesla:
        banned |= _TESLA_REROLLS  # DW-23: a Tesla critical re-rolls 2 and 12
    while rolls[-1].total in banned:
        rolls.append(two_d6(dice))
    result = Critical(rolls[-1].total)
    hard = d3(dice) if result is Critical.HARD_HIT else None
    flare = FlareRoll(roll_d6(dice), two_d6(dice)) if result is Critical.STURGINIUM_FLARE else None
    fuel = roll_d6(dice) if hull.card.has("fuel_reserves") else None
    left = hull.hp_left if hp_left is None else hp_left
    return CriticalRoll(tuple(rolls), left, hard, fuel, flare, tesla=tesla)


@frozen
class DamageOutcome:
    """DW-16.1: one attack's damage on one model, with every critical roll.

    Attributes:
        hull: the model before the attack.
        comparison: the DR/CR comparison.
        criticals: each critical rolled, in order.
    """

    hull: Hull
    comparison: HullDamage
    criticals: tuple[CriticalRoll, ...] = ()

    @property
    def hp_lost(self) -> int:
        """The HP this attack costs (DW-16.1: never both the 1 HP and a critical)."""
        return self.comparison.hp_lost + sum(c.hp_lost for c in self.criticals)

    @property
    def destroyed(self) -> bool:
        """DW-16.1: at 0 HP or less the model is removed; a magazine always destroys."""
        blown = any(c.critical is Critical.MAGAZINE_EXPLOSION for c in self.criticals)
        return blown or self.hull.hp_left - self.hp_lost <= 0

    @property
    def ap_lost(self) -> int:
        """AP the criticals cost (DW-16.2)."""
        return sum(c.ap_lost for c in self.criticals)

    @property
    def markers(self) -> tuple[Marker, ...]:
        """The markers the criticals set, one Raging Fire per fire gained (DW-16.2)."""
        found: list[Marker] = []
        for crit in self.criticals:
            marker = crit.entry.marker
            if marker is not None and marker is not Marker.RAGING_FIRE:
                found.append(marker)
            found.extend([Marker.RAGING_FIRE] * crit.fires)
        return tuple(found)


def resolve_damage(
    dice: DiceSource, hull: Hull, hits: int, *, ram: bool = False, reroll: bool = False
) -> DamageOutcome:
    """DW-16.1 / DW-16.2: compare ``hits`` with ``hull`` and roll every critical owed.

    All the damage is worked out even when the model is clearly dead (DW-16.1). ``ram`` is the
    rammed model of DW-12.4; ``reroll`` the attacker's Vulnerable re-roll.
    """
    comparison = damage_from_hits(hull, hits, ram=ram)
    left = hull.hp_left - comparison.hp_lost
    rolled = []
    for _ in range(comparison.criticals):
        crit = roll_critical(dice, hull, reroll=reroll, hp_left=left)
        rolled.append(crit)
        left -= crit.hp_lost
    return DamageOutcome(hull, comparison, tuple(rolled))


# ---- magazine explosion (DW-16.2, DW-28.10) --------------------------------


def magazine_ad(card: ModelCard) -> int:
    """DW-16.2: the blast is an attack of 2 x the destroyed model's starting HP in AD."""
    return 2 * card.hp


def magazine_blast(
    dice: DiceSource, board: Board, exploded: int, card: ModelCard
) -> tuple[tuple[int, PoolRoll], ...]:
    """DW-16.2 / DW-28.10: each victim's attack of 2 x starting HP dice, on 4+, in board order.

    ``card`` is the exploded model's. Each result goes to `resolve_damage`; a victim destroyed
    by a further Magazine Explosion blows up in turn (the turn machine recurses).
    """
    ad = magazine_ad(card)
    return tuple((victim, roll_pool(dice, ad)) for victim in magazine_victims(board, exploded))


def magazine_victims(board: Board, exploded: int) -> tuple[int, ...]:
    """DW-28.10: the pieces at d <= 2 of piece ``exploded``, unless screened by terrain.

    Terrain of height 1 or more on both traced lines screens a piece; tokens are skipped.
    """
    centre = board.pieces[exploded].hex
    found = []
    for index, piece in enumerate(board.pieces):
        if index == exploded or piece.token:
            continue
        distance = centre.distance(piece.hex)
        if distance <= MAGAZINE_REACH and not terrain_screens(
            board, centre, piece.hex, _MAGAZINE_SCREEN
        ):
            found.append(index)
    return tuple(found)


# ---- repairs (DW-16.4) ------------------------------------------------------------------------

_REPAIRED: Final = 3
_EXPERIENCED: Final = 4
_SPREADS: Final = 6
_ONGOING: Final = frozenset({Marker.RAGING_FIRE, Marker.CORROSION})


def repair_problem(card: ModelCard, marker: Marker, *, derelict: bool = False) -> str:
    """DW-16.4: why ``marker`` gets no repair roll on this model in the End Phase, or "".

    Fusion Leak is permanent; Corrosion can be rolled against but creatures and robots cannot
    repair it; derelicts and prizes roll only against fires and Corrosion; creatures and robots
    repair no critical (their fires, yes).
    """
    if marker is Marker.FUSION_LEAK:
        return "A fusion leak cannot be repaired."
    if card.is_creature_or_robot and marker is not Marker.RAGING_FIRE:
        return "Creatures and robots cannot repair that."
    if derelict and marker not in _ONGOING:
        return "A derelict or prize cannot make repairs."
    return ""


@frozen
class RepairRoll:
    """DW-16.4: one repair roll in the End Phase, which does not explode.

    Attributes:
        marker: what was rolled for.
        die: the D6.
        repaired: the marker or effect comes off.
        ap_lost: a fire not put out costs 1 AP.
        new_fire: a 6 on a fire adds another Fire marker.
    """

    marker: Marker
    die: DieRoll
    repaired: bool
    ap_lost: int = 0
    new_fire: bool = False


def roll_repair(dice: DiceSource, card: ModelCard, marker: Marker) -> RepairRoll:
    """DW-16.4: roll one non-exploding D6 for ``marker``: 1-3 repaired (Experienced 1-4).

    A fire not put out costs 1 AP, and on a 6 spreads to one more Fire marker.

    Check `repair_problem` first. The Commodore's re-roll is a second call.
    """
    die = roll_d6(dice)
    limit = _EXPERIENCED if card.has("experienced_engineers") else _REPAIRED
    if die.value <= limit:
        return RepairRoll(marker, die, repaired=True)
    if marker is Marker.RAGING_FIRE:
        return RepairRoll(marker, die, repaired=False, ap_lost=1, new_fire=die.value >= _SPREADS)
    return RepairRoll(marker, die, repaired=False)


def repairs(
    dice: DiceSource, card: ModelCard, markers: Sequence[Marker], *, derelict: bool = False
) -> tuple[RepairRoll, ...]:
    """DW-16.4 / DW-27 item 2: the End Phase repair rolls, one per eligible marker, in order."""
    return tuple(
        roll_repair(dice, card, marker)
        for marker in markers
        if not repair_problem(card, marker, derelict=derelict)
    )
