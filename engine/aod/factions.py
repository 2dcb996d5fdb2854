"""Faction special abilities: each a small function the turn machine calls at its moment.

Rules: AOD-21 (abilities are mandatory and always active; only three factions have any [GAP]),
AOD-21.1 House Liao (*Awe*, *Fanaticism*, *Ruthlessness*), AOD-21.2 Clan Jade Falcon
(*Zellbrigen*, *Merciless*, *Enhanced Imaging*), AOD-21.3 Clan Sea Fox (*Renegade*, *Scavenger*,
*Predator*), AOD-25 #23 (whose enemy the second contacting unit is; the lock binds only the
triggering unit) and AOD-25 #30 (normal repair limits for the repairs), AOD-20.3 and AOD-20.7 (a
Mercenary Contract or a gunslinger's recruitment gives a 'Mech a faction in play: pass it as
``faction``).

When the turn machine calls what, and what it does with the answer:

- *Awe*: `awe_problem` when the Liao player picks an opponent at the start of his command stage;
  `roll_awe` at the start of that opponent's next turn: take ``orders_lost`` off its orders.
- *Fanaticism*: `fanaticism_repairs` when an enemy's order eliminates a Liao unit: apply each
  `RepairDone`.
- *Ruthlessness* and *Zellbrigen*: `rank_bonus` before a single-target attack roll (its
  ``clicks`` is combat's damage ``bonus``), `lock_after` after it, `lock_problem` on every later
  attack of the bound unit; drop the `Lock` at the events of `LOCK_ENDS`.
- *Merciless*: `merciless` and `roll_merciless` for a DFA (combat's ``merciless`` and
  ``merciless_die``).
- *Enhanced Imaging*: `roll_enhanced_imaging` before a single-target ranged attack (combat's
  ``ignore_hindering``).
- *Renegade*: `engine.aod.force.formation_factions_problem` already refuses the formation.
- *Scavenger*: `scavenger_repair` when a Sea Fox unit eliminates an enemy: apply the repair.
- *Predator*: `predator_follow_up` after a successful single-target attack: offer the attack.

Every roll is made through a `DiceSource` and kept in its outcome record.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from attrs import frozen

from engine.aod.dial import RepairDone, repair
from engine.aod.force import Force, awe_dice, awe_enabled
from engine.aod.geometry import Battlefield, contacts
from engine.aod.transport import Piece
from engine.aod.units import Catalogue, Rank, UnitDef
from engine.dice import DiceSource
from engine.hexes import Hex

__all__ = [
    "AWE_SUCCESS",
    "ENHANCED_IMAGING_NEED",
    "FANATICISM_RANGE",
    "FANATICISM_REPAIR",
    "LOCK_ENDS",
    "RANK_ABILITIES",
    "SCAVENGER_REPAIR",
    "AweRolled",
    "FollowUp",
    "ImagingRolled",
    "Lock",
    "RankBonus",
    "abilities",
    "awe_problem",
    "enhanced_imaging_applies",
    "fanaticism_repairs",
    "has",
    "lock_after",
    "lock_problem",
    "merciless",
    "predator_follow_up",
    "rank_bonus",
    "roll_awe",
    "roll_enhanced_imaging",
    "roll_merciless",
    "scavenger_repair",
]


def abilities(unit: UnitDef, catalogue: Catalogue, faction: str | None = None) -> frozenset[str]:
    """AOD-21: the ability ids a unit has: its faction's (none for a mercenary).

    ``faction`` is the faction it fights for when a card gave it one (a Mercenary Contract,
    AOD-20.3, or a gunslinger's recruitment, AOD-20.7); its printed faction otherwise.
    """
    ident = faction if faction is not None else unit.faction
    found = catalogue.factions.get(ident or "")
    return frozenset(found.abilities) if found is not None else frozenset()


def has(unit: UnitDef, ability: str, catalogue: Catalogue, faction: str | None = None) -> bool:
    """AOD-21: True when ``unit`` has ``ability`` (an id of `engine.aod.units.ABILITIES`)."""
    return ability in abilities(unit, catalogue, faction)


# ---- AOD-21.1 Awe -----------------------------------------------------------------------------

AWE_SUCCESS: Final = 6
"""AOD-21.1: each 6 rolled for *Awe* costs the chosen opponent one order."""


def awe_problem(force: Force, build_total: int) -> str:
    """AOD-21.1: why a force may not use *Awe*, or "".

    It needs at least half the build total spent on elite House Liao units
    (`engine.aod.force.awe_enabled`) and at least one die (a full 450 points of build total).
    """
    if not awe_enabled(force, build_total):
        return "Awe needs at least half the force's points spent on elite House Liao units."
    if awe_dice(build_total) < 1:
        return "Awe needs a build total of at least 450 points."
    return ""


@frozen
class AweRolled:
    """The *Awe* roll at the start of the chosen opponent's turn (AOD-21.1).

    Attributes:
        dice: one d6 per full 450 points of the Liao player's build total.
        orders_lost: the 6s: orders the opponent loses this turn (never below 0 orders left:
            the turn machine takes the smaller of this and the orders it has).
        account: one line for the log.
    """

    dice: tuple[int, ...]
    orders_lost: int
    account: str


def roll_awe(build_total: int, dice: DiceSource) -> AweRolled:
    """AOD-21.1: roll *Awe*: one d6 per full 450 points of the Liao player's build total.

    The Liao player picks the opponent at the start of his command stage; this roll is made at
    the start of that opponent's next turn.
    """
    rolled = dice.roll(awe_dice(build_total))
    lost = sum(1 for die in rolled if die == AWE_SUCCESS)
    said = f"Awe: {', '.join(map(str, rolled))}"
    said += f": {lost} order{'' if lost == 1 else 's'} lost this turn." if lost else ": no effect."
    return AweRolled(tuple(rolled), lost, said)


# ---- AOD-21.1 Fanaticism ----------------------------------------------------------------------

FANATICISM_RANGE: Final = 8
"""AOD-21.1 / AOD-26.2: friendly Liao units within 8" (8 hexes, centre to centre) repair."""
FANATICISM_REPAIR: Final = 1
"""AOD-21.1: each repairs 1 click."""


def fanaticism_repairs(
    field: Battlefield,
    lost: Hex,
    side: int,
    roster: Sequence[Piece],
    *,
    catalogue: Catalogue,
    factions: Sequence[str | None] | None = None,
) -> tuple[tuple[int, RepairDone], ...]:
    """AOD-21.1: an order given to an enemy unit eliminated a House Liao unit in hex ``lost``.

    Every unit of ``side`` (the eliminated unit's) with *Fanaticism*, on the board within 8 hexes
    of ``lost``, repairs 1 click, normal repair limits applying ([INTERP] AOD-25 #30). The caller
    checks that an enemy's order did it (pushing, heat or the unit's own charge do not).

    Args:
        field: the battlefield; a unit standing in ``lost`` (the eliminated one) is left out.
        lost: where the eliminated unit stood.
        side: its side.
        roster: the unit and dials of each of ``field``'s units, by index.
        catalogue: for the factions' abilities.
        factions: per index, a faction given by a card (None: the printed one).

    Returns:
        (index, repair) for each unit that had the chance, in index order. Passengers are off
        the board and captives are nobody's friends: [INTERP] neither is repaired.
    """
    done = []
    for index, (occupant, piece) in enumerate(zip(field.units, roster, strict=True)):
        given = factions[index] if factions is not None else None
        if occupant.hex == lost or occupant.side != side:
            continue
        if not has(piece.unit, "fanaticism", catalogue, given):
            continue
        if occupant.hex.distance(lost) > FANATICISM_RANGE or piece.status.eliminated(piece.unit):
            continue
        done.append((index, repair(piece.unit, piece.status, FANATICISM_REPAIR)))
    return tuple(done)


# ---- AOD-21.1 Ruthlessness, AOD-21.2 Zellbrigen -------------------------------------------

RANK_ABILITIES: Final = (("ruthlessness", Rank.GREEN), ("zellbrigen", Rank.ELITE))
"""AOD-21.1 / AOD-21.2: the rank of the single target each ability punishes with +1 click.
[INTERP] A unique (star) unit is neither green nor elite."""


@frozen
class RankBonus:
    """*Ruthlessness* or *Zellbrigen* applies to an attack (AOD-21.1, AOD-21.2).

    Attributes:
        ability: "ruthlessness" or "zellbrigen".
        clicks: +1 click for the target if the attack succeeds: combat's damage ``bonus``,
            added with the attacker's faction abilities at AOD-11.8 step 6.3, so energy against
            infantry still becomes 1 (step 6.5) and armour still reduces it (step 6.6).
    """

    ability: str
    clicks: int = 1


def rank_bonus(
    field: Battlefield,
    attacker_index: int,
    target_index: int,
    attacker: UnitDef,
    target: UnitDef,
    *,
    catalogue: Catalogue,
    targets: int = 1,
    target_captive: bool = False,
    target_passenger: bool = False,
    faction: str | None = None,
) -> RankBonus | None:
    """AOD-21.1 / AOD-21.2 / AOD-25 #23: *Ruthlessness*'s or *Zellbrigen*'s +1 click, or None.

    Judged before the roll; it counts only if the attack succeeds. It applies to an attack
    with one target (``targets`` 1) on a green (Ruthlessness) or elite (Zellbrigen) enemy that
    touches no other unit hostile to the attacker, and is neither a captive nor a passenger.
    ``faction`` is the attacker's faction given by a card, if any.
    """
    if targets != 1 or target_captive or target_passenger:
        return None
    gunner, aim = field.units[attacker_index], field.units[target_index]
    if not gunner.is_enemy_of(aim):
        return None
    # AOD-25 #23: any unit hostile to the attacker, other than the target, touching the target
    if any(
        gunner.is_enemy_of(field.units[other])
        for other in contacts(field, target_index)
        if other != attacker_index
    ):
        return None
    owned = abilities(attacker, catalogue, faction)
    for ability, rank in RANK_ABILITIES:
        if ability in owned and target.rank is rank:
            return RankBonus(ability)
    return None


@frozen
class Lock:
    """An attacker bound to one target by *Ruthlessness* or *Zellbrigen* (AOD-21.1, 21.2).

    Attributes:
        attacker: the bound unit's id in the turn machine's state.
        target: the target's id.
        ability: the ability that bound it.
    """

    attacker: str
    target: str
    ability: str


LOCK_ENDS: Final = ("eliminated", "captured", "boarded")
"""AOD-21.1: the lock ends when its target is eliminated, captured or boards a transport. The
turn machine drops the `Lock` at that event."""


def lock_after(bonus: RankBonus | None, *, hit: bool, attacker: str, target: str) -> Lock | None:
    """AOD-21.1 / AOD-21.2: after the roll: a successful attack with the bonus binds the attacker.

    AOD-25 #23: the lock binds only the triggering unit.
    """
    if bonus is None or not hit:
        return None
    return Lock(attacker, target, bonus.ability)


def lock_problem(lock: Lock | None, targets: Sequence[str], attacker_name: str = "") -> str:
    """AOD-21.1 / AOD-21.2: why a bound attacker may not attack ``targets``, or "".

    Every later attack must be directed at the same unit, and at it alone ([INTERP]: a
    multi-target attack including others is refused).
    """
    if lock is None or all(target == lock.target for target in targets):
        return ""
    who = attacker_name or "This unit"
    return f"{who} must keep attacking the same target until it is destroyed or captured."


# ---- AOD-21.2 Merciless, Enhanced Imaging -----------------------------------------------------


def merciless(unit: UnitDef, catalogue: Catalogue, faction: str | None = None) -> bool:
    """AOD-21.2: True when the unit's DFA is *Merciless*.

    A DFA adds an extra d6 to attack (`roll_merciless`); a failed DFA costs the attacker 1
    pushing click, a successful one nothing (combat's ``merciless`` flag).
    """
    return has(unit, "merciless", catalogue, faction)


def roll_merciless(dice: DiceSource) -> int:
    """AOD-21.2: the extra d6 *Merciless* adds to a DFA's attack (combat's ``merciless_die``)."""
    return dice.die()


ENHANCED_IMAGING_NEED: Final = 4
"""AOD-21.2: *Enhanced Imaging* works on a d6 of 4 to 6."""


@frozen
class ImagingRolled:
    """The *Enhanced Imaging* roll of a single-target ranged attack (AOD-21.2).

    Attributes:
        die: the d6.
        ignore_hindering: 4-6: the LOF treats hindering terrain as clear, so no hindering
            modifier (combat's ``ignore_hindering``).
    """

    die: int
    ignore_hindering: bool


def enhanced_imaging_applies(
    unit: UnitDef, catalogue: Catalogue, *, targets: int = 1, faction: str | None = None
) -> bool:
    """AOD-21.2: whether *Enhanced Imaging* is rolled: the ability, and a single target."""
    return targets == 1 and has(unit, "enhanced_imaging", catalogue, faction)


def roll_enhanced_imaging(
    unit: UnitDef,
    catalogue: Catalogue,
    dice: DiceSource,
    *,
    targets: int = 1,
    faction: str | None = None,
) -> ImagingRolled | None:
    """AOD-21.2: roll *Enhanced Imaging* for a ranged attack; None when it does not apply.

    It applies to a unit with the ability making a ranged attack against a single target
    (``targets`` 1), rolled before the attack roll. [GAP] The seed announces two effects and
    lists one; only that one exists here.
    """
    if not enhanced_imaging_applies(unit, catalogue, targets=targets, faction=faction):
        return None
    die = dice.die()
    return ImagingRolled(die, die >= ENHANCED_IMAGING_NEED)


# ---- AOD-21.3 Scavenger, Predator -------------------------------------------------------------

SCAVENGER_REPAIR: Final = 2
"""AOD-21.3: a Sea Fox unit that eliminates an enemy of its speed mode repairs 2 clicks."""


def scavenger_repair(
    killer: Piece, victim: UnitDef, catalogue: Catalogue, faction: str | None = None
) -> RepairDone | None:
    """AOD-21.3: *Scavenger*: the killer repairs 2 clicks if the victim had its speed mode.

    Normal repair limits apply (AOD-25 #30). None when the ability does not apply; the caller
    checks that the victim was an enemy that ``killer`` eliminated (its attack or special
    attack; [INTERP] its artillery too). A killer eliminated by its own charge repairs nothing.
    """
    if not has(killer.unit, "scavenger", catalogue, faction):
        return None
    if victim.speed_mode is not killer.unit.speed_mode or killer.status.eliminated(killer.unit):
        return None
    return repair(killer.unit, killer.status, SCAVENGER_REPAIR)


@frozen
class FollowUp:
    """*Predator*'s free second attack (AOD-21.3).

    The same type of attack (``attack``: the caller's kind, e.g. "ranged", "close", "charge"),
    against the same target, at once. It needs no new order and earns no order token; no SE may
    be used for it; a 'Mech gains no heat from it.
    """

    attack: str
    target: str
    order: bool = False
    token: bool = False
    equipment: bool = False
    heat: bool = False


def predator_follow_up(
    attacker: UnitDef,
    catalogue: Catalogue,
    *,
    attack: str,
    target: str,
    targets: int,
    hit: bool,
    heavy_damage_appeared: bool,
    follow_up: bool = False,
    faction: str | None = None,
) -> FollowUp | None:
    """AOD-21.3: *Predator*: a successful attack on a single enemy made Heavy Damage appear.

    ``heavy_damage_appeared`` is the dial's (`engine.aod.dial.DamageTaken`). The attacker may at
    once make a second attack of the same type on the same target. [INTERP] The second attack
    does not trigger *Predator* again (``follow_up``): Heavy Damage already shows.
    """
    if follow_up or targets != 1 or not hit or not heavy_damage_appeared:
        return None
    if not has(attacker, "predator", catalogue, faction):
        return None
    return FollowUp(attack, target)
