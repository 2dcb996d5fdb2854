"""The headless protocol (DESIGN 3): commands on standard input, events as JSON lines.

Each line of input is a command in the ruleset's language, ``undo``, ``redo`` or ``help``; each
outcome is written at once: the events of an accepted command, an undo or redo marker, or
``{"error": ..., "code": ...}`` for a refused one (play goes on).

A command the journal cannot save (a full disk, a file made read-only) is not acknowledged: its
error line (code ``save/failed``) ends the game. Output that cannot be written ends play too: a
reader that stopped reading (``| head``) quietly, a failing device (``/dev/full``) with one line on
standard error and exit code 1. Everything acknowledged before is in the save either way.

With the computer playing some seats (`Computers`, ``hexmech play --computer``; issue 21), its
commands are given as soon as it is due, before the next line is read: each is reported as
``{"computer": {"seat", "side", "command", "reason", "alternatives"}}`` followed by its events. A
person's ``undo`` then takes back their own last command and the computer's after it (never
across dice); ``redo`` gives them again.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
from collections.abc import Callable
from typing import IO, Any

from attrs import frozen

from engine.dice import DiceExhaustedError
from engine.game import Accepted, Event, Game, IllegalCommand, Rejected
from saves.codec import make_converter
from saves.journal import Journal, JournalWriteError

__all__ = ["KERNEL_HELP", "Computers", "run_headless"]

KERNEL_HELP = """\
These words work in every game:
  undo        take back the last command (not past a dice roll in hot-seat play)
  redo        apply again what undo took back
  help        this text
Lines that are empty or start with # are ignored."""

AnyGame = Game[Any, Any, Any, Any]

MAX_COMPUTER_COMMANDS = 100_000
"""The most commands the computer gives in a row (a game that never ends stops there)."""


@frozen
class Computers:
    """The seats the computer plays in headless play, and how it decides (issue 21).

    Attributes:
        persons: the seats people play: their undo takes back their own commands.
        due: the computer seat to act now in a game, or None.
        decide: a seat's decision: an object with ``command`` (None: nothing to do), ``reason``
            and ``alternatives`` ((label, score) pairs), as the ruleset's bot gives it.
        describe: a command in the ruleset's command language.
    """

    persons: frozenset[int]
    due: Callable[[AnyGame], int | None]
    decide: Callable[[AnyGame, int], Any]
    describe: Callable[[Any], str]


class _OutputError(Exception):
    """Standard output cannot take a line: ``closed`` when its reader went away."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.strerror or str(error))
        self.closed = isinstance(error, BrokenPipeError)


def run_headless(
    target: Journal | AnyGame,
    game: AnyGame,
    stdin: IO[str],
    stdout: IO[str],
    *,
    computers: Computers | None = None,
) -> int:
    """Read commands line by line; write each event (or error) as one JSON line; return the code.

    Args:
        target: what carries out the commands: the journal (which saves them) or the game itself.
        game: the game being played (the journal's, or ``target``).
        stdin: the commands.
        stdout: the JSON lines.
        computers: the seats the computer plays, or None (people play every seat).

    Returns:
        0 at the end of the input (or when the reader of the output went away), 1 when scripted
        dice ran out, the save could not be written, the output failed or a command raised (a bug).
    """
    conv = make_converter(game.ruleset)

    def emit(data: object) -> None:
        try:
            stdout.write(json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n")
            stdout.flush()
        except OSError as error:
            raise _OutputError(error) from error

    try:
        return _loop(target, game, stdin, emit, conv, computers=computers)
    except _OutputError as error:
        _silence(stdout)  # nothing more may reach it, not even Python's flush at exit
        if error.closed:
            return 0
        print(f"hexmech: cannot write the output: {error}", file=sys.stderr)  # noqa: T201
        return 1
    finally:
        if isinstance(target, Journal):
            target.close()


def _loop(
    target: Journal | AnyGame,
    game: AnyGame,
    stdin: IO[str],
    emit: Any,  # noqa: ANN401 - the writer of one JSON line
    conv: Any,  # noqa: ANN401 - the ruleset's converter
    *,
    computers: Computers | None = None,
) -> int:
    """`run_headless`'s loop: every line of input, then the exit code (output errors pass)."""
    try:
        if not _computers_play(target, game, computers, emit, conv):
            return 1
        for raw in stdin:
            text = raw.strip()
            if not text or text.startswith("#"):
                continue
            for line in _answer(target, game, text, computers, conv):
                emit(line)
            if not _computers_play(target, game, computers, emit, conv):
                return 1
    except _OutputError:
        raise
    except DiceExhaustedError as exc:
        emit({"error": str(exc), "code": "dice/exhausted"})
        return 1
    except JournalWriteError as exc:  # not acknowledged; the game stops here
        emit({"error": str(exc), "code": "save/failed"})
        return 1
    except Exception as exc:  # noqa: BLE001 - a bug must not cost the game: the save is intact
        emit({"error": f"internal error: {type(exc).__name__}: {exc}", "code": "internal"})
        return 1
    return 0


def _computers_play(
    target: Journal | AnyGame,
    game: AnyGame,
    computers: Computers | None,
    emit: Any,  # noqa: ANN401 - the writer of one JSON line
    conv: Any,  # noqa: ANN401 - the ruleset's converter
) -> bool:
    """Give the computer's commands while it is due; False when it cannot go on (a bug)."""
    if computers is None:
        return True
    for _ in range(MAX_COMPUTER_COMMANDS):
        seat = computers.due(game) if not game.summary.over else None
        if seat is None:
            return True
        decision = computers.decide(game, seat)
        command = decision.command
        if command is None:
            emit(
                {
                    "error": f"the computer ({game.seat_name(seat)}) found nothing to do",
                    "code": "computer/stuck",
                }
            )
            return False
        outcome = target.execute(command, seat=seat, note=decision.reason)
        if isinstance(outcome, Rejected):
            emit(
                {
                    "error": f"the computer's command was refused: {outcome.reason}",
                    "code": "computer/refused",
                }
            )
            return False
        emit(
            {
                "computer": {
                    "seat": seat,
                    "side": game.seat_name(seat),
                    "command": computers.describe(command),
                    "reason": decision.reason,
                    "alternatives": [[label, score] for label, score in decision.alternatives],
                }
            }
        )
        for line in _outcome_lines(outcome, conv):
            emit(line)
    emit({"error": "the computer gave too many commands in a row", "code": "computer/stuck"})
    return False


def _answer(
    target: Journal | AnyGame,
    game: AnyGame,
    text: str,
    computers: Computers | None,
    conv: Any,  # noqa: ANN401 - the ruleset's converter
) -> list[object]:
    """The JSON lines that answer a line of input: the help, or the outcomes of carrying it out."""
    if text.split(maxsplit=1)[0].lower() == "help":
        return [{"help": f"{KERNEL_HELP}\n\n{game.ruleset.command_help}"}]
    return [
        line
        for outcome in _outcomes(target, game, text, computers)
        for line in _outcome_lines(outcome, conv)
    ]


def _outcomes(
    target: Journal | AnyGame, game: AnyGame, text: str, computers: Computers | None
) -> list[Accepted[Any, Any] | Rejected]:
    """Carry out one line; with the computer playing, undo and redo are the person's own."""
    word = text.split(maxsplit=1)[0].lower()
    if computers is not None and word in {"undo", "redo"}:
        return _own_history(target, game, computers, undo=word == "undo")
    return [_step(target, game, text)]


def _own_history(
    target: Journal | AnyGame, game: AnyGame, computers: Computers, *, undo: bool
) -> list[Accepted[Any, Any] | Rejected]:
    """A person's undo (redo): their last command and the computer's after it, in one step."""
    count = game.own_undo(computers.persons) if undo else game.own_redo(computers.persons)
    if isinstance(count, Rejected):
        return [count]
    outcomes: list[Accepted[Any, Any] | Rejected] = []
    for _ in range(count):
        outcome = target.undo() if undo else target.redo()
        outcomes.append(outcome)
        if isinstance(outcome, Rejected):
            break
    return outcomes


def _silence(stdout: IO[str]) -> None:
    """Point a failed standard output at the null device, so that exiting writes nothing more."""
    with contextlib.suppress(OSError, ValueError, io.UnsupportedOperation):
        fd = stdout.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)
        os.close(null)


def _outcome_lines(outcome: Accepted[Any, Any] | Rejected, conv: Any) -> list[object]:  # noqa: ANN401
    """Return the JSON lines that report one outcome: events, a marker, or an error."""
    if isinstance(outcome, Rejected):
        return [{"error": outcome.reason, "code": str(outcome.code)}]
    if outcome.action == "execute":
        return [conv.unstructure(event, Event) for event in outcome.entry.events]
    return [{"op": outcome.action, "n": outcome.index}]


def _step(target: Journal | AnyGame, game: AnyGame, text: str) -> Accepted[Any, Any] | Rejected:
    """Carry out one line: undo, redo, or a command of the ruleset's language."""
    word = text.split(maxsplit=1)[0].lower()
    if word == "undo":
        return target.undo()
    if word == "redo":
        return target.redo()
    try:
        command = game.ruleset.parse_command(text, game.state)
    except IllegalCommand as illegal:
        return Rejected(illegal.code, illegal.message)
    return target.execute(command)
