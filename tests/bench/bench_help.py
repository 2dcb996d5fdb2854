"""Benchmark of the help pages (``make bench``; issue 14 row 3): it prints figures, never asserts.

A BattleTech game of the default scenario is played (calm commands) to turn 4 and opened at 120x40;
then ``F1`` (the help page) and ``?`` (the BattleTech keys and rules) are pressed, each several
times. Printed: the wall time from the key to the page's first frame (the first compositor refresh
of the page's screen), the best of the repeats and the first opening (which lays the page out;
later openings find it in the cache); and the CPU time of this process from the key until the app
is idle again (the machine is shared: wall time swings with the load). For scale, an empty screen
with a footer pushed the same way is printed too: what any screen costs in Textual here.

The baselines were measured with this file on the code before the change (commit 707e61b, where
both pages were Textual ``Markdown`` widgets of about 900 blocks), on this 2-core machine while
others used it, by ``PYTHONPATH=. python -m pytest tests/bench/bench_help.py -o
python_files='bench_*.py' -p no:randomly -q -s`` in an export of that commit (``git archive``).
"""

from __future__ import annotations

import asyncio
import time
from typing import ClassVar

from textual.binding import BindingType
from textual.screen import Screen
from textual.widgets import Footer, Static

from engine.battletech import RULESET as BT
from saves.journal import Journal
from tests.bench.common import report
from tests.tui.replay_games import NOW, bt_library, calm_commands
from tui.app import HexmechApp
from tui.battletech.screen import BattleTechScreen

SIZE = (120, 40)
REPEATS = 6
TURN = 4
TARGET_MS = 100.0

BASELINE_MS = {
    "F1 help: first": 4353.7,
    "F1 help: best": 4353.7,
    "? rules: first": 8597.6,
    "? rules: best": 2101.2,
}
"""Wall time (ms) to the first frame on the unchanged code (commit 707e61b), 2026-11-27 06:20-06:35
UTC, the least loaded of three runs (load average 5 to 16 on the 2 cores; a later run gave 6,645 ms
for F1)."""

BASELINE_CPU_MS = {"F1 help: best": 2148.7, "? rules: best": 1949.5}
"""CPU time (ms) from the key to idle on the unchanged code: the best of the same runs."""


def turn_four_game(tmp_path_factory) -> Journal:
    """The default scenario played by calm commands until turn 4 begins; left open."""
    from tui.battletech.library import load_scenario  # noqa: PLC0415

    folder = tmp_path_factory.mktemp("help")
    with bt_library(tmp_path_factory) as library:
        journal = Journal.create(
            folder / "turn4.jsonl", BT, load_scenario("default", library), created=NOW, seed=3
        )
        pick = 0
        while journal.game.state.turn < TURN and pick < 2000:
            options = calm_commands(journal.game.state)
            journal.execute(options[(pick * 7919) % len(options)])
            pick += 1
    return journal


class EmptyScreen(Screen[None]):
    """The scale: a screen of one line and a footer."""

    BINDINGS: ClassVar[list[BindingType]] = [("escape", "app.pop_screen", "Close")]

    def compose(self):
        yield Static("empty")
        yield Footer()


FRAMES: list[tuple[Screen[object], float]] = []
"""(screen, time) of every compositor refresh while a benchmark runs."""


def _spy(monkeypatch) -> None:
    """Note the time of every frame (`Screen._compositor_refresh`, Textual's draw of a screen)."""
    original = Screen._compositor_refresh

    def refresh(self) -> None:
        original(self)
        FRAMES.append((self, time.perf_counter()))

    monkeypatch.setattr(Screen, "_compositor_refresh", refresh)


async def _open_times(journal: Journal, key: str | None) -> list[tuple[float, float]]:
    """(wall to the first frame, CPU until idle) seconds for each opening (None: `EmptyScreen`)."""
    app = HexmechApp(journal.path.parent, first=lambda: BattleTechScreen(journal=journal))
    times = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game_screen = app.screen
        for _ in range(REPEATS):
            FRAMES.clear()
            wall, cpu = time.perf_counter(), time.process_time()
            if key is None:
                app.push_screen(EmptyScreen())
            else:
                await pilot.press(key)
            while app.screen is game_screen:  # pragma: no cover - the key is slow to arrive
                await pilot.pause()
            await pilot.pause()  # mounted, laid out and drawn
            cpu = time.process_time() - cpu
            page = app.screen
            drawn = [at for screen, at in FRAMES if screen is page]
            times.append((drawn[0] - wall if drawn else time.perf_counter() - wall, cpu))
            await pilot.press("escape")
            await pilot.pause()
    return times


def test_bench_help_opens_in_a_turn_four_battletech_game(tmp_path_factory, monkeypatch) -> None:
    """The figures of the module docstring."""
    _spy(monkeypatch)
    journal = turn_four_game(tmp_path_factory)
    times = asyncio.run(_open_times(journal, None))
    report("help: scale: an empty screen (wall to frame)", min(t[0] for t in times) * 1e3, "ms")
    report("help: scale: an empty screen (CPU)", min(t[1] for t in times) * 1e3, "ms")
    for key, name in (("f1", "F1 help"), ("question_mark", "? rules")):
        times = asyncio.run(_open_times(journal, key))
        first = times[0][0] * 1e3
        best = min(wall for wall, _ in times) * 1e3
        best_cpu = min(cpu for _, cpu in times) * 1e3
        report(
            f"help: {name}, turn-4 BT game, first open (wall to frame)",
            first,
            "ms",
            baseline=BASELINE_MS.get(f"{name}: first"),
        )
        report(
            f"help: {name}, turn-4 BT game, key to frame (wall)",
            best,
            "ms",
            baseline=BASELINE_MS.get(f"{name}: best"),
            target=TARGET_MS,
        )
        report(
            f"help: {name}, turn-4 BT game, key to idle (CPU)",
            best_cpu,
            "ms",
            baseline=BASELINE_CPU_MS.get(f"{name}: best"),
            target=TARGET_MS,
        )
    journal.close()
