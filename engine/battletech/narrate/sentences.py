"""The BattleTech log's sentence for each event: one maker per event type (STYLE 4).

`describe` is a `functools.singledispatch` on the event's class; `engine.battletech.narrate.moves`
and `engine.battletech.narrate.combat` register their makers on it (the package imports both).
`is_routine` says which lines a log leaves out.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from engine.battletech import events as ev
from engine.battletech.state import Phase

if TYPE_CHECKING:
    from engine.battletech.state import BTState
    from engine.game import Event

__all__ = ["describe", "is_routine"]

_HEADED_PHASES = frozenset({Phase.DEPLOYMENT, Phase.MOVEMENT, Phase.WEAPON, Phase.PHYSICAL})
"""Phases whose start is a line of the log (the others show in the header only)."""


def is_routine(event: Event) -> bool:
    """True for events the log leaves out: each hex entered, turn or jump, and most phases.

    The move's last line (`MovementEnded`) says where the unit went and what it cost, and the
    header shows the phase; a replay stepping event by event still shows every one.
    """
    if isinstance(event, ev.PhaseStarted):
        return event.phase not in _HEADED_PHASES
    return isinstance(
        event,
        ev.UnitEntered
        | ev.UnitTurned
        | ev.UnitJumped
        | ev.MovementStarted
        | ev.SlotsDealt
        | ev.UnitDeclared
        | ev.AmmoSpent,
    )


@functools.singledispatch
def describe(event: Event, before: BTState, after: BTState) -> str:
    """Say what one event did.

    Args:
        event: the event.
        before: the state before it.
        after: the state after it.

    Returns:
        One sentence (it may wrap in the log).
    """
    del before, after
    return type(event).__name__
