"""``hexmech browse [--saves DIR] [--read-only] [--ascii]``: the replay browser alone.

What the SSH server runs per session (`tui.ssh.server`). A missing folder is one line on standard
error and exit code 2; Textual is imported only when the command runs.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tui.commands._shared import add_saves_option, saves_dir
from tui.commands.errors import UsageError

__all__ = ["add_parser", "cmd_browse"]


def add_parser(subparsers: Any) -> None:  # noqa: ANN401 - argparse's private type
    """Add ``browse`` to the ``hexmech`` subcommands."""
    browse = subparsers.add_parser(
        "browse", help="the replay browser alone: list, sort, filter, watch"
    )
    browse.add_argument("--read-only", action="store_true", help="no delete: only watching")
    browse.add_argument(
        "--ascii", action="store_true", help="ASCII characters only, monochrome (old terminals)"
    )
    browse.set_defaults(handler=cmd_browse)
    add_saves_option(browse, "the folder of saves to list (default: the user data dir)")


def cmd_browse(args: argparse.Namespace) -> int:
    """Run the replay browser over one folder."""
    from tui.browse import run_browse  # noqa: PLC0415 - Textual loads only when the TUI is wanted

    saves: Path = saves_dir(args)
    if not saves.is_dir():
        raise UsageError(f"--saves {saves}: no such folder")
    run_browse(saves, read_only=args.read_only, ascii_only=args.ascii, mono=args.mono)
    return 0
