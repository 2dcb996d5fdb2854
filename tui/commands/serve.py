"""``hexmech serve --ssh``: check the arguments, print how to connect, serve until Ctrl-C.

Bad arguments (a missing saves folder, an unreadable key file, a port in use) are one line and exit
code 2, like every ``hexmech`` command. asyncio and asyncssh are imported only when the server runs.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import signal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tui.commands._shared import saves_dir
from tui.commands.errors import UsageError

if TYPE_CHECKING:
    import asyncio

    from tui.ssh.server import ServeOptions

__all__ = ["add_parser", "cmd_serve"]

DEFAULT_PORT = 2222
DEFAULT_MAX_SESSIONS = 30
DEFAULT_IDLE_TIMEOUT = 30 * 60
# The same as tui.ssh.server's, which is not imported before the server runs (asyncssh).
DEFAULT_LOGIN_TIMEOUT = 10
DEFAULT_MAX_LOGINS = 64
DEFAULT_MAX_LOGINS_PER_ADDRESS = 8


def add_parser(subparsers: Any) -> None:  # noqa: ANN401 - argparse's private type
    """Add ``serve`` to the ``hexmech`` subcommands."""
    serve: argparse.ArgumentParser = subparsers.add_parser(
        "serve", help="serve the replay browser over SSH (read-only)"
    )
    serve.add_argument("--ssh", action="store_true", help="serve over SSH (the only way so far)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    serve.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"port ({DEFAULT_PORT}; 0: any free one)"
    )
    serve.add_argument(
        "--saves", type=Path, metavar="DIR", default=argparse.SUPPRESS, help="the saves to show"
    )
    serve.add_argument(
        "--max-sessions",
        type=int,
        default=DEFAULT_MAX_SESSIONS,
        metavar="N",
        help=f"browsers at once ({DEFAULT_MAX_SESSIONS}); later clients are told it is full",
    )
    serve.add_argument(
        "--authorized-keys",
        type=Path,
        metavar="FILE",
        help="public-key login for these keys only (default: anyone, anonymously)",
    )
    serve.add_argument(
        "--idle-timeout",
        type=float,
        default=DEFAULT_IDLE_TIMEOUT,
        metavar="S",
        help=f"close a session after S seconds without input ({DEFAULT_IDLE_TIMEOUT})",
    )
    serve.add_argument(
        "--login-timeout",
        type=float,
        default=DEFAULT_LOGIN_TIMEOUT,
        metavar="S",
        help=(
            "close a connection that has not logged in and started a browser within S seconds"
            f" ({DEFAULT_LOGIN_TIMEOUT})"
        ),
    )
    serve.add_argument(
        "--max-logins",
        type=int,
        default=DEFAULT_MAX_LOGINS,
        metavar="N",
        help=(
            "connections still logging in at once, apart from the browsers; more are dropped"
            f" ({DEFAULT_MAX_LOGINS})"
        ),
    )
    serve.add_argument(
        "--max-logins-per-address",
        type=int,
        default=DEFAULT_MAX_LOGINS_PER_ADDRESS,
        metavar="N",
        help=(
            "connections still logging in at once from one address (a NAT may need more)"
            f" ({DEFAULT_MAX_LOGINS_PER_ADDRESS})"
        ),
    )
    serve.add_argument(
        "--host-key", type=Path, metavar="FILE", help="host key file (made if missing)"
    )
    serve.add_argument(
        "--fresh-viewers",
        action="store_true",
        help=(
            "start each viewer as a new Python instead of forking it from a pre-loaded one"
            " (slower to start, several times the memory)"
        ),
    )
    serve.set_defaults(handler=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    """Run ``hexmech serve``: check the arguments, listen, serve until Ctrl-C (SIGTERM, SIGHUP)."""
    import asyncio  # noqa: PLC0415 - only the server needs an event loop

    from tui.ssh.hostkey import (  # noqa: PLC0415 - asyncssh loads only now
        HostKeyError,
        default_host_key_path,
        load_or_create_host_key,
        loose_permissions,
    )
    from tui.ssh.server import ServeOptions  # noqa: PLC0415

    if not args.ssh:
        raise UsageError("serve needs --ssh (the only way to serve so far)")
    if not 0 <= args.port <= 65535:  # noqa: PLR2004
        raise UsageError(f"--port must be 0 to 65535, not {args.port}")
    if args.max_sessions < 1:
        raise UsageError(f"--max-sessions must be 1 or more, not {args.max_sessions}")
    if not args.idle_timeout > 0:
        raise UsageError(f"--idle-timeout must be more than 0 seconds, not {args.idle_timeout}")
    if not args.login_timeout > 0:
        raise UsageError(f"--login-timeout must be more than 0 seconds, not {args.login_timeout}")
    if args.max_logins < 1:
        raise UsageError(f"--max-logins must be 1 or more, not {args.max_logins}")
    if args.max_logins_per_address < 1:
        raise UsageError(
            f"--max-logins-per-address must be 1 or more, not {args.max_logins_per_address}"
        )
    saves = _saves_folder(args)
    authorized_keys = _authorized_keys(args.authorized_keys)
    key_path: Path = args.host_key or default_host_key_path()
    try:
        host_key, created = load_or_create_host_key(key_path)
    except HostKeyError as exc:
        raise UsageError(str(exc)) from exc
    warning = loose_permissions(key_path)
    if warning:
        _err(f"hexmech: warning: {warning}")
    options = ServeOptions(
        saves,
        host_key,
        host=args.host,
        port=args.port,
        authorized_keys=authorized_keys,
        max_sessions=args.max_sessions,
        idle_timeout=args.idle_timeout,
        login_timeout=args.login_timeout,
        max_logins=args.max_logins,
        max_logins_per_address=args.max_logins_per_address,
        preload=not args.fresh_viewers,
    )
    about_key = f"{key_path}{', new' if created else ''}"
    return asyncio.run(_serve(options, about_key))


def _saves_folder(args: argparse.Namespace) -> Path:
    folder = saves_dir(args)
    if args.saves is None:
        with contextlib.suppress(OSError):  # our own folder: an empty list rather than an error
            folder.mkdir(parents=True, exist_ok=True)
    try:
        resolved = folder.resolve(strict=True)
    except OSError:
        raise UsageError(f"--saves {folder}: no such folder") from None
    if not resolved.is_dir():
        raise UsageError(f"--saves {folder}: not a folder")
    return resolved


def _authorized_keys(path: Path | None) -> Any:  # noqa: ANN401 - asyncssh.SSHAuthorizedKeys
    """Read an OpenSSH authorized_keys file (None: anonymous login)."""
    if path is None:
        return None
    import asyncssh  # noqa: PLC0415

    try:
        text = path.read_text(encoding="utf-8")
        lines = (line.strip() for line in text.splitlines())
        if not [line for line in lines if line and not line.startswith("#")]:
            raise UsageError(f"--authorized-keys {path}: no keys in it, so nobody could log in")
        return asyncssh.import_authorized_keys(text)
    except OSError as exc:
        raise UsageError(f"--authorized-keys {path}: {exc.strerror or exc}") from exc
    except (UnicodeDecodeError, ValueError, asyncssh.KeyImportError) as exc:
        raise UsageError(f"--authorized-keys {path}: not an authorized_keys file: {exc}") from exc


async def _serve(options: ServeOptions, about_key: str) -> int:
    import asyncio  # noqa: PLC0415 - only the server needs an event loop

    from tui.ssh.hostkey import fingerprint  # noqa: PLC0415
    from tui.ssh.server import SSHReplayServer  # noqa: PLC0415

    _quiet_asyncssh()
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(_log_exception)
    server = SSHReplayServer(options)
    try:
        await server.start()
    except OSError as exc:
        where = f"{options.host}:{options.port}"
        reason = os.strerror(exc.errno) if exc.errno else str(exc)  # asyncio's text is long
        raise UsageError(f"cannot listen on {where}: {reason}") from exc
    stop = asyncio.Event()
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        loop.add_signal_handler(signum, stop.set)
    login = "anonymous" if options.authorized_keys is None else "public keys only"
    host = options.host if options.host not in {"", "0.0.0.0", "::"} else "localhost"  # noqa: S104
    _out(
        f"hexmech: serving the replays in {options.saves} over SSH on {host}:{server.port}"
        f" ({login}, read-only, {options.max_sessions} sessions at most)\n"
        f"host key: {fingerprint(options.host_key)} (ed25519, {about_key})\n"
        f"connect with: ssh -p {server.port} {host}"
    )
    try:
        await stop.wait()
    finally:
        _err("hexmech: stopping")
        await server.close()
    return 0


def _quiet_asyncssh() -> None:
    """Keep asyncssh's own log (client errors, with tracebacks) out of the server's stderr."""
    logger = logging.getLogger("asyncssh")
    logger.addHandler(logging.NullHandler())
    logger.propagate = False


def _log_exception(_loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """Log an error nobody caught in one line, never a traceback (a client must not cause one)."""
    exc = context.get("exception")
    text = f"{type(exc).__name__}: {exc}" if exc is not None else context.get("message", "?")
    _err(f"hexmech: error: {str(text).splitlines()[0] if text else '?'}")


def _out(text: str) -> None:
    with contextlib.suppress(OSError, ValueError):  # a closed stdout must not stop the server
        print(text, flush=True)  # noqa: T201 - the command's report


def _err(line: str) -> None:
    from tui.ssh.server import log_to_stderr  # noqa: PLC0415

    log_to_stderr(line)
