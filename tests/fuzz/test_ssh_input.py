"""What an SSH client sends, fuzzed through the pure functions that check it (`tui.ssh.policy`).

The client chooses its terminal type, locale, user name, window size and keystrokes; each goes
through a pure check before it reaches the child process. Whatever the client sends: a type and a
locale that are plain names (never a path, never a control character), a window within bounds,
and an input rate that never lets more than the burst through at once. The session itself (the
connection, the pty) is the ``ssh`` developer's: its tests live in ``tests/tui/test_ssh*.py``.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzz._fuzz import Tally, examples
from tui.ssh.policy import (
    MAX_SIZE,
    MIN_SIZE,
    Terminal,
    TokenBucket,
    child_environment,
    clamp_size,
)

PLAIN = re.compile(r"[A-Za-z0-9._+@-]+")
NASTY = st.sampled_from(["../../etc/passwd", "C.UTF-8/../x", "\x1b]0;x\x07", "xterm\n", "é", ""])
ANY_TEXT = st.none() | st.text(max_size=80) | NASTY


@settings(max_examples=examples(200), deadline=None)
@given(term=ANY_TEXT, lang=ANY_TEXT, user=st.text(max_size=20))
def test_any_terminal_request_gives_plain_names(term, lang, user):
    """A terminal type and a locale that are plain names, whatever was asked."""
    Tally.record("ssh: terminal request", 1, [])
    terminal = Terminal.requested(term, lang, user)

    env = child_environment(terminal)

    assert PLAIN.fullmatch(terminal.term)
    assert PLAIN.fullmatch(terminal.lang)
    assert "/" not in terminal.lang
    assert set(env) <= {"TERM", "LANG", "PATH", "NO_COLOR"}
    assert env["TERM"] == terminal.term
    assert env["LANG"] == terminal.lang


@settings(max_examples=examples(200), deadline=None)
@given(columns=st.integers(-(2**40), 2**40), rows=st.integers(-(2**40), 2**40))
def test_any_window_size_is_clamped(columns, rows):
    """Any window size, negative or absurd: one within the bounds."""
    Tally.record("ssh: window size", 1, [])
    width, height = clamp_size(columns, rows)

    assert MIN_SIZE[0] <= width <= MAX_SIZE[0]
    assert MIN_SIZE[1] <= height <= MAX_SIZE[1]


@settings(max_examples=examples(100), deadline=None)
@given(
    chunks=st.lists(st.tuples(st.floats(0, 5), st.integers(0, 10_000)), max_size=50),
    rate=st.floats(1, 10_000),
    burst=st.floats(1, 10_000),
)
def test_any_typing_passes_at_most_the_rate(chunks, rate, burst):
    """Chunks of any size at any pace: what passes never exceeds the burst plus the rate."""
    Tally.record("ssh: input rate", 1, [])
    now = [0.0]
    bucket = TokenBucket(rate, burst, clock=lambda: now[0])
    passed = 0.0

    for pause, size in chunks:
        now[0] += pause
        if bucket.take(size):
            passed += size
            assert size <= burst

    assert passed <= burst + rate * now[0] + 1e-6
