"""Dystopian Wars MARs that change one attack: its dice, its roll, the target, the damage (DW-24).

Rules (DW-24's table; a "(weapon)" MAR printed on the card applies to all its weapons):

- Pack Hunters (weapon): an attack that includes 2 or more models with it gets +1 AD for each
  such model after the first.
- Ground Clamps: anchored (at All Stop) it cannot move, be moved or rotate
  (`engine.dystopian.state.DWState.mover`) and gets +1 AD on each weapon (DW-27 item 11; a
  linked attack +1 for each anchored model in it [INTERP]).
- Rugged Construction: anything attacking it rolls 1 fewer AD, after splitting, linking or
  combining.
- Devastating Ordnance (weapon): each 6 on the **first** roll of the attack gives 2 extra dice
  instead of 1; 6s on the extra dice give just 1.
- Invincible: immune to torpedoes and rockets (their MARs included).
- Armoured Belly / Armoured Topside: +1 CR against attacks from a lower / higher height level.
- Destructive Ordnance (weapon): hits that reach the DR cause a critical roll, as if the CR had
  been reached; otherwise the damage is resolved normally.
- Incendiary Rounds (weapon): hits that reach the DR place 1 Fire marker; several such models
  linking still give at most one.
- Lethal Strike (weapon): hits that reach the DR cost the target 1 AP as well, at most 1 even
  with several linked Lethal Strike models.
- Corrosive (weapon): hits that reach the DR place 1 Corrosion marker, 2 when they reach the CR
  (the End Phase rolls them: `engine.dystopian.repair_segment`).
- Hard Impact (weapon): hits that reach the DR push the target 2" (1 hex, DW-28.3) directly
  away from the attacker, which may cause a collision (`hard_impact`).
- Terror Weapon (weapon): an attack that includes it and reaches the target's CR makes the
  target take an immediate break check (DW-10.2).

The combat segment (`engine.dystopian.combat_segment`) asks these for each declared attack of the
turn machine. Adopted readings [INTERP]: the height levels, lowest first, are submerged, surface,
flying and obscured (DW-1's three layers, obscured above flying); a linked attack's weapon MARs
are those of any weapon in it ("an attack that includes"); Destructive Ordnance against a model
of starting HP 2 or less costs the 2 HP of DW-16.1 instead of the roll; the Terror Weapon's check
is the target's own (its squadron's modifiers, DW-10.3), broken on a failure. Left out: the AA
and CC counter-attacks and boardings (DW-24 names "counter-attacks" for Rugged Construction,
Armoured Belly and Topside and Pack Hunters: only weapon attacks use them here).

Every function but `terror_check` and `hard_impact` (which raise their events) is pure and keeps
each die.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

import attrs
from attrs import frozen

from engine.dice import DiceSource
from engine.dystopian.combat import AttackRoll, HitNumber, roll_attack
from engine.dystopian.context import Ctx
from engine.dystopian.damage import (
    CRITICAL_HP,
    DamageOutcome,
    Hull,
    HullDamage,
    Marker,
    resolve_damage,
    roll_critical,
)
from engine.dystopian.dice import roll_pool
from engine.dystopian.events import (
    AttackRolled,
    AttackSource,
    CheckKind,
    LossCause,
    ModelDisplaced,
    ModelLost,
    MoraleChecked,
)
from engine.dystopian.geometry import Level
from engine.dystopian.models import ModelCard, Weapon, WeaponKind
from engine.dystopian.morale import check_plan, roll_check
from engine.dystopian.movement import displace, push_hexes
from engine.dystopian.ramming import resolve_collision, resolve_terrain
from engine.dystopian.state import DWState

__all__ = [
    "HEIGHT",
    "Armed",
    "MarOutcome",
    "anchored",
    "attack_ad",
    "hard_impact",
    "has_weapon_mar",
    "hull_against",
    "immune",
    "roll_with_mars",
    "strike",
    "terror_check",
]

Armed = tuple[ModelCard, Weapon]
"""One model's card and the weapon it fires in an attack."""

HEIGHT: Final = {Level.SUBMERGED: 0, Level.SURFACE: 1, Level.FLYING: 2, Level.OBSCURED: 3}
"""[INTERP] The height levels, lowest first (Armoured Belly and Topside)."""

_SMALL_HULL: Final = 2
"""DW-16.1: a model of starting HP 2 or less rolls no critical."""


def has_weapon_mar(card: ModelCard, weapon: Weapon, mar: str) -> bool:
    """DW-24: a "(weapon)" MAR tied to this weapon, or printed on the card for all of them."""
    return weapon.has(mar) or card.has(mar)


def _any(armed: Sequence[Armed], mar: str) -> bool:
    return any(has_weapon_mar(card, weapon, mar) for card, weapon in armed)


def anchored(state: DWState, models: Sequence[int]) -> int:
    """DW-24 Ground Clamps: how many of ``models`` are anchored (the MAR and All Stop)."""
    return sum(
        1
        for index in models
        if state.card(index).has("ground_clamps") and state.models[index].markers.all_stop
    )


def attack_ad(ad: int, armed: Sequence[Armed], target: ModelCard, *, clamped: int = 0) -> int:
    """DW-24 Pack Hunters, Ground Clamps and Rugged Construction: the AD of one attack.

    ``ad`` is the pool already linked (DW-17.1) or the split share (DW-17.3); ``clamped`` the
    anchored models firing in it (`anchored`).
    """
    hunters = sum(has_weapon_mar(card, weapon, "pack_hunters") for card, weapon in armed)
    if hunters >= 2:  # noqa: PLR2004 - "2+ models with this MAR"
        ad += hunters - 1
    ad += clamped  # DW-27 item 11: +1 AD on each weapon while clamped
    if target.has("rugged_construction"):
        ad = max(0, ad - 1)
    return ad


def roll_with_mars(
    dice: DiceSource, ad: int, need: HitNumber, armed: Sequence[Armed]
) -> AttackRoll:
    """DW-2.1 / DW-24 Devastating Ordnance: the pool, each first-roll 6 adding a second die.

    The pool explodes as usual (`combat.roll_attack`); with Devastating Ordnance one more die is
    rolled for each natural 6 among the first ``ad`` dice, exploding as usual in turn. Its dice
    follow the pool's in the record.
    """
    rolled = roll_attack(dice, ad, need)
    if not _any(armed, "devastating_ordnance"):
        return rolled
    sixes = sum(1 for die in rolled.roll.dice[:ad] if die.face == 6)  # noqa: PLR2004 - a six
    if not sixes:
        return rolled
    extra = roll_pool(dice, sixes, need.threshold, need.mod, natural_only=need.natural_only)
    merged = attrs.evolve(rolled.roll, dice=rolled.roll.dice + extra.dice)
    return AttackRoll(ad, need, merged)


def immune(target: ModelCard, weapon: Weapon) -> bool:
    """DW-24 Invincible: torpedoes and rockets do nothing to it."""
    return target.has("invincible") and weapon.kind in {WeaponKind.ROCKET, WeaponKind.TORPEDO}


def hull_against(hull: Hull, attacker: Level, target: Level) -> Hull:
    """DW-24 Armoured Belly / Topside: +1 CR against an attacker lower / higher than it."""
    card = hull.card
    lower = HEIGHT[attacker] < HEIGHT[target] and card.has("armoured_belly")
    higher = HEIGHT[attacker] > HEIGHT[target] and card.has("armoured_topside")
    if not (lower or higher):
        return hull
    return attrs.evolve(hull, card=attrs.evolve(card, cr=card.cr + 1))


@frozen
class MarOutcome(DamageOutcome):
    """One attack's damage with what its weapon MARs add: AP lost and markers (DW-24)."""

    extra_ap: int = 0
    extra_markers: tuple[Marker, ...] = ()

    @property
    def ap_lost(self) -> int:
        """The criticals' AP and Lethal Strike's."""
        return super().ap_lost + self.extra_ap

    @property
    def markers(self) -> tuple[Marker, ...]:
        """The criticals' markers, then Incendiary Rounds' fire and Corrosive's corrosion."""
        return super().markers + self.extra_markers


def _destructive(dice: DiceSource, hull: Hull, hits: int, *, reroll: bool) -> DamageOutcome:
    """DW-24 Destructive Ordnance: DR reached but not CR: one critical instead of 1 HP."""
    if hull.card.hp <= _SMALL_HULL:
        return DamageOutcome(hull, HullDamage(hits, CRITICAL_HP, 0))
    critical = roll_critical(dice, hull, reroll=reroll)
    return DamageOutcome(hull, HullDamage(hits, 0, 1), (critical,))


def strike(
    dice: DiceSource, hull: Hull, hits: int, armed: Sequence[Armed], *, reroll: bool = False
) -> DamageOutcome:
    """DW-16.1 with DW-24's weapon MARs: the damage, criticals and MAR effects of ``hits``.

    ``reroll``: the attacker's Vulnerable re-roll of a critical (DW-24, `damage.roll_critical`).
    """
    if _any(armed, "destructive_ordnance") and hull.dr <= hits < hull.cr:
        outcome = _destructive(dice, hull, hits, reroll=reroll)
    else:
        outcome = resolve_damage(dice, hull, hits, reroll=reroll)
    if hits < hull.dr:
        return outcome
    markers: list[Marker] = []
    if _any(armed, "incendiary_rounds"):
        markers.append(Marker.RAGING_FIRE)
    if _any(armed, "corrosive"):
        markers += [Marker.CORROSION] * (2 if hits >= hull.cr else 1)
    lethal = int(_any(armed, "lethal_strike"))
    if not markers and not lethal:
        return outcome
    return MarOutcome(outcome.hull, outcome.comparison, outcome.criticals, lethal, tuple(markers))


def terror_check(ctx: Ctx, target: int, hits: int, hull: Hull, armed: Sequence[Armed]) -> None:
    """DW-24 Terror Weapon: the CR reached, the target takes a break check at once (DW-10)."""
    state = ctx.state
    if hits < hull.cr or not _any(armed, "terror_weapon"):
        return
    model = state.models[target]
    if not model.on_board or model.markers.broken:
        return
    plan = check_plan(state, CheckKind.BREAK, model.squadron, (target,))
    if plan is None:  # DW-10.2: creatures, robots, submarines... take no checks
        return
    rolled = roll_check(ctx.dice, plan)
    ctx.emit(
        MoraleChecked(
            CheckKind.BREAK,
            model.squadron,
            (target,),
            plan.dice,
            plan.needed,
            rolled.faces,
            rolled.successes,
            rolled.passed,
            plan.automatic,
        )
    )


Deal = Callable[[Ctx, int, DamageOutcome], None]
"""The combat segment's `deal` (passed in: this module is below it)."""
HullOf = Callable[[DWState, int], Hull]
"""The combat segment's `hull`."""


def _pool_rolled(
    ctx: Ctx, target: int, source: AttackSource, by: tuple[int, ...], roll: AttackRoll
) -> None:
    pool = roll.roll
    ctx.emit(
        AttackRolled(
            target,
            source,
            by,
            "",
            pool.count,
            pool.threshold,
            pool.mod,
            pool.natural_only,
            pool.faces,
            pool.hits,
        )
    )


def hard_impact(  # noqa: PLR0917 - the attack and the combat segment's two helpers
    ctx: Ctx,
    target: int,
    attacker: int,
    hits: int,
    hull: Hull,
    armed: Sequence[Armed],
    deal: Deal,
    hull_of: HullOf,
) -> None:
    """DW-24 Hard Impact / DW-28.5: hits reaching the DR push the target 1 hex directly away.

    The push (`movement.push_hexes`: the neighbour farthest from the attacker, on a tie the one
    astern of the target; [INTERP] any further tie, the first in the kernel's order, so no seat
    is asked) may cause a collision: into a model at its level, both roll their starting HP
    (DW-12.4); into terrain it cannot enter, the terrain's dice; off the table, it is lost
    (DW-11.1). An Immovable or anchored model is not moved.
    """
    state = ctx.state
    model, there = state.models[target], state.models[attacker].hex
    if hits < hull.dr or not _any(armed, "hard_impact") or there is None:
        return
    if not model.on_board or model.hex is None or state.mover(target).immovable:
        return
    board, indices = state.board()
    at = indices.index(target)
    push = push_hexes(board.pieces[at], there)[:1]
    card = state.card(target)
    land, amphibious = state.mover(target).land, card.has("amphibious_capability")
    moved = displace(board, at, push, land=land, amphibious=amphibious)
    if moved.end != model.hex:
        ctx.emit(ModelDisplaced(target, moved.end))
    contact = moved.contact
    if contact is None:
        if moved.destroyed:
            ctx.emit(ModelLost(target, LossCause.OFF_TABLE))
        return
    if contact.other is None:
        out = resolve_terrain(ctx.dice, hull_of(ctx.state, target), contact.dice)
        _pool_rolled(ctx, target, AttackSource.TERRAIN, (), out.roll)
        deal(ctx, target, out.damage)
        return
    other = indices[contact.other]
    hit = resolve_collision(ctx.dice, hull_of(ctx.state, target), hull_of(ctx.state, other))
    _pool_rolled(ctx, other, AttackSource.COLLISION, (target,), hit.mover_roll)
    _pool_rolled(ctx, target, AttackSource.COLLISION, (other,), hit.other_roll)
    deal(ctx, other, hit.against_other)
    deal(ctx, target, hit.against_mover)
