"""Issue 19, items 4 and 5 where a player sees them: headless play, the CLI and the game screen.

Subprocesses run ``python -m tui.commands`` with ``PYTHONPATH`` set to this tree (``race_env``).
"""

from __future__ import annotations

import errno
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from saves.journal import NO_SPACE, read_game
from tests.conftest import REPO
from tests.support.race import Step
from tests.tui.test_game_screen import Host, RaceScreen, new_journal, type_line
from tui.commands import main

ROOT = os.geteuid() == 0 if hasattr(os, "geteuid") else False
PLAY = [sys.executable, "-m", "tui.commands", "play", "--headless"]


def errors(app):
    return [n.message for n in app._notifications if n.severity == "error"]


def no_space(*_: object) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def deny(*_: object, **__: object) -> None:
    raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))


def play_in_process(monkeypatch, capsys, args: list[str], stdin: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(["play", "--headless", *args])
    out, err = capsys.readouterr()
    return code, out, err


# ---------------------------------------------------------------- two writers
def test_a_second_headless_writer_is_refused_and_the_first_loses_nothing(race_env, tmp_path):
    """Two ``play --headless --save F``: the second gets one line; every move of the first stays."""
    save = tmp_path / "game.jsonl"
    first = subprocess.Popen(
        [*PLAY, "--ruleset", "race", "--seed", "3", "--save", str(save)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=race_env,
        cwd=REPO,
    )
    assert first.stdin is not None
    assert first.stdout is not None
    try:
        first.stdin.write("step 1\n")
        first.stdin.flush()
        assert json.loads(first.stdout.readline())["type"] == "moved"  # acknowledged

        second = subprocess.run(
            [*PLAY, "--save", str(save)],
            input="step 2\n",
            capture_output=True,
            text=True,
            env=race_env,
            cwd=REPO,
            timeout=60,
            check=False,
        )

        _out, err = first.communicate("step 2\nstep 3\n", timeout=60)
    finally:
        first.kill()
    assert (second.returncode, second.stdout) == (1, "")
    assert second.stderr == f"hexmech: this game is open in another window ({save})\n"
    assert first.returncode == 0
    assert err == ""
    game = read_game(save.read_bytes(), save.name).game
    assert [entry.command for entry in game.entries] == [Step(1), Step(2), Step(3)]


# ---------------------------------------------------------------- standard output
def test_headless_output_piped_into_head_ends_quietly(race_env, tmp_path):
    """The reader stops after one line: no traceback, no message, exit 0."""
    commands = tmp_path / "in.txt"
    commands.write_text("help\n" * 3000)
    shell = (
        f"set -o pipefail; {sys.executable} -m tui.commands play --headless --ruleset race"
        f" --seed 1 --save {tmp_path / 'g.jsonl'} < {commands} | head -n 1"
    )
    result = subprocess.run(
        ["bash", "-c", shell],
        capture_output=True,
        text=True,
        env=race_env,
        cwd=REPO,
        timeout=60,
        check=False,
    )
    assert result.stderr == ""
    assert result.returncode == 0
    assert len(result.stdout.splitlines()) == 1
    read_game((tmp_path / "g.jsonl").read_bytes())  # the save is whole


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_headless_output_to_a_full_device_is_one_line_and_exit_1(race_env, tmp_path):
    """Writing to /dev/full: one line on standard error, exit code 1, the save intact."""
    save = tmp_path / "g.jsonl"
    with Path("/dev/full").open("w") as full:
        result = subprocess.run(
            [*PLAY, "--ruleset", "race", "--seed", "1", "--save", str(save)],
            input="step 1\nstep 2\n",
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env=race_env,
            cwd=REPO,
            timeout=60,
            check=False,
        )
    assert result.returncode == 1
    assert result.stderr == "hexmech: cannot write the output: No space left on device\n"
    assert len(read_game(save.read_bytes()).game.entries) == 1  # saved; its output failed


# ---------------------------------------------------------------- a full disk, permissions
def test_a_full_disk_mid_game_stops_headless_play_with_one_line(
    race_env, tmp_path, monkeypatch, capsys
):
    """The second command cannot be saved: one save/failed line, no traceback, exit 1."""
    save = tmp_path / "g.jsonl"
    real, calls = os.fsync, []

    def fsync(fd: int) -> None:
        calls.append(fd)
        if len(calls) > 2:  # the header and the first command are saved
            no_space()
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    code, out, err = play_in_process(
        monkeypatch,
        capsys,
        ["--ruleset", "race", "--seed", "3", "--save", str(save)],
        "step 1\nstep 2\nstep 3\n",
    )

    assert (code, err) == (1, "")
    *acknowledged, last = [json.loads(line) for line in out.splitlines()]
    assert last == {"error": NO_SPACE, "code": "save/failed"}
    assert [line["type"] for line in acknowledged] == ["moved", "turn_passed"]
    monkeypatch.undo()
    assert len(read_game(save.read_bytes()).game.entries) == 1


def test_a_full_disk_at_start_is_one_line_and_leaves_no_save(
    race_env, tmp_path, monkeypatch, capsys
):
    save = tmp_path / "g.jsonl"
    monkeypatch.setattr(os, "fsync", no_space)
    code, out, err = play_in_process(
        monkeypatch, capsys, ["--ruleset", "race", "--seed", "3", "--save", str(save)], "step 1\n"
    )
    assert (code, out) == (1, "")
    assert err == (
        f"hexmech: cannot create {save}: no space left on device "
        "(free some space and start again)\n"
    )
    assert not save.exists()


def test_a_read_only_folder_is_one_line(race_env, tmp_path, monkeypatch, capsys):
    folder = tmp_path / "locked"
    folder.mkdir()
    save = folder / "g.jsonl"
    if ROOT:
        monkeypatch.setattr(Path, "open", deny)
    else:
        folder.chmod(0o555)
    code, out, err = play_in_process(
        monkeypatch, capsys, ["--ruleset", "race", "--seed", "3", "--save", str(save)], "step 1\n"
    )
    folder.chmod(0o755)
    assert (code, out) == (1, "")
    assert err == (
        f"hexmech: cannot create {save}: permission denied "
        "(save the game in a folder you can write to)\n"
    )


def test_a_read_only_save_is_one_line(race_env, tmp_path, monkeypatch, capsys):
    save = tmp_path / "g.jsonl"
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert (
        main(["play", "--headless", "--ruleset", "race", "--seed", "3", "--save", str(save)]) == 0
    )
    save.chmod(0o444)
    before = save.read_bytes()
    if ROOT:
        monkeypatch.setattr(Path, "open", deny)
    code, out, err = play_in_process(monkeypatch, capsys, ["--save", str(save)], "step 1\n")
    assert (code, out) == (1, "")
    assert err == (
        f"hexmech: cannot write to {save}: permission denied "
        "(make the file writable to go on playing, or replay it instead)\n"
    )
    monkeypatch.undo()
    assert save.read_bytes() == before


# ---------------------------------------------------------------- the game screen
async def test_the_game_screen_shows_a_full_disk_and_takes_no_more_commands(tmp_path, monkeypatch):
    journal = new_journal(tmp_path)
    journal.execute(Step(1))
    before = journal.path.read_bytes()
    screen = RaceScreen(journal=journal)
    async with Host(screen).run_test() as pilot:
        await pilot.pause()
        monkeypatch.setattr(os, "fsync", no_space)
        await type_line(pilot, "step 2")
        assert not screen.execute(Step(3))
        await pilot.press("escape", "u")  # close the command line; then the undo key
        await pilot.pause()
        assert errors(pilot.app) == [NO_SPACE] * 3
        assert len(screen.game.entries) == 1
    monkeypatch.undo()
    assert journal.path.read_bytes() == before
