"""Benchmarks of the kernel and the journal (``make bench``): they print, never assert speed.

Each figure is the best of a few repeats (``time.perf_counter``), on the race test ruleset, so it
measures the kernel's own overhead (deciding, folding, snapshots, encoding, fsync), not a
rule system.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from pathlib import Path

from engine.dice import Dice
from engine.game import Game, UndoPolicy
from saves.journal import Journal, read_game
from tests.bench.common import best_of, report
from tests.support.race import RULESET, RaceSetup, Roll, Step

ENTRIES = 5_000


def long_game(entries: int = ENTRIES, every: int = 32) -> Game:
    game = Game(
        RULESET, RaceSetup(goal=10**9), Dice(1), undo_policy=UndoPolicy.SOLO, snapshot_every=every
    )
    for n in range(entries):
        game.execute(Roll() if n % 2 else Step(1 + n % 3))
    return game


def test_bench_execute_throughput() -> None:
    """Commands decided and applied per second, in memory."""
    seconds = best_of(3, long_game)
    report("execute (in memory)", ENTRIES / seconds, "commands/s")


def test_bench_seek_to_the_middle_and_undo() -> None:
    """Seek to the middle of a 5,000-entry game, and undo at the end of it."""
    game = long_game()
    seconds = best_of(20, lambda: game.state_at(ENTRIES // 2 + 17))
    report(f"seek to middle of {ENTRIES} entries (snapshots/32)", seconds * 1e6, "us")
    no_snapshots = long_game(every=10**9)
    seconds = best_of(3, lambda: no_snapshots.state_at(ENTRIES // 2 + 17))
    report(f"seek to middle of {ENTRIES} entries (no snapshots)", seconds * 1e6, "us")

    def undo_redo() -> None:
        game.undo()
        game.redo()

    report("undo + redo at the end", best_of(50, undo_redo) * 1e6, "us")


def test_bench_journal_append_and_load(tmp_path: Path) -> None:
    """Commands per second with a journal line fsync'ed per command, then loading that file."""
    path = tmp_path / "bench.jsonl"
    count = 500
    with Journal.create(
        path, RULESET, RaceSetup(goal=10**9), created=datetime(2026, 1, 1, tzinfo=UTC), seed=1
    ) as journal:
        start = time.perf_counter()
        for n in range(count):
            journal.execute(Roll() if n % 2 else Step(1))
        seconds = time.perf_counter() - start
    report("execute + journal append + fsync", count / seconds, "commands/s")
    data = path.read_bytes()
    report("journal size per command", len(data) / count, "bytes")
    seconds = best_of(5, lambda: read_game(data, "bench"))
    report(f"load a {count}-command journal", seconds * 1e3, "ms")
