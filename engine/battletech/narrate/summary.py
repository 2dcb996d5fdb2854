"""The after-action report of a BattleTech game: what each unit did and what it suffered.

Pure: it reads the events of a game (`Game.log` entries' events, in order) and the final state.
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import define, field, frozen

from engine.battletech import events as ev
from engine.battletech import kindevents as kev
from engine.battletech.narrate.words import cause_text
from engine.battletech.state import BTState, Phase, UnitState

__all__ = ["AfterAction", "UnitReport", "after_action"]


@frozen
class UnitReport:
    """One unit's part in the battle.

    Attributes:
        unit: its index.
        name: the design's name.
        pilot: the MechWarrior's name.
        side: its side's index.
        status: "operational", "destroyed (cause)", "ejected", "withdrew" or "not deployed".
        kills: the units it destroyed.
        dealt: damage points it did to other units.
        taken: damage points it took (from any cause).
        shots: weapon attacks it rolled.
        hits: of those, how many hit.
        wounds: the MechWarrior's wounds at the end.
    """

    unit: int
    name: str
    pilot: str
    side: int
    status: str
    kills: tuple[int, ...] = ()
    dealt: int = 0
    taken: int = 0
    shots: int = 0
    hits: int = 0
    wounds: int = 0


@frozen
class AfterAction:
    """The result and every unit's report, sides in order."""

    result: str
    turns: int
    units: tuple[UnitReport, ...]

    def side(self, side: int) -> tuple[UnitReport, ...]:
        """The reports of one side's units."""
        return tuple(u for u in self.units if u.side == side)


@define
class _Counts:
    dealt: dict[int, int] = field(factory=dict)
    taken: dict[int, int] = field(factory=dict)
    kills: dict[int, list[int]] = field(factory=dict)
    shots: dict[int, int] = field(factory=dict)
    hits: dict[int, int] = field(factory=dict)
    causes: dict[int, str] = field(factory=dict)
    attackers: list[int] = field(factory=list)
    result: str = "the game goes on"

    def add(self, event: ev.BTEvent) -> None:
        match event:
            case ev.PhaseStarted() if event.phase in {Phase.WEAPON, Phase.PHYSICAL}:
                self.attackers = []
            case ev.AttackDeclared():
                self.attackers.append(event.attack.attacker)
            case ev.AttackRolled() if event.attack < len(self.attackers):
                attacker = self.attackers[event.attack]
                self.shots[attacker] = self.shots.get(attacker, 0) + 1
                self.hits[attacker] = self.hits.get(attacker, 0) + int(event.hit)
            case ev.DamageApplied():
                self._damage(event.unit, event.source, event.armor + event.internal)
            case kev.VehicleHit() | kev.TroopersLost() | kev.TrooperHit():
                self._damage(event.unit, event.source, event.damage)  # BT-C-24, BT-C-35
            case ev.UnitDestroyed():
                self.causes.setdefault(event.unit, cause_text(event.cause))
                if event.by is not None and event.by != event.unit:
                    self.kills.setdefault(event.by, []).append(event.unit)
            case ev.GameEnded():
                self.result = event.reason
            case _:
                pass

    def _damage(self, unit: int, source: int | None, points: int) -> None:
        """``points`` of damage taken by ``unit``, dealt by ``source`` (none: a fall, the heat)."""
        self.taken[unit] = self.taken.get(unit, 0) + points
        if source is not None and source != unit:
            self.dealt[source] = self.dealt.get(source, 0) + points


def _status(unit: UnitState, cause: str | None) -> str:
    if unit.is_mech and unit.mech.ejected:  # only MechWarriors eject
        return "ejected"
    if unit.withdrawn:
        return "withdrew"
    if unit.destroyed:
        return f"destroyed ({cause or 'unknown'})"
    if unit.hex is None:
        return "not deployed"
    return "operational"


def after_action(state: BTState, events: Iterable[ev.BTEvent]) -> AfterAction:
    """Build the report from a game's events (in order) and its final ``state``."""
    counts = _Counts()
    for event in events:
        counts.add(event)
    reports = tuple(
        UnitReport(
            index,
            unit.name,
            unit.pilot.name,
            unit.side,
            _status(unit, counts.causes.get(index)),
            tuple(counts.kills.get(index, ())),
            counts.dealt.get(index, 0),
            counts.taken.get(index, 0),
            counts.shots.get(index, 0),
            counts.hits.get(index, 0),
            unit.mech.wounds if unit.is_mech else 0,  # a crew's or men's losses are elsewhere
        )
        for index, unit in enumerate(state.units)
    )
    return AfterAction(counts.result, state.turn, reports)
