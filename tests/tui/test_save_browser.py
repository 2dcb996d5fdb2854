"""The save browser: lists saves (damaged ones too), opens, deletes only after a yes, refreshes."""

from __future__ import annotations

from datetime import datetime

import pytest
from textual.widgets import Static

from tests.support.race import RULESET, Step
from tests.tui.fakes import ALL_SAVES, BATTLETECH, DAMAGED, PAPERMECH, FakeStore, messages
from tui.app import HexmechApp
from tui.screens.confirm import ConfirmScreen
from tui.screens.menu import MainMenuScreen
from tui.screens.saves import SaveBrowserScreen

SIZE = (80, 24)


def table_rows(app):
    """Return the table's cells as plain strings, row by row."""
    table = app.screen.table
    return [[cell.plain for cell in table.get_row_at(i)] for i in range(table.row_count)]


def detail(app):
    """Return the detail line under the table."""
    return str(app.screen.query_one("#saves-detail", Static).render())


async def open_browser(pilot):
    await pilot.press("l")
    await pilot.pause()
    assert isinstance(pilot.app.screen, SaveBrowserScreen)


async def test_browser_lists_every_save_including_the_damaged_one(make_app):
    """One row per save, newest first, with title, start, turn, status or result, and size."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_browser(pilot)
        rows = table_rows(app)
        assert [row[1:] for row in rows] == [
            ["Paper 'Mech", "2025-03-01 18:30", "wave 2", "in progress", "12 kB"],
            ["BattleTech", "2025-02-28 20:10", "turn 9", "Red wins", "1.2 MB"],
            ["?", "-", "-", "damaged", "17 B"],
        ]
        assert rows[2][0] == "broken"
        assert app.screen.table.saves == list(ALL_SAVES)


async def test_detail_line_tells_about_the_highlighted_save(make_app):
    """The line under the table names the file in full, and for a damaged save says why."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_browser(pilot)
        assert detail(app) == "papermech-20250301-183000.jsonl - Ann - 42 commands - 12 kB"
        await pilot.press("down", "down")
        assert detail(app) == "broken.jsonl:1: not a hexmech save (no header line)"


async def test_enter_on_a_save_without_a_screen_says_not_available(make_app):
    """Until Paper 'Mech has a screen, opening its save is a notice and the browser stays."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_browser(pilot)
        await pilot.press("enter")
        assert messages(app) == ["Paper 'Mech is not available yet"]
        assert isinstance(app.screen, SaveBrowserScreen)


async def test_enter_on_a_damaged_save_shows_why_in_one_line(make_app):
    """A damaged save cannot be opened: the reason is shown as an error, never a traceback."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_browser(pilot)
        await pilot.press("down", "down", "enter")
        assert messages(app) == ["broken.jsonl:1: not a hexmech save (no header line)"]
        assert isinstance(app.screen, SaveBrowserScreen)


async def test_enter_opens_a_save_on_its_registered_screen(make_app):
    """With a screen for BattleTech, Enter on its save hands the screen the save's path."""
    opened = []

    def factory(path):
        opened.append(path)
        return MainMenuScreen()  # any screen will do

    app = make_app(screens={"battletech": factory})
    async with app.run_test(size=SIZE) as pilot:
        await open_browser(pilot)
        await pilot.press("down", "enter")
        assert opened == [BATTLETECH.path]


@pytest.mark.parametrize("answer", ["n", "escape", "enter"])
async def test_delete_cancelled_keeps_the_save(make_app, store, answer):
    """n, Escape and Enter (No has the focus) all keep the file."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_browser(pilot)
        # Act
        await pilot.press("d")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press(answer)
        # Assert
        assert store.deleted == []
        assert isinstance(app.screen, SaveBrowserScreen)
        assert app.screen.table.row_count == 3


async def test_delete_confirmed_removes_the_save_and_refreshes(make_app, store):
    """Pressing d then y deletes the highlighted file, says so, and the list loses its row."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_browser(pilot)
        # Act: delete the second save
        await pilot.press("down", "d")
        question = app.screen.query_one("#confirm-question", Static)
        assert "battletech-20250228-201000.jsonl" in str(question.render())
        await pilot.press("y")
        # Assert
        assert store.deleted == [BATTLETECH.path]
        assert messages(app) == ["Deleted battletech-20250228-201000.jsonl"]
        assert isinstance(app.screen, SaveBrowserScreen)
        assert app.screen.table.saves == [PAPERMECH, DAMAGED]


async def test_delete_failure_is_reported_in_one_line(make_app):
    """A file that cannot be removed gives an error notice and stays listed."""
    fake = FakeStore(delete_error=PermissionError(13, "Permission denied"))
    app = make_app(fake=fake)
    async with app.run_test(size=SIZE) as pilot:
        await open_browser(pilot)
        await pilot.press("d", "y")
        assert messages(app) == [
            "Cannot delete papermech-20250301-183000.jsonl: [Errno 13] Permission denied"
        ]
        assert app.screen.table.row_count == 3


async def test_refresh_reads_the_directory_again(make_app):
    """Pressing r lists the saves again, showing files that appeared meanwhile."""
    fake = FakeStore([PAPERMECH])
    app = make_app(fake=fake)
    async with app.run_test(size=SIZE) as pilot:
        await open_browser(pilot)
        assert app.screen.table.row_count == 1
        fake.saves = [PAPERMECH, BATTLETECH]
        await pilot.press("r")
        assert len(fake.listed) == 2
        assert app.screen.table.row_count == 2


async def test_empty_directory_says_so_and_delete_does_nothing(make_app):
    """No saves: the detail line says so, and d asks nothing and deletes nothing."""
    fake = FakeStore([])
    app = make_app(fake=fake)
    async with app.run_test(size=SIZE) as pilot:
        await open_browser(pilot)
        assert detail(app) == "No saved games yet. Start one from the main menu."
        await pilot.press("d", "enter")
        assert isinstance(app.screen, SaveBrowserScreen)
        assert fake.deleted == []
        assert messages(app) == []


async def test_escape_goes_back_to_the_menu(make_app):
    """Escape closes the browser."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_browser(pilot)
        await pilot.press("escape")
        assert isinstance(app.screen, MainMenuScreen)


async def test_unreadable_directory_shows_an_empty_list_and_an_error(make_app):
    """The browser survives a directory that cannot be listed."""
    app = make_app(fake=FakeStore(list_error=PermissionError(13, "Permission denied")))
    async with app.run_test(size=SIZE) as pilot:
        await open_browser(pilot)
        assert app.screen.table.row_count == 0
        assert messages(app) == ["Cannot read /saves: [Errno 13] Permission denied"]


async def test_help_from_the_browser_lists_its_keys_first(make_app):
    """Help opened on the browser starts its key list with the browser's keys."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_browser(pilot)
        await pilot.press("f1")
        page = app.screen.markdown
        assert page.index("### Saved games") < page.index("### Everywhere")
        assert "- `d`, `Del`: Delete the highlighted save (asks first)" in page
        await pilot.press("escape")
        assert isinstance(app.screen, SaveBrowserScreen)


async def test_real_store_lists_a_junk_file_as_damaged(tmp_path, monkeypatch):
    """With the real saves.store, a junk file is listed as damaged next to a good save."""
    # Arrange: a real race journal and a file of garbage
    from engine import registry  # noqa: PLC0415 - only this test needs the engine
    from saves.journal import Journal  # noqa: PLC0415

    monkeypatch.setitem(registry._loaded, RULESET.name, RULESET)
    created = datetime(2025, 1, 2, 3, 4)  # noqa: DTZ001
    with Journal.create(
        tmp_path / "race.jsonl", RULESET, RULESET.make_setup(None), created=created, seed=1
    ) as journal:
        journal.execute(Step(2))
    (tmp_path / "junk.jsonl").write_bytes(b"\x00\xffthis is not json\n{")
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        # Act
        await open_browser(pilot)
        # Assert: both listed, the junk one damaged
        rows = {row[0]: row for row in table_rows(app)}
        assert rows.keys() == {"race", "junk"}
        assert rows["race"][1:3] == ["Race (test ruleset)", "2025-01-02 03:04"]
        assert rows["race"][4] == "in progress"
        assert rows["junk"][4] == "damaged"
        # Act: try to open the junk file
        junk_row = [row[0] for row in table_rows(app)].index("junk")
        await pilot.press(*["down"] * junk_row, "enter")
        # Assert: one line saying why, and still browsing
        (notice,) = messages(app)
        assert notice.startswith("junk.jsonl")
        assert "\n" not in notice
        assert isinstance(app.screen, SaveBrowserScreen)
