"""``make fuzz`` prints the tally: files tried and failures, per reader (`tests.fuzz._fuzz`)."""

from __future__ import annotations

from typing import Any

from tests.fuzz._fuzz import FUZZ_ENV, Tally


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """After the run: the figures per reader (in a run without xdist workers, or in each one)."""
    import os  # noqa: PLC0415

    if not Tally.tried or not os.environ.get(FUZZ_ENV):
        return
    terminalreporter.section("fuzz: files tried and failures per reader")
    for line in Tally.lines():
        terminalreporter.line(line)
