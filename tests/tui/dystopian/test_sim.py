"""``hexmech sim dystopian``: whole games of the DW-28.12 sample fleets by the built-in players.

Games end with a result (DW-22.4 to DW-22.6), errors are counted (a refused command, an
exception, the command cap), ``--against`` turns the fleets with the games, and the duel's rate
has Wilson's interval. Games here are one or two turns long (``--turns``, DW-22.6) to stay quick.
"""

from __future__ import annotations

import json
import random

import pytest

from engine.dice import Dice
from tui.commands import build_parser, main
from tui.commands.runner import GamePlan, wilson
from tui.dystopian.sim import ADAPTER, DWOutcome, DWSimSpec, DWSummary, play_game


def _spec(*args: str, policy: str = "aggressive") -> DWSimSpec:
    parsed = build_parser().parse_args(["sim", "dystopian", *args])
    return ADAPTER.prepare(parsed, policy)


@pytest.fixture(scope="module")
def duel() -> DWSimSpec:
    return _spec("--turns", "1", "--against", "random")


def test_the_run_plays_the_sample_naval_fleets_for_the_turns_asked():
    """DW-28.12: the sample 400-point fleet on each side; DW-22.6: ``--turns`` sets the length."""
    spec = _spec("--turns", "2")

    assert [p.name for p in spec.setup.players] == ["Red", "Blue"]
    assert {p.fleet.name for p in spec.setup.players} == {"Sample naval fleet"}
    assert spec.setup.turns == 2
    assert _spec().setup.turns == 6  # the scenario's own length


@pytest.mark.parametrize("policy", ["aggressive", "random"])
def test_a_one_turn_game_ends_with_a_result_and_no_error(policy):
    """DW-22.5: after the last turn the VP decide; no command is refused on the way."""
    spec = _spec("--turns", "1", policy=policy)

    outcome = ADAPTER.play(spec, GamePlan.of(5, 0))

    assert outcome.error == ""
    assert not outcome.failed
    assert outcome.turn == 1
    assert outcome.reason
    assert outcome.level in {"crushing triumph", "resounding victory", "marginal success", "draw"}
    assert len(outcome.vp) == 2
    assert outcome.commands > 18  # the roll-off, the edge, 18 deployments, then the turn


def test_a_game_against_another_policy_seats_the_policy_by_the_game_s_number(duel):
    """Game i: the policy plays player i mod 2; the command cap is an error that fails the run."""
    outcomes = [ADAPTER.play(duel, GamePlan(i, 1, 2, max_commands=3)) for i in range(3)]

    assert [o.side for o in outcomes] == [0, 1, 0]
    assert all(o.error == "no result after 3 commands" for o in outcomes)
    assert all(o.failed and o.commands == 3 for o in outcomes)


def test_the_same_seeds_play_the_same_game(duel):
    """Pure players and seeded dice: the same seeds, the same commands and the same stop."""

    def run() -> DWOutcome:
        rng = random.Random(4)  # noqa: S311 - a game player's choices
        return play_game(duel, Dice(9), rng, index=0, max_commands=40, side=0)

    assert run() == run()


def test_the_summary_counts_the_policy_s_wins_losses_and_draws(duel):
    """A draw (DW-22.5: a margin under 10%) counts half; the interval is Wilson's."""
    turns, orders = "the 6 turns have been played", "Blue fulfilled their Field Orders"
    done = [
        DWOutcome(0, 0, turns, "marginal success", 6, 80, 4, (60, 50), side=0),  # won
        DWOutcome(1, 0, turns, "crushing triumph", 6, 90, 6, (150, 20), side=1),  # lost
        DWOutcome(2, None, turns, "draw", 6, 70, 2, (40, 40), side=0),  # a draw
        DWOutcome(3, 1, orders, "crushing triumph", 3, 50, 8, (0, 200), side=1),  # won
    ]

    summary = DWSummary.build(duel, done)

    assert (summary.wins, summary.losses, summary.draws) == (2, 1, 1)
    assert summary.win_rate == pytest.approx(2.5 / 4)
    assert summary.ci95 == wilson(2.5, 4)
    assert summary.results == {"Red": 2, "Blue": 1, "nobody": 1}
    assert summary.levels == {"crushing triumph": 2, "marginal success": 1, "draw": 1}
    assert summary.mean_turns == pytest.approx(21 / 4)
    assert summary.mean_lost == pytest.approx(5)
    assert summary.mean_vp == pytest.approx((250 / 4, 310 / 4))
    assert summary.reasons[0] == (turns, 3)
    assert "aggressive  2 wins, 1 losses, 1 draws against random" in summary.lines()[0]


def _sim(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    code = main(["sim", "dystopian", "--games", "1", "--jobs", "1", "--seed", "7", "--json", *args])
    report = json.loads(capsys.readouterr().out)
    assert code == 0, report
    return report


def test_the_json_report_of_a_game_against_random(capsys):
    """The runner's counts around the adapter's: players, duel, results, levels, turns, VP."""
    report = _sim(capsys, "--turns", "1", "--against", "random")

    assert report["ruleset"] == "dystopian"
    assert report["players"] == ["Red", "Blue"]
    assert (report["games"], report["finished"], report["errors"]) == (1, 1, 0)
    assert report["wins"] + report["losses"] + report["draws"] == 1
    assert sum(report["results"].values()) == 1
    assert sum(report["levels"].values()) == 1
    assert report["mean_turns"] == 1
    assert len(report["mean_vp"]) == 2
    assert report["error_examples"] == []


def test_the_text_report_names_the_game_the_fleets_and_the_speed(capsys):
    """A few lines: the heading, the winners, the levels, turns, reasons, and games per second."""
    code = main(["sim", "dystopian", "--games", "1", "--jobs", "1", "--seed", "3", "--turns", "1"])
    lines = capsys.readouterr().out.splitlines()

    assert code == 0
    assert lines[0] == "Dystopian Wars, Red v Blue, policy aggressive, 1 games (seed 3, 1 job)"
    assert lines[1].startswith("results     ")
    assert lines[2].startswith("levels      ")
    assert lines[3].startswith("turns       1.0 on average;")
    assert lines[-1].startswith("speed       ")
    assert "games/s" in lines[-1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--policy", "greedy"], "unknown dystopian policy 'greedy' (known: aggressive, random)"),
        (["--against", "nobody"], "unknown dystopian --against policy 'nobody'"),
        (["--turns", "0"], "--turns must be 1 or more, not 0"),
    ],
)
def test_bad_input_is_a_usage_error(capsys, args, message):
    """Exit 2 with one line saying what is wrong."""
    assert main(["sim", "dystopian", "--games", "1", *args]) == 2
    assert message in capsys.readouterr().err
