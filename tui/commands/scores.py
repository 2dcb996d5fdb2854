"""``hexmech scores [--json]``: the high-score table (a damaged file is only a warning)."""

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

    from saves.scores import ScoreEntry

__all__ = ["add_parser", "cmd_scores"]


def add_parser(subparsers: Any) -> None:  # noqa: ANN401 - argparse's private type
    """Add ``scores`` to the ``hexmech`` subcommands."""
    scores = subparsers.add_parser("scores", help="show the Paper 'Mech high-score table")
    scores.add_argument("--json", action="store_true", help="print a JSON array, best first")
    scores.set_defaults(handler=cmd_scores)
    add_saves_option(scores)


def cmd_scores(args: argparse.Namespace) -> int:
    """Print the high-score table, or (``--json``) an array of its entries, best first."""
    import attrs  # noqa: PLC0415 - the command's own imports

    from saves.scores import load_scores, scores_path_for  # noqa: PLC0415

    path = scores_path_for(saves_dir(args))
    scores = load_scores(path)
    if scores.warning is not None:
        print(f"hexmech: warning: {scores.warning}", file=sys.stderr)  # noqa: T201
    if args.json:
        rows = [
            {"rank": rank, **attrs.asdict(entry)} for rank, entry in enumerate(scores.entries, 1)
        ]
        print(json.dumps(rows, ensure_ascii=False))  # noqa: T201 - the command's output
        return 0
    if not scores.entries:
        print(f"No scores yet in {path}.")  # noqa: T201
        return 0
    _print_table(path, scores.entries)
    return 0


def _print_table(path: Path, entries: Sequence[ScoreEntry]) -> None:
    from rich import box  # noqa: PLC0415 - only this command draws a table
    from rich.console import Console  # noqa: PLC0415
    from rich.table import Table  # noqa: PLC0415
    from rich.text import Text  # noqa: PLC0415

    from saves.scores import COLUMNS, NUMERIC_COLUMNS, entry_cells  # noqa: PLC0415

    # Light borders, so that at 80 columns the loadout keeps a column of its own to wrap in.
    table = Table(
        title=Text(f"High scores in {path}"),
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        collapse_padding=True,
    )
    for column in COLUMNS:
        justify: JustifyMethod = "right" if column in NUMERIC_COLUMNS else "left"
        table.add_column(column, justify=justify, no_wrap=column not in {"Name", "Loadout"})
    for rank, entry in enumerate(entries, 1):
        table.add_row(*(Text(cell) for cell in entry_cells(rank, entry)))
    Console().print(table)
