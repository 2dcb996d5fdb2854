"""The BattleTech new-game form: scenarios, a custom game's board, units and pilots, errors."""

from __future__ import annotations

from textual.widgets import Input, OptionList, Static

from engine.battletech.state import Pilot
from tests.tui.test_bt_play import library  # noqa: F401 - the fixture
from tui.app import HexmechApp
from tui.battletech.setup import CUSTOM, GENERATED, BTSetupScreen, BTStart, scenarios

SIZE = (100, 40)


async def open_form(app, pilot) -> list[BTStart | None]:
    """Open the form over the menu; return the list that receives what it dismisses with."""
    started: list[BTStart | None] = []
    app.push_screen(BTSetupScreen(random_seed=99), started.append)
    await pilot.pause()
    return started


def error(app) -> str:
    return str(app.screen.query_one("#bs-error", Static).render())


def test_the_bundled_scenarios_are_listed_default_first(library) -> None:  # noqa: F811
    """The default scenario first, then the others by name, each with its title and sides."""
    found = scenarios()
    names = [s.name for s in found]
    assert names[0] == "default"
    assert names[1:] == sorted(names[1:])
    assert {"lance", "scouts"} <= set(names)
    assert found[0].title == "Meeting engagement"
    assert "Davion 2 v Kurita 2" in found[0].about


async def test_enter_starts_the_default_scenario(tmp_path, library) -> None:  # noqa: F811
    """The form opens on the default scenario: Enter starts it with the offered seed."""
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        started = await open_form(app, pilot)
        await pilot.press("enter")
    (start,) = started
    assert start.seed == 99
    assert start.setup.title == "Meeting engagement"
    assert [u.design.name for u in start.setup.units] == [
        "Griffin GRF-1N",
        "Hunchback HBK-4G",
        "Shadow Hawk SHD-2H",
        "Wolverine WVR-6R",
    ]
    assert start.setup.units[0].pilot.name == "Kell"


async def test_a_custom_game_from_the_library_with_edited_pilots(tmp_path, library) -> None:  # noqa: F811
    """Custom game: a board, a 'Mech for each side (1 and 2), a pilot renamed, Ctrl+S."""
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        started = await open_form(app, pilot)
        screen = app.screen
        game = screen.query_one("#bs-game")
        game.index = game.options.index(CUSTOM)
        await pilot.pause()
        # Act: nothing chosen yet: the form says what is missing
        await pilot.press("ctrl+s")
        assert error(app) == "Davion has no 'Mech yet: highlight one in the list and press 1."
        # Add the first library unit to side 1, the second to side 2
        units = screen.query_one("#bs-library", OptionList)
        units.focus()
        await pilot.press("1", "down", "2")
        roster = screen.query_one("#bs-roster", OptionList)
        assert roster.option_count == 4  # two headings, two units
        # Rename the highlighted (the last added) unit's pilot and make it a better shot
        pilot_name = screen.query_one("#bs-pilot", Input)
        pilot_name.value = "Natasha"
        screen.query_one("#bs-gunnery", Input).value = "2"
        await pilot.pause()
        await pilot.press("ctrl+s")
    (start,) = started
    setup = start.setup
    assert setup.sides == ("Davion", "Kurita")
    assert [u.design.name for u in setup.units] == ["Archer ARC-2R", "Atlas AS7-D"]
    assert [u.side for u in setup.units] == [0, 1]
    assert setup.units[0].pilot == Pilot("Kell", 4, 5)  # BT-M-13: Inner Sphere defaults
    assert setup.units[1].pilot == Pilot("Natasha", 2, 5)
    assert all(u.hex is None for u in setup.units)  # deployed in play
    assert setup.board == library.board("badlands")  # the first board of the list


async def test_a_generated_map_and_bad_numbers(tmp_path, library) -> None:  # noqa: F811
    """A generated map takes its style, size and seed; a bad size is one line, no start."""
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        started = await open_form(app, pilot)
        screen = app.screen
        game = screen.query_one("#bs-game")
        game.index = game.options.index(CUSTOM)
        board = screen.query_one("#bs-board")
        board.index = board.options.index(GENERATED)
        await pilot.pause()
        screen.query_one("#bs-library", OptionList).focus()
        await pilot.press("1", "2")
        screen.query_one("#bs-width", Input).value = "300"
        await pilot.press("ctrl+s")
        assert error(app) == "The map width must be a whole number from 4 to 120, not '300'."
        assert started == []
        screen.query_one("#bs-width", Input).value = "12"
        screen.query_one("#bs-height", Input).value = "10"
        await pilot.press("ctrl+s")
    (start,) = started
    assert (start.setup.board.width, start.setup.board.height) == (12, 10)


async def test_a_pilot_skill_out_of_range_is_refused(tmp_path, library) -> None:  # noqa: F811
    """Piloting 9 is not accepted: the error line says the range; the roster keeps 5."""
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_form(app, pilot)
        screen = app.screen
        game = screen.query_one("#bs-game")
        game.index = game.options.index(CUSTOM)
        await pilot.pause()
        screen.query_one("#bs-library", OptionList).focus()
        await pilot.press("1")
        screen.query_one("#bs-piloting", Input).value = "9"
        await pilot.pause()
        assert error(app) == "Piloting must be a whole number from 0 to 8, not '9'."
        assert screen.roster[0].pilot.piloting == 5
        # Delete removes the unit from the roster
        screen.query_one("#bs-roster", OptionList).focus()
        await pilot.press("delete")
        assert screen.roster == []


async def test_escape_cancels(tmp_path, library) -> None:  # noqa: F811
    """Escape dismisses with None: no game."""
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        started = await open_form(app, pilot)
        await pilot.press("escape")
    assert started == [None]
