"""The log as one side may read it at night: no line names an enemy that side does not know of.

The log is told from the whole state (`engine.battletech.narrate`): at night that would name
every hidden enemy, where it walked and what it rolled. `SeatStory` is the screen's
`tui.widgets.story.Story` told for a seat (issue 16 item 3): it tells an entry as usual, then
folds the entry's events from the state before it and keeps only the lines whose units the seat
knows of (`engine.battletech.rules.night.known_enemies`) before or after the event. A command line
is kept whole when its units are known before and after it; else it is told again in a few words
that give nothing away (`retold`): "Kurita: Griffin [G] moves out of sight", "Kurita: a unit
moves unseen". By day, and for the whole view (seat None), nothing is left out.

The seat comes from a callable (the screen's: the side at the terminal, or the view a spectator
chose); when it changes, what was told is told again for the new seat, lazily as ever.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.battletech import commands as cmd
from engine.battletech import events as ev
from engine.battletech.narrate.words import unit_name
from engine.battletech.nightcommands import ChooseJitterFirer
from engine.battletech.nightevents import (
    JitterAsked,
    JitterChosen,
    MovementRolled,
    StrayEnded,
    StrayRolled,
)
from engine.battletech.rules.night import known_enemies
from engine.narration import COMMAND, Told
from tui.widgets.story import Story

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from engine.battletech.state import BTState
    from engine.game import Game

    AnyGame = Game[Any, Any, Any, Any]

__all__ = ["SeatStory", "named_units", "retold", "told_for"]

UNIT_TARGETS = (ev.ChargeDeclared, ev.DFADeclared, ev.FellOntoUnit, cmd.PhysicalAttack)
"""The events and commands whose ``target`` is a unit (elsewhere it is a target number)."""

MOVING = (ev.UnitEntered, ev.UnitJumped, ev.UnitTurned, ev.UnitDisplaced, ev.UnitSkidded)
"""Events that put a unit in a new hex or facing: told only if it is known after them (the line
names where it went)."""

WHOLE_MOVE = (ev.MovementEnded, StrayEnded, MovementRolled, StrayRolled, JitterAsked, JitterChosen)
"""Events that tell a whole move (where it started, its path, why it strayed): told only if the
unit was known when the command began, too."""

MOVES = (cmd.Move, cmd.Jump, cmd.EndMove, cmd.Deploy, ChooseJitterFirer)
"""Commands that say where a unit goes: told whole only if it was known before and after (the
answer to NT-4's question goes on the straying unit's move: it names that unit too)."""


def named_units(item: object, state: BTState) -> frozenset[int]:
    """Return the units a command or an event names (its unit, its target, an attack's two).

    Args:
        item: the command or the event.
        state: the state before it (an attack's number is an index of its ``attacks``).
    """
    found: set[int] = set()
    for name in ("unit", "by", "source", "charge", "dfa", "primary"):
        value = getattr(item, name, None)
        if isinstance(value, int) and not isinstance(value, bool):
            found.add(value)
    target = getattr(item, "target", None)
    if isinstance(item, UNIT_TARGETS) and isinstance(target, int):
        found.add(target)
    if isinstance(item, cmd.FireWeapons):
        found.update(shot.target for shot in item.shots if shot.target is not None)
    night = state.night
    if isinstance(item, ChooseJitterFirer) and night is not None and night.asking is not None:
        found.add(night.asking.unit)  # the straying unit whose move the answer goes on
    attack = getattr(item, "attack", None)
    if isinstance(attack, int) and 0 <= attack < len(state.attacks):
        attack = state.attacks[attack]
    if attack is not None and not isinstance(attack, int):
        found.add(attack.attacker)
        if attack.target is not None:
            found.add(attack.target)
    return frozenset(u for u in found if 0 <= u < len(state.units))


def _knows(state: BTState, seat: int) -> Callable[[frozenset[int]], bool]:
    """Whether ``seat`` knows of every unit of a set in ``state`` (its own units: always)."""
    known = known_enemies(state, seat)

    def knows(units: frozenset[int]) -> bool:
        return all(state.units[u].side == seat or u in known for u in units)

    return knows


def retold(command: object, state: BTState, *, before: bool, after: bool) -> str:
    """Tell a command whose unit the seat does not see throughout, giving nothing away.

    Args:
        command: the command (its ``unit`` is an enemy's).
        state: the state before it.
        before: the seat knew of the unit before the command.
        after: the seat knows of it after.

    Returns:
        "Kurita: Griffin [G] moves out of sight", "... comes into sight", "Kurita: a unit moves
        unseen", "Kurita: a unit deploys unseen" or "Kurita: an order given unseen".
    """
    unit = getattr(command, "unit", None)
    night = state.night
    if isinstance(command, ChooseJitterFirer) and night is not None and night.asking is not None:
        unit = night.asking.unit  # NT-4's answer is the straying unit's side's order
    if not isinstance(unit, int) or not 0 <= unit < len(state.units):
        return "An order given unseen"
    side = state.sides[state.units[unit].side]
    if before:
        return f"{side}: {unit_name(state, unit)} moves out of sight"
    if after:
        return f"{side}: {unit_name(state, unit)} comes into sight"
    if isinstance(command, cmd.Deploy):
        return f"{side}: a unit deploys unseen"
    if isinstance(command, (cmd.Move, cmd.Jump, cmd.EndMove)):
        return f"{side}: a unit moves unseen"
    return f"{side}: an order given unseen"


def told_for(
    told: Sequence[Told],
    command: object,
    events: Sequence[Any],
    state: BTState,
    *,
    seat: int,
    evolve: Callable[[BTState, Any], BTState],
) -> tuple[list[Told], BTState]:
    """Keep the lines of one entry that ``seat`` may read (issue 16 item 3).

    Args:
        told: the entry's lines, the command's first (`engine.battletech.narrate.tell`).
        command: the entry's command.
        events: its events.
        state: the state before it.
        seat: the side reading.
        evolve: the ruleset's ``evolve(state, event)``.

    Returns:
        The lines kept (the command's line first, perhaps told again), and the state after.
    """
    first = state
    hidden: set[int] = set()
    knows_first = knows_now = _knows(state, seat)
    for index, event in enumerate(events):
        after = evolve(state, event)
        knows_after = _knows(after, seat)
        units = named_units(event, state)
        # known before or after (a unit destroyed is known no more); a move: after it
        seen = knows_after(units) or (not isinstance(event, MOVING) and knows_now(units))
        if isinstance(event, WHOLE_MOVE):
            seen = knows_after(units) and knows_first(units)
        if units and not seen:
            hidden.add(index)
        state, knows_now = after, knows_after
    units = named_units(command, first)
    kept: list[Told] = []
    for line in told:
        if line.is_command:
            was, now = knows_first(units), _knows(state, seat)(units)
            if not isinstance(command, MOVES):
                was = was or now  # a shot gives the firer away: its order is told whole
            if not (was and now):
                text = retold(command, first, before=was, after=now)
                line = Told(line.entry, COMMAND, text)  # noqa: PLW2901 - told again
            kept.append(line)
        elif line.event not in hidden:
            kept.append(line)
    return kept, state


class SeatStory(Story):
    """The story told for one seat at a time (`told_for`); the whole story for seat None.

    Args:
        seat: the seat to tell for now (asked at every use; a change tells again).
    """

    def __init__(self, seat: Callable[[], int | None]) -> None:
        super().__init__()
        self._seat = seat
        self._told_for: int | None = None

    def _check(self) -> None:
        """Tell again (lazily) when the seat changed since the lines were told."""
        seat = self._seat()
        if seat != self._told_for:
            self._told_for = seat
            self._told = [None] * len(self._told)

    def _night(self) -> bool:
        game = self._game
        return game is not None and getattr(game.initial, "night", None) is not None

    def _tell(self, start: int, stop: int) -> None:
        """Tell as usual, then keep the lines the seat may read (by night, for a seat)."""
        untold = [i for i in range(start, stop) if self._told[i] is None]
        super()._tell(start, stop)
        seat, game = self._told_for, self._game
        if seat is None or game is None or not untold or not self._night():
            return
        state: BTState | None = None
        previous = -2
        for index in untold:
            if state is None or index != previous + 1:
                state = game.state_at(index)
            entry = game.log[index]
            told = self._told[index]
            assert told is not None  # noqa: S101 - told just now
            self._told[index], state = told_for(
                told, entry.command, entry.events, state, seat=seat, evolve=game.ruleset.evolve
            )
            previous = index

    @property
    def entries(self) -> list[list[Told]]:
        """The lines of every entry, for the seat."""
        self._check()
        return super().entries

    def entry(self, index: int) -> list[Told]:
        """The lines of entry ``index``, for the seat."""
        self._check()
        return super().entry(index)

    def lines(
        self, position: tuple[int, int] | None = None, *, limit: int | None = None
    ) -> tuple[list[Told], int | None]:
        """The log's lines for the seat (see `Story.lines`)."""
        self._check()
        return super().lines(position, limit=limit)

    def tray(self, position: tuple[int, int] | None = None) -> tuple[Told, ...]:
        """The dice lines for the seat (see `Story.tray`)."""
        self._check()
        return super().tray(position)

    def event(self, index: int, events: int) -> Told:
        """The line of the last event applied at a replay position, or a line that hides it."""
        event = events - 1
        for line in self.entry(index):
            if line.event == event:
                return line
        return Told(index, event, "Something happens out of sight")
