"""Benchmarks of replays over SSH (``make bench``): they print figures, never assert them.

The long game is a five-battle Paper 'Mech campaign played by the greedy policy (seed 0: about 490
commands, won). Figures:

- the size of its save against a terminal recording of the same game: its replay watched through
  the SSH server (`tui.ssh.server`) by an asyncssh client at 120x40 in xterm-256color, stepped
  through every command, every output chunk written as an asciinema v2 cast
  (``[t, "o", data]`` lines after the JSON header); both also gzipped;
- the time to load the save, and to seek to the middle of the game (`Game.state_at` at the
  position of a `ReplayCursor` moved there), which is what the replay viewer does on a jump.
"""

from __future__ import annotations

import asyncio
import codecs
import gzip
import json
import random
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import asyncssh

from engine.papermech import RULESET, PaperSetup, legal_commands
from engine.papermech.policies import POLICIES
from saves.journal import Journal, read_game
from tests.bench.common import best_of, report
from tests.tui.test_ssh import ESCAPES
from tui.ssh.server import ServeOptions, SSHReplayServer
from tui.widgets.story import ReplayCursor

SIZE = (120, 40)
SAVE = "papermech-campaign.jsonl"


def long_campaign(folder: Path) -> Path:
    """Play the long game into ``folder``; return its save."""
    path = folder / SAVE
    created = datetime(2025, 3, 1, 18, 30, tzinfo=UTC)
    rng = random.Random(0)  # noqa: S311 - a player's choices, not cryptography
    policy = POLICIES["greedy"]
    with Journal.create(path, RULESET, PaperSetup(battles=5), created=created, seed=0) as journal:
        while not journal.game.summary.over:
            state = journal.game.state
            journal.execute(policy.choose(state, legal_commands(state), rng))
    return path


class Recorder:
    """A client session's output: every chunk with its time, and the text to wait on."""

    def __init__(self, process: asyncssh.SSHClientProcess[bytes]) -> None:
        self.process = process
        self.started = time.monotonic()
        self.chunks: list[tuple[float, bytes]] = []
        self.mark = 0
        self.raw = bytearray()

    async def read_until(self, needle: str, within: float = 30.0) -> None:
        """Record output until ``needle`` shows in the text since the mark."""
        deadline = time.monotonic() + within
        while needle not in ESCAPES.sub(b"", bytes(self.raw[self.mark :])).decode(errors="replace"):
            left = deadline - time.monotonic()
            if left <= 0:
                message = f"{needle!r} not seen"
                raise TimeoutError(message)
            try:
                await self._read(left)
            except TimeoutError:
                continue

    async def settle(self, quiet: float = 0.5) -> None:
        """Record until the screen stays quiet for ``quiet`` seconds."""
        while True:
            try:
                await self._read(quiet)
            except TimeoutError:
                return

    async def _read(self, seconds: float) -> None:
        chunk = await asyncio.wait_for(self.process.stdout.read(65536), seconds)
        if not chunk:
            raise EOFError
        self.chunks.append((time.monotonic() - self.started, chunk))
        self.raw += chunk

    def cast(self) -> bytes:
        """The recording as an asciinema v2 file."""
        header = {
            "version": 2,
            "width": SIZE[0],
            "height": SIZE[1],
            "timestamp": int(time.time()),
            "env": {"TERM": "xterm-256color", "SHELL": "/bin/sh"},
            "title": "hexmech replay over SSH",
        }
        lines = [json.dumps(header)]
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        for at, chunk in self.chunks:
            text = decoder.decode(chunk)
            if text:
                lines.append(json.dumps([round(at, 6), "o", text], ensure_ascii=False))
        return ("\n".join(lines) + "\n").encode()


async def record(save: Path, commands: int) -> Recorder:
    """Watch the replay of ``save`` over SSH, one command a step; return the recording."""
    key = asyncssh.generate_private_key("ssh-ed25519")

    def replay(_saves: Path, _terminal: object) -> list[str]:
        return [sys.executable, "-I", "-X", "utf8", "-m", "tui.commands", "replay", str(save)]

    options = ServeOptions(save.parent, key, port=0, command=replay, log=lambda _: None)
    server = SSHReplayServer(options)
    await server.start()
    try:
        async with asyncssh.connect(
            "127.0.0.1",
            server.port,
            username="bench",
            known_hosts=None,
            client_keys=None,
            agent_path=None,
            config=None,
        ) as conn:
            process = await conn.create_process(
                term_type="xterm-256color", term_size=SIZE, encoding=None
            )
            recorder = Recorder(process)
            await recorder.read_until(f"command 0 / {commands}", within=60)
            for step in range(1, commands + 1):
                recorder.mark = len(recorder.raw)
                process.stdin.write(b"\x1b[C")  # Right: one command forward
                await recorder.read_until(f"command {step} / {commands}")
            await recorder.settle()
    finally:
        await server.close()
    return recorder


async def test_bench_save_size_against_a_terminal_recording(tmp_path: Path) -> None:
    """Bytes of the save, of the asciinema cast of its replay at 120x40, and both gzipped."""
    save = long_campaign(tmp_path)
    commands = len(read_game(save.read_bytes(), save.name).game.log)
    started = time.perf_counter()
    recorder = await record(save, commands)
    seconds = time.perf_counter() - started
    cast = recorder.cast()
    (tmp_path / "replay.cast").write_bytes(cast)
    data = save.read_bytes()
    report(f"save of a {commands}-command campaign", len(data) / 1024, "KiB")
    report("  gzipped", len(gzip.compress(data)) / 1024, "KiB")
    report(f"asciinema cast of its replay at {SIZE[0]}x{SIZE[1]}", len(cast) / 1024, "KiB")
    report("  gzipped", len(gzip.compress(cast)) / 1024, "KiB")
    report("  output chunks", len(recorder.chunks), "events")
    report("cast / save", len(cast) / len(data), "x")
    report("cast / save, both gzipped", len(gzip.compress(cast)) / len(gzip.compress(data)), "x")
    report("stepping every command over SSH", seconds, "s")
    report("  per command", seconds / commands * 1e3, "ms")


def test_bench_seek_to_the_middle_of_a_long_game(tmp_path: Path) -> None:
    """Load the long save, and jump to its middle as the replay viewer does."""
    save = long_campaign(tmp_path)
    data = save.read_bytes()
    game = read_game(data, save.name).game
    middle = ReplayCursor.of(game).go(len(game.log) // 2, 1)
    load = best_of(5, lambda: read_game(data, save.name))
    seek = best_of(20, lambda: game.state_at(*middle.position))
    report(f"load a {len(game.log)}-command save", load * 1e3, "ms")
    report(f"seek to the middle (command {middle.index}, event {middle.events})", seek * 1e3, "ms")
