"""Dystopian Wars rockets, torpedoes, AA, CC, bombs, mines and indirect fire, as pure resolutions.

Rules: DW-18.1 (torpedoes: naval ones need a clear water path and never touch flyers or land
models; land ones pass through anything and touch only land models), DW-18.2 (AA reaches 8" = 4
hexes and CC 4" = 2; both 360 degrees; nothing while submerged; used in full against every
separate attack; only the attacked model's squadron responds, each in range of the target or the
attacker), DW-15.4 (the auxiliary hit numbers: AA 4+ at flyers, 5-6 at Small or Tiny flyers,
rockets and boarders; CC 4+ at divers, 5-6 at Small or Tiny divers, torpedoes and mines), DW-18.3
(AA against rockets, CC against torpedoes: each 5 cancels one hit, each 6 two and a new die;
then compare what is left), DW-18.4 (AA at tiny flyers: a natural 6 destroys a token, other hits
abort; tiny flyers' AA reaches 4" and CC 2"), DW-18.5 / DW-28.6 / DW-27 item 8 (bombs: flyers
only, down the aft channel to d <= 2, through models and terrain, half AD on the channel's edge;
a flyer bombs another flyer only if it is Large or Massive, and then on 5-6), DW-18.6 / DW-28.10
(mines: one drop per activation, no Chaos & Disarray; the blast rolls the mine's AD once and
gives the full hits to every surface and submerged piece in the mine hex and its neighbours;
every other mine in the blast goes off on 5-6 and chains, each resolved on its own; mines ignore
Small, Fast and Elusive; flyer against flyer on 5-6 without template; CC sweeps from d = 1-2 at
5-6 and destroys the mine when the hits reach its AD), DW-18.7 / DW-28.7 / DW-27 item 4
(indirect fire: primaries or Bombard weapons; a Spotter-MAR model that is not flying high or a
recon wing within 16 hexes that sees the target; Capital or Fortification targets; d 9-16, or
5-8 for a Forward Observer's Bombard with no spotter; a natural 6, Bombard 5-6; +1 with an
attached recon that sees the target), DW-23 (Shield: 2D6 per generator against gunnery, rockets,
torpedoes, AA, CC and tiny flyers; 4-5 cancel one hit, 6 two and a new die; a 4 does nothing
against rockets and torpedoes).

DW-4.1 calls gunnery, rockets, torpedoes and bombs together "ordnance": `aim_problem` and `aim`
bring any of them to bear on one target with every rule above and the geometry of DW-28.6 to
DW-28.8 (range band, arc or channel, line of sight, partial cover never halved twice, woods,
the height limits of DW-14.6), and give the dice and the number needed.

Every function is pure and keeps each die. The attacks themselves use `combat.roll_attack`;
what is left after cancellation goes to `damage.resolve_damage`.
"""

from __future__ import annotations

import enum
from collections import deque
from collections.abc import Mapping, Sequence
from typing import Final

from attrs import frozen

from engine.dice import DiceSource
from engine.dystopian.combat import (
    HitNumber,
    Shooter,
    Target,
    hit_number,
    hit_problem,
    weapon_ad,
    weapon_problem,
)
from engine.dystopian.dice import DieRoll, PoolRoll, roll_d6, roll_pool
from engine.dystopian.geometry import (
    AA_REACH,
    BOMB_REACH,
    CC_REACH,
    Arc,
    Channel,
    Cover,
    Level,
    Piece,
    RangeBand,
    arc_cover,
    channel_cover,
    indirect_fire_problem,
    ordnance_height_problem,
    range_band,
)
from engine.dystopian.los import (
    Sight,
    ad_cover,
    line_of_sight,
    spotter_problem,
    torpedo_path_clear,
    woods_problem,
    woods_threshold,
)
from engine.dystopian.models import Arc as CardArc
from engine.dystopian.models import Domain, ModelCard, Size, Weapon, WeaponKind
from engine.dystopian.terrain import Board, blast_hexes, blast_victims, mine_cc_reach
from engine.hexes import Hex

__all__ = [
    "AUX_THRESHOLDS",
    "CHAIN_THRESHOLD",
    "TINY_AA_REACH",
    "TINY_CC_REACH",
    "Aim",
    "Aux",
    "AuxTarget",
    "Cancellation",
    "ChainRoll",
    "Fire",
    "MineBlast",
    "MineSweep",
    "WingFire",
    "aim",
    "aim_problem",
    "aux_need",
    "aux_problem",
    "aux_target",
    "bomb_cover",
    "bomb_need",
    "bomb_problem",
    "cancel_hits",
    "detonate",
    "indirect_need",
    "indirect_problem",
    "mine_drop_problem",
    "mine_need",
    "responder_problem",
    "shield_cancel",
    "shield_problem",
    "sweep_mine",
    "sweep_problem",
    "torpedo_problem",
    "wing_fire",
]


class Aux(enum.StrEnum):
    """DW-18.2: the two auxiliary systems."""

    AA = "aa"
    CC = "cc"


class AuxTarget(enum.StrEnum):
    """DW-15.4: what an auxiliary system fires at (the columns of its table)."""

    FLYER = "flyer"
    SMALL_FLYER = "small-flyer"
    DIVER = "diver"
    SMALL_DIVER = "small-diver"
    ROCKETS = "rockets"
    TORPEDOES = "torpedoes"
    BOARDERS = "boarders"
    MINE = "mine"


_A, _T = Aux, AuxTarget
AUX_THRESHOLDS: Final[dict[tuple[Aux, AuxTarget], int]] = {
    (_A.AA, _T.FLYER): 4,
    (_A.AA, _T.SMALL_FLYER): 5,
    (_A.AA, _T.ROCKETS): 5,
    (_A.AA, _T.BOARDERS): 5,
    (_A.CC, _T.DIVER): 4,
    (_A.CC, _T.SMALL_DIVER): 5,
    (_A.CC, _T.TORPEDOES): 5,
    (_A.CC, _T.MINE): 5,
}
"""DW-15.4 / DW-27 item 18: the auxiliary hit numbers; a missing pair cannot be engaged."""
TINY_AA_REACH: Final = 2
"""DW-18.4: a tiny flyer's AA reaches 4" (2 hexes)."""
TINY_CC_REACH: Final = 1
"""DW-18.4: a tiny flyer's CC reaches 2" (1 hex)."""
CHAIN_THRESHOLD: Final = 5
"""DW-18.6: another mine in a blast goes off on 5-6."""
_FLYER_ON_FLYER: Final = 5
_BOMBARD: Final = 5
_INDIRECT: Final = 6


def aux_problem(
    aux: Aux,
    what: AuxTarget,
    distance: int,
    *,
    level: Level,
    tiny: bool = False,
    reach: int | None = None,
) -> str:
    """DW-18.2 / DW-18.4 / DW-15.4: why this AA or CC cannot fire at ``what`` there, or "".

    ``level`` is the firing model's; ``tiny`` a tiny-flyer wing's shorter reach; ``reach`` the
    model's own (DW-24 Telescopic Zoom, `more_mars.aa_reach`), when given.
    """
    if (aux, what) not in AUX_THRESHOLDS:
        return "Ack-Ack fires at flyers, rockets and boarders; charges at divers, torpedoes, mines."
    if level is Level.SUBMERGED:
        return "Ack-Ack and charges cannot be used while submerged."
    if aux is Aux.AA:
        reach = reach or (TINY_AA_REACH if tiny else AA_REACH)
        if distance > reach:
            return f"Ack-Ack reaches only {reach} hexes."
    else:
        reach = reach or (TINY_CC_REACH if tiny else CC_REACH)
        if distance > reach:
            return f"Charges reach only {reach} hexes."
    return ""


def aux_need(aux: Aux, what: AuxTarget) -> HitNumber:
    """DW-15.4: the number AA or CC needs; they ignore Small, Fast and Elusive (DW-15.5).

    Raises:
        KeyError: that system cannot engage that target (`aux_problem` says so first).
    """
    threshold = AUX_THRESHOLDS[aux, what]
    return HitNumber(threshold, reasons=(f"{aux.value.upper()} at {what.value}: {threshold}+.",))


def aux_target(aux: Aux, card: ModelCard) -> AuxTarget:
    """DW-15.4: the column for a model: Small or Tiny flyers and divers are hit on 5-6."""
    small = card.size in {Size.TINY, Size.SMALL}
    if aux is Aux.AA:
        return AuxTarget.SMALL_FLYER if small else AuxTarget.FLYER
    return AuxTarget.SMALL_DIVER if small else AuxTarget.DIVER


def responder_problem(
    *, same_squadron: bool, to_target: int, to_attacker: int, reach: int = AA_REACH
) -> str:
    """DW-18.2: why a model may not answer a direct threat with AA or CC, or "".

    Only the attacked model's squadron answers, each model in range of the target or of the
    attacker (``reach``: `AA_REACH` or `CC_REACH`).
    """
    if not same_squadron:
        return "Only the attacked model's own squadron may answer."
    if min(to_target, to_attacker) > reach:
        return "Too far from both the target and the attacker."
    return ""


@frozen
class Cancellation:
    """DW-18.3: AA against rockets or CC against torpedoes: each pool's dice and what is left.

    Attributes:
        hits: the attack's hits before cancellation.
        rolls: each responding pool (separate or linked), in order; each 5 cancels 1 hit, each 6
            cancels 2 and adds a die.
    """

    hits: int
    rolls: tuple[PoolRoll, ...]

    @property
    def cancelled(self) -> int:
        """The hits cancelled, at most the attack's hits."""
        return min(self.hits, sum(roll.hits for roll in self.rolls))

    @property
    def remaining(self) -> int:
        """DW-18.3 step 5: what is compared with DR and CR."""
        return self.hits - self.cancelled


def cancel_hits(dice: DiceSource, hits: int, pools: Sequence[int]) -> Cancellation:
    """DW-18.3: roll each responding AA or CC pool at 5-6 and cancel ``hits``.

    ``pools`` are the dice of each separate response (a linked response is one pool, from
    `combat.linked_ad`). Every pool is rolled, as declared, even once all hits are gone.
    """
    return Cancellation(hits, tuple(roll_pool(dice, n, 5) for n in pools))


def shield_problem(weapon: WeaponKind | None) -> str:
    """DW-23 Shield: why a shield does not work against this attack, or "".

    ``weapon`` None stands for AA, CC and tiny-flyer attacks, which shields do stop; bombs and
    mines (and boarding and generators, which never come here) they do not.
    """
    if weapon in {WeaponKind.BOMB, WeaponKind.MINE}:
        return "Shields do not stop bombs or mines."
    return ""


def shield_cancel(
    dice: DiceSource, hits: int, shields: int, weapon: WeaponKind | None
) -> Cancellation:
    """DW-23 Shield: 2D6 per Shield generator; 4-5 cancel 1 hit, 6 cancels 2 and rolls again.

    Against rockets and torpedoes a 4 cancels nothing. Check `shield_problem` first. Shields
    are passive: they work even after a contact.
    """
    threshold = 5 if weapon in {WeaponKind.ROCKET, WeaponKind.TORPEDO} else 4
    return Cancellation(hits, (roll_pool(dice, 2 * shields, threshold),))


@frozen
class WingFire:
    """DW-18.4: AA at a tiny-flyer wing: natural 6s destroy tokens, other hits abort."""

    roll: PoolRoll

    @property
    def destroyed(self) -> int:
        """One token per natural 6 (its two hits ignored)."""
        return sum(1 for die in self.roll.dice if die.face == 6)  # noqa: PLR2004 - natural six

    @property
    def abort_hits(self) -> int:
        """The hits of the other dice, which count towards an Abort (DW-20.7)."""
        return sum(die.hits for die in self.roll.dice if die.face != 6)  # noqa: PLR2004


def wing_fire(dice: DiceSource, aa: int) -> WingFire:
    """DW-18.4: roll ``aa`` dice at a wing on 5-6 (each 6's new die is at another token)."""
    return WingFire(roll_pool(dice, aa, AUX_THRESHOLDS[Aux.AA, AuxTarget.SMALL_FLYER]))


# ---- torpedoes and bombs (DW-18.1, DW-18.5) -----------------------------------------------------


def torpedo_problem(
    board: Board,
    shooter: int,
    target: int,
    *,
    land: bool = False,
    target_land: bool = False,
) -> str:
    """DW-18.1 / DW-28.8: why a torpedo from piece ``shooter`` cannot reach ``target``, or "".

    Naval torpedoes (``land`` False; fired by ships, submarines or torpedo bombers) touch neither
    flyers nor land models (``target_land``) and need a path clear of models and terrain. Land
    torpedoes pass through anything but touch only land models.
    """
    aim = board.pieces[target]
    if land:
        if not target_land:
            return "Land torpedoes affect only land models."
        return ""
    if aim.level.airborne:
        return "Torpedoes have no effect on flyers."
    if target_land:
        return "Naval torpedoes have no effect on land models."
    if not torpedo_path_clear(board, shooter, target):
        return "The torpedoes' path is blocked by a model or terrain."
    return ""


def bomb_problem(shooter: Piece, target: Piece, target_size: Size) -> str:
    """DW-18.5 / DW-28.6: why a flyer in ``shooter`` cannot bomb ``target``, or "".

    Only flyers bomb; the target is in the aft channel at d <= 2; a flyer bombs another flyer
    only if it is Large or Massive.
    """
    if not shooter.level.airborne:
        return "Only flyers drop bombs."
    if target.level.airborne and target_size not in {Size.LARGE, Size.MASSIVE}:
        return "A flyer can bomb only Large or Massive flyers."
    if bomb_cover(shooter, target) is Cover.NONE:
        return "Bombs fall only on targets within 2 hexes astern."
    return ""


def bomb_cover(shooter: Piece, target: Piece) -> Cover:
    """DW-18.5 / DW-28.6: the aft channel to d <= 2, half AD on its edge.

    Models and terrain in between are ignored.
    """
    if shooter.hex.distance(target.hex) > BOMB_REACH:
        return Cover.NONE
    return channel_cover(Channel.AFT, shooter.hex, shooter.facing, target.hex)


def bomb_need(target: Piece) -> tuple[int, ...]:
    """DW-18.5: the extra hit numbers for `combat.hit_number`: 5-6 against a flyer."""
    return (_FLYER_ON_FLYER,) if target.level.airborne else ()


# ---- mines (DW-18.6, DW-28.10) ------------------------------------------------------------------


def mine_drop_problem(*, chaos: bool, dropped: bool, weapon: Weapon | None) -> str:
    """DW-18.6 / DW-16.2: why a model cannot drop a mine now, or "".

    It needs a mine weapon, has not dropped one this activation and has no Chaos & Disarray.
    """
    if weapon is None or weapon.kind is not WeaponKind.MINE:
        return "This model carries no mines."
    if chaos:
        return "Chaos and disarray aboard: no mines."
    if dropped:
        return "Only one mine may be dropped per activation."
    return ""


def mine_need(*, flyer_on_flyer: bool = False) -> HitNumber:
    """DW-18.6: mines hit on 4+ whatever the target's size or speed; flyer on flyer 5-6."""
    if flyer_on_flyer:
        return HitNumber(_FLYER_ON_FLYER, reasons=("Mine from a flyer onto a flyer: 5+.",))
    return HitNumber()


@frozen
class ChainRoll:
    """DW-18.6: the D6 for another mine under a blast: it goes off on 5-6."""

    mine: Hex
    die: DieRoll

    @property
    def goes_off(self) -> bool:
        """5-6: it explodes too, whoever owns it."""
        return self.die.value >= CHAIN_THRESHOLD


@frozen
class MineBlast:
    """DW-18.6 / DW-28.10: one mine going off: its roll, who takes the full hits, the chain.

    Attributes:
        mine: the mine's hex.
        roll: its AD rolled once, on 4+ (no Small, Fast or Elusive).
        victims: the pieces in the blast; each takes all the hits (`damage.resolve_damage`).
        chain: the D6 for every other live mine in the blast.
    """

    mine: Hex
    roll: PoolRoll
    victims: tuple[int, ...]
    chain: tuple[ChainRoll, ...] = ()

    @property
    def hits(self) -> int:
        """The full hits every victim takes."""
        return self.roll.hits


def detonate(
    dice: DiceSource, board: Board, first: Hex, mines: Mapping[Hex, int]
) -> tuple[MineBlast, ...]:
    """DW-18.6 / DW-28.10: set off the mine in ``first`` and every mine it chains, in order.

    ``mines`` maps each live mine's hex to its AD. Each blast rolls its AD once; then one D6 for
    each other live mine in the blast (5-6: it goes off next, on its own). A mine that went off
    is gone and is not rolled for again. The turn machine removes the mines and deals the hits.
    """
    live = dict(mines)
    queue: deque[Hex] = deque([first])
    blasts: list[MineBlast] = []
    while queue:
        where = queue.popleft()
        ad = live.pop(where)
        roll = roll_pool(dice, ad)
        victims = blast_victims(board, where)
        chained = []
        for other in blast_hexes(where):
            if other in live and other not in queue:
                chain = ChainRoll(other, roll_d6(dice))
                chained.append(chain)
                if chain.goes_off:
                    queue.append(other)
        blasts.append(MineBlast(where, roll, victims, tuple(chained)))
    return tuple(blasts)


def sweep_problem(distance: int, *, level: Level, cc: int) -> str:
    """DW-18.6 / DW-28.10: why CC cannot fire at a mine (d = 1-2, end of move, surfaced), or ""."""
    if cc <= 0:
        return "It has no charges left."
    if level is Level.SUBMERGED:
        return "Charges cannot be used while submerged."
    if not mine_cc_reach(distance):
        return "Charges reach a mine only 1 or 2 hexes away."
    return ""


@frozen
class MineSweep:
    """DW-18.6: CC fired at a mine on 5-6: it is destroyed if the hits reach its AD."""

    mine_ad: int
    roll: PoolRoll

    @property
    def destroyed(self) -> bool:
        """The hits reach the mine's AD; otherwise they are lost."""
        return self.roll.hits >= self.mine_ad


def sweep_mine(dice: DiceSource, cc: int, mine_ad: int) -> MineSweep:
    """DW-18.6: roll ``cc`` dice (one pool: separate or combined) at a mine of ``mine_ad``."""
    return MineSweep(mine_ad, roll_pool(dice, cc, AUX_THRESHOLDS[Aux.CC, AuxTarget.MINE]))


# ---- indirect fire (DW-18.7) --------------------------------------------------------------------


def _bombard(weapon: Weapon) -> bool:
    return weapon.has("bombard")


def indirect_problem(  # noqa: PLR0911 - one guard per rule
    board: Board,
    target: int,
    weapon: Weapon,
    target_card: ModelCard,
    distance: int,
    *,
    spotter: int | Piece | None,
    forward_observer: bool = False,
) -> str:
    """DW-18.7 / DW-28.7 / DW-27 item 4: why ``weapon`` cannot fire indirectly, or "".

    Args:
        board: The terrain and pieces (for the spotter's sight).
        target: The target piece's index.
        weapon: A primary, or a weapon with the Bombard MAR.
        target_card: The target's card: only Capital models or Fortifications.
        distance: Shooter to target, hexes: 9-16 (Forward Observer Bombards: 5-8 too).
        spotter: The piece that spots: a Spotter-MAR model not flying high, or a recon wing
            (the caller checks which piece qualifies; a wing is a `Piece` of its own, not on
            the board); None without one.
        forward_observer: The firing model has Forward Observer.
    """
    if weapon.kind is not WeaponKind.PRIMARY and not _bombard(weapon):
        return "Only primary guns and bombards can fire indirectly."
    if not (target_card.capital or target_card.is_fortification):
        return "Indirect fire can target only Capital models or fortifications."
    observer = forward_observer and _bombard(weapon)
    problem = indirect_fire_problem(distance, forward_observer=observer)
    if problem:
        return problem
    if observer and distance <= 8:  # noqa: PLR2004 - RB2, the Forward Observer's own band
        return ""
    if spotter is None:
        return "Indirect fire needs a spotter that sees the target."
    eye = spotter if isinstance(spotter, Piece) else board.pieces[spotter]
    if eye.level is Level.OBSCURED:
        return "A spotter flying high cannot spot."
    return spotter_problem(board, spotter, target)


def indirect_need(weapon: Weapon, *, recon: bool = False) -> HitNumber:
    """DW-18.7: indirect fire hits on a natural 6, a Bombard on 5-6; +1 with a recon attached.

    Without the recon a 6 needs no modifier, so a plain threshold of 6 is a natural 6; with it
    the +1 reaches 5s (Bombards 4s), as the rule says.
    """
    threshold = _BOMBARD if _bombard(weapon) else _INDIRECT
    reasons = [f"Indirect fire: {threshold}+."]
    if recon:
        reasons.append("Recon attached: +1.")
    return HitNumber(threshold, 1 if recon else 0, reasons=tuple(reasons))


# ---- the whole aim of one weapon at one target (DW-4.1 ordnance: guns, rockets, torpedoes, bombs)


@frozen
class Aim:
    """DW-15 / DW-28.6-28.8: one weapon brought to bear on one target: what it rolls and needs.

    Attributes:
        distance: hexes from the shooter to the target.
        band: the range band.
        cover: full or half AD (arc or channel and sight, never halved twice; bombs: channel).
        ad: the dice after hull damage, Half AD, cover and contact (`combat.weapon_ad`).
        need: the hit number (`combat.hit_number`, woods and flyer-bombing included; indirect
            fire: `indirect_need`).
        indirect: fired indirectly through a spotter (DW-18.7).
    """

    distance: int
    band: RangeBand
    cover: Cover
    ad: int
    need: HitNumber
    indirect: bool = False


def _arc_cover(weapon: Weapon, shooter: Piece, target: Piece) -> Cover:
    """DW-28.6: the weapon's arc or fixed channel at the target; a P/S broadside is either side."""
    arc = weapon.arc
    if arc is CardArc.BROADSIDE:
        covers = {
            arc_cover(side, shooter.hex, shooter.facing, target.hex)
            for side in (Arc.PORT, Arc.STARBOARD)
        }
        for best in (Cover.FULL, Cover.HALF):
            if best in covers:
                return best
        return Cover.NONE
    if arc.is_channel:
        return channel_cover(Channel(arc.value), shooter.hex, shooter.facing, target.hex)
    if arc is CardArc.DROPPED:
        return Cover.NONE
    return arc_cover(Arc(arc.value), shooter.hex, shooter.facing, target.hex)


@frozen
class Fire:
    """Who fires what at whom, for `aim_problem` and `aim` (indices are the board's pieces).

    Attributes:
        shooter: the firing piece's index; target: the target's index.
        model: the firing model's view; aim: the target's view; weapon: the weapon fired.
        spotter: for indirect fire, the spotting piece's index (a Spotter-MAR model) or a token
            of its own (a recon wing, not one of the board's pieces).
        indirect: fire indirectly (DW-18.7).
        recon: an attached recon wing sees the target (+1, DW-18.7).
        camouflage: hexes of Camouflage areas (DW-28.10).
    """

    shooter: int
    target: int
    model: Shooter
    aim: Target
    weapon: Weapon
    spotter: int | Piece | None = None
    indirect: bool = False
    recon: bool = False
    camouflage: frozenset[Hex] = frozenset()


def _direct_problem(board: Board, fire: Fire, distance: int) -> str:
    """DW-14.6, DW-18.1, DW-18.5, DW-28.6, DW-28.8: height, path, arc, sight and woods."""
    a, b = board.pieces[fire.shooter], board.pieces[fire.target]
    weapon, model, aim = fire.weapon, fire.model, fire.aim
    height = ordnance_height_problem(
        a.level,
        b.level,
        distance,
        target_diving=aim.card.is_diving,
        torpedo=weapon.usable_submerged,
        towering_primary=weapon.kind is WeaponKind.PRIMARY and model.card.has("towering"),
    )
    if height:
        return height
    if weapon.kind is WeaponKind.BOMB:
        return bomb_problem(a, b, aim.card.size)
    if weapon.kind is WeaponKind.TORPEDO:
        land = model.card.domain is Domain.LAND
        problem = torpedo_problem(
            board, fire.shooter, fire.target, land=land, target_land=aim.card.domain is Domain.LAND
        )
        if problem:
            return problem
    if _arc_cover(weapon, a, b) is Cover.NONE:
        return "The target is not in that weapon's arc."
    if line_of_sight(board, fire.shooter, fire.target, camouflage=fire.camouflage).sight is (
        Sight.BLOCKED
    ):
        return "The target cannot be seen."
    return woods_problem(board, a.hex, b.hex)


def aim_problem(board: Board, fire: Fire) -> str:  # noqa: PLR0911 - one guard per rule
    """DW-15 / DW-18 / DW-28.6-28.8: why ``fire`` cannot be declared, or "".

    In order: the target (`combat.hit_problem`), the weapon (`combat.weapon_problem`), range,
    a dash on the card, then for direct fire the height limits, bomb and torpedo rules, arc,
    sight and woods; for indirect fire `indirect_problem` and the arc.
    """
    problem = hit_problem(fire.model, fire.aim, fire.weapon) or weapon_problem(
        fire.model, fire.weapon
    )
    if problem:
        return problem
    a, b = board.pieces[fire.shooter], board.pieces[fire.target]
    distance = a.hex.distance(b.hex)
    band = range_band(distance)
    if band is None:
        return "The target is out of range."
    if not fire.weapon.ad_at(band):
        return "That weapon cannot fire at that range."
    if fire.indirect:
        problem = indirect_problem(
            board,
            fire.target,
            fire.weapon,
            fire.aim.card,
            distance,
            spotter=fire.spotter,
            forward_observer=fire.model.card.has("forward_observer"),
        )
        if problem:
            return problem
        if _arc_cover(fire.weapon, a, b) is Cover.NONE:
            return "The target is not in that weapon's arc."
        return ""
    return _direct_problem(board, fire, distance)


def aim(board: Board, fire: Fire, *, extra: Sequence[int] = (), mod: int = 0) -> Aim:
    """DW-15 / DW-18 / DW-28.6-28.8: the dice and hit number of an allowed ``fire``.

    ``extra`` and ``mod`` are hit numbers and modifiers from cards. Bombs take the channel's
    cover and ignore sight; indirect fire takes the arc's cover only.

    Raises:
        ValueError: `aim_problem` objects.
    """
    problem = aim_problem(board, fire)
    if problem:
        raise ValueError(problem)
    a, b = board.pieces[fire.shooter], board.pieces[fire.target]
    distance = a.hex.distance(b.hex)
    band = range_band(distance)
    assert band is not None  # noqa: S101 - aim_problem checked the range
    weapon = fire.weapon
    if weapon.kind is WeaponKind.BOMB:
        cover = bomb_cover(a, b)
    elif fire.indirect:
        cover = _arc_cover(weapon, a, b)
    else:
        sight = line_of_sight(board, fire.shooter, fire.target, camouflage=fire.camouflage)
        cover = ad_cover(_arc_cover(weapon, a, b), sight.sight)
    ad = weapon_ad(fire.model, weapon, band, cover)
    if fire.indirect:
        need = indirect_need(weapon, recon=fire.recon)
        need = HitNumber(need.threshold, need.mod + mod, need.natural_only, need.reasons)
        return Aim(distance, band, cover, ad, need, indirect=True)
    numbers = list(extra)
    woods = woods_threshold(board, b.hex)
    if woods is not None:
        numbers.append(woods)
    if weapon.kind is WeaponKind.BOMB:
        numbers.extend(bomb_need(b))
    need = hit_number(fire.model, fire.aim, weapon, band, extra=numbers, mod=mod)
    return Aim(distance, band, cover, ad, need)
