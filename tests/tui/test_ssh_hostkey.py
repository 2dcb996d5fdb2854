"""The server's host key: made once, kept with mode 0600, the same fingerprint after a restart."""

from __future__ import annotations

import stat

import asyncssh
import pytest

from saves.store import default_saves_dir
from tui.ssh.hostkey import (
    HostKeyError,
    default_host_key_path,
    fingerprint,
    load_or_create_host_key,
    loose_permissions,
)


def test_a_host_key_is_made_on_first_start_and_kept(tmp_path):
    """ed25519, mode 0600 in a new private folder; the second start reads the same key."""
    # Arrange
    path = tmp_path / "data" / "hexmech" / "ssh_host_ed25519_key"
    # Act
    first, created = load_or_create_host_key(path)
    again, created_again = load_or_create_host_key(path)
    # Assert
    assert created
    assert not created_again
    assert first.get_algorithm() == "ssh-ed25519"
    assert fingerprint(again) == fingerprint(first)
    assert fingerprint(first).startswith("SHA256:")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert loose_permissions(path) is None
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary file left


def test_the_key_file_is_one_openssh_reads(tmp_path):
    path = tmp_path / "key"
    key, _ = load_or_create_host_key(path)
    assert asyncssh.read_private_key(path).export_public_key() == key.export_public_key()
    assert path.read_bytes().startswith(b"-----BEGIN OPENSSH PRIVATE KEY-----")


def test_the_default_key_lives_in_the_user_data_dir_beside_the_saves(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_host_key_path().parent == default_saves_dir().parent
    assert default_host_key_path().is_relative_to(tmp_path)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"not a key at all\n", "is not an SSH private key without a passphrase"),
        (b"", "is not an SSH private key without a passphrase"),
    ],
)
def test_a_file_that_is_not_a_key_is_one_line_of_error(tmp_path, content, message):
    path = tmp_path / "key"
    path.write_bytes(content)
    with pytest.raises(HostKeyError, match=message) as caught:
        load_or_create_host_key(path)
    assert "\n" not in str(caught.value)


def test_a_key_path_that_cannot_be_read_or_written_is_one_line_of_error(tmp_path):
    with pytest.raises(HostKeyError, match="cannot read the host key"):
        load_or_create_host_key(tmp_path)  # a folder
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(HostKeyError, match="cannot write the host key"):
        load_or_create_host_key(blocker / "key")  # under a file


def test_a_key_readable_by_others_is_warned_about(tmp_path):
    path = tmp_path / "key"
    load_or_create_host_key(path)
    path.chmod(0o644)
    assert "chmod 600" in (loose_permissions(path) or "")
