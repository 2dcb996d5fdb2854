"""Dystopian Wars MARs of the auxiliary systems, AA and CC (DW-24).

Rules (DW-24's table):

- Telescopic Zoom (X) (weapon): an auxiliary weapon (AA or CC) may extend its range up to X
  inches. Every place that asks how far a model's AA or CC reaches asks `aa_reach` or
  `cc_reach`: its offensive AA and CC (DW-18.2), its answers to attacking flyers and divers,
  rockets and torpedoes (DW-18.2, DW-18.3), to boarders (DW-19.4) and to wings (DW-20.6).
- Rapid Fire: when attacking or counter-attacking with AA, may re-roll up to 2 dice and must
  keep the new results (`rapid_fire`).
- Hull Ripper: a ram that reaches the target's CR lets the rammer be placed with its stern
  touching the far side of the target, as if it had cut straight through, without touching
  other models or solid terrain; not allowed if there is no room (`hull_ripper`).

Adopted readings [INTERP]: Telescopic Zoom is printed on the card (AA and CC are not weapon
lines), so it extends both its AA and its CC; "up to X inches" makes the reach X" (X / 2 hexes,
DW-28.3, rounded down) when that is longer than the usual 8" / 4" (DW-28.7), never shorter.
Rapid Fire is applied automatically, without asking the seat: the first 2 dice of the pool (in
the order rolled) that scored nothing are rolled again, and a new 6 explodes as usual; a pool
with no miss re-rolls nothing. It is played where AA rolls a pool that scores hits: the
offensive AA (DW-18.2) and the AA answering an attacking flyer (DW-7.2 step 3b). Left out: the
AA cancelling rockets (DW-18.3), against boarders (DW-19.4) and against wings (DW-20.6), which
roll their own kinds of pools. Hull Ripper is applied automatically when there is room (a
seat always wants it [INTERP]): the rammer moves to the target's neighbour farthest from it
(`movement.push_hexes`: on a tie the one astern of the target, then the first in the kernel's
order), keeping its facing, if it could end a move there (on the table, terrain it may enter, no
piece at its own height there); a rammer the target's roll back destroys is not moved.
"""

from __future__ import annotations

from typing import Final

import attrs

from engine.dice import DiceSource
from engine.dystopian.combat import AttackRoll
from engine.dystopian.context import Ctx
from engine.dystopian.dice import roll_pool
from engine.dystopian.events import ModelDisplaced
from engine.dystopian.geometry import AA_REACH, CC_REACH
from engine.dystopian.models import ModelCard
from engine.dystopian.movement import displace, push_hexes
from engine.dystopian.ramming import ContactOutcome

__all__ = ["RAPID_FIRE_DICE", "aa_reach", "cc_reach", "hull_ripper", "rapid_fire"]

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


def hull_ripper(ctx: Ctx, rammer: int, target: int, ram: ContactOutcome) -> None:
    """DW-24 Hull Ripper: a ram reaching the target's CR puts the rammer beyond the target.

    Called once the ram's damage is dealt (DW-12.4), before the destroyed are removed. The
    rammer ends in the hex on the far side of the target (`movement.push_hexes` from the
    rammer's hex), facing as it was, only if it could end there (DW-28.5); otherwise it stays.
    """
    state = ctx.state
    card, model = state.card(rammer), state.models[rammer]
    if not card.has("hull_ripper") or ram.mover_roll.hits < ram.other.cr:
        return
    there = state.models[target].hex
    if not model.on_board or model.hex is None or there is None:
        return
    if model.hull_damage >= card.hp:
        return  # sunk by the target's roll back: it cuts through nothing
    board, indices = state.board()
    far = push_hexes(board.pieces[indices.index(target)], model.hex)[:1]
    land, amphibious = state.mover(rammer).land, card.has("amphibious_capability")
    moved = displace(board, indices.index(rammer), far, land=land, amphibious=amphibious)
    if moved.contact is None and not moved.destroyed and (moved.end,) == far:
        ctx.emit(ModelDisplaced(rammer, moved.end))
