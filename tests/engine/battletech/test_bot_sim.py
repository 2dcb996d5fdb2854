"""``hexmech sim battletech --policy bot --against POLICY`` (issue 21): the duel report."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

from engine.battletech.state import BTSetup
from tui.battletech.sim import BTOutcome, BTSimSpec, BTSummary
from tui.commands.runner import wilson

ROOT = Path(__file__).resolve().parents[3]


def test_wilson_interval_numbers():
    """The 95% Wilson score interval: 8 of 10 is 0.490..0.943, 50 of 100 is 0.404..0.596."""
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(20, 20)
    assert high == 1.0
    assert low == pytest.approx(0.8389, abs=1e-4)


def _summary(outcomes: list[BTOutcome]) -> BTSummary:
    setup = attrs.evolve(_setup(), sides=("Blue", "Red"))
    return BTSummary.build(BTSimSpec(setup, "default", "bot", "random"), outcomes)


def _setup() -> BTSetup:
    from tui.battletech.library import install, load_scenario  # noqa: PLC0415

    return load_scenario("default", install([]))


def test_duel_counts_the_policys_side():
    """Wins are games its side won, whichever side that was; a draw counts half the rate."""
    outcomes = [
        BTOutcome(0, 0, "Blue wins", 5, 100, side=0),  # win as side 0
        BTOutcome(1, 1, "Red wins", 5, 100, side=1),  # win as side 1
        BTOutcome(2, 1, "Red wins", 5, 100, side=0),  # loss
        BTOutcome(3, None, "even", 5, 100, side=1),  # draw
    ]
    summary = _summary(outcomes)
    assert (summary.wins, summary.losses, summary.draws) == (2, 1, 1)
    assert summary.win_rate == pytest.approx(2.5 / 4)
    fields = summary.fields()
    assert fields["ci95"] == [round(v, 4) for v in wilson(2.5, 4)]
    assert "2 wins, 1 losses, 1 draws against random" in summary.lines()[0]


def test_json_keys():
    """The --json object has games, wins, losses, draws, win_rate, ci95 (two numbers)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [
        sys.executable,
        "-m",
        "tui.commands",
        "sim",
        "battletech",
        "--policy",
        "bot",
        "--against",
        "random",
        "--games",
        "2",
        "--jobs",
        "1",
        "--seed",
        "3",
        "--max-turns",
        "2",
        "--json",
    ]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    for key in ("games", "wins", "losses", "draws", "win_rate", "ci95", "games_per_second"):
        assert key in report
    assert report["games"] == 2
    assert report["wins"] + report["losses"] + report["draws"] == report["finished"] == 2
    low, high = report["ci95"]
    assert 0.0 <= low <= report["win_rate"] <= high <= 1.0
    assert report["against"] == "random"


def test_unknown_against_policy_is_a_usage_error():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "tui.commands", "sim", "battletech", "--policy", "bot"]
    command += ["--against", "nobody", "--games", "1"]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert "unknown battletech --against policy 'nobody'" in done.stderr
    assert "Traceback" not in done.stderr


# ------------------------------------------------------------------ the shared play loop
def _loop_setup():
    from tui.battletech.library import install, load_scenario  # noqa: PLC0415

    setup = load_scenario("tutorial", install([]))
    return attrs.evolve(setup, victory=attrs.evolve(setup.victory, turns=2))


def test_play_through_plays_to_the_end_and_names_a_refused_command():
    """`policies.play_through`: each command from the state before it to the state after it.

    It ends with the game; a command the rules refuse raises `Refused`, naming the command; a
    policy with nothing to give ends it early; the cap ends it too.
    """
    import random  # noqa: PLC0415

    from engine.battletech import RULESET  # noqa: PLC0415
    from engine.battletech.bot.builtin import Refused, aggressive, play_through  # noqa: PLC0415
    from engine.battletech.commands import Move  # noqa: PLC0415
    from engine.battletech.state import MoveMode, Phase  # noqa: PLC0415
    from engine.dice import Dice  # noqa: PLC0415

    def run(player, other, cap=5_000):
        state = RULESET.start(_loop_setup())
        rng = random.Random(3)  # noqa: S311 - a game
        return list(play_through(state, player, other, 0, rng=rng, dice=Dice(3), max_commands=cap))

    played = run(aggressive, aggressive)
    assert played[-1].after.phase is Phase.OVER
    assert all(a.after is b.before for a, b in itertools.pairwise(played))
    assert len(run(aggressive, aggressive, cap=7)) == 7

    def stubborn(state, rng):
        """Moves unit 1 (the other side's) whenever it is Movement: the rules refuse it."""
        if state.phase is Phase.MOVEMENT:
            return Move(1, MoveMode.STILL)
        return aggressive(state, rng)

    with pytest.raises(Refused) as refused:
        run(stubborn, aggressive)
    assert refused.value.command == Move(1, MoveMode.STILL)
    assert len(run(lambda _state, _rng: None, aggressive)) == 0
