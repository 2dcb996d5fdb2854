"""Benchmark of ``hexmech sim aod`` (issue 17; ``make bench``): prints, never asserts speed.

CPU milliseconds per simulated game of the demo scenario (AOD-26.16) with the default ``aggressive``
policy, two players and four (``--players 4``), on one core: the best of a few runs, in CPU time
(``time.process_time``), because this 2-core machine is shared and wall-clock figures swing with
its load. The target: a two-player game in 600 ms at most (issue 17: at least 4x faster, so 1,000
games take minutes).

- `test_bench_sim_seconds_per_game`: through the runner as the command line plays them
  (`tui.commands.runner.simulate`, one job, seed `SEED`), beside `BASELINE`, the figures of the
  code before issue 17's speed-up (commit `BEFORE`) by the same procedure.
- `test_bench_sim_against_the_code_before`: that commit's ``engine/aod`` (read with ``git
  archive``, renamed ``aod_before``) and today's play the same seeded games, alternated in one
  run: the figure to compare on a loaded machine. Both play the same commands (issue 17 changed
  no move): a game whose outcome differs is printed.

What changed (issue 17): answers kept per state (`engine.aod.state.AoDState.memo`), move
searches shared by every allowance (`engine.aod.reach`), ranged formations tried only for linked
groups, special attacks searched only near a target, and the aggressive player lists only what
each of its steps reads (`engine.aod.rules.listed_attacks` and its siblings).
"""

from __future__ import annotations

import argparse
import copy
import importlib
import io
import random
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.dice import Dice
from tests.bench.common import report
from tui.aod.sim import ADAPTER, AoDSimSpec
from tui.commands.runner import GamePlan, simulate

SEED = 2026
GAMES = {2: 6, 4: 3}
"""Games per timed run of `test_bench_sim_seconds_per_game`."""
BEFORE_GAMES = {2: 3, 4: 2}
"""Games per timed run of `test_bench_sim_against_the_code_before` (the old code is slow)."""
REPEATS = 2
TARGET = 600.0
"""Issue 17: CPU milliseconds per two-player game at most."""

BEFORE = "fdef6cb"
"""The commit before issue 17's speed-up: its ``engine/aod`` is timed beside today's."""

BASELINE = {2: 1971.0, 4: 8694.0}
"""CPU milliseconds per game of the code of `BEFORE` by `test_bench_sim_seconds_per_game`'s
procedure (seed `SEED`, the best of `REPEATS` runs; that commit's tree read with ``git archive``),
28 Nov 2026, on this 2-core machine, shared (load average 6-7)."""


def _spec(players: int) -> AoDSimSpec:
    """What ``hexmech sim aod [--players 4]`` plays: the demo scenario, policy aggressive."""
    args = argparse.Namespace(players=players, units=[], against=None)
    return ADAPTER.prepare(args, "aggressive")


def test_bench_sim_seconds_per_game() -> None:
    """CPU ms per game of ``hexmech sim aod``, 2 players (target <= 600) and 4 players."""
    for players in (2, 4):
        spec, games = _spec(players), GAMES[players]
        seconds = float("inf")
        for _ in range(REPEATS):
            start = time.process_time()
            outcomes = simulate(ADAPTER, spec, games, seed=SEED, jobs=1)
            seconds = min(seconds, time.process_time() - start)
        report(
            f"aod sim {players} players: CPU ms per game (1 core)",
            1000 * seconds / games,
            "ms/game",
            baseline=BASELINE[players],
            target=TARGET if players == 2 else None,
        )
        failed = [o for o in outcomes if o.failed]
        if failed:
            print(f"BENCH aod sim {players} players: {len(failed)} games failed: {failed[0]}")  # noqa: T201


# ---- the code before, in the same run ---------------------------------------------------------


_MODULES = ("state", "ruleset", "rules", "evolve", "policies", "data.catalogue", "data.unitfile")
"""The modules of a package the benchmark plays with."""


def _package_before() -> dict[str, Any] | None:
    """``engine/aod`` of commit `BEFORE` as a package of its own (``aod_before``), or None.

    Read with ``git archive`` into a temporary folder, its imports of ``engine.aod`` rewritten, so
    both run in one process; it shares the rest of the engine (hexes, dice, the kernel).
    """
    root = Path(__file__).resolve().parents[2]
    try:
        archive = subprocess.run(
            ["git", "-C", str(root), "archive", BEFORE, "engine/aod"],
            capture_output=True,
            check=True,
            timeout=60,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    folder = Path(tempfile.mkdtemp(prefix="aod-before-"))
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    package = folder / "aod_before"
    (folder / "engine" / "aod").rename(package)
    for source in package.rglob("*.py"):
        source.write_text(source.read_text().replace("engine.aod", "aod_before"))
    sys.path.insert(0, str(folder))
    try:
        names = _MODULES
        return {name: importlib.import_module(f"aod_before.{name}") for name in names}
    finally:
        sys.path.remove(str(folder))
        shutil.rmtree(folder, ignore_errors=True)  # every module it needs is loaded


def _package_now() -> dict[str, Any]:
    names = _MODULES
    return {name: importlib.import_module(f"engine.aod.{name}") for name in names}


def _setup(package: Mapping[str, Any], players: int) -> Any:
    """The demo scenario (four players: its forces twice, `tui.aod.sim.four_player_table`)."""
    assets = Path(__file__).resolve().parents[2] / "assets" / "aod"
    reading = package["data.catalogue"]
    catalogue, pieces = reading.merge(
        reading.parse_catalogue(p.read_text(encoding="utf-8"))
        for p in sorted((assets / "catalogue").glob("*.aod.toml"))
    )
    units = {}
    for path in sorted((assets / "units").glob("*.aod.toml")):
        unit = package["data.unitfile"].parse_unit(path.read_text(encoding="utf-8"), catalogue)
        units[unit.collector] = unit
    ruleset = package["ruleset"]
    rules = ruleset.AgeOfDestruction(ruleset.Library(units, pieces, catalogue))
    table = copy.deepcopy(dict(ruleset.DEMO_SCENARIO))
    if players == 4:
        first, second = table["side"]
        table["side"] = [
            first,
            {**copy.deepcopy(first), "name": "Falcon Guard", "edge": "left"},
            second,
            {**copy.deepcopy(second), "name": "Liao Reserve", "edge": "right"},
        ]
    return rules.make_setup(table)


def _play(package: Mapping[str, Any], setup: Any, games: int) -> list[tuple[Any, ...]]:
    """`tui.aod.sim.play_game`'s loop with either package: each game's winner, reason, commands."""
    decide, evolve = package["rules"].decide, package["evolve"].evolve
    player, start = package["policies"].aggressive, package["state"].AoDState.start
    found = []
    for index in range(games):
        plan = GamePlan.of(SEED, index)
        dice, rng = Dice(plan.dice_seed), random.Random(plan.policy_seed)  # noqa: S311
        state, commands = start(setup), 0
        while state.result is None and commands < plan.max_commands:
            for event in decide(state, player(state, rng), dice):
                state = evolve(state, event)
            commands += 1
        result = state.result
        found.append((commands, None if result is None else (result.winner, result.reason)))
    return found


def test_bench_sim_against_the_code_before() -> None:
    """CPU ms per game: the code of `BEFORE` and today's, alternated in one run."""
    before = _package_before()
    if before is None:
        print(f"BENCH aod sim: commit {BEFORE} not found (no git): see the other lines")  # noqa: T201
        return
    now = _package_now()
    for players in (2, 4):
        games = BEFORE_GAMES[players]
        setups = {"before": _setup(before, players), "now": _setup(now, players)}
        packages = {"before": before, "now": now}
        best = dict.fromkeys(packages, float("inf"))
        played = {}
        for _ in range(REPEATS):
            for name, package in packages.items():
                start = time.process_time()
                played[name] = _play(package, setups[name], games)
                best[name] = min(best[name], time.process_time() - start)
        report(
            f"aod sim {players} players: CPU ms per game, {BEFORE} same run",
            1000 * best["now"] / games,
            "ms/game",
            baseline=1000 * best["before"] / games,
            target=TARGET if players == 2 else None,
        )
        if played["now"] != played["before"]:
            print(f"BENCH aod sim {players} players: DIFFERENT games {played}")  # noqa: T201
