"""Connections that never log in cannot lock viewers out of ``hexmech serve --ssh`` (issue 19.7).

Loopback only: the crowds come from other addresses of 127.0.0.0/8 (Linux routes all of them to
the loopback interface), the real viewers from 127.0.0.1. Every raw socket is closed by the test.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys

import pytest

from tests.tui.test_ssh import connect, host_key, open_view, saves_dir, served, wait_for
from tests.tui.test_ssh_cli import run, start, stop

__all__ = ["host_key", "saves_dir", "served"]  # the fixtures this module borrows

VERSION_LINE = 2.0
"""Seconds an accepted socket waits for the server's version line."""


class Crowd:
    """Raw TCP sockets that connect and then say nothing more (or half a version line)."""

    def __init__(self, port):
        self.port = port
        self.sockets = []

    async def open(self, source, *, say=b""):
        """Connect from ``source``; return the reader once the server's version line came."""
        reader, writer = await asyncio.open_connection(
            "127.0.0.1", self.port, local_addr=(source, 0)
        )
        self.sockets.append(writer)
        if say:
            writer.write(say)
            await writer.drain()
        return reader

    async def accepted(self, source, *, say=b""):
        """Whether a new socket from ``source`` is served (it reads the SSH version line)."""
        reader = await self.open(source, say=say)
        try:
            line = await asyncio.wait_for(reader.readline(), VERSION_LINE)
        except ConnectionError:
            return False
        return line.startswith(b"SSH-")

    async def close(self):
        for writer in self.sockets:
            writer.close()
        for writer in self.sockets:
            with contextlib.suppress(OSError):
                await writer.wait_closed()
        self.sockets.clear()


@pytest.fixture
async def crowd():
    crowds = []

    def make(server):
        crowds.append(Crowd(server.port))
        return crowds[-1]

    yield make
    for each in crowds:
        await each.close()


async def test_forty_silent_sockets_do_not_keep_viewers_out(served, crowd):
    """40 sockets that never finish the handshake: three viewers still log in at once."""
    # Arrange: five addresses, eight sockets each; every fourth sends half a version line
    server = await served.start(max_sessions=3)
    silent = crowd(server)
    for number in range(40):
        source = f"127.0.0.{2 + number // 8}"
        say = b"SSH-2.0-Slow" if number % 4 == 0 else b""
        assert await silent.accepted(source, say=say)
    assert len(server.logging_in) == 40
    # Act
    loop = asyncio.get_running_loop()
    started = loop.time()
    conns = [await connect(server) for _ in range(3)]
    logged_in = loop.time() - started
    views = [await open_view(conn) for conn in conns]
    infos = [await view.probe_info() for view in views]
    # Assert
    assert logged_in < 3
    assert loop.time() - started < 10  # three screens on a busy machine
    assert len({info["pid"] for info in infos}) == 3
    assert len(server.sessions) == 3
    assert len(server.logging_in) == 40  # the crowd is still there: only the viewers left it
    views[1].send(b"?")
    await views[1].expect("[total 1]")
    # A fourth viewer is told the server is full, in one line, as before
    fourth = await connect(server)
    text = await (await open_view(fourth)).until_closed()
    assert text.startswith("hexmech: server full (3 sessions)")
    for conn in [*conns, fourth]:
        conn.close()


async def test_the_ninth_half_open_connection_from_one_address_is_refused(served, crowd):
    """Eight from one address are served; the ninth is dropped; other addresses are not."""
    # Arrange
    server = await served.start()
    sockets = crowd(server)
    for _ in range(8):
        assert await sockets.accepted("127.0.0.2")
    # Act / Assert
    assert not await sockets.accepted("127.0.0.2")
    assert any(
        "127.0.0.2:" in line
        and "refused: too many connections logging in from this address" in line
        for line in served.logs
    )
    assert await sockets.accepted("127.0.0.3")
    conn = await connect(server)  # from 127.0.0.1
    assert (await (await open_view(conn)).probe_info())["argv"] == [str(served.saves)]
    # When one of the eight goes, its address may come again
    sockets.sockets[0].close()
    assert await wait_for(lambda: len(server.logging_in) == 8)
    assert await sockets.accepted("127.0.0.2")
    conn.close()


async def test_the_logins_cap_holds_across_addresses_and_a_newcomer_evicts_the_oldest(
    served, crowd
):
    """``max_logins`` connections without a browser at most: the fifth evicts the first."""
    # Arrange: four silent sockets from four addresses fill the cap
    server = await served.start(max_logins=4)
    sockets = crowd(server)
    readers = []
    for number in range(4):
        reader = await sockets.open(f"127.0.0.{10 + number}")
        assert (await asyncio.wait_for(reader.readline(), VERSION_LINE)).startswith(b"SSH-")
        readers.append(reader)
    assert len(server.logging_in) == 4
    # Act: a fifth comes
    assert await sockets.accepted("127.0.0.20")
    # Assert: it is served; the oldest is hung up on, the others are not; still four waiting
    with contextlib.suppress(ConnectionError):
        assert await asyncio.wait_for(readers[0].read(), 5) == b""
    assert len(server.logging_in) == 4
    for reader in readers[1:]:
        assert not reader.at_eof()
    assert any("127.0.0.10:" in line and "evicted for a newcomer" in line for line in served.logs)
    assert not any("refused" in line for line in served.logs)
    # And a real viewer still gets in past the crowd, evicting the next oldest
    conn = await connect(server)
    assert (await (await open_view(conn)).probe_info())["argv"] == [str(served.saves)]
    assert any("127.0.0.11:" in line and "evicted" in line for line in served.logs)
    conn.close()


async def test_logged_in_connections_are_never_evicted_a_newcomer_is_refused(served, crowd):
    """When every waiting connection has logged in (none is a stalled handshake): refused."""
    server = await served.start(max_logins=2)
    conns = [await connect(server) for _ in range(2)]
    assert await wait_for(lambda: len(server.logging_in) == 2)
    assert not await crowd(server).accepted("127.0.0.30")
    assert any("refused: too many connections logging in" in line for line in served.logs)
    assert not any("evicted" in line for line in served.logs)
    assert all(not conn.is_closed() for conn in conns)
    for conn in conns:
        conn.close()


async def test_half_open_sockets_are_closed_after_the_login_timeout(served, crowd):
    """Silent, half a version line: both are hung up on once the login timeout has passed."""
    # Arrange
    server = await served.start(login_timeout=1.0)
    sockets = crowd(server)
    loop = asyncio.get_running_loop()
    started = loop.time()  # before the sockets open: on a loaded machine opening can take 1 s
    readers = [await sockets.open("127.0.0.2", say=say) for say in (b"", b"SSH-2.0-", b"")]
    # Act: read to the end of each (the version line, then nothing until the server hangs up)
    for reader in readers:
        with contextlib.suppress(ConnectionError):
            await asyncio.wait_for(reader.read(), 5)
    # Assert
    assert 0.8 < loop.time() - started < 8
    assert await wait_for(lambda: not server.logging_in and not server.connections)
    assert any("no browser started within 1 second" in line for line in served.logs)


async def test_a_logged_in_connection_without_a_browser_is_closed_after_the_login_timeout(
    served,
):
    """Logging in is cheap for anyone: a connection that then opens no session is closed too."""
    server = await served.start(login_timeout=1.0)
    conn = await connect(server)
    await asyncio.wait_for(conn.wait_closed(), 5)
    assert await wait_for(lambda: not server.logging_in and not server.connections)


async def test_a_running_browser_outlives_the_login_timeout(served):
    """The timeout is for logging in: a viewer at work is not cut, and gets it back at the end."""
    # Arrange: a browser that works 1.5 s, three times the login timeout, then ends
    work = "import time; time.sleep(1.5); print('done')"
    server = await served.start(login_timeout=0.5, command=lambda *_: [sys.executable, "-c", work])
    conn = await connect(server)
    view = await open_view(conn)
    # Act
    text = await view.until_closed()
    # Assert
    assert text == "done\r\n"
    assert view.process.exit_status == 0
    await asyncio.wait_for(conn.wait_closed(), 5)  # no browser left: closed at the timeout
    assert await wait_for(lambda: not server.connections)


# ---------------------------------------------------------------------------------- the command
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--login-timeout", "0"], "hexmech: --login-timeout must be more than 0 seconds, not 0"),
        (["--login-timeout", "nan"], "hexmech: --login-timeout must be more than 0 seconds"),
        (["--max-logins", "0"], "hexmech: --max-logins must be 1 or more, not 0"),
        (
            ["--max-logins-per-address", "-1"],
            "hexmech: --max-logins-per-address must be 1 or more, not -1",
        ),
    ],
)
def test_bad_login_limits_are_one_line_and_exit_2(tmp_path, args, message):
    result = run("serve", "--ssh", "--port", "0", "--saves", str(tmp_path), *args)
    assert result.returncode == 2
    assert result.stderr.startswith(message)
    assert result.stderr.count("\n") == 1
    assert not result.stdout


def test_the_help_names_the_login_limits():
    text = run("serve", "--help").stdout
    assert "--login-timeout S" in text
    assert "--max-logins N" in text
    assert "--max-logins-per-address N" in text


async def test_the_command_passes_its_login_limits_to_the_server(tmp_path):
    """``--login-timeout 1 --max-logins-per-address 1``: a second socket refused, the first cut."""
    # Arrange
    args = ["--saves", str(tmp_path), "--host-key", str(tmp_path / "key")]
    process, lines = await start(*args, "--login-timeout", "1", "--max-logins-per-address", "1")
    port = int(lines[2].rsplit(" ", 1)[0].rsplit(" ", 1)[1])
    sockets = Crowd(port)
    try:
        # Act / Assert
        first = await sockets.open("127.0.0.2")
        assert (await asyncio.wait_for(first.readline(), VERSION_LINE)).startswith(b"SSH-")
        assert not await sockets.accepted("127.0.0.2")
        with contextlib.suppress(ConnectionError):
            assert await asyncio.wait_for(first.read(), 5) == b""  # hung up after 1 s
    finally:
        await sockets.close()
        code, stderr = await stop(process)
    assert code == 0
    assert "refused: too many connections logging in from this address" in stderr
    assert "no browser started within 1 second" in stderr
    assert "Traceback" not in stderr
