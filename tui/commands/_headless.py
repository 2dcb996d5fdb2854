"""The headless protocol (DESIGN 3): commands on standard input, events as JSON lines.

Each line of input is a command in the ruleset's language, ``undo``, ``redo`` or ``help``; each
outcome is written at once: the events of an accepted command, an undo or redo marker, or
``{"error": ..., "code": ...}`` for a refused one (play goes on).
"""

from __future__ import annotations

import json
from typing import IO, Any

from engine.dice import DiceExhaustedError
from engine.game import Accepted, Event, Game, IllegalCommand, Rejected
from saves.codec import make_converter
from saves.journal import Journal

__all__ = ["KERNEL_HELP", "run_headless"]

KERNEL_HELP = """\
These words work in every game:
  undo        take back the last command (not past a dice roll in hot-seat play)
  redo        apply again what undo took back
  help        this text
Lines that are empty or start with # are ignored."""

AnyGame = Game[Any, Any, Any, Any]


def run_headless(target: Journal | AnyGame, game: AnyGame, stdin: IO[str], stdout: IO[str]) -> int:
    """Read commands line by line; write each event (or error) as one JSON line; return the code.

    Args:
        target: what carries out the commands: the journal (which saves them) or the game itself.
        game: the game being played (the journal's, or ``target``).
        stdin: the commands.
        stdout: the JSON lines.

    Returns:
        0 at the end of the input, 1 when scripted dice ran out or a command raised (a bug).
    """
    conv = make_converter(game.ruleset)

    def emit(data: object) -> None:
        stdout.write(json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n")
        stdout.flush()

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
    except DiceExhaustedError as exc:
        emit({"error": str(exc), "code": "dice/exhausted"})
        return 1
    except Exception as exc:  # noqa: BLE001 - a bug must not cost the game: the save is intact
        emit({"error": f"internal error: {type(exc).__name__}: {exc}", "code": "internal"})
        return 1
    finally:
        if isinstance(target, Journal):
            target.close()
    return 0


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
