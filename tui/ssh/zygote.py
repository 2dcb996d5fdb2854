"""A pre-started, pre-imported process that forks each SSH viewer (issue 14, rows 4 and 5).

Starting a viewer with ``python -m tui.ssh.viewer`` costs about 0.7 s of CPU and 50 MiB of its
own: every viewer imports Textual, Rich and the game again. The zygote imports all of it once, at
the server's start, freezes it (`gc.freeze`: the collector never writes to those objects, so the
pages stay shared), then waits. For each session the server sends it the pty's slave side (over a
UNIX socket, ``SCM_RIGHTS``), the viewer's arguments, environment and folder; the zygote forks,
and the child becomes what ``python -I -X utf8 -m tui.ssh.viewer ARGS`` would have been: the
leader of a new session on that terminal, in the saves folder, with exactly that environment.
Memory is shared copy-on-write: a viewer costs what it changes, not what it imported.

Nothing is shared between viewers that was not shared before: the zygote never holds a client's
input (it sees only the slave side it hands on, and closes it at once), each viewer is a process
of its own, and the zygote holds no secret of the server's (it is started with a clean
environment, without the host key). The zygote reaps its children and tells the server each exit
status; when the server goes, the zygote reads the end of its socket and leaves.

The protocol: datagrams on a ``SOCK_SEQPACKET`` pair, each one JSON object. The server asks
``{"id", "args", "env", "cwd"}`` (with the slave fd); the zygote answers ``{"id", "pid"}`` or
``{"id", "error"}``, and later ``{"exit": pid, "status": code}`` (negative: killed by a signal).
"""

from __future__ import annotations

import array
import asyncio
import contextlib
import fcntl
import gc
import io
import json
import os
import selectors
import signal
import socket
import sys
import termios
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from textual.css.model import RuleSet
    from textual.css.types import CSSLocation

__all__ = ["REPORT_FD", "VIEWER_MODULE", "ForkedProcess", "Zygote", "serve"]

VIEWER_MODULE = "tui.ssh.viewer"
"""The module whose ``main`` the zygote runs in each child."""
PRELOAD = (
    "tui.ssh.viewer",
    "tui.screens.replay_browser",
    "tui.widgets.save_table",
    "textual.drivers.linux_driver",
    "textual.widgets._data_table",
    "textual.widgets._footer",
    "textual.widgets._input",
    "textual.widgets._toast",
    "textual.widgets._header",
    "textual.widgets._static",
    "textual.widgets._label",
    "textual.widgets._tooltip",
    "textual._xterm_parser",
    "textual._compositor",
    "textual.css.query",
    "textual.layouts.factory",
    "textual.layouts.horizontal",
    "textual.layouts.stream",
    "tui.papermech",
    "tui.papermech.catalog",
    "tui.battletech.screen",
    "tui.widgets.board_view",
    "tui.widgets.hexboard",
    "tui.widgets.log",
)
"""Modules imported before the first fork (what a viewer's first screens use)."""
_CODE_ROOT = str(Path(__file__).resolve().parents[2])
"""The folder the server's own ``tui`` package is in: the zygote runs the server's code."""
_BOOT = "import sys; sys.path.insert(0, sys.argv[1]); from tui.ssh.zygote import serve; serve()"
REPORT_FD = 3
"""The descriptor a viewer reports its first frame on, when it is given a pipe for it."""
_HIGH_FD = 64
"""Where a child moves the descriptors it keeps before setting them in place."""
MAX_MESSAGE = 256 * 1024
"""The largest request or answer, in bytes."""
START_TIMEOUT = 60.0
"""Seconds the zygote has to import everything and say it is ready."""


# ====================================================================== the server's side
class ForkedProcess:
    """A viewer forked by the zygote, seen like an `asyncio.subprocess.Process`."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._exited = asyncio.get_running_loop().create_future()

    def exited(self, status: int) -> None:
        """The zygote reaped the process with ``status``."""
        self.returncode = status
        if not self._exited.done():
            self._exited.set_result(status)

    async def wait(self) -> int:
        """Wait for the process to exit; return its status."""
        return int(await asyncio.shield(self._exited))


class Zygote:
    """The server's handle on its zygote process; `start` it, `spawn` viewers, `close` it."""

    def __init__(self) -> None:
        self._process: asyncio.subprocess.Process | None = None
        self._sock: socket.socket | None = None
        self._waiting: dict[int, asyncio.Future[int]] = {}
        self._children: dict[int, ForkedProcess] = {}
        self._early: dict[int, int] = {}
        self._next_id = 0
        self._ready: asyncio.Future[None] | None = None

    @property
    def alive(self) -> bool:
        """Whether the zygote is up and can fork viewers."""
        return self._sock is not None and self._process is not None

    async def start(self, env: Mapping[str, str]) -> None:
        """Start the zygote and wait until it has imported everything.

        Raises:
            OSError: the zygote could not be started or did not become ready.
        """
        loop = asyncio.get_running_loop()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self._process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-I",
                "-X",
                "utf8",
                "-c",
                _BOOT,
                _CODE_ROOT,
                str(theirs.fileno()),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.DEVNULL,
                stderr=None,
                pass_fds=(theirs.fileno(),),
                env=dict(env),
                cwd="/",
                start_new_session=True,
            )
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        ours.setblocking(False)  # noqa: FBT003 - the socket API
        self._sock = ours
        self._ready = loop.create_future()
        loop.add_reader(ours.fileno(), self._readable)
        try:
            await asyncio.wait_for(asyncio.shield(self._ready), START_TIMEOUT)
        except (TimeoutError, OSError) as exc:
            await self.close()
            message = f"the viewer zygote did not start: {exc or 'timed out'}"
            raise OSError(message) from None

    async def spawn(
        self,
        args: Sequence[str],
        *,
        env: Mapping[str, str],
        cwd: Path,
        slave: int,
        report: int | None = None,
    ) -> ForkedProcess:
        """Fork a viewer running ``args`` on the terminal ``slave`` (which stays the caller's).

        ``report``: the write end of a pipe the viewer gets as its descriptor `REPORT_FD` (for
        its first frame, `tui.ssh.frames`); it stays the caller's too.

        Raises:
            OSError: the zygote is gone, or could not fork.
        """
        sock = self._sock
        if sock is None:
            message = "the viewer zygote is not running"
            raise OSError(message)
        self._next_id += 1
        ident = self._next_id
        request = {
            "id": ident,
            "args": list(args),
            "env": dict(env),
            "cwd": str(cwd),
            "report": report is not None,
        }
        data = json.dumps(request).encode()
        fds = array.array("i", [slave] if report is None else [slave, report])
        answer = asyncio.get_running_loop().create_future()
        self._waiting[ident] = answer
        try:
            sock.sendmsg([data], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, fds)])
            pid = await answer
        finally:
            self._waiting.pop(ident, None)
        process = ForkedProcess(pid)
        if pid in self._early:
            process.exited(self._early.pop(pid))
        else:
            self._children[pid] = process
        return process

    def _readable(self) -> None:
        sock = self._sock
        if sock is None:
            return
        try:
            data = sock.recv(MAX_MESSAGE)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._gone()
            return
        try:
            message = json.loads(data)
        except ValueError:
            return
        self._dispatch(message)

    def _dispatch(self, message: dict[str, Any]) -> None:
        if "ready" in message:
            if self._ready is not None and not self._ready.done():
                self._ready.set_result(None)
        elif "exit" in message:
            pid, status = int(message["exit"]), int(message["status"])
            child = self._children.pop(pid, None)
            if child is not None:
                child.exited(status)
            else:  # the exit came before the answer to the fork
                self._early[pid] = status
        elif "id" in message:
            answer = self._waiting.get(int(message["id"]))
            if answer is None or answer.done():
                return
            if "pid" in message:
                answer.set_result(int(message["pid"]))
            else:
                answer.set_exception(OSError(str(message.get("error", "cannot fork"))))

    def _gone(self) -> None:
        """The zygote died or closed its end: fail what waits, and forget the socket."""
        sock, self._sock = self._sock, None
        if sock is not None:
            with contextlib.suppress(ValueError, OSError):
                asyncio.get_running_loop().remove_reader(sock.fileno())
            sock.close()
        error = OSError("the viewer zygote has gone")
        for answer in self._waiting.values():
            if not answer.done():
                answer.set_exception(error)
        if self._ready is not None and not self._ready.done():
            self._ready.set_exception(error)
        # Its children are no one's now: they are hung up with their pty; count them as ended
        # when that happens (the pty's end is what the server waits on after a stop).
        for child in self._children.values():
            _watch_orphan(child)
        self._children.clear()

    async def close(self) -> None:
        """Stop the zygote (its children are the sessions', stopped by them) and reap it."""
        self._gone()
        process = self._process
        if process is None:
            return
        if process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.terminate()
            try:
                await asyncio.wait_for(process.wait(), 2.0)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                await process.wait()


def _watch_orphan(child: ForkedProcess) -> None:
    """Poll a viewer whose zygote died until its process is gone, then mark it exited."""
    loop = asyncio.get_running_loop()

    def poll() -> None:
        try:
            os.kill(child.pid, 0)
        except ProcessLookupError:
            child.exited(-int(signal.SIGHUP))
            return
        except PermissionError:
            pass
        loop.call_later(0.1, poll)

    poll()


# ====================================================================== the zygote's side
def serve(fd: int | None = None) -> None:
    """Import everything, say ready, then fork a viewer per request until the server goes.

    Args:
        fd: the socket to the server (default: the last command-line argument).
    """
    if fd is None:
        fd = int(sys.argv[-1])
    for module in PRELOAD:
        __import__(module)
    _warm_up()
    sock = socket.socket(fileno=fd)
    sock.setblocking(True)  # noqa: FBT003 - the socket API
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_write, False)
    os.set_blocking(wake_read, False)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    gc.collect()
    gc.freeze()  # what is imported stays untouched by the collector: its pages stay shared
    sock.send(json.dumps({"ready": True}).encode())
    selector = selectors.DefaultSelector()
    selector.register(sock, selectors.EVENT_READ, "request")
    selector.register(wake_read, selectors.EVENT_READ, "signal")
    while True:
        for key, _ in selector.select():
            if key.data == "signal":
                with contextlib.suppress(BlockingIOError):
                    os.read(wake_read, 512)
            elif not _request(sock):
                _reap(sock)
                return
        _reap(sock)


def _warm_up() -> None:
    """Load what every viewer loads on its first screen but no import does.

    Rich's width tables; the built-in rulesets (the listing imports a save's ruleset to read its
    header: ~70 ms of each viewer's start, profiled under 50 viewers, issue 14 row 5); Textual's
    CSS, parsed once (`share_parsed_css`) in one off-screen run of the browser (`_warm_browser`).
    Textual's other style caches belong to each app and are not kept.
    """
    from rich.cells import cell_len  # noqa: PLC0415 - imported above

    cell_len("hexmech \u2500\u2502\u25cf \u4e2d")  # the Unicode width tables load on first use
    from engine import registry  # noqa: PLC0415 - the zygote only

    for name in registry.BUILTIN:  # a save's ruleset loads on first listing: ~70 ms a viewer
        with contextlib.suppress(Exception):
            registry.get(name)
    share_parsed_css()
    with contextlib.suppress(Exception):  # a warm-up only: a viewer starts without it, slower
        _warm_browser()


_PARSED_CSS: dict[tuple[object, ...], list[RuleSet]] = {}
"""Textual CSS parsed once for the zygote and every viewer it forks (see `share_parsed_css`)."""
MAX_PARSED_CSS = 256
"""Entries of `_PARSED_CSS` at most (a viewer's app uses about 30)."""


def share_parsed_css() -> None:
    """Parse each piece of Textual CSS once per process, not once per app (the zygote only).

    Every app parses its sheet and every widget's default CSS again: tokenising it was ~40 % of
    a forked viewer's start (profiled under 50 viewers, issue 14 row 5). Textual already keeps
    the parsed rules of one stylesheet in a cache and reuses the same rule objects whenever it
    parses again (they are never changed after parsing); this makes that cache process-wide,
    keyed also by the sheet's variables (the theme), so the rules parsed in the zygote's warm-up
    are inherited, shared copy-on-write, by each viewer.
    """
    from textual.css.stylesheet import Stylesheet  # noqa: PLC0415 - imported above

    parse = Stylesheet._parse_rules  # noqa: SLF001
    if getattr(parse, "_hexmech_shared", False):
        return

    def shared(  # noqa: PLR0917 - Textual's signature
        self: Stylesheet,
        css: str,
        read_from: CSSLocation,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[RuleSet]:
        variables = tuple(sorted(self._variables.items()))
        key = (css, read_from, is_default_rules, tie_breaker, scope, variables)
        rules = _PARSED_CSS.get(key)
        if rules is None:
            rules = parse(self, css, read_from, is_default_rules, tie_breaker, scope)
            if len(_PARSED_CSS) < MAX_PARSED_CSS:
                _PARSED_CSS[key] = rules
        return rules

    shared._hexmech_shared = True  # type: ignore[attr-defined]  # noqa: SLF001
    Stylesheet._parse_rules = shared  # type: ignore[method-assign]  # noqa: SLF001


def _warm_browser() -> None:
    """Run the browser once, off-screen, over an empty folder of the zygote's own.

    What a first app start fills once per process (Textual's and Rich's module-level caches of
    parsed styles and colours, Python's specialised bytecode of every function it runs) is then
    inherited by each viewer: with `share_parsed_css`, the parsed CSS too.
    The app itself (its own caches, its screen) is gone before the first fork.
    """
    import tempfile  # noqa: PLC0415 - the zygote only

    from tui.ssh.viewer import ServedBrowseApp  # noqa: PLC0415 - imported above

    async def run(folder: Path) -> None:
        app = ServedBrowseApp(folder, read_only=True, ascii_only=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("down")
            await pilot.pause()

    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(run(Path(folder)))


def _request(sock: socket.socket) -> bool:
    """Handle one request; False when the server has gone."""
    fds = array.array("i")
    try:
        data, ancillary, _, _ = sock.recvmsg(MAX_MESSAGE, socket.CMSG_SPACE(4 * fds.itemsize))
    except OSError:
        return False
    if not data:
        return False
    for level, kind, payload in ancillary:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            fds.frombytes(payload[: len(payload) - len(payload) % fds.itemsize])
    try:
        request = json.loads(data)
        ident = int(request["id"])
    except (ValueError, KeyError, TypeError):
        for each in fds:
            os.close(each)
        return True
    wanted = 2 if request.get("report") else 1
    if len(fds) != wanted:
        for each in fds:
            os.close(each)
        _send(sock, {"id": ident, "error": "no terminal"})
        return True
    try:
        pid = _fork(request, list(fds))
    except OSError as exc:
        _send(sock, {"id": ident, "error": exc.strerror or str(exc)})
        return True
    _send(sock, {"id": ident, "pid": pid})
    return True


def _fork(request: dict[str, Any], fds: list[int]) -> int:
    """Fork the viewer of ``request`` on ``fds``; they are closed here (the child has copies).

    ``fds``: its terminal, and the pipe for its first frame (`tui.ssh.frames`) if
    ``request["report"]``.

    Raises:
        OSError: the child could not be forked.
    """
    slave = fds[0]
    report = fds[1] if request.get("report") else None
    try:
        pid = os.fork()
    except OSError:
        for each in fds:
            os.close(each)
        raise
    if pid == 0:  # the viewer: it never returns
        _become_viewer(request, slave, report)
    for each in fds:
        os.close(each)
    return pid


def _reap(sock: socket.socket) -> None:
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        _send(sock, {"exit": pid, "status": os.waitstatus_to_exitcode(status)})


def _send(sock: socket.socket, message: dict[str, Any]) -> None:
    with contextlib.suppress(OSError):
        sock.send(json.dumps(message).encode())


def _become_viewer(request: dict[str, Any], slave: int, report: int | None) -> None:
    """In the forked child: take the terminal, the folder and the environment, run the viewer.

    ``report``: the pipe for its first frame, which becomes `REPORT_FD` (None: no pipe).
    """
    code = 1
    try:
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        signal.signal(signal.SIGHUP, signal.SIG_DFL)
        os.setsid()
        # Out of the way of the descriptors they become (0-2, REPORT_FD, the next one).
        slave = fcntl.fcntl(slave, fcntl.F_DUPFD, _HIGH_FD)
        if report is not None:
            report = fcntl.fcntl(report, fcntl.F_DUPFD, _HIGH_FD)
        for target in (0, 1, 2):
            os.dup2(slave, target)
        first = REPORT_FD
        if report is not None:
            os.dup2(report, first, inheritable=False)
            first += 1
        os.closerange(first, os.sysconf("SC_OPEN_MAX"))  # the socket, the pipes, the selector
        with contextlib.suppress(OSError):
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        os.chdir(str(request["cwd"]))
        os.environ.clear()
        os.environ.update({str(k): str(v) for k, v in dict(request["env"]).items()})
        _fresh_standard_streams()
        args = [str(each) for each in request["args"]]
        from tui.ssh.viewer import main  # noqa: PLC0415 - imported before the fork already

        sys.argv = [VIEWER_MODULE, *args]
        code = main(args)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except BaseException:  # noqa: BLE001 - one line, never a traceback, for a viewer
        with contextlib.suppress(Exception):
            os.write(2, b"hexmech: internal error, closing\r\n")
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


def _fresh_standard_streams() -> None:
    """Standard streams on the new terminal, as a fresh Python opens them on a tty (UTF-8).

    Standard error is written through (no buffer): Textual draws on it, and a frame left in a
    buffer would reach the viewer late, after the next one.
    """
    stdin = io.TextIOWrapper(
        io.BufferedReader(io.FileIO(0, "r", closefd=False)),
        encoding="utf-8",
        errors="surrogateescape",
        line_buffering=True,
    )
    stdout = io.TextIOWrapper(
        io.BufferedWriter(io.FileIO(1, "w", closefd=False)),
        encoding="utf-8",
        errors="surrogateescape",
        line_buffering=True,
    )
    stderr = io.TextIOWrapper(
        io.FileIO(2, "w", closefd=False),
        encoding="utf-8",
        errors="backslashreplace",
        line_buffering=True,
        write_through=True,
    )
    sys.stdin = sys.__stdin__ = stdin  # type: ignore[misc]  # a new process, in effect
    sys.stdout = sys.__stdout__ = stdout  # type: ignore[misc]
    sys.stderr = sys.__stderr__ = stderr  # type: ignore[misc]


if __name__ == "__main__":
    serve()
