"""Landmarks of a game's log for replays: where each turn and phase (BattleTech) or wave begins.

A ruleset's interface says which of its events mark a point of the game (`MarkRule`, the
``marks`` of `tui.ui.RulesetUI`): a phase of turn N begins, wave W of battle B is rolled. The first
mark of a new number is *major* (a new turn, a new wave); the others are minor (the later phases
of the same turn). The rules read an event through its tag and a field getter, so they work on
events (the replay's timeline) and on raw JSON lines (the replay browser, which lists saves without
loading them) alike.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from attrs import frozen

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping, Sequence

    from engine.game import Entry

    Getter = Callable[[str], Any]
    """Reads one field of an event by name."""

__all__ = ["Mark", "MarkRule", "find_marks", "mark_in", "progress_label", "rule_of"]


@frozen
class MarkRule:
    """How one ruleset's events mark its game.

    Attributes:
        reads: event tag -> the mark's number and words from the event's fields:
            ((turn,), "turn 3 movement") or ((battle, wave), "wave 2").
        title: the short words of a number, for the timeline and lists ("turn 3", "b2 w1").
        unit: what a major mark counts ("turn", "wave").
        before: where a game stands before its first mark ("deploying").
    """

    reads: Mapping[str, Callable[[Getter], tuple[tuple[int, ...], str]]]
    title: Callable[[tuple[int, ...]], str]
    unit: str
    before: str = "-"

    @property
    def tags(self) -> frozenset[str]:
        """The tags of the events that mark the game."""
        return frozenset(self.reads)


@frozen
class Mark:
    """A landmark in a log: the event that begins a turn, a phase or a wave.

    Attributes:
        index: the entry (command) whose events hold it.
        event: its index among that entry's events.
        number: (turn,) or (battle, wave).
        label: "turn 3 movement", "wave 2".
        title: "turn 3", "wave 2": the number's short words.
        major: the first mark of its number (a new turn or wave).
    """

    index: int
    event: int
    number: tuple[int, ...]
    label: str
    title: str
    major: bool

    @property
    def position(self) -> tuple[int, int]:
        """The replay position just after the marking event: (entries applied, events applied)."""
        return self.index, self.event + 1


def mark_in(rule: MarkRule, tag: str, get: Getter) -> tuple[tuple[int, ...], str] | None:
    """The number and label of an event that marks a point of the game, else None.

    Args:
        rule: the ruleset's marks.
        tag: the event's tag.
        get: reads the event's fields.
    """
    read = rule.reads.get(tag)
    return None if read is None else read(get)


def find_marks(ruleset: str, entries: Sequence[Entry[Any, Any]]) -> tuple[Mark, ...]:
    """Every mark of a log, in order.

    Args:
        ruleset: the ruleset's registry name.
        entries: the entries (the game's entries in effect).
    """
    rule = rule_of(ruleset)
    if rule is None:
        return ()
    return tuple(_marks(rule, entries))


def _marks(rule: MarkRule, entries: Sequence[Entry[Any, Any]]) -> Iterable[Mark]:
    last: tuple[int, ...] | None = None
    for index, entry in enumerate(entries):
        for number_of, event in enumerate(entry.events):
            found = mark_in(rule, getattr(event, "TAG", ""), partial(getattr, event))
            if found is None:
                continue
            number, label = found
            yield Mark(index, number_of, number, label, rule.title(number), number != last)
            last = number


def progress_label(ruleset: str, number: tuple[int, ...] | None) -> str:
    """Where a game stands, from the number of its last mark: "turn 3", "wave 2", "b2 w1".

    Args:
        ruleset: the ruleset's registry name.
        number: the last mark's number, or None when the game has none yet.
    """
    rule = rule_of(ruleset)
    if rule is None:
        return "-"
    return rule.before if number is None else rule.title(number)


def rule_of(ruleset: str) -> MarkRule | None:
    """The marks of a ruleset, from its interface (`tui.registry`); None when it has none."""
    from tui import registry  # noqa: PLC0415 - the registry's interfaces import this module

    ui = registry.get(ruleset)
    return None if ui is None else ui.marks
