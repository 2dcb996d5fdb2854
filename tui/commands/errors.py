"""The command line's one error for bad input: `UsageError` (a leaf: it imports nothing of ours).

Every subcommand raises it for an argument or a file it cannot use; `tui.commands.main` prints
``hexmech: MESSAGE`` in one line on standard error and exits 2. Keeping it here, apart from the
parser, lets any module raise it without importing the command line (no import circles).
"""

from __future__ import annotations

__all__ = ["EXIT_FAILED", "EXIT_OK", "EXIT_USAGE", "UsageError"]

EXIT_OK = 0
"""The command did what it was asked."""
EXIT_FAILED = 1
"""A game-level failure: scripted dice ran out, an internal error during play, a simulated game
that raised."""
EXIT_USAGE = 2
"""Bad input (arguments, files), reported in one line."""


class UsageError(Exception):
    """Bad input from the person at the keyboard: reported in one line, exit 2."""
