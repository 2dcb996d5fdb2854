"""``hexmech sim papermech``: the report, its determinism, and one-line errors for bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from engine.papermech import Loadout, PaperSetup
from engine.papermech.policies import POLICIES
from tests.conftest import REPO
from tui.commands import main
from tui.commands.runner import GamePlan, Report, game_seeds, simulate, wilson
from tui.papermech.sim import ADAPTER, GameOutcome, PaperSpec, PaperSummary, read_setup

# Fields that depend on the clock or the machine, not on the games.
TIMING = {"seconds", "games_per_second", "jobs"}


def hexmech(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the real command line in a subprocess (standard error is a pipe: no progress bar)."""
    return subprocess.run(
        [sys.executable, "-m", "tui.commands", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        cwd=REPO,
        timeout=300,
        check=False,
    )


def sim_json(*args: str) -> dict:
    result = hexmech("sim", "papermech", "--json", *args)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return json.loads(result.stdout)


def test_json_report_has_every_field_with_its_type() -> None:
    """``--games 20 --json`` prints one object: counts, rates, interval, scores, waves, causes."""
    report = sim_json("--games", "20", "--seed", "11", "--jobs", "1")
    assert report["ruleset"] == "papermech"
    assert report["policy"] == "greedy"
    assert report["seed"] == 11
    assert report["loadout"] == Loadout().spec()
    for key in ("games", "finished", "errors", "wins", "battles", "jobs"):
        assert isinstance(report[key], int), key
    assert report["games"] == 20
    assert report["finished"] + report["errors"] == 20
    assert 0 <= report["wins"] <= report["finished"]
    assert report["win_rate"] == pytest.approx(report["wins"] / report["finished"], abs=1e-4)
    low, high = report["win_rate_ci95"]
    assert 0 <= low <= report["win_rate"] <= high <= 1
    for key in ("mean_score", "mean_waves_cleared", "mean_commands", "seconds"):
        assert isinstance(report[key], float | int), key
    assert report["mean_score_won"] is None or report["mean_score_won"] >= report["mean_score"]
    assert isinstance(report["games_per_second"], float | int)
    assert sum(report["waves_cleared"].values()) == report["finished"]
    assert all(0 <= int(w) <= 4 for w in report["waves_cleared"])
    lost = report["finished"] - report["wins"]
    assert sum(report["defeats_by"].values()) == lost
    assert (report["top_cause"] is None) == (lost == 0)
    assert all(set(c) == {"cause", "games"} for c in report["causes"])
    assert report["error_examples"] == []


def test_the_same_seed_gives_the_same_report_on_one_or_two_jobs() -> None:
    """Games depend on --seed and their index only, never on how they were shared out."""
    one = sim_json("--games", "24", "--seed", "5", "--jobs", "1", "--policy", "random")
    two = sim_json("--games", "24", "--seed", "5", "--jobs", "2", "--policy", "random")
    other = sim_json("--games", "24", "--seed", "6", "--jobs", "1", "--policy", "random")
    assert {k: v for k, v in one.items() if k not in TIMING} == {
        k: v for k, v in two.items() if k not in TIMING
    }
    assert one["mean_commands"] != other["mean_commands"]


def test_the_text_report_says_wins_interval_waves_and_speed() -> None:
    """Without --json the report is a few lines for people."""
    result = hexmech("sim", "papermech", "--games", "10", "--seed", "3", "--jobs", "1")
    assert result.returncode == 0, result.stderr
    text = result.stdout
    for word in ("policy greedy", "10 games", "wins", "95% CI", "mean score", "waves", "games/s"):
        assert word in text, word


@pytest.mark.parametrize(
    ("content", "suffix", "message"),
    [
        (None, ".toml", "no such file"),
        ("LS=laser RS=banana", ".txt", "Unknown weapon 'banana'"),
        ('loadout = "LA=wing-shield"\n', ".toml", "cannot be fitted"),
        ('loadout = "LS=laser"\nbattles = 99\n', ".toml", "battles must be 1 to"),
        ("# nothing here\n", ".txt", "no loadout in it"),
        ("loadout = [unclosed\n", ".toml", "not TOML"),
        ("battles = 2\n", ".toml", "no loadout = "),
        (b"\xff\xfe\x00", ".txt", "codec"),
    ],
)
def test_a_bad_loadout_file_is_one_line_and_exit_2(tmp_path, content, suffix, message) -> None:
    """Missing, unreadable or illegal loadouts: one line on standard error, exit code 2."""
    path = tmp_path / f"loadout{suffix}"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    result = hexmech("sim", "papermech", "--games", "2", "--loadout", str(path))
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stderr.startswith("hexmech: ")
    assert message in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--policy", "clever"], "unknown policy 'clever' (known: first, greedy, random)"),
        (["--games", "0"], "--games must be 1 or more"),
        (["--jobs", "0"], "--jobs must be 1 or more"),
        (["--battles", "0"], "--battles must be 1 to"),
        (["--against", "random"], "papermech is played alone: --against has no other side"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(args, message) -> None:
    """An unknown policy (or a count out of range) is reported in one line, exit code 2."""
    result = hexmech("sim", "papermech", *args)
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("hexmech: ")
    assert message in lines[0]


def test_an_unknown_ruleset_is_one_line_and_exit_2() -> None:
    """Only the registered rulesets with a simulator can be simulated."""
    result = hexmech("sim", "chess", "--games", "1")
    assert result.returncode == 2
    assert result.stderr.strip() == (
        "hexmech: sim knows the rulesets battletech, papermech, aod, dystopian, not 'chess'"
    )


def test_loadout_from_a_scenario_a_text_file_or_the_command_line(tmp_path) -> None:
    """A TOML scenario, a text file holding the spec, and a spec given in place of a file."""
    scenario = read_setup(str(REPO / "assets" / "scenarios" / "papermech" / "heavy.toml"), None)
    assert scenario.loadout.spec().startswith("LS=mortar RS=ppc")
    text = tmp_path / "mine.txt"
    text.write_text("# my 'Mech\nLS=rifle RS=missiles  # long range\nLA=laser RA=fist\n")
    assert read_setup(str(text), 2) == PaperSetup(
        Loadout.parse("LS=rifle RS=missiles LA=laser RA=fist"), 2
    )
    assert read_setup("LA=flamethrower torso=3", None).loadout.torso == 3


def test_a_campaign_plays_several_battles() -> None:
    """``--battles 2``: the report says so, and won games count two battles of waves."""
    report = sim_json("--games", "6", "--seed", "2", "--jobs", "1", "--battles", "2")
    assert report["battles"] == 2
    assert all(0 <= int(w) <= 8 for w in report["waves_cleared"])


def test_a_game_that_never_ends_is_an_error_not_a_hang() -> None:
    """The command cap stops a game and counts it as an error; rates count finished games."""
    outcome = ADAPTER.play(PaperSpec(PaperSetup(), "first"), GamePlan.of(1, 0, max_commands=50))
    assert outcome.error == "no result after 50 commands"
    assert outcome.commands == 50
    report = sim_json("--games", "3", "--policy", "first", "--max-commands", "50", "--jobs", "1")
    assert report["errors"] == 3
    assert report["finished"] == 0
    assert report["error_examples"][0] == {"game": 0, "error": "no result after 50 commands"}


def test_simulate_returns_outcomes_in_game_order_whatever_the_jobs() -> None:
    """The pool's chunks come back in any order; the outcomes are sorted by game."""
    spec = PaperSpec(PaperSetup(), "random")
    progress: list[int] = []
    two = simulate(ADAPTER, spec, 10, seed=9, jobs=2, progress=progress.append)
    assert [o.index for o in two] == list(range(10))
    assert sum(progress) == 10
    assert two == simulate(ADAPTER, spec, 10, seed=9, jobs=1)


def test_game_seeds_are_fixed_and_distinct() -> None:
    """Each game gets its own dice and policy seeds, the same on every run and machine."""
    assert game_seeds(1, 0) == game_seeds(1, 0)
    seeds = {game_seeds(1, i) for i in range(1000)} | {game_seeds(2, i) for i in range(1000)}
    assert len(seeds) == 2000
    assert all(a != b for a, b in seeds)


def test_wilson_interval() -> None:
    """The Wilson interval: known values, and sensible at the edges."""
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4)
    assert high == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_report_normalises_causes_by_enemy() -> None:
    """Defeats are counted by the enemy that dealt them; odd causes keep their text."""
    tank = "torso destroyed by the Tank's PPC/Shells"
    outcomes = [
        GameOutcome(0, won=False, score=0, waves_cleared=2, cause=tank, commands=50),
        GameOutcome(1, won=False, score=0, waves_cleared=3, cause=tank, commands=60),
        GameOutcome(2, won=True, score=20, waves_cleared=4, cause="", commands=70),
        GameOutcome(3, won=False, score=0, waves_cleared=1, cause="no action left", commands=5),
        GameOutcome(4, won=False, score=0, waves_cleared=0, cause="", commands=9, error="boom"),
    ]
    spec = PaperSpec(PaperSetup(), "x")
    report = Report.build(ADAPTER, spec, outcomes, seed=0, jobs=1, seconds=2.0)
    summary = report.summary
    assert isinstance(summary, PaperSummary)
    assert summary.defeats_by == {"Tank": 2, "no action left": 1}
    assert summary.top_cause == tank
    assert (report.games, report.finished, report.errors, summary.wins) == (5, 4, 1, 1)
    assert summary.mean_score == 5.0
    assert summary.mean_score_won == 20.0
    assert summary.waves_cleared == {1: 1, 2: 1, 3: 1, 4: 1}
    assert report.games_per_second == 2.5
    assert "errors      1 (game 4: boom)" in report.text()


class Broken:
    """A policy with a bug: it raises from its third decision on."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, state, options, rng):  # noqa: ARG002 - the Policy protocol
        self.calls += 1
        if self.calls >= 3:
            raise RuntimeError("policy bug")
        return options[0]


def test_a_game_that_raises_is_reported_and_the_exit_code_is_1(monkeypatch, capsys) -> None:
    """An exception in one game does not lose the run: it is counted, shown, and exits 1."""
    monkeypatch.setitem(POLICIES, "broken", Broken())
    outcome = ADAPTER.play(PaperSpec(PaperSetup(), "broken"), GamePlan.of(1, 4))
    assert outcome.crashed
    assert outcome.error == "RuntimeError: policy bug"
    monkeypatch.setitem(POLICIES, "broken", Broken())
    assert main(["sim", "papermech", "--policy", "broken", "--games", "2", "--jobs", "1"]) == 1
    assert "errors      2 (game 0: RuntimeError: policy bug)" in capsys.readouterr().out
