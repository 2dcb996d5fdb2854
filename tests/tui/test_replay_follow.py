"""Follow mode: a save another writer is still appending to, tailed while its replay is open.

The "other process" is a `Journal` opened on the same file by the test, exactly as the game screen
or ``hexmech play --headless --save`` would write it: a line per command, flushed and fsync'ed.
"""

from __future__ import annotations

import pytest

from engine.game import UndoPolicy
from engine.papermech import RULESET as PM
from engine.papermech import PaperSetup, format_command
from saves.journal import Journal, SaveError, read_game
from saves.tail import JournalTail
from tests.tui.fakes import messages
from tests.tui.replay_games import NOW, bt_library, bt_save, paper_save, play_bt, play_paper
from tui.app import HexmechApp
from tui.papermech.widgets import EventLog
from tui.screens import _replay
from tui.screens.watch import watch
from tui.widgets.timeline import Timeline

WIDE, SMALL = (120, 40), (80, 24)


@pytest.fixture(autouse=True)
def _quick_polls(monkeypatch):
    """Look at the followed file every 50 ms instead of every half second."""
    monkeypatch.setattr(_replay, "FOLLOW_EVERY", 0.05)


async def wait_until(pilot, condition, seconds=5.0):
    """Let the app run until ``condition()`` holds (the poll timer has to fire)."""
    for _ in range(int(seconds / 0.05)):
        if condition():
            return
        await pilot.pause(0.05)
    raise AssertionError("the screen did not catch up with the save")


def timeline_text(screen):
    """The bar's row of the timeline (its words end it)."""
    return screen.query_one(Timeline).render().plain.split("\n")[0]


# ------------------------------------------------------------------ the tail on its own
def test_the_tail_applies_complete_lines_and_waits_for_a_torn_one(tmp_path):
    """Half a line is not an error: it is applied when its end arrives."""
    # Arrange: a game of 5 commands, followed from there
    path = paper_save(tmp_path, commands=5)
    tail = JournalTail.open(path)
    assert tail.game.cursor == 5
    assert tail.poll() is None
    # Act: the writer adds 2 commands; a copy of its lines arrives in two halves
    with Journal.open(path) as writer:
        play_paper(writer, 2, seed=4)
    data = path.read_bytes()
    new = data[tail.offset :]
    path.write_bytes(data[: tail.offset] + new[:-40])
    # Assert: the first line now, the torn second when it is whole
    update = tail.poll()
    assert (update.lines, update.first) == (1, 5)
    assert tail.game.cursor == 6
    assert tail.poll() is None
    path.write_bytes(data)
    assert tail.poll().lines == 1
    assert tail.game.state == read_game(data).game.state


def test_an_undo_by_the_writer_takes_the_entry_back(tmp_path):
    """A practice (solo) game's undo: the tail's game loses the entry; first names it."""
    path = tmp_path / "solo.jsonl"
    with Journal.create(
        path, PM, PaperSetup(pilot="Sol"), created=NOW, seed=5, undo_policy=UndoPolicy.SOLO
    ) as writer:
        play_paper(writer, 6)
        tail = JournalTail.open(path)
        writer.undo()
        writer.undo()
    update = tail.poll()
    assert (update.lines, update.first) == (2, 4)
    assert tail.game.cursor == 4


def test_a_damaged_line_or_a_file_cut_short_is_a_save_error(tmp_path):
    """Not JSON: the file and line are named. A file shorter than what was read: said so."""
    path = paper_save(tmp_path, commands=3)
    tail = JournalTail.open(path)
    with path.open("ab") as file:
        file.write(b"not json\n")
    with pytest.raises(SaveError, match=r"papermech-ann.jsonl:5: not valid JSON"):
        tail.poll()
    path.write_bytes(path.read_bytes()[:100])
    with pytest.raises(SaveError, match="cut short"):
        tail.poll()


# ------------------------------------------------------------------ on screen
@pytest.mark.parametrize("size", [WIDE, SMALL])
async def test_following_a_paper_game_shows_each_new_move(tmp_path, size):
    """At the newest move, LIVE; the writer plays two commands; the screen moves on to them."""
    path = paper_save(tmp_path, commands=8)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=size) as pilot:
        screen = watch(path)  # in progress: follows
        app.push_screen(screen)
        await pilot.pause()
        assert screen.following
        assert screen.position == (8, 0)
        assert timeline_text(screen).endswith("LIVE")
        # Act: the other process plays on
        with Journal.open(path) as writer:
            play_paper(writer, 2, seed=9)
            newest = writer.game.entries[-1]
        await wait_until(pilot, lambda: screen.position == (10, 0))
        # Assert: the new state, the new lines in the log, the end of the timeline
        assert screen.state == writer.game.state
        log = screen.query_one(EventLog)
        assert log.told[-1].entry == 9
        assert log.told[-1] == [t for t in screen.story.entries[9] if not t.routine][-1]
        assert screen.story.entries[9][0].text == format_command(newest.command)
        assert "10/10" in timeline_text(screen)


async def test_a_viewer_who_stepped_back_stays_put_until_end(tmp_path):
    """New moves lengthen the timeline but do not move a viewer who went back; End catches up."""
    path = paper_save(tmp_path, commands=8)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        screen = watch(path)
        app.push_screen(screen)
        await pilot.pause()
        await pilot.press("left", "left")
        assert screen.position == (6, 0)
        with Journal.open(path) as writer:
            play_paper(writer, 3, seed=9)
        await wait_until(pilot, lambda: len(screen.cursor.sizes) == 11)
        assert screen.position == (6, 0)
        assert timeline_text(screen).endswith("End: live")
        await pilot.press("end")
        assert screen.position == (11, 0)
        assert timeline_text(screen).endswith("LIVE")


async def test_following_a_battletech_game_moves_the_units(tmp_path_factory, tmp_path):
    """BattleTech at 80x24: the writer moves a unit; the board draws it where it went."""
    with bt_library(tmp_path_factory) as library:
        path = bt_save(tmp_path, library, commands=6)
        app = HexmechApp(tmp_path)
        async with app.run_test(size=SMALL) as pilot:
            screen = watch(path)
            app.push_screen(screen)
            await pilot.pause()
            assert screen.following
            with Journal.open(path) as writer:
                play_bt(writer, 3, start=6)
                state = writer.game.state
            await wait_until(pilot, lambda: len(screen.cursor.sizes) == 9)
            assert screen.cursor.at_end
            assert screen.state == state
            drawn = set(screen.board.picture.units)
            assert drawn == {u.hex for u in state.units if u.hex is not None}


async def test_a_torn_line_is_waited_for_on_screen_too(tmp_path):
    """Half of the next line on disk: nothing changes and nothing is reported; then it shows."""
    path = paper_save(tmp_path, commands=4)
    whole = paper_save(tmp_path, name="whole", commands=5).read_bytes()
    app = HexmechApp(tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        screen = watch(path)
        app.push_screen(screen)
        await pilot.pause()
        start = len(path.read_bytes())
        path.write_bytes(whole[: start + 30])
        await pilot.pause(0.3)
        assert screen.position == (4, 0)
        assert messages(app) == []
        path.write_bytes(whole)
        await wait_until(pilot, lambda: screen.position == (5, 0))


async def test_a_save_that_goes_bad_stops_the_follow_with_one_line(tmp_path):
    """A line that is not JSON: one error notice naming file and line; the replay stays usable."""
    path = paper_save(tmp_path, commands=4)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        screen = watch(path)
        app.push_screen(screen)
        await pilot.pause()
        with path.open("ab") as file:
            file.write(b"{oops\n")
        await wait_until(pilot, lambda: not screen.following)
        assert len(messages(app)) == 1
        assert "papermech-ann.jsonl:6: not valid JSON" in messages(app)[0]
        await pilot.press("home")
        assert screen.position == (0, 0)


async def test_the_follow_ends_with_the_game(tmp_path):
    """The writer plays to the end: the last move shows, LIVE goes, one notice gives the result."""
    path = paper_save(tmp_path, commands=10)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        screen = watch(path)
        app.push_screen(screen)
        await pilot.pause()
        with Journal.open(path) as writer:
            play_paper(writer)  # to the end
            result = writer.game.summary.result
        await wait_until(pilot, lambda: not screen.following)
        assert screen.cursor.at_end
        assert screen.state.result is not None
        assert messages(app) == [f"The game is over: {result}"]
        assert "LIVE" not in timeline_text(screen)
