"""A game killed while saving loses at most the command in flight (DESIGN 4)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from engine.game import Accepted, Event
from saves.codec import make_converter
from saves.journal import Journal, read_game
from tests.saves._support import fresh_game, perform, write_journal
from tests.support.race import RULESET

REPO = Path(__file__).resolve().parents[2]
SEED = 5
#: Commands that are all accepted with seed 5 and do not finish the race within 22 of them.
COMMANDS = tuple(["step 1", "step 1", "roll", "step 1", "step 1", "step 1"] * 4)[:22]
TIMEOUT = 30


def expected_output(commands: tuple[str, ...]) -> list[list[dict[str, object]]]:
    """Return, per command, the JSON lines headless play prints for it (one per event)."""
    game = fresh_game((), seed=SEED)
    conv = make_converter(RULESET)
    printed = []
    for word in commands:
        outcome = perform(game, word)
        assert isinstance(outcome, Accepted), f"{word!r} was refused: the script needs fixing"
        printed.append([conv.unstructure(e, Event) for e in outcome.entry.events])
    assert not game.summary.over
    return printed


def start_game(path: Path, env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tui.commands",
            "play",
            "--headless",
            "--ruleset",
            "tests.support.race:RULESET",
            "--seed",
            str(SEED),
            "--save",
            str(path),
        ],
        cwd=REPO,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        bufsize=1,
    )


def read_json_line(process: subprocess.Popen[str]) -> object:
    """Read one output line of the game; fail with its error output if it stopped instead."""
    assert process.stdout is not None
    assert process.stderr is not None
    line = process.stdout.readline()
    if not line:
        pytest.fail(f"the game stopped: {process.wait(TIMEOUT)} {process.stderr.read()}")
    return json.loads(line)


@pytest.mark.parametrize(("k", "delay"), [(1, 0.0), (5, 0.0), (5, 0.005), (20, 0.0), (20, 0.02)])
def test_a_killed_game_loses_at_most_the_last_command(tmp_path, race_env, k, delay):
    """Kill -9 right after sending command k + 1: the save holds k or k + 1 commands, intact."""
    # Arrange: a real headless game saving to a journal.
    path = tmp_path / "killed.jsonl"
    printed = expected_output(COMMANDS)
    process = start_game(path, race_env)
    watchdog = threading.Timer(TIMEOUT, process.kill)  # a hung game fails the test, not CI
    watchdog.start()
    assert process.stdin is not None
    assert process.stdout is not None
    try:
        # Act: play k commands; each event line is printed only once its journal line is on disk.
        for word, lines in zip(COMMANDS[:k], printed, strict=False):
            process.stdin.write(f"{word}\n")
            process.stdin.flush()
            got = [read_json_line(process) for _ in lines]
            assert got == lines
        # ... then send one more and kill the process while it may be writing it.
        process.stdin.write(f"{COMMANDS[k]}\n")
        process.stdin.flush()
        time.sleep(delay)  # 0: kill at once; more: more kills land during the write
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=TIMEOUT)
    finally:
        watchdog.cancel()
        if process.poll() is None:
            process.kill()
            process.wait(timeout=TIMEOUT)
        process.stdin.close()
        process.stdout.close()
        assert process.stderr is not None
        process.stderr.close()

    # Assert: nothing but the last command can be missing, and the state is a fresh replay's.
    assert process.returncode == -signal.SIGKILL
    loaded = read_game(path.read_bytes(), path.name)
    assert loaded.game.cursor in {k, k + 1}
    expected = fresh_game(COMMANDS[: loaded.game.cursor], seed=SEED)
    assert loaded.game.state == expected.state
    assert loaded.game.log == expected.log

    # ... and the game goes on from there, leaving a well-formed file.
    with Journal.open(path) as journal:
        perform(journal, COMMANDS[loaded.game.cursor])
    again = read_game(path.read_bytes(), path.name)
    assert again.warnings == ()
    assert again.game.cursor == loaded.game.cursor + 1


def test_a_half_written_last_line_loses_only_that_command(tmp_path):
    """A journal whose last line stopped halfway loads every command before it, with a warning."""
    # Arrange: eight commands saved, then the eighth line cut in half as a crash would leave it.
    path = tmp_path / "torn.jsonl"
    write_journal(path, COMMANDS[:8]).close()
    data = path.read_bytes()
    last = data.rstrip(b"\n").rfind(b"\n") + 1
    path.write_bytes(data[: last + (len(data) - last) // 2])

    # Act
    loaded = read_game(path.read_bytes(), path.name)

    # Assert
    assert loaded.game.cursor == 7
    assert loaded.game.log == fresh_game(COMMANDS[:7], seed=SEED).log
    assert len(loaded.warnings) == 1
    assert "half-written" in loaded.warnings[0]
