"""``hexmech sim papermech``: play many games with a built-in policy and report how they went.

Each game folds ``decide``/``evolve`` directly (no `engine.game.Game`: its log and snapshots cost
more than the rules) with ``Dice(seed_i)`` and a policy ``random.Random(seed_i')``; both seeds are
derived from ``--seed`` and the game's index alone, so the same ``--seed`` gives the same games, and
the same report, whatever ``--jobs`` is. Games run in chunks on a process pool; a rich progress bar
goes to standard error when it is a terminal. The game loop itself is in `tui.papermech.sim`, which
loads the engine: registering the subcommand here must not (``hexmech`` starts without a ruleset).

Exit codes: 0 done, 1 a game raised an error (the report says which, to reproduce it), 2 bad input.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import re
import secrets
import sys
import time
import tomllib
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import frozen

if TYPE_CHECKING:
    from engine.papermech import PaperSetup

T = TypeVar("T")

__all__ = [
    "MAX_COMMANDS",
    "GameOutcome",
    "Report",
    "SimSpec",
    "add_sim_parser",
    "cmd_sim",
    "game_seeds",
    "read_setup",
    "simulate",
    "wilson",
    "with_progress",
]

MAX_COMMANDS = 20_000
"""A game with no result after this many commands is stopped and counted as an error."""

RULESETS = ("papermech", "battletech")
"""The rulesets the simulator can play."""

_Z95 = 1.959963984540054
_TOML_LOADOUT = re.compile(r"(?m)^\s*loadout\s*=")
_CHUNKS_PER_JOB = 8
_MAX_CHUNK = 100


def _usage_error(message: str) -> Exception:
    """The command line's one-line, exit-2 error (imported late: `tui.cli` imports this module)."""
    from tui.cli import UsageError  # noqa: PLC0415

    return UsageError(message)


# ------------------------------------------------------------------ one game
@frozen
class GameOutcome:
    """How one simulated game went.

    Attributes:
        index: the game's number (0-based).
        won: every wave of every battle was beaten.
        score: the final score (PM-13; 0 for a lost single battle).
        waves_cleared: waves beaten, over all battles.
        cause: why it was lost ("" for a win or an error).
        commands: how many commands the policy gave.
        error: why the game has no result (the command cap, or an exception), "" if it has one.
        crashed: the error was an exception (an engine or policy bug), not the command cap.
    """

    index: int
    won: bool
    score: int
    waves_cleared: int
    cause: str
    commands: int
    error: str = ""
    crashed: bool = False


def game_seeds(seed: int, index: int) -> tuple[int, int]:
    """The dice seed and the policy's seed of game ``index``: a pure function of both numbers."""
    digest = hashlib.blake2b(f"hexmech-sim:{seed}:{index}".encode(), digest_size=16).digest()
    return int.from_bytes(digest[:8], "little"), int.from_bytes(digest[8:], "little")


@frozen
class SimSpec:
    """What a run plays: the setup, the policy, the run's seed and the per-game command cap."""

    setup: PaperSetup
    policy: str
    seed: int
    max_commands: int = MAX_COMMANDS


# ------------------------------------------------------------------ many games
def wilson(successes: int, n: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) when ``n`` is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def _chunks(games: int, jobs: int) -> Iterator[tuple[int, int]]:
    size = max(1, min(_MAX_CHUNK, games // max(1, jobs * _CHUNKS_PER_JOB)))
    for start in range(0, games, size):
        yield start, min(games, start + size)


def simulate(
    spec: SimSpec,
    games: int,
    *,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[GameOutcome]:
    """Play ``games`` games, on ``jobs`` processes; return their outcomes in game order.

    Args:
        spec: the setup, the policy (a name in `engine.papermech.policies.POLICIES`), the run's
            seed (game *i* depends only on it and *i*) and the per-game command cap.
        games: how many games.
        jobs: worker processes (1: play in this process).
        progress: called with the number of games just finished.
    """
    from concurrent.futures import Future, ProcessPoolExecutor, as_completed  # noqa: PLC0415

    from tui.papermech.sim import play_chunk  # noqa: PLC0415 - the engine loads when a run starts

    outcomes: list[GameOutcome] = []
    if jobs <= 1:
        for start, stop in _chunks(games, 1):
            outcomes.extend(play_chunk(spec, start, stop))
            if progress is not None:
                progress(stop - start)
        return outcomes
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures: list[Future[list[GameOutcome]]] = [
            pool.submit(play_chunk, spec, start, stop) for start, stop in _chunks(games, jobs)
        ]
        for future in as_completed(futures):
            chunk = future.result()
            outcomes.extend(chunk)
            if progress is not None:
                progress(len(chunk))
    outcomes.sort(key=lambda o: o.index)
    return outcomes


def _cause_kind(cause: str) -> str:
    """Normalise a defeat's cause to the enemy that dealt it ("the Tank's PPC/Shells" -> "Tank")."""
    _, by, rest = cause.partition(" by the ")
    if by and "'s " in rest:
        return rest.split("'s ", 1)[0]
    return cause


@frozen
class Report:
    """What a run of games adds up to (``--json`` prints `as_json`)."""

    ruleset: str
    policy: str
    loadout: str
    battles: int
    seed: int
    jobs: int
    games: int
    finished: int
    errors: int
    wins: int
    win_rate: float
    win_rate_ci95: tuple[float, float]
    mean_score: float
    mean_score_won: float | None
    mean_waves_cleared: float
    waves_cleared: dict[int, int]
    top_cause: str | None
    defeats_by: dict[str, int]
    causes: list[tuple[str, int]]
    error_examples: list[tuple[int, str]]
    mean_commands: float
    seconds: float
    games_per_second: float

    @classmethod
    def build(
        cls,
        outcomes: Sequence[GameOutcome],
        *,
        setup: PaperSetup,
        policy: str,
        seed: int,
        jobs: int,
        seconds: float,
    ) -> Report:
        """Add up ``outcomes`` (in game order); rates count only the games that finished."""
        done = [o for o in outcomes if not o.error]
        won = [o for o in done if o.won]
        causes = Counter(o.cause for o in done if not o.won)
        kinds = Counter(_cause_kind(o.cause) for o in done if not o.won)
        cleared = Counter(o.waves_cleared for o in done)
        n = len(done)
        return cls(
            ruleset=RULESETS[0],
            policy=policy,
            loadout=setup.loadout.spec(),
            battles=setup.battles,
            seed=seed,
            jobs=jobs,
            games=len(outcomes),
            finished=n,
            errors=len(outcomes) - n,
            wins=len(won),
            win_rate=len(won) / n if n else 0.0,
            win_rate_ci95=wilson(len(won), n),
            mean_score=sum(o.score for o in done) / n if n else 0.0,
            mean_score_won=sum(o.score for o in won) / len(won) if won else None,
            mean_waves_cleared=sum(o.waves_cleared for o in done) / n if n else 0.0,
            waves_cleared={w: cleared[w] for w in sorted(cleared)},
            top_cause=causes.most_common(1)[0][0] if causes else None,
            defeats_by=dict(kinds.most_common()),
            causes=causes.most_common(5),
            error_examples=[(o.index, o.error) for o in outcomes if o.error][:5],
            mean_commands=sum(o.commands for o in outcomes) / len(outcomes) if outcomes else 0.0,
            seconds=seconds,
            games_per_second=len(outcomes) / seconds if seconds > 0 else 0.0,
        )

    def as_json(self) -> dict[str, Any]:
        """One JSON object; numbers rounded for people, never for the counts."""
        low, high = self.win_rate_ci95
        return {
            "ruleset": self.ruleset,
            "policy": self.policy,
            "loadout": self.loadout,
            "battles": self.battles,
            "seed": self.seed,
            "jobs": self.jobs,
            "games": self.games,
            "finished": self.finished,
            "errors": self.errors,
            "error_examples": [{"game": i, "error": e} for i, e in self.error_examples],
            "wins": self.wins,
            "win_rate": round(self.win_rate, 4),
            "win_rate_ci95": [round(low, 4), round(high, 4)],
            "mean_score": round(self.mean_score, 3),
            "mean_score_won": _rounded(self.mean_score_won, 3),
            "mean_waves_cleared": round(self.mean_waves_cleared, 3),
            "waves_cleared": {str(w): n for w, n in self.waves_cleared.items()},
            "top_cause": self.top_cause,
            "defeats_by": self.defeats_by,
            "causes": [{"cause": c, "games": n} for c, n in self.causes],
            "mean_commands": round(self.mean_commands, 1),
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 1),
        }

    def text(self) -> str:
        """The report for people, a few lines."""
        low, high = self.win_rate_ci95
        won_score = "-" if self.mean_score_won is None else f"{self.mean_score_won:.1f}"
        total = max(1, self.finished)
        battles = f", {self.battles} battles" if self.battles > 1 else ""
        spread = "  ".join(f"{w}: {100 * n / total:.1f}%" for w, n in self.waves_cleared.items())
        lines = [
            (
                f"Paper 'Mech, policy {self.policy}, {self.games:,} games "
                f"(seed {self.seed}, {self.jobs} job{'s' if self.jobs != 1 else ''})"
            ),
            f"loadout     {self.loadout}{battles}",
            (
                f"wins        {self.wins:,} of {self.finished:,}: {100 * self.win_rate:.1f}% "
                f"(95% CI {100 * low:.1f}-{100 * high:.1f}%)"
            ),
            f"mean score  {self.mean_score:.1f} overall, {won_score} in won games",
            f"waves       {self.mean_waves_cleared:.2f} cleared on average;  {spread}",
        ]
        if self.top_cause is not None:
            kind, count = next(iter(self.defeats_by.items()))
            lines.append(f"defeats     most by the {kind} ({count:,}); top: {self.top_cause}")
        if self.errors:
            example = self.error_examples[0]
            lines.append(f"errors      {self.errors:,} (game {example[0]}: {example[1]})")
        lines.append(
            f"speed       {self.games_per_second:,.1f} games/s, "
            f"{self.mean_commands:.0f} commands per game, {self.seconds:.1f} s"
        )
        return "\n".join(lines)


def _rounded(value: float | None, digits: int) -> float | None:
    return None if value is None else round(value, digits)


# ------------------------------------------------------------------ the command line
def read_setup(path: str | None, battles: int | None) -> PaperSetup:
    """The setup from ``--loadout`` (a TOML scenario, a text file, or a spec) and ``--battles``.

    Raises:
        UsageError: a file that cannot be read, or a loadout the rules do not allow.
    """
    from engine.papermech import MAX_BATTLES, PaperSetup  # noqa: PLC0415

    setup = PaperSetup()
    if path is not None:
        setup = _loadout_setup(path)
    if battles is not None:
        if not 1 <= battles <= MAX_BATTLES:
            raise _usage_error(f"--battles must be 1 to {MAX_BATTLES}, not {battles}")
        setup = PaperSetup(setup.loadout, battles, setup.pilot)
    return setup


def _loadout_setup(path: str) -> PaperSetup:
    from engine.papermech import RULESET  # noqa: PLC0415

    file = Path(path)
    if not file.is_file():
        if "=" in path and not file.exists():
            return _parsed(path, path)  # a spec written on the command line
        raise _usage_error(f"--loadout {path}: no such file")
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise _usage_error(f"{path}: {getattr(exc, 'strerror', None) or exc}") from exc
    if file.suffix.lower() == ".toml" or _TOML_LOADOUT.match(text):
        # A scenario file (`loadout = "..."`, maybe battles and pilot too).
        try:
            table = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise _usage_error(f"{path}: not TOML: {exc}") from exc
        if "loadout" not in table:
            raise _usage_error(f'{path}: no loadout = "..." in it')
        try:
            return RULESET.make_setup(table)
        except (ValueError, TypeError) as exc:  # LoadoutError is a ValueError too
            raise _usage_error(f"{path}: {exc}") from exc
    spec = " ".join(line.split("#", 1)[0] for line in text.splitlines()).strip()
    if not spec:
        raise _usage_error(f"{path}: no loadout in it (write e.g. LS=wing-shield RS=missiles)")
    return _parsed(spec, path)


def _parsed(spec: str, where: str) -> PaperSetup:
    from engine.papermech import Loadout, LoadoutError, PaperSetup  # noqa: PLC0415

    try:
        return PaperSetup(Loadout.parse(spec))
    except LoadoutError as exc:
        raise _usage_error(f"{where}: {exc}") from exc


def add_sim_parser(subparsers: Any) -> argparse.ArgumentParser:  # noqa: ANN401 - argparse's private type
    """Add ``sim`` to the ``hexmech`` subcommands; return its parser."""
    sim: argparse.ArgumentParser = subparsers.add_parser(
        "sim", help="simulate many games with a built-in policy and report the results"
    )
    sim.add_argument(
        "ruleset", metavar="RULESET", help="the ruleset to simulate: papermech or battletech"
    )
    sim.add_argument("--games", type=int, default=1000, metavar="N", help="games (default 1000)")
    sim.add_argument(
        "--policy",
        metavar="NAME",
        help=(
            "who plays: papermech greedy (the default), random, first; "
            "battletech random (the default), aggressive"
        ),  # checked in cmd_sim
    )
    sim.add_argument(
        "--scenario",
        metavar="NAME|FILE",
        help="battletech: a bundled scenario or a TOML file (default: the default scenario)",
    )
    sim.add_argument(
        "--max-turns",
        type=int,
        default=30,
        metavar="N",
        help="battletech: end a game at this turn if its scenario sets no limit (default 30)",
    )
    sim.add_argument(
        "--loadout",
        metavar="FILE",
        help="a TOML file with loadout = '...' (a scenario), or a text file with the spec",
    )
    sim.add_argument("--battles", type=int, metavar="N", help="battles per game (a campaign)")
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
    return sim


def cmd_sim(args: argparse.Namespace) -> int:
    """Run ``hexmech sim``: check the arguments, play, print the report."""
    if args.ruleset not in RULESETS:
        raise _usage_error(f"sim knows the rulesets {', '.join(RULESETS)}, not {args.ruleset!r}")
    if args.ruleset == "battletech":
        from tui.battletech.sim import cmd_bt_sim  # noqa: PLC0415 - the engine loads only now

        return cmd_bt_sim(args)
    from engine.papermech.policies import POLICIES  # noqa: PLC0415 - the engine loads only now

    if args.policy is None:
        args.policy = "greedy"
    if args.policy not in POLICIES:
        raise _usage_error(f"unknown policy {args.policy!r} (known: {', '.join(sorted(POLICIES))})")
    if args.games < 1:
        raise _usage_error(f"--games must be 1 or more, not {args.games}")
    if args.max_commands < 1:
        raise _usage_error(f"--max-commands must be 1 or more, not {args.max_commands}")
    jobs = args.jobs if args.jobs is not None else os.cpu_count() or 1
    if jobs < 1:
        raise _usage_error(f"--jobs must be 1 or more, not {jobs}")
    jobs = min(jobs, args.games)
    setup = read_setup(args.loadout, args.battles)
    seed = args.seed if args.seed is not None else secrets.randbits(63)
    show = not args.json and sys.stderr.isatty()
    start = time.perf_counter()
    outcomes = _run_with_progress(setup, args, seed, jobs, show=show)
    report = Report.build(
        outcomes,
        setup=setup,
        policy=args.policy,
        seed=seed,
        jobs=jobs,
        seconds=time.perf_counter() - start,
    )
    if args.json:
        print(json.dumps(report.as_json(), ensure_ascii=False))  # noqa: T201
    else:
        print(report.text())  # noqa: T201
    return 1 if any(o.crashed for o in outcomes) else 0


def with_progress(
    description: str, total: int, work: Callable[[Callable[[int], None]], T], *, show: bool
) -> T:
    """Run ``work(advance)`` under a rich progress bar on standard error (hidden unless ``show``).

    ``work`` calls ``advance(n)`` as games finish; its result is returned.
    """
    from rich.console import Console  # noqa: PLC0415 - only a terminal run draws a bar
    from rich.progress import (  # noqa: PLC0415
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), disable=not show) as bar:
        task = bar.add_task(description, total=total)
        return work(lambda n: bar.advance(task, n))


def _run_with_progress(
    setup: PaperSetup, args: argparse.Namespace, seed: int, jobs: int, *, show: bool
) -> list[GameOutcome]:
    spec = SimSpec(setup, args.policy, seed, args.max_commands)
    return with_progress(
        f"{args.policy} x {jobs} jobs",
        args.games,
        lambda advance: simulate(spec, args.games, jobs=jobs, progress=advance),
        show=show,
    )
