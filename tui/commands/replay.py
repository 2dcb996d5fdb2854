"""``hexmech replay SAVE [--follow]``: watch a saved game in the TUI.

A missing file, a damaged save or a ruleset without a replay screen is one line on standard error
and exit code 2, before any screen opens. Textual is imported only when the command runs.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tui.commands._shared import add_saves_option, saves_dir
from tui.commands.errors import UsageError

__all__ = ["add_parser", "cmd_replay"]


def add_parser(subparsers: Any) -> None:  # noqa: ANN401 - argparse's private type
    """Add ``replay`` to the ``hexmech`` subcommands."""
    replay = subparsers.add_parser("replay", help="watch a saved game (the TUI)")
    replay.add_argument("save", type=Path, metavar="SAVE")
    replay.add_argument(
        "--follow",
        action="store_true",
        help="start at the newest move and show new ones as another process plays them",
    )
    replay.set_defaults(handler=cmd_replay)
    add_saves_option(replay)


def cmd_replay(args: argparse.Namespace) -> int:
    """Watch a save: from its start, or (``--follow``) live from its newest move."""
    from saves.journal import SaveError  # noqa: PLC0415 - the command's own imports
    from saves.tail import JournalTail  # noqa: PLC0415
    from tui import registry  # noqa: PLC0415
    from tui.app import run_app  # noqa: PLC0415 - Textual loads only when the TUI is wanted
    from tui.screens.watch import replay_screen  # noqa: PLC0415

    path: Path = args.save
    try:
        tail = JournalTail.open(path)
    except SaveError as error:
        raise UsageError(str(error)) from error
    if registry.get(tail.game.ruleset.name) is None:
        raise UsageError(f"replays of {tail.game.ruleset.title} are not available yet")
    run_app(saves_dir(args), mono=args.mono, first=lambda: replay_screen(tail, follow=args.follow))
    return 0
