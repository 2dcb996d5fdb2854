"""What every benchmark shares: timing and the one printed line (``make bench``).

A benchmark prints, never asserts speed. Each line gives the figure, and beside it the baseline it
is compared with (the figure measured before a change, on this machine, or the old path measured
in the same run) and the target, when there is one::

    BENCH replay: End in a 5,000-command BT replay        12.3 ms   was 350.0   target <= 30  ok
"""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["best_of", "report"]


def best_of(repeats: int, work: Callable[[], object]) -> float:
    """Return the fastest of ``repeats`` timings of ``work``, in seconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def report(
    name: str,
    value: float,
    unit: str,
    *,
    baseline: float | None = None,
    target: float | None = None,
    higher_is_better: bool = False,
) -> None:
    """Print one benchmark line: the figure, its baseline (``was``) and its target, if given.

    ``baseline`` is the figure before the change (or the old path, measured in the same run);
    ``target`` is the figure the issue asks for: at most it, or at least it when
    ``higher_is_better``. The verdict ``ok``/``MISSED`` is printed, never asserted.
    """
    line = f"BENCH {name:<52} {value:>12,.1f} {unit:<10}"
    if baseline is not None:
        line += f" was {baseline:>10,.1f}"
    if target is not None:
        sign = ">=" if higher_is_better else "<="
        met = value >= target if higher_is_better else value <= target
        line += f"   target {sign} {target:,.0f}  {'ok' if met else 'MISSED'}"
    print(line)  # noqa: T201 - a benchmark prints
