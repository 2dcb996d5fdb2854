"""What a long BattleTech replay shows after Home, End, steps and scrolling (issue 14, row 1).

The log draws only the rows in view, from the last lines before the position (`EventLog`); the
side panels draw their rows without Textual's `Content` (`tui.widgets.text_lines`). These tests
check what is on the screen against what is computed independently: every line of the game told
at once and wrapped (the log), and Textual's own drawing of the same picture (the panels), at
80 x 24 and 120 x 40. The replay keeps the states of its last positions and prepares its end
once the first frame is drawn: Home and End then fold and tell nothing.
"""

from __future__ import annotations

import gc

import pytest
from textual.geometry import Region
from textual.visual import Visual, visualize

from engine.battletech import RULESET as BT
from engine.narration import tell_entries
from tests.tui.replay_games import bt_library, bt_save
from tui.app import HexmechApp
from tui.battletech.widgets._panel import BTPanel
from tui.battletech.widgets.record import RecordSheet
from tui.screens.watch import watch
from tui.widgets import story as story_module
from tui.widgets.log import EventLog, wrap_told
from tui.widgets.text_lines import TextLines, text_strips

COMMANDS = 400
SIZES = [(80, 24), (120, 40)]


@pytest.fixture(scope="module")
def long_game(tmp_path_factory):
    directory = tmp_path_factory.mktemp("view")
    with bt_library(tmp_path_factory) as library:
        return bt_save(directory, library, name="bt-view", commands=COMMANDS)


def every_row(screen, position: tuple[int, int], width: int) -> list[str]:
    """Every row the log would show up to ``position`` if it told and wrapped the whole game.

    Told at once from the start (`tell_entries`), not by the story the screen keeps; the last
    line is marked ``>`` on its first row, as the replay marks the position.
    """
    game = screen.game
    told = tell_entries(BT, game.initial, game.entries)
    index, events = position
    lines = [t for entry in told[:index] for t in entry if not t.routine]
    if events:
        lines.extend(t for t in told[index] if t.event < events and not t.routine)
    rows = []
    for number, line in enumerate(lines):
        for part, text in enumerate(wrap_told(line, width - 1)):  # a column for the scrollbar
            mark = "> " if number == len(lines) - 1 and part == 0 else "  "
            rows.append(mark + text)
    return rows


def rows_in_view(log: EventLog) -> list[str]:
    """The log's rows as drawn, without the blank cells to the right."""
    return [log.render_line(y).text.rstrip() for y in range(log.size.height)]


def assert_a_slice(shown: list[str], rows: list[str]) -> int:
    """``shown`` (its filled rows) is a run of ``rows``; return where it starts."""
    filled = [row for row in shown if row]
    assert filled, "the log shows nothing"
    assert len(filled) == len(shown) or shown[len(filled) :] == [""] * (len(shown) - len(filled))
    starts = [i for i in range(len(rows) - len(filled) + 1) if rows[i : i + len(filled)] == filled]
    assert starts, f"not rows of the game's log: {filled[:3]}..."
    return starts[-1]


async def settle(pilot) -> None:
    await pilot.pause()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
async def test_the_log_shows_the_right_rows_at_the_end_the_start_and_scrolled(long_game, size):
    app = HexmechApp(long_game.parent)
    async with app.run_test(size=size) as pilot:
        app.push_screen(watch(long_game, follow=False))
        await settle(pilot)
        screen = app.screen
        log = screen.query_one(EventLog)
        assert rows_in_view(log) == [""] * log.size.height  # at the start: nothing applied

        await pilot.press("end")
        await settle(pilot)
        rows = every_row(screen, screen.cursor.position, log.size.width)
        shown = rows_in_view(log)
        start = assert_a_slice(shown, rows)
        marked = [row for row in shown if row.startswith("> ")]
        assert len(marked) == 1
        assert rows.index(marked[0]) == max(i for i, r in enumerate(rows) if r.startswith(">"))
        last = rows[-1]
        assert last in shown  # the game's last row is in view
        assert all(len(row) <= log.size.width for row in shown)  # wrapped to the panel

        for _ in range(40):  # scroll up to the top of what the log holds, and beyond
            log.scroll_to(y=0, animate=False, immediate=True)
            await settle(pilot)
        scrolled = rows_in_view(log)
        assert assert_a_slice(scrolled, rows) < start  # earlier rows, the right ones
        assert not any(row.startswith("> ") for row in scrolled[: log.size.height // 2])

        await pilot.press("home")
        await settle(pilot)
        assert rows_in_view(log) == [""] * log.size.height
        await pilot.press("right")  # the first command: the first rows of the game, on top
        await settle(pilot)
        rows = every_row(screen, screen.cursor.position, log.size.width)
        shown = rows_in_view(log)
        assert assert_a_slice(shown, rows) == 0
        assert shown[: len(rows)] == rows


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
async def test_the_panels_draw_the_rows_textual_draws(long_game, size, monkeypatch):
    """Each side panel's rows are Textual's, segment by segment (text, style, selection offset).

    At Home, End and after steps: as Textual draws the same picture, and as the screen drew it
    before (the record sheet's rows with its border, repainted row by row).
    """
    app = HexmechApp(long_game.parent)
    async with app.run_test(size=size) as pilot:
        app.push_screen(watch(long_game, follow=False))
        await settle(pilot)
        checked = 0
        for key in ("end", "home", "right", "right", "shift+right", "end"):
            await pilot.press(key)
            await settle(pilot)
            for panel in app.screen.query(BTPanel):
                if panel.data is None or not panel.size:
                    continue
                picture = panel.render()
                width = panel.size.width
                textual = Visual.to_strips(
                    panel, visualize(panel, picture), width, None, panel.visual_style
                )
                ours = text_strips(panel, picture, width)
                assert ours is not None, type(panel).__name__
                assert _segments(ours) == _segments(textual), type(panel).__name__
                checked += 1
            sheet = app.screen.query_one(RecordSheet)
            region = Region(0, 0, sheet.size.width, sheet.size.height)
            drawn = sheet.render_lines(region)
            with monkeypatch.context() as patched:
                patched.setattr(TextLines, "_rows", lambda _: None)  # Textual draws it
                sheet.refresh()
                before = sheet.render_lines(region)
            sheet.refresh()
            assert _segments(drawn) == _segments(before)
        assert checked >= 12


def _segments(strips) -> list[list[tuple[str, object, object]]]:
    return [
        [(s.text, s.style, s.style.meta if s.style else None) for s in strip] for strip in strips
    ]


async def test_home_and_end_fold_and_tell_nothing_once_the_end_is_prepared(long_game, monkeypatch):
    told: list[int] = []
    tell = story_module.tell_entries

    def counted(ruleset, state, entries, *, first):
        told.append(first)
        return tell(ruleset, state, entries, first=first)

    monkeypatch.setattr(story_module, "tell_entries", counted)
    app = HexmechApp(long_game.parent)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(watch(long_game, follow=False))
        await settle(pilot)
        screen = app.screen
        assert told  # the end's lines were told once the first frame was drawn
        told.clear()
        folded: list[tuple[int, int]] = []
        state_at = screen.game.state_at

        def counted_state(index, events=0):
            folded.append((index, events))
            return state_at(index, events)

        monkeypatch.setattr(screen.game, "state_at", counted_state)
        for key in ("end", "home", "end", "home"):
            await pilot.press(key)
            await settle(pilot)
        assert told == []
        assert folded == []
        await pilot.press("right")
        await settle(pilot)
        assert folded.count((1, 0)) == 1  # a new position is folded, once (its lines told)
        folded.clear()
        await pilot.press("left")
        await pilot.press("right")
        await settle(pilot)
        assert folded == []  # the last positions' states are kept


async def test_the_loaded_replay_is_kept_from_the_collector_until_the_screen_closes(long_game):
    """Full collections walked the whole replay every few keys (100-160 ms at 5,000 commands).

    Once the first frame is drawn the loaded game is frozen (`gc.freeze`); closing the screen
    gives it back, so its cycles are freed and nothing stays frozen.
    """
    app = HexmechApp(long_game.parent)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(watch(long_game, follow=False))
        await settle(pilot)
        assert gc.get_freeze_count() > 0
        app.pop_screen()
        await settle(pilot)
        assert gc.get_freeze_count() == 0
