"""``hexmech play --headless --ruleset papermech`` plays a whole game from stdin (DESIGN 3)."""

from __future__ import annotations

import json
from pathlib import Path

from engine.dice import Dice
from engine.game import Game
from engine.papermech import RULESET, PaperSetup, format_command, legal_commands
from saves.journal import read_game
from tests.tui.test_cli import hexmech

SEED = 11


def scripted_game(seed: int) -> tuple[list[str], Game]:  # type: ignore[type-arg]
    """Play a whole game in-process, always taking the last legal option; return its lines."""
    game = Game(RULESET, PaperSetup(), Dice(seed))
    lines: list[str] = []
    while not game.summary.over:
        command = legal_commands(game.state)[-1]
        lines.append(format_command(command))
        game.execute(command)
    return lines, game


def test_a_whole_game_plays_headless_and_its_save_loads_to_the_same_end(
    race_env: dict[str, str], tmp_path: Path
) -> None:
    """Every line is accepted, the last event ends the game, and the journal replays to it."""
    # Arrange: the lines of a complete game, found by playing it in-process.
    lines, expected = scripted_game(SEED)
    save = tmp_path / "pm.jsonl"
    stdin = "# a comment, then the game\n\n" + "\n".join(lines) + "\n"
    # Act
    args = [
        "play",
        "--headless",
        "--ruleset",
        "papermech",
        "--seed",
        str(SEED),
        "--save",
        str(save),
    ]
    result = hexmech(args, race_env, stdin)
    # Assert
    assert result.returncode == 0, result.stderr
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert not [o for o in out if "error" in o]
    assert out[-1]["type"] == "game_ended"
    assert out[-1]["result"] == {
        "won": expected.state.result.won,
        "score": expected.state.result.score,
        "cause": expected.state.result.cause,
    }
    loaded = read_game(save.read_bytes(), save.name).game
    assert loaded.state == expected.state
    assert len(loaded.log) == len(lines)


def test_illegal_and_unreadable_lines_get_one_error_line_each_and_play_goes_on(
    race_env: dict[str, str],
) -> None:
    """A command out of turn and a typo each give an error object; then the game continues."""
    stdin = "haste\nchoose zz9\nfire everything\ndeploy\n"
    args = ["play", "--headless", "--ruleset", "papermech", "--dice", "1,2,3,4,5,6"]
    result = hexmech(args, race_env, stdin)
    out = [json.loads(line) for line in result.stdout.splitlines()]
    errors = [o for o in out if "error" in o]
    assert [e["code"] for e in errors] == [
        "papermech/not_now",
        "command/parse",
        "command/parse",
    ]
    assert "deploy" in errors[0]["error"]
    generated = next(o for o in out if o.get("type") == "wave_generated")
    # PM-3: the d6 of 1 gives wave 1's Attack Bike; its wedge roll is the next die, 2.
    assert generated["roll"] == 1
    assert generated["spawns"] == [{"kind": "B", "attack_roll": None, "attack": 0, "wedge_roll": 2}]
    assert out[-1] == {"type": "prompted", "prompt": "action", "enemy": None, "haste": 0}


def test_help_commands_documents_the_papermech_language(race_env: dict[str, str]) -> None:
    """``hexmech help commands --ruleset papermech`` lists every command word."""
    result = hexmech(["help", "commands", "--ruleset", "papermech"], race_env)
    assert result.returncode == 0
    for word in ("deploy", "choose", "wait", "haste", "next", "target", "pull", "walk", "turn"):
        assert f"\n    {word} " in result.stdout
