"""``hexmech serve --ssh`` as a command: what it prints, how it stops, how it refuses bad input."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys

import asyncssh
import pytest

from tests.conftest import REPO

HEXMECH = [sys.executable, "-m", "tui.commands"]


def run(*args, env=None):
    return subprocess.run(
        [*HEXMECH, *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=REPO,
        env=env,
    )


async def start(*args, env=None):
    """Start the server; return it and its three opening lines."""
    process = await asyncio.create_subprocess_exec(
        *HEXMECH,
        "serve",
        "--ssh",
        "--port",
        "0",
        *args,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        cwd=REPO,
        env=env,
    )
    lines = []
    for _ in range(3):
        line = await asyncio.wait_for(process.stdout.readline(), 30)
        if not line:
            stderr = await process.stderr.read()
            pytest.fail(f"the server stopped: {stderr.decode()}")
        lines.append(line.decode().rstrip("\n"))
    return process, lines


async def stop(process):
    """Ctrl-C the server; return its exit code and standard error."""
    process.send_signal(signal.SIGINT)
    _, stderr = await asyncio.wait_for(process.communicate(), 20)
    return process.returncode, stderr.decode()


async def test_the_server_prints_its_fingerprint_and_how_to_connect_then_stops_on_ctrl_c(tmp_path):
    """The fingerprint is the kept key's, the same after a restart; Ctrl-C exits 0 cleanly."""
    # Arrange
    (tmp_path / "saves").mkdir()
    key = tmp_path / "data" / "ssh_host_ed25519_key"
    args = ["--saves", str(tmp_path / "saves"), "--host-key", str(key)]
    # Act
    process, lines = await start(*args)
    port = int(re.search(r"ssh -p (\d+) 127\.0\.0\.1$", lines[2]).group(1))
    async with asyncssh.connect(
        "127.0.0.1", port, username="me", known_hosts=None, client_keys=None, config=None
    ) as conn:
        result = await conn.run(term_type=None, encoding="utf-8")
    code, stderr = await stop(process)
    # Assert
    fingerprint = asyncssh.read_private_key(key).get_fingerprint("sha256")
    assert lines[0].startswith(f"hexmech: serving the replays in {(tmp_path / 'saves').resolve()}")
    assert "anonymous, read-only, 30 sessions at most" in lines[0]
    assert lines[1] == f"host key: {fingerprint} (ed25519, {key}, new)"
    assert lines[2] == f"connect with: ssh -p {port} 127.0.0.1"
    assert oct(key.stat().st_mode & 0o777) == "0o600"
    assert result.stdout.startswith("hexmech: this server shows a terminal program")
    assert code == 0
    assert re.search(r"hexmech: 127\.0\.0\.1:\d+ connected \(0 watching\)", stderr)
    assert "hexmech: stopping" in stderr
    assert "Traceback" not in stderr
    # A restart shows the same fingerprint
    process, lines = await start(*args)
    assert lines[1] == f"host key: {fingerprint} (ed25519, {key})"
    assert (await stop(process))[0] == 0


async def test_by_default_the_key_and_the_saves_are_in_the_user_data_dir(tmp_path):
    """A first start makes the key (0600) and an empty saves folder there."""
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}
    process, lines = await start(env=env)
    code, _ = await stop(process)
    key = tmp_path / "hexmech" / "ssh_host_ed25519_key"
    assert lines[0].startswith(f"hexmech: serving the replays in {tmp_path / 'hexmech' / 'saves'}")
    assert lines[1].endswith(f"(ed25519, {key}, new)")
    assert oct(key.stat().st_mode & 0o777) == "0o600"
    assert code == 0


@pytest.fixture
def saves(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    return str(folder)


@pytest.fixture
def busy_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield sock.getsockname()[1]


def test_a_port_in_use_is_one_line_and_exit_2(tmp_path, saves, busy_port):
    result = run(
        "serve",
        "--ssh",
        "--port",
        str(busy_port),
        "--saves",
        saves,
        "--host-key",
        str(tmp_path / "k"),
    )
    assert result.returncode == 2
    assert result.stderr == (
        f"hexmech: cannot listen on 127.0.0.1:{busy_port}: Address already in use\n"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--saves", "{tmp}/missing"], "hexmech: --saves {tmp}/missing: no such folder"),
        (["--saves", "{tmp}/file"], "hexmech: --saves {tmp}/file: not a folder"),
        (["--host-key", "{tmp}/file"], "hexmech: {tmp}/file is not an SSH private key"),
        (["--host-key", "{tmp}"], "hexmech: cannot read the host key {tmp}: Is a directory"),
        (
            ["--authorized-keys", "{tmp}/missing"],
            "hexmech: --authorized-keys {tmp}/missing: No such",
        ),
        (["--authorized-keys", "{tmp}/file"], "hexmech: --authorized-keys {tmp}/file: not an auth"),
        (["--authorized-keys", "{tmp}/empty"], "hexmech: --authorized-keys {tmp}/empty: no keys"),
        (["--max-sessions", "0"], "hexmech: --max-sessions must be 1 or more, not 0"),
        (["--idle-timeout", "0"], "hexmech: --idle-timeout must be more than 0 seconds"),
        (["--port", "70000"], "hexmech: --port must be 0 to 65535, not 70000"),
        (["--no-ssh"], "hexmech: serve needs --ssh"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(tmp_path, saves, args, message):
    """Nothing starts; the reason is one line on standard error."""
    # Arrange
    (tmp_path / "file").write_text("garbage\n")
    (tmp_path / "empty").write_text("# nobody\n")
    defaults = {"--saves": saves, "--host-key": str(tmp_path / "key")}
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    ssh = [] if args == ["--no-ssh"] else ["--ssh"]
    args = [a for a in args if a != "--no-ssh"]
    for option, value in defaults.items():
        if option not in args:
            args += [option, value]
    # Act
    result = (
        run("serve", *ssh, "--port", "0", *args)
        if "--port" not in args
        else run("serve", *ssh, *args)
    )
    # Assert
    assert result.returncode == 2
    assert result.stderr.startswith(message.replace("{tmp}", str(tmp_path)))
    assert result.stderr.count("\n") == 1
    assert not result.stdout


def test_the_hexmech_command_without_serve_does_not_load_asyncssh():
    code = (
        "import sys; from tui.commands import build_parser; build_parser();"
        " print('asyncssh' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert result.stdout.strip() == "False"
