"""The high-score screen: from the menu, best first, a new entry singled out, damage reported."""

from __future__ import annotations

import attrs
from textual.widgets import Static

from saves.scores import ScoreTable
from tests.support.scores import ANN, BO
from tests.tui.fakes import FakeStore, messages
from tests.tui.test_main_menu import menu_keys
from tui.app import HexmechApp
from tui.papermech.scores import BOOK, describe_entry
from tui.screens.help import HelpScreen
from tui.screens.menu import MainMenuScreen
from tui.screens.scores import HighScoresScreen

SIZE = (80, 24)


def app_on(saves_dir):
    """An app whose saves (and so its score table) are in ``saves_dir``; the save list is faked."""
    store = FakeStore([])
    return HexmechApp(
        saves_dir, list_saves=store.list_saves, delete_save=store.delete_save, screens={}
    )


def table_rows(app):
    table = app.screen.table
    return [[cell.plain for cell in table.get_row_at(i)] for i in range(table.row_count)]


def detail(app):
    return str(app.screen.query_one("#scores-detail", Static).render())


async def test_the_menu_entry_shows_the_table_and_escape_returns(tmp_path):
    """Menu -> High scores: one row per entry, best first, every column; Escape goes back."""
    # Arrange: two scores in the table of the saves directory
    path = BOOK.path_for(tmp_path)
    BOOK.add(path, ANN)
    BOOK.add(path, BO)
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        # Act
        await pilot.press(*menu_keys("high-scores"))
        # Assert
        assert isinstance(app.screen, HighScoresScreen)
        assert [str(c.label) for c in app.screen.table.columns.values()] == [
            "Rank",
            "Name",
            "Score",
            "Result",
            "Waves",
            "Date",
        ]  # at 80 columns the loadout would wrap over three lines: it is in the detail instead
        assert table_rows(app) == [
            [
                "1",
                "Bo",
                "310",
                "lost 3/?",
                "9",
                "2026-11-20",
            ],
            [
                "2",
                "Ann",
                "120",
                "won",
                "4",
                "2026-11-21",
            ],
        ]
        assert detail(app) == describe_entry(BO)
        assert detail(app).startswith("Bo - campaign, lost in battle 3, 9 waves cleared")
        assert messages(app) == []
        # Act: the cursor moves; then back to the menu
        await pilot.press("down")
        assert detail(app) == describe_entry(ANN)
        assert "Save: papermech-20261121-183000.jsonl" in detail(app)
        await pilot.press("escape")
        assert isinstance(app.screen, MainMenuScreen)
        assert len(app.screen_stack) == 1


async def test_q_closes_the_table_instead_of_quitting(tmp_path):
    """On this screen q means back, as Escape does; the app keeps running."""
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*menu_keys("high-scores"))
        assert isinstance(app.screen, HighScoresScreen)
        await pilot.press("q")
        assert isinstance(app.screen, MainMenuScreen)
        assert app.return_code is None


async def test_an_empty_table_says_how_to_get_on_it(tmp_path):
    """No file yet: no rows, the empty message, no warning."""
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*menu_keys("high-scores"))
        assert app.screen.table.row_count == 0
        assert detail(app) == (
            "No scores yet: finish a game of Paper 'Mech (not a practice game) to get on the table."
        )
        assert detail(app) == BOOK.empty
        assert messages(app) == []


async def test_a_damaged_table_is_a_warning_and_an_empty_list(tmp_path):
    """A broken scores.json: the screen still opens, empty, and a notice names file and reason."""
    path = BOOK.path_for(tmp_path)
    path.write_text('{"format": "hexmech-scores", "version": 1, "scores": [{"score": "5"}]}')
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*menu_keys("high-scores"))
        assert isinstance(app.screen, HighScoresScreen)
        assert app.screen.table.row_count == 0
        assert detail(app) == BOOK.empty
        (warning,) = messages(app)
        assert warning.startswith(f"{path}: damaged score table (")
        assert "$.scores[0]" in warning
    assert path.read_text().endswith('[{"score": "5"}]}')


async def test_highlight_puts_the_cursor_on_the_new_entry(make_app):
    """Opened at the end of a game with the new entry's rank, the cursor starts on that row."""
    app = make_app()
    table = ScoreTable((BO, ANN, attrs.evolve(ANN, name="Cy", score=5)))
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(HighScoresScreen(table, BOOK, highlight=2))
        await pilot.pause()
        assert app.screen.table.cursor_row == 1
        assert app.screen.highlighted_entry == ANN
        assert detail(app).startswith("Ann - single game, won")
        # The new row is drawn in the "new" style, the others are not.
        new_style = app.screen.get_component_rich_style("high-scores--new", partial=True)
        rows = [app.screen.table.get_row_at(i) for i in range(3)]
        assert [row[1].style == new_style for row in rows] == [False, True, False]


async def test_record_score_adds_the_entry_and_shows_it(tmp_path):
    """The end of a game: the score is written, and the table opens on its row."""
    path = BOOK.path_for(tmp_path)
    BOOK.add(path, BO)
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        # Act
        rank = app.record_score(ANN)
        await pilot.pause()
        # Assert
        assert rank == 2
        assert BOOK.load(path).entries == (BO, ANN)
        assert isinstance(app.screen, HighScoresScreen)
        assert app.screen.highlight == 2
        assert app.screen.table.cursor_row == 1
        assert messages(app) == []


async def test_record_score_on_a_damaged_table_keeps_the_old_file_and_says_so(tmp_path):
    """The damaged table is set aside as scores.json.damaged and the player is told."""
    path = BOOK.path_for(tmp_path)
    path.write_text("not json")
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        rank = app.record_score(ANN)
        await pilot.pause()
        assert rank == 1
        assert (tmp_path / "scores.json.damaged").read_text() == "not json"
        (warning,) = messages(app)
        assert warning.endswith("moved to scores.json.damaged and a new table started")
        assert [row[1] for row in table_rows(app)] == ["Ann"]


async def test_record_score_that_cannot_be_written_is_an_error_notice(tmp_path):
    """A folder where scores.json should be: one error line, and the table still opens."""
    path = BOOK.path_for(tmp_path)
    path.mkdir()
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        rank = app.record_score(ANN)
        await pilot.pause()
        assert rank == 0
        notices = messages(app)
        assert notices[0].startswith(f"Cannot save the score to {path}: ")
        assert notices[1].startswith(f"{path}: cannot read the score table: ")
        assert isinstance(app.screen, HighScoresScreen)


async def test_record_score_below_a_full_table_says_so(tmp_path):
    """A score that does not make the table: a notice, and the table without a highlight."""
    path = BOOK.path_for(tmp_path)
    for n in range(100):
        BOOK.add(path, attrs.evolve(BO, name=f"p{n}", score=1000 - n))
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        rank = app.record_score(attrs.evolve(ANN, score=3))
        await pilot.pause()
        assert rank == 0
        assert messages(app) == ["3 points: not enough for the high scores this time"]
        assert app.screen.highlight is None
        assert app.screen.table.row_count == 100


async def test_help_from_the_table_lists_its_keys_first(tmp_path):
    """The help page has a High scores section, first when opened from the table."""
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*menu_keys("high-scores"), "f1")
        assert isinstance(app.screen, HelpScreen)
        page = app.screen.markdown
        assert page.index("### High scores") < page.index("### Everywhere")
        assert "- `Esc`, `q`: Close the high scores" in page
        await pilot.press("escape")
        assert isinstance(app.screen, HighScoresScreen)


def test_the_detail_line_describes_an_entry():
    """Name, kind of game and result, waves, date and seed; the loadout; the save if any."""
    assert describe_entry(BO).splitlines() == [
        "Bo - campaign, lost in battle 3, 9 waves cleared - 2026-11-20, seed unknown",
        "Loadout: LS Claw / RS Flamer / LA Laser / RA Laser, torso 6, legs 3",
    ]
    one_battle = attrs.evolve(BO, battles=1, won=True, save="c.jsonl", planned=1)
    assert describe_entry(one_battle).splitlines()[0] == (
        "Bo - campaign of 1 battle, won, 9 waves cleared - 2026-11-20, seed unknown"
    )
    assert describe_entry(one_battle).splitlines()[-1] == (
        "Save: c.jsonl (Replays in the main menu plays it back)"
    )
