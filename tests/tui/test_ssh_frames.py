"""First screens sent before the viewer draws (`tui.ssh.frames`, issue 14 row 5).

The first viewer of a folder, size and terminal reports its first frame; the next ones are sent
it at once. What must hold: a later viewer sees the same screen it will draw (the folder as it
is now, never an older one), and nothing of another client's input can reach it.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import threading
from types import SimpleNamespace

import pytest
from textual import events
from textual.drivers.linux_driver import LinuxDriver

from tests.tui.test_ssh import (
    PAPERMECH_SAVE,
    connect,
    host_key,
    make_saves,
    open_view,
    saves_dir,
    served,
    wait_for,
)
from tui.ssh import frames as frames_module
from tui.ssh.frames import MAX_FRAME, MAX_FRAMES, FirstFrames, folder_signature
from tui.ssh.server import browse_command
from tui.ssh.viewer import FirstFrameReport, ReportingDriver

__all__ = ["host_key", "saves_dir", "served"]  # the fixtures this module borrows


# ---------------------------------------------------------------------------------- over SSH
async def test_the_next_viewer_is_sent_the_first_ones_screen_before_it_draws(tmp_path, served):
    """A second viewer gets the first one's frame first; a changed folder gets a new frame."""
    # Arrange: one viewer has drawn its list
    folder = tmp_path / "saves"
    folder.mkdir()
    make_saves(folder)
    server = await served.start(saves=folder, command=browse_command)
    first = await open_view(await connect(server))
    await first.expect("2 saves", within=30)
    await first.expect("Reverse", within=30)
    assert await wait_for(lambda: len(server.frames.kept()) == 1, within=10)
    (frame,) = server.frames.kept()
    assert b"2 saves" in frame
    assert b"Reverse" not in frame  # its first frame only: the keys come after
    # Act: a second viewer of the same folder and terminal
    second = await open_view(await connect(server))
    await second.expect("Reverse", within=30)
    # Assert: its output begins with that frame, then its own drawing, which reads its keys
    assert bytes(second.raw).startswith(frame)
    second.from_now()
    second.send(b"\r")
    await second.expect("command 0 / 133")
    # A save more: the next viewer is not shown the old list, and its own frame is kept
    shutil.copy(folder / PAPERMECH_SAVE, folder / "papermech-copy.jsonl")
    third = await open_view(await connect(server))
    await third.expect("3 saves", within=30)
    assert not bytes(third.raw).startswith(frame)
    assert await wait_for(lambda: len(server.frames.kept()) == 2, within=10)
    assert b"3 saves" in server.frames.kept()[-1]


async def test_another_size_is_another_frame(saves_dir, served):
    server = await served.start(command=browse_command)
    wide = await open_view(await connect(server), size=(120, 40))
    await wide.expect("Reverse", within=30)
    assert await wait_for(lambda: len(server.frames.kept()) == 1, within=10)
    (frame,) = server.frames.kept()
    small = await open_view(await connect(server), size=(80, 24))
    await small.expect("2 saves", within=30)
    assert not bytes(small.raw).startswith(frame)


# ---------------------------------------------------------------------------------- the viewer
def _report(size=(120, 40)):
    read, write = os.pipe()
    return read, FirstFrameReport(write, size)


def _drained(read):
    data = b""
    while chunk := os.read(read, 65536):
        data += chunk
    os.close(read)
    return data


def test_a_clean_first_frame_is_reported_and_the_pipe_closed():
    read, report = _report()
    report.write("\x1b[?1049h")
    report.write("Replays in saves   2 saves")
    report.finish((120, 40))
    report.write("later")  # after the frame: not recorded
    assert _drained(read) == b"\x1b[?1049hReplays in saves   2 saves"
    assert not report.open


@pytest.mark.parametrize(
    "event",
    [
        events.Key("a", "a"),
        events.Paste("secret"),
        events.AppFocus(),
        events.MouseMove(None, 3, 4, 0, 0, 0, shift=False, meta=False, ctrl=False),
    ],
    ids=["key", "paste", "focus", "mouse"],
)
def test_input_before_the_first_frame_means_no_report(monkeypatch, event):
    """Whatever the client sent that the app may draw: the frame is not kept for anyone."""
    read, report = _report()
    passed = []
    monkeypatch.setattr(LinuxDriver, "process_message", lambda _, message: passed.append(message))
    driver = object.__new__(ReportingDriver)
    driver._app = SimpleNamespace(first_frame=report)
    report.write("Replays in saves   2 saves")
    driver.process_message(event)
    report.finish((120, 40))
    assert passed == [event]  # the app gets it all the same
    assert _drained(read) == b""


def test_a_resize_before_the_first_frame_means_no_report():
    read, report = _report(size=(120, 40))
    report.write("Replays in saves   2 saves")
    report.finish((80, 24))
    assert _drained(read) == b""


# ---------------------------------------------------------------------------------- the cache
def _key(frames, size=(120, 40)):
    return frames.key(["--saves", str(frames.folder)], {"TERM": "xterm"}, size)


def _send(report, data):
    os.write(report.write_fd, data)
    report.sent()


def _send_ignoring_a_closed_pipe(fd, size):
    """Write ``size`` bytes on ``fd`` (a copy of the write end), then close it.

    The reader may close its end once it has read too much. The thread writes on a copy of its
    own so that it never races the loop to close the report's descriptor.
    """
    try:
        with contextlib.suppress(OSError):
            os.write(fd, b"x" * size)
    finally:
        os.close(fd)


async def test_a_frame_is_reported_once_and_waited_for_by_the_others(tmp_path):
    frames = FirstFrames(tmp_path)
    (tmp_path / "a.jsonl").write_text("{}\n")
    key = _key(frames)
    frame, report = await frames.first(key)
    assert frame is None
    assert report is not None
    waiting = asyncio.ensure_future(frames.first(key))
    await asyncio.sleep(0.05)
    assert not waiting.done()  # the second waits for the first's frame
    _send(report, b"the screen")
    assert await asyncio.wait_for(waiting, 5) == (b"the screen", None)
    assert await frames.first(key) == (b"the screen", None)
    assert frames.kept() == [b"the screen"]


async def test_a_waiter_gives_up_after_the_wait(tmp_path, monkeypatch):
    monkeypatch.setattr(frames_module, "WAIT", 0.05)
    frames = FirstFrames(tmp_path)
    key = _key(frames)
    _, report = await frames.first(key)
    assert report is not None
    assert await frames.first(key) == (None, None)
    report.cancel()
    assert frames.kept() == []


async def test_no_frame_when_the_viewer_sends_none_or_too_much(tmp_path):
    frames = FirstFrames(tmp_path)
    _, report = await frames.first(_key(frames))
    report.sent()  # EOF, nothing written: input came first
    assert await asyncio.wait_for(report.done, 5) is None
    _, report = await frames.first(_key(frames))
    assert report is not None  # nothing kept: the next viewer reports again
    # A thread of its own, not the loop's shared executor: the write blocks until the reader gives
    # up, and a loaded machine's executor may be busy with other tests' threads.
    copy = os.dup(report.write_fd)
    report.sent()  # the server's copy is closed, as when the viewer was forked
    writer = threading.Thread(target=_send_ignoring_a_closed_pipe, args=(copy, MAX_FRAME + 1))
    writer.daemon = True
    writer.start()
    assert await asyncio.wait_for(report.done, 30) is None
    assert frames.kept() == []


async def test_a_report_whose_descriptor_was_closed_elsewhere_still_ends(tmp_path):
    """A close that fails (the descriptor already closed by another hand) still wakes the waiters.

    The CI run of 2026-11-27 hung here for 30 s: a writer thread closed the write end while the
    loop was finishing the report, the loop's close raised, and `done` was never set.
    """
    frames = FirstFrames(tmp_path)
    _, report = await frames.first(_key(frames))
    os.close(report.write_fd)  # EOF, and the report's own close of it will fail
    assert await asyncio.wait_for(report.done, 5) is None
    assert report.write_fd == -1
    _, again = await frames.first(_key(frames))
    assert again is not None  # the key is free for the next viewer


async def test_a_folder_changed_while_reporting_keeps_no_frame(tmp_path):
    frames = FirstFrames(tmp_path)
    key = _key(frames)
    _, report = await frames.first(key)
    (tmp_path / "new.jsonl").write_text("{}\n")
    assert _key(frames) != key  # a file more: another key
    waiting = asyncio.ensure_future(frames.first(key))
    await asyncio.sleep(0.05)
    _send(report, b"the old list")
    assert await asyncio.wait_for(report.done, 5) is None
    assert frames.kept() == []  # drawn from the folder before the change: shown to no one
    assert await asyncio.wait_for(waiting, 5) == (None, None)


async def test_the_frames_kept_are_bounded(tmp_path):
    frames = FirstFrames(tmp_path)
    for width in range(80, 80 + MAX_FRAMES + 3):
        _, report = await frames.first(_key(frames, size=(width, 24)))
        _send(report, str(width).encode())
        await asyncio.wait_for(report.done, 5)
    assert len(frames.kept()) == MAX_FRAMES
    assert frames.kept()[-1] == str(80 + MAX_FRAMES + 2).encode()


def test_an_unreadable_folder_has_no_signature_and_no_frame(tmp_path):
    assert folder_signature(tmp_path / "gone") is None
    (tmp_path / "a").write_text("1")
    before = folder_signature(tmp_path)
    (tmp_path / "a").write_text("12")
    assert folder_signature(tmp_path) != before  # its size changed
