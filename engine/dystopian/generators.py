"""Dystopian Wars generators (beyond the Shield): when they work, what they roll, what they do.

Rules: DW-23 general (a generator is not reduced by hull damage; it triggers no AA or CC; like
ordnance it cannot target tiny tokens or boarding parties; never linked or split; unusable when
knocked offline or after hitting terrain or a larger model; half dice after other contacts;
Shields and Fields always work), DW-27 item 23 (halving a generator: Fury and Pulse roll half
their dice, round down, minimum 1, and spend them all; single-die generators and Camouflage are
unaffected; Kinetic is used before moving), DW-27 item 12 (Disruption's radius is 8"), DW-28.3
(8" = 4 hexes, 6" = 3, 4" template = radius 1), DW-19.6 (a derelict uses no generator), and each
generator of DW-23's table: UPG (270 degrees, one model within 8": 4 Shattered Defences, 5 Chaos
& Disarray, 6 costs 1D6 AP), Camouflage (a radius-1 template centred within 8" and in sight,
covering no model; gone in the End Phase), Disruption (every other model within 8": 4-6 one
generator offline, a 6 also 1 AP), Field (2D6 per Field: any 4-6 cancels a generator's effect
on this model), Fury (2 dice per activation up to 10; split evenly among models at the same
level within 8"; 4-5 one Fire, 6 two and a new die), Kinetic (1D6 extra inches before moving;
then at least half the move), Pulse (2 dice per activation up to 10; one roll whose hits hit
every model within 8" at any level), Sonic (every other model within 8" but the submerged: 5-6
gives -2 AD, AA, CC and MD until the end of its next activation), Tesla (one model within 8":
5-6 a critical with no HP lost, 2 and 12 re-rolled), Guardian (a full Shield on itself, 4-5 one
hit against gunnery, AA and CC, only 5 against rockets and torpedoes, 6 two; one shield die for
each friendly unshielded model within 6", one Guardian at a time).

The Shield is `ordnance.shield_cancel`. Every function here is pure and keeps each die; the
turn machine sets the marks they leave (Shattered Defences, Chaos & Disarray, fires, AP, offline
generators, the Sonic stun): `engine.dystopian.generating` and `generator_effects` (active
generators), `generator_segment` (Shield, Guardian).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final

from attrs import frozen

from engine.dice import DiceSource
from engine.dystopian.combat import ContactFire, halve
from engine.dystopian.damage import CriticalRoll, Hull, Marker, roll_critical
from engine.dystopian.dice import DieRoll, PoolRoll, roll_d6, roll_pool
from engine.dystopian.geometry import Arc, Cover, Level, Piece, arc_cover, hexes_for_inches
from engine.dystopian.models import WeaponKind
from engine.dystopian.ordnance import Cancellation, shield_cancel

__all__ = [
    "GENERATOR_REACH",
    "GUARDIAN_REACH",
    "MAX_CHARGE",
    "CamouflageCheck",
    "DisruptionRoll",
    "FieldRoll",
    "Kind",
    "SonicRoll",
    "TeslaRoll",
    "UpgRoll",
    "camouflage_problem",
    "charge",
    "charged_dice",
    "fury_split",
    "generator_problem",
    "guardian_cancel",
    "guardian_problem",
    "kinetic_move_problem",
    "roll_disruption",
    "roll_field",
    "roll_fury",
    "roll_kinetic",
    "roll_pulse",
    "roll_sonic",
    "roll_tesla",
    "roll_upg",
    "sonic_victims",
    "target_problem",
]

GENERATOR_REACH: Final = hexes_for_inches(8)
"""DW-23 / DW-28.3: generators reach 8" = 4 hexes (Disruption's radius too, DW-27 item 12)."""
GUARDIAN_REACH: Final = hexes_for_inches(6)
"""DW-23 Guardian: friendly models within 6" = 3 hexes."""
MAX_CHARGE: Final = 10
"""DW-23 Fury / Pulse: at most 10 dice stored."""
CHARGE_PER_ACTIVATION: Final = 2
"""DW-23 Fury / Pulse: 2 dice gained on each activation."""


class Kind(enum.StrEnum):
    """DW-23: the generators, by their catalogue id."""

    UPG = "upg"
    CAMOUFLAGE = "camouflage"
    DISRUPTION = "disruption"
    FIELD = "field"
    FURY = "fury"
    KINETIC = "kinetic"
    PULSE = "pulse"
    SHIELD = "shield"
    SONIC = "sonic"
    TESLA = "tesla"
    GUARDIAN = "guardian"

    @property
    def passive(self) -> bool:
        """Shields, Fields and the Guardian work whenever needed, even after any contact."""
        return self in {Kind.SHIELD, Kind.FIELD, Kind.GUARDIAN}


_SINGLE_TARGET: Final = frozenset({Kind.UPG, Kind.TESLA})


# ---- when a generator works (DW-23 general, DW-27 item 23) ---------------------------------------


def generator_problem(
    kind: Kind, *, offline: bool = False, contact: ContactFire = ContactFire.ALL, derelict: bool
) -> str:
    """DW-23 / DW-19.6: why the model may not use generator ``kind`` now, or "".

    ``contact`` is `ramming.contact_fire` for a ram or collision this activation: none after
    terrain or a larger model. Shields, Fields and the Guardian always work.
    """
    if kind.passive:
        return ""
    if derelict:
        return "A derelict cannot use its generators."
    if offline:
        return "The generator is offline."
    if contact is ContactFire.NONE and kind is not Kind.KINETIC:
        return "After hitting terrain or a larger model its generators cannot be used."
    return ""


def target_problem(kind: Kind, user: Piece, target: Piece) -> str:
    """DW-23: why a UPG or Tesla may not pick ``target``, or "" (LoS is the caller's).

    One model within 8" (4 hexes) of the centre; never a tiny token; the UPG only in the 270
    degrees ahead of the model (the aft sector is blind).
    """
    if kind not in _SINGLE_TARGET:
        return "That generator does not pick a target."
    if target.token:
        return "Generators cannot target planes or boarding parties."
    if user.hex.distance(target.hex) > GENERATOR_REACH:
        return f"Generators reach {GENERATOR_REACH} hexes."
    if kind is Kind.UPG and arc_cover(Arc.FORE_270, user.hex, user.facing, target.hex) is (
        Cover.NONE
    ):
        return "The pulveriser cannot reach behind the model."
    return ""


# ---- single-target generators (UPG, Tesla) ------------------------------------------------------


@frozen
class UpgRoll:
    """DW-23 UPG: one D6 (no explosion); a 6 adds the D6 of AP lost. No HP are lost."""

    die: DieRoll
    ap_die: DieRoll | None = None

    @property
    def marker(self) -> Marker | None:
        """4: Shattered Defences; 5: Chaos & Disarray (both repaired like criticals)."""
        return {4: Marker.SHATTERED_DEFENCES, 5: Marker.CHAOS_AND_DISARRAY}.get(self.die.value)

    @property
    def ap_lost(self) -> int:
        """6: the target loses 1D6 AP."""
        return 0 if self.ap_die is None else self.ap_die.value


def roll_upg(dice: DiceSource) -> UpgRoll:
    """DW-23 UPG: roll 1D6 at the target; on a 6 roll its AP loss too."""
    die = roll_d6(dice)
    return UpgRoll(die, roll_d6(dice) if die.value == 6 else None)  # noqa: PLR2004 - the 6


@frozen
class TeslaRoll:
    """DW-23 Tesla: one D6; 5-6 a critical with no HP lost (2 and 12 re-rolled)."""

    die: DieRoll
    critical: CriticalRoll | None = None


_TESLA: Final = 5


def roll_tesla(dice: DiceSource, target: Hull) -> TeslaRoll:
    """DW-23 Tesla: roll 1D6; on 5-6 roll the critical (`damage.roll_critical` with ``tesla``)."""
    die = roll_d6(dice)
    crit = roll_critical(dice, target, tesla=True) if die.value >= _TESLA else None
    return TeslaRoll(die, crit)


# ---- area generators (Disruption, Sonic) --------------------------------------------------------


@frozen
class DisruptionRoll:
    """DW-23 Disruption: one model's D6: 4-6 one generator offline, 6 also 1 AP (no new die)."""

    model: int
    die: DieRoll

    @property
    def offline(self) -> bool:
        """4-6: its owner takes one of its generators offline (a repair brings it back)."""
        return self.die.value >= 4  # noqa: PLR2004 - the rule's 4-6

    @property
    def ap_lost(self) -> int:
        """6: 1 AP too."""
        return 1 if self.die.value == 6 else 0  # noqa: PLR2004 - the 6


def roll_disruption(dice: DiceSource, models: Sequence[int]) -> tuple[DisruptionRoll, ...]:
    """DW-23 / DW-27 item 12: one D6 for every other model within 8" (friends too), in order."""
    return tuple(DisruptionRoll(m, roll_d6(dice)) for m in models)


@frozen
class SonicRoll:
    """DW-23 Sonic: one model's D6; 5-6 gives -2 AD on every weapon, -2 AA, -2 CC, -2 MD."""

    model: int
    die: DieRoll

    @property
    def stunned(self) -> bool:
        """5-6: the penalty lasts until the end of the model's next activation."""
        return self.die.value >= 5  # noqa: PLR2004 - the rule's 5-6


def sonic_victims(pieces: Sequence[tuple[int, Piece]], user: Piece) -> tuple[int, ...]:
    """DW-23 Sonic: every other model within 8" (friends too) except the submerged ones."""
    return tuple(
        ident
        for ident, piece in pieces
        if piece is not user
        and not piece.token
        and piece.level is not Level.SUBMERGED
        and user.hex.distance(piece.hex) <= GENERATOR_REACH
    )


def roll_sonic(dice: DiceSource, models: Sequence[int]) -> tuple[SonicRoll, ...]:
    """DW-23 Sonic: one D6 per model in ``models`` (from `sonic_victims`), in order."""
    return tuple(SonicRoll(m, roll_d6(dice)) for m in models)


# ---- Field (passive against generators) ---------------------------------------------------------


@frozen
class FieldRoll:
    """DW-23 Field: 2D6 per Field generator; any 4-6 cancels the generator's effect entirely."""

    faces: tuple[int, ...]

    @property
    def cancels(self) -> bool:
        """Any die of 4-6."""
        return any(face >= 4 for face in self.faces)  # noqa: PLR2004 - the rule's 4-6


def roll_field(dice: DiceSource, fields: int) -> FieldRoll:
    """DW-23 Field: roll when a generator attack or effect touches this model (only then)."""
    return FieldRoll(dice.roll(2 * fields, 6))


# ---- stored dice (Fury, Pulse) ------------------------------------------------------------------


def charge(stored: int) -> int:
    """DW-23 Fury / Pulse: 2 more dice on each activation, at most 10."""
    return min(MAX_CHARGE, stored + CHARGE_PER_ACTIVATION)


def charged_dice(stored: int, contact: ContactFire = ContactFire.ALL) -> int:
    """DW-27 item 23: the dice Fury or Pulse rolls: all, or half (minimum 1) after a contact.

    All ``stored`` dice are spent either way.
    """
    if contact is ContactFire.NONE:
        return 0
    return halve(stored) if contact is ContactFire.HALF else stored


def fury_split(dice_count: int, targets: int, remainder: Sequence[int] = ()) -> tuple[int, ...]:
    """DW-23 Fury: the dice split evenly among ``targets``; the player places the remainder.

    ``remainder`` lists the target indices given one extra die each (as many as are left over).

    Raises:
        ValueError: the remainder is not placed die by die on different targets.
    """
    share, left = divmod(dice_count, targets)
    if len(remainder) != left or len(set(remainder)) != left:
        msg = f"{left} dice are left over and go to {left} different targets"
        raise ValueError(msg)
    return tuple(share + (1 if i in remainder else 0) for i in range(targets))


def roll_fury(dice: DiceSource, split: Sequence[int]) -> tuple[PoolRoll, ...]:
    """DW-23 Fury: each target's dice: 4-5 one Fire marker, 6 two and a new die (its hits).

    No HP and no criticals: each pool's ``hits`` is the Fire markers that target gains.
    """
    return tuple(roll_pool(dice, n) for n in split)


def roll_pulse(dice: DiceSource, dice_count: int) -> PoolRoll:
    """DW-23 Pulse: one roll of all the dice; its hits go to every model within 8", any level.

    Each model compares the total with its own DR and CR (`damage.resolve_damage`).
    """
    return roll_pool(dice, dice_count)


# ---- Kinetic, Camouflage ------------------------------------------------------------------------


def roll_kinetic(dice: DiceSource) -> DieRoll:
    """DW-23 Kinetic: before moving, 1D6 extra inches (``movement_points(bonus_inches=...)``)."""
    return roll_d6(dice)


def kinetic_move_problem(steps: int, mp: int) -> str:
    """DW-23 Kinetic: a model that used it must move at least half its movement, or ""."""
    if steps * 2 < mp:
        return "After a kinetic boost it must move at least half its movement."
    return ""


@frozen
class CamouflageCheck:
    """DW-23 Camouflage: where the cloud goes (a radius-1 template, DW-28.3)."""

    distance: int
    in_sight: bool
    covers_model: bool


def camouflage_problem(check: CamouflageCheck) -> str:
    """DW-23 Camouflage: why the cloud cannot be centred there, or "".

    Its centre within 8" (4 hexes) and in sight; no part of it on a model.
    """
    if check.distance > GENERATOR_REACH:
        return f"The cloud must be centred within {GENERATOR_REACH} hexes."
    if not check.in_sight:
        return "The cloud's centre must be in sight."
    if check.covers_model:
        return "The cloud cannot cover any model."
    return ""


# ---- Guardian -----------------------------------------------------------------------------------


def guardian_problem(distance: int, *, shielded: bool, covered: bool) -> str:
    """DW-23 Guardian: why a friendly model is not covered by this Guardian, or "".

    Within 6" (3 hexes) of the Guardian ship, with no shield generator of its own, and not
    already covered by another Guardian.
    """
    if shielded:
        return "A model with its own shield gets no Guardian cover."
    if covered:
        return "A model is covered by one Guardian at a time."
    if distance > GUARDIAN_REACH:
        return f"The Guardian covers models within {GUARDIAN_REACH} hexes."
    return ""


def guardian_cancel(
    dice: DiceSource, hits: int, weapon: WeaponKind | None, *, guardians: int = 0
) -> Cancellation:
    """DW-23 Guardian: the ship's own 2D6 per Guardian, or a covered model's one die.

    ``guardians`` 0 is a covered friendly model (1 die). Against gunnery, AA and CC (``weapon``
    None) 4-5 cancel 1; against rockets and torpedoes only a 5; a 6 cancels 2 (and, as a
    shield, rolls again). Check `ordnance.shield_problem` first.
    """
    if guardians:
        return shield_cancel(dice, hits, guardians, weapon)
    threshold = 5 if weapon in {WeaponKind.ROCKET, WeaponKind.TORPEDO} else 4
    return Cancellation(hits, (roll_pool(dice, 1, threshold),))
