"""The SSH replay server (DESIGN 6): ``hexmech serve --ssh``.

Every SSH connection that asks for a terminal gets its own process, on a pseudo-terminal of its
own, running the read-only replay browser over one saves folder. Nothing else is offered: no
shell, no exec, no SFTP or other subsystems, no forwarding of any kind.

- `tui.ssh.policy`: what a client may choose (terminal type, size, locale) and how fast it may type.
- `tui.ssh.child`: a command on a pseudo-terminal, resized, fed and stopped.
- `tui.ssh.hostkey`: the server's ed25519 host key, made on first start and kept.
- `tui.ssh.server`: the asyncssh server, its sessions and their limits.
- `tui.ssh.viewer`: a viewer's program, the read-only browser whose errors are one line.
- `tui.ssh.zygote`: a pre-imported process that forks each viewer (shared memory, fast start).
- `tui.commands.serve`: the ``serve`` subcommand (in the command-line package).

This package is imported lazily: ``hexmech`` without ``serve`` never loads asyncssh.
"""
