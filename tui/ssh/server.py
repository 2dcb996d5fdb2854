"""The SSH server: one read-only replay browser per terminal session, and nothing else.

`SSHReplayServer` listens with asyncssh. A connection authenticates anonymously (any user name, no
password) or, given authorized keys, by public key only; passwords and keyboard-interactive are
never offered. A session that asks for a pty and a shell gets the browser (`browse_command`) on a
pseudo-terminal of its own (`tui.ssh.child.PtyChild`). Every other request is refused: exec,
subsystems (SFTP), X11, agent, TCP and UNIX forwarding, tunnels.

Limits keep one client from hurting the others: at most ``max_sessions`` browsers (the next client
is told the server is full, in one line), an idle timeout, a token bucket on input, and clamped
window sizes. Connections without a browser (still in the handshake, logging in, or told the server
is full) are bounded apart from the browsers, so that a crowd of silent sockets (a slowloris) cannot
lock viewers out: at most ``max_logins`` of them at once (when they are all there, a newcomer
evicts the oldest that has not logged in yet, and is refused only when every one has),
``max_logins_per_address`` from one source address (the next is dropped at once), and each is
closed ``login_timeout`` seconds after it came, or after its last browser ended, unless it starts
a browser by then.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import time
from typing import TYPE_CHECKING

import asyncssh
from attrs import Factory, frozen

from tui.ssh.child import PtyChild
from tui.ssh.frames import FirstFrames
from tui.ssh.policy import (
    DEFAULT_LANG,
    DEFAULT_SIZE,
    DEFAULT_TERM,
    Terminal,
    TokenBucket,
    child_environment,
    clamp_size,
)
from tui.ssh.zygote import REPORT_FD, VIEWER_MODULE, Zygote

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence
    from pathlib import Path

__all__ = [
    "SSHReplayServer",
    "ServeOptions",
    "browse_command",
    "full_message",
    "log_to_stderr",
]

# Leave the alternate screen, show the cursor, stop mouse and paste reporting: what the browser
# would undo itself had it been allowed to quit, written when the server ends a session instead.
RESET_TERMINAL = (
    b"\x1b[0m\x1b[?25h\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l"
    b"\x1b[?1004l\x1b[?2004l\x1b[?1049l"
)
DEFAULT_LOGIN_TIMEOUT = 10.0
"""Seconds a connection has to finish the handshake, log in and start a browser."""
DEFAULT_MAX_LOGINS = 64
"""Connections without a browser (handshaking, logging in) accepted at once."""
DEFAULT_MAX_LOGINS_PER_ADDRESS = 8
"""Connections without a browser accepted at once from one source address."""
CLOSE_GRACE = 2.0
"""Seconds clients have to hang up when the server stops, before they are disconnected."""
MAX_REASON = 120
"""Characters of a disconnect reason that reach the log."""
SESSIONS_PER_CONNECTION = 4
"""Session channels a connection may have open at once (each browser still counts once)."""


VIEWER_PREFIX = (sys.executable, "-I", "-X", "utf8", "-m", VIEWER_MODULE)
"""How a viewer's command begins; such a command is forked from the zygote when there is one."""


def browse_command(saves: Path, terminal: Terminal) -> list[str]:
    """Return the command a session runs: the read-only replay browser over ``saves``.

    ``-I`` keeps the child's Python from reading the environment or importing from its working
    directory (the saves folder); ``-X utf8`` makes its output UTF-8 whatever the locale. The
    program is `tui.ssh.viewer` (``hexmech browse --read-only`` whose errors are one line); the
    server forks it from its pre-imported zygote (`tui.ssh.zygote`) rather than run it afresh.
    """
    argv = [*VIEWER_PREFIX, "--saves", str(saves)]
    return [*argv, "--ascii"] if terminal.ascii else argv


_PLAIN = Terminal(DEFAULT_TERM, DEFAULT_LANG, ascii=False)


def forks_viewer(argv: Sequence[str]) -> bool:
    """Whether ``argv`` runs the viewer (`VIEWER_PREFIX`), which the zygote can fork instead."""
    return tuple(argv[: len(VIEWER_PREFIX)]) == VIEWER_PREFIX


def full_message(max_sessions: int) -> str:
    """Return the one line a client over the session limit reads."""
    return f"hexmech: server full ({max_sessions} sessions), try again later"


def log_to_stderr(line: str) -> None:
    """Write one log line to standard error; a closed or broken stderr loses it, nothing more."""
    with contextlib.suppress(OSError, ValueError):
        print(line, file=sys.stderr, flush=True)  # noqa: T201 - the server's log is its stderr


@frozen
class ServeOptions:
    """How a server runs.

    Attributes:
        saves: the saves folder, an absolute path to an existing directory.
        host_key: the server's private host key.
        host: the address to listen on.
        port: the port (0: any free port, see `SSHReplayServer.port`).
        authorized_keys: public keys that may log in; None for anonymous access.
        max_sessions: browsers running at once.
        idle_timeout: seconds without input after which a session is closed.
        input_rate: input bytes a second a session may send.
        input_burst: input bytes a session may send at once.
        login_timeout: seconds a connection has to finish the handshake, log in and start a
            browser (and to start another once its browsers have ended).
        max_logins: connections without a browser at once; more are dropped at once.
        max_logins_per_address: connections without a browser at once from one source address.
        command: the command of a session, from the saves folder and its terminal.
        preload: fork viewers (a command `VIEWER_PREFIX` ...) from a pre-imported zygote
            rather than start each afresh (the same program; far less memory and CPU).
        extra_env: environment the server adds to every child (the operator's, never a client's).
        log: where the one-line connection log goes.
    """

    saves: Path
    host_key: asyncssh.SSHKey
    host: str = "127.0.0.1"
    port: int = 2222
    authorized_keys: asyncssh.SSHAuthorizedKeys | None = None
    max_sessions: int = 30
    idle_timeout: float = 30 * 60.0
    input_rate: float = 4 * 1024.0
    input_burst: float = 16 * 1024.0
    login_timeout: float = DEFAULT_LOGIN_TIMEOUT
    max_logins: int = DEFAULT_MAX_LOGINS
    max_logins_per_address: int = DEFAULT_MAX_LOGINS_PER_ADDRESS
    command: Callable[[Path, Terminal], Sequence[str]] = browse_command
    extra_env: Mapping[str, str] = Factory(dict)
    log: Callable[[str], None] = log_to_stderr
    preload: bool = True


class SSHReplayServer:
    """The listening server and the sessions it runs; `start` it, then `close` it."""

    def __init__(self, options: ServeOptions) -> None:
        self.options = options
        self.sessions: set[BrowserSession] = set()
        """The sessions holding a browser slot."""
        self.connections: set[asyncssh.SSHServerConnection] = set()
        self.logging_in: dict[_Connection, str] = {}
        """The connections without a browser (handshaking, logging in, told the server is full),
        and the source address of each."""
        self._finished: set[asyncio.Future[None]] = set()
        self._tasks: set[asyncio.Future[None]] = set()
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self.zygote: Zygote | None = None
        """The pre-imported process viewers are forked from (None: each is started afresh)."""
        self.frames = FirstFrames(options.saves)
        """The first screens of forked viewers, sent to the next ones at once (`tui.ssh.frames`)."""

    async def start(self) -> None:
        """Listen (raises OSError when the address cannot be used)."""
        options = self.options
        if options.preload and forks_viewer(options.command(options.saves, _PLAIN)):
            await self._start_zygote()
        anonymous = options.authorized_keys is None
        self._acceptor = await asyncssh.create_server(
            lambda: _Connection(self),
            options.host,
            options.port,
            server_host_keys=[options.host_key],
            authorized_client_keys=options.authorized_keys,
            public_key_auth=not anonymous,
            password_auth=False,
            kbdint_auth=False,
            host_based_auth=False,
            gss_host=None,
            x11_forwarding=False,
            agent_forwarding=False,
            allow_scp=False,
            line_editor=False,
            encoding=None,
            login_timeout=options.login_timeout,
            keepalive_interval=60,
        )

    async def _start_zygote(self) -> None:
        """Start the zygote; without one (it failed: logged), viewers are started afresh."""
        zygote = Zygote()
        env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": DEFAULT_LANG}
        try:
            await zygote.start(env)
        except OSError as exc:
            self.log_line(f"viewers start without the zygote: {_one_line(exc)}")
            return
        self.zygote = zygote

    @property
    def port(self) -> int:
        """The port listened on (the real one when started with port 0)."""
        assert self._acceptor is not None  # noqa: S101 - a programming error, not input
        return self._acceptor.get_port()

    def reserve(self, session: BrowserSession) -> bool:
        """Take a browser slot for ``session``; False when the server is full."""
        if len(self.sessions) >= self.options.max_sessions:
            return False
        self.sessions.add(session)
        self._finished.add(session.finished)
        session.finished.add_done_callback(self._finished.discard)
        return True

    def keep(self, task: asyncio.Future[None]) -> None:
        """Hold a reference to a background task until it is done."""
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def log_line(self, text: str) -> None:
        """Log one line (``hexmech: ...``)."""
        self.options.log(f"hexmech: {text}")

    def release(self, session: BrowserSession) -> None:
        """Give back the slot of ``session`` (if it held one)."""
        self.sessions.discard(session)

    async def close(self) -> None:  # noqa: C901 - one step after another
        """Stop listening, end every session with a word to its client, and disconnect.

        Clients whose session was ended get `CLOSE_GRACE` seconds to hang up themselves (OpenSSH
        does on the channel's close), so that the last words reach them before the disconnect.
        """
        if self._acceptor is not None:
            self._acceptor.close()
        ended = {s.connection for s in self.sessions if s.connection is not None}
        for session in list(self.sessions):
            session.end("hexmech: the server is stopping")
        if self._finished:
            await asyncio.wait(list(self._finished))
        hangups = [asyncio.ensure_future(conn.wait_closed()) for conn in ended]
        if hangups:
            await asyncio.wait(hangups, timeout=CLOSE_GRACE)
        for hangup in hangups:
            hangup.cancel()
        for conn in list(self.connections):
            conn.close()
        for conn in list(self.connections):
            with contextlib.suppress(Exception):
                await conn.wait_closed()
        if self._tasks:
            await asyncio.wait(list(self._tasks))
        if self._acceptor is not None:
            await self._acceptor.wait_closed()
        self.frames.close()
        if self.zygote is not None:
            await self.zygote.close()


class _Connection(asyncssh.SSHServer):
    """One client connection: anonymous or public-key login, and a few session channels."""

    def __init__(self, server: SSHReplayServer) -> None:
        self._server = server
        self._conn: asyncssh.SSHServerConnection | None = None
        self._sessions: set[BrowserSession] = set()
        self._username = ""
        self._host = "?"
        self._address = "?"
        self._refused = False
        self._authenticated = False
        self._closed = False
        self._browsers = 0
        self._timer: asyncio.TimerHandle | None = None
        self._timeout_reason: str | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        server = self._server
        options = server.options
        self._conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        host = str(peer[0])
        self._host = host
        self._address = f"{host}:{peer[1]}"
        server.connections.add(conn)
        waiting = server.logging_in
        if sum(1 for other in waiting.values() if other == host) >= options.max_logins_per_address:
            self._refuse("too many connections logging in from this address")
            return
        if len(waiting) >= options.max_logins and not self._evict_oldest():
            self._refuse("too many connections logging in")
            return
        self._wait_for_browser(host)
        server.log_line(f"{self._address} connected ({_count(server.sessions)})")

    def _evict_oldest(self) -> bool:
        """Drop the oldest connection that has not logged in yet, to make room for this one.

        A full house of silent sockets must not keep newcomers out: the oldest of them (the one
        most surely stalling) goes. Logged-in connections are never evicted for a newcomer.
        Returns whether one was dropped.
        """
        server = self._server
        for other in server.logging_in:  # oldest first: a dict keeps the order of arrival
            if not other._authenticated and other._conn is not None:  # noqa: SLF001 - same class
                server.logging_in.pop(other, None)
                other._timeout_reason = "evicted: the oldest of too many logging in"  # noqa: SLF001
                server.log_line(f"{other._address} evicted for a newcomer")  # noqa: SLF001
                other._conn.abort()  # noqa: SLF001
                return True
        return False

    def _refuse(self, why: str) -> None:
        """Drop the connection at once (it is not logged in, so nobody is told why)."""
        assert self._conn is not None  # noqa: S101 - called from connection_made only
        self._refused = True
        self._server.log_line(f"{self._address} refused: {why}")
        self._conn.abort()

    def _wait_for_browser(self, host: str) -> None:
        """Count the connection as logging in, and close it unless it starts a browser in time."""
        server = self._server
        server.logging_in[self] = host
        if self._timer is not None:
            self._timer.cancel()
        self._timer = asyncio.get_running_loop().call_later(
            server.options.login_timeout, self._timed_out
        )

    def _timed_out(self) -> None:
        self._timer = None
        if self not in self._server.logging_in or self._conn is None:
            return
        self._timeout_reason = (
            f"no browser started within {_duration(self._server.options.login_timeout)}"
        )
        if self._authenticated:  # a goodbye, but one it cannot hold the place with by not reading
            self._conn.close()
            asyncio.get_running_loop().call_later(CLOSE_GRACE, self._conn.abort)
        else:
            self._conn.abort()

    def browser_started(self) -> None:
        """A session of this connection holds a browser slot: it is no longer logging in."""
        self._browsers += 1
        self._server.logging_in.pop(self, None)
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def browser_ended(self) -> None:
        """A browser of this connection ended; with none left, it has a login timeout again."""
        self._browsers -= 1
        if self._browsers == 0 and self._conn is not None and not self._closed:
            self._wait_for_browser(self._host)

    def auth_completed(self) -> None:
        self._authenticated = True

    def connection_lost(self, exc: Exception | None) -> None:
        server = self._server
        self._closed = True
        server.logging_in.pop(self, None)
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._conn is not None:
            server.connections.discard(self._conn)
        for session in self._sessions:
            session.end(None)
        if self._refused:
            return
        if self._timeout_reason is not None:
            reason = f": {self._timeout_reason}"
        else:
            reason = "" if exc is None else f": {_one_line(exc)}"
        line = f"{self._address} disconnected"
        pending = [s.finished for s in self._sessions if not s.finished.done()]
        if not pending:
            server.log_line(f"{line} ({_count(server.sessions)}){reason}")
            return

        async def log_when_stopped() -> None:  # count the sessions once this one's are gone
            await asyncio.wait(pending)
            server.log_line(f"{line} ({_count(server.sessions)}){reason}")

        server.keep(asyncio.ensure_future(log_when_stopped()))

    def begin_auth(self, username: str) -> bool:
        # The user name is never a path or a command: it may only ask for the ASCII fallback.
        self._username = username
        return self._server.options.authorized_keys is not None

    def session_requested(self) -> BrowserSession | bool:
        self._sessions = {s for s in self._sessions if not s.finished.done()}
        if len(self._sessions) >= SESSIONS_PER_CONNECTION:
            return False
        session = BrowserSession(self._server, self._username, self)
        self._sessions.add(session)
        return session


def _count(sessions: set[BrowserSession]) -> str:
    """How many viewers are watching now (a connection logging in is not one yet)."""
    return f"{len(sessions)} watching"


def _one_line(exc: BaseException) -> str:
    """Return an error as one short printable line.

    A client's disconnect reason is its own text: it must not reach the operator's terminal as
    escape sequences, or as many lines.
    """
    text = str(exc).strip() or type(exc).__name__
    line = "".join(ch if ch.isprintable() else "?" for ch in text.splitlines()[0])
    return line if len(line) <= MAX_REASON else f"{line[: MAX_REASON - 3]}..."


class BrowserSession(asyncssh.SSHServerSession[bytes]):
    """A terminal session: the browser on a pty, fed the client's keys and window size."""

    def __init__(
        self, server: SSHReplayServer, username: str, owner: _Connection | None = None
    ) -> None:
        self._server = server
        self._username = username
        self._owner = owner
        options = server.options
        self._chan: asyncssh.SSHServerChannel[bytes] | None = None
        self._term_type: str | None = None
        self._size = DEFAULT_SIZE
        self._child: PtyChild | None = None
        self._paused = False
        self._framed = False
        """A first frame was sent before the viewer drew (its terminal modes are set)."""
        self._bucket = TokenBucket(options.input_rate, options.input_burst, time.monotonic)
        self._last_input = time.monotonic()
        self._idle: asyncio.TimerHandle | None = None
        self._stop = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self.connection: asyncssh.SSHServerConnection | None = None
        """The SSH connection the session belongs to."""
        self._reason: str | None = None
        self.dropped = 0
        """Input bytes dropped by the rate limit."""
        self.finished: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        """Done when the session's child is reaped and its slot given back."""

    # ------------------------------------------------------------------ what the client asks
    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self._chan = chan
        self.connection = chan.get_extra_info("connection")

    def pty_requested(
        self,
        term_type: str,
        term_size: tuple[int, int, int, int],
        term_modes: object,  # noqa: ARG002
    ) -> bool:
        self._term_type = term_type
        self._size = clamp_size(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True  # without a pty it is told why in session_started

    def exec_requested(self, command: str) -> bool:  # noqa: ARG002
        return False

    def subsystem_requested(self, subsystem: str) -> bool:  # noqa: ARG002
        return False

    def break_received(self, msec: int) -> bool:  # noqa: ARG002
        return False

    def signal_received(self, signal: str) -> None:
        """Ignore signals: a client does not get to signal the browser."""

    def terminal_size_changed(
        self,
        width: int,
        height: int,
        pixwidth: int,  # noqa: ARG002 - asyncssh's signature
        pixheight: int,  # noqa: ARG002
    ) -> None:
        self._size = clamp_size(width, height)
        if self._child is not None:
            self._child.resize(self._size)

    def data_received(self, data: bytes, datatype: int | None) -> None:  # noqa: ARG002
        if self._child is None or not self._bucket.take(len(data)):
            self.dropped += len(data)
            return
        self._last_input = time.monotonic()
        self._child.write(data)

    def pause_writing(self) -> None:
        self._paused = True
        if self._child is not None:
            self._child.pause_reading()

    def resume_writing(self) -> None:
        self._paused = False
        if self._child is not None:
            self._child.resume_reading()

    def session_started(self) -> None:
        if self._stop.is_set():
            return
        if self._term_type is None:
            self._say("hexmech: this server shows a terminal program: connect with ssh -t", 1)
        elif not self._server.reserve(self):
            self._say(full_message(self._server.options.max_sessions), 1)
        else:
            if self._owner is not None:
                self._owner.browser_started()
            self._task = asyncio.create_task(self._run())
            self._task.add_done_callback(self._ran)

    def connection_lost(self, exc: Exception | None) -> None:  # noqa: ARG002
        self.end(None)

    # ------------------------------------------------------------------ the server's side
    def end(self, reason: str | None) -> None:
        """End the session: stop the browser, tell the client ``reason`` (if any), close."""
        if self._stop.is_set():
            return
        self._reason = reason
        self._stop.set()
        if self._task is None and not self.finished.done():
            self.finished.set_result(None)  # no browser was started: nothing to wait for

    async def _run(self) -> None:
        """Run the browser until it exits, or the client leaves, idles, or the server stops."""
        child = await self._start_child()
        if child is None:
            return
        try:
            exited = asyncio.ensure_future(child.wait())
            stopped = asyncio.ensure_future(self._stop.wait())
            await asyncio.wait({exited, stopped}, return_when=asyncio.FIRST_COMPLETED)
            stopped.cancel()
            by_itself = exited.done()
            if by_itself:
                child.drain()
        finally:
            await child.stop()  # whatever happened: no child outlives its session
        if not by_itself or (self._framed and child.returncode != 0):
            self._output(RESET_TERMINAL)  # its first frame's modes may be on still
        self._say(self._reason, max(0, child.returncode or 0))

    async def _start_child(self) -> PtyChild | None:
        """Start the session's command on a new pty; None (the client is told) if it cannot."""
        options = self._server.options
        env = self._chan.get_environment() if self._chan is not None else {}
        terminal = Terminal.requested(self._term_type, env.get("LANG"), self._username)
        argv = options.command(options.saves, terminal)
        child_env = child_environment(terminal, options.extra_env)
        zygote = self._server.zygote
        try:
            if zygote is not None and zygote.alive and forks_viewer(argv):
                child = await self._fork(zygote, argv[len(VIEWER_PREFIX) :], child_env)
                if child is None:  # the session ended while it waited
                    self._say(self._reason, 0)
                    return None
            else:
                child = await PtyChild.start(
                    argv, env=child_env, cwd=options.saves, size=self._size, on_output=self._output
                )
        except OSError as exc:
            if self._framed:
                self._output(RESET_TERMINAL)  # the first frame's modes
            self._say(f"hexmech: cannot start the browser: {exc.strerror or exc}", 1)
            return None
        self._child = child
        if self._paused:
            child.pause_reading()
        self._watch_idle()
        return child

    async def _fork(
        self, zygote: Zygote, args: Sequence[str], env: Mapping[str, str]
    ) -> PtyChild | None:
        """Fork a viewer; show its first screen at once if a viewer like it drew it already.

        The first viewer of a folder, size and terminal reports its first frame instead
        (`tui.ssh.frames`). None when the session ended while it waited for that frame.

        Raises:
            OSError: the pty cannot be made or the zygote cannot fork.
        """
        options = self._server.options
        frame, report = await self._server.frames.first(
            self._server.frames.key(args, env, self._size)
        )
        if self._stop.is_set():
            if report is not None:
                report.cancel()
            return None
        if frame is not None:  # at once: the zygote may take a while to fork in a crowd
            self._framed = True
            self._output(frame)
        if report is not None:
            args = [*args, "--first-frame-fd", str(REPORT_FD)]
        try:
            child = await PtyChild.fork(
                zygote,
                args,
                env=env,
                cwd=options.saves,
                size=self._size,
                on_output=self._output,
                report=None if report is None else report.write_fd,
            )
        except BaseException:
            if report is not None:
                report.cancel()
            raise
        if report is not None:
            report.sent()
        return child

    def _ran(self, task: asyncio.Task[None]) -> None:
        if self._idle is not None:
            self._idle.cancel()
        self._server.release(self)
        if self._owner is not None:
            self._owner.browser_ended()
        error = None if task.cancelled() else task.exception()
        if error is not None:
            self._server.log_line(f"session failed: {_one_line(error)}")
            self._say("hexmech: internal error, closing", 1)
        if not self.finished.done():
            self.finished.set_result(None)

    def _watch_idle(self) -> None:
        timeout = self._server.options.idle_timeout
        left = self._last_input + timeout - time.monotonic()
        if left <= 0:
            self.end(f"hexmech: no input for {_duration(timeout)}, closing")
            return
        self._idle = asyncio.get_running_loop().call_later(left, self._watch_idle)

    def _output(self, data: bytes) -> None:
        if self._chan is not None and not self._chan.is_closing():
            self._chan.write(data)

    def _say(self, line: str | None, status: int) -> None:
        """Write one line (if any) and close the channel with ``status``."""
        chan = self._chan
        if chan is None or chan.is_closing():
            return
        if line is not None:
            newline = "\r\n" if self._term_type is not None else "\n"
            chan.write(f"{line}{newline}".encode())
        chan.exit(status)


def _duration(seconds: float) -> str:
    if seconds >= 60 and seconds % 60 == 0:  # noqa: PLR2004
        minutes = int(seconds // 60)
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    return f"{seconds:g} second{'' if seconds == 1 else 's'}"
