"""Dystopian Wars boarding: who may board whom, defensive AA, melee, capture, derelicts, prizes.

Rules: DW-19.1 (AP are marines; no LoS; one enemy model within 4" = 2 hexes, 8" = 4 with
Extended Range; never your own fleet; one round only), DW-19.2 (no boarding after hitting
terrain, half MD after hitting a model; creatures and robots only from base contact; submerged
and obscured never board each other; tiny flyers never boarded; submerged naval targets only by a
submerged creature or robot or by Aquatic Marines; burrowers never; submerged naval boarders
only with Aquatic Marines; broken, out-of-command or AP 0 models cannot start one), DW-28.5 (base
contact is d = 1: creatures and robots, and a flyer boarding a surface model), DW-19.3 (the
boarding comes after shooting), DW-19.4 (commit all AP, several boarders combine in full;
defensive AA assigned to parties, 5-6 against marines removing 1 AP a hit, 4+ against a robot or
creature and compared with its DR/CR; Electrical Defences +3 AA; melee with current AP as MD on
the exploding table, the defender splitting its MD among the parties; Ferocious / Elite Crew +1,
Limited Resources -1, Gas Alert +2 dice, Impervious halves, Security Posts ignores the first
two hits, Coordinated Assault, Dash and Elan, Assault Weapon, Reassignment; a 0 AP target is
taken if any boarder survives; success, failure and sabotage; a robot target destroyed;
creatures and robots neither capture nor are captured; returning marines and the starting-AP
cap; the worked example), DW-21 (an orphaned escort defends but starts no boarding), DW-19.5
(prizes and who holds one), DW-19.6 (derelicts: naming, drift 2" or the minimum move, All Stop only,
fortifications never drift; a derelict cannot fire, use generators or board; a derelict with
nobody aboard is taken without a roll), DW-23 Sonic (-2 MD), DW-27 items 18 and 25 (AA only,
CC against Aquatic Marines from below; all current AP committed), DW-24 (the boarding MARs).

Every function is pure: a model is a `Boarding` view (card, level, side, current AP and the flags
that matter), a die comes from the `DiceSource` passed in and every pool is kept in the result.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from typing import Final

from attrs import frozen

from engine.dice import DiceSource
from engine.dystopian.combat import (
    AttackRoll,
    HitNumber,
    Shooter,
    auxiliary_dice,
    halve,
    roll_attack,
)
from engine.dystopian.damage import CriticalRoll, DamageOutcome, Hull, resolve_damage, roll_critical
from engine.dystopian.dice import BASE_THRESHOLD
from engine.dystopian.geometry import Level, hexes_for_inches
from engine.dystopian.models import Diving, ModelCard, ModelType, Size
from engine.dystopian.movement import min_hexes
from engine.dystopian.ordnance import AUX_THRESHOLDS, Aux, AuxTarget

__all__ = [
    "BOARDING_REACH",
    "DRIFT_HEXES",
    "ELECTRICAL_DEFENCES",
    "EXTENDED_REACH",
    "RETURN_REACH",
    "ROBOT_AA_THRESHOLD",
    "SECURITY_POSTS",
    "Boarding",
    "BoardingResult",
    "DefenceFire",
    "DriftTime",
    "Melee",
    "Outcome",
    "Settlement",
    "aa_against_boarders",
    "board_problem",
    "boarder_dice",
    "boarding_need",
    "defence_problem",
    "defence_system",
    "defender_dice",
    "derelict_drift",
    "derelict_name",
    "derelict_problem",
    "drift_time",
    "prize_holder",
    "reassign_problem",
    "resolve_boarding",
    "return_problem",
    "roll_defence",
    "settle_marines",
    "shoot_boarded_problem",
]

BOARDING_REACH: Final = hexes_for_inches(4)
"""DW-19.1 / DW-28.3: boarding reaches 4" = 2 hexes."""
EXTENDED_REACH: Final = hexes_for_inches(8)
"""DW-24 Extended Range: 8" = 4 hexes."""
CONTACT_REACH: Final = 1
"""DW-28.5: base contact is d = 1."""
RETURN_REACH: Final = hexes_for_inches(4)
"""DW-19.4 step 6: marines go home only to a model within 4" = 2 hexes."""
ROBOT_AA_THRESHOLD: Final = 4
"""DW-19.4 step 2: AA against a boarding robot or creature hits on 4+."""
ELECTRICAL_DEFENCES: Final = 3
"""DW-24 Electrical Defences: +3 AA against boarders."""
SECURITY_POSTS: Final = 2
"""DW-24 Security Posts: the boarders' first two hits are ignored."""
GAS_ALERT: Final = 2
"""DW-24 Gas Alert: +2 dice when it starts a boarding."""
SONIC_MD: Final = 2
"""DW-23 Sonic: -2 MD until the end of its next activation."""
DRIFT_HEXES: Final = hexes_for_inches(2)
"""DW-19.6 / DW-28.3: a derelict drifts 2" = 1 hex straight ahead."""


@frozen
class Boarding:
    """A model as the boarding rules see it (DW-19), built by the caller from card and markers.

    Attributes:
        card: its card (AP, AA, type, MARs, Capital flag, diving, fortification).
        side: its fleet; two models of one side are friends (DW-19.1).
        ap: its current AP (the starting AP less Assault Damage, DW-5).
        level: where it is (DW-19.2's submerged / obscured rules).
        hull_damage: Hull Damage markers (AA lost, DW-15.3; the DR/CR of a boarding robot).
        shattered: Shattered Defences: no AA (DW-16.2).
        broken: it has a Break marker (DW-19.2).
        out_of_command: it is out of command (DW-19.2).
        derelict: it is a derelict (DW-19.6).
        hit_terrain: it rammed or collided with terrain this activation (DW-19.2).
        hit_model: it rammed or collided with a model this activation: half MD (DW-19.2).
        sonic: a Sonic generator's -2 AA and -2 MD are on it (DW-23).
        orphan: an escort whose parent is gone, heading for a new one (DW-21): it defends with
            all its AP but may not start a boarding.
        assault_weapon: it boards with its Assault Weapon (DW-24): like a robot, with its
            starting AP, which stay aboard its own model.

    A captured derelict being boarded is seen from the party aboard: ``side`` is the fleet
    whose marines hold it and ``ap`` their AP; with nobody aboard ``ap`` is 0 (DW-19.6).
    """

    card: ModelCard
    side: int
    ap: int
    level: Level = Level.SURFACE
    hull_damage: int = 0
    shattered: bool = False
    broken: bool = False
    out_of_command: bool = False
    derelict: bool = False
    hit_terrain: bool = False
    hit_model: bool = False
    sonic: bool = False
    orphan: bool = False
    assault_weapon: bool = False

    @property
    def beast(self) -> bool:
        """A creature or robot, or an Assault Weapon boarding like one (DW-19.1, DW-24)."""
        return self.card.is_creature_or_robot or self.assault_weapon

    @property
    def committed(self) -> int:
        """DW-19.4 step 1 / DW-27 item 25: all its current AP (Assault Weapon: its starting AP)."""
        return self.card.ap if self.assault_weapon else self.ap


# ---- who may board whom (DW-19.1, DW-19.2, DW-28.5) ------------------------------------------


def _reach(boarder: Boarding, target: Boarding) -> int:
    """DW-19.1 / DW-19.2 / DW-28.5: base contact for beasts and flyers on surface models."""
    if boarder.beast:
        return CONTACT_REACH
    if boarder.level.airborne and target.level is Level.SURFACE:
        return CONTACT_REACH
    return EXTENDED_REACH if boarder.card.has("extended_range") else BOARDING_REACH


def _level_problem(boarder: Boarding, target: Boarding) -> str:
    """DW-19.2: the height rules between a boarder and its target, or ""."""
    levels = {boarder.level, target.level}
    if levels == {Level.SUBMERGED, Level.OBSCURED}:
        return "Submerged and high-flying models cannot board each other."
    aquatic = boarder.card.has("aquatic_marines")
    if target.level is Level.SUBMERGED:
        if target.card.diving is Diving.LAND:
            return "A burrowed model can never be boarded."
        deep_beast = boarder.beast and boarder.level is Level.SUBMERGED
        if not (deep_beast or aquatic):
            return "Only submerged beasts or aquatic marines can board a submerged model."
    if boarder.level is Level.SUBMERGED and target.level is not Level.SUBMERGED:
        if boarder.card.diving is Diving.LAND:
            return "A burrowed model cannot board."
        if not (boarder.beast or aquatic):
            return "A submerged model needs aquatic marines to board."
    return ""


def _starter_problem(boarder: Boarding) -> str:
    """DW-19.2 / DW-19.6 / DW-21: why ``boarder`` may not start any boarding now, or ""."""
    if boarder.derelict:
        return "A derelict cannot board."
    if boarder.broken or boarder.out_of_command:
        return "A broken or out-of-command model cannot start a boarding."
    if boarder.orphan:
        return "An escort looking for a new parent cannot start a boarding."
    if boarder.ap <= 0:
        return "It has no marines left to send."
    if boarder.hit_terrain:
        return "A model that hit terrain this activation cannot board."
    return ""


def board_problem(boarder: Boarding, target: Boarding, distance: int) -> str:  # noqa: PLR0911 - one guard per rule
    """DW-19.1 / DW-19.2 / DW-19.6 / DW-28.5: why ``boarder`` may not board ``target``, or "".

    ``distance`` is the hex distance between them. LoS is not needed (DW-19.1).
    """
    problem = _starter_problem(boarder)
    if problem:
        return problem
    if boarder.side == target.side:
        return "You cannot board your own fleet's models."
    if target.card.size is Size.TINY:
        return "Tiny flyers can never be boarded."
    level = _level_problem(boarder, target)
    if level:
        return level
    reach = _reach(boarder, target)
    if distance > reach:
        if reach == CONTACT_REACH:
            return "It must be in base contact to board."
        return f"Boarding reaches only {reach} hexes."
    return ""


def shoot_boarded_problem(*, boarding_it: bool, boarders_squadron: bool) -> str:
    """DW-19.2: why a model may not shoot a model being boarded this activation, or "".

    The boarder never shoots the model it boards (its other fire follows DW-12.5); only its
    squadron-mates may shoot the boarded model. A boarding creature or robot may itself be shot
    by anyone: no guard.
    """
    if boarding_it:
        return "A model cannot shoot the model it is boarding."
    if not boarders_squadron:
        return "Only the boarders' squadron-mates may shoot a boarded model."
    return ""


# ---- defensive AA (DW-19.4 step 2, DW-27 item 18) --------------------------------------------


def defence_system(boarder: Boarding) -> Aux:
    """DW-19.4 step 2 / DW-27 item 18: AA, or CC against boarders from a submerged model.

    AA cannot reach boarders coming up from a submerged model; Aquatic Marines skip the AA phase
    and meet CC instead (DW-27 item 18). [INTERP] A submerged creature or robot is met by CC too.
    """
    return Aux.CC if boarder.level is Level.SUBMERGED else Aux.AA


def aa_against_boarders(defender: Boarding, aux: Aux = Aux.AA) -> int:
    """DW-19.4 step 2 / DW-18.2 / DW-23 Sonic: the AA (or CC) dice one defender rolls.

    The card's value less hull damage (minimum 1), none with Shattered Defences or while
    submerged or derelict, -2 for Sonic, +3 AA for Electrical Defences.
    """
    if defender.derelict:
        return 0  # DW-19.6: a derelict makes no AA or CC attacks
    shooter = Shooter(
        defender.card, defender.level, defender.hull_damage, shattered=defender.shattered
    )
    start = defender.card.aa if aux is Aux.AA else defender.card.cc
    dice = auxiliary_dice(shooter, start)
    if dice and defender.sonic:
        dice = max(0, dice - SONIC_MD)
    if dice and aux is Aux.AA and defender.card.has("electrical_defences"):
        dice += ELECTRICAL_DEFENCES
    return dice


def defence_problem(
    *, same_squadron: bool, to_target: int, to_boarder: int, reach: int, dice: int, assigned: int
) -> str:
    """DW-19.4 step 2 / DW-18.2: why a model may not put ``assigned`` dice on the boarders, or "".

    The boarded model and its squadron-mates in ``reach`` (AA 4 hexes, CC 2) of the target or of
    the boarders answer; the dice assigned cannot exceed the ``dice`` the model has.
    """
    if not same_squadron:
        return "Only the boarded model's own squadron may fire at the boarders."
    if min(to_target, to_boarder) > reach:
        return "Too far from both the boarded model and the boarders."
    if assigned > dice:
        return f"Only {dice} dice to assign."
    return ""


def boarding_need(boarder: Boarding, aux: Aux = Aux.AA) -> HitNumber:
    """DW-19.4 step 2: 5-6 against marines, 4+ against a boarding robot or creature."""
    if boarder.beast:
        return HitNumber(ROBOT_AA_THRESHOLD, reasons=("At a boarding beast: 4+.",))
    threshold = AUX_THRESHOLDS[Aux.AA, AuxTarget.BOARDERS]
    return HitNumber(threshold, reasons=(f"{aux.value.upper()} at boarders: {threshold}+.",))


@frozen
class DefenceFire:
    """DW-19.4 step 2: the defensive fire at one boarding party.

    Attributes:
        party: the index of the boarding party it was assigned to.
        roll: the pool, with every die.
        damage: against a robot or creature, its hits compared with the DR/CR (DW-19.4).
    """

    party: int
    roll: AttackRoll
    damage: DamageOutcome | None = None

    @property
    def ap_lost(self) -> int:
        """AP it removes from a marine party: 1 per hit; none from a beast (its hull suffers)."""
        return 0 if self.damage is not None else self.roll.hits

    @property
    def destroyed(self) -> bool:
        """The boarding robot or creature was destroyed by this fire: its party is gone."""
        return self.damage is not None and self.damage.destroyed


def roll_defence(
    dice: DiceSource, boarders: Sequence[Boarding], assigned: Sequence[tuple[int, int]]
) -> tuple[DefenceFire, ...]:
    """DW-19.4 step 2: roll each ``(party, dice)`` assignment of the defenders' AA or CC.

    Against marines each hit costs 1 AP; against a robot or creature the hits of each pool are
    compared with its DR and CR like an attack (`damage.resolve_damage`).
    """
    fired = []
    hull = {i: b.hull_damage for i, b in enumerate(boarders)}
    for party, count in assigned:
        boarder = boarders[party]
        roll = roll_attack(dice, count, boarding_need(boarder, defence_system(boarder)))
        damage = None
        if boarder.beast:  # each pool is its own attack; the damage adds up
            damage = resolve_damage(dice, Hull(boarder.card, hull[party]), roll.hits)
            hull[party] += damage.hp_lost
        fired.append(DefenceFire(party, roll, damage))
    return tuple(fired)


# ---- melee (DW-19.4 step 3) --------------------------------------------------------------------


def _to_hit(card: ModelCard) -> int:
    """DW-24: Ferocious / Elite Crew +1, Limited Resources -1 on its boarding dice."""
    mod = 1 if card.has("ferocious") or card.has("elite_crew") else 0
    return mod - (1 if card.has("limited_resources") else 0)


def boarder_dice(
    boarder: Boarding, ap: int, target: Boarding, *, coordinated: int = 0
) -> tuple[int, int]:
    """DW-19.4 step 3 / DW-19.2 / DW-24 / DW-23: one party's melee dice and to-hit modifier.

    ``ap`` is the party's AP after the defensive AA; ``coordinated`` counts the models with
    Coordinated Assault boarding the same target that still have AP (+1 die each when 2 or
    more). Gas Alert +2 dice; Dash and Elan +1; Sonic -2; a ram or collision with a model this
    activation halves them, and so does an Impervious target.
    """
    if ap <= 0:
        return 0, _to_hit(boarder.card)
    md = ap
    if boarder.card.has("gas_alert"):
        md += GAS_ALERT
    if boarder.card.has("dash_and_elan"):
        md += 1
    if boarder.card.has("coordinated_assault") and coordinated >= 2:  # noqa: PLR2004 - "2+"
        md += 1
    if boarder.sonic:
        md = max(0, md - SONIC_MD)
    if boarder.hit_model:
        md = halve(md)
    if target.card.has("impervious"):
        md = halve(md)
    return md, _to_hit(boarder.card)


def defender_dice(defender: Boarding) -> tuple[int, int]:
    """DW-19.4 step 3 / DW-23 Sonic / DW-24: the defender's MD (its current AP) and modifier."""
    md = defender.ap
    if defender.sonic:
        md = max(0, md - SONIC_MD)
    return md, _to_hit(defender.card)


def _need(mod: int, boarder: Boarding | None = None) -> HitNumber:
    reasons = ["Melee: 4+."]
    if mod:
        reasons.append(f"Boarding modifiers: {mod:+d}.")
    if boarder is not None and boarder.level is Level.SUBMERGED:
        reasons.append("Aquatic marines hit on 4+ as usual.")
    return HitNumber(BASE_THRESHOLD, mod, reasons=tuple(reasons))


@frozen
class Melee:
    """DW-19.4 step 3: the melee rolls.

    Attributes:
        attacks: each boarding party's pool against the target, in party order.
        defence: the defender's pool against each party, in party order (0 dice where none).
        ignored: hits the target's Security Posts ignored (DW-24).
    """

    attacks: tuple[AttackRoll, ...]
    defence: tuple[AttackRoll, ...]
    ignored: int = 0

    @property
    def hits_on_target(self) -> int:
        """The boarders' hits that count, after Security Posts."""
        return sum(a.hits for a in self.attacks) - self.ignored

    @property
    def hits_by_target(self) -> int:
        """The hits the defender scored on all the parties."""
        return sum(d.hits for d in self.defence)


class Outcome(enum.StrEnum):
    """DW-19.4 steps 4 and 5: what a boarding did to its target."""

    FAILURE = "failure"
    CAPTURED = "captured"
    """A non-beast target taken by marines: derelict, a prize while they stay (DW-19.5)."""
    DERELICT = "derelict"
    """Beasts won (they cannot capture), or the target was a creature: derelict, no prize."""
    DESTROYED = "destroyed"
    """A robot target is destroyed."""


@frozen
class BoardingResult:
    """DW-19.4: one boarding from commitment to outcome, with every die.

    Attributes:
        target: the boarded model before the assault.
        boarders: the boarding models before the assault, in party order.
        defence_fire: the defensive AA or CC, each pool at one party.
        ap_after_fire: each party's AP after the defensive fire.
        melee: the melee rolls; None when the target had no AP or nobody was left (no roll).
        sabotage: the critical a Capital target rolls when out-fought (DW-19.4 step 4).
    """

    target: Boarding
    boarders: tuple[Boarding, ...]
    defence_fire: tuple[DefenceFire, ...]
    ap_after_fire: tuple[int, ...]
    melee: Melee | None
    sabotage: CriticalRoll | None = None

    @property
    def parties_left(self) -> tuple[int, ...]:
        """Each party's AP after the melee (never below 0)."""
        if self.melee is None:
            return self.ap_after_fire
        return tuple(
            max(0, ap - d.hits)
            for ap, d in zip(self.ap_after_fire, self.melee.defence, strict=True)
        )

    @property
    def target_ap_left(self) -> int:
        """The target's AP after the melee (DW-19.4 step 3)."""
        if self.melee is None:
            return self.target.ap
        return max(0, self.target.ap - self.melee.hits_on_target)

    @property
    def ap_lost(self) -> tuple[int, ...]:
        """AP each boarder lost (Assault Damage on its own card), in party order."""
        return tuple(
            min(b.ap, b.committed - left)
            for b, left in zip(self.boarders, self.parties_left, strict=True)
        )

    @property
    def outcome(self) -> Outcome:
        """DW-19.4 steps 4 and 5."""
        alive = [b for b, ap in zip(self.boarders, self.parties_left, strict=True) if ap > 0]
        if self.target_ap_left > 0 or not alive:
            return Outcome.FAILURE
        if self.target.card.type is ModelType.ROBOT:
            return Outcome.DESTROYED
        if self.target.beast or all(b.beast for b in alive):
            return Outcome.DERELICT
        return Outcome.CAPTURED


def _sabotaged(target: Boarding, melee: Melee | None) -> bool:
    """DW-19.4 step 4: a Capital target out-fought by the boarders rolls a critical."""
    if melee is None or not target.card.capital:
        return False
    return melee.hits_on_target > melee.hits_by_target


def resolve_boarding(
    dice: DiceSource,
    target: Boarding,
    boarders: Sequence[Boarding],
    *,
    defence: Sequence[tuple[int, int]] = (),
    split: Sequence[int] = (),
) -> BoardingResult:
    """DW-19.4: resolve one boarding (one round, DW-19.1) of ``target`` by ``boarders``.

    Args:
        dice: Where the faces come from, in this order: defensive fire, the parties' melee pools
            in party order, the defender's pool at each party, then any sabotage critical.
        target: The boarded model.
        boarders: The boarding models of the active squadron; each commits all its AP
            (DW-27 item 25) and their AP combine in full. Check `board_problem` for each first.
        defence: The defensive fire as ``(party, dice)`` assignments, from the target and its
            squadron-mates (`aa_against_boarders`, `defence_problem`).
        split: The defender's MD put on each party, in party order (missing parties get 0);
            they cannot exceed `defender_dice`.

    Raises:
        ValueError: the split asks for more MD than the defender has.
    """
    fired = roll_defence(dice, boarders, defence)
    after = [b.committed for b in boarders]
    for shot in fired:
        after[shot.party] = 0 if shot.destroyed else max(0, after[shot.party] - shot.ap_lost)
    no_roll = target.ap <= 0 or not any(after)
    if no_roll:  # DW-19.4 step 3 / DW-19.6: taken without a roll if anyone is left
        return BoardingResult(target, tuple(boarders), fired, tuple(after), None)
    md, mod = defender_dice(target)
    shares = [*split, *[0] * (len(boarders) - len(split))]
    if sum(shares) > md:
        msg = f"the defender has {md} melee dice, not {sum(shares)}"
        raise ValueError(msg)
    coordinated = sum(
        1 for b, ap in zip(boarders, after, strict=True) if ap and b.card.has("coordinated_assault")
    )
    attacks = []
    for boarder, ap in zip(boarders, after, strict=True):
        count, bonus = boarder_dice(boarder, ap, target, coordinated=coordinated)
        attacks.append(roll_attack(dice, count, _need(bonus, boarder)))
    defence_rolls = tuple(roll_attack(dice, n, _need(mod)) for n in shares)
    scored = sum(a.hits for a in attacks)
    ignored = min(SECURITY_POSTS, scored) if target.card.has("security_posts") else 0
    melee = Melee(tuple(attacks), defence_rolls, ignored)
    sabotage = None
    if _sabotaged(target, melee):
        sabotage = roll_critical(dice, Hull(target.card, target.hull_damage))
    return BoardingResult(target, tuple(boarders), fired, tuple(after), melee, sabotage)


# ---- returning marines (DW-19.4 step 6) ----------------------------------------------------


def return_problem(boarder: Boarding, survivors: int, going_home: int, distance: int) -> str:
    """DW-19.4 step 6: why ``going_home`` of ``survivors`` may not return, or "".

    ``distance`` is from the captured model to the boarder's own model.
    """
    if boarder.beast:
        return "A creature's or robot's strength never leaves it."
    if not 0 <= going_home <= survivors:
        return f"Only {survivors} marines survived."
    if going_home and distance > RETURN_REACH:
        return f"Marines return only to a model within {RETURN_REACH} hexes."
    return ""


@frozen
class Settlement:
    """DW-19.4 step 6: where one party's survivors end up.

    Attributes:
        aboard: AP left aboard the captured model for the rest of the game.
        home: AP back on the boarder's own model.
        lost: AP removed: the excess over a model's starting AP with nowhere to go.
    """

    aboard: int
    home: int
    lost: int


def settle_marines(
    survivors: int,
    going_home: int,
    *,
    target_start: int,
    home_ap: int,
    home_start: int,
    home_in_reach: bool,
) -> Settlement:
    """DW-19.4 step 6: the survivors ``going_home`` return, the rest stay, with the AP caps.

    No model ends with more AP aboard than its starting AP: the excess over ``target_start``
    left aboard goes home if the home model is within reach, otherwise it is removed; the home
    model (``home_ap`` now, ``home_start`` printed) never goes above its own start either.
    """
    aboard = survivors - going_home
    home = going_home if home_in_reach else 0
    excess = max(0, aboard - target_start)
    aboard -= excess
    if home_in_reach:
        home += excess
    room = max(0, home_start - home_ap)
    kept = min(home, room)
    return Settlement(aboard, kept, survivors - aboard - kept)


# ---- prizes and derelicts (DW-19.5, DW-19.6) --------------------------------------------------


def prize_holder(owner: int, aboard: Mapping[int, int]) -> int | None:
    """DW-19.5: the fleet that holds a captured model as a prize, or None.

    ``aboard`` is the AP each fleet has aboard. A fleet other than the ``owner`` holds it when
    it alone has marines aboard; a recapture by the owner ends the prize.
    """
    present = [side for side, ap in aboard.items() if ap > 0]
    if len(present) != 1 or present[0] == owner:
        return None
    return present[0]


def derelict_name(owner: int, aboard: Mapping[int, int]) -> str:
    """DW-19.6: "captured derelict", "recaptured derelict" or "derelict", by who is aboard."""
    present = {side for side, ap in aboard.items() if ap > 0}
    if present - {owner}:
        return "captured derelict"
    if owner in present:
        return "recaptured derelict"
    return "derelict"


class DriftTime(enum.StrEnum):
    """DW-19.6: when a derelict drifts."""

    WITH_PARTY = "with-party"
    """When the party aboard activates (with its parent model)."""
    END_PHASE = "end-phase"
    """Nobody aboard: in the End Phase (DW-7.3 step 2)."""
    NEVER = "never"
    """A fortification."""


def drift_time(card: ModelCard, *, anyone_aboard: bool) -> DriftTime:
    """DW-19.6: when this derelict drifts."""
    if card.is_fortification:
        return DriftTime.NEVER
    return DriftTime.WITH_PARTY if anyone_aboard else DriftTime.END_PHASE


def derelict_drift(card: ModelCard, *, all_stop: bool = False) -> int:
    """DW-19.6 / DW-28.3: hexes straight ahead: 2" (1 hex) or its minimum move if not 2".

    A party aboard may stop it with an All Stop marker; fortifications never drift.
    """
    if all_stop or card.is_fortification:
        return 0
    if card.min_move and card.min_move != 2:  # noqa: PLR2004 - the rule's 2"
        return min_hexes(card.min_move)
    return DRIFT_HEXES


_DERELICT_CANNOT: Final = frozenset({"fire", "aa", "cc", "generator", "board"})


def derelict_problem(action: str) -> str:
    """DW-19.6: why a derelict may not ``action`` ("fire", "aa", "cc", "generator", "board"), or "".

    Its repairs (only Fire and Corrosion, errata) are `damage.repair_problem` with ``derelict``.
    """
    if action in _DERELICT_CANNOT:
        return "A derelict cannot fight, use generators or board."
    return ""


def reassign_problem(parties: Sequence[tuple[Boarding, int]], new: Sequence[int]) -> str:
    """DW-24 Reassignment: why the boarders may not share their AP out as ``new``, or "".

    After a successful boarding the models with the MAR that took part (``parties``: each with
    its AP left) may redistribute those AP among themselves, never above a starting AP.
    """
    if any(not b.card.has("reassignment") for b, _ in parties):
        return "Only boarders with Reassignment may share out their marines."
    if sum(new) != sum(left for _, left in parties) or len(new) != len(parties):
        return "The marines can be moved around, not created or lost."
    if any(ap < 0 or ap > b.card.ap for (b, _), ap in zip(parties, new, strict=True)):
        return "No model may hold more marines than it started with."
    return ""
