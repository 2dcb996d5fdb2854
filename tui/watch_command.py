"""``hexmech replay SAVE [--follow]`` and ``hexmech browse [--saves DIR] [--read-only] [--ascii]``.

The parsers and handlers of the two watching commands; Textual is imported only when they run.
A missing file, a damaged save or a missing folder is one line on standard error and exit code 2
(`tui.cli.UsageError`, `saves.journal.SaveError`), before any screen opens.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

__all__ = ["add_watch_parsers", "cmd_browse", "cmd_replay"]


def add_watch_parsers(subparsers: Any) -> None:  # noqa: ANN401 - argparse's private type
    """Add ``replay`` and ``browse`` to the ``hexmech`` subcommands."""
    replay = subparsers.add_parser("replay", help="watch a saved game (the TUI)")
    replay.add_argument("save", type=Path, metavar="SAVE")
    replay.add_argument(
        "--follow",
        action="store_true",
        help="start at the newest move and show new ones as another process plays them",
    )
    replay.set_defaults(handler=cmd_replay)
    _saves_option(replay, argparse.SUPPRESS)

    browse = subparsers.add_parser(
        "browse", help="the replay browser alone: list, sort, filter, watch"
    )
    browse.add_argument("--read-only", action="store_true", help="no delete: only watching")
    browse.add_argument(
        "--ascii", action="store_true", help="ASCII characters only, monochrome (old terminals)"
    )
    browse.set_defaults(handler=cmd_browse)
    _saves_option(browse, "the folder of saves to list (default: the user data dir)")


def _saves_option(parser: argparse.ArgumentParser, help_text: str) -> None:
    """``--saves DIR`` after the subcommand too, without hiding one given before it."""
    parser.add_argument(
        "--saves", type=Path, metavar="DIR", default=argparse.SUPPRESS, help=help_text
    )


def cmd_replay(args: argparse.Namespace) -> int:
    """Watch a save: from its start, or (``--follow``) live from its newest move."""
    from saves.journal import SaveError  # noqa: PLC0415 - the command's own imports
    from saves.store import default_saves_dir  # noqa: PLC0415
    from saves.tail import JournalTail  # noqa: PLC0415
    from tui import registry  # noqa: PLC0415
    from tui.app import run_app  # noqa: PLC0415 - Textual loads only when the TUI is wanted
    from tui.cli import UsageError  # noqa: PLC0415 - tui.cli imports this module
    from tui.screens.watch import replay_screen  # noqa: PLC0415

    path: Path = args.save
    try:
        tail = JournalTail.open(path)
    except SaveError as error:
        raise UsageError(str(error)) from error
    if registry.get(tail.game.ruleset.name) is None:
        raise UsageError(f"replays of {tail.game.ruleset.title} are not available yet")
    saves = args.saves if args.saves is not None else default_saves_dir()
    run_app(saves, mono=args.mono, first=lambda: replay_screen(tail, follow=args.follow))
    return 0


def cmd_browse(args: argparse.Namespace) -> int:
    """Run the replay browser over one folder (what the SSH server runs per session)."""
    from saves.store import default_saves_dir  # noqa: PLC0415 - the command's own imports
    from tui.browse import run_browse  # noqa: PLC0415 - Textual loads only when the TUI is wanted
    from tui.cli import UsageError  # noqa: PLC0415 - tui.cli imports this module

    saves: Path = args.saves if args.saves is not None else default_saves_dir()
    if not saves.is_dir():
        raise UsageError(f"--saves {saves}: no such folder")
    run_browse(saves, read_only=args.read_only, ascii_only=args.ascii, mono=args.mono)
    return 0
