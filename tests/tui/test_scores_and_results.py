"""Issue 13 item 6: the high-score table and the BattleTech result screen, nothing cut at 80x24.

Every finished game enters the table, won or lost, with a Result column; a campaign says the
battle it was lost in; the loadout, the seed and the save are in the detail under the table; an
old table (written before the campaign's length was kept) still loads.
"""

from __future__ import annotations

import json
from types import SimpleNamespace

import attrs
from textual.widgets import Static

from engine.battletech import events as ev
from engine.hexes import Facing
from tests.engine.battletech._build import design, start, terrain_board
from tests.support.scores import ANN, BO
from tests.tui.test_high_scores import app_on, detail, table_rows
from tests.tui.test_loadout_builder import Host
from tests.tui.test_main_menu import menu_keys
from tui.battletech.result import FOOTER, BTResultScreen
from tui.papermech.scores import BOOK, describe_entry, result_text
from tui.screens.scores import column_widths

LOST_CAMPAIGN = attrs.evolve(BO, battles=1, planned=2, score=40, seed=20261120)
"""A campaign of 2 battles lost in the first (issue 13: it showed as "campaign of 1 battle")."""
LONG_NAME = attrs.evolve(ANN, name="Maximilian Longnamed Pil", score=0, won=False, waves=2)
"""A lost single game (PM-13: it scores 0) by a pilot with a 24-character name."""


def visible_width(app) -> int:
    """The widest row of the table on screen: the columns' widths plus their padding."""
    table = app.screen.table
    return sum(column.get_render_width(table) for column in table.columns.values())


def on_screen(app) -> str:
    """The text of the whole screen, line by line, as the terminal shows it."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(segment.text for segment in strip) for strip in strips)


# ---------------------------------------------------------------- the high-score table
def test_the_result_column_says_won_or_lost_and_a_campaigns_battle() -> None:
    """Single games: won, lost; a campaign: the battle reached of the battles set up."""
    assert result_text(ANN) == "won"
    assert result_text(LONG_NAME) == "lost"
    assert result_text(LOST_CAMPAIGN) == "lost 1/2"
    assert result_text(attrs.evolve(LOST_CAMPAIGN, battles=2, won=True)) == "won 2/2"
    # An old entry does not know the campaign's length: a lost one says so; a won one fought all
    assert result_text(attrs.evolve(BO, planned=None)) == "lost 3/?"
    assert result_text(attrs.evolve(BO, planned=None, won=True)) == "won 3/3"


def test_the_detail_of_a_campaign_lost_in_battle_1_of_2_says_so() -> None:
    """Not "campaign of 1 battle": the length set up, and the battle it was lost in."""
    first = describe_entry(LOST_CAMPAIGN).splitlines()[0]
    assert first == (
        "Bo - campaign of 2 battles, lost in battle 1, 9 waves cleared - 2026-11-20, seed 20261120"
    )


def test_the_detail_has_the_seed_the_full_loadout_and_the_save() -> None:
    """What the columns leave out is under the table, in full."""
    assert describe_entry(ANN).splitlines() == [
        "Ann - single game, won, 4 waves cleared - 2026-11-21, seed 20261121",
        "Loadout: LS Wing Shield / RS Missiles / LA Laser / RA Fist, torso 5, legs 4",
        "Save: papermech-20261121-183000.jsonl (Replays in the main menu plays it back)",
    ]


def test_the_loadout_column_is_left_out_rather_than_wrapped_over_more_than_two_lines() -> None:
    """The fixed columns keep their text; the wrapping ones share the rest; an optional one goes."""
    columns = ("Rank", "Name", "Loadout")
    rows = [("1", "A" * 20, "L" * 40)]
    # 60 columns: 6 of padding, 4 for Rank, 50 for the others: both fit whole
    assert column_widths(columns, rows, {"Name", "Loadout"}, 60, optional={"Loadout"}) == [
        4,
        20,
        30,
    ]
    # 50: Loadout gets 20, half its text (two lines)
    assert column_widths(columns, rows, {"Name", "Loadout"}, 50, optional={"Loadout"}) == [
        4,
        20,
        20,
    ]
    # 40: it would need three lines: left out, and Name has room again
    assert column_widths(columns, rows, {"Name", "Loadout"}, 40, optional={"Loadout"}) == [
        4,
        20,
        None,
    ]


async def test_at_80x24_every_row_fits_with_a_result_column(tmp_path) -> None:
    """Won and lost games both enter; no row is wider than the screen; the detail has the rest."""
    path = BOOK.path_for(tmp_path)
    for entry in (ANN, BO, LOST_CAMPAIGN, LONG_NAME):
        BOOK.add(path, entry)
    app = app_on(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*menu_keys("high-scores"))
        labels = [str(c.label) for c in app.screen.table.columns.values()]
        assert labels == ["Rank", "Name", "Score", "Result", "Waves", "Date"]
        assert table_rows(app) == [
            ["1", "Bo", "310", "lost 3/?", "9", "2026-11-20"],
            ["2", "Ann", "120", "won", "4", "2026-11-21"],
            ["3", "Bo", "40", "lost 1/2", "9", "2026-11-20"],
            ["4", "Maximilian Longnamed Pil", "0", "lost", "2", "2026-11-21"],
        ]
        assert visible_width(app) <= 80 - 2
        assert "Loadout: LS Claw / RS Flamer" in detail(app)
        await pilot.press("down", "down")
        assert detail(app).startswith("Bo - campaign of 2 battles, lost in battle 1,")
        # Act: a wider screen has room for the loadout (shortened: the mounts are in order)
        await pilot.resize_terminal(160, 40)
        await pilot.pause()
        labels = [str(c.label) for c in app.screen.table.columns.values()]
        assert labels[-1] == "Loadout"
        assert table_rows(app)[1][-1] == "Wing Shield / Missiles / Laser / Fist, torso 5, legs 4"
        assert app.screen.table.cursor_row == 2  # the cursor stayed on its row
        assert visible_width(app) <= 160 - 2


async def test_an_old_table_without_the_campaign_length_still_loads(tmp_path) -> None:
    """A table written before ``planned`` was kept: read as it is, no warning; adding keeps it."""
    old = {
        "format": "hexmech-scores",
        "version": 1,
        "scores": [
            {
                "name": "Bo",
                "date": "2026-11-20",
                "seed": None,
                "loadout": "LS Claw / RS Flamer / LA Laser / RA Laser, torso 6, legs 3",
                "score": 310,
                "waves": 9,
                "mode": "campaign",
                "battles": 3,
                "won": False,
                "save": None,
            }
        ],
    }
    path = BOOK.path_for(tmp_path)
    path.write_text(json.dumps(old))
    table = BOOK.load(path)
    assert table.warning is None
    assert table.entries == (attrs.evolve(BO, planned=None),)
    assert describe_entry(table.entries[0]).startswith("Bo - campaign, lost in battle 3,")
    # Adding a new entry keeps the old one and writes the new field
    assert BOOK.add(path, LOST_CAMPAIGN) == 2
    stored = json.loads(path.read_text())["scores"]
    assert [s.get("planned") for s in stored] == [None, 2]
    assert BOOK.load(path).entries == (attrs.evolve(BO, planned=None), LOST_CAMPAIGN)


async def test_a_lost_game_enters_the_table_marked_lost(tmp_path) -> None:
    """Arcade rule: a lost game is recorded too (below every game with points), marked lost."""
    app = app_on(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.record_score(ANN)
        await pilot.pause()
        rank = app.record_score(LONG_NAME)
        await pilot.pause()
        assert rank == 2
        assert [row[3] for row in table_rows(app)] == ["won", "lost"]
        assert app.screen.table.cursor_row == 1


# ---------------------------------------------------------------- the BattleTech result
def finished_game():
    """A game whose Phoenix Hawk blew up (a long cause), against a 'Mech with a long name."""
    state = start(
        terrain_board(),
        [
            (design(45, name="Phoenix Hawk"), 0, "0101", Facing.S),
            (design(50, name="Black Knight Extended Refit"), 1, "0808", Facing.N),
        ],
    )
    state = state.replace_unit(0, attrs.evolve(state.units[0], destroyed=True))
    state = attrs.evolve(state, winner=1)
    cause = "ammunition explosion in the center torso (heat): engine destroyed"
    events = [ev.UnitDestroyed(0, cause, by=None), ev.GameEnded(1, "Red has the last units")]
    return SimpleNamespace(state=state, entries=[SimpleNamespace(events=events)])


async def test_the_result_screen_cuts_no_status_and_says_where_the_replay_is() -> None:
    """At 80x24 the cause of a loss is whole, a long name too; the footer names Replays."""
    game = finished_game()
    app = Host(BTResultScreen(game, ["P", "b"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = str(app.screen.query_one("#result-table", Static).render())
        lines = table.splitlines()
        assert lines[2:4] == [
            "    destroyed: ammunition explosion in the center torso (heat): engine",
            "      destroyed",
        ]
        assert any(
            line.startswith("  P Phoenix Hawk T-45") and "destroyed" in line for line in lines
        )
        assert "  b Black Knight Extended Refit T-50" in " ".join(lines)
        assert all(len(line) <= 72 for line in lines)
        screen = on_screen(app)
        assert "│     destroyed: ammunition explosion in the center torso (heat): engine" in screen
        footer = str(app.screen.query_one("#result-footer", Static).render())
        assert footer.replace("\n", " ") == FOOTER
        assert "Replays in the main menu" in FOOTER
        await pilot.press("enter")
        assert app.results == [None]
