"""Determinism of the computer opponent (issue 21, "Done when"): the same seed, the same game.

Two headless games of the computer against itself with one seed print the same lines (commands,
reasons, dice, result); another seed gives another game. The game screen, watching the computer
play itself from the same seed, gives the same commands with the same reasons as headless play.
"""

from __future__ import annotations

import json

from engine.battletech.language import format_command
from tests.tui.test_bt_computer import library, new_journal, open_screen, until
from tests.tui.test_bt_play import SIZE
from tests.tui.test_cli import hexmech
from tui.app import HexmechApp

__all__ = ["library"]  # the fixture, shared with test_bt_computer

ARGS = ["play", "--headless", "--ruleset", "battletech", "--scenario", "default"]


def computer_vs_computer(env, seed):
    """The JSON lines of a headless game the computer plays against itself, to its end."""
    done = hexmech([*ARGS, "--seed", str(seed), "--computer", "1,2"], env, "")
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_the_same_seed_gives_the_same_game_headless(race_env, tmp_path):
    env = {**race_env, "XDG_DATA_HOME": str(tmp_path / "data")}
    first = computer_vs_computer(env, 5)
    assert first[-1]["type"] == "bt/game_ended"
    assert sum("computer" in line for line in first) > 20  # a whole game, not a few lines
    assert computer_vs_computer(env, 5) == first
    assert computer_vs_computer(env, 6) != first


async def test_the_screen_plays_the_same_game_as_headless(race_env, tmp_path, library):
    """Watched in the game screen from the seed headless play gets: the same commands, reasons."""
    from tests.tui.test_bt_play import SEED  # noqa: PLC0415 - the seed new_journal starts from

    env = {**race_env, "XDG_DATA_HOME": str(tmp_path / "data")}
    said = [line["computer"] for line in computer_vs_computer(env, SEED) if "computer" in line]
    wanted = [(c["seat"], c["command"], c["reason"]) for c in said[:30]]
    journal = new_journal(tmp_path, library, ("balanced", "balanced"))
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        await until(pilot, lambda: screen.game.cursor >= 30 or screen.game.summary.over)
        screen.computer.toggle_pause()
        entries = screen.game.entries[:30]
        got = [(e.seat, format_command(e.command), e.note) for e in entries]
    assert got == wanted[: len(got)]
    assert len(got) == 30
