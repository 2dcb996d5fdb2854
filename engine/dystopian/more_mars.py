"""Dystopian Wars MARs of the auxiliary systems, AA and CC (DW-24).

Rules (DW-24's table):

- Telescopic Zoom (X) (weapon): an auxiliary weapon (AA or CC) may extend its range up to X
  inches. Every place that asks how far a model's AA or CC reaches asks `aa_reach` or
  `cc_reach`: its offensive AA and CC (DW-18.2), its answers to attacking flyers and divers,
  rockets and torpedoes (DW-18.2, DW-18.3), to boarders (DW-19.4) and to wings (DW-20.6).
- Rapid Fire: when attacking or counter-attacking with AA, may re-roll up to 2 dice and must
  keep the new results (`rapid_fire`).

Adopted readings [INTERP]: Telescopic Zoom is printed on the card (AA and CC are not weapon
lines), so it extends both its AA and its CC; "up to X inches" makes the reach X" (X / 2 hexes,
DW-28.3, rounded down) when that is longer than the usual 8" / 4" (DW-28.7), never shorter.
Rapid Fire is applied automatically, without asking the seat: the first 2 dice of the pool (in
the order rolled) that scored nothing are rolled again, and a new 6 explodes as usual; a pool
with no miss re-rolls nothing. It is played where AA rolls a pool that scores hits: the
offensive AA (DW-18.2) and the AA answering an attacking flyer (DW-7.2 step 3b). Left out: the
AA cancelling rockets (DW-18.3), against boarders (DW-19.4) and against wings (DW-20.6), which
roll their own kinds of pools.
"""

from __future__ import annotations

from typing import Final

import attrs

from engine.dice import DiceSource
from engine.dystopian.combat import AttackRoll
from engine.dystopian.dice import roll_pool
from engine.dystopian.geometry import AA_REACH, CC_REACH
from engine.dystopian.models import ModelCard

__all__ = ["RAPID_FIRE_DICE", "aa_reach", "cc_reach", "rapid_fire"]

RAPID_FIRE_DICE: Final = 2
"""DW-24 Rapid Fire: up to 2 dice re-rolled."""
_INCHES_PER_HEX: Final = 2
"""DW-28.3: 2" = 1 hex."""


def _zoomed(card: ModelCard, base: int) -> int:
    """DW-24 Telescopic Zoom (X): the reach in hexes, X" when that is farther than ``base``."""
    zoom = max(
        (ref.value or 0 for ref in card.mars if ref.id == "telescopic_zoom"),
        default=0,
    )
    return max(base, zoom // _INCHES_PER_HEX)


def aa_reach(card: ModelCard) -> int:
    """DW-28.7 / DW-24 Telescopic Zoom: how many hexes this model's AA reaches (4, or X"/2)."""
    return _zoomed(card, AA_REACH)


def cc_reach(card: ModelCard) -> int:
    """DW-28.7 / DW-24 Telescopic Zoom: how many hexes this model's CC reaches (2, or X"/2)."""
    return _zoomed(card, CC_REACH)


def rapid_fire(dice: DiceSource, rolled: AttackRoll, card: ModelCard) -> AttackRoll:
    """DW-24 Rapid Fire: the first 2 missed dice of an AA pool rolled again, new results kept.

    [INTERP] Automatic: the dice that scored nothing, the first 2 in the order rolled, are
    replaced by a new roll of as many dice (which explodes as usual); they follow the kept dice
    in the record. Without the MAR, or with no miss, the roll is returned unchanged.
    """
    if not card.has("rapid_fire"):
        return rolled
    pool = rolled.roll
    missed = [n for n, die in enumerate(pool.dice) if not die.hits][:RAPID_FIRE_DICE]
    if not missed:
        return rolled
    again = roll_pool(dice, len(missed), pool.threshold, pool.mod, natural_only=pool.natural_only)
    kept = tuple(die for n, die in enumerate(pool.dice) if n not in missed)
    return AttackRoll(rolled.ad, rolled.need, attrs.evolve(pool, dice=kept + again.dice))
