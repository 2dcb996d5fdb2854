"""The log's sentence for a building shielding a unit inside it (BT-C-90.11 ASSUMPTION).

::

    The building in 0606 takes 2 of the 5 damage meant for the Atlas AS7-D [A].
    The building in 0809 shields Foot Platoon [B]: 4 of the 7 men it would lose.
"""

from __future__ import annotations

from engine.battletech.buildingevents import BuildingShielded
from engine.battletech.kinds.infantry import InfantryBody
from engine.battletech.narrate.sentences import describe
from engine.battletech.narrate.words import label, unit_name
from engine.battletech.state import BTState

__all__: list[str] = []


@describe.register
def _shielded(event: BuildingShielded, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    if isinstance(before.units[event.unit].body, InfantryBody):  # BT-C-35: men, not points
        return (
            f"The building in {label(event.hex)} shields {who}: {event.absorbed} of the "
            f"{event.damage} men it would lose."
        )
    return (
        f"The building in {label(event.hex)} takes {event.absorbed} of the {event.damage} "
        f"damage meant for {who}."
    )
