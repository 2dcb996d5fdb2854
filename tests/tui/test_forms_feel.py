"""Issue 13 item 8: the new-game forms remember, keep what was typed, and say why they refuse.

The Paper 'Mech form remembers the pilot and the mode for the session; after the loadout editor
Up and Down still move between fields and the text typed is kept; the editor says why armor stops
at 5 (PM-12) and takes the first Right (or a click on an arrow) at once; BattleTech asks before a
'Mech deploys into Depth 2 water (BT-M-8.5).
"""

from __future__ import annotations

import datetime as dt
from datetime import UTC, datetime

import attrs
from textual.widgets import Input, Static

from engine.battletech.board import Terrain
from engine.battletech.state import BTSetup, Pilot, UnitSetup
from engine.hexes import Hex
from engine.papermech.state import Loadout
from engine.papermech.tables import Mount, Weapon
from tests.engine.battletech._build import design, terrain_board
from tests.tui.test_loadout_builder import Host
from tui.app import HexmechApp
from tui.battletech.games import start_game
from tui.battletech.screen import BattleTechScreen
from tui.battletech.setup import BTStart, deploy_warning
from tui.papermech.loadout import NAME_WIDTH, LoadoutBuilderScreen
from tui.papermech.screen import NewPaperGame
from tui.papermech.setup import FormMemory, PaperSetupScreen, remembered
from tui.screens.confirm import ConfirmScreen

SIZE = (80, 24)
TODAY = dt.date(2026, 11, 21)


def paper_form(pilot=None):
    return PaperSetupScreen(today=TODAY, random_seed=5, pilot=pilot)


def field(app, selector):
    return app.screen.query_one(selector)


def pilot_name(app):
    return app.screen.query_one("#ps-pilot", Input).value


# ---------------------------------------------------------------- the Paper 'Mech form remembers
async def test_the_next_form_starts_with_the_last_pilot_and_campaign() -> None:
    """A game started as Zed, campaign of 4: the next new game's form has both."""
    app = Host(paper_form())
    async with app.run_test(size=SIZE) as pilot:
        assert pilot_name(app) == "Pilot"  # nothing remembered yet
        assert remembered(app) is None
        # Act: name typed over the selected default, campaign of 4 battles, start
        await pilot.press(*"Zed", "down", "right", "down", "right")
        await pilot.press("ctrl+s")
        assert app.results[-1].setup.battles == 4
        assert remembered(app) == FormMemory("Zed", 4)
        # Act: the next new game
        app.push_screen(paper_form(), app.results.append)
        await pilot.pause()
        # Assert
        assert pilot_name(app) == "Zed"
        assert field(app, "#ps-mode").index == 1
        assert field(app, "#ps-battles").value == "4"
        await pilot.press("ctrl+s")
        assert app.results[-1].setup.pilot == "Zed"
        assert app.results[-1].setup.battles == 4


async def test_a_cancelled_form_remembers_nothing_and_a_single_game_is_remembered_too() -> None:
    """Escape keeps the memory as it was; the mode goes back to single when that was played."""
    app = Host(paper_form())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"Ann", "ctrl+s")
        assert remembered(app) == FormMemory("Ann", 1)
        app.push_screen(paper_form(), app.results.append)
        await pilot.pause()
        await pilot.press(*"Bob", "escape")
        assert remembered(app) == FormMemory("Ann", 1)
        app.push_screen(paper_form(), app.results.append)
        await pilot.pause()
        assert pilot_name(app) == "Ann"
        assert field(app, "#ps-mode").index == 0


def test_the_menus_new_game_form_uses_the_session_memory() -> None:
    """The menu's form is made without a pilot, so the remembered one fills it."""
    form = NewPaperGame(today=TODAY, seed=1).setup_form()
    assert isinstance(form, PaperSetupScreen)
    assert form.pilot is None


# ---------------------------------------------------------------- back from the loadout editor
async def test_after_the_loadout_editor_typing_goes_on_and_up_down_move() -> None:
    """Ctrl+L from the name, Right, Enter: the name keeps its text, typing adds, Down moves."""
    app = Host(paper_form())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"Ann", "ctrl+l")
        assert isinstance(app.screen, LoadoutBuilderScreen)
        await pilot.press("right", "enter")
        assert isinstance(app.screen, PaperSetupScreen)
        assert app.screen.loadout.weapon(Mount.LS) is not Weapon.WING_SHIELD
        assert app.screen.focused.id == "ps-pilot"
        await pilot.press("x")
        assert pilot_name(app) == "Annx"
        await pilot.press("down")
        assert app.screen.focused.id == "ps-mode"
        await pilot.press("up", "y")  # back to the name: the text stays, the cursor at its end
        assert app.screen.focused.id == "ps-pilot"
        assert pilot_name(app) == "Annxy"


async def test_after_the_editor_opened_by_its_button_up_and_down_still_move() -> None:
    """Down to the Edit button, Enter, Escape: the button has the focus again, Up goes on."""
    app = Host(paper_form())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "down", "down", "down")
        assert app.screen.focused.id == "ps-edit"
        await pilot.press("enter")
        assert isinstance(app.screen, LoadoutBuilderScreen)
        await pilot.press("escape")
        assert app.screen.focused.id == "ps-edit"
        await pilot.press("up")
        assert app.screen.focused.id == "ps-undo"
        await pilot.press("down", "down")
        assert app.screen.focused.id == "ps-start"


# ---------------------------------------------------------------- the loadout editor
def message(app):
    return str(app.screen.query_one("#lb-message", Static).render())


async def test_torso_armor_at_5_says_the_limit_and_the_rule() -> None:
    """PM-12: Right at 5 armor changes nothing and says why; a real change clears the line."""
    app = Host(LoadoutBuilderScreen(Loadout()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "down", "down", "down")  # the torso row, armor 5
        assert app.screen.loadout.torso == 5
        await pilot.press("right")
        assert app.screen.loadout.torso == 5
        assert message(app) == (
            "Torso armor is at its maximum, 5 (PM-12: base 3, each point above it weighs 1 W, "
            "at most 5)."
        )
        await pilot.press("left")
        assert app.screen.loadout.torso == 4
        assert message(app) == ""
        await pilot.press("down", "left", "left", "left")  # legs 4 -> 3, then the floor
        assert app.screen.loadout.legs == 3
        assert message(app).startswith("Legs armor is at its minimum, 3 (PM-12:")


async def test_the_first_right_on_a_mount_changes_its_weapon() -> None:
    """Opened from the form, the very first Right changes the highlighted mount."""
    app = Host(paper_form())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+l", "right")
        assert app.screen.loadout.weapon(Mount.LS) is Weapon.DISRUPTOR  # after the Wing Shield


async def test_a_click_on_an_arrow_changes_the_weapon_at_once() -> None:
    """A click on ▸ of another row highlights it and changes it: not a wasted first click."""
    app = Host(LoadoutBuilderScreen(Loadout()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#row-rs .lb-choice", offset=(NAME_WIDTH + 2, 0))
        assert app.screen.cursor == 1
        assert app.screen.loadout.weapon(Mount.RS) is Weapon.RIFLE  # after the Missiles
        await pilot.click("#row-rs .lb-choice", offset=(0, 0))
        assert app.screen.loadout.weapon(Mount.RS) is Weapon.MISSILES
        await pilot.click("#row-la .lb-choice", offset=(6, 0))  # the name: highlight only
        assert app.screen.cursor == 2
        assert app.screen.loadout.weapon(Mount.LA) is Weapon.LASER


# ---------------------------------------------------------------- BattleTech: deep water
DEEP, SHALLOW = Hex.from_label("0302"), Hex.from_label("0402")


def water_game(saves):
    """Two 'Mechs to deploy; Depth 2 water at 0302 and Depth 1 at 0402, both in Blue's zone."""
    board = terrain_board(10, 10, h0302=Terrain(water=2), h0402=Terrain(water=1))
    setup = BTSetup(
        board,
        ("Blue", "Red"),
        (
            UnitSetup(design(name="Griffin"), 0, Pilot("Kell", 4, 5)),
            UnitSetup(design(name="Jenner"), 1, Pilot("Ito", 4, 5)),
        ),
        title="Water",
    )
    return start_game(BTStart(setup, 3), saves, now=datetime(2026, 11, 27, tzinfo=UTC))


def test_the_warning_names_the_depth_and_the_rules(tmp_path) -> None:
    """BT-M-8.5 / BT-M-20.4; no question for Depth 1, a hex outside the zone, or ice."""
    state = water_game(tmp_path).game.state
    blue = next(i for i, u in enumerate(state.units) if u.side == 0)
    question = deploy_warning(state, blue, DEEP)
    assert question == (
        "0302 is Depth 2 water: it covers the Griffin T-50, which then can neither fire nor be "
        "fired at (BT-M-8.5) and cannot jump out (BT-M-20.4).\nDeploy there anyway?"
    )
    assert deploy_warning(state, blue, SHALLOW) is None
    far = Hex.from_label("0309")
    deep_far = attrs.evolve(state, board=state.board.replace(far, Terrain(water=2)))
    assert deploy_warning(deep_far, blue, far) is None  # outside Blue's zone: the engine refuses
    iced = attrs.evolve(state, board=state.board.replace(DEEP, Terrain(water=2, ice=True)))
    assert deploy_warning(iced, blue, DEEP) is None


async def test_deploying_into_depth_2_water_asks_first(tmp_path) -> None:
    """Enter on Depth 2 water: a question; No deploys nothing, Yes deploys there."""
    journal = water_game(tmp_path)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(BattleTechScreen(journal=journal))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleTechScreen)
        blue = screen.selected
        screen.board.set_cursor(DEEP)
        await pilot.press("enter")
        assert isinstance(app.screen, ConfirmScreen)
        assert "Depth 2 water" in app.screen.question
        await pilot.press("n")
        assert app.screen is screen
        assert screen.game.state.units[blue].hex is None
        await pilot.press("enter")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        assert app.screen is screen
        assert screen.game.state.units[blue].hex == DEEP
