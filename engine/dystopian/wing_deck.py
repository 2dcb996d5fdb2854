"""A carrier's deck in the turn (DW-20.4): launching forbids its gunnery and rockets.

Kept apart from `engine.dystopian.wing_rules` so the combat segment may ask it without an import
circle.
"""

from __future__ import annotations

from engine.dystopian.models import WeaponKind
from engine.dystopian.state import DWState
from engine.dystopian.wing_state import WingPlace

__all__ = ["launched_fire_problem", "launched_this_turn"]


def launched_this_turn(state: DWState, carrier: int) -> bool:
    """DW-20.4: model ``carrier`` launched a wing this turn (it is not back on the deck)."""
    return any(
        w.carrier == carrier and w.deck_turn == state.turn and w.place is not WingPlace.DECK
        for w in state.wings
    )


def launched_fire_problem(state: DWState, models: tuple[int, ...], weapons: tuple[int, ...]) -> str:
    """DW-20.4: why these weapons may not fire, or "".

    A carrier that launched a wing this turn makes no gunnery or rocket attack.
    """
    for index, weapon in zip(models, weapons, strict=True):
        kind = state.card(index).weapons[weapon].kind
        if (kind.is_gunnery or kind is WeaponKind.ROCKET) and launched_this_turn(state, index):
            ident = state.models[index].ident
            return f"{ident} launched a wing this turn: no gunnery or rockets."
    return ""
