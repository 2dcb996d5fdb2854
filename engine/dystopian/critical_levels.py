"""Critical hits that change a model's level at once (DW-16.2 results 4 and 9).

Rules: DW-16.2 result 4 / DW-11.8 (Raging Fire: while on fire a model cannot go obscured; an
obscured model that catches fire drops out of the clouds at once), DW-16.2 result 9 (Navigation
Lock: the model cannot submerge; a submerged model surfaces at once). The bans on declaring
those levels are `movement.level_problem`; this module is the "at once".

`force_level` is called by the combat segment's ``deal`` right after a model's damage
(`events.DamageDealt`): an obscured model given a Fire marker is flying from then on, a
submerged one given a Navigation Lock is on the surface, both in the hex they are in (the board
holds one piece a hex whatever its level, DW-28.5, so no other piece is there). The change is
`LevelForced`; a model the attack destroys is left alone (`combat_segment.settle` removes it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import evolve, frozen

from engine.dystopian.damage import DamageOutcome, Marker
from engine.dystopian.events import DWEvent
from engine.dystopian.geometry import Level
from engine.dystopian.state import DWState

if TYPE_CHECKING:
    from engine.dystopian.context import Ctx

__all__ = [
    "LEVEL_EVENTS",
    "LevelForced",
    "apply_level_forced",
    "force_level",
    "tell_level_forced",
]

_FORCED = (
    (Marker.RAGING_FIRE, Level.OBSCURED, Level.FLYING),
    (Marker.NAVIGATION_LOCK, Level.SUBMERGED, Level.SURFACE),
)
"""DW-16.2: the marker, the level it forbids, and the level the model drops or rises to."""


@frozen
class LevelForced(DWEvent):
    """DW-16.2: a critical's marker (``marker``) moved model ``model`` to ``level`` at once."""

    TAG = "dw_level_forced"
    model: int
    level: Level
    marker: str


LEVEL_EVENTS: tuple[type[DWEvent], ...] = (LevelForced,)
"""The event class of this module, for the ruleset and its converter."""


def force_level(ctx: Ctx, index: int, outcome: DamageOutcome) -> None:
    """DW-16.2 4 / 9: drop an obscured model on fire, surface a navigation-locked diver."""
    model = ctx.state.models[index]
    if outcome.destroyed or not model.on_board:
        return
    for marker, banned, level in _FORCED:
        if marker in outcome.markers and model.level is banned:
            ctx.emit(LevelForced(index, level, marker.value))
            return


def apply_level_forced(event: LevelForced, state: DWState) -> DWState:
    """The model is at its new level, where it stands."""
    return state.with_model(event.model, evolve(state.models[event.model], level=event.level))


def tell_level_forced(event: LevelForced, before: DWState, after: DWState) -> str:
    """One sentence for the log."""
    del after
    name = before.models[event.model].ident
    if event.level is Level.FLYING:
        return f"{name} is on fire and drops out of the clouds."
    return f"{name}'s navigation is locked: it surfaces."
