"""What every AoD command handler shares: the context that applies events as they are raised.

`Ctx` holds the state as events are raised and applies each at once (``Ctx.emit``), so later
rules see earlier effects (STYLE: apply events as you raise them). `AoDCode` names every refusal
(STYLE 5); the guards here are the ones every handler runs first (STYLE 6): the stage, a free
spin waiting (AOD-8.5), the unit being the active player's.
"""

from __future__ import annotations

import enum
from collections.abc import Callable

from engine.aod.evolve import evolve
from engine.aod.state import AoDState, Stage
from engine.dice import DiceSource
from engine.game import Event, IllegalCommand
from engine.hexes import Hex

__all__ = ["AoDCode", "Ctx", "label", "next_seat", "own_unit", "require_no_spins", "require_stage"]


class AoDCode(enum.StrEnum):
    """Rejection codes of the AoD rules (STYLE 5)."""

    STAGE = "turn/wrong_stage"
    SPIN_PENDING = "turn/free_spin_pending"
    UNKNOWN_UNIT = "unit/unknown"
    NOT_YOURS = "unit/not_yours"
    OFF_BOARD = "unit/not_on_board"
    DEPLOYED = "deploy/already_deployed"
    OUTSIDE_ZONE = "deploy/outside_zone"
    OCCUPIED = "deploy/occupied"
    TERRAIN = "deploy/terrain"
    ALTITUDE = "unit/altitude"
    ORDERED = "order/already_ordered"
    NO_ORDERS = "order/none_left"
    NOT_ALLOWED = "order/not_allowed"
    RUN = "move/cannot_run"
    PATH = "move/path"
    UNREACHABLE = "move/unreachable"
    NO_SPIN = "spin/not_offered"
    SPIN_FACING = "spin/facing"
    NOT_IN_POOL = "terrain/not_in_pool"
    PLACEMENT = "terrain/placement"


class Ctx:
    """The state as events are raised: each event is applied at once (``Ctx.emit``)."""

    def __init__(self, state: AoDState, dice: DiceSource) -> None:
        self.state = state
        self.dice = dice
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        """Record ``event`` and apply it to the state at once."""
        self.events.append(event)
        self.state = evolve(self.state, event)


def require_stage(state: AoDState, *stages: Stage) -> None:
    """The command belongs to this stage of the game."""
    if state.stage not in stages:
        names = " or ".join(s.value for s in stages)
        raise IllegalCommand(
            AoDCode.STAGE, f"That is done in the {names} stage; this is the {state.stage.value}."
        )


def require_no_spins(state: AoDState) -> None:
    """AOD-8.5: a free spin is made at once, before the next order."""
    if state.spins:
        offer = state.spins[0]
        raise IllegalCommand(
            AoDCode.SPIN_PENDING,
            f"{state.units[offer.unit].ident} may first spin to face "
            f"{state.units[offer.mover].ident} (spin {state.units[offer.unit].ident} <facing> or "
            "stay).",
        )


def own_unit(state: AoDState, ident: str) -> int:
    """The active player's unit named ``ident``."""
    index = state.index_of(ident)
    if index is None:
        raise IllegalCommand(AoDCode.UNKNOWN_UNIT, f"There is no unit {ident}.")
    owner = state.units[index].owner
    if owner != state.active:
        raise IllegalCommand(
            AoDCode.NOT_YOURS,
            f"{state.units[index].ident} belongs to {state.players[owner]}, "
            f"and it is {state.players[state.active]}'s turn.",
        )
    return index


def next_seat(state: AoDState, after: int, wanted: Callable[[int], bool]) -> int | None:
    """The next seat to the left of ``after`` that is ``wanted`` (``after`` itself last)."""
    count = len(state.setup.players)
    for step in range(1, count + 1):
        seat = (after + step) % count
        if wanted(seat):
            return seat
    return None


def label(where: Hex) -> str:
    """A hex's map label, or its axial coordinates when it lies off the map."""
    try:
        return where.label
    except ValueError:
        return f"({where.q}, {where.r})"
