"""The End Phase's step 3 (DW-7.3): repair attempts, then Corrosion rolls.

Rules: DW-16.4 / DW-27 item 2 (`damage.repairs`: one D6 that does not explode per repairable
critical marker and per Fire marker, 1-3 repaired, Experienced Engineers 1-4; a fire not put out
costs 1 AP, and on a 6 adds a Fire marker rolled for only at the next End Phase; derelicts and
prizes roll only against fires; creatures and robots repair only fires), the Commodore's re-roll
(DW-16.4 / DW-10.1: once a turn, for a model within CD of the flagship; [INTERP] given
automatically to the first failed repair roll, fires included, since no seat is asked in the End
Phase), DW-24 Corrosive (a D6 per Corrosion marker: 1-3 removes it, 4-6 costs 1 HP; creatures and
robots suffer it but cannot remove it [INTERP: they still roll, a 1-3 only sparing the HP]),
DW-16.1 (a model brought to 0 HP by them is lost); DW-28.12 Damage Control (a T card: each of the
player's models that failed a repair roll makes one extra roll, for the first marker that stayed).
"""

from __future__ import annotations

from engine.dystopian.answers import extra_repair_due
from engine.dystopian.combat_segment import settle
from engine.dystopian.context import Ctx
from engine.dystopian.damage import Marker, RepairRoll, repairs, roll_repair
from engine.dystopian.dice import roll_d6
from engine.dystopian.events import RepairRolled
from engine.dystopian.moving import reroll_available
from engine.dystopian.star_events import CardTookEffect
from engine.dystopian.state import Markers

__all__ = ["CORROSION_REMOVED", "repair_step", "repairable"]

CORROSION_REMOVED = 3
"""DW-24 Corrosive: a Corrosion marker comes off on 1-3."""

_FLAGS = (
    Marker.SHATTERED_DEFENCES,
    Marker.SYSTEMS_OFFLINE,
    Marker.HALF_AD,
    Marker.HALF_MV,
    Marker.NAVIGATION_LOCK,
    Marker.CHAOS_AND_DISARRAY,
)


def repairable(markers: Markers) -> tuple[Marker, ...]:
    """DW-16.4: the markers a model rolls for, in table order, then one per Fire marker."""
    flags = tuple(m for m in _FLAGS if getattr(markers, m.value))
    return flags + (Marker.RAGING_FIRE,) * markers.fires


def repair_step(ctx: Ctx) -> None:
    """DW-7.3 step 3: every model's repair rolls, then every Corrosion roll; losses follow."""
    for index, model in enumerate(ctx.state.models):
        if not model.on_board:
            continue
        card = ctx.state.card(index)
        derelict = model.markers.derelict or model.markers.prize
        failed: list[Marker] = []
        for roll in repairs(ctx.dice, card, repairable(model.markers), derelict=derelict):
            first = 0
            final: RepairRoll = roll
            if not roll.repaired and reroll_available(ctx.state, index):
                first, final = roll.die.face, roll_repair(ctx.dice, card, roll.marker)
            if not final.repaired:
                failed.append(final.marker)
            ctx.emit(
                RepairRolled(
                    index,
                    final.marker.value,
                    final.die.face,
                    final.repaired,
                    ap_lost=final.ap_lost,
                    new_fire=final.new_fire,
                    rerolled_from=first,
                )
            )
        if failed and extra_repair_due(ctx.state, index):  # DW-28.12 Damage Control (T card)
            _extra_repair(ctx, index, failed[0])
    for index, model in enumerate(ctx.state.models):
        if not model.on_board:
            continue
        robot = ctx.state.card(index).is_creature_or_robot
        for _ in range(model.markers.corrosion):
            face = roll_d6(ctx.dice).face
            spared = face <= CORROSION_REMOVED
            ctx.emit(
                RepairRolled(
                    index,
                    Marker.CORROSION.value,
                    face,
                    repaired=spared and not robot,
                    hp_lost=0 if spared else 1,
                )
            )
    settle(ctx)


def _extra_repair(ctx: Ctx, index: int, marker: Marker) -> None:
    """DW-28.12 Damage Control: one extra repair roll, for the first marker that stayed."""
    final = roll_repair(ctx.dice, ctx.state.card(index), marker)
    ctx.emit(CardTookEffect("damage_control", index, 0, 1))
    ctx.emit(
        RepairRolled(
            index,
            final.marker.value,
            final.die.face,
            final.repaired,
            ap_lost=final.ap_lost,
            new_fire=final.new_fire,
        )
    )
