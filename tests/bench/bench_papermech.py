"""Benchmarks of Paper 'Mech simulation (``make bench``): they print figures, never assert speed.

Figures, each the best of a few repeats in one process (``time.perf_counter``):

- games/s of the simulator's game loop (`tui.papermech.sim`: fold ``decide``/``evolve``, ask the
  policy) with the ``random`` and ``greedy`` policies, and the commands/s that makes;
- the same recorded commands replayed without any policy, by the fold and by
  `engine.game.Game.execute` (its log, snapshots and summary checks), to show what the kernel adds;
- how much of a greedy game is the policy's own thinking.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from engine.dice import Dice
from engine.game import Game
from engine.papermech import RULESET, PaperSetup, legal_commands
from engine.papermech.commands import PaperCommand
from engine.papermech.evolve import evolve
from engine.papermech.flow import decide
from engine.papermech.policies import POLICIES
from tests.bench.common import best_of, report
from tui.commands.runner import GamePlan, game_seeds
from tui.papermech.sim import ADAPTER, PaperSpec

GAMES = {"random": 200, "greedy": 60}


def run_games(policy: str, games: int) -> int:
    """Play ``games`` simulator games; return the commands they took."""
    spec = PaperSpec(PaperSetup(), policy)
    return sum(ADAPTER.play(spec, GamePlan.of(2024, i)).commands for i in range(games))


def record(policy: str, seed: int) -> list[PaperCommand]:
    """The commands of one game with ``policy`` (to replay them without a policy)."""
    dice_seed, policy_seed = game_seeds(seed, 0)
    dice, rng, chooser = Dice(dice_seed), random.Random(policy_seed), POLICIES[policy]  # noqa: S311
    state = RULESET.start(PaperSetup())
    commands = []
    while state.result is None:
        command = chooser.choose(state, legal_commands(state), rng)
        commands.append(command)
        for event in decide(state, command, dice):
            state = evolve(state, event)
    return commands


def replay_fold(seed: int, commands: list[PaperCommand]) -> None:
    dice = Dice(game_seeds(seed, 0)[0])
    state = RULESET.start(PaperSetup())
    for command in commands:
        for event in decide(state, command, dice):
            state = evolve(state, event)
    assert state.result is not None


def replay_game(seed: int, commands: list[PaperCommand]) -> None:
    game = Game(RULESET, PaperSetup(), Dice(game_seeds(seed, 0)[0]))
    for command in commands:
        game.execute(command)
    assert game.state.result is not None


def timed(work: Callable[[], int]) -> tuple[float, int]:
    start = time.perf_counter()
    commands = work()
    return time.perf_counter() - start, commands


def test_bench_simulated_games_per_second() -> None:
    """Games and commands per second of the simulator's loop, one process, per policy."""
    for policy, games in GAMES.items():
        seconds, commands = min(timed(lambda p=policy, g=games: run_games(p, g)) for _ in range(2))
        report(f"sim {policy}: games (1 process)", games / seconds, "games/s")
        report(f"sim {policy}: commands incl. policy", commands / seconds, "commands/s")
        report(f"sim {policy}: commands per game", commands / games, "commands")


def test_bench_fold_against_game_execute() -> None:
    """The same recorded commands: the simulator's fold against `Game.execute`."""
    games = [(seed, record("greedy", seed)) for seed in range(20)]
    count = sum(len(c) for _, c in games)

    def fold() -> None:
        for seed, commands in games:
            replay_fold(seed, commands)

    def execute() -> None:
        for seed, commands in games:
            replay_game(seed, commands)

    report("decide + evolve fold (no policy)", count / best_of(3, fold), "commands/s")
    report("Game.execute (no policy)", count / best_of(3, execute), "commands/s")


def test_bench_greedy_thinking_share() -> None:
    """The share of a greedy game spent in the policy itself."""
    games = [(seed, record("greedy", seed)) for seed in range(20)]
    count = sum(len(c) for _, c in games)
    engine = best_of(3, lambda: [replay_fold(s, c) for s, c in games])
    whole, commands = min(timed(lambda: run_games("greedy", 20)) for _ in range(2))
    report("greedy: policy share of a game", 100 * (1 - engine / count * commands / whole), "%")
