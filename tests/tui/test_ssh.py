"""``hexmech serve --ssh`` with real clients on real sockets (issue 6, DESIGN 6).

The server runs in the test's event loop on 127.0.0.1, on a free port, over a folder of real saves
(played through the engine). Clients are asyncssh connections that ask for a pty like OpenSSH does.
Most sessions run `PROBE`, a tiny program that reports its arguments, environment, terminal and
the bytes it reads; the first tests run the real browser (`browse_command`).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import sys
from datetime import UTC, datetime
from pathlib import Path

import asyncssh
import pytest

from engine.battletech import RULESET as BATTLETECH
from engine.battletech.rules.options import legal_commands as bt_commands
from engine.battletech.state import Phase
from engine.papermech import RULESET as PAPERMECH
from engine.papermech import PaperSetup
from engine.papermech import legal_commands as pm_commands
from saves.journal import Journal
from tui.battletech.library import install
from tui.ssh.server import (
    CLOSE_GRACE,
    ServeOptions,
    SSHReplayServer,
    browse_command,
    full_message,
)

PAPERMECH_SAVE = "papermech-20250301-183000.jsonl"
BATTLETECH_SAVE = "battletech-20250228-201000.jsonl"

# ---------------------------------------------------------------------------------- helpers
PROBE = r"""
import fcntl, json, os, signal, struct, sys, termios, tty
def size():
    rows, cols, _, _ = struct.unpack("HHHH", fcntl.ioctl(0, termios.TIOCGWINSZ, bytes(8)))
    return f"{cols}x{rows}"
signal.signal(signal.SIGWINCH, lambda *_: os.write(1, f"[size {size()}]\r\n".encode()))
tty.setraw(0)
try:
    ctty = os.tcgetpgrp(0) == os.getpgrp()
except OSError:
    ctty = False
info = {"argv": sys.argv[1:], "cwd": os.getcwd(), "env": dict(os.environ), "size": size(),
        "ctty": ctty, "pid": os.getpid()}
os.write(1, ("ready " + json.dumps(info) + "\r\n").encode())
total = 0
while True:
    data = os.read(0, 65536)
    if not data:
        break
    total += len(data)
    if b"?" in data:
        os.write(1, f"[total {total}]\r\n".encode())
"""
"""A session's stand-in for the browser: cheap to start thirty times."""


def probe(saves, terminal):
    """The probe's command line, built like the browser's: the saves folder, ``--ascii``."""
    return [sys.executable, "-c", PROBE, str(saves), *(["--ascii"] if terminal.ascii else [])]


def make_saves(folder: Path, *, bt_commands_count: int = 20) -> dict[str, Path]:
    """Play a whole Paper 'Mech game and the start of a BattleTech one into ``folder``."""
    paper = folder / PAPERMECH_SAVE
    created = datetime(2025, 3, 1, 18, 30, tzinfo=UTC)  # the newest: the browser's first row
    with Journal.create(paper, PAPERMECH, PaperSetup(), created=created, seed=11) as journal:
        while not journal.game.summary.over:
            journal.execute(pm_commands(journal.game.state)[-1])
    install([])
    rng = random.Random(3)  # noqa: S311 - a random player, not cryptography
    battle = folder / BATTLETECH_SAVE
    setup = BATTLETECH.make_setup(None)
    created = datetime(2025, 2, 28, 20, 10, tzinfo=UTC)
    with Journal.create(battle, BATTLETECH, setup, created=created, seed=5) as journal:
        # Deployment and movement only: the combat phases are still being written.
        for _ in range(bt_commands_count):
            if journal.game.state.phase not in {Phase.DEPLOYMENT, Phase.INITIATIVE, Phase.MOVEMENT}:
                break
            journal.execute(rng.choice(bt_commands(journal.game.state)))
    return {"papermech": paper, "battletech": battle}


ESCAPES = re.compile(
    rb"\x1b(\[[0-9;:?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|[=>78])"
)
CURSOR_MOVES = re.compile(rb"\x1b\[(\d+);(\d+)H")


class View:
    """One client session: everything it has read, and waits for text to appear in it."""

    def __init__(self, process):
        self.process = process
        self.raw = bytearray()
        self.mark = 0

    def text(self, since=None):
        start = self.mark if since is None else since
        return ESCAPES.sub(b"", bytes(self.raw[start:])).decode("utf-8", "replace")

    def from_now(self):
        """Look only at what arrives from now on."""
        self.mark = len(self.raw)

    async def _read(self, seconds):
        chunk = await asyncio.wait_for(self.process.stdout.read(65536), seconds)
        self.raw += chunk
        return chunk

    async def expect(self, needle, within=10.0):
        """Read until ``needle`` is in the text since the mark."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + within
        while needle not in self.text():
            left = deadline - loop.time()
            if left <= 0:
                pytest.fail(f"{needle!r} not seen in {within} s; read: {self.text()[-800:]!r}")
            try:
                chunk = await self._read(left)
            except TimeoutError:
                continue
            if not chunk:
                pytest.fail(f"the session closed before {needle!r}; read: {self.text()[-800:]!r}")

    async def settle(self, quiet=0.4, within=10.0):
        """Read until nothing arrives for ``quiet`` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + within
        while loop.time() < deadline:
            try:
                if not await self._read(quiet):
                    return
            except TimeoutError:
                return

    async def until_closed(self, within=10.0):
        """Read to the end of the session; return its text since the mark."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + within
        while await self._read(max(0.01, deadline - loop.time())):
            pass
        await asyncio.wait_for(self.process.wait_closed(), within)
        return self.text()

    async def probe_info(self):
        await self.expect("ready {", within=30)  # thirty at once on a busy machine
        line = self.text().split("ready ", 1)[1].split("\n", 1)[0]
        return json.loads(line.strip())

    def send(self, data):
        self.process.stdin.write(data)


async def connect(server, username="viewer", **kwargs):
    """An anonymous asyncssh client, as lax about host keys as a first OpenSSH connection."""
    options = {"known_hosts": None, "client_keys": None, "agent_path": None, "config": None}
    return await asyncssh.connect(
        "127.0.0.1", server.port, username=username, **{**options, **kwargs}
    )


async def open_view(conn, term="xterm-256color", size=(120, 40), env=None):
    process = await conn.create_process(
        term_type=term, term_size=size, encoding=None, env=env or {}
    )
    return View(process)


def gone(pid):
    """Whether no process of the group ``pid`` is left (reaped, not a zombie)."""
    try:
        os.killpg(pid, 0)
    except ProcessLookupError:
        return True
    return False


async def wait_for(condition, within=5.0):
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    while not condition():
        if loop.time() > deadline:
            return False
        await asyncio.sleep(0.02)
    return True


class Served:
    """Servers started by a test (closed after it), and their log lines."""

    def __init__(self, saves, host_key):
        self.saves = saves
        self.host_key = host_key
        self.servers = []
        self.logs = []

    async def start(self, saves=None, **overrides):
        options = {"port": 0, "log": self.logs.append, "command": probe, **overrides}
        server = SSHReplayServer(ServeOptions(saves or self.saves, self.host_key, **options))
        await server.start()
        self.servers.append(server)
        return server


@pytest.fixture(scope="session")
def saves_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("saves")
    make_saves(folder)
    return folder.resolve()


@pytest.fixture(scope="session")
def host_key():
    return asyncssh.generate_private_key("ssh-ed25519")


@pytest.fixture
async def served(saves_dir, host_key):
    served = Served(saves_dir, host_key)
    yield served
    for server in served.servers:
        await server.close()
    assert not [line for line in served.logs if "Traceback" in line]


# ---------------------------------------------------------------------------------- the browser
async def test_a_terminal_session_shows_the_browser_steps_a_replay_and_redraws_on_resize(served):
    """The real browser lists the saves at 120x40, opens one, steps it, and redraws at 80x24."""
    # Arrange
    server = await served.start(command=browse_command)
    conn = await connect(server)
    view = await open_view(conn, size=(120, 40))
    # Act / Assert: the browser's first row, then its list
    await view.expect("Replays in", within=30)
    await view.expect("2 saves")
    await view.expect("read-only")
    await view.settle()
    rows = [int(row) for row, _ in CURSOR_MOVES.findall(bytes(view.raw))]
    assert max(rows) > 24  # drawn over the whole 40 rows
    assert b"\x1b[38;5;" in view.raw  # 256 colours from TERM alone
    assert b"\x1b[38;2;" not in view.raw
    # Enter opens the newest game at its start; three steps forward
    view.from_now()
    view.send(b"\r")
    await view.expect("command 0 / 133")
    await view.settle()
    view.from_now()
    view.send(b"\x1b[C\x1b[C\x1b[C")
    await view.expect("command 3 / 133")
    # The window shrinks: the browser draws again, inside 80x24
    await view.settle()
    view.from_now()
    view.process.change_terminal_size(80, 24)
    await view.expect("command 3 / 133")
    await view.settle()
    # A frame already on its way when the window changed may still arrive at the old size; the
    # redraw at the new size starts at the top left corner: from there on, all is inside 80x24.
    after = bytes(view.raw[view.mark :])
    redraw = after[after.index(b"\x1b[1;1H") :]
    moves = [(int(r), int(c)) for r, c in CURSOR_MOVES.findall(redraw)]
    assert moves
    assert max(r for r, _ in moves) <= 24
    assert max(c for _, c in moves) <= 80
    # Leaving stops the browser and reaps it
    (session,) = server.sessions
    pid = session._child.pid
    conn.close()
    await conn.wait_closed()
    assert await wait_for(lambda: not server.sessions)
    assert await wait_for(lambda: gone(pid))
    assert served.logs[0].startswith("hexmech: 127.0.0.1:")
    assert "connected (0 watching)" in served.logs[0]  # issue 13.9: not "0 sessions" for a viewer
    assert await wait_for(lambda: any("disconnected (0 watching)" in x for x in served.logs))


async def test_a_vt100_gets_the_browser_in_ascii_without_colour(served):
    """TERM=vt100 at 80x24: the same list, drawn with ASCII characters only, no colours."""
    server = await served.start(command=browse_command)
    conn = await connect(server)
    view = await open_view(conn, term="vt100", size=(80, 24))
    await view.expect("2 saves", within=30)
    await view.settle()
    text = view.text()
    assert "Paper 'Mech" in text
    assert "BattleTech" in text
    assert all(ord(ch) < 128 for ch in text), {ch for ch in text if ord(ch) >= 128}
    # Monochrome: black, white and their bright forms only, never a hue or a 256-colour index
    codes = {
        int(code)
        for params in re.findall(rb"\x1b\[([0-9;]*)m", bytes(view.raw))
        for code in params.split(b";")
        if code
    }
    assert not codes & {38, 48}
    assert codes & {*range(30, 50), *range(90, 108)} <= {30, 37, 39, 40, 47, 49, 90, 97, 100, 107}
    conn.close()


async def test_a_game_still_being_played_is_followed_live(served, tmp_path):
    """Another process appends to a save; the viewer sees the new commands arrive."""
    # Arrange: a game of three commands, still going
    folder = tmp_path / "live"
    created = datetime(2025, 3, 2, 9, 0, tzinfo=UTC)
    journal = Journal.create(
        folder / "papermech-live.jsonl", PAPERMECH, PaperSetup(), created=created, seed=11
    )
    for _ in range(3):
        journal.execute(pm_commands(journal.game.state)[-1])
    server = await served.start(saves=folder.resolve(), command=browse_command)
    conn = await connect(server)
    view = await open_view(conn)
    await view.expect("1 save", within=30)
    await view.settle()
    view.from_now()
    view.send(b"\r")
    await view.expect("command 3 / 3")
    await view.settle()
    # Act: two more commands are played
    view.from_now()
    with journal:
        for _ in range(2):
            journal.execute(pm_commands(journal.game.state)[-1])
    # Assert
    await view.expect("command 5 / 5")
    conn.close()


async def test_the_child_runs_on_its_own_terminal_with_a_clean_environment(served):
    """Its argv names only the absolute saves folder; cwd is that folder; TERM and LANG only."""
    # Arrange
    server = await served.start()
    conn = await connect(server)
    # Act
    view = await open_view(conn, size=(100, 30), env={"LANG": "en_GB.UTF-8"})
    info = await view.probe_info()
    # Assert
    assert info["argv"] == [str(served.saves)]
    assert Path(info["argv"][0]).is_absolute()
    assert info["cwd"] == str(served.saves)
    assert info["env"]["TERM"] == "xterm-256color"  # 256 colours without COLORTERM
    assert info["env"]["LANG"] == "en_GB.UTF-8"
    assert set(info["env"]) <= {"TERM", "LANG", "PATH", "LC_CTYPE"}
    assert info["size"] == "100x30"
    assert info["ctty"]  # the pty is its controlling terminal: the kernel sends it SIGWINCH
    conn.close()


async def test_the_user_name_and_the_environment_cannot_name_a_path(served):
    """Traversal in the user name, TERM, LANG or other variables reaches nothing."""
    # Arrange
    server = await served.start()
    conn = await connect(server, username="../../../etc/passwd")
    hostile = {
        "LANG": "../../../etc/locale",
        "LC_ALL": "/etc/locale",
        "HEXMECH_SAVES": "/etc",
        "PYTHONPATH": "/etc",
        "LD_PRELOAD": "/etc/evil.so",
        "HOME": "/",
    }
    # Act
    view = await open_view(conn, term="../../../../etc/terminfo", env=hostile)
    info = await view.probe_info()
    # Assert
    assert info["argv"] == [str(served.saves)]
    assert info["cwd"] == str(served.saves)
    assert info["env"]["TERM"] == "xterm"
    assert info["env"]["LANG"] == "C.UTF-8"
    assert not set(info["env"]) & (set(hostile) - {"LANG"})
    assert not [value for value in info["env"].values() if "/etc" in value or ".." in value]
    conn.close()


@pytest.mark.parametrize(
    ("user", "term"), [("viewer", "vt100"), ("viewer", "dumb"), ("ascii", "xterm")]
)
async def test_plain_terminals_and_user_ascii_get_the_ascii_fallback(served, user, term):
    """The browser is started with --ascii and NO_COLOR."""
    server = await served.start()
    conn = await connect(server, username=user)
    info = await (await open_view(conn, term=term)).probe_info()
    assert info["argv"] == [str(served.saves), "--ascii"]
    assert info["env"]["NO_COLOR"] == "1"
    conn.close()


async def test_window_changes_reach_the_child_clamped(served):
    """Sizes are forwarded (TIOCSWINSZ, SIGWINCH) and held within 20..500 x 10..200."""
    server = await served.start()
    conn = await connect(server)
    view = await open_view(conn, size=(10_000, 1))
    assert (await view.probe_info())["size"] == "500x10"
    for asked, seen in (
        ((90, 33), "90x33"),
        ((2**32 - 1, 2**32 - 1), "500x200"),
        ((3, 3), "20x10"),
    ):
        view.from_now()
        view.process.change_terminal_size(*asked)
        await view.expect(f"[size {seen}]")
    conn.close()


# ---------------------------------------------------------------------------------- refusals
async def test_a_shell_without_a_pty_is_told_why_in_one_line(served):
    server = await served.start()
    conn = await connect(server)
    process = await conn.create_process(encoding=None)
    view = View(process)
    text = await view.until_closed()
    assert text == "hexmech: this server shows a terminal program: connect with ssh -t\n"
    assert process.exit_status == 1
    assert not server.sessions
    conn.close()


async def test_exec_sftp_and_subsystems_are_refused(served):
    """No command runs, no file is served, no subsystem starts; the connection stays usable."""
    server = await served.start()
    conn = await connect(server)
    with pytest.raises(asyncssh.ChannelOpenError):
        await conn.create_process("cat /etc/passwd")
    with pytest.raises(asyncssh.ChannelOpenError):
        await conn.create_process("ls", term_type="xterm")
    with pytest.raises(asyncssh.ChannelOpenError):
        await conn.start_sftp_client()
    with pytest.raises(asyncssh.ChannelOpenError):
        await conn.create_process(subsystem="netconf")
    # Assert: after all that, a terminal session still works
    assert (await (await open_view(conn)).probe_info())["argv"] == [str(served.saves)]
    conn.close()


async def test_forwarding_of_every_kind_is_refused(served):
    """Local, remote and UNIX forwarding, tunnels, X11 and the agent are all refused."""
    server = await served.start()
    conn = await connect(server, agent_forwarding=True, agent_path="/nonexistent/agent.sock")
    with pytest.raises(asyncssh.ChannelOpenError):
        await conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", server.port)
    with pytest.raises(asyncssh.ChannelListenError):
        await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", server.port)
    with pytest.raises(asyncssh.ChannelOpenError):
        await conn.create_unix_connection(asyncssh.SSHUNIXSession, "/run/dbus/system_bus_socket")
    with pytest.raises(asyncssh.ChannelOpenError):
        await conn.open_tun()
    with pytest.raises(asyncssh.ChannelOpenError, match="X11"):
        await conn.create_process(term_type="xterm", x11_forwarding=True, x11_display=":0")
    # The agent request is refused on the server's side (the client does not insist)
    info = await (await open_view(conn)).probe_info()
    assert "SSH_AUTH_SOCK" not in info["env"]
    assert [c.get_agent_path() for c in server.connections] == [None]
    conn.close()


async def test_passwords_are_never_asked_and_authorized_keys_mean_public_keys_only(served):
    """With --authorized-keys, only a listed key logs in; no password or keyboard prompt."""
    # Arrange
    allowed = asyncssh.generate_private_key("ssh-ed25519")
    other = asyncssh.generate_private_key("ssh-ed25519")
    keys = asyncssh.import_authorized_keys(allowed.export_public_key().decode())
    server = await served.start(authorized_keys=keys)
    # Act / Assert
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(server)
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(
            server,
            password="hunter2",  # noqa: S106 - one the server must never ask for
            preferred_auth="password,keyboard-interactive",
        )
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(server, client_keys=[other])
    conn = await connect(server, client_keys=[allowed])
    assert (await (await open_view(conn)).probe_info())["argv"] == [str(served.saves)]
    conn.close()


# ---------------------------------------------------------------------------------- limits
async def test_thirty_sessions_run_and_the_thirty_first_is_told_the_server_is_full(served):
    """Over a limit of 30, the next client reads one line and is closed; the others go on."""
    # Arrange: thirty sessions, each with its child ready (31 logins at once from one address)
    server = await served.start(max_sessions=30, max_logins_per_address=31)
    conns = await asyncio.gather(*(connect(server) for _ in range(31)))
    views = await asyncio.gather(*(open_view(conn) for conn in conns[:30]))
    infos = await asyncio.gather(*(view.probe_info() for view in views))
    assert len({info["pid"] for info in infos}) == 30
    assert len(server.sessions) == 30
    # Act: the thirty-first
    extra = await open_view(conns[30])
    text = await extra.until_closed()
    # Assert
    assert text == f"{full_message(30)}\r\n"
    assert text.startswith("hexmech: server full (30 sessions), try again later")
    assert extra.process.exit_status == 1
    views[17].send(b"?")
    await views[17].expect("[total 1]")
    # When one leaves, a newcomer gets its place
    conns[0].close()
    assert await wait_for(lambda: len(server.sessions) == 29)
    again = await open_view(conns[30])
    assert (await again.probe_info())["argv"] == [str(served.saves)]
    for conn in conns:
        conn.close()
    assert await wait_for(lambda: all(gone(info["pid"]) for info in infos))


async def test_an_idle_session_is_closed_and_its_child_reaped(served):
    server = await served.start(idle_timeout=0.5)
    conn = await connect(server)
    view = await open_view(conn)
    pid = (await view.probe_info())["pid"]
    text = await view.until_closed()
    assert text.endswith("hexmech: no input for 0.5 seconds, closing\r\n")
    assert "\x1b[?1049l" in bytes(view.raw).decode()  # the client's screen is restored
    assert view.process.exit_status == 0
    assert await wait_for(lambda: gone(pid))
    conn.close()


async def test_typing_keeps_a_session_open(served):
    server = await served.start(idle_timeout=1.0)
    conn = await connect(server)
    view = await open_view(conn)
    await view.probe_info()
    for _ in range(4):  # 1.2 s in all, never 1 s without a key
        await asyncio.sleep(0.3)
        view.send(b"k")
    view.send(b"?")
    await view.expect("[total 5]")
    conn.close()


async def test_an_input_flood_is_dropped_and_other_sessions_keep_working(served):
    """A client typing 1 MiB as fast as it can gets only the burst and the rate through."""
    # Arrange
    server = await served.start(input_rate=4096, input_burst=16384)
    flooder_conn, calm_conn = await connect(server), await connect(server)
    flooder, calm = await open_view(flooder_conn), await open_view(calm_conn)
    await flooder.probe_info()
    await calm.probe_info()
    loop = asyncio.get_running_loop()
    started = loop.time()
    # Act: 1 MiB in 1 KiB writes, while the calm session asks for its count
    for _ in range(1024):
        flooder.send(b"x" * 1024)
    await flooder.process.stdin.drain()
    calm.send(b"?")
    await calm.expect("[total 1]", within=3)
    await asyncio.sleep(0.5)
    flooder.from_now()
    flooder.send(b"?")
    await flooder.expect("[total ")
    elapsed = loop.time() - started
    # Assert
    total = int(re.search(r"\[total (\d+)\]", flooder.text()).group(1))
    assert total <= 16384 + 4096 * elapsed + 1
    (session,) = [s for s in server.sessions if s.dropped]
    assert session.dropped >= 1024 * 1024 - total
    for conn in (flooder_conn, calm_conn):
        conn.close()


async def test_garbage_and_half_handshakes_do_not_hurt_the_server(served):
    """Junk bytes, a client gone mid-handshake and a silent one: the next client is served."""
    # Arrange
    server = await served.start(login_timeout=1.0)
    # Act: garbage instead of a version line
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    writer.write(b"\x00\xff garbage \r\n" * 2000)
    await asyncio.wait_for(reader.read(), 5)
    writer.close()
    # A version line, a start of key exchange, then gone
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    await reader.readline()
    writer.write(b"SSH-2.0-OpenSSH_9.6\r\n\x00\x00\x01\x00")
    writer.close()
    # Connected, silent: dropped at the login timeout
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    await reader.readline()
    await asyncio.wait_for(reader.read(), 5)  # returns at end of file: the server hung up
    writer.close()
    # Assert
    conn = await connect(server)
    assert (await (await open_view(conn)).probe_info())["argv"] == [str(served.saves)]
    conn.close()
    assert not [line for line in served.logs if "\n" in line]


async def test_closing_the_server_tells_every_client_and_reaps_every_child(served):
    server = await served.start()
    conns = [await connect(server) for _ in range(3)]
    views = [await open_view(conn) for conn in conns]
    pids = [(await view.probe_info())["pid"] for view in views]
    for view in views:
        view.from_now()

    async def hang_up_at_the_end(view, conn):  # as OpenSSH does when its session closes
        text = await view.until_closed()
        conn.close()
        return text

    # Act
    loop = asyncio.get_running_loop()
    started = loop.time()
    _, *texts = await asyncio.gather(
        server.close(), *(hang_up_at_the_end(v, c) for v, c in zip(views, conns, strict=True))
    )
    # Assert
    assert all(text.endswith("hexmech: the server is stopping\r\n") for text in texts)
    assert all(gone(pid) for pid in pids)
    assert not server.sessions
    assert loop.time() - started < CLOSE_GRACE  # nobody waited for the grace to run out


async def test_a_browser_that_cannot_start_is_one_line_not_a_traceback(served):
    server = await served.start(command=lambda *_: ["/nonexistent/browser"])
    conn = await connect(server)
    view = await open_view(conn)
    text = await view.until_closed()
    assert text == "hexmech: cannot start /nonexistent/browser: No such file or directory\r\n"
    assert view.process.exit_status == 127
    assert await wait_for(lambda: not server.sessions)
    conn.close()


async def test_a_client_cannot_write_escape_sequences_into_the_log(served):
    """Its disconnect reason reaches the log as one printable, short line."""
    server = await served.start()
    conn = await connect(server)
    conn.disconnect(
        asyncssh.DISC_BY_APPLICATION, "\x1b[2J\x1b]0;pwned\x07" + "x" * 500 + "\nline 2"
    )
    assert await wait_for(lambda: any("disconnected" in line for line in served.logs))
    (line,) = [line for line in served.logs if "disconnected" in line]
    assert line.isprintable()
    assert "\x1b" not in line
    assert len(line) < 200


async def test_connections_beyond_the_cap_are_dropped_at_once(served):
    """Silent connections from one address fill only 8 places (test_ssh_limits); the rest is cut."""
    # Arrange
    server = await served.start(max_sessions=1)
    crowd = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(17)]
    for reader, _ in crowd:
        await reader.readline()  # the server's version line: each is connected
    # Act
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    rest = await asyncio.wait_for(reader.read(), 5)
    writer.close()
    # Assert
    assert not rest.startswith(b"SSH-")
    assert await wait_for(lambda: any("refused: too many connections" in x for x in served.logs))
    for _, crowd_writer in crowd:
        crowd_writer.close()
    assert await wait_for(lambda: not server.connections)
    conn = await connect(server)
    assert (await (await open_view(conn)).probe_info())["argv"] == [str(served.saves)]
    conn.close()
