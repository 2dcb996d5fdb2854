"""``hexmech validate FILE..``: check data files (units, boards) with each ruleset's checker.

Every interface whose ``validate`` attribute names a checker (``"module:attribute"``, see
`tui.ui.RulesetUI`) is asked in turn; a checker takes ``(paths, quiet)`` and returns the lines to
print and whether every file is good. The command prints the lines and exits 0 when every checker
found every file good, 2 otherwise.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tui.commands.errors import EXIT_OK, EXIT_USAGE, UsageError

__all__ = ["DATA_CHECKERS", "Checker", "add_parser", "checkers", "cmd_validate"]

Checker = Callable[[Sequence[Path], bool], tuple[list[str], bool]]
"""``(paths, quiet) -> (lines, all_ok)``: one ruleset's check of the files named."""


def add_parser(subparsers: Any) -> None:  # noqa: ANN401 - argparse's private type
    """Add ``validate`` to the ``hexmech`` subcommands."""
    validate = subparsers.add_parser(
        "validate",
        help="check unit (.mtf, .blk), board (.board) and scenario (.toml) files,"
        " Age of Destruction's (.aod.toml) and Dystopian Wars' (.dw.toml)",
    )
    validate.add_argument("files", nargs="+", type=Path, metavar="FILE", help="a file or folder")
    validate.add_argument("--quiet", action="store_true", help="hide warnings")
    validate.set_defaults(handler=cmd_validate)


DATA_CHECKERS: tuple[str, ...] = ()
"""Checkers of rulesets whose data files ship before their game does (``"module:attribute"``).
A ruleset moves from here to its interface's ``validate`` when it is registered (Age of
Destruction's did, issue 17; Dystopian Wars', issue 18)."""


def checkers() -> list[Checker]:
    """Return the checker of every interface that has one (registry order), then `DATA_CHECKERS`."""
    from tui import registry  # noqa: PLC0415 - the interfaces load only now

    found = [registry.load(ui.validate) for ui in registry.all_uis() if ui.validate is not None]
    return found + [registry.load(spec) for spec in DATA_CHECKERS]


def cmd_validate(args: argparse.Namespace) -> int:
    """One line a file: ``ok  NAME (summary)`` or ``FILE:LINE: reason``; exit 2 if any is bad.

    With ``--units DIR`` the library is read as the game would read it, and each file it skips is
    one ``hexmech: skipped FILE:LINE: reason`` line on standard error.
    """
    from saves.text import printable  # noqa: PLC0415 - the command's own imports
    from tui.commands._shared import install_data  # noqa: PLC0415

    if getattr(args, "units", None):
        install_data(args)
    found = checkers()
    if not found:
        raise UsageError("no ruleset has data files to check")
    all_ok = True
    for check in found:
        lines, ok = check(args.files, args.quiet)
        for line in lines:
            print(printable(line))  # noqa: T201 - names and words from the files, escaped
        all_ok = all_ok and ok
    return EXIT_OK if all_ok else EXIT_USAGE
