"""Dystopian Wars rams and collisions: the dice each side rolls, the damage, the fire left after.

Rules: DW-12.4 (a ram: the rammer rolls its RR, never reduced by damage, and the rammed model its
starting HP back at the same time; against the rammed model every full multiple of its DR is a
critical; against the rammer the normal comparison. A collision: each rolls its starting HP,
both compared normally, both may sink. Terrain: Soft 4, Medium 8, Hard 12 dice against the model
itself. Iron Ram halves the dice against a rammer, terrain included. Several rams on one model:
it rolls its HP separately against each rammer and is removed only after all are resolved),
DW-12.3 (the Capital-vs-Small, Fast and Elusive rules do not apply: contact dice hit on 4+), DW-12.5
/ DW-27 item 7 (what a model may still fire after a contact: by size, none after terrain), DW-13.1
(terrain dice), DW-28.5 (contacts recorded by ``movement.walk``: ``movement.Contact``).

The contact itself (who touched whom, ram or collision) is ``movement.contact_kind`` and the
walk's `Contact`; these functions roll its damage after the squadron has moved (DW-12.6 step 2)
and return records with every die. The pools hit on 4+ (`combat.roll_attack` with no modifier)
and go through `damage.resolve_damage`.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
from attrs import frozen

from engine.dice import DiceSource
from engine.dystopian.combat import AttackRoll, ContactFire, halve, roll_attack
from engine.dystopian.damage import DamageOutcome, Hull, resolve_damage
from engine.dystopian.models import ModelCard, Size
from engine.dystopian.movement import ContactKind

__all__ = [
    "ContactOutcome",
    "TerrainOutcome",
    "contact_fire",
    "resolve_collision",
    "resolve_ram",
    "resolve_rams",
    "resolve_terrain",
    "takes_contact_dice",
]

_ALL_DICE_GAP = 2


def takes_contact_dice(card: ModelCard, dice: int, *, rams: bool) -> int:
    """DW-12.4 / DW-24: the dice rolled against ``card``, halved when an Iron Ram rams.

    Halving rounds down, minimum 1; ramming terrain counts.
    """
    return halve(dice) if rams and card.has("iron_ram") else dice


@frozen
class ContactOutcome:
    """DW-12.4: a ram or a collision between two models, every die of both sides.

    Attributes:
        kind: ram or collision.
        mover: the model that moved into contact (the rammer), before the contact.
        other: the model it touched.
        mover_roll: the mover's pool (RR for a ram, starting HP for a collision).
        other_roll: the other's pool (its starting HP; halved against an Iron Ram).
        against_other: what the mover's hits do to the other (a ram: a critical per DR).
        against_mover: what the other's hits do to the mover (normal comparison).
    """

    kind: ContactKind
    mover: Hull
    other: Hull
    mover_roll: AttackRoll
    other_roll: AttackRoll
    against_other: DamageOutcome
    against_mover: DamageOutcome


def resolve_ram(
    dice: DiceSource, rammer: Hull, target: Hull, *, reroll: bool = False
) -> ContactOutcome:
    """DW-12.4: the rammer rolls its RR, the target its starting HP, at the same time.

    Dice order: the rammer's pool, the target's pool, the target's criticals, the rammer's.
    ``reroll`` is the attacker's Vulnerable re-roll on the target's criticals.
    """
    mover_roll = roll_attack(dice, rammer.card.rr)
    back = takes_contact_dice(rammer.card, target.card.collision_dice, rams=True)
    other_roll = roll_attack(dice, back)
    against_other = resolve_damage(dice, target, mover_roll.hits, ram=True, reroll=reroll)
    against_mover = resolve_damage(dice, rammer, other_roll.hits)
    return ContactOutcome(
        ContactKind.RAM, rammer, target, mover_roll, other_roll, against_other, against_mover
    )


def resolve_rams(
    dice: DiceSource, rammers: Sequence[Hull], target: Hull, *, reroll: bool = False
) -> tuple[ContactOutcome, ...]:
    """DW-12.4: several rams on one model, resolved together after the squadron moved.

    The rammed model rolls its starting HP separately against each rammer; the damage piles up
    (each later outcome starts from the damage of the earlier ones) and the model is removed only
    after all of them, so even a sunk target still rolls back at every rammer.
    """
    outcomes = []
    hull = target
    for rammer in rammers:
        outcome = resolve_ram(dice, rammer, hull, reroll=reroll)
        outcomes.append(outcome)
        hull = attrs.evolve(hull, damage=hull.damage + outcome.against_other.hp_lost)
    return tuple(outcomes)


def resolve_collision(dice: DiceSource, mover: Hull, other: Hull) -> ContactOutcome:
    """DW-12.4: each model rolls its starting HP against the other; both compared normally.

    Also a reverse into another model's bow (DW-12.2), any friendly contact, a contact by a
    model with RR 0 and a displaced piece running into another (DW-28.5). Dice order: the
    mover's pool, the other's, the other's criticals, the mover's.
    """
    mover_roll = roll_attack(dice, mover.card.collision_dice)
    other_roll = roll_attack(dice, other.card.collision_dice)
    against_other = resolve_damage(dice, other, mover_roll.hits)
    against_mover = resolve_damage(dice, mover, other_roll.hits)
    return ContactOutcome(
        ContactKind.COLLISION, mover, other, mover_roll, other_roll, against_other, against_mover
    )


@frozen
class TerrainOutcome:
    """DW-12.4 / DW-13.1: terrain's dice against a model that rammed or hit it."""

    model: Hull
    roll: AttackRoll
    damage: DamageOutcome


def resolve_terrain(
    dice: DiceSource, model: Hull, terrain_dice: int, *, rammed: bool = False
) -> TerrainOutcome:
    """DW-12.4 / DW-13.1: roll the terrain's dice (``Contact.dice``: 4, 8 or 12) at the model.

    ``rammed``: the contact was a declared ram, so an Iron Ram halves the dice.
    """
    roll = roll_attack(dice, takes_contact_dice(model.card, terrain_dice, rams=rammed))
    return TerrainOutcome(model, roll, resolve_damage(dice, model, roll.hits))


def contact_fire(size: Size, other: Size | None) -> ContactFire:
    """DW-12.5 / DW-27 item 7: what a model of ``size`` may fire after touching ``other``.

    None after terrain (``other`` None) or a larger model; half dice against one of its own class
    or one class smaller (Small against Small too); all dice against one two or more classes
    smaller (Massive on Medium or Small, Large on Small).
    """
    if other is None or other.rank > size.rank:
        return ContactFire.NONE
    if size.rank - other.rank >= _ALL_DICE_GAP:
        return ContactFire.ALL
    return ContactFire.HALF
