"""``hexmech sim aod``: whole games of the demo scenario (AOD-26.16) by the built-in players.

Two and four players (AOD-2, AOD-5), ``--against`` turning the seat with the games, errors
counted (a refused command, an exception, the command cap), the duel's Wilson interval.
"""

from __future__ import annotations

import json
import random

import pytest

from engine.aod.terrain import Edge
from engine.dice import Dice
from tui.aod.sim import ADAPTER, AoDOutcome, AoDSimSpec, AoDSummary, four_player_table, play_game
from tui.commands import build_parser, main
from tui.commands.runner import GamePlan, wilson


@pytest.fixture(scope="module")
def two() -> AoDSimSpec:
    args = build_parser().parse_args(["sim", "aod", "--against", "random"])
    return ADAPTER.prepare(args, "aggressive")


@pytest.fixture(scope="module")
def four() -> AoDSimSpec:
    args = build_parser().parse_args(["sim", "aod", "--players", "4"])
    return ADAPTER.prepare(args, "random")


def test_four_players_sit_on_the_four_edges_with_the_demo_forces_twice(four):
    """AOD-2 / AOD-5 / AOD-26.10: top, left, bottom, right; Falcon Strike's force twice, Liao's."""
    setup = four.setup
    assert [p.edge for p in setup.players] == [Edge.TOP, Edge.LEFT, Edge.BOTTOM, Edge.RIGHT]
    assert setup.players[0].force == setup.players[1].force
    assert setup.players[2].force == setup.players[3].force
    assert len({p.name for p in setup.players}) == 4
    assert len(four_player_table()["side"]) == 4


def test_a_game_against_another_policy_seats_the_policy_by_the_game_s_number(two):
    """Game i: the policy plays seat i mod 2; the command cap is an error that fails the run."""
    outcomes = [ADAPTER.play(two, GamePlan(i, 1, 2, max_commands=3)) for i in range(3)]

    assert [o.side for o in outcomes] == [0, 1, 0]
    assert all(o.error == "no result after 3 commands" for o in outcomes)
    assert all(o.failed and o.commands == 3 for o in outcomes)


def test_the_same_seeds_play_the_same_game(two):
    """Pure players and seeded dice: the same seeds, the same commands and the same stop."""

    def run() -> AoDOutcome:
        rng = random.Random(4)  # noqa: S311 - a game player's choices
        return play_game(two, Dice(9), rng, index=0, max_commands=40, side=0)

    assert run() == run()


def test_the_summary_counts_the_policy_s_wins_losses_and_draws(two):
    """A draw (nobody won, AOD-22.3) counts half; the interval is Wilson's."""
    done = [
        AoDOutcome(0, 0, "the 10-round limit was reached", 10, 80, side=0),  # won
        AoDOutcome(1, 0, "the 10-round limit was reached", 10, 80, side=1),  # lost
        AoDOutcome(2, None, "time was called", 4, 30, side=0),  # a draw
        AoDOutcome(3, 1, "Falcon Strike has no unit left", 6, 50, eliminated=11, side=1),  # won
    ]

    summary = AoDSummary.build(two, done)

    assert (summary.wins, summary.losses, summary.draws) == (2, 1, 1)
    assert summary.win_rate == pytest.approx(2.5 / 4)
    assert summary.ci95 == wilson(2.5, 4)
    assert summary.results == {"Falcon Strike": 2, "Liao Line": 1, "nobody": 1}
    assert summary.mean_rounds == pytest.approx(7.5)
    assert summary.mean_eliminated == pytest.approx(11 / 4)
    assert "aggressive  2 wins, 1 losses, 1 draws against random" in summary.lines()[0]


def _sim(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    code = main(["sim", "aod", "--games", "1", "--jobs", "1", "--seed", "7", "--json", *args])
    report = json.loads(capsys.readouterr().out)
    assert code == 0, report
    return report


def test_a_two_player_game_ends_with_a_result_and_no_error(capsys):
    """AOD-22: the game reaches its end (a force gone, or the round limit) with no refusal."""
    report = _sim(capsys, "--against", "random")

    assert report["players"] == ["Falcon Strike", "Liao Line"]
    assert (report["finished"], report["errors"]) == (1, 0)
    assert report["wins"] + report["losses"] + report["draws"] == 1
    assert sum(report["results"].values()) == 1


def test_a_four_player_game_ends_with_a_result_and_no_error(capsys):
    """AOD-2: four players, play passing round the table, to the end."""
    report = _sim(capsys, "--players", "4", "--policy", "random")

    assert len(report["players"]) == 4
    assert (report["finished"], report["errors"]) == (1, 0)
    assert report["mean_rounds"] >= 1


def test_an_unknown_policy_is_a_usage_error(capsys):
    """Exit 2 with the known players named."""
    assert main(["sim", "aod", "--games", "1", "--policy", "greedy"]) == 2
    assert "unknown aod policy 'greedy' (known: aggressive, random)" in capsys.readouterr().err
