"""``hexmech sim battletech``: whole games to a result, the report, determinism, bad input."""

from __future__ import annotations

import json

import pytest

from tests.tui.test_sim import TIMING, hexmech


def bt_json(*args: str) -> dict:
    result = hexmech("sim", "battletech", "--json", *args)
    assert result.returncode == 0, result.stderr + result.stdout
    assert result.stderr == ""
    return json.loads(result.stdout)


def test_games_end_with_a_result_and_the_report_counts_them() -> None:
    """Every game ends with GameEnded: results add up, turns and speed are reported."""
    report = bt_json("--games", "4", "--seed", "3", "--jobs", "1", "--policy", "aggressive")
    assert report["ruleset"] == "battletech"
    assert report["scenario"] == "default"
    assert (report["games"], report["finished"], report["errors"]) == (4, 4, 0)
    assert sum(report["results"].values()) == 4
    assert set(report["results"]) <= {"Davion", "Kurita", "draw"}
    assert sum(report["turns"].values()) == 4
    assert 1 <= report["mean_turns"] <= 30
    assert report["mean_commands"] > 0
    assert report["games_per_second"] > 0
    assert sum(r["games"] for r in report["reasons"]) == 4


def test_the_same_seed_gives_the_same_games_on_one_or_two_jobs() -> None:
    one = bt_json("--games", "4", "--seed", "8", "--jobs", "1", "--max-turns", "6")
    two = bt_json("--games", "4", "--seed", "8", "--jobs", "2", "--max-turns", "6")
    assert {k: v for k, v in one.items() if k not in TIMING} == {
        k: v for k, v in two.items() if k not in TIMING
    }
    assert max(int(t) for t in one["turns"]) <= 6


def test_a_scenario_with_its_own_victory_plays_to_it() -> None:
    """Hold the bridge ends by turn 8 at the latest (its own limit, not --max-turns)."""
    report = bt_json("--games", "2", "--seed", "1", "--jobs", "1", "--scenario", "bridge")
    assert report["errors"] == 0
    assert max(int(t) for t in report["turns"]) <= 8


def test_the_text_report_has_results_turns_and_speed() -> None:
    result = hexmech("sim", "battletech", "--games", "2", "--seed", "2", "--jobs", "1")
    assert result.returncode == 0, result.stderr
    text = result.stdout
    assert text.startswith("BattleTech, default, policy random, 2 games (seed 2, 1 job)")
    for word in ("results", "turns", "speed", "games/s"):
        assert word in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("--policy", "greedy"),
            (
                "unknown battletech policy 'greedy' (known: aggressive, bot, bot-aggressive, "
                "bot-cautious, random)"
            ),
        ),
        (("--scenario", "nowhere"), "no scenario 'nowhere'"),
        (("--max-turns", "0"), "--max-turns must be 1 or more, not 0"),
        (("--games", "0"), "--games must be 1 or more, not 0"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: tuple[str, ...], message: str) -> None:
    result = hexmech("sim", "battletech", "--games", "1", *args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert message in lines[0]
