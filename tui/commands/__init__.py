"""The ``hexmech`` command line (DESIGN 3): one module per subcommand, assembled here.

Exit codes: 0 success, 1 a game-level failure (scripted dice ran out, an internal error during
play, a simulated game that raised), 2 bad input (arguments, files) with a one-line message on
standard error (`tui.commands.errors.UsageError`, a damaged save, an unknown ruleset), its control
characters escaped (`saves.text.printable`).

Each subcommand module (`SUBCOMMANDS`, imported when the parser is built) has
``add_parser(subparsers)`` and imports its heavy dependencies (Textual, asyncio, asyncssh, a
ruleset) inside its handler, so ``hexmech --version`` and ``--help`` start quickly. Importing this
package imports none of them: a module that only needs `tui.commands.errors` loads nothing more.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from tui.commands.errors import EXIT_USAGE, UsageError

__all__ = [
    "RULESETS_ENV",
    "SUBCOMMANDS",
    "VERSION",
    "asks_version",
    "build_parser",
    "main",
    "menu_args",
]

VERSION = "hexmech 0.1.0"
RULESETS_ENV = "HEXMECH_RULESETS"
"""Extra rulesets to load, as ``module:attribute`` separated by commas."""

SUBCOMMANDS = (
    "play",
    "help",
    "replay",
    "browse",
    "inspect",
    "saves",
    "scores",
    "validate",
    "sim",
    "serve",
)
"""The subcommands, in ``--help`` order: each is the module ``tui.commands.NAME``, whose
``add_parser(subparsers)`` adds it."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``hexmech`` command; return its exit code."""
    if asks_version(sys.argv[1:] if argv is None else argv):
        print(VERSION)  # noqa: T201 - what argparse's version action prints, without the parser
        return 0
    arguments = sys.argv[1:] if argv is None else list(argv)
    args = menu_args(arguments) or build_parser().parse_args(arguments)  # --help exits here

    from engine import registry  # noqa: PLC0415 - loads no ruleset, only their names
    from saves.journal import SaveError  # noqa: PLC0415
    from saves.text import printable  # noqa: PLC0415

    try:
        _load_extra_rulesets(os.environ.get(RULESETS_ENV, ""))
        handler: Callable[[argparse.Namespace], int] = args.handler
        return handler(args)
    except (UsageError, SaveError, registry.UnknownRulesetError) as exc:
        # The last guard: a message that quotes a file (or a file's name) is one line, and no
        # control character in it reaches the terminal (most are escaped where they are made).
        print(f"hexmech: {printable(str(exc))}", file=sys.stderr)  # noqa: T201 - one line
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130


def asks_version(argv: Sequence[str]) -> bool:
    """Whether the arguments ask for ``--version`` before any subcommand or value.

    Answered without building the parser, which imports every subcommand module (and through
    ``sim`` the rulesets' simulators). Anything less plain (``--saves DIR --version``, an
    abbreviation) goes through the parser, which answers the same.
    """
    for arg in argv:
        if arg == "--version":
            return True
        if not arg.startswith("-") or arg == "--" or ("=" not in arg and arg not in _FLAGS):
            return False
    return False


_FLAGS = frozenset({"--mono"})
"""The global options that take no value (a value would be read as a subcommand)."""


def menu_args(argv: Sequence[str]) -> argparse.Namespace | None:
    """The arguments of the main menu (no subcommand, only global options), or None.

    Read by the global options alone: building the whole parser imports every subcommand module
    (and through ``sim`` the rulesets' simulators), which the menu does not need. Anything else
    (a subcommand, ``--help``, an unknown or incomplete option) gives None: the whole parser reads
    it, and says what is wrong.
    """
    index = 0
    while index < len(argv):
        arg = argv[index]
        if arg in _FLAGS or ("=" in arg and arg.split("=", 1)[0] in _VALUED):
            index += 1
        elif arg in _VALUED and index + 1 < len(argv) and not argv[index + 1].startswith("-"):
            index += 2
        else:
            return None
    parser = _global_parser()
    from tui.commands.play import cmd_menu  # noqa: PLC0415 - the menu's own handler

    parser.set_defaults(handler=cmd_menu, parser=parser)
    return parser.parse_args(argv)


_VALUED = ("--saves", "--units")
"""The global options that take a value."""


def _global_parser() -> argparse.ArgumentParser:
    """The parser of the global options, without the subcommands."""
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
    return parser


def build_parser() -> argparse.ArgumentParser:
    """Return the whole parser: the global options and every subcommand's."""
    parser = _global_parser()
    sub = parser.add_subparsers(title="commands", metavar="COMMAND")
    for name in SUBCOMMANDS:
        importlib.import_module(f"tui.commands.{name}").add_parser(sub)
    from tui.commands.play import cmd_menu  # noqa: PLC0415 - subcommands load with the parser

    parser.set_defaults(handler=cmd_menu, parser=parser)
    return parser


def _load_extra_rulesets(specs: str) -> None:
    from engine import registry  # noqa: PLC0415
    from tui import registry as interfaces  # noqa: PLC0415 - lists them in the menu, lazily

    for spec in filter(None, (s.strip() for s in specs.split(","))):
        interfaces.list_ruleset(registry.resolve(spec).name)
