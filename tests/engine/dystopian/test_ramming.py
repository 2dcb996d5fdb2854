"""Dystopian Wars rams and collisions: the dice, the damage, the fire left afterwards.

Rules: DW-12.3, DW-12.4 (worked example), DW-12.5, DW-13.1, DW-24 (Iron Ram), DW-27 item 7,
DW-28.13 items 7 and 17.
"""

from __future__ import annotations

import attrs
import pytest

from engine.dice import ScriptedDice
from engine.dystopian.combat import ContactFire
from engine.dystopian.damage import Critical, Hull
from engine.dystopian.models import MarRef, ModelCard, Size
from engine.dystopian.movement import ContactKind
from engine.dystopian.ramming import (
    contact_fire,
    resolve_collision,
    resolve_ram,
    resolve_rams,
    resolve_terrain,
    takes_contact_dice,
)
from tests.engine.dystopian._assets import models


def card(ident: str) -> ModelCard:
    return models()[ident]


def dreadnought(*mars: str) -> ModelCard:
    """DW-28.12 (a): the seed's dreadnought: RR 7, DR 7 (the rest from the Bastion card)."""
    return attrs.evolve(card("BB"), rr=7, dr=7, cr=10, mars=tuple(MarRef(m) for m in mars))


# The cruiser's 4D6 back: 6, 6, 4, 4 and the two extra dice 1, 4: 2 + 2 + 1 + 1 + 0 + 1 = 7.
CRUISER_SEVEN = [6, 6, 4, 4, 1, 4]


def test_ram_example_one_critical() -> None:
    """DW-12.4 example: RR 7 into a DR 4 cruiser scores 5 hits: 1 critical.

    The cruiser's 4D6 score 7 against the dreadnought's DR 7: 1 HP, no critical.
    """
    script = [4, 4, 4, 4, 4, 1, 1, *CRUISER_SEVEN, 4, 4]
    outcome = resolve_ram(ScriptedDice(script), Hull(dreadnought()), Hull(card("CR")))
    assert outcome.kind is ContactKind.RAM
    assert (outcome.mover_roll.ad, outcome.mover_roll.hits) == (7, 5)
    assert [c.critical for c in outcome.against_other.criticals] == [Critical.ENGINE_FAILURE]
    assert outcome.against_other.hp_lost == 2
    assert (outcome.other_roll.ad, outcome.other_roll.hits) == (4, 7)
    assert (outcome.against_mover.hp_lost, outcome.against_mover.criticals) == (1, ())


def test_ram_example_two_criticals() -> None:
    """DW-12.4 example: had it scored 8 hits (2 x DR 4), 2 criticals; 7 hits are still one."""
    script = [4] * 7 + [1] * 4 + [4, 4]
    outcome = resolve_ram(ScriptedDice(script), Hull(dreadnought()), Hull(card("CR")))
    assert outcome.mover_roll.hits == 7
    assert len(outcome.against_other.criticals) == 1
    script = [6, 4, 4, 4, 4, 4, 4, 1, 1, 1, 1, 1, 4, 4, 3, 3]
    outcome = resolve_ram(ScriptedDice(script), Hull(dreadnought()), Hull(card("CR")))
    assert outcome.mover_roll.hits == 8
    assert [c.critical for c in outcome.against_other.criticals] == [
        Critical.ENGINE_FAILURE,
        Critical.WEAPONS_DAMAGED,
    ]
    assert outcome.against_other.destroyed
    assert outcome.against_mover.hp_lost == 0


def test_ram_dice_are_not_reduced_by_damage() -> None:
    """DW-12.4 / DW-15.3: RR is never reduced by damage; the rammed rolls its starting HP."""
    script = [1] * 7 + [1] * 4
    outcome = resolve_ram(ScriptedDice(script), Hull(dreadnought(), damage=5), Hull(card("CR"), 3))
    assert (outcome.mover_roll.ad, outcome.other_roll.ad) == (7, 4)


def test_iron_ram_halves_the_dice_against_it() -> None:
    """DW-24 Iron Ram: a 4 HP cruiser's 4D6 becomes 2D6 against the rammer, terrain too."""
    outcome = resolve_ram(ScriptedDice([1] * 9), Hull(dreadnought("iron_ram")), Hull(card("CR")))
    assert outcome.other_roll.ad == 2
    assert takes_contact_dice(dreadnought("iron_ram"), 12, rams=True) == 6
    assert takes_contact_dice(dreadnought("iron_ram"), 12, rams=False) == 12
    assert takes_contact_dice(dreadnought(), 12, rams=True) == 12


def test_collision_uses_starting_hp_both_ways() -> None:
    """DW-12.4: a battleship with 8 starting HP rolls 8D6 even with 1 HP left.

    Both are compared normally and both may sink.
    """
    battered = Hull(card("BB"), damage=7)
    script = [4] * 8 + [6, 4, 4, 4, 4] + [3, 3]
    outcome = resolve_collision(ScriptedDice(script), battered, Hull(card("CR"), damage=2))
    assert outcome.kind is ContactKind.COLLISION
    assert (outcome.mover_roll.ad, outcome.other_roll.ad) == (8, 4)
    assert outcome.mover_roll.hits == 8  # >= CR 6 of the cruiser once
    assert [c.critical for c in outcome.against_other.criticals] == [Critical.WEAPONS_DAMAGED]
    assert outcome.against_other.destroyed
    assert outcome.other_roll.hits == 6  # DR 6 of the battleship, below its CR 9: 1 HP
    assert outcome.against_mover.hp_lost == 1
    assert outcome.against_mover.destroyed  # both sink


def test_collision_small_hulls_never_roll_criticals() -> None:
    """DW-12.4 / DW-16.1: frigates colliding: 2 dice each; CR 6 is out of reach of 4 plain hits."""
    outcome = resolve_collision(ScriptedDice([4, 5, 1, 2]), Hull(card("FF")), Hull(card("FF")))
    assert outcome.against_other.hp_lost == 0  # 2 hits < DR 3
    assert outcome.against_mover.hp_lost == 0


@pytest.mark.parametrize(("dice", "expected"), [(4, 4), (8, 8), (12, 12)])
def test_terrain_dice(dice: int, expected: int) -> None:
    """DW-12.4 / DW-13.1: terrain rolls Soft 4, Medium 8 or Hard 12 dice against the model."""
    outcome = resolve_terrain(ScriptedDice([1] * dice), Hull(card("CR")), dice)
    assert outcome.roll.ad == expected
    assert outcome.damage.hp_lost == 0


def test_terrain_hits_compared_with_own_ratings() -> None:
    """DW-12.4: a cruiser hitting a reef (8D6) takes 4 hits: DR 4, 1 HP."""
    outcome = resolve_terrain(ScriptedDice([4, 4, 4, 4, 1, 1, 1, 1]), Hull(card("CR")), 8)
    assert outcome.damage.hp_lost == 1


def test_iron_ram_into_terrain() -> None:
    """DW-24: an Iron Ram ramming terrain takes half the dice."""
    outcome = resolve_terrain(ScriptedDice([1] * 6), Hull(dreadnought("iron_ram")), 12, rammed=True)
    assert outcome.roll.ad == 6


@pytest.mark.parametrize(
    ("size", "other", "expected"),
    [
        (Size.LARGE, None, ContactFire.NONE),
        (Size.MEDIUM, Size.LARGE, ContactFire.NONE),
        (Size.MASSIVE, Size.MASSIVE, ContactFire.HALF),
        (Size.MASSIVE, Size.LARGE, ContactFire.HALF),
        (Size.MASSIVE, Size.MEDIUM, ContactFire.ALL),
        (Size.MASSIVE, Size.SMALL, ContactFire.ALL),
        (Size.LARGE, Size.LARGE, ContactFire.HALF),
        (Size.LARGE, Size.MEDIUM, ContactFire.HALF),
        (Size.LARGE, Size.SMALL, ContactFire.ALL),
        (Size.MEDIUM, Size.MEDIUM, ContactFire.HALF),
        (Size.MEDIUM, Size.SMALL, ContactFire.HALF),
        (Size.SMALL, Size.SMALL, ContactFire.HALF),  # DW-27 item 7
    ],
)
def test_fire_after_contact(size: Size, other: Size | None, expected: ContactFire) -> None:
    """DW-12.5 / DW-27 item 7: the fire left after a contact, by the two size classes."""
    assert contact_fire(size, other) is expected


def test_several_rams_on_one_model() -> None:
    """DW-12.4: the rammed model rolls its HP against each rammer and goes only after all."""
    # RR 7 with 5 hits (1 critical), the cruiser's 4 dice miss, the critical's 2D6 (6).
    first = [4, 4, 4, 4, 4, 1, 1, 1, 1, 1, 1, 3, 3]
    # RR 7 with 4 hits (1 critical), the cruiser's 4 dice hit 4 times, the critical's 2D6 (8).
    second = [4, 4, 4, 4, 1, 1, 1, 4, 4, 4, 4, 4, 4]
    outcomes = resolve_rams(
        ScriptedDice(first + second), [Hull(dreadnought()), Hull(dreadnought())], Hull(card("CR"))
    )
    assert [o.against_other.hp_lost for o in outcomes] == [2, 2]
    assert not outcomes[0].against_other.destroyed
    assert outcomes[1].against_other.destroyed  # the damage piled up: 4 of 4 HP
    assert outcomes[1].other.damage == 2
    assert outcomes[1].other_roll.ad == 4  # still its starting HP back at the second rammer
    assert outcomes[1].against_mover.hp_lost == 0  # 4 hits < DR 7
