"""``hexmech sim battletech``: whole BattleTech games between built-in players, to the result.

Our robustness harness (issue 5): every game is played headless from the scenario's setup to its
`GameEnded`, each command chosen by a policy (`engine.battletech.policies`) and folded through
``decide``/``evolve``. A command the rules refuse, an exception, or a game that reaches no result is
an error, reported with the game's number so ``--seed S --games N`` reproduces it. Game *i*'s
dice and policy seeds depend only on ``--seed`` and *i* (`tui.sim.game_seeds`), whatever ``--jobs``.

Exit codes: 0 done, 1 a game failed, 2 bad input.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs
from attrs import frozen

from engine.battletech.state import BTSetup
from tui.sim import _usage_error, game_seeds, with_progress

__all__ = ["BTOutcome", "BTReport", "BTSimSpec", "cmd_bt_sim", "play_bt_chunk", "play_bt_game"]

MAX_COMMANDS = 20_000
"""A game with no result after this many commands is stopped and counted as an error."""


@frozen
class BTSimSpec:
    """What a run plays: the setup (with its turn limit), the policy, the seed, the command cap."""

    setup: BTSetup
    policy: str
    seed: int
    max_commands: int = MAX_COMMANDS


@frozen
class BTOutcome:
    """How one game went: the winner (None: a draw), the reason, turns, commands, any error."""

    index: int
    winner: int | None
    reason: str
    turns: int
    commands: int
    destroyed: int = 0
    error: str = ""


def play_bt_game(spec: BTSimSpec, index: int) -> BTOutcome:
    """Play game ``index`` of the run to its result (or to the command cap, or a failure)."""
    from engine.battletech import RULESET  # noqa: PLC0415 - the engine loads in the worker
    from engine.battletech.evolve import evolve  # noqa: PLC0415
    from engine.battletech.flow import decide  # noqa: PLC0415
    from engine.battletech.language import format_command  # noqa: PLC0415
    from engine.battletech.policies import POLICIES  # noqa: PLC0415
    from engine.battletech.state import Phase  # noqa: PLC0415
    from engine.dice import Dice  # noqa: PLC0415
    from engine.game import IllegalCommand  # noqa: PLC0415

    dice_seed, policy_seed = game_seeds(spec.seed, index)
    dice = Dice(dice_seed)
    rng = random.Random(policy_seed)  # noqa: S311 - a game policy, not cryptography
    policy = POLICIES[spec.policy]
    state = RULESET.start(spec.setup)
    commands = 0
    command = None
    try:
        while state.phase is not Phase.OVER:
            if commands >= spec.max_commands:
                return _outcome(index, state, commands, f"no result after {commands:,} commands")
            command = policy(state, rng)
            if command is None:
                return _outcome(index, state, commands, f"no command in {state.phase.value}")
            for event in decide(state, command, dice):
                state = evolve(event, state)
            commands += 1
    except IllegalCommand as exc:
        text = format_command(command) if command is not None else "?"
        return _outcome(index, state, commands, f"refused {text!r}: {exc}")
    except Exception as exc:  # noqa: BLE001 - one bad game is reported, not the whole run lost
        return _outcome(index, state, commands, f"{type(exc).__name__}: {exc}")
    return _outcome(index, state, commands, "")


def _outcome(index: int, state: Any, commands: int, error: str) -> BTOutcome:  # noqa: ANN401
    destroyed = sum(1 for u in state.units if u.destroyed)
    return BTOutcome(index, state.winner, state.result, state.turn, commands, destroyed, error)


def play_bt_chunk(spec: BTSimSpec, start: int, stop: int) -> list[BTOutcome]:
    """Play games ``start`` to ``stop - 1`` (one task of the process pool)."""
    _install()
    return [play_bt_game(spec, i) for i in range(start, stop)]


def _install() -> None:
    from tui.battletech.library import install  # noqa: PLC0415

    install()


@frozen
class BTReport:
    """What a run adds up to (``--json`` prints `as_json`)."""

    scenario: str
    policy: str
    seed: int
    jobs: int
    games: int
    finished: int
    errors: int
    results: dict[str, int]
    reasons: list[tuple[str, int]]
    mean_turns: float
    turns: dict[int, int]
    mean_commands: float
    error_examples: list[tuple[int, str]]
    seconds: float
    games_per_second: float

    @classmethod
    def build(
        cls,
        outcomes: Sequence[BTOutcome],
        *,
        setup: BTSetup,
        scenario: str,
        policy: str,
        seed: int,
        jobs: int,
        seconds: float,
    ) -> BTReport:
        """Add up ``outcomes`` (in game order)."""
        done = [o for o in outcomes if not o.error]
        results = Counter("draw" if o.winner is None else setup.sides[o.winner] for o in done)
        turns = Counter(o.turns for o in done)
        n = len(done)
        return cls(
            scenario=scenario,
            policy=policy,
            seed=seed,
            jobs=jobs,
            games=len(outcomes),
            finished=n,
            errors=len(outcomes) - n,
            results=dict(results.most_common()),
            reasons=Counter(o.reason for o in done).most_common(5),
            mean_turns=sum(o.turns for o in done) / n if n else 0.0,
            turns={t: turns[t] for t in sorted(turns)},
            mean_commands=sum(o.commands for o in outcomes) / len(outcomes) if outcomes else 0,
            error_examples=[(o.index, o.error) for o in outcomes if o.error][:5],
            seconds=seconds,
            games_per_second=len(outcomes) / seconds if seconds > 0 else 0.0,
        )

    def as_json(self) -> dict[str, Any]:
        """One JSON object."""
        return {
            "ruleset": "battletech",
            "scenario": self.scenario,
            "policy": self.policy,
            "seed": self.seed,
            "jobs": self.jobs,
            "games": self.games,
            "finished": self.finished,
            "errors": self.errors,
            "error_examples": [{"game": i, "error": e} for i, e in self.error_examples],
            "results": self.results,
            "reasons": [{"reason": r, "games": n} for r, n in self.reasons],
            "mean_turns": round(self.mean_turns, 2),
            "turns": {str(t): n for t, n in self.turns.items()},
            "mean_commands": round(self.mean_commands, 1),
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 2),
        }

    def text(self) -> str:
        """The report for people, a few lines."""
        total = max(1, self.finished)
        results = ", ".join(
            f"{name} {n:,} ({100 * n / total:.1f}%)" for name, n in self.results.items()
        )
        spread = " ".join(f"{t}:{n}" for t, n in self.turns.items())
        lines = [
            (
                f"BattleTech, {self.scenario}, policy {self.policy}, {self.games:,} games "
                f"(seed {self.seed}, {self.jobs} job{'s' if self.jobs != 1 else ''})"
            ),
            f"results     {results or '-'}",
            f"turns       {self.mean_turns:.1f} on average;  {spread}",
        ]
        for reason, n in self.reasons[:3]:
            lines.append(f"            {n:,} x {reason}")
        if self.errors:
            game, error = self.error_examples[0]
            lines.append(f"errors      {self.errors:,} (game {game}: {error})")
        lines.append(
            f"speed       {self.games_per_second:,.2f} games/s, "
            f"{self.mean_commands:.0f} commands per game, {self.seconds:.1f} s"
        )
        return "\n".join(lines)


def _setup(args: argparse.Namespace) -> tuple[BTSetup, str]:
    from engine.battletech import RULESET  # noqa: PLC0415
    from tui.battletech.library import install, load_scenario  # noqa: PLC0415

    folders: list[Path] = getattr(args, "units", None) or []
    library = install(folders)
    name = args.scenario or "default"
    try:
        setup = load_scenario(name, library) if args.scenario else RULESET.make_setup(None)
    except ValueError as exc:
        raise _usage_error(str(exc)) from None
    if not setup.victory.turns:
        if args.max_turns < 1:
            raise _usage_error(f"--max-turns must be 1 or more, not {args.max_turns}")
        setup = attrs.evolve(setup, victory=attrs.evolve(setup.victory, turns=args.max_turns))
    return setup, name


def simulate_bt(
    spec: BTSimSpec,
    games: int,
    *,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[BTOutcome]:
    """Play ``games`` games on ``jobs`` processes; return their outcomes in game order."""
    from concurrent.futures import ProcessPoolExecutor, as_completed  # noqa: PLC0415

    from tui.sim import _chunks  # noqa: PLC0415

    outcomes: list[BTOutcome] = []
    if jobs <= 1:
        for start, stop in _chunks(games, 1):
            outcomes.extend(play_bt_chunk(spec, start, stop))
            if progress is not None:
                progress(stop - start)
        return outcomes
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play_bt_chunk, spec, a, b) for a, b in _chunks(games, jobs)]
        for future in as_completed(futures):
            chunk = future.result()
            outcomes.extend(chunk)
            if progress is not None:
                progress(len(chunk))
    outcomes.sort(key=lambda o: o.index)
    return outcomes


def cmd_bt_sim(args: argparse.Namespace) -> int:
    """Run ``hexmech sim battletech``: check the arguments, play, print the report."""
    from engine.battletech.policies import POLICIES  # noqa: PLC0415

    policy = args.policy or "random"
    if policy not in POLICIES:
        known = ", ".join(sorted(POLICIES))
        raise _usage_error(f"unknown battletech policy {policy!r} (known: {known})")
    if args.games < 1:
        raise _usage_error(f"--games must be 1 or more, not {args.games}")
    jobs = args.jobs if args.jobs is not None else os.cpu_count() or 1
    if jobs < 1:
        raise _usage_error(f"--jobs must be 1 or more, not {jobs}")
    jobs = min(jobs, args.games)
    setup, name = _setup(args)
    seed = args.seed if args.seed is not None else secrets.randbits(63)
    spec = BTSimSpec(setup, policy, seed, args.max_commands)
    show = not args.json and sys.stderr.isatty()
    start = time.perf_counter()
    outcomes = _run_with_progress(spec, args.games, jobs, show=show)
    report = BTReport.build(
        outcomes,
        setup=setup,
        scenario=name,
        policy=policy,
        seed=seed,
        jobs=jobs,
        seconds=time.perf_counter() - start,
    )
    if args.json:
        print(json.dumps(report.as_json(), ensure_ascii=False))  # noqa: T201
    else:
        print(report.text())  # noqa: T201
    return 1 if report.errors else 0


def _run_with_progress(spec: BTSimSpec, games: int, jobs: int, *, show: bool) -> list[BTOutcome]:
    return with_progress(
        f"battletech {spec.policy} x {jobs} jobs",
        games,
        lambda advance: simulate_bt(spec, games, jobs=jobs, progress=advance),
        show=show,
    )
