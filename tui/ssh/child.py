"""A command on a pseudo-terminal of its own: started, fed, resized, stopped and reaped.

The child is the leader of a new session whose controlling terminal is the pty's slave side, so
the kernel does the terminal's work: a window-size change (``TIOCSWINSZ`` on the master) sends
``SIGWINCH`` to it, and closing the master hangs it up (``SIGHUP``) even if the server dies
without cleaning up. Stopping kills the child's whole process group and waits for it: no zombies.

Flow control both ways: output is read only while the SSH channel can take it (`pause_reading`),
and input that the child does not read is kept up to `MAX_PENDING` bytes, the rest dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import signal
import struct
import sys
import termios
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence
    from pathlib import Path

    from tui.ssh.zygote import ForkedProcess, Zygote

__all__ = ["MAX_PENDING", "PtyChild"]

MAX_PENDING = 16 * 1024
"""Input bytes kept for a child that is not reading; more is dropped."""
READ_SIZE = 64 * 1024
STOP_GRACE = 1.0
"""Seconds a child has to leave after SIGHUP before the group is killed."""

# A subprocess cannot take a controlling terminal before it runs its program, so a bare Python
# (-I -S: no site, no environment, ~10 ms) takes it, then becomes the command. It goes on without
# one (a terminal that refuses) rather than not start at all, and a command that cannot run is
# one line on the terminal, not a traceback.
_TAKE_TERMINAL = """\
import fcntl, os, sys, termios
try:
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
except OSError:
    pass
try:
    os.execv(sys.argv[1], sys.argv[1:])
except OSError as exc:
    sys.stderr.write(f"hexmech: cannot start {sys.argv[1]}: {exc.strerror}\\n")
    sys.exit(127)
"""


class PtyChild:
    """A running command on a pseudo-terminal; create it with `PtyChild.start`."""

    def __init__(
        self,
        process: asyncio.subprocess.Process | ForkedProcess,
        master: int,
        on_output: Callable[[bytes], None],
    ) -> None:
        self._process = process
        self._master: int | None = master
        self._on_output = on_output
        self._pending = bytearray()
        self._reading = False
        self._loop = asyncio.get_running_loop()
        self.dropped = 0
        """Input bytes dropped because the child was not reading."""

    @classmethod
    async def start(
        cls,
        argv: Sequence[str],
        *,
        env: Mapping[str, str],
        cwd: Path,
        size: tuple[int, int],
        on_output: Callable[[bytes], None],
    ) -> PtyChild:
        """Start ``argv`` on a new pty of ``size`` (columns, rows).

        Args:
            argv: the command, its program as an absolute path.
            env: its whole environment.
            cwd: its working directory.
            size: the terminal's columns and rows.
            on_output: called with every chunk the child writes.

        Raises:
            OSError: when the pty or the process cannot be made.
        """
        master, slave = os.openpty()
        try:
            _set_size(master, size)
            os.set_blocking(master, False)
            process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-I",
                "-S",
                "-c",
                _TAKE_TERMINAL,
                *argv,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=dict(env),
                cwd=cwd,
                start_new_session=True,
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        child = cls(process, master, on_output)
        child.resume_reading()
        return child

    @classmethod
    async def fork(
        cls,
        zygote: Zygote,
        args: Sequence[str],
        *,
        env: Mapping[str, str],
        cwd: Path,
        size: tuple[int, int],
        on_output: Callable[[bytes], None],
        report: int | None = None,
    ) -> PtyChild:
        """Fork a viewer from ``zygote`` (`tui.ssh.zygote`) on a new pty of ``size``.

        The same as `start` with ``python -I -X utf8 -m tui.ssh.viewer ARGS``, without the
        import: the child is the leader of a new session on the pty, in ``cwd``, with ``env``
        (and ``report``, a pipe for its first frame, as `tui.ssh.zygote.REPORT_FD`).

        Raises:
            OSError: when the pty cannot be made or the zygote cannot fork.
        """
        master, slave = os.openpty()
        try:
            _set_size(master, size)
            os.set_blocking(master, False)
            process = await zygote.spawn(args, env=env, cwd=cwd, slave=slave, report=report)
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        child = cls(process, master, on_output)
        child.resume_reading()
        return child

    @property
    def pid(self) -> int:
        """The child's process id (also its process group and session id)."""
        return self._process.pid

    @property
    def returncode(self) -> int | None:
        """The exit status once the child has been reaped (negative: killed by that signal)."""
        return self._process.returncode

    async def wait(self) -> int:
        """Wait for the child to exit and return its status.

        When the child (the terminal's controlling process) exits, the kernel hangs up whatever
        else of its session still uses the terminal.
        """
        return await self._process.wait()

    def resize(self, size: tuple[int, int]) -> None:
        """Set the terminal to ``size`` (columns, rows); the kernel signals the child."""
        if self._master is not None:
            with contextlib.suppress(OSError):
                _set_size(self._master, size)

    def write(self, data: bytes) -> None:
        """Type ``data`` into the terminal; what the child leaves unread beyond a bound is lost."""
        if self._master is None:
            return
        room = MAX_PENDING - len(self._pending)
        if len(data) > room:
            self.dropped += len(data) - room
            data = data[:room]
        had_pending = bool(self._pending)
        self._pending += data
        if not had_pending:
            self._flush()

    def pause_reading(self) -> None:
        """Stop reading the child's output (the SSH channel is full)."""
        if self._reading and self._master is not None:
            self._loop.remove_reader(self._master)
        self._reading = False

    def resume_reading(self) -> None:
        """Read the child's output again."""
        if not self._reading and self._master is not None:
            self._loop.add_reader(self._master, self._readable)
            self._reading = True

    def drain(self) -> None:
        """Pass on whatever output is still buffered in the pty (after the child exited)."""
        while self._master is not None:
            try:
                data = os.read(self._master, READ_SIZE)
            except OSError:
                return
            if not data:
                return
            self._on_output(data)

    async def stop(self, grace: float = STOP_GRACE) -> None:
        """Hang the child up, kill its group if it lingers, reap it, and close the pty."""
        if self._process.returncode is None:
            self._kill_group(signal.SIGHUP)
            try:
                await asyncio.wait_for(asyncio.shield(self._process.wait()), grace)
            except TimeoutError:
                self._kill_group(signal.SIGKILL)
        await self.wait()
        self.close()

    def close(self) -> None:
        """Close the master side (the child, if still there, is hung up)."""
        if self._master is None:
            return
        self.pause_reading()
        if self._pending:
            self._loop.remove_writer(self._master)
            self._pending.clear()
        os.close(self._master)
        self._master = None

    def _kill_group(self, sig: signal.Signals) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self._process.pid, sig)

    def _readable(self) -> None:
        assert self._master is not None  # noqa: S101 - the reader is removed before closing
        try:
            data = os.read(self._master, READ_SIZE)
        except BlockingIOError:
            return
        except OSError:  # EIO: every slave descriptor is closed
            data = b""
        if not data:
            self.pause_reading()
            return
        self._on_output(data)

    def _flush(self) -> None:
        if self._master is None:
            return
        try:
            written = os.write(self._master, self._pending)
        except BlockingIOError:
            written = 0
        except OSError:
            written = len(self._pending)  # the child is gone: nobody will read it
        del self._pending[:written]
        if self._pending:
            self._loop.add_writer(self._master, self._flush_later)

    def _flush_later(self) -> None:
        if self._master is not None:
            self._loop.remove_writer(self._master)
        self._flush()


def _set_size(fd: int, size: tuple[int, int]) -> None:
    columns, rows = size
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
