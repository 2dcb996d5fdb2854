"""A BattleTech replay's Home and End repaint the screen, never lay it out again (issue 14, row 1).

The record sheet is as tall whatever its unit's state (blank rows stand for the status, flags and
heat lines not used), and the log's scrollbar always stands, so nothing on the screen changes size
between the start and the end of a game.
"""

from __future__ import annotations

import pytest
from rich.console import Console

from engine.battletech.designs.mech import Location
from engine.battletech.state import Pilot, UnitSetup, UnitState
from tests.engine.battletech._build import design, evolved_unit
from tests.tui.replay_games import bt_library, bt_save
from tui.app import HexmechApp
from tui.battletech.widgets.record import RecordData, RecordSheet, render_record
from tui.screens.watch import watch
from tui.widgets.log import EventLog

COMMANDS = 200


@pytest.fixture
def griffin():
    mech = design(
        55,
        5,
        name="Griffin",
        equipment=(("PPC", Location.RA), ("LRM 10", Location.RT), ("IS Ammo LRM-10", Location.RT)),
    )
    return UnitState.from_setup(UnitSetup(mech, 0, Pilot("Kell", 4, 5)))


def rows(data: RecordData, *, compact: bool) -> list[str]:
    width = 32 if compact else 41
    console = Console(width=width, color_system=None, record=True)
    console.print(render_record(data, {}, compact=compact))
    return console.export_text().split("\n")


@pytest.mark.parametrize("compact", [False, True], ids=["wide", "compact"])
@pytest.mark.parametrize("page", ["sheet", "criticals"])
def test_the_sheet_is_as_tall_whatever_the_state(griffin, compact, page) -> None:
    """Fresh, undeployed vs prone and shut down, hot and deployed: the same rows."""
    fresh = rows(RecordData(griffin, "G", "Davion", None, "", page), compact=compact)
    hot = evolved_unit(griffin, prone=True, shutdown=True, heat=12)
    worn = rows(RecordData(hot, "G", "Davion", None, "0805 facing SE", page), compact=compact)
    assert len(fresh) == len(worn)
    if page == "sheet":
        assert any("PRONE" in row for row in worn)
        assert not any("PRONE" in row for row in fresh)
        assert fresh[-2] == ""  # the unused rows are blank, at the bottom
        assert worn != fresh


@pytest.fixture(scope="module")
def long_game(tmp_path_factory):
    directory = tmp_path_factory.mktemp("seek")
    with bt_library(tmp_path_factory) as library:
        return bt_save(directory, library, name="bt-seek", commands=COMMANDS)


def _spy(widget, calls: list[str]) -> None:
    """Note the widget's every ``refresh(layout=True)``."""
    real = widget.refresh

    def refresh(*regions, **kwargs):
        if kwargs.get("layout"):
            calls.append(type(widget).__name__)
        return real(*regions, **kwargs)

    widget.refresh = refresh


async def test_home_and_end_lay_out_neither_the_sheet_nor_the_log(long_game) -> None:
    """Another unit's sheet and the whole log at the end, none at the start: no layout asked.

    At 120 x 40 (issue 14, row 1). (The unit list's rows still wrap as their words grow, and so
    does a long status line in the compact sheet: those are not this test's.)
    """
    app = HexmechApp(long_game.parent)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(watch(long_game, follow=False))
        await pilot.pause()
        await pilot.press("end")  # the first End (the end's rows told and wrapped after opening)
        await pilot.pause()
        sheet = app.screen.query_one(RecordSheet)
        log = app.screen.query_one(EventLog)
        calls: list[str] = []
        _spy(sheet, calls)
        _spy(log, calls)
        height = sheet.size.height
        seen = []
        for key in ("home", "end", "home", "end"):
            await pilot.press(key)
            await pilot.pause()
            await pilot.pause()
            assert sheet.data is not None
            seen.append((sheet.data.letter, sheet.data.status, log.virtual_size.height))
            assert log.show_vertical_scrollbar
            assert sheet.size.height == height
            assert calls == [], key
        start, end = seen[0], seen[1]
        assert start[:2] != end[:2]  # the sheet was drawn anew
        assert start[2] < log.size.height < end[2]  # nothing to scroll at the start, then lines
        assert seen[2:] == seen[:2]
