"""The SSH server with the OpenSSH client, as people will use it (``ssh -p PORT host``).

The client runs on a pseudo-terminal of its own (a `PtyChild`, as the server's browsers do), so it
asks for a pty with its real TERM and window size, and sends a window change when that pty is
resized. Skipped where the ``ssh`` binary is not installed.
"""

from __future__ import annotations

import asyncio
import shutil

import pytest

from tests.tui.test_ssh import (
    CURSOR_MOVES,
    ESCAPES,
    Served,
    gone,
    make_saves,
    wait_for,
)
from tui.ssh.child import PtyChild
from tui.ssh.server import browse_command

SSH = shutil.which("ssh")
pytestmark = pytest.mark.skipif(SSH is None, reason="the OpenSSH client (ssh) is not installed")


@pytest.fixture(scope="module")
def saves_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("saves")
    make_saves(folder, bt_commands_count=4)
    return folder.resolve()


@pytest.fixture
async def served(saves_dir, tmp_path):
    import asyncssh  # noqa: PLC0415

    served = Served(saves_dir, asyncssh.generate_private_key("ssh-ed25519"))
    served.home = tmp_path
    yield served
    for server in served.servers:
        await server.close()


def ssh_args(server, *extra):
    return [
        SSH,
        "-F",
        "/dev/null",
        "-p",
        str(server.port),
        "-o",
        "StrictHostKeyChecking=no",
        "-o",
        "UserKnownHostsFile=/dev/null",
        "-o",
        "BatchMode=yes",
        "-o",
        "LogLevel=ERROR",
        *extra,
        "127.0.0.1",
    ]


async def ssh(server, *extra, command=()):
    """Run ssh without a terminal; return its exit code, stdout and stderr."""
    process = await asyncio.create_subprocess_exec(
        *ssh_args(server, *extra),
        *command,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(process.communicate(), 20)
    return process.returncode, out.decode(), err.decode()


class Screen:
    """What the ssh client on our pty has drawn."""

    def __init__(self):
        self.raw = bytearray()
        self.mark = 0

    def feed(self, data):
        self.raw += data

    def text(self):
        return ESCAPES.sub(b"", bytes(self.raw[self.mark :])).decode("utf-8", "replace")

    async def expect(self, needle, within=20.0):
        loop = asyncio.get_running_loop()
        deadline = loop.time() + within
        while needle not in self.text():
            if loop.time() > deadline:
                pytest.fail(f"{needle!r} not seen; read: {self.text()[-800:]!r}")
            await asyncio.sleep(0.05)

    async def settle(self, quiet=0.4):
        size = -1
        while size != len(self.raw):
            size = len(self.raw)
            await asyncio.sleep(quiet)


async def test_openssh_shows_the_browser_steps_a_replay_and_follows_a_resize(served):
    """``ssh -p PORT 127.0.0.1`` at 120x40 in xterm-256color, then the window shrinks to 80x24."""
    # Arrange
    server = await served.start(command=browse_command)
    screen = Screen()
    client = await PtyChild.start(
        ssh_args(server),
        env={"TERM": "xterm-256color", "HOME": str(served.home), "PATH": "/usr/bin:/bin"},
        cwd=served.home,
        size=(120, 40),
        on_output=screen.feed,
    )
    try:
        # Act / Assert: the browser, the newest game opened, then a step
        await screen.expect("2 saves", within=40)
        (session,) = server.sessions
        assert session._size == (120, 40)
        await screen.settle()
        client.write(b"\r")
        await screen.expect("command 0 / 133")
        await screen.settle()
        client.write(b"\x1b[C")
        await screen.expect("command 1 / 133")
        # The terminal shrinks: ssh sends a window change, the browser draws at 80x24
        await screen.settle()
        screen.mark = len(screen.raw)
        client.resize((80, 24))
        await screen.expect("command 1 / 133")
        await screen.settle()
        rows = [int(row) for row, _ in CURSOR_MOVES.findall(bytes(screen.raw[screen.mark :]))]
        assert rows
        assert max(rows) <= 24
        assert session._size == (80, 24)
        pid = session._child.pid
    finally:
        await client.stop()
    # Assert: the client hung up, the browser is gone
    assert await wait_for(lambda: not server.sessions)
    assert await wait_for(lambda: gone(pid))


async def test_openssh_exec_sftp_and_no_pty_are_refused(served):
    server = await served.start()
    code, out, err = await ssh(server, command=["cat", "/etc/passwd"])
    assert code != 0
    assert "exec request failed" in err
    assert not out
    code, out, err = await ssh(server, "-tt", command=["ls"])
    assert code != 0
    assert "exec request failed" in err
    code, out, err = await ssh(server, "-s", command=["sftp"])
    assert code != 0
    assert "subsystem request failed" in err
    code, out, err = await ssh(server, "-T")
    assert code == 1
    assert out == "hexmech: this server shows a terminal program: connect with ssh -t\n"


async def test_openssh_port_forwarding_is_refused(served):
    server = await served.start()
    code, _, err = await ssh(server, "-N", "-o", "ExitOnForwardFailure=yes", "-R", "0:127.0.0.1:9")
    assert code == 255
    assert "remote port forwarding failed" in err
    code, _, err = await ssh(server, "-W", f"127.0.0.1:{server.port}")
    assert code == 255
    assert "stdio forwarding failed" in err  # -W opens the channel -L would (direct-tcpip)


async def test_openssh_is_told_when_the_server_stops_and_its_screen_restored(served):
    """The reset and the last line reach the client before the disconnect; ssh exits 0."""
    # Arrange
    server = await served.start()
    screen = Screen()
    client = await PtyChild.start(
        ssh_args(server),
        env={"TERM": "xterm-256color", "HOME": str(served.home), "PATH": "/usr/bin:/bin"},
        cwd=served.home,
        size=(100, 30),
        on_output=screen.feed,
    )
    try:
        await screen.expect("ready {")
        screen.mark = len(screen.raw)
        # Act
        await server.close()
        code = await asyncio.wait_for(client.wait(), 10)
        client.drain()
    finally:
        await client.stop()
    # Assert
    assert code == 0
    assert b"\x1b[?1049l" in screen.raw[screen.mark :]
    assert screen.text().endswith("hexmech: the server is stopping\r\n")
