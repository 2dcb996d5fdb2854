"""The fleet builder by keys: build the sample naval fleet, save it, start a game with it.

DW-22.2 (squadrons, the MFV), DW-22.3 (a Friendly game), DW-3.4 (sizes from the card), DW-21
(escorts), DW-20.1 (the free wings), DW-10.1 (the Commodore); DW-28.13 item 2. The saved file is
the layout ``hexmech validate`` checks, and the library reads it back as the same fleet. Files
go to a test folder (the user's folder is patched), never the real one.
"""

from __future__ import annotations

import errno

import attrs
import pytest
from textual.widgets import Input, Select, Static

from engine.dystopian.data.fleetfile import format_fleet, parse_fleet
from engine.dystopian.fleet import GameType
from engine.dystopian.fleet_builder import add_squadron, empty_fleet
from engine.dystopian.models import TinyKind
from engine.dystopian.ruleset import RULESET
from tests.engine.dystopian._assets import models
from tests.tui.dystopian.test_screen_play import fleets  # noqa: F401 - fixture
from tui.app import HexmechApp
from tui.dystopian.builder import FleetBuilderScreen
from tui.dystopian.builder_dialogs import FleetPicker, WingsDialog
from tui.dystopian.game_screen import DWScreen
from tui.dystopian.library import read_library
from tui.dystopian.screen import new_game
from tui.dystopian.setup import DWSetupScreen
from tui.dystopian.validate import check_paths
from tui.screens.confirm import ConfirmScreen

SIZE = (80, 24)
NAVAL = "Sample naval fleet"


@pytest.fixture
def user(tmp_path, monkeypatch):
    """The user's DW folder, in the test's own folder."""
    folder = tmp_path / "user" / "dystopian"
    monkeypatch.setattr("tui.dystopian.library.user_folder", lambda: folder)
    return folder


def said(app, monkeypatch):
    """Every notification's text, as the app is told it."""
    lines: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **_: lines.append(message))
    return lines


def builder(user, fleets, fleet=None):  # noqa: F811
    return FleetBuilderScreen(models(), fleets, user, fleet=fleet)


def text(screen, selector):
    return str(screen.query_one(selector, Static).render())


async def _build_the_sample_naval_fleet(pilot):
    """Name, 400 points, Friendly; BB + 2 ES, 3 CR, 3 FF; free wings 4 F, 3 T, 3 T (DW-28.12)."""
    await pilot.press(*"Home Fleet", "tab", "backspace", "backspace", "backspace", *"400")
    await pilot.press("tab", "enter", "down", "enter")  # the game type: Friendly
    await pilot.press("tab", "tab")  # past the Base Force (naval) to the roster
    await pilot.press("down", "enter", "down", "enter", "down", "down", "enter")  # BB, CR, FF
    await pilot.press("tab", "up", "up", "e", "e")  # to the fleet: the BB takes 2 escorts
    await pilot.press("down", "plus")  # a third cruiser
    await pilot.press("down", "down", "enter")  # the free wings
    await pilot.pause()
    assert isinstance(pilot.app.screen, WingsDialog)
    await pilot.press("right", "right", "down", "space", "space", "down", "space", "space")
    await pilot.press("escape")
    await pilot.pause()


async def test_build_a_fleet_save_it_and_start_a_game_with_it(tmp_path, user, fleets):  # noqa: F811
    """Ctrl+B builds the 390-point sample fleet; Ctrl+S saves and chooses it; the game uses it."""
    app = HexmechApp(tmp_path, first=new_game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, DWSetupScreen)
        await pilot.press("ctrl+b")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FleetBuilderScreen)
        await _build_the_sample_naval_fleet(pilot)
        built = screen.fleet
        assert built == attrs.evolve(fleets[NAVAL], name="Home Fleet")
        assert "Total 390 of 400 pts (10 left)" in text(screen, "#dwb-total")
        assert text(screen, "#dwb-problem") == "Legal: Ctrl+S saves the fleet."
        await pilot.press("ctrl+s")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, DWSetupScreen)
        assert form.chosen == ["Home Fleet", NAVAL]
        assert form.query_one("#dws-fleet-0", Select).value == "Home Fleet"
        assert "390 of 400 pts" in text(form, "#dws-points-0")
        assert RULESET.library is not None
        assert RULESET.library.fleets["Home Fleet"] == built
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, DWScreen)
        state = app.screen.game.state
        assert state.setup.players[0].fleet == built
        assert state.setup.players[0].fleet.name == "Home Fleet"
    # the file: the layout hexmech validate checks, read back as the same fleet
    path = user / "home-fleet.dw.toml"
    (verdict,) = check_paths([path])
    assert verdict.ok, verdict.error
    assert verdict.summary.startswith("friendly, naval, 390 of 400 points")
    assert parse_fleet(path.read_text(encoding="utf-8"), models()) == built
    library, skipped = read_library()
    assert skipped == []
    assert library.fleets["Home Fleet"] == built


async def test_a_fleet_that_is_not_legal_is_not_saved(tmp_path, user, fleets, monkeypatch):  # noqa: F811
    """DW-22.2: no name and no squadrons: the first problem is said, no file is written."""
    app = HexmechApp(tmp_path, first=lambda: builder(user, fleets))
    lines = said(app, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert text(app.screen, "#dwb-problem") == "Name the fleet."
        await pilot.press(*"Sample naval fleet")
        assert text(app.screen, "#dwb-problem") == (
            "Another fleet is already named 'Sample naval fleet'."
        )
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, FleetBuilderScreen)
    assert lines == ["Another fleet is already named 'Sample naval fleet'."]
    assert not user.exists()


async def test_saving_over_a_fleet_file_asks_first(tmp_path, user, fleets):  # noqa: F811
    """An existing file is overwritten only after y; n leaves it as it was."""
    fleet = add_squadron(empty_fleet("Raiders"), models()["CR"])
    path = user / "raiders.dw.toml"
    user.mkdir(parents=True)
    path.write_text("# my notes\n", encoding="utf-8")
    app = HexmechApp(tmp_path, first=lambda: builder(user, fleets, fleet))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Overwrite raiders.dw.toml" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, FleetBuilderScreen)
        assert path.read_text(encoding="utf-8") == "# my notes\n"
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert parse_fleet(path.read_text(encoding="utf-8"), models()) == fleet


async def test_a_full_disk_is_one_line_and_the_builder_stays(tmp_path, user, fleets, monkeypatch):  # noqa: F811
    """A write that fails (no space left) says so in one line; nothing is chosen or remembered."""
    fleet = add_squadron(empty_fleet("Raiders"), models()["CR"])

    def full(_fleet, _path):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("tui.dystopian.builder.write_fleet", full)
    app = HexmechApp(tmp_path, first=lambda: builder(user, fleets, fleet))
    lines = said(app, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, FleetBuilderScreen)
    assert lines == [f"Cannot save {user / 'raiders.dw.toml'}: No space left on device"]
    assert RULESET.library is not None
    assert "Raiders" not in RULESET.library.fleets


async def test_a_bad_file_in_the_folder_is_left_out_and_a_fleet_is_deleted_after_a_question(
    tmp_path,
    user,
    fleets,  # noqa: F811
    monkeypatch,
):
    """Ctrl+O lists the fleets (yours marked); d, y deletes your file; a broken file is skipped."""
    user.mkdir(parents=True)
    (user / "broken.dw.toml").write_text('format = "dw-fleet"\nname = [\n', encoding="utf-8")
    mine = add_squadron(empty_fleet("Raiders", game=GameType.OPEN), models()["CR"])
    path = user / "raiders.dw.toml"
    path.write_text(format_fleet(mine), encoding="utf-8")
    app = HexmechApp(tmp_path, first=lambda: builder(user, {**fleets, "Raiders": mine}))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, FleetPicker)
        assert picker.names == ["Raiders", "Sample carrier group", NAVAL]
        assert picker.mine == {"Raiders"}
        await pilot.press("down", "d")  # not yours: refused, the picker stays
        await pilot.pause()
        assert app.screen is picker
        await pilot.press("up", "d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, FleetBuilderScreen)
    assert not path.exists()
    assert (user / "broken.dw.toml").exists()


async def test_opening_a_fleet_starts_from_it(tmp_path, user, fleets):  # noqa: F811
    """Ctrl+O and Enter on the carrier group: its name, points and squadrons fill the builder."""
    app = HexmechApp(tmp_path, first=lambda: builder(user, fleets))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FleetBuilderScreen)
        assert screen.fleet == fleets["Sample carrier group"]
        assert screen.query_one("#dwb-name", Input).value == "Sample carrier group"
        assert screen.query_one("#dwb-mfv", Input).value == "500"
        assert text(screen, "#dwb-problem") == (
            "Another fleet is already named 'Sample carrier group'."
        )


@pytest.fixture
def raiders(user):
    """The user's fleet file "Raiders": Open, two cruisers (written before the library reads)."""
    fleet = add_squadron(empty_fleet("Raiders", game=GameType.OPEN), models()["CR"])
    user.mkdir(parents=True)
    (user / "raiders.dw.toml").write_text(format_fleet(fleet), encoding="utf-8")
    return fleet


async def test_the_form_lists_your_fleets_and_forgets_one_deleted_in_the_builder(
    tmp_path,
    raiders,
    fleets,  # noqa: F811
):
    """Your fleet file is in the form's list; deleted in the builder, it leaves the list."""
    assert fleets["Raiders"] == raiders
    app = HexmechApp(tmp_path, first=new_game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        form = app.screen
        assert isinstance(form, DWSetupScreen)
        form.query_one("#dws-fleet-0", Select).value = "Raiders"
        await pilot.pause()
        assert form.chosen[0] == "Raiders"
        await pilot.press("ctrl+b")
        await pilot.pause()
        await pilot.press("ctrl+o")
        await pilot.pause()
        await pilot.press("d")  # Raiders, the first of the list
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        await pilot.press("escape")  # nothing built: back without a question
        await pilot.pause()
        assert app.screen is form
        assert "Raiders" not in form.fleets
        assert form.chosen == ["Sample carrier group", NAVAL]
    assert RULESET.library is not None
    assert "Raiders" not in RULESET.library.fleets


async def test_leaving_a_changed_fleet_asks_first(tmp_path, user, fleets):  # noqa: F811
    """Escape after an edit asks; n stays in the builder, y leaves without a file."""
    app = HexmechApp(tmp_path, first=new_game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+b")
        await pilot.pause()
        await pilot.press(*"Scouts", "escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, FleetBuilderScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, DWSetupScreen)
    assert not user.exists()


async def test_a_carrier_takes_its_wings_and_a_battleship_its_shield(tmp_path, user, fleets):  # noqa: F811
    """DW-20.1: w on the CV, Right: 3 + 3, Space: bombers; DW-23: o, Space buys the BB's shield."""
    app = HexmechApp(tmp_path, first=lambda: builder(user, fleets))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#dwb-roster").focus()
        await pilot.press("enter", "down", "enter", "tab", "up", "w")  # CV, BB; the CV's wings
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, WingsDialog)
        assert "Composition 1 of 9: 5 + 1 recon" in str(dialog.query_one("#dwb-wings").render())
        await pilot.press("right", "space", "escape")
        await pilot.pause()
        carrier = screen.fleet.squadrons[0]
        assert [(w.kind, w.tokens) for w in carrier.wings] == [
            (TinyKind.BOMBER, 3),
            (TinyKind.FIGHTER, 3),
        ]
        rows = screen.query_one("#dwb-fleet")
        assert str(rows.get_option_at_index(0).prompt) == (
            "C 1 Harbour Carrier [3/3 planes], 140 pts"
        )
        await pilot.press("down", "o")
        await pilot.pause()
        await pilot.press("space")
        await pilot.pause()
        shown = app.screen.query_one("#dwb-options").get_option_at_index(0).prompt
        assert str(shown) == "[x] Shield Generator +15 pts"
        await pilot.press("escape")
        await pilot.pause()
        assert screen.fleet.squadrons[1].options == ("shield",)
        assert screen.fleet.points == 140 + 150 + 15
