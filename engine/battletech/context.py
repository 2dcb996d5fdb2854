"""The working context of one `decide` call: the state so far, the dice, the events emitted.

Rules emit events through `Ctx.emit`, which applies each at once, so a later rule of the same
command sees its effect (a fall before the next step, damage before the pilot's roll).
"""

from __future__ import annotations

from engine.battletech.events import BTEvent
from engine.battletech.evolve import evolve
from engine.battletech.state import BTState
from engine.dice import DiceSource

__all__ = ["Ctx"]


class Ctx:
    """The state, the dice and the events of one command being resolved."""

    def __init__(self, state: BTState, dice: DiceSource) -> None:
        self.state = state
        self.dice = dice
        self.events: list[BTEvent] = []

    def emit(self, event: BTEvent) -> None:
        """Record ``event`` and apply it to the working state."""
        self.events.append(event)
        self.state = evolve(event, self.state)

    def roll(self, count: int = 2) -> tuple[int, ...]:
        """Roll ``count`` six-sided dice."""
        return tuple(self.dice.roll(count))

    def die(self) -> int:
        """Roll one six-sided die."""
        return self.dice.die(6)
