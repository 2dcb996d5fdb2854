"""What every Dystopian Wars command handler shares: the context that applies events at once.

`Ctx` holds the state as events are raised and applies each at once (``Ctx.emit``), so later
rules see earlier effects. `DWCode` names every refusal (STYLE 5); the guards here are the ones
every handler runs first (STYLE 6): the stage, the model being known and the acting player's.
"""

from __future__ import annotations

import enum

from engine.dice import DiceSource
from engine.dystopian.evolve import evolve
from engine.dystopian.state import DWState, Stage
from engine.game import Event, IllegalCommand
from engine.hexes import Hex

__all__ = ["Ctx", "DWCode", "label", "own_model", "require_stage"]


class DWCode(enum.StrEnum):
    """Rejection codes of the Dystopian Wars rules (STYLE 5)."""

    STAGE = "turn/wrong_stage"
    NOT_CHOOSER = "setup/not_chooser"
    UNKNOWN_MODEL = "model/unknown"
    NOT_YOURS = "model/not_yours"
    OFF_BOARD = "model/not_on_board"
    DEPLOYED = "deploy/already_deployed"
    OTHER_SQUADRON = "deploy/finish_squadron"
    OUTSIDE_ZONE = "deploy/outside_zone"
    OCCUPIED = "deploy/occupied"
    TERRAIN = "deploy/terrain"
    LEVEL = "model/level"
    ACTIVE = "activation/under_way"
    NO_ACTIVATION = "activation/none"
    ACTIVATED = "activation/already_activated"
    ELEMENT = "activation/element"
    NOT_ACTIVE = "move/not_in_active_squadron"
    MOVED = "move/already_moved"
    ELEMENT_FIRST = "move/commanded_element_first"
    PATH = "move/path"
    MARKER = "move/marker"
    REROLL = "move/reroll"
    RAM = "move/ram"
    MUST_MOVE = "activation/must_move"
    FIRE = "combat/cannot_fire"


class Ctx:
    """The state as events are raised: each event is applied at once (``Ctx.emit``)."""

    def __init__(self, state: DWState, dice: DiceSource) -> None:
        self.state = state
        self.dice = dice
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        """Record ``event`` and apply it to the state at once."""
        self.events.append(event)
        self.state = evolve(self.state, event)


def require_stage(state: DWState, *stages: Stage) -> None:
    """The command belongs to this stage of the game."""
    if state.stage not in stages:
        names = " or ".join(s.value for s in stages)
        raise IllegalCommand(
            DWCode.STAGE, f"That is done in the {names} stage; this is the {state.stage.value}."
        )


def own_model(state: DWState, ident: str) -> int:
    """The acting player's model named ``ident``."""
    index = state.index_of(ident)
    if index is None:
        raise IllegalCommand(DWCode.UNKNOWN_MODEL, f"There is no model {ident}.")
    owner = state.models[index].owner
    if owner != state.active:
        raise IllegalCommand(
            DWCode.NOT_YOURS,
            f"{state.models[index].ident} belongs to {state.players[owner]}, "
            f"and it is {state.players[state.active]}'s turn.",
        )
    return index


def label(where: Hex) -> str:
    """A hex's map label, or its axial coordinates when it lies off the map."""
    try:
        return where.label
    except ValueError:
        return f"({where.q}, {where.r})"
