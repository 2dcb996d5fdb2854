"""Benchmark of the Paper 'Mech simulator (issue 14 row 6; ``make bench``): prints, never asserts.

``hexmech sim papermech`` on one core: games per second with the ``greedy`` policy (the target:
at least 250) and the ``random`` one, through the runner as the command line plays them
(`tui.commands.runner.simulate` with one job, the default setup, seed 2024). Each figure is the
best of three timed runs after a warm-up of a few games (a run of thousands of games warms the
policy's memos once), in CPU time (``time.process_time``), as issue 14 measured: this 2-core
machine is shared, and wall-clock figures swing by a factor of three with its load.

The baselines are constants: the old greedy policy and fold are gone, so they cannot run beside
the new ones. They were measured with this file's procedure on the code before the change
(commit 707e61b, 27 Nov 2026, 06:40 UTC, this 2-core machine, shared: load average 10-12).

Second round (issue 14 row 6 again): the old paths of that round's changes that can still run
are measured beside the new ones in the same run: the dice (a roll that mixed its seed anew each
time, written out below as it was) and the fold's state building (attrs' frozen ``__init__``
against `engine.papermech.evolve.make_state`). The figures of the whole simulator before that
round (main at commit 6aa5aa3) are in its report: they cannot run beside the new code.

Also, in the same run, the one old path that remains: ``decide`` followed by folding its events
with ``evolve`` (what the simulator did per command: ``decide`` applies every event as it emits
it, so that was a second fold) against `engine.papermech.flow.resolve`, which returns the state
``decide`` reached, on the same recorded greedy games.

Third round (issue 14 row 6, 27 Nov 2026, second session): greedy values a movement or shield
action only when an exact bound says it could beat the best attack (the same choices:
tests/engine/papermech/test_greedy_bounds.py and test_sim_identical.py), reads each group of
ready lines' best value per space from a memo, finds the sheet's memos by the identity of its
tuples, interns the commonest events and commands, and `Dice.roll` rolls without a call per die.
The old code cannot run beside it in one process, so the printed baselines (``was``) are now the
figures of the code before that round (commit d01dc2e) by this file's procedure, the best of
runs alternated with the new code's on this 2-core machine (shared: load average 6.5-7); the
figures of the code before the first round (commit 707e61b) were 45.1 greedy and 102.0 random.
`test_bench_simulator_against_the_code_before` also times that commit's package (read with
``git archive``, renamed) beside today's, alternated in the same run: the figure to compare on a
loaded machine (the runner's own overhead, under 1%, is left out of both).
"""

from __future__ import annotations

import importlib
import io
import random
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from engine.dice import _MASK64, Dice, _splitmix64
from engine.papermech import RULESET, PaperSetup, legal_commands
from engine.papermech.commands import PaperCommand
from engine.papermech.evolve import evolve, make_state
from engine.papermech.flow import decide, resolve
from engine.papermech.policies import POLICIES
from engine.papermech.state import PaperState
from tests.bench.common import report
from tui.commands.runner import GamePlan, simulate
from tui.papermech.sim import ADAPTER, PaperSpec

SEED = 2024
GAMES = {"greedy": 200, "random": 400}
WARM_UP = 20
TARGET = 250.0
"""Issue 14 row 6: greedy games per second on one core."""

BASELINE = {"greedy": 243.2, "random": 585.2}
"""Games/s of the code before the third round (commit d01dc2e) by this file's procedure: the
best of alternated runs, 27 Nov 2026 (see the module's docstring; before the first round, commit
707e61b: 45.1 and 102.0)."""


def best_of(repeats: int, work: Callable[[], object]) -> float:
    """The least CPU time of ``repeats`` runs of ``work``, in seconds."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return min(times)


def games_per_second(policy: str) -> float:
    """The best of three runs of ``GAMES[policy]`` games on one core, after a warm-up."""
    spec = PaperSpec(PaperSetup(), policy)
    simulate(ADAPTER, spec, WARM_UP, seed=SEED + 1, jobs=1)
    games = GAMES[policy]
    seconds = best_of(3, lambda: simulate(ADAPTER, spec, games, seed=SEED, jobs=1))
    return games / seconds


def test_bench_simulator_games_per_second() -> None:
    """Games per second of ``hexmech sim papermech``, greedy (target >= 250) and random."""
    greedy = games_per_second("greedy")
    report(
        "pm sim greedy: games/s (1 core)",
        greedy,
        "games/s",
        baseline=BASELINE["greedy"],
        target=TARGET,
        higher_is_better=True,
    )
    report(
        "pm sim random: games/s (1 core)",
        games_per_second("random"),
        "games/s",
        baseline=BASELINE["random"],
        higher_is_better=True,
    )


def recorded(index: int) -> tuple[int, list[PaperCommand]]:
    """The dice seed and the commands of greedy game ``index`` of the benchmark's run."""
    plan = GamePlan.of(SEED, index)
    dice, rng = Dice(plan.dice_seed), random.Random(plan.policy_seed)  # noqa: S311
    state = RULESET.start(PaperSetup())
    commands = []
    while state.result is None:
        command = POLICIES["greedy"].choose(state, legal_commands(state), rng)
        commands.append(command)
        state = resolve(state, command, dice)[1]
    return plan.dice_seed, commands


def test_bench_resolve_against_decide_and_fold() -> None:
    """Commands/s without a policy: ``decide`` plus a second fold (old) against ``resolve``."""
    games = [recorded(i) for i in range(30)]
    count = sum(len(commands) for _, commands in games)

    def fold_twice() -> None:
        for seed, commands in games:
            dice, state = Dice(seed), RULESET.start(PaperSetup())
            for command in commands:
                for event in decide(state, command, dice):
                    state = evolve(state, event)

    def once() -> None:
        for seed, commands in games:
            dice, state = Dice(seed), RULESET.start(PaperSetup())
            for command in commands:
                state = resolve(state, command, dice)[1]

    old = count / best_of(3, fold_twice)
    report(
        "pm sim: resolve, no policy",
        count / best_of(3, once),
        "commands/s",
        baseline=old,
        higher_is_better=True,
    )


class _RehashingDice:
    """`Dice.die` before the second round, verbatim: the seed was mixed again on every roll."""

    def __init__(self, seed: int) -> None:
        self.seed = seed & _MASK64
        self._position = 0

    def die(self, sides: int = 6) -> int:
        word = _splitmix64(_splitmix64(self.seed) ^ self._position)
        self._position += 1
        return ((word * sides) >> 64) + 1

    def roll(self, count: int = 2, sides: int = 6) -> tuple[int, ...]:
        return tuple(self.die(sides) for _ in range(count))


def test_bench_dice_rolls() -> None:
    """Rolls/s of a seeded stream, 2d6 at a time: the seed's mix kept (new) or redone (old)."""
    rolls = 100_000

    def stream(dice: Dice | _RehashingDice) -> Callable[[], object]:
        return lambda: [dice.roll(2) for _ in range(rolls // 2)]

    assert Dice(SEED).roll(50) == _RehashingDice(SEED).roll(50)  # the same stream, both ways
    old = rolls / best_of(3, stream(_RehashingDice(SEED)))
    report(
        "pm sim: dice, 2d6 rolls", rolls / best_of(3, stream(Dice(SEED))), "dice/s", baseline=old,
        higher_is_better=True,
    )  # fmt: skip


def test_bench_state_builds() -> None:
    """States/s built by the fold: `make_state` (new) against attrs' frozen ``__init__`` (old)."""
    state = RULESET.start(PaperSetup())
    fields = [getattr(state, field.name) for field in attrs.fields(PaperState)]
    count = 200_000
    assert make_state(*fields) == PaperState(*fields) == state
    old = count / best_of(3, lambda: [PaperState(*fields) for _ in range(count)])
    new = count / best_of(3, lambda: [make_state(*fields) for _ in range(count)])
    report("pm sim: fold, states built", new, "states/s", baseline=old, higher_is_better=True)


BEFORE = "d01dc2e"
"""The commit before the third round: its Paper 'Mech package is timed beside the new one."""


def _package_before() -> Any:
    """``engine/papermech`` of commit `BEFORE`, as a package of its own, or None without git.

    Read with ``git archive`` into a temporary folder, renamed ``pm_before`` (its imports of
    ``engine.papermech`` rewritten), so both can run in one process: the old path measured in
    the same run. It shares the rest of the engine (`engine.dice` included; `_DiceBefore` rolls
    as `Dice.roll` did before).
    """
    root = Path(__file__).resolve().parents[2]
    try:
        archive = subprocess.run(
            ["git", "-C", str(root), "archive", BEFORE, "engine/papermech"],
            capture_output=True,
            check=True,
            timeout=60,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    folder = Path(tempfile.mkdtemp(prefix="pm-before-"))
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    package = folder / "pm_before"
    (folder / "engine" / "papermech").rename(package)
    for source in package.glob("*.py"):
        source.write_text(source.read_text().replace("engine.papermech", "pm_before"))
    sys.path.insert(0, str(folder))
    try:
        return (
            importlib.import_module("pm_before.flow"),
            importlib.import_module("pm_before.policies"),
            importlib.import_module("pm_before"),
        )
    finally:
        sys.path.remove(str(folder))
        shutil.rmtree(folder, ignore_errors=True)  # every module it needs is loaded


class _DiceBefore(Dice):
    """`Dice` whose ``roll`` calls ``die`` once per die, as before the third round."""

    __slots__ = ()

    def roll(self, count: int = 2, sides: int = 6) -> tuple[int, ...]:
        die = self.die
        return tuple([die(sides) for _ in range(count)])


def _play(package: Any, dice: type[Dice], policy: str, games: int, seed: int) -> None:
    """`tui.papermech.sim.ADAPTER.play`'s loop, with a given Paper 'Mech package and dice."""
    flow, policies, pm = package
    chooser, legal, step = policies.POLICIES[policy], pm.legal_commands, flow.resolve
    setup = pm.PaperSetup()
    for index in range(games):
        plan = GamePlan.of(seed, index)
        rolls, rng = dice(plan.dice_seed), random.Random(plan.policy_seed)  # noqa: S311
        state = pm.RULESET.start(setup)
        while state.result is None:
            state = step(state, chooser.choose(state, legal(state), rng), rolls)[1]


def test_bench_simulator_against_the_code_before() -> None:
    """Greedy and random games/s: the code of `BEFORE` and today's, alternated in one run."""
    import engine.papermech as pm_now  # noqa: PLC0415
    import engine.papermech.flow as flow_now  # noqa: PLC0415
    import engine.papermech.policies as policies_now  # noqa: PLC0415

    before = _package_before()
    if before is None:
        print(f"BENCH pm sim: commit {BEFORE} not found (no git): see the other lines")  # noqa: T201
        return
    now = (flow_now, policies_now, pm_now)
    for policy, target in (("greedy", TARGET), ("random", None)):
        games = GAMES[policy]
        best = {"before": float("inf"), "now": float("inf")}
        for package, dice in ((before, _DiceBefore), (now, Dice)):
            _play(package, dice, policy, WARM_UP, SEED + 1)
        for _ in range(3):
            for name, package, dice in (("before", before, _DiceBefore), ("now", now, Dice)):
                start = time.process_time()
                _play(package, dice, policy, games, SEED)
                best[name] = min(best[name], time.process_time() - start)
        report(
            f"pm sim {policy}: games/s, {BEFORE} in the same run",
            games / best["now"],
            "games/s",
            baseline=games / best["before"],
            target=target,
            higher_is_better=True,
        )
