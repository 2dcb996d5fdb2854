r"""Load test of ``hexmech serve --ssh``: many viewers at once (issue 14, rows 4 and 5).

Loopback only. The server runs in a process of its own (as in production, so that the clients'
encryption does not share its event loop) over a folder of real saves; the viewers are asyncssh
clients in this process, at 120x40 in xterm-256color, all connecting at once. Figures:

- row 5: the time until the LAST viewer's first screen (its list of saves) shows, from the moment
  they all connect; the memory of the viewers, as the sum of their PSS (proportional set size,
  ``/proc/PID/smaps_rollup``: a page shared by n processes counts 1/n in each), zygote included;
- row 4: every viewer presses a key (Down, then Up, ...) every 0.25 s for `PRESS_SECONDS`; key echo
  is the time from a key to the first output that follows it; the figure is the 95th percentile.

Bounded in time (every wait has a deadline) and every process is ended, even on failure: the
server is told to close (its sessions stop their viewers, the zygote leaves), and killed with its
whole process group if it does not.

    PYTHONPATH=. python -m pytest tests/bench/bench_ssh_load.py -o python_files='bench_*.py' \
        -p no:randomly -q -s

``HEXMECH_BENCH_VIEWERS`` sets the number of viewers (50; e.g. 10 for a quick run);
Each figure is compared with the same server in the same run without first screens served
before the viewer draws (`tui.ssh.frames`: each viewer draws its own, as before that change);
the issue's own figures are printed after. ``HEXMECH_BENCH_OLD=1`` compares with the older path
instead (each viewer a Python started afresh running ``hexmech browse --read-only``);
``HEXMECH_BENCH_OLD_ROOT=DIR`` takes that old path's code from DIR (e.g. an export of the commit
before the change: ``git archive 707e61b | tar -x -C DIR``), else from here.

A first screen may come before its viewer has started (`tui.ssh.frames`): the time until every
viewer has drawn its own screen, keys and all (`READY`), is printed too, and the memory and the
keys are measured after it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import statistics
import sys
import time
from pathlib import Path

import asyncssh
import pytest

from tests.bench.common import report
from tests.tui.test_ssh import ESCAPES, make_saves
from tests.tui.test_ssh_viewer import hostile_folder, peak_kib

VIEWERS = int(os.environ.get("HEXMECH_BENCH_VIEWERS", "50"))
OLD = os.environ.get("HEXMECH_BENCH_OLD") == "1"
OLD_ROOT = os.environ.get("HEXMECH_BENCH_OLD_ROOT") or str(Path(__file__).resolve().parents[2])
PRESS_EVERY = 0.25
PRESS_SECONDS = 8.0
FIRST_SCREEN_DEADLINE = 120.0
ECHO_DEADLINE = 5.0
SIZE = (120, 40)
READY = "Reverse"
"""A key of the footer: drawn by the viewer itself once it has started and composed its keys (a
first screen sent before the viewer drew, `tui.ssh.frames`, has none)."""
ROOT = str(Path(__file__).resolve().parents[2])

# Figures of the old path (a Python started per viewer), from issue 14 (50 viewers, this machine).
ISSUE_VIEWERS = 50
BASELINE_ECHO_P95_MS = 767.0
BASELINE_FIRST_SCREEN_S = 21.0
BASELINE_MEMORY_MIB = 2.57 * 1024

SERVER = r"""
import asyncio, sys
from pathlib import Path
import asyncssh
from tui.ssh.server import ServeOptions, SSHReplayServer, VIEWER_PREFIX

saves, preload = Path(sys.argv[1]), sys.argv[2] == "1"
ROOT = sys.argv[3]
OLD_ROOT = sys.argv[4]
if sys.argv[5] == "0":  # no first screens sent before the viewer draws (the path before them)
    from tui.ssh.frames import FirstFrames

    async def never(self, key):
        return None, None

    FirstFrames.first = never
OLD = ("import sys; sys.path.insert(0, sys.argv[1]); from tui.commands import main; "
       "sys.exit(main(sys.argv[2:]))")

def afresh(folder, terminal):  # the old path: each viewer a Python of its own, importing all
    return [sys.executable, "-I", "-X", "utf8", "-c", OLD, OLD_ROOT, "browse", "--saves",
            str(folder), "--read-only"]

async def main():
    options = ServeOptions(saves, asyncssh.generate_private_key("ssh-ed25519"), port=0,
                           max_sessions=1000, max_logins=1000, max_logins_per_address=1000,
                           login_timeout=120, preload=preload, log=lambda _: None,
                           **({} if preload else {"command": afresh}))
    server = SSHReplayServer(options)
    await server.start()
    print(server.port, flush=True)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.readline)  # until the benchmark closes stdin
    await server.close()

asyncio.run(main())
"""


def pss_kib(pid: int) -> int:
    """The proportional set size of a process, in KiB (0 when it is gone)."""
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0
    for line in text.splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU time of ``pids`` (those still there), in seconds."""
    ticks = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def descendants(root: int) -> list[int]:
    """Every process below ``root``."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, frontier = [], [root]
    while frontier:
        parent = frontier.pop()
        children = [pid for pid, ppid in parents.items() if ppid == parent]
        found += children
        frontier += children
    return found


class Viewer:
    """One client: its session, and when its output arrived."""

    def __init__(self, process: asyncssh.SSHClientProcess[bytes]) -> None:
        self.process = process
        self.raw = bytearray()
        self.echoes: list[float] = []

    async def until(self, needle: str, deadline: float) -> None:
        while needle not in ESCAPES.sub(b"", bytes(self.raw)).decode(errors="replace"):
            chunk = await asyncio.wait_for(
                self.process.stdout.read(65536), max(0.01, deadline - time.monotonic())
            )
            if not chunk:
                raise EOFError(needle)
            self.raw += chunk

    async def drain(self) -> None:
        with contextlib.suppress(TimeoutError):
            while await asyncio.wait_for(self.process.stdout.read(65536), 0.05):
                pass

    async def press(self, until: float) -> None:
        """A key every `PRESS_EVERY` seconds; record the echo of each."""
        keys = (b"\x1b[B", b"\x1b[A")
        count = 0
        while (now := time.monotonic()) < until:
            self.process.stdin.write(keys[count % 2])
            count += 1
            chunk = await asyncio.wait_for(self.process.stdout.read(65536), ECHO_DEADLINE)
            if not chunk:
                raise EOFError
            self.echoes.append(time.monotonic() - now)
            await self.drain()
            await asyncio.sleep(max(0.0, now + PRESS_EVERY - time.monotonic()))


async def run_load(  # noqa: PLR0915 - one scenario, step by step
    saves: Path,
    *,
    preload: bool,
    viewers: int,
    listed: str = "saves",
    keys: bool = True,
    frames: bool = True,
) -> dict[str, float]:
    """Serve ``saves``, connect ``viewers`` at once, press keys; return the figures.

    ``listed`` is the text that shows the list is drawn; without ``keys``, only the first screens
    and the memory are measured (and the viewers' peak resident memory). Without ``frames``, no
    viewer is sent the first screen another one drew (`tui.ssh.frames`): each draws its own.
    The memory and the keys are measured once every viewer is `READY`.
    """
    env = {**os.environ, "PYTHONPATH": ROOT}
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        SERVER,
        str(saves),
        "1" if preload else "0",
        ROOT,
        OLD_ROOT,
        "1" if frames else "0",
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        env=env,
        start_new_session=True,
    )
    conns: list[asyncssh.SSHClientConnection] = []
    try:
        assert server.stdout is not None
        port = int(await asyncio.wait_for(server.stdout.readline(), 60))
        options = {"known_hosts": None, "client_keys": None, "agent_path": None, "config": None}

        async def one() -> tuple[Viewer, float, float]:
            conn = await asyncssh.connect("127.0.0.1", port, username="load", **options)
            conns.append(conn)
            process = await conn.create_process(
                term_type="xterm-256color", term_size=SIZE, encoding=None
            )
            viewer = Viewer(process)
            await viewer.until(listed, started + FIRST_SCREEN_DEADLINE)
            first = time.monotonic() - started
            await viewer.until(READY, started + FIRST_SCREEN_DEADLINE)
            return viewer, first, time.monotonic() - started

        started = time.monotonic()
        results = await asyncio.gather(*(one() for _ in range(viewers)))
        first_screen = max(first for _, first, _ in results)
        ready = max(seconds for _, _, seconds in results)
        shown = [viewer for viewer, _, _ in results]
        await asyncio.gather(*(viewer.drain() for viewer in shown))
        await asyncio.sleep(1.0)
        await asyncio.gather(*(viewer.drain() for viewer in shown))
        tree = [server.pid, *descendants(server.pid)]
        memory = sum(pss_kib(pid) for pid in tree[1:]) / 1024
        if not keys:
            peak = max(peak_kib(pid) for pid in tree[1:]) / 1024
            return {"first": first_screen, "ready": ready, "memory": memory, "peak": peak}
        idle = cpu_seconds(tree)
        await asyncio.sleep(2.0)
        idle = cpu_seconds(tree) - idle
        busy = cpu_seconds(tree)
        until = time.monotonic() + PRESS_SECONDS
        await asyncio.gather(*(viewer.press(until) for viewer in shown))
        busy = cpu_seconds(tree) - busy
        echoes = sorted(echo for viewer in shown for echo in viewer.echoes)
        p95 = statistics.quantiles(echoes, n=20)[-1] if len(echoes) > 1 else echoes[0]
        # One more viewer while the others are up (and idle): its first screen alone
        started = time.monotonic()
        _, last, last_ready = await one()
        return {
            "first": first_screen,
            "ready": ready,
            "memory": memory,
            "p95": p95 * 1e3,
            "keys": len(echoes),
            "key_cpu": busy / max(1, len(echoes)) * 1e3,
            "idle_cpu": idle / 2.0 / viewers * 1e3,
            "one_more": last,
            "one_more_ready": last_ready,
        }
    finally:
        for conn in conns:
            conn.close()
        if server.returncode is None and server.stdin is not None:
            server.stdin.close()
        try:
            await asyncio.wait_for(server.wait(), 20)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(server.pid, signal.SIGKILL)
            await server.wait()
        for pid in descendants(server.pid):  # nothing should be left; if it is, it goes
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


@pytest.fixture(scope="module")
def saves(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("load")
    make_saves(folder)
    return folder.resolve()


async def test_bench_fifty_viewers(saves: Path) -> None:
    """Rows 4 and 5 of issue 14 (``HEXMECH_BENCH_VIEWERS`` viewers, 50 by default)."""
    new = await run_load(saves, preload=True, viewers=VIEWERS)
    old: dict[str, float] | None = None
    if OLD:
        old = await run_load(saves, preload=False, viewers=VIEWERS)
    else:  # the same server, each viewer drawing its own first screen: the path before row 5's
        old = await run_load(saves, preload=True, viewers=VIEWERS, frames=False)
    was: dict[str, float | None] = {
        "first": old["first"],
        "memory": old["memory"],
        "p95": old["p95"],
    }
    n = VIEWERS
    report(f"SSH: first screen of the last of {n} viewers", new["first"], "s",
           baseline=was["first"], target=2.0)  # fmt: skip
    report(f"SSH: the last of {n} viewers ready (its keys shown)", new["ready"], "s",
           baseline=None if old is None else old["ready"])  # fmt: skip
    report(f"SSH: memory of {n} viewers (PSS, zygote incl.)", new["memory"], "MiB",
           baseline=was["memory"], target=1024.0)  # fmt: skip
    report(f"SSH: {n} viewers, a key each 0.25 s: echo p95", new["p95"], "ms",
           baseline=was["p95"], target=100.0)  # fmt: skip
    report("  keys pressed", new["keys"], "keys")
    report("  CPU per key (server and viewers)", new["key_cpu"], "ms")
    report("  CPU of an idle viewer", new["idle_cpu"], "ms/s")
    report(f"SSH: first screen of one more viewer, {n} up", new["one_more"], "s",
           baseline=None if old is None else old["one_more"], target=2.0)  # fmt: skip
    report("  ... and that viewer ready", new["one_more_ready"], "s")
    print(json.dumps({"new": new, "old": old}))  # noqa: T201
    if VIEWERS == ISSUE_VIEWERS:
        issue = (BASELINE_FIRST_SCREEN_S, BASELINE_MEMORY_MIB, BASELINE_ECHO_P95_MS)
        print("issue 14's figures (first screen s, memory MiB, echo p95 ms):", *issue)  # noqa: T201


async def test_bench_ten_viewers_over_damaged_and_huge_files(tmp_path: Path) -> None:
    """Issue 19: a damaged save, a 2 GiB sparse file, 32 MiB without newlines; ten viewers."""
    folder = hostile_folder(tmp_path / "hostile")
    new = await run_load(folder, preload=True, viewers=10, listed="5 saves", keys=False)
    report("SSH, bad files: list shown to the last of 10 viewers", new["first"], "s", target=2.0)
    report("SSH, bad files: a viewer's peak memory (VmHWM)", new["peak"], "MiB", target=200.0)
