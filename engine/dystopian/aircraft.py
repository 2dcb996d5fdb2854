"""Dystopian Wars tiny flyers: wings, fuel, launch and landing, air combat, damage, CAP, recon.

Rules: DW-20.1 (a wing is 1-5 tokens of one kind; the four free-wing options; carrier wings of
3-5, a recon wing of 1, at most one recon per carrier, never more than the capacity), DW-20.2
(the profiles: `models.TinyFlyer`), DW-28.11 (a wing is one piece; MP = MV / 2, Superior Engine
+1; AA d <= 2, CC d <= 1, bombers d = 1, torpedo bombers d <= 4; launch at d <= 2, Well Trained
3; landing at d <= 2, Well Trained starting at d <= 3; the CAP leash d <= 2, none for a recon;
refuelling off the own deployment edge), DW-20.4 (one launch or one landing per carrier
activation, two with Double Decker; no launch after its gunnery, rockets, AA or a generator; no
launch or landing with Systems Offline; Quick Launch), DW-20.5 / DW-27 item 24 (fuel 6; -1 for a
move of more than half MV, -1 for each attack or counter-attack; -1 per hit of an Abort; at 1
only half MV and no firing; 0 through combat crashes the wing; refuelled to 6 on landing or off
the own edge; bombers and torpedo bombers rearm after an AD attack), DW-20.6 (fighters' AA 3+,
recon 5-6, bombers' 6, a model's 5-6; bombers in contact 3+ on surface targets and 5-6 on Large
or Massive flyers only; torpedo bombers 3+ on naval surface targets only, the target's CC
cancelling; the AD counter-attack of an attacked or CAP wing against the active squadron),
DW-20.7 / DW-27 item 5 (a natural 6 destroys one token; the wing is Aborted when the hits reach
the tokens left; an Abort stops its attacks for the rest of the activation), DW-20.8 (CAP:
attaching to a Large or Massive surface or flying host within 4", one wing per host, never to
divers; Convoy Duty; the attached recon's +1 to primary indirect fire), DW-18.4 (AA at planes on
a deck; Covered Decks), DW-24 (Deck Crews, Double Decker, Quick Launch), DW-20.9 (Acrobatic
Pilots, Big Fuel Tanks, More Machine Guns, Superior Engine, Swarm Tactics, Vertical Dive, Well
Trained).

Every function is pure. A wing is a `Wing` record (kind, tokens, fuel, its MARs and the
activation's flags); the AA at a wing is `ordnance.wing_fire` (5-6) or `air_fire`; attacks roll
through `combat.roll_attack`; CC against torpedoes is `ordnance.cancel_hits`; what gets through
goes to `damage.resolve_damage`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

import attrs
from attrs import frozen

from engine.dice import DiceSource
from engine.dystopian.combat import AttackRoll, HitNumber, roll_attack
from engine.dystopian.dice import DieRoll, roll_d6, roll_pool
from engine.dystopian.geometry import Level, hexes_for_inches
from engine.dystopian.models import Domain, ModelCard, TinyFlyer, TinyKind
from engine.dystopian.movement import more_than_half, movement_points
from engine.dystopian.ordnance import (
    TINY_AA_REACH,
    Cancellation,
    WingFire,
    cancel_hits,
    wing_fire,
)

__all__ = [
    "BOMBER_REACH",
    "CAP_LEASH",
    "FREE_WING_OPTIONS",
    "FULL_FUEL",
    "LAUNCH_REACH",
    "TORPEDO_BOMBER_REACH",
    "WELL_TRAINED_REACH",
    "AirAttack",
    "CarrierOps",
    "FuelChange",
    "Wing",
    "WingDamage",
    "after_firing",
    "air_fire",
    "air_need",
    "attach_problem",
    "carrier_wing_problem",
    "carrier_wings_problem",
    "counter_attack_problem",
    "damage_wing",
    "deck_crews_problem",
    "fire_problem",
    "free_wings_problem",
    "land_problem",
    "landed",
    "landed_aa_problem",
    "launch_problem",
    "launched",
    "leash_problem",
    "quick_launch",
    "recon_bonus",
    "roll_wing_attack",
    "spend_fuel",
    "wing_aa_dice",
    "wing_ad",
    "wing_attack_problem",
    "wing_move_problem",
    "wing_mp",
]

FULL_FUEL: Final = 6
"""DW-20.5: a die showing 6 beside a wing that deploys, launches or lands."""
MAX_TOKENS: Final = 5
"""DW-20.1: a wing has 1-5 tokens."""
CARRIER_WING: Final = (3, 5)
"""DW-20.1: carrier fighter, bomber and torpedo wings have 3-5 tokens."""
LAUNCH_REACH: Final = hexes_for_inches(4)
"""DW-28.11: launch and landing at d <= 2 (4")."""
WELL_TRAINED_REACH: Final = 3
"""DW-28.11 / DW-20.9 Well Trained: launch at d <= 3; land when starting at d <= 3 (6")."""
CAP_LEASH: Final = hexes_for_inches(4)
"""DW-28.11 / DW-20.8: attach within and stay within d <= 2 of the host (a recon: no leash)."""
BOMBER_REACH: Final = 1
"""DW-28.11: a bomber attacks from base contact, d = 1."""
TORPEDO_BOMBER_REACH: Final = hexes_for_inches(8)
"""DW-28.11 / DW-20.6: torpedo bombers fire in RB1, d <= 4."""
SURFACE_THRESHOLD: Final = 3
"""DW-20.6: bombers and torpedo bombers hit surface (naval for torpedoes) targets on 3+."""
FLYER_THRESHOLD: Final = 5
"""DW-20.6: bombers hit Large or Massive flyers on 5-6."""
SWARM_TACTICS: Final = 2
"""DW-20.9 Swarm Tactics: +2 AD on a combined attack."""
_IGNORE: Final = 5
"""DW-20.9 Acrobatic Pilots / Big Fuel Tanks: 5-6 ignores the result."""

AIR_AA_THRESHOLDS: Final[dict[TinyKind | None, int]] = {
    TinyKind.FIGHTER: 3,
    TinyKind.RECON: 5,
    TinyKind.BOMBER: 6,
    TinyKind.TORPEDO_BOMBER: 6,
    None: 5,
}
"""DW-20.6: AA at tiny flyers by the firer's kind (None: any non-tiny model, DW-18.4)."""

FREE_WING_OPTIONS: Final[tuple[tuple[tuple[bool, int], ...], ...]] = (
    ((False, 4), (False, 4), (True, 1), (True, 1)),
    ((False, 4), (False, 3), (False, 3)),
    ((False, 5), (False, 5)),
    ((False, 3), (False, 3), (False, 3), (True, 1)),
)
"""DW-20.1: the four free-wing options as ``(recon, tokens)`` per wing."""


@frozen
class Wing:
    """A tiny-flyer wing as the air rules see it (DW-20.1, DW-20.5, DW-20.7).

    Attributes:
        kind: fighters, recon, bombers or torpedo bombers (one kind per wing).
        tokens: the tokens left, 1-5.
        fuel: the fuel die, 0-6.
        mars: its wing MARs (DW-20.9 ids: ``"big_fuel_tanks"``...).
        aborted: it was Aborted this activation: no attack, counter-attack or defensive fire.
        rearm: a bomber or torpedo-bomber wing that made its AD attack and must rearm.
    """

    kind: TinyKind
    tokens: int
    fuel: int = FULL_FUEL
    mars: tuple[str, ...] = ()
    aborted: bool = False
    rearm: bool = False

    def has(self, mar: str) -> bool:
        """True when the wing has MAR ``mar``."""
        return mar in self.mars

    @property
    def has_ad(self) -> bool:
        """Bombers and torpedo bombers carry AD weapons (DW-20.2)."""
        return self.kind in {TinyKind.BOMBER, TinyKind.TORPEDO_BOMBER}


# ---- composition (DW-20.1) ----------------------------------------------------------------------


def carrier_wing_problem(kind: TinyKind, tokens: int) -> str:
    """DW-20.1: why a carrier wing of ``tokens`` ``kind`` tokens is not legal, or ""."""
    if kind is TinyKind.RECON:
        return "" if tokens == 1 else "A recon wing is always a single plane."
    low, high = CARRIER_WING
    if not low <= tokens <= high:
        return f"A carrier's wing has {low} to {high} planes."
    return ""


def carrier_wings_problem(card: ModelCard, wings: Sequence[tuple[TinyKind, int]]) -> str:
    """DW-20.1: why these wings cannot fly from carrier ``card``, or "".

    Each wing is legal, the tokens fit the capacity, and at most the card's recon (1).
    """
    for kind, tokens in wings:
        problem = carrier_wing_problem(kind, tokens)
        if problem:
            return problem
    if sum(tokens for _, tokens in wings) > card.capacity:
        return f"It carries only {card.capacity} planes."
    recon = sum(1 for kind, _ in wings if kind is TinyKind.RECON)
    if recon > min(card.recon, 1):
        return "At most one recon plane per carrier."
    return ""


def free_wings_problem(wings: Sequence[tuple[TinyKind, int]]) -> str:
    """DW-20.1: why these are not one of the four free-wing options, or "" (none is fine)."""
    if not wings:
        return ""
    shape = Counter((kind is TinyKind.RECON, tokens) for kind, tokens in wings)
    if any(shape == Counter(option) for option in FREE_WING_OPTIONS):
        return ""
    return "Free wings: 4+4 and two recon, 4+3+3, 5+5, or 3+3+3 and one recon."


# ---- movement and fuel (DW-20.5, DW-28.11) -----------------------------------------------------


def wing_mp(profile: TinyFlyer, wing: Wing, turn_number: int) -> int:
    """DW-28.11: MV / 2 hexes (fighters and recon 8, bombers 6), Superior Engine +2" (+1 hex)."""
    bonus = 2 if wing.has("superior_engine") else 0
    return movement_points(profile.mv, turn_number, bonus_inches=bonus)


def wing_move_problem(wing: Wing, steps: int, mp: int) -> str:
    """DW-20.2 / DW-20.5: why a wing may not fly ``steps`` hexes of its ``mp``, or "".

    Wings never stop: at least one step. On its last point of fuel, at most half its move.
    """
    if steps <= 0:
        return "Planes can never stop in the air."
    if steps > mp:
        return f"It flies only {mp} hexes."
    if wing.fuel <= 1 and more_than_half(steps, mp):
        return "On its last fuel it may fly only half its move."
    return ""


@frozen
class FuelChange:
    """DW-20.5 / DW-27 item 24: a wing's fuel after one event.

    Attributes:
        before: fuel before.
        spent: fuel lost.
        crashed: it reached 0 through combat: the wing is destroyed.
    """

    before: int
    spent: int
    crashed: bool

    @property
    def after(self) -> int:
        """What is left (never below 0)."""
        return max(0, self.before - self.spent)


def spend_fuel(
    wing: Wing, *, steps: int = 0, mp: int = 0, shots: int = 0, abort_hits: int = 0
) -> FuelChange:
    """DW-20.5 / DW-27 item 24: the fuel a move, its shots and an Abort cost.

    -1 for a move of more than half MV (``steps`` of ``mp``), -1 per attack or counter-attack
    made (``shots``), -1 per hit of an Abort (``abort_hits``). Reaching 0 through combat
    crashes the wing.
    """
    spent = (1 if more_than_half(steps, mp) else 0) + shots + abort_hits
    combat = shots + abort_hits
    return FuelChange(wing.fuel, spent, crashed=combat > 0 and wing.fuel - spent <= 0)


def fire_problem(wing: Wing) -> str:
    """DW-20.5 / DW-20.7: why the wing may not fire (attack, counter-attack or AA back), or ""."""
    if wing.aborted:
        return "The wing was driven off this activation."
    if wing.fuel <= 1:
        return "Its last fuel cannot be spent on purpose."
    return ""


# ---- launch and landing (DW-20.4, DW-28.11) ---------------------------------------------------


@frozen
class CarrierOps:
    """A carrier in its activation as DW-20.4 sees it.

    Attributes:
        card: its card (capacity, Double Decker, Quick Launch).
        done: wings already launched or landed this activation.
        fired: it made gunnery or rocket attacks, used AA or a generator this turn.
        systems_offline: it has Systems Offline.
        aboard: tokens already landed on it.
    """

    card: ModelCard
    done: int = 0
    fired: bool = False
    systems_offline: bool = False
    aboard: int = 0

    @property
    def operations(self) -> int:
        """DW-20.4: one launch or landing per activation; two with Double Decker."""
        return 2 if self.card.has("double_decker") else 1


def _ops_problem(carrier: CarrierOps) -> str:
    if carrier.systems_offline:
        return "A carrier with its systems offline can neither launch nor land."
    if carrier.done >= carrier.operations:
        return "The carrier has no more deck operations this activation."
    return ""


def launch_problem(carrier: CarrierOps, wing: Wing, distance: int) -> str:
    """DW-20.4 / DW-28.11: why ``wing`` cannot be launched at ``distance`` hexes, or ""."""
    problem = _ops_problem(carrier)
    if problem:
        return problem
    if carrier.fired:
        return "A carrier that fired or used a generator this turn cannot launch."
    reach = WELL_TRAINED_REACH if wing.has("well_trained") else LAUNCH_REACH
    if distance > reach:
        return f"Launched planes are placed within {reach} hexes."
    return ""


def launched(wing: Wing) -> Wing:
    """DW-20.5: a launched wing has full fuel (Quick Launch's move costs none, DW-20.4)."""
    return attrs.evolve(wing, fuel=FULL_FUEL, aborted=False)


def land_problem(carrier: CarrierOps, wing: Wing, *, end: int, start: int) -> str:
    """DW-20.4 / DW-28.11: why ``wing`` cannot land, or "".

    ``end`` is its distance after its move, ``start`` before it (Well Trained: start at d <= 3).
    """
    problem = _ops_problem(carrier)
    if problem:
        return problem
    if carrier.aboard + wing.tokens > carrier.card.capacity:
        return "The carrier has no room."
    if wing.has("well_trained") and start <= WELL_TRAINED_REACH:
        return ""
    if end > LAUNCH_REACH:
        return f"It must end within {LAUNCH_REACH} hexes of the carrier."
    return ""


def landed(wing: Wing) -> Wing:
    """DW-20.5: landing (or leaving by its own deployment edge) refuels to 6 and rearms."""
    return attrs.evolve(wing, fuel=FULL_FUEL, rearm=False, aborted=False)


# ---- air combat (DW-20.6, DW-18.4) --------------------------------------------------------------


def wing_aa_dice(profile: TinyFlyer, wing: Wing) -> int:
    """DW-20.2 / DW-20.6 / DW-20.9: AA per token (More Machine Guns +1), combined in full."""
    per = profile.aa + (1 if wing.has("more_machine_guns") else 0)
    return per * wing.tokens


def wing_ad(profile: TinyFlyer, wing: Wing) -> int:
    """DW-20.2 / DW-20.6 / DW-20.9: AD per token combined in full; Swarm Tactics +2."""
    ad = profile.ad * wing.tokens
    if ad and wing.has("swarm_tactics"):
        ad += SWARM_TACTICS
    return ad


def air_need(firer: TinyKind | None) -> int:
    """DW-20.6: fighters hit tiny flyers on 3+, recon 5-6, bombers 6, any model 5-6."""
    return AIR_AA_THRESHOLDS[firer]


def air_fire(dice: DiceSource, firer: TinyKind | None, aa: int) -> WingFire:
    """DW-20.6 / DW-18.4: roll ``aa`` dice at a wing; natural 6s destroy, others Abort.

    ``firer`` is the wing kind firing, or None for a model (`ordnance.wing_fire`, 5-6).
    """
    if firer is None:
        return wing_fire(dice, aa)
    return WingFire(roll_pool(dice, aa, air_need(firer)))


def wing_attack_problem(  # noqa: PLR0911 - one guard per rule
    wing: Wing, target: ModelCard | None, level: Level, distance: int
) -> str:
    """DW-20.6 / DW-28.11: why ``wing`` may not attack, or "".

    ``target`` None is an enemy wing (AA at d <= 2); otherwise a model at ``level``: bombers
    from base contact on surface models or Large and Massive flyers, torpedo bombers at d <= 4
    on naval surface models; fighters and recon only engage with AA (flyers within d <= 2).
    """
    problem = fire_problem(wing)
    if problem:
        return problem
    if target is None or not wing.has_ad:
        if target is not None and not level.airborne:
            return "Fighters and recon planes engage only flyers."
        return "" if distance <= TINY_AA_REACH else f"Its guns reach {TINY_AA_REACH} hexes."
    if wing.rearm:
        return "It must rearm before attacking again."
    if wing.kind is TinyKind.BOMBER:
        if level.airborne and not target.size.is_large:
            return "Bombers can attack only Large or Massive flyers."
        if level is Level.SUBMERGED:
            return "Bombers cannot reach submerged models."
        return "" if distance <= BOMBER_REACH else "Bombers must be in base contact."
    if level is not Level.SURFACE or target.domain is not Domain.NAVAL:
        return "Torpedo bombers attack only ships on the surface."
    return "" if distance <= TORPEDO_BOMBER_REACH else "Torpedoes reach 4 hexes."


@frozen
class AirAttack:
    """DW-20.6: a bomber or torpedo-bomber wing's AD attack, and the CC that met torpedoes.

    Attributes:
        roll: the combined pool, every die.
        cc: the target's CC cancellation against torpedoes (DW-18.3), or None; after Faster
            Torpedoes, the re-rolled one.
        cc_first: with Faster Torpedoes, the CC as first rolled (DW-20.9), else None.
    """

    roll: AttackRoll
    cc: Cancellation | None = None
    cc_first: Cancellation | None = None

    @property
    def hits(self) -> int:
        """What reaches the DR/CR comparison (after a Shield, `ordnance.shield_cancel`)."""
        return self.roll.hits if self.cc is None else self.cc.remaining


def roll_wing_attack(
    dice: DiceSource,
    profile: TinyFlyer,
    wing: Wing,
    *,
    flyer: bool = False,
    cc: Sequence[int] = (),
) -> AirAttack:
    """DW-20.6: roll the wing's combined AD: 3+ on surface targets, 5-6 on flyers (bombers).

    Torpedo bombers: the target's ``cc`` pools (its own and its squadron's) cancel hits as
    against torpedoes (`ordnance.cancel_hits`). The target's AA has already been fired at the
    wing (it is a direct threat) and its damage applied. Afterwards the wing must rearm.
    """
    threshold = FLYER_THRESHOLD if flyer else SURFACE_THRESHOLD
    need = HitNumber(threshold, reasons=(f"{wing.kind.value.replace('_', ' ')}: {threshold}+.",))
    roll = roll_attack(dice, wing_ad(profile, wing), need)
    if wing.kind is not TinyKind.TORPEDO_BOMBER or not cc:
        return AirAttack(roll)
    cancel = cancel_hits(dice, roll.hits, cc)
    if not wing.has("faster_torpedoes"):
        return AirAttack(roll, cancel)
    # DW-20.9 Faster Torpedoes: every CC die that scored is rolled again and the new result
    # kept. [INTERP] The extra dice of a re-rolled 6 go with it; the new roll explodes anew.
    again = tuple(
        roll_pool(dice, sum(1 for d in pool.dice if d.hits and not d.bonus), pool.threshold)
        for pool in cancel.rolls
    )
    kept = tuple(
        attrs.evolve(pool, dice=tuple(d for d in pool.dice if not (d.hits or d.bonus)) + new.dice)
        for pool, new in zip(cancel.rolls, again, strict=True)
    )
    return AirAttack(roll, Cancellation(roll.hits, kept), cancel)


# ---- damage to wings (DW-20.7, DW-27 items 5 and 24) ---------------------------------------------


@frozen
class WingDamage:
    """DW-20.7: everything fired at one wing in one exchange, and what it did.

    Attributes:
        wing: the wing before.
        fires: each pool fired at it.
        acrobatic: Acrobatic Pilots' dice, one per destroying 6; 5-6 ignores it.
        fuel_tanks: Big Fuel Tanks' dice, one per other hit; 5-6 ignores it.
    """

    wing: Wing
    fires: tuple[WingFire, ...]
    acrobatic: tuple[DieRoll, ...] = ()
    fuel_tanks: tuple[DieRoll, ...] = ()

    @property
    def destroyed(self) -> int:
        """Tokens destroyed: one per natural 6, less those Acrobatic Pilots saved."""
        sixes = sum(f.destroyed for f in self.fires)
        saved = sum(1 for d in self.acrobatic if d.value >= _IGNORE)
        return min(self.wing.tokens, sixes - saved)

    @property
    def hits(self) -> int:
        """The other hits, less those Big Fuel Tanks ignored (DW-18.4: a 6's hits ignored)."""
        hits = sum(f.abort_hits for f in self.fires)
        return hits - sum(1 for d in self.fuel_tanks if d.value >= _IGNORE)

    @property
    def tokens_left(self) -> int:
        """Tokens after the destroyed are removed."""
        return self.wing.tokens - self.destroyed

    @property
    def aborted(self) -> bool:
        """DW-20.7: hits >= the tokens left (Vertical Dive: the tokens before the losses)."""
        size = self.wing.tokens if self.wing.has("vertical_dive") else self.tokens_left
        return self.tokens_left > 0 and self.hits > 0 and self.hits >= size

    @property
    def fuel(self) -> FuelChange:
        """DW-27 item 24: an Abort costs 1 fuel per hit; hits that do not Abort cost none."""
        return spend_fuel(self.wing, abort_hits=self.hits if self.aborted else 0)

    @property
    def wiped_out(self) -> bool:
        """Every token destroyed, or it crashed for lack of fuel (DW-20.5)."""
        return self.tokens_left <= 0 or self.fuel.crashed

    @property
    def after(self) -> Wing | None:
        """The wing after the damage, or None when it is gone."""
        if self.wiped_out:
            return None
        return attrs.evolve(
            self.wing,
            tokens=self.tokens_left,
            fuel=self.fuel.after,
            aborted=self.wing.aborted or self.aborted,
        )


def damage_wing(dice: DiceSource, wing: Wing, fires: Sequence[WingFire]) -> WingDamage:
    """DW-20.7 / DW-20.9: apply every pool fired at ``wing`` in one exchange.

    Rolls Acrobatic Pilots' save per destroying 6 and Big Fuel Tanks' per other hit when the
    wing has them (in that order).
    """
    sixes = sum(f.destroyed for f in fires)
    others = sum(f.abort_hits for f in fires)
    acrobatic = tuple(roll_d6(dice) for _ in range(sixes)) if wing.has("acrobatic_pilots") else ()
    tanks = tuple(roll_d6(dice) for _ in range(others)) if wing.has("big_fuel_tanks") else ()
    return WingDamage(wing, tuple(fires), acrobatic, tanks)


# ---- CAP, counter-attacks and recon (DW-20.6, DW-20.8) -----------------------------------------


def attach_problem(
    wing: Wing, host: ModelCard, level: Level, distance: int, *, host_has_wing: bool
) -> str:
    """DW-20.8: why ``wing`` cannot attach to ``host`` (at ``level``, ``distance`` hexes), or "".

    Large or Massive (Convoy Duty: any), surface or flying, never a diver; one wing per host;
    within 2 hexes (a recon ignores the distance).
    """
    if not (host.size.is_large or host.has("convoy_duty")):
        return "Only Large or Massive models take a wing."
    if host.is_diving or level is Level.SUBMERGED:
        return "A wing cannot attach to a diving model."
    if host_has_wing:
        return "That model already has a wing attached."
    return leash_problem(wing, distance)


def leash_problem(wing: Wing, distance: int) -> str:
    """DW-20.8 / DW-28.11: a CAP wing stays within 2 hexes of its host; a recon has no leash."""
    if wing.kind is TinyKind.RECON or distance <= CAP_LEASH:
        return ""
    return f"A patrolling wing stays within {CAP_LEASH} hexes of its host."


def counter_attack_problem(
    wing: Wing, target: ModelCard, level: Level, distance: int, *, attacked: bool, cap: bool
) -> str:
    """DW-20.6 / DW-20.8: why ``wing`` may not answer the active squadron with its AD, or "".

    It must itself be attacked, or be CAP on an attacked host; it needs AD weapons that reach
    the attacker (``target``), fuel to spend, no Abort and no rearming.
    """
    if not (attacked or cap):
        return "Only a wing under attack, or guarding one, may strike back."
    if not wing.has_ad:
        return "Fighters and recon planes have no attack dice."
    return wing_attack_problem(wing, target, level, distance)


def recon_bonus(wing: Wing | None, *, sees_target: bool) -> bool:
    """DW-20.8: an attached recon gives +1 to hit to the host's primary indirect fire.

    Only if it sees the target and is not Aborted (`ordnance.indirect_need(recon=True)`).
    """
    return wing is not None and wing.kind is TinyKind.RECON and not wing.aborted and sees_target


def after_firing(wing: Wing, *, ad: bool) -> Wing:
    """DW-20.5: one attack or counter-attack costs 1 fuel; after an AD attack the wing rearms."""
    return attrs.evolve(wing, fuel=max(0, wing.fuel - 1), rearm=wing.rearm or (ad and wing.has_ad))


def quick_launch(carrier: ModelCard) -> bool:
    """DW-20.4 / DW-24 Quick Launch: its wing makes a full move on launch with no fuel cost.

    Without it a launched wing cannot move again that turn.
    """
    return carrier.has("quick_launch")


def landed_aa_problem(shooter: ModelCard, carrier: ModelCard, *, higher: bool) -> str:
    """DW-18.4: why AA may not fire at tiny flyers landed on ``carrier``, or "".

    Only models of an equal or larger size class, or firing from a higher level; never at a
    carrier with Covered Decks.
    """
    if carrier.has("covered_decks"):
        return "Planes under covered decks cannot be shot."
    if shooter.size.rank < carrier.size.rank and not higher:
        return "Only a model as large, or one above it, can shoot planes on a deck."
    return ""


def deck_crews_problem(
    carrier: ModelCard, wing: Wing, *, used: bool, landed_here: bool, lost: int, aboard: int
) -> str:
    """DW-24 Deck Crews: why one destroyed plane cannot be restored to ``wing``, or "".

    Once per game; to a wing landed on this carrier or to a recon wing; the wing must have
    ``lost`` a token, and the carrier's capacity (``aboard`` now) is never exceeded.
    """
    if not carrier.has("deck_crews"):
        return "Only a carrier with deck crews restores planes."
    if used:
        return "The deck crews have already restored a plane this game."
    if not (landed_here or wing.kind is TinyKind.RECON):
        return "Only a wing landed on this carrier, or a recon wing, gets a plane back."
    if lost <= 0:
        return "The wing has lost no planes."
    if landed_here and aboard + 1 > carrier.capacity:
        return "The carrier has no room for another plane."
    return ""
