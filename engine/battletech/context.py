"""The working context of one `decide` call: the state so far, the dice, the events emitted.

Rules emit events through `Ctx.emit`, which applies each at once, so a later rule of the same
command sees its effect (a fall before the next step, damage before the pilot's roll).
"""

from __future__ import annotations

from collections.abc import Callable

from attrs import define, field

from engine.battletech.events import BTEvent
from engine.battletech.evolve import evolve
from engine.battletech.state import BTState
from engine.dice import DiceSource

__all__ = ["Ctx", "Tally"]


@define
class Tally:
    """What one attack phase did so far, for its end (BT-C-1 item 3, BT-C-49).

    Lives only while one `decide` call resolves a phase (as ``Ctx.tally``); never stored in the
    state.

    Attributes:
        start: the state when the phase's resolution began (the "start of the phase" of
            BT-C-26 step 4 and the preexisting damage of BT-C-49).
        damage: damage points each unit took this phase (the 20+ PSR).
        psrs: each unit's PSR events this phase: (reason, modifier), e.g. ("kicked", 0).
        falls: units that fall without a roll this phase, with why ("leg destroyed").
        explosions: units that had an internal ammunition explosion (auto-eject, BT-C-59).
    """

    start: BTState
    damage: dict[int, int] = field(factory=dict)
    psrs: dict[int, list[tuple[str, int]]] = field(factory=dict)
    falls: dict[int, str] = field(factory=dict)
    explosions: set[int] = field(factory=set)


class Ctx:
    """The state, the dice and the events of one command being resolved.

    ``tally`` is the current attack phase's `Tally` while one is being resolved, else None.
    ``follow`` is called after each event is applied, with what must follow it wherever it was
    raised (`engine.battletech.rules.transport.follow`: the passengers of a carrier lost).
    """

    def __init__(
        self,
        state: BTState,
        dice: DiceSource,
        follow: Callable[[Ctx, BTEvent], None] | None = None,
    ) -> None:
        self.state = state
        self.dice = dice
        self.events: list[BTEvent] = []
        self.tally: Tally | None = None
        self.follow = follow

    def emit(self, event: BTEvent) -> None:
        """Record ``event``, apply it to the working state, then what follows it (``follow``)."""
        self.events.append(event)
        self.state = evolve(event, self.state)
        if self.follow is not None:
            self.follow(self, event)

    def roll(self, count: int = 2) -> tuple[int, ...]:
        """Roll ``count`` six-sided dice."""
        return tuple(self.dice.roll(count))

    def die(self) -> int:
        """Roll one six-sided die."""
        return self.dice.die(6)
