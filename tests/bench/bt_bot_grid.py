"""The BattleTech bot's strength grid (issue 21): every bundled scenario against every opponent.

Run as a script (it is not a pytest file)::

    PYTHONPATH=. python -m tests.bench.bt_bot_grid [--games N] [--jobs J] [--seed S]
        [--scenarios a,b] [--against random,aggressive,bot]

It plays ``--games`` games per cell through the simulator's own runner and adapter (the same
code as ``hexmech sim battletech --policy bot --against X``: sides swapped every other game) and
prints one line per cell as it finishes, then a table. Each cell also gives its refused commands
and errors (there must be none).

What each cell's figure means:

- against ``random`` and ``aggressive``: the bot's win rate, a draw counting half (the
  simulator's ``win_rate``), with its 95% Wilson interval;
- bot against bot: **side 0's share of the decided games** (wins / (wins + losses) for the first
  side of the scenario; draws are no side bias), with its interval, and the draw rate apart.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

import attrs

from engine.battletech.state import BTSetup
from tui.battletech.library import install, load_scenario
from tui.battletech.sim import ADAPTER, BTOutcome, BTSimSpec
from tui.commands.runner import MAX_COMMANDS, _play_chunk, wilson

SCENARIOS = (
    "tutorial",
    "trial",
    "breakout",
    "bridge",
    "scouts",
    "default",
    "night-scouts",
    "night-raid",
    "lance",
    "c3-lance",
    "frozen-lake",
    "town-ablaze",
    "artillery",
    "city-fight",
    "convoy-raid",
)
"""Every bundled scenario, quickest first (the tutorial is a two-sided one-on-one battle: it
counts), then the two combined-arms ones (vehicles, a VTOL, platoons, battle armor)."""
OPPONENTS = ("random", "aggressive", "bot")
TARGETS = {"random": (0.95, 1.0), "aggressive": (0.70, 1.0), "bot": (0.43, 0.57)}
MAX_TURNS = 30
"""The simulator's default turn limit for scenarios without one."""


def setup_of(name: str) -> BTSetup:
    """The bundled scenario ``name`` with the simulator's turn limit when it has none."""
    setup = load_scenario(name, install([]))
    if not setup.victory.turns:
        setup = attrs.evolve(setup, victory=attrs.evolve(setup.victory, turns=MAX_TURNS))
    return setup


def play(scenario: str, against: str, span: tuple[int, int], seed: int) -> list[BTOutcome]:
    """Games ``span[0]`` .. ``span[1] - 1`` of a cell, as the simulator's run of ``seed`` would.

    Game *i*'s seeds come from the run's seed and *i* alone (`runner.game_seeds`).
    """
    spec = BTSimSpec(setup_of(scenario), scenario, "bot", against)
    return _play_chunk(ADAPTER, spec, seed, span, MAX_COMMANDS)


def figures(
    scenario: str, against: str, outcomes: list[BTOutcome], seconds: float
) -> dict[str, object]:
    """A cell's figures from its games (see the module docstring)."""
    errors = [o for o in outcomes if o.error]
    done = [o for o in outcomes if not o.error]
    refused = sum(1 for o in errors if o.error.startswith("refused"))
    draws = sum(1 for o in done if o.winner is None)
    if against == "bot":
        wins = sum(1 for o in done if o.winner == 0)
        losses = sum(1 for o in done if o.winner is not None and o.winner != 0)
        rate = wins / (wins + losses) if wins + losses else 0.0
        low, high = wilson(wins, wins + losses)
        measure = "side 0 share of decided"
    else:
        wins = sum(1 for o in done if o.winner == o.side)
        losses = len(done) - wins - draws
        score = wins + draws / 2
        rate = score / len(done) if done else 0.0
        low, high = wilson(score, len(done))
        measure = "bot win rate (draw = half)"
    if against == "bot":
        # the first-listed bot's share of the decided games (it swaps sides every other game)
        seat = sum(1 for o in done if o.winner is not None and o.winner == o.side)
        by_side = f"first-listed bot won {seat}/{wins + losses} decided"
    else:
        by_side = ", ".join(
            f"as side {s}: {sum(1 for o in done if o.side == s and o.winner == s)}"
            f"/{sum(1 for o in done if o.side == s)}"
            for s in sorted({o.side for o in done if o.side is not None})
        )
    target_low, target_high = TARGETS[against]
    return {
        "scenario": scenario,
        "against": against,
        "games": len(outcomes),
        "finished": len(done),
        "errors": len(errors),
        "refused": refused,
        "error_example": errors[0].error if errors else "",
        "wins": wins,
        "losses": losses,
        "draws": draws,
        "draw_rate": round(draws / len(done), 4) if done else 0.0,
        "measure": measure,
        "rate": round(rate, 4),
        "ci95": [round(low, 4), round(high, 4)],
        "meets": target_low <= rate <= target_high,
        "by_side": by_side,
        "commands": sum(o.commands for o in outcomes),
        "seconds": round(seconds, 1),
    }


def _raw(outcome: BTOutcome) -> list[object]:
    return [outcome.index, outcome.winner, outcome.side, outcome.commands, outcome.error]


def _cooked(raw: list[object]) -> BTOutcome:
    index, winner, side, commands, error = raw
    return BTOutcome(index, winner, "", 0, commands, 0, error, side)  # type: ignore[arg-type]


def _row(result: dict[str, object]) -> str:
    low, high = result["ci95"]  # type: ignore[misc]
    flag = "" if result["meets"] else "  MISS"
    return (
        f"| {result['scenario']:<12} | {result['against']:<10} | {result['games']:>5} |"
        f" {100 * result['rate']:5.1f}% | {100 * low:4.1f}-{100 * high:5.1f}% |"  # type: ignore[operator]
        f" {result['wins']}-{result['losses']}-{result['draws']} |"
        f" {100 * result['draw_rate']:4.1f}% | {result['refused']}/{result['errors']} |{flag}"  # type: ignore[operator]
    )


HEAD = (
    "| scenario     | opponent   | games |  rate  | 95% CI      | W-L-D | draws | refused/errors |"
)


def main(argv: list[str] | None = None) -> int:
    """Play the grid in rounds of ``--round`` games a cell, a raw line per cell and round.

    Every cell gets its first games before any gets more (a run cut short still covers all).

    ``--table FILE`` only prints the table of the raw lines in FILE (a run cut short included).
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--round", type=int, default=40)
    parser.add_argument("--seed", type=int, default=2112)
    parser.add_argument("--scenarios", default=",".join(SCENARIOS))
    parser.add_argument("--against", default=",".join(OPPONENTS))
    parser.add_argument(
        "--first", type=int, default=0, help="the first game to play (resume a run cut short)"
    )
    parser.add_argument(
        "--table", metavar="FILE", nargs="+", help="print the table of runs' raw lines"
    )
    args = parser.parse_args(argv)
    if args.table:
        return table(args.table)
    cells = [(s, a) for a in args.against.split(",") for s in args.scenarios.split(",")]
    for first in range(args.first, args.games, args.round):
        span = (first, min(args.games, first + args.round))
        for scenario, against in cells:
            start = time.process_time()
            outcomes = play(scenario, against, span, args.seed)
            seconds = time.process_time() - start
            line = {
                "scenario": scenario,
                "against": against,
                "span": span,
                "cpu": round(seconds, 1),
                "games": [_raw(o) for o in outcomes],
            }
            print("RAW " + json.dumps(line), flush=True)  # noqa: T201
            result = figures(scenario, against, outcomes, seconds)
            print(_row(result), f"(games {span[0]}-{span[1] - 1}, {seconds:.0f} s CPU)", flush=True)  # noqa: T201
    return 0


def table(paths: list[str]) -> int:
    """Print the table of every cell's games so far in the raw lines of ``paths``.

    A game (by its number) found twice, as when a run cut short is resumed with ``--first``, is
    counted once: game *i* of a seed is the same game in every run.
    """
    games: dict[tuple[str, str], dict[int, BTOutcome]] = {}
    cpu: dict[tuple[str, str], float] = {}
    for path in paths:
        with open(path, encoding="utf-8") as lines:  # noqa: PTH123
            for line in lines:
                if not line.startswith("RAW "):
                    continue
                raw = json.loads(line[4:])
                key = (raw["scenario"], raw["against"])
                played = games.setdefault(key, {})
                fresh = [g for g in raw["games"] if g[0] not in played]  # a game played twice
                played.update((g[0], _cooked(g)) for g in fresh)  # (a resumed run) counts once
                if fresh:
                    cpu[key] = cpu.get(key, 0.0) + raw["cpu"] * len(fresh) / len(raw["games"])
    print("rate: vs random/aggressive the bot's win rate (draw = half);")  # noqa: T201
    print("      vs bot side 0's share of the decided games (target 43-57%)")  # noqa: T201
    print(HEAD)  # noqa: T201
    total = refused = errors = 0
    for against in OPPONENTS:
        for scenario in SCENARIOS:
            outcomes = [g for _, g in sorted(games.get((scenario, against), {}).items())]
            if not outcomes:
                continue
            result = figures(scenario, against, outcomes, cpu[scenario, against])
            print(_row(result), f" {result['by_side']}")  # noqa: T201
            total += len(outcomes)
            refused += int(result["refused"])  # type: ignore[call-overload]
            errors += int(result["errors"])  # type: ignore[call-overload]
    print(f"{total} games, {refused} refused commands, {errors} errors")  # noqa: T201
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
