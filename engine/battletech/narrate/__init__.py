"""Word a BattleTech game for the log: every command and every event, with every die it rolled.

The parts: `words` (unit letters and names, hexes, dice, weapons, ammunition, physical attacks),
`commands` (a command's line), `sentences` (the `describe` dispatcher, one maker per event type),
`moves` and `combat` (the makers, registered on `describe` when imported: this package imports
them all, so whoever imports any part of it gets every sentence).

`tell` turns one log entry into `engine.narration.Told` lines (`engine.game.Ruleset.tell`)::

    Davion: Griffin [G] walks F F   (move 1 walk F F)
      Griffin [G] walked 0303 -> 0301, facing N: 2 MP, 2 hexes (to be hit +0), heat +1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.battletech.evolve import evolve
from engine.battletech.narrate import (
    antimech,
    buildings,
    combat,
    environment,
    equip,
    indirect,
    kindmoves,
    kinds,
    moves,
    night,
    orders,
    transport,
)
from engine.battletech.narrate.commands import command_text, fire_text
from engine.battletech.narrate.moves import PSR_REASONS
from engine.battletech.narrate.sentences import describe, is_routine
from engine.battletech.narrate.words import dice_text, label, signed, unit_letters, unit_name
from engine.narration import tell_events

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine.battletech.state import BTState
    from engine.game import Command, Event
    from engine.narration import Told

__all__ = [
    "PSR_REASONS",
    "antimech",
    "buildings",
    "combat",
    "command_text",
    "describe",
    "dice_text",
    "environment",
    "equip",
    "fire_text",
    "indirect",
    "is_routine",
    "kindmoves",
    "kinds",
    "label",
    "moves",
    "night",
    "orders",
    "signed",
    "tell",
    "transport",
    "unit_letters",
    "unit_name",
]


def _evolve(state: BTState, event: Event) -> BTState:
    return evolve(event, state)


def tell(
    entry: int, command: Command, events: Sequence[Event], state: BTState
) -> tuple[list[Told], BTState]:
    """Tell one command and its events (an `engine.narration.Tell`).

    Args:
        entry: the command's index in the log.
        command: the command.
        events: what it caused.
        state: the state before it.

    Returns:
        The lines (the command's first) and the state after the events.
    """
    return tell_events(
        entry,
        command_text(command, state),
        events,
        state,
        evolve=_evolve,
        describe=describe,
        routine=is_routine,
    )
