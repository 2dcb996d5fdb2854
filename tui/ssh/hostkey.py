"""The server's host key: an ed25519 key made on first start and kept, readable by its owner only.

It lives in the user data directory beside the saves (``~/.local/share/hexmech`` on Linux), so a
restarted server shows clients the same fingerprint.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

import asyncssh
import platformdirs

__all__ = [
    "HostKeyError",
    "default_host_key_path",
    "fingerprint",
    "load_or_create_host_key",
    "loose_permissions",
]

KEY_NAME = "ssh_host_ed25519_key"


class HostKeyError(Exception):
    """The host key file cannot be read, or cannot be made: one line, for the command line."""


def default_host_key_path() -> Path:
    """Return where the host key lives by default (it may not exist yet)."""
    return platformdirs.user_data_path("hexmech", appauthor=False) / KEY_NAME


def fingerprint(key: asyncssh.SSHKey) -> str:
    """Return the key's SHA256 fingerprint as OpenSSH prints it (``SHA256:...``)."""
    return key.get_fingerprint("sha256")


def load_or_create_host_key(path: Path) -> tuple[asyncssh.SSHKey, bool]:
    """Read the host key at ``path``, or make one there (mode 0600) if there is none.

    Returns:
        The key, and whether it was made now.

    Raises:
        HostKeyError: when the file exists but is not a readable private key, or cannot be written.
    """
    if not path.exists():
        try:
            key = _create(path)
        except OSError as exc:
            raise HostKeyError(f"cannot write the host key {path}: {exc.strerror or exc}") from exc
        if key is not None:
            return key, True
    try:
        key = asyncssh.read_private_key(path)
    except OSError as exc:
        raise HostKeyError(f"cannot read the host key {path}: {exc.strerror or exc}") from exc
    except (asyncssh.KeyImportError, ValueError) as exc:
        raise HostKeyError(f"{path} is not an SSH private key without a passphrase: {exc}") from exc
    return key, False


def loose_permissions(path: Path) -> str | None:
    """Return a warning when others than the owner may read the key file, else None."""
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        return f"the host key {path} is readable by others (mode {mode:04o}): chmod 600 it"
    return None


def _create(path: Path) -> asyncssh.SSHKey | None:
    """Write a new key through a private temporary file, linked in only if ``path`` is still free.

    Returns:
        The key, or None when another server made one at ``path`` meanwhile (use theirs).
    """
    key = asyncssh.generate_private_key("ssh-ed25519", comment="hexmech host key")
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(key.export_private_key())
            file.flush()
            os.fsync(file.fileno())
        try:
            os.link(temporary, path)
        except FileExistsError:
            return None
    finally:
        with contextlib.suppress(OSError):
            temporary.unlink()
    return key
