"""The SSH viewer's program (`tui.ssh.viewer`) and the zygote that forks it (issues 14, 19).

An unexpected error in a viewer's session is one line on the viewer's screen, never a traceback or
a path of the server machine, and the session goes on. Viewers forked from the pre-imported zygote
are what a fresh ``python -I -m tui.ssh.viewer`` would be: a process and session of their own, on
their own terminal, in the saves folder, with only the environment the server gives them.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

from tests.tui.test_ssh import (
    connect,
    host_key,
    make_saves,
    open_view,
    saves_dir,
    served,
    wait_for,
)
from tui.ssh.policy import Terminal
from tui.ssh.server import VIEWER_PREFIX, browse_command
from tui.ssh.viewer import ERROR_LINE, FATAL_LINE

__all__ = ["host_key", "saves_dir", "served"]  # the fixtures this module borrows

ROOT = str(Path(__file__).resolve().parents[2])
SECRET = "/srv/hexmech-secret/folder"  # noqa: S105 - a path, not a password

# The viewer, started afresh with one fault put in (this checkout's code, like the zygote's).
FAULTY = """
import sys
sys.path.insert(0, sys.argv[1])
{fault}
from tui.ssh.viewer import main
sys.exit(main(sys.argv[2:]))
"""
SCAN_FAILS_ONCE = f"""
from tui.screens._catalog import SaveCatalog
scan, calls = SaveCatalog.scan, []
def failing(self):
    calls.append(1)
    if len(calls) == 2:
        raise RuntimeError("cannot list {SECRET}/x.jsonl")
    return scan(self)
SaveCatalog.scan = failing
"""
START_FAILS = f"""
from tui.ssh.viewer import ServedBrowseApp
def failing(self):
    raise OSError("{SECRET} is gone")
ServedBrowseApp.get_default_screen = failing
"""


def faulty(fault):
    def command(saves, _terminal):
        code = FAULTY.format(fault=fault)
        return [sys.executable, "-I", "-X", "utf8", "-c", code, ROOT, "--saves", str(saves)]

    return command


def assert_nothing_of_the_server(text):
    assert "Traceback" not in text
    assert SECRET not in text
    assert "hexmech-secret" not in text
    assert ROOT not in text
    assert ".py" not in text


async def test_an_error_in_a_session_is_one_line_and_the_session_goes_on(served):
    """The listing raises (with a server path in its message) on F5: one line, then Enter works."""
    # Arrange
    server = await served.start(command=faulty(SCAN_FAILS_ONCE))
    conn = await connect(server)
    view = await open_view(conn)
    await view.expect("2 saves", within=30)
    await view.settle()
    # Act: F5 reads the folder again: the listing fails
    view.from_now()
    view.send(b"\x1b[15~")
    # Assert: one line, nothing of the server, the session still there
    await view.expect(ERROR_LINE.format(kind="RuntimeError"))
    await view.settle()
    assert_nothing_of_the_server(view.text(since=0))
    assert len(server.sessions) == 1
    # The viewer goes on: Enter opens the newest game, Right steps it
    view.from_now()
    view.send(b"\r")
    await view.expect("command 0 / 133")
    await view.settle()
    view.from_now()
    view.send(b"\x1b[C")
    await view.expect("command 1 / 133")
    assert_nothing_of_the_server(view.text(since=0))
    conn.close()


async def test_a_browser_that_cannot_start_ends_with_one_line_not_a_traceback(served):
    server = await served.start(command=faulty(START_FAILS))
    conn = await connect(server)
    view = await open_view(conn)
    text = await view.until_closed(within=30)
    assert FATAL_LINE in text
    assert_nothing_of_the_server(text)
    assert view.process.exit_status == 1
    conn.close()


def _link(pid, name):
    return Path(f"/proc/{pid}/{name}").readlink()


def _environ(pid):
    """The environment a process started with (what the kernel keeps of it)."""
    return Path(f"/proc/{pid}/environ").read_text().split("\0")


def _status(pid, field):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return line.split()[1]
    return None


async def test_viewers_forked_from_the_zygote_are_processes_of_their_own(served):
    """Two viewers: each its own session on its own pty, in the folder, with a clean environment."""
    # Arrange
    server = await served.start(command=browse_command)
    assert server.zygote is not None
    plain = Terminal.requested("xterm", None)
    assert browse_command(served.saves, plain)[: len(VIEWER_PREFIX)] == list(VIEWER_PREFIX)
    conns = [await connect(server) for _ in range(2)]
    views = [await open_view(conn, env={"PYTHONPATH": "/etc"}) for conn in conns]
    for view in views:
        await view.expect("2 saves", within=30)
        # The second may be shown the first's screen before it starts (tui.ssh.frames): the
        # keys of the footer are its own drawing.
        await view.expect("Reverse", within=30)
    # Act
    pids = [session._child.pid for session in server.sessions]
    # Assert
    assert len(set(pids)) == 2
    zygote = server.zygote._process.pid
    for pid in pids:
        assert int(_status(pid, "PPid")) == zygote  # forked, not started afresh
        assert os.getsid(pid) == pid  # the leader of a session of its own
        assert _link(pid, "cwd") == served.saves
    # The zygote holds nothing of the server's environment (what its children start from)
    env = _environ(zygote)
    assert {item.split("=", 1)[0] for item in env if item} <= {"PATH", "LANG", "LC_CTYPE"}
    ttys = {_link(pid, "fd/0") for pid in pids}
    assert len(ttys) == 2  # each its own terminal
    # Keys typed in one reach only that one
    views[0].from_now()
    views[1].from_now()
    views[0].send(b"\r")
    await views[0].expect("command 0 / 133")
    await views[1].settle()
    assert "command 0" not in views[1].text()
    # Leaving reaps them (the zygote reports each exit)
    for conn in conns:
        conn.close()
    assert await wait_for(lambda: not server.sessions, within=10)
    for pid in pids:
        assert await wait_for(lambda pid=pid: not Path(f"/proc/{pid}").exists(), within=10)


# ---------------------------------------------------------------------------------- bad files
HUGE = 2 * 1024**3
"""A sparse file's size: it costs no disk."""
NO_NEWLINE = 32 * 1024**2
MAX_BROWSER_KIB = 200 * 1024
"""Memory (peak resident) each viewer's browser stays under (issue 19)."""


def hostile_folder(folder: Path) -> Path:
    """Two good saves, a damaged one, a 2 GiB sparse file and 32 MiB without a newline."""
    saves = make_saves(folder)
    lines = saves["papermech"].read_bytes().splitlines(keepends=True)
    last = json.loads(lines[-1])
    for event in last["events"]:  # issue 19.1: the listing used to raise on a result "x"
        if isinstance(event, dict) and event.get("type") == "game_ended":
            event["result"] = "x"  # save format 2: named fields
        elif isinstance(event, list) and event[0] == "game_ended":
            event[1] = "x"  # save format 3: fields in the header's records order
    damaged = folder / "papermech-damaged.jsonl"
    damaged.write_bytes(b"".join([*lines[:-1], json.dumps(last).encode() + b"\n"]))
    with (folder / "huge-sparse.jsonl").open("wb") as file:
        file.truncate(HUGE)
    (folder / "no-newline.jsonl").write_bytes(b"{" * NO_NEWLINE)
    return folder.resolve()


def peak_kib(pid):
    """The peak resident memory of a process (VmHWM), in KiB."""
    return int(_status(pid, "VmHWM"))


async def test_ten_viewers_browse_a_folder_of_damaged_and_huge_files(served, tmp_path):
    """Damaged, 2 GiB sparse, 32 MiB without newlines: every viewer lists all five, stays up."""
    # Arrange
    folder = hostile_folder(tmp_path / "hostile")
    server = await served.start(saves=folder, command=browse_command, max_logins_per_address=16)
    # Act: ten viewers at once
    conns = [await connect(server) for _ in range(10)]
    views = [await open_view(conn) for conn in conns]
    await asyncio.gather(*(view.expect("5 saves", within=60) for view in views))
    await asyncio.gather(*(view.settle() for view in views))
    # Assert: all up, each browser under 200 MB (at its peak), nothing of the server shown
    assert len(server.sessions) == 10
    pids = [session._child.pid for session in server.sessions]
    assert all(peak_kib(pid) < MAX_BROWSER_KIB for pid in pids), [peak_kib(p) for p in pids]
    for view in views:
        assert_nothing_of_the_server(view.text(since=0))
    # Each lists the damaged files as such, and opens a good one
    for view in views[:2]:
        view.from_now()
        view.send(b"/sparse\r")  # filter to the sparse file: its reason in the detail line
        await view.expect("1 of 5 saves")
        await view.expect("huge-sparse.jsonl")
        view.from_now()
        view.send(b"/\x15\r")  # ctrl+u: empty the filter
    for conn in conns:
        conn.close()
