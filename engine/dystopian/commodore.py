"""The Fleet Commodore's re-roll of a critical roll against the flagship (DW-10.1 #3).

Rules: DW-10.1 / DW-22.1 / DW-27 item 6: once per turn a player may re-roll one of four rolls
and must keep the second result: #1 a treacherous-terrain test of a model within CD of the
flagship (`engine.dystopian.moving`, asked for by ``MoveModel.reroll``), #2 a critical-table roll
against an enemy model shot by one of the player's models within CD of the flagship, #3 a
critical-table roll made against the flagship itself (here), #4 a repair roll of a model within
CD of the flagship (`engine.dystopian.repair_segment`).

Adopted reading [INTERP]: no seat is asked in the middle of an attack, so #3 is automatic: the
flagship's owner re-rolls a Magazine Explosion (2) rolled against the flagship, the one result
that destroys it outright, when the re-roll is unused this turn; the second roll is kept, even a
second Magazine Explosion. #2 is not offered: which result an attacker would refuse is a
choice no rule makes for him, and no seat is asked mid-attack.

`CommodoreRerolled` records the refused roll (its dice) and spends the turn's re-roll;
`keep_flagship` is called by the combat segment's ``deal`` before the damage is dealt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import evolve, frozen

from engine.dystopian.damage import Critical, CriticalRoll, DamageOutcome, roll_critical
from engine.dystopian.events import DWEvent
from engine.dystopian.state import DWState

if TYPE_CHECKING:
    from engine.dystopian.context import Ctx

__all__ = [
    "COMMODORE_EVENTS",
    "CommodoreRerolled",
    "apply_commodore_rerolled",
    "keep_flagship",
    "tell_commodore_rerolled",
]


@frozen
class CommodoreRerolled(DWEvent):
    """DW-10.1 #3: ``player`` re-rolled the critical ``critical`` rolled against its flagship.

    ``faces``: every die of the refused roll (its 2D6, and any die its result rolled); the kept
    roll is in the `events.DamageDealt` that follows. The player's re-roll of this turn is spent.
    """

    TAG = "dw_commodore_rerolled"
    player: int
    model: int
    critical: int
    faces: tuple[int, ...]


COMMODORE_EVENTS: tuple[type[DWEvent], ...] = (CommodoreRerolled,)
"""The event class of this module, for the ruleset and its converter."""


def _faces(critical: CriticalRoll) -> tuple[int, ...]:
    """Every die ``critical`` rolled, in order."""
    faces = [face for pair in critical.rolls for face in (pair.first, pair.second)]
    if critical.hard_hit is not None:
        faces.append(critical.hard_hit.face)
    if critical.flare is not None:
        flare = critical.flare
        faces += [flare.direction.face, flare.distance.first, flare.distance.second]
    if critical.fuel is not None:
        faces.append(critical.fuel.face)
    return tuple(faces)


def keep_flagship(ctx: Ctx, index: int, outcome: DamageOutcome) -> DamageOutcome:
    """DW-10.1 #3 [INTERP]: the owner re-rolls a Magazine Explosion against its flagship.

    Returns the outcome with that critical replaced by the second roll (kept whatever it is),
    or ``outcome`` itself when the model is no flagship, its owner's re-roll is spent this turn,
    or no critical is a Magazine Explosion.
    """
    state = ctx.state
    model = state.models[index]
    if not model.commodore or state.rerolls_used[model.owner]:
        return outcome
    blown = next(
        (
            n
            for n, c in enumerate(outcome.criticals)
            if c.critical is Critical.MAGAZINE_EXPLOSION and not c.tesla
        ),
        None,
    )
    if blown is None:
        return outcome
    refused = outcome.criticals[blown]
    ctx.emit(CommodoreRerolled(model.owner, index, int(refused.critical), _faces(refused)))
    again = roll_critical(ctx.dice, outcome.hull, hp_left=refused.hp_left_before)
    criticals = (*outcome.criticals[:blown], again, *outcome.criticals[blown + 1 :])
    return evolve(outcome, criticals=criticals)


def apply_commodore_rerolled(event: CommodoreRerolled, state: DWState) -> DWState:
    """The player's Commodore re-roll is spent for this turn (`TurnBegan` makes it fresh)."""
    used = list(state.rerolls_used)
    used[event.player] = True
    return evolve(state, rerolls_used=tuple(used))


def tell_commodore_rerolled(event: CommodoreRerolled, before: DWState, after: DWState) -> str:
    """One sentence for the log."""
    del after
    name = before.models[event.model].ident
    player = before.players[event.player]
    dice = ", ".join(str(f) for f in event.faces)
    return (
        f"{player}'s Commodore re-rolls the Magazine Explosion ({dice}) against the flagship "
        f"{name}; the second roll stands."
    )
