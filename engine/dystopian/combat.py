"""Dystopian Wars gunnery and ordnance attacks: the dice a weapon rolls, what it needs, the roll.

Rules: DW-15.1 (no fire at your own models; ordnance cannot target tiny tokens), DW-15.2 / DW-28.7
(AD per range band; primaries -1 to hit in RB1), DW-15.3 (1 AD lost per Hull Damage marker on
gunnery, AA and CC, never below 1; Redoubtable: 1 per 2), DW-16.2 (Weapons Damaged: Half AD on
every primary and secondary; Shattered Defences: no AA or CC; Chaos & Disarray: no rockets,
torpedoes, bombs or mines), DW-14.4 / DW-14.5 / DW-28.6 / DW-28.8 (half AD for a target partly in
arc or partly in sight, never halved twice: ``los.ad_cover``), DW-12.5 / DW-27 item 7 (half or no
dice after a ram or collision, `ContactFire`), DW-15.4 / DW-27 item 1 (the to-hit matrix by the
shooter's and the target's level; the v1.2 obscured values), DW-15.5 / DW-27 item 22 (Small, Fast
and Elusive targets), DW-2.3 (the worst number wins), DW-13.4 (woods), DW-24 (Air, Earth and
Water Hunter: +1 to hit), DW-17.1 (Linked Fire: the lead's full AD, half of each extra, minimum
1; one family only; Tesla only with Tesla; same squadron; never with split), DW-17.2 (Combined
Fire: full AD), DW-17.3 (Split Fire: visible targets, one band, no mines, one part per target).

Every function is pure. A firing model is a `Shooter` (its card and the markers that change its
dice), a target a `Target` (its card, level and the MARs that make it hard to hit). `weapon_ad`
gives one weapon's dice against one target, `hit_number` (or `hit_problem`) the number needed,
`linked_ad` / `combined_ad` pool several weapons, `split_problem` checks a split, and
`roll_attack` rolls the pool through `engine.dystopian.dice.roll_pool`, keeping every die.
Cancellation by AA or CC (DW-18.3) and the damage (DW-16) are `engine.dystopian.ordnance` and
`engine.dystopian.damage`.

Halving rounds down with a minimum of 1 (DW-12.5's "a 7 AD battery fires 3 AD"; DW-17.1's
minimum of 1; DW-27 item 23) [ASSUMPTION for the minimum on Half AD and cover]. The order is the
digest's: printed AD for the band, hull damage, the Half AD marker, the arc/sight cover, the
contact limit; cards add their dice before the pool is linked.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final

from attrs import frozen

from engine.dice import DiceSource
from engine.dystopian.dice import BASE_THRESHOLD, PoolRoll, roll_pool, worst
from engine.dystopian.geometry import Cover, Level, RangeBand
from engine.dystopian.models import Diving, ModelCard, Size, Weapon, WeaponKind

__all__ = [
    "CAPITAL_SMALL_THRESHOLD",
    "ELUSIVE_THRESHOLD",
    "FAST_THRESHOLD",
    "HIT_MATRIX",
    "AttackRoll",
    "ContactFire",
    "HitNumber",
    "Row",
    "Shooter",
    "SplitPart",
    "Target",
    "auxiliary_dice",
    "combined_ad",
    "halve",
    "hit_number",
    "hit_problem",
    "link_problem",
    "linked_ad",
    "reduced_by_hull",
    "roll_attack",
    "row_of",
    "split_problem",
    "weapon_ad",
    "weapon_problem",
]

CAPITAL_SMALL_THRESHOLD: Final = 5
"""DW-15.5: a Capital model hits a Small Target only on 5-6."""
FAST_THRESHOLD: Final = 6
"""DW-15.5: a Capital model hits a Fast Target only on 6."""
ELUSIVE_THRESHOLD: Final = 5
"""DW-15.5 / DW-27 item 22: a Small-class model hits an Elusive Target only on 5-6."""


class ContactFire(enum.StrEnum):
    """DW-12.5: what a model that rammed or collided this activation may still fire."""

    ALL = "all"
    HALF = "half"
    NONE = "none"


@frozen
class Shooter:
    """A firing model as the attack rules see it (DW-15.3, DW-16.2, DW-12.5).

    Attributes:
        card: its card.
        level: where it is (DW-15.4's rows).
        hull_damage: Hull Damage markers on it (DW-15.3).
        half_ad: the Weapons Damaged critical's Half AD marker (DW-16.2 result 6).
        shattered: the Shattered Defences marker: no AA or CC (DW-16.2 result 3).
        chaos: the Chaos & Disarray marker: no rockets, torpedoes, bombs or mines (result 11).
        contact: its fire after a ram or collision this activation (DW-12.5).
        squadron: which squadron it belongs to, for linking (DW-17.1).
        can_link: False when broken, out of command or card-restricted (DW-17.1).
        sonic: a Sonic generator's stun: -2 AD on every weapon, -2 AA and CC (DW-23).
    """

    card: ModelCard
    level: Level = Level.SURFACE
    hull_damage: int = 0
    half_ad: bool = False
    shattered: bool = False
    chaos: bool = False
    contact: ContactFire = ContactFire.ALL
    squadron: str = ""
    can_link: bool = True
    sonic: bool = False


SONIC_PENALTY = 2
"""DW-23 Sonic: -2 AD on every weapon, -2 AA, -2 CC (and -2 MD, `boarding.SONIC_MD`)."""


@frozen
class Target:
    """A model under attack as the to-hit rules see it (DW-15.4, DW-15.5).

    Attributes:
        card: its card (size, Capital flag, MARs, diving, domain).
        level: where it is (DW-15.4's columns).
        friendly: it belongs to the shooter's fleet (DW-15.1).
        token: a tiny-flyer token or a boarding party (DW-15.1).
    """

    card: ModelCard
    level: Level = Level.SURFACE
    friendly: bool = False
    token: bool = False


def halve(ad: int) -> int:
    """DW-12.5 / DW-14.4 / DW-16.2: half the dice, rounded down, never below 1 (0 stays 0)."""
    return 0 if ad <= 0 else max(1, ad // 2)


def reduced_by_hull(start: int, hull_damage: int, *, redoubtable: bool = False) -> int:
    """DW-15.3: ``start`` less 1 per Hull Damage marker (Redoubtable: per 2), never below 1.

    A pool that started at 0 stays 0.
    """
    if start <= 0:
        return 0
    loss = hull_damage // 2 if redoubtable else hull_damage
    return max(1, start - loss)


def weapon_problem(shooter: Shooter, weapon: Weapon) -> str:
    """DW-16.2 / DW-12.5 / DW-11.9: why ``shooter`` cannot fire ``weapon`` at all now, or ""."""
    if shooter.contact is ContactFire.NONE:
        return "After that contact it cannot fire this activation."
    if shooter.chaos and not weapon.kind.is_gunnery:
        # DW-16.2 result 11: Chaos & Disarray.
        return "Chaos and disarray aboard: no rockets, torpedoes, bombs or mines."
    if shooter.level is Level.SUBMERGED and not weapon.usable_submerged:
        return "A submerged model can fire only torpedoes."
    if weapon.kind is WeaponKind.BOMB and not shooter.level.airborne:
        return "Only flyers drop bombs."
    return ""


def weapon_ad(
    shooter: Shooter, weapon: Weapon, band: RangeBand | int, cover: Cover = Cover.FULL
) -> int:
    """DW-15.3 / DW-16.2 / DW-14.4 / DW-12.5: the dice ``weapon`` rolls at a target in ``band``.

    The printed AD for the band (0 where the card shows a dash or beyond RB4), less the hull
    damage for gunnery (minimum 1, Redoubtable per 2 damage, Tesla weapons always Redoubtable),
    halved by Half AD for primaries and secondaries, halved once for ``cover`` (from
    ``los.ad_cover``: half for partly in arc *or* partly in sight), halved by a half-dice
    contact. 0 when the weapon cannot fire (`weapon_problem`, cover none).
    """
    printed = weapon.ad_at(int(band))
    if not printed or cover is Cover.NONE or weapon_problem(shooter, weapon):
        return 0
    ad = printed
    if weapon.reduced_by_damage:
        redoubtable = weapon.tesla or weapon.has("redoubtable")
        ad = reduced_by_hull(ad, shooter.hull_damage, redoubtable=redoubtable)
    if shooter.half_ad and weapon.kind.is_gunnery:
        ad = halve(ad)
    if cover is Cover.HALF:
        ad = halve(ad)
    if shooter.contact is ContactFire.HALF:
        ad = halve(ad)
    return max(0, ad - SONIC_PENALTY) if shooter.sonic else ad  # DW-23 Sonic, last


def auxiliary_dice(shooter: Shooter, start: int) -> int:
    """DW-15.3 / DW-18.2 / DW-16.2: AA or CC dice of a model whose card prints ``start``.

    Less 1 per Hull Damage marker, minimum 1 if it started above 0; 0 with Shattered Defences,
    while submerged, or after a contact that forbids all fire (halved after a half-dice one).
    """
    if shooter.shattered or shooter.level is Level.SUBMERGED:
        return 0
    if shooter.contact is ContactFire.NONE:
        return 0
    dice = reduced_by_hull(start, shooter.hull_damage)
    dice = halve(dice) if shooter.contact is ContactFire.HALF else dice
    return max(0, dice - SONIC_PENALTY) if shooter.sonic else dice  # DW-23 Sonic


# ---- to hit (DW-15.4, DW-15.5) ----------------------------------------------------------------


class Row(enum.StrEnum):
    """DW-15.4: the rows and columns of the to-hit matrix."""

    OBSCURED = "obscured"
    FLYING = "flying"
    SURFACE = "surface"
    DIVING_SURFACED = "diving-surfaced"
    SUBMERGED = "submerged"


def row_of(level: Level, *, diving: bool = False) -> Row:
    """DW-15.4: a model's row or column: its level, or "diving, surfaced" for a surfaced diver."""
    if level is Level.SURFACE and diving:
        return Row.DIVING_SURFACED
    return Row(level.value)


_O, _F, _S, _D, _U = Row
HIT_MATRIX: Final[dict[tuple[Row, Row], int | None]] = {
    # shooter OBSCURED: 6 at everything above or on the water, nothing below.
    (_O, _O): 6, (_O, _F): 6, (_O, _S): 6, (_O, _D): 6, (_O, _U): None,
    # FLYING, SURFACE and DIVING-SURFACED shooters read alike.
    (_F, _O): 6, (_F, _F): 4, (_F, _S): 4, (_F, _D): 5, (_F, _U): 6,
    (_S, _O): 6, (_S, _F): 4, (_S, _S): 4, (_S, _D): 5, (_S, _U): 6,
    (_D, _O): 6, (_D, _F): 4, (_D, _S): 4, (_D, _D): 5, (_D, _U): 6,
    # SUBMERGED: 6 at surface and diving models, nothing in the air.
    (_U, _O): None, (_U, _F): None, (_U, _S): 6, (_U, _D): 6, (_U, _U): 6,
}  # fmt: skip
"""DW-15.4: the ordnance hit number by (shooter row, target row); None where it cannot fire.

An obscured Medium, Large or Massive flyer is hit on 5-6 instead of 6 by flying, surface and
diving shooters (v1.2, DW-27 item 1; the obscured row keeps its 6): `hit_number` applies it.
"""
_OBSCURED_V12: Final = 5
_SMALL_WEAPONS: Final = frozenset(
    {
        WeaponKind.PRIMARY,
        WeaponKind.SECONDARY,
        WeaponKind.ROCKET,
        WeaponKind.TORPEDO,
        WeaponKind.BOMB,
    }
)


@frozen
class HitNumber:
    """What a pool needs (DW-2.3): the number after the worst-number rule and the modifiers.

    Attributes:
        threshold: the hardest hit number that applies (4 means 4+).
        mod: the sum of the modifiers (-1 for a primary in RB1, +1 for a Hunter...).
        natural_only: only natural 6s score (indirect fire without modifiers, DW-18.7).
        reasons: the rules that set the number, in plain words, for the log.
    """

    threshold: int = BASE_THRESHOLD
    mod: int = 0
    natural_only: bool = False
    reasons: tuple[str, ...] = ()


def _base(shooter: Shooter, target: Target) -> int | None:
    row = row_of(shooter.level, diving=shooter.card.is_diving)
    column = row_of(target.level, diving=target.card.is_diving)
    base = HIT_MATRIX[row, column]
    if (
        base is not None
        and column is Row.OBSCURED
        and row is not Row.OBSCURED
        and target.card.size.rank > Size.SMALL.rank
    ):
        # DW-15.4 / DW-27 item 1: v1.2, an obscured Medium+ flyer is hit on 5-6 (from below).
        base = min(base, _OBSCURED_V12)
    return base


def hit_problem(shooter: Shooter, target: Target, weapon: Weapon) -> str:
    """DW-15.1 / DW-15.4: why ``shooter``'s ``weapon`` cannot attack ``target`` at all, or ""."""
    if target.friendly:
        return "You may never fire at your own fleet."
    if target.token:
        return "Only Ack-Ack and charges can engage tiny flyers and boarders."
    if weapon.kind is WeaponKind.MINE:
        return "Mines are dropped, not fired."
    if _base(shooter, target) is None:
        if shooter.level is Level.SUBMERGED:
            return "A submerged model cannot fire at flyers."
        return "A model flying high cannot fire at submerged models."
    return ""


def _hunter(weapon: Weapon, target: Target) -> str:
    """DW-24: Air Hunter (obscured), Earth Hunter (land divers), Water Hunter (submerged)."""
    if weapon.has("air_hunter") and target.level is Level.OBSCURED:
        return "Air Hunter: +1 to hit."
    if weapon.has("water_hunter") and target.level is Level.SUBMERGED:
        return "Water Hunter: +1 to hit."
    if weapon.has("earth_hunter") and target.card.diving is Diving.LAND:
        return "Earth Hunter: +1 to hit."
    return ""


def hit_number(
    shooter: Shooter,
    target: Target,
    weapon: Weapon,
    band: RangeBand | int,
    *,
    extra: Sequence[int] = (),
    mod: int = 0,
) -> HitNumber:
    """DW-15.4 / DW-15.5 / DW-2.3: the number ``weapon`` needs against ``target`` in ``band``.

    The matrix by level (v1.2 obscured values), then Small Target (a Capital shooter needs 5-6),
    Fast Target (a Capital shooter needs 6), Elusive Target (a Small-class shooter needs 5-6,
    DW-27 item 22), each only for gunnery, rockets, torpedoes and bombs; any ``extra`` hit
    numbers (woods, 5 from ``los.woods_threshold``; a partly hidden bow and stern, 5), the
    hardest winning. Modifiers: -1 for a primary in RB1, +1 for a Hunter MAR, plus ``mod``
    (cards). Call `hit_problem` first; where it objects this raises.

    Raises:
        ValueError: the matrix has no number for these levels.
    """
    base = _base(shooter, target)
    if base is None:
        msg = f"no hit number for a {shooter.level} shooter at a {target.level} target"
        raise ValueError(msg)
    numbers, reasons = [base], [f"Base {base}+."]
    if weapon.kind in _SMALL_WEAPONS:
        card, aim = target.card, shooter.card
        if aim.capital and card.small_target:
            numbers.append(CAPITAL_SMALL_THRESHOLD)
            reasons.append("Small target: 5+.")
        if aim.capital and card.has("fast_target"):
            numbers.append(FAST_THRESHOLD)
            reasons.append("Fast target: 6 only.")
        if aim.size is Size.SMALL and card.has("elusive_target"):
            numbers.append(ELUSIVE_THRESHOLD)
            reasons.append("Elusive target: 5+.")
    numbers.extend(extra)
    reasons.extend(f"Hard to see: {n}+." for n in extra)
    total = mod
    if weapon.kind is WeaponKind.PRIMARY and int(band) == RangeBand.RB1:
        total -= 1
        reasons.append("Primary at close range: -1.")
    hunter = _hunter(weapon, target)
    if hunter:
        total += 1
        reasons.append(hunter)
    return HitNumber(worst(*numbers), total, reasons=tuple(reasons))


# ---- linking, combining, splitting (DW-17) ----------------------------------------------------


def linked_ad(lead: int, *extras: int) -> int:
    """DW-17.1: the lead's full AD plus half of each extra contribution (down, minimum 1).

    Self-linking first and then linking into another model is nesting:
    ``linked_ad(a, linked_ad(b, c))`` (DW-17.1's 10 + 5 = 15).
    """
    return lead + sum(halve(extra) for extra in extras)


def combined_ad(*contributions: int) -> int:
    """DW-17.2: combined fire adds every contribution at full value."""
    return sum(contributions)


def link_problem(  # noqa: PLR0911 - one guard per rule
    parts: Sequence[tuple[Shooter, Weapon]], *, split: bool = False
) -> str:
    """DW-17.1: why these (model, weapon) contributions cannot make one linked attack, or "".

    One squadron, models that may link, one family (Tesla only with Tesla), no mines, no split.
    """
    if split:
        return "A linked attack cannot also be split."
    if len(parts) < 2:  # noqa: PLR2004 - a link needs two contributions
        return "Linking needs at least two weapons."
    squadrons = {shooter.squadron for shooter, _ in parts}
    if len(squadrons) > 1:
        return "Only models of the same squadron may link their fire."
    if any(not shooter.can_link for shooter, _ in parts):
        return "A broken or out-of-command model cannot link its fire."
    families = {weapon.link_family for _, weapon in parts}
    if WeaponKind.MINE.value in families:
        return "Mines cannot be linked."
    if len(families) > 1:
        return "Only weapons of the same kind can be linked (Tesla only with Tesla)."
    return ""


@frozen
class SplitPart:
    """DW-17.3: one share of a split weapon: its target, the target's band and the dice."""

    target: str
    band: int
    ad: int
    visible: bool = True


def split_problem(  # noqa: PLR0911 - one guard per rule
    weapon: Weapon, total: int, parts: Sequence[SplitPart]
) -> str:
    """DW-17.3: why ``weapon``'s ``total`` AD cannot be split into ``parts``, or "".

    Mines cannot split; the shares are at least 1 and add up to the total; visible targets only;
    one band; one share per target. Linking is refused by `link_problem` with ``split=True``.
    """
    if weapon.kind is WeaponKind.MINE:
        return "Mines cannot split their dice."
    if any(part.ad < 1 for part in parts):
        return "Each share of a split needs at least one die."
    if sum(part.ad for part in parts) != total:
        return f"The shares must add up to the weapon's {total} dice."
    if not all(part.visible for part in parts):
        return "Fire can be split only among targets in sight."
    if len({part.band for part in parts}) > 1:
        return "Fire cannot be split across range bands."
    if len({part.target for part in parts}) < len(parts):
        return "A split cannot put two shares on one target."
    return ""


# ---- the roll -----------------------------------------------------------------------------------


@frozen
class AttackRoll:
    """DW-15 / DW-2.1: one attack's pool, what it needed and every die, with its hits."""

    ad: int
    need: HitNumber
    roll: PoolRoll

    @property
    def hits(self) -> int:
        """The hits before any cancellation (DW-18.3) or card."""
        return self.roll.hits


def roll_attack(dice: DiceSource, ad: int, need: HitNumber | None = None) -> AttackRoll:
    """DW-15 / DW-2.1 / DW-2.3: roll ``ad`` dice needing ``need`` (4+ when None), every die kept."""
    need = need or HitNumber()
    roll = roll_pool(dice, ad, need.threshold, need.mod, natural_only=need.natural_only)
    return AttackRoll(ad, need, roll)
