"""Playtest fixes of the DW screens at 80 x 24: the whole log, the hand-over's news, the words.

DW-7.2 steps 3b-5 (ending an activation rolls the declared attacks, told die by die, DW-2.1): the
log panel is three lines high at 80 x 24, so ``H`` opens the whole log on the shared battle-log
screen (turns as headings, DW-7.1), and the hot-seat hand-over tells "What just happened" (the
last command's lines, dice included) before the board hides. DW-11 (a squadron has finished
moving: "have" for several models), DW-3.4 (the builder's squadron count), and the builder's
help page listing the fleet list's keys wherever the focus is.
"""

from __future__ import annotations

import pytest
from textual.binding import Binding

from engine.dystopian.commands import EndActivation, Fire, MoveModel
from engine.dystopian.events import AttackRolled, MovementEnded
from engine.dystopian.fleet_builder import add_squadron, empty_fleet
from engine.dystopian.rules import legal_commands
from engine.narration import tell_entries
from tests.engine.dystopian._assets import models
from tests.tui.dystopian.test_screen_play import (
    activated_and_moved,
    fleets,  # noqa: F401 - fixture
    give,
    open_screen,
)
from tui.app import HexmechApp
from tui.dystopian.builder import FleetBuilderScreen, FleetList, RosterList
from tui.dystopian.game_screen import COMMAND_HINT, DWScreen, PassScreen
from tui.dystopian.log_view import HAPPENED_ROWS, HAPPENED_WIDTH, happened_lines
from tui.screens.confirm import ConfirmScreen
from tui.screens.help import HelpScreen
from tui.screens.history import HistoryLog, HistoryScreen
from tui.widgets.story import Story

SIZE = (80, 24)


def fired(saves, fleets):  # noqa: F811 - the fixture's value
    """Red's cruisers moved and declared their first legal attack (DW-7.2 step 3a)."""
    journal = activated_and_moved(saves, fleets)
    give(journal, next(c for c in legal_commands(journal.game.state) if isinstance(c, Fire)))
    return journal


async def test_h_opens_the_whole_log_with_the_dice(tmp_path, fleets):  # noqa: F811
    """At 80 x 24, after e rolls the attack, H shows every line (the dice too); Escape goes back."""
    journal = fired(tmp_path, fleets)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        await pilot.press("e")
        rolled = [e for e in screen.game.log[-1].events if isinstance(e, AttackRolled)]
        assert rolled
        await pilot.press("H")
        await pilot.pause()
        log = app.screen
        assert isinstance(log, HistoryScreen)
        lines = [t.text for t in log.query_one(HistoryLog).told]
        assert any("Dice: " in line for line in lines)
        assert any("Turn 1" in line or "turn 1" in line for line in lines)  # a heading (DW-7.1)
        assert log.history.search("fires") >= 1
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_the_hand_over_tells_what_just_happened(tmp_path, fleets, monkeypatch):  # noqa: F811
    """Hot-seat: e rolls the attack; the pass screen shows the end and its dice (DW-2.1)."""
    monkeypatch.setattr("tui.dystopian.game_screen.handover_wanted", lambda _directory: True)
    journal = fired(tmp_path, fleets)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        await pilot.press("e")
        await pilot.pause()
        passing = app.screen
        assert isinstance(passing, PassScreen)
        assert passing.player == "Blue"
        assert passing.happened[0] == "# end"
        assert any("Dice: " in line for line in passing.happened)
        assert len(passing.happened) <= HAPPENED_ROWS
        shown = str(passing.query_one("#dw-pass-happened").render())
        assert shown.startswith("What just happened:")
        assert "Dice: " in shown
        await pilot.press("enter")
        assert app.screen is screen


def test_what_just_happened_is_cut_at_eight_rows_with_an_ellipsis(tmp_path, fleets):  # noqa: F811
    """A long command is cut: 8 rows, the last ending in "…"; each row fits the box."""
    journal = fired(tmp_path, fleets)
    give(journal, EndActivation())
    story = Story()
    story.sync(journal.game)
    full = happened_lines(story, rows=1000)
    short = happened_lines(story, rows=2)
    assert full[0] == "# end"
    assert len(full) > 2
    assert short[:1] == full[:1]
    assert short[1].endswith(" …")
    assert len(short) == 2
    assert all(len(row) <= HAPPENED_WIDTH for row in full)


def test_a_squadron_of_several_have_finished_moving(tmp_path, fleets):  # noqa: F811
    """DW-11: "Lancer Cruisers CR-1, CR-2, CR-3 have finished moving." (one model: "has")."""
    journal = activated_and_moved(tmp_path, fleets)
    game = journal.game
    found = [
        (n, k)
        for n, entry in enumerate(game.log)
        if isinstance(entry.command, MoveModel)
        for k, event in enumerate(entry.events)
        if isinstance(event, MovementEnded)
    ]
    assert found
    index, event = found[-1]
    told = tell_entries(
        game.ruleset, game.state_at(index), game.log[index : index + 1], first=index
    )
    line = next(t.text for t in told[0] if t.event == event)
    assert line == "Lancer Cruisers CR-1, CR-2, CR-3 have finished moving."


async def test_ending_unfired_asks_in_plain_words(tmp_path, fleets):  # noqa: F811
    """The question names the squadron: "End the activation of ... without firing?"."""
    journal = activated_and_moved(tmp_path, fleets)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_screen(app, pilot, journal)
        await pilot.press("e")
        await pilot.pause()
        asked = app.screen
        assert isinstance(asked, ConfirmScreen)
        question = "End the activation of Lancer Cruisers CR-1, CR-2, CR-3 without firing?"
        assert question in str(asked.query_one("#confirm-question").render())
        await pilot.press("n")


def test_the_command_hint_writes_ids_in_upper_case():
    """Model ids are upper case (CR-4), as the board and the log write them."""
    assert "at CR-4" in COMMAND_HINT
    assert "cr-4" not in COMMAND_HINT


@pytest.mark.parametrize(("count", "words"), [(1, "1 squadron;"), (2, "2 squadrons;")])
async def test_the_builder_counts_squadrons_in_words(tmp_path, count, words):
    """DW-3.4: one squadron is "1 squadron", not "1 squadrons"."""
    cards = models()
    fleet = empty_fleet()
    for _ in range(count):
        fleet = add_squadron(fleet, cards["CR"])
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(FleetBuilderScreen(cards, {}, tmp_path, fleet=fleet))
        await pilot.pause()
        subtitle = str(app.screen.query_one(FleetList).border_subtitle)
        assert subtitle.startswith(words)


async def test_the_builder_help_lists_the_fleet_keys_from_the_name_field(tmp_path):
    """F1 on the name field lists Enter, + -, o, e E, w, c, x Del with what they do."""
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        fleet = add_squadron(empty_fleet(), models()["CR"])
        app.push_screen(FleetBuilderScreen(models(), {}, tmp_path, fleet=fleet))
        await pilot.pause()
        builder = app.screen
        assert builder.focused is not None
        assert builder.focused.id == "dwb-name"
        await pilot.press("f1")
        await pilot.pause()
        page = app.screen
        assert isinstance(page, HelpScreen)
        text = page.markdown
        for line in (
            "- `Enter`: Roster: add a squadron at its smallest size",
            "- `+`, `-`: Fleet list: one model more or fewer",
            "- `o`: Fleet list: buy or drop the card's options",
            "- `e`, `E`: Fleet list: the next (previous) escorts",
            "- `w`: Fleet list: a carrier's wings",
            "- `c`: Fleet list: the Commodore on this squadron (DW-10.1)",
            "- `x`, `Del`: Fleet list: remove the squadron",
            "- `Ctrl+S`:",
        ):
            assert line in text, line
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is builder
        # the keys listed for help run nothing of the screen's: "o" is typed in the name, and
        # on the roster x removes no squadron of the fleet
        await pilot.press("o")
        assert builder.fleet.name == "o"
        builder.query_one(RosterList).focus()
        await pilot.press("x", "plus")
        assert builder.fleet.squadrons == fleet.squadrons


def test_dw_screen_binds_h_and_no_other_h():
    """H is the log's key, bound once (h stays an order letter, L the legend)."""
    keys = [b.key for b in Binding.make_bindings(DWScreen.BINDINGS)]
    assert keys.count("H") == 1
    assert "H" not in [b.key for b in Binding.make_bindings(HexmechApp.BINDINGS)]


async def test_h_in_a_replay_shows_the_log_up_to_the_place(tmp_path, fleets):  # noqa: F811
    """A replay stepped back to the start: H shows no line of the moves still to come."""
    journal = activated_and_moved(tmp_path, fleets)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(DWScreen(game=journal.game))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DWScreen)
        assert screen.replaying
        await pilot.press("home", "right")  # the roll-off only
        await pilot.press("H")
        await pilot.pause()
        log = app.screen
        assert isinstance(log, HistoryScreen)
        lines = [t.text for t in log.query_one(HistoryLog).told]
        assert lines
        assert not any("finished moving" in line for line in lines)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
