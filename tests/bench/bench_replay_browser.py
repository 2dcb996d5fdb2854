"""Benchmarks of the replay browser and viewer (``make bench``): they print figures, never assert.

- listing a directory of 200 saves: the browser's catalogue (header and last lines, cold and
  cached) against loading every save in full (`saves.store.list_saves`, what ``hexmech saves``
  and the save browser do);
- seeking to the middle of a long game: the state there (`Game.state_at`, from the nearest
  snapshot), the marks of the whole game, and the replay screen's whole seek and redraw;
- following: one appended line read and applied (`saves.tail.JournalTail.poll`).

The saves are real games played here (BattleTech by a calm policy, Paper 'Mech by the greedy
policy), copied to make up the 200.
"""

from __future__ import annotations

import asyncio
import shutil
import time
from pathlib import Path

from saves.journal import Journal, read_game
from saves.store import list_saves
from saves.tail import JournalTail
from tests.bench.common import best_of, report
from tests.tui.replay_games import bt_library, bt_save, paper_save, play_paper
from tui.app import HexmechApp
from tui.screens._catalog import SaveCatalog
from tui.screens._marks import find_marks
from tui.screens.watch import watch

SAVES = 200
LONG_BT = 300
"""Commands in the long BattleTech game (every weapon held: movement, heat and turns)."""


def _folder(tmp_path_factory) -> tuple[Path, Path, Path]:
    """200 saves made of a few real games; also the long BattleTech and Paper 'Mech games."""
    games = tmp_path_factory.mktemp("games")
    with bt_library(tmp_path_factory) as library:
        long_bt = bt_save(games, library, name="battletech-long", commands=LONG_BT)
        bt_save(games, library, name="battletech-lance", scenario="lance", seed=5, commands=60)
    paper_save(games, name="papermech-ann", seed=11)
    paper_save(games, name="papermech-bob", seed=12, policy="random")
    long_pm = paper_save(games, name="papermech-campaign", seed=13, battles=5)
    folder = tmp_path_factory.mktemp("saves")
    sources = sorted(games.glob("*.jsonl"))
    for n in range(SAVES):
        source = sources[n % len(sources)]
        shutil.copyfile(source, folder / f"{source.stem}-{n:03}.jsonl")
    return folder, long_bt, long_pm


def test_bench_listing_200_saves_and_seeking_the_middle_of_long_games(tmp_path_factory) -> None:
    """The figures of the module docstring."""
    folder, long_bt, long_pm = _folder(tmp_path_factory)
    size = sum(p.stat().st_size for p in folder.iterdir())
    report(f"200 saves on disk ({size / 1e6:.1f} MB)", size / 1e6, "MB")

    seconds = best_of(3, lambda: SaveCatalog(folder).scan())
    report("browser: list 200 saves, cold (ends only)", seconds * 1e3, "ms")
    catalog = SaveCatalog(folder)
    catalog.scan()
    seconds = best_of(5, catalog.scan)
    report("browser: list 200 saves, cached (stat only)", seconds * 1e3, "ms")
    seconds = best_of(1, lambda: list_saves(folder))
    report("full load of 200 saves (saves.store.list_saves)", seconds * 1e3, "ms")

    for path in (long_bt, long_pm):
        _seek(path)
    _follow_one_line(tmp_path_factory, long_pm)


def _seek(path: Path) -> None:
    game = read_game(path.read_bytes()).game
    total = len(game.entries)
    middle = total // 2 + 3  # not on a snapshot
    name = f"{game.ruleset.name} {total} commands"
    seconds = best_of(20, lambda: game.state_at(middle))
    report(f"{name}: state at the middle", seconds * 1e6, "µs")
    seconds = best_of(5, lambda: find_marks(game.ruleset.name, game.entries))
    report(f"{name}: marks of the whole game", seconds * 1e3, "ms")
    report(f"{name}: screen seek + redraw", asyncio.run(_screen_seek(path, middle)) * 1e3, "ms")


async def _screen_seek(path: Path, middle: int) -> float:
    """The replay screen going to the middle (state, board and panels, log, timeline)."""
    app = HexmechApp(path.parent)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = watch(path, follow=False)
        app.push_screen(screen)
        await pilot.pause()
        times = []
        for target in (middle, 0, middle + 1, 1, middle - 1):
            start = time.perf_counter()
            screen.action_timeline_seek(target)  # type: ignore[attr-defined]
            if target > 1:  # only the seeks to the middle count
                times.append(time.perf_counter() - start)
        return min(times)


def _follow_one_line(tmp_path_factory, source: Path) -> None:
    path = tmp_path_factory.mktemp("follow") / "followed.jsonl"
    data = source.read_bytes()
    lines = data.split(b"\n")
    path.write_bytes(b"\n".join(lines[:40]) + b"\n")
    tail = JournalTail.open(path)
    with Journal.open(path) as writer:
        play_paper(writer, 1, seed=2)
    start = time.perf_counter()
    tail.poll()
    report("follow: poll and apply one new line", (time.perf_counter() - start) * 1e3, "ms")
    start = time.perf_counter()
    tail.poll()
    report("follow: poll with nothing new (a stat)", (time.perf_counter() - start) * 1e6, "µs")
