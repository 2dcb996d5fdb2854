"""The ``hexmech`` command line (DESIGN 3): one module per subcommand, assembled here.

Exit codes: 0 success, 1 a game-level failure (scripted dice ran out, an internal error during
play, a simulated game that raised), 2 bad input (arguments, files) with a one-line message on
standard error (`tui.commands.errors.UsageError`, a damaged save, an unknown ruleset).

Each subcommand module has ``add_parser(subparsers)`` and imports its heavy dependencies (Textual,
asyncssh, a ruleset) inside its handler, so ``hexmech --version`` and ``--help`` start quickly.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType

from tui.commands import (
    browse,
    help,  # noqa: A004 - the subcommand's module, used as a namespace only
    inspect,
    play,
    replay,
    saves,
    scores,
    serve,
    sim,
    validate,
)
from tui.commands.errors import EXIT_USAGE, UsageError

__all__ = ["RULESETS_ENV", "SUBCOMMANDS", "VERSION", "build_parser", "main"]

VERSION = "hexmech 0.1.0"
RULESETS_ENV = "HEXMECH_RULESETS"
"""Extra rulesets to load, as ``module:attribute`` separated by commas."""

SUBCOMMANDS: tuple[ModuleType, ...] = (
    play,
    help,
    replay,
    browse,
    inspect,
    saves,
    scores,
    validate,
    sim,
    serve,
)
"""The subcommand modules, in ``--help`` order; each has ``add_parser(subparsers)``."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``hexmech`` command; return its exit code."""
    args = build_parser().parse_args(argv)  # --help and --version exit here, before any import

    from engine import registry  # noqa: PLC0415 - loads no ruleset, only their names
    from saves.journal import SaveError  # noqa: PLC0415

    try:
        _load_extra_rulesets(os.environ.get(RULESETS_ENV, ""))
        handler: Callable[[argparse.Namespace], int] = args.handler
        return handler(args)
    except (UsageError, SaveError, registry.UnknownRulesetError) as exc:
        print(f"hexmech: {exc}", file=sys.stderr)  # noqa: T201 - the one-line report
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130


def build_parser() -> argparse.ArgumentParser:
    """Return the whole parser: the global options and every subcommand's."""
    parser = argparse.ArgumentParser(
        prog="hexmech",
        description="Mech wargames in the terminal. Without a command, opens the main menu.",
    )
    parser.add_argument("--version", action="version", version=VERSION)
    parser.add_argument(
        "--saves", type=Path, metavar="DIR", help="where saved games live (default: user data dir)"
    )
    parser.add_argument("--mono", action="store_true", help="monochrome screen (also: NO_COLOR)")
    parser.add_argument(
        "--units",
        type=Path,
        action="append",
        metavar="DIR",
        help="another folder of unit files (.mtf); may be given again",
    )
    parser.set_defaults(handler=play.cmd_menu, parser=parser)
    sub = parser.add_subparsers(title="commands", metavar="COMMAND")
    for module in SUBCOMMANDS:
        module.add_parser(sub)
    return parser


def _load_extra_rulesets(specs: str) -> None:
    from engine import registry  # noqa: PLC0415

    for spec in filter(None, (s.strip() for s in specs.split(","))):
        registry.resolve(spec)
