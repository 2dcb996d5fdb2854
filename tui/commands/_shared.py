"""What several subcommands share: the ``--saves`` option, the saves folder, the data files.

Imports only the standard library and `tui.commands.errors` at module level, so every subcommand
module can use it without loading anything heavy.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from tui.commands.errors import UsageError

__all__ = ["add_saves_option", "install_data", "saves_dir"]


def add_saves_option(parser: argparse.ArgumentParser, help_text: str = argparse.SUPPRESS) -> None:
    """Accept ``--saves DIR`` after the subcommand too, without hiding one given before it."""
    parser.add_argument(
        "--saves", type=Path, metavar="DIR", default=argparse.SUPPRESS, help=help_text
    )


def saves_dir(args: argparse.Namespace) -> Path:
    """Return the folder of saved games: ``--saves DIR``, or the user data directory's."""
    from saves.store import default_saves_dir  # noqa: PLC0415 - only commands that need it

    folder: Path | None = getattr(args, "saves", None)
    return folder if folder is not None else default_saves_dir()


def install_data(args: argparse.Namespace) -> None:
    """Give every ruleset its data files: the bundled ones, the user's, and ``--units DIR``s.

    Raises:
        UsageError: a ``--units`` folder that does not exist.
    """
    from tui import registry  # noqa: PLC0415 - only game commands load the interfaces

    folders: list[Path] = getattr(args, "units", None) or []
    for folder in folders:
        if not folder.is_dir():
            raise UsageError(f"--units {folder}: no such folder")
    for ui in registry.all_uis():
        ui.install(folders)
