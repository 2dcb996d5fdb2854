"""What an SSH client may choose for its session, and how fast it may type.

Everything a client sends is a request, never a name: the terminal type and the locale are kept
only when they match a strict pattern (so neither can spell a path: glibc reads a locale name with
a ``/`` as a file), the window size is clamped to sane bounds, and input passes a token bucket.
The child process gets an environment built here from nothing but these checked values.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from attrs import define, frozen

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

__all__ = [
    "DEFAULT_SIZE",
    "MAX_SIZE",
    "MIN_SIZE",
    "Terminal",
    "TokenBucket",
    "child_environment",
    "clamp_size",
]

MIN_SIZE = (20, 10)
"""The smallest window (columns, rows) a child is given; smaller requests are raised to it."""
MAX_SIZE = (500, 200)
"""The largest window (columns, rows) a child is given; larger requests are cut to it."""
DEFAULT_SIZE = (80, 24)
"""The window of a client that sends no size (0 x 0)."""

DEFAULT_TERM = "xterm"
"""The terminal type of a client that sends none, or one that is not a plain name."""
DEFAULT_LANG = "C.UTF-8"
"""The locale of a client that sends none, or one that is not a plain locale name."""

# Terminal types that cannot be trusted with box drawing, colour or the alternate screen: the
# child gets the ASCII/monochrome fallback.
PLAIN_TERMS = frozenset({"dumb", "unknown", "vt52", "vt100", "vt102", "vt220", "linux", "ansi"})
ASCII_USER = "ascii"
"""A user name that asks for the ASCII/monochrome fallback (``ssh ascii@host``)."""

_TERM_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")
_LOCALE_NAME = re.compile(
    r"[A-Za-z]{1,8}(_[A-Za-z]{2,3})?(\.[A-Za-z0-9-]{1,16})?(@[A-Za-z0-9]{1,16})?"
)


def clamp_size(columns: int, rows: int) -> tuple[int, int]:
    """Return a window size within `MIN_SIZE` .. `MAX_SIZE`; 0 x 0 (unknown) is `DEFAULT_SIZE`."""
    if columns <= 0 and rows <= 0:
        return DEFAULT_SIZE
    columns = columns if columns > 0 else DEFAULT_SIZE[0]
    rows = rows if rows > 0 else DEFAULT_SIZE[1]
    return (
        max(MIN_SIZE[0], min(columns, MAX_SIZE[0])),
        max(MIN_SIZE[1], min(rows, MAX_SIZE[1])),
    )


@frozen
class Terminal:
    """The terminal a session's child runs in, from what the client asked for.

    Attributes:
        term: the terminal type (``TERM``), a plain name.
        lang: the locale (``LANG``), a plain locale name.
        ascii: whether the child should draw with ASCII only, without colour.
    """

    term: str
    lang: str
    ascii: bool

    @classmethod
    def requested(cls, term: str | None, lang: str | None, username: str = "") -> Terminal:
        """Check a client's terminal type, locale and user name.

        Args:
            term: the type from the client's pty request (None without one).
            lang: the client's ``LANG`` (an ``env`` request), if it sent one.
            username: the SSH user name; ``ascii`` asks for the fallback. It is used for
                nothing else.

        Returns:
            The terminal, with unusable values replaced by defaults.
        """
        term = term if term is not None and _TERM_NAME.fullmatch(term) else DEFAULT_TERM
        lang = lang if lang is not None and _LOCALE_NAME.fullmatch(lang) else DEFAULT_LANG
        plain = term.lower() in PLAIN_TERMS or username == ASCII_USER
        return cls(term, lang, plain)


def child_environment(terminal: Terminal, extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """Build the whole environment of a session's child (nothing is inherited).

    OpenSSH does not forward ``COLORTERM``, so the colours come from ``TERM`` alone: Rich gives
    256 colours to a ``*-256color`` terminal. The fallback also sets ``NO_COLOR``.

    Args:
        terminal: the checked terminal of the session.
        extra: values the server's operator (never the client) adds, e.g. in tests.
    """
    env = {"TERM": terminal.term, "LANG": terminal.lang, "PATH": "/usr/local/bin:/usr/bin:/bin"}
    if terminal.ascii:
        env["NO_COLOR"] = "1"
    env.update(extra or {})
    return env


@define
class TokenBucket:
    """A bounded input rate: ``rate`` bytes a second, up to ``burst`` at once.

    A chunk that does not fit in the tokens left is dropped whole (not buffered, not cut in the
    middle of a key's escape sequence).

    Attributes:
        rate: tokens (bytes) added a second.
        burst: the most tokens kept.
        clock: seconds, monotonic.
        tokens: tokens now.
        stamp: the clock when ``tokens`` was counted.
    """

    rate: float
    burst: float
    clock: Callable[[], float]
    tokens: float = -1.0
    stamp: float = 0.0

    def __attrs_post_init__(self) -> None:
        self.tokens = self.burst
        self.stamp = self.clock()

    def take(self, size: int) -> bool:
        """Spend ``size`` tokens if there are that many; return whether the chunk may pass."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if size > self.tokens:
            return False
        self.tokens -= size
        return True
