"""``hexmech scores [--json]``: the high-score tables (a damaged file is only a warning).

Every ruleset that keeps scores names its table (`saves.scores.ScoreBook`) in its interface; this
command prints each of them, or (``--json``) one array of every entry, each table best first.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from tui.commands._shared import add_saves_option, saves_dir

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

    from rich.console import JustifyMethod

    from saves.scores import ScoreBook

__all__ = ["add_parser", "cmd_scores"]


def add_parser(subparsers: Any) -> None:  # noqa: ANN401 - argparse's private type
    """Add ``scores`` to the ``hexmech`` subcommands."""
    scores = subparsers.add_parser("scores", help="show the high-score tables")
    scores.add_argument("--json", action="store_true", help="print a JSON array, best first")
    scores.set_defaults(handler=cmd_scores)
    add_saves_option(scores)


def cmd_scores(args: argparse.Namespace) -> int:
    """Print every high-score table, or (``--json``) an array of their entries, best first."""
    import attrs  # noqa: PLC0415 - the command's own imports

    from tui import registry  # noqa: PLC0415

    folder = saves_dir(args)
    loaded = [(book, book.path_for(folder)) for book in registry.score_books()]
    tables = [(book, path, book.load(path)) for book, path in loaded]
    for _, _, scores in tables:
        if scores.warning is not None:
            print(f"hexmech: warning: {scores.warning}", file=sys.stderr)  # noqa: T201
    if args.json:
        rows = [
            {"rank": rank, **attrs.asdict(entry)}
            for _, _, scores in tables
            for rank, entry in enumerate(scores.entries, 1)
        ]
        print(json.dumps(rows, ensure_ascii=False))  # noqa: T201 - the command's output
        return 0
    for book, path, scores in tables:
        if scores.entries:
            _print_table(book, path, scores.entries)
        else:
            print(f"No scores yet in {path}.")  # noqa: T201
    return 0


def _print_table(book: ScoreBook[Any], path: Path, entries: Sequence[Any]) -> None:
    from rich import box  # noqa: PLC0415 - only this command draws a table
    from rich.console import Console  # noqa: PLC0415
    from rich.table import Table  # noqa: PLC0415
    from rich.text import Text  # noqa: PLC0415

    # Light borders, so that at 80 columns the long texts keep a column of their own to wrap in.
    table = Table(
        title=Text(f"High scores in {path}"),
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        collapse_padding=True,
    )
    for column in book.columns:
        justify: JustifyMethod = "right" if column in book.numeric else "left"
        table.add_column(column, justify=justify, no_wrap=column not in book.wrap)
    for rank, entry in enumerate(entries, 1):
        table.add_row(*(Text(cell) for cell in book.cells(rank, entry)))
    Console().print(table)
