"""The events of indirect fire and artillery (BT-C-16, BT-C-67/72, BT-C-75).

Their mutators are registered on `engine.battletech.evolve.evolve` when this module is imported
(`engine.battletech` imports it, so every folding of a log knows them).
"""

from __future__ import annotations

import attrs
from attrs import frozen

from engine.battletech.events import BTEvent
from engine.battletech.evolve import evolve
from engine.battletech.state import BTState
from engine.hexes import Hex

__all__ = ["INDIRECT_EVENTS", "ArtilleryLanded", "ArtilleryScattered", "SpotterPenalized"]

_SPOTTING = ("spotting for indirect fire", 1)


@frozen
class SpotterPenalized(BTEvent):
    """BT-C-75: a spotter's weapon attacks declared earlier in the phase take +1 (ASSUMPTION).

    ``spotter`` spots for an indirect attack; ``attacks`` are indexes in `BTState.attacks`.
    """

    TAG = "bt/spotter_penalized"
    spotter: int
    attacks: tuple[int, ...]


@frozen
class ArtilleryScattered(BTEvent):
    """An artillery attack (number ``attack``) missed and its shell scattered (DESIGN).

    ``die`` (1D6) gives the direction (1 north, then clockwise to 6 north-west); ``hexes`` is
    how far (the margin of the miss); ``landed`` where it came down (None: off the map).
    """

    TAG = "bt/artillery_scattered"
    attack: int
    die: int
    hexes: int
    landed: Hex | None


@frozen
class ArtilleryLanded(BTEvent):
    """BT-C-67/72: artillery attack ``attack`` struck ``hex`` (the damage events follow).

    ``damage`` to every unit there, ``adjacent`` to every unit in the six hexes round it.
    """

    TAG = "bt/artillery_landed"
    attack: int
    hex: Hex
    damage: int
    adjacent: int


INDIRECT_EVENTS: tuple[type[BTEvent], ...] = (
    SpotterPenalized,
    ArtilleryScattered,
    ArtilleryLanded,
)


@evolve.register
def _penalized(event: SpotterPenalized, state: BTState) -> BTState:
    attacks = list(state.attacks)
    for number in event.attacks:
        attack = attacks[number]
        attacks[number] = attrs.evolve(
            attack, to_hit=attack.to_hit + _SPOTTING[1], modifiers=(*attack.modifiers, _SPOTTING)
        )
    return attrs.evolve(state, attacks=tuple(attacks))


@evolve.register
def _scattered(event: ArtilleryScattered, state: BTState) -> BTState:
    del event  # told for the log: where it lands follows as `ArtilleryLanded`
    return state


@evolve.register
def _landed(event: ArtilleryLanded, state: BTState) -> BTState:
    del event  # told for the log: the damage follows as damage events
    return state
