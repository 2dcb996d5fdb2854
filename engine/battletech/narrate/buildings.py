"""The log's sentence for a building shielding a unit inside it (BT-C-90.11 ASSUMPTION).

::

    The building in 0606 takes 2 of the 5 damage meant for the Atlas AS7-D [A].
"""

from __future__ import annotations

from engine.battletech.buildingevents import BuildingShielded
from engine.battletech.narrate.sentences import describe
from engine.battletech.narrate.words import label, unit_name
from engine.battletech.state import BTState

__all__: list[str] = []


@describe.register
def _shielded(event: BuildingShielded, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    return (
        f"The building in {label(event.hex)} takes {event.absorbed} of the {event.damage} "
        f"damage meant for {who}."
    )
