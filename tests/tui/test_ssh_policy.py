"""What an SSH client may choose: terminal type, locale, window size, and how fast it may type."""

from __future__ import annotations

import pytest

from tui.ssh.policy import (
    DEFAULT_LANG,
    DEFAULT_TERM,
    Terminal,
    TokenBucket,
    child_environment,
    clamp_size,
)


@pytest.mark.parametrize(
    ("asked", "given"),
    [
        ((120, 40), (120, 40)),
        ((80, 24), (80, 24)),
        ((0, 0), (80, 24)),  # a client that sends no size
        ((100_000, 100_000), (500, 200)),
        ((1, 1), (20, 10)),
        ((2**32 - 1, 30), (500, 30)),
        ((0, 30), (80, 30)),
    ],
)
def test_window_sizes_are_clamped_to_sane_bounds(asked, given):
    """Sizes stay within 20..500 columns and 10..200 rows; 0 x 0 is 80 x 24."""
    assert clamp_size(*asked) == given


@pytest.mark.parametrize(
    ("term", "lang", "user", "expected"),
    [
        (
            "xterm-256color",
            "en_US.UTF-8",
            "viewer",
            Terminal("xterm-256color", "en_US.UTF-8", ascii=False),
        ),
        (
            "screen.xterm-256color",
            None,
            "",
            Terminal("screen.xterm-256color", DEFAULT_LANG, ascii=False),
        ),
        ("vt100", "C", "viewer", Terminal("vt100", "C", ascii=True)),
        ("dumb", None, "", Terminal("dumb", DEFAULT_LANG, ascii=True)),
        ("linux", "de_DE@euro", "", Terminal("linux", "de_DE@euro", ascii=True)),
        ("xterm-256color", None, "ascii", Terminal("xterm-256color", DEFAULT_LANG, ascii=True)),
        # Anything that is not a plain name is replaced, never passed on.
        (
            "../../../etc/terminfo",
            "../../etc/locale",
            "../x",
            Terminal(DEFAULT_TERM, DEFAULT_LANG, ascii=False),
        ),
        (
            "/usr/share/terminfo/x/xterm",
            "/etc/evil.UTF-8",
            "",
            Terminal(DEFAULT_TERM, DEFAULT_LANG, ascii=False),
        ),
        ("xterm\n", "C.UTF-8\x00", "", Terminal(DEFAULT_TERM, DEFAULT_LANG, ascii=False)),
        ("", "", "", Terminal(DEFAULT_TERM, DEFAULT_LANG, ascii=False)),
        (None, None, "", Terminal(DEFAULT_TERM, DEFAULT_LANG, ascii=False)),
        ("x" * 65, "en_US.UTF-8", "", Terminal(DEFAULT_TERM, "en_US.UTF-8", ascii=False)),
    ],
)
def test_terminal_type_and_locale_are_plain_names_or_defaults(term, lang, user, expected):
    """TERM and LANG pass only as plain names; dumb terminals and user `ascii` get the fallback."""
    assert Terminal.requested(term, lang, user) == expected


def test_the_child_environment_is_built_from_nothing():
    """Only TERM, LANG and PATH (and NO_COLOR in the fallback), plus what the operator adds."""
    colour = child_environment(Terminal("xterm-256color", "C.UTF-8", ascii=False))
    plain = child_environment(Terminal("vt100", "C.UTF-8", ascii=True), {"HOME": "/srv"})
    assert set(colour) == {"TERM", "LANG", "PATH"}
    assert colour["TERM"] == "xterm-256color"
    assert "COLORTERM" not in colour  # colours come from TERM, as over OpenSSH
    assert plain == {**plain, "NO_COLOR": "1", "HOME": "/srv", "TERM": "vt100"}


class FakeClock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def test_the_token_bucket_lets_a_burst_through_then_the_rate():
    """16 KiB at once, then 4 KiB a second; a chunk that does not fit is dropped whole."""
    # Arrange
    clock = FakeClock()
    bucket = TokenBucket(4096, 16384, clock)
    # Act / Assert: the burst passes, the next byte does not
    assert bucket.take(16384)
    assert not bucket.take(1)
    # Half a second later: 2 KiB, not more
    clock.now += 0.5
    assert not bucket.take(2049)
    assert bucket.take(2048)
    # A long pause refills only up to the burst
    clock.now += 3600
    assert not bucket.take(16385)
    assert bucket.take(16384)
