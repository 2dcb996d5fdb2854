"""``hexmech help [commands] [--ruleset NAME]``: the options, or each game's command language."""

from __future__ import annotations

import argparse
from typing import Any

__all__ = ["add_parser", "cmd_help"]


def add_parser(subparsers: Any) -> None:  # noqa: ANN401 - argparse's private type
    """Add ``help`` to the ``hexmech`` subcommands."""
    helper = subparsers.add_parser("help", help="show help on a topic: commands")
    helper.add_argument("topic", nargs="?", choices=["commands"], default=None)
    helper.add_argument("--ruleset", metavar="NAME", help="only this ruleset's commands")
    helper.set_defaults(handler=cmd_help)


def cmd_help(args: argparse.Namespace) -> int:
    """Print the top-level help, or the words every game knows and each ruleset's commands."""
    from engine import registry  # noqa: PLC0415 - the rulesets load only now
    from tui.commands._headless import KERNEL_HELP  # noqa: PLC0415

    if args.topic is None:
        args.parser.print_help()
        return 0
    names = [args.ruleset] if args.ruleset else list(registry.available())
    parts = [KERNEL_HELP]
    for name in names:
        ruleset = registry.resolve(name)
        parts.append(
            f"{ruleset.title} (--ruleset {ruleset.name}):\n{_indent(ruleset.command_help)}"
        )
    if not args.ruleset and not registry.available():
        parts.append("No ruleset is installed yet.")
    print("\n\n".join(parts))  # noqa: T201 - the command's output
    return 0


def _indent(text: str) -> str:
    return "\n".join(f"  {line}" if line else line for line in text.splitlines())
