"""The ``hexmech`` command line (DESIGN 3): headless JSON lines, help, inspect, saves, exits."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from saves.migrations import CURRENT_VERSION
from saves.records import Decoder
from tests.conftest import REPO

GAME = "step 2\nroll\nstep 9\nfly away\nundo\nstep 1\n"


def hexmech(
    args: list[str], env: dict[str, str], stdin: str = "", cwd: Path = REPO
) -> subprocess.CompletedProcess[str]:
    """Run the real command in a subprocess, as a player or a bot would."""
    return subprocess.run(
        [sys.executable, "-m", "tui.commands", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=60,
        check=False,
    )


def play_saved(
    save: Path, seed: int, stdin: str, env: dict[str, str]
) -> subprocess.CompletedProcess[str]:
    """Play a new race headless into the journal ``save``."""
    args = ["play", "--headless", "--ruleset", "race", "--seed", str(seed), "--save", str(save)]
    return hexmech(args, env, stdin)


def json_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def test_help_lists_every_subcommand_with_one_line(race_env) -> None:
    """``hexmech --help`` names each subcommand and what it does."""
    result = hexmech(["--help"], race_env)
    assert result.returncode == 0
    for command in ("play", "help", "inspect", "saves"):
        lines = [ln for ln in result.stdout.splitlines() if ln.strip().startswith(command + " ")]
        assert len(lines) == 1, command


def test_headless_play_writes_events_and_errors_as_json_lines(race_env, tmp_path) -> None:
    """Events as JSON lines; illegal commands as one error line each, and play goes on."""
    save = tmp_path / "race.jsonl"
    args = ["play", "--headless", "--ruleset", "race", "--seed", "3", "--save", str(save)]
    result = hexmech(args, race_env, GAME)
    assert result.returncode == 0, result.stderr
    lines = json_lines(result.stdout)
    assert [line.get("type") or line.get("code") for line in lines] == [
        "moved",
        "turn_passed",
        "dice_rolled",
        "moved",
        "turn_passed",
        "race/bad_step",
        "command/parse",
        "undo/dice",
        "moved",
        "turn_passed",
    ]
    assert lines[5]["error"] == "You can step 1 to 3 spaces, not 9."
    # The JSON of each event is the JSON in the save file, its records read back (format 3).
    saved = json_lines(save.read_text())
    decoder = Decoder.for_header(saved[0])
    saved_events = [event for line in saved[1:] for event in decoder.line(line)["events"]]
    assert saved_events == [line for line in lines if "type" in line]


def test_headless_play_is_deterministic(race_env) -> None:
    """Same seed and commands: byte-identical output."""
    args = ["play", "--headless", "--ruleset", "race", "--seed", "11"]
    first = hexmech(args, race_env, "roll\n" * 8)
    second = hexmech(args, race_env, "roll\n" * 8)
    assert first.stdout == second.stdout
    assert first.stdout.count('"dice_rolled"') == 8


def test_forced_dice_decide_rolls_and_fail_clearly_when_they_run_out(race_env) -> None:
    """``--dice 6,2``: a 6 rolls again, a 2 passes; the third roll has no die left: exit 1."""
    args = ["play", "--headless", "--ruleset", "race", "--dice", "6,2"]
    result = hexmech(args, race_env, "roll\nroll\nroll\n")
    lines = json_lines(result.stdout)
    rolls = [line["roll"] for line in lines if line.get("type") == "dice_rolled"]
    assert rolls == [[6], [2]]
    assert lines[-1] == {
        "error": "the scripted dice ran out: all 2 values were used",
        "code": "dice/exhausted",
    }
    assert result.returncode == 1


def test_kernel_words_undo_redo_help_work_in_headless_play(race_env) -> None:
    """``undo``/``redo`` answer with markers; ``help`` with the command language."""
    args = ["play", "--headless", "--ruleset", "race", "--seed", "1"]
    result = hexmech(args, race_env, "step 1\nundo\nredo\nhelp\n# a comment\n\n")
    lines = json_lines(result.stdout)
    assert lines[2:4] == [{"op": "undo", "n": 0}, {"op": "redo", "n": 0}]
    assert "step N" in lines[4]["help"]
    assert "undo" in lines[4]["help"]
    assert len(lines) == 5


def test_a_saved_headless_game_continues_where_it_stopped(race_env, tmp_path) -> None:
    """Naming an existing save continues it; the journal keeps growing."""
    save = tmp_path / "g.jsonl"
    play_saved(save, 4, "step 1\n", race_env)
    result = hexmech(["play", "--headless", "--save", str(save)], race_env, "step 3\n")
    assert result.returncode == 0, result.stderr
    assert json_lines(result.stdout)[0]["track"] == {"positions": [1, 3]}
    inspect = json.loads(hexmech(["inspect", str(save)], race_env).stdout)
    assert inspect["entries"] == 2


def test_continuing_a_save_refuses_options_that_would_change_it(race_env, tmp_path) -> None:
    """``--seed`` on an existing save is bad input: exit 2, one line, file untouched."""
    save = tmp_path / "g.jsonl"
    play_saved(save, 4, "step 1\n", race_env)
    before = save.read_bytes()
    result = hexmech(
        ["play", "--headless", "--seed", "5", "--save", str(save)], race_env, "step 1\n"
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert "existing game" in result.stderr
    assert save.read_bytes() == before


def test_a_scenario_file_sets_up_the_game(race_env, tmp_path) -> None:
    """``--scenario FILE.toml`` is read at the edge and handed to the ruleset."""
    scenario = tmp_path / "three.toml"
    scenario.write_text('players = ["Ann", "Bo", "Cy"]\ngoal = 3\n')
    args = ["play", "--headless", "--ruleset", "race", "--seed", "1", "--scenario", str(scenario)]
    result = hexmech(args, race_env, "step 3\n")
    lines = json_lines(result.stdout)
    assert lines[0]["track"] == {"positions": [3, 0, 0]}
    assert lines[1] == {"type": "won", "player": 0, "how": "finish line"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "--headless", "--ruleset", "chess"], "unknown ruleset 'chess'"),
        (["play", "--headless"], "needs --ruleset"),
        (
            ["play", "--headless", "--ruleset", "race", "--dice", "1,x"],
            "--dice takes whole numbers",
        ),
        (["play", "--headless", "--ruleset", "race", "--scenario", "nope"], "no scenario 'nope'"),
        (["inspect", "/no/such/file.jsonl"], "No such file"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(race_env, args, message) -> None:
    """Bad arguments and files: a one-line message on stderr, exit 2, never a traceback."""
    result = hexmech(args, race_env)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1


def test_a_ruleset_without_an_interface_is_played_headless_only(headless_env) -> None:
    """Its screen is not there: one line, exit 2 (the race itself has an interface)."""
    result = hexmech(["play", "--ruleset", "headless-race"], headless_env)
    assert result.returncode == 2
    assert "screen is not available yet" in result.stderr
    assert result.stderr.count("\n") == 1


def test_a_malformed_scenario_is_one_line(race_env, tmp_path) -> None:
    """A TOML syntax error names the file."""
    scenario = tmp_path / "bad.toml"
    scenario.write_text("players = [\n")
    args = ["play", "--headless", "--ruleset", "race", "--scenario", str(scenario)]
    result = hexmech(args, race_env)
    assert result.returncode == 2
    assert str(scenario) in result.stderr
    assert "Traceback" not in result.stderr


def test_inspect_prints_one_json_summary(race_env, tmp_path) -> None:
    """Ruleset, format version, entries, turn, status and result of a finished game."""
    save = tmp_path / "done.jsonl"
    play_saved(save, 2, "step 1\nresign\n", race_env)
    result = hexmech(["inspect", str(save)], race_env)
    assert result.returncode == 0
    report = json.loads(result.stdout)
    assert report["ruleset"] == "race"
    assert report["format_version"] == CURRENT_VERSION
    assert report["schema_version"] == 1
    assert report["entries"] == 2
    assert report["turn"] == "turn 1"
    assert report["status"] == "finished"
    assert report["result"] == "Red wins"
    assert report["seed"] == 2


def test_inspect_of_a_damaged_save_is_exit_2_with_file_and_line(race_env, tmp_path) -> None:
    """A corrupt middle line: ``file:line: reason``, exit 2."""
    save = tmp_path / "bad.jsonl"
    play_saved(save, 2, "step 1\nstep 2\n", race_env)
    lines = save.read_text().splitlines()
    lines[1] = lines[1].replace('["step",1]', '["step","one"]', 1)  # the command's record
    save.write_text("\n".join(lines) + "\n")
    result = hexmech(["inspect", str(save)], race_env)
    assert result.returncode == 2
    assert result.stderr.startswith(f"hexmech: {save}:2: ")
    assert result.stderr.count("\n") == 1


def test_saves_lists_games_in_the_given_directory(race_env, tmp_path) -> None:
    """``hexmech saves --saves DIR`` shows a table row per save, damaged ones included."""
    play_saved(tmp_path / "one.jsonl", 2, "step 1\n", race_env)
    (tmp_path / "junk.jsonl").write_text("not json\n")
    result = hexmech(["saves", "--saves", str(tmp_path)], {**race_env, "COLUMNS": "160"})
    assert result.returncode == 0
    assert "one.jsonl" in result.stdout
    assert "turn 1" in result.stdout
    assert "junk.jsonl" in result.stdout
    assert "damaged" in result.stdout


def test_saves_says_so_when_there_are_none(race_env, tmp_path) -> None:
    """An empty directory is a sentence, not an empty table."""
    result = hexmech(["--saves", str(tmp_path), "saves"], race_env)
    assert result.returncode == 0
    assert result.stdout.startswith("No saved games in")


def test_help_commands_shows_the_kernel_words_and_each_ruleset(race_env) -> None:
    """``hexmech help commands --ruleset race`` documents the language."""
    result = hexmech(["help", "commands", "--ruleset", "race"], race_env)
    assert result.returncode == 0
    assert "undo" in result.stdout
    assert "redo" in result.stdout
    assert "step N" in result.stdout
    assert "Race (test ruleset)" in result.stdout
