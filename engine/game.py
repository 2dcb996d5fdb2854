"""The event-sourced kernel: commands, events, the Ruleset protocol, and Game (DESIGN 2).

A ruleset is three pure functions: ``start(setup) -> state``, ``decide(state, command, dice) ->
events`` and ``evolve(state, event) -> state``. `Game` keeps the log of accepted entries ``(command,
events)`` and derives everything else from it: the current state (folded from the nearest snapshot),
the position of the dice stream, what undo and redo may do.

Rule violations: ``decide`` raises `IllegalCommand` deep inside the rules, where a guard fails;
`Game.execute` turns it into a returned `Rejected` value, so callers (the TUI, the headless
protocol, bots) branch on a value and never on an exception (STYLE 5). State and log are untouched
by a rejection.

Seats (DESIGN 2): the ruleset says which seats (sides, players) must act now. A command may name the
seat that gives it and is then refused unless that seat is due; without one (hot-seat at one
terminal) it is whoever is due. With a seat, undo and redo touch only that seat's own entries. A
caller may also pass the `Game.version` it saw, so that a stale writer is refused instead of
interleaving. A person playing against the computer takes back their own last command together
with the computer's after it (`Game.own_undo`, never across dice in hot-seat play); an entry may
carry a note, the computer's reason for its command (`Entry.note`).
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Iterator, Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from attrs import field, frozen

from engine.dice import DiceSource
from engine.narration import Told
from engine.schema import Migration

Seat = int
"""Who gives a command: a side's or a player's index, as the ruleset numbers them (DESIGN 2)."""

__all__ = [
    "Accepted",
    "Command",
    "Entry",
    "Event",
    "Game",
    "IllegalCommand",
    "KernelCode",
    "Rejected",
    "Ruleset",
    "Seat",
    "Summary",
    "UndoPolicy",
]


@frozen
class Command:
    """Base of every command: what a player asks for (imperative names: ``MoveUnit``).

    Subclasses set ``TAG``, the stable name used in save files; renaming a class never breaks a
    save.
    """

    TAG: ClassVar[str] = ""


@frozen
class Event:
    """Base of every event: what happened (past tense: ``UnitMoved``), with every die it rolled.

    Subclasses set ``TAG``, the stable name used in save files.
    """

    TAG: ClassVar[str] = ""


class KernelCode(enum.StrEnum):
    """Rejection codes the kernel itself gives (rulesets add their own namespaces)."""

    GAME_OVER = "game/over"
    PARSE = "command/parse"
    UNDO_NOTHING = "undo/nothing"
    UNDO_DICE = "undo/dice"
    REDO_NOTHING = "redo/nothing"
    SEAT_NOT_DUE = "seat/not_due"
    STALE = "game/stale"
    UNDO_NOT_YOURS = "undo/not_yours"
    REDO_NOT_YOURS = "redo/not_yours"


class IllegalCommand(Exception):  # noqa: N818 - the name DESIGN and the issues use
    """A command the rules do not allow; ``message`` is written for the player.

    Args:
        code: a namespaced, stable code such as ``"move/insufficient_mp"``.
        message: one sentence a player can read ("Jump MP 0: the Atlas has no jump jets").
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = str(code)
        self.message = message


C = TypeVar("C", bound=Command)
E = TypeVar("E", bound=Event)
S = TypeVar("S")
SetupT = TypeVar("SetupT")


@frozen
class Entry(Generic[C, E]):
    """One accepted command with the events it caused and the dice it used.

    Attributes:
        command: what the player asked for.
        events: what happened, in order.
        dice_start: the dice stream's position before ``decide`` ran.
        dice_end: its position after; ``dice_end > dice_start`` when dice were rolled.
        seat: the seat that gave the command, or None when unknown (a hot-seat command while
            several seats or none were due, or a save written before seats were recorded). It
            takes no part in equality: two entries are equal when the same thing happened, so
            an old save's entries equal the same commands decided again today.
        note: why the command was given, in one line the log and replays show: a computer
            player's reason ("moved to 0810: light woods +1, ..."); empty for a person's
            command and in saves written before notes. Like ``seat`` it takes no part in
            equality.
    """

    command: C
    events: tuple[E, ...]
    dice_start: int
    dice_end: int
    seat: Seat | None = field(default=None, eq=False)
    note: str = field(default="", eq=False)

    @property
    def rolled(self) -> bool:
        """Whether deciding this command rolled any dice (it is then an undo checkpoint)."""
        return self.dice_end > self.dice_start


@frozen
class Accepted(Generic[C, E]):
    """The outcome of a command, undo or redo that went through.

    Attributes:
        entry: the entry executed, undone or redone.
        action: ``"execute"``, ``"undo"`` or ``"redo"``.
        index: the entry's index in the log.
    """

    entry: Entry[C, E]
    action: str
    index: int


@frozen
class Rejected:
    """The outcome of a command the rules refused: nothing changed."""

    code: str
    reason: str


@frozen
class Summary:
    """What a save browser or ``hexmech inspect`` says about a game in one line.

    Attributes:
        turn: where the game stands, e.g. ``"turn 3"`` or ``"wave 2"``.
        result: who won and how, or None while the game goes on.
        players: the sides' names.
    """

    turn: str
    result: str | None = None
    players: tuple[str, ...] = ()

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.result is not None

    @property
    def status(self) -> str:
        """``"finished"`` or ``"in progress"``."""
        return "finished" if self.over else "in progress"


class Ruleset(Protocol[S, C, E, SetupT]):
    """One rule system: its types, its three pure functions, and its command language.

    Attributes:
        name: the registry name used on the command line and in save headers.
        title: a human name ("Paper 'Mech").
        setup_type: the attrs class of a game's setup, stored in the save header.
        command_types: every command class (each with a unique ``TAG``).
        event_types: every event class (each with a unique ``TAG``).
        command_help: the command language, as text for ``hexmech help commands``.
        schema_version: the version of its setup, command and event fields that saves record.
        migrations: schema v -> the `Migration` of saved data from v to v + 1.
    """

    name: str
    title: str
    setup_type: type[SetupT]
    command_types: tuple[type[C], ...]
    event_types: tuple[type[E], ...]
    command_help: str
    schema_version: int
    migrations: Mapping[int, Migration]

    def make_setup(self, scenario: Mapping[str, Any] | None) -> SetupT:
        """Build a setup from a parsed scenario (TOML table), or the default one for None."""
        ...

    def start(self, setup: SetupT) -> S:
        """Return the initial state of a game."""
        ...

    def decide(self, state: S, command: C, dice: DiceSource) -> Sequence[E]:
        """Validate ``command`` and resolve it into events; raise `IllegalCommand` if illegal."""
        ...

    def evolve(self, state: S, event: E) -> S:
        """Apply one event: no dice, no validation."""
        ...

    def seats_to_act(self, state: S) -> frozenset[Seat]:
        """Return the seats that must act now: empty when the game is over or nobody is due."""
        ...

    def view(self, state: S, seat: Seat | None) -> S:
        """Return ``state`` as ``seat`` may see it (None: a spectator); hidden things left out."""
        ...

    def parse_command(self, text: str, state: S) -> C:
        """Read one line of the command language; raise `IllegalCommand` (``command/parse``)."""
        ...

    def summary(self, state: S) -> Summary:
        """Describe the state for lists and summaries."""
        ...

    def tell(self, entry: int, command: C, events: Sequence[E], state: S) -> tuple[list[Told], S]:
        """Tell one log entry in words (`engine.narration.Tell`): its lines, the state after."""
        ...


class UndoPolicy(enum.StrEnum):
    """How far undo may go back (DESIGN 2).

    HOTSEAT: undo crosses freely over entries that rolled no dice, and stops at one that did: nobody
    gets to roll again. SOLO: undo may cross dice too; the dice stream rewinds with it, so the same
    rolls come back.
    """

    HOTSEAT = "hotseat"
    SOLO = "solo"


class Game(Generic[S, C, E, SetupT]):
    """A game: ruleset, setup, dice, and the log of entries, with undo, redo and seek.

    The log holds every entry ever accepted that is still on record; ``cursor`` says how many of
    them are in effect. Entries past the cursor are the redo list, and a new command drops them.
    States are rebuilt from the nearest snapshot (one every ``snapshot_every`` entries), so undo and
    seek cost at most ``snapshot_every`` evolves.

    Args:
        ruleset: the rules.
        setup: the game's setup (scenario, units, options).
        dice: the dice stream at position 0 (a seeded `Dice` or `ScriptedDice`).
        undo_policy: hot-seat (the default) or solo.
        snapshot_every: how many entries between two kept states.
    """

    def __init__(
        self,
        ruleset: Ruleset[S, C, E, SetupT],
        setup: SetupT,
        dice: DiceSource,
        *,
        undo_policy: UndoPolicy = UndoPolicy.HOTSEAT,
        snapshot_every: int = 32,
    ) -> None:
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1")
        self.ruleset = ruleset
        self.setup = setup
        self.dice = dice.at(0)
        self.undo_policy = undo_policy
        self.snapshot_every = snapshot_every
        self.initial: S = ruleset.start(setup)
        self._log: list[Entry[C, E]] = []
        self._cursor = 0
        self._snapshots: dict[int, S] = {0: self.initial}
        self._state: S = self.initial
        self._version = 0
        self._deferred = False
        self._restored: dict[int, S] = {}

    # ------------------------------------------------------------------ queries
    @property
    def state(self) -> S:
        """The state after every entry in effect."""
        return self._state

    @property
    def cursor(self) -> int:
        """How many entries are in effect."""
        return self._cursor

    @property
    def entries(self) -> tuple[Entry[C, E], ...]:
        """The entries in effect, oldest first."""
        return tuple(self._log[: self._cursor])

    def entries_between(self, start: int, stop: int | None = None) -> tuple[Entry[C, E], ...]:
        """The entries in effect from ``start`` up to ``stop`` (default: the cursor), oldest first.

        It copies only those entries, where ``entries[start:stop]`` copies the whole log first: a
        caller that follows a game command by command pays for what is new, not for the game.
        """
        end = self._cursor if stop is None else max(0, min(stop, self._cursor))
        return tuple(self._log[max(0, start) : end])

    @property
    def log(self) -> tuple[Entry[C, E], ...]:
        """Every entry on record, including the redo list past the cursor."""
        return tuple(self._log)

    @property
    def dice_position(self) -> int:
        """Where the dice stream stands: derived from the log, so undo rewinds it for free."""
        return self._log[self._cursor - 1].dice_end if self._cursor else 0

    @property
    def summary(self) -> Summary:
        """The ruleset's summary of the current state."""
        return self.ruleset.summary(self._state)

    # ------------------------------------------------------------------ seats and versions
    @property
    def version(self) -> int:
        """How many changes this object has made to its log or cursor since it was built.

        It counts one for every `append` (each accepted `execute`, and each entry a save loader
        appends), every accepted `undo` and `redo`, and every `seek` that moves the cursor;
        rejections count nothing. A game loaded from a journal so stands at the number of lines
        after its header, the same in every window that loads the file. Pass the version you saw
        as ``expected`` so that a command is refused if somebody acted in between.
        """
        return self._version

    @property
    def seats_to_act(self) -> frozenset[Seat]:
        """The seats that must act now, per the ruleset (empty when the game is over)."""
        return self.ruleset.seats_to_act(self._state)

    def view(self, seat: Seat | None = None) -> S:
        """Return the current state as ``seat`` may see it (None: a spectator)."""
        return self.ruleset.view(self._state, seat)

    def seat_name(self, seat: Seat) -> str:
        """Name a seat for a player: the summary's player name, else ``"seat 2"``."""
        players = self.summary.players
        return players[seat] if 0 <= seat < len(players) else f"seat {seat}"

    def stale_refusal(self, expected: int | None) -> Rejected | None:
        """Refuse a caller who saw another `version` than the current one (None: no check)."""
        if expected is None or expected == self._version:
            return None
        return Rejected(
            KernelCode.STALE,
            f"The game has moved on since you looked: it is at change {self._version}, "
            f"you saw change {expected}. Look again, then act.",
        )

    def seat_refusal(self, seat: Seat | None) -> Rejected | None:
        """Refuse a seat that is not due to act now (None, hot-seat: whoever is due, no check)."""
        if seat is None:
            return None
        due = self.seats_to_act
        if seat in due:
            return None
        names = [self.seat_name(s) for s in sorted(due)]
        if not names:
            who = "nobody is due to act"
        elif len(names) == 1:
            who = f"{names[0]} is to act"
        else:
            who = f"{', '.join(names[:-1])} or {names[-1]} may act"
        return Rejected(KernelCode.SEAT_NOT_DUE, f"It is not {self.seat_name(seat)}'s turn: {who}.")

    def _acting(self, seat: Seat | None) -> Seat | None:
        """The seat to record on an entry: the one given, else the only one due, else None."""
        if seat is not None:
            return seat
        due = self.seats_to_act
        return next(iter(due)) if len(due) == 1 else None

    def _not_yours(
        self, entry: Entry[C, E], seat: Seat | None, code: KernelCode
    ) -> Rejected | None:
        """Refuse ``seat`` an entry of another seat (one with no seat recorded is anyone's)."""
        if seat is None or entry.seat is None or entry.seat == seat:
            return None
        owner = self.seat_name(entry.seat)
        again = "take it back" if code is KernelCode.UNDO_NOT_YOURS else "make it again"
        return Rejected(code, f"That was {owner}'s move: only {owner} can {again}.")

    def state_at(self, index: int, events: int = 0) -> S:
        """Return the state after ``index`` entries and the first ``events`` events of the next.

        Args:
            index: how many entries of the log to apply (0..len(log)).
            events: how many events of entry ``index`` to apply after them (for event-by-event
                replay); 0 by default.

        Raises:
            IndexError: if ``index`` or ``events`` is outside the log.
        """
        if not 0 <= index <= len(self._log):
            raise IndexError(f"entry {index} is outside the log of {len(self._log)} entries")
        state = self._folded_to(index)
        if events:
            if index == len(self._log) or not 0 <= events <= len(self._log[index].events):
                raise IndexError(f"entry {index} has no event {events}")
            state = self._fold(state, self._log[index].events[:events])
        return state

    def _folded_to(self, index: int) -> S:
        """The state after ``index`` entries, folded from the nearest kept state before it.

        The states passed on the way at every ``snapshot_every`` entries are kept, so that a game
        opened from a state its save kept (`restore`) builds its history once, when first asked.
        """
        every = self.snapshot_every
        base = (index // every) * every
        if base not in self._snapshots or self._restored:  # restored states are off the grid
            base = max(k for k in self._snapshots if k <= index)
        state = self._snapshots[base]
        for position in range(base, index):
            state = self._fold(state, self._log[position].events)
            if (position + 1) % every == 0:
                self._snapshots.setdefault(position + 1, state)
        return state

    def defer(self) -> None:
        """Record entries, undos and redos without folding them, until `restore` gives the state.

        A save loader that holds a later state (a snapshot the save kept) appends the entries
        before it this way: the state in between is never computed, and `state`, `summary` and
        what depends on them mean nothing until `restore` is called. States before the restored
        one are folded when first asked for (`state_at`).
        """
        self._deferred = True

    @property
    def deferred(self) -> bool:
        """Whether entries are being recorded without their states (`defer`, until `restore`)."""
        return self._deferred

    def check_restored(self, chunk: int = 64) -> Iterator[int]:
        """Fold the log from the start up to the states `restore` took, and compare them.

        A generator: ``chunk`` entries per step, yielding how many are folded, so a caller can
        spread the work. The states on the way are kept (every ``snapshot_every`` entries), so
        undo and seek need not fold them again. It stops early, with nothing to say, once the
        restored states are gone from the log (an undo before them, then a new command).

        Raises:
            ValueError: ``"entry N: ..."``: an entry whose events cannot be applied, an entry
                after the game had ended, or a restored state that its entries do not give.
        """
        restored = sorted(self._restored.items())
        state, done = self.initial, 0
        for index, kept in restored:
            while done < index:
                if self._snapshots.get(index) is not kept:
                    return  # the log changed under the restored state: what is left is folded
                stop = min(index, done + chunk)
                for position in range(done, stop):
                    state = self._checked_fold(state, position)
                    if (position + 1) % self.snapshot_every == 0:
                        self._snapshots.setdefault(position + 1, state)
                done = stop
                yield done
            if self._snapshots.get(index) is kept and state != kept:
                msg = f"entry {index - 1}: the state the save kept is not what its entries give"
                raise ValueError(msg)
        self._restored.clear()

    def _checked_fold(self, state: S, position: int) -> S:
        """Apply entry ``position`` to ``state`` as a save loader does (`check_restored`)."""
        if self.ruleset.summary(state).over:
            raise ValueError(f"entry {position}: an entry after the game had ended")
        try:
            state = self._fold(state, self._log[position].events)
            self.ruleset.summary(state)
        except Exception as exc:  # an event the state cannot take is damage
            raise ValueError(f"entry {position}: the events cannot be applied: {exc}") from exc
        return state

    def restore(self, state: S, *, more: bool = False) -> None:
        """Take ``state`` as the state after the entries in effect, and stop deferring.

        The caller vouches that ``state`` is what folding those entries from the initial state
        gives (``restored == replay()``); a save loader checks it later, in the background.
        ``more``: a later state will be restored; this one is kept (for `state_at`) and the
        entries after it are still deferred.
        """
        self._deferred = more
        self._state = state
        self._snapshots[self._cursor] = state
        self._restored[self._cursor] = state

    def undo_refusal(
        self, seat: Seat | None = None, *, expected: int | None = None
    ) -> Rejected | None:
        """Say why undo is not possible now, or None when it is.

        Args:
            seat: who asks; the last entry in effect must be that seat's own (or have no seat).
                None (hot-seat, solo): anyone's.
            expected: the `version` the caller saw, or None for no check.
        """
        stale = self.stale_refusal(expected)
        if stale is not None:
            return stale
        if self._cursor == 0:
            return Rejected(KernelCode.UNDO_NOTHING, "There is nothing to undo.")
        last = self._log[self._cursor - 1]
        not_yours = self._not_yours(last, seat, KernelCode.UNDO_NOT_YOURS)
        if not_yours is not None:
            return not_yours
        if last.rolled and self.undo_policy is UndoPolicy.HOTSEAT:
            return Rejected(
                KernelCode.UNDO_DICE, "Dice have been rolled since then: that cannot be undone."
            )
        return None

    def own_undo(self, mine: Collection[Seat], *, expected: int | None = None) -> int | Rejected:
        """How many entries a person's undo takes back when other seats (the computer) acted since.

        A person who plays the seats ``mine`` against computer seats takes back their own last
        command and every command the others gave after it, in one step: this returns how many
        entries that is (call `undo` so many times), or why it cannot be done. An entry with no
        seat recorded counts as the person's (hot-seat). Hot-seat undo never crosses dice: when
        the person's entry or any later one rolled, it is refused (SOLO crosses them).

        Args:
            mine: the person's seats.
            expected: the `version` the caller saw, or None for no check.
        """
        stale = self.stale_refusal(expected)
        if stale is not None:
            return stale
        for index in range(self._cursor - 1, -1, -1):
            entry = self._log[index]
            if entry.rolled and self.undo_policy is UndoPolicy.HOTSEAT:
                return Rejected(
                    KernelCode.UNDO_DICE,
                    "Dice have been rolled since your last command: it cannot be undone.",
                )
            if entry.seat is None or entry.seat in mine:
                return self._cursor - index
        return Rejected(KernelCode.UNDO_NOTHING, "You have no command to undo.")

    def own_redo(self, mine: Collection[Seat]) -> int | Rejected:
        """How many entries a person's redo gives again: their own, and the others' after it.

        The mirror of `own_undo`: the entry past the cursor and every later one of other seats
        up to the person's next one (or the end of the redo list).
        """
        if self._cursor == len(self._log):
            return Rejected(KernelCode.REDO_NOTHING, "There is nothing to redo.")
        count = 1
        for entry in self._log[self._cursor + 1 :]:
            if entry.seat is None or entry.seat in mine:
                break
            count += 1
        return count

    # ------------------------------------------------------------------ commands
    def decide(
        self,
        command: C,
        *,
        seat: Seat | None = None,
        expected: int | None = None,
        note: str = "",
    ) -> Entry[C, E] | Rejected:
        """Decide ``command`` against the current state without applying it.

        The entry can then be written down before `append` applies it (a journal does so, so that
        what is in memory is never ahead of what is on disk). Refusals come in this order: a stale
        ``expected``, the game being over, a seat that is not due, then the rules.

        Args:
            command: what the player asks for.
            seat: who asks; it must be in `seats_to_act`. None (hot-seat): whoever is due.
            expected: the `version` the caller saw, or None for no check.
            note: why the command is given (`Entry.note`: a computer player's reason).

        Raises:
            DiceExhaustedError: when scripted dice run out (a setup failure, not a rule).
        """
        stale = self.stale_refusal(expected)
        if stale is not None:
            return stale
        if self.summary.over:
            return Rejected(KernelCode.GAME_OVER, "The game is over.")
        not_due = self.seat_refusal(seat)
        if not_due is not None:
            return not_due
        dice = self.dice.at(self.dice_position)
        start = dice.position
        try:
            events = tuple(self.ruleset.decide(self._state, command, dice))
        except IllegalCommand as illegal:
            return Rejected(illegal.code, illegal.message)
        return Entry(command, events, start, dice.position, self._acting(seat), note)

    def execute(
        self,
        command: C,
        *,
        seat: Seat | None = None,
        expected: int | None = None,
        note: str = "",
    ) -> Accepted[C, E] | Rejected:
        """Decide ``command`` and, if legal, record and apply its events.

        Args:
            command: what the player asks for.
            seat: who asks (see `decide`); None is hot-seat, whoever is due.
            expected: the `version` the caller saw, or None for no check.
            note: why the command is given (`Entry.note`).

        Raises:
            DiceExhaustedError: when scripted dice run out (a setup failure, not a rule).
        """
        entry = self.decide(command, seat=seat, expected=expected, note=note)
        return entry if isinstance(entry, Rejected) else self.append(entry)

    def append(self, entry: Entry[C, E]) -> Accepted[C, E]:
        """Record an entry decided elsewhere (a save being loaded) and apply its events.

        Drops the redo list, like any new command.
        """
        deferred = self._deferred
        state = self._state if deferred else self._fold(self._state, entry.events)
        if self._cursor < len(self._log):
            self._drop_redo()
        self._log.append(entry)
        self._cursor += 1
        self._version += 1
        self._state = state
        if self._cursor % self.snapshot_every == 0 and not deferred:
            self._snapshots[self._cursor] = state
        return Accepted(entry, "execute", self._cursor - 1)

    def _drop_redo(self) -> None:
        """Forget the entries past the cursor and the snapshots taken among them.

        Only the snapshots past the cursor are visited (at most one per ``snapshot_every`` entries
        of the redo list), so a new command after an undo costs nothing per entry of the game.
        """
        every = self.snapshot_every
        for index in range((self._cursor // every + 1) * every, len(self._log) + 1, every):
            self._snapshots.pop(index, None)
        if len(self._snapshots) > len(self._log) // every + 1:  # restored ones off the grid
            for index in [k for k in self._snapshots if k > self._cursor]:
                del self._snapshots[index]
        del self._log[self._cursor :]

    def redo_refusal(
        self, seat: Seat | None = None, *, expected: int | None = None
    ) -> Rejected | None:
        """Say why redo is not possible now, or None when it is.

        Args:
            seat: who asks; the entry to redo must be that seat's own (or have no seat).
            expected: the `version` the caller saw, or None for no check.
        """
        stale = self.stale_refusal(expected)
        if stale is not None:
            return stale
        if self._cursor == len(self._log):
            return Rejected(KernelCode.REDO_NOTHING, "There is nothing to redo.")
        return self._not_yours(self._log[self._cursor], seat, KernelCode.REDO_NOT_YOURS)

    def undo(
        self, seat: Seat | None = None, *, expected: int | None = None
    ) -> Accepted[C, E] | Rejected:
        """Take back the last entry, if the undo policy (and, given a seat, its owner) allows it."""
        refusal = self.undo_refusal(seat, expected=expected)
        if refusal is not None:
            return refusal
        self._cursor -= 1
        self._version += 1
        if not self._deferred:
            self._state = self.state_at(self._cursor)
        return Accepted(self._log[self._cursor], "undo", self._cursor)

    def redo(
        self, seat: Seat | None = None, *, expected: int | None = None
    ) -> Accepted[C, E] | Rejected:
        """Apply again the entry the last undo took back (given a seat: only its own)."""
        refusal = self.redo_refusal(seat, expected=expected)
        if refusal is not None:
            return refusal
        entry = self._log[self._cursor]
        if not self._deferred:
            self._state = self._fold(self._state, entry.events)
        self._cursor += 1
        self._version += 1
        return Accepted(entry, "redo", self._cursor - 1)

    def seek(self, index: int) -> S:
        """Move the cursor to ``index`` for replays, whatever the undo policy; return the state.

        The log is kept: seeking forward again is a redo. A new command after a seek back drops the
        entries past the cursor, as after undo.
        """
        self._state = self.state_at(index)
        if index != self._cursor:
            self._version += 1
        self._cursor = index
        return self._state

    def replay(self) -> S:
        """Fold every entry in effect from the initial state (a check that the log rebuilds it)."""
        state = self.initial
        for entry in self._log[: self._cursor]:
            state = self._fold(state, entry.events)
        return state

    def _fold(self, state: S, events: Sequence[E]) -> S:
        for event in events:
            state = self.ruleset.evolve(state, event)
        return state
