"""The log's sentences for the movement of the kinds that are not 'Mechs (BT-M-37.3).

::

    The Yellow Jacket Gunship [D] flies at elevation 2.
    The Yellow Jacket Gunship [D] lands.
"""

from __future__ import annotations

from engine.battletech.kindmoveevents import ElevationChanged
from engine.battletech.narrate.sentences import describe
from engine.battletech.narrate.words import unit_name
from engine.battletech.state import BTState

__all__: list[str] = []


@describe.register
def _elevation(event: ElevationChanged, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    if event.elevation <= 0:
        return f"{who} lands."
    return f"{who} flies at elevation {event.elevation}."
