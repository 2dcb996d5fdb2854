"""The loadout builder: six rows, weapons and armor cycled by key, illegal loadouts refused."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.color import Color
from textual.widgets import Static

from engine.papermech.state import Loadout
from engine.papermech.tables import Mount, Weapon
from tests.tui.fakes import messages
from tui.papermech.loadout import (
    LoadoutBuilderScreen,
    arc_text,
    cycle_weapon,
    penalty_text,
    weapon_lines,
    weapon_stats,
    weight_text,
)
from tui.theme import HEXMECH_THEME, THEMES

SIZE = (80, 24)

MORTAR_ON_LA = "the Mortar cannot be fitted on the left arm (it goes on a shoulder)"


class Host(App[None]):
    """A bare app that pushes one screen and records what it is dismissed with."""

    def __init__(self, screen):
        super().__init__()
        self.first = screen
        self.results = []

    def on_mount(self):
        for theme in THEMES:
            self.register_theme(theme)
        self.theme = HEXMECH_THEME.name
        self.push_screen(self.first, self.results.append)


def text(app, selector):
    """The text of the Static matching ``selector`` on the current screen."""
    return str(app.screen.query_one(selector, Static).render())


def row_text(app, row, part):
    """The text of one part (".lb-choice", ".lb-problem", ...) of a row ("la", "torso", ...)."""
    return text(app, f"#row-{row} {part}")


# ------------------------------------------------------------------ the text beside each row
def test_weapon_text_gives_special_range_weight_armor_and_lines():
    """PM-11: the Missiles row reads like its card."""
    assert weapon_stats(Weapon.MISSILES) == "range L  W 3  armor 3"
    assert weapon_stats(Weapon.WING_SHIELD) == "range -  W 1  armor 4"
    assert weapon_lines(Weapon.MISSILES) == (
        "Single Launch P2 T2 · Multi Launch P4 T3 · Full Salvo P6 T4"
    )


@pytest.mark.parametrize(
    ("mount", "arc"),
    [
        (Mount.LS, "arc 1 2 3 4"),
        (Mount.RS, "arc 3 4 5 6"),
        (Mount.LA, "arc 1 2 3 4 5 RL"),
        (Mount.RA, "arc 2 3 4 5 6 RR"),
    ],
)
def test_arc_text_lists_the_wedges_of_pm_8_4(mount, arc):
    """Each mount's fire arc, in radar order."""
    assert arc_text(mount) == arc


@pytest.mark.parametrize(
    ("loadout", "weight", "penalty"),
    [
        (Loadout(), "W 12 / 12", "no weight penalty"),
        (Loadout(torso=3), "W 10 / 12", "no weight penalty"),
        (Loadout(legs=5), "W 13 / 12", "every action +1 T"),
        (Loadout.parse("LS=mortar legs=5"), "W 16 / 12", "every action +2 T"),
    ],
)
def test_weight_and_penalty_follow_pm_12(loadout, weight, penalty):
    """ceil((W - 12) / 2) above 12 W, nothing at or below."""
    assert weight_text(loadout) == weight
    assert penalty_text(loadout) == penalty


def test_cycling_wraps_around_the_catalogue():
    """Left from the first weapon gives the last, Right from the last the first."""
    first = cycle_weapon(Loadout(), Mount.RS, -1)  # RS carries Missiles, the first weapon
    assert first.weapon(Mount.RS) is Weapon.TOWER_SHIELD
    assert cycle_weapon(first, Mount.RS, 1).weapon(Mount.RS) is Weapon.MISSILES


# ------------------------------------------------------------------ the screen
async def test_starts_on_the_given_loadout_with_the_first_row_highlighted():
    """Every row shows its weapon; the cursor is on the left shoulder; the title is the heading."""
    app = Host(LoadoutBuilderScreen(Loadout(), title="Loadout - battle 2"))
    async with app.run_test(size=SIZE):
        screen = app.screen
        assert isinstance(screen, LoadoutBuilderScreen)
        assert text(app, "#lb-heading") == "Loadout - battle 2"
        assert row_text(app, "ls", ".lb-choice").strip() == "◂ Wing Shield  ▸"
        assert row_text(app, "rs", ".lb-choice").strip() == "Missiles"
        assert row_text(app, "rs", ".lb-special") == "Recoil"
        assert row_text(app, "la", ".lb-arc") == "arc 1 2 3 4 5 RL"
        assert row_text(app, "torso", ".lb-choice").strip() == "armor 5"
        assert screen.query_one("#row-ls").has_class("-current")
        assert text(app, "#lb-weight") == "W 12 / 12"
        assert text(app, "#lb-penalty") == "no weight penalty"


async def test_cycling_a_weapon_changes_the_loadout_weight_and_penalty():
    """Right on the left shoulder: Wing Shield (W 1) becomes Disruptor (W 2), 13 W, +1 T."""
    app = Host(LoadoutBuilderScreen(Loadout()))
    async with app.run_test(size=SIZE) as pilot:
        # Act
        await pilot.press("right")
        # Assert: the loadout, the row and the totals all follow
        assert app.screen.loadout.weapon(Mount.LS) is Weapon.DISRUPTOR
        assert row_text(app, "ls", ".lb-special") == "EMP"
        assert row_text(app, "ls", ".lb-lines").startswith("Scrambler P1 T2")
        assert text(app, "#lb-weight") == "W 13 / 12"
        assert text(app, "#lb-penalty") == "every action +1 T"
        assert app.screen.query_one("#lb-penalty").has_class("-over")
        # Act: two back, past the Wing Shield to the PPC (W 4)
        await pilot.press("left", "left")
        # Assert
        assert app.screen.loadout.weapon(Mount.LS) is Weapon.PPC
        assert text(app, "#lb-weight") == "W 15 / 12"
        assert text(app, "#lb-penalty") == "every action +2 T"


async def test_left_and_right_reach_all_13_weapons_in_catalogue_order():
    """Thirteen presses of Right visit every weapon once and come back."""
    app = Host(LoadoutBuilderScreen(Loadout()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down")  # RS: Missiles, the first of the catalogue
        seen = []
        for _ in range(13):
            seen.append(app.screen.loadout.weapon(Mount.RS))
            await pilot.press("right")
        assert seen == list(Weapon)
        assert app.screen.loadout.weapon(Mount.RS) is Weapon.MISSILES


async def test_an_illegal_pick_is_shown_in_the_error_colour_and_refused():
    """Mortar on the left arm: the row says why, Enter refuses with the reason, nothing returned."""
    app = Host(LoadoutBuilderScreen(Loadout()))
    async with app.run_test(size=SIZE) as pilot:
        # Arrange: LA carries the Laser; the next weapon is the Mortar, shoulder only
        await pilot.press("down", "down", "right")
        screen = app.screen
        row = screen.query_one("#row-la")
        assert screen.loadout.weapon(Mount.LA) is Weapon.MORTAR
        assert row.has_class("-illegal")
        assert row_text(app, "la", ".lb-problem") == f"✗ {MORTAR_ON_LA}"
        error = Color.parse(app.theme_variables["error"])  # $error, as the theme derives it
        assert row.query_one(".lb-problem").styles.color == error
        assert row.query_one(".lb-choice").styles.color == error
        # Act
        await pilot.press("enter")
        # Assert: still building, told why twice (a notice and the message line)
        assert app.screen is screen
        assert app.results == []
        assert messages(app) == [
            "The Mortar cannot be fitted on the left arm (it goes on a shoulder)."
        ]
        assert (
            text(app, "#lb-message")
            == f"Cannot accept: {MORTAR_ON_LA[0].upper()}{MORTAR_ON_LA[1:]}."
        )
        assert screen.query_one("#lb-message").has_class("-error")
        # Act: one more weapon (Machine Gun, fits an arm), then accept
        await pilot.press("right")
        assert text(app, "#lb-message") == ""
        assert not row.has_class("-illegal")
        await pilot.press("enter")
        # Assert
        assert app.results == [Loadout.parse("LA=machine-gun")]


async def test_several_problems_are_counted_in_the_refusal():
    """Two bad mounts: the message names the first and counts the other."""
    bad = Loadout((Weapon.FIST, Weapon.MISSILES, Weapon.MORTAR, Weapon.FIST))
    app = Host(LoadoutBuilderScreen(bad))
    async with app.run_test(size=SIZE) as pilot:
        assert app.screen.query_one("#row-ls").has_class("-illegal")
        assert app.screen.query_one("#row-la").has_class("-illegal")
        await pilot.press("enter")
        assert app.results == []
        assert text(app, "#lb-message").endswith("(and 1 more problem)")


async def test_armor_goes_from_3_to_5_and_no_further():
    """PM-12: torso and legs armor stop at 3 and 5; each point above 3 weighs 1 W."""
    app = Host(LoadoutBuilderScreen(Loadout()))
    async with app.run_test(size=SIZE) as pilot:
        # Act: torso (5) up, which it cannot go
        await pilot.press("down", "down", "down", "down", "right")
        assert app.screen.loadout.torso == 5
        assert row_text(app, "torso", ".lb-choice").strip() == "◂ armor 5"
        # Act: down as far as it goes
        await pilot.press("left", "left", "left", "left")
        assert app.screen.loadout.torso == 3
        assert row_text(app, "torso", ".lb-choice").strip() == "armor 3 ▸"
        assert text(app, "#lb-weight") == "W 10 / 12"
        # Act: legs (4) to the top
        await pilot.press("down", "right", "right", "right")
        assert app.screen.loadout.legs == 5
        await pilot.press("enter")
    assert app.results == [Loadout(torso=3, legs=5)]


async def test_the_cursor_stops_at_the_first_and_last_rows():
    """Up on the first row and Down on the last stay put."""
    app = Host(LoadoutBuilderScreen(Loadout()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("up")
        assert app.screen.cursor == 0
        await pilot.press(*["down"] * 8)
        assert app.screen.cursor == 5
        assert app.screen.query_one("#row-legs").has_class("-current")
        assert not app.screen.query_one("#row-ls").has_class("-current")


async def test_the_detail_line_explains_the_highlighted_choice():
    """The special of the weapon under the cursor, or what armor does."""
    app = Host(LoadoutBuilderScreen(Loadout()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down")
        assert text(app, "#lb-detail").startswith("Missiles, Recoil: a hit pushes")
        await pilot.press("down", "down", "down")
        assert text(app, "#lb-detail").startswith("Torso armor 3-5")


async def test_escape_returns_none_whatever_was_changed():
    """Cancel: the caller keeps its loadout."""
    app = Host(LoadoutBuilderScreen(Loadout()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right", "down", "right", "escape")
    assert app.results == [None]


async def test_enter_returns_the_loadout_built():
    """Two changes, then Enter: the new loadout comes back."""
    app = Host(LoadoutBuilderScreen(Loadout()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "right", "down", "down", "down", "left", "enter")
    assert app.results == [Loadout.parse("RS=rifle torso=4")]


async def test_d_goes_back_to_the_default_loadout():
    """PM-11.2: `d` undoes every change at once."""
    start = Loadout.parse("LS=mortar RA=tower-shield torso=3")
    app = Host(LoadoutBuilderScreen(start))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        assert app.screen.loadout == Loadout()
        assert text(app, "#lb-message") == "Default loadout (PM-11.2)."
        await pilot.press("enter")
    assert app.results == [Loadout()]


async def test_clicking_a_row_highlights_it():
    """The mouse can pick a row too."""
    app = Host(LoadoutBuilderScreen(Loadout()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#row-ra .lb-stats")
        assert app.screen.cursor == 3


def test_loadout_builder_at_100x30(snap_compare):
    """The Mortar on the left arm: the row in the error colour with its reason, the weight over."""
    app = Host(LoadoutBuilderScreen(Loadout(), title="Loadout - new game"))
    assert snap_compare(app, press=["down", "down", "right"], terminal_size=(100, 30))
