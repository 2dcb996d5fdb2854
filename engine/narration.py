"""A game told in words: the lines every ruleset gives for its commands and events (kernel, pure).

Every ruleset tells one log entry the same way (`Tell`): ``tell(index, command, events, state)``
folds the command's events from the state before it and returns a `Told` line for the command,
then one per event, with the state after them. `tell_events` is that fold, given a ruleset's words;
`tell_entries` tells a run of entries (a whole game, or what came since a point), for the TUI's
log, a replay, a bot or a headless spectator alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from attrs import frozen

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence

    from engine.game import Command, Entry, Event, Ruleset

__all__ = [
    "COMMAND",
    "Roll",
    "Tell",
    "Told",
    "note_line",
    "tell_entries",
    "tell_events",
]

COMMAND = -1
"""The `Told.event` of the line that names the command itself."""

S = TypeVar("S")


@frozen
class Roll:
    """One labelled group of dice an event rolled (a dice tray shows them).

    Attributes:
        label: what the dice were for: "wave table", "location", "H attack", "LA2 attack", ...
        dice: the faces, in the order rolled.
        scored: for attack and repair dice, which faces counted (hit, repair); empty otherwise.
        outcome: what the roll decided, in a few words: "right shoulder", "vs 3: 2 damage".
    """

    label: str
    dice: tuple[int, ...]
    scored: tuple[bool, ...] = ()
    outcome: str = ""


@frozen
class Told:
    """One line of the story.

    Attributes:
        entry: the index of the command in the game's log.
        event: the index of the event in that command's events, or `COMMAND` for the command.
        text: the line.
        rolls: the dice the event rolled, for rulesets that show them apart (empty for most).
        routine: the event only repeats the usual (a log leaves it out; a replay shows it).
    """

    entry: int
    event: int
    text: str
    rolls: tuple[Roll, ...] = ()
    routine: bool = False

    @property
    def is_command(self) -> bool:
        """Whether this is the line naming the command."""
        return self.event == COMMAND


class Tell(Protocol[S]):
    """How a ruleset tells one entry of its log (`engine.game.Ruleset.tell`)."""

    def __call__(
        self, entry: int, command: Command, events: Sequence[Event], state: S
    ) -> tuple[list[Told], S]:
        """Tell one command and its events.

        Args:
            entry: the command's index in the log.
            command: the command.
            events: what it caused.
            state: the state before it.

        Returns:
            The lines (the command's first) and the state after the events.
        """
        ...


def _no_rolls(event: Event, before: Any) -> Sequence[Roll]:  # noqa: ANN401 - any state
    del event, before
    return ()


def _never(event: Event) -> bool:
    del event
    return False


def tell_events(
    entry: int,
    headline: str,
    events: Sequence[Event],
    state: S,
    *,
    evolve: Callable[[S, Event], S],
    describe: Callable[[Event, S, S], str],
    rolls: Callable[[Event, S], Sequence[Roll]] = _no_rolls,
    routine: Callable[[Event], bool] = _never,
) -> tuple[list[Told], S]:
    """Fold one command's events into lines: the command's first, then one per event.

    Args:
        entry: the command's index in the log.
        headline: the command's own line.
        events: what the command caused.
        state: the state before them.
        evolve: the ruleset's ``evolve(state, event)``.
        describe: the sentence of an event, from the states before and after it.
        rolls: the dice of an event worth showing apart, from the state before it.
        routine: whether a log may leave an event's line out.

    Returns:
        The lines and the state after the events.
    """
    lines = [Told(entry, COMMAND, headline)]
    for index, event in enumerate(events):
        after = evolve(state, event)
        said = describe(event, state, after)
        lines.append(Told(entry, index, said, tuple(rolls(event, state)), routine(event)))
        state = after
    return lines, state


def tell_entries(
    ruleset: Ruleset[S, Any, Any, Any],
    state: S,
    entries: Iterable[Entry[Any, Any]],
    *,
    first: int = 0,
) -> list[list[Told]]:
    """Tell a run of log entries with the ruleset's `Tell`, each from the state the last left.

    Args:
        ruleset: the game's rules.
        state: the state before the first entry.
        entries: the entries, in log order.
        first: the log index of the first entry.

    Returns:
        The lines of each entry; an entry with a note (`engine.game.Entry.note`: a computer
        player's reason) has a `note_line` after its command's line.
    """
    told: list[list[Told]] = []
    for index, entry in enumerate(entries, start=first):
        lines, state = ruleset.tell(index, entry.command, entry.events, state)
        if entry.note:
            lines.insert(1, note_line(index, entry.note))
        told.append(lines)
    return told


NOTE_PREFIX = "Computer: "
"""How the log starts the line of an entry's note (only computer players give notes)."""


def note_line(entry: int, note: str) -> Told:
    """The line that tells why a command was given: ``Computer: <reason>`` (issue 21).

    It belongs to the command (``event`` is `COMMAND`), so a replay shows it with the command.
    """
    return Told(entry, COMMAND, NOTE_PREFIX + note)
