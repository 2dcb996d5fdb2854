"""The BattleTech battle log (issue 13 item 1): a log that grows, scrolls, searches and pauses.

The log panel takes the room the board leaves (under it, or beside it on a wide terminal);
PgUp/PgDn scroll it even while the board has the keys; ``l`` opens the whole battle log with its
headings and a search; after a resolution a summary waits for a key unless the player turned it
off (``settings.json`` beside the saves). SVG snapshots at 80x24, 120x40 and 200x60, in colour and
in monochrome; update them with ``--snapshot-update`` and look at the SVGs first.
"""

from __future__ import annotations

import json

import pytest

from engine.battletech.state import Phase
from saves.preferences import Preferences, load_preferences, save_preferences
from tests.tui.replay_games import play_bt
from tests.tui.test_bt_combat import face_to_face
from tests.tui.test_bt_play import PLACES, deployed, library, new_journal  # noqa: F401
from tui.app import HexmechApp
from tui.battletech.phase_summary import PhaseSummaryScreen
from tui.battletech.screen import BattleTechScreen
from tui.screens.history import HistoryLog, HistoryScreen
from tui.widgets.log import EventLog

FIRE = ["i", "0", "0", "n", "space", "c", "space", "c"]
"""Face to face: initiative, both stand still, end the movement phase, both fire everything."""


def played(saves, library, commands=40):  # noqa: F811
    """The default scenario, deployed, then ``commands`` calm commands: a log longer than a page."""
    journal = new_journal(saves, library)
    deployed(journal, PLACES)
    return play_bt(journal, commands)


def game_app(saves, journal, *, mono=False):
    return HexmechApp(saves, mono=mono, first=lambda: BattleTechScreen(journal=journal))


async def started(app, pilot):
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, BattleTechScreen)
    return screen


# ------------------------------------------------------------------ the panel
@pytest.mark.parametrize(
    ("size", "rows"),
    [((80, 24), 3), ((120, 40), 12), ((160, 100), 32)],
)
async def test_the_log_grows_with_the_height(tmp_path, library, size, rows):  # noqa: F811
    """Compact: three lines; wide: a third of the column or what the board leaves, at least."""
    app = game_app(tmp_path, played(tmp_path, library))
    async with app.run_test(size=size) as pilot:
        screen = await started(app, pilot)
        await pilot.pause()
        log = screen.query_one(EventLog)
        assert log.outer_size.height >= rows
        board = screen.board
        assert log.region.y >= board.region.bottom  # under the board


async def test_a_wide_terminal_puts_the_log_beside_the_board(tmp_path, library):  # noqa: F811
    """200x60: the board needs about 100 columns; the log takes the rest, the whole height."""
    app = game_app(tmp_path, played(tmp_path, library))
    async with app.run_test(size=(200, 60)) as pilot:
        screen = await started(app, pilot)
        await pilot.pause()
        log, board = screen.query_one(EventLog), screen.board
        left = screen.query_one("#bt-left")
        assert log.region.x >= board.region.right
        assert log.region.right == left.region.right  # no column left unused
        assert log.region.width >= 44
        assert log.outer_size.height == left.size.height
        assert board.region.width >= board.virtual_size.width  # the map is whole across


async def test_pgup_scrolls_the_log_not_the_focused_board(tmp_path, library):  # noqa: F811
    """PgUp and PgDn are the log's even while the board has the keys; a redraw keeps the place."""
    app = game_app(tmp_path, played(tmp_path, library))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(app, pilot)
        log, board = screen.query_one(EventLog), screen.board
        assert screen.focused is board
        await pilot.pause()
        at_end, board_y = log.scroll_y, board.scroll_y
        assert at_end > 0
        await pilot.press("pageup")
        await pilot.pause()
        assert log.scroll_y < at_end
        assert board.scroll_y == board_y
        scrolled = log.scroll_y
        screen.redraw()  # a cursor move, a plot: the same lines, the reader keeps their place
        await pilot.pause()
        assert log.scroll_y == scrolled
        await pilot.press("pagedown", "pagedown")
        await pilot.pause()
        assert log.scroll_y == at_end


async def test_the_mouse_wheel_over_the_log_scrolls_it(tmp_path, library):  # noqa: F811
    from textual import events  # noqa: PLC0415

    app = game_app(tmp_path, played(tmp_path, library))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(app, pilot)
        log, board = screen.query_one(EventLog), screen.board
        await pilot.pause()
        at_end, board_y = log.scroll_y, board.scroll_y
        x, y = log.region.x + 2, log.region.y + 2
        wheel = events.MouseScrollUp(log, 2, 2, 0, -1, 0, False, False, False, x, y)  # noqa: FBT003
        log.post_message(wheel)
        await pilot.pause()
        assert log.scroll_y < at_end
        assert board.scroll_y == board_y


async def test_the_help_says_what_pgup_does(tmp_path, library):  # noqa: F811
    """The keys' own words: PgUp scrolls the log; l opens the battle log."""
    app = game_app(tmp_path, played(tmp_path, library))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(app, pilot)
        keys = {b.key: b for b in screen.BINDINGS if hasattr(b, "key")}
        assert keys["pageup"].priority
        assert "log" in (keys["pageup"].tooltip or "")
        assert keys["l"].action == "history"


# ------------------------------------------------------------------ the battle log
async def test_the_battle_log_opens_with_headings_and_finds_a_word(tmp_path, library):  # noqa: F811
    app = game_app(tmp_path, played(tmp_path, library))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(app, pilot)
        await pilot.press("l")
        await pilot.pause()
        history = app.screen
        assert isinstance(history, HistoryScreen)
        view = history.query_one(HistoryLog)
        levels = [view._heading(t) for t in view.told]
        assert any(levels), "turn and phase headings"
        # Act: search for a word of the game
        await pilot.press("slash", *"initiative", "enter")
        await pilot.pause()
        assert view.matches
        assert view.match == len(view.matches) - 1  # the newest first
        current = view.told[view.current]
        assert "initiative" in current.text.casefold()
        await pilot.press("N")
        assert view.match == len(view.matches) - 2
        status = str(history.query_one("#history-status").render())
        assert f"match {len(view.matches) - 1} of {len(view.matches)}" in status
        # Act: Escape goes back to the game
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_a_word_that_is_not_there_says_so(tmp_path, library):  # noqa: F811
    app = game_app(tmp_path, played(tmp_path, library))
    async with app.run_test(size=(120, 40)) as pilot:
        await started(app, pilot)
        await pilot.press("l", "slash", *"zebra", "enter")
        await pilot.pause()
        history = app.screen
        assert isinstance(history, HistoryScreen)
        assert history.query_one(HistoryLog).matches == []
        assert '"zebra": not found' in str(history.query_one("#history-status").render())


async def test_a_long_game_opens_without_telling_it_all(tmp_path, library):  # noqa: F811
    """2,000 commands: the battle log tells the last screenfuls; a search tells the rest."""
    journal = played(tmp_path, library, commands=2000)
    app = game_app(tmp_path, journal)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(app, pilot)
        await pilot.press("l")
        await pilot.pause()
        told = screen.story._told
        assert sum(entry is not None for entry in told) < len(told) // 4
        await pilot.press("slash", *"Turn 1:", "enter")
        await pilot.pause()
        assert all(entry is not None for entry in screen.story._told)
        view = app.screen.query_one(HistoryLog)
        assert view.matches
        assert view.told[view.matches[0]].entry < 10
        # Home is the game's first line, not the first of those brought in
        await pilot.press("escape", "l")
        await pilot.pause()
        view = app.screen.query_one(HistoryLog)
        await pilot.press("home")
        await pilot.pause()
        assert view.scroll_y == 0
        assert view.told[0].entry == 0


# ------------------------------------------------------------------ the phase summary
async def test_a_summary_waits_after_the_weapon_phase(tmp_path, library):  # noqa: F811
    journal = face_to_face(tmp_path, library)
    app = game_app(tmp_path, journal)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(app, pilot)
        await pilot.press(*FIRE)
        await pilot.pause()
        summary = app.screen
        assert isinstance(summary, PhaseSummaryScreen)
        assert screen.game.state.phase is Phase.PHYSICAL  # the game went on underneath
        text = summary.text
        assert text.startswith("Weapon fire, turn 1")
        assert "Hunchback [H] -> Jenner [j]" in text
        assert "Jenner [j] -> Hunchback [H]" in text
        hits = sum(1 for line, kind in summary.lines if kind == "unit")
        assert hits == len({line.split(":")[0] for line, kind in summary.lines if kind == "unit"})
        # Act: a key goes on
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen


async def test_no_summary_when_the_player_turned_it_off(tmp_path, library):  # noqa: F811
    save_preferences(tmp_path, Preferences(phase_summary=False))
    journal = face_to_face(tmp_path, library)
    app = game_app(tmp_path, journal)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(app, pilot)
        await pilot.press(*FIRE)
        await pilot.pause()
        assert app.screen is screen
        assert screen.game.state.phase is Phase.PHYSICAL


async def test_o_turns_the_pause_off_and_saves_it(tmp_path, library):  # noqa: F811
    journal = face_to_face(tmp_path, library)
    app = game_app(tmp_path, journal)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(app, pilot)
        await pilot.press(*FIRE)
        await pilot.pause()
        assert isinstance(app.screen, PhaseSummaryScreen)
        await pilot.press("o")
        await pilot.pause()
        assert app.screen is screen
        saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
        assert saved["phase_summary"] is False
        # the battle log's p turns it back on
        await pilot.press("l", "p")
        assert load_preferences(tmp_path)[0].phase_summary is True


async def test_a_setting_that_cannot_be_saved_is_one_line(tmp_path, library, monkeypatch):  # noqa: F811
    journal = face_to_face(tmp_path, library)
    app = game_app(tmp_path, journal)

    def refuse(directory, preferences):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("tui.battletech.phase_summary.save_preferences", refuse)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(app, pilot)
        await pilot.press(*FIRE)
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        assert app.screen is screen
        said = [n.message for n in app._notifications]
        assert "Cannot save the setting: Permission denied" in said
        assert all("\n" not in line for line in said)


async def test_the_battle_log_of_a_replay_stops_at_its_place(tmp_path, library):  # noqa: F811
    """A replay has the battle log up to where it stands, and no pause setting (it never pauses)."""
    journal = played(tmp_path, library)
    commands = journal.game.cursor
    journal.close()
    path = journal.path
    app = HexmechApp(tmp_path, first=lambda: BattleTechScreen.replay_save(path))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleTechScreen)
        await pilot.press("right", "right", "right", "l")
        await pilot.pause()
        history = app.screen
        assert isinstance(history, HistoryScreen)
        assert history.pauses is None
        entries = {t.entry for t in history.query_one(HistoryLog).told}
        assert entries == {0, 1, 2}
        assert commands > 3
        assert "pause" not in str(history.query_one("#history-status").render())


# ------------------------------------------------------------------ snapshots
SIZES = [(80, 24), (120, 40), (200, 60)]


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40", "200x60"])
@pytest.mark.parametrize("mono", [False, True], ids=["colour", "mono"])
def test_snapshot_the_summary_after_weapon_fire(snap_compare, tmp_path, library, size, mono):  # noqa: F811
    """Both 'Mechs fired: the summary over the board, the log panel at its size."""
    app = game_app(tmp_path, face_to_face(tmp_path, library), mono=mono)
    assert snap_compare(app, press=FIRE, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40", "200x60"])
@pytest.mark.parametrize("mono", [False, True], ids=["colour", "mono"])
def test_snapshot_the_battle_log_searching(snap_compare, tmp_path, library, size, mono):  # noqa: F811
    """The whole log after the fire: turn and phase headings, "Jenner" found and highlighted."""
    app = game_app(tmp_path, face_to_face(tmp_path, library), mono=mono)
    press = [*FIRE, "enter", "l", "slash", *"Jenner", "enter"]
    assert snap_compare(app, press=press, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40", "200x60"])
@pytest.mark.parametrize("mono", [False, True], ids=["colour", "mono"])
def test_snapshot_the_log_panel_mid_game(snap_compare, tmp_path, library, size, mono):  # noqa: F811
    """Forty commands in: the panel under the board (80, 120) or beside it (200)."""
    app = game_app(tmp_path, played(tmp_path, library), mono=mono)
    assert snap_compare(app, terminal_size=size)
