"""The replay browser and ``hexmech browse``, on saves played through the engine.

Rows read fast from real saves, sorting, filtering, opening (live for games in progress), damaged
saves, read-only, quitting, ASCII, paths outside DIR.
"""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from textual import events
from textual.widgets import Input

from engine.game import UndoPolicy
from engine.papermech import RULESET as PM
from engine.papermech import PaperSetup
from saves.journal import Journal, read_game
from tests.tui.fakes import messages
from tests.tui.replay_games import NOW, bt_library, bt_save, paper_save, play_paper
from tests.tui.test_cli import hexmech
from tui.battletech.screen import BattleTechScreen
from tui.browse import BrowseApp
from tui.papermech.screen import PaperMechScreen
from tui.screens import _catalog
from tui.screens._catalog import SaveCatalog, describe
from tui.screens.confirm import ConfirmScreen
from tui.screens.replay_browser import ReplayBrowserScreen, ReplayTable
from tui.screens.watch import inside, watch
from tui.widgets.timeline import Timeline

WIDE, SMALL = (120, 40), (80, 24)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """Saves of both rulesets, finished and in progress, and two damaged files."""
    directory = tmp_path_factory.mktemp("saves")
    with bt_library(tmp_path_factory) as library:
        bt_save(directory, library, commands=24)
    hour = timedelta(hours=1)
    paper_save(directory, name="papermech-ann", pilot="Ann", seed=11, created=NOW - 3 * hour)
    paper_save(
        directory, name="papermech-bob", pilot="Bob", seed=12, policy="random", created=NOW - hour
    )
    paper_save(
        directory, name="papermech-cid", pilot="Cid", seed=13, commands=12, created=NOW + hour
    )
    (directory / "broken.jsonl").write_text("this is not a save\n")
    (directory / "empty.jsonl").write_bytes(b"")
    (directory / "notes.txt").write_text("not listed: not a .jsonl file\n")
    return directory


def browse_app(directory, **kwargs):
    return BrowseApp(directory, **kwargs)


def names(screen):
    return [row.path.stem for row in screen.shown]


def cells(screen, row):
    table = screen.query_one(ReplayTable)
    return [cell.plain for cell in table.get_row_at(row)]


# ------------------------------------------------------------------ the catalogue
def test_rows_read_from_the_ends_match_the_fully_loaded_games(folder):
    """Commands, turn or wave and result agree with loading every line (and the rulesets' words)."""
    for path in sorted(folder.glob("*-*.jsonl")):
        row = describe(path)
        game = read_game(path.read_bytes()).game
        summary = game.summary
        assert row.error is None
        assert row.entries == game.cursor
        assert row.status == summary.status
        assert row.size == path.stat().st_size
        if row.ruleset == "battletech":
            assert row.progress == summary.turn
            assert row.who.startswith(" v ".join(summary.players))
        else:
            assert row.progress == summary.turn  # single games: "wave N"
            assert row.who.startswith(f"{summary.players[0]}: ")
            if summary.over:
                won = game.state.result.won
                assert row.result.startswith("won" if won else "lost")
                assert str(game.state.result.score) in row.result or not won


def test_undo_and_redo_markers_at_the_end_count_as_the_game_does(tmp_path):
    """A practice game that undid two commands, redid one, then undid again: as loading says."""
    path = tmp_path / "practice.jsonl"
    with Journal.create(
        path, PM, PaperSetup(pilot="Sol"), created=NOW, seed=5, undo_policy=UndoPolicy.SOLO
    ) as writer:
        play_paper(writer, 9)
        for step in ("undo", "undo", "redo", "undo", "undo"):
            getattr(writer, step)()
        play_paper(writer, 1, seed=8)  # a new command replaces what was undone
        writer.undo()
    game = read_game(path.read_bytes()).game
    row = describe(path)
    assert row.entries == game.cursor == 6
    assert row.progress == game.summary.turn
    assert row.status == "in progress"


def test_damaged_saves_are_listed_with_a_one_line_reason(folder, tmp_path):
    """Not JSON, empty, unknown ruleset, too new, a bad last line: each a row with why."""
    good = (folder / "papermech-cid.jsonl").read_bytes()
    header, rest = good.split(b"\n", 1)
    data = json.loads(header)
    cases = {
        "broken": (folder / "broken.jsonl").read_bytes(),
        "empty": b"",
        "unknown": json.dumps({**data, "ruleset": "chess"}).encode() + b"\n" + rest,
        "newer": json.dumps({**data, "version": 99}).encode() + b"\n" + rest,
        "bad-end": good + b"{not json\n",
    }
    reasons = {}
    for name, content in cases.items():
        path = tmp_path / f"{name}.jsonl"
        path.write_bytes(content)
        row = describe(path)
        assert row.status == "damaged"
        assert "\n" not in row.error
        assert row.error.startswith(f"{name}.jsonl")
        reasons[name] = row.error
    assert "not a hexmech save" in reasons["broken"]
    assert "empty" in reasons["empty"]
    assert "chess" in reasons["unknown"]
    assert "newer hexmech" in reasons["newer"]
    assert "not valid JSON" in reasons["bad-end"]


def test_a_half_written_last_line_is_a_game_still_being_saved(folder, tmp_path):
    """The torn line is left out: the row is the game before it, not a damaged save."""
    good = (folder / "papermech-cid.jsonl").read_bytes()
    path = tmp_path / "torn.jsonl"
    path.write_bytes(good + b'{"n":12,"command":{"ty')
    row = describe(path)
    assert row.error is None
    assert row.entries == 12


def test_a_rescan_reads_only_the_saves_that_changed(folder, tmp_path, monkeypatch):
    """Cached by (path, size, time): a second scan reads nothing; a grown save is read again."""
    for path in folder.glob("papermech-*.jsonl"):
        (tmp_path / path.name).write_bytes(path.read_bytes())
    catalog = SaveCatalog(tmp_path)
    first = catalog.scan()
    read = []
    real = _catalog.describe
    monkeypatch.setattr(_catalog, "describe", lambda *a: read.append(a[0].name) or real(*a))
    assert catalog.scan() == first
    assert read == []
    with Journal.open(tmp_path / "papermech-cid.jsonl") as writer:
        play_paper(writer, 1, seed=3)
    rows = {row.path.name: row for row in catalog.scan()}
    assert read == ["papermech-cid.jsonl"]
    assert rows["papermech-cid.jsonl"].entries == 13


# ------------------------------------------------------------------ the screen
@pytest.mark.parametrize("size", [WIDE, SMALL])
async def test_the_list_shows_every_save_newest_first_with_its_columns(folder, size):
    """Six .jsonl files, newest first; the columns fit the width; damaged rows say why."""
    app = browse_app(folder)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayBrowserScreen)
        assert len(screen.shown) == 6
        assert names(screen)[:4] == [
            "papermech-cid",
            "battletech-river",
            "papermech-bob",
            "papermech-ann",
        ]
        table = screen.query_one(ReplayTable)
        assert sum(c.get_render_width(table) for c in table.columns.values()) <= size[0]
        row = cells(screen, 1)
        assert row[0] == "BattleTech"
        assert row[1].startswith("Davion v Kurita")
        assert row[3].startswith("turn ")
        assert row[4] == "in progress"
        broken = cells(screen, names(screen).index("broken"))
        assert broken[0].startswith("broken")
        assert broken[1].startswith("not a")
        assert broken[4] == "damaged"


async def test_sort_keys_and_header_clicks_reorder_the_rows(folder):
    """s: the next column (ascending); r reverses; a click on Size sorts by size."""
    app = browse_app(folder)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        screen = app.screen
        newest_first = names(screen)
        await pilot.press("r")
        assert names(screen) == list(reversed(newest_first))
        await pilot.press("s")  # Turn, ascending
        assert screen.sort_column == 3
        await pilot.press("s")  # Result: damaged, finished, in progress
        statuses = [row.status for row in screen.shown]
        assert statuses == sorted(statuses)
        assert statuses[0] == "damaged"
        table = screen.query_one(ReplayTable)
        await pilot.click(ReplayTable, offset=(table.size.width - 5, 0))
        sizes = [row.size for row in screen.shown]
        assert sizes == sorted(sizes)
        assert labels(table)[-1] == "Size ▲"
        await pilot.click(ReplayTable, offset=(table.size.width - 5, 0))
        assert [row.size for row in screen.shown] == sorted(sizes, reverse=True)
        assert labels(table)[-1] == "Size ▼"


async def test_end_and_home_move_the_cursor_to_the_last_and_first_save(folder):
    """End: the last row (issue 13.9: it only scrolled, the cursor stayed); Home: the first."""
    app = browse_app(folder)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        table = app.screen.query_one(ReplayTable)
        assert table.row_count > 2
        await pilot.press("end")
        assert table.cursor_row == table.row_count - 1
        await pilot.press("home")
        assert table.cursor_row == 0


def labels(table):
    return [str(column.label) for column in table.columns.values()]


async def test_the_filter_keeps_rows_with_every_word_and_escape_clears_it(folder):
    """/ then words: any column, file and unit names; Escape clears; Enter returns to the list."""
    app = browse_app(folder)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("slash")
        assert screen.query_one(Input).has_focus
        await pilot.press(*"bob")
        assert names(screen) == ["papermech-bob"]
        await pilot.press("escape")
        assert len(screen.shown) == 6
        assert screen.query_one(ReplayTable).has_focus
        await pilot.press("slash", *"paper progress")  # two words: Paper 'Mech games going on
        assert names(screen) == ["papermech-cid"]
        await pilot.press("enter")
        assert screen.query_one(ReplayTable).has_focus
        await pilot.press("slash", "ctrl+u", *"griffin")  # a unit name, not in any column
        assert names(screen) == ["battletech-river"]
        await pilot.press("ctrl+u", *"damaged")
        assert sorted(names(screen)) == ["broken", "empty"]
        await pilot.press("ctrl+u", *"nothing like this")
        assert screen.shown == []
        assert "No saves match" in str(screen.query_one("#rb-detail").render())


async def test_keys_typed_in_one_go_reach_the_filter_and_then_the_list(folder):
    """'/bob', Enter, 's' arriving together (a paste, one packet over SSH) do what they say."""
    app = browse_app(folder, read_only=True)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        for key, char in [("slash", "/"), ("b", "b"), ("o", "o"), ("b", "b"), ("enter", "\r")]:
            app.post_message(events.Key(key, char))
        app.post_message(events.Key("s", "s"))
        await pilot.pause(0.3)
        assert screen.query_one(Input).value == "bob"
        assert names(screen) == ["papermech-bob"]
        assert screen.sort_column == 3  # the s went to the list: sorted by the next column
        assert app.focused is screen.query_one(ReplayTable)


async def test_enter_watches_a_finished_game_from_its_start_and_follows_one_in_progress(folder):
    """Finished: position 0, not following. In progress: at the newest move, LIVE; Esc is back."""
    app = browse_app(folder, read_only=True)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        browser = app.screen
        await pilot.press("slash", *"ann", "enter", "enter")
        replay = app.screen
        assert isinstance(replay, PaperMechScreen)
        assert replay.position == (0, 0)
        assert not replay.following
        await pilot.press("escape")
        assert app.screen is browser
        await pilot.press("slash", "ctrl+u", *"river", "enter", "enter")
        replay = app.screen
        assert isinstance(replay, BattleTechScreen)
        assert replay.following
        assert replay.cursor.at_end
        assert replay.query_one(Timeline).render().plain.split("\n")[0].endswith("LIVE")


async def test_a_damaged_save_says_why_in_one_line_and_stays_on_the_list(folder):
    """Enter on a damaged row: one error notice with the reason; no screen opens."""
    app = browse_app(folder)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("slash", *"broken", "enter", "enter")
        assert app.screen is screen
        assert messages(app) == ["broken.jsonl:1: not a hexmech save (the first line is not JSON)"]
        assert "broken.jsonl:1:" in str(screen.query_one("#rb-detail").render())


async def test_read_only_has_no_delete(folder):
    """--read-only: d and Delete do nothing, and the footer does not offer them."""
    app = browse_app(folder, read_only=True)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        before = sorted(p.name for p in folder.iterdir())
        assert screen.check_action("delete", ()) is False
        await pilot.press("d", "delete")
        assert not isinstance(app.screen, ConfirmScreen)
        assert sorted(p.name for p in folder.iterdir()) == before
        assert "delete" not in {b.binding.action for b in app.active_bindings.values()}
        assert "read-only" in str(screen.query_one("#rb-heading").render())


async def test_without_read_only_delete_asks_first(tmp_path):
    """D asks; n keeps the file; d then y deletes it and the row goes."""
    paper_save(tmp_path, name="doomed", commands=2)
    app = browse_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("d")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert (tmp_path / "doomed.jsonl").exists()
        await pilot.press("d", "y")
        assert not (tmp_path / "doomed.jsonl").exists()
        assert app.screen.shown == []


async def test_escape_or_q_on_the_browser_asks_before_quitting(folder):
    """The only screen: Escape asks (n stays), q asks too, y quits."""
    app = browse_app(folder, read_only=True)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert isinstance(app.screen, ReplayBrowserScreen)
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
    assert app.return_code == 0


async def test_ascii_mode_draws_the_board_and_timeline_and_keys_in_ascii(folder):
    """--ascii: the hex board's ASCII glyphs, the ASCII timeline, key names without arrows."""
    app = browse_app(folder, read_only=True, ascii_only=True)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert app.theme == "hexmech-mono"
        await pilot.press("slash", *"river", "enter", "enter")
        screen = app.screen
        assert isinstance(screen, BattleTechScreen)
        assert screen.board.ascii_only
        assert screen.query_one(Timeline).render().plain.isascii()
        assert all(line.isascii() for line in screen.board.picture.lines())
        keys = [app.get_key_display(b.binding) for b in app.active_bindings.values()]
        assert all(key.isascii() for key in keys)


# ------------------------------------------------------------------ paths and the command line
def test_only_files_of_the_folder_itself_open(folder, tmp_path):
    """Another folder, a link out of the folder, a missing file: refused with one line."""
    outside = paper_save(tmp_path, name="elsewhere", commands=2)
    link = folder / "link.jsonl"
    if not link.exists():
        link.symlink_to(outside)
    try:
        assert inside(folder, folder / "papermech-ann.jsonl")
        for path in (outside, link, folder / ".." / outside.name, folder / "missing.jsonl"):
            assert not inside(folder, path)
            refused = watch(path, root=folder)
            assert "not a save in" in refused.reason
        assert "link" not in {row.path.stem for row in SaveCatalog(folder).scan()}
    finally:
        link.unlink()


def test_browse_of_a_missing_folder_is_one_line_and_exit_2(tmp_path):
    """No such folder: exit 2 before any screen."""
    result = hexmech(["browse", "--saves", str(tmp_path / "nope"), "--read-only"], None)
    assert result.returncode == 2
    assert result.stderr == f"hexmech: --saves {tmp_path / 'nope'}: no such folder\n"


def test_replay_follow_of_a_damaged_or_missing_save_is_one_line_and_exit_2(folder, tmp_path):
    """Hexmech replay SAVE --follow: a bad file is bad input, never a traceback."""
    for path in (folder / "broken.jsonl", tmp_path / "missing.jsonl"):
        result = hexmech(["replay", str(path), "--follow"], None)
        assert result.returncode == 2
        assert result.stderr.count("\n") == 1
        assert path.name in result.stderr
        assert "Traceback" not in result.stderr
