"""The headless protocol (DESIGN 3): commands on standard input, events as JSON lines.

Each line of input is a command in the ruleset's language, ``undo``, ``redo`` or ``help``; each
outcome is written at once: the events of an accepted command, an undo or redo marker, or
``{"error": ..., "code": ...}`` for a refused one (play goes on).

A command the journal cannot save (a full disk, a file made read-only) is not acknowledged: its
error line (code ``save/failed``) ends the game. Output that cannot be written ends play too: a
reader that stopped reading (``| head``) quietly, a failing device (``/dev/full``) with one line on
standard error and exit code 1. Everything acknowledged before is in the save either way.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
from typing import IO, Any

from engine.dice import DiceExhaustedError
from engine.game import Accepted, Event, Game, IllegalCommand, Rejected
from saves.codec import make_converter
from saves.journal import Journal, JournalWriteError

__all__ = ["KERNEL_HELP", "run_headless"]

KERNEL_HELP = """\
These words work in every game:
  undo        take back the last command (not past a dice roll in hot-seat play)
  redo        apply again what undo took back
  help        this text
Lines that are empty or start with # are ignored."""

AnyGame = Game[Any, Any, Any, Any]


class _OutputError(Exception):
    """Standard output cannot take a line: ``closed`` when its reader went away."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.strerror or str(error))
        self.closed = isinstance(error, BrokenPipeError)


def run_headless(target: Journal | AnyGame, game: AnyGame, stdin: IO[str], stdout: IO[str]) -> int:
    """Read commands line by line; write each event (or error) as one JSON line; return the code.

    Args:
        target: what carries out the commands: the journal (which saves them) or the game itself.
        game: the game being played (the journal's, or ``target``).
        stdin: the commands.
        stdout: the JSON lines.

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
        return _loop(target, game, stdin, emit, conv)
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
) -> int:
    """`run_headless`'s loop: every line of input, then the exit code (output errors pass)."""
    try:
        for raw in stdin:
            text = raw.strip()
            if not text or text.startswith("#"):
                continue
            if text.split()[0].lower() == "help":
                emit({"help": f"{KERNEL_HELP}\n\n{game.ruleset.command_help}"})
                continue
            for line in _outcome_lines(_step(target, game, text), conv):
                emit(line)
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
