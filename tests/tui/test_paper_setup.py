"""The new-game form of Paper 'Mech: what each field gives the game, and what it refuses."""

from __future__ import annotations

import datetime as dt

import pytest
from textual.widgets import Input, Static

from engine.papermech.state import Loadout, PaperSetup
from engine.papermech.tables import Mount, Weapon
from saves.scores import daily_seed
from tests.tui.test_loadout_builder import Host
from tui.papermech.loadout import LoadoutBuilderScreen
from tui.papermech.setup import PaperSetupScreen, PaperStart

SIZE = (80, 24)
TODAY = dt.date(2026, 11, 21)
RANDOM_SEED = 987_654_321

# Keys from the pilot's name (focused at first) to each field.
TO_MODE = ["down"]
TO_SEED = ["down", "down"]  # single game: the battles field is hidden
TO_UNDO = ["down", "down", "down"]


def form(pilot="Pilot"):
    return Host(PaperSetupScreen(today=TODAY, random_seed=RANDOM_SEED, pilot=pilot))


def text(app, selector):
    return str(app.screen.query_one(selector, Static).render())


def start(*, seed=RANDOM_SEED, daily=False, practice=False, battles=1, loadout=None, pilot="Pilot"):
    """The PaperStart the form should give."""
    setup = PaperSetup(loadout or Loadout(), battles, pilot)
    return PaperStart(setup=setup, seed=seed, daily=daily, practice=practice)


async def test_the_defaults_start_a_single_game_on_the_random_seed():
    """Ctrl+S at once: default loadout, one battle, the injected random seed, not practice."""
    app = form()
    async with app.run_test(size=SIZE) as pilot:
        # Assert: the form says what it will do
        assert app.screen.query_one("#ps-pilot", Input).has_focus
        assert text(app, "#ps-seed-note") == str(RANDOM_SEED)
        assert text(app, "#ps-loadout") == Loadout().describe()
        assert text(app, "#ps-weight") == "W 12 / 12, no weight penalty"
        assert not app.screen.query_one("#ps-battles-row").display
        # Act
        await pilot.press("ctrl+s")
    assert app.results == [start()]


async def test_enter_on_the_start_button_starts():
    """Down through the fields reaches Start; Enter there starts the game."""
    app = form()
    async with app.run_test(size=SIZE) as pilot:
        # pilot, mode, seed, undo, Edit loadout, Start
        await pilot.press(*["down"] * 5)
        assert app.screen.focused.id == "ps-start"
        await pilot.press("enter")
    assert app.results == [start()]


async def test_enter_in_a_field_goes_on_to_the_next_instead_of_starting():
    """Only the Start button (or Ctrl+S) starts."""
    app = form()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        assert app.screen.focused.id == "ps-mode"
        await pilot.press("enter")
        assert app.screen.focused.id == "ps-seed"
        assert app.results == []


async def test_the_pilots_name_is_typed_and_kept_to_24_characters():
    """The name field starts with the given name and takes at most 24 characters."""
    app = form(pilot="")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*("space" if c == " " else c for c in "Annequinn the Quick of Qarth"))
        name = app.screen.query_one("#ps-pilot", Input).value
        assert name == "Annequinn the Quick of Qarth"[:24]
        await pilot.press("ctrl+s")
    assert app.results == [start(pilot=name)]


async def test_an_empty_pilot_name_is_refused():
    """No name, no game: a one-line error and the form stays."""
    app = form(pilot="   ")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+s")
        assert app.results == []
        assert text(app, "#ps-error") == "The pilot needs a name."
        assert isinstance(app.screen, PaperSetupScreen)
        # Act: typing clears the error, and a name starts
        await pilot.press("end", "A", "n", "n")
        assert text(app, "#ps-error") == ""
        await pilot.press("ctrl+s")
    assert app.results == [start(pilot="Ann")]


async def test_the_daily_seed_is_the_date_of_today():
    """Seed "daily": `daily_seed(today)`, marked as daily."""
    app = form()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*TO_SEED, "right")
        assert text(app, "#ps-seed-note").startswith(f"{daily_seed(TODAY)}: the same")
        await pilot.press("ctrl+s")
    assert app.results == [start(seed=20261121, daily=True)]


async def test_a_typed_seed_is_used_as_it_is():
    """Seed "number" opens a field for the number."""
    app = form()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*TO_SEED, "left")  # random -> number, wrapping around
        seed_field = app.screen.query_one("#ps-seed-number", Input)
        assert seed_field.display
        await pilot.press("down", "4", "2", "4", "2", "ctrl+s")
    assert app.results == [start(seed=4242)]


@pytest.mark.parametrize(
    ("typed", "error"),
    [
        ("12a", "The seed must be a whole number such as 1234, not '12a'."),
        ("-5", "The seed must be a whole number such as 1234, not '-5'."),
        ("", "Type the seed (a whole number), or choose random or daily."),
    ],
)
async def test_a_seed_that_is_not_a_whole_number_is_refused(typed, error):
    """A one-line error, and no game."""
    app = form()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*TO_SEED, "left", "down", *typed, "ctrl+s")
        assert app.results == []
        assert text(app, "#ps-error") == error
        assert isinstance(app.screen, PaperSetupScreen)


async def test_a_campaign_has_3_battles_unless_changed():
    """Campaign shows the battles field at 3; it goes from 2 to 5."""
    app = form()
    async with app.run_test(size=SIZE) as pilot:
        # Act: choose a campaign
        await pilot.press(*TO_MODE, "right")
        assert app.screen.query_one("#ps-battles-row").display
        assert app.screen.battles == 3
        # Act: one more battle, twice: 5, then around to 2
        await pilot.press("down", "right", "right")
        assert app.screen.battles == 5
        await pilot.press("right")
        assert app.screen.battles == 2
        await pilot.press("left", "ctrl+s")
    assert app.results == [start(battles=5)]


async def test_back_to_a_single_game_means_one_battle():
    """Campaign and back: the battles field hides again."""
    app = form()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*TO_MODE, "right", "left")
        assert not app.screen.query_one("#ps-battles-row").display
        await pilot.press("ctrl+s")
    assert app.results == [start(battles=1)]


async def test_practice_undo_is_flagged_and_said_to_stay_off_the_table():
    """Undo "practice" sets practice and warns about the high-score table."""
    app = form()
    async with app.run_test(size=SIZE) as pilot:
        assert text(app, "#ps-undo-note") == "undo stops at a dice roll"
        await pilot.press(*TO_UNDO, "right")
        assert text(app, "#ps-undo-note") == "not entered on the high-score table"
        await pilot.press("ctrl+s")
    assert app.results == [start(practice=True)]


async def test_edit_loadout_opens_the_builder_and_keeps_what_it_accepts():
    """Ctrl+L, a change, Enter: the form shows the new loadout and starts with it."""
    app = form()
    async with app.run_test(size=SIZE) as pilot:
        # Act: RA Fist -> Plasma Sword
        await pilot.press("ctrl+l")
        assert isinstance(app.screen, LoadoutBuilderScreen)
        await pilot.press("down", "down", "down", "right", "enter")
        # Assert
        assert isinstance(app.screen, PaperSetupScreen)
        new = Loadout.parse("RA=plasma-sword")
        assert new.weapon(Mount.RA) is Weapon.PLASMA_SWORD
        assert text(app, "#ps-loadout") == new.describe()
        await pilot.press("ctrl+s")
    assert app.results == [start(loadout=new)]


async def test_a_cancelled_loadout_edit_changes_nothing():
    """The Edit loadout button, a change, Escape: the old loadout stays."""
    app = form()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#ps-edit")
        assert isinstance(app.screen, LoadoutBuilderScreen)
        await pilot.press("right", "escape")
        assert text(app, "#ps-loadout") == Loadout().describe()
        await pilot.press("ctrl+s")
    assert app.results == [start()]


async def test_an_overweight_loadout_shows_its_penalty():
    """The loadout line gives the weight and the penalty, in the warning style."""
    app = form()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+l", "right", "right", "enter")  # LS Wing Shield -> Flamethrower
        assert text(app, "#ps-weight") == "W 13 / 12, every action +1 T"
        assert app.screen.query_one("#ps-weight").has_class("-over")


@pytest.mark.parametrize("keys", [["escape"], ["down", "escape"]])
async def test_escape_cancels_with_none(keys):
    """No game is started."""
    app = form()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*keys)
    assert app.results == [None]


async def test_the_cancel_button_cancels():
    """The mouse way out."""
    app = form()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#ps-cancel")
    assert app.results == [None]
