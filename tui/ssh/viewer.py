"""One SSH viewer's program: the read-only replay browser that never shows a traceback.

``python -I -X utf8 -m tui.ssh.viewer --saves DIR [--ascii]`` is what a session runs (started
directly, or forked from the pre-imported `tui.ssh.zygote`, which calls `main` the same way). It is
``hexmech browse --saves DIR --read-only`` with one difference, for a viewer who is a stranger on
another machine: an unexpected error in the session (a bug in a screen, a save the listing did not
foresee) shows ONE line on the viewer's screen and the session goes on. No traceback, no source
line, no path of the server machine ever reaches the viewer (issue 19.1); the error's type is all
the line names.

Textual ends an app at the first unhandled exception of any widget (its message loop stops). Here,
in this process only, each message is dispatched inside a guard (`guard_messages`): the failing
handler is abandoned, the viewer is told in one line, and the widget handles its next message.
An error that stops the app anyway (while it starts) leaves one line too, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import events
from textual._callback import invoke
from textual.drivers.linux_driver import LinuxDriver
from textual.message_pump import MessagePump

import tui.app
from tui.browse import BrowseApp, use_ascii_drawing

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable, Iterator, Sequence

    from rich.console import RenderableType
    from textual.driver import Driver
    from textual.message import Message
    from textual.screen import Screen

__all__ = [
    "ERROR_LINE",
    "FATAL_LINE",
    "MAX_KIND",
    "FirstFrameReport",
    "ServedBrowseApp",
    "guard_messages",
    "main",
]

ERROR_LINE = "internal error: {kind}"
"""What the viewer reads when a handler fails (``kind``: the exception's type name only, cut to
`MAX_KIND`): one line in a notice, even at 80 columns; the session goes on."""
MAX_KIND = 24
FATAL_LINE = "hexmech: internal error, closing"
"""What the viewer reads when the browser cannot go on."""


class FirstFrameReport:
    """What a viewer writes to its terminal until its first frame, for the server to keep.

    The server gives the first viewer of a folder, size and terminal a pipe (``--first-frame-fd``)
    and shows later viewers of the same what it reports (`tui.ssh.frames`). So the report must be
    the folder's screen and nothing of this viewer's client: any key, mouse event, paste or focus
    change that reaches the app before the frame is drawn (`taint`), or a size other than the
    one it started with, and nothing is reported. The pipe is closed either way: the server
    reads its end to EOF.
    """

    def __init__(self, fd: int, size: tuple[int, int]) -> None:
        self.fd: int | None = fd
        self.size = size
        self.tainted = False
        self.writes = 0
        """How many writes were recorded."""
        self._parts: list[str] = []

    @property
    def open(self) -> bool:
        """Whether the frame is still being recorded."""
        return self.fd is not None

    def write(self, data: str) -> None:
        """Record what the driver writes to the terminal."""
        if self.fd is not None:
            self._parts.append(data)
            self.writes += 1

    def taint(self) -> None:
        """Input reached the app (from the driver's thread): the frame may show it."""
        self.tainted = True

    def finish(self, size: tuple[int, int]) -> None:
        """The first frame is written: send it (unless tainted or resized) and close the pipe."""
        fd, self.fd = self.fd, None
        if fd is None:
            return
        try:
            if not self.tainted and size == self.size:
                data = memoryview("".join(self._parts).encode("utf-8", "surrogateescape"))
                while data:
                    data = data[os.write(fd, data) :]
        except (OSError, UnicodeError):
            pass  # no frame: the server shows nothing early, and the viewer draws its own
        finally:
            self._parts.clear()
            os.close(fd)


class ReportingDriver(LinuxDriver):
    """Textual's driver, recording its writes and the input it sees for a `FirstFrameReport`."""

    def write(self, data: str) -> None:
        """Write to the terminal (and to the report, while it records)."""
        report = getattr(self._app, "first_frame", None)
        if report is not None:
            report.write(data)
        super().write(data)

    def process_message(self, message: Message) -> None:
        """Pass on an input event, after marking the report: it may change the first frame."""
        report = getattr(self._app, "first_frame", None)
        if report is not None and isinstance(message, _INPUT):
            report.taint()
        super().process_message(message)


_INPUT = (events.Key, events.MouseEvent, events.Paste, events.AppFocus, events.AppBlur)
"""Events from the client that can change what is drawn."""


class ServedBrowseApp(BrowseApp):
    """The browser for an SSH viewer: unexpected errors are one line, never a traceback."""

    # Textual reads a relative CSS_PATH beside the app class's module: the browser's own sheet.
    CSS_PATH = str(Path(tui.app.__file__).with_name(str(BrowseApp.CSS_PATH)))

    first_frame: FirstFrameReport | None = None
    """Where the first frame is reported (`FirstFrameReport`), if the server asked for it."""

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver, which also records the first frame when it is to be reported."""
        driver = super().get_driver_class()
        return ReportingDriver if driver is LinuxDriver else driver

    def _display(self, screen: Screen[Any], renderable: RenderableType | None) -> None:
        """Draw; the first frame drawn is reported (when asked), then recording stops."""
        report = self.first_frame
        writes = 0 if report is None else report.writes
        super()._display(screen, renderable)
        if report is not None and report.open and report.writes > writes:
            self.first_frame = None
            report.finish((self.size.width, self.size.height))

    def report_error(self, error: BaseException) -> None:
        """Tell the viewer, in one line without a path, that something failed."""
        kind = type(error).__name__
        kind = kind[:MAX_KIND] if kind.isidentifier() else "error"
        line = ERROR_LINE.format(kind=kind)
        try:
            self.notify(line, severity="error", markup=False)
        except Exception:  # noqa: BLE001 - the last guard: nothing more can be said
            self.bell()

    def _fatal_error(self) -> None:
        """End the app with one line instead of Textual's traceback (locals, paths)."""
        self.bell()
        self._exit_renderables.append(Text(FATAL_LINE))
        self._close_messages_no_wait()


_guarded = False


def guard_messages() -> None:
    """Run every message handler of this process inside a guard (once; the viewer process only).

    A handler that raises is abandoned: the served app's viewer reads one line, and the widget goes
    on with the message's other handlers (Textual's own, which draw the screen) and then its next
    message, instead of stopping (Textual would end the whole app). What fails outside a handler is
    caught the same way around the whole message.
    """
    global _guarded  # noqa: PLW0603 - a process-wide switch, set once
    if _guarded:
        return
    _guarded = True
    dispatch: Callable[[MessagePump, Message], Awaitable[Any]] = MessagePump._dispatch_message  # noqa: SLF001
    methods = MessagePump._get_dispatch_methods  # noqa: SLF001

    def served(pump: MessagePump) -> ServedBrowseApp | None:
        try:
            app = pump.app
        except Exception:  # noqa: BLE001 - no app: not a viewer's
            return None
        return app if isinstance(app, ServedBrowseApp) and app.is_running else None

    async def guarded(pump: MessagePump, message: Message) -> None:
        try:
            await dispatch(pump, message)
        except Exception as error:
            app = served(pump)
            if app is None:
                raise
            app.report_error(error)

    def guarded_methods(
        pump: MessagePump, method_name: str, message: Message
    ) -> Iterator[tuple[type, Callable[[Message], Awaitable[None]]]]:
        for cls, method in methods(pump, method_name, message):
            yield cls, _guard(pump, method, served)

    MessagePump._dispatch_message = guarded  # type: ignore[method-assign,assignment]  # noqa: SLF001
    MessagePump._get_dispatch_methods = guarded_methods  # type: ignore[method-assign,assignment]  # noqa: SLF001


def _guard(
    pump: MessagePump,
    method: Callable[..., Any],
    served: Callable[[MessagePump], ServedBrowseApp | None],
) -> Callable[[Message], Awaitable[None]]:
    """``method`` as a handler whose failure is one line to the viewer, not the app's end."""

    async def handler(message: Message) -> None:
        try:
            await invoke(method, message)
        except Exception as error:
            app = served(pump)
            if app is None:
                raise
            app.report_error(error)

    handler._param_count = 1  # type: ignore[attr-defined]  # noqa: SLF001 - Textual's cache of it
    return handler


def _one_line_hook(kind: type[BaseException], value: BaseException, tb: object) -> None:  # noqa: ARG001
    """Python's last word on an error that escaped everything: one line, no traceback."""
    if issubclass(kind, KeyboardInterrupt):
        return
    with contextlib.suppress(Exception):
        sys.stderr.write(f"{FATAL_LINE}\n")
        sys.stderr.flush()


def parse(argv: Sequence[str]) -> argparse.Namespace:
    """Read the viewer's arguments (from the server, never from a client)."""
    parser = argparse.ArgumentParser(prog="hexmech-viewer", add_help=False)
    parser.add_argument("--saves", required=True)
    parser.add_argument("--ascii", action="store_true")
    parser.add_argument("--first-frame-fd", type=int, default=None)
    return parser.parse_args(list(argv))


def main(argv: Sequence[str] | None = None) -> int:
    """Run one viewer's browser until it quits; return the exit status."""
    sys.excepthook = _one_line_hook
    args = parse(sys.argv[1:] if argv is None else argv)
    saves = Path(args.saves)
    if not saves.is_dir():
        sys.stderr.write("hexmech: the saves folder is gone\n")
        return 1
    if args.ascii:
        use_ascii_drawing()
    guard_messages()
    app = ServedBrowseApp(saves, read_only=True, ascii_only=args.ascii)
    if args.first_frame_fd is not None:
        try:
            columns, rows = os.get_terminal_size(1)
        except OSError:
            os.close(args.first_frame_fd)
        else:
            app.first_frame = FirstFrameReport(args.first_frame_fd, (columns, rows))
    try:
        app.run()
    except Exception:  # noqa: BLE001 - one line, never a traceback, for a viewer
        sys.stderr.write(f"{FATAL_LINE}\n")
        return 1
    return app.return_code or 0


if __name__ == "__main__":
    sys.exit(main())
