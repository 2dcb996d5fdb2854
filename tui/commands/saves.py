"""``hexmech saves [--saves DIR]``: the table of saved games (file, game, start, turn, status)."""

from __future__ import annotations

import argparse
from typing import Any

from tui.commands._shared import add_saves_option, saves_dir

__all__ = ["add_parser", "cmd_saves"]

KIB = 1024


def add_parser(subparsers: Any) -> None:  # noqa: ANN401 - argparse's private type
    """Add ``saves`` to the ``hexmech`` subcommands."""
    saves = subparsers.add_parser("saves", help="list saved games")
    saves.set_defaults(handler=cmd_saves)
    add_saves_option(saves)


def cmd_saves(args: argparse.Namespace) -> int:
    """Print a table of the saves in the folder (a damaged one says why)."""
    from rich import box  # noqa: PLC0415 - only this command draws a table
    from rich.console import Console  # noqa: PLC0415
    from rich.table import Table  # noqa: PLC0415

    from saves.store import list_saves  # noqa: PLC0415

    directory = saves_dir(args)
    infos = list_saves(directory)
    console = Console()
    if not infos:
        console.print(f"No saved games in {directory}.")
        return 0
    # Light borders and a file column that folds, so the table reads at 80 columns.
    table = Table(
        title=f"Saved games in {directory}",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        collapse_padding=True,
    )
    for column in ("file", "game", "started", "turn", "status", "players", "size"):
        table.add_column(
            column,
            no_wrap=column in {"started", "size"},
            overflow="fold" if column == "file" else "ellipsis",
            min_width=6 if column in {"game", "status"} else None,
        )
    for info in infos:
        started = f"{info.created:%Y-%m-%d %H:%M}" if info.created else "-"
        status = info.result or info.status
        if info.error:
            status = f"damaged: {info.error}"
        table.add_row(
            info.path.name,
            info.title,
            started,
            info.turn,
            status,
            " v ".join(info.players),
            _size(info.size),
        )
    console.print(table)
    return 0


def _size(n: int) -> str:
    return f"{n} B" if n < KIB else f"{n / KIB:.1f} KiB"
