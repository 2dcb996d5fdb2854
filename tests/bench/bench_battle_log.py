"""Benchmarks of the BattleTech battle log (``make bench``): they print figures, never assert.

- opening the battle log (``l``) on a 2,000-command game: the lines of its first view, told lazily
  from the play screen's story (`tui.screens.history.HistoryLog`), against telling the whole game
  (what a battle log that shows everything at once would do; the same telling a search does);
- the phase summary of one resolving command (`engine.battletech.narrate.phase_summary`).

The game is real, played here by the calm policy of `tests.tui.replay_games` (movement, heat and
turns).
"""

from __future__ import annotations

from saves.journal import read_game
from tests.bench.common import best_of, report
from tests.tui.replay_games import bt_library, bt_save
from tui.screens.history import HistoryLog
from tui.widgets.story import Story

COMMANDS = 2000
FIRST_VIEW = 80
"""Lines a 40-row terminal's battle log asks for when it opens (two screenfuls)."""


def test_bench_opening_the_battle_log_of_a_long_game(tmp_path_factory) -> None:
    """The figures of the module docstring."""
    from engine.battletech.narrate.phase_summary import summarize  # noqa: PLC0415

    with bt_library(tmp_path_factory) as library:
        path = bt_save(tmp_path_factory.mktemp("g"), library, name="long", commands=COMMANDS)
        game = read_game(path.read_bytes(), path.name).game

        def lazy() -> None:
            story = Story()
            story.retell(game)
            view = HistoryLog(lambda _: 0)
            view._story = story  # what show_story sets, without a screen
            view._fetch(FIRST_VIEW)

        def everything() -> None:
            story = Story()
            story.retell(game)
            story.lines(None)

        old = best_of(3, everything)
        new = best_of(3, lazy)
        report(
            f"battle log: open on {COMMANDS} commands (first view)",
            new * 1e3,
            "ms",
            baseline=old * 1e3,
            target=50,
        )
        report(f"battle log: tell all {COMMANDS} commands (a search)", old * 1e3, "ms")
        entries = game.entries
        states = [game.state_at(i) for i in range(len(entries) - 60, len(entries))]
        one = best_of(
            3, lambda: [summarize(e.events, s) for e, s in zip(entries[-60:], states, strict=True)]
        )
        report("phase summary: 60 commands summed up", one * 1e3, "ms")
