"""``hexmech sim RULESET``: play many games with built-in policies and report how they went.

The ruleset's simulator adapter is found through its interface (`tui.registry`, the ``sim``
attribute); the runner (`tui.commands.runner`) plays and reports. Building the parser imports the
adapters, which are cheap: each loads its ruleset only when a run starts.

Exit codes: 0 done, 1 a game failed (the report says which, to reproduce it), 2 bad input.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
import time
from typing import Any

from tui.commands.errors import EXIT_FAILED, EXIT_OK, UsageError
from tui.commands.runner import MAX_COMMANDS, Report, SimAdapter, simulate, with_progress

__all__ = ["adapters", "add_parser", "cmd_sim"]

AnyAdapter = SimAdapter[Any, Any]


def adapters() -> dict[str, AnyAdapter]:
    """Return the simulator of every interface that has one, by ruleset name, in registry order."""
    from tui import registry  # noqa: PLC0415 - the interfaces are cheap; no screen loads

    return {ui.name: registry.load(ui.sim) for ui in registry.all_uis() if ui.sim is not None}


def add_parser(subparsers: Any) -> None:  # noqa: ANN401 - argparse's private type
    """Add ``sim`` to the ``hexmech`` subcommands: the runner's options, then each adapter's."""
    known = adapters()
    sim: argparse.ArgumentParser = subparsers.add_parser(
        "sim", help="simulate many games with a built-in policy and report the results"
    )
    sim.add_argument(
        "ruleset", metavar="RULESET", help=f"the ruleset to simulate: {' or '.join(known)}"
    )
    sim.add_argument("--games", type=int, default=1000, metavar="N", help="games (default 1000)")
    policies = "; ".join(f"{name} {adapter.policy_help}" for name, adapter in known.items())
    sim.add_argument("--policy", metavar="NAME", help=f"who plays: {policies}")
    sim.add_argument(
        "--against",
        metavar="POLICY",
        help="the policy every other side plays (the sides swap from game to game); the report "
        "gives --policy's wins, losses, draws and win rate",
    )
    for adapter in known.values():
        adapter.add_arguments(sim)
    sim.add_argument("--seed", type=int, metavar="S", help="run seed (default: random, reported)")
    sim.add_argument("--jobs", type=int, metavar="J", help="worker processes (default: every core)")
    sim.add_argument(
        "--max-commands",
        type=int,
        default=MAX_COMMANDS,
        metavar="N",
        help=f"stop a game after N commands and count an error (default {MAX_COMMANDS:,})",
    )
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.set_defaults(handler=cmd_sim)


def cmd_sim(args: argparse.Namespace) -> int:
    """Run ``hexmech sim``: check the arguments, play, print the report."""
    known = adapters()
    adapter = known.get(args.ruleset)
    if adapter is None:
        raise UsageError(f"sim knows the rulesets {', '.join(known)}, not {args.ruleset!r}")
    if args.against and not adapter.against:
        raise UsageError(f"{args.ruleset} is played alone: --against has no other side to play")
    policy = adapter.choose_policy(args.policy)
    jobs = _checked_counts(args)
    spec = adapter.prepare(args, policy)
    seed = args.seed if args.seed is not None else secrets.randbits(63)
    show = not args.json and sys.stderr.isatty()
    start = time.perf_counter()
    outcomes = with_progress(
        f"{adapter.name} {policy} x {jobs} jobs",
        args.games,
        lambda advance: simulate(
            adapter,
            spec,
            args.games,
            seed=seed,
            max_commands=args.max_commands,
            jobs=jobs,
            progress=advance,
        ),
        show=show,
    )
    report = Report.build(
        adapter, spec, outcomes, seed=seed, jobs=jobs, seconds=time.perf_counter() - start
    )
    if args.json:
        print(json.dumps(report.as_json(), ensure_ascii=False))  # noqa: T201 - the report
    else:
        print(report.text())  # noqa: T201 - the report
    return EXIT_FAILED if any(o.failed for o in outcomes) else EXIT_OK


def _checked_counts(args: argparse.Namespace) -> int:
    """Check ``--games``, ``--max-commands`` and ``--jobs``; return the jobs to run."""
    games: int = args.games
    if games < 1:
        raise UsageError(f"--games must be 1 or more, not {games}")
    if args.max_commands < 1:
        raise UsageError(f"--max-commands must be 1 or more, not {args.max_commands}")
    jobs: int = args.jobs if args.jobs is not None else os.cpu_count() or 1
    if jobs < 1:
        raise UsageError(f"--jobs must be 1 or more, not {jobs}")
    return min(jobs, games)
