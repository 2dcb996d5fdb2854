"""``hexmech inspect SAVE``: one JSON object that sums a save up (ruleset, turn, status, result)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tui.commands.errors import UsageError

__all__ = ["add_parser", "cmd_inspect"]


def add_parser(subparsers: Any) -> None:  # noqa: ANN401 - argparse's private type
    """Add ``inspect`` to the ``hexmech`` subcommands."""
    inspect = subparsers.add_parser("inspect", help="print one JSON summary of a save")
    inspect.add_argument("save", type=Path, metavar="SAVE")
    inspect.set_defaults(handler=cmd_inspect)


def cmd_inspect(args: argparse.Namespace) -> int:
    """Print the summary of one save; an unreadable or damaged file is a usage error.

    The JSON line escapes every control character of the file's strings (`saves.text.json_text`);
    a damaged save's `SaveError` is escaped where it is made (`saves.text.printable`).
    """
    from saves.journal import read_game  # noqa: PLC0415 - the ruleset loads only now
    from saves.text import json_text  # noqa: PLC0415

    path: Path = args.save
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise UsageError(f"{path}: {exc.strerror or exc}") from exc
    loaded = read_game(data, str(path))
    game, summary = loaded.game, loaded.game.summary
    report = {
        "file": str(path),
        "ruleset": game.ruleset.name,
        "title": game.ruleset.title,
        "format_version": loaded.header["version"],
        "schema_version": loaded.header.get("schema"),
        "created": loaded.header.get("created"),
        "seed": loaded.header.get("seed"),
        "undo": str(game.undo_policy),
        "entries": game.cursor,
        "redo": len(game.log) - game.cursor,
        "turn": summary.turn,
        "status": summary.status,
        "result": summary.result,
        "players": list(summary.players),
        "warnings": list(loaded.warnings),
    }
    # Strings come from the file: DEL, C1 and bidi controls are \\u escapes, like C0 ones.
    print(json_text(report))  # noqa: T201 - the command's output
    return 0
