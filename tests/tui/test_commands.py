"""The command line as a package (`tui.commands`): cheap start, one module a subcommand, one runner.

The simulator runner is tested with a tiny adapter of the race ruleset (`tests.support.race`), made
known to the interface registry as any ruleset's would be, so nothing here depends on a real game.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import random
import subprocess
import sys
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from attrs import frozen

from engine.dice import Dice
from tests.conftest import REPO
from tests.support.race import RULESET as RACE
from tests.support.race import Roll, Step
from tui import registry
from tui.commands import SUBCOMMANDS, build_parser, main
from tui.commands.errors import UsageError
from tui.commands.runner import GamePlan, Report, simulate, wilson

HEAVY = ("textual", "asyncio", "asyncssh", "engine.battletech", "engine.papermech")
"""What starting ``hexmech`` must not import: the TUI, the event loop, any ruleset."""


# ------------------------------------------------------------------ a tiny simulator adapter
@frozen
class RaceSpec:
    goal: int
    policy: str


@frozen
class RaceOutcome:
    index: int
    winner: int | None
    commands: int
    error: str = ""
    failed: bool = False


@frozen
class RaceSummary:
    policy: str
    finished: int
    red_wins: int

    def label(self) -> str:
        return f"policy {self.policy}"

    def head(self) -> dict[str, Any]:
        return {"policy": self.policy}

    def fields(self) -> dict[str, Any]:
        return {"red_wins": self.red_wins, "red_ci95": list(wilson(self.red_wins, self.finished))}

    def lines(self) -> list[str]:
        return [f"red         {self.red_wins} of {self.finished}"]


class RaceSimAdapter:
    """Roll or step at random; the ``broken`` policy raises on the third command."""

    name = "race"
    title = "Race"
    policy_help = "steady (the default), broken"
    rate_digits = 1
    against = False

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--goal", type=int, default=20, help="race: the track's length")

    def choose_policy(self, name: str | None) -> str:
        if name not in {None, "steady", "broken"}:
            raise UsageError(f"unknown race policy {name!r}")
        return name or "steady"

    def prepare(self, args: argparse.Namespace, policy: str) -> RaceSpec:
        return RaceSpec(args.goal, policy)

    def play(self, spec: RaceSpec, plan: GamePlan) -> RaceOutcome:
        dice, rng = Dice(plan.dice_seed), random.Random(plan.policy_seed)  # noqa: S311
        state = RACE.start(RACE.make_setup({"goal": spec.goal}))
        commands = 0
        while state.winner is None:
            if commands >= plan.max_commands:
                return RaceOutcome(plan.index, None, commands, f"no result after {commands}")
            if spec.policy == "broken" and commands == 2:
                return RaceOutcome(plan.index, None, commands, "RuntimeError: bug", failed=True)
            command = Roll() if rng.random() < 0.5 else Step(rng.randint(1, 3))
            for event in RACE.decide(state, command, dice):
                state = RACE.evolve(state, event)
            commands += 1
        return RaceOutcome(plan.index, state.winner, commands)

    def summarise(self, spec: RaceSpec, finished: Sequence[RaceOutcome]) -> RaceSummary:
        return RaceSummary(spec.policy, len(finished), sum(o.winner == 0 for o in finished))


RACE_SIM = RaceSimAdapter()


class RaceUI:
    """Just enough of a `tui.ui.RulesetUI` for the command line: a simulator, no data files."""

    name = "race"
    title = "Race"
    sim = "tests.tui.test_commands:RACE_SIM"
    validate = None

    def install(self, folders: Sequence[object]) -> None:
        del folders


@pytest.fixture
def race_ui() -> Iterator[None]:
    """Make the race's interface (and so its simulator) known to the registry for one test."""
    registry.register(RaceUI())
    yield
    registry.unregister("race")


# ------------------------------------------------------------------ the package
def loaded_after(argv: list[str]) -> list[str]:
    """Return the heavy modules a fresh interpreter has loaded after ``hexmech ARGV``."""
    code = (
        "import sys\n"
        "from tui.commands import main\n"
        f"try:\n    main({argv!r})\nexcept SystemExit:\n    pass\n"
        f"print([m for m in sys.modules if m.startswith({HEAVY!r})])\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True
    )
    return ast.literal_eval(result.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("argv", [["--version"], ["--help"], ["sim", "--help"]])
def test_help_and_version_load_no_textual_asyncio_or_ruleset(argv: list[str]) -> None:
    """``hexmech --version`` and ``--help`` start without the TUI, the event loop or a ruleset."""
    assert loaded_after(argv) == []


def test_every_subcommand_has_its_own_module_and_handler() -> None:
    """Each subcommand is ``tui.commands.NAME``: it adds its parser, and handles it itself."""
    minimal = {"replay": ["x.jsonl"], "inspect": ["x.jsonl"], "validate": ["x.mtf"]}
    minimal["sim"] = ["papermech"]
    parser = build_parser()
    for name in SUBCOMMANDS:
        module = importlib.import_module(f"tui.commands.{name}")
        assert callable(module.add_parser), name
        args = parser.parse_args([name, *minimal.get(name, [])])
        assert args.handler.__module__ == module.__name__, name
    assert build_parser().parse_args([]).handler.__name__ == "cmd_menu"


def test_errors_is_a_leaf() -> None:
    """`tui.commands.errors` imports nothing but ``__future__``: anyone may raise `UsageError`."""
    source = (REPO / "tui" / "commands" / "errors.py").read_text(encoding="utf-8")
    imports = [
        node
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Import | ast.ImportFrom)
    ]
    assert [getattr(node, "module", None) for node in imports] == ["__future__"]


def test_the_generic_modules_name_no_ruleset() -> None:
    """The package finds rulesets through the registry; their names are not in its code."""
    for path in (REPO / "tui" / "commands").glob("*.py"):
        text = path.read_text(encoding="utf-8").lower()
        assert "battletech" not in text, path.name
        assert "papermech" not in text, path.name


def test_a_usage_error_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    """Bad input in any subcommand is ``hexmech: MESSAGE`` on standard error, exit 2."""
    assert main(["browse", "--saves", str(REPO / "no-such-folder")]) == 2
    err = capsys.readouterr().err
    assert err == f"hexmech: --saves {REPO / 'no-such-folder'}: no such folder\n"


# ------------------------------------------------------------------ the runner
def test_the_runner_plays_in_game_order_the_same_on_one_or_two_jobs() -> None:
    """Game *i* depends on the run's seed and *i* only; progress counts every game once."""
    spec = RaceSpec(goal=12, policy="steady")
    progress: list[int] = []
    two = simulate(RACE_SIM, spec, 9, seed=4, jobs=2, progress=progress.append)
    assert [o.index for o in two] == list(range(9))
    assert sum(progress) == 9
    assert two == simulate(RACE_SIM, spec, 9, seed=4, jobs=1)
    assert two != simulate(RACE_SIM, spec, 9, seed=5, jobs=1)


def test_the_report_counts_games_errors_and_the_adapters_interval() -> None:
    """Runner counts around the adapter's fields, in order; the interval is Wilson's."""
    spec = RaceSpec(goal=12, policy="steady")
    outcomes = [
        RaceOutcome(0, winner=0, commands=6),
        RaceOutcome(1, winner=1, commands=8),
        RaceOutcome(2, winner=None, commands=3, error="no result after 3"),
        RaceOutcome(3, winner=0, commands=7),
    ]
    report = Report.build(RACE_SIM, spec, outcomes, seed=7, jobs=1, seconds=2.0)
    data = report.as_json()
    assert list(data)[:2] == ["ruleset", "policy"]
    assert list(data)[-3:] == ["mean_commands", "seconds", "games_per_second"]
    assert (data["games"], data["finished"], data["errors"]) == (4, 3, 1)
    assert data["error_examples"] == [{"game": 2, "error": "no result after 3"}]
    assert data["red_wins"] == 2
    assert data["red_ci95"] == pytest.approx(list(wilson(2, 3)))
    assert data["mean_commands"] == 6.0
    assert data["games_per_second"] == 2.0
    assert report.text().splitlines() == [
        "Race, policy steady, 4 games (seed 7, 1 job)",
        "red         2 of 3",
        "errors      1 (game 2: no result after 3)",
        "speed       2.0 games/s, 6 commands per game, 2.0 s",
    ]


@pytest.mark.usefixtures("race_ui")
def test_sim_finds_the_adapter_through_the_registry(capsys: pytest.CaptureFixture[str]) -> None:
    """``hexmech sim race``: the adapter's own option, the runner's report, exit 0."""
    argv = ["sim", "race", "--goal", "6", "--games", "5", "--seed", "3", "--jobs", "1", "--json"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ruleset"] == "race"
    assert (data["games"], data["finished"], data["errors"]) == (5, 5, 0)
    assert 0 <= data["red_wins"] <= 5
    assert data["red_ci95"] == pytest.approx(list(wilson(data["red_wins"], 5)), abs=1e-9)


@pytest.mark.usefixtures("race_ui")
def test_a_failed_game_is_reported_with_its_number_and_exit_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A game the adapter calls failed makes the run exit 1; the report names the game."""
    assert main(["sim", "race", "--policy", "broken", "--games", "3", "--jobs", "1"]) == 1
    out = capsys.readouterr().out
    assert "errors      3 (game 0: RuntimeError: bug)" in out


@pytest.mark.usefixtures("race_ui")
def test_unknown_simulators_and_bad_counts_are_usage_errors(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """An unknown ruleset lists the known simulators; a bad count names its option."""
    assert main(["sim", "chess"]) == 2
    assert capsys.readouterr().err.startswith("hexmech: sim knows the rulesets ")
    assert main(["sim", "race", "--max-commands", "0"]) == 2
    assert "--max-commands must be 1 or more, not 0" in capsys.readouterr().err
    assert main(["sim", "race", "--policy", "clever"]) == 2
    assert capsys.readouterr().err == "hexmech: unknown race policy 'clever'\n"
