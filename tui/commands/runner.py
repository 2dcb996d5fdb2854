"""The one simulator runner: many headless games by built-in policies, and what they add up to.

A ruleset takes part through a small adapter (`SimAdapter`, named by its interface's ``sim``
attribute): its command-line options, how to play one game, and what its report says. The runner
does the rest, the same for every ruleset:

- game *i*'s dice and policy seeds come from the run's seed and *i* alone (`game_seeds`), so the
  same ``--seed`` gives the same games, and the same report, whatever ``--jobs`` is;
- games run in chunks, on a process pool when ``--jobs`` is more than 1 (`simulate`);
- a rich progress bar goes to standard error when it is a terminal (`with_progress`);
- `wilson` gives the 95% confidence interval of a proportion, for the adapters' rates;
- `Report` counts games, finished games and errors (each with its game's number, to reproduce
  it), commands and speed, around the adapter's own lines, as text or one JSON object.

The adapter and its spec go to the worker processes by pickling: both must be module-level objects
(or made of them). This module imports no ruleset.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from attrs import frozen

if TYPE_CHECKING:
    import argparse

__all__ = [
    "MAX_COMMANDS",
    "GamePlan",
    "Outcome",
    "Report",
    "SimAdapter",
    "Summary",
    "game_seeds",
    "simulate",
    "wilson",
    "with_progress",
]

T = TypeVar("T")
SpecT = TypeVar("SpecT")
OutcomeT = TypeVar("OutcomeT", bound="Outcome")

MAX_COMMANDS = 20_000
"""A game with no result after this many commands is stopped and counted as an error."""

_Z95 = 1.959963984540054
_CHUNKS_PER_JOB = 8
_MAX_CHUNK = 100
_ERROR_EXAMPLES = 5


# ------------------------------------------------------------------ what an adapter gives
class Outcome(Protocol):
    """How one game went, as the runner needs to know it (the adapter adds its own fields).

    Attributes:
        index: the game's number (0-based).
        commands: how many commands the policies gave.
        error: why the game has no result ("" when it has one).
        failed: the error is a bug (an exception, a refused command): the run exits 1.
    """

    @property
    def index(self) -> int: ...  # noqa: D102
    @property
    def commands(self) -> int: ...  # noqa: D102
    @property
    def error(self) -> str: ...  # noqa: D102
    @property
    def failed(self) -> bool: ...  # noqa: D102


class Summary(Protocol):
    """The adapter's part of a report: what its finished games add up to."""

    def label(self) -> str:
        """Return the heading's words about the run ("policy greedy")."""
        ...

    def head(self) -> dict[str, Any]:
        """Return the JSON fields that describe the run, after ``ruleset``."""
        ...

    def fields(self) -> dict[str, Any]:
        """Return the JSON fields of the results, after ``error_examples``."""
        ...

    def lines(self) -> list[str]:
        """Return the text lines of the results, after the heading."""
        ...


class SimAdapter(Protocol[SpecT, OutcomeT]):
    """One ruleset's simulator: its options, one game from its seeds, its part of the report.

    Attributes:
        name: the ruleset's registry name (``hexmech sim NAME``).
        title: its human name, which starts the text report.
        policy_help: its policies for ``--help`` ("greedy (the default), random, first").
        rate_digits: decimals of games per second in the report.
        against: it plays ``--policy`` against ``--against`` (a game of several sides; a solo
            game's adapter refuses the option).
    """

    name: str
    title: str
    policy_help: str
    rate_digits: int
    against: bool

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """Add its own options to the ``sim`` parser (cheaply: no ruleset may load here)."""
        ...

    def choose_policy(self, name: str | None) -> str:
        """Return the policy to play (``None``: the default); raise `UsageError` if unknown."""
        ...

    def prepare(self, args: argparse.Namespace, policy: str) -> SpecT:
        """Return what every game of the run plays (picklable); raise `UsageError` for bad input."""
        ...

    def play(self, spec: SpecT, plan: GamePlan) -> OutcomeT:
        """Play one game to its result, to the command cap, or to a failure; never raise."""
        ...

    def summarise(self, spec: SpecT, finished: Sequence[OutcomeT]) -> Summary:
        """Add up the games that finished (in game order)."""
        ...


# ------------------------------------------------------------------ one game
def game_seeds(seed: int, index: int) -> tuple[int, int]:
    """Return the dice seed and the policy's seed of game ``index``: a pure function of both."""
    digest = hashlib.blake2b(f"hexmech-sim:{seed}:{index}".encode(), digest_size=16).digest()
    return int.from_bytes(digest[:8], "little"), int.from_bytes(digest[8:], "little")


@frozen
class GamePlan:
    """What the runner decides about one game: its number, its seeds and its command cap."""

    index: int
    dice_seed: int
    policy_seed: int
    max_commands: int = MAX_COMMANDS

    @classmethod
    def of(cls, seed: int, index: int, max_commands: int = MAX_COMMANDS) -> GamePlan:
        """Return the plan of game ``index`` of the run seeded ``seed``."""
        dice_seed, policy_seed = game_seeds(seed, index)
        return cls(index, dice_seed, policy_seed, max_commands)


# ------------------------------------------------------------------ many games
def wilson(successes: float, n: int, z: float = _Z95) -> tuple[float, float]:
    """Return the Wilson score interval of a proportion (95% by default); (0, 1) when ``n`` is 0."""
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


def _play_chunk(
    adapter: SimAdapter[SpecT, OutcomeT],
    spec: SpecT,
    seed: int,
    span: tuple[int, int],
    max_commands: int,
) -> list[OutcomeT]:
    """Play games ``span[0]`` to ``span[1] - 1`` (one task of the process pool)."""
    return [adapter.play(spec, GamePlan.of(seed, i, max_commands)) for i in range(*span)]


def simulate(
    adapter: SimAdapter[SpecT, OutcomeT],
    spec: SpecT,
    games: int,
    *,
    seed: int,
    max_commands: int = MAX_COMMANDS,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[OutcomeT]:
    """Play ``games`` games on ``jobs`` processes; return their outcomes in game order.

    Args:
        adapter: the ruleset's simulator.
        spec: what every game plays (`SimAdapter.prepare`).
        games: how many games.
        seed: the run's seed (game *i* depends only on it and *i*).
        max_commands: the per-game command cap.
        jobs: worker processes (1: play in this process).
        progress: called with the number of games just finished.
    """
    from concurrent.futures import Future, ProcessPoolExecutor, as_completed  # noqa: PLC0415

    outcomes: list[OutcomeT] = []
    if jobs <= 1:
        for span in _chunks(games, 1):
            outcomes.extend(_play_chunk(adapter, spec, seed, span, max_commands))
            if progress is not None:
                progress(span[1] - span[0])
        return outcomes
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures: list[Future[list[OutcomeT]]] = [
            pool.submit(_play_chunk, adapter, spec, seed, span, max_commands)
            for span in _chunks(games, jobs)
        ]
        for future in as_completed(futures):
            chunk = future.result()
            outcomes.extend(chunk)
            if progress is not None:
                progress(len(chunk))
    outcomes.sort(key=lambda o: o.index)
    return outcomes


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


# ------------------------------------------------------------------ the report
@frozen
class Report:
    """What a run adds up to: the runner's counts around the adapter's `Summary`."""

    ruleset: str
    title: str
    seed: int
    jobs: int
    games: int
    finished: int
    errors: int
    error_examples: list[tuple[int, str]]
    mean_commands: float
    seconds: float
    games_per_second: float
    summary: Summary
    rate_digits: int = 1

    @classmethod
    def build(
        cls,
        adapter: SimAdapter[SpecT, OutcomeT],
        spec: SpecT,
        outcomes: Sequence[OutcomeT],
        *,
        seed: int,
        jobs: int,
        seconds: float,
    ) -> Report:
        """Add up ``outcomes`` (in game order); the adapter sums up those that finished."""
        done = [o for o in outcomes if not o.error]
        return cls(
            ruleset=adapter.name,
            title=adapter.title,
            seed=seed,
            jobs=jobs,
            games=len(outcomes),
            finished=len(done),
            errors=len(outcomes) - len(done),
            error_examples=[(o.index, o.error) for o in outcomes if o.error][:_ERROR_EXAMPLES],
            mean_commands=sum(o.commands for o in outcomes) / len(outcomes) if outcomes else 0.0,
            seconds=seconds,
            games_per_second=len(outcomes) / seconds if seconds > 0 else 0.0,
            summary=adapter.summarise(spec, done),
            rate_digits=adapter.rate_digits,
        )

    def as_json(self) -> dict[str, Any]:
        """Return one JSON object; numbers rounded for people, never the counts."""
        return {
            "ruleset": self.ruleset,
            **self.summary.head(),
            "seed": self.seed,
            "jobs": self.jobs,
            "games": self.games,
            "finished": self.finished,
            "errors": self.errors,
            "error_examples": [{"game": i, "error": e} for i, e in self.error_examples],
            **self.summary.fields(),
            "mean_commands": round(self.mean_commands, 1),
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, self.rate_digits),
        }

    def text(self) -> str:
        """Return the report for people, a few lines."""
        jobs = f"{self.jobs} job{'s' if self.jobs != 1 else ''}"
        run = f"{self.games:,} games (seed {self.seed}, {jobs})"
        lines = [
            f"{self.title}, {self.summary.label()}, {run}",
            *self.summary.lines(),
        ]
        if self.errors:
            game, error = self.error_examples[0]
            lines.append(f"errors      {self.errors:,} (game {game}: {error})")
        lines.append(
            f"speed       {self.games_per_second:,.{self.rate_digits}f} games/s, "
            f"{self.mean_commands:.0f} commands per game, {self.seconds:.1f} s"
        )
        return "\n".join(lines)


def play_policies(
    ruleset: Any,  # noqa: ANN401 - an engine.game.Ruleset (the engine loads in the worker)
    state: Any,  # noqa: ANN401 - its state, from ruleset.start
    policy: Callable[[Any, Any], Any],
    other: Callable[[Any, Any], Any],
    side: int | None,
    *,
    dice: Any,  # noqa: ANN401 - an engine.dice.DiceSource
    rng: Any,  # noqa: ANN401 - the policies' random.Random
    max_commands: int,
    describe: Callable[[Any], str],
) -> tuple[Any, int, str]:
    """Play ``policy`` for seat ``side`` (None: every seat) and ``other`` for the rest to a result.

    For a ruleset whose state has ``result`` (None while playing) and ``stage``. Returns the last
    state, the commands played and the error ("" for a game that ended): the command cap, a
    player with no command, a refused command (``describe`` writes it) or any exception.
    """
    from engine.game import IllegalCommand  # noqa: PLC0415 - the engine loads in the worker

    commands = 0
    try:
        while state.result is None:
            if commands >= max_commands:
                return state, commands, f"no result after {commands:,} commands"
            seats = ruleset.seats_to_act(state)
            acting = policy if side is None or side in seats else other
            command = acting(state, rng)
            if command is None:
                return state, commands, f"no command in {state.stage.value}"
            try:
                events = ruleset.decide(state, command, dice)
            except IllegalCommand as exc:
                return state, commands, f"refused {describe(command)!r}: {exc}"
            for event in events:
                state = ruleset.evolve(state, event)
            commands += 1
    except Exception as exc:  # noqa: BLE001 - one bad game is reported, not the whole run lost
        return state, commands, f"{type(exc).__name__}: {exc}"
    return state, commands, ""
