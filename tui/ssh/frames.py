"""The first screen of a viewer, served before the viewer has drawn it (issue 14, row 5).

A forked viewer takes ~100 ms of CPU to start Textual and draw its list; when 50 viewers connect
at once on 2 cores, the last one waited for all 50 starts. But every viewer of the same folder,
terminal size, arguments and environment draws the same first screen. So the server keeps that
screen: the first viewer of such a *key* (`FrameKey`) reports the bytes of its first frame on a
pipe of its own (``--first-frame-fd``, `tui.ssh.viewer`), and every later viewer of the key is
sent them at once, before it is forked; it then starts, draws the same screen over them, and
reads its keys. Viewers that connect while the first one is still starting wait for its frame
(at most `WAIT` seconds), so that it starts on a machine not yet busy with all the others.

What keeps the viewers apart (issue 19):

- a frame is only what a viewer drew from the folder, before any input: the viewer reports
  nothing if a key, a mouse event, a paste, a focus change or a resize reached it before its
  first frame (`tui.ssh.viewer`), so no client's input can reach another client's screen;
- the frame comes from the viewer's own writes, on a pipe only the server reads, never from the
  pty's output (where a client's keys could be echoed before the terminal is raw);
- the key holds the folder's *signature* (each file's name, size and modification time): a
  change to the folder (a game moved on) is a new key, and an old frame is never shown for it;
- a frame is at most `MAX_FRAME` bytes, a report that takes longer than `REPORT_TIMEOUT` is
  dropped, the cache holds `MAX_FRAMES` keys, and no session waits longer than `WAIT` seconds:
  a client cannot make another one wait for long, whatever its terminal size.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections import OrderedDict
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from pathlib import Path

__all__ = [
    "MAX_FRAME",
    "MAX_FRAMES",
    "REPORT_TIMEOUT",
    "WAIT",
    "FirstFrames",
    "FrameKey",
    "Report",
    "folder_signature",
]

MAX_FRAME = 1024 * 1024
"""The largest first frame kept, in bytes (a 500-column screen in colour is about 200 KiB)."""
MAX_FRAMES = 16
"""Keys (sizes, terminals) whose frame is kept; the oldest goes first."""
REPORT_TIMEOUT = 10.0
"""Seconds a reporting viewer has to send its first frame."""
WAIT = 1.5
"""Seconds at most a session waits for the frame another viewer of its key is drawing."""
MAX_SIGNED_FILES = 10_000
"""Files of the folder the signature looks at (a bigger folder is never served a frame)."""

FrameKey = tuple[object, ...]
"""What a first frame depends on: the viewer's arguments, environment, size and folder."""


def folder_signature(folder: Path) -> tuple[tuple[str, int, int], ...] | None:
    """Each entry of ``folder``: its name, size and modification time (ns); None if unreadable.

    None too for a folder of more than `MAX_SIGNED_FILES` entries: its screen is not kept.
    """
    entries: list[tuple[str, int, int]] = []
    try:
        with os.scandir(folder) as scan:
            for entry in scan:
                if len(entries) >= MAX_SIGNED_FILES:
                    return None
                try:
                    stat = entry.stat(follow_symlinks=False)
                except OSError:
                    return None
                entries.append((entry.name, stat.st_size, stat.st_mtime_ns))
    except OSError:
        return None
    entries.sort()
    return tuple(entries)


class Report:
    """A viewer's first frame, on its way: the pipe the server reads it from."""

    def __init__(self, frames: FirstFrames, key: FrameKey) -> None:
        self._frames = frames
        self.key = key
        self.read_fd, self.write_fd = os.pipe()
        os.set_blocking(self.read_fd, False)
        self._data = bytearray()
        self.done: asyncio.Future[bytes | None] = asyncio.get_running_loop().create_future()
        """The frame (None when the viewer sent none, or too much, or too late, or when the
        folder changed meanwhile)."""
        loop = asyncio.get_running_loop()
        loop.add_reader(self.read_fd, self._readable)
        self._timer = loop.call_later(REPORT_TIMEOUT, self._finish, None)

    def sent(self) -> None:
        """The viewer has the write end: the server's copy is closed (EOF comes with its own)."""
        fd, self.write_fd = self.write_fd, -1
        if fd >= 0:
            with contextlib.suppress(OSError):
                os.close(fd)

    def _readable(self) -> None:
        try:
            chunk = os.read(self.read_fd, 65536)
        except BlockingIOError:
            return
        except OSError:
            chunk = b""
        if not chunk:
            self._finish(bytes(self._data) or None)
            return
        self._data += chunk
        if len(self._data) > MAX_FRAME:
            self._finish(None)

    def _finish(self, frame: bytes | None) -> None:
        """Stop reading; keep ``frame`` for the key (if any) and wake whoever waits for it."""
        if self.done.done():
            return
        self._timer.cancel()
        kept = False
        try:
            with contextlib.suppress(ValueError, OSError):
                asyncio.get_running_loop().remove_reader(self.read_fd)
            with contextlib.suppress(OSError):
                os.close(self.read_fd)
            self.sent()
            kept = self._frames.reported(self, frame)
        finally:  # whoever waits is woken, whatever failed on the way
            self.done.set_result(frame if kept else None)

    def cancel(self) -> None:
        """The viewer was never started: no frame comes."""
        self._finish(None)


class FirstFrames:
    """The first frames of the viewers of one folder, by key; and the reports on their way."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._frames: OrderedDict[FrameKey, bytes] = OrderedDict()
        self._reports: dict[FrameKey, Report] = {}

    def key(self, args: Sequence[str], env: Mapping[str, str], size: tuple[int, int]) -> FrameKey:
        """The key of a viewer: its arguments, environment, size, and the folder as it is now."""
        signature = folder_signature(self.folder)
        return (tuple(args), tuple(sorted(env.items())), tuple(size), signature)

    async def first(self, key: FrameKey) -> tuple[bytes | None, Report | None]:
        """The frame to send a new viewer of ``key`` at once, or the report it is to make.

        A kept frame is returned at once. If another viewer of the key is reporting, its frame
        is waited for (at most `WAIT` seconds; None after that). Otherwise the new viewer is to
        report: its `Report` is returned (and None for the frame). A key without a folder
        signature never has a frame and never reports.
        """
        if key[-1] is None:
            return None, None
        frame = self._frames.get(key)
        if frame is not None:
            self._frames.move_to_end(key)
            return frame, None
        report = self._reports.get(key)
        if report is None:
            report = self._reports[key] = Report(self, key)
            return None, report
        try:
            return await asyncio.wait_for(asyncio.shield(report.done), WAIT), None
        except TimeoutError:
            return None, None

    def kept(self) -> list[bytes]:
        """The frames kept, oldest first."""
        return list(self._frames.values())

    def reported(self, report: Report, frame: bytes | None) -> bool:
        """A report ended: keep its frame if the folder has not changed since its key was made.

        Returns whether it was kept (a frame of a folder that changed is shown to no one).
        """
        if self._reports.get(report.key) is report:
            del self._reports[report.key]
        if frame is None or folder_signature(self.folder) != report.key[-1]:
            return False
        self._frames[report.key] = frame
        self._frames.move_to_end(report.key)
        while len(self._frames) > MAX_FRAMES:
            self._frames.popitem(last=False)
        return True

    def close(self) -> None:
        """Drop every report on its way (the server stops)."""
        for report in list(self._reports.values()):
            report.cancel()
