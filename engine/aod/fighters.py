"""A unit of the state as combat sees it: the one `Combatant` builder of the combat orders.

Rules: AOD-6.4 (current values: the dial, heat, gear and pilot cards), AOD-3.6 / AOD-20.6
(weapon-tied SE and gear, for the weapon an attacker uses), AOD-3.7 (the cards in a unit's
slots), AOD-7.3 / AOD-12.1 / AOD-11.7 (shut-down, captive, escort and passenger units: who may
attack and be attacked), AOD-14.2 (a shut-down target), AOD-21.3 (*Predator*'s second attack uses
no SE).

Every order that judges or rolls an attack (ranged, assault, close combat, charge/DFA/ram,
repair, the screen's previews) reads units through `combatant`.
"""

from __future__ import annotations

from attrs import evolve

from engine.aod.combat import Combatant
from engine.aod.context import AoDCode
from engine.aod.dial import values
from engine.aod.state import AoDState
from engine.aod.units import Card, WeaponSlot
from engine.game import IllegalCommand

__all__ = ["combatant", "target_index", "unit_cards"]


def unit_cards(state: AoDState, index: int) -> tuple[Card, ...]:
    """The gear and pilot cards in unit ``index``'s slots (AOD-3.7, AOD-20.6, AOD-20.7)."""
    owner = state.units[index].owner
    named = state.setup.players[owner].force[state.owned(owner).index(index)].cards
    known = {card.id: card for card in state.setup.cards}
    return tuple(known[name] for name in named if name in known)


def combatant(
    state: AoDState,
    index: int,
    at: int,
    *,
    weapon: WeaponSlot | None = None,
    equipment: bool = True,
) -> Combatant:
    """Unit ``index`` as combat sees it: battlefield index ``at``, its current values (AOD-6.4).

    Its flags: shut down, Heavy Damage, captive, escorting a captive, aboard a transport.
    ``weapon``: the weapon an attacker uses (weapon-tied SE and gear, AOD-3.6, AOD-20.6).
    ``equipment`` False: no SE may be used (*Predator*'s second attack, AOD-21.3).
    Built once per state and question (`AoDState.memo`): listing asks for every pair of units.
    """
    key = (combatant, index, at, weapon, equipment)
    return state.memo(key, lambda: _combatant(state, index, at, weapon=weapon, equipment=equipment))


def _combatant(
    state: AoDState, index: int, at: int, *, weapon: WeaponSlot | None, equipment: bool
) -> Combatant:
    unit, printed = state.units[index], state.definition(index)
    shown = values(
        printed, unit.dial, state.setup.catalogue(), unit_cards(state, index), weapon=weapon
    )
    made = Combatant.from_values(
        at,
        printed,
        shown,
        shutdown=unit.dial.shutdown,
        heavy_damage=state.heavy_damage(index),
        captive=unit.captor is not None,
        escort=state.captive_of(index) is not None,
        passenger=unit.aboard is not None,
    )
    return made if equipment else evolve(made, equipment=frozenset())


def target_index(state: AoDState, ident: str) -> int:
    """The unit a target name names, on the battlefield (AOD-11.8 step 1), or a refusal."""
    index = state.index_of(ident)
    if index is None:
        raise IllegalCommand(AoDCode.UNKNOWN_UNIT, f"There is no unit {ident}.")
    if not state.units[index].on_board:
        ident = state.units[index].ident
        raise IllegalCommand(AoDCode.OFF_BOARD, f"{ident} is not on the battlefield.")
    return index
